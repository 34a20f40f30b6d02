#!/usr/bin/env bash
# make demo: the main job on a built-in example.
#
# Today's spadc reads MLIR linalg-on-tensors the way frontends write it,
# verifies it, prints it back as MLIR that mlir-opt-22 accepts, and runs it on
# the reference interpreter (the oracle every compiled path will be checked
# against). The example is the PyTorch-style MLP layer of DESIGN.md's P4.
set -euo pipefail
SPADC=${1:-build/spadc}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
EX=$ROOT/tests/corpus/mlir22/mlp_pytorch.mlir
OUT=${DEMO_OUT:-$ROOT/out/demo}
mkdir -p "$OUT"

echo "== spadc $("$SPADC" --version | cut -d' ' -f2): the built-in example, $(basename "$EX")"
echo "   Y = relu(X W + b), written the way torch-mlir emits it: named matmul into"
echo "   a zero fill, bias through a broadcast map, ReLU as cmpf ugt + select."
echo
echo "== check (parse + verify)"
"$SPADC" check "$EX" && echo "   ok"
echo
echo "== opt: the IR as spadc holds it (every linalg op in one structured form)"
"$SPADC" opt "$EX" | sed 's/^/   /'
echo
echo "== run --target ref: the reference interpreter on seeded random inputs"
"$SPADC" run "$EX" --target ref --seed 1 -o "$OUT" | sed 's/^/   /'
echo "   results written to $OUT/result0.npy"
echo
echo "== a located error for malformed input"
printf 'func.func @f(%%x: tensor<4xf32>) -> tensor<4xf32> {\n  %%y = arith.addf %%x, %%z : tensor<4xf32>\n  return %%y : tensor<4xf32>\n}\n' >"$OUT/bad.mlir"
"$SPADC" check "$OUT/bad.mlir" 2>&1 | sed 's/^/   /' || true
