/* kernels.h - internal to the cpu engine: the one microkernel signature, the
 * per-ISA kernel sets and the packing routines shared by the loops
 * (gemm/gemm.c), the planner side (gemm/blocking.c) and the tests; the
 * epilogue program a kernel applies is epilogue/epilogue.h's.
 *
 * The microkernel computes one register tile of C (m <= MR rows, n <= NR
 * columns) over k steps of a K block and, on the last K block, applies the
 * epilogue to the register tile before its store:
 *
 *     acc  = sum_{p < k} a[i*a_rs + p] * b[p*NR + j]     (registers)
 *     acc += add[i*add_rs + j*add_cs]                    (if add: C's partial
 *                                                         sum, C itself or an
 *                                                         init operand)
 *     c[i*c_rs + j] = epi ? program(acc, m0+i, n0+j) : acc
 *
 * except that a broadcast row (add_rs = 0, add_cs = 1: a bias) is where the
 * accumulator starts, before the first product: n loads instead of an add
 * per accumulator after the loop (the rounding differs only in order).
 *
 * A is read in place (a row-major strip: unit k stride, any row stride), B
 * from a packed micro-panel (NR floats per k step, zero padded past N), C has
 * a unit column stride (the loops route other C layouts through a scratch
 * tile). The kernel reads no A row >= m and writes no C element outside
 * m x n.
 */
#ifndef SPADC_CPU_KERNELS_H
#define SPADC_CPU_KERNELS_H

#include "cpu/cpu.h"
#include "cpu/epilogue/epilogue.h"

/* -------------------------------------------------------- microkernel */

typedef struct cpu_ukr {
    int64_t k;                  /* k steps in this K block (>= 0) */
    const float *a;             /* A strip: (i, p) at a[i*a_rs + p] */
    int64_t a_rs;
    const float *b;             /* packed micro-panel: (p, j) at b[p*NR + j] */
    float *c;                   /* C tile: (i, j) at c[i*c_rs + j] */
    int64_t c_rs;
    int m, n;                   /* valid rows and columns, 1..MR, 1..NR */
    const float *add;           /* tile added after the K loop (a broadcast
                                   row: the start), or NULL */
    int64_t add_rs, add_cs;     /* any strides (0: broadcast) */
    const cpu_epi_prog *epi;    /* NULL: store acc (not the last K block) */
    int64_t m0, n0;             /* the tile's origin in C, for operands */
    /* Lines to prefetch (to L1) while the K loop runs, spread over it: pf_n
     * lines of the stream, from line pf_i0 (cpu_stream_line: rows of pf_lpr
     * lines, pf_rs bytes apart, from pf). The next B block's source, so
     * that it is read from memory while the FMAs run; a hint the kernel may
     * ignore (kernel sets that walk it say so: pf_stream). pf_n = 0: none. */
    const char *pf;
    int64_t pf_rs, pf_i0;
    int pf_lpr, pf_n;
    /* B read in place (cpu_kernel_set.gemm_strided: element (p, j) at
     * b[p*b_rs + j]; gemm_dot: at b[j*b_rs + p]), f32, any alignment, only
     * j < n read */
    int64_t b_rs;
    /* B read through a convolution's window (cpu_kernel_set.gemm_window):
     * element (p, j) at b[koff[p] + j], lane j of vector v read only where
     * bit j%16 of kmask[p*(NR/16) + v] is set, zero elsewhere (the pad) */
    const int64_t *koff;
    const uint16_t *kmask;
    /* > 0: kmask[p] depends only on p % kperiod (a window's taps, the
     * channel outermost: element p = c * kperiod + t), so the kernel may
     * sum a few channels at a time tap by tap, each tap's masks loaded
     * once (cpu_bwindow.kperiod); 0: masks per element */
    int64_t kperiod;
    /* > 0: the window's row kfetch elements ahead is prefetched each k
     * step (cpu_bwindow.fetch) */
    int kfetch;
    /* A window's last panel, whose last vector holds n % 16 <=
     * CPU_WIN_TAIL_MAX pixels: their windows as columns tail_ld floats
     * apart (k floats each from the block's first, zeros at the pad;
     * cpu_bwindow.tail), summed by dot products along k instead of a
     * 16-lane vector of few live lanes; NULL otherwise */
    const float *tail_col;
    int64_t tail_ld;
} cpu_ukr;

