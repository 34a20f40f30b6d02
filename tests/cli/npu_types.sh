#!/usr/bin/env bash
# Element types and copies on the npu (issue 17): every model of the torch
# corpus runs with no kernel on the reference path (plan --json: every
# kernel's path is "npu") and passes --check on the npu (the bf16 models
# too, moving at most 0.55x the DMA bytes of their f32 twins); the functions of
# tests/data/npu_types.mlir (f64 statistics with an epilogue into f32, an
# f64 column sum, i1 masks, integers, pads, strided slices, insert_slice)
# run entirely on the npu and equal the reference bit for bit on the
# built-in machine, PyTorchSim's 8x8 file (with a small budget too) and its
# tpuv6e file; their plans budget each buffer by its element type (bytes =
# rows x ceil(cols / lanes) x the type's bytes, an i1 one byte), copies move
# each element once each way (DMA bytes = the minimum), and the vector
# unit's occupancy follows the element width (an f64 map takes twice the
# vector cycles of the f32 one, an i8 map a quarter); an integer division
# by zero stops with the reference's located error; plan --svg draws the
# new kernels.
set -u
. "$SPADC_SRC/tests/tools/lib.sh"
D=$SPADC_SRC/tests/data Y=$SPADC_CORPUS/external/pytorchsim
V8="npu=$Y/systolic_ws_8x8_c1_simple_noc.yml" V6="npu=$Y/systolic_ws_256x256_c1_simple_noc_tpuv6e.yml"
f=$D/npu_types.mlir
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0 n=0
no() { echo "FAIL $*"; fail=1; }

# how many kernels are on the reference path, and how many there are
ref_count() {
  python3 -c '
import json, sys
d = json.load(sys.stdin)
ref = [k for k in d["kernels"] if k["path"] != "npu"]
print(len(ref), len(d["kernels"]), " | ".join("%s: %s" % (k["name"], k.get("reason")) for k in ref))'
}

