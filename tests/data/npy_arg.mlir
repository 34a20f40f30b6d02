// One 2x3 f32 argument, doubled: the function the .npy input tests feed.
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @double(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %e = tensor.empty() : tensor<2x3xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %d = arith.addf %in, %in : f32
    linalg.yield %d : f32
  } -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}
