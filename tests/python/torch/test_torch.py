"""spadc.torch: PyTorch models through torch-mlir's FX importer and spadc,
against the models' own eager results.

    make test-torch          (tools/test_torch.sh: the venv, the pins, pytest)

Tolerance: |got - want| <= 1e-4 * max|want| elementwise (rtol 0), f32,
unless a test says otherwise.
"""
import math
import mmap
import os
import signal
import subprocess
import sys
import textwrap
import time
import warnings

import numpy as np
import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("torch_mlir")
nn = torch.nn
F = torch.nn.functional

import spadc  # noqa: E402
import spadc.torch as st  # noqa: E402

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))


def close(got, want, tol=1e-4):
    """got equals want within tol * max|want| (rtol 0), and has its shape and dtype."""
    assert isinstance(got, torch.Tensor), type(got)
    assert got.shape == want.shape and got.dtype == want.dtype, (got.shape, got.dtype, want.shape, want.dtype)
    scale = want.abs().max().item()
    assert scale > 0
    torch.testing.assert_close(got, want, rtol=0, atol=tol * scale)


def eager(model, *inputs):
    with torch.no_grad():
        return model(*inputs)


@pytest.fixture(autouse=True)
def seeded():
    torch.manual_seed(0)
    yield


# ---------------------------------------------------------------- models (as tools/torch_corpus.py writes them)

class BertFFN(nn.Module):
    """BERT's feed-forward half: x + W2 gelu(W1 x + b1) + b2 (erf GELU)."""

    def __init__(self, d, ff):
        super().__init__()
        self.intermediate = nn.Linear(d, ff)
        self.output = nn.Linear(ff, d)

    def forward(self, x):
        return x + self.output(F.gelu(self.intermediate(x)))


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
    return 0.5 * x * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * torch.pow(x, 3.0))))


class GPT2Block(nn.Module):
    """GPT-2 block: pre-LN, causal self-attention (a bool tril buffer, masked
    with finfo.min as HF does), tanh GELU MLP, two residuals."""

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


def nontrivial_norms(model):
    """Norm scales/shifts and BatchNorm statistics away from the identity, so
    a dropped one shows in the result."""
    with torch.no_grad():
        for m in model.modules():
            if isinstance(m, (nn.LayerNorm, nn.BatchNorm2d)):
                m.weight.copy_(1.0 + 0.1 * torch.randn(m.weight.shape))
                m.bias.copy_(0.1 * torch.randn(m.bias.shape))
            if isinstance(m, nn.BatchNorm2d):
                m.running_mean.copy_(0.1 * torch.randn(m.running_mean.shape))
                m.running_var.copy_(0.5 + torch.rand(m.running_var.shape))
    return model


def issue_mlp():
    return nn.Sequential(nn.Linear(768, 3072), nn.GELU(), nn.Linear(3072, 768)).eval()


# ---------------------------------------------------------------- spadc.torch.compile

def test_import_spadc_does_not_import_torch():
    code = "import sys, spadc; assert 'torch' not in sys.modules, 'torch imported'; print('ok')"
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"))
    r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr


def test_mlp_768_3072_cpu():
    model = issue_mlp()
    x = torch.randn(32, 768)
    f = st.compile(model, (x,), threads=2)
    y = f(x)
    close(y, eager(model, x))
    # what users see: the program (weights bound, one input left) and the text
    assert isinstance(f.program, spadc.Program) and f.program.target == "cpu"
    assert [a.shape for a in f.program.inputs] == [(32, 768)]
    assert sorted(f.program.bound) == [1, 2, 3, 4]
    assert f.weight_names == ["0.weight", "0.bias", "2.weight", "2.bias"]
    assert "func.func @forward(%arg0: tensor<32x768xf32>, %arg1: tensor<3072x768xf32>" in f.mlir
    # the weights are bound without a copy: the bound arrays are the parameters' memory
    assert np.shares_memory(f.program.bound[1], model[0].weight.detach().numpy())
    assert np.shares_memory(f.program.bound[4], model[2].bias.detach().numpy())
    # a second call with other values, and the result's memory is the result array's
    x2 = torch.randn(32, 768)
    close(f(x2), eager(model, x2))


