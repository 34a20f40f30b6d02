/* rows_path.c - a row-wise chain (KN_ROWS, passes/kernel.h kn_rows: a
 * softmax, a LayerNorm, an RMSNorm) on the loop engine as one kernel.
 *
 * Run as its parts were, one loop kernel each, those between the parts
 * write every statistic and every full tensor (a LayerNorm's x - mean in
 * f64: 2.4 MB for ConvNeXt's 3136 x 96) to memory and read it back. Here
 * the rows are split into blocks that fit the L2 cache; a thread runs each
 * part in turn on one block, every value between the parts in its own
 * scratch, so the chain's inputs are fetched from memory once and its
 * result written once. Each part is the loop program cpu_loop_lower makes
 * of it (the same instructions, the reference's arithmetic, on the host's
 * ISA), its loops regrouped as (o, a, i): the rows before the axis, the
 * axis, the rows after (kn_rows says every tensor is read linearly in
 * each), o cut to the block. A statistic in scratch is [ob x I]; a full
 * tensor [A x ob] (lanes along the rows, where I = 1 and the chain reads
 * a full input by unit steps along the rows and not along the axis:
 * channels-last LayerNorm over an NCHW tensor) or [ob x A x I]. A part
 * whose program is a fused shape (loop.h cpu_loop_fuse: a LayerNorm's and
 * an RMSNorm's statistics and its normalisation, softmax's sum and
 * division) runs as native loops, with the engine's bits. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "backend_impl.h"

/* Scratch a thread may hold for one block's values between the parts: L2
 * sized, so that a part reads what the one before wrote from the cache. */
#define ROWS_BUDGET (256 * 1024)
#define ROWS_MAX_BLOCK 512 /* rows a block at most: more fill no more lanes */

typedef struct rows_part {
    cpu_loop L[2];                            /* over a whole block of rows, and over the last block */
    cpu_loop_fused F[2];                      /* each as native loops, where it is a fused shape (loop.h) */
    int8_t src[CPU_LOOP_MAX_INPUTS];          /* per input: the part whose result it reads, -1: memory */
    uint32_t in_value[CPU_LOOP_MAX_INPUTS];   /* value ids */
    int64_t in_so[CPU_LOOP_MAX_INPUTS];       /* bytes between rows (o) of an input in memory */
    int64_t scratch;                          /* its result's byte offset in a thread's scratch, -1: the kernel's out */
    int64_t so, sa;                           /* its result's element strides in scratch along o and a */
    bool full;                                /* a full tensor (else a statistic) */
    bool along_a;                             /* its loops run along the axis (full or reducing) */
} rows_part;

typedef struct cb_rows_plan {
    uint32_t npart;
    rows_part part[KN_ROWS_MAX];
    int64_t O, A, I, ob, nblocks;
    bool amajor;
    uint32_t out_value;
    int64_t out_so; /* bytes between rows of the result */
    size_t scratch_bytes; /* per thread, a multiple of 64 */
    void *scratch_raw;
    uint8_t *scratch; /* per thread scratch_bytes and the engine's registers, aligned to 64 */
    int nthreads;
} cb_rows_plan;

static int64_t ltype_bytes(uint8_t t) {
    switch ((cpu_ltype)t) {
    case CPU_LT_F64:
    case CPU_LT_I64: return 8;
    case CPU_LT_F32:
    case CPU_LT_I32: return 4;
    case CPU_LT_BF16:
    case CPU_LT_F16:
    case CPU_LT_I16: return 2;
    default: return 1;
    }
}

/* The one element stride of loops [lo, hi) of bounds when strides s walk
 * them as one index, row-major (all zero: a broadcast); false otherwise. */
static bool collapse(const int64_t *s, const int64_t *bounds, uint32_t lo, uint32_t hi, int64_t *st) {
    int64_t run = 1;
    bool have = false;
    *st = 0;
    for (uint32_t d = hi; d-- > lo;) {
        if (bounds[d] > 1) {
            if (!have) *st = s[d], have = true; /* the innermost loop that moves */
            if (s[d] != *st * run) return false;
        }
        run *= bounds[d];
    }
    return true;
}

/* A part's loops as (o, a, i): o in [0, ohi), a = axis (-1: none), i in
 * [ilo, ndims). */
typedef struct part_loops {
    uint32_t ohi, ilo;
    int axis;
} part_loops;

