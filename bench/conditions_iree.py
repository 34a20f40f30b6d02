"""IREE 3.13 with data tiling as a peer of bench/conditions.sh.

Each case is the problem the peers harness times, written as MLIR the way
bench/peers_ext.c writes it for spadc (tensor.empty + linalg.fill +
linalg.matmul, then a linalg.generic for bias + ReLU), with the weights and
the bias as arguments of the function, so IREE's data tiling packs them in
every call (spadc's args mode); the 3-layer MLP is
../shared/peers/mlir22/src/mlp3_main.mlir's @mlp3 itself (weights and biases
arguments too). Compiled with bench/layers.py's flags (llvm-cpu,
target-cpu=host, --iree-opt-data-tiling, ukernels=all), once per MLIR, flags
and version (cached next to the inputs).

  python conditions_iree.py setup --dir DIR --cases "ffn1 ffn2 mlp gemv mlp3" --mlp3 FILE
      writes DIR/CASE/{kernel.mlir,argN.npy}, compiles DIR/CASE/kernel.vmfb,
      runs it once (iree-run-module) and checks the result against numpy
      (float64): prints "SETUP|case|what|check ..." or "NA|case|why"
  python conditions_iree.py time --dir DIR --case C --threads T [--label L]
      times it with iree-benchmark-module (local-task driver,
      --task_topology_group_count=T, inputs loaded once from the .npy files,
      REPS repetitions of >= MIN_TIME s each, one warm-up): prints one line
      in the peers harness's RES format (GFLOP/s min|median|max over the
      repetitions; bg = cores used by other processes meanwhile, as the
      harness counts it)

iree-benchmark-module times the call itself (invoke + wait, one thread of
the tool driving it): no Python in the timed loop.
"""
import argparse
import hashlib
import json
import os
import resource
import shutil
import subprocess
import sys
import time

import numpy as np

CASES = {  # name: (op, M, N, K), as the peers harness's bias_relu shapes
    "ffn1": ("bias_relu", 512, 3072, 768),
    "ffn2": ("bias_relu", 512, 768, 3072),
    "mlp": ("bias_relu", 256, 1024, 1024),
    "gemv": ("bias_relu", 1, 4096, 4096),
    "mlp3": ("mlp3", 256, 1024, 1024),
}
FLAGS = ["--iree-hal-target-device=local", "--iree-hal-local-target-device-backends=llvm-cpu",
         "--iree-llvmcpu-target-cpu=host", "--iree-opt-data-tiling", "--iree-llvmcpu-enable-ukernels=all"]


def flops(case):
    op, m, n, k = CASES[case]
    return (3 if op == "mlp3" else 1) * 2.0 * m * n * k


def tool(name):
    p = os.path.join(os.path.dirname(sys.executable), name)
    return p if os.access(p, os.X_OK) else shutil.which(name)


def kernel_mlir(m, n, k):
    y = f"tensor<{m}x{n}xf32>"
    return f"""#row = affine_map<(d0, d1) -> (d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @kernel(%x: tensor<{m}x{k}xf32>, %w: tensor<{k}x{n}xf32>, %b: tensor<{n}xf32>) -> {y} {{
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : {y}
  %z = linalg.fill ins(%zero : f32) outs(%e : {y}) -> {y}
  %y = linalg.matmul ins(%x, %w : tensor<{m}x{k}xf32>, tensor<{k}x{n}xf32>) outs(%z : {y}) -> {y}
  %r = linalg.generic {{indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}}
      ins(%y, %b : {y}, tensor<{n}xf32>) outs(%e : {y}) {{
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    %mx = arith.maximumf %s, %zero : f32
    linalg.yield %mx : f32
  }} -> {y}
  return %r : {y}
}}
"""


def only_func(text, name):
    """The module's text with only func.func @name (its attribute aliases
    kept): mlp3_main.mlir's @main calls external functions (printing, the
    clock), which iree-compile rejects."""
    lines = text.splitlines()
    start = next(i for i, ln in enumerate(lines) if f"func.func @{name}(" in ln)
    depth, end = 0, start
    for end in range(start, len(lines)):
        depth += lines[end].count("{") - lines[end].count("}")
        if depth == 0:
            break
    head = [ln for ln in lines[:start] if ln.startswith("#")]
    return "\n".join(head + ["module {"] + lines[start:end + 1] + ["}"]) + "\n"


