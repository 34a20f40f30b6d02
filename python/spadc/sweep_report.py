"""The sweep's HTML report (DIR/report.html with PNGs beside it), drawn with
matplotlib from the rows spadc.sweep wrote. Per model (the whole model: the
sum over its kernels, which run one after another):

- time and DRAM traffic against the swept axis (the scratchpad per lane in
  KiB where it is swept), one line per setting of the other grid keys. Time
  is the cycles at the point's core clock (the right axis gives the cycles
  where the clock is the same everywhere); each setting's roofline (per
  kernel the largest of compute, DMA and vector time) is the wide pale line
  in its colour; each setting's DRAM lower bound for its capacity
  (dram_bytes_lower_bound, summed) likewise, and the compulsory traffic
  (each input read once, each output written once) the thin black dotted
  line;
- energy against the swept axis (its DRAM part the wide pale line) and
  energy against time, with the energy-delay Pareto front and the best EDP;
- the Pareto front of time over every grid key: a machine is on it unless
  another is as fast or faster and no larger in every key (more scratchpad,
  lanes, arrays, bandwidth, ... is larger; a longer latency smaller; a key
  that is not hardware, such as the budget or an energy price, is compared
  only at the same value); plotted against the on-chip scratchpad (per lane
  x lanes) and listed in a table with every key;
- a heat map of time over two grid keys (the spec's report: heatmap, else
  the first two with several values), the best over the other keys, its
  values printed with as many decimals as keep different values apart, and
  its range said.

Every quantity axis starts at zero. More than ten settings are told apart
by marker and line style as well as colour. The budget's fractions of the
slice and its byte counts are never drawn on one axis: a grid that mixes
them gets a figure for each. The table of DRAM bytes over the lower bound
marks a kernel red only where DMA bounds its roofline: extra traffic of a
compute-bound kernel costs no time, and is shown grey.
"""
import html
import math
import os

from .sweep import write_atomic

SPAD = "vpu_spad_size_kb_per_lane"

#: What each grid key is on an axis or in a legend: (name, unit, cost).
#: cost +1: more of it is more hardware; -1: less of it is (a latency); 0:
#: not hardware (a price, a request size, the budget), so two machines are
#: compared on the Pareto front only where it is the same.
KEYS = {
    "vpu_spad_size_kb_per_lane": ("scratchpad per lane", "KiB", 1),
    "vpu_num_lanes": ("lanes", "", 1),
    "vpu_vector_length_bits": ("vector length", "bits", 1),
    "core_freq_mhz": ("core clock", "MHz", 1),
    "dram_channels": ("DRAM channels", "", 1),
    "num_systolic_array_per_core": ("systolic arrays per core", "", 1),
    "num_cores": ("cores", "", 1),
    "dram_freq_mhz": ("DRAM clock", "MHz", 1),
    "icnt_latency_cycles": ("interconnect latency", "cycles", -1),
    "icnt_injection_ports_per_core": ("interconnect ports per core", "", 1),
    "sa_weight_buffer_depth": ("weight buffer depth", "", 1),
    "dram_req_size_byte": ("DRAM request size", "B", 0),
    "spadc_dram_gbps_per_channel": ("DRAM bandwidth per channel", "GB/s", 1),
    "spadc_dma_latency_cycles": ("DMA latency", "cycles", -1),
    "spadc_dram_request_bytes": ("DRAM request size", "B", 0),
    "spadc_budget": ("budget (hardware YAML)", "", 0),
    "spadc_sa_weight_slots": ("weight slots per array", "", 1),
    "spadc_sfu_latency_cycles": ("SFU latency", "cycles", -1),
    "budget": ("budget", "", 0),
}
_SHORT = {"vpu_spad_size_kb_per_lane": "spad", "vpu_num_lanes": "lanes", "num_systolic_array_per_core": "arrays",
          "spadc_dram_gbps_per_channel": "DRAM", "dram_channels": "channels", "num_cores": "cores",
          "core_freq_mhz": "clock"}

_MARKERS = ("o", "s", "^", "D", "v", "P", "X")  # 7 against 10 colours: 70 settings before a pair repeats
_LINESTYLES = ("-", "--", "-.", ":")
MAX_SERIES = 24


