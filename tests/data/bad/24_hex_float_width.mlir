// EXPECT: 3:23: error: hexadecimal float literal does not fit in f32
func.func @f() -> f32 {
  %c = arith.constant 0x1234567890 : f32
  return %c : f32
}
