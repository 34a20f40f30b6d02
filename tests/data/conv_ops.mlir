// Every 2-D convolution and pooling op spadc reads, with strides and dilations (tests/cli/conv.sh)
func.func @a(%i: tensor<1x4x9x9xf32>, %k: tensor<8x4x3x3xf32>, %o: tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32> {
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%i, %k : tensor<1x4x9x9xf32>, tensor<8x4x3x3xf32>) outs(%o : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  return %r : tensor<1x8x4x4xf32>
}
func.func @b(%i: tensor<1x9x9x4xf32>, %k: tensor<3x3x4x8xf32>, %o: tensor<1x7x7x8xf32>) -> tensor<1x7x7x8xf32> {
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%i, %k : tensor<1x9x9x4xf32>, tensor<3x3x4x8xf32>) outs(%o : tensor<1x7x7x8xf32>) -> tensor<1x7x7x8xf32>
  return %r : tensor<1x7x7x8xf32>
}
func.func @c(%i: tensor<1x4x9x9xf32>, %k: tensor<4x3x3xf32>, %o: tensor<1x4x5x5xf32>) -> tensor<1x4x5x5xf32> {
  %r = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<2> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%i, %k : tensor<1x4x9x9xf32>, tensor<4x3x3xf32>) outs(%o : tensor<1x4x5x5xf32>) -> tensor<1x4x5x5xf32>
  return %r : tensor<1x4x5x5xf32>
}
func.func @d(%i: tensor<1x4x9x9xf32>, %k: tensor<3x3xf32>, %o: tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32> {
  %r = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<[2, 3]> : vector<2xi64>} ins(%i, %k : tensor<1x4x9x9xf32>, tensor<3x3xf32>) outs(%o : tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  return %r : tensor<1x4x4x3xf32>
}
func.func @e(%i: tensor<1x4x9x9xf32>, %k: tensor<3x3xf32>, %o: tensor<1x4x7x7xf32>) -> tensor<1x4x7x7xf32> {
  %r = linalg.pooling_nchw_sum {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%i, %k : tensor<1x4x9x9xf32>, tensor<3x3xf32>) outs(%o : tensor<1x4x7x7xf32>) -> tensor<1x4x7x7xf32>
  return %r : tensor<1x4x7x7xf32>
}
func.func @f(%i: tensor<1x9x9x4xf32>, %k: tensor<3x3x4xf32>, %o: tensor<1x7x7x4xf32>) -> tensor<1x7x7x4xf32> {
  %r = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%i, %k : tensor<1x9x9x4xf32>, tensor<3x3x4xf32>) outs(%o : tensor<1x7x7x4xf32>) -> tensor<1x7x7x4xf32>
  return %r : tensor<1x7x7x4xf32>
}
func.func @g(%i: tensor<1x9x9x4xf32>, %k: tensor<3x3xf32>, %o: tensor<1x7x7x4xf32>) -> tensor<1x7x7x4xf32> {
  %r = linalg.pooling_nhwc_max {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%i, %k : tensor<1x9x9x4xf32>, tensor<3x3xf32>) outs(%o : tensor<1x7x7x4xf32>) -> tensor<1x7x7x4xf32>
  return %r : tensor<1x7x7x4xf32>
}
func.func @h(%i: tensor<1x2x4x9x9xf32>, %k: tensor<2x3x4x3x3xf32>, %o: tensor<1x2x3x7x7xf32>) -> tensor<1x2x3x7x7xf32> {
  %r = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%i, %k : tensor<1x2x4x9x9xf32>, tensor<2x3x4x3x3xf32>) outs(%o : tensor<1x2x3x7x7xf32>) -> tensor<1x2x3x7x7xf32>
  return %r : tensor<1x2x3x7x7xf32>
}
func.func @i(%i: tensor<1x9x9x4xf32>, %k: tensor<8x3x3x4xf32>, %o: tensor<1x7x7x8xf32>) -> tensor<1x7x7x8xf32> {
  %r = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%i, %k : tensor<1x9x9x4xf32>, tensor<8x3x3x4xf32>) outs(%o : tensor<1x7x7x8xf32>) -> tensor<1x7x7x8xf32>
  return %r : tensor<1x7x7x8xf32>
}
func.func @j(%i: tensor<2x5x11x13xf32>, %k: tensor<9x5x3x3xf32>, %o: tensor<2x9x9x11xf32>) -> tensor<2x9x9x11xf32> {
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%i, %k : tensor<2x5x11x13xf32>, tensor<9x5x3x3xf32>) outs(%o : tensor<2x9x9x11xf32>) -> tensor<2x9x9x11xf32>
  return %r : tensor<2x9x9x11xf32>
}
