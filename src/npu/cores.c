/* cores.c - a kernel split over the machine's cores (see cores.h): the
 * per-core kernels, their choices and timing, and the choice of split. */
#include "cores.h"

#include <math.h>
#include <string.h>

static const char *const KIND_NAMES[NK_NKINDS] = {"none", "m", "n", "k", "mn", "kn"};
const char *nk_kind_name(nk_kind k) { return k < NK_NKINDS ? KIND_NAMES[k] : "?"; }

static int64_t cdiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

/* ------------------------------------------------ the per-core kernels */

static void shift(nl_access *a, int d, int64_t lo) {
    if (a->kind == NL_A_TENSOR) a->off += lo * a->stride[d];
}

/* kp restricted to [lo, lo + n) of loop d: the loop's bound, and every
 * tensor's first element moved to the chunk's. Work counts scale with it
 * (they are products over the loops). */
static void restrict_loop(nl_kernel *p, int d, int64_t lo, int64_t n) {
    shift(&p->lhs, d, lo);
    shift(&p->rhs, d, lo);
    shift(&p->out, d, lo);
    shift(&p->init, d, lo);
    for (uint32_t i = 0; i < p->nin; i++) shift(&p->in[i].a, d, lo);
    for (uint32_t i = 0; i < p->nein; i++) shift(&p->ein[i].a, d, lo);
    int64_t whole = p->bounds[d];
    p->bounds[d] = n;
    if (d == p->dm) p->M = n;
    if (d == p->dn) p->N = n;
    if (d == p->dk) p->K = n;
    p->macs = p->macs / whole * n;
    p->vec_ops = p->vec_ops / whole * n;
    p->min_dma_bytes = p->min_dma_bytes / whole * n; /* not reported: the kernel's is */
}

/* Split K's core c: its partial sums, unreduced, to workspace c (f32, the
 * result's layout); the init added once, by core 0. */
static void to_workspace(nl_kernel *p, uint32_t c) {
    p->out.value = NK_WS_BASE + c;
    p->out.dt = NP_F32;
    p->out_dt = NP_F32;
    p->has_prog = p->epi_own = false;
    p->nin = 0;
    p->vec_ops = 0;
    if (c > 0) {
        memset(&p->init, 0, sizeof p->init);
        p->init.kind = NL_A_IMM;
        p->init.dt = NP_F32;
    }
}

/* Core c's place in the grid along axis a, and its chunk there. */
static uint32_t grid_idx(const nk_phase *ph, uint32_t c, int a) { return a == 0 ? c / ph->n[1] : c % ph->n[1]; }
static bool last_of(const nk_phase *ph, uint32_t c, int a) {
    return grid_idx(ph, c, a) + 1 == ph->n[a] && ph->last[a] != ph->chunk[a];
}
int64_t nk_chunk_lo(const nk_phase *ph, uint32_t c, int a) { return (int64_t)grid_idx(ph, c, a) * ph->chunk[a]; }
int64_t nk_chunk_len(const nk_phase *ph, uint32_t c, int a) {
    return grid_idx(ph, c, a) + 1 == ph->n[a] ? ph->last[a] : ph->chunk[a];
}
static uint32_t part_idx(const nk_phase *ph, uint32_t c) { return (last_of(ph, c, 0) ? 2u : 0u) + (last_of(ph, c, 1) ? 1u : 0u); }
const nk_part *nk_part_of(const nk_phase *ph, uint32_t c) { return &ph->part[part_idx(ph, c)]; }

void nk_core_kernel(const nk_phase *ph, const nl_kernel *base, uint32_t c, nl_kernel *out) {
    *out = *base;
    out->t = &ph->t;
    for (int a = 0; a < 2; a++)
        if (ph->dim[a] >= 0) restrict_loop(out, ph->dim[a], nk_chunk_lo(ph, c, a), nk_chunk_len(ph, c, a));
    if (ph->workspace) to_workspace(out, grid_idx(ph, c, 0)); /* axis 0 cuts K */
}

/* ------------------------------------------------ split K's reduction */

