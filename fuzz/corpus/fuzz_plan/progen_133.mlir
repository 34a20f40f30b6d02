module {
  func.func @f(%x0: tensor<33x8xf32>, %w1: tensor<33x7xf32>, %b2: tensor<7xf32>, %r3: tensor<8x7xf32>, %w4: tensor<7x7xf32>) -> tensor<8x7xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<8x7xf32>
    %z2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<8x7xf32>) -> tensor<8x7xf32>
    %mm3 = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%x0, %w1 : tensor<33x8xf32>, tensor<33x7xf32>) outs(%z2 : tensor<8x7xf32>) -> tensor<8x7xf32>
    %e4 = tensor.empty() : tensor<8x7xf32>
    %ep5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm3, %b2, %r3 : tensor<8x7xf32>, tensor<7xf32>, tensor<8x7xf32>) outs(%e4 : tensor<8x7xf32>) {
    ^bb0(%in0: f32, %in1: f32, %in2: f32, %out: f32):
      %t0 = arith.addf %in0, %in1 : f32
      %t1 = arith.addf %t0, %in2 : f32
      %t2 = arith.mulf %t1, %t1 : f32
      %t3 = arith.mulf %t2, %t1 : f32
      %t4 = arith.constant 4.471500000e-02 : f32
      %t5 = arith.mulf %t3, %t4 : f32
      %t6 = arith.addf %t1, %t5 : f32
      %t7 = arith.constant 7.978845608e-01 : f32
      %t8 = arith.mulf %t6, %t7 : f32
      %t9 = math.tanh %t8 : f32
      %t10 = arith.constant 1.000000e+00 : f32
      %t11 = arith.addf %t9, %t10 : f32
      %t12 = arith.constant 5.000000e-01 : f32
      %t13 = arith.mulf %t1, %t12 : f32
      %t14 = arith.mulf %t13, %t11 : f32
      %t15 = arith.mulf %t14, %t14 : f32
      %t16 = arith.mulf %t15, %t14 : f32
      %t17 = arith.constant 4.471500000e-02 : f32
      %t18 = arith.mulf %t16, %t17 : f32
      %t19 = arith.addf %t14, %t18 : f32
      %t20 = arith.constant 7.978845608e-01 : f32
      %t21 = arith.mulf %t19, %t20 : f32
      %t22 = math.tanh %t21 : f32
      %t23 = arith.constant 1.000000e+00 : f32
      %t24 = arith.addf %t22, %t23 : f32
      %t25 = arith.constant 5.000000e-01 : f32
      %t26 = arith.mulf %t14, %t25 : f32
      %t27 = arith.mulf %t26, %t24 : f32
      linalg.yield %t27 : f32
    } -> tensor<8x7xf32>
    %e6 = tensor.empty() : tensor<8x7xf32>
    %z7 = linalg.fill ins(%zero : f32) outs(%e6 : tensor<8x7xf32>) -> tensor<8x7xf32>
    %mm8 = linalg.matmul ins(%ep5, %w4 : tensor<8x7xf32>, tensor<7x7xf32>) outs(%z7 : tensor<8x7xf32>) -> tensor<8x7xf32>
    %e9 = tensor.empty() : tensor<8x7xf32>
    %ep10 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm8 : tensor<8x7xf32>) outs(%e9 : tensor<8x7xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %t0 = arith.constant 7.071067800e-01 : f32
      %t1 = arith.mulf %in0, %t0 : f32
      %t2 = math.erf %t1 : f32
      %t3 = arith.constant 1.000000e+00 : f32
      %t4 = arith.addf %t2, %t3 : f32
      %t5 = arith.constant 5.000000e-01 : f32
      %t6 = arith.mulf %in0, %t5 : f32
      %t7 = arith.mulf %t6, %t4 : f32
      %t8 = arith.constant 0.000000e+00 : f32
      %t9 = arith.maximumf %t7, %t8 : f32
      linalg.yield %t9 : f32
    } -> tensor<8x7xf32>
    return %ep10 : tensor<8x7xf32>
  }
}
