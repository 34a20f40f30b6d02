/* attn_rows.c - the npu lowering of a fused attention (attn.c) in its
 * other layout: the tile as the scores are, S [TR x TK] with the keys
 * across the lanes (attn.c holds it transposed, the query rows across the
 * lanes). Few query rows (a decoder's step, @attn_long's 6) leave most
 * lanes idle transposed; here the keys fill them, at the price of row
 * reductions across the lanes (log2(lanes) steps per row for the max, and
 * for l unless V's column of ones fits its last array block):
 *   S = Q K^T (Q [TR x D] streams, K^T [D x TK] the weights),
 *   m' = max(m, max_j S) (NP_VREDUCE_COLS), P = exp(S - m') in place,
 *   l = l a + sum_j P, O = O a + P V (V [TK x DV] the weights).
 * The candidate's order field picks it (NL_ORDER_NMK); its buffers and
 * steps otherwise follow attn.c's (lookahead, the row tile's end deferred
 * with row state x2). */
#include "attn_util.h"
#include "lower_int.h"

#include <float.h>
#include <stdio.h>
#include <string.h>


/* V's column of ones (l from the arrays) when it needs no more weight blocks. */
bool nl_attn_rows_ones(const nl_kernel *kp) {
    return ceil_div(kp->att->dv + 1, kp->t->lanes) == ceil_div(kp->att->dv, kp->t->lanes);
}

/* ------------------------------------------------------------- layout */

/* Buffer indices of a candidate: nkv = c->xbuf (K, V and the score
 * operands), nsb = c->wbuf (the row state: S, m, l, a, O). */
typedef struct alay {
    int32_t q, k0, v0, st0, sop0, pop0, n;
    int nkv, nsb, nq;
    int32_t st[6], nst; /* a state buffer's place in its set, -1: none */
    bool ones;          /* V and O carry a column of ones / of l (nl_attn.ones) */
} alay;
enum { ST_S, ST_M0, ST_M1, ST_L, ST_A, ST_O, ST_N };

static alay alay_of(const nl_kernel *kp, const nl_cand *c) {
    alay l;
    const nl_attn *a = kp->att;
    bool multi = ceil_div(a->keys, c->tn) > 1; /* several key tiles: m', alpha */
    l.ones = nl_attn_rows_ones(kp);
    l.nkv = c->xbuf > 1 ? 2 : 1;
    l.nsb = c->wbuf > 1 ? 2 : 1;
    l.nst = 0;
    for (int s = 0; s < ST_N; s++) {
        bool have = s == ST_S || s == ST_M0 || s == ST_O || (s == ST_L && !l.ones) || ((s == ST_M1 || s == ST_A) && multi);
        l.st[s] = have ? l.nst++ : -1;
    }
    /* loads run two steps ahead when the next S is issued early
     * (lookahead): Q then needs two copies too */
    l.nq = l.nkv > 1 && l.nsb > 1 ? 2 : 1;
    l.q = 0;
    l.k0 = l.nq;
    l.v0 = l.k0 + l.nkv;
    l.st0 = l.v0 + l.nkv;
    l.sop0 = l.st0 + l.nst * l.nsb;
    l.pop0 = l.sop0 + (int32_t)kp->att->nsop * l.nkv;
    l.n = l.pop0 + (int32_t)kp->att->npop * l.nsb;
    return l;
}



