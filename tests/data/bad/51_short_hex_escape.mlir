// EXPECT: 5:5: error: unknown escape in string literal
func.func @f(%x: i1) {
  // a NUL is \00 (two hex digits); one digit is not an escape
  cf.assert %x, 
  "x\0"
  return
}