typedef void (*cpu_ukr_fn)(const cpu_ukr *u);

/* One ISA's kernels: the microkernel of shape MR x NR and the vectorised
 * epilogue tile interpreter (same contract as cpu_epi_tile_generic). */
typedef struct cpu_kernel_set {
    cpu_isa isa;
    int mr, nr;
    const char *name; /* "sgemm_avx512_6x64": by ISA and shape */
    cpu_ukr_fn gemm;
    void (*epi_tile)(const cpu_epi_prog *p, const float *t, int64_t t_rs, int m, int n, int64_t m0, int64_t n0,
                     float *c, int64_t c_rs);
    /* Packing of one micro-panel's rows from a unit-column-stride source:
     * dst[r*NR + j] = src[r*s_r + j] for j < cols (<= NR), 0 past cols.
     * NULL: the portable copy. */
    void (*pack_rows)(float *dst, const float *src, int64_t s_r, int64_t rows, int cols);
    /* The same from a unit-row-stride source (a transposed B):
     * dst[r*NR + j] = src[r + j*s_c]. NULL: the portable copy. */
    void (*pack_cols)(float *dst, const float *src, int64_t s_c, int64_t rows, int cols);
    bool pf_stream; /* the microkernel walks cpu_ukr's prefetch stream (otherwise the loops issue it) */
    /* Optional: the microkernel over u->m rows of any count, MR-row strips
     * in turn inside one call (a, c and a row-strided add advance by MR
     * rows, m0 with them; no prefetch stream), so a block of one
     * micro-panel costs one call instead of one per strip. NULL: the loops
     * call gemm per strip. */
    cpu_ukr_fn gemm_rows;
    /* Optional: the microkernel over B read in place, an f32 source of
     * unit column stride (cpu_ukr.b_rs: a row-major K x N weight as the
     * caller passed it), loads masked past n and its rows prefetched ahead
     * (no prefetch stream); what a GEMM whose B elements meet too few rows
     * to repay packing runs (blocking.c decides). NULL: B is always packed. */
    cpu_ukr_fn gemm_strided;
    /* Optional: the same over a transposed B read in place, an f32 source
     * of unit k stride ([N][K]): element (p, j) at b[j*b_rs + p], each tile
     * element a dot product along k (dot_kernel.h). NULL: such a B is
     * always packed. */
    cpu_ukr_fn gemm_dot;
    /* Optional: the microkernel over B read through a window in place
     * (cpu_ukr.koff, kmask; cpu_gemm_args.bwin): a convolution's input,
     * never packed. NULL: windows are packed. */
    cpu_ukr_fn gemm_window;
    /* Optional: one row (u->m = 1) over n <= CPU_GEMV_N_MAX columns of a
     * B read in place as gemm_strided reads it, the row accumulated in L1
     * so that B's rows stream whole (gemv_kernel.h): a GEMV's kernel. NULL:
     * gemm_strided per panel. */
    cpu_ukr_fn gemv_rows;
    /* Optional: e^{t - sub[i]} in place over an m x n tile (row stride
     * t_rs), sum[i] its rows' sums (the fused attention's softmax step;
     * e^x as the epilogue's EXP). NULL: the attention runs the epilogue
     * tile interpreter and sums apart. */
    void (*exp_rows)(float *t, int64_t t_rs, int m, int64_t n, const float *sub, float *sum);
    /* Pair kernels (bf16 dot products, vdpbf16ps): when set, the GEMM runs
     * over k pairs. A is bf16, read as 32-bit pairs (element (i, p) of the
     * strip is the pair of A's k = 2p and 2p+1, low half the even k, at
     * ((const uint32_t *)a)[i*a_rs + p]: a_rs counts pairs); the packed
     * micro-panel holds NR 32-bit pairs per pair row (b[p*NR + j] = B's
     * (2p, j) in the low half, (2p+1, j) in the high half, zero past N and
     * past an odd K); cpu_ukr.k counts pairs; the accumulator is f32, with
     * the products of each pair added as vdpbf16ps does (denormal inputs
     * and results flushed to 0). Every other field of cpu_ukr (add, epi, c,
     * the prefetch stream, m0/n0) means what it means for f32 kernels,
     * and pack_rows/pack_cols are unused (NULL).
     * pack_pairs packs krows rows of k (krows may be odd: the last pair's
     * high half is 0) of a bf16 source into dst, ceil(krows/2) pair rows of
     * NR: dst[p*NR + j] = pair(src[(2p)*s_k + j*s_n], src[(2p+1)*s_k +
     * j*s_n]) for j < cols (<= NR), 0 past cols. Any strides (s_n == 1:
     * torch's [K][N]; s_k == 1: a transposed [N][K] weight). */
    bool pairs;
    /* Optional: called by each thread of a GEMM call before its first and
     * after its last kernel call (AMX: the tile configuration is loaded
     * afresh and the tiles released, since other code may use them between
     * calls). NULL: nothing. */
    void (*thread_begin)(void);
    void (*thread_end)(void);
    /* Optional: n bf16 or f16 elements (dt) converted to f32, dst[i] =
     * src[i] (cpu_cvt16_portable's contract); NULL: the portable loop. */
    void (*cvt16)(float *dst, const uint16_t *src, int64_t n, cpu_dtype dt);
    /* Optional: n floats rounded to bf16 or f16 and stored,
     * cpu_store16_portable's contract; NULL: the portable loop. */
    void (*store16)(uint16_t *dst, const float *src, int64_t n, cpu_dtype dt);
    void (*pack_pairs)(uint32_t *dst, const uint16_t *src, int64_t s_k, int64_t s_n, int64_t krows, int cols);
} cpu_kernel_set;

