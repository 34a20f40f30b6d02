// difftest regression (cpu), found with seed 8, shrunk; tests/cli/regress.sh runs:
// RUN: run -e f --target cpu --check --threads 2 --seed 8
// what failed: exit SIGSEGV:
// class: cpu: SIGSEGV in run_scalar < cpu_epi_eval < run_loop
// spec: {"graph":1,"dims":{"d0":1,"d1":1,"d2":1},"nodes":[{"op":"arg","shape":[["d0"],["d1"],["d2"]],"dt":"f32","role":"input"},{"op":"ew","in":[0],"maps":[[0,1,2]],"start":0,"steps":[["expneg",null]],"shape":[["d0"],["d1"],["d2"]],"dt":"f32","spell":"generic"},{"op":"ew","in":[0],"maps":[[0,1,2]],"start":0,"steps":[["square",null]],"shape":[["d0"],["d1"],["d2"]],"dt":"f32","spell":"generic"},{"op":"ew","in":[2,1],"maps":[[0,1,2],[0,1,2]],"start":0,"steps":[["add",[1,false]]],"shape":[["d0"],["d1"],["d2"]],"dt":"f32","spell":"generic"}],"results":[3],"generic_print":false,"aliases":false}
module {
  func.func @f(%x0: tensor<1x1x1xf32>) -> tensor<1x1x1xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<1x1x1xf32>
    %g2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x0 : tensor<1x1x1xf32>) outs(%e1 : tensor<1x1x1xf32>) {
    ^bb0(%b1_0: f32, %o1: f32):
      %u2 = arith.constant 0.000000000e+00 : f32
      %u3 = arith.minimumf %b1_0, %u2 : f32
      %u4 = math.exp %u3 : f32
      linalg.yield %u4 : f32
    } -> tensor<1x1x1xf32>
    %e3 = tensor.empty() : tensor<1x1x1xf32>
    %g4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x0 : tensor<1x1x1xf32>) outs(%e3 : tensor<1x1x1xf32>) {
    ^bb0(%b5_0: f32, %o5: f32):
      %u6 = arith.mulf %b5_0, %b5_0 : f32
      linalg.yield %u6 : f32
    } -> tensor<1x1x1xf32>
    %e5 = tensor.empty() : tensor<1x1x1xf32>
    %g6 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%g4, %g2 : tensor<1x1x1xf32>, tensor<1x1x1xf32>) outs(%e5 : tensor<1x1x1xf32>) {
    ^bb0(%b7_0: f32, %b7_1: f32, %o7: f32):
      %u8 = arith.addf %b7_0, %b7_1 : f32
      linalg.yield %u8 : f32
    } -> tensor<1x1x1xf32>
    return %g6 : tensor<1x1x1xf32>
  }
}
