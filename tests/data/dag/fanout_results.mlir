// One value with several consumers, a join of a branch with its own source,
// and several results, one of which is also consumed inside
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d0)>
func.func @f(%x: tensor<6x10xf32>, %s: tensor<6xf32>) -> (tensor<6x10xf32>, tensor<6x10xf32>, tensor<6x10xf32>) {
  %z = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<6x10xf32>
  %t = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %s : tensor<6x10xf32>, tensor<6xf32>) outs(%e : tensor<6x10xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %v = arith.mulf %a, %c : f32
    linalg.yield %v : f32
  } -> tensor<6x10xf32>
  %u = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%t : tensor<6x10xf32>) outs(%e : tensor<6x10xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = math.tanh %a : f32
    linalg.yield %v : f32
  } -> tensor<6x10xf32>
  %w = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%t : tensor<6x10xf32>) outs(%e : tensor<6x10xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = arith.mulf %a, %two : f32
    linalg.yield %v : f32
  } -> tensor<6x10xf32>
  %j = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%u, %t : tensor<6x10xf32>, tensor<6x10xf32>) outs(%e : tensor<6x10xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %v = arith.subf %a, %c : f32
    linalg.yield %v : f32
  } -> tensor<6x10xf32>
  %k = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%j, %w : tensor<6x10xf32>, tensor<6x10xf32>) outs(%e : tensor<6x10xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %v = arith.maximumf %a, %c : f32
    linalg.yield %v : f32
  } -> tensor<6x10xf32>
  return %k, %w, %t : tensor<6x10xf32>, tensor<6x10xf32>, tensor<6x10xf32>
}
