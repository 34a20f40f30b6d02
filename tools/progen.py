#!/usr/bin/env python3
"""progen.py - random linalg-on-tensors programs within spadc's scope.

A program is a chain of layers. Each layer is a contraction (matmul, matmul
with a transposed operand, batch_matmul, batch_reduce_matmul) followed by a
random epilogue (bias through a broadcast, residual add, ReLU, scale, GELU,
casts), written in a random spelling: named ops or linalg.generic, PyTorch
style (tensor.empty + fill, linalg.transpose, one op per step, cmpf+select
ReLU) or mlir-gen style (one generic per epilogue, maps over the loops),
zero inits as fills or as splat constants. Shapes include 1, primes and
sizes just below and above tile multiples.

The program is first drawn as a *spec* (plain JSON-able data), then emitted
as MLIR. Keeping the spec lets difftest.py shrink a failing program by
editing the spec (fewer layers, fewer steps, smaller dimensions, plainer
spellings) and emitting again.

    python3 tools/progen.py --seed 7            # print one program
    python3 tools/progen.py --seed 7 --main     # with @main: constant inputs, prints results
    python3 tools/progen.py --seed 7 --spec     # the spec as JSON
"""
import argparse
import json
import random

DIMS = [1, 2, 3, 5, 7, 8, 13, 15, 16, 17, 31, 32, 33, 47, 48, 49, 63, 64, 65, 96, 127, 128, 129]
SMALL_DIMS = [1, 2, 3, 5, 7, 8, 13, 15, 16, 17, 31, 32, 33]
# around the cpu engine's cache blocks (several K and M blocks per kernel)
LARGE_DIMS = [97, 127, 191, 255, 256, 257, 383, 384, 385, 511, 513, 769]
KINDS = ["matmul", "matmul_tb", "matmul_ta", "batch_matmul", "batch_reduce_matmul"]
STEPS = ["bias", "residual", "relu", "scale", "gelu_tanh", "gelu_erf", "cast_rt", "sub_bias"]
RELU = ["maximumf", "maxnumf", "select", "named_max"]
SCALES = [0.5, 0.25, 2.0, -1.5, 0.125, 3.0]


# ---------------------------------------------------------------- spec

