// EXPECT: 2:18: error: unsupported type 'memref': spadc reads linalg on tensors, not bufferized IR
func.func @f(%a: memref<4xf32>) {
  return
}
