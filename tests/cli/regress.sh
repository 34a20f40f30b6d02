#!/usr/bin/env bash
# Replay the permanent difftest regressions in tests/regress/: each file's
# RUN lines (cpu/npu --check against the reference interpreter), its
# EXPECT-KERNELS line (the fused kernel count) and its ORACLE line
# (mlir-opt-22 + mlir-runner-22 print the same result as spadc's interpreter).
set -u
exec python3 "$SPADC_SRC/tools/difftest.py" --spadc "$SPADC" --replay "$SPADC_SRC/tests/regress"
