/* conv.c - convolutions on the npu as implicit GEMMs (lower.h, nl_conv):
 * which contractions are convolutions, their tiles' geometry, and the
 * instructions that differ from a plain GEMM's: the halo tile's loads (the
 * padding border filled, the interior DMA'd in at an offset), the weights'
 * loads in their memory order, one GEMM per window tap through grouped
 * views, and the DMA of an output tile's pixel rows in runs contiguous in
 * memory. emit.c drives them stage by stage like any contraction's. */
#include "lower_int.h"

#include <string.h>

/* ---- which contractions are convolutions */

typedef struct cshape {
    int img, oh, ow, kh, kw, c, f;
    int64_t sh, sw, dh, dw;
    int rimg, rh, rw, rc; /* the lhs's dims they index */
    bool dw_;             /* depthwise: c is the one B loop, f is c, no N loop */
} cshape;

/* The lhs map of contraction kernel k as a convolution's: each lhs dim is
 * one loop (an image loop of class M, the channel loop of class K, or a
 * batch loop of class B) or a window s * m + d * k (m an output pixel loop,
 * k a window loop; s, d > 0), one or two windows, one channel loop, one
 * output-channel loop (N), and no other M or K loop. The window on the
 * lhs's later dim (the smaller stride) is the width. */
static bool conv_shape(const kernel *k, const kn_input *in, cshape *cs) {
    memset(cs, 0xff, sizeof *cs); /* every loop and dim -1 */
    cs->dw_ = false;
    if (k->kind != KN_CONTRACTION || k->ninputs < 2 || k->ndims > KN_MAX_DIMS) return false;
    if (in->role != KN_ROLE_LHS || !in->map || in->value->type.kind != IR_T_TENSOR) return false;
    const ir_amap *mp = in->map;
    uint32_t nd = k->ndims;
    bool used[KN_MAX_DIMS] = {0};
    int nwin = 0, wm[2] = {-1, -1}, wk[2] = {-1, -1}, wr[2] = {-1, -1}, nb = 0, bdim = -1, brow = -1;
    int64_t ws[2] = {0, 0}, wd[2] = {0, 0};
    for (uint32_t r = 0; r < mp->nres; r++) {
        int64_t coef[KN_MAX_DIMS] = {0}, cst = 0;
        if (!ir_aexpr_linear(mp->res[r], nd, coef, &cst) || cst != 0) return false;
        int nz = 0, l[2] = {-1, -1};
        for (uint32_t d = 0; d < nd; d++)
            if (coef[d]) {
                if (nz == 2 || used[d]) return false;
                l[nz++] = (int)d;
                used[d] = true;
            }
        if (nz == 1) {
            int d = l[0];
            if (coef[d] != 1) return false;
            switch (k->dimclass[d]) {
            case KN_DIM_M:
                if (cs->img >= 0) return false;
                cs->img = d, cs->rimg = (int)r;
                break;
            case KN_DIM_K:
                if (cs->c >= 0) return false;
                cs->c = d, cs->rc = (int)r;
                break;
            case KN_DIM_B:
                nb++, bdim = d, brow = (int)r;
                break;
            default: return false;
            }
        } else if (nz == 2) {
            int m = k->dimclass[l[0]] == KN_DIM_M ? l[0] : l[1], kk = m == l[0] ? l[1] : l[0];
            if (nwin == 2 || k->dimclass[m] != KN_DIM_M || k->dimclass[kk] != KN_DIM_K || coef[m] <= 0 || coef[kk] <= 0)
                return false;
            wm[nwin] = m, wk[nwin] = kk, ws[nwin] = coef[m], wd[nwin] = coef[kk], wr[nwin] = (int)r;
            nwin++;
        } else {
            return false;
        }
    }
    int nn = 0;
    for (uint32_t d = 0; d < nd; d++) {
        if (k->dimclass[d] == KN_DIM_N) {
            nn++;
            cs->f = (int)d;
        }
        if ((k->dimclass[d] == KN_DIM_M || k->dimclass[d] == KN_DIM_K) && !used[d]) return false;
    }
    /* depthwise: no channel reduction, no output channel: the one batch
     * loop (in the input, the weights and the result) is the channel */
    if (nwin > 0 && cs->c < 0 && nn == 0 && nb == 1 && k->n == 1) {
        cs->c = cs->f = bdim, cs->rc = brow;
        cs->dw_ = true;
        nn = 1;
    }
    if (nwin == 0 || cs->c < 0 || nn != 1) return false;
    int w = nwin == 2 && wr[0] > wr[1] ? 0 : nwin - 1, h = nwin == 2 ? 1 - w : -1;
    cs->ow = wm[w], cs->kw = wk[w], cs->sw = ws[w], cs->dw = wd[w], cs->rw = wr[w];
    if (h >= 0) cs->oh = wm[h], cs->kh = wk[h], cs->sh = ws[h], cs->dh = wd[h], cs->rh = wr[h];
    else cs->sh = cs->dh = 1;
    return true;
}

