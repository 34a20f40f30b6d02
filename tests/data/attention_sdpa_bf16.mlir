// torch.nn.functional.scaled_dot_product_attention(q, k, v, attn_mask=mask,
// scale=0.125) on bf16 tensors (q 1x2x40x16, k 1x2x70x16, v 1x2x70x24,
// mask 40x70), as torch 2.15 and torch-mlir 20261001 export it through
// spadc.torch (bench/attention_bf16.py's SDPA module): Q and K widened and
// each scaled by sqrt(0.125) in f32, an f32 attention with torch's safe
// softmax, V read in bf16 by the second contraction, the output rounded to
// bf16. tests/cli/attention.sh: the cpu fuses it (kn_fuse_attention's bf16).
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
module {
  func.func @forward(%arg0: tensor<1x2x40x16xbf16>, %arg1: tensor<1x2x70x16xbf16>, %arg2: tensor<1x2x70x24xbf16>, %arg3: tensor<40x70xbf16>) -> tensor<1x2x40x24xbf16> {
    %cst = arith.constant 0.000000e+00 : f32
    %c0_i64 = arith.constant 0 : i64
    %cst_0 = arith.constant 0xFF800000 : f32
    %true = arith.constant true
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<1x2x40x70xf32>
    %cst_2 = arith.constant 0xFFF0000000000000 : f64
    %cst_3 = arith.constant 0.35355339059327379 : f64
    %0 = tensor.empty() : tensor<1x2x40x16xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x2x40x16xbf16>) outs(%0 : tensor<1x2x40x16xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %36 = arith.extf %in : bf16 to f32
      linalg.yield %36 : f32
    } -> tensor<1x2x40x16xf32>
    %2 = tensor.empty() : tensor<1x2x70x16xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg1 : tensor<1x2x70x16xbf16>) outs(%2 : tensor<1x2x70x16xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %36 = arith.extf %in : bf16 to f32
      linalg.yield %36 : f32
    } -> tensor<1x2x70x16xf32>
    %4 = tensor.empty() : tensor<1x2x70x24xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg2 : tensor<1x2x70x24xbf16>) outs(%4 : tensor<1x2x70x24xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %36 = arith.extf %in : bf16 to f32
      linalg.yield %36 : f32
    } -> tensor<1x2x70x24xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%1 : tensor<1x2x40x16xf32>) outs(%0 : tensor<1x2x40x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %36 = arith.truncf %cst_3 : f64 to f32
      %37 = arith.mulf %in, %36 : f32
      linalg.yield %37 : f32
    } -> tensor<1x2x40x16xf32>
    %7 = tensor.empty() : tensor<1x2x16x70xf32>
    %transposed = linalg.transpose ins(%3 : tensor<1x2x70x16xf32>) outs(%7 : tensor<1x2x16x70xf32>) permutation = [0, 1, 3, 2] 
    %8 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed : tensor<1x2x16x70xf32>) outs(%7 : tensor<1x2x16x70xf32>) {
    ^bb0(%in: f32, %out: f32):
      %36 = arith.truncf %cst_3 : f64 to f32
      %37 = arith.mulf %in, %36 : f32
      linalg.yield %37 : f32
    } -> tensor<1x2x16x70xf32>
    %collapsed = tensor.collapse_shape %6 [[0, 1], [2], [3]] : tensor<1x2x40x16xf32> into tensor<2x40x16xf32>
    %collapsed_4 = tensor.collapse_shape %8 [[0, 1], [2], [3]] : tensor<1x2x16x70xf32> into tensor<2x16x70xf32>
    %9 = tensor.empty() : tensor<2x40x70xf32>
    %10 = linalg.fill ins(%cst : f32) outs(%9 : tensor<2x40x70xf32>) -> tensor<2x40x70xf32>
    %11 = linalg.batch_matmul ins(%collapsed, %collapsed_4 : tensor<2x40x16xf32>, tensor<2x16x70xf32>) outs(%10 : tensor<2x40x70xf32>) -> tensor<2x40x70xf32>
    %expanded = tensor.expand_shape %11 [[0, 1], [2], [3]] output_shape [1, 2, 40, 70] : tensor<2x40x70xf32> into tensor<1x2x40x70xf32>
    %12 = tensor.empty() : tensor<1x2x40x70xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded, %arg3 : tensor<1x2x40x70xf32>, tensor<40x70xbf16>) outs(%12 : tensor<1x2x40x70xf32>) {
    ^bb0(%in: f32, %in_9: bf16, %out: f32):
      %36 = arith.extf %in_9 : bf16 to f32
      %37 = arith.addf %in, %36 : f32
      linalg.yield %37 : f32
    } -> tensor<1x2x40x70xf32>
    %14 = tensor.empty() : tensor<1x2x40xi64>
    %15 = linalg.fill ins(%c0_i64 : i64) outs(%14 : tensor<1x2x40xi64>) -> tensor<1x2x40xi64>
    %16 = tensor.empty() : tensor<1x2x40xf32>
    %17 = linalg.fill ins(%cst_0 : f32) outs(%16 : tensor<1x2x40xf32>) -> tensor<1x2x40xf32>
    %18:2 = linalg.generic {indexing_maps = [#map, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%13 : tensor<1x2x40x70xf32>) outs(%17, %15 : tensor<1x2x40xf32>, tensor<1x2x40xi64>) {
    ^bb0(%in: f32, %out: f32, %out_9: i64):
      %36 = linalg.index 3 : index
      %37 = arith.index_cast %36 : index to i64
      %38 = arith.maximumf %in, %out : f32
      %39 = arith.cmpf ogt, %in, %out : f32
      %40 = arith.select %39, %37, %out_9 : i64
      linalg.yield %38, %40 : f32, i64
    } -> (tensor<1x2x40xf32>, tensor<1x2x40xi64>)
    %expanded_5 = tensor.expand_shape %18#0 [[0], [1], [2, 3]] output_shape [1, 2, 40, 1] : tensor<1x2x40xf32> into tensor<1x2x40x1xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%13, %expanded_5 : tensor<1x2x40x70xf32>, tensor<1x2x40x1xf32>) outs(%12 : tensor<1x2x40x70xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %36 = arith.subf %in, %in_9 : f32
      linalg.yield %36 : f32
    } -> tensor<1x2x40x70xf32>
    %20 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%19 : tensor<1x2x40x70xf32>) outs(%12 : tensor<1x2x40x70xf32>) {
    ^bb0(%in: f32, %out: f32):
      %36 = math.exp %in : f32
      linalg.yield %36 : f32
    } -> tensor<1x2x40x70xf32>
    %21 = tensor.empty() : tensor<1x2x40x1xf32>
    %22 = linalg.fill ins(%cst : f32) outs(%21 : tensor<1x2x40x1xf32>) -> tensor<1x2x40x1xf32>
    %23 = linalg.generic {indexing_maps = [#map, #map3], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%20 : tensor<1x2x40x70xf32>) outs(%22 : tensor<1x2x40x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %36 = arith.addf %in, %out : f32
      linalg.yield %36 : f32
    } -> tensor<1x2x40x1xf32>
    %24 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%20, %23 : tensor<1x2x40x70xf32>, tensor<1x2x40x1xf32>) outs(%12 : tensor<1x2x40x70xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %36 = arith.divf %in, %in_9 : f32
      linalg.yield %36 : f32
    } -> tensor<1x2x40x70xf32>
    %25 = tensor.empty() : tensor<1x2x40x70xi1>
    %26 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%13 : tensor<1x2x40x70xf32>) outs(%25 : tensor<1x2x40x70xi1>) {
    ^bb0(%in: f32, %out: i1):
      %36 = arith.extf %in : f32 to f64
      %37 = arith.cmpf oeq, %36, %cst_2 : f64
      linalg.yield %37 : i1
    } -> tensor<1x2x40x70xi1>
    %27 = tensor.empty() : tensor<1x2x40x1xi1>
    %28 = linalg.fill ins(%true : i1) outs(%27 : tensor<1x2x40x1xi1>) -> tensor<1x2x40x1xi1>
    %29 = linalg.generic {indexing_maps = [#map, #map3], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%26 : tensor<1x2x40x70xi1>) outs(%28 : tensor<1x2x40x1xi1>) {
    ^bb0(%in: i1, %out: i1):
      %36 = arith.andi %in, %out : i1
      linalg.yield %36 : i1
    } -> tensor<1x2x40x1xi1>
    %30 = linalg.generic {indexing_maps = [#map3, #map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%29, %cst_1, %24 : tensor<1x2x40x1xi1>, tensor<1x2x40x70xf32>, tensor<1x2x40x70xf32>) outs(%12 : tensor<1x2x40x70xf32>) {
    ^bb0(%in: i1, %in_9: f32, %in_10: f32, %out: f32):
      %36 = arith.select %in, %in_9, %in_10 : f32
      linalg.yield %36 : f32
    } -> tensor<1x2x40x70xf32>
    %collapsed_6 = tensor.collapse_shape %30 [[0, 1], [2], [3]] : tensor<1x2x40x70xf32> into tensor<2x40x70xf32>
    %collapsed_7 = tensor.collapse_shape %5 [[0, 1], [2], [3]] : tensor<1x2x70x24xf32> into tensor<2x70x24xf32>
    %31 = tensor.empty() : tensor<2x40x24xf32>
    %32 = linalg.fill ins(%cst : f32) outs(%31 : tensor<2x40x24xf32>) -> tensor<2x40x24xf32>
    %33 = linalg.batch_matmul ins(%collapsed_6, %collapsed_7 : tensor<2x40x70xf32>, tensor<2x70x24xf32>) outs(%32 : tensor<2x40x24xf32>) -> tensor<2x40x24xf32>
    %expanded_8 = tensor.expand_shape %33 [[0, 1], [2], [3]] output_shape [1, 2, 40, 24] : tensor<2x40x24xf32> into tensor<1x2x40x24xf32>
    %34 = tensor.empty() : tensor<1x2x40x24xbf16>
    %35 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_8 : tensor<1x2x40x24xf32>) outs(%34 : tensor<1x2x40x24xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %36 = arith.truncf %in : f32 to bf16
      linalg.yield %36 : bf16
    } -> tensor<1x2x40x24xbf16>
    return %35 : tensor<1x2x40x24xbf16>
  }
}