/* The reduction of split K's `np` partials: a map over the result's points
 * (the contraction's loops but K) reading the partials (sources 0..np-1)
 * and the epilogue's operands (after them), adding the partials in core
 * order and running the epilogue on the sum. False when the vector
 * program or its sources do not fit. */
static bool reduction_kernel(const nl_kernel *kp, uint32_t np, nl_kernel *r) {
    if (np < 2 || np + kp->nin > NP_VMAX_SRCS) return false;
    *r = *kp;
    r->gemm = false;
    r->bounds[kp->dk] = 1;
    r->dk = -1;
    r->K = 1;
    r->macs = 0;
    memset(&r->lhs, 0, sizeof r->lhs);
    memset(&r->rhs, 0, sizeof r->rhs);
    for (uint32_t p = 0; p < np; p++) {
        nl_operand *o = &r->in[p];
        memset(o, 0, sizeof *o);
        o->a = kp->out;
        o->a.value = NK_WS_BASE + p;
        o->a.dt = NP_F32;
        o->uses_r = kp->dm >= 0 && kp->out.stride[kp->dm] != 0;
        o->uses_c = kp->dn >= 0 && kp->out.stride[kp->dn] != 0;
        static const char *const NAMES[NP_VMAX_SRCS] = {"partial0", "partial1", "partial2", "partial3",
                                                         "partial4", "partial5", "partial6", "partial7"};
        o->name = NAMES[p];
    }
    for (uint32_t i = 0; i < kp->nin; i++) r->in[np + i] = kp->in[i];
    r->nin = np + kp->nin;
    /* the sum: r0..r(np-1) the partials, then r(np + i) = sum of i + 2 */
    np_vprog *v = &r->prog;
    memset(v, 0, sizeof *v);
    uint32_t n = 0;
    for (uint32_t p = 0; p < np; p++) v->insn[n++] = (np_vinsn){.op = NV_LOAD, .d = (uint8_t)p, .a = (uint8_t)p};
    uint8_t sum = 0;
    for (uint32_t p = 1; p < np; p++, sum = (uint8_t)(np + p - 2))
        v->insn[n++] = (np_vinsn){.op = NV_ADD, .d = (uint8_t)(np + p - 1), .a = sum, .b = (uint8_t)p};
    uint32_t nregs = np + np - 1;
    v->nalu = np - 1;
    v->nalu_bytes[2] = np - 1;
    if (kp->has_prog) {
        /* the epilogue: its register 0 (the accumulator, read by its first
         * instruction) is the sum; its sources come after the partials */
        const np_vprog *e = &kp->prog;
        if (n + e->n - 1 > NP_VMAX_INSNS || nregs + e->nregs - 1 > NP_VMAX_REGS) return false;
        uint8_t map[NP_VMAX_REGS];
        map[0] = sum;
        for (uint32_t x = 1; x < e->nregs; x++) map[x] = (uint8_t)(nregs + x - 1);
        for (uint32_t i = 1; i < e->n; i++) {
            np_vinsn in = e->insn[i];
            in.d = map[in.d];
            if (in.op == NV_LOAD) {
                if (kp->epi_own && in.a == kp->nin) return false; /* (the chain reads the accumulator as a source: not a program split K takes) */
                in.a = (uint8_t)(in.a + np);
            } else if (in.op >= NV_ADD) {
                in.a = map[in.a];
                in.b = map[in.b];
                in.c = map[in.c];
            }
            v->insn[n++] = in;
        }
        nregs += e->nregs - 1;
        v->nalu += e->nalu;
        for (int b = 0; b < 4; b++) v->nalu_bytes[b] += e->nalu_bytes[b];
        v->sfu = e->sfu;
        v->result = map[e->result];
    } else {
        v->result = sum;
    }
    v->n = n;
    v->nregs = (uint8_t)nregs;
    r->has_prog = true;
    r->has_epi = r->epi_own = false;
    r->mode = NP_VMAP;
    r->red_r = r->red_c = false;
    r->inplace = kp->out_dt == NP_F32 ? 0 : -1; /* the sum lands on partial 0's tile when it has the result's type */
    r->vec_ops = r->npar_total * r->M * r->N * v->nalu;
    int64_t pts = r->npar_total * r->M * r->N;
    r->min_dma_bytes = pts * 4 * np + pts * np_dtype_bytes((np_dtype)kp->out_dt);
    return true;
}

