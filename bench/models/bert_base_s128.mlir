#map = affine_map<(d0, d1) -> (d1)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map3 = affine_map<(d0, d1, d2, d3) -> ()>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, 0, 0, d3)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map6 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
#map7 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map8 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map9 = affine_map<(d0, d1, d2) -> (d2)>
module {
  func.func @bert_base_s128(%arg0: tensor<1x128x768xf32>, %arg1: tensor<1x128xf32>, %arg2: tensor<768x768xf32>, %arg3: tensor<768xf32>, %arg4: tensor<768x768xf32>, %arg5: tensor<768xf32>, %arg6: tensor<768x768xf32>, %arg7: tensor<768xf32>, %arg8: tensor<768x768xf32>, %arg9: tensor<768xf32>, %arg10: tensor<768xf32>, %arg11: tensor<768xf32>, %arg12: tensor<3072x768xf32>, %arg13: tensor<3072xf32>, %arg14: tensor<768x3072xf32>, %arg15: tensor<768xf32>, %arg16: tensor<768xf32>, %arg17: tensor<768xf32>) -> tensor<1x128x768xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %c0_i64 = arith.constant 0 : i64
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 0.000000e+00 : f64
    %cst_2 = arith.constant 1.000000e+00 : f32
    %cst_3 = arith.constant 5.000000e-01 : f32
    %cst_4 = arith.constant dense<1.000000e+00> : tensor<f32>
    %cst_5 = arith.constant 9.9999999999999998E-13 : f64
    %cst_6 = arith.constant 8.000000e+00 : f32
    %cst_7 = arith.constant -1.000000e+04 : f32
    %cst_8 = arith.constant 7.680000e+02 : f64
    %cst_9 = arith.constant 7.680000e+02 : f32
    %cst_10 = arith.constant 1.41421354 : f32
    %collapsed = tensor.collapse_shape %arg0 [[0, 1], [2]] : tensor<1x128x768xf32> into tensor<128x768xf32>
    %0 = tensor.empty() : tensor<768x768xf32>
    %transposed = linalg.transpose ins(%arg2 : tensor<768x768xf32>) outs(%0 : tensor<768x768xf32>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<128x768xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<128x768xf32>) -> tensor<128x768xf32>
    %3 = linalg.matmul ins(%collapsed, %transposed : tensor<128x768xf32>, tensor<768x768xf32>) outs(%2 : tensor<128x768xf32>) -> tensor<128x768xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg3 : tensor<768xf32>) outs(%1 : tensor<128x768xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x768xf32>
    %5 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%3, %4 : tensor<128x768xf32>, tensor<128x768xf32>) outs(%1 : tensor<128x768xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %93 = arith.addf %in, %in_36 : f32
      linalg.yield %93 : f32
    } -> tensor<128x768xf32>
    %expanded = tensor.expand_shape %5 [[0, 1], [2, 3]] output_shape [1, 128, 12, 64] : tensor<128x768xf32> into tensor<1x128x12x64xf32>
    %6 = tensor.empty() : tensor<1x12x128x64xf32>
    %transposed_11 = linalg.transpose ins(%expanded : tensor<1x128x12x64xf32>) outs(%6 : tensor<1x12x128x64xf32>) permutation = [0, 2, 1, 3] 
    %transposed_12 = linalg.transpose ins(%arg4 : tensor<768x768xf32>) outs(%0 : tensor<768x768xf32>) permutation = [1, 0] 
    %7 = linalg.matmul ins(%collapsed, %transposed_12 : tensor<128x768xf32>, tensor<768x768xf32>) outs(%2 : tensor<128x768xf32>) -> tensor<128x768xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg5 : tensor<768xf32>) outs(%1 : tensor<128x768xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x768xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%7, %8 : tensor<128x768xf32>, tensor<128x768xf32>) outs(%1 : tensor<128x768xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %93 = arith.addf %in, %in_36 : f32
      linalg.yield %93 : f32
    } -> tensor<128x768xf32>
    %expanded_13 = tensor.expand_shape %9 [[0, 1], [2, 3]] output_shape [1, 128, 12, 64] : tensor<128x768xf32> into tensor<1x128x12x64xf32>
    %transposed_14 = linalg.transpose ins(%arg6 : tensor<768x768xf32>) outs(%0 : tensor<768x768xf32>) permutation = [1, 0] 
    %10 = linalg.matmul ins(%collapsed, %transposed_14 : tensor<128x768xf32>, tensor<768x768xf32>) outs(%2 : tensor<128x768xf32>) -> tensor<128x768xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg7 : tensor<768xf32>) outs(%1 : tensor<128x768xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x768xf32>
    %12 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%10, %11 : tensor<128x768xf32>, tensor<128x768xf32>) outs(%1 : tensor<128x768xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %93 = arith.addf %in, %in_36 : f32
      linalg.yield %93 : f32
    } -> tensor<128x768xf32>
    %expanded_15 = tensor.expand_shape %12 [[0, 1], [2, 3]] output_shape [1, 128, 12, 64] : tensor<128x768xf32> into tensor<1x128x12x64xf32>
    %transposed_16 = linalg.transpose ins(%expanded_15 : tensor<1x128x12x64xf32>) outs(%6 : tensor<1x12x128x64xf32>) permutation = [0, 2, 1, 3] 
    %13 = tensor.empty() : tensor<1x12x64x128xf32>
    %transposed_17 = linalg.transpose ins(%expanded_13 : tensor<1x128x12x64xf32>) outs(%13 : tensor<1x12x64x128xf32>) permutation = [0, 2, 3, 1] 
    %collapsed_18 = tensor.collapse_shape %transposed_11 [[0, 1], [2], [3]] : tensor<1x12x128x64xf32> into tensor<12x128x64xf32>
    %collapsed_19 = tensor.collapse_shape %transposed_17 [[0, 1], [2], [3]] : tensor<1x12x64x128xf32> into tensor<12x64x128xf32>
    %14 = tensor.empty() : tensor<12x128x128xf32>
    %15 = linalg.fill ins(%cst : f32) outs(%14 : tensor<12x128x128xf32>) -> tensor<12x128x128xf32>
    %16 = linalg.batch_matmul ins(%collapsed_18, %collapsed_19 : tensor<12x128x64xf32>, tensor<12x64x128xf32>) outs(%15 : tensor<12x128x128xf32>) -> tensor<12x128x128xf32>
    %expanded_20 = tensor.expand_shape %16 [[0, 1], [2], [3]] output_shape [1, 12, 128, 128] : tensor<12x128x128xf32> into tensor<1x12x128x128xf32>
    %17 = tensor.empty() : tensor<1x12x128x128xf32>
    %18 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_20 : tensor<1x12x128x128xf32>) outs(%17 : tensor<1x12x128x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %93 = arith.divf %in, %cst_6 : f32
      linalg.yield %93 : f32
    } -> tensor<1x12x128x128xf32>
    %expanded_21 = tensor.expand_shape %arg1 [[0], [1, 2, 3]] output_shape [1, 1, 1, 128] : tensor<1x128xf32> into tensor<1x1x1x128xf32>
    %19 = tensor.empty() : tensor<1x1x1x128xf32>
    %20 = linalg.generic {indexing_maps = [#map3, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_4, %expanded_21 : tensor<f32>, tensor<1x1x1x128xf32>) outs(%19 : tensor<1x1x1x128xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %93 = arith.subf %in, %in_36 : f32
      linalg.yield %93 : f32
    } -> tensor<1x1x1x128xf32>
    %21 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%20 : tensor<1x1x1x128xf32>) outs(%19 : tensor<1x1x1x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %93 = arith.mulf %in, %cst_7 : f32
      linalg.yield %93 : f32
    } -> tensor<1x1x1x128xf32>
    %22 = linalg.generic {indexing_maps = [#map2, #map4, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%18, %21 : tensor<1x12x128x128xf32>, tensor<1x1x1x128xf32>) outs(%17 : tensor<1x12x128x128xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %93 = arith.addf %in, %in_36 : f32
      linalg.yield %93 : f32
    } -> tensor<1x12x128x128xf32>
    %23 = tensor.empty() : tensor<1x12x128xi64>
    %24 = linalg.fill ins(%c0_i64 : i64) outs(%23 : tensor<1x12x128xi64>) -> tensor<1x12x128xi64>
    %25 = tensor.empty() : tensor<1x12x128xf32>
    %26 = linalg.fill ins(%cst_0 : f32) outs(%25 : tensor<1x12x128xf32>) -> tensor<1x12x128xf32>
    %27:2 = linalg.generic {indexing_maps = [#map2, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%22 : tensor<1x12x128x128xf32>) outs(%26, %24 : tensor<1x12x128xf32>, tensor<1x12x128xi64>) {
    ^bb0(%in: f32, %out: f32, %out_36: i64):
      %93 = linalg.index 3 : index
      %94 = arith.index_cast %93 : index to i64
      %95 = arith.maximumf %in, %out : f32
      %96 = arith.cmpf ogt, %in, %out : f32
      %97 = arith.select %96, %94, %out_36 : i64
      linalg.yield %95, %97 : f32, i64
    } -> (tensor<1x12x128xf32>, tensor<1x12x128xi64>)
    %expanded_22 = tensor.expand_shape %27#0 [[0], [1], [2, 3]] output_shape [1, 12, 128, 1] : tensor<1x12x128xf32> into tensor<1x12x128x1xf32>
    %28 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%22, %expanded_22 : tensor<1x12x128x128xf32>, tensor<1x12x128x1xf32>) outs(%17 : tensor<1x12x128x128xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %93 = arith.subf %in, %in_36 : f32
      linalg.yield %93 : f32
    } -> tensor<1x12x128x128xf32>
    %29 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%28 : tensor<1x12x128x128xf32>) outs(%17 : tensor<1x12x128x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %93 = math.exp %in : f32
      linalg.yield %93 : f32
    } -> tensor<1x12x128x128xf32>
    %30 = tensor.empty() : tensor<1x12x128x1xf32>
    %31 = linalg.fill ins(%cst : f32) outs(%30 : tensor<1x12x128x1xf32>) -> tensor<1x12x128x1xf32>
    %32 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%29 : tensor<1x12x128x128xf32>) outs(%31 : tensor<1x12x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %93 = arith.addf %in, %out : f32
      linalg.yield %93 : f32
    } -> tensor<1x12x128x1xf32>
    %33 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%29, %32 : tensor<1x12x128x128xf32>, tensor<1x12x128x1xf32>) outs(%17 : tensor<1x12x128x128xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %93 = arith.divf %in, %in_36 : f32
      linalg.yield %93 : f32
    } -> tensor<1x12x128x128xf32>
    %collapsed_23 = tensor.collapse_shape %33 [[0, 1], [2], [3]] : tensor<1x12x128x128xf32> into tensor<12x128x128xf32>
    %collapsed_24 = tensor.collapse_shape %transposed_16 [[0, 1], [2], [3]] : tensor<1x12x128x64xf32> into tensor<12x128x64xf32>
    %34 = tensor.empty() : tensor<12x128x64xf32>
    %35 = linalg.fill ins(%cst : f32) outs(%34 : tensor<12x128x64xf32>) -> tensor<12x128x64xf32>
    %36 = linalg.batch_matmul ins(%collapsed_23, %collapsed_24 : tensor<12x128x128xf32>, tensor<12x128x64xf32>) outs(%35 : tensor<12x128x64xf32>) -> tensor<12x128x64xf32>
    %expanded_25 = tensor.expand_shape %36 [[0, 1], [2], [3]] output_shape [1, 12, 128, 64] : tensor<12x128x64xf32> into tensor<1x12x128x64xf32>
    %37 = tensor.empty() : tensor<1x128x12x64xf32>
    %transposed_26 = linalg.transpose ins(%expanded_25 : tensor<1x12x128x64xf32>) outs(%37 : tensor<1x128x12x64xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_27 = tensor.collapse_shape %transposed_26 [[0, 1], [2, 3]] : tensor<1x128x12x64xf32> into tensor<128x768xf32>
    %transposed_28 = linalg.transpose ins(%arg8 : tensor<768x768xf32>) outs(%0 : tensor<768x768xf32>) permutation = [1, 0] 
    %38 = linalg.matmul ins(%collapsed_27, %transposed_28 : tensor<128x768xf32>, tensor<768x768xf32>) outs(%2 : tensor<128x768xf32>) -> tensor<128x768xf32>
    %39 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg9 : tensor<768xf32>) outs(%1 : tensor<128x768xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x768xf32>
    %40 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%38, %39 : tensor<128x768xf32>, tensor<128x768xf32>) outs(%1 : tensor<128x768xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %93 = arith.addf %in, %in_36 : f32
      linalg.yield %93 : f32
    } -> tensor<128x768xf32>
    %expanded_29 = tensor.expand_shape %40 [[0, 1], [2]] output_shape [1, 128, 768] : tensor<128x768xf32> into tensor<1x128x768xf32>
    %41 = tensor.empty() : tensor<1x128x768xf32>
    %42 = linalg.generic {indexing_maps = [#map7, #map7, #map7], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_29, %arg0 : tensor<1x128x768xf32>, tensor<1x128x768xf32>) outs(%41 : tensor<1x128x768xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %93 = arith.addf %in, %in_36 : f32
      linalg.yield %93 : f32
    } -> tensor<1x128x768xf32>
    %43 = tensor.empty() : tensor<1x128x768xf64>
    %44 = linalg.generic {indexing_maps = [#map7, #map7], iterator_types = ["parallel", "parallel", "parallel"]} ins(%42 : tensor<1x128x768xf32>) outs(%43 : tensor<1x128x768xf64>) {
    ^bb0(%in: f32, %out: f64):
      %93 = arith.extf %in : f32 to f64
      linalg.yield %93 : f64
    } -> tensor<1x128x768xf64>
    %45 = tensor.empty() : tensor<1x128x1xf64>
    %46 = linalg.fill ins(%cst_1 : f64) outs(%45 : tensor<1x128x1xf64>) -> tensor<1x128x1xf64>
    %47 = linalg.generic {indexing_maps = [#map7, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%44 : tensor<1x128x768xf64>) outs(%46 : tensor<1x128x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %93 = arith.addf %in, %out : f64
      linalg.yield %93 : f64
    } -> tensor<1x128x1xf64>
    %48 = linalg.generic {indexing_maps = [#map7, #map7], iterator_types = ["parallel", "parallel", "parallel"]} ins(%47 : tensor<1x128x1xf64>) outs(%45 : tensor<1x128x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %93 = arith.divf %in, %cst_8 : f64
      linalg.yield %93 : f64
    } -> tensor<1x128x1xf64>
    %49 = linalg.generic {indexing_maps = [#map7, #map8, #map7], iterator_types = ["parallel", "parallel", "parallel"]} ins(%44, %48 : tensor<1x128x768xf64>, tensor<1x128x1xf64>) outs(%43 : tensor<1x128x768xf64>) {
    ^bb0(%in: f64, %in_36: f64, %out: f64):
      %93 = arith.subf %in, %in_36 : f64
      linalg.yield %93 : f64
    } -> tensor<1x128x768xf64>
    %50 = linalg.generic {indexing_maps = [#map7, #map7, #map7], iterator_types = ["parallel", "parallel", "parallel"]} ins(%49, %49 : tensor<1x128x768xf64>, tensor<1x128x768xf64>) outs(%43 : tensor<1x128x768xf64>) {
    ^bb0(%in: f64, %in_36: f64, %out: f64):
      %93 = arith.mulf %in, %in_36 : f64
      linalg.yield %93 : f64
    } -> tensor<1x128x768xf64>
    %51 = linalg.generic {indexing_maps = [#map7, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%50 : tensor<1x128x768xf64>) outs(%46 : tensor<1x128x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %93 = arith.addf %in, %out : f64
      linalg.yield %93 : f64
    } -> tensor<1x128x1xf64>
    %52 = linalg.generic {indexing_maps = [#map7, #map7], iterator_types = ["parallel", "parallel", "parallel"]} ins(%51 : tensor<1x128x1xf64>) outs(%45 : tensor<1x128x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %93 = arith.divf %in, %cst_8 : f64
      linalg.yield %93 : f64
    } -> tensor<1x128x1xf64>
    %53 = tensor.empty() : tensor<1x128x1xf32>
    %54 = linalg.generic {indexing_maps = [#map7, #map7], iterator_types = ["parallel", "parallel", "parallel"]} ins(%52 : tensor<1x128x1xf64>) outs(%53 : tensor<1x128x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %93 = arith.truncf %in : f64 to f32
      linalg.yield %93 : f32
    } -> tensor<1x128x1xf32>
    %55 = linalg.fill ins(%cst : f32) outs(%53 : tensor<1x128x1xf32>) -> tensor<1x128x1xf32>
    %56 = linalg.generic {indexing_maps = [#map7, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%42 : tensor<1x128x768xf32>) outs(%55 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %93 = arith.addf %in, %out : f32
      linalg.yield %93 : f32
    } -> tensor<1x128x1xf32>
    %57 = linalg.generic {indexing_maps = [#map7, #map7], iterator_types = ["parallel", "parallel", "parallel"]} ins(%56 : tensor<1x128x1xf32>) outs(%53 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %93 = arith.divf %in, %cst_9 : f32
      linalg.yield %93 : f32
    } -> tensor<1x128x1xf32>
    %58 = linalg.generic {indexing_maps = [#map7, #map7], iterator_types = ["parallel", "parallel", "parallel"]} ins(%54 : tensor<1x128x1xf32>) outs(%53 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %93 = arith.truncf %cst_5 : f64 to f32
      %94 = arith.addf %in, %93 : f32
      linalg.yield %94 : f32
    } -> tensor<1x128x1xf32>
    %59 = linalg.generic {indexing_maps = [#map7, #map7], iterator_types = ["parallel", "parallel", "parallel"]} ins(%58 : tensor<1x128x1xf32>) outs(%53 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %93 = math.rsqrt %in : f32
      linalg.yield %93 : f32
    } -> tensor<1x128x1xf32>
    %60 = linalg.generic {indexing_maps = [#map7, #map8, #map7], iterator_types = ["parallel", "parallel", "parallel"]} ins(%42, %57 : tensor<1x128x768xf32>, tensor<1x128x1xf32>) outs(%41 : tensor<1x128x768xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %93 = arith.subf %in, %in_36 : f32
      linalg.yield %93 : f32
    } -> tensor<1x128x768xf32>
    %61 = linalg.generic {indexing_maps = [#map7, #map8, #map7], iterator_types = ["parallel", "parallel", "parallel"]} ins(%60, %59 : tensor<1x128x768xf32>, tensor<1x128x1xf32>) outs(%41 : tensor<1x128x768xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %93 = arith.mulf %in, %in_36 : f32
      linalg.yield %93 : f32
    } -> tensor<1x128x768xf32>
    %62 = linalg.generic {indexing_maps = [#map7, #map9, #map7], iterator_types = ["parallel", "parallel", "parallel"]} ins(%61, %arg10 : tensor<1x128x768xf32>, tensor<768xf32>) outs(%41 : tensor<1x128x768xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %93 = arith.mulf %in, %in_36 : f32
      linalg.yield %93 : f32
    } -> tensor<1x128x768xf32>
    %63 = linalg.generic {indexing_maps = [#map7, #map9, #map7], iterator_types = ["parallel", "parallel", "parallel"]} ins(%62, %arg11 : tensor<1x128x768xf32>, tensor<768xf32>) outs(%41 : tensor<1x128x768xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %93 = arith.addf %in, %in_36 : f32
      linalg.yield %93 : f32
    } -> tensor<1x128x768xf32>
    %collapsed_30 = tensor.collapse_shape %63 [[0, 1], [2]] : tensor<1x128x768xf32> into tensor<128x768xf32>
    %64 = tensor.empty() : tensor<768x3072xf32>
    %transposed_31 = linalg.transpose ins(%arg12 : tensor<3072x768xf32>) outs(%64 : tensor<768x3072xf32>) permutation = [1, 0] 
    %65 = tensor.empty() : tensor<128x3072xf32>
    %66 = linalg.fill ins(%cst : f32) outs(%65 : tensor<128x3072xf32>) -> tensor<128x3072xf32>
    %67 = linalg.matmul ins(%collapsed_30, %transposed_31 : tensor<128x768xf32>, tensor<768x3072xf32>) outs(%66 : tensor<128x3072xf32>) -> tensor<128x3072xf32>
    %68 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg13 : tensor<3072xf32>) outs(%65 : tensor<128x3072xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x3072xf32>
    %69 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%67, %68 : tensor<128x3072xf32>, tensor<128x3072xf32>) outs(%65 : tensor<128x3072xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %93 = arith.addf %in, %in_36 : f32
      linalg.yield %93 : f32
    } -> tensor<128x3072xf32>
    %expanded_32 = tensor.expand_shape %69 [[0, 1], [2]] output_shape [1, 128, 3072] : tensor<128x3072xf32> into tensor<1x128x3072xf32>
    %70 = tensor.empty() : tensor<1x128x3072xf32>
    %71 = linalg.generic {indexing_maps = [#map7, #map7], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_32 : tensor<1x128x3072xf32>) outs(%70 : tensor<1x128x3072xf32>) {
    ^bb0(%in: f32, %out: f32):
      %93 = arith.divf %in, %cst_10 : f32
      %94 = math.erf %93 : f32
      %95 = arith.addf %94, %cst_2 : f32
      %96 = arith.mulf %95, %cst_3 : f32
      %97 = arith.mulf %in, %96 : f32
      linalg.yield %97 : f32
    } -> tensor<1x128x3072xf32>
    %collapsed_33 = tensor.collapse_shape %71 [[0, 1], [2]] : tensor<1x128x3072xf32> into tensor<128x3072xf32>
    %72 = tensor.empty() : tensor<3072x768xf32>
    %transposed_34 = linalg.transpose ins(%arg14 : tensor<768x3072xf32>) outs(%72 : tensor<3072x768xf32>) permutation = [1, 0] 
    %73 = linalg.matmul ins(%collapsed_33, %transposed_34 : tensor<128x3072xf32>, tensor<3072x768xf32>) outs(%2 : tensor<128x768xf32>) -> tensor<128x768xf32>
    %74 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg15 : tensor<768xf32>) outs(%1 : tensor<128x768xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x768xf32>
    %75 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%73, %74 : tensor<128x768xf32>, tensor<128x768xf32>) outs(%1 : tensor<128x768xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %93 = arith.addf %in, %in_36 : f32
      linalg.yield %93 : f32
    } -> tensor<128x768xf32>
    %expanded_35 = tensor.expand_shape %75 [[0, 1], [2]] output_shape [1, 128, 768] : tensor<128x768xf32> into tensor<1x128x768xf32>
    %76 = linalg.generic {indexing_maps = [#map7, #map7, #map7], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_35, %63 : tensor<1x128x768xf32>, tensor<1x128x768xf32>) outs(%41 : tensor<1x128x768xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %93 = arith.addf %in, %in_36 : f32
      linalg.yield %93 : f32
    } -> tensor<1x128x768xf32>
    %77 = linalg.generic {indexing_maps = [#map7, #map7], iterator_types = ["parallel", "parallel", "parallel"]} ins(%76 : tensor<1x128x768xf32>) outs(%43 : tensor<1x128x768xf64>) {
    ^bb0(%in: f32, %out: f64):
      %93 = arith.extf %in : f32 to f64
      linalg.yield %93 : f64
    } -> tensor<1x128x768xf64>
    %78 = linalg.generic {indexing_maps = [#map7, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%77 : tensor<1x128x768xf64>) outs(%46 : tensor<1x128x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %93 = arith.addf %in, %out : f64
      linalg.yield %93 : f64
    } -> tensor<1x128x1xf64>
    %79 = linalg.generic {indexing_maps = [#map7, #map7], iterator_types = ["parallel", "parallel", "parallel"]} ins(%78 : tensor<1x128x1xf64>) outs(%45 : tensor<1x128x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %93 = arith.divf %in, %cst_8 : f64
      linalg.yield %93 : f64
    } -> tensor<1x128x1xf64>
    %80 = linalg.generic {indexing_maps = [#map7, #map8, #map7], iterator_types = ["parallel", "parallel", "parallel"]} ins(%77, %79 : tensor<1x128x768xf64>, tensor<1x128x1xf64>) outs(%43 : tensor<1x128x768xf64>) {
    ^bb0(%in: f64, %in_36: f64, %out: f64):
      %93 = arith.subf %in, %in_36 : f64
      linalg.yield %93 : f64
    } -> tensor<1x128x768xf64>
    %81 = linalg.generic {indexing_maps = [#map7, #map7, #map7], iterator_types = ["parallel", "parallel", "parallel"]} ins(%80, %80 : tensor<1x128x768xf64>, tensor<1x128x768xf64>) outs(%43 : tensor<1x128x768xf64>) {
    ^bb0(%in: f64, %in_36: f64, %out: f64):
      %93 = arith.mulf %in, %in_36 : f64
      linalg.yield %93 : f64
    } -> tensor<1x128x768xf64>
    %82 = linalg.generic {indexing_maps = [#map7, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%81 : tensor<1x128x768xf64>) outs(%46 : tensor<1x128x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %93 = arith.addf %in, %out : f64
      linalg.yield %93 : f64
    } -> tensor<1x128x1xf64>
    %83 = linalg.generic {indexing_maps = [#map7, #map7], iterator_types = ["parallel", "parallel", "parallel"]} ins(%82 : tensor<1x128x1xf64>) outs(%45 : tensor<1x128x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %93 = arith.divf %in, %cst_8 : f64
      linalg.yield %93 : f64
    } -> tensor<1x128x1xf64>
    %84 = linalg.generic {indexing_maps = [#map7, #map7], iterator_types = ["parallel", "parallel", "parallel"]} ins(%83 : tensor<1x128x1xf64>) outs(%53 : tensor<1x128x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %93 = arith.truncf %in : f64 to f32
      linalg.yield %93 : f32
    } -> tensor<1x128x1xf32>
    %85 = linalg.generic {indexing_maps = [#map7, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%76 : tensor<1x128x768xf32>) outs(%55 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %93 = arith.addf %in, %out : f32
      linalg.yield %93 : f32
    } -> tensor<1x128x1xf32>
    %86 = linalg.generic {indexing_maps = [#map7, #map7], iterator_types = ["parallel", "parallel", "parallel"]} ins(%85 : tensor<1x128x1xf32>) outs(%53 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %93 = arith.divf %in, %cst_9 : f32
      linalg.yield %93 : f32
    } -> tensor<1x128x1xf32>
    %87 = linalg.generic {indexing_maps = [#map7, #map7], iterator_types = ["parallel", "parallel", "parallel"]} ins(%84 : tensor<1x128x1xf32>) outs(%53 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %93 = arith.truncf %cst_5 : f64 to f32
      %94 = arith.addf %in, %93 : f32
      linalg.yield %94 : f32
    } -> tensor<1x128x1xf32>
    %88 = linalg.generic {indexing_maps = [#map7, #map7], iterator_types = ["parallel", "parallel", "parallel"]} ins(%87 : tensor<1x128x1xf32>) outs(%53 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %93 = math.rsqrt %in : f32
      linalg.yield %93 : f32
    } -> tensor<1x128x1xf32>
    %89 = linalg.generic {indexing_maps = [#map7, #map8, #map7], iterator_types = ["parallel", "parallel", "parallel"]} ins(%76, %86 : tensor<1x128x768xf32>, tensor<1x128x1xf32>) outs(%41 : tensor<1x128x768xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %93 = arith.subf %in, %in_36 : f32
      linalg.yield %93 : f32
    } -> tensor<1x128x768xf32>
    %90 = linalg.generic {indexing_maps = [#map7, #map8, #map7], iterator_types = ["parallel", "parallel", "parallel"]} ins(%89, %88 : tensor<1x128x768xf32>, tensor<1x128x1xf32>) outs(%41 : tensor<1x128x768xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %93 = arith.mulf %in, %in_36 : f32
      linalg.yield %93 : f32
    } -> tensor<1x128x768xf32>
    %91 = linalg.generic {indexing_maps = [#map7, #map9, #map7], iterator_types = ["parallel", "parallel", "parallel"]} ins(%90, %arg16 : tensor<1x128x768xf32>, tensor<768xf32>) outs(%41 : tensor<1x128x768xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %93 = arith.mulf %in, %in_36 : f32
      linalg.yield %93 : f32
    } -> tensor<1x128x768xf32>
    %92 = linalg.generic {indexing_maps = [#map7, #map9, #map7], iterator_types = ["parallel", "parallel", "parallel"]} ins(%91, %arg17 : tensor<1x128x768xf32>, tensor<768xf32>) outs(%41 : tensor<1x128x768xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %93 = arith.addf %in, %in_36 : f32
      linalg.yield %93 : f32
    } -> tensor<1x128x768xf32>
    return %92 : tensor<1x128x768xf32>
  }
}
