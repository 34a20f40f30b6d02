#!/usr/bin/env bash
# Output that cannot be written is an error, never exit 0 over lost output:
# every command with its standard output on /dev/full (or closed) exits 1
# with "spadc: error: writing standard output: REASON"; every output file
# (opt -o, plan --svg on both targets, run -o's .npy) past a 1 KiB file-size
# limit (EFBIG, as a full disk gives ENOSPC) exits 1 naming the file, and
# leaves no file, or the old one untouched, and no temporary beside it.
# Output paths that are a directory, in a missing directory or not a
# directory for run -o are located errors; /dev/null, links and file modes
# behave as with a plain fopen.
set -u
. "$SPADC_SRC/tests/tools/lib.sh"
D=$SPADC_SRC/tests/data C=$SPADC_CORPUS
F=$C/seeds/ffn1_bert.mlir
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0 n=0
# full CMD...: stdout on /dev/full
full() { "$@" >/dev/full; }
closed() { "$@" >&-; }
# limited CMD...: writing files past 1 KiB fails with EFBIG (SIGXFSZ ignored)
limited() { (trap '' XFSZ; ulimit -f 1; "$@"); }
no_tmp() { # no temporary left in DIR
  local left; left=$(find "$1" -name '*.tmp*')
  [ -z "$left" ] || { echo "FAIL: temporaries left: $left"; fail=1; }
}

# --- standard output
ENOSPC="spadc: error: writing standard output: No space left on device"
for args in "--help" "--version" "help" "check --help" "opt --help" "plan --help" "plan --target npu --help" \
  "run --help" "alloc --help" "opt $F" "opt $F --passes canonicalize,fuse" "plan $F" "plan $F --json" \
  "plan $F --target npu" "plan $F --target npu --json" "plan $F --target npu --program" "run $F" \
  "run $D/npy_arg.mlir --target ref" "run $F --target npu" "run $F --check"; do
  # shellcheck disable=SC2086
  expect_exact 1 "$ENOSPC" -- full "$SPADC" $args
done
# a closed stdout
expect_exact 1 "spadc: error: writing standard output: Bad file descriptor" -- closed "$SPADC" --version
expect_exact 1 "spadc: error: writing standard output: Bad file descriptor" -- closed "$SPADC" plan "$F" --json
# a command that prints nothing has lost nothing
expect_exact 0 "" -- full "$SPADC" check "$F"
# a command that fails after printing says both
expect_exact 1 "$tmp/r2/result0.npy: error: cannot write the .npy file: File too large
$ENOSPC" -- full limited "$SPADC" run "$F" -o "$tmp/r2"
# alloc reports its own write failure first (cmd_alloc.c); exit 1 either way
out=$("$SPADC" alloc "$C/external/minimalloc/A.1048576.csv" 2>&1 >/dev/full); rc=$?
n=$((n + 1))
[ $rc = 1 ] && grep -qx "$ENOSPC" <<<"$out" || { echo "FAIL alloc >/dev/full: exit $rc: $out"; fail=1; }

# --- output files past the size limit: nothing, or the old file, and no temporary
big=$C/mlir22/mlp3_main.mlir # opt prints 12 KB
mkdir "$tmp/o"
expect_exact 1 "$tmp/o/out.mlir: error: cannot write the output file: File too large" -- limited "$SPADC" opt "$big" -o "$tmp/o/out.mlir"
[ ! -e "$tmp/o/out.mlir" ] || { echo "FAIL: opt -o left a partial file"; fail=1; }
echo old >"$tmp/o/out.mlir"
expect_exact 1 "$tmp/o/out.mlir: error: cannot write the output file: File too large" -- limited "$SPADC" opt "$big" -o "$tmp/o/out.mlir"
[ "$(cat "$tmp/o/out.mlir")" = old ] || { echo "FAIL: opt -o changed the old file"; fail=1; }
expect_exact 1 "$tmp/o/cpu.svg: error: cannot write the SVG file: File too large" -- limited "$SPADC" plan "$F" --svg "$tmp/o/cpu.svg"
expect_exact 1 "$tmp/o/npu.svg: error: cannot write the SVG file: File too large" -- limited "$SPADC" plan "$F" --target npu --svg "$tmp/o/npu.svg"
[ ! -e "$tmp/o/cpu.svg" ] && [ ! -e "$tmp/o/npu.svg" ] || { echo "FAIL: plan --svg left a partial file"; fail=1; }
expect_exact 1 "$tmp/o/r/result0.npy: error: cannot write the .npy file: File too large" -- limited "$SPADC" run "$F" -o "$tmp/o/r"
[ ! -e "$tmp/o/r/result0.npy" ] || { echo "FAIL: run -o left a partial .npy"; fail=1; }
# the npu's trace, written as it runs, goes the same way (16 KiB of it once stayed)
expect_exact 1 "$tmp/o/t.json: error: cannot write the trace file: File too large" -- limited "$SPADC" run "$F" --target npu --trace "$tmp/o/t.json"
[ ! -e "$tmp/o/t.json" ] || { echo "FAIL: run --trace left a partial file"; fail=1; }
echo old >"$tmp/o/t.json"
expect_exact 1 "$tmp/o/t.json: error: cannot write the trace file: File too large" -- limited "$SPADC" run "$F" --target npu --trace "$tmp/o/t.json"
[ "$(cat "$tmp/o/t.json")" = old ] || { echo "FAIL: run --trace changed the old file"; fail=1; }
expect_exact 1 "/dev/full: error: cannot write the trace file: No space left on device" -- "$SPADC" run "$F" --target npu --trace /dev/full
expect_exact 1 "$tmp: error: cannot write the trace file: Is a directory" -- "$SPADC" run "$F" --target npu --trace "$tmp"
no_tmp "$tmp/o"
"$SPADC" run "$F" --target npu --trace "$tmp/o/t.json" >/dev/null && python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$tmp/o/t.json" ||
  { echo "FAIL: run --trace without the limit"; fail=1; }
