#!/usr/bin/env python3
"""Whole layers for bench/layers.sh: export them to MLIR, make their inputs.

The models are the torch corpus's (tools/torch_corpus.py: the same classes,
the same export) at real sizes:

  bert_base_s128   BERT-base encoder layer (HF's BertLayer: post-LN, erf GELU,
                   additive attention mask), d 768, 12 heads, FFN 3072,
                   batch 1, sequence 128
  bert_base_s512   the same at sequence 512
  gpt2_small_s128  GPT-2 small block (pre-LN, causal mask, tanh GELU), d 768,
                   12 heads, batch 1, sequence 128
  resnet_basic_56  ResNet basic block, 64 channels, 56x56, batch 1:
                   conv3x3-BN-ReLU-conv3x3-BN + residual, ReLU, eval mode

and whole models or blocks of them (issue 34), written here in plain
torch.nn (the venv has no torchvision):

  resnet50_b1      ResNet-50 (torchvision's architecture: v1.5 bottlenecks,
                   stride in the 3x3), batch 1, 3x224x224, eval mode; also
                   what tools/resnet50_mlir.py exports for bench/npu_convs.sh
  mobilenet_v2_b1  MobileNetV2 as torchvision defines it, width 1.0, batch 1,
                   3x224x224, eval mode (ReLU6, inverted residuals, depthwise)
  llama_block_s128 one Llama decoder block at a small Llama-like size:
                   d 1024, 16 heads, 4 KV heads (grouped-query), head 64,
                   SwiGLU MLP 2816, RMSNorm eps 1e-5, RoPE theta 10000 (HF's
                   rotate_half form; cos/sin are constants of the module, not
                   weights), causal, batch 1, sequence 128, no biases
  vit_b16_block    one ViT-B/16 encoder block (torchvision's EncoderBlock):
                   pre-LN (eps 1e-6), d 768, 12 heads, MLP 3072, erf GELU,
                   batch 1, 197 tokens, no mask
  convnext_block_56 one ConvNeXt-T stage-1 block (torchvision's CNBlock):
                   96 channels, 56x56, batch 1: 7x7 depthwise conv, to
                   channels-last, LayerNorm(96, eps 1e-6), Linear 96->384,
                   erf GELU, Linear 384->96, back to NCHW, layer scale,
                   + input (stochastic depth is the identity in eval mode)

Subcommands:

  export [--out bench/models] [NAME...]   (torch + torch-mlir) write NAME.mlir
        (every model's when no NAME is given), the
        torch-mlir FX importer's linalg-on-tensors output with the weights as
        function arguments after the model's inputs (func_name NAME), and
        NAME.json, its manifest: every argument's name, shape, dtype and how
        to draw it. Both are committed; a second run writes the same bytes.
  inputs --out DIR [--seed S] [NAME...]   (numpy only) draw every argument of
        each model from its manifest into DIR/NAME/argI.npy (float32,
        numpy's default_rng seeded from S and the model's name): the same
        files every peer of the bench reads.

Everything else here (the model classes, load_model) is what bench/layers.py
imports to run the models in PyTorch with the drawn weights.
"""

import argparse
import json
import math
import os
import sys
import zlib

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
MODELS_DIR = os.path.normpath(os.path.join(HERE, "..", "bench", "models"))

