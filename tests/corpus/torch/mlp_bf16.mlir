#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @mlp_bf16(%arg0: tensor<16x64xbf16>, %arg1: tensor<128x64xbf16>, %arg2: tensor<128xbf16>, %arg3: tensor<128x128xbf16>, %arg4: tensor<128xbf16>, %arg5: tensor<32x128xbf16>, %arg6: tensor<32xbf16>) -> tensor<16x32xbf16> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0.000000e+00 : bf16
    %0 = tensor.empty() : tensor<64x128xbf16>
    %transposed = linalg.transpose ins(%arg1 : tensor<128x64xbf16>) outs(%0 : tensor<64x128xbf16>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<128xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg2 : tensor<128xbf16>) outs(%1 : tensor<128xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %38 = arith.extf %in : bf16 to f32
      linalg.yield %38 : f32
    } -> tensor<128xf32>
    %3 = tensor.empty() : tensor<16x64xf32>
    %4 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<16x64xbf16>) outs(%3 : tensor<16x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %38 = arith.extf %in : bf16 to f32
      linalg.yield %38 : f32
    } -> tensor<16x64xf32>
    %5 = tensor.empty() : tensor<64x128xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%transposed : tensor<64x128xbf16>) outs(%5 : tensor<64x128xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %38 = arith.extf %in : bf16 to f32
      linalg.yield %38 : f32
    } -> tensor<64x128xf32>
    %7 = tensor.empty() : tensor<16x128xf32>
    %8 = linalg.fill ins(%cst : f32) outs(%7 : tensor<16x128xf32>) -> tensor<16x128xf32>
    %9 = linalg.matmul ins(%4, %6 : tensor<16x64xf32>, tensor<64x128xf32>) outs(%8 : tensor<16x128xf32>) -> tensor<16x128xf32>
    %10 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<128xf32>) outs(%7 : tensor<16x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x128xf32>
    %11 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%9, %10 : tensor<16x128xf32>, tensor<16x128xf32>) outs(%7 : tensor<16x128xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %38 = arith.addf %in, %in_3 : f32
      linalg.yield %38 : f32
    } -> tensor<16x128xf32>
    %12 = tensor.empty() : tensor<16x128xbf16>
    %13 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%11 : tensor<16x128xf32>) outs(%12 : tensor<16x128xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %38 = arith.truncf %in : f32 to bf16
      linalg.yield %38 : bf16
    } -> tensor<16x128xbf16>
    %14 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%13 : tensor<16x128xbf16>) outs(%12 : tensor<16x128xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %38 = arith.cmpf ugt, %in, %cst_0 : bf16
      %39 = arith.select %38, %in, %cst_0 : bf16
      linalg.yield %39 : bf16
    } -> tensor<16x128xbf16>
    %15 = tensor.empty() : tensor<128x128xbf16>
    %transposed_1 = linalg.transpose ins(%arg3 : tensor<128x128xbf16>) outs(%15 : tensor<128x128xbf16>) permutation = [1, 0] 
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg4 : tensor<128xbf16>) outs(%1 : tensor<128xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %38 = arith.extf %in : bf16 to f32
      linalg.yield %38 : f32
    } -> tensor<128xf32>
    %17 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%14 : tensor<16x128xbf16>) outs(%7 : tensor<16x128xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %38 = arith.extf %in : bf16 to f32
      linalg.yield %38 : f32
    } -> tensor<16x128xf32>
    %18 = tensor.empty() : tensor<128x128xf32>
    %19 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%transposed_1 : tensor<128x128xbf16>) outs(%18 : tensor<128x128xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %38 = arith.extf %in : bf16 to f32
      linalg.yield %38 : f32
    } -> tensor<128x128xf32>
    %20 = linalg.matmul ins(%17, %19 : tensor<16x128xf32>, tensor<128x128xf32>) outs(%8 : tensor<16x128xf32>) -> tensor<16x128xf32>
    %21 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%16 : tensor<128xf32>) outs(%7 : tensor<16x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x128xf32>
    %22 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%20, %21 : tensor<16x128xf32>, tensor<16x128xf32>) outs(%7 : tensor<16x128xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %38 = arith.addf %in, %in_3 : f32
      linalg.yield %38 : f32
    } -> tensor<16x128xf32>
    %23 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%22 : tensor<16x128xf32>) outs(%12 : tensor<16x128xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %38 = arith.truncf %in : f32 to bf16
      linalg.yield %38 : bf16
    } -> tensor<16x128xbf16>
    %24 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%23 : tensor<16x128xbf16>) outs(%12 : tensor<16x128xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %38 = arith.cmpf ugt, %in, %cst_0 : bf16
      %39 = arith.select %38, %in, %cst_0 : bf16
      linalg.yield %39 : bf16
    } -> tensor<16x128xbf16>
    %25 = tensor.empty() : tensor<128x32xbf16>
    %transposed_2 = linalg.transpose ins(%arg5 : tensor<32x128xbf16>) outs(%25 : tensor<128x32xbf16>) permutation = [1, 0] 
    %26 = tensor.empty() : tensor<32xf32>
    %27 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg6 : tensor<32xbf16>) outs(%26 : tensor<32xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %38 = arith.extf %in : bf16 to f32
      linalg.yield %38 : f32
    } -> tensor<32xf32>
    %28 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%24 : tensor<16x128xbf16>) outs(%7 : tensor<16x128xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %38 = arith.extf %in : bf16 to f32
      linalg.yield %38 : f32
    } -> tensor<16x128xf32>
    %29 = tensor.empty() : tensor<128x32xf32>
    %30 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%transposed_2 : tensor<128x32xbf16>) outs(%29 : tensor<128x32xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %38 = arith.extf %in : bf16 to f32
      linalg.yield %38 : f32
    } -> tensor<128x32xf32>
    %31 = tensor.empty() : tensor<16x32xf32>
    %32 = linalg.fill ins(%cst : f32) outs(%31 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %33 = linalg.matmul ins(%28, %30 : tensor<16x128xf32>, tensor<128x32xf32>) outs(%32 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %34 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%27 : tensor<32xf32>) outs(%31 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x32xf32>
    %35 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%33, %34 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%31 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %38 = arith.addf %in, %in_3 : f32
      linalg.yield %38 : f32
    } -> tensor<16x32xf32>
    %36 = tensor.empty() : tensor<16x32xbf16>
    %37 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%35 : tensor<16x32xf32>) outs(%36 : tensor<16x32xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %38 = arith.truncf %in : f32 to bf16
      linalg.yield %38 : bf16
    } -> tensor<16x32xbf16>
    return %37 : tensor<16x32xbf16>
  }
}
