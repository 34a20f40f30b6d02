/* conv_dw_avx512.c - the depthwise tile (conv_dw.h) on AVX-512: 16 lanes,
 * masked loads (AVX-512 suppresses the masked lanes' faults); a stride-2
 * run as two masked loads and one permute picking the even lanes. */
#include <immintrin.h>

#include "conv_dw.h"

static inline __m512 load2_avx512(const float *p, uint32_t bits) {
    const __m512i even = _mm512_set_epi32(30, 28, 26, 24, 22, 20, 18, 16, 14, 12, 10, 8, 6, 4, 2, 0);
    const __m512 lo = _mm512_maskz_loadu_ps((__mmask16)(bits & 0xffffu), p);
    const __m512 hi = _mm512_maskz_loadu_ps((__mmask16)(bits >> 16), p + 16);
    return _mm512_permutex2var_ps(lo, even, hi);
}

#define DW_VL 16
#define DW_V __m512
#define DW_ZERO() _mm512_setzero_ps()
#define DW_SET1(f) _mm512_set1_ps(f)
#define DW_FMA(a, b, c) _mm512_fmadd_ps(a, b, c)
#define DW_STOREU(p, v) _mm512_storeu_ps(p, v)
#define DW_LOADU(p) _mm512_loadu_ps(p)
#define DW_LOAD1(p, bits) _mm512_maskz_loadu_ps((__mmask16)(bits), p)
#define DW_LOAD2(p, bits) load2_avx512(p, bits)
#define DW_ADD(a, b) _mm512_add_ps(a, b)
#define DW_SUB(a, b) _mm512_sub_ps(a, b)
#define DW_MUL(a, b) _mm512_mul_ps(a, b)
#define DW_MAX(a, b) _mm512_max_ps(a, b)
#define DW_MIN(a, b) _mm512_min_ps(a, b)
#define DW_STOREM(p, v, bits) _mm512_mask_storeu_ps(p, (__mmask16)(bits), v)
/* 4, 6, 8 rows (16-18 accumulators) measured slower on 144@56 3x3 NCHW (CPU
 * time 125-173 ms against 111 for 300 runs), level on 7x7 and NHWC */
#define DW_NR4 2
#define DW_NR3 2
#define DW_NR2 4
#define DW_GRID /* 32 registers: 16 accumulators, 7 weights, 4 loads */
#define DW_FN cpu_dw_tile_avx512
#define DW_MASK mask16
#define DW_NRUN nrun16
#include "conv_dw_impl.h"
