#!/usr/bin/env bash
# The importer's structured form of every named op agrees with MLIR's own:
# each file and its `mlir-opt-22 --linalg-generalize-named-ops` version give
# bit-identical results on the reference interpreter (same seeded inputs).
set -u
OPT=${MLIR_OPT:-mlir-opt-22}
command -v "$OPT" >/dev/null || { echo "FAIL: $OPT not found"; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
check() { # file [func]
  local f=$1 e=${2:-} b=$tmp/$(basename "$1" .mlir)${2:+_$2}
  local eflag=(); [ -n "$e" ] && eflag=(-e "$e")
  "$OPT" --linalg-generalize-named-ops "$f" >"$b.gen.mlir" || { echo "FAIL $OPT on $f"; fail=1; return; }
  "$SPADC" run "$f" "${eflag[@]}" --seed 7 -o "$b.named" >/dev/null || { echo "FAIL run $f"; fail=1; return; }
  "$SPADC" run "$b.gen.mlir" "${eflag[@]}" --seed 7 -o "$b.gen" >/dev/null || { echo "FAIL run generalized $f"; fail=1; return; }
  local n=0
  for r in "$b.named"/result*.npy; do
    n=$((n + 1))
    cmp -s "$r" "$b.gen/$(basename "$r")" || { echo "FAIL $f ${e:+@$e }$(basename "$r") differs from the generalized op"; fail=1; }
  done
  [ $n -gt 0 ] || { echo "FAIL $f produced no results"; fail=1; }
}
check "$SPADC_SRC/tests/data/named_ops.mlir"
check "$SPADC_CORPUS/mlir22/ops_zoo.mlir"
check "$SPADC_CORPUS/mlir22/edge_syntax.mlir"
check "$SPADC_CORPUS/mlir22/mlp_pytorch.mlir"
check "$SPADC_CORPUS/mlir22/variants/mlp_pytorch.category.mlir"
check "$SPADC_CORPUS/mlir22/variants/mlp_mlirgen.specialized.mlir"
check "$SPADC_CORPUS/external/tpp-mlir/xsmm-fusion.mlir"
check "$SPADC_CORPUS/seeds/iree_splat_outs.mlir" colsum
exit $fail
