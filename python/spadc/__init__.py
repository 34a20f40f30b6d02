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
with ctypes from libspadc.so (see spadc/_native.py): the same compiler, plans
and errors as the `spadc` command. PyTorch models: `spadc.torch`. The command line tool itself: `python -m
spadc` (and the `spadc` command the package installs).
"""
from __future__ import annotations

import json
import math
import operator
import os
import re
import tempfile
import threading
import warnings
import weakref
from collections import namedtuple
from typing import Any, Optional, Sequence, Tuple, Union

import numpy as np

from . import _native as _n

# not "compile" (nor "opt"): `from spadc import *` must not shadow the
# built-in compile(); call them as spadc.compile, spadc.opt
__all__ = ["Program", "Arg", "Error", "InputError", "UsageError", "NoFitError", "MismatchError",
           "InternalError", "ThreadsWarning", "version", "__version__"]

PathLike = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]

__version__ = _n.version().decode()


def __getattr__(name):
    # spadc.torch imports torch (seconds, and only where it is installed):
    # loaded when first named, not by `import spadc`
    if name == "torch":
        import importlib
        return importlib.import_module(".torch", __name__)
    raise AttributeError("module 'spadc' has no attribute %r" % name)


def version() -> str:
    """The library's version ("0.1.0"), as `spadc --version` prints it."""
    return __version__


# ------------------------------------------------------------------ errors

class Error(Exception):
    """A spadc error. `status` is the command-line tool's exit code for it;
    `message` the located text `FILE:LINE:COL: error: ...` (also str(e));
    `file`, `line`, `col` its location where it has one (else None): the
    C API's fields (spadc_error_location), not read back from the text."""
    status = 5

    def __init__(self, message: str, status: Optional[int] = None, file: Optional[str] = None,
                 line: Optional[int] = None, col: Optional[int] = None):
        super().__init__(message)
        self.message = message
        if status is not None:
            self.status = status
        self.file, self.line, self.col = file, line, col


class InputError(Error):
    """Bad input: parse, verify, an unsupported construct, out of memory (exit 1)."""
    status = 1


class UsageError(Error, ValueError):
    """Bad arguments: an unknown function or target, an array of the wrong
    shape or dtype (exit 2). Also a ValueError."""
    status = 2


class NoFitError(Error):
    """The plan does not fit its budget (exit 3)."""
    status = 3


class MismatchError(Error):
    """A check found a difference from the reference interpreter (exit 4)."""
    status = 4


class InternalError(Error):
    """A bug in spadc (exit 5)."""
    status = 5


class _UsageTypeError(UsageError, TypeError):
    """An argument of the wrong type: a UsageError that is also a TypeError."""


_UsageTypeError.__name__ = _UsageTypeError.__qualname__ = "UsageError"  # as tracebacks name it


def _usage_type_error(message, state):
    e = _UsageTypeError(message)
    e.__dict__.update(state)
    return e


# pickled by this function, not by its class (whose name is UsageError's)
_UsageTypeError.__reduce__ = lambda self: (_usage_type_error, (self.message, dict(self.__dict__)))


class ThreadsWarning(UserWarning):
    """threads= asked for more threads than the cores this process may run
    on (os.sched_getaffinity): the program was compiled for those cores."""


_BY_STATUS = {1: InputError, 2: UsageError, 3: NoFitError, 4: MismatchError, 5: InternalError}


def _usage(msg, type_error=False):
    return (_UsageTypeError if type_error else UsageError)("spadc: error: " + msg)


def _c_str(value, what, allow_none=True):
    """value (str, or None where allowed) as the NUL-terminated bytes C reads:
    a NUL inside would cut it short there, so it is refused."""
    if value is None and allow_none:
        return None
    if not isinstance(value, str):
        raise _usage("%s must be a string%s, not %s" % (what, " or None" if allow_none else "",
                                                          type(value).__name__), True)
    if "\0" in value:
        raise _usage("%s must not contain a NUL character (got %r)" % (what, value))
    return value.encode("utf-8", "surrogateescape")


def _c_path(path, what):
    """A path (str, bytes or os.PathLike) as bytes for C, without NUL."""
    try:
        b = os.fsencode(path)
    except TypeError:
        raise _usage("%s must be a path (str, bytes or os.PathLike), not %s" % (what, type(path).__name__),
                     True) from None
    if b"\0" in b:
        raise _usage("%s must not contain a NUL character (got %r)" % (what, path))
    return b


