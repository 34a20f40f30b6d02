#!/usr/bin/env bash
# The reference interpreter reproduces mlir-runner-22's numbers:
#  - mlp3_pytorch.mlir on mlp3_main.mlir's inputs: the sequential row-major
#    f32 sum of the output has the bits 1225640275 (580757.2);
#  - mlp3_main.mlir itself (with its timing loop cut to 0 repetitions) prints
#    checksum_bits=1225640275;
#  - the IREE colsum case sums to 8128.
set -u
C=$SPADC_CORPUS D=$SPADC_SRC/tests/data
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
"$SPADC" run "$D/mlp3_inputs.mlir" --target ref -o "$tmp/in" >/dev/null || { echo "FAIL: generating inputs"; exit 1; }
ins=$(printf "$tmp/in/result%d.npy," 0 1 2 3 4 5 6); ins=${ins%,}
"$SPADC" run "$C/mlir22/mlp3_pytorch.mlir" --target ref --inputs "$ins" -o "$tmp/out" >/dev/null || { echo "FAIL: running mlp3_pytorch"; exit 1; }
out=$("$SPADC" run "$D/f32_sum.mlir" --target ref --inputs "$tmp/out/result0.npy")
echo "$out" | grep -qx 'result1: i32 = 1225640275' || { echo "FAIL mlp3_pytorch checksum: $out"; fail=1; }

sed -e 's/%reps = arith.constant 10 : index/%reps = arith.constant 0 : index/' "$C/mlir22/mlp3_main.mlir" >"$tmp/main0.mlir"
out=$("$SPADC" run "$tmp/main0.mlir" --target ref -e main)
echo "$out" | grep -qx 'checksum_bits=1225640275' || { echo "FAIL mlp3_main checksum: $out"; fail=1; }
echo "$out" | grep -qx 'checksum=580757' || { echo "FAIL mlp3_main checksum value: $out"; fail=1; }

"$SPADC" run "$D/colsum_input.mlir" --target ref -o "$tmp/cs" >/dev/null || { echo "FAIL: colsum input"; exit 1; }
out=$("$SPADC" run "$C/mlir22/snippet_colsum.mlir" --target ref --inputs "$tmp/cs/result0.npy")
echo "$out" | grep -q '^result0: tensor<32xi32> sum=8128 ' || { echo "FAIL colsum: $out"; fail=1; }
out=$("$SPADC" run "$C/mlir22/snippet_colsum_main.mlir" --target ref -e main)
echo "$out" | head -2 | tr '\n' ' ' | grep -qx '192 316 ' || { echo "FAIL colsum main: $out"; fail=1; }
[ $fail = 0 ] && echo "checksums match mlir-runner-22"
exit $fail
