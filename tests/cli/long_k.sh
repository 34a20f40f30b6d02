#!/usr/bin/env bash
# GEMMs with K in the tens of millions (tests/data/long_k.mlir) plan and
# run: one output element, K = 3e7, as the loop engine's dot product; two
# output columns, K = 1.5e7, on the GEMM microkernels blocked in K with a
# KC that fits the caches; both plan on the npu, and run --check agrees
# with the reference at 1 and 2 threads (the tolerance grows with sqrt(K):
# the reference sums in order).
set -u
f="$SPADC_SRC/tests/data/long_k.mlir"
fail=0
# @f (one output column): the loop engine's dot product; @g (two): the
# GEMM microkernels, blocked in K
out=$("$SPADC" plan "$f" -e f 2>&1); rc=$?
[ $rc = 0 ] && grep -q 'loop engine: 128 lanes along loop d2 (a reduction' <<<"$out" ||
  { echo "FAIL cpu plan of @f (exit $rc)"; echo "$out" | head -5; fail=1; }
out=$("$SPADC" plan "$f" -e g 2>&1); rc=$?
kc=$(sed -n 's/.*tile: .* kc=\([0-9]*\),.*/\1/p' <<<"$out")
if [ $rc != 0 ] || [ -z "$kc" ] || [ "$kc" -ge 15000000 ]; then
  echo "FAIL cpu plan of @g (exit $rc, kc '${kc}')"; echo "$out" | head -5; fail=1
fi
for fn in f g; do
  grep -q 9223372036854775807 < <("$SPADC" plan "$f" -e $fn 2>&1) && { echo "FAIL: a sentinel in the plan of @$fn"; fail=1; }
  "$SPADC" plan "$f" -e $fn --target npu >/dev/null 2>&1 || { echo "FAIL npu plan of @$fn (exit $?)"; fail=1; }
  for t in 1 2; do
    out=$("$SPADC" run "$f" -e $fn --check --threads $t 2>&1); rc=$?
    if [ $rc != 0 ] || ! grep -q '^check result0: .*: ok$' <<<"$out"; then
      echo "FAIL run @$fn --threads $t (exit $rc)"; echo "$out" | tail -3; fail=1
    fi
  done
done
exit $fail
