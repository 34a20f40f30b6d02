#!/usr/bin/env bash
# Pools on the npu's vector unit (issue 30, npu/window.c, passes/pads.c):
# tests/data/pools.mlir's max and average pools (stride, padding,
# dilation, NCHW and channels_last, adaptive and global averages) are one "window"
# kernel each on the npu (the pad folded into its loads: no copy kernel),
# equal to the reference (--check), simulated cycles equal to the plan's;
# @avgpool_nopad's divisor comes from linalg.index (its kernel runs on the
# host), still right. Small budgets force tiles of a few output rows and
# pixels (halos shared between tiles) and other bufferings, still exact.
# ResNet-18's stem pool (3x3, stride 2, pad 1 on [1, 64, 112, 112]) plans
# within 1.1x its roofline (it was 536x: the window across three lanes and
# a reduction across the lanes per output).
set -u
f=$SPADC_SRC/tests/data/pools.mlir
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
no() { echo "FAIL $*"; fail=1; }

kinds() { # args: "kind/path/mode ..." per kernel; est_cycles into $tmp/est
  "$SPADC" plan "$@" --target npu --json >"$tmp/plan.json" || { echo "plan-failed"; return; }
  python3 - "$tmp/plan.json" "$tmp/est" <<'PY'
import json, sys
ks = json.load(open(sys.argv[1]))["kernels"]
open(sys.argv[2], "w").write(" ".join(str(k["est_cycles"]) for k in ks if "est_cycles" in k))
print(" ".join("%s/%s/%s" % (k["kind"], k["path"], k.get("schedule", {}).get("mode", "-")) for k in ks))
PY
}

run_check() { # LABEL args...
  local label=$1; shift
  out=$("$SPADC" run "$@" --target npu --check 2>&1); rc=$?
  [ $rc = 0 ] || { no "$label: run --check exit $rc"; echo "$out" | tail -3; return; }
  got=$(sed -n 's/^npu k[0-9]*: .*; \([0-9]*\) cycles .*/\1/p' <<<"$out" | tr '\n' ' ' | sed 's/ $//')
  [ "$got" = "$(cat "$tmp/est")" ] || no "$label: run cycles '$got', plan '$(cat "$tmp/est")'"
}

for fn in maxpool avgpool avgpool_pad avgpool_nopad maxpool_dil maxpool_nhwc adaptive_avg global_avg maxpool1d avgpool9 \
          pool_kw_outer; do
  k=$(kinds "$f" -e $fn)
  want="loop/npu/window"
  [ $fn = avgpool_nopad ] && want="op/npu/copy loop/reference/-"
  [ "$k" = "$want" ] || no "$fn: kernels '$k', not '$want'"
  run_check "$fn" "$f" -e $fn
  "$SPADC" run "$f" -e $fn --check >/dev/null 2>&1 || no "$fn on the cpu: --check"
done
for b in 1K 4K 16K; do
  for fn in maxpool avgpool_pad maxpool_dil maxpool_nhwc avgpool9 pool_kw_outer; do
    kinds "$f" -e $fn --budget $b >/dev/null
    run_check "$fn --budget $b" "$f" -e $fn --budget $b
  done
done

# ResNet-18's max pool at full size: within 1.1x its roofline (its DMA at the
# sustained rate)
sed -e 's/1x64x32x32/1x64x112x112/g; s/1x64x34x34/1x64x114x114/g; s/1x64x16x16/1x64x56x56/g' \
  <(sed -n '/^#maxpool_map/p; /func.func @maxpool(/,/^}/p' "$f") >"$tmp/r18.mlir"
"$SPADC" plan "$tmp/r18.mlir" --target npu --json | python3 -c '
import json, sys
p = json.load(sys.stdin)
ks = p["kernels"]
k = ks[0]
r = k["roofline"]
# (the roofline moves its bytes at the DRAM peak; the model at the sustained rate)
bound = max(r["compute_cycles"], r["dma_min_cycles"] / p["target"]["dram_efficiency"], r["vector_cycles"])
ok = len(ks) == 1 and k["path"] == "npu" and k["est_cycles"] <= 1.1 * bound
print("ok" if ok else "%d kernels, %d cycles against the roofline %d" % (len(ks), k["est_cycles"], bound))' >"$tmp/r" 2>&1
[ "$(cat "$tmp/r")" = ok ] || no "ResNet-18's max pool: $(cat "$tmp/r")"
exit $fail
