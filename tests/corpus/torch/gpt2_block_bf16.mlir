#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map2 = affine_map<(d0, d1, d2) -> (d2)>
#map3 = affine_map<(d0) -> (d0)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
#map5 = affine_map<(d0, d1) -> (d1)>
#map6 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map7 = affine_map<(d0, d1, d2, d3) -> (0, 0, d2, d3)>
#map8 = affine_map<(d0, d1, d2, d3) -> ()>
#map9 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map10 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
module {
  func.func @gpt2_block_bf16(%arg0: tensor<2x16x128xbf16>, %arg1: tensor<128xbf16>, %arg2: tensor<128xbf16>, %arg3: tensor<128x384xbf16>, %arg4: tensor<384xbf16>, %arg5: tensor<128x128xbf16>, %arg6: tensor<128xbf16>, %arg7: tensor<128xbf16>, %arg8: tensor<128xbf16>, %arg9: tensor<128x512xbf16>, %arg10: tensor<512xbf16>, %arg11: tensor<512x128xbf16>, %arg12: tensor<128xbf16>) -> tensor<2x16x128xbf16> {
    %c3_i64 = arith.constant 3 : i64
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f64
    %cst_0 = arith.constant 0.000000e+00 : f32
    %c0_i8 = arith.constant 0 : i8
    %cst_1 = arith.constant 0xFF800000 : f32
    %cst_2 = arith.constant 0.79788456080286541 : f64
    %cst_3 = arith.constant 4.471500e-02 : f64
    %cst_4 = arith.constant dense<-3.389530e+38> : tensor<bf16>
    %cst_5 = arith.constant 1.000000e-05 : f64
    %cst_6 = arith.constant 1.280000e+02 : f64
    %cst_7 = arith.constant 1.280000e+02 : f32
    %cst_8 = arith.constant 8.000000e+00 : bf16
    %cst_9 = arith.constant 5.000000e-01 : bf16
    %cst_10 = arith.constant 1.000000e+00 : bf16
    %cst_11 = arith.constant dense_resource<torch_tensor_1_1_16_16_torch.uint8> : tensor<1x1x16x16xi8>
    %0 = tensor.empty() : tensor<2x16x128xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<2x16x128xbf16>) outs(%0 : tensor<2x16x128xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %130 = arith.extf %in : bf16 to f32
      linalg.yield %130 : f32
    } -> tensor<2x16x128xf32>
    %2 = tensor.empty() : tensor<2x16x128xf64>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1 : tensor<2x16x128xf32>) outs(%2 : tensor<2x16x128xf64>) {
    ^bb0(%in: f32, %out: f64):
      %130 = arith.extf %in : f32 to f64
      linalg.yield %130 : f64
    } -> tensor<2x16x128xf64>
    %4 = tensor.empty() : tensor<2x16x1xf64>
    %5 = linalg.fill ins(%cst : f64) outs(%4 : tensor<2x16x1xf64>) -> tensor<2x16x1xf64>
    %6 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%3 : tensor<2x16x128xf64>) outs(%5 : tensor<2x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %130 = arith.addf %in, %out : f64
      linalg.yield %130 : f64
    } -> tensor<2x16x1xf64>
    %7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<2x16x1xf64>) outs(%4 : tensor<2x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %130 = arith.divf %in, %cst_6 : f64
      linalg.yield %130 : f64
    } -> tensor<2x16x1xf64>
    %8 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%3, %7 : tensor<2x16x128xf64>, tensor<2x16x1xf64>) outs(%2 : tensor<2x16x128xf64>) {
    ^bb0(%in: f64, %in_33: f64, %out: f64):
      %130 = arith.subf %in, %in_33 : f64
      linalg.yield %130 : f64
    } -> tensor<2x16x128xf64>
    %9 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8, %8 : tensor<2x16x128xf64>, tensor<2x16x128xf64>) outs(%2 : tensor<2x16x128xf64>) {
    ^bb0(%in: f64, %in_33: f64, %out: f64):
      %130 = arith.mulf %in, %in_33 : f64
      linalg.yield %130 : f64
    } -> tensor<2x16x128xf64>
    %10 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%9 : tensor<2x16x128xf64>) outs(%5 : tensor<2x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %130 = arith.addf %in, %out : f64
      linalg.yield %130 : f64
    } -> tensor<2x16x1xf64>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%10 : tensor<2x16x1xf64>) outs(%4 : tensor<2x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %130 = arith.divf %in, %cst_6 : f64
      linalg.yield %130 : f64
    } -> tensor<2x16x1xf64>
    %12 = tensor.empty() : tensor<2x16x1xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%11 : tensor<2x16x1xf64>) outs(%12 : tensor<2x16x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %130 = arith.truncf %in : f64 to f32
      linalg.yield %130 : f32
    } -> tensor<2x16x1xf32>
    %14 = linalg.fill ins(%cst_0 : f32) outs(%12 : tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%1 : tensor<2x16x128xf32>) outs(%14 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.addf %in, %out : f32
      linalg.yield %130 : f32
    } -> tensor<2x16x1xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%15 : tensor<2x16x1xf32>) outs(%12 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.divf %in, %cst_7 : f32
      linalg.yield %130 : f32
    } -> tensor<2x16x1xf32>
    %17 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%13 : tensor<2x16x1xf32>) outs(%12 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.truncf %cst_5 : f64 to f32
      %131 = arith.addf %in, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<2x16x1xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%17 : tensor<2x16x1xf32>) outs(%12 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = math.rsqrt %in : f32
      linalg.yield %130 : f32
    } -> tensor<2x16x1xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %16 : tensor<2x16x128xf32>, tensor<2x16x1xf32>) outs(%0 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %130 = arith.subf %in, %in_33 : f32
      linalg.yield %130 : f32
    } -> tensor<2x16x128xf32>
    %20 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%19, %18 : tensor<2x16x128xf32>, tensor<2x16x1xf32>) outs(%0 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %130 = arith.mulf %in, %in_33 : f32
      linalg.yield %130 : f32
    } -> tensor<2x16x128xf32>
    %21 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20, %arg1 : tensor<2x16x128xf32>, tensor<128xbf16>) outs(%0 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_33: bf16, %out: f32):
      %130 = arith.extf %in_33 : bf16 to f32
      %131 = arith.mulf %in, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<2x16x128xf32>
    %22 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%21, %arg2 : tensor<2x16x128xf32>, tensor<128xbf16>) outs(%0 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_33: bf16, %out: f32):
      %130 = arith.extf %in_33 : bf16 to f32
      %131 = arith.addf %in, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<2x16x128xf32>
    %23 = tensor.empty() : tensor<2x16x128xbf16>
    %24 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%22 : tensor<2x16x128xf32>) outs(%23 : tensor<2x16x128xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %130 = arith.truncf %in : f32 to bf16
      linalg.yield %130 : bf16
    } -> tensor<2x16x128xbf16>
    %collapsed = tensor.collapse_shape %24 [[0, 1], [2]] : tensor<2x16x128xbf16> into tensor<32x128xbf16>
    %25 = tensor.empty() : tensor<384xf32>
    %26 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg4 : tensor<384xbf16>) outs(%25 : tensor<384xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %130 = arith.extf %in : bf16 to f32
      linalg.yield %130 : f32
    } -> tensor<384xf32>
    %27 = tensor.empty() : tensor<32x128xf32>
    %28 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed : tensor<32x128xbf16>) outs(%27 : tensor<32x128xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %130 = arith.extf %in : bf16 to f32
      linalg.yield %130 : f32
    } -> tensor<32x128xf32>
    %29 = tensor.empty() : tensor<128x384xf32>
    %30 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg3 : tensor<128x384xbf16>) outs(%29 : tensor<128x384xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %130 = arith.extf %in : bf16 to f32
      linalg.yield %130 : f32
    } -> tensor<128x384xf32>
    %31 = tensor.empty() : tensor<32x384xf32>
    %32 = linalg.fill ins(%cst_0 : f32) outs(%31 : tensor<32x384xf32>) -> tensor<32x384xf32>
    %33 = linalg.matmul ins(%28, %30 : tensor<32x128xf32>, tensor<128x384xf32>) outs(%32 : tensor<32x384xf32>) -> tensor<32x384xf32>
    %34 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%26 : tensor<384xf32>) outs(%31 : tensor<32x384xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<32x384xf32>
    %35 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%33, %34 : tensor<32x384xf32>, tensor<32x384xf32>) outs(%31 : tensor<32x384xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %130 = arith.addf %in, %in_33 : f32
      linalg.yield %130 : f32
    } -> tensor<32x384xf32>
    %36 = tensor.empty() : tensor<32x384xbf16>
    %37 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%35 : tensor<32x384xf32>) outs(%36 : tensor<32x384xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %130 = arith.truncf %in : f32 to bf16
      linalg.yield %130 : bf16
    } -> tensor<32x384xbf16>
    %expanded = tensor.expand_shape %37 [[0, 1], [2]] output_shape [2, 16, 384] : tensor<32x384xbf16> into tensor<2x16x384xbf16>
    %extracted_slice = tensor.extract_slice %expanded[0, 0, 0] [2, 16, 128] [1, 1, 1] : tensor<2x16x384xbf16> to tensor<2x16x128xbf16>
    %extracted_slice_12 = tensor.extract_slice %expanded[0, 0, 128] [2, 16, 128] [1, 1, 1] : tensor<2x16x384xbf16> to tensor<2x16x128xbf16>
    %extracted_slice_13 = tensor.extract_slice %expanded[0, 0, 256] [2, 16, 128] [1, 1, 1] : tensor<2x16x384xbf16> to tensor<2x16x128xbf16>
    %expanded_14 = tensor.expand_shape %extracted_slice [[0], [1], [2, 3]] output_shape [2, 16, 2, 64] : tensor<2x16x128xbf16> into tensor<2x16x2x64xbf16>
    %38 = tensor.empty() : tensor<2x2x16x64xbf16>
    %transposed = linalg.transpose ins(%expanded_14 : tensor<2x16x2x64xbf16>) outs(%38 : tensor<2x2x16x64xbf16>) permutation = [0, 2, 1, 3] 
    %expanded_15 = tensor.expand_shape %extracted_slice_12 [[0], [1], [2, 3]] output_shape [2, 16, 2, 64] : tensor<2x16x128xbf16> into tensor<2x16x2x64xbf16>
    %expanded_16 = tensor.expand_shape %extracted_slice_13 [[0], [1], [2, 3]] output_shape [2, 16, 2, 64] : tensor<2x16x128xbf16> into tensor<2x16x2x64xbf16>
    %transposed_17 = linalg.transpose ins(%expanded_16 : tensor<2x16x2x64xbf16>) outs(%38 : tensor<2x2x16x64xbf16>) permutation = [0, 2, 1, 3] 
    %39 = tensor.empty() : tensor<2x2x64x16xbf16>
    %transposed_18 = linalg.transpose ins(%expanded_15 : tensor<2x16x2x64xbf16>) outs(%39 : tensor<2x2x64x16xbf16>) permutation = [0, 2, 3, 1] 
    %collapsed_19 = tensor.collapse_shape %transposed [[0, 1], [2], [3]] : tensor<2x2x16x64xbf16> into tensor<4x16x64xbf16>
    %collapsed_20 = tensor.collapse_shape %transposed_18 [[0, 1], [2], [3]] : tensor<2x2x64x16xbf16> into tensor<4x64x16xbf16>
    %40 = tensor.empty() : tensor<4x16x16xf32>
    %41 = linalg.fill ins(%cst_0 : f32) outs(%40 : tensor<4x16x16xf32>) -> tensor<4x16x16xf32>
    %42 = linalg.batch_matmul ins(%collapsed_19, %collapsed_20 : tensor<4x16x64xbf16>, tensor<4x64x16xbf16>) outs(%41 : tensor<4x16x16xf32>) -> tensor<4x16x16xf32>
    %43 = tensor.empty() : tensor<4x16x16xbf16>
    %44 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%42 : tensor<4x16x16xf32>) outs(%43 : tensor<4x16x16xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %130 = arith.truncf %in : f32 to bf16
      linalg.yield %130 : bf16
    } -> tensor<4x16x16xbf16>
    %expanded_21 = tensor.expand_shape %44 [[0, 1], [2], [3]] output_shape [2, 2, 16, 16] : tensor<4x16x16xbf16> into tensor<2x2x16x16xbf16>
    %45 = tensor.empty() : tensor<2x2x16x16xbf16>
    %46 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_21 : tensor<2x2x16x16xbf16>) outs(%45 : tensor<2x2x16x16xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %130 = arith.divf %in, %cst_8 : bf16
      linalg.yield %130 : bf16
    } -> tensor<2x2x16x16xbf16>
    %47 = tensor.empty() : tensor<1x1x16x16xi1>
    %48 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_11 : tensor<1x1x16x16xi8>) outs(%47 : tensor<1x1x16x16xi1>) {
    ^bb0(%in: i8, %out: i1):
      %130 = arith.cmpi ne, %in, %c0_i8 : i8
      linalg.yield %130 : i1
    } -> tensor<1x1x16x16xi1>
    %49 = linalg.generic {indexing_maps = [#map7, #map6, #map8, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%48, %46, %cst_4 : tensor<1x1x16x16xi1>, tensor<2x2x16x16xbf16>, tensor<bf16>) outs(%45 : tensor<2x2x16x16xbf16>) {
    ^bb0(%in: i1, %in_33: bf16, %in_34: bf16, %out: bf16):
      %130 = arith.select %in, %in_33, %in_34 : bf16
      linalg.yield %130 : bf16
    } -> tensor<2x2x16x16xbf16>
    %50 = tensor.empty() : tensor<2x2x16x16xf32>
    %51 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%49 : tensor<2x2x16x16xbf16>) outs(%50 : tensor<2x2x16x16xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %130 = arith.extf %in : bf16 to f32
      linalg.yield %130 : f32
    } -> tensor<2x2x16x16xf32>
    %52 = tensor.empty() : tensor<2x2x16xi64>
    %53 = linalg.fill ins(%c0_i64 : i64) outs(%52 : tensor<2x2x16xi64>) -> tensor<2x2x16xi64>
    %54 = tensor.empty() : tensor<2x2x16xf32>
    %55 = linalg.fill ins(%cst_1 : f32) outs(%54 : tensor<2x2x16xf32>) -> tensor<2x2x16xf32>
    %56:2 = linalg.generic {indexing_maps = [#map6, #map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%51 : tensor<2x2x16x16xf32>) outs(%55, %53 : tensor<2x2x16xf32>, tensor<2x2x16xi64>) {
    ^bb0(%in: f32, %out: f32, %out_33: i64):
      %130 = linalg.index 3 : index
      %131 = arith.index_cast %130 : index to i64
      %132 = arith.maximumf %in, %out : f32
      %133 = arith.cmpf ogt, %in, %out : f32
      %134 = arith.select %133, %131, %out_33 : i64
      linalg.yield %132, %134 : f32, i64
    } -> (tensor<2x2x16xf32>, tensor<2x2x16xi64>)
    %expanded_22 = tensor.expand_shape %56#0 [[0], [1], [2, 3]] output_shape [2, 2, 16, 1] : tensor<2x2x16xf32> into tensor<2x2x16x1xf32>
    %57 = linalg.generic {indexing_maps = [#map6, #map10, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%51, %expanded_22 : tensor<2x2x16x16xf32>, tensor<2x2x16x1xf32>) outs(%50 : tensor<2x2x16x16xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %130 = arith.subf %in, %in_33 : f32
      linalg.yield %130 : f32
    } -> tensor<2x2x16x16xf32>
    %58 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%57 : tensor<2x2x16x16xf32>) outs(%50 : tensor<2x2x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = math.exp %in : f32
      linalg.yield %130 : f32
    } -> tensor<2x2x16x16xf32>
    %59 = tensor.empty() : tensor<2x2x16x1xf32>
    %60 = linalg.fill ins(%cst_0 : f32) outs(%59 : tensor<2x2x16x1xf32>) -> tensor<2x2x16x1xf32>
    %61 = linalg.generic {indexing_maps = [#map6, #map10], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%58 : tensor<2x2x16x16xf32>) outs(%60 : tensor<2x2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.addf %in, %out : f32
      linalg.yield %130 : f32
    } -> tensor<2x2x16x1xf32>
    %62 = linalg.generic {indexing_maps = [#map6, #map10, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%58, %61 : tensor<2x2x16x16xf32>, tensor<2x2x16x1xf32>) outs(%50 : tensor<2x2x16x16xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %130 = arith.divf %in, %in_33 : f32
      linalg.yield %130 : f32
    } -> tensor<2x2x16x16xf32>
    %63 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%62 : tensor<2x2x16x16xf32>) outs(%45 : tensor<2x2x16x16xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %130 = arith.truncf %in : f32 to bf16
      linalg.yield %130 : bf16
    } -> tensor<2x2x16x16xbf16>
    %collapsed_23 = tensor.collapse_shape %63 [[0, 1], [2], [3]] : tensor<2x2x16x16xbf16> into tensor<4x16x16xbf16>
    %collapsed_24 = tensor.collapse_shape %transposed_17 [[0, 1], [2], [3]] : tensor<2x2x16x64xbf16> into tensor<4x16x64xbf16>
    %64 = tensor.empty() : tensor<4x16x64xf32>
    %65 = linalg.fill ins(%cst_0 : f32) outs(%64 : tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %66 = linalg.batch_matmul ins(%collapsed_23, %collapsed_24 : tensor<4x16x16xbf16>, tensor<4x16x64xbf16>) outs(%65 : tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %67 = tensor.empty() : tensor<4x16x64xbf16>
    %68 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%66 : tensor<4x16x64xf32>) outs(%67 : tensor<4x16x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %130 = arith.truncf %in : f32 to bf16
      linalg.yield %130 : bf16
    } -> tensor<4x16x64xbf16>
    %expanded_25 = tensor.expand_shape %68 [[0, 1], [2], [3]] output_shape [2, 2, 16, 64] : tensor<4x16x64xbf16> into tensor<2x2x16x64xbf16>
    %69 = tensor.empty() : tensor<2x16x2x64xbf16>
    %transposed_26 = linalg.transpose ins(%expanded_25 : tensor<2x2x16x64xbf16>) outs(%69 : tensor<2x16x2x64xbf16>) permutation = [0, 2, 1, 3] 
    %collapsed_27 = tensor.collapse_shape %transposed_26 [[0, 1], [2, 3]] : tensor<2x16x2x64xbf16> into tensor<32x128xbf16>
    %70 = tensor.empty() : tensor<128xf32>
    %71 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg6 : tensor<128xbf16>) outs(%70 : tensor<128xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %130 = arith.extf %in : bf16 to f32
      linalg.yield %130 : f32
    } -> tensor<128xf32>
    %72 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed_27 : tensor<32x128xbf16>) outs(%27 : tensor<32x128xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %130 = arith.extf %in : bf16 to f32
      linalg.yield %130 : f32
    } -> tensor<32x128xf32>
    %73 = tensor.empty() : tensor<128x128xf32>
    %74 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg5 : tensor<128x128xbf16>) outs(%73 : tensor<128x128xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %130 = arith.extf %in : bf16 to f32
      linalg.yield %130 : f32
    } -> tensor<128x128xf32>
    %75 = linalg.fill ins(%cst_0 : f32) outs(%27 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %76 = linalg.matmul ins(%72, %74 : tensor<32x128xf32>, tensor<128x128xf32>) outs(%75 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %77 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%71 : tensor<128xf32>) outs(%27 : tensor<32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<32x128xf32>
    %78 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%76, %77 : tensor<32x128xf32>, tensor<32x128xf32>) outs(%27 : tensor<32x128xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %130 = arith.addf %in, %in_33 : f32
      linalg.yield %130 : f32
    } -> tensor<32x128xf32>
    %79 = tensor.empty() : tensor<32x128xbf16>
    %80 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%78 : tensor<32x128xf32>) outs(%79 : tensor<32x128xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %130 = arith.truncf %in : f32 to bf16
      linalg.yield %130 : bf16
    } -> tensor<32x128xbf16>
    %expanded_28 = tensor.expand_shape %80 [[0, 1], [2]] output_shape [2, 16, 128] : tensor<32x128xbf16> into tensor<2x16x128xbf16>
    %81 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %expanded_28 : tensor<2x16x128xbf16>, tensor<2x16x128xbf16>) outs(%23 : tensor<2x16x128xbf16>) {
    ^bb0(%in: bf16, %in_33: bf16, %out: bf16):
      %130 = arith.addf %in, %in_33 : bf16
      linalg.yield %130 : bf16
    } -> tensor<2x16x128xbf16>
    %82 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%81 : tensor<2x16x128xbf16>) outs(%0 : tensor<2x16x128xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %130 = arith.extf %in : bf16 to f32
      linalg.yield %130 : f32
    } -> tensor<2x16x128xf32>
    %83 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%82 : tensor<2x16x128xf32>) outs(%2 : tensor<2x16x128xf64>) {
    ^bb0(%in: f32, %out: f64):
      %130 = arith.extf %in : f32 to f64
      linalg.yield %130 : f64
    } -> tensor<2x16x128xf64>
    %84 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%83 : tensor<2x16x128xf64>) outs(%5 : tensor<2x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %130 = arith.addf %in, %out : f64
      linalg.yield %130 : f64
    } -> tensor<2x16x1xf64>
    %85 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%84 : tensor<2x16x1xf64>) outs(%4 : tensor<2x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %130 = arith.divf %in, %cst_6 : f64
      linalg.yield %130 : f64
    } -> tensor<2x16x1xf64>
    %86 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%83, %85 : tensor<2x16x128xf64>, tensor<2x16x1xf64>) outs(%2 : tensor<2x16x128xf64>) {
    ^bb0(%in: f64, %in_33: f64, %out: f64):
      %130 = arith.subf %in, %in_33 : f64
      linalg.yield %130 : f64
    } -> tensor<2x16x128xf64>
    %87 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%86, %86 : tensor<2x16x128xf64>, tensor<2x16x128xf64>) outs(%2 : tensor<2x16x128xf64>) {
    ^bb0(%in: f64, %in_33: f64, %out: f64):
      %130 = arith.mulf %in, %in_33 : f64
      linalg.yield %130 : f64
    } -> tensor<2x16x128xf64>
    %88 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%87 : tensor<2x16x128xf64>) outs(%5 : tensor<2x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %130 = arith.addf %in, %out : f64
      linalg.yield %130 : f64
    } -> tensor<2x16x1xf64>
    %89 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%88 : tensor<2x16x1xf64>) outs(%4 : tensor<2x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %130 = arith.divf %in, %cst_6 : f64
      linalg.yield %130 : f64
    } -> tensor<2x16x1xf64>
    %90 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%89 : tensor<2x16x1xf64>) outs(%12 : tensor<2x16x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %130 = arith.truncf %in : f64 to f32
      linalg.yield %130 : f32
    } -> tensor<2x16x1xf32>
    %91 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%82 : tensor<2x16x128xf32>) outs(%14 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.addf %in, %out : f32
      linalg.yield %130 : f32
    } -> tensor<2x16x1xf32>
    %92 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%91 : tensor<2x16x1xf32>) outs(%12 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.divf %in, %cst_7 : f32
      linalg.yield %130 : f32
    } -> tensor<2x16x1xf32>
    %93 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%90 : tensor<2x16x1xf32>) outs(%12 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.truncf %cst_5 : f64 to f32
      %131 = arith.addf %in, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<2x16x1xf32>
    %94 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%93 : tensor<2x16x1xf32>) outs(%12 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = math.rsqrt %in : f32
      linalg.yield %130 : f32
    } -> tensor<2x16x1xf32>
    %95 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%82, %92 : tensor<2x16x128xf32>, tensor<2x16x1xf32>) outs(%0 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %130 = arith.subf %in, %in_33 : f32
      linalg.yield %130 : f32
    } -> tensor<2x16x128xf32>
    %96 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%95, %94 : tensor<2x16x128xf32>, tensor<2x16x1xf32>) outs(%0 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %130 = arith.mulf %in, %in_33 : f32
      linalg.yield %130 : f32
    } -> tensor<2x16x128xf32>
    %97 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%96, %arg7 : tensor<2x16x128xf32>, tensor<128xbf16>) outs(%0 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_33: bf16, %out: f32):
      %130 = arith.extf %in_33 : bf16 to f32
      %131 = arith.mulf %in, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<2x16x128xf32>
    %98 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%97, %arg8 : tensor<2x16x128xf32>, tensor<128xbf16>) outs(%0 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_33: bf16, %out: f32):
      %130 = arith.extf %in_33 : bf16 to f32
      %131 = arith.addf %in, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<2x16x128xf32>
    %99 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%98 : tensor<2x16x128xf32>) outs(%23 : tensor<2x16x128xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %130 = arith.truncf %in : f32 to bf16
      linalg.yield %130 : bf16
    } -> tensor<2x16x128xbf16>
    %collapsed_29 = tensor.collapse_shape %99 [[0, 1], [2]] : tensor<2x16x128xbf16> into tensor<32x128xbf16>
    %100 = tensor.empty() : tensor<512xf32>
    %101 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg10 : tensor<512xbf16>) outs(%100 : tensor<512xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %130 = arith.extf %in : bf16 to f32
      linalg.yield %130 : f32
    } -> tensor<512xf32>
    %102 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed_29 : tensor<32x128xbf16>) outs(%27 : tensor<32x128xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %130 = arith.extf %in : bf16 to f32
      linalg.yield %130 : f32
    } -> tensor<32x128xf32>
    %103 = tensor.empty() : tensor<128x512xf32>
    %104 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg9 : tensor<128x512xbf16>) outs(%103 : tensor<128x512xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %130 = arith.extf %in : bf16 to f32
      linalg.yield %130 : f32
    } -> tensor<128x512xf32>
    %105 = tensor.empty() : tensor<32x512xf32>
    %106 = linalg.fill ins(%cst_0 : f32) outs(%105 : tensor<32x512xf32>) -> tensor<32x512xf32>
    %107 = linalg.matmul ins(%102, %104 : tensor<32x128xf32>, tensor<128x512xf32>) outs(%106 : tensor<32x512xf32>) -> tensor<32x512xf32>
    %108 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%101 : tensor<512xf32>) outs(%105 : tensor<32x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<32x512xf32>
    %109 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%107, %108 : tensor<32x512xf32>, tensor<32x512xf32>) outs(%105 : tensor<32x512xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %130 = arith.addf %in, %in_33 : f32
      linalg.yield %130 : f32
    } -> tensor<32x512xf32>
    %110 = tensor.empty() : tensor<32x512xbf16>
    %111 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%109 : tensor<32x512xf32>) outs(%110 : tensor<32x512xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %130 = arith.truncf %in : f32 to bf16
      linalg.yield %130 : bf16
    } -> tensor<32x512xbf16>
    %expanded_30 = tensor.expand_shape %111 [[0, 1], [2]] output_shape [2, 16, 512] : tensor<32x512xbf16> into tensor<2x16x512xbf16>
    %112 = tensor.empty() : tensor<2x16x512xbf16>
    %113 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_30 : tensor<2x16x512xbf16>) outs(%112 : tensor<2x16x512xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %130 = arith.mulf %in, %cst_9 : bf16
      linalg.yield %130 : bf16
    } -> tensor<2x16x512xbf16>
    %114 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_30 : tensor<2x16x512xbf16>) outs(%112 : tensor<2x16x512xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %130 = math.fpowi %in, %c3_i64 : bf16, i64
      linalg.yield %130 : bf16
    } -> tensor<2x16x512xbf16>
    %115 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%114 : tensor<2x16x512xbf16>) outs(%112 : tensor<2x16x512xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %130 = arith.truncf %cst_3 : f64 to bf16
      %131 = arith.mulf %in, %130 : bf16
      linalg.yield %131 : bf16
    } -> tensor<2x16x512xbf16>
    %116 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_30, %115 : tensor<2x16x512xbf16>, tensor<2x16x512xbf16>) outs(%112 : tensor<2x16x512xbf16>) {
    ^bb0(%in: bf16, %in_33: bf16, %out: bf16):
      %130 = arith.addf %in, %in_33 : bf16
      linalg.yield %130 : bf16
    } -> tensor<2x16x512xbf16>
    %117 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%116 : tensor<2x16x512xbf16>) outs(%112 : tensor<2x16x512xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %130 = arith.truncf %cst_2 : f64 to bf16
      %131 = arith.mulf %in, %130 : bf16
      linalg.yield %131 : bf16
    } -> tensor<2x16x512xbf16>
    %118 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%117 : tensor<2x16x512xbf16>) outs(%112 : tensor<2x16x512xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %130 = math.tanh %in : bf16
      linalg.yield %130 : bf16
    } -> tensor<2x16x512xbf16>
    %119 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%118 : tensor<2x16x512xbf16>) outs(%112 : tensor<2x16x512xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %130 = arith.addf %in, %cst_10 : bf16
      linalg.yield %130 : bf16
    } -> tensor<2x16x512xbf16>
    %120 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%113, %119 : tensor<2x16x512xbf16>, tensor<2x16x512xbf16>) outs(%112 : tensor<2x16x512xbf16>) {
    ^bb0(%in: bf16, %in_33: bf16, %out: bf16):
      %130 = arith.mulf %in, %in_33 : bf16
      linalg.yield %130 : bf16
    } -> tensor<2x16x512xbf16>
    %collapsed_31 = tensor.collapse_shape %120 [[0, 1], [2]] : tensor<2x16x512xbf16> into tensor<32x512xbf16>
    %121 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg12 : tensor<128xbf16>) outs(%70 : tensor<128xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %130 = arith.extf %in : bf16 to f32
      linalg.yield %130 : f32
    } -> tensor<128xf32>
    %122 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed_31 : tensor<32x512xbf16>) outs(%105 : tensor<32x512xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %130 = arith.extf %in : bf16 to f32
      linalg.yield %130 : f32
    } -> tensor<32x512xf32>
    %123 = tensor.empty() : tensor<512x128xf32>
    %124 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg11 : tensor<512x128xbf16>) outs(%123 : tensor<512x128xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %130 = arith.extf %in : bf16 to f32
      linalg.yield %130 : f32
    } -> tensor<512x128xf32>
    %125 = linalg.matmul ins(%122, %124 : tensor<32x512xf32>, tensor<512x128xf32>) outs(%75 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %126 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%121 : tensor<128xf32>) outs(%27 : tensor<32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<32x128xf32>
    %127 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%125, %126 : tensor<32x128xf32>, tensor<32x128xf32>) outs(%27 : tensor<32x128xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %130 = arith.addf %in, %in_33 : f32
      linalg.yield %130 : f32
    } -> tensor<32x128xf32>
    %128 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%127 : tensor<32x128xf32>) outs(%79 : tensor<32x128xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %130 = arith.truncf %in : f32 to bf16
      linalg.yield %130 : bf16
    } -> tensor<32x128xbf16>
    %expanded_32 = tensor.expand_shape %128 [[0, 1], [2]] output_shape [2, 16, 128] : tensor<32x128xbf16> into tensor<2x16x128xbf16>
    %129 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%81, %expanded_32 : tensor<2x16x128xbf16>, tensor<2x16x128xbf16>) outs(%23 : tensor<2x16x128xbf16>) {
    ^bb0(%in: bf16, %in_33: bf16, %out: bf16):
      %130 = arith.addf %in, %in_33 : bf16
      linalg.yield %130 : bf16
    } -> tensor<2x16x128xbf16>
    return %129 : tensor<2x16x128xbf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_1_1_16_16_torch.uint8: "0x0100000001000000000000000000000000000000010100000000000000000000000000000101010000000000000000000000000001010101000000000000000000000000010101010100000000000000000000000101010101010000000000000000000001010101010101000000000000000000010101010101010100000000000000000101010101010101010000000000000001010101010101010101000000000000010101010101010101010100000000000101010101010101010101010000000001010101010101010101010101000000010101010101010101010101010100000101010101010101010101010101010001010101010101010101010101010101"
    }
  }
#-}
