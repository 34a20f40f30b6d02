#!/usr/bin/env bash
# run --inputs reads .npy files as numpy writes them and refuses the rest
# with exit 1 and a message naming the file and what is wrong with it: a
# directory, an empty file, a duplicated or unknown header key, a malformed
# fortran_order (True stays "not supported"), bad shapes, junk after the
# header dict, a header or data shorter than announced.
set -u
. "$SPADC_SRC/tests/tools/lib.sh"
D=$SPADC_SRC/tests/data
P=$D/npy_arg.mlir # @double(tensor<2x3xf32>)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0 n=0
# mknpy FILE DICT [DATA-BYTES [VERSION]]: a .npy as np.save lays it out
# (header padded with spaces to 64 bytes, ending in a newline), data 1.0f.
mknpy() {
  python3 - "$@" <<'PY'
import struct, sys
path, d = sys.argv[1], sys.argv[2]
nbytes = int(sys.argv[3]) if len(sys.argv) > 3 else 24
v = int(sys.argv[4]) if len(sys.argv) > 4 else 1
pre = 10 if v == 1 else 12
h = d.encode("latin1")
hl = len(h) + 1
hl += (-(pre + hl)) % 64
h = h + b" " * (hl - len(h) - 1) + b"\n"
with open(path, "wb") as f:
    f.write(b"\x93NUMPY" + bytes([v, 0]) + (struct.pack("<H", hl) if v == 1 else struct.pack("<I", hl)))
    f.write(h)
    f.write((struct.pack("<f", 1.0) * (nbytes // 4 + 1))[:nbytes])
PY
}
run_in() { "$SPADC" run "$P" --target ref --inputs "$1"; }

# good files: numpy's spellings
mknpy "$tmp/ok.npy" "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }"
out=$(run_in "$tmp/ok.npy") && grep -q '^result0: tensor<2x3xf32> sum=12 min=2 max=2$' <<<"$out" || { echo "FAIL ok.npy: $out"; fail=1; }
mknpy "$tmp/ok2.npy" '{"shape": (2, 3), "descr": "<f4", "fortran_order": False}' 24 2
out=$(run_in "$tmp/ok2.npy") && grep -q 'sum=12 ' <<<"$out" || { echo "FAIL ok2.npy (v2, double quotes, other order): $out"; fail=1; }
n=$((n + 2))

bad() { # bad NAME DICT MESSAGE [DATA-BYTES]
  mknpy "$tmp/$1.npy" "$2" "${4:-24}"
  expect_exact 1 "$tmp/$1.npy: error: $3" -- run_in "$tmp/$1.npy"
}
bad dup_descr "{'descr': '<f4', 'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }" \
  "duplicate key 'descr' in the header"
bad dup_shape "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), 'shape': (6,), }" \
  "duplicate key 'shape' in the header"
bad flase "{'descr': '<f4', 'fortran_order': Flase, 'shape': (2, 3), }" \
  "malformed 'fortran_order' value 'Flase': expected True or False"
bad fortran "{'descr': '<f4', 'fortran_order': True, 'shape': (2, 3), }" \
  "Fortran-order arrays are not supported (save with np.ascontiguousarray)"
bad unknown_key "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), 'extra': 1}" \
  "unexpected key 'extra' in the header (a .npy header has 'descr', 'fortran_order' and 'shape')"
bad no_shape "{'descr': '<f4', 'fortran_order': False}" "header has no 'shape'"
bad negative "{'descr': '<f4', 'fortran_order': False, 'shape': (-2, 3), }" "'shape' has a negative dimension"
bad not_tuple "{'descr': '<f4', 'fortran_order': False, 'shape': (6), }" \
  "malformed 'shape' value: expected a tuple of non-negative integers such as (2, 3) or (4,)"
bad huge_dim "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 99999999999999999999), }" \
  "dimension too large in 'shape'"
bad junk "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), } # comment" \
  "malformed header: '# comment' after the closing '}' at byte 60"
bad dtype "{'descr': '<c8', 'fortran_order': False, 'shape': (2, 3), }" "unsupported dtype ('<c8')"
bad short_data "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }" "truncated data: 20 of 24 bytes" 20
bad claims_16g "{'descr': '<f4', 'fortran_order': False, 'shape': (65536, 65536), }" \
  "truncated data: 24 of 17179869184 bytes"
# the header runs past the end of the file
mknpy "$tmp/full.npy" "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }" 0
head -c 40 "$tmp/full.npy" >"$tmp/cut.npy"
expect_exact 1 "$tmp/cut.npy: error: truncated header: the preamble says 118 bytes, the file holds 30" -- run_in "$tmp/cut.npy"
# not .npy files at all
: >"$tmp/empty.npy"
expect_exact 1 "$tmp/empty.npy: error: not a .npy file (empty)" -- run_in "$tmp/empty.npy"
expect_exact 1 "$P: error: not a .npy file (bad magic)" -- run_in "$P"
expect_exact 1 "/dev/null: error: not a .npy file (empty)" -- run_in /dev/null
mkdir "$tmp/dir.npy"
expect_exact 1 "$tmp/dir.npy: error: cannot open file: Is a directory" -- run_in "$tmp/dir.npy"
expect_exact 1 "$tmp/none.npy: error: cannot open file: No such file or directory" -- run_in "$tmp/none.npy"
# a good file of another shape is still compared with the argument
mknpy "$tmp/shape6.npy" "{'descr': '<f4', 'fortran_order': False, 'shape': (6,), }"
expect_exact 1 "spadc: error: $tmp/shape6.npy holds tensor<6xf32>, argument #0 of '@double' is tensor<2x3xf32>" -- run_in "$tmp/shape6.npy"
expect_exact 2 "spadc: error: --inputs: file name #0 is empty or too long" -- "$SPADC" run "$P" --inputs ""
echo "$n .npy input checks"
exit $fail
