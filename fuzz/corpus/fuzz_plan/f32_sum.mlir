// The sequential row-major f32 sum of a 256x1024 tensor and its bits (the
// checksum mlp3_main.mlir prints).
#id = affine_map<(d0, d1) -> (d0, d1)>
#scalar = affine_map<(d0, d1) -> ()>
func.func @sum(%y: tensor<256x1024xf32>) -> (f32, i32) {
  %zf = arith.constant 0.000000e+00 : f32
  %se = tensor.empty() : tensor<f32>
  %s0 = linalg.fill ins(%zf : f32) outs(%se : tensor<f32>) -> tensor<f32>
  %sum = linalg.generic {indexing_maps = [#id, #scalar], iterator_types = ["reduction", "reduction"]}
      ins(%y : tensor<256x1024xf32>) outs(%s0 : tensor<f32>) {
  ^bb0(%in: f32, %out: f32):
    %q = arith.addf %in, %out : f32
    linalg.yield %q : f32
  } -> tensor<f32>
  %v = tensor.extract %sum[] : tensor<f32>
  %bits = arith.bitcast %v : f32 to i32
  return %v, %bits : f32, i32
}
