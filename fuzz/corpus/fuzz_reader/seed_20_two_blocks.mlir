// EXPECT: 4:1: error: regions with more than one block are not supported
func.func @f(%a: f32) -> f32 {
  %b = arith.addf %a, %a : f32
^bb1:
  return %b : f32
}
