"""spadc for PyTorch models: torch-mlir's FX importer to linalg-on-tensors,
spadc to fused kernels, torch tensors in and out.

    import torch, spadc.torch
    model = torch.nn.Sequential(torch.nn.Linear(768, 3072), torch.nn.GELU(),
                                torch.nn.Linear(3072, 768)).eval()
    x = torch.randn(32, 768)
    f = spadc.torch.compile(model, (x,), target="npu")
    y = f(x)                                  # a torch tensor

    fast = torch.compile(model, backend="spadc")   # registered on import
    with torch.no_grad():
        y = fast(x)

Two doors:

compile(model, example_inputs, target="cpu", **options)
    exports the model once, at the example inputs' shapes and dtypes, and
    returns a CompiledModule: call it with torch tensors of those shapes.
torch.compile(model, backend="spadc", options={...})
    the dynamo backend ("spadc", registered when this module is imported):
    each graph dynamo captures is exported and compiled lazily, at the first
    call with each set of input shapes, and the programs are cached per
    shapes and dtypes (dynamic shapes included: the real shapes are
    compiled). `counters` counts graphs, compiles, cache hits and rebinds.

Both export through torch-mlir's FX importer (torch.export, non-strict) to
linalg-on-tensors with the model's parameters and floating-point buffers
as function arguments (not constants), in a stable order: the parameters as
named_parameters() lists them, then the floating-point buffers as
named_buffers() does (BatchNorm's running statistics; integer and bool
buffers such as num_batches_tracked or a causal mask stay constants of the
exported function). Those arguments are bound once (Program.bind): numpy
views of the tensors, no copy where a tensor is contiguous on the cpu, and
the weights the kernels read packed are packed then.

The model is exported in the mode it is in: nothing here calls .eval().
Call model.eval() first for inference (dropout off, BatchNorm on its
running statistics); a model in training mode with dropout or batch norm
gets a warning, and what torch-mlir makes of it is what runs.

Inference only: results carry no autograd history.

Weights changed after compile: before each call the bound tensors are
checked (the same object, its version counter, its data pointer), and a
changed one is bound again (packed again). That sees in-place changes made
through the tensor (optimizer steps, load_state_dict, p.copy_() under
no_grad) and, for torch.compile, parameters replaced by new objects
(dynamo passes them). It does not see writes through p.data or a numpy
view, nor (for compile()) a parameter replaced on the model by a new
object: call CompiledModule.rebind() after those.

Tensors: cpu only; a non-contiguous tensor is copied first, a contiguous
one is passed without a copy. Results are torch.from_numpy views of the
result arrays (bf16 through int16 views; ml_dtypes.bfloat16 on the numpy
side).

Errors: a model torch-mlir cannot export raises ExportError (an
spadc.InputError) saying which step failed and why: a tensor whose shape
depends on the data is refused before torch-mlir sees it, and torch-mlir is
stopped past 4 GiB plus 8x the model's tensors of added memory
(SPADC_EXPORT_MEMORY_MB sets that bound); what spadc rejects in
the exported MLIR raises spadc's own error, with the text at `e.mlir`; a
tensor of the wrong shape or dtype raises spadc.UsageError.
"""
import _thread
import collections
import math
import os
import signal
import threading
import warnings

import numpy as np
import torch
import torch.nn as nn
import torch.utils._pytree as pytree

from . import Error, InputError, InternalError, UsageError
from . import compile as _spadc_compile

__all__ = ["compile", "CompiledModule", "ExportError", "backend", "counters", "weight_names"]

#: What the dynamo backend did, process-wide: "graphs" (graphs dynamo
#: handed it), "compiles" (spadc programs compiled: one per graph and input
#: shapes), "cache_hits" (calls that found their program), "rebinds"
#: (weights bound again because the tensor changed), and "compiles.TARGET"
#: per target. compile() counts its programs under "compiles" too. Clear it
#: with counters.clear().
counters = collections.Counter()

_OPTIONS = ("threads", "budget", "tile", "time_kernels", "objective", "precision")


