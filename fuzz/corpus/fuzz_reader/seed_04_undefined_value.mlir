// EXPECT: 3:19: error: use of undefined value '%x'
func.func @f(%a: f32) -> f32 {
  %b = arith.addf %x, %a : f32
  return %b : f32
}
