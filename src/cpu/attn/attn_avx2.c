/* attn_avx2.c - the fused attention's row engine (attn_exec.h) compiled for
 * avx2 (CMakeLists.txt gives it the flags); attention.c calls it only where
 * cpu_isa_active says so. */
#define ATTN_ROWS_FN cpu_attn_rows_avx2
#include "attn_exec.h"
