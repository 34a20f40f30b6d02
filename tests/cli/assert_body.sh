#!/usr/bin/env bash
# cf.assert inside a structured op's body (issue 33: torch-mlir's
# nn.Embedding bounds-checks each index inside the gather's generic):
# checked at each point where it stands, on every target. Holding asserts
# change no result (run --check on cpu and npu); the elementwise kernel
# with a check stays on the cpu engine and on the npu (no silent fallback);
# MLIR's fused form (gather and checks inside a multiply-accumulate) splits
# into the gather, checks and all, and the contraction; failing asserts stop
# every target with the assert's located message and exit 1, as failing
# function-body asserts do (cli/assert_concat.sh), also for the torch
# export itself (tests/corpus/torch/embedding_mlp.mlir) given an index out
# of range.
set -u
. "$SPADC_SRC/tests/tools/lib.sh"
F=$SPADC_SRC/tests/data/cf_assert_body.mlir
T=$SPADC_CORPUS/torch/embedding_mlp
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
no() { echo "FAIL $*"; fail=1; }

# printing is a fixpoint, and mlir-opt-22 accepts the file and what spadc
# prints of it after each pass
"$SPADC" opt "$F" >"$tmp/p1.mlir" && "$SPADC" opt "$tmp/p1.mlir" >"$tmp/p2.mlir" && cmp -s "$tmp/p1.mlir" "$tmp/p2.mlir" ||
  no "printing is not a fixpoint"
if command -v mlir-opt-22 >/dev/null; then
  mlir-opt-22 "$F" >/dev/null 2>&1 || no "mlir-opt-22 rejects the test file"
  for passes in canonicalize canonicalize,fuse; do
    "$SPADC" opt "$F" --passes $passes | mlir-opt-22 >/dev/null 2>&1 || no "mlir-opt-22 rejects spadc opt --passes $passes"
  done
fi
# no pass drops an assert; the fused gather's two move to its own generic
n=$("$SPADC" opt "$F" --passes canonicalize,fuse | grep -c 'cf.assert')
[ "$n" = 6 ] || no "canonicalize,fuse left $n of the 6 cf.assert"
"$SPADC" opt "$F" --passes canonicalize | awk '/func.func @gather_fused/,/^  }$/' >"$tmp/fused.mlir"
grep -q 'ins(%idx : tensor<2x3xi64>) outs(%[0-9]* : tensor<2x3x4xf32>)' "$tmp/fused.mlir" &&
  [ "$(grep -c 'cf.assert' "$tmp/fused.mlir")" = 2 ] && grep -q 'iterator_types = \["parallel", "parallel", "parallel", "reduction"\]} ins(%[0-9]*, %w' "$tmp/fused.mlir" ||
  { no "@gather_fused: the gather with its asserts is not split from the contraction"; cat "$tmp/fused.mlir"; }

# holding asserts: the reference's results on every target
for f in gather gather_fused sqrt_checked matmul_checked; do check_on_targets "$F" $f || fail=1; done
# the checked elementwise kernel runs on the engines, its check included
"$SPADC" plan "$F" -e sqrt_checked | grep -q '^k0  loop  -> %1 (engine)$' || no "@sqrt_checked is not on the cpu engine"
"$SPADC" plan "$F" -e sqrt_checked --target npu | grep -q '^k0  loop  16 x 8 (map)  -> %1  (npu)$' || no "@sqrt_checked is not on the npu"
# in a contraction's epilogue: on the npu; TODO(issue 33) the cpu engine's
# GEMM epilogues do not run one, so the kernel is on the reference path, saying so
"$SPADC" plan "$F" -e matmul_checked --target npu | grep -q '^k0  contraction  b=1 m=16 n=32 k=8  -> %r  (npu)$' ||
  no "@matmul_checked is not on the npu"
"$SPADC" plan "$F" -e matmul_checked | grep -qx "    on the reference path: its epilogue holds a cf.assert, which the cpu engine's contraction epilogues do not run" ||
  no "@matmul_checked: the cpu plan does not say why the kernel is on the reference path"

# failing asserts: exit 1, the message located at the assert, on every target
expect_assert() { # FILE FUNC LINE:COL MESSAGE [RUN-ARGS...]
  local file=$1 func=$2 at=$3 msg=$4 t got rc out; shift 4
  local want="$file:$at: error: assertion failed: $msg"
  for t in ref cpu npu; do
    got=$("$SPADC" run "$file" -e "$func" --target "$t" "$@" 2>&1 >/dev/null); rc=$?
    [ $rc = 1 ] && [ "$got" = "$want" ] || { no "$(basename "$file") @$func --target $t (exit $rc)"; echo "  want: $want"; echo "  got:  $got"; }
  done
  out=$("$SPADC" run "$file" -e "$func" --target cpu --check "$@" 2>&1); rc=$?
  [ $rc = 1 ] && grep -qF "$want" <<<"$out" || no "$(basename "$file") @$func --check (exit $rc)"
}
bad() { # NAME SED-EXPR: the test file with one constant changed (lines and columns stay)
  sed "$2" "$F" >"$tmp/$1.mlir"
  cmp -s "$F" "$tmp/$1.mlir" && no "$1: the sed expression changed nothing"
}
bad big 's/\[0, 2, 2\]/[0, 10, 2]/'
expect_assert "$tmp/big.mlir" gather 26:5 'index must be smaller than dim size'
bad negative 's/\[0, 2, 2\]/[0, -1, 2]/'
expect_assert "$tmp/negative.mlir" gather 28:5 'index must be larger or equal to 0'
bad fused_big 's/\[0, 7, 2\]/[0, 7, 12]/'
expect_assert "$tmp/fused_big.mlir" gather_fused 46:5 'index must be smaller than dim size'
bad fused_negative 's/\[\[4, 3, 9\]/[[-4, 3, 9]/'
expect_assert "$tmp/fused_negative.mlir" gather_fused 48:5 'index must be larger or equal to 0'
bad sqrt 's/%shift = arith.constant 0.5/%shift = arith.constant -1.5/'
expect_assert "$tmp/sqrt.mlir" sqrt_checked 65:5 'sqrt of a negative number'
bad product 's/%big = arith.constant 100.0/%big = arith.constant -100.0/'
expect_assert "$tmp/product.mlir" matmul_checked 80:5 'matmul result too large'

# torch-mlir's export with its own weights and an index of 32 (the table has 32 rows)
python3 - "$tmp/idx.npy" <<'PY'
import struct, sys
h = b"{'descr': '<i8', 'fortran_order': False, 'shape': (2, 5), }"
h += b" " * (63 - (10 + len(h)) % 64) + b"\n"
with open(sys.argv[1], "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(h)) + h + struct.pack("<10q", 0, 1, 2, 3, 4, 5, 6, 7, 32, 9))
PY
expect_assert "$T.mlir" embedding_mlp 16:7 'index must be smaller than dim size' \
  --inputs "$tmp/idx.npy,$T.arg1.npy,$T.arg2.npy,$T.arg3.npy"
exit $fail
