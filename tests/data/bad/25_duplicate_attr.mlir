// EXPECT: 2:35: error: duplicate attribute 'a'
func.func @f() attributes {a = 1, a = 2} {
  return
}
