// GEMMs whose results the program reads back transposed (tests/cli/gemm_transposed.sh):
// the elementwise ops after the transpose run over the reshape's groups
// (canon_reshape.c collapse_permuted), fuse into the GEMM, and the GEMM
// runs as C^T = B^T A^T (cpu/lower.c gemm_swap). Sizes are not multiples of
// the microkernels' tiles (6x16, 6x64), so every edge tile runs.
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#b2 = affine_map<(d0, d1) -> (d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#g4 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
#ma = affine_map<(d0, d1, d2) -> (d0, d2)>
#mb = affine_map<(d0, d1, d2) -> (d2, d1)>
#mct = affine_map<(d0, d1, d2) -> (d1, d0)>

// ConvNeXt's MLP tail in small: [H*W x K] x [K x C] + bias, back to NCHW
// (expand_shape, then transpose), times a layer scale [C,1,1], plus the
// block's input: one kernel, the GEMM transposed
func.func @mlp_back_nchw(%h: tensor<35x24xf32>, %w: tensor<24x20xf32>, %bias: tensor<20xf32>,
                         %g: tensor<20x1x1xf32>, %x: tensor<1x20x5x7xf32>) -> tensor<1x20x5x7xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<35x20xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<35x20xf32>) -> tensor<35x20xf32>
  %m = linalg.matmul ins(%h, %w : tensor<35x24xf32>, tensor<24x20xf32>) outs(%f : tensor<35x20xf32>) -> tensor<35x20xf32>
  %b = linalg.generic {indexing_maps = [#id2, #b2, #id2], iterator_types = ["parallel", "parallel"]}
       ins(%m, %bias : tensor<35x20xf32>, tensor<20xf32>) outs(%e : tensor<35x20xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  } -> tensor<35x20xf32>
  %ex = tensor.expand_shape %b [[0, 1, 2], [3]] output_shape [1, 5, 7, 20] : tensor<35x20xf32> into tensor<1x5x7x20xf32>
  %e4 = tensor.empty() : tensor<1x20x5x7xf32>
  %t = linalg.transpose ins(%ex : tensor<1x5x7x20xf32>) outs(%e4 : tensor<1x20x5x7xf32>) permutation = [0, 3, 1, 2]
  %s1 = linalg.generic {indexing_maps = [#g4, #id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%g, %t : tensor<20x1x1xf32>, tensor<1x20x5x7xf32>) outs(%e4 : tensor<1x20x5x7xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.mulf %a, %c : f32
    linalg.yield %s : f32
  } -> tensor<1x20x5x7xf32>
  %s2 = linalg.generic {indexing_maps = [#id4, #id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%s1, %x : tensor<1x20x5x7xf32>, tensor<1x20x5x7xf32>) outs(%e4 : tensor<1x20x5x7xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  } -> tensor<1x20x5x7xf32>
  return %s2 : tensor<1x20x5x7xf32>
}

// a GEMM that writes its result column-major itself (C^T through its output
// map), with a ReLU: transposed, no transpose of its own to fold
func.func @col_major(%a: tensor<13x9xf32>, %b: tensor<9x37xf32>) -> tensor<37x13xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<37x13xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<37x13xf32>) -> tensor<37x13xf32>
  %c = linalg.generic {indexing_maps = [#ma, #mb, #mct], iterator_types = ["parallel", "parallel", "reduction"]}
       ins(%a, %b : tensor<13x9xf32>, tensor<9x37xf32>) outs(%f : tensor<37x13xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<37x13xf32>
  %r = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
       ins(%c : tensor<37x13xf32>) outs(%e : tensor<37x13xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.maximumf %x, %z : f32
    linalg.yield %s : f32
  } -> tensor<37x13xf32>
  return %r : tensor<37x13xf32>
}

// unit dims inside the groups the transpose moves (a group of one non-unit
// dim would fold into a map of the GEMM's result instead): the unit dim
// between a group's dims joins their run; the one after every other loop
// joins the last run. Each still one GEMM, transposed.
func.func @unit_inner(%a: tensor<6x5xf32>, %b: tensor<5x12xf32>, %y: tensor<3x1x4x6xf32>) -> tensor<3x1x4x6xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6x12xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<6x12xf32>) -> tensor<6x12xf32>
  %m = linalg.matmul ins(%a, %b : tensor<6x5xf32>, tensor<5x12xf32>) outs(%f : tensor<6x12xf32>) -> tensor<6x12xf32>
  %ex = tensor.expand_shape %m [[0], [1, 2, 3]] output_shape [6, 3, 1, 4] : tensor<6x12xf32> into tensor<6x3x1x4xf32>
  %e4 = tensor.empty() : tensor<3x1x4x6xf32>
  %t = linalg.transpose ins(%ex : tensor<6x3x1x4xf32>) outs(%e4 : tensor<3x1x4x6xf32>) permutation = [1, 2, 3, 0]
  %s = linalg.generic {indexing_maps = [#id4, #id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%t, %y : tensor<3x1x4x6xf32>, tensor<3x1x4x6xf32>) outs(%e4 : tensor<3x1x4x6xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %r = arith.subf %p, %q : f32
    linalg.yield %r : f32
  } -> tensor<3x1x4x6xf32>
  return %s : tensor<3x1x4x6xf32>
}

func.func @unit_last(%a: tensor<12x7xf32>, %b: tensor<7x5xf32>, %y: tensor<5x3x4x1xf32>) -> tensor<5x3x4x1xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<12x5xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<12x5xf32>) -> tensor<12x5xf32>
  %m = linalg.matmul ins(%a, %b : tensor<12x7xf32>, tensor<7x5xf32>) outs(%f : tensor<12x5xf32>) -> tensor<12x5xf32>
  %ex = tensor.expand_shape %m [[0, 1, 2], [3]] output_shape [3, 4, 1, 5] : tensor<12x5xf32> into tensor<3x4x1x5xf32>
  %e4 = tensor.empty() : tensor<5x3x4x1xf32>
  %t = linalg.transpose ins(%ex : tensor<3x4x1x5xf32>) outs(%e4 : tensor<5x3x4x1xf32>) permutation = [3, 0, 1, 2]
  %s = linalg.generic {indexing_maps = [#id4, #id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%t, %y : tensor<5x3x4x1xf32>, tensor<5x3x4x1xf32>) outs(%e4 : tensor<5x3x4x1xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %r = arith.mulf %p, %q : f32
    linalg.yield %r : f32
  } -> tensor<5x3x4x1xf32>
  return %s : tensor<5x3x4x1xf32>
}

// a transpose that splits a group (the expand's 3x4 read as 4x3): no run of
// loops reads it whole, so the op stays a loop kernel reading the GEMM's
// result through the transpose (and is still right)
func.func @split_group(%a: tensor<12x7xf32>, %b: tensor<7x5xf32>, %y: tensor<4x3x5xf32>) -> tensor<4x3x5xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<12x5xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<12x5xf32>) -> tensor<12x5xf32>
  %m = linalg.matmul ins(%a, %b : tensor<12x7xf32>, tensor<7x5xf32>) outs(%f : tensor<12x5xf32>) -> tensor<12x5xf32>
  %ex = tensor.expand_shape %m [[0, 1], [2]] output_shape [3, 4, 5] : tensor<12x5xf32> into tensor<3x4x5xf32>
  %e3 = tensor.empty() : tensor<4x3x5xf32>
  %t = linalg.transpose ins(%ex : tensor<3x4x5xf32>) outs(%e3 : tensor<4x3x5xf32>) permutation = [1, 0, 2]
  %s = linalg.generic {indexing_maps = [#id3, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
       ins(%t, %y : tensor<4x3x5xf32>, tensor<4x3x5xf32>) outs(%e3 : tensor<4x3x5xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %r = arith.addf %p, %q : f32
    linalg.yield %r : f32
  } -> tensor<4x3x5xf32>
  return %s : tensor<4x3x5xf32>
}

// a transpose that is only a copy (ViT's K^T: heads split off a slice of the
// QKV GEMM, then permuted) is not collapsed: it folds into the batch
// matmul's map, which reads the GEMM's result in place (two kernels)
func.func @copy_folds(%x: tensor<6x5xf32>, %w: tensor<5x16xf32>, %q: tensor<2x3x4xf32>) -> tensor<2x3x6xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<6x16xf32>) -> tensor<6x16xf32>
  %m = linalg.matmul ins(%x, %w : tensor<6x5xf32>, tensor<5x16xf32>) outs(%f : tensor<6x16xf32>) -> tensor<6x16xf32>
  %k = tensor.extract_slice %m[0, 8] [6, 8] [1, 1] : tensor<6x16xf32> to tensor<6x8xf32>
  %ex = tensor.expand_shape %k [[0], [1, 2]] output_shape [6, 2, 4] : tensor<6x8xf32> into tensor<6x2x4xf32>
  %et = tensor.empty() : tensor<2x4x6xf32>
  %kt = linalg.transpose ins(%ex : tensor<6x2x4xf32>) outs(%et : tensor<2x4x6xf32>) permutation = [1, 2, 0]
  %eo = tensor.empty() : tensor<2x3x6xf32>
  %fo = linalg.fill ins(%z : f32) outs(%eo : tensor<2x3x6xf32>) -> tensor<2x3x6xf32>
  %s = linalg.batch_matmul ins(%q, %kt : tensor<2x3x4xf32>, tensor<2x4x6xf32>) outs(%fo : tensor<2x3x6xf32>) -> tensor<2x3x6xf32>
  return %s : tensor<2x3x6xf32>
}