/* ------------------------------------------------------------ phases */

static void fix_targets(nk_phase *ph) {
    for (int i = 0; i < 4; i++) ph->part[i].kp.t = &ph->t;
}

/* Plan base on a grid of n[0] x n[1] cores, loop dim[a] cut into chunks
 * of chunk[a] (dim -1: not cut, n 1): each program shape chosen by
 * nl_choose on the machine one core of the phase sees, every core's
 * program timed. */
/* Whether DRAM tensor v is read by kp through `a` only (a shared operand
 * must not also be an operand the split cuts, or the result). */
static bool read_only_by(const nl_kernel *kp, const nl_access *a) {
    if (a->kind != NL_A_TENSOR) return false;
    const nl_access *other[] = {&kp->lhs, &kp->rhs, &kp->out, &kp->init};
    for (size_t i = 0; i < sizeof other / sizeof *other; i++)
        if (other[i] != a && other[i]->kind == NL_A_TENSOR && other[i]->value == a->value) return false;
    for (uint32_t i = 0; i < kp->nin; i++)
        if (kp->in[i].a.kind == NL_A_TENSOR && kp->in[i].a.value == a->value) return false;
    for (uint32_t i = 0; i < kp->nein; i++)
        if (kp->ein[i].a.kind == NL_A_TENSOR && kp->ein[i].a.value == a->value) return false;
    return true;
}

/* A contraction's operand that the cores of a grid axis all read in full
 * (X for the axis cutting N, W for the one cutting M), fetched once and
 * shared over the interconnect: on the phase's machine, its loads split
 * that axis's cores ways (nt_target.mcast_*). */
static void share_operands(const nl_kernel *kp, nk_phase *ph) {
    int k = 0;
    for (int a = 0; a < 2; a++) {
        if (ph->dim[a] < 0 || ph->n[a] < 2) continue;
        const nl_access *x = ph->dim[a] == kp->dn ? &kp->lhs : ph->dim[a] == kp->dm ? &kp->rhs : NULL;
        if (!x || !read_only_by(kp, x)) continue;
        ph->t.mcast_tensor[k] = x->value;
        ph->t.mcast_ways[k] = ph->n[a];
        k++;
    }
}

static void phase_plan(sp_ctx *ctx, const nl_kernel *base, const int dim[2], const uint32_t n[2], const int64_t chunk[2],
                       bool ws, uint32_t noc, bool shared, const nl_opts *o, nk_phase *ph) {
    memset(ph, 0, sizeof *ph);
    ph->cores = n[0] * n[1];
    for (int a = 0; a < 2; a++) {
        ph->dim[a] = dim[a];
        ph->n[a] = n[a];
        ph->chunk[a] = dim[a] < 0 ? 1 : chunk[a];
        ph->last[a] = dim[a] < 0 ? 1 : base->bounds[dim[a]] - (int64_t)(n[a] - 1) * chunk[a];
    }
    ph->workspace = ws;
    ph->t = *base->t;
    ph->t.dram_sharers = ph->cores;
    ph->t.noc_tensors = noc;
    ph->t.mcast_ways[0] = ph->t.mcast_ways[1] = 0;
    if (shared && base->gemm) share_operands(base, ph);
    ph->core_est = sp_calloc(ctx, ph->cores, sizeof *ph->core_est);
    nl_kernel *tmp = ph->tmp = sp_malloc(ctx, sizeof *tmp);
    for (uint32_t c = 0; c < ph->cores; c++) {
        uint32_t i = part_idx(ph, c);
        nk_part *p = &ph->part[i];
        if (!(ph->has & (1u << i))) { /* the first core of its shape: the search */
            ph->has |= 1u << i;
            nk_core_kernel(ph, base, c, &p->kp);
            nl_choose(ctx, &p->kp, o, &p->ch);
            ph->core_est[c] = p->ch.est;
        } else {
            /* the others differ in their DRAM offsets, and so may in the
             * bursts a row straddles: each is timed */
            nk_core_kernel(ph, base, c, tmp);
            ph->core_est[c] = nl_time(ctx, tmp, &p->ch.cand, p->ch.bufs, o);
        }
        if (ph->core_est[c].cycles > ph->cycles) ph->cycles = ph->core_est[c].cycles;
    }
}

