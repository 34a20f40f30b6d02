/* window.c - the npu lowering of a window reduction (a max or average
 * pool, any stride, padding before it and dilation, NCHW or NHWC: a loop
 * kernel whose root reduces over the window's loops kh, kw, reading its
 * input at oh * sh + kh * dh, ow * sw + kw * dw): output pixels down each
 * lane and a loop outside the window (the channels) across the lanes, so
 * that every step of the window is an elementwise max or add within the
 * lanes, never a reduction across them.
 *
 * A tile is TQ output rows (oh) of TP output pixels (ow) for TC channels:
 * the output tile Y [TQ * TP x TC] (its row q * TP + p) and the input's
 * halo X [HQ * HP x TC], HQ = (TQ - 1) sh + (KH - 1) dh + 1 input rows of
 * HP = (TP - 1) sw + (KW - 1) dw + 1 input pixels each (all of the input
 * row when TP is the whole output row: one DMA for the tile when the rows
 * are contiguous), loaded once per tile: every input element moves once,
 * plus the halo rows tiles share. Per output row q and window row kh one
 * VEC accumulates KW shifted views of X into Y's row q (row (q sh + kh dh)
 * HP + kw dw of X, every sw-th row: the view's row stride), in window
 * order, from the reduction's init: the reference's order, so sums match
 * exactly. The chain after the reduction (an average pool's division)
 * runs on Y in place, and Y is stored once. The channels are the input's
 * loop that is not in the window with the smallest stride (NHWC: unit
 * stride; NCHW: the channel planes, each DMA run one plane's row).
 * Read through a pad (kn_fold_pads: torch-mlir's tensor.pad before a
 * pool), the halo's rows and pixels outside the source are filled with the
 * padding value and the rest DMA'd row by row: the padded tensor is never
 * written. A window of one output pixel over contiguous input pixels (a
 * global average pool: a sum over a whole image) is the halo's rows in
 * order, reduced down the lanes in one VEC. The lowering is taken where
 * its smallest tile fits the kernel's budget (else the loop lowering's).
 * Buffers per lane: X x1 or x2 (the next tile's halo loads during this
 * tile), Y x1 or x2, the chain's operands (per channel or per tile) with
 * each Y. */
#include "lower_int.h"

#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------ analysis */

static int64_t halo_p(const nl_win *w, int64_t tp);

/* The root's tensor input whose map holds the window: its kernel input. */
static int32_t window_input(const kernel *k) {
    const ir_op *root = k->root;
    const ir_block *b = ir_linalg_body(root);
    int32_t found = -1;
    for (uint32_t i = 0; i < root->u.lin.nins; i++) {
        int32_t ai = k->arg_input[0] ? k->arg_input[0][i] : -1;
        if (ai < 0 || !ir_block_arg_used(b, &b->args[i]) || k->inputs[ai].value->type.kind != IR_T_TENSOR) continue;
        if (found >= 0 && found != ai) return -1;
        found = ai;
    }
    return found;
}

/* Append copy j of the reduction's program p (source slot 0 read as slot
 * j, its accumulator the previous copy's result for j > 0) to q. */
static bool append_copy(np_vprog *q, const np_vprog *p, uint32_t j, int prev) {
    const int base = q->nregs;
    if (base + p->nregs > NP_VMAX_REGS || q->n + p->n > NP_VMAX_INSNS) return false;
    int alias[NP_VMAX_REGS];
    for (int i = 0; i < NP_VMAX_REGS; i++) alias[i] = -1;
    for (uint32_t i = 0; i < p->n; i++) {
        np_vinsn in = p->insn[i];
        if (in.op == NV_ACC && prev >= 0) {
            alias[in.d] = prev;
            continue;
        }
#define REG(x) ((uint8_t)(alias[(x)] >= 0 ? alias[(x)] : base + (x)))
        if (in.op == NV_LOAD) {
            if (in.a != 0) return false;
            in.a = (uint8_t)j;
        } else if (in.op != NV_CONST && in.op != NV_SCALAR && in.op != NV_ACC) {
            in.a = REG(in.a);
            in.b = REG(in.b);
            in.c = REG(in.c);
        }
        in.d = REG(in.d);
        q->insn[q->n++] = in;
    }
    q->result = REG(p->result);
#undef REG
    q->nregs = (uint8_t)(base + p->nregs);
    q->nalu += p->nalu;
    for (int i = 0; i < 4; i++) q->nalu_bytes[i] += p->nalu_bytes[i];
    q->sfu |= p->sfu;
    return true;
}

/* n copies of p chained: the accumulation of n window steps. */
static bool chain_prog(np_vprog *q, const np_vprog *p, uint32_t n) {
    memset(q, 0, sizeof *q);
    for (uint32_t j = 0; j < n; j++)
        if (!append_copy(q, p, j, j ? q->result : -1)) return false;
    return true;
}

