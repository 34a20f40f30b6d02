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
dram_bytes_lower_bound, where this spadc reports one), array utilisation,
energy (energy_pj: the kernel's total in pJ at the machine's spadc_energy_*
prices; energy_dram_pj its DRAM part) and edp (energy_pj x cycles, pJ x
cycles); the core clock (clock_mhz) and the time it gives (time_us); on
a machine of several cores (num_cores), the cores the kernel used
(cores_used), its split (none, m, n, k, mn, kn), whether they shared an
operand over the interconnect (shared_operand) and the bytes that crossed
it (noc_bytes); and fits. A model that does not fit a point (NoFitError) gives one row with
fits false and the planner's message in `why`, not a failure; `fits` false
means only that. Anything else that fails is bad input and ends the sweep
(SpecError, exit 1) naming the spec's own line and the point: a model that
does not read or has no such function, a grid or hardware value the
machine reader refuses, a budget that is not one. They are checked before
any point runs where they can be (every model once, every grid value on the
base machine), so a bad spec fails in seconds.

Results: DIR/results.csv and DIR/results.parquet (pyarrow), DIR/report.html
with PNG plots (matplotlib). DIR/rows.jsonl holds the rows as points finish:
a rerun skips the points already there (resumable); the rows do not depend
on the machine running them (the planner is bounded by counted work, not
time), so the same spec gives the same rows anywhere.

Execution: a local pool of worker processes (--workers, default the cores
this process may use; each imports spadc.sweep only, not the caller's
script, so spadc.sweep.run works from a script without an `if __name__ ==
"__main__"` guard), or with --dask ADDRESS the tasks of a Dask distributed cluster
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
import math
import os
import re
import sys
import tempfile
import time

import numpy as np

from . import Error, InputError, NoFitError, UsageError
from . import compile as _compile

__all__ = ["run", "load_spec", "points", "run_point", "main", "COLUMNS", "MACHINES", "MACHINE_KEYS", "SpecError",
           "SweepError"]

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
    "spadc_energy_fp32_mult_pj", "spadc_energy_fp32_add_pj", "spadc_energy_vector_op_pj", "spadc_energy_spad_read_pj",
    "spadc_energy_spad_write_pj", "spadc_energy_dram_activation_pj", "spadc_energy_dram_pj_per_bit",
    "spadc_energy_dram_row_bytes",
)

#: Columns of results.csv, before the grid's keys (one column each).
COLUMNS = (
    "point", "model", "func", "kernel", "kind", "dims", "path", "fits", "why", "tile", "footprint_bytes",
    "peak_live_bytes", "budget_bytes", "spad_bytes_per_lane", "cycles", "est_cycles", "roofline_cycles",
    "roofline_bound", "dram_bytes", "dram_bytes_min", "dram_bytes_lower_bound", "utilisation",
    "energy_pj", "energy_dram_pj", "edp", "clock_mhz", "time_us",
    "dram_gap", "dram_gap_tile", "dram_gap_budget", "dram_gap_outer", "dram_gap_epilogue", "dram_gap_halo",
    "dram_gap_other", "dram_gap_split", "burst_padding_bytes", "cores_used", "split", "shared_operand", "noc_bytes",
)

#: The causes of dram_gap (npu/lower.h nl_gap), as their columns.
GAP_PARTS = ("tile", "budget", "outer", "epilogue", "halo", "other", "split")


class SpecError(InputError):
    """A sweep spec that cannot run (exit 1): `SPEC:LINE:COL: error: ...`,
    at the spec's line that is wrong, and the point where one failed."""


class SweepError(InputError):
    """The sweep cannot go on (exit 1): an output it cannot write, a Dask
    scheduler it cannot reach. `spadc-sweep: error: ...` on one line."""


#: How long --dask waits for a scheduler before it gives up, in seconds
#: (under 10 in all: the connection, then the handshake's second).
DASK_CONNECT_S = 6

_TINY = "func.func @f() {\n  return\n}\n"  # what a machine is checked with: reading it is the check


def _one_line(e):
    s = str(e).strip().replace("\n", " ") or type(e).__name__
    return s if len(s) <= 300 else s[:300] + "..."


