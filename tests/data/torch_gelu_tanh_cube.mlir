// gelu(x, approximate="tanh") + x**3 from torch-mlir 20261001: math.fpowi with a constant exponent
#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @main(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %c3_i64 = arith.constant 3 : i64
    %cst = arith.constant 4.471500e-02 : f32
    %cst_0 = arith.constant 7.977240e-01 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant 5.000000e-01 : f32
    %0 = tensor.empty() : tensor<4x8xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x8xf32>) outs(%0 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %4 = math.fpowi %in, %c3_i64 : f32, i64
      %5 = arith.mulf %4, %cst : f32
      %6 = arith.addf %in, %5 : f32
      %7 = arith.mulf %6, %cst_0 : f32
      %8 = math.tanh %7 : f32
      %9 = arith.addf %8, %cst_1 : f32
      %10 = arith.mulf %9, %cst_2 : f32
      %11 = arith.mulf %in, %10 : f32
      linalg.yield %11 : f32
    } -> tensor<4x8xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x8xf32>) outs(%0 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %4 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %4 : f32
    } -> tensor<4x8xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%1, %2 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%0 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %4 = arith.addf %in, %in_3 : f32
      linalg.yield %4 : f32
    } -> tensor<4x8xf32>
    return %3 : tensor<4x8xf32>
  }
}