def test_mlp_768_3072_npu():
    # the issue's "Done when", at batch 8 so the simulator is quick
    model = issue_mlp()
    x = torch.randn(8, 768)
    f = spadc.torch.compile(model, (x,), target="npu")
    close(f(x), eager(model, x))
    assert f.program.target == "npu"
    run = f.program.last_run
    # it ran on the simulator: every kernel on the npu, cycles counted
    assert run["target"] == "npu" and run["total_cycles"] > 0, run
    assert run["npu_kernels"] >= 2 and run["host_kernels"] == 0, run


def test_bert_ffn():
    model = BertFFN(128, 512).eval()
    x = torch.randn(2, 32, 128)
    f = st.compile(model, x)  # one tensor for the example inputs
    close(f(x), eager(model, x))


def test_gelu_tanh_matches_eager():
    """nn.GELU(approximate="tanh") (GPT-2, T5, Gemma): torch-mlir alone
    writes sqrt(2/pi) as 0.797724 (0.34% off eager); spadc.torch decomposes
    it first, so the result is eager's to 1e-6 relative, on cpu and npu."""
    model = nn.Sequential(nn.Linear(64, 256), nn.GELU(approximate="tanh")).eval()
    x = 3 * torch.randn(8, 64)
    want = eager(model, x)
    for target in ("cpu", "npu"):
        f = st.compile(model, x, target=target)
        assert "7.977240e-01" not in f.mlir
        got = f(x)
        torch.testing.assert_close(got, want, rtol=1e-6, atol=1e-6 * want.abs().max().item())
    # the erf form is still torch-mlir's (math.erf)
    f = st.compile(nn.GELU().eval(), x)
    assert "math.erf" in f.mlir
    close(f(x), eager(nn.GELU(), x), 1e-6)


def test_gpt2_block():
    model = nontrivial_norms(GPT2Block(128, 2, 16)).eval()
    x = torch.randn(2, 16, 128)
    f = st.compile(model, (x,))
    # the bool causal mask stays a constant of the function; the weights are arguments
    assert "bias" not in f.weight_names and len(f.weight_names) == 12
    close(f(x), eager(model, x))


def test_resnet_basic_block_eval_batchnorm():
    model = nontrivial_norms(BasicBlock(16)).eval()
    x = torch.randn(1, 16, 12, 12)
    f = st.compile(model, (x,))
    # running statistics are arguments too (and bound), num_batches_tracked is not
    assert "bn1.running_mean" in f.weight_names and "bn2.running_var" in f.weight_names
    assert not any("num_batches_tracked" in n for n in f.weight_names)
    close(f(x), eager(model, x))


@pytest.mark.parametrize("target", ["cpu", "npu"])
def test_resnet_block_through_bf16_terms(target):
    """precision="bf16x6" through spadc.torch (a keyword of spadc.compile):
    within f32's tolerance of eager; bf16x3 within 2^-13 (about 2^-16 a
    product); the plan says so."""
    model = nontrivial_norms(BasicBlock(16)).eval()
    x = torch.randn(1, 16, 12, 12)
    want = eager(model, x)
    f6 = st.compile(model, (x,), target=target, precision="bf16x6")
    close(f6(x), want)
    f3 = st.compile(model, (x,), target=target, precision="bf16x3")
    close(f3(x), want, tol=2 ** -13)


def test_bf16_linear_relu():
    model = nn.Sequential(nn.Linear(64, 48), nn.ReLU()).eval().to(torch.bfloat16)
    x = torch.randn(16, 64).to(torch.bfloat16)
    f = st.compile(model, (x,))
    y = f(x)
    assert y.dtype == torch.bfloat16 and y.shape == (16, 48)
    # the same products in f32 from the same bf16 values, rounded once: spadc
    # rounds once too, eager bf16 may round between steps; one bf16 ulp (2^-8)
    want = eager(model.float(), x.float())
    torch.testing.assert_close(y.float(), want, rtol=0, atol=2 ** -7 * want.abs().max().item())


