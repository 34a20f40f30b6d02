/* cpu.h - the host CPU target's kernel engine: fused fp32 GEMM (batch-reduce,
 * any operand strides) with an epilogue program applied to each register tile
 * before it is stored, BLIS-style (packing + five loops around one
 * microkernel signature, microkernels per ISA chosen at run time).
 *
 *     cpu_gemm_args g = {
 *         .M = 512, .N = 3072, .K = 768, .nbatch = 1,
 *         .A = x, .a_sm = 768, .a_sk = 1,            // row-major X
 *         .B = w, .b_sk = 3072, .b_sn = 1,           // row-major W
 *         .C = y, .c_sm = 3072, .c_sn = 1,
 *         .init = CPU_INIT_ZERO, .epi = &bias_relu,  // see cpu_epilogue
 *         .nthreads = 2,
 *     };
 *     sp_status st = cpu_gemm(ctx, &g);              // SP_OK or out of memory
 *
 * Element (m, n) of C is  init(m, n) + sum_b sum_k A[b][m][k] * B[b][k][n]
 * with A[b][m][k] = A[b*a_sb + m*a_sm + k*a_sk] (likewise B), then the
 * epilogue program maps that accumulator value to the value stored at
 * C[m*c_sm + n*c_sn]. Strides are in elements and may be any value (0 for a
 * broadcast, a transposed operand is just swapped strides): packing reads
 * through them, so transposes and broadcasts never materialise (laws L5, L7).
 *
 * Ownership: the caller owns every pointer in the args; the engine allocates
 * its packing buffers through sp_try_malloc(ctx) and frees them before
 * returning. Nothing here longjmps.
 */
#ifndef SPADC_CPU_CPU_H
#define SPADC_CPU_CPU_H

#include <stdbool.h>
#include <stdint.h>

#include "base/ctx.h"

/* ------------------------------------------------------------ dtypes */

/* Element types of A, B and C (and epilogue operands converted by the
 * caller): bf16 and f16 are stored as 16-bit patterns, converted to f32 as
 * they are packed (the microkernels stay f32, products of two bf16 or f16
 * are exact in f32) or multiplied in pairs by a pair kernel set
 * (kernels.h); C is rounded to its type (to nearest even) once, as stored. */
typedef enum cpu_dtype { CPU_F32, CPU_BF16, CPU_F16 } cpu_dtype;
static inline int cpu_dtype_size(cpu_dtype t) { return t == CPU_F32 ? 4 : 2; }

/* ------------------------------------------------------------------ ISA */

/* Levels, each including the one before: avx512bf16 is avx512 plus the
 * AVX512_BF16 dot products (vdpbf16ps), which bf16 x bf16 contractions
 * then use where they pay (kernels.h cpu_pairs_pay); its f32 kernels are
 * avx512's. */
typedef enum cpu_isa {
    CPU_ISA_GENERIC,
    CPU_ISA_AVX2,
    CPU_ISA_AVX512,
    CPU_ISA_AVX512BF16,
    CPU_ISA_AMX, /* avx512bf16 plus AMX-BF16 tiles (TDPBF16PS), which bf16 x bf16 contractions then use */
    CPU_ISA_COUNT
} cpu_isa;

const char *cpu_isa_name(cpu_isa isa); /* "generic", "avx2", "avx512", "avx512bf16", "amx" */
/* What the CPU and the OS support (CPUID and XGETBV). */
bool cpu_isa_supported(cpu_isa isa);
/* The ISA the engine uses: the best supported one, or SPADC_ISA=avx512|avx2|
 * generic|avx512bf16|amx from the environment. An unknown or unsupported SPADC_ISA value is
 * an error (SP_EUSAGE, message recorded in ctx naming the value and what this CPU
 * supports). The CPU-feature table is computed once per process (the one
 * piece of global state spadc keeps); SPADC_ISA is read at each call, which
 * costs a getenv and lets a test switch it. */
sp_status cpu_isa_active(sp_ctx *ctx, cpu_isa *isa);

