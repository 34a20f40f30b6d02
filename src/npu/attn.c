/* attn.c - the npu lowering of a fused attention (KN_ATTENTION,
 * passes/kernel.h kn_attention): one kernel that walks, per head, tiles of
 * TR query rows, and for each the keys in tiles of TK, with an online
 * softmax (FlashAttention's running max m and sum l), so that the scores S
 * and the probabilities P exist only as the tile on chip, never in DRAM.
 *
 * The parts are analysed by nl_analyze as the kernels they were (qk and pv
 * contractions, the score kernels as loop kernels), and their accesses and
 * vector programs recombined here. The tile is held transposed (keys down
 * the lanes, query rows across them: "layout" below says why; attn_rows.c
 * holds it as S is, for few query rows, chosen by the candidate's order):
 *   per row tile:  Q^T [D x TR] loaded once; m = -FLT_MAX
 *   per key tile:  K [TK x D], V^T [DV x TK] (and the score operands) DMA'd
 *                  (double buffered when the candidate says so)
 *                  S^T = K Q^T                        systolic arrays
 *                  S^T = sprog(S^T, operands)         qk epilogue + score kernels
 *                  m' = max(m, max_j S^T)             vector unit, within lanes
 *                  a = exp(m - m')                    (key tiles after the first)
 *                  P^T = exp(S^T - m')                in place
 *                  [O|l]^T = [O|l]^T a                (key tiles after the first)
 *                  [O|l]^T (+)= [V|1]^T P^T           systolic arrays: l = sum_j P
 *                                                     comes with O (V^T's row of ones)
 *   per row tile:  O^T = O^T / l, then the pv epilogue, stored once
 * With K/V and the row state double buffered the next key tile's S^T is
 * issued before this one's P V (lookahead), and a row tile's end waits
 * until the next tile's softmax is issued, so the arrays and the vector
 * unit overlap.
 * m starts at -FLT_MAX rather than -inf so that a key tile whose scores are
 * all -inf gives a = 1 and P = 0, never exp(-inf + inf); a row whose every
 * score is -inf gets l = 0 and O / l = NaN, as the reference's softmax, or
 * 0 under torch's safe softmax (kn_attention.safe: odiv selects 0 where
 * l == 0).
 * The division by l comes after the product with V instead of before, and
 * later key tiles are summed in another order: results differ from the
 * reference's by a few ulp of the output's scale.
 *
 * Buffers per lane (layout order): Q^T (x2 with lookahead), K x nkv, V^T
 * x nkv, then per row state set (nsb of them: S^T, m (m0, m1 and alpha with
 * several key tiles), [O|l]^T), the score operands x nkv, the pv
 * epilogue's operands x nsb. All live through the kernel (steps [0, 1)):
 * the offset planner places them; their lifetimes overlap. */
#include "attn_util.h"
#include "lower_int.h"

#include <float.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------ analysis */

static void fail(nl_kernel *kp, const char *what) {
    kp->npu = false;
    snprintf(kp->why, sizeof kp->why, "fused attention: %.180s", what);
}

static void aop_make(nl_aop *p, const nl_kernel *sub, const nl_access *a, int dr, int dc) {
    memset(p, 0, sizeof *p);
    p->a = *a;
    p->nouter = sub->npar;
    for (uint32_t i = 0; i < sub->npar; i++) {
        p->obound[i] = sub->bounds[sub->par[i]];
        p->ostride[i] = a->stride[sub->par[i]];
    }
    p->rs = dr >= 0 ? a->stride[dr] : 0;
    p->cs = dc >= 0 ? a->stride[dc] : 0;
    p->uses_r = p->rs != 0;
    p->uses_c = p->cs != 0;
}


/* Whether access a walks a tensor as kernel k's loops go, row-major (a
 * score kernel reading the scores before it). */
static bool walks_loops(const nl_access *a, const kernel *k) {
    int64_t e = 1;
    for (uint32_t d = k->ndims; d-- > 0;) {
        if (k->bounds[d] > 1 && a->stride[d] != e) return false;
        e *= k->bounds[d];
    }
    return true;
}

