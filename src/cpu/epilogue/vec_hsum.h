/* vec_hsum.h - a vector's lanes summed as a tree of halves (256, 128, 64,
 * 32 bits): one order of the adds for every caller, where a chain of
 * scalar adds over the stored lanes waits on each add in turn (a third of
 * exp_rows' time on attention's rows of 128 keys). Included by files
 * compiled with AVX2 (vec_epilogue.h's ISA files, loop_window_avx2.c); the
 * 16-lane sum where AVX-512 is on too. */
#ifndef SPADC_CPU_EPILOGUE_VEC_HSUM_H
#define SPADC_CPU_EPILOGUE_VEC_HSUM_H

#include <immintrin.h>

static inline float cpu_hsum8(__m256 v) {
    __m128 q = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    q = _mm_add_ps(q, _mm_movehl_ps(q, q));
    return _mm_cvtss_f32(_mm_add_ss(q, _mm_movehdup_ps(q)));
}

#ifdef __AVX512F__
static inline float cpu_hsum16(__m512 v) {
    return cpu_hsum8(_mm256_add_ps(_mm512_castps512_ps256(v), _mm512_extractf32x8_ps(v, 1)));
}
#endif

#endif