/* ------------------------------------------------------------ threads */

/* The team of a parallel region over `units` pieces of work that its
 * threads share out (a GEMM's units of C, attention's blocks of query rows,
 * a loop's items, a copy's or a convolution's rows, an im2col's rows): never
 * more threads than asked, nor than pieces; one for fewer than two. Every
 * kernel kind sizes its teams by it, and the backend reserves the largest
 * before the first run (ex_reserve_threads). */
static inline int cpu_team(int nthreads, int64_t units) {
    if (nthreads < 2 || units < 2) return 1;
    return units < nthreads ? (int)units : nthreads;
}

/* -------------------------------------------------------------- caches */

typedef struct cpu_caches {
    int64_t l1d, l2, l3; /* bytes per core (l3: total) */
    int cores;           /* online logical CPUs */
} cpu_caches;

/* From sysfs (/sys/devices/system/cpu/cpu0/cache/index*), with sane
 * defaults (48 KiB, 1 MiB, 32 MiB) when it cannot be read. */
cpu_caches cpu_caches_detect(void);

/* ------------------------------------------------------------ epilogue */

/* An operand of the epilogue, read in the accumulator's layout: element
 * (m, n) of the tile is ptr[m*sm + n*sn] (sm = 0: a row vector such as a
 * bias [N]; sn = 0: a column vector; both 0: a scalar). */
typedef struct cpu_operand {
    const float *ptr;
    int64_t sm, sn;
} cpu_operand;

typedef enum cpu_epi_op {
    CPU_EPI_LOAD,  /* r[dst] = operand[a](m, n) */
    CPU_EPI_CONST, /* r[dst] = imm */
    CPU_EPI_ADD,   /* r[dst] = r[a] + r[b] */
    CPU_EPI_SUB,
    CPU_EPI_MUL,
    CPU_EPI_DIV,
    CPU_EPI_MAX,   /* maximumf semantics: NaN if either is NaN */
    CPU_EPI_MIN,
    CPU_EPI_NEG,   /* r[dst] = -r[a] */
    CPU_EPI_FN,    /* r[dst] = function fn of r[a]: one of the cpu's own (fn1.h CPU_FN1S) */
    CPU_EPI_SQRT,
    CPU_EPI_RSQRT,
    CPU_EPI_ABS,
    CPU_EPI_RELU,  /* r[dst] = max(r[a], 0) with maximumf semantics */
    CPU_EPI_GELU_TANH, /* 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))) */
    CPU_EPI_GELU_ERF,  /* 0.5 x (1 + erf(x / sqrt(2))) */
    CPU_EPI_SILU,      /* x * (1 / (e^{-x} + 1)): SiLU, with the unfused chain's roundings */
    CPU_EPI_SELECT_GT, /* r[dst] = r[a] > r[b] ? r[c] : r[d]  (ordered: false on NaN) */
    CPU_EPI_ROUND_BF16, /* r[dst] = r[a] rounded to bf16 (nearest even), as f32: truncf, a bf16 op's result */
    CPU_EPI_ROUND_F16,  /* the same for f16 */
    CPU_EPI_OP_COUNT
} cpu_epi_op;

typedef struct cpu_epi_insn {
    uint8_t op; /* cpu_epi_op */
    uint8_t dst, a, b, c, d; /* registers (LOAD: a = operand index) */
    uint16_t fn; /* CPU_EPI_FN: the function, an ir_opkind (ir/ir.h) */
    float imm;
} cpu_epi_insn;

#define CPU_EPI_MAX_REGS 24
#define CPU_EPI_MAX_INSNS 64
#define CPU_EPI_MAX_OPERANDS 8

/* A straight-line program on registers r[0..nregs): r[0] holds the
 * accumulator value on entry; the value of r[result] is stored to C. An
 * empty program (ninsn = 0, result = 0) stores the accumulator. Applied to
 * each register tile after its last K block, before the store: no pass over
 * the output afterwards (law L4). */
