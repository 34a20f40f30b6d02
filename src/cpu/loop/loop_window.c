/* loop_window.c - a pool's window run directly (cpu_loop_window: an f32
 * max or sum of 2 to 64 taps of one f32 input, then an f32 chain of
 * constants and + - * /), a row of outputs a tap at a time, and a
 * tensor.pad folded into such a window's input (cb_folds_pad asks
 * cpu_loop_window_takes_pad): the window reads the pad's source, so the
 * padded tensor is never written.
 *
 * Contract: results equal the reference's bit for bit. Taps are reduced
 * in the reference's order; a tap outside the source reads the padding
 * value, in order, at a row's edges; inside them a tap outside for the
 * whole row (a 2-D pool's top and bottom rows) is folded into the
 * accumulator's start, which is exact for a max (any padding value: max
 * is associative and commutative, NaN and +0 over -0 included) and for a
 * sum under a +0 padding (an accumulator that starts at +0 never becomes
 * -0, so adding +0 changes nothing); other sums' pads are not folded. */
#include "loop_direct.h"

#include <math.h>
#include <string.h>
#if defined(__SSE__)
#include <xmmintrin.h>
#endif

#include "cpu/backend_impl.h" /* cb_pad_value, cb_is_f32_const */
#include "cpu/cpu.h"
#include "ir/ir.h"

/* A window reduced run directly: an f32 max or sum of one f32 input over
 * a few reduction loops (a pool's window: 2 to 64 taps), then an f32 chain
 * of constants and + - * / (an average's division), whose output runs
 * contiguous along a loop of its own. The engine puts its 128 lanes along
 * that loop and interprets a program per chunk (0.16 ms for MaxPool1d's
 * 32768 outputs); here each output row is reduced a tap at a time into a
 * row of accumulators, in the reference's tap order (sums exact to it).
 * False: not such a program; else the output's row loop in *row and the
 * taps in *taps. */
bool cpu_loop_window(const cpu_loop *L, int *row, int64_t *taps) {
    int64_t n;
    if (L->acc < 0 || L->nroot != 2 || L->init_input >= 0 || L->out.dtype != CPU_LT_F32 || L->nin < 1 ||
        cpu_loop_row_sum(L, &n))
        return false;
    const cpu_loop_insn *ld = &L->insn[0], *rd = &L->insn[1];
    if (ld->op != CPU_L_LOAD || ld->dt != CPU_LT_F32 || L->in[ld->a].dtype != CPU_LT_F32 || L->in[ld->a].grank) return false;
    if (!(rd->op == CPU_L_ADDF || rd->op == CPU_L_MAXIMUMF) || rd->dt != CPU_LT_F32 || rd->dst != L->root_result ||
        !((rd->a == L->acc && rd->b == ld->dst) || (rd->b == L->acc && rd->a == ld->dst)))
        return false;
    if (!cpu_f32_chain_ok(L)) return false;
    int64_t t = 1;
    int r = -1;
    for (uint32_t d = 0; d < L->ndims; d++) {
        if (L->reduction[d]) {
            t *= L->bounds[d];
            if (L->out.stride[d] != 0) return false;
        } else if (L->out.stride[d] == 1 && L->bounds[d] >= 8) {
            r = (int)d;
        }
    }
    if (r < 0 || t < 2 || t > 64) return false;
    for (uint32_t d = 0; d < L->ndims; d++)
        if (L->in[ld->a].stride[d] < 0) return false; /* run_window's last element read */
    *row = r;
    *taps = t;
    return true;
}

/* Four floats' bits (rs_v4's). */
typedef int32_t win_v4i __attribute__((vector_size(16)));

/* The reference's maximumf on four lanes, without a branch: the larger, of
 * equals the one with the sign clear (+0 over -0: their bits' and), NaN
 * where either is (loop_maximumf_s lane by lane). */
static rs_v4 win_max4(rs_v4 a, rs_v4 b) {
    const win_v4i ai = (win_v4i)a, bi = (win_v4i)b, gt = a > b, lt = a < b, eq = a == b;
    const win_v4i un = ~(gt | lt | eq), nan = (win_v4i)((rs_v4){NAN, NAN, NAN, NAN});
    return (rs_v4)((gt & ai) | (lt & bi) | (eq & ai & bi) | (un & nan));
}

/* Lanes 0, 2, 4, 6 of the eight floats at x. */
static rs_v4 win_even4(const float *x) {
    rs_v4 lo, hi;
    memcpy(&lo, x, 16), memcpy(&hi, x + 4, 16);
#if defined(__clang__)
    return __builtin_shufflevector(lo, hi, 0, 2, 4, 6);
#else
    return __builtin_shuffle(lo, hi, (win_v4i){0, 2, 4, 6});
#endif
}

