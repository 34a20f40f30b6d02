#map = affine_map<(d0, d1, d2) -> (d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d2)>
module {
  func.func @main_graph(%arg0: tensor<2x32x128xf32>, %arg1: tensor<512x128xf32>, %arg2: tensor<512xf32>, %arg3: tensor<128x512xf32>, %arg4: tensor<128xf32>) -> tensor<2x32x128xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant 5.000000e-01 : f32
    %cst_2 = arith.constant 1.41421354 : f32
    %0 = tensor.empty() : tensor<128x512xf32>
    %transposed = linalg.transpose ins(%arg1 : tensor<512x128xf32>) outs(%0 : tensor<128x512xf32>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<2x128x512xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%transposed : tensor<128x512xf32>) outs(%1 : tensor<2x128x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x128x512xf32>
    %3 = tensor.empty() : tensor<2x32x512xf32>
    %4 = linalg.fill ins(%cst : f32) outs(%3 : tensor<2x32x512xf32>) -> tensor<2x32x512xf32>
    %5 = linalg.batch_matmul ins(%arg0, %2 : tensor<2x32x128xf32>, tensor<2x128x512xf32>) outs(%4 : tensor<2x32x512xf32>) -> tensor<2x32x512xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%5, %arg2 : tensor<2x32x512xf32>, tensor<512xf32>) outs(%3 : tensor<2x32x512xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %16 = arith.addf %in, %in_4 : f32
      linalg.yield %16 : f32
    } -> tensor<2x32x512xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<2x32x512xf32>) outs(%3 : tensor<2x32x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %16 = arith.divf %in, %cst_2 : f32
      %17 = math.erf %16 : f32
      %18 = arith.addf %17, %cst_0 : f32
      %19 = arith.mulf %18, %cst_1 : f32
      %20 = arith.mulf %in, %19 : f32
      linalg.yield %20 : f32
    } -> tensor<2x32x512xf32>
    %8 = tensor.empty() : tensor<512x128xf32>
    %transposed_3 = linalg.transpose ins(%arg3 : tensor<128x512xf32>) outs(%8 : tensor<512x128xf32>) permutation = [1, 0] 
    %9 = tensor.empty() : tensor<2x512x128xf32>
    %10 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%transposed_3 : tensor<512x128xf32>) outs(%9 : tensor<2x512x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x512x128xf32>
    %11 = tensor.empty() : tensor<2x32x128xf32>
    %12 = linalg.fill ins(%cst : f32) outs(%11 : tensor<2x32x128xf32>) -> tensor<2x32x128xf32>
    %13 = linalg.batch_matmul ins(%7, %10 : tensor<2x32x512xf32>, tensor<2x512x128xf32>) outs(%12 : tensor<2x32x128xf32>) -> tensor<2x32x128xf32>
    %14 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%13, %arg4 : tensor<2x32x128xf32>, tensor<128xf32>) outs(%11 : tensor<2x32x128xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %16 = arith.addf %in, %in_4 : f32
      linalg.yield %16 : f32
    } -> tensor<2x32x128xf32>
    %15 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %14 : tensor<2x32x128xf32>, tensor<2x32x128xf32>) outs(%11 : tensor<2x32x128xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %16 = arith.addf %in, %in_4 : f32
      linalg.yield %16 : f32
    } -> tensor<2x32x128xf32>
    return %15 : tensor<2x32x128xf32>
  }
}
