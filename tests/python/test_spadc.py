"""The Python package (python/spadc) against the command-line tool: the same
compiler through include/spadc.h, so every result, plan, error and trace must
be the CLI's own. Run by CTest (tests/tests.cmake: python_pkg) with
PYTHONPATH=python, SPADC_LIBRARY=build/libspadc.so and SPADC_CLI=build/spadc.
"""
import glob
import json
import os
import subprocess

import numpy as np
import pytest

import spadc

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
CLI = os.environ.get("SPADC_CLI", os.path.join(ROOT, "build", "spadc"))
SEEDS = sorted(glob.glob(os.path.join(ROOT, "tests", "corpus", "seeds", "*.mlir")))
TORCH = sorted(glob.glob(os.path.join(ROOT, "tests", "corpus", "torch", "*.mlir")))
# the npu holds no bf16 yet (tests/cli/torch_corpus.sh's NPU_TODO)
NPU_TODO = {"mlp_bf16", "bert_ffn_bf16", "gpt2_block_bf16"}
THREADS = 2


# The CLI is a program of its own: the sanitizer runtimes pytest.sh
# preloads into python are not for it (clang links its ASan runtime in
# statically, and a preloaded shared one is "incompatible ASan runtimes").
CLI_ENV = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}


def cli(*args, check=True):
    r = subprocess.run([CLI, *args], capture_output=True, text=True, env=CLI_ENV)
    if check and r.returncode:
        raise AssertionError("spadc %s: exit %d\n%s" % (" ".join(args), r.returncode, r.stderr))
    return r


def draw(args, seed):
    """Inputs for every argument: normal floats, small integers, random bools."""
    rng = np.random.default_rng(seed)
    out = []
    for a in args:
        if a.dtype == np.bool_:
            x = rng.random(a.shape) < 0.5
        elif a.dtype.kind in "iu":
            x = rng.integers(0, 7, a.shape).astype(a.dtype)
        else:
            x = rng.standard_normal(a.shape, dtype=np.float32).astype(a.dtype)
        out.append(np.ascontiguousarray(x))
    return out


def torch_args(path):
    """The arguments PyTorch ran the corpus model with (.argI.npy)."""
    stem = path[:-len(".mlir")]
    files = sorted(glob.glob(stem + ".arg*.npy"), key=lambda f: int(f.rsplit(".arg", 1)[1][:-4]))
    return [np.load(f) for f in files]


def as_typed(p, arrays):
    # bf16 .npy files hold '<u2' bit patterns (tools/torch_corpus.py)
    return [a.view(s.dtype) if a.dtype != s.dtype and a.dtype.itemsize == s.dtype.itemsize else a
            for s, a in zip(p.args, arrays)]


def cli_run(path, arrays, tmp_path, target="cpu", extra=()):
    """The CLI's results for these arguments (written as .npy files)."""
    names = []
    for i, a in enumerate(arrays):
        f = str(tmp_path / ("in%d.npy" % i))
        # ml_dtypes' bfloat16 is not a .npy type: the CLI reads bf16 as '<u2'
        np.save(f, a.view(np.uint16) if a.dtype.name == "bfloat16" else a)
        names.append(f)
    out = tmp_path / "cli-out"
    cli("run", path, "--target", target, "--threads", str(THREADS), "-o", str(out), *extra,
        *(["--inputs", ",".join(names)] if names else []))
    res = sorted(glob.glob(str(out / "result*.npy")), key=lambda f: int(os.path.basename(f)[6:-4]))
    return [np.load(f) for f in res]


def results_list(r):
    return list(r) if isinstance(r, tuple) else [r]


def assert_same(got, want):
    assert len(got) == len(want)
    for g, w in zip(got, want):
        g = np.asarray(g)
        if g.dtype.name in ("bfloat16", "float16") and w.dtype == np.uint16:
            g = g.view(np.uint16)
        assert g.shape == w.shape
        np.testing.assert_array_equal(g.view(np.uint8) if g.dtype == np.bool_ else g,
                                      w.view(np.uint8) if w.dtype == np.bool_ else w)


# ------------------------------------------------------------ the corpus

def model_id(path):
    return os.path.basename(path)[:-len(".mlir")]


def public_functions(path):
    import re
    text = open(path).read()
    return re.findall(r"func\.func @([\w$.]+)", text)


# At a reduced size (SPADC_TEST_SCALE < 1: the sanitizer builds) the 4096^3
# GEMM is left to the normal build: the 1024^3 one is the same program.
_SCALE = float(os.environ.get("SPADC_TEST_SCALE") or 1)
REDUCED = 0 < _SCALE < 1
SEED_FUNCS = [(f, fn) for f in SEEDS for fn in public_functions(f) if not (REDUCED and "4096" in f)]


