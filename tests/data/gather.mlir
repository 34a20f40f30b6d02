// Gathers: linalg.generic bodies that read a tensor from outside the body
// with tensor.extract (nn.Embedding, torch.flip, index_select as
// torch-mlir writes them). The cpu loop engine runs them (CPU_L_GATHER);
// cli/gather.sh checks each against the reference.
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row3 = affine_map<(d0, d1, d2) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>

// an embedding: out[b, s, :] = table[ids[b, s] & 7, :]
func.func @embed(%ids: tensor<4x6xi64>, %table: tensor<8x40xf32>) -> tensor<4x6x40xf32> {
  %e = tensor.empty() : tensor<4x6x40xf32>
  %c7 = arith.constant 7 : i64
  %r = linalg.generic {indexing_maps = [#row3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%ids : tensor<4x6xi64>) outs(%e : tensor<4x6x40xf32>) {
  ^bb0(%in: i64, %out: f32):
    %m = arith.andi %in, %c7 : i64
    %i = arith.index_cast %m : i64 to index
    %j = linalg.index 2 : index
    %v = tensor.extract %table[%i, %j] : tensor<8x40xf32>
    linalg.yield %v : f32
  } -> tensor<4x6x40xf32>
  return %r : tensor<4x6x40xf32>
}

// the table an intermediate (made by the kernel before), the gathered
// rows scaled in the same body
func.func @from_intermediate(%ids: tensor<5x3xi64>, %t: tensor<8x16xf32>, %s: tensor<5x3x16xf32>) -> tensor<5x3x16xf32> {
  %e8 = tensor.empty() : tensor<8x16xf32>
  %t2 = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%t : tensor<8x16xf32>) outs(%e8 : tensor<8x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %x = math.exp %in : f32
    linalg.yield %x : f32
  } -> tensor<8x16xf32>
  %e = tensor.empty() : tensor<5x3x16xf32>
  %c7 = arith.constant 7 : i64
  %r = linalg.generic {indexing_maps = [#row3, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%ids, %s : tensor<5x3xi64>, tensor<5x3x16xf32>) outs(%e : tensor<5x3x16xf32>) {
  ^bb0(%in: i64, %sc: f32, %out: f32):
    %m = arith.andi %in, %c7 : i64
    %i = arith.index_cast %m : i64 to index
    %j = linalg.index 2 : index
    %v = tensor.extract %t2[%i, %j] : tensor<8x16xf32>
    %y = arith.mulf %v, %sc : f32
    linalg.yield %y : f32
  } -> tensor<5x3x16xf32>
  return %r : tensor<5x3x16xf32>
}

// torch.flip of a bf16 vector: out[i] = x[15 - i]
func.func @flip_bf16(%x: tensor<16xbf16>) -> tensor<16xbf16> {
  %e = tensor.empty() : tensor<16xbf16>
  %c15 = arith.constant 15 : index
  %r = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%e : tensor<16xbf16>) {
  ^bb0(%out: bf16):
    %i = linalg.index 0 : index
    %k = arith.subi %c15, %i : index
    %v = tensor.extract %x[%k] : tensor<16xbf16>
    linalg.yield %v : bf16
  } -> tensor<16xbf16>
  return %r : tensor<16xbf16>
}

// a rank-3 i32 table, every index computed
func.func @rank3_i32(%t: tensor<4x5x6xi32>) -> tensor<6x4x5xi32> {
  %e = tensor.empty() : tensor<6x4x5xi32>
  %r = linalg.generic {indexing_maps = [#id3], iterator_types = ["parallel", "parallel", "parallel"]} outs(%e : tensor<6x4x5xi32>) {
  ^bb0(%out: i32):
    %a = linalg.index 0 : index
    %b = linalg.index 1 : index
    %c = linalg.index 2 : index
    %v = tensor.extract %t[%b, %c, %a] : tensor<4x5x6xi32>
    linalg.yield %v : i32
  } -> tensor<6x4x5xi32>
  return %r : tensor<6x4x5xi32>
}

// an index out of the table: row ids[i] + 5 of 8 rows
func.func @out_of_bounds(%ids: tensor<4xi64>, %table: tensor<8x2xf32>) -> tensor<4x2xf32> {
  %e = tensor.empty() : tensor<4x2xf32>
  %c7 = arith.constant 7 : i64
  %c5 = arith.constant 5 : i64
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%ids : tensor<4xi64>) outs(%e : tensor<4x2xf32>) {
  ^bb0(%in: i64, %out: f32):
    %m = arith.andi %in, %c7 : i64
    %p = arith.addi %m, %c5 : i64
    %i = arith.index_cast %p : i64 to index
    %j = linalg.index 1 : index
    %v = tensor.extract %table[%i, %j] : tensor<8x2xf32>
    linalg.yield %v : f32
  } -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}

// nearest upsampling by 2 of a rank-4 tensor: out[n, c, h, w] = x[n, c, h / 2, w / 2]
func.func @upsample_rank4(%x: tensor<2x3x4x5xf32>) -> tensor<2x3x8x10xf32> {
  %e = tensor.empty() : tensor<2x3x8x10xf32>
  %c2 = arith.constant 2 : index
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%e : tensor<2x3x8x10xf32>) {
  ^bb0(%out: f32):
    %n = linalg.index 0 : index
    %c = linalg.index 1 : index
    %h = linalg.index 2 : index
    %w = linalg.index 3 : index
    %h2 = arith.divui %h, %c2 : index
    %w2 = arith.divui %w, %c2 : index
    %v = tensor.extract %x[%n, %c, %h2, %w2] : tensor<2x3x4x5xf32>
    linalg.yield %v : f32
  } -> tensor<2x3x8x10xf32>
  return %r : tensor<2x3x8x10xf32>
}
