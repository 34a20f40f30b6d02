#!/usr/bin/env bash
# The cpu's convolution paths (issue 34; tests/data/conv_fast.mlir): every
# function agrees with the reference (--check) on every ISA this CPU runs
# (SPADC_ISA), at 1 and 2 threads: NCHW as torch-mlir writes it (pad,
# conv, epilogue) at stride 1 and 2, 1x1, dilation 2, an asymmetric pad, a
# non-zero pad (a constant and a run-time scalar), odd sizes, a batch of 2,
# a long K (several K blocks), 70 output channels on a 7x7 image, a 7x7
# stride-2 stem; NHWC at stride 1 and 2 and 1x1; epilogues a bias and ReLU,
# ReLU6 (maxnumf, minimumf), torch's ReLU as cmpf ugt + select, or torch's
# BatchNorm order with a residual. And the plans: each layer one
# kernel (the pad folded into the window, never a kernel or a copy; the
# epilogue fused); on AVX-512 the linear windows (3x3 "same", 1x1 stride 1,
# dilation with its pad, an asymmetric pad keeping the width) read in place,
# and the strided ones over a copy split by the stride's phases, the others
# packed, the rows of a 1x1 over a source larger than half the L2
# prefetched ahead (window_fetch); elsewhere packed; NHWC through im2col
# rows.
set -u
. "$SPADC_SRC/tests/tools/lib.sh"
f="$SPADC_SRC/tests/data/conv_fast.mlir"
fail=0 n=0
funcs=$(sed -n 's/^func.func @\([a-z0-9_]*\)(.*/\1/p' "$f")
isas=$(cpu_isas)
in_place="nchw_same nchw_1x1 nchw_1x1_big nchw_asym nchw_1ch nchw_dil nchw_longk nchw_deep nchw_wide nchw_relu6 nchw_s2 nchw_s2b2 nchw_7x7s2 nchw_7x7s2c nchw_1x1s2 nchw_grp_s2 nchw_3d_s2 nchw_dil2s2"
# read in place over a copy of the source split by the stride's phases (plan
# --json window_phases): a 3x3's and a 7x7's 4 planes at stride 2 (grouped
# too), a 3-D 3x3x3's 8, a 1x1's one and a dilated 3x3's one (its taps all
# on odd coordinates); not the unpadded 3x3 whose last tap reaches a source
# element past the planes' ends (packed)
phases_of() { case $1 in nchw_s2 | nchw_s2b2 | nchw_7x7s2 | nchw_7x7s2c | nchw_grp_s2) echo 4 ;; nchw_3d_s2) echo 8 ;; nchw_1x1s2 | nchw_dil2s2) echo 1 ;; *) echo 0 ;; esac; }
# read in place, the taps a channel whose masks the kernel holds over a few
# channels (plan --json window_taps): a 3x3's 9, a 1x1's 1; one input
# channel has no channels to hold them over (0: masks per window element)
taps_of() { case $1 in nchw_1x1 | nchw_1x1_big | nchw_1x1s2) echo 1 ;; nchw_1ch) echo 0 ;; nchw_7x7s2 | nchw_7x7s2c) echo 49 ;; nchw_3d_s2) echo 27 ;; *) echo 9 ;; esac; }
for isa in $isas; do
  for e in $funcs; do
    p=$(SPADC_ISA=$isa "$SPADC" plan "$f" -e "$e") || { echo "FAIL $isa @$e: plan"; fail=1; continue; }
    grep -q '^plan of .*: 1 kernel, 1 on the engine$' <<<"$p" && ! grep -q 'tensor.pad' <<<"$p" ||
      { echo "FAIL $isa @$e: not one kernel with the pad folded: $(head -1 <<<"$p")"; fail=1; }
    case $e in nhwc*) want="gathered into im2col rows" ;; *) want="the window packed as B" ;; esac
    [ $isa = avx512 ] && [[ " $in_place " == *" $e "* ]] && want="the window read in place as B"
    grep -q "convolution: .*$want" <<<"$p" || { echo "FAIL $isa @$e: not '$want': $(grep convolution: <<<"$p")"; fail=1; }
    if [ "$want" = "the window read in place as B" ]; then
      # one plan: the taps, whether the tail is summed by dot products, kc
      read -r taps dots kc phases fetch < <(SPADC_ISA=$isa "$SPADC" plan --json "$f" -e "$e" | python3 -c 'import json,sys
k = json.load(sys.stdin)["kernels"][0]
print(k.get("window_taps"), k.get("window_tail_dots"), k["tile"]["k"], k.get("window_phases"), k.get("window_fetch"))')
      [ "$taps" = "$(taps_of $e)" ] || { echo "FAIL $isa @$e: window_taps $taps, expected $(taps_of $e)"; fail=1; }
      [ "$phases" = "$(phases_of $e)" ] || { echo "FAIL $isa @$e: window_phases $phases, expected $(phases_of $e)"; fail=1; }
      # the rows prefetched ahead: only a 1x1 over a source the L2 does not
      # hold (1.2 MiB; the others' are a few KiB)
      want_fetch=False; [ $e = nchw_1x1_big ] && want_fetch=True
      [ "$fetch" = "$want_fetch" ] || { echo "FAIL $isa @$e: window_fetch $fetch, expected $want_fetch"; fail=1; }
      # K blocks of whole channels, so that each starts at tap 0
      [ "$taps" -gt 0 ] 2>/dev/null && [ $((kc % taps)) -ne 0 ] && { echo "FAIL $isa @$e: kc $kc not a multiple of the $taps taps"; fail=1; }
      # 7x7 = 49 pixels (3 x 16 + 1), 10x10 = 100 (6 x 16 + 4): the last
      # ones by dot products (at stride 2 from the copy, each batch's)
      case $e in nchw_wide | nchw_deep | nchw_longk | nchw_s2b2 | nchw_grp_s2) want_dots=True ;; *) want_dots=False ;; esac
      [ "$dots" = "$want_dots" ] || { echo "FAIL $isa @$e: window_tail_dots $dots"; fail=1; }
    fi
    for t in 1 2; do
      n=$((n + 1))
      out=$(SPADC_ISA=$isa "$SPADC" run "$f" -e "$e" --threads $t --seed 5 --check 2>&1) ||
        { echo "FAIL $isa @$e --threads $t: $out" | tail -3; fail=1; }
    done
  done
done
# plan --json names the path
j=$("$SPADC" plan --json "$f" -e nhwc_s2 | python3 -c 'import json,sys; print(json.load(sys.stdin)["kernels"][0].get("convolution"))')
[ "$j" = im2col ] || { echo "FAIL plan --json convolution of @nhwc_s2: $j"; fail=1; }
# the value a folded pad read is said to be read by the convolution, through
# the pad (not by a tensor.pad that is no longer a kernel), on both targets
for t in cpu npu; do
  "$SPADC" plan "$SPADC_SRC/tests/corpus/torch/resnet_block.mlir" --target $t |
    grep -q "materialised: read by 'linalg.conv_2d_nchw_fchw' at [0-9]*:[0-9]* through the tensor.pad at [0-9]*:[0-9]* folded into it (never copied)" ||
    { echo "FAIL --target $t: the folded pad's source is not said to be read through it"; fail=1; }
done
echo "$n runs checked on: $isas"
exit $fail
