/* emit.c - the npu lowering's emitter (lower.h): the instruction stream of
 * a candidate with planned buffers (nl_emit), stage by stage, so that
 * search.c can time a stretch of stages from any stage on. The kernel comes
 * from analyze.c, the buffers from layout.c. */
#include "lower_int.h"

#include <string.h>

static void put(em *e, const np_insn *in) { e->sink.fn(e->sink.ud, in); }

void nl_marker(em *e, np_opcode op, int32_t buf) { np_put_marker(e->sink, op, buf); }

np_view nl_buf_view(const nl_buf *bufs, int64_t L, int32_t buf, int64_t row, int64_t rows, int64_t cols) {
    const nl_buf *b = &bufs[buf];
    np_view v;
    memset(&v, 0, sizeof v);
    v.buf = buf;
    v.dt = b->dt;
    v.ld = ceil_div(b->cols, L);
    v.off = b->offset + row * v.ld * np_dtype_bytes((np_dtype)b->dt);
    v.rows = rows;
    v.cols = cols;
    return v;
}

/* Chunk `chunk` of buffer buf (its chunks are b->rows apart). */
static np_view view_of(const em *e, int32_t buf, int64_t chunk, int64_t rows, int64_t cols) {
    return nl_buf_view(e->b, e->L, buf, chunk * e->b[buf].rows, rows, cols);
}

/* The part of view v from row r0 and column c0 on, rows x cols of it. */
static np_view sub_view(const em *e, np_view v, int64_t r0, int64_t c0, int64_t rows, int64_t cols) {
    int64_t el = np_view_elem(&v), c = v.c0 + c0;
    v.off += (r0 * v.ld + c / e->L) * el;
    v.c0 = c % e->L;
    v.rows = rows;
    v.cols = cols;
    return v;
}

/* Element offset of outer index o (over the listed loops) in access a. */
static int64_t outer_off(const nl_kernel *kp, const nl_access *a, const uint32_t *dims, uint32_t n, int64_t o) {
    int64_t off = 0;
    for (uint32_t i = n; i-- > 0;) {
        int64_t bnd = kp->bounds[dims[i]];
        off += (o % bnd) * a->stride[dims[i]];
        o /= bnd;
    }
    return off;
}

static int64_t stride_of(const nl_access *a, int d) { return d >= 0 ? a->stride[d] : 0; }

/* Whether outer index o (over the listed loops, outer_off's order) is past
 * 0 in a loop that access a does not depend on. */
static bool outer_again(const nl_kernel *kp, const nl_access *a, const uint32_t *dims, uint32_t n, int64_t o) {
    for (uint32_t i = n; i-- > 0;) {
        int64_t bnd = kp->bounds[dims[i]];
        if (o % bnd && a->stride[dims[i]] == 0) return true;
        o /= bnd;
    }
    return false;
}

/* np_why of a load of access a (prog.h): at outer parallel index o, outer
 * reduction index ri and tile indices im, in, ik along the loops dm, dn,
 * dk, elements an earlier load moved when one of those indices is past 0
 * in a loop a does not depend on: OUTER for an outer loop (EPI when
 * tile_why is EPI: a tensor the epilogue reads), else tile_why; else the
 * first fetch, first_why. */
static uint8_t why_of(const nl_kernel *kp, const nl_access *a, int64_t o, int64_t ri, int64_t im, int64_t in_, int64_t ik,
                      uint8_t tile_why, uint8_t first_why) {
    if (a->kind != NL_A_TENSOR) return NP_WHY_FIRST;
    if (outer_again(kp, a, kp->par, kp->npar, o) || outer_again(kp, a, kp->red, kp->nred, ri))
        return tile_why == NP_WHY_EPI ? NP_WHY_EPI : NP_WHY_OUTER;
    if ((im > 0 && stride_of(a, kp->dm) == 0) || (in_ > 0 && stride_of(a, kp->dn) == 0) || (ik > 0 && stride_of(a, kp->dk) == 0))
        return tile_why;
    return first_why;
}

/* Whether tensor a is one an earlier access of the kernel (the lhs, the
 * rhs, epilogue operand j < i) reads too: min_dma_bytes counts it once, so
 * every load of it is a re-read. */
static bool read_before(const nl_kernel *kp, const nl_access *a, uint32_t i) {
    if (a->kind != NL_A_TENSOR) return false;
    if (kp->gemm && ((kp->lhs.kind == NL_A_TENSOR && kp->lhs.value == a->value) || (kp->rhs.kind == NL_A_TENSOR && kp->rhs.value == a->value)))
        return true;
    for (uint32_t j = 0; j < i; j++)
        if (kp->in[j].a.kind == NL_A_TENSOR && kp->in[j].a.value == a->value) return true;
    return false;
}

/* Fill a tile from an access: DMA for tensors, the vector unit for a
 * constant or run-time scalar (a splat weight is never a tensor). */
void nl_put_load(np_sink sink, const nl_access *a, uint8_t why, np_view v, int64_t dram_off, int64_t rs, int64_t cs) {
    np_insn in;
    memset(&in, 0, sizeof in);
    in.dst = v;
    if (a->kind == NL_A_TENSOR) {
        in.op = NP_MVIN;
        in.why = why;
        in.dram = (np_dram){a->value, dram_off, rs, cs};
    } else {
        in.op = NP_FILL;
        in.imm = a->imm;
        in.scalar = a->kind == NL_A_SCALAR ? (int64_t)a->value : -1;
    }
    sink.fn(sink.ud, &in);
}

