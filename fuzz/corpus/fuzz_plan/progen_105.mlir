module {
  func.func @f(%x0: tensor<33x2xf32>, %w1: tensor<3x2xf32>, %w2: tensor<31x3xf32>, %b3: tensor<31xf32>, %b4: tensor<31xf32>, %w5: tensor<32x31xf32>, %r6: tensor<33x32xf32>) -> tensor<33x32xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<33x3xf32>
    %z2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<33x3xf32>) -> tensor<33x3xf32>
    %mm3 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x0, %w1 : tensor<33x2xf32>, tensor<3x2xf32>) outs(%z2 : tensor<33x3xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<33x3xf32>
    %e4 = tensor.empty() : tensor<33x3xf32>
    %ep5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm3 : tensor<33x3xf32>) outs(%e4 : tensor<33x3xf32>) {
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
    } -> tensor<33x3xf32>
    %e6 = tensor.empty() : tensor<33x31xf32>
    %z7 = linalg.fill ins(%zero : f32) outs(%e6 : tensor<33x31xf32>) -> tensor<33x31xf32>
    %mm8 = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%ep5, %w2 : tensor<33x3xf32>, tensor<31x3xf32>) outs(%z7 : tensor<33x31xf32>) -> tensor<33x31xf32>
    %e9 = tensor.empty() : tensor<33x31xf32>
    %ep10 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm8, %b3, %b4 : tensor<33x31xf32>, tensor<31xf32>, tensor<31xf32>) outs(%e9 : tensor<33x31xf32>) {
    ^bb0(%in0: f32, %in1: f32, %in2: f32, %out: f32):
      %t0 = arith.truncf %in0 : f32 to bf16
      %t1 = arith.extf %t0 : bf16 to f32
      %t2 = arith.subf %t1, %in1 : f32
      %t3 = arith.subf %t2, %in2 : f32
      linalg.yield %t3 : f32
    } -> tensor<33x31xf32>
    %zs11 = arith.constant dense<0.000000e+00> : tensor<33x32xf32>
    %mm12 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%ep10, %w5 : tensor<33x31xf32>, tensor<32x31xf32>) outs(%zs11 : tensor<33x32xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<33x32xf32>
    %e13 = tensor.empty() : tensor<33x32xf32>
    %ep14 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm12, %r6 : tensor<33x32xf32>, tensor<33x32xf32>) outs(%e13 : tensor<33x32xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %t0 = arith.addf %in0, %in1 : f32
      %t1 = arith.constant 7.071067800e-01 : f32
      %t2 = arith.mulf %t0, %t1 : f32
      %t3 = math.erf %t2 : f32
      %t4 = arith.constant 1.000000e+00 : f32
      %t5 = arith.addf %t3, %t4 : f32
      %t6 = arith.constant 5.000000e-01 : f32
      %t7 = arith.mulf %t0, %t6 : f32
      %t8 = arith.mulf %t7, %t5 : f32
      %t9 = arith.constant 0.000000e+00 : f32
      %t10 = arith.maximumf %t8, %t9 : f32
      linalg.yield %t10 : f32
    } -> tensor<33x32xf32>
    return %ep14 : tensor<33x32xf32>
  }
}
