"""ctypes declarations of include/spadc.h, and where libspadc.so is found.

Nothing of the compiler is reimplemented here: every call below is one entry
point of the C API. The library is looked up in this order:

1. ``SPADC_LIBRARY``: a path to libspadc.so (a sanitizer build, say);
2. beside this file: the copy a wheel (``pip install ./python``) installed;
3. ``build/libspadc.so`` of the checkout this file sits in (``make`` built
   it), so ``PYTHONPATH=python`` works in a source tree without installing.
"""
import ctypes
import os

_HERE = os.path.dirname(os.path.abspath(__file__))


def _candidates():
    env = os.environ.get("SPADC_LIBRARY")
    if env:
        return [env]
    return [os.path.join(_HERE, "libspadc.so"),
            os.path.normpath(os.path.join(_HERE, "..", "..", "build", "libspadc.so"))]


def _load():
    tried = []
    for path in _candidates():
        if os.path.exists(path):
            return ctypes.CDLL(path), path
        tried.append(path)
    raise ImportError("spadc: libspadc.so not found (looked at %s); install the package with "
                      "`pip install ./python`, run `make` in the checkout, or set SPADC_LIBRARY"
                      % ", ".join(tried))


# The library loads at the first call, not at import: `python -m spadc`
# (spadc/__main__.py, which execs the command) then never loads it, so it
# starts fast and runs where the library cannot be loaded into Python (a
# sanitizer build without its runtime preloaded).
_lib = None
_path = None


def _library():
    global _lib, _path
    if _lib is None:
        _lib, _path = _load()
    return _lib

MAX_RANK = 16
MAX_THREADS = 1024  # SPADC_MAX_THREADS
c_void_p = ctypes.c_void_p
c_char_p = ctypes.c_char_p
c_int = ctypes.c_int
c_uint = ctypes.c_uint
c_size_t = ctypes.c_size_t
c_longlong = ctypes.c_longlong
P = ctypes.POINTER


class Options(ctypes.Structure):
    _fields_ = [("target", c_char_p), ("threads", c_int), ("budget", ctypes.c_double),
                ("tile", c_longlong * 3), ("time_kernels", c_int), ("print", c_void_p),
                ("objective", c_char_p), ("interruptible", c_int), ("precision", c_char_p)]


class Type(ctypes.Structure):
    _fields_ = [("dtype", c_char_p), ("scalar", c_int), ("rank", c_int), ("dims", c_longlong * MAX_RANK)]


class TargetInfo(ctypes.Structure):
    _fields_ = [("family", c_char_p), ("compiled", c_int), ("native", c_int), ("simulated", c_int),
                ("reference", c_int)]


# enum spadc_report
PLAN_TEXT, PLAN_JSON, PLAN_PROGRAM, PLAN_SVG, RUN_TEXT, RUN_JSON = range(6)


_DECLS = {}  # the Python name of each entry point: (its C name, restype, argtypes)


def _decl(name, restype, *argtypes):
    return (name, restype, list(argtypes))


def __getattr__(name):
    """An entry point (or `lib`, `path`), bound at its first use (PEP 562)."""
    if name in ("lib", "path"):
        _library()
        return _lib if name == "lib" else _path
    d = _DECLS.get(name)
    if d is None:
        raise AttributeError("module %r has no attribute %r" % (__name__, name))
    f = getattr(_library(), d[0])
    f.restype, f.argtypes = d[1], d[2]
    globals()[name] = f
    return f


_DECLS["version"] = _decl("spadc_version", c_char_p)
_DECLS["ctx_new"] = _decl("spadc_ctx_new", c_void_p)
_DECLS["ctx_free"] = _decl("spadc_ctx_free", None, c_void_p)
_DECLS["error"] = _decl("spadc_error", c_char_p, c_void_p)
_DECLS["last_status"] = _decl("spadc_last_status", c_int, c_void_p)
_DECLS["error_location"] = _decl("spadc_error_location", None, c_void_p, P(c_char_p), P(c_uint), P(c_uint))
_DECLS["read_string"] = _decl("spadc_read_string", c_int, c_void_p, c_char_p, c_char_p, c_size_t, P(c_void_p))
_DECLS["read_file"] = _decl("spadc_read_file", c_int, c_void_p, c_char_p, P(c_void_p))
_DECLS["module_free"] = _decl("spadc_module_free", None, c_void_p)
_DECLS["print_"] = _decl("spadc_print", c_int, c_void_p, c_void_p, c_char_p, P(c_void_p))
_DECLS["string_free"] = _decl("spadc_string_free", None, c_void_p)
_DECLS["target_info_of"] = _decl("spadc_target_info_of", c_int, c_char_p, P(TargetInfo))
_DECLS["compile_"] = _decl("spadc_compile", c_int, c_void_p, c_void_p, c_char_p, P(Options), P(c_void_p))
_DECLS["program_function"] = _decl("spadc_program_function", c_char_p, c_void_p)
_DECLS["program_num_args"] = _decl("spadc_program_num_args", c_uint, c_void_p)
_DECLS["program_num_results"] = _decl("spadc_program_num_results", c_uint, c_void_p)
_DECLS["program_arg_type"] = _decl("spadc_program_arg_type", c_int, c_void_p, c_uint, P(Type))
_DECLS["program_result_type"] = _decl("spadc_program_result_type", c_int, c_void_p, c_uint, P(Type))
_DECLS["program_bind"] = _decl("spadc_program_bind", c_int, c_void_p, c_uint, c_void_p)
# run takes the argument and result pointer arrays as raw addresses: the
# Program keeps one (c_void_p * n) array of each and passes their address,
# which ctypes converts faster than a typed pointer.
_DECLS["program_run"] = _decl("spadc_program_run", c_int, c_void_p, c_void_p, c_void_p)
_DECLS["program_check"] = _decl("spadc_program_check", c_int, c_void_p, c_void_p, c_void_p, c_longlong, P(c_void_p))
_DECLS["program_check_memory"] = _decl("spadc_program_check_memory", c_int, c_void_p)
_DECLS["program_report"] = _decl("spadc_program_report", c_int, c_void_p, c_int, P(c_void_p))
_DECLS["program_trace"] = _decl("spadc_program_trace", c_int, c_void_p, c_char_p, c_longlong)
_DECLS["program_trace_counts"] = _decl("spadc_program_trace_counts", None, c_void_p, P(c_longlong), P(c_longlong))
_DECLS["program_free"] = _decl("spadc_program_free", None, c_void_p)


def cli_candidates():
    """Where the `spadc` command built with this library is: beside the
    library the package loads (build/spadc beside build/libspadc.so; found
    without loading it), in the package's bin/ (the copy a wheel installed),
    then the checkout's build/."""
    lib_path = _path or next((p for p in _candidates() if os.path.exists(p)), None)
    return ([os.path.join(os.path.dirname(os.path.abspath(lib_path)), "spadc")] if lib_path else []) + [
            os.path.join(_HERE, "bin", "spadc"),
            os.path.normpath(os.path.join(_HERE, "..", "..", "build", "spadc"))]


def take_string(ptr):
    """The NUL-terminated string the library gave (char *), released."""
    try:
        return ctypes.string_at(ptr).decode("utf-8", "replace")
    finally:
        __getattr__("string_free")(ptr)