static void load_tile(em *e, const nl_access *a, np_view v, int64_t off, int64_t rs, int64_t cs) {
    nl_put_load(e->sink, a, e->why, v, a->off + off, rs, cs);
}

static void fill_tile(em *e, np_view v, const nl_access *a) {
    np_put_fill(e->sink, v, a->kind == NL_A_IMM ? a->imm : (np_scalar){0}, a->kind == NL_A_SCALAR ? (int64_t)a->value : -1);
}

/* Stores go out in row blocks of nt_dma_chunk_rows (about 256 DMA cycles):
 * the engine takes loads first, and a store that holds it longer than the
 * gaps between the loads would stall the loads of the next tiles behind it. */
void nl_store_blocks(np_sink sink, const nt_target *t, np_view v, uint32_t tensor, int64_t off, int64_t rs, int64_t cs) {
    double row_bytes = (double)(v.cols > 0 ? v.cols : 1) * (double)np_view_elem(&v);
    int64_t per = nt_dma_chunk_rows(t, row_bytes);
    for (int64_t r0 = 0; r0 < v.rows; r0 += per) {
        np_insn in;
        memset(&in, 0, sizeof in);
        in.op = NP_MVOUT;
        in.a = v;
        in.a.rows = min64(per, v.rows - r0);
        in.a.off = v.off + r0 * v.ld * np_view_elem(&v);
        in.dram = (np_dram){tensor, off + r0 * rs, rs, cs};
        sink.fn(sink.ud, &in);
    }
}

static void store_tile(em *e, np_view v, const nl_access *a, int64_t off, int64_t rs, int64_t cs) {
    nl_store_blocks(e->sink, e->kp->t, v, a->value, a->off + off, rs, cs);
}

/* ---- contraction kernels */

gdims nl_gemm_dims(const nl_kernel *kp, const nl_cand *c) {
    gdims g;
    g.tiles_m = kp->cv.on ? nl_conv_mtiles(kp, c->tm) : ceil_div(kp->M, c->tm);
    g.tiles_n = ceil_div(kp->N, c->tn);
    g.tiles_k = ceil_div(kp->K, c->tk);
    g.ks = kp->nred_total * g.tiles_k;
    g.ntiles = kp->npar_total * g.tiles_m * g.tiles_n;
    g.nstages = g.ntiles * g.ks;
    return g;
}

static void tile_of(const nl_kernel *kp, const nl_cand *c, const gdims *g, int64_t t, int64_t *o, int64_t *mi, int64_t *ni) {
    (void)kp;
    int64_t per = g->tiles_m * g->tiles_n;
    *o = t / per;
    int64_t r = t % per;
    if (c->order == NL_ORDER_MNK) {
        *mi = r / g->tiles_n;
        *ni = r % g->tiles_n;
    } else {
        *ni = r / g->tiles_m;
        *mi = r % g->tiles_m;
    }
}

gstage nl_stage_of(const nl_kernel *kp, const nl_cand *c, const gdims *g, int64_t s) {
    gstage st;
    st.t = s / g->ks;
    st.ks = s % g->ks;
    st.ri = st.ks / g->tiles_k;
    st.ki = st.ks % g->tiles_k;
    tile_of(kp, c, g, st.t, &st.o, &st.mi, &st.ni);
    memset(&st.ct, 0, sizeof st.ct);
    if (kp->cv.on) {
        st.ct = nl_conv_tile(kp, c->tm, st.mi);
        st.tm = st.ct.tm;
    } else {
        st.tm = min64(c->tm, kp->M - st.mi * c->tm);
    }
    st.tn = min64(c->tn, kp->N - st.ni * c->tn);
    st.tk = min64(c->tk, kp->K - st.ki * c->tk);
    st.first_x = st.ni == 0;
    st.first_w = st.mi == 0;
    st.last_x = st.ni == g->tiles_n - 1 && st.ks == g->ks - 1;
    st.last_w = st.mi == g->tiles_m - 1 && st.ks == g->ks - 1 && (!gemm_w_whole(kp, c, g) || st.ni == g->tiles_n - 1);
    return st;
}

/* X and W of stage st (a convolution's: its halo tile, its weights of
 * every tap) */
static np_view x_view(em *e, const gstage *st, int64_t s) {
    const nl_kernel *kp = e->kp;
    int64_t rows = kp->cv.on ? nl_conv_slack(kp, e->c) + st->ct.tb * st->ct.HH * kp->cv.Wp : st->tm;
    int64_t cols = kp->cv.on ? (kp->cv.depthwise ? st->tn : nl_conv_xcols(kp, e->c, st->tk)) : st->tk;
    if (e->c->xbuf == NL_PANEL) return view_of(e, e->ly.x0, st->ks, rows, cols);
    return view_of(e, e->ly.x0 + (int32_t)(s % e->ly.nx), 0, rows, cols);
}

static np_view w_view(em *e, const gstage *st, int64_t s) {
    int64_t rows = e->kp->cv.on ? st->tk * e->kp->cv.T : st->tk;
    if (e->c->wbuf == NL_PANEL) {
        gdims g = nl_gemm_dims(e->kp, e->c);
        return view_of(e, e->ly.w0, (gemm_w_whole(e->kp, e->c, &g) ? st->ni * g.ks : 0) + st->ks, rows, st->tn);
    }
    return view_of(e, e->ly.w0 + (int32_t)(s % e->ly.nw), 0, rows, st->tn);
}

