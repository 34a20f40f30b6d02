/* attention.c - kn_fuse_attention: recognising softmax(Q K^T) V among the
 * kernels kn_build made (kernel.h says what it merges, kn_attention what a
 * target gets).
 *
 * torch-mlir writes attention as a batch_matmul with a transposed K, an
 * elementwise scale and mask (fused into the first contraction's epilogue
 * by then), the four generics of its softmax decomposition (max, sub+exp,
 * sum, div) and a second batch_matmul. The match is on what each kernel
 * computes, not on names or dim positions: a max-reduction along one loop
 * (the softmax's axis: any dim of the scores, torch's dim -1 or its dim -2
 * "column" softmax) from -inf (or the lowest float), exp(x - max) of the
 * same rows, a sum from 0, a division by it, each value read by the next
 * step only, and the axis the loop both contractions put the keys on (one
 * of the first's M and N loops, the second's K loop). Anything else
 * (another user of the scores, a log-softmax) leaves the kernels as they
 * are. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "geom.h"
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

/* Input t of k is value v (through views), read in full / as a statistic
 * along loop al. */
static bool input_full(const kernel *k, term t, const ir_value *v) {
    if (t.input < 0) return false;
    const kn_input *in = &k->inputs[t.input];
    return kn_unview(in->value) == v && kn_walks(k, in->map, in->value->type, -1);
}

static bool input_stat(const kernel *k, term t, const ir_value *v, int al) {
    if (t.input < 0) return false;
    const kn_input *in = &k->inputs[t.input];
    return kn_unview(in->value) == v && kn_walks(k, in->map, in->value->type, al);
}

/* A loop kernel of the softmax with result type dt: a map (every loop
 * parallel, its result walked as its loops go), or a reduction along one
 * loop (its axis, *al), of one op, whose result is a statistic. */
static bool rows_kernel_of(const kernel *k, bool reduction, ir_dtype dt, int *al) {
    if (k->kind != KN_LOOP || k->root->kind != IR_OP_LINALG) return false;
    const ir_linalg *l = &k->root->u.lin;
    if (l->nouts != 1 || k->ndims == 0 || k->out->type.dtype != dt) return false;
    int red = -1;
    for (uint32_t d = 0; d < k->ndims; d++)
        if (l->iters[d] == IR_ITER_REDUCTION) {
            if (red >= 0) return false;
            red = (int)d;
        }
    if (!reduction) return red < 0 && kn_walks(k, k->out_map, k->out->type, -1);
    if (red < 0 || k->bounds[red] < 2 || k->nops != 1 || !kn_walks(k, k->out_map, k->out->type, red)) return false;
    *al = red;
    return true;
}

/* A reduction of the softmax with geometry g. */
static bool rows_reduction(const kernel *k, ir_dtype dt, kn_geom g) {
    int al;
    return rows_kernel_of(k, true, dt, &al) && kn_geom_eq(kn_geom_of(k, al), g);
}

/* v is a float constant equal to x. */
static bool is_float_const(const ir_value *v, double x) {
    return v && v->def && v->def->kind == IR_OP_CONSTANT && v->def->u.value->kind == IR_A_FLOAT &&
           ir_attr_float(v->def->u.value) == x;
}

static bool is_lowest(const ir_value *v) {
    if (!v || !v->def || v->def->kind != IR_OP_CONSTANT || v->def->u.value->kind != IR_A_FLOAT) return false;
    return ir_attr_float(v->def->u.value) <= -FLT_MAX;
}

static bool is_zero_init(const kernel *k) {
    for (uint32_t i = 0; i < k->ninputs; i++)
        if (k->inputs[i].role == KN_ROLE_INIT) return false;
    const ir_value *v = k->init_scalar;
    return !v || is_float_const(v, 0.0);
}

/* t, or what it widens where it is an extf and widened is set (bf16
 * scores read as f32 through an extf the canonicalizer moved into the
 * reader's body). */
static term unwiden(const kernel *k, term t, bool widened) {
    return widened && is_op(t, IR_OP_EXTF) ? operand(k, t, 0) : t;
}

/* red = combine(in, out) along its reduction loop, in either order (in
 * through an extf where widened). */
