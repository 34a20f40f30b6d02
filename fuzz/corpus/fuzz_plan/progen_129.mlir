module {
  func.func @f(%x0: tensor<16x7xf32>, %w1: tensor<32x7xf32>, %r2: tensor<16x32xf32>, %w3: tensor<2x32xf32>, %b4: tensor<2xf32>, %r5: tensor<16x2xf32>, %w6: tensor<2x33xf32>, %b7: tensor<33xf32>) -> tensor<16x33xbf16> {
    %zero = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<16x32xf32>
    %z2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %mm3 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x0, %w1 : tensor<16x7xf32>, tensor<32x7xf32>) outs(%z2 : tensor<16x32xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<16x32xf32>
    %e4 = tensor.empty() : tensor<16x32xf32>
    %ep5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm3, %r2 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%e4 : tensor<16x32xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %t0 = arith.addf %in0, %in1 : f32
      linalg.yield %t0 : f32
    } -> tensor<16x32xf32>
    %zs6 = arith.constant dense<0.000000e+00> : tensor<16x2xf32>
    %mm7 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%ep5, %w3 : tensor<16x32xf32>, tensor<2x32xf32>) outs(%zs6 : tensor<16x2xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<16x2xf32>
    %e8 = tensor.empty() : tensor<16x2xf32>
    %ep9 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm7, %b4, %r5 : tensor<16x2xf32>, tensor<2xf32>, tensor<16x2xf32>) outs(%e8 : tensor<16x2xf32>) {
    ^bb0(%in0: f32, %in1: f32, %in2: f32, %out: f32):
      %t0 = arith.subf %in0, %in1 : f32
      %t1 = arith.constant 0.000000e+00 : f32
      %t2 = arith.maximumf %t0, %t1 : f32
      %t3 = arith.addf %t2, %in2 : f32
      %t4 = arith.mulf %t3, %t3 : f32
      %t5 = arith.mulf %t4, %t3 : f32
      %t6 = arith.constant 4.471500000e-02 : f32
      %t7 = arith.mulf %t5, %t6 : f32
      %t8 = arith.addf %t3, %t7 : f32
      %t9 = arith.constant 7.978845608e-01 : f32
      %t10 = arith.mulf %t8, %t9 : f32
      %t11 = math.tanh %t10 : f32
      %t12 = arith.constant 1.000000e+00 : f32
      %t13 = arith.addf %t11, %t12 : f32
      %t14 = arith.constant 5.000000e-01 : f32
      %t15 = arith.mulf %t3, %t14 : f32
      %t16 = arith.mulf %t15, %t13 : f32
      linalg.yield %t16 : f32
    } -> tensor<16x2xf32>
    %zs10 = arith.constant dense<0.000000e+00> : tensor<16x33xf32>
    %mm11 = linalg.matmul ins(%ep9, %w6 : tensor<16x2xf32>, tensor<2x33xf32>) outs(%zs10 : tensor<16x33xf32>) -> tensor<16x33xf32>
    %e12 = tensor.empty() : tensor<16x33xf32>
    %ep13 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm11, %b7 : tensor<16x33xf32>, tensor<33xf32>) outs(%e12 : tensor<16x33xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %t0 = arith.subf %in0, %in1 : f32
      linalg.yield %t0 : f32
    } -> tensor<16x33xf32>
    %e14 = tensor.empty() : tensor<16x33xbf16>
    %ep15 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ep13 : tensor<16x33xf32>) outs(%e14 : tensor<16x33xbf16>) {
    ^bb0(%in0: f32, %out: bf16):
      %t0 = arith.truncf %in0 : f32 to bf16
      linalg.yield %t0 : bf16
    } -> tensor<16x33xbf16>
    return %ep15 : tensor<16x33xbf16>
  }
}
