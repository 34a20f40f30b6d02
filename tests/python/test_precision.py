"""precision="bf16x3" / "bf16x6" (--precision): f32 contractions through
bf16 terms (src/passes/precision.c).

- Exact values: operands 1 + 2^-10 + 2^-20, whose terms are 1, 2^-10 and
  2^-20 exactly. bf16x6 keeps every product above 2^-24 and gives f32's
  result bit for bit; bf16x3 drops the 2^-20 terms and gives 1 + 2^-9 per
  product, exactly. On cpu and npu, and on the cli on every ISA this host
  has (a mix-up of the terms or the products fails it).
- Accuracy against an f64 evaluation (the program with every f32 written
  f64, run by the reference) on the torch corpus, with PyTorch's inputs:
  bf16x6 within 4x plain f32's error, bf16x3 within 2^-14 of the largest
  result (it is about 2^-16 per product).
- On the cpu every kernel of those models is compiled (none on the
  reference path: the convolutions' terms are f32 tensors of bf16 values,
  and each product's add is its own contraction's epilogue, so a
  BatchNorm after it still fits the epilogue's operands).
- The plan says so; a precision the targets do not know, or one given to
  the reference, is a usage error.
"""
import glob
import json
import os
import re
import struct
import subprocess

import numpy as np
import pytest

import spadc

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
CLI = os.environ.get("SPADC_CLI", os.path.join(ROOT, "build", "spadc"))
CLI_ENV = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}
TORCH = os.path.join(ROOT, "tests", "corpus", "torch")

MM = """
func.func @mm(%a: tensor<16x8xf32>, %b: tensor<8x24xf32>) -> tensor<16x24xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x24xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<16x24xf32>) -> tensor<16x24xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x24xf32>) outs(%z : tensor<16x24xf32>) -> tensor<16x24xf32>
  return %mm : tensor<16x24xf32>
}
"""
# x = 1 + 2^-10 + 2^-20: terms 1, 2^-10, 2^-20 (each far from a rounding tie)
X = np.float32(1 + 2.0 ** -10 + 2.0 ** -20)
# eight products summed; every partial sum is exact in f32 (24 bits)
WANT = {"f32": np.float32(8 * (1 + 2.0 ** -9 + 3 * 2.0 ** -20)),
        "bf16x6": np.float32(8 * (1 + 2.0 ** -9 + 3 * 2.0 ** -20)),
        "bf16x3": np.float32(8 * (1 + 2.0 ** -9))}


def mm_inputs():
    return np.full((16, 8), X, np.float32), np.full((8, 24), X, np.float32)


@pytest.mark.parametrize("target", ["cpu", "npu"])
@pytest.mark.parametrize("precision", ["f32", "bf16x3", "bf16x6"])
def test_exact_terms(target, precision):
    a, b = mm_inputs()
    r = spadc.compile(text=MM, target=target, precision=precision, threads=1)(a, b)
    assert r.dtype == np.float32
    assert np.all(r == WANT[precision]), (precision, target, np.unique(r), WANT[precision])


def _isas():
    flags = ""
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("flags"):
                flags = " %s " % line.split(":", 1)[1].strip()
                break
    has = lambda *fs: all(" %s " % x in flags for x in fs)
    out = ["generic"]
    if has("avx2", "fma", "f16c"):
        out.append("avx2")
    if has("avx512f", "avx512dq", "avx512bw", "avx512vl"):
        out.append("avx512")
    if has("avx512f", "avx512_bf16"):
        out.append("avx512bf16")
    if has("amx_bf16", "amx_tile"):
        out.append("amx")
    return out


@pytest.mark.parametrize("isa", _isas())
def test_exact_terms_every_isa(tmp_path, isa):
    a, b = mm_inputs()
    src = tmp_path / "mm.mlir"
    src.write_text(MM)
    np.save(tmp_path / "a.npy", a)
    np.save(tmp_path / "b.npy", b)
    env = dict(CLI_ENV, SPADC_ISA=isa)
    for precision in ("bf16x3", "bf16x6"):
        for threads in ("1", "2"):
            out = tmp_path / ("%s_%s" % (precision, threads))
            r = subprocess.run([CLI, "run", str(src), "--precision", precision, "--threads", threads,
                                "--inputs", "%s,%s" % (tmp_path / "a.npy", tmp_path / "b.npy"), "-o", str(out)],
                               capture_output=True, text=True, env=env)
            if r.returncode and "not available" in r.stderr:
                pytest.skip("%s: %s" % (isa, r.stderr.strip()))
            assert r.returncode == 0, r.stderr
            got = np.load(out / "result0.npy")
            assert np.all(got == WANT[precision]), (isa, precision, threads, np.unique(got))


