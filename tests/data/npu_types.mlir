// Element types and copies on the npu (src/npu/lower.h), checked against
// the reference by tests/cli/npu_types.sh: f64 statistics with an epilogue
// that truncates to f32 (torch-mlir's LayerNorm), an f64 column reduction
// with an f64 epilogue, i1 masks (a compare into a mask tensor, an and-
// reduction from a true init, a select through a broadcast mask, i8 to i1),
// integers (i32 arithmetic, an i64 sum, sitofp), the same map in f32, f64
// and i8 (the vector unit's occupancy by element width), pads (a constant,
// a value known at run time, an i32 pad, padded outer loops), strided and
// rank-reducing slices, insert_slice (unit and row strides), an f16
// contraction as torch-mlir writes one (extf inputs, an f32 matmul, an f16
// epilogue after truncf: f16 tiles, f32 accumulators), and an integer
// division by zero.
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0, 0)>
#rowv = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#m3 = affine_map<(d0, d1, d2) -> (0, d1, d2)>
#r3 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>

// LayerNorm's statistics as torch-mlir writes them: the mean and the
// variance in f64, the epilogue truncating to f32 (a reduction whose chain
// changes the type), 300 columns (edge tiles on every machine)
func.func @stats_f64(%x: tensor<3x40x300xf32>) -> (tensor<3x40x1xf32>, tensor<3x40x300xf32>) {
  %zero = arith.constant 0.0 : f64
  %n = arith.constant 300.0 : f64
  %eps = arith.constant 1.0e-5 : f64
  %e64 = tensor.empty() : tensor<3x40x300xf64>
  %x64 = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<3x40x300xf32>) outs(%e64 : tensor<3x40x300xf64>) {
  ^bb0(%a: f32, %o: f64):
    %c = arith.extf %a : f32 to f64
    linalg.yield %c : f64
  } -> tensor<3x40x300xf64>
  %e1 = tensor.empty() : tensor<3x40x1xf64>
  %z1 = linalg.fill ins(%zero : f64) outs(%e1 : tensor<3x40x1xf64>) -> tensor<3x40x1xf64>
  %sum = linalg.generic {indexing_maps = [#id3, #r3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x64 : tensor<3x40x300xf64>) outs(%z1 : tensor<3x40x1xf64>) {
  ^bb0(%a: f64, %o: f64):
    %s = arith.addf %a, %o : f64
    linalg.yield %s : f64
  } -> tensor<3x40x1xf64>
  %mean = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%sum : tensor<3x40x1xf64>) outs(%e1 : tensor<3x40x1xf64>) {
  ^bb0(%a: f64, %o: f64):
    %m = arith.divf %a, %n : f64
    linalg.yield %m : f64
  } -> tensor<3x40x1xf64>
  %cen = linalg.generic {indexing_maps = [#id3, #r3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x64, %mean : tensor<3x40x300xf64>, tensor<3x40x1xf64>) outs(%e64 : tensor<3x40x300xf64>) {
  ^bb0(%a: f64, %m: f64, %o: f64):
    %d = arith.subf %a, %m : f64
    linalg.yield %d : f64
  } -> tensor<3x40x300xf64>
  %sq = linalg.generic {indexing_maps = [#id3, #r3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%cen : tensor<3x40x300xf64>) outs(%z1 : tensor<3x40x1xf64>) {
  ^bb0(%a: f64, %o: f64):
    %p = arith.mulf %a, %a : f64
    %s = arith.addf %p, %o : f64
    linalg.yield %s : f64
  } -> tensor<3x40x1xf64>
  %e32 = tensor.empty() : tensor<3x40x1xf32>
  %rstd = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%sq : tensor<3x40x1xf64>) outs(%e32 : tensor<3x40x1xf32>) {
  ^bb0(%v: f64, %o: f32):
    %var = arith.divf %v, %n : f64
    %ve = arith.addf %var, %eps : f64
    %t = arith.truncf %ve : f64 to f32
    %r = math.rsqrt %t : f32
    linalg.yield %r : f32
  } -> tensor<3x40x1xf32>
  %ey = tensor.empty() : tensor<3x40x300xf32>
  %y = linalg.generic {indexing_maps = [#id3, #r3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%cen, %rstd : tensor<3x40x300xf64>, tensor<3x40x1xf32>) outs(%ey : tensor<3x40x300xf32>) {
  ^bb0(%c: f64, %r: f32, %o: f32):
    %r64 = arith.extf %r : f32 to f64
    %p = arith.mulf %c, %r64 : f64
    %t = math.tanh %p : f64
    %f = arith.truncf %t : f64 to f32
    linalg.yield %f : f32
  } -> tensor<3x40x300xf32>
  return %rstd, %y : tensor<3x40x1xf32>, tensor<3x40x300xf32>
}

// an f64 column sum (lanes along the columns, in the reference's order)
// and an f64 epilogue reading a column operand
func.func @colsum_f64(%x: tensor<150x131xf64>, %b: tensor<131xf64>) -> tensor<131xf64> {
  %zero = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<131xf64>
  %z = linalg.fill ins(%zero : f64) outs(%e : tensor<131xf64>) -> tensor<131xf64>
  %s = linalg.generic {indexing_maps = [#id2, #col], iterator_types = ["reduction", "parallel"]} ins(%x : tensor<150x131xf64>) outs(%z : tensor<131xf64>) {
  ^bb0(%a: f64, %o: f64):
    %r = arith.addf %a, %o : f64
    linalg.yield %r : f64
  } -> tensor<131xf64>
  %y = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%s, %b : tensor<131xf64>, tensor<131xf64>) outs(%e : tensor<131xf64>) {
  ^bb0(%a: f64, %c: f64, %o: f64):
    %q = arith.mulf %a, %c : f64
    %m = arith.maximumf %q, %zero : f64
    linalg.yield %m : f64
  } -> tensor<131xf64>
  return %y : tensor<131xf64>
}

// masks: a compare into an i1 tensor, an and-reduction over its rows from a
// true init, a select through the reduced mask (broadcast along the rows)
// and through an i1 argument broadcast along the batch, and i8 to i1
func.func @masks(%x: tensor<4x24x40xf32>, %m: tensor<1x24x40xi1>, %k: tensor<4x24x40xi8>) -> (tensor<4x24x40xf32>, tensor<4x24x40xi1>) {
  %ninf = arith.constant 0xFF800000 : f32
  %lim = arith.constant 0.5 : f32
  %true = arith.constant true
  %c0 = arith.constant 0 : i8
  %zero = arith.constant 0.0 : f32
  %eb = tensor.empty() : tensor<4x24x40xi1>
  %big = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<4x24x40xf32>) outs(%eb : tensor<4x24x40xi1>) {
  ^bb0(%a: f32, %o: i1):
    %c = arith.cmpf ogt, %a, %lim : f32
    linalg.yield %c : i1
  } -> tensor<4x24x40xi1>
  %er = tensor.empty() : tensor<4x24x1xi1>
  %t = linalg.fill ins(%true : i1) outs(%er : tensor<4x24x1xi1>) -> tensor<4x24x1xi1>
  %all = linalg.generic {indexing_maps = [#id3, #r3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%big : tensor<4x24x40xi1>) outs(%t : tensor<4x24x1xi1>) {
  ^bb0(%a: i1, %o: i1):
    %n = arith.xori %a, %true : i1
    %r = arith.andi %n, %o : i1
    linalg.yield %r : i1
  } -> tensor<4x24x1xi1>
  %ef = tensor.empty() : tensor<4x24x40xf32>
  %y = linalg.generic {indexing_maps = [#id3, #r3, #m3, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %all, %m, %k : tensor<4x24x40xf32>, tensor<4x24x1xi1>, tensor<1x24x40xi1>, tensor<4x24x40xi8>) outs(%ef : tensor<4x24x40xf32>) {
  ^bb0(%a: f32, %low: i1, %keep: i1, %kk: i8, %o: f32):
    %s = arith.select %low, %zero, %a : f32
    %nz = arith.cmpi ne, %kk, %c0 : i8
    %both = arith.andi %keep, %nz : i1
    %r = arith.select %both, %s, %ninf : f32
    linalg.yield %r : f32
  } -> tensor<4x24x40xf32>
  return %y, %big : tensor<4x24x40xf32>, tensor<4x24x40xi1>
}

// integers: i32 arithmetic (wrapping), an i64 row sum of a widened i32,
// an integer result converted back to f32
func.func @ints(%x: tensor<33x65xi32>, %y: tensor<33x65xi32>) -> (tensor<33x65xf32>, tensor<33xi64>) {
  %c3 = arith.constant 3 : i32
  %c7 = arith.constant 7 : i32
  %z64 = arith.constant 0 : i64
  %e = tensor.empty() : tensor<33x65xf32>
  %ev = tensor.empty() : tensor<33xi64>
  %zi = linalg.fill ins(%z64 : i64) outs(%ev : tensor<33xi64>) -> tensor<33xi64>
  %f = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x, %y : tensor<33x65xi32>, tensor<33x65xi32>) outs(%e : tensor<33x65xf32>) {
  ^bb0(%a: i32, %b: i32, %o: f32):
    %p = arith.muli %a, %b : i32
    %q = arith.shrsi %p, %c3 : i32
    %r = arith.remsi %q, %c7 : i32
    %m = arith.maxsi %r, %a : i32
    %v = arith.sitofp %m : i32 to f32
    linalg.yield %v : f32
  } -> tensor<33x65xf32>
  %s = linalg.generic {indexing_maps = [#id2, #id2, #rowv], iterator_types = ["parallel", "reduction"]} ins(%x, %y : tensor<33x65xi32>, tensor<33x65xi32>) outs(%zi : tensor<33xi64>) {
  ^bb0(%a: i32, %b: i32, %o: i64):
    %w = arith.extsi %a : i32 to i64
    %v = arith.extsi %b : i32 to i64
    %p = arith.muli %w, %v : i64
    %q = arith.addi %p, %o : i64
    linalg.yield %q : i64
  } -> tensor<33xi64>
  return %f, %s : tensor<33x65xf32>, tensor<33xi64>
}

// one map in three element types: the vector unit covers 8 f32, 4 f64 or
// 32 i8 elements of a lane per 256-bit op
func.func @scale_f32(%x: tensor<64x256xf32>) -> tensor<64x256xf32> {
  %a = arith.constant 3.0 : f32
  %b = arith.constant 0.25 : f32
  %e = tensor.empty() : tensor<64x256xf32>
  %y = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<64x256xf32>) outs(%e : tensor<64x256xf32>) {
  ^bb0(%v: f32, %o: f32):
    %p = arith.mulf %v, %a : f32
    %q = arith.addf %p, %b : f32
    linalg.yield %q : f32
  } -> tensor<64x256xf32>
  return %y : tensor<64x256xf32>
}

func.func @scale_f64(%x: tensor<64x256xf64>) -> tensor<64x256xf64> {
  %a = arith.constant 3.0 : f64
  %b = arith.constant 0.25 : f64
  %e = tensor.empty() : tensor<64x256xf64>
  %y = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<64x256xf64>) outs(%e : tensor<64x256xf64>) {
  ^bb0(%v: f64, %o: f64):
    %p = arith.mulf %v, %a : f64
    %q = arith.addf %p, %b : f64
    linalg.yield %q : f64
  } -> tensor<64x256xf64>
  return %y : tensor<64x256xf64>
}

