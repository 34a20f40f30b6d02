#!/usr/bin/env bash
# plan --target npu --svg draws the npu plan: the file is well-formed XML
# with one panel per npu kernel plus the DRAM arena, exactly one
# <rect class="buf"> per planned buffer (every kernel buffer plus every
# arena buffer that plan --target npu --json reports), each with a size and
# a title, budget and peak-live lines in every kernel panel; and headless
# Chromium renders it to a PNG that is not blank (exit 77, skipped, only
# when Chromium is missing).
set -u
C=$SPADC_CORPUS Y=$SPADC_CORPUS/external/pytorchsim
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
name = sys.argv[1]
rects = [r for r in svg.iter(ns + "rect") if r.get("class") == "buf"]
npu = [k for k in plan["kernels"] if k["path"] == "npu"]
want = sum(1 for k in npu for b in k["buffers"] if b["bytes"] > 0) + len(plan["program"]["buffers"])
if len(rects) != want or want == 0:
    sys.exit("FAIL %s: %d buffer rectangles, the plan has %d buffers" % (name, len(rects), want))
for r in rects:
    if float(r.get("width")) <= 0 or float(r.get("height")) <= 0 or r.find(ns + "title") is None:
        sys.exit("FAIL %s: a rectangle without size or title" % name)
panels = [g for g in svg.iter(ns + "g") if g.get("class") == "panel"]
if len(panels) != len(npu) + 1:
    sys.exit("FAIL %s: %d panels, want %d npu kernels + the arena" % (name, len(panels), len(npu)))
for k, g in zip(npu, panels):
    lines = {l.get("class") for l in g.iter(ns + "line")}
    if not {"budget", "peak", "footprint"} <= lines:
        sys.exit("FAIL %s: panel of %s lacks a budget, peak or footprint line: %s" % (name, k["name"], lines))
    titles = " ".join(r.find(ns + "title").text for r in g.iter(ns + "rect") if r.get("class") == "buf")
    for b in k["buffers"]:  # each buffer is labelled with its name and bytes
        if "%s " % b["name"] not in titles or "%d bytes" % b["bytes"] not in titles:
            sys.exit("FAIL %s: buffer %s of %s not labelled" % (name, b["name"], k["name"]))
PY
}
check_svg ffn1 "$C/seeds/ffn1_bert.mlir" --target npu --budget 0.5
check_svg ffn1_forced "$C/seeds/ffn1_bert.mlir" --target npu --budget 0.5 --tile 256,3072,384
check_svg block "$C/seeds/bert_ffn_block.mlir" --target npu
check_svg mlp3 "$C/mlir22/mlp3_main.mlir" -e mlp3 --target "npu=$Y/systolic_ws_8x8_c1_simple_noc.yml"
check_svg zoo "$C/mlir22/ops_zoo.mlir" --target npu
# an unwritable path is a located error
out=$("$SPADC" plan "$C/seeds/ffn1_bert.mlir" --target npu --svg "$tmp/none/x.svg" 2>&1); rc=$?
[ $rc = 1 ] && grep -q "cannot write the SVG file" <<<"$out" || { echo "FAIL unwritable svg: exit $rc: $out"; fail=1; }
# render one in a browser
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then echo "SKIP: chromium is not installed (tools/deps.sh installs it)"; [ $fail = 0 ] && exit 77; exit $fail; fi
timeout 120 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1100,1050 \
  --screenshot="$tmp/block.png" "file://$tmp/block.svg" >/dev/null 2>&1
[ -s "$tmp/block.png" ] || { echo "FAIL: chromium wrote no screenshot"; exit 1; }
read -r w h nonwhite colours < <(python3 "$SPADC_SRC/tests/tools/png_stats.py" "$tmp/block.png")
python3 -c "import sys; sys.exit(0 if $nonwhite > 0.05 and $colours > 8 else 1)" ||
  { echo "FAIL: the rendered SVG looks blank (${w}x$h, non-white $nonwhite, $colours colours)"; fail=1; }
exit $fail
