// difftest regression (cpu), found with seed 60397, shrunk; tests/cli/regress.sh runs:
// RUN: run -e f --target cpu --check --threads 2 --seed 60397
// what failed: exit 4: b x m x n x k epilogue path time ms GFLOP/s k0 contraction 3x191x129x129 exp engine 3.851 5.0 k1 loop 1 elements - engine 0.059 - total 3.910 4.9 check result0: max abs err 6.99e+03, max rel err 0.000101 (max |ref| 6.91e+07; the reference moves by 8 when its inputs move by 4 ulps): MISMATCH 
// class: cpu: exit 4 (mismatch)
// spec: {"graph":1,"dims":{"d0":3,"d1":191,"d2":129},"nodes":[{"op":"arg","shape":[["d0"],["d1"],["d2"]],"dt":"f32","role":"input"},{"op":"arg","shape":[["d0"],["d2"],["d2"]],"dt":"f32","role":"weight"},{"op":"mm","kind":"batch_matmul","in":[0,1],"spell":"generic","init":"fill","shape":[["d0"],["d1"],["d2"]],"dt":"f32"},{"op":"ew","in":[2],"maps":[[0,1,2]],"start":0,"steps":[["exp",null]],"shape":[["d0"],["d1"],["d2"]],"dt":"f32","spell":"generic"},{"op":"red","in":[3],"dims":[0,1,2],"kind":"sum","keep":"map0","spell":"generic","shape":[[],[],[]],"dt":"f32"}],"results":[4],"generic_print":false,"aliases":false}
module {
  func.func @f(%x0: tensor<3x191x129xf32>, %w1: tensor<3x129x129xf32>) -> tensor<1x1x1xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<3x191x129xf32>
    %z2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<3x191x129xf32>) -> tensor<3x191x129xf32>
    %bmm3 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%x0, %w1 : tensor<3x191x129xf32>, tensor<3x129x129xf32>) outs(%z2 : tensor<3x191x129xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<3x191x129xf32>
    %e4 = tensor.empty() : tensor<3x191x129xf32>
    %g5 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%bmm3 : tensor<3x191x129xf32>) outs(%e4 : tensor<3x191x129xf32>) {
    ^bb0(%b1_0: f32, %o1: f32):
      %u2 = math.exp %b1_0 : f32
      linalg.yield %u2 : f32
    } -> tensor<3x191x129xf32>
    %e6 = tensor.empty() : tensor<1x1x1xf32>
    %c7 = arith.constant 0.000000e+00 : f32
    %z8 = linalg.fill ins(%c7 : f32) outs(%e6 : tensor<1x1x1xf32>) -> tensor<1x1x1xf32>
    %red9 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (0, 0, 0)>], iterator_types = ["reduction", "reduction", "reduction"]} ins(%g5 : tensor<3x191x129xf32>) outs(%z8 : tensor<1x1x1xf32>) {
    ^bb0(%ri3: f32, %ra3: f32):
      %rr3 = arith.addf %ri3, %ra3 : f32
      linalg.yield %rr3 : f32
    } -> tensor<1x1x1xf32>
    return %red9 : tensor<1x1x1xf32>
  }
}
