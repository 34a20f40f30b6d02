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
# as its path under src/ ("folder/x.h", "cpu/loop/loop.h": src/ is on the
# include path), never "../folder/x.h".
bad=$(grep -rnE '#include "\.\./' src include --include='*.c' --include='*.h')
while IFS=: read -r file line inc; do
  p=$(sed -E 's/.*#include "(.*)".*/\1/' <<<"$inc")
  [ "$(dirname "$p")" = "$(dirname "${file#src/}")" ] && bad+="$file:$line:$inc"$'\n'
done < <(grep -rnE '#include "[a-z_0-9]+/' src --include='*.c' --include='*.h')
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
# may FILE include a header of folder TO? (FILE's folder: the one under src/)
may_include() {
  local file=$1 to=$2 from
  from=$(cut -d/ -f2 <<<"$file")
  [ "$from" = "$to" ] && return 0
  [[ " ${allowed[$from]-} ${except[$file]-} " == *" $to "* ]]
}
# cpu/'s inner walls (BLIS's frame and kernels): cpu/*.c is the frame (the
# backend's hooks, lowering, each kernel kind's plan and run), which may
# include every part; below it kernels/ (the microkernels per ISA, their
# sets and packing), gemm/ (the loops around them and the blocking),
# epilogue/ (the program a kernel applies to its tile), loop/ (the loop
# engine), attn/ (fused attention), conv/ (convolution windows) include
# only the parts listed and, of the frame's headers, cpu.h. loop_window.c's
# one exception: the frame's pad helpers (cb_pad_value, cb_is_f32_const)
# for a pool's folded pad.
declare -A cpu_allowed=(
  [kernels]="epilogue"
  [gemm]="kernels epilogue"
  [epilogue]=""
  [loop]="epilogue"
  [attn]="kernels epilogue"
  [conv]="kernels epilogue"
)
declare -A cpu_except=(
  [src/cpu/loop/loop_window.c]="backend_impl.h"
)
# may cpu/ FILE include cpu/ header PATH (its path under src/)?
cpu_may_include() {
  local file=$1 path=$2 from to
  from=$(cut -d/ -f3 <<<"$file")
  [[ $from == *.[ch] ]] && return 0 # the frame
  to=$(cut -d/ -f2 <<<"$path")
  if [[ $to == *.h ]]; then # a frame header
    [ "$to" = cpu.h ] || [[ " ${cpu_except[$file]-} " == *" $to "* ]]
    return
  fi
  [ "$from" = "$to" ] || [[ " ${cpu_allowed[$from]-} " == *" $to "* ]]
}
# every folder of src/ and of src/cpu/ has its line
for t in "allowed src" "cpu_allowed src/cpu"; do
  read -r table dir <<<"$t"
  declare -n rows=$table
  [ "${#rows[@]}" = "$(find "$dir" -mindepth 1 -maxdepth 1 -type d | wc -l)" ] ||
    { echo "FAIL: a folder of $dir/ has no line in its table ($table)"; exit 1; }
done
# every include "folder/...": the folders' table; within cpu/ also its walls
bad=
while IFS=: read -r file line inc; do
  p=$(sed -E 's/.*#include "(.*)".*/\1/' <<<"$inc")
  [[ $p == */* ]] || p=$(dirname "${file#src/}")/$p # its own folder's
  to=${p%%/*}
  [ -n "${allowed[$to]+x}" ] || continue # not a folder of src/ (a system path)
  may_include "$file" "$to" || bad+="$file:$line: includes $to/ ($p)"$'\n'
  [[ $file == src/cpu/* && $to == cpu ]] && ! cpu_may_include "$file" "$p" &&
    bad+="$file:$line: crosses cpu/'s inner walls ($p)"$'\n'
done < <(grep -rnE '#include "[a-z_0-9/]+\.h"' src --include='*.c' --include='*.h')
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
# ... and the check sees a kernel reaching into the frame or the loop engine
cpu_may_include src/cpu/kernels/sgemm_avx2.c cpu/backend_impl.h && { echo "FAIL: cpu/kernels/ may include the frame"; exit 1; }
cpu_may_include src/cpu/kernels/sgemm_avx2.c cpu/loop/loop.h && { echo "FAIL: cpu/kernels/ may include cpu/loop/"; exit 1; }
cpu_may_include src/cpu/backend.c cpu/loop/loop.h || { echo "FAIL: the frame may not include cpu/loop/"; exit 1; }
echo "cpu/: every include follows its inner walls"
