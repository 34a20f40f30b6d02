// Loop kernels whose lane loop runs on across the loops its tensors
// continue (cpu/loop/loop.c lane_chain; tests/cli/loop_lanes.sh): a loop of 13
// or 14 points merged with the loops around it into one lane loop of the
// product, so the 128 lanes fill. @rowsum_f64: a sum over 24 channels in
// f64 truncated to f32, lanes along the merged 14x13 pixels (each one's sum
// in order; its f64 accumulator under an f32 output); @layernorm: ConvNeXt's
// LayerNorm over the channels of an NCHW tensor (torch-mlir's spelling:
// a permute, the variance in f64, the mean in f32); @to_nchw: an NHWC
// tensor back to NCHW, scaled per channel, plus a residual (lanes along
// the output's pixels, not its channels); @global_avg: a mean over 7x7
// (the reduction's two loops merged: 49 lanes a row); @global_avg_odd:
// one over 5x4 of 42 channels (run_rowsum's four rows at once, then two);
// @global_avg_big: 1366 channels of 7x7, split among threads (each row's
// sum the same bits whichever rows share its group of four);
// @iota_rows: a linalg.index of the lane loop (never merged) beside a
// merged-shape add.
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#row4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
#ch4 = affine_map<(d0, d1, d2, d3) -> (d3)>
#chw = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
#gap = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
func.func @rowsum_f64(%arg0: tensor<1x14x13x24xf32>) -> tensor<1x14x13x1xf32> {
  %z = arith.constant 0.000000e+00 : f64
  %e = tensor.empty() : tensor<1x14x13x1xf64>
  %f = linalg.fill ins(%z : f64) outs(%e : tensor<1x14x13x1xf64>) -> tensor<1x14x13x1xf64>
  %s = linalg.generic {indexing_maps = [#id4, #row4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%arg0 : tensor<1x14x13x24xf32>) outs(%f : tensor<1x14x13x1xf64>) {
  ^bb0(%in: f32, %out: f64):
    %x = arith.extf %in : f32 to f64
    %a = arith.addf %x, %out : f64
    linalg.yield %a : f64
  } -> tensor<1x14x13x1xf64>
  %e2 = tensor.empty() : tensor<1x14x13x1xf32>
  %t = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s : tensor<1x14x13x1xf64>) outs(%e2 : tensor<1x14x13x1xf32>) {
  ^bb0(%in: f64, %out: f32):
    %y = arith.truncf %in : f64 to f32
    linalg.yield %y : f32
  } -> tensor<1x14x13x1xf32>
  return %t : tensor<1x14x13x1xf32>
}
func.func @layernorm(%arg0: tensor<1x24x14x13xf32>, %w: tensor<24xf32>, %b: tensor<24xf32>) -> tensor<1x14x13x24xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %cst_0 = arith.constant 0.000000e+00 : f64
  %cst_3 = arith.constant 9.9999999999999995E-7 : f64
  %cst_4 = arith.constant 2.400000e+01 : f64
  %cst_5 = arith.constant 2.400000e+01 : f32
  %2 = tensor.empty() : tensor<1x14x13x24xf32>
  %transposed = linalg.transpose ins(%arg0 : tensor<1x24x14x13xf32>) outs(%2 : tensor<1x14x13x24xf32>) permutation = [0, 2, 3, 1]
  %3 = tensor.empty() : tensor<1x14x13x24xf64>
  %4 = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed : tensor<1x14x13x24xf32>) outs(%3 : tensor<1x14x13x24xf64>) {
  ^bb0(%in: f32, %out: f64):
    %40 = arith.extf %in : f32 to f64
    linalg.yield %40 : f64
  } -> tensor<1x14x13x24xf64>
  %5 = tensor.empty() : tensor<1x14x13x1xf64>
  %6 = linalg.fill ins(%cst_0 : f64) outs(%5 : tensor<1x14x13x1xf64>) -> tensor<1x14x13x1xf64>
  %7 = linalg.generic {indexing_maps = [#id4, #row4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%4 : tensor<1x14x13x24xf64>) outs(%6 : tensor<1x14x13x1xf64>) {
  ^bb0(%in: f64, %out: f64):
    %40 = arith.addf %in, %out : f64
    linalg.yield %40 : f64
  } -> tensor<1x14x13x1xf64>
  %8 = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%7 : tensor<1x14x13x1xf64>) outs(%5 : tensor<1x14x13x1xf64>) {
  ^bb0(%in: f64, %out: f64):
    %40 = arith.divf %in, %cst_4 : f64
    linalg.yield %40 : f64
  } -> tensor<1x14x13x1xf64>
  %9 = linalg.generic {indexing_maps = [#id4, #row4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%4, %8 : tensor<1x14x13x24xf64>, tensor<1x14x13x1xf64>) outs(%3 : tensor<1x14x13x24xf64>) {
  ^bb0(%in: f64, %in_13: f64, %out: f64):
    %40 = arith.subf %in, %in_13 : f64
    linalg.yield %40 : f64
  } -> tensor<1x14x13x24xf64>
  %10 = linalg.generic {indexing_maps = [#id4, #id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%9, %9 : tensor<1x14x13x24xf64>, tensor<1x14x13x24xf64>) outs(%3 : tensor<1x14x13x24xf64>) {
  ^bb0(%in: f64, %in_13: f64, %out: f64):
    %40 = arith.mulf %in, %in_13 : f64
    linalg.yield %40 : f64
  } -> tensor<1x14x13x24xf64>
  %11 = linalg.generic {indexing_maps = [#id4, #row4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%10 : tensor<1x14x13x24xf64>) outs(%6 : tensor<1x14x13x1xf64>) {
  ^bb0(%in: f64, %out: f64):
    %40 = arith.addf %in, %out : f64
    linalg.yield %40 : f64
  } -> tensor<1x14x13x1xf64>
  %12 = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%11 : tensor<1x14x13x1xf64>) outs(%5 : tensor<1x14x13x1xf64>) {
  ^bb0(%in: f64, %out: f64):
    %40 = arith.divf %in, %cst_4 : f64
    linalg.yield %40 : f64
  } -> tensor<1x14x13x1xf64>
  %13 = tensor.empty() : tensor<1x14x13x1xf32>
  %14 = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%12 : tensor<1x14x13x1xf64>) outs(%13 : tensor<1x14x13x1xf32>) {
  ^bb0(%in: f64, %out: f32):
    %40 = arith.truncf %in : f64 to f32
    linalg.yield %40 : f32
  } -> tensor<1x14x13x1xf32>
  %15 = linalg.fill ins(%cst : f32) outs(%13 : tensor<1x14x13x1xf32>) -> tensor<1x14x13x1xf32>
  %16 = linalg.generic {indexing_maps = [#id4, #row4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%transposed : tensor<1x14x13x24xf32>) outs(%15 : tensor<1x14x13x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %40 = arith.addf %in, %out : f32
    linalg.yield %40 : f32
  } -> tensor<1x14x13x1xf32>
  %17 = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%16 : tensor<1x14x13x1xf32>) outs(%13 : tensor<1x14x13x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %40 = arith.divf %in, %cst_5 : f32
    linalg.yield %40 : f32
  } -> tensor<1x14x13x1xf32>
  %18 = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%14 : tensor<1x14x13x1xf32>) outs(%13 : tensor<1x14x13x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %40 = arith.truncf %cst_3 : f64 to f32
    %41 = arith.addf %in, %40 : f32
    linalg.yield %41 : f32
  } -> tensor<1x14x13x1xf32>
  %19 = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%18 : tensor<1x14x13x1xf32>) outs(%13 : tensor<1x14x13x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %40 = math.rsqrt %in : f32
    linalg.yield %40 : f32
  } -> tensor<1x14x13x1xf32>
  %20 = linalg.generic {indexing_maps = [#id4, #row4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed, %17 : tensor<1x14x13x24xf32>, tensor<1x14x13x1xf32>) outs(%2 : tensor<1x14x13x24xf32>) {
  ^bb0(%in: f32, %in_13: f32, %out: f32):
    %40 = arith.subf %in, %in_13 : f32
    linalg.yield %40 : f32
  } -> tensor<1x14x13x24xf32>
  %21 = linalg.generic {indexing_maps = [#id4, #row4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%20, %19 : tensor<1x14x13x24xf32>, tensor<1x14x13x1xf32>) outs(%2 : tensor<1x14x13x24xf32>) {
  ^bb0(%in: f32, %in_13: f32, %out: f32):
    %40 = arith.mulf %in, %in_13 : f32
    linalg.yield %40 : f32
  } -> tensor<1x14x13x24xf32>
  %22 = linalg.generic {indexing_maps = [#id4, #ch4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%21, %w : tensor<1x14x13x24xf32>, tensor<24xf32>) outs(%2 : tensor<1x14x13x24xf32>) {
  ^bb0(%in: f32, %in_13: f32, %out: f32):
    %40 = arith.mulf %in, %in_13 : f32
    linalg.yield %40 : f32
  } -> tensor<1x14x13x24xf32>
  %23 = linalg.generic {indexing_maps = [#id4, #ch4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%22, %b : tensor<1x14x13x24xf32>, tensor<24xf32>) outs(%2 : tensor<1x14x13x24xf32>) {
  ^bb0(%in: f32, %in_13: f32, %out: f32):
    %40 = arith.addf %in, %in_13 : f32
    linalg.yield %40 : f32
  } -> tensor<1x14x13x24xf32>
  return %23 : tensor<1x14x13x24xf32>
}
func.func @to_nchw(%x: tensor<1x14x13x24xf32>, %g: tensor<24x1x1xf32>, %r: tensor<1x24x14x13xf32>) -> tensor<1x24x14x13xf32> {
  %0 = tensor.empty() : tensor<1x24x14x13xf32>
  %t = linalg.transpose ins(%x : tensor<1x14x13x24xf32>) outs(%0 : tensor<1x24x14x13xf32>) permutation = [0, 3, 1, 2]
  %m = linalg.generic {indexing_maps = [#chw, #id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%g, %t : tensor<24x1x1xf32>, tensor<1x24x14x13xf32>) outs(%0 : tensor<1x24x14x13xf32>) {
  ^bb0(%in: f32, %in_13: f32, %out: f32):
    %40 = arith.mulf %in, %in_13 : f32
    linalg.yield %40 : f32
  } -> tensor<1x24x14x13xf32>
  %s = linalg.generic {indexing_maps = [#id4, #id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%m, %r : tensor<1x24x14x13xf32>, tensor<1x24x14x13xf32>) outs(%0 : tensor<1x24x14x13xf32>) {
  ^bb0(%in: f32, %in_13: f32, %out: f32):
    %40 = arith.addf %in, %in_13 : f32
    linalg.yield %40 : f32
  } -> tensor<1x24x14x13xf32>
  return %s : tensor<1x24x14x13xf32>
}
func.func @global_avg(%arg0: tensor<1x40x7x7xf32>) -> tensor<1x40x1x1xf32> {
  %z = arith.constant 0.000000e+00 : f32
  %n = arith.constant 4.900000e+01 : f32
  %e = tensor.empty() : tensor<1x40x1x1xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x40x1x1xf32>) -> tensor<1x40x1x1xf32>
  %s = linalg.generic {indexing_maps = [#id4, #gap], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%arg0 : tensor<1x40x7x7xf32>) outs(%f : tensor<1x40x1x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.addf %in, %out : f32
    linalg.yield %a : f32
  } -> tensor<1x40x1x1xf32>
  %d = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s : tensor<1x40x1x1xf32>) outs(%e : tensor<1x40x1x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %q = arith.divf %in, %n : f32
    linalg.yield %q : f32
  } -> tensor<1x40x1x1xf32>
  return %d : tensor<1x40x1x1xf32>
}
func.func @global_avg_odd(%arg0: tensor<1x42x5x4xf32>) -> tensor<1x42x1x1xf32> {
  %z = arith.constant 0.000000e+00 : f32
  %n = arith.constant 2.000000e+01 : f32
  %e = tensor.empty() : tensor<1x42x1x1xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x42x1x1xf32>) -> tensor<1x42x1x1xf32>
  %s = linalg.generic {indexing_maps = [#id4, #gap], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%arg0 : tensor<1x42x5x4xf32>) outs(%f : tensor<1x42x1x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.addf %in, %out : f32
    linalg.yield %a : f32
  } -> tensor<1x42x1x1xf32>
  %d = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s : tensor<1x42x1x1xf32>) outs(%e : tensor<1x42x1x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %q = arith.divf %in, %n : f32
    linalg.yield %q : f32
  } -> tensor<1x42x1x1xf32>
  return %d : tensor<1x42x1x1xf32>
}
func.func @global_avg_big(%arg0: tensor<1x1366x7x7xf32>) -> tensor<1x1366x1x1xf32> {
  %z = arith.constant 0.000000e+00 : f32
  %n = arith.constant 4.900000e+01 : f32
  %e = tensor.empty() : tensor<1x1366x1x1xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x1366x1x1xf32>) -> tensor<1x1366x1x1xf32>
  %s = linalg.generic {indexing_maps = [#id4, #gap], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%arg0 : tensor<1x1366x7x7xf32>) outs(%f : tensor<1x1366x1x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.addf %in, %out : f32
    linalg.yield %a : f32
  } -> tensor<1x1366x1x1xf32>
  %d = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s : tensor<1x1366x1x1xf32>) outs(%e : tensor<1x1366x1x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %q = arith.divf %in, %n : f32
    linalg.yield %q : f32
  } -> tensor<1x1366x1x1xf32>
  return %d : tensor<1x1366x1x1xf32>
}
func.func @iota_rows(%arg0: tensor<1x14x13x24xf32>) -> tensor<1x14x13x24xf32> {
  %e = tensor.empty() : tensor<1x14x13x24xf32>
  %r = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x14x13x24xf32>) outs(%e : tensor<1x14x13x24xf32>) {
  ^bb0(%in: f32, %out: f32):
    %i = linalg.index 2 : index
    %j = linalg.index 1 : index
    %k = arith.muli %j, %i : index
    %c = arith.index_cast %k : index to i64
    %v = arith.sitofp %c : i64 to f32
    %a = arith.addf %in, %v : f32
    linalg.yield %a : f32
  } -> tensor<1x14x13x24xf32>
  return %r : tensor<1x14x13x24xf32>
}
