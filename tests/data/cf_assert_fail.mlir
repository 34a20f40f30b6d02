// Failing cf.assert: each function stops with the assert's message, located
// at the assert, on every target (exit 1). @size compares index constants,
// @value a value a kernel computes; @value's message has escapes.
#id = affine_map<(d0) -> (d0)>
func.func @size(%x: tensor<8xf32>) -> tensor<8xf32> {
  %c8 = arith.constant 8 : index
  %c4 = arith.constant 4 : index
  %0 = arith.cmpi eq, %c8, %c4 : index
  cf.assert %0, "mismatched size"
  %e = tensor.empty() : tensor<8xf32>
  %y = linalg.mul ins(%x, %x : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  return %y : tensor<8xf32>
}
func.func @value(%x: tensor<8xf32>) -> tensor<8xf32> {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %b = math.absf %a : f32
    %c = arith.addf %b, %one : f32
    linalg.yield %c : f32
  } -> tensor<8xf32>
  %c5 = arith.constant 5 : index
  %v = tensor.extract %y[%c5] : tensor<8xf32>
  %bad = arith.cmpf olt, %v, %one : f32
  cf.assert %bad, "\"abs(x) + 1\" < 1\\"
  %e2 = tensor.empty() : tensor<8xf32>
  %z = linalg.mul ins(%y, %y : tensor<8xf32>, tensor<8xf32>) outs(%e2 : tensor<8xf32>) -> tensor<8xf32>
  return %z : tensor<8xf32>
}