#define CPU_MR_MAX 32 /* the AMX set's 32 x 32 tile (scratch tiles are sized by it) */
#define CPU_NR_MAX 64
#define CPU_GEMV_N_MAX 2048 /* columns of one gemv_rows call (an 8 KiB row in L1) */

/* The kernel sets compiled in, per ISA (sgemm_<isa>.c). Every ISA has at
 * least one; the generic set is the reference for every slot. */
extern const cpu_kernel_set cpu_kset_generic_4x16;
extern const cpu_kernel_set cpu_kset_avx2_6x16;
extern const cpu_kernel_set cpu_kset_avx2_2x32; /* skinny M */
extern const cpu_kernel_set cpu_kset_avx512_6x64;
/* bf16 pairs (sgemm_avx512.c, .pairs): for CPU_ISA_AVX512BF16 only. */
extern const cpu_kernel_set cpu_kset_avx512bf16_6x64;

/* bf16 pairs on AMX tiles (sgemm_amx.c, .pairs, TDPBF16PS): for
 * CPU_ISA_AMX (cpu_amx_usable()). The accumulator starts from the add tile, any
 * kind (the broadcast row's rule applied to every add: the rounding
 * differs only in order), and runs over each K block's pairs in chunks of
 * 16 (the last zero padded), each chunk's products summed as TDPBF16PS
 * sums them: cpu_sbgemm_amx_ref is their exact reference.
 * cpu_kset_amx_bf16 is the 32x32 tile (2 x 2 tiles of C: measured faster
 * than 16x64 in bench_bf16_ukr), cpu_kset_amx_bf16_16x64 the alternative
 * (1 x 4 tiles of C, NR 64 like the AVX-512 sets). */
extern const cpu_kernel_set cpu_kset_amx_bf16;
extern const cpu_kernel_set cpu_kset_amx_bf16_16x64;
/* LDTILECFG's 64-byte operand (palette 1: tiles 0-7; the rest zero). */
typedef struct cpu_amx_tilecfg {
    uint8_t palette, start_row;
    uint8_t reserved[14];
    uint16_t colsb[16];
    uint8_t rows[16];
} cpu_amx_tilecfg;

