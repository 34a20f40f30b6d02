"""spadc from Python: compile MLIR linalg-on-tensors to fused kernels and run
them on numpy arrays, on the host cpu, the simulated npu or the reference
interpreter.

    import spadc, numpy as np
    p = spadc.compile(path="tests/corpus/seeds/ffn1_bert.mlir")
    y = p(*[np.ones(a.shape, a.dtype) for a in p.inputs])

Arrays may be numpy arrays, torch tensors or anything else with DLPack
(``__dlpack__``) or ``__array__``: passed without a copy where their memory
is already C-contiguous of the argument's type.

Everything here is a thin layer over the C API (include/spadc.h), loaded
with ctypes from libspadc.so: the same compiler, plans and errors as the
`spadc` command. PyTorch models: `spadc.torch`. The command line tool
itself: `python -m spadc` (and the `spadc` command the package installs).

The package by job: compile() and opt() here; _options.py their arguments
(source, budget, tile, threads); _program.py Program (calls, reports,
files, save/load, pickling); _arrays.py dtypes, Arg and array conversion;
_errors.py the exceptions; _native.py the ctypes declarations.
"""
from __future__ import annotations

import os
from typing import Optional, Sequence, Union

from . import _native as _n
from ._arrays import Arg
from ._errors import (Error, InputError, InternalError, MismatchError, NoFitError, PathLike, ThreadsWarning,
                      UsageError, _c_path, _c_str, _raise, _usage)
from ._options import _budget, _free_all, _read, _source, _threads, _tile
from ._program import Program, load  # noqa: F401 (spadc.load)

# not "compile" (nor "opt"): `from spadc import *` must not shadow the
# built-in compile(); call them as spadc.compile, spadc.opt
__all__ = ["Program", "Arg", "Error", "InputError", "UsageError", "NoFitError", "MismatchError",
           "InternalError", "ThreadsWarning", "version", "__version__"]

def __getattr__(name):
    # the library's version: asked of it when first named (the library
    # loads at its first use, not at `import spadc`: _native)
    if name == "__version__":
        globals()["__version__"] = v = _n.version().decode()
        return v
    # spadc.torch imports torch (seconds, and only where it is installed):
    # loaded when first named, not by `import spadc`
    if name == "torch":
        import importlib
        return importlib.import_module(".torch", __name__)
    raise AttributeError("module 'spadc' has no attribute %r" % name)


def version() -> str:
    """The library's version ("0.1.0"), as `spadc --version` prints it."""
    return __getattr__("__version__")


# ------------------------------------------------------------------ compile

