// 1-D convolutions and pools, each beside the same op in 2-D with a unit height: the same plans on the cpu and the npu (tests/cli/conv_nd.sh)
func.func @a1(%i: tensor<4x64x130xf32>, %k: tensor<128x64x3xf32>, %o: tensor<4x128x128xf32>) -> tensor<4x128x128xf32> {
  %r = linalg.conv_1d_ncw_fcw {dilations = dense<1> : vector<1xi64>, strides = dense<1> : vector<1xi64>} ins(%i, %k : tensor<4x64x130xf32>, tensor<128x64x3xf32>) outs(%o : tensor<4x128x128xf32>) -> tensor<4x128x128xf32>
  return %r : tensor<4x128x128xf32>
}
func.func @a2(%i: tensor<4x64x1x130xf32>, %k: tensor<128x64x1x3xf32>, %o: tensor<4x128x1x128xf32>) -> tensor<4x128x1x128xf32> {
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%i, %k : tensor<4x64x1x130xf32>, tensor<128x64x1x3xf32>) outs(%o : tensor<4x128x1x128xf32>) -> tensor<4x128x1x128xf32>
  return %r : tensor<4x128x1x128xf32>
}
func.func @b1(%i: tensor<1x64x129xf32>, %k: tensor<3xf32>, %o: tensor<1x64x64xf32>) -> tensor<1x64x64xf32> {
  %r = linalg.pooling_ncw_max {dilations = dense<1> : vector<1xi64>, strides = dense<2> : vector<1xi64>} ins(%i, %k : tensor<1x64x129xf32>, tensor<3xf32>) outs(%o : tensor<1x64x64xf32>) -> tensor<1x64x64xf32>
  return %r : tensor<1x64x64xf32>
}
func.func @b2(%i: tensor<1x64x1x129xf32>, %k: tensor<1x3xf32>, %o: tensor<1x64x1x64xf32>) -> tensor<1x64x1x64xf32> {
  %r = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%i, %k : tensor<1x64x1x129xf32>, tensor<1x3xf32>) outs(%o : tensor<1x64x1x64xf32>) -> tensor<1x64x1x64xf32>
  return %r : tensor<1x64x1x64xf32>
}
func.func @c1(%i: tensor<1x129x64xf32>, %k: tensor<3xf32>, %o: tensor<1x64x64xf32>) -> tensor<1x64x64xf32> {
  %r = linalg.pooling_nwc_sum {dilations = dense<1> : vector<1xi64>, strides = dense<2> : vector<1xi64>} ins(%i, %k : tensor<1x129x64xf32>, tensor<3xf32>) outs(%o : tensor<1x64x64xf32>) -> tensor<1x64x64xf32>
  return %r : tensor<1x64x64xf32>
}
func.func @c2(%i: tensor<1x1x129x64xf32>, %k: tensor<1x3xf32>, %o: tensor<1x1x64x64xf32>) -> tensor<1x1x64x64xf32> {
  %r = linalg.pooling_nhwc_sum {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%i, %k : tensor<1x1x129x64xf32>, tensor<1x3xf32>) outs(%o : tensor<1x1x64x64xf32>) -> tensor<1x1x64x64xf32>
  return %r : tensor<1x1x64x64xf32>
}
