// EXPECT: 2:25: error: dimension too large
func.func @f(%a: tensor<99999999999999999999xf32>) {
  return
}