def _int(value, what, lo, hi):
    """An integer argument in [lo, hi] (anything with __index__ but bool)."""
    if isinstance(value, bool):
        raise _usage("%s must be an integer, not a bool" % what, True)
    try:
        v = operator.index(value)
    except TypeError:
        raise _usage("%s must be an integer, not %s" % (what, type(value).__name__), True) from None
    if not lo <= v <= hi:
        raise _usage("%s must be an integer in [%d, %d] (got %d)" % (what, lo, hi, v))
    return v


def _raise(ctx, status):
    msg = _n.error(ctx).decode("utf-8", "replace")
    f, line, col = _n.c_char_p(), _n.c_uint(), _n.c_uint()
    _n.error_location(ctx, f, line, col)
    file = f.value.decode("utf-8", "surrogateescape") if f.value else None
    raise _BY_STATUS.get(status, Error)(msg or "spadc: error %d" % status, status, file,
                                        line.value or None, col.value or None)


# ------------------------------------------------------------------ types

def _bfloat16():
    try:
        import ml_dtypes
    except ImportError:  # only bf16 functions need it
        return None
    return np.dtype(ml_dtypes.bfloat16)


_DTYPES = {"f32": np.dtype(np.float32), "f64": np.dtype(np.float64), "f16": np.dtype(np.float16),
           "i1": np.dtype(np.bool_), "i8": np.dtype(np.int8), "i16": np.dtype(np.int16),
           "i32": np.dtype(np.int32), "i64": np.dtype(np.int64), "index": np.dtype(np.int64)}


def _dtype(name):
    if name == "bf16":
        dt = _bfloat16()
        if dt is None:
            raise UsageError("spadc: error: this function has bf16 tensors; numpy needs the ml_dtypes "
                             "package for them (pip install ml_dtypes)")
        return dt
    return _DTYPES[name]


class Arg(namedtuple("Arg", "index shape dtype mlir_type scalar")):
    """One argument or result of a compiled function: its position, shape (a
    tuple; () for a scalar), numpy dtype, MLIR type ("tensor<512x768xf32>",
    "f32") and whether it is a scalar."""
    __slots__ = ()

    def __repr__(self):
        return "Arg(%d, %s)" % (self.index, self.mlir_type)


def _arg(t, i):
    name = t.dtype.decode()
    shape = tuple(int(t.dims[d]) for d in range(t.rank))
    mlir = name if t.scalar else "tensor<%s>" % "x".join([str(d) for d in shape] + [name])
    return Arg(i, shape, _dtype(name), mlir, bool(t.scalar))


# ------------------------------------------------------------------ compile

def _source(source, path, text):
    """(path, text) from compile()'s and opt()'s source arguments: exactly
    one of path= and text=, or the positional source (kept from before those
    existed: text when it has a newline or starts as MLIR does, else a path)."""
    given = [n for n, v in (("source", source), ("path", path), ("text", text)) if v is not None]
    if len(given) != 1:
        raise _usage("give the MLIR as path=... (a file) or text=... (the text itself)%s"
                     % ("" if not given else ", not %s together" % " and ".join(given)), not given)
    if path is not None:
        return _c_path(path, "path"), None
    if text is not None:
        if isinstance(text, str):
            return None, text.encode("utf-8", "surrogateescape")
        if isinstance(text, (bytes, bytearray, memoryview)):
            return None, bytes(text)
        raise _usage("text must be MLIR text (str or bytes), not %s" % type(text).__name__, True)
    return _guess(source)


def _guess(source):
    if isinstance(source, (bytes, bytearray)):
        data = bytes(source)
        if b"\n" in data or data.lstrip().startswith((b"module", b"func.func", b"#", b"//")):
            return None, data
        source = os.fsdecode(data)
    if isinstance(source, os.PathLike):
        return _c_path(source, "source"), None
    if not isinstance(source, str):
        raise _usage("source must be MLIR text or a path, not %s" % type(source).__name__, True)
    if "\n" in source or source.lstrip().startswith(("module", "func.func", "#", "//")):
        return None, source.encode("utf-8", "surrogateescape")
    return _c_path(source, "source"), None


def _read(ctx, source, name, path=None, text=None):
    """A spadc_module* read from a path or from MLIR text."""
    mod = _n.c_void_p()
    label = _c_str(name, "name") or b"<string>"
    cpath, data = _source(source, path, text)
    if cpath is not None:
        st = _n.read_file(ctx, cpath, mod)
    else:  # the text as given: the reader locates what it cannot read
        st = _n.read_string(ctx, label, data, len(data), mod)
    if st:
        _raise(ctx, st)
    return mod.value


_BUDGET_FORM = ("budget must be a fraction 0 < F <= 1 (0.5, 1) or a byte count >= 2 (65536, \"64K\", "
                "\"1M\"), as --budget")
