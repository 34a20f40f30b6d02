// conv_fast.mlir - convolutions on the cpu's GEMM paths (tests/cli/conv_fast.sh):
// NCHW as torch-mlir writes it (tensor.pad, fill, conv, the epilogue after) and
// NHWC; strides, 1x1, dilation, asymmetric and non-zero pads, odd sizes, a
// batch, a long K (and one of 9000: K blocks of whole channels), one input
// channel, a BatchNorm-style epilogue with a residual; at stride 2 a batch of
// 2 (7x7 outputs: the last pixel by dot products), a 7x7 (3 and 16
// channels) whose taps reach past the planes' ends (into the pad), a 1x1,
// an unpadded 3x3 whose last tap reaches a source element past them, two
// groups of a batch of 2, a 3-D one (8 planes), and a dilation of 2 (every
// tap on odd coordinates: one plane).
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#c1 = affine_map<(d0, d1, d2, d3) -> (d1)>
#c3 = affine_map<(d0, d1, d2, d3) -> (d3)>
func.func @nchw_same(%x: tensor<2x16x13x11xf32>, %w: tensor<24x16x3x3xf32>, %b: tensor<24xf32>, %s: tensor<24xf32>, %r: tensor<2x24x13x11xf32>) -> tensor<2x24x13x11xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %pc = arith.constant 0.000000e+00 : f32
  %xp = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %pc : f32
  } : tensor<2x16x13x11xf32> to tensor<2x16x15x13xf32>
  %e = tensor.empty() : tensor<2x24x13x11xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e : tensor<2x24x13x11xf32>) -> tensor<2x24x13x11xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%xp, %w : tensor<2x16x15x13xf32>, tensor<24x16x3x3xf32>) outs(%z : tensor<2x24x13x11xf32>) -> tensor<2x24x13x11xf32>
  %t1 = linalg.generic {indexing_maps = [#id, #c1, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %b : tensor<2x24x13x11xf32>, tensor<24xf32>) outs(%e : tensor<2x24x13x11xf32>) {
  ^bb0(%a: f32, %bi: f32, %o: f32):
    %t = arith.subf %a, %bi : f32
    linalg.yield %t : f32
  } -> tensor<2x24x13x11xf32>
  %t2 = linalg.generic {indexing_maps = [#id, #c1, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%t1, %s : tensor<2x24x13x11xf32>, tensor<24xf32>) outs(%e : tensor<2x24x13x11xf32>) {
  ^bb0(%a: f32, %sc: f32, %o: f32):
    %t = arith.mulf %a, %sc : f32
    linalg.yield %t : f32
  } -> tensor<2x24x13x11xf32>
  %y = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%t2, %r : tensor<2x24x13x11xf32>, tensor<2x24x13x11xf32>) outs(%e : tensor<2x24x13x11xf32>) {
  ^bb0(%a: f32, %rr: f32, %o: f32):
    %t = arith.addf %a, %rr : f32
    %v = arith.maximumf %t, %cst : f32
    linalg.yield %v : f32
  } -> tensor<2x24x13x11xf32>
  return %y : tensor<2x24x13x11xf32>
}
func.func @nchw_s2(%x: tensor<1x16x13x11xf32>, %w: tensor<24x16x3x3xf32>, %b: tensor<24xf32>) -> tensor<1x24x7x6xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %pc = arith.constant 0.000000e+00 : f32
  %xp = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %pc : f32
  } : tensor<1x16x13x11xf32> to tensor<1x16x15x13xf32>
  %e = tensor.empty() : tensor<1x24x7x6xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e : tensor<1x24x7x6xf32>) -> tensor<1x24x7x6xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%xp, %w : tensor<1x16x15x13xf32>, tensor<24x16x3x3xf32>) outs(%z : tensor<1x24x7x6xf32>) -> tensor<1x24x7x6xf32>
  %y = linalg.generic {indexing_maps = [#id, #c1, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %b : tensor<1x24x7x6xf32>, tensor<24xf32>) outs(%e : tensor<1x24x7x6xf32>) {
  ^bb0(%a: f32, %bi: f32, %o: f32):
    %t = arith.addf %a, %bi : f32
    %v = arith.maximumf %t, %cst : f32
    linalg.yield %v : f32
  } -> tensor<1x24x7x6xf32>
  return %y : tensor<1x24x7x6xf32>
}
func.func @nchw_1x1(%x: tensor<2x12x9x10xf32>, %w: tensor<20x12x1x1xf32>, %b: tensor<20xf32>, %s: tensor<20xf32>, %r: tensor<2x20x9x10xf32>) -> tensor<2x20x9x10xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %pc = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<2x20x9x10xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e : tensor<2x20x9x10xf32>) -> tensor<2x20x9x10xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<2x12x9x10xf32>, tensor<20x12x1x1xf32>) outs(%z : tensor<2x20x9x10xf32>) -> tensor<2x20x9x10xf32>
  %t1 = linalg.generic {indexing_maps = [#id, #c1, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %b : tensor<2x20x9x10xf32>, tensor<20xf32>) outs(%e : tensor<2x20x9x10xf32>) {
  ^bb0(%a: f32, %bi: f32, %o: f32):
    %t = arith.subf %a, %bi : f32
    linalg.yield %t : f32
  } -> tensor<2x20x9x10xf32>
  %t2 = linalg.generic {indexing_maps = [#id, #c1, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%t1, %s : tensor<2x20x9x10xf32>, tensor<20xf32>) outs(%e : tensor<2x20x9x10xf32>) {
  ^bb0(%a: f32, %sc: f32, %o: f32):
    %t = arith.mulf %a, %sc : f32
    linalg.yield %t : f32
  } -> tensor<2x20x9x10xf32>
  %y = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%t2, %r : tensor<2x20x9x10xf32>, tensor<2x20x9x10xf32>) outs(%e : tensor<2x20x9x10xf32>) {
  ^bb0(%a: f32, %rr: f32, %o: f32):
    %t = arith.addf %a, %rr : f32
    %v = arith.maximumf %t, %cst : f32
    linalg.yield %v : f32
  } -> tensor<2x20x9x10xf32>
  return %y : tensor<2x20x9x10xf32>
}
// a 1x1 over a source larger than half of any L2 we know (1.2 MiB): the
// kernel prefetches its rows ahead (plan --json window_fetch)
func.func @nchw_1x1_big(%x: tensor<1x48x80x80xf32>, %w: tensor<16x48x1x1xf32>, %b: tensor<16xf32>) -> tensor<1x16x80x80xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<1x16x80x80xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e : tensor<1x16x80x80xf32>) -> tensor<1x16x80x80xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x48x80x80xf32>, tensor<16x48x1x1xf32>) outs(%z : tensor<1x16x80x80xf32>) -> tensor<1x16x80x80xf32>
  %y = linalg.generic {indexing_maps = [#id, #c1, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %b : tensor<1x16x80x80xf32>, tensor<16xf32>) outs(%e : tensor<1x16x80x80xf32>) {
  ^bb0(%a: f32, %bi: f32, %o: f32):
    %t = arith.addf %a, %bi : f32
    %v = arith.maximumf %t, %cst : f32
    linalg.yield %v : f32
  } -> tensor<1x16x80x80xf32>
  return %y : tensor<1x16x80x80xf32>
}
func.func @nchw_1x1s2(%x: tensor<1x12x9x10xf32>, %w: tensor<20x12x1x1xf32>, %b: tensor<20xf32>) -> tensor<1x20x5x5xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %pc = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<1x20x5x5xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e : tensor<1x20x5x5xf32>) -> tensor<1x20x5x5xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%x, %w : tensor<1x12x9x10xf32>, tensor<20x12x1x1xf32>) outs(%z : tensor<1x20x5x5xf32>) -> tensor<1x20x5x5xf32>
  %y = linalg.generic {indexing_maps = [#id, #c1, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %b : tensor<1x20x5x5xf32>, tensor<20xf32>) outs(%e : tensor<1x20x5x5xf32>) {
  ^bb0(%a: f32, %bi: f32, %o: f32):
    %t = arith.addf %a, %bi : f32
    %v = arith.maximumf %t, %cst : f32
    linalg.yield %v : f32
  } -> tensor<1x20x5x5xf32>
  return %y : tensor<1x20x5x5xf32>
}
func.func @nchw_asym(%x: tensor<1x10x10x12xf32>, %w: tensor<16x10x3x3xf32>, %b: tensor<16xf32>) -> tensor<1x16x10x12xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %pc = arith.constant 0.000000e+00 : f32
  %xp = tensor.pad %x low[0, 0, 0, 1] high[0, 0, 2, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %pc : f32
  } : tensor<1x10x10x12xf32> to tensor<1x10x12x14xf32>
  %e = tensor.empty() : tensor<1x16x10x12xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e : tensor<1x16x10x12xf32>) -> tensor<1x16x10x12xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%xp, %w : tensor<1x10x12x14xf32>, tensor<16x10x3x3xf32>) outs(%z : tensor<1x16x10x12xf32>) -> tensor<1x16x10x12xf32>
  %y = linalg.generic {indexing_maps = [#id, #c1, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %b : tensor<1x16x10x12xf32>, tensor<16xf32>) outs(%e : tensor<1x16x10x12xf32>) {
  ^bb0(%a: f32, %bi: f32, %o: f32):
    %t = arith.addf %a, %bi : f32
    %v = arith.maximumf %t, %cst : f32
    linalg.yield %v : f32
  } -> tensor<1x16x10x12xf32>
  return %y : tensor<1x16x10x12xf32>
}
func.func @nchw_1ch(%x: tensor<1x1x12x12xf32>, %w: tensor<16x1x3x3xf32>, %b: tensor<16xf32>) -> tensor<1x16x12x12xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %pc = arith.constant 0.000000e+00 : f32
  %xp = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %pc : f32
  } : tensor<1x1x12x12xf32> to tensor<1x1x14x14xf32>
  %e = tensor.empty() : tensor<1x16x12x12xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e : tensor<1x16x12x12xf32>) -> tensor<1x16x12x12xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%xp, %w : tensor<1x1x14x14xf32>, tensor<16x1x3x3xf32>) outs(%z : tensor<1x16x12x12xf32>) -> tensor<1x16x12x12xf32>
  %y = linalg.generic {indexing_maps = [#id, #c1, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %b : tensor<1x16x12x12xf32>, tensor<16xf32>) outs(%e : tensor<1x16x12x12xf32>) {
  ^bb0(%a: f32, %bi: f32, %o: f32):
    %t = arith.addf %a, %bi : f32
    %v = arith.maximumf %t, %cst : f32
    linalg.yield %v : f32
  } -> tensor<1x16x12x12xf32>
  return %y : tensor<1x16x12x12xf32>
}
func.func @nchw_dil(%x: tensor<1x9x12x12xf32>, %w: tensor<16x9x3x3xf32>, %b: tensor<16xf32>) -> tensor<1x16x12x12xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %pc = arith.constant 0.000000e+00 : f32
  %xp = tensor.pad %x low[0, 0, 2, 2] high[0, 0, 2, 2] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %pc : f32
  } : tensor<1x9x12x12xf32> to tensor<1x9x16x16xf32>
  %e = tensor.empty() : tensor<1x16x12x12xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e : tensor<1x16x12x12xf32>) -> tensor<1x16x12x12xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<2> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%xp, %w : tensor<1x9x16x16xf32>, tensor<16x9x3x3xf32>) outs(%z : tensor<1x16x12x12xf32>) -> tensor<1x16x12x12xf32>
  %y = linalg.generic {indexing_maps = [#id, #c1, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %b : tensor<1x16x12x12xf32>, tensor<16xf32>) outs(%e : tensor<1x16x12x12xf32>) {
  ^bb0(%a: f32, %bi: f32, %o: f32):
    %t = arith.addf %a, %bi : f32
    %v = arith.maximumf %t, %cst : f32
    linalg.yield %v : f32
  } -> tensor<1x16x12x12xf32>
  return %y : tensor<1x16x12x12xf32>
}
func.func @nchw_padv(%x: tensor<1x8x9x9xf32>, %w: tensor<16x8x3x3xf32>, %b: tensor<16xf32>) -> tensor<1x16x9x9xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %pc = arith.constant 5.000000e-01 : f32
  %xp = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %pc : f32
  } : tensor<1x8x9x9xf32> to tensor<1x8x11x11xf32>
  %e = tensor.empty() : tensor<1x16x9x9xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e : tensor<1x16x9x9xf32>) -> tensor<1x16x9x9xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%xp, %w : tensor<1x8x11x11xf32>, tensor<16x8x3x3xf32>) outs(%z : tensor<1x16x9x9xf32>) -> tensor<1x16x9x9xf32>
  %y = linalg.generic {indexing_maps = [#id, #c1, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %b : tensor<1x16x9x9xf32>, tensor<16xf32>) outs(%e : tensor<1x16x9x9xf32>) {
  ^bb0(%a: f32, %bi: f32, %o: f32):
    %t = arith.addf %a, %bi : f32
    %v = arith.maximumf %t, %cst : f32
    linalg.yield %v : f32
  } -> tensor<1x16x9x9xf32>
  return %y : tensor<1x16x9x9xf32>
}
func.func @nchw_padarg(%x: tensor<1x8x9x9xf32>, %w: tensor<16x8x3x3xf32>, %b: tensor<16xf32>, %pv: f32) -> tensor<1x16x9x9xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %xp = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %pv : f32
  } : tensor<1x8x9x9xf32> to tensor<1x8x11x11xf32>
  %e = tensor.empty() : tensor<1x16x9x9xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e : tensor<1x16x9x9xf32>) -> tensor<1x16x9x9xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%xp, %w : tensor<1x8x11x11xf32>, tensor<16x8x3x3xf32>) outs(%z : tensor<1x16x9x9xf32>) -> tensor<1x16x9x9xf32>
  %y = linalg.generic {indexing_maps = [#id, #c1, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %b : tensor<1x16x9x9xf32>, tensor<16xf32>) outs(%e : tensor<1x16x9x9xf32>) {
  ^bb0(%a: f32, %bi: f32, %o: f32):
    %t = arith.addf %a, %bi : f32
    %v = arith.maximumf %t, %cst : f32
    linalg.yield %v : f32
  } -> tensor<1x16x9x9xf32>
  return %y : tensor<1x16x9x9xf32>
}
func.func @nchw_longk(%x: tensor<1x160x10x10xf32>, %w: tensor<16x160x3x3xf32>, %b: tensor<16xf32>, %s: tensor<16xf32>, %r: tensor<1x16x10x10xf32>) -> tensor<1x16x10x10xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %pc = arith.constant 0.000000e+00 : f32
  %xp = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %pc : f32
  } : tensor<1x160x10x10xf32> to tensor<1x160x12x12xf32>
  %e = tensor.empty() : tensor<1x16x10x10xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e : tensor<1x16x10x10xf32>) -> tensor<1x16x10x10xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%xp, %w : tensor<1x160x12x12xf32>, tensor<16x160x3x3xf32>) outs(%z : tensor<1x16x10x10xf32>) -> tensor<1x16x10x10xf32>
  %t1 = linalg.generic {indexing_maps = [#id, #c1, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %b : tensor<1x16x10x10xf32>, tensor<16xf32>) outs(%e : tensor<1x16x10x10xf32>) {
  ^bb0(%a: f32, %bi: f32, %o: f32):
    %t = arith.subf %a, %bi : f32
    linalg.yield %t : f32
  } -> tensor<1x16x10x10xf32>
  %t2 = linalg.generic {indexing_maps = [#id, #c1, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%t1, %s : tensor<1x16x10x10xf32>, tensor<16xf32>) outs(%e : tensor<1x16x10x10xf32>) {
  ^bb0(%a: f32, %sc: f32, %o: f32):
    %t = arith.mulf %a, %sc : f32
    linalg.yield %t : f32
  } -> tensor<1x16x10x10xf32>
  %y = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%t2, %r : tensor<1x16x10x10xf32>, tensor<1x16x10x10xf32>) outs(%e : tensor<1x16x10x10xf32>) {
  ^bb0(%a: f32, %rr: f32, %o: f32):
    %t = arith.addf %a, %rr : f32
    %v = arith.maximumf %t, %cst : f32
    linalg.yield %v : f32
  } -> tensor<1x16x10x10xf32>
  return %y : tensor<1x16x10x10xf32>
}
func.func @nchw_deep(%x: tensor<1x1000x7x7xf32>, %w: tensor<8x1000x3x3xf32>, %b: tensor<8xf32>) -> tensor<1x8x7x7xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %pc = arith.constant 0.000000e+00 : f32
  %xp = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %pc : f32
  } : tensor<1x1000x7x7xf32> to tensor<1x1000x9x9xf32>
  %e = tensor.empty() : tensor<1x8x7x7xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e : tensor<1x8x7x7xf32>) -> tensor<1x8x7x7xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%xp, %w : tensor<1x1000x9x9xf32>, tensor<8x1000x3x3xf32>) outs(%z : tensor<1x8x7x7xf32>) -> tensor<1x8x7x7xf32>
  %y = linalg.generic {indexing_maps = [#id, #c1, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %b : tensor<1x8x7x7xf32>, tensor<8xf32>) outs(%e : tensor<1x8x7x7xf32>) {
  ^bb0(%a: f32, %bi: f32, %o: f32):
    %t = arith.addf %a, %bi : f32
    %v = arith.maximumf %t, %cst : f32
    linalg.yield %v : f32
  } -> tensor<1x8x7x7xf32>
  return %y : tensor<1x8x7x7xf32>
}
func.func @nchw_wide(%x: tensor<1x64x7x7xf32>, %w: tensor<70x64x3x3xf32>, %b: tensor<70xf32>) -> tensor<1x70x7x7xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %pc = arith.constant 0.000000e+00 : f32
  %xp = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %pc : f32
  } : tensor<1x64x7x7xf32> to tensor<1x64x9x9xf32>
  %e = tensor.empty() : tensor<1x70x7x7xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e : tensor<1x70x7x7xf32>) -> tensor<1x70x7x7xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%xp, %w : tensor<1x64x9x9xf32>, tensor<70x64x3x3xf32>) outs(%z : tensor<1x70x7x7xf32>) -> tensor<1x70x7x7xf32>
  %y = linalg.generic {indexing_maps = [#id, #c1, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %b : tensor<1x70x7x7xf32>, tensor<70xf32>) outs(%e : tensor<1x70x7x7xf32>) {
  ^bb0(%a: f32, %bi: f32, %o: f32):
    %t = arith.addf %a, %bi : f32
    %v = arith.maximumf %t, %cst : f32
    linalg.yield %v : f32
  } -> tensor<1x70x7x7xf32>
  return %y : tensor<1x70x7x7xf32>
}
func.func @nchw_7x7s2(%x: tensor<1x3x23x23xf32>, %w: tensor<16x3x7x7xf32>, %b: tensor<16xf32>) -> tensor<1x16x12x12xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %pc = arith.constant 0.000000e+00 : f32
  %xp = tensor.pad %x low[0, 0, 3, 3] high[0, 0, 3, 3] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %pc : f32
  } : tensor<1x3x23x23xf32> to tensor<1x3x29x29xf32>
  %e = tensor.empty() : tensor<1x16x12x12xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e : tensor<1x16x12x12xf32>) -> tensor<1x16x12x12xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%xp, %w : tensor<1x3x29x29xf32>, tensor<16x3x7x7xf32>) outs(%z : tensor<1x16x12x12xf32>) -> tensor<1x16x12x12xf32>
  %y = linalg.generic {indexing_maps = [#id, #c1, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %b : tensor<1x16x12x12xf32>, tensor<16xf32>) outs(%e : tensor<1x16x12x12xf32>) {
  ^bb0(%a: f32, %bi: f32, %o: f32):
    %t = arith.addf %a, %bi : f32
    %v = arith.maximumf %t, %cst : f32
    linalg.yield %v : f32
  } -> tensor<1x16x12x12xf32>
  return %y : tensor<1x16x12x12xf32>
}
func.func @nchw_s2b2(%x: tensor<2x16x13x13xf32>, %w: tensor<20x16x3x3xf32>, %b: tensor<20xf32>) -> tensor<2x20x7x7xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %pc = arith.constant 0.000000e+00 : f32
  %xp = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %pc : f32
  } : tensor<2x16x13x13xf32> to tensor<2x16x15x15xf32>
  %e = tensor.empty() : tensor<2x20x7x7xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e : tensor<2x20x7x7xf32>) -> tensor<2x20x7x7xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%xp, %w : tensor<2x16x15x15xf32>, tensor<20x16x3x3xf32>) outs(%z : tensor<2x20x7x7xf32>) -> tensor<2x20x7x7xf32>
  %y = linalg.generic {indexing_maps = [#id, #c1, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %b : tensor<2x20x7x7xf32>, tensor<20xf32>) outs(%e : tensor<2x20x7x7xf32>) {
  ^bb0(%a: f32, %bi: f32, %o: f32):
    %t = arith.addf %a, %bi : f32
    %v = arith.maximumf %t, %cst : f32
    linalg.yield %v : f32
  } -> tensor<2x20x7x7xf32>
  return %y : tensor<2x20x7x7xf32>
}
func.func @nchw_7x7s2c(%x: tensor<1x16x15x15xf32>, %w: tensor<16x16x7x7xf32>, %b: tensor<16xf32>) -> tensor<1x16x8x8xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %pc = arith.constant 0.000000e+00 : f32
  %xp = tensor.pad %x low[0, 0, 3, 3] high[0, 0, 3, 3] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %pc : f32
  } : tensor<1x16x15x15xf32> to tensor<1x16x21x21xf32>
  %e = tensor.empty() : tensor<1x16x8x8xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e : tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%xp, %w : tensor<1x16x21x21xf32>, tensor<16x16x7x7xf32>) outs(%z : tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  %y = linalg.generic {indexing_maps = [#id, #c1, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %b : tensor<1x16x8x8xf32>, tensor<16xf32>) outs(%e : tensor<1x16x8x8xf32>) {
  ^bb0(%a: f32, %bi: f32, %o: f32):
    %t = arith.addf %a, %bi : f32
    %v = arith.maximumf %t, %cst : f32
    linalg.yield %v : f32
  } -> tensor<1x16x8x8xf32>
  return %y : tensor<1x16x8x8xf32>
}
func.func @nchw_s2valid(%x: tensor<1x16x8x8xf32>, %w: tensor<16x16x3x3xf32>, %b: tensor<16xf32>) -> tensor<1x16x3x3xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %pc = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<1x16x3x3xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e : tensor<1x16x3x3xf32>) -> tensor<1x16x3x3xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%x, %w : tensor<1x16x8x8xf32>, tensor<16x16x3x3xf32>) outs(%z : tensor<1x16x3x3xf32>) -> tensor<1x16x3x3xf32>
  %y = linalg.generic {indexing_maps = [#id, #c1, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %b : tensor<1x16x3x3xf32>, tensor<16xf32>) outs(%e : tensor<1x16x3x3xf32>) {
  ^bb0(%a: f32, %bi: f32, %o: f32):
    %t = arith.addf %a, %bi : f32
    %v = arith.maximumf %t, %cst : f32
    linalg.yield %v : f32
  } -> tensor<1x16x3x3xf32>
  return %y : tensor<1x16x3x3xf32>
}
func.func @nchw_grp_s2(%x: tensor<2x2x16x14x13xf32>, %w: tensor<2x24x16x3x3xf32>) -> tensor<2x2x24x7x7xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %xp = tensor.pad %x low[0, 0, 0, 1, 1] high[0, 0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index, %i4: index):
    tensor.yield %cst : f32
  } : tensor<2x2x16x14x13xf32> to tensor<2x2x16x16x15xf32>
  %e = tensor.empty() : tensor<2x2x24x7x7xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e : tensor<2x2x24x7x7xf32>) -> tensor<2x2x24x7x7xf32>
  %c = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%xp, %w : tensor<2x2x16x16x15xf32>, tensor<2x24x16x3x3xf32>) outs(%z : tensor<2x2x24x7x7xf32>) -> tensor<2x2x24x7x7xf32>
  return %c : tensor<2x2x24x7x7xf32>
}
func.func @nchw_3d_s2(%x: tensor<1x16x6x10x10xf32>, %w: tensor<20x16x3x3x3xf32>) -> tensor<1x20x3x5x5xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %xp = tensor.pad %x low[0, 0, 1, 1, 1] high[0, 0, 1, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index, %i4: index):
    tensor.yield %cst : f32
  } : tensor<1x16x6x10x10xf32> to tensor<1x16x8x12x12xf32>
  %e = tensor.empty() : tensor<1x20x3x5x5xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e : tensor<1x20x3x5x5xf32>) -> tensor<1x20x3x5x5xf32>
  %c = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : vector<3xi64>, strides = dense<2> : vector<3xi64>} ins(%xp, %w : tensor<1x16x8x12x12xf32>, tensor<20x16x3x3x3xf32>) outs(%z : tensor<1x20x3x5x5xf32>) -> tensor<1x20x3x5x5xf32>
  return %c : tensor<1x20x3x5x5xf32>
}
func.func @nchw_dil2s2(%x: tensor<1x16x17x17xf32>, %w: tensor<20x16x3x3xf32>) -> tensor<1x20x8x8xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %xp = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 2, 2] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %cst : f32
  } : tensor<1x16x17x17xf32> to tensor<1x16x20x20xf32>
  %e = tensor.empty() : tensor<1x20x8x8xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e : tensor<1x20x8x8xf32>) -> tensor<1x20x8x8xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<2> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%xp, %w : tensor<1x16x20x20xf32>, tensor<20x16x3x3xf32>) outs(%z : tensor<1x20x8x8xf32>) -> tensor<1x20x8x8xf32>
  return %c : tensor<1x20x8x8xf32>
}
func.func @nchw_relu6(%x: tensor<1x16x12x12xf32>, %w: tensor<20x16x3x3xf32>, %b: tensor<20xf32>) -> tensor<1x20x12x12xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %pc = arith.constant 0.000000e+00 : f32
  %xp = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %pc : f32
  } : tensor<1x16x12x12xf32> to tensor<1x16x14x14xf32>
  %e = tensor.empty() : tensor<1x20x12x12xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e : tensor<1x20x12x12xf32>) -> tensor<1x20x12x12xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%xp, %w : tensor<1x16x14x14xf32>, tensor<20x16x3x3xf32>) outs(%z : tensor<1x20x12x12xf32>) -> tensor<1x20x12x12xf32>
  %y = linalg.generic {indexing_maps = [#id, #c1, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %b : tensor<1x20x12x12xf32>, tensor<20xf32>) outs(%e : tensor<1x20x12x12xf32>) {
  ^bb0(%a: f32, %bi: f32, %o: f32):
    %t = arith.addf %a, %bi : f32
    %m = arith.maxnumf %t, %cst : f32
    %six = arith.constant 6.000000e+00 : f32
    %v = arith.minimumf %m, %six : f32
    linalg.yield %v : f32
  } -> tensor<1x20x12x12xf32>
  return %y : tensor<1x20x12x12xf32>
}
func.func @nhwc_select(%x: tensor<1x10x10x12xf32>, %w: tensor<1x1x12x70xf32>, %b: tensor<70xf32>) -> tensor<1x10x10x70xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %pc = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<1x10x10x70xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e : tensor<1x10x10x70xf32>) -> tensor<1x10x10x70xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x10x10x12xf32>, tensor<1x1x12x70xf32>) outs(%z : tensor<1x10x10x70xf32>) -> tensor<1x10x10x70xf32>
  %y = linalg.generic {indexing_maps = [#id, #c3, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %b : tensor<1x10x10x70xf32>, tensor<70xf32>) outs(%e : tensor<1x10x10x70xf32>) {
  ^bb0(%a: f32, %bi: f32, %o: f32):
    %t = arith.addf %a, %bi : f32
    %g = arith.cmpf ugt, %t, %cst : f32
    %v = arith.select %g, %t, %cst : f32
    linalg.yield %v : f32
  } -> tensor<1x10x10x70xf32>
  return %y : tensor<1x10x10x70xf32>
}
func.func @nhwc_same(%x: tensor<2x13x11x16xf32>, %w: tensor<3x3x16x24xf32>, %b: tensor<24xf32>, %s: tensor<24xf32>, %r: tensor<2x13x11x24xf32>) -> tensor<2x13x11x24xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %pc = arith.constant 0.000000e+00 : f32
  %xp = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %pc : f32
  } : tensor<2x13x11x16xf32> to tensor<2x15x13x16xf32>
  %e = tensor.empty() : tensor<2x13x11x24xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e : tensor<2x13x11x24xf32>) -> tensor<2x13x11x24xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%xp, %w : tensor<2x15x13x16xf32>, tensor<3x3x16x24xf32>) outs(%z : tensor<2x13x11x24xf32>) -> tensor<2x13x11x24xf32>
  %t1 = linalg.generic {indexing_maps = [#id, #c3, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %b : tensor<2x13x11x24xf32>, tensor<24xf32>) outs(%e : tensor<2x13x11x24xf32>) {
  ^bb0(%a: f32, %bi: f32, %o: f32):
    %t = arith.subf %a, %bi : f32
    linalg.yield %t : f32
  } -> tensor<2x13x11x24xf32>
  %t2 = linalg.generic {indexing_maps = [#id, #c3, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%t1, %s : tensor<2x13x11x24xf32>, tensor<24xf32>) outs(%e : tensor<2x13x11x24xf32>) {
  ^bb0(%a: f32, %sc: f32, %o: f32):
    %t = arith.mulf %a, %sc : f32
    linalg.yield %t : f32
  } -> tensor<2x13x11x24xf32>
  %y = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%t2, %r : tensor<2x13x11x24xf32>, tensor<2x13x11x24xf32>) outs(%e : tensor<2x13x11x24xf32>) {
  ^bb0(%a: f32, %rr: f32, %o: f32):
    %t = arith.addf %a, %rr : f32
    %v = arith.maximumf %t, %cst : f32
    linalg.yield %v : f32
  } -> tensor<2x13x11x24xf32>
  return %y : tensor<2x13x11x24xf32>
}
func.func @nhwc_s2(%x: tensor<1x13x11x16xf32>, %w: tensor<3x3x16x24xf32>, %b: tensor<24xf32>) -> tensor<1x7x6x24xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %pc = arith.constant 0.000000e+00 : f32
  %xp = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %pc : f32
  } : tensor<1x13x11x16xf32> to tensor<1x15x13x16xf32>
  %e = tensor.empty() : tensor<1x7x6x24xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e : tensor<1x7x6x24xf32>) -> tensor<1x7x6x24xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%xp, %w : tensor<1x15x13x16xf32>, tensor<3x3x16x24xf32>) outs(%z : tensor<1x7x6x24xf32>) -> tensor<1x7x6x24xf32>
  %y = linalg.generic {indexing_maps = [#id, #c3, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %b : tensor<1x7x6x24xf32>, tensor<24xf32>) outs(%e : tensor<1x7x6x24xf32>) {
  ^bb0(%a: f32, %bi: f32, %o: f32):
    %t = arith.addf %a, %bi : f32
    %v = arith.maximumf %t, %cst : f32
    linalg.yield %v : f32
  } -> tensor<1x7x6x24xf32>
  return %y : tensor<1x7x6x24xf32>
}
