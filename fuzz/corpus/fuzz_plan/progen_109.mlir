#map0 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2)>
module {
  func.func @f(%x0: tensor<1x15x16xf32>, %w1: tensor<1x16x16xf32>, %b2: tensor<16xf32>, %w3: tensor<1x16x16xf32>) -> tensor<15x16xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %zs1 = arith.constant dense<0.000000e+00> : tensor<1x15x16xf32>
    %bmm2 = linalg.batch_matmul ins(%x0, %w1 : tensor<1x15x16xf32>, tensor<1x16x16xf32>) outs(%zs1 : tensor<1x15x16xf32>) -> tensor<1x15x16xf32>
    %e3 = tensor.empty() : tensor<1x15x16xf32>
    %ep4 = linalg.generic {indexing_maps = [#map0, #map1, #map0], iterator_types = ["parallel", "parallel", "parallel"]} ins(%bmm2, %b2 : tensor<1x15x16xf32>, tensor<16xf32>) outs(%e3 : tensor<1x15x16xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %t0 = arith.subf %in0, %in1 : f32
      linalg.yield %t0 : f32
    } -> tensor<1x15x16xf32>
    %e5 = tensor.empty() : tensor<15x16xf32>
    %z6 = linalg.fill ins(%zero : f32) outs(%e5 : tensor<15x16xf32>) -> tensor<15x16xf32>
    %bmm7 = linalg.batch_reduce_matmul ins(%ep4, %w3 : tensor<1x15x16xf32>, tensor<1x16x16xf32>) outs(%z6 : tensor<15x16xf32>) -> tensor<15x16xf32>
    return %bmm7 : tensor<15x16xf32>
  }
}
