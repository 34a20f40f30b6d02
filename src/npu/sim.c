/* sim.c - the functional simulator (see sim.h). */
#include "sim.h"

#include <math.h>
#include <string.h>

void nf_init(nf_sim *s, sp_ctx *ctx, const nt_target *t, int64_t footprint, const nf_buf *bufs, uint32_t nbufs,
             const nf_io *io) {
    memset(s, 0, sizeof *s);
    s->ctx = ctx;
    s->L = t->lanes;
    s->footprint = (footprint + 3) / 4 * 4;
    s->bufs = bufs;
    s->nbufs = nbufs;
    s->io = *io;
    s->check = true;
    s->nthreads = 1;
    size_t words = sp_size_mul(ctx, (size_t)(s->footprint / 4), (size_t)s->L);
    s->spad = sp_malloc(ctx, sp_size_mul(ctx, words ? words : 1, sizeof(float)));
    for (size_t i = 0; i < words; i++) s->spad[i] = NAN;
    s->live = sp_calloc(ctx, nbufs ? nbufs : 1, sizeof *s->live);
}

void nf_free(nf_sim *s) {
    if (s->spad) sp_free(s->ctx, s->spad);
    if (s->live) sp_free(s->ctx, s->live);
    s->spad = NULL;
    s->live = NULL;
}

/* ------------------------------------------------------------- checks */

static SP_NORETURN void bad_access(nf_sim *s, const np_insn *in, const char *what, const np_view *v) {
    sp_strbuf b;
    sp_strbuf_init(&b, s->ctx);
    np_print_insn(&b, s->io.names, in);
    char text[400];
    snprintf(text, sizeof text, "%s", b.data ? b.data : "");
    sp_strbuf_free(&b);
    const char *bn = s->io.names && s->io.names->buf ? s->io.names->buf(s->io.names->ud, v->buf) : NULL;
    sp_throw(s->ctx, SP_EINTERNAL, (sp_loc){0},
             "internal error: npu program of %s, instruction #%lld (%s): %s buffer %s (%d) at per-lane bytes [%lld, %lld)",
             s->io.kernel ? s->io.kernel : "?", (long long)s->ninsn, text, what, bn ? bn : "?", v->buf,
             (long long)v->off, (long long)(v->off + np_view_span(v, s->L, 4)));
}

/* The view's host tile, after checking it lies in a live buffer. */
static nf_tile tile_of(nf_sim *s, const np_insn *in, const np_view *v) {
    if (v->buf < 0 || (uint32_t)v->buf >= s->nbufs || v->off % 4 || v->rows < 0 || v->cols < 0)
        bad_access(s, in, "a malformed view of", v);
    const nf_buf *b = &s->bufs[v->buf];
    int64_t span = np_view_span(v, s->L, 4);
    if (v->off < b->offset || v->off + span > b->offset + b->bytes || v->off + span > s->footprint)
        bad_access(s, in, "an access outside", v);
    if (s->check && !s->live[v->buf]) bad_access(s, in, "an access to the dead", v);
    nf_tile t = {s->spad + v->off / 4 * s->L, v->rows, v->cols, v->ld * s->L};
    return t;
}

static void poison(nf_sim *s, int32_t b) {
    const nf_buf *bb = &s->bufs[b];
    float *p = s->spad + bb->offset / 4 * s->L;
    int64_t n = bb->bytes / 4 * s->L;
    for (int64_t i = 0; i < n; i++) p[i] = NAN;
}

/* ------------------------------------------------------------- vector */

#define STRIP 64

static float maximumf(float a, float b) {
    if (isnan(a) || isnan(b)) return NAN;
    if (a == 0 && b == 0) return signbit(a) ? b : a;
    return a > b ? a : b;
}

static float minimumf(float a, float b) {
    if (isnan(a) || isnan(b)) return NAN;
    if (a == 0 && b == 0) return signbit(a) ? a : b;
    return a < b ? a : b;
}

static bool cmpf(int pred, float a, float b) {
    bool uno = isnan(a) || isnan(b);
    switch (pred) {
    case 0: return false;
    case 1: return !uno && a == b;
    case 2: return !uno && a > b;
    case 3: return !uno && a >= b;
    case 4: return !uno && a < b;
    case 5: return !uno && a <= b;
    case 6: return !uno && a != b;
    case 7: return !uno;
    case 8: return uno || a == b;
    case 9: return uno || a > b;
    case 10: return uno || a >= b;
    case 11: return uno || a < b;
    case 12: return uno || a <= b;
    case 13: return uno || a != b;
    case 14: return uno;
    default: return true;
    }
}

/* Run the program on n points: source s's point i at sp[s][i * ss[s]], the
 * accumulator's at acc[i * as]; the result goes to out[i * os]. Each
 * instruction is one loop over the strip (what a vector unit does). */
