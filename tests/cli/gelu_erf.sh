#!/usr/bin/env bash
# Exact GELU after a GEMM (tests/data/gelu_erf.mlir): the chain as torch-mlir
# writes it (x * ((erf(x / 1.41421354) + 1) * 0.5)), with the 0.5 on x and
# x * 0.70710678, and with the 0.5 last -- each one CPU_EPI_GELU_ERF epilogue
# op (cpu_epi_fuse_activations; test_cpu_epilogue checks the fusion itself) -- one
# whose 1 + erf is read again (not fused), and the loop engine's erf over
# [-3, 3] (erf_approx.h): every function agrees with the reference (--check)
# on each ISA this CPU runs (SPADC_ISA: AVX-512, AVX2, portable) at 1 and 2
# threads, on SPADC_TEST_SCALE-many seeds.
set -u
. "$SPADC_SRC/tests/tools/lib.sh"
fail=0 n=0
f="$SPADC_SRC/tests/data/gelu_erf.mlir"
funcs=$(sed -n 's/^func.func @\([a-z0-9_]*\)(.*/\1/p' "$f")
[ "$(wc -w <<<"$funcs")" -eq 5 ] || { echo "FAIL: $f: functions $funcs"; exit 1; }
nseeds=$(scaled 2)
for isa in $(cpu_isas); do
  for e in $funcs; do check_isa_runs "$isa" "$f" "$e" "$nseeds"; done
done
[ $fail = 0 ] && echo "gelu_erf: $n runs pass ($(cpu_isas | tr ' ' ','))"
exit $fail
