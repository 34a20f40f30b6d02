"""attention_bf16.py - bf16 attention on the cpu: spadc against PyTorch eager
(issue 34's "the fused attention in bf16"). Two spellings of BERT-base's
heads (12 heads of 64, a bf16 additive mask) at 128 and 512 tokens:

  model   what a bf16 model computes: S = Q K^T / 8 + mask in bf16, the
          softmax in f32, P rounded to bf16, P V (torch-mlir: bf16
          contractions summing in f32; spadc fuses them into one attention
          kernel, its products in bf16 pairs where VDPBF16PS pays)
  sdpa    torch.nn.functional.scaled_dot_product_attention on bf16 tensors
          (torch-mlir decomposes it into an f32 attention of widened,
          pre-scaled Q and K; eager runs its own fused bf16 kernel)

Each is compiled by spadc.torch (torch-mlir) and timed beside eager on the
same inputs in interleaved rounds, at 1 and 2 threads; prints the median ms
of each, spadc's speedup, the largest difference from eager (both round to
bf16: an ulp of the output's scale is 2^-8 of it), and spadc's plan of the
attention (fused or not, bf16 pairs or not).

    ~/.cache/spadc-venv/bin/python bench/attention_bf16.py [ROUNDS]

Run from the checkout after `make` (the package is python/, the library
build/libspadc.so). Cost: ~1 minute with 5 rounds.
"""
import os
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
import torch  # noqa: E402

import spadc.torch  # noqa: E402
from pools import median_ms  # noqa: E402  (bench/, this script's directory)


class ModelAttention(torch.nn.Module):
    def forward(self, q, k, v, mask):
        s = (q @ k.transpose(-1, -2)) / 8 + mask
        p = torch.softmax(s.float(), -1).to(torch.bfloat16)
        return p @ v


class SDPA(torch.nn.Module):
    def forward(self, q, k, v, mask):
        return torch.nn.functional.scaled_dot_product_attention(q, k, v, attn_mask=mask, scale=0.125)


CASES = [  # name, module, (heads, tokens, head dim), mask shape
    ("model", ModelAttention, (12, 128, 64), lambda s: (s,)),
    ("model", ModelAttention, (12, 512, 64), lambda s: (s,)),
    ("sdpa", SDPA, (12, 128, 64), lambda s: (s, s)),
    ("sdpa", SDPA, (12, 512, 64), lambda s: (s, s)),
]


SPADC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "build", "spadc")


def plan_of(compiled, threads):
    """Whether spadc's plan (build/spadc plan on the exported MLIR) fuses
    the attention, and with bf16 pairs."""
    with tempfile.NamedTemporaryFile("w", suffix=".mlir") as f:
        f.write(compiled.mlir)
        f.flush()
        text = subprocess.run([SPADC, "plan", f.name, "--threads", str(threads)], capture_output=True,
                              text=True).stdout
    for line in text.splitlines():
        if "attention:" in line:
            return "fused" + (", bf16 pairs" if "bf16 pairs" in line else "")
    return "not fused"


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    torch.manual_seed(0)
    rows = []
    for threads in (1, 2):
        torch.set_num_threads(threads)
        for name, cls, (h, s, d), mask_shape in CASES:
            q, k, v = (torch.randn(1, h, s, d).to(torch.bfloat16) for _ in range(3))
            mask = torch.randn(*mask_shape(s)).to(torch.bfloat16)
            args = (q, k, v, mask)
            m = cls().eval()
            c = spadc.torch.compile(m, args, threads=threads)
            with torch.no_grad():
                want = m(*args).float()
                err = (c(*args).float() - want).abs().max().item() / want.abs().max().item()
                sp, ea = [], []
                for _ in range(rounds):  # interleaved: the host's drift hits both
                    sp.append(median_ms(c, *args))
                    ea.append(median_ms(m, *args))
            rows.append((threads, "%s %dx%dx%d" % (name, h, s, d), statistics.median(sp), statistics.median(ea),
                         min(sp), max(sp), err, plan_of(c, threads)))
    print("bf16 attention, batch 1, median ms of %d interleaved rounds (spadc's range)" % rounds)
    print("%3s %-18s %20s %10s %8s %12s  %s" % ("thr", "case", "spadc ms", "eager ms", "x eager", "err/max|y|",
                                                 "spadc's plan"))
    for t, case, s, e, lo, hi, err, plan in rows:
        print("%3d %-18s %8.3f (%.3f-%.3f) %10.3f %7.2fx %12.1e  %s" % (t, case, s, lo, hi, e, e / s, err, plan))


if __name__ == "__main__":
    main()
