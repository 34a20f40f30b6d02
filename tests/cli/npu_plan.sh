#!/usr/bin/env bash
# spadc plan --target npu: PyTorchSim's FFN1 tile fits where PyTorchSim's
# kernel did not (64,512-64,608 bytes per lane at --budget 0.5, against its
# 89,088), the search's tile fits and is estimated no slower; --json has
# DESIGN.md's fields; --program prints the instructions; bad machine files
# and options fail with located errors and the contract's exit codes.
set -u
C=$SPADC_CORPUS Y=$SPADC_CORPUS/external/pytorchsim
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
expect() { # expect EXIT PATTERN -- command...
  local want=$1 pat=$2; shift 3
  out=$("$@" 2>&1); rc=$?
  if [ "$rc" != "$want" ] || ! grep -q -- "$pat" <<<"$out"; then
    echo "FAIL (exit $rc, want $want, pattern '$pat'): $*"; echo "$out" | head -5; fail=1
  fi
}
jnum() { grep -o "\"$1\": [0-9]*" | head -1 | grep -o '[0-9]*$'; }
F=$C/seeds/ffn1_bert.mlir
forced=$("$SPADC" plan "$F" --target npu --budget 0.5 --tile 256,3072,384 --json) || fail=1
fp=$(jnum footprint_bytes <<<"$forced"); fe=$(jnum est_cycles <<<"$forced")
[ -n "$fp" ] && [ "$fp" -ge 64512 ] && [ "$fp" -le 64608 ] || { echo "FAIL FFN1 forced footprint $fp"; fail=1; }
flat=$(tr -d ' \n' <<<"$forced" | sed 's/},{/}\n{/g')
for b in '"name":"X".*"bytes":3072' '"name":"W".*"bytes":36864' '"name":"Y".*"bytes":24576' \
         '"name":"%b1","role":"operand","shape":\[1,3072\],.*"bytes":96,.*"broadcast":true' \
         '"unit":"per_lane"' '"epilogue":\["bias_add","relu"\]' '"budget_bytes":65536' '"peak_live_bytes"' '"live":\[' \
         '"target":{' '"lanes":128' '"program":{' '"copied_constant_bytes":0' '"role":"acc"'; do
  grep -q -- "$b" <<<"$flat" || { echo "FAIL FFN1 json: no $b"; fail=1; }
done
auto=$("$SPADC" plan "$F" --target npu --budget 0.5 --json) || fail=1
af=$(jnum footprint_bytes <<<"$auto"); ae=$(jnum est_cycles <<<"$auto")
[ -n "$ae" ] && [ "$af" -le 65536 ] && [ "$ae" -le "$fe" ] || { echo "FAIL FFN1 auto: $af bytes, $ae vs $fe cycles"; fail=1; }
# the search in brief: the chosen candidate first (its tile, footprint and
# cycles are the plan's), the timed ones in order, the rejected ones with the
# bytes that exceed the budget; the report marks the choice with *
printf '%s' "$auto" >"$tmp/auto.json"
python3 - "$tmp/auto.json" <<'PY' || fail=1
import json, sys
k = json.load(open(sys.argv[1]))["kernels"][0]
c, s = k["candidates"], k["search"]
timed = [x for x in c if x["verdict"] == "timed"]
ok = c and c[0]["chosen"] and not any(x["chosen"] for x in c[1:]) and c[0]["verdict"] == "timed"
ok = ok and c[0]["tile"] == k["tile"] and c[0]["est_cycles"] == k["est_cycles"] and c[0]["footprint_bytes"] == k["footprint_bytes"]
ok = ok and 1 < len(timed) <= 8 and all(a["est_cycles"] <= b["est_cycles"] for a, b in zip(timed, timed[1:]))
ok = ok and all(x["footprint_bytes"] <= k["budget_bytes"] for x in timed)
over = [x for x in c if x["verdict"].startswith("over_budget")]
ok = ok and over and all(x.get("peak_live_bytes", x.get("footprint_bytes")) > k["budget_bytes"] for x in over)
ok = ok and s["over_budget_peak_live"] >= len([x for x in over if "peak_live_bytes" in x])
ok = ok and s["timed"] + s["over_budget_peak_live"] + s["over_budget_planned"] + s["cannot_beat_best"] + s["search_limit"] == s["candidates"]
if not ok: sys.exit("FAIL FFN1 json candidates: %s %s" % (s, json.dumps(c)[:600]))
PY
rep=$("$SPADC" plan "$F" --target npu --budget 0.5) || fail=1
grep -q '^    search: [0-9]* candidates: [0-9]* timed; [0-9]* over the budget' <<<"$rep" || { echo "FAIL report: no search line"; fail=1; }
grep -q '^      \* 512,[0-9]*,[0-9]* mnk X .*B/lane .*cycles$' <<<"$rep" || { echo "FAIL report: no chosen candidate"; fail=1; }
grep -q '^      x .*rejected: peak live [0-9]* B > budget 65536 B$' <<<"$rep" || { echo "FAIL report: no rejected candidate"; fail=1; }
[ "$(grep -c '^      [ *] [0-9]' <<<"$rep")" -le 8 ] || { echo "FAIL report: more than 8 timed candidates listed"; fail=1; }
# the report and the program
expect 0 "footprint 64" -- "$SPADC" plan "$F" --target npu --budget 0.5 --tile 256,3072,384
expect 0 "gemm.ws Y\[256x3072\]" -- "$SPADC" plan "$F" --target npu --budget 0.5 --tile 256,3072,384 --program
expect 0 "map Y" -- "$SPADC" plan "$F" --target npu --program
expect 0 "mvout   %relu" -- "$SPADC" plan "$F" --target npu --program
expect 0 "npu k0: tile" -- "$SPADC" run "$F" --target npu=$Y/systolic_ws_8x8_c1_simple_noc.yml --budget 8K
expect 0 "usage: spadc plan FILE.mlir --target npu" -- "$SPADC" plan --target npu --help
# L8: does not fit, with numbers
expect 3 "ffn1_bert.mlir:12:11: error: k0 (linalg.matmul 512x3072x768): no tile fits the budget of 1024 bytes per lane" -- \
  "$SPADC" plan "$F" --target npu --budget 1024