/* The window of loop kernel k, from its maps alone: the input xi whose map
 * holds it, each window loop w (a reduction) in one of that map's results
 * with one parallel loop p (p * s + w * d + c; nothing else in it, and p
 * and w nowhere else), the inner pair ip (the input's smaller stride: the
 * tile's rows), the lanes' loop dc (a parallel loop of the output and the
 * input outside the window, the input's smallest stride). */
typedef struct wshape {
    int32_t xi;
    uint32_t nw;
    int wl[2], pl[2], rdim[2];
    int64_t s[2], dl[2], cs[2];
    int ip, dc;
} wshape;

static bool map_uses(const ir_amap *m, uint32_t ndims, int d) {
    for (uint32_t r = 0; m && r < m->nres; r++) {
        int64_t coef[KN_MAX_DIMS] = {0}, cst = 0;
        if (!ir_aexpr_linear(m->res[r], ndims, coef, &cst) || coef[d]) return true;
    }
    return false;
}

static bool win_shape(const kernel *k, wshape *ws) {
    const ir_op *root = k->root;
    if (k->kind != KN_LOOP || root->kind != IR_OP_LINALG || root->u.lin.nouts != 1 || k->ndims > KN_MAX_DIMS ||
        root->res[0].type.dtype != k->out->type.dtype)
        return false;
    for (uint32_t i = 0; i < k->ninputs; i++)
        if (k->inputs[i].role == KN_ROLE_INIT) return false;
    memset(ws, 0, sizeof *ws);
    ws->xi = window_input(k);
    if (ws->xi < 0) return false;
    const kn_input *X = &k->inputs[ws->xi];
    const ir_type xt = X->value->type;
    if (!X->map || X->map->nres != xt.rank || xt.rank > IR_MAX_RANK) return false;
    int64_t ts[IR_MAX_RANK];
    ir_type_strides(xt, ts);
    bool used[KN_MAX_DIMS] = {0};
    int64_t xs[KN_MAX_DIMS] = {0}; /* each loop's stride in the input */
    for (uint32_t r = 0; r < X->map->nres; r++) {
        int64_t coef[KN_MAX_DIMS] = {0}, cst = 0;
        if (!ir_aexpr_linear(X->map->res[r], k->ndims, coef, &cst)) return false;
        int w = -1, p = -1, n = 0;
        for (uint32_t d = 0; d < k->ndims; d++) {
            if (!coef[d]) continue;
            if (used[d] || coef[d] < 0) return false;
            used[d] = true;
            xs[d] = coef[d] * ts[r];
            n++;
            if (root->u.lin.iters[d] == IR_ITER_REDUCTION)
                w = (int)d;
            else
                p = (int)d;
        }
        if (w < 0) {
            if (n > 1) return false;
            if (X->pad && (X->pad_low[r] || X->pad_high[r])) return false; /* padded outside the window */
            continue;
        }
        /* (a window loop alone: a window over the whole dim, one output
         * pixel along it: a global pool, p = -1) */
        if (n != (p < 0 ? 1 : 2) || ws->nw == 2) return false;
        uint32_t j = ws->nw++;
        ws->wl[j] = w, ws->pl[j] = p, ws->rdim[j] = (int)r, ws->s[j] = p < 0 ? 0 : coef[p], ws->dl[j] = coef[w],
        ws->cs[j] = cst;
    }
    uint32_t nred = 0;
    for (uint32_t d = 0; d < k->ndims; d++) nred += root->u.lin.iters[d] == IR_ITER_REDUCTION;
    if (ws->nw == 0 || nred != ws->nw) return false;
    /* a window loop alone is a pool over a whole image (both dims), not a
     * reduction along one dim (a row's sum: the loop lowering's) */
    if (ws->nw == 1 && ws->pl[0] < 0) return false;
    ws->ip = ws->nw == 2 && ts[ws->rdim[1]] < ts[ws->rdim[0]] ? 1 : 0;
    ws->dc = -1;
    for (uint32_t d = 0; d < k->ndims; d++) {
        if (root->u.lin.iters[d] != IR_ITER_PARALLEL || (int)d == ws->pl[0] || (ws->nw == 2 && (int)d == ws->pl[1])) continue;
        if (k->bounds[d] < 2 || !xs[d] || !map_uses(k->out_map, k->ndims, (int)d)) continue;
        if (ws->dc < 0 || xs[d] < xs[ws->dc]) ws->dc = (int)d;
    }
    if (ws->dc < 0) return false;
    /* the chain's operands vary along the lanes and outer loops only */
    for (uint32_t s = 1; s < k->nops; s++)
        for (uint32_t j = 0; k->arg_input[s] && j < k->ops[s]->u.lin.nins; j++) {
            int32_t ai = k->arg_input[s][j];
            if (ai < 0) continue;
            for (uint32_t w = 0; w < ws->nw; w++)
                if (ws->pl[w] >= 0 && map_uses(k->inputs[ai].map, k->ndims, ws->pl[w])) return false;
        }
    return true;
}