def compile(source: Optional[Union[PathLike, bytes]] = None, func: Optional[str] = None, target: str = "cpu",
            threads: Optional[int] = None, budget: Optional[Union[float, int, str]] = None,
            tile: Optional[Union[Sequence[int], str]] = None, name: Optional[str] = None,
            time_kernels: bool = True, objective: Optional[str] = None, *, precision: Optional[str] = None,
            path: Optional[PathLike] = None, text: Optional[Union[str, bytes]] = None) -> "Program":
    """Compile one function of an MLIR module; returns a callable Program.

    path     the MLIR file (str, bytes or os.PathLike), or
    text     the MLIR text itself (str or bytes); name labels it in messages
             ("<string>" by default). Give exactly one of the two.
    source   the older positional form, kept working: a path, or text when it
             has a newline or starts with "module"/"func.func"; path= and
             text= say which without guessing.
    func     the function (None: the module's only public one; "@f" allowed)
    target   "cpu", "npu" (the built-in TPUv3), "npu=HW.yml" (a PyTorchSim
             hardware file) or "ref" (the reference interpreter)
    threads  cpu threads (the npu simulator's host threads), 1 to 1024;
             None, and any number above the cores this process may run on
             (os.sched_getaffinity; the latter with a ThreadsWarning): those
             cores
    budget   npu: scratchpad per lane a kernel may plan, as --budget: a
             fraction in (0, 1] of the slice, or bytes (a whole number, or a
             string "65536", "64K", "1M")
    tile     npu: (M, N, K) forced on every contraction kernel ("M,N,K" too)
    time_kernels  cpu: record each kernel's time (two clock reads a kernel;
             Program.last_run shows the medians)
    objective  npu: what the tile search minimises: "cycles" (None: the
             default), "energy", "dram" or "edp" (as --objective)
    precision  cpu and npu: how f32 contractions multiply (as --precision):
             "f32" (None: the default, as written), "bf16x3" (each operand
             as two bf16 terms, three products summed in f32: about 2^-16
             relative) or "bf16x6" (three terms, six products: as accurate as
             f32); what a TPU does for f32, paying where bf16 products run
             faster than f32 ones (AMX, the npu's systolic arrays)

    Raises InputError (bad MLIR), UsageError (bad arguments: every value
    the command would refuse, and any argument of the wrong type, which is
    also a TypeError), NoFitError.
    """
    asked = threads
    threads = _threads(threads)
    if not isinstance(target, str):
        raise _usage("target must be a string such as \"cpu\", not %r" % (target,), True)
    o = _n.Options()
    o.target = _c_str(target, "target", False)
    o.threads = threads
    o.budget = _budget(budget)
    if tile is not None:
        o.tile[:] = _tile(tile)
    cfunc = _c_str(func, "func")
    if objective is not None:
        if objective not in ("cycles", "energy", "dram", "edp"):
            raise _usage("objective must be one of cycles, energy, dram, edp, not %r" % (objective,),
                         not isinstance(objective, str))
        o.objective = objective.encode()
    if precision is not None:
        if precision not in ("f32", "bf16x3", "bf16x6"):
            raise _usage("precision must be one of f32, bf16x3, bf16x6, not %r" % (precision,),
                         not isinstance(precision, str))
        o.precision = precision.encode()
    o.time_kernels = 1 if time_kernels else 0
    o.interruptible = 1  # Ctrl-C stops a run at the next kernel (KeyboardInterrupt)
    _source(source, path, text)  # the usage errors before anything is allocated
    ctx = _n.ctx_new()
    if not ctx:
        raise MemoryError("spadc: cannot allocate a context")
    mod = prog = None
    try:
        mod = _read(ctx, source, name, path, text)
        out = _n.c_void_p()
        st = _n.compile_(ctx, mod, cfunc or None, o, out)
        if st:
            _raise(ctx, st)
        prog = out.value
        p = Program(ctx, mod, prog, target, threads)
    except BaseException:
        _free_all(ctx, mod, prog)
        raise
    # what save() and pickle keep to compile it again (threads as asked:
    # None follows the cores of the process that loads it)
    if name is None and path is not None:  # messages after a load still name the file
        name = os.fsdecode(_c_path(path, "path"))
    p._options = dict(func=func, target=target, threads=None if asked is None else int(asked),
                      budget=o.budget or None, tile=list(o.tile) if tile is not None else None, name=name,
                      time_kernels=bool(time_kernels), objective=objective, precision=precision)
    return p


def opt(source: Optional[Union[PathLike, bytes]] = None, passes: Optional[str] = None, name: Optional[str] = None,
        *, path: Optional[PathLike] = None, text: Optional[Union[str, bytes]] = None) -> str:
    """The module as MLIR text after the passes (a comma list of
    "canonicalize", "fuse"; None or "" prints it as read), as `spadc opt
    --passes` prints it. The MLIR: path= or text= (or source, as compile())."""
    cpasses = _c_str(passes, "passes")
    _source(source, path, text)
    ctx = _n.ctx_new()
    if not ctx:
        raise MemoryError("spadc: cannot allocate a context")
    mod = None
    try:
        mod = _read(ctx, source, name, path, text)
        out = _n.c_void_p()
        st = _n.print_(ctx, mod, cpasses or None, out)
        if st:
            _raise(ctx, st)
        return _n.take_string(out)
    finally:
        _free_all(ctx, mod, None)
