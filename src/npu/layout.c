/* layout.c - the npu lowering's buffers (lower.h): what a candidate tile
 * holds on chip, at which shapes and for which steps (nl_buffers; the
 * layout indices emit.c finds them by), and their offsets from the offset
 * planner (nl_plan). The kernel comes from analyze.c; emit.c writes the
 * program over these buffers, search.c weighs the candidates. */
#include "lower_int.h"

#include <stdio.h>
#include <string.h>

const char *nl_role_name(nl_role r) {
    static const char *const names[] = {"lhs", "rhs", "acc", "operand", "out", "scratch"};
    return (unsigned)r < SP_ARRAY_LEN(names) ? names[r] : "?";
}

void nl_set_buf(nl_buf *b, const nt_target *t, const char *name, nl_role role, np_dtype dt, int64_t rows, int64_t cols,
                    int64_t nchunks, int64_t lo, int64_t hi) {
    memset(b, 0, sizeof *b);
    snprintf(b->name, sizeof b->name, "%s", name);
    b->role = (uint8_t)role;
    b->dt = (uint8_t)dt;
    b->rows = rows;
    b->cols = cols;
    b->nchunks = nchunks;
    b->bytes = nchunks * nt_tile_bytes(t, rows, cols, np_dtype_bytes(dt));
    b->lo = lo;
    b->hi = hi;
}

static void operand_name(const nl_operand *op, uint32_t i, char *buf, size_t n) {
    if (op->name)
        snprintf(buf, n, "%%%s", op->name);
    else
        snprintf(buf, n, "operand%u", i);
}

/* A contraction's buffers: X and W tiles (or panels), the accumulators Y,
 * a narrow result's tiles beside them, the epilogue's operands. */
static uint32_t gemm_layout(const nl_kernel *kp, const nl_cand *c, const nl_opts *o, nl_buf *bufs, layout *ly) {
    const nt_target *t = kp->t;
    uint32_t n = 0;
    char name[40];
    int64_t ks = kp->nred_total * ceil_div(kp->K, c->tk);
    /* the next tile's X and W may load during this tile's epilogue and
     * store: then they live through those steps too */
    int64_t xw_hi = gemm_prefetch_across(kp, c) ? 4 : 2;
    np_dtype in_dt = (np_dtype)kp->lhs.dt; /* f32, bf16 or f16: X and W at their width */
    /* a convolution's X is its halo tile, its W every tap's weights */
    int64_t xr = c->tm, wr = c->tk, xc = c->tk;
    if (kp->cv.on) {
        int64_t TB, TOH;
        nl_conv_tiling(kp, c->tm, &TB, &TOH);
        xr = nl_conv_slack(kp, c) + TB * nl_conv_halo_rows(kp, TOH, TOH) * kp->cv.Wp;
        xc = kp->cv.depthwise ? c->tn : nl_conv_xcols(kp, c, c->tk);
        wr = c->tk * kp->cv.T;
    }
    ly->x0 = (int32_t)n;
    if (c->xbuf == NL_PANEL) {
        nl_set_buf(&bufs[n++], t, "X", NL_LHS, in_dt, xr, xc, ks, 0, 4);
        ly->nx = 1;
    } else {
        for (int i = 0; i < c->xbuf; i++) {
            snprintf(name, sizeof name, c->xbuf > 1 ? "X%d" : "X", i);
            nl_set_buf(&bufs[n++], t, name, NL_LHS, in_dt, xr, xc, 1, 1, xw_hi);
        }
        ly->nx = c->xbuf;
    }
    ly->w0 = (int32_t)n;
    if (c->wbuf == NL_PANEL) {
        gdims g = nl_gemm_dims(kp, c);
        nl_set_buf(&bufs[n++], t, "W", NL_RHS, in_dt, wr, c->tn, gemm_w_whole(kp, c, &g) ? g.tiles_n * ks : ks, 0, 4);
        ly->nw = 1;
    } else {
        for (int i = 0; i < c->wbuf; i++) {
            snprintf(name, sizeof name, c->wbuf > 1 ? "W%d" : "W", i);
            nl_set_buf(&bufs[n++], t, name, NL_RHS, in_dt, wr, c->tn, 1, 1, xw_hi);
        }
        ly->nw = c->wbuf;
    }
    ly->y0 = (int32_t)n;
    for (int i = 0; i < c->ybuf; i++) {
        snprintf(name, sizeof name, c->ybuf > 1 ? "Y%d" : "Y", i);
        nl_set_buf(&bufs[n++], t, name, NL_ACC, NP_F32, c->tm, c->tn, 1, 1, o && o->shorten_acc ? 3 : 4);
    }
    ly->ny = c->ybuf;
    /* a bf16 or f16 result: the epilogue's tile of it beside each
     * accumulator, written at the epilogue and stored from */
    if (kp->epi_own) {
        ly->res0 = (int32_t)n;
        for (int i = 0; i < c->ybuf; i++) {
            snprintf(name, sizeof name, c->ybuf > 1 ? "out%d" : "out", i);
            nl_set_buf(&bufs[n++], t, name, NL_OUT, (np_dtype)kp->out_dt, c->tm, c->tn, 1, 2, o && o->shorten_acc ? 3 : 4);
        }
    }
    for (uint32_t i = 0; i < kp->nin; i++) {
        const nl_operand *op = &kp->in[i];
        operand_name(op, i, name, sizeof name);
        ly->op[i] = (int32_t)n;
        nl_set_buf(&bufs[n], t, name, NL_OPERAND, (np_dtype)op->a.dt, op->uses_r ? c->tm : 1, op->uses_c ? c->tn : 1, 1,
                c->early ? 1 : 2, 3);
        bufs[n++].broadcast = op->broadcast;
    }
    return n;
}

