"""Hostile and edge-case arguments to the Python package (issue 35): every
wrong value or type is a spadc exception with spadc's message, never an
AttributeError, OverflowError, a wrapped integer, a string cut at a NUL, a
hang or a crash; threads share a program safely; empty tensors pass through.
"""
import os
import re
import threading
import time

import numpy as np
import pytest

import spadc

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
FFN1 = os.path.join(ROOT, "tests", "corpus", "seeds", "ffn1_bert.mlir")

MM = """func.func @mm(%x: tensor<64x48xf32>, %w: tensor<48x80xf32>) -> tensor<64x80xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x80xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x80xf32>) -> tensor<64x80xf32>
  %y = linalg.matmul ins(%x, %w : tensor<64x48xf32>, tensor<48x80xf32>) outs(%f : tensor<64x80xf32>) -> tensor<64x80xf32>
  return %y : tensor<64x80xf32>
}
"""


@pytest.fixture(scope="module")
def mm():
    return spadc.compile(MM, threads=1)


def inputs(p, seed):
    rng = np.random.default_rng(seed)
    return [rng.standard_normal(a.shape, dtype=np.float32) for a in p.inputs]


# ------------------------------------------------------------ compile's arguments

# (keyword arguments, the exception's type, its message): every probe of the
# issue and the classes around it
COMPILE_PROBES = [
    (dict(func=123), TypeError, "func must be a string or None, not int"),
    (dict(func=b"ffn1"), TypeError, "func must be a string"),
    (dict(func="ffn1\x00x"), ValueError, "func must not contain a NUL"),
    (dict(target="cpu\x00x"), ValueError, "target must not contain a NUL"),
    (dict(target=None), TypeError, "target must be a string"),
    (dict(threads=10 ** 20), ValueError, r"threads must be an integer in \[1, 1024\] \(got 10+\)"),
    (dict(threads=100000), ValueError, r"threads must be an integer in \[1, 1024\]"),
    (dict(threads=2 ** 31), ValueError, r"threads must be an integer in \[1, 1024\]"),
    (dict(threads=2 ** 32 + 1), ValueError, r"threads must be an integer in \[1, 1024\]"),
    (dict(threads=1025), ValueError, r"threads must be an integer in \[1, 1024\]"),
    (dict(threads=0), ValueError, r"threads must be an integer in \[1, 1024\]"),
    (dict(threads=-3), ValueError, r"threads must be an integer in \[1, 1024\]"),
    (dict(threads=1.5), TypeError, "threads must be an integer, not float"),
    (dict(threads=True), TypeError, "threads must be an integer, not a bool"),
    (dict(threads="2"), TypeError, "threads must be an integer, not str"),
    (dict(target="npu", budget=float("inf")), ValueError, "budget must be"),
    (dict(target="npu", budget=float("-inf")), ValueError, "budget must be"),
    (dict(target="npu", budget=float("nan")), ValueError, "budget must be"),
    (dict(target="npu", budget=0), ValueError, "budget must be"),
    (dict(target="npu", budget=-1), ValueError, "budget must be"),
    (dict(target="npu", budget=10 ** 400), ValueError, "budget must be"),
    # a string is read as --budget reads it (test_spadc.py: test_budget_strings_are_the_cli_s)
    (dict(target="npu", budget="big"), ValueError, "budget must be a fraction .*; got 'big'"),
    (dict(target="npu", budget=[1]), TypeError, "budget must be a fraction .*, not list"),
    (dict(target="npu", tile=5), TypeError, "tile must be three"),
    (dict(target="npu", tile="abc"), ValueError, "tile must be three positive integers M,N,K"),
    (dict(target="npu", tile=(1, 2)), ValueError, "tile must be three"),
    (dict(target="npu", tile=(2 ** 70, 1, 1)), ValueError, r"a tile size must be an integer in \[1, 2147483648\]"),
    (dict(target="npu", tile=(0, 1, 1)), ValueError, "a tile size"),
    (dict(target="npu", tile=(1.5, 1, 1)), TypeError, "a tile size must be an integer, not float"),
    (dict(name=5), TypeError, "name must be a string or None"),
]


