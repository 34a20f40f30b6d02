#!/usr/bin/env bash
# tanh-GELU after a GEMM (tests/data/gelu_tanh.mlir): GPT-2's FFN1 as
# torch-mlir writes it (the bias and the GELU as separate generics, x read
# by three of them) plans as ONE contraction kernel on the cpu and on the
# npu (canonicalization joins the fork: canon.c join_fork), as does the
# GELU written in one body; on the cpu the chain is one CPU_EPI_GELU_TANH
# epilogue op (test_cpu_epilogue checks that fusion); a chain whose 1 + tanh
# is read again is computed as written. Every function agrees with the
# reference (--check) on each ISA this CPU runs at 1 and 2 threads, on
# SPADC_TEST_SCALE-many seeds.
set -u
. "$SPADC_SRC/tests/tools/lib.sh"
f="$SPADC_SRC/tests/data/gelu_tanh.mlir" funcs="gelu_gpt2 gelu_one_body gelu_reused"
fail=0 n=0
for e in $funcs; do
  for t in cpu npu; do
    plan=$("$SPADC" plan "$f" -e "$e" --target $t 2>&1)
    grep -q "^plan of @$e .*: 1 kernel, 1 on the \(engine\|npu\)$" <<<"$plan" && grep -q '^k0  contraction ' <<<"$plan" ||
      { echo "FAIL @$e on $t: not one contraction kernel"; echo "$plan" | grep -E '^(plan|k[0-9])'; fail=1; }
  done
done
nseeds=$(scaled 2)
for isa in $(cpu_isas); do
  for e in $funcs; do check_isa_runs "$isa" "$f" "$e" "$nseeds"; done
done
out=$("$SPADC" run "$f" -e gelu_gpt2 --target npu --check 2>&1) ||
  { echo "FAIL @gelu_gpt2 on the npu: $out" | tail -3; fail=1; }
[ $fail = 0 ] && echo "gelu_tanh: $n runs pass ($(cpu_isas | tr ' ' ','))"
exit $fail
