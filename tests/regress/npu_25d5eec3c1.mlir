// difftest regression (npu), found with seed 61, shrunk; tests/cli/regress.sh runs:
// RUN: run -e f --target npu --check --seed 61
// what failed: exit SIGSEGV:
// class: npu: SIGSEGV in nf_step < put < load_tile
// spec: {"graph":1,"dims":{"d0":2,"d1":2},"nodes":[{"op":"arg","shape":[["d0"],["d1"]],"dt":"f32","role":"input"},{"op":"arg","shape":[["d0"],["d0"]],"dt":"f32","role":"weight"},{"op":"mm","kind":"matmul_ta","in":[0,1],"spell":"generic","init":"fill","shape":[["d1"],["d0"]],"dt":"f32"},{"op":"transpose","in":[2],"perm":[1,0],"shape":[["d0"],["d1"]],"dt":"f32","spell":"named"},{"op":"ew","in":[3],"maps":[[0,1]],"start":0,"steps":[["maxc",0.0]],"shape":[["d0"],["d1"]],"dt":"f32","spell":"generic"},{"op":"ew","in":[3],"maps":[[0,1]],"start":0,"steps":[["mulc",0.2]],"shape":[["d0"],["d1"]],"dt":"f32","spell":"generic"},{"op":"ew","in":[5,4],"maps":[[0,1],[0,1]],"start":1,"steps":[["add",[0,false]]],"shape":[["d0"],["d1"]],"dt":"f32","spell":"generic"}],"results":[6],"generic_print":false,"aliases":false}
module {
  func.func @f(%x0: tensor<2x2xf32>, %w1: tensor<2x2xf32>) -> tensor<2x2xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<2x2xf32>
    %z2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<2x2xf32>) -> tensor<2x2xf32>
    %mm3 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x0, %w1 : tensor<2x2xf32>, tensor<2x2xf32>) outs(%z2 : tensor<2x2xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<2x2xf32>
    %e4 = tensor.empty() : tensor<2x2xf32>
    %tr5 = linalg.transpose ins(%mm3 : tensor<2x2xf32>) outs(%e4 : tensor<2x2xf32>) permutation = [1, 0]
    %e6 = tensor.empty() : tensor<2x2xf32>
    %g7 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%tr5 : tensor<2x2xf32>) outs(%e6 : tensor<2x2xf32>) {
    ^bb0(%b1_0: f32, %o1: f32):
      %u2 = arith.constant 0.000000000e+00 : f32
      %u3 = arith.maximumf %b1_0, %u2 : f32
      linalg.yield %u3 : f32
    } -> tensor<2x2xf32>
    %e8 = tensor.empty() : tensor<2x2xf32>
    %g9 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%tr5 : tensor<2x2xf32>) outs(%e8 : tensor<2x2xf32>) {
    ^bb0(%b4_0: f32, %o4: f32):
      %u5 = arith.constant 2.000000000e-01 : f32
      %u6 = arith.mulf %b4_0, %u5 : f32
      linalg.yield %u6 : f32
    } -> tensor<2x2xf32>
    %e10 = tensor.empty() : tensor<2x2xf32>
    %g11 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%g9, %g7 : tensor<2x2xf32>, tensor<2x2xf32>) outs(%e10 : tensor<2x2xf32>) {
    ^bb0(%b7_0: f32, %b7_1: f32, %o7: f32):
      %u8 = arith.addf %b7_1, %b7_0 : f32
      linalg.yield %u8 : f32
    } -> tensor<2x2xf32>
    return %g11 : tensor<2x2xf32>
  }
}