func.func @scale_i8(%x: tensor<64x256xi8>) -> tensor<64x256xi8> {
  %a = arith.constant 3 : i8
  %b = arith.constant 1 : i8
  %e = tensor.empty() : tensor<64x256xi8>
  %y = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<64x256xi8>) outs(%e : tensor<64x256xi8>) {
  ^bb0(%v: i8, %o: i8):
    %p = arith.muli %v, %a : i8
    %q = arith.addi %p, %b : i8
    linalg.yield %q : i8
  } -> tensor<64x256xi8>
  return %y : tensor<64x256xi8>
}

// pads: a convolution's (NCHW, 1 on each side of H and W: the columns'
// patch starts one lane in), a value known only at run time on padded
// outer loops, an i32 pad, and a large one (the tile search extrapolates
// its timing across the tiles)
func.func @pads(%x: tensor<2x8x30x30xf32>, %v: f32, %i: tensor<5x7xi32>) -> (tensor<2x8x32x32xf32>, tensor<4x11x30x33xf32>, tensor<9x10xi32>) {
  %z = arith.constant 0.0 : f32
  %m1 = arith.constant -1 : i32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %z : f32
  } : tensor<2x8x30x30xf32> to tensor<2x8x32x32xf32>
  %q = tensor.pad %x low[1, 2, 0, 3] high[1, 1, 0, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %v : f32
  } : tensor<2x8x30x30xf32> to tensor<4x11x30x33xf32>
  %r = tensor.pad %i low[2, 0] high[2, 3] {
  ^bb0(%a: index, %b: index):
    tensor.yield %m1 : i32
  } : tensor<5x7xi32> to tensor<9x10xi32>
  return %p, %q, %r : tensor<2x8x32x32xf32>, tensor<4x11x30x33xf32>, tensor<9x10xi32>
}

