#!/usr/bin/env python3
"""unary_op.py SPADC OP REF [TOL]: one f32 math op on every path, against
known values and against the reference interpreter.

OP is the math dialect name (expm1), REF a Python expression of x giving
the exact value (math.expm1(x)), TOL the relative error allowed against it
(default 1e-6, about 8 ulp of f32). Two kernels, each checked on its
engine (plan --json says "engine", not "reference"):
- OP over a vector of known values (zeros, tiny, moderate, large, inf, NaN):
  the cpu loop engine, the npu and the reference interpreter each match REF
  within TOL, NaN as NaN, zeros with their sign;
- OP as the epilogue of a GEMM by the identity (the accumulator is the
  input exactly, zeros aside): the cpu epilogue engine matches REF too;
and both run --check against the reference on seeded random inputs.
Pure Python (CI has no numpy); small sizes, a few seconds.
"""
import json
import math
import os
import struct
import subprocess
import sys
import tempfile

spadc, op, ref = sys.argv[1], sys.argv[2], sys.argv[3]
tol = float(sys.argv[4]) if len(sys.argv) > 4 else 1e-6
F32_MAX = 3.4028234663852886e38
fails = []

ELEM = """#map = affine_map<(d0) -> (d0)>
func.func @f(%x: tensor<256xf32>) -> tensor<256xf32> {
  %e = tensor.empty() : tensor<256xf32>
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%x : tensor<256xf32>) outs(%e : tensor<256xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = math.OP %a : f32
    linalg.yield %y : f32
  } -> tensor<256xf32>
  return %r : tensor<256xf32>
}
"""
GEMM = """#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @g(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  %m = linalg.matmul ins(%x, %w : tensor<16x16xf32>, tensor<16x16xf32>) outs(%f : tensor<16x16xf32>) -> tensor<16x16xf32>
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%m : tensor<16x16xf32>) outs(%e : tensor<16x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = math.OP %a : f32
    linalg.yield %y : f32
  } -> tensor<16x16xf32>
  return %r : tensor<16x16xf32>
}
"""


def f32(v):
    return struct.unpack("<f", struct.pack("<f", v))[0]


def save(path, vals, shape):
    hdr = "{'descr': '<f4', 'fortran_order': False, 'shape': %s, }" % (str(tuple(shape)).replace(",)", ",)"))
    hdr += " " * (63 - (10 + len(hdr)) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(hdr)) + hdr.encode() + struct.pack("<%df" % len(vals), *vals))


def load(path):
    data = open(path, "rb").read()
    n = struct.unpack("<H", data[8:10])[0]
    body = data[10 + n:]
    return list(struct.unpack("<%df" % (len(body) // 4), body))


def want_of(x):
    try:
        w = eval(ref, {"math": math, "x": x})
    except OverflowError:
        w = math.copysign(math.inf, x) if op != "cosh" else math.inf
    return w if math.isnan(w) or abs(w) <= F32_MAX else math.copysign(math.inf, w)


def compare(what, xs, got, signed_zero):
    bad = 0
    for x, g in zip(xs, got):
        w = want_of(x)
        if math.isnan(w):
            ok = math.isnan(g)
        elif math.isinf(w) or w == 0:
            ok = g == w and (not signed_zero or math.copysign(1, g) == math.copysign(1, w))
        else:
            ok = abs(g - w) <= tol * abs(w)
        if not ok and bad < 5:
            fails.append("%s: %s(%r) = %r, want %r" % (what, op, x, g, w))
        bad += not ok
    if bad:
        fails.append("%s: %d of %d values off" % (what, bad, len(xs)))


def spadc_run(*args):
    p = subprocess.run([spadc, *args], capture_output=True, text=True)
    return p.returncode, p.stdout + p.stderr


def engine_only(path):
    rc, out = spadc_run("plan", path, "--json")
    if rc != 0:
        fails.append("plan %s: exit %d: %s" % (path, rc, out[-300:]))
        return
    for k in json.loads(out)["kernels"]:
        if k["path"] != "engine":
            fails.append("%s: kernel %s on the %s path" % (os.path.basename(path), k["name"], k["path"]))


known = [0.0, -0.0, 1e-10, -1e-10, 1e-5, -3e-5, 0.1, -0.3, 0.5, -0.7, 1.0, -1.0, 2.5, -5.0, 10.0, -20.0, 40.0,
         -60.0, 80.0, -80.0]
finite = [f32(v) for v in known] + [f32(v / 7.0) for v in range(-40, 41)]
special = [math.inf, -math.inf, math.nan]
with tempfile.TemporaryDirectory() as d:
    elem, gemm = os.path.join(d, "elem.mlir"), os.path.join(d, "gemm.mlir")
    open(elem, "w").write(ELEM.replace("OP", op))
    open(gemm, "w").write(GEMM.replace("OP", op))
    xs = (finite + special) * 3
    xs = xs[:256]
    save(os.path.join(d, "x.npy"), xs, [256])
    engine_only(elem)
    engine_only(gemm)
    for target in ("cpu", "npu", "ref"):
        o = os.path.join(d, "out_" + target)
        rc, out = spadc_run("run", elem, "--target", target, "--inputs", os.path.join(d, "x.npy"), "-o", o)
        if rc != 0:
            fails.append("run --target %s: exit %d: %s" % (target, rc, out[-300:]))
            continue
        compare("elementwise on " + target, xs, load(os.path.join(o, "result0.npy")), True)
    gx = (finite * 3)[:256]
    save(os.path.join(d, "gx.npy"), gx, [16, 16])
    save(os.path.join(d, "eye.npy"), [1.0 if i // 16 == i % 16 else 0.0 for i in range(256)], [16, 16])
    o = os.path.join(d, "out_gemm")
    rc, out = spadc_run("run", gemm, "--inputs", os.path.join(d, "gx.npy") + "," + os.path.join(d, "eye.npy"), "-o", o)
    if rc != 0:
        fails.append("run gemm: exit %d: %s" % (rc, out[-300:]))
    else:
        compare("gemm epilogue on cpu", gx, load(os.path.join(o, "result0.npy")), False)
    for path, target in ((elem, "cpu"), (elem, "npu"), (gemm, "cpu"), (gemm, "npu")):
        rc, out = spadc_run("run", path, "--target", target, "--check", "--seed", "5")
        if rc != 0:
            fails.append("run %s --target %s --check: exit %d: %s" % (os.path.basename(path), target, rc, out[-300:]))
for f in fails:
    print("FAIL " + f)
print("%s: %s" % (op, "FAIL" if fails else "ok: known values on cpu loops, cpu epilogue, npu, ref; --check on cpu, npu"))
sys.exit(1 if fails else 0)
