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

Half the programs are graphs instead (see "graph programs" below): the DAG
shapes real programs have - diamonds (LeakyReLU, ELU, SELU, SiLU as
torch-mlir writes them), values read by a contraction and by its epilogue,
reductions broadcast back into epilogues (softmax, layer norm), several
results, collapse/expand and transposes between a contraction and its
epilogue, broadcast operands in every position, bf16/f16 round trips.

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

GRAPH_SHARE = 0.5  # of the programs drawn, graph programs (the rest chains)


def random_spec(rng, small=False, max_macs=2_000_000):
    """Draw a program spec. small: dimensions for the npu and the oracle;
    otherwise one program in five gets large dimensions (and more work).
    Half the programs are graphs (below); the choice is drawn from a copy of
    rng, so a seed that draws a chain draws the same chain as before graphs
    existed."""
    peek = random.Random()
    peek.setstate(rng.getstate())
    if peek.random() < GRAPH_SHARE:
        rng.random()
        return random_graph_spec(rng, small=small, max_work=max_macs)
    return random_chain_spec(rng, small, max_macs)


def random_chain_spec(rng, small=False, max_macs=2_000_000):
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
    """MLIR text of a spec (chain or graph) and its arguments' (type, role)."""
    if spec.get("graph"):
        return emit_graph_program(spec, with_main)
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


# ---------------------------------------------------------------- graph programs
#
# The chain above never branches. Real programs do: an activation written as
# two branches of one value that meet again (LeakyReLU, ELU, SELU, SiLU as
# torch-mlir writes them), a value read by a contraction and by its own
# epilogue, reductions whose results are broadcast back, several results,
# reshapes and transposes between a contraction and its epilogue, bf16/f16
# round trips. A graph spec is a list of nodes, each naming earlier nodes as
# its inputs, over symbolic dimensions:
#
#   {"graph": 1, "dims": {"a": 17, ...}, "nodes": [...], "results": [ids],
#    "generic_print": bool, "aliases": bool}
#
# A shape is a list of terms, a term a list of dimension names whose sizes
# multiply ([] is a unit dimension), so a collapse [[a], [b], [c]] ->
# [[a, b], [c]] stays consistent when the shrinker changes a dimension.
# Node ops ("op"), each with its result "shape" and element type "dt":
#   arg        a function argument (role: input, weight, bias, residual);
#              "scalar": an f32 argument, captured by generic bodies
#   splat      a splat constant tensor ("value")
#   mm         contraction "kind" (matmul, matmul_tb, matmul_ta, batch_matmul,
#              batch_reduce_matmul) of in = [x, w]; "spell" named | maps |
#              named_t (linalg.transpose of w, then a matmul) | generic
#   ew         an elementwise generic: "maps" per input (for each input dim,
#              the output dim it follows, -1 for a constant 0), "start" the
#              input the body starts from, "steps" [op, arg] applied in
#              order; "spell" generic | named | map (a named op or linalg.map
#              where the one step has one)
#   red        sum/max ("kind") over "dims"; "keep" no | map0 (the reduced
#              dims kept as 1 through a constant-0 output map) | expand
#              (reduced, then tensor.expand_shape); "spell" generic | reduce
#   reshape    tensor.collapse_shape / expand_shape to "shape"
#   transpose  "perm"; "spell" named (linalg.transpose) | generic
#
# Every value a program computes is bounded: exp only of values that are
# <= 0 or inside a select that drops its overflow, division only by sums of
# exponentials, rsqrt only of a variance plus a generous epsilon.

UNARY = ["relu", "gelu_tanh", "gelu_erf", "tanh", "sigmoid", "neg", "mulc", "addc", "cast", "square", "abs",
         "leaky", "elu", "expneg"]
BINARY = ["add", "sub", "mul", "max", "min"]


def term_size(dims, term):
    n = 1
    for d in term:
        n *= dims[d]
    return n


def gsizes(spec, shape):
    return [term_size(spec["dims"], t) for t in shape]


class Graph:
    """Builds a graph spec node by node."""

    def __init__(self, rng, dim_pool):
        self.rng = rng
        self.pool = dim_pool
        self.dims = {}
        self.nodes = []

    def dim(self, size=None):
        name = "d%d" % len(self.dims)
        self.dims[name] = size if size is not None else self.rng.choice(self.pool)
        return name

    def add(self, node):
        self.nodes.append(node)
        return len(self.nodes) - 1

    def shape(self, v):
        return self.nodes[v]["shape"]

    def arg(self, shape, role, dt="f32"):
        return self.add({"op": "arg", "shape": shape, "dt": dt, "role": role})

    def scalar_arg(self):
        return self.add({"op": "arg", "shape": [], "dt": "f32", "role": "scalar", "scalar": True})

    def ew(self, ins, maps, steps, shape, start=0, dt="f32", spell=None):
        if spell is None:
            spell = self.rng.choice(["generic", "generic", "named", "map"])
        return self.add({"op": "ew", "in": ins, "maps": maps, "start": start, "steps": steps,
                         "shape": shape, "dt": dt, "spell": spell})

    def unary(self, v, steps, dt="f32", spell=None):
        shape = self.shape(v)
        return self.ew([v], [list(range(len(shape)))], steps, shape, dt=dt, spell=spell)

    def binary(self, a, b, op, spell=None, swap=None):
        """a op b (b op a when swap), b broadcast to a's shape."""
        shape = self.shape(a)
        ins, maps = [a], [list(range(len(shape)))]
        if self.nodes[b].get("scalar"):
            ins.append(b)
            maps.append(None)
        else:
            ins.append(b)
            maps.append(bcast_map(self.shape(b), shape))
        if swap is None:
            swap = self.rng.random() < 0.3
        start = 0
        if self.rng.random() < 0.4 and maps[1] is not None:  # the broadcast operand first in ins()
            ins, maps, start = ins[::-1], maps[::-1], 1
        return self.ew(ins, maps, [[op, [1 - start, swap]]], shape, start=start, spell=spell)

    def red(self, v, dims, kind, keep=None):
        shape = self.shape(v)
        if keep is None:
            keep = self.rng.choice(["no", "no", "map0", "expand"])
        if keep == "expand" and len(dims) == len(shape):
            keep = "map0"  # spadc rejects expand_shape of a rank-0 tensor (exit 1)
        out = [([] if i in dims else t) for i, t in enumerate(shape)] if keep != "no" else \
            [t for i, t in enumerate(shape) if i not in dims]
        spell = self.rng.choice(["generic", "reduce"])
        return self.add({"op": "red", "in": [v], "dims": sorted(dims), "kind": kind, "keep": keep,
                         "spell": spell, "shape": out, "dt": "f32"})


def bcast_map(small_shape, shape):
    """The map entries reading small_shape inside shape: terms in order,
    unit terms as a constant 0; None when small_shape does not fit."""
    out, j = [], 0
    for t in small_shape:
        if t == []:
            out.append(-1)
            continue
        while j < len(shape) and shape[j] != t:
            j += 1
        if j == len(shape):
            return None
        out.append(j)
        j += 1
    return out


def broadcastable(g, v, shape):
    return not g.nodes[v].get("scalar") and g.nodes[v]["dt"] == "f32" and bcast_map(g.shape(v), shape) is not None


