#!/usr/bin/env python3
"""Regenerate tests/corpus/torch/: models as PyTorch and torch-mlir write them.

Run with the interpreter of a venv that holds tools/torch_requirements.txt
(it is not part of `make test`; its outputs are committed):

    ~/.cache/spadc-venv/bin/python tools/torch_corpus.py [--out DIR]

Per model NAME it writes:
  NAME.mlir         torch-mlir's linalg-on-tensors output, function @NAME
                    (the ONNX variants keep the importer's @main_graph); the
                    weights are function arguments after the model's inputs,
                    so the files stay small and the values live in .npy files
  NAME.argI.npy     one per function argument, in argument order
  NAME.outI.npy     PyTorch's own results, eager on the CPU (float32; the
                    bf16 variants' in bfloat16)
plus one frozen variant (mlp_frozen: weights as dense_resource blobs),
variants through torch.onnx.export + torch-mlir's ONNX importer (*_onnx),
and bf16 variants (*_bf16: the same model and inputs .to(torch.bfloat16));
numpy has no bfloat16, so a bf16 tensor's .npy holds its bit patterns as
little-endian uint16 ('<u2'), as `spadc run` reads and writes them.

Deterministic: every model seeds torch from its name, one thread, and
torch.use_deterministic_algorithms; a second run writes the same bytes.
Everything under --out except README.md is deleted first.
"""

import argparse
import copy
import logging
import math
import os
import sys
import tempfile
import time
import zlib

import numpy as np
import onnx
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch_mlir import fx
from torch_mlir.compiler_utils import run_pipeline_with_repro_report
from torch_mlir.dialects import torch as torch_d
from torch_mlir.extras import onnx_importer
from torch_mlir.ir import Context


# ---------------------------------------------------------------- models

class MLP(nn.Module):
    """Three Linear layers with ReLU between them (and none after the last)."""

    def __init__(self, d_in, d_hidden, d_out):
        super().__init__()
        self.fc1 = nn.Linear(d_in, d_hidden)
        self.fc2 = nn.Linear(d_hidden, d_hidden)
        self.fc3 = nn.Linear(d_hidden, d_out)

    def forward(self, x):
        return self.fc3(torch.relu(self.fc2(torch.relu(self.fc1(x)))))


class BertFFN(nn.Module):
    """BERT's feed-forward half: x + W2 gelu(W1 x + b1) + b2 (erf GELU)."""

    def __init__(self, d, ff):
        super().__init__()
        self.intermediate = nn.Linear(d, ff)
        self.output = nn.Linear(ff, d)

    def forward(self, x):
        return x + self.output(F.gelu(self.intermediate(x)))


class BertLayer(nn.Module):
    """One BERT encoder layer written out as HF's BertLayer computes it
    (post-LN, erf GELU); attention_mask is 1 for tokens, 0 for padding and
    becomes the additive (1 - m) * -10000 mask of the original BERT."""

    def __init__(self, d, heads, ff, eps=1e-12):
        super().__init__()
        self.heads, self.hd = heads, d // heads
        self.query = nn.Linear(d, d)
        self.key = nn.Linear(d, d)
        self.value = nn.Linear(d, d)
        self.attn_out = nn.Linear(d, d)
        self.ln1 = nn.LayerNorm(d, eps=eps)
        self.intermediate = nn.Linear(d, ff)
        self.output = nn.Linear(ff, d)
        self.ln2 = nn.LayerNorm(d, eps=eps)

    def split(self, t):
        b, s, _ = t.shape
        return t.view(b, s, self.heads, self.hd).permute(0, 2, 1, 3)

    def forward(self, x, attention_mask):
        b, s, d = x.shape
        q, k, v = self.split(self.query(x)), self.split(self.key(x)), self.split(self.value(x))
        scores = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(self.hd)
        scores = scores + (1.0 - attention_mask[:, None, None, :]) * -10000.0
        probs = torch.softmax(scores, dim=-1)
        ctx = torch.matmul(probs, v).permute(0, 2, 1, 3).reshape(b, s, d)
        h = self.ln1(self.attn_out(ctx) + x)
        return self.ln2(self.output(F.gelu(self.intermediate(h))) + h)


