/* rows.c - kn_fuse_rows: row-wise chains (kernel.h, kn_rows) found among the
 * kernels kn_build made, each merged into one KN_ROWS kernel for targets
 * that run it on whole rows at a time.
 *
 * A chain grows backwards from its last kernel (the sink) under one
 * geometry (geom.h), tried from each reduction at or before the sink: a
 * kernel joins when it is a part under that geometry (a map over the full
 * tensors, a reduction along the axis, a map over the statistics), every
 * kernel reading its result is in the chain already (reading it in full, or
 * as a statistic along its axis loop) and nothing else reads it (no return,
 * no op outside the kernels), and every other tensor it reads is linear in
 * the rows, the axis and the columns (kernel.h). So every value between
 * the parts stays inside, and the sink's result is the one the chain
 * writes. A chain with a reduction and at least two kernels is merged
 * (the attention's softmax is merged before, by kn_fuse_attention). */
#include <string.h>

#include "geom.h"
#include "kernel.h"

typedef struct pinfo {
    int8_t axis, split;
    bool stat, reduce;
} pinfo;

/* A tensor no target reads from memory: an empty (zeros) or a splat. */
static bool scalar_like(const ir_value *v) {
    v = kn_unview(v);
    const ir_op *d = v->def;
    if (!d) return false;
    if (d->kind == IR_OP_EMPTY) return true;
    return d->kind == IR_OP_CONSTANT && d->u.value->kind == IR_A_ELEMENTS && d->u.value->u.elems->splat;
}

/* Whether kernel k is a part under geometry g, and how (*pi). */
static bool part_of(const kernel *k, kn_geom g, pinfo *pi) {
    if (k->kind != KN_LOOP || k->root->kind != IR_OP_LINALG || k->nextra || k->ndims == 0 || k->ndims > KN_MAX_DIMS ||
        k->ndims > 127)
        return false;
    const ir_linalg *l = &k->root->u.lin;
    if (l->nouts != 1 || k->out->type.kind != IR_T_TENSOR) return false;
    for (uint32_t i = 0; i < k->ninputs; i++)
        if (k->inputs[i].role == KN_ROLE_INIT) return false;
    int red = -1;
    for (uint32_t d = 0; d < k->ndims; d++)
        if (l->iters[d] == IR_ITER_REDUCTION) {
            if (red >= 0) return false;
            red = (int)d;
        }
    memset(pi, 0, sizeof *pi);
    if (red >= 0) {
        if (k->bounds[red] < 2 || !kn_walks(k, k->out_map, k->out->type, red) || !kn_geom_eq(kn_geom_of(k, red), g))
            return false;
        pi->axis = (int8_t)red;
        pi->stat = pi->reduce = true;
        return true;
    }
    if (!kn_walks(k, k->out_map, k->out->type, -1)) return false;
    const int64_t n = kn_loop_points(k), O = g.N / (g.A * g.I);
    if (n == g.N) { /* a map over the full tensors: its axis loop */
        for (uint32_t d = 0; d < k->ndims; d++)
            if (k->bounds[d] == g.A && kn_rm_stride(k, d, -1) == g.I) {
                pi->axis = (int8_t)d;
                return true;
            }
        return false;
    }
    if (n != O * g.I) return false;
    /* a map over the statistics: its loops o then i */
    int64_t o = 1;
    uint32_t j = 0;
    while (j < k->ndims && o < O) o *= k->bounds[j++];
    if (o != O) return false;
    pi->axis = -1;
    pi->split = (int8_t)j;
    pi->stat = true;
    return true;
}

/* Whether loops [lo, hi) of k walk access strides s as one index, row-major,
 * by one stride (or not at all). */
static bool one_index(const kernel *k, const int64_t *s, uint32_t lo, uint32_t hi) {
    int64_t st = 0, run = 1; /* the stride of the index; product of the bounds after */
    bool have = false;
    for (uint32_t d = hi; d-- > lo;) {
        if (k->bounds[d] > 1) {
            if (!have && s[d] != 0) {
                st = s[d] / run;
                have = true;
                if (st * run != s[d]) return false;
            }
            if (s[d] != st * run) return false;
        }
        run *= k->bounds[d];
    }
    return true;
}

/* Element strides of access (m, t) over k's loops, constant offsets
 * allowed. */
