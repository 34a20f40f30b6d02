/* sgemm_avx512.c - AVX-512 kernels: the 6x64 microkernel (24 zmm
 * accumulators, 4 B vectors and one broadcast per row and k step; the shape
 * measured at ~100% of FMA peak on this Zen 5) and the vectorised epilogue.
 * Compiled with AVX-512 flags (CMakeLists.txt: *avx512*.c) and called only
 * after cpu_isa_supported(CPU_ISA_AVX512).
 *
 * Edge tiles (m < 6 rows, n < 64 columns) run specialisations of the same
 * body with fewer rows / vectors, so a short tile never reads A rows past m
 * and never multiplies padding it does not store; the last vector of a row
 * is masked.
 *
 * The same body, with VDPBF16PS for the FMA, is the bf16 pair kernel set
 * (cpu_kset_avx512bf16_6x64: k pairs, cpu_kernel_set.pairs), called only
 * where cpu_isa_supported(CPU_ISA_AVX512BF16). */
#include <immintrin.h>

/* The build's -O2 does not unroll the fixed row/vector loops before scalar
 * replacement, which would leave the accumulator tile in memory around the
 * K loop; -O3 does (GCC's early complete unrolling). K loops start on a
 * cache line, so their speed does not depend on where the linker puts the
 * kernels (a 16-byte shift cost the GEMV ~10% on 1x4096x4096). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("O3", "align-loops=64")
#endif

#include "kernels.h"
#include "pack_t_avx.h"
/* ukr_common.h's prologue loads: vload_n's intrinsic, written out (GCC's inliner
 * weighs it smaller than the call; so the kernels stay as they were) */
#define UKR_LOAD_N(p, cnt) _mm512_maskz_loadu_ps(lanes(cnt), p)
/* ukr_common.h: the epilogue steps' switch once a step in the full tile
 * of the f32 kernels reading B in place only (mr, nv, pairs, tail, window
 * and strided are constants in each body instance); once a vector in the
 * edge shapes, the packed GEMM and the bf16 pair kernels */
#define UKR_EPS_HOIST_IF (mr == 6 && nv == 4 && !pairs && !tail && (window || strided))
#include "ukr_common.h"

#define MR 6
#define NR 64
#define NVEC 4 /* NR / 16 */
#define NR_MAX NR /* ukr_common.h: the widest set's NR */

/* ------------------------------------------------ vector primitives */

typedef __m512 VF;
typedef __mmask16 VM;
#define VLEN 16
#define EPI_NVMAX NVEC
/* exported (kernels.h): the AMX set shares them */
#define VEC_EPI_LINKAGE
#define EPI_TILE_FN cpu_epi_tile_avx512
#define EXP_ROWS_FN cpu_exp_rows_avx512
#define CVT16_FN cpu_cvt16_avx512
#define STORE16_FN cpu_store16_avx512

static inline __mmask16 lanes(int cnt) {
    return cnt >= 16 ? (__mmask16)0xffff : cnt <= 0 ? (__mmask16)0 : (__mmask16)((1u << cnt) - 1);
}
#define VPS(op) _mm512_##op##_ps
#define VCMP(a, b, pred) _mm512_cmp_ps_mask(a, b, pred)
#include "vec_ops.h"
static inline VF vsel(VM m, VF a, VF b) { return _mm512_mask_blend_ps(m, b, a); }
static inline VF vround(VF a) { return _mm512_roundscale_ps(a, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC); }
static inline VF vldexp(VF p, VF n) { return _mm512_scalef_ps(p, n); }
static inline VF vload_n(const float *p, int cnt) { return _mm512_maskz_loadu_ps(lanes(cnt), p); }
static inline void vstore_n(float *p, VF v, int cnt) { _mm512_mask_storeu_ps(p, lanes(cnt), v); }

#include "cpu/epilogue/vec_epilogue.h"

#define DOT_FN sgemm_avx512_dot
#define DOT_EPI_TILE cpu_epi_tile_avx512
#include "dot_kernel.h"

#define GEMV_FN sgemv_avx512_rows
#define GEMV_EPI_TILE cpu_epi_tile_avx512
#include "gemv_kernel.h"

/* ------------------------------------------------------ microkernel */

/* The tile's lines, fetched while its last k steps run: the tile added
 * after the loop (C's partial sum, an init operand such as a residual; it
 * may come from L3) 2 * PF_STEPS steps ahead, C for writing PF_STEPS ahead,
 * so the two batches of misses do not queue behind each other. */