/* Count the arithmetic of a program as analyze.c's compiler does. */
static void vfinish(np_vprog *p) {
    p->nalu = 0;
    memset(p->nalu_bytes, 0, sizeof p->nalu_bytes);
    p->sfu = false;
    uint8_t nregs = 0;
    for (uint32_t i = 0; i < p->n; i++) {
        const np_vinsn *v = &p->insn[i];
        if (v->d + 1 > nregs) nregs = (uint8_t)(v->d + 1);
        if (v->op >= NV_ADD) {
            int b = np_dtype_bytes((np_dtype)v->dt) > np_dtype_bytes((np_dtype)v->at) ? np_dtype_bytes((np_dtype)v->dt)
                                                                                    : np_dtype_bytes((np_dtype)v->at);
            p->nalu++;
            p->nalu_bytes[b >= 8 ? 3 : b >= 4 ? 2 : b >= 2 ? 1 : 0]++;
        }
        if (v->op == NV_FN && !np_vfn_alu(v->fn)) p->sfu = true;
    }
    if (nregs > p->nregs) p->nregs = nregs;
}

static void vput(np_vprog *p, np_vop op, int d, int a, int b) {
    np_vinsn *v = &p->insn[p->n++];
    memset(v, 0, sizeof *v);
    v->op = (uint8_t)op;
    v->d = (uint8_t)d;
    v->a = (uint8_t)a;
    v->b = (uint8_t)b;
    v->dt = v->at = NP_F32;
}

/* Small f32 programs: r0 = first operand (LOAD s0 or ACC), r1 = second
 * (LOAD s_b, or none), then op (and exp). */
static void small_prog(np_vprog *p, bool acc0, int src0, int src1, np_vop op, bool exp_after) {
    memset(p, 0, sizeof *p);
    vput(p, acc0 ? NV_ACC : NV_LOAD, 0, acc0 ? 0 : src0, 0);
    int r = 0;
    if (src1 >= 0) {
        vput(p, NV_LOAD, 1, src1, 0);
        vput(p, op, 2, 0, 1);
        r = 2;
    }
    if (exp_after) {
        vput(p, NV_FN, r + 1, r, 0);
        p->insn[p->n - 1].fn = IR_OP_EXP;
        r++;
    }
    p->result = (uint8_t)r;
    p->nregs = (uint8_t)(r + 1);
    vfinish(p);
}

/* Append program f (a map over S whose source `chain` is the value so
 * far) to p: registers renumbered past p's, f's source slots through
 * slot_map. False past the vector program's limits. */
static bool append_prog(np_vprog *p, const np_vprog *f, int chain, const int *slot_map) {
    int alias[NP_VMAX_REGS];
    for (int i = 0; i < NP_VMAX_REGS; i++) alias[i] = -1;
    const int base = p->nregs;
    const int prev = p->result;
    if (base + f->nregs > NP_VMAX_REGS || p->n + f->n > NP_VMAX_INSNS) return false;
    bool defined[NP_VMAX_REGS] = {0};
    for (uint32_t i = 0; i < f->n; i++) {
        np_vinsn in = f->insn[i];
        if (in.d >= NP_VMAX_REGS || defined[in.d]) return false; /* registers are written once */
        defined[in.d] = true;
        if (in.op == NV_LOAD && (int)in.a == chain) {
            if (in.dt != NP_F32) return false;
            alias[in.d] = prev;
            continue;
        }
        if (in.op == NV_ACC) return false;
#define REG(x) ((uint8_t)(alias[(x)] >= 0 ? alias[(x)] : base + (x)))
        if (in.op == NV_LOAD) {
            if (slot_map[in.a] < 0) return false;
            in.a = (uint8_t)slot_map[in.a];
        } else if (in.op != NV_CONST && in.op != NV_SCALAR) {
            in.a = REG(in.a);
            in.b = REG(in.b);
            in.c = REG(in.c);
        }
        in.d = REG(in.d);
        p->insn[p->n++] = in;
    }
    p->result = REG(f->result);
#undef REG
    p->nregs = (uint8_t)(base + f->nregs);
    vfinish(p);
    return true;
}

