#!/usr/bin/env bash
# bf16/f16 contractions on the cpu engine (tests/data/lowp.mlir), on every
# ISA path this CPU has (SPADC_ISA; one it lacks is reported as skipped):
# - @mm_bf16, @mm_f16_t (torch-mlir's form: extf generics, an f32 matmul,
#   truncf; the f16 weight transposed): on the engine, and where it converts
#   to f32 in packing, bit for bit the reference's results (products of
#   16-bit floats are exact in f32, the sums run in k order, the one
#   rounding is the store's), at 1 and 2 threads; the avx512bf16 pair
#   kernels (where they pay: always for @gemv_bf16, 3 rows, and for the
#   others on hosts whose vdpbf16ps runs at the FMA rate) add each pair's
#   odd product first, as vdpbf16ps does, and the amx ones (always) sum
#   16-pair chunks as TDPBF16PS does, so they are --check'ed;
# - @ffn_bf16 (linalg.matmul on bf16 into f32, K in several blocks, a bf16
#   bias, residual and GELU with every op rounded to bf16): --check;
# - @acc_bf16 (a body that sums in bf16) stays on the reference and says why;
# - @tiny_bf16, @tiny_gemv_bf16 (products below 2^-126): the converting
#   paths keep them bit for bit; where a pair path flushes them to zero (as
#   VDPBF16PS and TDPBF16PS do) --check is a mismatch (exit 4) that names
#   the kernel and the instruction, never "ok" over a different result.
set -u
f="$SPADC_SRC/tests/data/lowp.mlir"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
flags=$(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null)
has() { [[ " $flags " == *" $1 "* ]]; }
fail=0 ran=0
for e in mm_bf16 mm_f16_t ffn_bf16; do
  "$SPADC" run "$f" -e $e --target ref --seed 5 -o "$tmp/ref_$e" >/dev/null || { echo "FAIL @$e: ref"; fail=1; }
