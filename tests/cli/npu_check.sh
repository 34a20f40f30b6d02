#!/usr/bin/env bash
# spadc run --target npu --check passes on the whole corpus, on the built-in
# TPUv3 machine and on PyTorchSim's tpuv6e and 8x8 files: every model
# function compiled to npu programs and simulated agrees with the reference
# interpreter (sampled on the largest programs). Kernels the npu cannot
# express run on the host and say why; only the expected reasons appear
# (element types other than f32, data-movement ops). The function
# selection is cpu_check.sh's. The bf16 model runs only on the host, so it
# is checked once.
set -u
C=$SPADC_CORPUS Y=$SPADC_CORPUS/external/pytorchsim
fail=0 n=0
start=$(date +%s)
for target in npu "npu=$Y/systolic_ws_256x256_c1_simple_noc_tpuv6e.yml" "npu=$Y/systolic_ws_8x8_c1_simple_noc.yml"; do
  for f in "$C"/mlir22/*.mlir "$C"/mlir22/variants/*.mlir "$C"/seeds/*.mlir "$C"/external/tpp-mlir/*.mlir; do
    funcs=""
    case $(basename "$f") in
      mlp3_main.mlir) funcs="mlp3" ;;
      snippet_colsum_main.mlir) funcs="colsum" ;;
      iree_splat_outs.mlir) funcs="rowsum colsum" ;;
      *bf16*) [ "$target" = npu ] || continue ;;
    esac
    for e in ${funcs:-""}; do
      n=$((n + 1))
      eflag=(); [ -n "$e" ] && eflag=(-e "$e")
      out=$("$SPADC" run "$f" "${eflag[@]}" --target "$target" --check --threads 2 2>&1); rc=$?
      if [ $rc != 0 ] || ! grep -q ': ok$' <<<"$out" || grep -q MISMATCH <<<"$out" || ! grep -q '^npu total:' <<<"$out"; then
        echo "FAIL $f ${e:+@$e} on $target (exit $rc)"; echo "$out" | grep -v '^result' | tail -4; fail=1
      fi
      # host kernels only for the reasons the npu has
      bad=$(grep '^npu k[0-9]*: on the host' <<<"$out" | grep -v -e 'element type' -e 'moves data' -e 'casts its elements')
      [ -z "$bad" ] || { echo "FAIL $f ${e:+@$e} on $target: unexpected host kernel: $bad"; fail=1; }
    done
  done
done
# the seed cases run entirely on the npu
for f in ffn1_bert bert_ffn_block gemm_addmatrix_1024; do
  out=$("$SPADC" run "$C/seeds/$f.mlir" --target npu --check 2>&1)
  grep -q 'of [0-9]* kernels on the npu' <<<"$out" && ! grep -q 'on the host' <<<"$out" || { echo "FAIL $f not all on the npu"; fail=1; }
done
# driver code is refused, naming the op
out=$("$SPADC" run "$C/mlir22/mlp3_main.mlir" -e main --target npu 2>&1); rc=$?
[ $rc = 1 ] && grep -q "mlp3_main.mlir:213:11: error: 'func.call' is driver code" <<<"$out" || { echo "FAIL driver refusal: $out"; fail=1; }
echo "$n functions compiled, simulated and checked in $(( $(date +%s) - start )) s"
exit $fail
