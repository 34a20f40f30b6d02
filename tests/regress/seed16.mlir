// difftest regression (cpu, fusion, oracle), random program of seed 16; tests/cli/regress.sh runs:
// RUN: run -e f --target cpu --check --threads 2 --seed 16
// EXPECT-KERNELS: 2
// ORACLE: 2e-05
// spec: {"layers":[{"kind":"matmul_tb","N":1,"steps":["scale"],"named":true,"init":"fill","relu":"maxnumf","scale":3.0,"fused_epilogue":false,"bias_named_broadcast":true},{"kind":"matmul","N":33,"steps":["gelu_tanh","bias","relu"],"named":false,"init":"splat","relu":"maximumf","scale":-1.5,"fused_epilogue":true,"bias_named_broadcast":false}],"M":7,"K0":13,"B":0,"out_bf16":false,"style":"pytorch","generic_print":false,"aliases":false}
module {
  func.func @f(%x0: tensor<7x13xf32>, %w1: tensor<1x13xf32>, %w2: tensor<1x33xf32>, %b3: tensor<33xf32>) -> tensor<7x33xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e2 = tensor.empty() : tensor<13x1xf32>
    %wt1 = linalg.transpose ins(%w1 : tensor<1x13xf32>) outs(%e2 : tensor<13x1xf32>) permutation = [1, 0]
    %e3 = tensor.empty() : tensor<7x1xf32>
    %z4 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<7x1xf32>) -> tensor<7x1xf32>
    %mm5 = linalg.matmul ins(%x0, %wt1 : tensor<7x13xf32>, tensor<13x1xf32>) outs(%z4 : tensor<7x1xf32>) -> tensor<7x1xf32>
    %cscale6 = arith.constant 3.000000000e+00 : f32
    %e7 = tensor.empty() : tensor<7x1xf32>
    %ep8 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm5 : tensor<7x1xf32>) outs(%e7 : tensor<7x1xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %t0 = arith.mulf %in0, %cscale6 : f32
      linalg.yield %t0 : f32
    } -> tensor<7x1xf32>
    %zs9 = arith.constant dense<0.000000e+00> : tensor<7x33xf32>
    %mm10 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%ep8, %w2 : tensor<7x1xf32>, tensor<1x33xf32>) outs(%zs9 : tensor<7x33xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<7x33xf32>
    %e11 = tensor.empty() : tensor<7x33xf32>
    %ep12 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm10, %b3 : tensor<7x33xf32>, tensor<33xf32>) outs(%e11 : tensor<7x33xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %t0 = arith.mulf %in0, %in0 : f32
      %t1 = arith.mulf %t0, %in0 : f32
      %t2 = arith.constant 4.471500000e-02 : f32
      %t3 = arith.mulf %t1, %t2 : f32
      %t4 = arith.addf %in0, %t3 : f32
      %t5 = arith.constant 7.978845608e-01 : f32
      %t6 = arith.mulf %t4, %t5 : f32
      %t7 = math.tanh %t6 : f32
      %t8 = arith.constant 1.000000e+00 : f32
      %t9 = arith.addf %t7, %t8 : f32
      %t10 = arith.constant 5.000000e-01 : f32
      %t11 = arith.mulf %in0, %t10 : f32
      %t12 = arith.mulf %t11, %t9 : f32
      %t13 = arith.addf %t12, %in1 : f32
      %t14 = arith.constant 0.000000e+00 : f32
      %t15 = arith.maximumf %t13, %t14 : f32
      linalg.yield %t15 : f32
    } -> tensor<7x33xf32>
    return %ep12 : tensor<7x33xf32>
  }
  func.func @main() {
    %in0 = arith.constant dense<[[-3.125000e-01, 1.250000e-01, -2.500000e-01, 1.875000e-01, -1.875000e-01, 2.500000e-01, -1.250000e-01, 3.125000e-01, -6.250000e-02, 3.750000e-01, 0.000000e+00, -3.750000e-01, 6.250000e-02], [-3.125000e-01, 1.250000e-01, -2.500000e-01, 1.875000e-01, -1.875000e-01, 2.500000e-01, -1.250000e-01, 3.125000e-01, -6.250000e-02, 3.750000e-01, 0.000000e+00, -3.750000e-01, 6.250000e-02], [-3.125000e-01, 1.250000e-01, -2.500000e-01, 1.875000e-01, -1.875000e-01, 2.500000e-01, -1.250000e-01, 3.125000e-01, -6.250000e-02, 3.750000e-01, 0.000000e+00, -3.750000e-01, 6.250000e-02], [-3.125000e-01, 1.250000e-01, -2.500000e-01, 1.875000e-01, -1.875000e-01, 2.500000e-01, -1.250000e-01, 3.125000e-01, -6.250000e-02, 3.750000e-01, 0.000000e+00, -3.750000e-01, 6.250000e-02], [-3.125000e-01, 1.250000e-01, -2.500000e-01, 1.875000e-01, -1.875000e-01, 2.500000e-01, -1.250000e-01, 3.125000e-01, -6.250000e-02, 3.750000e-01, 0.000000e+00, -3.750000e-01, 6.250000e-02], [-3.125000e-01, 1.250000e-01, -2.500000e-01, 1.875000e-01, -1.875000e-01, 2.500000e-01, -1.250000e-01, 3.125000e-01, -6.250000e-02, 3.750000e-01, 0.000000e+00, -3.750000e-01, 6.250000e-02], [-3.125000e-01, 1.250000e-01, -2.500000e-01, 1.875000e-01, -1.875000e-01, 2.500000e-01, -1.250000e-01, 3.125000e-01, -6.250000e-02, 3.750000e-01, 0.000000e+00, -3.750000e-01, 6.250000e-02]]> : tensor<7x13xf32>
    %in1 = arith.constant dense<[[-1.250000e-01, 3.125000e-01, -6.250000e-02, 3.750000e-01, 0.000000e+00, -3.750000e-01, 6.250000e-02, -3.125000e-01, 1.250000e-01, -2.500000e-01, 1.875000e-01, -1.875000e-01, 2.500000e-01]]> : tensor<1x13xf32>
    %in2 = arith.constant dense<[[6.250000e-02, -3.125000e-01, 1.250000e-01, -2.500000e-01, 1.875000e-01, -1.875000e-01, 2.500000e-01, -1.250000e-01, 3.125000e-01, -6.250000e-02, 3.750000e-01, 0.000000e+00, -3.750000e-01, 6.250000e-02, -3.125000e-01, 1.250000e-01, -2.500000e-01, 1.875000e-01, -1.875000e-01, 2.500000e-01, -1.250000e-01, 3.125000e-01, -6.250000e-02, 3.750000e-01, 0.000000e+00, -3.750000e-01, 6.250000e-02, -3.125000e-01, 1.250000e-01, -2.500000e-01, 1.875000e-01, -1.875000e-01, 2.500000e-01]]> : tensor<1x33xf32>
    %in3 = arith.constant dense<[2.500000e-01, -1.250000e-01, 3.125000e-01, -6.250000e-02, 3.750000e-01, 0.000000e+00, -3.750000e-01, 6.250000e-02, -3.125000e-01, 1.250000e-01, -2.500000e-01, 1.875000e-01, -1.875000e-01, 2.500000e-01, -1.250000e-01, 3.125000e-01, -6.250000e-02, 3.750000e-01, 0.000000e+00, -3.750000e-01, 6.250000e-02, -3.125000e-01, 1.250000e-01, -2.500000e-01, 1.875000e-01, -1.875000e-01, 2.500000e-01, -1.250000e-01, 3.125000e-01, -6.250000e-02, 3.750000e-01, 0.000000e+00, -3.750000e-01]> : tensor<33xf32>
    %r = func.call @f(%in0, %in1, %in2, %in3) : (tensor<7x13xf32>, tensor<1x13xf32>, tensor<1x33xf32>, tensor<33xf32>) -> tensor<7x33xf32>
    %c0 = arith.constant 0 : index
    %pad = arith.constant 0.000000e+00 : f32
    %v = vector.transfer_read %r[%c0, %c0], %pad : tensor<7x33xf32>, vector<7x33xf32>
    vector.print %v : vector<7x33xf32>
    return
  }
}
