// difftest regression (cpu), found with seed 53353, shrunk; tests/cli/regress.sh runs:
// RUN: run -e f --target cpu --check --threads 2 --seed 53353
// what failed: exit 4: 1 elements - engine 0.011 - k3 loop 24384 elements mul bias_add engine 0.011 - k4 contraction 1x127x8x192 tanh engine 0.030 13.1 total 1.826 0.2 check result0: max abs err 0.000139, max rel err 0.0668 (max |ref| 1; the reference moves by 3.34e-05 when its inputs move by 4 ulps): MISMATCH spa
// class: cpu: exit 4 (mismatch)
// spec: {"graph":1,"dims":{"d0":1,"d1":127,"d2":1,"d3":192,"d4":8},"nodes":[{"op":"arg","shape":[["d0"],["d1"],["d2"]],"dt":"f32","role":"input"},{"op":"reshape","in":[0],"shape":[["d0","d1"],["d2"]],"dt":"f32"},{"op":"arg","shape":[["d2"],["d3"]],"dt":"f32","role":"weight"},{"op":"mm","kind":"matmul","in":[1,2],"spell":"generic","init":"fill","shape":[["d0","d1"],["d3"]],"dt":"f32"},{"op":"reshape","in":[3],"shape":[["d0"],["d1"],["d3"]],"dt":"f32"},{"op":"ew","in":[4],"maps":[[0,1,2]],"start":0,"steps":[["elu",0.01]],"shape":[["d0"],["d1"],["d3"]],"dt":"f32","spell":"generic"},{"op":"ew","in":[5,5],"maps":[[0,1,2],[0,1,2]],"start":0,"steps":[["mul",[1,false]]],"shape":[["d0"],["d1"],["d3"]],"dt":"f32","spell":"generic"},{"op":"red","in":[6],"dims":[1,2],"kind":"sum","keep":"map0","spell":"generic","shape":[["d0"],[],[]],"dt":"f32"},{"op":"ew","in":[5,7],"maps":[[0,1,2],[0,-1,-1]],"start":0,"steps":[["mul",[1,false]]],"shape":[["d0"],["d1"],["d3"]],"dt":"f32","spell":"generic"},{"op":"arg","shape":[["d3"]],"dt":"f32","role":"bias"},{"op":"ew","in":[8,9],"maps":[[0,1,2],[2]],"start":0,"steps":[["add",[1,false]]],"shape":[["d0"],["d1"],["d3"]],"dt":"f32","spell":"generic"},{"op":"reshape","in":[10],"shape":[["d0","d1"],["d3"]],"dt":"f32"},{"op":"arg","shape":[["d3"],["d4"]],"dt":"f32","role":"weight"},{"op":"mm","kind":"matmul","in":[11,12],"spell":"generic","init":"fill","shape":[["d0","d1"],["d4"]],"dt":"f32"},{"op":"reshape","in":[13],"shape":[["d0"],["d1"],["d4"]],"dt":"f32"},{"op":"ew","in":[14],"maps":[[0,1,2]],"start":0,"steps":[["tanh",null]],"shape":[["d0"],["d1"],["d4"]],"dt":"f32","spell":"generic"}],"results":[15],"generic_print":false,"aliases":false}
module {
  func.func @f(%x0: tensor<1x127x1xf32>, %w1: tensor<1x192xf32>, %b2: tensor<192xf32>, %w3: tensor<192x8xf32>) -> tensor<1x127x8xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %rs1 = tensor.collapse_shape %x0 [[0, 1], [2]] : tensor<1x127x1xf32> into tensor<127x1xf32>
    %e2 = tensor.empty() : tensor<127x192xf32>
    %z3 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<127x192xf32>) -> tensor<127x192xf32>
    %mm4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%rs1, %w1 : tensor<127x1xf32>, tensor<1x192xf32>) outs(%z3 : tensor<127x192xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<127x192xf32>
    %rs5 = tensor.expand_shape %mm4 [[0, 1], [2]] output_shape [1, 127, 192] : tensor<127x192xf32> into tensor<1x127x192xf32>
    %e6 = tensor.empty() : tensor<1x127x192xf32>
    %g7 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%rs5 : tensor<1x127x192xf32>) outs(%e6 : tensor<1x127x192xf32>) {
    ^bb0(%b1_0: f32, %o1: f32):
      %u2 = arith.constant 0.000000000e+00 : f32
      %u3 = arith.cmpf ogt, %b1_0, %u2 : f32
      %u4 = math.exp %b1_0 : f32
      %u5 = arith.constant 1.000000000e+00 : f32
      %u6 = arith.subf %u4, %u5 : f32
      %u7 = arith.constant 1.000000000e-02 : f32
      %u8 = arith.mulf %u6, %u7 : f32
      %u9 = arith.select %u3, %b1_0, %u8 : f32
      linalg.yield %u9 : f32
    } -> tensor<1x127x192xf32>
    %e8 = tensor.empty() : tensor<1x127x192xf32>
    %g9 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%g7, %g7 : tensor<1x127x192xf32>, tensor<1x127x192xf32>) outs(%e8 : tensor<1x127x192xf32>) {
    ^bb0(%b10_0: f32, %b10_1: f32, %o10: f32):
      %u11 = arith.mulf %b10_0, %b10_1 : f32
      linalg.yield %u11 : f32
    } -> tensor<1x127x192xf32>
    %e10 = tensor.empty() : tensor<1x1x1xf32>
    %c11 = arith.constant 0.000000e+00 : f32
    %z12 = linalg.fill ins(%c11 : f32) outs(%e10 : tensor<1x1x1xf32>) -> tensor<1x1x1xf32>
    %red13 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, 0, 0)>], iterator_types = ["parallel", "reduction", "reduction"]} ins(%g9 : tensor<1x127x192xf32>) outs(%z12 : tensor<1x1x1xf32>) {
    ^bb0(%ri12: f32, %ra12: f32):
      %rr12 = arith.addf %ri12, %ra12 : f32
      linalg.yield %rr12 : f32
    } -> tensor<1x1x1xf32>
    %e14 = tensor.empty() : tensor<1x127x192xf32>
    %g15 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, 0, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%g7, %red13 : tensor<1x127x192xf32>, tensor<1x1x1xf32>) outs(%e14 : tensor<1x127x192xf32>) {
    ^bb0(%b13_0: f32, %b13_1: f32, %o13: f32):
      %u14 = arith.mulf %b13_0, %b13_1 : f32
      linalg.yield %u14 : f32
    } -> tensor<1x127x192xf32>
    %e16 = tensor.empty() : tensor<1x127x192xf32>
    %g17 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%g15, %b2 : tensor<1x127x192xf32>, tensor<192xf32>) outs(%e16 : tensor<1x127x192xf32>) {
    ^bb0(%b15_0: f32, %b15_1: f32, %o15: f32):
      %u16 = arith.addf %b15_0, %b15_1 : f32
      linalg.yield %u16 : f32
    } -> tensor<1x127x192xf32>
    %rs18 = tensor.collapse_shape %g17 [[0, 1], [2]] : tensor<1x127x192xf32> into tensor<127x192xf32>
    %e19 = tensor.empty() : tensor<127x8xf32>
    %z20 = linalg.fill ins(%zero : f32) outs(%e19 : tensor<127x8xf32>) -> tensor<127x8xf32>
    %mm21 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%rs18, %w3 : tensor<127x192xf32>, tensor<192x8xf32>) outs(%z20 : tensor<127x8xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<127x8xf32>
    %rs22 = tensor.expand_shape %mm21 [[0, 1], [2]] output_shape [1, 127, 8] : tensor<127x8xf32> into tensor<1x127x8xf32>
    %e23 = tensor.empty() : tensor<1x127x8xf32>
    %g24 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%rs22 : tensor<1x127x8xf32>) outs(%e23 : tensor<1x127x8xf32>) {
    ^bb0(%b17_0: f32, %o17: f32):
      %u18 = math.tanh %b17_0 : f32
      linalg.yield %u18 : f32
    } -> tensor<1x127x8xf32>
    return %g24 : tensor<1x127x8xf32>
  }
}