/* A GEMM operand's tile (X or W) of stage st loaded into v: its rows from
 * r0 along loop dr, its columns from c0 along loop dc, in the stage's
 * outer and reduction iterations. */
static void gemm_load(em *e, const nl_access *a, const gstage *st, np_view v, int64_t r0, int dr, int64_t c0, int dc) {
    const nl_kernel *kp = e->kp;
    int64_t off = outer_off(kp, a, kp->par, kp->npar, st->o) + outer_off(kp, a, kp->red, kp->nred, st->ri) +
                  r0 * stride_of(a, dr) + c0 * stride_of(a, dc);
    load_tile(e, a, v, off, stride_of(a, dr), stride_of(a, dc));
}

static void gemm_loads(em *e, const gdims *g, int64_t s) {
    const nl_kernel *kp = e->kp;
    gstage st = nl_stage_of(kp, e->c, g, s);
    bool xp = e->c->xbuf == NL_PANEL, wp = e->c->wbuf == NL_PANEL;
    /* X */
    if (!xp || st.first_x) {
        if (!xp || st.ks == 0) nl_marker(e, NP_BIRTH, xp ? e->ly.x0 : e->ly.x0 + (int32_t)(s % e->ly.nx));
        e->why = why_of(kp, &kp->lhs, st.o, st.ri, st.mi, st.ni, st.ki, NP_WHY_TILE, kp->cv.on ? NP_WHY_HALO : NP_WHY_FIRST);
        if (kp->cv.on) {
            nl_conv_load_x(e, &st, x_view(e, &st, s), outer_off(kp, &kp->lhs, kp->par, kp->npar, st.o));
        } else {
            gemm_load(e, &kp->lhs, &st, x_view(e, &st, s), st.mi * e->c->tm, kp->dm, st.ki * e->c->tk, kp->dk);
        }
        e->why = NP_WHY_FIRST;
    }
    /* W: the panel group of order n, m is the first m tile */
    if (!wp || st.first_w) {
        if (!wp || (st.ks == 0 && (st.ni == 0 || !gemm_w_whole(kp, e->c, g))))
            nl_marker(e, NP_BIRTH, wp ? e->ly.w0 : e->ly.w0 + (int32_t)(s % e->ly.nw));
        e->why = kp->rhs.kind == NL_A_TENSOR && kp->lhs.kind == NL_A_TENSOR && kp->rhs.value == kp->lhs.value
                     ? NP_WHY_TILE
                     : why_of(kp, &kp->rhs, st.o, st.ri, st.mi, st.ni, st.ki, NP_WHY_TILE, NP_WHY_FIRST);
        if (kp->cv.on && kp->rhs.kind == NL_A_TENSOR) {
            nl_conv_load_w(e, &st, w_view(e, &st, s), outer_off(kp, &kp->rhs, kp->par, kp->npar, st.o));
        } else {
            gemm_load(e, &kp->rhs, &st, w_view(e, &st, s), st.ki * e->c->tk, kp->dk, st.ni * e->c->tn, kp->dn);
        }
        e->why = NP_WHY_FIRST;
    }
}

static np_view operand_view(em *e, uint32_t i, int32_t buf, int64_t tm, int64_t tn) {
    const nl_operand *op = &e->kp->in[i];
    return view_of(e, buf, 0, op->uses_r ? tm : 1, op->uses_c ? tn : 1);
}

/* Rows of operand i one load moves: nt_dma_chunk_rows, so early operand
 * loads interleave with the K loop's loads. */
static int64_t operand_chunk_rows(const em *e, int64_t tn) {
    return nt_dma_chunk_rows(e->kp->t, (double)(tn > 0 ? tn : 1) * 4.0); /* the accumulator's f32 rows */
}

int64_t nl_operand_chunks(const em *e, int64_t tm, int64_t tn) {
    int64_t n = 0, per = operand_chunk_rows(e, tn);
    for (uint32_t i = 0; i < e->kp->nin; i++) n += e->kp->in[i].uses_r ? ceil_div(tm, per) : 1;
    return n;
}

/* Load row blocks [from, to) of the tile's operands (numbered operand by
 * operand, then by rows). */
static void gemm_operand_loads(em *e, int64_t o, int64_t mi, int64_t ni, int64_t tm, int64_t tn, int64_t from, int64_t to) {
    const nl_kernel *kp = e->kp;
    int64_t per = operand_chunk_rows(e, tn), idx = 0;
    for (uint32_t i = 0; i < kp->nin && idx < to; i++) {
        const nl_operand *op = &kp->in[i];
        int64_t rows = op->uses_r ? tm : 1, nch = op->uses_r ? ceil_div(tm, per) : 1;
        for (int64_t c = 0; c < nch; c++, idx++) {
            if (idx < from || idx >= to) continue;
            if (c == 0) nl_marker(e, NP_BIRTH, e->ly.op[i]);
            int64_t r0 = c * per, nr = op->uses_r ? min64(per, rows - r0) : 1;
            np_view v = operand_view(e, i, e->ly.op[i], tm, tn);
            v.off += r0 * v.ld * np_view_elem(&v);
            v.rows = nr;
            e->why = read_before(kp, &op->a, i) ? NP_WHY_EPI : why_of(kp, &op->a, o, 0, mi, ni, 0, NP_WHY_EPI, NP_WHY_FIRST);
            if (kp->cv.on && op->uses_r && op->a.kind == NL_A_TENSOR) { /* pixel rows, in runs */
                nl_ctile ct = nl_conv_tile(kp, e->c->tm, mi);
                nl_conv_rows_dma(e, &op->a, &ct, v, r0, nr,
                                 outer_off(kp, &op->a, kp->par, kp->npar, o) + ni * e->c->tn * stride_of(&op->a, kp->dn),
                                 op->uses_c ? stride_of(&op->a, kp->dn) : 0, false);
                e->why = NP_WHY_FIRST;
                continue;
            }
            int64_t rs = op->uses_r ? stride_of(&op->a, kp->dm) : 0;
            int64_t off = outer_off(kp, &op->a, kp->par, kp->npar, o) + mi * e->c->tm * stride_of(&op->a, kp->dm) +
                          ni * e->c->tn * stride_of(&op->a, kp->dn) + r0 * rs;
            load_tile(e, &op->a, v, off, rs, op->uses_c ? stride_of(&op->a, kp->dn) : 0);
            e->why = NP_WHY_FIRST;
        }
    }
}