@pytest.mark.parametrize("path,func", SEED_FUNCS, ids=["%s@%s" % (model_id(f), fn) for f, fn in SEED_FUNCS])
def test_seed_corpus_cpu_equals_cli(path, func, tmp_path):
    p = spadc.compile(path, func=func, threads=THREADS)
    xs = draw(p.inputs, 1)
    assert_same(results_list(p(*xs)), cli_run(path, xs, tmp_path, extra=("-e", func)))


@pytest.mark.parametrize("path", TORCH, ids=model_id)
def test_torch_corpus_cpu_equals_cli_and_pytorch(path, tmp_path):
    p = spadc.compile(path, threads=THREADS)
    xs = as_typed(p, torch_args(path))
    got = results_list(p(*xs))
    assert_same(got, cli_run(path, xs, tmp_path))
    # and PyTorch's own result, within the corpus test's tolerance
    want = np.load(path[:-len(".mlir")] + ".out0.npy")
    g = got[0].astype(np.float32) if got[0].dtype.name != "bfloat16" else got[0].astype(np.float32)
    w = want.view(p.results[0].dtype).astype(np.float32) if want.dtype == np.uint16 else want
    tol = 2e-2 if "bf16" in path else 1e-4
    assert np.max(np.abs(g - w)) <= tol * max(1.0, float(np.max(np.abs(w))))


NPU_MODELS = [f for f in SEEDS if "4096" not in f and len(public_functions(f)) == 1] + \
    [f for f in TORCH if model_id(f) in ("mlp", "bert_ffn", "resnet_block", "gpt2_block")]


@pytest.mark.parametrize("path", NPU_MODELS, ids=model_id)
def test_npu_equals_cli(path, tmp_path):
    p = spadc.compile(path, target="npu", threads=THREADS)
    xs = as_typed(p, torch_args(path)) if "/torch/" in path else draw(p.inputs, 2)
    assert_same(results_list(p(*xs)), cli_run(path, xs, tmp_path, "npu"))
    run = p.last_run
    assert run["total"]["cycles"] > 0 if "total" in run else run["kernels"][0]["cycles"] > 0


def test_ref_target_equals_cli(tmp_path):
    path = os.path.join(ROOT, "tests", "corpus", "torch", "mlp.mlir")
    p = spadc.compile(path, target="ref")
    xs = torch_args(path)
    assert_same(results_list(p(*xs)), cli_run(path, xs, tmp_path, "ref"))
    assert p.last_run is None


def test_bf16_and_f16_functions(tmp_path):
    path = os.path.join(ROOT, "tests", "data", "lowp.mlir")
    for func in ("mm_bf16", "mm_f16_t"):
        p = spadc.compile(path, func=func, threads=THREADS)
        assert any(a.dtype.name in ("bfloat16", "float16") for a in p.args)
        xs = draw(p.inputs, 3)
        got = results_list(p(*xs))
        d = tmp_path / func
        d.mkdir()
        assert_same(got, cli_run(path, xs, d, extra=("-e", func)))
        p.check(*xs, results=tuple(got) if len(got) > 1 else got[0])


# ------------------------------------------------------------ the door's own promises

@pytest.fixture(scope="module")
def ffn1():
    return spadc.compile(os.path.join(ROOT, "tests", "corpus", "seeds", "ffn1_bert.mlir"), threads=THREADS)


def test_signature(ffn1):
    assert ffn1.function == "ffn1"
    assert [a.shape for a in ffn1.args] == [(512, 768), (768, 3072), (3072,)]
    assert all(a.dtype == np.float32 for a in ffn1.args)
    assert ffn1.results[0].mlir_type == "tensor<512x3072xf32>"
    assert ffn1.inputs == ffn1.args


def test_version_is_the_cli_s():
    assert spadc.version() in cli("--version").stdout


def test_contiguous_inputs_are_not_copied(ffn1):
    xs = draw(ffn1.inputs, 4)
    ffn1(*xs)
    assert [ffn1._argv[i] for i in range(3)] == [x.ctypes.data for x in xs]


def test_strided_inputs_are_copied_and_give_the_same_result(ffn1):
    xs = draw(ffn1.inputs, 5)
    want = ffn1(*xs)
    fortran = [np.asfortranarray(x) for x in xs]
    np.testing.assert_array_equal(ffn1(*fortran), want)
    wide = np.zeros((512, 1536), np.float32)
    wide[:, ::2] = xs[0]
    np.testing.assert_array_equal(ffn1(wide[:, ::2], xs[1], xs[2]), want)


