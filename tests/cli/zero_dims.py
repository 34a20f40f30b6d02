"""Programs with a zero-size dimension, one function each (tests/cli/zero_dims.sh).

Every kernel kind the executor lowers, written once with its sizes as
parameters; each function sets one of them to 0 (the others small), so the
kernel's output, its reduction or an input has no elements. Prints one MLIR
module on stdout; the function names on stderr, one a line.
"""
import sys

ID2 = "affine_map<(d0, d1) -> (d0, d1)>"
COL = "affine_map<(d0, d1) -> (d1)>"
ROW = "affine_map<(d0, d1) -> (d0)>"


def t(*dims, ty="f32"):
    return "tensor<%s%s>" % ("".join("%dx" % d for d in dims), ty)


def matmul(M, N, K):
    # matmul + bias + relu; the fill 0.5 makes an empty K visible
    return f"""(%x: {t(M, K)}, %w: {t(K, N)}, %b: {t(N)}) -> {t(M, N)} {{
  %h = arith.constant 0.5 : f32
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : {t(M, N)}
  %f = linalg.fill ins(%h : f32) outs(%e : {t(M, N)}) -> {t(M, N)}
  %y = linalg.matmul ins(%x, %w : {t(M, K)}, {t(K, N)}) outs(%f : {t(M, N)}) -> {t(M, N)}
  %r = linalg.generic {{indexing_maps = [{ID2}, {COL}, {ID2}], iterator_types = ["parallel", "parallel"]}} ins(%y, %b : {t(M, N)}, {t(N)}) outs(%e : {t(M, N)}) {{
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    %m = arith.maximumf %s, %z : f32
    linalg.yield %m : f32
  }} -> {t(M, N)}
  return %r : {t(M, N)}
}}"""


def matmul_t(M, N, K):
    # B as torch's Linear stores it ([N][K])
    return f"""(%x: {t(M, K)}, %w: {t(N, K)}) -> {t(M, N)} {{
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : {t(M, N)}
  %f = linalg.fill ins(%z : f32) outs(%e : {t(M, N)}) -> {t(M, N)}
  %y = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%x, %w : {t(M, K)}, {t(N, K)}) outs(%f : {t(M, N)}) -> {t(M, N)}
  return %y : {t(M, N)}
}}"""


def lowp(M, N, K, ty="bf16"):
    # torch-mlir's bf16/f16 Linear: widen, f32 matmul, round
    return f"""(%x: {t(M, K, ty=ty)}, %w: {t(K, N, ty=ty)}) -> {t(M, N, ty=ty)} {{
  %z = arith.constant 0.0 : f32
  %ex = tensor.empty() : {t(M, K)}
  %xf = linalg.generic {{indexing_maps = [{ID2}, {ID2}], iterator_types = ["parallel", "parallel"]}} ins(%x : {t(M, K, ty=ty)}) outs(%ex : {t(M, K)}) {{
  ^bb0(%a: {ty}, %o: f32):
    %v = arith.extf %a : {ty} to f32
    linalg.yield %v : f32
  }} -> {t(M, K)}
  %ew = tensor.empty() : {t(K, N)}
  %wf = linalg.generic {{indexing_maps = [{ID2}, {ID2}], iterator_types = ["parallel", "parallel"]}} ins(%w : {t(K, N, ty=ty)}) outs(%ew : {t(K, N)}) {{
  ^bb0(%a: {ty}, %o: f32):
    %v = arith.extf %a : {ty} to f32
    linalg.yield %v : f32
  }} -> {t(K, N)}
  %ea = tensor.empty() : {t(M, N)}
  %acc = linalg.fill ins(%z : f32) outs(%ea : {t(M, N)}) -> {t(M, N)}
  %y = linalg.matmul ins(%xf, %wf : {t(M, K)}, {t(K, N)}) outs(%acc : {t(M, N)}) -> {t(M, N)}
  %eb = tensor.empty() : {t(M, N, ty=ty)}
  %r = linalg.generic {{indexing_maps = [{ID2}, {ID2}], iterator_types = ["parallel", "parallel"]}} ins(%y : {t(M, N)}) outs(%eb : {t(M, N, ty=ty)}) {{
  ^bb0(%a: f32, %o: {ty}):
    %v = arith.truncf %a : f32 to {ty}
    linalg.yield %v : {ty}
  }} -> {t(M, N, ty=ty)}
  return %r : {t(M, N, ty=ty)}
}}"""