/* Rows of M tile mi. */
static int64_t tile_rows(const em *e, int64_t mi) {
    if (e->kp->cv.on) return nl_conv_tile(e->kp, e->c->tm, mi).tm;
    return min64(e->c->tm, e->kp->M - mi * e->c->tm);
}

/* Output tile t of a contraction: head o, M and N tiles mi and ni, its
 * rows and columns (clipped at the edges), its accumulator buffer. */
typedef struct ytile {
    int64_t o, mi, ni, tm, tn;
    int32_t yb;
} ytile;

static ytile ytile_of(const em *e, const gdims *g, int64_t t) {
    ytile y;
    tile_of(e->kp, e->c, g, t, &y.o, &y.mi, &y.ni);
    y.tm = tile_rows(e, y.mi), y.tn = min64(e->c->tn, e->kp->N - y.ni * e->c->tn);
    y.yb = e->ly.y0 + (int32_t)(t % e->ly.ny);
    return y;
}

static void gemm_tile_start(em *e, const gdims *g, int64_t t) {
    const nl_kernel *kp = e->kp;
    ytile yt = ytile_of(e, g, t);
    nl_marker(e, NP_BIRTH, yt.yb);
    bool zero_init = kp->init.kind == NL_A_IMM && kp->init.imm.f == 0.0;
    if (!zero_init || g->ks == 0) fill_tile(e, view_of(e, yt.yb, 0, yt.tm, yt.tn), &kp->init);
}

static void gemm_tile_end(em *e, const gdims *g, int64_t t) {
    const nl_kernel *kp = e->kp;
    ytile yt = ytile_of(e, g, t);
    const int64_t o = yt.o, mi = yt.mi, ni = yt.ni, tm = yt.tm, tn = yt.tn;
    const int32_t yb = yt.yb;
    np_view y = view_of(e, yb, 0, tm, tn);
    /* the tile stored: the accumulator, or (a bf16 or f16 result) the
     * epilogue's own tile of it */
    int32_t ob = kp->epi_own ? e->ly.res0 + (int32_t)(t % e->ly.ny) : yb;
    np_view out = view_of(e, ob, 0, tm, tn);
    if (kp->epi_own) nl_marker(e, NP_BIRTH, ob);
    if (!e->c->early || g->ks == 0) gemm_operand_loads(e, o, mi, ni, tm, tn, 0, INT64_MAX);
    /* the epilogue and the store go by row blocks, so the first rows
     * leave while the vector unit works on the next ones */
    int64_t off = outer_off(kp, &kp->out, kp->par, kp->npar, o) + mi * e->c->tm * stride_of(&kp->out, kp->dm) +
                  ni * e->c->tn * stride_of(&kp->out, kp->dn);
    int64_t rs = stride_of(&kp->out, kp->dm), cs = stride_of(&kp->out, kp->dn);
    int64_t per = operand_chunk_rows(e, tn);
    for (int64_t r0 = 0; r0 < tm; r0 += per) {
        int64_t nr = min64(per, tm - r0);
        np_view yb_rows = y, out_rows = out;
        yb_rows.off += r0 * y.ld * np_view_elem(&y);
        yb_rows.rows = nr;
        out_rows.off += r0 * out.ld * np_view_elem(&out);
        out_rows.rows = nr;
        if (kp->has_prog) {
            np_view src[NP_VMAX_SRCS];
            for (uint32_t i = 0; i < kp->nin; i++) {
                src[i] = operand_view(e, i, e->ly.op[i], tm, tn);
                if (kp->in[i].uses_r) {
                    src[i].off += r0 * src[i].ld * np_view_elem(&src[i]);
                    src[i].rows = nr;
                }
            }
            if (kp->epi_own) src[kp->nin] = yb_rows; /* the accumulator, read as the source after the operands */
            np_put_vec(e->sink, NP_VMAP, out_rows, nr, tn, src, kp->nin + (kp->epi_own ? 1 : 0), &kp->prog);
        }
        if (r0 + per >= tm)
            for (uint32_t i = 0; i < kp->nin; i++) nl_marker(e, NP_DEATH, e->ly.op[i]);
        if (kp->epi_own && r0 + per >= tm) nl_marker(e, NP_DEATH, yb); /* read whole: its result is in out */
        else if (e->o && e->o->shorten_acc && r0 + per >= tm) nl_marker(e, NP_DEATH, yb);
        if (kp->cv.on) {
            nl_ctile ct = nl_conv_tile(kp, e->c->tm, mi);
            nl_conv_rows_dma(e, &kp->out, &ct, out_rows, r0, nr,
                             outer_off(kp, &kp->out, kp->par, kp->npar, o) + ni * e->c->tn * stride_of(&kp->out, kp->dn), cs, true);
        } else {
            store_tile(e, out_rows, &kp->out, off + r0 * rs, rs, cs);
        }
    }
    if (kp->epi_own)
        nl_marker(e, NP_DEATH, ob);
    else if (!(e->o && e->o->shorten_acc))
        nl_marker(e, NP_DEATH, yb);
}