def random_unary(rng):
    s = rng.choice(UNARY)
    if s == "relu":
        return [s, rng.choice(["maximumf", "maxnumf", "select", "cmpf_ogt"])]
    if s == "mulc":
        return [s, rng.choice(SCALES)]
    if s == "addc":
        return [s, rng.choice([0.5, -1.0, 0.125, 3.0])]
    if s == "cast":
        return [s, rng.choice(["bf16", "f16"])]
    if s in ("leaky", "elu"):
        return [s, rng.choice([0.01, 0.2, 1.0, 1.6732632])]
    return [s, None]


def operand_for(g, cur, allow_pool=True):
    """An operand to combine with cur: an argument broadcast along some
    dimensions (bias per column or row, keepdim-shaped, scalar tensor, full
    residual, transposed residual), an f32 scalar argument, a splat, or an
    earlier value that broadcasts to cur's shape (fan-out)."""
    rng, shape = g.rng, g.shape(cur)
    r = len(shape)
    pool = [v for v in range(len(g.nodes)) if g.nodes[v]["op"] not in ("arg",) and broadcastable(g, v, shape)]
    if allow_pool and pool and rng.random() < 0.35:
        return rng.choice(pool)
    x = rng.random()
    if x < 0.06:
        return g.scalar_arg()
    if x < 0.12:
        return g.add({"op": "splat", "shape": shape, "dt": "f32", "value": rng.choice([0.5, -0.25, 2.0, 1.0])})
    kinds = ["last", "last", "first", "full", "full", "scalar", "keep", "subset", "transposed"]
    k = rng.choice(kinds) if r else "scalar"
    if k == "last" or (r == 1 and k != "scalar"):
        sub = [shape[-1]]
    elif k == "first":
        sub = [shape[0]]
    elif k == "full":
        sub = list(shape)
    elif k == "scalar":
        sub = []
    elif k == "keep":  # [M, 1] or [1, N] as torch-mlir's keepdim
        keepi = rng.randrange(r)
        sub = [(t if i == keepi else []) for i, t in enumerate(shape)]
    elif k == "subset":
        idx = sorted(rng.sample(range(r), rng.randrange(1, r + 1)))
        sub = [shape[i] for i in idx]
    else:  # a full operand in another layout: read through a permuted map
        perm = list(range(r))
        rng.shuffle(perm)
        a = g.arg([shape[p] for p in perm], "residual")
        g.nodes[a]["layout"] = perm
        return a
    return g.arg(sub, "residual" if sub == shape else "bias")


def combine(g, cur, operand, op, spell=None):
    n = g.nodes[operand]
    if "layout" in n:  # a transposed operand: map each of its dims to the output dim it holds
        perm = n["layout"]
        shape = g.shape(cur)
        return g.ew([cur, operand], [list(range(len(shape))), list(perm)], [[op, [1, g.rng.random() < 0.3]]], shape,
                    spell="generic")
    return g.binary(cur, operand, op, spell=spell)


def p_epilogue(g, cur, nsteps=None):
    """A chain of unary and binary steps: one generic, one op per step, or a mix."""
    rng = g.rng
    if nsteps is None:
        nsteps = rng.choice([1, 2, 2, 3, 4])
    steps = []
    for _ in range(nsteps):
        if rng.random() < 0.55:
            steps.append(("u", random_unary(rng)))
        else:
            steps.append(("b", operand_for(g, cur), rng.choice(BINARY), rng.random() < 0.3))
    mode = rng.choice(["fused", "split", "mixed"])
    groups = [steps] if mode == "fused" else [[s] for s in steps]
    if mode == "mixed" and len(steps) > 1:
        cut = rng.randrange(1, len(steps))
        groups = [steps[:cut], steps[cut:]]
    shape = g.shape(cur)
    for grp in groups:
        ins, maps, body = [cur], [list(range(len(shape)))], []
        for s in grp:
            if s[0] == "u":
                body.append(s[1])
                continue
            _, o, op, swap = s
            n = g.nodes[o]
            if n.get("scalar"):
                m = None
            elif "layout" in n:
                m = list(n["layout"])
            else:
                m = bcast_map(g.shape(o), shape)
            ins.append(o)
            maps.append(m)
            body.append([op, [len(ins) - 1, swap]])
        start = 0
        if len(ins) > 1 and rng.random() < 0.3:  # cur not the first input
            order = list(range(len(ins)))
            rng.shuffle(order)
            ins = [ins[i] for i in order]
            maps = [maps[i] for i in order]
            pos = {old: new for new, old in enumerate(order)}
            start = pos[0]
            body = [[b[0], [pos[b[1][0]], b[1][1]]] if b[0] in BINARY else b for b in body]
        cur = g.ew(ins, maps, body, shape, start=start)
    return cur


def p_contract(g, cur):
    """A contraction of cur, its epilogue sometimes reading cur again."""
    rng, shape = g.rng, g.shape(cur)
    x_operand = None
    if len(shape) == 3 and rng.random() < 0.5:
        # torch-mlir's Linear on a 3-D input: collapse, matmul, expand back
        b, s, h = shape
        flat = g.add({"op": "reshape", "in": [cur], "shape": [b + s, h], "dt": "f32"})
        n = h if rng.random() < 0.3 else [g.dim()]
        kind = rng.choice(["matmul_tb", "matmul"])
        w = g.arg([n, h] if kind == "matmul_tb" else [h, n], "weight")
        spell = rng.choice(["named_t", "maps", "generic"] if kind == "matmul_tb" else ["named", "generic"])
        y = g.add({"op": "mm", "kind": kind, "in": [flat, w], "spell": spell, "init": rng.choice(["fill", "splat"]),
                   "shape": [b + s, n], "dt": "f32"})
        if rng.random() < 0.3:  # an epilogue step before the expand
            y = p_epilogue(g, y, 1)
        y = g.add({"op": "reshape", "in": [y], "shape": [b, s, n], "dt": "f32"})
        if n == h and rng.random() < 0.5:
            x_operand = cur
    elif len(shape) == 3:
        b, m, k = shape
        kind = rng.choice(["batch_matmul", "batch_reduce_matmul"])
        n = k if rng.random() < 0.3 else [g.dim()]
        w = g.arg([b, k, n], "weight")
        out = [b, m, n] if kind == "batch_matmul" else [m, n]
        y = g.add({"op": "mm", "kind": kind, "in": [cur, w], "spell": rng.choice(["named", "generic"]),
                   "init": rng.choice(["fill", "splat"]), "shape": out, "dt": "f32"})
        if kind == "batch_matmul" and n == k and rng.random() < 0.5:
            x_operand = cur
    elif len(shape) != 2:
        return p_epilogue(g, cur, 1)
    else:
        kind = rng.choice(["matmul", "matmul", "matmul", "matmul_tb", "matmul_tb", "matmul_ta"])
        k, m = (shape[0], shape[1]) if kind == "matmul_ta" else (shape[1], shape[0])
        n = k if rng.random() < 0.3 else [g.dim()]
        w = g.arg([n, k] if kind == "matmul_tb" else [k, n], "weight")
        # a low-precision Linear as torch-mlir writes it: operands rounded
        # to bf16/f16 and widened again by an extf generic, which the
        # contraction then reads through (the engines convert in packing).
        # Drawn from a generator of its own (seeded from the stream's
        # state, which it leaves as it was), so the other draws stay those
        # of the seeds before it
        lp = random.Random(hash(rng.getstate()))
        if lp.random() < 0.2:
            dt = lp.choice(["bf16", "f16"])
            w = g.unary(g.unary(w, [], dt=dt, spell="generic"), [], spell="generic")
            if lp.random() < 0.7:
                cur = g.unary(g.unary(cur, [], dt=dt, spell="generic"), [], spell="generic")
        spells = {"matmul": ["named", "named", "maps", "generic"], "matmul_tb": ["named_t", "maps", "generic"],
                  "matmul_ta": ["maps", "generic"]}[kind]
        y = g.add({"op": "mm", "kind": kind, "in": [cur, w], "spell": rng.choice(spells),
                   "init": rng.choice(["fill", "splat"]), "shape": [m, n], "dt": "f32"})
        if kind != "matmul_ta" and rng.random() < 0.4:
            x_operand = cur
    if rng.random() < 0.15:
        y = p_transpose(g, y)
    if x_operand is not None:
        # y = x @ w + (x, or a per-row sum of x): x has a second consumer
        ys, xs = g.shape(y), g.shape(x_operand)
        if bcast_map(xs, ys) is not None and rng.random() < 0.6:
            y = combine(g, y, x_operand, rng.choice(["add", "add", "mul", "sub"]))
        else:
            r = g.red(x_operand, [len(xs) - 1], rng.choice(["sum", "max"]))
            if bcast_map(g.shape(r), ys) is not None:
                y = combine(g, y, r, rng.choice(["add", "sub", "mul"]))
    if rng.random() < 0.7:
        y = rng.choice([p_epilogue, p_epilogue, p_diamond])(g, y)
    return y


