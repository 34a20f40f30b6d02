// Low-precision contractions as torch-mlir writes them (tests/cli/lowp.sh):
// bf16/f16 operands widened by arith.extf generics, an f32 matmul, the result
// truncated, the epilogue in bf16. The engine converts in packing, sums in
// f32 and rounds where the MLIR rounds.
#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
#col = affine_map<(d0, d1) -> (d1)>

// X (bf16) W (bf16) -> bf16, no epilogue: the sums are the reference's, in
// k order, and the products exact, so the result is bit for bit its own
func.func @mm_bf16(%x: tensor<37x77xbf16>, %w: tensor<77x130xbf16>) -> tensor<37x130xbf16> {
  %z = arith.constant 0.0 : f32
  %ex = tensor.empty() : tensor<37x77xf32>
  %xf = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<37x77xbf16>) outs(%ex : tensor<37x77xf32>) {
  ^bb0(%a: bf16, %o: f32):
    %e = arith.extf %a : bf16 to f32
    linalg.yield %e : f32
  } -> tensor<37x77xf32>
  %ew = tensor.empty() : tensor<77x130xf32>
  %wf = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%w : tensor<77x130xbf16>) outs(%ew : tensor<77x130xf32>) {
  ^bb0(%a: bf16, %o: f32):
    %e = arith.extf %a : bf16 to f32
    linalg.yield %e : f32
  } -> tensor<77x130xf32>
  %ea = tensor.empty() : tensor<37x130xf32>
  %acc = linalg.fill ins(%z : f32) outs(%ea : tensor<37x130xf32>) -> tensor<37x130xf32>
  %y = linalg.matmul ins(%xf, %wf : tensor<37x77xf32>, tensor<77x130xf32>) outs(%acc : tensor<37x130xf32>) -> tensor<37x130xf32>
  %eb = tensor.empty() : tensor<37x130xbf16>
  %t = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%y : tensor<37x130xf32>) outs(%eb : tensor<37x130xbf16>) {
  ^bb0(%a: f32, %o: bf16):
    %r = arith.truncf %a : f32 to bf16
    linalg.yield %r : bf16
  } -> tensor<37x130xbf16>
  return %t : tensor<37x130xbf16>
}

// the same in f16, the weight given as torch stores it ([N][K], transposed
// by the widening generic's map)
func.func @mm_f16_t(%x: tensor<9x64xf16>, %w: tensor<70x64xf16>) -> tensor<9x70xf16> {
  %z = arith.constant 0.0 : f32
  %ex = tensor.empty() : tensor<9x64xf32>
  %xf = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<9x64xf16>) outs(%ex : tensor<9x64xf32>) {
  ^bb0(%a: f16, %o: f32):
    %e = arith.extf %a : f16 to f32
    linalg.yield %e : f32
  } -> tensor<9x64xf32>
  %ew = tensor.empty() : tensor<64x70xf32>
  %wf = linalg.generic {indexing_maps = [#tr, #id], iterator_types = ["parallel", "parallel"]} ins(%w : tensor<70x64xf16>) outs(%ew : tensor<64x70xf32>) {
  ^bb0(%a: f16, %o: f32):
    %e = arith.extf %a : f16 to f32
    linalg.yield %e : f32
  } -> tensor<64x70xf32>
  %ea = tensor.empty() : tensor<9x70xf32>
  %acc = linalg.fill ins(%z : f32) outs(%ea : tensor<9x70xf32>) -> tensor<9x70xf32>
  %y = linalg.matmul ins(%xf, %wf : tensor<9x64xf32>, tensor<64x70xf32>) outs(%acc : tensor<9x70xf32>) -> tensor<9x70xf32>
  %eb = tensor.empty() : tensor<9x70xf16>
  %t = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%y : tensor<9x70xf32>) outs(%eb : tensor<9x70xf16>) {
  ^bb0(%a: f32, %o: f16):
    %r = arith.truncf %a : f32 to f16
    linalg.yield %r : f16
  } -> tensor<9x70xf16>
  return %t : tensor<9x70xf16>
}

