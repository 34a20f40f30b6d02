#!/usr/bin/env bash
# Every corpus file is accepted; `spadc opt` prints MLIR that mlir-opt-22
# accepts and that spadc reads back to the same IR (printing is a fixpoint).
# The OpenVINO file (memref ABI) is rejected with a message naming memref.
set -u
OPT=${MLIR_OPT:-mlir-opt-22}
command -v "$OPT" >/dev/null || { echo "FAIL: $OPT not found (make test installs mlir-22-tools)"; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0 n=0
for f in "$SPADC_CORPUS"/mlir22/*.mlir "$SPADC_CORPUS"/mlir22/variants/*.mlir "$SPADC_CORPUS"/seeds/*.mlir \
         "$SPADC_CORPUS"/external/tpp-mlir/*.mlir "$SPADC_CORPUS"/bad/*.mlir; do
  n=$((n + 1))
  b=$tmp/$(basename "$f" .mlir)
  if ! "$SPADC" check "$f" 2>"$b.err"; then echo "FAIL check $f: $(cat "$b.err")"; fail=1; continue; fi
  if ! "$SPADC" opt "$f" >"$b.1.mlir" 2>"$b.err"; then echo "FAIL opt $f: $(cat "$b.err")"; fail=1; continue; fi
  # mlir-opt-22 aborts instead of erroring on some input: any failure is a rejection
  if ! "$OPT" "$b.1.mlir" >/dev/null 2>"$b.merr"; then echo "FAIL mlir-opt-22 rejects opt output of $f:"; head -3 "$b.merr"; fail=1; fi
  if ! "$SPADC" opt "$b.1.mlir" >"$b.2.mlir" 2>"$b.err"; then echo "FAIL re-read of $f: $(cat "$b.err")"; fail=1; continue; fi
  if ! cmp -s "$b.1.mlir" "$b.2.mlir"; then echo "FAIL not a fixpoint: $f"; diff "$b.1.mlir" "$b.2.mlir" | head -5; fail=1; fi
done
ov="$SPADC_CORPUS/external/openvino/MLIR_MLP_BENCH_f32_128_1024.mlir"
out=$("$SPADC" check "$ov" 2>&1); rc=$?
if [ $rc != 1 ] || ! grep -q "^$ov:2:27: error: unsupported type 'memref'" <<<"$out"; then
  echo "FAIL openvino: exit $rc: $out"; fail=1
fi
echo "$n corpus files read, printed, accepted by $OPT and re-read"
exit $fail
