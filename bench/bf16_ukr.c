/* bf16_ukr.c - the raw 6x64 microkernels, bf16 pairs (VDPBF16PS) against
 * f32 (FMA), on the same real k (a pair is two k), 1 thread, runs
 * alternated (build/bench_bf16_ukr):
 *   peak   24 independent chains of each instruction (throughput)
 *   tile   one 6x64 tile over k, A and B hot in L1/L2, called repeatedly
 *   block  the engine's macro-kernel without packing: an MC x K block of A
 *          (read in place) times NC/64 packed micro-panels, strip by strip,
 *          C written (no add, no epilogue: a first K block)
 * Skipped where the CPU lacks AVX512_BF16. GFLOP/s count 2 flops per
 * multiply-add of real k, so both kernels are on one scale.
 *   bench_bf16_ukr [--rounds N] [--k K] [--mc MC] [--nc NC] */
#include <immintrin.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cpu/kernels.h"

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

#define R24(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) \
    X(12) X(13) X(14) X(15) X(16) X(17) X(18) X(19) X(20) X(21) X(22) X(23)

__attribute__((target("avx512f"), noinline)) static double peak_fma(long iters) {
    const __m512 a = _mm512_set1_ps(1.0000001f), b = _mm512_set1_ps(0.9999999f);
#define D(i) __m512 c##i = _mm512_set1_ps((float)i);
#define F(i) c##i = _mm512_fmadd_ps(c##i, a, b);
#define S(i) s = _mm512_add_ps(s, c##i);
    R24(D)
    for (long it = 0; it < iters; it++) {
        R24(F)
        __asm__ volatile("" ::: "memory");
    }
    __m512 s = _mm512_setzero_ps();
    R24(S)
    volatile float sink = _mm512_reduce_add_ps(s);
    (void)sink;
    return (double)iters * 24 * 32;
}

__attribute__((target("avx512f,avx512bf16"), noinline)) static double peak_dp(long iters) {
    const __m512bh a = (__m512bh)_mm512_set1_epi32(0x3f803f80), b = (__m512bh)_mm512_set1_epi32(0x3f803f80);
#define G(i) c##i = _mm512_dpbf16_ps(c##i, a, b);
    R24(D)
    for (long it = 0; it < iters; it++) {
        R24(G)
        __asm__ volatile("" ::: "memory");
    }
    __m512 s = _mm512_setzero_ps();
    R24(S)
    volatile float sink = _mm512_reduce_add_ps(s);
    (void)sink;
    return (double)iters * 24 * 64; /* 16 lanes x 2 products x 2 flops */
}

typedef struct job {
    const cpu_kernel_set *ks;
    int64_t k; /* kernel k steps (pairs for bf16) */
    int64_t mc, nc;
    const float *A, *B; /* A: mc x k (4-byte elements), B: nc/64 panels of k x 64 */
    float *C;
} job;

static double run_block(const job *j) {
    for (int64_t q = 0; q < j->nc / 64; q++)
        for (int64_t i = 0; i < j->mc; i += 6) {
            cpu_ukr u = {.k = j->k, .a = j->A + i * j->k, .a_rs = j->k, .b = j->B + q * j->k * 64,
                         .c = j->C + i * j->nc + q * 64, .c_rs = j->nc, .m = 6, .n = 64};
            j->ks->gemm(&u);
        }
    return 2.0 * (double)j->mc * (double)j->nc * (double)j->k * (j->ks->pairs ? 2 : 1);
}

static double run_tile(const job *j) {
    cpu_ukr u = {.k = j->k, .a = j->A, .a_rs = j->k, .b = j->B, .c = j->C, .c_rs = 64, .m = 6, .n = 64};
    for (int r = 0; r < 16; r++) j->ks->gemm(&u);
    return 16 * 2.0 * 6 * 64 * (double)j->k * (j->ks->pairs ? 2 : 1);
}

/* GFLOP/s of one sample of >= 20 ms */
static double sample(double (*fn)(const job *), const job *j) {
    double fl = 0, t0 = now(), t;
    do fl += fn(j);
    while ((t = now() - t0) < 0.02);
    return fl / t * 1e-9;
}

