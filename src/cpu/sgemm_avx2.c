/* sgemm_avx2.c - AVX2+FMA kernels: the 6x16 microkernel (12 ymm
 * accumulators, BLIS haswell's shape) and the vectorised epilogue. Compiled
 * with AVX2 flags (CMakeLists.txt: *avx2*.c) and called only after
 * cpu_isa_supported(CPU_ISA_AVX2). On Zen 5 ymm FMAs issue at the zmm
 * instruction rate, so this path peaks at half of the AVX-512 one. */
#include <immintrin.h>

/* The build's -O2 does not unroll the fixed row/vector loops before scalar
 * replacement, which would leave the accumulator tile in memory around the
 * K loop; -O3 does (GCC's early complete unrolling). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("O3")
#endif

#include "kernels.h"
#include "pack_t_avx.h"

#define MR 6
#define NR 16
#define NVEC 2 /* NR / 8 */

/* ------------------------------------------------ vector primitives */

typedef __m256 VF;
typedef __m256 VM;
#define VLEN 8
#define EPI_NVMAX NVEC
#define EPI_TILE_FN epi_tile_avx2
#define EXP_ROWS_FN exp_rows_avx2
#define CVT16_FN cvt16_avx2
#define STORE16_FN store16_avx2

static const int32_t lane_tab[16] = {-1, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0};
static inline __m256i lanes(int cnt) { return _mm256_loadu_si256((const __m256i *)(lane_tab + 8 - (cnt > 8 ? 8 : cnt < 0 ? 0 : cnt))); }

static inline VF vset1(float x) { return _mm256_set1_ps(x); }
static inline VF vadd(VF a, VF b) { return _mm256_add_ps(a, b); }
static inline VF vsub(VF a, VF b) { return _mm256_sub_ps(a, b); }
static inline VF vmul(VF a, VF b) { return _mm256_mul_ps(a, b); }
static inline VF vdiv(VF a, VF b) { return _mm256_div_ps(a, b); }
static inline VF vfma(VF a, VF b, VF c) { return _mm256_fmadd_ps(a, b, c); }
static inline VF vsqrt(VF a) { return _mm256_sqrt_ps(a); }
static inline VF vand(VF a, VF b) { return _mm256_and_ps(a, b); }
static inline VF vor(VF a, VF b) { return _mm256_or_ps(a, b); }
static inline VF vxor(VF a, VF b) { return _mm256_xor_ps(a, b); }
static inline VF vandnot(VF a, VF b) { return _mm256_andnot_ps(a, b); }
static inline VF vmaxr(VF a, VF b) { return _mm256_max_ps(a, b); }
static inline VF vminr(VF a, VF b) { return _mm256_min_ps(a, b); }
static inline VM vlt(VF a, VF b) { return _mm256_cmp_ps(a, b, _CMP_LT_OQ); }
static inline VM vgt(VF a, VF b) { return _mm256_cmp_ps(a, b, _CMP_GT_OQ); }
static inline VM veq(VF a, VF b) { return _mm256_cmp_ps(a, b, _CMP_EQ_OQ); }
static inline VM visnan(VF a) { return _mm256_cmp_ps(a, a, _CMP_UNORD_Q); }
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

#include "vec_epilogue.h"

/* ------------------------------------------------------ microkernel */

/* A line the tile will store to, fetched for writing (PREFETCHW; measured
 * +2% on the 6x64 kernel over a read prefetch, which leaves the store an
 * ownership upgrade to wait for). A no-op where unsupported. */
static inline __attribute__((always_inline)) void prefetchw(const float *p) {
    __asm__ volatile("prefetchw %0" ::"m"(*(const char *)p));
}

/* The tile's lines, fetched while its last k steps run (see
 * sgemm_avx512.c): the added tile 2 * PF_STEPS steps ahead, C PF_STEPS. */
static inline __attribute__((always_inline)) void prefetch_add(const cpu_ukr *u, int mr) {
    if (u->add && u->add_cs == 1 && u->add_rs != 0)
        for (int i = 0; i < mr; i++) __builtin_prefetch(u->add + i * u->add_rs, 0, 3);
}
static inline __attribute__((always_inline)) void prefetch_c(const cpu_ukr *u, int mr) {
    for (int i = 0; i < mr; i++) prefetchw(u->c + i * u->c_rs);
}

/* Accumulators as named variables (see sgemm_avx512.c for why). */
#define ROWS(X) X(0) X(1) X(2) X(3) X(4) X(5)
#define VECS(X, i) X(i, 0) X(i, 1)

#define PF_STEPS 32

/* tmp is read only after the gather fills it; GCC cannot see that through
 * the stride test */
