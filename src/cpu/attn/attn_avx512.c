/* attn_avx512.c - the fused attention's row engine (attn_exec.h) compiled
 * for avx512 (CMakeLists.txt gives it the flags); attention.c calls it only
 * where cpu_isa_active says so. */
#define ATTN_ROWS_FN cpu_attn_rows_avx512
#include "attn_exec.h"