static part_loops loops_of(const kn_rows *r, uint32_t p) {
    const int ax = r->axis[p];
    if (ax >= 0) return (part_loops){(uint32_t)ax, (uint32_t)ax + 1, ax};
    return (part_loops){(uint32_t)r->split[p], (uint32_t)r->split[p], -1};
}

/* t's strides over the part's loops regrouped as (o, a, i) in place;
 * false where they do not walk o and i as one index each. */
static bool regroup(cpu_loop_tensor *t, const int64_t *bounds, uint32_t nd, part_loops pl, int64_t *so) {
    int64_t o, a = pl.axis >= 0 ? t->stride[pl.axis] : 0, i;
    if (!collapse(t->stride, bounds, 0, pl.ohi, &o) || !collapse(t->stride, bounds, pl.ilo, nd, &i)) return false;
    memset(t->stride, 0, sizeof t->stride);
    t->stride[0] = o, t->stride[1] = a, t->stride[2] = i; /* the block's first row: the base pointer, moved per block */
    *so = o;
    return true;
}

/* Whether the engine program of a part runs regrouped: no loop indices,
 * gathers, run-time scalars or tensor-op passes. */
static bool plain_program(const cpu_loop_kernel *lk) {
    if (lk->has_pre || lk->npatch || lk->init_value >= 0 || lk->pad.on || lk->L.init_input >= 0) return false;
    for (uint32_t i = 0; i < lk->L.ninsn; i++)
        if (lk->L.insn[i].op == CPU_L_INDEX || lk->L.insn[i].op == CPU_L_GATHER || lk->L.insn[i].op == CPU_L_GINDEX)
            return false;
    return true;
}

/* The part whose result input value v is (through views), or -1. */
static int producer_part(const kn_rows *r, uint32_t p, const ir_value *v) {
    for (uint32_t q = 0; q < p; q++)
        if (kn_unview(v) == r->part[q].out) return (int)q;
    return -1;
}

/* Lower part p into rp->part[p] (its L[0] over rows (o) still to size):
 * false with why written. *ext_row_unit: it reads a full input in memory
 * by unit steps along o and not along a. */
static bool lower_part(sp_ctx *ctx, const ex_program *x, const kn_rows *r, uint32_t p, cb_rows_plan *rp,
                       cpu_loop_kernel *lk, bool *ext_row_unit, char *why, size_t nwhy) {
    const kernel *k = &r->part[p];
    if (!cpu_loop_lower(ctx, x, k, lk, why, nwhy)) return false;
    if (!plain_program(lk)) {
        snprintf(why, nwhy, "part %u of the row-wise chain reads loop indices, a gather or a run-time scalar", p);
        return false;
    }
    rows_part *rq = &rp->part[p];
    const part_loops pl = loops_of(r, p);
    cpu_loop *L = &rq->L[0];
    *L = lk->L;
    for (uint32_t i = 0; i < L->nin; i++) {
        rq->in_value[i] = lk->in_value[i];
        rq->src[i] = (int8_t)producer_part(r, p, k->inputs[i].value);
        int64_t so = 0;
        if (k->inputs[i].value->type.kind == IR_T_TENSOR && !regroup(&L->in[i], k->bounds, k->ndims, pl, &so)) {
            snprintf(why, nwhy, "part %u of the row-wise chain reads input %u along its rows by more than one stride", p, i);
            return false;
        }
        rq->in_so[i] = so * ltype_bytes(L->in[i].dtype);
        if (rq->src[i] < 0 && pl.axis >= 0 && (so == 1 || so == -1) && L->in[i].stride[1] != 1 && L->in[i].stride[1] != -1)
            *ext_row_unit = true;
    }
    int64_t so = 0;
    if (!regroup(&L->out, k->bounds, k->ndims, pl, &so)) {
        snprintf(why, nwhy, "part %u of the row-wise chain writes its rows by more than one stride", p);
        return false;
    }
    rp->out_so = so * ltype_bytes(L->out.dtype); /* the last part's stays */
    rq->full = pl.axis >= 0 && !r->reduce[p];
    rq->along_a = pl.axis >= 0;
    L->ndims = 3;
    L->bounds[1] = pl.axis >= 0 ? r->A : 1;
    L->bounds[2] = r->I;
    L->reduction[0] = L->reduction[2] = false;
    L->reduction[1] = r->reduce[p];
    for (uint32_t d = 3; d < CPU_LOOP_MAX_DIMS; d++) L->bounds[d] = 1, L->reduction[d] = false;
    return true;
}

