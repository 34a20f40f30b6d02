#!/usr/bin/env bash
# 1-D and 3-D convolutions and pooling, and the 2-D ones conv.sh's file lacks
# (tests/data/conv_ops_nd.mlir: each named op with strides and dilations,
# some != 1; integer pools, unsigned and signed): spadc's import of each
# computes what MLIR 22's own generalization of it computes (mlir-opt-22
# --linalg-generalize-named-ops, read back by spadc: the same results bit for
# bit on the same inputs), its print is accepted by mlir-opt-22 and is a
# fixpoint, and the cpu and npu targets run each on their engines (plan: no
# kernel on the reference path) with the reference's results.
set -u
. "$SPADC_SRC/tests/tools/lib.sh"
f="$SPADC_SRC/tests/data/conv_ops_nd.mlir"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0 n=0
have_mlir=0; command -v mlir-opt-22 >/dev/null && have_mlir=1
[ $have_mlir = 1 ] && { mlir-opt-22 --linalg-generalize-named-ops "$f" >"$tmp/gen.mlir" 2>"$tmp/err" ||
  { echo "FAIL: mlir-opt-22 rejects conv_ops_nd.mlir"; cat "$tmp/err"; fail=1; }; }
"$SPADC" opt "$f" >"$tmp/o1.mlir" || { echo "FAIL: spadc opt"; fail=1; }
"$SPADC" opt "$tmp/o1.mlir" | cmp -s - "$tmp/o1.mlir" || { echo "FAIL: spadc opt's print is not a fixpoint"; fail=1; }
[ $have_mlir = 1 ] && { mlir-opt-22 "$tmp/o1.mlir" >/dev/null 2>&1 || { echo "FAIL: mlir-opt-22 rejects spadc opt's print"; fail=1; }; }
funcs=$(sed -n 's/^func.func @\([a-z0-9]*\)(.*/\1/p' "$f")
for e in $funcs; do
  n=$((n + 1))
  check_generalized "$f" "$([ $have_mlir = 1 ] && echo "$tmp/gen.mlir")" "$e" "$tmp" || fail=1
  p=$("$SPADC" plan "$f" -e "$e")
  grep -q '^plan of .*: 1 kernel, 1 on the engine$' <<<"$p" || { echo "FAIL @$e: cpu plan: $(head -1 <<<"$p")"; fail=1; }
  p=$("$SPADC" plan --target npu "$f" -e "$e")
  grep -q '^plan of .*: 1 kernel, 1 on the npu$' <<<"$p" || { echo "FAIL @$e: npu plan: $(head -1 <<<"$p")"; fail=1; }
done
# a 1-D convolution is a 2-D one of unit height to the engines: the npu's
# implicit GEMM (one window, the image 1 pixel high), the cpu's window rows
# packed as B for a stride-1 NCW one (@c2: dilation 2)
for e in c1 c2 c3; do
  "$SPADC" plan --target npu "$f" -e "$e" | grep -q '^    convolution: .* images of 1x[0-9]* pixels, window 1x3' ||
    { echo "FAIL @$e: not the npu's convolution path"; fail=1; }
done
for e in c5 c6; do
  "$SPADC" plan --target npu "$f" -e "$e" | grep -q '^    depthwise (on the vector unit' ||
    { echo "FAIL @$e: not the npu's depthwise path"; fail=1; }
done
grep -q "the window .* as B" <<<"$("$SPADC" plan "$f" -e c2)" || { echo "FAIL @c2: not the window-as-B path"; fail=1; }
# and the same plan as the 2-D op of unit height (tests/data/conv1d_as_2d.mlir:
# @X1 1-D, @X2 2-D; the plans but for names, locations and loop numbers),
# and the same results on each target
g="$SPADC_SRC/tests/data/conv1d_as_2d.mlir"
plan_of() { "$SPADC" plan "$@" | sed -e 's/linalg\.[a-z0-9_]*@[0-9:]*//g; s/@[a-z0-9]*//g; s/loop d[0-9]*/loop d/g'; }
for x in a b c; do
  for tg in cpu npu; do
    [ "$(plan_of --target $tg "$g" -e ${x}1)" = "$(plan_of --target $tg "$g" -e ${x}2)" ] ||
      { echo "FAIL @${x}1: its $tg plan is not @${x}2's"; diff <(plan_of --target $tg "$g" -e ${x}1) <(plan_of --target $tg "$g" -e ${x}2) | head -6; fail=1; }
    "$SPADC" run "$g" -e ${x}1 --target $tg --seed 5 -o "$tmp/p1" >/dev/null &&
      "$SPADC" run "$g" -e ${x}2 --target $tg --seed 5 -o "$tmp/p2" >/dev/null &&
      cmp -s <(tail -c +129 "$tmp/p1/result0.npy") <(tail -c +129 "$tmp/p2/result0.npy") ||
      { echo "FAIL @${x}1: its $tg results are not @${x}2's"; fail=1; }
  done
done
# nn.Conv1d as torch-mlir writes it (tests/corpus/torch/tcn_block.mlir:
# tensor.pad + linalg.conv_1d_ncw_fcw, the bias broadcast and added after;
# torch_corpus.sh checks its results against PyTorch's): every kernel on the
# engines; on the cpu the pads folded into the convolutions' windows (the
# GEMM ones' and the depthwise kernel's: no pad kernel); on the npu
# the pads folded into the convolutions' halo loads (no
# pad kernel), the dilated and the strided Conv1d on its implicit GEMM, the
# depthwise one on the vector unit, each with its bias (and ReLU) fused
t="$SPADC_CORPUS/torch/tcn_block.mlir"
p=$("$SPADC" plan "$t")
grep -q '^plan of @tcn_block for the cpu (1 thread): 5 kernels, 5 on the engine$' <<<"$p" &&
  ! grep -q '^    ops: tensor.pad' <<<"$p" && grep -q 'convolution: depthwise, direct' <<<"$p" ||
  { echo "FAIL tcn_block cpu plan: $(head -1 <<<"$p")"; fail=1; }
p=$("$SPADC" plan --target npu "$t")
grep -q '^plan of @tcn_block for the npu .*: 5 kernels, 5 on the npu$' <<<"$p" ||
  { echo "FAIL tcn_block npu plan: $(head -1 <<<"$p")"; fail=1; }
[ "$(grep -c '^    convolution: 2 images of 1x.* (in the halo loads)' <<<"$p")" = 2 ] &&
  grep -q '^    depthwise (on the vector unit.* (in the halo loads)' <<<"$p" &&
  ! grep -q '^    ops: tensor.pad' <<<"$p" && grep -q '^    epilogue: bias_add relu$' <<<"$p" ||
  { echo "FAIL tcn_block: the npu's Conv1d kernels"; grep -E '^k|^    (ops|epilogue|convolution|depthwise)' <<<"$p"; fail=1; }
# a Conv3d (conv_3d_ncdhw_fcdhw, its pad a kernel of its own on the npu,
# folded into the window on the cpu)
for tg in cpu npu; do
  p=$("$SPADC" plan --target $tg "$SPADC_CORPUS/torch/conv3d_block.mlir")
  want=3; [ $tg = cpu ] && want=2
  grep -q ": $want kernels, $want on the \(engine\|npu\)$" <<<"$p" || { echo "FAIL conv3d_block $tg plan: $(head -1 <<<"$p")"; fail=1; }
done
echo "$n convolution and pooling ops checked"
[ "$n" -ge 28 ] || { echo "too few functions in conv_ops_nd.mlir"; fail=1; }
exit $fail
