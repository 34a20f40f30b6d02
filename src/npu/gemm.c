/* gemm.c - the functional model of the systolic arrays' arithmetic: a
 * packed, register-blocked f32 GEMM (6 x 16 tile, GCC vector extensions),
 * compiled for AVX-512, AVX2+FMA and baseline x86-64 and picked at load
 * time (target_clones), split over threads by column panels. It only has
 * to be fast enough that the simulator runs a 4096^3 kernel in seconds. */
#include <string.h>

#include "sim.h"

#ifdef _OPENMP
#include <omp.h>
#endif

#define MR 6
#define NR 16
#define KC 256

typedef float v8 __attribute__((vector_size(32)));

/* unaligned vector load/store (macros: a function returning a vector type
 * would change the ABI of the baseline clone) */
#define ld8(p) ({ v8 v_; memcpy(&v_, (p), sizeof v_); v_; })
#define st8(p, v) do { v8 w_ = (v); memcpy((p), &w_, sizeof w_); } while (0)

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define CLONES __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#elif defined(__x86_64__) && defined(__clang__)
#define CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define CLONES
#endif

/* One column panel (nr <= NR columns) of C over all M rows: B's panel is
 * packed KC rows at a time (zero-padded to NR columns), every MR rows of C
 * accumulate in registers over the KC block. */
CLONES
static void gemm_panel(int64_t M, int64_t nr, int64_t K, const float *A, int64_t lda, const float *B, int64_t ldb,
                       float *C, int64_t ldc, bool acc) {
    float bp[KC * NR];
    for (int64_t pc = 0; pc < K || (pc == 0 && K == 0); pc += KC) {
        int64_t kc = K - pc < KC ? K - pc : KC;
        for (int64_t k = 0; k < kc; k++) {
            const float *src = B + (pc + k) * ldb;
            float *dst = bp + k * NR;
            int64_t j = 0;
            for (; j < nr; j++) dst[j] = src[j];
            for (; j < NR; j++) dst[j] = 0.0f;
        }
        bool first = pc == 0 && !acc;
        for (int64_t i = 0; i < M; i += MR) {
            int64_t mr = M - i < MR ? M - i : MR;
            const float *a[MR];
            for (int64_t r = 0; r < MR; r++) a[r] = A + (i + (r < mr ? r : 0)) * lda + pc;
            float ct[MR][NR];
            for (int64_t r = 0; r < MR; r++)
                for (int64_t j = 0; j < NR; j++) ct[r][j] = (!first && r < mr && j < nr) ? C[(i + r) * ldc + j] : 0.0f;
            v8 c00 = ld8(ct[0]), c01 = ld8(ct[0] + 8), c10 = ld8(ct[1]), c11 = ld8(ct[1] + 8);
            v8 c20 = ld8(ct[2]), c21 = ld8(ct[2] + 8), c30 = ld8(ct[3]), c31 = ld8(ct[3] + 8);
            v8 c40 = ld8(ct[4]), c41 = ld8(ct[4] + 8), c50 = ld8(ct[5]), c51 = ld8(ct[5] + 8);
            for (int64_t k = 0; k < kc; k++) {
                v8 b0 = ld8(bp + k * NR), b1 = ld8(bp + k * NR + 8);
                v8 x;
                x = (v8){0} + a[0][k];
                c00 += x * b0;
                c01 += x * b1;
                x = (v8){0} + a[1][k];
                c10 += x * b0;
                c11 += x * b1;
                x = (v8){0} + a[2][k];
                c20 += x * b0;
                c21 += x * b1;
                x = (v8){0} + a[3][k];
                c30 += x * b0;
                c31 += x * b1;
                x = (v8){0} + a[4][k];
                c40 += x * b0;
                c41 += x * b1;
                x = (v8){0} + a[5][k];
                c50 += x * b0;
                c51 += x * b1;
            }
            st8(ct[0], c00);
            st8(ct[0] + 8, c01);
            st8(ct[1], c10);
            st8(ct[1] + 8, c11);
            st8(ct[2], c20);
            st8(ct[2] + 8, c21);
            st8(ct[3], c30);
            st8(ct[3] + 8, c31);
            st8(ct[4], c40);
            st8(ct[4] + 8, c41);
            st8(ct[5], c50);
            st8(ct[5] + 8, c51);
            for (int64_t r = 0; r < mr; r++)
                for (int64_t j = 0; j < nr; j++) C[(i + r) * ldc + j] = ct[r][j];
        }
        if (K == 0) break;
    }
}

int nf_gemm_team(int64_t N, int nthreads) {
    const int64_t npanels = (N + NR - 1) / NR;
    return nthreads < 2 || npanels < 2 ? 1 : npanels < nthreads ? (int)npanels : nthreads;
}

void nf_gemm(int64_t M, int64_t N, int64_t K, const float *A, int64_t lda, const float *B, int64_t ldb, float *C,
             int64_t ldc, bool acc, int nthreads) {
    if (M <= 0 || N <= 0) return;
    int64_t npanels = (N + NR - 1) / NR;
    double work = (double)M * (double)N * (double)K;
    const int nt = work > 4e6 ? nf_gemm_team(N, nthreads) : 1;
    (void)nt;
#ifdef _OPENMP
#pragma omp parallel for schedule(static) num_threads(nt) if (nt > 1)
#endif
    for (int64_t p = 0; p < npanels; p++) {
        int64_t j = p * NR;
        int64_t nr = N - j < NR ? N - j : NR;
        gemm_panel(M, nr, K, A, lda, B + j, ldb, C + j, ldc, acc);
    }
}
