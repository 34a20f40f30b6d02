"""The sweep's HTML report (DIR/report.html with PNGs beside it), drawn with
matplotlib from the rows spadc.sweep wrote:

- per model, the cycles of the whole model (the sum over its kernels) against
  the scratchpad per lane, one line per setting of the other grid keys;
- per model, the DRAM bytes against the scratchpad, with the capacity's
  lower bound (dram_bytes_lower_bound, summed) and the compulsory traffic;
- per model, the energy of the whole model (the kernels' energy_pj summed)
  against the scratchpad, with its DRAM part dashed;
- per model, the Pareto front of cycles against on-chip bytes (scratchpad
  per lane x lanes): the machines no other beats on both;
- a heat map of the first model's cycles over two grid keys (the spec's
  report: heatmap, else the first two keys with several values), the best
  over the other keys;
- a table of how far spadc's DRAM traffic is from the lower bound, per
  kernel and scratchpad size.
"""
import html
import os

from .sweep import write_atomic

SPAD = "vpu_spad_size_kb_per_lane"


def _totals(rows, spec):
    """{(model, point): dict(point values, cycles, dram, bound, minimum, fits)}"""
    keys = [k for k, _ in spec["grid"]]
    out = {}
    for r in rows:
        t = out.setdefault((r["model"], r["point"]), {"fits": True, "cycles": 0, "dram": 0, "bound": 0,
                                                      "energy": 0, "energy_dram": 0,
                                                      "min": 0, "has_bound": True, "spad_bpl": None,
                                                      **{k: r.get(k) for k in keys}})
        if not r.get("fits"):
            t["fits"] = False
            continue
        t["cycles"] += r.get("cycles") or 0
        t["dram"] += r.get("dram_bytes") or 0
        t["energy"] += r.get("energy_pj") or 0
        t["energy_dram"] += r.get("energy_dram_pj") or 0
        t["min"] += r.get("dram_bytes_min") or 0
        if r.get("dram_bytes_lower_bound") is None:
            t["has_bound"] = False
        else:
            t["bound"] += r["dram_bytes_lower_bound"]
        t["spad_bpl"] = r.get("spad_bytes_per_lane") or t["spad_bpl"]
    return out


def _machine_value(spec, t, key):
    v = t.get(key)
    return spec["machine"].get(key) if v is None else v