def test_out_is_written_in_place(ffn1):
    xs = draw(ffn1.inputs, 6)
    want = ffn1(*xs)
    buf = np.full((512, 3072), np.nan, np.float32)
    assert ffn1(*xs, out=buf) is buf
    np.testing.assert_array_equal(buf, want)
    with pytest.raises(spadc.UsageError, match="out\\[0\\]"):
        ffn1(*xs, out=np.empty((512, 3072), np.float64))


def test_wrong_arrays_are_usage_errors(ffn1):
    xs = draw(ffn1.inputs, 7)
    with pytest.raises(spadc.UsageError, match="takes 3 arrays"):
        ffn1(*xs[:2])
    with pytest.raises(spadc.UsageError, match=r"argument 1 .*tensor<768x3072xf32>.*float64"):
        ffn1(xs[0], xs[1].astype(np.float64), xs[2])
    with pytest.raises(ValueError, match=r"argument 2 .*\(3072,\).*\(3071,\)"):
        ffn1(xs[0], xs[1], xs[2][:-1])
    with pytest.raises(spadc.UsageError, match="must be an array"):
        ffn1(xs[0].tolist(), xs[1], xs[2])


def test_bind_packs_once_and_drops_the_argument(tmp_path):
    path = os.path.join(ROOT, "tests", "corpus", "seeds", "ffn1_bert.mlir")
    p = spadc.compile(path, threads=THREADS)
    x, w, b = draw(p.inputs, 8)
    want = p(x, w, b)
    p.bind(1, w).bind(2, b)
    assert [a.index for a in p.inputs] == [0]
    assert set(p.bound) == {1, 2}
    np.testing.assert_array_equal(p(x), want)
    x2 = draw(p.inputs, 9)[0]
    np.testing.assert_array_equal(p(x2), cli_run(path, [x2, w, b], tmp_path)[0])
    with pytest.raises(spadc.UsageError, match="takes 1 array"):
        p(x, w, b)
    with pytest.raises(spadc.UsageError, match="no argument 3"):
        p.bind(3, b)
    with pytest.raises(spadc.UsageError, match="bound argument 1"):
        p.bind(1, w[:, :10])


def test_bind_keeps_the_array_alive():
    path = os.path.join(ROOT, "tests", "corpus", "seeds", "ffn1_bert.mlir")
    p = spadc.compile(path, threads=THREADS)
    x, w, b = draw(p.inputs, 10)
    want = p(x, w, b)
    p.bind(1, w.copy()).bind(2, np.asfortranarray(b))   # temporaries: the program keeps them
    import gc
    gc.collect()
    np.testing.assert_array_equal(p(x), want)


def test_plan_is_the_cli_s_json():
    path = os.path.join(ROOT, "tests", "corpus", "seeds", "bert_ffn_block.mlir")
    for target in ("cpu", "npu"):
        p = spadc.compile(path, target=target, threads=THREADS)
        threads = ("--threads", str(THREADS)) if target == "cpu" else ()
        want = json.loads(cli("plan", path, "--json", "--target", target, *threads).stdout)
        assert p.plan() == want
        assert p.plan_text() == cli("plan", path, "--target", target, *threads).stdout


def test_budget_and_tile_reach_the_planner():
    path = os.path.join(ROOT, "tests", "corpus", "seeds", "ffn1_bert.mlir")
    p = spadc.compile(path, target="npu", budget=0.5, tile=(128, 128, 128))
    want = json.loads(cli("plan", path, "--json", "--target", "npu", "--budget", "0.5",
                          "--tile", "128,128,128").stdout)
    assert p.plan() == want
    assert p.plan()["kernels"][0]["tile"]["m"] == 128 if isinstance(p.plan()["kernels"][0].get("tile"), dict) \
        else True


def test_objective_is_the_cli_s():
    path = os.path.join(ROOT, "tests", "corpus", "seeds", "ffn1_bert.mlir")
    for obj in ("cycles", "energy", "dram", "edp"):
        p = spadc.compile(path, target="npu", objective=obj)
        want = json.loads(cli("plan", path, "--json", "--target", "npu", "--objective", obj).stdout)
        assert p.plan() == want
        assert want["kernels"][0]["search"]["objective"] == obj
    with pytest.raises(spadc.UsageError, match="objective"):
        spadc.compile(path, target="npu", objective="speed")
    with pytest.raises(spadc.UsageError, match="objective"):
        spadc.compile(path, target="cpu", objective="energy")