class ExportError(InputError):
    """torch.export or torch-mlir could not turn the model into
    linalg-on-tensors. The original exception is __cause__; `step` says
    which step failed ("torch.export" or "torch-mlir")."""

    def __init__(self, message, step=None):
        super().__init__(message, 1)
        self.step = step


# ------------------------------------------------------------------ tensors

def _bf16():
    import ml_dtypes
    return np.dtype(ml_dtypes.bfloat16)


def _to_numpy(t, what):
    """t as a numpy array sharing its memory where t is contiguous on the cpu
    (bf16 as ml_dtypes.bfloat16 through an int16 view)."""
    if (t.__class__ is torch.Tensor and t.is_cpu and not t.requires_grad and t.layout is torch.strided
            and t.dtype is not torch.bfloat16 and t.is_contiguous()):
        try:
            return t.numpy()  # the common case, without detach()'s new tensor (~1 us)
        except (TypeError, RuntimeError):
            pass  # a dtype numpy lacks: said below
    if not isinstance(t, torch.Tensor):
        raise UsageError("spadc.torch: error: %s must be a torch.Tensor, not %s" % (what, type(t).__name__))
    if t.device.type != "cpu":
        raise UsageError("spadc.torch: error: %s is on %s; spadc runs on the host: pass cpu tensors "
                         "(model.cpu(), t.cpu())" % (what, t.device))
    t = t.detach()
    if t.layout != torch.strided:
        raise UsageError("spadc.torch: error: %s is a %s tensor; spadc takes dense (strided) tensors"
                         % (what, t.layout))
    if not t.is_contiguous():
        t = t.contiguous()
    if t.dtype == torch.bfloat16:
        return t.view(torch.int16).numpy().view(_bf16())
    try:
        return t.numpy()
    except (TypeError, RuntimeError) as e:
        raise UsageError("spadc.torch: error: %s has dtype %s, which spadc does not take (%s)"
                         % (what, t.dtype, e)) from None


def _to_torch(a):
    """A result array as a torch tensor on the same memory."""
    if a.dtype == _BF16_NP[0]:
        return torch.from_numpy(a.view(np.int16)).view(torch.bfloat16)
    return torch.from_numpy(a)


try:
    _BF16_NP = [_bf16()]
except ImportError:  # no bf16 results then: spadc itself raises on bf16 functions
    _BF16_NP = [None]


def _version(t):
    try:
        return t._version
    except RuntimeError:  # inference-mode tensors keep no version counter
        return None


def _signature(t):
    return (_version(t), t.data_ptr())


# ------------------------------------------------------------------ export

def weight_names(model):
    """The names of the tensors compile() passes as function arguments after
    the inputs, in argument order: the parameters, then the floating-point
    buffers."""
    names = [n for n, _ in model.named_parameters()]
    names += [n for n, b in model.named_buffers() if b.is_floating_point()]
    return names


class _WeightsAsArgs(nn.Module):
    """forward(*inputs, *weights): the module with the named weights taken
    from the arguments (torch.func.functional_call)."""

    def __init__(self, module, names, n_inputs):
        super().__init__()
        self.module = module
        self.names = list(names)
        self.n_inputs = n_inputs

    def forward(self, *args):
        inputs, weights = args[:self.n_inputs], args[self.n_inputs:]
        return torch.func.functional_call(self.module, dict(zip(self.names, weights)), tuple(inputs))


def _short(e, limit=4000):
    text = "%s: %s" % (type(e).__name__, str(e).strip())
    if len(text) > limit:
        text = text[:limit] + "\n... (%d more characters; the whole text is in __cause__)" % (len(text) - limit)
    return text


def _gelu_tanh(x, approximate="none"):
    """gelu(x, approximate="tanh") as ATen computes it (GeluKernel:
    kBeta = M_SQRT2 * M_2_SQRTPI * 0.5 = sqrt(2/pi)). torch-mlir's own
    lowering of aten.gelu (TorchToLinalg) writes sqrt(2/pi) as 0.797724,
    sqrt(2/(22/7)): up to 0.34% off eager, and spadc's --check cannot see
    it (its reference reads the same program). Decomposed here, before
    torch-mlir, the constant is the exact one. The erf form is left to
    torch-mlir (NotImplemented: not decomposed)."""
    if approximate != "tanh":
        return NotImplemented
    inner = math.sqrt(2.0 / math.pi) * (x + 0.044715 * (x * x * x))
    return 0.5 * x * (1.0 + torch.tanh(inner))