class EncoderLayerMasked(nn.Module):
    """nn.TransformerEncoderLayer called with a key padding mask (True = pad)."""

    def __init__(self, layer):
        super().__init__()
        self.layer = layer

    def forward(self, x, pad):
        return self.layer(x, src_key_padding_mask=pad)


class Conv1D(nn.Module):
    """GPT-2's Conv1D: a Linear with the weight stored [in, out], via addmm."""

    def __init__(self, nx, nf):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(nx, nf) * 0.02)
        self.bias = nn.Parameter(torch.randn(nf) * 0.02)

    def forward(self, x):
        shape = x.shape[:-1] + (self.weight.shape[1],)
        return torch.addmm(self.bias, x.reshape(-1, x.shape[-1]), self.weight).view(shape)


def gelu_new(x):
    """GPT-2's tanh GELU, with x**3 as GPT-2 writes it."""
    return 0.5 * x * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * torch.pow(x, 3.0))))


class GPT2Block(nn.Module):
    """GPT-2 block: pre-LN, causal self-attention (masked with finfo.min as HF
    does), tanh GELU MLP, two residuals."""

    def __init__(self, d, heads, seq, eps=1e-5):
        super().__init__()
        self.heads, self.hd = heads, d // heads
        self.ln_1 = nn.LayerNorm(d, eps=eps)
        self.c_attn = Conv1D(d, 3 * d)
        self.attn_proj = Conv1D(d, d)
        self.ln_2 = nn.LayerNorm(d, eps=eps)
        self.c_fc = Conv1D(d, 4 * d)
        self.mlp_proj = Conv1D(4 * d, d)
        # Persistent: torch-mlir's frozen import looks every buffer up in the
        # state dict and fails on a non-persistent one ("Could not find
        # state mapping for buffer"), which HF's GPT-2 of late declares.
        self.register_buffer("bias", torch.tril(torch.ones(seq, seq, dtype=torch.bool)).view(1, 1, seq, seq))

    def attn(self, x):
        b, s, d = x.shape
        q, k, v = self.c_attn(x).split(d, dim=2)
        q, k, v = (t.view(b, s, self.heads, self.hd).transpose(1, 2) for t in (q, k, v))
        w = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(self.hd)
        w = torch.where(self.bias[:, :, :s, :s], w, torch.tensor(torch.finfo(w.dtype).min, dtype=w.dtype))
        w = torch.softmax(w, dim=-1)
        a = torch.matmul(w, v).transpose(1, 2).reshape(b, s, d)
        return self.attn_proj(a)

    def forward(self, x):
        h = x + self.attn(self.ln_1(x))
        return h + self.mlp_proj(gelu_new(self.c_fc(self.ln_2(h))))


class RMSNorm(nn.Module):
    """LLaMA's RMSNorm."""

    def __init__(self, d, eps=1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))
        self.eps = eps

    def forward(self, x):
        var = x.pow(2).mean(-1, keepdim=True)
        return self.weight * (x * torch.rsqrt(var + self.eps))


class LlamaMLP(nn.Module):
    """LLaMA's MLP half-layer: x + down(silu(gate(n)) * up(n)), n = RMSNorm(x)."""

    def __init__(self, d, ff):
        super().__init__()
        self.norm = RMSNorm(d)
        self.gate_proj = nn.Linear(d, ff, bias=False)
        self.up_proj = nn.Linear(d, ff, bias=False)
        self.down_proj = nn.Linear(ff, d, bias=False)

    def forward(self, x):
        n = self.norm(x)
        return x + self.down_proj(F.silu(self.gate_proj(n)) * self.up_proj(n))


class PatchEmbed(nn.Module):
    """ViT's patch embedding: conv with stride = kernel = patch, flatten, transpose."""

    def __init__(self, c, d, patch):
        super().__init__()
        self.proj = nn.Conv2d(c, d, kernel_size=patch, stride=patch)

    def forward(self, x):
        return self.proj(x).flatten(2).transpose(1, 2)


