/* loop_window_avx2.c - a pool window's outputs eight lanes at a time
 * (loop_window_span.h; CMakeLists.txt gives *avx2*.c its flags):
 * loop_window.c calls it only where cpu_isa_active says avx2. */
#include <immintrin.h>

#include "cpu/epilogue/vec_hsum.h"

#define WS_FN cpu_win_span_avx2
#define WS_ROWS_FN cpu_row_sums_avx2
#define WS_HSUM(v) cpu_hsum8(v)
#define WS_V __m256
#define WS_VL 8
#define WS_EVEN_LANES 0, 2, 4, 6, 8, 10, 12, 14
#define WS_IMIN(a, b) _mm256_min_epi32((__m256i)(a), (__m256i)(b))
#define WS_MAX(v, m) _mm256_max_ps(v, m)
#define WS_ODD(m, z)                                                                                                   \
    _mm256_movemask_ps(_mm256_or_ps(_mm256_cmp_ps(m, _mm256_setzero_ps(), _CMP_EQ_OQ), _mm256_cmp_ps(z, z, _CMP_UNORD_Q)))
#include "loop_window_span.h"
