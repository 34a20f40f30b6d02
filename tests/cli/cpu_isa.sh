#!/usr/bin/env bash
# Runs the cpu engine's tests once per ISA this CPU supports (SPADC_ISA=...),
# so every kernel path is exercised; an ISA the CPU lacks is reported as
# skipped, never silently dropped. Also: a bad SPADC_ISA value is an error.
set -u
bin="$SPADC_BUILD/test_cpu_gemm"
epi="$SPADC_BUILD/test_cpu_epilogue"
[ -x "$bin" ] && [ -x "$epi" ] || { echo "missing $bin or $epi"; exit 1; }
flags=$(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null)
has() { [[ " $flags " == *" $1 "* ]]; }
fail=0 ran=0
for isa in generic avx2 avx512 avx512bf16 amx; do
  case $isa in
    avx2) supported=$(has avx2 && has fma && echo 1) ;;
    avx512) supported=$(has avx512f && has avx512dq && has avx512bw && has avx512vl && echo 1) ;;
    avx512bf16) supported=$(has avx512f && has avx512dq && has avx512bw && has avx512vl && has avx512_bf16 && echo 1) ;;
    amx) supported=$(has avx512_bf16 && has amx_bf16 && has amx_tile && echo 1) ;;
    *) supported=1 ;;
  esac
  if [ "$supported" != 1 ]; then
    echo "SKIPPED $isa: not supported by this CPU (no emulator configured)"
    # the engine must refuse it with a message, not run it
    if SPADC_ISA=$isa "$bin" >/dev/null 2>&1; then echo "FAIL $isa: accepted on a CPU without it"; fail=1; fi
    continue
  fi
  if out=$(SPADC_ISA=$isa "$bin" 2>&1) && out2=$(SPADC_ISA=$isa "$epi" 2>&1); then
    echo "ok $isa: gemm $(echo "$out" | tail -1); epilogue $(echo "$out2" | tail -1)"
    ran=$((ran + 1))
  else
    echo "FAIL $isa"; echo "$out" | tail -30; echo "${out2:-}" | tail -30; fail=1
  fi
done
# an unknown value is an error naming it
out=$(SPADC_ISA=sse9 "$bin" 2>&1); rc=$?
if [ $rc = 0 ] || [[ "$out" != *"SPADC_ISA=sse9"* ]]; then
  echo "FAIL: SPADC_ISA=sse9 gave exit $rc: $out"; fail=1
fi
echo "$ran ISA path(s) tested"
exit $fail
