#!/usr/bin/env python3
"""alloc_gen.py N SEED [mixed|mutual|sparse] - a MiniMalloc CSV of N buffers on stdout.

Deterministic for a given N, SEED and mode (Python's Mersenne Twister).
Sizes are log-uniform in [16 B, 1 MiB); alignments 1, 16 or 64; steps in
[0, 2N).
  mixed   90% short lives (mean 8 steps), 8% medium (up to N/20 steps), 2%
          a burst of buffers all live around step N: heavy overlap, more
          than 2^23 pairs of buffers live together at N = 100000
  mutual  every buffer live at step N, alignment 1 (the optimum is the sum)
  sparse  97% short lives, 3% up to N/50 steps: under 2^23 pairs
"""
import random
import sys

n, seed = int(sys.argv[1]), int(sys.argv[2])
mode = sys.argv[3] if len(sys.argv) > 3 else "mixed"
r = random.Random(seed)
T = 2 * n
out = ["id,lower,upper,size,alignment"]
for i in range(n):
    align = r.choice((1, 1, 16, 64))
    if mode == "mutual":
        lo, hi, align = r.randrange(0, n), r.randrange(n + 1, T + 1), 1
    elif mode == "sparse":
        lo = r.randrange(0, T)
        hi = lo + 1 + (int(r.expovariate(1 / 8)) if r.random() < 0.97 else r.randrange(0, T // 100))
    else:
        u, lo = r.random(), r.randrange(0, T)
        if u < 0.90:
            hi = lo + 1 + int(r.expovariate(1 / 8))
        elif u < 0.98:
            hi = lo + 1 + r.randrange(0, T // 40)
        else:
            lo, hi = r.randrange(n - T // 100, n), r.randrange(n + 1, n + T // 100)
    out.append(f"b{i},{lo},{hi},{int(2 ** r.uniform(4, 20))},{align}")
print("\n".join(out))
