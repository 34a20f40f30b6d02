// EXPECT: 2:18: error: expected type, found '3'
func.func @f(%a: 3) {
  return
}