def test_weights_changed_after_compile():
    model = BertFFN(32, 64).eval()
    x = torch.randn(4, 32)
    f = st.compile(model, (x,))
    close(f(x), eager(model, x))
    # in place through the tensor (as an optimizer step or load_state_dict): seen
    with torch.no_grad():
        model.intermediate.weight.mul_(-1.5)
        model.output.bias.add_(1.0)
    close(f(x), eager(model, x))
    # through .data (no version bump): not seen until rebind()
    model.output.weight.data.mul_(2.0)
    with pytest.raises(AssertionError):
        close(f(x), eager(model, x))
    f.rebind()
    close(f(x), eager(model, x))


def test_tuple_and_dict_outputs():
    class Two(nn.Module):
        def __init__(self):
            super().__init__()
            self.lin = nn.Linear(16, 8)

        def forward(self, x, y):
            h = self.lin(x)
            return h, {"relu": torch.relu(h) + y}

    model = Two().eval()
    x, y = torch.randn(4, 16), torch.randn(4, 8)
    got = st.compile(model, (x, y))(x, y)
    want = eager(model, x, y)
    assert isinstance(got, tuple) and isinstance(got[1], dict)
    close(got[0], want[0])
    close(got[1]["relu"], want[1]["relu"])


def test_same_input_tensor_across_calls():
    # the last call's array is reused for the same tensor (CompiledModule's
    # input cache): written in place, given new storage, resized or
    # transposed, each call still reads the tensor as it is then
    m = nn.Linear(16, 8).eval()
    x = torch.randn(4, 16)
    f = st.compile(m, (x,))
    close(f(x), eager(m, x))
    x.mul_(3)  # same memory, new values
    close(f(x), eager(m, x))
    x.set_(torch.randn(4, 16))  # same tensor, new storage
    close(f(x), eager(m, x))
    x.resize_(2, 16)  # same tensor and memory, another shape: refused, not read as the old one
    with pytest.raises(spadc.UsageError):
        f(x)
    g = st.compile(nn.Linear(16, 16).eval(), (torch.randn(16, 16),))
    y = torch.randn(16, 16).t()  # not contiguous: copied, and the copy never reused
    close(g(y), eager(g.model, y))
    y.t_()  # contiguous again, same pointer and shape, other values at each index
    close(g(y), eager(g.model, y))


# ---------------------------------------------------------------- errors

def test_export_error_is_an_input_error():
    class DataDependent(nn.Module):
        def forward(self, x):
            return x * 2 if x.sum() > 0 else x

    with pytest.raises(st.ExportError) as e:
        st.compile(DataDependent(), (torch.randn(4, 4),))
    assert isinstance(e.value, spadc.InputError) and e.value.status == 1
    assert e.value.step == "torch.export" and "torch.export could not export DataDependent" in str(e.value)
    assert e.value.__cause__ is not None


def test_data_dependent_shape_is_refused_before_torch_mlir():
    # torch-mlir took 23.7 GB on this before being killed (issue 33)
    class BoolIndex(nn.Module):
        def forward(self, x):
            return x[x > 0] * 2

    with pytest.raises(st.ExportError) as e:
        st.compile(BoolIndex(), (torch.randn(8),))
    msg = str(e.value)
    assert "BoolIndex computes a tensor whose shape depends on the data: index.Tensor gives shape ('u0',)" in msg, msg
    assert "x[x > 0]" in msg and e.value.step == "torch.export"


