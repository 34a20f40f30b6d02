"""convs.py - ResNet-style convolution layers on the cpu (issue 34: 3x3 and
1x1 convolutions with C >= 64 at >= 85% of the FMA peak measured in the
same run): spadc against the ISA's FMA peak and PyTorch eager, batch 1.

Each layer is a convolution with its epilogue as a ResNet runs it:
BatchNorm folded to a per-channel scale and bias, ReLU, and (where the name
says +res) a residual added before the ReLU. NCHW is written as torch-mlir
writes it (tensor.pad, linalg.fill, linalg.conv_2d_nchw_fchw, the epilogue
in a linalg.generic after it); NHWC as linalg.conv_2d_nhwc_hwcf. Weights are
function arguments. Eager runs the same layer with the BatchNorm folded
into the convolution's weights and bias (F.conv2d, += residual, relu_),
NHWC with channels_last tensors. Rounds are interleaved (spadc, eager, the
peak), so the host's drift hits all three; medians are printed: ms,
GFLOP/s, % of the FMA peak (measured beside each layer's timings in each
round), spadc's speedup over eager, and the largest difference from eager.

    ~/.cache/spadc-venv/bin/python bench/convs.py [ROUNDS] [THREADS]

Run from the checkout after `make` (python/ is the package, build/ holds
libspadc.so and bench_cpu_gemm, whose 24-chain FMA loop gives the peak of
the ISA spadc runs: SPADC_ISA applies to both). Cost: ~2.5 min with 5 rounds (the peak takes ~1 s a layer a round).
"""
import os
import re
import statistics
import subprocess
import sys
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, os.path.join(ROOT, "python"))
import numpy as np  # noqa: E402
import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402

import spadc  # noqa: E402

# name, layout, C, F, H (= W), kernel, stride, residual
CASES = [
    ("3x3 64->64 56 s1", "nchw", 64, 64, 56, 3, 1, False),
    ("3x3 64->64 56 s1 +res", "nchw", 64, 64, 56, 3, 1, True),
    ("3x3 128->128 28 s1", "nchw", 128, 128, 28, 3, 1, False),
    ("3x3 256->256 14 s1", "nchw", 256, 256, 14, 3, 1, False),
    ("3x3 512->512 7 s1", "nchw", 512, 512, 7, 3, 1, False),
    ("3x3 64->128 56 s2", "nchw", 64, 128, 56, 3, 2, False),
    ("3x3 128->256 28 s2", "nchw", 128, 256, 28, 3, 2, False),
    ("3x3 256->512 14 s2", "nchw", 256, 512, 14, 3, 2, False),
    ("1x1 64->256 56 s1", "nchw", 64, 256, 56, 1, 1, False),
    ("1x1 256->64 56 s1", "nchw", 256, 64, 56, 1, 1, False),
    ("1x1 256->512 56 s2", "nchw", 256, 512, 56, 1, 2, False),
    ("1x1 1024->2048 14 s2", "nchw", 1024, 2048, 14, 1, 2, False),
    ("7x7 3->64 224 s2 (stem)", "nchw", 3, 64, 224, 7, 2, False),
    ("1x1 1024->256 14 s1 +res", "nchw", 1024, 256, 14, 1, 1, True),
    ("3x3 64->64 56 s1", "nhwc", 64, 64, 56, 3, 1, False),
    ("3x3 128->256 28 s2", "nhwc", 128, 256, 28, 3, 2, False),
    ("1x1 64->256 56 s1", "nhwc", 64, 256, 56, 1, 1, False),
]


