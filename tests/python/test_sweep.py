"""spadc.sweep and spadc-sweep (issue 20): rows equal to compiling each
point directly, built-in machine = its YAML, resumable, deterministic across
worker counts and on a Dask LocalCluster, monotone where physics says so,
specs that cannot run refused with the key that is wrong."""
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


def small_spec(**over):
    spec = {"models": [FFN1, BLOCK], "hardware": "tpuv3",
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
    p = spadc.compile(BLOCK, target="npu=%s" % hw, threads=1)
    p(*[np.ones(a.shape, a.dtype) for a in p.inputs])
    plan, ran = p.plan(), p.last_run
    got = [r for r in rows if r["model"] == "bert_ffn_block" and r["vpu_spad_size_kb_per_lane"] == 16
           and r["num_systolic_array_per_core"] == 2]
    assert [r["kernel"] for r in got] == [k["name"] for k in plan["kernels"]]
    for r, k, kr in zip(got, plan["kernels"], ran["kernels"]):
        assert r["tile"] == "%dx%dx%d" % (k["tile"]["m"], k["tile"]["n"], k["tile"]["k"])
        assert r["cycles"] == kr["cycles"] and r["est_cycles"] == k["est_cycles"]
        assert r["dram_bytes"] == kr["dma_bytes"] and r["footprint_bytes"] == k["footprint_bytes"]
        assert r["roofline_cycles"] == max(k["roofline"]["compute_cycles"], k["roofline"]["dma_min_cycles"],
                                           k["roofline"]["vector_cycles"])
        assert r["dram_bytes_lower_bound"] == k.get("dram_bytes_lower_bound")


def test_resumable_and_files(tmp_path):
    spec = small_spec()
    logs = []
    sw.run(spec, out_dir=str(tmp_path), workers=1, log=logs.append)
    first = (tmp_path / "results.csv").read_text()
    assert "0 done before, 6 to run" in logs[0]
    for f in ("results.parquet", "report.html", "heatmap.png"):
        assert (tmp_path / f).exists(), f
    html = (tmp_path / "report.html").read_text()
    for img in [s.split("'")[0] for s in html.split("<img src='")[1:]]:
        assert (tmp_path / img).exists(), img
    header = next(csv.reader(first.splitlines()))
    for c in ("model", "kernel", "fits", "tile", "footprint_bytes", "cycles", "roofline_cycles", "dram_bytes",
              "dram_bytes_lower_bound", "vpu_spad_size_kb_per_lane", "num_systolic_array_per_core"):
        assert c in header, c
    import pyarrow.parquet as pq
    assert pq.read_table(tmp_path / "results.parquet").num_rows == len(first.splitlines()) - 1

    # rerun: nothing to do, the same file
    logs.clear()
    sw.run(spec, out_dir=str(tmp_path), workers=1, log=logs.append)
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
        assert sw.run(spec, dask=client) == one
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


MONO_MODELS = [os.path.join(SEEDS, f) for f in ("ffn1_bert.mlir", "bert_ffn_block.mlir", "gemm_addmatrix_1024.mlir")] + \
    [os.path.join(SEEDS, "iree_splat_outs.mlir") + ":" + f for f in ("rowsum", "colsum")] + \
    [os.path.join(ROOT, "tests", "corpus", "torch", f + ".mlir") for f in ("mlp", "bert_ffn", "gpt2_block", "resnet_block")]


def test_monotone_where_physics_says_so():
    spec = sw.load_spec({"models": MONO_MODELS, "hardware": "tpuv3", "simulate": True,
                         "grid": {"num_systolic_array_per_core": [1, 2],
                                  "vpu_spad_size_kb_per_lane": [16, 32, 64, 128, 256, 1024]}})
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
    assert sw.main([str(spec), "-o", str(tmp_path / "o2")]) == 2
    assert "lanes is not a key" in capsys.readouterr().err
