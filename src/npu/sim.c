/* sim.c - the functional simulator (see sim.h). */
#include "sim.h"
#include "interp/scalar_rules.h"

#include <math.h>
#include <string.h>

#include "base/fp16.h"
#include "interp/interp.h"

void nf_init(nf_sim *s, sp_ctx *ctx, const nt_target *t, int64_t footprint, const nf_buf *bufs, uint32_t nbufs,
             const nf_io *io) {
    memset(s, 0, sizeof *s);
    s->ctx = ctx;
    s->L = t->lanes;
    s->footprint = (footprint + 7) / 8 * 8;
    s->bufs = bufs;
    s->nbufs = nbufs;
    s->io = *io;
    s->check = true;
    s->nthreads = 1;
    size_t bytes = sp_size_mul(ctx, (size_t)s->footprint, (size_t)s->L);
    s->spad = sp_malloc(ctx, bytes ? bytes : 1);
    memset(s->spad, 0xff, bytes);
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
             (long long)v->off, (long long)(v->off + np_view_span(v, s->L)));
}

/* The view's host tile, after checking it lies in a live buffer. */
static nf_tile tile_of(nf_sim *s, const np_insn *in, const np_view *v) {
    int64_t e = np_view_elem(v);
    if (v->buf < 0 || (uint32_t)v->buf >= s->nbufs || v->dt >= NP_NDTYPES || v->off % e || v->rows < 0 || v->cols < 0 ||
        v->c0 < 0 || v->c0 >= s->L)
        bad_access(s, in, "a malformed view of", v);
    const nf_buf *b = &s->bufs[v->buf];
    int64_t span = np_view_span(v, s->L);
    if (v->off < b->offset || v->off + span > b->offset + b->bytes || v->off + span > s->footprint)
        bad_access(s, in, "an access outside", v);
    if (s->check && !s->live[v->buf]) bad_access(s, in, "an access to the dead", v);
    nf_tile t = {s->spad + v->off * s->L + v->c0 * e, v->rows, v->cols, v->ld * s->L, v->dt,
                 v->g1, v->gs1 * s->L, v->g2, v->gs2 * s->L};
    return t;
}

/* Row r of a tile (grouped rows as np_view_row has them). */
static uint8_t *row_of(const nf_tile *t, int64_t r) {
    np_view v = {.rows = t->rows, .ld = t->ld, .g1 = t->g1, .gs1 = t->gs1, .g2 = t->g2, .gs2 = t->gs2};
    return t->p + np_view_row(&v, r) * np_dtype_bytes((np_dtype)t->dt);
}

/* Rows from r on that follow row r at ld (at most n). */
static int64_t run_of(const nf_tile *t, int64_t r, int64_t n) {
    if (t->g1 <= 0) return n;
    int64_t left = t->g1 - r % t->g1;
    return left < n ? left : n;
}

