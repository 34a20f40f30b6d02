// EXPECT: 3:23: error: dense literal dimension 1 has 2 elements, type has 3
func.func @f() -> tensor<2x3xf32> {
  %c = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x3xf32>
  return %c : tensor<2x3xf32>
}
