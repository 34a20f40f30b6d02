#!/usr/bin/env bash
# --budget F|BYTES (plan and run, npu target): a fraction 0 < F <= 1 of each
# lane's scratchpad, or a byte count >= 2 with an optional K/KiB/k (1024) or
# M/MiB (1024^2) suffix, the multiplier applied before the range check (1K
# is 1024 bytes, not the rejected count 1). Malformed values are usage
# errors (exit 2) with the value quoted; a byte count over the lane's
# scratchpad is a usage error naming both; a well-formed budget no kernel
# fits is exit 3 (L8). The accepted ones show up as the plan's budget.
set -u
. "$SPADC_SRC/tests/tools/lib.sh"
F=$SPADC_CORPUS/seeds/ffn1_bert.mlir
fail=0 n=0
budget_of() { # the plan's budget in bytes per lane
  "$SPADC" plan "$F" --target npu --json --budget "$1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["target"]["budget_bytes"])'
}
# accepted: the lane has 128 KiB (TPUv3)
for pair in 0.5:65536 1:131072 1.0:131072 1e0:131072 .25:32768 64K:65536 64k:65536 64KiB:65536 65536:65536 \
  100000:100000 128K:131072; do
  v=${pair%%:*} want=${pair#*:}
  n=$((n + 1))
  got=$(budget_of "$v") || got="exit $?"
  [ "$got" = "$want" ] || { echo "FAIL --budget $v: budget $got, want $want"; fail=1; }
done
# well-formed but too small for any tile: does not fit (exit 3), 1K read as 1024 bytes
nofit="$F:12:11: error: k0 (linalg.matmul 512x3072x768): no tile fits the budget of 1024 bytes per lane; the smallest, tile 128,128,128, needs X [128x128] 512 B, W [128x128] 512 B, Y [128x128] 512 B, %b1 [1x128] 4 B; footprint 1536 > 1024 bytes per lane"
expect_exact 3 "$nofit" -- "$SPADC" plan "$F" --target npu --budget 1K
expect_exact 3 "$nofit" -- "$SPADC" plan "$F" --target npu --budget 1KiB
expect_exact 3 "$nofit" -- "$SPADC" plan "$F" --target npu --budget 1024
expect_exact 3 "${nofit//1024 bytes/2 bytes}" -- "$SPADC" plan "$F" --target npu --budget 2
# byte counts over the lane's scratchpad
over() { echo "spadc: error: --budget $1 bytes exceeds the 131072 bytes of a lane's scratchpad on tpuv3 (built in)"; }
expect_exact 2 "$(over 1048576)" -- "$SPADC" plan "$F" --target npu --budget 1M
expect_exact 2 "$(over 1048576)" -- "$SPADC" plan "$F" --target npu --budget 1MiB
expect_exact 2 "$(over 131073)" -- "$SPADC" plan "$F" --target npu --budget 131073
expect_exact 2 "$(over 1099511627776)" -- "$SPADC" plan "$F" --target npu --budget 1048576M
expect_exact 2 "$(over 1048576)" -- "$SPADC" run "$F" --target npu --budget 1M
# malformed: usage errors, same text for plan and run
for cmd in plan run; do
  for v in 0 0.0 0K -1 -0.5 1.5 2.0 1e3 1e-400 garbage K 1G 64KB 1k5 " 64K" "64K " +64K 0x10 inf nan ""; do
    expect_exact 2 "spadc $cmd: error: --budget needs a fraction 0 < F <= 1 (0.5, 1) or a byte count >= 2 (65536, 64K, 1M); got '$v'
run 'spadc $cmd --help' for usage" -- "$SPADC" $cmd "$F" --target npu --budget "$v"
  done
  for v in 99999999999999999999K 99999999999999999999 1099511627777 1073741825K 1048577M; do
    expect_exact 2 "spadc $cmd: error: --budget '$v' is more than 2^40 bytes
run 'spadc $cmd --help' for usage" -- "$SPADC" $cmd "$F" --target npu --budget "$v"
  done
done
expect_exact 2 "spadc plan: error: --budget needs an argument
run 'spadc plan --help' for usage" -- "$SPADC" plan "$F" --target npu --budget
expect_exact 2 "spadc plan: error: --budget is an option of the npu target (--target npu or npu=FILE.yml)
run 'spadc plan --help' for usage" -- "$SPADC" plan "$F" --budget 0.5
expect_exact 2 "spadc run: error: --budget and --tile are options of the npu target
run 'spadc run --help' for usage" -- "$SPADC" run "$F" --budget 0.5
# the help says what is accepted
"$SPADC" plan --target npu --help | grep -q "suffix for 1024, M or MiB for 1024^2: 64K, 1M" || { echo "FAIL: plan --help on --budget"; fail=1; }
echo "$n budget checks"
exit $fail
