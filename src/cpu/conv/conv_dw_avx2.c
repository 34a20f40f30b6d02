/* conv_dw_avx2.c - the depthwise tile (conv_dw.h) on AVX2: 8 lanes,
 * VMASKMOVPS loads (masked lanes neither read nor faulting); a stride-2
 * run as two masked loads, the even lanes picked by a shuffle and a
 * permute. */
#include <immintrin.h>

#include "conv_dw.h"

static inline __m256i lanes_avx2(uint32_t bits) {
    const __m256i sel = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    return _mm256_cmpeq_epi32(_mm256_and_si256(_mm256_set1_epi32((int)bits), sel), sel);
}

/* The even lanes of lo, hi: [lo0 lo2 hi0 hi2 | lo4 lo6 hi4 hi6] -> [lo0 lo2 lo4 lo6 hi0 hi2 hi4 hi6] */
static inline __m256 even_avx2(__m256 lo, __m256 hi) {
    const __m256 s = _mm256_shuffle_ps(lo, hi, 0x88);
    return _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(s), 0xd8));
}

static inline __m256 load2_avx2(const float *p, uint32_t bits) {
    return even_avx2(_mm256_maskload_ps(p, lanes_avx2(bits & 0xffu)), _mm256_maskload_ps(p + 8, lanes_avx2(bits >> 8)));
}

/* The source's lanes in a tile whose every run lies in the source's
 * storage (it->x_lo set: conv_dw_impl.h dw_tile_inside): a plain load, the
 * masked lanes zeroed (what VMASKMOVPS gives them). On Zen 3 a VMASKMOVPS
 * whose mask leaves lanes out costs several times a plain load: so
 * MobileNetV2's stride-2 3x3 of 96 channels took 2.2 ms in the model, 1.0
 * so; its stride-1 3x3 over 112 x 112, 1.0 ms, 0.66 (bench/kernels_ab.py).
 * The tiles at the storage's ends, where a plain load could fault, keep
 * VMASKMOVPS. */
static inline __m256 xload1_avx2(const float *p, uint32_t bits, const cpu_dw_item *it) {
    const __m256i m = lanes_avx2(bits);
    return it->x_lo ? _mm256_and_ps(_mm256_loadu_ps(p), _mm256_castsi256_ps(m)) : _mm256_maskload_ps(p, m);
}

static inline __m256 xload2_avx2(const float *p, uint32_t bits, const cpu_dw_item *it) {
    if (!it->x_lo) return load2_avx2(p, bits);
    return even_avx2(_mm256_and_ps(_mm256_loadu_ps(p), _mm256_castsi256_ps(lanes_avx2(bits & 0xffu))),
                     _mm256_and_ps(_mm256_loadu_ps(p + 8), _mm256_castsi256_ps(lanes_avx2(bits >> 8))));
}

#define DW_VL 8
#define DW_V __m256
#define DW_ZERO() _mm256_setzero_ps()
#define DW_SET1(f) _mm256_set1_ps(f)
#define DW_FMA(a, b, c) _mm256_fmadd_ps(a, b, c)
#define DW_STOREU(p, v) _mm256_storeu_ps(p, v)
#define DW_LOADU(p) _mm256_loadu_ps(p)
#define DW_LOAD1(p, bits) _mm256_maskload_ps(p, lanes_avx2(bits))
#define DW_LOAD2(p, bits) load2_avx2(p, bits)
#define DW_XLOAD1(p, bits, it) xload1_avx2(p, bits, it)
#define DW_XLOAD2(p, bits, it) xload2_avx2(p, bits, it)
#define DW_ADD(a, b) _mm256_add_ps(a, b)
#define DW_SUB(a, b) _mm256_sub_ps(a, b)
#define DW_MUL(a, b) _mm256_mul_ps(a, b)
#define DW_MAX(a, b) _mm256_max_ps(a, b)
#define DW_MIN(a, b) _mm256_min_ps(a, b)
#define DW_STOREM(p, v, bits) _mm256_maskstore_ps(p, lanes_avx2(bits), v)
#define DW_NR4 2
#define DW_NR3 2
#define DW_NR2 4
#define DW_FN cpu_dw_tile_avx2
#define DW_MASK mask8
#define DW_NRUN nrun8
#include "conv_dw_impl.h"
