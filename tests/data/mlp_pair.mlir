// Two GEMMs the cpu runs as a pair, by blocks of rows (src/cpu/gemm_pair.c):
// tests/cli/gemm_pair.sh. 200 rows, so blocks of 48 leave a ragged last one;
// @mlp_t 400: its blocks are a multiple of the tile's rows and columns (6
// and 64 on AVX-512: 192 rows), and a pair needs two blocks.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
#outT = affine_map<(d0, d1, d2) -> (d1, d0)>
#red = affine_map<(d0, d1) -> (d0)>
module {
  // relu(x) -> GEMM + bias + GELU -> GEMM + bias -> row sums: the relu's
  // result dies at the first GEMM and the second's result (rows of 48
  // floats, the relu's of 32) is an intermediate
  func.func @mlp(%x: tensor<200x32xf32>, %w1: tensor<32x64xf32>, %b1: tensor<64xf32>, %w2: tensor<64x48xf32>, %b2: tensor<48xf32>) -> tensor<200xf32> {
    %z = arith.constant 0.0 : f32
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %rs2 = arith.constant 0.707106769 : f32
    %e0 = tensor.empty() : tensor<200x32xf32>
    %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<200x32xf32>) outs(%e0 : tensor<200x32xf32>) {
    ^bb0(%a: f32, %o: f32):
      %m = arith.maximumf %a, %z : f32
      linalg.yield %m : f32
    } -> tensor<200x32xf32>
    %e1 = tensor.empty() : tensor<200x64xf32>
    %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<200x64xf32>) -> tensor<200x64xf32>
    %h0 = linalg.matmul ins(%r, %w1 : tensor<200x32xf32>, tensor<32x64xf32>) outs(%f1 : tensor<200x64xf32>) -> tensor<200x64xf32>
    %h = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%h0, %b1 : tensor<200x64xf32>, tensor<64xf32>) outs(%e1 : tensor<200x64xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %s = arith.addf %a, %b : f32
      %t = arith.mulf %s, %rs2 : f32
      %u = math.erf %t : f32
      %v = arith.addf %u, %one : f32
      %w = arith.mulf %s, %half : f32
      %g = arith.mulf %w, %v : f32
      linalg.yield %g : f32
    } -> tensor<200x64xf32>
    %e3 = tensor.empty() : tensor<200x48xf32>
    %f2 = linalg.fill ins(%z : f32) outs(%e3 : tensor<200x48xf32>) -> tensor<200x48xf32>
    %y0 = linalg.matmul ins(%h, %w2 : tensor<200x64xf32>, tensor<64x48xf32>) outs(%f2 : tensor<200x48xf32>) -> tensor<200x48xf32>
    %y = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%y0, %b2 : tensor<200x48xf32>, tensor<48xf32>) outs(%e3 : tensor<200x48xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    } -> tensor<200x48xf32>
    %e2 = tensor.empty() : tensor<200xf32>
    %f3 = linalg.fill ins(%z : f32) outs(%e2 : tensor<200xf32>) -> tensor<200xf32>
    %sum = linalg.generic {indexing_maps = [#id, #red], iterator_types = ["parallel", "reduction"]} ins(%y : tensor<200x48xf32>) outs(%f3 : tensor<200xf32>) {
    ^bb0(%a: f32, %o: f32):
      %s = arith.addf %a, %o : f32
      linalg.yield %s : f32
    } -> tensor<200xf32>
    return %sum : tensor<200xf32>
  }

  // the second GEMM's result column-major (ConvNeXt's, read back as NCHW):
  // it runs transposed, the rows of the pair its columns
  func.func @mlp_t(%x: tensor<400x32xf32>, %w1: tensor<32x64xf32>, %w2: tensor<64x32xf32>, %res: tensor<32x400xf32>) -> tensor<32x400xf32> {
    %z = arith.constant 0.0 : f32
    %e1 = tensor.empty() : tensor<400x64xf32>
    %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<400x64xf32>) -> tensor<400x64xf32>
    %h0 = linalg.matmul ins(%x, %w1 : tensor<400x32xf32>, tensor<32x64xf32>) outs(%f1 : tensor<400x64xf32>) -> tensor<400x64xf32>
    %h = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%h0 : tensor<400x64xf32>) outs(%e1 : tensor<400x64xf32>) {
    ^bb0(%a: f32, %o: f32):
      %m = arith.maximumf %a, %z : f32
      linalg.yield %m : f32
    } -> tensor<400x64xf32>
    %e2 = tensor.empty() : tensor<32x400xf32>
    %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<32x400xf32>) -> tensor<32x400xf32>
    %y0 = linalg.generic {indexing_maps = [#lhs, #rhs, #outT], iterator_types = ["parallel", "parallel", "reduction"]} ins(%h, %w2 : tensor<400x64xf32>, tensor<64x32xf32>) outs(%f2 : tensor<32x400xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %o, %p : f32
      linalg.yield %s : f32
    } -> tensor<32x400xf32>
    %y = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%y0, %res : tensor<32x400xf32>, tensor<32x400xf32>) outs(%e2 : tensor<32x400xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    } -> tensor<32x400xf32>
    return %y : tensor<32x400xf32>
  }
}
