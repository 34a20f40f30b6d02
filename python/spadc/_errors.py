"""spadc's exceptions, the argument checks that raise them, and the C
API's errors turned into them (spadc_error, spadc_error_location)."""
from __future__ import annotations

import operator
import os
from typing import Optional, Union

from . import _native as _n

PathLike = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]

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
    if status == 6:  # SPADC_EINTERRUPT: SIGINT stopped the run (Python's own handler usually raises first)
        raise KeyboardInterrupt(msg)
    raise _BY_STATUS.get(status, Error)(msg or "spadc: error %d" % status, status, file,
                                        line.value or None, col.value or None)


for _c in (Error, InputError, UsageError, NoFitError, MismatchError, InternalError, _UsageTypeError, ThreadsWarning):
    _c.__module__ = "spadc"
