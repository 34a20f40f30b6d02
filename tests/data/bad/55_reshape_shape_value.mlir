// EXPECT: 4:8: error: tensor.reshape's shape operand gives dimension 0 as 2, its result type tensor<1x4xf32> as 1
func.func @f(%x: tensor<4xf32>) -> tensor<1x4xf32> {
  %s = arith.constant dense<[2, 2]> : tensor<2xi64>
  %r = tensor.reshape %x(%s) : (tensor<4xf32>, tensor<2xi64>) -> tensor<1x4xf32>
  return %r : tensor<1x4xf32>
}
