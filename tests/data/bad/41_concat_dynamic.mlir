// EXPECT: 3:79: error: dynamic dimensions are not supported (spadc needs static shapes)
func.func @f(%a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<5xf32> {
  %t = tensor.concat dim(0) %a, %b : (tensor<2xf32>, tensor<3xf32>) -> tensor<?xf32>
  return %t : tensor<5xf32>
}
