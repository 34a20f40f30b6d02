/* attention.c - kn_fuse_attention: recognising softmax(Q K^T) V among the
 * kernels kn_build made (kernel.h says what it merges, kn_attention what a
 * target gets).
 *
 * torch-mlir writes attention as a batch_matmul with a transposed K, an
 * elementwise scale and mask (fused into the first contraction's epilogue
 * by then), the four generics of its softmax decomposition (max, sub+exp,
 * sum, div) and a second batch_matmul. The match is on what each kernel
 * computes, not on names: a max-reduction over the last loop from -inf (or
 * the lowest float), exp(x - max) of the same rows, a sum from 0, a
 * division by it, each value read by the next step only. Anything else
 * (another user of the scores, a softmax over another dim, a log-softmax)
 * leaves the kernels as they are. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "kernel.h"

/* ------------------------------------------------------------ terms */

/* What a body value of kernel op s computes, seen from the kernel: one of
 * its inputs (input >= 0), the output's init (input == -2) or a body op. */
typedef struct term {
    const ir_op *op; /* a body op, or NULL */
    int input;
    uint32_t s; /* the kernel op whose body op is */
} term;

static term term_of(const kernel *k, uint32_t s, const ir_value *v) {
    const ir_op *E = k->ops[s];
    const ir_block *b = ir_linalg_body(E);
    if (v->owner == b && !v->def) {
        if (v->index >= E->u.lin.nins) return (term){NULL, -2, s};
        int32_t ai = k->arg_input[s] ? k->arg_input[s][v->index] : -3;
        if (ai == KN_CHAIN && s > 0) return term_of(k, s - 1, ir_linalg_body(k->ops[s - 1])->last->opnds[0]);
        return (term){NULL, ai >= 0 ? ai : -3, s};
    }
    if (v->def && v->def->parent == b) return (term){v->def, -1, s};
    return (term){NULL, -3, s}; /* a captured scalar */
}

/* The value kernel k stores: its last op's yield. */
static term result_of(const kernel *k) {
    uint32_t s = k->nops - 1;
    return term_of(k, s, ir_linalg_body(k->ops[s])->last->opnds[0]);
}

static term operand(const kernel *k, term t, uint32_t i) { return term_of(k, t.s, t.op->opnds[i]); }

static bool is_op(term t, ir_opkind kind) { return t.op && t.op->kind == kind; }

/* ----------------------------------------------------------- shapes */

/* How a loop kernel over rows x keys (its last loop the keys) reads or
 * writes tensor t through map: ROWS_FULL where t's elements are the
 * loops' points in the same row-major order (unit dims and unit loops
 * aside: they move no linear index), ROWS_STAT where t holds one element
 * per row (the last loop absent, or at 0 of a unit dim). */
typedef enum { ROWS_NONE, ROWS_FULL, ROWS_STAT } rows_kind;

static rows_kind rows_map(const kernel *k, const ir_amap *m, ir_type t) {
    if (!m || m->nres != t.rank || k->ndims == 0 || k->bounds[k->ndims - 1] < 2) return ROWS_NONE;
    uint32_t next = 0; /* the next non-unit loop expected */
    for (uint32_t r = 0; r < m->nres; r++) {
        int d = ir_aexpr_dim(m->res[r]);
        bool unit = d < 0 ? m->res[r]->kind == IR_AE_CONST && m->res[r]->val == 0 : k->bounds[d] == 1;
        if (unit) {
            if (t.dims[r] != 1) return ROWS_NONE;
            continue;
        }
        if (d < 0) return ROWS_NONE;
        while (next < k->ndims && k->bounds[next] == 1) next++;
        if ((uint32_t)d != next) return ROWS_NONE;
        next++;
    }
    while (next < k->ndims && k->bounds[next] == 1) next++;
    if (next == k->ndims) return ROWS_FULL;
    return next == k->ndims - 1 ? ROWS_STAT : ROWS_NONE;
}

static bool is_rows_full(const kernel *k, const ir_amap *m, ir_type t) { return rows_map(k, m, t) == ROWS_FULL; }
static bool is_rows_stat(const kernel *k, const ir_amap *m, ir_type t) { return rows_map(k, m, t) == ROWS_STAT; }

/* Input t of k is value v (through views) read with a full-row map. */
static bool input_full(const kernel *k, term t, const ir_value *v) {
    if (t.input < 0) return false;
    const kn_input *in = &k->inputs[t.input];
    return kn_unview(in->value) == v && is_rows_full(k, in->map, in->value->type);
}

