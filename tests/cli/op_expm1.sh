#!/usr/bin/env bash
# math.expm1, which the body program decomposes (passes/body.c) for the
# engines that have no instruction for it: known values (tiny, large,
# inf, NaN, signed zeros) on the cpu loop engine, the cpu GEMM epilogue,
# the npu and the reference, and --check against the reference.
exec python3 "$SPADC_SRC/tests/tools/unary_op.py" "$SPADC" expm1 'math.expm1(x)'
