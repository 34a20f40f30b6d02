#map = affine_map<(d0, d1, d2) -> (d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d2)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
#map6 = affine_map<(d0, d1) -> (d1)>
#map7 = affine_map<(d0, d1) -> (d0, d1)>
#map8 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
module {
  func.func @encoder_layer(%arg0: tensor<2x16x128xf32>, %arg1: tensor<384x128xf32>, %arg2: tensor<384xf32>, %arg3: tensor<128x128xf32>, %arg4: tensor<128xf32>, %arg5: tensor<512x128xf32>, %arg6: tensor<512xf32>, %arg7: tensor<128x512xf32>, %arg8: tensor<128xf32>, %arg9: tensor<128xf32>, %arg10: tensor<128xf32>, %arg11: tensor<128xf32>, %arg12: tensor<128xf32>) -> tensor<2x16x128xf32> {
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %true = arith.constant true
    %cst_1 = arith.constant 0.000000e+00 : f64
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<2x2x16x16xf32>
    %cst_3 = arith.constant 1.000000e-05 : f64
    %cst_4 = arith.constant 0xFFF0000000000000 : f64
    %cst_5 = arith.constant 0.35355339059327379 : f64
    %cst_6 = arith.constant 1.280000e+02 : f64
    %cst_7 = arith.constant 1.280000e+02 : f32
    %0 = tensor.empty() : tensor<16x2x128xf32>
    %transposed = linalg.transpose ins(%arg0 : tensor<2x16x128xf32>) outs(%0 : tensor<16x2x128xf32>) permutation = [1, 0, 2] 
    %1 = tensor.empty() : tensor<128x384xf32>
    %transposed_8 = linalg.transpose ins(%arg1 : tensor<384x128xf32>) outs(%1 : tensor<128x384xf32>) permutation = [1, 0] 
    %2 = tensor.empty() : tensor<16x128x384xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%transposed_8 : tensor<128x384xf32>) outs(%2 : tensor<16x128x384xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x128x384xf32>
    %4 = tensor.empty() : tensor<16x2x384xf32>
    %5 = linalg.fill ins(%cst : f32) outs(%4 : tensor<16x2x384xf32>) -> tensor<16x2x384xf32>
    %6 = linalg.batch_matmul ins(%transposed, %3 : tensor<16x2x128xf32>, tensor<16x128x384xf32>) outs(%5 : tensor<16x2x384xf32>) -> tensor<16x2x384xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6, %arg2 : tensor<16x2x384xf32>, tensor<384xf32>) outs(%4 : tensor<16x2x384xf32>) {
    ^bb0(%in: f32, %in_41: f32, %out: f32):
      %96 = arith.addf %in, %in_41 : f32
      linalg.yield %96 : f32
    } -> tensor<16x2x384xf32>
    %expanded = tensor.expand_shape %7 [[0, 1], [2], [3, 4]] output_shape [1, 16, 2, 3, 128] : tensor<16x2x384xf32> into tensor<1x16x2x3x128xf32>
    %8 = tensor.empty() : tensor<3x16x2x1x128xf32>
    %transposed_9 = linalg.transpose ins(%expanded : tensor<1x16x2x3x128xf32>) outs(%8 : tensor<3x16x2x1x128xf32>) permutation = [3, 1, 2, 0, 4] 
    %collapsed = tensor.collapse_shape %transposed_9 [[0], [1], [2, 3], [4]] : tensor<3x16x2x1x128xf32> into tensor<3x16x2x128xf32>
    %extracted_slice = tensor.extract_slice %collapsed[0, 0, 0, 0] [1, 16, 2, 128] [1, 1, 1, 1] : tensor<3x16x2x128xf32> to tensor<1x16x2x128xf32>
    %extracted_slice_10 = tensor.extract_slice %collapsed[1, 0, 0, 0] [1, 16, 2, 128] [1, 1, 1, 1] : tensor<3x16x2x128xf32> to tensor<1x16x2x128xf32>
    %extracted_slice_11 = tensor.extract_slice %collapsed[2, 0, 0, 0] [1, 16, 2, 128] [1, 1, 1, 1] : tensor<3x16x2x128xf32> to tensor<1x16x2x128xf32>
    %collapsed_12 = tensor.collapse_shape %extracted_slice [[0, 1], [2, 3]] : tensor<1x16x2x128xf32> into tensor<16x256xf32>
    %expanded_13 = tensor.expand_shape %collapsed_12 [[0], [1, 2]] output_shape [16, 4, 64] : tensor<16x256xf32> into tensor<16x4x64xf32>
    %9 = tensor.empty() : tensor<4x16x64xf32>
    %transposed_14 = linalg.transpose ins(%expanded_13 : tensor<16x4x64xf32>) outs(%9 : tensor<4x16x64xf32>) permutation = [1, 0, 2] 
    %collapsed_15 = tensor.collapse_shape %extracted_slice_10 [[0, 1], [2, 3]] : tensor<1x16x2x128xf32> into tensor<16x256xf32>
    %expanded_16 = tensor.expand_shape %collapsed_15 [[0], [1, 2]] output_shape [16, 4, 64] : tensor<16x256xf32> into tensor<16x4x64xf32>
    %transposed_17 = linalg.transpose ins(%expanded_16 : tensor<16x4x64xf32>) outs(%9 : tensor<4x16x64xf32>) permutation = [1, 0, 2] 
    %collapsed_18 = tensor.collapse_shape %extracted_slice_11 [[0, 1], [2, 3]] : tensor<1x16x2x128xf32> into tensor<16x256xf32>
    %expanded_19 = tensor.expand_shape %collapsed_18 [[0], [1, 2]] output_shape [16, 4, 64] : tensor<16x256xf32> into tensor<16x4x64xf32>
    %transposed_20 = linalg.transpose ins(%expanded_19 : tensor<16x4x64xf32>) outs(%9 : tensor<4x16x64xf32>) permutation = [1, 0, 2] 
    %expanded_21 = tensor.expand_shape %transposed_14 [[0, 1], [2], [3]] output_shape [2, 2, 16, 64] : tensor<4x16x64xf32> into tensor<2x2x16x64xf32>
    %expanded_22 = tensor.expand_shape %transposed_17 [[0, 1], [2], [3]] output_shape [2, 2, 16, 64] : tensor<4x16x64xf32> into tensor<2x2x16x64xf32>
    %10 = tensor.empty() : tensor<2x2x16x64xf32>
    %11 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_21 : tensor<2x2x16x64xf32>) outs(%10 : tensor<2x2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %96 = arith.truncf %cst_5 : f64 to f32
      %97 = arith.mulf %in, %96 : f32
      linalg.yield %97 : f32
    } -> tensor<2x2x16x64xf32>
    %12 = tensor.empty() : tensor<2x2x64x16xf32>
    %transposed_23 = linalg.transpose ins(%expanded_22 : tensor<2x2x16x64xf32>) outs(%12 : tensor<2x2x64x16xf32>) permutation = [0, 1, 3, 2] 
    %13 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_23 : tensor<2x2x64x16xf32>) outs(%12 : tensor<2x2x64x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %96 = arith.truncf %cst_5 : f64 to f32
      %97 = arith.mulf %in, %96 : f32
      linalg.yield %97 : f32
    } -> tensor<2x2x64x16xf32>
    %collapsed_24 = tensor.collapse_shape %11 [[0, 1], [2], [3]] : tensor<2x2x16x64xf32> into tensor<4x16x64xf32>
    %collapsed_25 = tensor.collapse_shape %13 [[0, 1], [2], [3]] : tensor<2x2x64x16xf32> into tensor<4x64x16xf32>
    %14 = tensor.empty() : tensor<4x16x16xf32>
    %15 = linalg.fill ins(%cst : f32) outs(%14 : tensor<4x16x16xf32>) -> tensor<4x16x16xf32>
    %16 = linalg.batch_matmul ins(%collapsed_24, %collapsed_25 : tensor<4x16x64xf32>, tensor<4x64x16xf32>) outs(%15 : tensor<4x16x16xf32>) -> tensor<4x16x16xf32>
    %expanded_26 = tensor.expand_shape %16 [[0, 1], [2], [3]] output_shape [2, 2, 16, 16] : tensor<4x16x16xf32> into tensor<2x2x16x16xf32>
    %17 = tensor.empty() : tensor<2x2x16xi64>
    %18 = linalg.fill ins(%c0_i64 : i64) outs(%17 : tensor<2x2x16xi64>) -> tensor<2x2x16xi64>
    %19 = tensor.empty() : tensor<2x2x16xf32>
    %20 = linalg.fill ins(%cst_0 : f32) outs(%19 : tensor<2x2x16xf32>) -> tensor<2x2x16xf32>
    %21:2 = linalg.generic {indexing_maps = [#map3, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%expanded_26 : tensor<2x2x16x16xf32>) outs(%20, %18 : tensor<2x2x16xf32>, tensor<2x2x16xi64>) {
    ^bb0(%in: f32, %out: f32, %out_41: i64):
      %96 = linalg.index 3 : index
      %97 = arith.index_cast %96 : index to i64
      %98 = arith.maximumf %in, %out : f32
      %99 = arith.cmpf ogt, %in, %out : f32
      %100 = arith.select %99, %97, %out_41 : i64
      linalg.yield %98, %100 : f32, i64
    } -> (tensor<2x2x16xf32>, tensor<2x2x16xi64>)
    %expanded_27 = tensor.expand_shape %21#0 [[0], [1], [2, 3]] output_shape [2, 2, 16, 1] : tensor<2x2x16xf32> into tensor<2x2x16x1xf32>
    %22 = tensor.empty() : tensor<2x2x16x16xf32>
    %23 = linalg.generic {indexing_maps = [#map3, #map5, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_26, %expanded_27 : tensor<2x2x16x16xf32>, tensor<2x2x16x1xf32>) outs(%22 : tensor<2x2x16x16xf32>) {
    ^bb0(%in: f32, %in_41: f32, %out: f32):
      %96 = arith.subf %in, %in_41 : f32
      linalg.yield %96 : f32
    } -> tensor<2x2x16x16xf32>
    %24 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%23 : tensor<2x2x16x16xf32>) outs(%22 : tensor<2x2x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %96 = math.exp %in : f32
      linalg.yield %96 : f32
    } -> tensor<2x2x16x16xf32>
    %25 = tensor.empty() : tensor<2x2x16x1xf32>
    %26 = linalg.fill ins(%cst : f32) outs(%25 : tensor<2x2x16x1xf32>) -> tensor<2x2x16x1xf32>
    %27 = linalg.generic {indexing_maps = [#map3, #map5], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%24 : tensor<2x2x16x16xf32>) outs(%26 : tensor<2x2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %96 = arith.addf %in, %out : f32
      linalg.yield %96 : f32
    } -> tensor<2x2x16x1xf32>
    %28 = linalg.generic {indexing_maps = [#map3, #map5, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%24, %27 : tensor<2x2x16x16xf32>, tensor<2x2x16x1xf32>) outs(%22 : tensor<2x2x16x16xf32>) {
    ^bb0(%in: f32, %in_41: f32, %out: f32):
      %96 = arith.divf %in, %in_41 : f32
      linalg.yield %96 : f32
    } -> tensor<2x2x16x16xf32>
    %29 = tensor.empty() : tensor<2x2x16x16xi1>
    %30 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_26 : tensor<2x2x16x16xf32>) outs(%29 : tensor<2x2x16x16xi1>) {
    ^bb0(%in: f32, %out: i1):
      %96 = arith.extf %in : f32 to f64
      %97 = arith.cmpf oeq, %96, %cst_4 : f64
      linalg.yield %97 : i1
    } -> tensor<2x2x16x16xi1>
    %31 = tensor.empty() : tensor<2x2x16x1xi1>
    %32 = linalg.fill ins(%true : i1) outs(%31 : tensor<2x2x16x1xi1>) -> tensor<2x2x16x1xi1>
    %33 = linalg.generic {indexing_maps = [#map3, #map5], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%30 : tensor<2x2x16x16xi1>) outs(%32 : tensor<2x2x16x1xi1>) {
    ^bb0(%in: i1, %out: i1):
      %96 = arith.andi %in, %out : i1
      linalg.yield %96 : i1
    } -> tensor<2x2x16x1xi1>
    %34 = linalg.generic {indexing_maps = [#map5, #map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%33, %cst_2, %28 : tensor<2x2x16x1xi1>, tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) outs(%22 : tensor<2x2x16x16xf32>) {
    ^bb0(%in: i1, %in_41: f32, %in_42: f32, %out: f32):
      %96 = arith.select %in, %in_41, %in_42 : f32
      linalg.yield %96 : f32
    } -> tensor<2x2x16x16xf32>
    %collapsed_28 = tensor.collapse_shape %34 [[0, 1], [2], [3]] : tensor<2x2x16x16xf32> into tensor<4x16x16xf32>
    %35 = linalg.fill ins(%cst : f32) outs(%9 : tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %36 = linalg.batch_matmul ins(%collapsed_28, %transposed_20 : tensor<4x16x16xf32>, tensor<4x16x64xf32>) outs(%35 : tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %expanded_29 = tensor.expand_shape %36 [[0, 1], [2], [3]] output_shape [2, 2, 16, 64] : tensor<4x16x64xf32> into tensor<2x2x16x64xf32>
    %37 = tensor.empty() : tensor<16x2x2x64xf32>
    %transposed_30 = linalg.transpose ins(%expanded_29 : tensor<2x2x16x64xf32>) outs(%37 : tensor<16x2x2x64xf32>) permutation = [2, 0, 1, 3] 
    %collapsed_31 = tensor.collapse_shape %transposed_30 [[0, 1], [2, 3]] : tensor<16x2x2x64xf32> into tensor<32x128xf32>
    %38 = tensor.empty() : tensor<128x128xf32>
    %transposed_32 = linalg.transpose ins(%arg3 : tensor<128x128xf32>) outs(%38 : tensor<128x128xf32>) permutation = [1, 0] 
    %39 = tensor.empty() : tensor<32x128xf32>
    %40 = linalg.fill ins(%cst : f32) outs(%39 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %41 = linalg.matmul ins(%collapsed_31, %transposed_32 : tensor<32x128xf32>, tensor<128x128xf32>) outs(%40 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %42 = linalg.generic {indexing_maps = [#map6, #map7], iterator_types = ["parallel", "parallel"]} ins(%arg4 : tensor<128xf32>) outs(%39 : tensor<32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<32x128xf32>
    %43 = linalg.generic {indexing_maps = [#map7, #map7, #map7], iterator_types = ["parallel", "parallel"]} ins(%41, %42 : tensor<32x128xf32>, tensor<32x128xf32>) outs(%39 : tensor<32x128xf32>) {
    ^bb0(%in: f32, %in_41: f32, %out: f32):
      %96 = arith.addf %in, %in_41 : f32
      linalg.yield %96 : f32
    } -> tensor<32x128xf32>
    %expanded_33 = tensor.expand_shape %43 [[0, 1], [2]] output_shape [16, 2, 128] : tensor<32x128xf32> into tensor<16x2x128xf32>
    %44 = tensor.empty() : tensor<2x16x128xf32>
    %transposed_34 = linalg.transpose ins(%expanded_33 : tensor<16x2x128xf32>) outs(%44 : tensor<2x16x128xf32>) permutation = [1, 0, 2] 
    %45 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %transposed_34 : tensor<2x16x128xf32>, tensor<2x16x128xf32>) outs(%44 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_41: f32, %out: f32):
      %96 = arith.addf %in, %in_41 : f32
      linalg.yield %96 : f32
    } -> tensor<2x16x128xf32>
    %46 = tensor.empty() : tensor<2x16x128xf64>
    %47 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%45 : tensor<2x16x128xf32>) outs(%46 : tensor<2x16x128xf64>) {
    ^bb0(%in: f32, %out: f64):
      %96 = arith.extf %in : f32 to f64
      linalg.yield %96 : f64
    } -> tensor<2x16x128xf64>
    %48 = tensor.empty() : tensor<2x16x1xf64>
    %49 = linalg.fill ins(%cst_1 : f64) outs(%48 : tensor<2x16x1xf64>) -> tensor<2x16x1xf64>
    %50 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%47 : tensor<2x16x128xf64>) outs(%49 : tensor<2x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %96 = arith.addf %in, %out : f64
      linalg.yield %96 : f64
    } -> tensor<2x16x1xf64>
    %51 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%50 : tensor<2x16x1xf64>) outs(%48 : tensor<2x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %96 = arith.divf %in, %cst_6 : f64
      linalg.yield %96 : f64
    } -> tensor<2x16x1xf64>
    %52 = linalg.generic {indexing_maps = [#map1, #map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%47, %51 : tensor<2x16x128xf64>, tensor<2x16x1xf64>) outs(%46 : tensor<2x16x128xf64>) {
    ^bb0(%in: f64, %in_41: f64, %out: f64):
      %96 = arith.subf %in, %in_41 : f64
      linalg.yield %96 : f64
    } -> tensor<2x16x128xf64>
    %53 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%52, %52 : tensor<2x16x128xf64>, tensor<2x16x128xf64>) outs(%46 : tensor<2x16x128xf64>) {
    ^bb0(%in: f64, %in_41: f64, %out: f64):
      %96 = arith.mulf %in, %in_41 : f64
      linalg.yield %96 : f64
    } -> tensor<2x16x128xf64>
    %54 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%53 : tensor<2x16x128xf64>) outs(%49 : tensor<2x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %96 = arith.addf %in, %out : f64
      linalg.yield %96 : f64
    } -> tensor<2x16x1xf64>
    %55 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%54 : tensor<2x16x1xf64>) outs(%48 : tensor<2x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %96 = arith.divf %in, %cst_6 : f64
      linalg.yield %96 : f64
    } -> tensor<2x16x1xf64>
    %56 = tensor.empty() : tensor<2x16x1xf32>
    %57 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%55 : tensor<2x16x1xf64>) outs(%56 : tensor<2x16x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %96 = arith.truncf %in : f64 to f32
      linalg.yield %96 : f32
    } -> tensor<2x16x1xf32>
    %58 = linalg.fill ins(%cst : f32) outs(%56 : tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %59 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%45 : tensor<2x16x128xf32>) outs(%58 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %96 = arith.addf %in, %out : f32
      linalg.yield %96 : f32
    } -> tensor<2x16x1xf32>
    %60 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%59 : tensor<2x16x1xf32>) outs(%56 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %96 = arith.divf %in, %cst_7 : f32
      linalg.yield %96 : f32
    } -> tensor<2x16x1xf32>
    %61 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%57 : tensor<2x16x1xf32>) outs(%56 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %96 = arith.truncf %cst_3 : f64 to f32
      %97 = arith.addf %in, %96 : f32
      linalg.yield %97 : f32
    } -> tensor<2x16x1xf32>
    %62 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%61 : tensor<2x16x1xf32>) outs(%56 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %96 = math.rsqrt %in : f32
      linalg.yield %96 : f32
    } -> tensor<2x16x1xf32>
    %63 = linalg.generic {indexing_maps = [#map1, #map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%45, %60 : tensor<2x16x128xf32>, tensor<2x16x1xf32>) outs(%44 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_41: f32, %out: f32):
      %96 = arith.subf %in, %in_41 : f32
      linalg.yield %96 : f32
    } -> tensor<2x16x128xf32>
    %64 = linalg.generic {indexing_maps = [#map1, #map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%63, %62 : tensor<2x16x128xf32>, tensor<2x16x1xf32>) outs(%44 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_41: f32, %out: f32):
      %96 = arith.mulf %in, %in_41 : f32
      linalg.yield %96 : f32
    } -> tensor<2x16x128xf32>
    %65 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%64, %arg9 : tensor<2x16x128xf32>, tensor<128xf32>) outs(%44 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_41: f32, %out: f32):
      %96 = arith.mulf %in, %in_41 : f32
      linalg.yield %96 : f32
    } -> tensor<2x16x128xf32>
    %66 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%65, %arg10 : tensor<2x16x128xf32>, tensor<128xf32>) outs(%44 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_41: f32, %out: f32):
      %96 = arith.addf %in, %in_41 : f32
      linalg.yield %96 : f32
    } -> tensor<2x16x128xf32>
    %collapsed_35 = tensor.collapse_shape %66 [[0, 1], [2]] : tensor<2x16x128xf32> into tensor<32x128xf32>
    %67 = tensor.empty() : tensor<128x512xf32>
    %transposed_36 = linalg.transpose ins(%arg5 : tensor<512x128xf32>) outs(%67 : tensor<128x512xf32>) permutation = [1, 0] 
    %68 = tensor.empty() : tensor<32x512xf32>
    %69 = linalg.fill ins(%cst : f32) outs(%68 : tensor<32x512xf32>) -> tensor<32x512xf32>
    %70 = linalg.matmul ins(%collapsed_35, %transposed_36 : tensor<32x128xf32>, tensor<128x512xf32>) outs(%69 : tensor<32x512xf32>) -> tensor<32x512xf32>
    %71 = linalg.generic {indexing_maps = [#map6, #map7], iterator_types = ["parallel", "parallel"]} ins(%arg6 : tensor<512xf32>) outs(%68 : tensor<32x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<32x512xf32>
    %72 = linalg.generic {indexing_maps = [#map7, #map7, #map7], iterator_types = ["parallel", "parallel"]} ins(%70, %71 : tensor<32x512xf32>, tensor<32x512xf32>) outs(%68 : tensor<32x512xf32>) {
    ^bb0(%in: f32, %in_41: f32, %out: f32):
      %96 = arith.addf %in, %in_41 : f32
      linalg.yield %96 : f32
    } -> tensor<32x512xf32>
    %expanded_37 = tensor.expand_shape %72 [[0, 1], [2]] output_shape [2, 16, 512] : tensor<32x512xf32> into tensor<2x16x512xf32>
    %73 = tensor.empty() : tensor<2x16x512xf32>
    %74 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_37 : tensor<2x16x512xf32>) outs(%73 : tensor<2x16x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %96 = arith.cmpf ugt, %in, %cst : f32
      %97 = arith.select %96, %in, %cst : f32
      linalg.yield %97 : f32
    } -> tensor<2x16x512xf32>
    %collapsed_38 = tensor.collapse_shape %74 [[0, 1], [2]] : tensor<2x16x512xf32> into tensor<32x512xf32>
    %75 = tensor.empty() : tensor<512x128xf32>
    %transposed_39 = linalg.transpose ins(%arg7 : tensor<128x512xf32>) outs(%75 : tensor<512x128xf32>) permutation = [1, 0] 
    %76 = linalg.matmul ins(%collapsed_38, %transposed_39 : tensor<32x512xf32>, tensor<512x128xf32>) outs(%40 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %77 = linalg.generic {indexing_maps = [#map6, #map7], iterator_types = ["parallel", "parallel"]} ins(%arg8 : tensor<128xf32>) outs(%39 : tensor<32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<32x128xf32>
    %78 = linalg.generic {indexing_maps = [#map7, #map7, #map7], iterator_types = ["parallel", "parallel"]} ins(%76, %77 : tensor<32x128xf32>, tensor<32x128xf32>) outs(%39 : tensor<32x128xf32>) {
    ^bb0(%in: f32, %in_41: f32, %out: f32):
      %96 = arith.addf %in, %in_41 : f32
      linalg.yield %96 : f32
    } -> tensor<32x128xf32>
    %expanded_40 = tensor.expand_shape %78 [[0, 1], [2]] output_shape [2, 16, 128] : tensor<32x128xf32> into tensor<2x16x128xf32>
    %79 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%66, %expanded_40 : tensor<2x16x128xf32>, tensor<2x16x128xf32>) outs(%44 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_41: f32, %out: f32):
      %96 = arith.addf %in, %in_41 : f32
      linalg.yield %96 : f32
    } -> tensor<2x16x128xf32>
    %80 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%79 : tensor<2x16x128xf32>) outs(%46 : tensor<2x16x128xf64>) {
    ^bb0(%in: f32, %out: f64):
      %96 = arith.extf %in : f32 to f64
      linalg.yield %96 : f64
    } -> tensor<2x16x128xf64>
    %81 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%80 : tensor<2x16x128xf64>) outs(%49 : tensor<2x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %96 = arith.addf %in, %out : f64
      linalg.yield %96 : f64
    } -> tensor<2x16x1xf64>
    %82 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%81 : tensor<2x16x1xf64>) outs(%48 : tensor<2x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %96 = arith.divf %in, %cst_6 : f64
      linalg.yield %96 : f64
    } -> tensor<2x16x1xf64>
    %83 = linalg.generic {indexing_maps = [#map1, #map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%80, %82 : tensor<2x16x128xf64>, tensor<2x16x1xf64>) outs(%46 : tensor<2x16x128xf64>) {
    ^bb0(%in: f64, %in_41: f64, %out: f64):
      %96 = arith.subf %in, %in_41 : f64
      linalg.yield %96 : f64
    } -> tensor<2x16x128xf64>
    %84 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%83, %83 : tensor<2x16x128xf64>, tensor<2x16x128xf64>) outs(%46 : tensor<2x16x128xf64>) {
    ^bb0(%in: f64, %in_41: f64, %out: f64):
      %96 = arith.mulf %in, %in_41 : f64
      linalg.yield %96 : f64
    } -> tensor<2x16x128xf64>
    %85 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%84 : tensor<2x16x128xf64>) outs(%49 : tensor<2x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %96 = arith.addf %in, %out : f64
      linalg.yield %96 : f64
    } -> tensor<2x16x1xf64>
    %86 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%85 : tensor<2x16x1xf64>) outs(%48 : tensor<2x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %96 = arith.divf %in, %cst_6 : f64
      linalg.yield %96 : f64
    } -> tensor<2x16x1xf64>
    %87 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%86 : tensor<2x16x1xf64>) outs(%56 : tensor<2x16x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %96 = arith.truncf %in : f64 to f32
      linalg.yield %96 : f32
    } -> tensor<2x16x1xf32>
    %88 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%79 : tensor<2x16x128xf32>) outs(%58 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %96 = arith.addf %in, %out : f32
      linalg.yield %96 : f32
    } -> tensor<2x16x1xf32>
    %89 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%88 : tensor<2x16x1xf32>) outs(%56 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %96 = arith.divf %in, %cst_7 : f32
      linalg.yield %96 : f32
    } -> tensor<2x16x1xf32>
    %90 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%87 : tensor<2x16x1xf32>) outs(%56 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %96 = arith.truncf %cst_3 : f64 to f32
      %97 = arith.addf %in, %96 : f32
      linalg.yield %97 : f32
    } -> tensor<2x16x1xf32>
    %91 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%90 : tensor<2x16x1xf32>) outs(%56 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %96 = math.rsqrt %in : f32
      linalg.yield %96 : f32
    } -> tensor<2x16x1xf32>
    %92 = linalg.generic {indexing_maps = [#map1, #map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%79, %89 : tensor<2x16x128xf32>, tensor<2x16x1xf32>) outs(%44 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_41: f32, %out: f32):
      %96 = arith.subf %in, %in_41 : f32
      linalg.yield %96 : f32
    } -> tensor<2x16x128xf32>
    %93 = linalg.generic {indexing_maps = [#map1, #map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%92, %91 : tensor<2x16x128xf32>, tensor<2x16x1xf32>) outs(%44 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_41: f32, %out: f32):
      %96 = arith.mulf %in, %in_41 : f32
      linalg.yield %96 : f32
    } -> tensor<2x16x128xf32>
    %94 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%93, %arg11 : tensor<2x16x128xf32>, tensor<128xf32>) outs(%44 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_41: f32, %out: f32):
      %96 = arith.mulf %in, %in_41 : f32
      linalg.yield %96 : f32
    } -> tensor<2x16x128xf32>
    %95 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%94, %arg12 : tensor<2x16x128xf32>, tensor<128xf32>) outs(%44 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_41: f32, %out: f32):
      %96 = arith.addf %in, %in_41 : f32
      linalg.yield %96 : f32
    } -> tensor<2x16x128xf32>
    return %95 : tensor<2x16x128xf32>
  }
}
