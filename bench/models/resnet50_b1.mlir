#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
#map5 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @resnet50_b1(%arg0: tensor<1x3x224x224xf32>, %arg1: tensor<64x3x7x7xf32>, %arg2: tensor<64xf32>, %arg3: tensor<64xf32>, %arg4: tensor<64x64x1x1xf32>, %arg5: tensor<64xf32>, %arg6: tensor<64xf32>, %arg7: tensor<64x64x3x3xf32>, %arg8: tensor<64xf32>, %arg9: tensor<64xf32>, %arg10: tensor<256x64x1x1xf32>, %arg11: tensor<256xf32>, %arg12: tensor<256xf32>, %arg13: tensor<256x64x1x1xf32>, %arg14: tensor<256xf32>, %arg15: tensor<256xf32>, %arg16: tensor<64x256x1x1xf32>, %arg17: tensor<64xf32>, %arg18: tensor<64xf32>, %arg19: tensor<64x64x3x3xf32>, %arg20: tensor<64xf32>, %arg21: tensor<64xf32>, %arg22: tensor<256x64x1x1xf32>, %arg23: tensor<256xf32>, %arg24: tensor<256xf32>, %arg25: tensor<64x256x1x1xf32>, %arg26: tensor<64xf32>, %arg27: tensor<64xf32>, %arg28: tensor<64x64x3x3xf32>, %arg29: tensor<64xf32>, %arg30: tensor<64xf32>, %arg31: tensor<256x64x1x1xf32>, %arg32: tensor<256xf32>, %arg33: tensor<256xf32>, %arg34: tensor<128x256x1x1xf32>, %arg35: tensor<128xf32>, %arg36: tensor<128xf32>, %arg37: tensor<128x128x3x3xf32>, %arg38: tensor<128xf32>, %arg39: tensor<128xf32>, %arg40: tensor<512x128x1x1xf32>, %arg41: tensor<512xf32>, %arg42: tensor<512xf32>, %arg43: tensor<512x256x1x1xf32>, %arg44: tensor<512xf32>, %arg45: tensor<512xf32>, %arg46: tensor<128x512x1x1xf32>, %arg47: tensor<128xf32>, %arg48: tensor<128xf32>, %arg49: tensor<128x128x3x3xf32>, %arg50: tensor<128xf32>, %arg51: tensor<128xf32>, %arg52: tensor<512x128x1x1xf32>, %arg53: tensor<512xf32>, %arg54: tensor<512xf32>, %arg55: tensor<128x512x1x1xf32>, %arg56: tensor<128xf32>, %arg57: tensor<128xf32>, %arg58: tensor<128x128x3x3xf32>, %arg59: tensor<128xf32>, %arg60: tensor<128xf32>, %arg61: tensor<512x128x1x1xf32>, %arg62: tensor<512xf32>, %arg63: tensor<512xf32>, %arg64: tensor<128x512x1x1xf32>, %arg65: tensor<128xf32>, %arg66: tensor<128xf32>, %arg67: tensor<128x128x3x3xf32>, %arg68: tensor<128xf32>, %arg69: tensor<128xf32>, %arg70: tensor<512x128x1x1xf32>, %arg71: tensor<512xf32>, %arg72: tensor<512xf32>, %arg73: tensor<256x512x1x1xf32>, %arg74: tensor<256xf32>, %arg75: tensor<256xf32>, %arg76: tensor<256x256x3x3xf32>, %arg77: tensor<256xf32>, %arg78: tensor<256xf32>, %arg79: tensor<1024x256x1x1xf32>, %arg80: tensor<1024xf32>, %arg81: tensor<1024xf32>, %arg82: tensor<1024x512x1x1xf32>, %arg83: tensor<1024xf32>, %arg84: tensor<1024xf32>, %arg85: tensor<256x1024x1x1xf32>, %arg86: tensor<256xf32>, %arg87: tensor<256xf32>, %arg88: tensor<256x256x3x3xf32>, %arg89: tensor<256xf32>, %arg90: tensor<256xf32>, %arg91: tensor<1024x256x1x1xf32>, %arg92: tensor<1024xf32>, %arg93: tensor<1024xf32>, %arg94: tensor<256x1024x1x1xf32>, %arg95: tensor<256xf32>, %arg96: tensor<256xf32>, %arg97: tensor<256x256x3x3xf32>, %arg98: tensor<256xf32>, %arg99: tensor<256xf32>, %arg100: tensor<1024x256x1x1xf32>, %arg101: tensor<1024xf32>, %arg102: tensor<1024xf32>, %arg103: tensor<256x1024x1x1xf32>, %arg104: tensor<256xf32>, %arg105: tensor<256xf32>, %arg106: tensor<256x256x3x3xf32>, %arg107: tensor<256xf32>, %arg108: tensor<256xf32>, %arg109: tensor<1024x256x1x1xf32>, %arg110: tensor<1024xf32>, %arg111: tensor<1024xf32>, %arg112: tensor<256x1024x1x1xf32>, %arg113: tensor<256xf32>, %arg114: tensor<256xf32>, %arg115: tensor<256x256x3x3xf32>, %arg116: tensor<256xf32>, %arg117: tensor<256xf32>, %arg118: tensor<1024x256x1x1xf32>, %arg119: tensor<1024xf32>, %arg120: tensor<1024xf32>, %arg121: tensor<256x1024x1x1xf32>, %arg122: tensor<256xf32>, %arg123: tensor<256xf32>, %arg124: tensor<256x256x3x3xf32>, %arg125: tensor<256xf32>, %arg126: tensor<256xf32>, %arg127: tensor<1024x256x1x1xf32>, %arg128: tensor<1024xf32>, %arg129: tensor<1024xf32>, %arg130: tensor<512x1024x1x1xf32>, %arg131: tensor<512xf32>, %arg132: tensor<512xf32>, %arg133: tensor<512x512x3x3xf32>, %arg134: tensor<512xf32>, %arg135: tensor<512xf32>, %arg136: tensor<2048x512x1x1xf32>, %arg137: tensor<2048xf32>, %arg138: tensor<2048xf32>, %arg139: tensor<2048x1024x1x1xf32>, %arg140: tensor<2048xf32>, %arg141: tensor<2048xf32>, %arg142: tensor<512x2048x1x1xf32>, %arg143: tensor<512xf32>, %arg144: tensor<512xf32>, %arg145: tensor<512x512x3x3xf32>, %arg146: tensor<512xf32>, %arg147: tensor<512xf32>, %arg148: tensor<2048x512x1x1xf32>, %arg149: tensor<2048xf32>, %arg150: tensor<2048xf32>, %arg151: tensor<512x2048x1x1xf32>, %arg152: tensor<512xf32>, %arg153: tensor<512xf32>, %arg154: tensor<512x512x3x3xf32>, %arg155: tensor<512xf32>, %arg156: tensor<512xf32>, %arg157: tensor<2048x512x1x1xf32>, %arg158: tensor<2048xf32>, %arg159: tensor<2048xf32>, %arg160: tensor<1000x2048xf32>, %arg161: tensor<1000xf32>, %arg162: tensor<64xf32>, %arg163: tensor<64xf32>, %arg164: tensor<64xf32>, %arg165: tensor<64xf32>, %arg166: tensor<64xf32>, %arg167: tensor<64xf32>, %arg168: tensor<256xf32>, %arg169: tensor<256xf32>, %arg170: tensor<256xf32>, %arg171: tensor<256xf32>, %arg172: tensor<64xf32>, %arg173: tensor<64xf32>, %arg174: tensor<64xf32>, %arg175: tensor<64xf32>, %arg176: tensor<256xf32>, %arg177: tensor<256xf32>, %arg178: tensor<64xf32>, %arg179: tensor<64xf32>, %arg180: tensor<64xf32>, %arg181: tensor<64xf32>, %arg182: tensor<256xf32>, %arg183: tensor<256xf32>, %arg184: tensor<128xf32>, %arg185: tensor<128xf32>, %arg186: tensor<128xf32>, %arg187: tensor<128xf32>, %arg188: tensor<512xf32>, %arg189: tensor<512xf32>, %arg190: tensor<512xf32>, %arg191: tensor<512xf32>, %arg192: tensor<128xf32>, %arg193: tensor<128xf32>, %arg194: tensor<128xf32>, %arg195: tensor<128xf32>, %arg196: tensor<512xf32>, %arg197: tensor<512xf32>, %arg198: tensor<128xf32>, %arg199: tensor<128xf32>, %arg200: tensor<128xf32>, %arg201: tensor<128xf32>, %arg202: tensor<512xf32>, %arg203: tensor<512xf32>, %arg204: tensor<128xf32>, %arg205: tensor<128xf32>, %arg206: tensor<128xf32>, %arg207: tensor<128xf32>, %arg208: tensor<512xf32>, %arg209: tensor<512xf32>, %arg210: tensor<256xf32>, %arg211: tensor<256xf32>, %arg212: tensor<256xf32>, %arg213: tensor<256xf32>, %arg214: tensor<1024xf32>, %arg215: tensor<1024xf32>, %arg216: tensor<1024xf32>, %arg217: tensor<1024xf32>, %arg218: tensor<256xf32>, %arg219: tensor<256xf32>, %arg220: tensor<256xf32>, %arg221: tensor<256xf32>, %arg222: tensor<1024xf32>, %arg223: tensor<1024xf32>, %arg224: tensor<256xf32>, %arg225: tensor<256xf32>, %arg226: tensor<256xf32>, %arg227: tensor<256xf32>, %arg228: tensor<1024xf32>, %arg229: tensor<1024xf32>, %arg230: tensor<256xf32>, %arg231: tensor<256xf32>, %arg232: tensor<256xf32>, %arg233: tensor<256xf32>, %arg234: tensor<1024xf32>, %arg235: tensor<1024xf32>, %arg236: tensor<256xf32>, %arg237: tensor<256xf32>, %arg238: tensor<256xf32>, %arg239: tensor<256xf32>, %arg240: tensor<1024xf32>, %arg241: tensor<1024xf32>, %arg242: tensor<256xf32>, %arg243: tensor<256xf32>, %arg244: tensor<256xf32>, %arg245: tensor<256xf32>, %arg246: tensor<1024xf32>, %arg247: tensor<1024xf32>, %arg248: tensor<512xf32>, %arg249: tensor<512xf32>, %arg250: tensor<512xf32>, %arg251: tensor<512xf32>, %arg252: tensor<2048xf32>, %arg253: tensor<2048xf32>, %arg254: tensor<2048xf32>, %arg255: tensor<2048xf32>, %arg256: tensor<512xf32>, %arg257: tensor<512xf32>, %arg258: tensor<512xf32>, %arg259: tensor<512xf32>, %arg260: tensor<2048xf32>, %arg261: tensor<2048xf32>, %arg262: tensor<512xf32>, %arg263: tensor<512xf32>, %arg264: tensor<512xf32>, %arg265: tensor<512xf32>, %arg266: tensor<2048xf32>, %arg267: tensor<2048xf32>) -> tensor<1x1000xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 1.000000e-05 : f64
    %cst_2 = arith.constant 4.900000e+01 : f32
    %padded = tensor.pad %arg0 low[0, 0, 3, 3] high[0, 0, 3, 3] {
    ^bb0(%arg268: index, %arg269: index, %arg270: index, %arg271: index):
      tensor.yield %cst : f32
    } : tensor<1x3x224x224xf32> to tensor<1x3x230x230xf32>
    %0 = tensor.empty() : tensor<1x64x112x112xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x64x112x112xf32>) -> tensor<1x64x112x112xf32>
    %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded, %arg1 : tensor<1x3x230x230xf32>, tensor<64x3x7x7xf32>) outs(%1 : tensor<1x64x112x112xf32>) -> tensor<1x64x112x112xf32>
    %3 = tensor.empty() : tensor<64xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg163 : tensor<64xf32>) outs(%3 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<64xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%4 : tensor<64xf32>) outs(%3 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<64xf32>
    %expanded = tensor.expand_shape %arg162 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %expanded_3 = tensor.expand_shape %5 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2, %expanded : tensor<1x64x112x112xf32>, tensor<64x1x1xf32>) outs(%0 : tensor<1x64x112x112xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x64x112x112xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%6, %expanded_3 : tensor<1x64x112x112xf32>, tensor<64x1x1xf32>) outs(%0 : tensor<1x64x112x112xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x64x112x112xf32>
    %expanded_4 = tensor.expand_shape %arg2 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%7, %expanded_4 : tensor<1x64x112x112xf32>, tensor<64x1x1xf32>) outs(%0 : tensor<1x64x112x112xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x64x112x112xf32>
    %expanded_5 = tensor.expand_shape %arg3 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%8, %expanded_5 : tensor<1x64x112x112xf32>, tensor<64x1x1xf32>) outs(%0 : tensor<1x64x112x112xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x64x112x112xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%9 : tensor<1x64x112x112xf32>) outs(%0 : tensor<1x64x112x112xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x64x112x112xf32>
    %padded_6 = tensor.pad %10 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg268: index, %arg269: index, %arg270: index, %arg271: index):
      tensor.yield %cst_0 : f32
    } : tensor<1x64x112x112xf32> to tensor<1x64x114x114xf32>
    %11 = tensor.empty() : tensor<1x64x56x56xf32>
    %12 = linalg.fill ins(%cst_0 : f32) outs(%11 : tensor<1x64x56x56xf32>) -> tensor<1x64x56x56xf32>
    %13 = tensor.empty() : tensor<3x3xf32>
    %14 = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded_6, %13 : tensor<1x64x114x114xf32>, tensor<3x3xf32>) outs(%12 : tensor<1x64x56x56xf32>) -> tensor<1x64x56x56xf32>
    %15 = linalg.fill ins(%cst : f32) outs(%11 : tensor<1x64x56x56xf32>) -> tensor<1x64x56x56xf32>
    %16 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%14, %arg4 : tensor<1x64x56x56xf32>, tensor<64x64x1x1xf32>) outs(%15 : tensor<1x64x56x56xf32>) -> tensor<1x64x56x56xf32>
    %17 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg165 : tensor<64xf32>) outs(%3 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<64xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%17 : tensor<64xf32>) outs(%3 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<64xf32>
    %expanded_7 = tensor.expand_shape %arg164 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %expanded_8 = tensor.expand_shape %18 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %19 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%16, %expanded_7 : tensor<1x64x56x56xf32>, tensor<64x1x1xf32>) outs(%11 : tensor<1x64x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x64x56x56xf32>
    %20 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%19, %expanded_8 : tensor<1x64x56x56xf32>, tensor<64x1x1xf32>) outs(%11 : tensor<1x64x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x64x56x56xf32>
    %expanded_9 = tensor.expand_shape %arg5 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %21 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%20, %expanded_9 : tensor<1x64x56x56xf32>, tensor<64x1x1xf32>) outs(%11 : tensor<1x64x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x64x56x56xf32>
    %expanded_10 = tensor.expand_shape %arg6 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %22 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%21, %expanded_10 : tensor<1x64x56x56xf32>, tensor<64x1x1xf32>) outs(%11 : tensor<1x64x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x64x56x56xf32>
    %23 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%22 : tensor<1x64x56x56xf32>) outs(%11 : tensor<1x64x56x56xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x64x56x56xf32>
    %padded_11 = tensor.pad %23 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg268: index, %arg269: index, %arg270: index, %arg271: index):
      tensor.yield %cst : f32
    } : tensor<1x64x56x56xf32> to tensor<1x64x58x58xf32>
    %24 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_11, %arg7 : tensor<1x64x58x58xf32>, tensor<64x64x3x3xf32>) outs(%15 : tensor<1x64x56x56xf32>) -> tensor<1x64x56x56xf32>
    %25 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg167 : tensor<64xf32>) outs(%3 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<64xf32>
    %26 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%25 : tensor<64xf32>) outs(%3 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<64xf32>
    %expanded_12 = tensor.expand_shape %arg166 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %expanded_13 = tensor.expand_shape %26 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %27 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%24, %expanded_12 : tensor<1x64x56x56xf32>, tensor<64x1x1xf32>) outs(%11 : tensor<1x64x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x64x56x56xf32>
    %28 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%27, %expanded_13 : tensor<1x64x56x56xf32>, tensor<64x1x1xf32>) outs(%11 : tensor<1x64x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x64x56x56xf32>
    %expanded_14 = tensor.expand_shape %arg8 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %29 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%28, %expanded_14 : tensor<1x64x56x56xf32>, tensor<64x1x1xf32>) outs(%11 : tensor<1x64x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x64x56x56xf32>
    %expanded_15 = tensor.expand_shape %arg9 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %30 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%29, %expanded_15 : tensor<1x64x56x56xf32>, tensor<64x1x1xf32>) outs(%11 : tensor<1x64x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x64x56x56xf32>
    %31 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%30 : tensor<1x64x56x56xf32>) outs(%11 : tensor<1x64x56x56xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x64x56x56xf32>
    %32 = tensor.empty() : tensor<1x256x56x56xf32>
    %33 = linalg.fill ins(%cst : f32) outs(%32 : tensor<1x256x56x56xf32>) -> tensor<1x256x56x56xf32>
    %34 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%31, %arg10 : tensor<1x64x56x56xf32>, tensor<256x64x1x1xf32>) outs(%33 : tensor<1x256x56x56xf32>) -> tensor<1x256x56x56xf32>
    %35 = tensor.empty() : tensor<256xf32>
    %36 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg169 : tensor<256xf32>) outs(%35 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<256xf32>
    %37 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%36 : tensor<256xf32>) outs(%35 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<256xf32>
    %expanded_16 = tensor.expand_shape %arg168 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %expanded_17 = tensor.expand_shape %37 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %38 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%34, %expanded_16 : tensor<1x256x56x56xf32>, tensor<256x1x1xf32>) outs(%32 : tensor<1x256x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x56x56xf32>
    %39 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%38, %expanded_17 : tensor<1x256x56x56xf32>, tensor<256x1x1xf32>) outs(%32 : tensor<1x256x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x56x56xf32>
    %expanded_18 = tensor.expand_shape %arg11 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %40 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%39, %expanded_18 : tensor<1x256x56x56xf32>, tensor<256x1x1xf32>) outs(%32 : tensor<1x256x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x56x56xf32>
    %expanded_19 = tensor.expand_shape %arg12 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %41 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%40, %expanded_19 : tensor<1x256x56x56xf32>, tensor<256x1x1xf32>) outs(%32 : tensor<1x256x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x56x56xf32>
    %42 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%14, %arg13 : tensor<1x64x56x56xf32>, tensor<256x64x1x1xf32>) outs(%33 : tensor<1x256x56x56xf32>) -> tensor<1x256x56x56xf32>
    %43 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg171 : tensor<256xf32>) outs(%35 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<256xf32>
    %44 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%43 : tensor<256xf32>) outs(%35 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<256xf32>
    %expanded_20 = tensor.expand_shape %arg170 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %expanded_21 = tensor.expand_shape %44 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %45 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%42, %expanded_20 : tensor<1x256x56x56xf32>, tensor<256x1x1xf32>) outs(%32 : tensor<1x256x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x56x56xf32>
    %46 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%45, %expanded_21 : tensor<1x256x56x56xf32>, tensor<256x1x1xf32>) outs(%32 : tensor<1x256x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x56x56xf32>
    %expanded_22 = tensor.expand_shape %arg14 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %47 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%46, %expanded_22 : tensor<1x256x56x56xf32>, tensor<256x1x1xf32>) outs(%32 : tensor<1x256x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x56x56xf32>
    %expanded_23 = tensor.expand_shape %arg15 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %48 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%47, %expanded_23 : tensor<1x256x56x56xf32>, tensor<256x1x1xf32>) outs(%32 : tensor<1x256x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x56x56xf32>
    %49 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%41, %48 : tensor<1x256x56x56xf32>, tensor<1x256x56x56xf32>) outs(%32 : tensor<1x256x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x56x56xf32>
    %50 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%49 : tensor<1x256x56x56xf32>) outs(%32 : tensor<1x256x56x56xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x256x56x56xf32>
    %51 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%50, %arg16 : tensor<1x256x56x56xf32>, tensor<64x256x1x1xf32>) outs(%15 : tensor<1x64x56x56xf32>) -> tensor<1x64x56x56xf32>
    %52 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg173 : tensor<64xf32>) outs(%3 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<64xf32>
    %53 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%52 : tensor<64xf32>) outs(%3 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<64xf32>
    %expanded_24 = tensor.expand_shape %arg172 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %expanded_25 = tensor.expand_shape %53 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %54 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%51, %expanded_24 : tensor<1x64x56x56xf32>, tensor<64x1x1xf32>) outs(%11 : tensor<1x64x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x64x56x56xf32>
    %55 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%54, %expanded_25 : tensor<1x64x56x56xf32>, tensor<64x1x1xf32>) outs(%11 : tensor<1x64x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x64x56x56xf32>
    %expanded_26 = tensor.expand_shape %arg17 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %56 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%55, %expanded_26 : tensor<1x64x56x56xf32>, tensor<64x1x1xf32>) outs(%11 : tensor<1x64x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x64x56x56xf32>
    %expanded_27 = tensor.expand_shape %arg18 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %57 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%56, %expanded_27 : tensor<1x64x56x56xf32>, tensor<64x1x1xf32>) outs(%11 : tensor<1x64x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x64x56x56xf32>
    %58 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%57 : tensor<1x64x56x56xf32>) outs(%11 : tensor<1x64x56x56xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x64x56x56xf32>
    %padded_28 = tensor.pad %58 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg268: index, %arg269: index, %arg270: index, %arg271: index):
      tensor.yield %cst : f32
    } : tensor<1x64x56x56xf32> to tensor<1x64x58x58xf32>
    %59 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_28, %arg19 : tensor<1x64x58x58xf32>, tensor<64x64x3x3xf32>) outs(%15 : tensor<1x64x56x56xf32>) -> tensor<1x64x56x56xf32>
    %60 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg175 : tensor<64xf32>) outs(%3 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<64xf32>
    %61 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%60 : tensor<64xf32>) outs(%3 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<64xf32>
    %expanded_29 = tensor.expand_shape %arg174 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %expanded_30 = tensor.expand_shape %61 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %62 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%59, %expanded_29 : tensor<1x64x56x56xf32>, tensor<64x1x1xf32>) outs(%11 : tensor<1x64x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x64x56x56xf32>
    %63 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%62, %expanded_30 : tensor<1x64x56x56xf32>, tensor<64x1x1xf32>) outs(%11 : tensor<1x64x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x64x56x56xf32>
    %expanded_31 = tensor.expand_shape %arg20 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %64 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%63, %expanded_31 : tensor<1x64x56x56xf32>, tensor<64x1x1xf32>) outs(%11 : tensor<1x64x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x64x56x56xf32>
    %expanded_32 = tensor.expand_shape %arg21 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %65 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%64, %expanded_32 : tensor<1x64x56x56xf32>, tensor<64x1x1xf32>) outs(%11 : tensor<1x64x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x64x56x56xf32>
    %66 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%65 : tensor<1x64x56x56xf32>) outs(%11 : tensor<1x64x56x56xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x64x56x56xf32>
    %67 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%66, %arg22 : tensor<1x64x56x56xf32>, tensor<256x64x1x1xf32>) outs(%33 : tensor<1x256x56x56xf32>) -> tensor<1x256x56x56xf32>
    %68 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg177 : tensor<256xf32>) outs(%35 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<256xf32>
    %69 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%68 : tensor<256xf32>) outs(%35 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<256xf32>
    %expanded_33 = tensor.expand_shape %arg176 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %expanded_34 = tensor.expand_shape %69 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %70 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%67, %expanded_33 : tensor<1x256x56x56xf32>, tensor<256x1x1xf32>) outs(%32 : tensor<1x256x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x56x56xf32>
    %71 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%70, %expanded_34 : tensor<1x256x56x56xf32>, tensor<256x1x1xf32>) outs(%32 : tensor<1x256x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x56x56xf32>
    %expanded_35 = tensor.expand_shape %arg23 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %72 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%71, %expanded_35 : tensor<1x256x56x56xf32>, tensor<256x1x1xf32>) outs(%32 : tensor<1x256x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x56x56xf32>
    %expanded_36 = tensor.expand_shape %arg24 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %73 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%72, %expanded_36 : tensor<1x256x56x56xf32>, tensor<256x1x1xf32>) outs(%32 : tensor<1x256x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x56x56xf32>
    %74 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%73, %50 : tensor<1x256x56x56xf32>, tensor<1x256x56x56xf32>) outs(%32 : tensor<1x256x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x56x56xf32>
    %75 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%74 : tensor<1x256x56x56xf32>) outs(%32 : tensor<1x256x56x56xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x256x56x56xf32>
    %76 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%75, %arg25 : tensor<1x256x56x56xf32>, tensor<64x256x1x1xf32>) outs(%15 : tensor<1x64x56x56xf32>) -> tensor<1x64x56x56xf32>
    %77 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg179 : tensor<64xf32>) outs(%3 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<64xf32>
    %78 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%77 : tensor<64xf32>) outs(%3 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<64xf32>
    %expanded_37 = tensor.expand_shape %arg178 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %expanded_38 = tensor.expand_shape %78 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %79 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%76, %expanded_37 : tensor<1x64x56x56xf32>, tensor<64x1x1xf32>) outs(%11 : tensor<1x64x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x64x56x56xf32>
    %80 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%79, %expanded_38 : tensor<1x64x56x56xf32>, tensor<64x1x1xf32>) outs(%11 : tensor<1x64x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x64x56x56xf32>
    %expanded_39 = tensor.expand_shape %arg26 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %81 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%80, %expanded_39 : tensor<1x64x56x56xf32>, tensor<64x1x1xf32>) outs(%11 : tensor<1x64x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x64x56x56xf32>
    %expanded_40 = tensor.expand_shape %arg27 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %82 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%81, %expanded_40 : tensor<1x64x56x56xf32>, tensor<64x1x1xf32>) outs(%11 : tensor<1x64x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x64x56x56xf32>
    %83 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%82 : tensor<1x64x56x56xf32>) outs(%11 : tensor<1x64x56x56xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x64x56x56xf32>
    %padded_41 = tensor.pad %83 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg268: index, %arg269: index, %arg270: index, %arg271: index):
      tensor.yield %cst : f32
    } : tensor<1x64x56x56xf32> to tensor<1x64x58x58xf32>
    %84 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_41, %arg28 : tensor<1x64x58x58xf32>, tensor<64x64x3x3xf32>) outs(%15 : tensor<1x64x56x56xf32>) -> tensor<1x64x56x56xf32>
    %85 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg181 : tensor<64xf32>) outs(%3 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<64xf32>
    %86 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%85 : tensor<64xf32>) outs(%3 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<64xf32>
    %expanded_42 = tensor.expand_shape %arg180 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %expanded_43 = tensor.expand_shape %86 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %87 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%84, %expanded_42 : tensor<1x64x56x56xf32>, tensor<64x1x1xf32>) outs(%11 : tensor<1x64x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x64x56x56xf32>
    %88 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%87, %expanded_43 : tensor<1x64x56x56xf32>, tensor<64x1x1xf32>) outs(%11 : tensor<1x64x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x64x56x56xf32>
    %expanded_44 = tensor.expand_shape %arg29 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %89 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%88, %expanded_44 : tensor<1x64x56x56xf32>, tensor<64x1x1xf32>) outs(%11 : tensor<1x64x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x64x56x56xf32>
    %expanded_45 = tensor.expand_shape %arg30 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %90 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%89, %expanded_45 : tensor<1x64x56x56xf32>, tensor<64x1x1xf32>) outs(%11 : tensor<1x64x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x64x56x56xf32>
    %91 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%90 : tensor<1x64x56x56xf32>) outs(%11 : tensor<1x64x56x56xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x64x56x56xf32>
    %92 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%91, %arg31 : tensor<1x64x56x56xf32>, tensor<256x64x1x1xf32>) outs(%33 : tensor<1x256x56x56xf32>) -> tensor<1x256x56x56xf32>
    %93 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg183 : tensor<256xf32>) outs(%35 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<256xf32>
    %94 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%93 : tensor<256xf32>) outs(%35 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<256xf32>
    %expanded_46 = tensor.expand_shape %arg182 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %expanded_47 = tensor.expand_shape %94 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %95 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%92, %expanded_46 : tensor<1x256x56x56xf32>, tensor<256x1x1xf32>) outs(%32 : tensor<1x256x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x56x56xf32>
    %96 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%95, %expanded_47 : tensor<1x256x56x56xf32>, tensor<256x1x1xf32>) outs(%32 : tensor<1x256x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x56x56xf32>
    %expanded_48 = tensor.expand_shape %arg32 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %97 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%96, %expanded_48 : tensor<1x256x56x56xf32>, tensor<256x1x1xf32>) outs(%32 : tensor<1x256x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x56x56xf32>
    %expanded_49 = tensor.expand_shape %arg33 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %98 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%97, %expanded_49 : tensor<1x256x56x56xf32>, tensor<256x1x1xf32>) outs(%32 : tensor<1x256x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x56x56xf32>
    %99 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%98, %75 : tensor<1x256x56x56xf32>, tensor<1x256x56x56xf32>) outs(%32 : tensor<1x256x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x56x56xf32>
    %100 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%99 : tensor<1x256x56x56xf32>) outs(%32 : tensor<1x256x56x56xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x256x56x56xf32>
    %101 = tensor.empty() : tensor<1x128x56x56xf32>
    %102 = linalg.fill ins(%cst : f32) outs(%101 : tensor<1x128x56x56xf32>) -> tensor<1x128x56x56xf32>
    %103 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%100, %arg34 : tensor<1x256x56x56xf32>, tensor<128x256x1x1xf32>) outs(%102 : tensor<1x128x56x56xf32>) -> tensor<1x128x56x56xf32>
    %104 = tensor.empty() : tensor<128xf32>
    %105 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg185 : tensor<128xf32>) outs(%104 : tensor<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<128xf32>
    %106 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%105 : tensor<128xf32>) outs(%104 : tensor<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<128xf32>
    %expanded_50 = tensor.expand_shape %arg184 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %expanded_51 = tensor.expand_shape %106 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %107 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%103, %expanded_50 : tensor<1x128x56x56xf32>, tensor<128x1x1xf32>) outs(%101 : tensor<1x128x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x128x56x56xf32>
    %108 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%107, %expanded_51 : tensor<1x128x56x56xf32>, tensor<128x1x1xf32>) outs(%101 : tensor<1x128x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x128x56x56xf32>
    %expanded_52 = tensor.expand_shape %arg35 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %109 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%108, %expanded_52 : tensor<1x128x56x56xf32>, tensor<128x1x1xf32>) outs(%101 : tensor<1x128x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x128x56x56xf32>
    %expanded_53 = tensor.expand_shape %arg36 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %110 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%109, %expanded_53 : tensor<1x128x56x56xf32>, tensor<128x1x1xf32>) outs(%101 : tensor<1x128x56x56xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x128x56x56xf32>
    %111 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%110 : tensor<1x128x56x56xf32>) outs(%101 : tensor<1x128x56x56xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x128x56x56xf32>
    %padded_54 = tensor.pad %111 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg268: index, %arg269: index, %arg270: index, %arg271: index):
      tensor.yield %cst : f32
    } : tensor<1x128x56x56xf32> to tensor<1x128x58x58xf32>
    %112 = tensor.empty() : tensor<1x128x28x28xf32>
    %113 = linalg.fill ins(%cst : f32) outs(%112 : tensor<1x128x28x28xf32>) -> tensor<1x128x28x28xf32>
    %114 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded_54, %arg37 : tensor<1x128x58x58xf32>, tensor<128x128x3x3xf32>) outs(%113 : tensor<1x128x28x28xf32>) -> tensor<1x128x28x28xf32>
    %115 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg187 : tensor<128xf32>) outs(%104 : tensor<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<128xf32>
    %116 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%115 : tensor<128xf32>) outs(%104 : tensor<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<128xf32>
    %expanded_55 = tensor.expand_shape %arg186 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %expanded_56 = tensor.expand_shape %116 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %117 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%114, %expanded_55 : tensor<1x128x28x28xf32>, tensor<128x1x1xf32>) outs(%112 : tensor<1x128x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x128x28x28xf32>
    %118 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%117, %expanded_56 : tensor<1x128x28x28xf32>, tensor<128x1x1xf32>) outs(%112 : tensor<1x128x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x128x28x28xf32>
    %expanded_57 = tensor.expand_shape %arg38 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %119 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%118, %expanded_57 : tensor<1x128x28x28xf32>, tensor<128x1x1xf32>) outs(%112 : tensor<1x128x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x128x28x28xf32>
    %expanded_58 = tensor.expand_shape %arg39 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %120 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%119, %expanded_58 : tensor<1x128x28x28xf32>, tensor<128x1x1xf32>) outs(%112 : tensor<1x128x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x128x28x28xf32>
    %121 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%120 : tensor<1x128x28x28xf32>) outs(%112 : tensor<1x128x28x28xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x128x28x28xf32>
    %122 = tensor.empty() : tensor<1x512x28x28xf32>
    %123 = linalg.fill ins(%cst : f32) outs(%122 : tensor<1x512x28x28xf32>) -> tensor<1x512x28x28xf32>
    %124 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%121, %arg40 : tensor<1x128x28x28xf32>, tensor<512x128x1x1xf32>) outs(%123 : tensor<1x512x28x28xf32>) -> tensor<1x512x28x28xf32>
    %125 = tensor.empty() : tensor<512xf32>
    %126 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg189 : tensor<512xf32>) outs(%125 : tensor<512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<512xf32>
    %127 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%126 : tensor<512xf32>) outs(%125 : tensor<512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<512xf32>
    %expanded_59 = tensor.expand_shape %arg188 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %expanded_60 = tensor.expand_shape %127 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %128 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%124, %expanded_59 : tensor<1x512x28x28xf32>, tensor<512x1x1xf32>) outs(%122 : tensor<1x512x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x28x28xf32>
    %129 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%128, %expanded_60 : tensor<1x512x28x28xf32>, tensor<512x1x1xf32>) outs(%122 : tensor<1x512x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x28x28xf32>
    %expanded_61 = tensor.expand_shape %arg41 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %130 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%129, %expanded_61 : tensor<1x512x28x28xf32>, tensor<512x1x1xf32>) outs(%122 : tensor<1x512x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x28x28xf32>
    %expanded_62 = tensor.expand_shape %arg42 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %131 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%130, %expanded_62 : tensor<1x512x28x28xf32>, tensor<512x1x1xf32>) outs(%122 : tensor<1x512x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x28x28xf32>
    %132 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%100, %arg43 : tensor<1x256x56x56xf32>, tensor<512x256x1x1xf32>) outs(%123 : tensor<1x512x28x28xf32>) -> tensor<1x512x28x28xf32>
    %133 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg191 : tensor<512xf32>) outs(%125 : tensor<512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<512xf32>
    %134 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%133 : tensor<512xf32>) outs(%125 : tensor<512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<512xf32>
    %expanded_63 = tensor.expand_shape %arg190 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %expanded_64 = tensor.expand_shape %134 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %135 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%132, %expanded_63 : tensor<1x512x28x28xf32>, tensor<512x1x1xf32>) outs(%122 : tensor<1x512x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x28x28xf32>
    %136 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%135, %expanded_64 : tensor<1x512x28x28xf32>, tensor<512x1x1xf32>) outs(%122 : tensor<1x512x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x28x28xf32>
    %expanded_65 = tensor.expand_shape %arg44 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %137 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%136, %expanded_65 : tensor<1x512x28x28xf32>, tensor<512x1x1xf32>) outs(%122 : tensor<1x512x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x28x28xf32>
    %expanded_66 = tensor.expand_shape %arg45 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %138 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%137, %expanded_66 : tensor<1x512x28x28xf32>, tensor<512x1x1xf32>) outs(%122 : tensor<1x512x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x28x28xf32>
    %139 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%131, %138 : tensor<1x512x28x28xf32>, tensor<1x512x28x28xf32>) outs(%122 : tensor<1x512x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x28x28xf32>
    %140 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%139 : tensor<1x512x28x28xf32>) outs(%122 : tensor<1x512x28x28xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x512x28x28xf32>
    %141 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%140, %arg46 : tensor<1x512x28x28xf32>, tensor<128x512x1x1xf32>) outs(%113 : tensor<1x128x28x28xf32>) -> tensor<1x128x28x28xf32>
    %142 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg193 : tensor<128xf32>) outs(%104 : tensor<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<128xf32>
    %143 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%142 : tensor<128xf32>) outs(%104 : tensor<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<128xf32>
    %expanded_67 = tensor.expand_shape %arg192 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %expanded_68 = tensor.expand_shape %143 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %144 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%141, %expanded_67 : tensor<1x128x28x28xf32>, tensor<128x1x1xf32>) outs(%112 : tensor<1x128x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x128x28x28xf32>
    %145 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%144, %expanded_68 : tensor<1x128x28x28xf32>, tensor<128x1x1xf32>) outs(%112 : tensor<1x128x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x128x28x28xf32>
    %expanded_69 = tensor.expand_shape %arg47 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %146 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%145, %expanded_69 : tensor<1x128x28x28xf32>, tensor<128x1x1xf32>) outs(%112 : tensor<1x128x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x128x28x28xf32>
    %expanded_70 = tensor.expand_shape %arg48 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %147 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%146, %expanded_70 : tensor<1x128x28x28xf32>, tensor<128x1x1xf32>) outs(%112 : tensor<1x128x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x128x28x28xf32>
    %148 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%147 : tensor<1x128x28x28xf32>) outs(%112 : tensor<1x128x28x28xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x128x28x28xf32>
    %padded_71 = tensor.pad %148 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg268: index, %arg269: index, %arg270: index, %arg271: index):
      tensor.yield %cst : f32
    } : tensor<1x128x28x28xf32> to tensor<1x128x30x30xf32>
    %149 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_71, %arg49 : tensor<1x128x30x30xf32>, tensor<128x128x3x3xf32>) outs(%113 : tensor<1x128x28x28xf32>) -> tensor<1x128x28x28xf32>
    %150 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg195 : tensor<128xf32>) outs(%104 : tensor<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<128xf32>
    %151 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%150 : tensor<128xf32>) outs(%104 : tensor<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<128xf32>
    %expanded_72 = tensor.expand_shape %arg194 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %expanded_73 = tensor.expand_shape %151 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %152 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%149, %expanded_72 : tensor<1x128x28x28xf32>, tensor<128x1x1xf32>) outs(%112 : tensor<1x128x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x128x28x28xf32>
    %153 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%152, %expanded_73 : tensor<1x128x28x28xf32>, tensor<128x1x1xf32>) outs(%112 : tensor<1x128x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x128x28x28xf32>
    %expanded_74 = tensor.expand_shape %arg50 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %154 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%153, %expanded_74 : tensor<1x128x28x28xf32>, tensor<128x1x1xf32>) outs(%112 : tensor<1x128x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x128x28x28xf32>
    %expanded_75 = tensor.expand_shape %arg51 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %155 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%154, %expanded_75 : tensor<1x128x28x28xf32>, tensor<128x1x1xf32>) outs(%112 : tensor<1x128x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x128x28x28xf32>
    %156 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%155 : tensor<1x128x28x28xf32>) outs(%112 : tensor<1x128x28x28xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x128x28x28xf32>
    %157 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%156, %arg52 : tensor<1x128x28x28xf32>, tensor<512x128x1x1xf32>) outs(%123 : tensor<1x512x28x28xf32>) -> tensor<1x512x28x28xf32>
    %158 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg197 : tensor<512xf32>) outs(%125 : tensor<512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<512xf32>
    %159 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%158 : tensor<512xf32>) outs(%125 : tensor<512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<512xf32>
    %expanded_76 = tensor.expand_shape %arg196 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %expanded_77 = tensor.expand_shape %159 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %160 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%157, %expanded_76 : tensor<1x512x28x28xf32>, tensor<512x1x1xf32>) outs(%122 : tensor<1x512x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x28x28xf32>
    %161 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%160, %expanded_77 : tensor<1x512x28x28xf32>, tensor<512x1x1xf32>) outs(%122 : tensor<1x512x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x28x28xf32>
    %expanded_78 = tensor.expand_shape %arg53 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %162 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%161, %expanded_78 : tensor<1x512x28x28xf32>, tensor<512x1x1xf32>) outs(%122 : tensor<1x512x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x28x28xf32>
    %expanded_79 = tensor.expand_shape %arg54 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %163 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%162, %expanded_79 : tensor<1x512x28x28xf32>, tensor<512x1x1xf32>) outs(%122 : tensor<1x512x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x28x28xf32>
    %164 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%163, %140 : tensor<1x512x28x28xf32>, tensor<1x512x28x28xf32>) outs(%122 : tensor<1x512x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x28x28xf32>
    %165 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%164 : tensor<1x512x28x28xf32>) outs(%122 : tensor<1x512x28x28xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x512x28x28xf32>
    %166 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%165, %arg55 : tensor<1x512x28x28xf32>, tensor<128x512x1x1xf32>) outs(%113 : tensor<1x128x28x28xf32>) -> tensor<1x128x28x28xf32>
    %167 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg199 : tensor<128xf32>) outs(%104 : tensor<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<128xf32>
    %168 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%167 : tensor<128xf32>) outs(%104 : tensor<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<128xf32>
    %expanded_80 = tensor.expand_shape %arg198 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %expanded_81 = tensor.expand_shape %168 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %169 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%166, %expanded_80 : tensor<1x128x28x28xf32>, tensor<128x1x1xf32>) outs(%112 : tensor<1x128x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x128x28x28xf32>
    %170 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%169, %expanded_81 : tensor<1x128x28x28xf32>, tensor<128x1x1xf32>) outs(%112 : tensor<1x128x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x128x28x28xf32>
    %expanded_82 = tensor.expand_shape %arg56 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %171 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%170, %expanded_82 : tensor<1x128x28x28xf32>, tensor<128x1x1xf32>) outs(%112 : tensor<1x128x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x128x28x28xf32>
    %expanded_83 = tensor.expand_shape %arg57 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %172 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%171, %expanded_83 : tensor<1x128x28x28xf32>, tensor<128x1x1xf32>) outs(%112 : tensor<1x128x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x128x28x28xf32>
    %173 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%172 : tensor<1x128x28x28xf32>) outs(%112 : tensor<1x128x28x28xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x128x28x28xf32>
    %padded_84 = tensor.pad %173 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg268: index, %arg269: index, %arg270: index, %arg271: index):
      tensor.yield %cst : f32
    } : tensor<1x128x28x28xf32> to tensor<1x128x30x30xf32>
    %174 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_84, %arg58 : tensor<1x128x30x30xf32>, tensor<128x128x3x3xf32>) outs(%113 : tensor<1x128x28x28xf32>) -> tensor<1x128x28x28xf32>
    %175 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg201 : tensor<128xf32>) outs(%104 : tensor<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<128xf32>
    %176 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%175 : tensor<128xf32>) outs(%104 : tensor<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<128xf32>
    %expanded_85 = tensor.expand_shape %arg200 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %expanded_86 = tensor.expand_shape %176 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %177 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%174, %expanded_85 : tensor<1x128x28x28xf32>, tensor<128x1x1xf32>) outs(%112 : tensor<1x128x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x128x28x28xf32>
    %178 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%177, %expanded_86 : tensor<1x128x28x28xf32>, tensor<128x1x1xf32>) outs(%112 : tensor<1x128x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x128x28x28xf32>
    %expanded_87 = tensor.expand_shape %arg59 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %179 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%178, %expanded_87 : tensor<1x128x28x28xf32>, tensor<128x1x1xf32>) outs(%112 : tensor<1x128x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x128x28x28xf32>
    %expanded_88 = tensor.expand_shape %arg60 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %180 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%179, %expanded_88 : tensor<1x128x28x28xf32>, tensor<128x1x1xf32>) outs(%112 : tensor<1x128x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x128x28x28xf32>
    %181 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%180 : tensor<1x128x28x28xf32>) outs(%112 : tensor<1x128x28x28xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x128x28x28xf32>
    %182 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%181, %arg61 : tensor<1x128x28x28xf32>, tensor<512x128x1x1xf32>) outs(%123 : tensor<1x512x28x28xf32>) -> tensor<1x512x28x28xf32>
    %183 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg203 : tensor<512xf32>) outs(%125 : tensor<512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<512xf32>
    %184 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%183 : tensor<512xf32>) outs(%125 : tensor<512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<512xf32>
    %expanded_89 = tensor.expand_shape %arg202 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %expanded_90 = tensor.expand_shape %184 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %185 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%182, %expanded_89 : tensor<1x512x28x28xf32>, tensor<512x1x1xf32>) outs(%122 : tensor<1x512x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x28x28xf32>
    %186 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%185, %expanded_90 : tensor<1x512x28x28xf32>, tensor<512x1x1xf32>) outs(%122 : tensor<1x512x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x28x28xf32>
    %expanded_91 = tensor.expand_shape %arg62 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %187 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%186, %expanded_91 : tensor<1x512x28x28xf32>, tensor<512x1x1xf32>) outs(%122 : tensor<1x512x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x28x28xf32>
    %expanded_92 = tensor.expand_shape %arg63 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %188 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%187, %expanded_92 : tensor<1x512x28x28xf32>, tensor<512x1x1xf32>) outs(%122 : tensor<1x512x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x28x28xf32>
    %189 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%188, %165 : tensor<1x512x28x28xf32>, tensor<1x512x28x28xf32>) outs(%122 : tensor<1x512x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x28x28xf32>
    %190 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%189 : tensor<1x512x28x28xf32>) outs(%122 : tensor<1x512x28x28xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x512x28x28xf32>
    %191 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%190, %arg64 : tensor<1x512x28x28xf32>, tensor<128x512x1x1xf32>) outs(%113 : tensor<1x128x28x28xf32>) -> tensor<1x128x28x28xf32>
    %192 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg205 : tensor<128xf32>) outs(%104 : tensor<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<128xf32>
    %193 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%192 : tensor<128xf32>) outs(%104 : tensor<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<128xf32>
    %expanded_93 = tensor.expand_shape %arg204 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %expanded_94 = tensor.expand_shape %193 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %194 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%191, %expanded_93 : tensor<1x128x28x28xf32>, tensor<128x1x1xf32>) outs(%112 : tensor<1x128x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x128x28x28xf32>
    %195 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%194, %expanded_94 : tensor<1x128x28x28xf32>, tensor<128x1x1xf32>) outs(%112 : tensor<1x128x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x128x28x28xf32>
    %expanded_95 = tensor.expand_shape %arg65 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %196 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%195, %expanded_95 : tensor<1x128x28x28xf32>, tensor<128x1x1xf32>) outs(%112 : tensor<1x128x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x128x28x28xf32>
    %expanded_96 = tensor.expand_shape %arg66 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %197 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%196, %expanded_96 : tensor<1x128x28x28xf32>, tensor<128x1x1xf32>) outs(%112 : tensor<1x128x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x128x28x28xf32>
    %198 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%197 : tensor<1x128x28x28xf32>) outs(%112 : tensor<1x128x28x28xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x128x28x28xf32>
    %padded_97 = tensor.pad %198 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg268: index, %arg269: index, %arg270: index, %arg271: index):
      tensor.yield %cst : f32
    } : tensor<1x128x28x28xf32> to tensor<1x128x30x30xf32>
    %199 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_97, %arg67 : tensor<1x128x30x30xf32>, tensor<128x128x3x3xf32>) outs(%113 : tensor<1x128x28x28xf32>) -> tensor<1x128x28x28xf32>
    %200 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg207 : tensor<128xf32>) outs(%104 : tensor<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<128xf32>
    %201 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%200 : tensor<128xf32>) outs(%104 : tensor<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<128xf32>
    %expanded_98 = tensor.expand_shape %arg206 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %expanded_99 = tensor.expand_shape %201 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %202 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%199, %expanded_98 : tensor<1x128x28x28xf32>, tensor<128x1x1xf32>) outs(%112 : tensor<1x128x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x128x28x28xf32>
    %203 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%202, %expanded_99 : tensor<1x128x28x28xf32>, tensor<128x1x1xf32>) outs(%112 : tensor<1x128x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x128x28x28xf32>
    %expanded_100 = tensor.expand_shape %arg68 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %204 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%203, %expanded_100 : tensor<1x128x28x28xf32>, tensor<128x1x1xf32>) outs(%112 : tensor<1x128x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x128x28x28xf32>
    %expanded_101 = tensor.expand_shape %arg69 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %205 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%204, %expanded_101 : tensor<1x128x28x28xf32>, tensor<128x1x1xf32>) outs(%112 : tensor<1x128x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x128x28x28xf32>
    %206 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%205 : tensor<1x128x28x28xf32>) outs(%112 : tensor<1x128x28x28xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x128x28x28xf32>
    %207 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%206, %arg70 : tensor<1x128x28x28xf32>, tensor<512x128x1x1xf32>) outs(%123 : tensor<1x512x28x28xf32>) -> tensor<1x512x28x28xf32>
    %208 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg209 : tensor<512xf32>) outs(%125 : tensor<512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<512xf32>
    %209 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%208 : tensor<512xf32>) outs(%125 : tensor<512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<512xf32>
    %expanded_102 = tensor.expand_shape %arg208 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %expanded_103 = tensor.expand_shape %209 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %210 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%207, %expanded_102 : tensor<1x512x28x28xf32>, tensor<512x1x1xf32>) outs(%122 : tensor<1x512x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x28x28xf32>
    %211 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%210, %expanded_103 : tensor<1x512x28x28xf32>, tensor<512x1x1xf32>) outs(%122 : tensor<1x512x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x28x28xf32>
    %expanded_104 = tensor.expand_shape %arg71 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %212 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%211, %expanded_104 : tensor<1x512x28x28xf32>, tensor<512x1x1xf32>) outs(%122 : tensor<1x512x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x28x28xf32>
    %expanded_105 = tensor.expand_shape %arg72 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %213 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%212, %expanded_105 : tensor<1x512x28x28xf32>, tensor<512x1x1xf32>) outs(%122 : tensor<1x512x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x28x28xf32>
    %214 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%213, %190 : tensor<1x512x28x28xf32>, tensor<1x512x28x28xf32>) outs(%122 : tensor<1x512x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x28x28xf32>
    %215 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%214 : tensor<1x512x28x28xf32>) outs(%122 : tensor<1x512x28x28xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x512x28x28xf32>
    %216 = tensor.empty() : tensor<1x256x28x28xf32>
    %217 = linalg.fill ins(%cst : f32) outs(%216 : tensor<1x256x28x28xf32>) -> tensor<1x256x28x28xf32>
    %218 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%215, %arg73 : tensor<1x512x28x28xf32>, tensor<256x512x1x1xf32>) outs(%217 : tensor<1x256x28x28xf32>) -> tensor<1x256x28x28xf32>
    %219 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg211 : tensor<256xf32>) outs(%35 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<256xf32>
    %220 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%219 : tensor<256xf32>) outs(%35 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<256xf32>
    %expanded_106 = tensor.expand_shape %arg210 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %expanded_107 = tensor.expand_shape %220 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %221 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%218, %expanded_106 : tensor<1x256x28x28xf32>, tensor<256x1x1xf32>) outs(%216 : tensor<1x256x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x28x28xf32>
    %222 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%221, %expanded_107 : tensor<1x256x28x28xf32>, tensor<256x1x1xf32>) outs(%216 : tensor<1x256x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x28x28xf32>
    %expanded_108 = tensor.expand_shape %arg74 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %223 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%222, %expanded_108 : tensor<1x256x28x28xf32>, tensor<256x1x1xf32>) outs(%216 : tensor<1x256x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x28x28xf32>
    %expanded_109 = tensor.expand_shape %arg75 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %224 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%223, %expanded_109 : tensor<1x256x28x28xf32>, tensor<256x1x1xf32>) outs(%216 : tensor<1x256x28x28xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x28x28xf32>
    %225 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%224 : tensor<1x256x28x28xf32>) outs(%216 : tensor<1x256x28x28xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x256x28x28xf32>
    %padded_110 = tensor.pad %225 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg268: index, %arg269: index, %arg270: index, %arg271: index):
      tensor.yield %cst : f32
    } : tensor<1x256x28x28xf32> to tensor<1x256x30x30xf32>
    %226 = tensor.empty() : tensor<1x256x14x14xf32>
    %227 = linalg.fill ins(%cst : f32) outs(%226 : tensor<1x256x14x14xf32>) -> tensor<1x256x14x14xf32>
    %228 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded_110, %arg76 : tensor<1x256x30x30xf32>, tensor<256x256x3x3xf32>) outs(%227 : tensor<1x256x14x14xf32>) -> tensor<1x256x14x14xf32>
    %229 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg213 : tensor<256xf32>) outs(%35 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<256xf32>
    %230 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%229 : tensor<256xf32>) outs(%35 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<256xf32>
    %expanded_111 = tensor.expand_shape %arg212 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %expanded_112 = tensor.expand_shape %230 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %231 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%228, %expanded_111 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %232 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%231, %expanded_112 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %expanded_113 = tensor.expand_shape %arg77 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %233 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%232, %expanded_113 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %expanded_114 = tensor.expand_shape %arg78 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %234 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%233, %expanded_114 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %235 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%234 : tensor<1x256x14x14xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x256x14x14xf32>
    %236 = tensor.empty() : tensor<1x1024x14x14xf32>
    %237 = linalg.fill ins(%cst : f32) outs(%236 : tensor<1x1024x14x14xf32>) -> tensor<1x1024x14x14xf32>
    %238 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%235, %arg79 : tensor<1x256x14x14xf32>, tensor<1024x256x1x1xf32>) outs(%237 : tensor<1x1024x14x14xf32>) -> tensor<1x1024x14x14xf32>
    %239 = tensor.empty() : tensor<1024xf32>
    %240 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg215 : tensor<1024xf32>) outs(%239 : tensor<1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<1024xf32>
    %241 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%240 : tensor<1024xf32>) outs(%239 : tensor<1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<1024xf32>
    %expanded_115 = tensor.expand_shape %arg214 [[0, 1, 2]] output_shape [1024, 1, 1] : tensor<1024xf32> into tensor<1024x1x1xf32>
    %expanded_116 = tensor.expand_shape %241 [[0, 1, 2]] output_shape [1024, 1, 1] : tensor<1024xf32> into tensor<1024x1x1xf32>
    %242 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%238, %expanded_115 : tensor<1x1024x14x14xf32>, tensor<1024x1x1xf32>) outs(%236 : tensor<1x1024x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x1024x14x14xf32>
    %243 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%242, %expanded_116 : tensor<1x1024x14x14xf32>, tensor<1024x1x1xf32>) outs(%236 : tensor<1x1024x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x1024x14x14xf32>
    %expanded_117 = tensor.expand_shape %arg80 [[0, 1, 2]] output_shape [1024, 1, 1] : tensor<1024xf32> into tensor<1024x1x1xf32>
    %244 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%243, %expanded_117 : tensor<1x1024x14x14xf32>, tensor<1024x1x1xf32>) outs(%236 : tensor<1x1024x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x1024x14x14xf32>
    %expanded_118 = tensor.expand_shape %arg81 [[0, 1, 2]] output_shape [1024, 1, 1] : tensor<1024xf32> into tensor<1024x1x1xf32>
    %245 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%244, %expanded_118 : tensor<1x1024x14x14xf32>, tensor<1024x1x1xf32>) outs(%236 : tensor<1x1024x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x1024x14x14xf32>
    %246 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%215, %arg82 : tensor<1x512x28x28xf32>, tensor<1024x512x1x1xf32>) outs(%237 : tensor<1x1024x14x14xf32>) -> tensor<1x1024x14x14xf32>
    %247 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg217 : tensor<1024xf32>) outs(%239 : tensor<1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<1024xf32>
    %248 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%247 : tensor<1024xf32>) outs(%239 : tensor<1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<1024xf32>
    %expanded_119 = tensor.expand_shape %arg216 [[0, 1, 2]] output_shape [1024, 1, 1] : tensor<1024xf32> into tensor<1024x1x1xf32>
    %expanded_120 = tensor.expand_shape %248 [[0, 1, 2]] output_shape [1024, 1, 1] : tensor<1024xf32> into tensor<1024x1x1xf32>
    %249 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%246, %expanded_119 : tensor<1x1024x14x14xf32>, tensor<1024x1x1xf32>) outs(%236 : tensor<1x1024x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x1024x14x14xf32>
    %250 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%249, %expanded_120 : tensor<1x1024x14x14xf32>, tensor<1024x1x1xf32>) outs(%236 : tensor<1x1024x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x1024x14x14xf32>
    %expanded_121 = tensor.expand_shape %arg83 [[0, 1, 2]] output_shape [1024, 1, 1] : tensor<1024xf32> into tensor<1024x1x1xf32>
    %251 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%250, %expanded_121 : tensor<1x1024x14x14xf32>, tensor<1024x1x1xf32>) outs(%236 : tensor<1x1024x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x1024x14x14xf32>
    %expanded_122 = tensor.expand_shape %arg84 [[0, 1, 2]] output_shape [1024, 1, 1] : tensor<1024xf32> into tensor<1024x1x1xf32>
    %252 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%251, %expanded_122 : tensor<1x1024x14x14xf32>, tensor<1024x1x1xf32>) outs(%236 : tensor<1x1024x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x1024x14x14xf32>
    %253 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%245, %252 : tensor<1x1024x14x14xf32>, tensor<1x1024x14x14xf32>) outs(%236 : tensor<1x1024x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x1024x14x14xf32>
    %254 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%253 : tensor<1x1024x14x14xf32>) outs(%236 : tensor<1x1024x14x14xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x1024x14x14xf32>
    %255 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%254, %arg85 : tensor<1x1024x14x14xf32>, tensor<256x1024x1x1xf32>) outs(%227 : tensor<1x256x14x14xf32>) -> tensor<1x256x14x14xf32>
    %256 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg219 : tensor<256xf32>) outs(%35 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<256xf32>
    %257 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%256 : tensor<256xf32>) outs(%35 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<256xf32>
    %expanded_123 = tensor.expand_shape %arg218 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %expanded_124 = tensor.expand_shape %257 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %258 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%255, %expanded_123 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %259 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%258, %expanded_124 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %expanded_125 = tensor.expand_shape %arg86 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %260 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%259, %expanded_125 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %expanded_126 = tensor.expand_shape %arg87 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %261 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%260, %expanded_126 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %262 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%261 : tensor<1x256x14x14xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x256x14x14xf32>
    %padded_127 = tensor.pad %262 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg268: index, %arg269: index, %arg270: index, %arg271: index):
      tensor.yield %cst : f32
    } : tensor<1x256x14x14xf32> to tensor<1x256x16x16xf32>
    %263 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_127, %arg88 : tensor<1x256x16x16xf32>, tensor<256x256x3x3xf32>) outs(%227 : tensor<1x256x14x14xf32>) -> tensor<1x256x14x14xf32>
    %264 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg221 : tensor<256xf32>) outs(%35 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<256xf32>
    %265 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%264 : tensor<256xf32>) outs(%35 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<256xf32>
    %expanded_128 = tensor.expand_shape %arg220 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %expanded_129 = tensor.expand_shape %265 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %266 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%263, %expanded_128 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %267 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%266, %expanded_129 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %expanded_130 = tensor.expand_shape %arg89 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %268 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%267, %expanded_130 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %expanded_131 = tensor.expand_shape %arg90 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %269 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%268, %expanded_131 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %270 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%269 : tensor<1x256x14x14xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x256x14x14xf32>
    %271 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%270, %arg91 : tensor<1x256x14x14xf32>, tensor<1024x256x1x1xf32>) outs(%237 : tensor<1x1024x14x14xf32>) -> tensor<1x1024x14x14xf32>
    %272 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg223 : tensor<1024xf32>) outs(%239 : tensor<1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<1024xf32>
    %273 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%272 : tensor<1024xf32>) outs(%239 : tensor<1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<1024xf32>
    %expanded_132 = tensor.expand_shape %arg222 [[0, 1, 2]] output_shape [1024, 1, 1] : tensor<1024xf32> into tensor<1024x1x1xf32>
    %expanded_133 = tensor.expand_shape %273 [[0, 1, 2]] output_shape [1024, 1, 1] : tensor<1024xf32> into tensor<1024x1x1xf32>
    %274 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%271, %expanded_132 : tensor<1x1024x14x14xf32>, tensor<1024x1x1xf32>) outs(%236 : tensor<1x1024x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x1024x14x14xf32>
    %275 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%274, %expanded_133 : tensor<1x1024x14x14xf32>, tensor<1024x1x1xf32>) outs(%236 : tensor<1x1024x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x1024x14x14xf32>
    %expanded_134 = tensor.expand_shape %arg92 [[0, 1, 2]] output_shape [1024, 1, 1] : tensor<1024xf32> into tensor<1024x1x1xf32>
    %276 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%275, %expanded_134 : tensor<1x1024x14x14xf32>, tensor<1024x1x1xf32>) outs(%236 : tensor<1x1024x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x1024x14x14xf32>
    %expanded_135 = tensor.expand_shape %arg93 [[0, 1, 2]] output_shape [1024, 1, 1] : tensor<1024xf32> into tensor<1024x1x1xf32>
    %277 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%276, %expanded_135 : tensor<1x1024x14x14xf32>, tensor<1024x1x1xf32>) outs(%236 : tensor<1x1024x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x1024x14x14xf32>
    %278 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%277, %254 : tensor<1x1024x14x14xf32>, tensor<1x1024x14x14xf32>) outs(%236 : tensor<1x1024x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x1024x14x14xf32>
    %279 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%278 : tensor<1x1024x14x14xf32>) outs(%236 : tensor<1x1024x14x14xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x1024x14x14xf32>
    %280 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%279, %arg94 : tensor<1x1024x14x14xf32>, tensor<256x1024x1x1xf32>) outs(%227 : tensor<1x256x14x14xf32>) -> tensor<1x256x14x14xf32>
    %281 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg225 : tensor<256xf32>) outs(%35 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<256xf32>
    %282 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%281 : tensor<256xf32>) outs(%35 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<256xf32>
    %expanded_136 = tensor.expand_shape %arg224 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %expanded_137 = tensor.expand_shape %282 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %283 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%280, %expanded_136 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %284 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%283, %expanded_137 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %expanded_138 = tensor.expand_shape %arg95 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %285 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%284, %expanded_138 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %expanded_139 = tensor.expand_shape %arg96 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %286 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%285, %expanded_139 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %287 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%286 : tensor<1x256x14x14xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x256x14x14xf32>
    %padded_140 = tensor.pad %287 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg268: index, %arg269: index, %arg270: index, %arg271: index):
      tensor.yield %cst : f32
    } : tensor<1x256x14x14xf32> to tensor<1x256x16x16xf32>
    %288 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_140, %arg97 : tensor<1x256x16x16xf32>, tensor<256x256x3x3xf32>) outs(%227 : tensor<1x256x14x14xf32>) -> tensor<1x256x14x14xf32>
    %289 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg227 : tensor<256xf32>) outs(%35 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<256xf32>
    %290 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%289 : tensor<256xf32>) outs(%35 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<256xf32>
    %expanded_141 = tensor.expand_shape %arg226 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %expanded_142 = tensor.expand_shape %290 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %291 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%288, %expanded_141 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %292 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%291, %expanded_142 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %expanded_143 = tensor.expand_shape %arg98 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %293 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%292, %expanded_143 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %expanded_144 = tensor.expand_shape %arg99 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %294 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%293, %expanded_144 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %295 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%294 : tensor<1x256x14x14xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x256x14x14xf32>
    %296 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%295, %arg100 : tensor<1x256x14x14xf32>, tensor<1024x256x1x1xf32>) outs(%237 : tensor<1x1024x14x14xf32>) -> tensor<1x1024x14x14xf32>
    %297 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg229 : tensor<1024xf32>) outs(%239 : tensor<1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<1024xf32>
    %298 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%297 : tensor<1024xf32>) outs(%239 : tensor<1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<1024xf32>
    %expanded_145 = tensor.expand_shape %arg228 [[0, 1, 2]] output_shape [1024, 1, 1] : tensor<1024xf32> into tensor<1024x1x1xf32>
    %expanded_146 = tensor.expand_shape %298 [[0, 1, 2]] output_shape [1024, 1, 1] : tensor<1024xf32> into tensor<1024x1x1xf32>
    %299 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%296, %expanded_145 : tensor<1x1024x14x14xf32>, tensor<1024x1x1xf32>) outs(%236 : tensor<1x1024x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x1024x14x14xf32>
    %300 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%299, %expanded_146 : tensor<1x1024x14x14xf32>, tensor<1024x1x1xf32>) outs(%236 : tensor<1x1024x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x1024x14x14xf32>
    %expanded_147 = tensor.expand_shape %arg101 [[0, 1, 2]] output_shape [1024, 1, 1] : tensor<1024xf32> into tensor<1024x1x1xf32>
    %301 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%300, %expanded_147 : tensor<1x1024x14x14xf32>, tensor<1024x1x1xf32>) outs(%236 : tensor<1x1024x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x1024x14x14xf32>
    %expanded_148 = tensor.expand_shape %arg102 [[0, 1, 2]] output_shape [1024, 1, 1] : tensor<1024xf32> into tensor<1024x1x1xf32>
    %302 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%301, %expanded_148 : tensor<1x1024x14x14xf32>, tensor<1024x1x1xf32>) outs(%236 : tensor<1x1024x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x1024x14x14xf32>
    %303 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%302, %279 : tensor<1x1024x14x14xf32>, tensor<1x1024x14x14xf32>) outs(%236 : tensor<1x1024x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x1024x14x14xf32>
    %304 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%303 : tensor<1x1024x14x14xf32>) outs(%236 : tensor<1x1024x14x14xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x1024x14x14xf32>
    %305 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%304, %arg103 : tensor<1x1024x14x14xf32>, tensor<256x1024x1x1xf32>) outs(%227 : tensor<1x256x14x14xf32>) -> tensor<1x256x14x14xf32>
    %306 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg231 : tensor<256xf32>) outs(%35 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<256xf32>
    %307 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%306 : tensor<256xf32>) outs(%35 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<256xf32>
    %expanded_149 = tensor.expand_shape %arg230 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %expanded_150 = tensor.expand_shape %307 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %308 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%305, %expanded_149 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %309 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%308, %expanded_150 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %expanded_151 = tensor.expand_shape %arg104 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %310 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%309, %expanded_151 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %expanded_152 = tensor.expand_shape %arg105 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %311 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%310, %expanded_152 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %312 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%311 : tensor<1x256x14x14xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x256x14x14xf32>
    %padded_153 = tensor.pad %312 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg268: index, %arg269: index, %arg270: index, %arg271: index):
      tensor.yield %cst : f32
    } : tensor<1x256x14x14xf32> to tensor<1x256x16x16xf32>
    %313 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_153, %arg106 : tensor<1x256x16x16xf32>, tensor<256x256x3x3xf32>) outs(%227 : tensor<1x256x14x14xf32>) -> tensor<1x256x14x14xf32>
    %314 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg233 : tensor<256xf32>) outs(%35 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<256xf32>
    %315 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%314 : tensor<256xf32>) outs(%35 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<256xf32>
    %expanded_154 = tensor.expand_shape %arg232 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %expanded_155 = tensor.expand_shape %315 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %316 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%313, %expanded_154 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %317 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%316, %expanded_155 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %expanded_156 = tensor.expand_shape %arg107 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %318 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%317, %expanded_156 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %expanded_157 = tensor.expand_shape %arg108 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %319 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%318, %expanded_157 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %320 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%319 : tensor<1x256x14x14xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x256x14x14xf32>
    %321 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%320, %arg109 : tensor<1x256x14x14xf32>, tensor<1024x256x1x1xf32>) outs(%237 : tensor<1x1024x14x14xf32>) -> tensor<1x1024x14x14xf32>
    %322 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg235 : tensor<1024xf32>) outs(%239 : tensor<1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<1024xf32>
    %323 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%322 : tensor<1024xf32>) outs(%239 : tensor<1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<1024xf32>
    %expanded_158 = tensor.expand_shape %arg234 [[0, 1, 2]] output_shape [1024, 1, 1] : tensor<1024xf32> into tensor<1024x1x1xf32>
    %expanded_159 = tensor.expand_shape %323 [[0, 1, 2]] output_shape [1024, 1, 1] : tensor<1024xf32> into tensor<1024x1x1xf32>
    %324 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%321, %expanded_158 : tensor<1x1024x14x14xf32>, tensor<1024x1x1xf32>) outs(%236 : tensor<1x1024x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x1024x14x14xf32>
    %325 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%324, %expanded_159 : tensor<1x1024x14x14xf32>, tensor<1024x1x1xf32>) outs(%236 : tensor<1x1024x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x1024x14x14xf32>
    %expanded_160 = tensor.expand_shape %arg110 [[0, 1, 2]] output_shape [1024, 1, 1] : tensor<1024xf32> into tensor<1024x1x1xf32>
    %326 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%325, %expanded_160 : tensor<1x1024x14x14xf32>, tensor<1024x1x1xf32>) outs(%236 : tensor<1x1024x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x1024x14x14xf32>
    %expanded_161 = tensor.expand_shape %arg111 [[0, 1, 2]] output_shape [1024, 1, 1] : tensor<1024xf32> into tensor<1024x1x1xf32>
    %327 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%326, %expanded_161 : tensor<1x1024x14x14xf32>, tensor<1024x1x1xf32>) outs(%236 : tensor<1x1024x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x1024x14x14xf32>
    %328 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%327, %304 : tensor<1x1024x14x14xf32>, tensor<1x1024x14x14xf32>) outs(%236 : tensor<1x1024x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x1024x14x14xf32>
    %329 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%328 : tensor<1x1024x14x14xf32>) outs(%236 : tensor<1x1024x14x14xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x1024x14x14xf32>
    %330 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%329, %arg112 : tensor<1x1024x14x14xf32>, tensor<256x1024x1x1xf32>) outs(%227 : tensor<1x256x14x14xf32>) -> tensor<1x256x14x14xf32>
    %331 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg237 : tensor<256xf32>) outs(%35 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<256xf32>
    %332 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%331 : tensor<256xf32>) outs(%35 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<256xf32>
    %expanded_162 = tensor.expand_shape %arg236 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %expanded_163 = tensor.expand_shape %332 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %333 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%330, %expanded_162 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %334 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%333, %expanded_163 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %expanded_164 = tensor.expand_shape %arg113 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %335 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%334, %expanded_164 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %expanded_165 = tensor.expand_shape %arg114 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %336 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%335, %expanded_165 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %337 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%336 : tensor<1x256x14x14xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x256x14x14xf32>
    %padded_166 = tensor.pad %337 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg268: index, %arg269: index, %arg270: index, %arg271: index):
      tensor.yield %cst : f32
    } : tensor<1x256x14x14xf32> to tensor<1x256x16x16xf32>
    %338 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_166, %arg115 : tensor<1x256x16x16xf32>, tensor<256x256x3x3xf32>) outs(%227 : tensor<1x256x14x14xf32>) -> tensor<1x256x14x14xf32>
    %339 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg239 : tensor<256xf32>) outs(%35 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<256xf32>
    %340 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%339 : tensor<256xf32>) outs(%35 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<256xf32>
    %expanded_167 = tensor.expand_shape %arg238 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %expanded_168 = tensor.expand_shape %340 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %341 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%338, %expanded_167 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %342 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%341, %expanded_168 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %expanded_169 = tensor.expand_shape %arg116 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %343 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%342, %expanded_169 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %expanded_170 = tensor.expand_shape %arg117 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %344 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%343, %expanded_170 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %345 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%344 : tensor<1x256x14x14xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x256x14x14xf32>
    %346 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%345, %arg118 : tensor<1x256x14x14xf32>, tensor<1024x256x1x1xf32>) outs(%237 : tensor<1x1024x14x14xf32>) -> tensor<1x1024x14x14xf32>
    %347 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg241 : tensor<1024xf32>) outs(%239 : tensor<1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<1024xf32>
    %348 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%347 : tensor<1024xf32>) outs(%239 : tensor<1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<1024xf32>
    %expanded_171 = tensor.expand_shape %arg240 [[0, 1, 2]] output_shape [1024, 1, 1] : tensor<1024xf32> into tensor<1024x1x1xf32>
    %expanded_172 = tensor.expand_shape %348 [[0, 1, 2]] output_shape [1024, 1, 1] : tensor<1024xf32> into tensor<1024x1x1xf32>
    %349 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%346, %expanded_171 : tensor<1x1024x14x14xf32>, tensor<1024x1x1xf32>) outs(%236 : tensor<1x1024x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x1024x14x14xf32>
    %350 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%349, %expanded_172 : tensor<1x1024x14x14xf32>, tensor<1024x1x1xf32>) outs(%236 : tensor<1x1024x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x1024x14x14xf32>
    %expanded_173 = tensor.expand_shape %arg119 [[0, 1, 2]] output_shape [1024, 1, 1] : tensor<1024xf32> into tensor<1024x1x1xf32>
    %351 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%350, %expanded_173 : tensor<1x1024x14x14xf32>, tensor<1024x1x1xf32>) outs(%236 : tensor<1x1024x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x1024x14x14xf32>
    %expanded_174 = tensor.expand_shape %arg120 [[0, 1, 2]] output_shape [1024, 1, 1] : tensor<1024xf32> into tensor<1024x1x1xf32>
    %352 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%351, %expanded_174 : tensor<1x1024x14x14xf32>, tensor<1024x1x1xf32>) outs(%236 : tensor<1x1024x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x1024x14x14xf32>
    %353 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%352, %329 : tensor<1x1024x14x14xf32>, tensor<1x1024x14x14xf32>) outs(%236 : tensor<1x1024x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x1024x14x14xf32>
    %354 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%353 : tensor<1x1024x14x14xf32>) outs(%236 : tensor<1x1024x14x14xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x1024x14x14xf32>
    %355 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%354, %arg121 : tensor<1x1024x14x14xf32>, tensor<256x1024x1x1xf32>) outs(%227 : tensor<1x256x14x14xf32>) -> tensor<1x256x14x14xf32>
    %356 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg243 : tensor<256xf32>) outs(%35 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<256xf32>
    %357 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%356 : tensor<256xf32>) outs(%35 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<256xf32>
    %expanded_175 = tensor.expand_shape %arg242 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %expanded_176 = tensor.expand_shape %357 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %358 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%355, %expanded_175 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %359 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%358, %expanded_176 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %expanded_177 = tensor.expand_shape %arg122 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %360 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%359, %expanded_177 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %expanded_178 = tensor.expand_shape %arg123 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %361 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%360, %expanded_178 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %362 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%361 : tensor<1x256x14x14xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x256x14x14xf32>
    %padded_179 = tensor.pad %362 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg268: index, %arg269: index, %arg270: index, %arg271: index):
      tensor.yield %cst : f32
    } : tensor<1x256x14x14xf32> to tensor<1x256x16x16xf32>
    %363 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_179, %arg124 : tensor<1x256x16x16xf32>, tensor<256x256x3x3xf32>) outs(%227 : tensor<1x256x14x14xf32>) -> tensor<1x256x14x14xf32>
    %364 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg245 : tensor<256xf32>) outs(%35 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<256xf32>
    %365 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%364 : tensor<256xf32>) outs(%35 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<256xf32>
    %expanded_180 = tensor.expand_shape %arg244 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %expanded_181 = tensor.expand_shape %365 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %366 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%363, %expanded_180 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %367 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%366, %expanded_181 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %expanded_182 = tensor.expand_shape %arg125 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %368 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%367, %expanded_182 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %expanded_183 = tensor.expand_shape %arg126 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %369 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%368, %expanded_183 : tensor<1x256x14x14xf32>, tensor<256x1x1xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x256x14x14xf32>
    %370 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%369 : tensor<1x256x14x14xf32>) outs(%226 : tensor<1x256x14x14xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x256x14x14xf32>
    %371 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%370, %arg127 : tensor<1x256x14x14xf32>, tensor<1024x256x1x1xf32>) outs(%237 : tensor<1x1024x14x14xf32>) -> tensor<1x1024x14x14xf32>
    %372 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg247 : tensor<1024xf32>) outs(%239 : tensor<1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<1024xf32>
    %373 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%372 : tensor<1024xf32>) outs(%239 : tensor<1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<1024xf32>
    %expanded_184 = tensor.expand_shape %arg246 [[0, 1, 2]] output_shape [1024, 1, 1] : tensor<1024xf32> into tensor<1024x1x1xf32>
    %expanded_185 = tensor.expand_shape %373 [[0, 1, 2]] output_shape [1024, 1, 1] : tensor<1024xf32> into tensor<1024x1x1xf32>
    %374 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%371, %expanded_184 : tensor<1x1024x14x14xf32>, tensor<1024x1x1xf32>) outs(%236 : tensor<1x1024x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x1024x14x14xf32>
    %375 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%374, %expanded_185 : tensor<1x1024x14x14xf32>, tensor<1024x1x1xf32>) outs(%236 : tensor<1x1024x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x1024x14x14xf32>
    %expanded_186 = tensor.expand_shape %arg128 [[0, 1, 2]] output_shape [1024, 1, 1] : tensor<1024xf32> into tensor<1024x1x1xf32>
    %376 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%375, %expanded_186 : tensor<1x1024x14x14xf32>, tensor<1024x1x1xf32>) outs(%236 : tensor<1x1024x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x1024x14x14xf32>
    %expanded_187 = tensor.expand_shape %arg129 [[0, 1, 2]] output_shape [1024, 1, 1] : tensor<1024xf32> into tensor<1024x1x1xf32>
    %377 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%376, %expanded_187 : tensor<1x1024x14x14xf32>, tensor<1024x1x1xf32>) outs(%236 : tensor<1x1024x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x1024x14x14xf32>
    %378 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%377, %354 : tensor<1x1024x14x14xf32>, tensor<1x1024x14x14xf32>) outs(%236 : tensor<1x1024x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x1024x14x14xf32>
    %379 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%378 : tensor<1x1024x14x14xf32>) outs(%236 : tensor<1x1024x14x14xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x1024x14x14xf32>
    %380 = tensor.empty() : tensor<1x512x14x14xf32>
    %381 = linalg.fill ins(%cst : f32) outs(%380 : tensor<1x512x14x14xf32>) -> tensor<1x512x14x14xf32>
    %382 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%379, %arg130 : tensor<1x1024x14x14xf32>, tensor<512x1024x1x1xf32>) outs(%381 : tensor<1x512x14x14xf32>) -> tensor<1x512x14x14xf32>
    %383 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg249 : tensor<512xf32>) outs(%125 : tensor<512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<512xf32>
    %384 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%383 : tensor<512xf32>) outs(%125 : tensor<512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<512xf32>
    %expanded_188 = tensor.expand_shape %arg248 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %expanded_189 = tensor.expand_shape %384 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %385 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%382, %expanded_188 : tensor<1x512x14x14xf32>, tensor<512x1x1xf32>) outs(%380 : tensor<1x512x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x14x14xf32>
    %386 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%385, %expanded_189 : tensor<1x512x14x14xf32>, tensor<512x1x1xf32>) outs(%380 : tensor<1x512x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x14x14xf32>
    %expanded_190 = tensor.expand_shape %arg131 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %387 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%386, %expanded_190 : tensor<1x512x14x14xf32>, tensor<512x1x1xf32>) outs(%380 : tensor<1x512x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x14x14xf32>
    %expanded_191 = tensor.expand_shape %arg132 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %388 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%387, %expanded_191 : tensor<1x512x14x14xf32>, tensor<512x1x1xf32>) outs(%380 : tensor<1x512x14x14xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x14x14xf32>
    %389 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%388 : tensor<1x512x14x14xf32>) outs(%380 : tensor<1x512x14x14xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x512x14x14xf32>
    %padded_192 = tensor.pad %389 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg268: index, %arg269: index, %arg270: index, %arg271: index):
      tensor.yield %cst : f32
    } : tensor<1x512x14x14xf32> to tensor<1x512x16x16xf32>
    %390 = tensor.empty() : tensor<1x512x7x7xf32>
    %391 = linalg.fill ins(%cst : f32) outs(%390 : tensor<1x512x7x7xf32>) -> tensor<1x512x7x7xf32>
    %392 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded_192, %arg133 : tensor<1x512x16x16xf32>, tensor<512x512x3x3xf32>) outs(%391 : tensor<1x512x7x7xf32>) -> tensor<1x512x7x7xf32>
    %393 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg251 : tensor<512xf32>) outs(%125 : tensor<512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<512xf32>
    %394 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%393 : tensor<512xf32>) outs(%125 : tensor<512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<512xf32>
    %expanded_193 = tensor.expand_shape %arg250 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %expanded_194 = tensor.expand_shape %394 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %395 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%392, %expanded_193 : tensor<1x512x7x7xf32>, tensor<512x1x1xf32>) outs(%390 : tensor<1x512x7x7xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x7x7xf32>
    %396 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%395, %expanded_194 : tensor<1x512x7x7xf32>, tensor<512x1x1xf32>) outs(%390 : tensor<1x512x7x7xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x7x7xf32>
    %expanded_195 = tensor.expand_shape %arg134 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %397 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%396, %expanded_195 : tensor<1x512x7x7xf32>, tensor<512x1x1xf32>) outs(%390 : tensor<1x512x7x7xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x7x7xf32>
    %expanded_196 = tensor.expand_shape %arg135 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %398 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%397, %expanded_196 : tensor<1x512x7x7xf32>, tensor<512x1x1xf32>) outs(%390 : tensor<1x512x7x7xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x7x7xf32>
    %399 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%398 : tensor<1x512x7x7xf32>) outs(%390 : tensor<1x512x7x7xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x512x7x7xf32>
    %400 = tensor.empty() : tensor<1x2048x7x7xf32>
    %401 = linalg.fill ins(%cst : f32) outs(%400 : tensor<1x2048x7x7xf32>) -> tensor<1x2048x7x7xf32>
    %402 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%399, %arg136 : tensor<1x512x7x7xf32>, tensor<2048x512x1x1xf32>) outs(%401 : tensor<1x2048x7x7xf32>) -> tensor<1x2048x7x7xf32>
    %403 = tensor.empty() : tensor<2048xf32>
    %404 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg253 : tensor<2048xf32>) outs(%403 : tensor<2048xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<2048xf32>
    %405 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%404 : tensor<2048xf32>) outs(%403 : tensor<2048xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<2048xf32>
    %expanded_197 = tensor.expand_shape %arg252 [[0, 1, 2]] output_shape [2048, 1, 1] : tensor<2048xf32> into tensor<2048x1x1xf32>
    %expanded_198 = tensor.expand_shape %405 [[0, 1, 2]] output_shape [2048, 1, 1] : tensor<2048xf32> into tensor<2048x1x1xf32>
    %406 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%402, %expanded_197 : tensor<1x2048x7x7xf32>, tensor<2048x1x1xf32>) outs(%400 : tensor<1x2048x7x7xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x2048x7x7xf32>
    %407 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%406, %expanded_198 : tensor<1x2048x7x7xf32>, tensor<2048x1x1xf32>) outs(%400 : tensor<1x2048x7x7xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x2048x7x7xf32>
    %expanded_199 = tensor.expand_shape %arg137 [[0, 1, 2]] output_shape [2048, 1, 1] : tensor<2048xf32> into tensor<2048x1x1xf32>
    %408 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%407, %expanded_199 : tensor<1x2048x7x7xf32>, tensor<2048x1x1xf32>) outs(%400 : tensor<1x2048x7x7xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x2048x7x7xf32>
    %expanded_200 = tensor.expand_shape %arg138 [[0, 1, 2]] output_shape [2048, 1, 1] : tensor<2048xf32> into tensor<2048x1x1xf32>
    %409 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%408, %expanded_200 : tensor<1x2048x7x7xf32>, tensor<2048x1x1xf32>) outs(%400 : tensor<1x2048x7x7xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x2048x7x7xf32>
    %410 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%379, %arg139 : tensor<1x1024x14x14xf32>, tensor<2048x1024x1x1xf32>) outs(%401 : tensor<1x2048x7x7xf32>) -> tensor<1x2048x7x7xf32>
    %411 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg255 : tensor<2048xf32>) outs(%403 : tensor<2048xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<2048xf32>
    %412 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%411 : tensor<2048xf32>) outs(%403 : tensor<2048xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<2048xf32>
    %expanded_201 = tensor.expand_shape %arg254 [[0, 1, 2]] output_shape [2048, 1, 1] : tensor<2048xf32> into tensor<2048x1x1xf32>
    %expanded_202 = tensor.expand_shape %412 [[0, 1, 2]] output_shape [2048, 1, 1] : tensor<2048xf32> into tensor<2048x1x1xf32>
    %413 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%410, %expanded_201 : tensor<1x2048x7x7xf32>, tensor<2048x1x1xf32>) outs(%400 : tensor<1x2048x7x7xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x2048x7x7xf32>
    %414 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%413, %expanded_202 : tensor<1x2048x7x7xf32>, tensor<2048x1x1xf32>) outs(%400 : tensor<1x2048x7x7xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x2048x7x7xf32>
    %expanded_203 = tensor.expand_shape %arg140 [[0, 1, 2]] output_shape [2048, 1, 1] : tensor<2048xf32> into tensor<2048x1x1xf32>
    %415 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%414, %expanded_203 : tensor<1x2048x7x7xf32>, tensor<2048x1x1xf32>) outs(%400 : tensor<1x2048x7x7xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x2048x7x7xf32>
    %expanded_204 = tensor.expand_shape %arg141 [[0, 1, 2]] output_shape [2048, 1, 1] : tensor<2048xf32> into tensor<2048x1x1xf32>
    %416 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%415, %expanded_204 : tensor<1x2048x7x7xf32>, tensor<2048x1x1xf32>) outs(%400 : tensor<1x2048x7x7xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x2048x7x7xf32>
    %417 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%409, %416 : tensor<1x2048x7x7xf32>, tensor<1x2048x7x7xf32>) outs(%400 : tensor<1x2048x7x7xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x2048x7x7xf32>
    %418 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%417 : tensor<1x2048x7x7xf32>) outs(%400 : tensor<1x2048x7x7xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x2048x7x7xf32>
    %419 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%418, %arg142 : tensor<1x2048x7x7xf32>, tensor<512x2048x1x1xf32>) outs(%391 : tensor<1x512x7x7xf32>) -> tensor<1x512x7x7xf32>
    %420 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg257 : tensor<512xf32>) outs(%125 : tensor<512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<512xf32>
    %421 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%420 : tensor<512xf32>) outs(%125 : tensor<512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<512xf32>
    %expanded_205 = tensor.expand_shape %arg256 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %expanded_206 = tensor.expand_shape %421 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %422 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%419, %expanded_205 : tensor<1x512x7x7xf32>, tensor<512x1x1xf32>) outs(%390 : tensor<1x512x7x7xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x7x7xf32>
    %423 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%422, %expanded_206 : tensor<1x512x7x7xf32>, tensor<512x1x1xf32>) outs(%390 : tensor<1x512x7x7xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x7x7xf32>
    %expanded_207 = tensor.expand_shape %arg143 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %424 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%423, %expanded_207 : tensor<1x512x7x7xf32>, tensor<512x1x1xf32>) outs(%390 : tensor<1x512x7x7xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x7x7xf32>
    %expanded_208 = tensor.expand_shape %arg144 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %425 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%424, %expanded_208 : tensor<1x512x7x7xf32>, tensor<512x1x1xf32>) outs(%390 : tensor<1x512x7x7xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x7x7xf32>
    %426 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%425 : tensor<1x512x7x7xf32>) outs(%390 : tensor<1x512x7x7xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x512x7x7xf32>
    %padded_209 = tensor.pad %426 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg268: index, %arg269: index, %arg270: index, %arg271: index):
      tensor.yield %cst : f32
    } : tensor<1x512x7x7xf32> to tensor<1x512x9x9xf32>
    %427 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_209, %arg145 : tensor<1x512x9x9xf32>, tensor<512x512x3x3xf32>) outs(%391 : tensor<1x512x7x7xf32>) -> tensor<1x512x7x7xf32>
    %428 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg259 : tensor<512xf32>) outs(%125 : tensor<512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<512xf32>
    %429 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%428 : tensor<512xf32>) outs(%125 : tensor<512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<512xf32>
    %expanded_210 = tensor.expand_shape %arg258 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %expanded_211 = tensor.expand_shape %429 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %430 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%427, %expanded_210 : tensor<1x512x7x7xf32>, tensor<512x1x1xf32>) outs(%390 : tensor<1x512x7x7xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x7x7xf32>
    %431 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%430, %expanded_211 : tensor<1x512x7x7xf32>, tensor<512x1x1xf32>) outs(%390 : tensor<1x512x7x7xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x7x7xf32>
    %expanded_212 = tensor.expand_shape %arg146 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %432 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%431, %expanded_212 : tensor<1x512x7x7xf32>, tensor<512x1x1xf32>) outs(%390 : tensor<1x512x7x7xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x7x7xf32>
    %expanded_213 = tensor.expand_shape %arg147 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %433 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%432, %expanded_213 : tensor<1x512x7x7xf32>, tensor<512x1x1xf32>) outs(%390 : tensor<1x512x7x7xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x7x7xf32>
    %434 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%433 : tensor<1x512x7x7xf32>) outs(%390 : tensor<1x512x7x7xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x512x7x7xf32>
    %435 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%434, %arg148 : tensor<1x512x7x7xf32>, tensor<2048x512x1x1xf32>) outs(%401 : tensor<1x2048x7x7xf32>) -> tensor<1x2048x7x7xf32>
    %436 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg261 : tensor<2048xf32>) outs(%403 : tensor<2048xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<2048xf32>
    %437 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%436 : tensor<2048xf32>) outs(%403 : tensor<2048xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<2048xf32>
    %expanded_214 = tensor.expand_shape %arg260 [[0, 1, 2]] output_shape [2048, 1, 1] : tensor<2048xf32> into tensor<2048x1x1xf32>
    %expanded_215 = tensor.expand_shape %437 [[0, 1, 2]] output_shape [2048, 1, 1] : tensor<2048xf32> into tensor<2048x1x1xf32>
    %438 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%435, %expanded_214 : tensor<1x2048x7x7xf32>, tensor<2048x1x1xf32>) outs(%400 : tensor<1x2048x7x7xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x2048x7x7xf32>
    %439 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%438, %expanded_215 : tensor<1x2048x7x7xf32>, tensor<2048x1x1xf32>) outs(%400 : tensor<1x2048x7x7xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x2048x7x7xf32>
    %expanded_216 = tensor.expand_shape %arg149 [[0, 1, 2]] output_shape [2048, 1, 1] : tensor<2048xf32> into tensor<2048x1x1xf32>
    %440 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%439, %expanded_216 : tensor<1x2048x7x7xf32>, tensor<2048x1x1xf32>) outs(%400 : tensor<1x2048x7x7xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x2048x7x7xf32>
    %expanded_217 = tensor.expand_shape %arg150 [[0, 1, 2]] output_shape [2048, 1, 1] : tensor<2048xf32> into tensor<2048x1x1xf32>
    %441 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%440, %expanded_217 : tensor<1x2048x7x7xf32>, tensor<2048x1x1xf32>) outs(%400 : tensor<1x2048x7x7xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x2048x7x7xf32>
    %442 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%441, %418 : tensor<1x2048x7x7xf32>, tensor<1x2048x7x7xf32>) outs(%400 : tensor<1x2048x7x7xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x2048x7x7xf32>
    %443 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%442 : tensor<1x2048x7x7xf32>) outs(%400 : tensor<1x2048x7x7xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x2048x7x7xf32>
    %444 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%443, %arg151 : tensor<1x2048x7x7xf32>, tensor<512x2048x1x1xf32>) outs(%391 : tensor<1x512x7x7xf32>) -> tensor<1x512x7x7xf32>
    %445 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg263 : tensor<512xf32>) outs(%125 : tensor<512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<512xf32>
    %446 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%445 : tensor<512xf32>) outs(%125 : tensor<512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<512xf32>
    %expanded_218 = tensor.expand_shape %arg262 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %expanded_219 = tensor.expand_shape %446 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %447 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%444, %expanded_218 : tensor<1x512x7x7xf32>, tensor<512x1x1xf32>) outs(%390 : tensor<1x512x7x7xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x7x7xf32>
    %448 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%447, %expanded_219 : tensor<1x512x7x7xf32>, tensor<512x1x1xf32>) outs(%390 : tensor<1x512x7x7xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x7x7xf32>
    %expanded_220 = tensor.expand_shape %arg152 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %449 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%448, %expanded_220 : tensor<1x512x7x7xf32>, tensor<512x1x1xf32>) outs(%390 : tensor<1x512x7x7xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x7x7xf32>
    %expanded_221 = tensor.expand_shape %arg153 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %450 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%449, %expanded_221 : tensor<1x512x7x7xf32>, tensor<512x1x1xf32>) outs(%390 : tensor<1x512x7x7xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x7x7xf32>
    %451 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%450 : tensor<1x512x7x7xf32>) outs(%390 : tensor<1x512x7x7xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x512x7x7xf32>
    %padded_222 = tensor.pad %451 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg268: index, %arg269: index, %arg270: index, %arg271: index):
      tensor.yield %cst : f32
    } : tensor<1x512x7x7xf32> to tensor<1x512x9x9xf32>
    %452 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_222, %arg154 : tensor<1x512x9x9xf32>, tensor<512x512x3x3xf32>) outs(%391 : tensor<1x512x7x7xf32>) -> tensor<1x512x7x7xf32>
    %453 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg265 : tensor<512xf32>) outs(%125 : tensor<512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<512xf32>
    %454 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%453 : tensor<512xf32>) outs(%125 : tensor<512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<512xf32>
    %expanded_223 = tensor.expand_shape %arg264 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %expanded_224 = tensor.expand_shape %454 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %455 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%452, %expanded_223 : tensor<1x512x7x7xf32>, tensor<512x1x1xf32>) outs(%390 : tensor<1x512x7x7xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x7x7xf32>
    %456 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%455, %expanded_224 : tensor<1x512x7x7xf32>, tensor<512x1x1xf32>) outs(%390 : tensor<1x512x7x7xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x7x7xf32>
    %expanded_225 = tensor.expand_shape %arg155 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %457 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%456, %expanded_225 : tensor<1x512x7x7xf32>, tensor<512x1x1xf32>) outs(%390 : tensor<1x512x7x7xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x7x7xf32>
    %expanded_226 = tensor.expand_shape %arg156 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %458 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%457, %expanded_226 : tensor<1x512x7x7xf32>, tensor<512x1x1xf32>) outs(%390 : tensor<1x512x7x7xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x512x7x7xf32>
    %459 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%458 : tensor<1x512x7x7xf32>) outs(%390 : tensor<1x512x7x7xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x512x7x7xf32>
    %460 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%459, %arg157 : tensor<1x512x7x7xf32>, tensor<2048x512x1x1xf32>) outs(%401 : tensor<1x2048x7x7xf32>) -> tensor<1x2048x7x7xf32>
    %461 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg267 : tensor<2048xf32>) outs(%403 : tensor<2048xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.truncf %cst_1 : f64 to f32
      %480 = arith.addf %in, %479 : f32
      linalg.yield %480 : f32
    } -> tensor<2048xf32>
    %462 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%461 : tensor<2048xf32>) outs(%403 : tensor<2048xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = math.rsqrt %in : f32
      linalg.yield %479 : f32
    } -> tensor<2048xf32>
    %expanded_227 = tensor.expand_shape %arg266 [[0, 1, 2]] output_shape [2048, 1, 1] : tensor<2048xf32> into tensor<2048x1x1xf32>
    %expanded_228 = tensor.expand_shape %462 [[0, 1, 2]] output_shape [2048, 1, 1] : tensor<2048xf32> into tensor<2048x1x1xf32>
    %463 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%460, %expanded_227 : tensor<1x2048x7x7xf32>, tensor<2048x1x1xf32>) outs(%400 : tensor<1x2048x7x7xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.subf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x2048x7x7xf32>
    %464 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%463, %expanded_228 : tensor<1x2048x7x7xf32>, tensor<2048x1x1xf32>) outs(%400 : tensor<1x2048x7x7xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x2048x7x7xf32>
    %expanded_229 = tensor.expand_shape %arg158 [[0, 1, 2]] output_shape [2048, 1, 1] : tensor<2048xf32> into tensor<2048x1x1xf32>
    %465 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%464, %expanded_229 : tensor<1x2048x7x7xf32>, tensor<2048x1x1xf32>) outs(%400 : tensor<1x2048x7x7xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.mulf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x2048x7x7xf32>
    %expanded_230 = tensor.expand_shape %arg159 [[0, 1, 2]] output_shape [2048, 1, 1] : tensor<2048xf32> into tensor<2048x1x1xf32>
    %466 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%465, %expanded_230 : tensor<1x2048x7x7xf32>, tensor<2048x1x1xf32>) outs(%400 : tensor<1x2048x7x7xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x2048x7x7xf32>
    %467 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%466, %443 : tensor<1x2048x7x7xf32>, tensor<1x2048x7x7xf32>) outs(%400 : tensor<1x2048x7x7xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x2048x7x7xf32>
    %468 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%467 : tensor<1x2048x7x7xf32>) outs(%400 : tensor<1x2048x7x7xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.cmpf ugt, %in, %cst : f32
      %480 = arith.select %479, %in, %cst : f32
      linalg.yield %480 : f32
    } -> tensor<1x2048x7x7xf32>
    %469 = tensor.empty() : tensor<1x2048xf32>
    %470 = linalg.fill ins(%cst : f32) outs(%469 : tensor<1x2048xf32>) -> tensor<1x2048xf32>
    %471 = linalg.generic {indexing_maps = [#map1, #map3], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%468 : tensor<1x2048x7x7xf32>) outs(%470 : tensor<1x2048xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.addf %in, %out : f32
      linalg.yield %479 : f32
    } -> tensor<1x2048xf32>
    %472 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%471 : tensor<1x2048xf32>) outs(%469 : tensor<1x2048xf32>) {
    ^bb0(%in: f32, %out: f32):
      %479 = arith.divf %in, %cst_2 : f32
      linalg.yield %479 : f32
    } -> tensor<1x2048xf32>
    %473 = tensor.empty() : tensor<2048x1000xf32>
    %transposed = linalg.transpose ins(%arg160 : tensor<1000x2048xf32>) outs(%473 : tensor<2048x1000xf32>) permutation = [1, 0] 
    %474 = tensor.empty() : tensor<1x1000xf32>
    %475 = linalg.fill ins(%cst : f32) outs(%474 : tensor<1x1000xf32>) -> tensor<1x1000xf32>
    %476 = linalg.matmul ins(%472, %transposed : tensor<1x2048xf32>, tensor<2048x1000xf32>) outs(%475 : tensor<1x1000xf32>) -> tensor<1x1000xf32>
    %477 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg161 : tensor<1000xf32>) outs(%474 : tensor<1x1000xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x1000xf32>
    %478 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%476, %477 : tensor<1x1000xf32>, tensor<1x1000xf32>) outs(%474 : tensor<1x1000xf32>) {
    ^bb0(%in: f32, %in_231: f32, %out: f32):
      %479 = arith.addf %in, %in_231 : f32
      linalg.yield %479 : f32
    } -> tensor<1x1000xf32>
    return %478 : tensor<1x1000xf32>
  }
}
