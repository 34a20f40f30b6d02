#!/usr/bin/env bash
# Many cores (issue 32 part 1, src/npu/cores.h): machine files written with
# --print-machine and num_cores / dram_channels edited. A compute-bound
# 2048^3 GEMM on 4 cores (64 channels) is 3x to 4x faster than on 1; a
# K-heavy GEMM (512x256, K 16384) gains >= 2.3x, and `run --check` matches
# the reference with the run's cycles the plan's; split K, where it keeps
# the arrays full, weighs both routes of its partials; no
# kernel on P cores beats the shared channels' roofline of its compulsory
# bytes (the bandwidth is contended, not multiplied), so a DRAM-bound
# kernel on TPUv3's 16 channels gains at most what they give, and the plan
# says so; cycles never
# rise from 1 to 2 to 4 cores; FFN1 split over its columns shares X over
# the interconnect (fetched once); every split kernel's core_cycles add up to
# its est_cycles; the trace has a process per core and the SVG a panel per
# core's program; num_cores 1 plans exactly as the built-in machine; a bad
# num_cores is refused with the key named (exit 1).
set -u
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
C=$SPADC_CORPUS
python3 - "$SPADC" "$C" "$tmp" <<'PY'
import json, os, re, subprocess, sys
spadc, corpus, tmp = sys.argv[1:4]
fail = []
reduced = 0 < float(os.environ.get("SPADC_TEST_SCALE") or 1) < 1
base = subprocess.run([spadc, "plan", "--target", "npu", "--print-machine"], capture_output=True, text=True, check=True).stdout

def machine(cores, channels, name=None):
    text = re.sub(r"(?m)^num_cores:\s+\S+", "num_cores: %s" % cores, base)
    text = re.sub(r"(?m)^dram_channels:\s+\S+", "dram_channels: %s" % channels, text)
    path = os.path.join(tmp, name or "c%s_%s.yml" % (cores, channels))
    open(path, "w").write(text)
    return path

def gemm(m, n, k):
    path = os.path.join(tmp, "gemm_%dx%dx%d.mlir" % (m, n, k))
    open(path, "w").write(f"""#row = affine_map<(d0, d1) -> (d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @gemm(%x: tensor<{m}x{k}xf32>, %w: tensor<{k}x{n}xf32>, %b: tensor<{n}xf32>) -> tensor<{m}x{n}xf32> {{
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<{m}x{n}xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<{m}x{k}xf32>, tensor<{k}x{n}xf32>) outs(%z : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
  %r = linalg.generic {{indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}}
      ins(%mm, %b : tensor<{m}x{n}xf32>, tensor<{n}xf32>) outs(%e : tensor<{m}x{n}xf32>) {{
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    %t = arith.maximumf %s, %zero : f32
    linalg.yield %t : f32
  }} -> tensor<{m}x{n}xf32>
  return %r : tensor<{m}x{n}xf32>
}}
""")
    return path

def plan(f, target):
    p = subprocess.run([spadc, "plan", f, "--target", "npu=" + target, "--json"], capture_output=True, text=True)
    if p.returncode:
        fail.append("plan %s on %s: exit %d: %s" % (f, target, p.returncode, p.stderr[:300]))
        return None
    return json.loads(p.stdout)

def cycles(j):
    return sum(k["est_cycles"] for k in j["kernels"] if "est_cycles" in k)

# the channels' sustained bytes a cycle, shared by every core (machine.h)
def channels_bw(channels):
    return channels * 30.1 * 1000 / 940 * 0.7

def check_laws(j, f, channels):
    for k in j["kernels"]:
        if "cores" not in k:
            continue
        c = k["cores"]
        if len(c["core_cycles"]) != c["used"] or not 1 <= c["used"] <= c["available"]:
            fail.append("%s k%s: cores %s" % (f, k["name"], c))
        end = max(c["core_cycles"]) + (max(c["reduction_core_cycles"]) if c["reduction"] != "none" else 0)
        if end != k["est_cycles"]:
            fail.append("%s %s: core cycles end at %d, est_cycles %d" % (f, k["name"], end, k["est_cycles"]))
        if k["est_cycles"] * channels_bw(channels) * 1.0001 < k["min_dma_bytes"]:
            fail.append("%s %s on %d cores: %d cycles move its %d compulsory bytes faster than %d channels give" %
                        (f, k["name"], c["used"], k["est_cycles"], k["min_dma_bytes"], channels))
        g = k["dram_gap"]
        parts = sum(g[p] for p in ("tile", "budget", "outer", "epilogue", "halo", "other", "split"))
        if parts != g["total"] or g["total"] != k["dma_bytes"] - k["dram_bytes_lower_bound"]:
            fail.append("%s %s: dram_gap parts %s do not sum to the total" % (f, k["name"], g))

