"""py_overhead.py - what a call through the Python package costs above the C
API (issue 19's goal: prog(*arrays) within 5 us of spadc_program_run on a
64^3 GEMM), measured side by side in one run.

    python bench/py_overhead.py [--rounds 5] [--threads 1] [--calls 2000]

Needs numpy and ml_dtypes (tools/pyenv.sh's venv) and a build (`make`): it
imports python/spadc with build/libspadc.so, and runs build/bench_call_overhead
(the same function through the C API, linked with libspadc.a) in each round.
Rounds interleave the C and Python measurements; each measurement is the best
of 15 batches of --calls calls over the same arrays. Cases:

  c_api        spadc_program_run, both arguments passed (bench/call_overhead.c)
  ctypes_floor the same entry point called through ctypes with prepared
               pointer arrays: the least any ctypes binding can cost
  py           prog(a, b): arguments checked, a new result array each call
  py_out       prog(a, b, out=c): the result written into c
  c_bound      spadc_program_run with b bound (packed once)
  py_bound     prog.bind(1, b), then prog(a)

Prints each case's median over the rounds (microseconds per call) and its
range, and the Python cases' overhead over the matching C case.
"""
import argparse
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.join(ROOT, "python"))
os.environ.setdefault("SPADC_LIBRARY", os.path.join(ROOT, "build", "libspadc.so"))

import numpy as np  # noqa: E402

import spadc  # noqa: E402
from spadc import _native  # noqa: E402

MLIR = os.path.join(ROOT, "bench", "data", "mm64.mlir")
C_BENCH = os.path.join(ROOT, "build", "bench_call_overhead")


def best_per_call(fn, calls, batches=15):
    for _ in range(calls // 10 + 1):
        fn()
    times = []
    for _ in range(batches):
        t0 = time.perf_counter()
        for _ in range(calls):
            fn()
        times.append((time.perf_counter() - t0) / calls * 1e6)
    return min(times)


def c_api(threads, calls, bind):
    cmd = [C_BENCH, MLIR, "--threads", str(threads), "--calls", str(calls)] + (["--bind", "1"] if bind else [])
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.split()
    return float(out[out.index("best_us") + 1])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--calls", type=int, default=2000)
    a = ap.parse_args()

    p = spadc.compile(MLIR, threads=a.threads)
    pb = spadc.compile(MLIR, threads=a.threads)
    x = np.full((64, 64), 0.5, np.float32)
    w = np.full((64, 64), 0.5, np.float32)
    c = np.empty((64, 64), np.float32)
    np.testing.assert_allclose(p(x, w), np.full((64, 64), 16.0, np.float32))
    pb.bind(1, w)
    np.testing.assert_array_equal(pb(x), p(x, w))

    argv = (_native.c_void_p * 2)(x.ctypes.data, w.ctypes.data)
    resv = (_native.c_void_p * 1)(c.ctypes.data)
    handle, av, rv = p._p, _native.ctypes.addressof(argv), _native.ctypes.addressof(resv)
    run = _native.program_run

    cases = {
        "c_api": lambda: c_api(a.threads, a.calls, False),
        "ctypes_floor": lambda: best_per_call(lambda: run(handle, av, rv), a.calls),
        "py": lambda: best_per_call(lambda: p(x, w), a.calls),
        "py_out": lambda: best_per_call(lambda: p(x, w, out=c), a.calls),
        "c_bound": lambda: c_api(a.threads, a.calls, True),
        "py_bound": lambda: best_per_call(lambda: pb(x), a.calls),
    }
    got = {k: [] for k in cases}
    for r in range(a.rounds):
        for k, f in cases.items():
            got[k].append(f())
        print("round %d: %s" % (r + 1, " ".join("%s %.2f" % (k, v[-1]) for k, v in got.items())), flush=True)
    flops = 2 * 64 ** 3
    print("\n64x64x64 f32 GEMM, %d thread(s), us per call (median of %d rounds, range), lscpu: %s"
          % (a.threads, a.rounds, cpu_name()))
    base = {"py": "c_api", "py_out": "c_api", "py_bound": "c_bound", "ctypes_floor": "c_api"}
    for k, v in got.items():
        med = statistics.median(v)
        line = "  %-13s %7.2f us  (%.2f-%.2f)  %6.1f GFLOP/s" % (k, med, min(v), max(v), flops / med / 1e3)
        if k in base:
            d = [pv - cv for pv, cv in zip(v, got[base[k]])]
            line += "   +%.2f us over %s (same-round range %.2f to %.2f)" % (statistics.median(d), base[k],
                                                                          min(d), max(d))
        print(line)
    over = statistics.median([pv - cv for pv, cv in zip(got["py"], got["c_api"])])
    print("goal: prog(*arrays) within 5 us of the C API: %s (+%.2f us)" % ("MET" if over < 5 else "MISS", over))


def cpu_name():
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "?"


if __name__ == "__main__":
    main()
