module {
  func.func @conv_64x14x14x256x256x3x1x1_nhwc(%arg0: tensor<64x14x14x256xf32>, %arg1: tensor<256x3x3x256xf32>) -> tensor<64x14x14x256xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<64x256x14x14xf32>
    %transposed = linalg.transpose ins(%arg0 : tensor<64x14x14x256xf32>) outs(%0 : tensor<64x256x14x14xf32>) permutation = [0, 3, 1, 2] 
    %1 = tensor.empty() : tensor<256x256x3x3xf32>
    %transposed_0 = linalg.transpose ins(%arg1 : tensor<256x3x3x256xf32>) outs(%1 : tensor<256x256x3x3xf32>) permutation = [0, 3, 1, 2] 
    %padded = tensor.pad %transposed low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg2: index, %arg3: index, %arg4: index, %arg5: index):
      tensor.yield %cst : f32
    } : tensor<64x256x14x14xf32> to tensor<64x256x16x16xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%0 : tensor<64x256x14x14xf32>) -> tensor<64x256x14x14xf32>
    %3 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %transposed_0 : tensor<64x256x16x16xf32>, tensor<256x256x3x3xf32>) outs(%2 : tensor<64x256x14x14xf32>) -> tensor<64x256x14x14xf32>
    %4 = tensor.empty() : tensor<64x14x14x256xf32>
    %transposed_1 = linalg.transpose ins(%3 : tensor<64x256x14x14xf32>) outs(%4 : tensor<64x14x14x256xf32>) permutation = [0, 2, 3, 1] 
    return %transposed_1 : tensor<64x14x14x256xf32>
  }
}
