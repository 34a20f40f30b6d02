/* search.c - the npu lowering's tile search (lower.h): every candidate
 * tile and buffering (nl_variants), each one timed in work that does not
 * grow with its tile count (nl_time: emit.c's stages driven through the
 * timing model), and the bounded search that plans, times and chooses one
 * (nl_choose). The kernel comes from analyze.c, the buffers from layout.c,
 * the programs from emit.c. */
#include "lower_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------- timing */

/* A candidate is timed in work that does not grow with its tile count.
 * Its stages form a loop nest (outer parallel loops, the tiles' rows and
 * columns, the reduction loops, the K steps); within one loop the
 * iterations emit the same instructions up to a period (buffer parities,
 * DRAM burst alignment: tlevel.period), except at known ones (the first,
 * the last two, which hold the edge tiles and the next-tile loads, and K
 * steps that load early operand rows). Over a stretch of regular
 * iterations the timing model's state soon repeats, shifted in time, from
 * one period to the next; nc_repeat then jumps the rest of the stretch
 * exactly. Each loop runs its iterations through the loops inside it, so
 * the work is the product of the few iterations each loop runs in full. */

#define TL_MAX_LEVELS (KN_MAX_DIMS + 4)
#define TL_HIST 8 /* snapshots kept per loop: state periods up to 8 input periods */

typedef struct tlevel {
    int64_t n, w;   /* iterations; stages per iteration */
    int dim;        /* the kernel loop it steps (-1: none) */
    int64_t tile;   /* elements of that loop per iteration */
    bool ks;        /* inside one tile's K steps */
    int64_t period; /* iterations after which its instructions repeat */
} tlevel;

typedef struct thist {
    nc_snap snap[TL_HIST];
    int64_t iter[TL_HIST];
    uint32_t n, next;
} thist;

typedef struct tdrive {
    em e;
    nc_model *m;
    gdims g;
    ldims d;
    int64_t ks_total; /* stages per output tile */
    uint32_t nlev;
    tlevel lev[TL_MAX_LEVELS];
    thist *hist; /* per level */
} tdrive;

