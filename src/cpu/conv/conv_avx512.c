/* conv_avx512.c - a linear window (conv.h) packed with AVX-512: a panel
 * row of window element k is the source's nr floats at moff[n0] + koff[k],
 * masked where a padded coordinate falls outside (those lanes get the
 * padding value) and past the last pixel (zero). The masks depend on k
 * only through its tuple of padded coordinates (a 3x3 window: 9), so they
 * are computed once per panel and tuple. Masked lanes are never read
 * (AVX-512 masked loads suppress their faults). */
#include <immintrin.h>

#include "conv.h"

void cpu_window_pack_linear_avx512(const cpu_window *w, const float *X, int64_t base, int64_t n0, int64_t cols, int nr,
                                   float *dst) {
    enum { MAXV = CPU_WIN_PACK_MAX_NR / 16 };
    __mmask16 masks[CPU_WIN_MAX_COMBOS][MAXV];
    const int nv = nr / 16;
    const int64_t K = w->K;
    for (int64_t p0 = 0; p0 < cols; p0 += nr) {
        float *panel = dst + p0 / nr * K * nr;
        const int64_t pc = cols - p0 < nr ? cols - p0 : nr, n = n0 + p0;
        __m512 fillv[MAXV];
        __mmask16 live[MAXV];
        for (int v = 0; v < nv; v++) {
            const int64_t left = pc - 16 * v;
            live[v] = left >= 16 ? (__mmask16)0xffff : left <= 0 ? (__mmask16)0 : (__mmask16)((1u << left) - 1);
            fillv[v] = _mm512_maskz_mov_ps(live[v], _mm512_set1_ps(w->padv));
        }
        for (uint32_t c = 0; c < w->ncombo; c++)
            for (int v = 0; v < nv; v++) {
                __mmask16 m = live[v];
                for (uint32_t b = 0; b < w->nb && m; b++) {
                    const __m512i t = _mm512_add_epi32(_mm512_maskz_loadu_epi32(live[v], w->mb[b] + n + 16 * v),
                                                       _mm512_set1_epi32(w->combo[c * w->nb + b]));
                    m &= _mm512_cmpge_epi32_mask(t, _mm512_setzero_si512()) &
                         _mm512_cmplt_epi32_mask(t, _mm512_set1_epi32((int32_t)w->dim[b]));
                }
                masks[c][v] = m;
            }
        const float *src = X + (base + w->moff[n]);
        for (int64_t k = 0; k < K; k++) {
            const __mmask16 *m = masks[w->kcombo[k]];
            const float *s = src + w->koff[k];
            float *d = panel + k * nr;
            for (int v = 0; v < nv; v++) _mm512_store_ps(d + 16 * v, _mm512_mask_loadu_ps(fillv[v], m[v], s + 16 * v));
            /* the next panel's source lines, to L2 for the next call: this
             * one waited on them (a window row is up to 3 x 64 channels of
             * runs, more streams than the prefetchers follow) */
            for (int v = 0; v <= nv; v++) _mm_prefetch((const char *)(s + nr + 16 * v), _MM_HINT_T1);
        }
    }
}

void cpu_window_copy_avx512(float *d, const float *s, int64_t n) {
    const __m512i even = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    for (int64_t j = 0; j < n; j += 16) {
        /* source elements s[2j .. 2j + 30] of which s[2(n-1)] is the last
         * to read: loads masked there */
        const int64_t left = 2 * (n - j) - 1;
        const __mmask16 m0 = left >= 16 ? (__mmask16)0xffff : (__mmask16)((1u << left) - 1);
        const __mmask16 m1 = left >= 32 ? (__mmask16)0xffff : left <= 16 ? (__mmask16)0 : (__mmask16)((1u << (left - 16)) - 1);
        const __m512 lo = _mm512_maskz_loadu_ps(m0, s + 2 * j), hi = _mm512_maskz_loadu_ps(m1, s + 2 * j + 16);
        const int64_t cnt = n - j < 16 ? n - j : 16;
        _mm512_mask_storeu_ps(d + j, (__mmask16)(cnt >= 16 ? 0xffff : (1u << cnt) - 1), _mm512_permutex2var_ps(lo, even, hi));
    }
}
