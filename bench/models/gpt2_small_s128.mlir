#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map2 = affine_map<(d0, d1, d2) -> (d2)>
#map3 = affine_map<(d0, d1) -> (d1)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map6 = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
#map7 = affine_map<(d0, d1, d2, d3) -> ()>
#map8 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map9 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
module {
  func.func @gpt2_small_s128(%arg0: tensor<1x128x768xf32>, %arg1: tensor<768xf32>, %arg2: tensor<768xf32>, %arg3: tensor<768x2304xf32>, %arg4: tensor<2304xf32>, %arg5: tensor<768x768xf32>, %arg6: tensor<768xf32>, %arg7: tensor<768xf32>, %arg8: tensor<768xf32>, %arg9: tensor<768x3072xf32>, %arg10: tensor<3072xf32>, %arg11: tensor<3072x768xf32>, %arg12: tensor<768xf32>) -> tensor<1x128x768xf32> {
    %c3_i64 = arith.constant 3 : i64
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f64
    %cst_0 = arith.constant 0.000000e+00 : f32
    %c0_i8 = arith.constant 0 : i8
    %cst_1 = arith.constant 0xFF800000 : f32
    %cst_2 = arith.constant 0.79788456080286541 : f64
    %cst_3 = arith.constant 4.471500e-02 : f64
    %cst_4 = arith.constant dense<-3.40282347E+38> : tensor<f32>
    %cst_5 = arith.constant 1.000000e-05 : f64
    %cst_6 = arith.constant 7.680000e+02 : f64
    %cst_7 = arith.constant 7.680000e+02 : f32
    %cst_8 = arith.constant 8.000000e+00 : f32
    %cst_9 = arith.constant 5.000000e-01 : f32
    %cst_10 = arith.constant 1.000000e+00 : f32
    %cst_11 = arith.constant dense_resource<torch_tensor_1_1_128_128_torch.uint8> : tensor<1x1x128x128xi8>
    %0 = tensor.empty() : tensor<1x128x768xf64>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x128x768xf32>) outs(%0 : tensor<1x128x768xf64>) {
    ^bb0(%in: f32, %out: f64):
      %92 = arith.extf %in : f32 to f64
      linalg.yield %92 : f64
    } -> tensor<1x128x768xf64>
    %2 = tensor.empty() : tensor<1x128x1xf64>
    %3 = linalg.fill ins(%cst : f64) outs(%2 : tensor<1x128x1xf64>) -> tensor<1x128x1xf64>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%1 : tensor<1x128x768xf64>) outs(%3 : tensor<1x128x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %92 = arith.addf %in, %out : f64
      linalg.yield %92 : f64
    } -> tensor<1x128x1xf64>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%4 : tensor<1x128x1xf64>) outs(%2 : tensor<1x128x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %92 = arith.divf %in, %cst_6 : f64
      linalg.yield %92 : f64
    } -> tensor<1x128x1xf64>
    %6 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %5 : tensor<1x128x768xf64>, tensor<1x128x1xf64>) outs(%0 : tensor<1x128x768xf64>) {
    ^bb0(%in: f64, %in_33: f64, %out: f64):
      %92 = arith.subf %in, %in_33 : f64
      linalg.yield %92 : f64
    } -> tensor<1x128x768xf64>
    %7 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6, %6 : tensor<1x128x768xf64>, tensor<1x128x768xf64>) outs(%0 : tensor<1x128x768xf64>) {
    ^bb0(%in: f64, %in_33: f64, %out: f64):
      %92 = arith.mulf %in, %in_33 : f64
      linalg.yield %92 : f64
    } -> tensor<1x128x768xf64>
    %8 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%7 : tensor<1x128x768xf64>) outs(%3 : tensor<1x128x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %92 = arith.addf %in, %out : f64
      linalg.yield %92 : f64
    } -> tensor<1x128x1xf64>
    %9 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8 : tensor<1x128x1xf64>) outs(%2 : tensor<1x128x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %92 = arith.divf %in, %cst_6 : f64
      linalg.yield %92 : f64
    } -> tensor<1x128x1xf64>
    %10 = tensor.empty() : tensor<1x128x1xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%9 : tensor<1x128x1xf64>) outs(%10 : tensor<1x128x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %92 = arith.truncf %in : f64 to f32
      linalg.yield %92 : f32
    } -> tensor<1x128x1xf32>
    %12 = linalg.fill ins(%cst_0 : f32) outs(%10 : tensor<1x128x1xf32>) -> tensor<1x128x1xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0 : tensor<1x128x768xf32>) outs(%12 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = arith.addf %in, %out : f32
      linalg.yield %92 : f32
    } -> tensor<1x128x1xf32>
    %14 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%13 : tensor<1x128x1xf32>) outs(%10 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = arith.divf %in, %cst_7 : f32
      linalg.yield %92 : f32
    } -> tensor<1x128x1xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%11 : tensor<1x128x1xf32>) outs(%10 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = arith.truncf %cst_5 : f64 to f32
      %93 = arith.addf %in, %92 : f32
      linalg.yield %93 : f32
    } -> tensor<1x128x1xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%15 : tensor<1x128x1xf32>) outs(%10 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = math.rsqrt %in : f32
      linalg.yield %92 : f32
    } -> tensor<1x128x1xf32>
    %17 = tensor.empty() : tensor<1x128x768xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %14 : tensor<1x128x768xf32>, tensor<1x128x1xf32>) outs(%17 : tensor<1x128x768xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %92 = arith.subf %in, %in_33 : f32
      linalg.yield %92 : f32
    } -> tensor<1x128x768xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%18, %16 : tensor<1x128x768xf32>, tensor<1x128x1xf32>) outs(%17 : tensor<1x128x768xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %92 = arith.mulf %in, %in_33 : f32
      linalg.yield %92 : f32
    } -> tensor<1x128x768xf32>
    %20 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%19, %arg1 : tensor<1x128x768xf32>, tensor<768xf32>) outs(%17 : tensor<1x128x768xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %92 = arith.mulf %in, %in_33 : f32
      linalg.yield %92 : f32
    } -> tensor<1x128x768xf32>
    %21 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20, %arg2 : tensor<1x128x768xf32>, tensor<768xf32>) outs(%17 : tensor<1x128x768xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %92 = arith.addf %in, %in_33 : f32
      linalg.yield %92 : f32
    } -> tensor<1x128x768xf32>
    %collapsed = tensor.collapse_shape %21 [[0, 1], [2]] : tensor<1x128x768xf32> into tensor<128x768xf32>
    %22 = tensor.empty() : tensor<128x2304xf32>
    %23 = linalg.fill ins(%cst_0 : f32) outs(%22 : tensor<128x2304xf32>) -> tensor<128x2304xf32>
    %24 = linalg.matmul ins(%collapsed, %arg3 : tensor<128x768xf32>, tensor<768x2304xf32>) outs(%23 : tensor<128x2304xf32>) -> tensor<128x2304xf32>
    %25 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg4 : tensor<2304xf32>) outs(%22 : tensor<128x2304xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x2304xf32>
    %26 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%24, %25 : tensor<128x2304xf32>, tensor<128x2304xf32>) outs(%22 : tensor<128x2304xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %92 = arith.addf %in, %in_33 : f32
      linalg.yield %92 : f32
    } -> tensor<128x2304xf32>
    %expanded = tensor.expand_shape %26 [[0, 1], [2]] output_shape [1, 128, 2304] : tensor<128x2304xf32> into tensor<1x128x2304xf32>
    %extracted_slice = tensor.extract_slice %expanded[0, 0, 0] [1, 128, 768] [1, 1, 1] : tensor<1x128x2304xf32> to tensor<1x128x768xf32>
    %extracted_slice_12 = tensor.extract_slice %expanded[0, 0, 768] [1, 128, 768] [1, 1, 1] : tensor<1x128x2304xf32> to tensor<1x128x768xf32>
    %extracted_slice_13 = tensor.extract_slice %expanded[0, 0, 1536] [1, 128, 768] [1, 1, 1] : tensor<1x128x2304xf32> to tensor<1x128x768xf32>
    %expanded_14 = tensor.expand_shape %extracted_slice [[0], [1], [2, 3]] output_shape [1, 128, 12, 64] : tensor<1x128x768xf32> into tensor<1x128x12x64xf32>
    %27 = tensor.empty() : tensor<1x12x128x64xf32>
    %transposed = linalg.transpose ins(%expanded_14 : tensor<1x128x12x64xf32>) outs(%27 : tensor<1x12x128x64xf32>) permutation = [0, 2, 1, 3] 
    %expanded_15 = tensor.expand_shape %extracted_slice_12 [[0], [1], [2, 3]] output_shape [1, 128, 12, 64] : tensor<1x128x768xf32> into tensor<1x128x12x64xf32>
    %expanded_16 = tensor.expand_shape %extracted_slice_13 [[0], [1], [2, 3]] output_shape [1, 128, 12, 64] : tensor<1x128x768xf32> into tensor<1x128x12x64xf32>
    %transposed_17 = linalg.transpose ins(%expanded_16 : tensor<1x128x12x64xf32>) outs(%27 : tensor<1x12x128x64xf32>) permutation = [0, 2, 1, 3] 
    %28 = tensor.empty() : tensor<1x12x64x128xf32>
    %transposed_18 = linalg.transpose ins(%expanded_15 : tensor<1x128x12x64xf32>) outs(%28 : tensor<1x12x64x128xf32>) permutation = [0, 2, 3, 1] 
    %collapsed_19 = tensor.collapse_shape %transposed [[0, 1], [2], [3]] : tensor<1x12x128x64xf32> into tensor<12x128x64xf32>
    %collapsed_20 = tensor.collapse_shape %transposed_18 [[0, 1], [2], [3]] : tensor<1x12x64x128xf32> into tensor<12x64x128xf32>
    %29 = tensor.empty() : tensor<12x128x128xf32>
    %30 = linalg.fill ins(%cst_0 : f32) outs(%29 : tensor<12x128x128xf32>) -> tensor<12x128x128xf32>
    %31 = linalg.batch_matmul ins(%collapsed_19, %collapsed_20 : tensor<12x128x64xf32>, tensor<12x64x128xf32>) outs(%30 : tensor<12x128x128xf32>) -> tensor<12x128x128xf32>
    %expanded_21 = tensor.expand_shape %31 [[0, 1], [2], [3]] output_shape [1, 12, 128, 128] : tensor<12x128x128xf32> into tensor<1x12x128x128xf32>
    %32 = tensor.empty() : tensor<1x12x128x128xf32>
    %33 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_21 : tensor<1x12x128x128xf32>) outs(%32 : tensor<1x12x128x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = arith.divf %in, %cst_8 : f32
      linalg.yield %92 : f32
    } -> tensor<1x12x128x128xf32>
    %34 = tensor.empty() : tensor<1x1x128x128xi1>
    %35 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_11 : tensor<1x1x128x128xi8>) outs(%34 : tensor<1x1x128x128xi1>) {
    ^bb0(%in: i8, %out: i1):
      %92 = arith.cmpi ne, %in, %c0_i8 : i8
      linalg.yield %92 : i1
    } -> tensor<1x1x128x128xi1>
    %36 = linalg.generic {indexing_maps = [#map6, #map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%35, %33, %cst_4 : tensor<1x1x128x128xi1>, tensor<1x12x128x128xf32>, tensor<f32>) outs(%32 : tensor<1x12x128x128xf32>) {
    ^bb0(%in: i1, %in_33: f32, %in_34: f32, %out: f32):
      %92 = arith.select %in, %in_33, %in_34 : f32
      linalg.yield %92 : f32
    } -> tensor<1x12x128x128xf32>
    %37 = tensor.empty() : tensor<1x12x128xi64>
    %38 = linalg.fill ins(%c0_i64 : i64) outs(%37 : tensor<1x12x128xi64>) -> tensor<1x12x128xi64>
    %39 = tensor.empty() : tensor<1x12x128xf32>
    %40 = linalg.fill ins(%cst_1 : f32) outs(%39 : tensor<1x12x128xf32>) -> tensor<1x12x128xf32>
    %41:2 = linalg.generic {indexing_maps = [#map5, #map8, #map8], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%36 : tensor<1x12x128x128xf32>) outs(%40, %38 : tensor<1x12x128xf32>, tensor<1x12x128xi64>) {
    ^bb0(%in: f32, %out: f32, %out_33: i64):
      %92 = linalg.index 3 : index
      %93 = arith.index_cast %92 : index to i64
      %94 = arith.maximumf %in, %out : f32
      %95 = arith.cmpf ogt, %in, %out : f32
      %96 = arith.select %95, %93, %out_33 : i64
      linalg.yield %94, %96 : f32, i64
    } -> (tensor<1x12x128xf32>, tensor<1x12x128xi64>)
    %expanded_22 = tensor.expand_shape %41#0 [[0], [1], [2, 3]] output_shape [1, 12, 128, 1] : tensor<1x12x128xf32> into tensor<1x12x128x1xf32>
    %42 = linalg.generic {indexing_maps = [#map5, #map9, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%36, %expanded_22 : tensor<1x12x128x128xf32>, tensor<1x12x128x1xf32>) outs(%32 : tensor<1x12x128x128xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %92 = arith.subf %in, %in_33 : f32
      linalg.yield %92 : f32
    } -> tensor<1x12x128x128xf32>
    %43 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%42 : tensor<1x12x128x128xf32>) outs(%32 : tensor<1x12x128x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = math.exp %in : f32
      linalg.yield %92 : f32
    } -> tensor<1x12x128x128xf32>
    %44 = tensor.empty() : tensor<1x12x128x1xf32>
    %45 = linalg.fill ins(%cst_0 : f32) outs(%44 : tensor<1x12x128x1xf32>) -> tensor<1x12x128x1xf32>
    %46 = linalg.generic {indexing_maps = [#map5, #map9], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%43 : tensor<1x12x128x128xf32>) outs(%45 : tensor<1x12x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = arith.addf %in, %out : f32
      linalg.yield %92 : f32
    } -> tensor<1x12x128x1xf32>
    %47 = linalg.generic {indexing_maps = [#map5, #map9, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%43, %46 : tensor<1x12x128x128xf32>, tensor<1x12x128x1xf32>) outs(%32 : tensor<1x12x128x128xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %92 = arith.divf %in, %in_33 : f32
      linalg.yield %92 : f32
    } -> tensor<1x12x128x128xf32>
    %collapsed_23 = tensor.collapse_shape %47 [[0, 1], [2], [3]] : tensor<1x12x128x128xf32> into tensor<12x128x128xf32>
    %collapsed_24 = tensor.collapse_shape %transposed_17 [[0, 1], [2], [3]] : tensor<1x12x128x64xf32> into tensor<12x128x64xf32>
    %48 = tensor.empty() : tensor<12x128x64xf32>
    %49 = linalg.fill ins(%cst_0 : f32) outs(%48 : tensor<12x128x64xf32>) -> tensor<12x128x64xf32>
    %50 = linalg.batch_matmul ins(%collapsed_23, %collapsed_24 : tensor<12x128x128xf32>, tensor<12x128x64xf32>) outs(%49 : tensor<12x128x64xf32>) -> tensor<12x128x64xf32>
    %expanded_25 = tensor.expand_shape %50 [[0, 1], [2], [3]] output_shape [1, 12, 128, 64] : tensor<12x128x64xf32> into tensor<1x12x128x64xf32>
    %51 = tensor.empty() : tensor<1x128x12x64xf32>
    %transposed_26 = linalg.transpose ins(%expanded_25 : tensor<1x12x128x64xf32>) outs(%51 : tensor<1x128x12x64xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_27 = tensor.collapse_shape %transposed_26 [[0, 1], [2, 3]] : tensor<1x128x12x64xf32> into tensor<128x768xf32>
    %52 = tensor.empty() : tensor<128x768xf32>
    %53 = linalg.fill ins(%cst_0 : f32) outs(%52 : tensor<128x768xf32>) -> tensor<128x768xf32>
    %54 = linalg.matmul ins(%collapsed_27, %arg5 : tensor<128x768xf32>, tensor<768x768xf32>) outs(%53 : tensor<128x768xf32>) -> tensor<128x768xf32>
    %55 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg6 : tensor<768xf32>) outs(%52 : tensor<128x768xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x768xf32>
    %56 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%54, %55 : tensor<128x768xf32>, tensor<128x768xf32>) outs(%52 : tensor<128x768xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %92 = arith.addf %in, %in_33 : f32
      linalg.yield %92 : f32
    } -> tensor<128x768xf32>
    %expanded_28 = tensor.expand_shape %56 [[0, 1], [2]] output_shape [1, 128, 768] : tensor<128x768xf32> into tensor<1x128x768xf32>
    %57 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %expanded_28 : tensor<1x128x768xf32>, tensor<1x128x768xf32>) outs(%17 : tensor<1x128x768xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %92 = arith.addf %in, %in_33 : f32
      linalg.yield %92 : f32
    } -> tensor<1x128x768xf32>
    %58 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%57 : tensor<1x128x768xf32>) outs(%0 : tensor<1x128x768xf64>) {
    ^bb0(%in: f32, %out: f64):
      %92 = arith.extf %in : f32 to f64
      linalg.yield %92 : f64
    } -> tensor<1x128x768xf64>
    %59 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%58 : tensor<1x128x768xf64>) outs(%3 : tensor<1x128x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %92 = arith.addf %in, %out : f64
      linalg.yield %92 : f64
    } -> tensor<1x128x1xf64>
    %60 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%59 : tensor<1x128x1xf64>) outs(%2 : tensor<1x128x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %92 = arith.divf %in, %cst_6 : f64
      linalg.yield %92 : f64
    } -> tensor<1x128x1xf64>
    %61 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%58, %60 : tensor<1x128x768xf64>, tensor<1x128x1xf64>) outs(%0 : tensor<1x128x768xf64>) {
    ^bb0(%in: f64, %in_33: f64, %out: f64):
      %92 = arith.subf %in, %in_33 : f64
      linalg.yield %92 : f64
    } -> tensor<1x128x768xf64>
    %62 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%61, %61 : tensor<1x128x768xf64>, tensor<1x128x768xf64>) outs(%0 : tensor<1x128x768xf64>) {
    ^bb0(%in: f64, %in_33: f64, %out: f64):
      %92 = arith.mulf %in, %in_33 : f64
      linalg.yield %92 : f64
    } -> tensor<1x128x768xf64>
    %63 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%62 : tensor<1x128x768xf64>) outs(%3 : tensor<1x128x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %92 = arith.addf %in, %out : f64
      linalg.yield %92 : f64
    } -> tensor<1x128x1xf64>
    %64 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%63 : tensor<1x128x1xf64>) outs(%2 : tensor<1x128x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %92 = arith.divf %in, %cst_6 : f64
      linalg.yield %92 : f64
    } -> tensor<1x128x1xf64>
    %65 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%64 : tensor<1x128x1xf64>) outs(%10 : tensor<1x128x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %92 = arith.truncf %in : f64 to f32
      linalg.yield %92 : f32
    } -> tensor<1x128x1xf32>
    %66 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%57 : tensor<1x128x768xf32>) outs(%12 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = arith.addf %in, %out : f32
      linalg.yield %92 : f32
    } -> tensor<1x128x1xf32>
    %67 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%66 : tensor<1x128x1xf32>) outs(%10 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = arith.divf %in, %cst_7 : f32
      linalg.yield %92 : f32
    } -> tensor<1x128x1xf32>
    %68 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%65 : tensor<1x128x1xf32>) outs(%10 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = arith.truncf %cst_5 : f64 to f32
      %93 = arith.addf %in, %92 : f32
      linalg.yield %93 : f32
    } -> tensor<1x128x1xf32>
    %69 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%68 : tensor<1x128x1xf32>) outs(%10 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = math.rsqrt %in : f32
      linalg.yield %92 : f32
    } -> tensor<1x128x1xf32>
    %70 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%57, %67 : tensor<1x128x768xf32>, tensor<1x128x1xf32>) outs(%17 : tensor<1x128x768xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %92 = arith.subf %in, %in_33 : f32
      linalg.yield %92 : f32
    } -> tensor<1x128x768xf32>
    %71 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%70, %69 : tensor<1x128x768xf32>, tensor<1x128x1xf32>) outs(%17 : tensor<1x128x768xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %92 = arith.mulf %in, %in_33 : f32
      linalg.yield %92 : f32
    } -> tensor<1x128x768xf32>
    %72 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%71, %arg7 : tensor<1x128x768xf32>, tensor<768xf32>) outs(%17 : tensor<1x128x768xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %92 = arith.mulf %in, %in_33 : f32
      linalg.yield %92 : f32
    } -> tensor<1x128x768xf32>
    %73 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%72, %arg8 : tensor<1x128x768xf32>, tensor<768xf32>) outs(%17 : tensor<1x128x768xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %92 = arith.addf %in, %in_33 : f32
      linalg.yield %92 : f32
    } -> tensor<1x128x768xf32>
    %collapsed_29 = tensor.collapse_shape %73 [[0, 1], [2]] : tensor<1x128x768xf32> into tensor<128x768xf32>
    %74 = tensor.empty() : tensor<128x3072xf32>
    %75 = linalg.fill ins(%cst_0 : f32) outs(%74 : tensor<128x3072xf32>) -> tensor<128x3072xf32>
    %76 = linalg.matmul ins(%collapsed_29, %arg9 : tensor<128x768xf32>, tensor<768x3072xf32>) outs(%75 : tensor<128x3072xf32>) -> tensor<128x3072xf32>
    %77 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg10 : tensor<3072xf32>) outs(%74 : tensor<128x3072xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x3072xf32>
    %78 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%76, %77 : tensor<128x3072xf32>, tensor<128x3072xf32>) outs(%74 : tensor<128x3072xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %92 = arith.addf %in, %in_33 : f32
      linalg.yield %92 : f32
    } -> tensor<128x3072xf32>
    %expanded_30 = tensor.expand_shape %78 [[0, 1], [2]] output_shape [1, 128, 3072] : tensor<128x3072xf32> into tensor<1x128x3072xf32>
    %79 = tensor.empty() : tensor<1x128x3072xf32>
    %80 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_30 : tensor<1x128x3072xf32>) outs(%79 : tensor<1x128x3072xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = arith.mulf %in, %cst_9 : f32
      linalg.yield %92 : f32
    } -> tensor<1x128x3072xf32>
    %81 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_30 : tensor<1x128x3072xf32>) outs(%79 : tensor<1x128x3072xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %92 : f32
    } -> tensor<1x128x3072xf32>
    %82 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%81 : tensor<1x128x3072xf32>) outs(%79 : tensor<1x128x3072xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = arith.truncf %cst_3 : f64 to f32
      %93 = arith.mulf %in, %92 : f32
      linalg.yield %93 : f32
    } -> tensor<1x128x3072xf32>
    %83 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_30, %82 : tensor<1x128x3072xf32>, tensor<1x128x3072xf32>) outs(%79 : tensor<1x128x3072xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %92 = arith.addf %in, %in_33 : f32
      linalg.yield %92 : f32
    } -> tensor<1x128x3072xf32>
    %84 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%83 : tensor<1x128x3072xf32>) outs(%79 : tensor<1x128x3072xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = arith.truncf %cst_2 : f64 to f32
      %93 = arith.mulf %in, %92 : f32
      linalg.yield %93 : f32
    } -> tensor<1x128x3072xf32>
    %85 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%84 : tensor<1x128x3072xf32>) outs(%79 : tensor<1x128x3072xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = math.tanh %in : f32
      linalg.yield %92 : f32
    } -> tensor<1x128x3072xf32>
    %86 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%85 : tensor<1x128x3072xf32>) outs(%79 : tensor<1x128x3072xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = arith.addf %in, %cst_10 : f32
      linalg.yield %92 : f32
    } -> tensor<1x128x3072xf32>
    %87 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%80, %86 : tensor<1x128x3072xf32>, tensor<1x128x3072xf32>) outs(%79 : tensor<1x128x3072xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %92 = arith.mulf %in, %in_33 : f32
      linalg.yield %92 : f32
    } -> tensor<1x128x3072xf32>
    %collapsed_31 = tensor.collapse_shape %87 [[0, 1], [2]] : tensor<1x128x3072xf32> into tensor<128x3072xf32>
    %88 = linalg.matmul ins(%collapsed_31, %arg11 : tensor<128x3072xf32>, tensor<3072x768xf32>) outs(%53 : tensor<128x768xf32>) -> tensor<128x768xf32>
    %89 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg12 : tensor<768xf32>) outs(%52 : tensor<128x768xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x768xf32>
    %90 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%88, %89 : tensor<128x768xf32>, tensor<128x768xf32>) outs(%52 : tensor<128x768xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %92 = arith.addf %in, %in_33 : f32
      linalg.yield %92 : f32
    } -> tensor<128x768xf32>
    %expanded_32 = tensor.expand_shape %90 [[0, 1], [2]] output_shape [1, 128, 768] : tensor<128x768xf32> into tensor<1x128x768xf32>
    %91 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%57, %expanded_32 : tensor<1x128x768xf32>, tensor<1x128x768xf32>) outs(%17 : tensor<1x128x768xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %92 = arith.addf %in, %in_33 : f32
      linalg.yield %92 : f32
    } -> tensor<1x128x768xf32>
    return %91 : tensor<1x128x768xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_1_1_128_128_torch.uint8: "0x0100000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000000101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000000010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000001010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000000101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000000010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000001010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000000101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000000010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000001010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000000101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000000010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000001010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000000101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000000010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000001010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000000101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000000010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000001010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000000101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000000010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000001010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000000101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000000010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000001010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000000101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000000010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000001010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000000101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000000010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000001010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000000101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000000010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000001010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000000101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000000010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000001010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000000101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000000010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000001010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000000101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000000010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000001010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101000101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101"
    }
  }
#-}
