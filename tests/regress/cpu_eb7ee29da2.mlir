// difftest regression (cpu), found with seed 60397, shrunk; tests/cli/regress.sh runs:
// RUN: run -e f --target cpu --check --threads 2 --seed 60397
// what failed: exit 4: 1 elements - engine 0.090 - k2 loop 73917 elements sub exp engine 42.403 - k3 loop 1 elements - engine 0.067 - total 185.609 0.1 check result0: max abs err 0.00142, max rel err 0.000116 (max |ref| 12.2; the reference moves by 3.34e-05 when its inputs move by 4 ulps): MISMATCH spadc run: erro
// class: cpu: exit 4 (mismatch)
// spec: {"graph":1,"dims":{"d0":3,"d1":191,"d2":129},"nodes":[{"op":"arg","shape":[["d0"],["d1"],["d2"]],"dt":"f32","role":"input"},{"op":"arg","shape":[["d0"],["d2"],["d2"]],"dt":"f32","role":"weight"},{"op":"mm","kind":"batch_matmul","in":[0,1],"spell":"generic","init":"fill","shape":[["d0"],["d1"],["d2"]],"dt":"f32"},{"op":"red","in":[2],"dims":[0,1,2],"kind":"max","keep":"map0","spell":"generic","shape":[[],[],[]],"dt":"f32"},{"op":"ew","in":[2,3],"maps":[[0,1,2],[-1,-1,-1]],"start":0,"steps":[["sub",[1,false]],["exp",null]],"shape":[["d0"],["d1"],["d2"]],"dt":"f32","spell":"generic"},{"op":"red","in":[4],"dims":[0,1,2],"kind":"sum","keep":"map0","spell":"generic","shape":[[],[],[]],"dt":"f32"}],"results":[5],"generic_print":false,"aliases":false}
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
    %e4 = tensor.empty() : tensor<1x1x1xf32>
    %c5 = arith.constant 0xFF800000 : f32
    %z6 = linalg.fill ins(%c5 : f32) outs(%e4 : tensor<1x1x1xf32>) -> tensor<1x1x1xf32>
    %red7 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (0, 0, 0)>], iterator_types = ["reduction", "reduction", "reduction"]} ins(%bmm3 : tensor<3x191x129xf32>) outs(%z6 : tensor<1x1x1xf32>) {
    ^bb0(%ri1: f32, %ra1: f32):
      %rr1 = arith.maximumf %ri1, %ra1 : f32
      linalg.yield %rr1 : f32
    } -> tensor<1x1x1xf32>
    %e8 = tensor.empty() : tensor<3x191x129xf32>
    %g9 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (0, 0, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%bmm3, %red7 : tensor<3x191x129xf32>, tensor<1x1x1xf32>) outs(%e8 : tensor<3x191x129xf32>) {
    ^bb0(%b2_0: f32, %b2_1: f32, %o2: f32):
      %u3 = arith.subf %b2_0, %b2_1 : f32
      %u4 = math.exp %u3 : f32
      linalg.yield %u4 : f32
    } -> tensor<3x191x129xf32>
    %e10 = tensor.empty() : tensor<1x1x1xf32>
    %c11 = arith.constant 0.000000e+00 : f32
    %z12 = linalg.fill ins(%c11 : f32) outs(%e10 : tensor<1x1x1xf32>) -> tensor<1x1x1xf32>
    %red13 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (0, 0, 0)>], iterator_types = ["reduction", "reduction", "reduction"]} ins(%g9 : tensor<3x191x129xf32>) outs(%z12 : tensor<1x1x1xf32>) {
    ^bb0(%ri5: f32, %ra5: f32):
      %rr5 = arith.addf %ri5, %ra5 : f32
      linalg.yield %rr5 : f32
    } -> tensor<1x1x1xf32>
    return %red13 : tensor<1x1x1xf32>
  }
}