def inputs(case):
    """The arrays (and the function's name) of a case."""
    op, m, n, k = CASES[case]
    if op == "mlp3":  # @main's generators, as bench/mlp3.c writes them
        i, kk = np.meshgrid(np.arange(m), np.arange(k), indexing="ij")
        x = (((i * 7 + kk * 3) % 17) - 8).astype(np.float32) * np.float32(0.0625)
        arrs = [x]
        kk, nn = np.meshgrid(np.arange(k), np.arange(n), indexing="ij")
        for layer in range(3):
            arrs.append((((kk * 5 + nn * 11 + 3 * layer) % 13) - 6).astype(np.float32) * np.float32(0.015625))
            arrs.append((((np.arange(n) + layer) % 7) - 3).astype(np.float32) * np.float32(0.03125))
        return "mlp3", arrs
    rng = np.random.default_rng(1)
    return "kernel", [rng.uniform(-1, 1, s).astype(np.float32) for s in ((m, k), (k, n), (n,))]


def reference(case, arrs):
    op = CASES[case][0]
    h = arrs[0].astype(np.float64)
    for layer in range(3 if op == "mlp3" else 1):
        h = np.maximum(h @ arrs[1 + 2 * layer].astype(np.float64) + arrs[2 + 2 * layer], 0)
    return h


def setup(a):
    compile_ = tool("iree-compile")
    run = tool("iree-run-module")
    bench = tool("iree-benchmark-module")
    try:
        from importlib.metadata import version
        ver = version("iree-base-compiler")
    except Exception as e:  # noqa: BLE001
        ver = f"? ({type(e).__name__})"
    missing = [n for n, p in (("iree-compile", compile_), ("iree-run-module", run),
                              ("iree-benchmark-module", bench)) if not p]
    flags = [f if f != "--iree-llvmcpu-target-cpu=host" else f"--iree-llvmcpu-target-cpu={a.target_cpu}"
             for f in FLAGS]
    print(f"SYS|iree|iree-base-compiler {ver}; iree-compile {' '.join(flags)}; timed by iree-benchmark-module, "
          f"local-task driver, --task_topology_group_count=T", flush=True)
    for case in a.cases.split():
        if case not in CASES:
            print(f"NA|{case}|unknown case", flush=True)
            continue
        if missing:
            print(f"NA|{case}|no {', '.join(missing)} in {os.path.dirname(sys.executable)} (iree-base-compiler/"
                  "iree-base-runtime 3.13 not installed)", flush=True)
            continue
        d = os.path.join(a.dir, case)
        os.makedirs(d, exist_ok=True)
        op, m, n, k = CASES[case]
        if op == "mlp3":
            with open(a.mlp3) as f:
                text = only_func(f.read(), "mlp3")
        else:
            text = kernel_mlir(m, n, k)
        func, arrs = inputs(case)
        with open(os.path.join(d, "kernel.mlir"), "w") as f:
            f.write(text)
        for i, x in enumerate(arrs):
            p = os.path.join(d, f"arg{i}.npy")
            if not os.path.exists(p) or not np.array_equal(np.load(p, mmap_mode="r"), x):
                np.save(p, x)
        with open(os.path.join(d, "func"), "w") as f:
            f.write(f"{func} {len(arrs)}\n")
        key = hashlib.sha256((text + " ".join(flags) + ver).encode()).hexdigest()
        vmfb, keyf = os.path.join(d, "kernel.vmfb"), os.path.join(d, "kernel.key")
        what = "compiled (cached)"
        if not (os.path.exists(vmfb) and os.path.exists(keyf) and open(keyf).read() == key):
            t0 = time.time()
            r = subprocess.run([compile_, *flags, os.path.join(d, "kernel.mlir"), "-o", vmfb],
                               capture_output=True, text=True, timeout=900)
            if r.returncode:
                err = next((ln for ln in r.stderr.splitlines() if "error" in ln), r.stderr.strip()[-200:])
                print(f"NA|{case}|iree-compile failed: {err[:200]}", flush=True)
                continue
            with open(keyf, "w") as f:
                f.write(key)
            what = f"iree-compile {time.time() - t0:.1f} s"
        out = os.path.join(d, "y.npy")
        r = subprocess.run([run, f"--module={vmfb}", f"--function={func}", "--device=local-task",
                            *[f"--input=@{os.path.join(d, f'arg{i}.npy')}" for i in range(len(arrs))],
                            f"--output=@{out}"], capture_output=True, text=True, timeout=300)
        if r.returncode:
            print(f"NA|{case}|iree-run-module failed: {(r.stderr.strip() or r.stdout.strip())[-200:]}", flush=True)
            continue
        y = np.load(out)
        os.remove(out)
        ref = reference(case, arrs)
        # the harness's tolerance (5e-6 K + 1e-5, inputs in [-1, 1)); the
        # MLP's activations grow layer after layer: relative to max |ref|
        tol = 5e-6 * k + 1e-5 if op != "mlp3" else 1e-5 * max(1.0, float(np.abs(ref).max()))
        err = float(np.abs(y.astype(np.float64) - ref).max()) if y.shape == ref.shape else float("inf")
        ok = err <= tol
        print(f"SETUP|{case}|{what}|check {'PASS' if ok else 'FAIL'} max err {err:.3g} tol {tol:.3g}", flush=True)
        if not ok:
            print(f"NA|{case}|result differs from numpy (max err {err:.3g} > {tol:.3g})", flush=True)