static bool strides_of(const kernel *k, const ir_amap *m, ir_type t, int64_t *s) {
    if (!m || m->nres != t.rank) return false;
    int64_t ts[IR_MAX_RANK];
    ir_type_strides(t, ts);
    for (uint32_t d = 0; d < k->ndims; d++) s[d] = 0;
    for (uint32_t r = 0; r < m->nres; r++) {
        int64_t coef[KN_MAX_DIMS] = {0}, cst = 0;
        if (!ir_aexpr_linear(m->res[r], k->ndims, coef, &cst)) return false;
        for (uint32_t d = 0; d < k->ndims; d++) s[d] += coef[d] * ts[r];
    }
    return true;
}

/* Whether part k (pi) reads tensor input i linearly in o, a and i. */
static bool linear_input(const kernel *k, const pinfo *pi, const kn_input *in) {
    const ir_value *v = in->value;
    if (v->type.kind != IR_T_TENSOR || scalar_like(v)) return true;
    int64_t s[KN_MAX_DIMS];
    if (!strides_of(k, in->map, v->type, s)) return false;
    if (pi->axis < 0) return one_index(k, s, 0, (uint32_t)pi->split) && one_index(k, s, (uint32_t)pi->split, k->ndims);
    return one_index(k, s, 0, (uint32_t)pi->axis) && one_index(k, s, (uint32_t)pi->axis + 1, k->ndims);
}

/* ------------------------------------------------------------ growing */

typedef struct grow {
    const kn_program *p;
    uint32_t *rstart; /* by value id (through views): its readers rk[rstart[v] .. rstart[v + 1]) */
    uint32_t *rk, *ri; /* reader kernel, its input */
    bool *outside;    /* by value id: read by the return or an op outside every kernel */
    bool *member;     /* by kernel */
    bool *taken;      /* by kernel: in a merged chain already */
    pinfo *info;      /* by kernel */
} grow;

static void find_readers(ir_module *m, grow *g) {
    const kn_program *p = g->p;
    const uint32_t nv = p->nvalues;
    bool *in_kernel = sp_arena_array(&m->arena, nv ? nv : 1, sizeof *in_kernel);
    for (uint32_t a = 0; a < p->nk; a++)
        for (uint32_t j = 0; j < p->k[a].nops; j++)
            for (uint32_t r = 0; r < p->k[a].ops[j]->nres; r++)
                if (p->k[a].ops[j]->res[r].id < nv) in_kernel[p->k[a].ops[j]->res[r].id] = true;
    g->outside = sp_arena_array(&m->arena, nv ? nv : 1, sizeof *g->outside);
    for (const ir_op *op = p->func->regions[0]->first; op; op = op->next) {
        if (op->kind == IR_OP_EXPAND_SHAPE || op->kind == IR_OP_COLLAPSE_SHAPE) continue;
        if (op->nres && op->res[0].id < nv && in_kernel[op->res[0].id]) continue;
        for (uint32_t j = 0; j < op->nopnds; j++) {
            const ir_value *v = kn_unview(op->opnds[j]);
            if (v->id < nv) g->outside[v->id] = true;
        }
    }
    g->rstart = sp_arena_array(&m->arena, nv + 1, sizeof *g->rstart);
    uint32_t total = 0;
    for (uint32_t a = 0; a < p->nk; a++)
        for (uint32_t i = 0; i < p->k[a].ninputs; i++) {
            const ir_value *v = kn_unview(p->k[a].inputs[i].value);
            if (v->id < nv) g->rstart[v->id + 1]++, total++;
        }
    for (uint32_t v = 0; v < nv; v++) g->rstart[v + 1] += g->rstart[v];
    g->rk = sp_arena_array(&m->arena, total ? total : 1, sizeof *g->rk);
    g->ri = sp_arena_array(&m->arena, total ? total : 1, sizeof *g->ri);
    uint32_t *fill = sp_arena_memdup(&m->arena, g->rstart, (nv + 1) * sizeof *fill);
    for (uint32_t a = 0; a < p->nk; a++)
        for (uint32_t i = 0; i < p->k[a].ninputs; i++) {
            const ir_value *v = kn_unview(p->k[a].inputs[i].value);
            if (v->id < nv) g->rk[fill[v->id]] = a, g->ri[fill[v->id]++] = i;
        }
}

/* Whether every reader of v (through views) is a member that reads it as
 * the producer's shape says (in full, or a statistic along the reader's
 * axis), some member does, and nothing else does (the return, an op
 * outside every kernel). */