/* Stage s of a contraction's program: its GEMM and what goes with it. A
 * stage's instructions depend only on s, so a stretch of stages can be
 * emitted (or its timing extrapolated) from any stage on. */
void nl_emit_gemm_stage(em *e, const gdims *g, int64_t s) {
    const nl_kernel *kp = e->kp;
    if (g->ks == 0) { /* an empty reduction: the result is the init */
        gemm_tile_start(e, g, s);
        gemm_tile_end(e, g, s);
        return;
    }
    bool zero_init = kp->init.kind == NL_A_IMM && kp->init.imm.f == 0.0;
    gstage st = nl_stage_of(kp, e->c, g, s);
    if (st.ks == 0 && s == 0) gemm_tile_start(e, g, st.t);
    if (s == 0) gemm_loads(e, g, 0);
    int32_t yb = e->ly.y0 + (int32_t)(st.t % e->ly.ny);
    if (kp->cv.on) {
        nl_conv_gemms(e, &st, x_view(e, &st, s), w_view(e, &st, s), view_of(e, yb, 0, st.tm, st.tn), st.ks > 0 || !zero_init);
    } else {
        np_insn in;
        memset(&in, 0, sizeof in);
        in.op = NP_GEMM;
        in.flags = (st.ks > 0 || !zero_init) ? NP_ACC : 0;
        in.dst = view_of(e, yb, 0, st.tm, st.tn);
        in.a = x_view(e, &st, s);
        in.b = w_view(e, &st, s);
        in.rows = st.tm;
        in.cols = st.tn;
        in.k = st.tk;
        put(e, &in);
    }
    /* X and W of this stage die unless a panel keeps them */
    if (e->c->xbuf != NL_PANEL)
        nl_marker(e, NP_DEATH, e->ly.x0 + (int32_t)(s % e->ly.nx));
    else if (st.last_x)
        nl_marker(e, NP_DEATH, e->ly.x0);
    if (e->c->wbuf != NL_PANEL)
        nl_marker(e, NP_DEATH, e->ly.w0 + (int32_t)(s % e->ly.nw));
    else if (st.last_w)
        nl_marker(e, NP_DEATH, e->ly.w0);
    bool more = s + 1 < g->nstages;
    if (e->c->early && kp->nin) { /* this tile's operands, a share of their row blocks per stage */
        int64_t nch = nl_operand_chunks(e, st.tm, st.tn);
        gemm_operand_loads(e, st.o, st.mi, st.ni, st.tm, st.tn, early_chunk(st.ks, nch, g->ks), early_chunk(st.ks + 1, nch, g->ks));
    }
    if (st.ks < g->ks - 1) { /* the next stage's tiles load while this one computes */
        if (more) gemm_loads(e, g, s + 1);
        return;
    }
    if (gemm_prefetch_across(kp, e->c)) {
        /* and the next tile's first tiles while this one finishes */
        if (more) gemm_loads(e, g, s + 1);
        gemm_tile_end(e, g, st.t);
        if (st.t + 1 < g->ntiles) gemm_tile_start(e, g, st.t + 1);
    } else {
        /* late operands may take the bytes X and W leave: the next
         * tile's loads wait until the epilogue has read them */
        gemm_tile_end(e, g, st.t);
        if (st.t + 1 < g->ntiles) gemm_tile_start(e, g, st.t + 1);
        if (more) gemm_loads(e, g, s + 1);
    }
}

/* ---- loop kernels */

ldims nl_loop_dims(const nl_kernel *kp, const nl_cand *c) {
    ldims d;
    d.tiles_r = ceil_div(kp->M, c->tm);
    d.tiles_c = ceil_div(kp->N, c->tn);
    d.ntiles = kp->npar_total * (kp->red_r ? 1 : d.tiles_r) * (kp->red_c ? 1 : d.tiles_c);
    d.rs = kp->nred_total * (kp->red_r ? d.tiles_r : 1) * (kp->red_c ? d.tiles_c : 1);
    d.nstages = d.ntiles * d.rs;
    return d;
}

typedef struct lstage {
    int64_t t, o, ri, rt, ct; /* output tile, outer parallel, outer reduction, row tile, col tile */
    int64_t tr, tc;
    int64_t ks;
} lstage;

static lstage lstage_of(const nl_kernel *kp, const nl_cand *c, const ldims *d, int64_t s) {
    lstage st;
    st.t = s / d->rs;
    st.ks = s % d->rs;
    int64_t pr = kp->red_r ? 1 : d->tiles_r, pc = kp->red_c ? 1 : d->tiles_c;
    st.o = st.t / (pr * pc);
    int64_t r = st.t % (pr * pc);
    int64_t prow = r / pc, pcol = r % pc;
    int64_t rr = kp->red_r ? d->tiles_r : 1, rc = kp->red_c ? d->tiles_c : 1;
    st.ri = st.ks / (rr * rc);
    int64_t q = st.ks % (rr * rc);
    int64_t rrow = q / rc, rcol = q % rc;
    st.rt = kp->red_r ? rrow : prow;
    st.ct = kp->red_c ? rcol : pcol;
    st.tr = min64(c->tm, kp->M - st.rt * c->tm);
    st.tc = min64(c->tn, kp->N - st.ct * c->tn);
    return st;
}

