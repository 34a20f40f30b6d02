#!/usr/bin/env bash
# cf.assert, tensor.from_elements and tensor.concat, as torch-mlir writes
# them, end to end: mlir-opt-22 accepts the test files and what spadc prints
# of them (custom form, read back to the same text); holding asserts let
# every target run with the reference's results, failing ones stop each
# target with the located message (exit 1), also after canonicalization;
# the builds print exactly the values mlir-runner-22 prints for them
# (recorded below), on every target and from the generic form too.
# Malformed uses are in tests/data/bad (cli/errors.sh).
set -u
D=$SPADC_SRC/tests/data
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
no() { echo "FAIL $*"; fail=1; }

files="cf_assert.mlir cf_assert_fail.mlir tensor_build.mlir assert_concat_generic.mlir"
for b in $files; do
  f=$D/$b
  # printing is a fixpoint: the printed form reads back to the same text
  "$SPADC" opt "$f" >"$tmp/p1.mlir" || no "$b: spadc opt"
  "$SPADC" opt "$tmp/p1.mlir" >"$tmp/p2.mlir" || no "$b: spadc opt of its own output"
  cmp -s "$tmp/p1.mlir" "$tmp/p2.mlir" || { no "$b: printing is not a fixpoint"; diff "$tmp/p1.mlir" "$tmp/p2.mlir" | head -5; }
  if command -v mlir-opt-22 >/dev/null; then
    mlir-opt-22 "$f" >/dev/null 2>&1 || no "$b: mlir-opt-22 rejects the test file"
    for passes in "" canonicalize canonicalize,fuse; do
      "$SPADC" opt "$f" ${passes:+--passes $passes} | mlir-opt-22 >/dev/null 2>&1 ||
        no "$b: mlir-opt-22 rejects spadc opt ${passes:+--passes $passes}"
    done
  fi
done
# the generic form prints as the custom one, message escapes included
"$SPADC" opt "$D/assert_concat_generic.mlir" | grep -qF 'cf.assert %5, "\"abs(x) + 1\" < 1\\"' ||
  no "generic cf.assert does not print its message in the custom form"
"$SPADC" opt "$D/assert_concat_generic.mlir" | grep -q 'tensor.concat dim(1) %[0-9]*, %[0-9]*, %[0-9]* : (tensor<3x3xf32>, tensor<3x2xf32>, tensor<3x3xf32>) -> tensor<3x8xf32>' ||
  no "generic tensor.concat does not print as dim(1)"
# no pass drops an assert (it has no results, but it must run)
n=$("$SPADC" opt "$D/cf_assert.mlir" --passes canonicalize,fuse | grep -c 'cf.assert')
[ "$n" = 5 ] || no "canonicalize,fuse left $n of the 5 cf.assert"

# holding asserts: every target runs; @f's assert reads %y after later kernels
for t in "cpu --threads 1" "cpu --threads 2" "npu"; do
  # shellcheck disable=SC2086
  out=$("$SPADC" run "$D/cf_assert.mlir" -e f --target $t --check 2>&1); rc=$?
  { [ $rc = 0 ] && grep -q '^check result0: .*: ok$' <<<"$out"; } || { no "cf_assert @f --target $t (exit $rc)"; echo "$out" | tail -3; }
done
"$SPADC" run "$D/cf_assert.mlir" -e f --target ref >/dev/null || no "cf_assert @f --target ref"
out=$("$SPADC" run "$D/cf_assert.mlir" -e count --target ref --seed 2 2>&1)
grep -q '^result0: index = [0-7]$' <<<"$out" || { no "cf_assert @count (asserts in scf.for)"; echo "$out" | head -3; }

# failing asserts: exit 1, the message located at the assert, on every target
expect_assert() { # FILE FUNC LINE:COL MESSAGE
  local want="$1:$3: error: assertion failed: $4"
  for t in ref cpu npu; do
    got=$("$SPADC" run "$1" -e "$2" --target "$t" 2>&1 >/dev/null); rc=$?
    [ $rc = 1 ] && [ "$got" = "$want" ] || { no "$(basename "$1") @$2 --target $t (exit $rc)"; echo "  want: $want"; echo "  got:  $got"; }
  done
  out=$("$SPADC" run "$1" -e "$2" --target cpu --check 2>&1); rc=$?
  [ $rc = 1 ] && grep -qF "$want" <<<"$out" || no "$(basename "$1") @$2 --check (exit $rc)"
}
expect_assert "$D/cf_assert_fail.mlir" size 9:3 'mismatched size'
expect_assert "$D/cf_assert_fail.mlir" value 26:3 '"abs(x) + 1" < 1\'
expect_assert "$D/assert_concat_generic.mlir" value 71:5 '"abs(x) + 1" < 1\'
# the printed form keeps the message
"$SPADC" opt "$D/cf_assert_fail.mlir" --passes canonicalize >"$tmp/fail.mlir"
line=$(grep -n 'cf.assert' "$tmp/fail.mlir" | tail -1 | cut -d: -f1)
expect_assert "$tmp/fail.mlir" value "$line:5" '"abs(x) + 1" < 1\'

