#!/usr/bin/env bash
# CTest python_install (issue 19's "done when"): in a fresh venv,
# `pip install ./python` builds libspadc.so with the system's compiler and
# installs the module; then the README's three lines, run from the checkout's
# root, print the same sum as `spadc run` on the same inputs (all ones).
# Needs PyPI (numpy, ml_dtypes, scikit-build-core); pip's cache makes a
# rerun quick. Not run in the sanitizer build (it builds its own library).
set -euo pipefail
[ "${SPADC_SANITIZE:-0}" = 1 ] && { echo "SKIPPED: the wheel builds its own (unsanitized) library"; exit 77; }
T=$SPADC_BUILD/python-install
rm -rf "$T"; mkdir -p "$T"
t0=$SECONDS
python3 -m venv "$T/venv"
"$T/venv/bin/pip" install -q --disable-pip-version-check "$SPADC_SRC/python" > "$T/pip.log" 2>&1 ||
  { cat "$T/pip.log"; echo "FAIL: pip install ./python"; exit 1; }
echo "pip install ./python into a fresh venv: $((SECONDS - t0)) s"
cd "$SPADC_SRC"
# the installed package, not python/ of the checkout
loc=$("$T/venv/bin/python" -c "import spadc, spadc._native as n; print(spadc.__file__, n.path)")
case $loc in *"$T/venv/"*"$T/venv/"*) ;; *) echo "FAIL: spadc imported from $loc"; exit 1;; esac
got=$("$T/venv/bin/python" -c "import spadc, numpy as np; p = spadc.compile('tests/corpus/seeds/ffn1_bert.mlir'); print(p(*[np.ones(a.shape, a.dtype) for a in p.inputs]).sum())")
# the CLI on the same inputs, summed the same way
"$T/venv/bin/python" -c "
import numpy as np
np.save('$T/x.npy', np.ones((512, 768), np.float32))
np.save('$T/w.npy', np.ones((768, 3072), np.float32))
np.save('$T/b.npy', np.ones((3072,), np.float32))"
"$SPADC" run tests/corpus/seeds/ffn1_bert.mlir --inputs "$T/x.npy,$T/w.npy,$T/b.npy" -o "$T/out" > "$T/run.txt"
want=$("$T/venv/bin/python" -c "import numpy as np; print(np.load('$T/out/result0.npy').sum())")
echo "python: $got; spadc run: $want"
[ "$got" = "$want" ] || { echo "FAIL: the sums differ"; exit 1; }
# the located error, as an exception
"$T/venv/bin/python" - <<'PY'
import spadc
try:
    spadc.compile("func.func @f() {\n  %x = arith.bogus\n}\n")
except spadc.InputError as e:
    assert e.line == 2 and e.status == 1, e
    print("error:", e)
else:
    raise SystemExit("FAIL: no InputError")
PY
echo PASS