typedef struct cpu_epilogue {
    uint32_t ninsn;
    cpu_epi_insn insn[CPU_EPI_MAX_INSNS];
    uint32_t noperands;
    cpu_operand operands[CPU_EPI_MAX_OPERANDS];
    uint8_t nregs, result;
} cpu_epilogue;

/* Reference semantics of one program on one element (portable C): what every
 * vectorised implementation must match (up to the libm differences of
 * exp/tanh, within 2 ulp, and erf, within 7 of erff (erf_approx.h); GELU of
 * negative inputs, where 1 + tanh and 1 + erf cancel, within a few ulp of
 * |x|). */
float cpu_epi_eval(const cpu_epilogue *e, float acc, int64_t m, int64_t n);

/* Keep the chain value in r0: where an instruction reads r0 and r0 is dead
 * after it, its result is renamed to r0. A compiler's straight-line output
 * (each step in a fresh register) then takes the kernels' fast paths: a
 * leading bias or residual add becomes the accumulator's initial value and
 * a trailing max(x, 0) the ReLU store. Same semantics; registers written
 * once (as a compiler emits them) are required, else nothing changes. */
void cpu_epi_coalesce(cpu_epilogue *e);
/* Give each instruction that writes a register again (a 16-bit op's
 * result rounded in place: epi_compile.c) a fresh one, and its readers up
 * to the next such write: the single assignment cpu_epi_coalesce needs.
 * False (e partly renamed, the same semantics) where the registers run
 * out. */
bool cpu_epi_single_assign(cpu_epilogue *e);

/* Replace each GELU chain as torch-mlir writes it by one instruction: the
 * exact one, x * ((erf(x / sqrt 2) + 1) * 0.5) (x * 0.70710678 for the
 * division), by CPU_EPI_GELU_ERF; the tanh form, x * ((tanh(0.7978846 (x +
 * 0.044715 x^3)) + 1) * 0.5) (x^3 as x * (x * x) or (x * x) * x), by
 * CPU_EPI_GELU_TANH (the 0.5 on x, on 1 + f or on the product; either
 * operand order); each intermediate read by the chain only. Drops the
 * instructions left dead; a program with a register written twice (not as
 * compiled) is left as it is. Same semantics up to f32 rounding. Likewise
 * SiLU as torch-mlir writes it (a sigmoid, x * (1 / (e^{-x} + 1)), the
 * add's operands in either order, the product's too) by CPU_EPI_SILU,
 * which rounds as the chain does. Returns the
 * chains replaced; newidx[i] is instruction i's new index, -1 dropped. */
uint32_t cpu_epi_fuse_activations(cpu_epilogue *e, int16_t *newidx);

/* ------------------------------------------------------------ blocking */

/* The tile plan of one GEMM: register tile MR x NR, cache blocks MC, KC, NC,
 * and the per-thread buffers (packed A block, packed B panel, epilogue tile)
 * with their planned offsets and footprint, checked against the L1/L2
 * budgets by the offset planner (plan/alloc.h): the tile choice and the
 * memory it uses are one decision (law L1). */
typedef struct cpu_block_buf {
    const char *name; /* "lhs" (A strip), "rhs" (packed B block), "acc" (C tile), ... */
    int level;        /* the cache whose plan holds it: 1 (L1) or 2 (L2) */
    int64_t bytes, offset;
    int64_t lo, hi; /* live steps */
    int64_t rows, cols; /* the shape held on chip */
} cpu_block_buf;

/* Each thread claims units of C (whole MR-row strips, NR-column panels;
 * cpu_gemm_units) and runs over each: for NC columns / for KC of K / for MC rows / for an
 * MR-row A strip (kept in L1) / for an NR-column B micro-panel (streamed from
 * the L2-resident KC x NC block) / microkernel. */
