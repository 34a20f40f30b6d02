// EXPECT: 2:35: error: unknown escape in string literal
func.func @f() attributes {doc = "\u00e9"} {
  return
}
