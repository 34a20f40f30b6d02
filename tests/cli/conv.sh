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
# the cpu runs a stride-1 NCHW convolution (@j, the corpus's ResNet block)
# with the window's input rows packed as B and the weights read as A, the
# other ones (@a: stride 2) through an im2col matrix; both agree with the
# reference above, at 1 and 2 threads (2: its output rows split over them)
grep -q "window rows packed as B" <<<"$("$SPADC" plan "$f" -e j)" || { echo "FAIL @j: not the window-as-B path"; fail=1; }
grep -q "window rows packed as B" <<<"$("$SPADC" plan "$f" -e a)" && { echo "FAIL @a: a stride-2 conv on the window-as-B path"; fail=1; }
for t in 1 2; do
  "$SPADC" run "$f" -e j --threads $t --seed 3 --check >/dev/null 2>&1 || { echo "FAIL @j --threads $t --check"; fail=1; }
done
# a depthwise convolution (one output column per channel) runs on the cpu's
# loop engine, its lanes along the output's pixels, not on the GEMM
# microkernels (1 of their 64 columns busy: 4x slower on ConvNeXt's 7x7)
grep -A1 '^k4  contraction  b=144 m=256 n=1 k=9' <<<"$("$SPADC" plan "$SPADC_SRC/tests/corpus/torch/mobilenet_v2_block.mlir")" |
  grep -q 'loop engine: 128 lanes along loop d3' || { echo "FAIL mobilenet's depthwise conv is not on the cpu's loop engine"; fail=1; }
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
