// Pools (tests/cli/npu_pools.sh), as torch-mlir's FX importer writes them
// (2026-12, torch 2.x): a tensor.pad (when padded) and
// linalg.pooling_nchw_max / pooling_nchw_sum (+ a division). Each is one
// "window" kernel on the npu (npu/window.c: output pixels down each lane,
// channels across them; the pad folded into the loads, passes/pads.c),
// exact against the reference. @maxpool: ResNet's stem pool (3x3, stride
// 2, pad 1) on [1, 64, 32, 32]; @avgpool: 2x2 stride 2; @avgpool_pad:
// 3x3 stride 1 pad 1 (count_include_pad: a sum and a division by 9);
// @avgpool_nopad: the same without counting the padding (the divisor per
// pixel comes from linalg.index: the division runs on the host); @maxpool_dil:
// 3x3 dilation 2 pad 1; @maxpool_nhwc: channels_last data (permutes around
// the pool: the pad moves before the permute, canon_tensor.c, and the pool reads
// NHWC); @adaptive_avg: adaptive_avg_pool2d to 2x2 from 8x8 (a 4x4 stride 4
// window); @global_avg: adaptive_avg_pool2d to 1x1 and flatten (a sum over
// the whole 7x7 and a division: a window of one output pixel); @maxpool1d:
// max_pool1d(3, 2, pad 1) on [2, 16, 50]; @avgpool9: a 9x9 window (more
// steps than one vector program's sources), stride 3, pad 4. By hand:
// @pool_kw_outer, a sum whose kw loop comes before its kh loop (the window
// walked in that order, as the reference sums).
#avgpool_map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#avgpool_pad_map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#avgpool_nopad_map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#adaptive_avg_map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#global_avg_map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#global_avg_map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
#avgpool9_map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#in = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 * 2 + d5, d3 + d4 * 2)>
#win = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
#out = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
func.func @maxpool(%arg0: tensor<1x64x32x32xf32>) -> tensor<1x64x16x16xf32> {
  %cst = arith.constant 0xFF800000 : f32
  %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
    tensor.yield %cst : f32
  } : tensor<1x64x32x32xf32> to tensor<1x64x34x34xf32>
  %0 = tensor.empty() : tensor<1x64x16x16xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x64x16x16xf32>) -> tensor<1x64x16x16xf32>
  %2 = tensor.empty() : tensor<3x3xf32>
  %3 = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded, %2 : tensor<1x64x34x34xf32>, tensor<3x3xf32>) outs(%1 : tensor<1x64x16x16xf32>) -> tensor<1x64x16x16xf32>
  return %3 : tensor<1x64x16x16xf32>
}

func.func @avgpool(%arg0: tensor<1x16x16x16xf32>) -> tensor<1x16x8x8xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %cst_0 = arith.constant 4.000000e+00 : f32
  %0 = tensor.empty() : tensor<1x16x8x8xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  %2 = tensor.empty() : tensor<2x2xf32>
  %3 = linalg.pooling_nchw_sum {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%arg0, %2 : tensor<1x16x16x16xf32>, tensor<2x2xf32>) outs(%1 : tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  %4 = linalg.generic {indexing_maps = [#avgpool_map, #avgpool_map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%3 : tensor<1x16x8x8xf32>) outs(%0 : tensor<1x16x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %5 = arith.divf %in, %cst_0 : f32
    linalg.yield %5 : f32
  } -> tensor<1x16x8x8xf32>
  return %4 : tensor<1x16x8x8xf32>
}

func.func @avgpool_pad(%arg0: tensor<2x8x10x12xf32>) -> tensor<2x8x10x12xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %cst_0 = arith.constant 9.000000e+00 : f32
  %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
    tensor.yield %cst : f32
  } : tensor<2x8x10x12xf32> to tensor<2x8x12x14xf32>
  %0 = tensor.empty() : tensor<2x8x10x12xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<2x8x10x12xf32>) -> tensor<2x8x10x12xf32>
  %2 = tensor.empty() : tensor<3x3xf32>
  %3 = linalg.pooling_nchw_sum {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %2 : tensor<2x8x12x14xf32>, tensor<3x3xf32>) outs(%1 : tensor<2x8x10x12xf32>) -> tensor<2x8x10x12xf32>
  %4 = linalg.generic {indexing_maps = [#avgpool_pad_map, #avgpool_pad_map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%3 : tensor<2x8x10x12xf32>) outs(%0 : tensor<2x8x10x12xf32>) {
  ^bb0(%in: f32, %out: f32):
    %5 = arith.divf %in, %cst_0 : f32
    linalg.yield %5 : f32
  } -> tensor<2x8x10x12xf32>
  return %4 : tensor<2x8x10x12xf32>
}

