// EXPECT: 3:8: error: 'tensor.concat' op dimension 2 out of range for the rank-2 result
func.func @f(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %t = tensor.concat dim(2) %a, %b : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %t : tensor<2x3xf32>
}
