/* test_cpu_amx.c - the AMX-BF16 pair kernels (sgemm_amx.c): one TDPBF16PS
 * against the portable model of it (cpu_bf16_amx_chunk: random, wide,
 * tiny, denormal and special values), each kernel set against its exact
 * reference cpu_sbgemm_amx_ref bit for bit (rows 1..MR, columns 1..NR, k
 * pairs from 0 with and without a tail chunk, every add kind, epilogue
 * programs and none, A and B ending at an unmapped page so that a read
 * past the rows or pairs the kernel may read faults), the many-row kernel
 * against per-strip calls, configurations switched between calls and
 * threads, and a small GEMM through pack_pairs against doubles. Skipped
 * (exit 0, with the reason) where cpu_amx_usable() is false. No timing. */
#include <float.h>
#include <immintrin.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cpu/cpu.h"
#include "cpu/kernels/kernels.h"
#include "test.h"

#define BITS_SEED 0x9e3779b97f4a7c15ull
#include "bits.h"

/* value classes: 0 in [-1, 1), 1 exponents over +-10, 2 tiny (products and
 * sums near FLT_MIN: the flushes), 3 with denormals, infinities and NaN */
static uint16_t rand_bf16(int cls) {
    float x = frand();
    switch (cls) {
    case 1: x = ldexpf(x, (int)(urand() % 21) - 10); break;
    case 2: x = ldexpf(x, -62 - (int)(urand() % 3)); break;
    case 3:
        switch (urand() % 40) {
        case 0: return (uint16_t)((urand() & 0x807f) | 1); /* denormal: read as 0 */
        case 1: return to_bf16(urand() % 2 ? INFINITY : -INFINITY);
        case 2: return to_bf16(NAN);
        default: break;
        }
        break;
    default: break;
    }
    return to_bf16(x);
}
static uint32_t rand_pair(int cls) { return rand_bf16(cls) | (uint32_t)rand_bf16(cls) << 16; }
static float rand_acc(int cls) {
    float x = frand() * 4;
    if (cls == 1) x = ldexpf(x, (int)(urand() % 21) - 10);
    if (cls == 2) x = ldexpf(x, -123);
    if (urand() % 8 == 0 && cls >= 2) x = float_of((uint32_t)urand() & 0x807fffffu); /* denormal */
    return x;
}

/* ----------------------------------------------- one instruction */


/* c (16 x 16 f32) += a (16 rows of kp pairs) x b (kp rows of 16 pairs) */
__attribute__((target("amx-tile,amx-bf16"), noinline)) static void hw_tdp(float *c, const uint32_t *a,
                                                                           const uint32_t *b, int kp) {
    cpu_amx_tilecfg cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.palette = 1;
    cfg.rows[0] = 16, cfg.colsb[0] = 64;
    cfg.rows[1] = 16, cfg.colsb[1] = (uint16_t)(4 * kp);
    cfg.rows[2] = (uint8_t)kp, cfg.colsb[2] = 64;
    _tile_loadconfig(&cfg);
    _tile_loadd(0, c, 64);
    _tile_loadd(1, a, 64);
    _tile_loadd(2, b, 64);
    _tile_dpbf16ps(0, 1, 2);
    _tile_stored(0, c, 64);
    _tile_release();
    cpu_amx_forget_config(); /* the kernels' configuration is gone */
}

static void test_chunk(void) {
    uint32_t a[16 * 16], b[16 * 16];
    float c[16 * 16], c0[16 * 16];
    int bad = 0, runs = 0;
    for (int t = 0; t < 2000; t++) {
        const int cls = t % 4, kp = t % 5 == 0 ? 1 + (int)(urand() % 16) : 16;
        for (int i = 0; i < 256; i++) a[i] = rand_pair(cls), b[i] = rand_pair(cls), c[i] = c0[i] = rand_acc(cls);
        if (t % 7 == 3) /* cancellation: the accumulator is minus the exact dot product */
            for (int i = 0; i < 16; i++) {
                double s = 0;
                for (int p = 0; p < kp; p++)
                    s += (double)from_bf16((uint16_t)a[i * 16 + p]) * from_bf16((uint16_t)b[p * 16 + i]) +
                         (double)from_bf16((uint16_t)(a[i * 16 + p] >> 16)) * from_bf16((uint16_t)(b[p * 16 + i] >> 16));
                c[i * 16 + i] = c0[i * 16 + i] = (float)-s;
            }
        hw_tdp(c, a, b, kp);
        for (int i = 0; i < 16; i++)
            for (int j = 0; j < 16; j++) {
                const float want = cpu_bf16_amx_chunk(c0[i * 16 + j], a + i * 16, 1, b + j, 16, kp);
                runs++;
                if (!same_or_nan(c[i * 16 + j], want) && bad++ < 5)
                    fprintf(stderr, "  tdpbf16ps class %d kp %d (%d, %d): %a, model %a\n", cls, kp, i, j,
                            c[i * 16 + j], want);
            }
    }
    printf("tdpbf16ps: %d elements against the model\n", runs);
    CHECK_EQ_INT(bad, 0);
}