func.func @pad_large(%x: tensor<4x250x300xf32>) -> tensor<4x257x307xf32> {
  %h = arith.constant 0.5 : f32
  %p = tensor.pad %x low[0, 3, 5] high[0, 4, 2] {
  ^bb0(%a: index, %b: index, %c: index):
    tensor.yield %h : f32
  } : tensor<4x250x300xf32> to tensor<4x257x307xf32>
  return %p : tensor<4x257x307xf32>
}

// slices: the QKV split (unit strides, a third of the columns each), a
// strided slice along every dim, a rank-reducing one of f64, insert_slice
// into an argument with unit strides and with a row stride, and one strided
// along its last two dims (ConvTranspose2d's input dilation: the tile's
// columns are then its first dim)
func.func @slices(%qkv: tensor<2x16x384xf32>, %x: tensor<9x40x30xf32>, %d: tensor<4x6x5xf64>, %dst: tensor<20x300xf32>, %s: tensor<7x130xf32>, %dst3: tensor<3x20x300xf32>, %s3: tensor<3x7x100xf32>) -> (tensor<2x16x128xf32>, tensor<2x16x128xf32>, tensor<4x13x10xf32>, tensor<6x5xf64>, tensor<20x300xf32>, tensor<20x300xf32>, tensor<3x20x300xf32>) {
  %q = tensor.extract_slice %qkv[0, 0, 128] [2, 16, 128] [1, 1, 1] : tensor<2x16x384xf32> to tensor<2x16x128xf32>
  %k = tensor.extract_slice %qkv[0, 0, 256] [2, 16, 128] [1, 1, 1] : tensor<2x16x384xf32> to tensor<2x16x128xf32>
  %t = tensor.extract_slice %x[1, 2, 1] [4, 13, 10] [2, 3, 3] : tensor<9x40x30xf32> to tensor<4x13x10xf32>
  %r = tensor.extract_slice %d[2, 0, 0] [1, 6, 5] [1, 1, 1] : tensor<4x6x5xf64> to tensor<6x5xf64>
  %i = tensor.insert_slice %s into %dst[5, 100] [7, 130] [1, 1] : tensor<7x130xf32> into tensor<20x300xf32>
  %j = tensor.insert_slice %s into %dst[1, 3] [7, 130] [2, 1] : tensor<7x130xf32> into tensor<20x300xf32>
  %u = tensor.insert_slice %s3 into %dst3[0, 1, 3] [3, 7, 100] [1, 2, 2] : tensor<3x7x100xf32> into tensor<3x20x300xf32>
  return %q, %k, %t, %r, %i, %j, %u : tensor<2x16x128xf32>, tensor<2x16x128xf32>, tensor<4x13x10xf32>, tensor<6x5xf64>, tensor<20x300xf32>, tensor<20x300xf32>, tensor<3x20x300xf32>
}

