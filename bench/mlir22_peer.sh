#!/usr/bin/env bash
# mlir22_peer.sh - the 3-layer MLP (256x1024 f32, ../shared/peers/mlir22/
# src/mlp3_main.mlir) end to end at 1 thread, through spadc and through
# upstream MLIR 22's best pipeline (run_peer.sh vec: mlir-opt-22 with
# fuse-elementwise + a transform-dialect schedule, JIT-run by
# mlir-runner-22), on the same inputs and the same file: @mlp3 is what both
# compile; the inputs are @main's generators (build/bench_mlp3 writes them
# in C), and both print the checksum of the result (bits 1225640275 when
# bit-exact). Both time a warm-up call, then REPS calls (seconds per call =
# total / REPS). The two alternate ROUNDS times; the median round is
# reported. Issue 6's goal: spadc >= 1.5x MLIR 22.
#
#   bash bench/mlir22_peer.sh            (make bench runs it)
#   ROUNDS=5 REPS=20 bash bench/mlir22_peer.sh
#
# spadc runs the function twice: "args" passes the weights in every call,
# as MLIR's @main does (the engine packs them in the call) -- the ratio
# compares that; "bound" binds them once (packed once), shown beside it.
# Needs mlir-22-tools (run_peer.sh apt-get installs it when missing).
# Output: build/bench/mlir22-<time>.txt and mlir22-latest.txt.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PEERS=$ROOT/build/peers
ROUNDS=${ROUNDS:-3}
REPS=${REPS:-10}
if [ ! -d "$PEERS" ]; then
  SRC=${PEERS_SRC:-$ROOT/../shared/peers}
  cp -r "$SRC" "$PEERS" && rm -rf "$PEERS/bin" "$PEERS/obj"
fi
[ -x "$ROOT/build/bench_mlp3" ] || make -s -C "$ROOT" all >/dev/null
OUT=$ROOT/build/bench
mkdir -p "$OUT"
LOG=$OUT/mlir22-$(date -u +%Y%m%d-%H%M%S).txt
MLIR_FILE=$PEERS/mlir22/src/mlp3_main.mlir
export OMP_NUM_THREADS=1

field() { sed -n "s/.*[ |]$1=\([^ ]*\).*/\1/p"; }
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR ? v[int((NR + 1) / 2)] : 0) }'; }

: > "$LOG"
for r in $(seq "$ROUNDS"); do
  echo "== round $r of $ROUNDS: MLIR 22 (run_peer.sh vec, REPS=$REPS)" >&2
  REPS=$REPS "$PEERS/mlir22/run_peer.sh" vec > "$LOG.mlir" 2>&1 || { cat "$LOG.mlir" >&2; exit 1; }
  # vector.print str leaves the value on the next line: join "name=" lines
  awk '/=$/ { printf "%s", $0; next } { print }' "$LOG.mlir" | sed "s/^/MLIR|$r|/" >> "$LOG"
  echo "== round $r of $ROUNDS: spadc (build/bench_mlp3, REPS=$REPS)" >&2
  "$ROOT/build/bench_mlp3" "$MLIR_FILE" --threads 1 --reps "$REPS" | sed "s/^/SPADC|$r|/" >> "$LOG"
done
rm -f "$LOG.mlir"

mlir_gf=$(grep '^MLIR|.*|GFLOPs=' "$LOG" | field GFLOPs | median)
mlir_bits=$(grep '^MLIR|.*|checksum_bits=' "$LOG" | field checksum_bits | sort -u | tr '\n' ' ')
args_gf=$(grep 'mode=args' "$LOG" | field GFLOPs | median)
bound_gf=$(grep 'mode=bound' "$LOG" | field GFLOPs | median)
spadc_bits=$(grep '^SPADC|' "$LOG" | field checksum_bits | sort -u | tr '\n' ' ')
{
  echo "3-layer MLP 256x1024x1024 f32 (3 x GEMM + bias + ReLU, 1.61 GFLOP a call), 1 thread,"
  echo "median of $ROUNDS alternating rounds of $REPS calls each ($(date -u '+%Y-%m-%d %H:%M UTC'), load $(cut -d' ' -f1-3 /proc/loadavg))"
  printf "  %-52s %7.1f GFLOP/s   checksum bits %s\n" "MLIR 22 (mlir-opt-22 vec schedule + mlir-runner-22)" "$mlir_gf" "$mlir_bits"
  printf "  %-52s %7.1f GFLOP/s   checksum bits %s\n" "spadc, weights as arguments (same problem)" "$args_gf" "$spadc_bits"
  printf "  %-52s %7.1f GFLOP/s\n" "spadc, weights bound (packed once)" "$bound_gf"
  awk -v a="$args_gf" -v b="$bound_gf" -v m="$mlir_gf" 'BEGIN {
    if (m <= 0) { print "  MLIR 22 gave no GFLOP/s figure"; exit 1 }
    printf "  ratio spadc / MLIR 22: %.2fx (goal >= 1.5x: %s); with bound weights %.2fx\n", a / m, (a / m >= 1.5 ? "MET" : "MISS"), b / m }'
  [ "$mlir_bits" = "$spadc_bits" ] && echo "  same result: checksum bits equal" || echo "  RESULTS DIFFER: checksum bits $mlir_bits vs $spadc_bits"
} | tee -a "$LOG"
cp "$LOG" "$OUT/mlir22-latest.txt"
echo "(log: $LOG)" >&2