static void stats_add(nc_stats *s, const nc_stats *a) {
    int64_t *f[] = {&s->dma_bytes, &s->dram_request_bytes, &s->dma_busy, &s->dma_load_busy, &s->dma_store_busy,
                    &s->sa_busy, &s->vu_busy, &s->macs, &s->vec_elem_ops, &s->vec_op_bytes, &s->spad_read_bytes,
                    &s->spad_write_bytes, &s->dram_activations, &s->ninsn, &s->ndma, &s->ngemm, &s->nvec, &s->stepped};
    const int64_t *g[] = {&a->dma_bytes, &a->dram_request_bytes, &a->dma_busy, &a->dma_load_busy, &a->dma_store_busy,
                          &a->sa_busy, &a->vu_busy, &a->macs, &a->vec_elem_ops, &a->vec_op_bytes, &a->spad_read_bytes,
                          &a->spad_write_bytes, &a->dram_activations, &a->ninsn, &a->ndma, &a->ngemm, &a->nvec, &a->stepped};
    for (size_t i = 0; i < sizeof f / sizeof *f; i++) *f[i] = nc_add(*f[i], *g[i]);
    s->noc_bytes = nc_add(s->noc_bytes, a->noc_bytes);
    for (int i = 0; i < NP_NWHY; i++) s->dma_why[i] = nc_add(s->dma_why[i], a->dma_why[i]);
    for (int i = 0; i < NC_MAX_SA; i++) s->sa_busy_each[i] = nc_add(s->sa_busy_each[i], a->sa_busy_each[i]);
}

static int64_t phase_sum(const nk_phase *ph, const nc_stats *core, nc_stats *s) {
    int64_t slowest = 0;
    for (uint32_t c = 0; c < ph->cores; c++) {
        stats_add(s, &core[c]);
        if (core[c].cycles > slowest) slowest = core[c].cycles;
    }
    return slowest;
}

nc_stats nk_combine(const nk_plan *sp, const nc_stats *main_core, const nc_stats *red_core) {
    nc_stats s;
    memset(&s, 0, sizeof s);
    s.cycles = phase_sum(&sp->main, main_core, &s);
    if (nk_reduces(sp->kind)) s.cycles = nc_add(s.cycles, phase_sum(&sp->red, red_core, &s));
    return s;
}

void nk_plan_free(sp_ctx *ctx, nk_plan *sp) {
    nk_phase *ph[] = {&sp->main, &sp->red};
    for (int i = 0; i < 2; i++) {
        sp_free(ctx, ph[i]->core_est);
        sp_free(ctx, ph[i]->tmp);
    }
    sp_free(ctx, sp->red_base);
    memset(sp, 0, sizeof *sp);
}

static void plan_move(nk_plan *dst, nk_plan *src) {
    *dst = *src;
    fix_targets(&dst->main);
    fix_targets(&dst->red);
    memset(src, 0, sizeof *src);
}

/* ------------------------------------------------------------ the choice */

/* Elements a workspace laid out as kp's result needs (its strides over
 * every loop, from its first element 0). */
static int64_t ws_elems(const nl_kernel *kp) {
    int64_t hi = kp->out.off;
    for (uint32_t d = 0; d < kp->ndims; d++)
        if (kp->out.stride[d] > 0) hi += (kp->bounds[d] - 1) * kp->out.stride[d];
    return hi + 1;
}

/* Whether the kernel's loop of rows (axis 0), columns (1) or reduction
 * (2) may be cut (see cores.h). */
static int cut_dim(const nl_kernel *kp, int axis) {
    if (kp->copy || kp->gather || kp->iota || kp->att || kp->rows || kp->win || kp->cv.on || kp->nred) return -1;
    if (kp->out.kind != NL_A_TENSOR || kp->out.off < 0) return -1;
    for (uint32_t d = 0; d < kp->ndims; d++)
        if (kp->out.stride[d] < 0) return -1;
    if (!kp->gemm && (kp->has_epi || axis == 2 || (axis == 0 && kp->red_r) || (axis == 1 && kp->red_c))) return -1;
    int d = axis == 0 ? kp->dm : axis == 1 ? kp->dn : kp->dk;
    return d >= 0 && kp->bounds[d] > 1 ? d : -1;
}