def test_svg_is_the_cli_s(tmp_path):
    path = os.path.join(ROOT, "tests", "corpus", "seeds", "bert_ffn_block.mlir")
    p = spadc.compile(path, target="npu")
    out = tmp_path / "p.svg"
    assert p.svg(out) == out
    cli("plan", path, "--target", "npu", "--svg", str(tmp_path / "c.svg"))
    assert out.read_bytes() == (tmp_path / "c.svg").read_bytes()
    assert p.svg().startswith("<svg") or "<svg" in p.svg()[:200]
    assert [f.name for f in tmp_path.iterdir() if f.name.startswith(".spadc-")] == []


def test_npu_trace_and_last_run(tmp_path):
    path = os.path.join(ROOT, "tests", "corpus", "seeds", "ffn1_bert.mlir")
    p = spadc.compile(path, target="npu", threads=THREADS)
    xs = draw(p.inputs, 11)
    assert p.last_run is None
    trace = tmp_path / "t.json"
    p(*xs, trace=trace)
    run = p.last_run
    ev = json.loads(trace.read_text())
    events = ev["traceEvents"] if isinstance(ev, dict) else ev
    assert run["trace_events"] > 0 and run["trace_left_out"] == 0
    assert len([e for e in events if e.get("ph") == "X"]) >= run["trace_events"]
    # the CLI's trace of the same run is the same file
    cli_run(path, xs, tmp_path, "npu", extra=("--trace", str(tmp_path / "c.json")))
    assert trace.read_bytes() == (tmp_path / "c.json").read_bytes()
    text = json.dumps(run)
    for word in ("cycles", "dma", "busy"):
        assert word in text.lower(), word
    # the next run is not traced
    p(*xs)
    assert "trace_events" not in p.last_run


def test_trace_on_the_cpu_is_a_usage_error(ffn1):
    with pytest.raises(spadc.UsageError, match="npu"):
        ffn1(*draw(ffn1.inputs, 12), trace="/tmp/never.json")


def test_cpu_last_run_has_kernel_times(ffn1):
    ffn1(*draw(ffn1.inputs, 13))
    run = ffn1.last_run
    assert run["target"] == "cpu"
    assert run["kernels"] and all(k["median_seconds"] > 0 for k in run["kernels"])


# ------------------------------------------------------------ errors mirror the exit codes

def test_errors_are_located_and_mirror_the_exit_codes(tmp_path):
    bad = tmp_path / "bad.mlir"
    bad.write_text("func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n  return %b : tensor<4xf32>\n}\n")
    with pytest.raises(spadc.InputError) as e:
        spadc.compile(str(bad))
    r = cli("check", str(bad), check=False)
    assert r.returncode == e.value.status == 1
    assert e.value.message == r.stderr.strip().splitlines()[0]
    assert (e.value.file, e.value.line) == (str(bad), 2) and e.value.col > 0
    assert isinstance(e.value, spadc.Error)

    with pytest.raises(spadc.InputError, match=r"^<string>:2:"):
        spadc.compile(bad.read_text())
    with pytest.raises(spadc.InputError, match="model.mlir:2:"):
        spadc.compile(bad.read_text(), name="model.mlir")

    good = os.path.join(ROOT, "tests", "corpus", "seeds", "ffn1_bert.mlir")
    with pytest.raises(spadc.UsageError) as e:
        spadc.compile(good, func="nope")
    assert e.value.status == cli("run", good, "-e", "nope", check=False).returncode == 2
    with pytest.raises(spadc.UsageError):
        spadc.compile(good, target="gpu")
    with pytest.raises(spadc.UsageError, match="threads"):
        spadc.compile(good, threads=0)
    with pytest.raises(spadc.InputError, match="no_such_file"):
        spadc.compile(str(tmp_path / "no_such_file.mlir"))

    # a budget no tile fits: exit 3 / NoFitError, the same message
    with pytest.raises(spadc.NoFitError) as e:
        spadc.compile(good, target="npu", budget=64)
    r = cli("plan", good, "--target", "npu", "--budget", "64", check=False)
    assert r.returncode == e.value.status == 3
    assert e.value.message in r.stderr


def test_mismatch_error(ffn1):
    xs = draw(ffn1.inputs, 14)
    y = ffn1(*xs)
    assert "result0" in ffn1.check(*xs, results=y)
    y += 1000.0  # every element: any sample finds it
    with pytest.raises(spadc.MismatchError) as e:
        ffn1.check(*xs, results=y, samples=4096)
    assert e.value.status == 4 and "result0" in e.value.message


def test_opt_is_the_cli_s():
    path = os.path.join(ROOT, "tests", "corpus", "seeds", "bert_ffn_block.mlir")
    assert spadc.opt(path) == cli("opt", path).stdout
    fused = spadc.opt(path, passes="canonicalize,fuse")
    assert fused == cli("opt", path, "--passes", "canonicalize,fuse").stdout
    assert 'spadc.kernel = "k0"' in fused


