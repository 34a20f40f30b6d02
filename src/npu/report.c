/* report.c - the npu target's reports (exec/report.h): the plan (the
 * machine, per kernel the tile the search chose, the scratchpad buffers per
 * lane with their offsets and lifetimes, the estimate against the roofline,
 * the search in brief; the DRAM arena) as text, JSON and SVG, and the runs'
 * simulated figures. */
#include <math.h>
#include <string.h>

#include "exec/report.h"
#include "backend.h"
#include "cores.h"

/* ------------------------------------------------------------- report */

static const char *bufs_text(int b, char *buf, size_t n) {
    if (b == NL_PANEL)
        snprintf(buf, n, "panel");
    else
        snprintf(buf, n, "x%d", b);
    return buf;
}

static void target_line(sp_strbuf *o, const nt_target *t) {
    sp_strbuf_printf(o,
                     "  machine: %lld lanes x %lld KiB scratchpad, %lld systolic array%s of %lldx%lld (%lld weight "
                     "slots), vector %lld bits, %lld MHz,\n"
                     "           DRAM %lld channel%s x %.1f GB/s (%.0f B/cycle peak, %.0f sustained), DMA latency %lld cycles, bursts of %lld B\n",
                     (long long)t->lanes, (long long)t->spad_kb_per_lane, (long long)t->num_sa, t->num_sa == 1 ? "" : "s",
                     (long long)t->lanes, (long long)t->lanes, (long long)t->sa_weight_slots, (long long)t->vlen_bits,
                     (long long)t->core_freq_mhz, (long long)t->dram_channels, t->dram_channels == 1 ? "" : "s",
                     t->dram_gbps_per_channel, nt_dram_peak_bytes_per_cycle(t), nt_dram_bytes_per_cycle(t), (long long)t->dma_latency,
                     (long long)t->dram_req_bytes);
}

static int64_t ceil_div_(int64_t a, int64_t b) { return b > 0 ? (a + b - 1) / b : 0; }

static double pct(int64_t a, int64_t b) { return b > 0 ? 100.0 * (double)a / (double)b : 0; }

/* The minimum bytes' DMA bound at the rate DRAM sustains: bound_dma_min is
 * at the peak (the rooflines' rate, machine.h), so it is scaled by peak
 * over sustained (a split kernel's per-core bound alike). */
static int64_t dma_min_sustained(const nt_target *t, const nl_choice *ch) {
    const double peak = nt_dram_peak_bytes_per_cycle(t), sus = nt_dram_bytes_per_cycle(t);
    const double v = sus > 0 ? ceil((double)ch->bound_dma_min * peak / sus) : 0;
    return v < (double)NC_TIME_MAX ? (int64_t)v : NC_TIME_MAX;
}

/* MACs over what the arrays of the cores the kernel ran on could do in its
 * cycles (a split kernel's: every core's arrays) */
static int64_t cores_used(const nk_plan *split) { return split && split->main.cores > 1 ? split->main.cores : 1; }

static double sa_util(const nt_target *t, const nk_plan *split, int64_t macs, int64_t cycles) {
    double cores = (double)cores_used(split);
    return cycles > 0 ? (double)macs / ((double)t->num_sa * (double)t->lanes * (double)t->lanes * cores * (double)cycles) : 0;
}

/* "energy_pj": {mac, vec, spad, dram, total} of a kernel's counts or a
 * program's sums, and the counts behind them (st NULL: a program's). */
static void energy_json(json_writer *w, const nc_energy *e, const nc_stats *st) {
    if (st) {
        json_kv_int(w, "spad_read_bytes", st->spad_read_bytes);
        json_kv_int(w, "spad_write_bytes", st->spad_write_bytes);
        json_kv_int(w, "dram_activations", st->dram_activations);
    }
    static const char *const names[] = {"mac", "vec", "spad", "dram", "total"};
    const double v[] = {e->mac, e->vec, e->spad, e->dram, e->total};
    json_kv_doubles(w, "energy_pj", names, v, SP_ARRAY_LEN(names));
}

/* Why a kernel moves more than its lower bound (lower.h, nl_gap); burst:
 * the bytes its DRAM requests fetch beyond its dma_bytes. */
static void gap_json(json_writer *w, const nl_gap *g, int64_t burst) {
    static const char *const names[] = {"total", "tile", "budget", "outer", "epilogue", "halo", "other", "split"};
    const int64_t v[] = {g->total, g->tile, g->budget, g->outer, g->epilogue, g->halo, g->other, g->split};
    json_kv_ints(w, "dram_gap", names, v, SP_ARRAY_LEN(names));
    json_kv_int(w, "burst_padding_bytes", burst);
}

/* The npu kernels' gaps and burst padding summed, part by part (the plan's
 * estimates). */
static nl_gap program_gap(ex_program *x, int64_t *burst) {
    nl_gap s;
    memset(&s, 0, sizeof s);
    *burst = 0;
    for (uint32_t i = 0; i < ex_kernels(x)->nk; i++) {
        const nl_choice *ch = nx_kernel(x, i).ch;
        if (!ch) continue;
        int64_t *a[] = {&s.total, &s.tile, &s.budget, &s.outer, &s.epilogue, &s.halo, &s.other, &s.split, burst};
        const int64_t b[] = {ch->gap.total, ch->gap.tile, ch->gap.budget, ch->gap.outer, ch->gap.epilogue, ch->gap.halo,
                             ch->gap.other, ch->gap.split, ch->est.dram_request_bytes - ch->est.dma_bytes};
        for (size_t j = 0; j < SP_ARRAY_LEN(b); j++) *a[j] = nc_add(*a[j], b[j]);
    }
    return s;
}

static void gap_text(sp_strbuf *o, const nl_gap *g, int64_t burst) {
    sp_strbuf_printf(o, "%lld bytes above the lower bound: tile %lld, budget %lld, outer loops %lld, epilogue %lld, halo %lld, other %lld",
                     (long long)g->total, (long long)g->tile, (long long)g->budget, (long long)g->outer, (long long)g->epilogue,
                     (long long)g->halo, (long long)g->other);
    if (g->split) sp_strbuf_printf(o, ", split over cores %lld", (long long)g->split);
    sp_strbuf_printf(o, "; burst padding %lld more bytes in DRAM requests", (long long)burst);
}

/* The energy in words: "12.3 uJ (MAC 5.6, vector 0.1, scratchpad 1.2, DRAM 5.4)". */
static void energy_text(sp_strbuf *o, const nc_energy *e) {
    sp_strbuf_printf(o, "%.4g uJ (MAC %.4g, vector %.4g, scratchpad %.4g, DRAM %.4g)", e->total * 1e-6, e->mac * 1e-6,
                     e->vec * 1e-6, e->spad * 1e-6, e->dram * 1e-6);
}

/* A loop kernel's mode: a map, a reduction, a copy (no vector program),
 * or a gather (a map of indices, then the gathering DMA). */
static const char *mode_text(const nl_kernel *kp) {
    return kp->copy ? "copy" : kp->gather ? "gather" : kp->rows ? "row-wise" : kp->win ? "window" : kp->mode == NP_VMAP ? "map" : "reduction";
}

/* A loop kernel's output: written over its input, or 1 or 2 buffers. */
static const char *out_text(const nl_kernel *kp, const nl_cand *c) {
    return kp->inplace >= 0 ? "in place" : c->ybuf == 2 ? "x2" : "x1";
}

static const char *fold_text(int fold, char *buf, size_t n) {
    snprintf(buf, n, fold == 1 ? " kw-folded" : " kw,%dkh-folded", fold);
    return buf;
}

/* A candidate in a few words: tile, and for contractions the loop order,
 * the buffering of X, W, Y and when epilogue operands load. */
