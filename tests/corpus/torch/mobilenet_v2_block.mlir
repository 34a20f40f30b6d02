#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
#map3 = affine_map<(d0, d1, d2, d3) -> ()>
module {
  func.func @mobilenet_v2_block(%arg0: tensor<1x24x16x16xf32>, %arg1: tensor<144x24x1x1xf32>, %arg2: tensor<144xf32>, %arg3: tensor<144xf32>, %arg4: tensor<144x1x3x3xf32>, %arg5: tensor<144xf32>, %arg6: tensor<144xf32>, %arg7: tensor<24x144x1x1xf32>, %arg8: tensor<24xf32>, %arg9: tensor<24xf32>, %arg10: tensor<144xf32>, %arg11: tensor<144xf32>, %arg12: tensor<144xf32>, %arg13: tensor<144xf32>, %arg14: tensor<24xf32>, %arg15: tensor<24xf32>) -> tensor<1x24x16x16xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense<6.000000e+00> : tensor<f32>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<f32>
    %cst_2 = arith.constant 1.000000e-05 : f64
    %0 = tensor.empty() : tensor<1x144x16x16xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x144x16x16xf32>) -> tensor<1x144x16x16xf32>
    %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%arg0, %arg1 : tensor<1x24x16x16xf32>, tensor<144x24x1x1xf32>) outs(%1 : tensor<1x144x16x16xf32>) -> tensor<1x144x16x16xf32>
    %3 = tensor.empty() : tensor<144xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg11 : tensor<144xf32>) outs(%3 : tensor<144xf32>) {
    ^bb0(%in: f32, %out: f32):
      %32 = arith.truncf %cst_2 : f64 to f32
      %33 = arith.addf %in, %32 : f32
      linalg.yield %33 : f32
    } -> tensor<144xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%4 : tensor<144xf32>) outs(%3 : tensor<144xf32>) {
    ^bb0(%in: f32, %out: f32):
      %32 = math.rsqrt %in : f32
      linalg.yield %32 : f32
    } -> tensor<144xf32>
    %expanded = tensor.expand_shape %arg10 [[0, 1, 2]] output_shape [144, 1, 1] : tensor<144xf32> into tensor<144x1x1xf32>
    %expanded_3 = tensor.expand_shape %5 [[0, 1, 2]] output_shape [144, 1, 1] : tensor<144xf32> into tensor<144x1x1xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2, %expanded : tensor<1x144x16x16xf32>, tensor<144x1x1xf32>) outs(%0 : tensor<1x144x16x16xf32>) {
    ^bb0(%in: f32, %in_14: f32, %out: f32):
      %32 = arith.subf %in, %in_14 : f32
      linalg.yield %32 : f32
    } -> tensor<1x144x16x16xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%6, %expanded_3 : tensor<1x144x16x16xf32>, tensor<144x1x1xf32>) outs(%0 : tensor<1x144x16x16xf32>) {
    ^bb0(%in: f32, %in_14: f32, %out: f32):
      %32 = arith.mulf %in, %in_14 : f32
      linalg.yield %32 : f32
    } -> tensor<1x144x16x16xf32>
    %expanded_4 = tensor.expand_shape %arg2 [[0, 1, 2]] output_shape [144, 1, 1] : tensor<144xf32> into tensor<144x1x1xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%7, %expanded_4 : tensor<1x144x16x16xf32>, tensor<144x1x1xf32>) outs(%0 : tensor<1x144x16x16xf32>) {
    ^bb0(%in: f32, %in_14: f32, %out: f32):
      %32 = arith.mulf %in, %in_14 : f32
      linalg.yield %32 : f32
    } -> tensor<1x144x16x16xf32>
    %expanded_5 = tensor.expand_shape %arg3 [[0, 1, 2]] output_shape [144, 1, 1] : tensor<144xf32> into tensor<144x1x1xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%8, %expanded_5 : tensor<1x144x16x16xf32>, tensor<144x1x1xf32>) outs(%0 : tensor<1x144x16x16xf32>) {
    ^bb0(%in: f32, %in_14: f32, %out: f32):
      %32 = arith.addf %in, %in_14 : f32
      linalg.yield %32 : f32
    } -> tensor<1x144x16x16xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%9, %cst_1 : tensor<1x144x16x16xf32>, tensor<f32>) outs(%0 : tensor<1x144x16x16xf32>) {
    ^bb0(%in: f32, %in_14: f32, %out: f32):
      %32 = arith.cmpf ogt, %in, %in_14 : f32
      %33 = arith.select %32, %in, %in_14 : f32
      linalg.yield %33 : f32
    } -> tensor<1x144x16x16xf32>
    %11 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_0, %10 : tensor<f32>, tensor<1x144x16x16xf32>) outs(%0 : tensor<1x144x16x16xf32>) {
    ^bb0(%in: f32, %in_14: f32, %out: f32):
      %32 = arith.cmpf olt, %in, %in_14 : f32
      %33 = arith.select %32, %in, %in_14 : f32
      linalg.yield %33 : f32
    } -> tensor<1x144x16x16xf32>
    %padded = tensor.pad %11 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg16: index, %arg17: index, %arg18: index, %arg19: index):
      tensor.yield %cst : f32
    } : tensor<1x144x16x16xf32> to tensor<1x144x18x18xf32>
    %collapsed = tensor.collapse_shape %arg4 [[0, 1], [2], [3]] : tensor<144x1x3x3xf32> into tensor<144x3x3xf32>
    %12 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %collapsed : tensor<1x144x18x18xf32>, tensor<144x3x3xf32>) outs(%1 : tensor<1x144x16x16xf32>) -> tensor<1x144x16x16xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg13 : tensor<144xf32>) outs(%3 : tensor<144xf32>) {
    ^bb0(%in: f32, %out: f32):
      %32 = arith.truncf %cst_2 : f64 to f32
      %33 = arith.addf %in, %32 : f32
      linalg.yield %33 : f32
    } -> tensor<144xf32>
    %14 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%13 : tensor<144xf32>) outs(%3 : tensor<144xf32>) {
    ^bb0(%in: f32, %out: f32):
      %32 = math.rsqrt %in : f32
      linalg.yield %32 : f32
    } -> tensor<144xf32>
    %expanded_6 = tensor.expand_shape %arg12 [[0, 1, 2]] output_shape [144, 1, 1] : tensor<144xf32> into tensor<144x1x1xf32>
    %expanded_7 = tensor.expand_shape %14 [[0, 1, 2]] output_shape [144, 1, 1] : tensor<144xf32> into tensor<144x1x1xf32>
    %15 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%12, %expanded_6 : tensor<1x144x16x16xf32>, tensor<144x1x1xf32>) outs(%0 : tensor<1x144x16x16xf32>) {
    ^bb0(%in: f32, %in_14: f32, %out: f32):
      %32 = arith.subf %in, %in_14 : f32
      linalg.yield %32 : f32
    } -> tensor<1x144x16x16xf32>
    %16 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%15, %expanded_7 : tensor<1x144x16x16xf32>, tensor<144x1x1xf32>) outs(%0 : tensor<1x144x16x16xf32>) {
    ^bb0(%in: f32, %in_14: f32, %out: f32):
      %32 = arith.mulf %in, %in_14 : f32
      linalg.yield %32 : f32
    } -> tensor<1x144x16x16xf32>
    %expanded_8 = tensor.expand_shape %arg5 [[0, 1, 2]] output_shape [144, 1, 1] : tensor<144xf32> into tensor<144x1x1xf32>
    %17 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%16, %expanded_8 : tensor<1x144x16x16xf32>, tensor<144x1x1xf32>) outs(%0 : tensor<1x144x16x16xf32>) {
    ^bb0(%in: f32, %in_14: f32, %out: f32):
      %32 = arith.mulf %in, %in_14 : f32
      linalg.yield %32 : f32
    } -> tensor<1x144x16x16xf32>
    %expanded_9 = tensor.expand_shape %arg6 [[0, 1, 2]] output_shape [144, 1, 1] : tensor<144xf32> into tensor<144x1x1xf32>
    %18 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%17, %expanded_9 : tensor<1x144x16x16xf32>, tensor<144x1x1xf32>) outs(%0 : tensor<1x144x16x16xf32>) {
    ^bb0(%in: f32, %in_14: f32, %out: f32):
      %32 = arith.addf %in, %in_14 : f32
      linalg.yield %32 : f32
    } -> tensor<1x144x16x16xf32>
    %19 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%18, %cst_1 : tensor<1x144x16x16xf32>, tensor<f32>) outs(%0 : tensor<1x144x16x16xf32>) {
    ^bb0(%in: f32, %in_14: f32, %out: f32):
      %32 = arith.cmpf ogt, %in, %in_14 : f32
      %33 = arith.select %32, %in, %in_14 : f32
      linalg.yield %33 : f32
    } -> tensor<1x144x16x16xf32>
    %20 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_0, %19 : tensor<f32>, tensor<1x144x16x16xf32>) outs(%0 : tensor<1x144x16x16xf32>) {
    ^bb0(%in: f32, %in_14: f32, %out: f32):
      %32 = arith.cmpf olt, %in, %in_14 : f32
      %33 = arith.select %32, %in, %in_14 : f32
      linalg.yield %33 : f32
    } -> tensor<1x144x16x16xf32>
    %21 = tensor.empty() : tensor<1x24x16x16xf32>
    %22 = linalg.fill ins(%cst : f32) outs(%21 : tensor<1x24x16x16xf32>) -> tensor<1x24x16x16xf32>
    %23 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%20, %arg7 : tensor<1x144x16x16xf32>, tensor<24x144x1x1xf32>) outs(%22 : tensor<1x24x16x16xf32>) -> tensor<1x24x16x16xf32>
    %24 = tensor.empty() : tensor<24xf32>
    %25 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg15 : tensor<24xf32>) outs(%24 : tensor<24xf32>) {
    ^bb0(%in: f32, %out: f32):
      %32 = arith.truncf %cst_2 : f64 to f32
      %33 = arith.addf %in, %32 : f32
      linalg.yield %33 : f32
    } -> tensor<24xf32>
    %26 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%25 : tensor<24xf32>) outs(%24 : tensor<24xf32>) {
    ^bb0(%in: f32, %out: f32):
      %32 = math.rsqrt %in : f32
      linalg.yield %32 : f32
    } -> tensor<24xf32>
    %expanded_10 = tensor.expand_shape %arg14 [[0, 1, 2]] output_shape [24, 1, 1] : tensor<24xf32> into tensor<24x1x1xf32>
    %expanded_11 = tensor.expand_shape %26 [[0, 1, 2]] output_shape [24, 1, 1] : tensor<24xf32> into tensor<24x1x1xf32>
    %27 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%23, %expanded_10 : tensor<1x24x16x16xf32>, tensor<24x1x1xf32>) outs(%21 : tensor<1x24x16x16xf32>) {
    ^bb0(%in: f32, %in_14: f32, %out: f32):
      %32 = arith.subf %in, %in_14 : f32
      linalg.yield %32 : f32
    } -> tensor<1x24x16x16xf32>
    %28 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%27, %expanded_11 : tensor<1x24x16x16xf32>, tensor<24x1x1xf32>) outs(%21 : tensor<1x24x16x16xf32>) {
    ^bb0(%in: f32, %in_14: f32, %out: f32):
      %32 = arith.mulf %in, %in_14 : f32
      linalg.yield %32 : f32
    } -> tensor<1x24x16x16xf32>
    %expanded_12 = tensor.expand_shape %arg8 [[0, 1, 2]] output_shape [24, 1, 1] : tensor<24xf32> into tensor<24x1x1xf32>
    %29 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%28, %expanded_12 : tensor<1x24x16x16xf32>, tensor<24x1x1xf32>) outs(%21 : tensor<1x24x16x16xf32>) {
    ^bb0(%in: f32, %in_14: f32, %out: f32):
      %32 = arith.mulf %in, %in_14 : f32
      linalg.yield %32 : f32
    } -> tensor<1x24x16x16xf32>
    %expanded_13 = tensor.expand_shape %arg9 [[0, 1, 2]] output_shape [24, 1, 1] : tensor<24xf32> into tensor<24x1x1xf32>
    %30 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%29, %expanded_13 : tensor<1x24x16x16xf32>, tensor<24x1x1xf32>) outs(%21 : tensor<1x24x16x16xf32>) {
    ^bb0(%in: f32, %in_14: f32, %out: f32):
      %32 = arith.addf %in, %in_14 : f32
      linalg.yield %32 : f32
    } -> tensor<1x24x16x16xf32>
    %31 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0, %30 : tensor<1x24x16x16xf32>, tensor<1x24x16x16xf32>) outs(%21 : tensor<1x24x16x16xf32>) {
    ^bb0(%in: f32, %in_14: f32, %out: f32):
      %32 = arith.addf %in, %in_14 : f32
      linalg.yield %32 : f32
    } -> tensor<1x24x16x16xf32>
    return %31 : tensor<1x24x16x16xf32>
  }
}