static inline __attribute__((always_inline)) void prefetch_add(const cpu_ukr *u, int mr, int nv) {
    if (u->add && u->add_cs == 1 && u->add_rs != 0)
        for (int i = 0; i < mr; i++)
            for (int v = 0; v < nv; v++) __builtin_prefetch(u->add + i * u->add_rs + 16 * v, 0, 3);
}
static inline __attribute__((always_inline)) void prefetch_c(const cpu_ukr *u, int mr, int nv) {
    for (int i = 0; i < mr; i++)
        for (int v = 0; v < nv; v++) prefetchw(u->c + i * u->c_rs + 16 * v);
}

#define UKR_SEL_GT(p, q, a, b) _mm512_mask_blend_ps(_mm512_cmp_ps_mask(p, q, _CMP_GT_OQ), b, a)
UKR_STEP_OP_DEF(__m512)

/* tmp is read only after the gather fills it; GCC cannot see that through
 * the stride test */
#if defined(__GNUC__) && !defined(__clang__) /* clang has no such warning */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
/* One body for both kernel sets: `pairs` (a constant in each instance)
 * picks the K loop's product, an FMA per f32 k step or a VDPBF16PS per bf16
 * k pair (cpu_kernel_set.pairs: a is read as 32-bit pairs, b holds NR
 * pairs per row; both are 4-byte elements, so the loads, the broadcast and
 * the pointer walk are the same instructions); everything around it is
 * shared. */