_BUDGET_UNITS = {"": 1, "K": 1024, "k": 1024, "KiB": 1024, "M": 1 << 20, "MiB": 1 << 20}


def _budget(budget):
    """budget= as the C API's double: None (the machine's default), a number
    (a fraction in (0, 1], or a whole number of bytes), or a string read as
    `--budget` reads it (src/cli/common.c: "0.5", "65536", "64K", "1M")."""
    if budget is None:
        return 0.0
    if isinstance(budget, str):
        v = budget
        if re.search(r"[.eE]", v) or v == "1":
            try:
                f = float(v)
            except ValueError:
                f = float("nan")
            if (not re.fullmatch(r"[0-9.][0-9.eE+-]*", v) or not f > 0 or f > 1):
                raise _usage("%s; got %r" % (_BUDGET_FORM, budget))
            return f
        m = re.fullmatch(r"([0-9]+)(.*)", v, re.S)
        mul = _BUDGET_UNITS.get(m.group(2)) if m else None
        if mul is None or int(m.group(1)) * mul < 2:
            raise _usage("%s; got %r" % (_BUDGET_FORM, budget))
        b = int(m.group(1)) * mul
        if b > 1 << 40:
            raise _usage("budget %r is more than 2^40 bytes" % (budget,))
        return float(b)
    if isinstance(budget, (bool, bytes)):
        raise _usage("%s, not %s" % (_BUDGET_FORM, type(budget).__name__), True)
    try:
        b = float(budget)
    except (TypeError, ValueError, OverflowError):
        raise _usage("%s, not %s" % (_BUDGET_FORM, type(budget).__name__), True) from None
    if not b > 0 or math.isinf(b) or (b > 1 and b != int(b)):
        raise _usage("%s; got %r" % (_BUDGET_FORM, budget))
    if b > 1 << 40:
        raise _usage("budget %r is more than 2^40 bytes" % (budget,))
    return b


def _tile(tile):
    """tile= as three sizes: a sequence (M, N, K) or "M,N,K" as --tile."""
    if isinstance(tile, str):
        parts = tile.split(",")
        if len(parts) != 3 or not all(re.fullmatch(r"[0-9]+", x) for x in parts):
            raise _usage("tile must be three positive integers M,N,K up to 2^31, as --tile (got %r)" % (tile,))
        tile = [int(x) for x in parts]
    if isinstance(tile, bytes) or not hasattr(tile, "__len__") or not hasattr(tile, "__getitem__"):
        raise _usage("tile must be three positive integers (M, N, K), not %r" % (tile,), True)
    if len(tile) != 3:
        raise _usage("tile must be three positive integers (M, N, K), not %r" % (tile,))
    return [_int(tile[i], "a tile size", 1, 1 << 31) for i in range(3)]


def _default_threads():
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def _threads(threads):
    """threads= checked as the C API checks it (an integer in [1, 1024]),
    then clamped to the cores this process may run on, with a
    ThreadsWarning: more threads than cores only take turns (10000 threads
    made a run 20x slower)."""
    cores = min(_default_threads(), _n.MAX_THREADS)
    if threads is None:
        return cores
    # the C API's own rule (SPADC_MAX_THREADS), checked before ctypes would wrap it to 32 bits
    threads = _int(threads, "threads", 1, _n.MAX_THREADS)
    if threads > cores:
        warnings.warn("spadc: threads=%d is more than the %d core%s this process may run on "
                      "(os.sched_getaffinity): compiling for %d" % (threads, cores, "" if cores == 1 else "s", cores),
                      ThreadsWarning, stacklevel=3)
        threads = cores
    return threads


def _free_all(ctx, mod, prog):
    # in the order the C API asks: programs, then modules, contexts last
    if prog:
        _n.program_free(prog)
    if mod:
        _n.module_free(mod)
    if ctx:
        _n.ctx_free(ctx)


def compile(source: Optional[Union[PathLike, bytes]] = None, func: Optional[str] = None, target: str = "cpu",
            threads: Optional[int] = None, budget: Optional[Union[float, int, str]] = None,
            tile: Optional[Union[Sequence[int], str]] = None, name: Optional[str] = None,
            time_kernels: bool = True, objective: Optional[str] = None, *,
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
    o.time_kernels = 1 if time_kernels else 0
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
                      time_kernels=bool(time_kernels), objective=objective)
    return p


_SAVE_FORMAT = "spadc-program"
_SAVE_VERSION = 1