@pytest.mark.parametrize("kw,kind,msg", COMPILE_PROBES, ids=[repr(k) for k, _, _ in COMPILE_PROBES])
def test_compile_arguments(kw, kind, msg):
    source = open(FFN1).read() if "name" in kw else FFN1
    with pytest.raises(spadc.UsageError, match="^spadc: error: " + msg) as e:
        spadc.compile(source, **kw)
    assert isinstance(e.value, kind) and e.value.status == 2


def test_thread_limit_is_the_c_api_s():
    # one rule at every door: the header's constant, the CLI's usage error
    h = open(os.path.join(ROOT, "include", "spadc.h")).read()
    assert int(re.search(r"#define SPADC_MAX_THREADS (\d+)", h).group(1)) == 1024
    cores = min(len(os.sched_getaffinity(0)), 1024)
    with pytest.warns(spadc.ThreadsWarning):  # more than the cores: clamped to them (test_spadc.py)
        assert spadc.compile(MM, threads=1024).threads == cores
    assert spadc.compile(MM, threads=np.int64(2)).threads == 2  # numpy integers are integers


def test_sources_and_names():
    with pytest.raises(spadc.UsageError, match="source must not contain a NUL"):
        spadc.compile(os.path.join(ROOT, "x\x00.mlir"))
    with pytest.raises(spadc.UsageError, match="name must not contain a NUL"):
        spadc.compile(MM, name="a\x00b")
    with pytest.raises(TypeError, match="source must be MLIR text or a path, not int"):
        spadc.compile(5)
    # bytes are read as given: what is not MLIR is a located InputError
    with pytest.raises(spadc.InputError, match=r"^<string>:1:17: error: unexpected character byte 0xFF"):
        spadc.compile(b"func.func @f() {\xff\n}")
    with pytest.raises(spadc.InputError, match=r"^<string>:1:13: "):
        spadc.compile("func.func @f\x00() {\n return\n}\n")
    assert spadc.compile(MM.encode()).function == "mm"


def test_opt_arguments():
    with pytest.raises(spadc.UsageError, match="passes must be a string or None, not list") as e:
        spadc.opt(FFN1, passes=["canonicalize"])
    assert isinstance(e.value, TypeError)
    with pytest.raises(spadc.UsageError, match="passes must not contain a NUL"):
        spadc.opt(FFN1, passes="canonicalize\x00,bogus")


# ------------------------------------------------------------ a program's arguments

def test_call_arguments(mm, tmp_path):
    x, w = inputs(mm, 1)
    for bad in (None, [1, 2], 3.0, "x"):
        for _ in range(2):  # the second: the fast path's "same array as last time" must not take it
            with pytest.raises(spadc.UsageError, match="argument 0 of '@mm' .* must be an array") as e:
                mm(bad, w)
            assert isinstance(e.value, TypeError)
    with pytest.raises(spadc.UsageError, match="out"):
        mm(x, w, out=5)
    with pytest.raises(TypeError, match="trace must be a path"):
        mm(x, w, trace=5)
    with pytest.raises(spadc.UsageError, match="trace must not contain a NUL"):
        mm(x, w, trace=str(tmp_path / "a\x00b.json"))
    with pytest.raises(TypeError, match="trace_max_events must be an integer"):
        mm(x, w, trace=str(tmp_path / "t.json"), trace_max_events="x")
    with pytest.raises(TypeError, match="samples must be an integer"):
        mm.check(x, w, results=mm(x, w), samples="x")
    with pytest.raises(TypeError, match="has no argument 'a'"):
        mm.bind("a", w)
    with pytest.raises(TypeError, match="has no argument True"):
        mm.bind(True, w)
    with pytest.raises(TypeError, match="path must be a path"):
        mm.svg(5)
    with pytest.raises(spadc.UsageError, match="path must not contain a NUL"):
        mm.svg(str(tmp_path / "a\x00b.svg"))
    assert not os.listdir(tmp_path)
    np.testing.assert_array_equal(mm(x, w), mm(x.copy(), w.copy()))  # still good after all that


