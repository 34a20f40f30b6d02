/* conv.c - a convolution's window packed for the GEMM engine (conv.h).
 * Pixels are taken a run at a time (consecutive pixels along the
 * innermost output loop, whose source elements are run_stride apart), so
 * that a window element's padded coordinates bound one interval of the
 * run: the interval is copied (a memcpy at stride 1) and the rest is the
 * padding value, with no per-element test. */
#include "conv.h"

#include <stdbool.h>
#include <string.h>

static void fill(float *d, int64_t n, float v) {
    for (int64_t i = 0; i < n; i++) d[i] = v;
}

/* The pixels j in [0, len) of the run starting at pixel n whose window
 * element with padded coordinates kb[0..nb) (its own, or its tuple's:
 * conv.h's combo) lies inside the source: [*lo, *hi). */
static void inside(const cpu_window *w, int64_t n, const int32_t *kb, int64_t len, int64_t *lo, int64_t *hi) {
    int64_t a = 0, b = len;
    for (uint32_t i = 0; i < w->nb && a < b; i++) {
        const int64_t v = (int64_t)w->mb[i][n] + kb[i], s = w->step[i], dim = w->dim[i];
        if (s == 0) {
            if (v < 0 || v >= dim) b = 0;
            continue;
        }
        /* s > 0 (conv.h's callers never step backwards) */
        const int64_t jl = v >= 0 ? 0 : (-v + s - 1) / s, jh = v >= dim ? 0 : (dim - 1 - v) / s + 1;
        if (jl > a) a = jl;
        if (jh < b) b = jh;
    }
    *lo = a;
    *hi = b > a ? b : a;
}

/* Run [n, n + len) of window element k into d[0, len), the pixels
 * [a, b) of it inside the source. */
static void copy_run(const cpu_window *w, const float *X, int64_t base, int64_t n, int64_t k, int64_t len, int64_t a,
                     int64_t b, float *d) {
    fill(d, a, w->padv);
    if (b > a) { /* only in-bounds addresses are formed */
        const float *s = X + (base + w->moff[n] + w->koff[k] + a * w->run_stride);
        if (w->run_stride == 1)
            memcpy(d + a, s, (size_t)(b - a) * sizeof *d);
        else if (w->copy) /* (set only for stride 2) */
            w->copy(d + a, s, b - a);
        else
            for (int64_t j = 0; j < b - a; j++) d[a + j] = s[j * w->run_stride];
    }
    fill(d + b, len - b, w->padv);
}

void cpu_window_pack(const cpu_window *w, const float *X, int64_t base, int64_t n0, int64_t cols, int nr, float *dst) {
    const int64_t K = w->K;
    for (int64_t p0 = 0; p0 < cols; p0 += nr) {
        float *panel = dst + p0 / nr * K * nr;
        const int64_t pc = cols - p0 < nr ? cols - p0 : nr;
        for (int64_t j = 0; j < pc;) {
            const int64_t n = n0 + p0 + j, pos = n % w->run;
            const int64_t len = w->run - pos < pc - j ? w->run - pos : pc - j;
            /* each tuple's interval once a run (its divisions), not once an
             * element: a 3x3 window's 9 for K = 9 x channels; an element's
             * own where the tuples are too many to number */
            int64_t lo[CPU_WIN_MAX_COMBOS], hi[CPU_WIN_MAX_COMBOS];
            for (uint32_t c = 0; w->kcombo && c < w->ncombo; c++)
                inside(w, n, w->combo + c * w->nb, len, &lo[c], &hi[c]);
            for (int64_t k = 0; k < K; k++) {
                int64_t a, b;
                if (w->kcombo) {
                    a = lo[w->kcombo[k]], b = hi[w->kcombo[k]];
                } else {
                    int32_t kb[CPU_WIN_MAX_BOUNDS];
                    for (uint32_t i = 0; i < w->nb; i++) kb[i] = w->kb[i][k];
                    inside(w, n, kb, len, &a, &b);
                }
                copy_run(w, X, base, n, k, len, a, b, panel + k * nr + j);
            }
            j += len;
        }
        if (pc < nr)
            for (int64_t k = 0; k < K; k++) memset(panel + k * nr + pc, 0, (size_t)(nr - pc) * sizeof *panel);
    }
}

void cpu_window_gather(const cpu_window *w, const float *X, int64_t base, int64_t m0, int64_t rows, float *dst) {
    const int64_t K = w->K;
    for (int64_t r = 0; r < rows; r++) {
        const int64_t m = m0 + r;
        float *row = dst + r * K;
        for (uint32_t q = 0; q < w->nkrun; q++) {
            const int64_t k0 = w->krun[q], len = w->krun[q + 1] - k0;
            bool in = true;
            for (uint32_t i = 0; i < w->nb && in; i++) {
                const int64_t v = (int64_t)w->mb[i][m] + w->kb[i][k0];
                in = v >= 0 && v < w->dim[i];
            }
            if (!in)
                fill(row + k0, len, w->padv);
            else if (len == 1)
                row[k0] = X[base + w->moff[m] + w->koff[k0]];
            else
                memcpy(row + k0, X + (base + w->moff[m] + w->koff[k0]), (size_t)len * sizeof *row);
        }
    }
}

void cpu_phase_copy(const cpu_phases *ph, const float *X, int64_t c0, int64_t c1, float *dst) {
    const uint32_t L = ph->nsp - 1;
    const int64_t BL = ph->B[L], sL = ph->s[L], rows = ph->plane / BL;
    for (int64_t c = c0; c < c1; c++) {
        int64_t soff = 0, r = c;
        for (int i = (int)ph->nch - 1; i >= 0; i--) {
            soff += r % ph->ch_n[i] * ph->ch_ts[i];
            r /= ph->ch_n[i];
        }
        for (uint32_t q = 0; q < ph->nplane; q++) {
            const int32_t *p = ph->phase[q];
            float *d = dst + (c * ph->nplane + q) * ph->plane;
            /* along the last dim, the cells j whose s * j + p lies in the source */
            int64_t in = (ph->D[L] - p[L] + sL - 1) / sL;
            in = in < 0 ? 0 : in > BL ? BL : in;
            for (int64_t row = 0; row < rows; row++, d += BL) {
                int64_t off = soff + p[L] * ph->ts[L], rr = row;
                bool inside = true;
                for (int i = (int)L - 1; i >= 0; i--) {
                    const int64_t x = ph->s[i] * (rr % ph->B[i]) + p[i];
                    rr /= ph->B[i];
                    inside &= x < ph->D[i];
                    off += x * ph->ts[i];
                }
                const int64_t n = inside ? in : 0;
                if (n) { /* only in-bounds addresses are formed */
                    const float *s = X + off;
                    if (sL == 1)
                        memcpy(d, s, (size_t)n * sizeof *d);
                    else if (sL == 2 && ph->copy)
                        ph->copy(d, s, n);
                    else
                        for (int64_t j = 0; j < n; j++) d[j] = s[j * sL];
                }
                fill(d + n, BL - n, 0.0f);
            }
        }
    }
}
