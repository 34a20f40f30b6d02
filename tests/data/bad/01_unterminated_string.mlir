// EXPECT: 2:34: error: unterminated string
func.func @f() attributes {doc = "oops} {
  return
}