bool nl_win_pad_ok(const kernel *k, uint32_t input, const kn_input *folded) {
    wshape ws;
    if (input >= k->ninputs || k->inputs[input].pad || !folded->pad) return false;
    /* as it would be read through the pad */
    kernel t = *k;
    kn_input in[64];
    if (k->ninputs > 64) return false;
    for (uint32_t i = 0; i < k->ninputs; i++) in[i] = k->inputs[i];
    in[input] = *folded;
    t.inputs = in;
    return win_shape(&t, &ws) && ws.xi == (int32_t)input;
}

/* The padding value of pad (an arith.constant, else a run-time scalar). */
static void pad_value(const ir_op *pad, np_dtype dt, nl_access *a) {
    const ir_value *v = pad->regions[0]->first->opnds[0];
    memset(a, 0, sizeof *a);
    a->dt = (uint8_t)dt;
    const ir_op *d = v->def;
    if (d && d->kind == IR_OP_CONSTANT && d->u.value->kind == IR_A_FLOAT) {
        a->kind = NL_A_IMM;
        a->imm.f = ir_attr_float(d->u.value);
    } else if (d && d->kind == IR_OP_CONSTANT && d->u.value->kind == IR_A_INT) {
        a->kind = NL_A_IMM;
        a->imm.i = d->u.value->u.i;
    } else {
        a->kind = NL_A_SCALAR;
        a->value = v->id;
    }
}

/* The input read through a pad (kn_fold_pads): X->value is the pad's
 * source (or a transpose's: X->map is then composed onto it), X->map its
 * padded coordinates; its access from those, the source's strides ts. */
static void pad_access(nl_kernel *kp, const nl_env *env, const kn_input *X, const int64_t *ts) {
    const kernel *k = kp->k;
    nl_access *a = &kp->in[0].a;
    a->value = env->root(env->ud, X->value->id);
    a->off = 0;
    memset(a->stride, 0, sizeof a->stride);
    for (uint32_t r = 0; r < X->map->nres; r++) {
        int64_t coef[KN_MAX_DIMS] = {0}, cst = 0;
        ir_aexpr_linear(X->map->res[r], k->ndims, coef, &cst);
        a->off += (cst - X->pad_low[r]) * ts[r];
        for (uint32_t d = 0; d < k->ndims; d++) a->stride[d] += coef[d] * ts[r];
    }
    kp->in[0].name = X->value->name;
}

/* The window steps' programs (w->grp, w->rest, w->g) over nw window
 * loops: groups of window pixels kw, as many as the sources and registers
 * allow. False where the body does not chain. */
static bool win_progs(nl_win *w, const nl_kernel *kp, uint32_t nw) {
    uint32_t g = NP_VMAX_SRCS;
    if (kp->prog.nregs && (uint32_t)(NP_VMAX_REGS / kp->prog.nregs) < g) g = (uint32_t)(NP_VMAX_REGS / kp->prog.nregs);
    if ((int64_t)g > w->KP) g = (uint32_t)w->KP;
    if (g < 1 || !chain_prog(&w->grp, &kp->prog, g) ||
        (w->KP % g && !chain_prog(&w->rest, &kp->prog, (uint32_t)(w->KP % g))))
        return false;
    /* the window's steps in the reference's order (its loops' order): with
     * kw's loop before kh's, one pixel per step, kw outer */
    if (nw == 2 && w->wp < w->wq) {
        g = 1;
        if (!chain_prog(&w->grp, &kp->prog, 1)) return false;
        w->p_outer = true;
    }
    w->g = g;
    return true;
}

/* Whether the smallest tile of window w (one output pixel, the fewest
 * lanes) fits budget; where not, the loop lowering keeps the kernel. */
static bool smallest_fits(nl_kernel *kp, nl_win *w, int64_t budget) {
    nl_cand c0;
    memset(&c0, 0, sizeof c0);
    c0.tm = c0.tk = 1, c0.tn = w->C < kp->t->lanes ? w->C : kp->t->lanes, c0.xbuf = c0.ybuf = 1;
    kp->win = w;
    nl_buf bufs[NL_MAX_BUFS];
    uint32_t nb = kp->nein + 2 <= NL_MAX_BUFS ? nl_win_layout(kp, &c0, bufs) : 0;
    int64_t bytes = 0;
    for (uint32_t i = 0; i < nb; i++) bytes += bufs[i].bytes;
    kp->win = NULL;
    return nb && bytes <= budget;
}

