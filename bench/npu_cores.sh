#!/usr/bin/env bash
# npu_cores.sh - many cores (issue 32 part 1, src/npu/cores.h): the planned
# cycles of a few kernels on 1, 2, 4, 8, 16 and 32 cores of the TPUv3
# machine with 64 and with its own 16 DRAM channels (machine files written
# by --print-machine, num_cores and dram_channels edited), the speedup over
# one core, and the split the planner chose at the most cores (kind:cores
# used). On 16 channels one core's injection ports (16 x 32 B a cycle)
# already draw what the channels give, so DRAM-bound kernels stop there.
# Plans only: `spadc run` reproduces these cycles (tests/cli/npu_cores.sh).
#   bash bench/npu_cores.sh [SPADC]        (default build/spadc)
set -u
S=${1:-${SPADC:-build/spadc}}
R=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$S" plan --target npu --print-machine > "$tmp/base.yml" || exit 1
gemm() { # M N K: relu(x w + b)
  cat > "$tmp/gemm_$1x$2x$3.mlir" <<G
#row = affine_map<(d0, d1) -> (d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @gemm(%x: tensor<$1x$3xf32>, %w: tensor<$3x$2xf32>, %b: tensor<$2xf32>) -> tensor<$1x$2xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<$1x$2xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<$1x$2xf32>) -> tensor<$1x$2xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<$1x$3xf32>, tensor<$3x$2xf32>) outs(%z : tensor<$1x$2xf32>) -> tensor<$1x$2xf32>
  %r = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %b : tensor<$1x$2xf32>, tensor<$2xf32>) outs(%e : tensor<$1x$2xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    %t = arith.maximumf %s, %zero : f32
    linalg.yield %t : f32
  } -> tensor<$1x$2xf32>
  return %r : tensor<$1x$2xf32>
}
G
  echo "$tmp/gemm_$1x$2x$3.mlir"
}
files=("$R/tests/corpus/seeds/ffn1_bert.mlir" "$(gemm 512 256 16384)" "$(gemm 2048 2048 2048)"
       "$R/tests/corpus/torch/bert_ffn.mlir" "$R/tests/corpus/silicon/bert_base.mlir")
CORES=(1 2 4 8 16 32)
for ch in 64 16; do
  echo "== TPUv3, $ch DRAM channels: planned cycles (speedup over 1 core); split at 32 cores per kernel"
  printf '%-26s' workload; for c in "${CORES[@]}"; do printf '%18s' "$c cores"; done; printf '  %s\n' split
  for f in "${files[@]}"; do
    printf '%-26s' "$(basename "$f" .mlir)"
    one=
    for c in "${CORES[@]}"; do
      sed -E "s/^num_cores:[[:space:]]+[0-9]+/num_cores: $c/; s/^dram_channels:[[:space:]]+[0-9]+/dram_channels: $ch/" \
        "$tmp/base.yml" > "$tmp/m.yml"
      j=$("$S" plan "$f" --target "npu=$tmp/m.yml" --json) || { printf '%18s' failed; continue; }
      read -r cyc split < <(python3 -c '
import json, sys
j = json.load(sys.stdin)
ks = [k for k in j["kernels"] if "est_cycles" in k]
print(sum(k["est_cycles"] for k in ks), ",".join("%s:%d" % (k["cores"]["split"], k["cores"]["used"]) for k in ks))' <<<"$j")
      one=${one:-$cyc}
      printf '%18s' "$cyc ($(python3 -c "print('%.2fx' % ($one / $cyc))"))"
    done
    printf '  %s\n' "$split"
  done
done
