"""spadc.sweep and spadc-sweep (issue 20): rows equal to compiling each
point directly, built-in machine = its YAML, resumable, deterministic across
worker counts and on a Dask LocalCluster, monotone where physics says so,
specs that cannot run refused with the key that is wrong. Issue 35: bad
input is an error at the spec's own line (exit 1), never a fits=false row;
outputs and Dask addresses that fail are one line, exit 1, in seconds."""
import csv
import json
import os

import numpy as np
import pytest

import spadc
import spadc.sweep as sw

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
SEEDS = os.path.join(ROOT, "tests", "corpus", "seeds")
FFN1 = os.path.join(SEEDS, "ffn1_bert.mlir")
BLOCK = os.path.join(SEEDS, "bert_ffn_block.mlir")


# At a reduced size (SPADC_TEST_SCALE < 1: the sanitizer builds) the
# small sweeps run smaller models (each point is compiled and simulated,
# and simulating FFN1's 1.2 GMACs under ASan was most of their 50 s): a
# 512^3 GEMM and the FFN block at a quarter of its size, neither of which
# fits 1 KiB per lane either.
_SCALE = float(os.environ.get("SPADC_TEST_SCALE") or 1)
REDUCED = 0 < _SCALE < 1
SWEEP_MODELS = ([os.path.join(ROOT, "tests", "corpus", "silicon", "gemm_512x512x512.mlir"),
                 os.path.join(ROOT, "tests", "data", "ffn_block_quarter.mlir")] if REDUCED else [FFN1, BLOCK])


def small_spec(**over):
    spec = {"models": list(SWEEP_MODELS), "hardware": "tpuv3",
            "grid": {"vpu_spad_size_kb_per_lane": [1, 16, 64], "num_systolic_array_per_core": [1, 2]}}
    spec.update(over)
    return sw.load_spec(spec)


def test_builtin_machine_is_the_compiler_s(tmp_path):
    hw = tmp_path / "tpuv3.yml"
    hw.write_text(sw._yaml_text(sw.MACHINES["tpuv3"]))
    a = spadc.compile(BLOCK, target="npu").plan()
    b = spadc.compile(BLOCK, target="npu=%s" % hw).plan()
    for t in (a["target"], b["target"]):
        t.pop("machine", None)
        t.pop("name", None)
        t.pop("file", None)
    assert a == b


def test_rows_are_the_points_compiled_directly(tmp_path):
    spec = small_spec()
    rows = sw.run(spec, workers=1)
    assert len(sw.points(spec)) == 6
    # 1 KiB per lane fits nothing: one row per model and point saying why
    nofit = [r for r in rows if not r["fits"]]
    assert len(nofit) == 4 and all("no tile fits" in r["why"] and r["kernel"] == "k0" for r in nofit)
    # a point compiled by hand gives the same kernels, tiles and cycles
    hw = tmp_path / "m.yml"
    hw.write_text(sw._yaml_text(dict(sw.MACHINES["tpuv3"], vpu_spad_size_kb_per_lane=16,
                                     num_systolic_array_per_core=2)))
    p = spadc.compile(SWEEP_MODELS[1], target="npu=%s" % hw, threads=1)
    p(*[np.ones(a.shape, a.dtype) for a in p.inputs])
    plan, ran = p.plan(), p.last_run
    name = os.path.basename(SWEEP_MODELS[1])[:-len(".mlir")]
    got = [r for r in rows if r["model"] == name and r["vpu_spad_size_kb_per_lane"] == 16
           and r["num_systolic_array_per_core"] == 2]
    assert [r["kernel"] for r in got] == [k["name"] for k in plan["kernels"]]
    for r, k, kr in zip(got, plan["kernels"], ran["kernels"]):
        assert r["tile"] == "%dx%dx%d" % (k["tile"]["m"], k["tile"]["n"], k["tile"]["k"])
        assert r["cycles"] == kr["cycles"] and r["est_cycles"] == k["est_cycles"]
        assert r["dram_bytes"] == kr["dma_bytes"] and r["footprint_bytes"] == k["footprint_bytes"]
        assert r["roofline_cycles"] == max(k["roofline"]["compute_cycles"], k["roofline"]["dma_min_cycles"],
                                           k["roofline"]["vector_cycles"])
        assert r["dram_bytes_lower_bound"] == k.get("dram_bytes_lower_bound")
        # energy: the run's is the plan's; edp = energy x cycles
        assert r["energy_pj"] == kr["energy_pj"]["total"] == k["energy_pj"]["total"] > 0
        assert r["energy_dram_pj"] == k["energy_pj"]["dram"]
        assert r["edp"] == r["energy_pj"] * r["cycles"]
        assert r["clock_mhz"] == plan["target"]["core_freq_mhz"] == 940
        assert r["time_us"] == r["cycles"] / 940
        # why not the bound: the plan's dram_gap, its parts summing to it
        assert r["dram_gap"] == k["dram_gap"]["total"] == r["dram_bytes"] - r["dram_bytes_lower_bound"]
        assert sum(r["dram_gap_" + c] for c in sw.GAP_PARTS) == r["dram_gap"]
        assert r["burst_padding_bytes"] == k["burst_padding_bytes"]