bool nl_win_analyze(sp_ctx *ctx, nl_kernel *kp, const nl_env *env) {
    const kernel *k = kp->k;
    const ir_op *root = k->root;
    wshape ws;
    if (!win_shape(k, &ws) || kp->nin != 1 || kp->in[0].a.kind != NL_A_TENSOR || kp->epi_own || !kp->has_prog ||
        kp->init.kind == NL_A_TENSOR)
        return false;
    const kn_input *X = &k->inputs[ws.xi];
    const ir_op *pad = X->pad;
    const int ip = ws.ip, iq = 1 - ws.ip;
    const uint32_t nw = ws.nw;
    /* the input's strides (a pad's source's where it is read through one) */
    const ir_type xt = X->value->type;
    int64_t ts[IR_MAX_RANK];
    ir_type_strides(xt, ts);
    if (pad) pad_access(kp, env, X, ts);
    const int *pl = ws.pl, *wl = ws.wl, *rdim = ws.rdim;
    const int64_t *s = ws.s, *dl = ws.dl, *cs = ws.cs;
    const int dc = ws.dc;
    nl_win *w = sp_calloc(ctx, 1, sizeof *w);
    w->dp = pl[ip], w->wp = wl[ip], w->sp = s[ip], w->dlp = dl[ip];
    w->P = w->dp >= 0 ? k->bounds[w->dp] : 1, w->KP = k->bounds[w->wp];
    w->XP = ts[rdim[ip]];
    w->WP = cs[ip] == 0 && !pad ? xt.dims[rdim[ip]] : 0; /* a whole input row is loaded only from its start */
    if (nw == 2) {
        w->dq = pl[iq], w->wq = wl[iq], w->sq = s[iq], w->dlq = dl[iq];
        w->Q = w->dq >= 0 ? k->bounds[w->dq] : 1, w->KQ = k->bounds[w->wq];
        w->XQ = ts[rdim[iq]];
    } else {
        w->dq = w->wq = -1, w->sq = w->dlq = 1;
        w->Q = w->KQ = 1;
        w->XQ = 0;
    }
    w->dc = dc;
    w->C = k->bounds[dc];
    if (pad) { /* where the source lies in the padded input (padded coordinates of the halo's first element: cs) */
        w->pad = true;
        pad_value(pad, (np_dtype)kp->in[0].a.dt, &w->padv);
        w->lp = X->pad_low[rdim[ip]] - cs[ip], w->np = xt.dims[rdim[ip]];
        if (nw == 2) w->lq = X->pad_low[rdim[iq]] - cs[iq], w->nq = xt.dims[rdim[iq]];
        else w->lq = 0, w->nq = 1;
    }
    if (!win_progs(w, kp, nw)) {
        sp_free(ctx, w);
        return false;
    }
    /* one output pixel of a window of contiguous input pixels, walked as
     * they lie: the window is the halo's rows in order, one reduction down
     * the lanes (NP_VREDUCE_ROWS) instead of shifted views */
    w->flat = w->P == 1 && w->Q == 1 && w->dlp == 1 && (nw == 1 || w->dlq == 1) && !w->p_outer &&
              halo_p(w, 1) == w->KP;
    if (env->budget > 0 && !smallest_fits(kp, w, env->budget)) {
        sp_free(ctx, w);
        return false;
    }
    /* the other parallel loops: one tile each */
    for (uint32_t d = 0; d < k->ndims; d++)
        if (root->u.lin.iters[d] == IR_ITER_PARALLEL && (int)d != w->dp && (int)d != w->dq && (int)d != dc)
            w->outer[w->nouter++] = d;
    /* the loops as the kernel's figures count them: the outer loops, the
     * window's, an output tile of Q P x C */
    kp->win = w;
    kp->npar = w->nouter;
    memcpy(kp->par, w->outer, sizeof kp->par);
    kp->nred = nw;
    kp->red[0] = (uint32_t)w->wp;
    if (nw == 2) kp->red[1] = (uint32_t)w->wq;
    kp->red_r = kp->red_c = false;
    kp->dm = w->dp >= 0 ? w->dp : w->dq, kp->dn = dc, kp->dk = -1;
    kp->M = w->Q * w->P;
    kp->N = w->C;
    kp->inplace = -1;
    return true;
}

/* ---------------------------------------------------------- geometry */

typedef struct wtile {
    int64_t o, c0, tc, q0, tq, p0, tp;
} wtile;

/* The halo of TQ x TP outputs: rows HQ, pixels HP (the whole input row
 * when TP is the whole output row). */
static int64_t halo_q(const nl_win *w, int64_t tq) { return (tq - 1) * w->sq + (w->KQ - 1) * w->dlq + 1; }
static int64_t halo_p(const nl_win *w, int64_t tp) {
    int64_t hp = (tp - 1) * w->sp + (w->KP - 1) * w->dlp + 1;
    return tp == w->P && w->WP && hp <= w->WP ? w->WP : hp;
}

