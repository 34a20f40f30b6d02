"""dwconvs.py - depthwise convolutions on the cpu (issue 34: depthwise
convolutions at >= 80% of the STREAM bandwidth): spadc against a STREAM-like
copy measured in the same run and PyTorch eager, batch 1.

The layers are MobileNetV2's depthwise 3x3 convolutions (stride 1 and 2,
BatchNorm folded to a per-channel scale and bias, ReLU6) and ConvNeXt's 7x7
one (a bias), NCHW as torch-mlir writes it (tensor.pad,
linalg.depthwise_conv_2d_nchw_chw, the epilogue in a linalg.generic) and
NHWC (linalg.depthwise_conv_2d_nhwc_hwc). Eager runs F.conv2d(groups=C)
with the scale folded into the weights, then hardtanh_(0, 6); NHWC on
channels_last tensors. Bytes are the compulsory traffic: the input (not
the padded one: spadc never writes it), the output, the weights, scale and
bias. The copies are torch's copy_ on the same threads: "stream" between
two 256 MiB buffers (DRAM; STREAM's copy counts read + write bytes), "copy
@size" of as many bytes as the layer moves (a cache-resident copy where
the layer fits in cache, its fair roofline there). Rounds interleave
spadc, eager and the copies; medians are printed.

    ~/.cache/spadc-venv/bin/python bench/dwconvs.py [ROUNDS] [THREADS]

Run from the checkout after `make` (python/ is the package, build/ holds
libspadc.so). Cost: ~30 s with 3 rounds.
"""
import os
import statistics
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, os.path.join(ROOT, "python"))
import numpy as np  # noqa: E402
import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402

import spadc  # noqa: E402
from convs import median_ms, platform_name  # noqa: E402  (bench/convs.py)

# name, layout, C, H (= W), kernel, stride, ReLU6
CASES = [
    ("mnv2 dw3x3 32@112 s1", "nchw", 32, 112, 3, 1, True),
    ("mnv2 dw3x3 96@112 s2", "nchw", 96, 112, 3, 2, True),
    ("mnv2 dw3x3 144@56 s1", "nchw", 144, 56, 3, 1, True),
    ("mnv2 dw3x3 144@56 s2", "nchw", 144, 56, 3, 2, True),
    ("mnv2 dw3x3 192@28 s1", "nchw", 192, 28, 3, 1, True),
    ("mnv2 dw3x3 384@14 s1", "nchw", 384, 14, 3, 1, True),
    ("mnv2 dw3x3 960@7 s1", "nchw", 960, 7, 3, 1, True),
    ("convnext dw7x7 96@56", "nchw", 96, 56, 7, 1, False),
    ("mnv2 dw3x3 144@56 s1", "nhwc", 144, 56, 3, 1, True),
    ("convnext dw7x7 96@56", "nhwc", 96, 56, 7, 1, False),
]


