// EXPECT: 4:27: error: 'arith.addf' has 1 operands but its type lists 2
"func.func"() <{function_type = (f32) -> f32, sym_name = "f"}> ({
^bb0(%a: f32):
  %b = "arith.addf"(%a) : (f32, f32) -> f32
  "func.return"(%b) : (f32) -> ()
}) : () -> ()