def batch(B, M, N, K, op="batch_matmul"):
    out = t(B, M, N) if op == "batch_matmul" else t(M, N)
    return f"""(%x: {t(B, M, K)}, %w: {t(B, K, N)}) -> {out} {{
  %h = arith.constant 0.25 : f32
  %e = tensor.empty() : {out}
  %f = linalg.fill ins(%h : f32) outs(%e : {out}) -> {out}
  %y = linalg.{op} ins(%x, %w : {t(B, M, K)}, {t(B, K, N)}) outs(%f : {out}) -> {out}
  return %y : {out}
}}"""


def conv(N, C, H, W, F, KH, KW, op="conv_2d_nchw_fchw"):
    OH, OW = H - KH + 1, W - KW + 1
    if op == "conv_2d_nchw_fchw":
        i, k, o = t(N, C, H, W), t(F, C, KH, KW), t(N, F, OH, OW)
    elif op == "conv_2d_nhwc_hwcf":
        i, k, o = t(N, H, W, C), t(KH, KW, C, F), t(N, OH, OW, F)
    elif op == "depthwise_conv_2d_nchw_chw":
        i, k, o = t(N, C, H, W), t(C, KH, KW), t(N, C, OH, OW)
    elif op == "pooling_nchw_max":
        i, k, o = t(N, C, H, W), t(KH, KW), t(N, C, OH, OW)
    else:  # pooling_nhwc_sum
        i, k, o = t(N, H, W, C), t(KH, KW), t(N, OH, OW, C)
    return f"""(%i: {i}, %k: {k}, %o: {o}) -> {o} {{
  %r = linalg.{op} {{dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}} ins(%i, %k : {i}, {k}) outs(%o : {o}) -> {o}
  return %r : {o}
}}"""


def eltwise(M, N):
    return f"""(%x: {t(M, N)}, %y: {t(M, N)}) -> {t(M, N)} {{
  %e = tensor.empty() : {t(M, N)}
  %r = linalg.generic {{indexing_maps = [{ID2}, {ID2}, {ID2}], iterator_types = ["parallel", "parallel"]}} ins(%x, %y : {t(M, N)}, {t(M, N)}) outs(%e : {t(M, N)}) {{
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    %q = math.exp %s : f32
    linalg.yield %q : f32
  }} -> {t(M, N)}
  return %r : {t(M, N)}
}}"""


def reduce(M, N, ty="f32"):
    # a row sum (empty rows give the init) and a row max (its -inf)
    zero = "0.0" if ty == "f32" else "0"
    add = "arith.addf" if ty == "f32" else "arith.addi"
    mx = "arith.maximumf" if ty == "f32" else "arith.maxsi"
    lo = "0xFF800000" if ty == "f32" else "-2147483648"
    return f"""(%x: {t(M, N, ty=ty)}) -> ({t(M, ty=ty)}, {t(N, ty=ty)}) {{
  %z = arith.constant {zero} : {ty}
  %n = arith.constant {lo} : {ty}
  %e = tensor.empty() : {t(M, ty=ty)}
  %f = linalg.fill ins(%z : {ty}) outs(%e : {t(M, ty=ty)}) -> {t(M, ty=ty)}
  %s = linalg.generic {{indexing_maps = [{ID2}, {ROW}], iterator_types = ["parallel", "reduction"]}} ins(%x : {t(M, N, ty=ty)}) outs(%f : {t(M, ty=ty)}) {{
  ^bb0(%a: {ty}, %o: {ty}):
    %r = {add} %a, %o : {ty}
    linalg.yield %r : {ty}
  }} -> {t(M, ty=ty)}
  %ec = tensor.empty() : {t(N, ty=ty)}
  %fc = linalg.fill ins(%n : {ty}) outs(%ec : {t(N, ty=ty)}) -> {t(N, ty=ty)}
  %c = linalg.generic {{indexing_maps = [{ID2}, {COL}], iterator_types = ["reduction", "parallel"]}} ins(%x : {t(M, N, ty=ty)}) outs(%fc : {t(N, ty=ty)}) {{
  ^bb0(%a: {ty}, %o: {ty}):
    %r = {mx} %a, %o : {ty}
    linalg.yield %r : {ty}
  }} -> {t(N, ty=ty)}
  return %s, %c : {t(M, ty=ty)}, {t(N, ty=ty)}
}}"""


