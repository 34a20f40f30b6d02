// EXPECT: 3:8: error: 'tensor.from_elements' op operand #1 has type f64, the element type is f32
func.func @f(%a: f32, %b: f64) -> tensor<2xf32> {
  %t = "tensor.from_elements"(%a, %b) : (f32, f64) -> tensor<2xf32>
  return %t : tensor<2xf32>
}
