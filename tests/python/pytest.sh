#!/usr/bin/env bash
# CTest python_pkg: the package's pytest suite (tests/python/test_*.py, not
# the torch tests: `make test-torch`) on this build's libspadc.so and spadc,
# in tools/pyenv.sh's venv. Under the sanitizer build the library needs the
# ASan/UBSan runtimes preloaded into python (which is not built with them);
# Python's own allocations are not ours, so leak checking is off there.
set -euo pipefail
VENV=${SPADC_PY_VENV:-$HOME/.cache/spadc-py}
PY=$VENV/bin/python
if ! "$PY" -c "import numpy, ml_dtypes, pytest" 2>/dev/null; then
  echo "pytest.sh: no venv with numpy, ml_dtypes and pytest at $VENV: run bash tools/pyenv.sh" >&2
  exit 1
fi
export PYTHONPATH=$SPADC_SRC/python SPADC_CLI=$SPADC
export SPADC_LIBRARY=${SPADC_LIBRARY:-$SPADC_BUILD/libspadc.so}
if [ "${SPADC_SANITIZE:-0}" = 1 ]; then
  # the build's own compiler's runtimes (gcc's or clang's: tests/tests.cmake)
  export LD_PRELOAD=${SPADC_SANITIZER_PRELOAD:-"$(gcc -print-file-name=libasan.so) $(gcc -print-file-name=libubsan.so)"}
  export ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1
fi
cd "$SPADC_BUILD"
exec "$PY" -m pytest -q -p no:cacheprovider "$SPADC_SRC/tests/python" --ignore="$SPADC_SRC/tests/python/torch" "$@"
