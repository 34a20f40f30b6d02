// EXPECT: 3:38: error: tensor.concat has 2 operands but its type lists 1
func.func @f(%a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<5xf32> {
  %t = tensor.concat dim(0) %a, %b : (tensor<2xf32>) -> tensor<5xf32>
  return %t : tensor<5xf32>
}
