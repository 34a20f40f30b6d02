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
# a result NaN throughout on both sides passes, and says nothing was compared
cat > "$tmp/nan.mlir" <<'MLIR'
func.func @allnan(%x: tensor<64xf32>) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.mulf %a, %a : f32
    %one = arith.constant 1.0 : f32
    %p = arith.addf %m, %one : f32
    %n = arith.negf %p : f32
    %s = math.sqrt %n : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}
MLIR
for samples in 0 16; do
  out=$("$SPADC" run "$tmp/nan.mlir" --target cpu --check --check-samples $samples 2>&1); rc=$?
  [ $rc = 0 ] && grep -q 'every element NaN on both sides: nothing compared.*: ok$' <<<"$out" ||
    { echo "FAIL an all-NaN result is not said (samples $samples, exit $rc): $out"; fail=1; }
done
echo "$n functions compiled and checked"
exit $fail
