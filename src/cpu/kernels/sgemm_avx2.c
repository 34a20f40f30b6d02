/* sgemm_avx2.c - AVX2+FMA kernels: two microkernel sets from one body, and
 * the vectorised epilogue:
 *   6x16 (12 ymm accumulators, BLIS haswell's shape): the general one;
 *   2x32 (8 accumulators, 4 B vectors a k step): skinny M (a GEMV, M <= 2),
 *        where the 6x16 tile of one row runs 2 accumulators over a 64-byte
 *        panel row per k step; 2x32 reads 128 bytes (two lines) a step into
 *        4 chains (one row) or 8 (two rows).
 * Compiled
 * with AVX2 flags (CMakeLists.txt: *avx2*.c) and called only after
 * cpu_isa_supported(CPU_ISA_AVX2). On Zen 5 ymm FMAs issue at the zmm
 * instruction rate, so this path peaks at half of the AVX-512 one. */
#include <immintrin.h>

/* The build's -O2 does not unroll the fixed row/vector loops before scalar
 * replacement, which would leave the accumulator tile in memory around the
 * K loop; -O3 does (GCC's early complete unrolling). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("O3", "align-loops=64")
#endif

#include "kernels.h"
#include "pack_t_avx.h"
#define UKR_EPS_HOIST_IF 1 /* ukr_common.h: the steps' switch once a step, every shape */
#include "ukr_common.h"

/* ------------------------------------------------ vector primitives */

typedef __m256 VF;
typedef __m256 VM;
#define VLEN 8
#define EPI_NVMAX 4 /* the widest set's NR / 8 */
#define EPI_TILE_FN epi_tile_avx2
#define EXP_ROWS_FN exp_rows_avx2
#define CVT16_FN cvt16_avx2
#define STORE16_FN store16_avx2

static const int32_t lane_tab[16] = {-1, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0};
static inline __m256i lanes(int cnt) { return _mm256_loadu_si256((const __m256i *)(lane_tab + 8 - (cnt > 8 ? 8 : cnt < 0 ? 0 : cnt))); }

#define VPS(op) _mm256_##op##_ps
#define VCMP(a, b, pred) _mm256_cmp_ps(a, b, pred)
#include "vec_ops.h"
static inline VF vsel(VM m, VF a, VF b) { return _mm256_blendv_ps(b, a, m); }
static inline VF vround(VF a) { return _mm256_round_ps(a, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC); }
/* 2^n as two normal factors, so results down to the subnormals round once */
static inline VF vldexp(VF p, VF n) {
    const __m256i ni = _mm256_cvtps_epi32(n);
    const __m256i n1 = _mm256_srai_epi32(ni, 1), n2 = _mm256_sub_epi32(ni, n1);
    const __m256i bias = _mm256_set1_epi32(127);
    const VF s1 = _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_add_epi32(n1, bias), 23));
    const VF s2 = _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_add_epi32(n2, bias), 23));
    return _mm256_mul_ps(_mm256_mul_ps(p, s1), s2);
}
static inline VF vload_n(const float *p, int cnt) {
    return cnt >= 8 ? _mm256_loadu_ps(p) : _mm256_maskload_ps(p, lanes(cnt));
}
static inline void vstore_n(float *p, VF v, int cnt) {
    if (cnt >= 8) _mm256_storeu_ps(p, v);
    else _mm256_maskstore_ps(p, lanes(cnt), v);
}

#include "cpu/epilogue/vec_epilogue.h"

#define DOT_FN sgemm_avx2_dot
#define DOT_EPI_TILE epi_tile_avx2
#include "dot_kernel.h"

#define GEMV_FN sgemv_avx2_rows
#define GEMV_EPI_TILE epi_tile_avx2
#include "gemv_kernel.h"

/* ------------------------------------------------------ microkernel */

/* The tile's lines, fetched while its last k steps run (see
 * sgemm_avx512.c): the added tile 2 * PF_STEPS steps ahead, C PF_STEPS. */