enum { WIN_VECS = 4 }; /* four vectors reduced at once: their chains overlap */

/* A tap's four elements at p: x[0], x[s], x[2s], x[3s]. */
static rs_v4 win_load4(const float *p, int64_t s) {
    rs_v4 v;
    if (s == 1)
        memcpy(&v, p, 16);
    else if (s == 2)
        v = win_even4(p);
    else
        v = (rs_v4){p[0], p[s], p[2 * s], p[3 * s]};
    return v;
}

/* 4 * nv outputs at out: x[q * s + toff[t]] reduced over the taps t from
 * init, four lanes at once. */
static inline __attribute__((always_inline)) void win_block(const cpu_loop *L, const float *x, const int64_t *toff,
                                                            int64_t taps, int64_t s, float init, bool max, float *out,
                                                            const int nv) {
    rs_v4 acc[WIN_VECS];
#pragma GCC unroll 4
    for (int u = 0; u < nv; u++) acc[u] = (rs_v4){init, init, init, init};
    for (int64_t t = 0; t < taps; t++) {
        if (max) {
#pragma GCC unroll 4
            for (int u = 0; u < nv; u++) acc[u] = win_max4(acc[u], win_load4(x + toff[t] + 4 * u * s, s));
        } else {
#pragma GCC unroll 4
            for (int u = 0; u < nv; u++) acc[u] += win_load4(x + toff[t] + 4 * u * s, s);
        }
    }
    memcpy(out, acc, (size_t)nv * 16);
}


#if defined(__SSE__)
/* A max block as win_block's, on the ISA's max (x > m ? x : m, one
 * instruction a tap), beside a sum of the taps: the max is the
 * reference's unless a tap is NaN (the sum then NaN too) or the max is a
 * zero (+0 over -0); those blocks, rare, run win_block's exact max. */
static inline __attribute__((always_inline)) void win_block_max(const cpu_loop *L, const float *x,
                                                                const int64_t *toff, int64_t taps, int64_t s,
                                                                float init, float *out, const int nv) {
    __m128 m[WIN_VECS], z[WIN_VECS];
#pragma GCC unroll 4
    for (int u = 0; u < nv; u++) m[u] = _mm_set1_ps(init), z[u] = _mm_setzero_ps();
    for (int64_t t = 0; t < taps; t++) {
#pragma GCC unroll 4
        for (int u = 0; u < nv; u++) {
            const __m128 v = (__m128)win_load4(x + toff[t] + 4 * u * s, s);
            m[u] = _mm_max_ps(v, m[u]);
            z[u] = _mm_add_ps(z[u], v);
        }
    }
    int odd = 0;
#pragma GCC unroll 4
    for (int u = 0; u < nv; u++)
        odd |= _mm_movemask_ps(_mm_or_ps(_mm_cmpunord_ps(z[u], z[u]), _mm_cmpeq_ps(m[u], _mm_setzero_ps())));
    if (odd || init != init)
        win_block(L, x, toff, taps, s, init, true, out, nv);
    else
        memcpy(out, m, (size_t)nv * 16);
}
#define WIN_BLOCK(L, x, toff, taps, s, init, max, out, nv)                                                              \
    ((max) ? win_block_max(L, x, toff, taps, s, init, out, nv) : win_block(L, x, toff, taps, s, init, false, out, nv))
#else
#define WIN_BLOCK win_block
#endif

bool cpu_loop_pad_build(const ex_program *x, const kernel *k, uint32_t i, cpu_loop_tensor *t, cpu_loop_pad *pg) {
    const kn_input *in = &k->inputs[i];
    const ir_value *v = in->value;
    if (pg->on || !in->map || !in->pad_low || v->type.kind != IR_T_TENSOR || v->type.rank != in->map->nres ||
        !in->pad_high || !cb_is_f32_const(cb_pad_value(in->pad), &pg->value))
        return false;
    int64_t ts[IR_MAX_RANK];
    ir_type_strides(v->type, ts);
    const bool splat = x && ex_value_splat(x, v->id); /* read through zero strides: no offset */
    /* the guard keeps the padded dims: along the others the padded
     * coordinates (inside the padded tensor) are the source's */
    pg->rank = 0;
    pg->numel = 1;
    for (uint32_t r = 0; r < v->type.rank; r++) {
        int64_t cst = 0, *coef = pg->coef[pg->rank];
        memset(coef, 0, sizeof pg->coef[0]);
        if (!ir_aexpr_linear(in->map->res[r], k->ndims, coef, &cst) || v->type.dims[r] < 0) return false;
        for (uint32_t d = 0; d < k->ndims; d++)
            if (coef[d] < 0) return false;
        pg->numel *= v->type.dims[r];
        if (!splat) t->off -= in->pad_low[r] * ts[r];
        if (!in->pad_low[r] && !in->pad_high[r]) continue;
        pg->cst[pg->rank] = cst - in->pad_low[r];
        pg->extent[pg->rank++] = v->type.dims[r];
    }
    pg->on = true;
    pg->in = i;
    return true;
}