static int64_t ntiles(const nl_kernel *kp, const nl_cand *c) {
    const nl_win *w = kp->win;
    int64_t n = ceil_div(w->C, c->tn) * ceil_div(w->Q, c->tm) * ceil_div(w->P, c->tk);
    for (uint32_t i = 0; i < w->nouter; i++) n *= kp->bounds[w->outer[i]];
    return n;
}

static wtile tile_at(const nl_kernel *kp, const nl_cand *c, int64_t t) {
    const nl_win *w = kp->win;
    int64_t np = ceil_div(w->P, c->tk), nq = ceil_div(w->Q, c->tm), nc = ceil_div(w->C, c->tn);
    wtile r;
    int64_t pi = t % np, qi = (t / np) % nq, ci = (t / np / nq) % nc;
    r.o = t / np / nq / nc;
    r.p0 = pi * c->tk, r.tp = min64(c->tk, w->P - r.p0);
    r.q0 = qi * c->tm, r.tq = min64(c->tm, w->Q - r.q0);
    r.c0 = ci * c->tn, r.tc = min64(c->tn, w->C - r.c0);
    return r;
}

/* Element offset of access a at outer index o. */
static int64_t outer_of(const nl_kernel *kp, const nl_access *a, int64_t o) {
    const nl_win *w = kp->win;
    int64_t off = 0;
    for (uint32_t i = w->nouter; i-- > 0;) {
        int64_t b = kp->bounds[w->outer[i]];
        off += (o % b) * a->stride[w->outer[i]];
        o /= b;
    }
    return off;
}

static int64_t sd(const nl_access *a, int d) { return d >= 0 ? a->stride[d] : 0; }

/* ------------------------------------------------------------- layout */

uint32_t nl_win_layout(const nl_kernel *kp, const nl_cand *c, nl_buf *bufs) {
    const nl_win *w = kp->win;
    const nt_target *t = kp->t;
    uint32_t n = 0;
    char name[48];
    const int64_t hrows = halo_q(w, c->tm) * halo_p(w, c->tk);
    for (int j = 0; j < c->xbuf; j++) {
        snprintf(name, sizeof name, c->xbuf > 1 ? "%%%.28s.%d" : "%%%.28s", kp->in[0].name ? kp->in[0].name : "in", j);
        nl_set_buf(&bufs[n++], t, name, NL_OPERAND, (np_dtype)kp->in[0].a.dt, hrows, c->tn, 1, 0, 2);
    }
    for (int j = 0; j < c->ybuf; j++) {
        snprintf(name, sizeof name, c->ybuf > 1 ? "out%d" : "out", j);
        nl_set_buf(&bufs[n++], t, name, NL_ACC, (np_dtype)kp->acc_dt, c->tm * c->tk, c->tn, 1, 1, 3);
    }
    for (uint32_t i = 0; i < kp->nein; i++)
        for (int j = 0; j < c->ybuf; j++) {
            const nl_operand *op = &kp->ein[i];
            char base[32];
            if (op->name)
                snprintf(base, sizeof base, "%%%.28s", op->name);
            else
                snprintf(base, sizeof base, "operand%u", i);
            if (c->ybuf > 1)
                snprintf(name, sizeof name, "%.30s.%d", base, j);
            else
                snprintf(name, sizeof name, "%s", base);
            nl_set_buf(&bufs[n], t, name, NL_OPERAND, (np_dtype)op->a.dt, 1, op->a.stride[w->dc] ? c->tn : 1, 1, 1, 3);
            bufs[n++].broadcast = true;
        }
    return n;
}

/* ---------------------------------------------------------------- emit */

typedef struct wem {
    const nl_kernel *kp;
    const nl_win *w;
    const nl_cand *c;
    const nl_buf *b;
    np_sink sink;
    int64_t L, n;
    uint8_t why; /* np_why of the loads being emitted */
} wem;

static void put(wem *e, const np_insn *in) { e->sink.fn(e->sink.ud, in); }

static void marker(wem *e, np_opcode op, int32_t buf) { np_put_marker(e->sink, op, buf); }

static np_view bview(const wem *e, int32_t buf, int64_t row, int64_t rows, int64_t cols) {
    return nl_buf_view(e->b, e->L, buf, row, rows, cols);
}

static int32_t xbuf_of(const wem *e, int64_t t) { return (int32_t)(t % e->c->xbuf); }
static int32_t ybuf_of(const wem *e, int64_t t) { return e->c->xbuf + (int32_t)(t % e->c->ybuf); }
static int32_t ebuf_of(const wem *e, uint32_t i, int64_t t) {
    return e->c->xbuf + e->c->ybuf + (int32_t)i * e->c->ybuf + (int32_t)(t % e->c->ybuf);
}

static void mvin(wem *e, np_view v, const nl_access *a, int64_t off, int64_t rs, int64_t cs) {
    np_insn in;
    memset(&in, 0, sizeof in);
    in.op = NP_MVIN;
    in.why = e->why;
    in.dst = v;
    in.dram = (np_dram){a->value, off, rs, cs};
    put(e, &in);
}

