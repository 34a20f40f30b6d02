#!/usr/bin/env bash
# The cpu's depthwise convolutions (issue 34; tests/data/conv_dw.mlir): each
# runs on the direct depthwise kernel (conv_dw.h: `plan` says "depthwise,
# direct", plan --json "depthwise_direct"), as one kernel with its zero pad
# folded (no tensor.pad kernel, never copied) and its epilogue fused, and
# agrees with the reference (--check) on every ISA this CPU runs (SPADC_ISA:
# AVX-512, AVX2, portable) at 1 and 2 threads, on SPADC_TEST_SCALE-many
# seeds: NCHW (torch-mlir's depthwise_conv_2d_nchw_chw) and NHWC, stride 1
# and 2, 3x3 and 7x7, a 5x1 (a 1-D convolution), unpadded, odd widths
# (masked tails), a batch of 2, a bias as the init or in the epilogue,
# ReLU6, a residual; torch's grouped spelling (conv_2d_ngchw_gfchw, one
# channel a group); planes of at most 16 columns with their rows folded into
# the lanes (and no other), their row pads in the lane masks. A non-zero
# pad is not folded (a pad kernel, then the same kernel on the padded
# tensor). The depthwise convolutions of the
# MobileNetV2 and ConvNeXt models of bench/models all take the kernel. On
# AVX-512, the stride-1 ones of 3 and 7 rows read by source rows (plan
# --json depthwise_grid_rows: the taps' grid; 0 elsewhere).
set -u
. "$SPADC_SRC/tests/tools/lib.sh"
f="$SPADC_SRC/tests/data/conv_dw.mlir"
fail=0 n=0
funcs=$(sed -n 's/^func.func @\([a-z0-9_]*\)(.*/\1/p' "$f")
[ "$(wc -w <<<"$funcs")" -ge 12 ] || { echo "FAIL: $f has too few functions: $funcs"; exit 1; }
isas=$(cpu_isas)
nseeds=$(scaled 2)
for isa in $isas; do
  for e in $funcs; do
    p=$(SPADC_ISA=$isa "$SPADC" plan "$f" -e "$e") || { echo "FAIL $isa @$e: plan"; fail=1; continue; }
    want='1 kernel, 1 on the engine'
    [ "$e" = nchw_padv1 ] && want='2 kernels, 2 on the engine'
    grep -q "^plan of .*: $want\$" <<<"$p" || { echo "FAIL $isa @$e: not '$want': $(head -1 <<<"$p")"; fail=1; }
    [ "$e" = nchw_padv1 ] || ! grep -q 'tensor.pad' <<<"$p" || { echo "FAIL $isa @$e: the pad is not folded"; fail=1; }
    grep -q "convolution: depthwise, direct" <<<"$p" || { echo "FAIL $isa @$e: not the depthwise kernel: $(grep -E 'convolution:|loop engine' <<<"$p")"; fail=1; }
    case $e in *relu6) grep -q 'epilogue: .*relu min' <<<"$p" || { echo "FAIL $isa @$e: ReLU6 not fused"; fail=1; } ;; esac
    # planes of at most 16 columns, stride 1: their rows folded into the lanes (dw_path.c dw_fold_plane)
    case $e in
      nchw_fold_*) grep -q 'its rows of [0-9]* folded in' <<<"$p" || { echo "FAIL $isa @$e: the plane not folded"; fail=1; } ;;
      *) ! grep -q 'folded in,' <<<"$p" || { echo "FAIL $isa @$e: a plane folded"; fail=1; } ;;
    esac
    # AVX-512 reads stride-1 windows of 3, 5 or 7 rows (NCHW; NHWC: columns,
    # its tiles' rows) by source rows (conv_dw.h grid_kh); a stride-2
    # window, a folded plane or another ISA by taps
    case $isa:$e in
      avx512*:nchw_s1_relu6 | avx512*:nchw_res | avx512*:nchw_valid | avx512*:ngchw_grouped | avx512*:nchw_padv1 | \
        avx512*:nhwc_s1_relu6 | avx512*:nhwc_res | avx512*:nchw_hswish) want=3 ;;
      avx512*:nchw_7x7_bias | avx512*:nhwc_7x7) want=7 ;;
      avx512*:nchw_5x5) want=5 ;;
      *) want=0 ;;
    esac
    got=$(SPADC_ISA=$isa "$SPADC" plan --json "$f" -e "$e" | python3 -c 'import json,sys; print([k for k in json.load(sys.stdin)["kernels"] if k.get("convolution")][0].get("depthwise_grid_rows"))')
    [ "$got" = "$want" ] || { echo "FAIL $isa @$e: depthwise_grid_rows $got, want $want"; fail=1; }
    check_isa_runs "$isa" "$f" "$e" "$nseeds"
  done
done
j=$("$SPADC" plan --json "$f" -e nhwc_s1_relu6 | python3 -c 'import json,sys; print(json.load(sys.stdin)["kernels"][0].get("convolution"))')
[ "$j" = depthwise_direct ] || { echo "FAIL plan --json convolution of @nhwc_s1_relu6: $j"; fail=1; }
# whole models: every depthwise convolution on the kernel
for m in mobilenet_v2_b1 convnext_block_56; do
  mf="$SPADC_SRC/bench/models/$m.mlir"
  want=$(grep -c 'linalg.depthwise_conv_2d_nchw_chw' "$mf")
  got=$("$SPADC" plan "$mf" | grep -c 'convolution: depthwise, direct')
  [ "$got" = "$want" ] || { echo "FAIL $m: $got of $want depthwise convolutions on the depthwise kernel"; fail=1; }
done
n=$((n + 1))
out=$("$SPADC" run "$SPADC_CORPUS/torch/mobilenet_v2_block.mlir" --threads 2 --check 2>&1) ||
  { echo "FAIL torch/mobilenet_v2_block.mlir: $out" | tail -3; fail=1; }
echo "$n runs checked on: $isas"
exit $fail
