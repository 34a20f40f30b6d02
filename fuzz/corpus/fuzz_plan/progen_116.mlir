#map0 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map5 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @f(%x0: tensor<7x1xf32>, %w1: tensor<13x1xf32>, %w2: tensor<13x16xf32>, %b3: tensor<16xf32>, %b4: tensor<16xf32>, %w5: tensor<16x17xf32>, %r6: tensor<7x17xf32>, %b7: tensor<17xf32>) -> tensor<7x17xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<7x13xf32>
    %z2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<7x13xf32>) -> tensor<7x13xf32>
    %mm3 = linalg.generic {indexing_maps = [#map0, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x0, %w1 : tensor<7x1xf32>, tensor<13x1xf32>) outs(%z2 : tensor<7x13xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<7x13xf32>
    %e4 = tensor.empty() : tensor<7x13xf32>
    %ep5 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%mm3 : tensor<7x13xf32>) outs(%e4 : tensor<7x13xf32>) {
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
      linalg.yield %t12 : f32
    } -> tensor<7x13xf32>
    %e6 = tensor.empty() : tensor<7x16xf32>
    %z7 = linalg.fill ins(%zero : f32) outs(%e6 : tensor<7x16xf32>) -> tensor<7x16xf32>
    %mm8 = linalg.generic {indexing_maps = [#map0, #map4, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%ep5, %w2 : tensor<7x13xf32>, tensor<13x16xf32>) outs(%z7 : tensor<7x16xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<7x16xf32>
    %e9 = tensor.empty() : tensor<7x16xf32>
    %ep10 = linalg.generic {indexing_maps = [#map3, #map5, #map5, #map3], iterator_types = ["parallel", "parallel"]} ins(%mm8, %b3, %b4 : tensor<7x16xf32>, tensor<16xf32>, tensor<16xf32>) outs(%e9 : tensor<7x16xf32>) {
    ^bb0(%in0: f32, %in1: f32, %in2: f32, %out: f32):
      %t0 = arith.subf %in0, %in1 : f32
      %t1 = arith.addf %t0, %in2 : f32
      linalg.yield %t1 : f32
    } -> tensor<7x16xf32>
    %e11 = tensor.empty() : tensor<7x17xf32>
    %z12 = linalg.fill ins(%zero : f32) outs(%e11 : tensor<7x17xf32>) -> tensor<7x17xf32>
    %mm13 = linalg.matmul ins(%ep10, %w5 : tensor<7x16xf32>, tensor<16x17xf32>) outs(%z12 : tensor<7x17xf32>) -> tensor<7x17xf32>
    %e14 = tensor.empty() : tensor<7x17xf32>
    %add15 = linalg.add ins(%mm13, %r6 : tensor<7x17xf32>, tensor<7x17xf32>) outs(%e14 : tensor<7x17xf32>) -> tensor<7x17xf32>
    %e16 = tensor.empty() : tensor<7x17xf32>
    %ep17 = linalg.generic {indexing_maps = [#map3, #map5, #map3], iterator_types = ["parallel", "parallel"]} ins(%add15, %b7 : tensor<7x17xf32>, tensor<17xf32>) outs(%e16 : tensor<7x17xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %t0 = arith.subf %in0, %in1 : f32
      linalg.yield %t0 : f32
    } -> tensor<7x17xf32>
    return %ep17 : tensor<7x17xf32>
  }
}
