/* attn_emit.h - the fused attention's instruction emitters and step
 * arithmetic, written once for its two layouts (attn.c, attn_rows.c): each
 * defines its own `aem` (sink, buffers b, lanes L, its layout l with nkv,
 * nsb, st, st0, nst, the tile counts RT and KT, cand c, attention a) and
 * its ST_S before including this, as loop_exec.h is included per ISA. */
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
