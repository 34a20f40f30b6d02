#!/usr/bin/env bash
# sweep.sh - spadc-sweep's goals (issue 20; bench/sweep.py says what it
# measures) in tools/pyenv.sh's venv, which holds the sweep's packages.
#   bash bench/sweep.sh [--sub 64] [--rounds 2] [--skip-full]     (make bench runs it)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
[ -f "$ROOT/build/libspadc.so" ] || make -s -C "$ROOT" all >/dev/null
bash "$ROOT/tools/pyenv.sh"
mkdir -p "$ROOT/build/bench"
"${SPADC_PY_VENV:-$HOME/.cache/spadc-py}/bin/python" "$ROOT/bench/sweep.py" "$@" 2>&1 | tee "$ROOT/build/bench/sweep-latest.txt"
