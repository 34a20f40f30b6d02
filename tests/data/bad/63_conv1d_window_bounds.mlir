// EXPECT: 4:8: error: 'linalg.conv_1d_ncw_fcw' op operand #0 dimension 2 is accessed at [0, 10], outside [0, 9)
// the output one pixel wider than the strided window allows
func.func @f(%i: tensor<1x4x9xf32>, %k: tensor<8x4x3xf32>, %o: tensor<1x8x5xf32>) -> tensor<1x8x5xf32> {
  %r = linalg.conv_1d_ncw_fcw {strides = dense<2> : vector<1xi64>} ins(%i, %k : tensor<1x4x9xf32>, tensor<8x4x3xf32>) outs(%o : tensor<1x8x5xf32>) -> tensor<1x8x5xf32>
  return %r : tensor<1x8x5xf32>
}