def random_spec(rng, small=False, max_macs=2_000_000):
    """Draw a program spec. small: dimensions for the npu and the oracle;
    otherwise one program in five gets large dimensions (and more work)."""
    dims = SMALL_DIMS if small else DIMS
    if not small and rng.random() < 0.2:
        dims, max_macs = LARGE_DIMS, 12 * max_macs
    nlayers = rng.choice([1, 1, 2, 2, 3])
    batch_kind = rng.random() < 0.25
    spec = {"layers": [], "M": rng.choice(dims), "K0": rng.choice(dims),
            "B": rng.choice([1, 2, 3, 4]) if batch_kind else 0,
            "out_bf16": rng.random() < 0.1,
            "style": rng.choice(["pytorch", "mlirgen", "mixed"]),
            "generic_print": rng.random() < 0.2,
            "aliases": rng.random() < 0.5}
    batched = batch_kind
    for i in range(nlayers):
        kinds = ["batch_matmul", "batch_reduce_matmul"] if batched else ["matmul", "matmul_tb", "matmul_ta"]
        kind = rng.choice(kinds)
        if kind == "batch_reduce_matmul":
            batched = False  # later layers see the reduced [M, N]
        if kind == "matmul_ta" and i > 0:
            kind = "matmul"  # a transposed lhs only for the input itself
        nsteps = rng.choice([0, 1, 2, 2, 3, 4])
        steps = [rng.choice(STEPS) for _ in range(nsteps)]
        layer = {"kind": kind, "N": rng.choice(dims), "steps": steps,
                 "named": rng.random() < 0.5,
                 "init": rng.choice(["fill", "fill", "splat"]),
                 "relu": rng.choice(RELU),
                 "scale": rng.choice(SCALES),
                 "fused_epilogue": rng.random() < 0.5,
                 "bias_named_broadcast": rng.random() < 0.3}
        spec["layers"].append(layer)
    # keep the work bounded for the reference interpreter
    while macs(spec) > max_macs:
        big = max(range(len(spec["layers"])), key=lambda i: spec["layers"][i]["N"])
        if spec["layers"][big]["N"] > 8:
            spec["layers"][big]["N"] = spec["layers"][big]["N"] // 2 + 1
        elif spec["M"] > 8:
            spec["M"] = spec["M"] // 2 + 1
        else:
            spec["K0"] = max(1, spec["K0"] // 2)
    return spec


def macs(spec):
    total, k, batched = 0, spec["K0"], spec["B"] > 0
    for l in spec["layers"]:
        b = spec["B"] if batched and l["kind"] in ("batch_matmul", "batch_reduce_matmul") else 1
        total += b * spec["M"] * l["N"] * k
        if l["kind"] == "batch_reduce_matmul":
            batched = False
        k = l["N"]
    return total


# ---------------------------------------------------------------- emit

class Emitter:
    def __init__(self, spec):
        self.spec = spec
        self.lines = []
        self.n = 0
        self.args = []    # (name, type, role)
        self.aliases = {}
        self.scale_name = None

    def fresh(self, base="v"):
        self.n += 1
        return "%%%s%d" % (base, self.n)

    def arg(self, base, ty, role):
        name = "%%%s%d" % (base, len(self.args))
        self.args.append((name, ty, role))
        return name

    def amap(self, text):
        if not self.spec.get("aliases"):
            return "affine_map<%s>" % text
        if text not in self.aliases:
            self.aliases[text] = "#map%d" % len(self.aliases)
        return self.aliases[text]

    def emit(self, line):
        self.lines.append("    " + line)


def tt(shape, dt="f32"):
    return "tensor<%s%s>" % ("".join("%dx" % d for d in shape), dt)


def flit(v):
    return "%.9e" % v


def dims_text(rank):
    return ", ".join("d%d" % i for i in range(rank))


def init_tensor(e, layer, shape):
    """A zero-initialised accumulator: fill of an empty tensor or a splat constant."""
    if layer["init"] == "splat":
        z = e.fresh("zs")
        e.emit("%s = arith.constant dense<0.000000e+00> : %s" % (z, tt(shape)))
        return z
    emp = e.fresh("e")
    e.emit("%s = tensor.empty() : %s" % (emp, tt(shape)))
    z = e.fresh("z")
    e.emit("%s = linalg.fill ins(%%zero : f32) outs(%s : %s) -> %s" % (z, emp, tt(shape), tt(shape)))
    return z


def empty(e, shape, dt="f32"):
    v = e.fresh("e")
    e.emit("%s = tensor.empty() : %s" % (v, tt(shape, dt)))
    return v


def contraction(e, layer, x, xshape, k):
    """Emit one contraction; returns (value, shape)."""
    kind, n, named = layer["kind"], layer["N"], layer["named"]
    if kind in ("matmul", "matmul_tb", "matmul_ta"):
        m = xshape[0]
        out = [m, n]
        if kind == "matmul_tb":
            w = e.arg("w", tt([n, k]), "weight")
            if named and e.spec["style"] == "pytorch":
                # PyTorch style: an explicit transpose, then a plain matmul
                wt = e.fresh("wt")
                et = empty(e, [k, n])
                e.emit("%s = linalg.transpose ins(%s : %s) outs(%s : %s) permutation = [1, 0]"
                       % (wt, w, tt([n, k]), et, tt([k, n])))
                w, wmap, wshape = wt, "(d0, d1, d2) -> (d2, d1)", [k, n]
            else:
                wmap, wshape = "(d0, d1, d2) -> (d1, d2)", [n, k]
            xmap = "(d0, d1, d2) -> (d0, d2)"
        elif kind == "matmul_ta":
            # x arrives as [k, m]
            w = e.arg("w", tt([k, n]), "weight")
            wmap, wshape = "(d0, d1, d2) -> (d2, d1)", [k, n]
            xmap = "(d0, d1, d2) -> (d2, d0)"
        else:
            w = e.arg("w", tt([k, n]), "weight")
            wmap, wshape = "(d0, d1, d2) -> (d2, d1)", [k, n]
            xmap = "(d0, d1, d2) -> (d0, d2)"
        if kind == "matmul_ta":
            m = xshape[1]
            out = [m, n]
        acc = init_tensor(e, layer, out)
        r = e.fresh("mm")
        default = xmap == "(d0, d1, d2) -> (d0, d2)" and wmap == "(d0, d1, d2) -> (d2, d1)"
        omap = "(d0, d1, d2) -> (d0, d1)"
        if named and default:
            e.emit("%s = linalg.matmul ins(%s, %s : %s, %s) outs(%s : %s) -> %s"
                   % (r, x, w, tt(xshape), tt(wshape), acc, tt(out), tt(out)))
        elif named:
            e.emit("%s = linalg.matmul indexing_maps = [%s, %s, %s] ins(%s, %s : %s, %s) outs(%s : %s) -> %s"
                   % (r, "affine_map<%s>" % xmap, "affine_map<%s>" % wmap, "affine_map<%s>" % omap,
                      x, w, tt(xshape), tt(wshape), acc, tt(out), tt(out)))
        else:
            generic_mac(e, r, [xmap, wmap, omap], ["parallel", "parallel", "reduction"],
                        x, w, acc, xshape, wshape, out)
        return r, out
    bsz, m = xshape[0], xshape[1]
    w = e.arg("w", tt([bsz, k, n]), "weight")
    if kind == "batch_matmul":
        out = [bsz, m, n]
        maps = ["(d0, d1, d2, d3) -> (d0, d1, d3)", "(d0, d1, d2, d3) -> (d0, d3, d2)",
                "(d0, d1, d2, d3) -> (d0, d1, d2)"]
        its = ["parallel", "parallel", "parallel", "reduction"]
    else:
        out = [m, n]
        maps = ["(d0, d1, d2, d3) -> (d0, d1, d3)", "(d0, d1, d2, d3) -> (d0, d3, d2)",
                "(d0, d1, d2, d3) -> (d1, d2)"]
        its = ["reduction", "parallel", "parallel", "reduction"]
    acc = init_tensor(e, layer, out)
    r = e.fresh("bmm")
    if named:
        e.emit("%s = linalg.%s ins(%s, %s : %s, %s) outs(%s : %s) -> %s"
               % (r, kind, x, w, tt(xshape), tt([bsz, k, n]), acc, tt(out), tt(out)))
    else:
        generic_mac(e, r, maps, its, x, w, acc, xshape, [bsz, k, n], out)
    return r, out


def generic_mac(e, r, maps, its, x, w, acc, xs, ws, out):
    e.emit('%s = linalg.generic {indexing_maps = [%s], iterator_types = [%s]} ins(%s, %s : %s, %s) outs(%s : %s) {'
           % (r, ", ".join(e.amap(mp) for mp in maps), ", ".join('"%s"' % i for i in its),
              x, w, tt(xs), tt(ws), acc, tt(out)))
    e.emit("^bb0(%a: f32, %b: f32, %c: f32):")
    e.emit("  %p = arith.mulf %a, %b : f32")
    e.emit("  %s = arith.addf %c, %p : f32")
    e.emit("  linalg.yield %s : f32")
    e.emit("} -> %s" % tt(out))


def body_step(e, step, layer, v, extra, body):
    """Scalar code for one epilogue step inside a generic body; returns the
    new value name. extra: block argument for the step's operand."""
    def op(text):
        name = "%%t%d" % len(body)
        body.append("  %s = %s" % (name, text))
        return name
    if step in ("bias", "residual"):
        return op("arith.addf %s, %s : f32" % (v, extra))
    if step == "sub_bias":
        return op("arith.subf %s, %s : f32" % (v, extra))
    if step == "relu":
        z = op("arith.constant 0.000000e+00 : f32")
        if layer["relu"] == "maxnumf":
            return op("arith.maxnumf %s, %s : f32" % (v, z))
        if layer["relu"] == "select":
            c = op("arith.cmpf ugt, %s, %s : f32" % (v, z))
            return op("arith.select %s, %s, %s : f32" % (c, v, z))
        return op("arith.maximumf %s, %s : f32" % (v, z))
    if step == "scale":
        return op("arith.mulf %s, %s : f32" % (v, e.scale_name))
    if step == "gelu_tanh":
        x2 = op("arith.mulf %s, %s : f32" % (v, v))
        x3 = op("arith.mulf %s, %s : f32" % (x2, v))
        c1 = op("arith.constant %s : f32" % flit(0.044715))
        t = op("arith.mulf %s, %s : f32" % (x3, c1))
        u = op("arith.addf %s, %s : f32" % (v, t))
        c2 = op("arith.constant %s : f32" % flit(0.7978845608))
        w = op("arith.mulf %s, %s : f32" % (u, c2))
        th = op("math.tanh %s : f32" % w)
        one = op("arith.constant 1.000000e+00 : f32")
        o = op("arith.addf %s, %s : f32" % (th, one))
        half = op("arith.constant 5.000000e-01 : f32")
        h = op("arith.mulf %s, %s : f32" % (v, half))
        return op("arith.mulf %s, %s : f32" % (h, o))
    if step == "gelu_erf":
        c = op("arith.constant %s : f32" % flit(0.70710678))
        s = op("arith.mulf %s, %s : f32" % (v, c))
        er = op("math.erf %s : f32" % s)
        one = op("arith.constant 1.000000e+00 : f32")
        o = op("arith.addf %s, %s : f32" % (er, one))
        half = op("arith.constant 5.000000e-01 : f32")
        h = op("arith.mulf %s, %s : f32" % (v, half))
        return op("arith.mulf %s, %s : f32" % (h, o))
    if step == "cast_rt":
        t = op("arith.truncf %s : f32 to bf16" % v)
        return op("arith.extf %s : bf16 to f32" % t)
    raise ValueError(step)


def step_operand(e, step, shape):
    """The tensor a step reads besides the accumulator: (value, map) or None."""
    rank = len(shape)
    if step in ("bias", "sub_bias"):
        b = e.arg("b", tt([shape[-1]]), "bias")
        return b, "(%s) -> (d%d)" % (dims_text(rank), rank - 1), [shape[-1]]
    if step == "residual":
        r = e.arg("r", tt(shape), "residual")
        return r, "(%s) -> (%s)" % (dims_text(rank), dims_text(rank)), list(shape)
    return None


def epilogue(e, layer, v, shape, last_layer):
    """Emit the layer's epilogue steps; returns the final value."""
    steps = list(layer["steps"])
    rank = len(shape)
    ident = "(%s) -> (%s)" % (dims_text(rank), dims_text(rank))
    its = ", ".join(['"parallel"'] * rank)
    out_bf16 = last_layer and e.spec.get("out_bf16")
    if "scale" in steps:
        e.scale_name = e.fresh("cscale")  # captured by the generic bodies below
        e.emit("%s = arith.constant %s : f32" % (e.scale_name, flit(layer["scale"])))
    groups = [steps] if (layer["fused_epilogue"] or e.spec["style"] == "mlirgen") else [[s] for s in steps]
    if e.spec["style"] == "mixed" and len(steps) > 1 and not layer["fused_epilogue"]:
        cut = len(steps) // 2
        groups = [steps[:cut], steps[cut:]]
    if out_bf16:
        groups.append(["to_bf16"])
    for gi, group in enumerate(groups):
        if not group:
            continue
        # a named spelling for single simple steps in PyTorch style
        if len(group) == 1 and e.spec["style"] == "pytorch" and layer["named"]:
            named = named_step(e, group[0], layer, v, shape)
            if named:
                v = named
                continue
        operands = []
        for s in group:
            if s == "to_bf16":
                continue
            o = step_operand(e, s, shape)
            operands.append(o)
        ins = [(v, ident, shape)] + [o for o in operands if o]
        dt = "bf16" if group == ["to_bf16"] else "f32"
        out = empty(e, shape, dt)
        r = e.fresh("ep")
        maps = [e.amap(mp) for (_, mp, _) in ins] + [e.amap(ident)]
        e.emit('%s = linalg.generic {indexing_maps = [%s], iterator_types = [%s]} ins(%s : %s) outs(%s : %s) {'
               % (r, ", ".join(maps), its, ", ".join(x for (x, _, _) in ins),
                  ", ".join(tt(s) for (_, _, s) in ins), out, tt(shape, dt)))
        argnames = ["%%in%d" % i for i in range(len(ins))]
        e.emit("^bb0(%s, %%out: %s):" % (", ".join("%s: f32" % a for a in argnames), dt))
        body = []
        cur, nxt = argnames[0], 1
        for s, o in zip([s for s in group if s != "to_bf16"], operands):
            extra = None
            if o:
                extra = argnames[nxt]
                nxt += 1
            cur = body_step(e, s, layer, cur, extra, body)
        if group == ["to_bf16"]:
            body.append("  %%t0 = arith.truncf %s : f32 to bf16" % cur)
            cur = "%t0"
        for line in body:
            e.emit(line)
        e.emit("  linalg.yield %s : %s" % (cur, dt))
        e.emit("} -> %s" % tt(shape, dt))
        v = r
    return v


def named_step(e, step, layer, v, shape):
    """A step as named linalg ops (PyTorch style), or None if it has none."""
    if step in ("bias", "residual", "sub_bias"):
        o = step_operand(e, step, shape)
        src = o[0]
        if step in ("bias", "sub_bias"):
            if not layer["bias_named_broadcast"]:
                # put the operand back: generic spelling instead
                e.args.pop()
                return None
            bt = empty(e, shape)
            bb = e.fresh("bc")
            e.emit("%s = linalg.broadcast ins(%s : %s) outs(%s : %s) dimensions = [%s]"
                   % (bb, src, tt([shape[-1]]), bt, tt(shape), ", ".join(str(i) for i in range(len(shape) - 1))))
            src = bb
        out = empty(e, shape)
        r = e.fresh("add")
        opname = "sub" if step == "sub_bias" else "add"
        e.emit("%s = linalg.%s ins(%s, %s : %s, %s) outs(%s : %s) -> %s"
               % (r, opname, v, src, tt(shape), tt(shape), out, tt(shape), tt(shape)))
        return r
    if step == "relu" and layer["relu"] == "named_max":
        zt = init_tensor(e, {"init": "fill"}, shape)
        out = empty(e, shape)
        r = e.fresh("relu")
        e.emit("%s = linalg.max ins(%s, %s : %s, %s) outs(%s : %s) -> %s"
               % (r, v, zt, tt(shape), tt(shape), out, tt(shape), tt(shape)))
        return r
    return None


def emit_program(spec, with_main=False, input_values=None):
    e = Emitter(spec)
    # the input activation
    b, m, k = spec["B"], spec["M"], spec["K0"]
    first = spec["layers"][0]["kind"]
    if b:
        xshape = [b, m, k]
    elif first == "matmul_ta":
        xshape = [k, m]
    else:
        xshape = [m, k]
    x = e.arg("x", tt(xshape), "input")
    body_start = len(e.lines)
    e.emit("%zero = arith.constant 0.000000e+00 : f32")
    v, shape = x, xshape
    for i, layer in enumerate(spec["layers"]):
        v, shape = contraction(e, layer, v, shape, k)
        v = epilogue(e, layer, v, shape, i == len(spec["layers"]) - 1)
        k = layer["N"]
    rdt = "bf16" if spec.get("out_bf16") else "f32"
    e.emit("return %s : %s" % (v, tt(shape, rdt)))
    body = e.lines[body_start:]
    out = []
    for text, name in e.aliases.items():
        out.append("%s = affine_map<%s>" % (name, text))
    out.append("module {")
    out.append("  func.func @f(%s) -> %s {" % (", ".join("%s: %s" % (n, t) for (n, t, _) in e.args), tt(shape, rdt)))
    out.extend(body)
    out.append("  }")
    if with_main:
        out.extend(emit_main(e, shape, rdt, input_values))
    out.append("}")
    return "\n".join(out) + "\n", [(t, r) for (_, t, r) in e.args]


def arg_shapes(spec):
    _, args = emit_program(spec)
    return args


def input_values(shape_text, index):
    """Deterministic inputs: small multiples of powers of two, so products
    and most sums are exact in f32 on every implementation."""
    dims = [int(d) for d in shape_text[len("tensor<"):].split("x")[:-1]]
    n = 1
    for d in dims:
        n *= d
    vals = [((i * 7 + index * 3 + 1) % 13 - 6) / 16.0 for i in range(n)]
    return dims, vals


def dense_text(dims, vals):
    def rec(level, off):
        if level == len(dims):
            return "%.6e" % vals[off]
        stride = 1
        for d in dims[level + 1:]:
            stride *= d
        return "[" + ", ".join(rec(level + 1, off + i * stride) for i in range(dims[level])) + "]"
    return rec(0, 0)


def emit_main(e, shape, rdt, _unused):
    """@main: constant inputs, a call of @f, the whole result printed."""
    lines = ["  func.func @main() {"]
    names = []
    for i, (name, ty, _) in enumerate(e.args):
        dims, vals = input_values(ty, i)
        lines.append("    %%in%d = arith.constant dense<%s> : %s" % (i, dense_text(dims, vals), ty))
        names.append("%%in%d" % i)
    rt = tt(shape, rdt)
    lines.append("    %%r = func.call @f(%s) : (%s) -> %s" % (", ".join(names), ", ".join(t for (_, t, _) in e.args), rt))
    # print as f32 (bf16 widened) through a vector of the whole result
    if rdt != "f32":
        ident = "affine_map<(%s) -> (%s)>" % (dims_text(len(shape)), dims_text(len(shape)))
        lines.append("    %%we = tensor.empty() : %s" % tt(shape))
        lines.append('    %%rw = linalg.generic {indexing_maps = [%s, %s], iterator_types = [%s]} ins(%%r : %s) outs(%%we : %s) {'
                     % (ident, ident, ", ".join(['"parallel"'] * len(shape)), rt, tt(shape)))
        lines.append("    ^bb0(%a: bf16, %o: f32):")
        lines.append("      %w = arith.extf %a : bf16 to f32")
        lines.append("      linalg.yield %w : f32")
        lines.append("    } -> %s" % tt(shape))
        src = "%rw"
    else:
        src = "%r"
    lines.append("    %c0 = arith.constant 0 : index")
    lines.append("    %pad = arith.constant 0.000000e+00 : f32")
    vt = "vector<%sf32>" % "".join("%dx" % d for d in shape)
    lines.append("    %%v = vector.transfer_read %s[%s], %%pad : %s, %s"
                 % (src, ", ".join(["%c0"] * len(shape)), tt(shape), vt))
    lines.append("    vector.print %%v : %s" % vt)
    lines.append("    return")
    lines.append("  }")
    return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--small", action="store_true", help="small dimensions (npu, oracle)")
    ap.add_argument("--main", action="store_true", help="add @main with constant inputs that prints the result")
    ap.add_argument("--spec", action="store_true", help="print the spec as JSON instead")
    ap.add_argument("--from-spec", help="emit the program of a JSON spec file")
    a = ap.parse_args()
    if a.from_spec:
        with open(a.from_spec) as f:
            spec = json.load(f)
    else:
        spec = random_spec(random.Random(a.seed), small=a.small)
    if a.spec:
        print(json.dumps(spec, indent=1))
    else:
        print(emit_program(spec, with_main=a.main)[0], end="")


if __name__ == "__main__":
    main()