/* Chunks along a loop: columns and K depths a whole number of DRAM bursts
 * (a chunk starting mid-burst would fetch its neighbour's bytes too). */
static int64_t chunk_for(const nl_kernel *kp, int axis, uint32_t cores) {
    int64_t c = cdiv(kp->bounds[cut_dim(kp, axis)], cores);
    if (axis != 0) {
        int64_t e = np_dtype_bytes((np_dtype)(axis == 2 ? kp->lhs.dt : kp->out.dt));
        int64_t q = kp->t->dram_req_bytes / e > 1 ? kp->t->dram_req_bytes / e : 1;
        c = cdiv(c, q) * q;
    }
    return c;
}

/* A split: its kind, and the cores along its two cut loops (M and N for
 * NK_M, NK_N, NK_MN; K for NK_K), as asked and as the chunks give. */
typedef struct try_args {
    const nl_kernel *kp;
    const nl_opts *o;
    nk_kind kind;
    uint32_t want[2];
    bool onchip; /* NK_K: the partials over the interconnect, parked on chip */
    nk_plan *sp;
} try_args;

static void grid_of(const nl_kernel *kp, nk_kind kind, const uint32_t want[2], int dim[2], uint32_t n[2], int64_t chunk[2]) {
    static const int axes[NK_NKINDS][2] = {{-1, -1}, {0, -1}, {-1, 1}, {2, -1}, {0, 1}, {2, 1}};
    for (int a = 0; a < 2; a++) {
        int ax = axes[kind][a];
        dim[a] = ax < 0 ? -1 : cut_dim(kp, ax);
        chunk[a] = dim[a] < 0 ? 1 : chunk_for(kp, ax, want[a]);
        n[a] = dim[a] < 0 ? 1 : (uint32_t)cdiv(kp->bounds[dim[a]], chunk[a]);
    }
}

/* Split K's reduction: the kernel (sp->red_base) and how its rows are cut
 * over the cores that made the partials. */
static void reduction_grid(sp_ctx *ctx, const nl_kernel *kp, nk_plan *sp, uint32_t npartials, uint32_t cores, int dim[2],
                           uint32_t n[2], int64_t chunk[2]) {
    sp->npartials = npartials;
    sp->ws_elems = ws_elems(kp);
    sp->red_base = sp_malloc(ctx, sizeof *sp->red_base);
    if (!reduction_kernel(kp, npartials, sp->red_base))
        sp_throw(ctx, SP_EINPUT, kp->k->root->loc, "split K: the reduction's vector program does not fit");
    const nl_kernel *rb = sp->red_base;
    dim[0] = rb->M > 1 ? rb->dm : -1;
    dim[1] = -1;
    chunk[0] = cdiv(rb->M, cores);
    chunk[1] = 1;
    n[0] = dim[0] < 0 ? 1 : (uint32_t)cdiv(rb->M, chunk[0]);
    n[1] = 1;
}

