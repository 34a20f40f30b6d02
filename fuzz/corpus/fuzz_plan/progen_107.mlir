module {
  func.func @f(%x0: tensor<33x32xf32>, %w1: tensor<17x32xf32>, %r2: tensor<33x17xf32>) -> tensor<33x17xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %zs1 = arith.constant dense<0.000000e+00> : tensor<33x17xf32>
    %mm2 = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%x0, %w1 : tensor<33x32xf32>, tensor<17x32xf32>) outs(%zs1 : tensor<33x17xf32>) -> tensor<33x17xf32>
    %e3 = tensor.empty() : tensor<33x17xf32>
    %ep4 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm2, %r2 : tensor<33x17xf32>, tensor<33x17xf32>) outs(%e3 : tensor<33x17xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %t0 = arith.addf %in0, %in1 : f32
      %t1 = arith.mulf %t0, %t0 : f32
      %t2 = arith.mulf %t1, %t0 : f32
      %t3 = arith.constant 4.471500000e-02 : f32
      %t4 = arith.mulf %t2, %t3 : f32
      %t5 = arith.addf %t0, %t4 : f32
      %t6 = arith.constant 7.978845608e-01 : f32
      %t7 = arith.mulf %t5, %t6 : f32
      %t8 = math.tanh %t7 : f32
      %t9 = arith.constant 1.000000e+00 : f32
      %t10 = arith.addf %t8, %t9 : f32
      %t11 = arith.constant 5.000000e-01 : f32
      %t12 = arith.mulf %t0, %t11 : f32
      %t13 = arith.mulf %t12, %t10 : f32
      %t14 = arith.mulf %t13, %t13 : f32
      %t15 = arith.mulf %t14, %t13 : f32
      %t16 = arith.constant 4.471500000e-02 : f32
      %t17 = arith.mulf %t15, %t16 : f32
      %t18 = arith.addf %t13, %t17 : f32
      %t19 = arith.constant 7.978845608e-01 : f32
      %t20 = arith.mulf %t18, %t19 : f32
      %t21 = math.tanh %t20 : f32
      %t22 = arith.constant 1.000000e+00 : f32
      %t23 = arith.addf %t21, %t22 : f32
      %t24 = arith.constant 5.000000e-01 : f32
      %t25 = arith.mulf %t13, %t24 : f32
      %t26 = arith.mulf %t25, %t23 : f32
      linalg.yield %t26 : f32
    } -> tensor<33x17xf32>
    return %ep4 : tensor<33x17xf32>
  }
}