uint32_t nl_attn_layout_rows(const nl_kernel *kp, const nl_cand *c, nl_buf *bufs) {
    const nl_attn *a = kp->att;
    const nt_target *t = kp->t;
    alay l = alay_of(kp, c);
    int64_t TR = c->tm, TK = c->tn;
    char name[40];
    for (int i = 0; i < l.nq; i++) {
        snprintf(name, sizeof name, l.nq > 1 ? "Q%d" : "Q", i);
        abuf(&bufs[l.q + i], t, name, NL_LHS, NP_F32, TR, a->d);
    }
    for (int i = 0; i < l.nkv; i++) {
        snprintf(name, sizeof name, l.nkv > 1 ? "Kt%d" : "Kt", i);
        abuf(&bufs[l.k0 + i], t, name, NL_RHS, NP_F32, a->d, TK);
        snprintf(name, sizeof name, l.nkv > 1 ? "V%d" : "V", i);
        abuf(&bufs[l.v0 + i], t, name, NL_RHS, NP_F32, TK, a->dv + (l.ones ? 1 : 0));
    }
    static const char *const stn[ST_N] = {"S", "m0", "m1", "l", "alpha", "O"};
    for (int j = 0; j < l.nsb; j++)
        for (int s = 0; s < ST_N; s++) {
            if (l.st[s] < 0) continue;
            snprintf(name, sizeof name, l.nsb > 1 ? "%s.%d" : "%s", s == ST_O && l.ones ? "O|l" : s == ST_M0 && l.st[ST_M1] < 0 ? "m" : stn[s], j);
            nl_buf *b = &bufs[l.st0 + j * l.nst + l.st[s]];
            if (s == ST_S)
                abuf(b, t, name, NL_SCRATCH, NP_F32, TR, TK);
            else if (s == ST_O)
                abuf(b, t, name, NL_ACC, NP_F32, TR, a->dv + (l.ones ? 1 : 0));
            else
                abuf(b, t, name, NL_SCRATCH, NP_F32, TR, 1);
        }
    for (uint32_t i = 0; i < a->nsop; i++)
        for (int j = 0; j < l.nkv; j++) {
            const nl_aop *p = &a->sop[i];
            opname(p, "operand", i, j, l.nkv, name, sizeof name);
            nl_buf *b = &bufs[l.sop0 + (int32_t)i * l.nkv + j];
            abuf(b, t, name, NL_OPERAND, (np_dtype)p->a.dt, p->uses_r ? TR : 1, p->uses_c ? TK : 1);
            b->broadcast = p->broadcast;
        }
    for (uint32_t i = 0; i < a->npop; i++) {
        const nl_aop *p = &a->pop[i];
        for (int j = 0; j < l.nsb; j++) {
            opname(p, "operand", a->nsop + i, j, l.nsb, name, sizeof name);
            nl_buf *b = &bufs[l.pop0 + (int32_t)i * l.nsb + j];
            abuf(b, t, name, NL_OPERAND, (np_dtype)p->a.dt, p->uses_r ? TR : 1, p->uses_c ? a->dv : 1);
            b->broadcast = p->broadcast;
        }
    }
    return (uint32_t)l.n;
}

/* ---------------------------------------------------------------- emit */

typedef struct aem {
    const nl_kernel *kp;
    const nl_attn *a;
    const nl_cand *c;
    const nl_buf *b;
    np_sink sink;
    alay l;
    int64_t L, RT, KT, nsteps;
    int64_t pend; /* the step whose row tile's end waits (row state x2), or -1 */
} aem;

#include "attn_emit.h"

/* S = Q K^T of step s. */
static void gemm_s(aem *e, int64_t s) {
    const nl_attn *a = e->a;
    astep st = step_of(e, s);
    int32_t S = stb(e, &st, ST_S), kb = e->l.k0 + st.kv;
    marker(e, NP_BIRTH, S);
    int32_t qb = e->l.q + (int32_t)(st.rt % e->l.nq);
    gemm(e, view(e, S, st.tr, st.tk), view(e, qb, st.tr, a->d), view(e, kb, a->d, st.tk), false);
    if (st.t == e->KT - 1) marker(e, NP_DEATH, qb);
    marker(e, NP_DEATH, kb);
}

/* Column c0.. of a view (c0 < the view's columns). */
static np_view col_view(const aem *e, np_view v, int64_t c0, int64_t cols) {
    int64_t c = v.c0 + c0;
    v.off += (c / e->L) * np_view_elem(&v);
    v.c0 = c % e->L;
    v.cols = cols;
    return v;
}

static np_view sop_view(const aem *e, uint32_t i, const astep *st) {
    const nl_aop *p = &e->a->sop[i];
    return view(e, e->l.sop0 + (int32_t)i * e->l.nkv + st->kv, p->uses_r ? st->tr : 1, p->uses_c ? st->tk : 1);
}

static np_view pop_view(const aem *e, uint32_t i, const astep *st) {
    const nl_aop *p = &e->a->pop[i];
    return view(e, e->l.pop0 + (int32_t)i * e->l.nsb + st->sb, p->uses_r ? st->tr : 1, p->uses_c ? e->a->dv : 1);
}

/* The DMA of step s: Q at a row tile's first key tile, K^T, V and the
 * score operands of its key tile. */