static int32_t loop_in_buf(const em *e, uint32_t i, int64_t s) { return e->ly.op[i] + (int32_t)(s % e->ly.nx); }

/* The output tile of stage s's output tile. */
static np_view loop_out_view(em *e, const lstage *st, int64_t s) {
    const nl_kernel *kp = e->kp;
    int64_t rows = kp->red_r ? 1 : st->tr, cols = kp->red_c ? 1 : st->tc;
    if (kp->inplace >= 0) return view_of(e, loop_in_buf(e, (uint32_t)kp->inplace, s), 0, rows, cols);
    return view_of(e, e->ly.out0 + (int32_t)(st->t % e->ly.nout), 0, rows, cols);
}

/* Chain operand i's tile for the output tile of stage st. */
static np_view loop_chain_view(em *e, uint32_t i, const lstage *st) {
    const nl_operand *op = &e->kp->ein[i];
    return view_of(e, e->ly.eop[i] + (int32_t)(st->t % e->ly.nout), 0, op->uses_r ? st->tr : 1, op->uses_c ? st->tc : 1);
}

static int64_t out_tile_off(const nl_kernel *kp, const nl_access *a, const nl_cand *c, const lstage *st) {
    return outer_off(kp, a, kp->par, kp->npar, st->o) + (kp->red_r ? 0 : st->rt * c->tm * stride_of(a, kp->dm)) +
           (kp->red_c ? 0 : st->ct * c->tn * stride_of(a, kp->dn));
}

/* The patch's elements [k0, k1) along loop d that fall in loop indices
 * [lo, hi). */
static void patch_range(const nl_kernel *kp, int d, int64_t lo, int64_t hi, int64_t *k0, int64_t *k1) {
    int64_t p = kp->plo[d], st = kp->pstep[d];
    *k0 = lo <= p ? 0 : ceil_div(lo - p, st);
    *k1 = hi <= p ? 0 : min64(kp->psize[d], ceil_div(hi - p, st));
    if (*k1 < *k0) *k1 = *k0;
}

/* A copy kernel's tile of stage st: its part outside the patch from the
 * base (a fill, or the destination's tile), then the part of the patch it
 * holds DMA'd into a sub-view of it (from row r0 and column c0 of the tile;
 * a patch strided along the rows: every pstep-th row). */
static void copy_loads(em *e, const lstage *st, int64_t s) {
    const nl_kernel *kp = e->kp;
    const nl_operand *op = &kp->in[0];
    int32_t b = loop_in_buf(e, 0, s);
    nl_marker(e, NP_BIRTH, b);
    np_view v = view_of(e, b, 0, kp->dm >= 0 ? st->tr : 1, kp->dn >= 0 ? st->tc : 1);
    int64_t R0 = kp->dm >= 0 ? st->rt * e->c->tm : 0, C0 = kp->dn >= 0 ? st->ct * e->c->tn : 0;
    int64_t kr0 = 0, kr1 = 1, kc0 = 0, kc1 = 1, r0 = 0, c0 = 0, off = 0; /* from op->a.off */
    bool all = true;
    if (kp->dm >= 0) {
        patch_range(kp, kp->dm, R0, R0 + v.rows, &kr0, &kr1);
        r0 = kp->plo[kp->dm] + kr0 * kp->pstep[kp->dm] - R0;
        all &= kp->pstep[kp->dm] == 1 && kr1 - kr0 == v.rows;
        off += kr0 * op->a.stride[kp->dm];
    }
    if (kp->dn >= 0) {
        patch_range(kp, kp->dn, C0, C0 + v.cols, &kc0, &kc1);
        c0 = kp->plo[kp->dn] + kc0 - C0;
        all &= kc1 - kc0 == v.cols;
        off += kc0 * op->a.stride[kp->dn];
    }
    bool any = kr1 > kr0 && kc1 > kc0;
    /* the outer loops' indices (tile 1) */
    int64_t o = st->o;
    for (uint32_t i = kp->npar; i-- > 0;) {
        int d = (int)kp->par[i];
        int64_t idx = o % kp->bounds[d], k = idx - kp->plo[d];
        o /= kp->bounds[d];
        bool in = k >= 0 && k % kp->pstep[d] == 0 && k / kp->pstep[d] < kp->psize[d];
        any &= in, all &= in;
        if (in) off += k / kp->pstep[d] * op->a.stride[d];
    }
    if (kp->has_base && !all) {
        if (kp->base.kind == NL_A_TENSOR)
            load_tile(e, &kp->base, v, out_tile_off(kp, &kp->base, e->c, st), stride_of(&kp->base, kp->dm),
                      stride_of(&kp->base, kp->dn));
        else
            fill_tile(e, v, &kp->base);
    }
    if (!any) return;
    np_view pv = sub_view(e, v, r0, c0, kr1 - kr0, kc1 - kc0);
    if (kp->dm >= 0) pv.ld *= kp->pstep[kp->dm];
    load_tile(e, &op->a, pv, off, stride_of(&op->a, kp->dm), stride_of(&op->a, kp->dn));
}

