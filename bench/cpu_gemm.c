/* cpu_gemm.c - benchmark of the cpu engine (build/bench_cpu_gemm): GFLOP/s
 * and % of the measured FMA peak for the shapes and ops (gemm,
 * bias_relu = relu(XW + bias), residual = XW + D; bias_gelu on request) at
 * 1 and 2 threads, with
 * pre-packed weights (packed once, untimed) and the blocking chosen once.
 *
 *   bench_cpu_gemm [--threads 1,2] [--ops gemm,bias_relu,residual,bias_gelu]
 *                  [--shapes 512x3072x768,...] [--big] [--min-ms 20]
 *                  [--kc N] [--nc N] [--mc N]     (override the blocking)
 *                  [--sweep KC:NC:MC:TM[:AHEAD[:MRxNR]],...] (variants, 0 = as chosen,
 *                                                   timed interleaved; AHEAD 1/2:
 *                                                   next B block brought in or not;
 *                                                   MRxNR: that kernel set of the ISA,
 *                                                   B packed for each variant)
 *                  [--samples N]                   (samples per variant, max 63)
 *                  [--plan]                        (print the blockings)
 *
 * SPADC_ISA picks the ISA as for the engine. Timing: 2 warm-up calls, then
 * >= 7 samples of >= min-ms each (calls batched); min and median reported.
 * Inputs stay cache-warm between calls (as the peers harness does). The
 * peak is a 24-chain FMA loop per thread on this ISA's widest vectors. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif
#include <immintrin.h>

#include "cpu/cpu.h"
#include "cpu/kernels/kernels.h"

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* ------------------------------------------------------------ peak */

/* Named accumulators (an array would live in memory at -O2). */
#define R8(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7)
#define R12(X) R8(X) X(8) X(9) X(10) X(11)
#define R24(X) R12(X) X(12) X(13) X(14) X(15) X(16) X(17) X(18) X(19) X(20) X(21) X(22) X(23)

__attribute__((target("avx512f"))) static double fma_loop_avx512(long iters) {
    const __m512 a = _mm512_set1_ps(1.0000001f), b = _mm512_set1_ps(0.9999999f);
#define D5(i) __m512 c##i = _mm512_set1_ps((float)i);
#define F5(i) c##i = _mm512_fmadd_ps(c##i, a, b);
#define S5(i) s = _mm512_add_ps(s, c##i);
    R24(D5)
    for (long it = 0; it < iters; it++) {
        R24(F5)
        __asm__ volatile("" ::: "memory");
    }
    __m512 s = _mm512_setzero_ps();
    R24(S5)
    volatile float sink = _mm512_reduce_add_ps(s);
    (void)sink;
    return (double)iters * 24 * 32; /* flops */
}

/* 12 chains: AVX2 has 16 ymm registers */
__attribute__((target("avx2,fma"))) static double fma_loop_avx2(long iters) {
    const __m256 a = _mm256_set1_ps(1.0000001f), b = _mm256_set1_ps(0.9999999f);
#define D2(i) __m256 c##i = _mm256_set1_ps((float)i);
#define F2(i) c##i = _mm256_fmadd_ps(c##i, a, b);
#define S2(i) s = _mm256_add_ps(s, c##i);
    R12(D2)
    for (long it = 0; it < 2 * iters; it++) {
        R12(F2)
        __asm__ volatile("" ::: "memory");
    }
    __m256 s = _mm256_setzero_ps();
    R12(S2)
    float t[8];
    _mm256_storeu_ps(t, s);
    volatile float sink = t[0];
    (void)sink;
    return (double)iters * 24 * 16;
}

/* Best of 5 runs of ~0.2 s, all threads at once: flop/s for the team. */
static double peak(cpu_isa isa, int threads) {
    if (isa == CPU_ISA_GENERIC) return 0;
    double best = 0;
    for (int rep = 0; rep < 5; rep++) {
        const long iters = 4000000;
        double flops = 0;
        const double t0 = now();
#ifdef _OPENMP
#pragma omp parallel num_threads(threads) reduction(+ : flops)
#endif
        flops += isa == CPU_ISA_AVX512 ? fma_loop_avx512(iters) : fma_loop_avx2(iters);
        const double t = now() - t0;
        if (flops / t > best) best = flops / t;
    }
    (void)threads;
    return best;
}

