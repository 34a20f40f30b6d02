/* conv_avx2.c - a linear window (conv.h) packed with AVX2, as
 * conv_avx512.c packs it with AVX-512: a panel row of window element k is
 * the source's nr floats at moff[n0] + koff[k], masked where a padded
 * coordinate falls outside (those lanes get the padding value) and past
 * the last pixel (zero). The masks depend on k only through its tuple of
 * padded coordinates, so they are built once per panel and tuple, as
 * vectors (VMASKMOVPS takes its mask in a register; building it per load
 * would cost three vector ops a load). Masked lanes are never read
 * (VMASKMOVPS suppresses their faults). Without it, AVX2 hosts packed the
 * window a run of at most nr floats at a time (conv.c's copy_run, a
 * memcpy and the bounds' divisions per window element), which took longer
 * than the GEMM it fed. */
#include <immintrin.h>
#include <math.h>

#include "conv.h"

void cpu_window_pack_linear_avx2(const cpu_window *w, const float *X, int64_t base, int64_t n0, int64_t cols, int nr,
                                 float *dst) {
    enum { MAXV = CPU_WIN_PACK_MAX_NR / 8 };
    __m256i masks[CPU_WIN_MAX_COMBOS][MAXV];
    const int nv = nr / 8;
    const int64_t K = w->K;
    const bool blend = w->padv != 0.0f || signbit(w->padv); /* masked lanes load +0 */
    const __m256i iota = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), neg1 = _mm256_set1_epi32(-1);
    for (int64_t p0 = 0; p0 < cols; p0 += nr) {
        float *panel = dst + p0 / nr * K * nr;
        const int64_t pc = cols - p0 < nr ? cols - p0 : nr, n = n0 + p0;
        __m256 fillv[MAXV];
        __m256i live[MAXV];
        for (int v = 0; v < nv; v++) {
            const int64_t left = pc - 8 * v;
            live[v] = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)(left < 0 ? 0 : left > 8 ? 8 : left)), iota);
            fillv[v] = _mm256_and_ps(_mm256_castsi256_ps(live[v]), _mm256_set1_ps(w->padv));
        }
        for (uint32_t c = 0; c < w->ncombo; c++)
            for (int v = 0; v < nv; v++) {
                __m256i m = live[v];
                for (uint32_t b = 0; b < w->nb; b++) {
                    const __m256i t = _mm256_add_epi32(_mm256_maskload_epi32(w->mb[b] + n + 8 * v, live[v]),
                                                       _mm256_set1_epi32(w->combo[c * w->nb + b]));
                    m = _mm256_and_si256(m, _mm256_and_si256(_mm256_cmpgt_epi32(t, neg1),
                                                             _mm256_cmpgt_epi32(_mm256_set1_epi32((int32_t)w->dim[b]), t)));
                }
                masks[c][v] = m;
            }
        const float *src = X + (base + w->moff[n]);
        for (int64_t k = 0; k < K; k++) {
            const __m256i *m = masks[w->kcombo[k]];
            const float *s = src + w->koff[k];
            float *d = panel + k * nr;
            for (int v = 0; v < nv; v++) {
                const __m256 x = _mm256_maskload_ps(s + 8 * v, m[v]);
                _mm256_store_ps(d + 8 * v, blend ? _mm256_blendv_ps(fillv[v], x, _mm256_castsi256_ps(m[v])) : x);
            }
            /* the next panel's source lines, to L2 for the next call (as
             * conv_avx512.c: more streams than the prefetchers follow) */
            for (int v = 0; v <= nv; v += 2) _mm_prefetch((const char *)(s + nr + 8 * v), _MM_HINT_T1);
        }
    }
}

/* cpu_window.copy with AVX2 (conv.h): a stride-2 run as two loads of 8,
 * the even lanes picked by a shuffle and a permute; the last block's loads
 * masked so that nothing past s[2(n-1)] is read. */
void cpu_window_copy_avx2(float *d, const float *s, int64_t n) {
    const __m256i iota = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    int64_t j = 0;
    for (; j + 8 <= n - 1; j += 8) { /* s[2j .. 2j + 15] all before s[2(n-1)] */
        const __m256 lo = _mm256_loadu_ps(s + 2 * j), hi = _mm256_loadu_ps(s + 2 * j + 8);
        const __m256 e = _mm256_shuffle_ps(lo, hi, 0x88); /* [lo0 lo2 hi0 hi2 | lo4 lo6 hi4 hi6] */
        _mm256_storeu_ps(d + j, _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(e), 0xd8)));
    }
    if (j < n) {
        const int64_t left = 2 * (n - j) - 1; /* source elements s[2j ..] to read */
        const __m256i m0 = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)(left > 8 ? 8 : left)), iota);
        const __m256i m1 = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)(left > 8 ? left - 8 : 0)), iota);
        const __m256 lo = _mm256_maskload_ps(s + 2 * j, m0), hi = _mm256_maskload_ps(s + 2 * j + 8, m1);
        const __m256 e = _mm256_shuffle_ps(lo, hi, 0x88);
        const __m256 v = _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(e), 0xd8));
        _mm256_maskstore_ps(d + j, _mm256_cmpgt_epi32(_mm256_set1_epi32((int)(n - j)), iota), v);
    }
}
