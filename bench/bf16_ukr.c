/* bf16_ukr.c - the raw microkernels, bf16 pairs against f32 (FMA) on the
 * same real k (a pair is two k), 1 thread, runs alternated
 * (build/bench_bf16_ukr): the f32 and AVX512_BF16 (VDPBF16PS) 6x64 kernels
 * and, where cpu_amx_usable(), the AMX-BF16 (TDPBF16PS) 32x32 and 16x64:
 *   peak   independent chains of each instruction (throughput): 24 FMA or
 *          VDPBF16PS, 4 TDPBF16PS on tiles loaded once
 *   tile   one MR x NR tile over k, A and B hot in L1/L2, called repeatedly
 *   block  the engine's macro-kernel without packing: an MC x K block of A
 *          (read in place) times NC/NR packed micro-panels, MR-row strips
 *          outer and panels inner as gemm.c's loops 2 and 1 run them, C
 *          written (no add, no epilogue: a first K block)
 * Skipped where the CPU lacks AVX512_BF16. GFLOP/s count 2 flops per
 * multiply-add of real k, so all kernels are on one scale; ratios are to
 * the f32 kernel's median of the same rounds. Time is the thread's CPU
 * time. AMX's speed depends on the data (power: all-zero tiles run
 * faster), so the peak loop multiplies the same values as the kernels.
 * --lda: A's row stride in real k (default K): the row stride of a larger
 * A read in place, e.g. 4096 (rows 8 KiB apart in bf16: every row of an
 * AMX tile in one L1 set).
 *   bench_bf16_ukr [--rounds N] [--k K] [--mc MC] [--nc NC] [--lda LDA] */
#include <immintrin.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cpu/kernels/kernels.h"

/* the thread's CPU time: on a shared VM a sample preempted by another
 * process does not count the time it waited (cache and sibling-thread
 * interference still do) */
static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
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

/* 4 TDPBF16PS chains (C tiles 0-3, A tile 4, B tiles 6, 7 loaded once
 * from the kernels' data) */
__attribute__((target("amx-tile,amx-bf16"), noinline)) static double peak_tdp(long iters, const void *a,
                                                                             const void *b) {
    cpu_amx_tilecfg cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.palette = 1;
    for (int t = 0; t < 8; t++) cfg.rows[t] = 16, cfg.colsb[t] = 64;
    _tile_loadconfig(&cfg);
    _tile_zero(0);
    _tile_zero(1);
    _tile_zero(2);
    _tile_zero(3);
    _tile_loadd(4, a, 64);
    _tile_loadd(6, b, 128);
    _tile_loadd(7, (const char *)b + 64, 128);
    for (long it = 0; it < iters; it++) {
        _tile_dpbf16ps(0, 4, 6);
        _tile_dpbf16ps(1, 4, 7);
        _tile_dpbf16ps(2, 4, 6);
        _tile_dpbf16ps(3, 4, 7);
    }
    _tile_release();
    cpu_amx_forget_config();
    return (double)iters * 4 * 16 * 16 * 32 * 2;
}

typedef struct job {
    const cpu_kernel_set *ks;
    int64_t k, lda; /* kernel k steps (pairs for bf16), A's row stride in them */
    int64_t mc, nc;
    const float *A, *B; /* A: mc x k (4-byte elements), B: nc/NR panels of k x NR */
    float *C;
} job;

static double run_block(const job *j) {
    const int mr = j->ks->mr, nr = j->ks->nr;
    for (int64_t i = 0; i < j->mc; i += mr)
        for (int64_t q = 0; q < j->nc / nr; q++) {
            cpu_ukr u = {.k = j->k, .a = j->A + i * j->lda, .a_rs = j->lda, .b = j->B + q * j->k * nr,
                         .c = j->C + i * j->nc + q * nr, .c_rs = j->nc, .m = mr, .n = nr};
            j->ks->gemm(&u);
        }
    return 2.0 * (double)j->mc * (double)j->nc * (double)j->k * (j->ks->pairs ? 2 : 1);
}