def softmax(M, N):
    return f"""(%x: {t(M, N)}) -> {t(M, N)} {{
  %z = arith.constant 0.0 : f32
  %n = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : {t(M, N)}
  %ev = tensor.empty() : {t(M)}
  %fm = linalg.fill ins(%n : f32) outs(%ev : {t(M)}) -> {t(M)}
  %m = linalg.generic {{indexing_maps = [{ID2}, {ROW}], iterator_types = ["parallel", "reduction"]}} ins(%x : {t(M, N)}) outs(%fm : {t(M)}) {{
  ^bb0(%a: f32, %o: f32):
    %r = arith.maximumf %a, %o : f32
    linalg.yield %r : f32
  }} -> {t(M)}
  %p = linalg.generic {{indexing_maps = [{ID2}, {ROW}, {ID2}], iterator_types = ["parallel", "parallel"]}} ins(%x, %m : {t(M, N)}, {t(M)}) outs(%e : {t(M, N)}) {{
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    %q = math.exp %d : f32
    linalg.yield %q : f32
  }} -> {t(M, N)}
  %fs = linalg.fill ins(%z : f32) outs(%ev : {t(M)}) -> {t(M)}
  %s = linalg.generic {{indexing_maps = [{ID2}, {ROW}], iterator_types = ["parallel", "reduction"]}} ins(%p : {t(M, N)}) outs(%fs : {t(M)}) {{
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %o : f32
    linalg.yield %r : f32
  }} -> {t(M)}
  %r = linalg.generic {{indexing_maps = [{ID2}, {ROW}, {ID2}], iterator_types = ["parallel", "parallel"]}} ins(%p, %s : {t(M, N)}, {t(M)}) outs(%e : {t(M, N)}) {{
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.divf %a, %b : f32
    linalg.yield %d : f32
  }} -> {t(M, N)}
  return %r : {t(M, N)}
}}"""