/* The two contractions as attention's QK^T and PV: each one zero-init GEMM
 * per head over tensors in memory, PV's heads, rows and keys the scores'.
 * Fills a's sizes and Q, K, V, O; false (kp failed) where they are not. */
static bool attn_contractions(nl_kernel *kp, const kn_attention *at, const nl_kernel *qk, const nl_kernel *pv, nl_attn *a) {
    char why[300];
    if (!qk->npu || !pv->npu) {
        snprintf(why, sizeof why, "its %s contraction does not run on the npu: %s", qk->npu ? "PV" : "QK^T",
                 qk->npu ? pv->why : qk->why);
        fail(kp, why);
        return false;
    }
    if (!qk->gemm || !pv->gemm || qk->nred || pv->nred || qk->dm < 0 || qk->dn < 0 || qk->dk < 0 || pv->dm < 0 ||
        pv->dn < 0 || pv->dk < 0) {
        fail(kp, "a contraction is not one GEMM per head (one M, N and K loop each)");
        return false;
    }
    bool zq = qk->init.kind == NL_A_IMM && qk->init.imm.f == 0.0, zp = pv->init.kind == NL_A_IMM && pv->init.imm.f == 0.0;
    if (!zq || !zp) {
        fail(kp, "a contraction accumulates onto an init other than zero");
        return false;
    }
    if (qk->lhs.kind != NL_A_TENSOR || qk->rhs.kind != NL_A_TENSOR || pv->rhs.kind != NL_A_TENSOR ||
        pv->out.kind != NL_A_TENSOR) {
        fail(kp, "Q, K, V or O is not a tensor in memory");
        return false;
    }
    a->heads = qk->npar_total;
    a->rows = qk->M;
    a->keys = qk->N;
    a->d = qk->K;
    a->dv = pv->N;
    if (pv->npar_total != a->heads || pv->M != a->rows || pv->K != a->keys || a->keys != at->keys ||
        a->heads * a->rows != at->rows) {
        fail(kp, "the PV contraction's heads, rows or keys are not the scores'");
        return false;
    }
    /* both contractions see S's rows in one order (the matcher's
     * promise, kernel.h): qk's B loops and M loop walk S's rows as
     * pv's walk P's, so a head o and row tile mean the same rows */
    aop_make(&a->q, qk, &qk->lhs, qk->dm, qk->dk);
    aop_make(&a->k, qk, &qk->rhs, qk->dk, qk->dn);
    aop_make(&a->v, pv, &pv->rhs, pv->dk, pv->dn);
    aop_make(&a->o, pv, &pv->out, pv->dm, pv->dn);
    if (qk->rhs.stride[qk->dm] || pv->rhs.stride[pv->dm]) {
        fail(kp, "K or V varies along the query rows");
        return false;
    }
    return true;
}

/* Score kernel c (analyzed into sk) joined onto the scores' program sp: its
 * input that reads the previous scores is the chain, the others become
 * score operands. False (kp failed) where it is not such a map. */
