// EXPECT: 4:8: error: linalg.conv_1d_nwc_wcf: strides must be a dense attribute of 1 integer
// a 2-D convolution's strides (two entries) on a 1-D convolution
func.func @f(%i: tensor<1x9x4xf32>, %k: tensor<3x4x8xf32>, %o: tensor<1x7x8xf32>) -> tensor<1x7x8xf32> {
  %r = linalg.conv_1d_nwc_wcf {dilations = dense<1> : vector<1xi64>, strides = dense<[1, 1]> : vector<2xi64>} ins(%i, %k : tensor<1x9x4xf32>, tensor<3x4x8xf32>) outs(%o : tensor<1x7x8xf32>) -> tensor<1x7x8xf32>
  return %r : tensor<1x7x8xf32>
}