def p_diamond(g, cur):
    """Two elementwise branches of cur that meet again."""
    rng = g.rng
    kind = rng.choice(["leaky", "elu", "selu", "silu", "gelu_sigmoid", "random", "random", "fused"])
    alpha = rng.choice([0.01, 0.2, 1.0, 1.6732632])
    sp = rng.choice(["generic", "named", None])
    if kind == "leaky":
        a = g.unary(cur, [["maxc", 0.0]], spell=sp)
        if rng.random() < 0.5:
            b = g.unary(cur, [["minc", 0.0], ["mulc", alpha]], spell=sp)
        else:
            b = g.unary(g.unary(cur, [["minc", 0.0]], spell=sp), [["mulc", alpha]], spell=sp)
        return g.binary(a, b, "add", spell=sp, swap=rng.random() < 0.5)
    if kind in ("elu", "selu"):
        a = g.unary(cur, [["maxc", 0.0]], spell=sp)
        m = g.unary(cur, [["minc", 0.0]], spell=sp)
        if rng.random() < 0.5:
            b = g.unary(m, [["exp", None], ["addc", -1.0], ["mulc", alpha]], spell=sp)
        else:
            e = g.unary(m, [["exp", None]], spell=sp)
            b = g.unary(g.unary(e, [["addc", -1.0]], spell=sp), [["mulc", alpha]], spell=sp)
        y = g.binary(a, b, "add", spell=sp, swap=rng.random() < 0.5)
        if kind == "selu":
            y = g.unary(y, [["mulc", 1.0507]], spell=sp)
        return y
    if kind in ("silu", "gelu_sigmoid"):
        s = g.unary(cur, ([["mulc", 1.702]] if kind == "gelu_sigmoid" else []) + [["sigmoid", None]], spell=sp)
        return g.binary(cur, s, "mul", spell=sp)
    if kind == "fused":  # the branches inside one generic body
        return g.unary(cur, [[rng.choice(["leaky", "elu"]), alpha]] + ([random_unary(rng)] if rng.random() < 0.3 else []))
    b1 = g.unary(cur, [random_unary(rng) for _ in range(rng.choice([1, 2]))], spell=sp)
    n2 = rng.choice([0, 1, 2])
    b2 = g.unary(cur, [random_unary(rng) for _ in range(n2)], spell=sp) if n2 else cur
    if rng.random() < 0.5:
        b1, b2 = b2, b1
    return g.binary(b1, b2, rng.choice(BINARY), spell=sp)


def reduce_dims(rng, rank):
    if rank == 1:
        return [0]
    if rank == 2:
        return rng.choice([[1], [1], [0], [0, 1]])
    return sorted(rng.sample(range(rank), rng.randrange(1, rank + 1)))


def softmax(g, cur, d, keep):
    """softmax over dims d as torch-mlir decomposes it: max, sub and exp,
    sum, div."""
    rng, shape = g.rng, g.shape(cur)
    m = g.red(cur, d, "max", keep)
    if rng.random() < 0.5:
        e = g.binary(cur, m, "sub", swap=False)
        e = g.unary(e, [["exp", None]])
    else:  # sub and exp in one generic, the max broadcast
        e = g.ew([cur, m], [list(range(len(shape))), bcast_map(g.shape(m), shape)],
                 [["sub", [1, False]], ["exp", None]], shape)
    s = g.red(e, d, "sum", keep)
    return g.binary(e, s, "div", swap=False)


def p_attention(g, cur):
    """Attention as torch-mlir spells it (what kn_fuse_attention merges):
    scores = cur K^T (K transposed by an op, or given transposed), scaled,
    sometimes an additive mask (per key, per query and key, or per batch
    too), softmax over the keys, then the probabilities times V."""
    rng, shape = g.rng, g.shape(cur)
    if len(shape) != 3:
        return p_contract(g, cur)
    b, m, k = shape
    n = [g.dim()]
    if rng.random() < 0.5:
        kk = g.arg([b, n, k], "weight")
        kt = g.add({"op": "transpose", "in": [kk], "perm": [0, 2, 1], "shape": [b, k, n], "dt": "f32",
                    "spell": rng.choice(["named", "generic"])})
    else:
        kt = g.arg([b, k, n], "weight")
    s = g.add({"op": "mm", "kind": "batch_matmul", "in": [cur, kt], "spell": rng.choice(["named", "generic"]),
               "init": rng.choice(["fill", "splat"]), "shape": [b, m, n], "dt": "f32"})
    s = g.unary(s, [["mulc", rng.choice([0.125, 0.25, 0.5, 0.3])]])
    if rng.random() < 0.6:
        s = g.binary(s, g.arg(rng.choice([[n], [m, n], [b, m, n]]), "bias"), "add", swap=False)
    p = softmax(g, s, [2], rng.choice(["no", "map0", "expand"]))
    dv = k if rng.random() < 0.3 else [g.dim()]
    v = g.arg([b, n, dv], "weight")
    o = g.add({"op": "mm", "kind": "batch_matmul", "in": [p, v], "spell": rng.choice(["named", "generic"]),
               "init": rng.choice(["fill", "splat"]), "shape": [b, m, dv], "dt": "f32"})
    return p_epilogue(g, o, 1) if rng.random() < 0.3 else o


