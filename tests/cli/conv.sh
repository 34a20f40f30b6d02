#!/usr/bin/env bash
# Convolutions and pooling (tests/data/conv_ops.mlir: every 2-D conv and
# pooling op spadc reads, with strides and dilations): spadc's import of
# each named op computes what MLIR 22's own generalization of it computes
# (mlir-opt-22 --linalg-generalize-named-ops, read back by spadc: the same
# results bit for bit on the same inputs), its print is accepted by
# mlir-opt-22, and the cpu and npu targets run each with the reference's
# results (the npu: window loads, and a pooling op's window-shape operand,
# a tensor.empty nothing reads, is not loaded).
set -u
. "$SPADC_SRC/tests/tools/lib.sh"
f="$SPADC_SRC/tests/data/conv_ops.mlir"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0 n=0
have_mlir=0; command -v mlir-opt-22 >/dev/null && have_mlir=1
[ $have_mlir = 1 ] && { mlir-opt-22 --linalg-generalize-named-ops "$f" >"$tmp/gen.mlir" 2>"$tmp/err" ||
  { echo "FAIL: mlir-opt-22 rejects conv_ops.mlir"; cat "$tmp/err"; fail=1; }; }
[ $have_mlir = 1 ] && { "$SPADC" opt "$f" | mlir-opt-22 >/dev/null 2>&1 || { echo "FAIL: mlir-opt-22 rejects spadc opt's print"; fail=1; }; }
for e in a b c d e f g h i j; do
  n=$((n + 1))
  check_generalized "$f" "$([ $have_mlir = 1 ] && echo "$tmp/gen.mlir")" "$e" "$tmp" || fail=1
done
# the cpu runs an NCHW convolution (FCHW weights: unit along the window)
# with the weights read as A and the window as B, its pixels the columns:
# @j (stride 1, no pad, 13-wide input to 11-wide output: not one run of the
# input) and @a (stride 2) packed per call; an NHWC one (@b) through im2col
# rows; all agree with the reference above, at 1 and 2 threads (2: the
# calls split over them). tests/cli/conv_fast.sh checks the paths in detail.
for e in j a; do
  grep -q "the window packed as B" <<<"$("$SPADC" plan "$f" -e $e)" || { echo "FAIL @$e: not the window-packed-as-B path"; fail=1; }
done
grep -q "gathered into im2col rows" <<<"$("$SPADC" plan "$f" -e b)" || { echo "FAIL @b: not the im2col path"; fail=1; }
for t in 1 2; do
  for e in j a b; do
    "$SPADC" run "$f" -e $e --threads $t --seed 3 --check >/dev/null 2>&1 || { echo "FAIL @$e --threads $t --check"; fail=1; }
  done
done
# a depthwise convolution (one output column per channel) runs on the cpu's
# depthwise kernel (conv_dw.h; tests/cli/conv_dw.sh), its lanes along the
# output's width, its pad folded, not on the GEMM microkernels (1 of their
# 64 columns busy) nor the loop engine
grep -A6 '^k[0-9]*  contraction  b=144 m=256 n=1 k=9' <<<"$("$SPADC" plan "$SPADC_SRC/tests/corpus/torch/mobilenet_v2_block.mlir")" |
  grep -q 'convolution: depthwise, direct' || { echo "FAIL mobilenet's depthwise conv is not on the cpu's depthwise kernel"; fail=1; }
# the npu runs a convolution as an implicit GEMM over its output pixels
# (a tile of output rows, its halo on chip, the pad folded into the loads:
# no pad kernel); a 64-channel convolution large enough to be bound by the
# array (the silicon corpus's 56x56 one) folds the window's columns into
# the reduction (the ResNet block's 16x16 ones are bound by the DMA
# latency, where the unfolded loads are cheaper); a depthwise convolution (one output
# column per channel) runs the same way on the vector unit (channels across
# the lanes, the image's 256 pixels in one tile, one vector op per tap)
tiles() { "$SPADC" plan --json --target npu "$1" | python3 -c '
import json, sys
for k in json.load(sys.stdin)["kernels"]:
    s = k.get("schedule", {})
    if k["kind"] == "contraction":
        print(k["dims"]["n"], k["tile"]["m"], k["tile"]["k"], s.get("mode", s.get("conv", "gemm")), s.get("kw_folded"))
    elif k["kind"] == "op":
        print("op", k["ops"][0] if k.get("ops") else "?")'; }
t=$(tiles "$SPADC_SRC/tests/corpus/torch/resnet_block.mlir")
[ "$(cut -d' ' -f1-4 <<<"$t")" = "$(printf '64 128 64 implicit_gemm\n64 128 64 implicit_gemm')" ] ||
  { echo "FAIL resnet_block's conv tiles (n tm tk mode): $t"; fail=1; }
t=$(tiles "$SPADC_SRC/tests/corpus/silicon/conv_64x56x56x64x64x3x1x1.mlir")
[ "$(cut -d' ' -f1,4,5 <<<"$t")" = "64 implicit_gemm True" ] ||
  { echo "FAIL the 56x56x64 conv is not kw-folded (n tm tk mode folded): $t"; fail=1; }
t=$(tiles "$SPADC_SRC/tests/corpus/torch/mobilenet_v2_block.mlir" | grep '^1 ')
[ "$t" = "1 256 1 depthwise False" ] || { echo "FAIL mobilenet's depthwise conv tile (n tm tk mode): $t"; fail=1; }
# a bad window parameter is an error that names it
printf 'func.func @f(%%i: tensor<1x1x4x4xf32>, %%k: tensor<1x1x2x2xf32>, %%o: tensor<1x1x3x3xf32>) -> tensor<1x1x3x3xf32> {\n  %%r = linalg.conv_2d_nchw_fchw {strides = dense<0> : vector<2xi64>} ins(%%i, %%k : tensor<1x1x4x4xf32>, tensor<1x1x2x2xf32>) outs(%%o : tensor<1x1x3x3xf32>) -> tensor<1x1x3x3xf32>\n  return %%r : tensor<1x1x3x3xf32>\n}\n' >"$tmp/bad.mlir"
out=$("$SPADC" check "$tmp/bad.mlir" 2>&1); rc=$?
[ $rc = 1 ] && grep -q "2:8: error: linalg.conv_2d_nchw_fchw: strides must be between 1 and 2^20, found 0" <<<"$out" ||
  { echo "FAIL bad strides (exit $rc): $out"; fail=1; }
echo "$n convolution and pooling ops checked"
exit $fail
