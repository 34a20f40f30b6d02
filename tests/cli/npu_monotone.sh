#!/usr/bin/env bash
# Physics of the npu plan (issue 20's sweeps): a larger scratchpad admits
# every tile a smaller one did, so no kernel's estimate may rise with it, nor
# its DRAM traffic lower bound ("dram_bytes_lower_bound": the least traffic
# any schedule could move with that budget, plan/iobound.h). Over the corpus
# (tests/corpus/seeds, tests/corpus/torch, bench/models/bert_base_s128), on
# PyTorchSim's TPUv3 file with vpu_spad_size_kb_per_lane 16 .. 1024 KiB, and
# with --budget 0.1 .. 1 of the built-in machine, for every kernel the npu
# runs at both points: est_cycles and the lower bound do not increase; the
# lower bound is at least min_dma_bytes and never above the DMA bytes the
# chosen program moves; the program's lower bound is the kernels' sum; and
# somewhere the bound says more than the compulsory traffic and falls as the
# scratchpad grows (else it would be min_dma_bytes under another name).
# The simulator's cycles are the estimate (run's report) on two models at the
# smallest and largest scratchpad. And on PyTorchSim's 8x8 file (16 .. 64
# KiB), where the search's effort limit binds, for BERT's FFN1.
set -u
C=$SPADC_CORPUS Y=$SPADC_CORPUS/external/pytorchsim
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for kb in 16 32 64 128 256 512 1024; do
  sed "s/^vpu_spad_size_kb_per_lane: .*/vpu_spad_size_kb_per_lane: $kb/" "$Y/systolic_ws_128x128_c1_simple_noc_tpuv3.yml" >"$tmp/spad$kb.yml"
  grep -q "^vpu_spad_size_kb_per_lane: $kb$" "$tmp/spad$kb.yml" || { echo "FAIL: no spad key in the TPUv3 file"; exit 1; }
done
for kb in 16 24 32 64; do
  sed "s/^vpu_spad_size_kb_per_lane: .*/vpu_spad_size_kb_per_lane: $kb/" "$Y/systolic_ws_8x8_c1_simple_noc.yml" >"$tmp/small$kb.yml"
done
python3 - "$SPADC" "$tmp" "$C" "$SPADC_SRC/bench/models/bert_base_s128.mlir" <<'PY'
import glob, json, os, re, subprocess, sys
spadc, tmp, corpus, bert = sys.argv[1:5]
files = sorted(glob.glob(corpus + "/seeds/*.mlir") + glob.glob(corpus + "/torch/*.mlir")) + [bert]
# at a reduced size (SPADC_TEST_SCALE < 1: the sanitizer builds) every k-th
# file (k twice 1 / scale: each file is planned at some 20 capacities), and
# always the 4096^3 GEMM and BERT, where the bound bites and falls
scale = float(os.environ.get("SPADC_TEST_SCALE") or 1)
if 0 < scale < 1:
    k = max(1, 2 * round(1 / scale))
    keep = files[::k] + [f for f in (corpus + "/seeds/gemm_addmatrix_4096.mlir", bert) if f not in files[::k]]
    print("SPADC_TEST_SCALE=%g: %d of %d files" % (scale, len(keep), len(files)))
    files = keep
fail = []

def plan(f, args):
    p = subprocess.run([spadc, "plan", f, "--json"] + args, capture_output=True, text=True)
    if p.returncode != 0:
        return None, "exit %d: %s" % (p.returncode, p.stderr.strip()[:200])
    return json.loads(p.stdout), None

