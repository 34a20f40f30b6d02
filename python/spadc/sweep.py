"""Design-space sweeps of the npu: how much scratchpad (lanes, arrays, DRAM
bandwidth, ...) does my model need?

    spadc-sweep SPEC.yml -o DIR [--dask ADDRESS] [--workers N]
    spadc.sweep.run(spec, out_dir=DIR)

SPEC names the models, a base machine and a grid over the machine's keys
(the keys of PyTorchSim's hardware YAML, as `--target npu=FILE.yml` reads
them) and spadc's budget:

    models: [tests/corpus/seeds/ffn1_bert.mlir, bench/models/bert_base_s128.mlir]  # FILE or FILE:FUNC
    hardware: tpuv3                      # the built-in machine, or a PyTorchSim YAML path
    grid:
      vpu_spad_size_kb_per_lane: [16, 32, 64, 128, 256]
      num_systolic_array_per_core: [1, 2]
      budget: [1.0]
    simulate: true                       # run the simulator (default); false: the plan's estimates
    report: {heatmap: [vpu_spad_size_kb_per_lane, num_systolic_array_per_core]}

Every point of the grid (the product of its lists, in the spec's order)
compiles every model for that machine (a YAML written per point), runs it
on the simulator with fixed random inputs, and gives one row per (point,
model, kernel): the chosen tile, footprint and peak live bytes, simulated
and estimated cycles, the roofline and what bounds it, DRAM bytes, the
compulsory minimum, the capacity's lower bound (plan's
dram_bytes_lower_bound, where this spadc reports one), array utilisation;
and fits. A model that does not fit a point (NoFitError) gives one row with
fits false and the planner's message in `why`, not a failure.

Results: DIR/results.csv and DIR/results.parquet (pyarrow), DIR/report.html
with PNG plots (matplotlib). DIR/rows.jsonl holds the rows as points finish:
a rerun skips the points already there (resumable); the rows do not depend
on the machine running them (the planner is bounded by counted work, not
time), so the same spec gives the same rows anywhere.

Execution: a local process pool (--workers, default the cores this process
may use), or with --dask ADDRESS the tasks of a Dask distributed cluster
(dask-jobqueue on Slurm, dask-kubernetes, or a dask.distributed
LocalCluster); each point is one task. The models' MLIR text travels with
the tasks, so workers need no shared file system, only `pip install
./python[sweep]`.
"""
import argparse
import csv
import hashlib
import itertools
import json
import os
import re
import sys
import tempfile
import time

import numpy as np

from . import Error, NoFitError, UsageError
from . import compile as _compile

__all__ = ["run", "load_spec", "points", "run_point", "main", "COLUMNS", "MACHINES", "MACHINE_KEYS"]

#: The built-in machines, as the YAML keys that describe them: "tpuv3" is
#: what `--target npu` compiles for (tests/python/test_sweep.py checks the
#: two plan the same machine).
MACHINES = {
    "tpuv3": {
        "num_cores": 1, "core_freq_mhz": 940, "dram_freq_mhz": 940, "num_systolic_array_per_core": 2,
        "vpu_num_lanes": 128, "vpu_spad_size_kb_per_lane": 128, "vpu_vector_length_bits": 256,
        "dram_channels": 16, "icnt_latency_cycles": 10, "icnt_injection_ports_per_core": 16,
    },
}

#: The keys src/npu/machine.c reads from a hardware YAML (others are
#: ignored there, so a grid key outside this list is refused here rather
#: than swept without effect); "budget" is spadc's own.
MACHINE_KEYS = (
    "vpu_num_lanes", "vpu_spad_size_kb_per_lane", "vpu_vector_length_bits", "core_freq_mhz", "dram_channels",
    "num_systolic_array_per_core", "num_cores", "dram_freq_mhz", "icnt_latency_cycles",
    "icnt_injection_ports_per_core", "sa_weight_buffer_depth", "dram_req_size_byte",
    "spadc_dram_gbps_per_channel", "spadc_dma_latency_cycles", "spadc_dram_request_bytes", "spadc_budget",
    "spadc_sa_weight_slots", "spadc_sfu_latency_cycles",
)

#: Columns of results.csv, before the grid's keys (one column each).
COLUMNS = (
    "point", "model", "func", "kernel", "kind", "dims", "path", "fits", "why", "tile", "footprint_bytes",
    "peak_live_bytes", "budget_bytes", "spad_bytes_per_lane", "cycles", "est_cycles", "roofline_cycles",
    "roofline_bound", "dram_bytes", "dram_bytes_min", "dram_bytes_lower_bound", "utilisation",
)