def test_many_cores_columns():
    # a grid over num_cores on 64 channels: FFN1 on 1 core is unsplit; on 4
    # its rows say the cores, the split and the bytes that crossed the
    # interconnect, as the plan of that machine does
    spec = {"models": [FFN1], "hardware": "tpuv3", "simulate": False,
            "grid": {"num_cores": [1, 4], "dram_channels": [64]}}
    rows = sw.run(spec, workers=1)
    one = [r for r in rows if r["num_cores"] == 1]
    four = [r for r in rows if r["num_cores"] == 4]
    assert one and four and all(r["fits"] for r in rows)
    assert all(r["cores_used"] == 1 and r["split"] == "none" and r["noc_bytes"] == 0 for r in one)
    r = four[0]
    assert r["cores_used"] == 4 and r["split"] != "none" and r["shared_operand"] and r["noc_bytes"] > 0
    assert r["cycles"] * 3 <= one[0]["cycles"]
    assert sum(r["dram_gap_" + c] for c in sw.GAP_PARTS) == r["dram_gap"]


def test_resumable_and_files(tmp_path):
    spec = small_spec()
    logs = []
    sw.run(spec, out_dir=str(tmp_path), workers=1, log=logs.append)
    first = (tmp_path / "results.csv").read_text()
    assert "0 done before, 6 to run" in logs[0]
    for f in ("results.parquet", "report.html", "heatmap0.png", "heatmap1.png",
              "model0_energy_vs_vpu_spad_size_kb_per_lane.png", "model1_energy_time.png", "model1_pareto.png"):
        assert (tmp_path / f).exists(), f
    html = (tmp_path / "report.html").read_text()
    for img in [s.split("'")[0] for s in html.split("<img src='")[1:]]:
        assert (tmp_path / img).exists(), img
    header = next(csv.reader(first.splitlines()))
    for c in ("model", "kernel", "fits", "tile", "footprint_bytes", "cycles", "roofline_cycles", "dram_bytes",
              "dram_bytes_lower_bound", "energy_pj", "energy_dram_pj", "edp", "clock_mhz", "time_us",
              "vpu_spad_size_kb_per_lane",
              "num_systolic_array_per_core"):
        assert c in header, c
    import pyarrow.parquet as pq
    assert pq.read_table(tmp_path / "results.parquet").num_rows == len(first.splitlines()) - 1

    # rerun: nothing to do, the same file (no report: the test's time)
    logs.clear()
    sw.run(spec, out_dir=str(tmp_path), workers=1, log=logs.append, report=False)
    assert "6 done before, 0 to run" in logs[0]
    assert (tmp_path / "results.csv").read_text() == first
    # a run killed after two points (a cut line too), then the grid extended
    lines = (tmp_path / "rows.jsonl").read_text().splitlines()
    (tmp_path / "rows.jsonl").write_text("\n".join(lines[:2]) + "\n" + lines[2][:40])
    logs.clear()
    spec2 = small_spec(grid={"vpu_spad_size_kb_per_lane": [1, 16, 64, 128], "num_systolic_array_per_core": [1, 2]})
    rows = sw.run(spec2, out_dir=str(tmp_path), workers=1, log=logs.append)
    assert "2 done before, 6 to run" in logs[0]
    assert len({r["point"] for r in rows}) == 8
    # another model: the journal's rows are not reused for it
    logs.clear()
    sw.run(small_spec(models=[FFN1]), out_dir=str(tmp_path), workers=1, log=logs.append, report=False)
    assert "0 done before, 6 to run" in logs[0]


