// cf.assert inside structured ops' bodies, checked at each point on every
// target. @gather is nn.Embedding as torch-mlir writes it (its bounds checks
// inside the gather's generic); @gather_fused the same gather after
// mlir-opt-22 --linalg-fuse-elementwise-ops (gather and checks inside the
// next layer's multiply-accumulate); @sqrt_checked an elementwise kernel
// whose check the cpu engine runs in its loop; @matmul_checked a check in a
// contraction's epilogue. cli/assert_body.sh puts an index out of bounds
// (too large, negative) into the constants, a negative number under the
// square root or a low bound on the product, and expects the assert's error.
#ix = affine_map<(d0, d1, d2) -> (d0, d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#fa = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
#fw = affine_map<(d0, d1, d2, d3) -> (d3, d2)>
#fo = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
func.func @gather(%table: tensor<10x4xf32>) -> tensor<2x3x4xf32> {
  %idx = arith.constant dense<[[1, 3, 9], [0, 2, 2]]> : tensor<2x3xi64>
  %c10 = arith.constant 10 : index
  %c0_i64 = arith.constant 0 : i64
  %0 = tensor.empty() : tensor<2x3x4xf32>
  %1 = linalg.generic {indexing_maps = [#ix, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%idx : tensor<2x3xi64>) outs(%0 : tensor<2x3x4xf32>) {
  ^bb0(%in: i64, %out: f32):
    %2 = arith.index_cast %in : i64 to index
    %3 = linalg.index 2 : index
    %4 = arith.cmpi slt, %2, %c10 : index
    cf.assert %4, "index must be smaller than dim size"
    %5 = arith.cmpi sge, %in, %c0_i64 : i64
    cf.assert %5, "index must be larger or equal to 0"
    %extracted = tensor.extract %table[%2, %3] : tensor<10x4xf32>
    linalg.yield %extracted : f32
  } -> tensor<2x3x4xf32>
  return %1 : tensor<2x3x4xf32>
}
func.func @gather_fused(%table: tensor<10x4xf32>, %w: tensor<4x6xf32>) -> tensor<2x3x6xf32> {
  %idx = arith.constant dense<[[4, 3, 9], [0, 7, 2]]> : tensor<2x3xi64>
  %c10 = arith.constant 10 : index
  %c0_i64 = arith.constant 0 : i64
  %zero = arith.constant 0.0 : f32
  %0 = tensor.empty() : tensor<2x3x6xf32>
  %1 = linalg.fill ins(%zero : f32) outs(%0 : tensor<2x3x6xf32>) -> tensor<2x3x6xf32>
  %2 = linalg.generic {indexing_maps = [#fa, #fw, #fo], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%idx, %w : tensor<2x3xi64>, tensor<4x6xf32>) outs(%1 : tensor<2x3x6xf32>) {
  ^bb0(%in: i64, %b: f32, %acc: f32):
    %k = linalg.index 3 : index
    %i = arith.index_cast %in : i64 to index
    %lt = arith.cmpi slt, %i, %c10 : index
    cf.assert %lt, "index must be smaller than dim size"
    %ge = arith.cmpi sge, %in, %c0_i64 : i64
    cf.assert %ge, "index must be larger or equal to 0"
    %a = tensor.extract %table[%i, %k] : tensor<10x4xf32>
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x3x6xf32>
  return %2 : tensor<2x3x6xf32>
}
func.func @sqrt_checked(%x: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %shift = arith.constant 0.5 : f32
  %zero = arith.constant 0.0 : f32
  %0 = tensor.empty() : tensor<16x8xf32>
  %1 = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<16x8xf32>) outs(%0 : tensor<16x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %b = math.absf %a : f32
    %c = arith.addf %b, %shift : f32
    %ok = arith.cmpf oge, %c, %zero : f32
    cf.assert %ok, "sqrt of a negative number"
    %r = math.sqrt %c : f32
    linalg.yield %r : f32
  } -> tensor<16x8xf32>
  return %1 : tensor<16x8xf32>
}
func.func @matmul_checked(%a: tensor<16x8xf32>, %b: tensor<8x32xf32>) -> tensor<16x32xf32> {
  %zero = arith.constant 0.0 : f32
  %big = arith.constant 100.0 : f32
  %e = tensor.empty() : tensor<16x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<16x32xf32>) -> tensor<16x32xf32>
  %m = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x32xf32>) outs(%f : tensor<16x32xf32>) -> tensor<16x32xf32>
  %r = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%m : tensor<16x32xf32>) outs(%e : tensor<16x32xf32>) {
  ^bb0(%x: f32, %o: f32):
    %ok = arith.cmpf olt, %x, %big : f32
    cf.assert %ok, "matmul result too large"
    %y = arith.maximumf %x, %zero : f32
    linalg.yield %y : f32
  } -> tensor<16x32xf32>
  return %r : tensor<16x32xf32>
}
