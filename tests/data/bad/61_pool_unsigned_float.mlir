// EXPECT: 4:8: error: linalg.pooling_nwc_max_unsigned needs an integer result, found a float one
// an unsigned max has no meaning on floats (mlir-opt-22 rejects it too)
func.func @f(%i: tensor<1x9x4xf32>, %k: tensor<3xf32>, %o: tensor<1x7x4xf32>) -> tensor<1x7x4xf32> {
  %r = linalg.pooling_nwc_max_unsigned ins(%i, %k : tensor<1x9x4xf32>, tensor<3xf32>) outs(%o : tensor<1x7x4xf32>) -> tensor<1x7x4xf32>
  return %r : tensor<1x7x4xf32>
}
