#!/usr/bin/env bash
# Programs whose values fan out and rejoin (tests/data/dag: LeakyReLU and ELU
# as frontends write them (ELU also as a select on a compare after a GEMM), two GEMMs meeting in one add, a value read by a
# contraction and by its own epilogue, several results) run on the cpu at 1
# and 2 threads and on the npu with the reference interpreter's results, and
# the fuser puts every op in one kernel at most (no op location listed
# under two kernels by plan).
set -u
fail=0 n=0
for f in "$SPADC_SRC"/tests/data/dag/*.mlir; do
  for t in "cpu --threads 1" "cpu --threads 2" "npu"; do
    n=$((n + 1))
    # shellcheck disable=SC2086
    out=$("$SPADC" run "$f" --target $t --check 2>&1); rc=$?
    nres=$(grep -c '^result[0-9]*:' <<<"$out")
    nok=$(grep -c '^check result[0-9]*: .*: ok$' <<<"$out")
    if [ $rc != 0 ] || [ "$nres" = 0 ] || [ "$nok" != "$nres" ]; then
      echo "FAIL $(basename "$f") --target $t (exit $rc, $nok of $nres results ok)"; echo "$out" | tail -5; fail=1
    fi
  done
  # each op location appears in one kernel's "ops" at most
  ops=$("$SPADC" plan "$f" | awk '$1 ~ /^k[0-9]+$/ {k = $1} $1 == "ops:" {for (i = 2; i <= NF; i++) {if ($i in seen) print $i, "in", seen[$i], "and", k; seen[$i] = k}}')
  [ -z "$ops" ] || { echo "FAIL $(basename "$f"): an op in two kernels: $ops"; fail=1; }
done
# a select on a compare (ogt, olt) after a GEMM, also across a fork that
# joins again: one kernel, on the cpu engine (the epilogue's SELECT_GT)
plan=$("$SPADC" plan "$SPADC_SRC/tests/data/dag/elu_select_gemm.mlir" --target cpu)
grep -q '^plan of @f .*: 1 kernel, 1 on the engine$' <<<"$plan" ||
  { echo "FAIL elu_select_gemm.mlir: not one kernel on the engine"; grep -E '^(plan|k[0-9])' <<<"$plan"; fail=1; }
echo "$n runs checked"
[ "$n" -ge 12 ] || { echo "too few programs"; fail=1; }
exit $fail
