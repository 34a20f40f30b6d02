#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> ()>
#map2 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map4 = affine_map<(d0, d1, d2) -> (d2)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
#map6 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map7 = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, d3)>
#map8 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map9 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
#map10 = affine_map<(d0, d1) -> (d1)>
#map11 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
module {
  func.func @encoder_layer_masked(%arg0: tensor<2x16x128xf32>, %arg1: tensor<2x16xi1>, %arg2: tensor<384x128xf32>, %arg3: tensor<384xf32>, %arg4: tensor<128x128xf32>, %arg5: tensor<128xf32>, %arg6: tensor<512x128xf32>, %arg7: tensor<512xf32>, %arg8: tensor<128x512xf32>, %arg9: tensor<128xf32>, %arg10: tensor<128xf32>, %arg11: tensor<128xf32>, %arg12: tensor<128xf32>, %arg13: tensor<128xf32>) -> tensor<2x16x128xf32> {
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %true = arith.constant true
    %cst_1 = arith.constant 0.000000e+00 : f64
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<2x2x16x16xf32>
    %cst_3 = arith.constant 1.000000e-05 : f64
    %cst_4 = arith.constant 0.35355339059327379 : f64
    %cst_5 = arith.constant 0xFFF0000000000000 : f64
    %cst_6 = arith.constant dense<0.000000e+00> : tensor<2x16xf32>
    %cst_7 = arith.constant dense<0xFF800000> : tensor<f32>
    %cst_8 = arith.constant 1.280000e+02 : f64
    %cst_9 = arith.constant 1.280000e+02 : f32
    %0 = tensor.empty() : tensor<2x16xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg1, %cst_7, %cst_6 : tensor<2x16xi1>, tensor<f32>, tensor<2x16xf32>) outs(%0 : tensor<2x16xf32>) {
    ^bb0(%in: i1, %in_45: f32, %in_46: f32, %out: f32):
      %101 = arith.select %in, %in_45, %in_46 : f32
      linalg.yield %101 : f32
    } -> tensor<2x16xf32>
    %2 = tensor.empty() : tensor<16x2x128xf32>
    %transposed = linalg.transpose ins(%arg0 : tensor<2x16x128xf32>) outs(%2 : tensor<16x2x128xf32>) permutation = [1, 0, 2] 
    %3 = tensor.empty() : tensor<128x384xf32>
    %transposed_10 = linalg.transpose ins(%arg2 : tensor<384x128xf32>) outs(%3 : tensor<128x384xf32>) permutation = [1, 0] 
    %4 = tensor.empty() : tensor<16x128x384xf32>
    %5 = linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%transposed_10 : tensor<128x384xf32>) outs(%4 : tensor<16x128x384xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x128x384xf32>
    %6 = tensor.empty() : tensor<16x2x384xf32>
    %7 = linalg.fill ins(%cst : f32) outs(%6 : tensor<16x2x384xf32>) -> tensor<16x2x384xf32>
    %8 = linalg.batch_matmul ins(%transposed, %5 : tensor<16x2x128xf32>, tensor<16x128x384xf32>) outs(%7 : tensor<16x2x384xf32>) -> tensor<16x2x384xf32>
    %9 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8, %arg3 : tensor<16x2x384xf32>, tensor<384xf32>) outs(%6 : tensor<16x2x384xf32>) {
    ^bb0(%in: f32, %in_45: f32, %out: f32):
      %101 = arith.addf %in, %in_45 : f32
      linalg.yield %101 : f32
    } -> tensor<16x2x384xf32>
    %expanded = tensor.expand_shape %9 [[0, 1], [2], [3, 4]] output_shape [1, 16, 2, 3, 128] : tensor<16x2x384xf32> into tensor<1x16x2x3x128xf32>
    %10 = tensor.empty() : tensor<3x16x2x1x128xf32>
    %transposed_11 = linalg.transpose ins(%expanded : tensor<1x16x2x3x128xf32>) outs(%10 : tensor<3x16x2x1x128xf32>) permutation = [3, 1, 2, 0, 4] 
    %collapsed = tensor.collapse_shape %transposed_11 [[0], [1], [2, 3], [4]] : tensor<3x16x2x1x128xf32> into tensor<3x16x2x128xf32>
    %extracted_slice = tensor.extract_slice %collapsed[0, 0, 0, 0] [1, 16, 2, 128] [1, 1, 1, 1] : tensor<3x16x2x128xf32> to tensor<1x16x2x128xf32>
    %extracted_slice_12 = tensor.extract_slice %collapsed[1, 0, 0, 0] [1, 16, 2, 128] [1, 1, 1, 1] : tensor<3x16x2x128xf32> to tensor<1x16x2x128xf32>
    %extracted_slice_13 = tensor.extract_slice %collapsed[2, 0, 0, 0] [1, 16, 2, 128] [1, 1, 1, 1] : tensor<3x16x2x128xf32> to tensor<1x16x2x128xf32>
    %collapsed_14 = tensor.collapse_shape %extracted_slice [[0, 1], [2, 3]] : tensor<1x16x2x128xf32> into tensor<16x256xf32>
    %expanded_15 = tensor.expand_shape %collapsed_14 [[0], [1, 2]] output_shape [16, 4, 64] : tensor<16x256xf32> into tensor<16x4x64xf32>
    %11 = tensor.empty() : tensor<4x16x64xf32>
    %transposed_16 = linalg.transpose ins(%expanded_15 : tensor<16x4x64xf32>) outs(%11 : tensor<4x16x64xf32>) permutation = [1, 0, 2] 
    %collapsed_17 = tensor.collapse_shape %extracted_slice_12 [[0, 1], [2, 3]] : tensor<1x16x2x128xf32> into tensor<16x256xf32>
    %expanded_18 = tensor.expand_shape %collapsed_17 [[0], [1, 2]] output_shape [16, 4, 64] : tensor<16x256xf32> into tensor<16x4x64xf32>
    %transposed_19 = linalg.transpose ins(%expanded_18 : tensor<16x4x64xf32>) outs(%11 : tensor<4x16x64xf32>) permutation = [1, 0, 2] 
    %collapsed_20 = tensor.collapse_shape %extracted_slice_13 [[0, 1], [2, 3]] : tensor<1x16x2x128xf32> into tensor<16x256xf32>
    %expanded_21 = tensor.expand_shape %collapsed_20 [[0], [1, 2]] output_shape [16, 4, 64] : tensor<16x256xf32> into tensor<16x4x64xf32>
    %transposed_22 = linalg.transpose ins(%expanded_21 : tensor<16x4x64xf32>) outs(%11 : tensor<4x16x64xf32>) permutation = [1, 0, 2] 
    %expanded_23 = tensor.expand_shape %1 [[0], [1, 2, 3]] output_shape [2, 1, 1, 16] : tensor<2x16xf32> into tensor<2x1x1x16xf32>
    %12 = tensor.empty() : tensor<2x2x1x16xf32>
    %collapsed_24 = tensor.collapse_shape %expanded_23 [[0, 1], [2], [3]] : tensor<2x1x1x16xf32> into tensor<2x1x16xf32>
    %13 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%collapsed_24 : tensor<2x1x16xf32>) outs(%12 : tensor<2x2x1x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x2x1x16xf32>
    %expanded_25 = tensor.expand_shape %transposed_16 [[0, 1], [2], [3]] output_shape [2, 2, 16, 64] : tensor<4x16x64xf32> into tensor<2x2x16x64xf32>
    %expanded_26 = tensor.expand_shape %transposed_19 [[0, 1], [2], [3]] output_shape [2, 2, 16, 64] : tensor<4x16x64xf32> into tensor<2x2x16x64xf32>
    %14 = tensor.empty() : tensor<2x2x16x64xf32>
    %15 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_25 : tensor<2x2x16x64xf32>) outs(%14 : tensor<2x2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %101 = arith.truncf %cst_4 : f64 to f32
      %102 = arith.mulf %in, %101 : f32
      linalg.yield %102 : f32
    } -> tensor<2x2x16x64xf32>
    %16 = tensor.empty() : tensor<2x2x64x16xf32>
    %transposed_27 = linalg.transpose ins(%expanded_26 : tensor<2x2x16x64xf32>) outs(%16 : tensor<2x2x64x16xf32>) permutation = [0, 1, 3, 2] 
    %17 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_27 : tensor<2x2x64x16xf32>) outs(%16 : tensor<2x2x64x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %101 = arith.truncf %cst_4 : f64 to f32
      %102 = arith.mulf %in, %101 : f32
      linalg.yield %102 : f32
    } -> tensor<2x2x64x16xf32>
    %collapsed_28 = tensor.collapse_shape %15 [[0, 1], [2], [3]] : tensor<2x2x16x64xf32> into tensor<4x16x64xf32>
    %collapsed_29 = tensor.collapse_shape %17 [[0, 1], [2], [3]] : tensor<2x2x64x16xf32> into tensor<4x64x16xf32>
    %18 = tensor.empty() : tensor<4x16x16xf32>
    %19 = linalg.fill ins(%cst : f32) outs(%18 : tensor<4x16x16xf32>) -> tensor<4x16x16xf32>
    %20 = linalg.batch_matmul ins(%collapsed_28, %collapsed_29 : tensor<4x16x64xf32>, tensor<4x64x16xf32>) outs(%19 : tensor<4x16x16xf32>) -> tensor<4x16x16xf32>
    %expanded_30 = tensor.expand_shape %20 [[0, 1], [2], [3]] output_shape [2, 2, 16, 16] : tensor<4x16x16xf32> into tensor<2x2x16x16xf32>
    %21 = tensor.empty() : tensor<2x2x16x16xf32>
    %22 = linalg.generic {indexing_maps = [#map6, #map7, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_30, %13 : tensor<2x2x16x16xf32>, tensor<2x2x1x16xf32>) outs(%21 : tensor<2x2x16x16xf32>) {
    ^bb0(%in: f32, %in_45: f32, %out: f32):
      %101 = arith.addf %in, %in_45 : f32
      linalg.yield %101 : f32
    } -> tensor<2x2x16x16xf32>
    %23 = tensor.empty() : tensor<2x2x16xi64>
    %24 = linalg.fill ins(%c0_i64 : i64) outs(%23 : tensor<2x2x16xi64>) -> tensor<2x2x16xi64>
    %25 = tensor.empty() : tensor<2x2x16xf32>
    %26 = linalg.fill ins(%cst_0 : f32) outs(%25 : tensor<2x2x16xf32>) -> tensor<2x2x16xf32>
    %27:2 = linalg.generic {indexing_maps = [#map6, #map8, #map8], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%22 : tensor<2x2x16x16xf32>) outs(%26, %24 : tensor<2x2x16xf32>, tensor<2x2x16xi64>) {
    ^bb0(%in: f32, %out: f32, %out_45: i64):
      %101 = linalg.index 3 : index
      %102 = arith.index_cast %101 : index to i64
      %103 = arith.maximumf %in, %out : f32
      %104 = arith.cmpf ogt, %in, %out : f32
      %105 = arith.select %104, %102, %out_45 : i64
      linalg.yield %103, %105 : f32, i64
    } -> (tensor<2x2x16xf32>, tensor<2x2x16xi64>)
    %expanded_31 = tensor.expand_shape %27#0 [[0], [1], [2, 3]] output_shape [2, 2, 16, 1] : tensor<2x2x16xf32> into tensor<2x2x16x1xf32>
    %28 = linalg.generic {indexing_maps = [#map6, #map9, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%22, %expanded_31 : tensor<2x2x16x16xf32>, tensor<2x2x16x1xf32>) outs(%21 : tensor<2x2x16x16xf32>) {
    ^bb0(%in: f32, %in_45: f32, %out: f32):
      %101 = arith.subf %in, %in_45 : f32
      linalg.yield %101 : f32
    } -> tensor<2x2x16x16xf32>
    %29 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%28 : tensor<2x2x16x16xf32>) outs(%21 : tensor<2x2x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %101 = math.exp %in : f32
      linalg.yield %101 : f32
    } -> tensor<2x2x16x16xf32>
    %30 = tensor.empty() : tensor<2x2x16x1xf32>
    %31 = linalg.fill ins(%cst : f32) outs(%30 : tensor<2x2x16x1xf32>) -> tensor<2x2x16x1xf32>
    %32 = linalg.generic {indexing_maps = [#map6, #map9], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%29 : tensor<2x2x16x16xf32>) outs(%31 : tensor<2x2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %101 = arith.addf %in, %out : f32
      linalg.yield %101 : f32
    } -> tensor<2x2x16x1xf32>
    %33 = linalg.generic {indexing_maps = [#map6, #map9, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%29, %32 : tensor<2x2x16x16xf32>, tensor<2x2x16x1xf32>) outs(%21 : tensor<2x2x16x16xf32>) {
    ^bb0(%in: f32, %in_45: f32, %out: f32):
      %101 = arith.divf %in, %in_45 : f32
      linalg.yield %101 : f32
    } -> tensor<2x2x16x16xf32>
    %34 = tensor.empty() : tensor<2x2x16x16xi1>
    %35 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%22 : tensor<2x2x16x16xf32>) outs(%34 : tensor<2x2x16x16xi1>) {
    ^bb0(%in: f32, %out: i1):
      %101 = arith.extf %in : f32 to f64
      %102 = arith.cmpf oeq, %101, %cst_5 : f64
      linalg.yield %102 : i1
    } -> tensor<2x2x16x16xi1>
    %36 = tensor.empty() : tensor<2x2x16x1xi1>
    %37 = linalg.fill ins(%true : i1) outs(%36 : tensor<2x2x16x1xi1>) -> tensor<2x2x16x1xi1>
    %38 = linalg.generic {indexing_maps = [#map6, #map9], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%35 : tensor<2x2x16x16xi1>) outs(%37 : tensor<2x2x16x1xi1>) {
    ^bb0(%in: i1, %out: i1):
      %101 = arith.andi %in, %out : i1
      linalg.yield %101 : i1
    } -> tensor<2x2x16x1xi1>
    %39 = linalg.generic {indexing_maps = [#map9, #map6, #map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%38, %cst_2, %33 : tensor<2x2x16x1xi1>, tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) outs(%21 : tensor<2x2x16x16xf32>) {
    ^bb0(%in: i1, %in_45: f32, %in_46: f32, %out: f32):
      %101 = arith.select %in, %in_45, %in_46 : f32
      linalg.yield %101 : f32
    } -> tensor<2x2x16x16xf32>
    %collapsed_32 = tensor.collapse_shape %39 [[0, 1], [2], [3]] : tensor<2x2x16x16xf32> into tensor<4x16x16xf32>
    %40 = linalg.fill ins(%cst : f32) outs(%11 : tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %41 = linalg.batch_matmul ins(%collapsed_32, %transposed_22 : tensor<4x16x16xf32>, tensor<4x16x64xf32>) outs(%40 : tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %expanded_33 = tensor.expand_shape %41 [[0, 1], [2], [3]] output_shape [2, 2, 16, 64] : tensor<4x16x64xf32> into tensor<2x2x16x64xf32>
    %42 = tensor.empty() : tensor<16x2x2x64xf32>
    %transposed_34 = linalg.transpose ins(%expanded_33 : tensor<2x2x16x64xf32>) outs(%42 : tensor<16x2x2x64xf32>) permutation = [2, 0, 1, 3] 
    %collapsed_35 = tensor.collapse_shape %transposed_34 [[0, 1], [2, 3]] : tensor<16x2x2x64xf32> into tensor<32x128xf32>
    %43 = tensor.empty() : tensor<128x128xf32>
    %transposed_36 = linalg.transpose ins(%arg4 : tensor<128x128xf32>) outs(%43 : tensor<128x128xf32>) permutation = [1, 0] 
    %44 = tensor.empty() : tensor<32x128xf32>
    %45 = linalg.fill ins(%cst : f32) outs(%44 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %46 = linalg.matmul ins(%collapsed_35, %transposed_36 : tensor<32x128xf32>, tensor<128x128xf32>) outs(%45 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %47 = linalg.generic {indexing_maps = [#map10, #map], iterator_types = ["parallel", "parallel"]} ins(%arg5 : tensor<128xf32>) outs(%44 : tensor<32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<32x128xf32>
    %48 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%46, %47 : tensor<32x128xf32>, tensor<32x128xf32>) outs(%44 : tensor<32x128xf32>) {
    ^bb0(%in: f32, %in_45: f32, %out: f32):
      %101 = arith.addf %in, %in_45 : f32
      linalg.yield %101 : f32
    } -> tensor<32x128xf32>
    %expanded_37 = tensor.expand_shape %48 [[0, 1], [2]] output_shape [16, 2, 128] : tensor<32x128xf32> into tensor<16x2x128xf32>
    %49 = tensor.empty() : tensor<2x16x128xf32>
    %transposed_38 = linalg.transpose ins(%expanded_37 : tensor<16x2x128xf32>) outs(%49 : tensor<2x16x128xf32>) permutation = [1, 0, 2] 
    %50 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %transposed_38 : tensor<2x16x128xf32>, tensor<2x16x128xf32>) outs(%49 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_45: f32, %out: f32):
      %101 = arith.addf %in, %in_45 : f32
      linalg.yield %101 : f32
    } -> tensor<2x16x128xf32>
    %51 = tensor.empty() : tensor<2x16x128xf64>
    %52 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%50 : tensor<2x16x128xf32>) outs(%51 : tensor<2x16x128xf64>) {
    ^bb0(%in: f32, %out: f64):
      %101 = arith.extf %in : f32 to f64
      linalg.yield %101 : f64
    } -> tensor<2x16x128xf64>
    %53 = tensor.empty() : tensor<2x16x1xf64>
    %54 = linalg.fill ins(%cst_1 : f64) outs(%53 : tensor<2x16x1xf64>) -> tensor<2x16x1xf64>
    %55 = linalg.generic {indexing_maps = [#map3, #map11], iterator_types = ["parallel", "parallel", "reduction"]} ins(%52 : tensor<2x16x128xf64>) outs(%54 : tensor<2x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %101 = arith.addf %in, %out : f64
      linalg.yield %101 : f64
    } -> tensor<2x16x1xf64>
    %56 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%55 : tensor<2x16x1xf64>) outs(%53 : tensor<2x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %101 = arith.divf %in, %cst_8 : f64
      linalg.yield %101 : f64
    } -> tensor<2x16x1xf64>
    %57 = linalg.generic {indexing_maps = [#map3, #map11, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%52, %56 : tensor<2x16x128xf64>, tensor<2x16x1xf64>) outs(%51 : tensor<2x16x128xf64>) {
    ^bb0(%in: f64, %in_45: f64, %out: f64):
      %101 = arith.subf %in, %in_45 : f64
      linalg.yield %101 : f64
    } -> tensor<2x16x128xf64>
    %58 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%57, %57 : tensor<2x16x128xf64>, tensor<2x16x128xf64>) outs(%51 : tensor<2x16x128xf64>) {
    ^bb0(%in: f64, %in_45: f64, %out: f64):
      %101 = arith.mulf %in, %in_45 : f64
      linalg.yield %101 : f64
    } -> tensor<2x16x128xf64>
    %59 = linalg.generic {indexing_maps = [#map3, #map11], iterator_types = ["parallel", "parallel", "reduction"]} ins(%58 : tensor<2x16x128xf64>) outs(%54 : tensor<2x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %101 = arith.addf %in, %out : f64
      linalg.yield %101 : f64
    } -> tensor<2x16x1xf64>
    %60 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%59 : tensor<2x16x1xf64>) outs(%53 : tensor<2x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %101 = arith.divf %in, %cst_8 : f64
      linalg.yield %101 : f64
    } -> tensor<2x16x1xf64>
    %61 = tensor.empty() : tensor<2x16x1xf32>
    %62 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%60 : tensor<2x16x1xf64>) outs(%61 : tensor<2x16x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %101 = arith.truncf %in : f64 to f32
      linalg.yield %101 : f32
    } -> tensor<2x16x1xf32>
    %63 = linalg.fill ins(%cst : f32) outs(%61 : tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %64 = linalg.generic {indexing_maps = [#map3, #map11], iterator_types = ["parallel", "parallel", "reduction"]} ins(%50 : tensor<2x16x128xf32>) outs(%63 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %101 = arith.addf %in, %out : f32
      linalg.yield %101 : f32
    } -> tensor<2x16x1xf32>
    %65 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%64 : tensor<2x16x1xf32>) outs(%61 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %101 = arith.divf %in, %cst_9 : f32
      linalg.yield %101 : f32
    } -> tensor<2x16x1xf32>
    %66 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%62 : tensor<2x16x1xf32>) outs(%61 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %101 = arith.truncf %cst_3 : f64 to f32
      %102 = arith.addf %in, %101 : f32
      linalg.yield %102 : f32
    } -> tensor<2x16x1xf32>
    %67 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%66 : tensor<2x16x1xf32>) outs(%61 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %101 = math.rsqrt %in : f32
      linalg.yield %101 : f32
    } -> tensor<2x16x1xf32>
    %68 = linalg.generic {indexing_maps = [#map3, #map11, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%50, %65 : tensor<2x16x128xf32>, tensor<2x16x1xf32>) outs(%49 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_45: f32, %out: f32):
      %101 = arith.subf %in, %in_45 : f32
      linalg.yield %101 : f32
    } -> tensor<2x16x128xf32>
    %69 = linalg.generic {indexing_maps = [#map3, #map11, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%68, %67 : tensor<2x16x128xf32>, tensor<2x16x1xf32>) outs(%49 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_45: f32, %out: f32):
      %101 = arith.mulf %in, %in_45 : f32
      linalg.yield %101 : f32
    } -> tensor<2x16x128xf32>
    %70 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%69, %arg10 : tensor<2x16x128xf32>, tensor<128xf32>) outs(%49 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_45: f32, %out: f32):
      %101 = arith.mulf %in, %in_45 : f32
      linalg.yield %101 : f32
    } -> tensor<2x16x128xf32>
    %71 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%70, %arg11 : tensor<2x16x128xf32>, tensor<128xf32>) outs(%49 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_45: f32, %out: f32):
      %101 = arith.addf %in, %in_45 : f32
      linalg.yield %101 : f32
    } -> tensor<2x16x128xf32>
    %collapsed_39 = tensor.collapse_shape %71 [[0, 1], [2]] : tensor<2x16x128xf32> into tensor<32x128xf32>
    %72 = tensor.empty() : tensor<128x512xf32>
    %transposed_40 = linalg.transpose ins(%arg6 : tensor<512x128xf32>) outs(%72 : tensor<128x512xf32>) permutation = [1, 0] 
    %73 = tensor.empty() : tensor<32x512xf32>
    %74 = linalg.fill ins(%cst : f32) outs(%73 : tensor<32x512xf32>) -> tensor<32x512xf32>
    %75 = linalg.matmul ins(%collapsed_39, %transposed_40 : tensor<32x128xf32>, tensor<128x512xf32>) outs(%74 : tensor<32x512xf32>) -> tensor<32x512xf32>
    %76 = linalg.generic {indexing_maps = [#map10, #map], iterator_types = ["parallel", "parallel"]} ins(%arg7 : tensor<512xf32>) outs(%73 : tensor<32x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<32x512xf32>
    %77 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%75, %76 : tensor<32x512xf32>, tensor<32x512xf32>) outs(%73 : tensor<32x512xf32>) {
    ^bb0(%in: f32, %in_45: f32, %out: f32):
      %101 = arith.addf %in, %in_45 : f32
      linalg.yield %101 : f32
    } -> tensor<32x512xf32>
    %expanded_41 = tensor.expand_shape %77 [[0, 1], [2]] output_shape [2, 16, 512] : tensor<32x512xf32> into tensor<2x16x512xf32>
    %78 = tensor.empty() : tensor<2x16x512xf32>
    %79 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_41 : tensor<2x16x512xf32>) outs(%78 : tensor<2x16x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %101 = arith.cmpf ugt, %in, %cst : f32
      %102 = arith.select %101, %in, %cst : f32
      linalg.yield %102 : f32
    } -> tensor<2x16x512xf32>
    %collapsed_42 = tensor.collapse_shape %79 [[0, 1], [2]] : tensor<2x16x512xf32> into tensor<32x512xf32>
    %80 = tensor.empty() : tensor<512x128xf32>
    %transposed_43 = linalg.transpose ins(%arg8 : tensor<128x512xf32>) outs(%80 : tensor<512x128xf32>) permutation = [1, 0] 
    %81 = linalg.matmul ins(%collapsed_42, %transposed_43 : tensor<32x512xf32>, tensor<512x128xf32>) outs(%45 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %82 = linalg.generic {indexing_maps = [#map10, #map], iterator_types = ["parallel", "parallel"]} ins(%arg9 : tensor<128xf32>) outs(%44 : tensor<32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<32x128xf32>
    %83 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%81, %82 : tensor<32x128xf32>, tensor<32x128xf32>) outs(%44 : tensor<32x128xf32>) {
    ^bb0(%in: f32, %in_45: f32, %out: f32):
      %101 = arith.addf %in, %in_45 : f32
      linalg.yield %101 : f32
    } -> tensor<32x128xf32>
    %expanded_44 = tensor.expand_shape %83 [[0, 1], [2]] output_shape [2, 16, 128] : tensor<32x128xf32> into tensor<2x16x128xf32>
    %84 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%71, %expanded_44 : tensor<2x16x128xf32>, tensor<2x16x128xf32>) outs(%49 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_45: f32, %out: f32):
      %101 = arith.addf %in, %in_45 : f32
      linalg.yield %101 : f32
    } -> tensor<2x16x128xf32>
    %85 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%84 : tensor<2x16x128xf32>) outs(%51 : tensor<2x16x128xf64>) {
    ^bb0(%in: f32, %out: f64):
      %101 = arith.extf %in : f32 to f64
      linalg.yield %101 : f64
    } -> tensor<2x16x128xf64>
    %86 = linalg.generic {indexing_maps = [#map3, #map11], iterator_types = ["parallel", "parallel", "reduction"]} ins(%85 : tensor<2x16x128xf64>) outs(%54 : tensor<2x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %101 = arith.addf %in, %out : f64
      linalg.yield %101 : f64
    } -> tensor<2x16x1xf64>
    %87 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%86 : tensor<2x16x1xf64>) outs(%53 : tensor<2x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %101 = arith.divf %in, %cst_8 : f64
      linalg.yield %101 : f64
    } -> tensor<2x16x1xf64>
    %88 = linalg.generic {indexing_maps = [#map3, #map11, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%85, %87 : tensor<2x16x128xf64>, tensor<2x16x1xf64>) outs(%51 : tensor<2x16x128xf64>) {
    ^bb0(%in: f64, %in_45: f64, %out: f64):
      %101 = arith.subf %in, %in_45 : f64
      linalg.yield %101 : f64
    } -> tensor<2x16x128xf64>
    %89 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%88, %88 : tensor<2x16x128xf64>, tensor<2x16x128xf64>) outs(%51 : tensor<2x16x128xf64>) {
    ^bb0(%in: f64, %in_45: f64, %out: f64):
      %101 = arith.mulf %in, %in_45 : f64
      linalg.yield %101 : f64
    } -> tensor<2x16x128xf64>
    %90 = linalg.generic {indexing_maps = [#map3, #map11], iterator_types = ["parallel", "parallel", "reduction"]} ins(%89 : tensor<2x16x128xf64>) outs(%54 : tensor<2x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %101 = arith.addf %in, %out : f64
      linalg.yield %101 : f64
    } -> tensor<2x16x1xf64>
    %91 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%90 : tensor<2x16x1xf64>) outs(%53 : tensor<2x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %101 = arith.divf %in, %cst_8 : f64
      linalg.yield %101 : f64
    } -> tensor<2x16x1xf64>
    %92 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%91 : tensor<2x16x1xf64>) outs(%61 : tensor<2x16x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %101 = arith.truncf %in : f64 to f32
      linalg.yield %101 : f32
    } -> tensor<2x16x1xf32>
    %93 = linalg.generic {indexing_maps = [#map3, #map11], iterator_types = ["parallel", "parallel", "reduction"]} ins(%84 : tensor<2x16x128xf32>) outs(%63 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %101 = arith.addf %in, %out : f32
      linalg.yield %101 : f32
    } -> tensor<2x16x1xf32>
    %94 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%93 : tensor<2x16x1xf32>) outs(%61 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %101 = arith.divf %in, %cst_9 : f32
      linalg.yield %101 : f32
    } -> tensor<2x16x1xf32>
    %95 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%92 : tensor<2x16x1xf32>) outs(%61 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %101 = arith.truncf %cst_3 : f64 to f32
      %102 = arith.addf %in, %101 : f32
      linalg.yield %102 : f32
    } -> tensor<2x16x1xf32>
    %96 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%95 : tensor<2x16x1xf32>) outs(%61 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %101 = math.rsqrt %in : f32
      linalg.yield %101 : f32
    } -> tensor<2x16x1xf32>
    %97 = linalg.generic {indexing_maps = [#map3, #map11, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%84, %94 : tensor<2x16x128xf32>, tensor<2x16x1xf32>) outs(%49 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_45: f32, %out: f32):
      %101 = arith.subf %in, %in_45 : f32
      linalg.yield %101 : f32
    } -> tensor<2x16x128xf32>
    %98 = linalg.generic {indexing_maps = [#map3, #map11, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%97, %96 : tensor<2x16x128xf32>, tensor<2x16x1xf32>) outs(%49 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_45: f32, %out: f32):
      %101 = arith.mulf %in, %in_45 : f32
      linalg.yield %101 : f32
    } -> tensor<2x16x128xf32>
    %99 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%98, %arg12 : tensor<2x16x128xf32>, tensor<128xf32>) outs(%49 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_45: f32, %out: f32):
      %101 = arith.mulf %in, %in_45 : f32
      linalg.yield %101 : f32
    } -> tensor<2x16x128xf32>
    %100 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%99, %arg13 : tensor<2x16x128xf32>, tensor<128xf32>) outs(%49 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_45: f32, %out: f32):
      %101 = arith.addf %in, %in_45 : f32
      linalg.yield %101 : f32
    } -> tensor<2x16x128xf32>
    return %100 : tensor<2x16x128xf32>
  }
}