static inline __attribute__((always_inline)) void prefetch_add(const cpu_ukr *u, int mr, int nv) {
    (void)nv; /* a row's first line only */
    if (u->add && u->add_cs == 1 && u->add_rs != 0)
        for (int i = 0; i < mr; i++) __builtin_prefetch(u->add + i * u->add_rs, 0, 3);
}
/* C's lines for writing: this tile's (a row's first line), and the next
 * tile's of the strip (the macro kernel's next call: NR columns on), a
 * whole call ahead. With K short (ConvNeXt's 3136 x 384 x 96, GELU MLP),
 * this tile's lines, asked for PF_STEPS steps before its store, came from
 * memory late: the next tile's too ran that GEMM 53 -> 64 GFLOP/s and the
 * ConvNeXt block 13.0 -> 11.0 ms at 1 thread (AVX2 Zen 3, interleaved
 * runs; 3136x64x576 +11%, 768^3 +7%, 128x768x3072 level). Past the last
 * tile it fetches the start of a later row: harmless. */
static inline __attribute__((always_inline)) void prefetch_c(const cpu_ukr *u, int mr, int nv) {
    for (int i = 0; i < mr; i++) prefetchw(u->c + i * u->c_rs);
    for (int i = 0; i < mr; i++) prefetchw(u->c + i * u->c_rs + 8 * nv);
}

#define NR_MAX 32 /* the widest set's NR */

#define UKR_SEL_GT(p, q, a, b) _mm256_blendv_ps(b, a, _mm256_cmp_ps(p, q, _CMP_GT_OQ))
UKR_STEP_OP_DEF(__m256)

/* tmp is read only after the gather fills it; GCC cannot see that through
 * the stride test */
#if defined(__GNUC__) && !defined(__clang__) /* clang has no such warning */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
/* One body for both sets: MRX x NRX (NRX = 8 * NVX) is the set's tile, mr x
 * nv vectors the edge specialisation (all constants in each instance). */