/* One candidate of the blocking search, as the plan report shows it. */
typedef enum { CPU_CAND_FITS, CPU_CAND_OVER_L1, CPU_CAND_OVER_L2 } cpu_cand_verdict;
typedef struct cpu_block_cand {
    const char *kernel;
    bool b_inplace; /* B read in place, not packed (see cpu_blocking) */
    int nthreads, tm, tn;
    int64_t mc, kc, nc;
    int64_t footprint_l1, footprint_l2; /* 0 where that level was not planned */
    double est_seconds;                 /* fitting candidates only */
    cpu_cand_verdict verdict;
} cpu_block_cand;

#define CPU_BLOCK_TOP 6      /* fitting candidates kept, best first (the chosen one is [0]) */
#define CPU_BLOCK_REJECTS 4  /* rejected candidates kept (the first met, largest KC first) */

typedef struct cpu_block_search {
    uint32_t considered, over_l1, over_l2; /* counts over the whole search */
    uint32_t ntop, nrejects;
    cpu_block_cand top[CPU_BLOCK_TOP];
    cpu_block_cand rejects[CPU_BLOCK_REJECTS];
} cpu_block_search;

typedef struct cpu_blocking {
    cpu_isa isa;
    const char *kernel; /* the microkernel, e.g. "sgemm_avx512_6x64" */
    int mr, nr;
    int64_t mc, kc, nc;
    int nthreads;       /* threads used (<= those asked for) */
    int tm, tn;         /* thread grid: tm x tn = nthreads, over M and N, as the cost model splits the
                           work (cpu_gemm hands out units of it: tm > 1 also splits units by rows) */
    uint32_t nbufs;
    cpu_block_buf bufs[8];
    int64_t footprint, budget;       /* planned per-thread L2 bytes and the budget they fit */
    int64_t footprint_l1, budget_l1; /* the same for the L1 plan */
    double est_seconds;              /* the cost model's estimate */
    bool pairs;                      /* the ISA's pair kernel set (bf16 A and B multiplied in pairs by
                                        vdpbf16ps): kc counts pairs of k */
    bool rhs_ahead;                  /* two B blocks planned ("rhs", "rhs_next"): the next one is brought in
                                        while the current one is read */
    bool rhs_fetch;                  /* with rhs_ahead, B packed per call: "rhs_next" holds the next block's
                                        source lines, fetched while the current one is read and packed
                                        from L2 at its start (a transposed B, or a row-major one within
                                        the L3 share); otherwise its packed copy, a slice per strip */
    bool b_inplace;                  /* B (an f32 argument of unit column or k stride) read in place by the
                                        kernel set's gemm_strided or gemm_dot, never packed: chosen where each
                                        B element meets too few rows to repay a copy (a GEMV, a short M) */
    double pack_seconds;             /* of est_seconds, the estimated cost of packing B in each call (0: B is
                                        packed before the calls, or read in place) */
    int b_src;                       /* the cpu_b_source the search planned for */
    double alt_seconds;              /* B per call: the best estimate of the other choice (packed when
                                        b_inplace, in place otherwise); 0 where it was not a choice */
    cpu_block_search search;         /* what the search considered (for the plan report) */
} cpu_blocking;

/* Where a GEMM's B comes from, as the blocking search sees it. */
typedef enum cpu_b_source {
    CPU_B_PREPACKED = 0, /* packed once before the calls (cpu_pack_b): constant weights */
    CPU_B_PER_CALL = 1,  /* an argument of each call, packed by the call (any layout or type) */
    CPU_B_PER_CALL_ROWS = 2, /* the same, f32 with unit column stride (a row-major K x N weight): it may
                                also be read in place (cpu_blocking.b_inplace) */
    CPU_B_PER_CALL_COLS = 3  /* the same, f32 with unit k stride (an N x K weight, torch's Linear): it may
                                also be read in place, by dot products along k */
} cpu_b_source;

