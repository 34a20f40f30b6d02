// EXPECT: 4:1: error: expected '}' to close the region, found end of file
func.func @f(%a: f32) -> f32 {
  %b = arith.addf %a, %a : f32
