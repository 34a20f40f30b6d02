#!/usr/bin/env bash
# CTest python_install (issue 19's "done when"): in a fresh venv,
# `pip install ./python` builds libspadc.so with the system's compiler and
# installs the module and the `spadc` command; then the README's three
# lines, run from the checkout's root, print the same sum as `spadc run` on
# the same inputs (all ones), and the installed `spadc` and `python -m spadc`
# are the CLI (the same version, results, plans and exit codes).
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
# the command comes with the package: bin/spadc is the CLI the wheel built,
# and `python -m spadc` runs its copy in the package (spadc/bin/spadc), with
# its output and exit codes
[ -x "$T/venv/bin/spadc" ] || { echo "FAIL: pip install did not install the spadc command"; exit 1; }
# the command itself, not a Python script in front of it (0.4 s of imports a call)
[ "$(head -c 4 "$T/venv/bin/spadc" | tail -c 3)" = ELF ] || { echo "FAIL: bin/spadc is not the C program"; exit 1; }
exe=$("$T/venv/bin/python" -c "import spadc.__main__ as m; print(m.executable())")
case $exe in "$T/venv/"*/spadc/bin/spadc) ;; *) echo "FAIL: the command runs $exe, not the package's"; exit 1;; esac
v1=$("$T/venv/bin/spadc" --version); v2=$("$T/venv/bin/python" -m spadc --version); v3=$("$SPADC" --version)
[ "$v1" = "$v3" ] && [ "$v2" = "$v3" ] || { echo "FAIL: --version: '$v1' / '$v2', build/spadc '$v3'"; exit 1; }
"$T/venv/bin/spadc" run tests/corpus/seeds/ffn1_bert.mlir --inputs "$T/x.npy,$T/w.npy,$T/b.npy" -o "$T/out2" > /dev/null
cmp "$T/out/result0.npy" "$T/out2/result0.npy" || { echo "FAIL: the installed command's result differs"; exit 1; }
plan=$(cd "$T" && "$T/venv/bin/python" -m spadc plan "$SPADC_SRC/tests/corpus/seeds/ffn1_bert.mlir" --target npu)
want=$("$SPADC" plan "$SPADC_SRC/tests/corpus/seeds/ffn1_bert.mlir" --target npu)
[ "$plan" = "$want" ] ||
  { echo "FAIL: python -m spadc plan differs from build/spadc plan"; exit 1; }
rc=0; "$T/venv/bin/spadc" check "$T/missing.mlir" 2> /dev/null || rc=$?
[ "$rc" = 1 ] || { echo "FAIL: spadc check MISSING exited $rc, not 1"; exit 1; }
rc=0; "$T/venv/bin/python" -m spadc run --bogus-flag 2> /dev/null || rc=$?
[ "$rc" = 2 ] || { echo "FAIL: python -m spadc run --bogus-flag exited $rc, not 2"; exit 1; }
echo "spadc and python -m spadc: $v1"
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
