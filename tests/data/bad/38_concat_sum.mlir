// EXPECT: 3:8: error: 'tensor.concat' op result dimension 0 is 6; the operands' dimensions 0 add up to 5
func.func @f(%a: tensor<2x3xf32>, %b: tensor<3x3xf32>) -> tensor<6x3xf32> {
  %t = "tensor.concat"(%a, %b) <{dim = 0 : i64}> : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<6x3xf32>
  return %t : tensor<6x3xf32>
}
