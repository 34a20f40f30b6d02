// Loop kernels of every kind the cpu engine runs (src/cpu/loop/loop.h), each
// checked against the reference by tests/cli/cpu_loops.sh: f64 statistics
// (a row reduction, lanes along the row), a column reduction (lanes along
// the columns, the reference's order), a max with its softmax epilogue,
// masks from linalg.index in i1 and i64, bf16, an init read from a tensor,
// pooling windows (lanes along the output columns), roots, ops the engine
// runs through the reference's semantics per lane, and an integer division
// by zero.
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0, 0)>
#rowv = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
#v1 = affine_map<(d0) -> (d0)>
#win_in = affine_map<(d0, d1, d2) -> (d0 * 2 + d2, d1)>
#win_out = affine_map<(d0, d1, d2) -> (d0, d1)>
#win_k = affine_map<(d0, d1, d2) -> (d2)>

// LayerNorm's statistics as torch-mlir writes them: in f64
func.func @stats_f64(%x: tensor<37x200xf32>) -> tensor<37x200xf32> {
  %zero = arith.constant 0.0 : f64
  %n = arith.constant 200.0 : f64
  %eps = arith.constant 1.0e-5 : f64
  %e64 = tensor.empty() : tensor<37x200xf64>
  %x64 = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<37x200xf32>) outs(%e64 : tensor<37x200xf64>) {
  ^bb0(%a: f32, %o: f64):
    %c = arith.extf %a : f32 to f64
    linalg.yield %c : f64
  } -> tensor<37x200xf64>
  %e1 = tensor.empty() : tensor<37x1xf64>
  %z1 = linalg.fill ins(%zero : f64) outs(%e1 : tensor<37x1xf64>) -> tensor<37x1xf64>
  %sum = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%x64 : tensor<37x200xf64>) outs(%z1 : tensor<37x1xf64>) {
  ^bb0(%a: f64, %o: f64):
    %s = arith.addf %a, %o : f64
    linalg.yield %s : f64
  } -> tensor<37x1xf64>
  %cen = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]} ins(%x64, %sum : tensor<37x200xf64>, tensor<37x1xf64>) outs(%e64 : tensor<37x200xf64>) {
  ^bb0(%a: f64, %s: f64, %o: f64):
    %m = arith.divf %s, %n : f64
    %d = arith.subf %a, %m : f64
    linalg.yield %d : f64
  } -> tensor<37x200xf64>
  %sq = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%cen : tensor<37x200xf64>) outs(%z1 : tensor<37x1xf64>) {
  ^bb0(%a: f64, %o: f64):
    %p = arith.mulf %a, %a : f64
    %s = arith.addf %p, %o : f64
    linalg.yield %s : f64
  } -> tensor<37x1xf64>
  %e32 = tensor.empty() : tensor<37x200xf32>
  %y = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]} ins(%cen, %sq : tensor<37x200xf64>, tensor<37x1xf64>) outs(%e32 : tensor<37x200xf32>) {
  ^bb0(%c: f64, %v: f64, %o: f32):
    %var = arith.divf %v, %n : f64
    %ve = arith.addf %var, %eps : f64
    %r = math.rsqrt %ve : f64
    %t = math.tanh %r : f64
    %p = arith.mulf %c, %r : f64
    %q = arith.addf %p, %t : f64
    %f = arith.truncf %q : f64 to f32
    linalg.yield %f : f32
  } -> tensor<37x200xf32>
  return %y : tensor<37x200xf32>
}

