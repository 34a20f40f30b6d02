#!/usr/bin/env bash
# Thread counts (issue 35): every kernel kind sizes its team to its work
# (cpu_team), so --threads 1000 on small kernels runs, with --check, under
# an 8 GB address-space limit that 1000 thread stacks would not fit (fused
# attention once started all 1000 and died inside libgomp); a team the
# system will not start is spadc's own located error (exit 1), at compile
# time; the limit of 1024 is the same at every door (CLI exit 2; the C API
# and Python: tests/unit/test_api.c, tests/python/test_hostile.py).
set -u
fail=0 n=0
d=$SPADC_SRC/tests/data
# ASan reserves terabytes of address space (no ulimit -v) and its threads
# are heavier: the same kernels at 64 threads there
asan=0; [ "${SPADC_SANITIZE:-0}" = 1 ] && asan=1
T=1000; [ $asan = 1 ] && T=64
limited() { local as=$1; shift; if [ $asan = 1 ]; then timeout 120 "$@"; else (ulimit -v "$as"; timeout 60 "$@"); fi; }
# kernel kinds: fused attention (one key tile and several), convolution on
# both paths, bf16 GEMMs (pairs and converted), loops, reductions and copies
for spec in "attention.mlir attn" "attention.mlir attn_long" "conv_ops.mlir j" "conv_ops.mlir a" "conv_ops.mlir c" \
            "lowp.mlir mm_bf16" "lowp.mlir gemv_bf16" "cpu_loops.mlir colsum" "cpu_loops.mlir stats_f64" \
            "cpu_loops.mlir tensor_ops" "cpu_loops.mlir masked_softmax_parts"; do
  set -- $spec
  n=$((n + 1))
  out=$(limited 8000000 "$SPADC" run "$d/$1" -e "$2" --threads $T --seed 1 --check 2>&1); rc=$?
  [ $rc = 0 ] && ! grep -q MISMATCH <<<"$out" || { echo "FAIL $1 @$2 at --threads $T: exit $rc"; tail -2 <<<"$out"; fail=1; }
done
n=$((n + 1))
out=$(limited 8000000 "$SPADC" run "$d/attention.mlir" -e attn --target npu --threads $T --seed 1 --check 2>&1) ||
  { echo "FAIL npu attention at --threads $T"; tail -2 <<<"$out"; fail=1; }
if [ $asan = 0 ]; then
  # 960 threads for FFN1's GEMM do not fit 2 GB: a located error, exit 1,
  # before anything runs (not libgomp's "Thread creation failed")
  n=$((n + 1))
  f=$SPADC_CORPUS/seeds/ffn1_bert.mlir
  out=$(limited 2000000 "$SPADC" run "$f" --threads 1000 2>&1); rc=$?
  [ $rc = 1 ] && grep -q "^$f:12:11: error: kernel k0 runs on 960 threads and the system started only [0-9]* (.*): ask for fewer threads$" <<<"$out" &&
    ! grep -q libgomp <<<"$out" || { echo "FAIL ffn1 at 1000 threads in 2 GB: exit $rc: $out"; fail=1; }
fi
# the limit: 1024 runs, 1025 is a usage error
n=$((n + 1))
"$SPADC" plan "$d/attention.mlir" -e attn --threads 1024 >/dev/null || { echo "FAIL --threads 1024 refused"; fail=1; }
out=$("$SPADC" plan "$d/attention.mlir" -e attn --threads 1025 2>&1); rc=$?
[ $rc = 2 ] && grep -q "needs an integer in \[1, 1024\]" <<<"$out" || { echo "FAIL --threads 1025: exit $rc"; fail=1; }
echo "$n thread-count cases"
exit $fail