def write(rows, spec, out_dir):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    keys = [k for k, _ in spec["grid"]]
    xkey = SPAD if SPAD in keys else (keys[0] if keys else None)
    others = [k for k in keys if k != xkey]
    totals = _totals(rows, spec)
    models = [m["name"] for m in spec["models"]]
    figs = []

    def save(fig, name, title):
        try:
            write_atomic(os.path.join(out_dir, name), lambda tmp: fig.savefig(tmp, format="png", dpi=90, bbox_inches="tight"))
        finally:
            plt.close(fig)
        figs.append((name, title))

    for mi, model in enumerate(models):
        pts = [t for (m, _), t in totals.items() if m == model and t["fits"]]
        if not pts or xkey is None:
            continue
        series = {}
        for t in pts:
            series.setdefault(tuple(t[k] for k in others), []).append(t)
        shown = sorted(series)[:16]
        fig, ax = plt.subplots(1, 2, figsize=(13, 4.2))
        for lbl in shown:
            s = sorted(series[lbl], key=lambda t: t[xkey])
            name = ", ".join("%s=%s" % (_short(k), v) for k, v in zip(others, lbl)) or model
            ax[0].plot([t[xkey] for t in s], [t["cycles"] for t in s], marker="o", ms=3, label=name)
            ax[1].plot([t[xkey] for t in s], [t["dram"] / 2**20 for t in s], marker="o", ms=3, label=name)
            if all(t["has_bound"] for t in s):
                ax[1].plot([t[xkey] for t in s], [t["bound"] / 2**20 for t in s], ls="--", color="gray", lw=1)
        s0 = sorted(pts, key=lambda t: t[xkey])
        ax[1].plot([t[xkey] for t in s0], [t["min"] / 2**20 for t in s0], ls=":", color="black", lw=1,
                   label="compulsory (inputs once, outputs once)")
        if any(t["has_bound"] for t in pts):
            ax[1].plot([], [], ls="--", color="gray", label="lower bound for the capacity")
        for a, yl in zip(ax, ("cycles (whole model)", "DRAM MiB (whole model)")):
            a.set_xlabel(xkey)
            a.set_ylabel(yl)
            if xkey == SPAD:
                a.set_xscale("log", base=2)
            a.grid(alpha=0.3)
        if len(series) > len(shown):
            ax[1].plot([], [], ls="", label="(%d more settings not drawn)" % (len(series) - len(shown)))
        ax[1].legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.02, 1.0))
        fig.suptitle(model)
        save(fig, "model%d_vs_%s.png" % (mi, xkey), "%s: cycles and DRAM bytes against %s" % (model, xkey))

        # energy: the whole model's, its DRAM part dashed (rows of a journal
        # written before energy was reported have none: no plot)
        if any(t["energy"] for t in pts):
            fig, ax = plt.subplots(figsize=(8.5, 4.2))
            for n, lbl in enumerate(shown):
                s = sorted(series[lbl], key=lambda t: t[xkey])
                name = ", ".join("%s=%s" % (_short(k), v) for k, v in zip(others, lbl)) or model
                ax.plot([t[xkey] for t in s], [t["energy"] * 1e-6 for t in s], marker="o", ms=3, color="C%d" % (n % 10),
                        label=name)
                ax.plot([t[xkey] for t in s], [t["energy_dram"] * 1e-6 for t in s], ls="--", lw=1, color="C%d" % (n % 10))
            ax.plot([], [], ls="--", color="gray", label="its DRAM part")
            ax.set_xlabel(xkey)
            ax.set_ylabel("energy, uJ (whole model)")
            ax.set_ylim(bottom=0)
            if xkey == SPAD:
                ax.set_xscale("log", base=2)
            ax.grid(alpha=0.3)
            ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.02, 1.0))
            ax.set_title(model)
            save(fig, "model%d_energy_vs_%s.png" % (mi, xkey), "%s: energy against %s" % (model, xkey))

        # Pareto front: cycles against on-chip bytes
        pp = []
        for t in pts:
            lanes = _machine_value(spec, t, "vpu_num_lanes")
            if t["spad_bpl"] and lanes:
                pp.append((t["spad_bpl"] * lanes, t["cycles"], t))
        if pp:
            pp.sort(key=lambda p: (p[0], p[1]))
            front, best = [], None
            for b, c, t in pp:
                if best is None or c < best:
                    front.append((b, c))
                    best = c
            fig, ax = plt.subplots(figsize=(6.5, 4.2))
            ax.scatter([p[0] / 2**20 for p in pp], [p[1] for p in pp], s=8, alpha=0.4, label="machines")
            ax.step([f[0] / 2**20 for f in front], [f[1] for f in front], where="post", color="C3",
                    label="Pareto front")
            ax.set_xscale("log", base=2)
            ax.set_xlabel("on-chip scratchpad, MiB (per lane x lanes)")
            ax.set_ylabel("cycles (whole model)")
            ax.grid(alpha=0.3)
            ax.legend(fontsize=8)
            ax.set_title(model)
            save(fig, "model%d_pareto.png" % mi, "%s: the Pareto front of cycles against scratchpad" % model)

    heat = spec.get("heatmap") or [k for k, vs in spec["grid"] if len(vs) > 1][:2]
    if len(heat) == 2 and models:
        import numpy as np
        hx, hy = heat
        xs = next(vs for k, vs in spec["grid"] if k == hx)
        ys = next(vs for k, vs in spec["grid"] if k == hy)
        grid = np.full((len(ys), len(xs)), np.nan)
        for (m, _), t in totals.items():
            if m != models[0] or not t["fits"]:
                continue
            i, j = ys.index(t[hy]), xs.index(t[hx])
            grid[i, j] = t["cycles"] if np.isnan(grid[i, j]) else min(grid[i, j], t["cycles"])
        fig, ax = plt.subplots(figsize=(1.2 + 0.55 * len(xs), 1.2 + 0.45 * len(ys)))
        im = ax.imshow(grid, origin="lower", aspect="auto", cmap="viridis_r")
        ax.set_xticks(range(len(xs)), [str(v) for v in xs], rotation=60, fontsize=7)
        ax.set_yticks(range(len(ys)), [str(v) for v in ys], fontsize=7)
        ax.set_xlabel(hx)
        ax.set_ylabel(hy)
        if grid.size <= 150:
            for i in range(len(ys)):
                for j in range(len(xs)):
                    if not np.isnan(grid[i, j]):
                        ax.text(j, i, "%.3g" % grid[i, j], ha="center", va="center", fontsize=6, color="white")
        fig.colorbar(im, ax=ax, label="cycles (best over the others;\nblank: does not fit)")
        ax.set_title(models[0], fontsize=9)
        save(fig, "heatmap.png", "%s: cycles over %s and %s" % (models[0], hx, hy))

    _write_html(rows, spec, out_dir, figs, xkey)


