module {
  func.func @vit_patch_embed(%arg0: tensor<2x3x64x64xf32>, %arg1: tensor<192x3x16x16xf32>, %arg2: tensor<192xf32>) -> tensor<2x16x192xf32> {
    %0 = tensor.empty() : tensor<2x192x4x4xf32>
    %broadcasted = linalg.broadcast ins(%arg2 : tensor<192xf32>) outs(%0 : tensor<2x192x4x4xf32>) dimensions = [0, 2, 3] 
    %1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<16> : vector<2xi64>} ins(%arg0, %arg1 : tensor<2x3x64x64xf32>, tensor<192x3x16x16xf32>) outs(%broadcasted : tensor<2x192x4x4xf32>) -> tensor<2x192x4x4xf32>
    %collapsed = tensor.collapse_shape %1 [[0], [1], [2, 3]] : tensor<2x192x4x4xf32> into tensor<2x192x16xf32>
    %2 = tensor.empty() : tensor<2x16x192xf32>
    %transposed = linalg.transpose ins(%collapsed : tensor<2x192x16xf32>) outs(%2 : tensor<2x16x192xf32>) permutation = [0, 2, 1] 
    return %transposed : tensor<2x16x192xf32>
  }
}
