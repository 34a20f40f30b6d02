// EXPECT: 8:38: error: expected ')' after the result types, found '{'
#m = affine_map<(d0) -> (d0)>
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r:2 = linalg.generic {indexing_maps = [#m, #m, #m], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%e, %e : tensor<4xf32>, tensor<4xf32>) {
  ^bb0(%a: f32, %o: f32, %p: f32):
    linalg.yield %a, %a : f32, f32
  } -> (tensor<4xf32>, tensor<4xf32> {
  return %r#0 : tensor<4xf32>
}
