// A gather the npu leaves to its host (tests/cli/gather.sh, npu_trace.sh):
// a reduction whose body reads a table, an nn.EmbeddingBag sum:
// out[b, :] = sum over s of table[ids[b, s] & 7, :]. The npu's gathering
// DMA serves maps only (a gather that reads one element per result
// element); the cpu's loop engine runs this one.
func.func @bag_sum(%ids: tensor<4x3xi64>, %table: tensor<8x5xf32>) -> tensor<4x5xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x5xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x5xf32>) -> tensor<4x5xf32>
  %c7 = arith.constant 7 : i64
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>],
      iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%ids : tensor<4x3xi64>) outs(%f : tensor<4x5xf32>) {
  ^bb0(%in: i64, %acc: f32):
    %m = arith.andi %in, %c7 : i64
    %i = arith.index_cast %m : i64 to index
    %j = linalg.index 1 : index
    %v = tensor.extract %table[%i, %j] : tensor<8x5xf32>
    %s = arith.addf %acc, %v : f32
    linalg.yield %s : f32
  } -> tensor<4x5xf32>
  return %r : tensor<4x5xf32>
}
