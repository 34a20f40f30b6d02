#!/usr/bin/env bash
# NaN, infinities, signed zeros and f32 subnormals among a kernel's inputs
# (tests/cli/special_values.py), for every kernel kind: the fused attention
# (plain, torch's safe softmax, NaN rows), convolutions on both cpu paths,
# pooling (pool_pad.mlir's and pool_window.mlir's run directly: the wide
# max beside its exact fallback for NaN taps and zero maxima), bf16 GEMMs
# (pairs and converted), loops (softmax parts, GELU, a column sum, roots), on the cpu at every ISA this host runs and on the npu, each
# with the whole reference (--check-samples 0): every NaN where the
# reference has one, every infinity its own. (The safe softmax's fully
# masked rows once wrote 0 where the reference's 0 * V is NaN.)
set -u
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0 n=0
d=$SPADC_SRC/tests/data
cfgs=()
for c in generic avx2 avx512 avx512bf16 amx; do
  SPADC_ISA=$c "$SPADC" plan "$SPADC_CORPUS/seeds/ffn1_bert.mlir" >/dev/null 2>&1 && cfgs+=("$c")
done
[ "${SPADC_SANITIZE:-0}" = 1 ] && cfgs=(generic "${cfgs[-1]}")
for spec in "attention.mlir attn" "attention.mlir causal_safe" "attention.mlir causal_nan" "conv_ops.mlir j" \
            "conv_ops.mlir a" "conv_ops.mlir d" "lowp.mlir mm_bf16" "lowp.mlir gemv_bf16" \
            "cpu_loops.mlir masked_softmax_parts" "cpu_loops.mlir gelus" "cpu_loops.mlir colsum" "cpu_loops.mlir roots" \
            "pool_pad.mlir max1d_pad" "pool_pad.mlir max2d_pad2" "pool_pad.mlir max_pad_zero" \
            "pool_pad.mlir avg_incl" "pool_window.mlir max_plain"; do
  set -- $spec
  ins=$(python3 "$SPADC_SRC/tests/cli/special_values.py" "$d/$1" "$2" "$tmp") || { echo "FAIL @$2: inputs"; fail=1; continue; }
  for c in "${cfgs[@]}" npu; do
    n=$((n + 1))
    if [ $c = npu ]; then
      out=$(timeout 120 "$SPADC" run "$d/$1" -e "$2" --inputs "$ins" --target npu --check-samples 0 --check 2>&1); rc=$?
    else
      out=$(SPADC_ISA=$c timeout 120 "$SPADC" run "$d/$1" -e "$2" --inputs "$ins" --threads 2 --check-samples 0 --check 2>&1); rc=$?
    fi
    [ $rc = 0 ] || { echo "FAIL $1 @$2 on $c: exit $rc"; grep -m2 'MISMATCH\|error' <<<"$out"; fail=1; }
  done
done
echo "$n runs with special values (cpu ${cfgs[*]}, npu)"
exit $fail
