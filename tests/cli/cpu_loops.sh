#!/usr/bin/env bash
# Loop kernels and tensor ops (slices, pad) on the cpu engine
# (src/cpu/loop/loop.h): every kernel of
# tests/data/cpu_loops.mlir runs on the engine (plan --json says "engine"),
# equals the reference at 1 and 2 threads (bit for bit where the engine
# keeps the reference's order: elementwise kernels, column reductions,
# extrema, integers), and an integer division by zero stops with the
# reference's located message. Every model of the torch corpus then has
# no loop kernel left on the reference path.
set -u
D=$SPADC_SRC/tests/data
f=$D/cpu_loops.mlir
fail=0
no() { echo "FAIL $*"; fail=1; }

funcs="stats_f64 colsum masked_softmax_parts ints bf16 init_and_window tensor_ops gelus pools roots"
for fn in $funcs divzero; do
  n=$("$SPADC" plan "$f" -e "$fn" --json | python3 -c '
import json, sys
d = json.load(sys.stdin)
print(sum(1 for k in d["kernels"] if k["path"] != "engine"), len(d["kernels"]))')
  [ "${n%% *}" = 0 ] || no "$fn: kernels on the reference path ($n: reference, all)"
done
for fn in $funcs; do
  for t in 1 2; do
    out=$("$SPADC" run "$f" -e "$fn" --threads $t --check --seed 3 2>&1); rc=$?
    [ $rc = 0 ] || { no "$fn --threads $t: exit $rc"; echo "$out" | tail -3; continue; }
    case $fn in
      stats_f64|masked_softmax_parts|gelus) ;; # sums in lanes; exp, tanh, erf within 1-3 ulp
      *) grep '^check result' <<<"$out" | grep -qv 'max abs err 0,' && no "$fn --threads $t: not bit-exact: $(grep '^check' <<<"$out")" ;;
    esac
  done
done
# every ISA build of the engine (loop_generic.c, loop_avx2.c, loop_avx512.c)
for isa in generic avx2 avx512; do
  for fn in stats_f64 masked_softmax_parts ints bf16 tensor_ops gelus roots; do
    out=$(SPADC_ISA=$isa "$SPADC" run "$f" -e "$fn" --threads 2 --check 2>&1); rc=$?
    if [ $rc = 2 ] && grep -q "SPADC_ISA" <<<"$out"; then echo "skip: this CPU has no $isa"; break; fi
    [ $rc = 0 ] || { no "$fn with SPADC_ISA=$isa: exit $rc"; echo "$out" | tail -2; }
  done
done
# sqrt and rsqrt (f32, f64) run loops of their own; the plan names the
# floor, which runs a lane at a time with the reference's arithmetic
out=$("$SPADC" plan "$f" -e roots)
n=$(grep -c "a lane at a time" <<<"$out")
[ "$n" = 1 ] || no "roots: $n of 4 kernels a lane at a time (only the floor should be): $out"
grep -q "scalar, a lane at a time (math.floor)" <<<"$out" || no "roots: the floor is not named: $out"
# a pooling window is reduced a row of output columns at a time, not
# along the window (loop_lower.c run_window)
n=$("$SPADC" plan "$f" -e pools | grep -c "window, run directly: .* along loop d3")
[ "$n" = 2 ] || no "pools: $n of 2 pooling kernels run directly along the output columns (d3)"
# the softmax's max is exact, and so is every result of stats_f64 here
out=$("$SPADC" run "$f" -e masked_softmax_parts --check 2>&1)
grep -q '^check result1: max abs err 0,' <<<"$out" || no "the row max is not exact: $out"

# an integer division by zero: the reference's message, at the op, exit 1
for t in cpu ref; do
  out=$("$SPADC" run "$f" -e divzero --target $t 2>&1); rc=$?
  [ $rc = 1 ] || no "divzero --target $t: exit $rc"
  grep -q "cpu_loops.mlir:[0-9]*:[0-9]*: error: integer division by zero" <<<"$out" || no "divzero --target $t: $out"
done

# no kernel of the torch corpus is left to the reference (the gathers of
# nn.Embedding included: CPU_L_GATHER, tests/cli/gather.sh)
for m in "$SPADC_SRC"/tests/corpus/torch/*.mlir; do
  n=$("$SPADC" plan "$m" --json | python3 -c '
import json, sys
d = json.load(sys.stdin)
print(" | ".join([k.get("reason") or "?" for k in d["kernels"] if k["path"] != "engine"]))')
  want=""
  [ "$n" = "$want" ] || no "$(basename "$m"): on the reference path: '$n', want '$want'"
done
# a kernel the engine does not run says why, in the plan and its JSON
"$SPADC" plan "$D/cpu_loops_ref.mlir" | grep -q "on the reference path: the cpu engine has no 'linalg.pack'" ||
  no "plan does not say why linalg.pack is on the reference path"
"$SPADC" plan "$D/cpu_loops_ref.mlir" --json | python3 -c '
import json, sys
k = json.load(sys.stdin)["kernels"][0]
assert k["path"] == "reference" and "linalg.pack" in k["reason"], k' || no "plan --json has no reason for linalg.pack"
exit $fail