static const char *cand_text(const nl_kernel *kp, const nl_cand *c, char *buf, size_t n) {
    char b1[16], b2[16], fb[24];
    if (kp->att)
        snprintf(buf, n, "%lld rows x %lld keys %s K/V x%d state x%d", (long long)c->tm, (long long)c->tn,
                 c->order == NL_ORDER_NMK ? "S" : "S^T", c->xbuf, c->wbuf);
    else if (kp->rows)
        snprintf(buf, n, "%lldx%lld axis %s in x%d out x%d", (long long)c->tm, (long long)c->tn,
                 c->order == NL_ORDER_NMK ? "down" : "across", c->xbuf, c->ybuf);
    else if (kp->win)
        snprintf(buf, n, "%lld rows x %lld px x %lld lanes in x%d out x%d", (long long)c->tm, (long long)c->tk,
                 (long long)c->tn, c->xbuf, c->ybuf);
    else if (kp->gemm)
        snprintf(buf, n, "%lld,%lld,%lld %s X %s W %s Y x%d%s%s", (long long)c->tm, (long long)c->tn, (long long)c->tk,
                 c->order == NL_ORDER_MNK ? "mnk" : "nmk", bufs_text(c->xbuf, b1, sizeof b1), bufs_text(c->wbuf, b2, sizeof b2),
                 c->ybuf, kp->nin ? (c->early ? " early" : " late") : "", c->fold ? fold_text(c->fold, fb, sizeof fb) : "");
    else
        snprintf(buf, n, "%lldx%lld in x%d out %s", (long long)c->tm, (long long)c->tn, c->xbuf, out_text(kp, c));
    return buf;
}

/* The tile search in brief: counts per verdict, the best timed candidates
 * (the chosen one marked *), and the first few of every other verdict. */
static void print_search(sp_strbuf *o, const nl_kernel *kp, const nl_choice *ch) {
    const uint32_t *nv = ch->nverdict;
    sp_strbuf_printf(o,
                     "    search: %u candidates: %u timed; %u over the budget by peak-live bytes, %u over it as planned; "
                     "%u unable to beat the best (cycle bound)%s",
                     ch->ncand, nv[NL_TIMED], nv[NL_OVER_PEAK], nv[NL_OVER_PLANNED], nv[NL_BOUND],
                     nv[NL_LIMIT] ? "" : "\n");
    if (nv[NL_LIMIT]) sp_strbuf_printf(o, "; %u left untimed at the search's effort limit (best found)\n", nv[NL_LIMIT]);
    if (ch->objective != NL_OBJ_CYCLES)
        sp_strbuf_printf(o, "    objective: the least %s\n", ch->objective == NL_OBJ_ENERGY ? "energy"
                                                             : ch->objective == NL_OBJ_DRAM ? "DRAM energy"
                                                                                            : "energy x cycles");
    char buf[96];
    for (uint32_t i = 0; i < ch->ntop; i++) {
        const nl_cand_rec *r = &ch->top[i];
        sp_strbuf_printf(o, "      %c %-40s %8lld B/lane %10lld cycles\n", i == 0 ? '*' : ' ', cand_text(kp, &r->c, buf, sizeof buf),
                         (long long)r->footprint, (long long)r->cycles);
    }
    if (ch->ntop < nv[NL_TIMED]) sp_strbuf_printf(o, "        (%u more timed)\n", nv[NL_TIMED] - ch->ntop);
    for (uint32_t v = NL_TIMED + 1; v < NL_NVERDICTS; v++) { /* grouped by verdict */
        for (uint32_t i = 0; i < ch->nrejects; i++) {
            const nl_cand_rec *r = &ch->rejects[i];
            if (r->verdict != v) continue;
            cand_text(kp, &r->c, buf, sizeof buf);
            switch ((nl_verdict)r->verdict) {
            case NL_OVER_PEAK:
                sp_strbuf_printf(o, "      x %-40s rejected: peak live %lld B > budget %lld B\n", buf, (long long)r->footprint,
                                 (long long)ch->budget);
                break;
            case NL_OVER_PLANNED:
                sp_strbuf_printf(o, "      x %-40s rejected: planned footprint %lld B > budget %lld B\n", buf,
                                 (long long)r->footprint, (long long)ch->budget);
                break;
            case NL_BOUND:
                sp_strbuf_printf(o, "      - %-40s not timed: at least %lld cycles > the best %lld\n", buf, (long long)r->cycles,
                                 (long long)ch->est.cycles);
                break;
            default:
                sp_strbuf_printf(o, "      - %-40s not timed: search effort limit (%lld B/lane peak live)\n", buf,
                                 (long long)r->footprint);
            }
        }
    }
}

static void core_cycles_text(sp_strbuf *o, const nk_phase *ph) {
    for (uint32_t c = 0; c < ph->cores; c++) sp_strbuf_printf(o, "%s%lld", c ? " " : "", (long long)ph->core_est[c].cycles);
}

static void tried_text(sp_strbuf *o, const nk_plan *sp);
static void dram_floor_text(sp_strbuf *o, const nk_plan *sp);

/* "cores: 4 of 8, split mn (a 2x2 grid): 256 rows x 1536 columns a core
 * (the last core's 128 x 1536); ..." */
static void cores_text(sp_strbuf *o, const nk_plan *sp) {
    const nk_phase *m = &sp->main;
    sp_strbuf_printf(o, "    cores: %u of %lld", m->cores, (long long)m->t.num_cores);
    if (sp->kind == NK_NONE) {
        nt_target alone = m->t;
        alone.icnt_ports = INT32_MAX; /* the channels' rate alone */
        sp_strbuf_printf(o, " (a split over more costs more by the objective; the DRAM channels give %.1f B/cycle at "
                            "their peak to all cores together, one core's injection ports take %.1f)\n",
                         nt_dram_peak_bytes_per_cycle(&alone), nt_noc_bytes_per_cycle(&m->t));
        dram_floor_text(o, sp);
        tried_text(o, sp);
        return;
    }
    const nl_kernel *k0 = &nk_part_of(m, 0)->kp, *kl = &nk_part_of(m, m->cores - 1)->kp;
    sp_strbuf_printf(o, ", split %s (a %ux%u grid): %lld rows x %lld columns x %lld reduction steps a core",
                     nk_kind_name((nk_kind)sp->kind), m->n[0], m->n[1], (long long)k0->M, (long long)k0->N, (long long)k0->K);
    if (kl->M != k0->M || kl->N != k0->N || kl->K != k0->K)
        sp_strbuf_printf(o, " (the last core's %lld x %lld x %lld)", (long long)kl->M, (long long)kl->N, (long long)kl->K);
    sp_strbuf_printf(o, "; the DRAM channels shared: %.1f B/cycle sustained a core; tile and buffers: core 0's\n",
                     nt_dram_bytes_per_cycle(&m->t));
    sp_strbuf_printf(o, "    cycles per core: ");
    core_cycles_text(o, m);
    if (nk_reduces(sp->kind)) {
        if (sp->onchip)
            sp_strbuf_printf(o, "; then the %u partial sums, parked on chip over the interconnect (%lld B per lane in each "
                                "reducing core, %lld B of noc traffic), reduced on %u cores: ",
                             sp->npartials, (long long)sp->park_bytes, (long long)sp->est.noc_bytes, sp->red.cores);
        else
            sp_strbuf_printf(o, "; then the %u partial sums reduced through DRAM on %u cores: ", sp->npartials, sp->red.cores);
        core_cycles_text(o, &sp->red);
    }
    for (int i = 0; i < 2; i++)
        if (m->t.mcast_ways[i] > 1)
            sp_strbuf_printf(o, "; %s fetched once and shared over the interconnect by each %lld cores (each fetches 1/%lld "
                                "of it from DRAM; %lld B of noc traffic in all)",
                             m->t.mcast_tensor[i] == k0->lhs.value ? "X" : "W", (long long)m->t.mcast_ways[i],
                             (long long)m->t.mcast_ways[i], (long long)sp->est.noc_bytes);
    sp_strbuf_printf(o, "\n");
    dram_floor_text(o, sp);
    tried_text(o, sp);
}

