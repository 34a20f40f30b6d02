#!/usr/bin/env bash
# The npu against real TPUv3 silicon (issue 30): bench/silicon.sh's table
# on the committed calibration corpus (tests/corpus/silicon/, torch-mlir's
# exports of the ten workloads of ../shared/notes/tpuv3-silicon.md; no torch
# needed). Asserts that every workload (and the channels_last variants)
# plans with every kernel on the npu and simulates, that run's cycles equal
# plan's estimate for every kernel and in total, that the corpus holds its
# weights as arguments (no dense constants), and that spadc's mean absolute
# error over the ten rows is at most MAE_MAX.
#
# MAE_MAX: 1426.5% measured on 2026-11-28 (the convolutions +544% and
# +13436%); 35.1% once convolutions ran as implicit GEMMs (conv 56x56x64
# -59.6%, 14x14x256 -7.5%); 41.4% with the row-wise kernels, pools and the
# fused column-softmax attention (each one pass over DRAM: attention
# -75.2%, layernorm -66.8%, softmax -61.4%); 32.4% with the DRAM sustaining
# 0.7 of its peak (spadc_dram_efficiency); 29.7% with its 290 ns latency
# (spadc_dram_latency_ns). Issue 30 lowers it (its goal: <= 10% over all
# 22 workloads): tighten this with every model change that improves the
# table, never loosen it to pass.
MAE_MAX=30
#
# Cost (2026-11, 2-core host, RelWithDebInfo): 11-13 s, of it the two NCHW
# convolutions' simulations 2-4 s each and their channels_last variants the
# same; everything else under 1 s.
set -u
C=$SPADC_CORPUS/silicon
fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

n=$(find "$C" -maxdepth 1 -name "*.mlir" | wc -l)
rows=$(($(wc -l <"$C/workloads.csv") - 1))
[ "$rows" = 10 ] || { echo "FAIL workloads.csv has $rows rows, not 10"; fail=1; }
[ "$n" -ge 10 ] || { echo "FAIL $n workload files in $C"; fail=1; }
if grep -l 'dense<"0x\|dense_resource' "$C"/*.mlir; then
  echo "FAIL the files above hold dense constants (weights must be arguments)"; fail=1
fi

SILICON_OUT=$tmp bash "$SPADC_SRC/bench/silicon.sh" --mae-max "$MAE_MAX" "$SPADC"; rc=$?
[ $rc = 0 ] || { echo "FAIL bench/silicon.sh exit $rc"; fail=1; }
exit $fail
