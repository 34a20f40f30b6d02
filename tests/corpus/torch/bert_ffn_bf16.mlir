#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d1)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @bert_ffn_bf16(%arg0: tensor<2x32x128xbf16>, %arg1: tensor<512x128xbf16>, %arg2: tensor<512xbf16>, %arg3: tensor<128x512xbf16>, %arg4: tensor<128xbf16>) -> tensor<2x32x128xbf16> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : bf16
    %cst_1 = arith.constant 2.000000e+00 : bf16
    %cst_2 = arith.constant 5.000000e-01 : bf16
    %collapsed = tensor.collapse_shape %arg0 [[0, 1], [2]] : tensor<2x32x128xbf16> into tensor<64x128xbf16>
    %0 = tensor.empty() : tensor<128x512xbf16>
    %transposed = linalg.transpose ins(%arg1 : tensor<512x128xbf16>) outs(%0 : tensor<128x512xbf16>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<512xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg2 : tensor<512xbf16>) outs(%1 : tensor<512xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %30 = arith.extf %in : bf16 to f32
      linalg.yield %30 : f32
    } -> tensor<512xf32>
    %3 = tensor.empty() : tensor<64x128xf32>
    %4 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%collapsed : tensor<64x128xbf16>) outs(%3 : tensor<64x128xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %30 = arith.extf %in : bf16 to f32
      linalg.yield %30 : f32
    } -> tensor<64x128xf32>
    %5 = tensor.empty() : tensor<128x512xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%transposed : tensor<128x512xbf16>) outs(%5 : tensor<128x512xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %30 = arith.extf %in : bf16 to f32
      linalg.yield %30 : f32
    } -> tensor<128x512xf32>
    %7 = tensor.empty() : tensor<64x512xf32>
    %8 = linalg.fill ins(%cst : f32) outs(%7 : tensor<64x512xf32>) -> tensor<64x512xf32>
    %9 = linalg.matmul ins(%4, %6 : tensor<64x128xf32>, tensor<128x512xf32>) outs(%8 : tensor<64x512xf32>) -> tensor<64x512xf32>
    %10 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<512xf32>) outs(%7 : tensor<64x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<64x512xf32>
    %11 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%9, %10 : tensor<64x512xf32>, tensor<64x512xf32>) outs(%7 : tensor<64x512xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %30 = arith.addf %in, %in_6 : f32
      linalg.yield %30 : f32
    } -> tensor<64x512xf32>
    %12 = tensor.empty() : tensor<64x512xbf16>
    %13 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%11 : tensor<64x512xf32>) outs(%12 : tensor<64x512xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %30 = arith.truncf %in : f32 to bf16
      linalg.yield %30 : bf16
    } -> tensor<64x512xbf16>
    %expanded = tensor.expand_shape %13 [[0, 1], [2]] output_shape [2, 32, 512] : tensor<64x512xbf16> into tensor<2x32x512xbf16>
    %14 = tensor.empty() : tensor<2x32x512xbf16>
    %15 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded : tensor<2x32x512xbf16>) outs(%14 : tensor<2x32x512xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %30 = math.sqrt %cst_1 : bf16
      %31 = arith.divf %in, %30 : bf16
      %32 = math.erf %31 : bf16
      %33 = arith.addf %32, %cst_0 : bf16
      %34 = arith.mulf %33, %cst_2 : bf16
      %35 = arith.mulf %in, %34 : bf16
      linalg.yield %35 : bf16
    } -> tensor<2x32x512xbf16>
    %collapsed_3 = tensor.collapse_shape %15 [[0, 1], [2]] : tensor<2x32x512xbf16> into tensor<64x512xbf16>
    %16 = tensor.empty() : tensor<512x128xbf16>
    %transposed_4 = linalg.transpose ins(%arg3 : tensor<128x512xbf16>) outs(%16 : tensor<512x128xbf16>) permutation = [1, 0] 
    %17 = tensor.empty() : tensor<128xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg4 : tensor<128xbf16>) outs(%17 : tensor<128xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %30 = arith.extf %in : bf16 to f32
      linalg.yield %30 : f32
    } -> tensor<128xf32>
    %19 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%collapsed_3 : tensor<64x512xbf16>) outs(%7 : tensor<64x512xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %30 = arith.extf %in : bf16 to f32
      linalg.yield %30 : f32
    } -> tensor<64x512xf32>
    %20 = tensor.empty() : tensor<512x128xf32>
    %21 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%transposed_4 : tensor<512x128xbf16>) outs(%20 : tensor<512x128xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %30 = arith.extf %in : bf16 to f32
      linalg.yield %30 : f32
    } -> tensor<512x128xf32>
    %22 = linalg.fill ins(%cst : f32) outs(%3 : tensor<64x128xf32>) -> tensor<64x128xf32>
    %23 = linalg.matmul ins(%19, %21 : tensor<64x512xf32>, tensor<512x128xf32>) outs(%22 : tensor<64x128xf32>) -> tensor<64x128xf32>
    %24 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%18 : tensor<128xf32>) outs(%3 : tensor<64x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<64x128xf32>
    %25 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%23, %24 : tensor<64x128xf32>, tensor<64x128xf32>) outs(%3 : tensor<64x128xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %30 = arith.addf %in, %in_6 : f32
      linalg.yield %30 : f32
    } -> tensor<64x128xf32>
    %26 = tensor.empty() : tensor<64x128xbf16>
    %27 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%25 : tensor<64x128xf32>) outs(%26 : tensor<64x128xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %30 = arith.truncf %in : f32 to bf16
      linalg.yield %30 : bf16
    } -> tensor<64x128xbf16>
    %expanded_5 = tensor.expand_shape %27 [[0, 1], [2]] output_shape [2, 32, 128] : tensor<64x128xbf16> into tensor<2x32x128xbf16>
    %28 = tensor.empty() : tensor<2x32x128xbf16>
    %29 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %expanded_5 : tensor<2x32x128xbf16>, tensor<2x32x128xbf16>) outs(%28 : tensor<2x32x128xbf16>) {
    ^bb0(%in: bf16, %in_6: bf16, %out: bf16):
      %30 = arith.addf %in, %in_6 : bf16
      linalg.yield %30 : bf16
    } -> tensor<2x32x128xbf16>
    return %29 : tensor<2x32x128xbf16>
  }
}
