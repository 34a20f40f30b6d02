#!/usr/bin/env bash
# The error machinery is base/'s alone (as only Lua's ldo.c touches
# errorJmp): no file outside src/base/ uses the jump buffer, setjmp or
# longjmp, or reads or writes the recorded error's fields; they go through
# sp_pcall, sp_throw, sp_set_error(_at), sp_error_message and
# sp_error_save/restore (base/ctx.h). The includes have one style, and
# follow the layering table below (a backend never includes the other).
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
# The layering: which folders a folder's files may include (the pipeline of
# README's tour: mlir/ reads into ir/, passes/ make kernels, plan/ places
# buffers, exec/ runs a program through a backend's hooks, cpu/ and npu/ are
# backends that never include each other, api/ is the one door, cli/ uses
# the door). include/spadc.h is every folder's. cli/'s one exception is
# `spadc alloc`, the offset planner's own bench on MiniMalloc instances
# (plan/ is its subject, not a compiler stage behind the door); a new one
# fails here.
declare -A allowed=(
  [base]=""
  [ir]="base"
  [mlir]="base ir"
  [io]="base ir"
  [interp]="base ir"
  [passes]="base ir"
  [plan]="base"
  [exec]="base ir interp io passes plan"
  [cpu]="base ir interp passes plan exec"
  [npu]="base ir interp io passes plan exec"
  [api]="base ir mlir io interp passes plan exec cpu npu"
  [cli]="base"
)
declare -A except=(
  [src/cli/cmd_alloc.c]="plan"
)
# may FILE include a header of folder TO?
may_include() {
  local file=$1 to=$2 from
  from=$(basename "$(dirname "$file")")
  [ "$from" = "$to" ] && return 0
  [[ " ${allowed[$from]-} ${except[$file]-} " == *" $to "* ]]
}
[ "${#allowed[@]}" = "$(find src -mindepth 1 -maxdepth 1 -type d | wc -l)" ] ||
  { echo "FAIL: a folder of src/ has no line in the layering table"; exit 1; }
bad=
while IFS=: read -r file line inc; do
  to=$(sed -E 's/.*#include "([a-z_]+)\/.*/\1/' <<<"$inc")
  [ -n "${allowed[$to]+x}" ] || continue # not a folder of src/ (a system path)
  may_include "$file" "$to" || bad+="$file:$line: includes $to/ ($(sed -E 's/.*"(.*)".*/\1/' <<<"$inc"))"$'\n'
done < <(grep -rnE '#include "[a-z_]+/' src --include='*.c' --include='*.h')
[ -z "$bad" ] || { echo "FAIL: includes across the layering:"; printf '%s' "$bad"; exit 1; }
# the check itself sees a backend including the other one, and the CLI
# reaching past the door
may_include src/cpu/backend.c npu && { echo "FAIL: the layering check lets cpu/ include npu/"; exit 1; }
may_include src/npu/emit.c cpu && { echo "FAIL: the layering check lets npu/ include cpu/"; exit 1; }
may_include src/cli/main.c exec && { echo "FAIL: the layering check lets cli/ include exec/"; exit 1; }
may_include src/cpu/backend.c exec || { echo "FAIL: the layering check refuses cpu/ -> exec/"; exit 1; }
# a front door asks what a target is (spadc_target_info_of, api/targets.c's
# table); it compares no target names (issue 31: "no front door compares
# target names")
names=$(grep -nE '(strn?cmp|==)[^;]*"(cpu|npu|ref|npu=)"' src/cli/*.c src/api/spadc.c python/spadc/*.py |
  grep -i 'target' || true)
# ... and the check sees one
grep -qE '(strn?cmp|==)[^;]*"(cpu|npu|ref|npu=)"' <<<'if (!strcmp(o->target, "ref"))' ||
  { echo "FAIL: the target-name check misses a comparison"; exit 1; }
[ -z "$names" ] || { echo "FAIL: a front door compares target names:"; echo "$names"; exit 1; }
echo "layering: every include follows the table"
