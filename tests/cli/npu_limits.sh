#!/usr/bin/env bash
# Machine files at the edges of what spadc accepts. An extreme but valid
# YAML (1 DRAM channel at 1e-6 GB/s, 100000 MHz, a DMA latency of 1e6
# cycles) makes a 100000^3 matmul take more cycles than the timing model
# counts (it saturates at 2^62): plan and run say so, naming the kernel,
# the quantity and the machine, exit 1, and print no saturated or negative
# number (before: "9223372036854761070 cycles" and negative DMA bytes). Two
# kernels that each fit but together exceed 2^62 get the same treatment at
# the program level; one of them alone plans, with its real count. A NUL
# (or another control byte) inside a YAML value is shown escaped in the
# diagnostic, so the whole value is visible; a long value is cut between
# UTF-8 characters, with "...".
set -u
Y=$SPADC_CORPUS/external/pytorchsim
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
expect() { # expect EXIT PATTERN -- command...
  local want=$1 pat=$2; shift 3
  out=$("$@" 2>&1); rc=$?
  if [ "$rc" != "$want" ] || ! grep -qF -- "$pat" <<<"$out"; then
    echo "FAIL (exit $rc, want $want, pattern '$pat'): $*"; echo "$out" | head -5; fail=1
  fi
  # no saturated count (2^62 or more) and no negative number reaches a message
  python3 -c '
import re, sys
bad = [t for t in re.findall(r"(?<![\w.])-?[0-9]+(?![.\w])", sys.stdin.read()) if int(t) < 0 or int(t) >= 2**62]
sys.exit(1 if bad else 0)' <<<"$out" || { echo "FAIL: a saturated or negative number from: $*"; fail=1; }
}
cat >"$tmp/slow.yml" <<'YML'
num_cores: 1
core_freq_mhz: 100000
num_systolic_array_per_core: 1
vpu_num_lanes: 128
vpu_spad_size_kb_per_lane: 128
vpu_vector_length_bits: 256
dram_channels: 1
spadc_dram_gbps_per_channel: 0.000001
spadc_dma_latency_cycles: 1000000
YML
cat >"$tmp/mm.mlir" <<'MLIR'
func.func @f(%a: tensor<100000x100000xf32>, %b: tensor<100000x100000xf32>) -> tensor<100000x100000xf32> {
  %z = arith.constant 0.0 : f32
  %0 = tensor.empty() : tensor<100000x100000xf32>
  %1 = linalg.fill ins(%z : f32) outs(%0 : tensor<100000x100000xf32>) -> tensor<100000x100000xf32>
  %2 = linalg.matmul ins(%a, %b : tensor<100000x100000xf32>, tensor<100000x100000xf32>) outs(%1 : tensor<100000x100000xf32>) -> tensor<100000x100000xf32>
  return %2 : tensor<100000x100000xf32>
}
MLIR
msg="mm.mlir:5:8: error: k0 (linalg.matmul 100000x100000x100000): more than 2^62 cycles on this npu"
expect 1 "$msg" -- "$SPADC" plan "$tmp/mm.mlir" --target "npu=$tmp/slow.yml"
expect 1 "$msg" -- "$SPADC" plan "$tmp/mm.mlir" --target "npu=$tmp/slow.yml" --tile 1,1,1 --json
expect 1 "$msg" -- "$SPADC" run "$tmp/mm.mlir" --target "npu=$tmp/slow.yml"
# the same matmul on the built-in machine counts 3e10 cycles
expect 0 "estimate: " -- "$SPADC" plan "$tmp/mm.mlir" --target npu
# two elementwise kernels of 2.9e18 cycles each: each fits, the sum does not
two() { # two NRESULTS: relu, then its negation, returning both or the first only
  local res="%a, %b : tensor<60000x60000xf32>, tensor<60000x60000xf32>" ty="(tensor<60000x60000xf32>, tensor<60000x60000xf32>)"
  [ "$1" = 1 ] && res="%a : tensor<60000x60000xf32>" ty="tensor<60000x60000xf32>"
  cat <<MLIR
func.func @f(%x: tensor<60000x60000xf32>) -> $ty {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<60000x60000xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<60000x60000xf32>) outs(%e : tensor<60000x60000xf32>) {
  ^bb0(%p: f32, %o: f32):
    %t = arith.maximumf %p, %z : f32
    linalg.yield %t : f32
  } -> tensor<60000x60000xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<60000x60000xf32>) outs(%e : tensor<60000x60000xf32>) {
  ^bb0(%p: f32, %o: f32):
    %t = arith.negf %p : f32
    linalg.yield %t : f32
  } -> tensor<60000x60000xf32>
  return $res
}
MLIR
}
two 2 >"$tmp/two.mlir"
two 1 >"$tmp/one.mlir"
expect 1 "two.mlir:1:1: error: the program's first 2 npu kernels together take more than 2^62 cycles on this npu" -- \
  "$SPADC" plan "$tmp/two.mlir" --target "npu=$tmp/slow.yml"
expect 0 "program: " -- "$SPADC" plan "$tmp/one.mlir" --target "npu=$tmp/slow.yml"
est=$(grep -o 'program: [0-9]* cycles' <<<"$out" | grep -o '[0-9]*')
python3 -c "import sys; sys.exit(0 if 2**61 < $est < 2**62 else 1)" || { echo "FAIL one kernel: $est cycles"; fail=1; }
# a control byte inside a value is shown escaped, the value whole
sed 's/^core_freq_mhz: .*/core_freq_mhz: "94\\0ab\\x01\\\\"/' "$Y/systolic_ws_8x8_c1_simple_noc.yml" >"$tmp/nul.yml"
expect 1 "nul.yml:2:16: error: 'core_freq_mhz' must be an integer (got '94\\x00ab\\x01\\\\')" -- \
  "$SPADC" plan "$SPADC_CORPUS/seeds/ffn1_bert.mlir" --target "npu=$tmp/nul.yml"
long=$(printf 'a%.0s' $(seq 39))é$(printf 'b%.0s' $(seq 9))
sed "s/^core_freq_mhz: .*/core_freq_mhz: \"$long\"/" "$Y/systolic_ws_8x8_c1_simple_noc.yml" >"$tmp/long.yml"
expect 1 "(got '$(printf 'a%.0s' $(seq 39))...')" -- "$SPADC" plan "$SPADC_CORPUS/seeds/ffn1_bert.mlir" --target "npu=$tmp/long.yml"
exit $fail