# builds: exact values (as mlir-runner-22 prints them) on every target
want='( ( 2.5, 0, 4.5, 1.5, -2, 2.5, 0, 4.5 ), ( 2, 6.5, 4, -2, 1.5, 2, 6.5, 4 ), ( 7, 8, 9, 1.5, -2, 7, 8, 9 ) )
( -2 )
( 1.5, -2, -2, 1.5 )'
for b in tensor_build.mlir assert_concat_generic.mlir; do
  for t in ref cpu npu; do
    got=$("$SPADC" run "$D/$b" -e main --target $t | grep '^(')
    [ "$got" = "$want" ] || { no "$b @main --target $t prints"; echo "$got"; }
  done
done
for t in "cpu --threads 1" "cpu --threads 2" "npu"; do
  # shellcheck disable=SC2086
  out=$("$SPADC" run "$D/tensor_build.mlir" -e build --target $t --check 2>&1); rc=$?
  [ $rc = 0 ] && [ "$(grep -c '^check result[0-2]: .*: ok$' <<<"$out")" = 3 ] || { no "tensor_build @build --target $t (exit $rc)"; echo "$out" | tail -4; }
done
# the sampled check evaluates single elements of the builds (point evaluation)
out=$("$SPADC" run "$D/tensor_build.mlir" -e build --target cpu --check --check-samples 20 2>&1)
[ "$(grep -c '^check result[0-2]: [0-9]* sampled elements .*: ok$' <<<"$out")" = 3 ] || { no "sampled check of @build"; echo "$out" | tail -3; }
a=$("$SPADC" run "$D/tensor_build.mlir" -e build --target ref --seed 7 | grep '^result')
b=$("$SPADC" run "$D/assert_concat_generic.mlir" -e build --target ref --seed 7 | grep '^result')
[ -n "$a" ] && [ "$a" = "$b" ] || no "the generic @build computes other results"
# tensor.concat becomes one insert_slice per operand (passes/canon_tensor.c), which
# both engines copy: no concat kernel on the host; tensor.from_elements
# becomes a generic selecting its operand by the element's index, which
# the cpu engine and the npu run (the npu with its loop indices: npu_iota.sh)
plan=$("$SPADC" plan "$D/tensor_build.mlir" -e build --target npu)
grep -q 'on the host\|reference' <<<"$plan" && { no "npu plan: a kernel on the host"; grep -B1 host <<<"$plan"; }
for f in build main; do
  cplan=$("$SPADC" plan "$D/tensor_build.mlir" -e $f)
  grep -q 'reference' <<<"$cplan" && { no "cpu plan of @$f: a kernel on the reference path"; grep -B2 reference <<<"$cplan"; }
done
"$SPADC" opt "$D/tensor_build.mlir" --passes canonicalize | grep -q 'tensor.from_elements' &&
  no "canonicalize leaves a tensor.from_elements"
grep -q 'concat' <<<"$plan" && no "npu plan: a tensor.concat kernel is left"
[ "$(grep -c '^k[0-9]*  op  3 x 8 (copy)  -> %v[0-9]*  (npu)$' <<<"$plan")" = 3 ] ||
  { no "npu plan: the concat of three is not three copies on the npu"; echo "$plan" | grep '^k'; }
plan=$("$SPADC" plan "$D/tensor_build.mlir" -e build)
[ "$(grep -A2 '^k[0-9]*  op  -> %v[0-9]* (engine)$' <<<"$plan" | grep -c 'tensor.insert_slice@13:8')" = 3 ] ||
  { no "cpu plan: the concat at 13:8 is not three insert_slice copies on the engine"; echo "$plan" | grep -A2 '^k'; }
"$SPADC" opt "$D/tensor_build.mlir" --passes canonicalize | grep -q 'tensor.concat' && no "canonicalize leaves a tensor.concat"
exit $fail