def style(i):
    """The i-th setting's line: colour, marker and line style all vary, so
    more than ten settings stay apart (and in grey print)."""
    return {"color": "C%d" % (i % 10), "marker": _MARKERS[i % len(_MARKERS)],
            "ls": _LINESTYLES[(i // 10) % len(_LINESTYLES)], "ms": 4, "lw": 1.3}


def budget_kind(v):
    """'fraction' (of the slice) or 'bytes'."""
    return "fraction" if v <= 1 else "bytes"


def key_label(key, kind=None):
    """An axis label with its unit: 'scratchpad per lane (KiB)'."""
    if key == "budget":
        return "budget (bytes per lane)" if kind == "bytes" else "budget (fraction of the scratchpad slice)"
    if key.startswith("spadc_energy_"):
        return key[len("spadc_energy_"):].replace("_", " ") + " (pJ)"
    name, unit, _ = KEYS.get(key, (key, "", 0))
    return "%s (%s)" % (name, unit) if unit else name


def value_label(key, v):
    """A legend's words for key = v: 'spad 64 KiB', 'arrays 2'."""
    if key == "budget":
        return "budget %s%s" % (_num(v), " B" if budget_kind(v) == "bytes" else " of the slice")
    name, unit, _ = KEYS.get(key, (key, "", 0))
    return "%s %s%s" % (_SHORT.get(key, name), _num(v), " " + unit if unit else "")


def _num(v):
    return ("%d" % v) if float(v) == int(v) else ("%g" % v)


_TIME = (("µs", 1.0), ("ms", 1e-3), ("s", 1e-6))
_BYTES = (("B", 1.0), ("KiB", 2.0**-10), ("MiB", 2.0**-20), ("GiB", 2.0**-30))
_ENERGY = (("pJ", 1.0), ("nJ", 1e-3), ("µJ", 1e-6), ("mJ", 1e-9), ("J", 1e-12))


def _fit_unit(vmax, units):
    name, f = units[0]
    for n, g in units:
        if vmax * g >= 1:
            name, f = n, g
    return name, f


# ------------------------------------------------------------------ the numbers

def _machine_value(spec, t, key):
    v = t.get(key)
    return spec["machine"].get(key) if v is None else v


def totals(rows, spec):
    """{(model, point): the whole model at that point}: its grid values,
    fits, cycles, time_us, roof_us (the rooflines summed), dram, bound,
    min, energy, energy_dram (pJ), clock (MHz), spad_bpl."""
    keys = [k for k, _ in spec["grid"]]
    out = {}
    for r in rows:
        t = out.setdefault((r["model"], r["point"]), {
            "model": r["model"], "point": r["point"], "fits": True, "cycles": 0, "roof": 0, "dram": 0, "bound": 0,
            "min": 0, "energy": 0, "energy_dram": 0, "has_bound": True, "spad_bpl": None, "clock": None,
            **{k: r.get(k) for k in keys}})
        if not r.get("fits"):
            t["fits"] = False
            continue
        t["cycles"] += r.get("cycles") or 0
        t["roof"] += r.get("roofline_cycles") or 0
        t["dram"] += r.get("dram_bytes") or 0
        t["energy"] += r.get("energy_pj") or 0
        t["energy_dram"] += r.get("energy_dram_pj") or 0
        t["min"] += r.get("dram_bytes_min") or 0
        if r.get("dram_bytes_lower_bound") is None:
            t["has_bound"] = False
        else:
            t["bound"] += r["dram_bytes_lower_bound"]
        t["spad_bpl"] = r.get("spad_bytes_per_lane") or t["spad_bpl"]
        t["clock"] = r.get("clock_mhz") or t["clock"]
    for t in out.values():
        if not t["clock"]:  # rows of a journal written before clock_mhz: the machine's, else the reader's default
            t["clock"] = _machine_value(spec, t, "core_freq_mhz") or 940
        t["time_us"] = t["cycles"] / t["clock"]
        t["roof_us"] = t["roof"] / t["clock"]
    return out


def _dominates(a, b, keys, objectives):
    """a at least as good as b in every objective and no larger in every
    key (equal in a key that is not hardware), better somewhere."""
    strict = False
    for o in objectives:
        if a[o] > b[o]:
            return False
        strict |= a[o] < b[o]
    for k in keys:
        cost = KEYS.get(k, (k, "", 0))[2]
        va, vb = a.get(k), b.get(k)
        if va == vb:
            continue
        if cost == 0 or va is None or vb is None or (va - vb) * cost > 0:
            return False
        strict = True
    return strict


def pareto(pts, keys, objectives=("time_us",)):
    """The points of pts (dicts) that no other dominates over the
    objectives and every one of keys (see _dominates), in pts' order."""
    return [p for p in pts if not any(_dominates(q, p, keys, objectives) for q in pts if q is not p)]


def round_apart(values, most=6):
    """The fewest decimals (0..most) at which different values print
    differently."""
    vals = sorted({v for v in values if v is not None and not (isinstance(v, float) and math.isnan(v))})
    for d in range(most + 1):
        if len({"%.*f" % (d, v) for v in vals}) == len(vals):
            return d
    return most


# ------------------------------------------------------------------ the figures

def _x_key(spec):
    keys = [k for k, _ in spec["grid"]]
    many = [k for k, vs in spec["grid"] if len(vs) > 1]
    if SPAD in many:
        return SPAD
    if many:
        return many[0]
    return SPAD if SPAD in keys else (keys[0] if keys else None)


def _kinds(spec, key):
    """[(kind, values)]: the budget split into fractions and byte counts
    when the grid has both; [(None, values)] for any other key."""
    vs = next((vs for k, vs in spec["grid"] if k == key), [])
    if key != "budget":
        return [(None, vs)]
    groups = [(kind, [v for v in vs if budget_kind(v) == kind]) for kind in ("fraction", "bytes")]
    return [g for g in groups if g[1]]


def _in_kind(t, key, kind):
    return kind is None or budget_kind(t[key]) == kind


def _x_axis(ax, key, xs, kind=None):
    xs = sorted(set(x for x in xs if x is not None))
    ax.set_xlabel(key_label(key, kind))
    if not xs:
        return
    log = xs[0] > 0 and xs[-1] / xs[0] >= 8
    if log:
        ax.set_xscale("log", base=2)
    ticks = xs
    if len(xs) > 12:
        # at most about 12 labels: on a log axis the grid's powers of two
        # (evenly apart there), else every n-th value and the last
        pow2 = [x for x in xs if x == int(x) and int(x) & (int(x) - 1) == 0]
        if log and len(pow2) >= 3:
            ticks = pow2
        else:
            step = math.ceil(len(xs) / 12)
            ticks = xs[::step]
            if ticks[-1] != xs[-1]:
                ticks = ticks[:-1] + [xs[-1]]
    ax.minorticks_off()
    ax.set_xticks(ticks)
    ax.set_xticklabels([_num(v) for v in ticks], rotation=45 if len(ticks) > 8 else 0, fontsize=8)


def _from_zero(ax):
    """The y axis from 0 to a little above the highest value drawn: a
    difference of 0.02% stays one (an autoscaled axis made it a cliff)."""
    top = 0.0
    for line in ax.get_lines():
        ys = [y for y in line.get_ydata() if y is not None and math.isfinite(y)]
        top = max([top] + ys)
    for coll in ax.collections:
        off = coll.get_offsets()
        if len(off):
            top = max(top, float(max(off[:, 1])))
    ax.set_ylim(0, top * 1.08 if top > 0 else 1)


def _series(pts, others):
    series = {}
    for t in pts:
        series.setdefault(tuple(t[k] for k in others), []).append(t)
    return series


def _series_name(others, lbl, model):
    return ", ".join(value_label(k, v) for k, v in zip(others, lbl)) or model


def _draw(ax, series, shown, xkey, others, model, y, pale_y):
    """Each shown setting's line of y against xkey in its style, with
    pale_y (its roofline, bound or part) as a wide pale line beneath."""
    for i, lbl in enumerate(shown):
        st = style(i)
        s = sorted(series[lbl], key=lambda t: t[xkey])
        xs = [t[xkey] for t in s]
        pale = [pale_y(t) for t in s]
        if not any(math.isnan(v) for v in pale):
            ax.plot(xs, pale, **_pale(st["color"], st["ls"]))
        ax.plot(xs, [y(t) for t in s], label=_series_name(others, lbl, model), **st)


def _legend(ax, pale_label, not_drawn):
    """The legend right of ax: the settings, what the pale lines are, and
    how many settings were left out."""
    from matplotlib.lines import Line2D
    handles, labels = ax.get_legend_handles_labels()
    handles.append(Line2D([], [], **_pale("gray")))
    labels.append(pale_label)
    if not_drawn > 0:
        handles.append(Line2D([], [], ls=""))
        labels.append("(%d more settings not drawn)" % not_drawn)
    ax.legend(handles, labels, fontsize=7, loc="upper left", bbox_to_anchor=(1.02, 1.0))


def _pale(color, ls="-"):
    return {"color": color, "ls": ls, "lw": 6, "alpha": 0.22, "solid_capstyle": "butt"}


def figures(rows, spec):
    """The report's figures: [(file name, title, matplotlib Figure)]."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    keys = [k for k, _ in spec["grid"]]
    xkey = _x_key(spec)
    others = [k for k in keys if k != xkey]
    tots = totals(rows, spec)
    models = [m["name"] for m in spec["models"]]
    out = []

    for mi, model in enumerate(models):
        allpts = [t for (m, _), t in tots.items() if m == model and t["fits"]]
        if not allpts:
            continue
        clocks = {t["clock"] for t in allpts}
        tname, tf = _fit_unit(max(t["time_us"] for t in allpts), _TIME)
        for kind, _ in (_kinds(spec, xkey) if xkey else []):
            pts = [t for t in allpts if _in_kind(t, xkey, kind)]
            if not pts:
                continue
            suffix = "_" + kind if kind else ""
            series = _series(pts, others)
            shown = sorted(series)[:MAX_SERIES]
            bname, bf = _fit_unit(max(max(t["dram"], t["min"]) for t in pts), _BYTES)

            # time and DRAM bytes
            fig, ax = plt.subplots(1, 2, figsize=(14, 4.8))
            fig.subplots_adjust(wspace=0.42)  # room for the cycles axis right of the time plot
            draw = (series, shown, xkey, others, model)
            _draw(ax[0], *draw, lambda t: t["time_us"] * tf, lambda t: t["roof_us"] * tf)
            _draw(ax[1], *draw, lambda t: t["dram"] * bf,
                  lambda t: t["bound"] * bf if t["has_bound"] else float("nan"))
            mins = {}
            for t in pts:
                mins[t[xkey]] = min(mins.get(t[xkey], t["min"]), t["min"])
            mx = sorted(mins)
            ax[1].plot(mx, [mins[x] * bf for x in mx], color="black", ls=":", lw=1.4, marker="",
                       label="compulsory: each input read once, each output written once")
            clock = "at %s MHz" % _num(next(iter(clocks))) if len(clocks) == 1 else "at each point's core clock"
            ax[0].set_ylabel("time, %s (whole model, %s)" % (tname, clock))
            ax[1].set_ylabel("DRAM traffic, %s (whole model)" % bname)
            for a in ax:
                _x_axis(a, xkey, [t[xkey] for t in pts], kind)
                _from_zero(a)
                a.grid(alpha=0.3)
            if len(clocks) == 1:
                c = next(iter(clocks))
                sec = ax[0].secondary_yaxis("right", functions=(lambda y, c=c, f=tf: y / f * c / 1e6,
                                                                  lambda m, c=c, f=tf: m * 1e6 / c * f))
                sec.set_ylabel("Mcycles")
            ax[0].set_title("time; wide pale line: that setting's roofline", fontsize=9)
            ax[1].set_title("DRAM traffic; wide pale line: that setting's lower bound for its capacity", fontsize=9)
            _legend(ax[1], "wide pale line: the roofline (left), the lower bound for the capacity (right)",
                    len(series) - len(shown))
            fig.suptitle(model)
            out.append(("model%d_vs_%s%s.png" % (mi, xkey, suffix),
                        "%s: time and DRAM traffic against %s" % (model, key_label(xkey, kind)), fig))

            # energy against the axis, its DRAM part pale
            if any(t["energy"] for t in pts):
                ename, ef = _fit_unit(max(t["energy"] for t in pts), _ENERGY)
                fig, ax = plt.subplots(figsize=(9.5, 4.6))
                _draw(ax, series, shown, xkey, others, model, lambda t: t["energy"] * ef,
                      lambda t: t["energy_dram"] * ef)
                _x_axis(ax, xkey, [t[xkey] for t in pts], kind)
                ax.set_ylabel("energy, %s (whole model)" % ename)
                _from_zero(ax)
                ax.grid(alpha=0.3)
                _legend(ax, "wide pale line: its DRAM part", len(series) - len(shown))
                ax.set_title(model)
                out.append(("model%d_energy_vs_%s%s.png" % (mi, xkey, suffix),
                            "%s: energy against %s" % (model, key_label(xkey, kind)), fig))

        # energy against time: the energy-delay front and the best EDP
        if any(t["energy"] for t in allpts):
            ename, ef = _fit_unit(max(t["energy"] for t in allpts), _ENERGY)
            fig, ax = plt.subplots(figsize=(7.5, 4.6))
            front = sorted(pareto(allpts, [], ("time_us", "energy")), key=lambda t: t["time_us"])
            ax.scatter([t["time_us"] * tf for t in allpts], [t["energy"] * ef for t in allpts], s=10, color="0.6",
                       label="machines")
            ax.step([t["time_us"] * tf for t in front], [t["energy"] * ef for t in front], where="post", color="C0",
                    marker="o", ms=4, label="energy-time Pareto front")
            best = min(allpts, key=lambda t: t["energy"] * t["time_us"])
            ax.plot([best["time_us"] * tf], [best["energy"] * ef], marker="*", ms=14, color="C3", ls="",
                    label="least energy x delay: %s" % (", ".join(value_label(k, best[k]) for k in keys) or model))
            ax.set_xlabel("time, %s (whole model)" % tname)
            ax.set_ylabel("energy, %s (whole model)" % ename)
            ax.set_xlim(0, max(t["time_us"] for t in allpts) * tf * 1.08)
            _from_zero(ax)
            ax.grid(alpha=0.3)
            ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.02, 1.0))
            ax.set_title(model)
            out.append(("model%d_energy_time.png" % mi, "%s: energy against time" % model, fig))

        # the Pareto front of time over every grid key
        front = pareto(allpts, keys)
        pp = [(t, _on_chip(spec, t)) for t in allpts]
        if all(b for _, b in pp):
            bname, bf = _fit_unit(max(b for _, b in pp), _BYTES)
            fig, ax = plt.subplots(figsize=(9.5, 4.8))
            ax.scatter([b * bf for _, b in pp], [t["time_us"] * tf for t, _ in pp], s=10, color="0.7",
                       label="machines off the front")
            fkeys = [k for k in keys if k not in (SPAD, "vpu_num_lanes")]
            groups = _series(front, fkeys)
            for i, lbl in enumerate(sorted(groups)[:MAX_SERIES]):
                st = dict(style(i), ls="", ms=6)
                g = groups[lbl]
                ax.plot([_on_chip(spec, t) * bf for t in g], [t["time_us"] * tf for t in g],
                        label="on the front: " + (_series_name(fkeys, lbl, "") or "all"), **st)
            if len(front) > 1 and not fkeys:
                f = sorted(front, key=lambda t: _on_chip(spec, t))
                ax.step([_on_chip(spec, t) * bf for t in f], [t["time_us"] * tf for t in f], where="post",
                        color="C0", lw=0.8)
            vals = sorted({b for _, b in pp})
            if vals[0] > 0 and vals[-1] / vals[0] >= 8:
                ax.set_xscale("log", base=2)
                ax.minorticks_off()
                ax.xaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(lambda v, _: "%g" % v))
            ax.set_xlabel("on-chip scratchpad, %s (per lane x lanes)" % bname)
            ax.set_ylabel("time, %s (whole model)" % tname)
            _from_zero(ax)
            ax.grid(alpha=0.3)
            ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.02, 1.0))
            ax.set_title("%s: %d of %d machines on the front over %s" % (
                model, len(front), len(allpts), ", ".join(_SHORT.get(k, k) for k in keys) or "no keys"), fontsize=9)
            out.append(("model%d_pareto.png" % mi,
                        "%s: the Pareto front of time over every grid key, against the on-chip scratchpad" % model,
                        fig))

        # the heat map
        heat = spec.get("heatmap") or [k for k, vs in spec["grid"] if len(vs) > 1][:2]
        if len(heat) == 2:
            hx, hy = heat
            for kx, xs in _kinds(spec, hx):
                for ky, ys in _kinds(spec, hy):
                    fig = _heatmap(plt, model, [t for t in allpts if _in_kind(t, hx, kx) and _in_kind(t, hy, ky)],
                                   hx, hy, xs, ys, kx, ky, tname, tf)
                    suffix = "".join("_" + k for k in (kx, ky) if k)
                    out.append(("heatmap%d%s.png" % (mi, suffix),
                                "%s: time over %s and %s (the best over the other keys)"
                                % (model, key_label(hx, kx), key_label(hy, ky)), fig))
    return out


def _on_chip(spec, t):
    lanes = _machine_value(spec, t, "vpu_num_lanes")
    return t["spad_bpl"] * lanes if t["spad_bpl"] and lanes else None


def _heatmap(plt, model, pts, hx, hy, xs, ys, kx, ky, tname, tf):
    import numpy as np
    grid = np.full((len(ys), len(xs)), np.nan)
    for t in pts:
        i, j = ys.index(t[hy]), xs.index(t[hx])
        v = t["time_us"] * tf
        grid[i, j] = v if np.isnan(grid[i, j]) else min(grid[i, j], v)
    vals = grid[~np.isnan(grid)]
    d = round_apart(vals.tolist())
    # values printed in the cells where they can be read (up to 16 columns
    # and 24 rows); a larger map is colours and its range only
    text = vals.size and len(xs) <= 16 and len(ys) <= 24
    cell = 0.22 + 0.075 * len("%.*f" % (d, vals.max())) if text else 0.18
    fig, ax = plt.subplots(figsize=(min(max(4.5, 1.8 + len(xs) * cell), 16), min(max(3.0, 1.4 + 0.32 * len(ys)), 12)))
    im = ax.imshow(grid, origin="lower", aspect="auto", cmap="viridis_r")
    step_x = max(1, math.ceil(len(xs) / 24))
    step_y = max(1, math.ceil(len(ys) / 24))
    ax.set_xticks(range(0, len(xs), step_x), [_num(v) for v in xs[::step_x]], rotation=60, fontsize=7)
    ax.set_yticks(range(0, len(ys), step_y), [_num(v) for v in ys[::step_y]], fontsize=7)
    ax.set_xlabel(key_label(hx, kx))
    ax.set_ylabel(key_label(hy, ky))
    if text:
        for i in range(len(ys)):
            for j in range(len(xs)):
                if not np.isnan(grid[i, j]):
                    r, g, b, _ = im.cmap(im.norm(grid[i, j]))
                    dark = 0.299 * r + 0.587 * g + 0.114 * b < 0.5
                    ax.text(j, i, "%.*f" % (d, grid[i, j]), ha="center", va="center", fontsize=7,
                            color="white" if dark else "black")
    from matplotlib.ticker import ScalarFormatter
    fig.colorbar(im, ax=ax, label="time, %s (best over the other keys;\nblank: does not fit)" % tname,
                 format=ScalarFormatter(useOffset=False))
    if vals.size:
        # the colours span this range, however narrow: the title says how narrow
        lo, hi = vals.min(), vals.max()
        ax.set_title("%s: time from %.*f to %.*f %s\n(colours span this range: the slowest is %s above the fastest)"
                     % (model, d, lo, d, hi, tname, "%.3g%%" % (100 * (hi / lo - 1)) if lo > 0 else "-"), fontsize=9)
    else:
        ax.set_title("%s: no point fits" % model, fontsize=9)
    return fig


# ------------------------------------------------------------------ the page

def write(rows, spec, out_dir):
    import matplotlib.pyplot as plt
    figs = []
    for name, title, fig in figures(rows, spec):
        try:
            write_atomic(os.path.join(out_dir, name),
                         lambda tmp, fig=fig: fig.savefig(tmp, format="png", dpi=90, bbox_inches="tight"))
        finally:
            plt.close(fig)
        figs.append((name, title))
    _write_html(rows, spec, out_dir, figs)


def bound_table(rows, spec):
    """{(model, kernel): {x value: (worst DRAM bytes / lower bound over the
    other keys, red)}}: red where the ratio is above 1.25 at a point whose
    roofline DMA bounds (a compute- or vector-bound kernel's extra traffic
    costs no time)."""
    xkey = _x_key(spec)
    out = {}
    for r in rows:
        if not (r.get("fits") and r.get("dram_bytes_lower_bound") and r.get("dram_bytes")):
            continue
        q = r["dram_bytes"] / r["dram_bytes_lower_bound"]
        cell = out.setdefault((r["model"], r["kernel"]), {})
        x = r.get(xkey) if xkey else None
        worst, red = cell.get(x, (0, False))
        cell[x] = (max(worst, q), red or (q > 1.25 and r.get("roofline_bound") == "dma"))
    return out


GAP_PARTS = ("tile", "budget", "outer", "epilogue", "halo", "other", "split")


def gap_table(rows):
    """{(model, kernel): the row where its dram_gap is largest}, for the
    kernels with a gap anywhere."""
    out = {}
    for r in rows:
        if r.get("fits") and r.get("dram_gap"):
            mk = (r["model"], r["kernel"])
            if mk not in out or r["dram_gap"] > out[mk]["dram_gap"]:
                out[mk] = r
    return out


def _write_html(rows, spec, out_dir, figs):
    e = html.escape
    keys = [k for k, _ in spec["grid"]]
    n_points = len({r["point"] for r in rows})
    nofit = [r for r in rows if not r.get("fits")]
    parts = ["<!doctype html><meta charset=utf-8><title>spadc sweep</title>",
             "<style>body{font-family:sans-serif;max-width:1300px;margin:2em auto}"
             "table{border-collapse:collapse;font-size:12px}td,th{border:1px solid #ccc;padding:2px 6px}"
             ".bad{background:#fdd}.cb{color:#888;font-style:italic}</style>",
             "<h1>spadc sweep</h1>",
             "<p>%d points &times; %d models on <b>%s</b>; %d rows, %d not fitting. Grid: %s. %s.</p>"
             % (n_points, len(spec["models"]), e(spec["hardware"]), len(rows), len(nofit),
                e("; ".join("%s %s" % (k, vs) for k, vs in spec["grid"]) or "none (one point)"),
                "cycles simulated" if spec["simulate"] else "cycles estimated by the plan (simulate: false)"),
             "<p>Data: <a href=results.csv>results.csv</a>, <a href=results.parquet>results.parquet</a>. "
             "Each model is the sum of its kernels. Time is the cycles at the point's core clock. Every quantity "
             "axis starts at zero. Settings of the other keys differ in colour, marker and line style.</p>"]
    for name, title in figs:
        parts.append("<h2>%s</h2><img src='%s'>" % (e(title), e(name)))

    tots = totals(rows, spec)
    for model in [m["name"] for m in spec["models"]]:
        pts = [t for (m, _), t in tots.items() if m == model and t["fits"]]
        if not pts:
            continue
        front = sorted(pareto(pts, keys), key=lambda t: t["time_us"])
        parts.append("<h2>%s: the machines on the Pareto front of time over every grid key (%d of %d)</h2>"
                     % (e(model), len(front), len(pts)))
        parts.append("<table><tr>%s<th>time, µs</th><th>cycles</th><th>DRAM MiB</th><th>energy µJ</th></tr>"
                     % "".join("<th>%s</th>" % e(key_label(k)) for k in keys))
        for t in front[:100]:
            parts.append("<tr>%s<td>%.2f</td><td>%d</td><td>%.2f</td><td>%s</td></tr>" % (
                "".join("<td>%s</td>" % e(_num(t[k])) for k in keys), t["time_us"], t["cycles"], t["dram"] / 2**20,
                "%.2f" % (t["energy"] * 1e-6) if t["energy"] else ""))
        parts.append("</table>%s" % ("<p>(%d more)</p>" % (len(front) - 100) if len(front) > 100 else ""))

    xkey = _x_key(spec)
    table = bound_table(rows, spec)
    if table:
        xs = sorted({x for cells in table.values() for x in cells},
                    key=lambda v: (v is not None and xkey == "budget" and budget_kind(v) == "bytes", v or 0))
        parts.append("<h2>spadc's DRAM bytes / the lower bound for the capacity (worst over the other keys)</h2>"
                     "<p>Red: above 1.25 where DMA bounds the kernel's roofline. Grey italic: the kernel is bound "
                     "by compute or vector work at every point above 1.25 there, so its extra traffic costs no "
                     "time.</p>")
        parts.append("<table><tr><th>model</th><th>kernel</th>%s</tr>"
                     % "".join("<th>%s</th>" % e(value_label(xkey, v) if xkey else "") for v in xs))
        for mk in sorted(table, key=lambda mk: (mk[0], int(mk[1][1:]) if mk[1][1:].isdigit() else 0)):
            cells = []
            for v in xs:
                q, red = table[mk].get(v, (None, False))
                cls = " class=bad" if red else (" class=cb" if q and q > 1.25 else "")
                cells.append("<td%s>%s</td>" % (cls, "%.2f" % q if q else ""))
            parts.append("<tr><td>%s</td><td>%s</td>%s</tr>" % (e(mk[0]), e(mk[1]), "".join(cells)))
        parts.append("</table>")
    gaps = gap_table(rows)
    if gaps:
        parts.append("<h2>Why not the bound: each kernel's DRAM bytes above its lower bound, by cause, at the point "
                     "where that gap is largest (MiB)</h2><p>tile: operands re-read across tile loops; budget: the "
                     "re-reads the whole scratchpad would have avoided; outer: re-read across outer loops; epilogue: "
                     "epilogue operands re-read; halo: convolution and pool halos; burst padding (beside the gap): "
                     "bytes the DRAM requests fetch that no element uses.</p>")
        parts.append("<table><tr><th>model</th><th>kernel</th><th>point</th><th>gap</th>%s<th>burst padding</th></tr>"
                     % "".join("<th>%s</th>" % p for p in GAP_PARTS))
        mib = lambda v: "%.3f" % (v / 2**20) if v else ""  # noqa: E731
        for mk in sorted(gaps, key=lambda mk: (mk[0], int(mk[1][1:]) if mk[1][1:].isdigit() else 0)):
            r = gaps[mk]
            parts.append("<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td>%s<td>%s</td></tr>" % (
                e(mk[0]), e(mk[1]), e(str(r["point"])), mib(r["dram_gap"]),
                "".join("<td>%s</td>" % mib(r.get("dram_gap_" + p)) for p in GAP_PARTS), mib(r.get("burst_padding_bytes"))))
        parts.append("</table>")
    if nofit:
        parts.append("<h2>Points that do not fit</h2><table><tr><th>point</th><th>model</th><th>why</th></tr>")
        for r in nofit[:200]:
            parts.append("<tr><td>%s</td><td>%s</td><td>%s</td></tr>" % (e(r["point"]), e(r["model"]), e(r.get("why") or "")))
        parts.append("</table>%s" % ("<p>(%d more)</p>" % (len(nofit) - 200) if len(nofit) > 200 else ""))

    def page(tmp):
        with open(tmp, "w", encoding="utf-8") as f:
            f.write("\n".join(parts) + "\n")

    write_atomic(os.path.join(out_dir, "report.html"), page)