def p_reduce(g, cur):
    """A reduction, then an epilogue reading it per row/column/scalar, or a
    softmax or layer norm, or the reduced value goes on alone."""
    rng, shape = g.rng, g.shape(cur)
    if not shape:
        return p_epilogue(g, cur, 1)
    what = rng.choice(["normalize", "normalize", "continue", "softmax", "layernorm"])
    if what == "softmax":
        d = [len(shape) - 1] if rng.random() < 0.7 else reduce_dims(rng, len(shape))
        return softmax(g, cur, d, rng.choice(["no", "map0", "expand"]))
    if what == "layernorm":
        d = [len(shape) - 1] if rng.random() < 0.7 or len(shape) == 1 else list(range(1, len(shape)))
        keep = rng.choice(["no", "map0", "expand"])
        inv = "inv_count"  # 1/n over the reduced dims: resolved at emission, so shrinking keeps it right
        mean = g.unary(g.red(cur, d, "sum", keep), [["mulc", [inv, d, g.shape(cur)]]])
        xc = g.binary(cur, mean, "sub", swap=False)
        if rng.random() < 0.5:
            sq = g.unary(xc, [["square", None]])
        else:
            sq = g.ew([xc, xc], [list(range(len(shape)))] * 2, [["mul", [1, False]]], shape)
        var = g.red(sq, d, "sum", keep)
        rs = g.unary(var, [["mulc", [inv, d, g.shape(cur)]], ["addc", 0.5], ["rsqrt", None]])
        y = g.binary(xc, rs, "mul")
        if rng.random() < 0.6:
            gam, bet = g.arg([shape[-1]], "bias"), g.arg([shape[-1]], "bias")
            y = g.ew([y, gam, bet], [list(range(len(shape))), [len(shape) - 1], [len(shape) - 1]],
                     [["mul", [1, False]], ["add", [2, False]]], shape)
        return y
    kind = rng.choice(["sum", "max"])
    r = g.red(cur, reduce_dims(rng, len(shape)), kind)
    if what == "continue" or bcast_map(g.shape(r), shape) is None:
        if g.shape(r) and rng.random() < 0.5:
            return p_epilogue(g, r)
        return r
    y = combine(g, cur, r, rng.choice(["sub", "add", "mul", "max", "min"]))
    return p_epilogue(g, y, 1) if rng.random() < 0.3 else y


def p_transpose(g, cur):
    rng, shape = g.rng, g.shape(cur)
    if len(shape) < 2:
        return cur
    perm = list(range(len(shape)))
    while perm == sorted(perm):
        rng.shuffle(perm)
    return g.add({"op": "transpose", "in": [cur], "perm": perm, "shape": [shape[p] for p in perm], "dt": "f32",
                  "spell": rng.choice(["named", "generic"])})


def p_reshape(g, cur):
    """A collapse or expand (and sometimes back), unit dimensions too."""
    rng, shape = g.rng, g.shape(cur)
    if not shape:  # spadc rejects reshapes to and from rank 0 (exit 1)
        return p_epilogue(g, cur, 1)
    composite = [i for i, t in enumerate(shape) if len(t) > 1]
    if composite and rng.random() < 0.7:
        i = composite[0]
        new = shape[:i] + [[d] for d in shape[i]] + shape[i + 1:]
    elif len(shape) >= 2 and rng.random() < 0.6:
        i = rng.randrange(len(shape) - 1)
        new = shape[:i] + [shape[i] + shape[i + 1]] + shape[i + 2:]
    else:
        i = rng.randrange(len(shape) + 1)
        new = shape[:i] + [[]] + shape[i:]
    y = g.add({"op": "reshape", "in": [cur], "shape": new, "dt": "f32"})
    if rng.random() < 0.5:
        y = p_epilogue(g, y, rng.choice([1, 2]))
    if rng.random() < 0.4:  # and back
        y = g.add({"op": "reshape", "in": [y], "shape": shape, "dt": "f32"})
    return y


def p_cast(g, cur):
    """A bf16/f16 tensor between two generics (round trip at tensor level)."""
    rng = g.rng
    dt = rng.choice(["bf16", "f16"])
    pre = [random_unary(rng)] if rng.random() < 0.4 else []
    c = g.unary(cur, [s for s in pre if s[0] != "cast"], dt=dt, spell="generic")
    post = [random_unary(rng)] if rng.random() < 0.5 else []
    return g.unary(c, post, spell="generic")


def p_skip(g, cur):
    """cur plus an earlier value of the same shape (a residual connection)."""
    shape = g.shape(cur)
    same = [v for v in range(len(g.nodes)) if v != cur and g.shape(v) == shape and g.nodes[v]["dt"] == "f32"
            and not g.nodes[v].get("scalar") and "layout" not in g.nodes[v]]
    if not same:
        return p_epilogue(g, cur, 1)
    return g.binary(cur, g.rng.choice(same), g.rng.choice(["add", "add", "mul", "sub"]))


PATTERNS = [(p_contract, 4), (p_epilogue, 2), (p_diamond, 3), (p_reduce, 3), (p_transpose, 1), (p_reshape, 1),
            (p_cast, 1), (p_skip, 1), (p_attention, 3)]


def random_graph_spec(rng, small=False, max_work=2_000_000):
    dims = SMALL_DIMS if small else DIMS
    if not small and rng.random() < 0.2:
        dims, max_work = LARGE_DIMS, 12 * max_work
    g = Graph(rng, dims)
    if rng.random() < 0.35:
        shape = [[g.dim(rng.choice([1, 2, 3, 4]))], [g.dim()], [g.dim()]]
    else:
        shape = [[g.dim()], [g.dim()]]
    cur = g.arg(shape, "input")
    nblocks = rng.choice([1, 2, 2, 3, 3, 4])
    for i in range(nblocks):
        if i == 0 and rng.random() < 0.75:
            pat = p_contract
        else:
            pat = rng.choices([p for p, _ in PATTERNS], [w for _, w in PATTERNS])[0]
        cur = pat(g, cur)
    results = [cur]
    inner = [v for v in range(len(g.nodes)) if g.nodes[v]["op"] not in ("arg", "splat") and v != cur]
    if inner and rng.random() < 0.35:
        results += rng.sample(inner, min(len(inner), rng.choice([1, 1, 2])))
    if rng.random() < 0.1:
        results[0] = g.unary(results[0], [], dt="bf16", spell="generic")
    spec = {"graph": 1, "dims": g.dims, "nodes": g.nodes, "results": results,
            "generic_print": rng.random() < 0.2, "aliases": rng.random() < 0.5}
    spec = prune(spec)
    while graph_work(spec) > max_work:
        big = max(spec["dims"], key=lambda d: spec["dims"][d])
        if spec["dims"][big] <= 1:
            break
        spec["dims"][big] = spec["dims"][big] // 2 + (1 if spec["dims"][big] > 8 else 0)
    return spec


def graph_work(spec):
    """Roughly the reference interpreter's loop steps."""
    total = 0
    for n in spec["nodes"]:
        if n["op"] == "mm":
            xs = gsizes(spec, spec["nodes"][n["in"][0]]["shape"])
            ws = gsizes(spec, spec["nodes"][n["in"][1]]["shape"])
            k = ws[-2] if n["kind"] in ("matmul", "matmul_ta", "batch_matmul", "batch_reduce_matmul") else ws[-1]
            b = xs[0] if n["kind"] in ("batch_matmul", "batch_reduce_matmul") else 1
            total += b * prod(gsizes(spec, n["shape"][-2:])) * k
        elif n["op"] in ("ew", "red", "transpose"):
            src = spec["nodes"][n["in"][0]]["shape"] if n["op"] == "red" else n["shape"]
            total += prod(gsizes(spec, src)) * (1 + len(n.get("steps", [])))
    return total


def prod(xs):
    n = 1
    for x in xs:
        n *= x
    return n


