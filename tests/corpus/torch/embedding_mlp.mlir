#map = affine_map<(d0, d1, d2) -> (d0, d1)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map2 = affine_map<(d0, d1) -> (d1)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @embedding_mlp(%arg0: tensor<2x5xi64>, %arg1: tensor<32x16xf32>, %arg2: tensor<8x16xf32>, %arg3: tensor<8xf32>) -> tensor<2x5x8xf32> {
    %c32 = arith.constant 32 : index
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<2x5x16xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<2x5xi64>) outs(%0 : tensor<2x5x16xf32>) {
    ^bb0(%in: i64, %out: f32):
      %10 = arith.index_cast %in : i64 to index
      %11 = linalg.index 2 : index
      %12 = arith.cmpi slt, %10, %c32 : index
      cf.assert %12, "index must be smaller than dim size"
      %13 = arith.cmpi sge, %in, %c0_i64 : i64
      cf.assert %13, "index must be larger or equal to 0"
      %extracted = tensor.extract %arg1[%10, %11] : tensor<32x16xf32>
      linalg.yield %extracted : f32
    } -> tensor<2x5x16xf32>
    %collapsed = tensor.collapse_shape %1 [[0, 1], [2]] : tensor<2x5x16xf32> into tensor<10x16xf32>
    %2 = tensor.empty() : tensor<16x8xf32>
    %transposed = linalg.transpose ins(%arg2 : tensor<8x16xf32>) outs(%2 : tensor<16x8xf32>) permutation = [1, 0] 
    %3 = tensor.empty() : tensor<10x8xf32>
    %4 = linalg.fill ins(%cst : f32) outs(%3 : tensor<10x8xf32>) -> tensor<10x8xf32>
    %5 = linalg.matmul ins(%collapsed, %transposed : tensor<10x16xf32>, tensor<16x8xf32>) outs(%4 : tensor<10x8xf32>) -> tensor<10x8xf32>
    %6 = linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["parallel", "parallel"]} ins(%arg3 : tensor<8xf32>) outs(%3 : tensor<10x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<10x8xf32>
    %7 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%5, %6 : tensor<10x8xf32>, tensor<10x8xf32>) outs(%3 : tensor<10x8xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %10 = arith.addf %in, %in_0 : f32
      linalg.yield %10 : f32
    } -> tensor<10x8xf32>
    %expanded = tensor.expand_shape %7 [[0, 1], [2]] output_shape [2, 5, 8] : tensor<10x8xf32> into tensor<2x5x8xf32>
    %8 = tensor.empty() : tensor<2x5x8xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded : tensor<2x5x8xf32>) outs(%8 : tensor<2x5x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %10 = arith.cmpf ugt, %in, %cst : f32
      %11 = arith.select %10, %in, %cst : f32
      linalg.yield %11 : f32
    } -> tensor<2x5x8xf32>
    return %9 : tensor<2x5x8xf32>
  }
}
