#!/usr/bin/env bash
# The cpu loop engine's lane loop merged with the loops its tensors continue
# (cpu/loop/loop.c lane_chain; tests/data/loop_lanes.mlir): `plan` names the
# lane loop the merge makes the cheapest -- for ConvNeXt's LayerNorm over
# 24 channels of 14x13 pixels the pixels (one rows kernel, cpu/rows_path.c,
# its lanes along the rows: the pixels, not the 24 channels), a 7x7 mean's W loop as a reduction
# of 49 lanes (run directly as a row sum, loop_lower.c run_rowsum), an NHWC-to-NCHW epilogue its output's pixels -- and every
# function agrees with the reference (--check) on each ISA this CPU runs
# (SPADC_ISA: AVX-512, AVX2, portable) at 1 and 2 threads, on
# SPADC_TEST_SCALE-many seeds. @rowsum_f64 sums in f64 under an f32
# output on parallel lanes (the accumulator's lanes initialised in its own
# type); @iota_rows reads linalg.index of two loops (never merged).
# Pools' windows are reduced
# directly, a row of outputs a tap at a time (loop_window.c;
# tests/data/pool_window.mlir): the plan says 'window, run directly' for
# each -- max at stride 2 under a -inf pad (its last pair read inside the
# tensor), a sum then a division (AvgPool2d), a sum at stride 3, rows of 8
# to 34 (the sixteen, four and one tails). A pool's tensor.pad is folded
# into the window (loop_window.c; tests/data/pool_pad.mlir): no pad kernel,
# the plan says so, and the result is the reference's bit for bit (max abs
# err 0, as for pool_window.mlir's padded pools) -- max pools under -inf
# (1-D, 5x5 whose outer taps miss whole rows, ceil_mode's larger high pad,
# dilation 2) and under a 0.0 pad (which
# beats negative inputs at the edges), an average counting the pad, a sum
# from -0.0; not folded (a pad kernel stays, still checked): an average
# not counting it (its divisor per pixel) and a sum under a 1.0 pad.
# Programs that only move elements (tests/data/loop_copies.mlir: a head
# split, transposes, slices, concatenations, f64 to i8 and bf16) give the
# reference's bytes.
set -u
. "$SPADC_SRC/tests/tools/lib.sh"
fail=0 n=0
funcs=""
for f in "$SPADC_SRC/tests/data/loop_lanes.mlir" "$SPADC_SRC/tests/data/pool_window.mlir" "$SPADC_SRC/tests/data/pool_pad.mlir" \
  "$SPADC_SRC/tests/data/loop_copies.mlir"; do
  fs=$(sed -n 's/^func.func @\([a-z0-9_]*\)(.*/\1/p' "$f")
  [ "$(wc -w <<<"$fs")" -ge 5 ] || { echo "FAIL: $f has too few functions: $fs"; exit 1; }
  funcs="$funcs $(sed "s|^|$f:|" <<<"$fs")"
done
isas=$(cpu_isas)
nseeds=$(scaled 2)
# the lane loop of each function's loop kernels, one line per kernel
want_lanes() {
  case $1 in
    rowsum_f64) echo "d2," ;;
    layernorm) echo "rows along the lanes" ;;
    to_nchw) echo "d3," ;;
    global_avg | global_avg_odd | global_avg_big) echo "row sum" ;;
    sum_s3 | max_plain | sum_pad_one) echo "window" ;;
    max1d | max2d | avg2d | max1d_pad | max2d_pad2 | max_ceil | max_pad_zero | max_dil | avg_incl | sum_negzero) echo "window, padded" ;;
    *) echo "" ;;
  esac
}
for isa in $isas; do
  for fe in $funcs; do
    f=${fe%:*} e=${fe##*:}
    p=$(SPADC_ISA=$isa "$SPADC" plan "$f" -e "$e") || { echo "FAIL $isa @$e: plan"; fail=1; continue; }
    grep -q "on the engine\$" <<<"$p" && ! grep -q 'reference semantics' <<<"$p" ||
      { echo "FAIL $isa @$e: not all on the engine: $(head -1 <<<"$p")"; fail=1; }
    want=$(want_lanes "$e")
    if [ -n "$want" ]; then
      got=$(sed -n -e 's/.*loop engine: 128 lanes along loop \(d[0-9]*\)\(,\| (a reduction\).*/\1\2/p' \
        -e 's/^    row sum, run directly.*/row sum/p' -e 's/^    window, run directly.*tensor.pad folded.*/window, padded/p' \
        -e 's/^    window, run directly.*/window/p' -e 's/^    rows, one kernel: .*(lanes along the rows).*/rows along the lanes/p' <<<"$p")
      [ "$got" = "$want" ] || { echo "FAIL $isa @$e: lane loops '$(tr '\n' ' ' <<<"$got")', want '$(tr '\n' ' ' <<<"$want")'"; fail=1; }
    fi
    # a pad kernel where, and only where, the pad is not folded
    npad=$(grep -c '^    ops: tensor.pad@' <<<"$p")
    case $e in
      avg_excl | sum_pad_one) [ "$npad" = 1 ] || { echo "FAIL $isa @$e: $npad pad kernels, want 1 (not folded)"; fail=1; } ;;
      *) [ "$want" != "window, padded" ] || [ "$npad" = 0 ] || { echo "FAIL $isa @$e: $npad pad kernels, want 0 (folded)"; fail=1; } ;;
    esac
    check_isa_runs "$isa" "$f" "$e" "$nseeds"
    if [ "$want" = "window, padded" ]; then
      n=$((n + 1))
      out=$(SPADC_ISA=$isa "$SPADC" run "$f" -e "$e" --seed 3 --check 2>&1)
      grep -q '^check result0: max abs err 0,.*: ok$' <<<"$out" || { echo "FAIL $isa @$e: not bit for bit: $(tail -1 <<<"$out")"; fail=1; }
    fi
  done