def test_deterministic_across_workers_and_on_dask(tmp_path):
    spec = small_spec()
    one = sw.run(spec, workers=1)
    two = sw.run(spec, workers=2)
    assert one == two
    from dask.distributed import Client, LocalCluster
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        # the spec goes to the workers under a key of its own: scattered as
        # a dict, its fields took keys named "machine", "grid", ..., which
        # the second client below scattered again and released, and this
        # client's tasks failed on lost dependencies (CI, under load)
        keys, scatter = [], client.scatter

        def spy(data, **kw):
            got = scatter(data, **kw)
            keys.extend(f.key for f in (got.values() if isinstance(got, dict) else got if isinstance(got, list) else [got]))
            return got
        client.scatter = spy
        assert sw.run(spec, dask=client) == one
        assert keys and not set(keys) & set(spec), keys
        # by address too, as --dask ADDRESS does
        assert sw.main([_write_spec(tmp_path, spec), "-o", str(tmp_path / "d"), "--dask", cluster.scheduler_address,
                        "--no-report"]) == 0
    with open(tmp_path / "d" / "results.csv") as f:
        assert len(f.read().splitlines()) == len(one) + 1


def _write_spec(tmp_path, spec):
    import yaml
    path = tmp_path / "spec.yml"
    path.write_text(yaml.safe_dump({"models": [m["path"] for m in spec["models"]], "hardware": spec["hardware"],
                                    "grid": dict(spec["grid"])}))
    return str(path)


# (at a reduced size without the two largest GEMMs, whose simulation is
# the cost there: tests/cli/npu_monotone.sh keeps them under the sanitizers)
MONO_MODELS = [os.path.join(SEEDS, f) for f in ("bert_ffn_block.mlir",) + (() if REDUCED else ("ffn1_bert.mlir",
                                                                                              "gemm_addmatrix_1024.mlir"))] + \
    [os.path.join(SEEDS, "iree_splat_outs.mlir") + ":" + f for f in ("rowsum", "colsum")] + \
    [os.path.join(ROOT, "tests", "corpus", "torch", f + ".mlir") for f in ("mlp", "bert_ffn", "gpt2_block", "resnet_block")]


# At a reduced size the scratchpad axis has three of its six points.
SPADS = [16, 128, 1024] if REDUCED else [16, 32, 64, 128, 256, 1024]


def test_monotone_where_physics_says_so():
    spec = sw.load_spec({"models": MONO_MODELS, "hardware": "tpuv3", "simulate": True,
                         "grid": {"num_systolic_array_per_core": [1, 2],
                                  "vpu_spad_size_kb_per_lane": SPADS}})
    rows = sw.run(spec)
    by = {}
    for r in rows:
        if r["fits"]:
            by.setdefault((r["model"], r["kernel"], r["num_systolic_array_per_core"]), []).append(r)
    assert len(by) > 20
    for key, rs in by.items():
        rs.sort(key=lambda r: r["vpu_spad_size_kb_per_lane"])
        for a, b in zip(rs, rs[1:]):
            where = "%s at %s -> %s KiB" % (key, a["vpu_spad_size_kb_per_lane"], b["vpu_spad_size_kb_per_lane"])
            assert b["cycles"] <= a["cycles"], where
            assert b["est_cycles"] <= a["est_cycles"], where
            if a["dram_bytes_lower_bound"] is not None:
                assert b["dram_bytes_lower_bound"] <= a["dram_bytes_lower_bound"], where
                assert a["dram_bytes"] >= a["dram_bytes_lower_bound"], where
            # more DRAM traffic only for a faster tile
            if b["dram_bytes"] > a["dram_bytes"]:
                assert b["cycles"] < a["cycles"], where


@pytest.mark.parametrize("bad,msg", [
    ({"grid": {"vpu_spad_kb": [1]}}, "vpu_spad_kb is not a key"),
    ({"grid": {"vpu_num_lanes": []}}, "non-empty list"),
    ({"grid": {"vpu_num_lanes": [64, 64]}}, "twice"),
    ({"models": ["no/such.mlir"]}, "no file no/such.mlir"),
    ({"hardware": "tpuv9"}, "neither a built-in machine"),
    ({"simulate": "yes"}, "simulate"),
    ({"report": {"heatmap": ["budget"]}}, "heatmap"),
    ({"grids": {}}, "unknown key grids"),
])
def test_spec_errors(bad, msg):
    spec = {"models": [FFN1], "grid": {"vpu_num_lanes": [64]}}
    spec.update(bad)
    with pytest.raises(sw.SpecError, match=msg):
        sw.load_spec(spec)