def cpu_stat():
    with open("/proc/stat") as f:
        v = [int(x) for x in f.readline().split()[1:9]]
    hz = os.sysconf("SC_CLK_TCK")
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (v[0] + v[1] + v[2] + v[5] + v[6]) / hz, v[7] / hz, ru.ru_utime + ru.ru_stime, time.time()


def time_case(a):
    d = os.path.join(a.dir, a.case)
    op, m, n, k = CASES[a.case]
    func, nargs = open(os.path.join(d, "func")).read().split()
    cmd = [tool("iree-benchmark-module"), f"--module={os.path.join(d, 'kernel.vmfb')}", f"--function={func}",
           "--device=local-task", f"--task_topology_group_count={a.threads}",
           *[f"--input=@{os.path.join(d, f'arg{i}.npy')}" for i in range(int(nargs))],
           f"--benchmark_repetitions={a.reps}", f"--benchmark_min_time={a.min_time}s",
           "--benchmark_min_warmup_time=0.05", "--benchmark_format=json"]
    s0 = cpu_stat()
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    s1 = cpu_stat()
    key = f"RES|{a.label}|{a.threads}|{op}|{m}|{n}|{k}"
    if r.returncode:
        print(f"{key}||||||||iree-benchmark-module failed: {r.stderr.strip()[-160:]}".replace("\n", " "))
        return 1
    runs = [b for b in json.loads(r.stdout)["benchmarks"] if b.get("run_type") == "iteration"]
    unit = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}
    ts = sorted(b["real_time"] * unit[b["time_unit"]] for b in runs)
    med = ts[len(ts) // 2] if len(ts) % 2 else (ts[len(ts) // 2 - 1] + ts[len(ts) // 2]) / 2
    w = s1[3] - s0[3]
    bg = max(0.0, ((s1[0] - s0[0]) - (s1[2] - s0[2]) + (s1[1] - s0[1])) / w) if w > 0 else 0.0
    f = flops(a.case)
    print(f"{key}|{f / ts[-1] * 1e-9:.2f}|{f / med * 1e-9:.2f}|{f / ts[0] * 1e-9:.2f}||check at setup|"
          f"{runs[0]['iterations']}|{len(ts)}|iree-benchmark-module local-task|{bg:.2f}|1")
    return 0


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("cmd", choices=["setup", "time"])
    p.add_argument("--dir", required=True)
    p.add_argument("--cases", default=" ".join(CASES))
    p.add_argument("--mlp3", default="")
    p.add_argument("--target-cpu", default="host", help="iree-compile's target cpu (haswell for ISA=avx2)")
    p.add_argument("--case")
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--label", default="iree-dt")
    p.add_argument("--reps", type=int, default=7)
    p.add_argument("--min-time", type=float, default=0.1)
    a = p.parse_args()
    if a.cmd == "setup":
        setup(a)
        return 0
    return time_case(a)


if __name__ == "__main__":
    sys.exit(main())
