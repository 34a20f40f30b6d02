#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d0, 0, d2)>
module {
  func.func @attention_12x512x64(%arg0: tensor<12x512x64xf32>, %arg1: tensor<12x512x64xf32>, %arg2: tensor<12x512x64xf32>) -> tensor<12x64x512xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %c0_i64 = arith.constant 0 : i64
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 8.000000e+00 : f32
    %0 = tensor.empty() : tensor<12x64x512xf32>
    %transposed = linalg.transpose ins(%arg0 : tensor<12x512x64xf32>) outs(%0 : tensor<12x64x512xf32>) permutation = [0, 2, 1] 
    %1 = tensor.empty() : tensor<12x512x512xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<12x512x512xf32>) -> tensor<12x512x512xf32>
    %3 = linalg.batch_matmul ins(%arg1, %transposed : tensor<12x512x64xf32>, tensor<12x64x512xf32>) outs(%2 : tensor<12x512x512xf32>) -> tensor<12x512x512xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%3 : tensor<12x512x512xf32>) outs(%1 : tensor<12x512x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %18 = arith.divf %in, %cst_1 : f32
      linalg.yield %18 : f32
    } -> tensor<12x512x512xf32>
    %5 = tensor.empty() : tensor<12x512xi64>
    %6 = linalg.fill ins(%c0_i64 : i64) outs(%5 : tensor<12x512xi64>) -> tensor<12x512xi64>
    %7 = tensor.empty() : tensor<12x512xf32>
    %8 = linalg.fill ins(%cst_0 : f32) outs(%7 : tensor<12x512xf32>) -> tensor<12x512xf32>
    %9:2 = linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["parallel", "reduction", "parallel"]} ins(%4 : tensor<12x512x512xf32>) outs(%8, %6 : tensor<12x512xf32>, tensor<12x512xi64>) {
    ^bb0(%in: f32, %out: f32, %out_3: i64):
      %18 = linalg.index 1 : index
      %19 = arith.index_cast %18 : index to i64
      %20 = arith.maximumf %in, %out : f32
      %21 = arith.cmpf ogt, %in, %out : f32
      %22 = arith.select %21, %19, %out_3 : i64
      linalg.yield %20, %22 : f32, i64
    } -> (tensor<12x512xf32>, tensor<12x512xi64>)
    %expanded = tensor.expand_shape %9#0 [[0, 1], [2]] output_shape [12, 1, 512] : tensor<12x512xf32> into tensor<12x1x512xf32>
    %10 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%4, %expanded : tensor<12x512x512xf32>, tensor<12x1x512xf32>) outs(%1 : tensor<12x512x512xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %18 = arith.subf %in, %in_3 : f32
      linalg.yield %18 : f32
    } -> tensor<12x512x512xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%10 : tensor<12x512x512xf32>) outs(%1 : tensor<12x512x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %18 = math.exp %in : f32
      linalg.yield %18 : f32
    } -> tensor<12x512x512xf32>
    %12 = tensor.empty() : tensor<12x1x512xf32>
    %13 = linalg.fill ins(%cst : f32) outs(%12 : tensor<12x1x512xf32>) -> tensor<12x1x512xf32>
    %14 = linalg.generic {indexing_maps = [#map, #map2], iterator_types = ["parallel", "reduction", "parallel"]} ins(%11 : tensor<12x512x512xf32>) outs(%13 : tensor<12x1x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %18 = arith.addf %in, %out : f32
      linalg.yield %18 : f32
    } -> tensor<12x1x512xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%11, %14 : tensor<12x512x512xf32>, tensor<12x1x512xf32>) outs(%1 : tensor<12x512x512xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %18 = arith.divf %in, %in_3 : f32
      linalg.yield %18 : f32
    } -> tensor<12x512x512xf32>
    %transposed_2 = linalg.transpose ins(%arg2 : tensor<12x512x64xf32>) outs(%0 : tensor<12x64x512xf32>) permutation = [0, 2, 1] 
    %16 = linalg.fill ins(%cst : f32) outs(%0 : tensor<12x64x512xf32>) -> tensor<12x64x512xf32>
    %17 = linalg.batch_matmul ins(%transposed_2, %15 : tensor<12x64x512xf32>, tensor<12x512x512xf32>) outs(%16 : tensor<12x64x512xf32>) -> tensor<12x64x512xf32>
    return %17 : tensor<12x64x512xf32>
  }
}