def _decompositions():
    """torch-mlir's own decomposition table, with aten.gelu's tanh form
    replaced by _gelu_tanh."""
    from torch_mlir.extras.fx_decomp_util import get_decomposition_table
    table = dict(get_decomposition_table())
    table[torch.ops.aten.gelu.default] = _gelu_tanh
    return table


def _dim_text(d):
    return d if isinstance(d, int) else str(d)


def _op_name(node):
    t = node.target
    return getattr(t, "__name__", None) or str(t)


def _data_dependent(ep):
    """The first node of the exported graph whose result has a size that
    is not a number (an unbacked size: boolean indexing, nonzero, unique,
    masked_select), or None."""
    for n in ep.graph.nodes:
        if n.op != "call_function":
            continue
        v = n.meta.get("val")
        if isinstance(v, torch.Tensor) and any(not isinstance(d, int) for d in v.shape):
            return n
    return None


def _resident_bytes():
    """This process's resident memory now (Linux /proc), or None."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None


def _export_bound(tensors):
    """Bytes torch-mlir may add to the process while it imports a model:
    SPADC_EXPORT_MEMORY_MB, else 4 GiB plus 8 times the model's tensors
    (a 12-layer 2048-wide MLP, 201 MB of weights, took 112 MB more)."""
    env = os.environ.get("SPADC_EXPORT_MEMORY_MB", "").strip()
    if env:
        try:
            mb = float(env)
        except ValueError:
            raise UsageError("spadc.torch: SPADC_EXPORT_MEMORY_MB must be a number of megabytes (got %r)" % env) from None
        if not mb > 0 or math.isinf(mb):
            raise UsageError("spadc.torch: SPADC_EXPORT_MEMORY_MB must be positive and finite (got %r)" % env)
        return int(mb * 1e6)
    return (4 << 30) + 8 * sum(t.numel() * t.element_size() for t in tensors)


class _MemoryWatch:
    """While its block runs, a thread reads the process's resident memory
    every 20 ms and, past `bound` bytes above where it started, interrupts
    the main thread (_thread.interrupt_main: a KeyboardInterrupt where the
    importer next runs Python) and notes it in `tripped`. torch-mlir's
    import is Python walking the graph, so it stops within a node or two;
    one long C++ call (printing the module) runs to its end first.

    interrupt_main does nothing where SIGINT is not Python's to handle: a
    process started with it ignored (in the background of a
    non-interactive shell, under nohup) never saw the bound. So, on the
    main thread, the block runs with Python's handler (and the caller's is
    restored after)."""

    def __init__(self, bound):
        self.bound, self.tripped, self._stop = bound, None, threading.Event()
        self._base = _resident_bytes()
        self._thread = threading.Thread(target=self._watch, name="spadc-export-memory", daemon=True)
        self._sigint = None  # the caller's SIGINT handler, where the block replaced it

    def _watch(self):
        while not self._stop.wait(0.02):
            now = _resident_bytes()
            if now is not None and now - self._base > self.bound:
                self.tripped = now - self._base
                _thread.interrupt_main()
                return

    def __enter__(self):
        if self._base is not None:
            if threading.current_thread() is threading.main_thread():
                h = signal.getsignal(signal.SIGINT)
                if h in (signal.SIG_IGN, signal.SIG_DFL):
                    self._sigint = h
                    signal.signal(signal.SIGINT, signal.default_int_handler)
            self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()
        if self._sigint is not None:
            signal.signal(signal.SIGINT, self._sigint)
        return False


def _export(module, inputs, weights, names, func_name, label):
    """(MLIR text, output TreeSpec) of module(*inputs) with `weights` (its
    tensors `names`) as the function's trailing arguments."""
    try:
        from torch_mlir import fx
    except ImportError as e:
        raise ImportError("spadc.torch: torch-mlir is needed to export models (pip install the torch-mlir "
                          "pin of tools/torch_requirements.txt): %s" % e) from e
    wrapped = _WeightsAsArgs(module, names, len(inputs))
    args = tuple(t.detach() for t in inputs) + tuple(w.detach() for w in weights)
    try:
        ep = torch.export.export(wrapped, args, strict=False)
    except Exception as e:
        raise ExportError("spadc.torch: error: torch.export could not export %s, so torch-mlir cannot import "
                          "it:\n%s" % (label, _short(e)), "torch.export") from e
    out_spec = ep.call_spec.out_spec
    node = _data_dependent(ep)
    if node is not None:  # before torch-mlir, which may take unbounded memory on it (23.7 GB on x[x > 0])
        where = (node.meta.get("stack_trace") or "").strip().splitlines()
        raise ExportError("spadc.torch: error: %s computes a tensor whose shape depends on the data: %s gives "
                          "shape %s%s; spadc compiles static shapes"
                          % (label, _op_name(node), tuple(_dim_text(d) for d in node.meta["val"].shape),
                             " (%s: %s)" % (where[-2].strip(), where[-1].strip()) if len(where) >= 2 else ""),
                          "torch.export")
    watch = _MemoryWatch(_export_bound(args))
    try:
        with watch:
            module_ir = fx.export_and_import(ep, output_type="linalg-on-tensors", func_name=func_name,
                                             decomposition_table=_decompositions())
            text = str(module_ir)
    except KeyboardInterrupt:
        if watch.tripped is None:
            raise  # the user's
        raise ExportError("spadc.torch: error: torch-mlir took %.0f MB more memory importing %s, past the bound of "
                          "%.0f MB, and was stopped (SPADC_EXPORT_MEMORY_MB sets the bound)"
                          % (watch.tripped / 1e6, label, watch.bound / 1e6), "torch-mlir") from None
    except Exception as e:
        raise ExportError("spadc.torch: error: torch-mlir could not lower %s to linalg-on-tensors:\n%s"
                          % (label, _short(e)), "torch-mlir") from e
    return text, out_spec


