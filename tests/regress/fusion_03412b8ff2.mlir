// difftest regression (fusion), found with seed 958, shrunk; tests/cli/regress.sh runs:
// EXPECT-KERNELS: 3
// what failed: its plainest spelling plans 3 kernels, but 4 kernels
// class: fusion: kernel count (red keep)
// spec: {"graph":1,"dims":{"d0":3,"d1":1,"d2":1},"nodes":[{"op":"arg","shape":[["d0"],["d1"]],"dt":"f32","role":"input"},{"op":"arg","shape":[["d1"],["d2"]],"dt":"f32","role":"weight"},{"op":"mm","kind":"matmul","in":[0,1],"spell":"generic","init":"fill","shape":[["d0"],["d2"]],"dt":"f32"},{"op":"red","in":[0],"dims":[1],"kind":"sum","keep":"map0","spell":"generic","shape":[["d0"],[]],"dt":"f32"},{"op":"red","in":[2],"dims":[1],"kind":"sum","keep":"expand","spell":"generic","shape":[["d0"],[]],"dt":"f32"},{"op":"ew","in":[4,3],"maps":[[0,1],[0,-1]],"start":0,"steps":[["add",[1,true]]],"shape":[["d0"],[]],"dt":"f32","spell":"generic"}],"results":[5],"generic_print":false,"aliases":false}
module {
  func.func @f(%x0: tensor<3x1xf32>, %w1: tensor<1x1xf32>) -> tensor<3x1xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<3x1xf32>
    %z2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<3x1xf32>) -> tensor<3x1xf32>
    %mm3 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x0, %w1 : tensor<3x1xf32>, tensor<1x1xf32>) outs(%z2 : tensor<3x1xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<3x1xf32>
    %e4 = tensor.empty() : tensor<3x1xf32>
    %c5 = arith.constant 0.000000e+00 : f32
    %z6 = linalg.fill ins(%c5 : f32) outs(%e4 : tensor<3x1xf32>) -> tensor<3x1xf32>
    %red7 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>], iterator_types = ["parallel", "reduction"]} ins(%x0 : tensor<3x1xf32>) outs(%z6 : tensor<3x1xf32>) {
    ^bb0(%ri1: f32, %ra1: f32):
      %rr1 = arith.addf %ri1, %ra1 : f32
      linalg.yield %rr1 : f32
    } -> tensor<3x1xf32>
    %e8 = tensor.empty() : tensor<3xf32>
    %c9 = arith.constant 0.000000e+00 : f32
    %z10 = linalg.fill ins(%c9 : f32) outs(%e8 : tensor<3xf32>) -> tensor<3xf32>
    %red11 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%mm3 : tensor<3x1xf32>) outs(%z10 : tensor<3xf32>) {
    ^bb0(%ri2: f32, %ra2: f32):
      %rr2 = arith.addf %ri2, %ra2 : f32
      linalg.yield %rr2 : f32
    } -> tensor<3xf32>
    %rs12 = tensor.expand_shape %red11 [[0, 1]] output_shape [3, 1] : tensor<3xf32> into tensor<3x1xf32>
    %e13 = tensor.empty() : tensor<3x1xf32>
    %g14 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%rs12, %red7 : tensor<3x1xf32>, tensor<3x1xf32>) outs(%e13 : tensor<3x1xf32>) {
    ^bb0(%b3_0: f32, %b3_1: f32, %o3: f32):
      %u4 = arith.addf %b3_1, %b3_0 : f32
      linalg.yield %u4 : f32
    } -> tensor<3x1xf32>
    return %g14 : tensor<3x1xf32>
  }
}