static void fill(wem *e, np_view v, const nl_access *a);

/* The halo of tile t: one DMA when its rows are whole input rows one after
 * another in DRAM, else one per input row. Read through a pad: the rows
 * and pixels outside the source filled with the padding value (the rows
 * above and below in a block each, the pixels left and right one column of
 * all rows at a time), the rest DMA'd row by row. */
static void loads(wem *e, int64_t t) {
    const nl_kernel *kp = e->kp;
    const nl_win *w = e->w;
    wtile r = tile_at(kp, e->c, t);
    const nl_access *a = &kp->in[0].a;
    int32_t b = xbuf_of(e, t);
    marker(e, NP_BIRTH, b);
    const int64_t hq = halo_q(w, r.tq), hp = halo_p(w, e->c->tk), hpr = r.tp == e->c->tk ? hp : halo_p(w, r.tp);
    int64_t base = a->off + outer_of(kp, a, r.o) + r.c0 * a->stride[w->dc] + r.q0 * sd(a, w->dq) + r.p0 * sd(a, w->dp);
    const int64_t cs = a->stride[w->dc];
    int64_t i0 = 0, i1 = hq, j0 = 0, j1 = hpr; /* the halo's rows and pixels inside the source */
    if (w->pad) {
        int64_t q = r.q0 * w->sq - w->lq, p = r.p0 * w->sp - w->lp; /* the source's row and pixel of the halo's first */
        i0 = min64(hq, max64(0, -q)), i1 = max64(i0, min64(hq, w->nq - q));
        j0 = min64(hpr, max64(0, -p)), j1 = max64(j0, min64(hpr, w->np - p));
        if (i0 > 0) fill(e, bview(e, b, 0, i0 * hp, r.tc), &w->padv);
        if (i1 < hq) fill(e, bview(e, b, i1 * hp, (hq - i1) * hp, r.tc), &w->padv);
        for (int64_t j = 0; i1 > i0 && j < hpr; j++) {
            if (j >= j0 && j < j1) continue;
            np_view v = bview(e, b, i0 * hp + j, i1 - i0, r.tc);
            v.ld *= hp;
            fill(e, v, &w->padv);
        }
        if (i1 <= i0 || j1 <= j0) return;
    } else if (hpr == hp && (hq == 1 || w->XQ == hp * w->XP)) {
        e->why = NP_WHY_HALO;
        mvin(e, bview(e, b, 0, hq * hp, r.tc), a, base, w->XP, cs);
        e->why = NP_WHY_FIRST;
        return;
    }
    e->why = NP_WHY_HALO;
    for (int64_t i = i0; i < i1; i++) mvin(e, bview(e, b, i * hp + j0, j1 - j0, r.tc), a, base + i * w->XQ + j0 * w->XP, w->XP, cs);
    e->why = NP_WHY_FIRST;
}

static void fill(wem *e, np_view v, const nl_access *a) {
    np_put_fill(e->sink, v, a->kind == NL_A_IMM ? a->imm : (np_scalar){0}, a->kind == NL_A_SCALAR ? (int64_t)a->value : -1);
}

static void vec(wem *e, np_view dst, const np_view *src, uint32_t nsrc, const np_vprog *prog) {
    np_put_vec(e->sink, NP_VMAP, dst, dst.rows, dst.cols, src, nsrc, prog);
}