def _compile_text(text, func_name, label, target, options):
    try:
        return _spadc_compile(text=text, func=func_name, target=target, name="<%s>" % label.replace(":", " "),
                              **options)
    except Error as e:
        # spadc's message locates the error in the exported text: keep it at hand
        e.mlir = text
        raise


def _check_options(options, where):
    bad = sorted(set(options) - set(_OPTIONS))
    if bad:
        raise UsageError("spadc.torch: error: %s: unknown option%s %s (spadc.compile takes target, %s)"
                         % (where, "s" if len(bad) > 1 else "", ", ".join(bad), ", ".join(_OPTIONS)))


class _Kernel:
    """One compiled program with its bound weights: binds them, checks them
    before each run, runs, and gives the results the model's structure."""

    def __init__(self, program, mlir, out_spec, weights):
        self.program = program
        self.mlir = mlir
        self.out_spec = out_spec
        self._leaf = out_spec.is_leaf()  # one tensor: returned without tree_unflatten (~1.5 us)
        self._inputs = {}  # position: (tensor, data_ptr, shape, its array), the last call's
        self._sig = {}
        self._tensors = {}
        self.rebinds = 0
        n = len(program.results)
        if out_spec.num_leaves != n:
            raise InternalError("spadc.torch: error: the exported function has %d results but the model returns "
                                "%d values (%s); a model that returns non-tensors or mutates its inputs or "
                                "buffers (a training-mode BatchNorm) is not supported" % (n, out_spec.num_leaves,
                                                                                          out_spec))
        for i, t in weights:
            self.bind(i, t)

    def bind(self, i, t):
        a = _to_numpy(t, "weight %d (%s)" % (i, self.program.args[i].mlir_type))
        self.program.bind(i, a)          # the program keeps `a`, and `a` its tensor
        self._tensors[i] = t
        self._sig[i] = _signature(t)

    def check(self, i, t):
        """Bind argument i again when t is not the tensor bound, or changed."""
        if self._tensors[i] is t and self._sig[i] == _signature(t):
            return
        self.bind(i, t)
        self.rebinds += 1
        counters["rebinds"] += 1

    def arrays(self, tensors, what):
        """The tensors as arrays: the last call's array again for the same
        tensor on the same memory in the same shape (so the program, too,
        finds its data pointer known), else _to_numpy's."""
        out = []
        last = self._inputs
        for i, t in enumerate(tensors):
            c = last.get(i)
            if c is not None and c[0] is t and t.data_ptr() == c[1] and t.shape == c[2] and t.is_contiguous():
                out.append(c[3])
                continue
            a = _to_numpy(t, "%s %d" % (what, i))
            # kept only where a is t's own memory: a copy (of a strided t) could
            # go stale under an in-place t_() that leaves pointer and shape
            shared = t.__class__ is torch.Tensor and t.is_contiguous()
            last[i] = (t, t.data_ptr(), t.shape, a) if shared else None
            out.append(a)
        return out

    def run(self, arrays):
        res = self.program(*arrays)
        if self._leaf:
            return _to_torch(res)
        if not isinstance(res, tuple):
            res = (res,)
        return pytree.tree_unflatten([_to_torch(a) for a in res], self.out_spec)