done
# a row sum's bits do not depend on the threads (which move the groups of
# four rows run_rowsum sums at once), on every ISA
ll="$SPADC_SRC/tests/data/loop_lanes.mlir" tmp=$(mktemp -d)
for isa in $isas; do
  for t in 1 2; do SPADC_ISA=$isa "$SPADC" run "$ll" -e global_avg_big --threads $t --seed 5 -o "$tmp/$t" >/dev/null; done
  n=$((n + 1))
  cmp -s "$tmp/1/result0.npy" "$tmp/2/result0.npy" || { echo "FAIL $isa @global_avg_big: 1 and 2 threads differ"; fail=1; }
done
rm -rf "$tmp"
# a max pool's zero maxima: the wide max keeps whichever zero came first,
# so a window whose zeros have both signs is redone exactly (+0), one with
# -0s only stays -0 and one with +0s only (after a ReLU) keeps the wide
# result; the signs are checked bit for bit against the reference's output
# (--check's |err| cannot see them), on zeros of both signs among -1 and -2,
# 34 outputs a row (two 16-lane vectors and a tail on AVX-512)
pw="$SPADC_SRC/tests/data/pool_window.mlir" tmp=$(mktemp -d)
python3 - "$tmp/x.npy" <<'PY'
import random, struct, sys
rnd = random.Random(7)
n = 2 * 8 * 67
vals = [rnd.choice([0.0, -0.0, -0.0, -0.0, -1.0, -2.0]) for _ in range(n)]
h = "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 8, 67), }"
h += " " * (63 - (10 + len(h)) % 64) + "\n"
open(sys.argv[1], "wb").write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(h)) + h.encode() + struct.pack("<%df" % n, *vals))
PY
"$SPADC" run "$pw" -e max1d --target ref --inputs "$tmp/x.npy" -o "$tmp/ref" >/dev/null
for isa in $isas; do
  n=$((n + 1))
  SPADC_ISA=$isa "$SPADC" run "$pw" -e max1d --inputs "$tmp/x.npy" -o "$tmp/$isa" >/dev/null &&
    cmp -s "$tmp/ref/result0.npy" "$tmp/$isa/result0.npy" || { echo "FAIL $isa @max1d: zeros' signs differ from the reference's"; fail=1; }
done
rm -rf "$tmp"
# programs that only move elements (tests/data/loop_copies.mlir): copied
# lane run by lane run, the output file the reference's byte for byte, on
# every ISA at 1 and 2 threads
lc="$SPADC_SRC/tests/data/loop_copies.mlir" tmp=$(mktemp -d)
for e in head_split flip2d slice_f64 concat_i8 rope_half flip_bf16; do
  "$SPADC" run "$lc" -e $e --target ref --seed 4 -o "$tmp/ref" >/dev/null
  for isa in $isas; do
    for t in 1 2; do
      n=$((n + 1))
      SPADC_ISA=$isa "$SPADC" run "$lc" -e $e --threads $t --seed 4 -o "$tmp/got" >/dev/null &&
        cmp -s "$tmp/ref/result0.npy" "$tmp/got/result0.npy" || { echo "FAIL $isa @$e --threads $t: not the reference's bytes"; fail=1; }
    done
  done
done
rm -rf "$tmp"
# the ConvNeXt block: its LayerNorm one rows kernel on the pixels; its
# layer scale and residual (NHWC back to NCHW) no loop kernel of their own,
# but the second GEMM's epilogue (tests/cli/gemm_transposed.sh)
mf="$SPADC_SRC/bench/models/convnext_block_56.mlir"
got=$("$SPADC" plan "$mf" | sed -n -e 's/.*loop engine: 128 lanes along loop \(d[0-9]*\)\(,\| (a reduction\).*/\1\2/p' \
  -e 's/^    rows, one kernel: .*(lanes along the rows).*/rows,/p' | tr '\n' ' ')
[ "$got" = "rows, " ] || { echo "FAIL convnext_block_56: lane loops '$got'"; fail=1; }
n=$((n + 1))
out=$("$SPADC" run "$mf" --threads 2 --check 2>&1) || { echo "FAIL convnext_block_56 --check: $out" | tail -3; fail=1; }
echo "$n runs checked on: $isas"
exit $fail