def test_empty_tensors():
    # a batch-0 convolution (it once overflowed the cpu's im2col gather)
    src = """func.func @c(%i: tensor<0x3x9x9xf32>, %k: tensor<4x3x3x3xf32>, %o: tensor<0x4x7x7xf32>) -> tensor<0x4x7x7xf32> {
  %r = linalg.conv_2d_nchw_fchw ins(%i, %k : tensor<0x3x9x9xf32>, tensor<4x3x3x3xf32>) outs(%o : tensor<0x4x7x7xf32>) -> tensor<0x4x7x7xf32>
  return %r : tensor<0x4x7x7xf32>
}
"""
    for target in ("cpu", "npu", "ref"):
        p = spadc.compile(src, target=target, threads=2)
        y = p(*[np.zeros(a.shape, a.dtype) for a in p.inputs], check=True)
        assert y.shape == (0, 4, 7, 7)


def test_assert_message_is_whole():
    src = """func.func @f(%x: f32) -> f32 {
  %c = arith.constant 0.0 : f32
  %b = arith.cmpf ogt, %x, %c : f32
  cf.assert %b, "x must\\00be \\22positive\\22\\0Anow"
  return %x : f32
}
"""
    p = spadc.compile(src, target="ref")
    assert p(1.0) == 1.0
    with pytest.raises(spadc.InputError) as e:
        p(-1.0)
    assert e.value.message == '<string>:4:3: error: assertion failed: x must\\00be "positive"\\0Anow'
    with pytest.raises(spadc.InputError, match=r"^<string>:1:34: error: unknown escape in string literal"):
        spadc.compile('func.func @f() attributes {s = "a\\qb"} {\n  return\n}\n')


# ------------------------------------------------------------ threads

def test_concurrent_calls_get_their_own_results(mm):
    # four threads on one program, each with its own arrays: the calls take
    # turns (the C API runs a program from one thread at a time), and each
    # gets the result of its own arguments
    want = {}
    xs = {t: inputs(mm, 100 + t) for t in range(4)}
    for t in range(4):
        want[t] = mm(*xs[t]).copy()
    bad = []

    def work(t):
        for _ in range(30):
            if not np.array_equal(mm(*xs[t]), want[t]):
                bad.append(t)

    ts = [threading.Thread(target=work, args=(t,)) for t in range(4)]
    for th in ts:
        th.start()
    for th in ts:
        th.join()
    assert not bad


def test_close_waits_for_calls_under_way():
    # close() while four threads are inside calls: they finish, later calls
    # are UsageErrors; freeing the program under a call was a use after free
    big = MM.replace("64x48", "256x192").replace("48x80", "192x256").replace("64x80", "256x256")
    for _ in range(5):
        p = spadc.compile(big, threads=2)
        x, w = inputs(p, 2)
        want = p(x, w).copy()
        started = threading.Barrier(5)
        errors, wrong = [], []

        def work():
            started.wait()
            try:
                while True:
                    if not np.array_equal(p(x, w), want):
                        wrong.append(1)
            except spadc.UsageError as e:
                errors.append(str(e))

        ts = [threading.Thread(target=work) for _ in range(4)]
        for th in ts:
            th.start()
        started.wait()
        time.sleep(0.005)  # calls under way (each about a millisecond)
        p.close()
        for th in ts:
            th.join()
        assert errors == ["spadc: error: this program was closed"] * 4 and not wrong
        with pytest.raises(spadc.UsageError, match="closed"):
            p.plan()
        p.close()  # again: nothing


# ------------------------------------------------------------ files

def test_trace_on_a_full_disk_leaves_no_file(tmp_path):
    # trace= past a 1 KiB file-size limit (EFBIG, as a full disk's ENOSPC):
    # an InputError naming the file, and no partial trace; in a child
    # process, which the limit is set for
    import subprocess
    import sys
    code = """
import resource, signal, sys, numpy as np, spadc
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
p = spadc.compile(sys.argv[1], target="npu", threads=1)
xs = [np.ones(a.shape, a.dtype) for a in p.inputs]
resource.setrlimit(resource.RLIMIT_FSIZE, (1024, 1024))
try:
    p(*xs, trace=sys.argv[2])
except spadc.InputError as e:
    print(e.message)
"""
    t = tmp_path / "t.json"
    for old in (None, "old"):
        if old:
            t.write_text(old)
        r = subprocess.run([sys.executable, "-c", code, FFN1, str(t)], capture_output=True, text=True)
        assert r.stdout.strip() == "%s: error: cannot write the trace file: File too large" % t, r.stderr
        assert (t.read_text() == old) if old else not t.exists()
        assert sorted(os.listdir(tmp_path)) == (["t.json"] if old else [])
