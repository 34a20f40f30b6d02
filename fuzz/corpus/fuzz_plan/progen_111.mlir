#map0 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @f(%x0: tensor<8x15xf32>, %w1: tensor<15x13xf32>, %b2: tensor<13xf32>) -> tensor<8x13xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %zs1 = arith.constant dense<0.000000e+00> : tensor<8x13xf32>
    %mm2 = linalg.generic {indexing_maps = [#map0, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x0, %w1 : tensor<8x15xf32>, tensor<15x13xf32>) outs(%zs1 : tensor<8x13xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<8x13xf32>
    %cscale3 = arith.constant -1.500000000e+00 : f32
    %e4 = tensor.empty() : tensor<8x13xf32>
    %ep5 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%mm2, %b2 : tensor<8x13xf32>, tensor<13xf32>) outs(%e4 : tensor<8x13xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %t0 = arith.truncf %in0 : f32 to bf16
      %t1 = arith.extf %t0 : bf16 to f32
      %t2 = arith.mulf %t1, %cscale3 : f32
      %t3 = arith.constant 0.000000e+00 : f32
      %t4 = arith.cmpf ugt, %t2, %t3 : f32
      %t5 = arith.select %t4, %t2, %t3 : f32
      %t6 = arith.subf %t5, %in1 : f32
      linalg.yield %t6 : f32
    } -> tensor<8x13xf32>
    return %ep5 : tensor<8x13xf32>
  }
}