# name -> (description, builder key, inputs as (name, shape, init))
SPECS = {
    "bert_base_s128": ("BERT-base encoder layer, d768 h12 ffn3072, b1 s128", "bert",
                       [("x", [1, 128, 768], {"init": "normal", "std": 1.0}),
                        ("attention_mask", [1, 128], {"init": "ones"})]),
    "bert_base_s512": ("BERT-base encoder layer, d768 h12 ffn3072, b1 s512", "bert",
                       [("x", [1, 512, 768], {"init": "normal", "std": 1.0}),
                        ("attention_mask", [1, 512], {"init": "ones"})]),
    "gpt2_small_s128": ("GPT-2 small block, d768 h12 ffn3072, causal, b1 s128", "gpt2",
                        [("x", [1, 128, 768], {"init": "normal", "std": 1.0})]),
    "resnet_basic_56": ("ResNet basic block, 64ch 56x56 b1, conv-BN-ReLU-conv-BN+x, ReLU", "resnet",
                        [("x", [1, 64, 56, 56], {"init": "normal", "std": 1.0})]),
    "resnet50_b1": ("ResNet-50 (torchvision's architecture), b1 3x224x224, eval", "resnet50",
                    [("x", [1, 3, 224, 224], {"init": "normal", "std": 1.0})]),
    "mobilenet_v2_b1": ("MobileNetV2 (torchvision's, width 1.0), b1 3x224x224, eval", "mobilenet_v2",
                        [("x", [1, 3, 224, 224], {"init": "normal", "std": 1.0})]),
    "llama_block_s128": ("Llama decoder block, d1024 h16 kv4 (GQA) SwiGLU 2816, RMSNorm, RoPE, causal, b1 s128",
                         "llama", [("x", [1, 128, 1024], {"init": "normal", "std": 1.0})]),
    "vit_b16_block": ("ViT-B/16 encoder block, pre-LN, d768 h12 mlp3072, GELU, b1 197 tokens", "vit",
                      [("x", [1, 197, 768], {"init": "normal", "std": 1.0})]),
    "convnext_block_56": ("ConvNeXt-T stage-1 block, 96ch 56x56 b1: dw7x7, LN (channels-last), "
                          "96->384 GELU ->96, layer scale, + x", "convnext",
                          [("x", [1, 96, 56, 56], {"init": "normal", "std": 1.0})]),
}


# ---------------------------------------------------------------- inputs (numpy only)

def manifest_path(name, models_dir=MODELS_DIR):
    return os.path.join(models_dir, name + ".json")


def read_manifest(name, models_dir=MODELS_DIR):
    with open(manifest_path(name, models_dir)) as f:
        return json.load(f)


def draw(rng, shape, init):
    kind = init["init"]
    if kind == "normal":
        a = init.get("mean", 0.0) + init["std"] * rng.standard_normal(shape)
    elif kind == "uniform":
        a = rng.uniform(init["low"], init["high"], shape)
    elif kind == "ones":
        a = np.ones(shape)
    else:
        raise ValueError(f"unknown init {kind!r}")
    return np.ascontiguousarray(a, dtype=np.float32)


def write_inputs(name, out_dir, seed, models_dir=MODELS_DIR):
    """DIR/NAME/argI.npy for every argument; skipped when DIR/NAME/stamp says
    they were drawn from the same manifest and seed."""
    man = read_manifest(name, models_dir)
    d = os.path.join(out_dir, name)
    with open(manifest_path(name, models_dir), "rb") as f:
        stamp = f"seed {seed} manifest crc32 {zlib.crc32(f.read()):08x}\n"
    stamp_path = os.path.join(d, "stamp")
    if os.path.exists(stamp_path) and open(stamp_path).read() == stamp:
        return d
    os.makedirs(d, exist_ok=True)
    rng = np.random.default_rng([seed, zlib.crc32(name.encode())])
    for i, arg in enumerate(man["args"]):
        np.save(os.path.join(d, f"arg{i}.npy"), draw(rng, arg["shape"], arg["init"]))
    with open(stamp_path, "w") as f:
        f.write(stamp)
    return d


# ---------------------------------------------------------------- models (torch)
# The classes are tools/torch_corpus.py's, repeated here so that the bench
# does not need the corpus's ONNX dependencies.

_CLASSES = None


def torch_classes():
    """name -> torch.nn.Module class of every model here (and the blocks
    they are made of); torch is imported on the first call only."""
    global _CLASSES
    if _CLASSES is None:
        _CLASSES = _define_classes()
    return _CLASSES


