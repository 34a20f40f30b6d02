#!/usr/bin/env python3
"""Whole layers: spadc against PyTorch eager, torch.compile and IREE.

bench/layers.sh runs this with the venv's interpreter (it installs the venv
first); see that file for the knobs. Every peer runs the same model on the
same inputs: bench/models/NAME.mlir (torch-mlir's linalg-on-tensors, weights
as arguments) for spadc and IREE, the same PyTorch module for eager and
torch.compile, all fed the .npy files tools/bench_models.py draws.

Measurement: each peer is warmed up (its output saved and compared with
PyTorch eager's), then ROUNDS interleaved rounds: a round measures every
(model, threads) cell, and within a cell every peer once, in an order
rotated from round to round. One measurement is the median of REPS calls
(REPS chosen per peer from its warm-up time so that a measurement takes
about TARGET_MS, at least 3 calls). A cell's figure is the median of its
rounds, with the range (min-max) of the rounds beside it; a speedup is the
median of the per-round ratios (spadc and the peer measured in the same
round).

  spadc     build/spadc run FILE --target cpu --threads T --inputs ... --repeat REPS
            (a process per measurement; its printed median; no warm-up call
            inside the process, so the first of the REPS calls is cold)
  eager     torch, torch.set_num_threads(T), inference_mode, model(*inputs)
  compile   torch.compile(model) (default mode), same torch and threads
  iree      iree-compile (llvm-cpu, target-cpu=host, data tiling, ukernels)
            of the same MLIR; iree.runtime, local-task driver with
            --task_topology_group_count=T, inputs uploaded once

The torch and IREE peers are persistent worker processes (this file with
'worker PEER T'), one per peer and thread count, spoken to over a pipe.
"""

import argparse
import hashlib
import json
import math
import os
import re
import select
import shutil
import statistics
import subprocess
import sys
import time

import numpy as np

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import bench_models as bm  # noqa: E402

PEERS = ["spadc", "eager", "compile", "iree"]
# spadc with --precision (issue 34: f32 through bf16 terms), beside plain
# f32: opt-in peers (--peers, PEERS= in layers.sh); on this table their
# "x" column is their time over plain spadc's, > 1 where f32 is faster
PRECISION_PEERS = ["spadc-bf16x3", "spadc-bf16x6"]


def spadc_flags(p):
    """The run flags of a spadc peer: --precision for spadc-bf16xN."""
    return ["--precision", p.split("-", 1)[1]] if p.startswith("spadc-") else []
IREE_FLAGS = ["--iree-hal-target-device=local", "--iree-hal-local-target-device-backends=llvm-cpu",
              "--iree-llvmcpu-target-cpu=host", "--iree-opt-data-tiling", "--iree-llvmcpu-enable-ukernels=all"]


# ---------------------------------------------------------------- workers

