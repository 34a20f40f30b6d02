// EXPECT: 3:8: error: unsupported operation 'bufferization.to_tensor'
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %b = bufferization.to_tensor %a : tensor<4xf32>
  return %b : tensor<4xf32>
}