/* " (on chip)", " (via DRAM)" for split K; " (shared)" for a split whose
 * cores share an operand over the interconnect */
static const char *route_text(const nk_tried *t) {
    if (nk_reduces(t->kind)) return t->onchip ? " (on chip)" : " (via DRAM)";
    return t->onchip ? " (shared)" : "";
}

/* "DRAM: 17313792 bytes at the channels' sustained ... take 48280 cycles,
 * 99% of the estimate: more cores cannot go below it" - why a DRAM-bound
 * kernel gains little from cores (the channels are shared, cores.h) */
static void dram_floor_text(sp_strbuf *o, const nk_plan *sp) {
    nt_target all = sp->main.t;
    all.dram_sharers = 1;
    all.icnt_ports = INT32_MAX; /* the channels' rate alone */
    double bw = nt_dram_bytes_per_cycle(&all);
    int64_t floor_c = bw > 0 ? (int64_t)ceil((double)sp->est.dma_bytes / bw) : 0, est = sp->est.cycles;
    if (floor_c <= 0 || est <= 0) return;
    double share = (double)floor_c / (double)est;
    sp_strbuf_printf(o, "    DRAM: %lld bytes at the channels' sustained %.1f B/cycle (all cores together) take %lld cycles, %.0f%% of "
                        "the estimate%s\n",
                     (long long)sp->est.dma_bytes, bw, (long long)floor_c, 100.0 * share,
                     share >= 0.9 ? ": more cores cannot go far below it" : "");
}

/* "splits weighed: none 1x1 48650, m 2x1 26675, ..." */
static void tried_text(sp_strbuf *o, const nk_plan *sp) {
    sp_strbuf_printf(o, "    splits weighed (kind grid cycles):");
    for (uint32_t i = 0; i < sp->ntried; i++) {
        const nk_tried *t = &sp->tried[i];
        sp_strbuf_printf(o, "%s %s%s %ux%u ", i ? "," : "", nk_kind_name((nk_kind)t->kind), route_text(t), t->n[0], t->n[1]);
        if (t->cycles)
            sp_strbuf_printf(o, "%lld", (long long)t->cycles);
        else
            sp_strbuf_printf(o, "(does not plan)");
    }
    sp_strbuf_printf(o, "\n");
}

static void dims_json(json_writer *w, const char *key, const nl_kernel *k) {
    json_key(w, key);
    json_begin_object(w);
    json_kv_int(w, "m", k->M);
    json_kv_int(w, "n", k->N);
    json_kv_int(w, "k", k->K);
    json_end_object(w);
}

static void cores_json(json_writer *w, const nk_plan *sp) {
    const nk_phase *m = &sp->main;
    json_key(w, "cores");
    json_begin_object(w);
    json_kv_int(w, "used", m->cores);
    json_kv_int(w, "available", m->t.num_cores);
    json_kv_string(w, "split", nk_kind_name((nk_kind)sp->kind));
    json_key(w, "grid");
    ex_json_ints(w, (int64_t[]){m->n[0], m->n[1]}, 2);
    dims_json(w, "chunk", &nk_part_of(m, 0)->kp);
    dims_json(w, "last_chunk", &nk_part_of(m, m->cores - 1)->kp);
    json_kv_string(w, "reduction", !nk_reduces(sp->kind) ? "none" : sp->onchip ? "onchip" : "dram");
    json_kv_bool(w, "shared_operand", !nk_reduces(sp->kind) && sp->onchip); /* fetched once, passed among the cores */
    json_kv_int(w, "park_bytes", nk_reduces(sp->kind) && sp->onchip ? sp->park_bytes : 0); /* per lane, each reducing core */
    json_kv_int(w, "noc_bytes", sp->est.noc_bytes);
    json_kv_double(w, "dma_bytes_per_cycle_per_core", nt_dram_bytes_per_cycle(&m->t));
    json_key(w, "weighed"); /* the splits the choice weighed (cycles 0: did not plan) */
    json_begin_array(w);
    for (uint32_t i = 0; i < sp->ntried; i++) {
        const nk_tried *t = &sp->tried[i];
        json_begin_object(w);
        json_kv_string(w, "split", nk_kind_name((nk_kind)t->kind));
        json_key(w, "grid");
        ex_json_ints(w, (int64_t[]){t->n[0], t->n[1]}, 2);
        json_kv_string(w, "reduction", !nk_reduces(t->kind) ? "none" : t->onchip ? "onchip" : "dram");
        json_kv_bool(w, "shared_operand", !nk_reduces(t->kind) && t->onchip);
        json_kv_int(w, "cycles", t->cycles);
        json_kv_int(w, "dma_bytes", t->dma_bytes);
        json_end_object(w);
    }
    json_end_array(w);
    const nk_phase *ph[] = {m, &sp->red};
    static const char *const key[] = {"core_cycles", "reduction_core_cycles"};
    for (int i = 0; i < (nk_reduces(sp->kind) ? 2 : 1); i++) {
        json_key(w, key[i]);
        json_begin_array(w);
        for (uint32_t c = 0; c < ph[i]->cores; c++) json_int(w, ph[i]->core_est[c].cycles);
        json_end_array(w);
    }
    json_end_object(w);
}

/* The chosen tile in words, by kernel family (attention, rows, window,
 * contraction, loop), and a convolution's geometry. */
