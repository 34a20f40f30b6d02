#!/usr/bin/env bash
# The reader's SSA name table (src/mlir/reader.c) with many regions, each
# defining names that go when it closes: a generic-printed program of 300
# linalg ops whose bodies name their block arguments %argN afresh (as
# mlir-opt prints them) and 7 values each (four names dropped for each one
# that stays) reads in well under a second. The table counted only
# live names towards growing, so the dropped ones (tombstones) filled it and
# a lookup of an absent name never ended (difftest seed 20059 hung in
# scope_find).
set -u
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
f=$tmp/regions.mlir
{
  echo '"builtin.module"() ({'
  echo '  "func.func"() <{function_type = (tensor<4xf32>) -> tensor<4xf32>, sym_name = "f"}> ({'
  echo '  ^bb0(%arg0: tensor<4xf32>):'
  prev=%arg0
  for i in $(seq 1 300); do
    a=$((3 * i)) b=$((3 * i + 1))
    echo "    %e$i = \"tensor.empty\"() : () -> tensor<4xf32>"
    echo "    %v$i = \"linalg.generic\"($prev, %e$i) <{indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({"
    echo "    ^bb0(%arg$a: f32, %arg$b: f32):"
    echo "      %t$i = \"arith.addf\"(%arg$a, %arg$a) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32"
    for j in 1 2 3 4 5 6; do
      echo "      %t${i}_$j = \"arith.mulf\"(%t$i, %arg$a) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32"
    done
    echo "      \"linalg.yield\"(%t${i}_6) : (f32) -> ()"
    echo "    }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>"
    prev=%v$i
  done
  echo "    \"func.return\"($prev) : (tensor<4xf32>) -> ()"
  echo '  }) : () -> ()'
  echo '}) : () -> ()'
} >"$f"
out=$(timeout 60 "$SPADC" check "$f" 2>&1); rc=$?
[ $rc = 0 ] || { echo "FAIL check of 300 regions: exit $rc${out:+: $out}"; exit 1; }
# difftest's seed 20059, which hung the reader before
out=$(timeout 60 "$SPADC" check "$SPADC_SRC/tests/data/reader_tombstones.mlir" 2>&1); rc=$?
[ $rc = 0 ] || { echo "FAIL reader_tombstones.mlir: exit $rc${out:+: $out}"; exit 1; }
# and a use of a name its region dropped is still an error, not a hang
sed -i 's/%t300 = "arith.addf"(%arg900, %arg900)/%t300 = "arith.addf"(%arg3, %arg900)/' "$f"
out=$(timeout 60 "$SPADC" check "$f" 2>&1); rc=$?
[ $rc = 1 ] && grep -q "error: use of undefined value '%arg3'" <<<"$out" || { echo "FAIL a dropped name (exit $rc): $out"; exit 1; }
exit 0
