/* pack_t_avx.h - packing a transposed B (unit stride along K: torch's
 * Linear weight [N, K] read as a K x N matrix) into micro-panels with 8x8
 * register transposes: eight 8-float loads along K, eight 8-float stores
 * along N; and the prefetch a row-major B's packing issues ahead. Included
 * by the AVX2 and AVX-512 kernel files (both compiled with AVX2), each with
 * its NR; the element-by-element copy it replaces (pack.c's copy2d) ran
 * one float per cycle at best. */
#ifndef SPADC_CPU_PACK_T_AVX_H
#define SPADC_CPU_PACK_T_AVX_H

#include <immintrin.h>
#include <stdint.h>
#include <string.h>

/* dst[r*dld + c] = src[r + c*s_c] for r, c < 8 */
static inline void transpose8x8(float *dst, int64_t dld, const float *src, int64_t s_c) {
    const __m256 a0 = _mm256_loadu_ps(src), a1 = _mm256_loadu_ps(src + s_c);
    const __m256 a2 = _mm256_loadu_ps(src + 2 * s_c), a3 = _mm256_loadu_ps(src + 3 * s_c);
    const __m256 a4 = _mm256_loadu_ps(src + 4 * s_c), a5 = _mm256_loadu_ps(src + 5 * s_c);
    const __m256 a6 = _mm256_loadu_ps(src + 6 * s_c), a7 = _mm256_loadu_ps(src + 7 * s_c);
    const __m256 t0 = _mm256_unpacklo_ps(a0, a1), t1 = _mm256_unpackhi_ps(a0, a1);
    const __m256 t2 = _mm256_unpacklo_ps(a2, a3), t3 = _mm256_unpackhi_ps(a2, a3);
    const __m256 t4 = _mm256_unpacklo_ps(a4, a5), t5 = _mm256_unpackhi_ps(a4, a5);
    const __m256 t6 = _mm256_unpacklo_ps(a6, a7), t7 = _mm256_unpackhi_ps(a6, a7);
    const __m256 u0 = _mm256_shuffle_ps(t0, t2, 0x44), u1 = _mm256_shuffle_ps(t0, t2, 0xEE);
    const __m256 u2 = _mm256_shuffle_ps(t1, t3, 0x44), u3 = _mm256_shuffle_ps(t1, t3, 0xEE);
    const __m256 u4 = _mm256_shuffle_ps(t4, t6, 0x44), u5 = _mm256_shuffle_ps(t4, t6, 0xEE);
    const __m256 u6 = _mm256_shuffle_ps(t5, t7, 0x44), u7 = _mm256_shuffle_ps(t5, t7, 0xEE);
    _mm256_storeu_ps(dst, _mm256_permute2f128_ps(u0, u4, 0x20));
    _mm256_storeu_ps(dst + dld, _mm256_permute2f128_ps(u1, u5, 0x20));
    _mm256_storeu_ps(dst + 2 * dld, _mm256_permute2f128_ps(u2, u6, 0x20));
    _mm256_storeu_ps(dst + 3 * dld, _mm256_permute2f128_ps(u3, u7, 0x20));
    _mm256_storeu_ps(dst + 4 * dld, _mm256_permute2f128_ps(u0, u4, 0x31));
    _mm256_storeu_ps(dst + 5 * dld, _mm256_permute2f128_ps(u1, u5, 0x31));
    _mm256_storeu_ps(dst + 6 * dld, _mm256_permute2f128_ps(u2, u6, 0x31));
    _mm256_storeu_ps(dst + 7 * dld, _mm256_permute2f128_ps(u3, u7, 0x31));
}

/* Rows ahead that a row-major panel's packing (pack_rows) fetches, each
 * the lines the panel's cols span: its rows lie a whole B row apart (3-12
 * KiB for BERT's and GPT-2's weights), past what the hardware prefetchers
 * follow, so a row not fetched waited on L3 or memory. Packing 64 columns
 * of GPT-2's [768][3072] and [3072][768] weights (Zen 4, ns a float), from
 * L3: none 0.42-0.45, 4 rows ahead 0.16-0.24, 8 0.13-0.14, 16 0.12-0.13, 32
 * 0.13; from memory: 0.62-0.69 -> 0.55-0.56 at 16. */
#define PACK_ROWS_AHEAD 16

static inline void pack_rows_fetch(const float *row, int64_t s_r, int cols) {
    const float *p = row + PACK_ROWS_AHEAD * s_r;
    for (int c = 0; c < cols; c += 16) __builtin_prefetch(p + c, 0, 3);
}

/* Source floats ahead along each column's run that pack_cols_t fetches,
 * one line per column every 16 rows (a cold source: the first block of a
 * call, or a B packed whole by a team; rhs_fetch has the rest in L2 by
 * then). Measured on AVX2 Zen 3 (interleaved runs): ConvNeXt's transposed
 * second GEMM, whose B is the first's 3136 x 384 result read along K, 6.11
 * -> 5.74 ms (64 floats ahead: about half that). */
#define PACK_T_AHEAD 128

/* One micro-panel from a source with unit stride along its rows (K):
 * dst[r*nr + c] = src[r + c*s_c] for c < cols (<= nr), 0 past cols.
 *
 * Column groups outermost, K within: a group's columns are the streams
 * read at once, 16 rows (a whole line of each) at a time, and with 16
 * columns each panel line is written whole. All nr columns at once, rows
 * outermost, put 64 streams in flight: where they lie 3 or 12 KiB apart
 * (BERT's K = 768, 3072) they share a few L1 sets and evict one another
 * between the two halves of a line. Columns 4 KiB apart (or a multiple)
 * all fall in one set, so there the group is 8, the L1's ways. From L2,
 * 64 columns (Zen 4, ns a float): K = 768 0.15 -> 0.073, K = 3072 0.37 ->
 * 0.12. */
static inline void pack_cols_t(float *dst, const float *src, int64_t s_c, int64_t rows, int cols, int nr) {
    const int64_t r8 = rows & ~(int64_t)7;
    const int c8 = cols & ~7;
    const int group = (s_c * (int64_t)sizeof(float)) % 4096 == 0 ? 8 : 16;
    for (int c0 = 0; c0 < c8; c0 += group) {
        const int c1 = c0 + group < c8 ? c0 + group : c8;
        int64_t r = 0;
        for (; r + 16 <= r8; r += 16) {
            for (int c = c0; c < c1; c++) __builtin_prefetch(src + r + PACK_T_AHEAD + c * s_c, 0, 3);
            for (int c = c0; c < c1; c += 8) {
                transpose8x8(dst + r * nr + c, nr, src + r + c * s_c, s_c);
                transpose8x8(dst + (r + 8) * nr + c, nr, src + r + 8 + c * s_c, s_c);
            }
        }
        for (; r < r8; r += 8)
            for (int c = c0; c < c1; c += 8) transpose8x8(dst + r * nr + c, nr, src + r + c * s_c, s_c);
    }
    for (int64_t r = 0; r < rows; r++) {
        float *d = dst + r * nr;
        for (int c = r < r8 ? c8 : 0; c < cols; c++) d[c] = src[r + c * s_c];
        if (cols < nr) memset(d + cols, 0, (size_t)(nr - cols) * sizeof(float));
    }
}

#endif
