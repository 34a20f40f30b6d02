module {
  func.func @f(%x0: tensor<2x31xf32>, %w1: tensor<5x31xf32>) -> tensor<2x5xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<2x5xf32>
    %z2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<2x5xf32>) -> tensor<2x5xf32>
    %mm3 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x0, %w1 : tensor<2x31xf32>, tensor<5x31xf32>) outs(%z2 : tensor<2x5xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<2x5xf32>
    %e4 = tensor.empty() : tensor<2x5xf32>
    %ep5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm3 : tensor<2x5xf32>) outs(%e4 : tensor<2x5xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %t0 = arith.constant 0.000000e+00 : f32
      %t1 = arith.maxnumf %in0, %t0 : f32
      linalg.yield %t1 : f32
    } -> tensor<2x5xf32>
    return %ep5 : tensor<2x5xf32>
  }
}