class SpecError(UsageError):
    """A sweep spec that cannot run: says which key and why."""


# ------------------------------------------------------------------ the spec

def _yaml():
    try:
        import yaml
    except ImportError:
        raise SpecError("spadc-sweep: error: reading a YAML spec needs PyYAML "
                        "(pip install ./python[sweep])") from None
    return yaml


def load_spec(spec, base_dir=None):
    """The spec (a path to YAML, or a dict) checked and normalised: models
    read (text travels with the tasks), the base machine resolved, the grid
    an ordered list of (key, values)."""
    where = "spec"
    if isinstance(spec, (str, os.PathLike)):
        where = os.fspath(spec)
        try:
            with open(where) as f:
                spec = _yaml().safe_load(f)
        except OSError as e:
            raise SpecError("%s: error: cannot read the spec: %s" % (where, e.strerror)) from None
        except _yaml().YAMLError as e:
            raise SpecError("%s: error: not YAML: %s" % (where, e)) from None
        base_dir = base_dir or os.path.dirname(os.path.abspath(where))
    if not isinstance(spec, dict):
        raise SpecError("%s: error: a spec is a mapping with models, hardware and grid" % where)
    unknown = set(spec) - {"models", "hardware", "grid", "simulate", "seed", "report", "threads"}
    if unknown:
        raise SpecError("%s: error: unknown key%s %s (a spec has models, hardware, grid, simulate, seed, "
                        "report)" % (where, "s" if len(unknown) > 1 else "", ", ".join(sorted(unknown))))

    models = spec.get("models")
    if not models or not isinstance(models, list):
        raise SpecError("%s: error: models: a list of FILE or FILE:FUNC" % where)
    norm_models = []
    for m in models:
        if not isinstance(m, str):
            raise SpecError("%s: error: models: %r is not FILE or FILE:FUNC" % (where, m))
        path, func = m, None
        if ":" in m and not os.path.exists(m):
            path, func = m.rsplit(":", 1)
        full = _find(path, base_dir)
        if full is None:
            raise SpecError("%s: error: models: no file %s (looked in . and beside the spec)" % (where, path))
        with open(full) as f:
            text = f.read()
        name = os.path.splitext(os.path.basename(path))[0] + ("@" + func if func else "")
        norm_models.append({"name": name, "path": path, "func": func, "text": text})
    names = [m["name"] for m in norm_models]
    if len(set(names)) != len(names):
        raise SpecError("%s: error: models: two models have the same name (%s)" % (where, ", ".join(names)))

    hw = spec.get("hardware", "tpuv3")
    if isinstance(hw, str) and hw in MACHINES:
        machine, hw_name = dict(MACHINES[hw]), hw
    elif isinstance(hw, str):
        full = _find(hw, base_dir)
        if full is None:
            raise SpecError("%s: error: hardware: neither a built-in machine (%s) nor a file: %s"
                            % (where, ", ".join(MACHINES), hw))
        with open(full) as f:
            machine = _yaml().safe_load(f)
        if not isinstance(machine, dict):
            raise SpecError("%s: error: hardware: %s is not a YAML mapping" % (where, hw))
        hw_name = os.path.splitext(os.path.basename(hw))[0]
    elif isinstance(hw, dict):
        machine, hw_name = dict(hw), "custom"
    else:
        raise SpecError("%s: error: hardware: a built-in machine's name, a YAML path or a mapping" % where)

    grid = spec.get("grid") or {}
    if not isinstance(grid, dict):
        raise SpecError("%s: error: grid: a mapping from keys to lists of values" % where)
    norm_grid = []
    for k, vs in grid.items():
        if k != "budget" and k not in MACHINE_KEYS:
            raise SpecError("%s: error: grid: %s is not a key spadc reads from a hardware YAML (%s) nor budget"
                            % (where, k, ", ".join(MACHINE_KEYS)))
        if not isinstance(vs, list):
            vs = [vs]
        if not vs or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in vs):
            raise SpecError("%s: error: grid: %s: a non-empty list of numbers" % (where, k))
        if len(set(vs)) != len(vs):
            raise SpecError("%s: error: grid: %s lists a value twice" % (where, k))
        norm_grid.append((k, list(vs)))
    simulate = spec.get("simulate", True)
    if not isinstance(simulate, bool):
        raise SpecError("%s: error: simulate: true or false" % where)
    seed = spec.get("seed", 0)
    if not isinstance(seed, int):
        raise SpecError("%s: error: seed: an integer" % where)
    report = spec.get("report") or {}
    heat = report.get("heatmap") if isinstance(report, dict) else None
    gkeys = [k for k, _ in norm_grid]
    if heat is not None and (not isinstance(heat, list) or len(heat) != 2 or any(h not in gkeys for h in heat)):
        raise SpecError("%s: error: report: heatmap: two of the grid's keys (%s)" % (where, ", ".join(gkeys)))
    return {"models": norm_models, "machine": machine, "hardware": hw_name, "grid": norm_grid,
            "simulate": simulate, "seed": seed, "heatmap": heat}


