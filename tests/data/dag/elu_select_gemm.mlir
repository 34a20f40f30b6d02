// ELU after a GEMM as a select on a compare (tests/cli/dag.sh): x > 0 ? x :
// exp(x) - 1 in one generic, and 0 < y ? y : 0.5 y (olt) in a fork of y
// joined again: the GEMM's kernel takes both (canon.c join_fork), and the
// cpu epilogue computes each select on its compare (SELECT_GT).
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @f(%a: tensor<13x21xf32>, %w: tensor<21x35xf32>) -> tensor<13x35xf32> {
  %z = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %h = arith.constant 0.5 : f32
  %e = tensor.empty() : tensor<13x35xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<13x35xf32>) -> tensor<13x35xf32>
  %m = linalg.matmul ins(%a, %w : tensor<13x21xf32>, tensor<21x35xf32>) outs(%f : tensor<13x35xf32>) -> tensor<13x35xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%m : tensor<13x35xf32>) outs(%e : tensor<13x35xf32>) {
  ^bb0(%x: f32, %out: f32):
    %c = arith.cmpf ogt, %x, %z : f32
    %x1 = math.exp %x : f32
    %x2 = arith.subf %x1, %one : f32
    %r = arith.select %c, %x, %x2 : f32
    linalg.yield %r : f32
  } -> tensor<13x35xf32>
  %p = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%y : tensor<13x35xf32>) outs(%e : tensor<13x35xf32>) {
  ^bb0(%x: f32, %out: f32):
    %s = arith.mulf %x, %h : f32
    linalg.yield %s : f32
  } -> tensor<13x35xf32>
  %q = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%y, %p : tensor<13x35xf32>, tensor<13x35xf32>) outs(%e : tensor<13x35xf32>) {
  ^bb0(%x: f32, %s: f32, %out: f32):
    %c = arith.cmpf olt, %z, %x : f32
    %r = arith.select %c, %x, %s : f32
    linalg.yield %r : f32
  } -> tensor<13x35xf32>
  return %q : tensor<13x35xf32>
}