bool nl_conv_is_depthwise(const kernel *k) {
    cshape cs;
    return k->ninputs >= 2 && conv_shape(k, &k->inputs[0], &cs) && cs.dw_;
}

bool nl_conv_takes_pad(const kernel *k, uint32_t input, const kn_input *folded) {
    cshape cs;
    if (input != 0 || !folded->pad || !folded->pad_low || !conv_shape(k, folded, &cs)) return false;
    if (folded->value->type.rank != folded->map->nres) return false;
    for (uint32_t d = 0; d < folded->map->nres; d++)
        if ((folded->pad_low[d] || folded->pad_high[d]) && (int)d != cs.rh && (int)d != cs.rw) return false;
    return true;
}

/* A depthwise tap on the vector unit: y = x * w, and y = y + x * w (x
 * source 0, the tap's weight row source 1), in the reference's order. */
static void dw_progs(nl_conv *cv) {
    np_vprog *p = &cv->dwprog[0];
    memset(cv->dwprog, 0, sizeof cv->dwprog);
    p->insn[0] = (np_vinsn){.op = NV_LOAD, .d = 0, .a = 0, .dt = NP_F32, .at = NP_F32};
    p->insn[1] = (np_vinsn){.op = NV_LOAD, .d = 1, .a = 1, .dt = NP_F32, .at = NP_F32};
    p->insn[2] = (np_vinsn){.op = NV_MUL, .d = 2, .a = 0, .b = 1, .dt = NP_F32, .at = NP_F32};
    p->n = 3, p->nregs = 3, p->result = 2, p->nalu = 1, p->nalu_bytes[2] = 1;
    p = &cv->dwprog[1];
    p->insn[0] = (np_vinsn){.op = NV_ACC, .d = 0, .dt = NP_F32, .at = NP_F32};
    p->insn[1] = (np_vinsn){.op = NV_LOAD, .d = 1, .a = 0, .dt = NP_F32, .at = NP_F32};
    p->insn[2] = (np_vinsn){.op = NV_LOAD, .d = 2, .a = 1, .dt = NP_F32, .at = NP_F32};
    p->insn[3] = (np_vinsn){.op = NV_MUL, .d = 3, .a = 1, .b = 2, .dt = NP_F32, .at = NP_F32};
    p->insn[4] = (np_vinsn){.op = NV_ADD, .d = 4, .a = 0, .b = 3, .dt = NP_F32, .at = NP_F32};
    p->n = 5, p->nregs = 5, p->result = 4, p->nalu = 2, p->nalu_bytes[2] = 2;
}