def _find(path, base_dir):
    for cand in (path, os.path.join(base_dir, path) if base_dir else None):
        if cand and os.path.isfile(cand):
            return cand
    return None


def points(spec):
    """The grid's points in order: dicts key -> value (the product of the
    lists, the first key slowest)."""
    keys = [k for k, _ in spec["grid"]]
    return [dict(zip(keys, combo)) for combo in itertools.product(*[vs for _, vs in spec["grid"]])]


def point_id(point):
    """A point's stable name: key=value pairs in grid order."""
    return ",".join("%s=%s" % (k, _fmt(v)) for k, v in point.items())


def _fmt(v):
    return repr(float(v)) if isinstance(v, float) else str(v)


# ------------------------------------------------------------------ one point

def _yaml_text(machine):
    lines = ["# written by spadc-sweep"]
    for k, v in machine.items():
        if isinstance(v, bool) or not isinstance(v, (int, float, str)):
            continue
        lines.append("%s: %s" % (k, json.dumps(v) if isinstance(v, str) else _fmt(v)))
    return "\n".join(lines) + "\n"


_INPUTS = {}  # per worker process: (model name, seed) -> input arrays


def _inputs(model, prog, seed):
    key = (model["name"], hashlib.sha1(model["text"].encode()).hexdigest(), seed)
    xs = _INPUTS.get(key)
    if xs is None or [x.shape for x in xs] != [a.shape for a in prog.inputs]:
        rng = np.random.default_rng([seed, int(key[1][:8], 16)])
        xs = []
        for a in prog.inputs:
            if a.dtype.kind == "f" or a.dtype.name == "bfloat16":
                # uniform in [-0.5, 0.5): the simulated cycles do not depend on
                # the values, and a BERT layer's 7M weights draw quickly
                x = (rng.random(a.shape, dtype=np.float32) - np.float32(0.5)).astype(a.dtype, copy=False)
            elif a.dtype == np.bool_:
                x = rng.random(a.shape) < 0.5
            else:
                x = rng.integers(0, 4, a.shape).astype(a.dtype)
            xs.append(np.ascontiguousarray(x))
        _INPUTS.clear()  # one model's inputs at a time: a worker's memory stays one model's
        _INPUTS[key] = xs
    return xs


def run_point(spec, point, threads=1):
    """The rows of one point: every model compiled (and simulated) on the
    machine the point describes. Runs in a worker."""
    machine = dict(spec["machine"])
    budget = None
    for k, v in point.items():
        if k == "budget":
            budget = v
        else:
            machine[k] = v
    pid = point_id(point)
    rows = []
    with tempfile.TemporaryDirectory(prefix="spadc-sweep-") as tmp:
        hw = os.path.join(tmp, "machine.yml")
        with open(hw, "w") as f:
            f.write(_yaml_text(machine))
        for model in spec["models"]:
            base = {"point": pid, "model": model["name"], "func": model["func"] or ""}
            base.update(point)
            try:
                prog = _compile(model["text"], func=model["func"], target="npu=" + hw, threads=threads,
                                budget=budget, name=model["path"])
            except NoFitError as e:
                # "...: error: k3 (linalg.matmul 512x3072x768): no tile fits ..."
                m = re.search(r"error: (k\d+) \(", e.message)
                rows.append(dict(base, kernel=m.group(1) if m else "", fits=False, why=_short(e.message)))
                continue
            except Error as e:
                # a machine the YAML reader refuses (a key out of range) is
                # this point's answer too, not the sweep's end
                rows.append(dict(base, kernel="", fits=False, why=_short(e.message)))
                continue
            plan = prog.plan()
            run = None
            if spec["simulate"]:
                prog(*_inputs(model, prog, spec["seed"]))
                run = {k["name"]: k for k in prog.last_run["kernels"]}
            target = plan["target"]
            for k in plan["kernels"]:
                rows.append(dict(base, **_kernel_row(k, run.get(k["name"]) if run else None, target)))
            prog.close()
    return rows


