// EXPECT: 4:3: error: 'cf.assert' needs the property 'msg'
func.func @f(%a: index, %b: index) {
  %c = arith.cmpi eq, %a, %b : index
  "cf.assert"(%c) : (i1) -> ()
  return
}