/* A loop kernel's buffers: input tiles, the output tile unless in place,
 * a gather's tiles, the chain's operands. */
static uint32_t loop_layout(const nl_kernel *kp, const nl_cand *c, const nl_opts *o, nl_buf *bufs, layout *ly) {
    const nt_target *t = kp->t;
    uint32_t n = 0;
    char name[40];
    /* input tiles, then the output tile unless in place */
    int nb = c->xbuf == 2 ? 2 : 1;
    for (uint32_t i = 0; i < kp->nin; i++) {
        const nl_operand *op = &kp->in[i];
        ly->op[i] = (int32_t)n;
        for (int j = 0; j < nb; j++) {
            char base[32];
            operand_name(op, i, base, sizeof base);
            if (nb > 1)
                snprintf(name, sizeof name, "%.30s.%u", base, (unsigned)j & 7u);
            else
                snprintf(name, sizeof name, "%s", base);
            bool ip = (int32_t)i == kp->inplace;
            nl_set_buf(&bufs[n], t, name, ip ? NL_OUT : NL_OPERAND, (np_dtype)op->a.dt, op->uses_r ? c->tm : 1,
                    op->uses_c ? c->tn : 1, 1, 0, ip ? 3 : 2);
            bufs[n++].broadcast = op->broadcast;
        }
    }
    ly->nx = nb;
    ly->out0 = (int32_t)n;
    ly->nout = 0;
    ly->res0 = -1;
    ly->gidx = ly->gval = -1;
    if (kp->inplace < 0) {
        int64_t rows = kp->red_r ? 1 : c->tm, cols = kp->red_c ? 1 : c->tn;
        /* the output tile (a reduction's accumulator, of its type) */
        for (int j = 0; j < c->ybuf; j++) {
            snprintf(name, sizeof name, c->ybuf > 1 ? (kp->epi_own ? "acc%d" : "out%d") : (kp->epi_own ? "acc" : "out"), j);
            nl_set_buf(&bufs[n++], t, name, loop_reduces(kp) ? NL_ACC : NL_OUT, (np_dtype)(loop_reduces(kp) ? kp->acc_dt : kp->out_dt),
                    rows, cols, 1, loop_reduces(kp) ? 0 : 1, o && o->shorten_acc && !kp->epi_own ? 2 : 3);
        }
        ly->nout = c->ybuf;
        /* a chain after the reduction that changes the type: its result
         * tile, written at the epilogue, while the next tile's inputs
         * load (so it shares no bytes with them either) */
        if (kp->epi_own) {
            ly->res0 = (int32_t)n;
            for (int j = 0; j < c->ybuf; j++) {
                snprintf(name, sizeof name, c->ybuf > 1 ? "out%d" : "out", j);
                nl_set_buf(&bufs[n++], t, name, NL_OUT, (np_dtype)kp->out_dt, rows, cols, 1, 0, 3);
            }
        }
    }
    /* a gather's index tile: made from the inputs, read by the gathering
     * DMA into the output tile */
    if (kp->gather) {
        ly->gidx = (int32_t)n;
        nl_set_buf(&bufs[n++], t, "idx", NL_SCRATCH, NP_I64, c->tm, c->tn, 1, 1, 2);
    }
    if (kp->gpost) { /* the elements gathered, which the post program maps into the output tile */
        ly->gval = (int32_t)n;
        nl_set_buf(&bufs[n++], t, "gathered", NL_SCRATCH, (np_dtype)kp->gtab.dt, c->tm, c->tn, 1, 1, 2);
    }
    /* the chain's operands: one set per output buffer, at their logical
     * shapes within the output tile (law L3), loaded with the tile's init */
    for (uint32_t i = 0; i < kp->nein; i++) {
        const nl_operand *op = &kp->ein[i];
        char base[32];
        operand_name(op, kp->nin + i, base, sizeof base);
        ly->eop[i] = (int32_t)n;
        for (int32_t j = 0; j < ly->nout; j++) {
            if (ly->nout > 1)
                snprintf(name, sizeof name, "%.30s.%u", base, (unsigned)j & 7u);
            else
                snprintf(name, sizeof name, "%s", base);
            nl_set_buf(&bufs[n], t, name, NL_OPERAND, (np_dtype)op->a.dt, op->uses_r ? c->tm : 1, op->uses_c ? c->tn : 1, 1, 0, 3);
            bufs[n++].broadcast = op->broadcast;
        }
    }
    return n;
}

