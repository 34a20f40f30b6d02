// EXPECT: 3:8: error: unsupported operation 'arith.frobnicate'
func.func @f(%a: f32) -> f32 {
  %b = arith.frobnicate %a : f32
  return %b : f32
}