def _short(k):
    return {"vpu_spad_size_kb_per_lane": "spad KiB", "vpu_num_lanes": "lanes",
            "num_systolic_array_per_core": "arrays", "spadc_dram_gbps_per_channel": "GB/s/ch",
            "dram_channels": "channels"}.get(k, k)


def _write_html(rows, spec, out_dir, figs, xkey):
    e = html.escape
    n_points = len({r["point"] for r in rows})
    nofit = [r for r in rows if not r.get("fits")]
    parts = ["<!doctype html><meta charset=utf-8><title>spadc sweep</title>",
             "<style>body{font-family:sans-serif;max-width:1200px;margin:2em auto}"
             "table{border-collapse:collapse;font-size:12px}td,th{border:1px solid #ccc;padding:2px 6px}"
             ".bad{background:#fdd}</style>",
             "<h1>spadc sweep</h1>",
             "<p>%d points &times; %d models on <b>%s</b>; %d rows, %d not fitting. Grid: %s. %s.</p>"
             % (n_points, len(spec["models"]), e(spec["hardware"]), len(rows), len(nofit),
                e("; ".join("%s %s" % (k, vs) for k, vs in spec["grid"])),
                "cycles simulated" if spec["simulate"] else "cycles estimated by the plan (simulate: false)"),
             "<p>Data: <a href=results.csv>results.csv</a>, <a href=results.parquet>results.parquet</a>.</p>"]
    for name, title in figs:
        parts.append("<h2>%s</h2><img src='%s'>" % (e(title), e(name)))
    # how far from the bound, per kernel and x value: the worst ratio over the other keys
    ratio = {}
    for r in rows:
        if r.get("fits") and r.get("dram_bytes_lower_bound") and r.get("dram_bytes"):
            key = (r["model"], r["kernel"], r.get(xkey))
            ratio[key] = max(ratio.get(key, 0), r["dram_bytes"] / r["dram_bytes_lower_bound"])
    if ratio:
        xs = sorted({k[2] for k in ratio})
        parts.append("<h2>spadc's DRAM bytes / the lower bound (worst over the other keys; red above 1.25)</h2>")
        parts.append("<table><tr><th>model</th><th>kernel</th>%s</tr>"
                     % "".join("<th>%s=%s</th>" % (e(_short(xkey)), v) for v in xs))
        for mk in sorted({(k[0], k[1]) for k in ratio}, key=lambda mk: (mk[0], int(mk[1][1:]) if mk[1][1:].isdigit() else 0)):
            cells = []
            for v in xs:
                q = ratio.get((mk[0], mk[1], v))
                cells.append("<td%s>%s</td>" % (" class=bad" if q and q > 1.25 else "", "%.2f" % q if q else ""))
            parts.append("<tr><td>%s</td><td>%s</td>%s</tr>" % (e(mk[0]), e(mk[1]), "".join(cells)))
        parts.append("</table>")
    if nofit:
        parts.append("<h2>Points that do not fit</h2><table><tr><th>point</th><th>model</th><th>why</th></tr>")
        for r in nofit[:200]:
            parts.append("<tr><td>%s</td><td>%s</td><td>%s</td></tr>" % (e(r["point"]), e(r["model"]), e(r.get("why") or "")))
        parts.append("</table>%s" % ("<p>(%d more)</p>" % (len(nofit) - 200) if len(nofit) > 200 else ""))
    def page(tmp):
        with open(tmp, "w") as f:
            f.write("\n".join(parts) + "\n")

    write_atomic(os.path.join(out_dir, "report.html"), page)
