#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, d3)>
#map3 = affine_map<(d0, d1) -> (0, d1)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @forward(%arg0: tensor<1x8x16x16xf32>, %arg1: tensor<8xf32>, %arg2: tensor<8xf32>) -> tensor<1x8x16x16xf32> {
    %c1_i64 = arith.constant 1 : i64
    %c2_i64 = arith.constant 2 : i64
    %c4_i64 = arith.constant 4 : i64
    %cst = arith.constant 0.000000e+00 : f64
    %cst_0 = arith.constant 0.000000e+00 : f32
    %c0_i64 = arith.constant 0 : i64
    %cst_1 = arith.constant 1.000000e-05 : f64
    %cst_2 = arith.constant 1.024000e+03 : f64
    %cst_3 = arith.constant 1.024000e+03 : f32
    %cst_4 = arith.constant dense_resource<torch_tensor_1_8_torch.int64> : tensor<1x8xi64>
    %cst_5 = arith.constant dense_resource<torch_tensor_1_8_torch.int64_1> : tensor<1x8xi64>
    %cst_6 = arith.constant dense_resource<torch_tensor_1_8_torch.int64_2> : tensor<1x8xi64>
    %cst_7 = arith.constant dense_resource<torch_tensor_1_8_torch.int64_3> : tensor<1x8xi64>
    %cst_8 = arith.constant dense_resource<torch_tensor_1_8_torch.int64_4> : tensor<1x8xi64>
    %cst_9 = arith.constant dense_resource<torch_tensor_1_8_torch.int64_5> : tensor<1x8xi64>
    %cst_10 = arith.constant dense_resource<torch_tensor_1_8_torch.int64_6> : tensor<1x8xi64>
    %cst_11 = arith.constant dense_resource<torch_tensor_1_8_torch.int64_7> : tensor<1x8xi64>
    %collapsed = tensor.collapse_shape %arg0 [[0], [1], [2, 3]] : tensor<1x8x16x16xf32> into tensor<1x8x256xf32>
    %expanded = tensor.expand_shape %collapsed [[0], [1, 2], [3]] output_shape [1, 2, 4, 256] : tensor<1x8x256xf32> into tensor<1x2x4x256xf32>
    %0 = tensor.empty() : tensor<1x2x4x256xf64>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded : tensor<1x2x4x256xf32>) outs(%0 : tensor<1x2x4x256xf64>) {
    ^bb0(%in: f32, %out: f64):
      %28 = arith.extf %in : f32 to f64
      linalg.yield %28 : f64
    } -> tensor<1x2x4x256xf64>
    %2 = tensor.empty() : tensor<1x2x1x1xf64>
    %3 = linalg.fill ins(%cst : f64) outs(%2 : tensor<1x2x1x1xf64>) -> tensor<1x2x1x1xf64>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%1 : tensor<1x2x4x256xf64>) outs(%3 : tensor<1x2x1x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %28 = arith.addf %in, %out : f64
      linalg.yield %28 : f64
    } -> tensor<1x2x1x1xf64>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%4 : tensor<1x2x1x1xf64>) outs(%2 : tensor<1x2x1x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %28 = arith.divf %in, %cst_2 : f64
      linalg.yield %28 : f64
    } -> tensor<1x2x1x1xf64>
    %6 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%1, %5 : tensor<1x2x4x256xf64>, tensor<1x2x1x1xf64>) outs(%0 : tensor<1x2x4x256xf64>) {
    ^bb0(%in: f64, %in_16: f64, %out: f64):
      %28 = arith.subf %in, %in_16 : f64
      linalg.yield %28 : f64
    } -> tensor<1x2x4x256xf64>
    %7 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%6, %6 : tensor<1x2x4x256xf64>, tensor<1x2x4x256xf64>) outs(%0 : tensor<1x2x4x256xf64>) {
    ^bb0(%in: f64, %in_16: f64, %out: f64):
      %28 = arith.mulf %in, %in_16 : f64
      linalg.yield %28 : f64
    } -> tensor<1x2x4x256xf64>
    %8 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%7 : tensor<1x2x4x256xf64>) outs(%3 : tensor<1x2x1x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %28 = arith.addf %in, %out : f64
      linalg.yield %28 : f64
    } -> tensor<1x2x1x1xf64>
    %9 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%8 : tensor<1x2x1x1xf64>) outs(%2 : tensor<1x2x1x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %28 = arith.divf %in, %cst_2 : f64
      linalg.yield %28 : f64
    } -> tensor<1x2x1x1xf64>
    %10 = tensor.empty() : tensor<1x2x1x1xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%9 : tensor<1x2x1x1xf64>) outs(%10 : tensor<1x2x1x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %28 = arith.truncf %in : f64 to f32
      linalg.yield %28 : f32
    } -> tensor<1x2x1x1xf32>
    %12 = linalg.fill ins(%cst_0 : f32) outs(%10 : tensor<1x2x1x1xf32>) -> tensor<1x2x1x1xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%expanded : tensor<1x2x4x256xf32>) outs(%12 : tensor<1x2x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %28 = arith.addf %in, %out : f32
      linalg.yield %28 : f32
    } -> tensor<1x2x1x1xf32>
    %14 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%13 : tensor<1x2x1x1xf32>) outs(%10 : tensor<1x2x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %28 = arith.divf %in, %cst_3 : f32
      linalg.yield %28 : f32
    } -> tensor<1x2x1x1xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%11 : tensor<1x2x1x1xf32>) outs(%10 : tensor<1x2x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %28 = arith.truncf %cst_1 : f64 to f32
      %29 = arith.addf %in, %28 : f32
      linalg.yield %29 : f32
    } -> tensor<1x2x1x1xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%15 : tensor<1x2x1x1xf32>) outs(%10 : tensor<1x2x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %28 = math.rsqrt %in : f32
      linalg.yield %28 : f32
    } -> tensor<1x2x1x1xf32>
    %expanded_12 = tensor.expand_shape %arg1 [[0, 1, 2, 3]] output_shape [1, 2, 4, 1] : tensor<8xf32> into tensor<1x2x4x1xf32>
    %17 = tensor.empty() : tensor<1x2x4x1xf32>
    %18 = linalg.generic {indexing_maps = [#map2, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%16, %expanded_12 : tensor<1x2x1x1xf32>, tensor<1x2x4x1xf32>) outs(%17 : tensor<1x2x4x1xf32>) {
    ^bb0(%in: f32, %in_16: f32, %out: f32):
      %28 = arith.mulf %in, %in_16 : f32
      linalg.yield %28 : f32
    } -> tensor<1x2x4x1xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%14 : tensor<1x2x1x1xf32>) outs(%10 : tensor<1x2x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %28 = arith.negf %in : f32
      linalg.yield %28 : f32
    } -> tensor<1x2x1x1xf32>
    %20 = linalg.generic {indexing_maps = [#map2, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%19, %18 : tensor<1x2x1x1xf32>, tensor<1x2x4x1xf32>) outs(%17 : tensor<1x2x4x1xf32>) {
    ^bb0(%in: f32, %in_16: f32, %out: f32):
      %28 = arith.mulf %in, %in_16 : f32
      linalg.yield %28 : f32
    } -> tensor<1x2x4x1xf32>
    %expanded_13 = tensor.expand_shape %arg2 [[0, 1, 2, 3]] output_shape [1, 2, 4, 1] : tensor<8xf32> into tensor<1x2x4x1xf32>
    %21 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%20, %expanded_13 : tensor<1x2x4x1xf32>, tensor<1x2x4x1xf32>) outs(%17 : tensor<1x2x4x1xf32>) {
    ^bb0(%in: f32, %in_16: f32, %out: f32):
      %28 = arith.addf %in, %in_16 : f32
      linalg.yield %28 : f32
    } -> tensor<1x2x4x1xf32>
    %22 = tensor.empty() : tensor<1x8xf32>
    %23 = linalg.generic {indexing_maps = [#map3, #map3, #map3, #map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%cst_4, %cst_5, %cst_6, %cst_7 : tensor<1x8xi64>, tensor<1x8xi64>, tensor<1x8xi64>, tensor<1x8xi64>) outs(%22 : tensor<1x8xf32>) {
    ^bb0(%in: i64, %in_16: i64, %in_17: i64, %in_18: i64, %out: f32):
      %28 = arith.cmpi slt, %in, %c0_i64 : i64
      %29 = arith.addi %in, %c1_i64 : i64
      %30 = arith.select %28, %29, %in : i64
      %31 = arith.index_cast %30 : i64 to index
      %32 = arith.cmpi slt, %in_16, %c0_i64 : i64
      %33 = arith.addi %in_16, %c2_i64 : i64
      %34 = arith.select %32, %33, %in_16 : i64
      %35 = arith.index_cast %34 : i64 to index
      %36 = arith.cmpi slt, %in_17, %c0_i64 : i64
      %37 = arith.addi %in_17, %c4_i64 : i64
      %38 = arith.select %36, %37, %in_17 : i64
      %39 = arith.index_cast %38 : i64 to index
      %40 = arith.cmpi slt, %in_18, %c0_i64 : i64
      %41 = arith.addi %in_18, %c1_i64 : i64
      %42 = arith.select %40, %41, %in_18 : i64
      %43 = arith.index_cast %42 : i64 to index
      %extracted = tensor.extract %18[%31, %35, %39, %43] : tensor<1x2x4x1xf32>
      linalg.yield %extracted : f32
    } -> tensor<1x8xf32>
    %24 = linalg.generic {indexing_maps = [#map3, #map3, #map3, #map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%cst_8, %cst_9, %cst_10, %cst_11 : tensor<1x8xi64>, tensor<1x8xi64>, tensor<1x8xi64>, tensor<1x8xi64>) outs(%22 : tensor<1x8xf32>) {
    ^bb0(%in: i64, %in_16: i64, %in_17: i64, %in_18: i64, %out: f32):
      %28 = arith.cmpi slt, %in, %c0_i64 : i64
      %29 = arith.addi %in, %c1_i64 : i64
      %30 = arith.select %28, %29, %in : i64
      %31 = arith.index_cast %30 : i64 to index
      %32 = arith.cmpi slt, %in_16, %c0_i64 : i64
      %33 = arith.addi %in_16, %c2_i64 : i64
      %34 = arith.select %32, %33, %in_16 : i64
      %35 = arith.index_cast %34 : i64 to index
      %36 = arith.cmpi slt, %in_17, %c0_i64 : i64
      %37 = arith.addi %in_17, %c4_i64 : i64
      %38 = arith.select %36, %37, %in_17 : i64
      %39 = arith.index_cast %38 : i64 to index
      %40 = arith.cmpi slt, %in_18, %c0_i64 : i64
      %41 = arith.addi %in_18, %c1_i64 : i64
      %42 = arith.select %40, %41, %in_18 : i64
      %43 = arith.index_cast %42 : i64 to index
      %extracted = tensor.extract %21[%31, %35, %39, %43] : tensor<1x2x4x1xf32>
      linalg.yield %extracted : f32
    } -> tensor<1x8xf32>
    %expanded_14 = tensor.expand_shape %23 [[0], [1, 2, 3]] output_shape [1, 8, 1, 1] : tensor<1x8xf32> into tensor<1x8x1x1xf32>
    %expanded_15 = tensor.expand_shape %24 [[0], [1, 2, 3]] output_shape [1, 8, 1, 1] : tensor<1x8xf32> into tensor<1x8x1x1xf32>
    %25 = tensor.empty() : tensor<1x8x16x16xf32>
    %26 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0, %expanded_14 : tensor<1x8x16x16xf32>, tensor<1x8x1x1xf32>) outs(%25 : tensor<1x8x16x16xf32>) {
    ^bb0(%in: f32, %in_16: f32, %out: f32):
      %28 = arith.mulf %in, %in_16 : f32
      linalg.yield %28 : f32
    } -> tensor<1x8x16x16xf32>
    %27 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%26, %expanded_15 : tensor<1x8x16x16xf32>, tensor<1x8x1x1xf32>) outs(%25 : tensor<1x8x16x16xf32>) {
    ^bb0(%in: f32, %in_16: f32, %out: f32):
      %28 = arith.addf %in, %in_16 : f32
      linalg.yield %28 : f32
    } -> tensor<1x8x16x16xf32>
    return %27 : tensor<1x8x16x16xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_1_8_torch.int64: "0x0800000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_1_8_torch.int64_1: "0x0800000000000000000000000000000000000000000000000000000000000000000000000100000000000000010000000000000001000000000000000100000000000000",
      torch_tensor_1_8_torch.int64_2: "0x0800000000000000000000000100000000000000020000000000000003000000000000000000000000000000010000000000000002000000000000000300000000000000",
      torch_tensor_1_8_torch.int64_3: "0x0800000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_1_8_torch.int64_4: "0x0800000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_1_8_torch.int64_5: "0x0800000000000000000000000000000000000000000000000000000000000000000000000100000000000000010000000000000001000000000000000100000000000000",
      torch_tensor_1_8_torch.int64_6: "0x0800000000000000000000000100000000000000020000000000000003000000000000000000000000000000010000000000000002000000000000000300000000000000",
      torch_tensor_1_8_torch.int64_7: "0x0800000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    }
  }
#-}
