#map0 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @f(%x0: tensor<32x33xf32>, %w1: tensor<33x3xf32>, %r2: tensor<32x3xf32>) -> tensor<32x3xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %zs1 = arith.constant dense<0.000000e+00> : tensor<32x3xf32>
    %mm2 = linalg.matmul ins(%x0, %w1 : tensor<32x33xf32>, tensor<33x3xf32>) outs(%zs1 : tensor<32x3xf32>) -> tensor<32x3xf32>
    %e3 = tensor.empty() : tensor<32x3xf32>
    %ep4 = linalg.generic {indexing_maps = [#map0, #map0, #map0], iterator_types = ["parallel", "parallel"]} ins(%mm2, %r2 : tensor<32x3xf32>, tensor<32x3xf32>) outs(%e3 : tensor<32x3xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %t0 = arith.addf %in0, %in1 : f32
      linalg.yield %t0 : f32
    } -> tensor<32x3xf32>
    return %ep4 : tensor<32x3xf32>
  }
}