def _short(msg):
    # the located message without the temporary YAML's path
    return msg.replace("\n", " ")


def _kernel_row(k, ran, target):
    roof = k.get("roofline") or {}
    parts = {"compute": roof.get("compute_cycles"), "dma": roof.get("dma_min_cycles"),
             "vector": roof.get("vector_cycles")}
    parts = {n: v for n, v in parts.items() if v is not None}
    bound = max(parts, key=lambda n: parts[n]) if parts else ""
    dims = k.get("dims")
    if isinstance(dims, dict):
        dims = "x".join(str(dims[d]) for d in ("b", "m", "n", "k") if d in dims)
    tile = k.get("tile")
    if isinstance(tile, dict):
        tile = "x".join(str(tile[d]) for d in ("m", "n", "k") if d in tile)
    row = {
        "kernel": k["name"], "kind": k.get("kind", ""), "dims": dims or "", "path": k.get("path", ""), "fits": True, "why": "",
        "tile": tile or "", "footprint_bytes": k.get("footprint_bytes"), "peak_live_bytes": k.get("peak_live_bytes"),
        "budget_bytes": k.get("budget_bytes"), "spad_bytes_per_lane": target.get("spad_bytes_per_lane"),
        "est_cycles": k.get("est_cycles"), "roofline_cycles": parts.get(bound) if bound else None,
        "roofline_bound": bound, "dram_bytes_min": k.get("min_dma_bytes"),
        "dram_bytes_lower_bound": k.get("dram_bytes_lower_bound"), "utilisation": k.get("sa_utilization"),
    }
    if ran is not None:
        row["cycles"] = ran.get("cycles")
        row["dram_bytes"] = ran.get("dma_bytes")
    else:
        row["cycles"] = k.get("est_cycles")
        row["dram_bytes"] = k.get("dma_bytes")
    return row


def _task(args):
    spec, index, point = args
    return index, run_point(spec, point)


# ------------------------------------------------------------------ the sweep