static double run_tile(const job *j) {
    const int mr = j->ks->mr, nr = j->ks->nr;
    cpu_ukr u = {.k = j->k, .a = j->A, .a_rs = j->lda, .b = j->B, .c = j->C, .c_rs = nr, .m = mr, .n = nr};
    for (int r = 0; r < 16; r++) j->ks->gemm(&u);
    return 16 * 2.0 * mr * nr * (double)j->k * (j->ks->pairs ? 2 : 1);
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
    int64_t K = 512, MC = 96, NC = 256, LDA = 0;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--rounds")) rounds = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--k")) K = atoll(argv[i + 1]);
        else if (!strcmp(argv[i], "--mc")) MC = atoll(argv[i + 1]);
        else if (!strcmp(argv[i], "--nc")) NC = atoll(argv[i + 1]);
        else if (!strcmp(argv[i], "--lda")) LDA = atoll(argv[i + 1]);
    }
    if (rounds > 63) rounds = 63;
    if (rounds < 1) rounds = 1;
    /* MC a multiple of every MR (6, 16, 32), NC of every NR */
    K &= ~(int64_t)1, MC = MC / 96 * 96, NC = NC / 64 * 64;
    if (MC < 96) MC = 96;
    if (NC < 64) NC = 64;
    if (LDA < K) LDA = K;
    LDA &= ~(int64_t)1;
    if (!cpu_isa_supported(CPU_ISA_AVX512BF16)) {
        printf("skipped: no AVX512_BF16 on this CPU\n");
        return 0;
    }
    const bool amx = cpu_amx_usable();
    const size_t asz = (size_t)MC * LDA, bsz = (size_t)NC * K, csz = (size_t)MC * NC;
    float *A = aligned_alloc(64, asz * 4), *B = aligned_alloc(64, bsz * 4), *C = aligned_alloc(64, csz * 4);
    uint16_t *Ah = (uint16_t *)A, *Bh = (uint16_t *)B;
    /* f32 data in [0.5, 1); bf16 data: the same values' upper halves (the
     * pair kernels read half of each buffer; a panel of NR pairs a row is
     * as many bytes for any NR, so one buffer serves every shape) */
    for (size_t i = 0; i < asz; i++) A[i] = 0.5f + (float)(i % 97) / 200.0f;
    for (size_t i = 0; i < bsz; i++) B[i] = 0.5f + (float)(i % 89) / 200.0f;
    uint16_t *Ab = aligned_alloc(64, asz * 2), *Bb = aligned_alloc(64, bsz * 2);
    for (size_t i = 0; i < asz; i++) Ab[i] = Ah[2 * i + 1];
    for (size_t i = 0; i < bsz; i++) Bb[i] = Bh[2 * i + 1];
    const float *Abf = (const float *)(void *)Ab, *Bbf = (const float *)(void *)Bb;
    const job jobs[] = {
        {&cpu_kset_avx512_6x64, K, LDA, MC, NC, A, B, C},
        {&cpu_kset_avx512bf16_6x64, K / 2, LDA / 2, MC, NC, Abf, Bbf, C},
        {&cpu_kset_amx_bf16, K / 2, LDA / 2, MC, NC, Abf, Bbf, C},
        {&cpu_kset_amx_bf16_16x64, K / 2, LDA / 2, MC, NC, Abf, Bbf, C},
    };
    const int njobs = amx ? 4 : 2;
    printf("# raw kernels, 1 thread, real k = %lld (bf16: %lld pairs), A rows %lld apart, %d alternated rounds of 20 ms%s\n",
           (long long)K, (long long)K / 2, (long long)LDA, rounds, amx ? "" : " (no AMX here)");
    {
        double pf[63], pb[63], pt[63];
        for (int r = 0; r < rounds; r++) {
            double t0 = now(), fl = peak_fma(2000000);
            pf[r] = fl / (now() - t0) * 1e-9;
            t0 = now(), fl = peak_dp(2000000);
            pb[r] = fl / (now() - t0) * 1e-9;
            if (amx) t0 = now(), fl = peak_tdp(500000, Ab, Bb), pt[r] = fl / (now() - t0) * 1e-9;
        }
        qsort(pf, (size_t)rounds, sizeof *pf, cmpd), qsort(pb, (size_t)rounds, sizeof *pb, cmpd);
        printf("peak   FMA (f32) med %7.1f max %7.1f   VDPBF16PS med %7.1f max %7.1f GFLOP/s   ratio(max) %.2f\n",
               pf[rounds / 2], pf[rounds - 1], pb[rounds / 2], pb[rounds - 1], pb[rounds - 1] / pf[rounds - 1]);
        if (amx) {
            qsort(pt, (size_t)rounds, sizeof *pt, cmpd);
            printf("peak   TDPBF16PS med %7.1f max %7.1f GFLOP/s   ratio(max) to FMA %.2f\n", pt[rounds / 2],
                   pt[rounds - 1], pt[rounds - 1] / pf[rounds - 1]);
        }
    }
    static const char *const names[] = {"tile", "block"};
    double (*const fns[])(const job *) = {run_tile, run_block};
    for (int w = 0; w < 2; w++) {
        double s[4][63];
        for (int x = 0; x < njobs; x++) sample(fns[w], &jobs[x]); /* warm */
        for (int r = 0; r < rounds; r++)
            for (int x = 0; x < njobs; x++) s[x][r] = sample(fns[w], &jobs[x]);
        for (int x = 0; x < njobs; x++) qsort(s[x], (size_t)rounds, sizeof *s[x], cmpd);
        for (int x = 0; x < njobs; x++) {
            printf("%-6s %-24s med %7.1f max %7.1f GFLOP/s", names[w], jobs[x].ks->name, s[x][rounds / 2],
                   s[x][rounds - 1]);
            if (x > 0) printf("   /f32 med %.2f max %.2f", s[x][rounds / 2] / s[0][rounds / 2], s[x][rounds - 1] / s[0][rounds - 1]);
            if (w == 1 && x == 0) printf("   (MC %lld, NC %lld)", (long long)MC, (long long)NC);
            printf("\n");
        }
    }
    free(A), free(B), free(C), free(Ab), free(Bb);
    return 0;
}
