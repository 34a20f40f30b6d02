// EXPECT: 4:3: error: operation 'cf.assert' defines 0 results but 1 is bound
func.func @f(%a: index, %b: index) {
  %c = arith.cmpi eq, %a, %b : index
  %d = cf.assert %c, "no result"
  return
}