def worker_main(peer, threads, out_dir):
    """Answer one JSON line per JSON line read: load, time, quit."""
    proto = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)  # whatever the libraries print goes to the log, not the pipe
    fns = {}
    if peer in ("eager", "compile"):
        import torch
        torch.set_num_threads(threads)
        torch.set_grad_enabled(False)
    else:
        import iree.runtime as rt
        rt.flags.parse_flags(f"--task_topology_group_count={threads}")
        config = rt.Config("local-task")

    def load(model, inputs, out):
        man = bm.read_manifest(model)
        arrays = [np.load(os.path.join(inputs, f"arg{i}.npy")) for i in range(len(man["args"]))]
        if peer in ("eager", "compile"):
            m, xs = bm.load_model(model, arrays)
            if peer == "compile":
                m = torch.compile(m)

            def fn():
                with torch.inference_mode():
                    return m(*xs)

            def host(y):
                return y.numpy()
        else:
            ctx = rt.SystemContext(config=config)
            with open(os.path.join(out_dir, "iree", model + ".vmfb"), "rb") as f:
                ctx.add_vm_module(rt.VmModule.copy_buffer(ctx.instance, f.read()))
            dargs = [rt.asdevicearray(config.device, a) for a in arrays]
            f = ctx.modules.module[man["func"]]

            def fn():
                return f(*dargs)

            def host(y):
                return y.to_host()
        t0 = time.perf_counter()
        y = fn()
        first = time.perf_counter() - t0
        np.save(out, np.ascontiguousarray(host(y)))
        t0 = time.perf_counter()
        fn()
        est = time.perf_counter() - t0
        fns[model] = fn
        return {"first_s": first, "est_s": est}

    for line in sys.stdin:
        req = json.loads(line)
        try:
            if req["cmd"] == "quit":
                break
            if req["cmd"] == "load":
                ans = load(req["model"], req["inputs"], req["out"])
            else:
                fn = fns[req["model"]]
                times = []
                for _ in range(req["reps"]):
                    t0 = time.perf_counter()
                    fn()
                    times.append(time.perf_counter() - t0)
                ans = {"times": times}
        except Exception as e:  # reported to the driver, which marks the cell
            ans = {"error": f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"[:200]}
        proto.write(json.dumps(ans) + "\n")


class Worker:
    def __init__(self, peer, threads, out_dir):
        env = dict(os.environ, OMP_NUM_THREADS=str(threads), MKL_NUM_THREADS=str(threads))
        self.name = f"{peer}-t{threads}"
        self.log = open(os.path.join(out_dir, f"worker-{self.name}.log"), "a")
        self.p = subprocess.Popen([sys.executable, os.path.abspath(__file__), "worker", peer, str(threads),
                                   "--out", out_dir], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=self.log, env=env, text=True, bufsize=1)
        self.dead = None

    def ask(self, req, timeout):
        if self.dead:
            return {"error": self.dead}
        try:
            self.p.stdin.write(json.dumps(req) + "\n")
            self.p.stdin.flush()
        except OSError:
            pass
        ready, _, _ = select.select([self.p.stdout], [], [], timeout)
        line = self.p.stdout.readline() if ready else ""
        if not line:
            if ready:
                self.dead = f"worker exited (status {self.p.wait()}; see worker-{self.name}.log)"
            else:
                self.p.kill()
                self.dead = f"worker timed out after {timeout:.0f} s"
            return {"error": self.dead}
        return json.loads(line)

    def close(self):
        if not self.dead:
            try:
                self.p.stdin.write('{"cmd": "quit"}\n')
                self.p.stdin.close()
                self.p.wait(timeout=30)
            except (OSError, subprocess.TimeoutExpired):
                self.p.kill()
        self.log.close()


# ---------------------------------------------------------------- driver

def first_error(text):
    for line in text.splitlines():
        if "error" in line.lower():
            return line.strip()
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[-1].strip() if lines else "no message"


def sh(cmd, timeout):
    """(exit status, stdout, stderr) of cmd; a timeout is status 124."""
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired as e:
        return 124, e.stdout or "", f"error: timed out after {timeout} s"


def kernel_split(text):
    """(ms on the reference path, ms on the engine) from run's kernel table."""
    ref = eng = 0.0
    for mt in re.finditer(r"^k\d+\s.*\s(engine|reference)\s+([0-9.]+)\s+\S+\s*$", text, re.M):
        if mt.group(1) == "reference":
            ref += float(mt.group(2))
        else:
            eng += float(mt.group(2))
    return ref, eng


def fmt_ms(vals):
    if not vals:
        return "-"
    med = statistics.median(vals)
    return f"{med:.2f} ({min(vals):.2f}-{max(vals):.2f})" if len(vals) > 1 else f"{med:.2f}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--spadc", default=os.path.join(ROOT, "build", "spadc"))
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "bench", "layers"))
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--threads", default="1 2")
    ap.add_argument("--models", default=" ".join(bm.SPECS))
    ap.add_argument("--peers", default=" ".join(PEERS))
    ap.add_argument("--target-ms", type=float, default=300.0)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--npu", type=int, default=1)
    ap.add_argument("--na", action="append", default=[], help="PEER=why: the peer is not available")
    a = ap.parse_args()
    t_start = time.time()
    out = a.out
    os.makedirs(out, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    raw = open(os.path.join(out, f"layers-{stamp}.raw.txt"), "w")
    threads = [int(t) for t in a.threads.split()]
    models = a.models.split()
    peers = [p for p in a.peers.split() if p in PEERS + PRECISION_PEERS]
    if any(p in PRECISION_PEERS for p in peers) and "spadc" not in peers:
        peers.insert(0, "spadc")  # their ratios are to plain spadc
    for m in models:
        if m not in bm.SPECS:
            sys.exit(f"layers.py: unknown model {m} (known: {' '.join(bm.SPECS)})")

    def rec(*fields):
        raw.write("|".join(str(f) for f in fields) + "\n")
        raw.flush()

    def say(msg):
        print(msg, file=sys.stderr, flush=True)

    na = {}
    for s in a.na:
        p, _, why = s.partition("=")
        na[p] = why
    venv_bin = os.path.dirname(sys.executable)
    try:
        import torch
        torch_version = torch.__version__
        del torch
    except Exception as e:
        torch_version = None
        for p in ("eager", "compile"):
            na.setdefault(p, f"torch does not import ({type(e).__name__}: {e})")
    try:
        import iree.runtime  # noqa: F401
        from importlib.metadata import version
        iree_version = version("iree-base-runtime")
        iree_compile = os.path.join(venv_bin, "iree-compile")
        if not os.access(iree_compile, os.X_OK):
            iree_compile = shutil.which("iree-compile")
        if not iree_compile:
            na.setdefault("iree", "no iree-compile (iree-base-compiler) in the venv")
    except Exception as e:
        iree_version = None
        na.setdefault("iree", f"iree.runtime does not import ({type(e).__name__}: {e})")
    if not os.access(a.spadc, os.X_OK):
        for p in ["spadc"] + PRECISION_PEERS:
            na.setdefault(p, f"{a.spadc} is not built (make)")
    cpu_model = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
    git = subprocess.run(["git", "-C", ROOT, "describe", "--always", "--dirty"], capture_output=True, text=True).stdout.strip()
    rec("SYS", "date", time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()))
    rec("SYS", "spadc", git)
    rec("SYS", "cpu", cpu_model, f"{os.cpu_count()} cpus")
    load_before = " ".join(open("/proc/loadavg").read().split()[:3])
    rec("SYS", "load_before", load_before)
    rec("SYS", "torch", torch_version)
    rec("SYS", "iree", iree_version, " ".join(IREE_FLAGS))
    rec("SYS", "rounds", a.rounds, "threads", a.threads, "target_ms", a.target_ms, "seed", a.seed)
    for p, why in na.items():
        rec("NA", p, why)

    # Inputs, drawn once per seed (numpy only).
    inputs = {m: bm.write_inputs(m, os.path.join(out, "inputs"), a.seed) for m in models}
    nargs = {m: len(bm.read_manifest(m)["args"]) for m in models}
    files = {m: os.path.join(ROOT, "bench", "models", m + ".mlir") for m in models}
    inputs_arg = {m: ",".join(os.path.join(inputs[m], f"arg{i}.npy") for i in range(nargs[m])) for m in models}

    # spadc's plan: kernels on the engine and on the reference path.
    plan = {}
    isa = None  # the kernels' ISA spadc runs on this host (plan --json target.isa)
    if "spadc" not in na:
        for m in models:
            rc, so, se = sh([a.spadc, "plan", files[m], "--target", "cpu", "--json"], 300)
            try:
                ks = None if rc else json.loads(so)["kernels"]
                isa = isa or (None if rc else json.loads(so)["target"].get("isa"))
            except (ValueError, KeyError) as e:
                rc, se = 1, f"error: plan --json printed no kernels ({type(e).__name__})"
            if rc:
                plan[m] = f"error: {first_error(se)}"
            else:
                eng = sum(k.get("path") == "engine" for k in ks)
                ref = sum(k.get("path") == "reference" for k in ks)
                plan[m] = (eng, ref, len(ks))
                rec("PLAN", m, "engine", eng, "reference", ref, "kernels", len(ks))

    rec("SYS", "spadc_isa", isa)

    # IREE: compile each model once (cached by the MLIR, the flags and the version).
    setup = {}  # (peer, model) -> text for the setup line
    if "iree" in peers and "iree" not in na:
        os.makedirs(os.path.join(out, "iree"), exist_ok=True)
        for m in models:
            key = hashlib.sha256(open(files[m], "rb").read() + " ".join(IREE_FLAGS).encode()
                                 + str(iree_version).encode()).hexdigest()
            vmfb = os.path.join(out, "iree", m + ".vmfb")
            keyf = vmfb + ".key"
            if os.path.exists(vmfb) and os.path.exists(keyf) and open(keyf).read() == key:
                setup[("iree", m)] = "compiled (cached)"
                continue
            say(f"== iree-compile {m}")
            t0 = time.time()
            rc, so, se = sh([iree_compile, *IREE_FLAGS, files[m], "-o", vmfb], 900)
            dt = time.time() - t0
            if rc:
                setup[("iree", m)] = f"error: iree-compile: {first_error(se)}"
                rec("IREE_COMPILE", m, "error", first_error(se))
            else:
                open(keyf, "w").write(key)
                setup[("iree", m)] = f"iree-compile {dt:.1f} s"
                rec("IREE_COMPILE", m, f"{dt:.2f}")

    # Warm-up: every peer once per cell, its output saved; the reps per peer.
    state = {}   # (peer, model, T) -> {"reps": n} or {"error": msg}
    workers = {}
    for T in threads:
        for p in peers:
            if p in ("eager", "compile", "iree") and p not in na:
                workers[(p, T)] = Worker(p, T, out)
    outdir = os.path.join(out, "outputs")

    def reps_for(est_s):
        return max(3, min(200, math.ceil(a.target_ms / 1000.0 / max(est_s, 1e-6))))

    for m in models:
        for T in threads:
            for p in peers:
                if p in na:
                    continue
                o = os.path.join(outdir, f"{p}-t{T}", m)
                os.makedirs(o, exist_ok=True)
                say(f"== warm-up {m} threads={T} {p}")
                t0 = time.time()
                if p.startswith("spadc"):
                    rc, so, se = sh([a.spadc, "run", files[m], "--target", "cpu", "--threads", str(T),
                                     "--inputs", inputs_arg[m], "--repeat", "1", "-o", o, *spadc_flags(p)], 1800)
                    with open(os.path.join(out, f"{p}-{m}-t{T}.txt"), "w") as f:
                        f.write(so + se)
                    mt = re.search(r"^time: ([0-9.eE+-]+) s", so, re.M)
                    if rc or not mt:
                        state[(p, m, T)] = {"error": first_error(se or so)}
                    else:
                        state[(p, m, T)] = {"reps": reps_for(float(mt.group(1)))}
                        setup.setdefault((p, m), f"first process (compile, load, 1 run) {time.time() - t0:.2f} s")
                else:
                    if setup.get(("iree", m), "").startswith("error") and p == "iree":
                        state[(p, m, T)] = {"error": setup[("iree", m)][7:]}
                        continue
                    ans = workers[(p, T)].ask({"cmd": "load", "model": m, "inputs": inputs[m],
                                               "out": os.path.join(o, "result0.npy")}, 1800)
                    if "error" in ans:
                        state[(p, m, T)] = {"error": ans["error"]}
                    else:
                        state[(p, m, T)] = {"reps": reps_for(ans["est_s"])}
                        if p == "compile":
                            setup[("compile", m, T)] = f"first call (compiles) {ans['first_s']:.1f} s"
                rec("WARMUP", m, T, p, json.dumps(state[(p, m, T)]), f"{time.time() - t0:.2f}s")

    # Errors against PyTorch eager, per cell.
    errs = {}
    for m in models:
        for T in threads:
            refp = os.path.join(outdir, f"eager-t{T}", m, "result0.npy")
            if "error" in state.get(("eager", m, T), {"error": 1}) or not os.path.exists(refp):
                continue
            ref = np.load(refp).astype(np.float64)
            for p in peers:
                got = os.path.join(outdir, f"{p}-t{T}", m, "result0.npy")
                if p == "eager" or "error" in state.get((p, m, T), {"error": 1}) or not os.path.exists(got):
                    continue
                g = np.load(got).astype(np.float64)
                if g.shape != ref.shape:
                    errs[(p, m, T)] = (math.inf, math.inf)
                    rec("ERR", m, T, p, "shape", g.shape, "vs", ref.shape)
                    continue
                ab = float(np.max(np.abs(g - ref))) if g.size else 0.0
                rel = ab / max(float(np.max(np.abs(ref))), 1e-30)
                errs[(p, m, T)] = (ab, rel)
                rec("ERR", m, T, p, f"{ab:.3e}", f"{rel:.3e}")
    t_setup = time.time() - t_start

    # Rounds.
    times = {}  # (peer, model, T) -> [ms per round]
    ratios = {}  # (peer, model, T) -> [peer ms / spadc ms per round]
    cells = [(m, T) for m in models for T in threads]
    for r in range(a.rounds):
        say(f"== round {r + 1} of {a.rounds}")
        for ci, (m, T) in enumerate(cells):
            live = [p for p in peers if "reps" in state.get((p, m, T), {})]
            k = (r + ci) % len(live) if live else 0
            this = {}
            for p in live[k:] + live[:k]:
                st = state[(p, m, T)]
                if "reps" not in st:
                    continue
                if p.startswith("spadc"):
                    rc, so, se = sh([a.spadc, "run", files[m], "--target", "cpu", "--threads", str(T),
                                     "--inputs", inputs_arg[m], "--repeat", str(st["reps"]), *spadc_flags(p)], 1800)
                    mt = re.search(r"^time: ([0-9.eE+-]+) s", so, re.M)
                    if rc or not mt:
                        state[(p, m, T)] = {"error": first_error(se or so)}
                        continue
                    ms = float(mt.group(1)) * 1e3
                else:
                    ans = workers[(p, T)].ask({"cmd": "time", "model": m, "reps": st["reps"]}, 1800)
                    if "error" in ans:
                        state[(p, m, T)] = {"error": ans["error"]}
                        continue
                    ms = statistics.median(ans["times"]) * 1e3
                this[p] = ms
                times.setdefault((p, m, T), []).append(ms)
                rec("TIME", r + 1, m, T, p, f"{ms:.4f}", st["reps"])
            for p, ms in this.items():
                if p != "spadc" and "spadc" in this:
                    ratios.setdefault((p, m, T), []).append(ms / this["spadc"])
    for w in workers.values():
        w.close()
    t_rounds = time.time() - t_start - t_setup

    # npu: simulated cycles against the roofline, DRAM bytes against the minimum.
    npu = {}
    if a.npu and "spadc" not in na:
        for m in models:
            o = os.path.join(outdir, "npu", m)
            os.makedirs(o, exist_ok=True)
            t0 = time.time()
            rc, so, se = sh([a.spadc, "run", files[m], "--target", "npu", "--inputs", inputs_arg[m], "-o", o], 1800)
            with open(os.path.join(out, f"spadc-{m}-npu.txt"), "w") as f:
                f.write(so + se)
            if rc:
                npu[m] = {"error": first_error(se or so)}
                continue
            d = {"wall_s": time.time() - t0}
            mt = re.search(r"^npu total: (\d+) cycles \(([0-9.]+) us at (\d+) MHz\)(.*)$", so, re.M)
            if mt:
                d.update(cycles=int(mt.group(1)), us=float(mt.group(2)), mhz=int(mt.group(3)))
                rest = mt.group(4)
                x = re.search(r"roofline (\d+)", rest)
                d["roofline"] = int(x.group(1)) if x else None
                x = re.search(r"DMA (\d+) bytes \(minimum (\d+)\)", rest)
                d["dma"], d["dma_min"] = (int(x.group(1)), int(x.group(2))) if x else (None, None)
                x = re.search(r"(\d+) of (\d+) kernels on the npu", rest)
                d["on_npu"] = (int(x.group(1)), int(x.group(2))) if x else None
            refp = os.path.join(outdir, f"eager-t{threads[0]}", m, "result0.npy")
            got = os.path.join(o, "result0.npy")
            if os.path.exists(refp) and os.path.exists(got):
                ref, g = np.load(refp).astype(np.float64), np.load(got).astype(np.float64)
                if g.shape == ref.shape:
                    ab = float(np.max(np.abs(g - ref)))
                    d["err"] = (ab, ab / max(float(np.max(np.abs(ref))), 1e-30))
            npu[m] = d
            rec("NPU", m, json.dumps(d))
    t_npu = time.time() - t_start - t_setup - t_rounds

    # cpu attention: the fused kernel's rate against the FMA peak measured
    # just before it (build/bench_cpu_gemm's 24-chain FMA loop), per thread
    # count, on the models whose plan has one; and the score bytes the plan
    # says reach memory (0: S and P live in the tile)
    attn = {}
    peak_bin = os.path.join(os.path.dirname(a.spadc), "bench_cpu_gemm")
    if "spadc" not in na:
        for m in models:
            rc, so, se = sh([a.spadc, "plan", files[m], "--target", "cpu", "--json"], 600)
            try:
                ks = [k for k in json.loads(so)["kernels"] if k.get("kind") == "attention"] if rc == 0 else []
            except ValueError:
                ks = []
            if not ks:
                continue
            for T in threads:
                d = {"score_bytes": sum(k.get("attention", {}).get("score_bytes_in_memory", -1) for k in ks)}
                rc, so, se = sh([peak_bin, "--threads", str(T), "--ops", "gemm", "--shapes", "64x64x64",
                                 "--min-ms", "5"], 600)
                mt = re.search(r"^# peak \d+ thread\(s\): ([0-9.]+) GFLOP/s", so, re.M)
                d["peak"] = float(mt.group(1)) if mt else None
                rc, so, se = sh([a.spadc, "run", files[m], "--target", "cpu", "--threads", str(T), "--inputs",
                                 inputs_arg[m], "--repeat", "20"], 1800)
                rows = re.findall(r"^k\d+\s+attention\s+(\S+)\s.*\s(engine|reference)\s+([0-9.]+)\s+([0-9.]+)\s*$", so, re.M)
                if rc or not rows:
                    d["error"] = first_error(se or so) if rc else "no attention row in run's table"
                else:
                    d["dims"], d["path"], d["ms"], d["gflops"] = rows[0][0], rows[0][1], float(rows[0][2]), float(rows[0][3])
                attn[(m, T)] = d
                rec("ATTN", m, T, json.dumps(d))

    # ------------------------------------------------------------ report
    lines = []
    w = lines.append
    w(f"Whole layers, cpu: median ms of {a.rounds} interleaved rounds (range min-max over rounds); "
      f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    w(f"host: {cpu_model}, {os.cpu_count()} cpus; spadc {git} (kernels: {isa or 'n/a'}); torch {torch_version or 'n/a'}; "
      f"iree {iree_version or 'n/a'}; load average before/after {load_before} / "
      f"{' '.join(open('/proc/loadavg').read().split()[:3])}")
    w(f"iree: iree-compile {' '.join(IREE_FLAGS)}; run: local-task, --task_topology_group_count=T")
    for p in PEERS + PRECISION_PEERS:
        if p in na and (p in peers or p in PEERS):
            w(f"{p}: n/a: {na[p]}")
    MW = max([16] + [len(m) for m in models])  # the model column's width
    hdr = f"{'model':{MW}s} {'T':>2s} " + " ".join(f"{p + ' ms':>25s}" for p in peers) + " " + \
        " ".join(f"{'x ' + p:>20s}" for p in peers if p != "spadc")
    w("")
    w(hdr)
    w("-" * len(hdr))
    for m, T in cells:
        cols = []
        for p in peers:
            st = state.get((p, m, T), {})
            if p in na:
                cols.append("n/a")
            elif "error" in st and not times.get((p, m, T)):
                cols.append(("error: " + st["error"].replace(ROOT + "/", ""))[:300])
            else:
                c = fmt_ms(times.get((p, m, T), []))
                if "error" in st:
                    c += " (then error)"
                cols.append(c)
        rats = []
        for p in peers:
            if p == "spadc":
                continue
            v = ratios.get((p, m, T), [])
            if not v:
                rats.append("-")
            else:
                rats.append(f"{statistics.median(v):.2f}x ({min(v):.2f}-{max(v):.2f})" if len(v) > 1
                            else f"{v[0]:.2f}x")
        wide = [c.startswith("error") for c in cols]
        w(f"{m:{MW}s} {T:2d} " + " ".join(f"{('error (below)' if e else c):>25s}" for c, e in zip(cols, wide)) +
          " " + " ".join(f"{c:>20s}" for c in rats))
        for p, c, e in zip(peers, cols, wide):
            if e:  # an error message does not fit a column: a line of its own
                w(f"{'':{MW + 3}s} {p}: {c}")
    w("(x PEER: PEER's time / spadc's, median of the rounds' ratios; > 1 means spadc is faster)")
    if any(p in PRECISION_PEERS for p in peers):
        w("(spadc-bf16x3, spadc-bf16x6: spadc run --precision bf16x3|bf16x6, f32 contractions through bf16 terms; "
          "x: their time / plain f32 spadc's)")

    w("")
    w("outputs against PyTorch eager (same threads): max abs error, and max abs error / max |eager|")
    for m in models:
        parts = []
        for p in peers:
            if p == "eager":
                continue
            e = [errs[(p, m, T)] for T in threads if (p, m, T) in errs]
            if e:
                ab = max(x[0] for x in e)
                rel = max(x[1] for x in e)
                parts.append(f"{p} {ab:.2e} / {rel:.2e}")
            elif p not in na:
                parts.append(f"{p} -")
        if not any((("eager", m, T) in state and "error" not in state[("eager", m, T)]) for T in threads):
            parts = []
        w(f"  {m:{MW}s} " + ("; ".join(parts) if parts else "no comparison (no eager output)"))

    w("")
    w("spadc's kernels (spadc plan FILE --target cpu --json: kernels[].path)")
    for m in models:
        v = plan.get(m)
        if v is None:
            w(f"  {m:{MW}s} n/a")
        elif isinstance(v, str):
            w(f"  {m:{MW}s} {v}")
        else:
            split = []
            for T in threads:
                f = os.path.join(out, f"spadc-{m}-t{T}.txt")
                if "reps" in state.get(("spadc", m, T), {}) and os.path.exists(f):
                    ref, eng = kernel_split(open(f).read())
                    if ref + eng > 0:
                        split.append(f"t{T} {ref:.1f} of {ref + eng:.1f} ms")
            w(f"  {m:{MW}s} {v[0]:3d} on the engine, {v[1]:3d} on the reference path, of {v[2]}" +
              (f"; time on the reference path (warm-up run's kernel table): {', '.join(split)}" if split else ""))

    inst = os.path.join(out, "install-times.txt")
    w("")
    if os.path.exists(inst) and os.path.getsize(inst):
        w("installs this run (bench/layers.sh):")
        lines.extend("  " + l.rstrip() for l in open(inst))
    else:
        w("installs this run: none (the venv had every pin)")

    setup_lines = [f"  {k[0]} {k[1]}{' t' + str(k[2]) if len(k) > 2 else ''}: {v}" for k, v in setup.items()]
    if setup_lines:
        w("")
        w("setup (not in the table):")
        lines.extend(setup_lines)

    if attn:
        w("")
        w("cpu attention (the fused kernel: spadc run FILE --threads T --repeat 20, its row of the table; FMA peak of")
        w("     the same threads measured just before by build/bench_cpu_gemm; goal at sequence 512: >= 70% of peak)")
        w(f"  {'model':{MW}s} {'T':>2s} {'b x m x n x d':>16s} {'ms':>8s} {'GFLOP/s':>8s} {'peak':>7s} {'%peak':>6s}  score bytes in memory")
        for (m, T), d in attn.items():
            if "error" in d:
                w(f"  {m:{MW}s} {T:2d} error: {d['error']}")
                continue
            pk = f"{d['peak']:7.1f} {100 * d['gflops'] / d['peak']:5.0f}%" if d.get("peak") else f"{'n/a':>7s} {'':6s}"
            w(f"  {m:{MW}s} {T:2d} {d['dims']:>16s} {d['ms']:8.3f} {d['gflops']:8.1f} {pk}  {d['score_bytes']}"
              + ("" if d["path"] == "engine" else "  (reference path)"))

    if a.npu:
        w("")
        w("npu (spadc run FILE --target npu: TPUv3 defaults; simulated cycles of the kernels the npu runs;")
        w("     kernels it leaves on the host are not simulated and not in these cycles)")
        h = f"  {'model':{MW}s} {'cycles':>10s} {'us':>9s} {'roofline':>10s} {'x roof':>7s} {'DRAM bytes':>12s} " \
            f"{'minimum':>12s} {'x min':>6s} {'on npu':>8s} {'err vs eager':>22s}"
        w(h)
        for m in models:
            d = npu.get(m)
            if d is None:
                w(f"  {m:{MW}s} n/a")
                continue
            if "error" in d:
                w(f"  {m:{MW}s} error: {d['error'].replace(ROOT + '/', '')}")
                continue
            if "cycles" not in d:
                w(f"  {m:{MW}s} n/a: run --target npu printed no 'npu total' line")
                continue
            roof = f"{d['roofline']:10d} {d['cycles'] / d['roofline']:6.2f}x" if d.get("roofline") else \
                f"{'n/a':>10s} {'':7s}"
            dma = f"{d['dma']:12d} {d['dma_min']:12d} {d['dma'] / d['dma_min']:5.2f}x" if d.get("dma_min") else \
                f"{'n/a':>12s} {'n/a':>12s} {'':6s}"
            on = f"{d['on_npu'][0]}/{d['on_npu'][1]}" if d.get("on_npu") else "n/a"
            er = f"{d['err'][0]:.2e} / {d['err'][1]:.2e}" if d.get("err") else "-"
            w(f"  {m:{MW}s} {d['cycles']:10d} {d['us']:9.1f} {roof} {dma} {on:>8s} {er:>22s}")
    w("")
    w(f"time: setup {t_setup:.0f} s (inputs, plans, compiles, warm-up), rounds {t_rounds:.0f} s, "
      f"npu {t_npu:.0f} s, attention {time.time() - t_start - t_setup - t_rounds - t_npu:.0f} s; "
      f"total {time.time() - t_start:.0f} s")
    text = "\n".join(lines) + "\n"
    rec("SYS", "load_after", " ".join(open("/proc/loadavg").read().split()[:3]))
    raw.close()
    for name in (f"layers-{stamp}.txt", "layers-latest.txt"):
        with open(os.path.join(out, name), "w") as f:
            f.write(text)
    shutil.copyfile(os.path.join(out, f"layers-{stamp}.raw.txt"), os.path.join(out, "layers-latest.raw.txt"))
    sys.stdout.write(text)
    say(f"(table: {os.path.join(out, f'layers-{stamp}.txt')}; raw: {os.path.join(out, f'layers-{stamp}.raw.txt')})")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "worker":
        wp = argparse.ArgumentParser()
        wp.add_argument("cmd")
        wp.add_argument("peer")
        wp.add_argument("threads", type=int)
        wp.add_argument("--out", required=True)
        wa = wp.parse_args()
        worker_main(wa.peer, wa.threads, wa.out)
    else:
        main()