/* Choose the blocking for a GEMM of this shape on this machine: every
 * candidate's per-thread buffers are planned with plan_solve against the L1
 * and L2 budgets, candidates that do not fit are dropped and the survivors
 * ranked by a cost model, which counts the copy packing B costs each call.
 * b_src other than CPU_B_PREPACKED: B is not packed ahead of the call (a
 * function argument), so cpu_gemm packs it block by block, or, where
 * b_inplace is chosen, reads it in place. When a
 * thread has more than one B block, cpu_gemm brings the next one in while
 * the current one is read (packs it, when B is packed per call by threads
 * that own whole columns; prefetches it, when the kernel walks prefetch
 * streams and B is packed before the loops) and the L2 plan holds both
 * ("rhs" and "rhs_next"), or one when two do not fit.
 * SP_OK, SP_EINPUT for a bad shape, or SP_ENOFIT (with numbers in
 * ctx) when no candidate fits. */
sp_status cpu_blocking_choose(sp_ctx *ctx, int64_t M, int64_t N, int64_t K, int64_t nbatch, int nthreads,
                              cpu_isa isa, const cpu_caches *caches, cpu_b_source b_src, cpu_blocking *out);
/* The same with K blocks (kc) multiples of kc_unit where K is split (8
 * above; a convolution read in place asks for its taps, cpu_bwindow.kperiod,
 * so that every block starts at a tap 0). */
sp_status cpu_blocking_choose_unit(sp_ctx *ctx, int64_t M, int64_t N, int64_t K, int64_t nbatch, int nthreads,
                                   cpu_isa isa, const cpu_caches *caches, cpu_b_source b_src, int64_t kc_unit,
                                   cpu_blocking *out);

/* The units of work cpu_gemm hands out to a team of nt threads, claimed
 * one at a time from a shared counter (a thread slowed by another process
 * then takes fewer): urows rows (whole strips) by ucols panels of NR
 * columns, about 4 a thread; one unit of all of C for one thread.
 * whole_columns: each thread packs the B blocks of its units (B per call,
 * tm = 1), so units span all rows and a block is packed once. */
int64_t cpu_gemm_units(const cpu_blocking *blk, int64_t M, int64_t N, int nt, bool whole_columns, int64_t *urows,
                       int64_t *ucols);

/* ------------------------------------------------------------- packing */

/* B (all batches) packed once for a blocking: constant weights are packed at
 * compile time, argument weights once per call. Opaque; owned by the caller
 * of cpu_pack_b, freed with cpu_packed_free (NULL is a no-op). The packed
 * form depends only on the blocking's NR: cpu_gemm accepts it with any
 * blocking of the same NR (and refuses others with SP_EINPUT). */
typedef struct cpu_packed cpu_packed;
sp_status cpu_pack_b(sp_ctx *ctx, const cpu_blocking *blk, int64_t K, int64_t N, int64_t nbatch, const void *B,
                     cpu_dtype b_dt, int64_t b_sk, int64_t b_sn, int64_t b_sb, cpu_packed **out);
void cpu_packed_free(sp_ctx *ctx, cpu_packed *p);

/* Allocation through the context's hook, 64-byte aligned, or 2 MiB aligned
 * and advised to use huge pages from 4 MiB on (big packed panels stream
 * through the TLB); *raw receives the pointer to free. NULL when out of
 * memory. */
void *cpu_aligned_alloc(sp_ctx *ctx, size_t bytes, void **raw);

/* ---------------------------------------------------------------- GEMM */

typedef enum cpu_init {
    CPU_INIT_ZERO,    /* acc starts at 0 */
    CPU_INIT_C,       /* acc starts at C's current values (beta = 1) */
    CPU_INIT_OPERAND  /* acc starts at epilogue operand init_operand (e.g. a
                         bias written into the matmul's outs) */
} cpu_init;

/* B read in place through a window (a convolution's input; window_plan.c
 * builds it, gemm_run.c runs it, conv.h): element (k, n) is
 * x[koff[k] + n] where bit n % 16 of
 * kmask[((n / NR) * K + k) * (NR / 16) + n % NR / 16] is set, else 0. NR
 * is the kernel set's (the masks are built for it). Only kernel sets with
 * gemm_window run it (cpu_kernel_set), f32, one batch. */
