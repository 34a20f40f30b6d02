#!/usr/bin/env bash
# Kernels that the compiled targets hand to the reference interpreter
# (src/exec/exec.c, run_interpreted) and must still get right:
# - a two-result linalg.generic (torch.argmax: the max and its index) whose
#   second result is used: both results have storage; the index is returned
#   and read by a later kernel (tests/data/argmax_results.mlir). It read as
#   zeros on cpu and npu (the kernel had storage for its first result only).
# - linalg.generic bodies that read a tensor with tensor.extract (torch's
#   gathers: F.interpolate(mode="nearest"), GroupNorm) in
#   tests/data/gather_extract.mlir: the tensor is bound for the interpreter
#   (a crash), lives until the kernel has run (another kernel took its
#   bytes: wrong numbers), and canonicalization rewrites the captured
#   reference along with the value it replaces (a dead op was read: a crash).
# Each function runs on the reference, and on cpu (1 and 2 threads) and npu
# with --check at two seeds; every result must match. torch-mlir's own
# files of the three models are tests/data/torch_{argmax,groupnorm,
# interpolate_nearest}.mlir, which tests/cli/frontend_ops.sh runs.
set -u
D=$SPADC_SRC/tests/data
fail=0 n=0
no() { echo "FAIL $*"; fail=1; }

for spec in "argmax_results.mlir:rows:3" "argmax_results.mlir:cols:1" "gather_extract.mlir:upsample:1" \
            "gather_extract.mlir:lifetime:1" "gather_extract.mlir:rewritten:1"; do
  IFS=: read -r file fn nres <<<"$spec"
  f=$D/$file
  "$SPADC" opt "$f" --passes canonicalize,fuse >/dev/null 2>&1 || no "$file: spadc opt --passes canonicalize,fuse: exit $?"
  for seed in 1 2; do
    out=$("$SPADC" run "$f" -e "$fn" --target ref --seed $seed 2>&1) || { no "$file @$fn --target ref: exit $?"; echo "$out" | tail -3; }
    for t in "cpu --threads 1" "cpu --threads 2" "npu"; do
      n=$((n + 1))
      # shellcheck disable=SC2086
      out=$("$SPADC" run "$f" -e "$fn" --target $t --seed $seed --check 2>&1); rc=$?
      ok=$(grep -c '^check result[0-9]*: .*: ok$' <<<"$out")
      if [ $rc != 0 ] || [ "$ok" != "$nres" ]; then
        no "$file @$fn --target $t --seed $seed (exit $rc, $ok of $nres results ok)"; echo "$out" | grep -E 'check|error' | head -4
      fi
    done
  done
done
# the index result an argmax returns is not all zeros (the reference's own
# sum is what the compiled targets are checked against above; this guards
# the input: a row maximum at column 0 in every row would hide the bug)
sum=$("$SPADC" run "$D/argmax_results.mlir" -e rows --target ref --seed 1 | sed -n 's/^result0: tensor<6xi64> sum=\([0-9]*\) .*/\1/p')
[ -n "$sum" ] && [ "$sum" -gt 0 ] || no "argmax_results @rows: the reference's indices sum to '$sum'"
if command -v mlir-opt-22 >/dev/null; then
  for file in argmax_results.mlir gather_extract.mlir; do
    for passes in "" canonicalize canonicalize,fuse; do
      "$SPADC" opt "$D/$file" ${passes:+--passes $passes} | mlir-opt-22 >/dev/null 2>&1 ||
        no "$file: mlir-opt-22 rejects spadc opt ${passes:+--passes $passes}"
    done
  done
fi
echo "$n runs checked"
exit $fail
