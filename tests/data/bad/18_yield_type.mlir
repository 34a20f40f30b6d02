// EXPECT: 5:8: error: 'linalg.generic' op body yields f64 for output #0 of element type f32
#id = affine_map<(d0) -> (d0)>
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %d = arith.extf %x : f32 to f64
    linalg.yield %d : f64
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