/* ------------------------------------------------- parts run as one loop
 *
 * A full part is an elementwise map over the block's (o, a, i) points, and
 * every part along the axis runs over the same points: a consumer can
 * compute the part's value itself, point by point, where it would load it
 * from scratch. Inlined into every part that reads it, the part is gone,
 * with its pass over the block and its scratch (ConvNeXt's LayerNorm:
 * x - mean, its square and their sum one loop, not three, and the f64 copy
 * of x never stored). The instructions are the same ones, on the same
 * values at the same points, so results are bit for bit those of the
 * parts run apart. */

/* Inline the full part q into part p, which reads it: q's program ahead
 * of p's (its registers after p's, its inputs after p's own), each of p's
 * loads of q a copy of q's result (p runs along the axis: merge_parts
 * checks); false (p unchanged) past the engine's limits or where p would
 * read q after its reduction. */
static bool inline_part(sp_ctx *ctx, cb_rows_plan *rp, uint32_t q, uint32_t p) {
    const rows_part *qp = &rp->part[q];
    rows_part *pp = &rp->part[p];
    const cpu_loop *Q = &qp->L[0];
    cpu_loop *P = &pp->L[0];
    if (P->ninsn + Q->ninsn > CPU_LOOP_MAX_INSNS || P->nregs + Q->nregs > CPU_LOOP_MAX_REGS)
        return false;
    uint8_t keep[CPU_LOOP_MAX_INPUTS]; /* p's input i becomes keep[i] (0xff: q's, dropped) */
    uint32_t nin = 0;
    for (uint32_t i = 0; i < P->nin; i++) keep[i] = pp->src[i] == (int8_t)q ? 0xff : (uint8_t)nin++;
    if (nin + Q->nin > CPU_LOOP_MAX_INPUTS) return false;
    for (uint32_t k = 0; k < P->ninsn; k++) /* a reduction reads q in its body only */
        if (P->insn[k].op == CPU_L_LOAD && keep[P->insn[k].a] == 0xff && P->acc >= 0 && k >= P->nroot) return false;
    rows_part *np = sp_malloc(ctx, sizeof *np);
    *np = *pp;
    cpu_loop *M = &np->L[0];
    for (uint32_t i = 0; i < P->nin; i++) {
        if (keep[i] == 0xff) continue;
        M->in[keep[i]] = P->in[i];
        np->src[keep[i]] = pp->src[i], np->in_value[keep[i]] = pp->in_value[i], np->in_so[keep[i]] = pp->in_so[i];
    }
    for (uint32_t i = 0; i < Q->nin; i++) {
        M->in[nin + i] = Q->in[i];
        np->src[nin + i] = qp->src[i], np->in_value[nin + i] = qp->in_value[i], np->in_so[nin + i] = qp->in_so[i];
    }
    M->nin = nin + Q->nin;
    const uint8_t off = (uint8_t)P->nregs;
    for (uint32_t k = 0; k < Q->ninsn; k++) {
        cpu_loop_insn in = Q->insn[k];
        in.dst = (uint8_t)(in.dst + off);
        if (in.op == CPU_L_LOAD) in.a = (uint8_t)(in.a + nin);
        else {
            if (in.a != CPU_LOOP_NONE) in.a = (uint8_t)(in.a + off);
            if (in.b != CPU_LOOP_NONE) in.b = (uint8_t)(in.b + off);
            if (in.c != CPU_LOOP_NONE) in.c = (uint8_t)(in.c + off);
        }
        M->insn[k] = in;
    }
    for (uint32_t k = 0; k < P->ninsn; k++) {
        cpu_loop_insn in = P->insn[k];
        if (in.op == CPU_L_LOAD && keep[in.a] == 0xff)
            in = (cpu_loop_insn){.op = CPU_L_COPY, .dt = in.dt, .at = in.dt, .dst = in.dst,
                                 .a = (uint8_t)(Q->result + off), .b = CPU_LOOP_NONE, .c = CPU_LOOP_NONE};
        else if (in.op == CPU_L_LOAD)
            in.a = keep[in.a];
        M->insn[Q->ninsn + k] = in;
    }
    M->ninsn = P->ninsn + Q->ninsn;
    M->nregs = P->nregs + Q->nregs;
    if (M->acc >= 0) M->nroot += Q->ninsn;
    *pp = *np;
    sp_free(ctx, np);
    return true;
}

/* Whether part q's program is cheap to compute again in each of its
 * readers: a few loads, casts and adds or products (a cast to f64), no
 * function, division or root (softmax's exp is computed once and stored). */