def run(spec, out_dir=None, dask=None, workers=None, report=True, log=None):
    """Run the sweep; returns its rows (dicts, in point order). With
    out_dir: resumes from DIR/rows.jsonl and writes results.csv,
    results.parquet (when pyarrow is installed) and, with report, the HTML
    report. dask: a scheduler address or a dask.distributed Client."""
    if not isinstance(spec, dict) or "grid" not in spec or not isinstance(spec["grid"], list):
        spec = load_spec(spec)
    pts = points(spec)
    done = {}
    journal = None
    if out_dir:
        os.makedirs(out_dir, exist_ok=True)
        journal = os.path.join(out_dir, "rows.jsonl")
        done = _read_journal(journal, spec)
    todo = [(spec, i, p) for i, p in enumerate(pts) if point_id(p) not in done]
    say = log or (lambda s: None)
    say("spadc-sweep: %d points x %d models; %d done before, %d to run"
        % (len(pts), len(spec["models"]), len(pts) - len(todo), len(todo)))
    t0 = time.time()
    results = {}
    fj = open(journal, "a") if journal else None
    try:
        for n, (i, rows) in enumerate(_execute(todo, dask, workers), 1):
            results[i] = rows
            if fj:
                fj.write(json.dumps({"point": point_id(pts[i]), "spec": _spec_key(spec), "rows": rows}) + "\n")
                fj.flush()
            if n % max(1, len(todo) // 20) == 0 or n == len(todo):
                say("  %d/%d points, %.1f s" % (n, len(todo), time.time() - t0))
    finally:
        if fj:
            fj.close()
    rows = []
    for i, p in enumerate(pts):
        rows.extend(results.get(i) if i in results else done[point_id(p)])
    if out_dir:
        write_results(rows, spec, out_dir)
        if report:
            from . import sweep_report
            sweep_report.write(rows, spec, out_dir)
    return rows


def _spec_key(spec):
    """What a journal line must match to be reused: the models' text, the
    base machine and the options that change rows (not the grid, which a
    rerun may extend)."""
    h = hashlib.sha1()
    h.update(json.dumps([[m["name"], m["func"], m["text"]] for m in spec["models"]]).encode())
    h.update(json.dumps(spec["machine"], sort_keys=True).encode())
    h.update(json.dumps([spec["simulate"], spec["seed"]]).encode())
    return h.hexdigest()


def _read_journal(path, spec):
    done = {}
    if not os.path.exists(path):
        return done
    key = _spec_key(spec)
    with open(path) as f:
        for line in f:
            try:
                j = json.loads(line)
            except ValueError:
                continue  # a line cut short when a run was killed
            if j.get("spec") == key:
                done[j["point"]] = j["rows"]
    return done


def _execute(todo, dask, workers):
    """(index, rows) per point as the points finish."""
    if not todo:
        return
    if dask is not None:
        yield from _execute_dask(todo, dask)
        return
    if workers is None:
        try:
            workers = len(os.sched_getaffinity(0))
        except AttributeError:
            workers = os.cpu_count() or 1
    if workers <= 1:
        for t in todo:
            yield _task(t)
        return
    import concurrent.futures as cf
    import multiprocessing
    # spawn: a fresh interpreter per worker (fork after OpenMP threads
    # started in this process is unsafe)
    with cf.ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn")) as ex:
        futs = [ex.submit(_task, t) for t in todo]
        for fut in cf.as_completed(futs):
            yield fut.result()


def _execute_dask(todo, dask):
    try:
        from dask.distributed import Client, as_completed
    except ImportError:
        raise UsageError("spadc-sweep: error: --dask needs dask.distributed (pip install ./python[sweep])") from None
    client = dask if isinstance(dask, Client) else Client(dask)
    try:
        # the spec (with the models' text) is scattered once, not sent per
        # task; points go in chunks, a few per worker's turn, so that the
        # scheduler's and the workers' own work per task (which takes CPU
        # from the points on a small host) is spread over several points
        # (hash=False: a key of its own, not one another client may be releasing)
        spec_f = client.scatter(todo[0][0], broadcast=True, hash=False)
        nworkers = max(1, len(client.scheduler_info().get("workers", {})))
        per = max(1, min(8, len(todo) // (4 * nworkers)))
        chunks = [[(i, p) for _, i, p in todo[c:c + per]] for c in range(0, len(todo), per)]
        futs = [client.submit(_dask_chunk, spec_f, ch, pure=False) for ch in chunks]
        for fut in as_completed(futs):
            yield from fut.result()
    finally:
        if client is not dask:
            client.close()


def _dask_chunk(spec, chunk):
    return [(index, run_point(spec, point)) for index, point in chunk]


def columns(spec):
    return list(COLUMNS) + [k for k, _ in spec["grid"]]


def write_results(rows, spec, out_dir):
    """DIR/results.csv and, with pyarrow, DIR/results.parquet (both whole or
    not at all)."""
    cols = columns(spec)
    tmp = os.path.join(out_dir, ".results.csv.tmp")
    with open(tmp, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=cols, extrasaction="ignore")
        w.writeheader()
        for r in rows:
            w.writerow({c: ("" if r.get(c) is None else r.get(c)) for c in cols})
    os.replace(tmp, os.path.join(out_dir, "results.csv"))
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        return
    table = pa.Table.from_pylist([{c: r.get(c) for c in cols} for r in rows])
    tmp = os.path.join(out_dir, ".results.parquet.tmp")
    pq.write_table(table, tmp)
    os.replace(tmp, os.path.join(out_dir, "results.parquet"))


# ------------------------------------------------------------------ command line

def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="spadc-sweep",
        description="Sweep npu machines (a grid over hardware YAML keys and the budget) over models: "
                    "one row per (point, model, kernel) in DIR/results.csv and .parquet, plots in DIR/report.html.")
    ap.add_argument("spec", help="the sweep spec (YAML): models, hardware, grid")
    ap.add_argument("-o", "--out", required=True, metavar="DIR", help="results directory (a rerun resumes there)")
    ap.add_argument("--dask", metavar="ADDRESS", help="run the points on this Dask scheduler (tcp://host:8786)")
    ap.add_argument("--workers", type=int, help="local worker processes (default: the cores this process may use)")
    ap.add_argument("--no-report", action="store_true", help="write the results only, no HTML report")
    a = ap.parse_args(argv)
    if a.workers is not None and a.workers < 1:
        ap.error("--workers must be at least 1")
    try:
        rows = run(a.spec, out_dir=a.out, dask=a.dask, workers=a.workers, report=not a.no_report,
                   log=lambda s: print(s, file=sys.stderr, flush=True))
    except Error as e:
        print(e.message, file=sys.stderr)
        return e.status
    nofit = sum(1 for r in rows if not r.get("fits"))
    print("spadc-sweep: %d rows (%d not fitting) in %s" % (len(rows), nofit, os.path.join(a.out, "results.csv")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
