#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
module {
  func.func @pools(%arg0: tensor<1x64x32x32xf32>) -> (tensor<1x64x16x16xf32>, tensor<1x64x8x8xf32>, tensor<1x64xf32>) {
    %cst = arith.constant 0xFF800000 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 4.000000e+00 : f32
    %cst_2 = arith.constant 2.560000e+02 : f32
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x64x32x32xf32> to tensor<1x64x34x34xf32>
    %0 = tensor.empty() : tensor<1x64x16x16xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x64x16x16xf32>) -> tensor<1x64x16x16xf32>
    %2 = tensor.empty() : tensor<3x3xf32>
    %3 = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded, %2 : tensor<1x64x34x34xf32>, tensor<3x3xf32>) outs(%1 : tensor<1x64x16x16xf32>) -> tensor<1x64x16x16xf32>
    %4 = tensor.empty() : tensor<1x64x8x8xf32>
    %5 = linalg.fill ins(%cst_0 : f32) outs(%4 : tensor<1x64x8x8xf32>) -> tensor<1x64x8x8xf32>
    %6 = tensor.empty() : tensor<2x2xf32>
    %7 = linalg.pooling_nchw_sum {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%3, %6 : tensor<1x64x16x16xf32>, tensor<2x2xf32>) outs(%5 : tensor<1x64x8x8xf32>) -> tensor<1x64x8x8xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%7 : tensor<1x64x8x8xf32>) outs(%4 : tensor<1x64x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %13 = arith.divf %in, %cst_1 : f32
      linalg.yield %13 : f32
    } -> tensor<1x64x8x8xf32>
    %9 = tensor.empty() : tensor<1x64x1x1xf32>
    %10 = linalg.fill ins(%cst_0 : f32) outs(%9 : tensor<1x64x1x1xf32>) -> tensor<1x64x1x1xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%3 : tensor<1x64x16x16xf32>) outs(%10 : tensor<1x64x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %13 = arith.addf %in, %out : f32
      linalg.yield %13 : f32
    } -> tensor<1x64x1x1xf32>
    %12 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%11 : tensor<1x64x1x1xf32>) outs(%9 : tensor<1x64x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %13 = arith.divf %in, %cst_2 : f32
      linalg.yield %13 : f32
    } -> tensor<1x64x1x1xf32>
    %collapsed = tensor.collapse_shape %12 [[0], [1, 2, 3]] : tensor<1x64x1x1xf32> into tensor<1x64xf32>
    return %3, %8, %collapsed : tensor<1x64x16x16xf32>, tensor<1x64x8x8xf32>, tensor<1x64xf32>
  }
}