static bool cheap_program(const cpu_loop *Q) {
    if (Q->ninsn > 4) return false;
    for (uint32_t k = 0; k < Q->ninsn; k++)
        switch ((cpu_lop)Q->insn[k].op) {
        case CPU_L_LOAD:
        case CPU_L_CONST:
        case CPU_L_COPY:
        case CPU_L_ROUNDF:
        case CPU_L_ADDF:
        case CPU_L_SUBF:
        case CPU_L_MULF:
        case CPU_L_NEGF: break;
        default: return false;
        }
    return true;
}

/* Inline each full part that is not the result into the parts that read
 * it, where every one of them can take it and it costs little: q read by
 * one part, or a cheap program (cheap_program) computed again by each
 * reader. The parts left keep their order. */
static void merge_parts(sp_ctx *ctx, cb_rows_plan *rp) {
    for (uint32_t q = 0; q + 1 < rp->npart; q++) {
        const rows_part *qp = &rp->part[q];
        if (!qp->full || qp->L[0].acc >= 0) continue;
        uint32_t readers = 0;
        bool ok = true;
        for (uint32_t p = q + 1; p < rp->npart; p++)
            for (uint32_t i = 0; i < rp->part[p].L[0].nin; i++)
                if (rp->part[p].src[i] == (int8_t)q) {
                    readers++;
                    ok = ok && rp->part[p].along_a;
                    break;
                }
        if (!ok || !readers || (readers > 1 && !cheap_program(&qp->L[0]))) continue;
        /* every reader takes it, or it stays for all (their copies undone) */
        rows_part *saved = sp_malloc(ctx, rp->npart * sizeof saved[0]);
        memcpy(saved, rp->part, rp->npart * sizeof saved[0]);
        for (uint32_t p = q + 1; ok && p < rp->npart; p++)
            for (uint32_t i = 0; ok && i < rp->part[p].L[0].nin; i++)
                if (rp->part[p].src[i] == (int8_t)q) ok = inline_part(ctx, rp, q, p);
        if (!ok) memcpy(rp->part, saved, rp->npart * sizeof saved[0]);
        sp_free(ctx, saved);
        if (!ok) continue;
        memmove(&rp->part[q], &rp->part[q + 1], (rp->npart - q - 1) * sizeof rp->part[0]);
        rp->npart--;
        for (uint32_t p = q; p < rp->npart; p++)
            for (uint32_t i = 0; i < rp->part[p].L[0].nin; i++)
                if (rp->part[p].src[i] > (int8_t)q) rp->part[p].src[i]--;
        q--; /* the part now at q is the next one */
    }
}

/* Scratch: each value between the parts its own slot (their layout
 * chosen), and the inputs reading them strided so. */
static void lay_out(cb_rows_plan *rp) {
    int64_t off = 0;
    for (uint32_t p = 0; p + 1 < rp->npart; p++) {
        rows_part *rq = &rp->part[p];
        const int64_t es = ltype_bytes(rq->L[0].out.dtype);
        rq->so = rq->full && !rp->amajor ? rp->A * rp->I : rp->I;
        rq->sa = rq->full ? (rp->amajor ? rp->ob * rp->I : rp->I) : 0;
        rq->scratch = off;
        off += ((rq->full ? rp->A : 1) * rp->ob * rp->I * es + 63) / 64 * 64;
        rq->L[0].out.off = 0;
        rq->L[0].out.stride[0] = rq->so, rq->L[0].out.stride[1] = rq->sa, rq->L[0].out.stride[2] = 1;
    }
    rp->part[rp->npart - 1].scratch = -1;
    rp->scratch_bytes = (size_t)(off ? off : 64);
    for (uint32_t p = 0; p < rp->npart; p++) {
        cpu_loop *L = &rp->part[p].L[0];
        for (uint32_t i = 0; i < L->nin; i++) {
            if (rp->part[p].src[i] < 0) continue;
            const rows_part *s = &rp->part[rp->part[p].src[i]];
            L->in[i].off = 0;
            L->in[i].stride[0] = s->so, L->in[i].stride[1] = s->sa, L->in[i].stride[2] = 1;
        }
    }
}

/* Rows a block: the scratch within ROWS_BUDGET. Lanes along the rows: a
 * multiple of the engine's lanes (a chunk of fewer costs its overhead for
 * less work: 9% over ConvNeXt's LayerNorm at 320 rows a block against 256
 * or 384), the one whose busiest thread has the fewest rows (the threads
 * take runs of consecutive blocks). Otherwise as many blocks as keep
 * every thread equally busy. */
