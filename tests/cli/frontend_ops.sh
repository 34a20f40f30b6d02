#!/usr/bin/env bash
# What torch-mlir writes (tests/data/torch_*.mlir, made by its fx importer):
# each file reads, prints back as MLIR that mlir-opt-22 accepts (a
# two-result linalg.generic prints its result types in parentheses), and
# runs on the cpu at 1 and 2 threads and on the npu with the reference's
# results. Canonicalization drops softmax's unused argmax result and turns
# x**3 (math.fpowi) into products, so no kernel is left to the reference
# path for either of them. torch_argmax (torch.argmax: a two-result generic
# whose index is returned), torch_interpolate_nearest and torch_groupnorm
# (tensor.extract inside a generic's body) keep a kernel on the reference
# path; their regressions (zeros, crashes) are tests/cli/reference_kernels.sh's.
set -u
fail=0 n=0
for f in "$SPADC_SRC"/tests/data/torch_*.mlir "$SPADC_SRC"/tests/data/fpowi_exponents.mlir; do
  b=$(basename "$f")
  if command -v mlir-opt-22 >/dev/null; then
    for passes in "" canonicalize canonicalize,fuse; do
      "$SPADC" opt "$f" ${passes:+--passes $passes} | mlir-opt-22 >/dev/null 2>&1 ||
        { echo "FAIL $b: mlir-opt-22 rejects spadc opt ${passes:+--passes $passes}"; fail=1; }
    done
  fi
  for t in "cpu --threads 1" "cpu --threads 2" "npu"; do
    n=$((n + 1))
    # shellcheck disable=SC2086
    out=$("$SPADC" run "$f" --target $t --check 2>&1); rc=$?
    if [ $rc != 0 ] || ! grep -q '^check result0: .*: ok$' <<<"$out"; then
      echo "FAIL $b --target $t (exit $rc)"; echo "$out" | tail -4; fail=1
    fi
  done
done
# the argmax is gone: four loop kernels (max, sub+exp, sum, div), the
# max-reduction's fill absorbed, merged into one rows kernel on the cpu
# (cpu/rows_path.c); x**3 is multiplications
plan=$("$SPADC" plan "$SPADC_SRC/tests/data/torch_softmax.mlir")
grep -q '1 kernel, 1 on the engine' <<<"$plan" && grep -q '^k0  rows ' <<<"$plan" ||
  { echo "FAIL softmax: not one rows kernel"; echo "$plan" | head -3; fail=1; }
"$SPADC" opt "$SPADC_SRC/tests/data/torch_softmax.mlir" --passes canonicalize | grep -q 'i64' &&
  { echo "FAIL softmax: the argmax (i64) survived canonicalization"; fail=1; }
"$SPADC" opt "$SPADC_SRC/tests/data/torch_gelu_tanh_cube.mlir" --passes canonicalize | grep -q 'fpowi' &&
  { echo "FAIL: math.fpowi with a constant exponent survived canonicalization"; fail=1; }
# torch's ReLU6 / clamp as select(cmpf(P, x, c), x, c): canonicalization
# makes each a max or min (so it fuses and runs on the engines) that gives
# the select's results bit for bit, NaN, zeros and infinities included
f="$SPADC_SRC/tests/data/clamp_select.mlir"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$SPADC" run "$f" --target ref -o "$tmp/ref" >/dev/null || { echo "FAIL clamp_select: ref"; fail=1; }
for t in cpu npu; do
  n=$((n + 1))
  out=$("$SPADC" run "$f" --target $t -o "$tmp/$t" 2>&1) && cmp -s "$tmp/ref/result0.npy" "$tmp/$t/result0.npy" ||
    { echo "FAIL clamp_select --target $t: not the select's results bit for bit"; fail=1; }
  grep -E '^k[0-9]+ +loop .* reference|on the host' <<<"$out" | grep -qv 'moves data' &&
    { echo "FAIL clamp_select --target $t: a min/max loop runs on the reference path"; fail=1; }
done
"$SPADC" opt "$f" --passes canonicalize | grep -q 'arith.select' &&
  { echo "FAIL: a select(cmpf) against a constant survived canonicalization"; fail=1; }
# BatchNorm's epsilon, an f64 constant truncated in the body, is folded:
# no per-element cast is left for the engines to refuse
"$SPADC" opt "$SPADC_SRC/tests/corpus/torch/resnet_block.mlir" --passes canonicalize | grep -q 'arith.truncf' &&
  { echo "FAIL: a truncf of a constant survived canonicalization"; fail=1; }
echo "$n runs checked"
[ "$n" -ge 9 ] || { echo "too few programs"; fail=1; }
exit $fail
