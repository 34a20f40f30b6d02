#!/usr/bin/env bash
# spadc plan on the cpu: the report lists the blocking search (counts, the
# best candidates with the chosen one marked, rejected ones with the reason)
# and the L1 and L2 plans; --json agrees with itself: the chosen candidate
# is the kernel's tile, fitting candidates fit their budgets and rejected
# ones exceed them, and each level's buffers, live at once, never overlap.
set -u
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
# a long K forces KC candidates out of L1
cat >"$tmp/longk.mlir" <<'MLIR'
func.func @g(%x: tensor<4x60000xf32>, %w: tensor<60000x64xf32>) -> tensor<4x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x64xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4x64xf32>) -> tensor<4x64xf32>
  %y = linalg.matmul ins(%x, %w : tensor<4x60000xf32>, tensor<60000x64xf32>) outs(%z : tensor<4x64xf32>) -> tensor<4x64xf32>
  return %y : tensor<4x64xf32>
}
MLIR
for f in "$SPADC_CORPUS/seeds/ffn1_bert.mlir" "$SPADC_CORPUS/seeds/bert_ffn_block.mlir" "$tmp/longk.mlir"; do
  for t in 1 2; do
    txt=$("$SPADC" plan "$f" --threads $t 2>&1) || { echo "FAIL plan $f: $txt"; fail=1; continue; }
    grep -qE '^    candidates: [0-9]+ considered, [0-9]+ fit' <<<"$txt" || { echo "FAIL $f: no candidate summary"; fail=1; }
    # the marked line names the tile the kernel uses
    tile=$(grep -m1 -oE 'tile: [a-z0-9_]+ mr=[0-9]+ nr=[0-9]+ mc=[0-9]+ nc=[0-9]+ kc=[0-9]+' <<<"$txt")
    star=$(grep -m1 -E '^      \* ' <<<"$txt")
    mc=$(grep -oE 'mc=[0-9]+' <<<"$tile"); nc=$(grep -oE 'nc=[0-9]+' <<<"$tile"); kc=$(grep -oE 'kc=[0-9]+' <<<"$tile")
    grep -qE "$mc +$nc +$kc " <<<"$star" || { echo "FAIL $f: chosen '$star' is not the tile '$tile'"; fail=1; }
    "$SPADC" plan "$f" --threads $t --json >"$tmp/p.json" || { echo "FAIL json $f"; fail=1; continue; }
    python3 - "$tmp/p.json" "$f" <<'PY' || fail=1
import json, sys
p = json.load(open(sys.argv[1])); bad = []
for k in p["kernels"]:
    if k.get("path") != "engine": continue
    c = k["candidates"]; chosen = [x for x in c if x["chosen"]]
    if len(chosen) != 1: bad.append("%d chosen" % len(chosen)); continue
    ch = chosen[0]
    if (ch["mc"], ch["nc"], ch["kc"]) != (k["tile"]["m"], k["tile"]["n"], k["tile"]["k"]):
        bad.append("chosen %s is not the tile %s" % (ch, k["tile"]))
    fits = [x for x in c if x["verdict"] == "fits"]
    if min(x["est_seconds"] for x in fits) < ch["est_seconds"]: bad.append("a fitting candidate is estimated faster")
    for x in c:
        if x["verdict"] == "fits" and (x["l1_footprint_bytes"] > k["l1_budget_bytes"] or x["l2_footprint_bytes"] > k["budget_bytes"]):
            bad.append("fitting candidate over budget: %s" % x)
        if x["verdict"] == "over_l1_budget" and x["l1_footprint_bytes"] <= k["l1_budget_bytes"]: bad.append("bogus L1 rejection %s" % x)
        if x["verdict"] == "over_l2_budget" and x["l2_footprint_bytes"] <= k["budget_bytes"]: bad.append("bogus L2 rejection %s" % x)
    for level, fp, budget in ((1, "l1_footprint_bytes", "l1_budget_bytes"), (2, "footprint_bytes", "budget_bytes")):
        bufs = [b for b in k["buffers"] if b.get("level") == level]
        if not bufs: bad.append("no L%d buffers" % level); continue
        top = max(b["offset"] + b["bytes"] for b in bufs)
        if top != k[fp] or top > k[budget]: bad.append("L%d footprint %d vs %d (budget %d)" % (level, top, k[fp], k[budget]))
        for i, a in enumerate(bufs):
            for b in bufs[i + 1:]:
                live = a["live"][0] <= b["live"][1] and b["live"][0] <= a["live"][1]
                mem = a["offset"] < b["offset"] + b["bytes"] and b["offset"] < a["offset"] + a["bytes"]
                if live and mem: bad.append("L%d %s and %s overlap" % (level, a["name"], b["name"]))
for b in bad: print("FAIL %s: %s" % (sys.argv[2], b))
sys.exit(1 if bad else 0)
PY
  done
done
# the long K rejects the whole-K strip, naming the L1 budget
out=$("$SPADC" plan "$tmp/longk.mlir")
grep -qE '^      x sgemm_[a-z0-9_]+ +kc=60000 rejected: L1 plan [0-9]+ B > budget [0-9]+ B' <<<"$out" || [ "$(uname -m)" != x86_64 ] ||
  { echo "FAIL long K: no L1 rejection shown"; echo "$out" | head -20; fail=1; }
exit $fail