/* The calling thread's tile configuration is no longer the one the AMX
 * kernels last loaded (other code in this thread ran LDTILECFG or
 * TILERELEASE): the next call reloads it. */
void cpu_amx_forget_config(void);

/* Whether the AMX set can run here (isa_amx.c): AVX-512 (its epilogue and
 * packing are the AVX-512 set's), the CPU has AMX-TILE and
 * AMX-BF16 (CPUID.(EAX=7,ECX=0):EDX[24], [22]) and palette 1's 8 tiles of
 * 16 rows x 64 bytes, the OS enables the tile state (XCR0 bits 17, 18), and
 * Linux granted this process XTILEDATA (arch_prctl ARCH_REQ_XCOMP_PERM,
 * requested on the first call). Cached, thread-safe; false where any of it
 * is missing or the kernel refuses. Call before the first tile
 * instruction of the process. */
bool cpu_amx_usable(void);

/* The AVX-512 set's vectorised slots (sgemm_avx512.c, the contracts of
 * cpu_kernel_set's epi_tile, exp_rows, cvt16 and store16), shared with the
 * AMX set. AVX-512 hosts only. */
void cpu_epi_tile_avx512(const cpu_epi_prog *p, const float *t, int64_t t_rs, int m, int n, int64_t m0, int64_t n0,
                         float *c, int64_t c_rs);
void cpu_exp_rows_avx512(float *t, int64_t t_rs, int m, int64_t n, const float *sub, float *sum);
void cpu_cvt16_avx512(float *dst, const uint16_t *src, int64_t n, cpu_dtype dt);
void cpu_store16_avx512(uint16_t *dst, const float *src, int64_t n, cpu_dtype dt);

/* The candidate kernel sets of an ISA, best first; *n gets their count. */
const cpu_kernel_set *const *cpu_kernel_sets(cpu_isa isa, int *n);
/* The set of an ISA with this register tile, or NULL (f32 sets only). */
const cpu_kernel_set *cpu_kernel_find(cpu_isa isa, int mr, int nr);
/* The ISA's pair kernel set (bf16 dot products), or NULL where it has none. */
const cpu_kernel_set *cpu_kernel_pairs(cpu_isa isa);
/* cpu_blocking_choose (cpu.h) over one kernel set only (a pair set: K
 * counts its steps, pairs of k; the blocking's isa is the set's, and
 * pairs is set with it). */
sp_status cpu_blocking_choose_set(sp_ctx *ctx, int64_t M, int64_t N, int64_t K, int64_t nbatch, int nthreads,
                                  const cpu_kernel_set *ks, const cpu_caches *caches, cpu_b_source b_src,
                                  cpu_blocking *out);

/* Whether a bf16 x bf16 GEMM of M rows is faster on the pair set pk than
 * converted to f32 in packing: where the dot products run at the FMA rate
 * (twice the products), or where M fits one strip: B is then streamed once
 * and the GEMM is bound by reading it, and its pairs are half the bytes of
 * converted floats. */
bool cpu_pairs_pay(const cpu_kernel_set *pk, int64_t M);

/* Line i of a prefetch stream (cpu_ukr.pf*): line i % lpr of the row that
 * starts at pf + (i / lpr) * rs bytes, counted from the line holding the
 * row's start. */
static inline const char *cpu_stream_line(const char *pf, int64_t rs, int lpr, int64_t i) {
    return (const char *)((uintptr_t)(pf + (i / lpr) * rs) & ~(uintptr_t)63) + (i % lpr) * 64;
}

/* The same lines walked in order from line i: one division at the start
 * instead of one per line (a 64-bit IDIV per line cost the 6x64 kernel ~5%
 * on a 256x1024x1024 GEMM). */
typedef struct cpu_stream_walk {
    const char *row; /* the current row's start */
    int64_t rs;
    int lpr, li; /* lines a row, the next line's index in its row */
} cpu_stream_walk;
static inline cpu_stream_walk cpu_stream_at(const char *pf, int64_t rs, int lpr, int64_t i) {
    return (cpu_stream_walk){pf + (i / lpr) * rs, rs, lpr, (int)(i % lpr)};
}
static inline const char *cpu_stream_next(cpu_stream_walk *w) {
    const char *line = (const char *)((uintptr_t)w->row & ~(uintptr_t)63) + (int64_t)w->li * 64;
    if (++w->li == w->lpr) w->li = 0, w->row += w->rs;
    return line;
}

