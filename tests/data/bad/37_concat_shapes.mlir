// EXPECT: 3:8: error: 'tensor.concat' op operand #1 is tensor<3x4xf32>: dimension 0 must be 2 as in the result tensor<2x7xf32>
func.func @f(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x7xf32> {
  %t = tensor.concat dim(1) %a, %b : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x7xf32>
  return %t : tensor<2x7xf32>
}
