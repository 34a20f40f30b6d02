// The input snippet_colsum_main.mlir builds for @colsum: x[i][j] = 32*i + j.
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @gen() -> tensor<4x32xi32> {
  %e = tensor.empty() : tensor<4x32xi32>
  %x = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<4x32xi32>) {
  ^bb0(%o: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c32 = arith.constant 32 : index
    %t = arith.muli %i, %c32 : index
    %u = arith.addi %t, %j : index
    %v = arith.index_cast %u : index to i32
    linalg.yield %v : i32
  } -> tensor<4x32xi32>
  return %x : tensor<4x32xi32>
}