/* -------------------------------------------------- microkernel */

enum { KPMAX = 300, ARS = 1024 /* pairs: rows 4 KiB apart */, CRS = 2 * CPU_NR_MAX };

/* n bytes ending at an unmapped page (a read past them faults) */
typedef struct guarded {
    char *map;
    size_t len;
} guarded;
static void *guard_alloc(guarded *g, size_t n) {
    const size_t pg = (size_t)sysconf(_SC_PAGESIZE);
    g->len = (n + pg - 1) / pg * pg + pg;
    g->map = mmap(NULL, g->len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (g->map == MAP_FAILED) abort();
    mprotect(g->map + g->len - pg, pg, PROT_NONE);
    return g->map + g->len - pg - n;
}
static void guard_free(guarded *g) { munmap(g->map, g->len); }


static int run_case(const cpu_kernel_set *ks, cpu_ukr *u) {
    float c1[CPU_MR_MAX * CRS], c2[CPU_MR_MAX * CRS];
    for (size_t i = 0; i < SP_ARRAY_LEN(c1); i++) c1[i] = c2[i] = 1234.5f;
    u->c = c1, u->c_rs = CRS;
    ks->gemm(u);
    u->c = c2;
    cpu_sbgemm_amx_ref(u, ks->nr);
    int bad = 0;
    for (size_t i = 0; i < SP_ARRAY_LEN(c1); i++) /* outside m x n too: untouched */
        if (!same_or_nan(c1[i], c2[i]) && bad++ < 3)
            fprintf(stderr, "  %s m=%d n=%d kp=%lld add %p/%lld/%lld epi %d: [%zu] %a vs %a\n", ks->name, u->m, u->n,
                    (long long)u->k, (const void *)u->add, (long long)u->add_rs, (long long)u->add_cs,
                    u->epi ? (int)u->epi->kind : -1, i, c1[i], c2[i]);
    return bad;
}

static void test_kernel(const cpu_kernel_set *ks) {
    const int mr = ks->mr, nr = ks->nr;
    static epi_fixture f; /* (static: 8 KiB of add tile) */
    epi_fixture_init(&f);
    const float *add = f.add, *bias = f.bias;
    const cpu_epi_prog pr = f.pr, pg = f.pg;
    CHECK_EQ_INT(pr.kind, CPU_EPI_KIND_RELU);
    CHECK_EQ_INT(pg.kind, CPU_EPI_KIND_GENERAL);
    static const int ms[] = {1, 2, 5, 15, 16, 17, 31, 32};
    static const int ns[] = {1, 15, 16, 17, 31, 32, 33, 48, 64};
    static const int64_t kps[] = {0, 1, 15, 16, 17, 33, 300};
    int bad = 0, runs = 0;
    for (int cls = 0; cls < 4; cls++) {
        for (size_t mi = 0; mi < SP_ARRAY_LEN(ms); mi++) {
            const int m = ms[mi];
            if (m > mr) continue;
            /* A: m rows of ARS pairs, the last row's KPMAX pairs ending at
             * the guard; B: KPMAX rows of the panel ending at it */
            guarded ga, gb, gadd;
            uint32_t *A = guard_alloc(&ga, ((size_t)(m - 1) * ARS + KPMAX) * 4);
            for (int i = 0; i < m; i++)
                for (int p = 0; p < KPMAX; p++) A[i * ARS + p] = rand_pair(cls);
            for (size_t ni = 0; ni < SP_ARRAY_LEN(ns); ni++) {
                const int n = ns[ni];
                if (n > nr) continue;
                for (size_t ki = 0; ki < SP_ARRAY_LEN(kps); ki++) {
                    const int64_t kp = kps[ki];
                    if (cls && kp == 300 && ni % 3) continue; /* enough of them */
                    uint32_t *B = guard_alloc(&gb, (size_t)(kp > 0 ? kp : 1) * nr * 4);
                    for (int64_t i = 0; i < (kp > 0 ? kp : 1) * nr; i++) B[i] = i % nr < n ? rand_pair(cls) : 0;
                    /* an add tile whose last element (m-1, n-1) ends at the guard */
                    float *addg = guard_alloc(&gadd, ((size_t)(m - 1) * 2 * CPU_NR_MAX + n) * 4);
                    for (int i = 0; i < m; i++)
                        for (int j = 0; j < n; j++) addg[i * 2 * CPU_NR_MAX + j] = rand_acc(cls);
                    for (int addk = 0; addk < 5; addk++)
                        for (int epik = 0; epik < 3; epik++) {
                            if (cls && (epik == 2 || addk == 2)) continue;
                            cpu_ukr u = {.k = kp, .a = (const float *)(const void *)A, .a_rs = ARS,
                                         .b = (const float *)(const void *)B, .m = m, .n = n, .m0 = 2, .n0 = 5};
                            switch (addk) {
                            case 1: u.add = addg, u.add_rs = 2 * CPU_NR_MAX, u.add_cs = 1; break; /* a tile */
                            case 2: u.add = add, u.add_rs = 1, u.add_cs = 5; break;               /* gathered */
                            case 3: u.add = bias, u.add_rs = 0, u.add_cs = 1; break;              /* bias row */
                            case 4: u.add = bias + CPU_NR_MAX - n, u.add_rs = 0, u.add_cs = 1; break; /* ends at n */
                            default: break;
                            }
                            u.epi = epik == 1 ? &pr : epik == 2 ? &pg : NULL;
                            bad += run_case(ks, &u);
                            runs++;
                        }
                    guard_free(&gb);
                    guard_free(&gadd);
                }
            }
            guard_free(&ga);
        }
    }
    printf("%s: %d microkernel runs against the reference\n", ks->name, runs);
    CHECK(runs > 1000);
    CHECK_EQ_INT(bad, 0);
}

/* gemm_rows against gemm per strip: the same arithmetic, bit for bit */
static void test_rows(const cpu_kernel_set *ks) {
    enum { ROWS = 3 * 32 + 5, KP = 37 };
    const int mr = ks->mr, nr = ks->nr;
    CHECK(ks->gemm_rows != NULL);
    uint32_t *A = malloc((size_t)ROWS * KP * sizeof *A), *B = aligned_alloc(64, (size_t)KP * nr * sizeof *B);
    float *add = malloc((size_t)ROWS * nr * sizeof *add), bias[CPU_NR_MAX], rowv[ROWS + 8];
    float *c1 = malloc((size_t)ROWS * nr * sizeof *c1), *c2 = malloc((size_t)ROWS * nr * sizeof *c2);
    for (int i = 0; i < ROWS * KP; i++) A[i] = rand_pair(0);
    for (int i = 0; i < KP * nr; i++) B[i] = rand_pair(0);
    for (int i = 0; i < ROWS * nr; i++) add[i] = frand();
    for (int i = 0; i < nr; i++) bias[i] = frand();
    for (int i = 0; i < ROWS + 8; i++) rowv[i] = frand();
    cpu_epilogue per_row = {.nregs = 2, .noperands = 1, .ninsn = 2, .result = 0};
    per_row.operands[0] = (cpu_operand){rowv, 1, 0};
    per_row.insn[0] = (cpu_epi_insn){.op = CPU_EPI_LOAD, .dst = 1, .a = 0};
    per_row.insn[1] = (cpu_epi_insn){.op = CPU_EPI_ADD, .dst = 0, .a = 0, .b = 1};
    cpu_epi_prog prow;
    cpu_epi_compile(&per_row, false, &prow);
    int bad = 0;
    static const int ms[] = {1, 16, 17, 32, 33, 50, ROWS};
    static const int ns[] = {1, 17, 32, 64};
    for (size_t mi = 0; mi < SP_ARRAY_LEN(ms); mi++)
        for (size_t ni = 0; ni < SP_ARRAY_LEN(ns); ni++)
            for (int addk = 0; addk < 3; addk++) {
                const int m = ms[mi], n = ns[ni];
                if (n > nr) continue;
                cpu_ukr u = {.k = KP, .a = (const float *)(const void *)A, .a_rs = KP,
                             .b = (const float *)(const void *)B, .c_rs = nr, .m = m, .n = n, .epi = &prow,
                             .m0 = 3, .n0 = 0};
                if (addk == 1) u.add = add, u.add_rs = nr, u.add_cs = 1;
                if (addk == 2) u.add = bias, u.add_rs = 0, u.add_cs = 1;
                for (int i = 0; i < ROWS * nr; i++) c1[i] = c2[i] = -7.0f;
                u.c = c1;
                ks->gemm_rows(&u);
                for (int r = 0; r < m; r += mr) {
                    cpu_ukr s = u;
                    s.m = m - r < mr ? m - r : mr;
                    s.a = (const float *)(const void *)(A + r * KP), s.c = c2 + r * nr, s.m0 = u.m0 + r;
                    if (addk == 1) s.add = add + r * nr;
                    ks->gemm(&s);
                }
                for (int i = 0; i < ROWS * nr; i++)
                    if (!same_or_nan(c1[i], c2[i]) && bad++ < 5)
                        fprintf(stderr, "  rows m=%d n=%d add %d: [%d] %a vs %a\n", m, n, addk, i, c1[i], c2[i]);
            }
    CHECK_EQ_INT(bad, 0);
    free(A), free(B), free(add), free(c1), free(c2);
}

/* ------------------------------------- configurations and threads */

/* Calls that alternate shapes and row counts (each a reconfiguration), a
 * foreign configuration loaded in between (after which the kernels are
 * told to forget theirs), all against the reference. */
typedef struct mix_arg {
    uint64_t seed;
    int bad;
} mix_arg;

__attribute__((target("amx-tile"))) static void foreign_config(void) {
    cpu_amx_tilecfg cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.palette = 1;
    for (int t = 0; t < 8; t++) cfg.rows[t] = 3, cfg.colsb[t] = 8;
    __asm__ volatile("" ::"r"(&cfg) : "memory"); /* (see foreign_release) */
    _tile_loadconfig(&cfg);
    cpu_amx_forget_config();
}

static void *mix(void *p) {
    mix_arg *arg = p;
    uint64_t s = arg->seed;
    const cpu_kernel_set *sets[2] = {&cpu_kset_amx_bf16, &cpu_kset_amx_bf16_16x64};
    enum { KP = 41 };
    uint32_t *A = malloc(32 * KP * 4), *B = aligned_alloc(64, KP * 64 * 4);
    for (int i = 0; i < 32 * KP; i++) A[i] = rand_pair(0);
    for (int i = 0; i < KP * 64; i++) B[i] = rand_pair(0);
    for (int t = 0; t < 60; t++) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        const cpu_kernel_set *ks = sets[(s >> 33) % 2];
        cpu_ukr u = {.k = KP - (int)((s >> 40) % 20), .a = (const float *)(const void *)A, .a_rs = KP,
                     .b = (const float *)(const void *)B, .m = 1 + (int)((s >> 20) % (uint64_t)ks->mr),
                     .n = 1 + (int)((s >> 50) % (uint64_t)ks->nr)};
        if (t % 13 == 5) foreign_config();
        arg->bad += run_case(ks, &u);
    }
    free(A), free(B);
    return NULL;
}

