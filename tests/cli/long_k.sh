#!/usr/bin/env bash
# A GEMM of one output element and K = 3e7 (tests/data/long_k.mlir) is
# blocked in K and runs: plan exits 0 on the cpu and the npu, with a KC that
# fits the caches, and run --check agrees with the reference at 1 and 2
# threads (the tolerance grows with sqrt(K): the reference sums in order).
set -u
f="$SPADC_SRC/tests/data/long_k.mlir"
fail=0
out=$("$SPADC" plan "$f" 2>&1); rc=$?
kc=$(sed -n 's/.*tile: .* kc=\([0-9]*\),.*/\1/p' <<<"$out")
if [ $rc != 0 ] || [ -z "$kc" ] || [ "$kc" -ge 30000000 ]; then
  echo "FAIL cpu plan (exit $rc, kc '${kc}')"; echo "$out" | head -5; fail=1
fi
grep -q 9223372036854775807 <<<"$out" && { echo "FAIL: a sentinel in the plan"; fail=1; }
"$SPADC" plan "$f" --target npu >/dev/null 2>&1 || { echo "FAIL npu plan (exit $?)"; fail=1; }
for t in 1 2; do
  out=$("$SPADC" run "$f" --check --threads $t 2>&1); rc=$?
  if [ $rc != 0 ] || ! grep -q '^check result0: .*: ok$' <<<"$out"; then
    echo "FAIL run --threads $t (exit $rc)"; echo "$out" | tail -3; fail=1
  fi
done
exit $fail