func.func @avgpool_nopad(%arg0: tensor<2x8x10x12xf32>) -> tensor<2x8x10x12xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %c1_i64 = arith.constant 1 : i64
  %c12_i64 = arith.constant 12 : i64
  %c11_i64 = arith.constant 11 : i64
  %c10_i64 = arith.constant 10 : i64
  %c0_i64 = arith.constant 0 : i64
  %c13_i64 = arith.constant 13 : i64
  %c2_i64 = arith.constant 2 : i64
  %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
    tensor.yield %cst : f32
  } : tensor<2x8x10x12xf32> to tensor<2x8x12x14xf32>
  %0 = tensor.empty() : tensor<2x8x10x12xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<2x8x10x12xf32>) -> tensor<2x8x10x12xf32>
  %2 = tensor.empty() : tensor<3x3xf32>
  %3 = linalg.pooling_nchw_sum {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %2 : tensor<2x8x12x14xf32>, tensor<3x3xf32>) outs(%1 : tensor<2x8x10x12xf32>) -> tensor<2x8x10x12xf32>
  %4 = linalg.generic {indexing_maps = [#avgpool_nopad_map, #avgpool_nopad_map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%3 : tensor<2x8x10x12xf32>) outs(%0 : tensor<2x8x10x12xf32>) {
  ^bb0(%in: f32, %out: f32):
    %5 = linalg.index 2 : index
    %6 = arith.index_cast %5 : index to i64
    %7 = arith.subi %6, %c1_i64 : i64
    %8 = arith.addi %6, %c2_i64 : i64
    %9 = arith.minsi %8, %c11_i64 : i64
    %10 = arith.minsi %9, %c10_i64 : i64
    %11 = arith.subi %c1_i64, %6 : i64
    %12 = arith.maxsi %11, %c0_i64 : i64
    %13 = arith.subi %10, %7 : i64
    %14 = arith.subi %13, %12 : i64
    %15 = arith.maxsi %14, %c0_i64 : i64
    %16 = linalg.index 3 : index
    %17 = arith.index_cast %16 : index to i64
    %18 = arith.subi %17, %c1_i64 : i64
    %19 = arith.addi %17, %c2_i64 : i64
    %20 = arith.minsi %19, %c13_i64 : i64
    %21 = arith.minsi %20, %c12_i64 : i64
    %22 = arith.subi %c1_i64, %17 : i64
    %23 = arith.maxsi %22, %c0_i64 : i64
    %24 = arith.subi %21, %18 : i64
    %25 = arith.subi %24, %23 : i64
    %26 = arith.maxsi %25, %c0_i64 : i64
    %27 = arith.muli %15, %26 : i64
    %28 = arith.sitofp %27 : i64 to f32
    %29 = arith.divf %in, %28 : f32
    linalg.yield %29 : f32
  } -> tensor<2x8x10x12xf32>
  return %4 : tensor<2x8x10x12xf32>
}

