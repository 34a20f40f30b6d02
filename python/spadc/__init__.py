"""spadc from Python: compile MLIR linalg-on-tensors to fused kernels and run
them on numpy arrays, on the host cpu, the simulated npu or the reference
interpreter.

    import spadc, numpy as np
    p = spadc.compile("tests/corpus/seeds/ffn1_bert.mlir")
    y = p(*[np.ones(a.shape, a.dtype) for a in p.inputs])

Everything here is a thin layer over the C API (include/spadc.h), loaded
with ctypes from libspadc.so (see spadc/_native.py): the same compiler, plans
and errors as the `spadc` command. PyTorch models: `spadc.torch`.
"""
import json
import math
import operator
import os
import tempfile
import threading
import weakref
from collections import namedtuple

import numpy as np

from . import _native as _n

__all__ = ["compile", "opt", "Program", "Arg", "Error", "InputError", "UsageError", "NoFitError",
           "MismatchError", "InternalError", "version", "__version__"]

__version__ = _n.version().decode()


def __getattr__(name):
    # spadc.torch imports torch (seconds, and only where it is installed):
    # loaded when first named, not by `import spadc`
    if name == "torch":
        import importlib
        return importlib.import_module(".torch", __name__)
    raise AttributeError("module 'spadc' has no attribute %r" % name)


def version():
    """The library's version ("0.1.0"), as `spadc --version` prints it."""
    return __version__


# ------------------------------------------------------------------ errors

class Error(Exception):
    """A spadc error. `status` is the command-line tool's exit code for it;
    `message` the located text `FILE:LINE:COL: error: ...` (also str(e));
    `file`, `line`, `col` its location where it has one (else None)."""
    status = 5

    def __init__(self, message, status=None):
        super().__init__(message)
        self.message = message
        if status is not None:
            self.status = status
        self.file = self.line = self.col = None
        parts = message.split(":", 3)
        if len(parts) == 4 and parts[1].isdigit() and parts[2].isdigit():
            self.file, self.line, self.col = parts[0], int(parts[1]), int(parts[2])


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
    raise _BY_STATUS.get(status, Error)(msg or "spadc: error %d" % status, status)


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

def _read(ctx, source, name):
    """A spadc_module* read from a path or from MLIR text."""
    mod = _n.c_void_p()
    label = _c_str(name, "name") or b"<string>"
    if isinstance(source, (bytes, bytearray)):
        data = bytes(source)
        if b"\n" in data or data.lstrip().startswith((b"module", b"func.func", b"#", b"//")):
            st = _n.read_string(ctx, label, data, len(data), mod)  # as given: the reader locates what it cannot read
            if st:
                _raise(ctx, st)
            return mod.value
        source = os.fsdecode(data)
    if isinstance(source, os.PathLike):
        st = _n.read_file(ctx, _c_path(source, "source"), mod)
    elif not isinstance(source, str):
        raise _usage("source must be MLIR text or a path, not %s" % type(source).__name__, True)
    elif "\n" in source or source.lstrip().startswith(("module", "func.func", "#", "//")):
        data = source.encode("utf-8", "surrogateescape")  # the text as given: the reader reports what it cannot read
        st = _n.read_string(ctx, label, data, len(data), mod)
    else:
        st = _n.read_file(ctx, _c_path(source, "source"), mod)
    if st:
        _raise(ctx, st)
    return mod.value


def _budget(budget):
    if budget is None:
        return 0.0
    if isinstance(budget, (bool, str, bytes)):
        raise _usage("budget must be a number, not %s" % type(budget).__name__, True)
    try:
        b = float(budget)
    except (TypeError, ValueError, OverflowError):
        raise _usage("budget must be a number, not %s" % type(budget).__name__, True) from None
    if not b > 0 or math.isinf(b) or (b > 1 and b != int(b)):
        raise _usage("budget must be a fraction in (0, 1] or a whole number of bytes, not %r" % (budget,))
    return b


def _default_threads():
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def _free_all(ctx, mod, prog):
    # in the order the C API asks: programs, then modules, contexts last
    if prog:
        _n.program_free(prog)
    if mod:
        _n.module_free(mod)
    if ctx:
        _n.ctx_free(ctx)


