#map0 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2)>
module {
  func.func @f(%x0: tensor<2x13x31xf32>, %w1: tensor<2x31x1xf32>, %b2: tensor<1xf32>) -> tensor<2x13x1xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<2x13x1xf32>
    %z2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<2x13x1xf32>) -> tensor<2x13x1xf32>
    %bmm3 = linalg.batch_matmul ins(%x0, %w1 : tensor<2x13x31xf32>, tensor<2x31x1xf32>) outs(%z2 : tensor<2x13x1xf32>) -> tensor<2x13x1xf32>
    %e4 = tensor.empty() : tensor<2x13x1xf32>
    %ep5 = linalg.generic {indexing_maps = [#map0, #map1, #map0], iterator_types = ["parallel", "parallel", "parallel"]} ins(%bmm3, %b2 : tensor<2x13x1xf32>, tensor<1xf32>) outs(%e4 : tensor<2x13x1xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %t0 = arith.truncf %in0 : f32 to bf16
      %t1 = arith.extf %t0 : bf16 to f32
      %t2 = arith.addf %t1, %in1 : f32
      %t3 = arith.truncf %t2 : f32 to bf16
      %t4 = arith.extf %t3 : bf16 to f32
      %t5 = arith.constant 0.000000e+00 : f32
      %t6 = arith.maximumf %t4, %t5 : f32
      linalg.yield %t6 : f32
    } -> tensor<2x13x1xf32>
    return %ep5 : tensor<2x13x1xf32>
  }
}