def _define_classes():
    import torch
    import torch.nn as nn
    import torch.nn.functional as F

    class BertLayer(nn.Module):
        """One BERT encoder layer as HF's BertLayer computes it (post-LN, erf
        GELU); attention_mask is 1 for tokens, 0 for padding."""

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

    class Conv1D(nn.Module):
        """GPT-2's Conv1D: a Linear with the weight stored [in, out], via addmm."""

        def __init__(self, nx, nf):
            super().__init__()
            self.weight = nn.Parameter(torch.zeros(nx, nf))
            self.bias = nn.Parameter(torch.zeros(nf))

        def forward(self, x):
            shape = x.shape[:-1] + (self.weight.shape[1],)
            return torch.addmm(self.bias, x.reshape(-1, x.shape[-1]), self.weight).view(shape)

    def gelu_new(x):
        return 0.5 * x * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * torch.pow(x, 3.0))))

    class GPT2Block(nn.Module):
        """GPT-2 block: pre-LN, causal self-attention (masked with finfo.min as
        HF does), tanh GELU MLP, two residuals."""

        def __init__(self, d, heads, seq, eps=1e-5):
            super().__init__()
            self.heads, self.hd = heads, d // heads
            self.ln_1 = nn.LayerNorm(d, eps=eps)
            self.c_attn = Conv1D(d, 3 * d)
            self.attn_proj = Conv1D(d, d)
            self.ln_2 = nn.LayerNorm(d, eps=eps)
            self.c_fc = Conv1D(d, 4 * d)
            self.mlp_proj = Conv1D(4 * d, d)
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

    class Bottleneck(nn.Module):
        """torchvision's ResNet Bottleneck (v1.5: the stride in the 3x3);
        down: the 1x1 projection (conv + BN) of the shortcut."""

        def __init__(self, cin, width, stride=1, down=False):
            super().__init__()
            self.conv1 = nn.Conv2d(cin, width, 1, bias=False)
            self.bn1 = nn.BatchNorm2d(width)
            self.conv2 = nn.Conv2d(width, width, 3, stride=stride, padding=1, bias=False)
            self.bn2 = nn.BatchNorm2d(width)
            self.conv3 = nn.Conv2d(width, width * 4, 1, bias=False)
            self.bn3 = nn.BatchNorm2d(width * 4)
            self.down = (nn.Sequential(nn.Conv2d(cin, width * 4, 1, stride=stride, bias=False),
                                       nn.BatchNorm2d(width * 4)) if down else None)

        def forward(self, x):
            o = torch.relu(self.bn1(self.conv1(x)))
            o = torch.relu(self.bn2(self.conv2(o)))
            o = self.bn3(self.conv3(o))
            return torch.relu(o + (self.down(x) if self.down is not None else x))

    class ResNet50(nn.Module):
        """torchvision's resnet50() (the module names differ: layers.N for
        layerK.M); the global average pool as a mean over H and W."""

        def __init__(self):
            super().__init__()
            self.conv1 = nn.Conv2d(3, 64, 7, stride=2, padding=3, bias=False)
            self.bn1 = nn.BatchNorm2d(64)
            self.pool = nn.MaxPool2d(3, 2, 1)
            layers, cin = [], 64
            for width, n, stride in [(64, 3, 1), (128, 4, 2), (256, 6, 2), (512, 3, 2)]:
                for i in range(n):
                    layers.append(Bottleneck(cin, width, stride if i == 0 else 1, i == 0))
                    cin = width * 4
            self.layers = nn.Sequential(*layers)
            self.fc = nn.Linear(2048, 1000)

        def forward(self, x):
            x = self.pool(torch.relu(self.bn1(self.conv1(x))))
            x = self.layers(x)
            return self.fc(torch.flatten(torch.mean(x, dim=(2, 3)), 1))

    def conv_bn_relu6(cin, cout, k=3, stride=1, groups=1):
        """torchvision's Conv2dNormActivation(norm BatchNorm2d, ReLU6)."""
        return nn.Sequential(nn.Conv2d(cin, cout, k, stride, (k - 1) // 2, groups=groups, bias=False),
                             nn.BatchNorm2d(cout), nn.ReLU6())

    class InvertedResidual(nn.Module):
        """torchvision's MobileNetV2 InvertedResidual: 1x1 expand (unless t
        is 1), 3x3 depthwise, 1x1 linear projection, + x when the shape
        stays."""

        def __init__(self, cin, cout, stride, t):
            super().__init__()
            hidden = int(round(cin * t))
            self.use_res = stride == 1 and cin == cout
            layers = [conv_bn_relu6(cin, hidden, 1)] if t != 1 else []
            layers += [conv_bn_relu6(hidden, hidden, 3, stride, groups=hidden),
                       nn.Conv2d(hidden, cout, 1, bias=False), nn.BatchNorm2d(cout)]
            self.conv = nn.Sequential(*layers)

        def forward(self, x):
            return x + self.conv(x) if self.use_res else self.conv(x)

    class MobileNetV2(nn.Module):
        """torchvision's mobilenet_v2() at width 1.0 (the channel counts are
        already multiples of 8, so _make_divisible changes none); dropout
        0.2 before the classifier (the identity in eval mode)."""

        def __init__(self, num_classes=1000):
            super().__init__()
            cin = 32
            feats = [conv_bn_relu6(3, cin, 3, 2)]
            for t, c, n, s in [(1, 16, 1, 1), (6, 24, 2, 2), (6, 32, 3, 2), (6, 64, 4, 2),
                               (6, 96, 3, 1), (6, 160, 3, 2), (6, 320, 1, 1)]:
                for i in range(n):
                    feats.append(InvertedResidual(cin, c, s if i == 0 else 1, t))
                    cin = c
            feats.append(conv_bn_relu6(cin, 1280, 1))
            self.features = nn.Sequential(*feats)
            self.classifier = nn.Sequential(nn.Dropout(0.2), nn.Linear(1280, num_classes))

        def forward(self, x):
            x = F.adaptive_avg_pool2d(self.features(x), (1, 1))
            return self.classifier(torch.flatten(x, 1))

    class RMSNorm(nn.Module):
        """Llama's RMSNorm: x / sqrt(mean(x^2) + eps) * weight."""

        def __init__(self, d, eps=1e-5):
            super().__init__()
            self.eps = eps
            self.weight = nn.Parameter(torch.ones(d))

        def forward(self, x):
            return self.weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps))

    def rotate_half(x):
        h = x.shape[-1] // 2
        return torch.cat((-x[..., h:], x[..., :h]), dim=-1)

    class LlamaBlock(nn.Module):
        """One Llama decoder block as HF's LlamaDecoderLayer computes it:
        h = x + o_proj(attn(RMSNorm(x))), out = h + down(silu(gate(n)) *
        up(n)) with n = RMSNorm(h); attention with RoPE on q and k (HF's
        rotate_half), grouped-query (each of the kv_heads K/V heads shared
        by heads / kv_heads query heads, HF's repeat_kv), causal (a boolean
        tril buffer and the dtype's minimum, as HF's eager path), no biases.
        cos and sin are computed once here: constants, not weights."""

        def __init__(self, d, heads, kv_heads, ff, seq, theta=10000.0, eps=1e-5):
            super().__init__()
            self.heads, self.kv_heads, self.hd = heads, kv_heads, d // heads
            self.input_layernorm = RMSNorm(d, eps)
            self.q_proj = nn.Linear(d, heads * self.hd, bias=False)
            self.k_proj = nn.Linear(d, kv_heads * self.hd, bias=False)
            self.v_proj = nn.Linear(d, kv_heads * self.hd, bias=False)
            self.o_proj = nn.Linear(heads * self.hd, d, bias=False)
            self.post_attention_layernorm = RMSNorm(d, eps)
            self.gate_proj = nn.Linear(d, ff, bias=False)
            self.up_proj = nn.Linear(d, ff, bias=False)
            self.down_proj = nn.Linear(ff, d, bias=False)
            inv_freq = 1.0 / (theta ** (torch.arange(0, self.hd, 2, dtype=torch.float32) / self.hd))
            freqs = torch.outer(torch.arange(seq, dtype=torch.float32), inv_freq)
            emb = torch.cat((freqs, freqs), dim=-1)
            # plain tensor attributes, not buffers: constants of the module
            # (torch.export lifts them into the MLIR), not weights
            self.cos, self.sin = emb.cos(), emb.sin()
            self.register_buffer("causal", torch.tril(torch.ones(seq, seq, dtype=torch.bool)).view(1, 1, seq, seq))

        def attn(self, x):
            b, s, _ = x.shape
            q = self.q_proj(x).view(b, s, self.heads, self.hd).transpose(1, 2)
            k = self.k_proj(x).view(b, s, self.kv_heads, self.hd).transpose(1, 2)
            v = self.v_proj(x).view(b, s, self.kv_heads, self.hd).transpose(1, 2)
            cos, sin = self.cos[:s], self.sin[:s]
            q = q * cos + rotate_half(q) * sin
            k = k * cos + rotate_half(k) * sin
            rep = self.heads // self.kv_heads
            k = k[:, :, None].expand(b, self.kv_heads, rep, s, self.hd).reshape(b, self.heads, s, self.hd)
            v = v[:, :, None].expand(b, self.kv_heads, rep, s, self.hd).reshape(b, self.heads, s, self.hd)
            w = torch.matmul(q, k.transpose(2, 3)) / math.sqrt(self.hd)
            w = torch.where(self.causal[:, :, :s, :s], w, torch.tensor(torch.finfo(w.dtype).min, dtype=w.dtype))
            w = torch.softmax(w, dim=-1)
            a = torch.matmul(w, v).transpose(1, 2).reshape(b, s, self.heads * self.hd)
            return self.o_proj(a)

        def forward(self, x):
            h = x + self.attn(self.input_layernorm(x))
            n = self.post_attention_layernorm(h)
            return h + self.down_proj(F.silu(self.gate_proj(n)) * self.up_proj(n))

    class ViTBlock(nn.Module):
        """torchvision's ViT EncoderBlock in plain torch.nn: x + attn(LN(x)),
        then + MLP(LN(.)) (Linear d->mlp, erf GELU, Linear mlp->d); the
        attention's in-projection packed as one Linear d->3d, as
        nn.MultiheadAttention's in_proj_weight; no mask."""

        def __init__(self, d, heads, mlp, eps=1e-6):
            super().__init__()
            self.heads, self.hd = heads, d // heads
            self.ln_1 = nn.LayerNorm(d, eps=eps)
            self.qkv = nn.Linear(d, 3 * d)
            self.out_proj = nn.Linear(d, d)
            self.ln_2 = nn.LayerNorm(d, eps=eps)
            self.mlp1 = nn.Linear(d, mlp)
            self.mlp2 = nn.Linear(mlp, d)

        def attn(self, x):
            b, s, d = x.shape
            q, k, v = self.qkv(x).split(d, dim=2)
            q, k, v = (t.view(b, s, self.heads, self.hd).transpose(1, 2) for t in (q, k, v))
            w = torch.softmax(torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(self.hd), dim=-1)
            return self.out_proj(torch.matmul(w, v).transpose(1, 2).reshape(b, s, d))

        def forward(self, x):
            h = x + self.attn(self.ln_1(x))
            return h + self.mlp2(F.gelu(self.mlp1(self.ln_2(h))))

    class ConvNeXtBlock(nn.Module):
        """torchvision's ConvNeXt CNBlock: 7x7 depthwise conv (bias), to
        channels-last, LayerNorm over channels (eps 1e-6), Linear c->4c,
        erf GELU, Linear 4c->c, back to NCHW, times the layer scale
        [c,1,1], + input (stochastic depth: the identity in eval mode)."""

        def __init__(self, c, layer_scale=1e-6):
            super().__init__()
            self.dwconv = nn.Conv2d(c, c, 7, padding=3, groups=c)
            self.norm = nn.LayerNorm(c, eps=1e-6)
            self.pwconv1 = nn.Linear(c, 4 * c)
            self.pwconv2 = nn.Linear(4 * c, c)
            self.layer_scale = nn.Parameter(torch.ones(c, 1, 1) * layer_scale)

        def forward(self, x):
            y = self.dwconv(x).permute(0, 2, 3, 1)
            y = self.pwconv2(F.gelu(self.pwconv1(self.norm(y)))).permute(0, 3, 1, 2)
            return self.layer_scale * y + x

    return dict(BertLayer=BertLayer, Conv1D=Conv1D, GPT2Block=GPT2Block, BasicBlock=BasicBlock,
                Bottleneck=Bottleneck, ResNet50=ResNet50, InvertedResidual=InvertedResidual,
                MobileNetV2=MobileNetV2, RMSNorm=RMSNorm, LlamaBlock=LlamaBlock, ViTBlock=ViTBlock,
                ConvNeXtBlock=ConvNeXtBlock)


