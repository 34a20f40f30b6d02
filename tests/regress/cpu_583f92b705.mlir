// difftest regression (cpu), found with seed 55, shrunk; tests/cli/regress.sh runs:
// RUN: run -e f --target cpu --check --threads 2 --seed 55
// what failed: exit 4: loop 1 elements relu engine 0.000 - k2 loop 1 elements neg engine 0.000 - k3 loop 1 elements bias_add engine 0.000 - total 0.004 - check result0: max abs err 0, max rel err 0 (max |ref| 0): ok check result1: max abs err 0.91, max rel err 2 (max |ref| 0.455): MISMATCH spadc run: error: --chec
// class: cpu: exit 4 (mismatch)
// spec: {"graph":1,"dims":{"d0":1,"d1":1},"nodes":[{"op":"arg","shape":[["d0"],["d1"]],"dt":"f32","role":"input"},{"op":"red","in":[0],"dims":[0],"kind":"sum","keep":"expand","spell":"generic","shape":[[],["d1"]],"dt":"f32"},{"op":"ew","in":[1],"maps":[[0,1]],"start":0,"steps":[["relu","cmpf_ogt"]],"shape":[[],["d1"]],"dt":"f32","spell":"generic"},{"op":"ew","in":[2],"maps":[[0,1]],"start":0,"steps":[["neg",null]],"shape":[[],["d1"]],"dt":"f32","spell":"generic"},{"op":"ew","in":[2,3],"maps":[[0,1],[-1,1]],"start":0,"steps":[["add",[1,false]]],"shape":[[],["d1"]],"dt":"f32","spell":"generic"}],"results":[4,1],"generic_print":false,"aliases":false}
module {
  func.func @f(%x0: tensor<1x1xf32>) -> (tensor<1x1xf32>, tensor<1x1xf32>) {
    %zero = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<1xf32>
    %c2 = arith.constant 0.000000e+00 : f32
    %z3 = linalg.fill ins(%c2 : f32) outs(%e1 : tensor<1xf32>) -> tensor<1xf32>
    %red4 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]} ins(%x0 : tensor<1x1xf32>) outs(%z3 : tensor<1xf32>) {
    ^bb0(%ri1: f32, %ra1: f32):
      %rr1 = arith.addf %ri1, %ra1 : f32
      linalg.yield %rr1 : f32
    } -> tensor<1xf32>
    %rs5 = tensor.expand_shape %red4 [[0, 1]] output_shape [1, 1] : tensor<1xf32> into tensor<1x1xf32>
    %e6 = tensor.empty() : tensor<1x1xf32>
    %g7 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%rs5 : tensor<1x1xf32>) outs(%e6 : tensor<1x1xf32>) {
    ^bb0(%b2_0: f32, %o2: f32):
      %u3 = arith.constant 0.000000000e+00 : f32
      %u4 = arith.cmpf ogt, %b2_0, %u3 : f32
      %u5 = arith.select %u4, %b2_0, %u3 : f32
      linalg.yield %u5 : f32
    } -> tensor<1x1xf32>
    %e8 = tensor.empty() : tensor<1x1xf32>
    %g9 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%g7 : tensor<1x1xf32>) outs(%e8 : tensor<1x1xf32>) {
    ^bb0(%b6_0: f32, %o6: f32):
      %u7 = arith.negf %b6_0 : f32
      linalg.yield %u7 : f32
    } -> tensor<1x1xf32>
    %e10 = tensor.empty() : tensor<1x1xf32>
    %g11 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%g7, %g9 : tensor<1x1xf32>, tensor<1x1xf32>) outs(%e10 : tensor<1x1xf32>) {
    ^bb0(%b8_0: f32, %b8_1: f32, %o8: f32):
      %u9 = arith.addf %b8_0, %b8_1 : f32
      linalg.yield %u9 : f32
    } -> tensor<1x1xf32>
    return %g11, %rs5 : tensor<1x1xf32>, tensor<1x1xf32>
  }
}