def f64_text(text):
    """The program in f64: every f32 type, and the f32 bit patterns of hex
    constants (an f32's -inf is not an f64's); the casts f32 <-> f64 a
    program had become copies."""
    def hex64(m):
        v = struct.unpack("<f", struct.pack("<I", int(m.group(2), 16)))[0]
        return "%s0x%016X" % (m.group(1), struct.unpack("<Q", struct.pack("<d", v))[0])
    t = re.sub(r"(constant |dense<)0x([0-9A-Fa-f]{8})(?![0-9A-Fa-f])", hex64, text)
    t = re.sub(r"f32\b", "f64", t)
    return re.sub(r"arith\.(?:extf|truncf) (%[\w.#-]+) : f64 to f64", r"arith.maximumf \1, \1 : f64", t)


# f32 models of the corpus with PyTorch's inputs (none with hex blobs)
ACCURACY = ["bert_ffn", "bert_layer", "encoder_layer_masked", "resnet_block", "mobilenet_v2_block", "conv3d_block",
            "llama_mlp", "vit_patch_embed", "tcn_block", "mlp"]


def torch_args(name):
    files = sorted(glob.glob(os.path.join(TORCH, name + ".arg*.npy")), key=lambda f: int(f.rsplit(".arg", 1)[1][:-4]))
    return [np.load(f) for f in files]


def rel_err(got, ref):
    got = got if isinstance(got, tuple) else (got,)
    ref = ref if isinstance(ref, tuple) else (ref,)
    return max(float(np.abs(g.astype(np.float64) - r).max() / np.abs(r).max()) for g, r in zip(got, ref))


@pytest.mark.parametrize("target", ["cpu", "npu"])
@pytest.mark.parametrize("name", ACCURACY)
def test_accuracy_against_f64(name, target):
    text = open(os.path.join(TORCH, name + ".mlir")).read()
    args = torch_args(name)
    ref = spadc.compile(text=f64_text(text), target="ref")(
        *[x.astype(np.float64) if x.dtype == np.float32 else x for x in args])
    err = {p: rel_err(spadc.compile(text=text, target=target, precision=p, threads=2)(*args), ref)
           for p in ("f32", "bf16x3", "bf16x6")}
    if target == "cpu":  # every kernel compiled (a bf16 convolution's terms stay f32 there)
        r = subprocess.run([CLI, "plan", os.path.join(TORCH, name + ".mlir"), "--precision", "bf16x6", "--json"],
                           capture_output=True, text=True, env=CLI_ENV)
        assert r.returncode == 0, r.stderr
        paths = {k["name"]: k["path"] for k in json.loads(r.stdout)["kernels"]}
        assert set(paths.values()) == {"engine"}, paths
    # f32 itself is within a few 2^-24 (and never exact on these models)
    assert 0 < err["f32"] < 2.0 ** -18, err
    assert err["bf16x6"] <= 4 * err["f32"], err
    assert err["bf16x3"] <= 2.0 ** -14, err


def test_plan_says_so(tmp_path):
    src = tmp_path / "mm.mlir"
    src.write_text(MM)
    for target, word in (("cpu", "engine"), ("npu", "npu")):
        plans = {}
        for p in ("f32", "bf16x3", "bf16x6"):
            r = subprocess.run([CLI, "plan", str(src), "--target", target, "--precision", p, "--json"],
                               capture_output=True, text=True, env=CLI_ENV)
            assert r.returncode == 0, r.stderr
            plans[p] = json.loads(r.stdout)
            assert plans[p]["precision"] == p
        kinds = {p: [k["kind"] for k in plans[p]["kernels"]] for p in plans}
        # one contraction each product; the operands' terms are loop kernels
        assert kinds["f32"].count("contraction") == 1
        assert kinds["bf16x3"].count("contraction") == 3
        assert kinds["bf16x6"].count("contraction") == 6
        text = subprocess.run([CLI, "plan", str(src), "--target", target, "--precision", "bf16x6"],
                              capture_output=True, text=True, env=CLI_ENV).stdout
        assert "f32 contractions as bf16x6 (three bf16 terms an operand, six products)" in text.splitlines()[0], text


def test_usage_errors(tmp_path):
    with pytest.raises(spadc.UsageError, match="precision must be one of f32, bf16x3, bf16x6"):
        spadc.compile(text=MM, precision="bf16")
    with pytest.raises(spadc.UsageError, match="compiled targets"):
        spadc.compile(text=MM, precision="bf16x6", target="ref")
    src = tmp_path / "mm.mlir"
    src.write_text(MM)
    for argv, msg in ((["run", str(src), "--precision", "bf16"], "--precision needs one of f32, bf16x3, bf16x6"),
                      (["run", str(src), "--precision", "bf16x3", "--target", "ref"], "compiled targets"),
                      (["plan", str(src), "--precision"], "--precision needs an argument"),
                      (["plan", str(src), "--target", "npu", "--precision", "f16"], "--precision needs one of")):
        r = subprocess.run([CLI, *argv], capture_output=True, text=True, env=CLI_ENV)
        assert r.returncode == 2 and msg in r.stderr, (argv, r.returncode, r.stderr)
    # f32 is the default, said or not, for every target (the reference too)
    a, b = mm_inputs()
    assert np.all(spadc.compile(text=MM, precision="f32", target="ref")(a, b) == WANT["f32"])