static void loads(aem *e, int64_t s) {
    const nl_attn *a = e->a;
    astep st = step_of(e, s);
    int64_t R0 = st.ri * e->c->tm, K0 = st.t * e->c->tn;
    if (st.t == 0) {
        int32_t qb = e->l.q + (int32_t)(st.rt % e->l.nq);
        marker(e, NP_BIRTH, qb);
        mvin(e, aop_why(&a->q, st.o, false, false), view(e, qb, st.tr, a->d), &a->q, aop_outer(&a->q, st.o) + R0 * a->q.rs, a->q.rs, a->q.cs);
    }
    int32_t kb = e->l.k0 + st.kv, vb = e->l.v0 + st.kv;
    marker(e, NP_BIRTH, kb);
    mvin(e, aop_why(&a->k, st.o, st.ri > 0, false), view(e, kb, a->d, st.tk), &a->k, aop_outer(&a->k, st.o) + K0 * a->k.cs, a->k.rs, a->k.cs);
    if (!e->l.ones || s < e->l.nkv) marker(e, NP_BIRTH, vb);
    if (e->l.ones && s < e->l.nkv) /* V's column of ones, once: the copies live through the kernel */
        fill(e, col_view(e, view(e, vb, e->c->tn, a->dv + 1), a->dv, 1), 1.0);
    mvin(e, aop_why(&a->v, st.o, st.ri > 0, false), view(e, vb, st.tk, a->dv), &a->v, aop_outer(&a->v, st.o) + K0 * a->v.rs, a->v.rs, a->v.cs);
    for (uint32_t i = 0; i < a->nsop; i++) {
        const nl_aop *p = &a->sop[i];
        np_view v = sop_view(e, i, &st);
        marker(e, NP_BIRTH, v.buf);
        mvin(e, aop_why(p, st.o, (!p->uses_r && st.ri > 0) || (!p->uses_c && st.t > 0), true), v, p, aop_outer(p, st.o) + (p->uses_r ? R0 * p->rs : 0) + (p->uses_c ? K0 * p->cs : 0), p->uses_r ? p->rs : 0,
             p->uses_c ? p->cs : 0);
    }
}

/* O's rows go out in blocks of about 256 DMA cycles. */
static void store_o(aem *e, np_view v, int64_t off) {
    const nl_aop *p = &e->a->o;
    nl_store_blocks(e->sink, e->kp->t, v, p->a.value, off, p->rs, p->cs);
}

static void tail(aem *e, int64_t s);

static void step(aem *e, int64_t s) {
    const nl_attn *a = e->a;
    astep st = step_of(e, s);
    bool first = st.t == 0, last = st.t == e->KT - 1, more = s + 1 < e->nsteps;
    int32_t S = stb(e, &st, ST_S), L = stb(e, &st, ST_L), A = stb(e, &st, ST_A), O = stb(e, &st, ST_O);
    int32_t Mc = stb(e, &st, (st.t & 1) ? ST_M1 : ST_M0), Mo = stb(e, &st, (st.t & 1) ? ST_M0 : ST_M1);
    int32_t vb = e->l.v0 + st.kv;
    const int64_t ocols = a->dv + (e->l.ones ? 1 : 0);
    np_view sv = view(e, S, st.tr, st.tk), ovw = view(e, O, st.tr, ocols);
    /* l: its own column, or O's last (the product with V's ones) */
    np_view col = e->l.ones ? col_view(e, ovw, a->dv, 1) : view(e, L, st.tr, 1);
    const bool la = lookahead(e);
    if (s == 0) {
        loads(e, 0);
        if (la && more) loads(e, 1);
    }
    if (!la || s == 0) {
        /* S = Q K^T */
        gemm_s(e, s);
        if (!la && e->l.nkv > 1 && more) loads(e, s + 1);
    }
    if (first) {
        for (int j = 0; j < ST_N; j++)
            if (j != ST_S && stb(e, &st, j) >= 0) marker(e, NP_BIRTH, stb(e, &st, j));
        for (uint32_t i = 0; i < a->npop; i++) {
            const nl_aop *p = &a->pop[i];
            np_view v = pop_view(e, i, &st);
            marker(e, NP_BIRTH, v.buf);
            mvin(e, aop_why(p, st.o, !p->uses_r && st.ri > 0, true), v, p, aop_outer(p, st.o) + (p->uses_r ? st.ri * e->c->tm * p->rs : 0), p->uses_r ? p->rs : 0,
                 p->uses_c ? p->cs : 0);
        }
    }
    /* the qk epilogue and the score kernels, in place on S */
    if (a->has_sprog) {
        np_view src[NP_VMAX_SRCS];
        for (uint32_t i = 0; i < a->nsop; i++) src[i] = sop_view(e, i, &st);
        vec(e, NP_VMAP, sv, st.tr, st.tk, src, a->nsop, &a->sprog);
    }
    for (uint32_t i = 0; i < a->nsop; i++) marker(e, NP_DEATH, sop_view(e, i, &st).buf);
    /* m' = max(m, max_j S) */
    np_view mc = view(e, Mc, st.tr, 1), mo = Mo >= 0 ? view(e, Mo, st.tr, 1) : mc, av = A >= 0 ? view(e, A, st.tr, 1) : mc;
    if (first)
        fill(e, mc, -FLT_MAX);
    else
        vec(e, NP_VMAP, mc, st.tr, 1, &mo, 1, &a->copy);
    vec(e, NP_VREDUCE_COLS, mc, st.tr, st.tk, &sv, 1, &a->rmax);
    if (!first) {
        np_view src2[2] = {mo, mc};
        vec(e, NP_VMAP, av, st.tr, 1, src2, 2, &a->alpha);
    }
    /* P = exp(S - m'), in place */
    vec(e, NP_VMAP, sv, st.tr, st.tk, &mc, 1, &a->pexp);
    /* l = l a + sum_j P (or by the arrays, with O) */
    if (!e->l.ones) {
        if (first)
            fill(e, col, 0.0);
        else
            vec(e, NP_VMAP, col, st.tr, 1, &av, 1, &a->lscale);
        vec(e, NP_VREDUCE_COLS, col, st.tr, st.tk, &sv, 1, &a->rsum);
    }
    /* the previous row tile's end, now that its P V had this softmax's
     * time to finish */
    if (e->pend >= 0) {
        tail(e, e->pend);
        e->pend = -1;
    }
    /* the next S while this softmax finishes */
    if (la && more) gemm_s(e, s + 1);
    /* O = O a + P V */
    np_view ov = view(e, O, st.tr, a->dv);
    if (!first) vec(e, NP_VMAP, ovw, st.tr, ocols, &av, 1, &a->oscale);
    gemm(e, ovw, sv, view(e, vb, st.tk, ocols), !first);
    marker(e, NP_DEATH, S);
    if (!e->l.ones || s + e->l.nkv >= e->nsteps) marker(e, NP_DEATH, vb);
    if (e->l.nkv == 1 && more) loads(e, s + 1);
    if (la && s + 2 < e->nsteps) loads(e, s + 2);
    (void)ov;
    if (!last) return;
    if (e->l.nsb > 1)
        e->pend = s;
    else
        tail(e, s);
}