class BasicBlock(nn.Module):
    """torchvision's ResNet BasicBlock (stride 1, no downsample)."""

    def __init__(self, c):
        super().__init__()
        self.conv1 = nn.Conv2d(c, c, 3, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(c)
        self.conv2 = nn.Conv2d(c, c, 3, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(c)

    def forward(self, x):
        out = torch.relu(self.bn1(self.conv1(x)))
        return torch.relu(self.bn2(self.conv2(out)) + x)


class BasicBlockFolded(nn.Module):
    """The same block with each BatchNorm folded into its conv (conv + bias)."""

    def __init__(self, block):
        super().__init__()
        fuse = torch.nn.utils.fusion.fuse_conv_bn_eval
        self.conv1 = fuse(block.conv1, block.bn1)
        self.conv2 = fuse(block.conv2, block.bn2)

    def forward(self, x):
        return torch.relu(self.conv2(torch.relu(self.conv1(x))) + x)


class InvertedResidual(nn.Module):
    """torchvision's MobileNetV2 InvertedResidual, stride 1 with the residual:
    1x1 expand + BN + ReLU6, 3x3 depthwise + BN + ReLU6, 1x1 project + BN."""

    def __init__(self, c, expand):
        super().__init__()
        h = c * expand
        self.expand = nn.Conv2d(c, h, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(h)
        self.dw = nn.Conv2d(h, h, 3, padding=1, groups=h, bias=False)
        self.bn2 = nn.BatchNorm2d(h)
        self.project = nn.Conv2d(h, c, 1, bias=False)
        self.bn3 = nn.BatchNorm2d(c)

    def forward(self, x):
        y = F.relu6(self.bn1(self.expand(x)))
        y = F.relu6(self.bn2(self.dw(y)))
        return x + self.bn3(self.project(y))


class Pools(nn.Module):
    """ResNet's stem max pool, a 2x2 average pool after it, and the global
    average pool + flatten of its head: three results."""

    def forward(self, x):
        m = F.max_pool2d(x, kernel_size=3, stride=2, padding=1)
        return m, F.avg_pool2d(m, 2), F.adaptive_avg_pool2d(m, 1).flatten(1)


class TCNBlock(nn.Module):
    """A temporal convolution block (every nn.Conv1d reaches linalg as
    tensor.pad + linalg.conv_1d_ncw_fcw, the bias broadcast and added after):
    a dilated Conv1d + ReLU, a depthwise Conv1d (groups = channels) and a
    pointwise one, a residual, a strided Conv1d without bias + GELU, and a
    max_pool1d."""

    def __init__(self, c):
        super().__init__()
        self.conv = nn.Conv1d(c, c, 3, padding=2, dilation=2)
        self.dw = nn.Conv1d(c, c, 5, padding=2, groups=c)
        self.pw = nn.Conv1d(c, c, 1)
        self.down = nn.Conv1d(c, 2 * c, 3, stride=2, padding=1, bias=False)

    def forward(self, x):
        y = x + self.pw(self.dw(torch.relu(self.conv(x))))
        return F.max_pool1d(F.gelu(self.down(y)), 2)


class Conv3dBlock(nn.Module):
    """A video/volume stem: Conv3d (stride 1x2x2, padding 1) + ReLU, then
    max_pool3d(2)."""

    def __init__(self, c, f):
        super().__init__()
        self.conv = nn.Conv3d(c, f, 3, stride=(1, 2, 2), padding=1)

    def forward(self, x):
        return F.max_pool3d(torch.relu(self.conv(x)), 2)


class EmbeddingMLP(nn.Module):
    """nn.Embedding's gather (torch-mlir bounds-checks each index with two
    cf.assert inside the gather's linalg.generic), then a Linear + ReLU."""

    def __init__(self, vocab, d, out):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.fc = nn.Linear(d, out)

    def forward(self, idx):
        return F.relu(self.fc(self.emb(idx)))


class UNetUp(nn.Module):
    """A UNet decoder step: ConvTranspose2d up, the skip concatenated
    (tensor.concat), GroupNorm + SiLU, a 3x3 conv, plus a nearest-upsampled
    shortcut. torch-mlir writes the transposed conv's flipped weight, the
    GroupNorm's statistics and the upsampling as gathers (tensor.extract in
    a generic's body)."""

    def __init__(self, c_in, c_skip, c_out):
        super().__init__()
        self.up = nn.ConvTranspose2d(c_in, c_out, 2, stride=2)
        self.norm = nn.GroupNorm(4, c_out + c_skip)
        self.conv = nn.Conv2d(c_out + c_skip, c_out, 3, padding=1)
        self.up2 = nn.Upsample(scale_factor=2, mode="nearest")
        self.c_out = c_out

    def forward(self, x, skip):
        h = torch.cat([self.up(x), skip], dim=1)
        h = self.conv(F.silu(self.norm(h)))
        return h + self.up2(x[:, :self.c_out])


# ---------------------------------------------------------------- corpus

def randomize_norms(model, g):
    """Give LayerNorm/BatchNorm/RMSNorm non-trivial affine parameters and
    running statistics, so a missing scale, shift or eval-mode statistic
    shows in the results (their default init is the identity)."""
    for mod in model.modules():
        if isinstance(mod, (nn.LayerNorm, nn.BatchNorm2d, RMSNorm)):
            with torch.no_grad():
                mod.weight.copy_(1.0 + 0.1 * torch.randn(mod.weight.shape, generator=g))
                if getattr(mod, "bias", None) is not None:
                    mod.bias.copy_(0.1 * torch.randn(mod.bias.shape, generator=g))
        if isinstance(mod, nn.BatchNorm2d):
            mod.running_mean.copy_(0.1 * torch.randn(mod.running_mean.shape, generator=g))
            mod.running_var.copy_(0.5 + torch.rand(mod.running_var.shape, generator=g))


def weight_names(model):
    """The tensors that become function arguments, in this order: the
    parameters, then the floating-point buffers (BatchNorm running mean and
    variance); num_batches_tracked is unused in eval mode and stays out."""
    names = [n for n, _ in model.named_parameters()]
    names += [n for n, b in model.named_buffers() if b.is_floating_point()]
    return names


class WeightsAsArgs(nn.Module):
    """forward(*inputs, *weights): the model with its weights as explicit
    inputs (torch.func.functional_call), so the exported function takes them
    as arguments instead of holding them as constants."""

    def __init__(self, model, n_inputs):
        super().__init__()
        self.model = model
        self.n_inputs = n_inputs
        self.names = weight_names(model)

    def forward(self, *args):
        inputs, weights = args[:self.n_inputs], args[self.n_inputs:]
        return torch.func.functional_call(self.model, dict(zip(self.names, weights)), inputs)


def model_specs():
    """(name, builder) pairs; a builder takes a torch.Generator and returns
    (model, inputs, notes) with the model in eval mode."""

    def mlp(g):
        return MLP(64, 128, 32), [torch.randn(16, 64, generator=g)]

    def bert_ffn(g):
        return BertFFN(128, 512), [torch.randn(2, 32, 128, generator=g)]

    def padding(b, s, pad_last):
        m = torch.ones(b, s)
        m[1, s - pad_last:] = 0.0  # the second sequence is padded at its end
        return m

    def bert_layer(g):
        return BertLayer(128, 2, 512), [torch.randn(2, 16, 128, generator=g), padding(2, 16, 5)]

    def encoder(g):
        return (nn.TransformerEncoderLayer(128, 2, 512, dropout=0.0, batch_first=True),
                [torch.randn(2, 16, 128, generator=g)])

    def encoder_masked(g):
        layer = nn.TransformerEncoderLayer(128, 2, 512, dropout=0.0, batch_first=True)
        return EncoderLayerMasked(layer), [torch.randn(2, 16, 128, generator=g), padding(2, 16, 5) == 0]

    def gpt2(g):
        return GPT2Block(128, 2, 16), [torch.randn(2, 16, 128, generator=g)]

    def llama(g):
        return LlamaMLP(128, 344), [torch.randn(2, 16, 128, generator=g)]

    def vit(g):
        return PatchEmbed(3, 192, 16), [torch.randn(2, 3, 64, 64, generator=g)]

    def resnet(g):
        return BasicBlock(64), [torch.randn(1, 64, 16, 16, generator=g)]

    def mobilenet(g):
        return InvertedResidual(24, 6), [torch.randn(1, 24, 16, 16, generator=g)]

    def pools(g):
        return Pools(), [torch.randn(1, 64, 32, 32, generator=g)]

    def tcn(g):
        return TCNBlock(32), [torch.randn(2, 32, 64, generator=g)]

    def conv3d(g):
        return Conv3dBlock(3, 16), [torch.randn(1, 3, 8, 16, 16, generator=g)]

    def embedding(g):
        return EmbeddingMLP(32, 16, 8), [torch.randint(0, 32, (2, 5), generator=g)]

    def unet(g):
        return UNetUp(32, 16, 16), [torch.randn(1, 32, 8, 8, generator=g), torch.randn(1, 16, 16, 16, generator=g)]

    return [("mlp", mlp), ("bert_ffn", bert_ffn), ("bert_layer", bert_layer),
            ("encoder_layer", encoder), ("encoder_layer_masked", encoder_masked),
            ("gpt2_block", gpt2), ("llama_mlp", llama), ("vit_patch_embed", vit),
            ("resnet_block", resnet), ("mobilenet_v2_block", mobilenet), ("pools", pools),
            ("embedding_mlp", embedding), ("tcn_block", tcn), ("conv3d_block", conv3d),
            ("unet_up", unet)]


FROZEN = {"mlp"}                       # also written with weights as dense_resource
ONNX = {"mlp", "bert_ffn", "resnet_block_folded"}   # also through torch.onnx + ONNX importer
BF16 = {"mlp", "bert_ffn", "gpt2_block"}   # also as NAME_bf16: the same model and inputs in bfloat16


def as_tuple(out):
    return tuple(out) if isinstance(out, (tuple, list)) else (out,)


def to_numpy(t):
    """numpy has no bfloat16: a bf16 tensor is saved as its bit patterns,
    little-endian uint16 ('<u2'), which is what `spadc run --inputs` reads
    and `spadc run -o` writes for bf16."""
    t = t.detach()
    if t.dtype == torch.bfloat16:
        return np.ascontiguousarray(t.view(torch.uint16).numpy()).astype("<u2")
    return np.ascontiguousarray(t.numpy())


def save_npys(out_dir, name, args, outs):
    for i, a in enumerate(args):
        np.save(os.path.join(out_dir, f"{name}.arg{i}.npy"), to_numpy(a))
    for i, o in enumerate(outs):
        np.save(os.path.join(out_dir, f"{name}.out{i}.npy"), to_numpy(o))


def write_mlir(path, module):
    text = str(module)
    if not text.endswith("\n"):
        text += "\n"
    with open(path, "w") as f:
        f.write(text)


def onnx_to_linalg(onnx_path):
    """torch-mlir's ONNX importer (what torch-mlir-import-onnx does), then the
    ONNX -> torch backend and torch backend -> linalg-on-tensors pipelines."""
    model = onnx.load(onnx_path)
    onnx.checker.check_model(model)
    model = onnx.shape_inference.infer_shapes(model, data_prop=True)
    ctx = Context()
    torch_d.register_dialect(ctx)
    info = onnx_importer.ModelInfo(model)
    module = info.create_module(context=ctx)
    onnx_importer.NodeImporter.define_function(info.main_graph, module.operation).import_all()
    module.operation.verify()
    run_pipeline_with_repro_report(module, "builtin.module(torch-onnx-to-torch-backend-pipeline)",
                                   "ONNX -> torch backend IR")
    run_pipeline_with_repro_report(
        module, "builtin.module(torch-backend-to-linalg-on-tensors-backend-pipeline)",
        "torch backend IR -> linalg-on-tensors")
    return module


def check_close(name, got, want):
    for i, (a, b) in enumerate(zip(got, want)):
        if not torch.allclose(a, b, rtol=0, atol=1e-5 * max(1.0, b.abs().max().item())):
            sys.exit(f"{name}: result {i} of the weights-as-arguments wrapper differs from the model")


def emit(out_dir, tmp, name, model, inputs, log):
    """Write NAME (and its variants) for one eval-mode model."""
    names = weight_names(model)
    state = dict(model.named_parameters()) | dict(model.named_buffers())
    weights = [state[n].detach().clone() for n in names]
    with torch.no_grad():
        # Eager results with the fast paths PyTorch takes under no_grad
        # (nn.TransformerEncoderLayer's fused kernel among them).
        want = as_tuple(model(*inputs))
        wrapped = WeightsAsArgs(model, len(inputs)).eval()
        check_close(name, as_tuple(wrapped(*inputs, *weights)), want)

    args = list(inputs) + weights
    variants = [(name, args, lambda: fx.export_and_import(
        wrapped, *args, output_type="linalg-on-tensors", func_name=name))]
    if name in FROZEN:
        variants.append((f"{name}_frozen", list(inputs), lambda: fx.export_and_import(
            model, *inputs, output_type="linalg-on-tensors", func_name=f"{name}_frozen")))
    if name in ONNX:
        def via_onnx():
            onnx_path = os.path.join(tmp, f"{name}.onnx")
            torch.onnx.export(wrapped, tuple(args), onnx_path, dynamo=True, verbose=False,
                              input_names=[f"arg{i}" for i in range(len(args))])
            return onnx_to_linalg(onnx_path)
        variants.append((f"{name}_onnx", args, via_onnx))
    for variant, vargs, make in variants:
        t0 = time.time()
        write_mlir(os.path.join(out_dir, f"{variant}.mlir"), make())
        save_npys(out_dir, variant, vargs, want)
        log(variant, len(vargs), time.time() - t0)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                  "..", "tests", "corpus", "torch"))
    args = ap.parse_args()
    out_dir = os.path.normpath(args.out)
    os.makedirs(out_dir, exist_ok=True)
    for f in os.listdir(out_dir):
        if f != "README.md":
            os.remove(os.path.join(out_dir, f))

    torch.set_num_threads(1)
    logging.getLogger("torch.onnx").setLevel(logging.ERROR)  # "torchvision is not installed"
    torch.use_deterministic_algorithms(True)
    t_all = time.time()

    def log(name, n_args, secs):
        size = sum(os.path.getsize(os.path.join(out_dir, f)) for f in os.listdir(out_dir)
                   if f.startswith(name + "."))
        print(f"{name:28s} {n_args:3d} arguments {size / 1024:8.1f} KiB {secs:6.1f} s", flush=True)

    with tempfile.TemporaryDirectory() as tmp:
        for name, build in model_specs():
            seed = zlib.crc32(name.encode())
            torch.manual_seed(seed)
            g = torch.Generator().manual_seed(seed)
            model, inputs = build(g)
            randomize_norms(model, g)
            model.eval()
            emit(out_dir, tmp, name, model, inputs, log)
            if name in BF16:
                # The same weights and inputs rounded to bf16; PyTorch's
                # eager bf16 results (which compute some ops, e.g. GELU, in
                # f32 and round once).
                low = copy.deepcopy(model).to(torch.bfloat16).eval()
                emit(out_dir, tmp, f"{name}_bf16", low,
                     [t.to(torch.bfloat16) if t.is_floating_point() else t for t in inputs], log)
            if name == "resnet_block":
                folded = BasicBlockFolded(model).eval()
                emit(out_dir, tmp, "resnet_block_folded", folded, inputs, log)
    total = sum(os.path.getsize(os.path.join(out_dir, f)) for f in os.listdir(out_dir))
    print(f"total {total / 1024 / 1024:.2f} MiB in {out_dir}, {time.time() - t_all:.1f} s")


if __name__ == "__main__":
    main()
