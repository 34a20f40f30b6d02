// Every named linalg op spadc imports, for the generalization test: the same
// file after `mlir-opt-22 --linalg-generalize-named-ops` must compute the
// same bits on the reference interpreter.
func.func @named(%a: tensor<4x8xf32>, %b: tensor<8x6xf32>, %bt: tensor<6x8xf32>, %ba: tensor<3x4x8xf32>,
                 %bb: tensor<3x8x6xf32>, %h: tensor<4x8xbf16>, %hb: tensor<8x6xbf16>, %i: tensor<4x8xi32>,
                 %v: tensor<8xf32>)
    -> (tensor<4x6xf32>, tensor<4x6xf32>, tensor<3x4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<8x4xf32>,
        tensor<5x4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xi32>, tensor<4xf32>,
        tensor<4x8xf32>, tensor<4x8xf32>) {
  %z = arith.constant 0.5 : f32
  %e46 = tensor.empty() : tensor<4x6xf32>
  %f = linalg.fill ins(%z : f32) outs(%e46 : tensor<4x6xf32>) -> tensor<4x6xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x6xf32>) outs(%f : tensor<4x6xf32>) -> tensor<4x6xf32>
  %mt = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>,
                                       affine_map<(m, n, k) -> (m, n)>]
        ins(%a, %bt : tensor<4x8xf32>, tensor<6x8xf32>) outs(%f : tensor<4x6xf32>) -> tensor<4x6xf32>
  %e346 = tensor.empty() : tensor<3x4x6xf32>
  %bm = linalg.batch_matmul ins(%ba, %bb : tensor<3x4x8xf32>, tensor<3x8x6xf32>) outs(%e346 : tensor<3x4x6xf32>) -> tensor<3x4x6xf32>
  %brm = linalg.batch_reduce_matmul ins(%ba, %bb : tensor<3x4x8xf32>, tensor<3x8x6xf32>) outs(%f : tensor<4x6xf32>) -> tensor<4x6xf32>
  %hm = linalg.matmul ins(%h, %hb : tensor<4x8xbf16>, tensor<8x6xbf16>) outs(%f : tensor<4x6xf32>) -> tensor<4x6xf32>
  %e84 = tensor.empty() : tensor<8x4xf32>
  %tr = linalg.transpose ins(%a : tensor<4x8xf32>) outs(%e84 : tensor<8x4xf32>) permutation = [1, 0]
  %e548 = tensor.empty() : tensor<5x4x8xf32>
  %bc = linalg.broadcast ins(%a : tensor<4x8xf32>) outs(%e548 : tensor<5x4x8xf32>) dimensions = [0]
  %e48 = tensor.empty() : tensor<4x8xf32>
  %ex = linalg.exp ins(%a : tensor<4x8xf32>) outs(%e48 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %ad = linalg.add ins(%a, %ex : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e48 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %mx = linalg.max ins(%a, %ad : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e48 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %ei = tensor.empty() : tensor<4x8xi32>
  %mi = linalg.max ins(%i, %i : tensor<4x8xi32>, tensor<4x8xi32>) outs(%ei : tensor<4x8xi32>) -> tensor<4x8xi32>
  %e4 = tensor.empty() : tensor<4xf32>
  %rd = linalg.reduce { arith.addf } ins(%a : tensor<4x8xf32>) outs(%e4 : tensor<4xf32>) dimensions = [1]
  %mp = linalg.map { arith.mulf } ins(%a, %ad : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e48 : tensor<4x8xf32>)
  %ew = linalg.elementwise kind=#linalg.elementwise_kind<sub> ins(%mp, %a : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e48 : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %mm, %mt, %bm, %brm, %hm, %tr, %bc, %ex, %ad, %mx, %mi, %rd, %mp, %ew
    : tensor<4x6xf32>, tensor<4x6xf32>, tensor<3x4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<8x4xf32>,
      tensor<5x4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xi32>, tensor<4xf32>,
      tensor<4x8xf32>, tensor<4x8xf32>
}