func.func @maxpool_dil(%arg0: tensor<1x8x15x13xf32>) -> tensor<1x8x13x11xf32> {
  %cst = arith.constant 0xFF800000 : f32
  %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
    tensor.yield %cst : f32
  } : tensor<1x8x15x13xf32> to tensor<1x8x17x15xf32>
  %0 = tensor.empty() : tensor<1x8x13x11xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x8x13x11xf32>) -> tensor<1x8x13x11xf32>
  %2 = tensor.empty() : tensor<3x3xf32>
  %3 = linalg.pooling_nchw_max {dilations = dense<2> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %2 : tensor<1x8x17x15xf32>, tensor<3x3xf32>) outs(%1 : tensor<1x8x13x11xf32>) -> tensor<1x8x13x11xf32>
  return %3 : tensor<1x8x13x11xf32>
}

func.func @maxpool_nhwc(%arg0: tensor<2x16x16x32xf32>) -> tensor<2x8x8x32xf32> {
  %cst = arith.constant 0xFF800000 : f32
  %0 = tensor.empty() : tensor<2x32x16x16xf32>
  %transposed = linalg.transpose ins(%arg0 : tensor<2x16x16x32xf32>) outs(%0 : tensor<2x32x16x16xf32>) permutation = [0, 3, 1, 2] 
  %padded = tensor.pad %transposed low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
    tensor.yield %cst : f32
  } : tensor<2x32x16x16xf32> to tensor<2x32x18x18xf32>
  %1 = tensor.empty() : tensor<2x32x8x8xf32>
  %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<2x32x8x8xf32>) -> tensor<2x32x8x8xf32>
  %3 = tensor.empty() : tensor<3x3xf32>
  %4 = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded, %3 : tensor<2x32x18x18xf32>, tensor<3x3xf32>) outs(%2 : tensor<2x32x8x8xf32>) -> tensor<2x32x8x8xf32>
  %5 = tensor.empty() : tensor<2x8x8x32xf32>
  %transposed_0 = linalg.transpose ins(%4 : tensor<2x32x8x8xf32>) outs(%5 : tensor<2x8x8x32xf32>) permutation = [0, 2, 3, 1] 
  return %transposed_0 : tensor<2x8x8x32xf32>
}

func.func @adaptive_avg(%arg0: tensor<1x32x8x8xf32>) -> tensor<1x32x2x2xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %cst_0 = arith.constant 1.600000e+01 : f32
  %0 = tensor.empty() : tensor<1x32x2x2xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x32x2x2xf32>) -> tensor<1x32x2x2xf32>
  %2 = tensor.empty() : tensor<4x4xf32>
  %3 = linalg.pooling_nchw_sum {dilations = dense<1> : vector<2xi64>, strides = dense<4> : vector<2xi64>} ins(%arg0, %2 : tensor<1x32x8x8xf32>, tensor<4x4xf32>) outs(%1 : tensor<1x32x2x2xf32>) -> tensor<1x32x2x2xf32>
  %4 = linalg.generic {indexing_maps = [#adaptive_avg_map, #adaptive_avg_map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%3 : tensor<1x32x2x2xf32>) outs(%0 : tensor<1x32x2x2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %5 = arith.divf %in, %cst_0 : f32
    linalg.yield %5 : f32
  } -> tensor<1x32x2x2xf32>
  return %4 : tensor<1x32x2x2xf32>
}

