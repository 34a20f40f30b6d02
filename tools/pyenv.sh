#!/usr/bin/env bash
# Make (or check) the Python venv the package's tests run in: numpy,
# ml_dtypes and pytest at tools/py_requirements.txt's pins, from PyPI. Run by
# `make test` and `make check` before CTest; a no-op when the venv has them.
#   SPADC_PY_VENV=DIR   the venv (default ~/.cache/spadc-py; never inside the checkout)
# Needs python3 with its venv module (Debian: python3-venv, tools/deps.sh).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
VENV=${SPADC_PY_VENV:-$HOME/.cache/spadc-py}
REQ=$ROOT/tools/py_requirements.txt
want=$(grep -v '^#' "$REQ" | grep . | sort | tr '\n' ' ')
if [ -x "$VENV/bin/python" ]; then
  have=$("$VENV/bin/python" - "$REQ" <<'PY' 2>/dev/null || true
import sys, importlib.metadata as m
out = []
for line in open(sys.argv[1]):
    line = line.strip()
    if line and not line.startswith("#"):
        name = line.split("==")[0]
        try:
            out.append("%s==%s" % (name, m.version(name)))
        except m.PackageNotFoundError:
            pass
print(" ".join(sorted(out)) + " ")
PY
)
  [ "$have" = "$want" ] && exit 0
else
  python3 -m venv "$VENV"
fi
echo "pyenv: installing ${want}into $VENV" >&2
t0=$SECONDS
"$VENV/bin/pip" install -q --disable-pip-version-check -r "$REQ"
echo "pyenv: done in $((SECONDS - t0)) s" >&2