def out_size(h, k, s):
    return (h + 2 * (k // 2) - k) // s + 1


def mlir(layout, C, H, k, s, relu6):
    p, O = k // 2, out_size(H, k, s)
    t = lambda *d: "tensor<%sxf32>" % "x".join(str(x) for x in d)  # noqa: E731
    if layout == "nchw":
        xt, pt, wt, ot = t(1, C, H, H), t(1, C, H + 2 * p, H + 2 * p), t(C, k, k), t(1, C, O, O)
        low, conv, ch = "[0, 0, %d, %d]" % (p, p), "linalg.depthwise_conv_2d_nchw_chw", "d1"
    else:
        xt, pt, wt, ot = t(1, H, H, C), t(1, H + 2 * p, H + 2 * p, C), t(k, k, C), t(1, O, O, C)
        low, conv, ch = "[0, %d, %d, 0]" % (p, p), "linalg.depthwise_conv_2d_nhwc_hwc", "d3"
    lines = ["#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>",
             "#ch = affine_map<(d0, d1, d2, d3) -> (%s)>" % ch,
             "func.func @dw(%%x: %s, %%w: %s, %%s: tensor<%dxf32>, %%b: tensor<%dxf32>) -> %s {" % (xt, wt, C, C, ot),
             "  %cst = arith.constant 0.000000e+00 : f32",
             "  %six = arith.constant 6.000000e+00 : f32",
             "  %%xp = tensor.pad %%x low%s high%s {" % (low, low),
             "  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):",
             "    tensor.yield %cst : f32",
             "  } : %s to %s" % (xt, pt),
             "  %%e = tensor.empty() : %s" % ot,
             "  %%z = linalg.fill ins(%%cst : f32) outs(%%e : %s) -> %s" % (ot, ot),
             "  %%c = %s {dilations = dense<1> : vector<2xi64>, strides = dense<%d> : vector<2xi64>} "
             "ins(%%xp, %%w : %s, %s) outs(%%z : %s) -> %s" % (conv, s, pt, wt, ot, ot),
             "  %%y = linalg.generic {indexing_maps = [#id, #ch, #ch, #id], iterator_types = [\"parallel\", "
             "\"parallel\", \"parallel\", \"parallel\"]} ins(%%c, %%s, %%b : %s, tensor<%dxf32>, tensor<%dxf32>) "
             "outs(%%e : %s) {" % (ot, C, C, ot),
             "  ^bb0(%a: f32, %sc: f32, %bi: f32, %o: f32):",
             "    %m = arith.mulf %a, %sc : f32",
             "    %t = arith.addf %m, %bi : f32"]
    last = "%t"
    if relu6:
        lines += ["    %r = arith.maximumf %t, %cst : f32", "    %r6 = arith.minimumf %r, %six : f32"]
        last = "%r6"
    lines += ["    linalg.yield %s : f32" % last, "  } -> %s" % ot, "  return %%y : %s" % ot, "}"]
    return "\n".join(lines) + "\n"


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    threads = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    torch.set_num_threads(threads)
    rng = np.random.default_rng(0)
    big_a, big_b = torch.ones(64 << 20), torch.empty(64 << 20)  # 256 MiB each
    layers = []
    for name, layout, C, H, k, s, relu6 in CASES:
        O = out_size(H, k, s)
        x = rng.standard_normal((1, C, H, H), dtype=np.float32)
        w = (rng.standard_normal((C, k, k), dtype=np.float32) / k).astype(np.float32)
        sc = rng.uniform(0.5, 1.5, C).astype(np.float32)
        bi = rng.standard_normal(C, dtype=np.float32)
        tx, twf, tb = torch.from_numpy(x), torch.from_numpy(w * sc[:, None, None])[:, None], torch.from_numpy(bi)
        if layout == "nhwc":
            args = [np.ascontiguousarray(x.transpose(0, 2, 3, 1)), np.ascontiguousarray(w.transpose(1, 2, 0)), sc, bi]
            tx, twf = tx.contiguous(memory_format=torch.channels_last), twf.contiguous(memory_format=torch.channels_last)
        else:
            args = [x, w, sc, bi]

        def eager(tx=tx, twf=twf, tb=tb, s=s, p=k // 2, C=C, relu6=relu6):
            with torch.no_grad():
                y = F.conv2d(tx, twf, tb, stride=s, padding=p, groups=C)
                return F.hardtanh_(y, 0.0, 6.0) if relu6 else y

        prog = spadc.compile(text=mlir(layout, C, H, k, s, relu6), threads=threads, time_kernels=False)
        out = np.asarray(prog(*args))
        if layout == "nhwc":
            out = out.transpose(0, 3, 1, 2)
        err = float(np.abs(out - eager().numpy()).max())
        nbytes = 4 * (C * H * H + C * O * O + C * k * k + 2 * C)
        n = nbytes // 8
        ca, cb = torch.ones(n), torch.empty(n)
        plan = prog.plan_text()
        path = "depthwise" if "depthwise, direct" in plan else "REFERENCE" if "reference" in plan else "other"
        layers.append(dict(name=name, layout=layout, prog=prog, args=args, eager=eager, bytes=nbytes, err=err,
                           copy=lambda ca=ca, cb=cb: cb.copy_(ca), s=[], t=[], c=[], st=[], path=path))
    for _ in range(rounds):
        for L in layers:
            L["st"].append(2 * big_a.numel() * 4 / median_ms(lambda: big_b.copy_(big_a), 300) / 1e6)
            L["c"].append(L["bytes"] / median_ms(L["copy"]) / 1e6)
            L["s"].append(median_ms(lambda L=L: L["prog"](*L["args"])))
            L["t"].append(median_ms(L["eager"]))
    stream = statistics.median([v for L in layers for v in L["st"]])
    print("# %s, %d thread(s), %d rounds; stream copy %.1f GB/s (median; range %.1f-%.1f)" % (
        platform_name(), threads, rounds, stream, min(v for L in layers for v in L["st"]),
        max(v for L in layers for v in L["st"])))
    print("%-22s %-5s %7s %9s %8s %8s %9s %9s %9s %8s %9s  %s" % (
        "layer (batch 1)", "", "MB", "spadc ms", "GB/s", "% stream", "copy GB/s", "% copy", "eager ms", "x eager",
        "max |err|", "path"))
    for L in layers:
        s, t = statistics.median(L["s"]), statistics.median(L["t"])
        gbs = L["bytes"] / s / 1e6
        c = statistics.median(L["c"])
        print("%-22s %-5s %7.2f %9.3f %8.1f %7.0f%% %9.1f %8.0f%% %9.3f %7.2fx %9.1e  %s" % (
            L["name"], L["layout"], L["bytes"] / 1e6, s, gbs, 100 * gbs / stream, c, 100 * gbs / c, t, t / s,
            L["err"], L["path"]))


if __name__ == "__main__":
    main()