def test_command_line(tmp_path, capsys):
    spec = tmp_path / "s.yml"
    spec.write_text("models: [%s]\ngrid:\n  vpu_spad_size_kb_per_lane: [8, 64]\n  budget: [0.5, 1.0]\n" % FFN1)
    assert sw.main([str(spec), "-o", str(tmp_path / "o")]) == 0
    assert "4 rows" in capsys.readouterr().out
    with open(tmp_path / "o" / "results.csv") as f:
        rows = list(csv.DictReader(f))
    assert {(r["vpu_spad_size_kb_per_lane"], r["budget"]) for r in rows} == {("8", "0.5"), ("8", "1.0"), ("64", "0.5"), ("64", "1.0")}
    # the budget reaches the planner: half the slice
    assert {int(r["budget_bytes"]) for r in rows if r["vpu_spad_size_kb_per_lane"] == "64"} == {32768, 65536}
    spec.write_text("models: [%s]\ngrid: {lanes: [1]}\n" % FFN1)
    assert sw.main([str(spec), "-o", str(tmp_path / "o2")]) == 1
    assert "%s:2:8: error: grid: lanes is not a key" % spec in capsys.readouterr().err


# ------------------------------------------------------------ issue 35: bad input, outputs, Dask

def _main(tmp_path, capsys, text, *extra):
    spec = tmp_path / "s.yml"
    spec.write_text(text)
    out = tmp_path / "out"
    rc = sw.main([str(spec), "-o", str(out), "--no-report", *extra])
    err = capsys.readouterr().err
    lines = [l for l in err.splitlines() if not l.startswith("spadc-sweep: ") or "error" in l]
    lines = [l for l in lines if not l.startswith("  ")]
    return rc, lines, str(spec)


BAD_INPUT = [
    # (spec text, where, message): the probes that once gave fits=false rows and exit 0
    ("models: [BAD]\ngrid:\n  vpu_num_lanes: [64]\n", "1:10", r"model bad: .*bad\.mlir:1:15: error: expected type"),
    ("models: [FFN1:nope]\ngrid:\n  vpu_num_lanes: [64]\n", "1:10", r"model ffn1_bert@nope: .*no function '@nope'"),
    ("models: [FFN1]\ngrid:\n  vpu_num_lanes: [64, 0]\n", "3:23", r"grid: vpu_num_lanes: 'vpu_num_lanes' must be between 1 and 4096 \(got 0\)"),
    ("models: [FFN1]\ngrid:\n  vpu_num_lanes: [64, -16]\n", "3:23", r"must be between 1 and 4096 \(got -16\)"),
    ("models: [FFN1]\ngrid:\n  vpu_num_lanes: [.nan]\n", "3:19", r"grid: vpu_num_lanes: nan is not a finite number"),
    ("models: [FFN1]\ngrid:\n  vpu_num_lanes: [.inf]\n", "3:19", r"inf is not a finite number"),
    ("models: [FFN1]\ngrid:\n  vpu_num_lanes: [8.5]\n", "3:19", r"'vpu_num_lanes' must be an integer \(got '8.5'\)"),
    ("models: [FFN1]\ngrid:\n  num_cores: [0]\n", "3:15", r"'num_cores' must be between 1 and 4096 \(got 0\)"),
    ("models: [FFN1]\ngrid:\n  budget: [0.5, 0]\n", "3:17", r"grid: budget: 0 is neither a fraction"),
    ("models: [FFN1]\ngrid:\n  budget: [-1]\n", "3:12", r"grid: budget: -1 is neither a fraction"),
    ("models: [FFN1]\ngrid:\n  budget: [1.0, 1.5]\n", "3:17", r"grid: budget: 1.5 is neither a fraction"),
    ("models: [FFN1]\ngrid:\n  vpu_num_lanes:\n", "3:17", r"grid: vpu_num_lanes: None is not a finite number"),
    ("models: [FFN1]\nhardware: {core_freq_mhz: -5}\n", "2:11", r"hardware: 'core_freq_mhz' must be between"),
    ("models: [FFN1]\ngrid:\n  spadc_dram_gbps_per_channel: [0]\n", "3:33",
     r"'spadc_dram_gbps_per_channel' must be a positive number"),
    ("models: [FFN1]\nthreads: many\ngrid:\n  budget: [0.5]\n", "2:10", r"threads: an integer in \[1, 1024\]"),
    ("models: [FFN1]\nseed: -1\ngrid:\n  budget: [0.5]\n", "2:7", r"seed: a non-negative integer"),
    ("models: [FFN1]\nhardware: {vpu_num_lanes: 0}\n", "2:11", r"hardware: 'vpu_num_lanes' must be between"),
    # a combination the machine reader refuses only at its point: named with the point
    ("models: [FFN1]\ngrid:\n  vpu_spad_size_kb_per_lane: [16, 512]\n  budget: [262144]\n", "4:12",
     r"at point vpu_spad_size_kb_per_lane=16,budget=262144, model ffn1_bert: --budget 262144 bytes exceeds the 16384"),
]


