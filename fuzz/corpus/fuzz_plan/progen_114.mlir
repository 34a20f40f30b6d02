#map0 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @f(%x0: tensor<31x8xf32>, %w1: tensor<31x32xf32>, %r2: tensor<8x32xf32>) -> tensor<8x32xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<8x32xf32>
    %z2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %mm3 = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%x0, %w1 : tensor<31x8xf32>, tensor<31x32xf32>) outs(%z2 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %e4 = tensor.empty() : tensor<8x32xf32>
    %ep5 = linalg.generic {indexing_maps = [#map0, #map0, #map0], iterator_types = ["parallel", "parallel"]} ins(%mm3, %r2 : tensor<8x32xf32>, tensor<8x32xf32>) outs(%e4 : tensor<8x32xf32>) {
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
      %t14 = arith.constant 7.071067800e-01 : f32
      %t15 = arith.mulf %t13, %t14 : f32
      %t16 = math.erf %t15 : f32
      %t17 = arith.constant 1.000000e+00 : f32
      %t18 = arith.addf %t16, %t17 : f32
      %t19 = arith.constant 5.000000e-01 : f32
      %t20 = arith.mulf %t13, %t19 : f32
      %t21 = arith.mulf %t20, %t18 : f32
      %t22 = arith.constant 7.071067800e-01 : f32
      %t23 = arith.mulf %t21, %t22 : f32
      %t24 = math.erf %t23 : f32
      %t25 = arith.constant 1.000000e+00 : f32
      %t26 = arith.addf %t24, %t25 : f32
      %t27 = arith.constant 5.000000e-01 : f32
      %t28 = arith.mulf %t21, %t27 : f32
      %t29 = arith.mulf %t28, %t26 : f32
      linalg.yield %t29 : f32
    } -> tensor<8x32xf32>
    return %ep5 : tensor<8x32xf32>
  }
}
