// Attention as torch-mlir spells it (tests/cli/attention.sh): a
// batch_matmul with a transposed K, a scale and an additive mask, the four
// generics of softmax's decomposition (max, sub+exp, sum, div) and a second
// batch_matmul. @attn fuses into one kernel (passes/attention.c); @attn_long
// has 6000 keys, more than one tile of them fits the L2 budget, so the
// online softmax runs over several K/V tiles; @scores_returned returns the
// scores as well, so they must be stored and nothing fuses. @causal_safe
// masks keys j > i and every key of row 3 with -inf and uses torch's safe
// softmax (nn.MultiheadAttention's: P = 0 where a row is all -inf);
// @causal_nan the same mask with the plain softmax, NaN in row 3 as the
// reference has it. (Both return the mask too, so that it is a tensor of
// its own, as torch's causal buffer is, and not computed in the scores'
// epilogue from indices, which the cpu's epilogue programs do not take.)
// @attn_512 is BERT's s512 head in small (512 keys of 64): the whole
// head's K^T and V fill 256 KB, yet the tile takes the most rows.
// @leftpad_long masks the first 3000 of 6000 keys with -inf: the first
// key tiles of every row hold no finite score (the online softmax must
// not compute e^{-inf + inf} there).
// @attn_bf16 and @attn_bf16_long are @attn and @attn_long in bf16 as
// torch-mlir writes them for a bf16 model: Q K^T summed in f32 and
// rounded to bf16, the scale and the mask in bf16, the softmax in f32 on
// the widened scores (the max with torch's argmax output), P = truncf(E /
// l), P V summed in f32 and rounded to bf16 (tools/attention_bf16.py
// writes them); @attn_bf16_odd has an odd d (15) and odd keys (71), the
// last of each bf16 pair alone.
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row3 = affine_map<(d0, d1, d2) -> (d0, d1)>
#rowk = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#mask = affine_map<(d0, d1, d2) -> (d2)>
func.func @attn(%q: tensor<2x40x16xf32>, %k: tensor<2x70x16xf32>, %v: tensor<2x70x24xf32>, %mask: tensor<70xf32>) -> tensor<2x40x24xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant 4.0 : f32
  %ekt = tensor.empty() : tensor<2x16x70xf32>
  %kt = linalg.transpose ins(%k : tensor<2x70x16xf32>) outs(%ekt : tensor<2x16x70xf32>) permutation = [0, 2, 1]
  %es = tensor.empty() : tensor<2x40x70xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%es : tensor<2x40x70xf32>) -> tensor<2x40x70xf32>
  %s0 = linalg.batch_matmul ins(%q, %kt : tensor<2x40x16xf32>, tensor<2x16x70xf32>) outs(%fs : tensor<2x40x70xf32>) -> tensor<2x40x70xf32>
  %s = linalg.generic {indexing_maps = [#id3, #mask, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s0, %mask : tensor<2x40x70xf32>, tensor<70xf32>) outs(%es : tensor<2x40x70xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %x = arith.divf %a, %scale : f32
    %y = arith.addf %x, %m : f32
    linalg.yield %y : f32
  } -> tensor<2x40x70xf32>
  %em = tensor.empty() : tensor<2x40xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%em : tensor<2x40xf32>) -> tensor<2x40xf32>
  %mx = linalg.generic {indexing_maps = [#id3, #row3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%s : tensor<2x40x70xf32>) outs(%fm : tensor<2x40xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.maximumf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<2x40xf32>
  %e = linalg.generic {indexing_maps = [#id3, #row3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s, %mx : tensor<2x40x70xf32>, tensor<2x40xf32>) outs(%es : tensor<2x40x70xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    %x = math.exp %d : f32
    linalg.yield %x : f32
  } -> tensor<2x40x70xf32>
  %el = tensor.empty() : tensor<2x40x1xf32>
  %fl = linalg.fill ins(%zero : f32) outs(%el : tensor<2x40x1xf32>) -> tensor<2x40x1xf32>
  %l = linalg.generic {indexing_maps = [#id3, #rowk], iterator_types = ["parallel", "parallel", "reduction"]} ins(%e : tensor<2x40x70xf32>) outs(%fl : tensor<2x40x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<2x40x1xf32>
  %p = linalg.generic {indexing_maps = [#id3, #rowk, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%e, %l : tensor<2x40x70xf32>, tensor<2x40x1xf32>) outs(%es : tensor<2x40x70xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.divf %a, %b : f32
    linalg.yield %d : f32
  } -> tensor<2x40x70xf32>
  %eo = tensor.empty() : tensor<2x40x24xf32>
  %fo = linalg.fill ins(%zero : f32) outs(%eo : tensor<2x40x24xf32>) -> tensor<2x40x24xf32>
  %o = linalg.batch_matmul ins(%p, %v : tensor<2x40x70xf32>, tensor<2x70x24xf32>) outs(%fo : tensor<2x40x24xf32>) -> tensor<2x40x24xf32>
  return %o : tensor<2x40x24xf32>
}

func.func @attn_long(%q: tensor<1x6x16xf32>, %k: tensor<1x6000x16xf32>, %v: tensor<1x6000x8xf32>, %mask: tensor<6000xf32>) -> tensor<1x6x8xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant 4.0 : f32
  %ekt = tensor.empty() : tensor<1x16x6000xf32>
  %kt = linalg.transpose ins(%k : tensor<1x6000x16xf32>) outs(%ekt : tensor<1x16x6000xf32>) permutation = [0, 2, 1]
  %es = tensor.empty() : tensor<1x6x6000xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%es : tensor<1x6x6000xf32>) -> tensor<1x6x6000xf32>
  %s0 = linalg.batch_matmul ins(%q, %kt : tensor<1x6x16xf32>, tensor<1x16x6000xf32>) outs(%fs : tensor<1x6x6000xf32>) -> tensor<1x6x6000xf32>
  %s = linalg.generic {indexing_maps = [#id3, #mask, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s0, %mask : tensor<1x6x6000xf32>, tensor<6000xf32>) outs(%es : tensor<1x6x6000xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %x = arith.divf %a, %scale : f32
    %y = arith.addf %x, %m : f32
    linalg.yield %y : f32
  } -> tensor<1x6x6000xf32>
  %em = tensor.empty() : tensor<1x6xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%em : tensor<1x6xf32>) -> tensor<1x6xf32>
  %mx = linalg.generic {indexing_maps = [#id3, #row3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%s : tensor<1x6x6000xf32>) outs(%fm : tensor<1x6xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.maximumf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<1x6xf32>
  %e = linalg.generic {indexing_maps = [#id3, #row3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s, %mx : tensor<1x6x6000xf32>, tensor<1x6xf32>) outs(%es : tensor<1x6x6000xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    %x = math.exp %d : f32
    linalg.yield %x : f32
  } -> tensor<1x6x6000xf32>
  %el = tensor.empty() : tensor<1x6x1xf32>
  %fl = linalg.fill ins(%zero : f32) outs(%el : tensor<1x6x1xf32>) -> tensor<1x6x1xf32>
  %l = linalg.generic {indexing_maps = [#id3, #rowk], iterator_types = ["parallel", "parallel", "reduction"]} ins(%e : tensor<1x6x6000xf32>) outs(%fl : tensor<1x6x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<1x6x1xf32>
  %p = linalg.generic {indexing_maps = [#id3, #rowk, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%e, %l : tensor<1x6x6000xf32>, tensor<1x6x1xf32>) outs(%es : tensor<1x6x6000xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.divf %a, %b : f32
    linalg.yield %d : f32
  } -> tensor<1x6x6000xf32>
  %eo = tensor.empty() : tensor<1x6x8xf32>
  %fo = linalg.fill ins(%zero : f32) outs(%eo : tensor<1x6x8xf32>) -> tensor<1x6x8xf32>
  %o = linalg.batch_matmul ins(%p, %v : tensor<1x6x6000xf32>, tensor<1x6000x8xf32>) outs(%fo : tensor<1x6x8xf32>) -> tensor<1x6x8xf32>
  return %o : tensor<1x6x8xf32>
}

func.func @scores_returned(%q: tensor<2x40x16xf32>, %k: tensor<2x70x16xf32>, %v: tensor<2x70x24xf32>, %mask: tensor<70xf32>) -> (tensor<2x40x24xf32>, tensor<2x40x70xf32>) {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant 4.0 : f32
  %ekt = tensor.empty() : tensor<2x16x70xf32>
  %kt = linalg.transpose ins(%k : tensor<2x70x16xf32>) outs(%ekt : tensor<2x16x70xf32>) permutation = [0, 2, 1]
  %es = tensor.empty() : tensor<2x40x70xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%es : tensor<2x40x70xf32>) -> tensor<2x40x70xf32>
  %s0 = linalg.batch_matmul ins(%q, %kt : tensor<2x40x16xf32>, tensor<2x16x70xf32>) outs(%fs : tensor<2x40x70xf32>) -> tensor<2x40x70xf32>
  %s = linalg.generic {indexing_maps = [#id3, #mask, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s0, %mask : tensor<2x40x70xf32>, tensor<70xf32>) outs(%es : tensor<2x40x70xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %x = arith.divf %a, %scale : f32
    %y = arith.addf %x, %m : f32
    linalg.yield %y : f32
  } -> tensor<2x40x70xf32>
  %em = tensor.empty() : tensor<2x40xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%em : tensor<2x40xf32>) -> tensor<2x40xf32>
  %mx = linalg.generic {indexing_maps = [#id3, #row3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%s : tensor<2x40x70xf32>) outs(%fm : tensor<2x40xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.maximumf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<2x40xf32>
  %e = linalg.generic {indexing_maps = [#id3, #row3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s, %mx : tensor<2x40x70xf32>, tensor<2x40xf32>) outs(%es : tensor<2x40x70xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    %x = math.exp %d : f32
    linalg.yield %x : f32
  } -> tensor<2x40x70xf32>
  %el = tensor.empty() : tensor<2x40x1xf32>
  %fl = linalg.fill ins(%zero : f32) outs(%el : tensor<2x40x1xf32>) -> tensor<2x40x1xf32>
  %l = linalg.generic {indexing_maps = [#id3, #rowk], iterator_types = ["parallel", "parallel", "reduction"]} ins(%e : tensor<2x40x70xf32>) outs(%fl : tensor<2x40x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<2x40x1xf32>
  %p = linalg.generic {indexing_maps = [#id3, #rowk, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%e, %l : tensor<2x40x70xf32>, tensor<2x40x1xf32>) outs(%es : tensor<2x40x70xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.divf %a, %b : f32
    linalg.yield %d : f32
  } -> tensor<2x40x70xf32>
  %eo = tensor.empty() : tensor<2x40x24xf32>
  %fo = linalg.fill ins(%zero : f32) outs(%eo : tensor<2x40x24xf32>) -> tensor<2x40x24xf32>
  %o = linalg.batch_matmul ins(%p, %v : tensor<2x40x70xf32>, tensor<2x70x24xf32>) outs(%fo : tensor<2x40x24xf32>) -> tensor<2x40x24xf32>
  return %o, %s : tensor<2x40x24xf32>, tensor<2x40x70xf32>
}

func.func @causal_safe(%q: tensor<2x40x16xf32>, %k: tensor<2x70x16xf32>, %v: tensor<2x70x24xf32>, %mask: tensor<70xf32>) -> (tensor<2x40x24xf32>, tensor<2x40x70xf32>) {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant 4.0 : f32
  %em2 = tensor.empty() : tensor<2x40x70xf32>
  %mk = linalg.generic {indexing_maps = [#id3], iterator_types = ["parallel", "parallel", "parallel"]} outs(%em2 : tensor<2x40x70xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 1 : index
    %j = linalg.index 2 : index
    %c3 = arith.constant 3 : index
    %is3 = arith.cmpi eq, %i, %c3 : index
    %late = arith.cmpi ugt, %j, %i : index
    %dead = arith.ori %is3, %late : i1
    %mv = arith.select %dead, %ninf, %zero : f32
    linalg.yield %mv : f32
  } -> tensor<2x40x70xf32>
  %ekt = tensor.empty() : tensor<2x16x70xf32>
  %kt = linalg.transpose ins(%k : tensor<2x70x16xf32>) outs(%ekt : tensor<2x16x70xf32>) permutation = [0, 2, 1]
  %es = tensor.empty() : tensor<2x40x70xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%es : tensor<2x40x70xf32>) -> tensor<2x40x70xf32>
  %s0 = linalg.batch_matmul ins(%q, %kt : tensor<2x40x16xf32>, tensor<2x16x70xf32>) outs(%fs : tensor<2x40x70xf32>) -> tensor<2x40x70xf32>
  %s = linalg.generic {indexing_maps = [#id3, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s0, %mk : tensor<2x40x70xf32>, tensor<2x40x70xf32>) outs(%es : tensor<2x40x70xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %x = arith.divf %a, %scale : f32
    %y = arith.addf %x, %m : f32
    linalg.yield %y : f32
  } -> tensor<2x40x70xf32>
  %em = tensor.empty() : tensor<2x40xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%em : tensor<2x40xf32>) -> tensor<2x40xf32>
  %mx = linalg.generic {indexing_maps = [#id3, #row3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%s : tensor<2x40x70xf32>) outs(%fm : tensor<2x40xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.maximumf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<2x40xf32>
  %e = linalg.generic {indexing_maps = [#id3, #row3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s, %mx : tensor<2x40x70xf32>, tensor<2x40xf32>) outs(%es : tensor<2x40x70xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    %x = math.exp %d : f32
    linalg.yield %x : f32
  } -> tensor<2x40x70xf32>
  %el = tensor.empty() : tensor<2x40x1xf32>
  %fl = linalg.fill ins(%zero : f32) outs(%el : tensor<2x40x1xf32>) -> tensor<2x40x1xf32>
  %l = linalg.generic {indexing_maps = [#id3, #rowk], iterator_types = ["parallel", "parallel", "reduction"]} ins(%e : tensor<2x40x70xf32>) outs(%fl : tensor<2x40x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<2x40x1xf32>
  %p = linalg.generic {indexing_maps = [#id3, #rowk, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%e, %l : tensor<2x40x70xf32>, tensor<2x40x1xf32>) outs(%es : tensor<2x40x70xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.divf %a, %b : f32
    linalg.yield %d : f32
  } -> tensor<2x40x70xf32>
  %ec = tensor.empty() : tensor<2x40x70xi1>
  %cmp = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s : tensor<2x40x70xf32>) outs(%ec : tensor<2x40x70xi1>) {
  ^bb0(%a: f32, %o: i1):
    %x = arith.extf %a : f32 to f64
    %ninf64 = arith.constant 0xFFF0000000000000 : f64
    %c = arith.cmpf oeq, %x, %ninf64 : f64
    linalg.yield %c : i1
  } -> tensor<2x40x70xi1>
  %true = arith.constant true
  %ea = tensor.empty() : tensor<2x40x1xi1>
  %fa = linalg.fill ins(%true : i1) outs(%ea : tensor<2x40x1xi1>) -> tensor<2x40x1xi1>
  %all = linalg.generic {indexing_maps = [#id3, #rowk], iterator_types = ["parallel", "parallel", "reduction"]} ins(%cmp : tensor<2x40x70xi1>) outs(%fa : tensor<2x40x1xi1>) {
  ^bb0(%a: i1, %o: i1):
    %r = arith.andi %a, %o : i1
    linalg.yield %r : i1
  } -> tensor<2x40x1xi1>
  %ps = linalg.generic {indexing_maps = [#rowk, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%all, %p : tensor<2x40x1xi1>, tensor<2x40x70xf32>) outs(%es : tensor<2x40x70xf32>) {
  ^bb0(%a: i1, %b: f32, %o: f32):
    %r = arith.select %a, %zero, %b : f32
    linalg.yield %r : f32
  } -> tensor<2x40x70xf32>
  %eo = tensor.empty() : tensor<2x40x24xf32>
  %fo = linalg.fill ins(%zero : f32) outs(%eo : tensor<2x40x24xf32>) -> tensor<2x40x24xf32>
  %o = linalg.batch_matmul ins(%ps, %v : tensor<2x40x70xf32>, tensor<2x70x24xf32>) outs(%fo : tensor<2x40x24xf32>) -> tensor<2x40x24xf32>
  return %o, %mk : tensor<2x40x24xf32>, tensor<2x40x70xf32>
}

func.func @causal_nan(%q: tensor<2x40x16xf32>, %k: tensor<2x70x16xf32>, %v: tensor<2x70x24xf32>, %mask: tensor<70xf32>) -> (tensor<2x40x24xf32>, tensor<2x40x70xf32>) {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant 4.0 : f32
  %em2 = tensor.empty() : tensor<2x40x70xf32>
  %mk = linalg.generic {indexing_maps = [#id3], iterator_types = ["parallel", "parallel", "parallel"]} outs(%em2 : tensor<2x40x70xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 1 : index
    %j = linalg.index 2 : index
    %c3 = arith.constant 3 : index
    %is3 = arith.cmpi eq, %i, %c3 : index
    %late = arith.cmpi ugt, %j, %i : index
    %dead = arith.ori %is3, %late : i1
    %mv = arith.select %dead, %ninf, %zero : f32
    linalg.yield %mv : f32
  } -> tensor<2x40x70xf32>
  %ekt = tensor.empty() : tensor<2x16x70xf32>
  %kt = linalg.transpose ins(%k : tensor<2x70x16xf32>) outs(%ekt : tensor<2x16x70xf32>) permutation = [0, 2, 1]
  %es = tensor.empty() : tensor<2x40x70xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%es : tensor<2x40x70xf32>) -> tensor<2x40x70xf32>
  %s0 = linalg.batch_matmul ins(%q, %kt : tensor<2x40x16xf32>, tensor<2x16x70xf32>) outs(%fs : tensor<2x40x70xf32>) -> tensor<2x40x70xf32>
  %s = linalg.generic {indexing_maps = [#id3, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s0, %mk : tensor<2x40x70xf32>, tensor<2x40x70xf32>) outs(%es : tensor<2x40x70xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %x = arith.divf %a, %scale : f32
    %y = arith.addf %x, %m : f32
    linalg.yield %y : f32
  } -> tensor<2x40x70xf32>
  %em = tensor.empty() : tensor<2x40xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%em : tensor<2x40xf32>) -> tensor<2x40xf32>
  %mx = linalg.generic {indexing_maps = [#id3, #row3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%s : tensor<2x40x70xf32>) outs(%fm : tensor<2x40xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.maximumf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<2x40xf32>
  %e = linalg.generic {indexing_maps = [#id3, #row3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s, %mx : tensor<2x40x70xf32>, tensor<2x40xf32>) outs(%es : tensor<2x40x70xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    %x = math.exp %d : f32
    linalg.yield %x : f32
  } -> tensor<2x40x70xf32>
  %el = tensor.empty() : tensor<2x40x1xf32>
  %fl = linalg.fill ins(%zero : f32) outs(%el : tensor<2x40x1xf32>) -> tensor<2x40x1xf32>
  %l = linalg.generic {indexing_maps = [#id3, #rowk], iterator_types = ["parallel", "parallel", "reduction"]} ins(%e : tensor<2x40x70xf32>) outs(%fl : tensor<2x40x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<2x40x1xf32>
  %p = linalg.generic {indexing_maps = [#id3, #rowk, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%e, %l : tensor<2x40x70xf32>, tensor<2x40x1xf32>) outs(%es : tensor<2x40x70xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.divf %a, %b : f32
    linalg.yield %d : f32
  } -> tensor<2x40x70xf32>
  %eo = tensor.empty() : tensor<2x40x24xf32>
  %fo = linalg.fill ins(%zero : f32) outs(%eo : tensor<2x40x24xf32>) -> tensor<2x40x24xf32>
  %o = linalg.batch_matmul ins(%p, %v : tensor<2x40x70xf32>, tensor<2x70x24xf32>) outs(%fo : tensor<2x40x24xf32>) -> tensor<2x40x24xf32>
  return %o, %mk : tensor<2x40x24xf32>, tensor<2x40x70xf32>
}

func.func @leftpad_long(%q: tensor<1x6x16xf32>, %k: tensor<1x6000x16xf32>, %v: tensor<1x6000x8xf32>, %mask: tensor<6000xf32>) -> (tensor<1x6x8xf32>, tensor<1x6x6000xf32>) {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant 4.0 : f32
  %em2 = tensor.empty() : tensor<1x6x6000xf32>
  %mk = linalg.generic {indexing_maps = [#id3], iterator_types = ["parallel", "parallel", "parallel"]} outs(%em2 : tensor<1x6x6000xf32>) {
  ^bb0(%o: f32):
    %j = linalg.index 2 : index
    %c3000 = arith.constant 3000 : index
    %dead = arith.cmpi ult, %j, %c3000 : index
    %mv = arith.select %dead, %ninf, %zero : f32
    linalg.yield %mv : f32
  } -> tensor<1x6x6000xf32>
  %ekt = tensor.empty() : tensor<1x16x6000xf32>
  %kt = linalg.transpose ins(%k : tensor<1x6000x16xf32>) outs(%ekt : tensor<1x16x6000xf32>) permutation = [0, 2, 1]
  %es = tensor.empty() : tensor<1x6x6000xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%es : tensor<1x6x6000xf32>) -> tensor<1x6x6000xf32>
  %s0 = linalg.batch_matmul ins(%q, %kt : tensor<1x6x16xf32>, tensor<1x16x6000xf32>) outs(%fs : tensor<1x6x6000xf32>) -> tensor<1x6x6000xf32>
  %s = linalg.generic {indexing_maps = [#id3, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s0, %mk : tensor<1x6x6000xf32>, tensor<1x6x6000xf32>) outs(%es : tensor<1x6x6000xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %x = arith.divf %a, %scale : f32
    %y = arith.addf %x, %m : f32
    linalg.yield %y : f32
  } -> tensor<1x6x6000xf32>
  %em = tensor.empty() : tensor<1x6xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%em : tensor<1x6xf32>) -> tensor<1x6xf32>
  %mx = linalg.generic {indexing_maps = [#id3, #row3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%s : tensor<1x6x6000xf32>) outs(%fm : tensor<1x6xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.maximumf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<1x6xf32>
  %e = linalg.generic {indexing_maps = [#id3, #row3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s, %mx : tensor<1x6x6000xf32>, tensor<1x6xf32>) outs(%es : tensor<1x6x6000xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    %x = math.exp %d : f32
    linalg.yield %x : f32
  } -> tensor<1x6x6000xf32>
  %el = tensor.empty() : tensor<1x6x1xf32>
  %fl = linalg.fill ins(%zero : f32) outs(%el : tensor<1x6x1xf32>) -> tensor<1x6x1xf32>
  %l = linalg.generic {indexing_maps = [#id3, #rowk], iterator_types = ["parallel", "parallel", "reduction"]} ins(%e : tensor<1x6x6000xf32>) outs(%fl : tensor<1x6x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<1x6x1xf32>
  %p = linalg.generic {indexing_maps = [#id3, #rowk, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%e, %l : tensor<1x6x6000xf32>, tensor<1x6x1xf32>) outs(%es : tensor<1x6x6000xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.divf %a, %b : f32
    linalg.yield %d : f32
  } -> tensor<1x6x6000xf32>
  %eo = tensor.empty() : tensor<1x6x8xf32>
  %fo = linalg.fill ins(%zero : f32) outs(%eo : tensor<1x6x8xf32>) -> tensor<1x6x8xf32>
  %o = linalg.batch_matmul ins(%p, %v : tensor<1x6x6000xf32>, tensor<1x6000x8xf32>) outs(%fo : tensor<1x6x8xf32>) -> tensor<1x6x8xf32>
  return %o, %mk : tensor<1x6x8xf32>, tensor<1x6x6000xf32>
}

// @attn_col: PyTorchSim's attention (notes/tpuv3-silicon.md): scores = k @
// q^T / 4 + mask (the mask along the keys), a softmax over dim -2 (the
// "column" spelling: the keys are the scores' dim 1, the max and the sum
// [2, 1, 40] per query), out = v^T @ p, [2, 24, 40]: one attention kernel
// too, its output stored transposed. @attn_col2d: the same without the
// batch (matmuls, a softmax over dim 0).
#kd1 = affine_map<(d0, d1, d2) -> (d1)>
#col3 = affine_map<(d0, d1, d2) -> (d0, d2)>
#colk = affine_map<(d0, d1, d2) -> (d0, 0, d2)>
func.func @attn_col(%q: tensor<2x40x16xf32>, %k: tensor<2x70x16xf32>, %v: tensor<2x70x24xf32>, %mask: tensor<70xf32>) -> tensor<2x24x40xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant 4.0 : f32
  %eqt = tensor.empty() : tensor<2x16x40xf32>
  %qt = linalg.transpose ins(%q : tensor<2x40x16xf32>) outs(%eqt : tensor<2x16x40xf32>) permutation = [0, 2, 1]
  %es = tensor.empty() : tensor<2x70x40xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%es : tensor<2x70x40xf32>) -> tensor<2x70x40xf32>
  %s0 = linalg.batch_matmul ins(%k, %qt : tensor<2x70x16xf32>, tensor<2x16x40xf32>) outs(%fs : tensor<2x70x40xf32>) -> tensor<2x70x40xf32>
  %s = linalg.generic {indexing_maps = [#id3, #kd1, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s0, %mask : tensor<2x70x40xf32>, tensor<70xf32>) outs(%es : tensor<2x70x40xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %x = arith.divf %a, %scale : f32
    %y = arith.addf %x, %m : f32
    linalg.yield %y : f32
  } -> tensor<2x70x40xf32>
  %em = tensor.empty() : tensor<2x40xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%em : tensor<2x40xf32>) -> tensor<2x40xf32>
  %mx = linalg.generic {indexing_maps = [#id3, #col3], iterator_types = ["parallel", "reduction", "parallel"]} ins(%s : tensor<2x70x40xf32>) outs(%fm : tensor<2x40xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.maximumf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<2x40xf32>
  %mx1 = tensor.expand_shape %mx [[0, 1], [2]] output_shape [2, 1, 40] : tensor<2x40xf32> into tensor<2x1x40xf32>
  %e = linalg.generic {indexing_maps = [#id3, #colk, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s, %mx1 : tensor<2x70x40xf32>, tensor<2x1x40xf32>) outs(%es : tensor<2x70x40xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    %x = math.exp %d : f32
    linalg.yield %x : f32
  } -> tensor<2x70x40xf32>
  %el = tensor.empty() : tensor<2x1x40xf32>
  %fl = linalg.fill ins(%zero : f32) outs(%el : tensor<2x1x40xf32>) -> tensor<2x1x40xf32>
  %l = linalg.generic {indexing_maps = [#id3, #colk], iterator_types = ["parallel", "reduction", "parallel"]} ins(%e : tensor<2x70x40xf32>) outs(%fl : tensor<2x1x40xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<2x1x40xf32>
  %p = linalg.generic {indexing_maps = [#id3, #colk, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%e, %l : tensor<2x70x40xf32>, tensor<2x1x40xf32>) outs(%es : tensor<2x70x40xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.divf %a, %b : f32
    linalg.yield %d : f32
  } -> tensor<2x70x40xf32>
  %evt = tensor.empty() : tensor<2x24x70xf32>
  %vt = linalg.transpose ins(%v : tensor<2x70x24xf32>) outs(%evt : tensor<2x24x70xf32>) permutation = [0, 2, 1]
  %eo = tensor.empty() : tensor<2x24x40xf32>
  %fo = linalg.fill ins(%zero : f32) outs(%eo : tensor<2x24x40xf32>) -> tensor<2x24x40xf32>
  %o = linalg.batch_matmul ins(%vt, %p : tensor<2x24x70xf32>, tensor<2x70x40xf32>) outs(%fo : tensor<2x24x40xf32>) -> tensor<2x24x40xf32>
  return %o : tensor<2x24x40xf32>
}

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#c2 = affine_map<(d0, d1) -> (d1)>
#c2k = affine_map<(d0, d1) -> (0, d1)>
func.func @attn_col2d(%q: tensor<40x16xf32>, %k: tensor<70x16xf32>, %v: tensor<70x24xf32>) -> tensor<24x40xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %eqt = tensor.empty() : tensor<16x40xf32>
  %qt = linalg.transpose ins(%q : tensor<40x16xf32>) outs(%eqt : tensor<16x40xf32>) permutation = [1, 0]
  %es = tensor.empty() : tensor<70x40xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%es : tensor<70x40xf32>) -> tensor<70x40xf32>
  %s = linalg.matmul ins(%k, %qt : tensor<70x16xf32>, tensor<16x40xf32>) outs(%fs : tensor<70x40xf32>) -> tensor<70x40xf32>
  %em = tensor.empty() : tensor<40xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%em : tensor<40xf32>) -> tensor<40xf32>
  %mx = linalg.generic {indexing_maps = [#id2, #c2], iterator_types = ["reduction", "parallel"]} ins(%s : tensor<70x40xf32>) outs(%fm : tensor<40xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.maximumf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<40xf32>
  %e = linalg.generic {indexing_maps = [#id2, #c2, #id2], iterator_types = ["parallel", "parallel"]} ins(%s, %mx : tensor<70x40xf32>, tensor<40xf32>) outs(%es : tensor<70x40xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    %x = math.exp %d : f32
    linalg.yield %x : f32
  } -> tensor<70x40xf32>
  %el = tensor.empty() : tensor<1x40xf32>
  %fl = linalg.fill ins(%zero : f32) outs(%el : tensor<1x40xf32>) -> tensor<1x40xf32>
  %l = linalg.generic {indexing_maps = [#id2, #c2k], iterator_types = ["reduction", "parallel"]} ins(%e : tensor<70x40xf32>) outs(%fl : tensor<1x40xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<1x40xf32>
  %p = linalg.generic {indexing_maps = [#id2, #c2k, #id2], iterator_types = ["parallel", "parallel"]} ins(%e, %l : tensor<70x40xf32>, tensor<1x40xf32>) outs(%es : tensor<70x40xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.divf %a, %b : f32
    linalg.yield %d : f32
  } -> tensor<70x40xf32>
  %evt = tensor.empty() : tensor<24x70xf32>
  %vt = linalg.transpose ins(%v : tensor<70x24xf32>) outs(%evt : tensor<24x70xf32>) permutation = [1, 0]
  %eo = tensor.empty() : tensor<24x40xf32>
  %fo = linalg.fill ins(%zero : f32) outs(%eo : tensor<24x40xf32>) -> tensor<24x40xf32>
  %o = linalg.matmul ins(%vt, %p : tensor<24x70xf32>, tensor<70x40xf32>) outs(%fo : tensor<24x40xf32>) -> tensor<24x40xf32>
  return %o : tensor<24x40xf32>
}

func.func @attn_512(%q: tensor<1x48x64xf32>, %k: tensor<1x512x64xf32>, %v: tensor<1x512x64xf32>, %mask: tensor<512xf32>) -> tensor<1x48x64xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant 4.0 : f32
  %ekt = tensor.empty() : tensor<1x64x512xf32>
  %kt = linalg.transpose ins(%k : tensor<1x512x64xf32>) outs(%ekt : tensor<1x64x512xf32>) permutation = [0, 2, 1]
  %es = tensor.empty() : tensor<1x48x512xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%es : tensor<1x48x512xf32>) -> tensor<1x48x512xf32>
  %s0 = linalg.batch_matmul ins(%q, %kt : tensor<1x48x64xf32>, tensor<1x64x512xf32>) outs(%fs : tensor<1x48x512xf32>) -> tensor<1x48x512xf32>
  %s = linalg.generic {indexing_maps = [#id3, #mask, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s0, %mask : tensor<1x48x512xf32>, tensor<512xf32>) outs(%es : tensor<1x48x512xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %x = arith.divf %a, %scale : f32
    %y = arith.addf %x, %m : f32
    linalg.yield %y : f32
  } -> tensor<1x48x512xf32>
  %em = tensor.empty() : tensor<1x48xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%em : tensor<1x48xf32>) -> tensor<1x48xf32>
  %mx = linalg.generic {indexing_maps = [#id3, #row3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%s : tensor<1x48x512xf32>) outs(%fm : tensor<1x48xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.maximumf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<1x48xf32>
  %e = linalg.generic {indexing_maps = [#id3, #row3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s, %mx : tensor<1x48x512xf32>, tensor<1x48xf32>) outs(%es : tensor<1x48x512xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    %x = math.exp %d : f32
    linalg.yield %x : f32
  } -> tensor<1x48x512xf32>
  %el = tensor.empty() : tensor<1x48x1xf32>
  %fl = linalg.fill ins(%zero : f32) outs(%el : tensor<1x48x1xf32>) -> tensor<1x48x1xf32>
  %l = linalg.generic {indexing_maps = [#id3, #rowk], iterator_types = ["parallel", "parallel", "reduction"]} ins(%e : tensor<1x48x512xf32>) outs(%fl : tensor<1x48x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<1x48x1xf32>
  %p = linalg.generic {indexing_maps = [#id3, #rowk, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%e, %l : tensor<1x48x512xf32>, tensor<1x48x1xf32>) outs(%es : tensor<1x48x512xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.divf %a, %b : f32
    linalg.yield %d : f32
  } -> tensor<1x48x512xf32>
  %eo = tensor.empty() : tensor<1x48x64xf32>
  %fo = linalg.fill ins(%zero : f32) outs(%eo : tensor<1x48x64xf32>) -> tensor<1x48x64xf32>
  %o = linalg.batch_matmul ins(%p, %v : tensor<1x48x512xf32>, tensor<1x512x64xf32>) outs(%fo : tensor<1x48x64xf32>) -> tensor<1x48x64xf32>
  return %o : tensor<1x48x64xf32>
}

func.func @attn_bf16(%q: tensor<2x40x16xbf16>, %k: tensor<2x70x16xbf16>, %v: tensor<2x70x24xbf16>, %mask: tensor<70xbf16>) -> tensor<2x40x24xbf16> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant 8.0 : bf16
  %ekt = tensor.empty() : tensor<2x16x70xbf16>
  %kt = linalg.transpose ins(%k : tensor<2x70x16xbf16>) outs(%ekt : tensor<2x16x70xbf16>) permutation = [0, 2, 1]
  %es = tensor.empty() : tensor<2x40x70xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%es : tensor<2x40x70xf32>) -> tensor<2x40x70xf32>
  %s0 = linalg.batch_matmul ins(%q, %kt : tensor<2x40x16xbf16>, tensor<2x16x70xbf16>) outs(%fs : tensor<2x40x70xf32>) -> tensor<2x40x70xf32>
  %ebs = tensor.empty() : tensor<2x40x70xbf16>
  %s1 = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s0 : tensor<2x40x70xf32>) outs(%ebs : tensor<2x40x70xbf16>) {
  ^bb0(%a: f32, %o: bf16):
    %r = arith.truncf %a : f32 to bf16
    linalg.yield %r : bf16
  } -> tensor<2x40x70xbf16>
  %s2 = linalg.generic {indexing_maps = [#id3, #mask, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s1, %mask : tensor<2x40x70xbf16>, tensor<70xbf16>) outs(%ebs : tensor<2x40x70xbf16>) {
  ^bb0(%a: bf16, %m: bf16, %o: bf16):
    %x = arith.divf %a, %scale : bf16
    %y = arith.addf %x, %m : bf16
    linalg.yield %y : bf16
  } -> tensor<2x40x70xbf16>
  %s = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s2 : tensor<2x40x70xbf16>) outs(%es : tensor<2x40x70xf32>) {
  ^bb0(%a: bf16, %o: f32):
    %r = arith.extf %a : bf16 to f32
    linalg.yield %r : f32
  } -> tensor<2x40x70xf32>
  %em = tensor.empty() : tensor<2x40xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%em : tensor<2x40xf32>) -> tensor<2x40xf32>
  %c0_i64 = arith.constant 0 : i64
  %ei = tensor.empty() : tensor<2x40xi64>
  %fi = linalg.fill ins(%c0_i64 : i64) outs(%ei : tensor<2x40xi64>) -> tensor<2x40xi64>
  %mx:2 = linalg.generic {indexing_maps = [#id3, #row3, #row3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%s : tensor<2x40x70xf32>) outs(%fm, %fi : tensor<2x40xf32>, tensor<2x40xi64>) {
  ^bb0(%a: f32, %o: f32, %oi: i64):
    %j = linalg.index 2 : index
    %ji = arith.index_cast %j : index to i64
    %r = arith.maximumf %a, %o : f32
    %gt = arith.cmpf ogt, %a, %o : f32
    %ri = arith.select %gt, %ji, %oi : i64
    linalg.yield %r, %ri : f32, i64
  } -> (tensor<2x40xf32>, tensor<2x40xi64>)
  %e0 = linalg.generic {indexing_maps = [#id3, #row3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s, %mx#0 : tensor<2x40x70xf32>, tensor<2x40xf32>) outs(%es : tensor<2x40x70xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    linalg.yield %d : f32
  } -> tensor<2x40x70xf32>
  %e = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%e0 : tensor<2x40x70xf32>) outs(%es : tensor<2x40x70xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<2x40x70xf32>
  %el = tensor.empty() : tensor<2x40x1xf32>
  %fl = linalg.fill ins(%zero : f32) outs(%el : tensor<2x40x1xf32>) -> tensor<2x40x1xf32>
  %l = linalg.generic {indexing_maps = [#id3, #rowk], iterator_types = ["parallel", "parallel", "reduction"]} ins(%e : tensor<2x40x70xf32>) outs(%fl : tensor<2x40x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<2x40x1xf32>
  %p = linalg.generic {indexing_maps = [#id3, #rowk, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%e, %l : tensor<2x40x70xf32>, tensor<2x40x1xf32>) outs(%ebs : tensor<2x40x70xbf16>) {
  ^bb0(%a: f32, %b: f32, %o: bf16):
    %d = arith.divf %a, %b : f32
    %r = arith.truncf %d : f32 to bf16
    linalg.yield %r : bf16
  } -> tensor<2x40x70xbf16>
  %eo = tensor.empty() : tensor<2x40x24xf32>
  %fo = linalg.fill ins(%zero : f32) outs(%eo : tensor<2x40x24xf32>) -> tensor<2x40x24xf32>
  %o0 = linalg.batch_matmul ins(%p, %v : tensor<2x40x70xbf16>, tensor<2x70x24xbf16>) outs(%fo : tensor<2x40x24xf32>) -> tensor<2x40x24xf32>
  %ebo = tensor.empty() : tensor<2x40x24xbf16>
  %o = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%o0 : tensor<2x40x24xf32>) outs(%ebo : tensor<2x40x24xbf16>) {
  ^bb0(%a: f32, %o: bf16):
    %r = arith.truncf %a : f32 to bf16
    linalg.yield %r : bf16
  } -> tensor<2x40x24xbf16>
  return %o : tensor<2x40x24xbf16>
}
func.func @attn_bf16_long(%q: tensor<1x6x16xbf16>, %k: tensor<1x6000x16xbf16>, %v: tensor<1x6000x8xbf16>, %mask: tensor<6000xbf16>) -> tensor<1x6x8xbf16> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant 8.0 : bf16
  %ekt = tensor.empty() : tensor<1x16x6000xbf16>
  %kt = linalg.transpose ins(%k : tensor<1x6000x16xbf16>) outs(%ekt : tensor<1x16x6000xbf16>) permutation = [0, 2, 1]
  %es = tensor.empty() : tensor<1x6x6000xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%es : tensor<1x6x6000xf32>) -> tensor<1x6x6000xf32>
  %s0 = linalg.batch_matmul ins(%q, %kt : tensor<1x6x16xbf16>, tensor<1x16x6000xbf16>) outs(%fs : tensor<1x6x6000xf32>) -> tensor<1x6x6000xf32>
  %ebs = tensor.empty() : tensor<1x6x6000xbf16>
  %s1 = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s0 : tensor<1x6x6000xf32>) outs(%ebs : tensor<1x6x6000xbf16>) {
  ^bb0(%a: f32, %o: bf16):
    %r = arith.truncf %a : f32 to bf16
    linalg.yield %r : bf16
  } -> tensor<1x6x6000xbf16>
  %s2 = linalg.generic {indexing_maps = [#id3, #mask, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s1, %mask : tensor<1x6x6000xbf16>, tensor<6000xbf16>) outs(%ebs : tensor<1x6x6000xbf16>) {
  ^bb0(%a: bf16, %m: bf16, %o: bf16):
    %x = arith.divf %a, %scale : bf16
    %y = arith.addf %x, %m : bf16
    linalg.yield %y : bf16
  } -> tensor<1x6x6000xbf16>
  %s = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s2 : tensor<1x6x6000xbf16>) outs(%es : tensor<1x6x6000xf32>) {
  ^bb0(%a: bf16, %o: f32):
    %r = arith.extf %a : bf16 to f32
    linalg.yield %r : f32
  } -> tensor<1x6x6000xf32>
  %em = tensor.empty() : tensor<1x6xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%em : tensor<1x6xf32>) -> tensor<1x6xf32>
  %c0_i64 = arith.constant 0 : i64
  %ei = tensor.empty() : tensor<1x6xi64>
  %fi = linalg.fill ins(%c0_i64 : i64) outs(%ei : tensor<1x6xi64>) -> tensor<1x6xi64>
  %mx:2 = linalg.generic {indexing_maps = [#id3, #row3, #row3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%s : tensor<1x6x6000xf32>) outs(%fm, %fi : tensor<1x6xf32>, tensor<1x6xi64>) {
  ^bb0(%a: f32, %o: f32, %oi: i64):
    %j = linalg.index 2 : index
    %ji = arith.index_cast %j : index to i64
    %r = arith.maximumf %a, %o : f32
    %gt = arith.cmpf ogt, %a, %o : f32
    %ri = arith.select %gt, %ji, %oi : i64
    linalg.yield %r, %ri : f32, i64
  } -> (tensor<1x6xf32>, tensor<1x6xi64>)
  %e0 = linalg.generic {indexing_maps = [#id3, #row3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s, %mx#0 : tensor<1x6x6000xf32>, tensor<1x6xf32>) outs(%es : tensor<1x6x6000xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    linalg.yield %d : f32
  } -> tensor<1x6x6000xf32>
  %e = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%e0 : tensor<1x6x6000xf32>) outs(%es : tensor<1x6x6000xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<1x6x6000xf32>
  %el = tensor.empty() : tensor<1x6x1xf32>
  %fl = linalg.fill ins(%zero : f32) outs(%el : tensor<1x6x1xf32>) -> tensor<1x6x1xf32>
  %l = linalg.generic {indexing_maps = [#id3, #rowk], iterator_types = ["parallel", "parallel", "reduction"]} ins(%e : tensor<1x6x6000xf32>) outs(%fl : tensor<1x6x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<1x6x1xf32>
  %p = linalg.generic {indexing_maps = [#id3, #rowk, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%e, %l : tensor<1x6x6000xf32>, tensor<1x6x1xf32>) outs(%ebs : tensor<1x6x6000xbf16>) {
  ^bb0(%a: f32, %b: f32, %o: bf16):
    %d = arith.divf %a, %b : f32
    %r = arith.truncf %d : f32 to bf16
    linalg.yield %r : bf16
  } -> tensor<1x6x6000xbf16>
  %eo = tensor.empty() : tensor<1x6x8xf32>
  %fo = linalg.fill ins(%zero : f32) outs(%eo : tensor<1x6x8xf32>) -> tensor<1x6x8xf32>
  %o0 = linalg.batch_matmul ins(%p, %v : tensor<1x6x6000xbf16>, tensor<1x6000x8xbf16>) outs(%fo : tensor<1x6x8xf32>) -> tensor<1x6x8xf32>
  %ebo = tensor.empty() : tensor<1x6x8xbf16>
  %o = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%o0 : tensor<1x6x8xf32>) outs(%ebo : tensor<1x6x8xbf16>) {
  ^bb0(%a: f32, %o: bf16):
    %r = arith.truncf %a : f32 to bf16
    linalg.yield %r : bf16
  } -> tensor<1x6x8xbf16>
  return %o : tensor<1x6x8xbf16>
}
func.func @attn_bf16_odd(%q: tensor<2x40x15xbf16>, %k: tensor<2x71x15xbf16>, %v: tensor<2x71x23xbf16>, %mask: tensor<71xbf16>) -> tensor<2x40x23xbf16> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant 8.0 : bf16
  %ekt = tensor.empty() : tensor<2x15x71xbf16>
  %kt = linalg.transpose ins(%k : tensor<2x71x15xbf16>) outs(%ekt : tensor<2x15x71xbf16>) permutation = [0, 2, 1]
  %es = tensor.empty() : tensor<2x40x71xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%es : tensor<2x40x71xf32>) -> tensor<2x40x71xf32>
  %s0 = linalg.batch_matmul ins(%q, %kt : tensor<2x40x15xbf16>, tensor<2x15x71xbf16>) outs(%fs : tensor<2x40x71xf32>) -> tensor<2x40x71xf32>
  %ebs = tensor.empty() : tensor<2x40x71xbf16>
  %s1 = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s0 : tensor<2x40x71xf32>) outs(%ebs : tensor<2x40x71xbf16>) {
  ^bb0(%a: f32, %o: bf16):
    %r = arith.truncf %a : f32 to bf16
    linalg.yield %r : bf16
  } -> tensor<2x40x71xbf16>
  %s2 = linalg.generic {indexing_maps = [#id3, #mask, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s1, %mask : tensor<2x40x71xbf16>, tensor<71xbf16>) outs(%ebs : tensor<2x40x71xbf16>) {
  ^bb0(%a: bf16, %m: bf16, %o: bf16):
    %x = arith.divf %a, %scale : bf16
    %y = arith.addf %x, %m : bf16
    linalg.yield %y : bf16
  } -> tensor<2x40x71xbf16>
  %s = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s2 : tensor<2x40x71xbf16>) outs(%es : tensor<2x40x71xf32>) {
  ^bb0(%a: bf16, %o: f32):
    %r = arith.extf %a : bf16 to f32
    linalg.yield %r : f32
  } -> tensor<2x40x71xf32>
  %em = tensor.empty() : tensor<2x40xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%em : tensor<2x40xf32>) -> tensor<2x40xf32>
  %c0_i64 = arith.constant 0 : i64
  %ei = tensor.empty() : tensor<2x40xi64>
  %fi = linalg.fill ins(%c0_i64 : i64) outs(%ei : tensor<2x40xi64>) -> tensor<2x40xi64>
  %mx:2 = linalg.generic {indexing_maps = [#id3, #row3, #row3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%s : tensor<2x40x71xf32>) outs(%fm, %fi : tensor<2x40xf32>, tensor<2x40xi64>) {
  ^bb0(%a: f32, %o: f32, %oi: i64):
    %j = linalg.index 2 : index
    %ji = arith.index_cast %j : index to i64
    %r = arith.maximumf %a, %o : f32
    %gt = arith.cmpf ogt, %a, %o : f32
    %ri = arith.select %gt, %ji, %oi : i64
    linalg.yield %r, %ri : f32, i64
  } -> (tensor<2x40xf32>, tensor<2x40xi64>)
  %e0 = linalg.generic {indexing_maps = [#id3, #row3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s, %mx#0 : tensor<2x40x71xf32>, tensor<2x40xf32>) outs(%es : tensor<2x40x71xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    linalg.yield %d : f32
  } -> tensor<2x40x71xf32>
  %e = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%e0 : tensor<2x40x71xf32>) outs(%es : tensor<2x40x71xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<2x40x71xf32>
  %el = tensor.empty() : tensor<2x40x1xf32>
  %fl = linalg.fill ins(%zero : f32) outs(%el : tensor<2x40x1xf32>) -> tensor<2x40x1xf32>
  %l = linalg.generic {indexing_maps = [#id3, #rowk], iterator_types = ["parallel", "parallel", "reduction"]} ins(%e : tensor<2x40x71xf32>) outs(%fl : tensor<2x40x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<2x40x1xf32>
  %p = linalg.generic {indexing_maps = [#id3, #rowk, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%e, %l : tensor<2x40x71xf32>, tensor<2x40x1xf32>) outs(%ebs : tensor<2x40x71xbf16>) {
  ^bb0(%a: f32, %b: f32, %o: bf16):
    %d = arith.divf %a, %b : f32
    %r = arith.truncf %d : f32 to bf16
    linalg.yield %r : bf16
  } -> tensor<2x40x71xbf16>
  %eo = tensor.empty() : tensor<2x40x23xf32>
  %fo = linalg.fill ins(%zero : f32) outs(%eo : tensor<2x40x23xf32>) -> tensor<2x40x23xf32>
  %o0 = linalg.batch_matmul ins(%p, %v : tensor<2x40x71xbf16>, tensor<2x71x23xbf16>) outs(%fo : tensor<2x40x23xf32>) -> tensor<2x40x23xf32>
  %ebo = tensor.empty() : tensor<2x40x23xbf16>
  %o = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%o0 : tensor<2x40x23xf32>) outs(%ebo : tensor<2x40x23xbf16>) {
  ^bb0(%a: f32, %o: bf16):
    %r = arith.truncf %a : f32 to bf16
    linalg.yield %r : bf16
  } -> tensor<2x40x23xbf16>
  return %o : tensor<2x40x23xbf16>
}
