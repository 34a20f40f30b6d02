#map = affine_map<(d0, d1) -> (d1)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map4 = affine_map<(d0, d1, d2) -> (d0, 0, d2)>
#map5 = affine_map<(d0, d1) -> (d0, 0)>
module {
  func.func @bert_base(%arg0: tensor<512x768xf32>, %arg1: tensor<768x768xf32>, %arg2: tensor<768xf32>, %arg3: tensor<768x3072xf32>, %arg4: tensor<768xf32>, %arg5: tensor<768x768xf32>, %arg6: tensor<768xf32>, %arg7: tensor<768x768xf32>, %arg8: tensor<768xf32>, %arg9: tensor<768x768xf32>, %arg10: tensor<768xf32>, %arg11: tensor<768xf32>, %arg12: tensor<768xf32>, %arg13: tensor<3072x768xf32>, %arg14: tensor<3072xf32>, %arg15: tensor<768xf32>, %arg16: tensor<768xf32>) -> tensor<512x768xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %c0_i64 = arith.constant 0 : i64
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 0.000000e+00 : f64
    %cst_2 = arith.constant 1.000000e-05 : f64
    %cst_3 = arith.constant 8.000000e+00 : f32
    %cst_4 = arith.constant 7.680000e+02 : f64
    %cst_5 = arith.constant 7.680000e+02 : f32
    %0 = tensor.empty() : tensor<768x768xf32>
    %transposed = linalg.transpose ins(%arg5 : tensor<768x768xf32>) outs(%0 : tensor<768x768xf32>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<512x768xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<512x768xf32>) -> tensor<512x768xf32>
    %3 = linalg.matmul ins(%arg0, %transposed : tensor<512x768xf32>, tensor<768x768xf32>) outs(%2 : tensor<512x768xf32>) -> tensor<512x768xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg6 : tensor<768xf32>) outs(%1 : tensor<512x768xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<512x768xf32>
    %5 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%3, %4 : tensor<512x768xf32>, tensor<512x768xf32>) outs(%1 : tensor<512x768xf32>) {
    ^bb0(%in: f32, %in_22: f32, %out: f32):
      %84 = arith.addf %in, %in_22 : f32
      linalg.yield %84 : f32
    } -> tensor<512x768xf32>
    %expanded = tensor.expand_shape %5 [[0], [1, 2]] output_shape [512, 12, 64] : tensor<512x768xf32> into tensor<512x12x64xf32>
    %transposed_6 = linalg.transpose ins(%arg7 : tensor<768x768xf32>) outs(%0 : tensor<768x768xf32>) permutation = [1, 0] 
    %6 = linalg.matmul ins(%arg0, %transposed_6 : tensor<512x768xf32>, tensor<768x768xf32>) outs(%2 : tensor<512x768xf32>) -> tensor<512x768xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg8 : tensor<768xf32>) outs(%1 : tensor<512x768xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<512x768xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%6, %7 : tensor<512x768xf32>, tensor<512x768xf32>) outs(%1 : tensor<512x768xf32>) {
    ^bb0(%in: f32, %in_22: f32, %out: f32):
      %84 = arith.addf %in, %in_22 : f32
      linalg.yield %84 : f32
    } -> tensor<512x768xf32>
    %expanded_7 = tensor.expand_shape %8 [[0], [1, 2]] output_shape [512, 12, 64] : tensor<512x768xf32> into tensor<512x12x64xf32>
    %9 = tensor.empty() : tensor<12x512x64xf32>
    %transposed_8 = linalg.transpose ins(%expanded_7 : tensor<512x12x64xf32>) outs(%9 : tensor<12x512x64xf32>) permutation = [1, 0, 2] 
    %transposed_9 = linalg.transpose ins(%arg9 : tensor<768x768xf32>) outs(%0 : tensor<768x768xf32>) permutation = [1, 0] 
    %10 = linalg.matmul ins(%arg0, %transposed_9 : tensor<512x768xf32>, tensor<768x768xf32>) outs(%2 : tensor<512x768xf32>) -> tensor<512x768xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg10 : tensor<768xf32>) outs(%1 : tensor<512x768xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<512x768xf32>
    %12 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%10, %11 : tensor<512x768xf32>, tensor<512x768xf32>) outs(%1 : tensor<512x768xf32>) {
    ^bb0(%in: f32, %in_22: f32, %out: f32):
      %84 = arith.addf %in, %in_22 : f32
      linalg.yield %84 : f32
    } -> tensor<512x768xf32>
    %expanded_10 = tensor.expand_shape %12 [[0], [1, 2]] output_shape [512, 12, 64] : tensor<512x768xf32> into tensor<512x12x64xf32>
    %13 = tensor.empty() : tensor<12x64x512xf32>
    %transposed_11 = linalg.transpose ins(%expanded : tensor<512x12x64xf32>) outs(%13 : tensor<12x64x512xf32>) permutation = [1, 2, 0] 
    %14 = tensor.empty() : tensor<12x512x512xf32>
    %15 = linalg.fill ins(%cst : f32) outs(%14 : tensor<12x512x512xf32>) -> tensor<12x512x512xf32>
    %16 = linalg.batch_matmul ins(%transposed_8, %transposed_11 : tensor<12x512x64xf32>, tensor<12x64x512xf32>) outs(%15 : tensor<12x512x512xf32>) -> tensor<12x512x512xf32>
    %17 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%16 : tensor<12x512x512xf32>) outs(%14 : tensor<12x512x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %84 = arith.divf %in, %cst_3 : f32
      linalg.yield %84 : f32
    } -> tensor<12x512x512xf32>
    %18 = tensor.empty() : tensor<12x512xi64>
    %19 = linalg.fill ins(%c0_i64 : i64) outs(%18 : tensor<12x512xi64>) -> tensor<12x512xi64>
    %20 = tensor.empty() : tensor<12x512xf32>
    %21 = linalg.fill ins(%cst_0 : f32) outs(%20 : tensor<12x512xf32>) -> tensor<12x512xf32>
    %22:2 = linalg.generic {indexing_maps = [#map2, #map3, #map3], iterator_types = ["parallel", "reduction", "parallel"]} ins(%17 : tensor<12x512x512xf32>) outs(%21, %19 : tensor<12x512xf32>, tensor<12x512xi64>) {
    ^bb0(%in: f32, %out: f32, %out_22: i64):
      %84 = linalg.index 1 : index
      %85 = arith.index_cast %84 : index to i64
      %86 = arith.maximumf %in, %out : f32
      %87 = arith.cmpf ogt, %in, %out : f32
      %88 = arith.select %87, %85, %out_22 : i64
      linalg.yield %86, %88 : f32, i64
    } -> (tensor<12x512xf32>, tensor<12x512xi64>)
    %expanded_12 = tensor.expand_shape %22#0 [[0, 1], [2]] output_shape [12, 1, 512] : tensor<12x512xf32> into tensor<12x1x512xf32>
    %23 = linalg.generic {indexing_maps = [#map2, #map4, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%17, %expanded_12 : tensor<12x512x512xf32>, tensor<12x1x512xf32>) outs(%14 : tensor<12x512x512xf32>) {
    ^bb0(%in: f32, %in_22: f32, %out: f32):
      %84 = arith.subf %in, %in_22 : f32
      linalg.yield %84 : f32
    } -> tensor<12x512x512xf32>
    %24 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%23 : tensor<12x512x512xf32>) outs(%14 : tensor<12x512x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %84 = math.exp %in : f32
      linalg.yield %84 : f32
    } -> tensor<12x512x512xf32>
    %25 = tensor.empty() : tensor<12x1x512xf32>
    %26 = linalg.fill ins(%cst : f32) outs(%25 : tensor<12x1x512xf32>) -> tensor<12x1x512xf32>
    %27 = linalg.generic {indexing_maps = [#map2, #map4], iterator_types = ["parallel", "reduction", "parallel"]} ins(%24 : tensor<12x512x512xf32>) outs(%26 : tensor<12x1x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %84 = arith.addf %in, %out : f32
      linalg.yield %84 : f32
    } -> tensor<12x1x512xf32>
    %28 = linalg.generic {indexing_maps = [#map2, #map4, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%24, %27 : tensor<12x512x512xf32>, tensor<12x1x512xf32>) outs(%14 : tensor<12x512x512xf32>) {
    ^bb0(%in: f32, %in_22: f32, %out: f32):
      %84 = arith.divf %in, %in_22 : f32
      linalg.yield %84 : f32
    } -> tensor<12x512x512xf32>
    %transposed_13 = linalg.transpose ins(%expanded_10 : tensor<512x12x64xf32>) outs(%13 : tensor<12x64x512xf32>) permutation = [1, 2, 0] 
    %29 = linalg.fill ins(%cst : f32) outs(%13 : tensor<12x64x512xf32>) -> tensor<12x64x512xf32>
    %30 = linalg.batch_matmul ins(%transposed_13, %28 : tensor<12x64x512xf32>, tensor<12x512x512xf32>) outs(%29 : tensor<12x64x512xf32>) -> tensor<12x64x512xf32>
    %collapsed = tensor.collapse_shape %30 [[0, 1, 2]] : tensor<12x64x512xf32> into tensor<393216xf32>
    %expanded_14 = tensor.expand_shape %collapsed [[0, 1]] output_shape [512, 768] : tensor<393216xf32> into tensor<512x768xf32>
    %31 = tensor.empty() : tensor<768x512xf32>
    %transposed_15 = linalg.transpose ins(%expanded_14 : tensor<512x768xf32>) outs(%31 : tensor<768x512xf32>) permutation = [1, 0] 
    %32 = linalg.fill ins(%cst : f32) outs(%31 : tensor<768x512xf32>) -> tensor<768x512xf32>
    %33 = linalg.matmul ins(%arg1, %transposed_15 : tensor<768x768xf32>, tensor<768x512xf32>) outs(%32 : tensor<768x512xf32>) -> tensor<768x512xf32>
    %expanded_16 = tensor.expand_shape %arg2 [[0, 1]] output_shape [768, 1] : tensor<768xf32> into tensor<768x1xf32>
    %34 = linalg.generic {indexing_maps = [#map1, #map5, #map1], iterator_types = ["parallel", "parallel"]} ins(%33, %expanded_16 : tensor<768x512xf32>, tensor<768x1xf32>) outs(%31 : tensor<768x512xf32>) {
    ^bb0(%in: f32, %in_22: f32, %out: f32):
      %84 = arith.addf %in, %in_22 : f32
      linalg.yield %84 : f32
    } -> tensor<768x512xf32>
    %transposed_17 = linalg.transpose ins(%34 : tensor<768x512xf32>) outs(%1 : tensor<512x768xf32>) permutation = [1, 0] 
    %35 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%transposed_17, %arg0 : tensor<512x768xf32>, tensor<512x768xf32>) outs(%1 : tensor<512x768xf32>) {
    ^bb0(%in: f32, %in_22: f32, %out: f32):
      %84 = arith.addf %in, %in_22 : f32
      linalg.yield %84 : f32
    } -> tensor<512x768xf32>
    %36 = tensor.empty() : tensor<512x768xf64>
    %37 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%35 : tensor<512x768xf32>) outs(%36 : tensor<512x768xf64>) {
    ^bb0(%in: f32, %out: f64):
      %84 = arith.extf %in : f32 to f64
      linalg.yield %84 : f64
    } -> tensor<512x768xf64>
    %38 = tensor.empty() : tensor<512x1xf64>
    %39 = linalg.fill ins(%cst_1 : f64) outs(%38 : tensor<512x1xf64>) -> tensor<512x1xf64>
    %40 = linalg.generic {indexing_maps = [#map1, #map5], iterator_types = ["parallel", "reduction"]} ins(%37 : tensor<512x768xf64>) outs(%39 : tensor<512x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %84 = arith.addf %in, %out : f64
      linalg.yield %84 : f64
    } -> tensor<512x1xf64>
    %41 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%40 : tensor<512x1xf64>) outs(%38 : tensor<512x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %84 = arith.divf %in, %cst_4 : f64
      linalg.yield %84 : f64
    } -> tensor<512x1xf64>
    %42 = linalg.generic {indexing_maps = [#map1, #map5, #map1], iterator_types = ["parallel", "parallel"]} ins(%37, %41 : tensor<512x768xf64>, tensor<512x1xf64>) outs(%36 : tensor<512x768xf64>) {
    ^bb0(%in: f64, %in_22: f64, %out: f64):
      %84 = arith.subf %in, %in_22 : f64
      linalg.yield %84 : f64
    } -> tensor<512x768xf64>
    %43 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%42, %42 : tensor<512x768xf64>, tensor<512x768xf64>) outs(%36 : tensor<512x768xf64>) {
    ^bb0(%in: f64, %in_22: f64, %out: f64):
      %84 = arith.mulf %in, %in_22 : f64
      linalg.yield %84 : f64
    } -> tensor<512x768xf64>
    %44 = linalg.generic {indexing_maps = [#map1, #map5], iterator_types = ["parallel", "reduction"]} ins(%43 : tensor<512x768xf64>) outs(%39 : tensor<512x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %84 = arith.addf %in, %out : f64
      linalg.yield %84 : f64
    } -> tensor<512x1xf64>
    %45 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%44 : tensor<512x1xf64>) outs(%38 : tensor<512x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %84 = arith.divf %in, %cst_4 : f64
      linalg.yield %84 : f64
    } -> tensor<512x1xf64>
    %46 = tensor.empty() : tensor<512x1xf32>
    %47 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%45 : tensor<512x1xf64>) outs(%46 : tensor<512x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %84 = arith.truncf %in : f64 to f32
      linalg.yield %84 : f32
    } -> tensor<512x1xf32>
    %48 = linalg.fill ins(%cst : f32) outs(%46 : tensor<512x1xf32>) -> tensor<512x1xf32>
    %49 = linalg.generic {indexing_maps = [#map1, #map5], iterator_types = ["parallel", "reduction"]} ins(%35 : tensor<512x768xf32>) outs(%48 : tensor<512x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %84 = arith.addf %in, %out : f32
      linalg.yield %84 : f32
    } -> tensor<512x1xf32>
    %50 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%49 : tensor<512x1xf32>) outs(%46 : tensor<512x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %84 = arith.divf %in, %cst_5 : f32
      linalg.yield %84 : f32
    } -> tensor<512x1xf32>
    %51 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%47 : tensor<512x1xf32>) outs(%46 : tensor<512x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %84 = arith.truncf %cst_2 : f64 to f32
      %85 = arith.addf %in, %84 : f32
      linalg.yield %85 : f32
    } -> tensor<512x1xf32>
    %52 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%51 : tensor<512x1xf32>) outs(%46 : tensor<512x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %84 = math.rsqrt %in : f32
      linalg.yield %84 : f32
    } -> tensor<512x1xf32>
    %53 = linalg.generic {indexing_maps = [#map1, #map5, #map1], iterator_types = ["parallel", "parallel"]} ins(%35, %50 : tensor<512x768xf32>, tensor<512x1xf32>) outs(%1 : tensor<512x768xf32>) {
    ^bb0(%in: f32, %in_22: f32, %out: f32):
      %84 = arith.subf %in, %in_22 : f32
      linalg.yield %84 : f32
    } -> tensor<512x768xf32>
    %54 = linalg.generic {indexing_maps = [#map1, #map5, #map1], iterator_types = ["parallel", "parallel"]} ins(%53, %52 : tensor<512x768xf32>, tensor<512x1xf32>) outs(%1 : tensor<512x768xf32>) {
    ^bb0(%in: f32, %in_22: f32, %out: f32):
      %84 = arith.mulf %in, %in_22 : f32
      linalg.yield %84 : f32
    } -> tensor<512x768xf32>
    %55 = linalg.generic {indexing_maps = [#map1, #map, #map1], iterator_types = ["parallel", "parallel"]} ins(%54, %arg11 : tensor<512x768xf32>, tensor<768xf32>) outs(%1 : tensor<512x768xf32>) {
    ^bb0(%in: f32, %in_22: f32, %out: f32):
      %84 = arith.mulf %in, %in_22 : f32
      linalg.yield %84 : f32
    } -> tensor<512x768xf32>
    %56 = linalg.generic {indexing_maps = [#map1, #map, #map1], iterator_types = ["parallel", "parallel"]} ins(%55, %arg12 : tensor<512x768xf32>, tensor<768xf32>) outs(%1 : tensor<512x768xf32>) {
    ^bb0(%in: f32, %in_22: f32, %out: f32):
      %84 = arith.addf %in, %in_22 : f32
      linalg.yield %84 : f32
    } -> tensor<512x768xf32>
    %57 = tensor.empty() : tensor<768x3072xf32>
    %transposed_18 = linalg.transpose ins(%arg13 : tensor<3072x768xf32>) outs(%57 : tensor<768x3072xf32>) permutation = [1, 0] 
    %58 = tensor.empty() : tensor<512x3072xf32>
    %59 = linalg.fill ins(%cst : f32) outs(%58 : tensor<512x3072xf32>) -> tensor<512x3072xf32>
    %60 = linalg.matmul ins(%56, %transposed_18 : tensor<512x768xf32>, tensor<768x3072xf32>) outs(%59 : tensor<512x3072xf32>) -> tensor<512x3072xf32>
    %61 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg14 : tensor<3072xf32>) outs(%58 : tensor<512x3072xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<512x3072xf32>
    %62 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%60, %61 : tensor<512x3072xf32>, tensor<512x3072xf32>) outs(%58 : tensor<512x3072xf32>) {
    ^bb0(%in: f32, %in_22: f32, %out: f32):
      %84 = arith.addf %in, %in_22 : f32
      linalg.yield %84 : f32
    } -> tensor<512x3072xf32>
    %63 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%62 : tensor<512x3072xf32>) outs(%58 : tensor<512x3072xf32>) {
    ^bb0(%in: f32, %out: f32):
      %84 = arith.cmpf ugt, %in, %cst : f32
      %85 = arith.select %84, %in, %cst : f32
      linalg.yield %85 : f32
    } -> tensor<512x3072xf32>
    %64 = tensor.empty() : tensor<3072x512xf32>
    %transposed_19 = linalg.transpose ins(%63 : tensor<512x3072xf32>) outs(%64 : tensor<3072x512xf32>) permutation = [1, 0] 
    %65 = linalg.matmul ins(%arg3, %transposed_19 : tensor<768x3072xf32>, tensor<3072x512xf32>) outs(%32 : tensor<768x512xf32>) -> tensor<768x512xf32>
    %expanded_20 = tensor.expand_shape %arg4 [[0, 1]] output_shape [768, 1] : tensor<768xf32> into tensor<768x1xf32>
    %66 = linalg.generic {indexing_maps = [#map1, #map5, #map1], iterator_types = ["parallel", "parallel"]} ins(%65, %expanded_20 : tensor<768x512xf32>, tensor<768x1xf32>) outs(%31 : tensor<768x512xf32>) {
    ^bb0(%in: f32, %in_22: f32, %out: f32):
      %84 = arith.addf %in, %in_22 : f32
      linalg.yield %84 : f32
    } -> tensor<768x512xf32>
    %transposed_21 = linalg.transpose ins(%66 : tensor<768x512xf32>) outs(%1 : tensor<512x768xf32>) permutation = [1, 0] 
    %67 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%transposed_21, %56 : tensor<512x768xf32>, tensor<512x768xf32>) outs(%1 : tensor<512x768xf32>) {
    ^bb0(%in: f32, %in_22: f32, %out: f32):
      %84 = arith.addf %in, %in_22 : f32
      linalg.yield %84 : f32
    } -> tensor<512x768xf32>
    %68 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%67 : tensor<512x768xf32>) outs(%36 : tensor<512x768xf64>) {
    ^bb0(%in: f32, %out: f64):
      %84 = arith.extf %in : f32 to f64
      linalg.yield %84 : f64
    } -> tensor<512x768xf64>
    %69 = linalg.generic {indexing_maps = [#map1, #map5], iterator_types = ["parallel", "reduction"]} ins(%68 : tensor<512x768xf64>) outs(%39 : tensor<512x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %84 = arith.addf %in, %out : f64
      linalg.yield %84 : f64
    } -> tensor<512x1xf64>
    %70 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%69 : tensor<512x1xf64>) outs(%38 : tensor<512x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %84 = arith.divf %in, %cst_4 : f64
      linalg.yield %84 : f64
    } -> tensor<512x1xf64>
    %71 = linalg.generic {indexing_maps = [#map1, #map5, #map1], iterator_types = ["parallel", "parallel"]} ins(%68, %70 : tensor<512x768xf64>, tensor<512x1xf64>) outs(%36 : tensor<512x768xf64>) {
    ^bb0(%in: f64, %in_22: f64, %out: f64):
      %84 = arith.subf %in, %in_22 : f64
      linalg.yield %84 : f64
    } -> tensor<512x768xf64>
    %72 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%71, %71 : tensor<512x768xf64>, tensor<512x768xf64>) outs(%36 : tensor<512x768xf64>) {
    ^bb0(%in: f64, %in_22: f64, %out: f64):
      %84 = arith.mulf %in, %in_22 : f64
      linalg.yield %84 : f64
    } -> tensor<512x768xf64>
    %73 = linalg.generic {indexing_maps = [#map1, #map5], iterator_types = ["parallel", "reduction"]} ins(%72 : tensor<512x768xf64>) outs(%39 : tensor<512x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %84 = arith.addf %in, %out : f64
      linalg.yield %84 : f64
    } -> tensor<512x1xf64>
    %74 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%73 : tensor<512x1xf64>) outs(%38 : tensor<512x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %84 = arith.divf %in, %cst_4 : f64
      linalg.yield %84 : f64
    } -> tensor<512x1xf64>
    %75 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%74 : tensor<512x1xf64>) outs(%46 : tensor<512x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %84 = arith.truncf %in : f64 to f32
      linalg.yield %84 : f32
    } -> tensor<512x1xf32>
    %76 = linalg.generic {indexing_maps = [#map1, #map5], iterator_types = ["parallel", "reduction"]} ins(%67 : tensor<512x768xf32>) outs(%48 : tensor<512x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %84 = arith.addf %in, %out : f32
      linalg.yield %84 : f32
    } -> tensor<512x1xf32>
    %77 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%76 : tensor<512x1xf32>) outs(%46 : tensor<512x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %84 = arith.divf %in, %cst_5 : f32
      linalg.yield %84 : f32
    } -> tensor<512x1xf32>
    %78 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%75 : tensor<512x1xf32>) outs(%46 : tensor<512x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %84 = arith.truncf %cst_2 : f64 to f32
      %85 = arith.addf %in, %84 : f32
      linalg.yield %85 : f32
    } -> tensor<512x1xf32>
    %79 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%78 : tensor<512x1xf32>) outs(%46 : tensor<512x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %84 = math.rsqrt %in : f32
      linalg.yield %84 : f32
    } -> tensor<512x1xf32>
    %80 = linalg.generic {indexing_maps = [#map1, #map5, #map1], iterator_types = ["parallel", "parallel"]} ins(%67, %77 : tensor<512x768xf32>, tensor<512x1xf32>) outs(%1 : tensor<512x768xf32>) {
    ^bb0(%in: f32, %in_22: f32, %out: f32):
      %84 = arith.subf %in, %in_22 : f32
      linalg.yield %84 : f32
    } -> tensor<512x768xf32>
    %81 = linalg.generic {indexing_maps = [#map1, #map5, #map1], iterator_types = ["parallel", "parallel"]} ins(%80, %79 : tensor<512x768xf32>, tensor<512x1xf32>) outs(%1 : tensor<512x768xf32>) {
    ^bb0(%in: f32, %in_22: f32, %out: f32):
      %84 = arith.mulf %in, %in_22 : f32
      linalg.yield %84 : f32
    } -> tensor<512x768xf32>
    %82 = linalg.generic {indexing_maps = [#map1, #map, #map1], iterator_types = ["parallel", "parallel"]} ins(%81, %arg15 : tensor<512x768xf32>, tensor<768xf32>) outs(%1 : tensor<512x768xf32>) {
    ^bb0(%in: f32, %in_22: f32, %out: f32):
      %84 = arith.mulf %in, %in_22 : f32
      linalg.yield %84 : f32
    } -> tensor<512x768xf32>
    %83 = linalg.generic {indexing_maps = [#map1, #map, #map1], iterator_types = ["parallel", "parallel"]} ins(%82, %arg16 : tensor<512x768xf32>, tensor<768xf32>) outs(%1 : tensor<512x768xf32>) {
    ^bb0(%in: f32, %in_22: f32, %out: f32):
      %84 = arith.addf %in, %in_22 : f32
      linalg.yield %84 : f32
    } -> tensor<512x768xf32>
    return %83 : tensor<512x768xf32>
  }
}
