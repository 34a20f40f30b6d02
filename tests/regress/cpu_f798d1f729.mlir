// difftest regression (cpu), found with seed 53006, shrunk; tests/cli/regress.sh runs:
// RUN: run -e f --target cpu --check --threads 2 --seed 53006
// what failed: exit SIGSEGV:
// class: cpu: SIGSEGV in _mm512_maskz_loadu_ps < vload_n < epi_load_operand
// spec: {"graph":1,"dims":{"d0":1,"d1":1,"d2":3,"d3":1},"nodes":[{"op":"arg","shape":[["d0"],["d1"]],"dt":"f32","role":"input"},{"op":"arg","shape":[["d2"],["d1"]],"dt":"f32","role":"weight"},{"op":"mm","kind":"matmul_tb","in":[0,1],"spell":"generic","init":"fill","shape":[["d0"],["d2"]],"dt":"f32"},{"op":"ew","in":[2],"maps":[[0,1]],"start":0,"steps":[["mulc",3.0]],"shape":[["d0"],["d2"]],"dt":"f32","spell":"generic"},{"op":"ew","in":[2,3],"maps":[[0,1],[0,1]],"start":0,"steps":[["max",[1,false]]],"shape":[["d0"],["d2"]],"dt":"f32","spell":"generic"},{"op":"red","in":[4],"dims":[1],"kind":"max","keep":"map0","spell":"generic","shape":[["d0"],[]],"dt":"f32"},{"op":"ew","in":[4,5],"maps":[[0,1],[0,-1]],"start":0,"steps":[["sub",[1,false]],["exp",null]],"shape":[["d0"],["d2"]],"dt":"f32","spell":"generic"},{"op":"red","in":[6],"dims":[1],"kind":"sum","keep":"map0","spell":"generic","shape":[["d0"],[]],"dt":"f32"},{"op":"ew","in":[7,6],"maps":[[0,-1],[0,1]],"start":1,"steps":[["div",[0,false]]],"shape":[["d0"],["d2"]],"dt":"f32","spell":"generic"},{"op":"arg","shape":[["d3"],["d2"]],"dt":"f32","role":"weight"},{"op":"mm","kind":"matmul_tb","in":[8,9],"spell":"generic","init":"fill","shape":[["d0"],["d3"]],"dt":"f32"}],"results":[10],"generic_print":false,"aliases":false}
module {
  func.func @f(%x0: tensor<1x1xf32>, %w1: tensor<3x1xf32>, %w2: tensor<1x3xf32>) -> tensor<1x1xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<1x3xf32>
    %z2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x3xf32>) -> tensor<1x3xf32>
    %mm3 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x0, %w1 : tensor<1x1xf32>, tensor<3x1xf32>) outs(%z2 : tensor<1x3xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<1x3xf32>
    %e4 = tensor.empty() : tensor<1x3xf32>
    %g5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm3 : tensor<1x3xf32>) outs(%e4 : tensor<1x3xf32>) {
    ^bb0(%b1_0: f32, %o1: f32):
      %u2 = arith.constant 3.000000000e+00 : f32
      %u3 = arith.mulf %b1_0, %u2 : f32
      linalg.yield %u3 : f32
    } -> tensor<1x3xf32>
    %e6 = tensor.empty() : tensor<1x3xf32>
    %g7 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm3, %g5 : tensor<1x3xf32>, tensor<1x3xf32>) outs(%e6 : tensor<1x3xf32>) {
    ^bb0(%b4_0: f32, %b4_1: f32, %o4: f32):
      %u5 = arith.maximumf %b4_0, %b4_1 : f32
      linalg.yield %u5 : f32
    } -> tensor<1x3xf32>
    %e8 = tensor.empty() : tensor<1x1xf32>
    %c9 = arith.constant 0xFF800000 : f32
    %z10 = linalg.fill ins(%c9 : f32) outs(%e8 : tensor<1x1xf32>) -> tensor<1x1xf32>
    %red11 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>], iterator_types = ["parallel", "reduction"]} ins(%g7 : tensor<1x3xf32>) outs(%z10 : tensor<1x1xf32>) {
    ^bb0(%ri6: f32, %ra6: f32):
      %rr6 = arith.maximumf %ri6, %ra6 : f32
      linalg.yield %rr6 : f32
    } -> tensor<1x1xf32>
    %e12 = tensor.empty() : tensor<1x3xf32>
    %g13 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%g7, %red11 : tensor<1x3xf32>, tensor<1x1xf32>) outs(%e12 : tensor<1x3xf32>) {
    ^bb0(%b7_0: f32, %b7_1: f32, %o7: f32):
      %u8 = arith.subf %b7_0, %b7_1 : f32
      %u9 = math.exp %u8 : f32
      linalg.yield %u9 : f32
    } -> tensor<1x3xf32>
    %e14 = tensor.empty() : tensor<1x1xf32>
    %c15 = arith.constant 0.000000e+00 : f32
    %z16 = linalg.fill ins(%c15 : f32) outs(%e14 : tensor<1x1xf32>) -> tensor<1x1xf32>
    %red17 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>], iterator_types = ["parallel", "reduction"]} ins(%g13 : tensor<1x3xf32>) outs(%z16 : tensor<1x1xf32>) {
    ^bb0(%ri10: f32, %ra10: f32):
      %rr10 = arith.addf %ri10, %ra10 : f32
      linalg.yield %rr10 : f32
    } -> tensor<1x1xf32>
    %e18 = tensor.empty() : tensor<1x3xf32>
    %g19 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%red17, %g13 : tensor<1x1xf32>, tensor<1x3xf32>) outs(%e18 : tensor<1x3xf32>) {
    ^bb0(%b11_0: f32, %b11_1: f32, %o11: f32):
      %u12 = arith.divf %b11_1, %b11_0 : f32
      linalg.yield %u12 : f32
    } -> tensor<1x3xf32>
    %e20 = tensor.empty() : tensor<1x1xf32>
    %z21 = linalg.fill ins(%zero : f32) outs(%e20 : tensor<1x1xf32>) -> tensor<1x1xf32>
    %mm22 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%g19, %w2 : tensor<1x3xf32>, tensor<1x3xf32>) outs(%z21 : tensor<1x1xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<1x1xf32>
    return %mm22 : tensor<1x1xf32>
  }
}