def test_closed_program():
    p = spadc.compile(os.path.join(ROOT, "tests", "corpus", "seeds", "ffn1_bert.mlir"))
    xs = draw(p.inputs, 15)
    with p:
        pass
    with pytest.raises(spadc.UsageError, match="closed"):
        p(*xs)


def test_the_same_arrays_again_are_read_again(ffn1):
    # a call skips finding the data pointers of the last call's arrays: their
    # contents, and changes of shape, dtype or layout in place, must still count
    x, w, b = draw(ffn1.inputs, 16)
    first = ffn1(x, w, b)
    x *= 2.0
    np.testing.assert_array_equal(ffn1(x, w, b), ffn1(x.copy(), w, b))
    assert not np.array_equal(ffn1(x, w, b), first)
    x.shape = (768, 512)
    with pytest.raises(spadc.UsageError, match=r"argument 0 .*\(768, 512\)"):
        ffn1(x, w, b)
    x.shape = (512, 768)
    y = ffn1(x, w, b)
    out = np.empty_like(y)
    ffn1(x, w, b, out=out)
    ffn1(x, w, b, out=out)
    np.testing.assert_array_equal(out, y)
    b.dtype = np.int32
    with pytest.raises(spadc.UsageError, match="argument 2"):
        ffn1(x, w, b)


# ------------------------------------------------------------ the Python door (issue 33)

FFN1_PATH = os.path.join(ROOT, "tests", "corpus", "seeds", "ffn1_bert.mlir")


def test_python_m_spadc_is_the_cli(tmp_path):
    import sys
    r = subprocess.run([sys.executable, "-m", "spadc", "--version"], capture_output=True, text=True, env=CLI_ENV)
    assert r.returncode == 0 and r.stdout == cli("--version").stdout
    # the tool's own output and exit codes, byte for byte
    want = cli("plan", FFN1_PATH, "--target", "npu")
    r = subprocess.run([sys.executable, "-m", "spadc", "plan", FFN1_PATH, "--target", "npu"],
                       capture_output=True, text=True, env=CLI_ENV)
    assert (r.returncode, r.stdout) == (0, want.stdout)
    bad = str(tmp_path / "missing.mlir")
    r = subprocess.run([sys.executable, "-m", "spadc", "check", bad], capture_output=True, text=True, env=CLI_ENV)
    assert (r.returncode, r.stderr) == (1, cli("check", bad, check=False).stderr)


@pytest.mark.parametrize("budget", ["64K", "65536", "64k", "64KiB", "0.5", "1", "1e-1", "100000"])
def test_budget_strings_are_the_cli_s(budget):
    # the same string means the same at both doors: the same plan
    p = spadc.compile(path=FFN1_PATH, target="npu", budget=budget, threads=1)
    assert p.plan() == json.loads(cli("plan", FFN1_PATH, "--json", "--target", "npu", "--budget", budget).stdout)


@pytest.mark.parametrize("budget", ["0x10", "1.5", "-1", "64G", " 64K", "64K ", "1M1", "", "0", "1", "nan",
                                    "inf", "2e12", "1099511627777", "0.", "+0.5"])
def test_budget_strings_the_cli_refuses_are_usage_errors(budget):
    rc = cli("plan", FFN1_PATH, "--target", "npu", "--budget", budget, check=False).returncode
    if budget == "1":  # the fraction 1: accepted at both doors
        assert rc == 0 and spadc.compile(path=FFN1_PATH, target="npu", budget=budget, threads=1)
        return
    assert rc == 2
    with pytest.raises(spadc.UsageError, match="budget") as e:
        spadc.compile(path=FFN1_PATH, target="npu", budget=budget, threads=1)
    assert e.value.status == 2


@pytest.mark.parametrize("kw", [dict(budget=float("inf")), dict(budget=float("nan")), dict(budget=1.5),
                                dict(budget=2.0 ** 41), dict(budget=[64]), dict(budget=b"64K"), dict(tile=3),
                                dict(tile=(64, 64)), dict(tile="64,64"), dict(tile="64,64,-1"),
                                dict(tile=(64, 64, 64.0)), dict(tile=(64, 64, 2 ** 40)), dict(threads=1.0),
                                dict(threads="2"), dict(objective=3), dict(target=3), dict(func=3),
                                dict(time_kernels=[], budget="x")])
def test_bad_values_are_usage_errors_never_bare_python_errors(kw):
    try:
        spadc.compile(path=FFN1_PATH, **{"target": "npu", "threads": 1, **kw})
    except spadc.UsageError as e:
        assert e.status == 2 and str(e).startswith("spadc: error: ")
    else:
        raise AssertionError("no UsageError for %r" % (kw,))


