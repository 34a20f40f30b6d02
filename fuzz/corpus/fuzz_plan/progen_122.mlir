module {
  func.func @f(%x0: tensor<3x7x2xf32>, %w1: tensor<3x2x7xf32>, %w2: tensor<3x7x13xf32>, %b3: tensor<13xf32>, %r4: tensor<7x13xf32>, %w5: tensor<16x13xf32>, %b6: tensor<16xf32>) -> tensor<7x16xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<3x7x7xf32>
    %z2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<3x7x7xf32>) -> tensor<3x7x7xf32>
    %bmm3 = linalg.batch_matmul ins(%x0, %w1 : tensor<3x7x2xf32>, tensor<3x2x7xf32>) outs(%z2 : tensor<3x7x7xf32>) -> tensor<3x7x7xf32>
    %e4 = tensor.empty() : tensor<7x13xf32>
    %z5 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<7x13xf32>) -> tensor<7x13xf32>
    %bmm6 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d1, d2)>], iterator_types = ["reduction", "parallel", "parallel", "reduction"]} ins(%bmm3, %w2 : tensor<3x7x7xf32>, tensor<3x7x13xf32>) outs(%z5 : tensor<7x13xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<7x13xf32>
    %e7 = tensor.empty() : tensor<7x13xf32>
    %ep8 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%bmm6, %b3, %r4 : tensor<7x13xf32>, tensor<13xf32>, tensor<7x13xf32>) outs(%e7 : tensor<7x13xf32>) {
    ^bb0(%in0: f32, %in1: f32, %in2: f32, %out: f32):
      %t0 = arith.subf %in0, %in1 : f32
      %t1 = arith.addf %t0, %in2 : f32
      linalg.yield %t1 : f32
    } -> tensor<7x13xf32>
    %e9 = tensor.empty() : tensor<7x16xf32>
    %z10 = linalg.fill ins(%zero : f32) outs(%e9 : tensor<7x16xf32>) -> tensor<7x16xf32>
    %mm11 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%ep8, %w5 : tensor<7x13xf32>, tensor<16x13xf32>) outs(%z10 : tensor<7x16xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<7x16xf32>
    %e12 = tensor.empty() : tensor<7x16xf32>
    %ep13 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm11, %b6 : tensor<7x16xf32>, tensor<16xf32>) outs(%e12 : tensor<7x16xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %t0 = arith.constant 7.071067800e-01 : f32
      %t1 = arith.mulf %in0, %t0 : f32
      %t2 = math.erf %t1 : f32
      %t3 = arith.constant 1.000000e+00 : f32
      %t4 = arith.addf %t2, %t3 : f32
      %t5 = arith.constant 5.000000e-01 : f32
      %t6 = arith.mulf %in0, %t5 : f32
      %t7 = arith.mulf %t6, %t4 : f32
      %t8 = arith.addf %t7, %in1 : f32
      linalg.yield %t8 : f32
    } -> tensor<7x16xf32>
    return %ep13 : tensor<7x16xf32>
  }
}
