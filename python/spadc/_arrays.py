"""The element types of spadc's signatures in numpy, the Arg of a
signature, and what a call makes of its arrays (numpy, torch, DLPack,
__array__, the buffer protocol) without copying them where it can."""
from __future__ import annotations

from collections import namedtuple

import numpy as np

from . import _native as _n
from ._errors import UsageError, _usage

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


Arg.__module__ = "spadc"