def _program_state(p):
    """What a Program is made of, to compile it again: the module's MLIR
    text (as the C library prints it), compile()'s options and the bound
    arrays."""
    if p._options is None:
        raise _usage("this program was not made by spadc.compile(): it cannot be saved")
    with p._lock:
        out = _n.c_void_p()
        st = _n.print_(p._ctx, p._handle_mod(), None, out)
        if st:
            _raise(p._ctx, st)
        text = _n.take_string(out)
        return {"format": _SAVE_FORMAT, "version": _SAVE_VERSION, "spadc": __version__,
                "options": dict(p._options), "mlir": text, "bound": dict(p._bound)}


def _from_state(state):
    if not isinstance(state, dict) or state.get("format") != _SAVE_FORMAT:
        raise InputError("spadc: error: not a saved spadc program", 1)
    if state.get("version") != _SAVE_VERSION:
        raise InputError("spadc: error: a saved spadc program of format version %r (this spadc reads %d)"
                         % (state.get("version"), _SAVE_VERSION), 1)
    o = dict(state["options"])
    tile = o.pop("tile")
    p = compile(text=state["mlir"], tile=tuple(tile) if tile is not None else None, **o)
    for i, a in sorted(state["bound"].items()):
        p.bind(int(i), a)
    return p


def load(path: PathLike) -> "Program":
    """A program Program.save() wrote, compiled again here: the file holds
    the module's MLIR text, compile()'s options and the bound arrays, not
    machine code, so loading costs one compile (no MLIR export, no torch)
    and works with any spadc version that reads the format (this one: 1).
    threads=None at compile time means this process's cores again."""
    import zipfile
    cpath = os.fsdecode(_c_path(path, "path"))
    try:
        with zipfile.ZipFile(cpath) as z:
            meta = json.loads(z.read("spadc.json").decode("utf-8"))
            meta["mlir"] = z.read("module.mlir").decode("utf-8", "surrogateescape")
            bound = {}
            for i, dt in meta.pop("bound_dtypes", {}).items():
                with z.open("bound%s.npy" % i) as f:
                    a = np.load(f, allow_pickle=False)
                bound[int(i)] = a.view(_dtype(dt)) if dt == "bf16" else a
            meta["bound"] = bound
    except FileNotFoundError:
        raise InputError("%s: error: cannot open file" % cpath, 1, cpath) from None
    except (zipfile.BadZipFile, KeyError, ValueError) as e:
        raise InputError("%s: error: not a saved spadc program (%s)" % (cpath, e), 1, cpath) from None
    return _from_state(meta)


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


def _umask():
    try:  # Linux 4.7+: read, without the set-and-restore race of os.umask
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    m = os.umask(0o022)
    os.umask(m)
    return m


def _write_atomic(path, data, what="output"):
    """data to path through a temporary beside it, renamed into place: a
    failed write leaves no partial file, and the file gets the mode a plain
    open() would give it (0666 less the umask: 0644 under the usual 022),
    not mkstemp's 0600 (the CLI's rules, src/io/fileio.c). A missing folder
    is an InputError naming that folder, as the command says it."""
    path = os.fsdecode(_c_path(path, "path"))
    d = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(d):
        shown = os.path.dirname(path) or d
        raise InputError("%s: error: cannot write the %s file: the folder '%s' %s"
                         % (path, what, shown, "is not a folder" if os.path.exists(d) else "does not exist"),
                         1, path)
    fd, tmp = tempfile.mkstemp(dir=d, prefix=".spadc-")
    try:
        with os.fdopen(fd, "wb") as f:
            os.fchmod(f.fileno(), 0o666 & ~_umask())
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


_run = _n.program_run
_addressof = _n.ctypes.addressof
_c_char = _n.ctypes.c_char
_NOTHING = object()  # "no array yet" in Program._last: never an argument


def _addr(a):
    """The address of a C-contiguous array's data. A ctypes view of its
    buffer is several times quicker than a.ctypes.data, which builds a helper
    object per call; it needs a writable, non-empty buffer."""
    try:
        return _addressof(_c_char.from_buffer(a))
    except (TypeError, ValueError, BufferError):
        return a.ctypes.data