def compile(source, func=None, target="cpu", threads=None, budget=None, tile=None, name=None,
            time_kernels=True, objective=None):
    """Compile one function of an MLIR module; returns a callable Program.

    source   a path (str or os.PathLike) or MLIR text (str with a newline, or
             starting with "module"/"func.func"); name labels text in messages
    func     the function (None: the module's only public one; "@f" allowed)
    target   "cpu", "npu" (the built-in TPUv3), "npu=HW.yml" (a PyTorchSim
             hardware file) or "ref" (the reference interpreter)
    threads  cpu threads (the npu simulator's host threads); None: the cores
             this process may run on
    budget   npu: scratchpad per lane a kernel may plan: a fraction in (0, 1]
             of the slice, or bytes
    tile     npu: (M, N, K) forced on every contraction kernel
    time_kernels  cpu: record each kernel's time (two clock reads a kernel;
             Program.last_run shows the medians)
    objective  npu: what the tile search minimises: "cycles" (None: the
             default), "energy", "dram" or "edp" (as --objective)

    Raises InputError (bad MLIR), UsageError (bad arguments), NoFitError.
    """
    if threads is None:
        threads = min(_default_threads(), _n.MAX_THREADS)
    # the C API's own rule (SPADC_MAX_THREADS), checked before ctypes would wrap it to 32 bits
    threads = _int(threads, "threads", 1, _n.MAX_THREADS)
    if not isinstance(target, str):
        raise _usage("target must be a string such as \"cpu\", not %r" % (target,), True)
    o = _n.Options()
    o.target = _c_str(target, "target", False)
    o.threads = threads
    o.budget = _budget(budget)
    if tile is not None:
        if isinstance(tile, (str, bytes)) or not hasattr(tile, "__len__") or len(tile) != 3:
            raise _usage("tile must be three positive integers (M, N, K), not %r" % (tile,), True)
        for i in range(3):
            o.tile[i] = _int(tile[i], "a tile size", 1, 1 << 31)
    cfunc = _c_str(func, "func")
    if objective is not None:
        if objective not in ("cycles", "energy", "dram", "edp"):
            raise _usage("objective must be one of cycles, energy, dram, edp, not %r" % (objective,),
                         not isinstance(objective, str))
        o.objective = objective.encode()
    o.time_kernels = 1 if time_kernels else 0
    ctx = _n.ctx_new()
    if not ctx:
        raise MemoryError("spadc: cannot allocate a context")
    mod = prog = None
    try:
        mod = _read(ctx, source, name)
        out = _n.c_void_p()
        st = _n.compile_(ctx, mod, cfunc or None, o, out)
        if st:
            _raise(ctx, st)
        prog = out.value
        p = Program(ctx, mod, prog, target, threads)
    except BaseException:
        _free_all(ctx, mod, prog)
        raise
    return p


def opt(source, passes=None, name=None):
    """The module as MLIR text after the passes (a comma list of
    "canonicalize", "fuse"; None or "" prints it as read), as `spadc opt
    --passes` prints it."""
    cpasses = _c_str(passes, "passes")
    ctx = _n.ctx_new()
    if not ctx:
        raise MemoryError("spadc: cannot allocate a context")
    mod = None
    try:
        mod = _read(ctx, source, name)
        text = _n.c_void_p()
        st = _n.print_(ctx, mod, cpasses or None, text)
        if st:
            _raise(ctx, st)
        return _n.take_string(text)
    finally:
        _free_all(ctx, mod, None)


def _write_atomic(path, data):
    """data to path through a temporary beside it, renamed into place: a
    failed write leaves no partial file (the CLI's rule)."""
    path = os.fsdecode(_c_path(path, "path"))
    d = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=d, prefix=".spadc-")
    try:
        with os.fdopen(fd, "wb") as f:
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


