#map0 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @f(%x0: tensor<4x33x16xf32>, %w1: tensor<4x16x15xf32>, %w2: tensor<4x15x15xf32>) -> tensor<33x15xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<4x33x15xf32>
    %z2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<4x33x15xf32>) -> tensor<4x33x15xf32>
    %bmm3 = linalg.generic {indexing_maps = [#map0, #map1, #map2], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%x0, %w1 : tensor<4x33x16xf32>, tensor<4x16x15xf32>) outs(%z2 : tensor<4x33x15xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<4x33x15xf32>
    %cscale4 = arith.constant -1.500000000e+00 : f32
    %e5 = tensor.empty() : tensor<4x33x15xf32>
    %ep6 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%bmm3 : tensor<4x33x15xf32>) outs(%e5 : tensor<4x33x15xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %t0 = arith.mulf %in0, %in0 : f32
      %t1 = arith.mulf %t0, %in0 : f32
      %t2 = arith.constant 4.471500000e-02 : f32
      %t3 = arith.mulf %t1, %t2 : f32
      %t4 = arith.addf %in0, %t3 : f32
      %t5 = arith.constant 7.978845608e-01 : f32
      %t6 = arith.mulf %t4, %t5 : f32
      %t7 = math.tanh %t6 : f32
      %t8 = arith.constant 1.000000e+00 : f32
      %t9 = arith.addf %t7, %t8 : f32
      %t10 = arith.constant 5.000000e-01 : f32
      %t11 = arith.mulf %in0, %t10 : f32
      %t12 = arith.mulf %t11, %t9 : f32
      %t13 = arith.mulf %t12, %cscale4 : f32
      linalg.yield %t13 : f32
    } -> tensor<4x33x15xf32>
    %zs7 = arith.constant dense<0.000000e+00> : tensor<33x15xf32>
    %bmm8 = linalg.batch_reduce_matmul ins(%ep6, %w2 : tensor<4x33x15xf32>, tensor<4x15x15xf32>) outs(%zs7 : tensor<33x15xf32>) -> tensor<33x15xf32>
    %e9 = tensor.empty() : tensor<33x15xf32>
    %ep10 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%bmm8 : tensor<33x15xf32>) outs(%e9 : tensor<33x15xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %t0 = arith.constant 0.000000e+00 : f32
      %t1 = arith.maximumf %in0, %t0 : f32
      linalg.yield %t1 : f32
    } -> tensor<33x15xf32>
    return %ep10 : tensor<33x15xf32>
  }
}
