#!/usr/bin/env bash
# plan --svg draws the plan: the file is well-formed XML with exactly one
# <rect class="buf"> per planned buffer (every kernel buffer with bytes plus
# every arena buffer that plan --json reports), and headless Chromium renders
# it to a PNG that is not blank.
set -u
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
check_svg() { # check_svg NAME PLAN-ARGS...
  local name=$1; shift
  "$SPADC" plan "$@" --svg "$tmp/$name.svg" >/dev/null || { echo "FAIL $name: plan --svg exit $?"; fail=1; return; }
  "$SPADC" plan "$@" --json >"$tmp/$name.json" || { echo "FAIL $name: plan --json"; fail=1; return; }
  python3 - "$tmp/$name.svg" "$tmp/$name.json" <<'PY' || fail=1
import json, sys, xml.etree.ElementTree as ET
svg, plan = ET.parse(sys.argv[1]), json.load(open(sys.argv[2]))
ns = "{http://www.w3.org/2000/svg}"
rects = [r for r in svg.iter(ns + "rect") if r.get("class") == "buf"]
want = sum(1 for k in plan["kernels"] for b in k["buffers"] if b["bytes"] > 0) + len(plan["program"]["buffers"])
if len(rects) != want or want == 0:
    sys.exit("FAIL %s: %d buffer rectangles, the plan has %d buffers" % (sys.argv[1], len(rects), want))
for r in rects:
    if float(r.get("width")) <= 0 or float(r.get("height")) <= 0 or r.find(ns + "title") is None:
        sys.exit("FAIL %s: a rectangle without size or title" % sys.argv[1])
PY
}
check_svg mlp3 "$SPADC_CORPUS/mlir22/mlp3_main.mlir" -e mlp3
check_svg ffn "$SPADC_CORPUS/seeds/bert_ffn_block.mlir"
check_svg zoo "$SPADC_CORPUS/mlir22/ops_zoo.mlir"
# render one in a browser
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then echo "FAIL: chromium is not installed (tools/deps.sh installs it)"; exit 1; fi
timeout 120 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1100,700 \
  --screenshot="$tmp/mlp3.png" "file://$tmp/mlp3.svg" >/dev/null 2>&1
[ -s "$tmp/mlp3.png" ] || { echo "FAIL: chromium wrote no screenshot"; exit 1; }
read -r w h nonwhite colours < <(python3 "$SPADC_SRC/tests/tools/png_stats.py" "$tmp/mlp3.png")
python3 -c "import sys; sys.exit(0 if $nonwhite > 0.05 and $colours > 8 else 1)" ||
  { echo "FAIL: the rendered SVG looks blank (${w}x$h, non-white $nonwhite, $colours colours)"; fail=1; }
exit $fail
