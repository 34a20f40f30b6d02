/* loop_window_avx512.c - a pool window's outputs sixteen lanes at a time
 * (loop_window_span.h; CMakeLists.txt gives *avx512*.c its flags):
 * loop_window.c calls it only where cpu_isa_active says avx512. */
#include <immintrin.h>

#define WS_FN cpu_win_span_avx512
#define WS_ROWS_FN cpu_row_sums_avx512
#define WS_HSUM(v) _mm512_reduce_add_ps(v)
#define WS_V __m512
#define WS_VL 16
#define WS_EVEN_LANES 0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30
#define WS_IMIN(a, b) _mm512_min_epi32((__m512i)(a), (__m512i)(b))
#define WS_MAX(v, m) _mm512_max_ps(v, m)
#define WS_ODD(m, z) (_mm512_cmp_ps_mask(m, _mm512_setzero_ps(), _CMP_EQ_OQ) | _mm512_cmp_ps_mask(z, z, _CMP_UNORD_Q))
#include "loop_window_span.h"
