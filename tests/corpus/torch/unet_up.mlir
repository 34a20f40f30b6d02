#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, d3)>
#map3 = affine_map<(d0, d1) -> (0, d1)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @unet_up(%arg0: tensor<1x32x8x8xf32>, %arg1: tensor<1x16x16x16xf32>, %arg2: tensor<32x16x2x2xf32>, %arg3: tensor<16xf32>, %arg4: tensor<32xf32>, %arg5: tensor<32xf32>, %arg6: tensor<16x32x3x3xf32>, %arg7: tensor<16xf32>) -> tensor<1x16x16x16xf32> {
    %c1_i64 = arith.constant 1 : i64
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %c8_i64 = arith.constant 8 : i64
    %c4_i64 = arith.constant 4 : i64
    %cst_0 = arith.constant 0.000000e+00 : f64
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant 1.000000e-05 : f64
    %c1 = arith.constant 1 : index
    %cst_3 = arith.constant 2.048000e+03 : f64
    %cst_4 = arith.constant 2.048000e+03 : f32
    %cst_5 = arith.constant 2.000000e+00 : f32
    %c0 = arith.constant 0 : index
    %cst_6 = arith.constant 7.000000e+00 : f32
    %cst_7 = arith.constant dense_resource<torch_tensor_1_32_torch.int64> : tensor<1x32xi64>
    %cst_8 = arith.constant dense_resource<torch_tensor_1_32_torch.int64_1> : tensor<1x32xi64>
    %cst_9 = arith.constant dense_resource<torch_tensor_1_32_torch.int64_2> : tensor<1x32xi64>
    %cst_10 = arith.constant dense_resource<torch_tensor_1_32_torch.int64_3> : tensor<1x32xi64>
    %cst_11 = arith.constant dense_resource<torch_tensor_1_32_torch.int64_4> : tensor<1x32xi64>
    %cst_12 = arith.constant dense_resource<torch_tensor_1_32_torch.int64_5> : tensor<1x32xi64>
    %cst_13 = arith.constant dense_resource<torch_tensor_1_32_torch.int64_6> : tensor<1x32xi64>
    %cst_14 = arith.constant dense_resource<torch_tensor_1_32_torch.int64_7> : tensor<1x32xi64>
    %0 = tensor.empty() : tensor<16x32x2x2xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<16x32x2x2xf32>) -> tensor<16x32x2x2xf32>
    %2 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%1 : tensor<16x32x2x2xf32>) {
    ^bb0(%out: f32):
      %40 = linalg.index 0 : index
      %41 = linalg.index 1 : index
      %42 = linalg.index 2 : index
      %43 = linalg.index 3 : index
      %44 = arith.subi %c1, %42 : index
      %45 = arith.subi %c1, %43 : index
      %extracted = tensor.extract %arg2[%41, %40, %44, %45] : tensor<32x16x2x2xf32>
      linalg.yield %extracted : f32
    } -> tensor<16x32x2x2xf32>
    %3 = tensor.empty() : tensor<1x32x17x17xf32>
    %4 = linalg.fill ins(%cst : f32) outs(%3 : tensor<1x32x17x17xf32>) -> tensor<1x32x17x17xf32>
    %inserted_slice = tensor.insert_slice %arg0 into %4[0, 0, 1, 1] [1, 32, 8, 8] [1, 1, 2, 2] : tensor<1x32x8x8xf32> into tensor<1x32x17x17xf32>
    %5 = tensor.empty() : tensor<1x16x16x16xf32>
    %broadcasted = linalg.broadcast ins(%arg3 : tensor<16xf32>) outs(%5 : tensor<1x16x16x16xf32>) dimensions = [0, 2, 3] 
    %6 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%inserted_slice, %2 : tensor<1x32x17x17xf32>, tensor<16x32x2x2xf32>) outs(%broadcasted : tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
    %concat = tensor.concat dim(1) %6, %arg1 : (tensor<1x16x16x16xf32>, tensor<1x16x16x16xf32>) -> tensor<1x32x16x16xf32>
    %collapsed = tensor.collapse_shape %concat [[0], [1], [2, 3]] : tensor<1x32x16x16xf32> into tensor<1x32x256xf32>
    %expanded = tensor.expand_shape %collapsed [[0], [1, 2], [3]] output_shape [1, 4, 8, 256] : tensor<1x32x256xf32> into tensor<1x4x8x256xf32>
    %7 = tensor.empty() : tensor<1x4x8x256xf64>
    %8 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded : tensor<1x4x8x256xf32>) outs(%7 : tensor<1x4x8x256xf64>) {
    ^bb0(%in: f32, %out: f64):
      %40 = arith.extf %in : f32 to f64
      linalg.yield %40 : f64
    } -> tensor<1x4x8x256xf64>
    %9 = tensor.empty() : tensor<1x4x1x1xf64>
    %10 = linalg.fill ins(%cst_0 : f64) outs(%9 : tensor<1x4x1x1xf64>) -> tensor<1x4x1x1xf64>
    %11 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%8 : tensor<1x4x8x256xf64>) outs(%10 : tensor<1x4x1x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %40 = arith.addf %in, %out : f64
      linalg.yield %40 : f64
    } -> tensor<1x4x1x1xf64>
    %12 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%11 : tensor<1x4x1x1xf64>) outs(%9 : tensor<1x4x1x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %40 = arith.divf %in, %cst_3 : f64
      linalg.yield %40 : f64
    } -> tensor<1x4x1x1xf64>
    %13 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%8, %12 : tensor<1x4x8x256xf64>, tensor<1x4x1x1xf64>) outs(%7 : tensor<1x4x8x256xf64>) {
    ^bb0(%in: f64, %in_20: f64, %out: f64):
      %40 = arith.subf %in, %in_20 : f64
      linalg.yield %40 : f64
    } -> tensor<1x4x8x256xf64>
    %14 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%13, %13 : tensor<1x4x8x256xf64>, tensor<1x4x8x256xf64>) outs(%7 : tensor<1x4x8x256xf64>) {
    ^bb0(%in: f64, %in_20: f64, %out: f64):
      %40 = arith.mulf %in, %in_20 : f64
      linalg.yield %40 : f64
    } -> tensor<1x4x8x256xf64>
    %15 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%14 : tensor<1x4x8x256xf64>) outs(%10 : tensor<1x4x1x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %40 = arith.addf %in, %out : f64
      linalg.yield %40 : f64
    } -> tensor<1x4x1x1xf64>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%15 : tensor<1x4x1x1xf64>) outs(%9 : tensor<1x4x1x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %40 = arith.divf %in, %cst_3 : f64
      linalg.yield %40 : f64
    } -> tensor<1x4x1x1xf64>
    %17 = tensor.empty() : tensor<1x4x1x1xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%16 : tensor<1x4x1x1xf64>) outs(%17 : tensor<1x4x1x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %40 = arith.truncf %in : f64 to f32
      linalg.yield %40 : f32
    } -> tensor<1x4x1x1xf32>
    %19 = linalg.fill ins(%cst : f32) outs(%17 : tensor<1x4x1x1xf32>) -> tensor<1x4x1x1xf32>
    %20 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%expanded : tensor<1x4x8x256xf32>) outs(%19 : tensor<1x4x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %40 = arith.addf %in, %out : f32
      linalg.yield %40 : f32
    } -> tensor<1x4x1x1xf32>
    %21 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%20 : tensor<1x4x1x1xf32>) outs(%17 : tensor<1x4x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %40 = arith.divf %in, %cst_4 : f32
      linalg.yield %40 : f32
    } -> tensor<1x4x1x1xf32>
    %22 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%18 : tensor<1x4x1x1xf32>) outs(%17 : tensor<1x4x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %40 = arith.truncf %cst_2 : f64 to f32
      %41 = arith.addf %in, %40 : f32
      linalg.yield %41 : f32
    } -> tensor<1x4x1x1xf32>
    %23 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%22 : tensor<1x4x1x1xf32>) outs(%17 : tensor<1x4x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %40 = math.rsqrt %in : f32
      linalg.yield %40 : f32
    } -> tensor<1x4x1x1xf32>
    %expanded_15 = tensor.expand_shape %arg4 [[0, 1, 2, 3]] output_shape [1, 4, 8, 1] : tensor<32xf32> into tensor<1x4x8x1xf32>
    %24 = tensor.empty() : tensor<1x4x8x1xf32>
    %25 = linalg.generic {indexing_maps = [#map2, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%23, %expanded_15 : tensor<1x4x1x1xf32>, tensor<1x4x8x1xf32>) outs(%24 : tensor<1x4x8x1xf32>) {
    ^bb0(%in: f32, %in_20: f32, %out: f32):
      %40 = arith.mulf %in, %in_20 : f32
      linalg.yield %40 : f32
    } -> tensor<1x4x8x1xf32>
    %26 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%21 : tensor<1x4x1x1xf32>) outs(%17 : tensor<1x4x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %40 = arith.negf %in : f32
      linalg.yield %40 : f32
    } -> tensor<1x4x1x1xf32>
    %27 = linalg.generic {indexing_maps = [#map2, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%26, %25 : tensor<1x4x1x1xf32>, tensor<1x4x8x1xf32>) outs(%24 : tensor<1x4x8x1xf32>) {
    ^bb0(%in: f32, %in_20: f32, %out: f32):
      %40 = arith.mulf %in, %in_20 : f32
      linalg.yield %40 : f32
    } -> tensor<1x4x8x1xf32>
    %expanded_16 = tensor.expand_shape %arg5 [[0, 1, 2, 3]] output_shape [1, 4, 8, 1] : tensor<32xf32> into tensor<1x4x8x1xf32>
    %28 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%27, %expanded_16 : tensor<1x4x8x1xf32>, tensor<1x4x8x1xf32>) outs(%24 : tensor<1x4x8x1xf32>) {
    ^bb0(%in: f32, %in_20: f32, %out: f32):
      %40 = arith.addf %in, %in_20 : f32
      linalg.yield %40 : f32
    } -> tensor<1x4x8x1xf32>
    %29 = tensor.empty() : tensor<1x32xf32>
    %30 = linalg.generic {indexing_maps = [#map3, #map3, #map3, #map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%cst_7, %cst_8, %cst_9, %cst_10 : tensor<1x32xi64>, tensor<1x32xi64>, tensor<1x32xi64>, tensor<1x32xi64>) outs(%29 : tensor<1x32xf32>) {
    ^bb0(%in: i64, %in_20: i64, %in_21: i64, %in_22: i64, %out: f32):
      %40 = arith.cmpi slt, %in, %c0_i64 : i64
      %41 = arith.addi %in, %c1_i64 : i64
      %42 = arith.select %40, %41, %in : i64
      %43 = arith.index_cast %42 : i64 to index
      %44 = arith.cmpi slt, %in_20, %c0_i64 : i64
      %45 = arith.addi %in_20, %c4_i64 : i64
      %46 = arith.select %44, %45, %in_20 : i64
      %47 = arith.index_cast %46 : i64 to index
      %48 = arith.cmpi slt, %in_21, %c0_i64 : i64
      %49 = arith.addi %in_21, %c8_i64 : i64
      %50 = arith.select %48, %49, %in_21 : i64
      %51 = arith.index_cast %50 : i64 to index
      %52 = arith.cmpi slt, %in_22, %c0_i64 : i64
      %53 = arith.addi %in_22, %c1_i64 : i64
      %54 = arith.select %52, %53, %in_22 : i64
      %55 = arith.index_cast %54 : i64 to index
      %extracted = tensor.extract %25[%43, %47, %51, %55] : tensor<1x4x8x1xf32>
      linalg.yield %extracted : f32
    } -> tensor<1x32xf32>
    %31 = linalg.generic {indexing_maps = [#map3, #map3, #map3, #map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%cst_11, %cst_12, %cst_13, %cst_14 : tensor<1x32xi64>, tensor<1x32xi64>, tensor<1x32xi64>, tensor<1x32xi64>) outs(%29 : tensor<1x32xf32>) {
    ^bb0(%in: i64, %in_20: i64, %in_21: i64, %in_22: i64, %out: f32):
      %40 = arith.cmpi slt, %in, %c0_i64 : i64
      %41 = arith.addi %in, %c1_i64 : i64
      %42 = arith.select %40, %41, %in : i64
      %43 = arith.index_cast %42 : i64 to index
      %44 = arith.cmpi slt, %in_20, %c0_i64 : i64
      %45 = arith.addi %in_20, %c4_i64 : i64
      %46 = arith.select %44, %45, %in_20 : i64
      %47 = arith.index_cast %46 : i64 to index
      %48 = arith.cmpi slt, %in_21, %c0_i64 : i64
      %49 = arith.addi %in_21, %c8_i64 : i64
      %50 = arith.select %48, %49, %in_21 : i64
      %51 = arith.index_cast %50 : i64 to index
      %52 = arith.cmpi slt, %in_22, %c0_i64 : i64
      %53 = arith.addi %in_22, %c1_i64 : i64
      %54 = arith.select %52, %53, %in_22 : i64
      %55 = arith.index_cast %54 : i64 to index
      %extracted = tensor.extract %28[%43, %47, %51, %55] : tensor<1x4x8x1xf32>
      linalg.yield %extracted : f32
    } -> tensor<1x32xf32>
    %expanded_17 = tensor.expand_shape %30 [[0], [1, 2, 3]] output_shape [1, 32, 1, 1] : tensor<1x32xf32> into tensor<1x32x1x1xf32>
    %expanded_18 = tensor.expand_shape %31 [[0], [1, 2, 3]] output_shape [1, 32, 1, 1] : tensor<1x32xf32> into tensor<1x32x1x1xf32>
    %32 = tensor.empty() : tensor<1x32x16x16xf32>
    %33 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat, %expanded_17 : tensor<1x32x16x16xf32>, tensor<1x32x1x1xf32>) outs(%32 : tensor<1x32x16x16xf32>) {
    ^bb0(%in: f32, %in_20: f32, %out: f32):
      %40 = arith.mulf %in, %in_20 : f32
      linalg.yield %40 : f32
    } -> tensor<1x32x16x16xf32>
    %34 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%33, %expanded_18 : tensor<1x32x16x16xf32>, tensor<1x32x1x1xf32>) outs(%32 : tensor<1x32x16x16xf32>) {
    ^bb0(%in: f32, %in_20: f32, %out: f32):
      %40 = arith.addf %in, %in_20 : f32
      linalg.yield %40 : f32
    } -> tensor<1x32x16x16xf32>
    %35 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%34 : tensor<1x32x16x16xf32>) outs(%32 : tensor<1x32x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %40 = arith.negf %in : f32
      %41 = math.exp %40 : f32
      %42 = arith.addf %41, %cst_1 : f32
      %43 = arith.divf %cst_1, %42 : f32
      linalg.yield %43 : f32
    } -> tensor<1x32x16x16xf32>
    %36 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%34, %35 : tensor<1x32x16x16xf32>, tensor<1x32x16x16xf32>) outs(%32 : tensor<1x32x16x16xf32>) {
    ^bb0(%in: f32, %in_20: f32, %out: f32):
      %40 = arith.mulf %in, %in_20 : f32
      linalg.yield %40 : f32
    } -> tensor<1x32x16x16xf32>
    %padded = tensor.pad %36 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg8: index, %arg9: index, %arg10: index, %arg11: index):
      tensor.yield %cst : f32
    } : tensor<1x32x16x16xf32> to tensor<1x32x18x18xf32>
    %broadcasted_19 = linalg.broadcast ins(%arg7 : tensor<16xf32>) outs(%5 : tensor<1x16x16x16xf32>) dimensions = [0, 2, 3] 
    %37 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %arg6 : tensor<1x32x18x18xf32>, tensor<16x32x3x3xf32>) outs(%broadcasted_19 : tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
    %extracted_slice = tensor.extract_slice %arg0[0, 0, 0, 0] [1, 16, 8, 8] [1, 1, 1, 1] : tensor<1x32x8x8xf32> to tensor<1x16x8x8xf32>
    %38 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%5 : tensor<1x16x16x16xf32>) {
    ^bb0(%out: f32):
      %40 = linalg.index 1 : index
      %41 = linalg.index 2 : index
      %42 = linalg.index 3 : index
      %43 = arith.index_cast %41 : index to i64
      %44 = arith.sitofp %43 : i64 to f32
      %45 = arith.divf %44, %cst_5 : f32
      %46 = math.floor %45 : f32
      %47 = arith.maximumf %46, %cst : f32
      %48 = arith.minimumf %47, %cst_6 : f32
      %49 = arith.fptosi %48 : f32 to i64
      %50 = arith.index_cast %49 : i64 to index
      %51 = arith.index_cast %42 : index to i64
      %52 = arith.sitofp %51 : i64 to f32
      %53 = arith.divf %52, %cst_5 : f32
      %54 = math.floor %53 : f32
      %55 = arith.maximumf %54, %cst : f32
      %56 = arith.minimumf %55, %cst_6 : f32
      %57 = arith.fptosi %56 : f32 to i64
      %58 = arith.index_cast %57 : i64 to index
      %extracted = tensor.extract %extracted_slice[%c0, %40, %50, %58] : tensor<1x16x8x8xf32>
      linalg.yield %extracted : f32
    } -> tensor<1x16x16x16xf32>
    %39 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%37, %38 : tensor<1x16x16x16xf32>, tensor<1x16x16x16xf32>) outs(%5 : tensor<1x16x16x16xf32>) {
    ^bb0(%in: f32, %in_20: f32, %out: f32):
      %40 = arith.addf %in, %in_20 : f32
      linalg.yield %40 : f32
    } -> tensor<1x16x16x16xf32>
    return %39 : tensor<1x16x16x16xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_1_32_torch.int64: "0x0800000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_1_32_torch.int64_1: "0x0800000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010000000000000001000000000000000100000000000000010000000000000001000000000000000100000000000000010000000000000001000000000000000200000000000000020000000000000002000000000000000200000000000000020000000000000002000000000000000200000000000000020000000000000003000000000000000300000000000000030000000000000003000000000000000300000000000000030000000000000003000000000000000300000000000000",
      torch_tensor_1_32_torch.int64_2: "0x0800000000000000000000000100000000000000020000000000000003000000000000000400000000000000050000000000000006000000000000000700000000000000000000000000000001000000000000000200000000000000030000000000000004000000000000000500000000000000060000000000000007000000000000000000000000000000010000000000000002000000000000000300000000000000040000000000000005000000000000000600000000000000070000000000000000000000000000000100000000000000020000000000000003000000000000000400000000000000050000000000000006000000000000000700000000000000",
      torch_tensor_1_32_torch.int64_3: "0x0800000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_1_32_torch.int64_4: "0x0800000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_1_32_torch.int64_5: "0x0800000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010000000000000001000000000000000100000000000000010000000000000001000000000000000100000000000000010000000000000001000000000000000200000000000000020000000000000002000000000000000200000000000000020000000000000002000000000000000200000000000000020000000000000003000000000000000300000000000000030000000000000003000000000000000300000000000000030000000000000003000000000000000300000000000000",
      torch_tensor_1_32_torch.int64_6: "0x0800000000000000000000000100000000000000020000000000000003000000000000000400000000000000050000000000000006000000000000000700000000000000000000000000000001000000000000000200000000000000030000000000000004000000000000000500000000000000060000000000000007000000000000000000000000000000010000000000000002000000000000000300000000000000040000000000000005000000000000000600000000000000070000000000000000000000000000000100000000000000020000000000000003000000000000000400000000000000050000000000000006000000000000000700000000000000",
      torch_tensor_1_32_torch.int64_7: "0x0800000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    }
  }
#-}
