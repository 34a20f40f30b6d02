// A reduction of a broadcast: the broadcast alone spans the reduced loops,
// so canonicalization must not fold it into the reduction's map (which
// left the loops without bounds: "loop bounds cannot be inferred").
func.func @f(%x: tensor<f32>, %y: tensor<4xf32>) -> (tensor<f32>, tensor<4xf32>) {
  %e = tensor.empty() : tensor<4x1x5xf32>
  %b = linalg.broadcast ins(%x : tensor<f32>) outs(%e : tensor<4x1x5xf32>) dimensions = [0, 1, 2]
  %z = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<f32>
  %i0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
  %s = linalg.reduce ins(%b : tensor<4x1x5xf32>) outs(%i0 : tensor<f32>) dimensions = [0, 1, 2]
    (%a: f32, %acc: f32) {
      %t = arith.addf %a, %acc : f32
      linalg.yield %t : f32
    }
  %c = tensor.collapse_shape %b [[0], [1, 2]] : tensor<4x1x5xf32> into tensor<4x5xf32>
  %e1 = tensor.empty() : tensor<4xf32>
  %i1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.reduce ins(%c : tensor<4x5xf32>) outs(%i1 : tensor<4xf32>) dimensions = [1]
    (%a: f32, %acc: f32) {
      %t = arith.addf %a, %acc : f32
      linalg.yield %t : f32
    }
  %e2 = tensor.empty() : tensor<4xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%r, %y : tensor<4xf32>, tensor<4xf32>) outs(%e2 : tensor<4xf32>) {
  ^bb0(%p: f32, %q: f32, %w: f32):
    %u = arith.addf %p, %q : f32
    linalg.yield %u : f32
  } -> tensor<4xf32>
  return %s, %o : tensor<f32>, tensor<4xf32>
}
