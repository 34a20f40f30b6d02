/* mlp3.c - the 3-layer MLP (256x1024 f32, three GEMM + bias + ReLU layers)
 * of ../shared/peers/mlir22/src/mlp3_main.mlir run end to end by spadc
 * through the public API (include/spadc.h), timed the way that file's @main
 * times MLIR 22 (one warm-up call, then REPS calls: seconds per call =
 * total / REPS), on the same deterministic inputs (the generators of its
 * @main, written in C), with the same checksum (the sequential row-major
 * f32 sum of the warm-up result; bit-exact reference: 1225640275).
 *
 *   bench_mlp3 FILE.mlir [--threads N] [--reps N] [--mode args|bound|both]
 *
 * mode args:  the weights are arguments of every call, as in MLIR's @main
 *             (the engine packs them in each call): the same problem.
 * mode bound: the weights and biases bound once (packed once, untimed), as
 *             a deployed model's constant weights.
 * Prints one line per mode:
 *   spadc mlp3 mode=args threads=1 reps=10 seconds_per_call=... GFLOPs=...
 *        median_GFLOPs=... checksum=... checksum_bits=... */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mlp3_inputs.h"

#include "spadc.h"

static int run_mode(spadc_ctx *ctx, spadc_module *m, int bound, int threads, int reps, float *const in[7], float *Y) {
    spadc_program *p = NULL;
    if (spadc_compile(ctx, m, "mlp3", &(spadc_options){.target = "cpu", .threads = threads}, &p) != SPADC_OK) {
        fprintf(stderr, "bench_mlp3: %s\n", spadc_error(ctx));
        return 1;
    }
    const void *args[7];
    for (int i = 0; i < 7; i++) args[i] = in[i];
    if (bound)
        for (unsigned i = 1; i < 7; i++) {
            if (spadc_program_bind(p, i, in[i]) != SPADC_OK) {
                fprintf(stderr, "bench_mlp3: %s\n", spadc_error(ctx));
                spadc_program_free(p);
                return 1;
            }
            args[i] = NULL;
        }
    void *res[1] = {Y};
    double *t = malloc(sizeof(double) * (size_t)reps);
    int rc = !t || spadc_program_run(p, args, res) != SPADC_OK; /* warm-up: the checksummed result */
    float sum = 0;
    for (size_t i = 0; !rc && i < (size_t)M * N; i++) sum += Y[i];
    const double t0 = now();
    for (int r = 0; !rc && r < reps; r++) {
        const double a = now();
        rc = spadc_program_run(p, args, res) != SPADC_OK;
        t[r] = now() - a;
    }
    const double per = (now() - t0) / reps;
    if (rc) {
        fprintf(stderr, "bench_mlp3: %s\n", spadc_error(ctx));
    } else {
        qsort(t, (size_t)reps, sizeof *t, cmp_double);
        union {
            float f;
            int i;
        } u = {sum};
        printf("spadc mlp3 mode=%s threads=%d reps=%d seconds_per_call=%.6f GFLOPs=%.1f median_GFLOPs=%.1f "
               "checksum=%.1f checksum_bits=%d%s\n",
               bound ? "bound" : "args", threads, reps, per, FLOPS / per * 1e-9, FLOPS / t[reps / 2] * 1e-9, (double)sum,
               u.i, u.i == REF_BITS ? " (bit-exact)" : "");
    }
    free(t);
    spadc_program_free(p);
    return rc;
}

int main(int argc, char **argv) {
    const char *file = NULL, *mode = "both";
    int threads = 1, reps = 10;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--threads") && i + 1 < argc)
            threads = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--reps") && i + 1 < argc)
            reps = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--mode") && i + 1 < argc)
            mode = argv[++i];
        else if (argv[i][0] != '-' && !file)
            file = argv[i];
        else
            file = NULL, i = argc;
    }
    if (!file || threads < 1 || reps < 1 || (strcmp(mode, "args") && strcmp(mode, "bound") && strcmp(mode, "both"))) {
        fprintf(stderr, "usage: bench_mlp3 FILE.mlir [--threads N] [--reps N] [--mode args|bound|both]\n");
        return 2;
    }
    float *X = malloc(sizeof(float) * M * K), *Y = malloc(sizeof(float) * M * N);
    float *W[3], *B[3];
    for (int l = 0; l < 3; l++) W[l] = malloc(sizeof(float) * K * N), B[l] = malloc(sizeof(float) * N);
    mlp3_inputs(X, W, B);
    float *const in[7] = {X, W[0], B[0], W[1], B[1], W[2], B[2]};

    spadc_ctx *ctx = spadc_ctx_new();
    spadc_module *m = NULL;
    int rc = 1;
    if (!ctx || spadc_read_file(ctx, file, &m) != SPADC_OK) {
        fprintf(stderr, "bench_mlp3: %s\n", ctx ? spadc_error(ctx) : "out of memory");
    } else {
        rc = 0;
        if (strcmp(mode, "bound")) rc |= run_mode(ctx, m, 0, threads, reps, in, Y);
        if (strcmp(mode, "args")) rc |= run_mode(ctx, m, 1, threads, reps, in, Y);
    }
    spadc_module_free(m);
    spadc_ctx_free(ctx);
    free(X), free(Y);
    for (int l = 0; l < 3; l++) free(W[l]), free(B[l]);
    return rc;
}