c1, c2, c4 = machine(1, 64), machine(2, 64), machine(4, 64)
c1_16, c4_16 = machine(1, 16), machine(4, 16)

# a compute-bound GEMM: ~4x on 4 cores (never above 4x: the arrays' work is split)
big = gemm(1024, 2048, 2048) if reduced else gemm(2048, 2048, 2048)
j1, j4 = plan(big, c1), plan(big, c4)
if j1 and j4:
    s = cycles(j1) / cycles(j4)
    print("compute-bound %s: %d -> %d cycles on 4 cores, %.2fx" % (os.path.basename(big), cycles(j1), cycles(j4), s))
    if not 3.0 <= s <= 4.0:
        fail.append("compute-bound GEMM on 4 cores: %.2fx (want 3x..4x)" % s)
    check_laws(j4, big, 64)

# a K-heavy GEMM (512x256, K 16384): >= 2.3x on 4 cores (issue 32), the
# best split weighed taken; `run --check` matches the reference with the
# run's cycles the plan's. (Before the shared operand only split K got
# there; now a 2x2 grid sharing X and W reaches the DRAM floor too.)
kh = gemm(512, 256, 16384)
j1, j4 = plan(kh, c1), plan(kh, c4)
if j1 and j4:
    k = j4["kernels"][0]
    s = cycles(j1) / cycles(j4)
    print("K-heavy 512x256x16384: %d -> %d cycles, %.2fx, split %s on %d cores" %
          (cycles(j1), cycles(j4), s, k["cores"]["split"], k["cores"]["used"]))
    if s < 2.3:
        fail.append("K-heavy GEMM on 4 cores: %.2fx (want >= 2.3)" % s)
    w = k["cores"]["weighed"]
    if k["est_cycles"] != min(x["cycles"] for x in w if x["cycles"]):
        fail.append("K-heavy GEMM: chose %d cycles of the weighed %s" % (k["est_cycles"], w))
    check_laws(j4, kh, 64)
    for f, extra in ((kh, []), (kh, ["--budget", "0.1"]), (gemm(100, 200, 3000), [])):
        r = subprocess.run([spadc, "run", f, "--target", "npu=" + c4, "--check"] + extra, capture_output=True, text=True)
        m = re.search(r"npu total: (\d+) cycles", r.stdout)
        p = subprocess.run([spadc, "plan", f, "--target", "npu=" + c4, "--json"] + extra, capture_output=True, text=True)
        jj = json.loads(p.stdout) if not p.returncode else None
        if r.returncode or not m or not jj or int(m.group(1)) != cycles(jj):
            fail.append("run --check %s %s on 4 cores: exit %d, %s (plan %s)" % (f, extra, r.returncode, (m.group(0) if m else r.stderr[:300]), jj and cycles(jj)))

# split K where it is the one that keeps the arrays full: 64x128, K 16384,
# on 256 channels (DRAM not the bound). Both routes of the partials are
# priced, the cheaper taken; the on-chip one moves them over the
# interconnect, not DRAM; with 2 KiB a lane they cannot be parked: through
# DRAM, where they are the gap's split part
c4w = machine(4, 256)
kk = gemm(64, 128, 16384)
jk = plan(kk, c4w)
if jk:
    k = jk["kernels"][0]
    w = k["cores"]["weighed"]
    routes = {(x["reduction"], tuple(x["grid"])): x["cycles"] for x in w if x["split"] == "k"}
    print("K-heavy 64x128x16384 on 256 channels: split %s, reduction %s, %d cycles" % (k["cores"]["split"], k["cores"]["reduction"], k["est_cycles"]))
    if k["cores"]["split"] != "k":
        fail.append("64x128x16384 on 4 cores, 256 channels: split %s (want k)" % k["cores"]["split"])
    if not routes.get(("dram", (4, 1))) or not routes.get(("onchip", (4, 1))):
        fail.append("split K: both reduction routes not weighed: %s" % w)
    elif k["est_cycles"] != min(x["cycles"] for x in w if x["cycles"]):
        fail.append("split K: chose %d cycles of the weighed %s" % (k["est_cycles"], w))
    if k["cores"]["reduction"] == "onchip" and (k["cores"]["noc_bytes"] != 2 * 4 * 64 * 128 * 4 or k["cores"]["park_bytes"] <= 0):
        fail.append("split K on chip: noc_bytes %d, park %d (want the 4 partials written and read)" %
                    (k["cores"]["noc_bytes"], k["cores"]["park_bytes"]))
    check_laws(jk, kk, 256)
    p = subprocess.run([spadc, "plan", kk, "--target", "npu=" + c4w, "--budget", "2K", "--json"], capture_output=True, text=True)
    kd = json.loads(p.stdout)["kernels"][0] if not p.returncode else None
    if not kd or kd["cores"]["reduction"] != "dram" or kd["dram_gap"]["split"] < 2 * 4 * 64 * 128 * 4:
        fail.append("split K at --budget 2K: %s" % (kd and (kd["cores"]["reduction"], kd["dram_gap"])))