static int64_t gcd64(int64_t a, int64_t b) {
    a = abs64(a), b = abs64(b);
    while (b) {
        int64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* Periods beyond this are not worth waiting for: the loop runs in full. */
#define TL_PERIOD_MAX (1 << 20)

static int64_t lcm_capped(int64_t a, int64_t b) {
    int64_t l = a / gcd64(a, b) * b;
    return l > TL_PERIOD_MAX ? TL_PERIOD_MAX : l;
}

/* The period of i -> i * a mod n. */
static int64_t order_mod(int64_t a, int64_t n) {
    if (n <= 1) return 1;
    a %= n;
    return n / gcd64(a, n); /* gcd(0, n) = n */
}

static void add_level(tdrive *x, int64_t n, int dim, int64_t tile, bool ks) {
    if (n <= 1) return;
    x->lev[x->nlev++] = (tlevel){n, 0, dim, tile, ks, 1};
}

/* Iterations of level lv after which every DMA's offset has the same
 * alignment to the DRAM bursts (the bursts a transfer takes depend on
 * nothing else that changes) and every buffer ring is at the same place. */
static int64_t level_period(const tdrive *x, const tlevel *lv) {
    const nl_kernel *kp = x->e.kp;
    const nl_cand *c = x->e.c;
    int64_t S = kp->t->dram_req_bytes, g = S;
    if (lv->dim >= 0) {
        const nl_access *acc[5 + 2 * NP_VMAX_SRCS];
        uint32_t n = 0;
        acc[n++] = &kp->lhs, acc[n++] = &kp->rhs, acc[n++] = &kp->out, acc[n++] = &kp->init, acc[n++] = &kp->base;
        for (uint32_t i = 0; i < kp->nin; i++) acc[n++] = &kp->in[i].a;
        for (uint32_t i = 0; i < kp->nein; i++) acc[n++] = &kp->ein[i].a;
        for (uint32_t i = 0; i < n; i++) {
            if (acc[i]->kind != NL_A_TENSOR || (kp->copy && acc[i] == &kp->in[0].a)) continue;
            int64_t step = abs64(acc[i]->stride[lv->dim]) % S * (lv->tile % S) % S * acc_bytes(acc[i]) % S;
            g = gcd64(g, step);
        }
    }
    int64_t P = S / g;
    if (lv->dim >= 0 && kp->copy && kp->in[0].a.kind == NL_A_TENSOR) {
        /* a copy's patch advances by tile / pstep of its elements per
         * iteration: over Q iterations by a whole number of them, and
         * which of the tile's rows it fills repeats with Q too */
        const nl_access *a = &kp->in[0].a;
        int64_t ps = kp->pstep[lv->dim], Q = ps / gcd64(lv->tile % ps, ps), adv = Q * lv->tile / ps;
        int64_t step = abs64(a->stride[lv->dim]) % S * (adv % S) % S * acc_bytes(a) % S;
        P = lcm_capped(P, Q * (S / gcd64(S, step)));
    }
    const layout *ly = &x->e.ly;
    int64_t nx = kp->gemm ? (c->xbuf == NL_PANEL ? 1 : ly->nx) : ly->nx;
    int64_t nw = kp->gemm ? (c->wbuf == NL_PANEL ? 1 : ly->nw) : 1;
    int64_t ny = kp->gemm ? ly->ny : (ly->nout ? ly->nout : 1);
    P = lcm_capped(P, order_mod(lv->w, nx));
    P = lcm_capped(P, order_mod(lv->w, nw));
    if (!lv->ks) P = lcm_capped(P, order_mod(lv->w / x->ks_total, ny));
    return P;
}

static void build_levels(tdrive *x) {
    const nl_kernel *kp = x->e.kp;
    const nl_cand *c = x->e.c;
    for (uint32_t i = 0; i < kp->npar; i++) add_level(x, kp->bounds[kp->par[i]], (int)kp->par[i], 1, false);
    if (kp->gemm) {
        x->g = nl_gemm_dims(kp, c);
        if (c->order == NL_ORDER_NMK) add_level(x, x->g.tiles_n, kp->dn, c->tn, false);
        if (kp->cv.on) { /* a convolution's pixel tiles: images, then rows */
            int64_t TB, TOH;
            nl_conv_tiling(kp, c->tm, &TB, &TOH);
            add_level(x, ceil_div(kp->cv.NB, TB), kp->cv.img, TB, false);
            add_level(x, ceil_div(kp->cv.OH, TOH), kp->cv.oh, TOH, false);
        } else {
            add_level(x, x->g.tiles_m, kp->dm, c->tm, false);
        }
        if (c->order == NL_ORDER_MNK) add_level(x, x->g.tiles_n, kp->dn, c->tn, false);
        if (x->g.ks) {
            for (uint32_t i = 0; i < kp->nred; i++) add_level(x, kp->bounds[kp->red[i]], (int)kp->red[i], 1, true);
            add_level(x, x->g.tiles_k, kp->dk, c->tk, true);
        }
        x->ks_total = x->g.ks ? x->g.ks : 1;
    } else {
        x->d = nl_loop_dims(kp, c);
        if (!kp->red_r) add_level(x, x->d.tiles_r, kp->dm, c->tm, false);
        if (!kp->red_c) add_level(x, x->d.tiles_c, kp->dn, c->tn, false);
        for (uint32_t i = 0; i < kp->nred; i++) add_level(x, kp->bounds[kp->red[i]], (int)kp->red[i], 1, true);
        if (kp->red_r) add_level(x, x->d.tiles_r, kp->dm, c->tm, true);
        if (kp->red_c) add_level(x, x->d.tiles_c, kp->dn, c->tn, true);
        x->ks_total = x->d.rs ? x->d.rs : 1;
    }
    int64_t w = 1;
    for (uint32_t l = x->nlev; l-- > 0;) {
        x->lev[l].w = w;
        w *= x->lev[l].n;
    }
    for (uint32_t l = 0; l < x->nlev; l++) x->lev[l].period = level_period(x, &x->lev[l]);
}

/* The units the program uses: a unit it never uses has a free time that
 * bounds nothing. */
static uint8_t program_units(const tdrive *x) {
    const nl_kernel *kp = x->e.kp;
    if (!kp->gemm) return NC_USES_DMA | NC_USES_VU;
    uint8_t u = NC_USES_DMA;
    if (x->g.ks && !kp->cv.depthwise) u |= NC_USES_SA;
    bool zero_init = kp->init.kind == NL_A_IMM && kp->init.imm.f == 0.0;
    if (kp->has_prog || !zero_init || !x->g.ks || kp->lhs.kind != NL_A_TENSOR || kp->rhs.kind != NL_A_TENSOR)
        u |= NC_USES_VU;
    const nl_conv *cv = &kp->cv; /* halo borders are filled */
    if (cv->on && (cv->border || x->e.c->fold)) u |= NC_USES_VU;
    return u;
}

/* The first iteration at or after v of level lv (run from stage s0) that
 * is not regular, or v itself. Regular: not the first nor the last two,
 * (K steps of a tile loading early operand rows) loading none, and (copy
 * kernels) its tiles and the next iteration's (whose first loads it
 * emits) wholly inside the patch along the level's loop. */
static int64_t next_irregular(const tdrive *x, const tlevel *lv, int64_t s0, int64_t v) {
    if (v < 1 || v >= lv->n - 2) return v;
    int64_t e = lv->n - 2;
    const nl_kernel *kp = x->e.kp;
    if (kp->copy && lv->dim >= 0) {
        int64_t first = ceil_div(kp->plo[lv->dim], lv->tile), end = kp->phi[lv->dim] / lv->tile - 1;
        if (v < first || v >= end) return v;
        e = min64(e, end);
    }
    if (kp->cv.on && !lv->ks && lv->dim >= 0 && lv->dim == kp->cv.oh) {
        /* a convolution's row tiles: regular where the halos of this one
         * and the next (whose first loads it emits) lie in the input */
        int64_t first, last;
        nl_conv_inner_rows(kp, lv->tile, &first, &last);
        if (v < first || v + 1 > last) return v;
        e = min64(e, last);
    }
    if (lv->ks && kp->gemm && x->e.c->early && kp->nin) {
        gstage st = nl_stage_of(kp, x->e.c, &x->g, s0);
        int64_t KS = x->g.ks, nch = nl_operand_chunks(&x->e, st.tm, st.tn), a = st.ks + v * lv->w;
        int64_t j = early_chunk(a, nch, KS);          /* the first row block not loaded before step a */
        if (j < nch) {
            int64_t b = (int64_t)(((__int128)(j + 1) * KS + nch - 1) / nch) - 1; /* the step that loads it */
            e = min64(e, (b - st.ks) / lv->w);
        }
    }
    return e;
}

/* With a panel, the K steps of a tile slide through it: step ks reads
 * chunk ks (and loads chunk ks + 1 ahead). */
static bool level_slide(const tdrive *x, const tlevel *lv, int64_t s0, nc_slide *sl, int64_t *win0) {
    const nl_kernel *kp = x->e.kp;
    const nl_cand *c = x->e.c;
    if (!kp->gemm || !lv->ks || (c->xbuf != NL_PANEL && c->wbuf != NL_PANEL)) return false;
    const nl_buf *b = &x->e.b[c->xbuf == NL_PANEL ? x->e.ly.x0 : x->e.ly.w0];
    int64_t cb = b->rows * ceil_div(b->cols, x->e.L) * np_dtype_bytes((np_dtype)b->dt), ks0 = s0 % x->g.ks;
    if (c->xbuf != NL_PANEL && gemm_w_whole(kp, c, &x->g)) /* the N tile's chunks in the whole W */
        ks0 += nl_stage_of(kp, c, &x->g, s0).ni * x->g.ks;
    sl->buf_lo = b->offset;
    sl->buf_hi = b->offset + b->bytes;
    sl->lo = b->offset + ks0 * cb;
    sl->hi = min64(sl->buf_hi, b->offset + (ks0 + lv->n * lv->w + 1) * cb);
    sl->step = lv->w * cb;
    *win0 = sl->lo;
    return true;
}

static void drive(tdrive *x, uint32_t l, int64_t s0) {
    if (l == x->nlev) {
        if (x->e.kp->gemm)
            nl_emit_gemm_stage(&x->e, &x->g, s0);
        else
            nl_emit_loop_stage(&x->e, &x->d, s0);
        return;
    }
    const tlevel *lv = &x->lev[l];
    thist *h = &x->hist[l];
    nc_slide slb;
    int64_t win0 = 0;
    const nc_slide *sl = level_slide(x, lv, s0, &slb, &win0) ? &slb : NULL;
    int64_t r0 = -1, untouched = 0, P = lv->period;
    h->n = 0;
    for (int64_t v = 0; v < lv->n;) {
        int64_t e = next_irregular(x, lv, s0, v);
        int64_t win = sl ? win0 + v * sl->step : 0;
        if (e > v) {
            if (r0 < 0) { /* a stretch of regular iterations starts */
                r0 = v;
                h->n = 0;
                if (sl) untouched = nc_scoreboard_max(x->m, win + sl->step, sl->hi);
            }
            if ((v - r0) % P == 0 && e - v >= 2 * P) {
                bool jumped = false;
                for (uint32_t k = 0; k < h->n && !jumped; k++) { /* newest first: the shortest period */
                    uint32_t i = (h->next + TL_HIST - 1 - k) % TL_HIST;
                    int64_t p = v - h->iter[i], q = (e - v) / p;
                    if (q >= 1 && nc_repeat(x->m, &h->snap[i], sl, win, untouched, q)) {
                        v += q * p;
                        jumped = true;
                    }
                }
                if (jumped) {
                    r0 = -1;
                    continue;
                }
                nc_snap_take(x->m, &h->snap[h->next], sl, win);
                h->iter[h->next] = v;
                h->next = (h->next + 1) % TL_HIST;
                if (h->n < TL_HIST) h->n++;
            }
        } else {
            r0 = -1;
        }
        drive(x, l + 1, s0 + v * lv->w);
        v++;
    }
}

typedef struct time_state {
    const nl_kernel *kp;
    const nl_cand *c;
    const nl_buf *bufs;
    const nl_opts *o;
    nc_model m;
    nc_stats st;
    tdrive *x;
} time_state;

static void debug_trace(void *ud, const np_insn *in, int unit, int64_t start, int64_t end) {
    (void)ud;
    fprintf(stderr, "%-8s unit %d  %8lld .. %8lld  %lldx%lld\n", np_opcode_name((np_opcode)in->op), unit, (long long)start,
            (long long)end, (long long)(in->op == NP_MVOUT ? in->a.rows : in->dst.rows),
            (long long)(in->op == NP_MVOUT ? in->a.cols : in->dst.cols));
}

static void time_body(sp_ctx *ctx, void *ud) {
    time_state *ts = ud;
    nc_init(&ts->m, ctx, ts->kp->t);
    if (getenv("SPADC_NPU_TRACE")) { /* every instruction, traced */
        ts->m.trace = debug_trace;
        fprintf(stderr, "== candidate %lld,%lld,%lld order %d x%d w%d y%d early %d\n", (long long)ts->c->tm,
                (long long)ts->c->tn, (long long)ts->c->tk, ts->c->order, ts->c->xbuf, ts->c->wbuf, ts->c->ybuf, ts->c->early);
        nl_emit(ts->kp, ts->c, ts->bufs, ts->o, nc_sink(&ts->m));
        ts->st = nc_finish(&ts->m);
        return;
    }
    tdrive *x = ts->x = sp_calloc(ctx, 1, sizeof *x);
    nl_em_init(&x->e, ts->kp, ts->c, ts->bufs, ts->o, nc_sink(&ts->m));
    x->m = &ts->m;
    build_levels(x);
    x->hist = sp_calloc(ctx, x->nlev ? x->nlev : 1, sizeof *x->hist);
    ts->m.uses = program_units(x);
    int64_t n = ts->kp->gemm ? gemm_nstages(&x->g) : x->d.nstages;
    if (n > 0) drive(x, 0, 0);
    nl_marker(&x->e, NP_BARRIER, -1);
    ts->st = nc_finish(&ts->m);
}

/* An attention's and a row-wise chain's programs are timed instruction by
 * instruction (the search bounds the work by their instruction counts). */
static void time_attn_body(sp_ctx *ctx, void *ud) {
    time_state *ts = ud;
    nc_init(&ts->m, ctx, ts->kp->t);
    nl_emit(ts->kp, ts->c, ts->bufs, ts->o, nc_sink(&ts->m));
    ts->st = nc_finish(&ts->m);
}

nc_stats nl_time(sp_ctx *ctx, const nl_kernel *kp, const nl_cand *c, const nl_buf *bufs, const nl_opts *o) {
    time_state ts;
    memset(&ts, 0, sizeof ts);
    ts.kp = kp;
    ts.c = c;
    ts.bufs = bufs;
    ts.o = o;
    sp_status st = sp_pcall(ctx, kp->att || kp->rows || kp->win ? time_attn_body : time_body, &ts);
    if (ts.x) {
        if (ts.x->hist) {
            for (uint32_t l = 0; l < ts.x->nlev; l++)
                for (int i = 0; i < TL_HIST; i++) nc_snap_free(ctx, &ts.x->hist[l].snap[i]);
            sp_free(ctx, ts.x->hist);
        }
        sp_free(ctx, ts.x);
    }
    nc_free(&ts.m);
    if (st != SP_OK) sp_rethrow(ctx);
    return ts.st;
}

/* ---------------------------------------------------------- tile search */

/* Tile sizes for a loop of extent D: the extent itself, and multiples of
 * the lanes that divide it in whole lane groups. */
static uint32_t tile_sizes(int64_t D, int64_t L, int64_t *out, uint32_t cap) {
    uint32_t n = 0;
    if (D <= L) {
        out[n++] = D > 0 ? D : 1;
        return n;
    }
    int64_t q = ceil_div(D, L);
    for (int64_t d = 1; d <= q && n + 1 < cap; d++)
        if (q % d == 0 && d * L < D) out[n++] = d * L;
    out[n++] = D;
    return n;
}

/* A convolution's pixel tiles: 1, 2, 3, 4, 8, 16, ... whole images (to
 * every image), or a few row counts of one image, each at least 20%
 * fewer than the last, of at least a systolic array's rows (fewer leave
 * its weight loads exposed) but for the one-row tile, the smallest; at
 * most 8192 pixels unless one image row is more. */
static uint32_t conv_mtiles(const nl_kernel *kp, int64_t *out, uint32_t cap) {
    const nl_conv *cv = &kp->cv;
    int64_t img = cv->OH * cv->OW, lim = max64(8192, cv->OW), L = kp->t->lanes;
    uint32_t n = 0;
    for (int64_t tb = 1; n < cap; tb = tb < 4 ? tb + 1 : 2 * tb) {
        int64_t b = min64(tb, cv->NB);
        if (b > 1 && b * img > lim) break;
        out[n++] = b * img;
        if (b == cv->NB) break;
    }
    int64_t prev = cv->OH;
    for (int64_t k = 2; k <= cv->OH && n < cap; k++) {
        int64_t toh = ceil_div(cv->OH, k);
        if (toh >= prev || (toh * 5 > prev * 4 && toh > 1)) continue; /* at least 20% fewer rows */
        if (toh > 1 && toh * cv->OW < L) continue;
        prev = toh;
        out[n++] = toh * cv->OW;
    }
    return n;
}

typedef struct cand_rec {
    nl_cand c;
    int64_t bound;  /* lower bound on its cycles */
    int64_t heur;   /* a quick estimate, the order candidates are timed in */
    int64_t bucket; /* heur on a 0.5% log scale: within one, fewer stages first */
    int64_t stages; /* tile steps: what timing a candidate costs */
    int64_t lbytes; /* lower bound on its footprint (peak live) */
    bool over;      /* the search found it over the budget (peak live or planned) */
} cand_rec;

/* What a byte of operand a costs against a DRAM byte when a split's cores
 * share it (cores.h): the slower of its 1/s from DRAM and its (s-1)/s
 * over the interconnect, as timing.c moves it; 1 when not shared. */
static double shared_factor(const nt_target *t, const nl_access *a) {
    double s = a->kind == NL_A_TENSOR ? (double)nt_mcast_ways(t, a->value) : 1.0;
    if (s <= 1) return 1.0;
    double dram = 1.0 / s, noc = (s - 1.0) / s * nt_dram_bytes_per_cycle(t) / nt_noc_bytes_per_cycle(t);
    return dram > noc ? dram : noc;
}

/* Cycles from a real estimate, saturated as the timing model's are. */
static int64_t cycles_of(double c) { return c < (double)NC_TIME_MAX ? (c > 0 ? (int64_t)c : 0) : NC_TIME_MAX; }

/* An epilogue's vector instructions per f32 element group, for a bound:
 * one each, but a bf16 or f16 instruction covers twice the elements of an
 * f32 one (np_vprog_groups), so half. */
static double epi_ops(const np_vprog *p) { return (double)p->nalu - 0.5 * (double)p->nalu_bytes[1]; }

/* A contraction's cycles in parts (conv_estimate, cand_estimate): the
 * startup (first loads), the arrays' streaming, the tail (drain, last
 * epilogue and store), the DMA of all bytes, the vector unit's work, a
 * stage's compute C, one X and one W tile's load, the DMA latency. */
typedef struct pipe_parts {
    double startup, stream, tail, dma, vu, C, lx, lw, lat;
} pipe_parts;

/* The bound (the start, streaming and end in series, or the busiest unit)
 * and the estimate (that start and end around a uniform pipeline of
 * stages) from parts p. */
static void pipe_cycles(const nl_cand *c, const gdims *g, pipe_parts p, int64_t *bound, int64_t *heur) {
    double b = p.startup + p.stream + p.tail;
    if (p.dma > b) b = p.dma;
    if (p.vu > b) b = p.vu;
    *bound = cycles_of(b);
    double ns = (double)(g->nstages ? g->nstages : 1);
    double D = p.dma / ns;
    double ax = c->xbuf == NL_PANEL ? p.lx / (double)g->tiles_n : p.lx, aw = c->wbuf == NL_PANEL ? p.lw / (double)g->tiles_m : p.lw;
    double serial = (c->xbuf == 1 ? ax : 0) + (c->wbuf == 1 ? aw : 0);
    double stage = serial > 0 ? p.C + serial + p.lat : p.C;
    double over = ax + aw + p.lat;
    if (serial == 0 && over > stage) stage = over;
    if (D > stage) stage = D;
    double h = p.startup + ns * stage + p.tail;
    *heur = cycles_of(h > b ? h : b);
}

/* A convolution's (cand_estimate): the same bound and estimate with the
 * halo tiles' bytes (their interiors: the border is filled) and one GEMM
 * per tap. */
static void conv_estimate(const nl_kernel *kp, const nl_cand *c, int64_t *bound, int64_t *heur) {
    const nt_target *t = kp->t;
    const nl_conv *cv = &kp->cv;
    int64_t L = t->lanes, V = nt_vector_elems(t, 4);
    double bw = nt_dram_bytes_per_cycle(t), lat = (double)t->dma_latency;
    gdims g = nl_gemm_dims(kp, c);
    double P = (double)kp->npar_total;
    int64_t TB, TOH;
    nl_conv_tiling(kp, c->tm, &TB, &TOH);
    /* input rows the halos hold, over the row tiles of an image */
    int64_t rtt = ceil_div(cv->OH, TOH), hrows = 0;
    for (int64_t ri = 0; ri < rtt; ri++) {
        nl_ctile ct = nl_conv_tile(kp, TOH * cv->OW, ri);
        hrows += nl_conv_in_rows(kp, &ct);
    }
    nl_ctile t0 = nl_conv_tile(kp, c->tm, 0);
    int64_t tk0 = min64(c->tk, kp->K), tn0 = min64(c->tn, kp->N);
    double fold = c->fold ? (double)(c->fold * cv->KW) : 1.0; /* a folded window loads fold * KW copies */
    double ie = (double)np_dtype_bytes((np_dtype)kp->lhs.dt), oe = (double)np_dtype_bytes((np_dtype)kp->out_dt);
    double x_all = fold * (double)cv->NB * (double)hrows * (double)nl_conv_in_cols(kp) * (double)kp->K * ie; /* every halo of one pass */
    double w_all = (double)kp->K * (double)cv->T * (double)kp->N * ie;
    double bytes = P * x_all * (c->xbuf == NL_PANEL ? 1.0 : (double)g.tiles_n);
    if (kp->rhs.kind == NL_A_TENSOR) bytes += P * w_all * (c->wbuf == NL_PANEL ? 1.0 : (double)g.tiles_m);
    bytes += P * (double)kp->M * (double)kp->N * oe;
    for (uint32_t i = 0; i < kp->nin; i++)
        bytes += P * (kp->in[i].uses_r ? (double)kp->M : (double)g.tiles_m) * (kp->in[i].uses_c ? (double)kp->N : (double)g.tiles_n) *
                 (double)np_dtype_bytes((np_dtype)kp->in[i].a.dt);
    double kb = 0, nb = 0, vu = 0;
    /* GEMMs per K step and their weight blocks */
    for (int64_t i = 0; i < g.tiles_k; i++) kb += (double)nl_conv_kblocks(kp, min64(c->tk, kp->K - i * c->tk), c->fold);
    for (int64_t i = 0; i < g.tiles_n; i++) nb += (double)ceil_div(min64(c->tn, kp->N - i * c->tn), L);
    double sa = P * (double)kp->M * kb * nb / (double)t->num_sa; /* kb counts every GEMM's blocks */
    if (cv->depthwise) { /* no arrays: every tap a vector op over the tile */
        sa = 0;
        vu += P * (double)cv->T * (double)ceil_div(kp->M * ceil_div(kp->N, L), V) * (2.0 - 1.0 / (double)cv->T);
    }
    /* an array takes a weight block's preload (L cycles) per block: when
     * tiles have fewer rows than that, preloads bound it, not the rows
     * (and the first preload follows the first loads) */
    nl_ctile tl = nl_conv_tile(kp, c->tm, g.tiles_m - 1); /* the last pixel tile: the fewest rows */
    double nblk = P * (double)g.tiles_m * kb * nb;
    double per_arr = ceil(nblk / (double)t->num_sa);
    double sa_b = (per_arr - 1) * (double)L + (double)min64(tl.tm, t0.tm);
    if (sa_b < sa) sa_b = sa;
    sa_b += (double)L;
    if (cv->depthwise) sa_b = 0;
    /* the last tile (in order m, n: the last N tile; else the last M tile
     * of it): its epilogue after its last GEMM, its last store */
    int64_t tnl = c->order == NL_ORDER_MNK || g.tiles_n == 1 ? kp->N - (g.tiles_n - 1) * c->tn : tn0;
    double epi = 0;
    if (kp->has_prog) {
        double groups = (double)ceil_div(tl.tm * ceil_div(tnl, L), V);
        vu += P * (double)kp->M * (double)kp->N / (double)(L * V) * epi_ops(&kp->prog);
        epi = groups * epi_ops(&kp->prog) + 1;
    }
    double lx = fold * (double)(t0.tb * nl_conv_in_rows(kp, &t0) * nl_conv_in_cols(kp) * tk0) * ie / bw;
    /* the first GEMM's weights: a tap's (or a folded group's) rows when
     * they lie apart from the others' (tap major), else the K step's */
    int64_t wrows = cv->tap_major ? (c->fold ? min64(c->fold, cv->KH) * cv->KW : 1) * tk0 : tk0 * cv->T;
    double lw = kp->rhs.kind == NL_A_TENSOR ? (double)(wrows * tn0) * ie / bw : 0;
    double startup = g.nstages ? lx + lw + lat : 0;
    double last_store = (double)(nl_conv_last_piece(kp, &tl, nt_dma_chunk_rows(t, (double)(tnl * 4))) * tnl) * oe / bw + lat;
    double tail = (double)(2 * L - 1) + epi + last_store;
    /* the uniform pipeline: a stage is T GEMMs of tm rows */
    double C = (double)max64(t0.tm, L) * (double)(nl_conv_kblocks(kp, tk0, c->fold) * ceil_div(tn0, L)) / (double)t->num_sa;
    if (cv->depthwise) C = (double)(2 * cv->T) * (double)ceil_div(t0.tm * ceil_div(tn0, L), V);
    pipe_cycles(c, &g, (pipe_parts){startup, sa_b, tail, bytes / bw, vu, C, lx, lw, lat}, bound, heur);
}

/* A lower bound on a candidate's cycles and a quick estimate of them.
 * Bound: the busiest unit's total work (DMA of the bytes it moves, the
 * arrays' streaming, the vector unit), and for contractions the chain no
 * schedule escapes: the first X and W tiles load, every row streams
 * through the arrays, the last results drain, the last epilogue runs, the
 * last store leaves. The timing model only adds waiting to these.
 * Estimate: that start and end plus a uniform pipeline of stages, each
 * as long as its compute, its share of the DMA, or (double buffered) its
 * loads plus their latency, whichever is longest (single buffered: compute
 * and loads in series). It only orders the search; the bound prunes it. */
static void cand_estimate(const nl_kernel *kp, const nl_cand *c, int64_t *bound, int64_t *heur) {
    if (kp->att) {
        nl_attn_estimate(kp, c, bound, heur);
        return;
    }
    if (kp->rows) {
        nl_rows_estimate(kp, c, bound, heur);
        return;
    }
    if (kp->win) {
        nl_win_estimate(kp, c, bound, heur);
        return;
    }
    const nt_target *t = kp->t;
    int64_t L = t->lanes, V = nt_vector_elems(t, 4);
    double bw = nt_dram_bytes_per_cycle(t), lat = (double)t->dma_latency;
    double bytes = 0, sa = 0, vu = 0;
    if (!kp->gemm) {
        ldims d = nl_loop_dims(kp, c);
        double P = (double)kp->npar_total, R = (double)kp->nred_total;
        double ob = (double)np_dtype_bytes((np_dtype)kp->out_dt);
        if (kp->copy) {
            /* the patch's elements in, every element out, the base's
             * elements outside the patch in (at least) */
            double all = P * (double)kp->M * (double)kp->N, patch = 1;
            for (uint32_t i = 0; i < kp->ndims; i++) patch *= (double)kp->psize[i];
            bytes = all * ob + (kp->in[0].a.kind == NL_A_TENSOR ? patch * ob : 0) +
                    (kp->has_base && kp->base.kind == NL_A_TENSOR ? (all - patch) * ob : 0);
        }
        for (uint32_t i = 0; i < kp->nin && !kp->copy; i++)
            bytes += P * R * (kp->in[i].uses_r ? (double)kp->M : (double)d.tiles_r) *
                     (kp->in[i].uses_c ? (double)kp->N : (double)d.tiles_c) * (double)acc_bytes(&kp->in[i].a);
        for (uint32_t i = 0; i < kp->nein; i++) /* once per output tile */
            bytes += P * (kp->ein[i].uses_r ? (double)kp->M : kp->red_r ? 1.0 : (double)d.tiles_r) *
                     (kp->ein[i].uses_c ? (double)kp->N : kp->red_c ? 1.0 : (double)d.tiles_c) * (double)acc_bytes(&kp->ein[i].a);
        if (!kp->copy) bytes += P * (kp->red_r ? 1.0 : (double)kp->M) * (kp->red_c ? 1.0 : (double)kp->N) * ob;
        /* the vector unit: the program's instructions at their element widths */
        double wide = kp->copy ? 0 : kp->prog.nalu ? (double)np_vprog_op_bytes(&kp->prog) / 4.0 : 1.0;
        vu = P * R * (double)kp->M * (double)kp->N / (double)(L * V) * wide;
        double b = bytes / bw > vu ? bytes / bw : vu;
        double per = (double)d.nstages > 0 ? b / (double)d.nstages : 0;
        *bound = cycles_of(b);
        *heur = cycles_of(b + (c->xbuf == 2 ? 0 : per) + lat); /* single buffers serialise load and compute */
        return;
    }
    if (kp->cv.on) {
        conv_estimate(kp, c, bound, heur);
        return;
    }
    gdims g = nl_gemm_dims(kp, c);
    double P = (double)kp->npar_total, R = (double)kp->nred_total;
    bool xt = kp->lhs.kind == NL_A_TENSOR, wt = kp->rhs.kind == NL_A_TENSOR;
    double xl = P * R * (double)kp->M * (double)kp->K * (c->xbuf == NL_PANEL ? 1.0 : (double)g.tiles_n);
    double wl = P * R * (double)kp->K * (double)kp->N * (c->wbuf == NL_PANEL ? 1.0 : (double)g.tiles_m);
    double ie = (double)np_dtype_bytes((np_dtype)kp->lhs.dt), oe = (double)np_dtype_bytes((np_dtype)kp->out_dt);
    double xf = shared_factor(t, &kp->lhs), wf = shared_factor(t, &kp->rhs);
    if (xt) bytes += xl * ie * xf;
    else vu += xl / (double)(L * V);
    if (wt) bytes += wl * ie * wf;
    else vu += wl / (double)(L * V);
    bytes += P * (double)kp->M * (double)kp->N * oe;
    for (uint32_t i = 0; i < kp->nin; i++)
        bytes += P * (kp->in[i].uses_r ? (double)kp->M : (double)g.tiles_m) * (kp->in[i].uses_c ? (double)kp->N : (double)g.tiles_n) *
                 (double)np_dtype_bytes((np_dtype)kp->in[i].a.dt);
    double kb = 0, nb = 0;
    for (int64_t i = 0; i < g.tiles_k; i++) kb += (double)ceil_div(min64(c->tk, kp->K - i * c->tk), L);
    for (int64_t i = 0; i < g.tiles_n; i++) nb += (double)ceil_div(min64(c->tn, kp->N - i * c->tn), L);
    sa = P * R * (double)kp->M * kb * nb / (double)t->num_sa;
    int64_t tm = min64(c->tm, kp->M), tn = min64(c->tn, kp->N), tk = min64(c->tk, kp->K);
    double epi = 0;
    if (kp->has_prog) {
        double groups = (double)ceil_div(tm * ceil_div(tn, L), V);
        vu += P * (double)kp->M * (double)kp->N / (double)(L * V) * epi_ops(&kp->prog);
        epi = groups * epi_ops(&kp->prog) + 1;
    }
    double lx = xt ? (double)(tm * tk) * ie * xf / bw : 0, lw = wt ? (double)(tk * tn) * ie * wf / bw : 0;
    double startup = g.nstages ? lx + lw + (xt || wt ? lat : 0) : 0;
    double last_store = (double)(min64(tm, nt_dma_chunk_rows(t, (double)(tn * 4))) * tn) * oe / bw + lat;
    double tail = (double)(2 * L - 1) + epi + last_store;
    /* the uniform pipeline */
    double C = (double)tm * (double)(ceil_div(tk, L) * ceil_div(tn, L)) / (double)t->num_sa;
    pipe_cycles(c, &g, (pipe_parts){startup, sa, tail, bytes / bw, vu, C, lx, lw, lat}, bound, heur);
}

static int cmp_cand(const void *a, const void *b) {
    const cand_rec *x = a, *y = b;
    if (x->bucket != y->bucket) return x->bucket < y->bucket ? -1 : 1;
    if (x->stages != y->stages) return x->stages < y->stages ? -1 : 1;
    if (x->heur != y->heur) return x->heur < y->heur ? -1 : 1;
    if (x->bound != y->bound) return x->bound < y->bound ? -1 : 1;
    if (x->lbytes != y->lbytes) return x->lbytes < y->lbytes ? -1 : 1;
    return 0;
}

typedef struct cand_list {
    cand_rec *v;
    uint32_t n, cap;
} cand_list;

static void add_cand(sp_ctx *ctx, cand_list *cl, const nl_kernel *kp, const nl_cand *c, const nl_opts *o) {
    nl_buf bufs[NL_MAX_BUFS];
    uint32_t nb = nl_buffers(kp, c, o, bufs);
    plan_buf pb[NL_MAX_BUFS];
    for (uint32_t i = 0; i < nb; i++) pb[i] = (plan_buf){bufs[i].bytes, 1, bufs[i].lo, bufs[i].hi, -1, 0};
    int64_t lb = 0;
    if (nb && plan_lower_bound(ctx, pb, nb, &lb) != SP_OK) sp_rethrow(ctx);
    if (cl->n == cl->cap) {
        uint32_t nc = cl->cap ? cl->cap * 2 : 256;
        cl->v = sp_realloc(ctx, cl->v, nc * sizeof *cl->v);
        cl->cap = nc;
    }
    cand_rec *r = &cl->v[cl->n++];
    r->c = *c;
    cand_estimate(kp, c, &r->bound, &r->heur);
    r->bucket = (int64_t)(log((double)(r->heur > 1 ? r->heur : 1)) / log(1.005));
    if (kp->att) {
        r->stages = nl_attn_insns(kp, c);
    } else if (kp->rows) {
        r->stages = nl_rows_insns(kp, c);
    } else if (kp->win) {
        r->stages = nl_win_insns(kp, c);
    } else if (kp->gemm) {
        gdims g = nl_gemm_dims(kp, c);
        r->stages = g.nstages;
    } else {
        ldims d = nl_loop_dims(kp, c);
        r->stages = d.nstages;
    }
    r->lbytes = lb;
    r->over = false;
}

uint32_t nl_variants(const nl_kernel *kp, int64_t tm, int64_t tn, int64_t tk, nl_cand *out, uint32_t cap) {
    uint32_t n = 0;
    nl_cand c;
    memset(&c, 0, sizeof c);
    c.tm = tm, c.tn = tn, c.tk = kp->gemm ? tk : 0;
    if (kp->att) { /* K/V (and score operands) x1 or x2, row state sets x1 or x2 */
        const nl_attn *a = kp->att;
        int64_t RT = a->heads * ceil_div(a->rows, tm), KT = ceil_div(a->keys, tn);
        c.tk = a->d;
        for (int ord = 0; ord < 2; ord++) /* the tile held transposed (attn.c) or as S is (attn_rows.c) */
            for (int xb = 1; xb <= 2; xb++)
                for (int wb = 1; wb <= 2; wb++) {
                    if ((xb == 2 || wb == 2) && RT * KT < 2) continue;
                    c.order = (uint8_t)ord, c.xbuf = (uint8_t)xb, c.wbuf = (uint8_t)wb, c.ybuf = 1;
                    if (n < cap) out[n++] = c;
                }
        return n;
    }
    if (!kp->gemm) {
        ldims d = nl_loop_dims(kp, &c);
        for (int xb = 1; xb <= 2; xb++)
            for (int yb = 1; yb <= 2; yb++) {
                if (xb == 2 && d.nstages < 2) continue;
                if (yb == 2 && (d.ntiles < 2 || kp->inplace >= 0)) continue;
                c.xbuf = (uint8_t)xb, c.ybuf = (uint8_t)yb;
                if (n < cap) out[n++] = c;
            }
        return n;
    }
    gdims g = nl_gemm_dims(kp, &c);
    for (int ord = 0; ord < 2; ord++) {
        if (ord == NL_ORDER_NMK && (g.tiles_m < 2 || g.tiles_n < 2)) continue;
        for (int xb = 1; xb <= NL_PANEL; xb++)
            for (int wb = 1; wb <= NL_PANEL; wb++) {
                if ((xb > 1 && xb < NL_PANEL && g.nstages < xb) || (wb > 1 && wb < NL_PANEL && g.nstages < wb)) continue;
                /* a panel needs the tiles it serves to follow each other */
                if (xb == NL_PANEL && !((ord == NL_ORDER_MNK || g.tiles_m == 1) && g.tiles_n > 1)) continue;
                if (xb == NL_PANEL && kp->cv.depthwise) continue; /* its X is the N tile's channels */
                if (wb == NL_PANEL && !((ord == NL_ORDER_NMK || g.tiles_n == 1 || kp->cv.on) && g.tiles_m > 1)) continue;
                for (int yb = 1; yb <= 2; yb++) {
                    if (yb == 2 && g.ntiles < 2) continue;
                    for (int early = 0; early <= 1; early++)
                        for (int fold = 0; fold <= (kp->cv.on ? kp->cv.KH : 0) && fold < 256; fold++) {
                            if (early && kp->nin == 0) continue;
                            if (fold && !nl_conv_can_fold(kp, tk, fold)) continue;
                            c.order = (uint8_t)ord, c.xbuf = (uint8_t)xb, c.wbuf = (uint8_t)wb;
                            c.ybuf = (uint8_t)yb, c.early = (uint8_t)early, c.fold = (uint8_t)fold;
                            if (n < cap) out[n++] = c;
                        }
                }
            }
    }
    return n;
}

static void gen_cands(sp_ctx *ctx, cand_list *cl, const nl_kernel *kp, const nl_opts *o) {
    int64_t L = kp->t->lanes;
    int64_t tms[64], tns[64], tks[64];
    if (kp->rows || kp->win) {
        nl_cand *v = sp_malloc(ctx, 4096 * sizeof *v);
        uint32_t n = kp->rows ? nl_rows_cands(kp, v, 4096) : nl_win_cands(kp, v, 4096);
        for (uint32_t i = 0; i < n; i++) add_cand(ctx, cl, kp, &v[i], o);
        sp_free(ctx, v);
        return;
    }
    if (kp->att) {
        uint32_t nr, nk;
        nl_attn_tiles(kp, tms, &nr, tns, &nk, 64);
        nl_cand v[NL_MAX_VARIANTS];
        for (uint32_t a = 0; a < nr; a++)
            for (uint32_t b = 0; b < nk; b++) {
                uint32_t n = nl_variants(kp, tms[a], tns[b], 0, v, NL_MAX_VARIANTS);
                for (uint32_t i = 0; i < n; i++) add_cand(ctx, cl, kp, &v[i], o);
            }
        return;
    }
    uint32_t nm = kp->cv.on ? conv_mtiles(kp, tms, 64) : tile_sizes(kp->M, L, tms, 64), nn = tile_sizes(kp->N, L, tns, 64),
             nk = kp->gemm ? tile_sizes(kp->K, L, tks, 64) : 1;
    if (!kp->gemm) tks[0] = 0;
    bool forced = kp->gemm && o->tile[0] > 0;
    if (forced) {
        tms[0] = o->tile[0], tns[0] = o->tile[1], tks[0] = o->tile[2];
        nm = nn = nk = 1;
    }
    nl_cand v[NL_MAX_VARIANTS];
    for (uint32_t a = 0; a < nm; a++)
        for (uint32_t b = 0; b < nn; b++)
            for (uint32_t k = 0; k < nk; k++) {
                uint32_t n = nl_variants(kp, tms[a], tns[b], tks[k], v, NL_MAX_VARIANTS);
                for (uint32_t i = 0; i < n; i++) add_cand(ctx, cl, kp, &v[i], o);
            }
}

static const char *kernel_text(const nl_kernel *kp, char *buf, size_t n) {
    char op[64];
    const kernel *k = kp->k;
    if (kp->gemm)
        snprintf(buf, n, "k%u (%s %lldx%lldx%lld)", k->index, nl_op_text(k->root, op, sizeof op), (long long)(k->b * k->m),
                 (long long)k->n, (long long)k->k);
    else
        snprintf(buf, n, "k%u (%s %lldx%lld)", k->index, nl_op_text(k->root, op, sizeof op), (long long)kp->M, (long long)kp->N);
    return buf;
}

static void cand_text(const nl_kernel *kp, const nl_cand *c, char *buf, size_t n) {
    if (kp->gemm)
        snprintf(buf, n, "tile %lld,%lld,%lld", (long long)c->tm, (long long)c->tn, (long long)c->tk);
    else
        snprintf(buf, n, "tile %lldx%lld", (long long)c->tm, (long long)c->tn);
}

static SP_NORETURN void no_fit(sp_ctx *ctx, const nl_kernel *kp, const nl_cand *c, const nl_opts *o, bool forced) {
    nl_buf bufs[NL_MAX_BUFS];
    uint32_t nb = nl_buffers(kp, c, o, bufs);
    plan_result pr;
    sp_status st = nl_plan(ctx, kp, bufs, nb, 0, &pr);
    if (st != SP_OK) sp_rethrow(ctx);
    char kt[160], ct[80], list[640];
    size_t len = 0;
    list[0] = 0;
    for (uint32_t i = 0; i < nb && len + 1 < sizeof list; i++)
        len += (size_t)snprintf(list + len, sizeof list - len, "%s%s [%lldx%lld%s] %lld B", i ? ", " : "", bufs[i].name,
                                (long long)bufs[i].rows, (long long)bufs[i].cols,
                                bufs[i].nchunks > 1 ? " x chunks" : "", (long long)bufs[i].bytes);
    if (len >= sizeof list) len = sizeof list - 1;
    kernel_text(kp, kt, sizeof kt);
    cand_text(kp, c, ct, sizeof ct);
    if (forced)
        sp_throw(ctx, SP_ENOFIT, kp->k->root->loc,
                 "%s: %s does not fit the budget of %lld bytes per lane: %s; footprint %lld > %lld bytes per lane", kt, ct,
                 (long long)o->budget, list, (long long)pr.footprint, (long long)o->budget);
    sp_throw(ctx, SP_ENOFIT, kp->k->root->loc,
             "%s: no tile fits the budget of %lld bytes per lane; the smallest, %s, needs %s; footprint %lld > %lld bytes "
             "per lane",
             kt, (long long)o->budget, ct, list, (long long)pr.footprint, (long long)o->budget);
}

const char *nl_verdict_name(nl_verdict v) {
    static const char *const names[] = {"timed", "over_budget_peak_live", "over_budget_planned", "cannot_beat_best",
                                        "search_limit"};
    return v < NL_NVERDICTS ? names[v] : "?";
}

const char *nl_objective_name(nl_objective o) {
    static const char *const names[] = {"cycles", "energy", "dram", "edp"};
    return o < NL_NOBJECTIVES ? names[o] : "?";
}

int nl_objective_parse(const char *s) {
    for (int o = 0; s && o < NL_NOBJECTIVES; o++)
        if (!strcmp(s, nl_objective_name((nl_objective)o))) return o;
    return -1;
}

/* The choice's order under the objective. Cycles: fewer cycles, then fewer
 * DRAM bytes moved (a schedule that hides more traffic under the arrays is
 * no faster, only busier), then a smaller footprint; the earlier candidate
 * on a tie. Energy: less energy first, then as cycles. DRAM: less DRAM
 * energy (bursts' bits and row activations), then as cycles.
 * EDP: the smaller energy x cycles, then as cycles. Every key is a fact of
 * the candidate, the same under every budget it fits, so a larger budget
 * never chooses a worse one by the objective. */
/* A timed candidate's energy; one beyond the model's count (2^62 cycles:
 * its counts were not stepped) is worse than any other. */
static nc_energy cand_energy(const nt_target *t, const nc_stats *st) {
    nc_energy e = nc_energy_of(t, st);
    if (st->cycles >= NC_TIME_MAX) e.total = e.dram = HUGE_VAL;
    return e;
}

bool nl_rec_before(int obj, const nl_cand_rec *a, const nl_cand_rec *b) {
    switch ((nl_objective)obj) {
    case NL_OBJ_ENERGY:
        if (a->energy_pj != b->energy_pj) return a->energy_pj < b->energy_pj;
        break;
    case NL_OBJ_DRAM:
        if (a->dram_pj != b->dram_pj) return a->dram_pj < b->dram_pj;
        break;
    case NL_OBJ_EDP: {
        double ea = a->energy_pj * (double)a->cycles, eb = b->energy_pj * (double)b->cycles;
        if (ea != eb) return ea < eb;
        break;
    }
    default: break;
    }
    if (a->cycles != b->cycles) return a->cycles < b->cycles;
    if (a->dma_bytes != b->dma_bytes) return a->dma_bytes < b->dma_bytes;
    return a->footprint < b->footprint;
}

/* Keep a candidate in the choice's brief: a timed one among the best (by
 * the choice's own order: cycles, then footprint, earlier first), any other
 * among the first few of its verdict. */
static void note_cand(nl_choice *ch, const nl_cand *c, nl_verdict v, int64_t footprint, int64_t cycles, int64_t dma,
                      const nc_energy *en) {
    nl_cand_rec r = {*c, (uint8_t)v, footprint, cycles, v == NL_TIMED ? dma : 0, en ? en->total : 0, en ? en->dram : 0};
    uint32_t cnt = ch->nverdict[v]++;
    if (v != NL_TIMED) {
        if (cnt < NL_MAX_REJECTS) ch->rejects[ch->nrejects++] = r;
        return;
    }
    uint32_t i = ch->ntop;
    while (i > 0 && nl_rec_before(ch->objective, &r, &ch->top[i - 1])) i--;
    if (i >= NL_MAX_TOP) return;
    uint32_t n = ch->ntop < NL_MAX_TOP ? ch->ntop : NL_MAX_TOP - 1;
    memmove(&ch->top[i + 1], &ch->top[i], (n - i) * sizeof r);
    ch->top[i] = r;
    if (ch->ntop < NL_MAX_TOP) ch->ntop++;
}

/* The timing model counts up to NC_TIME_MAX (2^62) cycles, bytes and
 * operations: a choice that reaches it has no number to report, so it is
 * an error naming the quantity, never a saturated value in a message. */
static void beyond_the_model(sp_ctx *ctx, const nl_kernel *kp, const nl_choice *ch) {
    const nc_stats *e = &ch->est;
    const char *what = e->cycles >= NC_TIME_MAX ? "cycles"
                       : e->dma_bytes >= NC_TIME_MAX || e->dram_request_bytes >= NC_TIME_MAX ? "bytes of DMA"
                       : e->dma_busy >= NC_TIME_MAX || e->sa_busy >= NC_TIME_MAX || e->vu_busy >= NC_TIME_MAX ? "busy cycles of a unit"
                       : e->macs >= NC_TIME_MAX || e->vec_elem_ops >= NC_TIME_MAX ? "operations"
                       : e->ninsn >= NC_TIME_MAX ? "instructions"
                       : ch->bound_dma >= NC_TIME_MAX || ch->bound_dma_min >= NC_TIME_MAX ? "cycles of DMA"
                       : NULL;
    if (!what) return;
    char kt[160], ct[80];
    kernel_text(kp, kt, sizeof kt);
    cand_text(kp, &ch->cand, ct, sizeof ct);
    const nt_target *t = kp->t;
    sp_throw(ctx, SP_EINPUT, kp->k->root->loc,
             "%s: more than 2^62 %s on this npu (%s at its best, %s; DRAM %.3g bytes per cycle, DMA latency %lld "
             "cycles): beyond what the timing model counts",
             kt, what, ct, t->name, nt_dram_bytes_per_cycle(t), (long long)t->dma_latency);
}

typedef struct choose_state {
    cand_list cl;
    int64_t *tf, *tw; /* the timed candidates' footprints (sorted) and work up to each (work_add) */
    struct free_rec *fr; /* free_pass's candidates */
} choose_state;

/* Monotone in the budget. A larger budget admits every candidate a smaller
 * one did, so its choice must be no slower; but the search's effort is
 * bounded (counted work, below), and a larger budget's extra candidates
 * would spend it and could cut the one a smaller budget chose. So the limit
 * is counted per footprint: a candidate is cut only when the work spent on
 * the timed candidates whose footprint is at most its own exceeds the
 * limit. Its footprint is its plan's without the budget (the planner's
 * answer, offsets included, depends only on the buffers), so it fits a
 * budget exactly when that footprint is within it, and its timing is the
 * same under every budget it fits. Then, for budgets B' < B, by induction
 * over the (budget-independent) candidate order: the best so far under B
 * is at most the best under B' (the bound prunes at least as much under B,
 * so the candidates no larger than a candidate c timed under B' that B
 * times are timed under B' too, and c's count under B is at most its count
 * under B', so c is timed or pruned under B). Bigger candidates count
 * nothing against smaller ones; they only compete by the bound.
 * An attention times instruction by instruction (no extrapolation), so a
 * candidate with more instructions than the limit is never timed (a fact of
 * the candidate, whatever the budget) unless nothing else was: then the
 * first fitting one is (the only case a larger budget may choose slower). */
static int64_t work_upto(const choose_state *cs, uint32_t n, int64_t footprint) {
    uint32_t lo = 0, hi = n; /* tf is sorted: the first footprint above */
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (cs->tf[mid] <= footprint) lo = mid + 1;
        else hi = mid;
    }
    return lo ? cs->tw[lo - 1] : 0;
}

/* A timed candidate's footprint and work, into tf (sorted) and tw (the work
 * of tf[0..i], running sums). */
static void work_add(choose_state *cs, uint32_t n, int64_t footprint, int64_t work) {
    uint32_t i = n;
    while (i > 0 && cs->tf[i - 1] > footprint) {
        cs->tf[i] = cs->tf[i - 1];
        cs->tw[i] = nc_add(cs->tw[i - 1], work);
        i--;
    }
    cs->tf[i] = footprint;
    cs->tw[i] = nc_add(i ? cs->tw[i - 1] : 0, work);
}

typedef struct free_rec {
    int64_t bound;
    uint32_t i;
} free_rec; /* a candidate free_pass weighs (its index in the list) and its cycle bound */

static int cmp_free(const void *a, const void *b) {
    const free_rec *x = a, *y = b;
    return x->bound != y->bound ? (x->bound < y->bound ? -1 : 1) : (x->i < y->i ? -1 : x->i > y->i);
}

/* The DMA bytes of the candidate the search would choose with the whole
 * scratchpad slice as its budget (nl_gap's budget part), from the choice
 * at o->budget: every candidate that fits the budget was weighed for it
 * already, so only the ones over the budget that fit the slice compete
 * with it, taken by their cycle bound, least first, until (the cycles
 * objective) the bound exceeds the best so far's cycles, and timed within
 * the search's effort limit (counted apart). Candidates the search at the
 * budget cut for effort (NL_LIMIT) are not weighed again. */
static int64_t free_pass(sp_ctx *ctx, choose_state *cs, const nl_kernel *kp, const nl_opts *o, const nl_choice *ch, int64_t limit) {
    const cand_list *cl = &cs->cl;
    int64_t slice = nt_spad_bytes(kp->t), work = 0;
    nc_energy ben = cand_energy(kp->t, &ch->est);
    nl_cand_rec best = {ch->cand, NL_TIMED, ch->footprint, ch->est.cycles, ch->est.dma_bytes, ben.total, ben.dram};
    free_rec *fr = cs->fr = sp_malloc(ctx, (cl->n ? cl->n : 1) * sizeof *fr);
    uint32_t n = 0;
    for (uint32_t i = 0; i < cl->n; i++)
        if (cl->v[i].over && cl->v[i].lbytes <= slice && cl->v[i].bound < NC_TIME_MAX) fr[n++] = (free_rec){cl->v[i].bound, i};
    qsort(fr, n, sizeof *fr, cmp_free);
    for (uint32_t j = 0; j < n && work <= limit; j++) {
        const cand_rec *r = &cl->v[fr[j].i];
        if (ch->objective == NL_OBJ_CYCLES && r->bound > best.cycles) break;
        if ((kp->att || kp->rows || kp->win) && r->stages > limit) continue;
        nl_buf bufs[NL_MAX_BUFS];
        uint32_t nb = nl_buffers(kp, &r->c, o, bufs);
        plan_result pr;
        if (nl_plan(ctx, kp, bufs, nb, 0, &pr) != SP_OK) sp_rethrow(ctx);
        if (pr.footprint > slice) continue;
        nc_stats est = nl_time(ctx, kp, &r->c, bufs, o);
        work = nc_add(work, est.stepped);
        nc_energy en = cand_energy(kp->t, &est);
        nl_cand_rec mine = {r->c, NL_TIMED, pr.footprint, est.cycles, est.dma_bytes, en.total, en.dram};
        if (nl_rec_before(ch->objective, &mine, &best)) best = mine;
    }
    return best.dma_bytes;
}

/* Candidate c's pass-0 cut for the effort limit taken back (pass 1 times
 * it after all): its count and its reject record. */
static void uncut(nl_choice *ch, const nl_cand *c) {
    ch->nverdict[NL_LIMIT]--;
    for (uint32_t j = 0; j < ch->nrejects; j++)
        if (ch->rejects[j].verdict == NL_LIMIT && !memcmp(&ch->rejects[j].c, c, sizeof *c)) {
            memmove(&ch->rejects[j], &ch->rejects[j + 1], (ch->nrejects - j - 1) * sizeof *ch->rejects);
            ch->nrejects--;
            break;
        }
}

/* Candidate r timed over its planned buffers. One whose lower bound is
 * already beyond the model's count is saturated however it is timed:
 * stepping its program to find that out cost seconds per candidate on a
 * slow machine (tests/cli/npu_limits.sh). */
static nc_stats time_cand(sp_ctx *ctx, const nl_kernel *kp, const cand_rec *r, const nl_buf *bufs, const nl_opts *o) {
    nc_stats est;
    if (r->bound >= NC_TIME_MAX) {
        memset(&est, 0, sizeof est);
        est.cycles = NC_TIME_MAX;
    } else {
        est = nl_time(ctx, kp, &r->c, bufs, o);
    }
    return est;
}

/* The chosen candidate's rooflines, DRAM lower bound and gap, for the
 * report. */
static void choice_bounds(sp_ctx *ctx, choose_state *cs, const nl_kernel *kp, const nl_opts *o, nl_choice *ch, int64_t limit) {
    const nt_target *t = kp->t;
    double bw = nt_dram_peak_bytes_per_cycle(t); /* rooflines at the peak */
    int64_t L = t->lanes;
    ch->bound_compute = ceil_div(kp->macs, t->num_sa * L * L);
    ch->bound_dma = cycles_of(ceil((double)ch->est.dma_bytes / bw));
    ch->bound_dma_min = cycles_of(ceil((double)kp->min_dma_bytes / bw));
    ch->dram_lower_bound = nl_dram_lower_bound(kp, o->budget);
    /* the budget's part of the gap: what the search would choose with the
     * whole slice (free_pass) */
    nl_gap g0 = nl_gap_of(kp, &ch->est, ch->dram_lower_bound, ch->est.dma_bytes);
    ch->free_dma_bytes = o->budget < nt_spad_bytes(t) && g0.tile + g0.halo > 0 ? free_pass(ctx, cs, kp, o, ch, limit)
                                                                                 : ch->est.dma_bytes;
    ch->gap = nl_gap_of(kp, &ch->est, ch->dram_lower_bound, ch->free_dma_bytes);
    ch->bound_vector = ceil_div(ch->est.vec_op_bytes, L * (t->vlen_bits / 8 > 0 ? t->vlen_bits / 8 : 1));
}

static void choose_body(sp_ctx *ctx, void *ud, const nl_kernel *kp, const nl_opts *o, nl_choice *ch) {
    choose_state *cs = ud;
    gen_cands(ctx, &cs->cl, kp, o);
    cand_list *cl = &cs->cl;
    qsort(cl->v, cl->n, sizeof *cl->v, cmp_cand);
    memset(ch, 0, sizeof *ch);
    ch->ncand = cl->n;
    ch->exact = true;
    ch->budget = o->budget;
    ch->objective = o->objective < NL_NOBJECTIVES ? o->objective : NL_OBJ_CYCLES;
    /* the cycle bound prunes for the cycles objective only; the others time
     * every fitting candidate (still within the effort limit below, so the
     * search stays bounded and deterministic) */
    bool prune = ch->objective == NL_OBJ_CYCLES;
    cs->tf = sp_malloc(ctx, (cl->n ? cl->n : 1) * sizeof *cs->tf);
    cs->tw = sp_malloc(ctx, (cl->n ? cl->n : 1) * sizeof *cs->tw);
    uint32_t ntimed = 0;
    bool have = false;
    /* the search's effort is counted in timed instructions, not seconds, so
     * it chooses the same tile on every machine */
    int64_t limit = o->search_insns > 0 ? o->search_insns : 10000000;
    int64_t min_lb = INT64_MAX;
    uint32_t min_i = 0, first_big = UINT32_MAX;
    for (uint32_t pass = 0; pass < 2; pass++) {
        /* pass 1: an attention none of whose fitting candidates could be
         * timed within the limit times the first of them */
        if (pass == 1 && (have || first_big == UINT32_MAX)) break;
        for (uint32_t i = pass ? first_big : 0; i < cl->n; i++) {
            const cand_rec *r = &cl->v[i];
            if (!pass && r->lbytes < min_lb) min_lb = r->lbytes, min_i = i;
            if (r->lbytes > o->budget) {
                cl->v[i].over = true;
                if (!pass) note_cand(ch, &r->c, NL_OVER_PEAK, r->lbytes, r->bound, 0, NULL);
                continue;
            }
            /* cannot beat the best: sorted, but keep min_lb; and once the
             * best is beyond the model (2^62 cycles: an error below), a
             * candidate whose bound is there too could only tie with it */
            if (prune && have && (r->bound > ch->est.cycles || (r->bound >= NC_TIME_MAX && ch->est.cycles >= NC_TIME_MAX))) {
                note_cand(ch, &r->c, NL_BOUND, r->lbytes, r->bound, 0, NULL);
                continue;
            }
            /* its footprint is at least its peak live bytes: when the work
             * counted up to those is over the limit, so is its own (not planned) */
            if (!pass && work_upto(cs, ntimed, r->lbytes) > limit) {
                ch->exact = false;
                note_cand(ch, &r->c, NL_LIMIT, r->lbytes, r->bound, 0, NULL);
                continue;
            }
            nl_buf bufs[NL_MAX_BUFS];
            uint32_t nb = nl_buffers(kp, &r->c, o, bufs);
            plan_result pr;
            sp_status st = nl_plan(ctx, kp, bufs, nb, 0, &pr);
            if (st != SP_OK) sp_rethrow(ctx);
            if (pr.footprint > o->budget) {
                cl->v[i].over = true;
                if (!pass) note_cand(ch, &r->c, NL_OVER_PLANNED, pr.footprint, r->bound, 0, NULL);
                continue;
            }
            if (!pass && (kp->att || kp->rows || kp->win) && r->stages > limit) {
                if (first_big == UINT32_MAX) first_big = i;
                ch->exact = false;
                note_cand(ch, &r->c, NL_LIMIT, r->lbytes, r->bound, 0, NULL);
                continue;
            }
            if (!pass && work_upto(cs, ntimed, pr.footprint) > limit) {
                ch->exact = false;
                note_cand(ch, &r->c, NL_LIMIT, r->lbytes, r->bound, 0, NULL);
                continue;
            }
            nc_stats est = time_cand(ctx, kp, r, bufs, o);
            ch->nsim++;
            if (pass) uncut(ch, &r->c); /* it was counted as cut in pass 0 */
            nc_energy en = cand_energy(kp->t, &est), ben = cand_energy(kp->t, &ch->est);
            note_cand(ch, &r->c, NL_TIMED, pr.footprint, est.cycles, est.dma_bytes, &en);
            work_add(cs, ntimed++, pr.footprint, est.stepped);
            nl_cand_rec mine = {r->c, NL_TIMED, pr.footprint, est.cycles, est.dma_bytes, en.total, en.dram};
            nl_cand_rec best = {ch->cand, NL_TIMED, ch->footprint, ch->est.cycles, ch->est.dma_bytes, ben.total, ben.dram};
            bool better = !have || nl_rec_before(ch->objective, &mine, &best);
            if (better) {
                have = true;
                ch->cand = r->c;
                ch->nbufs = nb;
                memcpy(ch->bufs, bufs, nb * sizeof *bufs);
                ch->footprint = pr.footprint;
                ch->peak_live = pr.peak_live;
                ch->est = est;
            }
            if (pass) break;
        }
    }
    if (!have) {
        if (!cl->n) sp_throw(ctx, SP_EINTERNAL, kp->k->root->loc, "internal error: no tile candidates");
        no_fit(ctx, kp, &cl->v[min_i].c, o, kp->gemm && o->tile[0] > 0);
    }
    choice_bounds(ctx, cs, kp, o, ch, limit);
    beyond_the_model(ctx, kp, ch);
}

nl_gap nl_gap_of(const nl_kernel *kp, const nc_stats *st, int64_t lb, int64_t free_dma) {
    nl_gap g;
    memset(&g, 0, sizeof g);
    const int64_t *w = st->dma_why;
    g.total = st->dma_bytes - lb;
    /* a convolution's (or pool's) halo loads move its input once or more */
    int64_t in_once = w[NP_WHY_HALO] ? kp->halo_bytes : 0;
    g.halo = w[NP_WHY_HALO] - in_once;
    g.tile = w[NP_WHY_TILE];
    g.outer = w[NP_WHY_OUTER];
    g.epilogue = w[NP_WHY_EPI];
    /* the re-reads the bound itself counts (no schedule avoids them) */
    int64_t cap = lb - kp->min_dma_bytes;
    int64_t *from[] = {&g.tile, &g.halo, &g.outer};
    for (size_t i = 0; i < sizeof from / sizeof *from && cap > 0; i++) {
        int64_t d = min64(cap, *from[i]);
        *from[i] -= d;
        cap -= d;
    }
    /* the budget's: tile (then halo) re-reads the choice at the slice avoids */
    int64_t b = min64(max64(0, st->dma_bytes - free_dma), g.tile + g.halo);
    if (b > 0) {
        int64_t d = min64(b, g.tile);
        g.tile -= d;
        g.halo -= b - d;
        g.budget = b;
    }
    g.other = g.total - g.tile - g.budget - g.outer - g.epilogue - g.halo;
    if (kp->split) {
        g.split = g.other;
        g.other = 0;
    }
    return g;
}

typedef struct choose_args {
    choose_state cs;
    const nl_kernel *kp;
    const nl_opts *o;
    nl_choice *ch;
} choose_args;

static void choose_pcall(sp_ctx *ctx, void *ud) {
    choose_args *a = ud;
    choose_body(ctx, &a->cs, a->kp, a->o, a->ch);
}

void nl_choose(sp_ctx *ctx, const nl_kernel *kp, const nl_opts *o, nl_choice *ch) {
    choose_args a;
    memset(&a, 0, sizeof a);
    a.kp = kp;
    a.o = o;
    a.ch = ch;
    sp_status st = sp_pcall(ctx, choose_pcall, &a);
    sp_free(ctx, a.cs.cl.v);
    sp_free(ctx, a.cs.tf);
    sp_free(ctx, a.cs.tw);
    sp_free(ctx, a.cs.fr);
    if (st != SP_OK) sp_rethrow(ctx);
    (void)max64;
}