static void compute(wem *e, int64_t t) {
    const nl_kernel *kp = e->kp;
    const nl_win *w = e->w;
    wtile r = tile_at(kp, e->c, t);
    int32_t xb = xbuf_of(e, t), yb = ybuf_of(e, t);
    const int64_t hp = halo_p(w, e->c->tk);
    marker(e, NP_BIRTH, yb);
    fill(e, bview(e, yb, 0, r.tq * e->c->tk, r.tc), &kp->init);
    for (uint32_t i = 0; i < kp->nein; i++) { /* the chain's operands load while the window runs */
        const nl_operand *op = &kp->ein[i];
        int32_t b = ebuf_of(e, i, t);
        marker(e, NP_BIRTH, b);
        int64_t off = op->a.off + outer_of(kp, &op->a, r.o) + r.c0 * op->a.stride[w->dc] + r.q0 * sd(&op->a, w->dq);
        mvin(e, bview(e, b, 0, 1, op->a.stride[w->dc] ? r.tc : 1), &op->a, off, 0, op->a.stride[w->dc]);
    }
    if (w->flat) { /* the halo's rows are the window in order */
        np_view x = bview(e, xb, 0, halo_q(w, 1) * hp, r.tc);
        np_insn in;
        memset(&in, 0, sizeof in);
        in.op = NP_VEC;
        in.mode = NP_VREDUCE_ROWS;
        in.dst = bview(e, yb, 0, 1, r.tc);
        in.rows = x.rows;
        in.cols = r.tc;
        in.nsrc = 1;
        in.src = &x;
        in.prog = &kp->prog;
        put(e, &in);
    }
    for (int64_t q = 0; q < r.tq && !w->flat; q++) {
        np_view y = bview(e, yb, q * e->c->tk, r.tp, r.tc);
        const int64_t outer = w->p_outer ? w->KP : w->KQ, inner = w->p_outer ? w->KQ : w->KP, step = w->p_outer ? 1 : w->g;
        for (int64_t i = 0; i < outer; i++)
            for (int64_t k0 = 0; k0 < inner; k0 += step) {
                np_view src[NP_VMAX_SRCS];
                uint32_t n = (uint32_t)min64(step, inner - k0);
                for (uint32_t j = 0; j < n; j++) {
                    int64_t kq = w->p_outer ? k0 : i, kp_ = w->p_outer ? i : k0 + j;
                    src[j] = bview(e, xb, (q * w->sq + kq * w->dlq) * hp + kp_ * w->dlp, r.tp, r.tc);
                    src[j].ld *= w->sp;
                }
                vec(e, y, src, n, n == w->g ? &w->grp : &w->rest);
            }
    }
    marker(e, NP_DEATH, xb);
    if (kp->has_epi) {
        np_view src[NP_VMAX_SRCS];
        for (uint32_t i = 0; i < kp->nein; i++)
            src[i] = bview(e, ebuf_of(e, i, t), 0, 1, kp->ein[i].a.stride[w->dc] ? r.tc : 1);
        vec(e, bview(e, yb, 0, r.tq * e->c->tk, r.tc), src, kp->nein, &kp->epi);
    }
    for (uint32_t i = 0; i < kp->nein; i++) marker(e, NP_DEATH, ebuf_of(e, i, t));
}

/* Y goes out in one 2-D store when its rows are one after another in
 * DRAM, else one per output row; either in row blocks. */
static void store(wem *e, int64_t t) {
    const nl_kernel *kp = e->kp;
    const nl_win *w = e->w;
    wtile r = tile_at(kp, e->c, t);
    const nl_access *o = &kp->out;
    int32_t yb = ybuf_of(e, t);
    int64_t base = o->off + outer_of(kp, o, r.o) + r.c0 * o->stride[w->dc] + r.q0 * sd(o, w->dq) + r.p0 * sd(o, w->dp);
    int64_t op = sd(o, w->dp), oc = o->stride[w->dc];
    if (r.tp == e->c->tk && (r.tq == 1 || sd(o, w->dq) == r.tp * op))
        nl_store_blocks(e->sink, kp->t, bview(e, yb, 0, r.tq * r.tp, r.tc), o->value, base, op, oc);
    else
        for (int64_t q = 0; q < r.tq; q++)
            nl_store_blocks(e->sink, kp->t, bview(e, yb, q * e->c->tk, r.tp, r.tc), o->value, base + q * sd(o, w->dq), op, oc);
    marker(e, NP_DEATH, yb);
}

void nl_win_emit(const nl_kernel *kp, const nl_cand *c, const nl_buf *bufs, np_sink sink) {
    wem e;
    memset(&e, 0, sizeof e);
    e.kp = kp;
    e.w = kp->win;
    e.c = c;
    e.b = bufs;
    e.sink = sink;
    e.L = kp->t->lanes;
    e.n = ntiles(kp, c);
    for (int64_t t = 0; t < e.n; t++) {
        const bool ahead = c->xbuf > 1 && t + 1 < e.n;
        if (t == 0) loads(&e, 0);
        if (ahead) loads(&e, t + 1); /* the next halo loads while this tile computes */
        compute(&e, t);
        store(&e, t);
        if (!ahead && t + 1 < e.n) loads(&e, t + 1);
    }
    marker(&e, NP_BARRIER, -1);
}

/* ------------------------------------------------------------- search */

int64_t nl_win_insns(const nl_kernel *kp, const nl_cand *c) {
    const nl_win *w = kp->win;
    int64_t per = 8 + halo_q(w, c->tm) + 3 * (int64_t)kp->nein + c->tm * w->KQ * ceil_div(w->KP, w->g) + 2 * c->tm;
    return ntiles(kp, c) * per;
}

/* The vector unit's groups of one output row's window steps over tp
 * pixels and tc lanes. */
static double row_groups(const nl_kernel *kp, int64_t tp, int64_t tc, const nt_target *t) {
    const nl_win *w = kp->win;
    if (w->flat) return (double)np_vprog_groups(&kp->prog, w->KQ * w->KP * ceil_div(tc, t->lanes), t->vlen_bits, 4);
    int64_t rows = tp * ceil_div(tc, t->lanes);
    double per_q = (double)(w->KQ * (w->KP / w->g)) * (double)np_vprog_groups(&w->grp, rows, t->vlen_bits, 4);
    if (w->KP % w->g) per_q += (double)w->KQ * (double)np_vprog_groups(&w->rest, rows, t->vlen_bits, 4);
    return per_q;
}

