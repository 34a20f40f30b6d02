// Row-wise chains on the cpu (tests/cli/cpu_rows.sh): larger versions of
// tests/data/rows.mlir's chains, so that the cpu's rows kernel (cpu/rows_path.c)
// runs several blocks of rows and a shorter last one at 1 and 2 threads:
// @layernorm_big (torch-mlir's f64-variance LayerNorm, 1100 rows of 48),
// @softmax_big (nn.Softmax(dim=-1), 1100 rows of 50), @rmsnorm_big (1100 of 80),
// @layernorm_f32_big (mean and variance in f32, 700 of 70), @norm_rev (the
// same statistics, its last part (mean - x) * rstd, then 2 - that, gamma *
// that, / 2, beta - that: operands on both sides of - and of *, constants),
// and
// @layernorm_nchw: ConvNeXt's channels-last LayerNorm (bench/models/
// convnext_block_56.mlir's, at 24 channels on 20x55) read through the permute
// of an NCHW tensor, the rows along unit steps: the cpu's lanes along them.
// @softmax_index: a softmax whose last part adds its column's index
// (linalg.index), which the cpu's rows kernel does not take (its parts run
// regrouped): its four loop kernels stay, and agree with the reference.
#softmax_last_map = affine_map<(d0, d1) -> (d0, d1)>
#softmax_last_map1 = affine_map<(d0, d1) -> (d0)>
#softmax_last_map2 = affine_map<(d0, d1) -> (d0, 0)>
#softmax_col_map = affine_map<(d0, d1) -> (d0, d1)>
#softmax_col_map1 = affine_map<(d0, d1) -> (d1)>
#softmax_col_map2 = affine_map<(d0, d1) -> (0, d1)>
#softmax_mid_map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#softmax_mid_map1 = affine_map<(d0, d1, d2) -> (d0, d2)>
#softmax_mid_map2 = affine_map<(d0, d1, d2) -> (d0, 0, d2)>
#log_softmax_map = affine_map<(d0, d1) -> (d0, d1)>
#log_softmax_map1 = affine_map<(d0, d1) -> (d0)>
#log_softmax_map2 = affine_map<(d0, d1) -> (d0, 0)>
#layernorm_map = affine_map<(d0, d1) -> (d0, d1)>
#layernorm_map1 = affine_map<(d0, d1) -> (d0, 0)>
#layernorm_map2 = affine_map<(d0, d1) -> (d1)>
#layernorm_3d_map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#layernorm_3d_map1 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#rmsnorm_map = affine_map<(d0, d1) -> (d0, d1)>
#rmsnorm_map1 = affine_map<(d0, d1) -> (d0, 0)>
#rmsnorm_map2 = affine_map<(d0, d1) -> (d1)>
#r2 = affine_map<(d0, d1) -> (d0, d1)>
#r2s = affine_map<(d0, d1) -> (d0, 0)>
#r2c = affine_map<(d0, d1) -> (d1)>
#r3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#r3s = affine_map<(d0, d1, d2) -> (d1, d2)>
#cn_map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#cn_map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
#cn_map2 = affine_map<(d0, d1, d2, d3) -> (d3)>
#cn_map3 = affine_map<(d0, d1) -> (d1)>
#cn_map4 = affine_map<(d0, d1) -> (d0, d1)>
#cn_map5 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
module {
func.func @layernorm_big(%arg0: tensor<1100x48xf32>, %arg1: tensor<48xf32>, %arg2: tensor<48xf32>) -> tensor<1100x48xf32> {
  %cst = arith.constant 0.000000e+00 : f64
  %cst_0 = arith.constant 0.000000e+00 : f32
  %cst_1 = arith.constant 1.000000e-05 : f64
  %cst_2 = arith.constant 4.800000e+01 : f64
  %cst_3 = arith.constant 4.800000e+01 : f32
  %0 = tensor.empty() : tensor<1100x48xf64>
  %1 = linalg.generic {indexing_maps = [#layernorm_map, #layernorm_map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<1100x48xf32>) outs(%0 : tensor<1100x48xf64>) {
  ^bb0(%in: f32, %out: f64):
    %22 = arith.extf %in : f32 to f64
    linalg.yield %22 : f64
  } -> tensor<1100x48xf64>
  %2 = tensor.empty() : tensor<1100x1xf64>
  %3 = linalg.fill ins(%cst : f64) outs(%2 : tensor<1100x1xf64>) -> tensor<1100x1xf64>
  %4 = linalg.generic {indexing_maps = [#layernorm_map, #layernorm_map1], iterator_types = ["parallel", "reduction"]} ins(%1 : tensor<1100x48xf64>) outs(%3 : tensor<1100x1xf64>) {
  ^bb0(%in: f64, %out: f64):
    %22 = arith.addf %in, %out : f64
    linalg.yield %22 : f64
  } -> tensor<1100x1xf64>
  %5 = linalg.generic {indexing_maps = [#layernorm_map, #layernorm_map], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<1100x1xf64>) outs(%2 : tensor<1100x1xf64>) {
  ^bb0(%in: f64, %out: f64):
    %22 = arith.divf %in, %cst_2 : f64
    linalg.yield %22 : f64
  } -> tensor<1100x1xf64>
  %6 = linalg.generic {indexing_maps = [#layernorm_map, #layernorm_map1, #layernorm_map], iterator_types = ["parallel", "parallel"]} ins(%1, %5 : tensor<1100x48xf64>, tensor<1100x1xf64>) outs(%0 : tensor<1100x48xf64>) {
  ^bb0(%in: f64, %in_4: f64, %out: f64):
    %22 = arith.subf %in, %in_4 : f64
    linalg.yield %22 : f64
  } -> tensor<1100x48xf64>
  %7 = linalg.generic {indexing_maps = [#layernorm_map, #layernorm_map, #layernorm_map], iterator_types = ["parallel", "parallel"]} ins(%6, %6 : tensor<1100x48xf64>, tensor<1100x48xf64>) outs(%0 : tensor<1100x48xf64>) {
  ^bb0(%in: f64, %in_4: f64, %out: f64):
    %22 = arith.mulf %in, %in_4 : f64
    linalg.yield %22 : f64
  } -> tensor<1100x48xf64>
  %8 = linalg.generic {indexing_maps = [#layernorm_map, #layernorm_map1], iterator_types = ["parallel", "reduction"]} ins(%7 : tensor<1100x48xf64>) outs(%3 : tensor<1100x1xf64>) {
  ^bb0(%in: f64, %out: f64):
    %22 = arith.addf %in, %out : f64
    linalg.yield %22 : f64
  } -> tensor<1100x1xf64>
  %9 = linalg.generic {indexing_maps = [#layernorm_map, #layernorm_map], iterator_types = ["parallel", "parallel"]} ins(%8 : tensor<1100x1xf64>) outs(%2 : tensor<1100x1xf64>) {
  ^bb0(%in: f64, %out: f64):
    %22 = arith.divf %in, %cst_2 : f64
    linalg.yield %22 : f64
  } -> tensor<1100x1xf64>
  %10 = tensor.empty() : tensor<1100x1xf32>
  %11 = linalg.generic {indexing_maps = [#layernorm_map, #layernorm_map], iterator_types = ["parallel", "parallel"]} ins(%9 : tensor<1100x1xf64>) outs(%10 : tensor<1100x1xf32>) {
  ^bb0(%in: f64, %out: f32):
    %22 = arith.truncf %in : f64 to f32
    linalg.yield %22 : f32
  } -> tensor<1100x1xf32>
  %12 = linalg.fill ins(%cst_0 : f32) outs(%10 : tensor<1100x1xf32>) -> tensor<1100x1xf32>
  %13 = linalg.generic {indexing_maps = [#layernorm_map, #layernorm_map1], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<1100x48xf32>) outs(%12 : tensor<1100x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %22 = arith.addf %in, %out : f32
    linalg.yield %22 : f32
  } -> tensor<1100x1xf32>
  %14 = linalg.generic {indexing_maps = [#layernorm_map, #layernorm_map], iterator_types = ["parallel", "parallel"]} ins(%13 : tensor<1100x1xf32>) outs(%10 : tensor<1100x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %22 = arith.divf %in, %cst_3 : f32
    linalg.yield %22 : f32
  } -> tensor<1100x1xf32>
  %15 = linalg.generic {indexing_maps = [#layernorm_map, #layernorm_map], iterator_types = ["parallel", "parallel"]} ins(%11 : tensor<1100x1xf32>) outs(%10 : tensor<1100x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %22 = arith.truncf %cst_1 : f64 to f32
    %23 = arith.addf %in, %22 : f32
    linalg.yield %23 : f32
  } -> tensor<1100x1xf32>
  %16 = linalg.generic {indexing_maps = [#layernorm_map, #layernorm_map], iterator_types = ["parallel", "parallel"]} ins(%15 : tensor<1100x1xf32>) outs(%10 : tensor<1100x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %22 = math.rsqrt %in : f32
    linalg.yield %22 : f32
  } -> tensor<1100x1xf32>
  %17 = tensor.empty() : tensor<1100x48xf32>
  %18 = linalg.generic {indexing_maps = [#layernorm_map, #layernorm_map1, #layernorm_map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %14 : tensor<1100x48xf32>, tensor<1100x1xf32>) outs(%17 : tensor<1100x48xf32>) {
  ^bb0(%in: f32, %in_4: f32, %out: f32):
    %22 = arith.subf %in, %in_4 : f32
    linalg.yield %22 : f32
  } -> tensor<1100x48xf32>
  %19 = linalg.generic {indexing_maps = [#layernorm_map, #layernorm_map1, #layernorm_map], iterator_types = ["parallel", "parallel"]} ins(%18, %16 : tensor<1100x48xf32>, tensor<1100x1xf32>) outs(%17 : tensor<1100x48xf32>) {
  ^bb0(%in: f32, %in_4: f32, %out: f32):
    %22 = arith.mulf %in, %in_4 : f32
    linalg.yield %22 : f32
  } -> tensor<1100x48xf32>
  %20 = linalg.generic {indexing_maps = [#layernorm_map, #layernorm_map2, #layernorm_map], iterator_types = ["parallel", "parallel"]} ins(%19, %arg1 : tensor<1100x48xf32>, tensor<48xf32>) outs(%17 : tensor<1100x48xf32>) {
  ^bb0(%in: f32, %in_4: f32, %out: f32):
    %22 = arith.mulf %in, %in_4 : f32
    linalg.yield %22 : f32
  } -> tensor<1100x48xf32>
  %21 = linalg.generic {indexing_maps = [#layernorm_map, #layernorm_map2, #layernorm_map], iterator_types = ["parallel", "parallel"]} ins(%20, %arg2 : tensor<1100x48xf32>, tensor<48xf32>) outs(%17 : tensor<1100x48xf32>) {
  ^bb0(%in: f32, %in_4: f32, %out: f32):
    %22 = arith.addf %in, %in_4 : f32
    linalg.yield %22 : f32
  } -> tensor<1100x48xf32>
  return %21 : tensor<1100x48xf32>
}
func.func @softmax_big(%arg0: tensor<1100x50xf32>) -> tensor<1100x50xf32> {
  %c0_i64 = arith.constant 0 : i64
  %cst = arith.constant 0xFF800000 : f32
  %cst_0 = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<1100xi64>
  %1 = linalg.fill ins(%c0_i64 : i64) outs(%0 : tensor<1100xi64>) -> tensor<1100xi64>
  %2 = tensor.empty() : tensor<1100xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<1100xf32>) -> tensor<1100xf32>
  %4:2 = linalg.generic {indexing_maps = [#softmax_last_map, #softmax_last_map1, #softmax_last_map1], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<1100x50xf32>) outs(%3, %1 : tensor<1100xf32>, tensor<1100xi64>) {
  ^bb0(%in: f32, %out: f32, %out_1: i64):
    %12 = linalg.index 1 : index
    %13 = arith.index_cast %12 : index to i64
    %14 = arith.maximumf %in, %out : f32
    %15 = arith.cmpf ogt, %in, %out : f32
    %16 = arith.select %15, %13, %out_1 : i64
    linalg.yield %14, %16 : f32, i64
  } -> (tensor<1100xf32>, tensor<1100xi64>)
  %expanded = tensor.expand_shape %4#0 [[0, 1]] output_shape [1100, 1] : tensor<1100xf32> into tensor<1100x1xf32>
  %5 = tensor.empty() : tensor<1100x50xf32>
  %6 = linalg.generic {indexing_maps = [#softmax_last_map, #softmax_last_map2, #softmax_last_map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %expanded : tensor<1100x50xf32>, tensor<1100x1xf32>) outs(%5 : tensor<1100x50xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %12 = arith.subf %in, %in_1 : f32
    linalg.yield %12 : f32
  } -> tensor<1100x50xf32>
  %7 = linalg.generic {indexing_maps = [#softmax_last_map, #softmax_last_map], iterator_types = ["parallel", "parallel"]} ins(%6 : tensor<1100x50xf32>) outs(%5 : tensor<1100x50xf32>) {
  ^bb0(%in: f32, %out: f32):
    %12 = math.exp %in : f32
    linalg.yield %12 : f32
  } -> tensor<1100x50xf32>
  %8 = tensor.empty() : tensor<1100x1xf32>
  %9 = linalg.fill ins(%cst_0 : f32) outs(%8 : tensor<1100x1xf32>) -> tensor<1100x1xf32>
  %10 = linalg.generic {indexing_maps = [#softmax_last_map, #softmax_last_map2], iterator_types = ["parallel", "reduction"]} ins(%7 : tensor<1100x50xf32>) outs(%9 : tensor<1100x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %12 = arith.addf %in, %out : f32
    linalg.yield %12 : f32
  } -> tensor<1100x1xf32>
  %11 = linalg.generic {indexing_maps = [#softmax_last_map, #softmax_last_map2, #softmax_last_map], iterator_types = ["parallel", "parallel"]} ins(%7, %10 : tensor<1100x50xf32>, tensor<1100x1xf32>) outs(%5 : tensor<1100x50xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %12 = arith.divf %in, %in_1 : f32
    linalg.yield %12 : f32
  } -> tensor<1100x50xf32>
  return %11 : tensor<1100x50xf32>
}
func.func @rmsnorm_big(%arg0: tensor<1100x80xf32>, %arg1: tensor<80xf32>) -> tensor<1100x80xf32> {
  %c2_i64 = arith.constant 2 : i64
  %cst = arith.constant 0.000000e+00 : f32
  %cst_0 = arith.constant 9.9999999999999995E-7 : f64
  %cst_1 = arith.constant 8.000000e+01 : f32
  %0 = tensor.empty() : tensor<1100x80xf32>
  %1 = linalg.generic {indexing_maps = [#rmsnorm_map, #rmsnorm_map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<1100x80xf32>) outs(%0 : tensor<1100x80xf32>) {
  ^bb0(%in: f32, %out: f32):
    %10 = math.fpowi %in, %c2_i64 : f32, i64
    linalg.yield %10 : f32
  } -> tensor<1100x80xf32>
  %2 = tensor.empty() : tensor<1100x1xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<1100x1xf32>) -> tensor<1100x1xf32>
  %4 = linalg.generic {indexing_maps = [#rmsnorm_map, #rmsnorm_map1], iterator_types = ["parallel", "reduction"]} ins(%1 : tensor<1100x80xf32>) outs(%3 : tensor<1100x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %10 = arith.addf %in, %out : f32
    linalg.yield %10 : f32
  } -> tensor<1100x1xf32>
  %5 = linalg.generic {indexing_maps = [#rmsnorm_map, #rmsnorm_map], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<1100x1xf32>) outs(%2 : tensor<1100x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %10 = arith.divf %in, %cst_1 : f32
    linalg.yield %10 : f32
  } -> tensor<1100x1xf32>
  %6 = linalg.generic {indexing_maps = [#rmsnorm_map, #rmsnorm_map], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<1100x1xf32>) outs(%2 : tensor<1100x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %10 = arith.truncf %cst_0 : f64 to f32
    %11 = arith.addf %in, %10 : f32
    linalg.yield %11 : f32
  } -> tensor<1100x1xf32>
  %7 = linalg.generic {indexing_maps = [#rmsnorm_map, #rmsnorm_map], iterator_types = ["parallel", "parallel"]} ins(%6 : tensor<1100x1xf32>) outs(%2 : tensor<1100x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %10 = math.rsqrt %in : f32
    linalg.yield %10 : f32
  } -> tensor<1100x1xf32>
  %8 = linalg.generic {indexing_maps = [#rmsnorm_map, #rmsnorm_map1, #rmsnorm_map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %7 : tensor<1100x80xf32>, tensor<1100x1xf32>) outs(%0 : tensor<1100x80xf32>) {
  ^bb0(%in: f32, %in_2: f32, %out: f32):
    %10 = arith.mulf %in, %in_2 : f32
    linalg.yield %10 : f32
  } -> tensor<1100x80xf32>
  %9 = linalg.generic {indexing_maps = [#rmsnorm_map, #rmsnorm_map2, #rmsnorm_map], iterator_types = ["parallel", "parallel"]} ins(%8, %arg1 : tensor<1100x80xf32>, tensor<80xf32>) outs(%0 : tensor<1100x80xf32>) {
  ^bb0(%in: f32, %in_2: f32, %out: f32):
    %10 = arith.mulf %in, %in_2 : f32
    linalg.yield %10 : f32
  } -> tensor<1100x80xf32>
  return %9 : tensor<1100x80xf32>
}
func.func @layernorm_f32_big(%x: tensor<700x70xf32>, %g: tensor<70xf32>, %b: tensor<70xf32>) -> tensor<700x70xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 70.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %es = tensor.empty() : tensor<700x1xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%es : tensor<700x1xf32>) -> tensor<700x1xf32>
  %sum = linalg.generic {indexing_maps = [#r2, #r2s], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<700x70xf32>) outs(%fs : tensor<700x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<700x1xf32>
  %mean = linalg.generic {indexing_maps = [#r2, #r2], iterator_types = ["parallel", "parallel"]} ins(%sum : tensor<700x1xf32>) outs(%es : tensor<700x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.divf %a, %n : f32
    linalg.yield %r : f32
  } -> tensor<700x1xf32>
  %ef = tensor.empty() : tensor<700x70xf32>
  %d = linalg.generic {indexing_maps = [#r2, #r2s, #r2], iterator_types = ["parallel", "parallel"]} ins(%x, %mean : tensor<700x70xf32>, tensor<700x1xf32>) outs(%ef : tensor<700x70xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %r = arith.subf %a, %m : f32
    linalg.yield %r : f32
  } -> tensor<700x70xf32>
  %sq = linalg.generic {indexing_maps = [#r2, #r2s], iterator_types = ["parallel", "reduction"]} ins(%d : tensor<700x70xf32>) outs(%fs : tensor<700x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.mulf %a, %a : f32
    %r = arith.addf %m, %o : f32
    linalg.yield %r : f32
  } -> tensor<700x1xf32>
  %rstd = linalg.generic {indexing_maps = [#r2, #r2], iterator_types = ["parallel", "parallel"]} ins(%sq : tensor<700x1xf32>) outs(%es : tensor<700x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = arith.divf %a, %n : f32
    %w = arith.addf %v, %eps : f32
    %r = math.rsqrt %w : f32
    linalg.yield %r : f32
  } -> tensor<700x1xf32>
  %y = linalg.generic {indexing_maps = [#r2, #r2s, #r2c, #r2c, #r2], iterator_types = ["parallel", "parallel"]} ins(%d, %rstd, %g, %b : tensor<700x70xf32>, tensor<700x1xf32>, tensor<70xf32>, tensor<70xf32>) outs(%ef : tensor<700x70xf32>) {
  ^bb0(%a: f32, %s: f32, %gg: f32, %bb: f32, %o: f32):
    %p = arith.mulf %a, %s : f32
    %q = arith.mulf %p, %gg : f32
    %r = arith.addf %q, %bb : f32
    linalg.yield %r : f32
  } -> tensor<700x70xf32>
  return %y : tensor<700x70xf32>
}
func.func @norm_rev(%x: tensor<700x70xf32>, %g: tensor<70xf32>, %b: tensor<70xf32>) -> tensor<700x70xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 70.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %two = arith.constant 2.0 : f32
  %es = tensor.empty() : tensor<700x1xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%es : tensor<700x1xf32>) -> tensor<700x1xf32>
  %sum = linalg.generic {indexing_maps = [#r2, #r2s], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<700x70xf32>) outs(%fs : tensor<700x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<700x1xf32>
  %mean = linalg.generic {indexing_maps = [#r2, #r2], iterator_types = ["parallel", "parallel"]} ins(%sum : tensor<700x1xf32>) outs(%es : tensor<700x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.divf %a, %n : f32
    linalg.yield %r : f32
  } -> tensor<700x1xf32>
  %sq = linalg.generic {indexing_maps = [#r2, #r2s, #r2s], iterator_types = ["parallel", "reduction"]} ins(%x, %mean : tensor<700x70xf32>, tensor<700x1xf32>) outs(%fs : tensor<700x1xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %q = arith.mulf %d, %d : f32
    %r = arith.addf %o, %q : f32
    linalg.yield %r : f32
  } -> tensor<700x1xf32>
  %rstd = linalg.generic {indexing_maps = [#r2, #r2], iterator_types = ["parallel", "parallel"]} ins(%sq : tensor<700x1xf32>) outs(%es : tensor<700x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = arith.divf %a, %n : f32
    %w = arith.addf %v, %eps : f32
    %r = math.rsqrt %w : f32
    linalg.yield %r : f32
  } -> tensor<700x1xf32>
  %ef = tensor.empty() : tensor<700x70xf32>
  %y = linalg.generic {indexing_maps = [#r2, #r2s, #r2s, #r2c, #r2c, #r2], iterator_types = ["parallel", "parallel"]} ins(%x, %mean, %rstd, %g, %b : tensor<700x70xf32>, tensor<700x1xf32>, tensor<700x1xf32>, tensor<70xf32>, tensor<70xf32>) outs(%ef : tensor<700x70xf32>) {
  ^bb0(%a: f32, %m: f32, %s: f32, %gg: f32, %bb: f32, %o: f32):
    %t = arith.subf %m, %a : f32
    %p = arith.mulf %t, %s : f32
    %u = arith.subf %two, %p : f32
    %q = arith.mulf %gg, %u : f32
    %h = arith.divf %q, %two : f32
    %r = arith.subf %bb, %h : f32
    linalg.yield %r : f32
  } -> tensor<700x70xf32>
  return %y : tensor<700x70xf32>
}
func.func @layernorm_nchw(%1: tensor<1x24x20x55xf32>, %arg4: tensor<24xf32>, %arg5: tensor<24xf32>) -> tensor<1x20x55x24xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0.000000e+00 : f64
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant 5.000000e-01 : f32
    %cst_3 = arith.constant 9.9999999999999995E-7 : f64
    %cst_4 = arith.constant 9.600000e+01 : f64
    %cst_5 = arith.constant 9.600000e+01 : f32
    %cst_6 = arith.constant 1.41421354 : f32
    %2 = tensor.empty() : tensor<1x20x55x24xf32>
    %transposed = linalg.transpose ins(%1 : tensor<1x24x20x55xf32>) outs(%2 : tensor<1x20x55x24xf32>) permutation = [0, 2, 3, 1] 
    %3 = tensor.empty() : tensor<1x20x55x24xf64>
    %4 = linalg.generic {indexing_maps = [#cn_map, #cn_map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed : tensor<1x20x55x24xf32>) outs(%3 : tensor<1x20x55x24xf64>) {
    ^bb0(%in: f32, %out: f64):
      %40 = arith.extf %in : f32 to f64
      linalg.yield %40 : f64
    } -> tensor<1x20x55x24xf64>
    %5 = tensor.empty() : tensor<1x20x55x1xf64>
    %6 = linalg.fill ins(%cst_0 : f64) outs(%5 : tensor<1x20x55x1xf64>) -> tensor<1x20x55x1xf64>
    %7 = linalg.generic {indexing_maps = [#cn_map, #cn_map1], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%4 : tensor<1x20x55x24xf64>) outs(%6 : tensor<1x20x55x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %40 = arith.addf %in, %out : f64
      linalg.yield %40 : f64
    } -> tensor<1x20x55x1xf64>
    %8 = linalg.generic {indexing_maps = [#cn_map, #cn_map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%7 : tensor<1x20x55x1xf64>) outs(%5 : tensor<1x20x55x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %40 = arith.divf %in, %cst_4 : f64
      linalg.yield %40 : f64
    } -> tensor<1x20x55x1xf64>
    %9 = linalg.generic {indexing_maps = [#cn_map, #cn_map1, #cn_map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%4, %8 : tensor<1x20x55x24xf64>, tensor<1x20x55x1xf64>) outs(%3 : tensor<1x20x55x24xf64>) {
    ^bb0(%in: f64, %in_13: f64, %out: f64):
      %40 = arith.subf %in, %in_13 : f64
      linalg.yield %40 : f64
    } -> tensor<1x20x55x24xf64>
    %10 = linalg.generic {indexing_maps = [#cn_map, #cn_map, #cn_map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%9, %9 : tensor<1x20x55x24xf64>, tensor<1x20x55x24xf64>) outs(%3 : tensor<1x20x55x24xf64>) {
    ^bb0(%in: f64, %in_13: f64, %out: f64):
      %40 = arith.mulf %in, %in_13 : f64
      linalg.yield %40 : f64
    } -> tensor<1x20x55x24xf64>
    %11 = linalg.generic {indexing_maps = [#cn_map, #cn_map1], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%10 : tensor<1x20x55x24xf64>) outs(%6 : tensor<1x20x55x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %40 = arith.addf %in, %out : f64
      linalg.yield %40 : f64
    } -> tensor<1x20x55x1xf64>
    %12 = linalg.generic {indexing_maps = [#cn_map, #cn_map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%11 : tensor<1x20x55x1xf64>) outs(%5 : tensor<1x20x55x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %40 = arith.divf %in, %cst_4 : f64
      linalg.yield %40 : f64
    } -> tensor<1x20x55x1xf64>
    %13 = tensor.empty() : tensor<1x20x55x1xf32>
    %14 = linalg.generic {indexing_maps = [#cn_map, #cn_map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%12 : tensor<1x20x55x1xf64>) outs(%13 : tensor<1x20x55x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %40 = arith.truncf %in : f64 to f32
      linalg.yield %40 : f32
    } -> tensor<1x20x55x1xf32>
    %15 = linalg.fill ins(%cst : f32) outs(%13 : tensor<1x20x55x1xf32>) -> tensor<1x20x55x1xf32>
    %16 = linalg.generic {indexing_maps = [#cn_map, #cn_map1], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%transposed : tensor<1x20x55x24xf32>) outs(%15 : tensor<1x20x55x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %40 = arith.addf %in, %out : f32
      linalg.yield %40 : f32
    } -> tensor<1x20x55x1xf32>
    %17 = linalg.generic {indexing_maps = [#cn_map, #cn_map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%16 : tensor<1x20x55x1xf32>) outs(%13 : tensor<1x20x55x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %40 = arith.divf %in, %cst_5 : f32
      linalg.yield %40 : f32
    } -> tensor<1x20x55x1xf32>
    %18 = linalg.generic {indexing_maps = [#cn_map, #cn_map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%14 : tensor<1x20x55x1xf32>) outs(%13 : tensor<1x20x55x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %40 = arith.truncf %cst_3 : f64 to f32
      %41 = arith.addf %in, %40 : f32
      linalg.yield %41 : f32
    } -> tensor<1x20x55x1xf32>
    %19 = linalg.generic {indexing_maps = [#cn_map, #cn_map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%18 : tensor<1x20x55x1xf32>) outs(%13 : tensor<1x20x55x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %40 = math.rsqrt %in : f32
      linalg.yield %40 : f32
    } -> tensor<1x20x55x1xf32>
    %20 = linalg.generic {indexing_maps = [#cn_map, #cn_map1, #cn_map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed, %17 : tensor<1x20x55x24xf32>, tensor<1x20x55x1xf32>) outs(%2 : tensor<1x20x55x24xf32>) {
    ^bb0(%in: f32, %in_13: f32, %out: f32):
      %40 = arith.subf %in, %in_13 : f32
      linalg.yield %40 : f32
    } -> tensor<1x20x55x24xf32>
    %21 = linalg.generic {indexing_maps = [#cn_map, #cn_map1, #cn_map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%20, %19 : tensor<1x20x55x24xf32>, tensor<1x20x55x1xf32>) outs(%2 : tensor<1x20x55x24xf32>) {
    ^bb0(%in: f32, %in_13: f32, %out: f32):
      %40 = arith.mulf %in, %in_13 : f32
      linalg.yield %40 : f32
    } -> tensor<1x20x55x24xf32>
    %22 = linalg.generic {indexing_maps = [#cn_map, #cn_map2, #cn_map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%21, %arg4 : tensor<1x20x55x24xf32>, tensor<24xf32>) outs(%2 : tensor<1x20x55x24xf32>) {
    ^bb0(%in: f32, %in_13: f32, %out: f32):
      %40 = arith.mulf %in, %in_13 : f32
      linalg.yield %40 : f32
    } -> tensor<1x20x55x24xf32>
    %23 = linalg.generic {indexing_maps = [#cn_map, #cn_map2, #cn_map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%22, %arg5 : tensor<1x20x55x24xf32>, tensor<24xf32>) outs(%2 : tensor<1x20x55x24xf32>) {
    ^bb0(%in: f32, %in_13: f32, %out: f32):
      %40 = arith.addf %in, %in_13 : f32
      linalg.yield %40 : f32
    } -> tensor<1x20x55x24xf32>
    return %23 : tensor<1x20x55x24xf32>
}
func.func @softmax_index(%arg0: tensor<40x50xf32>) -> tensor<40x50xf32> {
  %c0_i64 = arith.constant 0 : i64
  %cst = arith.constant 0xFF800000 : f32
  %cst_0 = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<40xi64>
  %1 = linalg.fill ins(%c0_i64 : i64) outs(%0 : tensor<40xi64>) -> tensor<40xi64>
  %2 = tensor.empty() : tensor<40xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<40xf32>) -> tensor<40xf32>
  %4:2 = linalg.generic {indexing_maps = [#softmax_last_map, #softmax_last_map1, #softmax_last_map1], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<40x50xf32>) outs(%3, %1 : tensor<40xf32>, tensor<40xi64>) {
  ^bb0(%in: f32, %out: f32, %out_1: i64):
    %12 = linalg.index 1 : index
    %13 = arith.index_cast %12 : index to i64
    %14 = arith.maximumf %in, %out : f32
    %15 = arith.cmpf ogt, %in, %out : f32
    %16 = arith.select %15, %13, %out_1 : i64
    linalg.yield %14, %16 : f32, i64
  } -> (tensor<40xf32>, tensor<40xi64>)
  %expanded = tensor.expand_shape %4#0 [[0, 1]] output_shape [40, 1] : tensor<40xf32> into tensor<40x1xf32>
  %5 = tensor.empty() : tensor<40x50xf32>
  %6 = linalg.generic {indexing_maps = [#softmax_last_map, #softmax_last_map2, #softmax_last_map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %expanded : tensor<40x50xf32>, tensor<40x1xf32>) outs(%5 : tensor<40x50xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %12 = arith.subf %in, %in_1 : f32
    linalg.yield %12 : f32
  } -> tensor<40x50xf32>
  %7 = linalg.generic {indexing_maps = [#softmax_last_map, #softmax_last_map], iterator_types = ["parallel", "parallel"]} ins(%6 : tensor<40x50xf32>) outs(%5 : tensor<40x50xf32>) {
  ^bb0(%in: f32, %out: f32):
    %12 = math.exp %in : f32
    linalg.yield %12 : f32
  } -> tensor<40x50xf32>
  %8 = tensor.empty() : tensor<40x1xf32>
  %9 = linalg.fill ins(%cst_0 : f32) outs(%8 : tensor<40x1xf32>) -> tensor<40x1xf32>
  %10 = linalg.generic {indexing_maps = [#softmax_last_map, #softmax_last_map2], iterator_types = ["parallel", "reduction"]} ins(%7 : tensor<40x50xf32>) outs(%9 : tensor<40x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %12 = arith.addf %in, %out : f32
    linalg.yield %12 : f32
  } -> tensor<40x1xf32>
  %11 = linalg.generic {indexing_maps = [#softmax_last_map, #softmax_last_map2, #softmax_last_map], iterator_types = ["parallel", "parallel"]} ins(%7, %10 : tensor<40x50xf32>, tensor<40x1xf32>) outs(%5 : tensor<40x50xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %12 = arith.divf %in, %in_1 : f32
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i64
    %jf = arith.sitofp %ji : i64 to f32
    %r = arith.addf %12, %jf : f32
    linalg.yield %r : f32
  } -> tensor<40x50xf32>
  return %11 : tensor<40x50xf32>
}
}
