// EXPECT: 3:33: error: the exponent's type does not match its operand's
func.func @f(%a: f32, %n: i64) -> f32 {
  %c = math.fpowi %a, %n : f32, i32
  return %c : f32
}
