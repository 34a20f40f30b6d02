#!/usr/bin/env bash
# Row-wise chains on the npu (issue 30, passes/rows.c, npu/rows.c):
# tests/data/rows.mlir's softmaxes over every axis (torch's dim -1, dim 0,
# dim 1 of three, a long row), log-softmax, LayerNorms (torch-mlir's f64
# variance spelling, 3-D, f32 by hand) and RMSNorm are one "rows" kernel
# each on the npu, equal to the reference (--check; these run exactly: the
# same operations in the same order), whose simulated cycles are the plan's
# estimate, kernel for kernel; both layouts of the tile (the axis across
# the lanes, down each lane) are chosen somewhere; @softmax_exp_returned
# (exp(x - max) a result too) is two chains and still right. Small budgets
# force several tiles (blocks of rows) and other bufferings, still exact.
# The calibration workloads softmax_2048x2048 and layernorm_512x768 plan as
# one rows kernel that moves its minimum DRAM bytes (the input read once,
# the result written once), and the attention one attention kernel. The cpu
# runs the same functions right (as its own rows kernels: cpu_rows.sh).
set -u
f=$SPADC_SRC/tests/data/rows.mlir
S=$SPADC_CORPUS/silicon
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
no() { echo "FAIL $*"; fail=1; }

# plan --json of FILE (args...): "kind/path/layout ..." per kernel, and each
# kernel's est_cycles into $tmp/est
kinds() {
  "$SPADC" plan "$@" --target npu --json >"$tmp/plan.json" || { echo "plan-failed"; return; }
  python3 - "$tmp/plan.json" "$tmp/est" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
ks = d["kernels"]
open(sys.argv[2], "w").write(" ".join(str(k.get("est_cycles", -1)) for k in ks))
print(" ".join("%s/%s/%s" % (k["kind"], k["path"], k.get("schedule", {}).get("layout", "-")) for k in ks))
PY
}

# run --check with args; its per-kernel cycles must be $tmp/est's
run_check() { # LABEL args...
  local label=$1; shift
  out=$("$SPADC" run "$@" --target npu --check 2>&1); rc=$?
  [ $rc = 0 ] || { no "$label: run --check exit $rc"; echo "$out" | tail -3; return; }
  got=$(sed -n 's/^npu k[0-9]*: .*; \([0-9]*\) cycles .*/\1/p' <<<"$out" | tr '\n' ' ' | sed 's/ $//')
  [ "$got" = "$(cat "$tmp/est")" ] || no "$label: run cycles '$got', plan '$(cat "$tmp/est")'"
}

layouts=""
for fn in softmax_last softmax_col softmax_mid log_softmax layernorm layernorm_3d rmsnorm layernorm_f32 \
          softmax_dim0 softmax_long softmax_exp_returned; do
  k=$(kinds "$f" -e $fn)
  want="rows/npu/"
  n=1
  [ $fn = softmax_exp_returned ] && n=2
  [ "$(wc -w <<<"$k")" = $n ] || no "$fn: kernels '$k', not $n rows kernel(s)"
  for x in $k; do
    case $x in rows/npu/*) layouts="$layouts ${x#rows/npu/}" ;; *) no "$fn: kernel $x, not a rows kernel on the npu" ;; esac
  done
  run_check "$fn" "$f" -e $fn
  "$SPADC" run "$f" -e $fn --check >/dev/null 2>&1 || no "$fn on the cpu: --check"
done
grep -q axis_across_lanes <<<"$layouts" || no "no chain chose the axis across the lanes ($layouts)"
grep -q axis_down_lanes <<<"$layouts" || no "no chain chose the axis down the lanes ($layouts)"

# several tiles: small budgets, other bufferings, still exact, run = plan
for b in 256 1K 4K; do
  for fn in layernorm softmax_col softmax_dim0; do
    kinds "$f" -e $fn --budget $b >/dev/null
    run_check "$fn --budget $b" "$f" -e $fn --budget $b
  done
done

# the calibration rows: one kernel, the least DRAM traffic
for w in softmax_2048x2048 layernorm_512x768; do
  "$SPADC" plan "$S/$w.mlir" --target npu --json | python3 -c '
import json, sys
ks = json.load(sys.stdin)["kernels"]
ok = len(ks) == 1 and ks[0]["kind"] == "rows" and ks[0]["path"] == "npu" and ks[0]["dma_bytes"] == ks[0]["min_dma_bytes"]
print("ok" if ok else "%d kernels: %s" % (len(ks), [(k["kind"], k["path"], k.get("dma_bytes"), k.get("min_dma_bytes")) for k in ks]))' \
    >"$tmp/r" 2>&1
  [ "$(cat "$tmp/r")" = ok ] || no "$w: $(cat "$tmp/r")"
done
k=$(kinds "$S/attention_12x512x64.mlir")
[ "$k" = "attention/npu/transposed" ] || [ "$k" = "attention/npu/rows" ] || no "attention_12x512x64: kernels '$k', not one attention"
exit $fail