bool cpu_loop_pad_runs(const cpu_loop_kernel *lk) {
    const cpu_loop *L = &lk->L;
    int row;
    int64_t taps;
    if (!lk->pad.on || !cpu_loop_window(L, &row, &taps) || L->insn[0].a != (uint8_t)lk->pad.in) return false;
    uint32_t bits;
    memcpy(&bits, &lk->pad.value, 4);
    return L->insn[1].op == CPU_L_MAXIMUMF || bits == 0;
}

bool cpu_loop_window_takes_pad(sp_ctx *ctx, const kernel *k, uint32_t input, const kn_input *folded) {
    if (k->kind != KN_LOOP || k->ninputs > CPU_LOOP_MAX_INPUTS || input >= k->ninputs || !folded->pad) return false;
    for (uint32_t i = 0; i < k->ninputs; i++)
        if (k->inputs[i].pad) return false;
    kernel t = *k;
    kn_input in[CPU_LOOP_MAX_INPUTS];
    for (uint32_t i = 0; i < k->ninputs; i++) in[i] = k->inputs[i];
    in[input] = *folded;
    t.inputs = in;
    cpu_loop_kernel *lk = sp_calloc(ctx, 1, sizeof *lk);
    char why[256];
    const bool ok = cpu_loop_lower(ctx, NULL, &t, lk, why, sizeof why);
    sp_free(ctx, lk);
    return ok;
}

/* One run of a window program: what every row reads. */
typedef struct win_run {
    const cpu_loop *L;
    const cpu_loop_pad *pg; /* !pg->on: no pad */
    const cpu_loop_tensor *x;
    const float *xp;
    float *out;
    int row;
    int64_t taps, len, xs, xlast; /* xlast: the last element a read may touch */
    bool max;
    float init;
    cpu_win_span_fn wide; /* the ISA's wide vectors, or NULL */
    uint32_t pd[CPU_LOOP_MAX_DIMS], np; /* the output's other loops, innermost first */
    int64_t toff[64];                   /* each tap's offset in the input, in the reference's order */
    /* a pad: each tap's part of the padded dims' coordinates; whether a
     * dim moves with the row; each tap's outputs inside along the others */
    int64_t tco[64][IR_MAX_RANK];
    bool moves[IR_MAX_RANK];
    int64_t tlo[64], thi[64];
} win_run;

static void tap_range(int64_t b, int64_t a, int64_t e, int64_t len, int64_t *lo, int64_t *hi);

/* Which padded dims move with the row, and each tap's outputs inside
 * along the others. */
static void win_setup_pad(win_run *w) {
    const cpu_loop_pad *pg = w->pg;
    for (uint32_t r = 0; r < pg->rank; r++) {
        w->moves[r] = false;
        for (uint32_t k = 0; k < w->np; k++) w->moves[r] |= pg->coef[r][w->pd[k]] != 0;
    }
    for (int64_t t = 0; t < w->taps; t++) {
        w->tlo[t] = 0, w->thi[t] = w->len;
        for (uint32_t r = 0; r < pg->rank; r++)
            if (!w->moves[r])
                tap_range(pg->cst[r] + w->tco[t][r], pg->coef[r][w->row], pg->extent[r], w->len, &w->tlo[t], &w->thi[t]);
    }
}

/* The taps (the reduction loops as nested, the outermost first) and the
 * output's rows. */
