#!/usr/bin/env bash
# Weights passed in every call (issue 21), tests/data/weights_per_call.mlir:
# the plan says how the cpu engine reads each GEMM's B and what it estimated
# (text and --json: read in place for the GEMVs of either layout and the
# one-strip GEMM, packed in each call where each weight meets many rows,
# packed once for a constant; how a per-call B's blocks arrive), and with
# 2 threads the units the threads claim; every function computes what the
# reference computes (--check, two seeds) at 1 and 2 threads on every ISA
# path this CPU has.
set -u
f=$SPADC_SRC/tests/data/weights_per_call.mlir
fail=0
no() { echo "FAIL $*"; fail=1; }

expect() { # FUNC  TEXT-PATTERN  JSON-b_operand  [units: the blocking uses both threads]
  local fn=$1 pat=$2 op=$3 units=${4:-} out json
  out=$("$SPADC" plan "$f" -e "$fn" --target cpu --threads 2 2>&1) || no "plan @$fn: exit $?"
  grep -q -- "$pat" <<<"$out" || { no "plan @$fn: no line matching '$pat'"; grep -E '^ +B:' <<<"$out"; }
  [ -z "$units" ] || grep -q -- "work: [0-9]* units of" <<<"$out" || no "plan @$fn --threads 2: no 'work: N units' line"
  json=$("$SPADC" plan "$f" -e "$fn" --target cpu --threads 2 --json 2>&1) || no "plan --json @$fn: exit $?"
  grep -q "\"b_operand\": *\"$op\"" <<<"$json" || no "plan --json @$fn: b_operand is not $op"
}
expect gemv_rows "B: read in place, not packed (est .* ms; packed in each call: est" in_place units
expect gemv_cols "B: read in place, not packed" in_place units
expect short_rows "B: read in place, not packed" in_place
expect many_rows "B: packed in each call under the FMAs (est .* ms, of which packing .* ms; read in place: est" packed_per_call units
expect const_w "B: packed once, before the calls" packed_once
# how a B packed in each call reaches L2, block by block (1 thread): a
# transposed one from lines fetched during the block before
blocks() { # FUNC JSON-b_blocks TEXT-PATTERN
  local json out
  json=$("$SPADC" plan "$f" -e "$1" --target cpu --json 2>&1)
  grep -q "\"b_blocks\": *\"$2\"" <<<"$json" || no "plan --json @$1: b_blocks is not $2"
  out=$("$SPADC" plan "$f" -e "$1" --target cpu 2>&1)
  grep -q -- "B blocks: $3" <<<"$out" || no "plan @$1: no 'B blocks: $3' line"
}
blocks many_cols fetched_ahead "each packed at its start, from its source lines fetched"
blocks many_rows at_start "each packed at its start\$"
# the estimate that chose: the other way is dearer
for fn in gemv_rows many_rows; do
  line=$("$SPADC" plan "$f" -e "$fn" --target cpu --threads 1 2>&1 | grep -E '^ +B:')
  read -r est alt < <(sed -E 's/.*est ([0-9.]+) ms.*est ([0-9.]+) ms\)$/\1 \2/' <<<"$line")
  awk -v a="$est" -v b="$alt" 'BEGIN { exit !(a > 0 && b > a) }' || no "@$fn: chosen est $est ms is not below the other's $alt ms ($line)"
done

isas=$("$SPADC" plan "$f" -e gemv_rows --target cpu --json 2>/dev/null | grep -o '"isa": *"[a-z0-9]*"' | head -1 | sed 's/.*"\([a-z0-9]*\)"$/\1/')
list="generic"
case $isas in avx512*|amx) list="generic avx2 avx512" ;; avx2) list="generic avx2" ;; esac
n=0
for isa in $list; do
  for fn in gemv_rows gemv_cols short_rows many_rows many_cols const_w; do
    for t in 1 2; do
      for seed in 1 2; do
        n=$((n + 1))
        out=$(SPADC_ISA=$isa "$SPADC" run "$f" -e "$fn" --target cpu --threads $t --seed $seed --check 2>&1); rc=$?
        if [ $rc != 0 ] || ! grep -q '^check result0: .*: ok$' <<<"$out"; then
          no "SPADC_ISA=$isa @$fn --threads $t --seed $seed (exit $rc)"; grep -E 'check|error' <<<"$out" | head -3
        fi
      done
    done
  done
done
[ $fail = 0 ] && echo "weights_per_call: 7 plans as expected, $n runs equal the reference (ISAs: $list)"
exit $fail