def prune(spec):
    """Drop nodes no result depends on and renumber the rest."""
    nodes = spec["nodes"]
    live = set()
    stack = list(spec["results"])
    while stack:
        v = stack.pop()
        if v in live:
            continue
        live.add(v)
        stack.extend(nodes[v].get("in", []))
    order = sorted(live)
    new = {old: i for i, old in enumerate(order)}
    out = []
    for old in order:
        n = dict(nodes[old])
        if "in" in n:
            n["in"] = [new[v] for v in n["in"]]
        out.append(n)
    used = set()
    for n in out:
        for t in n["shape"]:
            used.update(t)
    spec = dict(spec)
    spec["nodes"] = out
    spec["results"] = [new[v] for v in spec["results"]]
    spec["dims"] = {d: s for d, s in spec["dims"].items() if d in used}
    return spec


def graph_small(spec):
    return all(s <= 33 for s in spec["dims"].values()) and all(
        prod(gsizes(spec, n["shape"])) <= 33 * 33 * 4 for n in spec["nodes"])


# ---------------------------------------------------------------- graph emit

def gshape_text(spec, v):
    n = spec["nodes"][v]
    return tt(gsizes(spec, n["shape"]), n["dt"])


def affine(rank, entries):
    res = ", ".join("0" if e == -1 else "d%d" % e for e in entries)
    return "(%s) -> (%s)" % (dims_text(rank), res)


def resolve_const(spec, c):
    """A step constant: a number, or [inv_count, dims, shape] = 1/n over dims."""
    if isinstance(c, list) and c and c[0] == "inv_count":
        return 1.0 / prod(term_size(spec["dims"], c[2][d]) for d in c[1])
    return c


class GEmitter(Emitter):
    def __init__(self, spec):
        Emitter.__init__(self, spec)
        self.names = {}
        self.nb = 0

    def ty(self, v):
        return gshape_text(self.spec, v)

    def sizes(self, v):
        return gsizes(self.spec, self.spec["nodes"][v]["shape"])


def reassociation(small, big):
    """Groups of big's dims, one per dim of small (terms concatenate)."""
    if not small:  # rank 0 <-> all unit dimensions
        if any(big):
            raise ValueError("reshape terms do not line up")
        return []
    groups, i = [], 0
    for s in small:
        grp, acc = [], []
        while True:
            if i >= len(big):
                raise ValueError("reshape terms do not line up")
            grp.append(i)
            acc = acc + big[i]
            i += 1
            if acc == s and (s != [] or grp):
                break
        groups.append(grp)
    while i < len(big):
        if not groups:
            raise ValueError("reshape of a rank-0 value")
        groups[-1].append(i)
        i += 1
    return groups


def body_ops(e, spec, node, args, ins_dt):
    """Scalar code of an ew node's body; returns (lines, result name)."""
    lines = []

    def op(text):
        e.nb += 1
        name = "%%u%d" % e.nb
        lines.append("  %s = %s" % (name, text))
        return name

    def const(c):
        return op("arith.constant %s : f32" % flit(resolve_const(spec, c)))

    vals = []
    for a, dt in zip(args, ins_dt):
        vals.append(op("arith.extf %s : %s to f32" % (a, dt)) if (a and dt != "f32") else a)
    cur = vals[node["start"]]
    for s, arg in node["steps"]:
        if s in BINARY or s == "div":
            o = vals[arg[0]]
            lhs, rhs = (o, cur) if arg[1] else (cur, o)
            name = {"add": "addf", "sub": "subf", "mul": "mulf", "max": "maximumf", "min": "minimumf",
                    "div": "divf"}[s]
            cur = op("arith.%s %s, %s : f32" % (name, lhs, rhs))
        elif s == "relu":
            z = const(0.0)
            if arg == "maxnumf":
                cur = op("arith.maxnumf %s, %s : f32" % (cur, z))
            elif arg in ("select", "cmpf_ogt"):
                c = op("arith.cmpf %s, %s, %s : f32" % ("ugt" if arg == "select" else "ogt", cur, z))
                cur = op("arith.select %s, %s, %s : f32" % (c, cur, z))
            else:
                cur = op("arith.maximumf %s, %s : f32" % (cur, z))
        elif s in ("gelu_tanh", "gelu_erf", "cast"):
            body = []
            layer = {"relu": "maximumf"}
            res = body_step(e, {"cast": "cast_rt"}.get(s, s), layer, cur, None, body)
            for ln in body:  # body_step numbers its temporaries %tN; renumber into ours
                lines.append(ln)
            if s == "cast" and arg == "f16":
                lines[-2] = lines[-2].replace("bf16", "f16")
                lines[-1] = lines[-1].replace("bf16", "f16")
            ren = {}
            for i in range(len(lines) - len(body), len(lines)):
                lhs = lines[i].split(" = ")[0].strip()
                e.nb += 1
                ren[lhs] = "%%u%d" % e.nb
            for i in range(len(lines) - len(body), len(lines)):
                for old in sorted(ren, key=len, reverse=True):
                    lines[i] = re_sub_name(lines[i], old, ren[old])
            cur = ren[res]
        elif s == "tanh":
            cur = op("math.tanh %s : f32" % cur)
        elif s == "exp":
            cur = op("math.exp %s : f32" % cur)
        elif s == "expneg":  # exp of a value made <= 0 first
            z = const(0.0)
            m = op("arith.minimumf %s, %s : f32" % (cur, z))
            cur = op("math.exp %s : f32" % m)
        elif s == "sigmoid":
            n = op("arith.negf %s : f32" % cur)
            ex = op("math.exp %s : f32" % n)
            one = const(1.0)
            d = op("arith.addf %s, %s : f32" % (ex, one))
            cur = op("arith.divf %s, %s : f32" % (one, d))
        elif s == "neg":
            cur = op("arith.negf %s : f32" % cur)
        elif s == "abs":
            cur = op("math.absf %s : f32" % cur)
        elif s == "square":
            cur = op("arith.mulf %s, %s : f32" % (cur, cur))
        elif s == "rsqrt":
            cur = op("math.rsqrt %s : f32" % cur)
        elif s in ("mulc", "addc", "maxc", "minc"):
            c = const(arg)
            name = {"mulc": "mulf", "addc": "addf", "maxc": "maximumf", "minc": "minimumf"}[s]
            cur = op("arith.%s %s, %s : f32" % (name, cur, c))
        elif s == "leaky":
            z = const(0.0)
            c = op("arith.cmpf ogt, %s, %s : f32" % (cur, z))
            a = const(arg)
            m = op("arith.mulf %s, %s : f32" % (cur, a))
            cur = op("arith.select %s, %s, %s : f32" % (c, cur, m))
        elif s == "elu":
            z = const(0.0)
            c = op("arith.cmpf ogt, %s, %s : f32" % (cur, z))
            ex = op("math.exp %s : f32" % cur)
            one = const(1.0)
            d = op("arith.subf %s, %s : f32" % (ex, one))
            a = const(arg)
            m = op("arith.mulf %s, %s : f32" % (d, a))
            cur = op("arith.select %s, %s, %s : f32" % (c, cur, m))
        else:
            raise ValueError(s)
    if node["dt"] != "f32":
        cur = op("arith.truncf %s : f32 to %s" % (cur, node["dt"]))
    return lines, cur


def re_sub_name(line, old, new):
    import re
    return re.sub(re.escape(old) + r"(?![0-9A-Za-z_])", new, line)


NAMED_BINARY = {"add": "add", "sub": "sub", "mul": "mul", "max": "max", "min": "min", "div": "div"}
NAMED_UNARY = {"exp": "exp", "neg": "negf", "abs": "abs"}
MAP_UNARY = {"exp": "math.exp", "neg": "arith.negf", "abs": "math.absf", "tanh": "math.tanh"}
MAP_BINARY = {"add": "arith.addf", "sub": "arith.subf", "mul": "arith.mulf", "max": "arith.maximumf",
              "min": "arith.minimumf", "div": "arith.divf"}
