// EXPECT: 2:18: error: tensor has too many elements (more than 2^59)
func.func @f(%a: tensor<4000000000x4000000000x4000000000xf32>) {
  return
}