#if defined(__GNUC__) && !defined(__clang__) /* clang has no such warning */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
static inline __attribute__((always_inline)) void ukr_body(const cpu_ukr *u, const int mr, const int nv) {
    const __m256 zero = _mm256_setzero_ps();
#define DECL(i, v) __m256 c##i##_##v = zero;
#define DECL_ROW(i) VECS(DECL, i)
    ROWS(DECL_ROW)
    /* a broadcast row (a bias) is where the accumulators start */
    const bool row_init = u->add && u->add_rs == 0 && u->add_cs == 1;
    if (row_init) {
        const __m256 r0 = vload_n(u->add, u->n), r1 = nv > 1 ? vload_n(u->add + 8, u->n - 8) : zero;
        (void)r1;
#define INIT(i, v) c##i##_##v = r##v;
#define INIT_ROW(i) VECS(INIT, i)
        ROWS(INIT_ROW)
    }
    const float *b = u->b;
    const int64_t lda = u->a_rs, k = u->k;
    const float *a0 = u->a, *a1 = a0 + lda, *a2 = a1 + lda, *a3 = a2 + lda, *a4 = a3 + lda, *a5 = a4 + lda;
    (void)a1, (void)a2, (void)a3, (void)a4, (void)a5;

#define FMA(i, v) \
    if (nv > v) c##i##_##v = _mm256_fmadd_ps(ai, b##v, c##i##_##v);
#define FMA_ROW(i)                                      \
    if (mr > i) {                                       \
        const __m256 ai = _mm256_broadcast_ss(&a##i[p]); \
        VECS(FMA, i)                                    \
    }
#define STEP()                                                   \
    do {                                                         \
        const __m256 b0 = _mm256_load_ps(b);                     \
        const __m256 b1 = nv > 1 ? _mm256_load_ps(b + 8) : zero; \
        (void)b1;                                                \
        ROWS(FMA_ROW)                                            \
        b += NR;                                                 \
    } while (0)

    const int64_t kp1 = k > 2 * PF_STEPS ? k - 2 * PF_STEPS : 0, kp2 = k > PF_STEPS ? k - PF_STEPS : 0;
    int64_t p = 0;
#pragma GCC unroll 4
    for (; p < kp1; p++) STEP();
    prefetch_add(u, mr);
#pragma GCC unroll 4
    for (; p < kp2; p++) STEP();
    prefetch_c(u, mr);
#pragma GCC unroll 4
    for (; p < k; p++) STEP();

    const int n = u->n;
    if (u->add && !row_init) {
        const int64_t ars = u->add_rs, acs = u->add_cs;
        float tmp[NR];
#define ADD(i, v) \
    if (nv > v) c##i##_##v = _mm256_add_ps(c##i##_##v, vload_n(src + 8 * v, n - 8 * v));
#define ADD_ROW(i)                                                          \
    if (mr > i) {                                                           \
        const float *src = u->add + i * ars;                                \
        if (acs != 1) {                                                     \
            for (int j = 0; j < NR; j++) tmp[j] = j < n ? src[j * acs] : 0; \
            src = tmp;                                                      \
        }                                                                   \
        VECS(ADD, i)                                                        \
    }
        ROWS(ADD_ROW)
    }

    const cpu_epi_kind kind = u->epi ? u->epi->kind : CPU_EPI_KIND_STORE;
    float *c = u->c;
    const int64_t ldc = u->c_rs;
    if (kind == CPU_EPI_KIND_GENERAL) {
        float t[MR * NR] __attribute__((aligned(32)));
#define SPILL(i, v) \
    if (nv > v) _mm256_store_ps(t + i * NR + 8 * v, c##i##_##v);
#define SPILL_ROW(i) \
    if (mr > i) { VECS(SPILL, i) }
        ROWS(SPILL_ROW)
        epi_tile_avx2(u->epi, t, NR, mr, n, u->m0, u->n0, c, ldc);
        return;
    }
    if (kind == CPU_EPI_KIND_RELU) {
        /* maximumf(x, 0) in two instructions: VMAXPS returns its second
         * operand when either is NaN (kept) and x for -0, which + 0 makes +0 */
#define RELU(i, v) \
    if (nv > v) c##i##_##v = _mm256_add_ps(_mm256_max_ps(zero, c##i##_##v), zero);
#define RELU_ROW(i) \
    if (mr > i) { VECS(RELU, i) }
        ROWS(RELU_ROW)
    }
#define STORE(i, v) \
    if (nv > v) vstore_n(c + i * ldc + 8 * v, c##i##_##v, n - 8 * v);
#define STORE_ROW(i) \
    if (mr > i) { VECS(STORE, i) }
    ROWS(STORE_ROW)
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

#define UKR_DEF(m, nv) \
    static void sgemm_avx2_6x16_m##m##v##nv(const cpu_ukr *u) { ukr_body(u, m, nv); }
#define UKR_ROW(m) UKR_DEF(m, 1) UKR_DEF(m, 2)
UKR_ROW(1)
UKR_ROW(2)
UKR_ROW(3)
UKR_ROW(4)
UKR_ROW(5)
UKR_ROW(6)
#define UKR_REF(m) {sgemm_avx2_6x16_m##m##v1, sgemm_avx2_6x16_m##m##v2}
static const cpu_ukr_fn ukr_table[MR][NVEC] = {UKR_REF(1), UKR_REF(2), UKR_REF(3), UKR_REF(4), UKR_REF(5), UKR_REF(6)};

static void sgemm_avx2_6x16(const cpu_ukr *u) {
    ukr_table[u->m - 1][(u->n + 7) / 8 - 1](u);
}

static void pack_cols_16(float *dst, const float *src, int64_t s_c, int64_t rows, int cols) {
    pack_cols_t(dst, src, s_c, rows, cols, NR);
}

const cpu_kernel_set cpu_kset_avx2_6x16 = {
    .isa = CPU_ISA_AVX2,
    .mr = MR,
    .nr = NR,
    .name = "sgemm_avx2_6x16",
    .pack_cols = pack_cols_16,
    .gemm = sgemm_avx2_6x16,
    .epi_tile = epi_tile_avx2,
    .exp_rows = exp_rows_avx2,
    .cvt16 = cvt16_avx2,
    .store16 = store16_avx2,
};