static void tile_text(sp_strbuf *o, const nl_kernel *kp, const nl_cand *c) {
    char b1[16], b2[16];
    if (kp->att)
        sp_strbuf_printf(o,
                         "    tile %lld query rows x %lld keys (one head), %s; online softmax over %lld key tile%s; "
                         "%s and score operands x%d, row state (%s) x%d; S and P never stored "
                         "(on chip only), Q loaded once per row tile, O stored once\n",
                         (long long)c->tm, (long long)c->tn,
                         c->order == NL_ORDER_NMK ? "as S is (keys across the lanes)" : "held transposed (query rows across the lanes)",
                         (long long)ceil_div_(kp->att->keys, c->tn), ceil_div_(kp->att->keys, c->tn) == 1 ? "" : "s",
                         c->order == NL_ORDER_NMK ? "K^T, V" : "K, V^T", c->xbuf,
                         c->order == NL_ORDER_NMK ? "S, m, l, alpha, O" : "S^T, m, alpha, [O|l]^T", c->wbuf);
    else if (kp->rows)
        sp_strbuf_printf(o,
                         "    tile %lldx%lld (rows x cols), the axis (%lld) %s; %u parts on the vector unit, their "
                         "values on chip only; inputs loaded once (x%d), the result stored once (x%d)\n",
                         (long long)c->tm, (long long)c->tn, (long long)kp->rows->A,
                         c->order == NL_ORDER_NMK ? "down each lane" : "across the lanes", kp->rows->nstep, c->xbuf,
                         c->ybuf);
    else if (kp->win)
        sp_strbuf_printf(o,
                         "    window %lldx%lld (stride %lld,%lld, dilation %lld,%lld): tile %lld output rows x %lld pixels "
                         "(down each lane) x %lld lanes; the input's halo loaded once per tile (x%d), the window's "
                         "steps within the lanes, the output stored once (x%d)\n",
                         (long long)kp->win->KQ, (long long)kp->win->KP, (long long)kp->win->sq,
                         (long long)kp->win->sp, (long long)kp->win->dlq, (long long)kp->win->dlp,
                         (long long)c->tm, (long long)c->tk, (long long)c->tn, c->xbuf, c->ybuf);
    else if (kp->gemm)
        sp_strbuf_printf(o, "    tile %lld,%lld,%lld, loop order %s; X %s, W %s, Y x%d; operands loaded %s\n", (long long)c->tm,
                         (long long)c->tn, (long long)c->tk, c->order == NL_ORDER_MNK ? "m,n,k" : "n,m,k",
                         bufs_text(c->xbuf, b1, sizeof b1), bufs_text(c->wbuf, b2, sizeof b2), c->ybuf,
                         kp->nin ? (c->early ? "early" : "late") : "-");
    else
        sp_strbuf_printf(o, "    tile %lldx%lld (rows x cols); inputs x%d, output %s\n", (long long)c->tm, (long long)c->tn,
                         c->xbuf, out_text(kp, c));
    if (kp->cv.on) {
        const nl_conv *cv = &kp->cv;
        int64_t TB, TOH;
        nl_conv_tiling(kp, c->tm, &TB, &TOH);
        sp_strbuf_printf(o,
                         "    %sconvolution: %lld images of %lldx%lld pixels, window %lldx%lld, stride %lldx%lld, padding %lld,%lld "
                         "(in the halo loads); a tile is %lld %s (%lld pixels); halo %lld x %lld padded pixels per image%s; "
                         "weights as rows (%s)%s\n",
                         cv->depthwise ? "depthwise (on the vector unit, one op per tap) " : "", (long long)cv->NB,
                         (long long)cv->OH, (long long)cv->OW, (long long)cv->KH, (long long)cv->KW,
                         (long long)cv->sh, (long long)cv->sw, (long long)cv->pt, (long long)cv->pl,
                         (long long)(TOH == cv->OH ? TB : TOH), TOH == cv->OH ? (TB == 1 ? "image" : "images") : "output rows",
                         (long long)c->tm, (long long)nl_conv_halo_rows(kp, TOH, TOH), (long long)cv->Wp,
                         c->fold ? ", in shifted copies (the folded taps)" : "", cv->tap_major ? "kh, kw, c" : "c, kh, kw",
                         c->fold == 1 ? "; the window's columns folded into the reduction (one GEMM per window row)"
                         : c->fold ? "; the window's columns and rows folded into the reduction (one GEMM per group of window rows)" : "");
    }
}

/* The chosen candidate's buffers, a line each. */
static void bufs_table(sp_strbuf *o, const nl_choice *ch) {
    for (uint32_t b = 0; b < ch->nbufs; b++) {
        const nl_buf *bb = &ch->bufs[b];
        char shape[48];
        if (bb->nchunks > 1)
            snprintf(shape, sizeof shape, "%lld x [%lldx%lld]", (long long)bb->nchunks, (long long)bb->rows, (long long)bb->cols);
        else
            snprintf(shape, sizeof shape, "[%lldx%lld]", (long long)bb->rows, (long long)bb->cols);
        sp_strbuf_printf(o, "      %-10s %-8s %-18s %9lld B at %-8lld live steps %lld..%lld%s\n", bb->name,
                         nl_role_name((nl_role)bb->role), shape, (long long)bb->bytes, (long long)bb->offset, (long long)bb->lo,
                         (long long)bb->hi - 1, bb->broadcast ? "  (broadcast)" : "");
    }
}

static void kernel_report(sp_strbuf *o, ex_program *x, uint32_t i) {
    const kn_program *p = ex_kernels(x);
    const nt_target *t = nx_target(x);
    const kernel *k = &p->k[i];
    nx_kernel_info ki = nx_kernel(x, i);
    char buf[128];
    sp_strbuf_printf(o, "k%u  %s", i, kn_kind_name(k->kind));
    if (k->kind == KN_CONTRACTION)
        sp_strbuf_printf(o, "  b=%lld m=%lld n=%lld k=%lld", (long long)k->b, (long long)k->m, (long long)k->n, (long long)k->k);
    else if (ki.kp->att && ki.kp->npu)
        sp_strbuf_printf(o, "  heads=%lld rows=%lld keys=%lld d=%lld dv=%lld", (long long)ki.kp->att->heads,
                         (long long)ki.kp->att->rows, (long long)ki.kp->att->keys, (long long)ki.kp->att->d,
                         (long long)ki.kp->att->dv);
    else if (k->kind == KN_ATTENTION && k->att) /* left to the host before its figures were found: the match's */
        sp_strbuf_printf(o, "  rows=%lld keys=%lld", (long long)k->att->rows, (long long)k->att->keys);
    else if (ki.kp->npu)
        sp_strbuf_printf(o, "  %lld x %lld (%s)", (long long)ki.kp->M, (long long)ki.kp->N, mode_text(ki.kp));
    sp_strbuf_printf(o, "  -> %s  (%s)\n", ex_value_label(k->out, buf, sizeof buf), ki.ch ? "npu" : "host");
    ex_text_ops(o, k);
    if (!ki.ch) {
        sp_strbuf_printf(o, "    runs on the host (reference semantics): %s\n", ex_kernel_why(x, i));
        return;
    }
    const nl_choice *ch = ki.ch;
    const nl_cand *c = &ch->cand;
    tile_text(o, ki.kp, c);
    if (ki.split && t->num_cores > 1) cores_text(o, ki.split);
    sp_strbuf_printf(o, "    buffers per lane: footprint %lld of %lld bytes, peak live %lld\n", (long long)ch->footprint,
                     (long long)ch->budget, (long long)ch->peak_live);
    bufs_table(o, ch);
    int64_t roof = ch->bound_compute;
    if (ch->bound_vector > roof) roof = ch->bound_vector;
    if (ch->bound_dma_min > roof) roof = ch->bound_dma_min;
    /* the same bound with the minimum bytes at the rate DRAM sustains
     * (spadc_dram_efficiency), which is what the silicon's "1.07-1.10x its
     * roofline" is measured against (bench/silicon.sh) */
    const int64_t dma_sus = dma_min_sustained(t, ch);
    const int64_t roof_sus = roof > dma_sus ? roof : dma_sus;
    sp_strbuf_printf(o,
                     "    estimate: %lld cycles (%.1f us at %lld MHz), %.2fx the roofline %lld (compute %lld, DMA of the "
                     "minimum bytes %lld, vector %lld; DMA of the bytes moved %lld); %.2fx it with DRAM at its sustained "
                     "rate (the minimum bytes in %lld)\n",
                     (long long)ch->est.cycles, (double)ch->est.cycles / (double)t->core_freq_mhz, (long long)t->core_freq_mhz,
                     roof ? (double)ch->est.cycles / (double)roof : 0, (long long)roof, (long long)ch->bound_compute,
                     (long long)ch->bound_dma_min, (long long)ch->bound_vector, (long long)ch->bound_dma,
                     roof_sus ? (double)ch->est.cycles / (double)roof_sus : 0, (long long)dma_sus);
    sp_strbuf_printf(o, "    DMA %lld bytes (minimum %lld, %.2fx; lower bound for this budget %lld, %.2fx), array utilisation "
                        "%.1f%%, vector unit busy %.1f%%\n",
                     (long long)ch->est.dma_bytes, (long long)ki.kp->min_dma_bytes,
                     ki.kp->min_dma_bytes ? (double)ch->est.dma_bytes / (double)ki.kp->min_dma_bytes : 0,
                     (long long)ch->dram_lower_bound,
                     ch->dram_lower_bound ? (double)ch->est.dma_bytes / (double)ch->dram_lower_bound : 0,
                     100.0 * sa_util(t, ki.split, ch->est.macs, ch->est.cycles), pct(ch->est.vu_busy, nc_mul(ch->est.cycles, cores_used(ki.split))));
    sp_strbuf_printf(o, "    DRAM gap: ");
    gap_text(o, &ch->gap, ch->est.dram_request_bytes - ch->est.dma_bytes);
    sp_strbuf_printf(o, "\n");
    nc_energy en = nc_energy_of(t, &ch->est);
    sp_strbuf_printf(o, "    energy: ");
    energy_text(o, &en);
    sp_strbuf_printf(o, "; %lld MACs, scratchpad %lld bytes read and %lld written, DRAM %lld bytes in %lld row "
                        "activations\n",
                     (long long)ch->est.macs, (long long)ch->est.spad_read_bytes, (long long)ch->est.spad_write_bytes,
                     (long long)ch->est.dram_request_bytes, (long long)ch->est.dram_activations);
    print_search(o, ki.kp, ch);
}

