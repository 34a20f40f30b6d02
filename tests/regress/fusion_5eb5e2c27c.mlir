// difftest regression (fusion), found with seed 1973, shrunk; tests/cli/regress.sh runs:
// EXPECT-KERNELS: 2
// what failed: its plainest spelling plans 2 kernels, but 3 kernels
// class: fusion: kernel count (several spellings)
// spec: {"graph":1,"dims":{"d0":1,"d1":1,"d2":2},"nodes":[{"op":"arg","shape":[["d0"],["d1"]],"dt":"f32","role":"input"},{"op":"arg","shape":[["d2"],["d1"]],"dt":"f32","role":"weight"},{"op":"mm","kind":"matmul_tb","in":[0,1],"spell":"generic","init":"fill","shape":[["d0"],["d2"]],"dt":"f32"},{"op":"red","in":[2],"dims":[0],"kind":"max","keep":"expand","spell":"reduce","shape":[[],["d2"]],"dt":"f32"},{"op":"arg","shape":[[],["d2"]],"dt":"f32","role":"residual"},{"op":"ew","in":[3,4],"maps":[[0,1],[-1,1]],"start":0,"steps":[["min",[1,false]]],"shape":[[],["d2"]],"dt":"f32","spell":"generic"}],"results":[5],"generic_print":false,"aliases":false}
module {
  func.func @f(%x0: tensor<1x1xf32>, %w1: tensor<2x1xf32>, %b2: tensor<1x2xf32>) -> tensor<1x2xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<1x2xf32>
    %z2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x2xf32>) -> tensor<1x2xf32>
    %mm3 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x0, %w1 : tensor<1x1xf32>, tensor<2x1xf32>) outs(%z2 : tensor<1x2xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<1x2xf32>
    %e4 = tensor.empty() : tensor<2xf32>
    %c5 = arith.constant 0xFF800000 : f32
    %z6 = linalg.fill ins(%c5 : f32) outs(%e4 : tensor<2xf32>) -> tensor<2xf32>
    %red7 = linalg.reduce ins(%mm3 : tensor<1x2xf32>) outs(%z6 : tensor<2xf32>) dimensions = [0]
      (%ri1: f32, %ra1: f32) {
        %rr1 = arith.maximumf %ri1, %ra1 : f32
        linalg.yield %rr1 : f32
      }
    %rs8 = tensor.expand_shape %red7 [[0, 1]] output_shape [1, 2] : tensor<2xf32> into tensor<1x2xf32>
    %e9 = tensor.empty() : tensor<1x2xf32>
    %g10 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%rs8, %b2 : tensor<1x2xf32>, tensor<1x2xf32>) outs(%e9 : tensor<1x2xf32>) {
    ^bb0(%b2_0: f32, %b2_1: f32, %o2: f32):
      %u3 = arith.minimumf %b2_0, %b2_1 : f32
      linalg.yield %u3 : f32
    } -> tensor<1x2xf32>
    return %g10 : tensor<1x2xf32>
  }
}
