// Every 1-D and 3-D convolution and pooling op spadc reads, and the 2-D ones conv_ops.mlir lacks,
// with strides and dilations (tests/cli/conv_nd.sh)
func.func @c1(%i: tensor<2x3x15xf32>, %k: tensor<5x3x3xf32>, %o: tensor<2x5x7xf32>) -> tensor<2x5x7xf32> {
  %r = linalg.conv_1d_ncw_fcw {dilations = dense<1> : vector<1xi64>, strides = dense<2> : vector<1xi64>} ins(%i, %k : tensor<2x3x15xf32>, tensor<5x3x3xf32>) outs(%o : tensor<2x5x7xf32>) -> tensor<2x5x7xf32>
  return %r : tensor<2x5x7xf32>
}
func.func @c2(%i: tensor<1x4x13xf32>, %k: tensor<8x4x3xf32>, %o: tensor<1x8x9xf32>) -> tensor<1x8x9xf32> {
  %r = linalg.conv_1d_ncw_fcw {dilations = dense<2> : vector<1xi64>, strides = dense<1> : vector<1xi64>} ins(%i, %k : tensor<1x4x13xf32>, tensor<8x4x3xf32>) outs(%o : tensor<1x8x9xf32>) -> tensor<1x8x9xf32>
  return %r : tensor<1x8x9xf32>
}
func.func @c3(%i: tensor<2x20x3xf32>, %k: tensor<3x3x5xf32>, %o: tensor<2x6x5xf32>) -> tensor<2x6x5xf32> {
  %r = linalg.conv_1d_nwc_wcf {dilations = dense<2> : vector<1xi64>, strides = dense<3> : vector<1xi64>} ins(%i, %k : tensor<2x20x3xf32>, tensor<3x3x5xf32>) outs(%o : tensor<2x6x5xf32>) -> tensor<2x6x5xf32>
  return %r : tensor<2x6x5xf32>
}
func.func @c4(%i: tensor<14xf32>, %k: tensor<4xf32>, %o: tensor<11xf32>) -> tensor<11xf32> {
  %r = linalg.conv_1d ins(%i, %k : tensor<14xf32>, tensor<4xf32>) outs(%o : tensor<11xf32>) -> tensor<11xf32>
  return %r : tensor<11xf32>
}
func.func @c5(%i: tensor<2x4x15xf32>, %k: tensor<4x3xf32>, %o: tensor<2x4x7xf32>) -> tensor<2x4x7xf32> {
  %r = linalg.depthwise_conv_1d_ncw_cw {dilations = dense<1> : vector<1xi64>, strides = dense<2> : vector<1xi64>} ins(%i, %k : tensor<2x4x15xf32>, tensor<4x3xf32>) outs(%o : tensor<2x4x7xf32>) -> tensor<2x4x7xf32>
  return %r : tensor<2x4x7xf32>
}
func.func @c6(%i: tensor<2x11x4xf32>, %k: tensor<3x4xf32>, %o: tensor<2x7x4xf32>) -> tensor<2x7x4xf32> {
  %r = linalg.depthwise_conv_1d_nwc_wc {dilations = dense<2> : vector<1xi64>, strides = dense<1> : vector<1xi64>} ins(%i, %k : tensor<2x11x4xf32>, tensor<3x4xf32>) outs(%o : tensor<2x7x4xf32>) -> tensor<2x7x4xf32>
  return %r : tensor<2x7x4xf32>
}
func.func @c7(%i: tensor<1x13x3xf32>, %k: tensor<3x3x2xf32>, %o: tensor<1x6x3x2xf32>) -> tensor<1x6x3x2xf32> {
  %r = linalg.depthwise_conv_1d_nwc_wcm {dilations = dense<1> : vector<1xi64>, strides = dense<2> : vector<1xi64>} ins(%i, %k : tensor<1x13x3xf32>, tensor<3x3x2xf32>) outs(%o : tensor<1x6x3x2xf32>) -> tensor<1x6x3x2xf32>
  return %r : tensor<1x6x3x2xf32>
}
func.func @c8(%i: tensor<2x3x11xf32>, %k: tensor<3xf32>, %o: tensor<2x3x5xf32>) -> tensor<2x3x5xf32> {
  %r = linalg.pooling_ncw_max {dilations = dense<1> : vector<1xi64>, strides = dense<2> : vector<1xi64>} ins(%i, %k : tensor<2x3x11xf32>, tensor<3xf32>) outs(%o : tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  return %r : tensor<2x3x5xf32>
}
func.func @c9(%i: tensor<2x3x8xf32>, %k: tensor<2xf32>, %o: tensor<2x3x6xf32>) -> tensor<2x3x6xf32> {
  %r = linalg.pooling_ncw_sum {dilations = dense<2> : vector<1xi64>, strides = dense<1> : vector<1xi64>} ins(%i, %k : tensor<2x3x8xf32>, tensor<2xf32>) outs(%o : tensor<2x3x6xf32>) -> tensor<2x3x6xf32>
  return %r : tensor<2x3x6xf32>
}
func.func @ca(%i: tensor<2x11x3xf32>, %k: tensor<3xf32>, %o: tensor<2x5x3xf32>) -> tensor<2x5x3xf32> {
  %r = linalg.pooling_nwc_max {dilations = dense<1> : vector<1xi64>, strides = dense<2> : vector<1xi64>} ins(%i, %k : tensor<2x11x3xf32>, tensor<3xf32>) outs(%o : tensor<2x5x3xf32>) -> tensor<2x5x3xf32>
  return %r : tensor<2x5x3xf32>
}
func.func @cb(%i: tensor<2x8x3xf32>, %k: tensor<2xf32>, %o: tensor<2x6x3xf32>) -> tensor<2x6x3xf32> {
  %r = linalg.pooling_nwc_sum {dilations = dense<2> : vector<1xi64>, strides = dense<1> : vector<1xi64>} ins(%i, %k : tensor<2x8x3xf32>, tensor<2xf32>) outs(%o : tensor<2x6x3xf32>) -> tensor<2x6x3xf32>
  return %r : tensor<2x6x3xf32>
}
func.func @cc(%i: tensor<2x11x3xf32>, %k: tensor<3xf32>, %o: tensor<2x5x3xf32>) -> tensor<2x5x3xf32> {
  %r = linalg.pooling_nwc_min {dilations = dense<1> : vector<1xi64>, strides = dense<2> : vector<1xi64>} ins(%i, %k : tensor<2x11x3xf32>, tensor<3xf32>) outs(%o : tensor<2x5x3xf32>) -> tensor<2x5x3xf32>
  return %r : tensor<2x5x3xf32>
}
func.func @d1(%i: tensor<8x8xf32>, %k: tensor<3x2xf32>, %o: tensor<6x7xf32>) -> tensor<6x7xf32> {
  %r = linalg.conv_2d ins(%i, %k : tensor<8x8xf32>, tensor<3x2xf32>) outs(%o : tensor<6x7xf32>) -> tensor<6x7xf32>
  return %r : tensor<6x7xf32>
}
func.func @d2(%i: tensor<1x9x9x4xf32>, %k: tensor<3x3xf32>, %o: tensor<1x4x3x4xf32>) -> tensor<1x4x3x4xf32> {
  %r = linalg.pooling_nhwc_min {dilations = dense<1> : vector<2xi64>, strides = dense<[2, 3]> : vector<2xi64>} ins(%i, %k : tensor<1x9x9x4xf32>, tensor<3x3xf32>) outs(%o : tensor<1x4x3x4xf32>) -> tensor<1x4x3x4xf32>
  return %r : tensor<1x4x3x4xf32>
}
func.func @d3(%i: tensor<1x8x11x3xf32>, %k: tensor<3x3x3x2xf32>, %o: tensor<1x4x5x3x2xf32>) -> tensor<1x4x5x3x2xf32> {
  %r = linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<[2, 1]> : vector<2xi64>, strides = dense<[1, 2]> : vector<2xi64>} ins(%i, %k : tensor<1x8x11x3xf32>, tensor<3x3x3x2xf32>) outs(%o : tensor<1x4x5x3x2xf32>) -> tensor<1x4x5x3x2xf32>
  return %r : tensor<1x4x5x3x2xf32>
}
func.func @d4(%i: tensor<1x9x7x2x3xf32>, %k: tensor<2x4x3x2x3xf32>, %o: tensor<1x4x5x2x4xf32>) -> tensor<1x4x5x2x4xf32> {
  %r = linalg.conv_2d_nhwgc_gfhwc {dilations = dense<[1, 2]> : vector<2xi64>, strides = dense<[2, 1]> : vector<2xi64>} ins(%i, %k : tensor<1x9x7x2x3xf32>, tensor<2x4x3x2x3xf32>) outs(%o : tensor<1x4x5x2x4xf32>) -> tensor<1x4x5x2x4xf32>
  return %r : tensor<1x4x5x2x4xf32>
}
func.func @e1(%i: tensor<1x3x5x9x6xf32>, %k: tensor<4x3x2x3x2xf32>, %o: tensor<1x4x3x4x5xf32>) -> tensor<1x4x3x4x5xf32> {
  %r = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<[2, 1, 1]> : vector<3xi64>, strides = dense<[1, 2, 1]> : vector<3xi64>} ins(%i, %k : tensor<1x3x5x9x6xf32>, tensor<4x3x2x3x2xf32>) outs(%o : tensor<1x4x3x4x5xf32>) -> tensor<1x4x3x4x5xf32>
  return %r : tensor<1x4x3x4x5xf32>
}
func.func @e2(%i: tensor<2x6x5x7x3xf32>, %k: tensor<2x2x3x3x4xf32>, %o: tensor<2x3x4x3x4xf32>) -> tensor<2x3x4x3x4xf32> {
  %r = linalg.conv_3d_ndhwc_dhwcf {dilations = dense<[1, 1, 2]> : vector<3xi64>, strides = dense<[2, 1, 1]> : vector<3xi64>} ins(%i, %k : tensor<2x6x5x7x3xf32>, tensor<2x2x3x3x4xf32>) outs(%o : tensor<2x3x4x3x4xf32>) -> tensor<2x3x4x3x4xf32>
  return %r : tensor<2x3x4x3x4xf32>
}
func.func @e3(%i: tensor<5x7x4xf32>, %k: tensor<2x3x2xf32>, %o: tensor<4x5x3xf32>) -> tensor<4x5x3xf32> {
  %r = linalg.conv_3d ins(%i, %k : tensor<5x7x4xf32>, tensor<2x3x2xf32>) outs(%o : tensor<4x5x3xf32>) -> tensor<4x5x3xf32>
  return %r : tensor<4x5x3xf32>
}
func.func @e4(%i: tensor<1x6x6x5x3xf32>, %k: tensor<2x2x3xf32>, %o: tensor<1x3x4x2x3xf32>) -> tensor<1x3x4x2x3xf32> {
  %r = linalg.pooling_ndhwc_max {dilations = dense<[1, 2, 1]> : vector<3xi64>, strides = dense<[2, 1, 2]> : vector<3xi64>} ins(%i, %k : tensor<1x6x6x5x3xf32>, tensor<2x2x3xf32>) outs(%o : tensor<1x3x4x2x3xf32>) -> tensor<1x3x4x2x3xf32>
  return %r : tensor<1x3x4x2x3xf32>
}
func.func @e5(%i: tensor<2x4x5x5x3xf32>, %k: tensor<2x3x2xf32>, %o: tensor<2x3x3x3x3xf32>) -> tensor<2x3x3x3x3xf32> {
  %r = linalg.pooling_ndhwc_sum {dilations = dense<[1, 1, 2]> : vector<3xi64>, strides = dense<1> : vector<3xi64>} ins(%i, %k : tensor<2x4x5x5x3xf32>, tensor<2x3x2xf32>) outs(%o : tensor<2x3x3x3x3xf32>) -> tensor<2x3x3x3x3xf32>
  return %r : tensor<2x3x3x3x3xf32>
}
func.func @e6(%i: tensor<1x3x6x5x2xf32>, %k: tensor<2x2x2xf32>, %o: tensor<1x2x3x4x2xf32>) -> tensor<1x2x3x4x2xf32> {
  %r = linalg.pooling_ndhwc_min {dilations = dense<1> : vector<3xi64>, strides = dense<[1, 2, 1]> : vector<3xi64>} ins(%i, %k : tensor<1x3x6x5x2xf32>, tensor<2x2x2xf32>) outs(%o : tensor<1x2x3x4x2xf32>) -> tensor<1x2x3x4x2xf32>
  return %r : tensor<1x2x3x4x2xf32>
}
func.func @e7(%i: tensor<1x4x5x8x4xf32>, %k: tensor<2x2x2x4xf32>, %o: tensor<1x3x3x4x4xf32>) -> tensor<1x3x3x4x4xf32> {
  %r = linalg.depthwise_conv_3d_ndhwc_dhwc {dilations = dense<[1, 2, 1]> : vector<3xi64>, strides = dense<[1, 1, 2]> : vector<3xi64>} ins(%i, %k : tensor<1x4x5x8x4xf32>, tensor<2x2x2x4xf32>) outs(%o : tensor<1x3x3x4x4xf32>) -> tensor<1x3x3x4x4xf32>
  return %r : tensor<1x3x3x4x4xf32>
}
func.func @e8(%i: tensor<1x4x4x5x8xf32>, %k: tensor<4x2x2x2xf32>, %o: tensor<1x4x3x3x4xf32>) -> tensor<1x4x3x3x4xf32> {
  %r = linalg.depthwise_conv_3d_ncdhw_cdhw {dilations = dense<[1, 2, 1]> : vector<3xi64>, strides = dense<[1, 1, 2]> : vector<3xi64>} ins(%i, %k : tensor<1x4x4x5x8xf32>, tensor<4x2x2x2xf32>) outs(%o : tensor<1x4x3x3x4xf32>) -> tensor<1x4x3x3x4xf32>
  return %r : tensor<1x4x3x3x4xf32>
}
func.func @e9(%i: tensor<1x3x4x4x3xf32>, %k: tensor<2x2x2x3x2xf32>, %o: tensor<1x2x3x3x3x2xf32>) -> tensor<1x2x3x3x3x2xf32> {
  %r = linalg.depthwise_conv_3d_ndhwc_dhwcm {dilations = dense<1> : vector<3xi64>, strides = dense<1> : vector<3xi64>} ins(%i, %k : tensor<1x3x4x4x3xf32>, tensor<2x2x2x3x2xf32>) outs(%o : tensor<1x2x3x3x3x2xf32>) -> tensor<1x2x3x3x3x2xf32>
  return %r : tensor<1x2x3x3x3x2xf32>
}
func.func @u1(%i: tensor<2x11x3xi32>, %k: tensor<3xi32>, %o: tensor<2x5x3xi32>) -> tensor<2x5x3xi32> {
  %r = linalg.pooling_nwc_max_unsigned {dilations = dense<1> : vector<1xi64>, strides = dense<2> : vector<1xi64>} ins(%i, %k : tensor<2x11x3xi32>, tensor<3xi32>) outs(%o : tensor<2x5x3xi32>) -> tensor<2x5x3xi32>
  return %r : tensor<2x5x3xi32>
}
func.func @u2(%i: tensor<1x9x9x4xi8>, %k: tensor<3x3xi32>, %o: tensor<1x4x3x4xi32>) -> tensor<1x4x3x4xi32> {
  %r = linalg.pooling_nhwc_min_unsigned {dilations = dense<1> : vector<2xi64>, strides = dense<[2, 3]> : vector<2xi64>} ins(%i, %k : tensor<1x9x9x4xi8>, tensor<3x3xi32>) outs(%o : tensor<1x4x3x4xi32>) -> tensor<1x4x3x4xi32>
  return %r : tensor<1x4x3x4xi32>
}
func.func @u3(%i: tensor<2x8x3xi32>, %k: tensor<2xi32>, %o: tensor<2x6x3xi32>) -> tensor<2x6x3xi32> {
  %r = linalg.pooling_nwc_min {dilations = dense<2> : vector<1xi64>, strides = dense<1> : vector<1xi64>} ins(%i, %k : tensor<2x8x3xi32>, tensor<2xi32>) outs(%o : tensor<2x6x3xi32>) -> tensor<2x6x3xi32>
  return %r : tensor<2x6x3xi32>
}
