// EXPECT: 3:8: error: unexpected character '\'
func.func @f() {
  %a = \ arith.constant 1 : i32
  return
}