def _marks(text):
    """Where each part of a YAML spec is: {path: (line, col)}, 1-based, for
    (key,) of every top-level key's value, ("models", i), ("grid", KEY) and
    ("grid", KEY, j) for the j-th value."""
    yaml = _yaml()
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return {}
    marks = {}

    def at(n):
        return (n.start_mark.line + 1, n.start_mark.column + 1)

    if not isinstance(root, yaml.MappingNode):
        return marks
    for k, v in root.value:
        key = k.value if isinstance(k, yaml.ScalarNode) else None
        marks[(key,)] = at(v)
        if key == "models" and isinstance(v, yaml.SequenceNode):
            for i, item in enumerate(v.value):
                marks[("models", i)] = at(item)
        elif key == "grid" and isinstance(v, yaml.MappingNode):
            for gk, gv in v.value:
                if not isinstance(gk, yaml.ScalarNode):
                    continue
                marks[("grid", gk.value)] = at(gk)
                items = gv.value if isinstance(gv, yaml.SequenceNode) else [gv]
                for j, item in enumerate(items):
                    marks[("grid", gk.value, j)] = at(item)
    return marks


def _at(source, marks, *path):
    """"SPEC:LINE:COL" of the longest known prefix of path, else SPEC."""
    for n in range(len(path), 0, -1):
        m = marks.get(tuple(path[:n]))
        if m:
            return "%s:%d:%d" % (source, m[0], m[1])
    return source


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
    read (text travels with the tasks) and compiled once, the base machine
    resolved and read, every grid value read on it, the grid an ordered list
    of (key, values). SpecError at the spec's line that is wrong."""
    source, marks = "spec", {}
    if isinstance(spec, (str, os.PathLike)):
        source = os.fspath(spec)
        try:
            with open(source, encoding="utf-8") as f:
                text = f.read()
        except (OSError, UnicodeDecodeError) as e:
            raise SpecError("%s: error: cannot read the spec: %s" % (source, getattr(e, "strerror", None) or e)) from None
        try:
            spec = _yaml().safe_load(text)
        except _yaml().YAMLError as e:
            raise SpecError("%s: error: not YAML: %s" % (source, _one_line(e))) from None
        marks = _marks(text)
        base_dir = base_dir or os.path.dirname(os.path.abspath(source))

    def fail(msg, *path):
        raise SpecError("%s: error: %s" % (_at(source, marks, *path), msg))

    if not isinstance(spec, dict):
        fail("a spec is a mapping with models, hardware and grid")
    unknown = set(spec) - {"models", "hardware", "grid", "simulate", "seed", "report", "threads"}
    if unknown:
        fail("unknown key%s %s (a spec has models, hardware, grid, simulate, seed, threads, report)"
             % ("s" if len(unknown) > 1 else "", ", ".join(sorted(map(str, unknown)))))

    models = spec.get("models")
    if not models or not isinstance(models, list):
        fail("models: a list of FILE or FILE:FUNC", "models")
    norm_models = []
    for i, m in enumerate(models):
        if not isinstance(m, str):
            fail("models: %r is not FILE or FILE:FUNC" % (m,), "models", i)
        path, func = m, None
        if ":" in m and not os.path.exists(m):
            path, func = m.rsplit(":", 1)
        full = _find(path, base_dir)
        if full is None:
            fail("models: no file %s (looked in . and beside the spec)" % path, "models", i)
        try:
            with open(full, encoding="utf-8") as f:
                text = f.read()
        except (OSError, UnicodeDecodeError) as e:
            fail("models: cannot read %s: %s" % (path, getattr(e, "strerror", None) or e), "models", i)
        name = os.path.splitext(os.path.basename(path))[0] + ("@" + func if func else "")
        norm_models.append({"name": name, "path": path, "func": func, "text": text, "at": ("models", i)})
    names = [m["name"] for m in norm_models]
    if len(set(names)) != len(names):
        fail("models: two models have the same name (%s)" % ", ".join(names), "models")

    hw = spec.get("hardware", "tpuv3")
    if isinstance(hw, str) and hw in MACHINES:
        machine, hw_name = dict(MACHINES[hw]), hw
    elif isinstance(hw, str):
        full = _find(hw, base_dir)
        if full is None:
            fail("hardware: neither a built-in machine (%s) nor a file: %s" % (", ".join(MACHINES), hw), "hardware")
        try:
            with open(full, encoding="utf-8") as f:
                machine = _yaml().safe_load(f)
        except (OSError, UnicodeDecodeError, _yaml().YAMLError) as e:
            fail("hardware: cannot read %s: %s" % (hw, _one_line(e)), "hardware")
        if not isinstance(machine, dict):
            fail("hardware: %s is not a YAML mapping" % hw, "hardware")
        hw_name = os.path.splitext(os.path.basename(hw))[0]
    elif isinstance(hw, dict):
        machine, hw_name = dict(hw), "custom"
    else:
        fail("hardware: a built-in machine's name, a YAML path or a mapping", "hardware")

    grid = spec.get("grid") or {}
    if not isinstance(grid, dict):
        fail("grid: a mapping from keys to lists of values", "grid")
    norm_grid = []
    for k, vs in grid.items():
        if k != "budget" and k not in MACHINE_KEYS:
            fail("grid: %s is not a key spadc reads from a hardware YAML (%s) nor budget"
                 % (k, ", ".join(MACHINE_KEYS)), "grid", k)
        if not isinstance(vs, list):
            vs = [vs]
        if not vs:
            fail("grid: %s: a non-empty list of numbers" % k, "grid", k)
        for j, v in enumerate(vs):
            if not isinstance(v, (int, float)) or isinstance(v, bool) or not math.isfinite(v):
                fail("grid: %s: %r is not a finite number" % (k, v), "grid", k, j)
            if k == "budget" and not (0 < v <= 1 or (v > 1 and v == int(v))):
                fail("grid: budget: %r is neither a fraction in (0, 1] of the slice nor a whole number of bytes"
                     % (v,), "grid", k, j)
        if len(set(vs)) != len(vs):
            fail("grid: %s lists a value twice" % k, "grid", k)
        norm_grid.append((k, list(vs)))
    simulate = spec.get("simulate", True)
    if not isinstance(simulate, bool):
        fail("simulate: true or false", "simulate")
    seed = spec.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        fail("seed: a non-negative integer", "seed")
    threads = spec.get("threads", 1)
    if not isinstance(threads, int) or isinstance(threads, bool) or not 1 <= threads <= 1024:
        fail("threads: an integer in [1, 1024] (the simulator's host threads per point), not %r" % (threads,),
             "threads")
    report = spec.get("report") or {}
    if not isinstance(report, dict):
        fail("report: a mapping (heatmap: [KEY, KEY])", "report")
    heat = report.get("heatmap")
    gkeys = [k for k, _ in norm_grid]
    if heat is not None and (not isinstance(heat, list) or len(heat) != 2 or any(h not in gkeys for h in heat)):
        fail("report: heatmap: two of the grid's keys (%s)" % ", ".join(gkeys), "report")
    out = {"models": norm_models, "machine": machine, "hardware": hw_name, "grid": norm_grid,
           "simulate": simulate, "seed": seed, "threads": threads, "heatmap": heat, "source": source,
           "marks": marks}
    _check_inputs(out)
    return out


