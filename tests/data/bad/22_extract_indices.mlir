// EXPECT: 4:8: error: 'tensor.extract' op needs 2 indices for tensor<4x4xf32>, found 1
func.func @f(%a: tensor<4x4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %b = tensor.extract %a[%c0] : tensor<4x4xf32>
  return %b : f32
}