static bool read_inside(const grow *g, const ir_value *v, bool stat) {
    const kn_program *p = g->p;
    if (v->id >= p->nvalues || g->outside[v->id] || g->rstart[v->id] == g->rstart[v->id + 1]) return false;
    for (uint32_t x = g->rstart[v->id]; x < g->rstart[v->id + 1]; x++) {
        const uint32_t a = g->rk[x];
        if (!g->member[a]) return false;
        const kn_input *in = &p->k[a].inputs[g->ri[x]];
        const pinfo *ri = &g->info[a];
        const kernel *rk = &p->k[a];
        bool ok = !stat ? ri->axis >= 0 && kn_walks(rk, in->map, in->value->type, -1)
                        : kn_walks(rk, in->map, in->value->type, ri->axis >= 0 ? ri->axis : -1);
        if (!ok) return false;
    }
    return true;
}

/* Kernel q joins the chain under geometry gm. */
static bool joins(grow *g, uint32_t q, kn_geom gm) {
    const kernel *k = &g->p->k[q];
    pinfo pi;
    if (g->member[q] || g->taken[q] || !part_of(k, gm, &pi)) return false;
    for (uint32_t i = 0; i < k->ninputs; i++)
        if (!linear_input(k, &pi, &k->inputs[i])) return false;
    g->info[q] = pi;
    return true;
}

/* The chain ending at kernel s under geometry gm, into g->member; its
 * size (0: none). */
static uint32_t chain_of(grow *g, uint32_t s, kn_geom gm) {
    const kn_program *p = g->p;
    memset(g->member, 0, p->nk * sizeof *g->member);
    if (!joins(g, s, gm)) return 0;
    g->member[s] = true;
    uint32_t n = 1;
    for (bool changed = true; changed && n < KN_ROWS_MAX;) {
        changed = false;
        for (uint32_t q = s; q-- > 0 && n < KN_ROWS_MAX;) {
            if (g->member[q] || !joins(g, q, gm)) continue;
            g->member[q] = true; /* tentatively: its readers are checked with it in */
            if (!read_inside(g, p->k[q].out, g->info[q].stat)) {
                g->member[q] = false;
                continue;
            }
            n++;
            changed = true;
        }
    }
    bool reduce = false;
    for (uint32_t q = 0; q <= s; q++) reduce |= g->member[q] && g->info[q].reduce;
    return reduce && n >= 2 ? n : 0;
}

/* ------------------------------------------------------------ merge */

static const char *reduce_name(const kernel *k) {
    const ir_block *b = ir_linalg_body(k->root);
    const ir_op *y = b->last;
    const ir_op *o = y && y->nopnds && y->opnds[0]->def && y->opnds[0]->def->parent == b ? y->opnds[0]->def : NULL;
    switch (o ? (ir_opkind)o->kind : IR_OP_COUNT) {
    case IR_OP_ADDF:
    case IR_OP_ADDI: return "sum";
    case IR_OP_MAXIMUMF:
    case IR_OP_MAXNUMF: return "max";
    case IR_OP_MINIMUMF:
    case IR_OP_MINNUMF: return "min";
    case IR_OP_MULF:
    case IR_OP_MULI: return "prod";
    case IR_OP_ANDI: return "all";
    case IR_OP_ORI: return "any";
    default: return "reduce";
    }
}

