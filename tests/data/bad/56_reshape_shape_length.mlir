// EXPECT: 4:8: error: tensor.reshape's shape operand has 3 elements but its result type tensor<1x4xf32> has rank 2
func.func @f(%x: tensor<4xf32>) -> tensor<1x4xf32> {
  %s = arith.constant dense<[1, 2, 2]> : tensor<3xi64>
  %r = "tensor.reshape"(%x, %s) : (tensor<4xf32>, tensor<3xi64>) -> tensor<1x4xf32>
  return %r : tensor<1x4xf32>
}
