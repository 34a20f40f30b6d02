"""compile()'s and opt()'s arguments checked and made into what the C API
takes: the source (path= or text=), budget, tile, threads; as the command
line reads them (src/cli/common.c)."""
from __future__ import annotations

import math
import os
import re
import warnings

from . import _native as _n
from ._errors import ThreadsWarning, _c_path, _c_str, _int, _raise, _usage

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
