"""Inputs with special values for tests/cli/special_values.sh: for each f32
or bf16 tensor argument of FUNC in FILE, a .npy in DIR with NaN, +-inf, +-0
and (f32 only: the bf16 pair kernels flush them by contract, lowp.sh) f32
subnormals among ordinary values, one in fifty; prints the paths joined by
commas, as --inputs takes them. Seeded; written without numpy."""
import random, re, struct, sys
path, func, out = sys.argv[1:4]
text = open(path).read()
m = re.search(r"func\.func @%s\((.*?)\)\s*(->|\{)" % re.escape(func), text, re.S)
args = re.findall(r"%[\w$.]+\s*:\s*tensor<([0-9x]*?)x?(f32|bf16)>", m.group(1))
rnd = random.Random(11)
paths = []
for i, (dims, ty) in enumerate(args):
    shape = tuple(int(d) for d in dims.split("x") if d)
    n = 1
    for d in shape:
        n *= d
    sp = [float("nan"), float("inf"), float("-inf"), 0.0, -0.0] + ([1e-40, -3e-42, 1.2e-38] if ty == "f32" else [])
    vals = [rnd.uniform(-2, 2) for _ in range(n)]
    for k in rnd.sample(range(n), min(n, max(1, n // 50))):
        vals[k] = rnd.choice(sp)
    descr = "<f4" if ty == "f32" else "<u2"
    h = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (descr, "".join("%d, " % d for d in shape))
    h += " " * (63 - (10 + len(h)) % 64) + "\n"
    data = struct.pack("<%df" % n, *vals) if ty == "f32" else b"".join(struct.pack("<f", v)[2:] for v in vals)
    p = "%s/%s_%d.npy" % (out, func, i)
    open(p, "wb").write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(h)) + h.encode() + data)
    paths.append(p)
print(",".join(paths))
