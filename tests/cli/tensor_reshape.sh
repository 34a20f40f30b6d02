#!/usr/bin/env bash
# tensor.reshape with a shape operand (issue 33: ONNX ReduceMean/ReduceSum
# with keepdims) reads as the static reshape its result type spells: one
# expand_shape or collapse_shape, or both through one dimension when no
# grouping of dimensions maps one shape onto the other; mlir-opt-22 accepts
# what spadc prints of it; every function of tests/data/tensor_reshape.mlir
# runs on the reference and passes --check on the cpu (1 and 2 threads) and
# the npu; a shape operand that is not a constant is checked at run time
# (a wrong one stops every target with the located message, exit 1).
# Malformed ones (element count, shape operand type, length and values, the
# op's type) are tests/data/bad/53..57 (cli/errors.sh).
set -u
. "$SPADC_SRC/tests/tools/lib.sh"
F=$SPADC_SRC/tests/data/tensor_reshape.mlir
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
no() { echo "FAIL $*"; fail=1; }

"$SPADC" opt "$F" >"$tmp/p.mlir" || no "spadc opt"
grep -q '= tensor.reshape \|"tensor.reshape"(' "$tmp/p.mlir" && no "spadc opt still prints tensor.reshape"
want='%k = tensor.expand_shape %s [[0, 1]] output_shape [4, 1] : tensor<4xf32> into tensor<4x1xf32>
%0 = tensor.collapse_shape %x [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
%r = tensor.expand_shape %0 [[0, 1]] output_shape [3, 2] : tensor<6xf32> into tensor<3x2xf32>
%r = tensor.collapse_shape %x [] : tensor<1x1xf32> into tensor<f32>
%r = tensor.collapse_shape %x [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
%r = tensor.expand_shape %x [[0, 1]] output_shape [2, 4] : tensor<8xf32> into tensor<2x4xf32>'
got=$(grep -o '%[0-9a-z]* = tensor\.\(expand\|collapse\)_shape.*' "$tmp/p.mlir")
[ "$got" = "$want" ] || { no "the reshapes read as"; echo "$got"; }
[ "$(grep -c 'cf.assert %[0-9]*, "tensor.reshape'"'"'s shape operand differs from its result type"' "$tmp/p.mlir")" = 2 ] ||
  no "@from_elements: not one run-time check per dimension"
if command -v mlir-opt-22 >/dev/null; then
  mlir-opt-22 "$F" >/dev/null 2>&1 || no "mlir-opt-22 rejects the test file"
  for passes in "" canonicalize canonicalize,fuse; do
    "$SPADC" opt "$F" ${passes:+--passes $passes} | mlir-opt-22 >/dev/null 2>&1 || no "mlir-opt-22 rejects spadc opt ${passes:+--passes $passes}"
  done
fi

for f in keepdims swap scalar from_elements generic; do check_on_targets "$F" $f || fail=1; done
# the reshape of @keepdims is a view the column read fuses through: no copy
"$SPADC" plan "$F" -e keepdims --json | python3 -c '
import json, sys
d = json.load(sys.stdin)
assert all(k["path"] == "engine" for k in d["kernels"]), d["kernels"]' || no "@keepdims: a kernel off the cpu engine"

# a wrong shape that is not a constant: the run-time check, on every target
sed 's/%c4 = arith.constant 4 : i32/%c4 = arith.constant 3 : i32/' "$F" >"$tmp/bad.mlir"
want="$tmp/bad.mlir:46:8: error: assertion failed: tensor.reshape's shape operand differs from its result type"
for t in ref cpu npu; do
  got=$("$SPADC" run "$tmp/bad.mlir" -e from_elements --target $t 2>&1 >/dev/null); rc=$?
  [ $rc = 1 ] && [ "$got" = "$want" ] || { no "wrong run-time shape --target $t (exit $rc)"; echo "  want: $want"; echo "  got:  $got"; }
done
exit $fail