done
# the tiny inputs: bf16 bit patterns ('<u2' .npy, written without numpy)
npy() { python3 - "$@" <<'PY'
import struct, sys
path, bits, shape = sys.argv[1], int(sys.argv[2], 16), tuple(int(d) for d in sys.argv[3].split("x"))
n = 1
for d in shape:
    n *= d
h = "{'descr': '<u2', 'fortran_order': False, 'shape': (%s), }" % "".join("%d, " % d for d in shape)
h += " " * (63 - (10 + len(h)) % 64) + "\n"
with open(path, "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(h)) + h.encode() + struct.pack("<%dH" % n, *[bits] * n))
PY
}
npy "$tmp/x37.npy" 0080 37x77 && npy "$tmp/x3.npy" 0080 3x77 && npy "$tmp/w.npy" 3f00 77x130 || { echo "FAIL: writing the tiny inputs"; fail=1; }
for e in tiny_bf16:x37 tiny_gemv_bf16:x3; do
  "$SPADC" run "$f" -e ${e%:*} --target ref --inputs "$tmp/${e#*:}.npy,$tmp/w.npy" -o "$tmp/ref_${e%:*}" >/dev/null ||
    { echo "FAIL @${e%:*}: ref"; fail=1; }
done
# the reference keeps them: 77 x 2^-127 = 4.5256533e-37 (its last element)
python3 -c '
import struct, sys
d = open(sys.argv[1], "rb").read()
v = struct.unpack("<f", d[-4:])[0]
assert v == 77 * 2.0 ** -127, v
' "$tmp/ref_tiny_bf16/result0.npy" || { echo "FAIL @tiny_bf16: the reference does not keep the tiny products"; fail=1; }
for isa in generic avx2 avx512 avx512bf16 amx; do
  case $isa in
    avx2) ok=$(has avx2 && has fma && has f16c && echo 1) ;;
    avx512) ok=$(has avx512f && has avx512dq && has avx512bw && has avx512vl && echo 1) ;;
    avx512bf16) ok=$(has avx512f && has avx512_bf16 && echo 1) ;;
    amx) ok=$(has amx_bf16 && has amx_tile && echo 1)
      # the OS must grant the tile state too: spadc says when it does not
      if [ "$ok" = 1 ] && ! SPADC_ISA=amx "$SPADC" plan "$f" -e gemv_bf16 >/dev/null 2>"$tmp/amx"; then
        echo "SKIPPED amx: the CPU has it but spadc cannot use it: $(cat "$tmp/amx")"; continue
      fi ;;
    *) ok=1 ;;
  esac
  if [ "$ok" != 1 ]; then echo "SKIPPED $isa: not supported by this CPU"; continue; fi
  export SPADC_ISA=$isa
  for e in mm_bf16 mm_f16_t; do
    "$SPADC" plan "$f" -e $e | grep -q '^k0  contraction.*(engine)$' || { echo "FAIL $isa @$e: not on the engine"; fail=1; }
    for t in 1 2; do
      if "$SPADC" plan "$f" -e $e | grep -q 'tile: sbgemm_avx512bf16'; then
        case $isa in avx512bf16 | amx) ;; *) echo "FAIL $isa @$e: on the pair kernels"; fail=1 ;; esac
        out=$("$SPADC" run "$f" -e $e --seed 5 --threads $t --check 2>&1) && grep -q ': ok$' <<<"$out" ||
          { echo "FAIL $isa @$e ($t threads): --check"; echo "$out" | tail -3; fail=1; }
        continue
      fi
      "$SPADC" run "$f" -e $e --seed 5 --threads $t -o "$tmp/$isa-$e-$t" >/dev/null &&
        cmp -s "$tmp/ref_$e/result0.npy" "$tmp/$isa-$e-$t/result0.npy" ||
        { echo "FAIL $isa @$e ($t threads): differs from the reference"; fail=1; }
    done
  done
  plan=$("$SPADC" plan "$f" -e ffn_bf16)
  grep -q '^k0  contraction.*(engine)$' <<<"$plan" || { echo "FAIL $isa @ffn_bf16: not on the engine"; fail=1; }
  case $isa in avx512bf16) want='s*b*gemm_' ;; amx) want=sbgemm_amx ;; *) want=sgemm_ ;; esac
  grep -q "tile: $want" <<<"$plan" || { echo "FAIL $isa @ffn_bf16: not on the $want kernels"; fail=1; }
  plan=$("$SPADC" plan "$f" -e gemv_bf16)
  case $isa in avx512bf16) want=sbgemm_avx512bf16 ;; amx) want=sbgemm_amx ;; *) want=sgemm_ ;; esac
  grep -q "tile: $want" <<<"$plan" || { echo "FAIL $isa @gemv_bf16: not on the $want kernels"; fail=1; }
  for t in 1 2; do
    out=$("$SPADC" run "$f" -e gemv_bf16 --seed 5 --threads $t --check 2>&1) && grep -q ': ok$' <<<"$out" ||
      { echo "FAIL $isa @gemv_bf16 ($t threads): --check"; echo "$out" | tail -3; fail=1; }
  done
  for t in 1 2; do
    out=$("$SPADC" run "$f" -e ffn_bf16 --seed 5 --threads $t --check 2>&1) && grep -q ': ok$' <<<"$out" ||
      { echo "FAIL $isa @ffn_bf16 ($t threads): --check"; echo "$out" | tail -3; fail=1; }
  done
  for e in tiny_bf16:x37 tiny_gemv_bf16:x3; do
    fn=${e%:*} in="$tmp/${e#*:}.npy,$tmp/w.npy"
    pairs=0; "$SPADC" plan "$f" -e $fn | grep -q 'tile: sbgemm_' && pairs=1
    "$SPADC" run "$f" -e $fn --inputs "$in" -o "$tmp/$isa-$fn" >/dev/null || { echo "FAIL $isa @$fn: run"; fail=1; continue; }
    out=$("$SPADC" run "$f" -e $fn --inputs "$in" --check 2>&1); rc=$?
    if cmp -s "$tmp/ref_$fn/result0.npy" "$tmp/$isa-$fn/result0.npy"; then
      [ $rc = 0 ] && grep -q ': ok$' <<<"$out" || { echo "FAIL $isa @$fn: the reference's result, yet --check exit $rc"; fail=1; }
    elif [ $pairs = 0 ]; then
      echo "FAIL $isa @$fn: a converting path lost the tiny products"; fail=1
    else
      # flushed: a mismatch that says why
      [ $rc = 4 ] && grep -q 'MISMATCH$' <<<"$out" &&
        grep -q "^note: k0 multiplies bf16 pairs (sbgemm_[a-z0-9_]*, [VT]DPBF16PS), which reads subnormal inputs as zero" <<<"$out" ||
        { echo "FAIL $isa @$fn: flushed products and --check exit $rc"; echo "$out" | tail -3; fail=1; }
      echo "($isa @$fn: the pair kernels flush products below 2^-126; --check reports it)"
    fi
  done
  echo "ok $isa"
  ran=$((ran + 1))
done
unset SPADC_ISA
out=$("$SPADC" plan "$f" -e acc_bf16)
grep -q 'reference semantics' <<<"$out" && grep -q 'sums in bf16' <<<"$out" ||
  { echo "FAIL @acc_bf16: not on the reference with its reason"; echo "$out"; fail=1; }
out=$("$SPADC" run "$f" -e acc_bf16 --check 2>&1) && grep -q ': ok$' <<<"$out" || { echo "FAIL @acc_bf16: --check"; fail=1; }
echo "$ran ISA path(s) tested"
exit $fail