@pytest.mark.parametrize("text,where,msg", BAD_INPUT, ids=[t.split("\n")[1 if "grid" not in t.split("\n")[1] else 2]
                                                            for t, _, _ in BAD_INPUT])
def test_bad_input_is_an_error_at_the_spec_s_line(tmp_path, capsys, text, where, msg):
    bad = tmp_path / "bad.mlir"
    bad.write_text("func.func @f( {\n")
    rc, lines, spec = _main(tmp_path, capsys, text.replace("BAD", str(bad)).replace("FFN1", FFN1))
    assert rc == 1 and len(lines) == 1, lines
    import re
    loc = "%s:%s: error: " % (spec, where)
    assert lines[0].startswith(loc) and re.search(msg, lines[0][len(loc):]), lines[0]
    assert "sweep-" not in lines[0].split(": error: ", 1)[1].split("model")[0]  # no temporary's path


def test_fits_false_means_only_does_not_fit(tmp_path, capsys):
    rc, lines, _ = _main(tmp_path, capsys, "models: [%s]\ngrid:\n  vpu_spad_size_kb_per_lane: [1, 64]\n" % FFN1)
    assert rc == 0 and not lines
    with open(tmp_path / "out" / "results.csv") as f:
        rows = list(csv.DictReader(f))
    assert [(r["vpu_spad_size_kb_per_lane"], r["fits"]) for r in rows] == [("1", "False"), ("64", "True")]
    assert "no tile fits" in rows[0]["why"] and "sweep-" not in rows[0]["why"]


def test_outputs_that_cannot_be_written(tmp_path, capsys):
    import subprocess
    import sys
    text = "models: [%s]\ngrid:\n  vpu_spad_size_kb_per_lane: [64]\n" % FFN1
    (tmp_path / "file").write_text("x")
    for out, msg in ((tmp_path / "file", "%s: not a directory" % (tmp_path / "file")),
                     (tmp_path / "file" / "sub", "cannot create %s: Not a directory" % (tmp_path / "file" / "sub")),
                     ("/proc/spadc-sweep-test", "cannot create /proc/spadc-sweep-test: ")):
        rc, lines, _ = _main(tmp_path, capsys, text, "-o", str(out))  # the later -o wins
        assert rc == 1 and len(lines) == 1 and lines[0].startswith("spadc-sweep: error: " + msg), lines
    if os.geteuid() != 0:  # root writes anyway
        ro = tmp_path / "ro"
        ro.mkdir()
        ro.chmod(0o555)
        rc, lines, _ = _main(tmp_path, capsys, text, "-o", str(ro / "o"))
        assert rc == 1 and lines == ["spadc-sweep: error: cannot create %s: Permission denied" % (ro / "o")], lines
    # a full disk (a 4 KiB file-size limit): one line, exit 1, no partial
    # file and no temporary; in a child, which the limit is set for
    spec = tmp_path / "full.yml"
    spec.write_text(text)
    code = ("import resource, signal, sys; signal.signal(signal.SIGXFSZ, signal.SIG_IGN); "
            "resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096)); import spadc.sweep as sw; "
            "sys.exit(sw.main(sys.argv[1:]))")
    r = subprocess.run([sys.executable, "-c", code, str(spec), "-o", str(tmp_path / "full")],
                       capture_output=True, text=True)
    errs = [l for l in r.stderr.splitlines() if "error" in l or "Traceback" in l]
    assert r.returncode == 1 and len(errs) == 1 and errs[0].startswith("spadc-sweep: error: cannot write "), r.stderr
    assert "File too large" in errs[0]
    assert not [f for f in os.listdir(tmp_path / "full") if f.startswith(".")]


def test_dask_addresses_that_are_not_a_scheduler(tmp_path, capsys, monkeypatch):
    import socket
    import threading
    import time
    assert sw.DASK_CONNECT_S + 2 < 10  # a dead address fails within 10 s
    monkeypatch.setattr(sw, "DASK_CONNECT_S", 1)
    text = "models: [%s]\ngrid:\n  vpu_spad_size_kb_per_lane: [64]\n" % FFN1
    # a server that answers with something else (once read as a 3.07 EiB frame)
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    s.listen(8)

    def serve():
        while True:
            try:
                c, _ = s.accept()
            except OSError:
                return
            c.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n" * 8)
            c.close()

    threading.Thread(target=serve, daemon=True).start()
    free = socket.socket()
    free.bind(("127.0.0.1", 0))
    dead = free.getsockname()[1]
    free.close()  # nothing listens there now
    try:
        for addr in ("tcp://127.0.0.1:%d" % s.getsockname()[1], "tcp://127.0.0.1:%d" % dead, "garbage", "tcp://",
                     "foo://x:1"):
            t0 = time.time()
            rc, lines, _ = _main(tmp_path, capsys, text, "--dask", addr)
            assert rc == 1 and len(lines) == 1, (addr, lines)
            assert lines[0].startswith("spadc-sweep: error: --dask %s: no Dask scheduler there (" % addr), lines
            assert time.time() - t0 < 4, addr
    finally:
        s.close()


