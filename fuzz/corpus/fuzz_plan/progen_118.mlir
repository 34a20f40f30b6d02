module {
  func.func @f(%x0: tensor<8x32xf32>, %w1: tensor<8x17xf32>) -> tensor<32x17xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %zs1 = arith.constant dense<0.000000e+00> : tensor<32x17xf32>
    %mm2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x0, %w1 : tensor<8x32xf32>, tensor<8x17xf32>) outs(%zs1 : tensor<32x17xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<32x17xf32>
    %e3 = tensor.empty() : tensor<32x17xf32>
    %ep4 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm2 : tensor<32x17xf32>) outs(%e3 : tensor<32x17xf32>) {
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
    } -> tensor<32x17xf32>
    %e5 = tensor.empty() : tensor<32x17xf32>
    %ep6 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ep4 : tensor<32x17xf32>) outs(%e5 : tensor<32x17xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %t0 = arith.constant 0.000000e+00 : f32
      %t1 = arith.maximumf %in0, %t0 : f32
      linalg.yield %t1 : f32
    } -> tensor<32x17xf32>
    return %ep6 : tensor<32x17xf32>
  }
}
