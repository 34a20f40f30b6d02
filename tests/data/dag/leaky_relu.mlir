// LeakyReLU as torch-mlir writes it: max(x,0) + a*min(x,0), two branches of %x that meet again
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @f(%x: tensor<4x5xf32>) -> tensor<4x5xf32> {
  %z = arith.constant 0.0 : f32
  %a = arith.constant 0.1 : f32
  %0 = tensor.empty() : tensor<4x5xf32>
  %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x5xf32>) outs(%0 : tensor<4x5xf32>) {
  ^bb0(%in: f32, %out: f32):
    %5 = arith.maximumf %in, %z : f32
    linalg.yield %5 : f32
  } -> tensor<4x5xf32>
  %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x5xf32>) outs(%0 : tensor<4x5xf32>) {
  ^bb0(%in: f32, %out: f32):
    %5 = arith.minimumf %in, %z : f32
    %6 = arith.mulf %5, %a : f32
    linalg.yield %6 : f32
  } -> tensor<4x5xf32>
  %4 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%1, %2 : tensor<4x5xf32>, tensor<4x5xf32>) outs(%0 : tensor<4x5xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %5 = arith.addf %in, %in_1 : f32
    linalg.yield %5 : f32
  } -> tensor<4x5xf32>
  return %4 : tensor<4x5xf32>
}