def out_size(h, k, s):
    return (h + 2 * (k // 2) - k) // s + 1


def mlir(layout, C, Fo, H, k, s, res):
    """The layer as MLIR text: pad, conv, scale, bias, (residual), relu."""
    p, O = k // 2, out_size(H, k, s)
    t = lambda *d: "tensor<%sxf32>" % "x".join(str(x) for x in d)  # noqa: E731
    if layout == "nchw":
        xt, pt, wt, ot = t(1, C, H, H), t(1, C, H + 2 * p, H + 2 * p), t(Fo, C, k, k), t(1, Fo, O, O)
        low = "[0, 0, %d, %d]" % (p, p)
        conv = "linalg.conv_2d_nchw_fchw"
        ch = "d1"
    else:
        xt, pt, wt, ot = t(1, H, H, C), t(1, H + 2 * p, H + 2 * p, C), t(k, k, C, Fo), t(1, O, O, Fo)
        low = "[0, %d, %d, 0]" % (p, p)
        conv = "linalg.conv_2d_nhwc_hwcf"
        ch = "d3"
    args = "%%x: %s, %%w: %s, %%s: tensor<%dxf32>, %%b: tensor<%dxf32>" % (xt, wt, Fo, Fo)
    if res:
        args += ", %%r: %s" % ot
    lines = ["#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>",
             "#ch = affine_map<(d0, d1, d2, d3) -> (%s)>" % ch,
             "func.func @conv(%s) -> %s {" % (args, ot),
             "  %cst = arith.constant 0.000000e+00 : f32"]
    src = "%x"
    if p:
        lines += ["  %%xp = tensor.pad %%x low%s high%s {" % (low, low),
                  "  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):",
                  "    tensor.yield %cst : f32",
                  "  } : %s to %s" % (xt, pt)]
        src = "%xp"
    ins, types = "%c, %s, %b", "%s, tensor<%dxf32>, tensor<%dxf32>" % (ot, Fo, Fo)
    maps = "#id, #ch, #ch"
    if res:
        ins, types, maps = ins + ", %r", types + ", " + ot, maps + ", #id"
    lines += ["  %%e = tensor.empty() : %s" % ot,
              "  %%z = linalg.fill ins(%%cst : f32) outs(%%e : %s) -> %s" % (ot, ot),
              "  %%c = %s {dilations = dense<1> : vector<2xi64>, strides = dense<%d> : vector<2xi64>} "
              "ins(%s, %%w : %s, %s) outs(%%z : %s) -> %s" % (conv, s, src, pt if p else xt, wt, ot, ot),
              "  %%y = linalg.generic {indexing_maps = [%s, #id], iterator_types = [\"parallel\", \"parallel\", "
              "\"parallel\", \"parallel\"]} ins(%s : %s) outs(%%e : %s) {" % (maps, ins, types, ot),
              "  ^bb0(%%a: f32, %%sc: f32, %%bi: f32, %s%%o: f32):" % ("%rr: f32, " if res else ""),
              "    %m = arith.mulf %a, %sc : f32",
              "    %t = arith.addf %m, %bi : f32"]
    last = "%t"
    if res:
        lines += ["    %t2 = arith.addf %t, %rr : f32"]
        last = "%t2"
    lines += ["    %%v = arith.maximumf %s, %%cst : f32" % last,
              "    linalg.yield %v : f32",
              "  } -> %s" % ot,
              "  return %%y : %s" % ot,
              "}"]
    return "\n".join(lines) + "\n"


def median_ms(fn, target_ms=150):
    fn()
    t = time.perf_counter()
    fn()
    one = max(time.perf_counter() - t, 1e-6)
    reps = max(5, int(target_ms / 1e3 / one))
    ts = []
    for _ in range(reps):
        t = time.perf_counter()
        fn()
        ts.append(time.perf_counter() - t)
    return statistics.median(ts) * 1e3


def fma_peak(threads):
    """GFLOP/s of the FMA loop of bench_cpu_gemm (the ISA spadc runs)."""
    exe = os.path.join(ROOT, "build", "bench_cpu_gemm")
    out = subprocess.run([exe, "--threads", str(threads), "--ops", "gemm", "--shapes", "64x64x64", "--min-ms", "2"],
                         capture_output=True, text=True, check=True).stdout
    isa = re.search(r"ISA (\S+);", out)
    return float(re.search(r"peak %d thread\(s\): ([0-9.]+)" % threads, out).group(1)), isa.group(1) if isa else "?"


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    threads = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    torch.set_num_threads(threads)
    rng = np.random.default_rng(0)
    layers = []
    for name, layout, C, Fo, H, k, s, res in CASES:
        O = out_size(H, k, s)
        x = rng.standard_normal((1, C, H, H), dtype=np.float32)
        w = (rng.standard_normal((Fo, C, k, k), dtype=np.float32) / np.sqrt(C * k * k)).astype(np.float32)
        sc = rng.uniform(0.5, 1.5, Fo).astype(np.float32)
        bi = rng.standard_normal(Fo, dtype=np.float32)
        r = rng.standard_normal((1, Fo, O, O), dtype=np.float32) if res else None
        tx, tw = torch.from_numpy(x), torch.from_numpy(w)
        twf, tb = tw * torch.from_numpy(sc)[:, None, None, None], torch.from_numpy(bi)
        tr = torch.from_numpy(r) if res else None
        if layout == "nhwc":  # spadc's arrays NHWC / HWCF; eager's channels_last
            args = [np.ascontiguousarray(x.transpose(0, 2, 3, 1)), np.ascontiguousarray(w.transpose(2, 3, 1, 0)), sc, bi]
            if res:
                args.append(np.ascontiguousarray(r.transpose(0, 2, 3, 1)))
            tx, twf = tx.contiguous(memory_format=torch.channels_last), twf.contiguous(memory_format=torch.channels_last)
            if res:
                tr = tr.contiguous(memory_format=torch.channels_last)
        else:
            args = [x, w, sc, bi] + ([r] if res else [])

        def eager(tx=tx, twf=twf, tb=tb, tr=tr, s=s, p=k // 2):
            with torch.no_grad():
                y = F.conv2d(tx, twf, tb, stride=s, padding=p)
                if tr is not None:
                    y += tr
                return y.relu_()

        prog = spadc.compile(text=mlir(layout, C, Fo, H, k, s, res), threads=threads, time_kernels=False)
        out = np.asarray(prog(*args))
        if layout == "nhwc":
            out = out.transpose(0, 3, 1, 2)
        err = float(np.abs(out - eager().numpy()).max())
        flops = 2.0 * Fo * C * k * k * O * O
        layers.append(dict(name=name, layout=layout, prog=prog, args=args, eager=eager, flops=flops, err=err,
                           s=[], t=[], pct=[], ratio=[], path="engine" if "reference" not in prog.plan_text() else "REFERENCE"))
    peaks, isa = [], "?"
    for _ in range(rounds):  # interleaved: the host's drift hits every column
        for L in layers:
            # the peak next to each layer's timings: a VM's other vCPU (an SMT
            # sibling, here loaded by others at times) moves it by 25%
            pk, isa = fma_peak(threads)
            peaks.append(pk)
            s = median_ms(lambda L=L: L["prog"](*L["args"]))
            t = median_ms(L["eager"])
            L["s"].append(s)
            L["t"].append(t)
            L["pct"].append(100 * L["flops"] / s / 1e6 / pk)
            L["ratio"].append(t / s)
    print("# %s, ISA %s, %d thread(s), %d rounds; FMA peak %.1f GFLOP/s (median of %d, each measured beside one "
          "layer's timings; range %.1f-%.1f); %% peak and x eager are medians of each round's ratio"
          % (platform_name(), isa, threads, rounds, statistics.median(peaks), len(peaks), min(peaks), max(peaks)))
    print("# %% top: of the highest peak of the run (the core unloaded: conservative where the load moved)")
    print("%-28s %-5s %9s %9s %8s %7s %8s %9s %8s %9s" % ("layer (batch 1)", "", "spadc ms", "GFLOP/s", "% peak", "% top",
                                                         "eager ms", "eager GF/s", "x eager", "max |err|"))
    for L in layers:
        s, t = statistics.median(L["s"]), statistics.median(L["t"])
        gs, gt = L["flops"] / s / 1e6, L["flops"] / t / 1e6
        print("%-28s %-5s %9.3f %9.1f %7.1f%% %6.1f%% %8.3f %9.1f %7.2fx %9.1e%s" % (
            L["name"], L["layout"], s, gs, statistics.median(L["pct"]), 100 * gs / max(peaks), t, gt,
            statistics.median(L["ratio"]), L["err"], "" if L["path"] == "engine" else "  (" + L["path"] + ")"))


def platform_name():
    """lscpu's model name (the CPU varies between machines)."""
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True).stdout
        return next((l.split(":", 1)[1].strip() for l in out.splitlines() if l.startswith("Model name")), "?")
    except OSError:
        return "?"


if __name__ == "__main__":
    main()