static bool attn_join_score(sp_ctx *ctx, const nt_target *t, const nl_env *env, const kn_attention *at, uint32_t c,
                            nl_kernel *sk, nl_attn *a, np_vprog *sp, nl_kernel *kp) {
    char why[300];
    const kernel *sc = &at->score[c];
    nl_analyze(ctx, t, sc, env, sk);
    const ir_value *prev = c ? at->score[c - 1].out : at->qk.out;
    const uint32_t n = sc->ndims, key = at->score_key[c], row = at->score_row[c];
    uint32_t lo[KN_MAX_DIMS], nlo = 0; /* its other loops: the heads */
    for (uint32_t d = 0; d < n; d++)
        if (d != key && d != row) lo[nlo++] = d;
    if (!sk->npu || sk->gemm || sk->copy || !sk->has_prog || sk->has_epi || sk->mode != NP_VMAP || sk->nred ||
        key >= n || row >= n || sc->bounds[key] != a->keys || sk->out_dt != NP_F32) {
        snprintf(why, sizeof why, "score kernel k%u is not an f32 map over the scores (%s)", sc->index,
                 sk->npu ? "its loops differ" : sk->why);
        fail(kp, why);
        return false;
    }
    uint32_t proot = env->root(env->ud, prev->id);
    int chain = -1, map[NP_VMAX_SRCS];
    bool ok = true;
    for (uint32_t i = 0; i < sk->nin; i++) {
        map[i] = -1;
        if (sk->in[i].a.kind == NL_A_TENSOR && sk->in[i].a.value == proot && walks_loops(&sk->in[i].a, sc)) {
            chain = (int)i;
            continue;
        }
        if (a->nsop >= NP_VMAX_SRCS) {
            ok = false;
            break;
        }
        nl_aop *p = &a->sop[a->nsop];
        memset(p, 0, sizeof *p);
        p->a = sk->in[i].a;
        p->nouter = nlo;
        for (uint32_t d = 0; d < nlo; d++) {
            p->obound[d] = sc->bounds[lo[d]];
            p->ostride[d] = sk->in[i].a.stride[lo[d]];
        }
        p->rs = row == key ? 0 : sk->in[i].a.stride[row];
        p->cs = sk->in[i].a.stride[key];
        p->uses_r = p->rs != 0;
        p->uses_c = p->cs != 0;
        p->name = sk->in[i].name;
        p->broadcast = sk->in[i].broadcast;
        map[i] = (int)a->nsop++;
    }
    if (!ok || chain < 0 || !append_prog(sp, &sk->prog, chain, map)) {
        snprintf(why, sizeof why, "score kernel k%u does not join the scores' vector program (its operands, "
                 "registers or length)", sc->index);
        fail(kp, why);
        return false;
    }
    return true;
}

/* The online softmax's small vector programs; with safe, torch's safe
 * softmax: O = l == 0 ? 0 : O / l (l is 0 just where every score is -inf). */
static void attn_softmax_progs(nl_attn *a, bool safe) {
    small_prog(&a->copy, false, 0, -1, NV_ADD, false);
    small_prog(&a->rmax, true, 0, 0, NV_MAX, false);
    small_prog(&a->alpha, false, 0, 1, NV_SUB, true);
    small_prog(&a->pexp, true, 0, 0, NV_SUB, true);
    small_prog(&a->oscale, true, 0, 0, NV_MUL, false);
    small_prog(&a->lscale, true, 0, 0, NV_MUL, false);
    small_prog(&a->rsum, true, 0, 0, NV_ADD, false);
    small_prog(&a->odiv, true, 0, 0, NV_DIV, false);
    if (safe) {
        np_vprog *p = &a->odiv;
        const int q = p->result;
        vput(p, NV_CONST, q + 1, 0, 0);
        p->insn[p->n - 1].imm.f = 0.0;
        vput(p, NV_CMP, q + 2, 1, q + 1);
        p->insn[p->n - 1].pred = IR_CMPF_OEQ;
        p->insn[p->n - 1].dt = NP_I1;
        vput(p, NV_SELECT, q + 3, q + 2, q + 1);
        p->insn[p->n - 1].c = (uint8_t)q;
        p->result = (uint8_t)(q + 3);
        vfinish(p);
    }
}