def _as_array(a, what):
    """a as a numpy array sharing its memory where it can: a numpy array as
    it is; a DLPack producer (a torch tensor, JAX, CuPy, ...) through
    np.from_dlpack, a view; anything else with __array__ or the buffer
    protocol through np.asarray. A torch tensor that requires grad or lives
    on another device than the host cpu is a UsageError saying what to do."""
    if isinstance(a, np.ndarray):
        return a
    mod = type(a).__module__ or ""
    if mod.startswith("torch"):
        if getattr(a, "requires_grad", False):
            raise _usage("%s is a torch tensor that requires grad: pass it .detach()ed (spadc computes "
                         "no gradients)" % what)
        dev = getattr(a, "device", None)
        if dev is not None and getattr(dev, "type", "cpu") != "cpu":
            raise _usage("%s is a torch tensor on %s: spadc reads host memory, pass it .cpu()" % (what, dev))
        if str(getattr(a, "dtype", "")) == "torch.bfloat16":
            # numpy's DLPack has no bf16: the same bits as int16, seen as ml_dtypes.bfloat16
            import torch
            bf = _bfloat16()
            if bf is not None:
                return np.from_dlpack(a.view(torch.int16)).view(bf)
    if hasattr(a, "__dlpack__"):
        try:
            return np.from_dlpack(a)
        except (BufferError, TypeError, ValueError, RuntimeError, AttributeError):
            pass  # a dtype or device numpy cannot take: __array__ may still convert it
    err = None
    if hasattr(a, "__array__") or hasattr(a, "__dlpack__") or _has_buffer(a):
        try:
            return np.asarray(a)
        except Exception as e:
            err = e
    raise _usage("%s must be an array (numpy, a torch tensor, anything with DLPack, __array__ or the buffer "
                 "protocol), not %s%s" % (what, type(a).__name__, " (%s)" % err if err else ""), True) from None


def _has_buffer(a):
    try:
        memoryview(a).release()
        return True
    except TypeError:
        return False