@pytest.mark.parametrize("grid", ["", "grid:\n", "grid: {}\n", "grid: []\n"], ids=["missing", "null", "empty", "list"])
def test_no_grid_is_one_point(tmp_path, capsys, grid):
    # once an AttributeError ('NoneType' object has no attribute 'items')
    rc, lines, _ = _main(tmp_path, capsys, "models: [%s]\nsimulate: false\n%s" % (FFN1, grid))
    assert rc == 0 and not lines, lines
    with open(tmp_path / "out" / "results.csv") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 1 and rows[0]["point"] == "" and rows[0]["fits"] == "True"


def test_run_from_a_script_without_a_main_guard(tmp_path):
    # the local pool's workers import spadc.sweep only, not the caller's
    # script: multiprocessing's spawn workers ran an unguarded script again
    # in each worker (BrokenProcessPool: "bootstrapping phase")
    import subprocess
    import sys
    script = tmp_path / "noguard.py"
    script.write_text("import spadc.sweep as sw\nprint('body ran')\n"
                      "rows = sw.run({'models': [%r], 'simulate': False,\n"
                      "               'grid': {'vpu_spad_size_kb_per_lane': [1, 16, 64]}}, workers=2)\n"
                      "print('rows', len(rows), sum(r['fits'] for r in rows))\n" % SWEEP_MODELS[1])
    r = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.count("body ran") == 1, r.stdout
    nrows = int(r.stdout.split("rows ")[1].split()[0])
    assert nrows > 2 and "rows %d %d" % (nrows, nrows - 1) in r.stdout  # 1 KiB fits nothing: one row


def test_a_point_s_error_in_a_worker_ends_the_sweep(tmp_path, capsys):
    # the budget in bytes fits 512 KiB per lane and not 16: an error at the
    # point, raised in a worker of the local pool, named by the point
    rc, lines, spec = _main(tmp_path, capsys, "models: [%s]\ngrid:\n  vpu_spad_size_kb_per_lane: [512, 16]\n"
                            "  budget: [262144]\n" % SWEEP_MODELS[1], "--workers", "2")
    assert rc == 1 and len(lines) == 1, lines
    assert lines[0].startswith("%s:4:12: error: at point vpu_spad_size_kb_per_lane=16,budget=262144" % spec), lines


# ------------------------------------------------------------ issue 32: the report, as an architect reads it
# (on rows made up here: what the figures say, not what a model costs)

def _synthetic(grid, models=("m0",), f=None, heatmap=None):
    spec = {"models": [{"name": m} for m in models], "grid": list(grid.items()), "machine": dict(sw.MACHINES["tpuv3"]),
            "hardware": "tpuv3", "simulate": True, "heatmap": heatmap}
    rows = []
    for p in sw.points(spec):
        for m in models:
            r = dict(point=sw.point_id(p), model=m, kernel="k0", fits=True, cycles=1000000, roofline_cycles=900000,
                     roofline_bound="dma", dram_bytes=3 << 20, dram_bytes_min=1 << 20,
                     dram_bytes_lower_bound=2 << 20, energy_pj=5e6, energy_dram_pj=2e6,
                     spad_bytes_per_lane=p.get("vpu_spad_size_kb_per_lane", 128) * 1024, clock_mhz=940, **p)
            r.update(f(p, m) if f else {})
            rows.append(r)
    return rows, spec


@pytest.fixture
def report_figures():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import spadc.sweep_report as rep
    made = []

    def make(rows, spec):
        figs = rep.figures(rows, spec)
        made.extend(f for _, _, f in figs)
        return {name: fig for name, _, fig in figs}
    yield make
    for f in made:
        plt.close(f)


def _series_lines(ax):
    return [l for l in ax.get_lines() if not l.get_label().startswith("_")]


