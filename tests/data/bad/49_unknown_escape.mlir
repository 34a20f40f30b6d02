// EXPECT: 2:36: error: unknown escape in string literal
func.func @f() attributes {doc = "a\qb"} {
  return
}
