#!/usr/bin/env bash
# A dimension of size 0 in every kernel kind (tests/cli/zero_dims.py: GEMM,
# GEMV, bf16/f16, batch and batch-reduce, convolutions on both cpu paths,
# depthwise and pooling, elementwise, reductions, softmax, fused attention,
# transposes, slices, pads, concats), each size in turn: on the cpu at every
# ISA this host runs and at 1 and 2 threads, and on the npu, each with
# --check against the reference interpreter. An empty result is an empty
# result, an empty reduction its init and epilogue; never a crash (a batch-0
# convolution once overflowed the im2col gather), a refusal or garbage.
set -u
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0 n=0
python3 "$SPADC_SRC/tests/cli/zero_dims.py" >"$tmp/z.mlir" 2>"$tmp/names" || { echo "FAIL: zero_dims.py"; exit 1; }
"$SPADC" check "$tmp/z.mlir" || { echo "FAIL: the generated programs do not verify"; exit 1; }
# the ISAs this CPU runs (SPADC_ISA names one it lacks: exit 2), each with
# a thread count; under the sanitizer build, fewer runs of the same paths
cfgs=()
for c in generic:1 avx2:2 avx512:1 avx512:2 avx512bf16:2 amx:2; do
  SPADC_ISA=${c%:*} "$SPADC" plan "$SPADC_CORPUS/seeds/ffn1_bert.mlir" >/dev/null 2>&1 && cfgs+=("$c")
done
[ "${SPADC_SANITIZE:-0}" = 1 ] && cfgs=(generic:2 "${cfgs[-1]}")
while read -r f; do
  for c in "${cfgs[@]}" npu; do
    n=$((n + 1))
    if [ "$c" = npu ]; then
      out=$(timeout 60 "$SPADC" run "$tmp/z.mlir" -e "$f" --target npu --seed 1 --check 2>&1); rc=$?
    else
      out=$(SPADC_ISA=${c%:*} timeout 60 "$SPADC" run "$tmp/z.mlir" -e "$f" --threads "${c#*:}" --seed 1 --check 2>&1); rc=$?
    fi
    [ $rc = 0 ] || { echo "FAIL @$f on $c: exit $rc"; grep -i "error\|MISMATCH" <<<"$out" | head -2; fail=1; }
  done
done <"$tmp/names"
# such a kernel is on the reference path, and the plan says why
out=$("$SPADC" plan --json "$tmp/z.mlir" -e conv_n0)
grep -q '"reason": "its result has no elements"' <<<"$out" || { echo "FAIL conv_n0: plan does not say its result is empty"; fail=1; }
out=$("$SPADC" plan --json "$tmp/z.mlir" -e matmul_k0)
grep -q '"reason": "its loop d2 has no iterations (a dimension of size 0)"' <<<"$out" ||
  { echo "FAIL matmul_k0: plan does not name the empty loop"; fail=1; }
echo "$n runs of $(wc -l <"$tmp/names") programs with a zero-size dimension (cpu ${cfgs[*]}, npu)"
exit $fail