/* -------------------------------------------------------------- runs */

typedef struct shape {
    long M, N, K;
} shape;

static int cmp_double(const void *a, const void *b) {
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Page-aligned, as the peers harness allocates: rows of C split between
 * threads then share no cache line (malloc's 16-byte alignment would make
 * every row's boundary line written by both threads). */
static float *alignedbuf(size_t n) {
    const size_t bytes = (n * sizeof(float) + 4095) / 4096 * 4096;
    return aligned_alloc(4096, bytes ? bytes : 4096);
}

static float *randbuf(size_t n) {
    float *p = alignedbuf(n);
    unsigned s = 12345;
    for (size_t i = 0; i < n; i++) {
        s = s * 1103515245u + 12345u;
        p[i] = (float)((s >> 8) & 0xffff) / 32768.0f - 1.0f;
    }
    return p;
}

#define MAXV 12
typedef struct variant {
    long kc, nc, mc;
    int ahead;
    int tm;
    int mr, nr; /* 0: the set the model picks */
} variant;

static void print_blocking(long M, long N, long K, int t, const cpu_blocking *b) {
    printf("# %ldx%ldx%ld t=%d: %s mr=%d nr=%d mc=%lld kc=%lld nc=%lld grid %dx%d est %.1f us; L2 %lld/%lld B,"
           " L1 %lld/%lld B;",
           M, N, K, t, b->kernel, b->mr, b->nr, (long long)b->mc, (long long)b->kc, (long long)b->nc, b->tm, b->tn,
           b->est_seconds * 1e6, (long long)b->footprint, (long long)b->budget, (long long)b->footprint_l1,
           (long long)b->budget_l1);
    for (uint32_t i = 0; i < b->nbufs; i++)
        printf(" L%d:%s %lldx%lld@%lld", b->bufs[i].level, b->bufs[i].name, (long long)b->bufs[i].rows,
               (long long)b->bufs[i].cols, (long long)b->bufs[i].offset);
    printf("\n");
}

static const char *const op_names[4] = {"gemm", "bias_relu", "residual", "bias_gelu"};

int main(int argc, char **argv) {
    int threads[4] = {1, 2}, nthr = 2;
    bool ops_on[4] = {true, true, true, false}, big = false, print_plan = false;
    double min_ms = 20;
    int nsamples = 0; /* 0: 11, or 5 for samples over 0.5 s */
    variant var[MAXV] = {{0}};
    int nvar = 1;
    shape shapes[16] = {{64, 64, 64}, {1, 4096, 4096}, {256, 1024, 1024}, {512, 3072, 768}, {512, 768, 3072}};
    int nshapes = 5;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : "";
        if (!strcmp(a, "--threads")) {
            nthr = 0;
            for (const char *p = v; *p && nthr < 4; p += strcspn(p, ",") + (p[strcspn(p, ",")] != 0))
                threads[nthr++] = atoi(p);
            i++;
        } else if (!strcmp(a, "--ops")) {
            for (int o = 0; o < 4; o++) ops_on[o] = strstr(v, op_names[o]) != NULL;
            i++;
        } else if (!strcmp(a, "--shapes")) {
            nshapes = 0;
            for (const char *p = v; *p && nshapes < 16; p += strcspn(p, ",") + (p[strcspn(p, ",")] != 0))
                if (sscanf(p, "%ldx%ldx%ld", &shapes[nshapes].M, &shapes[nshapes].N, &shapes[nshapes].K) == 3)
                    nshapes++;
            i++;
        } else if (!strcmp(a, "--big")) {
            big = true;
        } else if (!strcmp(a, "--plan")) {
            print_plan = true;
        } else if (!strcmp(a, "--min-ms")) {
            min_ms = atof(v), i++;
        } else if (!strcmp(a, "--samples")) {
            nsamples = atoi(v), i++;
            if (nsamples < 1 || nsamples > 63) nsamples = 0;
        } else if (!strcmp(a, "--kc")) {
            var[0].kc = atol(v), i++;
        } else if (!strcmp(a, "--nc")) {
            var[0].nc = atol(v), i++;
        } else if (!strcmp(a, "--mc")) {
            var[0].mc = atol(v), i++;
        } else if (!strcmp(a, "--sweep")) {
            nvar = 0;
            for (const char *p = v; *p && nvar < MAXV; p += strcspn(p, ",") + (p[strcspn(p, ",")] != 0)) {
                var[nvar] = (variant){0};
                sscanf(p, "%ld:%ld:%ld:%d:%d:%dx%d", &var[nvar].kc, &var[nvar].nc, &var[nvar].mc, &var[nvar].tm,
                       &var[nvar].ahead, &var[nvar].mr, &var[nvar].nr);
                nvar++;
            }
            i++;
        } else {
            fprintf(stderr, "usage: %s [--threads 1,2] [--ops gemm,bias_relu,residual,bias_gelu] [--shapes MxNxK,...] [--big]"
                            " [--min-ms MS] [--kc N] [--nc N] [--mc N] [--sweep KC:NC:MC:TM[:AHEAD],...] [--samples N] [--plan]\n",
                    argv[0]);
            return 2;
        }
    }
    if (big && nshapes < 16) shapes[nshapes++] = (shape){4096, 4096, 4096};

    sp_ctx ctx;
    sp_ctx_init(&ctx, NULL);
    cpu_isa isa;
    if (cpu_isa_active(&ctx, &isa) != SP_OK) {
        sp_print_error(&ctx, stderr);
        return 1;
    }
    const cpu_caches caches = cpu_caches_detect();
    printf("# spadc cpu engine, ISA %s; caches L1d %lld KiB, L2 %lld KiB, L3 %lld MiB, %d cpus\n", cpu_isa_name(isa),
           (long long)caches.l1d >> 10, (long long)caches.l2 >> 10, (long long)caches.l3 >> 20, caches.cores);
    double pk[4];
    for (int t = 0; t < nthr; t++) {
        pk[t] = peak(isa, threads[t]);
        printf("# peak %d thread(s): %.1f GFLOP/s\n", threads[t], pk[t] * 1e-9);
    }
    printf("%-9s %3s %-16s %9s %9s %7s  %s\n", "op", "thr", "MxNxK", "GF/s med", "GF/s max", "%peak", "blocking");
    for (int si = 0; si < nshapes; si++) {
        const long M = shapes[si].M, N = shapes[si].N, K = shapes[si].K;
        float *X = randbuf((size_t)M * K), *W = randbuf((size_t)K * N), *bias = randbuf((size_t)N);
        float *D = randbuf((size_t)M * N), *Y = alignedbuf((size_t)M * N);
        memset(Y, 0, (size_t)M * N * sizeof *Y);
        for (int t = 0; t < nthr; t++) {
            cpu_blocking blk[MAXV];
            cpu_packed *pws[MAXV] = {0}, *pw = NULL;
            for (int v = 0; v < nvar; v++) {
                const cpu_kernel_set *only = var[v].mr ? cpu_kernel_find(isa, var[v].mr, var[v].nr) : NULL;
                if (var[v].mr && !only) {
                    fprintf(stderr, "no kernel set %dx%d for ISA %s\n", var[v].mr, var[v].nr, cpu_isa_name(isa));
                    return 1;
                }
                if ((only ? cpu_blocking_choose_set(&ctx, M, N, K, 1, threads[t], only, &caches, false, &blk[v])
                          : cpu_blocking_choose(&ctx, M, N, K, 1, threads[t], isa, &caches, false, &blk[v])) != SP_OK) {
                    sp_print_error(&ctx, stderr);
                    return 1;
                }
                if (var[v].kc) blk[v].kc = var[v].kc;
                if (var[v].nc) blk[v].nc = var[v].nc;
                if (var[v].mc) blk[v].mc = var[v].mc;
                if (var[v].ahead) blk[v].rhs_ahead = var[v].ahead == 1;
                if (var[v].tm) blk[v].tm = var[v].tm, blk[v].tn = threads[t] / var[v].tm, blk[v].nthreads = threads[t];
                if (print_plan) print_blocking(M, N, K, threads[t], &blk[v]);
            }
            for (int v = 0; v < nvar; v++)
                if (cpu_pack_b(&ctx, &blk[v], K, N, 1, W, CPU_F32, N, 1, 0, &pws[v]) != SP_OK) {
                    sp_print_error(&ctx, stderr);
                    return 1;
                }
            pw = pws[0];
            for (int op = 0; op < 4; op++) {
                if (!ops_on[op]) continue;
                cpu_epilogue e = {.nregs = 2};
                if (op == 1) {
                    e.noperands = 1;
                    e.operands[0] = (cpu_operand){bias, 0, 1};
                    e.insn[0] = (cpu_epi_insn){.op = CPU_EPI_LOAD, .dst = 1, .a = 0};
                    e.insn[1] = (cpu_epi_insn){.op = CPU_EPI_ADD, .dst = 0, .a = 0, .b = 1};
                    e.insn[2] = (cpu_epi_insn){.op = CPU_EPI_RELU, .dst = 0, .a = 0};
                    e.ninsn = 3;
                } else if (op == 3) { /* GELU (tanh form) runs in the vector interpreter */
                    e.noperands = 1;
                    e.operands[0] = (cpu_operand){bias, 0, 1};
                    e.insn[0] = (cpu_epi_insn){.op = CPU_EPI_LOAD, .dst = 1, .a = 0};
                    e.insn[1] = (cpu_epi_insn){.op = CPU_EPI_ADD, .dst = 0, .a = 0, .b = 1};
                    e.insn[2] = (cpu_epi_insn){.op = CPU_EPI_GELU_TANH, .dst = 0, .a = 0};
                    e.ninsn = 3;
                } else if (op == 2) {
                    e.noperands = 1;
                    e.operands[0] = (cpu_operand){D, N, 1};
                    e.insn[0] = (cpu_epi_insn){.op = CPU_EPI_LOAD, .dst = 1, .a = 0};
                    e.insn[1] = (cpu_epi_insn){.op = CPU_EPI_ADD, .dst = 0, .a = 0, .b = 1};
                    e.ninsn = 2;
                }
                cpu_gemm_args g = {.M = M, .N = N, .K = K, .nbatch = 1, .A = X, .a_sm = K, .a_sk = 1,
                                   .packed_b = pw, .C = Y, .c_sm = N, .c_sn = 1, .epi = op ? &e : NULL,
                                   .nthreads = threads[t]};
                /* warm-up, and a batch size giving >= min_ms per sample */
                double t0 = now();
                for (int v = 0; v < nvar; v++) {
                    g.blocking = &blk[v], g.packed_b = pws[v];
                    for (int w = 0; w < 2; w++)
                        if (cpu_gemm(&ctx, &g) != SP_OK) {
                            sp_print_error(&ctx, stderr);
                            return 1;
                        }
                }
                const double one = (now() - t0) / (2 * nvar);
                const long batch = one > 0 ? (long)(min_ms * 1e-3 / one) + 1 : 1;
                /* samples: variants interleaved round by round, so a
                 * disturbance hits them alike */
                double sm[MAXV][63];
                const int ns = nsamples ? nsamples : one * batch > 0.5 ? 5 : 11;
                for (int r = 0; r < ns; r++)
                    for (int v = 0; v < nvar; v++) {
                        g.blocking = &blk[v], g.packed_b = pws[v];
                        t0 = now();
                        for (long b = 0; b < batch; b++) cpu_gemm(&ctx, &g);
                        sm[v][r] = (now() - t0) / (double)batch;
                    }
                for (int v = 0; v < nvar; v++) {
                    qsort(sm[v], (size_t)ns, sizeof(double), cmp_double);
                    const double flops = 2.0 * (double)M * (double)N * (double)K;
                    const double med = flops / sm[v][ns / 2], best = flops / sm[v][0];
                    char sh[32];
                    snprintf(sh, sizeof sh, "%ldx%ldx%ld", M, N, K);
                    printf("%-9s %3d %-16s %9.1f %9.1f %6.1f%%  %s kc=%lld nc=%lld mc=%lld %dx%d%s\n", op_names[op],
                           threads[t], sh, med * 1e-9, best * 1e-9, pk[t] > 0 ? 100.0 * med / pk[t] : 0.0,
                           blk[v].kernel, (long long)blk[v].kc, (long long)blk[v].nc, (long long)blk[v].mc, blk[v].tm,
                           blk[v].tn, blk[v].rhs_ahead ? " ahead" : "");
                }
                fflush(stdout);
            }
            for (int v = 0; v < nvar; v++) cpu_packed_free(&ctx, pws[v]);
        }
        free(X), free(W), free(bias), free(D), free(Y);
    }
    return 0;
}
