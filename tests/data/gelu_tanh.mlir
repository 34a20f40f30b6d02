// tanh-GELU after a GEMM (tests/cli/gelu_tanh.sh). @gelu_gpt2 is GPT-2's
// FFN1 as torch-mlir writes it (bench/models/gpt2_small_s128.mlir): the
// matmul, the bias, and the GELU 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715
// x^3))) as eight generics, x read by three of them: canonicalization joins
// that fork into one op (canon.c join_fork), so the GEMM's kernel grows
// through it, and cpu_epi_fuse_activations makes the chain one CPU_EPI_GELU_TANH
// epilogue op. @gelu_one_body is one body with x^3 as products and the 0.5
// last; @gelu_reused reads 1 + tanh again (not fused, the same values;
// without a bias: the chain as written fits the epilogue's 16 registers).
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>

func.func @gelu_gpt2(%a: tensor<37x24xf32>, %w: tensor<24x70xf32>, %bias: tensor<70xf32>) -> tensor<1x37x70xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %half = arith.constant 5.000000e-01 : f32
  %one = arith.constant 1.000000e+00 : f32
  %c3 = arith.constant 3 : i64
  %k1 = arith.constant 4.4714999999999998E-2 : f64
  %k0 = arith.constant 0.79788456080286541 : f64
  %e0 = tensor.empty() : tensor<37x70xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e0 : tensor<37x70xf32>) -> tensor<37x70xf32>
  %m = linalg.matmul ins(%a, %w : tensor<37x24xf32>, tensor<24x70xf32>) outs(%f : tensor<37x70xf32>) -> tensor<37x70xf32>
  %bb = linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]} ins(%bias : tensor<70xf32>) outs(%e0 : tensor<37x70xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
  } -> tensor<37x70xf32>
  %mb = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%m, %bb : tensor<37x70xf32>, tensor<37x70xf32>) outs(%e0 : tensor<37x70xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %s = arith.addf %in, %in_1 : f32
      linalg.yield %s : f32
  } -> tensor<37x70xf32>
  %x = tensor.expand_shape %mb [[0, 1], [2]] output_shape [1, 37, 70] : tensor<37x70xf32> into tensor<1x37x70xf32>
  %e1 = tensor.empty() : tensor<1x37x70xf32>
  %g0 = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<1x37x70xf32>) outs(%e1 : tensor<1x37x70xf32>) {
    ^bb0(%in: f32, %out: f32):
      %y = arith.mulf %in, %half : f32
      linalg.yield %y : f32
  } -> tensor<1x37x70xf32>
  %g1 = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<1x37x70xf32>) outs(%e1 : tensor<1x37x70xf32>) {
    ^bb0(%in: f32, %out: f32):
      %y = math.fpowi %in, %c3 : f32, i64
      linalg.yield %y : f32
  } -> tensor<1x37x70xf32>
  %g2 = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%g1 : tensor<1x37x70xf32>) outs(%e1 : tensor<1x37x70xf32>) {
    ^bb0(%in: f32, %out: f32):
      %c = arith.truncf %k1 : f64 to f32
      %y = arith.mulf %in, %c : f32
      linalg.yield %y : f32
  } -> tensor<1x37x70xf32>
  %g3 = linalg.generic {indexing_maps = [#id3, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %g2 : tensor<1x37x70xf32>, tensor<1x37x70xf32>) outs(%e1 : tensor<1x37x70xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %y = arith.addf %in, %in_1 : f32
      linalg.yield %y : f32
  } -> tensor<1x37x70xf32>
  %g4 = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%g3 : tensor<1x37x70xf32>) outs(%e1 : tensor<1x37x70xf32>) {
    ^bb0(%in: f32, %out: f32):
      %c = arith.truncf %k0 : f64 to f32
      %y = arith.mulf %in, %c : f32
      linalg.yield %y : f32
  } -> tensor<1x37x70xf32>
  %g5 = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%g4 : tensor<1x37x70xf32>) outs(%e1 : tensor<1x37x70xf32>) {
    ^bb0(%in: f32, %out: f32):
      %y = math.tanh %in : f32
      linalg.yield %y : f32
  } -> tensor<1x37x70xf32>
  %g6 = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%g5 : tensor<1x37x70xf32>) outs(%e1 : tensor<1x37x70xf32>) {
    ^bb0(%in: f32, %out: f32):
      %y = arith.addf %in, %one : f32
      linalg.yield %y : f32
  } -> tensor<1x37x70xf32>
  %g7 = linalg.generic {indexing_maps = [#id3, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%g0, %g6 : tensor<1x37x70xf32>, tensor<1x37x70xf32>) outs(%e1 : tensor<1x37x70xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %y = arith.mulf %in, %in_1 : f32
      linalg.yield %y : f32
  } -> tensor<1x37x70xf32>
  return %g7 : tensor<1x37x70xf32>
}

