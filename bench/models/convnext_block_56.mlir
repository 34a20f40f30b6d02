#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d3)>
#map3 = affine_map<(d0, d1) -> (d1)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
module {
  func.func @convnext_block_56(%arg0: tensor<1x96x56x56xf32>, %arg1: tensor<96x1x1xf32>, %arg2: tensor<96x1x7x7xf32>, %arg3: tensor<96xf32>, %arg4: tensor<96xf32>, %arg5: tensor<96xf32>, %arg6: tensor<384x96xf32>, %arg7: tensor<384xf32>, %arg8: tensor<96x384xf32>, %arg9: tensor<96xf32>) -> tensor<1x96x56x56xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0.000000e+00 : f64
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant 5.000000e-01 : f32
    %cst_3 = arith.constant 9.9999999999999995E-7 : f64
    %cst_4 = arith.constant 9.600000e+01 : f64
    %cst_5 = arith.constant 9.600000e+01 : f32
    %cst_6 = arith.constant 1.41421354 : f32
    %padded = tensor.pad %arg0 low[0, 0, 3, 3] high[0, 0, 3, 3] {
    ^bb0(%arg10: index, %arg11: index, %arg12: index, %arg13: index):
      tensor.yield %cst : f32
    } : tensor<1x96x56x56xf32> to tensor<1x96x62x62xf32>
    %0 = tensor.empty() : tensor<1x96x56x56xf32>
    %broadcasted = linalg.broadcast ins(%arg3 : tensor<96xf32>) outs(%0 : tensor<1x96x56x56xf32>) dimensions = [0, 2, 3] 
    %collapsed = tensor.collapse_shape %arg2 [[0, 1], [2], [3]] : tensor<96x1x7x7xf32> into tensor<96x7x7xf32>
    %1 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %collapsed : tensor<1x96x62x62xf32>, tensor<96x7x7xf32>) outs(%broadcasted : tensor<1x96x56x56xf32>) -> tensor<1x96x56x56xf32>
    %2 = tensor.empty() : tensor<1x56x56x96xf32>
    %transposed = linalg.transpose ins(%1 : tensor<1x96x56x56xf32>) outs(%2 : tensor<1x56x56x96xf32>) permutation = [0, 2, 3, 1] 
    %3 = tensor.empty() : tensor<1x56x56x96xf64>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed : tensor<1x56x56x96xf32>) outs(%3 : tensor<1x56x56x96xf64>) {
    ^bb0(%in: f32, %out: f64):
      %40 = arith.extf %in : f32 to f64
      linalg.yield %40 : f64
    } -> tensor<1x56x56x96xf64>
    %5 = tensor.empty() : tensor<1x56x56x1xf64>
    %6 = linalg.fill ins(%cst_0 : f64) outs(%5 : tensor<1x56x56x1xf64>) -> tensor<1x56x56x1xf64>
    %7 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%4 : tensor<1x56x56x96xf64>) outs(%6 : tensor<1x56x56x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %40 = arith.addf %in, %out : f64
      linalg.yield %40 : f64
    } -> tensor<1x56x56x1xf64>
    %8 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%7 : tensor<1x56x56x1xf64>) outs(%5 : tensor<1x56x56x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %40 = arith.divf %in, %cst_4 : f64
      linalg.yield %40 : f64
    } -> tensor<1x56x56x1xf64>
    %9 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%4, %8 : tensor<1x56x56x96xf64>, tensor<1x56x56x1xf64>) outs(%3 : tensor<1x56x56x96xf64>) {
    ^bb0(%in: f64, %in_13: f64, %out: f64):
      %40 = arith.subf %in, %in_13 : f64
      linalg.yield %40 : f64
    } -> tensor<1x56x56x96xf64>
    %10 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%9, %9 : tensor<1x56x56x96xf64>, tensor<1x56x56x96xf64>) outs(%3 : tensor<1x56x56x96xf64>) {
    ^bb0(%in: f64, %in_13: f64, %out: f64):
      %40 = arith.mulf %in, %in_13 : f64
      linalg.yield %40 : f64
    } -> tensor<1x56x56x96xf64>
    %11 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%10 : tensor<1x56x56x96xf64>) outs(%6 : tensor<1x56x56x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %40 = arith.addf %in, %out : f64
      linalg.yield %40 : f64
    } -> tensor<1x56x56x1xf64>
    %12 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%11 : tensor<1x56x56x1xf64>) outs(%5 : tensor<1x56x56x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %40 = arith.divf %in, %cst_4 : f64
      linalg.yield %40 : f64
    } -> tensor<1x56x56x1xf64>
    %13 = tensor.empty() : tensor<1x56x56x1xf32>
    %14 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%12 : tensor<1x56x56x1xf64>) outs(%13 : tensor<1x56x56x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %40 = arith.truncf %in : f64 to f32
      linalg.yield %40 : f32
    } -> tensor<1x56x56x1xf32>
    %15 = linalg.fill ins(%cst : f32) outs(%13 : tensor<1x56x56x1xf32>) -> tensor<1x56x56x1xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%transposed : tensor<1x56x56x96xf32>) outs(%15 : tensor<1x56x56x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %40 = arith.addf %in, %out : f32
      linalg.yield %40 : f32
    } -> tensor<1x56x56x1xf32>
    %17 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%16 : tensor<1x56x56x1xf32>) outs(%13 : tensor<1x56x56x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %40 = arith.divf %in, %cst_5 : f32
      linalg.yield %40 : f32
    } -> tensor<1x56x56x1xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%14 : tensor<1x56x56x1xf32>) outs(%13 : tensor<1x56x56x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %40 = arith.truncf %cst_3 : f64 to f32
      %41 = arith.addf %in, %40 : f32
      linalg.yield %41 : f32
    } -> tensor<1x56x56x1xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%18 : tensor<1x56x56x1xf32>) outs(%13 : tensor<1x56x56x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %40 = math.rsqrt %in : f32
      linalg.yield %40 : f32
    } -> tensor<1x56x56x1xf32>
    %20 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed, %17 : tensor<1x56x56x96xf32>, tensor<1x56x56x1xf32>) outs(%2 : tensor<1x56x56x96xf32>) {
    ^bb0(%in: f32, %in_13: f32, %out: f32):
      %40 = arith.subf %in, %in_13 : f32
      linalg.yield %40 : f32
    } -> tensor<1x56x56x96xf32>
    %21 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%20, %19 : tensor<1x56x56x96xf32>, tensor<1x56x56x1xf32>) outs(%2 : tensor<1x56x56x96xf32>) {
    ^bb0(%in: f32, %in_13: f32, %out: f32):
      %40 = arith.mulf %in, %in_13 : f32
      linalg.yield %40 : f32
    } -> tensor<1x56x56x96xf32>
    %22 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%21, %arg4 : tensor<1x56x56x96xf32>, tensor<96xf32>) outs(%2 : tensor<1x56x56x96xf32>) {
    ^bb0(%in: f32, %in_13: f32, %out: f32):
      %40 = arith.mulf %in, %in_13 : f32
      linalg.yield %40 : f32
    } -> tensor<1x56x56x96xf32>
    %23 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%22, %arg5 : tensor<1x56x56x96xf32>, tensor<96xf32>) outs(%2 : tensor<1x56x56x96xf32>) {
    ^bb0(%in: f32, %in_13: f32, %out: f32):
      %40 = arith.addf %in, %in_13 : f32
      linalg.yield %40 : f32
    } -> tensor<1x56x56x96xf32>
    %collapsed_7 = tensor.collapse_shape %23 [[0, 1, 2], [3]] : tensor<1x56x56x96xf32> into tensor<3136x96xf32>
    %24 = tensor.empty() : tensor<96x384xf32>
    %transposed_8 = linalg.transpose ins(%arg6 : tensor<384x96xf32>) outs(%24 : tensor<96x384xf32>) permutation = [1, 0] 
    %25 = tensor.empty() : tensor<3136x384xf32>
    %26 = linalg.fill ins(%cst : f32) outs(%25 : tensor<3136x384xf32>) -> tensor<3136x384xf32>
    %27 = linalg.matmul ins(%collapsed_7, %transposed_8 : tensor<3136x96xf32>, tensor<96x384xf32>) outs(%26 : tensor<3136x384xf32>) -> tensor<3136x384xf32>
    %28 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg7 : tensor<384xf32>) outs(%25 : tensor<3136x384xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<3136x384xf32>
    %29 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%27, %28 : tensor<3136x384xf32>, tensor<3136x384xf32>) outs(%25 : tensor<3136x384xf32>) {
    ^bb0(%in: f32, %in_13: f32, %out: f32):
      %40 = arith.addf %in, %in_13 : f32
      linalg.yield %40 : f32
    } -> tensor<3136x384xf32>
    %expanded = tensor.expand_shape %29 [[0, 1, 2], [3]] output_shape [1, 56, 56, 384] : tensor<3136x384xf32> into tensor<1x56x56x384xf32>
    %30 = tensor.empty() : tensor<1x56x56x384xf32>
    %31 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded : tensor<1x56x56x384xf32>) outs(%30 : tensor<1x56x56x384xf32>) {
    ^bb0(%in: f32, %out: f32):
      %40 = arith.divf %in, %cst_6 : f32
      %41 = math.erf %40 : f32
      %42 = arith.addf %41, %cst_1 : f32
      %43 = arith.mulf %42, %cst_2 : f32
      %44 = arith.mulf %in, %43 : f32
      linalg.yield %44 : f32
    } -> tensor<1x56x56x384xf32>
    %collapsed_9 = tensor.collapse_shape %31 [[0, 1, 2], [3]] : tensor<1x56x56x384xf32> into tensor<3136x384xf32>
    %32 = tensor.empty() : tensor<384x96xf32>
    %transposed_10 = linalg.transpose ins(%arg8 : tensor<96x384xf32>) outs(%32 : tensor<384x96xf32>) permutation = [1, 0] 
    %33 = tensor.empty() : tensor<3136x96xf32>
    %34 = linalg.fill ins(%cst : f32) outs(%33 : tensor<3136x96xf32>) -> tensor<3136x96xf32>
    %35 = linalg.matmul ins(%collapsed_9, %transposed_10 : tensor<3136x384xf32>, tensor<384x96xf32>) outs(%34 : tensor<3136x96xf32>) -> tensor<3136x96xf32>
    %36 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg9 : tensor<96xf32>) outs(%33 : tensor<3136x96xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<3136x96xf32>
    %37 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%35, %36 : tensor<3136x96xf32>, tensor<3136x96xf32>) outs(%33 : tensor<3136x96xf32>) {
    ^bb0(%in: f32, %in_13: f32, %out: f32):
      %40 = arith.addf %in, %in_13 : f32
      linalg.yield %40 : f32
    } -> tensor<3136x96xf32>
    %expanded_11 = tensor.expand_shape %37 [[0, 1, 2], [3]] output_shape [1, 56, 56, 96] : tensor<3136x96xf32> into tensor<1x56x56x96xf32>
    %transposed_12 = linalg.transpose ins(%expanded_11 : tensor<1x56x56x96xf32>) outs(%0 : tensor<1x96x56x56xf32>) permutation = [0, 3, 1, 2] 
    %38 = linalg.generic {indexing_maps = [#map5, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg1, %transposed_12 : tensor<96x1x1xf32>, tensor<1x96x56x56xf32>) outs(%0 : tensor<1x96x56x56xf32>) {
    ^bb0(%in: f32, %in_13: f32, %out: f32):
      %40 = arith.mulf %in, %in_13 : f32
      linalg.yield %40 : f32
    } -> tensor<1x96x56x56xf32>
    %39 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%38, %arg0 : tensor<1x96x56x56xf32>, tensor<1x96x56x56xf32>) outs(%0 : tensor<1x96x56x56xf32>) {
    ^bb0(%in: f32, %in_13: f32, %out: f32):
      %40 = arith.addf %in, %in_13 : f32
      linalg.yield %40 : f32
    } -> tensor<1x96x56x56xf32>
    return %39 : tensor<1x96x56x56xf32>
  }
}
