// difftest regression (cpu, fusion, oracle), random program of seed 7; tests/cli/regress.sh runs:
// RUN: run -e f --target cpu --check --threads 2 --seed 7
// EXPECT-KERNELS: 2
// ORACLE: 0.02
// spec: {"layers":[{"kind":"matmul_ta","N":2,"steps":["bias"],"named":true,"init":"fill","relu":"maxnumf","scale":0.5,"fused_epilogue":false,"bias_named_broadcast":true},{"kind":"matmul","N":5,"steps":[],"named":false,"init":"splat","relu":"maximumf","scale":0.125,"fused_epilogue":false,"bias_named_broadcast":true}],"M":13,"K0":31,"B":0,"out_bf16":true,"style":"mixed","generic_print":true,"aliases":false}
#map = affine_map<(d0, d1, d2) -> (d2, d0)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1) -> (d1)>
#map5 = affine_map<(d0, d1, d2) -> (d0, d2)>
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<31x13xf32>, tensor<31x2xf32>, tensor<2xf32>, tensor<2x5xf32>) -> tensor<13x5xbf16>, sym_name = "f"}> ({
  ^bb0(%arg2: tensor<31x13xf32>, %arg3: tensor<31x2xf32>, %arg4: tensor<2xf32>, %arg5: tensor<2x5xf32>):
    %11 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %12 = "tensor.empty"() : () -> tensor<13x2xf32>
    %13 = "linalg.fill"(%11, %12) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg17: f32, %arg18: f32):
      "linalg.yield"(%arg17) : (f32) -> ()
    }) : (f32, tensor<13x2xf32>) -> tensor<13x2xf32>
    %14 = "linalg.matmul"(%arg2, %arg3, %13) <{indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg14: f32, %arg15: f32, %arg16: f32):
      %25 = "arith.mulf"(%arg14, %arg15) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %26 = "arith.addf"(%arg16, %25) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%26) : (f32) -> ()
    }) : (tensor<31x13xf32>, tensor<31x2xf32>, tensor<13x2xf32>) -> tensor<13x2xf32>
    %15 = "tensor.empty"() : () -> tensor<13x2xf32>
    %16 = "linalg.generic"(%14, %arg4, %15) <{indexing_maps = [#map3, #map4, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg11: f32, %arg12: f32, %arg13: f32):
      %24 = "arith.addf"(%arg11, %arg12) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%24) : (f32) -> ()
    }) : (tensor<13x2xf32>, tensor<2xf32>, tensor<13x2xf32>) -> tensor<13x2xf32>
    %17 = "arith.constant"() <{value = dense<0.000000e+00> : tensor<13x5xf32>}> : () -> tensor<13x5xf32>
    %18 = "linalg.generic"(%16, %arg5, %17) <{indexing_maps = [#map5, #map1, #map2], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg8: f32, %arg9: f32, %arg10: f32):
      %22 = "arith.mulf"(%arg8, %arg9) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %23 = "arith.addf"(%arg10, %22) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%23) : (f32) -> ()
    }) : (tensor<13x2xf32>, tensor<2x5xf32>, tensor<13x5xf32>) -> tensor<13x5xf32>
    %19 = "tensor.empty"() : () -> tensor<13x5xbf16>
    %20 = "linalg.generic"(%18, %19) <{indexing_maps = [#map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg6: f32, %arg7: bf16):
      %21 = "arith.truncf"(%arg6) : (f32) -> bf16
      "linalg.yield"(%21) : (bf16) -> ()
    }) : (tensor<13x5xf32>, tensor<13x5xbf16>) -> tensor<13x5xbf16>
    "func.return"(%20) : (tensor<13x5xbf16>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "main"}> ({
    %0 = "arith.constant"() <{value = dense<"0x0000A0BE0000003E000080BE0000403E000040BE0000803E000000BE0000A03E000080BD0000C03E000000000000C0BE0000803D0000A0BE0000003E000080BE0000403E000040BE0000803E000000BE0000A03E000080BD0000C03E000000000000C0BE0000803D0000A0BE0000003E000080BE0000403E000040BE0000803E000000BE0000A03E000080BD0000C03E000000000000C0BE0000803D0000A0BE0000003E000080BE0000403E000040BE0000803E000000BE0000A03E000080BD0000C03E000000000000C0BE0000803D0000A0BE0000003E000080BE0000403E000040BE0000803E000000BE0000A03E000080BD0000C03E000000000000C0BE0000803D0000A0BE0000003E000080BE0000403E000040BE0000803E000000BE0000A03E000080BD0000C03E000000000000C0BE0000803D0000A0BE0000003E000080BE0000403E000040BE0000803E000000BE0000A03E000080BD0000C03E000000000000C0BE0000803D0000A0BE0000003E000080BE0000403E000040BE0000803E000000BE0000A03E000080BD0000C03E000000000000C0BE0000803D0000A0BE0000003E000080BE0000403E000040BE0000803E000000BE0000A03E000080BD0000C03E000000000000C0BE0000803D0000A0BE0000003E000080BE0000403E000040BE0000803E000000BE0000A03E000080BD0000C03E000000000000C0BE0000803D0000A0BE0000003E000080BE0000403E000040BE0000803E000000BE0000A03E000080BD0000C03E000000000000C0BE0000803D0000A0BE0000003E000080BE0000403E000040BE0000803E000000BE0000A03E000080BD0000C03E000000000000C0BE0000803D0000A0BE0000003E000080BE0000403E000040BE0000803E000000BE0000A03E000080BD0000C03E000000000000C0BE0000803D0000A0BE0000003E000080BE0000403E000040BE0000803E000000BE0000A03E000080BD0000C03E000000000000C0BE0000803D0000A0BE0000003E000080BE0000403E000040BE0000803E000000BE0000A03E000080BD0000C03E000000000000C0BE0000803D0000A0BE0000003E000080BE0000403E000040BE0000803E000000BE0000A03E000080BD0000C03E000000000000C0BE0000803D0000A0BE0000003E000080BE0000403E000040BE0000803E000000BE0000A03E000080BD0000C03E000000000000C0BE0000803D0000A0BE0000003E000080BE0000403E000040BE0000803E000000BE0000A03E000080BD0000C03E000000000000C0BE0000803D0000A0BE0000003E000080BE0000403E000040BE0000803E000000BE0000A03E000080BD0000C03E000000000000C0BE0000803D0000A0BE0000003E000080BE0000403E000040BE0000803E000000BE0000A03E000080BD0000C03E000000000000C0BE0000803D0000A0BE0000003E000080BE0000403E000040BE0000803E000000BE0000A03E000080BD0000C03E000000000000C0BE0000803D0000A0BE0000003E000080BE0000403E000040BE0000803E000000BE0000A03E000080BD0000C03E000000000000C0BE0000803D0000A0BE0000003E000080BE0000403E000040BE0000803E000000BE0000A03E000080BD0000C03E000000000000C0BE0000803D0000A0BE0000003E000080BE0000403E000040BE0000803E000000BE0000A03E000080BD0000C03E000000000000C0BE0000803D0000A0BE0000003E000080BE0000403E000040BE0000803E000000BE0000A03E000080BD0000C03E000000000000C0BE0000803D0000A0BE0000003E000080BE0000403E000040BE0000803E000000BE0000A03E000080BD0000C03E000000000000C0BE0000803D0000A0BE0000003E000080BE0000403E000040BE0000803E000000BE0000A03E000080BD0000C03E000000000000C0BE0000803D0000A0BE0000003E000080BE0000403E000040BE0000803E000000BE0000A03E000080BD0000C03E000000000000C0BE0000803D0000A0BE0000003E000080BE0000403E000040BE0000803E000000BE0000A03E000080BD0000C03E000000000000C0BE0000803D0000A0BE0000003E000080BE0000403E000040BE0000803E000000BE0000A03E000080BD0000C03E000000000000C0BE0000803D0000A0BE0000003E000080BE0000403E000040BE0000803E000000BE0000A03E000080BD0000C03E000000000000C0BE0000803D"> : tensor<31x13xf32>}> : () -> tensor<31x13xf32>
    %1 = "arith.constant"() <{value = dense<[[-1.250000e-01, 3.125000e-01], [-6.250000e-02, 3.750000e-01], [0.000000e+00, -3.750000e-01], [6.250000e-02, -3.125000e-01], [1.250000e-01, -2.500000e-01], [1.875000e-01, -1.875000e-01], [2.500000e-01, -1.250000e-01], [3.125000e-01, -6.250000e-02], [3.750000e-01, 0.000000e+00], [-3.750000e-01, 6.250000e-02], [-3.125000e-01, 1.250000e-01], [-2.500000e-01, 1.875000e-01], [-1.875000e-01, 2.500000e-01], [-1.250000e-01, 3.125000e-01], [-6.250000e-02, 3.750000e-01], [0.000000e+00, -3.750000e-01], [6.250000e-02, -3.125000e-01], [1.250000e-01, -2.500000e-01], [1.875000e-01, -1.875000e-01], [2.500000e-01, -1.250000e-01], [3.125000e-01, -6.250000e-02], [3.750000e-01, 0.000000e+00], [-3.750000e-01, 6.250000e-02], [-3.125000e-01, 1.250000e-01], [-2.500000e-01, 1.875000e-01], [-1.875000e-01, 2.500000e-01], [-1.250000e-01, 3.125000e-01], [-6.250000e-02, 3.750000e-01], [0.000000e+00, -3.750000e-01], [6.250000e-02, -3.125000e-01], [1.250000e-01, -2.500000e-01]]> : tensor<31x2xf32>}> : () -> tensor<31x2xf32>
    %2 = "arith.constant"() <{value = dense<[6.250000e-02, -3.125000e-01]> : tensor<2xf32>}> : () -> tensor<2xf32>
    %3 = "arith.constant"() <{value = dense<[[2.500000e-01, -1.250000e-01, 3.125000e-01, -6.250000e-02, 3.750000e-01], [0.000000e+00, -3.750000e-01, 6.250000e-02, -3.125000e-01, 1.250000e-01]]> : tensor<2x5xf32>}> : () -> tensor<2x5xf32>
    %4 = "func.call"(%0, %1, %2, %3) <{callee = @f}> : (tensor<31x13xf32>, tensor<31x2xf32>, tensor<2xf32>, tensor<2x5xf32>) -> tensor<13x5xbf16>
    %5 = "tensor.empty"() : () -> tensor<13x5xf32>
    %6 = "linalg.generic"(%4, %5) <{indexing_maps = [#map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg0: bf16, %arg1: f32):
      %10 = "arith.extf"(%arg0) : (bf16) -> f32
      "linalg.yield"(%10) : (f32) -> ()
    }) : (tensor<13x5xbf16>, tensor<13x5xf32>) -> tensor<13x5xf32>
    %7 = "arith.constant"() <{value = 0 : index}> : () -> index
    %8 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %9 = "vector.transfer_read"(%6, %7, %7, %8) <{in_bounds = [false, false], operandSegmentSizes = array<i32: 1, 2, 1, 0>, permutation_map = #map3}> : (tensor<13x5xf32>, index, index, f32) -> vector<13x5xf32>
    "vector.print"(%9) <{punctuation = #vector.punctuation<newline>}> : (vector<13x5xf32>) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

