// difftest regression (fusion), found with seed 2270, shrunk; tests/cli/regress.sh runs:
// EXPECT-KERNELS: 1
// what failed: its plainest spelling plans 1 kernels, but 2 kernels
// class: fusion: kernel count (red keep)
// spec: {"graph":1,"dims":{"d0":3,"d1":1},"nodes":[{"op":"arg","shape":[["d0"],["d1"]],"dt":"f32","role":"input"},{"op":"red","in":[0],"dims":[1],"kind":"max","keep":"expand","spell":"generic","shape":[["d0"],[]],"dt":"f32"},{"op":"arg","shape":[["d0"],[]],"dt":"f32","role":"residual"},{"op":"ew","in":[2,1],"maps":[[0,-1],[0,1]],"start":1,"steps":[["min",[0,false]]],"shape":[["d0"],[]],"dt":"f32","spell":"generic"}],"results":[3],"generic_print":false,"aliases":false}
module {
  func.func @f(%x0: tensor<3x1xf32>, %b1: tensor<3x1xf32>) -> tensor<3x1xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<3xf32>
    %c2 = arith.constant 0xFF800000 : f32
    %z3 = linalg.fill ins(%c2 : f32) outs(%e1 : tensor<3xf32>) -> tensor<3xf32>
    %red4 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x0 : tensor<3x1xf32>) outs(%z3 : tensor<3xf32>) {
    ^bb0(%ri1: f32, %ra1: f32):
      %rr1 = arith.maximumf %ri1, %ra1 : f32
      linalg.yield %rr1 : f32
    } -> tensor<3xf32>
    %rs5 = tensor.expand_shape %red4 [[0, 1]] output_shape [3, 1] : tensor<3xf32> into tensor<3x1xf32>
    %e6 = tensor.empty() : tensor<3x1xf32>
    %g7 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%b1, %rs5 : tensor<3x1xf32>, tensor<3x1xf32>) outs(%e6 : tensor<3x1xf32>) {
    ^bb0(%b2_0: f32, %b2_1: f32, %o2: f32):
      %u3 = arith.minimumf %b2_1, %b2_0 : f32
      linalg.yield %u3 : f32
    } -> tensor<3x1xf32>
    return %g7 : tensor<3x1xf32>
  }
}