def test_export_memory_bound_with_sigint_ignored():
    # a process started with SIGINT ignored (a non-interactive shell's
    # background job, nohup): _thread.interrupt_main does nothing there, so
    # the watch ran the block with Python's handler; the caller's ignoring
    # is back after. (Found by a clean-clone CI run in the background, where
    # the test below failed: DID NOT RAISE.)
    code = textwrap.dedent("""
        import mmap, signal, sys, time
        import torch
        import spadc.torch as st
        from torch_mlir import fx
        real = fx.export_and_import
        def hungry(*a, **k):
            hog = mmap.mmap(-1, 64 << 20)
            for off in range(0, 64 << 20, 4096):
                hog[off] = 1
            for _ in range(200):
                time.sleep(0.01)
            hog.close()
            return real(*a, **k)
        fx.export_and_import = hungry
        try:
            st.compile(torch.nn.Linear(8, 8), (torch.randn(2, 8),))
        except st.ExportError as e:
            print(e)
            sys.exit(0 if signal.getsignal(signal.SIGINT) is signal.SIG_IGN else 4)
        sys.exit(3)
    """)
    r = subprocess.run([sys.executable, "-c", code], env=dict(os.environ, SPADC_EXPORT_MEMORY_MB="1"),
                       capture_output=True, text=True, timeout=600,
                       preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
    assert r.returncode == 0 and "past the bound of 1 MB, and was stopped" in r.stdout, (r.returncode, r.stdout, r.stderr[-2000:])


def test_export_memory_is_bounded(monkeypatch):
    # the bound on what torch-mlir may take (issue 33): set at 1 MB here, an
    # import that allocates 64 MB more is stopped with an ExportError naming
    # the bound; the interrupt is spadc's, not the user's
    from torch_mlir import fx
    real = fx.export_and_import

    def hungry(*a, **k):
        # 64 MB of new pages, each written: a fresh mapping, since 1 MB
        # objects from malloc may reuse memory an earlier test freed and
        # the process still holds (resident already: no growth to see).
        # (It also failed in clean-clone CI runs started in the background,
        # where SIGINT was ignored: the test above.)
        hog = mmap.mmap(-1, 64 << 20)
        for off in range(0, 64 << 20, 4096):
            hog[off] = 1
        for _ in range(200):  # the import's Python work, where the interrupt lands
            time.sleep(0.01)
        hog.close()
        return real(*a, **k)

    monkeypatch.setattr(fx, "export_and_import", hungry)
    monkeypatch.setenv("SPADC_EXPORT_MEMORY_MB", "1")
    with pytest.raises(st.ExportError) as e:
        st.compile(nn.Linear(8, 8), (torch.randn(2, 8),))
    msg = str(e.value)
    assert "past the bound of 1 MB, and was stopped" in msg and e.value.step == "torch-mlir", msg
    # and the same import under the default bound passes
    monkeypatch.delenv("SPADC_EXPORT_MEMORY_MB")
    m = nn.Linear(8, 8)
    x = torch.randn(2, 8)
    close(st.compile(m, (x,))(x), eager(m, x))
    monkeypatch.setenv("SPADC_EXPORT_MEMORY_MB", "lots")
    with pytest.raises(spadc.UsageError):
        st.compile(m, (x,))


def test_spadc_rejects_exported_op():
    # torch-mlir writes cumsum as tm_tensor.scan, which spadc does not take
    class Cumsum(nn.Module):
        def forward(self, x):
            return torch.cumsum(x, 1)

    with pytest.raises(spadc.InputError) as e:
        st.compile(Cumsum(), (torch.randn(4, 4),))
    assert "unsupported operation 'tm_tensor.scan'" in str(e.value)
    assert "tm_tensor.scan" in e.value.mlir


def test_wrong_inputs_are_usage_errors():
    model = nn.Sequential(nn.Linear(16, 8)).eval()
    f = st.compile(model, (torch.randn(4, 16),))
    with pytest.raises(spadc.UsageError, match=r"tensor<4x16xf32>"):
        f(torch.randn(5, 16))
    with pytest.raises(spadc.UsageError, match=r"tensor<4x16xf32>"):
        f(torch.randn(4, 16, dtype=torch.float64))
    with pytest.raises(spadc.UsageError, match=r"takes 1 tensor"):
        f(torch.randn(4, 16), torch.randn(4, 16))
    with pytest.raises(spadc.UsageError, match=r"torch.Tensor"):
        f(np.zeros((4, 16), np.float32))
    # a non-contiguous input is copied, then runs
    xt = torch.randn(16, 4).t()
    close(f(xt), eager(model, xt))
    with pytest.raises(spadc.UsageError, match="unknown option"):
        st.compile(model, (torch.randn(4, 16),), thread=2)


def test_training_mode_warns():
    model = nn.Sequential(nn.Linear(16, 16), nn.Dropout(0.5))  # not .eval()
    with pytest.warns(UserWarning, match="training mode"):
        try:
            st.compile(model, (torch.randn(4, 16),))
        except spadc.Error:
            pass  # what torch-mlir writes for training-mode dropout (an RNG global) spadc rejects


# ---------------------------------------------------------------- torch.compile(backend="spadc")

@pytest.fixture
def dynamo():
    torch._dynamo.reset()
    st.counters.clear()
    yield
    torch._dynamo.reset()


def test_backend_registered():
    from torch._dynamo.backends.registry import lookup_backend
    assert lookup_backend("spadc") is st.backend


def test_dynamo_mlp_recompiles_per_shape_and_caches(dynamo):
    model = issue_mlp()
    c = torch.compile(model, backend="spadc", dynamic=True)
    xs = {b: torch.randn(b, 768) for b in (4, 8)}
    with torch.no_grad():
        for b in (4, 8, 4, 8):
            close(c(xs[b]), eager(model, xs[b]))
    # one graph (dynamic batch), one spadc program per batch size, reused after
    assert st.counters["graphs"] == 1, st.counters
    assert st.counters["compiles"] == 2, st.counters
    assert st.counters["cache_hits"] == 2, st.counters
    assert st.counters["rebinds"] == 0, st.counters


def test_dynamo_default_two_batch_sizes(dynamo):
    # dynamo's default: static first, then a dynamic graph after the new shape
    model = BertFFN(64, 128).eval()
    c = torch.compile(model, backend="spadc")
    with torch.no_grad():
        for b in (2, 3, 5, 3):
            x = torch.randn(b, 8, 64)
            close(c(x), eager(model, x))
    assert st.counters["compiles"] >= 3, st.counters


def test_dynamo_options_reach_spadc(dynamo):
    model = nn.Sequential(nn.Linear(32, 64), nn.GELU(), nn.Linear(64, 32)).eval()
    x = torch.randn(8, 32)
    c = torch.compile(model, backend="spadc", options={"target": "npu", "threads": 1})
    with torch.no_grad():
        close(c(x), eager(model, x))
    assert st.counters["compiles.npu"] == 1, st.counters
    torch._dynamo.reset()
    c = torch.compile(model, backend="spadc", options={"target": "gpu"})
    with pytest.raises(spadc.UsageError), torch.no_grad():
        c(x)


def test_dynamo_parameter_replaced_or_changed(dynamo):
    model = nn.Sequential(nn.Linear(32, 64), nn.ReLU(), nn.Linear(64, 16)).eval()
    c = torch.compile(model, backend="spadc")
    x = torch.randn(4, 32)
    with torch.no_grad():
        close(c(x), eager(model, x))
        model[0].weight.mul_(0.5)                     # in place
        close(c(x), eager(model, x))
    model[2].weight = nn.Parameter(torch.randn(16, 64))   # another object
    with torch.no_grad():
        close(c(x), eager(model, x))


def test_dynamo_resnet_block(dynamo):
    model = nontrivial_norms(BasicBlock(8)).eval()
    x = torch.randn(1, 8, 10, 10)
    with torch.no_grad():
        close(torch.compile(model, backend="spadc")(x), eager(model, x))
    assert st.counters["compiles"] == 1


def test_dynamo_gpt2_block_two_lengths(dynamo):
    # the causal mask sliced to each length: dynamic shapes, compiled on the real ones
    model = nontrivial_norms(GPT2Block(64, 2, 16)).eval()
    c = torch.compile(model, backend="spadc", dynamic=True)
    with torch.no_grad():
        for s in (16, 8):
            x = torch.randn(1, s, 64)
            close(c(x), eager(model, x))
    assert st.counters["compiles"] == 2, st.counters
