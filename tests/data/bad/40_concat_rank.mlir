// EXPECT: 3:8: error: 'tensor.concat' op operand #1 is tensor<6xf32>; it must be a tensor of the result's rank and element type (tensor<2x6xf32>)
func.func @f(%a: tensor<2x3xf32>, %b: tensor<6xf32>) -> tensor<2x6xf32> {
  %t = tensor.concat dim(1) %a, %b : (tensor<2x3xf32>, tensor<6xf32>) -> tensor<2x6xf32>
  return %t : tensor<2x6xf32>
}
