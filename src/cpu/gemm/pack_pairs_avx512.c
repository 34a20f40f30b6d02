/* pack_pairs_avx512.c - the AVX-512 pair kernels' B packing (NR = 64, and
 * NR = 32 for the AMX 32x32 set; cpu_kernel_set.pack_pairs): rows of k
 * taken two at a time, each column's
 * two bf16 interleaved into one 32-bit pair (low half the even k). Two
 * layouts are vectorised; any other stride runs cpu_pack_pairs_ref.
 *
 *   s_n == 1 (torch's [K][N]): a pair row is two source rows interleaved:
 *   two 32-column loads per row (masked past cols: nothing past the row is
 *   read), VPUNPCKL/HWD and a 64-bit lane fix-up (VPERMT2Q), whole 64-byte
 *   stores.
 *   s_k == 1 (a transposed [N][K] weight): a pair is two consecutive bf16 of
 *   one source row, i.e. one 32-bit element, so 16 pairs x 16 columns are a
 *   16x16 transpose of 32-bit elements (loads masked past krows, so an odd
 *   K's last pair has a zero high half).
 *
 * Compiled with AVX-512 flags (*avx512*.c); called only where the pair
 * kernels run (cpu_isa_supported(CPU_ISA_AVX512BF16)). */
#include <immintrin.h>

#include "cpu/kernels/kernels.h"

static inline __mmask32 lanes32(int64_t cnt) {
    return cnt >= 32 ? (__mmask32)0xffffffffu : cnt <= 0 ? (__mmask32)0 : (__mmask32)((1u << cnt) - 1);
}

static inline __attribute__((always_inline)) void pack_pairs_rows(uint32_t *dst, const int NR, const uint16_t *src,
                                                                  int64_t s_k, int64_t krows, int cols) {
    const __m512i idx0 = _mm512_setr_epi64(0, 1, 8, 9, 2, 3, 10, 11);
    const __m512i idx1 = _mm512_setr_epi64(4, 5, 12, 13, 6, 7, 14, 15);
    const __m512i zero = _mm512_setzero_si512();
    for (int64_t k = 0; k < krows; k += 2, dst += NR) {
        const uint16_t *r0 = src + k * s_k, *r1 = r0 + s_k;
        const bool has_hi = k + 1 < krows;
        for (int h = 0; h < NR / 32; h++) {
            uint32_t *d = dst + 32 * h;
            if (cols <= 32 * h) {
                _mm512_storeu_si512(d, zero);
                _mm512_storeu_si512(d + 16, zero);
                continue;
            }
            const __mmask32 m = lanes32(cols - 32 * h);
            const __m512i x0 = _mm512_maskz_loadu_epi16(m, r0 + 32 * h);
            const __m512i x1 = has_hi ? _mm512_maskz_loadu_epi16(m, r1 + 32 * h) : zero;
            /* per 128-bit lane l: columns 8l..8l+3 (lo), 8l+4..8l+7 (hi) */
            const __m512i lo = _mm512_unpacklo_epi16(x0, x1), hi = _mm512_unpackhi_epi16(x0, x1);
            _mm512_storeu_si512(d, _mm512_permutex2var_epi64(lo, idx0, hi));
            _mm512_storeu_si512(d + 16, _mm512_permutex2var_epi64(lo, idx1, hi));
        }
    }
}

/* out[q] = element q of r[0..15] (16x16 of 32 bits), as four stages of
 * in-lane unpacks and 128-bit lane shuffles */
static inline void transpose16(__m512i r[16]) {
    __m512i t[16], u[16];
    for (int g = 0; g < 8; g++) {
        t[2 * g] = _mm512_unpacklo_epi32(r[2 * g], r[2 * g + 1]);
        t[2 * g + 1] = _mm512_unpackhi_epi32(r[2 * g], r[2 * g + 1]);
    }
    /* u[4h + s], lane L: element 4L + s of rows 4h..4h+3 */
    for (int h = 0; h < 4; h++) {
        u[4 * h + 0] = _mm512_unpacklo_epi64(t[4 * h], t[4 * h + 2]);
        u[4 * h + 1] = _mm512_unpackhi_epi64(t[4 * h], t[4 * h + 2]);
        u[4 * h + 2] = _mm512_unpacklo_epi64(t[4 * h + 1], t[4 * h + 3]);
        u[4 * h + 3] = _mm512_unpackhi_epi64(t[4 * h + 1], t[4 * h + 3]);
    }
    for (int s = 0; s < 4; s++) {
        const __m512i v = _mm512_shuffle_i32x4(u[s], u[4 + s], 0x88), w = _mm512_shuffle_i32x4(u[8 + s], u[12 + s], 0x88);
        const __m512i v1 = _mm512_shuffle_i32x4(u[s], u[4 + s], 0xdd), w1 = _mm512_shuffle_i32x4(u[8 + s], u[12 + s], 0xdd);
        r[s] = _mm512_shuffle_i32x4(v, w, 0x88);
        r[8 + s] = _mm512_shuffle_i32x4(v, w, 0xdd);
        r[4 + s] = _mm512_shuffle_i32x4(v1, w1, 0x88);
        r[12 + s] = _mm512_shuffle_i32x4(v1, w1, 0xdd);
    }
}

static inline __attribute__((always_inline)) void pack_pairs_cols(uint32_t *dst, const int NR, const uint16_t *src,
                                                                  int64_t s_n, int64_t krows, int cols) {
    const int64_t npairs = (krows + 1) / 2;
    for (int64_t p0 = 0; p0 < npairs; p0 += 16) {
        const int np = npairs - p0 < 16 ? (int)(npairs - p0) : 16;
        const __mmask32 km = lanes32(krows - 2 * p0);
        for (int g = 0; g < NR / 16; g++) {
            uint32_t *d = dst + p0 * NR + 16 * g;
            if (cols <= 16 * g) {
                for (int q = 0; q < np; q++) _mm512_storeu_si512(d + q * NR, _mm512_setzero_si512());
                continue;
            }
            __m512i r[16];
            for (int j = 0; j < 16; j++)
                r[j] = 16 * g + j < cols ? _mm512_maskz_loadu_epi16(km, src + (16 * g + j) * s_n + 2 * p0)
                                         : _mm512_setzero_si512();
            transpose16(r);
            for (int q = 0; q < np; q++) _mm512_storeu_si512(d + q * NR, r[q]);
        }
    }
}

/* The two panel widths' entry points: one dispatch, NR a constant in each
 * (the row and column packers inline with it). */
static inline __attribute__((always_inline)) void pack_pairs_nr(uint32_t *dst, int NR, const uint16_t *src, int64_t s_k,
                                                                int64_t s_n, int64_t krows, int cols) {
    if (s_n == 1)
        pack_pairs_rows(dst, NR, src, s_k, krows, cols);
    else if (s_k == 1)
        pack_pairs_cols(dst, NR, src, s_n, krows, cols);
    else
        cpu_pack_pairs_ref(dst, NR, src, s_k, s_n, krows, cols);
}

void cpu_pack_pairs_avx512(uint32_t *dst, const uint16_t *src, int64_t s_k, int64_t s_n, int64_t krows, int cols) {
    pack_pairs_nr(dst, 64, src, s_k, s_n, krows, cols);
}

void cpu_pack_pairs_avx512_32(uint32_t *dst, const uint16_t *src, int64_t s_k, int64_t s_n, int64_t krows, int cols) {
    pack_pairs_nr(dst, 32, src, s_k, s_n, krows, cols);
}
