/* attention.h - the cpu engine's fused attention: O = softmax(S) V with
 * S = epilogue(Q K^T), one row of S at a time never leaving the cache
 * (passes/kernel.h, kn_attention, says what the compiler merged).
 *
 *     cpu_attn_args a = {...};                 // rows, keys, d, dv, offsets
 *     cpu_attn_plan(isa, &caches, &a, &a.tile);
 *     a.work = buf;                            // cpu_attn_work_bytes(&a) bytes, 64-aligned
 *     cpu_attention(&a);
 *
 * Rows are S's rows (all its dims but the last, row-major). Each thread
 * takes a contiguous range of rows; for each block of up to tile.rows rows
 * that share one K and V (one head), it packs K^T and V once per head into
 * the microkernel's panels, copies the block's Q rows, and walks the keys in
 * tiles of tile.keys: S_t = Q K_t^T by the GEMM microkernel, the qk
 * epilogue (scale, mask) on it, then the online softmax (FlashAttention's
 * running max m and sum l: m' = max(m, max_j S_t), O = O e^{m - m'} +
 * e^{S_t - m'} V_t, l = l e^{m - m'} + sum_j e^{S_t - m'}), and finally
 * O / l through the pv epilogue to the output. S, e^S and P exist only as
 * the tile.rows x tile.keys tile.
 *
 * Rounding: e^x is the engine's (within 1 ulp of expf); the division by l
 * comes after the product with V instead of before, and keys beyond the
 * first tile are summed in a different order: results differ from the
 * reference's two-pass softmax by a few ulp of the output's scale. A bf16
 * attention's reference rounds P = E / l to bf16 before the product with
 * V. Where one key tile holds every key, l is whole after it and so is P:
 * the tile is divided by l and rounded to bf16 as the reference does, and
 * O is not divided again. Over several key tiles the products take
 * e^{S - m} unrounded, so the result differs by up to about one bf16 ulp
 * of the output's scale (--check's tolerance for bf16 values is 1e-2).
 */
#ifndef SPADC_CPU_ATTENTION_H
#define SPADC_CPU_ATTENTION_H

#include <stddef.h>
#include <stdint.h>

#include "cpu/cpu.h"

/* The block one thread holds in cache, and what it needs. */
typedef struct cpu_attn_tile {
    int64_t rows, keys;    /* rows of S per block (a multiple of MR), keys per tile (of NR) */
    int mr, nr;            /* the microkernel's */
    const char *kernel;    /* its name */
    /* per-thread buffers, in bytes, in the order laid out in work */
    int64_t q_bytes, kt_bytes, v_bytes, s_bytes, o_bytes, stat_bytes;
    int64_t footprint;     /* their sum, 64-byte aligned each */
    int64_t working;       /* what one key tile touches (attention.c size_tile) */
    int64_t budget;        /* the L2 share the working set was planned against */
    /* bf16 Q and K on an AVX512_BF16 host whose VDPBF16PS runs at the FMA
     * rate (cpu_pairs_pay): Q K^T by the pair kernels, pair_kernel their
     * name (the same tile; NULL: f32 products); pv_pairs: P V as well,
     * where V is bf16 and P is rounded to bf16 whole (one key tile holds
     * every key): the same products the reference sums, in pairs */
    const char *pair_kernel;
    bool pv_pairs;
} cpu_attn_tile;

typedef struct cpu_attn_args {
    int64_t rows, keys, d, dv;
    /* per row r, element offsets: Q's row, the K and V of its head, O's row */
    const int64_t *q_off, *k_off, *v_off, *o_off;
    int64_t q_sd;       /* Q: along d */
    int64_t k_sj, k_sd; /* K: along keys, along d */
    int64_t v_sj, v_sn; /* V: along keys, along dv */
    int64_t o_sn;       /* O: along dv */
    /* Q, K, V and O of their element types: f32, or bf16 (torch-mlir's
     * bf16 attention; Q, K and V widened to f32 as they are copied and
     * packed, O rounded to bf16 as it is stored) */
    const void *Q, *K, *V;
    void *O;
    cpu_dtype q_dt, k_dt, v_dt, o_dt;
    cpu_dtype p_dt; /* P's, as the reference rounds it: bf16 is rounded to where one key tile holds every key */
    /* the qk epilogue on S (NULL: none): operand s of row r at
     * qk_base[s] + qk_opnd_off[s][r], along keys at its sn */
    const cpu_epilogue *qk_epi;
    const float *qk_base[CPU_EPI_MAX_OPERANDS];
    const int64_t *qk_opnd_off[CPU_EPI_MAX_OPERANDS];
    /* the pv epilogue on O (NULL: none), likewise along dv */
    bool safe; /* a row whose scores are all -inf gives P = 0 (torch's safe softmax), else NaN as e^{-inf + inf} */
    const cpu_epilogue *pv_epi;
    const float *pv_base[CPU_EPI_MAX_OPERANDS];
    const int64_t *pv_opnd_off[CPU_EPI_MAX_OPERANDS];
    cpu_isa isa;
    int nthreads;
    cpu_attn_tile tile;
    void *work; /* cpu_attn_work_bytes, 64-byte aligned */
} cpu_attn_args;

/* Choose the tile for a's shape on isa: the most rows (up to 4 MR) and
 * keys (all of them, else down to NR) whose key tile's working set (its
 * Q rows, K^T and V panels, S, output rows) fits half the L2. */
void cpu_attn_plan(cpu_isa isa, const cpu_caches *caches, const cpu_attn_args *a, cpu_attn_tile *t);

/* The threads a run starts: cpu_team over its blocks of tile.rows rows. */
int cpu_attn_team(const cpu_attn_args *a);
/* Scratch for all of a's threads. */
size_t cpu_attn_work_bytes(const cpu_attn_args *a);

/* Run it (threads by OpenMP); nothing allocated, nothing fails. */
void cpu_attention(const cpu_attn_args *a);

/* The per-ISA row engine (attn_exec.h): rows [r0, r1) with one thread's
 * buffers. */
typedef void (*cpu_attn_rows_fn)(const cpu_attn_args *a, const void *kset, char *buf, int64_t r0, int64_t r1);
void cpu_attn_rows_generic(const cpu_attn_args *a, const void *kset, char *buf, int64_t r0, int64_t r1);
void cpu_attn_rows_avx2(const cpu_attn_args *a, const void *kset, char *buf, int64_t r0, int64_t r1);
void cpu_attn_rows_avx512(const cpu_attn_args *a, const void *kset, char *buf, int64_t r0, int64_t r1);

#endif
