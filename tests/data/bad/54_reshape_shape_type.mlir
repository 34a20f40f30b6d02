// EXPECT: 4:8: error: tensor.reshape's shape operand must be a 1-D tensor of index or integers, found tensor<2xf32>
func.func @f(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %s = arith.constant dense<[3.0, 2.0]> : tensor<2xf32>
  %r = tensor.reshape %x(%s) : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}
