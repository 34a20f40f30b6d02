/* attn_emit.h - the fused attention's instruction emitters and step
 * arithmetic, written once for its two layouts (attn.c, attn_rows.c): each
 * defines ATTN_T (1: S, P, O and the row state held transposed, query
 * rows across the lanes) before including this, as loop_exec.h is included per
 * ISA; and after it its own steps declared below (gemm_s, gemm_pv, l_view,
 * row_sum, store_o). */
/* The emitter's state: the kernel, its candidate and planned buffers, the
 * layout's buffer indices (alay, attn_util.h), the tile counts. */
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

static void put(aem *e, const np_insn *in) { e->sink.fn(e->sink.ud, in); }

static void marker(aem *e, np_opcode op, int32_t buf) { np_put_marker(e->sink, op, buf); }

static np_view view(const aem *e, int32_t buf, int64_t rows, int64_t cols) { return nl_buf_view(e->b, e->L, buf, 0, rows, cols); }

static void mvin(aem *e, uint8_t why, np_view v, const nl_aop *p, int64_t off, int64_t rs, int64_t cs) {
    nl_put_load(e->sink, &p->a, why, v, off, rs, cs);
}

static void fill(aem *e, np_view v, double x) { np_put_fill(e->sink, v, (np_scalar){.f = x}, -1); }

static void vec(aem *e, np_vmode mode, np_view dst, int64_t rows, int64_t cols, const np_view *src, uint32_t nsrc,
                const np_vprog *prog) {
    np_put_vec(e->sink, mode, dst, rows, cols, src, nsrc, prog);
}

static void gemm(aem *e, np_view dst, np_view x, np_view w, bool acc) {
    np_insn in;
    memset(&in, 0, sizeof in);
    in.op = NP_GEMM;
    in.flags = acc ? NP_ACC : 0;
    in.dst = dst;
    in.a = x;
    in.b = w;
    in.rows = x.rows;
    in.k = x.cols;
    in.cols = w.cols;
    put(e, &in);
}

typedef struct astep {
    int64_t o, ri, t, rt; /* head, row tile in the head, key tile, row tile overall */
    int64_t tr, tk;
    int32_t kv, sb, ss;   /* K/V buffer copy, row state set, S's copy (by step) */
} astep;

static astep step_of(const aem *e, int64_t s) {
    astep st;
    st.t = s % e->KT;
    st.rt = s / e->KT;
    st.ri = st.rt % e->RT;
    st.o = st.rt / e->RT;
    st.tr = min64(e->c->tm, e->a->rows - st.ri * e->c->tm);
    st.tk = min64(e->c->tn, e->a->keys - st.t * e->c->tn);
    st.kv = (int32_t)(s % e->l.nkv);
    st.sb = (int32_t)(st.rt % e->l.nsb);
    st.ss = (int32_t)(s % e->l.nsb);
    return st;
}

static int32_t stb(const aem *e, const astep *st, int s) {
    return e->l.st[s] < 0 ? -1 : e->l.st0 + (s == ST_S ? st->ss : st->sb) * e->l.nst + e->l.st[s];
}

/* Whether the next step's S (or S^T) is issued before this step's P V, so
 * that the arrays compute it while the vector unit runs this step's
 * softmax: needs a second S (row state x2) and K/V loads two steps ahead
 * (K/V x2). */
static bool lookahead(const aem *e) { return e->l.nkv > 1 && e->l.nsb > 1; }

/* ---- the layouts' shared steps, in logical shapes (query rows by keys or
 * by features): tview, tmvin and tvec transpose them for ATTN_T */

/* Whether V carries a column of ones, so that O's last column is l. */
static bool v_ones(const aem *e) { return e->l.ones; }

static np_view tview(const aem *e, int32_t buf, int64_t rows, int64_t cols) {
    return ATTN_T ? view(e, buf, cols, rows) : view(e, buf, rows, cols);
}

static void tmvin(aem *e, uint8_t why, np_view v, const nl_aop *p, int64_t off, int64_t rs, int64_t cs) {
    if (ATTN_T)
        mvin(e, why, v, p, off, cs, rs);
    else
        mvin(e, why, v, p, off, rs, cs);
}

static void tvec(aem *e, np_vmode mode, np_view dst, int64_t rows, int64_t cols, const np_view *src, uint32_t nsrc,
                 const np_vprog *prog) {
    if (ATTN_T)
        vec(e, mode, dst, cols, rows, src, nsrc, prog);
    else
        vec(e, mode, dst, rows, cols, src, nsrc, prog);
}

/* The reduction along the keys (a row's max and sum). */
#define ATTN_KEYS_REDUCE (ATTN_T ? NP_VREDUCE_ROWS : NP_VREDUCE_COLS)