# a shared operand: FFN1 (512x3072x768) split over its columns reads all
# of X on every core unless X is fetched once and passed among them over
# the interconnect; both are weighed and the shared one is faster; the
# split chosen shares, moves the compulsory DRAM bytes (within 1%) and is
# >= 3.0x over 1 core (issue 32; 2.53x before the sharing)
ffn1 = corpus + "/seeds/ffn1_bert.mlir"
j1, j4 = plan(ffn1, c1), plan(ffn1, c4)
if j1 and j4:
    k = j4["kernels"][0]
    c = k["cores"]
    w = {(x["split"], tuple(x["grid"]), x["shared_operand"]): x["cycles"] for x in c["weighed"]}
    print("FFN1 on 4 cores: %d -> %d cycles (%.2fx), split %s %s, shared operand %s, noc %d B" %
          (cycles(j1), cycles(j4), cycles(j1) / cycles(j4), c["split"], c["grid"], c["shared_operand"], c["noc_bytes"]))
    plain, shared = w.get(("n", (1, 4), False)), w.get(("n", (1, 4), True))
    if not plain or not shared or shared >= plain:
        fail.append("FFN1 on 4 cores: split n weighed without/with a shared X: %s / %s (want both, shared faster)" % (plain, shared))
    if not c["shared_operand"] or k["dma_bytes"] > 1.01 * k["min_dma_bytes"] or c["noc_bytes"] <= 0:
        fail.append("FFN1 on 4 cores: shared %s, DMA %d (compulsory %d), noc %d (want a shared split at the compulsory bytes)" %
                    (c["shared_operand"], k["dma_bytes"], k["min_dma_bytes"], c["noc_bytes"]))
    if cycles(j1) / cycles(j4) < 3.0:
        fail.append("FFN1 on 4 cores: %.2fx (want >= 3.0 with X shared)" % (cycles(j1) / cycles(j4)))
    check_laws(j4, ffn1, 64)
    r = subprocess.run([spadc, "run", ffn1, "--target", "npu=" + c4, "--check"], capture_output=True, text=True)
    m = re.search(r"npu total: (\d+) cycles", r.stdout)
    if r.returncode or not m or int(m.group(1)) != cycles(j4):
        fail.append("run --check FFN1 on 4 cores (X shared): exit %d, %s (plan %d)" % (r.returncode, m and m.group(0), cycles(j4)))

# more cores than split K's partials can be: K over 4, columns over 2 (kn),
# on a machine whose 256 channels keep 8 cores at their ports' rate
c8 = machine(8, 256)
j8 = plan(kk, c8)
if j8:
    k = j8["kernels"][0]
    if k["cores"]["split"] != "kn" or k["cores"]["grid"] != [4, 2]:
        fail.append("K-heavy GEMM on 8 cores, 256 channels: split %s %s (want kn 4x2)" % (k["cores"]["split"], k["cores"]["grid"]))
    check_laws(j8, kk, 256)
    r = subprocess.run([spadc, "run", kk, "--target", "npu=" + c8, "--check"], capture_output=True, text=True)
    m = re.search(r"npu total: (\d+) cycles", r.stdout)
    if r.returncode or not m or int(m.group(1)) != cycles(j8):
        fail.append("run --check on 8 cores (kn): exit %d, %s (plan %d)" % (r.returncode, m and m.group(0), cycles(j8)))

# the trace shows each core (pid core + 1), its events adding up to the
# kernel's busy cycles over the cores; the SVG a panel per program shape
tr = os.path.join(tmp, "t.json")
r = subprocess.run([spadc, "run", kk, "--target", "npu=" + c4w, "--trace", tr], capture_output=True, text=True)
if r.returncode:
    fail.append("run --trace: exit %d: %s" % (r.returncode, r.stderr[:300]))
else:
    ev = json.load(open(tr))["traceEvents"]
    pids = {e["pid"] for e in ev if e["ph"] == "X" and e["tid"] != 1}
    kern = [e for e in ev if e["ph"] == "X" and e["tid"] == 1][0]["args"]
    busy = {}
    for e in ev:
        if e["ph"] == "X" and e["tid"] != 1:
            busy[e["args"]["unit"]] = busy.get(e["args"]["unit"], 0) + e["args"]["cycles"]
    if pids != {1, 2, 3, 4} or any(busy.get(u, 0) != c for u, c in kern["busy_cycles"].items()):
        fail.append("trace: cores %s, busy %s against the kernel's %s" % (sorted(pids), busy, kern["busy_cycles"]))
    if max(e["args"]["start_cycle"] + e["args"]["cycles"] for e in ev if e["ph"] == "X" and e["tid"] != 1) > kern["cycles"]:
        fail.append("trace: a core's event ends after its kernel")
