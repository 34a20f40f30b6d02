/* sgemm_generic.c - portable C kernels (no ISA flags): the reference
 * microkernel for any MR x NR, which is the oracle for every ISA kernel, and
 * the generic set's 4x16 instance of it. */
#include "cpu/kernels.h"

static inline __attribute__((always_inline)) void ref_body(const cpu_ukr *u, const int nr) {
    float acc[CPU_MR_MAX][CPU_NR_MAX];
    const int m = u->m, n = u->n;
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) acc[i][j] = 0.0f;
    for (int64_t p = 0; p < u->k; p++) {
        const float *b = u->b + p * nr;
        for (int i = 0; i < m; i++) {
            const float a = u->a[i * u->a_rs + p];
            for (int j = 0; j < n; j++) acc[i][j] += a * b[j];
        }
    }
    if (u->add)
        for (int i = 0; i < m; i++)
            for (int j = 0; j < n; j++) acc[i][j] += u->add[i * u->add_rs + j * u->add_cs];
    static const cpu_epi_prog store = {.kind = CPU_EPI_KIND_STORE};
    cpu_epi_tile_generic(u->epi ? u->epi : &store, &acc[0][0], CPU_NR_MAX, m, n, u->m0, u->n0, u->c, u->c_rs);
}

void cpu_sgemm_ref(const cpu_ukr *u, int nr) { ref_body(u, nr); }

static void sgemm_generic_4x16(const cpu_ukr *u) { ref_body(u, 16); }

const cpu_kernel_set cpu_kset_generic_4x16 = {
    .isa = CPU_ISA_GENERIC,
    .mr = 4,
    .nr = 16,
    .name = "sgemm_generic_4x16",
    .gemm = sgemm_generic_4x16,
    .epi_tile = cpu_epi_tile_generic,
};