func.func @gelu_one_body(%a: tensor<37x24xf32>, %w: tensor<24x70xf32>, %bias: tensor<70xf32>) -> tensor<37x70xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %half = arith.constant 5.000000e-01 : f32
  %one = arith.constant 1.000000e+00 : f32
  %k1 = arith.constant 0.044715 : f32
  %k0 = arith.constant 0.797884583 : f32
  %e0 = tensor.empty() : tensor<37x70xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e0 : tensor<37x70xf32>) -> tensor<37x70xf32>
  %m = linalg.matmul ins(%a, %w : tensor<37x24xf32>, tensor<24x70xf32>) outs(%f : tensor<37x70xf32>) -> tensor<37x70xf32>
  %r = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%m, %bias : tensor<37x70xf32>, tensor<70xf32>) outs(%e0 : tensor<37x70xf32>) {
    ^bb0(%in: f32, %bi: f32, %out: f32):
      %x = arith.addf %in, %bi : f32
      %x2 = arith.mulf %x, %x : f32
      %x3 = arith.mulf %x2, %x : f32
      %t = arith.mulf %k1, %x3 : f32
      %u = arith.addf %t, %x : f32
      %v = arith.mulf %k0, %u : f32
      %th = math.tanh %v : f32
      %p = arith.addf %one, %th : f32
      %q = arith.mulf %x, %p : f32
      %y = arith.mulf %q, %half : f32
      linalg.yield %y : f32
  } -> tensor<37x70xf32>
  return %r : tensor<37x70xf32>
}

func.func @gelu_reused(%a: tensor<37x24xf32>, %w: tensor<24x70xf32>) -> tensor<37x70xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %half = arith.constant 5.000000e-01 : f32
  %one = arith.constant 1.000000e+00 : f32
  %k1 = arith.constant 0.044715 : f32
  %k0 = arith.constant 0.797884583 : f32
  %e0 = tensor.empty() : tensor<37x70xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e0 : tensor<37x70xf32>) -> tensor<37x70xf32>
  %m = linalg.matmul ins(%a, %w : tensor<37x24xf32>, tensor<24x70xf32>) outs(%f : tensor<37x70xf32>) -> tensor<37x70xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%m : tensor<37x70xf32>) outs(%e0 : tensor<37x70xf32>) {
    ^bb0(%x: f32, %out: f32):
      %x2 = arith.mulf %x, %x : f32
      %x3 = arith.mulf %x, %x2 : f32
      %t = arith.mulf %x3, %k1 : f32
      %u = arith.addf %x, %t : f32
      %v = arith.mulf %u, %k0 : f32
      %th = math.tanh %v : f32
      %p = arith.addf %th, %one : f32
      %h = arith.mulf %x, %half : f32
      %g = arith.mulf %h, %p : f32
      %y = arith.addf %g, %p : f32
      linalg.yield %y : f32
  } -> tensor<37x70xf32>
  return %r : tensor<37x70xf32>
}
