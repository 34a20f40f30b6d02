// difftest regression (cpu), found with seed 668, shrunk; tests/cli/regress.sh runs:
// RUN: run -e f --target cpu --check --threads 2 --seed 668
// what failed: a mismatch of 1.3e-4 (max |ref| 1) past the fixed tolerance: the GEMM chain's results (~170) feed exp(min(x, 0)), so their f32 rounding shows; the reference moves as much when its inputs move by 4 ulps (check.c probe_sensitivity)
// class: cpu: exit 4 (mismatch)
// spec: {"graph":1,"dims":{"d0":1,"d1":193,"d2":97,"d3":193,"d4":129,"d5":191},"nodes":[{"op":"arg","shape":[["d0"],["d1"],["d2"]],"dt":"f32","role":"input"},{"op":"arg","shape":[["d0"],["d2"],["d3"]],"dt":"f32","role":"weight"},{"op":"mm","kind":"batch_reduce_matmul","in":[0,1],"spell":"generic","init":"fill","shape":[["d1"],["d3"]],"dt":"f32"},{"op":"arg","shape":[["d3"],["d4"]],"dt":"f32","role":"weight"},{"op":"mm","kind":"matmul","in":[2,3],"spell":"generic","init":"fill","shape":[["d1"],["d4"]],"dt":"f32"},{"op":"arg","shape":[["d5"],["d4"]],"dt":"f32","role":"weight"},{"op":"mm","kind":"matmul_tb","in":[4,5],"spell":"generic","init":"fill","shape":[["d1"],["d5"]],"dt":"f32"},{"op":"ew","in":[6],"maps":[[0,1]],"start":0,"steps":[["expneg",null]],"shape":[["d1"],["d5"]],"dt":"f32","spell":"generic"}],"results":[7],"generic_print":false,"aliases":false}
module {
  func.func @f(%x0: tensor<1x193x97xf32>, %w1: tensor<1x97x193xf32>, %w2: tensor<193x129xf32>, %w3: tensor<191x129xf32>) -> tensor<193x191xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<193x193xf32>
    %z2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<193x193xf32>) -> tensor<193x193xf32>
    %bmm3 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d1, d2)>], iterator_types = ["reduction", "parallel", "parallel", "reduction"]} ins(%x0, %w1 : tensor<1x193x97xf32>, tensor<1x97x193xf32>) outs(%z2 : tensor<193x193xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<193x193xf32>
    %e4 = tensor.empty() : tensor<193x129xf32>
    %z5 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<193x129xf32>) -> tensor<193x129xf32>
    %mm6 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%bmm3, %w2 : tensor<193x193xf32>, tensor<193x129xf32>) outs(%z5 : tensor<193x129xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<193x129xf32>
    %e7 = tensor.empty() : tensor<193x191xf32>
    %z8 = linalg.fill ins(%zero : f32) outs(%e7 : tensor<193x191xf32>) -> tensor<193x191xf32>
    %mm9 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%mm6, %w3 : tensor<193x129xf32>, tensor<191x129xf32>) outs(%z8 : tensor<193x191xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<193x191xf32>
    %e10 = tensor.empty() : tensor<193x191xf32>
    %g11 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm9 : tensor<193x191xf32>) outs(%e10 : tensor<193x191xf32>) {
    ^bb0(%b1_0: f32, %o1: f32):
      %u2 = arith.constant 0.000000000e+00 : f32
      %u3 = arith.minimumf %b1_0, %u2 : f32
      %u4 = math.exp %u3 : f32
      linalg.yield %u4 : f32
    } -> tensor<193x191xf32>
    return %g11 : tensor<193x191xf32>
  }
}