CONST_BINARY = {"mulc": "mul", "addc": "add", "maxc": "max", "minc": "min"}


def emit_named_ew(e, spec, v, node):
    """node as a named op (or linalg.map), PyTorch style; None if it has none."""
    if len(node["steps"]) != 1 or node["dt"] != "f32":
        return None
    nodes = spec["nodes"]
    if any(nodes[i]["dt"] != "f32" or nodes[i].get("scalar") for i in node["in"]):
        return None
    s, arg = node["steps"][0]
    rank = len(node["shape"])
    ident = list(range(rank))
    ty = e.ty(v)
    cur = e.names[node["in"][node["start"]]]
    if node["maps"][node["start"]] != ident:
        return None
    if s in BINARY or s == "div":
        k = arg[0]
        o, m = node["in"][k], node["maps"][k]
        if m != ident:
            if -1 in m or m != sorted(m) or len(set(m)) != len(m):
                return None
            # a linalg.broadcast to the full shape first
            et = empty(e, e.sizes(v))
            bb = e.fresh("bc")
            missing = [d for d in ident if d not in m]
            e.emit("%s = linalg.broadcast ins(%s : %s) outs(%s : %s) dimensions = [%s]"
                   % (bb, e.names[o], e.ty(o), et, ty, ", ".join(str(d) for d in missing)))
            other = bb
        else:
            other = e.names[o]
        lhs, rhs = (other, cur) if arg[1] else (cur, other)
        out = empty(e, e.sizes(v))
        r = e.fresh("n")
        if node["spell"] == "map":
            e.emit("%s = linalg.map { %s } ins(%s, %s : %s, %s) outs(%s : %s)"
                   % (r, MAP_BINARY[s], lhs, rhs, ty, ty, out, ty))
        else:
            e.emit("%s = linalg.%s ins(%s, %s : %s, %s) outs(%s : %s) -> %s"
                   % (r, NAMED_BINARY[s], lhs, rhs, ty, ty, out, ty, ty))
        return r
    if s in CONST_BINARY or (s == "relu" and node["spell"] == "named"):
        c = 0.0 if s == "relu" else resolve_const(spec, arg)
        et = empty(e, e.sizes(v))
        cv = e.fresh("c")
        e.emit("%s = arith.constant %s : f32" % (cv, flit(c)))
        ft = e.fresh("f")
        e.emit("%s = linalg.fill ins(%s : f32) outs(%s : %s) -> %s" % (ft, cv, et, ty, ty))
        out = empty(e, e.sizes(v))
        r = e.fresh("n")
        e.emit("%s = linalg.%s ins(%s, %s : %s, %s) outs(%s : %s) -> %s"
               % (r, "max" if s == "relu" else CONST_BINARY[s], cur, ft, ty, ty, out, ty, ty))
        return r
    if node["spell"] == "map" and s in MAP_UNARY:
        out = empty(e, e.sizes(v))
        r = e.fresh("n")
        e.emit("%s = linalg.map { %s } ins(%s : %s) outs(%s : %s)" % (r, MAP_UNARY[s], cur, ty, out, ty))
        return r
    if s in NAMED_UNARY:
        out = empty(e, e.sizes(v))
        r = e.fresh("n")
        e.emit("%s = linalg.%s ins(%s : %s) outs(%s : %s) -> %s" % (r, NAMED_UNARY[s], cur, ty, out, ty, ty))
        return r
    return None


def emit_ew(e, spec, v, node):
    if node["spell"] in ("named", "map"):
        r = emit_named_ew(e, spec, v, node)
        if r:
            return r
    nodes = spec["nodes"]
    rank = len(node["shape"])
    ins = [(i, m) for i, m in zip(node["in"], node["maps"]) if m is not None]
    out = empty(e, e.sizes(v), node["dt"])
    r = e.fresh("g")
    maps = [e.amap(affine(rank, m)) for _, m in ins] + [e.amap(affine(rank, list(range(rank))))]
    its = ", ".join(['"parallel"'] * rank)
    if ins:
        insx = " ins(%s : %s)" % (", ".join(e.names[i] for i, _ in ins), ", ".join(e.ty(i) for i, _ in ins))
    else:
        insx = ""
    e.emit('%s = linalg.generic {indexing_maps = [%s], iterator_types = [%s]}%s outs(%s : %s) {'
           % (r, ", ".join(maps), its, insx, out, e.ty(v)))
    e.nb += 1
    bb = e.nb
    args, dts, k = [], [], 0
    for i, m in zip(node["in"], node["maps"]):
        if m is None:  # a scalar argument, captured
            args.append(e.names[i])
            dts.append("f32")
        else:
            args.append("%%b%d_%d" % (bb, k))
            dts.append(nodes[i]["dt"])
            k += 1
    blk = [("%%b%d_%d: %s" % (bb, j, nodes[i]["dt"])) for j, (i, _) in enumerate(ins)]
    e.emit("^bb0(%s):" % ", ".join(blk + ["%%o%d: %s" % (bb, node["dt"])]))
    lines, res = body_ops(e, spec, node, args, dts)
    for ln in lines:
        e.emit(ln)
    e.emit("  linalg.yield %s : %s" % (res, node["dt"]))
    e.emit("} -> %s" % e.ty(v))
    return r


def emit_mm(e, spec, v, node):
    kind, spell = node["kind"], node["spell"]
    x, w = node["in"]
    xn, wn = e.names[x], e.names[w]
    xs, ws, out = e.sizes(x), e.sizes(w), e.sizes(v)
    layer = {"init": node["init"]}
    if kind in ("matmul", "matmul_tb", "matmul_ta"):
        xmap = "(d0, d1, d2) -> (d2, d0)" if kind == "matmul_ta" else "(d0, d1, d2) -> (d0, d2)"
        wmap = "(d0, d1, d2) -> (d1, d2)" if kind == "matmul_tb" else "(d0, d1, d2) -> (d2, d1)"
        omap = "(d0, d1, d2) -> (d0, d1)"
        if kind == "matmul_tb" and spell == "named_t":
            wt = e.fresh("wt")
            et = empty(e, [ws[1], ws[0]])
            e.emit("%s = linalg.transpose ins(%s : %s) outs(%s : %s) permutation = [1, 0]"
                   % (wt, wn, tt(ws), et, tt([ws[1], ws[0]])))
            wn, ws, wmap, spell = wt, [ws[1], ws[0]], "(d0, d1, d2) -> (d2, d1)", "named"
        acc = init_tensor(e, layer, out)
        r = e.fresh("mm")
        default = xmap == "(d0, d1, d2) -> (d0, d2)" and wmap == "(d0, d1, d2) -> (d2, d1)"
        if spell == "named" and default:
            e.emit("%s = linalg.matmul ins(%s, %s : %s, %s) outs(%s : %s) -> %s"
                   % (r, xn, wn, tt(xs), tt(ws), acc, tt(out), tt(out)))
        elif spell in ("named", "maps"):
            e.emit("%s = linalg.matmul indexing_maps = [%s, %s, %s] ins(%s, %s : %s, %s) outs(%s : %s) -> %s"
                   % (r, "affine_map<%s>" % xmap, "affine_map<%s>" % wmap, "affine_map<%s>" % omap,
                      xn, wn, tt(xs), tt(ws), acc, tt(out), tt(out)))
        else:
            generic_mac(e, r, [xmap, wmap, omap], ["parallel", "parallel", "reduction"], xn, wn, acc, xs, ws, out)
        return r
    maps = ["(d0, d1, d2, d3) -> (d0, d1, d3)", "(d0, d1, d2, d3) -> (d0, d3, d2)"]
    if kind == "batch_matmul":
        maps.append("(d0, d1, d2, d3) -> (d0, d1, d2)")
        its = ["parallel", "parallel", "parallel", "reduction"]
    else:
        maps.append("(d0, d1, d2, d3) -> (d1, d2)")
        its = ["reduction", "parallel", "parallel", "reduction"]
    acc = init_tensor(e, layer, out)
    r = e.fresh("bmm")
    if spell == "named":
        e.emit("%s = linalg.%s ins(%s, %s : %s, %s) outs(%s : %s) -> %s"
               % (r, kind, xn, wn, tt(xs), tt(ws), acc, tt(out), tt(out)))
    else:
        generic_mac(e, r, maps, its, xn, wn, acc, xs, ws, out)
    return r


