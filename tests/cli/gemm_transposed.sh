#!/usr/bin/env bash
# A GEMM whose result the program reads back transposed (ConvNeXt's MLP:
# its [H*W x C] result expanded to 1xHxWxC, permuted to NCHW, then the
# layer scale and the residual): the elementwise ops after the transpose run
# over the runs of loops the reshape's groups give (canon_reshape.c
# collapse_permuted), so they fuse into the GEMM, which then runs as
# C^T = B^T A^T, its tiles stored as rows (cpu/lower.c gemm_swap), and the
# plan says so. tests/data/gemm_transposed.mlir: every function passes
# --check on the reference, the cpu (each ISA, 1 and 2 threads) and the npu;
# a transpose that splits a group (@split_group) keeps its loop kernel; a
# transpose that is only a copy (@copy_folds, ViT's K^T) still folds into
# its reader's map, no kernel of its own.
set -u
. "$SPADC_SRC/tests/tools/lib.sh"
F=$SPADC_SRC/tests/data/gemm_transposed.mlir
fail=0
n=0
no() { echo "FAIL $*"; fail=1; }

kinds() {
  "$SPADC" plan "$F" -e "$1" --json | python3 -c '
import json, sys
print(" ".join(k["kind"] + "/" + k["path"] + ("/transposed" if k.get("transposed") else "")
               for k in json.load(sys.stdin)["kernels"]))'
}
for fn in mlp_back_nchw col_major unit_inner unit_last split_group copy_folds; do
  case $fn in
    split_group) want="contraction/engine loop/engine" ;;
    copy_folds) want="contraction/engine op/engine contraction/engine" ;; # the op: the slice
    *) want="contraction/engine/transposed" ;;
  esac
  k=$(kinds $fn)
  [ "$k" = "$want" ] || no "@$fn: kernels '$k', not '$want'"
  check_on_targets "$F" $fn || fail=1
  for isa in $(cpu_isas); do check_isa_runs "$isa" "$F" $fn 2; done
done
"$SPADC" plan "$F" -e mlp_back_nchw | grep -q "^    transposed: the result is column-major" ||
  no "@mlp_back_nchw: the plan does not say the GEMM runs transposed"
"$SPADC" plan "$F" -e split_group | grep -q "transposed:" && no "@split_group: a GEMM transposed"

# the canonical form: the layer scale reads the GEMM's bias add itself
# (no expand_shape of it is left), over 20 x 35 loops; MLIR 22 reads it
canon=$("$SPADC" opt "$F" --passes canonicalize) || no "spadc opt --passes canonicalize"
body=$(sed -n '/func.func @mlp_back_nchw/,/return/p' <<<"$canon")
grep -q 'tensor.expand_shape %b ' <<<"$body" && no "@mlp_back_nchw: the bias add is still expanded"
grep -q 'outs(%[0-9a-z_]* : tensor<20x35xf32>)' <<<"$body" || no "@mlp_back_nchw: no op over 20 x 35"
if command -v mlir-opt-22 >/dev/null; then
  mlir-opt-22 <<<"$canon" >/dev/null 2>&1 || no "mlir-opt-22 rejects the canonical form"
fi
echo "$n ISA runs checked on: $(cpu_isas)"
exit $fail
