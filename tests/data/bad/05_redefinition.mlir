// EXPECT: 4:3: error: redefinition of SSA value '%a'
func.func @f() {
  %a = arith.constant 1 : i32
  %a = arith.constant 2 : i32
  return
}