bool nl_conv_setup(nl_kernel *kp) {
    const kernel *k = kp->k;
    cshape cs;
    const kn_input *in = &k->inputs[0];
    if (!conv_shape(k, in, &cs) || kp->lhs.kind != NL_A_TENSOR) return false;
    nl_conv *cv = &kp->cv;
    memset(cv, 0, sizeof *cv);
    const ir_type st = in->value->type; /* the pad's source, when one is folded */
    int64_t ts[IR_MAX_RANK];
    ir_type_strides(st, ts);
    cv->img = cs.img, cv->oh = cs.oh, cv->ow = cs.ow, cv->kh = cs.kh, cv->kw = cs.kw, cv->c = cs.c;
    cv->NB = cs.img >= 0 ? k->bounds[cs.img] : 1;
    cv->OH = cs.oh >= 0 ? k->bounds[cs.oh] : 1;
    cv->OW = k->bounds[cs.ow];
    cv->KH = cs.kh >= 0 ? k->bounds[cs.kh] : 1;
    cv->KW = k->bounds[cs.kw];
    cv->C = k->bounds[cs.c];
    cv->T = cv->KH * cv->KW;
    cv->sh = cs.sh, cv->sw = cs.sw, cv->dh = cs.dh, cv->dw = cs.dw;
    cv->H = cs.rh >= 0 ? st.dims[cs.rh] : 1;
    cv->W = st.dims[cs.rw];
    cv->sN = cs.rimg >= 0 ? ts[cs.rimg] : 0;
    cv->sH = cs.rh >= 0 ? ts[cs.rh] : 0;
    cv->sW = ts[cs.rw];
    cv->sC = ts[cs.rc];
    if (in->pad) {
        cv->pt = cs.rh >= 0 ? in->pad_low[cs.rh] : 0;
        cv->pl = in->pad_low[cs.rw];
        if (!nl_pad_value(in->pad, (np_dtype)kp->lhs.dt, &cv->padv)) return false;
    } else {
        cv->padv.kind = NL_A_IMM;
        cv->padv.dt = kp->lhs.dt;
    }
    int64_t hread = (cv->OH - 1) * cv->sh + (cv->KH - 1) * cv->dh + 1, wread = (cv->OW - 1) * cv->sw + (cv->KW - 1) * cv->dw + 1;
    cv->ch = cv->KH == 1 && cv->sh > 1;
    cv->cw = cv->KW == 1 && cv->sw > 1;
    cv->Hfull = cv->ch ? cv->OH : max64(cv->pt + cv->H, hread);
    cv->Wp = cv->cw ? cv->OW : max64(cv->pl + cv->W, wread);
    /* the input rows and columns read, each once, and whether the halo
     * holds anything else */
    int64_t rows = 0, cols = 0;
    for (int64_t h = 0; h < cv->H; h++) rows += nl_conv_reads(h + cv->pt, cv->OH, cv->KH, cv->sh, cv->dh);
    for (int64_t w = 0; w < cv->W; w++) cols += nl_conv_reads(w + cv->pl, cv->OW, cv->KW, cv->sw, cv->dw);
    cv->in_bytes = cv->NB * cv->C * rows * cols * acc_bytes(&kp->lhs);
    for (uint32_t d = 0; d < k->ndims; d++)
        if (k->dimclass[d] == KN_DIM_B && (int)d != cs.c && kp->lhs.stride[d]) cv->in_bytes *= k->bounds[d];
    cv->border = cv->ch ? cv->pt > 0 || (cv->OH - 1) * cv->sh - cv->pt >= cv->H : cv->pt > 0 || cv->Hfull > cv->pt + cv->H;
    cv->border |= cv->cw ? cv->pl > 0 || (cv->OW - 1) * cv->sw - cv->pl >= cv->W : cv->pl > 0 || cv->Wp > cv->pl + cv->W;
    /* the lhs access (the source's strides per loop) from the padded origin */
    cv->in_off = kp->lhs.off;
    kp->lhs.off -= cv->pt * cv->sH + cv->pl * cv->sW;
    kp->dm = cs.ow;
    kp->dn = cs.f;
    kp->dk = cs.c;
    kp->npar = kp->nred = 0;
    for (uint32_t d = 0; d < k->ndims; d++)
        if (k->dimclass[d] == KN_DIM_B && (int)d != cs.c) kp->par[kp->npar++] = d;
    kp->M = cv->NB * cv->OH * cv->OW;
    kp->N = k->bounds[cs.f];
    kp->K = cv->C;
    cv->depthwise = cs.dw_;
    if (cv->depthwise) { /* the vector unit: every channel its own, no reduction over channels */
        kp->dk = -1;
        kp->K = 1;
        dw_progs(cv);
    }
    for (uint32_t i = 0; i < kp->nin; i++) {
        const nl_access *a = &kp->in[i].a;
        kp->in[i].uses_r = a->stride[cs.ow] || (cs.oh >= 0 && a->stride[cs.oh]) || (cs.img >= 0 && a->stride[cs.img]);
        kp->in[i].uses_c = a->stride[cs.f] != 0; /* (a depthwise one's N loop is set only here) */
    }
    /* the weights' rows in the order of their memory: channels outside the
     * taps when the channel stride is the largest */
    int64_t rc = abs64(kp->rhs.stride[cs.c]), rt = max64(abs64(kp->rhs.stride[cs.kw]), cs.kh >= 0 ? abs64(kp->rhs.stride[cs.kh]) : 0);
    cv->tap_major = !(rc >= rt);
    cv->on = true;
    return true;
}