class Program:
    """A compiled function. Call it with numpy arrays, one per argument not
    bound (`inputs` lists them); it returns the result, or a tuple of them.

    Arguments are checked against the function's signature (shape and dtype;
    bf16 is ml_dtypes.bfloat16, i1 is bool); a C-contiguous array is passed
    without a copy, any other is copied first. Python numbers are accepted
    for scalar arguments. Torch tensors and anything with DLPack or
    __array__ are taken too, read in place where they can be.

    Threads: a Program is safe to share. Every call into the library holds
    the program's lock, so calls from several threads take turns (the C API
    runs a program from one thread at a time; each run uses `threads`
    threads itself); close() waits for calls under way.

    Ctrl-C: a run in progress is not interrupted; Python sees the signal
    when it returns. The C library has no way yet to stop a run part way.

    Pickling and save()/spadc.load() keep the MLIR text, the options and
    the bound arrays, and compile again where the program is loaded.
    """

    def __init__(self, ctx, mod, prog, target, threads):
        self._ctx, self._mod, self._p = ctx, mod, prog
        # the C API runs a program from one thread at a time, and the
        # argument and result pointer arrays below are the program's: every
        # call into the library holds this lock, and close() waits for it
        self._lock = threading.Lock()
        self._finalizer = weakref.finalize(self, _free_all, ctx, mod, prog)
        self.target = target
        self.threads = threads
        self.function = _n.program_function(prog).decode()
        t = _n.Type()
        self.args = []
        for i in range(_n.program_num_args(prog)):
            _n.program_arg_type(prog, i, t)
            self.args.append(_arg(t, i))
        self.results = []
        for i in range(_n.program_num_results(prog)):
            _n.program_result_type(prog, i, t)
            self.results.append(_arg(t, i))
        self.args, self.results = tuple(self.args), tuple(self.results)
        self._bound = {}
        self._argv = (_n.c_void_p * max(1, len(self.args)))()
        self._resv = (_n.c_void_p * max(1, len(self.results)))()
        # the run's three arguments as ready ctypes objects: no conversion per call
        self._pv = _n.c_void_p(prog)
        self._av = _n.c_void_p(_n.ctypes.addressof(self._argv))
        self._rv = _n.c_void_p(_n.ctypes.addressof(self._resv))
        self._scalars = {}
        self._options = None  # compile() sets them: what save() and pickle need
        self._run_json = None
        self._ran = False
        self._trace_counts = None
        self._refresh()

    def _refresh(self):
        self.inputs = tuple(a for a in self.args if a.index not in self._bound)
        # the fast path's table: (slot, shape, dtype) per unbound argument
        self._free = tuple((a.index, a.shape, a.dtype, a.scalar) for a in self.inputs)
        self._out = tuple((r.shape, r.dtype) for r in self.results)
        self._last = [_NOTHING] * len(self._free)  # the arrays whose addresses _argv holds
        self._last_out = None

    def close(self) -> None:
        """Release the program now (otherwise when it is garbage). Calls
        under way in other threads finish first; later calls raise
        UsageError."""
        with self._lock:
            self._p = None
            self._finalizer()

    def __enter__(self) -> "Program":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __repr__(self) -> str:
        sig = ", ".join(a.mlir_type + (" (bound)" if a.index in self._bound else "") for a in self.args)
        res = ", ".join(r.mlir_type for r in self.results)
        return "<spadc.Program @%s(%s) -> (%s) on %s>" % (self.function, sig, res, self.target)

    def _handle(self):
        if not self._p:
            raise UsageError("spadc: error: this program was closed")
        return self._p

    def _handle_mod(self):
        self._handle()
        return self._mod

    # -------------------------------------------------------------- saving

    def save(self, path: PathLike) -> PathLike:
        """Write the program to path (whole or not at all; spadc.load()
        reads it back). What is kept is what compiles it again: the module's
        MLIR text as spadc prints it, compile()'s options and the bound
        arrays (as .npy in the same zip file) - not machine code: loading
        costs one compile, which plans the same kernels. Returns path."""
        import io
        import zipfile
        st = _program_state(self)
        meta = {k: v for k, v in st.items() if k not in ("mlir", "bound")}
        meta["bound_dtypes"] = {}
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
            z.writestr("module.mlir", st["mlir"].encode("utf-8", "surrogateescape"))
            for i, a in sorted(st["bound"].items()):
                dt = "bf16" if a.dtype.name == "bfloat16" else a.dtype.str  # .npy has no bf16
                meta["bound_dtypes"][str(i)] = dt
                f = io.BytesIO()
                np.save(f, a.view(np.uint16) if dt == "bf16" else a, allow_pickle=False)
                z.writestr("bound%d.npy" % i, f.getvalue())
            z.writestr("spadc.json", json.dumps(meta, indent=1, sort_keys=True))
        _write_atomic(path, buf.getvalue(), "program")
        return path

    def __reduce__(self):
        # pickling keeps the same as save(): the program compiles again where it is unpickled
        return (_from_state, (_program_state(self),))

    # -------------------------------------------------------------- arguments

    def _coerce(self, i, a, what="argument"):
        """a as a C-contiguous array of argument i's type, or UsageError."""
        spec = self.args[i]
        if not isinstance(a, np.ndarray) and (hasattr(a, "__dlpack__") or hasattr(a, "__array__")):
            a = _as_array(a, "%s %d of '@%s' (%s)" % (what, i, self.function, spec.mlir_type))
        if spec.scalar and not isinstance(a, np.ndarray):
            try:
                return np.array(a, dtype=spec.dtype).reshape(())
            except (TypeError, ValueError, OverflowError) as e:
                raise _usage("%s %d of '@%s' is a scalar %s, not %r (%s)"
                             % (what, i, self.function, spec.mlir_type, a, e), True) from None
        if not isinstance(a, np.ndarray):
            a = _as_array(a, "%s %d of '@%s' (%s)" % (what, i, self.function, spec.mlir_type))
        if a.dtype != spec.dtype or a.shape != spec.shape:
            raise UsageError("spadc: error: %s %d of '@%s' must be %s (numpy %s %s), not %s %s"
                             % (what, i, self.function, spec.mlir_type, spec.dtype, spec.shape, a.dtype, a.shape))
        return np.ascontiguousarray(a)

    def bind(self, i: int, array: Any) -> "Program":
        """Make argument i constant: every later call reads `array`, and the
        weights the kernels consume packed are packed now, once. Later calls
        pass one array fewer. The array must stay unchanged (bind it again to
        change it); the program keeps a reference to it."""
        if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(self.args):
            raise _usage("'@%s' has no argument %r (it has %d)" % (self.function, i, len(self.args)),
                         not isinstance(i, int) or isinstance(i, bool))
        a = self._coerce(i, array, "bound argument")
        with self._lock:
            st = _n.program_bind(self._handle(), i, a.ctypes.data)
            if st:
                _raise(self._ctx, st)
            self._bound[i] = a
            self._refresh()
        return self

    @property
    def bound(self) -> dict:
        """{argument index: the bound array}"""
        return dict(self._bound)

    # -------------------------------------------------------------- running

    def __call__(self, *arrays: Any, out: Any = None, trace: Optional[PathLike] = None,
                 trace_max_events: Optional[int] = None, check: bool = False) -> Any:
        """Run once on the unbound arguments (`inputs`): numpy arrays, torch
        tensors or anything with DLPack or __array__, read in place when
        C-contiguous of the argument's type. out: result array(s) to write
        instead of new ones (C-contiguous, the result's type; a torch tensor
        too, written in place and returned as given). trace (npu): write this run's
        simulated timeline to that path as Chrome trace events. check: compare
        the results with the reference interpreter (MismatchError).

        The arrays of the last call are kept (a reference each) so that the
        same arrays passed again skip finding their data pointers, a good
        part of a small call's cost; their shape, dtype and layout are
        checked on every call all the same."""
        with self._lock:
            return self._call(arrays, out, trace, trace_max_events, check)

    def _call(self, arrays, out, trace, trace_max_events, check):
        p = self._p
        if p is None:
            self._handle()
        free = self._free
        if len(arrays) != len(free):
            raise UsageError("spadc: error: '@%s' takes %d array%s (%s), got %d"
                             % (self.function, len(free), "" if len(free) == 1 else "s",
                                ", ".join(a.mlir_type for a in self.inputs) or "all its arguments are bound",
                                len(arrays)))
        argv = self._argv
        last = self._last
        keep = None
        j = 0
        for (slot, shape, dtype, scalar), a in zip(free, arrays):
            if a is last[j] and a.shape == shape and a.dtype == dtype and a.flags.c_contiguous:
                j += 1  # the last call's array again (rechecked: shape, dtype and strides can change in place)
                continue
            if (a.__class__ is not np.ndarray or a.dtype != dtype or a.shape != shape
                    or not a.flags.c_contiguous):
                a = self._coerce(slot, a)
                if keep is None:
                    keep = []
                keep.append(a)
                argv[slot] = _addr(a)
                last[j] = _NOTHING
            else:
                argv[slot] = _addr(a)
                last[j] = a
            j += 1
        resv = self._resv
        if out is None:
            res = [np.empty(shape, dtype) for shape, dtype in self._out]
            for r, a in enumerate(res):
                resv[r] = _addr(a)
            self._last_out = None
        elif out.__class__ is np.ndarray and len(self._out) == 1:
            shape, dtype = self._out[0]
            if (out.shape != shape or out.dtype != dtype or not out.flags.c_contiguous
                    or not out.flags.writeable):
                self._check_out((out,))  # raises, saying what is wrong
            res = (out,)
            lo = self._last_out
            if lo is None or lo[0] is not out:
                resv[0] = _addr(out)
                self._last_out = res
        else:
            res = tuple(out) if isinstance(out, (tuple, list)) else (out,)
            res = tuple(x if x.__class__ is np.ndarray else _as_array(x, "out[%d]" % r)
                        for r, x in enumerate(res))
            self._check_out(res)
            lo = self._last_out
            if lo is None or len(lo) != len(res) or any(x is not y for x, y in zip(res, lo)):
                for r, a in enumerate(res):
                    resv[r] = _addr(a)
                self._last_out = res
        if trace is None:
            self._trace_counts = None
        else:
            tpath = _c_path(trace, "trace")
            tmax = -1 if trace_max_events is None else _int(trace_max_events, "trace_max_events", 0, (1 << 62))
            st = _n.program_trace(p, tpath, tmax)
            if st:
                _raise(self._ctx, st)
        st = _run(self._pv, self._av, self._rv)
        self._ran = True
        self._run_json = None
        if trace is not None:
            ev, left = _n.c_longlong(), _n.c_longlong()
            _n.program_trace_counts(p, ev, left)
            self._trace_counts = (ev.value, left.value)
        if st:
            _raise(self._ctx, st)
        if check:
            self.last_check = self._check()
        if out is not None and out.__class__ is not np.ndarray:
            return tuple(out) if isinstance(out, (tuple, list)) else out  # the caller's own objects, written
        if len(res) == 1:
            return res[0]
        return res if res.__class__ is tuple else tuple(res)

    def _check_out(self, res):
        if len(res) != len(self.results):
            raise UsageError("spadc: error: '@%s' has %d results; out has %d arrays"
                             % (self.function, len(self.results), len(res)))
        for r, (spec, a) in enumerate(zip(self.results, res)):
            if (not isinstance(a, np.ndarray) or a.dtype != spec.dtype or a.shape != spec.shape
                    or not a.flags.c_contiguous or not a.flags.writeable):
                raise UsageError("spadc: error: out[%d] must be a writable C-contiguous %s (numpy %s %s)"
                                 % (r, spec.mlir_type, spec.dtype, spec.shape))

    def _check(self, samples=-1):
        # over the pointers in _argv / _resv: the caller keeps their arrays alive
        report = _n.c_void_p()
        st = _n.program_check(self._pv, self._av, self._rv, int(samples), report)
        text = _n.take_string(report.value) if report.value else ""
        if st == 4:
            raise MismatchError(text.strip() or _n.error(self._ctx).decode(), 4)
        if st:
            _raise(self._ctx, st)
        return text

    def check(self, *arrays: Any, results: Any, samples: int = -1) -> str:
        """The reference interpreter's verdict on results (an array or a
        tuple, as a call returned them) for these arguments (the unbound ones,
        as a call takes them): a report with one line per result, or
        MismatchError saying which result differs and by how much (f32:
        1e-5 + 1e-4 max|ref|; bf16/f16 and long reductions wider).
        samples: 0 runs the whole reference; N > 0 checks N sampled elements
        per result; < 0 samples only when the whole would take more than 2^28
        loop steps (`spadc run --check`'s choice)."""
        samples = _int(samples, "samples", -(1 << 62), 1 << 62)
        with self._lock:
            return self._check_locked(arrays, results, samples)

    def _check_locked(self, arrays, results, samples):
        self._handle()
        if len(arrays) != len(self._free):
            raise UsageError("spadc: error: '@%s' takes %d arrays, got %d" % (self.function, len(self._free), len(arrays)))
        keep = [self._coerce(slot, a) for (slot, _, _, _), a in zip(self._free, arrays)]
        for (slot, _, _, _), a in zip(self._free, keep):
            self._argv[slot] = _addr(a)
        res = list(results) if isinstance(results, (tuple, list)) else [results]
        if len(res) != len(self.results):
            raise UsageError("spadc: error: '@%s' has %d results, got %d" % (self.function, len(self.results), len(res)))
        res = [self._coerce_result(r, a) for r, a in enumerate(res)]
        for r, a in enumerate(res):
            self._resv[r] = _addr(a)
        self._last = [_NOTHING] * len(self._free)  # _argv and _resv no longer hold the last call's
        self._last_out = None
        return self._check(samples)

    def _coerce_result(self, r, a):
        spec = self.results[r]
        if not isinstance(a, np.ndarray) and (hasattr(a, "__dlpack__") or hasattr(a, "__array__")):
            a = _as_array(a, "result %d of '@%s'" % (r, self.function))
        if not isinstance(a, np.ndarray) and spec.scalar:
            a = np.array(a, dtype=spec.dtype)
        if not isinstance(a, np.ndarray) or a.dtype != spec.dtype or a.shape != spec.shape:
            raise UsageError("spadc: error: result %d of '@%s' is %s (numpy %s %s), not %s"
                             % (r, self.function, spec.mlir_type, spec.dtype, spec.shape,
                                "%s %s" % (a.dtype, a.shape) if isinstance(a, np.ndarray) else type(a).__name__))
        return np.ascontiguousarray(a)

    def check_memory(self) -> None:
        """UsageError-free when one run's arguments, results and intermediates
        fit the memory limit; InputError with the numbers otherwise."""
        with self._lock:
            st = _n.program_check_memory(self._handle())
            if st:
                _raise(self._ctx, st)

    # -------------------------------------------------------------- reports

    def _report(self, which):
        text = _n.c_void_p()
        with self._lock:
            st = _n.program_report(self._handle(), which, text)
            if st:
                _raise(self._ctx, st)
        return _n.take_string(text.value)

    def plan(self) -> dict:
        """The plan as a dict: the object `spadc plan --json` prints."""
        return json.loads(self._report(_n.PLAN_JSON))

    def plan_text(self, program: bool = False) -> str:
        """The plan as `spadc plan` prints it (program=True: with each npu
        kernel's instructions, `--program`)."""
        return self._report(_n.PLAN_PROGRAM if program else _n.PLAN_TEXT)

    def svg(self, path: Optional[PathLike] = None) -> Any:
        """The memory map (every planned buffer over steps x address) as SVG:
        written to path (whole or not at all), or returned when path is None."""
        text = self._report(_n.PLAN_SVG)
        if path is None:
            return text
        _write_atomic(path, text.encode(), "SVG")
        return path

    @property
    def last_run(self) -> Optional[dict]:
        """What the runs so far did, as a dict (None before the first run):
        on the npu the last run's simulated cycles, DMA bytes and busy cycles
        per unit; on the cpu each kernel's median time. A traced run adds
        "trace_events" and "trace_left_out"."""
        if not self._ran or self.target == "ref":
            return None
        if self._run_json is None:
            self._run_json = json.loads(self._report(_n.RUN_JSON))
            if self._trace_counts is not None:
                self._run_json["trace_events"], self._run_json["trace_left_out"] = self._trace_counts
        return self._run_json

    def run_text(self) -> str:
        """The runs so far as `spadc run` prints its tables."""
        return self._report(_n.RUN_TEXT)
