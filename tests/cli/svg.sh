#!/usr/bin/env bash
# plan --svg draws the plan: the file is well-formed XML with exactly one
# <rect class="buf"> per planned buffer (every kernel buffer with bytes plus
# every arena buffer that plan --json reports), and headless Chromium renders
# it to a PNG that is not blank.
set -u
. "$SPADC_SRC/tests/tools/lib.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
check_svg cpu mlp3 "$SPADC_CORPUS/mlir22/mlp3_main.mlir" -e mlp3
check_svg cpu ffn "$SPADC_CORPUS/seeds/bert_ffn_block.mlir"
check_svg cpu zoo "$SPADC_CORPUS/mlir22/ops_zoo.mlir"
# render one in a browser
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then echo "FAIL: chromium is not installed (tools/deps.sh installs it)"; exit 1; fi
render_not_blank "$browser" "$tmp/mlp3.svg" 1100,700 || fail=1
exit $fail