def test_tile_string_is_the_cli_s():
    p = spadc.compile(path=FFN1_PATH, target="npu", tile="128,128,128", threads=1)
    assert p.plan() == spadc.compile(path=FFN1_PATH, target="npu", tile=(128, 128, 128), threads=1).plan()


def test_threads_above_the_cores_are_clamped_with_a_warning():
    cores = len(os.sched_getaffinity(0))
    if cores >= 1024:
        pytest.skip("as many cores as the limit")
    with pytest.warns(spadc.ThreadsWarning, match="threads=%d is more than the %d core" % (cores + 1, cores)):
        p = spadc.compile(path=FFN1_PATH, threads=cores + 1)
    assert p.threads == cores
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert spadc.compile(path=FFN1_PATH, threads=cores).threads == cores  # no warning
        assert spadc.compile(path=FFN1_PATH).threads == min(cores, 1024)


class _ArrayOnly:
    """An array-like with __array__ only (as pandas, xarray, PIL images)."""
    def __init__(self, a):
        self.a = a

    def __array__(self, dtype=None, copy=None):
        return self.a


class _DLPackOnly:
    """A DLPack producer that is not a numpy array (as JAX, CuPy on the host)."""
    def __init__(self, a):
        self.a = a

    def __dlpack__(self, **kw):
        return self.a.__dlpack__(**kw)

    def __dlpack_device__(self):
        return self.a.__dlpack_device__()


def test_array_likes_and_dlpack_are_taken_without_a_copy(ffn1):
    xs = draw(ffn1.inputs, 20)
    want = ffn1(*xs)
    for wrap in (_ArrayOnly, _DLPackOnly):
        np.testing.assert_array_equal(ffn1(*[wrap(x) for x in xs]), want)
        # the callee read the caller's memory: no copy
        assert [ffn1._argv[i] for i in range(3)] == [x.ctypes.data for x in xs]
    buf = np.zeros_like(want)
    out = _DLPackOnly(buf)
    assert ffn1(*xs, out=out) is out
    np.testing.assert_array_equal(buf, want)
    assert "result0" in ffn1.check(*[_DLPackOnly(x) for x in xs], results=_ArrayOnly(want))


def test_torch_tensors_are_taken_without_a_copy(ffn1):
    torch = pytest.importorskip("torch")
    if not hasattr(torch, "from_numpy"):  # tests/python/torch, the folder, found as a namespace package
        pytest.skip("no torch")
    xs = draw(ffn1.inputs, 21)
    want = ffn1(*xs)
    ts = [torch.from_numpy(x.copy()) for x in xs]
    np.testing.assert_array_equal(ffn1(*ts), want)
    assert [ffn1._argv[i] for i in range(3)] == [t.data_ptr() for t in ts]
    out = torch.empty(want.shape)
    assert ffn1(*ts, out=out) is out
    np.testing.assert_array_equal(out.numpy(), want)
    np.testing.assert_array_equal(ffn1(ts[0].T.contiguous().T, ts[1], ts[2]), want)  # strided: copied
    with pytest.raises(spadc.UsageError, match="requires grad"):
        ffn1(ts[0].requires_grad_(), ts[1], ts[2])
    with pytest.raises(spadc.UsageError, match="argument 1 .*float64"):
        ffn1(ts[0].detach(), ts[1].double(), ts[2])
    src = ("func.func @f(%x: tensor<4xbf16>) -> tensor<4xbf16> {\n  %e = tensor.empty() : tensor<4xbf16>\n"
           "  %y = linalg.add ins(%x, %x : tensor<4xbf16>, tensor<4xbf16>) outs(%e : tensor<4xbf16>) -> tensor<4xbf16>\n"
           "  return %y : tensor<4xbf16>\n}\n")
    x = torch.tensor([1.0, 2.0, -3.0, 0.5], dtype=torch.bfloat16)
    y = spadc.compile(text=src, threads=1)(x)
    assert torch.equal(torch.from_numpy(y.view(np.int16)).view(torch.bfloat16), x + x)


def test_import_star_does_not_shadow_compile():
    import builtins
    ns = {}
    exec("from spadc import *", ns)
    assert "compile" not in ns and "opt" not in ns
    assert ns.get("compile", builtins.compile) is builtins.compile
    assert {"Program", "Error", "UsageError", "InputError"} <= set(ns)
    assert callable(spadc.compile)


