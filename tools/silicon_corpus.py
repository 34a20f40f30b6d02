#!/usr/bin/env python3
"""Regenerate tests/corpus/silicon/: the ten TPUv3 calibration workloads.

The workloads of ../shared/notes/tpuv3-silicon.md ("Calibration rows"), as
PyTorch writes them and torch-mlir's FX importer exports them
(output_type="linalg-on-tensors"), for bench/silicon.sh and
tests/cli/silicon.sh. Run with the interpreter of a venv that holds
tools/torch_requirements.txt (`make test-torch` makes it):

    ~/.cache/spadc-venv/bin/python tools/silicon_corpus.py [--out DIR]

Per workload NAME (the names of tests/corpus/silicon/workloads.csv) it
writes NAME.mlir, function @NAME, whose arguments are the workload's inputs
and then its weights (a module's parameters become arguments through
torch.func.functional_call, so no weight is a dense constant and the files
stay small). Only MLIR is written: no .npy inputs or results (the bench and
its test run on seeded inputs). Variants that are not calibration rows (the
convolutions as channels_last tensors, *_nhwc) are written beside them.

workloads.csv and README.md in --out are kept (they are hand-written: the
silicon cycles and the four peers' predictions come from the note); every
.mlir file there is deleted first, and every workload of workloads.csv must
have a definition here and the other way round.

Deterministic: one thread, torch.use_deterministic_algorithms, each
workload's generator seeded from the CRC-32 of its name (the values only
matter to the eager check of the weights-as-arguments wrapper); a second run
writes the same bytes.
"""

import argparse
import csv
import math
import os
import sys
import time
import zlib

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch_mlir import fx


# ---------------------------------------------------------------- workloads

class Matmul(nn.Module):
    """gemm_MxKxN: torch.matmul(A[M,K], B[K,N])."""

    def forward(self, a, b):
        return torch.matmul(a, b)


class ColumnSoftmaxAttention(nn.Module):
    """attention_HxSxD, written as the note (and PyTorchSim's attention
    test) writes it: scores = k @ q^T / sqrt(D), a softmax over dim -2 (the
    "column" spelling), out = v^T @ p, which is [H, D, S]."""

    def forward(self, q, k, v):
        scores = torch.matmul(k, q.transpose(-2, -1)) / math.sqrt(q.size(-1))
        p = scores.softmax(dim=-2)
        return torch.matmul(v.transpose(-1, -2), p)


class ConvNHWC(nn.Module):
    """The same convolution on channels_last data: the input is the NHWC
    tensor and the weight the OHWI tensor that channels_last tensors hold in
    memory; both are permuted to NCHW/OIHW for the convolution and the
    result permuted back to NHWC (torch.export keeps only logical shapes, so
    a memory format has to be spelled with permutes)."""

    def __init__(self, conv):
        super().__init__()
        self.stride, self.padding = conv.stride, conv.padding
        self.weight = nn.Parameter(conv.weight.detach().permute(0, 2, 3, 1).contiguous())

    def forward(self, x_nhwc):
        y = F.conv2d(x_nhwc.permute(0, 3, 1, 2), self.weight.permute(0, 3, 1, 2),
                     stride=self.stride, padding=self.padding)
        return y.permute(0, 2, 3, 1)


class EncoderBlock(nn.Module):
    """bert_base: the BERT-base encoder block of PyTorchSim's
    tests/Fusion/test_transformer_fusion.py, EncoderBlock(768, 12) on a
    [S, d] = [512, 768] input, computed as that block computes it:
      q, k, v = Linear(d, d)(x) each, viewed [S, h, d/h] and transposed to
                [h, S, d/h];
      p       = softmax over dim -2 of k @ q^T / sqrt(d/h)     [h, S, S];
      a       = (v^T @ p).view(-1, d)                          [S, d]
                (a plain view of the [h, d/h, S] result, as there);
      r1      = LayerNorm(d)((Wo @ a^T + bo[:, None])^T + x)    Wo [d, d];
      f       = relu(Linear(d, 4d)(r1));
      out     = LayerNorm(d)((W2 @ f^T + b2[:, None])^T + r1)   W2 [d, 4d].
    The original's unused modules (a third LayerNorm and an nn.Linear ffn2
    that the forward never calls) are left out, so every argument is used.
    The original initialises Wo, W2 and their biases with torch.randn
    (unscaled); the values do not matter here."""

    def __init__(self, d, heads):
        super().__init__()
        self.h, self.dk = heads, d // heads
        self.q = nn.Linear(d, d)
        self.k = nn.Linear(d, d)
        self.v = nn.Linear(d, d)
        self.wo = nn.Parameter(torch.randn(d, d))
        self.bo = nn.Parameter(torch.randn(d))
        self.ln1 = nn.LayerNorm(d)
        self.ffn1 = nn.Linear(d, 4 * d)
        self.w2 = nn.Parameter(torch.randn(d, 4 * d))
        self.b2 = nn.Parameter(torch.randn(d))
        self.ln2 = nn.LayerNorm(d)

    def heads(self, t):
        return t.view(-1, self.h, self.dk).transpose(0, 1)

    def forward(self, x):
        q, k, v = self.heads(self.q(x)), self.heads(self.k(x)), self.heads(self.v(x))
        scores = torch.matmul(k, q.transpose(-2, -1)) / math.sqrt(self.dk)
        p = scores.softmax(dim=-2)
        a = torch.matmul(v.transpose(-1, -2), p).view(-1, self.h * self.dk)
        r1 = self.ln1((torch.matmul(self.wo, a.transpose(-1, -2)) + self.bo[:, None]).transpose(-1, -2) + x)
        f = torch.relu(self.ffn1(r1))
        return self.ln2((torch.matmul(self.w2, f.transpose(-1, -2)) + self.b2[:, None]).transpose(-1, -2) + r1)


