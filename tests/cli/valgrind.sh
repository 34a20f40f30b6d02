#!/usr/bin/env bash
# valgrind (memcheck) finds no leak and no invalid access in check and plan
# on every corpus file and in run --check on the small ones (valgrind is
# ~30x slower, so the big GEMMs are left to the ASan build). Skipped (77) on
# the sanitizer build, which valgrind cannot run.
set -u
[ "${SPADC_SANITIZE:-0}" = 1 ] && { echo "skipped: ASan build"; exit 77; }
command -v valgrind >/dev/null || { echo "FAIL: valgrind is not installed (tools/deps.sh installs it)"; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0 n=0
vg() { # vg ALLOWED_EXIT ARGS...: run spadc under memcheck
  local want=$1; shift
  n=$((n + 1))
  valgrind -q --leak-check=full --show-leak-kinds=definite,indirect,possible --errors-for-leak-kinds=definite,indirect,possible \
    --error-exitcode=99 "$SPADC" "$@" >"$tmp/out" 2>&1; local rc=$?
  if [ $rc = 99 ] || [ $rc != "$want" ]; then echo "FAIL (exit $rc) spadc $*"; head -30 "$tmp/out"; fail=1; fi
}
for f in "$SPADC_CORPUS"/mlir22/*.mlir "$SPADC_CORPUS"/mlir22/variants/*.mlir "$SPADC_CORPUS"/seeds/*.mlir \
         "$SPADC_CORPUS"/external/tpp-mlir/*.mlir; do
  vg 0 check "$f"
  e=(); case $(basename "$f") in mlp3_main.mlir) e=(-e mlp3);; snippet_colsum_main.mlir) e=(-e colsum);; iree_splat_outs.mlir) e=(-e rowsum);; esac
  vg 0 plan "$f" "${e[@]}" --json
done
for f in mlir22/mlp_pytorch.mlir mlir22/mlp_mlirgen.mlir mlir22/snippet_colsum.mlir mlir22/ops_zoo.mlir mlir22/floats.mlir \
         mlir22/edge_syntax.mlir mlir22/dense200_nonsplat.mlir; do
  vg 0 run "$SPADC_CORPUS/$f" --check
done
for f in "$SPADC_SRC"/tests/regress/*.mlir; do vg 0 run "$f" -e f --check; done
# error paths free everything too
for f in "$SPADC_SRC"/tests/data/bad/*.mlir; do vg 1 check "$f"; done
vg 1 run "$SPADC_CORPUS/mlir22/mlp3_main.mlir" -e main
echo "$n valgrind runs"
exit $fail
