#map0 = affine_map<(d0, d1, d2) -> (d2, d0)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1) -> (d1)>
#map5 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map6 = affine_map<(d0, d1, d2) -> (d1, d2)>
module {
  func.func @f(%x0: tensor<13x1xf32>, %w1: tensor<13x1xf32>, %b2: tensor<1xf32>, %w3: tensor<32x1xf32>, %b4: tensor<32xf32>, %w5: tensor<32x16xf32>) -> tensor<1x16xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<1x1xf32>
    %z2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x1xf32>) -> tensor<1x1xf32>
    %mm3 = linalg.generic {indexing_maps = [#map0, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x0, %w1 : tensor<13x1xf32>, tensor<13x1xf32>) outs(%z2 : tensor<1x1xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<1x1xf32>
    %e4 = tensor.empty() : tensor<1x1xf32>
    %ep5 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%mm3, %b2 : tensor<1x1xf32>, tensor<1xf32>) outs(%e4 : tensor<1x1xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %t0 = arith.addf %in0, %in1 : f32
      linalg.yield %t0 : f32
    } -> tensor<1x1xf32>
    %e6 = tensor.empty() : tensor<1x1xf32>
    %ep7 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%ep5 : tensor<1x1xf32>) outs(%e6 : tensor<1x1xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %t0 = arith.constant 0.000000e+00 : f32
      %t1 = arith.maxnumf %in0, %t0 : f32
      linalg.yield %t1 : f32
    } -> tensor<1x1xf32>
    %e8 = tensor.empty() : tensor<1x32xf32>
    %z9 = linalg.fill ins(%zero : f32) outs(%e8 : tensor<1x32xf32>) -> tensor<1x32xf32>
    %mm10 = linalg.generic {indexing_maps = [#map5, #map6, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%ep7, %w3 : tensor<1x1xf32>, tensor<32x1xf32>) outs(%z9 : tensor<1x32xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<1x32xf32>
    %e11 = tensor.empty() : tensor<1x32xf32>
    %ep12 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%mm10 : tensor<1x32xf32>) outs(%e11 : tensor<1x32xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %t0 = arith.constant 7.071067800e-01 : f32
      %t1 = arith.mulf %in0, %t0 : f32
      %t2 = math.erf %t1 : f32
      %t3 = arith.constant 1.000000e+00 : f32
      %t4 = arith.addf %t2, %t3 : f32
      %t5 = arith.constant 5.000000e-01 : f32
      %t6 = arith.mulf %in0, %t5 : f32
      %t7 = arith.mulf %t6, %t4 : f32
      linalg.yield %t7 : f32
    } -> tensor<1x32xf32>
    %e13 = tensor.empty() : tensor<1x32xf32>
    %ep14 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%ep12 : tensor<1x32xf32>) outs(%e13 : tensor<1x32xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %t0 = arith.truncf %in0 : f32 to bf16
      %t1 = arith.extf %t0 : bf16 to f32
      linalg.yield %t1 : f32
    } -> tensor<1x32xf32>
    %e15 = tensor.empty() : tensor<1x32xf32>
    %ep16 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%ep14, %b4 : tensor<1x32xf32>, tensor<32xf32>) outs(%e15 : tensor<1x32xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %t0 = arith.subf %in0, %in1 : f32
      linalg.yield %t0 : f32
    } -> tensor<1x32xf32>
    %e17 = tensor.empty() : tensor<1x16xf32>
    %z18 = linalg.fill ins(%zero : f32) outs(%e17 : tensor<1x16xf32>) -> tensor<1x16xf32>
    %mm19 = linalg.matmul ins(%ep16, %w5 : tensor<1x32xf32>, tensor<32x16xf32>) outs(%z18 : tensor<1x16xf32>) -> tensor<1x16xf32>
    %e20 = tensor.empty() : tensor<1x16xf32>
    %ep21 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%mm19 : tensor<1x16xf32>) outs(%e20 : tensor<1x16xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %t0 = arith.constant 7.071067800e-01 : f32
      %t1 = arith.mulf %in0, %t0 : f32
      %t2 = math.erf %t1 : f32
      %t3 = arith.constant 1.000000e+00 : f32
      %t4 = arith.addf %t2, %t3 : f32
      %t5 = arith.constant 5.000000e-01 : f32
      %t6 = arith.mulf %in0, %t5 : f32
      %t7 = arith.mulf %t6, %t4 : f32
      linalg.yield %t7 : f32
    } -> tensor<1x16xf32>
    return %ep21 : tensor<1x16xf32>
  }
}