expect 3 "W \[768x3072\] 73728 B" -- "$SPADC" plan "$F" --target npu --budget 0.5 --tile 512,3072,768
expect 3 "does not fit the budget" -- "$SPADC" run "$F" --target npu --budget 0.5 --tile 512,3072,768
# usage errors
expect 2 "--budget needs a fraction" -- "$SPADC" plan "$F" --target npu --budget 1.5
expect 2 "--budget needs a fraction" -- "$SPADC" plan "$F" --target npu --budget -3
expect 2 "--budget needs a fraction" -- "$SPADC" plan "$F" --target npu --budget 12X
expect 2 "exceeds the 131072 bytes" -- "$SPADC" plan "$F" --target npu --budget 200K
expect 2 "--tile needs three positive integers" -- "$SPADC" plan "$F" --target npu --tile 1,2
expect 2 "--tile needs three positive integers" -- "$SPADC" run "$F" --target npu --tile 0,1,1
expect 2 "bad npu target" -- "$SPADC" plan "$F" --target npu=
expect 2 "unknown target" -- "$SPADC" run "$F" --target gpu
expect 2 "unknown target 'gpu'" -- "$SPADC" plan "$F" --target gpu
expect 2 "the ref target plans nothing" -- "$SPADC" plan "$F" --target ref
expect 2 "options of the npu target" -- "$SPADC" run "$F" --target cpu --budget 0.5
# bad machine files: located errors, exit 1
printf 'vpu_num_lanes: 0\nvpu_spad_size_kb_per_lane: 32\nvpu_vector_length_bits: 256\ncore_freq_mhz: 800\ndram_channels: 1\n' >"$tmp/zero.yml"
expect 1 "zero.yml:1:16: error: 'vpu_num_lanes' must be between 1 and 4096 (got 0)" -- "$SPADC" plan "$F" --target "npu=$tmp/zero.yml"
printf 'vpu_num_lanes: [8\n' >"$tmp/bad.yml"
expect 1 "bad.yml:2:1: error: malformed YAML" -- "$SPADC" run "$F" --target "npu=$tmp/bad.yml"
expect 1 "cannot open" -- "$SPADC" plan "$F" --target "npu=$tmp/none.yml"
# every machine file of the corpus loads and shows in the plan
for y in "$Y"/*.yml; do
  expect 0 "\"machine\": \"$(basename "$y")\"" -- "$SPADC" plan "$F" --target "npu=$y" --json
done
exit $fail
