#!/usr/bin/env bash
# Every malformed input in tests/data/bad gets exactly the located diagnostic
# its first line names (// EXPECT: LINE:COL: error: MESSAGE) and exit code 1.
set -u
fail=0 n=0
for f in "$SPADC_SRC"/tests/data/bad/*.mlir; do
  n=$((n + 1))
  want="$f:$(head -1 "$f" | sed 's|^// EXPECT: ||')"
  got=$("$SPADC" check "$f" 2>&1)
  rc=$?
  if [ "$rc" != 1 ] || [ "$got" != "$want" ]; then
    echo "FAIL $f (exit $rc)"
    echo "  expected: $want"
    echo "  got:      $got"
    fail=1
  fi
done
echo "$n malformed inputs checked"
[ "$n" -ge 20 ] || { echo "too few malformed inputs"; fail=1; }
exit $fail
