// Maps whose bodies read their loop indices (linalg.index), for the npu's
// iota (NV_IDX, a VEC carrying the tile's loop indices): cli/npu_iota.sh
// runs each on the npu, on PyTorchSim's 8x8 file with a small budget (many
// tiles), --check against the reference, bit for bit.
// @ramp3: x + (100 i + 10 j + k) over 3 loops, in f32.
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @ramp3(%x: tensor<5x37x130xf32>) -> tensor<5x37x130xf32> {
  %e = tensor.empty() : tensor<5x37x130xf32>
  %r = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x : tensor<5x37x130xf32>) outs(%e : tensor<5x37x130xf32>) {
  ^bb0(%a: f32, %o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = linalg.index 2 : index
    %c100 = arith.constant 100 : index
    %c10 = arith.constant 10 : index
    %i1 = arith.muli %i, %c100 : index
    %j1 = arith.muli %j, %c10 : index
    %s = arith.addi %i1, %j1 : index
    %t = arith.addi %s, %k : index
    %ti = arith.index_cast %t : index to i64
    %tf = arith.sitofp %ti : i64 to f32
    %y = arith.addf %a, %tf : f32
    linalg.yield %y : f32
  } -> tensor<5x37x130xf32>
  return %r : tensor<5x37x130xf32>
}
// @triu: the upper triangle of x kept, the rest 0 (a causal mask as index
// arithmetic), in i32.
func.func @triu(%x: tensor<70x90xi32>) -> tensor<70x90xi32> {
  %e = tensor.empty() : tensor<70x90xi32>
  %z = arith.constant 0 : i32
  %r = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<70x90xi32>) outs(%e : tensor<70x90xi32>) {
  ^bb0(%a: i32, %o: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %keep = arith.cmpi ule, %i, %j : index
    %y = arith.select %keep, %a, %z : i32
    linalg.yield %y : i32
  } -> tensor<70x90xi32>
  return %r : tensor<70x90xi32>
}
// @build: tensor.from_elements of scalars, which canonicalize turns into a
// generic selecting operand i at element i, added to x.
func.func @build(%a: f32, %b: f32, %x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %c = tensor.from_elements %a, %b, %b, %a, %a, %b : tensor<2x3xf32>
  %e = tensor.empty() : tensor<2x3xf32>
  %r = linalg.add ins(%x, %c : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
