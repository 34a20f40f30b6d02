#!/usr/bin/env bash
# spadc run on the reference target: function selection, seeded inputs,
# .npy inputs and outputs, and the errors (with their exit codes) users hit.
set -u
D=$SPADC_SRC/tests/data C=$SPADC_CORPUS
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
expect() { # expect EXIT PATTERN -- command...
  local want=$1 pat=$2; shift 3
  out=$("$@" 2>&1); rc=$?
  if [ "$rc" != "$want" ] || ! grep -q -- "$pat" <<<"$out"; then
    echo "FAIL (exit $rc, want $want, pattern '$pat'): $*"; echo "$out" | head -5; fail=1
  fi
}
# one public function: chosen without -e; same seed, same numbers; other seed, other numbers
a=$("$SPADC" run "$C/mlir22/mlp_pytorch.mlir" --seed 3 | head -1)
b=$("$SPADC" run "$C/mlir22/mlp_pytorch.mlir" --seed 3 | head -1)
c=$("$SPADC" run "$C/mlir22/mlp_pytorch.mlir" --seed 4 | head -1)
[ "$a" = "$b" ] && [ "$a" != "$c" ] && grep -q '^result0: tensor<128x512xf32> sum=' <<<"$a" || { echo "FAIL seeds: $a / $b / $c"; fail=1; }
# -o writes result npys; feeding them back reproduces the summary
"$SPADC" run "$C/mlir22/ops_zoo.mlir" --seed 1 -o "$tmp/z" >"$tmp/z.txt" || fail=1
for i in 0 1 2 3 4 5 6; do [ -s "$tmp/z/result$i.npy" ] || { echo "FAIL missing result$i.npy"; fail=1; }; done
head -c 6 "$tmp/z/result0.npy" | od -c | grep -q 'N   U   M   P   Y' || { echo "FAIL npy magic"; fail=1; }
"$SPADC" run "$D/mlp3_inputs.mlir" -o "$tmp/in" >/dev/null
"$SPADC" run "$D/f32_sum.mlir" --inputs "$tmp/in/result0.npy" >"$tmp/s1.txt" || fail=1
grep -q '^result0: f32 = ' "$tmp/s1.txt" || { echo "FAIL scalar result line"; cat "$tmp/s1.txt"; fail=1; }
# errors
expect 2 "several functions (@rowsum, @colsum): choose one with -e NAME (func=NAME in Python)" -- "$SPADC" run "$C/seeds/iree_splat_outs.mlir"
expect 2 "no function '@nope'" -- "$SPADC" run "$C/seeds/iree_splat_outs.mlir" -e nope
expect 1 "holds tensor<256x1024xf32>, argument #0 of '@colsum' is tensor<4x32xi32>" -- \
  "$SPADC" run "$C/seeds/iree_splat_outs.mlir" -e colsum --inputs "$tmp/in/result0.npy"
expect 2 "--inputs lists 2 files, '@sum' takes 1 argument" -- \
  "$SPADC" run "$D/f32_sum.mlir" --inputs "$tmp/in/result0.npy,$tmp/in/result0.npy"
expect 1 "cannot open file" -- "$SPADC" run "$D/f32_sum.mlir" --inputs "$tmp/missing.npy"
expect 1 "bad magic" -- "$SPADC" run "$D/f32_sum.mlir" --inputs "$D/f32_sum.mlir"
expect 2 "unknown option '--frobnicate'" -- "$SPADC" run "$D/f32_sum.mlir" --frobnicate
expect 2 "--seed needs a non-negative integer" -- "$SPADC" run "$D/f32_sum.mlir" --seed x
expect 2 "no input file" -- "$SPADC" run
expect 1 "call to external function '@rtclock2'" -- "$SPADC" run "$D/external_call.mlir" --target ref -e main
expect 1 "external_call.mlir:4:8: error: 'func.call' is driver code" -- "$SPADC" run "$D/external_call.mlir" -e main
expect 2 "unknown target 'gpu'" -- "$SPADC" run "$D/f32_sum.mlir" --target gpu
expect 2 "use it with --target cpu" -- "$SPADC" run "$D/f32_sum.mlir" --target ref --check
expect 2 "--threads needs an integer" -- "$SPADC" run "$D/f32_sum.mlir" --threads 0
expect 0 "usage: spadc run" -- "$SPADC" run --help
expect 0 "usage: spadc COMMAND" -- "$SPADC" --help
expect 2 "unknown command 'frob'" -- "$SPADC" frob
expect 0 "^spadc [0-9]" -- "$SPADC" --version
expect 2 "no input file" -- "$SPADC" check
expect 1 "cannot open file" -- "$SPADC" check "$tmp/nope.mlir"
exit $fail