static void try_body(sp_ctx *ctx, void *ud) {
    try_args *a = ud;
    const nl_kernel *kp = a->kp;
    nk_plan *sp = a->sp;
    sp->kind = (uint8_t)a->kind;
    sp->onchip = a->onchip;
    int dim[2], rdim[2];
    uint32_t n[2], rn[2];
    int64_t chunk[2], rchunk[2];
    grid_of(kp, a->kind, a->want, dim, n, chunk);
    nl_opts o = *a->o;
    uint32_t noc = 0;
    if (a->onchip && nk_reduces(a->kind)) {
        /* each reducing core parks every core's partial sums of its rows
         * in its scratchpad from the start: the parts and the reduction
         * plan with what the park leaves of the budget */
        reduction_grid(ctx, kp, sp, n[0], n[0] * n[1], rdim, rn, rchunk);
        sp->park_bytes = (int64_t)sp->npartials * nt_tile_bytes(kp->t, rchunk[0] * kp->npar_total, kp->N, 4);
        o.budget -= sp->park_bytes;
        if (o.budget < 1) sp_throw(ctx, SP_ENOFIT, kp->k->root->loc, "split K on chip: the partials do not fit the scratchpads");
        noc = NK_WS_BASE;
    }
    bool shared = a->onchip && !nk_reduces(a->kind);
    phase_plan(ctx, kp, dim, n, chunk, nk_reduces(a->kind), noc, shared, &o, &sp->main);
    nc_stats *red = NULL;
    if (nk_reduces(a->kind)) {
        if (!a->onchip) reduction_grid(ctx, kp, sp, n[0], n[0] * n[1], rdim, rn, rchunk);
        phase_plan(ctx, sp->red_base, rdim, rn, rchunk, false, noc, false, &o, &sp->red);
        red = sp->red.core_est;
    }
    sp->est = nk_combine(sp, sp->main.core_est, red);
}

/* Plan the split into sp; false (sp freed) when it does not plan: no fit
 * at the budget, a reduction that does not fit a program. */
static bool try_split(sp_ctx *ctx, const nl_kernel *kp, const nl_opts *o, nk_kind kind, const uint32_t want[2], bool onchip,
                      nk_plan *sp) {
    memset(sp, 0, sizeof *sp);
    try_args a = {kp, o, kind, {want[0], want[1]}, onchip, sp};
    sp_error saved = sp_error_save(ctx);
    if (sp_pcall(ctx, try_body, &a) == SP_OK) return true;
    sp_error_restore(ctx, &saved);
    nk_plan_free(ctx, sp);
    return false;
}

static nl_cand_rec rec_of(const nl_kernel *kp, const nk_plan *sp) {
    nc_energy e = nc_energy_of(kp->t, &sp->est);
    return (nl_cand_rec){.verdict = NL_TIMED, .cycles = sp->est.cycles, .dma_bytes = sp->est.dma_bytes,
                         .energy_pj = e.total, .dram_pj = e.dram};
}

/* The splits tried: for P = 2, 4, ... and num_cores, each kind's grids of
 * P cores (NK_MN: every factoring P = pm x pn, pm, pn >= 2), skipping a
 * grid the chunks make one already tried. */
typedef struct chooser {
    sp_ctx *ctx;
    const nl_kernel *kp;
    const nl_opts *o;
    nk_plan *best, *cand;
    uint32_t ntried;
    nk_tried tried[NK_MAX_TRIED];
} chooser;

static void consider(chooser *ch, nk_kind kind, uint32_t w0, uint32_t w1, bool onchip) {
    const uint32_t want[2] = {w0, w1};
    int dim[2];
    uint32_t n[2];
    int64_t chunk[2];
    grid_of(ch->kp, kind, want, dim, n, chunk);
    if (n[0] * n[1] < 2 || ((kind == NK_MN || kind == NK_KN) && (n[0] < 2 || n[1] < 2))) return;
    for (uint32_t i = 0; i < ch->ntried; i++)
        if (ch->tried[i].kind == (uint8_t)kind && ch->tried[i].n[0] == n[0] && ch->tried[i].n[1] == n[1] &&
            ch->tried[i].onchip == onchip)
            return;
    if (ch->ntried >= NK_MAX_TRIED) return;
    nk_tried *t = &ch->tried[ch->ntried++];
    *t = (nk_tried){(uint8_t)kind, onchip, {n[0], n[1]}, 0, 0};
    if (!try_split(ch->ctx, ch->kp, ch->o, kind, want, onchip, ch->cand)) return;
    t->cycles = ch->cand->est.cycles;
    t->dma_bytes = ch->cand->est.dma_bytes;
    nl_cand_rec mine = rec_of(ch->kp, ch->cand), best = rec_of(ch->kp, ch->best);
    bool better = nl_rec_before(ch->o->objective, &mine, &best) ||
                  /* ties: fewer cores */
                  (!nl_rec_before(ch->o->objective, &best, &mine) && ch->cand->main.cores < ch->best->main.cores);
    nk_plan_free(ch->ctx, better ? ch->best : ch->cand);
    if (better) plan_move(ch->best, ch->cand);
}

