// EXPECT: 4:8: error: linalg.conv_1d_ncw_fcw: operand #1 must have rank 3, found 4
// a 2-D convolution's weights given to a 1-D convolution
func.func @f(%i: tensor<1x4x9xf32>, %k: tensor<8x4x3x3xf32>, %o: tensor<1x8x7xf32>) -> tensor<1x8x7xf32> {
  %r = linalg.conv_1d_ncw_fcw ins(%i, %k : tensor<1x4x9xf32>, tensor<8x4x3x3xf32>) outs(%o : tensor<1x8x7xf32>) -> tensor<1x8x7xf32>
  return %r : tensor<1x8x7xf32>
}
