#map0 = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1)>
module {
  func.func @f(%x0: tensor<16x32xf32>, %w1: tensor<16x5xf32>, %r2: tensor<32x5xf32>, %w3: tensor<5x32xf32>, %r4: tensor<32x32xf32>) -> tensor<32x32xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<32x5xf32>
    %z2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<32x5xf32>) -> tensor<32x5xf32>
    %mm3 = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%x0, %w1 : tensor<16x32xf32>, tensor<16x5xf32>) outs(%z2 : tensor<32x5xf32>) -> tensor<32x5xf32>
    %e4 = tensor.empty() : tensor<32x5xf32>
    %ep5 = linalg.generic {indexing_maps = [#map0, #map0, #map0], iterator_types = ["parallel", "parallel"]} ins(%mm3, %r2 : tensor<32x5xf32>, tensor<32x5xf32>) outs(%e4 : tensor<32x5xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %t0 = arith.addf %in0, %in1 : f32
      %t1 = arith.truncf %t0 : f32 to bf16
      %t2 = arith.extf %t1 : bf16 to f32
      linalg.yield %t2 : f32
    } -> tensor<32x5xf32>
    %zs6 = arith.constant dense<0.000000e+00> : tensor<32x32xf32>
    %mm7 = linalg.generic {indexing_maps = [#map1, #map2, #map3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%ep5, %w3 : tensor<32x5xf32>, tensor<5x32xf32>) outs(%zs6 : tensor<32x32xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<32x32xf32>
    %e8 = tensor.empty() : tensor<32x32xf32>
    %ep9 = linalg.generic {indexing_maps = [#map0, #map0], iterator_types = ["parallel", "parallel"]} ins(%mm7 : tensor<32x32xf32>) outs(%e8 : tensor<32x32xf32>) {
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
    } -> tensor<32x32xf32>
    %e10 = tensor.empty() : tensor<32x32xf32>
    %ep11 = linalg.generic {indexing_maps = [#map0, #map0, #map0], iterator_types = ["parallel", "parallel"]} ins(%ep9, %r4 : tensor<32x32xf32>, tensor<32x32xf32>) outs(%e10 : tensor<32x32xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %t0 = arith.addf %in0, %in1 : f32
      linalg.yield %t0 : f32
    } -> tensor<32x32xf32>
    return %ep11 : tensor<32x32xf32>
  }
}
