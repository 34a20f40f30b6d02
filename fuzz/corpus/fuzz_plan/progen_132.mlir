module {
  func.func @f(%x0: tensor<1x1x3xf32>, %w1: tensor<1x3x3xf32>, %b2: tensor<3xf32>, %w3: tensor<5x3xf32>) -> tensor<1x5xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<1x3xf32>
    %z2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x3xf32>) -> tensor<1x3xf32>
    %bmm3 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d1, d2)>], iterator_types = ["reduction", "parallel", "parallel", "reduction"]} ins(%x0, %w1 : tensor<1x1x3xf32>, tensor<1x3x3xf32>) outs(%z2 : tensor<1x3xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<1x3xf32>
    %e4 = tensor.empty() : tensor<1x3xf32>
    %ep5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%bmm3, %b2 : tensor<1x3xf32>, tensor<3xf32>) outs(%e4 : tensor<1x3xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %t0 = arith.subf %in0, %in1 : f32
      linalg.yield %t0 : f32
    } -> tensor<1x3xf32>
    %e6 = tensor.empty() : tensor<1x5xf32>
    %z7 = linalg.fill ins(%zero : f32) outs(%e6 : tensor<1x5xf32>) -> tensor<1x5xf32>
    %mm8 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%ep5, %w3 : tensor<1x3xf32>, tensor<5x3xf32>) outs(%z7 : tensor<1x5xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<1x5xf32>
    %e9 = tensor.empty() : tensor<1x5xf32>
    %ep10 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm8 : tensor<1x5xf32>) outs(%e9 : tensor<1x5xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %t0 = arith.constant 7.071067800e-01 : f32
      %t1 = arith.mulf %in0, %t0 : f32
      %t2 = math.erf %t1 : f32
      %t3 = arith.constant 1.000000e+00 : f32
      %t4 = arith.addf %t2, %t3 : f32
      %t5 = arith.constant 5.000000e-01 : f32
      %t6 = arith.mulf %in0, %t5 : f32
      %t7 = arith.mulf %t6, %t4 : f32
      linalg.yield %t7 : f32
    } -> tensor<1x5xf32>
    %e11 = tensor.empty() : tensor<1x5xf32>
    %ep12 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ep10 : tensor<1x5xf32>) outs(%e11 : tensor<1x5xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %t0 = arith.truncf %in0 : f32 to bf16
      %t1 = arith.extf %t0 : bf16 to f32
      %t2 = arith.constant 7.071067800e-01 : f32
      %t3 = arith.mulf %t1, %t2 : f32
      %t4 = math.erf %t3 : f32
      %t5 = arith.constant 1.000000e+00 : f32
      %t6 = arith.addf %t4, %t5 : f32
      %t7 = arith.constant 5.000000e-01 : f32
      %t8 = arith.mulf %t1, %t7 : f32
      %t9 = arith.mulf %t8, %t6 : f32
      linalg.yield %t9 : f32
    } -> tensor<1x5xf32>
    return %ep12 : tensor<1x5xf32>
  }
}