func.func @global_avg(%arg0: tensor<2x256x7x7xf32>) -> tensor<2x256xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %cst_0 = arith.constant 4.900000e+01 : f32
  %0 = tensor.empty() : tensor<2x256x1x1xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<2x256x1x1xf32>) -> tensor<2x256x1x1xf32>
  %2 = linalg.generic {indexing_maps = [#global_avg_map, #global_avg_map1], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%arg0 : tensor<2x256x7x7xf32>) outs(%1 : tensor<2x256x1x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %4 = arith.addf %in, %out : f32
    linalg.yield %4 : f32
  } -> tensor<2x256x1x1xf32>
  %3 = linalg.generic {indexing_maps = [#global_avg_map, #global_avg_map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2 : tensor<2x256x1x1xf32>) outs(%0 : tensor<2x256x1x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %4 = arith.divf %in, %cst_0 : f32
    linalg.yield %4 : f32
  } -> tensor<2x256x1x1xf32>
  %collapsed = tensor.collapse_shape %3 [[0], [1, 2, 3]] : tensor<2x256x1x1xf32> into tensor<2x256xf32>
  return %collapsed : tensor<2x256xf32>
}

func.func @maxpool1d(%arg0: tensor<2x16x50xf32>) -> tensor<2x16x25xf32> {
  %cst = arith.constant 0xFF800000 : f32
  %expanded = tensor.expand_shape %arg0 [[0], [1], [2, 3]] output_shape [2, 16, 1, 50] : tensor<2x16x50xf32> into tensor<2x16x1x50xf32>
  %padded = tensor.pad %expanded low[0, 0, 0, 1] high[0, 0, 0, 1] {
  ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
    tensor.yield %cst : f32
  } : tensor<2x16x1x50xf32> to tensor<2x16x1x52xf32>
  %0 = tensor.empty() : tensor<2x16x1x25xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<2x16x1x25xf32>) -> tensor<2x16x1x25xf32>
  %2 = tensor.empty() : tensor<1x3xf32>
  %3 = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<[1, 2]> : vector<2xi64>} ins(%padded, %2 : tensor<2x16x1x52xf32>, tensor<1x3xf32>) outs(%1 : tensor<2x16x1x25xf32>) -> tensor<2x16x1x25xf32>
  %collapsed = tensor.collapse_shape %3 [[0], [1, 2], [3]] : tensor<2x16x1x25xf32> into tensor<2x16x25xf32>
  return %collapsed : tensor<2x16x25xf32>
}

func.func @avgpool9(%arg0: tensor<1x8x20x20xf32>) -> tensor<1x8x7x7xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %cst_0 = arith.constant 8.100000e+01 : f32
  %padded = tensor.pad %arg0 low[0, 0, 4, 4] high[0, 0, 4, 4] {
  ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
    tensor.yield %cst : f32
  } : tensor<1x8x20x20xf32> to tensor<1x8x28x28xf32>
  %0 = tensor.empty() : tensor<1x8x7x7xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x8x7x7xf32>) -> tensor<1x8x7x7xf32>
  %2 = tensor.empty() : tensor<9x9xf32>
  %3 = linalg.pooling_nchw_sum {dilations = dense<1> : vector<2xi64>, strides = dense<3> : vector<2xi64>} ins(%padded, %2 : tensor<1x8x28x28xf32>, tensor<9x9xf32>) outs(%1 : tensor<1x8x7x7xf32>) -> tensor<1x8x7x7xf32>
  %4 = linalg.generic {indexing_maps = [#avgpool9_map, #avgpool9_map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%3 : tensor<1x8x7x7xf32>) outs(%0 : tensor<1x8x7x7xf32>) {
  ^bb0(%in: f32, %out: f32):
    %5 = arith.divf %in, %cst_0 : f32
    linalg.yield %5 : f32
  } -> tensor<1x8x7x7xf32>
  return %4 : tensor<1x8x7x7xf32>
}

func.func @pool_kw_outer(%x: tensor<2x5x13x17xf32>) -> tensor<2x5x5x13xf32> {
  %zero = arith.constant 0.0 : f32
  %w = tensor.empty() : tensor<3x2xf32>
  %e = tensor.empty() : tensor<2x5x5x13xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x5x5x13xf32>) -> tensor<2x5x5x13xf32>
  %s = linalg.generic {indexing_maps = [#in, #win, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%x, %w : tensor<2x5x13x17xf32>, tensor<3x2xf32>) outs(%f : tensor<2x5x5x13xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.addf %o, %a : f32
    linalg.yield %r : f32
  } -> tensor<2x5x5x13xf32>
  return %s : tensor<2x5x5x13xf32>
}