static bool is_reduce(const kernel *k, ir_opkind comb, ir_opkind comb2, const ir_value *in, bool widened) {
    term t = result_of(k);
    if (!is_op(t, comb) && !is_op(t, comb2)) return false;
    term a = operand(k, t, 0), b = operand(k, t, 1);
    if (a.input == -2) {
        term x = a;
        a = b;
        b = x;
    }
    return b.input == -2 && !b.op && input_full(k, unwiden(k, a, widened), in);
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

/* A contraction of the attention: f32_inputs, or (where the target runs
 * bf16 attention) torch-mlir's bf16 spellings, summed in an f32
 * accumulator: its lhs and rhs each bf16 or f32 (a bf16 model's attention
 * reads bf16 Q and K; torch's scaled_dot_product_attention widens and
 * scales them first, and its P V reads f32 P and bf16 V), its other inputs
 * f32, bf16 (a bf16 mask) or i1 masks, its result f32 or (out_bf16) bf16. */
static bool attn_contraction_types(const kernel *k, bool bf16, bool out_bf16) {
    if (f32_inputs(k)) return true;
    if (!bf16) return false;
    const ir_block *b = ir_linalg_body(k->root);
    if (!b || !b->nargs || b->args[b->nargs - 1].type.dtype != IR_F32) return false; /* the accumulator */
    for (uint32_t i = 0; i < k->ninputs; i++) {
        const kn_input *in = &k->inputs[i];
        const ir_type t = in->value->type;
        const bool operand = in->role == KN_ROLE_LHS || in->role == KN_ROLE_RHS;
        if (t.kind != IR_T_TENSOR || (operand && t.dtype != IR_BF16 && t.dtype != IR_F32) ||
            (!operand && t.dtype != IR_F32 && t.dtype != IR_BF16 && !(t.dtype == IR_I1 && in->role == KN_ROLE_OPERAND)))
            return false;
    }
    return k->out->type.dtype == IR_F32 || (out_bf16 && k->out->type.dtype == IR_BF16);
}

/* Score kernel k (a map over the scores' elements) reads the scores before
 * it in full as exactly one of its inputs: that value, else NULL. */
static const ir_value *score_source(const kn_program *p, const kernel *k) {
    if (!rows_kernel_of(k, false, IR_F32, NULL) || !f32_inputs(k)) return NULL;
    const ir_value *src = NULL;
    for (uint32_t i = 0; i < k->ninputs; i++) {
        const kn_input *in = &k->inputs[i];
        uint32_t q = producer(p, in->value);
        if (q == KN_NONE || !kn_walks(k, in->map, in->value->type, -1) || in->value->type.dtype != IR_F32) continue;
        const kernel *pk = &p->k[q];
        if (pk->kind != KN_CONTRACTION &&
            !(pk->kind == KN_LOOP && rows_kernel_of(pk, false, IR_F32, NULL) && kn_loop_points(pk) == kn_loop_points(k)))
            continue;
        if (src) return NULL;
        src = kn_unview(in->value);
    }
    return src;
}

/* ------------------------------------------------------------ match */

/* What a match found besides the kernels. */
typedef struct found {
    uint32_t idx[7]; /* qk, max, exp, sum, div, and the safe softmax's cmp and all (or KN_NONE) */
    uint32_t score[KN_ATTN_SCORE_MAX], nscore;
    uint8_t score_key[KN_ATTN_SCORE_MAX], score_row[KN_ATTN_SCORE_MAX];
    int64_t rows, keys;
    bool swap_qk, swap_pv; /* the keys are qk's M loop / P is pv's rhs */
    uint32_t s_axis, p_axis;
} found;

/* The result dim of projected-permutation map m that loop d indexes. */
static uint32_t dim_of_loop(const ir_amap *m, int d) {
    for (uint32_t r = 0; r < m->nres; r++)
        if (ir_aexpr_dim(m->res[r]) == d) return r;
    return 0;
}

/* The safe softmax's mask: A (Aval) = all_j (S == -inf), an and-reduction
 * from true over g of a map kernel comparing S (extended or not) with -inf,
 * each read only by the next step. Its kernels into *kc (the compare) and
 * *ka (the reduction). */
static bool match_all_masked(const kn_program *p, const ir_value *Aval, const ir_value *S, kn_geom g,
                             const bool *in_kernel, uint32_t *kc, uint32_t *ka) {
    *ka = producer(p, Aval);
    if (*ka == KN_NONE) return false;
    const kernel *Ka = &p->k[*ka];
    if (!rows_reduction(Ka, IR_I1, g) || Ka->ninputs != 1) return false;
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
    *kc = producer(p, C);
    if (*kc == KN_NONE) return false;
    const kernel *Kc = &p->k[*kc];
    if (!rows_kernel_of(Kc, false, IR_I1, NULL) || kn_loop_points(Kc) != g.N) return false;
    term tc = result_of(Kc);
    if (!is_op(tc, IR_OP_CMPF) || tc.op->u.pred != IR_CMPF_OEQ) return false;
    term xs = operand(Kc, tc, 0);
    if (is_op(xs, IR_OP_EXTF)) xs = operand(Kc, xs, 0);
    if (xs.op || xs.input < 0 || !is_float_const(tc.op->opnds[1], -INFINITY)) return false;
    if (!input_full(Kc, xs, S) || kernel_readers(p, C, in_kernel) != 1 || kernel_readers(p, Aval, in_kernel) != 1)
        return false;
    return true;
}

/* The elementwise score kernels from S (made by kernel *kq) back to the
 * contraction, each read only by the next: their kernels into chain[]
 * (*nchain, from S back), the contraction's into *kq. */
static bool match_score_chain(const kn_program *p, const ir_value *S, kn_geom g, const bool *in_kernel, uint32_t *kq,
                              uint32_t *chain, uint32_t *nchain) {
    const ir_value *S0 = S;
    while (p->k[*kq].kind == KN_LOOP) {
        const ir_value *src = score_source(p, &p->k[*kq]);
        if (!src || kn_loop_points(&p->k[*kq]) != g.N || *nchain == KN_ATTN_SCORE_MAX ||
            (S0 != S && kernel_readers(p, S0, in_kernel) != 1))
            return false;
        chain[(*nchain)++] = *kq;
        S0 = src;
        *kq = producer(p, S0);
        if (*kq == KN_NONE) return false;
    }
    return !*nchain || kernel_readers(p, S0, in_kernel) == 1;
}

/* Each score kernel's loops (chain[], last to first from the scores back
 * to qk): one the keys (g.A, stepping g.I), one the rows (qk's row loop
 * Q->bounds[rq], stepping qrow), the rest walking as qk's B loops
 * (bq, tq, nbq). Its kernels and their key and row loops into f. */
static bool match_score_loops(const kn_program *p, const uint32_t *chain, uint32_t nchain, kn_geom g,
                              const kernel *Q, int rq, int64_t qrow, const int64_t *bq, const int64_t *tq,
                              uint32_t nbq, found *f) {
    for (uint32_t c = 0; c < nchain; c++) {
        const kernel *sc = &p->k[chain[nchain - 1 - c]];
        int key = -1, row = -1;
        int64_t bs[KN_MAX_DIMS], ts2[KN_MAX_DIMS];
        uint32_t nbs = 0;
        for (uint32_t d = 0; d < sc->ndims; d++) {
            int64_t st = kn_rm_stride(sc, d, -1); /* a score kernel walks the scores as its loops go */
            if (key < 0 && sc->bounds[d] == g.A && st == g.I)
                key = (int)d;
            else if (row < 0 && sc->bounds[d] == Q->bounds[rq] && (Q->bounds[rq] == 1 || st == qrow))
                row = (int)d;
            else
                bs[nbs] = sc->bounds[d], ts2[nbs++] = st;
        }
        if (row < 0 && Q->bounds[rq] == 1) row = key; /* one query row: never stepped */
        if (key < 0 || row < 0 || !kn_same_walk(bq, tq, nbq, bs, ts2, nbs)) return false;
        f->score[c] = chain[nchain - 1 - c];
        f->score_key[c] = (uint8_t)key;
        f->score_row[c] = (uint8_t)row;
    }
    return true;
}

/* A contraction's B loops: their bounds into b[], their strides (of
 * stride[], per loop) into t[]; returns how many. */
static uint32_t b_loops(const kernel *k, const int64_t *stride, int64_t *b, int64_t *t) {
    uint32_t n = 0;
    for (uint32_t d = 0; d < k->ndims; d++)
        if (k->dimclass[d] == KN_DIM_B) b[n] = k->bounds[d], t[n++] = stride[d];
    return n;
}

/* Kernel pv (a contraction) reading P as its input pi, with the chain
 * behind it: the kernels of the attention into f. */
static bool match_from(const kn_program *p, uint32_t pv, uint32_t pi, const bool *in_kernel, bool bf16, found *f) {
    const kernel *PV = &p->k[pv];
    int jp = only_loop(PV, KN_DIM_K), mp = only_loop(PV, KN_DIM_M), np = only_loop(PV, KN_DIM_N);
    if (jp < 0 || mp < 0 || np < 0) return false;
    const kn_input *Pin = &PV->inputs[pi];
    uint32_t kd = producer(p, Pin->value);
    if (kd == KN_NONE || !Pin->map || !ir_amap_is_projected_perm(Pin->map, true)) return false;
    const kernel *D = &p->k[kd];
    /* div: P = E / l (in bf16: rounded to it, truncf(E / l)) */
    const bool p_bf16 = bf16 && D->out->type.dtype == IR_BF16;
    if (!rows_kernel_of(D, false, p_bf16 ? IR_BF16 : IR_F32, NULL)) return false;
    term t = result_of(D);
    if (p_bf16) {
        if (!is_op(t, IR_OP_TRUNCF)) return false;
        t = operand(D, t, 0);
    }
    term ta = {NULL, -3, 0};
    bool safe = false;
    if (is_op(t, IR_OP_SELECT)) {
        ta = operand(D, t, 0);
        if (ta.op || ta.input < 0 || !is_float_const(t.op->opnds[1], 0.0)) return false;
        safe = true;
        t = operand(D, t, 2);
    }
    if (!is_op(t, IR_OP_DIVF)) return false;
    term te = operand(D, t, 0), tl = operand(D, t, 1);
    if (te.op || tl.op || te.input < 0 || tl.input < 0) return false;
    const ir_value *E = kn_unview(D->inputs[te.input].value), *L = kn_unview(D->inputs[tl.input].value);
    int al = kn_stat_loop(D, D->inputs[tl.input].map, D->inputs[tl.input].value->type);
    if (al < 0 || !input_full(D, te, E) || !input_stat(D, tl, L, al)) return false;
    const kn_geom g = kn_geom_of(D, al); /* the softmax's axis is D's loop al */
    const ir_value *Aval = NULL;   /* the safe softmax's all-masked rows */
    if (safe) {
        Aval = kn_unview(D->inputs[ta.input].value);
        if (Aval->type.dtype != IR_I1 || !input_stat(D, ta, Aval, al)) return false;
    }
    uint32_t ks = producer(p, L), ke = producer(p, E);
    if (ks == KN_NONE || ke == KN_NONE) return false;
    /* sum: l = sum_j E from 0 */
    const kernel *Ks = &p->k[ks], *Ke = &p->k[ke];
    if (!rows_reduction(Ks, IR_F32, g) || !is_zero_init(Ks) || !is_reduce(Ks, IR_OP_ADDF, IR_OP_ADDF, E, false))
        return false;
    /* exp: E = exp(S - m) */
    if (!rows_kernel_of(Ke, false, IR_F32, NULL)) return false;
    t = result_of(Ke);
    if (!is_op(t, IR_OP_EXP)) return false;
    t = operand(Ke, t, 0);
    if (!is_op(t, IR_OP_SUBF)) return false;
    /* (in bf16, S may be bf16 scores that exp and max widen themselves) */
    term ts = unwiden(Ke, operand(Ke, t, 0), bf16), tm = operand(Ke, t, 1);
    if (ts.op || tm.op || ts.input < 0 || tm.input < 0) return false;
    const ir_value *S = kn_unview(Ke->inputs[ts.input].value), *M = kn_unview(Ke->inputs[tm.input].value);
    const bool s_bf16 = S->type.dtype == IR_BF16;
    int ae = kn_stat_loop(Ke, Ke->inputs[tm.input].map, Ke->inputs[tm.input].value->type);
    if (ae < 0 || !kn_geom_eq(kn_geom_of(Ke, ae), g) || !input_full(Ke, ts, S) || !input_stat(Ke, tm, M, ae)) return false;
    uint32_t km = producer(p, M), kq = producer(p, S);
    if (km == KN_NONE || kq == KN_NONE) return false;
    /* max: m = max_j S from the lowest float */
    const kernel *Km = &p->k[km];
    if (!rows_reduction(Km, IR_F32, g) || !is_lowest(Km->init_scalar) ||
        !is_reduce(Km, IR_OP_MAXIMUMF, IR_OP_MAXNUMF, S, s_bf16))
        return false;
    uint32_t kc = KN_NONE, ka = KN_NONE;
    if (Aval && !match_all_masked(p, Aval, S, g, in_kernel, &kc, &ka)) return false;
    uint32_t chain[KN_ATTN_SCORE_MAX], nchain = 0;
    if (!match_score_chain(p, S, g, in_kernel, &kq, chain, &nchain)) return false;
    const kernel *Q = &p->k[kq];
    /* qk: the keys are one of its M and N loops (S's axis), the rows the other */
    if (Q->kind != KN_CONTRACTION || Q->ninputs < 2 || !attn_contraction_types(Q, bf16, s_bf16) || Q->init_scalar)
        return false;
    int mq = only_loop(Q, KN_DIM_M), nq = only_loop(Q, KN_DIM_N);
    if (mq < 0 || nq < 0 || only_loop(Q, KN_DIM_K) < 0) return false;
    int64_t sq[KN_MAX_DIMS], sp[KN_MAX_DIMS];
    if (!kn_loop_strides(Q, Q->out_map, Q->out->type, sq) || ir_type_numel(Q->out->type) != g.N ||
        !ir_amap_is_projected_perm(Q->out_map, true))
        return false;
    int jq = Q->bounds[nq] == g.A && sq[nq] == g.I ? nq : Q->bounds[mq] == g.A && sq[mq] == g.I ? mq : -1;
    if (jq < 0) return false;
    int rq = jq == nq ? mq : nq;
    /* pv: P's keys are its K loop, its rows the other loop P is read along */
    int rp = pi == 0 ? mp : np, vp = pi == 0 ? np : mp;
    if (!kn_loop_strides(PV, Pin->map, Pin->value->type, sp) || ir_type_numel(Pin->value->type) != g.N ||
        PV->bounds[jp] != g.A || sp[jp] != g.I || sp[vp] != 0)
        return false;
    /* the rows agree: qk's B loops and rows walk S as pv's walk P */
    if (Q->bounds[rq] != PV->bounds[rp] || (Q->bounds[rq] > 1 && sq[rq] != sp[rp])) return false;
    int64_t bq[KN_MAX_DIMS], tq[KN_MAX_DIMS], bp[KN_MAX_DIMS], tp[KN_MAX_DIMS];
    uint32_t nbq = b_loops(Q, sq, bq, tq), nbp = b_loops(PV, sp, bp, tp);
    if (!kn_same_walk(bq, tq, nbq, bp, tp, nbp)) return false;
    /* each score kernel's loops: the keys, the rows, the rest the B loops' rows */
    if (!match_score_loops(p, chain, nchain, g, Q, rq, sq[rq], bq, tq, nbq, f)) return false;
    f->nscore = nchain;
    /* each value read by the next step only */
    if (kernel_readers(p, S, in_kernel) != (Aval ? 3u : 2u) || kernel_readers(p, M, in_kernel) != 1 ||
        kernel_readers(p, E, in_kernel) != 2 || kernel_readers(p, L, in_kernel) != 1 ||
        kernel_readers(p, D->out, in_kernel) != 1)
        return false;
    /* P is not pv's other operand as well */
    for (uint32_t i = 0; i < PV->ninputs; i++)
        if (i != pi && kn_unview(PV->inputs[i].value) == D->out) return false;
    f->idx[0] = kq, f->idx[1] = km, f->idx[2] = ke, f->idx[3] = ks, f->idx[4] = kd, f->idx[5] = kc, f->idx[6] = ka;
    f->keys = g.A;
    f->rows = g.N / g.A;
    f->swap_qk = jq == mq;
    f->swap_pv = pi == 1;
    f->s_axis = dim_of_loop(Q->out_map, jq);
    f->p_axis = dim_of_loop(Pin->map, jp);
    return true;
}

/* Kernel pv (a contraction) with the chain behind it, P its lhs or rhs. */
static bool match(const kn_program *p, uint32_t pv, const bool *in_kernel, bool bf16, found *f) {
    const kernel *PV = &p->k[pv];
    if (PV->kind != KN_CONTRACTION || PV->ninputs < 2 || !attn_contraction_types(PV, bf16, true)) return false;
    memset(f, 0, sizeof *f);
    if (match_from(p, pv, 0, in_kernel, bf16, f)) return true;
    memset(f, 0, sizeof *f);
    return match_from(p, pv, 1, in_kernel, bf16, f);
}

/* ------------------------------------------------------------ merge */

/* Contraction k with its lhs and rhs (and the M and N loop classes)
 * exchanged: the same products (f32 multiplication commutes), read the
 * other way round. Its arrays are copied first: the kernel's copy only
 * changes. */
static void swap_operands(ir_module *m, kernel *k) {
    kn_input *in = sp_arena_array(&m->arena, k->ninputs, sizeof *in);
    memcpy(in, k->inputs, k->ninputs * sizeof *in);
    kn_input x = in[0];
    in[0] = in[1], in[1] = x;
    in[0].role = KN_ROLE_LHS, in[1].role = KN_ROLE_RHS;
    k->inputs = in;
    int32_t **ai = sp_arena_array(&m->arena, k->nops, sizeof *ai);
    memcpy(ai, k->arg_input, k->nops * sizeof *ai);
    int32_t *root = sp_arena_array(&m->arena, 2, sizeof *root);
    for (int j = 0; j < 2; j++) root[j] = ai[0][j] == 0 ? 1 : ai[0][j] == 1 ? 0 : ai[0][j];
    ai[0] = root;
    k->arg_input = ai;
    for (uint32_t d = 0; d < k->ndims; d++)
        if (k->dimclass[d] == KN_DIM_M)
            k->dimclass[d] = KN_DIM_N;
        else if (k->dimclass[d] == KN_DIM_N)
            k->dimclass[d] = KN_DIM_M;
    int64_t t = k->m;
    k->m = k->n, k->n = t;
}

/* The merged kernel at pv's place: parts copied (qk and pv with their
 * operands as kernel.h orders them), ops in program order, inputs of both
 * contractions but P. */
static void merge(ir_module *m, kn_program *p, uint32_t pv, const found *f) {
    const uint32_t *idx = f->idx, *score = f->score, nscore = f->nscore;
    kn_attention *a = sp_arena_alloc(&m->arena, sizeof *a);
    memset(a, 0, sizeof *a);
    a->safe = idx[5] != KN_NONE;
    if (a->safe) a->cmp = p->k[idx[5]], a->all = p->k[idx[6]];
    for (uint32_t i = 0; i < nscore; i++) {
        a->score[i] = p->k[score[i]];
        a->score_key[i] = f->score_key[i];
        a->score_row[i] = f->score_row[i];
    }
    a->nscore = nscore;
    a->qk = p->k[idx[0]];
    a->max = p->k[idx[1]];
    a->exp = p->k[idx[2]];
    a->sum = p->k[idx[3]];
    a->div = p->k[idx[4]];
    a->pv = p->k[pv];
    if (f->swap_qk) swap_operands(m, &a->qk);
    if (f->swap_pv) swap_operands(m, &a->pv);
    a->rows = f->rows;
    a->keys = f->keys;
    a->s_axis = f->s_axis;
    a->p_axis = f->p_axis;
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

uint32_t kn_fuse_attention(ir_module *m, kn_program *p, bool bf16) {
    bool *in_kernel = sp_arena_array(&m->arena, p->nvalues ? p->nvalues : 1, sizeof *in_kernel);
    for (uint32_t a = 0; a < p->nk; a++)
        for (uint32_t j = 0; j < p->k[a].nops; j++)
            for (uint32_t r = 0; r < p->k[a].ops[j]->nres; r++)
                if (p->k[a].ops[j]->res[r].id < p->nvalues) in_kernel[p->k[a].ops[j]->res[r].id] = true;
    bool *gone = sp_arena_array(&m->arena, p->nk ? p->nk : 1, sizeof *gone);
    uint32_t merged = 0;
    for (uint32_t pv = 0; pv < p->nk; pv++) {
        found f;
        if (!match(p, pv, in_kernel, bf16, &f)) continue;
        bool fresh = true;
        for (uint32_t i = 0; i < 7; i++) fresh &= f.idx[i] == KN_NONE || (!gone[f.idx[i]] && f.idx[i] < pv);
        for (uint32_t i = 0; i < f.nscore; i++) fresh &= !gone[f.score[i]] && f.score[i] < pv;
        if (!fresh) continue;
        merge(m, p, pv, &f);
        for (uint32_t i = 0; i < 7; i++)
            if (f.idx[i] != KN_NONE) gone[f.idx[i]] = true;
        for (uint32_t i = 0; i < f.nscore; i++) gone[f.score[i]] = true;
        merged++;
    }
    if (!merged) return 0;
    kn_drop_kernels(m, p, gone);
    return merged;
}