/* ---- geometry */

bool nl_conv_reads(int64_t x, int64_t O, int64_t K, int64_t s, int64_t d) {
    for (int64_t k = 0; k < K; k++) {
        int64_t r = x - k * d;
        if (r >= 0 && r % s == 0 && r / s < O) return true;
    }
    return false;
}

/* The input row of halo row j of tile t (may lie outside the input). */
static int64_t in_row(const nl_conv *cv, const nl_ctile *t, int64_t j) {
    return cv->ch ? (t->oh0 + j) * cv->sh - cv->pt : t->hp0 + j - cv->pt;
}

/* Halo columns [*c0, *c1) that hold input columns, the first one's input
 * column and the input column stride between them. */
static void in_cols(const nl_conv *cv, int64_t *c0, int64_t *c1, int64_t *w0, int64_t *step) {
    if (cv->cw) {
        *c0 = ceil_div(cv->pl, cv->sw);
        *c1 = min64(cv->OW, ceil_div(cv->W + cv->pl, cv->sw));
        *w0 = *c0 * cv->sw - cv->pl;
        *step = cv->sw;
    } else {
        *c0 = cv->pl;
        *c1 = cv->pl + cv->W;
        *w0 = 0;
        *step = 1;
    }
    if (*c1 < *c0) *c1 = *c0;
}

int64_t nl_conv_in_rows(const nl_kernel *kp, const nl_ctile *t) {
    const nl_conv *cv = &kp->cv;
    int64_t n = 0;
    for (int64_t j = 0; j < t->HH; j++) {
        int64_t h = in_row(cv, t, j);
        n += h >= 0 && h < cv->H;
    }
    return n;
}

int64_t nl_conv_in_cols(const nl_kernel *kp) {
    int64_t c0, c1, w0, st;
    in_cols(&kp->cv, &c0, &c1, &w0, &st);
    return c1 - c0;
}

void nl_conv_tiling(const nl_kernel *kp, int64_t tm, int64_t *TB, int64_t *TOH) {
    const nl_conv *cv = &kp->cv;
    int64_t img = cv->OH * cv->OW;
    if (tm >= img) {
        *TB = max64(1, tm / img);
        *TOH = cv->OH;
    } else {
        *TB = 1;
        *TOH = max64(1, tm / cv->OW);
    }
}

int64_t nl_conv_halo_rows(const nl_kernel *kp, int64_t TOH, int64_t toh) {
    const nl_conv *cv = &kp->cv;
    if (TOH == cv->OH) return cv->Hfull;
    return cv->ch ? toh : (toh - 1) * cv->sh + (cv->KH - 1) * cv->dh + 1;
}

int64_t nl_conv_mtiles(const nl_kernel *kp, int64_t tm) {
    int64_t TB, TOH;
    nl_conv_tiling(kp, tm, &TB, &TOH);
    return ceil_div(kp->cv.NB, TB) * ceil_div(kp->cv.OH, TOH);
}

nl_ctile nl_conv_tile(const nl_kernel *kp, int64_t tm, int64_t mi) {
    const nl_conv *cv = &kp->cv;
    int64_t TB, TOH;
    nl_conv_tiling(kp, tm, &TB, &TOH);
    int64_t rtt = ceil_div(cv->OH, TOH), bi = mi / rtt, ri = mi % rtt;
    nl_ctile t;
    t.b0 = bi * TB;
    t.tb = min64(TB, cv->NB - t.b0);
    t.oh0 = ri * TOH;
    t.toh = min64(TOH, cv->OH - t.oh0);
    t.hp0 = TOH == cv->OH ? 0 : cv->ch ? t.oh0 : t.oh0 * cv->sh;
    t.HH = nl_conv_halo_rows(kp, TOH, t.toh);
    t.tm = t.tb * t.toh * cv->OW;
    return t;
}

int64_t nl_conv_slack(const nl_kernel *kp, const nl_cand *c) {
    const nl_conv *cv = &kp->cv;
    return c->fold ? max64(0, (c->fold - 1) * cv->dh * cv->Wp + (cv->KW - 1) * cv->dw - cv->pl) : 0;
}

