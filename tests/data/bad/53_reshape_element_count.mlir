// EXPECT: 3:8: error: tensor.reshape changes the number of elements: tensor<2x3xf32> has 6, tensor<4x2xf32> has 8
func.func @f(%x: tensor<2x3xf32>, %s: tensor<2xi64>) -> tensor<4x2xf32> {
  %r = tensor.reshape %x(%s) : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}
