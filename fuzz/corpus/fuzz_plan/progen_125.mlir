module {
  func.func @f(%x0: tensor<3x33x17xf32>, %w1: tensor<3x17x32xf32>) -> tensor<3x33x32xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<3x33x32xf32>
    %z2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<3x33x32xf32>) -> tensor<3x33x32xf32>
    %bmm3 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%x0, %w1 : tensor<3x33x17xf32>, tensor<3x17x32xf32>) outs(%z2 : tensor<3x33x32xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<3x33x32xf32>
    return %bmm3 : tensor<3x33x32xf32>
  }
}
