#!/usr/bin/env python3
"""attention_bf16.py - a bf16 attention as torch-mlir writes it for a bf16
model, for timing the cpu's fused bf16 attention (README, "bf16 attention"):
Q K^T summed in f32 and rounded to bf16, the scale and an additive mask in
bf16, the softmax in f32 on the widened scores (the max with torch's argmax
output, sub and exp as two generics), P = truncf(E / l), P V summed in f32
and rounded to bf16. tests/data/attention.mlir's @attn_bf16 and
@attn_bf16_long were written by it.

    python3 tools/attention_bf16.py [NAME:BxMxNxDxDV ...] > FILE.mlir

The default is BERT-base's heads at 128 and 512 tokens (bert128_bf16,
bert512_bf16: 12 heads of 64); M query rows, N keys.
"""
import sys


def t(shape, dt):
    return f"tensor<{shape}x{dt}>"


def unary(res, src, shape, din, dout, buf, op):
    """%res = op(%src) elementwise over shape (a truncf, an extf, an exp):
    op is the body's op with its operand %a, e.g. 'math.exp %a : f32'."""
    return f'''  %{res} = linalg.generic {{indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}} ins(%{src} : {t(shape, din)}) outs(%{buf} : {t(shape, dout)}) {{
  ^bb0(%a: {din}, %o: {dout}):
    %r = {op}
    linalg.yield %r : {dout}
  }} -> {t(shape, dout)}
'''


def attn(name, B, M, N, D, DV, scale="8.0"):
    q, k, v = f"{B}x{M}x{D}", f"{B}x{N}x{D}", f"{B}x{N}x{DV}"
    s, o = f"{B}x{M}x{N}", f"{B}x{M}x{DV}"
    return f'''func.func @{name}(%q: {t(q,'bf16')}, %k: {t(k,'bf16')}, %v: {t(v,'bf16')}, %mask: tensor<{N}xbf16>) -> {t(o,'bf16')} {{
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant {scale} : bf16
  %ekt = tensor.empty() : tensor<{B}x{D}x{N}xbf16>
  %kt = linalg.transpose ins(%k : {t(k,'bf16')}) outs(%ekt : tensor<{B}x{D}x{N}xbf16>) permutation = [0, 2, 1]
  %es = tensor.empty() : {t(s,'f32')}
  %fs = linalg.fill ins(%zero : f32) outs(%es : {t(s,'f32')}) -> {t(s,'f32')}
  %s0 = linalg.batch_matmul ins(%q, %kt : {t(q,'bf16')}, tensor<{B}x{D}x{N}xbf16>) outs(%fs : {t(s,'f32')}) -> {t(s,'f32')}
  %ebs = tensor.empty() : {t(s,'bf16')}
{unary("s1", "s0", s, "f32", "bf16", "ebs", "arith.truncf %a : f32 to bf16")}  %s2 = linalg.generic {{indexing_maps = [#id3, #mask, #id3], iterator_types = ["parallel", "parallel", "parallel"]}} ins(%s1, %mask : {t(s,'bf16')}, tensor<{N}xbf16>) outs(%ebs : {t(s,'bf16')}) {{
  ^bb0(%a: bf16, %m: bf16, %o: bf16):
    %x = arith.divf %a, %scale : bf16
    %y = arith.addf %x, %m : bf16
    linalg.yield %y : bf16
  }} -> {t(s,'bf16')}
{unary("s", "s2", s, "bf16", "f32", "es", "arith.extf %a : bf16 to f32")}  %em = tensor.empty() : tensor<{B}x{M}xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%em : tensor<{B}x{M}xf32>) -> tensor<{B}x{M}xf32>
  %c0_i64 = arith.constant 0 : i64
  %ei = tensor.empty() : tensor<{B}x{M}xi64>
  %fi = linalg.fill ins(%c0_i64 : i64) outs(%ei : tensor<{B}x{M}xi64>) -> tensor<{B}x{M}xi64>
  %mx:2 = linalg.generic {{indexing_maps = [#id3, #row3, #row3], iterator_types = ["parallel", "parallel", "reduction"]}} ins(%s : {t(s,'f32')}) outs(%fm, %fi : tensor<{B}x{M}xf32>, tensor<{B}x{M}xi64>) {{
  ^bb0(%a: f32, %o: f32, %oi: i64):
    %j = linalg.index 2 : index
    %ji = arith.index_cast %j : index to i64
    %r = arith.maximumf %a, %o : f32
    %gt = arith.cmpf ogt, %a, %o : f32
    %ri = arith.select %gt, %ji, %oi : i64
    linalg.yield %r, %ri : f32, i64
  }} -> (tensor<{B}x{M}xf32>, tensor<{B}x{M}xi64>)
  %e0 = linalg.generic {{indexing_maps = [#id3, #row3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}} ins(%s, %mx#0 : {t(s,'f32')}, tensor<{B}x{M}xf32>) outs(%es : {t(s,'f32')}) {{
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    linalg.yield %d : f32
  }} -> {t(s,'f32')}
{unary("e", "e0", s, "f32", "f32", "es", "math.exp %a : f32")}  %el = tensor.empty() : tensor<{B}x{M}x1xf32>
  %fl = linalg.fill ins(%zero : f32) outs(%el : tensor<{B}x{M}x1xf32>) -> tensor<{B}x{M}x1xf32>
  %l = linalg.generic {{indexing_maps = [#id3, #rowk], iterator_types = ["parallel", "parallel", "reduction"]}} ins(%e : {t(s,'f32')}) outs(%fl : tensor<{B}x{M}x1xf32>) {{
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %o : f32
    linalg.yield %r : f32
  }} -> tensor<{B}x{M}x1xf32>
  %p = linalg.generic {{indexing_maps = [#id3, #rowk, #id3], iterator_types = ["parallel", "parallel", "parallel"]}} ins(%e, %l : {t(s,'f32')}, tensor<{B}x{M}x1xf32>) outs(%ebs : {t(s,'bf16')}) {{
  ^bb0(%a: f32, %b: f32, %o: bf16):
    %d = arith.divf %a, %b : f32
    %r = arith.truncf %d : f32 to bf16
    linalg.yield %r : bf16
  }} -> {t(s,'bf16')}
  %eo = tensor.empty() : {t(o,'f32')}
  %fo = linalg.fill ins(%zero : f32) outs(%eo : {t(o,'f32')}) -> {t(o,'f32')}
  %o0 = linalg.batch_matmul ins(%p, %v : {t(s,'bf16')}, {t(v,'bf16')}) outs(%fo : {t(o,'f32')}) -> {t(o,'f32')}
  %ebo = tensor.empty() : {t(o,'bf16')}
{unary("o", "o0", o, "f32", "bf16", "ebo", "arith.truncf %a : f32 to bf16")}  return %o : {t(o,'bf16')}
}}
'''

HEADER = """#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row3 = affine_map<(d0, d1, d2) -> (d0, d1)>
#rowk = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#mask = affine_map<(d0, d1, d2) -> (d2)>
"""


def main(argv):
    specs = argv or ["bert128_bf16:12x128x128x64x64", "bert512_bf16:12x512x512x64x64"]
    out = [HEADER]
    for spec in specs:
        name, _, dims = spec.partition(":")
        try:
            b, m, n, d, dv = (int(x) for x in dims.split("x"))
        except ValueError:
            sys.exit(f"attention_bf16.py: '{spec}': expected NAME:BxMxNxDxDV")
        out.append(attn(name, b, m, n, d, dv))
    sys.stdout.write("".join(out))


if __name__ == "__main__":
    main(sys.argv[1:])