typedef struct cpu_bwindow {
    const float *x;
    const int64_t *koff;
    const uint16_t *kmask;
    /* > 0: a panel's masks of element k are those of k % kperiod (the
     * window's taps under an outermost channel loop: a 3x3 window's 9, a
     * 1x1's 1); 0: no such period */
    int64_t kperiod;
    /* the kernel prefetches B's rows ahead: a 1x1 window over a source the
     * L2 does not hold (window_plan.c), whose rows the kernel would
     * otherwise wait for from L3 */
    bool fetch;
    /* where the pixels N are 1..CPU_WIN_TAIL_MAX more than a multiple of
     * 16 (a 7x7 image's 49, a 14x14's 196): the last N % 16 pixels' window
     * elements (rows of K floats, zeros at the pad: cpu_window_gather's
     * im2col rows), which the last panel's kernel sums by dot products
     * (cpu_ukr.tail_col); NULL otherwise */
    const float *tail;
} cpu_bwindow;

#define CPU_WIN_TAIL_MAX 4

/* Channels a window kernel sums tap by tap (kperiod > 0): each tap's masks
 * are loaded once per CPU_WIN_TAP_CHANNELS channels, whose rows (16 x a
 * panel and the window's reach, ~11 KB for a 3x3 over 56-wide rows) stay
 * in L1 across the taps. */
#define CPU_WIN_TAP_CHANNELS 16

/* k steps ahead at which a window kernel with cpu_bwindow.fetch prefetches
 * B's row (16 steps of the 6x64 tile: ~400 cycles, an L3 miss's latency;
 * 8 and 32 measured the same on ResNet's 1x1s) */
#define CPU_WIN_FETCH_AHEAD 16

typedef struct cpu_gemm_args {
    int64_t M, N, K;
    int64_t nbatch; /* batch-reduce count, >= 1 */
    const void *A;  /* elements of a_dt (likewise B, C) */
    int64_t a_sm, a_sk, a_sb;
    const void *B; /* ignored when packed_b is set */
    int64_t b_sk, b_sn, b_sb;
    const cpu_packed *packed_b; /* from cpu_pack_b with the same blocking, or NULL */
    const cpu_bwindow *bwin;    /* B through a window (then B, b_* and packed_b are ignored), or NULL */
    void *C;
    int64_t c_sm, c_sn;
    cpu_dtype a_dt, b_dt, c_dt; /* CPU_F32 (0) unless set */
    cpu_init init;
    uint32_t init_operand;
    const cpu_epilogue *epi; /* NULL: store the accumulator */
    bool epi_checked;        /* the caller ran cpu_epi_check on epi (as it is now): not repeated per call */
    const cpu_blocking *blocking; /* NULL: cpu_blocking_choose on the spot */
    int nthreads;                 /* >= 1; the engine never runs more threads */
    /* Scratch (B packed for the call, a packed A, partial sums) is carved
     * from work when it holds work_bytes >= what the call needs and is
     * 64-byte aligned, else allocated for the call and freed. work_used, if
     * set, receives what the call needed (0: nothing), so a caller that
     * repeats a GEMM can keep a buffer of that size and allocate nothing
     * from the second call on. Calls that may run at once need their own. */
    void *work;
    size_t work_bytes;
    size_t *work_used;
} cpu_gemm_args;

/* SP_OK, or SP_EINPUT (bad arguments, a malformed epilogue program, a packed
 * B of another shape, out of memory) with the message recorded in ctx; with no
 * blocking given also what cpu_isa_active and cpu_blocking_choose return.
 * Choosing a blocking plans ~100 candidates (~0.1 ms): callers that repeat a
 * shape pass the blocking.
 * C must not overlap A or B. An epilogue operand (or the init operand) may
 * alias C only element for element (same strides): each element is then
 * read before it is written. */
sp_status cpu_gemm(sp_ctx *ctx, const cpu_gemm_args *g);

#endif
