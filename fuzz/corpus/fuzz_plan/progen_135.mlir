#map0 = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @f(%x0: tensor<7x17xf32>, %w1: tensor<7x31xf32>, %w2: tensor<5x31xf32>, %b3: tensor<5xf32>) -> tensor<17x5xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<17x31xf32>
    %z2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<17x31xf32>) -> tensor<17x31xf32>
    %mm3 = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%x0, %w1 : tensor<7x17xf32>, tensor<7x31xf32>) outs(%z2 : tensor<17x31xf32>) -> tensor<17x31xf32>
    %e4 = tensor.empty() : tensor<17x31xf32>
    %ep5 = linalg.generic {indexing_maps = [#map0, #map0], iterator_types = ["parallel", "parallel"]} ins(%mm3 : tensor<17x31xf32>) outs(%e4 : tensor<17x31xf32>) {
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
    } -> tensor<17x31xf32>
    %e6 = tensor.empty() : tensor<17x5xf32>
    %z7 = linalg.fill ins(%zero : f32) outs(%e6 : tensor<17x5xf32>) -> tensor<17x5xf32>
    %mm8 = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%ep5, %w2 : tensor<17x31xf32>, tensor<5x31xf32>) outs(%z7 : tensor<17x5xf32>) -> tensor<17x5xf32>
    %e9 = tensor.empty() : tensor<17x5xf32>
    %ep10 = linalg.generic {indexing_maps = [#map0, #map1, #map0], iterator_types = ["parallel", "parallel"]} ins(%mm8, %b3 : tensor<17x5xf32>, tensor<5xf32>) outs(%e9 : tensor<17x5xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %t0 = arith.mulf %in0, %in0 : f32
      %t1 = arith.mulf %t0, %in0 : f32
      %t2 = arith.constant 4.471500000e-02 : f32
      %t3 = arith.mulf %t1, %t2 : f32
      %t4 = arith.addf %in0, %t3 : f32
      %t5 = arith.constant 7.978845608e-01 : f32
      %t6 = arith.mulf %t4, %t5 : f32
      %t7 = math.tanh %t6 : f32
      %t8 = arith.constant 1.000000e+00 : f32
      %t9 = arith.addf %t7, %t8 : f32
      %t10 = arith.constant 5.000000e-01 : f32
      %t11 = arith.mulf %in0, %t10 : f32
      %t12 = arith.mulf %t11, %t9 : f32
      %t13 = arith.addf %t12, %in1 : f32
      linalg.yield %t13 : f32
    } -> tensor<17x5xf32>
    return %ep10 : tensor<17x5xf32>
  }
}