/* "tile": {"m", "n", "k"} of a candidate (zeros for none: a host kernel). */
static void tile_json(json_writer *w, const nl_cand *c) {
    json_key(w, "tile");
    json_begin_object(w);
    json_kv_int(w, "m", c ? c->tm : 0);
    json_kv_int(w, "n", c ? c->tn : 0);
    json_kv_int(w, "k", c ? c->tk : 0);
    json_end_object(w);
}

/* A candidate's loop order and buffering (contractions), or its input
 * buffers and output (loop kernels). */
static void schedule_json(json_writer *w, const nl_kernel *kp, const nl_cand *c) {
    char buf[16];
    if (kp->att) {
        json_kv_string(w, "layout", c->order == NL_ORDER_NMK ? "rows" : "transposed");
        json_kv_int(w, "rows", c->tm);
        json_kv_int(w, "keys", c->tn);
        json_kv_int(w, "key_tiles", ceil_div_(kp->att->keys, c->tn));
        json_kv_int(w, "kv_buffers", c->xbuf);
        json_kv_int(w, "row_state_buffers", c->wbuf);
    } else if (kp->win) {
        json_kv_int(w, "output_rows", c->tm);
        json_kv_int(w, "pixels", c->tk);
        json_kv_int(w, "lanes", c->tn);
        json_kv_int(w, "input_buffers", c->xbuf);
        json_kv_int(w, "output_buffers", c->ybuf);
    } else if (kp->rows) {
        json_kv_string(w, "layout", c->order == NL_ORDER_NMK ? "axis_down_lanes" : "axis_across_lanes");
        json_kv_int(w, "parts", kp->rows->nstep);
        json_kv_int(w, "input_buffers", c->xbuf);
        json_kv_int(w, "output_buffers", c->ybuf);
    } else if (kp->gemm) {
        json_kv_string(w, "order", c->order == NL_ORDER_MNK ? "m,n,k" : "n,m,k");
        json_kv_string(w, "x_buffers", bufs_text(c->xbuf, buf, sizeof buf));
        json_kv_string(w, "w_buffers", bufs_text(c->wbuf, buf, sizeof buf));
        json_kv_int(w, "y_buffers", c->ybuf);
        json_kv_string(w, "operands", kp->nin ? (c->early ? "early" : "late") : "none");
        if (kp->cv.on) { /* a convolution as an implicit GEMM */
            int64_t TB, TOH;
            nl_conv_tiling(kp, c->tm, &TB, &TOH);
            json_kv_string(w, "conv", kp->cv.depthwise ? "depthwise" : "implicit_gemm"); /* on the vector unit, or the arrays */
            json_kv_int(w, "in_channels", kp->cv.C);
            json_key(w, "window");
            json_begin_array(w);
            json_int(w, kp->cv.KH);
            json_int(w, kp->cv.KW);
            json_end_array(w);
            json_kv_int(w, "images_per_tile", TB);
            json_kv_int(w, "rows_per_tile", TOH);
            json_kv_bool(w, "kw_folded", c->fold);
            json_kv_int(w, "kh_folded", c->fold); /* window rows per GEMM when folded */
            json_kv_string(w, "weight_rows", kp->cv.tap_major ? "kh,kw,c" : "c,kh,kw");
        }
    } else {
        json_kv_int(w, "input_buffers", c->xbuf);
        json_kv_string(w, "output", out_text(kp, c));
    }
}

/* "candidates": the best timed ones (the first is the choice), then the
 * first few of every other verdict. */
static void candidates_json(json_writer *w, const nl_kernel *kp, const nl_choice *ch) {
    json_key(w, "candidates");
    json_begin_array(w);
    for (uint32_t i = 0; i < ch->ntop + ch->nrejects; i++) {
        const nl_cand_rec *r = i < ch->ntop ? &ch->top[i] : &ch->rejects[i - ch->ntop];
        const nl_cand *c = &r->c;
        json_begin_object(w);
        tile_json(w, c);
        schedule_json(w, kp, c);
        bool planned = r->verdict == NL_TIMED || r->verdict == NL_OVER_PLANNED;
        json_kv_int(w, planned ? "footprint_bytes" : "peak_live_bytes", r->footprint);
        json_kv_int(w, r->verdict == NL_TIMED ? "est_cycles" : "cycles_lower_bound", r->cycles);
        if (r->verdict == NL_TIMED) json_kv_int(w, "dma_bytes", r->dma_bytes);
        json_kv_bool(w, "chosen", i == 0);
        json_kv_string(w, "verdict", nl_verdict_name((nl_verdict)r->verdict));
        json_end_object(w);
    }
    json_end_array(w);
}

