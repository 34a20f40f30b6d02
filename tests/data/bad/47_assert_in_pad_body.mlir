// EXPECT: 7:5: error: 'cf.assert' op is supported in function, scf.for and linalg bodies only, not in a 'tensor.pad' body
func.func @f(%x: tensor<4xf32>) -> tensor<6xf32> {
  %z = arith.constant 0.0 : f32
  %r = tensor.pad %x low[1] high[1] {
  ^bb0(%i: index):
    %p = arith.cmpf oge, %z, %z : f32
    cf.assert %p, "not NaN"
    tensor.yield %z : f32
  } : tensor<4xf32> to tensor<6xf32>
  return %r : tensor<6xf32>
}
