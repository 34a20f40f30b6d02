// EXPECT: 5:1: error: expected ',' and the assertion message, found '}'
func.func @f(%a: index, %b: index) {
  %c = arith.cmpi eq, %a, %b : index
  cf.assert %c
}