def _torch_models():
    """(builder key -> spec -> model, (torch.nn, Conv1D))."""
    import torch.nn as nn
    C = torch_classes()
    return {"bert": lambda spec: C["BertLayer"](768, 12, 3072),
            "gpt2": lambda spec: C["GPT2Block"](768, 12, spec[2][0][1][1]),
            "resnet": lambda spec: C["BasicBlock"](64),
            "resnet50": lambda spec: C["ResNet50"](),
            "mobilenet_v2": lambda spec: C["MobileNetV2"](),
            "llama": lambda spec: C["LlamaBlock"](1024, 16, 4, 2816, spec[2][0][1][1]),
            "vit": lambda spec: C["ViTBlock"](768, 12, 3072),
            "convnext": lambda spec: C["ConvNeXtBlock"](96)}, (nn, C["Conv1D"])


def weight_names(model):
    """The tensors that become function arguments, in this order: the
    parameters, then the floating-point buffers (BatchNorm's running mean and
    variance), as tools/torch_corpus.py orders them."""
    names = [n for n, _ in model.named_parameters()]
    names += [n for n, b in model.named_buffers() if b.is_floating_point()]
    return names


def weight_inits(model, nn, Conv1D):
    """name -> how bench inputs draw it: Linear/Conv1D weights N(0, 0.02)
    (BERT's and GPT-2's init), conv weights He-normal, biases N(0, 0.02),
    norm scales 1 + N(0, 0.1), shifts N(0, 0.1), BatchNorm running mean
    N(0, 0.1) and variance U[0.5, 1.5) (non-trivial, as torch_corpus's);
    RMSNorm scales as norm scales, ConvNeXt's layer scale 0.5 + N(0, 0.1)."""
    C = torch_classes()
    rules = {}
    for mname, mod in model.named_modules():
        p = (mname + ".") if mname else ""
        if isinstance(mod, (nn.Linear, Conv1D)):
            rules[p + "weight"] = {"init": "normal", "std": 0.02}
            rules[p + "bias"] = {"init": "normal", "std": 0.02}
        elif isinstance(mod, nn.Conv2d):
            fan_in = mod.weight.shape[1] * mod.weight.shape[2] * mod.weight.shape[3]
            rules[p + "weight"] = {"init": "normal", "std": round(math.sqrt(2.0 / fan_in), 6)}
            rules[p + "bias"] = {"init": "normal", "std": 0.02}
        elif isinstance(mod, C["RMSNorm"]):
            rules[p + "weight"] = {"init": "normal", "mean": 1.0, "std": 0.1}
        elif isinstance(mod, C["ConvNeXtBlock"]):
            # torchvision initialises it to 1e-6 (the block starts as the
            # identity); trained ConvNeXt-T's stage-1 scales are O(0.1-1):
            # drawn so that the block's branch shows in the output
            rules[p + "layer_scale"] = {"init": "normal", "mean": 0.5, "std": 0.1}
        elif isinstance(mod, (nn.LayerNorm, nn.BatchNorm2d)):
            rules[p + "weight"] = {"init": "normal", "mean": 1.0, "std": 0.1}
            rules[p + "bias"] = {"init": "normal", "std": 0.1}
            if isinstance(mod, nn.BatchNorm2d):
                rules[p + "running_mean"] = {"init": "normal", "std": 0.1}
                rules[p + "running_var"] = {"init": "uniform", "low": 0.5, "high": 1.5}
    return rules


