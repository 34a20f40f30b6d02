// difftest seed 20059 (generic-printed): its regions drop enough names that
// the reader's SSA table filled with tombstones and a lookup never ended
// (tests/cli/reader_regions.sh)
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map4 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map5 = affine_map<(d0, d1) -> (d0, d1)>
#map6 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map7 = affine_map<(d0, d1, d2) -> (d2, d1)>
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x47x13xf32>, tensor<2x13x64xf32>, tensor<64x17xf32>, tensor<2x47x17xf32>, tensor<2x47xf32>) -> tensor<2x47x17xf32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x47x13xf32>, %arg1: tensor<2x13x64xf32>, %arg2: tensor<64x17xf32>, %arg3: tensor<2x47x17xf32>, %arg4: tensor<2x47xf32>):
    %0 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %1 = "tensor.empty"() : () -> tensor<2x47x64xf32>
    %2 = "linalg.fill"(%0, %1) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg56: f32, %arg57: f32):
      "linalg.yield"(%arg56) : (f32) -> ()
    }) : (f32, tensor<2x47x64xf32>) -> tensor<2x47x64xf32>
    %3 = "linalg.generic"(%arg0, %arg1, %2) <{indexing_maps = [#map, #map1, #map2], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg53: f32, %arg54: f32, %arg55: f32):
      %78 = "arith.mulf"(%arg53, %arg54) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %79 = "arith.addf"(%arg55, %78) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%79) : (f32) -> ()
    }) : (tensor<2x47x13xf32>, tensor<2x13x64xf32>, tensor<2x47x64xf32>) -> tensor<2x47x64xf32>
    %4 = "tensor.empty"() : () -> tensor<2x47x64xf32>
    %5 = "linalg.generic"(%3, %4) <{indexing_maps = [#map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg51: f32, %arg52: f32):
      %68 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
      %69 = "arith.cmpf"(%arg51, %68) <{fastmath = #arith.fastmath<none>, predicate = 2 : i64}> : (f32, f32) -> i1
      %70 = "arith.constant"() <{value = 0.00999999977 : f32}> : () -> f32
      %71 = "arith.mulf"(%arg51, %70) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %72 = "arith.select"(%69, %arg51, %71) : (i1, f32, f32) -> f32
      %73 = "arith.negf"(%72) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      %74 = "math.exp"(%73) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      %75 = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
      %76 = "arith.addf"(%74, %75) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %77 = "arith.divf"(%75, %76) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%77) : (f32) -> ()
    }) : (tensor<2x47x64xf32>, tensor<2x47x64xf32>) -> tensor<2x47x64xf32>
    %6 = "tensor.empty"() : () -> tensor<2x47x64xf32>
    %7 = "linalg.generic"(%3, %6) <{indexing_maps = [#map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg49: f32, %arg50: f32):
      %65 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
      %66 = "arith.minimumf"(%arg49, %65) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %67 = "math.exp"(%66) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      "linalg.yield"(%67) : (f32) -> ()
    }) : (tensor<2x47x64xf32>, tensor<2x47x64xf32>) -> tensor<2x47x64xf32>
    %8 = "tensor.empty"() : () -> tensor<2x47x64xf32>
    %9 = "linalg.generic"(%5, %7, %8) <{indexing_maps = [#map3, #map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg46: f32, %arg47: f32, %arg48: f32):
      %64 = "arith.mulf"(%arg46, %arg47) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%64) : (f32) -> ()
    }) : (tensor<2x47x64xf32>, tensor<2x47x64xf32>, tensor<2x47x64xf32>) -> tensor<2x47x64xf32>
    %10 = "tensor.empty"() : () -> tensor<2x47x64xf32>
    %11 = "linalg.map"(%7, %9, %10) ({
    ^bb0(%arg43: f32, %arg44: f32, %arg45: f32):
      %63 = "arith.mulf"(%arg43, %arg44) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%63) : (f32) -> ()
    }) : (tensor<2x47x64xf32>, tensor<2x47x64xf32>, tensor<2x47x64xf32>) -> tensor<2x47x64xf32>
    %12 = "tensor.empty"() : () -> tensor<2x47xf32>
    %13 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %14 = "linalg.fill"(%13, %12) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg41: f32, %arg42: f32):
      "linalg.yield"(%arg41) : (f32) -> ()
    }) : (f32, tensor<2x47xf32>) -> tensor<2x47xf32>
    %15 = "linalg.generic"(%11, %14) <{indexing_maps = [#map3, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg39: f32, %arg40: f32):
      %62 = "arith.addf"(%arg39, %arg40) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%62) : (f32) -> ()
    }) : (tensor<2x47x64xf32>, tensor<2x47xf32>) -> tensor<2x47xf32>
    %16 = "tensor.empty"() : () -> tensor<2x47xf32>
    %17 = "linalg.generic"(%15, %16) <{indexing_maps = [#map5, #map5], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg37: f32, %arg38: f32):
      %60 = "arith.constant"() <{value = 1.562500e-02 : f32}> : () -> f32
      %61 = "arith.mulf"(%arg37, %60) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%61) : (f32) -> ()
    }) : (tensor<2x47xf32>, tensor<2x47xf32>) -> tensor<2x47xf32>
    %18 = "tensor.empty"() : () -> tensor<2x47x64xf32>
    %19 = "linalg.broadcast"(%17, %18) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg35: f32, %arg36: f32):
      "linalg.yield"(%arg35) : (f32) -> ()
    }) : (tensor<2x47xf32>, tensor<2x47x64xf32>) -> tensor<2x47x64xf32>
    %20 = "tensor.empty"() : () -> tensor<2x47x64xf32>
    %21 = "linalg.sub"(%11, %19, %20) <{operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg32: f32, %arg33: f32, %arg34: f32):
      %59 = "arith.subf"(%arg32, %arg33) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%59) : (f32) -> ()
    }) : (tensor<2x47x64xf32>, tensor<2x47x64xf32>, tensor<2x47x64xf32>) -> tensor<2x47x64xf32>
    %22 = "tensor.empty"() : () -> tensor<2x47x64xf32>
    %23 = "linalg.generic"(%21, %22) <{indexing_maps = [#map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg30: f32, %arg31: f32):
      %58 = "arith.mulf"(%arg30, %arg30) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%58) : (f32) -> ()
    }) : (tensor<2x47x64xf32>, tensor<2x47x64xf32>) -> tensor<2x47x64xf32>
    %24 = "tensor.empty"() : () -> tensor<2x47xf32>
    %25 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %26 = "linalg.fill"(%25, %24) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg28: f32, %arg29: f32):
      "linalg.yield"(%arg28) : (f32) -> ()
    }) : (f32, tensor<2x47xf32>) -> tensor<2x47xf32>
    %27 = "linalg.reduce"(%23, %26) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg26: f32, %arg27: f32):
      %57 = "arith.addf"(%arg26, %arg27) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%57) : (f32) -> ()
    }) : (tensor<2x47x64xf32>, tensor<2x47xf32>) -> tensor<2x47xf32>
    %28 = "tensor.empty"() : () -> tensor<2x47xf32>
    %29 = "linalg.generic"(%27, %28) <{indexing_maps = [#map5, #map5], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg24: f32, %arg25: f32):
      %52 = "arith.constant"() <{value = 1.562500e-02 : f32}> : () -> f32
      %53 = "arith.mulf"(%arg24, %52) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %54 = "arith.constant"() <{value = 5.000000e-01 : f32}> : () -> f32
      %55 = "arith.addf"(%53, %54) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %56 = "math.rsqrt"(%55) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      "linalg.yield"(%56) : (f32) -> ()
    }) : (tensor<2x47xf32>, tensor<2x47xf32>) -> tensor<2x47xf32>
    %30 = "tensor.empty"() : () -> tensor<2x47x64xf32>
    %31 = "linalg.broadcast"(%29, %30) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg22: f32, %arg23: f32):
      "linalg.yield"(%arg22) : (f32) -> ()
    }) : (tensor<2x47xf32>, tensor<2x47x64xf32>) -> tensor<2x47x64xf32>
    %32 = "tensor.empty"() : () -> tensor<2x47x64xf32>
    %33 = "linalg.mul"(%21, %31, %32) <{operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg19: f32, %arg20: f32, %arg21: f32):
      %51 = "arith.mulf"(%arg19, %arg20) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%51) : (f32) -> ()
    }) : (tensor<2x47x64xf32>, tensor<2x47x64xf32>, tensor<2x47x64xf32>) -> tensor<2x47x64xf32>
    %34 = "tensor.collapse_shape"(%33) <{reassociation = [[0, 1], [2]]}> : (tensor<2x47x64xf32>) -> tensor<94x64xf32>
    %35 = "arith.constant"() <{value = dense<0.000000e+00> : tensor<94x17xf32>}> : () -> tensor<94x17xf32>
    %36 = "linalg.generic"(%34, %arg2, %35) <{indexing_maps = [#map6, #map7, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg16: f32, %arg17: f32, %arg18: f32):
      %49 = "arith.mulf"(%arg16, %arg17) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %50 = "arith.addf"(%arg18, %49) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%50) : (f32) -> ()
    }) : (tensor<94x64xf32>, tensor<64x17xf32>, tensor<94x17xf32>) -> tensor<94x17xf32>
    %37 = "tensor.expand_shape"(%36) <{reassociation = [[0, 1], [2]], static_output_shape = array<i64: 2, 47, 17>}> : (tensor<94x17xf32>) -> tensor<2x47x17xf32>
    %38 = "tensor.empty"() : () -> tensor<2x47x17xf32>
    %39 = "linalg.broadcast"(%15, %38) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg14: f32, %arg15: f32):
      "linalg.yield"(%arg14) : (f32) -> ()
    }) : (tensor<2x47xf32>, tensor<2x47x17xf32>) -> tensor<2x47x17xf32>
    %40 = "tensor.empty"() : () -> tensor<2x47x17xf32>
    %41 = "linalg.min"(%39, %37, %40) <{operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg11: f32, %arg12: f32, %arg13: f32):
      %48 = "arith.minimumf"(%arg11, %arg12) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%48) : (f32) -> ()
    }) : (tensor<2x47x17xf32>, tensor<2x47x17xf32>, tensor<2x47x17xf32>) -> tensor<2x47x17xf32>
    %42 = "tensor.empty"() : () -> tensor<2x47x17xf32>
    %43 = "linalg.generic"(%41, %arg3, %42) <{indexing_maps = [#map3, #map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg8: f32, %arg9: f32, %arg10: f32):
      %47 = "arith.maximumf"(%arg8, %arg9) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%47) : (f32) -> ()
    }) : (tensor<2x47x17xf32>, tensor<2x47x17xf32>, tensor<2x47x17xf32>) -> tensor<2x47x17xf32>
    %44 = "tensor.empty"() : () -> tensor<2x47x17xf32>
    %45 = "linalg.generic"(%43, %arg4, %44) <{indexing_maps = [#map3, #map4, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg5: f32, %arg6: f32, %arg7: f32):
      %46 = "arith.maximumf"(%arg5, %arg6) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%46) : (f32) -> ()
    }) : (tensor<2x47x17xf32>, tensor<2x47xf32>, tensor<2x47x17xf32>) -> tensor<2x47x17xf32>
    "func.return"(%45) : (tensor<2x47x17xf32>) -> ()
  }) : () -> ()
}) : () -> ()
