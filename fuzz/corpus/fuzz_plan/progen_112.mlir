module {
  func.func @f(%x0: tensor<17x17xf32>, %w1: tensor<17x1xf32>, %b2: tensor<1xf32>, %w3: tensor<1x13xf32>, %b4: tensor<13xf32>) -> tensor<17x13xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<17x1xf32>
    %z2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<17x1xf32>) -> tensor<17x1xf32>
    %mm3 = linalg.matmul ins(%x0, %w1 : tensor<17x17xf32>, tensor<17x1xf32>) outs(%z2 : tensor<17x1xf32>) -> tensor<17x1xf32>
    %cscale4 = arith.constant -1.500000000e+00 : f32
    %e5 = tensor.empty() : tensor<17x1xf32>
    %ep6 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm3, %b2 : tensor<17x1xf32>, tensor<1xf32>) outs(%e5 : tensor<17x1xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %t0 = arith.mulf %in0, %cscale4 : f32
      %t1 = arith.subf %t0, %in1 : f32
      linalg.yield %t1 : f32
    } -> tensor<17x1xf32>
    %e7 = tensor.empty() : tensor<17x13xf32>
    %z8 = linalg.fill ins(%zero : f32) outs(%e7 : tensor<17x13xf32>) -> tensor<17x13xf32>
    %mm9 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%ep6, %w3 : tensor<17x1xf32>, tensor<1x13xf32>) outs(%z8 : tensor<17x13xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<17x13xf32>
    %e10 = tensor.empty() : tensor<17x13xf32>
    %ep11 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm9, %b4 : tensor<17x13xf32>, tensor<13xf32>) outs(%e10 : tensor<17x13xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %t0 = arith.constant 0.000000e+00 : f32
      %t1 = arith.maximumf %in0, %t0 : f32
      %t2 = arith.subf %t1, %in1 : f32
      %t3 = arith.constant 7.071067800e-01 : f32
      %t4 = arith.mulf %t2, %t3 : f32
      %t5 = math.erf %t4 : f32
      %t6 = arith.constant 1.000000e+00 : f32
      %t7 = arith.addf %t5, %t6 : f32
      %t8 = arith.constant 5.000000e-01 : f32
      %t9 = arith.mulf %t2, %t8 : f32
      %t10 = arith.mulf %t9, %t7 : f32
      linalg.yield %t10 : f32
    } -> tensor<17x13xf32>
    return %ep11 : tensor<17x13xf32>
  }
}
