// ELU after a GEMM + bias: three elementwise branches of one GEMM result that rejoin
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @f(%x: tensor<16x32xf32>, %w: tensor<32x24xf32>, %b: tensor<24xf32>) -> tensor<16x24xf32> {
  %z = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %alpha = arith.constant 1.5 : f32
  %e = tensor.empty() : tensor<16x24xf32>
  %f0 = linalg.fill ins(%z : f32) outs(%e : tensor<16x24xf32>) -> tensor<16x24xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<16x32xf32>, tensor<32x24xf32>) outs(%f0 : tensor<16x24xf32>) -> tensor<16x24xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%mm, %b : tensor<16x24xf32>, tensor<24xf32>) outs(%e : tensor<16x24xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  } -> tensor<16x24xf32>
  %pos = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%y : tensor<16x24xf32>) outs(%e : tensor<16x24xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.maximumf %a, %z : f32
    linalg.yield %s : f32
  } -> tensor<16x24xf32>
  %ex = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%y : tensor<16x24xf32>) outs(%e : tensor<16x24xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.minimumf %a, %z : f32
    %x1 = math.exp %m : f32
    %x2 = arith.subf %x1, %one : f32
    linalg.yield %x2 : f32
  } -> tensor<16x24xf32>
  %neg = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%ex : tensor<16x24xf32>) outs(%e : tensor<16x24xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.mulf %a, %alpha : f32
    linalg.yield %s : f32
  } -> tensor<16x24xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%pos, %neg : tensor<16x24xf32>, tensor<16x24xf32>) outs(%e : tensor<16x24xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  } -> tensor<16x24xf32>
  return %r : tensor<16x24xf32>
}