def sweep(label, points, files=files):
    """points: [(name, args)] from the smallest capacity up."""
    bites = falls = 0
    for f in files:
        prev = None
        for name, args in points:
            d, err = plan(f, args)
            where = "%s %s" % (os.path.basename(f), name)
            if d is None:
                if prev is not None: # fitted a smaller scratchpad
                    fail.append("%s: %s" % (where, err))
                continue
            ks = d["kernels"]
            total = 0
            for i, k in enumerate(ks):
                if k["path"] != "npu":
                    continue
                lb = k["dram_bytes_lower_bound"]
                total += lb
                if lb < k["min_dma_bytes"]:
                    fail.append("%s k%d: lower bound %d < min_dma_bytes %d" % (where, i, lb, k["min_dma_bytes"]))
                if k["dma_bytes"] < lb:
                    fail.append("%s k%d: dma_bytes %d < lower bound %d" % (where, i, k["dma_bytes"], lb))
                bites += lb > k["min_dma_bytes"]
                if prev is None or prev[1][i]["path"] != "npu":
                    continue
                a = prev[1][i]
                if k["est_cycles"] > a["est_cycles"]:
                    fail.append("%s k%d: est_cycles %d > %d at %s (tiles %s, %s)" % (where, i, k["est_cycles"], a["est_cycles"], prev[0], k["tile"], a["tile"]))
                if lb > a["dram_bytes_lower_bound"]:
                    fail.append("%s k%d: lower bound %d > %d at %s" % (where, i, lb, a["dram_bytes_lower_bound"], prev[0]))
                falls += lb < a["dram_bytes_lower_bound"]
            if d["program"]["dram_bytes_lower_bound"] != total:
                fail.append("%s: program lower bound %d != kernels' sum %d" % (where, d["program"]["dram_bytes_lower_bound"], total))
            prev = (name, ks)
    print("%s: the bound above the compulsory traffic in %d kernel plans, falling in %d steps" % (label, bites, falls))
    if label != "8x8" and (not bites or not falls):
        fail.append("%s: the lower bound never exceeds min_dma_bytes or never falls" % label)

spads = [16, 32, 64, 128, 256, 512, 1024]
sweep("scratchpad", [("%d KiB" % kb, ["--target", "npu=%s/spad%d.yml" % (tmp, kb)]) for kb in spads])
sweep("budget", [("--budget %s" % b, ["--target", "npu", "--budget", b]) for b in ("0.1", "0.25", "0.5", "0.75", "1")])
# where the tile search's effort limit binds (many candidates: 8 lanes), a
# larger scratchpad's extra candidates once used up the effort before the
# smaller one's choice was timed (FFN1: 18874604 cycles at 24 KiB, 18874702
# at 32); the limit is now counted per footprint (src/npu/search.c)
# (at a reduced size the two scratchpads of that regression only: each
# plan of FFN1 on 8 lanes uses the search's whole effort: tens of seconds
# under ASan)
sweep("8x8", [("8x8 %d KiB" % kb, ["--target", "npu=%s/small%d.yml" % (tmp, kb)])
              for kb in ((24, 32) if 0 < scale < 1 else (16, 24, 32, 64))],
      [corpus + "/seeds/ffn1_bert.mlir"])

# the simulated clock is the estimate, kernel by kernel (at a reduced size
# on the MLP only: simulating FFN1's 1.2 GMACs was most of the test under ASan)
for f in ((corpus + "/torch/mlp.mlir",) if 0 < scale < 1 else (corpus + "/seeds/ffn1_bert.mlir", corpus + "/torch/mlp.mlir")):
    for kb in (spads[0], spads[-1]):
        t = "npu=%s/spad%d.yml" % (tmp, kb)
        d, err = plan(f, ["--target", t])
        r = subprocess.run([spadc, "run", f, "--target", t, "--seed", "1"], capture_output=True, text=True)
        if d is None or r.returncode != 0:
            fail.append("%s %d KiB: %s %s" % (os.path.basename(f), kb, err, r.stderr[:200])); continue
        sim = {int(m.group(1)): int(m.group(2)) for m in re.finditer(r"^npu k(\d+): tile [^;]*; (\d+) cycles", r.stdout, re.M)}
        npu = [i for i, k in enumerate(d["kernels"]) if k["path"] == "npu"]
        if not npu or sorted(sim) != npu:
            fail.append("%s %d KiB: simulated kernels %s, planned %s" % (os.path.basename(f), kb, sorted(sim), npu))
        for i in npu:
            if sim.get(i) != d["kernels"][i]["est_cycles"]:
                fail.append("%s %d KiB k%d: simulated %s cycles, estimated %d" % (os.path.basename(f), kb, i, sim.get(i), d["kernels"][i]["est_cycles"]))
for x in fail:
    print("FAIL", x)
sys.exit(1 if fail else 0)
PY