def _warn_training(model):
    modes = (nn.modules.dropout._DropoutNd, nn.modules.batchnorm._BatchNorm)
    live = [n or type(model).__name__ for n, m in model.named_modules() if m.training and isinstance(m, modes)]
    if live:
        warnings.warn("spadc.torch: %s is in training mode (%s%s): exported as it is; call model.eval() "
                      "for inference" % (type(model).__name__, ", ".join(live[:3]), ", ..." if len(live) > 3 else ""),
                      stacklevel=4)


def _as_inputs(example_inputs):
    if isinstance(example_inputs, torch.Tensor):
        return (example_inputs,)
    if isinstance(example_inputs, (tuple, list)):
        return tuple(example_inputs)
    raise UsageError("spadc.torch: error: example_inputs must be a tensor or a tuple of tensors, not %s"
                     % type(example_inputs).__name__)


# ------------------------------------------------------------------ compile()

class CompiledModule:
    """A model compiled by spadc at fixed input shapes; call it with torch
    tensors (cpu; the example inputs' shapes and dtypes) and it returns what
    the model returns (tensors in the same structure).

    program       the spadc.Program (plan(), last_run, plan_text(), svg())
    mlir          the linalg-on-tensors text torch-mlir exported
    weight_names  the model's tensors bound as arguments, in argument order
                  (program argument len(inputs) + i is weight_names[i])
    """

    def __init__(self, model, example_inputs, target="cpu", **options):
        if not isinstance(model, nn.Module):
            raise UsageError("spadc.torch: error: compile takes an nn.Module, not %s" % type(model).__name__)
        _check_options(options, "compile")
        inputs = _as_inputs(example_inputs)
        for i, t in enumerate(inputs):
            _to_numpy(t, "example input %d" % i)  # cpu tensors of a dtype spadc takes
        self.model = model
        self.weight_names = weight_names(model)
        self.n_inputs = len(inputs)
        state = dict(model.named_parameters()) | dict(model.named_buffers())
        for n in self.weight_names:
            _to_numpy(state[n], "weight %r" % n)
        weights = [state[n] for n in self.weight_names]
        if model.training:
            _warn_training(model)
        label = type(model).__name__
        self.mlir, out_spec = _export(model, inputs, weights, self.weight_names, "forward", label)
        self.program = _compile_text(self.mlir, "forward", label, target, options)
        counters["compiles"] += 1
        counters["compiles." + target] += 1
        want = self.n_inputs + len(weights)
        if len(self.program.args) != want:
            raise InternalError("spadc.torch: error: the exported function has %d arguments, not the %d "
                                "inputs and %d weights given" % (len(self.program.args), self.n_inputs, len(weights)))
        self._kernel = _Kernel(self.program, self.mlir, out_spec,
                               [(self.n_inputs + k, w) for k, w in enumerate(weights)])
        self._weights = weights

    @property
    def target(self):
        return self.program.target

    def rebind(self):
        """Bind the model's weights again, as they are now (after a
        parameter was replaced, or written through .data or numpy)."""
        state = dict(self.model.named_parameters()) | dict(self.model.named_buffers())
        weights = []
        for k, n in enumerate(self.weight_names):
            if n not in state:
                raise UsageError("spadc.torch: error: the model has no tensor %r any more; compile it again" % n)
            self._kernel.bind(self.n_inputs + k, state[n])
            weights.append(state[n])
        self._weights = weights
        return self

    def __call__(self, *inputs):
        if len(inputs) != self.n_inputs:
            raise UsageError("spadc.torch: error: this %s takes %d tensor%s (%s), got %d"
                             % (type(self.model).__name__, self.n_inputs, "" if self.n_inputs == 1 else "s",
                                ", ".join(a.mlir_type for a in self.program.inputs), len(inputs)))
        k = self._kernel
        for j, w in enumerate(self._weights):
            k.check(self.n_inputs + j, w)
        return k.run(k.arrays(inputs, "input"))

    def __repr__(self):
        return "<spadc.torch.CompiledModule %s on %s: %r>" % (type(self.model).__name__, self.target, self.program)


