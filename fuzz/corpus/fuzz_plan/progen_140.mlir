#map0 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, d2)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @f(%x0: tensor<1x1x16xf32>, %w1: tensor<1x16x5xf32>, %b2: tensor<5xf32>) -> tensor<1x5xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %zs1 = arith.constant dense<0.000000e+00> : tensor<1x5xf32>
    %bmm2 = linalg.generic {indexing_maps = [#map0, #map1, #map2], iterator_types = ["reduction", "parallel", "parallel", "reduction"]} ins(%x0, %w1 : tensor<1x1x16xf32>, tensor<1x16x5xf32>) outs(%zs1 : tensor<1x5xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<1x5xf32>
    %e3 = tensor.empty() : tensor<1x5xf32>
    %ep4 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%bmm2, %b2 : tensor<1x5xf32>, tensor<5xf32>) outs(%e3 : tensor<1x5xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %t0 = arith.truncf %in0 : f32 to bf16
      %t1 = arith.extf %t0 : bf16 to f32
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
      %t15 = arith.addf %t14, %in1 : f32
      %t16 = arith.constant 0.000000e+00 : f32
      %t17 = arith.maximumf %t15, %t16 : f32
      linalg.yield %t17 : f32
    } -> tensor<1x5xf32>
    return %ep4 : tensor<1x5xf32>
  }
}