static void loop_loads(em *e, const ldims *d, int64_t s) {
    const nl_kernel *kp = e->kp;
    lstage st = lstage_of(kp, e->c, d, s);
    if (kp->copy) {
        copy_loads(e, &st, s);
        return;
    }
    for (uint32_t i = 0; i < kp->nin; i++) {
        const nl_operand *op = &kp->in[i];
        int32_t b = loop_in_buf(e, i, s);
        nl_marker(e, NP_BIRTH, b);
        int64_t off = outer_off(kp, &op->a, kp->par, kp->npar, st.o) + outer_off(kp, &op->a, kp->red, kp->nred, st.ri) +
                      st.rt * e->c->tm * stride_of(&op->a, kp->dm) + st.ct * e->c->tn * stride_of(&op->a, kp->dn);
        e->why = read_before(kp, &op->a, i) ? NP_WHY_TILE : why_of(kp, &op->a, st.o, st.ri, st.rt, st.ct, 0, NP_WHY_TILE, NP_WHY_FIRST);
        load_tile(e, &op->a, view_of(e, b, 0, op->uses_r ? st.tr : 1, op->uses_c ? st.tc : 1), off,
                  op->uses_r ? stride_of(&op->a, kp->dm) : 0, op->uses_c ? stride_of(&op->a, kp->dn) : 0);
        e->why = NP_WHY_FIRST;
    }
}

static void loop_tile_start(em *e, const lstage *st, int64_t s) {
    const nl_kernel *kp = e->kp;
    np_view v = loop_out_view(e, st, s);
    if (kp->inplace < 0) nl_marker(e, NP_BIRTH, v.buf);
    if (!loop_reduces(kp)) return;
    if (kp->init.kind == NL_A_TENSOR) {
        int64_t off = out_tile_off(kp, &kp->init, e->c, st);
        load_tile(e, &kp->init, v, off, kp->red_r ? 0 : stride_of(&kp->init, kp->dm), kp->red_c ? 0 : stride_of(&kp->init, kp->dn));
    } else {
        fill_tile(e, v, &kp->init);
    }
    /* the chain's operands load while the reduction runs */
    for (uint32_t i = 0; i < kp->nein; i++) {
        const nl_operand *op = &kp->ein[i];
        np_view ov = loop_chain_view(e, i, st);
        nl_marker(e, NP_BIRTH, ov.buf);
        e->why = why_of(kp, &op->a, st->o, 0, kp->red_r ? 0 : st->rt, kp->red_c ? 0 : st->ct, 0, NP_WHY_EPI, NP_WHY_FIRST);
        load_tile(e, &op->a, ov, out_tile_off(kp, &op->a, e->c, st), op->uses_r ? stride_of(&op->a, kp->dm) : 0,
                  op->uses_c ? stride_of(&op->a, kp->dn) : 0);
        e->why = NP_WHY_FIRST;
    }
}

static void loop_tile_end(em *e, const lstage *st, int64_t s) {
    const nl_kernel *kp = e->kp;
    np_view v = loop_out_view(e, st, s);
    if (kp->has_epi) {
        np_view src[NP_VMAX_SRCS];
        for (uint32_t i = 0; i < kp->nein; i++) src[i] = loop_chain_view(e, i, st);
        np_view acc = v;
        if (kp->epi_own) { /* the chain reads the accumulator and writes a tile of its own type */
            src[kp->nein] = acc;
            v = view_of(e, e->ly.res0 + (int32_t)(st->t % e->ly.nout), 0, v.rows, v.cols);
            nl_marker(e, NP_BIRTH, v.buf);
        }
        np_insn in;
        memset(&in, 0, sizeof in);
        in.op = NP_VEC;
        in.mode = NP_VMAP;
        in.dst = v;
        in.rows = v.rows;
        in.cols = v.cols;
        in.nsrc = (uint8_t)(kp->nein + (kp->epi_own ? 1 : 0));
        in.src = src;
        in.prog = &kp->epi;
        put(e, &in);
        for (uint32_t i = 0; i < kp->nein; i++) nl_marker(e, NP_DEATH, src[i].buf);
        if (kp->epi_own) nl_marker(e, NP_DEATH, acc.buf);
    }
    if (e->o && e->o->shorten_acc) nl_marker(e, NP_DEATH, v.buf);
    int64_t off = out_tile_off(kp, &kp->out, e->c, st);
    store_tile(e, v, &kp->out, off, kp->red_r ? 0 : stride_of(&kp->out, kp->dm), kp->red_c ? 0 : stride_of(&kp->out, kp->dn));
    if (!(e->o && e->o->shorten_acc)) nl_marker(e, NP_DEATH, v.buf);
}

/* Program prog over stage s's tile into dst, reading the inputs' tiles
 * and `extra` after them when not NULL (lix: the loops' indices at its
 * point (0, 0), for a program that reads them, or NULL). */
static void loop_vec(em *e, const lstage *st, int64_t s, np_view dst, const np_vprog *prog, const np_view *extra,
                     const int64_t *lix) {
    const nl_kernel *kp = e->kp;
    np_view src[NP_VMAX_SRCS];
    for (uint32_t i = 0; i < kp->nin; i++) {
        const nl_operand *op = &kp->in[i];
        src[i] = view_of(e, loop_in_buf(e, i, s), 0, op->uses_r ? st->tr : 1, op->uses_c ? st->tc : 1);
    }
    if (extra) src[kp->nin] = *extra;
    np_insn in;
    memset(&in, 0, sizeof in);
    in.op = NP_VEC;
    in.mode = (uint8_t)kp->mode;
    in.dst = dst;
    in.rows = st->tr;
    in.cols = st->tc;
    in.nsrc = (uint8_t)(kp->nin + (extra ? 1 : 0));
    in.src = src;
    in.prog = prog;
    in.lix = lix;
    in.lr = (int8_t)kp->dm;
    in.lc = (int8_t)kp->dn;
    put(e, &in);
}

