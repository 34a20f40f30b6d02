// EXPECT: 3:8: error: 'arith.addf' op operand #1 has type f64, the result has type f32
func.func @f(%a: f32, %b: f64) -> f32 {
  %c = arith.addf %a, %b : f32
  return %c : f32
}