# the same commands without the limit write the whole files
"$SPADC" opt "$big" -o "$tmp/o/out.mlir" && "$SPADC" opt "$big" | cmp -s - "$tmp/o/out.mlir" || { echo "FAIL: opt -o content"; fail=1; }
"$SPADC" plan "$F" --svg "$tmp/o/cpu.svg" >/dev/null && grep -q '</svg>' "$tmp/o/cpu.svg" || { echo "FAIL: plan --svg"; fail=1; }
no_tmp "$tmp/o"

# --- output paths
expect_exact 1 "$tmp: error: cannot write the output file: Is a directory" -- "$SPADC" opt "$F" -o "$tmp"
expect_exact 1 "$tmp/none/x.mlir: error: cannot write the output file: No such file or directory" -- "$SPADC" opt "$F" -o "$tmp/none/x.mlir"
expect_exact 1 "$tmp/o/out.mlir/x: error: cannot write the output file: Not a directory" -- "$SPADC" opt "$F" -o "$tmp/o/out.mlir/x"
expect_exact 1 "spadc: error: cannot write the output file: No such file or directory" -- "$SPADC" opt "$F" -o ""
expect_exact 1 "$tmp: error: cannot write the SVG file: Is a directory" -- "$SPADC" plan "$F" --svg "$tmp"
expect_exact 1 "$tmp/none/x.svg: error: cannot write the SVG file: No such file or directory" -- "$SPADC" plan "$F" --target npu --svg "$tmp/none/x.svg"
# run -o DIR is checked before the run: nothing printed, no time spent
out=$("$SPADC" run "$F" -o /dev/null 2>&1); rc=$?
n=$((n + 1))
[ $rc = 1 ] && [ "$out" = "/dev/null: error: not a directory (-o DIR writes DIR/result0.npy, ...)" ] ||
  { echo "FAIL run -o /dev/null: exit $rc: $out"; fail=1; }
expect_exact 1 "$tmp/o/out.mlir: error: not a directory (-o DIR writes DIR/result0.npy, ...)" -- "$SPADC" run "$F" -o "$tmp/o/out.mlir"
expect_exact 1 "$tmp/none/r: error: cannot create directory: No such file or directory" -- "$SPADC" run "$F" -o "$tmp/none/r"
# a device is written in place, not replaced: its errors are the file's
expect_exact 1 "/dev/full: error: cannot write the SVG file: No space left on device" -- "$SPADC" plan "$F" --svg /dev/full
mkdir -p "$tmp/r3/result0.npy"
expect_exact 1 "$tmp/r3/result0.npy: error: cannot write the .npy file: Is a directory" -- "$SPADC" run "$F" -o "$tmp/r3"
# /dev/null is written in place, not replaced
expect_exact 0 "" -- "$SPADC" opt "$F" -o /dev/null
[ -c /dev/null ] || { echo "FAIL: /dev/null is no longer a device"; fail=1; }
# a link: its target is written, the link stays (also when the target does not exist yet)
mkdir "$tmp/l"
ln -s sub/target.mlir "$tmp/l/link.mlir"; mkdir "$tmp/l/sub"
expect_exact 0 "" -- "$SPADC" opt "$F" -o "$tmp/l/link.mlir"
[ -L "$tmp/l/link.mlir" ] && [ -s "$tmp/l/sub/target.mlir" ] || { echo "FAIL: link replaced or target not written"; fail=1; }
expect_exact 0 "" -- "$SPADC" opt "$F" -o "$tmp/l/link.mlir"
[ -L "$tmp/l/link.mlir" ] || { echo "FAIL: link replaced on the second write"; fail=1; }
ln -s loop "$tmp/l/loop"
expect_exact 1 "$tmp/l/loop: error: cannot write the output file: Too many levels of symbolic links" -- "$SPADC" opt "$F" -o "$tmp/l/loop"
no_tmp "$tmp/l"
# modes: a new file as the umask says, an existing file keeps its mode
(umask 027; "$SPADC" opt "$F" -o "$tmp/l/new.mlir")
[ "$(stat -c %a "$tmp/l/new.mlir")" = 640 ] || { echo "FAIL: new file mode $(stat -c %a "$tmp/l/new.mlir"), want 640"; fail=1; }
chmod 604 "$tmp/l/new.mlir"
"$SPADC" opt "$F" -o "$tmp/l/new.mlir"
[ "$(stat -c %a "$tmp/l/new.mlir")" = 604 ] || { echo "FAIL: rewritten file mode $(stat -c %a "$tmp/l/new.mlir"), want 604"; fail=1; }
# a directory without write permission (root writes anyway: skipped as root)
if [ "$(id -u)" != 0 ]; then
  mkdir "$tmp/ro"; chmod 555 "$tmp/ro"
  expect_exact 1 "$tmp/ro/x.mlir: error: cannot write the output file: Permission denied" -- "$SPADC" opt "$F" -o "$tmp/ro/x.mlir"
  chmod 755 "$tmp/ro"
fi
echo "$n output checks"
exit $fail
