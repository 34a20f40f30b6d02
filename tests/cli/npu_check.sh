#!/usr/bin/env bash
# spadc run --target npu --check passes on the whole corpus: every model
# function compiled to npu programs and simulated agrees with the reference
# interpreter (sampled on the largest programs). Kernels the npu cannot
# express run on the host and say why; only the expected reasons appear
# (element types it does not hold; data movement it has no copy program
# for). The functions are cpu_check.sh's (model_funcs in
# tests/tools/lib.sh). The bf16 models are checked on the npu target only
# (not again with --target cpu here: cpu_check.sh does that).
#
#   npu_check.sh                      the built-in TPUv3 machine (make test)
#   npu_check.sh --machines files     PyTorchSim's tpuv6e and 8x8 files
#                                     (cli_npu_check_machines, make test-long)
#
# Under a sanitizer build (SPADC_SANITIZE=1) the same checks run on
# corpus_files' reduced set (tests/tools/lib.sh) and the files' machines on
# two or three models each, in both modes.
set -u
. "$SPADC_SRC/tests/tools/lib.sh"
C=$SPADC_CORPUS Y=$SPADC_CORPUS/external/pytorchsim
machines=builtin
[ "${1:-}" = --machines ] && machines=${2:-}
case $machines in builtin|files) ;; *) echo "usage: npu_check.sh [--machines builtin|files]" >&2; exit 2;; esac
fail=0 n=0
start=$(date +%s)
V8="npu=$Y/systolic_ws_8x8_c1_simple_noc.yml" V6="npu=$Y/systolic_ws_256x256_c1_simple_noc_tpuv6e.yml"
runs=()
targets=(npu); [ $machines = files ] && targets=("$V6" "$V8")
if [ "${SPADC_SANITIZE:-0}" = 1 ]; then
  [ $machines = builtin ] && while read -r f; do runs+=("npu|$f"); done < <(corpus_files)
  # the files' machines on a few models in both modes: make test under the
  # sanitizers is where they meet ASan
  runs+=("$V8|$C/seeds/ffn1_bert.mlir" "$V8|$C/mlir22/mlp_pytorch.mlir" "$V8|$C/mlir22/ops_zoo.mlir")
  runs+=("$V6|$C/seeds/ffn1_bert.mlir" "$V6|$C/mlir22/mlp_mlirgen.mlir")
  echo "SPADC_SANITIZE=1: the reduced set (${#runs[@]} files)"
else
  for target in "${targets[@]}"; do
    while read -r f; do
      case $(basename "$f") in *bf16*) [ "$target" = npu ] || continue ;; esac
      runs+=("$target|$f")
    done < <(corpus_files)
  done
fi
declare -A outs # "TARGET|FILE|FUNC" -> the run's output
for r in "${runs[@]}"; do
  target=${r%%|*} f=${r#*|}
  funcs=$(model_funcs "$f")
  for e in ${funcs:-""}; do
    n=$((n + 1))
    eflag=(); [ -n "$e" ] && eflag=(-e "$e")
    out=$("$SPADC" run "$f" "${eflag[@]}" --target "$target" --check --threads 2 2>&1); rc=$?
    outs["$target|$f|$e"]=$out
    if [ $rc != 0 ] || ! grep -q ': ok$' <<<"$out" || grep -q MISMATCH <<<"$out" || ! grep -q '^npu total:' <<<"$out"; then
      echo "FAIL $f ${e:+@$e} on $target (exit $rc)"; echo "$out" | grep -v '^result' | tail -4; fail=1
    fi
    # host kernels only for the reasons the npu has
    bad=$(grep '^npu k[0-9]*: on the host' <<<"$out" | grep -v -e 'element type' -e 'moves data' -e 'casts its elements' -e 'accumulates in')
    [ -z "$bad" ] || { echo "FAIL $f ${e:+@$e} on $target: unexpected host kernel: $bad"; fail=1; }
  done
done
if [ $machines = builtin ]; then
  # the seed cases run entirely on the npu (their runs above, on the built-in machine)
  for f in ffn1_bert bert_ffn_block gemm_addmatrix_1024; do
    out=${outs["npu|$C/seeds/$f.mlir|"]-}
    [ -n "$out" ] || { echo "FAIL $f did not run on the built-in npu"; fail=1; continue; }
    grep -q 'of [0-9]* kernels on the npu' <<<"$out" && ! grep -q 'on the host' <<<"$out" || { echo "FAIL $f not all on the npu"; fail=1; }
  done
  # driver code is refused, naming the op
  out=$("$SPADC" run "$C/mlir22/mlp3_main.mlir" -e main --target npu 2>&1); rc=$?
  [ $rc = 1 ] && grep -q "mlp3_main.mlir:213:11: error: 'func.call' is driver code" <<<"$out" || { echo "FAIL driver refusal: $out"; fail=1; }
fi
echo "$n functions compiled, simulated and checked in $(( $(date +%s) - start )) s"
exit $fail