def attention(B, S, T, D, V):
    # tests/data/attention.mlir's @attn with its sizes as parameters
    id3 = "affine_map<(d0, d1, d2) -> (d0, d1, d2)>"
    row3 = "affine_map<(d0, d1, d2) -> (d0, d1)>"
    rowk = "affine_map<(d0, d1, d2) -> (d0, d1, 0)>"
    mask = "affine_map<(d0, d1, d2) -> (d2)>"
    return f"""(%q: {t(B, S, D)}, %k: {t(B, T, D)}, %v: {t(B, T, V)}, %mask: {t(T)}) -> {t(B, S, V)} {{
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant 4.0 : f32
  %ekt = tensor.empty() : {t(B, D, T)}
  %kt = linalg.transpose ins(%k : {t(B, T, D)}) outs(%ekt : {t(B, D, T)}) permutation = [0, 2, 1]
  %es = tensor.empty() : {t(B, S, T)}
  %fs = linalg.fill ins(%zero : f32) outs(%es : {t(B, S, T)}) -> {t(B, S, T)}
  %s0 = linalg.batch_matmul ins(%q, %kt : {t(B, S, D)}, {t(B, D, T)}) outs(%fs : {t(B, S, T)}) -> {t(B, S, T)}
  %s = linalg.generic {{indexing_maps = [{id3}, {mask}, {id3}], iterator_types = ["parallel", "parallel", "parallel"]}} ins(%s0, %mask : {t(B, S, T)}, {t(T)}) outs(%es : {t(B, S, T)}) {{
  ^bb0(%a: f32, %m: f32, %o: f32):
    %x = arith.divf %a, %scale : f32
    %y = arith.addf %x, %m : f32
    linalg.yield %y : f32
  }} -> {t(B, S, T)}
  %em = tensor.empty() : {t(B, S)}
  %fm = linalg.fill ins(%ninf : f32) outs(%em : {t(B, S)}) -> {t(B, S)}
  %mx = linalg.generic {{indexing_maps = [{id3}, {row3}], iterator_types = ["parallel", "parallel", "reduction"]}} ins(%s : {t(B, S, T)}) outs(%fm : {t(B, S)}) {{
  ^bb0(%a: f32, %o: f32):
    %r = arith.maximumf %a, %o : f32
    linalg.yield %r : f32
  }} -> {t(B, S)}
  %e = linalg.generic {{indexing_maps = [{id3}, {row3}, {id3}], iterator_types = ["parallel", "parallel", "parallel"]}} ins(%s, %mx : {t(B, S, T)}, {t(B, S)}) outs(%es : {t(B, S, T)}) {{
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    %x = math.exp %d : f32
    linalg.yield %x : f32
  }} -> {t(B, S, T)}
  %el = tensor.empty() : {t(B, S, 1)}
  %fl = linalg.fill ins(%zero : f32) outs(%el : {t(B, S, 1)}) -> {t(B, S, 1)}
  %l = linalg.generic {{indexing_maps = [{id3}, {rowk}], iterator_types = ["parallel", "parallel", "reduction"]}} ins(%e : {t(B, S, T)}) outs(%fl : {t(B, S, 1)}) {{
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %o : f32
    linalg.yield %r : f32
  }} -> {t(B, S, 1)}
  %p = linalg.generic {{indexing_maps = [{id3}, {rowk}, {id3}], iterator_types = ["parallel", "parallel", "parallel"]}} ins(%e, %l : {t(B, S, T)}, {t(B, S, 1)}) outs(%es : {t(B, S, T)}) {{
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.divf %a, %b : f32
    linalg.yield %d : f32
  }} -> {t(B, S, T)}
  %eo = tensor.empty() : {t(B, S, V)}
  %fo = linalg.fill ins(%zero : f32) outs(%eo : {t(B, S, V)}) -> {t(B, S, V)}
  %o = linalg.batch_matmul ins(%p, %v : {t(B, S, T)}, {t(B, T, V)}) outs(%fo : {t(B, S, V)}) -> {t(B, S, V)}
  return %o : {t(B, S, V)}
}}"""


