// Row-wise chains (tests/cli/npu_rows.sh): each function is one "rows"
// kernel on the npu (passes/rows.c, npu/rows.c), exact against the
// reference. As torch-mlir's FX importer writes them (2026-12, torch 2.x,
// tools/torch_requirements.txt): @softmax_last (nn.Softmax(dim=-1) on
// [6, 50]), @softmax_col (dim 0 on [50, 6], the statistics along the
// columns), @softmax_mid (dim 1 on [3, 40, 20]), @log_softmax (dim -1),
// @layernorm (F.layer_norm over 96 with weight and bias: the variance in
// f64, the mean computed twice, in f64 and in f32), @layernorm_3d (over the
// last 64 of [2, 10, 64], no weight), @rmsnorm (x rsqrt(mean(x^2) + eps) w).
// By hand: @layernorm_f32 (mean and variance in f32, the centred x read by
// the variance and the output), @softmax_dim0 (over dim 0 of [20, 3, 30]),
// @softmax_long (two rows of 4096: the axis across the lanes wins),
// @softmax_exp_returned (exp(x - max) is a result too: two chains, the
// first ending at the exp).
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
func.func @softmax_last(%arg0: tensor<6x50xf32>) -> tensor<6x50xf32> {
  %c0_i64 = arith.constant 0 : i64
  %cst = arith.constant 0xFF800000 : f32
  %cst_0 = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<6xi64>
  %1 = linalg.fill ins(%c0_i64 : i64) outs(%0 : tensor<6xi64>) -> tensor<6xi64>
  %2 = tensor.empty() : tensor<6xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<6xf32>) -> tensor<6xf32>
  %4:2 = linalg.generic {indexing_maps = [#softmax_last_map, #softmax_last_map1, #softmax_last_map1], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<6x50xf32>) outs(%3, %1 : tensor<6xf32>, tensor<6xi64>) {
  ^bb0(%in: f32, %out: f32, %out_1: i64):
    %12 = linalg.index 1 : index
    %13 = arith.index_cast %12 : index to i64
    %14 = arith.maximumf %in, %out : f32
    %15 = arith.cmpf ogt, %in, %out : f32
    %16 = arith.select %15, %13, %out_1 : i64
    linalg.yield %14, %16 : f32, i64
  } -> (tensor<6xf32>, tensor<6xi64>)
  %expanded = tensor.expand_shape %4#0 [[0, 1]] output_shape [6, 1] : tensor<6xf32> into tensor<6x1xf32>
  %5 = tensor.empty() : tensor<6x50xf32>
  %6 = linalg.generic {indexing_maps = [#softmax_last_map, #softmax_last_map2, #softmax_last_map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %expanded : tensor<6x50xf32>, tensor<6x1xf32>) outs(%5 : tensor<6x50xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %12 = arith.subf %in, %in_1 : f32
    linalg.yield %12 : f32
  } -> tensor<6x50xf32>
  %7 = linalg.generic {indexing_maps = [#softmax_last_map, #softmax_last_map], iterator_types = ["parallel", "parallel"]} ins(%6 : tensor<6x50xf32>) outs(%5 : tensor<6x50xf32>) {
  ^bb0(%in: f32, %out: f32):
    %12 = math.exp %in : f32
    linalg.yield %12 : f32
  } -> tensor<6x50xf32>
  %8 = tensor.empty() : tensor<6x1xf32>
  %9 = linalg.fill ins(%cst_0 : f32) outs(%8 : tensor<6x1xf32>) -> tensor<6x1xf32>
  %10 = linalg.generic {indexing_maps = [#softmax_last_map, #softmax_last_map2], iterator_types = ["parallel", "reduction"]} ins(%7 : tensor<6x50xf32>) outs(%9 : tensor<6x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %12 = arith.addf %in, %out : f32
    linalg.yield %12 : f32
  } -> tensor<6x1xf32>
  %11 = linalg.generic {indexing_maps = [#softmax_last_map, #softmax_last_map2, #softmax_last_map], iterator_types = ["parallel", "parallel"]} ins(%7, %10 : tensor<6x50xf32>, tensor<6x1xf32>) outs(%5 : tensor<6x50xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %12 = arith.divf %in, %in_1 : f32
    linalg.yield %12 : f32
  } -> tensor<6x50xf32>
  return %11 : tensor<6x50xf32>
}

func.func @softmax_col(%arg0: tensor<50x6xf32>) -> tensor<50x6xf32> {
  %c0_i64 = arith.constant 0 : i64
  %cst = arith.constant 0xFF800000 : f32
  %cst_0 = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<6xi64>
  %1 = linalg.fill ins(%c0_i64 : i64) outs(%0 : tensor<6xi64>) -> tensor<6xi64>
  %2 = tensor.empty() : tensor<6xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<6xf32>) -> tensor<6xf32>
  %4:2 = linalg.generic {indexing_maps = [#softmax_col_map, #softmax_col_map1, #softmax_col_map1], iterator_types = ["reduction", "parallel"]} ins(%arg0 : tensor<50x6xf32>) outs(%3, %1 : tensor<6xf32>, tensor<6xi64>) {
  ^bb0(%in: f32, %out: f32, %out_1: i64):
    %12 = linalg.index 0 : index
    %13 = arith.index_cast %12 : index to i64
    %14 = arith.maximumf %in, %out : f32
    %15 = arith.cmpf ogt, %in, %out : f32
    %16 = arith.select %15, %13, %out_1 : i64
    linalg.yield %14, %16 : f32, i64
  } -> (tensor<6xf32>, tensor<6xi64>)
  %expanded = tensor.expand_shape %4#0 [[0, 1]] output_shape [1, 6] : tensor<6xf32> into tensor<1x6xf32>
  %5 = tensor.empty() : tensor<50x6xf32>
  %6 = linalg.generic {indexing_maps = [#softmax_col_map, #softmax_col_map2, #softmax_col_map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %expanded : tensor<50x6xf32>, tensor<1x6xf32>) outs(%5 : tensor<50x6xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %12 = arith.subf %in, %in_1 : f32
    linalg.yield %12 : f32
  } -> tensor<50x6xf32>
  %7 = linalg.generic {indexing_maps = [#softmax_col_map, #softmax_col_map], iterator_types = ["parallel", "parallel"]} ins(%6 : tensor<50x6xf32>) outs(%5 : tensor<50x6xf32>) {
  ^bb0(%in: f32, %out: f32):
    %12 = math.exp %in : f32
    linalg.yield %12 : f32
  } -> tensor<50x6xf32>
  %8 = tensor.empty() : tensor<1x6xf32>
  %9 = linalg.fill ins(%cst_0 : f32) outs(%8 : tensor<1x6xf32>) -> tensor<1x6xf32>
  %10 = linalg.generic {indexing_maps = [#softmax_col_map, #softmax_col_map2], iterator_types = ["reduction", "parallel"]} ins(%7 : tensor<50x6xf32>) outs(%9 : tensor<1x6xf32>) {
  ^bb0(%in: f32, %out: f32):
    %12 = arith.addf %in, %out : f32
    linalg.yield %12 : f32
  } -> tensor<1x6xf32>
  %11 = linalg.generic {indexing_maps = [#softmax_col_map, #softmax_col_map2, #softmax_col_map], iterator_types = ["parallel", "parallel"]} ins(%7, %10 : tensor<50x6xf32>, tensor<1x6xf32>) outs(%5 : tensor<50x6xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %12 = arith.divf %in, %in_1 : f32
    linalg.yield %12 : f32
  } -> tensor<50x6xf32>
  return %11 : tensor<50x6xf32>
}

func.func @softmax_mid(%arg0: tensor<3x40x20xf32>) -> tensor<3x40x20xf32> {
  %c0_i64 = arith.constant 0 : i64
  %cst = arith.constant 0xFF800000 : f32
  %cst_0 = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<3x20xi64>
  %1 = linalg.fill ins(%c0_i64 : i64) outs(%0 : tensor<3x20xi64>) -> tensor<3x20xi64>
  %2 = tensor.empty() : tensor<3x20xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<3x20xf32>) -> tensor<3x20xf32>
  %4:2 = linalg.generic {indexing_maps = [#softmax_mid_map, #softmax_mid_map1, #softmax_mid_map1], iterator_types = ["parallel", "reduction", "parallel"]} ins(%arg0 : tensor<3x40x20xf32>) outs(%3, %1 : tensor<3x20xf32>, tensor<3x20xi64>) {
  ^bb0(%in: f32, %out: f32, %out_1: i64):
    %12 = linalg.index 1 : index
    %13 = arith.index_cast %12 : index to i64
    %14 = arith.maximumf %in, %out : f32
    %15 = arith.cmpf ogt, %in, %out : f32
    %16 = arith.select %15, %13, %out_1 : i64
    linalg.yield %14, %16 : f32, i64
  } -> (tensor<3x20xf32>, tensor<3x20xi64>)
  %expanded = tensor.expand_shape %4#0 [[0, 1], [2]] output_shape [3, 1, 20] : tensor<3x20xf32> into tensor<3x1x20xf32>
  %5 = tensor.empty() : tensor<3x40x20xf32>
  %6 = linalg.generic {indexing_maps = [#softmax_mid_map, #softmax_mid_map2, #softmax_mid_map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %expanded : tensor<3x40x20xf32>, tensor<3x1x20xf32>) outs(%5 : tensor<3x40x20xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %12 = arith.subf %in, %in_1 : f32
    linalg.yield %12 : f32
  } -> tensor<3x40x20xf32>
  %7 = linalg.generic {indexing_maps = [#softmax_mid_map, #softmax_mid_map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<3x40x20xf32>) outs(%5 : tensor<3x40x20xf32>) {
  ^bb0(%in: f32, %out: f32):
    %12 = math.exp %in : f32
    linalg.yield %12 : f32
  } -> tensor<3x40x20xf32>
  %8 = tensor.empty() : tensor<3x1x20xf32>
  %9 = linalg.fill ins(%cst_0 : f32) outs(%8 : tensor<3x1x20xf32>) -> tensor<3x1x20xf32>
  %10 = linalg.generic {indexing_maps = [#softmax_mid_map, #softmax_mid_map2], iterator_types = ["parallel", "reduction", "parallel"]} ins(%7 : tensor<3x40x20xf32>) outs(%9 : tensor<3x1x20xf32>) {
  ^bb0(%in: f32, %out: f32):
    %12 = arith.addf %in, %out : f32
    linalg.yield %12 : f32
  } -> tensor<3x1x20xf32>
  %11 = linalg.generic {indexing_maps = [#softmax_mid_map, #softmax_mid_map2, #softmax_mid_map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%7, %10 : tensor<3x40x20xf32>, tensor<3x1x20xf32>) outs(%5 : tensor<3x40x20xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %12 = arith.divf %in, %in_1 : f32
    linalg.yield %12 : f32
  } -> tensor<3x40x20xf32>
  return %11 : tensor<3x40x20xf32>
}

func.func @log_softmax(%arg0: tensor<6x50xf32>) -> tensor<6x50xf32> {
  %c0_i64 = arith.constant 0 : i64
  %cst = arith.constant 0xFF800000 : f32
  %cst_0 = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<6xi64>
  %1 = linalg.fill ins(%c0_i64 : i64) outs(%0 : tensor<6xi64>) -> tensor<6xi64>
  %2 = tensor.empty() : tensor<6xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<6xf32>) -> tensor<6xf32>
  %4:2 = linalg.generic {indexing_maps = [#log_softmax_map, #log_softmax_map1, #log_softmax_map1], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<6x50xf32>) outs(%3, %1 : tensor<6xf32>, tensor<6xi64>) {
  ^bb0(%in: f32, %out: f32, %out_1: i64):
    %13 = linalg.index 1 : index
    %14 = arith.index_cast %13 : index to i64
    %15 = arith.maximumf %in, %out : f32
    %16 = arith.cmpf ogt, %in, %out : f32
    %17 = arith.select %16, %14, %out_1 : i64
    linalg.yield %15, %17 : f32, i64
  } -> (tensor<6xf32>, tensor<6xi64>)
  %expanded = tensor.expand_shape %4#0 [[0, 1]] output_shape [6, 1] : tensor<6xf32> into tensor<6x1xf32>
  %5 = tensor.empty() : tensor<6x50xf32>
  %6 = linalg.generic {indexing_maps = [#log_softmax_map, #log_softmax_map2, #log_softmax_map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %expanded : tensor<6x50xf32>, tensor<6x1xf32>) outs(%5 : tensor<6x50xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %13 = arith.subf %in, %in_1 : f32
    linalg.yield %13 : f32
  } -> tensor<6x50xf32>
  %7 = linalg.generic {indexing_maps = [#log_softmax_map, #log_softmax_map], iterator_types = ["parallel", "parallel"]} ins(%6 : tensor<6x50xf32>) outs(%5 : tensor<6x50xf32>) {
  ^bb0(%in: f32, %out: f32):
    %13 = math.exp %in : f32
    linalg.yield %13 : f32
  } -> tensor<6x50xf32>
  %8 = tensor.empty() : tensor<6x1xf32>
  %9 = linalg.fill ins(%cst_0 : f32) outs(%8 : tensor<6x1xf32>) -> tensor<6x1xf32>
  %10 = linalg.generic {indexing_maps = [#log_softmax_map, #log_softmax_map2], iterator_types = ["parallel", "reduction"]} ins(%7 : tensor<6x50xf32>) outs(%9 : tensor<6x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %13 = arith.addf %in, %out : f32
    linalg.yield %13 : f32
  } -> tensor<6x1xf32>
  %11 = linalg.generic {indexing_maps = [#log_softmax_map, #log_softmax_map], iterator_types = ["parallel", "parallel"]} ins(%10 : tensor<6x1xf32>) outs(%8 : tensor<6x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %13 = math.log %in : f32
    linalg.yield %13 : f32
  } -> tensor<6x1xf32>
  %12 = linalg.generic {indexing_maps = [#log_softmax_map, #log_softmax_map2, #log_softmax_map], iterator_types = ["parallel", "parallel"]} ins(%6, %11 : tensor<6x50xf32>, tensor<6x1xf32>) outs(%5 : tensor<6x50xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %13 = arith.subf %in, %in_1 : f32
    linalg.yield %13 : f32
  } -> tensor<6x50xf32>
  return %12 : tensor<6x50xf32>
}

func.func @layernorm(%arg0: tensor<40x96xf32>, %arg1: tensor<96xf32>, %arg2: tensor<96xf32>) -> tensor<40x96xf32> {
  %cst = arith.constant 0.000000e+00 : f64
  %cst_0 = arith.constant 0.000000e+00 : f32
  %cst_1 = arith.constant 1.000000e-05 : f64
  %cst_2 = arith.constant 9.600000e+01 : f64
  %cst_3 = arith.constant 9.600000e+01 : f32
  %0 = tensor.empty() : tensor<40x96xf64>
  %1 = linalg.generic {indexing_maps = [#layernorm_map, #layernorm_map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<40x96xf32>) outs(%0 : tensor<40x96xf64>) {
  ^bb0(%in: f32, %out: f64):
    %22 = arith.extf %in : f32 to f64
    linalg.yield %22 : f64
  } -> tensor<40x96xf64>
  %2 = tensor.empty() : tensor<40x1xf64>
  %3 = linalg.fill ins(%cst : f64) outs(%2 : tensor<40x1xf64>) -> tensor<40x1xf64>
  %4 = linalg.generic {indexing_maps = [#layernorm_map, #layernorm_map1], iterator_types = ["parallel", "reduction"]} ins(%1 : tensor<40x96xf64>) outs(%3 : tensor<40x1xf64>) {
  ^bb0(%in: f64, %out: f64):
    %22 = arith.addf %in, %out : f64
    linalg.yield %22 : f64
  } -> tensor<40x1xf64>
  %5 = linalg.generic {indexing_maps = [#layernorm_map, #layernorm_map], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<40x1xf64>) outs(%2 : tensor<40x1xf64>) {
  ^bb0(%in: f64, %out: f64):
    %22 = arith.divf %in, %cst_2 : f64
    linalg.yield %22 : f64
  } -> tensor<40x1xf64>
  %6 = linalg.generic {indexing_maps = [#layernorm_map, #layernorm_map1, #layernorm_map], iterator_types = ["parallel", "parallel"]} ins(%1, %5 : tensor<40x96xf64>, tensor<40x1xf64>) outs(%0 : tensor<40x96xf64>) {
  ^bb0(%in: f64, %in_4: f64, %out: f64):
    %22 = arith.subf %in, %in_4 : f64
    linalg.yield %22 : f64
  } -> tensor<40x96xf64>
  %7 = linalg.generic {indexing_maps = [#layernorm_map, #layernorm_map, #layernorm_map], iterator_types = ["parallel", "parallel"]} ins(%6, %6 : tensor<40x96xf64>, tensor<40x96xf64>) outs(%0 : tensor<40x96xf64>) {
  ^bb0(%in: f64, %in_4: f64, %out: f64):
    %22 = arith.mulf %in, %in_4 : f64
    linalg.yield %22 : f64
  } -> tensor<40x96xf64>
  %8 = linalg.generic {indexing_maps = [#layernorm_map, #layernorm_map1], iterator_types = ["parallel", "reduction"]} ins(%7 : tensor<40x96xf64>) outs(%3 : tensor<40x1xf64>) {
  ^bb0(%in: f64, %out: f64):
    %22 = arith.addf %in, %out : f64
    linalg.yield %22 : f64
  } -> tensor<40x1xf64>
  %9 = linalg.generic {indexing_maps = [#layernorm_map, #layernorm_map], iterator_types = ["parallel", "parallel"]} ins(%8 : tensor<40x1xf64>) outs(%2 : tensor<40x1xf64>) {
  ^bb0(%in: f64, %out: f64):
    %22 = arith.divf %in, %cst_2 : f64
    linalg.yield %22 : f64
  } -> tensor<40x1xf64>
  %10 = tensor.empty() : tensor<40x1xf32>
  %11 = linalg.generic {indexing_maps = [#layernorm_map, #layernorm_map], iterator_types = ["parallel", "parallel"]} ins(%9 : tensor<40x1xf64>) outs(%10 : tensor<40x1xf32>) {
  ^bb0(%in: f64, %out: f32):
    %22 = arith.truncf %in : f64 to f32
    linalg.yield %22 : f32
  } -> tensor<40x1xf32>
  %12 = linalg.fill ins(%cst_0 : f32) outs(%10 : tensor<40x1xf32>) -> tensor<40x1xf32>
  %13 = linalg.generic {indexing_maps = [#layernorm_map, #layernorm_map1], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<40x96xf32>) outs(%12 : tensor<40x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %22 = arith.addf %in, %out : f32
    linalg.yield %22 : f32
  } -> tensor<40x1xf32>
  %14 = linalg.generic {indexing_maps = [#layernorm_map, #layernorm_map], iterator_types = ["parallel", "parallel"]} ins(%13 : tensor<40x1xf32>) outs(%10 : tensor<40x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %22 = arith.divf %in, %cst_3 : f32
    linalg.yield %22 : f32
  } -> tensor<40x1xf32>
  %15 = linalg.generic {indexing_maps = [#layernorm_map, #layernorm_map], iterator_types = ["parallel", "parallel"]} ins(%11 : tensor<40x1xf32>) outs(%10 : tensor<40x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %22 = arith.truncf %cst_1 : f64 to f32
    %23 = arith.addf %in, %22 : f32
    linalg.yield %23 : f32
  } -> tensor<40x1xf32>
  %16 = linalg.generic {indexing_maps = [#layernorm_map, #layernorm_map], iterator_types = ["parallel", "parallel"]} ins(%15 : tensor<40x1xf32>) outs(%10 : tensor<40x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %22 = math.rsqrt %in : f32
    linalg.yield %22 : f32
  } -> tensor<40x1xf32>
  %17 = tensor.empty() : tensor<40x96xf32>
  %18 = linalg.generic {indexing_maps = [#layernorm_map, #layernorm_map1, #layernorm_map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %14 : tensor<40x96xf32>, tensor<40x1xf32>) outs(%17 : tensor<40x96xf32>) {
  ^bb0(%in: f32, %in_4: f32, %out: f32):
    %22 = arith.subf %in, %in_4 : f32
    linalg.yield %22 : f32
  } -> tensor<40x96xf32>
  %19 = linalg.generic {indexing_maps = [#layernorm_map, #layernorm_map1, #layernorm_map], iterator_types = ["parallel", "parallel"]} ins(%18, %16 : tensor<40x96xf32>, tensor<40x1xf32>) outs(%17 : tensor<40x96xf32>) {
  ^bb0(%in: f32, %in_4: f32, %out: f32):
    %22 = arith.mulf %in, %in_4 : f32
    linalg.yield %22 : f32
  } -> tensor<40x96xf32>
  %20 = linalg.generic {indexing_maps = [#layernorm_map, #layernorm_map2, #layernorm_map], iterator_types = ["parallel", "parallel"]} ins(%19, %arg1 : tensor<40x96xf32>, tensor<96xf32>) outs(%17 : tensor<40x96xf32>) {
  ^bb0(%in: f32, %in_4: f32, %out: f32):
    %22 = arith.mulf %in, %in_4 : f32
    linalg.yield %22 : f32
  } -> tensor<40x96xf32>
  %21 = linalg.generic {indexing_maps = [#layernorm_map, #layernorm_map2, #layernorm_map], iterator_types = ["parallel", "parallel"]} ins(%20, %arg2 : tensor<40x96xf32>, tensor<96xf32>) outs(%17 : tensor<40x96xf32>) {
  ^bb0(%in: f32, %in_4: f32, %out: f32):
    %22 = arith.addf %in, %in_4 : f32
    linalg.yield %22 : f32
  } -> tensor<40x96xf32>
  return %21 : tensor<40x96xf32>
}

func.func @layernorm_3d(%arg0: tensor<2x10x64xf32>) -> tensor<2x10x64xf32> {
  %cst = arith.constant 0.000000e+00 : f64
  %cst_0 = arith.constant 0.000000e+00 : f32
  %cst_1 = arith.constant 1.000000e-05 : f64
  %cst_2 = arith.constant 6.400000e+01 : f64
  %cst_3 = arith.constant 6.400000e+01 : f32
  %0 = tensor.empty() : tensor<2x10x64xf64>
  %1 = linalg.generic {indexing_maps = [#layernorm_3d_map, #layernorm_3d_map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<2x10x64xf32>) outs(%0 : tensor<2x10x64xf64>) {
  ^bb0(%in: f32, %out: f64):
    %20 = arith.extf %in : f32 to f64
    linalg.yield %20 : f64
  } -> tensor<2x10x64xf64>
  %2 = tensor.empty() : tensor<2x10x1xf64>
  %3 = linalg.fill ins(%cst : f64) outs(%2 : tensor<2x10x1xf64>) -> tensor<2x10x1xf64>
  %4 = linalg.generic {indexing_maps = [#layernorm_3d_map, #layernorm_3d_map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%1 : tensor<2x10x64xf64>) outs(%3 : tensor<2x10x1xf64>) {
  ^bb0(%in: f64, %out: f64):
    %20 = arith.addf %in, %out : f64
    linalg.yield %20 : f64
  } -> tensor<2x10x1xf64>
  %5 = linalg.generic {indexing_maps = [#layernorm_3d_map, #layernorm_3d_map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%4 : tensor<2x10x1xf64>) outs(%2 : tensor<2x10x1xf64>) {
  ^bb0(%in: f64, %out: f64):
    %20 = arith.divf %in, %cst_2 : f64
    linalg.yield %20 : f64
  } -> tensor<2x10x1xf64>
  %6 = linalg.generic {indexing_maps = [#layernorm_3d_map, #layernorm_3d_map1, #layernorm_3d_map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %5 : tensor<2x10x64xf64>, tensor<2x10x1xf64>) outs(%0 : tensor<2x10x64xf64>) {
  ^bb0(%in: f64, %in_4: f64, %out: f64):
    %20 = arith.subf %in, %in_4 : f64
    linalg.yield %20 : f64
  } -> tensor<2x10x64xf64>
  %7 = linalg.generic {indexing_maps = [#layernorm_3d_map, #layernorm_3d_map, #layernorm_3d_map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6, %6 : tensor<2x10x64xf64>, tensor<2x10x64xf64>) outs(%0 : tensor<2x10x64xf64>) {
  ^bb0(%in: f64, %in_4: f64, %out: f64):
    %20 = arith.mulf %in, %in_4 : f64
    linalg.yield %20 : f64
  } -> tensor<2x10x64xf64>
  %8 = linalg.generic {indexing_maps = [#layernorm_3d_map, #layernorm_3d_map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%7 : tensor<2x10x64xf64>) outs(%3 : tensor<2x10x1xf64>) {
  ^bb0(%in: f64, %out: f64):
    %20 = arith.addf %in, %out : f64
    linalg.yield %20 : f64
  } -> tensor<2x10x1xf64>
  %9 = linalg.generic {indexing_maps = [#layernorm_3d_map, #layernorm_3d_map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8 : tensor<2x10x1xf64>) outs(%2 : tensor<2x10x1xf64>) {
  ^bb0(%in: f64, %out: f64):
    %20 = arith.divf %in, %cst_2 : f64
    linalg.yield %20 : f64
  } -> tensor<2x10x1xf64>
  %10 = tensor.empty() : tensor<2x10x1xf32>
  %11 = linalg.generic {indexing_maps = [#layernorm_3d_map, #layernorm_3d_map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%9 : tensor<2x10x1xf64>) outs(%10 : tensor<2x10x1xf32>) {
  ^bb0(%in: f64, %out: f32):
    %20 = arith.truncf %in : f64 to f32
    linalg.yield %20 : f32
  } -> tensor<2x10x1xf32>
  %12 = linalg.fill ins(%cst_0 : f32) outs(%10 : tensor<2x10x1xf32>) -> tensor<2x10x1xf32>
  %13 = linalg.generic {indexing_maps = [#layernorm_3d_map, #layernorm_3d_map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0 : tensor<2x10x64xf32>) outs(%12 : tensor<2x10x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %20 = arith.addf %in, %out : f32
    linalg.yield %20 : f32
  } -> tensor<2x10x1xf32>
  %14 = linalg.generic {indexing_maps = [#layernorm_3d_map, #layernorm_3d_map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%13 : tensor<2x10x1xf32>) outs(%10 : tensor<2x10x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %20 = arith.divf %in, %cst_3 : f32
    linalg.yield %20 : f32
  } -> tensor<2x10x1xf32>
  %15 = linalg.generic {indexing_maps = [#layernorm_3d_map, #layernorm_3d_map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%11 : tensor<2x10x1xf32>) outs(%10 : tensor<2x10x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %20 = arith.truncf %cst_1 : f64 to f32
    %21 = arith.addf %in, %20 : f32
    linalg.yield %21 : f32
  } -> tensor<2x10x1xf32>
  %16 = linalg.generic {indexing_maps = [#layernorm_3d_map, #layernorm_3d_map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%15 : tensor<2x10x1xf32>) outs(%10 : tensor<2x10x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %20 = math.rsqrt %in : f32
    linalg.yield %20 : f32
  } -> tensor<2x10x1xf32>
  %17 = tensor.empty() : tensor<2x10x64xf32>
  %18 = linalg.generic {indexing_maps = [#layernorm_3d_map, #layernorm_3d_map1, #layernorm_3d_map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %14 : tensor<2x10x64xf32>, tensor<2x10x1xf32>) outs(%17 : tensor<2x10x64xf32>) {
  ^bb0(%in: f32, %in_4: f32, %out: f32):
    %20 = arith.subf %in, %in_4 : f32
    linalg.yield %20 : f32
  } -> tensor<2x10x64xf32>
  %19 = linalg.generic {indexing_maps = [#layernorm_3d_map, #layernorm_3d_map1, #layernorm_3d_map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%18, %16 : tensor<2x10x64xf32>, tensor<2x10x1xf32>) outs(%17 : tensor<2x10x64xf32>) {
  ^bb0(%in: f32, %in_4: f32, %out: f32):
    %20 = arith.mulf %in, %in_4 : f32
    linalg.yield %20 : f32
  } -> tensor<2x10x64xf32>
  return %19 : tensor<2x10x64xf32>
}

func.func @rmsnorm(%arg0: tensor<30x80xf32>, %arg1: tensor<80xf32>) -> tensor<30x80xf32> {
  %c2_i64 = arith.constant 2 : i64
  %cst = arith.constant 0.000000e+00 : f32
  %cst_0 = arith.constant 9.9999999999999995E-7 : f64
  %cst_1 = arith.constant 8.000000e+01 : f32
  %0 = tensor.empty() : tensor<30x80xf32>
  %1 = linalg.generic {indexing_maps = [#rmsnorm_map, #rmsnorm_map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<30x80xf32>) outs(%0 : tensor<30x80xf32>) {
  ^bb0(%in: f32, %out: f32):
    %10 = math.fpowi %in, %c2_i64 : f32, i64
    linalg.yield %10 : f32
  } -> tensor<30x80xf32>
  %2 = tensor.empty() : tensor<30x1xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<30x1xf32>) -> tensor<30x1xf32>
  %4 = linalg.generic {indexing_maps = [#rmsnorm_map, #rmsnorm_map1], iterator_types = ["parallel", "reduction"]} ins(%1 : tensor<30x80xf32>) outs(%3 : tensor<30x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %10 = arith.addf %in, %out : f32
    linalg.yield %10 : f32
  } -> tensor<30x1xf32>
  %5 = linalg.generic {indexing_maps = [#rmsnorm_map, #rmsnorm_map], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<30x1xf32>) outs(%2 : tensor<30x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %10 = arith.divf %in, %cst_1 : f32
    linalg.yield %10 : f32
  } -> tensor<30x1xf32>
  %6 = linalg.generic {indexing_maps = [#rmsnorm_map, #rmsnorm_map], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<30x1xf32>) outs(%2 : tensor<30x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %10 = arith.truncf %cst_0 : f64 to f32
    %11 = arith.addf %in, %10 : f32
    linalg.yield %11 : f32
  } -> tensor<30x1xf32>
  %7 = linalg.generic {indexing_maps = [#rmsnorm_map, #rmsnorm_map], iterator_types = ["parallel", "parallel"]} ins(%6 : tensor<30x1xf32>) outs(%2 : tensor<30x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %10 = math.rsqrt %in : f32
    linalg.yield %10 : f32
  } -> tensor<30x1xf32>
  %8 = linalg.generic {indexing_maps = [#rmsnorm_map, #rmsnorm_map1, #rmsnorm_map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %7 : tensor<30x80xf32>, tensor<30x1xf32>) outs(%0 : tensor<30x80xf32>) {
  ^bb0(%in: f32, %in_2: f32, %out: f32):
    %10 = arith.mulf %in, %in_2 : f32
    linalg.yield %10 : f32
  } -> tensor<30x80xf32>
  %9 = linalg.generic {indexing_maps = [#rmsnorm_map, #rmsnorm_map2, #rmsnorm_map], iterator_types = ["parallel", "parallel"]} ins(%8, %arg1 : tensor<30x80xf32>, tensor<80xf32>) outs(%0 : tensor<30x80xf32>) {
  ^bb0(%in: f32, %in_2: f32, %out: f32):
    %10 = arith.mulf %in, %in_2 : f32
    linalg.yield %10 : f32
  } -> tensor<30x80xf32>
  return %9 : tensor<30x80xf32>
}

func.func @layernorm_f32(%x: tensor<37x70xf32>, %g: tensor<70xf32>, %b: tensor<70xf32>) -> tensor<37x70xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 70.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %es = tensor.empty() : tensor<37x1xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%es : tensor<37x1xf32>) -> tensor<37x1xf32>
  %sum = linalg.generic {indexing_maps = [#r2, #r2s], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<37x70xf32>) outs(%fs : tensor<37x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<37x1xf32>
  %mean = linalg.generic {indexing_maps = [#r2, #r2], iterator_types = ["parallel", "parallel"]} ins(%sum : tensor<37x1xf32>) outs(%es : tensor<37x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.divf %a, %n : f32
    linalg.yield %r : f32
  } -> tensor<37x1xf32>
  %ef = tensor.empty() : tensor<37x70xf32>
  %d = linalg.generic {indexing_maps = [#r2, #r2s, #r2], iterator_types = ["parallel", "parallel"]} ins(%x, %mean : tensor<37x70xf32>, tensor<37x1xf32>) outs(%ef : tensor<37x70xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %r = arith.subf %a, %m : f32
    linalg.yield %r : f32
  } -> tensor<37x70xf32>
  %sq = linalg.generic {indexing_maps = [#r2, #r2s], iterator_types = ["parallel", "reduction"]} ins(%d : tensor<37x70xf32>) outs(%fs : tensor<37x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.mulf %a, %a : f32
    %r = arith.addf %m, %o : f32
    linalg.yield %r : f32
  } -> tensor<37x1xf32>
  %rstd = linalg.generic {indexing_maps = [#r2, #r2], iterator_types = ["parallel", "parallel"]} ins(%sq : tensor<37x1xf32>) outs(%es : tensor<37x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = arith.divf %a, %n : f32
    %w = arith.addf %v, %eps : f32
    %r = math.rsqrt %w : f32
    linalg.yield %r : f32
  } -> tensor<37x1xf32>
  %y = linalg.generic {indexing_maps = [#r2, #r2s, #r2c, #r2c, #r2], iterator_types = ["parallel", "parallel"]} ins(%d, %rstd, %g, %b : tensor<37x70xf32>, tensor<37x1xf32>, tensor<70xf32>, tensor<70xf32>) outs(%ef : tensor<37x70xf32>) {
  ^bb0(%a: f32, %s: f32, %gg: f32, %bb: f32, %o: f32):
    %p = arith.mulf %a, %s : f32
    %q = arith.mulf %p, %gg : f32
    %r = arith.addf %q, %bb : f32
    linalg.yield %r : f32
  } -> tensor<37x70xf32>
  return %y : tensor<37x70xf32>
}

func.func @softmax_dim0(%x: tensor<20x3x30xf32>) -> tensor<20x3x30xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %em = tensor.empty() : tensor<3x30xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%em : tensor<3x30xf32>) -> tensor<3x30xf32>
  %mx = linalg.generic {indexing_maps = [#r3, #r3s], iterator_types = ["reduction", "parallel", "parallel"]} ins(%x : tensor<20x3x30xf32>) outs(%fm : tensor<3x30xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.maximumf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<3x30xf32>
  %ee = tensor.empty() : tensor<20x3x30xf32>
  %e = linalg.generic {indexing_maps = [#r3, #r3s, #r3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %mx : tensor<20x3x30xf32>, tensor<3x30xf32>) outs(%ee : tensor<20x3x30xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %r = math.exp %d : f32
    linalg.yield %r : f32
  } -> tensor<20x3x30xf32>
  %fz = linalg.fill ins(%zero : f32) outs(%em : tensor<3x30xf32>) -> tensor<3x30xf32>
  %l = linalg.generic {indexing_maps = [#r3, #r3s], iterator_types = ["reduction", "parallel", "parallel"]} ins(%e : tensor<20x3x30xf32>) outs(%fz : tensor<3x30xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<3x30xf32>
  %p = linalg.generic {indexing_maps = [#r3, #r3s, #r3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%e, %l : tensor<20x3x30xf32>, tensor<3x30xf32>) outs(%ee : tensor<20x3x30xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %r = arith.divf %a, %s : f32
    linalg.yield %r : f32
  } -> tensor<20x3x30xf32>
  return %p : tensor<20x3x30xf32>
}

func.func @softmax_long(%x: tensor<2x4096xf32>) -> tensor<2x4096xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %em = tensor.empty() : tensor<2x1xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%em : tensor<2x1xf32>) -> tensor<2x1xf32>
  %mx = linalg.generic {indexing_maps = [#r2, #r2s], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<2x4096xf32>) outs(%fm : tensor<2x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.maximumf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<2x1xf32>
  %ee = tensor.empty() : tensor<2x4096xf32>
  %e = linalg.generic {indexing_maps = [#r2, #r2s, #r2], iterator_types = ["parallel", "parallel"]} ins(%x, %mx : tensor<2x4096xf32>, tensor<2x1xf32>) outs(%ee : tensor<2x4096xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %r = math.exp %d : f32
    linalg.yield %r : f32
  } -> tensor<2x4096xf32>
  %fz = linalg.fill ins(%zero : f32) outs(%em : tensor<2x1xf32>) -> tensor<2x1xf32>
  %l = linalg.generic {indexing_maps = [#r2, #r2s], iterator_types = ["parallel", "reduction"]} ins(%e : tensor<2x4096xf32>) outs(%fz : tensor<2x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<2x1xf32>
  %p = linalg.generic {indexing_maps = [#r2, #r2s, #r2], iterator_types = ["parallel", "parallel"]} ins(%e, %l : tensor<2x4096xf32>, tensor<2x1xf32>) outs(%ee : tensor<2x4096xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %r = arith.divf %a, %s : f32
    linalg.yield %r : f32
  } -> tensor<2x4096xf32>
  return %p : tensor<2x4096xf32>
}

func.func @softmax_exp_returned(%x: tensor<6x50xf32>) -> (tensor<6x50xf32>, tensor<6x50xf32>) {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %em = tensor.empty() : tensor<6x1xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%em : tensor<6x1xf32>) -> tensor<6x1xf32>
  %mx = linalg.generic {indexing_maps = [#r2, #r2s], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<6x50xf32>) outs(%fm : tensor<6x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.maximumf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<6x1xf32>
  %ee = tensor.empty() : tensor<6x50xf32>
  %e = linalg.generic {indexing_maps = [#r2, #r2s, #r2], iterator_types = ["parallel", "parallel"]} ins(%x, %mx : tensor<6x50xf32>, tensor<6x1xf32>) outs(%ee : tensor<6x50xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %r = math.exp %d : f32
    linalg.yield %r : f32
  } -> tensor<6x50xf32>
  %fz = linalg.fill ins(%zero : f32) outs(%em : tensor<6x1xf32>) -> tensor<6x1xf32>
  %l = linalg.generic {indexing_maps = [#r2, #r2s], iterator_types = ["parallel", "reduction"]} ins(%e : tensor<6x50xf32>) outs(%fz : tensor<6x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<6x1xf32>
  %p = linalg.generic {indexing_maps = [#r2, #r2s, #r2], iterator_types = ["parallel", "parallel"]} ins(%e, %l : tensor<6x50xf32>, tensor<6x1xf32>) outs(%ee : tensor<6x50xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %r = arith.divf %a, %s : f32
    linalg.yield %r : f32
  } -> tensor<6x50xf32>
  return %p, %e : tensor<6x50xf32>, tensor<6x50xf32>
}