/* Portable reference microkernel for any MR x NR (<= the maxima above):
 * the oracle the ISA kernels are tested against. */
void cpu_sgemm_ref(const cpu_ukr *u, int nr);
/* The same over B read in place (b[p*b_rs + j]): the gemm_strided oracle;
 * and over a transposed one (b[j*b_rs + p]): the gemm_dot oracle. */
void cpu_sgemm_ref_strided(const cpu_ukr *u);
void cpu_sgemm_ref_dot(const cpu_ukr *u);

/* The same for pair kernel sets (sbgemm_ref.c, portable C): a bf16 strip
 * and micro-panel of pairs, each pair's products added to the f32
 * accumulator as VDPBF16PS adds them (Intel SDM): the odd (high) product
 * first, then the even one, each a fused multiply-add rounded to nearest
 * even, with denormal inputs (accumulator included) read as 0 and a result
 * that is tiny after rounding flushed to 0 (checked bit for bit against the
 * instruction on an AVX512_BF16 host). */
void cpu_sbgemm_ref(const cpu_ukr *u, int nr);
/* One such step: acc + a_lo*b_lo + a_hi*b_hi for pairs a, b (low half the
 * even element). */
float cpu_bf16_dot_step(float acc, uint32_t a, uint32_t b);
/* The AMX pair kernels' reference (cpu_kset_amx_bf16): the accumulator
 * starts from the add tile (any strides) or 0; each chunk of 16 pairs of
 * the K block (the last padded with zero pairs) is added as TDPBF16PS adds
 * a 16-pair row of A times a 16-pair column of B to its destination (Intel
 * SDM): the even products summed in one chain and the odd ones in another,
 * each a fused multiply-add from 0, then acc + (even + odd); every step
 * rounds to nearest even, reads denormals (accumulator included) as 0 and
 * flushes results that are tiny after rounding (checked bit for bit
 * against the instruction on the dev host); then the epilogue. */
void cpu_sbgemm_amx_ref(const cpu_ukr *u, int nr);
/* One such chunk for one element: acc + sum over p < kp (<= 16) of the
 * pairs a[p] . b[p] (a[p*a_s], b[p*b_s]), as TDPBF16PS computes it. */
float cpu_bf16_amx_chunk(float acc, const uint32_t *a, int64_t a_s, const uint32_t *b, int64_t b_s, int kp);
/* Portable pack_pairs (cpu_kernel_set.pack_pairs) for any NR. */
void cpu_pack_pairs_ref(uint32_t *dst, int nr, const uint16_t *src, int64_t s_k, int64_t s_n, int64_t krows,
                        int cols);
/* The AVX-512 one (pack_pairs_avx512.c, NR = 64): vectorised for s_n == 1
 * and s_k == 1, the portable loop otherwise. */
void cpu_pack_pairs_avx512(uint32_t *dst, const uint16_t *src, int64_t s_k, int64_t s_n, int64_t krows, int cols);
/* The same for NR = 32 (the AMX 32x32 set). */
void cpu_pack_pairs_avx512_32(uint32_t *dst, const uint16_t *src, int64_t s_k, int64_t s_n, int64_t krows, int cols);

/* ----------------------------------------------------------- packing */

/* The packed form of B (all batches): panels of NR columns; panel q holds
 * B's columns [q*NR, q*NR + NR) for every virtual k = b*K + k' as NR
 * contiguous floats (zeros past N); panels are Kv*NR floats apart, 64-byte
 * aligned. */
struct cpu_packed {
    int nr;
    bool pairs;               /* for a pair kernel set: rows are pairs of B's rows (kernels.h) */
    int64_t K, N, nbatch, kv; /* kv = nbatch * K (pairs: nbatch * ceil(K/2)) */
    int64_t npanels;
    float *data;              /* aligned */
    void *raw;                /* the allocation */
};

