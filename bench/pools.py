"""pools.py - pooling layers on the cpu: spadc against PyTorch eager
(issue 33: every pool >= 1.0x eager). Each torch.nn pool is exported by
spadc.torch (torch-mlir, NCHW as torch writes it) and timed beside eager on
the same input in interleaved rounds at 1 thread; prints the median ms of
each, spadc's speedup, and the largest difference from eager.

    ~/.cache/spadc-venv/bin/python bench/pools.py [ROUNDS]

Run from the checkout after `make` (the package is python/, the library
build/libspadc.so). Cost: ~20 s with 5 rounds.
"""
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
import torch  # noqa: E402

import spadc.torch  # noqa: E402

CASES = [  # name, module, input shape
    ("MaxPool2d(3,2,1) 64x112x112", lambda: torch.nn.MaxPool2d(3, 2, 1), (1, 64, 112, 112)),
    ("MaxPool2d(2,2) 64x56x56", lambda: torch.nn.MaxPool2d(2, 2), (1, 64, 56, 56)),
    ("AvgPool2d(2,2) 128x56x56", lambda: torch.nn.AvgPool2d(2, 2), (1, 128, 56, 56)),
    ("AvgPool2d(3,1,1) 64x56x56", lambda: torch.nn.AvgPool2d(3, 1, 1), (1, 64, 56, 56)),
    ("AdaptiveAvgPool2d(1) 2048x7x7", lambda: torch.nn.AdaptiveAvgPool2d(1), (1, 2048, 7, 7)),
    ("MaxPool1d(3,2,1) 64x1024", lambda: torch.nn.MaxPool1d(3, 2, 1), (1, 64, 1024)),
]


def median_ms(fn, *args, target_ms=150):
    """Median ms of fn(*args) over ~target_ms of calls, after a warm-up
    (bench/attention_bf16.py times with it too)."""
    fn(*args)
    t = time.perf_counter()
    fn(*args)
    one = max(time.perf_counter() - t, 1e-6)
    reps = max(3, int(target_ms / 1e3 / one))
    ts = []
    for _ in range(reps):
        t = time.perf_counter()
        fn(*args)
        ts.append(time.perf_counter() - t)
    return statistics.median(ts) * 1e3


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    torch.set_num_threads(1)
    torch.manual_seed(0)
    rows = []
    for name, make, shape in CASES:
        m = make().eval()
        x = torch.randn(*shape)
        try:
            c = spadc.torch.compile(m, x, threads=1)
        except Exception as e:  # a pool spadc cannot take yet: say so, go on
            rows.append((name, None, None, "n/a: %s" % str(e).splitlines()[0][:60]))
            continue
        with torch.no_grad():
            err = (c(x) - m(x)).abs().max().item()
            s, t = [], []
            for _ in range(rounds):  # interleaved: the host's drift hits both
                s.append(median_ms(c, x))
                t.append(median_ms(m, x))
        rows.append((name, statistics.median(s), statistics.median(t), "%.1e" % err))
    print("%-32s %10s %10s %8s %10s" % ("pool (1 thread, batch 1)", "spadc ms", "eager ms", "x eager", "max |err|"))
    for name, s, t, err in rows:
        if s is None:
            print("%-32s %10s %10s %8s %s" % (name, "-", "-", "-", err))
        else:
            print("%-32s %10.3f %10.3f %7.2fx %10s" % (name, s, t, t / s, err))


if __name__ == "__main__":
    main()
