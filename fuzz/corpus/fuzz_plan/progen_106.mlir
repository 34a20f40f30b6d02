#map0 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, d2)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @f(%x0: tensor<1x16x15xf32>, %w1: tensor<1x15x32xf32>, %b2: tensor<32xf32>, %w3: tensor<32x7xf32>) -> tensor<16x7xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %zs1 = arith.constant dense<0.000000e+00> : tensor<16x32xf32>
    %bmm2 = linalg.generic {indexing_maps = [#map0, #map1, #map2], iterator_types = ["reduction", "parallel", "parallel", "reduction"]} ins(%x0, %w1 : tensor<1x16x15xf32>, tensor<1x15x32xf32>) outs(%zs1 : tensor<16x32xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<16x32xf32>
    %e3 = tensor.empty() : tensor<16x32xf32>
    %ep4 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%bmm2, %b2 : tensor<16x32xf32>, tensor<32xf32>) outs(%e3 : tensor<16x32xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %t0 = arith.truncf %in0 : f32 to bf16
      %t1 = arith.extf %t0 : bf16 to f32
      %t2 = arith.subf %t1, %in1 : f32
      linalg.yield %t2 : f32
    } -> tensor<16x32xf32>
    %e5 = tensor.empty() : tensor<16x7xf32>
    %z6 = linalg.fill ins(%zero : f32) outs(%e5 : tensor<16x7xf32>) -> tensor<16x7xf32>
    %mm7 = linalg.matmul ins(%ep4, %w3 : tensor<16x32xf32>, tensor<32x7xf32>) outs(%z6 : tensor<16x7xf32>) -> tensor<16x7xf32>
    %e8 = tensor.empty() : tensor<16x7xf32>
    %ep9 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%mm7 : tensor<16x7xf32>) outs(%e8 : tensor<16x7xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %t0 = arith.constant 0.000000e+00 : f32
      %t1 = arith.maximumf %in0, %t0 : f32
      linalg.yield %t1 : f32
    } -> tensor<16x7xf32>
    return %ep9 : tensor<16x7xf32>
  }
}
