/* loop_window_span.h - a pool window's outputs (loop_window.c) and row
 * sums (loop_lower.c run_rowsum) on one ISA's wide vectors: included by
 * loop_window_avx2.c and loop_window_avx512.c (compiled with their ISA's
 * flags), which define
 *   WS_FN         the window's function's name
 *   WS_ROWS_FN    the row sums' function's name
 *   WS_HSUM(v)    the sum of v's lanes
 *   WS_V, WS_VL   the vector type (GCC's vector extension) and its lanes
 *   WS_MAX(v, m)  the ISA's max: v > m ? v : m per lane
 *   WS_ODD(m, z)  nonzero where a lane of m is a zero or of z a NaN
 *   WS_IMIN(a, b) the lanes' least of two int32 vectors
 * Contract as loop_window.c's blocks: taps reduced in the reference's
 * order; a max's result the reference's (a block with a NaN tap, or a
 * zero max where a tap was -0, is redone lane by lane with the exact
 * max). */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "loop_direct.h"

typedef int32_t ws_vi __attribute__((vector_size(WS_VL * 4)));

/* A tap's lanes at p: p[0], p[s], ... (s 1 or 2; a stride 2 reads one
 * element past its last lane). */
static inline WS_V ws_load(const float *p, int64_t s) {
    WS_V v;
    if (s == 1) {
        memcpy(&v, p, sizeof v);
        return v;
    }
    WS_V lo, hi;
    memcpy(&lo, p, sizeof lo), memcpy(&hi, p + WS_VL, sizeof hi);
#if defined(__clang__)
    return __builtin_shufflevector(lo, hi, WS_EVEN_LANES);
#else
    return __builtin_shuffle(lo, hi, (ws_vi){WS_EVEN_LANES});
#endif
}

static inline ws_vi ws_imin(ws_vi a, ws_vi b) { return (ws_vi)WS_IMIN(a, b); }

/* WS_VL * nv outputs at out: x[q * s + toff[t]] reduced over the taps t
 * from init. */
static inline __attribute__((always_inline)) void ws_block(const float *x, const int64_t *toff, int64_t taps,
                                                           int64_t s, float init, bool max, float *out, const int nv) {
    WS_V acc[4], z[4];
    ws_vi imin[4]; /* the taps' least bits as int32: INT32_MIN (-0's) where a tap was -0 */
    const WS_V zero = {0};
    const ws_vi minus0 = (ws_vi){0} + INT32_MIN;
#pragma GCC unroll 4
    for (int u = 0; u < nv; u++) acc[u] = zero + init, z[u] = zero, imin[u] = (ws_vi){0} + INT32_MAX;
    for (int64_t t = 0; t < taps; t++) {
#pragma GCC unroll 4
        for (int u = 0; u < nv; u++) {
            const WS_V v = ws_load(x + toff[t] + WS_VL * u * s, s);
            if (max)
                acc[u] = WS_MAX(v, acc[u]), z[u] += v, imin[u] = ws_imin(imin[u], (ws_vi)v);
            else
                acc[u] += v;
        }
    }
    /* The wide max is the exact one but where a tap is NaN (z NaN), or
     * where the max is zero and zeros of both signs met, whichever came
     * first kept: a lane whose max is zero is redone only if it saw a -0
     * (or starts from one), so the +0s after a ReLU keep the wide result.
     * ResNet-50's max pool 0.78 -> 0.41 ms in the model, where nearly
     * every block was redone; on random inputs, which have no zero
     * maxima, the min per tap costs 4-6% (0.39 -> 0.41 ms; Zen 4) */
    int odd = init != init;
    const ws_vi init_neg0 = (ws_vi){0} - (init == 0.0f && signbit(init));
    const WS_V one = zero + 1.0f;
#pragma GCC unroll 4
    for (int u = 0; u < nv && max; u++) {
        const ws_vi seen = (imin[u] == minus0) | init_neg0;
        const WS_V m = (WS_V)(((ws_vi)acc[u] & seen) | ((ws_vi)one & ~seen)); /* 1 where no -0: not odd */
        odd |= WS_ODD(m, z[u]) != 0;
    }
    if (!odd) {
        memcpy(out, acc, (size_t)nv * sizeof(WS_V));
        return;
    }
    for (int q = 0; q < WS_VL * nv; q++) { /* rare: the exact max, lane by lane */
        float m = init;
        for (int64_t t = 0; t < taps; t++) m = cpu_maxf_exact(m, x[q * s + toff[t]]);
        out[q] = m;
    }
}