void nl_attn_analyze(sp_ctx *ctx, const nt_target *t, const kernel *k, const nl_env *env, nl_kernel *kp) {
    const kn_attention *at = k->att;
    if (!at) {
        fail(kp, "internal: no parts");
        return;
    }
    nl_kernel *sub = sp_calloc(ctx, 2 + at->nscore, sizeof *sub);
    nl_attn *a = kp->att = sp_calloc(ctx, 1, sizeof *a);
    nl_kernel *qk = &sub[0], *pv = &sub[1];
    nl_analyze(ctx, t, &at->qk, env, qk);
    nl_analyze(ctx, t, &at->pv, env, pv);
    do {
        if (!attn_contractions(kp, at, qk, pv, a)) break;
        /* the scores' program: qk's epilogue, then each score kernel's */
        np_vprog *sp = &a->sprog;
        memset(sp, 0, sizeof *sp);
        if (qk->has_prog) {
            *sp = qk->prog;
        } else {
            vput(sp, NV_ACC, 0, 0, 0);
            sp->result = 0;
            sp->nregs = 1;
            vfinish(sp);
        }
        for (uint32_t i = 0; i < qk->nin; i++) {
            aop_make(&a->sop[a->nsop], qk, &qk->in[i].a, qk->dm, qk->dn);
            a->sop[a->nsop].name = qk->in[i].name;
            a->sop[a->nsop++].broadcast = qk->in[i].broadcast;
        }
        bool ok = true;
        for (uint32_t c = 0; c < at->nscore && ok; c++) ok = attn_join_score(ctx, t, env, at, c, &sub[2 + c], a, sp, kp);
        if (!ok) break;
        a->has_sprog = sp->n > 1;
        if (pv->has_prog) {
            a->pprog = pv->prog;
            a->has_pprog = true;
            for (uint32_t i = 0; i < pv->nin; i++) {
                aop_make(&a->pop[a->npop], pv, &pv->in[i].a, pv->dm, pv->dn);
                a->pop[a->npop].name = pv->in[i].name;
                a->pop[a->npop++].broadcast = pv->in[i].broadcast;
            }
        }
        if (18 + 2 * a->nsop + 2 * a->npop > NL_MAX_BUFS) {
            fail(kp, "too many operands for one kernel's buffers");
            break;
        }
        attn_softmax_progs(a, at->safe);
        kp->M = a->rows;
        kp->N = a->keys;
        kp->K = a->d;
        kp->acc_dt = kp->out_dt = NP_F32;
        kp->out = pv->out;
        kp->lhs = qk->lhs;
        kp->rhs = qk->rhs;
        kp->mode = NP_VREDUCE_COLS;
    } while (0);
    for (uint32_t i = 0; i < 2 + at->nscore; i++) nl_kernel_free(ctx, &sub[i]);
    sp_free(ctx, sub);
}

void nl_attn_finish(nl_kernel *kp) {
    const nl_attn *a = kp->att;
    kp->npar_total = a->heads;
    kp->nred_total = 1;
    kp->macs = a->heads * a->rows * a->keys * (a->d + a->dv);
    int64_t s = a->heads * a->rows * a->keys, r = a->heads * a->rows;
    kp->vec_ops = s * (a->sprog.nalu + a->rmax.nalu + a->pexp.nalu) +
                  r * a->dv * (a->odiv.nalu + (a->has_pprog ? a->pprog.nalu : 0));
}

void nl_kernel_free(sp_ctx *ctx, nl_kernel *kp) {
    if (kp->att) sp_free(ctx, kp->att);
    if (kp->rows) sp_free(ctx, kp->rows);
    if (kp->win) sp_free(ctx, kp->win);
    kp->att = NULL;
    kp->rows = NULL;
    kp->win = NULL;
}

/* ------------------------------------------------------------- layout */

/* The tile is held transposed: a tile's columns are spread over the lanes,
 * so S^T [TK x TR] puts the query rows across the lanes and the keys down
 * each lane: the softmax's reductions over keys (max) run within a lane
 * (NP_VREDUCE_ROWS), never across the lanes, and m, alpha are [1 x TR]
 * rows, one element per lane. Hence
 *   S^T = K Q^T           K [TK x D] streams through the arrays, Q^T the weights
 *   O^T (+)= V^T P^T      V^T [DV+1 x TK] streams, P^T (S^T, in place) the weights;
 *                         V^T's last row is ones, so O^T's last row is l
 * and every DMA moves the same DRAM blocks as the untransposed tile would
 * (a 2-D region, read with its strides swapped). Buffer indices:
 * alay_of (attn_util.h), V^T always with its row of ones. */