void nk_choose(sp_ctx *ctx, const nl_kernel *kp, const nl_opts *o, nk_plan *sp) {
    memset(sp, 0, sizeof *sp);
    /* one core: today's plan exactly; raises as nl_choose */
    try_args a = {kp, o, NK_NONE, {1, 1}, false, sp};
    try_body(ctx, &a);
    int64_t ncores = kp->t->num_cores;
    if (ncores < 2 || o->tile[0] > 0) return; /* a forced tile is the whole kernel's */
    chooser *ch = sp_calloc(ctx, 1, sizeof *ch);
    *ch = (chooser){.ctx = ctx, .kp = kp, .o = o, .best = sp, .cand = sp_malloc(ctx, sizeof *ch->cand), .ntried = 1};
    ch->tried[0] = (nk_tried){NK_NONE, false, {1, 1}, sp->est.cycles, sp->est.dma_bytes};
    bool cut[3] = {cut_dim(kp, 0) >= 0, cut_dim(kp, 1) >= 0, kp->gemm && cut_dim(kp, 2) >= 0};
    for (int64_t p = 2; p <= ncores; p = p < ncores && p * 2 > ncores ? ncores : p * 2) {
        uint32_t P = (uint32_t)p;
        /* onchip: for K, the partials over the interconnect; for M, N
         * and MN, the operand the cores share fetched once and passed
         * among them (a contraction's) */
        for (int onchip = 0; onchip < 1 + kp->gemm && cut[0]; onchip++) consider(ch, NK_M, P, 1, onchip);
        for (int onchip = 0; onchip < 1 + kp->gemm && cut[1]; onchip++) consider(ch, NK_N, 1, P, onchip);
        for (int onchip = 0; onchip < 2 && cut[2]; onchip++) consider(ch, NK_K, P, 1, onchip);
        for (uint32_t pm = 2; cut[0] && cut[1] && pm <= P / 2; pm++)
            for (int onchip = 0; onchip < 1 + kp->gemm && P % pm == 0; onchip++) consider(ch, NK_MN, pm, P / pm, onchip);
        for (uint32_t pk = 2; cut[2] && cut[1] && pk <= P / 2; pk++)
            for (int onchip = 0; onchip < 2 && P % pk == 0; onchip++) consider(ch, NK_KN, pk, P / pk, onchip);
        if (p == ncores) break;
    }
    sp->ntried = ch->ntried;
    memcpy(sp->tried, ch->tried, ch->ntried * sizeof *ch->tried);
    sp_free(ctx, ch->cand);
    sp_free(ctx, ch);
}

/* ------------------------------------------------ the kernel's figures */

void nk_kernel_choice(const nl_kernel *kp, const nk_plan *sp, int64_t budget, nl_choice *ch) {
    *ch = sp->main.part[0].ch;
    if (sp->kind == NK_NONE) return;
    const nt_target *t = kp->t;
    int64_t L = t->lanes, P = sp->main.cores;
    ch->est = sp->est;
    /* rooflines of the cores used: their arrays and vector units, the
     * channels' peak or the cores' injection ports, whichever is less */
    nt_target all = *t;
    all.icnt_ports *= P; /* the ports of P cores */
    double bw = nt_dram_peak_bytes_per_cycle(&all);
    ch->bound_compute = cdiv(kp->macs, t->num_sa * L * L * P);
    ch->bound_dma = (int64_t)ceil((double)ch->est.dma_bytes / bw);
    ch->bound_dma_min = (int64_t)ceil((double)kp->min_dma_bytes / bw);
    ch->bound_vector = cdiv(ch->est.vec_op_bytes, L * (t->vlen_bits / 8 > 0 ? t->vlen_bits / 8 : 1) * P);
    ch->dram_lower_bound = nl_dram_lower_bound(kp, budget);
    ch->free_dma_bytes = ch->est.dma_bytes;
    ch->gap = nl_gap_of(kp, &ch->est, ch->dram_lower_bound, ch->free_dma_bytes);
}
