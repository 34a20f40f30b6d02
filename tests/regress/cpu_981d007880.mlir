// difftest regression (cpu), found with seed 4258, shrunk; tests/cli/regress.sh runs:
// RUN: run -e f --target cpu --check --threads 2 --seed 4258
// what failed: exit 4: 203125 time: 0.000289 s (cpu, median of 1 run) kernel kind b x m x n x k epilogue path time ms GFLOP/s k0 contraction 1x16x16x1 scale erf add scale mul engine 0.009 0.1 k1 contraction 1x16x32x16 cast cast reference 0.272 0.1 total 0.282 0.1 check result0: max abs err 0.000244, max rel err 0.
// spec: {"layers":[{"kind":"matmul","N":16,"steps":["gelu_erf"],"named":true,"init":"fill","relu":"maximumf","scale":0.25,"fused_epilogue":true,"bias_named_broadcast":false},{"kind":"matmul_tb","N":32,"steps":["cast_rt"],"named":true,"init":"fill","relu":"maximumf","scale":2.0,"fused_epilogue":true,"bias_named_broadcast":false}],"M":16,"K0":1,"B":0,"out_bf16":false,"style":"mlirgen","generic_print":false,"aliases":false}
module {
  func.func @f(%x0: tensor<16x1xf32>, %w1: tensor<1x16xf32>, %w2: tensor<32x16xf32>) -> tensor<16x32xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<16x16xf32>
    %z2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<16x16xf32>) -> tensor<16x16xf32>
    %mm3 = linalg.matmul ins(%x0, %w1 : tensor<16x1xf32>, tensor<1x16xf32>) outs(%z2 : tensor<16x16xf32>) -> tensor<16x16xf32>
    %e4 = tensor.empty() : tensor<16x16xf32>
    %ep5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm3 : tensor<16x16xf32>) outs(%e4 : tensor<16x16xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %t0 = arith.constant 7.071067800e-01 : f32
      %t1 = arith.mulf %in0, %t0 : f32
      %t2 = math.erf %t1 : f32
      %t3 = arith.constant 1.000000e+00 : f32
      %t4 = arith.addf %t2, %t3 : f32
      %t5 = arith.constant 5.000000e-01 : f32
      %t6 = arith.mulf %in0, %t5 : f32
      %t7 = arith.mulf %t6, %t4 : f32
      linalg.yield %t7 : f32
    } -> tensor<16x16xf32>
    %e6 = tensor.empty() : tensor<16x32xf32>
    %z7 = linalg.fill ins(%zero : f32) outs(%e6 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %mm8 = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%ep5, %w2 : tensor<16x16xf32>, tensor<32x16xf32>) outs(%z7 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %e9 = tensor.empty() : tensor<16x32xf32>
    %ep10 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm8 : tensor<16x32xf32>) outs(%e9 : tensor<16x32xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %t0 = arith.truncf %in0 : f32 to bf16
      %t1 = arith.extf %t0 : bf16 to f32
      linalg.yield %t1 : f32
    } -> tensor<16x32xf32>
    return %ep10 : tensor<16x32xf32>
  }
}