// linalg.matmul on bf16 inputs into an f32 accumulator (the named op's own
// casts), a bf16 residual and bias, GELU computed in bf16 (each op rounded),
// K long enough for several K blocks
func.func @ffn_bf16(%x: tensor<50x2100xbf16>, %w: tensor<2100x96xbf16>, %b: tensor<96xbf16>, %r: tensor<50x96xbf16>) -> tensor<50x96xbf16> {
  %z = arith.constant 0.0 : f32
  %half = arith.constant 5.000000e-01 : bf16
  %one = arith.constant 1.000000e+00 : bf16
  %s2 = arith.constant 0.70703125 : bf16
  %ea = tensor.empty() : tensor<50x96xf32>
  %acc = linalg.fill ins(%z : f32) outs(%ea : tensor<50x96xf32>) -> tensor<50x96xf32>
  %y = linalg.matmul ins(%x, %w : tensor<50x2100xbf16>, tensor<2100x96xbf16>) outs(%acc : tensor<50x96xf32>) -> tensor<50x96xf32>
  %eb = tensor.empty() : tensor<50x96xbf16>
  %t = linalg.generic {indexing_maps = [#id, #col, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%y, %b, %r : tensor<50x96xf32>, tensor<96xbf16>, tensor<50x96xbf16>) outs(%eb : tensor<50x96xbf16>) {
  ^bb0(%a: f32, %bb: bf16, %rr: bf16, %o: bf16):
    %v = arith.truncf %a : f32 to bf16
    %vb = arith.addf %v, %bb : bf16
    %u = arith.mulf %vb, %s2 : bf16
    %e = math.erf %u : bf16
    %e1 = arith.addf %e, %one : bf16
    %h = arith.mulf %e1, %half : bf16
    %g = arith.mulf %vb, %h : bf16
    %res = arith.addf %g, %rr : bf16
    linalg.yield %res : bf16
  } -> tensor<50x96xbf16>
  return %t : tensor<50x96xbf16>
}

// a body that sums in bf16 (each step rounded): not what the engine
// computes (f32 sums), so it stays on the reference
func.func @acc_bf16(%x: tensor<8x16xbf16>, %w: tensor<16x8xbf16>) -> tensor<8x8xbf16> {
  %z = arith.constant 0.0 : bf16
  %e = tensor.empty() : tensor<8x8xbf16>
  %acc = linalg.fill ins(%z : bf16) outs(%e : tensor<8x8xbf16>) -> tensor<8x8xbf16>
  %y = linalg.matmul ins(%x, %w : tensor<8x16xbf16>, tensor<16x8xbf16>) outs(%acc : tensor<8x8xbf16>) -> tensor<8x8xbf16>
  return %y : tensor<8x8xbf16>
}

// a GEMV-like bf16 Linear (3 rows, odd K, the weight transposed as torch
// stores it): bound by reading B, so on avx512bf16 it runs on the pair
// kernels, whose packed B is half the bytes of converted floats
func.func @gemv_bf16(%x: tensor<3x301xbf16>, %w: tensor<200x301xbf16>) -> tensor<3x200xbf16> {
  %z = arith.constant 0.0 : f32
  %ew = tensor.empty() : tensor<301x200xbf16>
  %wt = linalg.transpose ins(%w : tensor<200x301xbf16>) outs(%ew : tensor<301x200xbf16>) permutation = [1, 0]
  %ea = tensor.empty() : tensor<3x200xf32>
  %acc = linalg.fill ins(%z : f32) outs(%ea : tensor<3x200xf32>) -> tensor<3x200xf32>
  %y = linalg.matmul ins(%x, %wt : tensor<3x301xbf16>, tensor<301x200xbf16>) outs(%acc : tensor<3x200xf32>) -> tensor<3x200xf32>
  %eb = tensor.empty() : tensor<3x200xbf16>
  %t = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%y : tensor<3x200xf32>) outs(%eb : tensor<3x200xbf16>) {
  ^bb0(%a: f32, %o: bf16):
    %r = arith.truncf %a : f32 to bf16
    linalg.yield %r : bf16
  } -> tensor<3x200xbf16>
  return %t : tensor<3x200xbf16>
}

// products below 2^-126 (x = 2^-126, w = 0.5: each 2^-127, 77 summed to
// 4.5256533e-37): the reference keeps them (IEEE gradual underflow), as
// the converting paths do bit for bit; the bf16 pair instructions
// (VDPBF16PS, TDPBF16PS) flush them to zero, and --check says so. @tiny_bf16
// has 37 rows (pairs on AMX, and on avx512bf16 where its rate is full),
// @tiny_gemv_bf16 3 (pairs on avx512bf16 and AMX)
func.func @tiny_bf16(%x: tensor<37x77xbf16>, %w: tensor<77x130xbf16>) -> tensor<37x130xf32> {
  %z = arith.constant 0.0 : f32
  %ea = tensor.empty() : tensor<37x130xf32>
  %acc = linalg.fill ins(%z : f32) outs(%ea : tensor<37x130xf32>) -> tensor<37x130xf32>
  %y = linalg.matmul ins(%x, %w : tensor<37x77xbf16>, tensor<77x130xbf16>) outs(%acc : tensor<37x130xf32>) -> tensor<37x130xf32>
  return %y : tensor<37x130xf32>
}
func.func @tiny_gemv_bf16(%x: tensor<3x77xbf16>, %w: tensor<77x130xbf16>) -> tensor<3x130xf32> {
  %z = arith.constant 0.0 : f32
  %ea = tensor.empty() : tensor<3x130xf32>
  %acc = linalg.fill ins(%z : f32) outs(%ea : tensor<3x130xf32>) -> tensor<3x130xf32>
  %y = linalg.matmul ins(%x, %w : tensor<3x77xbf16>, tensor<77x130xbf16>) outs(%acc : tensor<3x130xf32>) -> tensor<3x130xf32>
  return %y : tensor<3x130xf32>
}
