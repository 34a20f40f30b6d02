#!/usr/bin/env python3
"""ResNet-50 (torchvision's architecture, eval mode) as torch-mlir's FX
importer writes it, for bench/npu_convs.sh: the model is defined in plain
torch.nn in tools/bench_models.py (the venv has torch and torch-mlir, not
torchvision; the same class is bench/layers.sh's resnet50_b1), its weights
(random: only the shapes matter to a plan) become function arguments after
the input, as tools/bench_models.py exports its models.

    ~/.cache/spadc-venv/bin/python tools/resnet50_mlir.py BATCH OUT.mlir

About 10 s at batch 1 once torch is imported (the import dominates). The
function is @resnet50(x[BATCH,3,224,224], weights...) -> logits[BATCH,1000].
"""
import os
import sys

import torch
import torch.nn as nn
from torch_mlir import fx

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_models  # noqa: E402  (the definition, shared with bench/layers.sh's resnet50_b1)

ResNet50 = bench_models.torch_classes()["ResNet50"]


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
