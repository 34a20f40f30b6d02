#!/usr/bin/env bash
# Fused attention on the npu (issue 17, src/npu/attn.c): tests/data/
# attention.mlir's @attn and @attn_long, the torch corpus's BERT layer and
# GPT-2 block and the bench models each have one "attention" kernel on the
# npu (plan --json: kind "attention", path "npu"), whose plan holds the tile's
# buffers per lane (Q^T, K, V^T, the score tile S^T [keys x rows], the
# running max m, O^T) at
# planned offsets within the budget, no two overlapping; they agree with the
# reference (--check), also under small budgets that force several key
# tiles (the online softmax's rescaling) and other bufferings; the scores
# never reach DRAM: the fused run moves about the least bytes (Q, K, V, the
# mask once, O once: computed here from the shapes), far less than the
# unfused program that must store S (@scores_returned), and in the bench
# models the attention kernel moves less than its minimum plus one pass
# over S; plan --svg draws the kernel and run --trace records it. Both
# layouts of the tile (transposed: S^T with the query rows across the
# lanes, attn.c; as S is, the keys across the lanes, attn_rows.c) are
# exercised. Also on
# PyTorchSim's 8x8 and tpuv6e machine files.
set -u
D=$SPADC_SRC/tests/data
f=$D/attention.mlir
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
no() { echo "FAIL $*"; fail=1; }

# the attention kernels of a plan: "kind/path" and the checks on their buffers
attn_plan() { # FILE [plan args...]: prints "n_attention n_kernels key_tiles", fails on a bad plan
  "$SPADC" plan "$@" --target npu --json > "$tmp/plan.json" || { echo "plan failed"; return 1; }
  python3 - "$tmp/plan.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
ks = d["kernels"]
att = [k for k in ks if k["kind"] == "attention"]
bad = []
kt = 0
for k in att:
    if k["path"] != "npu":
        bad.append("attention kernel on path %s: %s" % (k["path"], k.get("reason")))
        continue
    names = [x["name"] for x in k["buffers"]]
    for need in ("Q", "K", "V", "S", "m", "O"):
        if not any(n == need or n.startswith(need) for n in names):
            bad.append("no buffer %s in %s" % (need, names))
    S = [x for x in k["buffers"] if x["name"].startswith("S")]
    t = k["tile"]
    for s in S:
        want = [t["n"], t["m"]] if k["schedule"]["layout"] == "transposed" else [t["m"], t["n"]]
        if s["shape"] != want:  # transposed: keys x query rows
            bad.append("S shape %s, tile %s" % (s["shape"], t))
    bufs = k["buffers"]
    for x in bufs:
        if x["offset"] < 0 or x["offset"] + x["bytes"] > k["budget_bytes"]:
            bad.append("buffer %s outside the budget" % x["name"])
    for i, x in enumerate(bufs):  # every buffer lives through the kernel: none may share bytes
        for y in bufs[i + 1:]:
            if x["offset"] < y["offset"] + y["bytes"] and y["offset"] < x["offset"] + x["bytes"]:
                bad.append("buffers %s and %s overlap" % (x["name"], y["name"]))
    if k["footprint_bytes"] != max(x["offset"] + x["bytes"] for x in bufs):
        bad.append("footprint %d" % k["footprint_bytes"])
    kt = max(kt, k["schedule"]["key_tiles"])
    print("layout", k["schedule"]["layout"])
    if k["dma_bytes"] >= k["min_dma_bytes"] + 4 * k["dims"]["b"] * k["dims"]["m"] * k["dims"]["n"]:
        bad.append("DMA %d bytes: the minimum %d plus S's bytes or more" % (k["dma_bytes"], k["min_dma_bytes"]))
for x in bad:
    print("BAD", x)
print(len(att), len(ks), kt)
EOF
}

dma() { sed -n 's/^npu total:.* DMA \([0-9]*\) bytes.*/\1/p'; }

layouts=""
for fn in attn attn_long; do
  for b in "" "--budget 8192" "--budget 4096" "--budget 2048"; do
    out=$(attn_plan "$f" -e $fn $b)
    layouts="$layouts $(sed -n 's/^layout //p' <<<"$out")"
    grep BAD <<<"$out" && no "$fn $b: plan"
    read -r na nk kt <<<"$(tail -1 <<<"$out")"
    [ "$na $nk" = "1 1" ] || no "$fn $b: $na attention kernels of $nk, not one fused attention"
    [ "$fn $b" = "attn_long --budget 2048" ] && { [ "${kt:-0}" -gt 1 ] || no "attn_long --budget 2048: $kt key tiles, not several"; }
    "$SPADC" run "$f" -e $fn --target npu --check --seed 3 $b >"$tmp/run" 2>&1 || { no "$fn $b --check"; tail -3 "$tmp/run"; }
  done
done

