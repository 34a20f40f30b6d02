/* attn_util.h - what the fused attention's two layouts (attn.c: S held
 * transposed; attn_rows.c: S as it is) share before they emit: an
 * operand's outer offset, a buffer's description, an operand buffer's name,
 * the buffer indices of a candidate and the operands' buffers. Private to
 * those two files. */
#ifndef SPADC_NPU_ATTN_UTIL_H
#define SPADC_NPU_ATTN_UTIL_H

#include <stdio.h>
#include <string.h>

#include "lower_int.h"

/* The element offset of operand p for outer iteration (head) o. */
static int64_t aop_outer(const nl_aop *p, int64_t o) {
    int64_t off = p->a.off;
    for (uint32_t i = p->nouter; i-- > 0;) {
        off += (o % p->obound[i]) * p->ostride[i];
        o /= p->obound[i];
    }
    return off;
}

/* np_why (prog.h) of a load of operand p at outer iteration o: an earlier
 * load moved its elements when o is past 0 in a loop p does not depend on
 * (OUTER, or EPI for a score or output operand: epi), or when `again` (a
 * row or key tile it does not depend on is past its first: TILE, or
 * EPI). */
static uint8_t aop_why(const nl_aop *p, int64_t o, bool again, bool epi) {
    if (p->a.kind != NL_A_TENSOR) return NP_WHY_FIRST;
    for (uint32_t i = p->nouter; i-- > 0;) {
        if (o % p->obound[i] && !p->ostride[i]) return epi ? NP_WHY_EPI : NP_WHY_OUTER;
        o /= p->obound[i];
    }
    return again ? (epi ? NP_WHY_EPI : NP_WHY_TILE) : NP_WHY_FIRST;
}

/* A buffer of one chunk, live for the whole kernel. */
static void abuf(nl_buf *b, const nt_target *t, const char *name, nl_role role, np_dtype dt, int64_t rows, int64_t cols) {
    nl_set_buf(b, t, name, role, dt, rows, cols, 1, 0, 1);
}

static void opname(const nl_aop *p, const char *dflt, uint32_t i, int copy, int ncopies, char *buf, size_t n) {
    char base[32];
    if (p->name)
        snprintf(base, sizeof base, "%%%.28s", p->name);
    else
        snprintf(base, sizeof base, "%s%u", dflt, i);
    if (ncopies > 1)
        snprintf(buf, n, "%.30s.%d", base, copy & 7);
    else
        snprintf(buf, n, "%s", base);
}

/* Buffer indices of a candidate: nkv = c->xbuf (K, V and the score
 * operands), nsb = c->wbuf (the row state: S, m, l, alpha, O, and the pv
 * operands); Q x2 with lookahead. */
typedef struct alay {
    int32_t q, k0, v0, st0, sop0, pop0, n;
    int nkv, nsb, nq;
    int32_t st[6], nst; /* a state buffer's place in its set, -1: none */
    bool ones;          /* V and O carry a column of ones / of l (l then has no buffer of its own) */
} alay;
enum { ST_S, ST_M0, ST_M1, ST_L, ST_A, ST_O, ST_N };

