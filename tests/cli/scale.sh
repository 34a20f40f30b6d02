#!/usr/bin/env bash
# Scale and limits: a 100000x100000 f32 GEMM + ReLU (40 GB per tensor) is
# planned at compile time (plan exits 0 and reports the kernel), while run
# refuses it up front with a located out-of-memory error naming the bytes
# (exit 1), on the cpu target and on the reference interpreter, quickly and
# without touching that memory.
set -u
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
T=tensor\<100000x100000xf32\>
cat >"$tmp/big.mlir" <<MLIR
func.func @big(%x: $T, %w: $T) -> $T {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : $T
  %z = linalg.fill ins(%zero : f32) outs(%e : $T) -> $T
  %y = linalg.matmul ins(%x, %w : $T, $T) outs(%z : $T) -> $T
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]} ins(%y : $T) outs(%e : $T) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %zero : f32
    linalg.yield %m : f32
  } -> $T
  return %r : $T
}
MLIR
out=$(timeout 20 "$SPADC" plan "$tmp/big.mlir" 2>&1); rc=$?
{ [ $rc = 0 ] && grep -q 'm=100000 n=100000 k=100000' <<<"$out" && grep -q 'epilogue: relu' <<<"$out"; } ||
  { echo "FAIL plan (exit $rc): $out"; fail=1; }
for target in cpu ref; do
  out=$(timeout 20 "$SPADC" run "$tmp/big.mlir" --target $target 2>&1); rc=$?
  { [ $rc = 1 ] && grep -q "^$tmp/big.mlir:1:1: error: out of memory: running '@big' needs 120000000000 bytes" <<<"$out"; } ||
    { echo "FAIL run --target $target (exit $rc): $out"; fail=1; }
done
# a limit set by the user is honoured and named
out=$(SPADC_MEMORY_LIMIT=1000 "$SPADC" run "$SPADC_CORPUS/seeds/ffn1_bert.mlir" 2>&1); rc=$?
{ [ $rc = 1 ] && grep -q 'but the limit is 1000 bytes' <<<"$out"; } || { echo "FAIL SPADC_MEMORY_LIMIT (exit $rc): $out"; fail=1; }
exit $fail