static inline __attribute__((always_inline)) void ukr_body(const cpu_ukr *u, const int mr, const int nv,
                                                           const bool pairs, const bool strided, const bool window,
                                                           const bool tail) {
    /* tail (a window's u->tail_col): the last of the nv vectors holds
     * u->n % 16 pixels, summed after the loop by dot products; the loop
     * runs nvk */
    const int nvk = tail ? nv - 1 : nv;
    UKR_PROLOGUE();
    /* B in place: rows b_rs apart, loaded masked past n (nothing past the
     * source row is read), each prefetched BS_ROWS rows ahead */
    const int64_t bstep = strided ? u->b_rs : NR;
    const __mmask16 bm0 = lanes(u->n), bm1 = lanes(u->n - 16), bm2 = lanes(u->n - 32), bm3 = lanes(u->n - 48);
    (void)bm0, (void)bm1, (void)bm2, (void)bm3;

/* the broadcast is a move (a pair's bits are not a float's: never
 * converted, only reinterpreted for VDPBF16PS) */
#define FMA(i, v)                                                                        \
    if (nvk > v)                                                                         \
        c##i##_##v = pairs ? _mm512_dpbf16_ps(c##i##_##v, (__m512bh)ai, (__m512bh)b##v) \
                           : _mm512_fmadd_ps(ai, b##v, c##i##_##v);
#define FMA_ROW(i)                                  \
    if (mr > i) {                                   \
        const __m512 ai = _mm512_set1_ps(a##i[p]);  \
        VECS(FMA, i)                                \
    }
    /* B through a window: row p at b + koff[p], lanes masked by the pad */
    const int64_t *koff = u->koff;
    const uint16_t *kmask = u->kmask;
    const int kfetch = window ? u->kfetch : 0;
    (void)koff, (void)kmask, (void)kfetch;
#define BLOAD(v, m)                                                                                    \
    (window    ? _mm512_maskz_loadu_ps(WMASK(v), b + koff[p] + 16 * v)                             \
     : strided ? _mm512_maskz_loadu_ps(m, b + 16 * v)                                                  \
               : _mm512_load_ps(b + 16 * v))
#define STEP()                                                    \
    do {                                                          \
        const __m512 b0 = nvk > 0 ? BLOAD(0, bm0) : zero;         \
        const __m512 b1 = nvk > 1 ? BLOAD(1, bm1) : zero;         \
        const __m512 b2 = nvk > 2 ? BLOAD(2, bm2) : zero;         \
        const __m512 b3 = nvk > 3 ? BLOAD(3, bm3) : zero;         \
        (void)b1, (void)b2, (void)b3;                             \
        if (window) {                                             \
            if (kfetch && p + kfetch < k) /* the row kfetch ahead */ \
                for (int l = 0; l < nv; l++)                      \
                    _mm_prefetch((const char *)(b + koff[p + kfetch] + 16 * l), _MM_HINT_T0); \
        }                                                         \
        else if (strided)                                         \
            for (int l = 0; l < nv; l++)                          \
                _mm_prefetch((const char *)(b + BS_ROWS * bstep + 16 * l), _MM_HINT_T0); \
        else if (mr == 1)                                         \
            for (int l = 0; l < nv; l++)                          \
                _mm_prefetch((const char *)(b + B1_DIST + 16 * l), _MM_HINT_T0); \
        ROWS(FMA_ROW)                                             \
        if (!window) b += bstep;                                  \
    } while (0)

    /* a window's masks: element p's own (4 mask loads a step, which on
     * Zen 4 cost ~5-10% of a convolution against masks held in registers),
     * or, where they repeat with the taps (u->kperiod), each tap's held
     * for CPU_WIN_TAP_CHANNELS channels: the products of a few channels summed tap by tap */
#define KMASK_AT(v) _load_mask16((__mmask16 *)(kmask + p * NVEC + v))
#define KMASK_HELD(v) wm##v
    if (window && u->kperiod > 0 && u->pf_n == 0) {
        const int64_t T = u->kperiod, nch = k / T;
        for (int64_t c0 = 0; c0 < nch; c0 += CPU_WIN_TAP_CHANNELS) {
            const int64_t c1 = nch - c0 > CPU_WIN_TAP_CHANNELS ? c0 + CPU_WIN_TAP_CHANNELS : nch;
            if (c1 == nch) prefetch_add(u, mr, nv), prefetch_c(u, mr, nv);
            for (int64_t t = 0; t < T; t++) {
                const uint16_t *m = kmask + (c0 * T + t) * NVEC;
                const __mmask16 wm0 = m[0], wm1 = nvk > 1 ? m[1] : 0, wm2 = nvk > 2 ? m[2] : 0, wm3 = nvk > 3 ? m[3] : 0;
                (void)wm1, (void)wm2, (void)wm3;
#define WMASK KMASK_HELD
#pragma GCC unroll 4
                for (int64_t c = c0; c < c1; c++) {
                    const int64_t p = c * T + t;
                    STEP();
                }
#undef WMASK
            }
        }
    } else {
#define WMASK KMASK_AT
    UKR_K_SPLIT();
    if (u->pf_n > 0) {
        /* the caller's lines spread evenly over the first kp1 steps (`per`
         * lines every `every` steps, a multiple of the unrolling and at
         * least 8) rather than a burst the miss buffers would drop; what a
         * short K loop cannot spread goes at its end */
        cpu_stream_walk w = cpu_stream_at(u->pf, u->pf_rs, u->pf_lpr, u->pf_i0);
        int64_t left = u->pf_n, every = kp1 / left;
        every = every < 8 ? 8 : every / 4 * 4;
        const int64_t chunks = kp1 / every;
        if (chunks > 0) {
            const int64_t per = (left + chunks - 1) / chunks;
            for (int64_t c = 0; c < chunks; c++) {
                const int64_t e = p + every;
#pragma GCC unroll 4
                for (; p < e; p++) STEP();
                for (int64_t x = 0; x < per && left > 0; x++, left--) _mm_prefetch(cpu_stream_next(&w), _MM_HINT_T0);
            }
        }
        for (; left > 0; left--) _mm_prefetch(cpu_stream_next(&w), _MM_HINT_T0);
    }
    UKR_K_LOOP(STEP);
#undef WMASK
    }

    /* the tail pixels, lanes 0..n%16-1 of the last vector (which holds
     * their start, as the prologue loaded it): + the dot products of A's
     * rows with their window columns, a column at a time */
    for (int j = 0; tail && j < u->n % 16; j++) {
        const float *x = u->tail_col + j * u->tail_ld;
        __m512 d0 = zero, d1 = zero, d2 = zero, d3 = zero, d4 = zero, d5 = zero;
        (void)d1, (void)d2, (void)d3, (void)d4, (void)d5;
#define TDOT(i) \
    if (mr > i) d##i = _mm512_fmadd_ps(_mm512_maskz_loadu_ps(km, a##i + q), xv, d##i);
        for (int64_t q = 0; q < k; q += 16) {
            const __mmask16 km = lanes((int)(k - q < 16 ? k - q : 16));
            const __m512 xv = _mm512_maskz_loadu_ps(km, x + q);
            TDOT(0) TDOT(1) TDOT(2) TDOT(3) TDOT(4) TDOT(5)
        }
#undef TDOT
        const __mmask16 lane = (__mmask16)(1u << j);
#define TADD(i, v) \
    if (nv == v + 1) c##i##_##v = _mm512_mask_add_ps(c##i##_##v, lane, c##i##_##v, _mm512_set1_ps(_mm512_reduce_add_ps(d##i)));
#define TADD_ROW(i) \
    if (mr > i) { VECS(TADD, i) }
        ROWS(TADD_ROW)
#undef TADD_ROW
#undef TADD
    }

    const int n = u->n;
    const __mmask16 k0 = lanes(n), k1 = lanes(n - 16), k2 = lanes(n - 32), k3 = lanes(n - 48);
    (void)k1, (void)k2, (void)k3;
    if (u->add && !row_init) {
        /* the tile to add, read through any strides: unit column stride is
         * loaded in place, anything else gathered into a row first */
        const int64_t ars = u->add_rs, acs = u->add_cs;
        float tmp[NR] __attribute__((aligned(64)));
#define ADD(i, v) \
    if (nv > v) c##i##_##v = _mm512_add_ps(c##i##_##v, _mm512_maskz_loadu_ps(k##v, src + 16 * v));
#define ADD_ROW(i)                                                        \
    if (mr > i) {                                                         \
        const float *src = u->add + i * ars;                              \
        if (acs != 1) {                                                   \
            for (int j = 0; j < NR; j++) tmp[j] = j < n ? src[j * acs] : 0; \
            src = tmp;                                                    \
        }                                                                 \
        VECS(ADD, i)                                                      \
    }
        ROWS(ADD_ROW)
    }

    cpu_epi_kind kind = u->epi ? u->epi->kind : CPU_EPI_KIND_STORE;
    /* the program as steps on the registers (a folded BatchNorm, a
     * residual, a ReLU): no spill to the interpreter, which cost a third of
     * a 1x1 convolution's time (K = 64) */
#define UKR_OPLOAD(q, v) _mm512_maskz_loadu_ps(k##v, (q) + 16 * (v))
    UKR_EPI_STEPS(__m512);
    float *c = u->c;
    const int64_t ldc = u->c_rs;
    UKR_EPI_KINDS(NR);
    /* full-width tiles store unmasked (masked 512-bit stores are slower) */
    if (n == 16 * nv) {
#define STOREF(i, v) \
    if (nv > v) _mm512_storeu_ps(c + i * ldc + 16 * v, c##i##_##v);
#define STOREF_ROW(i) \
    if (mr > i) { VECS(STOREF, i) }
        ROWS(STOREF_ROW)
        return;
    }
#define STORE(i, v) \
    if (nv > v) _mm512_mask_storeu_ps(c + i * ldc + 16 * v, k##v, c##i##_##v);
#define STORE_ROW(i) \
    if (mr > i) { VECS(STORE, i) }
    ROWS(STORE_ROW)
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

/* Each kernel set (PRE: its name prefix, P: pairs) instantiates the body
 * per edge shape (mr rows, nv vectors), a dispatcher over them and the
 * many-row kernel (ukr_common.h). S, W, T: ukr_body's strided, window and
 * tail. */
#define UKR_DEF(PRE, P, S, W, T, m, nv) \
    static void PRE##_m##m##v##nv(const cpu_ukr *u) { ukr_body(u, m, nv, P, S, W, T); }
#define UKR_ROW(PRE, P, S, W, T, m)                                                            \
    UKR_DEF(PRE, P, S, W, T, m, 1) UKR_DEF(PRE, P, S, W, T, m, 2) UKR_DEF(PRE, P, S, W, T, m, 3) \
    UKR_DEF(PRE, P, S, W, T, m, 4)
#define UKR_REF(PRE, m) {PRE##_m##m##v1, PRE##_m##m##v2, PRE##_m##m##v3, PRE##_m##m##v4}
/* the edge shapes, their table and NAME, the dispatcher over it */
#define UKR_TABLE(PRE, P, S, W, T, NAME)                                                                         \
    UKR_ROW(PRE, P, S, W, T, 1) UKR_ROW(PRE, P, S, W, T, 2) UKR_ROW(PRE, P, S, W, T, 3) UKR_ROW(PRE, P, S, W, T, 4) \
    UKR_ROW(PRE, P, S, W, T, 5) UKR_ROW(PRE, P, S, W, T, 6)                                                        \
    static const cpu_ukr_fn PRE##_table[MR][NVEC] = {UKR_REF(PRE, 1), UKR_REF(PRE, 2), UKR_REF(PRE, 3), \
                                                     UKR_REF(PRE, 4), UKR_REF(PRE, 5), UKR_REF(PRE, 6)}; \
    static void NAME(const cpu_ukr *u) { PRE##_table[u->m - 1][(u->n + 15) / 16 - 1](u); }
#define ROWS_DEF(PRE, P, nv) UKR_ROWS_DEF(PRE, MR, nv, MR, nv, P, false, false, false)
#define KERNELS(PRE, P)                                                                                          \
    UKR_TABLE(PRE, P, false, false, false, PRE)                                                                       \
    ROWS_DEF(PRE, P, 1)                                                                                          \
    ROWS_DEF(PRE, P, 2)                                                                                          \
    ROWS_DEF(PRE, P, 3)                                                                                          \
    ROWS_DEF(PRE, P, 4)                                                                                          \
    static const cpu_ukr_fn PRE##_rows_table[NVEC] = {PRE##_rows_v1, PRE##_rows_v2, PRE##_rows_v3, PRE##_rows_v4}; \
    static void PRE##_rows(const cpu_ukr *u) { PRE##_rows_table[(u->n + 15) / 16 - 1](u); }

KERNELS(sgemm_avx512_6x64, false)
KERNELS(sbgemm_avx512bf16_6x64, true)

/* f32 kernels reading B in place, the same body per edge shape: B rows
 * b_rs apart (strided), or through a convolution's window (cpu_ukr.koff,
 * kmask: each B row loaded masked where the window is outside the image,
 * so no padded copy of the input exists) */
UKR_TABLE(sgemm_avx512_6x64_s, false, true, false, false, sgemm_avx512_6x64_strided)
UKR_TABLE(sgemm_avx512_6x64_w, false, false, true, false, window_whole)
UKR_TABLE(sgemm_avx512_6x64_wt, false, false, true, true, window_tail)
static void sgemm_avx512_6x64_window(const cpu_ukr *u) { (u->tail_col ? window_tail : window_whole)(u); }

/* A panel row is four vectors: loaded (masked past cols, so nothing past
 * the source row is read) and stored whole, padding included, to the
 * 64-byte aligned panel; no call per row. */
static void pack_rows_64(float *dst, const float *src, int64_t s_r, int64_t rows, int cols) {
    const __mmask16 k0 = lanes(cols), k1 = lanes(cols - 16), k2 = lanes(cols - 32), k3 = lanes(cols - 48);
    for (int64_t r = 0; r < rows; r++, dst += NR, src += s_r) {
        pack_rows_fetch(src, s_r, cols);
        const __m512 v0 = _mm512_maskz_loadu_ps(k0, src), v1 = _mm512_maskz_loadu_ps(k1, src + 16);
        const __m512 v2 = _mm512_maskz_loadu_ps(k2, src + 32), v3 = _mm512_maskz_loadu_ps(k3, src + 48);
        _mm512_store_ps(dst, v0);
        _mm512_store_ps(dst + 16, v1);
        _mm512_store_ps(dst + 32, v2);
        _mm512_store_ps(dst + 48, v3);
    }
}

static void pack_cols_64(float *dst, const float *src, int64_t s_c, int64_t rows, int cols) {
    pack_cols_t(dst, src, s_c, rows, cols, NR);
}

/* What the f32 and bf16 pair sets share: the 6x64 tile, its many-row
 * kernel, the prefetch stream, the epilogue and the conversions. */
#define KSET_6X64(ISA, PRE)                 \
    .isa = ISA, .mr = MR, .nr = NR,         \
    .name = #PRE,                           \
    .gemm = PRE,                            \
    .gemm_rows = PRE##_rows,                \
    .pf_stream = true,                      \
    VEC_EPI_KSET_FIELDS /* vec_epilogue.h's */

const cpu_kernel_set cpu_kset_avx512_6x64 = {
    KSET_6X64(CPU_ISA_AVX512, sgemm_avx512_6x64),
    .pack_rows = pack_rows_64,
    .pack_cols = pack_cols_64,
    .gemm_strided = sgemm_avx512_6x64_strided,
    .gemm_dot = sgemm_avx512_dot,
    .gemm_window = sgemm_avx512_6x64_window,
    .gemv_rows = sgemv_avx512_rows,
};

/* bf16 pairs (cpu_kernel_set.pairs): the same tile, edges, epilogue and
 * prefetch stream over k pairs, 24 VDPBF16PS per pair (2 x 6 x 64 products,
 * twice the f32 kernel's per instruction). Runs only where
 * cpu_isa_supported(CPU_ISA_AVX512BF16). */
const cpu_kernel_set cpu_kset_avx512bf16_6x64 = {
    KSET_6X64(CPU_ISA_AVX512BF16, sbgemm_avx512bf16_6x64),
    .pairs = true,
    .pack_pairs = cpu_pack_pairs_avx512,
};
