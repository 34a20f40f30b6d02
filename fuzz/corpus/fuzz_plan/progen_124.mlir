#map0 = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @f(%x0: tensor<3x1xf32>, %w1: tensor<17x1xf32>, %b2: tensor<17xf32>, %b3: tensor<17xf32>, %w4: tensor<16x17xf32>) -> tensor<3x16xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<3x17xf32>
    %z2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<3x17xf32>) -> tensor<3x17xf32>
    %mm3 = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%x0, %w1 : tensor<3x1xf32>, tensor<17x1xf32>) outs(%z2 : tensor<3x17xf32>) -> tensor<3x17xf32>
    %e4 = tensor.empty() : tensor<3x17xf32>
    %ep5 = linalg.generic {indexing_maps = [#map0, #map1, #map1, #map0], iterator_types = ["parallel", "parallel"]} ins(%mm3, %b2, %b3 : tensor<3x17xf32>, tensor<17xf32>, tensor<17xf32>) outs(%e4 : tensor<3x17xf32>) {
    ^bb0(%in0: f32, %in1: f32, %in2: f32, %out: f32):
      %t0 = arith.addf %in0, %in1 : f32
      %t1 = arith.subf %t0, %in2 : f32
      linalg.yield %t1 : f32
    } -> tensor<3x17xf32>
    %e6 = tensor.empty() : tensor<3x16xf32>
    %z7 = linalg.fill ins(%zero : f32) outs(%e6 : tensor<3x16xf32>) -> tensor<3x16xf32>
    %mm8 = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%ep5, %w4 : tensor<3x17xf32>, tensor<16x17xf32>) outs(%z7 : tensor<3x16xf32>) -> tensor<3x16xf32>
    %e9 = tensor.empty() : tensor<3x16xf32>
    %ep10 = linalg.generic {indexing_maps = [#map0, #map0], iterator_types = ["parallel", "parallel"]} ins(%mm8 : tensor<3x16xf32>) outs(%e9 : tensor<3x16xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %t0 = arith.constant 7.071067800e-01 : f32
      %t1 = arith.mulf %in0, %t0 : f32
      %t2 = math.erf %t1 : f32
      %t3 = arith.constant 1.000000e+00 : f32
      %t4 = arith.addf %t2, %t3 : f32
      %t5 = arith.constant 5.000000e-01 : f32
      %t6 = arith.mulf %in0, %t5 : f32
      %t7 = arith.mulf %t6, %t4 : f32
      linalg.yield %t7 : f32
    } -> tensor<3x16xf32>
    return %ep10 : tensor<3x16xf32>
  }
}
