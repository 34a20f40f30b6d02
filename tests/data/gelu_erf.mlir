// Exact GELU after a GEMM in the forms torch-mlir and others write it
// (tests/cli/gelu_erf.sh): cpu_epi_fuse_activations replaces each chain by one
// CPU_EPI_GELU_ERF epilogue op; @erf_loop is the loop engine's erf
// (erf_approx.h) over a wide range, @gelu_reused keeps its chain (1 + erf
// read twice).
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>

func.func @gelu_torch(%a: tensor<37x24xf32>, %w: tensor<24x70xf32>, %bias: tensor<70xf32>) -> tensor<37x70xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %one = arith.constant 1.000000e+00 : f32
  %half = arith.constant 5.000000e-01 : f32
  %sq = arith.constant 1.41421354 : f32
  %isq = arith.constant 0.707106769 : f32
  %e0 = tensor.empty() : tensor<37x70xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e0 : tensor<37x70xf32>) -> tensor<37x70xf32>
  %m = linalg.matmul ins(%a, %w : tensor<37x24xf32>, tensor<24x70xf32>) outs(%f : tensor<37x70xf32>) -> tensor<37x70xf32>
  %r = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%m, %bias : tensor<37x70xf32>, tensor<70xf32>) outs(%e0 : tensor<37x70xf32>) {
    ^bb0(%in: f32, %bi: f32, %out: f32):
      %x = arith.addf %in, %bi : f32
      %d = arith.divf %x, %sq : f32
      %e = math.erf %d : f32
      %p = arith.addf %e, %one : f32
      %h = arith.mulf %p, %half : f32
      %y = arith.mulf %x, %h : f32
      linalg.yield %y : f32
  } -> tensor<37x70xf32>
  return %r : tensor<37x70xf32>
}

func.func @gelu_half_x(%a: tensor<37x24xf32>, %w: tensor<24x70xf32>, %bias: tensor<70xf32>) -> tensor<37x70xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %one = arith.constant 1.000000e+00 : f32
  %half = arith.constant 5.000000e-01 : f32
  %sq = arith.constant 1.41421354 : f32
  %isq = arith.constant 0.707106769 : f32
  %e0 = tensor.empty() : tensor<37x70xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e0 : tensor<37x70xf32>) -> tensor<37x70xf32>
  %m = linalg.matmul ins(%a, %w : tensor<37x24xf32>, tensor<24x70xf32>) outs(%f : tensor<37x70xf32>) -> tensor<37x70xf32>
  %r = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%m, %bias : tensor<37x70xf32>, tensor<70xf32>) outs(%e0 : tensor<37x70xf32>) {
    ^bb0(%in: f32, %bi: f32, %out: f32):
      %x = arith.addf %in, %bi : f32
      %d = arith.mulf %x, %isq : f32
      %e = math.erf %d : f32
      %p = arith.addf %one, %e : f32
      %hx = arith.mulf %half, %x : f32
      %y = arith.mulf %hx, %p : f32
      linalg.yield %y : f32
  } -> tensor<37x70xf32>
  return %r : tensor<37x70xf32>
}

func.func @gelu_half_last(%a: tensor<37x24xf32>, %w: tensor<24x70xf32>, %bias: tensor<70xf32>) -> tensor<37x70xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %one = arith.constant 1.000000e+00 : f32
  %half = arith.constant 5.000000e-01 : f32
  %sq = arith.constant 1.41421354 : f32
  %isq = arith.constant 0.707106769 : f32
  %e0 = tensor.empty() : tensor<37x70xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e0 : tensor<37x70xf32>) -> tensor<37x70xf32>
  %m = linalg.matmul ins(%a, %w : tensor<37x24xf32>, tensor<24x70xf32>) outs(%f : tensor<37x70xf32>) -> tensor<37x70xf32>
  %r = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%m, %bias : tensor<37x70xf32>, tensor<70xf32>) outs(%e0 : tensor<37x70xf32>) {
    ^bb0(%in: f32, %bi: f32, %out: f32):
      %x = arith.addf %in, %bi : f32
      %d = arith.divf %x, %sq : f32
      %e = math.erf %d : f32
      %p = arith.addf %e, %one : f32
      %px = arith.mulf %p, %x : f32
      %y = arith.mulf %px, %half : f32
      linalg.yield %y : f32
  } -> tensor<37x70xf32>
  return %r : tensor<37x70xf32>
}

func.func @gelu_reused(%a: tensor<37x24xf32>, %w: tensor<24x70xf32>, %bias: tensor<70xf32>) -> tensor<37x70xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %one = arith.constant 1.000000e+00 : f32
  %half = arith.constant 5.000000e-01 : f32
  %sq = arith.constant 1.41421354 : f32
  %isq = arith.constant 0.707106769 : f32
  %e0 = tensor.empty() : tensor<37x70xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e0 : tensor<37x70xf32>) -> tensor<37x70xf32>
  %m = linalg.matmul ins(%a, %w : tensor<37x24xf32>, tensor<24x70xf32>) outs(%f : tensor<37x70xf32>) -> tensor<37x70xf32>
  %r = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%m, %bias : tensor<37x70xf32>, tensor<70xf32>) outs(%e0 : tensor<37x70xf32>) {
    ^bb0(%in: f32, %bi: f32, %out: f32):
      %x = arith.addf %in, %bi : f32
      %d = arith.divf %x, %sq : f32
      %e = math.erf %d : f32
      %p = arith.addf %e, %one : f32
      %h = arith.mulf %p, %half : f32
      %g = arith.mulf %x, %h : f32
      %y = arith.addf %g, %p : f32
      linalg.yield %y : f32
  } -> tensor<37x70xf32>
  return %r : tensor<37x70xf32>
}

func.func @erf_loop(%a: tensor<41x53xf32>) -> tensor<41x53xf32> {
  %s = arith.constant 3.000000e+00 : f32
  %e0 = tensor.empty() : tensor<41x53xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<41x53xf32>) outs(%e0 : tensor<41x53xf32>) {
    ^bb0(%in: f32, %out: f32):
      %x = arith.mulf %in, %s : f32
      %y = math.erf %x : f32
      linalg.yield %y : f32
  } -> tensor<41x53xf32>
  return %r : tensor<41x53xf32>
}
