#!/usr/bin/env bash
# test_torch.sh - spadc.torch's tests (tests/python/torch) in a Python venv
# that holds the pins of tools/torch_requirements.txt (`make test-torch`).
#
#   bash tools/test_torch.sh [PYTEST ARGS...]     e.g. -k dynamo -x
#   VENV=DIR          the venv (default ~/.cache/spadc-venv; made with
#                     python3 -m venv when missing)
#   TORCH_INDEX_URL=U install torch from that index (PyTorch's CPU-only
#                     wheels: https://download.pytorch.org/whl/cpu) instead
#                     of PyPI's default wheel, which pulls several GB of CUDA
#                     libraries
#   SPADC_LIBRARY=P   the libspadc.so to test (default: the checkout's
#                     build/libspadc.so, built with `make` when missing)
#
# torch, torch-mlir and numpy are installed at the versions
# tools/torch_requirements.txt pins, ml_dtypes and pytest at its test pins,
# each only when missing or at another version (a local suffix such as
# +cu132 counts as the pin); the time each install takes is printed. torch-mlir
# comes from PyPI or, failing that, from its nightly wheels' release page.
#
# Cost on the 2-core host (2026-11): the tests ~25 s (pytest 21 s, 20 tests).
# A fresh venv (VENV=/tmp/tt-venv, empty pip cache): 2 min 40 s in all, of
# it the installs numpy 8 s, torch's default wheel (CUDA libraries) 108 s,
# torch-mlir 12 s, ml_dtypes 2 s, pytest 4 s.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
VENV=${VENV:-$HOME/.cache/spadc-venv}
REQ=$ROOT/tools/torch_requirements.txt
LOGS=${TMPDIR:-/tmp}/spadc-test-torch.$$
pin() {
  local v
  v=$(sed -n "s/^$1==\([^ ]*\).*/\1/p" "$REQ" | head -1)
  [ -n "$v" ] || { echo "test_torch.sh: $REQ pins no $1" >&2; exit 2; }
  echo "$v"
}
TORCH_PIN=$(pin torch)
TORCH_MLIR_PIN=$(pin torch-mlir)
NUMPY_PIN=$(pin numpy)
ML_DTYPES_PIN=$(pin ml_dtypes)
PYTEST_PIN=$(pin pytest)
TORCH_MLIR_WHEELS=https://github.com/llvm/torch-mlir-release/releases/expanded_assets/dev-wheels

if [ -z "${SPADC_LIBRARY:-}" ]; then
  SPADC_LIBRARY=$ROOT/build/libspadc.so
  [ -f "$SPADC_LIBRARY" ] || make -s -C "$ROOT" all >/dev/null || { echo "test_torch.sh: make failed" >&2; exit 1; }
fi
[ -f "$SPADC_LIBRARY" ] || { echo "test_torch.sh: no $SPADC_LIBRARY" >&2; exit 1; }

if [ ! -x "$VENV/bin/python" ]; then
  echo "== making the venv $VENV" >&2
  python3 -m venv "$VENV" || { echo "test_torch.sh: python3 -m venv $VENV failed" >&2; exit 1; }
fi
mkdir -p "$LOGS"

# have DIST: its installed version, without a local suffix ("" when missing)
have() {
  local v
  v=$("$VENV/bin/python" -c "import importlib.metadata as m; print(m.version('$1'))" 2>/dev/null)
  echo "${v%%+*}"
}

# ensure DIST VERSION PIP-ARGS...: pip install PIP-ARGS unless DIST is at VERSION
ensure() {
  local dist=$1 want=$2; shift 2
  local now
  now=$(have "$dist")
  [ "$now" = "$want" ] && return 0
  echo "== installing $dist==$want into $VENV (have: ${now:-none})" >&2
  local t0=$SECONDS log=$LOGS/install-$dist.log
  if "$VENV/bin/pip" install "$@" >"$log" 2>&1 && [ "$(have "$dist")" = "$want" ]; then
    echo "install $dist==$want: $((SECONDS - t0)) s" >&2
    return 0
  fi
  echo "install $dist==$want: FAILED after $((SECONDS - t0)) s: $(grep -m1 '^ERROR' "$log" || tail -1 "$log") (log: $log)" >&2
  return 1
}

ok=1
ensure numpy "$NUMPY_PIN" "numpy==$NUMPY_PIN" || ok=0
if [ -n "${TORCH_INDEX_URL:-}" ]; then
  ensure torch "$TORCH_PIN" "torch==$TORCH_PIN" --index-url "$TORCH_INDEX_URL" || ok=0
else
  ensure torch "$TORCH_PIN" "torch==$TORCH_PIN" || ok=0
fi
ensure torch-mlir "$TORCH_MLIR_PIN" "torch-mlir==$TORCH_MLIR_PIN" ||
  ensure torch-mlir "$TORCH_MLIR_PIN" "torch-mlir==$TORCH_MLIR_PIN" -f "$TORCH_MLIR_WHEELS" || ok=0
ensure ml_dtypes "$ML_DTYPES_PIN" "ml_dtypes==$ML_DTYPES_PIN" || ok=0
ensure pytest "$PYTEST_PIN" "pytest==$PYTEST_PIN" || ok=0
[ $ok = 1 ] || { echo "test_torch.sh: the venv $VENV lacks a pin (above); not testing" >&2; exit 1; }
rm -rf "$LOGS"

cd "$ROOT" || exit 1
t0=$SECONDS
PYTHONPATH=$ROOT/python${PYTHONPATH:+:$PYTHONPATH} SPADC_LIBRARY=$SPADC_LIBRARY \
  "$VENV/bin/python" -m pytest -q -p no:cacheprovider tests/python/torch "$@"
rc=$?
echo "test_torch.sh: pytest $((SECONDS - t0)) s (exit $rc)" >&2
exit $rc
