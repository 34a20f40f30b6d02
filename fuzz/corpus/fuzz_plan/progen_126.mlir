#map0 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d1, d2)>
#map5 = affine_map<(d0, d1) -> (d0, d1)>
#map6 = affine_map<(d0, d1) -> (d1)>
#map7 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map8 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map9 = affine_map<(d0, d1, d2) -> (d0, d1)>
module {
  func.func @f(%x0: tensor<2x17x15xf32>, %w1: tensor<2x15x8xf32>, %b2: tensor<8xf32>, %r3: tensor<2x17x8xf32>, %w4: tensor<2x8x7xf32>, %b5: tensor<7xf32>, %r6: tensor<17x7xf32>, %w7: tensor<7x5xf32>) -> tensor<17x5xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<2x17x8xf32>
    %z2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<2x17x8xf32>) -> tensor<2x17x8xf32>
    %bmm3 = linalg.batch_matmul ins(%x0, %w1 : tensor<2x17x15xf32>, tensor<2x15x8xf32>) outs(%z2 : tensor<2x17x8xf32>) -> tensor<2x17x8xf32>
    %e4 = tensor.empty() : tensor<2x17x8xf32>
    %ep5 = linalg.generic {indexing_maps = [#map0, #map1, #map0, #map0], iterator_types = ["parallel", "parallel", "parallel"]} ins(%bmm3, %b2, %r3 : tensor<2x17x8xf32>, tensor<8xf32>, tensor<2x17x8xf32>) outs(%e4 : tensor<2x17x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %in2: f32, %out: f32):
      %t0 = arith.subf %in0, %in1 : f32
      %t1 = arith.addf %t0, %in2 : f32
      %t2 = arith.mulf %t1, %t1 : f32
      %t3 = arith.mulf %t2, %t1 : f32
      %t4 = arith.constant 4.471500000e-02 : f32
      %t5 = arith.mulf %t3, %t4 : f32
      %t6 = arith.addf %t1, %t5 : f32
      %t7 = arith.constant 7.978845608e-01 : f32
      %t8 = arith.mulf %t6, %t7 : f32
      %t9 = math.tanh %t8 : f32
      %t10 = arith.constant 1.000000e+00 : f32
      %t11 = arith.addf %t9, %t10 : f32
      %t12 = arith.constant 5.000000e-01 : f32
      %t13 = arith.mulf %t1, %t12 : f32
      %t14 = arith.mulf %t13, %t11 : f32
      %t15 = arith.constant 0.000000e+00 : f32
      %t16 = arith.maximumf %t14, %t15 : f32
      linalg.yield %t16 : f32
    } -> tensor<2x17x8xf32>
    %e6 = tensor.empty() : tensor<17x7xf32>
    %z7 = linalg.fill ins(%zero : f32) outs(%e6 : tensor<17x7xf32>) -> tensor<17x7xf32>
    %bmm8 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["reduction", "parallel", "parallel", "reduction"]} ins(%ep5, %w4 : tensor<2x17x8xf32>, tensor<2x8x7xf32>) outs(%z7 : tensor<17x7xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<17x7xf32>
    %e9 = tensor.empty() : tensor<17x7xf32>
    %ep10 = linalg.generic {indexing_maps = [#map5, #map6, #map5, #map5], iterator_types = ["parallel", "parallel"]} ins(%bmm8, %b5, %r6 : tensor<17x7xf32>, tensor<7xf32>, tensor<17x7xf32>) outs(%e9 : tensor<17x7xf32>) {
    ^bb0(%in0: f32, %in1: f32, %in2: f32, %out: f32):
      %t0 = arith.addf %in0, %in1 : f32
      %t1 = arith.addf %t0, %in2 : f32
      linalg.yield %t1 : f32
    } -> tensor<17x7xf32>
    %e11 = tensor.empty() : tensor<17x5xf32>
    %z12 = linalg.fill ins(%zero : f32) outs(%e11 : tensor<17x5xf32>) -> tensor<17x5xf32>
    %mm13 = linalg.generic {indexing_maps = [#map7, #map8, #map9], iterator_types = ["parallel", "parallel", "reduction"]} ins(%ep10, %w7 : tensor<17x7xf32>, tensor<7x5xf32>) outs(%z12 : tensor<17x5xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<17x5xf32>
    %e14 = tensor.empty() : tensor<17x5xf32>
    %ep15 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel"]} ins(%mm13 : tensor<17x5xf32>) outs(%e14 : tensor<17x5xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %t0 = arith.truncf %in0 : f32 to bf16
      %t1 = arith.extf %t0 : bf16 to f32
      linalg.yield %t1 : f32
    } -> tensor<17x5xf32>
    return %ep15 : tensor<17x5xf32>
  }
}
