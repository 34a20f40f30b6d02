// Pools whose tensor.pad the cpu folds into the window (loop_window.c;
// tests/cli/loop_lanes.sh): the window reads the pad's source, a tap
// outside it the padding value; the plan has no pad kernel for them.
// @max1d_pad: MaxPool1d(3,2,1) (rows of 42: the sixteen, four and one
// tails); @max2d_pad2: MaxPool2d(5,2,2) (the top and bottom rows' outer
// taps wholly in the pad); @max_ceil: MaxPool2d(3,2,1, ceil_mode) (a
// larger high pad); @max_pad_zero: a max under a 0.0 padding (the pad
// honoured: it beats negative inputs at the edges); @max_dil: dilation 2,
// pad 2; @avg_incl: AvgPool2d(3,1,1) (count_include_pad: a zero pad, a
// sum and a division by 9); @sum_negzero: a sum from -0.0 under a zero
// pad. Not folded (a pad kernel stays): @avg_excl (count_include_pad
// False: the divisor per pixel from linalg.index), @sum_pad_one (a sum
// under a padding of 1.0).
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @max1d_pad(%arg0: tensor<3x5x83xf32>) -> tensor<3x5x42xf32> {
  %pv = arith.constant 0xFF800000 : f32
  %iv = arith.constant 0xFF800000 : f32
  %ex = tensor.expand_shape %arg0 [[0], [1], [2, 3]] output_shape [3, 5, 1, 83] : tensor<3x5x83xf32> into tensor<3x5x1x83xf32>
  %p = tensor.pad %ex low[0, 0, 0, 1] high[0, 0, 0, 1] {
  ^bb0(%a1: index, %a2: index, %a3: index, %a4: index):
    tensor.yield %pv : f32
  } : tensor<3x5x1x83xf32> to tensor<3x5x1x85xf32>
  %e = tensor.empty() : tensor<3x5x1x42xf32>
  %f = linalg.fill ins(%iv : f32) outs(%e : tensor<3x5x1x42xf32>) -> tensor<3x5x1x42xf32>
  %w = tensor.empty() : tensor<1x3xf32>
  %r = linalg.pooling_nchw_max {dilations = dense<[1, 1]> : vector<2xi64>, strides = dense<[1, 2]> : vector<2xi64>} ins(%p, %w : tensor<3x5x1x85xf32>, tensor<1x3xf32>) outs(%f : tensor<3x5x1x42xf32>) -> tensor<3x5x1x42xf32>
  %co = tensor.collapse_shape %r [[0], [1, 2], [3]] : tensor<3x5x1x42xf32> into tensor<3x5x42xf32>
  return %co : tensor<3x5x42xf32>
}
func.func @max2d_pad2(%arg0: tensor<1x3x21x37xf32>) -> tensor<1x3x11x19xf32> {
  %pv = arith.constant 0xFF800000 : f32
  %iv = arith.constant 0xFF800000 : f32
  %p = tensor.pad %arg0 low[0, 0, 2, 2] high[0, 0, 2, 2] {
  ^bb0(%a1: index, %a2: index, %a3: index, %a4: index):
    tensor.yield %pv : f32
  } : tensor<1x3x21x37xf32> to tensor<1x3x25x41xf32>
  %e = tensor.empty() : tensor<1x3x11x19xf32>
  %f = linalg.fill ins(%iv : f32) outs(%e : tensor<1x3x11x19xf32>) -> tensor<1x3x11x19xf32>
  %w = tensor.empty() : tensor<5x5xf32>
  %r = linalg.pooling_nchw_max {dilations = dense<[1, 1]> : vector<2xi64>, strides = dense<[2, 2]> : vector<2xi64>} ins(%p, %w : tensor<1x3x25x41xf32>, tensor<5x5xf32>) outs(%f : tensor<1x3x11x19xf32>) -> tensor<1x3x11x19xf32>
  return %r : tensor<1x3x11x19xf32>
}
func.func @max_ceil(%arg0: tensor<1x4x16x16xf32>) -> tensor<1x4x9x9xf32> {
  %pv = arith.constant 0xFF800000 : f32
  %iv = arith.constant 0xFF800000 : f32
  %p = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 2, 2] {
  ^bb0(%a1: index, %a2: index, %a3: index, %a4: index):
    tensor.yield %pv : f32
  } : tensor<1x4x16x16xf32> to tensor<1x4x19x19xf32>
  %e = tensor.empty() : tensor<1x4x9x9xf32>
  %f = linalg.fill ins(%iv : f32) outs(%e : tensor<1x4x9x9xf32>) -> tensor<1x4x9x9xf32>
  %w = tensor.empty() : tensor<3x3xf32>
  %r = linalg.pooling_nchw_max {dilations = dense<[1, 1]> : vector<2xi64>, strides = dense<[2, 2]> : vector<2xi64>} ins(%p, %w : tensor<1x4x19x19xf32>, tensor<3x3xf32>) outs(%f : tensor<1x4x9x9xf32>) -> tensor<1x4x9x9xf32>
  return %r : tensor<1x4x9x9xf32>
}
func.func @max_pad_zero(%arg0: tensor<1x2x9x20xf32>) -> tensor<1x2x9x20xf32> {
  %pv = arith.constant 0.000000e+00 : f32
  %iv = arith.constant 0xFF800000 : f32
  %p = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a1: index, %a2: index, %a3: index, %a4: index):
    tensor.yield %pv : f32
  } : tensor<1x2x9x20xf32> to tensor<1x2x11x22xf32>
  %e = tensor.empty() : tensor<1x2x9x20xf32>
  %f = linalg.fill ins(%iv : f32) outs(%e : tensor<1x2x9x20xf32>) -> tensor<1x2x9x20xf32>
  %w = tensor.empty() : tensor<3x3xf32>
  %r = linalg.pooling_nchw_max {dilations = dense<[1, 1]> : vector<2xi64>, strides = dense<[1, 1]> : vector<2xi64>} ins(%p, %w : tensor<1x2x11x22xf32>, tensor<3x3xf32>) outs(%f : tensor<1x2x9x20xf32>) -> tensor<1x2x9x20xf32>
  return %r : tensor<1x2x9x20xf32>
}
func.func @max_dil(%arg0: tensor<1x3x14x30xf32>) -> tensor<1x3x14x30xf32> {
  %pv = arith.constant 0xFF800000 : f32
  %iv = arith.constant 0xFF800000 : f32
  %p = tensor.pad %arg0 low[0, 0, 2, 2] high[0, 0, 2, 2] {
  ^bb0(%a1: index, %a2: index, %a3: index, %a4: index):
    tensor.yield %pv : f32
  } : tensor<1x3x14x30xf32> to tensor<1x3x18x34xf32>
  %e = tensor.empty() : tensor<1x3x14x30xf32>
  %f = linalg.fill ins(%iv : f32) outs(%e : tensor<1x3x14x30xf32>) -> tensor<1x3x14x30xf32>
  %w = tensor.empty() : tensor<3x3xf32>
  %r = linalg.pooling_nchw_max {dilations = dense<[2, 2]> : vector<2xi64>, strides = dense<[1, 1]> : vector<2xi64>} ins(%p, %w : tensor<1x3x18x34xf32>, tensor<3x3xf32>) outs(%f : tensor<1x3x14x30xf32>) -> tensor<1x3x14x30xf32>
  return %r : tensor<1x3x14x30xf32>
}
func.func @avg_incl(%arg0: tensor<2x3x13x29xf32>) -> tensor<2x3x13x29xf32> {
  %pv = arith.constant 0.000000e+00 : f32
  %iv = arith.constant 0.000000e+00 : f32
  %p = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a1: index, %a2: index, %a3: index, %a4: index):
    tensor.yield %pv : f32
  } : tensor<2x3x13x29xf32> to tensor<2x3x15x31xf32>
  %e = tensor.empty() : tensor<2x3x13x29xf32>
  %f = linalg.fill ins(%iv : f32) outs(%e : tensor<2x3x13x29xf32>) -> tensor<2x3x13x29xf32>
  %w = tensor.empty() : tensor<3x3xf32>
  %r = linalg.pooling_nchw_sum {dilations = dense<[1, 1]> : vector<2xi64>, strides = dense<[1, 1]> : vector<2xi64>} ins(%p, %w : tensor<2x3x15x31xf32>, tensor<3x3xf32>) outs(%f : tensor<2x3x13x29xf32>) -> tensor<2x3x13x29xf32>
  %c = arith.constant 9.000000e+00 : f32
  %d = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%r : tensor<2x3x13x29xf32>) outs(%e : tensor<2x3x13x29xf32>) {
  ^bb0(%in: f32, %o: f32):
    %q = arith.divf %in, %c : f32
    linalg.yield %q : f32
  } -> tensor<2x3x13x29xf32>
  return %d : tensor<2x3x13x29xf32>
}
func.func @sum_negzero(%arg0: tensor<1x2x7x11xf32>) -> tensor<1x2x7x11xf32> {
  %pv = arith.constant 0.000000e+00 : f32
  %iv = arith.constant -0.000000e+00 : f32
  %p = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a1: index, %a2: index, %a3: index, %a4: index):
    tensor.yield %pv : f32
  } : tensor<1x2x7x11xf32> to tensor<1x2x9x13xf32>
  %e = tensor.empty() : tensor<1x2x7x11xf32>
  %f = linalg.fill ins(%iv : f32) outs(%e : tensor<1x2x7x11xf32>) -> tensor<1x2x7x11xf32>
  %w = tensor.empty() : tensor<3x3xf32>
  %r = linalg.pooling_nchw_sum {dilations = dense<[1, 1]> : vector<2xi64>, strides = dense<[1, 1]> : vector<2xi64>} ins(%p, %w : tensor<1x2x9x13xf32>, tensor<3x3xf32>) outs(%f : tensor<1x2x7x11xf32>) -> tensor<1x2x7x11xf32>
  return %r : tensor<1x2x7x11xf32>
}
func.func @sum_pad_one(%arg0: tensor<1x2x7x11xf32>) -> tensor<1x2x7x11xf32> {
  %pv = arith.constant 1.000000e+00 : f32
  %iv = arith.constant 0.000000e+00 : f32
  %p = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a1: index, %a2: index, %a3: index, %a4: index):
    tensor.yield %pv : f32
  } : tensor<1x2x7x11xf32> to tensor<1x2x9x13xf32>
  %e = tensor.empty() : tensor<1x2x7x11xf32>
  %f = linalg.fill ins(%iv : f32) outs(%e : tensor<1x2x7x11xf32>) -> tensor<1x2x7x11xf32>
  %w = tensor.empty() : tensor<3x3xf32>
  %r = linalg.pooling_nchw_sum {dilations = dense<[1, 1]> : vector<2xi64>, strides = dense<[1, 1]> : vector<2xi64>} ins(%p, %w : tensor<1x2x9x13xf32>, tensor<3x3xf32>) outs(%f : tensor<1x2x7x11xf32>) -> tensor<1x2x7x11xf32>
  return %r : tensor<1x2x7x11xf32>
}
func.func @avg_excl(%arg0: tensor<1x2x10x12xf32>) -> tensor<1x2x10x12xf32> {
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
  } : tensor<1x2x10x12xf32> to tensor<1x2x12x14xf32>
  %0 = tensor.empty() : tensor<1x2x10x12xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x2x10x12xf32>) -> tensor<1x2x10x12xf32>
  %2 = tensor.empty() : tensor<3x3xf32>
  %3 = linalg.pooling_nchw_sum {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %2 : tensor<1x2x12x14xf32>, tensor<3x3xf32>) outs(%1 : tensor<1x2x10x12xf32>) -> tensor<1x2x10x12xf32>
  %4 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%3 : tensor<1x2x10x12xf32>) outs(%0 : tensor<1x2x10x12xf32>) {
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
  } -> tensor<1x2x10x12xf32>
  return %4 : tensor<1x2x10x12xf32>
}
