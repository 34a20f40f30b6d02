// EXPECT: 2:25: error: dynamic dimensions are not supported (spadc needs static shapes)
func.func @f(%a: tensor<?x4xf32>) -> tensor<?x4xf32> {
  return %a : tensor<?x4xf32>
}