static int64_t block_rows(const cb_rows_plan *rp, int nthreads) {
    int64_t per_row = 0;
    for (uint32_t p = 0; p + 1 < rp->npart; p++) /* the last part writes the result */
        per_row += (rp->part[p].full ? rp->A : 1) * rp->I * ltype_bytes(rp->part[p].L[0].out.dtype);
    int64_t ob = per_row ? ROWS_BUDGET / per_row : ROWS_MAX_BLOCK;
    ob = ob < 1 ? 1 : ob > ROWS_MAX_BLOCK ? ROWS_MAX_BLOCK : ob;
    const int64_t nt = nthreads > 1 ? nthreads : 1;
    if (rp->amajor && ob >= CPU_LOOP_LANES && rp->O > CPU_LOOP_LANES) {
        int64_t best = CPU_LOOP_LANES, best_rows = INT64_MAX;
        for (int64_t c = CPU_LOOP_LANES; c <= ob; c += CPU_LOOP_LANES) {
            const int64_t nblk = (rp->O + c - 1) / c, busiest = (nblk + nt - 1) / nt * c;
            if (busiest <= best_rows) best = c, best_rows = busiest;
        }
        return best > rp->O ? rp->O : best;
    }
    int64_t nblk = (rp->O + ob - 1) / ob;
    nblk = (nblk + nt - 1) / nt * nt;
    ob = (rp->O + nblk - 1) / nblk;
    return ob > rp->O ? rp->O : ob;
}

/* The plan of row-wise chain k, or NULL with why written (x NULL: a trial
 * before storage is known, for the fuse_rows hook). */
static cb_rows_plan *plan_rows(sp_ctx *ctx, const ex_program *x, const kernel *k, int nthreads, char *why, size_t nwhy) {
    const kn_rows *r = k->rows;
    cb_rows_plan *rp = sp_calloc(ctx, 1, sizeof *rp);
    cpu_loop_kernel *lk = sp_calloc(ctx, 1, sizeof *lk);
    rp->npart = r->npart, rp->O = r->O, rp->A = r->A, rp->I = r->I;
    bool row_unit = false, ok = r->npart >= 2 && r->O >= 1;
    for (uint32_t p = 0; ok && p < r->npart; p++) ok = lower_part(ctx, x, r, p, rp, lk, &row_unit, why, nwhy);
    sp_free(ctx, lk);
    if (!ok) {
        sp_free(ctx, rp);
        return NULL;
    }
    merge_parts(ctx, rp);
    rp->amajor = rp->I == 1 && row_unit;
    rp->ob = block_rows(rp, nthreads);
    rp->nblocks = (rp->O + rp->ob - 1) / rp->ob;
    rp->out_value = k->out->id;
    lay_out(rp);
    for (uint32_t p = 0; ok && p < rp->npart; p++) {
        rows_part *rq = &rp->part[p];
        rq->L[0].bounds[0] = rp->ob;
        rq->L[1] = rq->L[0];
        rq->L[1].bounds[0] = rp->O - (rp->nblocks - 1) * rp->ob;
        ok = cpu_loop_plan(ctx, &rq->L[0]) == SP_OK && cpu_loop_plan(ctx, &rq->L[1]) == SP_OK;
        if (ok && x) /* a trial (x NULL) only asks whether the chain runs */
            for (int w = 0; w < 2; w++) cpu_loop_fuse(ctx, &rq->L[w], &rq->F[w]);
    }
    if (!ok) {
        sp_format_error(ctx, why, nwhy);
        sp_free(ctx, rp);
        return NULL;
    }
    return rp;
}

bool cb_fuse_rows(ex_backend *b, const kernel *k) {
    cb_backend *cb = (cb_backend *)b;
    char why[256];
    cb_rows_plan *rp = plan_rows(cb->ctx, NULL, k, cb->o.nthreads, why, sizeof why);
    sp_free(cb->ctx, rp);
    return rp != NULL;
}

bool cb_plan_rows(cb_backend *cb, cb_kplan *kp, char *why, size_t nwhy) {
    cb_rows_plan *rp = plan_rows(cb->ctx, cb->px, kp->k, cb->o.nthreads, why, nwhy);
    if (!rp) return false;
    rp->nthreads = cpu_team(cb->o.nthreads, rp->nblocks);
    rp->scratch_raw = sp_malloc(cb->ctx, (size_t)rp->nthreads * (rp->scratch_bytes + CPU_LOOP_REGS_BYTES) + 64);
    rp->scratch = (uint8_t *)(((uintptr_t)rp->scratch_raw + 63) & ~(uintptr_t)63);
    kp->rp = rp;
    return true;
}