int64_t nl_conv_kblocks(const nl_kernel *kp, int64_t tk, int64_t g) {
    const nl_conv *cv = &kp->cv;
    int64_t L = kp->t->lanes;
    if (!g) return cv->T * ceil_div(tk, L);
    int64_t n = 0;
    for (int64_t i = 0; i < cv->KH; i += g) n += ceil_div(min64(g, cv->KH - i) * cv->KW * tk, L);
    return n;
}

bool nl_conv_can_fold(const nl_kernel *kp, int64_t tk, int64_t g) {
    const nl_conv *cv = &kp->cv;
    if (!cv->on || cv->depthwise || g < 1 || g > cv->KH || cv->KW * cv->KH == 1 || tk != cv->C || cv->C >= kp->t->lanes)
        return false;
    if (g > 1 && cv->ch) return false;
    int64_t n = nl_conv_kblocks(kp, tk, g);
    for (int64_t h = 0; h < g; h++)
        if (nl_conv_kblocks(kp, tk, h) <= n) return false;
    return true;
}

bool nl_conv_interior(const nl_kernel *kp, const nl_ctile *t) {
    const nl_conv *cv = &kp->cv;
    int64_t c0, c1, w0, st;
    in_cols(cv, &c0, &c1, &w0, &st);
    return c0 == 0 && c1 == cv->Wp && nl_conv_in_rows(kp, t) == t->HH;
}

/* ---- instructions */

static void put(em *e, const np_insn *in) { e->sink.fn(e->sink.ud, in); }

static void mvin(em *e, np_view v, uint32_t tensor, int64_t off, int64_t rs, int64_t cs) {
    np_insn in;
    memset(&in, 0, sizeof in);
    in.op = NP_MVIN;
    in.why = e->why;
    in.dst = v;
    in.dram = (np_dram){tensor, off, rs, cs};
    put(e, &in);
}

void nl_conv_load_x(em *e, const gstage *st, np_view xv, int64_t outer) {
    const nl_kernel *kp = e->kp;
    const nl_conv *cv = &kp->cv;
    const nl_ctile *t = &st->ct;
    int64_t ldx = xv.ld, el = np_view_elem(&xv), slack = nl_conv_slack(kp, e->c);
    xv.rows = slack + t->tb * t->HH * cv->Wp;
    xv.cols = cv->depthwise ? st->tn : nl_conv_xcols(kp, e->c, st->tk);
    if (e->c->fold || !nl_conv_interior(kp, t)) { /* the border: the padding value */
        np_insn in;
        memset(&in, 0, sizeof in);
        in.op = NP_FILL;
        in.dst = xv;
        in.imm = cv->padv.imm;
        in.scalar = cv->padv.kind == NL_A_SCALAR ? (int64_t)cv->padv.value : -1;
        put(e, &in);
    }
    /* the halo rows holding input rows: a run [j_lo, j_hi) (input rows
     * h_lo + (j - j_lo) * rstep) */
    int64_t j_lo = 0, j_hi = 0, rstep = cv->ch ? cv->sh : 1;
    for (int64_t j = 0; j < t->HH; j++) {
        int64_t h = in_row(cv, t, j);
        if (h < 0 || h >= cv->H) continue;
        if (j_hi == 0) j_lo = j;
        j_hi = j + 1;
    }
    int64_t nh = j_hi - j_lo;
    if (nh <= 0) return;
    int64_t h_lo = in_row(cv, t, j_lo);
    int64_t c0, c1, w0, wstep;
    in_cols(cv, &c0, &c1, &w0, &wstep);
    int64_t nw = c1 - c0;
    if (nw <= 0) return;
    int64_t ch0 = cv->depthwise ? st->ni * e->c->tn : st->ki * e->c->tk; /* the tile's first channel */
    int64_t base = outer + cv->in_off + ch0 * cv->sC + h_lo * cv->sH + w0 * cv->sW;
    /* one DMA covers the rows (and images) whose pixels follow each other
     * in memory as they do in the halo's rows */
    bool rows_lin = nh == 1 || (rstep * cv->sH == nw * wstep * cv->sW);
    bool imgs_lin = rows_lin && t->tb > 1 && nh * rstep == cv->H && cv->sN == cv->H * cv->sH && j_lo == 0 && j_hi == t->HH;
    /* folded: column block j holds the halo shifted left by j * dw pixels
     * (a pixel of the first j * dw - pl columns lands in the row above's
     * last columns, or the slack: cells no output reads) */
    int64_t nblk = e->c->fold ? e->c->fold * cv->KW : 1;
    for (int64_t jb = 0; jb < nblk; jb++) {
        /* the first input pixel's halo row, block jb shifted by (i, kw) */
        int64_t shift = e->c->fold ? (jb / cv->KW) * cv->dh * cv->Wp + (jb % cv->KW) * cv->dw : 0;
        int64_t row0 = slack + j_lo * cv->Wp + c0 - shift;
        np_view v = xv;
        int64_t cj = jb * st->tk + xv.c0;
        v.off = xv.off + cj / e->L * el;
        v.c0 = cj % e->L;
        v.cols = cv->depthwise ? st->tn : st->tk;
        v.g1 = nw;
        v.gs1 = cv->Wp * ldx;
        if (imgs_lin) {
            v.off += row0 * ldx * el;
            v.rows = t->tb * nh * nw;
            v.g2 = nh;
            v.gs2 = t->HH * cv->Wp * ldx;
            mvin(e, v, kp->lhs.value, base + t->b0 * cv->sN, wstep * cv->sW, cv->sC);
            continue;
        }
        int64_t voff = v.off;
        for (int64_t b = 0; b < t->tb; b++) {
            int64_t off = base + (t->b0 + b) * cv->sN, r = b * t->HH * cv->Wp + row0;
            if (rows_lin) {
                v.off = voff + r * ldx * el;
                v.rows = nh * nw;
                mvin(e, v, kp->lhs.value, off, wstep * cv->sW, cv->sC);
                continue;
            }
            for (int64_t h = 0; h < nh; h++) {
                v.off = voff + (r + h * cv->Wp) * ldx * el;
                v.rows = nw;
                v.g1 = 0;
                mvin(e, v, kp->lhs.value, off + h * rstep * cv->sH, wstep * cv->sW, cv->sC);
            }
        }
    }
}

