#map0 = affine_map<(d0, d1, d2) -> (d2, d0)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @f(%x0: tensor<3x8xf32>, %w1: tensor<3x32xf32>, %b2: tensor<32xf32>) -> tensor<8x32xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<8x32xf32>
    %z2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %mm3 = linalg.generic {indexing_maps = [#map0, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x0, %w1 : tensor<3x8xf32>, tensor<3x32xf32>) outs(%z2 : tensor<8x32xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<8x32xf32>
    %e4 = tensor.empty() : tensor<8x32xf32>
    %ep5 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%mm3, %b2 : tensor<8x32xf32>, tensor<32xf32>) outs(%e4 : tensor<8x32xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %t0 = arith.addf %in0, %in1 : f32
      %t1 = arith.constant 0.000000e+00 : f32
      %t2 = arith.maxnumf %t0, %t1 : f32
      linalg.yield %t2 : f32
    } -> tensor<8x32xf32>
    return %ep5 : tensor<8x32xf32>
  }
}
