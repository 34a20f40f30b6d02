// EXPECT: 3:8: error: 'tensor.from_elements' op has 3 operands for the 2 elements of tensor<2xf32>
func.func @f(%a: f32, %b: f32) -> tensor<2xf32> {
  %t = tensor.from_elements %a, %b, %a : tensor<2xf32>
  return %t : tensor<2xf32>
}
