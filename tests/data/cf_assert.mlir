// cf.assert as torch-mlir writes it: a size check on index constants, and a
// check on a value a kernel computes (%y, which nothing else reads), read by
// tensor.extract after later kernels have run: %y must still be there, not
// overwritten by %q. Every assert holds; the failing twins are in
// cf_assert_fail.mlir. @count asserts in a loop (driver code: the reference
// target only).
#id = affine_map<(d0) -> (d0)>
func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
  %c8 = arith.constant 8 : index
  %n = arith.constant 8 : index
  %0 = arith.cmpi eq, %c8, %n : index
  cf.assert %0, "mismatched size"
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %b = math.absf %a : f32
    %c = arith.addf %b, %one : f32
    linalg.yield %c : f32
  } -> tensor<8xf32>
  %q = tensor.from_elements %zero, %zero, %zero, %zero, %zero, %zero, %zero, %zero : tensor<8xf32>
  %e2 = tensor.empty() : tensor<8xf32>
  %z = linalg.mul ins(%q, %q : tensor<8xf32>, tensor<8xf32>) outs(%e2 : tensor<8xf32>) -> tensor<8xf32>
  %c3 = arith.constant 3 : index
  %w = tensor.extract %z[%c3] : tensor<8xf32>
  %v = tensor.extract %y[%c3] : tensor<8xf32>
  %ok = arith.cmpf oge, %v, %one : f32
  cf.assert %ok, "abs(x) + 1 >= 1"
  %zok = arith.cmpf oeq, %w, %zero : f32
  cf.assert %zok, "0 * 0 == 0"
  %e3 = tensor.empty() : tensor<8xf32>
  %r = linalg.add ins(%x, %x : tensor<8xf32>, tensor<8xf32>) outs(%e3 : tensor<8xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}
func.func @count(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %lt = arith.cmpi ult, %i, %n : index
    cf.assert %lt, "induction variable below the bound"
    %a = arith.addi %acc, %c1 : index
    scf.yield %a : index
  }
  %eq = arith.cmpi eq, %s, %n : index
  cf.assert %eq, "one step per iteration"
  return %s : index
}
