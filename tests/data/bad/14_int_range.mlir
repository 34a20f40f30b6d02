// EXPECT: 3:23: error: integer constant out of range for type i8
func.func @f() -> i8 {
  %c = arith.constant 256 : i8
  return %c : i8
}
