#map = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
#map1 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2 * 2 + d5, d3 * 2 + d6, d4 * 2 + d7)>
#map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d5, d6, d7)>
#map3 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2, d3, d4)>
module {
  func.func @conv3d_block(%arg0: tensor<1x3x8x16x16xf32>, %arg1: tensor<16x3x3x3x3xf32>, %arg2: tensor<16xf32>) -> tensor<1x16x4x4x4xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %padded = tensor.pad %arg0 low[0, 0, 1, 1, 1] high[0, 0, 1, 1, 1] {
    ^bb0(%arg3: index, %arg4: index, %arg5: index, %arg6: index, %arg7: index):
      tensor.yield %cst : f32
    } : tensor<1x3x8x16x16xf32> to tensor<1x3x10x18x18xf32>
    %0 = tensor.empty() : tensor<1x16x8x8x8xf32>
    %broadcasted = linalg.broadcast ins(%arg2 : tensor<16xf32>) outs(%0 : tensor<1x16x8x8x8xf32>) dimensions = [0, 2, 3, 4] 
    %1 = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : vector<3xi64>, strides = dense<[1, 2, 2]> : vector<3xi64>} ins(%padded, %arg1 : tensor<1x3x10x18x18xf32>, tensor<16x3x3x3x3xf32>) outs(%broadcasted : tensor<1x16x8x8x8xf32>) -> tensor<1x16x8x8x8xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%1 : tensor<1x16x8x8x8xf32>) outs(%0 : tensor<1x16x8x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %7 = arith.cmpf ugt, %in, %cst : f32
      %8 = arith.select %7, %in, %cst : f32
      linalg.yield %8 : f32
    } -> tensor<1x16x8x8x8xf32>
    %3 = tensor.empty() : tensor<1x16x4x4x4xf32>
    %4 = linalg.fill ins(%cst_0 : f32) outs(%3 : tensor<1x16x4x4x4xf32>) -> tensor<1x16x4x4x4xf32>
    %5 = tensor.empty() : tensor<2x2x2xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map2, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%2, %5 : tensor<1x16x8x8x8xf32>, tensor<2x2x2xf32>) outs(%4 : tensor<1x16x4x4x4xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %7 = arith.maximumf %in, %out : f32
      linalg.yield %7 : f32
    } -> tensor<1x16x4x4x4xf32>
    return %6 : tensor<1x16x4x4x4xf32>
  }
}