def test_report_axes_units_zero_and_many_series(report_figures):
    # 16 settings of the other keys; the time differs by 0.02% between them
    grid = {"vpu_spad_size_kb_per_lane": [16, 32, 64, 128, 256], "num_systolic_array_per_core": [1, 2, 3, 4],
            "vpu_num_lanes": [64, 128], "spadc_dram_gbps_per_channel": [15.05, 30.1]}
    rows, spec = _synthetic(grid, f=lambda p, m: {"cycles": 1000000 + 200 * p["num_systolic_array_per_core"]})
    figs = report_figures(rows, spec)
    t_ax, d_ax = figs["model0_vs_vpu_spad_size_kb_per_lane.png"].axes[:2]
    for ax in (t_ax, d_ax):
        # the scratchpad in KiB, ticked at the grid's values (not 2^n of the raw key)
        assert ax.get_xlabel() == "scratchpad per lane (KiB)"
        assert [t.get_text() for t in ax.get_xticklabels()] == ["16", "32", "64", "128", "256"]
        assert ax.get_ylim()[0] == 0  # a 0.02% difference is not a cliff
    assert t_ax.get_ylabel() == "time, ms (whole model, at 940 MHz)"
    assert any(a.get_ylabel() == "Mcycles" for a in t_ax.child_axes)  # the cycles beside the time
    assert d_ax.get_ylabel() == "DRAM traffic, MiB (whole model)"
    # 16 settings, each its own (colour, marker, line style)
    series = _series_lines(t_ax)
    assert len(series) == 16
    assert len({(l.get_color(), l.get_marker(), l.get_linestyle()) for l in series}) == 16
    # the roofline drawn: one wide pale line per setting at its sum (0.9 Mcycles = 957.4 us)
    pale = [l for l in t_ax.get_lines() if l.get_linewidth() >= 5]
    assert len(pale) == 16 and all(abs(y - 900000 / 940 / 1000) < 1e-9 for l in pale for y in l.get_ydata())
    # the compulsory line and the lower bounds told apart: thin black dotted, wide pale
    comp = [l for l in d_ax.get_lines() if l.get_label().startswith("compulsory")]
    bounds = [l for l in d_ax.get_lines() if l.get_linewidth() >= 5]
    assert len(comp) == 1 and comp[0].get_color() == "black" and comp[0].get_linestyle() == ":"
    assert comp[0].get_linewidth() < 2 and len(bounds) == 16 and all(l.get_alpha() < 0.5 for l in bounds)
    assert list(comp[0].get_ydata()) == [1.0] * 5 and all(list(l.get_ydata()) == [2.0] * 5 for l in bounds)
    # energy plots, from zero, with units
    e_ax = figs["model0_energy_vs_vpu_spad_size_kb_per_lane.png"].axes[0]
    assert e_ax.get_ylabel() == "energy, µJ (whole model)" and e_ax.get_ylim()[0] == 0
    et_ax = figs["model0_energy_time.png"].axes[0]
    assert et_ax.get_xlabel() == "time, ms (whole model)" and et_ax.get_ylabel() == "energy, µJ (whole model)"


def test_report_many_scratchpads_ticked_at_powers_of_two_large_heat_map_without_text(report_figures):
    rows, spec = _synthetic({"vpu_spad_size_kb_per_lane": list(range(16, 1025, 16)),
                             "num_systolic_array_per_core": [1, 2]})
    figs = report_figures(rows, spec)
    ax = figs["model0_vs_vpu_spad_size_kb_per_lane.png"].axes[0]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["16", "32", "64", "128", "256", "512", "1024"]
    heat = figs["heatmap0.png"]
    assert not heat.axes[0].texts and heat.get_size_inches()[0] <= 16  # 64 columns: colours and the range


def test_report_budget_fractions_and_bytes_never_share_an_axis(report_figures):
    rows, spec = _synthetic({"budget": [0.25, 0.5, 1.0, 8192, 16384], "num_systolic_array_per_core": [1, 2]})
    figs = report_figures(rows, spec)
    seen = set()
    for name, fig in figs.items():
        for ax in fig.axes:
            if "budget" not in ax.get_xlabel() and "budget" not in ax.get_ylabel():
                continue
            if name.startswith("heatmap"):
                labels = [float(t.get_text()) for t in ax.get_xticklabels()]
            else:
                labels = [x for l in ax.get_lines() for x in l.get_xdata()]
            kinds = {x <= 1 for x in labels}
            assert len(kinds) == 1, (name, labels)
            assert ax.get_xlabel() == ("budget (fraction of the scratchpad slice)" if kinds == {True}
                                       else "budget (bytes per lane)"), name
            seen.add((name, kinds.pop()))
    assert {n for n, _ in seen} >= {"model0_vs_budget_fraction.png", "model0_vs_budget_bytes.png",
                                     "heatmap0_fraction.png", "heatmap0_bytes.png"}


