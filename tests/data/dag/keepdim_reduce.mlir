// Reductions that keep their reduced dimensions (torch's keepdim=True) write
// them through a constant 0 in the output map; their fill init is absorbed
// and an epilogue reading a full-shape operand fuses, as with the rank-
// dropping spelling. A row max and a column sum of one input, then their sum
// broadcast back over the input (a fan-out that rejoins).
#x = affine_map<(d0, d1) -> (d0, d1)>
#rowk = affine_map<(d0, d1) -> (d0, 0)>
#colk = affine_map<(d0, d1) -> (0, d1)>
func.func @f(%x: tensor<8x16xf32>, %r: tensor<8x1xf32>) -> (tensor<8x1xf32>, tensor<8x16xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %e81 = tensor.empty() : tensor<8x1xf32>
  %f81 = linalg.fill ins(%ninf : f32) outs(%e81 : tensor<8x1xf32>) -> tensor<8x1xf32>
  %rmax = linalg.generic {indexing_maps = [#x, #rowk], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<8x16xf32>) outs(%f81 : tensor<8x1xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %m = arith.maximumf %a, %acc : f32
    linalg.yield %m : f32
  } -> tensor<8x1xf32>
  %y = linalg.generic {indexing_maps = [#x, #x, #x], iterator_types = ["parallel", "parallel"]} ins(%rmax, %r : tensor<8x1xf32>, tensor<8x1xf32>) outs(%e81 : tensor<8x1xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<8x1xf32>
  %e116 = tensor.empty() : tensor<1x16xf32>
  %f116 = linalg.fill ins(%zero : f32) outs(%e116 : tensor<1x16xf32>) -> tensor<1x16xf32>
  %csum = linalg.generic {indexing_maps = [#x, #colk], iterator_types = ["reduction", "parallel"]} ins(%x : tensor<8x16xf32>) outs(%f116 : tensor<1x16xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  } -> tensor<1x16xf32>
  %e816 = tensor.empty() : tensor<8x16xf32>
  %z = linalg.generic {indexing_maps = [#x, #rowk, #colk, #x], iterator_types = ["parallel", "parallel"]} ins(%x, %y, %csum : tensor<8x16xf32>, tensor<8x1xf32>, tensor<1x16xf32>) outs(%e816 : tensor<8x16xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32, %o: f32):
    %s = arith.subf %a, %b : f32
    %t = arith.addf %s, %c : f32
    linalg.yield %t : f32
  } -> tensor<8x16xf32>
  return %y, %z : tensor<8x1xf32>, tensor<8x16xf32>
}
