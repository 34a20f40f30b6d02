module {
  func.func @f(%x0: tensor<33x13xf32>, %w1: tensor<3x13xf32>) -> tensor<33x3xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e2 = tensor.empty() : tensor<13x3xf32>
    %wt1 = linalg.transpose ins(%w1 : tensor<3x13xf32>) outs(%e2 : tensor<13x3xf32>) permutation = [1, 0]
    %zs3 = arith.constant dense<0.000000e+00> : tensor<33x3xf32>
    %mm4 = linalg.matmul ins(%x0, %wt1 : tensor<33x13xf32>, tensor<13x3xf32>) outs(%zs3 : tensor<33x3xf32>) -> tensor<33x3xf32>
    return %mm4 : tensor<33x3xf32>
  }
}
