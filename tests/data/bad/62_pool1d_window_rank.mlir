// EXPECT: 4:8: error: linalg.pooling_ncw_sum: operand #1 must have rank 1, found 2
// a 2-D pooling window on a 1-D pool
func.func @f(%i: tensor<1x4x9xf32>, %k: tensor<3x3xf32>, %o: tensor<1x4x7xf32>) -> tensor<1x4x7xf32> {
  %r = linalg.pooling_ncw_sum ins(%i, %k : tensor<1x4x9xf32>, tensor<3x3xf32>) outs(%o : tensor<1x4x7xf32>) -> tensor<1x4x7xf32>
  return %r : tensor<1x4x7xf32>
}
