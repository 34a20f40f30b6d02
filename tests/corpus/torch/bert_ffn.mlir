#map = affine_map<(d0, d1) -> (d1)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @bert_ffn(%arg0: tensor<2x32x128xf32>, %arg1: tensor<512x128xf32>, %arg2: tensor<512xf32>, %arg3: tensor<128x512xf32>, %arg4: tensor<128xf32>) -> tensor<2x32x128xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant 5.000000e-01 : f32
    %cst_2 = arith.constant 1.41421354 : f32
    %collapsed = tensor.collapse_shape %arg0 [[0, 1], [2]] : tensor<2x32x128xf32> into tensor<64x128xf32>
    %0 = tensor.empty() : tensor<128x512xf32>
    %transposed = linalg.transpose ins(%arg1 : tensor<512x128xf32>) outs(%0 : tensor<128x512xf32>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<64x512xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<64x512xf32>) -> tensor<64x512xf32>
    %3 = linalg.matmul ins(%collapsed, %transposed : tensor<64x128xf32>, tensor<128x512xf32>) outs(%2 : tensor<64x512xf32>) -> tensor<64x512xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg2 : tensor<512xf32>) outs(%1 : tensor<64x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<64x512xf32>
    %5 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%3, %4 : tensor<64x512xf32>, tensor<64x512xf32>) outs(%1 : tensor<64x512xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %16 = arith.addf %in, %in_6 : f32
      linalg.yield %16 : f32
    } -> tensor<64x512xf32>
    %expanded = tensor.expand_shape %5 [[0, 1], [2]] output_shape [2, 32, 512] : tensor<64x512xf32> into tensor<2x32x512xf32>
    %6 = tensor.empty() : tensor<2x32x512xf32>
    %7 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded : tensor<2x32x512xf32>) outs(%6 : tensor<2x32x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %16 = arith.divf %in, %cst_2 : f32
      %17 = math.erf %16 : f32
      %18 = arith.addf %17, %cst_0 : f32
      %19 = arith.mulf %18, %cst_1 : f32
      %20 = arith.mulf %in, %19 : f32
      linalg.yield %20 : f32
    } -> tensor<2x32x512xf32>
    %collapsed_3 = tensor.collapse_shape %7 [[0, 1], [2]] : tensor<2x32x512xf32> into tensor<64x512xf32>
    %8 = tensor.empty() : tensor<512x128xf32>
    %transposed_4 = linalg.transpose ins(%arg3 : tensor<128x512xf32>) outs(%8 : tensor<512x128xf32>) permutation = [1, 0] 
    %9 = tensor.empty() : tensor<64x128xf32>
    %10 = linalg.fill ins(%cst : f32) outs(%9 : tensor<64x128xf32>) -> tensor<64x128xf32>
    %11 = linalg.matmul ins(%collapsed_3, %transposed_4 : tensor<64x512xf32>, tensor<512x128xf32>) outs(%10 : tensor<64x128xf32>) -> tensor<64x128xf32>
    %12 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg4 : tensor<128xf32>) outs(%9 : tensor<64x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<64x128xf32>
    %13 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%11, %12 : tensor<64x128xf32>, tensor<64x128xf32>) outs(%9 : tensor<64x128xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %16 = arith.addf %in, %in_6 : f32
      linalg.yield %16 : f32
    } -> tensor<64x128xf32>
    %expanded_5 = tensor.expand_shape %13 [[0, 1], [2]] output_shape [2, 32, 128] : tensor<64x128xf32> into tensor<2x32x128xf32>
    %14 = tensor.empty() : tensor<2x32x128xf32>
    %15 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %expanded_5 : tensor<2x32x128xf32>, tensor<2x32x128xf32>) outs(%14 : tensor<2x32x128xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %16 = arith.addf %in, %in_6 : f32
      linalg.yield %16 : f32
    } -> tensor<2x32x128xf32>
    return %15 : tensor<2x32x128xf32>
  }
}