static bool input_stat(const kernel *k, term t, const ir_value *v) {
    if (t.input < 0) return false;
    const kn_input *in = &k->inputs[t.input];
    return kn_unview(in->value) == v && is_rows_stat(k, in->map, in->value->type);
}

/* A loop kernel over rows x keys: all loops parallel but a reduction's
 * last, with the given loop count and bounds. */
static bool rows_kernel_of(const kernel *k, const kernel *like, bool reduction, ir_dtype dt) {
    if (k->kind != KN_LOOP || k->root->kind != IR_OP_LINALG) return false;
    const ir_linalg *l = &k->root->u.lin;
    if (l->nouts != 1 || k->ndims == 0) return false;
    if (like) { /* the same rows and keys, however the views split them */
        int64_t a = 1, b = 1;
        for (uint32_t d = 0; d + 1 < k->ndims; d++) a *= k->bounds[d];
        for (uint32_t d = 0; d + 1 < like->ndims; d++) b *= like->bounds[d];
        if (a != b || k->bounds[k->ndims - 1] != like->bounds[like->ndims - 1]) return false;
    }
    for (uint32_t d = 0; d < k->ndims; d++)
        if ((l->iters[d] == IR_ITER_REDUCTION) != (reduction && d + 1 == k->ndims)) return false;
    if (k->out->type.dtype != dt) return false;
    return reduction ? k->nops == 1 && is_rows_stat(k, k->out_map, k->out->type)
                     : is_rows_full(k, k->out_map, k->out->type);
}

static bool rows_kernel(const kernel *k, const kernel *like, bool reduction) {
    return rows_kernel_of(k, like, reduction, IR_F32);
}

static bool is_lowest(const ir_value *v) {
    if (!v || !v->def || v->def->kind != IR_OP_CONSTANT || v->def->u.value->kind != IR_A_FLOAT) return false;
    return ir_attr_float(v->def->u.value) <= -FLT_MAX;
}

static bool is_zero_init(const kernel *k) {
    for (uint32_t i = 0; i < k->ninputs; i++)
        if (k->inputs[i].role == KN_ROLE_INIT) return false;
    const ir_value *v = k->init_scalar;
    return !v || (v->def && v->def->kind == IR_OP_CONSTANT && v->def->u.value->kind == IR_A_FLOAT &&
                  ir_attr_float(v->def->u.value) == 0.0);
}

/* red = combine(in, out) over the last loop, in either order. */
static bool is_reduce(const kernel *k, ir_opkind comb, ir_opkind comb2, const ir_value *in) {
    term t = result_of(k);
    if (!is_op(t, comb) && !is_op(t, comb2)) return false;
    term a = operand(k, t, 0), b = operand(k, t, 1);
    if (a.input == -2) {
        term x = a;
        a = b;
        b = x;
    }
    return b.input == -2 && !b.op && input_full(k, a, in);
}

/* ------------------------------------------------------------ uses */

/* How many kernels read v (through views); UINT32_MAX when anything else
 * does: the return, an op outside every kernel (tensors are not captured
 * by regions: linalg bodies take scalars). */
static uint32_t kernel_readers(const kn_program *p, const ir_value *v, const bool *in_kernel) {
    uint32_t n = 0;
    for (uint32_t a = 0; a < p->nk; a++)
        for (uint32_t i = 0; i < p->k[a].ninputs; i++)
            if (kn_unview(p->k[a].inputs[i].value) == v) {
                n++;
                break;
            }
    for (const ir_op *op = p->func->regions[0]->first; op; op = op->next) {
        if (op->kind == IR_OP_EXPAND_SHAPE || op->kind == IR_OP_COLLAPSE_SHAPE) continue;
        if (op->nres && op->res[0].id < p->nvalues && in_kernel[op->res[0].id]) continue;
        for (uint32_t j = 0; j < op->nopnds; j++)
            if (kn_unview(op->opnds[j]) == v) return UINT32_MAX;
    }
    return n;
}

static uint32_t producer(const kn_program *p, const ir_value *v) {
    v = kn_unview(v);
    return v->id < p->nvalues ? p->producer[v->id] : KN_NONE;
}

