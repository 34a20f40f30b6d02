/* call_overhead.c - the C API's time per call on a small function, the
 * baseline bench/py_overhead.py measures the Python package against (issue
 * 19: prog(*arrays) within 5 us of spadc_program_run on a 64^3 GEMM).
 *
 *   build/bench_call_overhead FILE.mlir [--threads N] [--calls N] [--batches N] [--bind I,...]
 *
 * Compiles FILE's only function for the cpu, binds the arguments named by
 * --bind to their arrays (packed once), then times --batches batches of
 * --calls spadc_program_run calls over the same buffers (as a caller
 * reusing its arrays does) and prints one line: the best and the median
 * batch's time per call in microseconds. Arguments hold 0.5, so each run
 * computes something finite; nothing is checked (tests do that). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "spadc.h"

static double now_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    const char *path = NULL, *bind = "";
    int threads = 1, calls = 2000, batches = 15;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--threads") && i + 1 < argc) threads = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--calls") && i + 1 < argc) calls = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--batches") && i + 1 < argc) batches = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--bind") && i + 1 < argc) bind = argv[++i];
        else if (argv[i][0] != '-' && !path) path = argv[i];
        else {
            fprintf(stderr, "usage: %s FILE.mlir [--threads N] [--calls N] [--batches N] [--bind I,...]\n", argv[0]);
            return 2;
        }
    }
    if (!path || threads < 1 || calls < 1 || batches < 1 || batches > 1000) {
        fprintf(stderr, "usage: %s FILE.mlir [--threads N] [--calls N] [--batches N] [--bind I,...]\n", argv[0]);
        return 2;
    }
    spadc_ctx *ctx = spadc_ctx_new();
    spadc_module *m = NULL;
    spadc_program *p = NULL;
    spadc_options o = {.target = "cpu", .threads = threads, .time_kernels = 1};
    if (!ctx || spadc_read_file(ctx, path, &m) || spadc_compile(ctx, m, NULL, &o, &p)) {
        fprintf(stderr, "%s\n", ctx ? spadc_error(ctx) : "out of memory");
        return 1;
    }
    unsigned na = spadc_program_num_args(p), nr = spadc_program_num_results(p);
    const void **args = calloc(na ? na : 1, sizeof *args);
    void **res = calloc(nr ? nr : 1, sizeof *res);
    for (unsigned i = 0; i < na; i++) {
        size_t n = spadc_program_arg_bytes(p, i) / sizeof(float);
        float *a = malloc((n ? n : 1) * sizeof *a);
        for (size_t k = 0; k < n; k++) a[k] = 0.5f;
        args[i] = a;
    }
    for (unsigned r = 0; r < nr; r++) res[r] = calloc(1, spadc_program_result_bytes(p, r) + 1);
    for (const char *s = bind; *s;) {
        unsigned i = (unsigned)strtoul(s, (char **)&s, 10);
        if (i >= na || spadc_program_bind(p, i, args[i])) {
            fprintf(stderr, "--bind %u: %s\n", i, spadc_error(ctx));
            return 2;
        }
        if (*s == ',') s++;
        else if (*s) return 2;
    }
    for (int w = 0; w < calls / 10 + 1; w++) spadc_program_run(p, args, res); /* warm */
    double *t = malloc((size_t)batches * sizeof *t);
    for (int b = 0; b < batches; b++) {
        double t0 = now_s();
        for (int c = 0; c < calls; c++)
            if (spadc_program_run(p, args, res)) {
                fprintf(stderr, "%s\n", spadc_error(ctx));
                return 1;
            }
        t[b] = (now_s() - t0) / calls * 1e6;
    }
    qsort(t, (size_t)batches, sizeof *t, cmp_double);
    printf("c_api best_us %.3f median_us %.3f calls %d batches %d threads %d\n", t[0], t[batches / 2], calls,
           batches, threads);
    for (unsigned i = 0; i < na; i++) free((void *)args[i]);
    for (unsigned r = 0; r < nr; r++) free(res[r]);
    free(args);
    free(res);
    free(t);
    spadc_program_free(p);
    spadc_module_free(m);
    spadc_ctx_free(ctx);
    return 0;
}