void nl_conv_load_w(em *e, const gstage *st, np_view wv, int64_t outer) {
    const nl_kernel *kp = e->kp;
    const nl_conv *cv = &kp->cv;
    const nl_access *a = &kp->rhs;
    int64_t tc = st->tk, T = cv->T, ldw = wv.ld, el = np_view_elem(&wv);
    int64_t rc = a->stride[cv->c], rkw = a->stride[cv->kw], rkh = cv->kh >= 0 ? a->stride[cv->kh] : 0;
    int64_t rf = a->stride[kp->dn];
    int64_t base = outer + st->ki * e->c->tk * rc + st->ni * e->c->tn * rf;
    bool taps_lin = cv->KH == 1 || rkh == cv->KW * rkw; /* tap t at t * rkw */
    np_view v = wv;
    v.cols = st->tn;
    if (!cv->tap_major) { /* rows (c, t) */
        if (T == 1 || (taps_lin && (tc == 1 || rc == T * rkw))) {
            v.rows = tc * T;
            mvin(e, v, a->value, a->off + base, T == 1 ? rc : rkw, rf);
            return;
        }
        for (int64_t c = 0; c < tc; c++) {
            if (taps_lin) {
                v.off = wv.off + c * T * ldw * el;
                v.rows = T;
                mvin(e, v, a->value, a->off + base + c * rc, rkw, rf);
                continue;
            }
            for (int64_t t = 0; t < T; t++) {
                v.off = wv.off + (c * T + t) * ldw * el;
                v.rows = 1;
                mvin(e, v, a->value, a->off + base + c * rc + (t / cv->KW) * rkh + (t % cv->KW) * rkw, rc, rf);
            }
        }
        return;
    }
    /* rows (t, c) */
    if (tc == 1 || (taps_lin && rkw == tc * rc)) {
        v.rows = T * tc;
        mvin(e, v, a->value, a->off + base, tc == 1 ? rkw : rc, rf);
        return;
    }
    for (int64_t t = 0; t < T; t++) {
        v.off = wv.off + t * tc * ldw * el;
        v.rows = tc;
        mvin(e, v, a->value, a->off + base + (t / cv->KW) * rkh + (t % cv->KW) * rkw, rc, rf);
    }
}