static inline __attribute__((always_inline)) void ukr_body(const cpu_ukr *u, const int mr, const int nv,
                                                           const int MRX, const int NVX, const bool strided) {
    const int NRX = 8 * NVX;
    UKR_PROLOGUE();
    /* B in place: rows b_rs apart, loaded masked past n (nothing past the
     * source row is read), each prefetched BS_ROWS rows ahead */
    const int64_t bstep = strided ? u->b_rs : NRX;
    const __m256i bm0 = lanes(u->n), bm1 = lanes(u->n - 8), bm2 = lanes(u->n - 16), bm3 = lanes(u->n - 24);
    (void)bm0, (void)bm1, (void)bm2, (void)bm3;

#define FMA(i, v) \
    if (nv > v) c##i##_##v = _mm256_fmadd_ps(ai, b##v, c##i##_##v);
#define FMA_ROW(i)                                       \
    if (mr > i) {                                        \
        const __m256 ai = _mm256_broadcast_ss(&a##i[p]); \
        VECS(FMA, i)                                     \
    }
#define BLOAD(v, m) (strided ? _mm256_maskload_ps(b + 8 * v, m) : _mm256_load_ps(b + 8 * v))
#define STEP()                                                                          \
    do {                                                                                \
        const __m256 b0 = BLOAD(0, bm0);                                                \
        const __m256 b1 = nv > 1 ? BLOAD(1, bm1) : zero;                                \
        const __m256 b2 = nv > 2 ? BLOAD(2, bm2) : zero;                                \
        const __m256 b3 = nv > 3 ? BLOAD(3, bm3) : zero;                                \
        (void)b1, (void)b2, (void)b3;                                                   \
        if (strided)                                                                    \
            for (int l = 0; l < 8 * nv; l += 16)                                        \
                _mm_prefetch((const char *)(b + BS_ROWS * bstep + l), _MM_HINT_T0);     \
        else if (mr == 1)                                                               \
            for (int l = 0; l < NRX; l += 16)                                           \
                _mm_prefetch((const char *)(b + B1_DIST + l), _MM_HINT_T0);             \
        ROWS(FMA_ROW)                                                                   \
        b += bstep;                                                                     \
    } while (0)

    UKR_K_SPLIT();
    UKR_K_LOOP(STEP);

    const int n = u->n;
    if (u->add && !row_init) {
        const int64_t ars = u->add_rs, acs = u->add_cs;
        float tmp[NR_MAX];
#define ADD(i, v) \
    if (nv > v) c##i##_##v = _mm256_add_ps(c##i##_##v, vload_n(src + 8 * v, n - 8 * v));
#define ADD_ROW(i)                                                           \
    if (mr > i) {                                                            \
        const float *src = u->add + i * ars;                                 \
        if (acs != 1) {                                                      \
            for (int j = 0; j < NRX; j++) tmp[j] = j < n ? src[j * acs] : 0; \
            src = tmp;                                                       \
        }                                                                    \
        VECS(ADD, i)                                                         \
    }
        ROWS(ADD_ROW)
    }

    cpu_epi_kind kind = u->epi ? u->epi->kind : CPU_EPI_KIND_STORE;
    /* the program as steps on the registers where it is one (a BatchNorm,
     * a bias, a residual, a ReLU): the interpreter's dispatch per row of a
     * 6x16 tile cost a 3x3 64-channel convolution a third of its time */
#define UKR_OPLOAD(q, v) vload_n((q) + 8 * (v), n - 8 * (v))
    UKR_EPI_STEPS(__m256);
    float *c = u->c;
    const int64_t ldc = u->c_rs;
    UKR_EPI_KINDS(NRX);
#define STORE(i, v) \
    if (nv > v) vstore_n(c + i * ldc + 8 * v, c##i##_##v, n - 8 * v);
#define STORE_ROW(i) \
    if (mr > i) { VECS(STORE, i) }
    ROWS(STORE_ROW)
    (void)MRX;
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

/* Each set (PRE: its name, MRX x 8*NVX its tile) instantiates the body per
 * edge shape (mr rows, nv vectors), a dispatcher over them, the many-row
 * kernel (ukr_common.h) and its packing routines. */
#define UKR_DEF(PRE, MRX, NVX, m, nv) \
    static void PRE##_m##m##v##nv(const cpu_ukr *u) { ukr_body(u, m, nv, MRX, NVX, false); }          \
    static void PRE##_s_m##m##v##nv(const cpu_ukr *u) { ukr_body(u, m, nv, MRX, NVX, true); }
#define UKR_ROW2(PRE, MRX, m) UKR_DEF(PRE, MRX, 2, m, 1) UKR_DEF(PRE, MRX, 2, m, 2)
#define UKR_ROW4(PRE, MRX, m) \
    UKR_DEF(PRE, MRX, 4, m, 1) UKR_DEF(PRE, MRX, 4, m, 2) UKR_DEF(PRE, MRX, 4, m, 3) UKR_DEF(PRE, MRX, 4, m, 4)
#define UKR_REF2(PRE, m) {PRE##_m##m##v1, PRE##_m##m##v2}
#define UKR_REF4(PRE, m) {PRE##_m##m##v1, PRE##_m##m##v2, PRE##_m##m##v3, PRE##_m##m##v4}
#define UKRS_REF2(PRE, m) {PRE##_s_m##m##v1, PRE##_s_m##m##v2}
#define UKRS_REF4(PRE, m) {PRE##_s_m##m##v1, PRE##_s_m##m##v2, PRE##_s_m##m##v3, PRE##_s_m##m##v4}
#define ROWS_DEF(PRE, MRX, NVX, nv) UKR_ROWS_DEF(PRE, MRX, nv, MRX, nv, MRX, NVX, false)
/* a panel row is NVX vectors, loaded masked past cols (nothing past the
 * source row is read) and stored whole, padding included */
#define PACK_DEF(PRE, NVX)                                                                            \
    static void PRE##_pack_rows(float *dst, const float *src, int64_t s_r, int64_t rows, int cols) { \
        for (int64_t r = 0; r < rows; r++, dst += 8 * NVX, src += s_r) {                              \
            pack_rows_fetch(src, s_r, cols);                                                          \
            for (int v = 0; v < NVX; v++) _mm256_store_ps(dst + 8 * v, vload_n(src + 8 * v, cols - 8 * v)); \
        }                                                                                             \
    }                                                                                                 \
    static void PRE##_pack_cols(float *dst, const float *src, int64_t s_c, int64_t rows, int cols) { \
        pack_cols_t(dst, src, s_c, rows, cols, 8 * NVX);                                              \
    }

/* 6x16: rows 1..6, 1..2 vectors */
UKR_ROW2(sgemm_avx2_6x16, 6, 1)
UKR_ROW2(sgemm_avx2_6x16, 6, 2)
UKR_ROW2(sgemm_avx2_6x16, 6, 3)
UKR_ROW2(sgemm_avx2_6x16, 6, 4)
UKR_ROW2(sgemm_avx2_6x16, 6, 5)
UKR_ROW2(sgemm_avx2_6x16, 6, 6)
static const cpu_ukr_fn sgemm_avx2_6x16_table[6][2] = {
    UKR_REF2(sgemm_avx2_6x16, 1), UKR_REF2(sgemm_avx2_6x16, 2), UKR_REF2(sgemm_avx2_6x16, 3),
    UKR_REF2(sgemm_avx2_6x16, 4), UKR_REF2(sgemm_avx2_6x16, 5), UKR_REF2(sgemm_avx2_6x16, 6)};
static void sgemm_avx2_6x16(const cpu_ukr *u) { sgemm_avx2_6x16_table[u->m - 1][(u->n + 7) / 8 - 1](u); }
static const cpu_ukr_fn sgemm_avx2_6x16_s_table[6][2] = {
    UKRS_REF2(sgemm_avx2_6x16, 1), UKRS_REF2(sgemm_avx2_6x16, 2), UKRS_REF2(sgemm_avx2_6x16, 3),
    UKRS_REF2(sgemm_avx2_6x16, 4), UKRS_REF2(sgemm_avx2_6x16, 5), UKRS_REF2(sgemm_avx2_6x16, 6)};
static void sgemm_avx2_6x16_strided(const cpu_ukr *u) { sgemm_avx2_6x16_s_table[u->m - 1][(u->n + 7) / 8 - 1](u); }
ROWS_DEF(sgemm_avx2_6x16, 6, 2, 1)
ROWS_DEF(sgemm_avx2_6x16, 6, 2, 2)
static const cpu_ukr_fn sgemm_avx2_6x16_rows_table[2] = {sgemm_avx2_6x16_rows_v1, sgemm_avx2_6x16_rows_v2};
static void sgemm_avx2_6x16_rows(const cpu_ukr *u) { sgemm_avx2_6x16_rows_table[(u->n + 7) / 8 - 1](u); }
PACK_DEF(sgemm_avx2_6x16, 2)

/* 2x32: rows 1..2, 1..4 vectors */
UKR_ROW4(sgemm_avx2_2x32, 2, 1)
UKR_ROW4(sgemm_avx2_2x32, 2, 2)
static const cpu_ukr_fn sgemm_avx2_2x32_table[2][4] = {UKR_REF4(sgemm_avx2_2x32, 1), UKR_REF4(sgemm_avx2_2x32, 2)};
static void sgemm_avx2_2x32(const cpu_ukr *u) { sgemm_avx2_2x32_table[u->m - 1][(u->n + 7) / 8 - 1](u); }
static const cpu_ukr_fn sgemm_avx2_2x32_s_table[2][4] = {UKRS_REF4(sgemm_avx2_2x32, 1), UKRS_REF4(sgemm_avx2_2x32, 2)};
static void sgemm_avx2_2x32_strided(const cpu_ukr *u) { sgemm_avx2_2x32_s_table[u->m - 1][(u->n + 7) / 8 - 1](u); }
ROWS_DEF(sgemm_avx2_2x32, 2, 4, 1)
ROWS_DEF(sgemm_avx2_2x32, 2, 4, 2)
ROWS_DEF(sgemm_avx2_2x32, 2, 4, 3)
ROWS_DEF(sgemm_avx2_2x32, 2, 4, 4)
static const cpu_ukr_fn sgemm_avx2_2x32_rows_table[4] = {sgemm_avx2_2x32_rows_v1, sgemm_avx2_2x32_rows_v2,
                                                         sgemm_avx2_2x32_rows_v3, sgemm_avx2_2x32_rows_v4};
static void sgemm_avx2_2x32_rows(const cpu_ukr *u) { sgemm_avx2_2x32_rows_table[(u->n + 7) / 8 - 1](u); }
PACK_DEF(sgemm_avx2_2x32, 4)

/* The two sets differ only in their tile and its kernels (PRE); the dot,
 * GEMV, epilogue and conversions (vec_epilogue.h's) are shared. */
#define AVX2_KSET(PRE, MR, NR)                 \
    {                                          \
        .isa = CPU_ISA_AVX2,                   \
        .mr = MR,                              \
        .nr = NR,                              \
        .name = #PRE,                          \
        .pack_rows = PRE##_pack_rows,          \
        .pack_cols = PRE##_pack_cols,          \
        .gemm = PRE,                           \
        .gemm_strided = PRE##_strided,         \
        .gemm_dot = sgemm_avx2_dot,            \
        .gemv_rows = sgemv_avx2_rows,          \
        .gemm_rows = PRE##_rows,               \
        VEC_EPI_KSET_FIELDS,                   \
    }
const cpu_kernel_set cpu_kset_avx2_6x16 = AVX2_KSET(sgemm_avx2_6x16, 6, 16);
const cpu_kernel_set cpu_kset_avx2_2x32 = AVX2_KSET(sgemm_avx2_2x32, 2, 32);