// a column sum: lanes along the columns, each sum in the reference's order
func.func @colsum(%x: tensor<150x131xf32>) -> tensor<131xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<131xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<131xf32>) -> tensor<131xf32>
  %s = linalg.generic {indexing_maps = [#id2, #col], iterator_types = ["reduction", "parallel"]} ins(%x : tensor<150x131xf32>) outs(%z : tensor<131xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<131xf32>
  %y = linalg.generic {indexing_maps = [#v1, #v1], iterator_types = ["parallel"]} ins(%s : tensor<131xf32>) outs(%e : tensor<131xf32>) {
  ^bb0(%a: f32, %o: f32):
    %q = arith.mulf %a, %a : f32
    linalg.yield %q : f32
  } -> tensor<131xf32>
  return %y : tensor<131xf32>
}

// softmax's max and exp, a causal mask from linalg.index (i1 and i64)
func.func @masked_softmax_parts(%x: tensor<70x70xf32>) -> (tensor<70x70xf32>, tensor<70xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %big = arith.constant -1.0e+30 : f32
  %e = tensor.empty() : tensor<70x70xf32>
  %ev = tensor.empty() : tensor<70xf32>
  %mi = linalg.fill ins(%ninf : f32) outs(%ev : tensor<70xf32>) -> tensor<70xf32>
  %masked = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<70x70xf32>) outs(%e : tensor<70x70xf32>) {
  ^bb0(%a: f32, %o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %future = arith.cmpi sgt, %jj, %ii : i64
    %r = arith.select %future, %big, %a : f32
    linalg.yield %r : f32
  } -> tensor<70x70xf32>
  %m = linalg.generic {indexing_maps = [#id2, #rowv], iterator_types = ["parallel", "reduction"]} ins(%masked : tensor<70x70xf32>) outs(%mi : tensor<70xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.maximumf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<70xf32>
  %p = linalg.generic {indexing_maps = [#id2, #rowv, #id2], iterator_types = ["parallel", "parallel"]} ins(%masked, %m : tensor<70x70xf32>, tensor<70xf32>) outs(%e : tensor<70x70xf32>) {
  ^bb0(%a: f32, %mx: f32, %o: f32):
    %d = arith.subf %a, %mx : f32
    %q = math.exp %d : f32
    linalg.yield %q : f32
  } -> tensor<70x70xf32>
  return %p, %m : tensor<70x70xf32>, tensor<70xf32>
}

// integers: i8 to i1 and back, unsigned extension (through the reference's
// semantics per lane), sitofp, an i32 product sum with wrap-around
func.func @ints(%x: tensor<33x65xi8>, %y: tensor<33x65xi32>) -> (tensor<33x65xf32>, tensor<33xi32>) {
  %c0 = arith.constant 0 : i8
  %z32 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<33x65xf32>
  %ev = tensor.empty() : tensor<33xi32>
  %zi = linalg.fill ins(%z32 : i32) outs(%ev : tensor<33xi32>) -> tensor<33xi32>
  %f = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x, %y : tensor<33x65xi8>, tensor<33x65xi32>) outs(%e : tensor<33x65xf32>) {
  ^bb0(%a: i8, %b: i32, %o: f32):
    %nz = arith.cmpi ne, %a, %c0 : i8
    %u = arith.extui %a : i8 to i32
    %s = arith.muli %u, %b : i32
    %k = arith.xori %s, %b : i32
    %v = arith.select %nz, %k, %b : i32
    %r = arith.sitofp %v : i32 to f32
    linalg.yield %r : f32
  } -> tensor<33x65xf32>
  %s = linalg.generic {indexing_maps = [#id2, #id2, #rowv], iterator_types = ["parallel", "reduction"]} ins(%x, %y : tensor<33x65xi8>, tensor<33x65xi32>) outs(%zi : tensor<33xi32>) {
  ^bb0(%a: i8, %b: i32, %o: i32):
    %w = arith.extsi %a : i8 to i32
    %p = arith.muli %w, %b : i32
    %q = arith.addi %p, %o : i32
    linalg.yield %q : i32
  } -> tensor<33xi32>
  return %f, %s : tensor<33x65xf32>, tensor<33xi32>
}

// bf16 in and out, computed in f32
func.func @bf16(%x: tensor<9x70xbf16>, %b: tensor<70xbf16>) -> tensor<9x70xbf16> {
  %e = tensor.empty() : tensor<9x70xbf16>
  %y = linalg.generic {indexing_maps = [#id2, #col, #id2], iterator_types = ["parallel", "parallel"]} ins(%x, %b : tensor<9x70xbf16>, tensor<70xbf16>) outs(%e : tensor<9x70xbf16>) {
  ^bb0(%a: bf16, %c: bf16, %o: bf16):
    %s = arith.addf %a, %c : bf16
    %w = arith.extf %s : bf16 to f32
    %q = arith.mulf %w, %w : f32
    %t = arith.truncf %q : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<9x70xbf16>
  return %y : tensor<9x70xbf16>
}

// a reduction whose init is read (an argument), and a pooling window read
// through a linear map
func.func @init_and_window(%x: tensor<21x40xf32>, %acc: tensor<10x40xf32>) -> tensor<10x40xf32> {
  %w = tensor.empty() : tensor<3xf32>
  %y = linalg.generic {indexing_maps = [#win_in, #win_k, #win_out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %w : tensor<21x40xf32>, tensor<3xf32>) outs(%acc : tensor<10x40xf32>) {
  ^bb0(%a: f32, %unused: f32, %o: f32):
    %m = arith.maximumf %a, %o : f32
    linalg.yield %m : f32
  } -> tensor<10x40xf32>
  return %y : tensor<10x40xf32>
}

// an integer division by zero: a located error on every target
func.func @divzero(%x: tensor<4x8xi32>) -> tensor<4x8xi32> {
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<4x8xi32>
  %y = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x8xi32>) outs(%e : tensor<4x8xi32>) {
  ^bb0(%a: i32, %o: i32):
    %q = arith.divsi %a, %z : i32
    linalg.yield %q : i32
  } -> tensor<4x8xi32>
  return %y : tensor<4x8xi32>
}

// tensor ops as copies: a strided, rank-reducing extract_slice, an
// insert_slice into an argument, a pad whose value is known only at run
// time (read from a tensor), and a pad of a splat constant
func.func @tensor_ops(%x: tensor<6x9x5xf32>, %d: tensor<7x7xf32>, %pv: tensor<2xf32>) -> (tensor<7x7xf32>, tensor<8x11x7xf32>, tensor<4x5xf32>) {
  %c1 = arith.constant 1 : index
  %s = tensor.extract_slice %x[1, 2, 0] [1, 3, 5] [1, 2, 1] : tensor<6x9x5xf32> to tensor<3x5xf32>
  %i = tensor.insert_slice %s into %d[2, 1] [3, 5] [2, 1] : tensor<3x5xf32> into tensor<7x7xf32>
  %v = tensor.extract %pv[%c1] : tensor<2xf32>
  %p = tensor.pad %x low[1, 0, 2] high[1, 2, 0] {
  ^bb0(%a: index, %b: index, %c: index):
    tensor.yield %v : f32
  } : tensor<6x9x5xf32> to tensor<8x11x7xf32>
  %k = arith.constant dense<2.5> : tensor<2x3xf32>
  %z = arith.constant 0.0 : f32
  %q = tensor.pad %k low[1, 1] high[1, 1] {
  ^bb0(%a: index, %b: index):
    tensor.yield %z : f32
  } : tensor<2x3xf32> to tensor<4x5xf32>
  return %i, %p, %q : tensor<7x7xf32>, tensor<8x11x7xf32>, tensor<4x5xf32>
}

// GELU both ways in f32: tanh and erf run the engine's own vectorised
// functions (within 2 and 3 ulp of tanhf and erff)
func.func @gelus(%x: tensor<13x300xf32>) -> (tensor<13x300xf32>, tensor<13x300xf32>) {
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %k = arith.constant 0.797884583 : f32
  %c = arith.constant 0.044715 : f32
  %r2 = arith.constant 0.707106769 : f32
  %three = arith.constant 3.0 : f32
  %e = tensor.empty() : tensor<13x300xf32>
  %g1 = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<13x300xf32>) outs(%e : tensor<13x300xf32>) {
  ^bb0(%a0: f32, %o: f32):
    %a = arith.mulf %a0, %three : f32
    %a3 = arith.mulf %a, %a : f32
    %a3b = arith.mulf %a3, %a : f32
    %t0 = arith.mulf %a3b, %c : f32
    %t1 = arith.addf %a, %t0 : f32
    %t2 = arith.mulf %t1, %k : f32
    %t3 = math.tanh %t2 : f32
    %t4 = arith.addf %t3, %one : f32
    %t5 = arith.mulf %a, %half : f32
    %t6 = arith.mulf %t5, %t4 : f32
    linalg.yield %t6 : f32
  } -> tensor<13x300xf32>
  %g2 = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<13x300xf32>) outs(%e : tensor<13x300xf32>) {
  ^bb0(%a0: f32, %o: f32):
    %a = arith.mulf %a0, %three : f32
    %t0 = arith.mulf %a, %r2 : f32
    %t1 = math.erf %t0 : f32
    %t2 = arith.addf %t1, %one : f32
    %t3 = arith.mulf %a, %half : f32
    %t4 = arith.mulf %t3, %t2 : f32
    linalg.yield %t4 : f32
  } -> tensor<13x300xf32>
  return %g1, %g2 : tensor<13x300xf32>, tensor<13x300xf32>
}

// pools: a 3x3 stride-2 max and a 2x2 sum pool. The lanes go along the
// output columns (loop d3, 14 of them, their input strided by 2), not
// along the 3- or 2-wide window (3 or 2 of 128 lanes busy: 5-14x slower).
func.func @pools(%x: tensor<1x8x29x29xf32>) -> (tensor<1x8x14x14xf32>, tensor<1x8x14x14xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x14x14xf32>
  %m0 = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x8x14x14xf32>) -> tensor<1x8x14x14xf32>
  %w3 = tensor.empty() : tensor<3x3xf32>
  %m = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%x, %w3 : tensor<1x8x29x29xf32>, tensor<3x3xf32>) outs(%m0 : tensor<1x8x14x14xf32>) -> tensor<1x8x14x14xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x14x14xf32>) -> tensor<1x8x14x14xf32>
  %w2 = tensor.empty() : tensor<2x2xf32>
  %s = linalg.pooling_nchw_sum {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%x, %w2 : tensor<1x8x29x29xf32>, tensor<2x2xf32>) outs(%s0 : tensor<1x8x14x14xf32>) -> tensor<1x8x14x14xf32>
  return %m, %s : tensor<1x8x14x14xf32>, tensor<1x8x14x14xf32>
}

// roots: sqrt and rsqrt (a BatchNorm's 1 / sqrt(var + eps)) in f32 and
// f64 run vectorised loops of their own, the reference's roundings (1 /
// sqrtf), not the reference's arithmetic a lane at a time; a floor has no
// loop of its own and is named in the plan as running a lane at a time
func.func @roots(%x: tensor<7x75xf32>) -> (tensor<7x75xf32>, tensor<7x75xf32>, tensor<7x75xf64>, tensor<7x75xf32>) {
  %eps = arith.constant 1.0e-05 : f32
  %e = tensor.empty() : tensor<7x75xf32>
  %e64 = tensor.empty() : tensor<7x75xf64>
  %s = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<7x75xf32>) outs(%e : tensor<7x75xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.sqrt %a : f32
    linalg.yield %r : f32
  } -> tensor<7x75xf32>
  %q = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<7x75xf32>) outs(%e : tensor<7x75xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = arith.addf %a, %eps : f32
    %r = math.rsqrt %v : f32
    linalg.yield %r : f32
  } -> tensor<7x75xf32>
  %d = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<7x75xf32>) outs(%e64 : tensor<7x75xf64>) {
  ^bb0(%a: f32, %o: f64):
    %w = arith.extf %a : f32 to f64
    %r = math.rsqrt %w : f64
    linalg.yield %r : f64
  } -> tensor<7x75xf64>
  %f = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<7x75xf32>) outs(%e : tensor<7x75xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.floor %a : f32
    linalg.yield %r : f32
  } -> tensor<7x75xf32>
  return %s, %q, %d, %f : tensor<7x75xf32>, tensor<7x75xf32>, tensor<7x75xf64>, tensor<7x75xf32>
}
