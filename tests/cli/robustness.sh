#!/usr/bin/env bash
# No input crashes, hangs or exhausts memory: deep nesting, absurd dimensions,
# truncated files, binary garbage and a 1 MB identifier all end in a located
# error (exit 1) or are read correctly (exit 0), within seconds.
set -u
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0 n=0
try() { # try FILE [allowed exits...]: run check with a time and memory limit
  local f=$1; shift
  n=$((n + 1))
  # a 4 GB address-space cap proves memory stays bounded (ASan needs more)
  if [ "${SPADC_SANITIZE:-0}" = 1 ]; then
    out=$(timeout 60 "$SPADC" check "$f" 2>&1); rc=$?
  else
    out=$( (ulimit -v 4000000; timeout 20 "$SPADC" check "$f") 2>&1); rc=$?
  fi
  local ok=0
  for a in "${@:-1}"; do [ "$rc" = "$a" ] && ok=1; done
  if [ $ok = 0 ]; then echo "FAIL $f: exit $rc"; echo "$out" | head -3; fail=1; return; fi
  if [ "$rc" = 1 ] && ! grep -q "^$f:[0-9]*:[0-9]*: error: \|^$f: error: " <<<"$out"; then
    echo "FAIL $f: error not located: $out" | head -3; fail=1
  fi
}
rep() { local s=$1 k=$2 out=; for ((i = 0; i < k; i++)); do out+=$s; done; printf '%s' "$out"; }