uint32_t nl_attn_layout(const nl_kernel *kp, const nl_cand *c, nl_buf *bufs) {
    if (c->order == NL_ORDER_NMK) return nl_attn_layout_rows(kp, c, bufs);
    static const anames nm = {"Qt", "K", "Vt", {"St", "m0", "m1", "l", "alpha", "Ot|l"}}; /* (no l of its own: O^T's last row) */
    alay l = alay_of(kp, c, true);
    return attn_bufs(kp, c, &l, bufs, true, &nm);
}

/* ---------------------------------------------------------------- emit */

/* S^T, P^T, [O | l]^T and the row state, query rows across the lanes;
 * V^T's last row is always ones (O^T's last row is l). */
#define ATTN_T 1

#include "attn_emit.h"

/* S^T = K Q^T of step s. */
static void gemm_s(aem *e, int64_t s) {
    const nl_attn *a = e->a;
    astep st = step_of(e, s);
    int32_t S = stb(e, &st, ST_S), kb = e->l.k0 + st.kv, qb = q_buf(e, &st);
    marker(e, NP_BIRTH, S);
    gemm(e, view(e, S, st.tk, st.tr), view(e, kb, st.tk, a->d), view(e, qb, a->d, st.tr), false);
    if (st.t == e->KT - 1) marker(e, NP_DEATH, qb);
    marker(e, NP_DEATH, kb);
}

/* [O | l]^T += [V | 1]^T P^T. */
static void gemm_pv(aem *e, np_view ovw, np_view sv, int32_t vb, int64_t ocols, int64_t tk, bool first) {
    gemm(e, ovw, view(e, vb, ocols, tk), sv, !first);
}

/* l: O^T's last row. */
static np_view l_view(const aem *e, const astep *st) { return lcol(e, tview(e, stb(e, st, ST_O), st->tr, e->a->dv + 1), e->a->dv); }

/* (l comes from the arrays, with O.) */
static void row_sum(aem *e, const astep *st, np_view sv, np_view av, bool first) { (void)e, (void)st, (void)sv, (void)av, (void)first; }

/* O^T's rows (O's columns) go out in blocks of about 256 DMA cycles. */
static void store_o(aem *e, np_view v, int64_t off) {
    const nl_aop *p = &e->a->o;
    nl_store_blocks(e->sink, e->kp->t, v, p->a.value, off, p->cs, p->rs);
}

void nl_attn_emit(const nl_kernel *kp, const nl_cand *c, const nl_buf *bufs, np_sink sink) {
    if (c->order == NL_ORDER_NMK) {
        nl_attn_emit_rows(kp, c, bufs, sink);
        return;
    }
    attn_emit_all(kp, c, bufs, sink, true);
}

/* ------------------------------------------------------------- search */

/* Instructions one candidate's program holds (what timing it costs). */
int64_t nl_attn_insns(const nl_kernel *kp, const nl_cand *c) {
    const nl_attn *a = kp->att;
    int64_t RT = ceil_div(a->rows, c->tm), KT = ceil_div(a->keys, c->tn);
    int64_t per_step = 20 + 3 * (int64_t)a->nsop, per_row = 16 + 3 * (int64_t)a->npop + 4;
    return a->heads * RT * (KT * per_step + per_row);
}

/* A lower bound on a candidate's cycles (the busiest unit's work) and a
 * quick estimate (the units in series per step, less what double buffers
 * overlap). */