static void run_strip(const np_vprog *p, int64_t n, const float *const *sp, const int64_t *ss, const float *acc,
                      int64_t as, float *out, int64_t os, const float *scalars) {
    float r[NP_VMAX_REGS][STRIP];
    for (uint32_t q = 0; q < p->n; q++) {
        const np_vinsn *v = &p->insn[q];
        float *d = r[v->d];
        const float *a = r[v->a], *b = r[v->b], *c = r[v->c];
        switch ((np_vop)v->op) {
        case NV_LOAD: {
            const float *src = sp[v->a];
            int64_t st = ss[v->a];
            for (int64_t i = 0; i < n; i++) d[i] = src[i * st];
            break;
        }
        case NV_ACC:
            for (int64_t i = 0; i < n; i++) d[i] = acc[i * as];
            break;
        case NV_CONST:
            for (int64_t i = 0; i < n; i++) d[i] = v->imm;
            break;
        case NV_SCALAR:
            for (int64_t i = 0; i < n; i++) d[i] = scalars[q];
            break;
        case NV_ADD: for (int64_t i = 0; i < n; i++) d[i] = a[i] + b[i]; break;
        case NV_SUB: for (int64_t i = 0; i < n; i++) d[i] = a[i] - b[i]; break;
        case NV_MUL: for (int64_t i = 0; i < n; i++) d[i] = a[i] * b[i]; break;
        case NV_DIV: for (int64_t i = 0; i < n; i++) d[i] = a[i] / b[i]; break;
        case NV_MAX: for (int64_t i = 0; i < n; i++) d[i] = maximumf(a[i], b[i]); break;
        case NV_MIN: for (int64_t i = 0; i < n; i++) d[i] = minimumf(a[i], b[i]); break;
        case NV_MAXNUM:
            for (int64_t i = 0; i < n; i++) d[i] = isnan(a[i]) ? b[i] : isnan(b[i]) ? a[i] : maximumf(a[i], b[i]);
            break;
        case NV_MINNUM:
            for (int64_t i = 0; i < n; i++) d[i] = isnan(a[i]) ? b[i] : isnan(b[i]) ? a[i] : minimumf(a[i], b[i]);
            break;
        case NV_NEG: for (int64_t i = 0; i < n; i++) d[i] = -a[i]; break;
        case NV_ABS: for (int64_t i = 0; i < n; i++) d[i] = fabsf(a[i]); break;
        case NV_SQRT: for (int64_t i = 0; i < n; i++) d[i] = sqrtf(a[i]); break;
        case NV_RSQRT: for (int64_t i = 0; i < n; i++) d[i] = 1.0f / sqrtf(a[i]); break;
        case NV_EXP: for (int64_t i = 0; i < n; i++) d[i] = expf(a[i]); break;
        case NV_LOG: for (int64_t i = 0; i < n; i++) d[i] = logf(a[i]); break;
        case NV_TANH: for (int64_t i = 0; i < n; i++) d[i] = tanhf(a[i]); break;
        case NV_ERF: for (int64_t i = 0; i < n; i++) d[i] = erff(a[i]); break;
        case NV_CMP: for (int64_t i = 0; i < n; i++) d[i] = cmpf(v->pred, a[i], b[i]) ? 1.0f : 0.0f; break;
        case NV_SELECT: for (int64_t i = 0; i < n; i++) d[i] = a[i] != 0.0f ? b[i] : c[i]; break;
        default: break;
        }
    }
    const float *res = r[p->result];
    for (int64_t i = 0; i < n; i++) out[i * os] = res[i];
}

void nf_vec(const np_vprog *p, np_vmode mode, int64_t rows, int64_t cols, nf_tile dst, const nf_tile *src, uint32_t nsrc,
            const float *scalars) {
    const float *sp[NP_VMAX_SRCS];
    int64_t ss[NP_VMAX_SRCS];
    if (mode == NP_VMAP || mode == NP_VREDUCE_ROWS) {
        /* strips along a row: sources step by one column (0 when one column) */
        for (int64_t r = 0; r < rows; r++) {
            float *drow = dst.p + (mode == NP_VMAP ? r : 0) * dst.ld;
            for (int64_t c0 = 0; c0 < cols; c0 += STRIP) {
                int64_t n = cols - c0 < STRIP ? cols - c0 : STRIP;
                for (uint32_t s = 0; s < nsrc; s++) {
                    int64_t rr = src[s].rows == 1 ? 0 : r, cc = src[s].cols == 1 ? 0 : c0;
                    sp[s] = src[s].p + rr * src[s].ld + cc;
                    ss[s] = src[s].cols == 1 ? 0 : 1;
                }
                run_strip(p, n, sp, ss, drow + c0, 1, drow + c0, 1, scalars);
            }
        }
        return;
    }
    if (mode == NP_VREDUCE_COLS) {
        /* strips down a column of rows: the reduction runs over c in order */
        for (int64_t r0 = 0; r0 < rows; r0 += STRIP) {
            int64_t n = rows - r0 < STRIP ? rows - r0 : STRIP;
            for (int64_t c = 0; c < cols; c++) {
                for (uint32_t s = 0; s < nsrc; s++) {
                    int64_t rr = src[s].rows == 1 ? 0 : r0, cc = src[s].cols == 1 ? 0 : c;
                    sp[s] = src[s].p + rr * src[s].ld + cc;
                    ss[s] = src[s].rows == 1 ? 0 : src[s].ld;
                }
                float *d = dst.p + r0 * dst.ld;
                run_strip(p, n, sp, ss, d, dst.ld, d, dst.ld, scalars);
            }
        }
        return;
    }
    /* everything into one element, rows outer, columns inner */
    for (int64_t r = 0; r < rows; r++)
        for (int64_t c = 0; c < cols; c++) {
            for (uint32_t s = 0; s < nsrc; s++) {
                sp[s] = src[s].p + (src[s].rows == 1 ? 0 : r) * src[s].ld + (src[s].cols == 1 ? 0 : c);
                ss[s] = 0;
            }
            run_strip(p, 1, sp, ss, dst.p, 0, dst.p, 0, scalars);
        }
}