# deep nesting: attributes, regions, types, affine expressions
{ printf 'func.func @f() attributes {a = '; rep '[' 100000; rep ']' 100000; printf '} {\n  return\n}\n'; } >"$tmp/deep_attr.mlir"
try "$tmp/deep_attr.mlir"
{ printf '#m = affine_map<(d0) -> ('; rep '(' 50000; printf 'd0'; rep ')' 50000; printf ')>\n'; } >"$tmp/deep_affine.mlir"
try "$tmp/deep_affine.mlir"
{ printf 'func.func @f(%%x: f32) -> f32 {\n'; for i in $(seq 300); do printf 'scf.for %%i%d = %%x to %%x step %%x {\n' $i; done; } >"$tmp/deep_region.mlir"
try "$tmp/deep_region.mlir"
{ printf 'func.func @f(%%a: tensor<'; rep '4x' 40; printf 'f32>) {\n  return\n}\n'; } >"$tmp/rank.mlir"
try "$tmp/rank.mlir"
{ printf 'func.func @f() -> tensor<2xf32> {\n  %%c = arith.constant dense<'; rep '[' 20; rep ']' 20; printf '> : tensor<2xf32>\n  return %%c : tensor<2xf32>\n}\n'; } >"$tmp/deep_dense.mlir"
try "$tmp/deep_dense.mlir"
# absurd dimensions and sizes
printf 'func.func @f(%%a: tensor<100000x100000x100000x100000xf32>) {\n  return\n}\n' >"$tmp/huge.mlir"
try "$tmp/huge.mlir"
printf 'func.func @f() -> tensor<1000000000000xf32> {\n  %%c = arith.constant dense<[1.0, 2.0]> : tensor<1000000000000xf32>\n  return %%c : tensor<1000000000000xf32>\n}\n' >"$tmp/huge_dense.mlir"
try "$tmp/huge_dense.mlir"
printf 'func.func @f() -> f32 {\n  %%c = arith.constant 1%s.0 : f32\n  return %%c : f32\n}\n' "$(rep 0 5000)" >"$tmp/long_float.mlir"
try "$tmp/long_float.mlir"
# a 1 MB identifier, SSA name, string and symbol
big=$(head -c 1048576 /dev/zero | tr '\0' 'a')
printf 'func.func @%s() {\n  return\n}\n' "$big" >"$tmp/big_symbol.mlir"; try "$tmp/big_symbol.mlir" 0
printf 'func.func @f() {\n  %%%s = arith.constant 1 : i32\n  return\n}\n' "$big" >"$tmp/big_ssa.mlir"; try "$tmp/big_ssa.mlir" 0
printf 'func.func @f() {\n  %s = arith.constant 1 : i32\n  return\n}\n' "$big" >"$tmp/big_bare.mlir"; try "$tmp/big_bare.mlir"
printf 'func.func @f() attributes {s = "%s"} {\n  return\n}\n' "$big" >"$tmp/big_string.mlir"; try "$tmp/big_string.mlir" 0
# binary garbage (deterministic)
awk 'BEGIN { srand(7); for (i = 0; i < 65536; i++) printf "%c", int(rand() * 256) }' >"$tmp/garbage.bin"
try "$tmp/garbage.bin"
head -c 4096 /dev/zero >"$tmp/zeros.bin"; try "$tmp/zeros.bin"
# every corpus file truncated at many points: an error or a valid prefix, never a crash
for f in "$SPADC_CORPUS"/mlir22/*.mlir "$SPADC_CORPUS"/mlir22/variants/*.mlir "$SPADC_CORPUS"/seeds/*.mlir "$SPADC_CORPUS"/external/tpp-mlir/*.mlir; do
  size=$(wc -c <"$f")
  for frac in 1 7 13 29 41 53 67 79 89 97; do
    head -c $((size * frac / 100)) "$f" >"$tmp/trunc.mlir"
    try "$tmp/trunc.mlir" 0 1
  done
done
# strings as MLIR's lexer reads them: unknown escapes are located errors
for esc in '\q' '\u00e9' '\0' '\x41' "\\'" '\ '; do
  printf 'func.func @f() attributes {s = "a%s-"} {\n  return\n}\n' "$esc" >"$tmp/escape.mlir"
  try "$tmp/escape.mlir"
done
# a zero-size dimension in every kernel kind reads (tests/cli/zero_dims.sh runs them)
python3 "$SPADC_SRC/tests/cli/zero_dims.py" >"$tmp/zero_dims.mlir" 2>/dev/null && try "$tmp/zero_dims.mlir" 0
# valid input MLIR accepts: scf.for without iter_args leaves its scf.yield out
printf 'func.func @main() {\n  %%c0 = arith.constant 0 : index\n  %%c3 = arith.constant 3 : index\n  %%c1 = arith.constant 1 : index\n  scf.for %%i = %%c0 to %%c3 step %%c1 {\n    %%f = arith.index_cast %%i : index to i32\n    vector.print %%f : i32\n  }\n  scf.for %%j = %%c0 to %%c3 step %%c1 {\n  }\n  return\n}\n' >"$tmp/for_no_yield.mlir"
try "$tmp/for_no_yield.mlir" 0
n=$((n + 1))
out=$("$SPADC" run "$tmp/for_no_yield.mlir" -e main --target ref 2>&1 | grep -v '^time')
[ "$out" = "$(printf '0\n1\n2')" ] || { echo "FAIL scf.for without scf.yield: $out"; fail=1; }
# a cf.assert message with a NUL, a quote and a newline fails whole, on one line
printf 'func.func @f(%%x: f32) -> f32 {\n  %%c = arith.constant 0.0 : f32\n  %%b = arith.cmpf ogt, %%x, %%c : f32\n  cf.assert %%b, "x\\00y \\22z\\22\\0Aw"\n  return %%x : f32\n}\n' >"$tmp/assert_nul.mlir"
n=$((n + 1))
for t in ref cpu npu; do
  out=$("$SPADC" run "$tmp/assert_nul.mlir" --target $t --seed 2 2>&1); rc=$?
  [ $rc = 1 ] && [ "$out" = "$tmp/assert_nul.mlir:4:3: error: assertion failed: x\\00y \"z\"\\0Aw" ] ||
    { echo "FAIL assert message with a NUL on $t (exit $rc): $out"; fail=1; }
done
echo "$n inputs checked"
exit $fail
