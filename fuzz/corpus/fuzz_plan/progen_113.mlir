module {
  func.func @f(%x0: tensor<33x32xf32>, %w1: tensor<32x7xf32>) -> tensor<33x7xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<33x7xf32>
    %z2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<33x7xf32>) -> tensor<33x7xf32>
    %mm3 = linalg.matmul ins(%x0, %w1 : tensor<33x32xf32>, tensor<32x7xf32>) outs(%z2 : tensor<33x7xf32>) -> tensor<33x7xf32>
    return %mm3 : tensor<33x7xf32>
  }
}
