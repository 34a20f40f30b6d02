#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map2 = affine_map<(d0, d1, d2) -> (d2)>
#map3 = affine_map<(d0, d1) -> (d1)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map6 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map7 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
module {
  func.func @vit_b16_block(%arg0: tensor<1x197x768xf32>, %arg1: tensor<768xf32>, %arg2: tensor<768xf32>, %arg3: tensor<2304x768xf32>, %arg4: tensor<2304xf32>, %arg5: tensor<768x768xf32>, %arg6: tensor<768xf32>, %arg7: tensor<768xf32>, %arg8: tensor<768xf32>, %arg9: tensor<3072x768xf32>, %arg10: tensor<3072xf32>, %arg11: tensor<768x3072xf32>, %arg12: tensor<768xf32>) -> tensor<1x197x768xf32> {
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f64
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 0xFF800000 : f32
    %cst_2 = arith.constant 1.000000e+00 : f32
    %cst_3 = arith.constant 5.000000e-01 : f32
    %cst_4 = arith.constant 9.9999999999999995E-7 : f64
    %cst_5 = arith.constant 7.680000e+02 : f64
    %cst_6 = arith.constant 7.680000e+02 : f32
    %cst_7 = arith.constant 8.000000e+00 : f32
    %cst_8 = arith.constant 1.41421354 : f32
    %0 = tensor.empty() : tensor<1x197x768xf64>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x197x768xf32>) outs(%0 : tensor<1x197x768xf64>) {
    ^bb0(%in: f32, %out: f64):
      %86 = arith.extf %in : f32 to f64
      linalg.yield %86 : f64
    } -> tensor<1x197x768xf64>
    %2 = tensor.empty() : tensor<1x197x1xf64>
    %3 = linalg.fill ins(%cst : f64) outs(%2 : tensor<1x197x1xf64>) -> tensor<1x197x1xf64>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%1 : tensor<1x197x768xf64>) outs(%3 : tensor<1x197x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %86 = arith.addf %in, %out : f64
      linalg.yield %86 : f64
    } -> tensor<1x197x1xf64>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%4 : tensor<1x197x1xf64>) outs(%2 : tensor<1x197x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %86 = arith.divf %in, %cst_5 : f64
      linalg.yield %86 : f64
    } -> tensor<1x197x1xf64>
    %6 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %5 : tensor<1x197x768xf64>, tensor<1x197x1xf64>) outs(%0 : tensor<1x197x768xf64>) {
    ^bb0(%in: f64, %in_34: f64, %out: f64):
      %86 = arith.subf %in, %in_34 : f64
      linalg.yield %86 : f64
    } -> tensor<1x197x768xf64>
    %7 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6, %6 : tensor<1x197x768xf64>, tensor<1x197x768xf64>) outs(%0 : tensor<1x197x768xf64>) {
    ^bb0(%in: f64, %in_34: f64, %out: f64):
      %86 = arith.mulf %in, %in_34 : f64
      linalg.yield %86 : f64
    } -> tensor<1x197x768xf64>
    %8 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%7 : tensor<1x197x768xf64>) outs(%3 : tensor<1x197x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %86 = arith.addf %in, %out : f64
      linalg.yield %86 : f64
    } -> tensor<1x197x1xf64>
    %9 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8 : tensor<1x197x1xf64>) outs(%2 : tensor<1x197x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %86 = arith.divf %in, %cst_5 : f64
      linalg.yield %86 : f64
    } -> tensor<1x197x1xf64>
    %10 = tensor.empty() : tensor<1x197x1xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%9 : tensor<1x197x1xf64>) outs(%10 : tensor<1x197x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %86 = arith.truncf %in : f64 to f32
      linalg.yield %86 : f32
    } -> tensor<1x197x1xf32>
    %12 = linalg.fill ins(%cst_0 : f32) outs(%10 : tensor<1x197x1xf32>) -> tensor<1x197x1xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0 : tensor<1x197x768xf32>) outs(%12 : tensor<1x197x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %86 = arith.addf %in, %out : f32
      linalg.yield %86 : f32
    } -> tensor<1x197x1xf32>
    %14 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%13 : tensor<1x197x1xf32>) outs(%10 : tensor<1x197x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %86 = arith.divf %in, %cst_6 : f32
      linalg.yield %86 : f32
    } -> tensor<1x197x1xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%11 : tensor<1x197x1xf32>) outs(%10 : tensor<1x197x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %86 = arith.truncf %cst_4 : f64 to f32
      %87 = arith.addf %in, %86 : f32
      linalg.yield %87 : f32
    } -> tensor<1x197x1xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%15 : tensor<1x197x1xf32>) outs(%10 : tensor<1x197x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %86 = math.rsqrt %in : f32
      linalg.yield %86 : f32
    } -> tensor<1x197x1xf32>
    %17 = tensor.empty() : tensor<1x197x768xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %14 : tensor<1x197x768xf32>, tensor<1x197x1xf32>) outs(%17 : tensor<1x197x768xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %86 = arith.subf %in, %in_34 : f32
      linalg.yield %86 : f32
    } -> tensor<1x197x768xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%18, %16 : tensor<1x197x768xf32>, tensor<1x197x1xf32>) outs(%17 : tensor<1x197x768xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %86 = arith.mulf %in, %in_34 : f32
      linalg.yield %86 : f32
    } -> tensor<1x197x768xf32>
    %20 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%19, %arg1 : tensor<1x197x768xf32>, tensor<768xf32>) outs(%17 : tensor<1x197x768xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %86 = arith.mulf %in, %in_34 : f32
      linalg.yield %86 : f32
    } -> tensor<1x197x768xf32>
    %21 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20, %arg2 : tensor<1x197x768xf32>, tensor<768xf32>) outs(%17 : tensor<1x197x768xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %86 = arith.addf %in, %in_34 : f32
      linalg.yield %86 : f32
    } -> tensor<1x197x768xf32>
    %collapsed = tensor.collapse_shape %21 [[0, 1], [2]] : tensor<1x197x768xf32> into tensor<197x768xf32>
    %22 = tensor.empty() : tensor<768x2304xf32>
    %transposed = linalg.transpose ins(%arg3 : tensor<2304x768xf32>) outs(%22 : tensor<768x2304xf32>) permutation = [1, 0] 
    %23 = tensor.empty() : tensor<197x2304xf32>
    %24 = linalg.fill ins(%cst_0 : f32) outs(%23 : tensor<197x2304xf32>) -> tensor<197x2304xf32>
    %25 = linalg.matmul ins(%collapsed, %transposed : tensor<197x768xf32>, tensor<768x2304xf32>) outs(%24 : tensor<197x2304xf32>) -> tensor<197x2304xf32>
    %26 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg4 : tensor<2304xf32>) outs(%23 : tensor<197x2304xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<197x2304xf32>
    %27 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%25, %26 : tensor<197x2304xf32>, tensor<197x2304xf32>) outs(%23 : tensor<197x2304xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %86 = arith.addf %in, %in_34 : f32
      linalg.yield %86 : f32
    } -> tensor<197x2304xf32>
    %expanded = tensor.expand_shape %27 [[0, 1], [2]] output_shape [1, 197, 2304] : tensor<197x2304xf32> into tensor<1x197x2304xf32>
    %extracted_slice = tensor.extract_slice %expanded[0, 0, 0] [1, 197, 768] [1, 1, 1] : tensor<1x197x2304xf32> to tensor<1x197x768xf32>
    %extracted_slice_9 = tensor.extract_slice %expanded[0, 0, 768] [1, 197, 768] [1, 1, 1] : tensor<1x197x2304xf32> to tensor<1x197x768xf32>
    %extracted_slice_10 = tensor.extract_slice %expanded[0, 0, 1536] [1, 197, 768] [1, 1, 1] : tensor<1x197x2304xf32> to tensor<1x197x768xf32>
    %expanded_11 = tensor.expand_shape %extracted_slice [[0], [1], [2, 3]] output_shape [1, 197, 12, 64] : tensor<1x197x768xf32> into tensor<1x197x12x64xf32>
    %28 = tensor.empty() : tensor<1x12x197x64xf32>
    %transposed_12 = linalg.transpose ins(%expanded_11 : tensor<1x197x12x64xf32>) outs(%28 : tensor<1x12x197x64xf32>) permutation = [0, 2, 1, 3] 
    %expanded_13 = tensor.expand_shape %extracted_slice_9 [[0], [1], [2, 3]] output_shape [1, 197, 12, 64] : tensor<1x197x768xf32> into tensor<1x197x12x64xf32>
    %expanded_14 = tensor.expand_shape %extracted_slice_10 [[0], [1], [2, 3]] output_shape [1, 197, 12, 64] : tensor<1x197x768xf32> into tensor<1x197x12x64xf32>
    %transposed_15 = linalg.transpose ins(%expanded_14 : tensor<1x197x12x64xf32>) outs(%28 : tensor<1x12x197x64xf32>) permutation = [0, 2, 1, 3] 
    %29 = tensor.empty() : tensor<1x12x64x197xf32>
    %transposed_16 = linalg.transpose ins(%expanded_13 : tensor<1x197x12x64xf32>) outs(%29 : tensor<1x12x64x197xf32>) permutation = [0, 2, 3, 1] 
    %collapsed_17 = tensor.collapse_shape %transposed_12 [[0, 1], [2], [3]] : tensor<1x12x197x64xf32> into tensor<12x197x64xf32>
    %collapsed_18 = tensor.collapse_shape %transposed_16 [[0, 1], [2], [3]] : tensor<1x12x64x197xf32> into tensor<12x64x197xf32>
    %30 = tensor.empty() : tensor<12x197x197xf32>
    %31 = linalg.fill ins(%cst_0 : f32) outs(%30 : tensor<12x197x197xf32>) -> tensor<12x197x197xf32>
    %32 = linalg.batch_matmul ins(%collapsed_17, %collapsed_18 : tensor<12x197x64xf32>, tensor<12x64x197xf32>) outs(%31 : tensor<12x197x197xf32>) -> tensor<12x197x197xf32>
    %expanded_19 = tensor.expand_shape %32 [[0, 1], [2], [3]] output_shape [1, 12, 197, 197] : tensor<12x197x197xf32> into tensor<1x12x197x197xf32>
    %33 = tensor.empty() : tensor<1x12x197x197xf32>
    %34 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_19 : tensor<1x12x197x197xf32>) outs(%33 : tensor<1x12x197x197xf32>) {
    ^bb0(%in: f32, %out: f32):
      %86 = arith.divf %in, %cst_7 : f32
      linalg.yield %86 : f32
    } -> tensor<1x12x197x197xf32>
    %35 = tensor.empty() : tensor<1x12x197xi64>
    %36 = linalg.fill ins(%c0_i64 : i64) outs(%35 : tensor<1x12x197xi64>) -> tensor<1x12x197xi64>
    %37 = tensor.empty() : tensor<1x12x197xf32>
    %38 = linalg.fill ins(%cst_1 : f32) outs(%37 : tensor<1x12x197xf32>) -> tensor<1x12x197xf32>
    %39:2 = linalg.generic {indexing_maps = [#map5, #map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%34 : tensor<1x12x197x197xf32>) outs(%38, %36 : tensor<1x12x197xf32>, tensor<1x12x197xi64>) {
    ^bb0(%in: f32, %out: f32, %out_34: i64):
      %86 = linalg.index 3 : index
      %87 = arith.index_cast %86 : index to i64
      %88 = arith.maximumf %in, %out : f32
      %89 = arith.cmpf ogt, %in, %out : f32
      %90 = arith.select %89, %87, %out_34 : i64
      linalg.yield %88, %90 : f32, i64
    } -> (tensor<1x12x197xf32>, tensor<1x12x197xi64>)
    %expanded_20 = tensor.expand_shape %39#0 [[0], [1], [2, 3]] output_shape [1, 12, 197, 1] : tensor<1x12x197xf32> into tensor<1x12x197x1xf32>
    %40 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%34, %expanded_20 : tensor<1x12x197x197xf32>, tensor<1x12x197x1xf32>) outs(%33 : tensor<1x12x197x197xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %86 = arith.subf %in, %in_34 : f32
      linalg.yield %86 : f32
    } -> tensor<1x12x197x197xf32>
    %41 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%40 : tensor<1x12x197x197xf32>) outs(%33 : tensor<1x12x197x197xf32>) {
    ^bb0(%in: f32, %out: f32):
      %86 = math.exp %in : f32
      linalg.yield %86 : f32
    } -> tensor<1x12x197x197xf32>
    %42 = tensor.empty() : tensor<1x12x197x1xf32>
    %43 = linalg.fill ins(%cst_0 : f32) outs(%42 : tensor<1x12x197x1xf32>) -> tensor<1x12x197x1xf32>
    %44 = linalg.generic {indexing_maps = [#map5, #map7], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%41 : tensor<1x12x197x197xf32>) outs(%43 : tensor<1x12x197x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %86 = arith.addf %in, %out : f32
      linalg.yield %86 : f32
    } -> tensor<1x12x197x1xf32>
    %45 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%41, %44 : tensor<1x12x197x197xf32>, tensor<1x12x197x1xf32>) outs(%33 : tensor<1x12x197x197xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %86 = arith.divf %in, %in_34 : f32
      linalg.yield %86 : f32
    } -> tensor<1x12x197x197xf32>
    %collapsed_21 = tensor.collapse_shape %45 [[0, 1], [2], [3]] : tensor<1x12x197x197xf32> into tensor<12x197x197xf32>
    %collapsed_22 = tensor.collapse_shape %transposed_15 [[0, 1], [2], [3]] : tensor<1x12x197x64xf32> into tensor<12x197x64xf32>
    %46 = tensor.empty() : tensor<12x197x64xf32>
    %47 = linalg.fill ins(%cst_0 : f32) outs(%46 : tensor<12x197x64xf32>) -> tensor<12x197x64xf32>
    %48 = linalg.batch_matmul ins(%collapsed_21, %collapsed_22 : tensor<12x197x197xf32>, tensor<12x197x64xf32>) outs(%47 : tensor<12x197x64xf32>) -> tensor<12x197x64xf32>
    %expanded_23 = tensor.expand_shape %48 [[0, 1], [2], [3]] output_shape [1, 12, 197, 64] : tensor<12x197x64xf32> into tensor<1x12x197x64xf32>
    %49 = tensor.empty() : tensor<1x197x12x64xf32>
    %transposed_24 = linalg.transpose ins(%expanded_23 : tensor<1x12x197x64xf32>) outs(%49 : tensor<1x197x12x64xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_25 = tensor.collapse_shape %transposed_24 [[0, 1], [2, 3]] : tensor<1x197x12x64xf32> into tensor<197x768xf32>
    %50 = tensor.empty() : tensor<768x768xf32>
    %transposed_26 = linalg.transpose ins(%arg5 : tensor<768x768xf32>) outs(%50 : tensor<768x768xf32>) permutation = [1, 0] 
    %51 = tensor.empty() : tensor<197x768xf32>
    %52 = linalg.fill ins(%cst_0 : f32) outs(%51 : tensor<197x768xf32>) -> tensor<197x768xf32>
    %53 = linalg.matmul ins(%collapsed_25, %transposed_26 : tensor<197x768xf32>, tensor<768x768xf32>) outs(%52 : tensor<197x768xf32>) -> tensor<197x768xf32>
    %54 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg6 : tensor<768xf32>) outs(%51 : tensor<197x768xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<197x768xf32>
    %55 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%53, %54 : tensor<197x768xf32>, tensor<197x768xf32>) outs(%51 : tensor<197x768xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %86 = arith.addf %in, %in_34 : f32
      linalg.yield %86 : f32
    } -> tensor<197x768xf32>
    %expanded_27 = tensor.expand_shape %55 [[0, 1], [2]] output_shape [1, 197, 768] : tensor<197x768xf32> into tensor<1x197x768xf32>
    %56 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %expanded_27 : tensor<1x197x768xf32>, tensor<1x197x768xf32>) outs(%17 : tensor<1x197x768xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %86 = arith.addf %in, %in_34 : f32
      linalg.yield %86 : f32
    } -> tensor<1x197x768xf32>
    %57 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%56 : tensor<1x197x768xf32>) outs(%0 : tensor<1x197x768xf64>) {
    ^bb0(%in: f32, %out: f64):
      %86 = arith.extf %in : f32 to f64
      linalg.yield %86 : f64
    } -> tensor<1x197x768xf64>
    %58 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%57 : tensor<1x197x768xf64>) outs(%3 : tensor<1x197x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %86 = arith.addf %in, %out : f64
      linalg.yield %86 : f64
    } -> tensor<1x197x1xf64>
    %59 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%58 : tensor<1x197x1xf64>) outs(%2 : tensor<1x197x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %86 = arith.divf %in, %cst_5 : f64
      linalg.yield %86 : f64
    } -> tensor<1x197x1xf64>
    %60 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%57, %59 : tensor<1x197x768xf64>, tensor<1x197x1xf64>) outs(%0 : tensor<1x197x768xf64>) {
    ^bb0(%in: f64, %in_34: f64, %out: f64):
      %86 = arith.subf %in, %in_34 : f64
      linalg.yield %86 : f64
    } -> tensor<1x197x768xf64>
    %61 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%60, %60 : tensor<1x197x768xf64>, tensor<1x197x768xf64>) outs(%0 : tensor<1x197x768xf64>) {
    ^bb0(%in: f64, %in_34: f64, %out: f64):
      %86 = arith.mulf %in, %in_34 : f64
      linalg.yield %86 : f64
    } -> tensor<1x197x768xf64>
    %62 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%61 : tensor<1x197x768xf64>) outs(%3 : tensor<1x197x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %86 = arith.addf %in, %out : f64
      linalg.yield %86 : f64
    } -> tensor<1x197x1xf64>
    %63 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%62 : tensor<1x197x1xf64>) outs(%2 : tensor<1x197x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %86 = arith.divf %in, %cst_5 : f64
      linalg.yield %86 : f64
    } -> tensor<1x197x1xf64>
    %64 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%63 : tensor<1x197x1xf64>) outs(%10 : tensor<1x197x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %86 = arith.truncf %in : f64 to f32
      linalg.yield %86 : f32
    } -> tensor<1x197x1xf32>
    %65 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%56 : tensor<1x197x768xf32>) outs(%12 : tensor<1x197x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %86 = arith.addf %in, %out : f32
      linalg.yield %86 : f32
    } -> tensor<1x197x1xf32>
    %66 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%65 : tensor<1x197x1xf32>) outs(%10 : tensor<1x197x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %86 = arith.divf %in, %cst_6 : f32
      linalg.yield %86 : f32
    } -> tensor<1x197x1xf32>
    %67 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%64 : tensor<1x197x1xf32>) outs(%10 : tensor<1x197x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %86 = arith.truncf %cst_4 : f64 to f32
      %87 = arith.addf %in, %86 : f32
      linalg.yield %87 : f32
    } -> tensor<1x197x1xf32>
    %68 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%67 : tensor<1x197x1xf32>) outs(%10 : tensor<1x197x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %86 = math.rsqrt %in : f32
      linalg.yield %86 : f32
    } -> tensor<1x197x1xf32>
    %69 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%56, %66 : tensor<1x197x768xf32>, tensor<1x197x1xf32>) outs(%17 : tensor<1x197x768xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %86 = arith.subf %in, %in_34 : f32
      linalg.yield %86 : f32
    } -> tensor<1x197x768xf32>
    %70 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%69, %68 : tensor<1x197x768xf32>, tensor<1x197x1xf32>) outs(%17 : tensor<1x197x768xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %86 = arith.mulf %in, %in_34 : f32
      linalg.yield %86 : f32
    } -> tensor<1x197x768xf32>
    %71 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%70, %arg7 : tensor<1x197x768xf32>, tensor<768xf32>) outs(%17 : tensor<1x197x768xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %86 = arith.mulf %in, %in_34 : f32
      linalg.yield %86 : f32
    } -> tensor<1x197x768xf32>
    %72 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%71, %arg8 : tensor<1x197x768xf32>, tensor<768xf32>) outs(%17 : tensor<1x197x768xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %86 = arith.addf %in, %in_34 : f32
      linalg.yield %86 : f32
    } -> tensor<1x197x768xf32>
    %collapsed_28 = tensor.collapse_shape %72 [[0, 1], [2]] : tensor<1x197x768xf32> into tensor<197x768xf32>
    %73 = tensor.empty() : tensor<768x3072xf32>
    %transposed_29 = linalg.transpose ins(%arg9 : tensor<3072x768xf32>) outs(%73 : tensor<768x3072xf32>) permutation = [1, 0] 
    %74 = tensor.empty() : tensor<197x3072xf32>
    %75 = linalg.fill ins(%cst_0 : f32) outs(%74 : tensor<197x3072xf32>) -> tensor<197x3072xf32>
    %76 = linalg.matmul ins(%collapsed_28, %transposed_29 : tensor<197x768xf32>, tensor<768x3072xf32>) outs(%75 : tensor<197x3072xf32>) -> tensor<197x3072xf32>
    %77 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg10 : tensor<3072xf32>) outs(%74 : tensor<197x3072xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<197x3072xf32>
    %78 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%76, %77 : tensor<197x3072xf32>, tensor<197x3072xf32>) outs(%74 : tensor<197x3072xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %86 = arith.addf %in, %in_34 : f32
      linalg.yield %86 : f32
    } -> tensor<197x3072xf32>
    %expanded_30 = tensor.expand_shape %78 [[0, 1], [2]] output_shape [1, 197, 3072] : tensor<197x3072xf32> into tensor<1x197x3072xf32>
    %79 = tensor.empty() : tensor<1x197x3072xf32>
    %80 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_30 : tensor<1x197x3072xf32>) outs(%79 : tensor<1x197x3072xf32>) {
    ^bb0(%in: f32, %out: f32):
      %86 = arith.divf %in, %cst_8 : f32
      %87 = math.erf %86 : f32
      %88 = arith.addf %87, %cst_2 : f32
      %89 = arith.mulf %88, %cst_3 : f32
      %90 = arith.mulf %in, %89 : f32
      linalg.yield %90 : f32
    } -> tensor<1x197x3072xf32>
    %collapsed_31 = tensor.collapse_shape %80 [[0, 1], [2]] : tensor<1x197x3072xf32> into tensor<197x3072xf32>
    %81 = tensor.empty() : tensor<3072x768xf32>
    %transposed_32 = linalg.transpose ins(%arg11 : tensor<768x3072xf32>) outs(%81 : tensor<3072x768xf32>) permutation = [1, 0] 
    %82 = linalg.matmul ins(%collapsed_31, %transposed_32 : tensor<197x3072xf32>, tensor<3072x768xf32>) outs(%52 : tensor<197x768xf32>) -> tensor<197x768xf32>
    %83 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg12 : tensor<768xf32>) outs(%51 : tensor<197x768xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<197x768xf32>
    %84 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%82, %83 : tensor<197x768xf32>, tensor<197x768xf32>) outs(%51 : tensor<197x768xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %86 = arith.addf %in, %in_34 : f32
      linalg.yield %86 : f32
    } -> tensor<197x768xf32>
    %expanded_33 = tensor.expand_shape %84 [[0, 1], [2]] output_shape [1, 197, 768] : tensor<197x768xf32> into tensor<1x197x768xf32>
    %85 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%56, %expanded_33 : tensor<1x197x768xf32>, tensor<1x197x768xf32>) outs(%17 : tensor<1x197x768xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %86 = arith.addf %in, %in_34 : f32
      linalg.yield %86 : f32
    } -> tensor<1x197x768xf32>
    return %85 : tensor<1x197x768xf32>
  }
}