def _check_inputs(spec):
    """What every point would refuse, refused once before any runs: each
    model read and its function found (on the reference target, which lowers
    nothing), the base machine and each grid value read by the machine
    reader (the value on the base machine)."""
    src, marks = spec["source"], spec["marks"]
    for m in spec["models"]:
        try:
            _compile(m["text"], func=m["func"], target="ref", threads=1, name=m["path"]).close()
        except Error as e:
            raise SpecError("%s: error: model %s: %s" % (_at(src, marks, *m["at"]), m["name"],
                                                           _unprefixed(e.message))) from None
    with tempfile.TemporaryDirectory(prefix="spadc-sweep-") as tmp:
        err = _machine_error(spec["machine"], {}, tmp)
        if err:
            raise SpecError("%s: error: hardware: %s" % (_at(src, marks, "hardware"), err))
        for k, vs in spec["grid"]:
            if k == "budget":  # in bytes it may fit some points' scratchpads and not others: per point
                continue
            for j, v in enumerate(vs):
                err = _machine_error(spec["machine"], {k: v}, tmp)
                if err:
                    raise SpecError("%s: error: grid: %s: %s" % (_at(src, marks, "grid", k, j), k, err))


def _machine_error(machine, point, tmp):
    """The machine reader's message for machine with point's keys (budget
    included), without the temporary file's location; None when it reads."""
    m = dict(machine)
    budget = None
    for k, v in point.items():
        if k == "budget":
            budget = v
        else:
            m[k] = v
    hw = os.path.join(tmp, "sweep-point.yml")  # its name is in messages
    with open(hw, "w") as f:
        f.write(_yaml_text(m))
    try:
        _compile(_TINY, target="npu=" + hw, threads=1, budget=budget).close()
    except Error as e:
        return _strip_loc(e.message, hw)
    return None


