// EXPECT: 3:8: error: 'tensor.concat' needs the property 'dim'
func.func @f(%a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<5xf32> {
  %t = "tensor.concat"(%a, %b) : (tensor<2xf32>, tensor<3xf32>) -> tensor<5xf32>
  return %t : tensor<5xf32>
}