/* Logical column c0 of view v (a row of it, transposed). */
static np_view lcol(const aem *e, np_view v, int64_t c0) {
    if (ATTN_T) {
        v.off += c0 * v.ld * np_view_elem(&v);
        v.rows = 1;
        return v;
    }
    int64_t c = v.c0 + c0;
    v.off += (c / e->L) * np_view_elem(&v);
    v.c0 = c % e->L;
    v.cols = 1;
    return v;
}

static int32_t q_buf(const aem *e, const astep *st) { return e->l.q + (int32_t)(st->rt % e->l.nq); }

static np_view sop_view(const aem *e, uint32_t i, const astep *st) {
    const nl_aop *p = &e->a->sop[i];
    return tview(e, e->l.sop0 + (int32_t)i * e->l.nkv + st->kv, p->uses_r ? st->tr : 1, p->uses_c ? st->tk : 1);
}

static np_view pop_view(const aem *e, uint32_t i, const astep *st) {
    const nl_aop *p = &e->a->pop[i];
    return tview(e, e->l.pop0 + (int32_t)i * e->l.nsb + st->sb, p->uses_r ? st->tr : 1, p->uses_c ? e->a->dv : 1);
}

/* Each layout's own (after this is included): S = Q K^T of step s; O += P V;
 * l's view; l's running sum where the arrays do not make it; O's store. */
static void gemm_s(aem *e, int64_t s);
static void gemm_pv(aem *e, np_view ovw, np_view sv, int32_t vb, int64_t ocols, int64_t tk, bool first);
static np_view l_view(const aem *e, const astep *st);
static void row_sum(aem *e, const astep *st, np_view sv, np_view av, bool first);
static void store_o(aem *e, np_view v, int64_t off);

/* The DMA of step s: Q at a row tile's first key tile, K^T, V and the
 * score operands of its key tile. */
static void loads(aem *e, int64_t s) {
    const nl_attn *a = e->a;
    astep st = step_of(e, s);
    int64_t R0 = st.ri * e->c->tm, K0 = st.t * e->c->tn;
    if (st.t == 0) {
        int32_t qb = q_buf(e, &st);
        marker(e, NP_BIRTH, qb);
        tmvin(e, aop_why(&a->q, st.o, false, false), tview(e, qb, st.tr, a->d), &a->q, aop_outer(&a->q, st.o) + R0 * a->q.rs, a->q.rs, a->q.cs);
    }
    int32_t kb = e->l.k0 + st.kv, vb = e->l.v0 + st.kv;
    marker(e, NP_BIRTH, kb);
    tmvin(e, aop_why(&a->k, st.o, st.ri > 0, false), tview(e, kb, a->d, st.tk), &a->k, aop_outer(&a->k, st.o) + K0 * a->k.cs, a->k.rs, a->k.cs);
    if (!v_ones(e) || s < e->l.nkv) marker(e, NP_BIRTH, vb);
    if (v_ones(e) && s < e->l.nkv) /* V's column of ones, once: the copies live through the kernel */
        fill(e, lcol(e, tview(e, vb, e->c->tn, a->dv + 1), a->dv), 1.0);
    tmvin(e, aop_why(&a->v, st.o, st.ri > 0, false), tview(e, vb, st.tk, a->dv), &a->v, aop_outer(&a->v, st.o) + K0 * a->v.rs, a->v.rs, a->v.cs);
    for (uint32_t i = 0; i < a->nsop; i++) {
        const nl_aop *p = &a->sop[i];
        np_view v = sop_view(e, i, &st);
        marker(e, NP_BIRTH, v.buf);
        tmvin(e, aop_why(p, st.o, (!p->uses_r && st.ri > 0) || (!p->uses_c && st.t > 0), true), v, p, aop_outer(p, st.o) + (p->uses_r ? R0 * p->rs : 0) + (p->uses_c ? K0 * p->cs : 0), p->uses_r ? p->rs : 0,
              p->uses_c ? p->cs : 0);
    }
}

static void tail(aem *e, int64_t s);

/* Step s (a key tile of a row tile): S, the score kernels, the online
 * softmax's running max, P, and O = O a + P V. */
