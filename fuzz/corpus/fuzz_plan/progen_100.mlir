module {
  func.func @f(%x0: tensor<33x3xf32>, %w1: tensor<3x7xf32>, %r2: tensor<33x7xf32>, %r3: tensor<33x7xf32>, %b4: tensor<7xf32>) -> tensor<33x7xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %zs1 = arith.constant dense<0.000000e+00> : tensor<33x7xf32>
    %mm2 = linalg.matmul ins(%x0, %w1 : tensor<33x3xf32>, tensor<3x7xf32>) outs(%zs1 : tensor<33x7xf32>) -> tensor<33x7xf32>
    %e3 = tensor.empty() : tensor<33x7xf32>
    %ep4 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm2, %r2, %r3, %b4 : tensor<33x7xf32>, tensor<33x7xf32>, tensor<33x7xf32>, tensor<7xf32>) outs(%e3 : tensor<33x7xf32>) {
    ^bb0(%in0: f32, %in1: f32, %in2: f32, %in3: f32, %out: f32):
      %t0 = arith.addf %in0, %in1 : f32
      %t1 = arith.addf %t0, %in2 : f32
      %t2 = arith.subf %t1, %in3 : f32
      linalg.yield %t2 : f32
    } -> tensor<33x7xf32>
    return %ep4 : tensor<33x7xf32>
  }
}