def emit_red(e, spec, v, node):
    x = node["in"][0]
    xs = e.sizes(x)
    rank = len(xs)
    dims = node["dims"]
    kept = [i for i in range(rank) if i not in dims]
    flat = [xs[i] for i in kept]
    keep, spell = node["keep"], node["spell"]
    if keep == "map0" and spell == "reduce":
        if not kept:  # no expand_shape of a rank-0 tensor: the generic spelling
            spell = "generic"
        else:
            keep = "expand"
    init_shape = e.sizes(v) if keep == "map0" else flat
    et = empty(e, init_shape)
    cv = e.fresh("c")
    e.emit("%s = arith.constant %s : f32" % (cv, "0.000000e+00" if node["kind"] == "sum" else "0xFF800000"))
    z = e.fresh("z")
    e.emit("%s = linalg.fill ins(%s : f32) outs(%s : %s) -> %s" % (z, cv, et, tt(init_shape), tt(init_shape)))
    r = e.fresh("red")
    fn = "arith.addf" if node["kind"] == "sum" else "arith.maximumf"
    if spell == "reduce":
        e.emit("%s = linalg.reduce ins(%s : %s) outs(%s : %s) dimensions = [%s]"
               % (r, e.names[x], e.ty(x), z, tt(init_shape), ", ".join(str(d) for d in dims)))
        e.nb += 1
        e.emit("  (%%ri%d: f32, %%ra%d: f32) {" % (e.nb, e.nb))
        e.emit("    %%rr%d = %s %%ri%d, %%ra%d : f32" % (e.nb, fn, e.nb, e.nb))
        e.emit("    linalg.yield %%rr%d : f32" % e.nb)
        e.emit("  }")
    else:
        omap = affine(rank, [(-1 if i in dims else i) for i in range(rank)] if keep == "map0" else kept)
        its = ", ".join('"reduction"' if i in dims else '"parallel"' for i in range(rank))
        e.emit('%s = linalg.generic {indexing_maps = [%s, %s], iterator_types = [%s]} ins(%s : %s) outs(%s : %s) {'
               % (r, e.amap(affine(rank, list(range(rank)))), e.amap(omap), its, e.names[x], e.ty(x), z,
                  tt(init_shape)))
        e.nb += 1
        e.emit("^bb0(%%ri%d: f32, %%ra%d: f32):" % (e.nb, e.nb))
        e.emit("  %%rr%d = %s %%ri%d, %%ra%d : f32" % (e.nb, fn, e.nb, e.nb))
        e.emit("  linalg.yield %%rr%d : f32" % e.nb)
        e.emit("} -> %s" % tt(init_shape))
    if keep == "expand":
        xshape = spec["nodes"][x]["shape"]
        small_terms = [xshape[i] for i in kept]
        return emit_reshape_text(e, r, small_terms, flat, node["shape"], e.sizes(v))
    return r


def emit_reshape_text(e, src, src_terms, src_sizes, dst_terms, dst_sizes):
    r = e.fresh("rs")
    if len(dst_terms) == len(src_terms):
        return src
    if len(dst_terms) > len(src_terms):
        groups = reassociation(src_terms, dst_terms)
        e.emit("%s = tensor.expand_shape %s [%s] output_shape [%s] : %s into %s"
               % (r, src, ", ".join("[%s]" % ", ".join(str(i) for i in g) for g in groups),
                  ", ".join(str(s) for s in dst_sizes), tt(src_sizes), tt(dst_sizes)))
    else:
        groups = reassociation(dst_terms, src_terms)
        e.emit("%s = tensor.collapse_shape %s [%s] : %s into %s"
               % (r, src, ", ".join("[%s]" % ", ".join(str(i) for i in g) for g in groups),
                  tt(src_sizes), tt(dst_sizes)))
    return r


def emit_graph_program(spec, with_main=False):
    e = GEmitter(spec)
    nodes = spec["nodes"]
    for v, n in enumerate(nodes):
        if n["op"] == "arg":
            ty = "f32" if n.get("scalar") else gshape_text(spec, v)
            e.names[v] = e.arg("sc" if n.get("scalar") else {"input": "x", "weight": "w"}.get(n["role"], "b"),
                               ty, n["role"])
    body_start = len(e.lines)
    e.emit("%zero = arith.constant 0.000000e+00 : f32")
    for v, n in enumerate(nodes):
        op = n["op"]
        if op == "arg":
            continue
        if op == "splat":
            r = e.fresh("cst")
            e.emit("%s = arith.constant dense<%s> : %s" % (r, flit(n["value"]), e.ty(v)))
        elif op == "mm":
            r = emit_mm(e, spec, v, n)
        elif op == "ew":
            r = emit_ew(e, spec, v, n)
        elif op == "red":
            r = emit_red(e, spec, v, n)
        elif op == "reshape":
            x = n["in"][0]
            r = emit_reshape_text(e, e.names[x], nodes[x]["shape"], e.sizes(x), n["shape"], e.sizes(v))
        elif op == "transpose":
            x = n["in"][0]
            if n["spell"] == "named":
                out = empty(e, e.sizes(v))
                r = e.fresh("tr")
                e.emit("%s = linalg.transpose ins(%s : %s) outs(%s : %s) permutation = [%s]"
                       % (r, e.names[x], e.ty(x), out, e.ty(v), ", ".join(str(p) for p in n["perm"])))
            else:
                inv = [n["perm"].index(j) for j in range(len(n["perm"]))]
                r = emit_ew(e, spec, v, {"in": [x], "maps": [inv], "start": 0, "steps": [], "shape": n["shape"],
                                         "dt": n["dt"], "spell": "generic"})
        else:
            raise ValueError(op)
        e.names[v] = r
    res = spec["results"]
    rtys = [e.ty(v) for v in res]
    e.emit("return %s : %s" % (", ".join(e.names[v] for v in res), ", ".join(rtys)))
    body = e.lines[body_start:]
    out = ["%s = affine_map<%s>" % (name, text) for text, name in e.aliases.items()]
    out.append("module {")
    rt = rtys[0] if len(rtys) == 1 else "(%s)" % ", ".join(rtys)
    out.append("  func.func @f(%s) -> %s {" % (", ".join("%s: %s" % (n, t) for (n, t, _) in e.args), rt))
    out.extend(body)
    out.append("  }")
    if with_main:
        out.extend(emit_graph_main(e, spec, rtys))
    out.append("}")
    return "\n".join(out) + "\n", [(t, r) for (_, t, r) in e.args]