static void win_setup(win_run *w) {
    const cpu_loop *L = w->L;
    int64_t ti[CPU_LOOP_MAX_DIMS] = {0};
    for (int64_t t = 0; t < w->taps; t++) {
        int64_t o = 0;
        for (uint32_t r = 0; r < w->pg->rank; r++) w->tco[t][r] = 0;
        for (uint32_t d = 0; d < L->ndims; d++) {
            if (!L->reduction[d]) continue;
            o += ti[d] * w->x->stride[d];
            for (uint32_t r = 0; w->pg->on && r < w->pg->rank; r++) w->tco[t][r] += ti[d] * w->pg->coef[r][d];
        }
        w->toff[t] = o;
        for (int d = (int)L->ndims - 1; d >= 0; d--) {
            if (!L->reduction[d]) continue;
            if (++ti[d] < L->bounds[d]) break;
            ti[d] = 0;
        }
    }
    w->np = 0;
    for (int d = (int)L->ndims - 1; d >= 0; d--)
        if (!L->reduction[d] && d != w->row) w->pd[w->np++] = (uint32_t)d;
    w->len = L->bounds[w->row], w->xs = w->x->stride[w->row];
    if (w->pg->on) { /* the source's last element */
        w->xlast = w->pg->numel - 1;
        win_setup_pad(w);
    } else {
        w->xlast = w->x->off;
        for (uint32_t d = 0; d < L->ndims; d++) w->xlast += (L->bounds[d] - 1) * w->x->stride[d];
    }
}

/* Narrow [*lo, *hi) to the outputs j whose coordinate b + a * j (a >= 0)
 * lies in [0, e): dividing only at the edges (most rows' taps lie
 * inside). */
static void tap_range(int64_t b, int64_t a, int64_t e, int64_t len, int64_t *lo, int64_t *hi) {
    if (a == 0) {
        if (b < 0 || b >= e) *hi = 0;
        return;
    }
    if (b < 0) { /* ceil(-b / a) */
        const int64_t l = (-b + a - 1) / a;
        *lo = l > *lo ? l : *lo;
    }
    if (b + a * (len - 1) > e - 1) { /* floor((e - 1 - b) / a) + 1 */
        const int64_t h = e - 1 - b < 0 ? 0 : (e - 1 - b) / a + 1;
        *hi = h < *hi ? h : *hi;
    }
}

/* Under a pad: the outputs [lo[t], hi[t]) of the row at indices idx
 * whose tap t lies inside the source (lo >= hi: none); the dims the row
 * does not move taken from win_setup's. */
static void win_ranges(const win_run *w, const int64_t *idx, int64_t *lo, int64_t *hi) {
    const cpu_loop_pad *pg = w->pg;
    int64_t base[IR_MAX_RANK];
    for (uint32_t r = 0; r < pg->rank; r++) {
        base[r] = pg->cst[r];
        for (uint32_t k = 0; w->moves[r] && k < w->np; k++) base[r] += pg->coef[r][w->pd[k]] * idx[k];
    }
    for (int64_t t = 0; t < w->taps; t++) {
        lo[t] = w->tlo[t], hi[t] = w->thi[t];
        for (uint32_t r = 0; r < pg->rank; r++)
            if (w->moves[r]) tap_range(base[r] + w->tco[t][r], pg->coef[r][w->row], pg->extent[r], w->len, &lo[t], &hi[t]);
    }
}

/* Output j of a row at xr, every tap in order, one outside [lo, hi) the
 * padding value (lo NULL: none is). */
static float win_one(const win_run *w, const float *xr, int64_t j, const int64_t *toff, int64_t taps, float init,
                     const int64_t *lo, const int64_t *hi) {
    if (!w->max) {
        float acc = init;
        for (int64_t t = 0; t < taps; t++) acc += !lo || (lo[t] <= j && j < hi[t]) ? xr[j * w->xs + toff[t]] : w->pg->value;
        return acc;
    }
    rs_v4 acc = {init};
    for (int64_t t = 0; t < taps; t++)
        acc = win_max4(acc, (rs_v4){!lo || (lo[t] <= j && j < hi[t]) ? xr[j * w->xs + toff[t]] : w->pg->value});
    return acc[0];
}

/* Outputs [j0, j1) of a row at xr (offset xo) over the taps toff (their
 * largest tmax), from init: sixteen, then four at a time, each tail one
 * more block ending at j1 (outputs computed twice, alike); a stride 2
 * reads one element past its last, so not at the end (xlast). */