// an integer division by zero: the reference's located error
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

#f16id = affine_map<(d0, d1) -> (d0, d1)>
#f16b = affine_map<(d0, d1) -> (d1)>
func.func @gemm_f16(%a: tensor<64x96xf16>, %w: tensor<96x80xf16>, %bias: tensor<80xf16>) -> tensor<64x80xf16> {
  %z = arith.constant 0.0 : f32
  %ea = tensor.empty() : tensor<64x96xf32>
  %a32 = linalg.generic {indexing_maps = [#f16id, #f16id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<64x96xf16>) outs(%ea : tensor<64x96xf32>) {
  ^bb0(%x: f16, %o: f32):
    %y = arith.extf %x : f16 to f32
    linalg.yield %y : f32
  } -> tensor<64x96xf32>
  %ew = tensor.empty() : tensor<96x80xf32>
  %w32 = linalg.generic {indexing_maps = [#f16id, #f16id], iterator_types = ["parallel", "parallel"]} ins(%w : tensor<96x80xf16>) outs(%ew : tensor<96x80xf32>) {
  ^bb0(%x: f16, %o: f32):
    %y = arith.extf %x : f16 to f32
    linalg.yield %y : f32
  } -> tensor<96x80xf32>
  %e = tensor.empty() : tensor<64x80xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x80xf32>) -> tensor<64x80xf32>
  %m = linalg.matmul ins(%a32, %w32 : tensor<64x96xf32>, tensor<96x80xf32>) outs(%f : tensor<64x80xf32>) -> tensor<64x80xf32>
  %eo = tensor.empty() : tensor<64x80xf16>
  %r = linalg.generic {indexing_maps = [#f16id, #f16b, #f16id], iterator_types = ["parallel", "parallel"]} ins(%m, %bias : tensor<64x80xf32>, tensor<80xf16>) outs(%eo : tensor<64x80xf16>) {
  ^bb0(%x: f32, %bb: f16, %o: f16):
    %t = arith.truncf %x : f32 to f16
    %s = arith.addf %t, %bb : f16
    %c0 = arith.constant 0.0 : f16
    %rl = arith.maximumf %s, %c0 : f16
    linalg.yield %rl : f16
  } -> tensor<64x80xf16>
  return %r : tensor<64x80xf16>
}