static int cmpd(const void *a, const void *b) {
    const double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    int rounds = 9;
    int64_t K = 512, MC = 96, NC = 256;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--rounds")) rounds = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--k")) K = atoll(argv[i + 1]);
        else if (!strcmp(argv[i], "--mc")) MC = atoll(argv[i + 1]);
        else if (!strcmp(argv[i], "--nc")) NC = atoll(argv[i + 1]);
    }
    if (rounds > 63) rounds = 63;
    K &= ~(int64_t)1, MC = MC / 6 * 6, NC = NC / 64 * 64;
    if (!cpu_isa_supported(CPU_ISA_AVX512BF16)) {
        printf("skipped: no AVX512_BF16 on this CPU\n");
        return 0;
    }
    const size_t asz = (size_t)MC * K, bsz = (size_t)NC * K, csz = (size_t)MC * NC;
    float *A = aligned_alloc(64, asz * 4), *B = aligned_alloc(64, bsz * 4), *C = aligned_alloc(64, csz * 4);
    uint16_t *Ah = (uint16_t *)A, *Bh = (uint16_t *)B;
    /* f32 data in [0.5, 1); bf16 data: the same values' upper halves (the
     * pair kernel reads half of each buffer) */
    for (size_t i = 0; i < asz; i++) A[i] = 0.5f + (float)(i % 97) / 200.0f;
    for (size_t i = 0; i < bsz; i++) B[i] = 0.5f + (float)(i % 89) / 200.0f;
    uint16_t *Ab = aligned_alloc(64, asz * 2), *Bb = aligned_alloc(64, bsz * 2);
    for (size_t i = 0; i < asz; i++) Ab[i] = Ah[2 * i + 1];
    for (size_t i = 0; i < bsz; i++) Bb[i] = Bh[2 * i + 1];
    const job f32 = {&cpu_kset_avx512_6x64, K, MC, NC, A, B, C};
    const job bf = {&cpu_kset_avx512bf16_6x64, K / 2, MC, NC, (const float *)(void *)Ab, (const float *)(void *)Bb, C};
    printf("# raw 6x64 kernels, 1 thread, real k = %lld (bf16: %lld pairs), %d alternated rounds of 20 ms\n",
           (long long)K, (long long)K / 2, rounds);
    {
        double pf[63], pb[63];
        for (int r = 0; r < rounds; r++) {
            double t0 = now(), fl = peak_fma(2000000);
            pf[r] = fl / (now() - t0) * 1e-9;
            t0 = now(), fl = peak_dp(2000000);
            pb[r] = fl / (now() - t0) * 1e-9;
        }
        qsort(pf, (size_t)rounds, sizeof *pf, cmpd), qsort(pb, (size_t)rounds, sizeof *pb, cmpd);
        printf("peak   FMA (f32) med %7.1f max %7.1f   VDPBF16PS med %7.1f max %7.1f GFLOP/s   ratio(max) %.2f\n",
               pf[rounds / 2], pf[rounds - 1], pb[rounds / 2], pb[rounds - 1], pb[rounds - 1] / pf[rounds - 1]);
    }
    static const char *const names[] = {"tile", "block"};
    double (*const fns[])(const job *) = {run_tile, run_block};
    for (int w = 0; w < 2; w++) {
        double sf[63], sb[63];
        sample(fns[w], &f32), sample(fns[w], &bf); /* warm */
        for (int r = 0; r < rounds; r++) sf[r] = sample(fns[w], &f32), sb[r] = sample(fns[w], &bf);
        qsort(sf, (size_t)rounds, sizeof *sf, cmpd), qsort(sb, (size_t)rounds, sizeof *sb, cmpd);
        printf("%-6s f32 med %7.1f max %7.1f   bf16 med %7.1f max %7.1f GFLOP/s   bf16/f32 med %.2f max %.2f",
               names[w], sf[rounds / 2], sf[rounds - 1], sb[rounds / 2], sb[rounds - 1], sb[rounds / 2] / sf[rounds / 2],
               sb[rounds - 1] / sf[rounds - 1]);
        if (w == 1) printf("   (MC %lld, NC %lld)", (long long)MC, (long long)NC);
        printf("\n");
    }
    free(A), free(B), free(C), free(Ab), free(Bb);
    return 0;
}
