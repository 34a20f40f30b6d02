#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map2 = affine_map<(d0, d1, d2) -> (d2)>
module {
  func.func @llama_mlp(%arg0: tensor<2x16x128xf32>, %arg1: tensor<128xf32>, %arg2: tensor<344x128xf32>, %arg3: tensor<344x128xf32>, %arg4: tensor<128x344xf32>) -> tensor<2x16x128xf32> {
    %c2_i64 = arith.constant 2 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant 9.9999999999999995E-7 : f64
    %cst_2 = arith.constant 1.280000e+02 : f32
    %0 = tensor.empty() : tensor<2x16x128xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<2x16x128xf32>) outs(%0 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %24 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %24 : f32
    } -> tensor<2x16x128xf32>
    %2 = tensor.empty() : tensor<2x16x1xf32>
    %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%1 : tensor<2x16x128xf32>) outs(%3 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %24 = arith.addf %in, %out : f32
      linalg.yield %24 : f32
    } -> tensor<2x16x1xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%4 : tensor<2x16x1xf32>) outs(%2 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %24 = arith.divf %in, %cst_2 : f32
      linalg.yield %24 : f32
    } -> tensor<2x16x1xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%5 : tensor<2x16x1xf32>) outs(%2 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %24 = arith.truncf %cst_1 : f64 to f32
      %25 = arith.addf %in, %24 : f32
      linalg.yield %25 : f32
    } -> tensor<2x16x1xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<2x16x1xf32>) outs(%2 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %24 = math.rsqrt %in : f32
      linalg.yield %24 : f32
    } -> tensor<2x16x1xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %7 : tensor<2x16x128xf32>, tensor<2x16x1xf32>) outs(%0 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_8: f32, %out: f32):
      %24 = arith.mulf %in, %in_8 : f32
      linalg.yield %24 : f32
    } -> tensor<2x16x128xf32>
    %9 = linalg.generic {indexing_maps = [#map2, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg1, %8 : tensor<128xf32>, tensor<2x16x128xf32>) outs(%0 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_8: f32, %out: f32):
      %24 = arith.mulf %in, %in_8 : f32
      linalg.yield %24 : f32
    } -> tensor<2x16x128xf32>
    %10 = tensor.empty() : tensor<128x344xf32>
    %transposed = linalg.transpose ins(%arg2 : tensor<344x128xf32>) outs(%10 : tensor<128x344xf32>) permutation = [1, 0] 
    %collapsed = tensor.collapse_shape %9 [[0, 1], [2]] : tensor<2x16x128xf32> into tensor<32x128xf32>
    %11 = tensor.empty() : tensor<32x344xf32>
    %12 = linalg.fill ins(%cst : f32) outs(%11 : tensor<32x344xf32>) -> tensor<32x344xf32>
    %13 = linalg.matmul ins(%collapsed, %transposed : tensor<32x128xf32>, tensor<128x344xf32>) outs(%12 : tensor<32x344xf32>) -> tensor<32x344xf32>
    %expanded = tensor.expand_shape %13 [[0, 1], [2]] output_shape [2, 16, 344] : tensor<32x344xf32> into tensor<2x16x344xf32>
    %14 = tensor.empty() : tensor<2x16x344xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded : tensor<2x16x344xf32>) outs(%14 : tensor<2x16x344xf32>) {
    ^bb0(%in: f32, %out: f32):
      %24 = arith.negf %in : f32
      %25 = math.exp %24 : f32
      %26 = arith.addf %25, %cst_0 : f32
      %27 = arith.divf %cst_0, %26 : f32
      linalg.yield %27 : f32
    } -> tensor<2x16x344xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded, %15 : tensor<2x16x344xf32>, tensor<2x16x344xf32>) outs(%14 : tensor<2x16x344xf32>) {
    ^bb0(%in: f32, %in_8: f32, %out: f32):
      %24 = arith.mulf %in, %in_8 : f32
      linalg.yield %24 : f32
    } -> tensor<2x16x344xf32>
    %transposed_3 = linalg.transpose ins(%arg3 : tensor<344x128xf32>) outs(%10 : tensor<128x344xf32>) permutation = [1, 0] 
    %17 = linalg.matmul ins(%collapsed, %transposed_3 : tensor<32x128xf32>, tensor<128x344xf32>) outs(%12 : tensor<32x344xf32>) -> tensor<32x344xf32>
    %expanded_4 = tensor.expand_shape %17 [[0, 1], [2]] output_shape [2, 16, 344] : tensor<32x344xf32> into tensor<2x16x344xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%16, %expanded_4 : tensor<2x16x344xf32>, tensor<2x16x344xf32>) outs(%14 : tensor<2x16x344xf32>) {
    ^bb0(%in: f32, %in_8: f32, %out: f32):
      %24 = arith.mulf %in, %in_8 : f32
      linalg.yield %24 : f32
    } -> tensor<2x16x344xf32>
    %19 = tensor.empty() : tensor<344x128xf32>
    %transposed_5 = linalg.transpose ins(%arg4 : tensor<128x344xf32>) outs(%19 : tensor<344x128xf32>) permutation = [1, 0] 
    %collapsed_6 = tensor.collapse_shape %18 [[0, 1], [2]] : tensor<2x16x344xf32> into tensor<32x344xf32>
    %20 = tensor.empty() : tensor<32x128xf32>
    %21 = linalg.fill ins(%cst : f32) outs(%20 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %22 = linalg.matmul ins(%collapsed_6, %transposed_5 : tensor<32x344xf32>, tensor<344x128xf32>) outs(%21 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %expanded_7 = tensor.expand_shape %22 [[0, 1], [2]] output_shape [2, 16, 128] : tensor<32x128xf32> into tensor<2x16x128xf32>
    %23 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %expanded_7 : tensor<2x16x128xf32>, tensor<2x16x128xf32>) outs(%0 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_8: f32, %out: f32):
      %24 = arith.addf %in, %in_8 : f32
      linalg.yield %24 : f32
    } -> tensor<2x16x128xf32>
    return %23 : tensor<2x16x128xf32>
  }
}
