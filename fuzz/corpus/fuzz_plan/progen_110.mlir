module {
  func.func @f(%x0: tensor<17x5xf32>, %w1: tensor<5x2xf32>, %b2: tensor<2xf32>, %w3: tensor<8x2xf32>) -> tensor<17x8xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<17x2xf32>
    %z2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<17x2xf32>) -> tensor<17x2xf32>
    %mm3 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x0, %w1 : tensor<17x5xf32>, tensor<5x2xf32>) outs(%z2 : tensor<17x2xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<17x2xf32>
    %e4 = tensor.empty() : tensor<17x2xf32>
    %ep5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm3 : tensor<17x2xf32>) outs(%e4 : tensor<17x2xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %t0 = arith.truncf %in0 : f32 to bf16
      %t1 = arith.extf %t0 : bf16 to f32
      linalg.yield %t1 : f32
    } -> tensor<17x2xf32>
    %e6 = tensor.empty() : tensor<17x2xf32>
    %ep7 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ep5, %b2 : tensor<17x2xf32>, tensor<2xf32>) outs(%e6 : tensor<17x2xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %t0 = arith.constant 7.071067800e-01 : f32
      %t1 = arith.mulf %in0, %t0 : f32
      %t2 = math.erf %t1 : f32
      %t3 = arith.constant 1.000000e+00 : f32
      %t4 = arith.addf %t2, %t3 : f32
      %t5 = arith.constant 5.000000e-01 : f32
      %t6 = arith.mulf %in0, %t5 : f32
      %t7 = arith.mulf %t6, %t4 : f32
      %t8 = arith.addf %t7, %in1 : f32
      linalg.yield %t8 : f32
    } -> tensor<17x2xf32>
    %e8 = tensor.empty() : tensor<17x8xf32>
    %z9 = linalg.fill ins(%zero : f32) outs(%e8 : tensor<17x8xf32>) -> tensor<17x8xf32>
    %mm10 = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%ep7, %w3 : tensor<17x2xf32>, tensor<8x2xf32>) outs(%z9 : tensor<17x8xf32>) -> tensor<17x8xf32>
    %cscale11 = arith.constant 1.250000000e-01 : f32
    %e12 = tensor.empty() : tensor<17x8xf32>
    %ep13 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm10 : tensor<17x8xf32>) outs(%e12 : tensor<17x8xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %t0 = arith.mulf %in0, %cscale11 : f32
      linalg.yield %t0 : f32
    } -> tensor<17x8xf32>
    %e14 = tensor.empty() : tensor<17x8xf32>
    %ep15 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ep13 : tensor<17x8xf32>) outs(%e14 : tensor<17x8xf32>) {
    ^bb0(%in0: f32, %out: f32):
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
      %t13 = arith.mulf %t12, %t12 : f32
      %t14 = arith.mulf %t13, %t12 : f32
      %t15 = arith.constant 4.471500000e-02 : f32
      %t16 = arith.mulf %t14, %t15 : f32
      %t17 = arith.addf %t12, %t16 : f32
      %t18 = arith.constant 7.978845608e-01 : f32
      %t19 = arith.mulf %t17, %t18 : f32
      %t20 = math.tanh %t19 : f32
      %t21 = arith.constant 1.000000e+00 : f32
      %t22 = arith.addf %t20, %t21 : f32
      %t23 = arith.constant 5.000000e-01 : f32
      %t24 = arith.mulf %t12, %t23 : f32
      %t25 = arith.mulf %t24, %t22 : f32
      linalg.yield %t25 : f32
    } -> tensor<17x8xf32>
    return %ep15 : tensor<17x8xf32>
  }
}
