"""Program: a compiled function, called with arrays; its reports, files,
saving and pickling."""
from __future__ import annotations

import json
import os
import tempfile
import threading
import weakref
from typing import Any, Optional

import numpy as np

from . import _native as _n
from ._arrays import _NOTHING, _addr, _arg, _as_array, _dtype
from ._errors import (InputError, MismatchError, PathLike, UsageError, _c_path, _int, _raise,
                      _usage)
from ._options import _free_all


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
        info = _n.TargetInfo()
        _n.target_info_of(target.encode(), info)  # known: the program compiled
        self._reference = bool(info.reference)  # the interpreter: no plan, no run report
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
        st = _n.program_run(self._pv, self._av, self._rv)
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
        per result; < 0 samples only when the whole would take more than 2^31
        loop steps and the samples need under half of it (`spadc run --check`'s choice)."""
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
        if not self._ran or self._reference:
            return None
        if self._run_json is None:
            self._run_json = json.loads(self._report(_n.RUN_JSON))
            if self._trace_counts is not None:
                self._run_json["trace_events"], self._run_json["trace_left_out"] = self._trace_counts
        return self._run_json

    def run_text(self) -> str:
        """The runs so far as `spadc run` prints its tables."""
        return self._report(_n.RUN_TEXT)


Program.__module__ = "spadc"


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
        return {"format": _SAVE_FORMAT, "version": _SAVE_VERSION, "spadc": _n.version().decode(),
                "options": dict(p._options), "mlir": text, "bound": dict(p._bound)}


def _from_state(state):
    if not isinstance(state, dict) or state.get("format") != _SAVE_FORMAT:
        raise InputError("spadc: error: not a saved spadc program", 1)
    if state.get("version") != _SAVE_VERSION:
        raise InputError("spadc: error: a saved spadc program of format version %r (this spadc reads %d)"
                         % (state.get("version"), _SAVE_VERSION), 1)
    from . import compile
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
