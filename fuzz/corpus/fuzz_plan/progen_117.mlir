module {
  func.func @f(%x0: tensor<2x5x13xf32>, %w1: tensor<2x13x3xf32>, %b2: tensor<3xf32>, %b3: tensor<3xf32>) -> tensor<5x3xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<5x3xf32>
    %z2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<5x3xf32>) -> tensor<5x3xf32>
    %bmm3 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d1, d2)>], iterator_types = ["reduction", "parallel", "parallel", "reduction"]} ins(%x0, %w1 : tensor<2x5x13xf32>, tensor<2x13x3xf32>) outs(%z2 : tensor<5x3xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<5x3xf32>
    %e4 = tensor.empty() : tensor<5x3xf32>
    %ep5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%bmm3, %b2, %b3 : tensor<5x3xf32>, tensor<3xf32>, tensor<3xf32>) outs(%e4 : tensor<5x3xf32>) {
    ^bb0(%in0: f32, %in1: f32, %in2: f32, %out: f32):
      %t0 = arith.subf %in0, %in1 : f32
      %t1 = arith.addf %t0, %in2 : f32
      linalg.yield %t1 : f32
    } -> tensor<5x3xf32>
    return %ep5 : tensor<5x3xf32>
  }
}
