// difftest regression (fusion), found with seed 2931, shrunk; tests/cli/regress.sh runs:
// EXPECT-KERNELS: 1
// what failed: its plainest spelling plans 1 kernels, but 2 kernels
// class: fusion: kernel count (several spellings)
// spec: {"graph":1,"dims":{"d0":3,"d1":1},"nodes":[{"op":"arg","shape":[["d0"],["d1"]],"dt":"f32","role":"input"},{"op":"transpose","in":[0],"perm":[1,0],"shape":[["d1"],["d0"]],"dt":"f32","spell":"named"},{"op":"red","in":[1],"dims":[0],"kind":"max","keep":"expand","spell":"reduce","shape":[[],["d0"]],"dt":"f32"},{"op":"arg","shape":[["d0"]],"dt":"f32","role":"bias"},{"op":"ew","in":[2,3],"maps":[[0,1],[1]],"start":0,"steps":[["min",[1,false]]],"shape":[[],["d0"]],"dt":"f32","spell":"generic"}],"results":[4],"generic_print":false,"aliases":false}
module {
  func.func @f(%x0: tensor<3x1xf32>, %b1: tensor<3xf32>) -> tensor<1x3xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<1x3xf32>
    %tr2 = linalg.transpose ins(%x0 : tensor<3x1xf32>) outs(%e1 : tensor<1x3xf32>) permutation = [1, 0]
    %e3 = tensor.empty() : tensor<3xf32>
    %c4 = arith.constant 0xFF800000 : f32
    %z5 = linalg.fill ins(%c4 : f32) outs(%e3 : tensor<3xf32>) -> tensor<3xf32>
    %red6 = linalg.reduce ins(%tr2 : tensor<1x3xf32>) outs(%z5 : tensor<3xf32>) dimensions = [0]
      (%ri1: f32, %ra1: f32) {
        %rr1 = arith.maximumf %ri1, %ra1 : f32
        linalg.yield %rr1 : f32
      }
    %rs7 = tensor.expand_shape %red6 [[0, 1]] output_shape [1, 3] : tensor<3xf32> into tensor<1x3xf32>
    %e8 = tensor.empty() : tensor<1x3xf32>
    %g9 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%rs7, %b1 : tensor<1x3xf32>, tensor<3xf32>) outs(%e8 : tensor<1x3xf32>) {
    ^bb0(%b2_0: f32, %b2_1: f32, %o2: f32):
      %u3 = arith.minimumf %b2_0, %b2_1 : f32
      linalg.yield %u3 : f32
    } -> tensor<1x3xf32>
    return %g9 : tensor<1x3xf32>
  }
}