def shapes(M, N):
    # transpose, broadcast, an extract_slice, an insert_slice and a pad of
    # the (maybe empty) input, a concat of it, and of a kernel's (maybe
    # empty) result with a tensor that is not empty
    return f"""(%x: {t(M, N)}, %d: {t(M + 2, N + 2)}, %y: {t(2, N)}) -> ({t(N, M)}, {t(3, M, N)}, {t(M, N)}, {t(M + 2, N + 2)}, {t(M + 2, N + 3)}, {t(M + M, N)}, {t(M + 2, N)}) {{
  %p0 = arith.constant 1.5 : f32
  %et = tensor.empty() : {t(N, M)}
  %tr = linalg.transpose ins(%x : {t(M, N)}) outs(%et : {t(N, M)}) permutation = [1, 0]
  %eb = tensor.empty() : {t(3, M, N)}
  %bc = linalg.broadcast ins(%x : {t(M, N)}) outs(%eb : {t(3, M, N)}) dimensions = [0]
  %s = tensor.extract_slice %d[1, 1] [{M}, {N}] [1, 1] : {t(M + 2, N + 2)} to {t(M, N)}
  %i = tensor.insert_slice %x into %d[1, 2] [{M}, {N}] [1, 1] : {t(M, N)} into {t(M + 2, N + 2)}
  %p = tensor.pad %x low[1, 1] high[1, 2] {{
  ^bb0(%a: index, %b: index):
    tensor.yield %p0 : f32
  }} : {t(M, N)} to {t(M + 2, N + 3)}
  %c = tensor.concat dim(0) %x, %x : ({t(M, N)}, {t(M, N)}) -> {t(M + M, N)}
  %ee = tensor.empty() : {t(M, N)}
  %ex = linalg.exp ins(%x : {t(M, N)}) outs(%ee : {t(M, N)}) -> {t(M, N)}
  %c2 = tensor.concat dim(0) %ex, %y : ({t(M, N)}, {t(2, N)}) -> {t(M + 2, N)}
  return %tr, %bc, %s, %i, %p, %c, %c2 : {t(N, M)}, {t(3, M, N)}, {t(M, N)}, {t(M + 2, N + 2)}, {t(M + 2, N + 3)}, {t(M + M, N)}, {t(M + 2, N)}
}}"""


KINDS = [
    # name, template, nominal sizes (each set to 0 in turn), extra args
    ("matmul", matmul, dict(M=5, N=70, K=9), {}),
    ("matmul_t", matmul_t, dict(M=3, N=17, K=33), {}),
    ("gemv", matmul, dict(M=1, N=40, K=300), {}),
    ("bf16", lowp, dict(M=6, N=70, K=20), dict(ty="bf16")),
    ("f16", lowp, dict(M=6, N=20, K=9), dict(ty="f16")),
    ("bmm", batch, dict(B=2, M=3, N=20, K=7), {}),
    ("brmm", batch, dict(B=2, M=3, N=20, K=7), dict(op="batch_reduce_matmul")),
    # the im2col path (small) and the window-as-B path (8+ channels and pixels)
    ("conv", conv, dict(N=2, C=3, H=6, W=6, F=4, KH=3, KW=3), {}),
    ("convw", conv, dict(N=2, C=5, H=10, W=12, F=9, KH=3, KW=3), {}),
    ("nhwc", conv, dict(N=1, C=3, H=5, W=5, F=4, KH=2, KW=2), dict(op="conv_2d_nhwc_hwcf")),
    ("dw", conv, dict(N=1, C=4, H=5, W=5, KH=3, KW=3), dict(op="depthwise_conv_2d_nchw_chw", F=0)),
    ("maxpool", conv, dict(N=1, C=4, H=5, W=5, KH=2, KW=2), dict(op="pooling_nchw_max", F=0)),
    ("sumpool", conv, dict(N=1, C=4, H=5, W=5, KH=2, KW=2), dict(op="pooling_nhwc_sum", F=0)),
    ("eltwise", eltwise, dict(M=7, N=33), {}),
    ("reduce", reduce, dict(M=7, N=33), {}),
    ("reduce_i32", reduce, dict(M=5, N=9), dict(ty="i32")),
    ("softmax", softmax, dict(M=6, N=21), {}),
    ("attn", attention, dict(B=2, S=5, T=9, D=8, V=6), {}),
    ("shapes", shapes, dict(M=3, N=4), {}),
]


def main():
    funcs = []
    for name, fn, sizes, extra in KINDS:
        for dim in sizes:
            s = dict(sizes, **extra)
            s[dim] = 0
            if fn is conv and dim in ("H", "W"):
                # an input one row short of the window: no output rows
                s[dim] = s["K" + dim] - 1
            funcs.append(("%s_%s0" % (name, dim.lower()), fn(**s)))
    print("// generated by tests/cli/zero_dims.py: one dimension of each kernel kind set to 0")
    for name, body in funcs:
        print("func.func @%s%s" % (name, body))
        print(name, file=sys.stderr)


if __name__ == "__main__":
    main()
