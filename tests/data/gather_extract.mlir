// linalg.generic bodies that read a tensor with tensor.extract (torch's
// gathers: F.interpolate(mode="nearest"), GroupNorm's per-channel scale).
// Regressions: on cpu and npu the reference path ran such a kernel without
// binding the tensor (a crash), did not keep the tensor alive until the
// kernel ran (another kernel's result could take its bytes), and
// canonicalization left the body reading a value it had replaced (a dead
// op: a crash).
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#t2 = affine_map<(d0, d1) -> (d1, d0)>
#id1 = affine_map<(d0) -> (d0)>
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
module {
  // nearest 2x upsampling of a function argument
  func.func @upsample(%x: tensor<2x5x7xf32>) -> tensor<2x10x14xf32> {
    %c2 = arith.constant 2 : index
    %e = tensor.empty() : tensor<2x10x14xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} outs(%e : tensor<2x10x14xf32>) {
    ^bb0(%out: f32):
      %c = linalg.index 0 : index
      %h = linalg.index 1 : index
      %w = linalg.index 2 : index
      %hs = arith.divui %h, %c2 : index
      %ws = arith.divui %w, %c2 : index
      %v = tensor.extract %x[%c, %hs, %ws] : tensor<2x5x7xf32>
      linalg.yield %v : f32
    } -> tensor<2x10x14xf32>
    return %r : tensor<2x10x14xf32>
  }
  // %a is read only inside %c's body; %b, computed after %a and before %c,
  // is the same size: were %a dead after its kernel, %b could take its
  // bytes and %c would read %b's values in its place
  func.func @lifetime(%x: tensor<8x8xf32>, %y: tensor<8x8xf32>) -> tensor<8x8xf32> {
    %e = tensor.empty() : tensor<8x8xf32>
    %a = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) {
    ^bb0(%in: f32, %o: f32):
      %v = math.exp %in : f32
      linalg.yield %v : f32
    } -> tensor<8x8xf32>
    %b = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%y : tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) {
    ^bb0(%in: f32, %o: f32):
      %v = arith.mulf %in, %in : f32
      linalg.yield %v : f32
    } -> tensor<8x8xf32>
    %c = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) {
    ^bb0(%in: f32, %o: f32):
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %g = tensor.extract %a[%j, %i] : tensor<8x8xf32>
      %v = arith.addf %in, %g : f32
      linalg.yield %v : f32
    } -> tensor<8x8xf32>
    %d = linalg.generic {indexing_maps = [#id2, #t2, #id2], iterator_types = ["parallel", "parallel"]} ins(%c, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) {
    ^bb0(%in: f32, %in2: f32, %o: f32):
      %v = arith.subf %in, %in2 : f32
      linalg.yield %v : f32
    } -> tensor<8x8xf32>
    return %d : tensor<8x8xf32>
  }
  // GroupNorm's pattern: %s, the sum of %p and an expanded argument, which
  // canonicalization rewrites in the argument's shape (and expands back),
  // is gathered by the constant indices %gi, %ci
  func.func @rewritten(%p: tensor<2x4xf32>, %w: tensor<8xf32>) -> tensor<8xf32> {
    %gi = arith.constant dense<[1, 1, 0, 0, 1, 0, 1, 0]> : tensor<8xi64>
    %ci = arith.constant dense<[0, 3, 2, 1, 2, 0, 1, 3]> : tensor<8xi64>
    %wx = tensor.expand_shape %w [[0, 1]] output_shape [2, 4] : tensor<8xf32> into tensor<2x4xf32>
    %e = tensor.empty() : tensor<2x4xf32>
    %s = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%p, %wx : tensor<2x4xf32>, tensor<2x4xf32>) outs(%e : tensor<2x4xf32>) {
    ^bb0(%in: f32, %in2: f32, %o: f32):
      %v = arith.addf %in, %in2 : f32
      linalg.yield %v : f32
    } -> tensor<2x4xf32>
    %e8 = tensor.empty() : tensor<8xf32>
    %r = linalg.generic {indexing_maps = [#id1, #id1, #id1], iterator_types = ["parallel"]} ins(%gi, %ci : tensor<8xi64>, tensor<8xi64>) outs(%e8 : tensor<8xf32>) {
    ^bb0(%a: i64, %b: i64, %o: f32):
      %ai = arith.index_cast %a : i64 to index
      %bi = arith.index_cast %b : i64 to index
      %v = tensor.extract %s[%ai, %bi] : tensor<2x4xf32>
      linalg.yield %v : f32
    } -> tensor<8xf32>
    return %r : tensor<8xf32>
  }
}
