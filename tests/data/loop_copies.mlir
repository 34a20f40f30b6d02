// Programs that only move elements (tests/cli/loop_lanes.sh): the cpu loop
// engine copies their lane runs whole (cpu/loop/loop_exec.h copy_run; any
// type but i1: loop.h cpu_loop_copy_bytes), memmove where both sides are
// contiguous along the lanes, one element at a time where either is
// strided; the result is the reference's bit for bit. @head_split is a transformer's head split
// (contiguous runs of 8), @flip2d a 2-D transpose (strided lanes, i32),
// @slice_f64 a slice of f64, @concat_i8 a concatenation of i8 (two parts,
// each written into the result), @rope_half a RoPE's rotated half (a
// slice, a negation on the lanes and a concatenation), @flip_bf16 a bf16
// transpose (2-byte elements, strided).
func.func @head_split(%x: tensor<1x12x16x8xf32>) -> tensor<1x16x12x8xf32> {
  %e = tensor.empty() : tensor<1x16x12x8xf32>
  %t = linalg.transpose ins(%x : tensor<1x12x16x8xf32>) outs(%e : tensor<1x16x12x8xf32>) permutation = [0, 2, 1, 3]
  return %t : tensor<1x16x12x8xf32>
}

func.func @flip2d(%x: tensor<37x29xi32>) -> tensor<29x37xi32> {
  %e = tensor.empty() : tensor<29x37xi32>
  %t = linalg.transpose ins(%x : tensor<37x29xi32>) outs(%e : tensor<29x37xi32>) permutation = [1, 0]
  return %t : tensor<29x37xi32>
}

func.func @slice_f64(%x: tensor<5x40x9xf64>) -> tensor<3x33x9xf64> {
  %s = tensor.extract_slice %x[1, 4, 0] [3, 33, 9] [1, 1, 1] : tensor<5x40x9xf64> to tensor<3x33x9xf64>
  return %s : tensor<3x33x9xf64>
}

func.func @concat_i8(%a: tensor<6x7x5xi8>, %b: tensor<6x7x11xi8>) -> tensor<6x7x16xi8> {
  %c = tensor.concat dim(2) %a, %b : (tensor<6x7x5xi8>, tensor<6x7x11xi8>) -> tensor<6x7x16xi8>
  return %c : tensor<6x7x16xi8>
}

func.func @rope_half(%x: tensor<1x4x10x16xf32>) -> tensor<1x4x10x16xf32> {
  %hi = tensor.extract_slice %x[0, 0, 0, 8] [1, 4, 10, 8] [1, 1, 1, 1] : tensor<1x4x10x16xf32> to tensor<1x4x10x8xf32>
  %e = tensor.empty() : tensor<1x4x10x8xf32>
  %n = linalg.generic {indexing_maps = [affine_map<(a, b, c, d) -> (a, b, c, d)>, affine_map<(a, b, c, d) -> (a, b, c, d)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%hi : tensor<1x4x10x8xf32>) outs(%e : tensor<1x4x10x8xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = arith.negf %v : f32
    linalg.yield %m : f32
  } -> tensor<1x4x10x8xf32>
  %lo = tensor.extract_slice %x[0, 0, 0, 0] [1, 4, 10, 8] [1, 1, 1, 1] : tensor<1x4x10x16xf32> to tensor<1x4x10x8xf32>
  %c = tensor.concat dim(3) %n, %lo : (tensor<1x4x10x8xf32>, tensor<1x4x10x8xf32>) -> tensor<1x4x10x16xf32>
  return %c : tensor<1x4x10x16xf32>
}

func.func @flip_bf16(%x: tensor<19x23xbf16>) -> tensor<23x19xbf16> {
  %e = tensor.empty() : tensor<23x19xbf16>
  %t = linalg.transpose ins(%x : tensor<19x23xbf16>) outs(%e : tensor<23x19xbf16>) permutation = [1, 0]
  return %t : tensor<23x19xbf16>
}