# 1. the torch corpus: no kernel on the reference path (the gathers too:
# nn.Embedding's, UNet's transposed conv weight flip, GroupNorm statistics
# and nearest upsampling run on the npu's gathering DMA, issue 33), --check
# passes, with PyTorch's inputs where the corpus has them (random indices
# fail nn.Embedding's bounds check)
for m in "$SPADC_SRC"/tests/corpus/torch/*.mlir; do
  n=$((n + 1))
  name=$(basename "$m" .mlir)
  read -r nref nk why < <("$SPADC" plan "$m" --target npu --json | ref_count)
  [ "$nref" = 0 ] && [ "${nk:-0}" -gt 0 ] || no "$name: $nref of $nk kernels on the reference path: $why"
  args="" i=0
  while [ -f "${m%.mlir}.arg$i.npy" ]; do args="$args${args:+,}${m%.mlir}.arg$i.npy"; i=$((i + 1)); done
  out=$("$SPADC" run "$m" --target npu --check ${args:+--inputs "$args"} 2>&1); rc=$?
  if [ $rc != 0 ] || ! grep -q ': ok$' <<<"$out" || grep -q 'MISMATCH\|on the host' <<<"$out" ||
     ! grep -q "^npu total: .*; $nk of $nk kernels on the npu" <<<"$out"; then
    no "$name on the npu (exit $rc)"; grep -v '^npu k' <<<"$out" | tail -3
  fi
done

# bf16 on the npu (issue 32): arrays multiplying bf16 into f32
# accumulators, tiles and DMA at 2 bytes an element: each bf16 model moves
# at most 0.55x the DRAM bytes of its f32 twin (measured: 0.50, 0.50, 0.51)
for pair in mlp:mlp_bf16 bert_ffn:bert_ffn_bf16 gpt2_block:gpt2_block_bf16; do
  a=${pair%%:*} b=${pair##*:}
  r=$(for x in $a $b; do "$SPADC" plan "$SPADC_SRC/tests/corpus/torch/$x.mlir" --target npu --json |
        python3 -c 'import json, sys; print(json.load(sys.stdin)["program"]["dma_bytes"])'; done | paste -sd' ')
  python3 -c 'import sys; f, h = map(int, sys.argv[1:3]); sys.exit(0 if 0 < h <= 0.55 * f else 1)' $r ||
    no "$b moves $(cut -d' ' -f2 <<<"$r") DMA bytes, more than 0.55x $a's $(cut -d' ' -f1 <<<"$r")"
done

# 2. npu_types.mlir: all on the npu, bit for bit, on three machines
funcs="stats_f64 colsum_f64 masks ints scale_f32 scale_f64 scale_i8 pads pad_large slices gemm_f16"
for fn in $funcs; do
  read -r nref nk why < <("$SPADC" plan "$f" -e "$fn" --target npu --json | ref_count)
  [ "$nref" = 0 ] || no "$fn: $nref of $nk kernels on the reference path: $why"
  for run in "npu" "$V8" "$V8 --budget 2048" "$V6"; do
    n=$((n + 1))
    read -r target extra <<<"$run"
    out=$("$SPADC" run "$f" -e "$fn" --target "$target" $extra --check --seed 3 2>&1); rc=$?
    if [ $rc != 0 ] || grep -q 'on the host' <<<"$out" || ! grep -q '^check result0' <<<"$out"; then
      no "$fn on $run (exit $rc)"; echo "$out" | grep -v '^npu k' | tail -3; continue
    fi
    grep '^check result' <<<"$out" | grep -qv 'max abs err 0,' && no "$fn on $run: not bit-exact: $(grep '^check' <<<"$out")"
  done
done

# 3. the plans: buffers by element type, copies at the minimum DMA
for fn in $funcs; do
  for plan in "npu" "$V8 --budget 2048"; do
    read -r target extra <<<"$plan"
    "$SPADC" plan "$f" -e "$fn" --target "$target" $extra --json >"$tmp/$fn.json" || { no "plan $fn on $plan"; continue; }
    python3 - "$tmp/$fn.json" "$fn on $plan" <<'PY' || fail=1
import json, sys
d = json.load(open(sys.argv[1])); what = sys.argv[2]
lanes = d["target"]["lanes"]
size = {"f32": 4, "f64": 8, "bf16": 2, "f16": 2, "i1": 1, "i8": 1, "i16": 2, "i32": 4, "i64": 8}
bad, types = [], set()
for k in d["kernels"]:
    bufs = k["buffers"]
    for b in bufs:
        r, c = b["shape"][-2:]
        chunks = 1  # a panel's shape leads with its chunks
        for x in b["shape"][:-2]:
            chunks *= x
        types.add(b["dtype"])
        if b["bytes"] != chunks * r * -(-c // lanes) * size[b["dtype"]]:
            bad.append("%s %s: %d bytes for %s %s" % (k["name"], b["name"], b["bytes"], b["shape"], b["dtype"]))
    top = max(b["offset"] + b["bytes"] for b in bufs)
    if top != k["footprint_bytes"] or top > k["budget_bytes"]:
        bad.append("%s: footprint %d, top byte %d, budget %d" % (k["name"], k["footprint_bytes"], top, k["budget_bytes"]))
    for i, a in enumerate(bufs):
        for b in bufs[i + 1:]:
            live = a["live"][0] <= b["live"][1] and b["live"][0] <= a["live"][1]
            if live and a["offset"] < b["offset"] + b["bytes"] and b["offset"] < a["offset"] + a["bytes"]:
                bad.append("%s: %s and %s overlap" % (k["name"], a["name"], b["name"]))
    copy = k["schedule"].get("mode") == "copy"  # (a contraction's schedule has no mode)
    if copy != (k["kind"] == "op"): bad.append("%s: a %s kernel in mode %s" % (k["name"], k["kind"], k["schedule"].get("mode")))
    # a pad or an extract_slice moves each element once each way
    if copy and not k["ops"][0].startswith("tensor.insert_slice") and k["dma_bytes"] != k["min_dma_bytes"]:
        bad.append("%s (%s): DMA %d bytes, minimum %d" % (k["name"], k["ops"][0], k["dma_bytes"], k["min_dma_bytes"]))
want = {"stats_f64": {"f64", "f32"}, "colsum_f64": {"f64"}, "masks": {"i1", "i8", "f32"}, "ints": {"i32", "i64"},
        "scale_f64": {"f64"}, "scale_i8": {"i8"}, "pads": {"f32", "i32"}, "slices": {"f32", "f64"}}
fn = what.split()[0]
if not want.get(fn, set()) <= types: bad.append("buffer types %s, want %s among them" % (sorted(types), sorted(want[fn])))
for b in bad: print("FAIL %s: %s" % (what, b))
sys.exit(1 if bad else 0)
PY
  done
done

# 4. the vector unit by element width: f64 twice the f32 groups, i8 a quarter
busy() { "$SPADC" run "$f" -e "$1" --target npu | sed -n 's/^npu k0 busy cycles: .*vector \([0-9]*\) (of.*/\1/p'; }
dma() { "$SPADC" run "$f" -e "$1" --target npu | sed -n 's/^npu total: .*DMA \([0-9]*\) bytes.*/\1/p'; }
v32=$(busy scale_f32) v64=$(busy scale_f64) v8=$(busy scale_i8)
[ -n "$v32" ] && [ "$v32" -gt 0 ] && [ "$v64" = $((2 * v32)) ] && [ $((4 * v8)) = "$v32" ] ||
  no "vector cycles f32 $v32, f64 $v64, i8 $v8: want f64 = 2 x f32 = 8 x i8"
b32=$(dma scale_f32) b64=$(dma scale_f64) b8=$(dma scale_i8)
[ "$b64" = $((2 * b32)) ] && [ $((4 * b8)) = "$b32" ] || no "DMA bytes f32 $b32, f64 $b64, i8 $b8"

# 5. an integer division by zero: the reference's message at the op, exit 1
for t in npu "$V8"; do
  out=$("$SPADC" run "$f" -e divzero --target "$t" 2>&1); rc=$?
  [ $rc = 1 ] && grep -q "npu_types.mlir:[0-9]*:[0-9]*: error: integer division by zero" <<<"$out" || no "divzero on $t: exit $rc: $out"
done

# 6. plan --svg draws the new kernels (a pad, f64 and i1 loops, slices)
check_svg npu resnet "$SPADC_SRC/tests/corpus/torch/resnet_block.mlir" --target npu
check_svg npu gpt2 "$SPADC_SRC/tests/corpus/torch/gpt2_block.mlir" --target npu
check_svg npu slices "$f" -e slices --target "$V8"
grep -q ' i1' "$tmp/gpt2.svg" && grep -q ' f64' "$tmp/gpt2.svg" || no "gpt2's svg names no i1 or f64 buffer"

echo "$n runs checked"
exit $fail