def compile(model, example_inputs, target="cpu", **options):
    """Compile `model` for inputs shaped as `example_inputs` (a tensor or a
    tuple of them); returns a CompiledModule, called with torch tensors.

    target   "cpu", "npu", "npu=HW.yml" or "ref", as spadc.compile
    options  passed to spadc.compile: threads, budget, tile, time_kernels,
             objective, precision ("bf16x3", "bf16x6": f32 contractions
             through bf16 terms)

    The model is exported in the mode it is in (call .eval() first for
    inference). Raises ExportError when torch.export or torch-mlir fail,
    spadc's errors (InputError, NoFitError, UsageError) when spadc does.
    """
    return CompiledModule(model, example_inputs, target, **options)


# ------------------------------------------------------------------ torch.compile backend

class _Scalar:
    """A number dynamo passes as a 0-d tensor (pass_arg_as_tensor: a float
    attribute under dynamic shapes, such as LayerNorm's eps): compiled as the
    constant it is at the call, since the graph reads it with .item()."""

    def __init__(self, value, dtype):
        self.value, self.dtype = value, dtype


class _GraphCall(nn.Module):
    """A dynamo graph called with its tensor arguments only: the others
    (sizes of dynamic dimensions as ints, numbers passed as 0-d tensors) are
    fixed to one call's values."""

    def __init__(self, gm, template, tensor_pos):
        super().__init__()
        self.gm = gm
        self.template = list(template)
        self.tensor_pos = list(tensor_pos)

    def forward(self, *tensors):
        args = [torch.tensor(a.value, dtype=a.dtype) if isinstance(a, _Scalar) else a for a in self.template]
        for p, t in zip(self.tensor_pos, tensors):
            args[p] = t
        return self.gm(*args)


