#!/usr/bin/env python3
"""alloc_check.py PLAN.csv - checks a plan written by `spadc alloc`, sharing
nothing with the planner: every offset is a non-negative multiple of the
alignment, and no two buffers live at a common step share a byte (a sweep
over the steps keeping the live buffers sorted by offset: a new one need
only be checked against its neighbours, since the live ones are disjoint).
Files with an inplace column are refused (tests/cli/alloc_cli.sh checks
those pairwise). Prints the footprint; exit 1 with the first violation."""
import bisect
import sys

lines = open(sys.argv[1]).read().split("\n")
col = {h: i for i, h in enumerate(lines[0].split(","))}
if "inplace" in col:
    sys.exit("alloc_check.py: inplace columns are not supported")
events, footprint, n = [], 0, 0
for line in lines[1:]:
    if not line.strip():
        continue
    f = line.split(",")
    lo, hi, size, off = (int(f[col[k]]) for k in ("lower", "upper", "size", "offset"))
    align = int(f[col["alignment"]]) if "alignment" in col else 1
    if off < 0 or off % align:
        sys.exit(f"{f[col['id']]}: offset {off} is not a multiple of {align}")
    footprint = max(footprint, off + size)
    events += [(hi, 0, off, size, f[col["id"]]), (lo, 1, off, size, f[col["id"]])]
    n += 1
events.sort()  # at one step, deaths (0) before births (1): lives are [lo, hi)
live = []
for _, birth, off, size, name in events:
    key = (off, size, name)
    i = bisect.bisect_left(live, key)
    if not birth:
        live.pop(i)
        continue
    if i > 0 and live[i - 1][0] + live[i - 1][1] > off:
        sys.exit(f"{name} overlaps {live[i - 1][2]}")
    if i < len(live) and off + size > live[i][0]:
        sys.exit(f"{name} overlaps {live[i][2]}")
    live.insert(i, key)
print(f"{n} buffers, footprint {footprint}")