def test_typed_package():
    import inspect
    import typing
    assert os.path.isfile(os.path.join(os.path.dirname(spadc.__file__), "py.typed"))
    for f in (spadc.compile, spadc.opt, spadc.version, spadc.Program.__call__, spadc.Program.bind,
              spadc.Program.plan, spadc.Program.svg, spadc.Program.check):
        hints = typing.get_type_hints(f)
        assert "return" in hints, f
        assert set(inspect.signature(f).parameters) - {"self", "arrays"} <= set(hints) | {"kw"}, f


def test_path_and_text_are_explicit(tmp_path, monkeypatch):
    text = open(FFN1_PATH).read()
    # a file whose name reads as MLIR to the guessing positional form
    monkeypatch.chdir(tmp_path)
    (tmp_path / "module.mlir").write_text(text)
    assert spadc.compile(path="module.mlir", threads=1).function == "ffn1"
    assert spadc.compile(path=tmp_path / "module.mlir", threads=1).function == "ffn1"
    assert spadc.compile(text=text, threads=1).function == "ffn1"
    assert spadc.compile(text=text.encode(), threads=1).function == "ffn1"
    # one line of text, without a newline and not starting as MLIR does
    with pytest.raises(spadc.InputError, match="^<string>:1:1: error"):
        spadc.compile(text="ffn1_bert.mlir")
    with pytest.raises(spadc.InputError, match="x.mlir: error: cannot open"):
        spadc.compile(path="x.mlir")
    with pytest.raises(spadc.UsageError, match="path=.* or text="):
        spadc.compile(path="module.mlir", text=text)
    with pytest.raises(spadc.UsageError, match="path=.* or text=") as e:
        spadc.compile()
    assert isinstance(e.value, TypeError)
    with pytest.raises(spadc.UsageError, match="text must be MLIR text"):
        spadc.compile(text=5)
    assert spadc.opt(text=text) == spadc.opt(path="module.mlir")
    assert spadc.compile(FFN1_PATH, threads=1).function == "ffn1"  # the old positional form still works


def test_error_location_comes_from_the_c_api(tmp_path):
    # a file name that looks like a location: parsing the message would get it wrong
    bad = tmp_path / "a:7:9:b.mlir"
    bad.write_text("func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n  return %b : tensor<4xf32>\n}\n")
    with pytest.raises(spadc.InputError) as e:
        spadc.compile(path=bad)
    assert (e.value.file, e.value.line) == (str(bad), 2) and e.value.col > 0
    assert e.value.message.startswith("%s:2:%d: error: " % (bad, e.value.col))
    with pytest.raises(spadc.InputError) as e:
        spadc.compile(path=tmp_path / "none.mlir")
    assert (e.value.file, e.value.line, e.value.col) == (str(tmp_path / "none.mlir"), None, None)
    with pytest.raises(spadc.UsageError) as e:
        spadc.compile(path=FFN1_PATH, target="gpu")
    assert (e.value.file, e.value.line, e.value.col) == (None, None, None)


def test_svg_into_a_missing_folder_names_it_and_files_are_0644(tmp_path):
    p = spadc.compile(path=FFN1_PATH, target="npu", threads=1)
    missing = tmp_path / "no" / "such"
    with pytest.raises(spadc.InputError, match="the folder '%s' does not exist" % missing) as e:
        p.svg(missing / "map.svg")
    assert e.value.file == str(missing / "map.svg") and e.value.status == 1
    old = os.umask(0o022)
    try:
        p.svg(tmp_path / "map.svg")
        x = np.ones((512, 768), np.float32)
        p(x, np.ones((768, 3072), np.float32), np.ones(3072, np.float32), trace=tmp_path / "t.json")
    finally:
        os.umask(old)
    assert oct((tmp_path / "map.svg").stat().st_mode & 0o777) == oct(0o644)
    assert oct((tmp_path / "t.json").stat().st_mode & 0o777) == oct(0o644)


_MM_BF16 = """func.func @mm(%x: tensor<8x16xbf16>, %w: tensor<16x4xbf16>, %s: f32) -> tensor<8x4xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
  %y = linalg.matmul ins(%x, %w : tensor<8x16xbf16>, tensor<16x4xbf16>) outs(%f : tensor<8x4xf32>) -> tensor<8x4xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]} ins(%y : tensor<8x4xf32>) outs(%e : tensor<8x4xf32>) {
  ^bb0(%a: f32, %b: f32):
    %m = arith.mulf %a, %s : f32
    linalg.yield %m : f32
  } -> tensor<8x4xf32>
  return %o : tensor<8x4xf32>
}
"""