/* The merged kernel at the sink s's place. */
static void merge(ir_module *m, kn_program *p, uint32_t s, const grow *g, kn_geom gm) {
    kn_rows *r = sp_arena_alloc(&m->arena, sizeof *r);
    memset(r, 0, sizeof *r);
    r->A = gm.A, r->I = gm.I, r->O = gm.N / (gm.A * gm.I);
    uint32_t nops = 0, nin = 0, nepi = 0;
    for (uint32_t q = 0; q <= s; q++) {
        if (!g->member[q]) continue;
        const kernel *k = &p->k[q];
        uint32_t j = r->npart++;
        r->part[j] = *k;
        r->axis[j] = g->info[q].axis;
        r->split[j] = g->info[q].split;
        r->stat[j] = g->info[q].stat;
        r->reduce[j] = g->info[q].reduce;
        nops += k->nops, nin += k->ninputs, nepi += k->nepilogue + 1;
    }
    const kernel *last = &r->part[r->npart - 1];
    kernel *k = &p->k[s];
    kernel nk;
    memset(&nk, 0, sizeof nk);
    nk.kind = KN_ROWS;
    nk.rows = r;
    nk.root = r->part[0].root;
    nk.last = last->last;
    nk.out = last->out;
    nk.out_map = last->out_map;
    nk.ndims = last->ndims;
    memcpy(nk.bounds, last->bounds, sizeof nk.bounds);
    nk.b = nk.m = nk.n = nk.k = 1;
    nk.ops = sp_arena_array(&m->arena, nops, sizeof *nk.ops);
    nk.arg_input = sp_arena_array(&m->arena, nops, sizeof *nk.arg_input); /* all NULL: see the parts */
    for (const ir_op *op = p->func->regions[0]->first; op; op = op->next)
        for (uint32_t i = 0; i < r->npart; i++)
            for (uint32_t j = 0; j < r->part[i].nops; j++)
                if (r->part[i].ops[j] == op) nk.ops[nk.nops++] = (ir_op *)op;
    nk.inputs = sp_arena_array(&m->arena, nin ? nin : 1, sizeof *nk.inputs);
    nk.epilogue = sp_arena_array(&m->arena, nepi ? nepi : 1, sizeof *nk.epilogue);
    for (uint32_t i = 0; i < r->npart; i++) {
        const kernel *pk = &r->part[i];
        for (uint32_t j = 0; j < pk->ninputs; j++) {
            const kn_input *in = &pk->inputs[j];
            bool inside = false, seen = false;
            for (uint32_t q = 0; q < r->npart; q++) inside |= kn_unview(in->value) == r->part[q].out;
            for (uint32_t q = 0; q < nk.ninputs; q++)
                seen |= nk.inputs[q].value == in->value && nk.inputs[q].map == in->map;
            if (!inside && !seen) nk.inputs[nk.ninputs++] = *in;
        }
        if (r->reduce[i]) nk.epilogue[nk.nepilogue++] = reduce_name(pk);
        for (uint32_t j = 0; j < pk->nepilogue; j++) nk.epilogue[nk.nepilogue++] = pk->epilogue[j];
    }
    *k = nk;
}

uint32_t kn_fuse_rows(ir_module *m, kn_program *p, bool (*accept)(void *ud, const kernel *k), void *ud) {
    if (!p->nk) return 0;
    grow g;
    memset(&g, 0, sizeof g);
    g.p = p;
    find_readers(m, &g);
    g.member = sp_arena_array(&m->arena, p->nk, sizeof *g.member);
    g.taken = sp_arena_array(&m->arena, p->nk, sizeof *g.taken);
    g.info = sp_arena_array(&m->arena, p->nk, sizeof *g.info);
    kn_geom *tried = sp_arena_array(&m->arena, p->nk, sizeof *tried);
    bool *gone = sp_arena_array(&m->arena, p->nk, sizeof *gone);
    uint32_t merged = 0;
    for (uint32_t s = p->nk; s-- > 0;) {
        if (g.taken[s] || p->k[s].kind != KN_LOOP) continue;
        /* the geometry: a reduction's at or before the sink (each once) */
        uint32_t ntried = 0;
        for (uint32_t r = s + 1; r-- > 0;) {
            const kernel *R = &p->k[r];
            if (g.taken[r] || R->kind != KN_LOOP || R->root->kind != IR_OP_LINALG) continue;
            int red = -1, nred = 0;
            for (uint32_t d = 0; d < R->ndims; d++)
                if (R->root->u.lin.iters[d] == IR_ITER_REDUCTION) red = (int)d, nred++;
            if (nred != 1 || R->bounds[red] < 2) continue;
            kn_geom gm = kn_geom_of(R, red);
            bool again = false;
            for (uint32_t t = 0; t < ntried; t++) again |= kn_geom_eq(tried[t], gm);
            if (again) continue;
            tried[ntried++] = gm;
            if (!chain_of(&g, s, gm)) continue;
            kernel save = p->k[s];
            merge(m, p, s, &g, gm);
            if (accept && !accept(ud, &p->k[s])) {
                p->k[s] = save;
                continue;
            }
            for (uint32_t q = 0; q < s; q++)
                if (g.member[q]) gone[q] = g.taken[q] = true;
            g.taken[s] = true;
            merged++;
            break;
        }
    }
    if (!merged) return 0;
    kn_drop_kernels(m, p, gone);
    return merged;
}
