// bert_ffn_block.mlir at a quarter of its size (test_api under the sanitizers:
// SPADC_TEST_SCALE < 1): y = relu(x W1 + b1) W2 + b2 + x, 128x768x192 and back.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
module {
  func.func @ffn(%x: tensor<128x192xf32>, %w1: tensor<192x768xf32>, %b1: tensor<768xf32>,
                 %w2: tensor<768x192xf32>, %b2: tensor<192xf32>) -> tensor<128x192xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<128x768xf32>
    %z1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<128x768xf32>) -> tensor<128x768xf32>
    %h = linalg.matmul ins(%x, %w1 : tensor<128x192xf32>, tensor<192x768xf32>) outs(%z1 : tensor<128x768xf32>) -> tensor<128x768xf32>
    %a = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
        ins(%h, %b1 : tensor<128x768xf32>, tensor<768xf32>) outs(%e1 : tensor<128x768xf32>) {
    ^bb0(%p: f32, %q: f32, %o: f32):
      %s = arith.addf %p, %q : f32
      %r = arith.maximumf %s, %zero : f32
      linalg.yield %r : f32
    } -> tensor<128x768xf32>
    %e2 = tensor.empty() : tensor<128x192xf32>
    %z2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<128x192xf32>) -> tensor<128x192xf32>
    %y = linalg.matmul ins(%a, %w2 : tensor<128x768xf32>, tensor<768x192xf32>) outs(%z2 : tensor<128x192xf32>) -> tensor<128x192xf32>
    %out = linalg.generic {indexing_maps = [#id, #row, #id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%y, %b2, %x : tensor<128x192xf32>, tensor<192xf32>, tensor<128x192xf32>) outs(%e2 : tensor<128x192xf32>) {
    ^bb0(%p: f32, %q: f32, %r: f32, %o: f32):
      %s = arith.addf %p, %q : f32
      %t = arith.addf %s, %r : f32
      linalg.yield %t : f32
    } -> tensor<128x192xf32>
    return %out : tensor<128x192xf32>
  }
}