/* Loop of class c of a contraction when it has exactly one, else -1. */
static int only_loop(const kernel *k, kn_dimclass c) {
    int found = -1;
    for (uint32_t d = 0; d < k->ndims; d++)
        if (k->dimclass[d] == c) {
            if (found >= 0) return -1;
            found = (int)d;
        }
    return found;
}

/* f32 tensors, and i1 masks read by an epilogue step */
static bool f32_inputs(const kernel *k) {
    for (uint32_t i = 0; i < k->ninputs; i++) {
        const ir_type t = k->inputs[i].value->type;
        if (t.kind != IR_T_TENSOR || (t.dtype != IR_F32 && !(t.dtype == IR_I1 && k->inputs[i].role == KN_ROLE_OPERAND)))
            return false;
    }
    return k->out->type.dtype == IR_F32;
}

/* Score kernel k (elementwise over rows x keys) reads the scores before it
 * in full as exactly one of its inputs: that value, else NULL. */
static const ir_value *score_source(const kn_program *p, const kernel *k) {
    if (!rows_kernel(k, NULL, false) || !f32_inputs(k)) return NULL;
    const ir_value *src = NULL;
    for (uint32_t i = 0; i < k->ninputs; i++) {
        const kn_input *in = &k->inputs[i];
        uint32_t q = producer(p, in->value);
        if (q == KN_NONE || !is_rows_full(k, in->map, in->value->type) || in->value->type.dtype != IR_F32) continue;
        const kernel *pk = &p->k[q];
        if (pk->kind != KN_CONTRACTION && !(pk->kind == KN_LOOP && rows_kernel(pk, k, false))) continue;
        if (src) return NULL;
        src = kn_unview(in->value);
    }
    return src;
}

/* ------------------------------------------------------------ match */

/* Kernel pv (a contraction) with the chain behind it: fill idx[] with the
 * kernels qk, max, exp, sum, div, and the safe softmax's cmp and all (or
 * KN_NONE). */