def workloads():
    """name -> builder(generator) returning (module, inputs) in eval mode."""

    def gemm(m, k, n):
        return lambda g: (Matmul(), [torch.randn(m, k, generator=g), torch.randn(k, n, generator=g)])

    def conv(b, h, w, ci, co, ks, s, p, nhwc=False):
        def build(g):
            c = nn.Conv2d(ci, co, ks, stride=s, padding=p, bias=False)
            if nhwc:
                return ConvNHWC(c), [torch.randn(b, h, w, ci, generator=g)]
            return c, [torch.randn(b, ci, h, w, generator=g)]
        return build

    def attention(h, s, d):
        return lambda g: (ColumnSoftmaxAttention(),
                          [torch.randn(h, s, d, generator=g) for _ in range(3)])

    def layernorm(n, c):
        return lambda g: (nn.LayerNorm(c), [torch.randn(n, c, generator=g)])

    def softmax(n, c):
        return lambda g: (nn.Softmax(dim=1), [torch.randn(n, c, generator=g)])

    def bert(g):
        return EncoderBlock(768, 12), [torch.randn(512, 768, generator=g)]

    specs = {f"gemm_{n}x{n}x{n}": gemm(n, n, n) for n in (256, 512, 1024, 2048)}
    for b, h, w, ci, co, ks, s, p in ((64, 56, 56, 64, 64, 3, 1, 1), (64, 14, 14, 256, 256, 3, 1, 1)):
        name = f"conv_{b}x{h}x{w}x{ci}x{co}x{ks}x{s}x{p}"
        specs[name] = conv(b, h, w, ci, co, ks, s, p)
        specs[name + "_nhwc"] = conv(b, h, w, ci, co, ks, s, p, nhwc=True)
    specs["attention_12x512x64"] = attention(12, 512, 64)
    specs["layernorm_512x768"] = layernorm(512, 768)
    specs["softmax_2048x2048"] = softmax(2048, 2048)
    specs["bert_base"] = bert
    return specs


# ---------------------------------------------------------------- export

class WeightsAsArgs(nn.Module):
    """forward(*inputs, *weights): the module with its parameters (in
    named_parameters order) as explicit inputs."""

    def __init__(self, model, n_inputs):
        super().__init__()
        self.model = model
        self.n_inputs = n_inputs
        self.names = [n for n, _ in model.named_parameters()]

    def forward(self, *args):
        inputs, weights = args[:self.n_inputs], args[self.n_inputs:]
        return torch.func.functional_call(self.model, dict(zip(self.names, weights)), inputs)


def export(name, model, inputs):
    """The module's MLIR text, checking the wrapper against the model."""
    weights = [p.detach().clone() for _, p in model.named_parameters()]
    wrapped = WeightsAsArgs(model, len(inputs)).eval()
    args = list(inputs) + weights
    with torch.no_grad():
        want = model(*inputs)
        got = wrapped(*args)
    if not torch.allclose(got, want, rtol=0, atol=1e-5 * max(1.0, want.abs().max().item())):
        sys.exit(f"{name}: the weights-as-arguments wrapper differs from the model")
    module = fx.export_and_import(wrapped, *args, output_type="linalg-on-tensors", func_name=name)
    text = str(module)
    for line in text.splitlines():
        # weights are arguments: no constant may hold a tensor's values
        if "dense<\"0x" in line or "dense_resource" in line:
            sys.exit(f"{name}: a dense constant in the export: {line.strip()[:120]}")
    return text if text.endswith("\n") else text + "\n", len(args)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                  "..", "tests", "corpus", "silicon"))
    ap.add_argument("--only", help="comma-separated workload names (default: all)")
    args = ap.parse_args()
    out_dir = os.path.normpath(args.out)
    os.makedirs(out_dir, exist_ok=True)
    specs = workloads()

    csv_path = os.path.join(out_dir, "workloads.csv")
    if os.path.exists(csv_path):
        with open(csv_path, newline="") as f:
            rows = [r["workload"] for r in csv.DictReader(f)]
        missing = [r for r in rows if r not in specs]
        extra = [n for n in specs if n not in rows and not n.endswith("_nhwc")]
        if missing or extra:
            sys.exit(f"workloads.csv and this script disagree: not defined here {missing}, "
                     f"not in the CSV {extra}")

    names = list(specs)
    if args.only:
        names = args.only.split(",")
        for n in names:
            if n not in specs:
                sys.exit(f"no workload {n}; known: {', '.join(specs)}")
    else:
        for f in os.listdir(out_dir):
            if f.endswith(".mlir"):
                os.remove(os.path.join(out_dir, f))

    torch.set_num_threads(1)
    torch.use_deterministic_algorithms(True)
    t_all = time.time()
    for name in names:
        t0 = time.time()
        seed = zlib.crc32(name.encode())
        torch.manual_seed(seed)
        g = torch.Generator().manual_seed(seed)
        model, inputs = specs[name](g)
        model.eval()
        text, n_args = export(name, model, inputs)
        path = os.path.join(out_dir, f"{name}.mlir")
        with open(path, "w") as f:
            f.write(text)
        print(f"{name:32s} {n_args:3d} arguments {len(text) / 1024:7.1f} KiB {time.time() - t0:6.1f} s",
              flush=True)
    print(f"{len(names)} workloads in {out_dir}, {time.time() - t_all:.1f} s")


if __name__ == "__main__":
    main()
