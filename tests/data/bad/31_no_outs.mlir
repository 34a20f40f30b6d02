// EXPECT: 4:8: error: linalg.fill needs at least one outs operand
func.func @f() -> tensor<4xf32> {
  %c = arith.constant 0.0 : f32
  %r = linalg.fill ins(%c : f32) outs() -> tensor<4xf32>
  return %r : tensor<4xf32>
}
