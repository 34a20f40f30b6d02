#map0 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, d2)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map5 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map6 = affine_map<(d0, d1, d2) -> (d0, d1)>
module {
  func.func @f(%x0: tensor<4x31x32xf32>, %w1: tensor<4x32x32xf32>, %r2: tensor<31x32xf32>, %w3: tensor<32x5xf32>, %r4: tensor<31x5xf32>, %w5: tensor<5x2xf32>) -> tensor<31x2xbf16> {
    %zero = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<31x32xf32>
    %z2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<31x32xf32>) -> tensor<31x32xf32>
    %bmm3 = linalg.generic {indexing_maps = [#map0, #map1, #map2], iterator_types = ["reduction", "parallel", "parallel", "reduction"]} ins(%x0, %w1 : tensor<4x31x32xf32>, tensor<4x32x32xf32>) outs(%z2 : tensor<31x32xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<31x32xf32>
    %e4 = tensor.empty() : tensor<31x32xf32>
    %ep5 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%bmm3, %r2 : tensor<31x32xf32>, tensor<31x32xf32>) outs(%e4 : tensor<31x32xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %t0 = arith.constant 0.000000e+00 : f32
      %t1 = arith.maxnumf %in0, %t0 : f32
      %t2 = arith.addf %t1, %in1 : f32
      linalg.yield %t2 : f32
    } -> tensor<31x32xf32>
    %e6 = tensor.empty() : tensor<31x5xf32>
    %z7 = linalg.fill ins(%zero : f32) outs(%e6 : tensor<31x5xf32>) -> tensor<31x5xf32>
    %mm8 = linalg.generic {indexing_maps = [#map4, #map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%ep5, %w3 : tensor<31x32xf32>, tensor<32x5xf32>) outs(%z7 : tensor<31x5xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<31x5xf32>
    %cscale9 = arith.constant -1.500000000e+00 : f32
    %e10 = tensor.empty() : tensor<31x5xf32>
    %ep11 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%mm8, %r4 : tensor<31x5xf32>, tensor<31x5xf32>) outs(%e10 : tensor<31x5xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %t0 = arith.addf %in0, %in1 : f32
      linalg.yield %t0 : f32
    } -> tensor<31x5xf32>
    %e12 = tensor.empty() : tensor<31x5xf32>
    %ep13 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%ep11 : tensor<31x5xf32>) outs(%e12 : tensor<31x5xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %t0 = arith.truncf %in0 : f32 to bf16
      %t1 = arith.extf %t0 : bf16 to f32
      linalg.yield %t1 : f32
    } -> tensor<31x5xf32>
    %e14 = tensor.empty() : tensor<31x5xf32>
    %ep15 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%ep13 : tensor<31x5xf32>) outs(%e14 : tensor<31x5xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %t0 = arith.mulf %in0, %cscale9 : f32
      linalg.yield %t0 : f32
    } -> tensor<31x5xf32>
    %e16 = tensor.empty() : tensor<31x2xf32>
    %z17 = linalg.fill ins(%zero : f32) outs(%e16 : tensor<31x2xf32>) -> tensor<31x2xf32>
    %mm18 = linalg.matmul ins(%ep15, %w5 : tensor<31x5xf32>, tensor<5x2xf32>) outs(%z17 : tensor<31x2xf32>) -> tensor<31x2xf32>
    %e19 = tensor.empty() : tensor<31x2xf32>
    %ep20 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%mm18 : tensor<31x2xf32>) outs(%e19 : tensor<31x2xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %t0 = arith.truncf %in0 : f32 to bf16
      %t1 = arith.extf %t0 : bf16 to f32
      %t2 = arith.truncf %t1 : f32 to bf16
      %t3 = arith.extf %t2 : bf16 to f32
      %t4 = arith.truncf %t3 : f32 to bf16
      %t5 = arith.extf %t4 : bf16 to f32
      linalg.yield %t5 : f32
    } -> tensor<31x2xf32>
    %e21 = tensor.empty() : tensor<31x2xbf16>
    %ep22 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%ep20 : tensor<31x2xf32>) outs(%e21 : tensor<31x2xbf16>) {
    ^bb0(%in0: f32, %out: bf16):
      %t0 = arith.truncf %in0 : f32 to bf16
      linalg.yield %t0 : bf16
    } -> tensor<31x2xbf16>
    return %ep22 : tensor<31x2xbf16>
  }
}
