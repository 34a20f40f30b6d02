#!/usr/bin/env bash
# The npu tile search times a candidate in work that does not grow with its
# tile count (src/npu/search.c, "A candidate is timed ..."), and that timing
# is the simulator's clock: plan's est_cycles for a kernel equal the cycles
# run --target npu simulates instruction by instruction, for forced small
# tiles, edge tiles, loop kernels and contractions, on three machines.
# Planning BERT's FFN1 (512x3072x768) with tile 1,1,1 (1.2e9 K steps) and a
# 100000^3 matmul with tile 1,1,1 (1e15) takes well under a second here;
# before, FFN1 took 73 s at 2,2,2 and over 6 minutes at 1,1,1. The bound
# checked is a generous 60 s.
set -u
C=$SPADC_CORPUS Y=$SPADC_CORPUS/external/pytorchsim
V8="npu=$Y/systolic_ws_8x8_c1_simple_noc.yml" V6="npu=$Y/systolic_ws_256x256_c1_simple_noc_tpuv6e.yml"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
cat >"$tmp/big.mlir" <<'MLIR'
func.func @f(%a: tensor<100000x100000xf32>, %b: tensor<100000x100000xf32>) -> tensor<100000x100000xf32> {
  %z = arith.constant 0.0 : f32
  %0 = tensor.empty() : tensor<100000x100000xf32>
  %1 = linalg.fill ins(%z : f32) outs(%0 : tensor<100000x100000xf32>) -> tensor<100000x100000xf32>
  %2 = linalg.matmul ins(%a, %b : tensor<100000x100000xf32>, tensor<100000x100000xf32>) outs(%1 : tensor<100000x100000xf32>) -> tensor<100000x100000xf32>
  return %2 : tensor<100000x100000xf32>
}
MLIR
for job in "$C/seeds/ffn1_bert.mlir|1,1,1" "$C/seeds/ffn1_bert.mlir|2,2,2" "$tmp/big.mlir|1,1,1" "$tmp/big.mlir|3,7,5"; do
  f=${job%|*} tile=${job#*|}
  start=$(date +%s%N)
  out=$(timeout 120 "$SPADC" plan "$f" --target npu --tile "$tile" 2>&1); rc=$?
  ms=$(( ($(date +%s%N) - start) / 1000000 ))
  if [ $rc != 0 ] || [ $ms -gt 60000 ] || ! grep -q 'estimate: [0-9]* cycles' <<<"$out"; then
    echo "FAIL plan $(basename "$f") --tile $tile: exit $rc after $ms ms"; echo "$out" | tail -3; fail=1
  fi
  echo "plan $(basename "$f") --tile $tile: $ms ms"
done
# the estimate of every kernel is the simulated clock
cat >"$tmp/mix.mlir" <<'MLIR'
func.func @f(%a: tensor<60x80xf32>, %b: tensor<80x70xf32>, %c: tensor<70xf32>, %x: tensor<50x70xf32>, %r: tensor<50xf32>) -> (tensor<60x70xf32>, tensor<50xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<60x70xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<60x70xf32>) -> tensor<60x70xf32>
  %m = linalg.matmul ins(%a, %b : tensor<60x80xf32>, tensor<80x70xf32>) outs(%f : tensor<60x70xf32>) -> tensor<60x70xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%m, %c : tensor<60x70xf32>, tensor<70xf32>) outs(%e : tensor<60x70xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %s = arith.addf %p, %q : f32
    %t = arith.maximumf %s, %z : f32
    linalg.yield %t : f32
  } -> tensor<60x70xf32>
  %e1 = tensor.empty() : tensor<50xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<50xf32>) -> tensor<50xf32>
  %s1 = linalg.generic {indexing_maps = [affine_map<(m, k) -> (m, k)>, affine_map<(m, k) -> (m)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<50x70xf32>) outs(%f1 : tensor<50xf32>) {
  ^bb0(%i: f32, %acc: f32):
    %s = arith.addf %i, %acc : f32
    linalg.yield %s : f32
  } -> tensor<50xf32>
  %o1 = linalg.generic {indexing_maps = [affine_map<(m) -> (m)>, affine_map<(m) -> (m)>, affine_map<(m) -> (m)>], iterator_types = ["parallel"]} ins(%s1, %r : tensor<50xf32>, tensor<50xf32>) outs(%e1 : tensor<50xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %s = arith.addf %i, %j : f32
    linalg.yield %s : f32
  } -> tensor<50xf32>
  return %y, %o1 : tensor<60x70xf32>, tensor<50xf32>
}
MLIR
# (at a reduced size, SPADC_TEST_SCALE < 1: the mixed file on every
# machine, the two corpus files on every other one, alternating)
half=$(python3 -c "import sys; s=float(sys.argv[1] or 1); print(1 if 0 < s < 1 else 0)" "${SPADC_TEST_SCALE:-1}")
n=0 i=0
for f in "$tmp/mix.mlir" "$C/mlir22/mlp_pytorch.mlir" "$C/mlir22/ops_zoo.mlir"; do
  for opts in "npu --tile 1,1,1" "npu --tile 3,5,7 --budget 1024" "$V8 --tile 3,5,7" "$V8 --tile 8,8,8 --budget 600" "$V6 --tile 16,24,8"; do
    read -r target rest <<<"$opts"
    [ "$f" != "$tmp/mix.mlir" ] && [ "$rest" = "--tile 1,1,1" ] && continue # run would take long
    i=$((i + 1))
    [ "$half" = 1 ] && [ "$f" != "$tmp/mix.mlir" ] && [ $((i % 2)) = 0 ] && continue
    plan=$("$SPADC" plan "$f" --target "$target" $rest --json 2>&1) || { echo "FAIL plan $f $opts"; echo "$plan" | tail -2; fail=1; continue; }
    want=$(python3 -c 'import json,sys; print(" ".join(str(k["est_cycles"]) for k in json.load(sys.stdin)["kernels"] if k.get("path") == "npu"))' <<<"$plan")
    out=$("$SPADC" run "$f" --target "$target" $rest 2>&1) || { echo "FAIL run $f $opts"; echo "$out" | tail -2; fail=1; continue; }
    got=$(grep -o '^npu k[0-9]*: tile [^;]*; [0-9]* cycles' <<<"$out" | grep -o '[0-9]* cycles$' | grep -o '^[0-9]*' | tr '\n' ' ' | sed 's/ $//')
    n=$((n + 1))
    [ -n "$want" ] && [ "$want" = "$got" ] || { echo "FAIL $(basename "$f") $opts: planned cycles '$want', simulated '$got'"; fail=1; }
  done
done
echo "$n plans whose estimates are the simulated cycles"
exit $fail
