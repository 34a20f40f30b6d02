/* sgemm_generic.c - portable C kernels (no ISA flags): the reference
 * microkernel for any MR x NR, which is the oracle for every ISA kernel, and
 * the generic set's 4x16 instance of it. */
#include "kernels.h"

/* -O2 keeps the 4 x 16 accumulator tile in memory; -O3 unrolls and
 * vectorises it (GCC only; the code is portable C either way). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("O3")
#endif

static inline __attribute__((always_inline)) void ref_body(const cpu_ukr *u, const int64_t b_ks, const int64_t b_js) {
    float acc[CPU_MR_MAX][CPU_NR_MAX];
    const int m = u->m, n = u->n;
    const bool row_init = u->add && u->add_rs == 0 && u->add_cs == 1;
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) acc[i][j] = row_init ? u->add[j] : 0.0f;
    for (int64_t p = 0; p < u->k; p++) {
        const float *b = u->b + p * b_ks;
        for (int i = 0; i < m; i++) {
            const float a = u->a[i * u->a_rs + p];
            for (int j = 0; j < n; j++) acc[i][j] += a * b[j * b_js];
        }
    }
    if (u->add && !row_init)
        for (int i = 0; i < m; i++)
            for (int j = 0; j < n; j++) acc[i][j] += u->add[i * u->add_rs + j * u->add_cs];
    static const cpu_epi_prog store = {.kind = CPU_EPI_KIND_STORE};
    cpu_epi_tile_generic(u->epi ? u->epi : &store, &acc[0][0], CPU_NR_MAX, m, n, u->m0, u->n0, u->c, u->c_rs);
}

void cpu_sgemm_ref(const cpu_ukr *u, int nr) { ref_body(u, nr, 1); }
void cpu_sgemm_ref_strided(const cpu_ukr *u) { ref_body(u, u->b_rs, 1); }
void cpu_sgemm_ref_dot(const cpu_ukr *u) { ref_body(u, 1, u->b_rs); }

/* The generic set's kernel: the reference's arithmetic on a fixed 4 x 16
 * tile (B is zero padded to 16 columns, so every column is computed and
 * only n stored), with constant loop bounds the compiler can vectorise for
 * the baseline ISA (SSE2 on x86-64) without any ISA flag. */
static void sgemm_generic_4x16(const cpu_ukr *u) {
    enum { MR = 4, NR = 16 };
    float acc[MR][NR];
    const int m = u->m;
    const float *a0 = u->a, *a1 = m > 1 ? a0 + u->a_rs : a0, *a2 = m > 2 ? a1 + u->a_rs : a0,
                *a3 = m > 3 ? a2 + u->a_rs : a0; /* rows past m read row 0 and are not stored */
    const int n = u->n;
    const bool row_init = u->add && u->add_rs == 0 && u->add_cs == 1;
    for (int i = 0; i < MR; i++)
        for (int j = 0; j < NR; j++) acc[i][j] = row_init && j < n ? u->add[j] : 0.0f;
    for (int64_t p = 0; p < u->k; p++) {
        const float *b = u->b + p * NR;
        const float x0 = a0[p], x1 = a1[p], x2 = a2[p], x3 = a3[p];
        for (int j = 0; j < NR; j++) {
            acc[0][j] += x0 * b[j];
            acc[1][j] += x1 * b[j];
            acc[2][j] += x2 * b[j];
            acc[3][j] += x3 * b[j];
        }
    }
    if (u->add && !row_init)
        for (int i = 0; i < m; i++)
            for (int j = 0; j < n; j++) acc[i][j] += u->add[i * u->add_rs + j * u->add_cs];
    static const cpu_epi_prog store = {.kind = CPU_EPI_KIND_STORE};
    cpu_epi_tile_generic(u->epi ? u->epi : &store, &acc[0][0], NR, m, n, u->m0, u->n0, u->c, u->c_rs);
}

const cpu_kernel_set cpu_kset_generic_4x16 = {
    .isa = CPU_ISA_GENERIC,
    .mr = 4,
    .nr = 16,
    .name = "sgemm_generic_4x16",
    .gemm = sgemm_generic_4x16,
    .gemm_strided = cpu_sgemm_ref_strided,
    .gemm_dot = cpu_sgemm_ref_dot,
    .epi_tile = cpu_epi_tile_generic,
};