static void kernel_json(json_writer *w, ex_program *x, uint32_t i) {
    const kn_program *p = ex_kernels(x);
    const nt_target *t = nx_target(x);
    const kernel *k = &p->k[i];
    nx_kernel_info ki = nx_kernel(x, i);
    const nl_choice *ch = ki.ch;
    ex_json_kernel_begin(w, k, i);
    json_key(w, "dims");
    json_begin_object(w);
    bool con = k->kind == KN_CONTRACTION;
    /* an attention: b heads, m query rows, n keys, k the head dim */
    json_kv_int(w, "b", con ? k->b : ki.kp->npu ? ki.kp->npar_total : 1);
    json_kv_int(w, "m", con ? k->m : ki.kp->npu ? ki.kp->M : 1);
    json_kv_int(w, "n", con ? k->n : ki.kp->npu ? ki.kp->N : ir_type_numel(k->out->type));
    json_kv_int(w, "k", con ? k->k : ki.kp->att ? ki.kp->att->d : 0);
    json_end_object(w);
    tile_json(w, ch ? &ch->cand : NULL);
    json_kv_string(w, "unit", "per_lane");
    json_kv_string(w, "path", ch ? "npu" : "reference");
    if (!ch) json_kv_string(w, "reason", ex_kernel_why(x, i));
    json_kv_int(w, "budget_bytes", nx_budget(x));
    json_kv_int(w, "footprint_bytes", ch ? ch->footprint : 0);
    json_kv_int(w, "peak_live_bytes", ch ? ch->peak_live : 0);
    json_key(w, "buffers");
    json_begin_array(w);
    for (uint32_t b = 0; ch && b < ch->nbufs; b++) {
        const nl_buf *bb = &ch->bufs[b];
        json_begin_object(w);
        json_kv_string(w, "name", bb->name);
        json_kv_string(w, "role", nl_role_name((nl_role)bb->role));
        json_key(w, "shape");
        json_begin_array(w);
        if (bb->nchunks > 1) json_int(w, bb->nchunks);
        json_int(w, bb->rows);
        json_int(w, bb->cols);
        json_end_array(w);
        json_kv_int(w, "offset", bb->offset);
        json_kv_int(w, "bytes", bb->bytes);
        json_kv_string(w, "dtype", np_dtype_name((np_dtype)bb->dt));
        json_key(w, "live");
        ex_json_ints(w, (int64_t[]){bb->lo, bb->hi - 1}, 2);
        json_kv_bool(w, "broadcast", bb->broadcast);
        json_end_object(w);
    }
    json_end_array(w);
    ex_json_epilogue(w, k);
    if (ch) {
        json_kv_int(w, "est_cycles", ch->est.cycles);
        json_kv_double(w, "est_us", (double)ch->est.cycles / (double)t->core_freq_mhz);
        if (ki.split) cores_json(w, ki.split);
        json_key(w, "schedule");
        json_begin_object(w);
        if (ki.kp->att)
            json_kv_string(w, "mode", "attention");
        else if (ki.kp->rows)
            json_kv_string(w, "mode", "rows");
        else if (ki.kp->win)
            json_kv_string(w, "mode", "window");
        else if (!ki.kp->gemm)
            json_kv_string(w, "mode", mode_text(ki.kp));
        schedule_json(w, ki.kp, &ch->cand);
        json_end_object(w);
        static const char *const roof[] = {"compute_cycles", "dma_min_cycles", "dma_cycles", "vector_cycles",
                                           "dma_min_sustained_cycles"};
        const int64_t rv[] = {ch->bound_compute, ch->bound_dma_min, ch->bound_dma, ch->bound_vector,
                              dma_min_sustained(t, ch)};
        json_kv_ints(w, "roofline", roof, rv, SP_ARRAY_LEN(roof));
        json_kv_int(w, "dma_bytes", ch->est.dma_bytes);
        json_kv_int(w, "dram_request_bytes", ch->est.dram_request_bytes);
        json_kv_int(w, "min_dma_bytes", ki.kp->min_dma_bytes);
        json_kv_int(w, "dram_bytes_lower_bound", ch->dram_lower_bound);
        gap_json(w, &ch->gap, ch->est.dram_request_bytes - ch->est.dma_bytes);
        json_kv_double(w, "sa_utilization", sa_util(t, ki.split, ch->est.macs, ch->est.cycles));
        json_kv_int(w, "macs", ki.kp->macs); /* multiply-adds on the arrays (an attention's two products) */
        nc_energy en = nc_energy_of(t, &ch->est);
        energy_json(w, &en, &ch->est);
        json_key(w, "search");
        json_begin_object(w);
        json_kv_int(w, "candidates", ch->ncand);
        json_kv_int(w, "fitting_planned", ch->nsim); /* every fitting candidate is timed */
        json_kv_int(w, "timed", ch->nsim);
        json_kv_bool(w, "exact", ch->exact);
        json_kv_string(w, "objective", nl_objective_name((nl_objective)ch->objective));
        for (int v = 1; v < NL_NVERDICTS; v++) json_kv_int(w, nl_verdict_name((nl_verdict)v), ch->nverdict[v]);
        json_end_object(w);
        candidates_json(w, ki.kp, ch);
    }
    ex_json_kernel_end(w, p, k);
}

static void target_json(json_writer *w, const nt_target *t, int64_t budget) {
    json_begin_object(w);
    json_kv_string(w, "name", "npu");
    json_kv_string(w, "machine", t->name);
    if (t->path[0]) json_kv_string(w, "file", t->path);
    json_kv_int(w, "lanes", t->lanes);
    json_kv_int(w, "spad_bytes_per_lane", nt_spad_bytes(t));
    json_kv_int(w, "systolic_arrays", t->num_sa);
    json_kv_int(w, "sa_weight_slots", t->sa_weight_slots);
    json_kv_int(w, "vector_length_bits", t->vlen_bits);
    json_kv_int(w, "core_freq_mhz", t->core_freq_mhz);
    json_kv_int(w, "num_cores", t->num_cores);
    json_kv_int(w, "dram_channels", t->dram_channels);
    json_kv_double(w, "dram_gbps_per_channel", t->dram_gbps_per_channel);
    json_kv_double(w, "dma_bytes_per_cycle", nt_dram_bytes_per_cycle(t)); /* sustained: the timing model's */
    json_kv_double(w, "dma_peak_bytes_per_cycle", nt_dram_peak_bytes_per_cycle(t)); /* the rooflines' */
    json_kv_double(w, "dram_efficiency", t->dram_efficiency);
    json_kv_int(w, "dma_latency_cycles", t->dma_latency);
    json_kv_int(w, "dram_request_bytes", t->dram_req_bytes);
    json_kv_int(w, "sfu_latency_cycles", t->sfu_latency);
    static const char *const prices[] = {"fp32_mult",      "fp32_add",        "vector_op", "spad_read_64b",
                                         "spad_write_64b", "dram_activation", "dram_bit"};
    const double pv[] = {t->e_mult_pj,        t->e_add_pj,      t->e_vec_op_pj, t->e_spad_read_pj,
                         t->e_spad_write_pj, t->e_dram_act_pj, t->e_dram_bit_pj};
    json_kv_doubles(w, "energy_prices_pj", prices, pv, SP_ARRAY_LEN(prices)); /* the spadc_energy_* keys */
    json_kv_int(w, "dram_row_bytes", t->dram_row_bytes);
    json_kv_double(w, "budget_fraction", (double)budget / (double)nt_spad_bytes(t));
    json_kv_int(w, "budget_bytes", budget);
    json_end_object(w);
}

static void plan_json(sp_strbuf *out, ex_program *x) {
    json_writer w;
    json_init(&w, out, 2);
    const kn_program *p = ex_kernels(x);
    nx_stats st = nx_get_stats(x);
    ex_stats es = ex_get_stats(x);
    json_begin_object(&w);
    json_key(&w, "target");
    target_json(&w, nx_target(x), nx_budget(x));
    json_kv_string(&w, "function", p->func->u.fn.name);
    json_kv_string(&w, "precision", ex_precision(x));
    json_key(&w, "kernels");
    json_begin_array(&w);
    for (uint32_t i = 0; i < p->nk; i++) kernel_json(&w, x, i);
    json_end_array(&w);
    json_key(&w, "program");
    json_begin_object(&w);
    ex_json_arena_memory(&w, x);
    json_kv_int(&w, "est_cycles", st.est_cycles);
    json_kv_double(&w, "est_us", (double)st.est_cycles / (double)nx_target(x)->core_freq_mhz);
    json_kv_int(&w, "roofline_cycles", st.roofline_cycles);
    json_kv_int(&w, "dma_bytes", st.dma_bytes);
    json_kv_int(&w, "min_dma_bytes", st.min_dma_bytes);
    json_kv_int(&w, "dram_bytes_lower_bound", st.dram_lower_bound);
    int64_t burst;
    nl_gap pg = program_gap(x, &burst);
    gap_json(&w, &pg, burst); /* the npu kernels' sum */
    energy_json(&w, &st.est_energy, NULL); /* the npu kernels' sum */
    json_kv_double(&w, "edp_pj_cycles", st.est_energy.total * (double)st.est_cycles);
    json_kv_int(&w, "npu_kernels", st.nnpu);
    json_kv_int(&w, "host_kernels", es.nkernels - st.nnpu);
    ex_json_arena_buffers(&w, x);
    json_end_object(&w);
    json_end_object(&w);
    sp_strbuf_putc(out, '\n');
}