void nl_attn_estimate(const nl_kernel *kp, const nl_cand *c, int64_t *bound, int64_t *heur) {
    const nl_attn *a = kp->att;
    const nt_target *t = kp->t;
    int64_t L = t->lanes;
    const bool rows_layout = c->order == NL_ORDER_NMK;
    const int ones = rows_layout && nl_attn_rows_ones(kp) ? 1 : 0;
    double bw = nt_dram_bytes_per_cycle(t);
    int64_t RT = ceil_div(a->rows, c->tm), KT = ceil_div(a->keys, c->tn);
    double H = (double)a->heads;
    double bytes = H * (double)a->rows * (double)(a->d + a->dv) * 4 + H * (double)RT * (double)a->keys * (double)(a->d + a->dv) * 4;
    for (uint32_t i = 0; i < a->nsop; i++)
        bytes += H * (a->sop[i].uses_r ? (double)a->rows : (double)RT) * (a->sop[i].uses_c ? (double)a->keys : (double)KT) *
                 (double)np_dtype_bytes((np_dtype)a->sop[i].a.dt);
    /* the arrays: per tile, rows stream through each lanes x lanes block */
    double sa = 0;
    for (int64_t ri = 0; ri < RT; ri++) {
        int64_t tr = min64(c->tm, a->rows - ri * c->tm);
        for (int64_t kt = 0; kt < KT; kt++) {
            int64_t tk = min64(c->tn, a->keys - kt * c->tn);
            if (rows_layout) /* Q and P stream their rows through K^T's and V's blocks */
                sa += (double)tr * (double)(ceil_div(a->d, L) * ceil_div(tk, L) + ceil_div(tk, L) * ceil_div(a->dv + ones, L));
            else
                sa += (double)tk * (double)(ceil_div(a->d, L) * ceil_div(tr, L)) +
                      (double)(a->dv + 1) * (double)(ceil_div(tk, L) * ceil_div(tr, L));
        }
    }
    sa = sa * H / (double)t->num_sa;
    double vu = 0;
    for (int64_t ri = 0; ri < RT; ri++) {
        int64_t tr = min64(c->tm, a->rows - ri * c->tm);
        for (int64_t kt = 0; kt < KT; kt++) {
            int64_t tk = min64(c->tn, a->keys - kt * c->tn);
            int64_t le = rows_layout ? tr * ceil_div(tk, L) : tk * ceil_div(tr, L); /* S's elements per lane */
            int64_t g = np_vprog_groups(&a->rmax, le, t->vlen_bits, 4) + np_vprog_groups(&a->pexp, le, t->vlen_bits, 4);
            if (a->has_sprog) g += np_vprog_groups(&a->sprog, le, t->vlen_bits, 4);
            if (rows_layout) { /* the row max (and sum) across the lanes: log2(lanes) steps a row */
                int64_t lg = 0;
                while ((1LL << lg) < L) lg++;
                g += tr * lg * (ones ? 1 : 2);
                if (!ones) g += np_vprog_groups(&a->rsum, le, t->vlen_bits, 4);
            }
            vu += (double)g;
        }
    }
    vu *= H;
    double b = bytes / bw;
    if (sa > b) b = sa;
    if (vu > b) b = vu;
    *bound = b < (double)NC_TIME_MAX ? (int64_t)b : NC_TIME_MAX;
    double ser = sa + vu + (c->xbuf > 1 ? 0 : bytes / bw);
    *heur = ser < (double)NC_TIME_MAX ? (int64_t)ser : NC_TIME_MAX;
}

/* Row tiles: the rows, else powers of two from 8 up; key tiles: the keys,
 * else multiples of the lanes. */
uint32_t nl_attn_tiles(const nl_kernel *kp, int64_t *tr, uint32_t *ntr, int64_t *tk, uint32_t *ntk, uint32_t cap) {
    const nl_attn *a = kp->att;
    int64_t L = kp->t->lanes;
    uint32_t n = 0;
    tr[n++] = a->rows;
    for (int64_t r = 8; r < a->rows && n < cap; r *= 2) tr[n++] = r;
    *ntr = n;
    n = 0;
    tk[n++] = a->keys;
    for (int64_t k = L; k < a->keys && n < cap; k *= 2) tk[n++] = k;
    *ntk = n;
    return *ntr * *ntk;
}
