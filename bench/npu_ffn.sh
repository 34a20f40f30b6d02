#!/usr/bin/env bash
# npu_ffn.sh - the npu target on BERT's feed-forward block: simulated cycles
# against the roofline bound (max of compute, vector and the DMA of the
# minimum bytes, per kernel) and DMA bytes against the minimum (every
# operand read once, every result written once), on the TPUv3 machine at
# the full and at half the scratchpad (PyTorchSim's spad/2 rule), next to
# PyTorchSim's own FFN1 tile (256,3072,384) at half the scratchpad.
#   bash bench/npu_ffn.sh [SPADC]        (default build/spadc)
set -u
S=${1:-${SPADC:-build/spadc}}
R=$(cd "$(dirname "$0")/.." && pwd)
C=$R/tests/corpus/seeds
printf '%-34s %-7s %-14s %10s %10s %6s %12s %12s %6s\n' case budget tile cycles roofline x dma_bytes minimum x
row() { # row NAME FILE BUDGET [extra args...]
  local name=$1 f=$2 b=$3; shift 3
  out=$("$S" run "$f" --target npu --budget "$b" "$@" --threads 2 2>&1) || { echo "$name: failed"; echo "$out" | tail -3; return; }
  while read -r line; do
    k=$(sed -E 's/^npu (k[0-9]+):.*/\1/' <<<"$line")
    tile=$(sed -E 's/.*tile ([0-9x]+),.*/\1/' <<<"$line")
    cyc=$(sed -E 's/.*B\/lane; ([0-9]+) cycles.*/\1/' <<<"$line")
    roof=$(sed -E 's/.*roofline ([0-9]+) .*/\1/' <<<"$line")
    dma=$(sed -E 's/.*DMA ([0-9]+) bytes.*/\1/' <<<"$line")
    min=$(sed -E 's/.*minimum ([0-9]+)\).*/\1/' <<<"$line")
    printf '%-34s %-7s %-14s %10s %10s %6.3f %12s %12s %6.3f\n' "$name $k" "$b" "$tile" "$cyc" "$roof" \
      "$(echo "$cyc / $roof" | bc -l)" "$dma" "$min" "$(echo "$dma / $min" | bc -l)"
  done < <(grep '^npu k[0-9]*: tile' <<<"$out")
  tot=$(grep '^npu total:' <<<"$out")
  cyc=$(sed -E 's/^npu total: ([0-9]+) cycles.*/\1/' <<<"$tot")
  roof=$(sed -E 's/.*roofline ([0-9]+) .*/\1/' <<<"$tot")
  dma=$(sed -E 's/.*DMA ([0-9]+) bytes.*/\1/' <<<"$tot")
  min=$(sed -E 's/.*minimum ([0-9]+)\).*/\1/' <<<"$tot")
  printf '%-34s %-7s %-14s %10s %10s %6.3f %12s %12s %6.3f\n' "$name total" "$b" "" "$cyc" "$roof" \
    "$(echo "$cyc / $roof" | bc -l)" "$dma" "$min" "$(echo "$dma / $min" | bc -l)"
}
row "FFN1 512x3072x768" "$C/ffn1_bert.mlir" 1
row "FFN1 512x3072x768" "$C/ffn1_bert.mlir" 0.5
row "FFN1, PyTorchSim's tile" "$C/ffn1_bert.mlir" 0.5 --tile 256,3072,384
row "BERT FFN block" "$C/bert_ffn_block.mlir" 1
row "BERT FFN block" "$C/bert_ffn_block.mlir" 0.5
