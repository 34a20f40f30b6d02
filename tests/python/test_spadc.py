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
    with pytest.raises(spadc.UsageError, match="must be a numpy array"):
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