/* What another AMX library in the process does between spadc's GEMMs
 * (oneDNN: its own configuration, then TILERELEASE), without telling
 * spadc: the engine's next GEMM must configure its tiles afresh (the set's
 * thread_begin) rather than trust the cached key (SIGILL otherwise), and
 * compute the same bits as before. */
__attribute__((target("amx-tile"))) static void foreign_release(void) {
    cpu_amx_tilecfg cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.palette = 1;
    for (int t = 0; t < 8; t++) cfg.rows[t] = 3, cfg.colsb[t] = 8;
    __asm__ volatile("" ::"r"(&cfg) : "memory"); /* GCC 12 drops the stores: it does not see LDTILECFG read them */
    _tile_loadconfig(&cfg);
    _tile_release();
}

static void test_engine_foreign(void) {
    enum { M = 40, N = 70, K = 90 };
    uint16_t *A = malloc(M * K * 2), *B = malloc(K * N * 2), *C1 = malloc(M * N * 2), *C2 = malloc(M * N * 2);
    for (int i = 0; i < M * K; i++) A[i] = (uint16_t)(rand_pair(0) >> 16);
    for (int i = 0; i < K * N; i++) B[i] = (uint16_t)(rand_pair(0) >> 16);
    sp_ctx ctx;
    sp_ctx_init(&ctx, NULL);
    const cpu_caches caches = cpu_caches_detect();
    cpu_blocking blk;
    CHECK_EQ_INT(cpu_blocking_choose_set(&ctx, M, N, K / 2, 1, 1, &cpu_kset_amx_bf16, &caches, true, &blk), SP_OK);
    cpu_gemm_args g = {.M = M, .N = N, .K = K, .nbatch = 1, .A = A, .a_sm = K, .a_sk = 1, .B = B, .b_sk = N, .b_sn = 1,
                       .C = C1, .c_sm = N, .c_sn = 1, .a_dt = CPU_BF16, .b_dt = CPU_BF16, .c_dt = CPU_BF16,
                       .blocking = &blk, .nthreads = 1};
    CHECK_EQ_INT(cpu_gemm(&ctx, &g), SP_OK);
    foreign_release();
    g.C = C2;
    CHECK_EQ_INT(cpu_gemm(&ctx, &g), SP_OK);
    CHECK(memcmp(C1, C2, M * N * 2) == 0);
    free(A), free(B), free(C1), free(C2);
}