static void step(aem *e, int64_t s) {
    const nl_attn *a = e->a;
    astep st = step_of(e, s);
    bool first = st.t == 0, last = st.t == e->KT - 1, more = s + 1 < e->nsteps;
    int32_t S = stb(e, &st, ST_S), A = stb(e, &st, ST_A), O = stb(e, &st, ST_O);
    int32_t Mc = stb(e, &st, (st.t & 1) ? ST_M1 : ST_M0), Mo = stb(e, &st, (st.t & 1) ? ST_M0 : ST_M1);
    int32_t vb = e->l.v0 + st.kv;
    const int64_t ocols = a->dv + (v_ones(e) ? 1 : 0);
    np_view sv = tview(e, S, st.tr, st.tk), ovw = tview(e, O, st.tr, ocols);
    const bool la = lookahead(e);
    if (s == 0) {
        loads(e, 0);
        if (la && more) loads(e, 1);
    }
    if (!la || s == 0) {
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
            tmvin(e, aop_why(p, st.o, !p->uses_r && st.ri > 0, true), v, p, aop_outer(p, st.o) + (p->uses_r ? st.ri * e->c->tm * p->rs : 0), p->uses_r ? p->rs : 0,
                  p->uses_c ? p->cs : 0);
        }
    }
    /* the qk epilogue and the score kernels, in place on S */
    if (a->has_sprog) {
        np_view src[NP_VMAX_SRCS];
        for (uint32_t i = 0; i < a->nsop; i++) src[i] = sop_view(e, i, &st);
        tvec(e, NP_VMAP, sv, st.tr, st.tk, src, a->nsop, &a->sprog);
    }
    for (uint32_t i = 0; i < a->nsop; i++) marker(e, NP_DEATH, sop_view(e, i, &st).buf);
    /* m' = max(m, max_j S) (transposed: within each lane) */
    np_view mc = tview(e, Mc, st.tr, 1), mo = Mo >= 0 ? tview(e, Mo, st.tr, 1) : mc, av = A >= 0 ? tview(e, A, st.tr, 1) : mc;
    if (first)
        fill(e, mc, -FLT_MAX);
    else
        tvec(e, NP_VMAP, mc, st.tr, 1, &mo, 1, &a->copy);
    tvec(e, ATTN_KEYS_REDUCE, mc, st.tr, st.tk, &sv, 1, &a->rmax);
    if (!first) {
        np_view src2[2] = {mo, mc};
        tvec(e, NP_VMAP, av, st.tr, 1, src2, 2, &a->alpha);
    }
    /* P = exp(S - m'), in place */
    tvec(e, NP_VMAP, sv, st.tr, st.tk, &mc, 1, &a->pexp);
    row_sum(e, &st, sv, av, first);
    /* the previous row tile's end, now that its P V had this softmax's
     * time to finish */
    if (e->pend >= 0) {
        tail(e, e->pend);
        e->pend = -1;
    }
    /* the next S while this softmax finishes */
    if (la && more) gemm_s(e, s + 1);
    /* [O | l] = [O | l] a + P [V | 1] */
    if (!first) tvec(e, NP_VMAP, ovw, st.tr, ocols, &av, 1, &a->oscale);
    gemm_pv(e, ovw, sv, vb, ocols, st.tk, first);
    marker(e, NP_DEATH, S);
    if (!v_ones(e) || s + e->l.nkv >= e->nsteps) marker(e, NP_DEATH, vb);
    if (e->l.nkv == 1 && more) loads(e, s + 1);
    if (la && s + 2 < e->nsteps) loads(e, s + 2);
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
    int32_t O = stb(e, &st, ST_O);
    np_view ov = tview(e, O, st.tr, a->dv), lv = l_view(e, &st);
    tvec(e, NP_VMAP, ov, st.tr, a->dv, &lv, 1, &a->odiv);
    if (a->has_pprog) {
        np_view src[NP_VMAX_SRCS];
        for (uint32_t i = 0; i < a->npop; i++) src[i] = pop_view(e, i, &st);
        tvec(e, NP_VMAP, ov, st.tr, a->dv, src, a->npop, &a->pprog);
    }
    for (uint32_t i = 0; i < a->npop; i++) marker(e, NP_DEATH, pop_view(e, i, &st).buf);
    for (int j = 0; j < ST_N; j++)
        if (j != ST_O && j != ST_S && stb(e, &st, j) >= 0) marker(e, NP_DEATH, stb(e, &st, j));
    store_o(e, ov, aop_outer(&a->o, st.o) + st.ri * e->c->tm * a->o.rs);
    marker(e, NP_DEATH, O);
}

/* The whole program of candidate c over bufs, V with its column of ones
 * where ones (the transposed layout: always). */
static void attn_emit_all(const nl_kernel *kp, const nl_cand *c, const nl_buf *bufs, np_sink sink, bool ones) {
    aem e;
    memset(&e, 0, sizeof e);
    e.kp = kp;
    e.a = kp->att;
    e.c = c;
    e.b = bufs;
    e.sink = sink;
    e.l = alay_of(kp, c, ones);
    e.L = kp->t->lanes;
    e.RT = ceil_div(e.a->rows, c->tm);
    e.KT = ceil_div(e.a->keys, c->tn);
    e.nsteps = e.a->heads * e.RT * e.KT;
    e.pend = -1;
    for (int64_t s = 0; s < e.nsteps; s++) step(&e, s);
    if (e.pend >= 0) tail(&e, e.pend);
    marker(&e, NP_BARRIER, -1);
}
