/* loop_avx512.c - the loop kernels' engine (loop_exec.h) and the fused loops
 * (loop_fused_exec.h) compiled for avx512
 * (CMakeLists.txt gives *avx2*.c and *avx512*.c their flags); loop.c calls
 * it only where cpu_isa_active says so. */
#define LOOP_ITEMS_FN cpu_loop_items_avx512
#include "loop_exec.h"
#define LOOP_FUSED_REDUCE_FN cpu_loop_fused_reduce_avx512
#define LOOP_FUSED_CHAIN_FN cpu_loop_fused_chain_avx512
#include "loop_fused_exec.h"