static void test_configs(void) {
    mix_arg main_arg = {.seed = 1};
    mix(&main_arg);
    CHECK_EQ_INT(main_arg.bad, 0);
    /* threads: each configures its own tiles (and asks for nothing: the
     * permission is the process's) */
    pthread_t th[3];
    mix_arg args[3];
    for (int i = 0; i < 3; i++) {
        args[i] = (mix_arg){.seed = (uint64_t)i + 7};
        CHECK_EQ_INT(pthread_create(&th[i], NULL, mix, &args[i]), 0);
    }
    for (int i = 0; i < 3; i++) {
        pthread_join(th[i], NULL);
        CHECK_EQ_INT(args[i].bad, 0);
    }
}

/* pack_pairs against the portable loop, for each source layout */
static void test_pack_pairs(const cpu_kernel_set *ks) {
    const int nr = ks->nr;
    static const int64_t krs[] = {1, 2, 3, 16, 31, 32, 33, 65};
    static const int cls[] = {1, 15, 16, 17, 31, 32, 33, 63, 64};
    int bad = 0, runs = 0;
    for (int layout = 0; layout < 3; layout++)
        for (size_t ki = 0; ki < SP_ARRAY_LEN(krs); ki++)
            for (size_t ci = 0; ci < SP_ARRAY_LEN(cls); ci++) {
                const int64_t kr = krs[ki];
                const int cols = cls[ci];
                if (cols > nr) continue;
                const int64_t s_k = layout == 0 ? cols + 3 : layout == 1 ? 1 : 2 * cols + 1;
                const int64_t s_n = layout == 0 ? 1 : layout == 1 ? kr + 5 : 2;
                const size_t len = (size_t)((kr - 1) * s_k + (cols - 1) * s_n + 1);
                guarded g;
                uint16_t *src = guard_alloc(&g, len * sizeof *src); /* a read past it faults */
                for (size_t i = 0; i < len; i++) src[i] = (uint16_t)urand();
                const size_t dl = (size_t)(((kr + 1) / 2) * nr + 16);
                uint32_t *d1 = aligned_alloc(64, (dl * 4 + 63) / 64 * 64), *d2 = aligned_alloc(64, (dl * 4 + 63) / 64 * 64);
                for (size_t i = 0; i < dl; i++) d1[i] = d2[i] = 0xdeadbeefu; /* past the panel: untouched */
                ks->pack_pairs(d1, src, s_k, s_n, kr, cols);
                cpu_pack_pairs_ref(d2, nr, src, s_k, s_n, kr, cols);
                runs++;
                if (memcmp(d1, d2, dl * 4) && bad++ < 5)
                    fprintf(stderr, "  %s pack_pairs layout %d krows %lld cols %d differs\n", ks->name, layout,
                            (long long)kr, cols);
                guard_free(&g), free(d1), free(d2);
            }
    printf("%s pack_pairs: %d layouts x shapes\n", ks->name, runs);
    CHECK_EQ_INT(bad, 0);
}

