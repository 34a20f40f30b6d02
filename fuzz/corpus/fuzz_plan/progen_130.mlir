#map0 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @f(%x0: tensor<33x32xf32>, %w1: tensor<32x31xf32>, %w2: tensor<31x1xf32>, %b3: tensor<1xf32>, %w4: tensor<33x1xf32>, %b5: tensor<33xf32>) -> tensor<33x33xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %zs1 = arith.constant dense<0.000000e+00> : tensor<33x31xf32>
    %mm2 = linalg.generic {indexing_maps = [#map0, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x0, %w1 : tensor<33x32xf32>, tensor<32x31xf32>) outs(%zs1 : tensor<33x31xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<33x31xf32>
    %cscale3 = arith.constant 1.250000000e-01 : f32
    %e4 = tensor.empty() : tensor<33x31xf32>
    %ep5 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%mm2 : tensor<33x31xf32>) outs(%e4 : tensor<33x31xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %t0 = arith.constant 7.071067800e-01 : f32
      %t1 = arith.mulf %in0, %t0 : f32
      %t2 = math.erf %t1 : f32
      %t3 = arith.constant 1.000000e+00 : f32
      %t4 = arith.addf %t2, %t3 : f32
      %t5 = arith.constant 5.000000e-01 : f32
      %t6 = arith.mulf %in0, %t5 : f32
      %t7 = arith.mulf %t6, %t4 : f32
      %t8 = arith.mulf %t7, %cscale3 : f32
      %t9 = arith.constant 7.071067800e-01 : f32
      %t10 = arith.mulf %t8, %t9 : f32
      %t11 = math.erf %t10 : f32
      %t12 = arith.constant 1.000000e+00 : f32
      %t13 = arith.addf %t11, %t12 : f32
      %t14 = arith.constant 5.000000e-01 : f32
      %t15 = arith.mulf %t8, %t14 : f32
      %t16 = arith.mulf %t15, %t13 : f32
      linalg.yield %t16 : f32
    } -> tensor<33x31xf32>
    %e6 = tensor.empty() : tensor<33x1xf32>
    %z7 = linalg.fill ins(%zero : f32) outs(%e6 : tensor<33x1xf32>) -> tensor<33x1xf32>
    %mm8 = linalg.generic {indexing_maps = [#map0, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%ep5, %w2 : tensor<33x31xf32>, tensor<31x1xf32>) outs(%z7 : tensor<33x1xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<33x1xf32>
    %e9 = tensor.empty() : tensor<33x1xf32>
    %ep10 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%mm8, %b3 : tensor<33x1xf32>, tensor<1xf32>) outs(%e9 : tensor<33x1xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %t0 = arith.addf %in0, %in1 : f32
      %t1 = arith.truncf %t0 : f32 to bf16
      %t2 = arith.extf %t1 : bf16 to f32
      linalg.yield %t2 : f32
    } -> tensor<33x1xf32>
    %zs11 = arith.constant dense<0.000000e+00> : tensor<33x33xf32>
    %mm12 = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%ep10, %w4 : tensor<33x1xf32>, tensor<33x1xf32>) outs(%zs11 : tensor<33x33xf32>) -> tensor<33x33xf32>
    %e13 = tensor.empty() : tensor<33x33xf32>
    %ep14 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%mm12, %b5 : tensor<33x33xf32>, tensor<33xf32>) outs(%e13 : tensor<33x33xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %t0 = arith.subf %in0, %in1 : f32
      %t1 = arith.truncf %t0 : f32 to bf16
      %t2 = arith.extf %t1 : bf16 to f32
      linalg.yield %t2 : f32
    } -> tensor<33x33xf32>
    return %ep14 : tensor<33x33xf32>
  }
}