/* A row tile's end (its last step s): O / l, the pv epilogue, the store. */
static void tail(aem *e, int64_t s) {
    const nl_attn *a = e->a;
    astep st = step_of(e, s);
    int32_t L = stb(e, &st, ST_L), O = stb(e, &st, ST_O);
    np_view ov = view(e, O, st.tr, a->dv);
    np_view col = e->l.ones ? col_view(e, view(e, O, st.tr, a->dv + 1), a->dv, 1) : view(e, L, st.tr, 1);
    vec(e, NP_VMAP, ov, st.tr, a->dv, &col, 1, &a->odiv);
    if (a->has_pprog) {
        np_view src[NP_VMAX_SRCS];
        for (uint32_t i = 0; i < a->npop; i++) src[i] = pop_view(e, i, &st);
        vec(e, NP_VMAP, ov, st.tr, a->dv, src, a->npop, &a->pprog);
    }
    for (uint32_t i = 0; i < a->npop; i++) marker(e, NP_DEATH, pop_view(e, i, &st).buf);
    for (int j = 0; j < ST_N; j++)
        if (j != ST_O && j != ST_S && stb(e, &st, j) >= 0) marker(e, NP_DEATH, stb(e, &st, j));
    store_o(e, ov, aop_outer(&a->o, st.o) + st.ri * e->c->tm * a->o.rs);
    marker(e, NP_DEATH, O);
}

void nl_attn_emit_rows(const nl_kernel *kp, const nl_cand *c, const nl_buf *bufs, np_sink sink) {
    aem e;
    memset(&e, 0, sizeof e);
    e.kp = kp;
    e.a = kp->att;
    e.c = c;
    e.b = bufs;
    e.sink = sink;
    e.l = alay_of(kp, c);
    e.L = kp->t->lanes;
    e.RT = ceil_div(e.a->rows, c->tm);
    e.KT = ceil_div(e.a->keys, c->tn);
    e.nsteps = e.a->heads * e.RT * e.KT;
    e.pend = -1;
    for (int64_t s = 0; s < e.nsteps; s++) step(&e, s);
    if (e.pend >= 0) tail(&e, e.pend);
    marker(&e, NP_BARRIER, -1);
}

