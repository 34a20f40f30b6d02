// The generic form of tensor_build.mlir's @build and @main and of
// cf_assert_fail.mlir's @value, as mlir-opt-22 --mlir-print-op-generic
// prints them: the same results, values and assertion message
// (cli/assert_concat.sh compares).
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<() -> ()>
#map2 = affine_map<(d0) -> (d0)>
"builtin.module"() ({
  "func.func"() <{function_type = (f32, f32, tensor<2x3xf32>, tensor<1x3xf32>) -> (tensor<3x8xf32>, tensor<f32>, tensor<4xf32>), sym_name = "build"}> ({
  ^bb0(%arg9: f32, %arg10: f32, %arg11: tensor<2x3xf32>, %arg12: tensor<1x3xf32>):
    %29 = "tensor.from_elements"(%arg9, %arg10, %arg9, %arg10, %arg9, %arg10) : (f32, f32, f32, f32, f32, f32) -> tensor<2x3xf32>
    %30 = "tensor.empty"() : () -> tensor<2x3xf32>
    %31 = "linalg.add"(%arg11, %29, %30) <{operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg15: f32, %arg16: f32, %arg17: f32):
      %40 = "arith.addf"(%arg15, %arg16) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%40) : (f32) -> ()
    }) : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %32 = "tensor.concat"(%31, %arg12) <{dim = 0 : i64}> : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<3x3xf32>
    %33 = "tensor.from_elements"(%arg9, %arg10, %arg10, %arg9, %arg9, %arg10) : (f32, f32, f32, f32, f32, f32) -> tensor<3x2xf32>
    %34 = "tensor.concat"(%32, %33, %32) <{dim = 1 : i64}> : (tensor<3x3xf32>, tensor<3x2xf32>, tensor<3x3xf32>) -> tensor<3x8xf32>
    %35 = "tensor.empty"() : () -> tensor<3x8xf32>
    %36 = "linalg.generic"(%34, %35) <{indexing_maps = [#map, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg13: f32, %arg14: f32):
      %39 = "arith.mulf"(%arg13, %arg13) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%39) : (f32) -> ()
    }) : (tensor<3x8xf32>, tensor<3x8xf32>) -> tensor<3x8xf32>
    %37 = "tensor.from_elements"(%arg10) : (f32) -> tensor<f32>
    %38 = "tensor.from_elements"(%arg9, %arg10, %arg10, %arg9) : (f32, f32, f32, f32) -> tensor<4xf32>
    "func.return"(%36, %37, %38) : (tensor<3x8xf32>, tensor<f32>, tensor<4xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "main"}> ({
    %11 = "arith.constant"() <{value = 1.500000e+00 : f32}> : () -> f32
    %12 = "arith.constant"() <{value = -2.000000e+00 : f32}> : () -> f32
    %13 = "arith.constant"() <{value = dense<[[1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]> : tensor<2x3xf32>}> : () -> tensor<2x3xf32>
    %14 = "arith.constant"() <{value = dense<[[7.000000e+00, 8.000000e+00, 9.000000e+00]]> : tensor<1x3xf32>}> : () -> tensor<1x3xf32>
    %15 = "tensor.from_elements"(%11, %12, %11, %12, %11, %12) : (f32, f32, f32, f32, f32, f32) -> tensor<2x3xf32>
    %16 = "tensor.empty"() : () -> tensor<2x3xf32>
    %17 = "linalg.add"(%13, %15, %16) <{operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg6: f32, %arg7: f32, %arg8: f32):
      %28 = "arith.addf"(%arg6, %arg7) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%28) : (f32) -> ()
    }) : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %18 = "tensor.concat"(%17, %14) <{dim = 0 : i64}> : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<3x3xf32>
    %19 = "tensor.from_elements"(%11, %12, %12, %11, %11, %12) : (f32, f32, f32, f32, f32, f32) -> tensor<3x2xf32>
    %20 = "tensor.concat"(%18, %19, %18) <{dim = 1 : i64}> : (tensor<3x3xf32>, tensor<3x2xf32>, tensor<3x3xf32>) -> tensor<3x8xf32>
    %21 = "tensor.from_elements"(%12) : (f32) -> tensor<f32>
    %22 = "tensor.from_elements"(%11, %12, %12, %11) : (f32, f32, f32, f32) -> tensor<4xf32>
    %23 = "arith.constant"() <{value = 0 : index}> : () -> index
    %24 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %25 = "vector.transfer_read"(%20, %23, %23, %24) <{in_bounds = [false, false], operandSegmentSizes = array<i32: 1, 2, 1, 0>, permutation_map = #map}> : (tensor<3x8xf32>, index, index, f32) -> vector<3x8xf32>
    %26 = "vector.transfer_read"(%21, %24) <{in_bounds = [], operandSegmentSizes = array<i32: 1, 0, 1, 0>, permutation_map = #map1}> : (tensor<f32>, f32) -> vector<f32>
    %27 = "vector.transfer_read"(%22, %23, %24) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 1, 1, 0>, permutation_map = #map2}> : (tensor<4xf32>, index, f32) -> vector<4xf32>
    "vector.print"(%25) <{punctuation = #vector.punctuation<newline>}> : (vector<3x8xf32>) -> ()
    "vector.print"(%26) <{punctuation = #vector.punctuation<newline>}> : (vector<f32>) -> ()
    "vector.print"(%27) <{punctuation = #vector.punctuation<newline>}> : (vector<4xf32>) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<8xf32>) -> tensor<8xf32>, sym_name = "value"}> ({
  ^bb0(%arg0: tensor<8xf32>):
    %0 = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
    %1 = "tensor.empty"() : () -> tensor<8xf32>
    %2 = "linalg.generic"(%arg0, %1) <{indexing_maps = [#map2, #map2], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg4: f32, %arg5: f32):
      %9 = "math.absf"(%arg4) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      %10 = "arith.addf"(%9, %0) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%10) : (f32) -> ()
    }) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %3 = "arith.constant"() <{value = 5 : index}> : () -> index
    %4 = "tensor.extract"(%2, %3) : (tensor<8xf32>, index) -> f32
    %5 = "arith.cmpf"(%4, %0) <{fastmath = #arith.fastmath<none>, predicate = 4 : i64}> : (f32, f32) -> i1
    "cf.assert"(%5) <{msg = "\22abs(x) + 1\22 < 1\\"}> : (i1) -> ()
    %6 = "tensor.empty"() : () -> tensor<8xf32>
    %7 = "linalg.mul"(%2, %2, %6) <{operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg1: f32, %arg2: f32, %arg3: f32):
      %8 = "arith.mulf"(%arg1, %arg2) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%8) : (f32) -> ()
    }) : (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    "func.return"(%7) : (tensor<8xf32>) -> ()
  }) : () -> ()
}) : () -> ()

