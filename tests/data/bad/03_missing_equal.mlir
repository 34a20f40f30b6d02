// EXPECT: 3:6: error: expected '=', found 'arith.constant'
func.func @f() {
  %a arith.constant 1 : i32
  return
}