static void poison(nf_sim *s, int32_t b) {
    const nf_buf *bb = &s->bufs[b];
    int64_t lo = bb->offset < s->footprint ? bb->offset : s->footprint;
    int64_t hi = bb->offset + bb->bytes < s->footprint ? bb->offset + bb->bytes : s->footprint;
    if (hi > lo) memset(s->spad + lo * s->L, 0xff, (size_t)((hi - lo) * s->L));
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


/* A vector register: STRIP elements of its instruction's type (integers
 * of every width held sign-extended in 64 bits, i1 as 0 or 1). */
typedef union vreg {
    float f[STRIP];
    double d[STRIP];
    int64_t i[STRIP];
} vreg;

/* A 2- or 4-byte integer at p, sign-extended. */
static int64_t load_int_bits(const uint8_t *p, int64_t bytes) {
    int16_t h;
    int32_t w;
    if (bytes == 2) return memcpy(&h, p, 2), h;
    return memcpy(&w, p, 4), w;
}

/* n elements of type t from p, every st-th, into r. */
static void load_elems(vreg *r, np_dtype t, const uint8_t *p, int64_t st, int64_t n) {
    int64_t e = np_dtype_bytes(t);
    switch (t) {
    case NP_F32:
        if (st == 1)
            memcpy(r->f, p, (size_t)n * 4);
        else
            for (int64_t i = 0; i < n; i++) memcpy(&r->f[i], p + i * st * 4, 4);
        return;
    case NP_F64:
        for (int64_t i = 0; i < n; i++) memcpy(&r->d[i], p + i * st * 8, 8);
        return;
    case NP_BF16:
    case NP_F16: /* held as doubles, as the reference holds them */
        for (int64_t i = 0; i < n; i++) {
            uint16_t h;
            memcpy(&h, p + i * st * 2, 2);
            r->d[i] = t == NP_BF16 ? (double)sp_bf16_to_f32(h) : (double)sp_f16_to_f32(h);
        }
        return;
    case NP_I1: for (int64_t i = 0; i < n; i++) r->i[i] = p[i * st] & 1; return;
    case NP_I8: for (int64_t i = 0; i < n; i++) r->i[i] = (int8_t)p[i * st]; return;
    case NP_I16:
    case NP_I32: /* sign-extended from their width */
        for (int64_t i = 0; i < n; i++) r->i[i] = (int64_t)load_int_bits(p + i * st * e, e);
        return;
    default: for (int64_t i = 0; i < n; i++) memcpy(&r->i[i], p + i * st * 8, 8); return;
    }
}

static void store_elems(const vreg *r, np_dtype t, uint8_t *p, int64_t st, int64_t n) {
    switch (t) {
    case NP_F32:
        if (st == 1)
            memcpy(p, r->f, (size_t)n * 4);
        else
            for (int64_t i = 0; i < n; i++) memcpy(p + i * st * 4, &r->f[i], 4);
        return;
    case NP_F64: for (int64_t i = 0; i < n; i++) memcpy(p + i * st * 8, &r->d[i], 8); return;
    case NP_BF16:
    case NP_F16:
        for (int64_t i = 0; i < n; i++) {
            uint16_t h = t == NP_BF16 ? sp_f64_to_bf16(r->d[i]) : sp_f64_to_f16(r->d[i]);
            memcpy(p + i * st * 2, &h, 2);
        }
        return;
    case NP_I1: for (int64_t i = 0; i < n; i++) p[i * st] = (uint8_t)(r->i[i] & 1); return;
    case NP_I8: for (int64_t i = 0; i < n; i++) p[i * st] = (uint8_t)r->i[i]; return;
    case NP_I16:
        for (int64_t i = 0; i < n; i++) {
            int16_t v = (int16_t)r->i[i];
            memcpy(p + i * st * 2, &v, 2);
        }
        return;
    case NP_I32:
        for (int64_t i = 0; i < n; i++) {
            int32_t v = (int32_t)r->i[i];
            memcpy(p + i * st * 4, &v, 4);
        }
        return;
    default: for (int64_t i = 0; i < n; i++) memcpy(p + i * st * 8, &r->i[i], 8); return;
    }
}

/* f64, bf16 and f16 registers hold doubles (bf16 and f16 values already
 * rounded to their type), f32 ones floats, integers int64s. */
static bool reg_double(np_dtype t) { return t == NP_F64 || np_dtype_half(t); }

/* x rounded to float type t. */
static double round_to(double x, np_dtype t) {
    switch (t) {
    case NP_F32: return (double)(float)x;
    case NP_BF16: return (double)sp_bf16_to_f32(sp_f64_to_bf16(x));
    case NP_F16: return (double)sp_f16_to_f32(sp_f64_to_f16(x));
    default: return x;
    }
}

/* One element of a register as the reference interpreter holds it. */
static interp_scalar reg_get(const vreg *r, np_dtype t, int64_t i) {
    interp_scalar s;
    if (t == NP_F32)
        s.f = r->f[i];
    else if (reg_double(t))
        s.f = r->d[i];
    else
        s.i = r->i[i];
    return s;
}

static void reg_set(vreg *r, np_dtype t, int64_t i, interp_scalar s) {
    if (t == NP_F32)
        r->f[i] = (float)s.f;
    else if (reg_double(t))
        r->d[i] = round_to(s.f, t);
    else
        r->i[i] = s.i;
}

static void reg_fill(vreg *r, np_dtype t, np_scalar v, int64_t n) {
    for (int64_t i = 0; i < n; i++) {
        if (t == NP_F32)
            r->f[i] = (float)v.f;
        else if (reg_double(t))
            r->d[i] = round_to(v.f, t);
        else
            r->i[i] = v.i;
    }
}

/* Element-wise loops of the float ops, in the instruction's type. */
#define FBIN(FEXPR, DEXPR)                                                                                              \
    do {                                                                                                                \
        if (t == NP_F32)                                                                                                \
            for (int64_t i = 0; i < n; i++) {                                                                           \
                float x = a->f[i], y = b->f[i];                                                                         \
                d->f[i] = (FEXPR);                                                                                      \
            }                                                                                                           \
        else                                                                                                            \
            for (int64_t i = 0; i < n; i++) {                                                                           \
                double x = a->d[i], y = b->d[i];                                                                        \
                d->d[i] = (DEXPR);                                                                                      \
            }                                                                                                           \
    } while (0)
#define FUN(FEXPR, DEXPR)                                                                                               \
    do {                                                                                                                \
        if (t == NP_F32)                                                                                                \
            for (int64_t i = 0; i < n; i++) {                                                                           \
                float x = a->f[i];                                                                                      \
                d->f[i] = (FEXPR);                                                                                      \
            }                                                                                                           \
        else                                                                                                            \
            for (int64_t i = 0; i < n; i++) {                                                                           \
                double x = a->d[i];                                                                                     \
                d->d[i] = (DEXPR);                                                                                      \
            }                                                                                                           \
    } while (0)

/* A source or destination in a strip: n points, the i-th at p + i * st
 * elements of type t. */
typedef struct strip_ref {
    uint8_t *p;
    int64_t st;
    np_dtype t;
} strip_ref;

/* Run the program on n points: source s's points at src[s], the
 * accumulator's at acc; the result goes to out. Each instruction is one
 * loop over the strip (what a vector unit does). Returns -1, or the index
 * of an instruction that failed. */
static int run_strip(const np_vprog *p, int64_t n, const strip_ref *src, strip_ref acc, strip_ref out,
                     const np_scalar *scalars, const nf_pos *pos, int64_t r0, int64_t c0) {
    vreg r[NP_VMAX_REGS];
    uint8_t rt[NP_VMAX_REGS] = {0}; /* each register's type, as written */
    for (uint32_t q = 0; q < p->n; q++) {
        const np_vinsn *v = &p->insn[q];
        np_dtype t = (np_dtype)v->dt;
        vreg *d = &r[v->d];
        const vreg *a = &r[v->a], *b = &r[v->b], *c = &r[v->c];
        rt[v->d] = v->dt;
        switch ((np_vop)v->op) {
        case NV_LOAD: load_elems(d, t, src[v->a].p, src[v->a].st, n); break;
        case NV_ACC: load_elems(d, t, acc.p, acc.st, n); break;
        case NV_CONST: reg_fill(d, t, v->imm, n); break;
        case NV_SCALAR: reg_fill(d, t, scalars[q], n); break;
        case NV_ADD: FBIN(x + y, x + y); break;
        case NV_SUB: FBIN(x - y, x - y); break;
        case NV_MUL: FBIN(x * y, x * y); break;
        case NV_DIV: FBIN(x / y, x / y); break;
        case NV_MAX: FBIN(maximumf(x, y), sr_maximumf(x, y)); break;
        case NV_MIN: FBIN(minimumf(x, y), sr_minimumf(x, y)); break;
        case NV_MAXNUM:
            FBIN(isnan(x) ? y : isnan(y) ? x : maximumf(x, y), isnan(x) ? y : isnan(y) ? x : sr_maximumf(x, y));
            break;
        case NV_MINNUM:
            FBIN(isnan(x) ? y : isnan(y) ? x : minimumf(x, y), isnan(x) ? y : isnan(y) ? x : sr_minimumf(x, y));
            break;
        case NV_FN: { /* the reference's own function (no f32 one: the f64 one, correctly rounded, rounded) */
            float (*f32)(float);
            double (*f64)(double);
            if (!interp_math1_fns((ir_opkind)v->fn, &f32, &f64)) return (int)q;
            if (f32)
                FUN(f32(x), f64(x));
            else
                FUN((float)f64((double)x), f64(x));
            break;
        }
        case NV_CMP:
            if (v->at == NP_F32)
                for (int64_t i = 0; i < n; i++) d->i[i] = sr_cmpf(v->pred, a->f[i], b->f[i]);
            else
                for (int64_t i = 0; i < n; i++) d->i[i] = sr_cmpf(v->pred, a->d[i], b->d[i]);
            break;
        case NV_SELECT:
            if (t == NP_F32)
                for (int64_t i = 0; i < n; i++) d->f[i] = a->i[i] ? b->f[i] : c->f[i];
            else if (t == NP_F64)
                for (int64_t i = 0; i < n; i++) d->d[i] = a->i[i] ? b->d[i] : c->d[i];
            else
                for (int64_t i = 0; i < n; i++) d->i[i] = a->i[i] ? b->i[i] : c->i[i];
            break;
        case NV_IDX: { /* a map's strip: the points (r0, c0 + i) */
            if (!pos || !pos->lix) return (int)q;
            int64_t base = pos->lix[v->slot] + ((int)v->slot == pos->lr ? r0 : 0);
            bool col = (int)v->slot == pos->lc;
            for (int64_t i = 0; i < n; i++) d->i[i] = base + (col ? c0 + i : 0);
            break;
        }
        case NV_GIDX:
            for (int64_t i = 0; i < n; i++) {
                if (b->i[i] < 0 || b->i[i] >= v->imm.i) return (int)q;
                d->i[i] = a->i[i] * v->imm.i + b->i[i];
            }
            break;
        case NV_OP: {
            const ir_op *op = v->op_ir;
            np_dtype ta = (np_dtype)rt[v->a], tb = (np_dtype)rt[v->b], tc = (np_dtype)rt[v->c];
            vreg res;
            for (int64_t i = 0; i < n; i++) {
                interp_scalar x = reg_get(a, ta, i), y = reg_get(b, tb, i), z = reg_get(c, tc, i), o;
                if (!interp_scalar_op(op, &x, &y, &z, &o, NULL)) return (int)q;
                reg_set(&res, t, i, o);
            }
            *d = res;
            break;
        }
        default: break;
        }
    }
    store_elems(&r[p->result], out.t, out.p, out.st, n);
    return -1;
}

int nf_vec(const np_vprog *p, np_vmode mode, int64_t rows, int64_t cols, nf_tile dst, const nf_tile *src, uint32_t nsrc,
           const np_scalar *scalars, const nf_pos *pos) {
    strip_ref sp[NP_VMAX_SRCS];
    np_dtype dt = (np_dtype)dst.dt;
    int64_t de = np_dtype_bytes(dt);
    int bad = -1;
    for (uint32_t s = 0; s < nsrc; s++) sp[s].t = (np_dtype)src[s].dt;
    if (mode == NP_VMAP || mode == NP_VREDUCE_ROWS) {
        /* strips along a row: sources step by one column (0 when one column) */
        for (int64_t r = 0; r < rows; r++) {
            uint8_t *drow = dst.p + (mode == NP_VMAP ? r : 0) * dst.ld * de;
            for (int64_t c0 = 0; c0 < cols; c0 += STRIP) {
                int64_t n = cols - c0 < STRIP ? cols - c0 : STRIP;
                for (uint32_t s = 0; s < nsrc; s++) {
                    int64_t rr = src[s].rows == 1 ? 0 : r, cc = src[s].cols == 1 ? 0 : c0;
                    sp[s].p = row_of(&src[s], rr) + cc * np_dtype_bytes(sp[s].t);
                    sp[s].st = src[s].cols == 1 ? 0 : 1;
                }
                strip_ref d = {drow + c0 * de, 1, dt};
                if ((bad = run_strip(p, n, sp, d, d, scalars, mode == NP_VMAP ? pos : NULL, r, c0)) >= 0) return bad;
            }
        }
        return -1;
    }
    if (mode == NP_VREDUCE_COLS) {
        /* strips down a column of rows: the reduction runs over c in order */
        for (int64_t r0 = 0; r0 < rows; r0 += STRIP) {
            int64_t n = rows - r0 < STRIP ? rows - r0 : STRIP;
            for (int64_t c = 0; c < cols; c++) {
                for (uint32_t s = 0; s < nsrc; s++) {
                    int64_t rr = src[s].rows == 1 ? 0 : r0, cc = src[s].cols == 1 ? 0 : c;
                    sp[s].p = src[s].p + (rr * src[s].ld + cc) * np_dtype_bytes(sp[s].t);
                    sp[s].st = src[s].rows == 1 ? 0 : src[s].ld;
                }
                strip_ref d = {dst.p + r0 * dst.ld * de, dst.ld, dt};
                if ((bad = run_strip(p, n, sp, d, d, scalars, NULL, 0, 0)) >= 0) return bad;
            }
        }
        return -1;
    }
    /* everything into one element, rows outer, columns inner */
    for (int64_t r = 0; r < rows; r++)
        for (int64_t c = 0; c < cols; c++) {
            for (uint32_t s = 0; s < nsrc; s++) {
                sp[s].p = src[s].p + ((src[s].rows == 1 ? 0 : r) * src[s].ld + (src[s].cols == 1 ? 0 : c)) * np_dtype_bytes(sp[s].t);
                sp[s].st = 0;
            }
            strip_ref d = {dst.p, 0, dt};
            if ((bad = run_strip(p, 1, sp, d, d, scalars, NULL, 0, 0)) >= 0) return bad;
        }
    return -1;
}

/* n elements of a row of type t (f32, bf16 or f16) as f32. */
static void widen_row(float *out, const uint8_t *p, np_dtype t, int64_t n) {
    if (t == NP_F32) {
        memcpy(out, p, (size_t)n * 4);
        return;
    }
    for (int64_t i = 0; i < n; i++) {
        uint16_t h;
        memcpy(&h, p + i * 2, 2);
        out[i] = t == NP_BF16 ? sp_bf16_to_f32(h) : sp_f16_to_f32(h);
    }
}

/* An element of type t holding v. */
static void put_scalar(uint8_t *p, np_dtype t, np_scalar v) {
    vreg r;
    reg_fill(&r, t, v, 1);
    store_elems(&r, t, p, 1, 1);
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
    case NP_MVIN:
    case NP_MVOUT: {
        bool in_ = in->op == NP_MVIN;
        nf_tile t = tile_of(s, in, in_ ? &in->dst : &in->a);
        int64_t e = np_dtype_bytes((np_dtype)t.dt);
        uint8_t *base = s->io.tensor(s->io.ud, in->dram.tensor);
        if (!base) sp_throw(s->ctx, SP_EINTERNAL, (sp_loc){0}, "internal error: npu program of %s, instruction #%lld: a DMA of a tensor with no storage",
                            s->io.kernel ? s->io.kernel : "?", (long long)s->ninsn);
        uint8_t *dram = base + in->dram.off * e;
        for (int64_t r = 0; r < t.rows; r++) {
            uint8_t *dr = dram + r * in->dram.rs * e, *tr = row_of(&t, r);
            if (in->dram.cs == 1)
                memcpy(in_ ? tr : dr, in_ ? dr : tr, (size_t)(t.cols * e));
            else
                for (int64_t c = 0; c < t.cols; c++)
                    memcpy(in_ ? tr + c * e : dr + c * in->dram.cs * e, in_ ? dr + c * in->dram.cs * e : tr + c * e, (size_t)e);
        }
        return;
    }
    case NP_GATHER: { /* dst(r, c) = dram[off + a(r, c)]; the indices are checked (NV_GIDX) */
        nf_tile t = tile_of(s, in, &in->dst), ix = tile_of(s, in, &in->a);
        int64_t e = np_dtype_bytes((np_dtype)t.dt), n = in->k; /* the table's elements */
        uint8_t *base = s->io.tensor(s->io.ud, in->dram.tensor);
        if (!base || ix.dt != NP_I64 || ix.rows != t.rows || ix.cols != t.cols)
            bad_access(s, in, "a gather of no table, or an index tile not i64 of its shape, in", &in->dst);
        for (int64_t r = 0; r < t.rows; r++) {
            uint8_t *tr = row_of(&t, r);
            const int64_t *xr = (const int64_t *)row_of(&ix, r);
            for (int64_t c = 0; c < t.cols; c++) {
                int64_t at = in->dram.off + xr[c];
                if (at < 0 || at >= n) bad_access(s, in, "an index outside the table in", &in->a);
                memcpy(tr + c * e, base + at * e, (size_t)e);
            }
        }
        return;
    }
    case NP_FILL: {
        nf_tile t = tile_of(s, in, &in->dst);
        np_scalar v = in->scalar >= 0 ? s->io.scalar(s->io.ud, in->scalar) : in->imm;
        int64_t e = np_dtype_bytes((np_dtype)t.dt);
        uint8_t one[8];
        put_scalar(one, (np_dtype)t.dt, v);
        for (int64_t r = 0; r < t.rows; r++) {
            uint8_t *tr = row_of(&t, r);
            for (int64_t c = 0; c < t.cols; c++) memcpy(tr + c * e, one, (size_t)e);
        }
        return;
    }
    case NP_GEMM: {
        nf_tile y = tile_of(s, in, &in->dst), x = tile_of(s, in, &in->a), w = tile_of(s, in, &in->b);
        bool half = np_dtype_half((np_dtype)x.dt);
        if (x.rows != in->rows || x.cols != in->k || w.rows != in->k || w.cols != in->cols || y.rows != in->rows ||
            y.cols != in->cols || (x.dt != NP_F32 && !half) || w.dt != x.dt || y.dt != NP_F32)
            bad_access(s, in, "operand shapes or types that do not match in", &in->dst);
        if (np_view_grouped(&in->dst)) bad_access(s, in, "grouped rows (only a GEMM's operands may have them) in", &in->dst);
        /* grouped weights (a folded window's rows) are gathered, as the
         * array's preload reads them row by row; bf16 and f16 operands
         * widened to f32 (exactly), products summed in the f32 accumulator */
        const float *wp = (const float *)w.p;
        int64_t wld = w.ld;
        float *wg = NULL, *xg = NULL;
        if (np_view_grouped(&in->b) || half) {
            wg = sp_malloc(s->ctx, sp_size_mul(s->ctx, (size_t)(in->k > 0 ? in->k : 1), (size_t)(in->cols > 0 ? in->cols : 1) * sizeof *wg));
            for (int64_t r = 0; r < in->k; r++) widen_row(wg + r * in->cols, row_of(&w, r), (np_dtype)w.dt, in->cols);
            wp = wg;
            wld = in->cols;
        }
        if (half) { /* the lhs widened whole, its rows k apart */
            xg = sp_malloc(s->ctx, sp_size_mul(s->ctx, (size_t)(in->rows > 0 ? in->rows : 1), (size_t)(in->k > 0 ? in->k : 1) * sizeof *xg));
            for (int64_t r = 0; r < in->rows; r++) widen_row(xg + r * in->k, row_of(&x, r), (np_dtype)x.dt, in->k);
            nf_gemm(in->rows, in->cols, in->k, xg, in->k, wp, wld, (float *)y.p, y.ld, in->flags & NP_ACC, s->nthreads);
        }
        /* the lhs's rows in runs at its ld (a grouped view: one run per group) */
        for (int64_t r = 0, n; !half && r < in->rows; r += n) {
            n = run_of(&x, r, in->rows - r);
            nf_gemm(n, in->cols, in->k, (const float *)row_of(&x, r), x.ld, wp, wld, (float *)(y.p + r * y.ld * 4), y.ld,
                    in->flags & NP_ACC, s->nthreads);
        }
        if (wg) sp_free(s->ctx, wg);
        if (xg) sp_free(s->ctx, xg);
        return;
    }
    case NP_VEC: {
        nf_tile d = tile_of(s, in, &in->dst);
        nf_tile src[NP_VMAX_SRCS];
        if (in->nsrc > NP_VMAX_SRCS) bad_access(s, in, "too many sources in", &in->dst);
        for (uint32_t i = 0; i < in->nsrc; i++) src[i] = tile_of(s, in, &in->src[i]);
        if (np_view_grouped(&in->dst)) bad_access(s, in, "grouped rows (a vector op reads them, never writes them) in", &in->dst);
        for (uint32_t i = 0; i < in->nsrc; i++)
            if (np_view_grouped(&in->src[i]) && in->mode != NP_VMAP && in->mode != NP_VREDUCE_ROWS)
                bad_access(s, in, "grouped rows (read only by a vector op that maps or reduces rows) in", &in->src[i]);
        np_scalar scal[NP_VMAX_INSNS];
        for (uint32_t q = 0; q < in->prog->n; q++) {
            scal[q].i = 0;
            if (in->prog->insn[q].op == NV_SCALAR) scal[q] = s->io.scalar(s->io.ud, in->prog->insn[q].slot);
        }
        nf_pos pos = {in->lix, in->lr, in->lc};
        int bad = nf_vec(in->prog, (np_vmode)in->mode, in->rows, in->cols, d, src, in->nsrc, scal, &pos);
        if (bad >= 0) {
            /* a division by zero, an assert that fails, a gather's index out of its table */
            const ir_op *op = in->prog->insn[bad].op_ir;
            char text[SP_ERR_MSG_MAX];
            interp_failure_text(op, text, sizeof text);
            sp_throw(s->ctx, SP_EINPUT, op ? op->loc : (sp_loc){0}, "%s%s", text, op ? "" : " (in a vector program)");
        }
        return;
    }
    }
}

static void sink_fn(void *ud, const np_insn *in) { nf_step(ud, in); }

np_sink nf_sink(nf_sim *s) { return (np_sink){sink_fn, s}; }
