#!/usr/bin/env bash
# npu_convs.sh - convolutions on the npu (src/npu/conv.c, issue 30): every
# convolution kernel of the silicon corpus (tests/corpus/silicon/conv_*) and
# of ResNet-50 (exported with torch-mlir by tools/resnet50_mlir.py into OUT
# when the venv VENV exists, default ~/.cache/spadc-venv; else skipped) at
# each batch of BATCHES: per kernel its cycles against its roofline (the
# largest of compute, vector and the DMA of the compulsory bytes) and its
# DMA bytes against its dram_bytes_lower_bound, its tile and schedule (the
# roofline's DMA leg at the sustained rate, peak x spadc_dram_efficiency;
# "x peak" against the channels' nominal peak); per
# model the plan's wall time and the kernels over 1.3x / 1.25x among those
# of 128 or more channels (the issue's goals; few-channel layers listed).
#   bash bench/npu_convs.sh [SPADC]     (default build/spadc)
#   BATCHES="1 32" OUT=build/bench/convs VENV=... bash bench/npu_convs.sh
# Cost: the silicon convolutions' plans in a second; the ResNet-50 export
# ~15 s per batch (once: kept in OUT), its plan ~1 s at batch 1, ~10 s at 32.
set -u
R=$(cd "$(dirname "$0")/.." && pwd)
S=${1:-${SPADC:-$R/build/spadc}}
OUT=${OUT:-$R/build/bench/convs}
VENV=${VENV:-$HOME/.cache/spadc-venv}
BATCHES=${BATCHES:-1 32}
[ -x "$S" ] || { echo "npu_convs.sh: no spadc at $S (make first)" >&2; exit 1; }
mkdir -p "$OUT"
files=()
for f in "$R"/tests/corpus/silicon/conv_*.mlir; do files+=("$f"); done
if [ -x "$VENV/bin/python" ]; then
  for b in $BATCHES; do
    m=$OUT/resnet50_b$b.mlir
    [ -s "$m" ] || "$VENV/bin/python" "$R/tools/resnet50_mlir.py" "$b" "$m" >"$OUT/export_b$b.log" 2>&1 ||
      { echo "npu_convs.sh: ResNet-50 export failed (see $OUT/export_b$b.log)"; rm -f "$m"; continue; }
    files+=("$m")
  done
else
  echo "(no venv at $VENV: ResNet-50 skipped)"
fi
for f in "${files[@]}"; do
  t0=$(date +%s.%N)
  "$S" plan "$f" --target npu --json >"$OUT/plan.json" || { echo "$(basename "$f"): plan failed"; continue; }
  t1=$(date +%s.%N)
  python3 - "$OUT/plan.json" "$(basename "$f" .mlir)" "$(echo "$t1 - $t0" | bc -l)" <<'PY'
import json, sys
plan, name, secs = json.load(open(sys.argv[1])), sys.argv[2], float(sys.argv[3])
print("== %s: planned in %.2f s" % (name, secs))
print("  %-5s %-38s %-18s %10s %10s %6s %6s %7s  %s" % ("k", "pixels x C x F, window", "tile", "cycles", "roofline", "x", "x peak", "DRAM/lb", "schedule"))
over = []
for i, k in enumerate(plan["kernels"]):
    s = k.get("schedule", {})
    if k.get("path") != "npu" or "conv" not in s:
        continue
    r = k["roofline"]
    # the roofline at the DRAM's sustained rate (the machine's
    # spadc_dram_efficiency of its peak: what a stream of bursts reaches);
    # x_peak against the channels' nominal peak, for reference
    eff = plan["target"]["dram_efficiency"]
    roof = max(r["compute_cycles"], r["vector_cycles"], r["dma_min_cycles"] / eff)
    roof_peak = max(r["compute_cycles"], r["vector_cycles"], r["dma_min_cycles"])
    x, d = k["est_cycles"] / roof, k["dma_bytes"] / k["dram_bytes_lower_bound"]
    x_peak = k["est_cycles"] / roof_peak
    dims = k["dims"]
    win = s["window"]
    what = "%s %dx%dx%d %dx%d" % ("dw" if s["conv"] == "depthwise" else "conv", dims["m"], s["in_channels"], dims["n"], win[0], win[1])
    sched = "%s X %s W %s%s%s" % (s["order"], s["x_buffers"], s["w_buffers"],
                                  " tile %d image(s) x %d rows" % (s["images_per_tile"], s["rows_per_tile"]),
                                  " fold %d" % s["kh_folded"] if s["kh_folded"] else "")
    print("  k%-4d %-38s %-18s %10d %10d %6.2f %6.2f %7.2f  %s" % (i, what, "%d,%d,%d" % (k["tile"]["m"], k["tile"]["n"], k["tile"]["k"]),
                                                               k["est_cycles"], roof, x, x_peak, d, sched))
    big = s["conv"] == "implicit_gemm" and min(dims["n"], s["in_channels"]) >= 128
    if big and (x > 1.3 or d > 1.25):
        over.append("k%d (%.2fx, DRAM %.2fx)" % (i, x, d))
print("  >= 128 channels above 1.3x the roofline (DMA at the sustained rate) or 1.25x the DRAM lower bound: %s"
      % (", ".join(over) or "none"))
PY
done
