#!/usr/bin/env bash
# The error machinery is base/'s alone (as only Lua's ldo.c touches
# errorJmp): no file outside src/base/ uses the jump buffer, setjmp or
# longjmp, or reads or writes the recorded error's fields; they go through
# sp_pcall, sp_throw, sp_set_error(_at), sp_error_message and
# sp_error_save/restore (base/ctx.h). And the includes have one style.
set -u
cd "$SPADC_SRC" || exit 1
pattern='(->|\.)jmp\b|\bsetjmp\b|\blongjmp\b|(->|\.)err\.|\b(ctx|c)(->|\.)err\b'
hits=$(grep -rnE "$pattern" src include --include='*.c' --include='*.h' | grep -v '^src/base/')
if [ -n "$hits" ]; then
  echo "FAIL: error internals outside src/base/:"; echo "$hits"; exit 1
fi
# the check itself still sees what it looks for
probe=$(printf 'x = ctx->err.msg;\nctx->jmp = &j;\nif (setjmp(j.buf)) {}\nsaved = ctx->err;\n' | grep -cE "$pattern")
[ "$probe" = 4 ] || { echo "FAIL: the pattern misses a probe ($probe of 4)"; exit 1; }
echo "error internals: only in src/base/"
# One include style: a header of the same folder as "x.h", of another folder
# as "folder/x.h" (src/ is on the include path), never "../folder/x.h".
bad=$(grep -rnE '#include "\.\./' src include --include='*.c' --include='*.h')
for d in src/*/; do
  f=$(basename "$d")
  bad+=$(grep -rnE "#include \"$f/" "$d" --include='*.c' --include='*.h')
done
[ -z "$bad" ] || { echo "FAIL: include style:"; echo "$bad"; exit 1; }
echo "includes: one style"