/* A gather's tile: the vector unit computes its index tile from the
 * inputs and the points' loop indices, the gathering DMA fills the output
 * tile from the table at them (or the gathered tile, which the post
 * program then maps into the output tile). */
/* The kernel loops' indices at stage st's tile point (0, 0). */
static void tile_lix(const em *e, const lstage *st, int64_t *lix) {
    const nl_kernel *kp = e->kp;
    int64_t o = st->o;
    for (uint32_t i = kp->npar; i-- > 0;) {
        int d = (int)kp->par[i];
        lix[d] = o % kp->bounds[d];
        o /= kp->bounds[d];
    }
    if (kp->dm >= 0) lix[kp->dm] = st->rt * e->c->tm;
    if (kp->dn >= 0) lix[kp->dn] = st->ct * e->c->tn;
}

static void gather_tile(em *e, const lstage *st, int64_t s) {
    const nl_kernel *kp = e->kp;
    int64_t lix[KN_MAX_DIMS] = {0};
    tile_lix(e, st, lix);
    np_view ix = view_of(e, e->ly.gidx, 0, st->tr, st->tc);
    nl_marker(e, NP_BIRTH, ix.buf);
    loop_vec(e, st, s, ix, &kp->prog, NULL, lix);
    np_view gv = kp->gpost ? view_of(e, e->ly.gval, 0, st->tr, st->tc) : loop_out_view(e, st, s);
    if (kp->gpost) nl_marker(e, NP_BIRTH, gv.buf);
    np_insn in;
    memset(&in, 0, sizeof in);
    in.op = NP_GATHER;
    in.dst = gv;
    in.a = ix;
    in.k = kp->gelems;
    in.dram = (np_dram){.tensor = kp->gtab.value, .off = kp->gtab.off};
    put(e, &in);
    nl_marker(e, NP_DEATH, ix.buf);
    if (!kp->gpost) return;
    loop_vec(e, st, s, loop_out_view(e, st, s), &kp->post, &gv, lix);
    nl_marker(e, NP_DEATH, gv.buf);
}

/* Stage s of a loop kernel's program (as nl_emit_gemm_stage). */
void nl_emit_loop_stage(em *e, const ldims *d, int64_t s) {
    const nl_kernel *kp = e->kp;
    lstage st = lstage_of(kp, e->c, d, s);
    if (s == 0) {
        loop_tile_start(e, &st, s);
        loop_loads(e, d, 0);
    }
    if (kp->gather) {
        gather_tile(e, &st, s);
    } else if (!kp->copy) { /* a copy's tile is stored as it was loaded */
        int64_t lix[KN_MAX_DIMS] = {0};
        if (kp->iota) tile_lix(e, &st, lix);
        loop_vec(e, &st, s, loop_out_view(e, &st, s), &kp->prog, NULL, kp->iota ? lix : NULL);
    }
    for (uint32_t i = 0; i < kp->nin; i++)
        if ((int32_t)i != kp->inplace) nl_marker(e, NP_DEATH, loop_in_buf(e, i, s));
    bool last = st.ks == d->rs - 1, more = s + 1 < d->nstages;
    if (!last) {
        loop_loads(e, d, s + 1);
        return;
    }
    lstage nx = more ? lstage_of(kp, e->c, d, s + 1) : st;
    if (kp->inplace >= 0) {
        /* the output sits in an input's tile: store it before the next
         * loads may reuse that tile */
        loop_tile_end(e, &st, s);
        if (more) {
            loop_tile_start(e, &nx, s + 1);
            loop_loads(e, d, s + 1);
        }
    } else {
        /* the next tiles load while this one finishes and stores */
        if (more) loop_loads(e, d, s + 1);
        loop_tile_end(e, &st, s);
        if (more) loop_tile_start(e, &nx, s + 1);
    }
}

void nl_em_init(em *e, const nl_kernel *kp, const nl_cand *c, const nl_buf *bufs, const nl_opts *o, np_sink sink) {
    memset(e, 0, sizeof *e);
    e->kp = kp;
    e->c = c;
    e->b = bufs;
    e->o = o;
    e->sink = sink;
    e->L = kp->t->lanes;
    nl_buf tmp[NL_MAX_BUFS];
    nl_make_layout(kp, c, o, tmp, &e->ly);
}

void nl_emit(const nl_kernel *kp, const nl_cand *c, const nl_buf *bufs, const nl_opts *o, np_sink sink) {
    if (kp->att) {
        nl_attn_emit(kp, c, bufs, sink);
        return;
    }
    if (kp->rows) {
        nl_rows_emit(kp, c, bufs, sink);
        return;
    }
    if (kp->win) {
        nl_win_emit(kp, c, bufs, sink);
        return;
    }
    em e;
    nl_em_init(&e, kp, c, bufs, o, sink);
    if (kp->gemm) {
        gdims g = nl_gemm_dims(kp, c);
        for (int64_t s = 0, n = gemm_nstages(&g); s < n; s++) nl_emit_gemm_stage(&e, &g, s);
    } else {
        ldims d = nl_loop_dims(kp, c);
        for (int64_t s = 0; s < d.nstages; s++) nl_emit_loop_stage(&e, &d, s);
    }
    nl_marker(&e, NP_BARRIER, -1);
}
