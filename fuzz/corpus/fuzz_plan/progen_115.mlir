module {
  func.func @f(%x0: tensor<1x2x16xf32>, %w1: tensor<1x16x3xf32>, %b2: tensor<3xf32>, %b3: tensor<3xf32>, %w4: tensor<3x33xf32>) -> tensor<2x33xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<2x3xf32>
    %z2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<2x3xf32>) -> tensor<2x3xf32>
    %bmm3 = linalg.batch_reduce_matmul ins(%x0, %w1 : tensor<1x2x16xf32>, tensor<1x16x3xf32>) outs(%z2 : tensor<2x3xf32>) -> tensor<2x3xf32>
    %e4 = tensor.empty() : tensor<2x3xf32>
    %ep5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%bmm3, %b2 : tensor<2x3xf32>, tensor<3xf32>) outs(%e4 : tensor<2x3xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %t0 = arith.constant 7.071067800e-01 : f32
      %t1 = arith.mulf %in0, %t0 : f32
      %t2 = math.erf %t1 : f32
      %t3 = arith.constant 1.000000e+00 : f32
      %t4 = arith.addf %t2, %t3 : f32
      %t5 = arith.constant 5.000000e-01 : f32
      %t6 = arith.mulf %in0, %t5 : f32
      %t7 = arith.mulf %t6, %t4 : f32
      %t8 = arith.subf %t7, %in1 : f32
      linalg.yield %t8 : f32
    } -> tensor<2x3xf32>
    %e6 = tensor.empty() : tensor<2x3xf32>
    %ep7 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ep5, %b3 : tensor<2x3xf32>, tensor<3xf32>) outs(%e6 : tensor<2x3xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %t0 = arith.addf %in0, %in1 : f32
      %t1 = arith.constant 0.000000e+00 : f32
      %t2 = arith.maximumf %t0, %t1 : f32
      linalg.yield %t2 : f32
    } -> tensor<2x3xf32>
    %zs8 = arith.constant dense<0.000000e+00> : tensor<2x33xf32>
    %mm9 = linalg.matmul ins(%ep7, %w4 : tensor<2x3xf32>, tensor<3x33xf32>) outs(%zs8 : tensor<2x33xf32>) -> tensor<2x33xf32>
    %cscale10 = arith.constant 5.000000000e-01 : f32
    %e11 = tensor.empty() : tensor<2x33xf32>
    %ep12 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm9 : tensor<2x33xf32>) outs(%e11 : tensor<2x33xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %t0 = arith.mulf %in0, %cscale10 : f32
      linalg.yield %t0 : f32
    } -> tensor<2x33xf32>
    return %ep12 : tensor<2x33xf32>
  }
}
