// difftest regression (npu), found with seed 1834, shrunk; tests/cli/regress.sh runs:
// RUN: run -e f --target npu --check --seed 1834
// what failed: exit SIGSEGV:
// class: npu: SIGSEGV in count_block < ir_use_counts < ir_erase_dead
// spec: {"graph":1,"dims":{"d0":1,"d1":2,"d2":3},"nodes":[{"op":"arg","shape":[["d0"],["d1"],["d2"]],"dt":"f32","role":"input"},{"op":"transpose","in":[0],"perm":[2,1,0],"shape":[["d2"],["d1"],["d0"]],"dt":"f32","spell":"named"},{"op":"reshape","in":[1],"shape":[["d2","d1"],["d0"]],"dt":"f32"},{"op":"arg","shape":[["d0"],["d0"]],"dt":"f32","role":"weight"},{"op":"mm","kind":"matmul_tb","in":[2,3],"spell":"generic","init":"fill","shape":[["d2","d1"],["d0"]],"dt":"f32"},{"op":"reshape","in":[4],"shape":[["d2"],["d1"],["d0"]],"dt":"f32"},{"op":"ew","in":[1,5],"maps":[[0,1,2],[0,1,2]],"start":1,"steps":[["mul",[0,false]]],"shape":[["d2"],["d1"],["d0"]],"dt":"f32","spell":"generic"},{"op":"ew","in":[6,5],"maps":[[0,1,2],[0,1,2]],"start":0,"steps":[["sub",[1,false]]],"shape":[["d2"],["d1"],["d0"]],"dt":"f32","spell":"generic"}],"results":[7],"generic_print":false,"aliases":false}
module {
  func.func @f(%x0: tensor<1x2x3xf32>, %w1: tensor<1x1xf32>) -> tensor<3x2x1xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<3x2x1xf32>
    %tr2 = linalg.transpose ins(%x0 : tensor<1x2x3xf32>) outs(%e1 : tensor<3x2x1xf32>) permutation = [2, 1, 0]
    %rs3 = tensor.collapse_shape %tr2 [[0, 1], [2]] : tensor<3x2x1xf32> into tensor<6x1xf32>
    %e4 = tensor.empty() : tensor<6x1xf32>
    %z5 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<6x1xf32>) -> tensor<6x1xf32>
    %mm6 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%rs3, %w1 : tensor<6x1xf32>, tensor<1x1xf32>) outs(%z5 : tensor<6x1xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<6x1xf32>
    %rs7 = tensor.expand_shape %mm6 [[0, 1], [2]] output_shape [3, 2, 1] : tensor<6x1xf32> into tensor<3x2x1xf32>
    %e8 = tensor.empty() : tensor<3x2x1xf32>
    %g9 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%tr2, %rs7 : tensor<3x2x1xf32>, tensor<3x2x1xf32>) outs(%e8 : tensor<3x2x1xf32>) {
    ^bb0(%b1_0: f32, %b1_1: f32, %o1: f32):
      %u2 = arith.mulf %b1_1, %b1_0 : f32
      linalg.yield %u2 : f32
    } -> tensor<3x2x1xf32>
    %e10 = tensor.empty() : tensor<3x2x1xf32>
    %g11 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%g9, %rs7 : tensor<3x2x1xf32>, tensor<3x2x1xf32>) outs(%e10 : tensor<3x2x1xf32>) {
    ^bb0(%b3_0: f32, %b3_1: f32, %o3: f32):
      %u4 = arith.subf %b3_0, %b3_1 : f32
      linalg.yield %u4 : f32
    } -> tensor<3x2x1xf32>
    return %g11 : tensor<3x2x1xf32>
  }
}
