// EXPECT: 4:8: error: linalg.conv_3d_ndhwc_dhwcf: dilations must be a dense attribute of 3 integers
// a 2-D convolution's dilations on a 3-D convolution
func.func @f(%i: tensor<1x4x4x4x2xf32>, %k: tensor<2x2x2x2x3xf32>, %o: tensor<1x3x3x3x3xf32>) -> tensor<1x3x3x3x3xf32> {
  %r = linalg.conv_3d_ndhwc_dhwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<3xi64>} ins(%i, %k : tensor<1x4x4x4x2xf32>, tensor<2x2x2x2x3xf32>) outs(%o : tensor<1x3x3x3x3xf32>) -> tensor<1x3x3x3x3xf32>
  return %r : tensor<1x3x3x3x3xf32>
}