uint32_t nl_make_layout(const nl_kernel *kp, const nl_cand *c, const nl_opts *o, nl_buf *bufs, layout *ly) {
    memset(ly, 0, sizeof *ly);
    ly->res0 = -1;
    if (kp->att) return nl_attn_layout(kp, c, bufs);
    if (kp->rows) return nl_rows_layout(kp, c, bufs);
    if (kp->win) return nl_win_layout(kp, c, bufs);
    return kp->gemm ? gemm_layout(kp, c, o, bufs, ly) : loop_layout(kp, c, o, bufs, ly);
}

uint32_t nl_buffers(const nl_kernel *kp, const nl_cand *c, const nl_opts *o, nl_buf *bufs) {
    layout ly;
    return nl_make_layout(kp, c, o, bufs, &ly);
}

sp_status nl_plan(sp_ctx *ctx, const nl_kernel *kp, nl_buf *bufs, uint32_t nbufs, int64_t budget, plan_result *pr) {
    plan_buf pb[NL_MAX_BUFS];
    int64_t align = kp->t->vlen_bits / 8;
    if (align < 1) align = 1;
    /* every buffer starts at a vector boundary, so it takes its bytes
     * rounded up to one: the planner sees those (its peak-live bound is
     * then one a plan can meet, and it stops at the greedy plan instead of
     * searching for a footprint the alignment forbids); the footprint is
     * the plan's highest offset + bytes */
    for (uint32_t i = 0; i < nbufs; i++)
        pb[i] = (plan_buf){(bufs[i].bytes + align - 1) / align * align, align, bufs[i].lo, bufs[i].hi, -1, 0};
    plan_opts po = {.work_limit = 20000, .time_limit_s = 1, .capacity = budget};
    sp_status st = nbufs ? plan_solve(ctx, pb, nbufs, &po, pr) : SP_OK;
    if (!nbufs) memset(pr, 0, sizeof *pr);
    int64_t fp = 0;
    for (uint32_t i = 0; i < nbufs; i++) {
        bufs[i].offset = pb[i].offset;
        if (bufs[i].bytes > 0 && pb[i].offset + bufs[i].bytes > fp) fp = pb[i].offset + bufs[i].bytes;
    }
    if (nbufs && st == SP_OK) {
        pr->footprint = fp;
        for (uint32_t i = 0; i < nbufs; i++) pb[i].size = bufs[i].bytes;
        st = plan_lower_bound(ctx, pb, nbufs, &pr->peak_live);
    }
    return st;
}
