#!/usr/bin/env python3
"""ResNet-50 (torchvision's architecture, eval mode) as torch-mlir's FX
importer writes it, for bench/npu_convs.sh: the model is defined here (the
venv has torch and torch-mlir, not torchvision), its weights (random: only
the shapes matter to a plan) become function arguments after the input, as
tools/bench_models.py exports its models.

    ~/.cache/spadc-venv/bin/python tools/resnet50_mlir.py BATCH OUT.mlir

About 10 s at batch 1 once torch is imported (the import dominates). The
function is @resnet50(x[BATCH,3,224,224], weights...) -> logits[BATCH,1000].
"""
import sys

import torch
import torch.nn as nn
from torch_mlir import fx


class Bottleneck(nn.Module):
    def __init__(self, cin, width, stride=1, down=False):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, width, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(width)
        self.conv2 = nn.Conv2d(width, width, 3, stride=stride, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(width)
        self.conv3 = nn.Conv2d(width, width * 4, 1, bias=False)
        self.bn3 = nn.BatchNorm2d(width * 4)
        self.down = (nn.Sequential(nn.Conv2d(cin, width * 4, 1, stride=stride, bias=False), nn.BatchNorm2d(width * 4))
                     if down else None)

    def forward(self, x):
        o = torch.relu(self.bn1(self.conv1(x)))
        o = torch.relu(self.bn2(self.conv2(o)))
        o = self.bn3(self.conv3(o))
        return torch.relu(o + (self.down(x) if self.down is not None else x))


class ResNet50(nn.Module):
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


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    batch, out = int(sys.argv[1]), sys.argv[2]
    torch.manual_seed(0)
    torch.set_num_threads(1)
    model = ResNet50().eval()
    names = [n for n, _ in model.named_parameters()] + [n for n, b in model.named_buffers() if b.is_floating_point()]
    state = dict(model.named_parameters()) | dict(model.named_buffers())
    weights = [state[n].detach() for n in names]

    class WeightsAsArgs(nn.Module):
        def __init__(self):
            super().__init__()
            self.model = model

        def forward(self, x, *w):
            return torch.func.functional_call(self.model, dict(zip(names, w)), (x,))

    x = torch.randn(batch, 3, 224, 224)
    module = fx.export_and_import(WeightsAsArgs().eval(), x, *weights, output_type="linalg-on-tensors", func_name="resnet50")
    with open(out, "w") as f:
        f.write(str(module))


if __name__ == "__main__":
    main()
