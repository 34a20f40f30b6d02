#!/usr/bin/env bash
# plan --target npu --svg draws the npu plan: the file is well-formed XML
# with one panel per npu kernel plus the DRAM arena, exactly one
# <rect class="buf"> per planned buffer (every kernel buffer plus every
# arena buffer that plan --target npu --json reports), each with a size and
# a title, budget and peak-live lines in every kernel panel; and headless
# Chromium renders it to a PNG that is not blank (exit 77, skipped, only
# when Chromium is missing).
set -u
. "$SPADC_SRC/tests/tools/lib.sh"
C=$SPADC_CORPUS Y=$SPADC_CORPUS/external/pytorchsim
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
check_svg npu ffn1 "$C/seeds/ffn1_bert.mlir" --target npu --budget 0.5
check_svg npu ffn1_forced "$C/seeds/ffn1_bert.mlir" --target npu --budget 0.5 --tile 256,3072,384
check_svg npu block "$C/seeds/bert_ffn_block.mlir" --target npu
check_svg npu mlp3 "$C/mlir22/mlp3_main.mlir" -e mlp3 --target "npu=$Y/systolic_ws_8x8_c1_simple_noc.yml"
check_svg npu zoo "$C/mlir22/ops_zoo.mlir" --target npu
# an unwritable path is a located error
out=$("$SPADC" plan "$C/seeds/ffn1_bert.mlir" --target npu --svg "$tmp/none/x.svg" 2>&1); rc=$?
[ $rc = 1 ] && grep -q "cannot write the SVG file" <<<"$out" || { echo "FAIL unwritable svg: exit $rc: $out"; fail=1; }
# render one in a browser
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then echo "SKIP: chromium is not installed (tools/deps.sh installs it)"; [ $fail = 0 ] && exit 77; exit $fail; fi
render_not_blank "$browser" "$tmp/block.svg" 1100,1050 || fail=1
exit $fail
