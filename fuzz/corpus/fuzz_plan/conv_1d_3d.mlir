// a Conv1d as torch-mlir writes it (pad, zero fill, conv_1d_ncw_fcw, bias broadcast and add) and a strided, dilated 3-D pool
#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d1)>
func.func @conv1d(%x: tensor<1x4x16xf32>, %w: tensor<8x4x3xf32>, %b: tensor<8xf32>) -> tensor<1x8x8xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %padded = tensor.pad %x low[0, 0, 1] high[0, 0, 1] {
  ^bb0(%i: index, %j: index, %k: index):
    tensor.yield %cst : f32
  } : tensor<1x4x16xf32> to tensor<1x4x18xf32>
  %e = tensor.empty() : tensor<1x8x8xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e : tensor<1x8x8xf32>) -> tensor<1x8x8xf32>
  %c = linalg.conv_1d_ncw_fcw {dilations = dense<1> : vector<1xi64>, strides = dense<2> : vector<1xi64>} ins(%padded, %w : tensor<1x4x18xf32>, tensor<8x4x3xf32>) outs(%z : tensor<1x8x8xf32>) -> tensor<1x8x8xf32>
  %r = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%c, %b : tensor<1x8x8xf32>, tensor<8xf32>) outs(%e : tensor<1x8x8xf32>) {
  ^bb0(%in: f32, %bias: f32, %out: f32):
    %s = arith.addf %in, %bias : f32
    linalg.yield %s : f32
  } -> tensor<1x8x8xf32>
  return %r : tensor<1x8x8xf32>
}
func.func @pool3d(%i: tensor<1x5x6x5x2xf32>, %k: tensor<2x2x2xf32>, %o: tensor<1x2x3x4x2xf32>) -> tensor<1x2x3x4x2xf32> {
  %r = linalg.pooling_ndhwc_sum {dilations = dense<[1, 2, 1]> : vector<3xi64>, strides = dense<[2, 1, 1]> : vector<3xi64>} ins(%i, %k : tensor<1x5x6x5x2xf32>, tensor<2x2x2xf32>) outs(%o : tensor<1x2x3x4x2xf32>) -> tensor<1x2x3x4x2xf32>
  return %r : tensor<1x2x3x4x2xf32>
}