static __attribute__((noinline)) void win_span(const win_run *w, const float *xr, int64_t xo, float *o, int64_t j0, int64_t j1,
                     const int64_t *toff, int64_t taps, int64_t tmax, float init) {
    const int64_t xs = w->xs;
#define WIN_FITS(j, n) (xs != 2 || xo + ((j) + (n) - 1) * 2 + tmax < w->xlast)
    int64_t j = w->wide ? w->wide(xr, xo, o, j0, j1, toff, taps, tmax, init, w->max, xs, w->xlast) : j0;
    for (; j + 16 <= j1 && WIN_FITS(j, 16); j += 16)
        WIN_BLOCK(w->L, xr + j * xs, toff, taps, xs, init, w->max, o + j, WIN_VECS);
    if (j < j1 && j1 - 16 >= j0 && WIN_FITS(j1 - 16, 16))
        WIN_BLOCK(w->L, xr + (j1 - 16) * xs, toff, taps, xs, init, w->max, o + j1 - 16, WIN_VECS), j = j1;
    for (; j + 4 <= j1 && WIN_FITS(j, 4); j += 4)
        WIN_BLOCK(w->L, xr + j * xs, toff, taps, xs, init, w->max, o + j, 1);
    if (j < j1 && j1 - 4 >= j0 && WIN_FITS(j1 - 4, 4))
        WIN_BLOCK(w->L, xr + (j1 - 4) * xs, toff, taps, xs, init, w->max, o + j1 - 4, 1), j = j1;
#undef WIN_FITS
    for (; j < j1; j++) o[j] = win_one(w, xr, j, toff, taps, init, NULL, NULL);
}

/* Row r: under a pad, the outputs whose taps all lie inside on the
 * vector path over the taps inside for the whole row (those outside
 * folded into the start, see the contract), the row's edges tap by tap. */
static void win_row(const win_run *w, int64_t r) {
    int64_t xo = w->x->off, oo = w->L->out.off, idx[CPU_LOOP_MAX_DIMS];
    cpu_point_at(w->L, w->x, w->pd, w->np, r, idx, &xo, &oo);
    const float *xr = w->xp + xo;
    float *o = w->out + oo;
    int64_t j0 = 0, j1 = w->len, taps = w->taps, tmax = 0;
    const int64_t *toff = w->toff;
    int64_t lo[64], hi[64], inside[64];
    inside[0] = 0; /* (GCC cannot tell taps > 0 whenever toff reads it) */
    float init = w->init;
    if (w->pg->on) {
        win_ranges(w, idx, lo, hi);
        bool out = false;
        taps = 0;
        for (int64_t t = 0; t < w->taps; t++) {
            if (lo[t] >= hi[t]) {
                out = true;
                continue;
            }
            inside[taps++] = w->toff[t];
            j0 = lo[t] > j0 ? lo[t] : j0;
            j1 = hi[t] < j1 ? hi[t] : j1;
        }
        if (out) init = w->max ? win_max4((rs_v4){init}, (rs_v4){w->pg->value})[0] : init + w->pg->value;
        j1 = j1 > j0 ? j1 : j0;
        toff = inside;
    }
    for (int64_t t = 0; t < taps; t++) tmax = toff[t] > tmax ? toff[t] : tmax;
    win_span(w, xr, xo, o, j0, j1, toff, taps, tmax, init);
    if (w->pg->on) { /* the edges */
        for (int64_t j = 0; j < j0; j++) o[j] = win_one(w, xr, j, w->toff, w->taps, w->init, lo, hi);
        for (int64_t j = j1; j < w->len; j++) o[j] = win_one(w, xr, j, w->toff, w->taps, w->init, lo, hi);
    }
    if (w->L->ninsn > w->L->nroot) cpu_win_chain(w->L, o, w->len);
}

bool cpu_loop_run_window(const cpu_loop *L, const cpu_loop_pad *pg, const void *const *in, void *out, int nthreads,
                         cpu_isa isa) {
    int row;
    int64_t taps;
    /* asked of every loop kernel: the test before the state (5 KB, zeroed),
     * whose memset was 12% of the samples of a 96-lane rsqrt kernel (perf) */
    if (!cpu_loop_window(L, &row, &taps)) return false;
    win_run *w = &(win_run){.L = L, .pg = pg, .out = out, .row = row, .taps = taps};
    w->wide = isa >= CPU_ISA_AVX512 ? cpu_win_span_avx512 : isa == CPU_ISA_AVX2 ? cpu_win_span_avx2 : NULL;
    w->x = &L->in[L->insn[0].a];
    w->xp = in[L->insn[0].a];
    if (!w->xp) return false;
    w->max = L->insn[1].op == CPU_L_MAXIMUMF;
    w->init = (float)L->init_imm.f;
    win_setup(w);
    int64_t rows = 1;
    for (uint32_t k = 0; k < w->np; k++) rows *= L->bounds[w->pd[k]];
    const int nt = cpu_team(rows * w->len * w->taps >= 65536 ? nthreads : 1, rows);
#pragma omp parallel for num_threads(nt) schedule(static) if (nt > 1)
    for (int64_t r = 0; r < rows; r++) win_row(w, r);
    return true;
}