/* The halo tile xv as the GEMM's (or a depthwise tap's) X for the tap at
 * pixel offset px within the halo: tile t's pixels down its rows, cols
 * wide, stepping the convolution's strides through the halo's rows. */
static np_view tap_x(const nl_conv *cv, const nl_ctile *t, np_view xv, int64_t px, int64_t cols) {
    int64_t ldx = xv.ld;
    np_view a = xv;
    a.off = xv.off + px * ldx * np_view_elem(&xv);
    a.rows = t->tm;
    a.cols = cols;
    a.ld = (cv->cw ? 1 : cv->sw) * ldx;
    a.g1 = cv->OW;
    a.gs1 = (cv->ch ? 1 : cv->sh) * cv->Wp * ldx;
    a.g2 = t->toh;
    a.gs2 = t->HH * cv->Wp * ldx;
    return a;
}

/* The pixel offset of tap (i, j) of the window within the halo. */
static int64_t tap_px(const nl_conv *cv, int64_t i, int64_t j) {
    return i * (cv->ch ? 1 : cv->dh) * cv->Wp + j * (cv->cw ? 1 : cv->dw);
}

/* A depthwise convolution: one VEC per tap, channels across the lanes. */
static void dw_taps(em *e, const gstage *st, np_view xv, np_view wv, np_view y, bool acc) {
    const nl_conv *cv = &e->kp->cv;
    const nl_ctile *t = &st->ct;
    int64_t ldw = wv.ld, el = np_view_elem(&xv);
    np_view src[2];
    np_insn v = {.op = NP_VEC, .mode = NP_VMAP, .dst = y, .rows = t->tm, .cols = st->tn, .nsrc = 2, .src = src};
    for (int64_t i = 0; i < cv->KH; i++)
        for (int64_t j = 0; j < cv->KW; j++) {
            int64_t tap = i * cv->KW + j;
            np_view a = tap_x(cv, t, xv, tap_px(cv, i, j), st->tn);
            np_view b = wv; /* the tap's row of weights, broadcast down the pixels */
            b.off = wv.off + tap * ldw * el;
            b.rows = 1;
            b.cols = st->tn;
            src[0] = a, src[1] = b;
            v.prog = &cv->dwprog[acc || tap > 0 ? 1 : 0];
            put(e, &v);
        }
}

/* Folded taps: one GEMM (from template in) per group of window rows, up to
 * fold * KW * tc deep. */
static void folded_gemms(em *e, const gstage *st, np_view xv, np_view wv, bool acc, np_insn *in) {
    const nl_conv *cv = &e->kp->cv;
    int64_t ldw = wv.ld, el = np_view_elem(&xv), tc = st->tk;
    int64_t slack = nl_conv_slack(e->kp, e->c), gh = e->c->fold;
    for (int64_t i = 0; i < cv->KH; i += gh) {
        int64_t nr = min64(gh, cv->KH - i);
        np_view a = tap_x(cv, &st->ct, xv, slack + tap_px(cv, i, 0), nr * cv->KW * tc);
        np_view b = wv; /* rows (kh, kw, c) of window rows [i, i + nr) */
        b.rows = nr * cv->KW * tc;
        b.cols = st->tn;
        if (cv->tap_major) {
            b.off = wv.off + i * cv->KW * tc * ldw * el;
        } else { /* c major: (c, kh, kw) in memory, so groups of tc rows T apart, one per tap */
            b.off = wv.off + i * cv->KW * ldw * el;
            b.ld = cv->T * ldw;
            b.g1 = tc;
            b.gs1 = ldw;
        }
        in->a = a;
        in->b = b;
        in->k = nr * cv->KW * tc;
        in->flags = acc || i > 0 ? NP_ACC : 0;
        put(e, in);
    }
}