def load_model(name, arrays, models_dir=MODELS_DIR):
    """(model in eval mode holding the drawn weights, [input tensors]) for
    the argument arrays of NAME in manifest order."""
    import torch
    man = read_manifest(name, models_dir)
    builders, _ = _torch_models()
    spec = SPECS[name]
    model = builders[spec[1]](spec).eval()
    n_in = man["n_inputs"]
    names = [a["name"] for a in man["args"][n_in:]]
    if names != weight_names(model):
        raise RuntimeError(f"{name}: the manifest's weights are not the model's")
    state = {n: torch.from_numpy(np.asarray(a)) for n, a in zip(names, arrays[n_in:])}
    missing, unexpected = model.load_state_dict(state, strict=False)
    # Only non-float buffers (GPT-2's causal mask, num_batches_tracked) stay.
    if unexpected or any(n in names for n in missing):
        raise RuntimeError(f"{name}: load_state_dict: missing {missing}, unexpected {unexpected}")
    return model, [torch.from_numpy(np.asarray(a)) for a in arrays[:n_in]]


# ---------------------------------------------------------------- export (torch-mlir)

def export(out_dir, only=()):
    import time
    import torch
    from torch_mlir import fx

    builders, (nn, Conv1D) = _torch_models()
    torch.set_num_threads(1)
    os.makedirs(out_dir, exist_ok=True)
    for name in only:
        if name not in SPECS:
            sys.exit(f"export: unknown model {name} (known: {' '.join(SPECS)})")
    for name, spec in SPECS.items():
        if only and name not in only:
            continue
        t0 = time.time()
        desc, key, inputs = spec
        model = builders[key](spec).eval()
        names = weight_names(model)
        rules = weight_inits(model, nn, Conv1D)
        state = dict(model.named_parameters()) | dict(model.named_buffers())
        args = [{"name": n, "shape": list(s), "dtype": "f32", "init": i} for n, s, i in inputs]
        args += [{"name": n, "shape": list(state[n].shape), "dtype": "f32", "init": rules[n]} for n in names]
        man = {"name": name, "description": desc, "func": name, "n_inputs": len(inputs), "args": args}
        with open(manifest_path(name, out_dir), "w") as f:
            json.dump(man, f, indent=1)
            f.write("\n")

        # Draw the arguments, load them into the model, and check the
        # weights-as-arguments wrapper against the model itself.
        rng = np.random.default_rng([0, zlib.crc32(name.encode())])
        arrays = [draw(rng, a["shape"], a["init"]) for a in args]
        model, xs = load_model(name, arrays, out_dir)
        weights = [torch.from_numpy(a) for a in arrays[len(inputs):]]

        class WeightsAsArgs(nn.Module):
            def __init__(self):
                super().__init__()
                self.model = model

            def forward(self, *a):
                return torch.func.functional_call(self.model, dict(zip(names, a[len(xs):])), tuple(a[:len(xs)]))

        wrapped = WeightsAsArgs().eval()
        with torch.no_grad():
            want = model(*xs)
            got = wrapped(*xs, *weights)
        if not torch.allclose(got, want, rtol=0, atol=1e-5 * max(1.0, want.abs().max().item())):
            sys.exit(f"{name}: the weights-as-arguments wrapper differs from the model")
        module = fx.export_and_import(wrapped, *xs, *weights, output_type="linalg-on-tensors", func_name=name)
        text = str(module)
        if not text.endswith("\n"):
            text += "\n"
        path = os.path.join(out_dir, name + ".mlir")
        with open(path, "w") as f:
            f.write(text)
        print(f"{name:18s} {len(args):3d} arguments {os.path.getsize(path) / 1024:7.1f} KiB "
              f"{time.time() - t0:5.1f} s", flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    e = sub.add_parser("export", help="write bench/models/NAME.mlir and NAME.json (torch, torch-mlir)")
    e.add_argument("--out", default=MODELS_DIR)
    e.add_argument("names", nargs="*", help="only these models (default: all)")
    i = sub.add_parser("inputs", help="draw each model's arguments into DIR/NAME/argI.npy (numpy)")
    i.add_argument("--out", required=True)
    i.add_argument("--seed", type=int, default=0)
    i.add_argument("--models", default=MODELS_DIR)
    i.add_argument("names", nargs="*")
    a = ap.parse_args()
    if a.cmd == "export":
        export(os.path.normpath(a.out), a.names)
    else:
        for name in a.names or list(SPECS):
            print(write_inputs(name, a.out, a.seed, a.models))


if __name__ == "__main__":
    main()
