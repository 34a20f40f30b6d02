/* mlp3_inputs.h - what bench/mlp3.c (spadc) and bench/onednn/mlp3_onednn.c
 * (oneDNN) share for the 3-layer MLP of ../shared/peers/mlir22/src/
 * mlp3_main.mlir: its sizes, the inputs its @main generates (written in C),
 * the bit-exact checksum reference and the timing helpers, so that both
 * run the same problem the same way. Header-only (static functions). */
#ifndef SPADC_BENCH_MLP3_INPUTS_H
#define SPADC_BENCH_MLP3_INPUTS_H

#include <time.h>

enum { M = 256, K = 1024, N = 1024, REF_BITS = 1225640275 };
#define FLOPS (3.0 * 2 * M * N * K)

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* ((i*a + j*b + off) rem mod - mod/2) * s, as @main's linalg.generic computes it */
static float gen(int i, int j, int a, int b, int off, int mod, float s) {
    return (float)((i * a + j * b + off) % mod - mod / 2) * s;
}

static int cmp_double(const void *a, const void *b) {
    const double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* X (M x K), W[l] (K x N, row-major) and B[l] (N) of the three layers */
static void mlp3_inputs(float *X, float *const W[3], float *const B[3]) {
    for (int i = 0; i < M; i++)
        for (int k = 0; k < K; k++) X[i * K + k] = gen(i, k, 7, 3, 0, 17, 0.0625f);
    for (int l = 0; l < 3; l++) {
        for (int k = 0; k < K; k++)
            for (int n = 0; n < N; n++) W[l][k * N + n] = gen(k, n, 5, 11, 3 * l, 13, 0.015625f);
        for (int n = 0; n < N; n++) B[l][n] = gen(n, 0, 1, 0, l, 7, 0.03125f);
    }
}

#endif
