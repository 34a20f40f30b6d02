// EXPECT: 3:32: error: tensor.reshape's type is (source type, shape type) -> result type, found 1 -> 1 types
func.func @f(%x: tensor<4xf32>, %s: tensor<2xi64>) -> tensor<1x4xf32> {
  %r = tensor.reshape %x(%s) : (tensor<4xf32>) -> tensor<1x4xf32>
  return %r : tensor<1x4xf32>
}