static void plan_report(sp_strbuf *o, ex_program *x, bool program) {
    const kn_program *p = ex_kernels(x);
    const nt_target *t = nx_target(x);
    nx_stats st = nx_get_stats(x);
    ex_stats es = ex_get_stats(x);
    sp_strbuf_printf(o, "plan of @%s for the npu %s: %u kernel%s, %u on the npu%s\n", p->func->u.fn.name, t->name, p->nk,
                     p->nk == 1 ? "" : "s", st.nnpu, ex_precision_note(x));
    target_line(o, t);
    sp_strbuf_printf(o, "  budget: %lld bytes per lane (%.3g of %lld)\n\n", (long long)nx_budget(x),
                     (double)nx_budget(x) / (double)nt_spad_bytes(t), (long long)nt_spad_bytes(t));
    for (uint32_t i = 0; i < p->nk; i++) {
        kernel_report(o, x, i);
        const char *why = p->why[p->k[i].out->id];
        if (why) sp_strbuf_printf(o, "    materialised: %s\n", why);
        if (program && nx_kernel(x, i).ch) {
            const nk_plan *sp = nx_kernel(x, i).split;
            if (sp->kind != NK_NONE)
                sp_strbuf_printf(o, "    program of core 0 (of %u; the others' differ in their DRAM offsets%s):\n", sp->main.cores,
                                 nk_reduces(sp->kind) ? "; then split K's reduction" : "");
            else
                sp_strbuf_printf(o, "    program:\n");
            nx_print_program(x, i, o);
        }
    }
    sp_strbuf_printf(o,
                     "\nprogram: %lld cycles estimated on the npu (%.1f us), %.2fx the roofline %lld; DMA %lld bytes "
                     "(minimum %lld; lower bound for this budget %lld)\n",
                     (long long)st.est_cycles, (double)st.est_cycles / (double)t->core_freq_mhz,
                     st.roofline_cycles ? (double)st.est_cycles / (double)st.roofline_cycles : 0,
                     (long long)st.roofline_cycles, (long long)st.dma_bytes, (long long)st.min_dma_bytes,
                     (long long)st.dram_lower_bound);
    int64_t burst;
    nl_gap pg = program_gap(x, &burst);
    sp_strbuf_printf(o, "DRAM gap: ");
    gap_text(o, &pg, burst);
    sp_strbuf_printf(o, " over the npu kernels\n");
    sp_strbuf_printf(o, "energy: ");
    energy_text(o, &st.est_energy);
    sp_strbuf_printf(o, " over the npu kernels\n");
    sp_strbuf_printf(o, "DRAM arena: %lld bytes for the intermediates (peak live %lld); constants read in place: %lld bytes; "
                        "copied: %lld bytes\n",
                     (long long)es.arena_bytes, (long long)es.arena_peak_live, (long long)es.constant_bytes,
                     (long long)es.copied_constant_bytes);
}

/* --svg: one panel per npu kernel (its buffers in each lane's scratchpad),
 * then the DRAM arena. */
/* One panel: a plan's buffers per lane over its steps. */
static void svg_choice(svg_doc *d, const char *title, const nl_choice *ch) {
    char detail[96];
    int64_t steps = 1;
    for (uint32_t b = 0; b < ch->nbufs; b++)
        if (ch->bufs[b].hi > steps) steps = ch->bufs[b].hi;
    svg_panel_begin(d, title, "bytes per lane", steps, ch->budget > ch->footprint ? ch->budget : ch->footprint);
    for (uint32_t b = 0; b < ch->nbufs; b++) {
        const nl_buf *bb = &ch->bufs[b];
        if (bb->bytes <= 0) continue;
        const char *dt = np_dtype_name((np_dtype)bb->dt);
        if (bb->nchunks > 1)
            snprintf(detail, sizeof detail, "%lld x %lldx%lld %s", (long long)bb->nchunks, (long long)bb->rows,
                     (long long)bb->cols, dt);
        else
            snprintf(detail, sizeof detail, "%lldx%lld %s%s", (long long)bb->rows, (long long)bb->cols, dt,
                     bb->broadcast ? " (broadcast)" : "");
        svg_buffer(d, &(svg_buf){bb->lo, bb->hi, bb->offset, bb->bytes, bb->name, detail, nl_role_name((nl_role)bb->role)});
    }
    svg_hline(d, ch->budget, "budget", SVG_BUDGET);
    svg_hline(d, ch->peak_live, "peak live", SVG_PEAK);
    svg_hline(d, ch->footprint, "footprint", SVG_FOOTPRINT);
    svg_panel_end(d);
}

/* The other program shapes of a split kernel (cores.h), a panel each: the
 * cores with a shorter last chunk, split K's reduction (returns how many;
 * d NULL: only counts). */
static uint32_t svg_split_parts(svg_doc *d, const char *kt, const nk_plan *sp) {
    const nk_phase *ph[] = {&sp->main, &sp->red};
    uint32_t n = 0;
    char title[320];
    for (int i = 0; i < (nk_reduces(sp->kind) ? 2 : 1); i++) {
        uint32_t shown = i == 0 ? 1u : 0u; /* the main phase's core 0: the kernel's own panel */
        for (uint32_t c = 0; c < ph[i]->cores; c++) {
            const nk_part *p = nk_part_of(ph[i], c);
            uint32_t bit = 1u << (p - ph[i]->part);
            if (shown & bit) continue;
            shown |= bit;
            n++;
            if (!d) continue;
            snprintf(title, sizeof title, "%s  %s core %u (%lldx%lldx%lld; tile %lld,%lld,%lld; %lld cycles est.)", kt,
                     i ? "split K's reduction," : "", c, (long long)p->kp.M, (long long)p->kp.N, (long long)p->kp.K,
                     (long long)p->ch.cand.tm, (long long)p->ch.cand.tn, (long long)p->ch.cand.tk, (long long)p->ch.est.cycles);
            svg_choice(d, title, &p->ch);
        }
    }
    return n;
}

static void plan_svg(ex_program *x, sp_strbuf *out) {
    const kn_program *p = ex_kernels(x);
    const nt_target *t = nx_target(x);
    nx_stats st = nx_get_stats(x);
    svg_doc d;
    char title[256], kt[160];
    snprintf(title, sizeof title, "spadc plan of @%s for the npu %s: %lld lanes x %lld KiB, budget %lld B per lane",
             p->func->u.fn.name, t->name, (long long)t->lanes, (long long)t->spad_kb_per_lane, (long long)nx_budget(x));
    uint32_t panels = st.nnpu + 1;
    for (uint32_t i = 0; i < p->nk; i++)
        if (nx_kernel(x, i).ch) panels += svg_split_parts(NULL, "", nx_kernel(x, i).split);
    svg_begin(&d, out, title, panels);
    for (uint32_t i = 0; i < p->nk; i++) {
        nx_kernel_info ki = nx_kernel(x, i);
        const nl_choice *ch = ki.ch;
        if (!ch) continue;
        nx_kernel_title(x, i, kt, sizeof kt);
        const nk_plan *sp = ki.split;
        if (sp->kind == NK_NONE)
            snprintf(title, sizeof title, "%s  (tile %lld,%lld,%lld; %lld cycles est.)", kt, (long long)ch->cand.tm,
                     (long long)ch->cand.tn, (long long)ch->cand.tk, (long long)ch->est.cycles);
        else
            snprintf(title, sizeof title, "%s  on %u cores, split %s %ux%u: core 0 (tile %lld,%lld,%lld); %lld cycles est.", kt,
                     sp->main.cores, nk_kind_name((nk_kind)sp->kind), sp->main.n[0], sp->main.n[1], (long long)ch->cand.tm,
                     (long long)ch->cand.tn, (long long)ch->cand.tk, (long long)ch->est.cycles);
        svg_choice(&d, title, ch);
        svg_split_parts(&d, kt, sp);
    }
    ex_svg_arena(&d, x, "DRAM bytes");
    svg_end(&d);
}

