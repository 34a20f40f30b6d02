// difftest regression (fusion), found with seed 4673, shrunk; tests/cli/regress.sh runs:
// EXPECT-KERNELS: 2
// what failed: its plainest spelling plans 2 kernels, but 7 kernels
// class: fusion: kernel count (red keep)
// spec: {"graph":1,"dims":{"d0":1,"d1":1,"d2":1,"d3":2},"nodes":[{"op":"arg","shape":[["d0"],["d1"],["d2"]],"dt":"f32","role":"input"},{"op":"red","in":[0],"dims":[0],"kind":"max","keep":"expand","spell":"generic","shape":[[],["d1"],["d2"]],"dt":"f32"},{"op":"arg","shape":[[],["d3"],["d2"]],"dt":"f32","role":"weight"},{"op":"transpose","in":[2],"perm":[0,2,1],"shape":[[],["d2"],["d3"]],"dt":"f32","spell":"named"},{"op":"mm","kind":"batch_matmul","in":[1,3],"spell":"generic","init":"fill","shape":[[],["d1"],["d3"]],"dt":"f32"},{"op":"red","in":[4],"dims":[2],"kind":"max","keep":"no","spell":"generic","shape":[[],["d1"]],"dt":"f32"},{"op":"ew","in":[4,5],"maps":[[0,1,2],[-1,1]],"start":0,"steps":[["sub",[1,false]]],"shape":[[],["d1"],["d3"]],"dt":"f32","spell":"generic"},{"op":"ew","in":[6],"maps":[[0,1,2]],"start":0,"steps":[["exp",null]],"shape":[[],["d1"],["d3"]],"dt":"f32","spell":"generic"},{"op":"red","in":[7],"dims":[2],"kind":"sum","keep":"no","spell":"generic","shape":[[],["d1"]],"dt":"f32"},{"op":"ew","in":[7,8],"maps":[[0,1,2],[-1,1]],"start":0,"steps":[["div",[1,false]]],"shape":[[],["d1"],["d3"]],"dt":"f32","spell":"generic"},{"op":"arg","shape":[[],["d3"],["d2"]],"dt":"f32","role":"weight"},{"op":"mm","kind":"batch_matmul","in":[9,10],"spell":"generic","init":"fill","shape":[[],["d1"],["d2"]],"dt":"f32"}],"results":[11],"generic_print":false,"aliases":false}
module {
  func.func @f(%x0: tensor<1x1x1xf32>, %w1: tensor<1x2x1xf32>, %w2: tensor<1x2x1xf32>) -> tensor<1x1x1xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<1x1xf32>
    %c2 = arith.constant 0xFF800000 : f32
    %z3 = linalg.fill ins(%c2 : f32) outs(%e1 : tensor<1x1xf32>) -> tensor<1x1xf32>
    %red4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>], iterator_types = ["reduction", "parallel", "parallel"]} ins(%x0 : tensor<1x1x1xf32>) outs(%z3 : tensor<1x1xf32>) {
    ^bb0(%ri1: f32, %ra1: f32):
      %rr1 = arith.maximumf %ri1, %ra1 : f32
      linalg.yield %rr1 : f32
    } -> tensor<1x1xf32>
    %rs5 = tensor.expand_shape %red4 [[0, 1], [2]] output_shape [1, 1, 1] : tensor<1x1xf32> into tensor<1x1x1xf32>
    %e6 = tensor.empty() : tensor<1x1x2xf32>
    %tr7 = linalg.transpose ins(%w1 : tensor<1x2x1xf32>) outs(%e6 : tensor<1x1x2xf32>) permutation = [0, 2, 1]
    %e8 = tensor.empty() : tensor<1x1x2xf32>
    %z9 = linalg.fill ins(%zero : f32) outs(%e8 : tensor<1x1x2xf32>) -> tensor<1x1x2xf32>
    %bmm10 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%rs5, %tr7 : tensor<1x1x1xf32>, tensor<1x1x2xf32>) outs(%z9 : tensor<1x1x2xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<1x1x2xf32>
    %e11 = tensor.empty() : tensor<1x1xf32>
    %c12 = arith.constant 0xFF800000 : f32
    %z13 = linalg.fill ins(%c12 : f32) outs(%e11 : tensor<1x1xf32>) -> tensor<1x1xf32>
    %red14 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%bmm10 : tensor<1x1x2xf32>) outs(%z13 : tensor<1x1xf32>) {
    ^bb0(%ri2: f32, %ra2: f32):
      %rr2 = arith.maximumf %ri2, %ra2 : f32
      linalg.yield %rr2 : f32
    } -> tensor<1x1xf32>
    %e15 = tensor.empty() : tensor<1x1x2xf32>
    %g16 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%bmm10, %red14 : tensor<1x1x2xf32>, tensor<1x1xf32>) outs(%e15 : tensor<1x1x2xf32>) {
    ^bb0(%b3_0: f32, %b3_1: f32, %o3: f32):
      %u4 = arith.subf %b3_0, %b3_1 : f32
      linalg.yield %u4 : f32
    } -> tensor<1x1x2xf32>
    %e17 = tensor.empty() : tensor<1x1x2xf32>
    %g18 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%g16 : tensor<1x1x2xf32>) outs(%e17 : tensor<1x1x2xf32>) {
    ^bb0(%b5_0: f32, %o5: f32):
      %u6 = math.exp %b5_0 : f32
      linalg.yield %u6 : f32
    } -> tensor<1x1x2xf32>
    %e19 = tensor.empty() : tensor<1x1xf32>
    %c20 = arith.constant 0.000000e+00 : f32
    %z21 = linalg.fill ins(%c20 : f32) outs(%e19 : tensor<1x1xf32>) -> tensor<1x1xf32>
    %red22 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%g18 : tensor<1x1x2xf32>) outs(%z21 : tensor<1x1xf32>) {
    ^bb0(%ri7: f32, %ra7: f32):
      %rr7 = arith.addf %ri7, %ra7 : f32
      linalg.yield %rr7 : f32
    } -> tensor<1x1xf32>
    %e23 = tensor.empty() : tensor<1x1x2xf32>
    %g24 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%g18, %red22 : tensor<1x1x2xf32>, tensor<1x1xf32>) outs(%e23 : tensor<1x1x2xf32>) {
    ^bb0(%b8_0: f32, %b8_1: f32, %o8: f32):
      %u9 = arith.divf %b8_0, %b8_1 : f32
      linalg.yield %u9 : f32
    } -> tensor<1x1x2xf32>
    %e25 = tensor.empty() : tensor<1x1x1xf32>
    %z26 = linalg.fill ins(%zero : f32) outs(%e25 : tensor<1x1x1xf32>) -> tensor<1x1x1xf32>
    %bmm27 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%g24, %w2 : tensor<1x1x2xf32>, tensor<1x2x1xf32>) outs(%z26 : tensor<1x1x1xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<1x1x1xf32>
    return %bmm27 : tensor<1x1x1xf32>
  }
}
