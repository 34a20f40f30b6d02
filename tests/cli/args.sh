#!/usr/bin/env bash
# Hostile command lines get a usage error (exit 2) that names the option and
# the value, never a crash or a silently misread value: options missing
# their value, unknown options, options of the other target, integers with
# signs, spaces, overflow or out of range; and input paths that are a
# directory, empty, /dev/null or missing are bad input (exit 1) said as such;
# a pipe is read once.
set -u
. "$SPADC_SRC/tests/tools/lib.sh"
D=$SPADC_SRC/tests/data
F=$SPADC_CORPUS/seeds/ffn1_bert.mlir
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0 n=0
usage() { # usage CMD MESSAGE: the two lines of a usage error
  printf 'spadc %s: error: %s\nrun '"'"'spadc %s --help'"'"' for usage' "$1" "$2" "$1"
}

# an option as the last word, without its value
for o in -o --passes; do expect_exact 2 "$(usage opt "$o needs an argument")" -- "$SPADC" opt "$F" "$o"; done
for o in --target -e --threads --svg; do expect_exact 2 "$(usage plan "$o needs an argument")" -- "$SPADC" plan "$F" "$o"; done
for o in -e --budget --tile --svg; do expect_exact 2 "$(usage plan "$o needs an argument")" -- "$SPADC" plan "$F" --target npu "$o"; done
for o in --target -e --inputs --seed -o --repeat --threads --check-samples --budget --tile --trace; do
  expect_exact 2 "$(usage run "$o needs an argument")" -- "$SPADC" run "$F" "$o"
done
# unknown options, a second input, none
for c in check opt plan run; do
  expect_exact 2 "$(usage $c "unknown option '--frob'")" -- "$SPADC" $c "$F" --frob
  expect_exact 2 "$(usage $c "unknown option '--'")" -- "$SPADC" $c "$F" --
  expect_exact 2 "$(usage $c "more than one input file")" -- "$SPADC" $c "$F" "$F"
  expect_exact 2 "$(usage $c "no input file")" -- "$SPADC" $c
done
expect_exact 2 "$(usage plan "unknown option '--budget=0.5'")" -- "$SPADC" plan "$F" --target npu --budget=0.5
expect_exact 2 "spadc: error: unknown command '--versionx'
run 'spadc --help' for usage" -- "$SPADC" --versionx
# options of the other target
for o in --budget --tile --program; do
  expect_exact 2 "$(usage plan "$o is an option of the npu target (--target npu or npu=FILE.yml)")" -- "$SPADC" plan "$F" "$o" x
done
expect_exact 2 "$(usage plan "--threads is an option of the cpu target (the npu plan does not depend on it)")" -- \
  "$SPADC" plan "$F" --target npu --threads 2
expect_exact 2 "$(usage run "--trace records the npu simulator's timeline; the cpu target has none (use --target npu or npu=FILE.yml)")" -- \
  "$SPADC" run "$F" --trace "$tmp/t.json"
# options that would be ignored
expect_exact 2 "$(usage run "--seed draws random inputs; it does not go with --inputs")" -- \
  "$SPADC" run "$D/npy_arg.mlir" --seed 1 --inputs "$tmp/x.npy"
expect_exact 2 "$(usage run "--check-samples goes with --check")" -- "$SPADC" run "$F" --check-samples 10
# integers: digits only, in range
for v in 0 1025 -2 +2 " 2" "2 " 1e3 2.0 0x10 99999999999999999999 ""; do
  expect_exact 2 "$(usage plan "--threads needs an integer in [1, 1024] (got '$v')")" -- "$SPADC" plan "$F" --threads "$v"
  expect_exact 2 "$(usage run "--threads needs an integer in [1, 1024] (got '$v')")" -- "$SPADC" run "$F" --threads "$v"
done
for v in 0 1000001 -2 +2 " 2" 1e3 99999999999999999999 ""; do
  expect_exact 2 "$(usage run "--repeat needs an integer in [1, 1000000] (got '$v')")" -- "$SPADC" run "$F" --repeat "$v"
done
for v in -1 +2 " 2" 18446744073709551616 99999999999999999999999 x ""; do
  expect_exact 2 "$(usage run "--seed needs a non-negative integer below 2^64 (got '$v')")" -- "$SPADC" run "$F" --seed "$v"
done
for v in -1 100000001 " 5" x ""; do
  expect_exact 2 "$(usage run "--check-samples needs an integer in [0, 100000000] (got '$v')")" -- "$SPADC" run "$F" --check --check-samples "$v"
done
for v in 1,2 0,1,1 1,1,1, " 1,1,1" 1,,1 1,1,2147483649 -1,1,1 "1, 1, 1" 99999999999999999999,1,1 a,b,c ""; do
  expect_exact 2 "$(usage plan "--tile needs three positive integers M,N,K up to 2^31 (got '$v')")" -- "$SPADC" plan "$F" --target npu --tile "$v"
done
expect_exact 2 "$(usage run "SPADC_TRACE_MAX_EVENTS needs an integer in [0, 2^63 - 1] (got '-1')")" -- \
  env SPADC_TRACE_MAX_EVENTS=-1 "$SPADC" run "$F" --target npu --trace "$tmp/t.json"
# the largest values are accepted
out=$("$SPADC" run "$D/npy_arg.mlir" --target ref --seed 18446744073709551615 --threads 1024 2>&1) ||
  { echo "FAIL: --seed 2^64-1 --threads 1024: $out"; fail=1; }
# input paths
for c in check opt plan run; do
  expect_exact 1 "$tmp: error: cannot open file: Is a directory" -- "$SPADC" $c "$tmp"
  expect_exact 1 "$tmp/none.mlir: error: cannot open file: No such file or directory" -- "$SPADC" $c "$tmp/none.mlir"
done
: >"$tmp/empty.mlir"
expect_exact 0 "" -- "$SPADC" check "$tmp/empty.mlir" # an empty module, as mlir-opt reads it
expect_exact 0 "" -- "$SPADC" check /dev/null
for c in plan run; do
  expect_exact 1 "$tmp/empty.mlir: error: no public function with a body to run" -- "$SPADC" $c "$tmp/empty.mlir"
  expect_exact 1 "/dev/null: error: no public function with a body to run" -- "$SPADC" $c /dev/null
done
expect_exact 1 "-: error: cannot open file: No such file or directory" -- "$SPADC" check -
# a pipe is read once: run (which parses the file twice) reads it as it reads the file
for t in cpu npu; do
  want=$("$SPADC" run "$F" --seed 2 --target $t | head -1)
  got=$(cat "$F" | "$SPADC" run /dev/stdin --seed 2 --target $t 2>&1 | head -1)
  n=$((n + 1))
  [ -n "$want" ] && [ "$got" = "$want" ] || { echo "FAIL run --target $t from a pipe: '$got', want '$want'"; fail=1; }
done
echo "$n argument checks"
exit $fail