void nl_conv_gemms(em *e, const gstage *st, np_view xv, np_view wv, np_view y, bool acc) {
    const nl_kernel *kp = e->kp;
    const nl_conv *cv = &kp->cv;
    const nl_ctile *t = &st->ct;
    int64_t ldw = wv.ld, el = np_view_elem(&xv), tc = st->tk;
    np_insn in;
    memset(&in, 0, sizeof in);
    in.op = NP_GEMM;
    in.dst = y;
    in.rows = t->tm;
    in.cols = st->tn;
    in.k = tc;
    if (cv->depthwise) {
        dw_taps(e, st, xv, wv, y, acc);
        return;
    }
    if (e->c->fold) {
        folded_gemms(e, st, xv, wv, acc, &in);
        return;
    }
    int64_t slack = nl_conv_slack(kp, e->c);
    for (int64_t i = 0; i < cv->KH; i++)
        for (int64_t j = 0; j < cv->KW; j++) {
            int64_t tap = i * cv->KW + j;
            np_view a = tap_x(cv, t, xv, slack + tap_px(cv, i, j), tc);
            np_view b = wv;
            b.rows = tc;
            b.cols = st->tn;
            if (cv->tap_major) {
                b.off = wv.off + tap * tc * ldw * el;
            } else {
                b.off = wv.off + tap * ldw * el;
                b.ld = cv->T * ldw;
            }
            in.a = a;
            in.b = b;
            in.flags = acc || tap > 0 ? NP_ACC : 0;
            put(e, &in);
        }
}

void nl_conv_rows_dma(em *e, const nl_access *a, const nl_ctile *t, np_view v, int64_t r0, int64_t nr, int64_t off,
                      int64_t cs, bool store) {
    const nl_conv *cv = &e->kp->cv;
    int64_t aN = cv->img >= 0 ? a->stride[cv->img] : 0, aH = cv->oh >= 0 ? a->stride[cv->oh] : 0, aW = a->stride[cv->ow];
    int64_t el = np_view_elem(&v);
    for (int64_t r = r0, n; r < r0 + nr; r += n) {
        int64_t ow = r % cv->OW, q = r / cv->OW, ohl = q % t->toh, b = q / t->toh;
        int64_t run = cv->OW - ow;
        if (aH == cv->OW * aW) {
            run = (t->toh - ohl) * cv->OW - ow;
            if (t->toh == cv->OH && aN == cv->OH * aH) run = (t->tb - b) * t->toh * cv->OW - ohl * cv->OW - ow;
        }
        n = min64(run, r0 + nr - r);
        np_view sub = v;
        sub.off = v.off + (r - r0) * v.ld * el;
        sub.rows = n;
        int64_t d = off + (t->b0 + b) * aN + (t->oh0 + ohl) * aH + ow * aW;
        if (store) {
            nl_store_blocks(e->sink, e->kp->t, sub, a->value, a->off + d, aW, cs);
        } else {
            np_insn in;
            memset(&in, 0, sizeof in);
            in.op = NP_MVIN;
            in.why = e->why;
            in.dst = sub;
            in.dram = (np_dram){a->value, a->off + d, aW, cs};
            put(e, &in);
        }
    }
}

void nl_conv_inner_rows(const nl_kernel *kp, int64_t TOH, int64_t *first, int64_t *last) {
    const nl_conv *cv = &kp->cv;
    int64_t rtt = ceil_div(cv->OH, TOH);
    *first = rtt, *last = -1;
    for (int64_t ri = 0; ri < rtt; ri++) {
        nl_ctile t = nl_conv_tile(kp, TOH * cv->OW, ri);
        if (nl_conv_in_rows(kp, &t) != t.HH || t.toh != TOH) continue;
        if (ri < *first) *first = ri;
        *last = ri;
    }
}

int64_t nl_conv_last_piece(const nl_kernel *kp, const nl_ctile *t, int64_t per) {
    const nl_conv *cv = &kp->cv;
    const nl_access *a = &kp->out;
    int64_t aN = cv->img >= 0 ? a->stride[cv->img] : 0, aH = cv->oh >= 0 ? a->stride[cv->oh] : 0, aW = a->stride[cv->ow];
    if (per < 1) per = 1;
    int64_t r0 = (t->tm - 1) / per * per, n = 0;
    for (int64_t r = r0; r < t->tm; r += n) { /* nl_conv_rows_dma's runs */
        int64_t ow = r % cv->OW, q = r / cv->OW, ohl = q % t->toh, b = q / t->toh;
        int64_t run = cv->OW - ow;
        if (aH == cv->OW * aW) {
            run = (t->toh - ohl) * cv->OW - ow;
            if (t->toh == cv->OH && aN == cv->OH * aH) run = (t->tb - b) * t->toh * cv->OW - ohl * cv->OW - ow;
        }
        n = min64(run, t->tm - r);
    }
    return n;
}
