// difftest regression (npu), found with seed 8, shrunk; tests/cli/regress.sh runs:
// RUN: run -e f --target npu --check --seed 8
// what failed: exit SIGSEGV:
// class: npu: SIGSEGV in __memcpy_avx512_unaligned_erms < nf_step < put
// spec: {"graph":1,"dims":{"d0":1,"d1":1,"d2":3},"nodes":[{"op":"arg","shape":[["d0"],["d1"],["d2"]],"dt":"f32","role":"input"},{"op":"ew","in":[0],"maps":[[0,1,2]],"start":0,"steps":[["addc",-1.0]],"shape":[["d0"],["d1"],["d2"]],"dt":"f32","spell":"generic"},{"op":"ew","in":[0],"maps":[[0,1,2]],"start":0,"steps":[["gelu_tanh",null]],"shape":[["d0"],["d1"],["d2"]],"dt":"f32","spell":"generic"},{"op":"ew","in":[2,1],"maps":[[0,1,2],[0,1,2]],"start":0,"steps":[["add",[1,false]]],"shape":[["d0"],["d1"],["d2"]],"dt":"f32","spell":"generic"}],"results":[3],"generic_print":false,"aliases":false}
module {
  func.func @f(%x0: tensor<1x1x3xf32>) -> tensor<1x1x3xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<1x1x3xf32>
    %g2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x0 : tensor<1x1x3xf32>) outs(%e1 : tensor<1x1x3xf32>) {
    ^bb0(%b1_0: f32, %o1: f32):
      %u2 = arith.constant -1.000000000e+00 : f32
      %u3 = arith.addf %b1_0, %u2 : f32
      linalg.yield %u3 : f32
    } -> tensor<1x1x3xf32>
    %e3 = tensor.empty() : tensor<1x1x3xf32>
    %g4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x0 : tensor<1x1x3xf32>) outs(%e3 : tensor<1x1x3xf32>) {
    ^bb0(%b4_0: f32, %o4: f32):
      %u5 = arith.mulf %b4_0, %b4_0 : f32
      %u6 = arith.mulf %u5, %b4_0 : f32
      %u7 = arith.constant 4.471500000e-02 : f32
      %u8 = arith.mulf %u6, %u7 : f32
      %u9 = arith.addf %b4_0, %u8 : f32
      %u10 = arith.constant 7.978845608e-01 : f32
      %u11 = arith.mulf %u9, %u10 : f32
      %u12 = math.tanh %u11 : f32
      %u13 = arith.constant 1.000000e+00 : f32
      %u14 = arith.addf %u12, %u13 : f32
      %u15 = arith.constant 5.000000e-01 : f32
      %u16 = arith.mulf %b4_0, %u15 : f32
      %u17 = arith.mulf %u16, %u14 : f32
      linalg.yield %u17 : f32
    } -> tensor<1x1x3xf32>
    %e5 = tensor.empty() : tensor<1x1x3xf32>
    %g6 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%g4, %g2 : tensor<1x1x3xf32>, tensor<1x1x3xf32>) outs(%e5 : tensor<1x1x3xf32>) {
    ^bb0(%b18_0: f32, %b18_1: f32, %o18: f32):
      %u19 = arith.addf %b18_0, %b18_1 : f32
      linalg.yield %u19 : f32
    } -> tensor<1x1x3xf32>
    return %g6 : tensor<1x1x3xf32>
  }
}
