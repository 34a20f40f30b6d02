module {
  func.func @f(%x0: tensor<16x2xf32>, %w1: tensor<32x2xf32>, %r2: tensor<16x32xf32>, %w3: tensor<32x32xf32>) -> tensor<16x32xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %zs1 = arith.constant dense<0.000000e+00> : tensor<16x32xf32>
    %mm2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x0, %w1 : tensor<16x2xf32>, tensor<32x2xf32>) outs(%zs1 : tensor<16x32xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<16x32xf32>
    %cscale3 = arith.constant -1.500000000e+00 : f32
    %e4 = tensor.empty() : tensor<16x32xf32>
    %ep5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm2, %r2 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%e4 : tensor<16x32xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %t0 = arith.addf %in0, %in1 : f32
      linalg.yield %t0 : f32
    } -> tensor<16x32xf32>
    %e6 = tensor.empty() : tensor<16x32xf32>
    %ep7 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ep5 : tensor<16x32xf32>) outs(%e6 : tensor<16x32xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %t0 = arith.constant 0.000000e+00 : f32
      %t1 = arith.maximumf %in0, %t0 : f32
      linalg.yield %t1 : f32
    } -> tensor<16x32xf32>
    %e8 = tensor.empty() : tensor<16x32xf32>
    %ep9 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ep7 : tensor<16x32xf32>) outs(%e8 : tensor<16x32xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %t0 = arith.mulf %in0, %cscale3 : f32
      linalg.yield %t0 : f32
    } -> tensor<16x32xf32>
    %e10 = tensor.empty() : tensor<16x32xf32>
    %z11 = linalg.fill ins(%zero : f32) outs(%e10 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %mm12 = linalg.matmul ins(%ep9, %w3 : tensor<16x32xf32>, tensor<32x32xf32>) outs(%z11 : tensor<16x32xf32>) -> tensor<16x32xf32>
    return %mm12 : tensor<16x32xf32>
  }
}