/* A lower bound on a candidate's cycles (the DMA of the bytes it moves,
 * the vector unit's window steps, each summed exactly over the tiles:
 * the last along each loop perhaps smaller, a halo through a pad only its
 * part inside the source) and a quick estimate. */
void nl_win_estimate(const nl_kernel *kp, const nl_cand *c, int64_t *bound, int64_t *heur) {
    const nl_win *w = kp->win;
    const nt_target *t = kp->t;
    const double xb = (double)np_dtype_bytes((np_dtype)kp->in[0].a.dt), yb = (double)np_dtype_bytes((np_dtype)kp->out_dt);
    int64_t outer = 1;
    for (uint32_t i = 0; i < w->nouter; i++) outer *= kp->bounds[w->outer[i]];
    const int64_t nq = ceil_div(w->Q, c->tm), np = ceil_div(w->P, c->tk), nc = ceil_div(w->C, c->tn);
    const int64_t hp = halo_p(w, c->tk);
    double xrows = 0, yrows = 0, vu = 0, tcs = (double)w->C; /* over one channel block's tiles, then all lanes */
    for (int64_t qi = 0; qi < nq; qi++) {
        int64_t tq = min64(c->tm, w->Q - qi * c->tm), hq = halo_q(w, tq);
        int64_t i0 = 0, i1 = hq;
        if (w->pad) {
            int64_t q = qi * c->tm * w->sq - w->lq;
            i0 = min64(hq, max64(0, -q)), i1 = max64(i0, min64(hq, w->nq - q));
        }
        for (int64_t pi = 0; pi < np; pi++) {
            int64_t tp = min64(c->tk, w->P - pi * c->tk), hpr = tp == c->tk ? hp : halo_p(w, tp);
            int64_t j0 = 0, j1 = hpr;
            if (w->pad) {
                int64_t p = pi * c->tk * w->sp - w->lp;
                j0 = min64(hpr, max64(0, -p)), j1 = max64(j0, min64(hpr, w->np - p));
            }
            xrows += (double)((i1 - i0) * (j1 - j0));
            yrows += (double)(tq * tp);
            for (int64_t ci = 0; ci < nc; ci++) vu += (double)tq * row_groups(kp, tp, min64(c->tn, w->C - ci * c->tn), t);
        }
    }
    double bytes = (double)outer * tcs * (xrows * xb + yrows * yb);
    vu *= (double)outer;
    double d = bytes / nt_dram_bytes_per_cycle(t);
    double b = d > vu ? d : vu, h = c->xbuf > 1 ? b : d + vu;
    *bound = b < (double)NC_TIME_MAX ? (int64_t)b : NC_TIME_MAX;
    *heur = h < (double)NC_TIME_MAX ? (int64_t)h : NC_TIME_MAX;
}

/* The candidates: channels the whole or multiples of the lanes, output
 * rows per tile every power of two and the whole, pixels per row the
 * whole row or halves of it; halo and output x1 or x2. */
uint32_t nl_win_cands(const nl_kernel *kp, nl_cand *out, uint32_t cap) {
    const nl_win *w = kp->win;
    const int64_t L = kp->t->lanes;
    int64_t tcs[16], tqs[64], tps[64];
    uint32_t nc = 0, nq = 0, np = 0;
    for (int64_t x = L; x < w->C && nc < 14; x *= 2) tcs[nc++] = x;
    tcs[nc++] = w->C;
    for (int64_t x = 1; x < w->Q && nq < 62; x *= 2) tqs[nq++] = x;
    tqs[nq++] = w->Q;
    tps[np++] = w->P;
    for (int64_t x = ceil_div(w->P, 2); w->P > 1 && x >= 1 && np < 62; x = x > 1 ? ceil_div(x, 2) : 0) tps[np++] = x;
    uint32_t n = 0;
    for (uint32_t a = 0; a < nc; a++)
        for (uint32_t b = 0; b < nq; b++)
            for (uint32_t d = 0; d < np; d++) {
                nl_cand c;
                memset(&c, 0, sizeof c);
                c.tm = tqs[b], c.tn = tcs[a], c.tk = tps[d];
                int64_t tiles = ntiles(kp, &c);
                for (int xb = 1; xb <= 2; xb++)
                    for (int yb = 1; yb <= 2; yb++) {
                        if ((xb == 2 || yb == 2) && tiles < 2) continue;
                        c.xbuf = (uint8_t)xb, c.ybuf = (uint8_t)yb;
                        if (n < cap) out[n++] = c;
                    }
            }
    return n;
}
