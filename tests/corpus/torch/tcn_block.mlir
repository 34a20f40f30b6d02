#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @tcn_block(%arg0: tensor<2x32x64xf32>, %arg1: tensor<32x32x3xf32>, %arg2: tensor<32xf32>, %arg3: tensor<32x1x5xf32>, %arg4: tensor<32xf32>, %arg5: tensor<32x32x1xf32>, %arg6: tensor<32xf32>, %arg7: tensor<64x32x3xf32>) -> tensor<2x64x16xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant 5.000000e-01 : f32
    %cst_2 = arith.constant 0xFF800000 : f32
    %cst_3 = arith.constant 1.41421354 : f32
    %padded = tensor.pad %arg0 low[0, 0, 2] high[0, 0, 2] {
    ^bb0(%arg8: index, %arg9: index, %arg10: index):
      tensor.yield %cst : f32
    } : tensor<2x32x64xf32> to tensor<2x32x68xf32>
    %0 = tensor.empty() : tensor<2x32x64xf32>
    %broadcasted = linalg.broadcast ins(%arg2 : tensor<32xf32>) outs(%0 : tensor<2x32x64xf32>) dimensions = [0, 2] 
    %1 = linalg.conv_1d_ncw_fcw {dilations = dense<2> : vector<1xi64>, strides = dense<1> : vector<1xi64>} ins(%padded, %arg1 : tensor<2x32x68xf32>, tensor<32x32x3xf32>) outs(%broadcasted : tensor<2x32x64xf32>) -> tensor<2x32x64xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1 : tensor<2x32x64xf32>) outs(%0 : tensor<2x32x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %15 = arith.cmpf ugt, %in, %cst : f32
      %16 = arith.select %15, %in, %cst : f32
      linalg.yield %16 : f32
    } -> tensor<2x32x64xf32>
    %expanded = tensor.expand_shape %2 [[0], [1], [2, 3]] output_shape [2, 32, 64, 1] : tensor<2x32x64xf32> into tensor<2x32x64x1xf32>
    %expanded_4 = tensor.expand_shape %arg3 [[0], [1], [2, 3]] output_shape [32, 1, 5, 1] : tensor<32x1x5xf32> into tensor<32x1x5x1xf32>
    %padded_5 = tensor.pad %expanded low[0, 0, 2, 0] high[0, 0, 2, 0] {
    ^bb0(%arg8: index, %arg9: index, %arg10: index, %arg11: index):
      tensor.yield %cst : f32
    } : tensor<2x32x64x1xf32> to tensor<2x32x68x1xf32>
    %3 = tensor.empty() : tensor<2x32x64x1xf32>
    %broadcasted_6 = linalg.broadcast ins(%arg4 : tensor<32xf32>) outs(%3 : tensor<2x32x64x1xf32>) dimensions = [0, 2, 3] 
    %collapsed = tensor.collapse_shape %expanded_4 [[0, 1], [2], [3]] : tensor<32x1x5x1xf32> into tensor<32x5x1xf32>
    %4 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_5, %collapsed : tensor<2x32x68x1xf32>, tensor<32x5x1xf32>) outs(%broadcasted_6 : tensor<2x32x64x1xf32>) -> tensor<2x32x64x1xf32>
    %collapsed_7 = tensor.collapse_shape %4 [[0], [1], [2, 3]] : tensor<2x32x64x1xf32> into tensor<2x32x64xf32>
    %broadcasted_8 = linalg.broadcast ins(%arg6 : tensor<32xf32>) outs(%0 : tensor<2x32x64xf32>) dimensions = [0, 2] 
    %5 = linalg.conv_1d_ncw_fcw {dilations = dense<1> : vector<1xi64>, strides = dense<1> : vector<1xi64>} ins(%collapsed_7, %arg5 : tensor<2x32x64xf32>, tensor<32x32x1xf32>) outs(%broadcasted_8 : tensor<2x32x64xf32>) -> tensor<2x32x64xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %5 : tensor<2x32x64xf32>, tensor<2x32x64xf32>) outs(%0 : tensor<2x32x64xf32>) {
    ^bb0(%in: f32, %in_12: f32, %out: f32):
      %15 = arith.addf %in, %in_12 : f32
      linalg.yield %15 : f32
    } -> tensor<2x32x64xf32>
    %padded_9 = tensor.pad %6 low[0, 0, 1] high[0, 0, 1] {
    ^bb0(%arg8: index, %arg9: index, %arg10: index):
      tensor.yield %cst : f32
    } : tensor<2x32x64xf32> to tensor<2x32x66xf32>
    %7 = tensor.empty() : tensor<2x64x32xf32>
    %8 = linalg.fill ins(%cst : f32) outs(%7 : tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %9 = linalg.conv_1d_ncw_fcw {dilations = dense<1> : vector<1xi64>, strides = dense<2> : vector<1xi64>} ins(%padded_9, %arg7 : tensor<2x32x66xf32>, tensor<64x32x3xf32>) outs(%8 : tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %10 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%9 : tensor<2x64x32xf32>) outs(%7 : tensor<2x64x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %15 = arith.divf %in, %cst_3 : f32
      %16 = math.erf %15 : f32
      %17 = arith.addf %16, %cst_0 : f32
      %18 = arith.mulf %17, %cst_1 : f32
      %19 = arith.mulf %in, %18 : f32
      linalg.yield %19 : f32
    } -> tensor<2x64x32xf32>
    %expanded_10 = tensor.expand_shape %10 [[0], [1], [2, 3]] output_shape [2, 64, 1, 32] : tensor<2x64x32xf32> into tensor<2x64x1x32xf32>
    %11 = tensor.empty() : tensor<2x64x1x16xf32>
    %12 = linalg.fill ins(%cst_2 : f32) outs(%11 : tensor<2x64x1x16xf32>) -> tensor<2x64x1x16xf32>
    %13 = tensor.empty() : tensor<1x2xf32>
    %14 = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<[1, 2]> : vector<2xi64>} ins(%expanded_10, %13 : tensor<2x64x1x32xf32>, tensor<1x2xf32>) outs(%12 : tensor<2x64x1x16xf32>) -> tensor<2x64x1x16xf32>
    %collapsed_11 = tensor.collapse_shape %14 [[0], [1, 2], [3]] : tensor<2x64x1x16xf32> into tensor<2x64x16xf32>
    return %collapsed_11 : tensor<2x64x16xf32>
  }
}