def test_save_load_and_pickle_compile_again(tmp_path):
    import pickle
    p = spadc.compile(text=_MM_BF16, name="mm.mlir", threads=1, time_kernels=False)
    x, w = draw(p.inputs[:2], 30)
    p.bind(1, w)  # bound arrays travel with the program (bf16 too)
    want = p(x, 2.0)
    for q in (pickle.loads(pickle.dumps(p)), spadc.load(p.save(tmp_path / "mm.spadc"))):
        assert repr(q) == repr(p) and q.plan() == p.plan() and q.threads == 1
        np.testing.assert_array_equal(q(x, 2.0), want)
        np.testing.assert_array_equal(q.bound[1].view(np.uint16), w.view(np.uint16))
    assert sorted(os.listdir(tmp_path)) == ["mm.spadc"]
    # threads=None follows the cores of the process that loads it; npu options travel
    n = spadc.compile(path=FFN1_PATH, target="npu", budget="64K", tile="64,64,64")
    m = pickle.loads(pickle.dumps(n))
    assert m.plan() == n.plan() and m._options["threads"] is None
    assert m._options["name"] == FFN1_PATH  # its messages still name the file
    (tmp_path / "junk").write_text("not a program")
    with pytest.raises(spadc.InputError, match="not a saved spadc program"):
        spadc.load(tmp_path / "junk")
    with pytest.raises(spadc.InputError, match="cannot open"):
        spadc.load(tmp_path / "none.spadc")


def test_errors_pickle_with_their_fields(tmp_path):
    import pickle
    bad = tmp_path / "bad.mlir"
    bad.write_text("func.func @f() {\n  %x = arith.bogus\n}\n")
    errors = []
    for call in (lambda: spadc.compile(path=bad), lambda: spadc.compile(path=FFN1_PATH, threads="2"),
                 lambda: spadc.compile(path=FFN1_PATH, target="npu", budget="1.5")):
        with pytest.raises(spadc.Error) as e:
            call()
        errors.append(e.value)
    for e in errors:
        f = pickle.loads(pickle.dumps(e))
        assert type(f) is type(e) and isinstance(f, spadc.Error)
        assert (f.message, f.status, f.file, f.line, f.col) == (e.message, e.status, e.file, e.line, e.col)
    assert isinstance(pickle.loads(pickle.dumps(errors[1])), TypeError)


def _chain(n, size):
    """@chain: n matmuls of size^3, each reading the one before (n kernels)."""
    t = "tensor<%dx%dxf32>" % (size, size)
    lines = ["func.func @chain(%%x: %s, %%w: %s) -> %s {" % (t, t, t),
             "  %%z = arith.constant 0.0 : f32",
             "  %%e = tensor.empty() : %s" % t,
             "  %%f = linalg.fill ins(%%z : f32) outs(%%e : %s) -> %s" % (t, t)]
    prev = "%x"
    for i in range(n):
        lines.append("  %%m%d = linalg.matmul ins(%s, %%w : %s, %s) outs(%%f : %s) -> %s" % (i, prev, t, t, t, t))
        prev = "%%m%d" % i
    lines += ["  return %s : %s" % (prev, t), "}"]
    return "\n".join(lines).replace("%%", "%")


@pytest.mark.parametrize("target", ["cpu", "ref"])
def test_ctrl_c_stops_a_long_run(target):
    """SIGINT during a run raises KeyboardInterrupt within a second (the run
    stops at the next kernel, or the reference's next op), the handler the
    process had is back afterwards, and the program runs again, right."""
    import signal
    import threading
    import time
    scale = float(os.environ.get("SPADC_TEST_SCALE", "1"))
    # a whole run: ~1-3 s here; the sanitizer builds' reference is ~10x slower
    size = 512 if target == "cpu" else (256 if scale >= 1 else 128)
    n = max(8, int((300 if target == "cpu" else 200) * scale))
    prog = spadc.compile(text=_chain(n, size), target=target, threads=1)
    x = np.full((size, size), 1.0 / size, np.float32)
    w = np.eye(size, dtype=np.float32)
    before = signal.getsignal(signal.SIGINT)
    sent, done = [], []
    timer = threading.Timer(0.2, lambda: (sent.append(time.perf_counter()), os.kill(os.getpid(), signal.SIGINT)))
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        prog(x, w)
        done.append(time.perf_counter())
        time.sleep(5)  # the signal lands here if the run ended first
    stopped = time.perf_counter()
    timer.join()
    assert not done, "the run ended %.2f s before SIGINT: make it longer" % (sent[0] - done[0])
    limit = 3.0 if os.environ.get("SPADC_SANITIZE") == "1" else 1.0
    assert stopped - sent[0] < limit, "stopped %.2f s after SIGINT" % (stopped - sent[0])
    assert signal.getsignal(signal.SIGINT) is before
    np.testing.assert_allclose(prog(x, w), x, rtol=1e-5)
