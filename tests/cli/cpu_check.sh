#!/usr/bin/env bash
# spadc run --target cpu --check passes on the whole corpus: every model
# function compiled to fused kernels agrees with the reference interpreter
# (sampled on the largest programs); driver code is refused with its name;
# and no constant is ever copied (plan --json: copied_constant_bytes 0).
set -u
. "$SPADC_SRC/tests/tools/lib.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0 n=0
# (under a sanitizer build, corpus_files' reduced set: tests/tools/lib.sh)
while read -r f; do
  funcs=$(model_funcs "$f")
  for e in ${funcs:-""}; do
    n=$((n + 1))
    eflag=(); [ -n "$e" ] && eflag=(-e "$e")
    out=$("$SPADC" run "$f" "${eflag[@]}" --target cpu --check --threads 2 2>&1); rc=$?
    if [ $rc != 0 ] || ! grep -q ': ok$' <<<"$out" || grep -q MISMATCH <<<"$out"; then
      echo "FAIL $f ${e:+@$e} (exit $rc)"; echo "$out" | tail -4; fail=1
    fi
    json=$("$SPADC" plan "$f" "${eflag[@]}" --json 2>&1)
    if ! grep -q '"copied_constant_bytes": 0' <<<"$json"; then
      echo "FAIL $f ${e:+@$e}: constants copied"; echo "$json" | grep copied; fail=1
    fi
  done
done < <(corpus_files)
# driver code is refused, naming the op
out=$("$SPADC" run "$SPADC_CORPUS/mlir22/mlp3_main.mlir" -e main --target cpu 2>&1); rc=$?
[ $rc = 1 ] && grep -q "mlp3_main.mlir:213:11: error: 'func.call' is driver code" <<<"$out" || { echo "FAIL driver refusal: $out"; fail=1; }
echo "$n functions compiled and checked"
exit $fail