void cb_rows_free(sp_ctx *ctx, cb_rows_plan *rp) {
    if (rp) sp_free(ctx, rp->scratch_raw);
    sp_free(ctx, rp);
}

int cb_rows_team(const cb_rows_plan *rp) { return rp->nthreads; }

/* Block b of the rows on this thread (its scratch sc, registers regs):
 * each part in turn; 0, or 1 + the failing instruction of part *fp. */
static uint32_t run_block(const cb_rows_plan *rp, uint8_t *const *base, uint8_t *out, int64_t b, uint8_t *sc,
                          void *regs, int isa, uint32_t *fp) {
    const bool last = b == rp->nblocks - 1;
    const int64_t o0 = b * rp->ob;
    for (uint32_t p = 0; p < rp->npart; p++) {
        const rows_part *rq = &rp->part[p];
        const cpu_loop *L = &rq->L[last];
        const void *in[CPU_LOOP_MAX_INPUTS];
        for (uint32_t i = 0; i < L->nin; i++) {
            const uint8_t *q = base[p * CPU_LOOP_MAX_INPUTS + i];
            in[i] = rq->src[i] >= 0 ? sc + rp->part[rq->src[i]].scratch : q ? q + o0 * rq->in_so[i] : NULL;
        }
        uint8_t *o = rq->scratch >= 0 ? sc + rq->scratch : out + o0 * rp->out_so;
        const uint32_t bad = rq->F[last].kind != CPU_FUSED_NONE ? cpu_loop_fused_run(&rq->F[last], L, isa, in, o, regs)
                                                                 : cpu_loop_run_here(L, isa, in, o, regs);
        if (bad) {
            *fp = p;
            return bad;
        }
    }
    return 0;
}

void cb_run_rows(cb_backend *cb, cb_kplan *kp) {
    const cb_rows_plan *rp = kp->rp;
    const ex_program *x = cb->px;
    cpu_isa isa;
    if (cpu_isa_active(cb->ctx, &isa) != SP_OK) sp_rethrow(cb->ctx);
    uint8_t *base[KN_ROWS_MAX * CPU_LOOP_MAX_INPUTS];
    for (uint32_t p = 0; p < rp->npart; p++)
        for (uint32_t i = 0; i < rp->part[p].L[0].nin; i++) {
            if (rp->part[p].src[i] >= 0) continue;
            base[p * CPU_LOOP_MAX_INPUTS + i] = ex_value_ptr(x, rp->part[p].in_value[i]);
        }
    uint8_t *out = ex_value_ptr(x, rp->out_value);
    const int nt = rp->nthreads;
    const size_t per = rp->scratch_bytes + CPU_LOOP_REGS_BYTES;
    uint32_t bad_all = 0, bad_part = 0;
#pragma omp parallel num_threads(nt) if (nt > 1)
    {
        int t = 0, n = 1;
#ifdef _OPENMP
        t = omp_get_thread_num();
        n = omp_get_num_threads();
#endif
        uint8_t *sc = rp->scratch + (size_t)t * per;
        for (int64_t b = rp->nblocks * t / n; b < rp->nblocks * (t + 1) / n; b++) {
            uint32_t fp = 0;
            const uint32_t bad = run_block(rp, base, out, b, sc, sc + rp->scratch_bytes, (int)isa, &fp);
            if (bad) {
#pragma omp critical(cb_rows_fail)
                if (!bad_all) bad_all = bad, bad_part = fp;
                break;
            }
        }
    }
    if (bad_all) cpu_loop_throw_failure(cb->ctx, &rp->part[bad_part].L[0], bad_all - 1, "a row-wise chain");
}

void cb_rows_describe(const cb_rows_plan *rp, cpu_rows_info *info) {
    memset(info, 0, sizeof *info);
    for (uint32_t p = 0; p < rp->npart; p++) {
        info->insns += rp->part[p].L[0].ninsn;
        info->fused += rp->part[p].F[0].kind != CPU_FUSED_NONE;
    }
    info->parts = rp->npart;
    info->rows = rp->O, info->axis = rp->A, info->inner = rp->I;
    info->block_rows = rp->ob, info->blocks = rp->nblocks;
    info->scratch_bytes = (int64_t)rp->scratch_bytes;
    info->lanes_along_rows = rp->amajor;
}
