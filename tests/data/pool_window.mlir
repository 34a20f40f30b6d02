// Pools whose window the cpu backend reduces directly (loop_lower.c
// run_window; tests/cli/pool_window.sh), as torch-mlir exports them:
// @max1d: MaxPool1d(3,2,1) (a -inf pad, 3 taps at stride 2, 34 outputs a
// row: sixteen, four and scalar tails); @max2d: MaxPool2d(3,2,1) (9 taps,
// rows of 10); @avg2d: AvgPool2d(3,1,1) (a zero pad, a sum of 9 taps then
// the division); @sum_s3: a 2x2 sum at stride 3 (a strided gather, rows of
// 21); @max_plain: MaxPool2d(2,2) on rows of 8 without a pad.
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @max1d(%arg0: tensor<2x8x67xf32>) -> tensor<2x8x34xf32> {
  %cst = arith.constant 0xFF800000 : f32
  %expanded = tensor.expand_shape %arg0 [[0], [1], [2, 3]] output_shape [2, 8, 1, 67] : tensor<2x8x67xf32> into tensor<2x8x1x67xf32>
  %padded = tensor.pad %expanded low[0, 0, 0, 1] high[0, 0, 0, 1] {
  ^bb0(%a1: index, %a2: index, %a3: index, %a4: index):
    tensor.yield %cst : f32
  } : tensor<2x8x1x67xf32> to tensor<2x8x1x69xf32>
  %0 = tensor.empty() : tensor<2x8x1x34xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<2x8x1x34xf32>) -> tensor<2x8x1x34xf32>
  %2 = tensor.empty() : tensor<1x3xf32>
  %3 = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<[1, 2]> : vector<2xi64>} ins(%padded, %2 : tensor<2x8x1x69xf32>, tensor<1x3xf32>) outs(%1 : tensor<2x8x1x34xf32>) -> tensor<2x8x1x34xf32>
  %collapsed = tensor.collapse_shape %3 [[0], [1, 2], [3]] : tensor<2x8x1x34xf32> into tensor<2x8x34xf32>
  return %collapsed : tensor<2x8x34xf32>
}
func.func @max2d(%arg0: tensor<1x4x19x19xf32>) -> tensor<1x4x10x10xf32> {
  %cst = arith.constant 0xFF800000 : f32
  %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a1: index, %a2: index, %a3: index, %a4: index):
    tensor.yield %cst : f32
  } : tensor<1x4x19x19xf32> to tensor<1x4x21x21xf32>
  %0 = tensor.empty() : tensor<1x4x10x10xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x4x10x10xf32>) -> tensor<1x4x10x10xf32>
  %2 = tensor.empty() : tensor<3x3xf32>
  %3 = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded, %2 : tensor<1x4x21x21xf32>, tensor<3x3xf32>) outs(%1 : tensor<1x4x10x10xf32>) -> tensor<1x4x10x10xf32>
  return %3 : tensor<1x4x10x10xf32>
}
func.func @avg2d(%arg0: tensor<1x3x23x23xf32>) -> tensor<1x3x23x23xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %cst_0 = arith.constant 9.000000e+00 : f32
  %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a1: index, %a2: index, %a3: index, %a4: index):
    tensor.yield %cst : f32
  } : tensor<1x3x23x23xf32> to tensor<1x3x25x25xf32>
  %0 = tensor.empty() : tensor<1x3x23x23xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x3x23x23xf32>) -> tensor<1x3x23x23xf32>
  %2 = tensor.empty() : tensor<3x3xf32>
  %3 = linalg.pooling_nchw_sum {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %2 : tensor<1x3x25x25xf32>, tensor<3x3xf32>) outs(%1 : tensor<1x3x23x23xf32>) -> tensor<1x3x23x23xf32>
  %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%3 : tensor<1x3x23x23xf32>) outs(%0 : tensor<1x3x23x23xf32>) {
  ^bb0(%in: f32, %out: f32):
    %5 = arith.divf %in, %cst_0 : f32
    linalg.yield %5 : f32
  } -> tensor<1x3x23x23xf32>
  return %4 : tensor<1x3x23x23xf32>
}
func.func @sum_s3(%arg0: tensor<1x2x30x62xf32>) -> tensor<1x2x10x21xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<1x2x10x21xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x2x10x21xf32>) -> tensor<1x2x10x21xf32>
  %2 = tensor.empty() : tensor<2x2xf32>
  %3 = linalg.pooling_nchw_sum {dilations = dense<1> : vector<2xi64>, strides = dense<3> : vector<2xi64>} ins(%arg0, %2 : tensor<1x2x30x62xf32>, tensor<2x2xf32>) outs(%1 : tensor<1x2x10x21xf32>) -> tensor<1x2x10x21xf32>
  return %3 : tensor<1x2x10x21xf32>
}
func.func @max_plain(%arg0: tensor<1x5x16x16xf32>) -> tensor<1x5x8x8xf32> {
  %cst = arith.constant 0xFF800000 : f32
  %0 = tensor.empty() : tensor<1x5x8x8xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x5x8x8xf32>) -> tensor<1x5x8x8xf32>
  %2 = tensor.empty() : tensor<2x2xf32>
  %3 = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%arg0, %2 : tensor<1x5x16x16xf32>, tensor<2x2xf32>) outs(%1 : tensor<1x5x8x8xf32>) -> tensor<1x5x8x8xf32>
  return %3 : tensor<1x5x8x8xf32>
}