/* The runs: per kernel the last run's simulated figures and what each unit
 * was busy with, then the total. */
static void run_text(ex_program *x, sp_strbuf *o) {
    const kn_program *p = ex_kernels(x);
    const nt_target *t = nx_target(x);
    nx_stats st = nx_get_stats(x);
    ex_stats es = ex_get_stats(x);
    for (uint32_t i = 0; i < p->nk; i++) {
        nx_kernel_info ki = nx_kernel(x, i);
        if (!ki.ch) {
            sp_strbuf_printf(o, "npu k%u: on the host (%s)\n", i, ex_kernel_why(x, i));
            continue;
        }
        const nl_choice *ch = ki.ch;
        int64_t roof = ch->bound_compute;
        if (ch->bound_vector > roof) roof = ch->bound_vector;
        if (ch->bound_dma_min > roof) roof = ch->bound_dma_min;
        sp_strbuf_printf(o, "npu k%u: tile %lldx%lldx%lld, %lld B/lane; %lld cycles (%.1f us), roofline %lld (%.2fx); array "
               "utilisation %.1f%%; DMA %lld bytes (minimum %lld)\n",
               i, (long long)ch->cand.tm, (long long)ch->cand.tn, (long long)ch->cand.tk, (long long)ch->footprint,
               (long long)ki.sim.cycles, (double)ki.sim.cycles / (double)t->core_freq_mhz, (long long)roof,
               roof ? (double)ki.sim.cycles / (double)roof : 0, 100.0 * sa_util(t, ki.split, ki.sim.macs, ki.sim.cycles),
               (long long)ki.sim.dma_bytes, (long long)ki.kp->min_dma_bytes);
        /* what each unit was busy with: a --trace adds up to these */
        sp_strbuf_printf(o, "npu k%u busy cycles: dma_load %lld, dma_store %lld", i, (long long)ki.sim.dma_load_busy,
               (long long)ki.sim.dma_store_busy);
        for (int64_t a = 0; a < t->num_sa && a < NC_MAX_SA; a++) sp_strbuf_printf(o, ", sa%lld %lld", (long long)a, (long long)ki.sim.sa_busy_each[a]);
        sp_strbuf_printf(o, ", vector %lld (of %lld)\n", (long long)ki.sim.vu_busy, (long long)ki.sim.cycles);
        nl_gap gp = nl_gap_of(ki.kp, &ki.sim, ch->dram_lower_bound, ch->free_dma_bytes);
        sp_strbuf_printf(o, "npu k%u DRAM gap: ", i);
        gap_text(o, &gp, ki.sim.dram_request_bytes - ki.sim.dma_bytes);
        sp_strbuf_printf(o, "\n");
        nc_energy en = nc_energy_of(t, &ki.sim);
        sp_strbuf_printf(o, "npu k%u energy: ", i);
        energy_text(o, &en);
        sp_strbuf_printf(o, "; %lld MACs, scratchpad %lld bytes read and %lld written, DRAM %lld bytes in %lld row activations\n",
                         (long long)ki.sim.macs, (long long)ki.sim.spad_read_bytes, (long long)ki.sim.spad_write_bytes,
                         (long long)ki.sim.dram_request_bytes, (long long)ki.sim.dram_activations);
    }
    sp_strbuf_printf(o, "npu total: %lld cycles (%.1f us at %lld MHz), roofline %lld (%.2fx), DMA %lld bytes (minimum %lld); %u of %u "
           "kernels on the npu\n",
           (long long)st.sim_cycles, (double)st.sim_cycles / (double)t->core_freq_mhz, (long long)t->core_freq_mhz,
           (long long)st.roofline_cycles, st.roofline_cycles ? (double)st.sim_cycles / (double)st.roofline_cycles : 0,
           (long long)st.dma_bytes, (long long)st.min_dma_bytes, st.nnpu, es.nkernels);
    sp_strbuf_printf(o, "npu total energy: ");
    energy_text(o, &st.sim_energy);
    sp_strbuf_printf(o, "\n");
}

static void run_json(ex_program *x, sp_strbuf *out) {
    const kn_program *p = ex_kernels(x);
    const nt_target *t = nx_target(x);
    nx_stats st = nx_get_stats(x);
    json_writer w;
    json_init(&w, out, 2);
    json_begin_object(&w);
    json_kv_string(&w, "target", "npu");
    json_kv_string(&w, "machine", t->name);
    json_kv_int(&w, "core_freq_mhz", t->core_freq_mhz);
    json_key(&w, "kernels");
    json_begin_array(&w);
    for (uint32_t i = 0; i < p->nk; i++) {
        nx_kernel_info ki = nx_kernel(x, i);
        char name[16];
        snprintf(name, sizeof name, "k%u", i);
        json_begin_object(&w);
        json_kv_string(&w, "name", name);
        json_kv_string(&w, "path", ki.ch ? "npu" : "reference");
        if (!ki.ch) {
            json_kv_string(&w, "reason", ex_kernel_why(x, i));
        } else if (ki.ran) {
            json_kv_int(&w, "cycles", ki.sim.cycles);
            json_kv_int(&w, "est_cycles", ki.ch->est.cycles);
            json_kv_int(&w, "dma_bytes", ki.sim.dma_bytes);
            json_kv_int(&w, "min_dma_bytes", ki.kp->min_dma_bytes);
            json_kv_int(&w, "dram_bytes_lower_bound", ki.ch->dram_lower_bound);
            nl_gap gp = nl_gap_of(ki.kp, &ki.sim, ki.ch->dram_lower_bound, ki.ch->free_dma_bytes);
            gap_json(&w, &gp, ki.sim.dram_request_bytes - ki.sim.dma_bytes);
            json_kv_int(&w, "macs", ki.sim.macs);
            nc_energy en = nc_energy_of(t, &ki.sim);
            energy_json(&w, &en, &ki.sim);
            json_key(&w, "busy_cycles");
            json_begin_object(&w);
            json_kv_int(&w, "dma_load", ki.sim.dma_load_busy);
            json_kv_int(&w, "dma_store", ki.sim.dma_store_busy);
            json_key(&w, "systolic_arrays");
            json_begin_array(&w);
            for (int64_t a = 0; a < t->num_sa && a < NC_MAX_SA; a++) json_int(&w, ki.sim.sa_busy_each[a]);
            json_end_array(&w);
            json_kv_int(&w, "vector", ki.sim.vu_busy);
            json_end_object(&w);
        }
        json_end_object(&w);
    }
    json_end_array(&w);
    json_kv_int(&w, "total_cycles", st.sim_cycles);
    json_kv_double(&w, "us", (double)st.sim_cycles / (double)t->core_freq_mhz);
    json_kv_int(&w, "roofline_cycles", st.roofline_cycles);
    json_kv_int(&w, "dma_bytes", st.dma_bytes);
    json_kv_int(&w, "min_dma_bytes", st.min_dma_bytes);
    energy_json(&w, &st.sim_energy, NULL);
    json_kv_int(&w, "npu_kernels", st.nnpu);
    json_kv_int(&w, "host_kernels", p->nk - st.nnpu);
    json_end_object(&w);
    sp_strbuf_putc(out, '\n');
}

void nx_report(ex_program *x, int kind, const ex_report_opts *o, sp_strbuf *out) {
    switch ((ex_report_kind)kind) {
    case EX_PLAN_TEXT: plan_report(out, x, o->program); break;
    case EX_PLAN_JSON: plan_json(out, x); break;
    case EX_PLAN_SVG: plan_svg(x, out); break;
    case EX_RUN_TEXT: run_text(x, out); break;
    case EX_RUN_JSON: run_json(x, out); break;
    }
}
