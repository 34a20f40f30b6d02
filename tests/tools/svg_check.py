#!/usr/bin/env python3
"""svg_check.py KIND OUT.svg PLAN.json NAME - check a `spadc plan --svg`
drawing against the same plan's --json (KIND: cpu or npu).

Both: well-formed XML with exactly one <rect class="buf"> per planned
buffer (every kernel buffer with bytes, only the npu kernels for npu, plus
every arena buffer), each with a size and a title. npu also: one panel per
npu kernel plus the arena, budget, peak and footprint lines in each kernel
panel, and every kernel buffer labelled with its name and bytes."""
import json
import sys
import xml.etree.ElementTree as ET

kind, svg_path, json_path, name = sys.argv[1:5]
svg, plan = ET.parse(svg_path), json.load(open(json_path))
ns = "{http://www.w3.org/2000/svg}"
rects = [r for r in svg.iter(ns + "rect") if r.get("class") == "buf"]
kernels = [k for k in plan["kernels"] if kind != "npu" or k["path"] == "npu"]
want = sum(1 for k in kernels for b in k["buffers"] if b["bytes"] > 0) + len(plan["program"]["buffers"])
if len(rects) != want or want == 0:
    sys.exit("FAIL %s: %d buffer rectangles, the plan has %d buffers" % (name, len(rects), want))
for r in rects:
    if float(r.get("width")) <= 0 or float(r.get("height")) <= 0 or r.find(ns + "title") is None:
        sys.exit("FAIL %s: a rectangle without size or title" % name)
if kind == "npu":
    panels = [g for g in svg.iter(ns + "g") if g.get("class") == "panel"]
    if len(panels) != len(kernels) + 1:
        sys.exit("FAIL %s: %d panels, want %d npu kernels + the arena" % (name, len(panels), len(kernels)))
    for k, g in zip(kernels, panels):
        lines = {l.get("class") for l in g.iter(ns + "line")}
        if not {"budget", "peak", "footprint"} <= lines:
            sys.exit("FAIL %s: panel of %s lacks a budget, peak or footprint line: %s" % (name, k["name"], lines))
        titles = " ".join(r.find(ns + "title").text for r in g.iter(ns + "rect") if r.get("class") == "buf")
        for b in k["buffers"]:  # each buffer is labelled with its name and bytes
            if "%s " % b["name"] not in titles or "%d bytes" % b["bytes"] not in titles:
                sys.exit("FAIL %s: buffer %s of %s not labelled" % (name, b["name"], k["name"]))
