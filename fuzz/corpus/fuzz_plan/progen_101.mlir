module {
  func.func @f(%x0: tensor<16x8xf32>, %w1: tensor<15x8xf32>, %w2: tensor<15x31xf32>, %w3: tensor<31x5xf32>) -> tensor<16x5xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<16x15xf32>
    %z2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<16x15xf32>) -> tensor<16x15xf32>
    %mm3 = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%x0, %w1 : tensor<16x8xf32>, tensor<15x8xf32>) outs(%z2 : tensor<16x15xf32>) -> tensor<16x15xf32>
    %cscale4 = arith.constant 5.000000000e-01 : f32
    %e5 = tensor.empty() : tensor<16x15xf32>
    %ep6 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm3 : tensor<16x15xf32>) outs(%e5 : tensor<16x15xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %t0 = arith.mulf %in0, %cscale4 : f32
      %t1 = arith.constant 7.071067800e-01 : f32
      %t2 = arith.mulf %t0, %t1 : f32
      %t3 = math.erf %t2 : f32
      %t4 = arith.constant 1.000000e+00 : f32
      %t5 = arith.addf %t3, %t4 : f32
      %t6 = arith.constant 5.000000e-01 : f32
      %t7 = arith.mulf %t0, %t6 : f32
      %t8 = arith.mulf %t7, %t5 : f32
      linalg.yield %t8 : f32
    } -> tensor<16x15xf32>
    %e7 = tensor.empty() : tensor<16x31xf32>
    %z8 = linalg.fill ins(%zero : f32) outs(%e7 : tensor<16x31xf32>) -> tensor<16x31xf32>
    %mm9 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%ep6, %w2 : tensor<16x15xf32>, tensor<15x31xf32>) outs(%z8 : tensor<16x31xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<16x31xf32>
    %cscale10 = arith.constant 5.000000000e-01 : f32
    %e11 = tensor.empty() : tensor<16x31xf32>
    %ep12 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm9 : tensor<16x31xf32>) outs(%e11 : tensor<16x31xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %t0 = arith.constant 7.071067800e-01 : f32
      %t1 = arith.mulf %in0, %t0 : f32
      %t2 = math.erf %t1 : f32
      %t3 = arith.constant 1.000000e+00 : f32
      %t4 = arith.addf %t2, %t3 : f32
      %t5 = arith.constant 5.000000e-01 : f32
      %t6 = arith.mulf %in0, %t5 : f32
      %t7 = arith.mulf %t6, %t4 : f32
      %t8 = arith.mulf %t7, %cscale10 : f32
      linalg.yield %t8 : f32
    } -> tensor<16x31xf32>
    %e13 = tensor.empty() : tensor<16x5xf32>
    %z14 = linalg.fill ins(%zero : f32) outs(%e13 : tensor<16x5xf32>) -> tensor<16x5xf32>
    %mm15 = linalg.matmul ins(%ep12, %w3 : tensor<16x31xf32>, tensor<31x5xf32>) outs(%z14 : tensor<16x5xf32>) -> tensor<16x5xf32>
    %e16 = tensor.empty() : tensor<16x5xf32>
    %ep17 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm15 : tensor<16x5xf32>) outs(%e16 : tensor<16x5xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %t0 = arith.constant 7.071067800e-01 : f32
      %t1 = arith.mulf %in0, %t0 : f32
      %t2 = math.erf %t1 : f32
      %t3 = arith.constant 1.000000e+00 : f32
      %t4 = arith.addf %t2, %t3 : f32
      %t5 = arith.constant 5.000000e-01 : f32
      %t6 = arith.mulf %in0, %t5 : f32
      %t7 = arith.mulf %t6, %t4 : f32
      %t8 = arith.mulf %t7, %t7 : f32
      %t9 = arith.mulf %t8, %t7 : f32
      %t10 = arith.constant 4.471500000e-02 : f32
      %t11 = arith.mulf %t9, %t10 : f32
      %t12 = arith.addf %t7, %t11 : f32
      %t13 = arith.constant 7.978845608e-01 : f32
      %t14 = arith.mulf %t12, %t13 : f32
      %t15 = math.tanh %t14 : f32
      %t16 = arith.constant 1.000000e+00 : f32
      %t17 = arith.addf %t15, %t16 : f32
      %t18 = arith.constant 5.000000e-01 : f32
      %t19 = arith.mulf %t7, %t18 : f32
      %t20 = arith.mulf %t19, %t17 : f32
      linalg.yield %t20 : f32
    } -> tensor<16x5xf32>
    %e18 = tensor.empty() : tensor<16x5xf32>
    %ep19 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ep17 : tensor<16x5xf32>) outs(%e18 : tensor<16x5xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %t0 = arith.truncf %in0 : f32 to bf16
      %t1 = arith.extf %t0 : bf16 to f32
      %t2 = arith.truncf %t1 : f32 to bf16
      %t3 = arith.extf %t2 : bf16 to f32
      linalg.yield %t3 : f32
    } -> tensor<16x5xf32>
    return %ep19 : tensor<16x5xf32>
  }
}