static alay alay_of(const nl_kernel *kp, const nl_cand *c, bool ones) {
    alay l;
    const nl_attn *a = kp->att;
    bool multi = ceil_div(a->keys, c->tn) > 1; /* several key tiles: m', alpha */
    l.ones = ones;
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

/* The score operands' buffers (TR query rows x TK keys) and the pv
 * operands' (TR x dv), transposed (columns x rows) where tr. */
static void operand_bufs(const nl_kernel *kp, const alay *l, nl_buf *bufs, int64_t TR, int64_t TK, bool tr) {
    const nl_attn *a = kp->att;
    char name[40];
    for (uint32_t i = 0; i < a->nsop; i++)
        for (int j = 0; j < l->nkv; j++) {
            const nl_aop *p = &a->sop[i];
            opname(p, "operand", i, j, l->nkv, name, sizeof name);
            nl_buf *b = &bufs[l->sop0 + (int32_t)i * l->nkv + j];
            int64_t r = p->uses_r ? TR : 1, c = p->uses_c ? TK : 1;
            abuf(b, kp->t, name, NL_OPERAND, (np_dtype)p->a.dt, tr ? c : r, tr ? r : c);
            b->broadcast = p->broadcast;
        }
    for (uint32_t i = 0; i < a->npop; i++) {
        const nl_aop *p = &a->pop[i];
        for (int j = 0; j < l->nsb; j++) {
            opname(p, "operand", a->nsop + i, j, l->nsb, name, sizeof name);
            nl_buf *b = &bufs[l->pop0 + (int32_t)i * l->nsb + j];
            int64_t r = p->uses_r ? TR : 1, c = p->uses_c ? a->dv : 1;
            abuf(b, kp->t, name, NL_OPERAND, (np_dtype)p->a.dt, tr ? c : r, tr ? r : c);
            b->broadcast = p->broadcast;
        }
    }
}

/* Names of a layout's buffers: Q, K, V, and the row state by ST_* (O's
 * with l where it carries it). */
typedef struct anames {
    const char *q, *k, *v, *st[ST_N];
} anames;

/* A layout's buffers (alay l's indices): Q, K and V, the row state, the
 * operands, in logical shapes (query rows by features or keys),
 * transposed (columns x rows) where tr; Q is the arrays' streamed operand
 * (LHS) as it is, their weights (RHS) transposed, K and V the other. */
static uint32_t attn_bufs(const nl_kernel *kp, const nl_cand *c, const alay *l, nl_buf *bufs, bool tr, const anames *nm) {
    const nl_attn *a = kp->att;
    const nt_target *t = kp->t;
    const int64_t TR = c->tm, TK = c->tn, DV = a->dv + (l->ones ? 1 : 0);
    const nl_role rq = tr ? NL_RHS : NL_LHS, rkv = tr ? NL_LHS : NL_RHS;
    char name[40];
#define ABUF(B, N, R, DT, ROWS, COLS) abuf(B, t, N, R, DT, tr ? (COLS) : (ROWS), tr ? (ROWS) : (COLS))
    for (int i = 0; i < l->nq; i++) {
        snprintf(name, sizeof name, l->nq > 1 ? "%s%d" : "%s", nm->q, i);
        ABUF(&bufs[l->q + i], name, rq, NP_F32, TR, a->d);
    }
    for (int i = 0; i < l->nkv; i++) {
        snprintf(name, sizeof name, l->nkv > 1 ? "%s%d" : "%s", nm->k, i);
        ABUF(&bufs[l->k0 + i], name, rkv, NP_F32, a->d, TK);
        snprintf(name, sizeof name, l->nkv > 1 ? "%s%d" : "%s", nm->v, i);
        ABUF(&bufs[l->v0 + i], name, rkv, NP_F32, TK, DV);
    }
    for (int j = 0; j < l->nsb; j++)
        for (int s = 0; s < ST_N; s++) {
            if (l->st[s] < 0) continue;
            snprintf(name, sizeof name, l->nsb > 1 ? "%s.%d" : "%s", s == ST_M0 && l->st[ST_M1] < 0 ? "m" : nm->st[s], j);
            nl_buf *b = &bufs[l->st0 + j * l->nst + l->st[s]];
            if (s == ST_S)
                ABUF(b, name, NL_SCRATCH, NP_F32, TR, TK);
            else if (s == ST_O)
                ABUF(b, name, NL_ACC, NP_F32, TR, DV);
            else
                ABUF(b, name, NL_SCRATCH, NP_F32, TR, 1);
        }
#undef ABUF
    operand_bufs(kp, l, bufs, TR, TK, tr);
    return (uint32_t)l->n;
}

#endif