svg = os.path.join(tmp, "k.svg")
r = subprocess.run([spadc, "plan", kk, "--target", "npu=" + c4w, "--svg", svg], capture_output=True, text=True)
if r.returncode or "split K's reduction, core 0" not in open(svg).read() or "on 4 cores, split k" not in open(svg).read():
    fail.append("plan --svg: no panel per core's program (exit %d)" % r.returncode)

# DRAM shared: on 16 channels (about one core's injection ports' worth) a
# DRAM-bound kernel gains at most what the channels give
dram = gemm(4096, 4096, 32)
j1, j4 = plan(dram, c1_16), plan(dram, c4_16)
if j1 and j4:
    k = j4["kernels"][0]
    floor = k["min_dma_bytes"] / channels_bw(16)
    print("DRAM-bound 4096x4096x32 on 16 channels: %d -> %d cycles (the channels' floor %d)" % (cycles(j1), cycles(j4), floor))
    if cycles(j1) / cycles(j4) > cycles(j1) / floor * 1.0001:
        fail.append("DRAM-bound kernel beats the shared channels")
    check_laws(j4, dram, 16)
# ... and FFN1's plan on 4 cores of TPUv3's 16 channels says why it gains
# nothing: its DRAM bytes at the channels' rate are its whole estimate
p = subprocess.run([spadc, "plan", corpus + "/seeds/ffn1_bert.mlir", "--target", "npu=" + c4_16], capture_output=True, text=True)
if p.returncode or not re.search(r"DRAM: \d+ bytes at the channels' sustained 358\.6 B/cycle .* take \d+ cycles, 9\d% of the estimate: "
                                 r"more cores cannot go far below it", p.stdout):
    fail.append("FFN1 on 4 cores, 16 channels: the plan does not say the channels bound it: %s" %
                [l for l in p.stdout.splitlines() if "DRAM:" in l])

# never slower with more cores; split kernels' figures consistent; run = plan
files = [corpus + "/seeds/ffn1_bert.mlir", corpus + "/torch/bert_ffn.mlir", corpus + "/torch/mlp.mlir"]
if not reduced:
    files += [corpus + "/silicon/bert_base.mlir", corpus + "/seeds/gemm_addmatrix_1024.mlir"]
for f in files:
    js = [plan(f, m) for m in (c1, c2, c4)]
    if None in js:
        continue
    for a, b, n in ((js[0], js[1], 2), (js[1], js[2], 4)):
        for ka, kb in zip(a["kernels"], b["kernels"]):
            if kb.get("est_cycles", 0) > ka.get("est_cycles", 0):
                fail.append("%s %s: %d cycles on %d cores, %d on fewer" % (f, kb["name"], kb["est_cycles"], n, ka["est_cycles"]))
    check_laws(js[2], f, 64)
    print("%s: %s cycles on 1, 2, 4 cores" % (os.path.basename(f), [cycles(j) for j in js]))
r = subprocess.run([spadc, "run", files[1], "--target", "npu=" + c4, "--check"], capture_output=True, text=True)
if r.returncode:
    fail.append("run --check %s on 4 cores: exit %d: %s" % (files[1], r.returncode, r.stderr[:300]))

# num_cores 1: the built-in machine's plans exactly
one = machine(1, 16, "one.yml")
for f in [corpus + "/silicon/gemm_512x512x512.mlir", corpus + "/silicon/bert_base.mlir"]:
    a = subprocess.run([spadc, "plan", f, "--target", "npu", "--json"], capture_output=True, text=True).stdout
    b = plan(f, one)
    a = json.loads(a)
    if b and [k.get("est_cycles") for k in a["kernels"]] != [k.get("est_cycles") for k in b["kernels"]]:
        fail.append("%s: num_cores 1 plans other cycles than the built-in machine" % f)
    if b and any(k.get("cores", {}).get("split", "none") != "none" for k in b["kernels"]):
        fail.append("%s: a split on one core" % f)

# bad values, refused with the key named
for v in ("0", "-2", "1.5", "many", "5000"):
    path = os.path.join(tmp, "bad.yml")
    open(path, "w").write(re.sub(r"(?m)^num_cores:\s+\S+", "num_cores: " + v, base))
    p = subprocess.run([spadc, "plan", corpus + "/seeds/ffn1_bert.mlir", "--target", "npu=" + path], capture_output=True, text=True)
    if p.returncode != 1 or "num_cores" not in p.stderr or not re.search(r"bad\.yml:\d+:\d+: error:", p.stderr):
        fail.append("num_cores: %s: exit %d, %r" % (v, p.returncode, p.stderr[:200]))

for f in fail:
    print("FAIL:", f)
sys.exit(1 if fail else 0)
PY
