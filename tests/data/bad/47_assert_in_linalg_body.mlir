// EXPECT: 7:5: error: 'cf.assert' op is supported in function and scf.for bodies only, not in a 'linalg.generic' body
#id = affine_map<(d0) -> (d0)>
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%x : tensor<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %p = arith.cmpf oge, %a, %a : f32
    cf.assert %p, "not NaN"
    linalg.yield %a : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
