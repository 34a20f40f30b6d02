// EXPECT: 2:1: error: 'func.func' op body of '@f' must end with return
func.func @f(%a: f32) -> f32 {
  %b = arith.addf %a, %a : f32
}