def test_report_pareto_front_over_every_grid_key():
    import spadc.sweep_report as rep
    grid = {"vpu_spad_size_kb_per_lane": [16, 32], "num_systolic_array_per_core": [1, 2], "budget": [0.5, 1.0],
            "icnt_latency_cycles": [5, 10]}
    times = {(16, 1): 100, (16, 2): 80, (32, 1): 100, (32, 2): 60}

    def f(p, m):
        c = times[(p["vpu_spad_size_kb_per_lane"], p["num_systolic_array_per_core"])] * 940
        return {"cycles": c - (p["budget"] == 0.5) * 940 + (p["icnt_latency_cycles"] == 10) * 0}
    rows, spec = _synthetic(grid, f=f)
    pts = list(rep.totals(rows, spec).values())
    front = {(t["vpu_spad_size_kb_per_lane"], t["num_systolic_array_per_core"], t["budget"], t["icnt_latency_cycles"])
             for t in rep.pareto(pts, [k for k, _ in spec["grid"]])}
    # the slower 1-array machine is on it (it has fewer arrays: once the
    # front was over the scratchpad's bytes alone); the larger scratchpad at
    # the same time is not; a budget is not hardware: each has its front; a
    # longer latency at the same time is the cheaper machine
    assert front == {(16, 1, 0.5, 10), (16, 2, 0.5, 10), (32, 2, 0.5, 10),
                     (16, 1, 1.0, 10), (16, 2, 1.0, 10), (32, 2, 1.0, 10)}


def test_report_heat_map_per_model_values_apart(report_figures):
    grid = {"vpu_spad_size_kb_per_lane": [16, 32, 64], "num_systolic_array_per_core": [1, 2]}
    rows, spec = _synthetic(grid, models=("m0", "m1"), f=lambda p, m: {
        "cycles": 1000000 + 200 * p["num_systolic_array_per_core"] + 20 * (m == "m1") + p["vpu_spad_size_kb_per_lane"]})
    figs = report_figures(rows, spec)
    for mi in (0, 1):
        ax = figs["heatmap%d.png" % mi].axes[0]
        texts = [t.get_text() for t in ax.texts]
        assert len(texts) == 6 and len(set(texts)) == 6, texts  # 0.0017% apart, printed apart
        assert ax.get_title().startswith("m%d: time from " % mi) and "above the fastest" in ax.get_title()
        assert ax.get_xlabel() == "scratchpad per lane (KiB)" and ax.get_ylabel() == "systolic arrays per core"
    import spadc.sweep_report as rep
    assert rep.round_apart([1063.83, 1063.85, 1064.04]) == 2 and rep.round_apart([5.0, 7.0]) == 0


def test_report_gap_table_at_the_largest_gap(tmp_path):
    import spadc.sweep_report as rep
    rows, spec = _synthetic({"vpu_spad_size_kb_per_lane": [16, 32]}, models=("m0",), f=lambda p, m: dict(
        dram_gap=3 * 2**20 if p["vpu_spad_size_kb_per_lane"] == 16 else 2**20,
        dram_gap_tile=2**20, dram_gap_budget=2 * 2**20 if p["vpu_spad_size_kb_per_lane"] == 16 else 0,
        burst_padding_bytes=0))
    t = rep.gap_table(rows)
    assert list(t) == [("m0", "k0")] and t[("m0", "k0")]["vpu_spad_size_kb_per_lane"] == 16
    rep._write_html(rows, spec, str(tmp_path), [])
    html = (tmp_path / "report.html").read_text()
    assert "Why not the bound" in html and "<td>3.000</td><td>1.000</td><td>2.000</td>" in html


def test_report_compute_bound_is_not_red(tmp_path):
    import spadc.sweep_report as rep
    rows, spec = _synthetic({"vpu_spad_size_kb_per_lane": [16, 32]}, models=("m0",), f=lambda p, m: {
        "roofline_bound": "compute" if p["vpu_spad_size_kb_per_lane"] == 32 else "dma"})
    assert rep.bound_table(rows, spec) == {("m0", "k0"): {16: (1.5, True), 32: (1.5, False)}}
    rep._write_html(rows, spec, str(tmp_path), [])
    html = (tmp_path / "report.html").read_text()
    assert "<td class=bad>1.50</td><td class=cb>1.50</td>" in html
    assert "the machines on the Pareto front of time over every grid key (1 of 2)" in html