class Program:
    """A compiled function. Call it with numpy arrays, one per argument not
    bound (`inputs` lists them); it returns the result, or a tuple of them.

    Arguments are checked against the function's signature (shape and dtype;
    bf16 is ml_dtypes.bfloat16, i1 is bool); a C-contiguous array is passed
    without a copy, any other is copied first. Python numbers are accepted
    for scalar arguments.
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

    def close(self):
        """Release the program now (otherwise when it is garbage). Calls
        under way in other threads finish first; later calls raise
        UsageError."""
        with self._lock:
            self._p = None
            self._finalizer()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __repr__(self):
        sig = ", ".join(a.mlir_type + (" (bound)" if a.index in self._bound else "") for a in self.args)
        res = ", ".join(r.mlir_type for r in self.results)
        return "<spadc.Program @%s(%s) -> (%s) on %s>" % (self.function, sig, res, self.target)

    def _handle(self):
        if not self._p:
            raise UsageError("spadc: error: this program was closed")
        return self._p

    # -------------------------------------------------------------- arguments

    def _coerce(self, i, a, what="argument"):
        """a as a C-contiguous array of argument i's type, or UsageError."""
        spec = self.args[i]
        if spec.scalar and not isinstance(a, np.ndarray):
            try:
                return np.array(a, dtype=spec.dtype).reshape(())
            except (TypeError, ValueError, OverflowError) as e:
                raise _usage("%s %d of '@%s' is a scalar %s, not %r (%s)"
                             % (what, i, self.function, spec.mlir_type, a, e), True) from None
        if not isinstance(a, np.ndarray):
            raise _usage("%s %d of '@%s' (%s) must be a numpy array, not %s"
                         % (what, i, self.function, spec.mlir_type, type(a).__name__), True)
        if a.dtype != spec.dtype or a.shape != spec.shape:
            raise UsageError("spadc: error: %s %d of '@%s' must be %s (numpy %s %s), not %s %s"
                             % (what, i, self.function, spec.mlir_type, spec.dtype, spec.shape, a.dtype, a.shape))
        return np.ascontiguousarray(a)

    def bind(self, i, array):
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
    def bound(self):
        """{argument index: the bound array}"""
        return dict(self._bound)

    # -------------------------------------------------------------- running

    def __call__(self, *arrays, out=None, trace=None, trace_max_events=None, check=False):
        with self._lock:
            return self._call(arrays, out, trace, trace_max_events, check)

    def _call(self, arrays, out, trace, trace_max_events, check):
        """Run once. out: result array(s) to write instead of new ones
        (C-contiguous, the result's type). trace (npu): write this run's
        simulated timeline to that path as Chrome trace events. check: compare
        the results with the reference interpreter (MismatchError).

        The arrays of the last call are kept (a reference each) so that the
        same arrays passed again skip finding their data pointers, a good
        part of a small call's cost; their shape, dtype and layout are
        checked on every call all the same."""
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

    def check(self, *arrays, results, samples=-1):
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
        if not isinstance(a, np.ndarray) and spec.scalar:
            a = np.array(a, dtype=spec.dtype)
        if not isinstance(a, np.ndarray) or a.dtype != spec.dtype or a.shape != spec.shape:
            raise UsageError("spadc: error: result %d of '@%s' is %s (numpy %s %s), not %s"
                             % (r, self.function, spec.mlir_type, spec.dtype, spec.shape,
                                "%s %s" % (a.dtype, a.shape) if isinstance(a, np.ndarray) else type(a).__name__))
        return np.ascontiguousarray(a)

    def check_memory(self):
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

    def plan(self):
        """The plan as a dict: the object `spadc plan --json` prints."""
        return json.loads(self._report(_n.PLAN_JSON))

    def plan_text(self, program=False):
        """The plan as `spadc plan` prints it (program=True: with each npu
        kernel's instructions, `--program`)."""
        return self._report(_n.PLAN_PROGRAM if program else _n.PLAN_TEXT)

    def svg(self, path=None):
        """The memory map (every planned buffer over steps x address) as SVG:
        written to path (whole or not at all), or returned when path is None."""
        text = self._report(_n.PLAN_SVG)
        if path is None:
            return text
        _write_atomic(path, text.encode())
        return path

    @property
    def last_run(self):
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

    def run_text(self):
        """The runs so far as `spadc run` prints its tables."""
        return self._report(_n.RUN_TEXT)