static bool match(const kn_program *p, uint32_t pv, const bool *in_kernel, uint32_t idx[7], uint32_t *score,
                  uint32_t *nscore, int64_t *rows, int64_t *keys) {
    const kernel *PV = &p->k[pv];
    if (PV->kind != KN_CONTRACTION || PV->ninputs < 2 || !f32_inputs(PV)) return false;
    int jp = only_loop(PV, KN_DIM_K);
    if (jp < 0 || only_loop(PV, KN_DIM_M) < 0 || only_loop(PV, KN_DIM_N) < 0) return false;
    const kn_input *lhs = &PV->inputs[0];
    uint32_t kd = producer(p, lhs->value);
    if (kd == KN_NONE) return false;
    const kernel *D = &p->k[kd];
    /* P's last dim (as pv reads it) is pv's reduction */
    const ir_amap *lm = lhs->map;
    if (!lm || lm->nres == 0 || ir_aexpr_dim(lm->res[lm->nres - 1]) != jp || !ir_amap_is_projected_perm(lm, true))
        return false;
    /* div: P = E / l */
    if (!rows_kernel(D, NULL, false)) return false;
    term t = result_of(D);
    const ir_value *Aval = NULL; /* the safe softmax's all-masked rows */
    if (is_op(t, IR_OP_SELECT)) {
        term ta = operand(D, t, 0);
        const ir_value *zero = t.op->opnds[1];
        if (ta.op || ta.input < 0 || !zero->def || zero->def->kind != IR_OP_CONSTANT ||
            zero->def->u.value->kind != IR_A_FLOAT || ir_attr_float(zero->def->u.value) != 0.0)
            return false;
        Aval = kn_unview(D->inputs[ta.input].value);
        if (Aval->type.dtype != IR_I1 || !input_stat(D, ta, Aval)) return false;
        t = operand(D, t, 2);
    }
    if (!is_op(t, IR_OP_DIVF)) return false;
    term te = operand(D, t, 0), tl = operand(D, t, 1);
    if (te.op || tl.op || te.input < 0 || tl.input < 0) return false;
    const ir_value *E = kn_unview(D->inputs[te.input].value), *L = kn_unview(D->inputs[tl.input].value);
    if (!input_full(D, te, E) || !input_stat(D, tl, L)) return false;
    uint32_t ks = producer(p, L), ke = producer(p, E);
    if (ks == KN_NONE || ke == KN_NONE) return false;
    /* sum: l = sum_j E from 0 */
    const kernel *Ks = &p->k[ks], *Ke = &p->k[ke];
    if (!rows_kernel(Ks, D, true) || !is_zero_init(Ks) || !is_reduce(Ks, IR_OP_ADDF, IR_OP_ADDF, E)) return false;
    /* exp: E = exp(S - m) */
    if (!rows_kernel(Ke, D, false)) return false;
    t = result_of(Ke);
    if (!is_op(t, IR_OP_EXP)) return false;
    t = operand(Ke, t, 0);
    if (!is_op(t, IR_OP_SUBF)) return false;
    term ts = operand(Ke, t, 0), tm = operand(Ke, t, 1);
    if (ts.op || tm.op || ts.input < 0 || tm.input < 0) return false;
    const ir_value *S = kn_unview(Ke->inputs[ts.input].value), *M = kn_unview(Ke->inputs[tm.input].value);
    if (!input_full(Ke, ts, S) || !input_stat(Ke, tm, M)) return false;
    uint32_t km = producer(p, M), kq = producer(p, S);
    if (km == KN_NONE || kq == KN_NONE) return false;
    /* max: m = max_j S from the lowest float */
    const kernel *Km = &p->k[km];
    if (!rows_kernel(Km, D, true) || !is_lowest(Km->init_scalar) ||
        !is_reduce(Km, IR_OP_MAXIMUMF, IR_OP_MAXNUMF, S))
        return false;
    /* the safe softmax: A = all_j (S == -inf), an and-reduction from true
     * of a map kernel comparing S (extended or not) with -inf */
    uint32_t kc = KN_NONE, ka = KN_NONE;
    if (Aval) {
        ka = producer(p, Aval);
        if (ka == KN_NONE) return false;
        const kernel *Ka = &p->k[ka];
        if (!rows_kernel_of(Ka, D, true, IR_I1) || Ka->ninputs != 1) return false;
        const ir_value *init = Ka->init_scalar;
        const ir_attr *iv = init && init->def && init->def->kind == IR_OP_CONSTANT ? init->def->u.value : NULL;
        if (!iv || !((iv->kind == IR_A_INT && iv->u.i != 0) || (iv->kind == IR_A_BOOL && iv->u.b))) return false;
        term tr = result_of(Ka);
        if (!is_op(tr, IR_OP_ANDI)) return false;
        term x = operand(Ka, tr, 0), y = operand(Ka, tr, 1);
        if (x.input == -2) {
            term z = x;
            x = y;
            y = z;
        }
        const ir_value *C = x.input >= 0 ? kn_unview(Ka->inputs[x.input].value) : NULL;
        if (y.input != -2 || !C || !input_full(Ka, x, C)) return false;
        kc = producer(p, C);
        if (kc == KN_NONE) return false;
        const kernel *Kc = &p->k[kc];
        if (!rows_kernel_of(Kc, D, false, IR_I1)) return false;
        term tc = result_of(Kc);
        if (!is_op(tc, IR_OP_CMPF) || tc.op->u.pred != IR_CMPF_OEQ) return false;
        term xs = operand(Kc, tc, 0);
        const ir_value *ninf = tc.op->opnds[1];
        if (is_op(xs, IR_OP_EXTF)) xs = operand(Kc, xs, 0);
        if (xs.op || xs.input < 0 || !ninf->def || ninf->def->kind != IR_OP_CONSTANT ||
            ninf->def->u.value->kind != IR_A_FLOAT || ir_attr_float(ninf->def->u.value) != -INFINITY)
            return false;
        if (!input_full(Kc, xs, S) || kernel_readers(p, C, in_kernel) != 1 || kernel_readers(p, Aval, in_kernel) != 1)
            return false;
    }
    /* elementwise score kernels back to the contraction, each read only by
     * the next */
    const ir_value *S0 = S;
    uint32_t chain[KN_ATTN_SCORE_MAX], nchain = 0;
    while (p->k[kq].kind == KN_LOOP) {
        const ir_value *src = score_source(p, &p->k[kq]);
        if (!src || nchain == KN_ATTN_SCORE_MAX || (S0 != S && kernel_readers(p, S0, in_kernel) != 1)) return false;
        chain[nchain++] = kq;
        S0 = src;
        kq = producer(p, S0);
        if (kq == KN_NONE) return false;
    }
    if (nchain && kernel_readers(p, S0, in_kernel) != 1) return false;
    for (uint32_t i = 0; i < nchain; i++) score[i] = chain[nchain - 1 - i];
    *nscore = nchain;
    const kernel *Q = &p->k[kq];
    /* qk: S's last dim is its one N loop */
    if (Q->kind != KN_CONTRACTION || Q->ninputs < 2 || !f32_inputs(Q) || Q->init_scalar) return false;
    int jq = only_loop(Q, KN_DIM_N);
    if (jq < 0 || only_loop(Q, KN_DIM_M) < 0 || only_loop(Q, KN_DIM_K) < 0) return false;
    const ir_amap *om = Q->out_map;
    if (om->nres == 0 || ir_aexpr_dim(om->res[om->nres - 1]) != jq) return false;
    /* the rows agree: every view keeps the last dim */
    int64_t nkeys = Q->bounds[jq];
    const ir_value *views[] = {Km->inputs[0].value, Ke->inputs[ts.input].value, D->inputs[te.input].value,
                               lhs->value, D->out};
    for (uint32_t i = 0; i < SP_ARRAY_LEN(views); i++)
        if (views[i]->type.rank == 0 || views[i]->type.dims[views[i]->type.rank - 1] != nkeys) return false;
    if (PV->bounds[jp] != nkeys || ir_type_numel(S->type) != ir_type_numel(D->out->type)) return false;
    /* each value read by the next step only */
    if (kernel_readers(p, S, in_kernel) != (Aval ? 3u : 2u) || kernel_readers(p, M, in_kernel) != 1 ||
        kernel_readers(p, E, in_kernel) != 2 || kernel_readers(p, L, in_kernel) != 1 ||
        kernel_readers(p, D->out, in_kernel) != 1)
        return false;
    /* P is not pv's rhs as well */
    for (uint32_t i = 1; i < PV->ninputs; i++)
        if (kn_unview(PV->inputs[i].value) == D->out) return false;
    idx[0] = kq, idx[1] = km, idx[2] = ke, idx[3] = ks, idx[4] = kd, idx[5] = kc, idx[6] = ka;
    *keys = nkeys;
    *rows = ir_type_numel(S->type) / nkeys;
    return true;
}