/* --------------------------------------------------------------- step */

void nf_step(nf_sim *s, const np_insn *in) {
    s->ninsn++;
    switch ((np_opcode)in->op) {
    case NP_BIRTH:
        if (in->buf < 0 || (uint32_t)in->buf >= s->nbufs) sp_throw(s->ctx, SP_EINTERNAL, (sp_loc){0}, "internal error: birth of buffer %d", in->buf);
        s->live[in->buf] = true;
        return;
    case NP_DEATH:
        if (in->buf < 0 || (uint32_t)in->buf >= s->nbufs) sp_throw(s->ctx, SP_EINTERNAL, (sp_loc){0}, "internal error: death of buffer %d", in->buf);
        s->live[in->buf] = false;
        poison(s, in->buf);
        return;
    case NP_BARRIER: return;
    case NP_MVIN: {
        nf_tile t = tile_of(s, in, &in->dst);
        const float *src = s->io.tensor(s->io.ud, in->dram.tensor) + in->dram.off;
        for (int64_t r = 0; r < t.rows; r++) {
            const float *sr = src + r * in->dram.rs;
            float *dr = t.p + r * t.ld;
            if (in->dram.cs == 1)
                memcpy(dr, sr, (size_t)t.cols * sizeof *dr);
            else
                for (int64_t c = 0; c < t.cols; c++) dr[c] = sr[c * in->dram.cs];
        }
        return;
    }
    case NP_MVOUT: {
        nf_tile t = tile_of(s, in, &in->a);
        float *dst = s->io.tensor(s->io.ud, in->dram.tensor) + in->dram.off;
        for (int64_t r = 0; r < t.rows; r++) {
            float *dr = dst + r * in->dram.rs;
            const float *sr = t.p + r * t.ld;
            if (in->dram.cs == 1)
                memcpy(dr, sr, (size_t)t.cols * sizeof *dr);
            else
                for (int64_t c = 0; c < t.cols; c++) dr[c * in->dram.cs] = sr[c];
        }
        return;
    }
    case NP_FILL: {
        nf_tile t = tile_of(s, in, &in->dst);
        float v = in->scalar >= 0 ? s->io.scalar(s->io.ud, in->scalar) : in->imm;
        for (int64_t r = 0; r < t.rows; r++)
            for (int64_t c = 0; c < t.cols; c++) t.p[r * t.ld + c] = v;
        return;
    }
    case NP_GEMM: {
        nf_tile y = tile_of(s, in, &in->dst), x = tile_of(s, in, &in->a), w = tile_of(s, in, &in->b);
        if (x.rows != in->rows || x.cols != in->k || w.rows != in->k || w.cols != in->cols || y.rows != in->rows ||
            y.cols != in->cols)
            bad_access(s, in, "operand shapes that do not match in", &in->dst);
        nf_gemm(in->rows, in->cols, in->k, x.p, x.ld, w.p, w.ld, y.p, y.ld, in->flags & NP_ACC, s->nthreads);
        return;
    }
    case NP_VEC: {
        nf_tile d = tile_of(s, in, &in->dst);
        nf_tile src[NP_VMAX_SRCS];
        if (in->nsrc > NP_VMAX_SRCS) bad_access(s, in, "too many sources in", &in->dst);
        for (uint32_t i = 0; i < in->nsrc; i++) src[i] = tile_of(s, in, &in->src[i]);
        float scal[NP_VMAX_INSNS];
        for (uint32_t q = 0; q < in->prog->n; q++)
            scal[q] = in->prog->insn[q].op == NV_SCALAR ? s->io.scalar(s->io.ud, in->prog->insn[q].slot) : 0.0f;
        nf_vec(in->prog, (np_vmode)in->mode, in->rows, in->cols, d, src, in->nsrc, scal);
        return;
    }
    }
}

static void sink_fn(void *ud, const np_insn *in) { nf_step(ud, in); }

np_sink nf_sink(nf_sim *s) { return (np_sink){sink_fn, s}; }