/* Outputs [j, j1) of a row at xr (offset xo in the input, whose last
 * element a read may touch is xlast) over the taps toff (their largest
 * tmax) from init, four vectors, then one, at a time while they fit, the
 * tail one more vector ending at j1 (outputs computed twice, alike):
 * returns where it stopped (the caller does the rest). Strides 1 and 2. */
static inline __attribute__((always_inline)) int64_t ws_span(const float *xr, int64_t xo, float *o, int64_t j0,
                                                              int64_t j1, const int64_t *toff, int64_t taps,
                                                              int64_t tmax, float init, const bool max,
                                                              const int64_t xs, int64_t xlast) {
    int64_t j = j0;
#define WS_FITS(j, n) (xs != 2 || xo + ((j) + (n) - 1) * 2 + tmax < xlast)
    for (; j + 4 * WS_VL <= j1 && WS_FITS(j, 4 * WS_VL); j += 4 * WS_VL)
        ws_block(xr + j * xs, toff, taps, xs, init, max, o + j, 4);
    for (; j + WS_VL <= j1 && WS_FITS(j, WS_VL); j += WS_VL) ws_block(xr + j * xs, toff, taps, xs, init, max, o + j, 1);
    if (j < j1 && j1 - WS_VL >= j0 && WS_FITS(j1 - WS_VL, WS_VL)) /* the tail: one more vector ending at j1 */
        ws_block(xr + (j1 - WS_VL) * xs, toff, taps, xs, init, max, o + j1 - WS_VL, 1), j = j1;
#undef WS_FITS
    return j;
}

int64_t WS_FN(const float *xr, int64_t xo, float *o, int64_t j0, int64_t j1, const int64_t *toff, int64_t taps,
              int64_t tmax, float init, bool max, int64_t xs, int64_t xlast) {
    /* one loop each for max and sum at strides 1 and 2 (no test per tap) */
    if (xs == 1)
        return max ? ws_span(xr, xo, o, j0, j1, toff, taps, tmax, init, true, 1, xlast)
                   : ws_span(xr, xo, o, j0, j1, toff, taps, tmax, init, false, 1, xlast);
    if (xs == 2)
        return max ? ws_span(xr, xo, o, j0, j1, toff, taps, tmax, init, true, 2, xlast)
                   : ws_span(xr, xo, o, j0, j1, toff, taps, tmax, init, false, 2, xlast);
    return j0;
}

/* The sums of the ns rows of n at xp + from[i] into s (cpu_row_sums_fn):
 * four rows at once, a vector of partial sums each, then across its
 * lanes, the last n % WS_VL elements after. */
void WS_ROWS_FN(const float *xp, const int64_t *from, int ns, int64_t n, float *s) {
    const WS_V zero = {0};
    int i = 0;
    for (; i + 4 <= ns; i += 4) {
        const float *r[4] = {xp + from[i], xp + from[i + 1], xp + from[i + 2], xp + from[i + 3]};
        WS_V p[4] = {zero, zero, zero, zero}, t;
        int64_t j = 0;
        for (; j + WS_VL <= n; j += WS_VL)
#pragma GCC unroll 4
            for (int k = 0; k < 4; k++) memcpy(&t, r[k] + j, sizeof t), p[k] += t;
#pragma GCC unroll 4
        for (int k = 0; k < 4; k++) {
            s[i + k] = WS_HSUM(p[k]);
            for (int64_t q = j; q < n; q++) s[i + k] += r[k][q];
        }
    }
    for (; i < ns; i++) {
        const float *r = xp + from[i];
        WS_V p = zero, t;
        int64_t j = 0;
        for (; j + WS_VL <= n; j += WS_VL) memcpy(&t, r + j, sizeof t), p += t;
        s[i] = WS_HSUM(p);
        for (; j < n; j++) s[i] += r[j];
    }
}