/* B's elements are of type dt in every packing routine below (bf16/f16
 * converted to f32 as they are copied). */

/* Pack panels [q0, q1) of B into p (already allocated, fields set). */
void cpu_pack_b_panels(struct cpu_packed *p, const cpu_kernel_set *ks, const void *B, cpu_dtype dt, int64_t b_sk,
                       int64_t b_sn, int64_t b_sb, int64_t q0, int64_t q1);

/* Pack the rows [kv0, kv0 + len) of panels [q0, q1) of B (rows over all
 * batches: kv = b*K + k) into dst, panel after panel, len*NR floats each:
 * the block one thread's macro-kernel reads, packed as it is reached. */
void cpu_pack_b_block(float *dst, const cpu_kernel_set *ks, const void *B, cpu_dtype dt, int64_t b_sk, int64_t b_sn,
                      int64_t b_sb, int64_t K, int64_t N, int64_t kv0, int64_t len, int64_t q0, int64_t q1);

/* Pack rows [r0, r1) of the block cpu_pack_b_block packs (len rows from
 * kv0, panels [q0, q1)) into dst, the whole block's buffer: the slice of the
 * next block packed while the current one runs. */
void cpu_pack_b_rows(float *dst, int64_t len, const cpu_kernel_set *ks, const void *B, cpu_dtype dt, int64_t b_sk,
                     int64_t b_sn, int64_t b_sb, int64_t K, int64_t N, int64_t kv0, int64_t r0, int64_t r1, int64_t q0,
                     int64_t q1);

/* Copy rows [m0, m1) of A (all batches) into the row-major buffer dst of row
 * stride ld: dst[m*ld + b*K + k] = A[b*a_sb + m*a_sm + k*a_sk]. */
void cpu_pack_a_rows(float *dst, int64_t ld, const cpu_kernel_set *ks, const void *A, cpu_dtype dt, int64_t K,
                     int64_t nbatch, int64_t a_sm, int64_t a_sk, int64_t a_sb, int64_t m0, int64_t m1);

/* dst[i] = src[i] as f32 for i < n, src bf16 or f16 (portable; kernel
 * sets' cvt16 are the same, vectorised). */
void cpu_cvt16_portable(float *dst, const uint16_t *src, int64_t n, cpu_dtype dt);

/* Rows [m0, m1) of a bf16 A (all batches) as the pairs a pair kernel set
 * reads: dst[m*ld + b*K2 + p] = A(b, m, 2p) | A(b, m, 2p+1) << 16, with K2
 * = ceil(K/2) and 0 for the high half past an odd K. */
void cpu_pack_a_pairs(uint32_t *dst, int64_t ld, const void *A, int64_t K, int64_t nbatch, int64_t a_sm, int64_t a_sk,
                      int64_t a_sb, int64_t m0, int64_t m1);
/* dst[i] = src[i] rounded to bf16 or f16 (to nearest even; a NaN stays a
 * quiet NaN), for i < n. */
void cpu_store16_portable(uint16_t *dst, const float *src, int64_t n, cpu_dtype dt);

/* Thread idx's share [*lo, *hi) of `units` tiles (strips or panels) of
 * which the last covers only `last` of `full` rows or columns: balanced by
 * rows (columns), so the partial tile goes where it evens out the work. */
static inline void cpu_split(int64_t units, int64_t full, int64_t last, int parts, int idx, int64_t *lo, int64_t *hi) {
    if (parts == 1) { /* one thread: no divisions */
        *lo = 0, *hi = units;
        return;
    }
    /* boundaries at round(i * total / parts) in row units, snapped to tiles */
    const int64_t total = (units - 1) * full + last;
    int64_t b0 = (total * idx + parts / 2) / parts, b1 = (total * (idx + 1) + parts / 2) / parts;
    *lo = (b0 + full / 2) / full;
    *hi = idx == parts - 1 ? units : (b1 + full / 2) / full;
    if (*lo > units) *lo = units;
    if (*hi > units) *hi = units;
    if (*hi < *lo) *hi = *lo;
}

#endif