/* A small GEMM through pack_pairs and the kernel against doubles: the
 * pieces mean the product (pair halves, layouts), not only each other. */
static void test_gemm_vs_double(const cpu_kernel_set *ks) {
    enum { K = 75 }; /* 38 pairs: two chunks and a tail, an odd K */
    const int M = ks->mr, N = ks->nr, KP = (K + 1) / 2;
    uint16_t *Ab = calloc((size_t)M * 2 * KP, 2), *Bkn = malloc((size_t)K * N * 2), *Bnk = malloc((size_t)N * K * 2);
    for (int i = 0; i < M; i++)
        for (int k = 0; k < K; k++) Ab[i * 2 * KP + k] = to_bf16(frand()); /* A's odd K padded with 0 */
    for (int k = 0; k < K; k++)
        for (int j = 0; j < N; j++) Bkn[k * N + j] = Bnk[j * K + k] = to_bf16(frand());
    uint32_t *P = aligned_alloc(64, (size_t)KP * N * 4);
    float *C = malloc((size_t)M * N * 4);
    for (int layout = 0; layout < 2; layout++) {
        if (layout == 0) ks->pack_pairs(P, Bkn, N, 1, K, N);
        else ks->pack_pairs(P, Bnk, 1, K, K, N);
        cpu_ukr u = {.k = KP, .a = (const float *)(const void *)Ab, .a_rs = KP, .b = (const float *)(const void *)P,
                     .c = C, .c_rs = N, .m = M, .n = N};
        ks->gemm(&u);
        int bad = 0;
        for (int i = 0; i < M; i++)
            for (int j = 0; j < N; j++) {
                double want = 0, mag = 0;
                for (int k = 0; k < K; k++) {
                    const double p = (double)from_bf16(Ab[i * 2 * KP + k]) * from_bf16(Bkn[k * N + j]);
                    want += p, mag += fabs(p);
                }
                if (fabs(C[i * N + j] - want) > 1e-6 * (mag + 1) && bad++ < 3)
                    fprintf(stderr, "  %s gemm layout %d (%d, %d): %.9g, want %.9g\n", ks->name, layout, i, j,
                            C[i * N + j], want);
            }
        CHECK_EQ_INT(bad, 0);
    }
    free(Ab), free(Bkn), free(Bnk), free(P), free(C);
}