/* ------------------------------------------------------------ merge */

/* The merged kernel at pv's place: parts copied, ops in program order,
 * inputs of both contractions but P. */
static void merge(ir_module *m, kn_program *p, uint32_t pv, const uint32_t idx[7], const uint32_t *score,
                  uint32_t nscore, int64_t rows, int64_t keys) {
    kn_attention *a = sp_arena_alloc(&m->arena, sizeof *a);
    memset(a, 0, sizeof *a);
    a->safe = idx[5] != KN_NONE;
    if (a->safe) a->cmp = p->k[idx[5]], a->all = p->k[idx[6]];
    for (uint32_t i = 0; i < nscore; i++) a->score[i] = p->k[score[i]];
    a->nscore = nscore;
    a->qk = p->k[idx[0]];
    a->max = p->k[idx[1]];
    a->exp = p->k[idx[2]];
    a->sum = p->k[idx[3]];
    a->div = p->k[idx[4]];
    a->pv = p->k[pv];
    a->rows = rows;
    a->keys = keys;
    const kernel *parts[8 + KN_ATTN_SCORE_MAX] = {&a->qk, &a->max, &a->exp, &a->sum, &a->div, &a->pv};
    uint32_t nparts = 6;
    for (uint32_t i = 0; i < nscore; i++) parts[nparts++] = &a->score[i];
    if (a->safe) parts[nparts++] = &a->cmp, parts[nparts++] = &a->all;
    kernel *k = &p->k[pv];
    memset(k, 0, sizeof *k);
    k->kind = KN_ATTENTION;
    k->att = a;
    k->root = a->qk.root;
    k->last = a->pv.last;
    k->out = a->pv.out;
    k->out_map = a->pv.out_map;
    k->ndims = a->qk.ndims;
    memcpy(k->bounds, a->qk.bounds, sizeof k->bounds);
    memcpy(k->dimclass, a->qk.dimclass, sizeof k->dimclass);
    k->b = a->qk.b, k->m = a->qk.m, k->n = a->qk.n, k->k = a->qk.k;
    uint32_t nops = 0, nin = a->qk.ninputs + a->pv.ninputs, nepi = a->qk.nepilogue + 1 + a->pv.nepilogue;
    for (uint32_t i = 0; i < nscore; i++) nin += a->score[i].ninputs, nepi += a->score[i].nepilogue;
    for (uint32_t i = 0; i < nparts; i++) nops += parts[i]->nops;
    k->ops = sp_arena_array(&m->arena, nops, sizeof *k->ops);
    k->arg_input = sp_arena_array(&m->arena, nops, sizeof *k->arg_input); /* all NULL: see the parts */
    for (const ir_op *op = p->func->regions[0]->first; op; op = op->next)
        for (uint32_t i = 0; i < nparts; i++)
            for (uint32_t j = 0; j < parts[i]->nops; j++)
                if (parts[i]->ops[j] == op) k->ops[k->nops++] = (ir_op *)op;
    k->inputs = sp_arena_array(&m->arena, nin, sizeof *k->inputs);
    const ir_value *P = a->div.out;
    for (uint32_t i = 0; i < a->qk.ninputs; i++) k->inputs[k->ninputs++] = a->qk.inputs[i];
    const ir_value *prev = a->qk.out; /* each score kernel's scores in */
    for (uint32_t s = 0; s < nscore; s++) {
        for (uint32_t i = 0; i < a->score[s].ninputs; i++)
            if (kn_unview(a->score[s].inputs[i].value) != prev) k->inputs[k->ninputs++] = a->score[s].inputs[i];
        prev = a->score[s].out;
    }
    for (uint32_t i = 0; i < a->pv.ninputs; i++)
        if (kn_unview(a->pv.inputs[i].value) != P) k->inputs[k->ninputs++] = a->pv.inputs[i];
    k->epilogue = sp_arena_array(&m->arena, nepi, sizeof *k->epilogue);
    for (uint32_t i = 0; i < a->qk.nepilogue; i++) k->epilogue[k->nepilogue++] = a->qk.epilogue[i];
    for (uint32_t s = 0; s < nscore; s++)
        for (uint32_t i = 0; i < a->score[s].nepilogue; i++) k->epilogue[k->nepilogue++] = a->score[s].epilogue[i];
    k->epilogue[k->nepilogue++] = a->safe ? "safe_softmax" : "softmax";
    for (uint32_t i = 0; i < a->pv.nepilogue; i++) k->epilogue[k->nepilogue++] = a->pv.epilogue[i];
}