# both layouts of the tile were planned and checked above (attn.c's
# transposed one for @attn's 40 rows, attn_rows.c's for @attn_long's 6)
grep -qw transposed <<<"$layouts" && grep -qw rows <<<"$layouts" || no "the runs above used the layouts '$layouts', not both"

# PyTorchSim's 8x8 and tpuv6e files (a budget of half the scratchpad too)
Y=$SPADC_CORPUS/external/pytorchsim
for y in systolic_ws_8x8_c1_simple_noc.yml systolic_ws_256x256_c1_simple_noc_tpuv6e.yml; do
  for fn in attn attn_long; do
    for b in "" "--budget 0.5"; do
      "$SPADC" run "$f" -e $fn --target "npu=$Y/$y" --check $b >"$tmp/run" 2>&1 || { no "$fn on $y $b --check"; tail -3 "$tmp/run"; }
      grep -q "1 of 1 kernels on the npu" "$tmp/run" || no "$fn on $y $b: not one kernel on the npu"
    done
  done
done

# DRAM bytes: @attn's fused run moves about Q + K + V + mask + O, once each
# (2x40x16 + 2x70x16 + 2x70x24 + 70 + 2x40x24 floats); the unfused program
# (its scores are a result) moves S at least twice more
min=$(( (2*40*16 + 2*70*16 + 2*70*24 + 70 + 2*40*24) * 4 )) S=$((2*40*70*4))
fused=$("$SPADC" run "$f" -e attn --target npu | dma)
unfused=$("$SPADC" run "$f" -e scores_returned --target npu | dma)
[ -n "$fused" ] && [ "$fused" -ge "$min" ] && [ "$fused" -le $((min * 11 / 10)) ] ||
  no "attn: fused DMA '$fused' bytes, not within 1.1x of the least $min"
[ -n "$unfused" ] && [ $((fused + 2 * S)) -le "$unfused" ] || no "attn: fused $fused + 2 S ($S) > unfused $unfused bytes"
min=$(( (6*16 + 6000*16 + 6000*8 + 6000 + 6*8) * 4 ))
fused=$("$SPADC" run "$f" -e attn_long --target npu --budget 2048 | dma)
[ -n "$fused" ] && [ "$fused" -le $((min * 11 / 10)) ] || no "attn_long: fused DMA '$fused' bytes, not within 1.1x of $min"

# the plan draws it, the trace records it
"$SPADC" plan "$f" -e attn --target npu --svg "$tmp/a.svg" >/dev/null || no "plan --svg"
grep -q "attention" "$tmp/a.svg" && grep -q ">S" "$tmp/a.svg" || no "the svg does not draw the attention's buffers"
"$SPADC" run "$f" -e attn --target npu --trace "$tmp/t.json" >/dev/null || no "run --trace"
python3 -c '
import json, sys
ev = json.load(open(sys.argv[1]))["traceEvents"]
names = " ".join(str(e.get("name", "")) for e in ev)
assert "gemm" in names and "vec" in names, names[:300]
' "$tmp/t.json" || no "the trace has no gemm and vec events"

# torch's safe softmax (a row of only -inf scores gives zeros), the plain
# one's NaN there, and key tiles with no finite score, as on the cpu
for fn in causal_safe causal_nan leftpad_long; do
  k=$("$SPADC" plan "$f" -e $fn --target npu --json | python3 -c '
import json, sys
print(" ".join(k["kind"] for k in json.load(sys.stdin)["kernels"]))')
  [ "$k" = "loop attention" ] || no "$fn on the npu: kernels '$k'"
  "$SPADC" run "$f" -e $fn --target npu --check >"$tmp/run" 2>&1 || { no "$fn --target npu --check"; tail -3 "$tmp/run"; }
done

# models from torch-mlir: one attention kernel each on the npu, right
for m in bert_layer gpt2_block encoder_layer encoder_layer_masked; do
  m=$SPADC_SRC/tests/corpus/torch/$m.mlir
  out=$(attn_plan "$m")
  grep BAD <<<"$out" && no "$(basename "$m"): plan"
  [ "$(tail -1 <<<"$out" | cut -d' ' -f1)" = 1 ] || no "$(basename "$m"): $(tail -1 <<<"$out") (attention kernels, kernels, key tiles)"
  "$SPADC" run "$m" --target npu --check >"$tmp/run" 2>&1 || { no "$(basename "$m") --target npu --check"; tail -3 "$tmp/run"; }
done
# the bench models: fused on the npu, S never in DRAM (plans only: --check
# of these takes minutes)
for m in bert_base_s128 bert_base_s512 gpt2_small_s128; do
  out=$(attn_plan "$SPADC_SRC/bench/models/$m.mlir")
  grep BAD <<<"$out" && no "$m: plan"
  [ "$(tail -1 <<<"$out" | cut -d' ' -f1)" = 1 ] || no "$m: $(tail -1 <<<"$out") (attention kernels, kernels, key tiles)"
done
exit $fail