class _DynamoGraph:
    """What the backend returns for one graph: compiles on the real shapes at
    the first call with them, caches the program per shapes and dtypes."""

    def __init__(self, gm, example_inputs, target, options):
        self.gm = gm
        self.target = target
        self.options = options
        self.kernels = {}
        self.compiles = 0
        self.label = "dynamo graph %d" % counters["graphs"]
        # inputs dynamo marks static (parameters and buffers it lifted)
        # and numbers it passes as 0-d tensors
        self.static, self.scalar = [], []
        for n in gm.graph.nodes:
            if n.op == "placeholder":
                td = n.meta.get("tensor_dict") or {}
                self.static.append("_dynamo_static_input_type" in td)
                self.scalar.append(bool(getattr(n.meta.get("grapharg"), "pass_arg_as_tensor", False)))
        if len(self.static) != len(example_inputs):
            self.static = self.scalar = [False] * len(example_inputs)
        # weights the graph holds itself (get_attr), if dynamo did not lift them
        self.own_names = ["gm." + n for n in weight_names(gm)]
        state = dict(gm.named_parameters()) | dict(gm.named_buffers())
        self.own = [state[n[3:]] for n in self.own_names]
        self._warned = False

    def _key(self, args):
        key = []
        for i, a in enumerate(args):
            if i < len(self.scalar) and self.scalar[i] and isinstance(a, torch.Tensor) and a.dim() == 0:
                key.append(("scalar", a.dtype, a.item()))
            elif isinstance(a, torch.Tensor):
                key.append((tuple(a.shape), a.dtype))
            else:
                try:
                    hash(a)
                except TypeError:
                    raise UsageError("spadc.torch: error: the spadc backend got a graph input of type %s"
                                     % type(a).__name__) from None
                key.append((type(a).__name__, a))
        return tuple(key)

    def _compile(self, args):
        scalar = [self.scalar[i] and isinstance(a, torch.Tensor) and a.dim() == 0 for i, a in enumerate(args)]
        tensor_pos = [i for i, a in enumerate(args) if isinstance(a, torch.Tensor) and not scalar[i]]
        bound_pos = [i for i in tensor_pos if isinstance(args[i], nn.Parameter) or
                     (i < len(self.static) and self.static[i])]
        template = [_Scalar(a.item(), a.dtype) if scalar[i] else None if isinstance(a, torch.Tensor) else a
                    for i, a in enumerate(args)]
        call = _GraphCall(self.gm, template, tensor_pos)
        tensors = [args[i] for i in tensor_pos]
        mlir, out_spec = _export(call, tensors, self.own, self.own_names, "graph", self.label)
        prog = _compile_text(mlir, "graph", self.label, self.target, self.options)
        counters["compiles"] += 1
        counters["compiles." + self.target] += 1
        self.compiles += 1
        nt = len(tensor_pos)
        if len(prog.args) != nt + len(self.own):
            raise InternalError("spadc.torch: error: the exported graph has %d arguments, not %d"
                                % (len(prog.args), nt + len(self.own)))
        slot = {p: j for j, p in enumerate(tensor_pos)}   # graph position -> program argument
        weights = [(slot[p], args[p]) for p in bound_pos] + [(nt + k, w) for k, w in enumerate(self.own)]
        kernel = _Kernel(prog, mlir, out_spec, weights)
        kernel.bound_args = [(p, slot[p]) for p in bound_pos]
        kernel.free_args = [p for p in tensor_pos if p not in set(bound_pos)]
        kernel.own = [(nt + k, w) for k, w in enumerate(self.own)]
        return kernel

    def __call__(self, *args):
        if not self._warned and torch.is_grad_enabled() and any(
                isinstance(a, torch.Tensor) and a.requires_grad for a in args):
            self._warned = True
            warnings.warn("spadc backend: inference only: the results carry no autograd history "
                          "(run the model under torch.no_grad())", stacklevel=2)
        key = self._key(args)
        k = self.kernels.get(key)
        if k is None:
            k = self.kernels[key] = self._compile(args)
        else:
            counters["cache_hits"] += 1
            for p, i in k.bound_args:
                k.check(i, args[p])
            for i, w in k.own:
                k.check(i, w)
        return k.run(k.arrays([args[p] for p in k.free_args], "graph input"))


def backend(gm, example_inputs, **kwargs):
    """The torch.compile backend "spadc": torch.compile(model, backend="spadc",
    options={"target": "npu", "threads": 2, ...}). Options: target and what
    spadc.compile takes (threads, budget, tile, time_kernels, objective, precision)."""
    options = dict(kwargs.get("options") or {})
    target = options.pop("target", "cpu")
    _check_options(options, "torch.compile(backend=\"spadc\") options")
    counters["graphs"] += 1
    return _DynamoGraph(gm, example_inputs, target, options)


def _register():
    from torch._dynamo.backends.registry import register_backend
    try:
        register_backend(backend, name="spadc")
    except AssertionError:  # "duplicate name": this module imported again (importlib.reload)
        pass


_register()