int main(void) {
    const cpu_kernel_set *sets[] = {&cpu_kset_amx_bf16, &cpu_kset_amx_bf16_16x64};
    for (size_t i = 0; i < SP_ARRAY_LEN(sets); i++) {
        const cpu_kernel_set *ks = sets[i];
        CHECK(ks->pairs && ks->pack_pairs && !ks->pack_rows && !ks->pack_cols && !ks->pf_stream);
        CHECK(ks->isa == CPU_ISA_AMX);
        CHECK(ks->mr <= CPU_MR_MAX && ks->nr <= CPU_NR_MAX && ks->mr % 16 == 0 && ks->nr % 16 == 0);
        CHECK(ks->epi_tile && ks->exp_rows && ks->cvt16 && ks->store16);
    }
    if (!cpu_amx_usable()) {
        printf("skipped: no AMX-BF16 here (CPU, OS or the kernel's permission), which these kernels need\n");
        TEST_DONE();
    }
    CHECK(cpu_amx_usable()); /* cached */
    test_chunk();
    for (size_t i = 0; i < SP_ARRAY_LEN(sets); i++) {
        test_kernel(sets[i]);
        test_rows(sets[i]);
        test_pack_pairs(sets[i]);
        test_gemm_vs_double(sets[i]);
    }
    test_configs();
    test_engine_foreign();
    TEST_DONE();
}