def _strip_loc(msg, path):
    """msg without a leading "PATH:LINE:COL: error: " (a temporary's)."""
    m = re.match(re.escape(path) + r"(:\d+:\d+|:\d+)?: error: ", msg)
    return msg[m.end():] if m else msg


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


def run_point(spec, point, threads=None):
    """The rows of one point: every model compiled (and simulated) on the
    machine the point describes. Runs in a worker. NoFitError is a row
    (fits false); any other error is the sweep's: SpecError naming the
    point and the spec's line (the grid value the machine reader refused,
    else the model's)."""
    if threads is None:
        threads = spec.get("threads", 1)
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
        hw = os.path.join(tmp, "sweep-point.yml")  # its name is in messages
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
                raise _point_error(spec, point, model, machine, hw, e) from None
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


def _point_error(spec, point, model, machine, hw, e):
    """SpecError for error e of model at point: located at the grid value
    the message's machine line names (the temporary YAML is written one key
    a line, in machine's order), at the budget for a budget's error, else at
    the model; the temporary's path never shown."""
    src, marks = spec.get("source", "spec"), spec.get("marks", {})
    path = model.get("at", ("models",))
    msg = e.message
    m = re.match(re.escape(hw) + r":(\d+)(?::\d+)?: error: ", msg)
    if m:
        msg = msg[m.end():]
        keys = [k for k, v in machine.items() if not isinstance(v, bool) and isinstance(v, (int, float, str))]
        line = int(m.group(1)) - 2  # after the comment line
        key = keys[line] if 0 <= line < len(keys) else None
        path = ("hardware",)
        if key in point:
            path = ("grid", key, [vs for k, vs in spec["grid"] if k == key][0].index(point[key]))
    elif "budget" in point and "budget" in msg:
        path = ("grid", "budget", [vs for k, vs in spec["grid"] if k == "budget"][0].index(point["budget"]))
    return SpecError("%s: error: at point %s, model %s: %s" % (_at(src, marks, *path), point_id(point),
                                                              model["name"], _unprefixed(msg)))


