#!/usr/bin/env bash
# Maps that read their loop indices (linalg.index; tests/data/npu_iota.mlir)
# run on the npu's vector unit, each VEC carrying its tile's loop indices
# (analyze.c kp->iota, emit.c tile_lix, sim.c NV_IDX): a 3-loop ramp in
# f32, a triangle mask in i32, a tensor.from_elements as canonicalize
# builds it; on the built-in machine and on PyTorchSim's 8x8 file with a
# small budget (many tiles, so a wrong tile offset shows), bit for bit
# against the reference, the simulator's cycles the plan's.
set -u
. "$SPADC_SRC/tests/tools/lib.sh"
f=$SPADC_SRC/tests/data/npu_iota.mlir
Y=$SPADC_CORPUS/external/pytorchsim
fail=0
no() { echo "FAIL $*"; fail=1; }
for run in "npu" "npu=$Y/systolic_ws_8x8_c1_simple_noc.yml --budget 256"; do
  read -r target extra <<<"$run"
  for fn in ramp3 triu build; do
    # shellcheck disable=SC2086
    npu_exact "$f" "$fn" "$target" $extra || fail=1
  done
done
# the 8x8 run of the ramp takes many tiles (what the offsets are tested by)
tiles=$("$SPADC" run "$f" -e ramp3 --target "npu=$Y/systolic_ws_8x8_c1_simple_noc.yml" --budget 256 --seed 3 |
  sed -n 's/^npu k0: tile \([0-9]*\)x\([0-9]*\)x.*/\1 \2/p')
read -r tm tn <<<"$tiles"
[ -n "$tm" ] && [ $(( (37 + tm - 1) / tm * ((130 + tn - 1) / tn) )) -ge 8 ] || no "the 8x8 ramp is not many tiles: '$tiles'"
[ $fail = 0 ] && echo "npu iota: every map on the npu, bit for bit, plan cycles = run cycles"
exit $fail
