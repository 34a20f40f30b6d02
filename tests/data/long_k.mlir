// A 1x1 output with K = 3e7: a valid GEMM the cpu must block in K (it was refused with exit 3)
func.func @f(%a: tensor<1x30000000xf32>, %b: tensor<30000000x1xf32>) -> tensor<1x1xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x1xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x1xf32>) -> tensor<1x1xf32>
  %r = linalg.matmul ins(%a, %b : tensor<1x30000000xf32>, tensor<30000000x1xf32>) outs(%f : tensor<1x1xf32>) -> tensor<1x1xf32>
  return %r : tensor<1x1xf32>
}