def _unprefixed(msg):
    """A message nested in another: without a leading "spadc: error: "."""
    return msg[len("spadc: error: "):] if msg.startswith("spadc: error: ") else msg


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
    src = ran if ran is not None else k  # the simulated run's figures, else the plan's (the same)
    row["cycles"] = src.get("cycles" if ran is not None else "est_cycles")
    row["dram_bytes"] = src.get("dma_bytes")
    # energy in pJ (energy_pj's total and its DRAM part) and the
    # energy-delay product in pJ x cycles
    energy = src.get("energy_pj") or {}
    row["energy_pj"] = energy.get("total")
    row["energy_dram_pj"] = energy.get("dram")
    row["edp"] = row["energy_pj"] * row["cycles"] if row["energy_pj"] is not None and row["cycles"] is not None else None
    # the DRAM bytes above the lower bound by cause (parts summing to
    # dram_gap), and the bytes the 32-byte requests fetch beside them
    gap = (ran or {}).get("dram_gap") or k.get("dram_gap") or {}
    row["dram_gap"] = gap.get("total")
    for part in GAP_PARTS:
        row["dram_gap_" + part] = gap.get(part)
    row["burst_padding_bytes"] = (ran or {}).get("burst_padding_bytes", k.get("burst_padding_bytes"))
    # many cores (num_cores, npu/cores.h): how many the kernel ran on, its
    # split ("none" on one core), whether the cores shared an operand over
    # the interconnect, and the bytes that crossed it
    cores = k.get("cores") or {}
    npu = k.get("path") == "npu"
    row["cores_used"] = cores.get("used", 1) if npu else None
    row["split"] = cores.get("split", "none") if npu else ""
    row["shared_operand"] = bool(cores.get("shared_operand", False))
    row["noc_bytes"] = cores.get("noc_bytes", 0) if npu else None
    # the time at the machine's core clock (cycles alone do not compare
    # machines of different clocks)
    row["clock_mhz"] = target.get("core_freq_mhz")
    row["time_us"] = row["cycles"] / row["clock_mhz"] if row["cycles"] is not None and row["clock_mhz"] else None
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
    journal = fj = None
    if out_dir is not None:
        # the output directory is made and its journal opened before any
        # point runs: a directory that cannot be written fails at once
        out_dir = _out_dir(out_dir)
        journal = os.path.join(out_dir, "rows.jsonl")
        try:
            done = _read_journal(journal, spec)
            fj = open(journal, "a")
        except OSError as e:
            raise SweepError("spadc-sweep: error: cannot write %s: %s" % (journal, e.strerror or e)) from None
    todo = [(spec, i, p) for i, p in enumerate(pts) if point_id(p) not in done]
    say = log or (lambda s: None)
    say("spadc-sweep: %d points x %d models; %d done before, %d to run"
        % (len(pts), len(spec["models"]), len(pts) - len(todo), len(todo)))
    t0 = time.time()
    results = {}
    try:
        for n, (i, rows) in enumerate(_execute(todo, dask, workers), 1):
            results[i] = rows
            if fj:
                try:
                    fj.write(json.dumps({"point": point_id(pts[i]), "spec": _spec_key(spec), "rows": rows}) + "\n")
                    fj.flush()
                except OSError as e:
                    raise SweepError("spadc-sweep: error: cannot write %s: %s" % (journal, e.strerror or e)) from None
            if n % max(1, len(todo) // 20) == 0 or n == len(todo):
                say("  %d/%d points, %.1f s" % (n, len(todo), time.time() - t0))
    finally:
        if fj:
            try:
                fj.close()
            except OSError:
                pass  # its write failed already (or rows are flushed): the journal's lines are whole or cut
    rows = []
    for i, p in enumerate(pts):
        rows.extend(results.get(i) if i in results else done[point_id(p)])
    if out_dir is not None:
        try:
            write_results(rows, spec, out_dir)
            if report:
                from . import sweep_report
                sweep_report.write(rows, spec, out_dir)
        except OSError as e:
            raise SweepError("spadc-sweep: error: cannot write %s: %s"
                             % (e.filename or out_dir, e.strerror or e)) from None
    return rows


def _out_dir(out_dir):
    """out_dir made (with its parents) and writable, or SweepError."""
    try:
        out_dir = os.fspath(out_dir)
    except TypeError:
        raise SweepError("spadc-sweep: error: the output directory must be a path, not %s"
                         % type(out_dir).__name__) from None
    if not out_dir:
        raise SweepError("spadc-sweep: error: the output directory is an empty path")
    if os.path.exists(out_dir) and not os.path.isdir(out_dir):
        raise SweepError("spadc-sweep: error: %s: not a directory (-o DIR writes DIR/results.csv, ...)" % out_dir)
    try:
        os.makedirs(out_dir, exist_ok=True)
    except OSError as e:
        raise SweepError("spadc-sweep: error: cannot create %s: %s" % (e.filename or out_dir, e.strerror or e)) from None
    if not os.access(out_dir, os.W_OK):
        raise SweepError("spadc-sweep: error: cannot write in %s: %s" % (out_dir, os.strerror(13)))
    return out_dir


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
    workers = min(workers, len(todo))  # one point left: in this process, no worker to start
    if workers <= 1 or os.name != "posix" or not sys.executable:  # (no interpreter to start: an embedding host)
        for t in todo:
            yield _task(t)
        return
    yield from _execute_local(todo, workers)


# The local pool: worker processes that run `python -c` with this module,
# not multiprocessing's spawn or forkserver workers. Those import the
# caller's main script again in every worker, so a script that calls
# spadc.sweep.run at its top level without an `if __name__ == "__main__"`
# guard ran itself once more per worker and failed ("An attempt has been
# made to start a new process before the current process has finished its
# bootstrapping phase"); these workers import only spadc.sweep. (fork is
# not used: it is unsafe after OpenMP's or any other threads started in
# this process.) Messages are pickles with an 8-byte length, over pipes of
# their own (a point's prints on stdout do not corrupt them).

_WORKER = ("import sys; sys.path.insert(0, sys.argv[1]); import spadc.sweep as s; "
           "s._worker(int(sys.argv[2]), int(sys.argv[3]))")


def _send(fd, obj):
    import pickle
    data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    data = len(data).to_bytes(8, "little") + data
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        view = view[n:]


def _recv(fd):
    """The next message, or EOFError when the other end closed."""
    import pickle

    def exactly(n):
        buf = bytearray()
        while len(buf) < n:
            chunk = os.read(fd, min(n - len(buf), 1 << 20))
            if not chunk:
                raise EOFError
            buf += chunk
        return bytes(buf)
    return pickle.loads(exactly(int.from_bytes(exactly(8), "little")))


def _worker(rfd, wfd):
    """A local pool's worker: the spec, then points until None (or the
    pipe closed: the sweep ended early)."""
    try:
        _worker_loop(rfd, wfd)
    except (EOFError, BrokenPipeError, KeyboardInterrupt):
        pass


def _worker_loop(rfd, wfd):
    spec_path = _recv(rfd)
    sys.path[:] = spec_path[0]
    spec = spec_path[1]
    while True:
        msg = _recv(rfd)
        if msg is None:
            return
        index, point = msg
        try:
            out = ("ok", index, run_point(spec, point))
        except BaseException as e:  # the parent re-raises it (or says what it was)
            import pickle
            import traceback
            try:
                pickle.dumps(e)
                exc = e
            except Exception:
                exc = None
            out = ("err", index, exc, "%s: %s" % (type(e).__name__, _one_line(e)), traceback.format_exc())
        _send(wfd, out)


def _execute_local(todo, workers):
    import select
    import subprocess
    spec = todo[0][0]
    pkg_parent = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    procs = []  # [Popen, to_child fd, from_child fd, index of the point it runs or None]
    try:
        for _ in range(workers):
            c_r, p_w = os.pipe()
            p_r, c_w = os.pipe()
            try:
                p = subprocess.Popen([sys.executable, "-c", _WORKER, pkg_parent, str(c_r), str(c_w)],
                                     pass_fds=(c_r, c_w), stdin=subprocess.DEVNULL)
            finally:
                os.close(c_r)
                os.close(c_w)
            procs.append([p, p_w, p_r, None])
            _send(p_w, (list(sys.path), spec))
        queue = [(i, pt) for _, i, pt in todo]
        queue.reverse()
        left = len(queue)
        while left:
            for w in procs:
                if w[3] is None and queue:
                    w[3] = queue.pop()
                    _send(w[1], w[3])
            ready, _, _ = select.select([w[2] for w in procs if w[3] is not None], [], [])
            for w in procs:
                if w[2] not in ready:
                    continue
                try:
                    msg = _recv(w[2])
                except EOFError:
                    rc = w[0].wait()
                    raise SweepError("spadc-sweep: error: the worker running point %s died (%s)"
                                     % (point_id(w[3][1]), "signal %d" % -rc if rc < 0 else "exit %d" % rc)) from None
                w[3] = None
                left -= 1
                if msg[0] == "ok":
                    yield msg[1], msg[2]
                    continue
                _, index, exc, what, tb = msg
                if exc is not None:
                    raise exc
                point = next(p for _, i, p in todo if i == index)
                raise SweepError("spadc-sweep: error: point %s failed in its worker: %s\n%s"
                                 % (point_id(point), what, tb))
        for w in procs:
            _send(w[1], None)
    finally:
        for w in procs:
            for fd in (w[1], w[2]):
                try:
                    os.close(fd)
                except OSError:
                    pass
        for w in procs:
            if w[0].poll() is None:
                try:
                    w[0].wait(timeout=5 if w[3] is None else 0)
                except subprocess.TimeoutExpired:
                    w[0].kill()
                    w[0].wait()


def _connect(address):
    """A Client of the scheduler at address, or SweepError within about
    DASK_CONNECT_S seconds: a dead address, one that is not an address, or
    something there that does not speak Dask's protocol."""
    from dask.distributed import Client
    if not isinstance(address, str) or not address.strip():
        raise SweepError("spadc-sweep: error: --dask needs a scheduler address such as tcp://host:8786, not %r"
                         % (address,))
    # the address is tried (a connection and Dask's handshake) before a
    # Client exists: a Client that fails to start still closes itself at
    # exit, for 16 s and with a traceback. Something that is not a Dask
    # scheduler fails the handshake (a stray reply read as a frame's length
    # is a MemoryError at once) or says nothing (the time limit).
    err = []

    def probe():
        import asyncio
        from distributed.comm import connect

        async def hello():
            comm = await connect(address, timeout=DASK_CONNECT_S)
            await comm.close()

        try:
            asyncio.run(asyncio.wait_for(hello(), DASK_CONNECT_S + 1))
        except BaseException as e:  # OSError, TimeoutError, ValueError (the address), MemoryError, CommClosedError
            err.append(e)

    import threading
    t = threading.Thread(target=probe, daemon=True)  # its own event loop, whatever the caller's thread runs
    t.start()
    t.join(DASK_CONNECT_S + 2)
    if t.is_alive() and not err:
        err.append(TimeoutError("no answer in %d s" % (DASK_CONNECT_S + 2)))
    if not err:
        try:
            return Client(address, timeout=DASK_CONNECT_S, set_as_default=False)
        except Exception as e:
            err.append(e)
    e = err[0]
    if isinstance(e, MemoryError):  # a reply's first bytes read as a frame's length
        why = "something answered there that does not speak Dask's protocol"
    else:
        why = "%s: %s" % (type(e).__name__, _one_line(e))
    raise SweepError("spadc-sweep: error: --dask %s: no Dask scheduler there (%s)" % (address, why))


def _execute_dask(todo, dask):
    try:
        from dask.distributed import Client, as_completed
    except ImportError:
        raise UsageError("spadc-sweep: error: --dask needs dask.distributed (pip install ./python[sweep])") from None
    client = dask if isinstance(dask, Client) else _connect(dask)
    try:
        # the spec (with the models' text) is scattered once, not sent per
        # task; points go in chunks, a few per worker's turn, so that the
        # scheduler's and the workers' own work per task (which takes CPU
        # from the points on a small host) is spread over several points
        # (hash=False: a key of its own, not one another client may be
        # releasing; in a list, as one object: a dict is scattered value by
        # value under its own keys, "machine", "grid", ..., which a second
        # client scattering a spec to the same scheduler took over and then
        # released, and this one's tasks failed on "lost dependencies")
        spec_f = client.scatter([todo[0][0]], broadcast=True, hash=False)[0]
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

    def csv_file(tmp):
        with open(tmp, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=cols, extrasaction="ignore")
            w.writeheader()
            for r in rows:
                w.writerow({c: ("" if r.get(c) is None else r.get(c)) for c in cols})

    write_atomic(os.path.join(out_dir, "results.csv"), csv_file)
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        return
    table = pa.Table.from_pylist([{c: r.get(c) for c in cols} for r in rows])
    try:
        write_atomic(os.path.join(out_dir, "results.parquet"), lambda tmp: pq.write_table(table, tmp))
    except pa.ArrowException as e:  # pyarrow's own I/O errors (a full disk)
        raise OSError(getattr(e, "errno", None) or 5, _one_line(e), os.path.join(out_dir, "results.parquet")) from None


def write_atomic(path, write):
    """write(tmp) to a temporary beside path, renamed over it: a failed
    write (a full disk) leaves no partial file and the old one as it was."""
    tmp = os.path.join(os.path.dirname(path) or ".", ".%s.tmp" % os.path.basename(path))
    try:
        write(tmp)
        os.replace(tmp, path)
    except BaseException as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(e, OSError):  # named by the file it was for, not the temporary
            raise OSError(e.errno, e.strerror or _one_line(e), path) from None
        raise


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
    except OSError as e:  # an output or a temporary that could not be written, past the checks above
        print("spadc-sweep: error: %s%s" % (e.filename + ": " if e.filename else "", e.strerror or e), file=sys.stderr)
        return 1
    nofit = sum(1 for r in rows if not r.get("fits"))
    print("spadc-sweep: %d rows (%d not fitting) in %s" % (len(rows), nofit, os.path.join(a.out, "results.csv")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
