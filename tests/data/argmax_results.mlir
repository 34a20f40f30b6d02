// A two-result linalg.generic (torch's max with its argmax) whose results
// are both used: the index is returned and also read by a later kernel (as
// f32, added to the max), the max is returned. Regression: only the first
// result of such an op had storage on cpu and npu; the index read as zeros.
// The reduced axis is the last one (row argmax) in @rows and the first one
// in @cols, so the op's two results have different layouts than its input.
#in = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col_in = affine_map<(d0, d1) -> (d1, d0)>
#id = affine_map<(d0) -> (d0)>
module {
  func.func @rows(%x: tensor<6x20xf32>) -> (tensor<6xi64>, tensor<6xf32>, tensor<6xf32>) {
    %c0_i64 = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %e0 = tensor.empty() : tensor<6xi64>
    %i0 = linalg.fill ins(%c0_i64 : i64) outs(%e0 : tensor<6xi64>) -> tensor<6xi64>
    %e1 = tensor.empty() : tensor<6xf32>
    %m0 = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<6xf32>) -> tensor<6xf32>
    %r:2 = linalg.generic {indexing_maps = [#in, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<6x20xf32>) outs(%m0, %i0 : tensor<6xf32>, tensor<6xi64>) {
    ^bb0(%in: f32, %out: f32, %out_0: i64):
      %j = linalg.index 1 : index
      %ji = arith.index_cast %j : index to i64
      %mx = arith.maximumf %in, %out : f32
      %gt = arith.cmpf ogt, %in, %out : f32
      %sel = arith.select %gt, %ji, %out_0 : i64
      linalg.yield %mx, %sel : f32, i64
    } -> (tensor<6xf32>, tensor<6xi64>)
    %e2 = tensor.empty() : tensor<6xf32>
    %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%r#1, %r#0 : tensor<6xi64>, tensor<6xf32>) outs(%e2 : tensor<6xf32>) {
    ^bb0(%a: i64, %b: f32, %o: f32):
      %af = arith.sitofp %a : i64 to f32
      %sum = arith.addf %af, %b : f32
      linalg.yield %sum : f32
    } -> tensor<6xf32>
    return %r#1, %r#0, %s : tensor<6xi64>, tensor<6xf32>, tensor<6xf32>
  }
  func.func @cols(%x: tensor<20x6xf32>) -> tensor<6xi32> {
    %c0_i32 = arith.constant 0 : i32
    %ninf = arith.constant 0xFF800000 : f32
    %e0 = tensor.empty() : tensor<6xi32>
    %i0 = linalg.fill ins(%c0_i32 : i32) outs(%e0 : tensor<6xi32>) -> tensor<6xi32>
    %e1 = tensor.empty() : tensor<6xf32>
    %m0 = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<6xf32>) -> tensor<6xf32>
    %r:2 = linalg.generic {indexing_maps = [#col_in, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<20x6xf32>) outs(%m0, %i0 : tensor<6xf32>, tensor<6xi32>) {
    ^bb0(%in: f32, %out: f32, %out_0: i32):
      %j = linalg.index 1 : index
      %ji = arith.index_cast %j : index to i32
      %mx = arith.maximumf %in, %out : f32
      %gt = arith.cmpf ogt, %in, %out : f32
      %sel = arith.select %gt, %ji, %out_0 : i32
      linalg.yield %mx, %sel : f32, i32
    } -> (tensor<6xf32>, tensor<6xi32>)
    return %r#1 : tensor<6xi32>
  }
}
