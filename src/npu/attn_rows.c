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
 * The candidate's order field picks it (NL_ORDER_NMK). Its buffer indices
 * (attn_util.h) and steps (attn_emit.h: lookahead, the row tile's end
 * deferred with row state x2) are attn.c's, in untransposed shapes; here
 * only what differs: the buffers' shapes, S = Q K^T, O += P V, l. */
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

/* (Buffer indices: alay_of, attn_util.h.) */

uint32_t nl_attn_layout_rows(const nl_kernel *kp, const nl_cand *c, nl_buf *bufs) {
    alay l = alay_of(kp, c, nl_attn_rows_ones(kp));
    const anames nm = {"Q", "Kt", "V", {"S", "m0", "m1", "l", "alpha", l.ones ? "O|l" : "O"}};
    return attn_bufs(kp, c, &l, bufs, false, &nm);
}

/* ---------------------------------------------------------------- emit */

/* S, P, O and the row state as they are, query rows down the lanes; V
 * carries a column of ones when l.ones. */
#define ATTN_T 0

#include "attn_emit.h"

/* S = Q K^T of step s. */
static void gemm_s(aem *e, int64_t s) {
    const nl_attn *a = e->a;
    astep st = step_of(e, s);
    int32_t S = stb(e, &st, ST_S), kb = e->l.k0 + st.kv;
    marker(e, NP_BIRTH, S);
    int32_t qb = q_buf(e, &st);
    gemm(e, view(e, S, st.tr, st.tk), view(e, qb, st.tr, a->d), view(e, kb, a->d, st.tk), false);
    if (st.t == e->KT - 1) marker(e, NP_DEATH, qb);
    marker(e, NP_DEATH, kb);
}

/* [O | l] += P [V | 1] (or O += P V). */
static void gemm_pv(aem *e, np_view ovw, np_view sv, int32_t vb, int64_t ocols, int64_t tk, bool first) {
    gemm(e, ovw, sv, view(e, vb, tk, ocols), !first);
}

/* l: its own column, or O's last (the product with V's ones). */
static np_view l_view(const aem *e, const astep *st) {
    return e->l.ones ? lcol(e, view(e, stb(e, st, ST_O), st->tr, e->a->dv + 1), e->a->dv) : view(e, stb(e, st, ST_L), st->tr, 1);
}

/* l = l a + sum_j P, where the arrays do not make it with O. */
static void row_sum(aem *e, const astep *st, np_view sv, np_view av, bool first) {
    if (e->l.ones) return;
    np_view col = l_view(e, st);
    if (first)
        fill(e, col, 0.0);
    else
        vec(e, NP_VMAP, col, st->tr, 1, &av, 1, &e->a->lscale);
    vec(e, NP_VREDUCE_COLS, col, st->tr, st->tk, &sv, 1, &e->a->rsum);
}

/* O's rows go out in blocks of about 256 DMA cycles. */
static void store_o(aem *e, np_view v, int64_t off) {
    const nl_aop *p = &e->a->o;
    nl_store_blocks(e->sink, e->kp->t, v, p->a.value, off, p->rs, p->cs);
}

void nl_attn_emit_rows(const nl_kernel *kp, const nl_cand *c, const nl_buf *bufs, np_sink sink) {
    attn_emit_all(kp, c, bufs, sink, nl_attn_rows_ones(kp));
}