def emit_graph_main(e, spec, rtys):
    lines = ["  func.func @main() {"]
    names = []
    for i, (name, ty, role) in enumerate(e.args):
        if ty == "f32":
            lines.append("    %%in%d = arith.constant %s : f32" % (i, flit(0.375 - 0.25 * (i % 3))))
        else:
            dims, vals = input_values(ty, i)
            lines.append("    %%in%d = arith.constant dense<%s> : %s" % (i, dense_text(dims, vals), ty)
                         if dims else "    %%in%d = arith.constant dense<%.6e> : %s" % (i, vals[0], ty))
        names.append("%%in%d" % i)
    rnames = ["%%r%d" % i for i in range(len(rtys))]
    lines.append("    %s = func.call @f(%s) : (%s) -> %s"
                 % (", ".join(rnames), ", ".join(names), ", ".join(t for (_, t, _) in e.args),
                    rtys[0] if len(rtys) == 1 else "(%s)" % ", ".join(rtys)))
    lines.append("    %c0 = arith.constant 0 : index")
    lines.append("    %pad = arith.constant 0.000000e+00 : f32")
    for i, v in enumerate(spec["results"]):
        n = spec["nodes"][v]
        shape = gsizes(spec, n["shape"])
        src = rnames[i]
        if n["dt"] != "f32":
            ident = "affine_map<(%s) -> (%s)>" % (dims_text(len(shape)), dims_text(len(shape)))
            lines.append("    %%we%d = tensor.empty() : %s" % (i, tt(shape)))
            lines.append('    %%rw%d = linalg.generic {indexing_maps = [%s, %s], iterator_types = [%s]} '
                         'ins(%s : %s) outs(%%we%d : %s) {'
                         % (i, ident, ident, ", ".join(['"parallel"'] * len(shape)), src, rtys[i], i, tt(shape)))
            lines.append("    ^bb0(%%a%d: %s, %%o%d: f32):" % (i, n["dt"], i))
            lines.append("      %%w%d = arith.extf %%a%d : %s to f32" % (i, i, n["dt"]))
            lines.append("      linalg.yield %%w%d : f32" % i)
            lines.append("    } -> %s" % tt(shape))
            src = "%%rw%d" % i
        if not shape:
            lines.append("    %%x%d = tensor.extract %s[] : %s" % (i, src, tt(shape)))
            lines.append("    vector.print %%x%d : f32" % i)
            continue
        vt = "vector<%sf32>" % "".join("%dx" % d for d in shape)
        lines.append("    %%v%d = vector.transfer_read %s[%s], %%pad : %s, %s"
                     % (i, src, ", ".join(["%c0"] * len(shape)), tt(shape), vt))
        lines.append("    vector.print %%v%d : %s" % (i, vt))
    lines.append("    return")
    lines.append("  }")
    return lines


def narrow(spec):
    """Whether any value of the program is rounded to bf16 or f16."""
    if not spec.get("graph"):
        return bool(spec.get("out_bf16"))
    return any(n["dt"] != "f32" or any(s == "cast" for s, _ in n.get("steps", [])) for n in spec["nodes"])


# what plain_graph changes, by group (difftest names the group that matters)
SPELLINGS = ["printing", "ew spell", "red spell", "red keep", "mm spell", "mm init", "transpose spell"]


def plain_graph(spec, only=None):
    """The same computation in the plainest spelling: every elementwise op,
    reduction and contraction a linalg.generic, zero inits as fills, no
    aliases, the custom printing form. only: just that group of SPELLINGS."""
    c = json.loads(json.dumps(spec))
    groups = SPELLINGS if only is None else [only]
    if "printing" in groups:
        c["generic_print"] = c["aliases"] = False
    for n in c["nodes"]:
        if n["op"] in ("ew", "red", "mm", "transpose") and n["op"] + " spell" in groups:
            n["spell"] = "generic"
        if n["op"] == "red" and n["keep"] == "expand" and "red keep" in groups:
            n["keep"] = "map0"
        if n["op"] == "mm" and "mm init" in groups:
            n["init"] = "fill"
    return c


# ---------------------------------------------------------------- graph shrinking

def graph_candidates(spec):
    """Simpler variants of a graph spec, most promising first: fewer results,
    nodes bypassed (their users read an input of the same shape instead),
    fewer steps, smaller dimensions, plainer spellings."""
    def clone():
        return json.loads(json.dumps(spec))
    out = []
    nodes = spec["nodes"]
    res = spec["results"]
    for i in range(len(res)):
        if len(res) > 1:
            c = clone()
            del c["results"][i]
            out.append(prune(c))
    # a result replaced by one of its node's inputs
    for i, v in enumerate(res):
        for x in nodes[v].get("in", []):
            if nodes[x]["op"] != "arg" and x not in res:
                c = clone()
                c["results"][i] = x
                out.append(prune(c))
    # bypass a node: its users (and results) read its same-shaped input
    for v, n in enumerate(nodes):
        for x in n.get("in", []):
            if nodes[x]["shape"] == n["shape"] and nodes[x]["dt"] == n["dt"] and not nodes[x].get("scalar") \
                    and "layout" not in nodes[x]:
                c = clone()
                for m in c["nodes"]:
                    if "in" in m:
                        m["in"] = [x if u == v else u for u in m["in"]]
                c["results"] = [x if u == v else u for u in c["results"]]
                if all(c["nodes"][u]["op"] != "arg" for u in c["results"]):
                    out.append(prune(c))
                break
    # fewer steps in an elementwise node
    for v, n in enumerate(nodes):
        if n["op"] != "ew":
            continue
        for j, (s, arg) in enumerate(n["steps"]):
            c = clone()
            m = c["nodes"][v]
            del m["steps"][j]
            if s in BINARY or s == "div":
                k = arg[0]
                if not any((t in BINARY or t == "div") and a[0] == k for t, a in m["steps"]) and k != m["start"]:
                    del m["in"][k]
                    del m["maps"][k]
                    m["start"] -= m["start"] > k
                    for st in m["steps"]:
                        if (st[0] in BINARY or st[0] == "div") and st[1][0] > k:
                            st[1][0] -= 1
            out.append(prune(c))
        if n["dt"] != "f32":
            c = clone()
            c["nodes"][v]["dt"] = "f32"
            out.append(c)
    for d, s in spec["dims"].items():
        for val in (1, s // 2):
            if 1 <= val < s:
                c = clone()
                c["dims"][d] = val
                out.append(c)
    for key in ("generic_print", "aliases"):
        if spec.get(key):
            c = clone()
            c[key] = False
            out.append(c)
    plain = {"ew": ("spell", "generic"), "red": ("spell", "generic"), "transpose": ("spell", "named"),
             "mm": ("init", "fill")}
    for v, n in enumerate(nodes):
        if n["op"] in plain:
            key, val = plain[n["op"]]
            if n.get(key) != val:
                c = clone()
                c["nodes"][v][key] = val
                out.append(c)
        if n["op"] == "mm" and n["spell"] not in ("generic",):
            c = clone()
            c["nodes"][v]["spell"] = "generic"
            out.append(c)
        if n["op"] == "red" and n["keep"] == "expand":
            c = clone()
            c["nodes"][v]["keep"] = "map0"
            out.append(c)
    return out


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
