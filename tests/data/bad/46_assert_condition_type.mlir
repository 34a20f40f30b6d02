// EXPECT: 3:3: error: 'cf.assert' op condition must be i1, found index
func.func @f(%a: index) {
  cf.assert %a, "a is not a condition"
  return
}