uint32_t kn_fuse_attention(ir_module *m, kn_program *p) {
    bool *in_kernel = sp_arena_array(&m->arena, p->nvalues ? p->nvalues : 1, sizeof *in_kernel);
    for (uint32_t a = 0; a < p->nk; a++)
        for (uint32_t j = 0; j < p->k[a].nops; j++)
            for (uint32_t r = 0; r < p->k[a].ops[j]->nres; r++)
                if (p->k[a].ops[j]->res[r].id < p->nvalues) in_kernel[p->k[a].ops[j]->res[r].id] = true;
    bool *gone = sp_arena_array(&m->arena, p->nk ? p->nk : 1, sizeof *gone);
    uint32_t merged = 0;
    for (uint32_t pv = 0; pv < p->nk; pv++) {
        uint32_t idx[7], score[KN_ATTN_SCORE_MAX], nscore = 0;
        int64_t rows, keys;
        if (!match(p, pv, in_kernel, idx, score, &nscore, &rows, &keys)) continue;
        bool fresh = true;
        for (uint32_t i = 0; i < 7; i++) fresh &= idx[i] == KN_NONE || (!gone[idx[i]] && idx[i] < pv);
        for (uint32_t i = 0; i < nscore; i++) fresh &= !gone[score[i]] && score[i] < pv;
        if (!fresh) continue;
        merge(m, p, pv, idx, score, nscore, rows, keys);
        for (uint32_t i = 0; i < 7; i++)
            if (idx[i] != KN_NONE) gone[idx[i]] = true;
        for (uint32_t i = 0; i < nscore; i++) gone[score[i]] = true;
        merged++;
    }
    if (!merged) return 0;
    /* compact, in the same order; the parts' values have no producer now */
    uint32_t n = 0;
    for (uint32_t a = 0; a < p->nk; a++) {
        if (gone[a]) {
            p->producer[p->k[a].out->id] = KN_NONE;
            continue;
        }
        p->k[n] = p->k[a];
        p->k[n].index = n;
        n++;
    }
    p->nk = n;
    for (uint32_t a = 0; a < n; a++) p->producer[p->k[a].out->id] = a;
    kn_check_program(m, p);
    return merged;
}
