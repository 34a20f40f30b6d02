"""sweep.py - issue 20's goals for spadc-sweep, measured: the 1024-point
sweep of bench/sweep_bert.yml (BERT-base's encoder layer on TPUv3 variants)
on the local process pool, timed (goal: <= 10 minutes on the 2-core host);
a Dask LocalCluster with 1 worker against 2 workers on the same first
--sub points, alternated --rounds times (goal: 2 workers >= 1.8x the
throughput of 1); and spadc's DRAM traffic against the lower bound on the
FFN kernels at every scratchpad >= 64 KiB per lane (goal: within 1.25x).

    python bench/sweep.py [--out build/bench/sweep] [--sub 64] [--rounds 2] [--skip-full]
"""
import argparse
import os
import statistics
import sys
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.join(ROOT, "python"))
os.environ.setdefault("SPADC_LIBRARY", os.path.join(ROOT, "build", "libspadc.so"))

import spadc.sweep as sw  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "bench", "sweep"))
    ap.add_argument("--sub", type=int, default=64)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--skip-full", action="store_true")
    a = ap.parse_args()
    os.chdir(ROOT)
    spec = sw.load_spec(os.path.join(ROOT, "bench", "sweep_bert.yml"))
    pts = sw.points(spec)
    print("host: %s, %d cores; %d points" % (cpu_name(), os.cpu_count(), len(pts)), flush=True)

    # Dask: 1 worker against 2 on the same points (a fresh cluster each)
    from dask.distributed import Client, LocalCluster
    sub = dict(spec, grid=[(k, vs if k != "vpu_spad_size_kb_per_lane" else vs[:max(1, a.sub // 16)])
                           for k, vs in spec["grid"]])
    n_sub = len(sw.points(sub))
    rates = {1: [], 2: []}
    for r in range(a.rounds):
        for nw in (1, 2):
            with LocalCluster(n_workers=nw, threads_per_worker=1, processes=True, dashboard_address=None) as c, \
                    Client(c) as client:
                client.run(lambda: __import__("spadc.sweep"))  # workers' imports before the clock
                t0 = time.time()
                sw.run(sub, dask=client)
                dt = time.time() - t0
            rates[nw].append(n_sub / dt)
            print("round %d: dask %d worker(s): %d points in %.1f s (%.2f points/s)" % (r + 1, nw, n_sub, dt, n_sub / dt),
                  flush=True)
    ratio = [b / a_ for a_, b in zip(rates[1], rates[2])]
    print("dask LocalCluster: 2 workers / 1 worker throughput: median %.2fx (rounds %s); goal >= 1.8x: %s"
          % (statistics.median(ratio), ", ".join("%.2f" % x for x in ratio),
             "MET" if statistics.median(ratio) >= 1.8 else "MISS"), flush=True)

    if not a.skip_full:
        t0 = time.time()
        rows = sw.run(spec, out_dir=a.out, log=lambda s: print(s, flush=True))
        dt = time.time() - t0
        print("full sweep: %d points, %d rows in %.1f s (local pool, %d workers, with the report); goal <= 600 s: %s"
              % (len(pts), len(rows), dt, os.cpu_count(), "MET" if dt <= 600 else "MISS"), flush=True)
        print("resume (nothing to do): ", end="")
        t0 = time.time()
        sw.run(spec, out_dir=a.out, report=False)
        print("%.1f s" % (time.time() - t0))
        bound_report(rows)


def bound_report(rows):
    # the FFN kernels: contractions with N or K 3072 (dims B x M x N x K)
    worst = {}
    missing = 0
    for r in rows:
        if not r["fits"] or r["kind"] != "contraction" or "3072" not in r["dims"].split("x")[2:]:
            continue
        if r["vpu_spad_size_kb_per_lane"] < 64:
            continue
        if r.get("dram_bytes_lower_bound") in (None, 0):
            missing += 1
            continue
        q = r["dram_bytes"] / r["dram_bytes_lower_bound"]
        key = r["kernel"]
        if q > worst.get(key, (0,))[0]:
            worst[key] = (q, r["point"])
    if missing and not worst:
        print("lower bound: this build reports none (dram_bytes_lower_bound)")
        return
    print("DRAM bytes / lower bound at >= 64 KiB per lane, worst point per FFN kernel:")
    for k, (q, p) in sorted(worst.items(), key=lambda kv: int(kv[0][1:])):
        print("  %-4s %.3fx %s at %s" % (k, q, "" if q <= 1.25 else "(above 1.25x)", p))


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
