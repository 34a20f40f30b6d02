/* test_cpu_bf16.c - the bf16 pair kernels (cpu_kernel_set.pairs): one
 * VDPBF16PS step of the portable reference against the instruction (random
 * and edge inputs: denormals, the flush threshold, cancellation), the
 * AVX512_BF16 microkernel and its many-row kernel against the reference
 * bit for bit (every edge shape, k pairs from 0, every add kind, epilogue
 * programs, a prefetch stream), pack_pairs against the portable loop for
 * each source layout, and a small GEMM from packed B against a double
 * reference. Skipped (exit 0, with the reason) on a host without
 * AVX512_BF16. No timing. */
#include <float.h>
#include <immintrin.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "cpu/cpu.h"
#include "cpu/kernels/kernels.h"
#include "test.h"

#include "bits.h"

/* A random bf16: mostly in [-1, 1); tiny (products near FLT_MIN, so that
 * flushing shows); every 50th a denormal (read as 0) */
static uint16_t rand_bf16(bool tiny) {
    if (urand() % 50 == 0) return (uint16_t)((urand() & 0x807f) | 1);
    const float x = frand();
    return to_bf16(tiny ? ldexpf(x, -62) : x);
}

__attribute__((target("avx512f,avx512bf16"))) static float hw_step(float acc, uint32_t a, uint32_t b) {
    const __m512 c = _mm512_dpbf16_ps(_mm512_set1_ps(acc), (__m512bh)_mm512_set1_epi32((int)a),
                                      (__m512bh)_mm512_set1_epi32((int)b));
    return _mm512_cvtss_f32(c);
}

/* ---------------------------------------------------- one step */

static void test_dot_step(void) {
    int bad = 0;
    /* acc = FLT_MIN plus a product in (-2^-150, 0): tiny after rounding
     * (flushed) below FLT_MIN - 2^-151, FLT_MIN at and above it (the tie
     * rounds to even); both lanes, both signs */
    static const float fr[] = {0.25f, 0.5f, 0.625f, 0.75f, 1.0f, 1.5f};
    for (size_t i = 0; i < SP_ARRAY_LEN(fr); i++)
        for (int sign = 0; sign < 2; sign++)
            for (int hi = 0; hi < 2; hi++) {
                const uint32_t a = to_bf16(ldexpf(fr[i], -75)), b = to_bf16(ldexpf(sign ? 1.0f : -1.0f, -75));
                const float acc = sign ? -FLT_MIN : FLT_MIN;
                const uint32_t pa = hi ? a << 16 : a, pb = hi ? b << 16 : b;
                const float want = hw_step(acc, pa, pb), got = cpu_bf16_dot_step(acc, pa, pb);
                if (!same_or_nan(got, want) && bad++ < 5)
                    fprintf(stderr, "  FLT_MIN edge %g: %a, want %a\n", fr[i], got, want);
                CHECK(fr[i] <= 0.5f ? fabsf(want) == FLT_MIN : want == 0);
            }
    /* random steps: normal, tiny, denormal accumulators, cancellation,
     * infinities and NaN */
    for (int t = 0; t < 400000; t++) {
        const bool tiny = t % 3 == 1;
        uint32_t a = rand_bf16(tiny) | (uint32_t)rand_bf16(tiny) << 16;
        uint32_t b = rand_bf16(tiny) | (uint32_t)rand_bf16(tiny) << 16;
        float acc = tiny ? ldexpf(frand(), -120) : frand() * 4;
        switch (t % 11) {
        case 3: acc = float_of((uint32_t)urand() & 0x807fffffu); break; /* a denormal: read as 0 */
        case 5: acc = -from_bf16((uint16_t)a) * from_bf16((uint16_t)b); break; /* the even product cancels it */
        case 7: acc = -from_bf16((uint16_t)(a >> 16)) * from_bf16((uint16_t)(b >> 16)); break;
        case 9:
            if (t % 4 == 1) a = (a & 0xffff0000u) | to_bf16(INFINITY);
            if (t % 4 == 2) b = (b & 0xffffu) | (uint32_t)to_bf16(NAN) << 16;
            if (t % 4 == 3) acc = -INFINITY;
            break;
        default: break;
        }
        const float want = hw_step(acc, a, b), got = cpu_bf16_dot_step(acc, a, b);
        if (!same_or_nan(got, want) && bad++ < 5)
            fprintf(stderr, "  step %d: acc %a a %08x b %08x: %a, want %a\n", t, acc, a, b, got, want);
    }
    CHECK_EQ_INT(bad, 0);
}

/* -------------------------------------------------- microkernel */

enum { KPMAX = 300, ARS = KPMAX + 3, CRS = 2 * CPU_NR_MAX };


static void test_kernel(const cpu_kernel_set *ks) {
    const int mr = ks->mr, nr = ks->nr;
    uint32_t *A = malloc((size_t)mr * ARS * sizeof *A);
    uint32_t *B = aligned_alloc(64, (size_t)KPMAX * nr * sizeof *B);
    static epi_fixture f; /* (static: 8 KiB of add tile) */
    epi_fixture_init(&f);
    const float *add = f.add, *bias = f.bias;
    const cpu_epi_prog pr = f.pr, pg = f.pg;
    CHECK_EQ_INT(pr.kind, CPU_EPI_KIND_RELU);
    CHECK_EQ_INT(pg.kind, CPU_EPI_KIND_GENERAL);
    static const int ns[] = {1, 15, 16, 17, 33, 64};
    static const int64_t kps[] = {0, 1, 2, 7, 64, 300};
    int bad = 0, runs = 0;
    for (int tiny = 0; tiny < 2; tiny++) {
        for (int i = 0; i < mr * ARS; i++) A[i] = rand_bf16(tiny) | (uint32_t)rand_bf16(tiny) << 16;
        for (int i = 0; i < KPMAX * nr; i++) B[i] = rand_bf16(tiny) | (uint32_t)rand_bf16(tiny) << 16;
        for (int m = 1; m <= mr; m++)
            for (size_t ni = 0; ni < SP_ARRAY_LEN(ns); ni++)
                for (size_t ki = 0; ki < SP_ARRAY_LEN(kps); ki++)
                    for (int addk = 0; addk < 4; addk++)
                        for (int epik = 0; epik < 3; epik++) {
                            if (tiny && (ki < 2 || epik == 2)) continue; /* enough of them */
                            const int n = ns[ni];
                            cpu_ukr u = {.k = kps[ki], .a = (const float *)(const void *)A, .a_rs = ARS,
                                         .b = (const float *)(const void *)B, .m = m, .n = n, .m0 = 2, .n0 = 5};
                            switch (addk) {
                            case 1: u.add = add, u.add_rs = 3 * CPU_NR_MAX, u.add_cs = 1; break; /* a tile */
                            case 2: u.add = add, u.add_rs = 1, u.add_cs = 5; break;             /* gathered */
                            case 3: u.add = bias, u.add_rs = 0, u.add_cs = 1; break;            /* bias row */
                            default: break;
                            }
                            u.epi = epik == 1 ? &pr : epik == 2 ? &pg : NULL;
                            if ((addk + epik + (int)ki) % 2) { /* a prefetch stream changes nothing */
                                u.pf = (const char *)B, u.pf_rs = 256, u.pf_lpr = 3, u.pf_i0 = 1;
                                u.pf_n = (int)(urand() % 40);
                            }
                            float c1[CPU_MR_MAX * CRS], c2[CPU_MR_MAX * CRS];
                            for (size_t i = 0; i < SP_ARRAY_LEN(c1); i++) c1[i] = c2[i] = 1234.5f;
                            u.c = c1, u.c_rs = CRS;
                            ks->gemm(&u);
                            u.c = c2;
                            cpu_sbgemm_ref(&u, nr);
                            runs++;
                            for (size_t i = 0; i < SP_ARRAY_LEN(c1); i++)
                                if (!same_or_nan(c1[i], c2[i]) && bad++ < 5)
                                    fprintf(stderr, "  %s m=%d n=%d kp=%lld add %d epi %d tiny %d: [%zu] %a vs %a\n",
                                            ks->name, m, n, (long long)u.k, addk, epik, tiny, i, c1[i], c2[i]);
                        }
    }
    printf("%s: %d microkernel runs against the reference\n", ks->name, runs);
    CHECK(runs > 2000);
    CHECK_EQ_INT(bad, 0);
    free(A);
    free(B);
}

/* gemm_rows against gemm per strip: the same arithmetic, bit for bit */
static void test_rows(const cpu_kernel_set *ks) {
    enum { ROWS = 3 * 6 + 5, KP = 37 };
    const int mr = ks->mr, nr = ks->nr;
    CHECK(ks->gemm_rows != NULL);
    if (!ks->gemm_rows) return;
    uint32_t *A = malloc((size_t)ROWS * KP * sizeof *A), *B = aligned_alloc(64, (size_t)KP * nr * sizeof *B);
    float *add = malloc((size_t)ROWS * nr * sizeof *add), bias[CPU_NR_MAX], rowv[ROWS + 8];
    float *c1 = malloc((size_t)ROWS * nr * sizeof *c1), *c2 = malloc((size_t)ROWS * nr * sizeof *c2);
    for (int i = 0; i < ROWS * KP; i++) A[i] = rand_bf16(false) | (uint32_t)rand_bf16(false) << 16;
    for (int i = 0; i < KP * nr; i++) B[i] = rand_bf16(false) | (uint32_t)rand_bf16(false) << 16;
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
    static const int ms[] = {1, 6, 7, 13, ROWS};
    static const int ns[] = {1, 17, 64};
    for (size_t mi = 0; mi < SP_ARRAY_LEN(ms); mi++)
        for (size_t ni = 0; ni < SP_ARRAY_LEN(ns); ni++)
            for (int addk = 0; addk < 3; addk++) {
                const int m = ms[mi], n = ns[ni];
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
                    s.a = u.a + r * u.a_rs, s.c = c2 + r * nr, s.m0 = u.m0 + r;
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

/* ------------------------------------------------------ packing */

static void test_pack_pairs(const cpu_kernel_set *ks) {
    const int nr = ks->nr;
    static const int64_t krs[] = {1, 2, 3, 16, 31, 32, 33, 65};
    static const int cls[] = {1, 15, 16, 17, 33, 63, 64};
    int bad = 0, runs = 0;
    for (int layout = 0; layout < 3; layout++)
        for (size_t ki = 0; ki < SP_ARRAY_LEN(krs); ki++)
            for (size_t ci = 0; ci < SP_ARRAY_LEN(cls); ci++) {
                const int64_t kr = krs[ki];
                const int cols = cls[ci];
                /* 0: [K][N] rows (s_n = 1), 1: [N][K] (s_k = 1), 2: any strides */
                const int64_t s_k = layout == 0 ? cols + 3 : layout == 1 ? 1 : 2 * cols + 1;
                const int64_t s_n = layout == 0 ? 1 : layout == 1 ? kr + 5 : 2;
                /* exactly the elements addressed: a read past them would show under ASan */
                const size_t len = (size_t)((kr - 1) * s_k + (cols - 1) * s_n + 1);
                uint16_t *src = malloc(len * sizeof *src);
                for (size_t i = 0; i < len; i++) src[i] = (uint16_t)urand();
                const int64_t np = (kr + 1) / 2;
                const size_t dl = (size_t)(np * nr + 16);
                uint32_t *d1 = aligned_alloc(64, (dl * sizeof *d1 + 63) / 64 * 64);
                uint32_t *d2 = aligned_alloc(64, (dl * sizeof *d2 + 63) / 64 * 64);
                for (size_t i = 0; i < dl; i++) d1[i] = d2[i] = 0xdeadbeefu; /* past the panel: untouched */
                ks->pack_pairs(d1, src, s_k, s_n, kr, cols);
                cpu_pack_pairs_ref(d2, nr, src, s_k, s_n, kr, cols);
                runs++;
                if (memcmp(d1, d2, dl * sizeof *d1) && bad++ < 5)
                    fprintf(stderr, "  pack_pairs layout %d krows %lld cols %d differs\n", layout, (long long)kr, cols);
                /* the reference itself: pair (lo, hi) of column j, 0 past cols and past an odd K */
                const uint32_t e = d2[(np - 1) * nr + (cols - 1)];
                const uint16_t lo = src[(2 * np - 2) * s_k + (cols - 1) * s_n];
                const uint16_t hi = kr % 2 ? 0 : src[(2 * np - 1) * s_k + (cols - 1) * s_n];
                CHECK_EQ_INT(e, (uint32_t)lo | (uint32_t)hi << 16);
                if (cols < nr) CHECK_EQ_INT(d2[cols], 0);
                CHECK_EQ_INT(d2[np * nr], 0xdeadbeefu);
                free(src), free(d1), free(d2);
            }
    printf("pack_pairs: %d layouts x shapes\n", runs);
    CHECK_EQ_INT(bad, 0);
}

/* A small GEMM through pack_pairs and the kernel against doubles: the
 * pieces mean the product (pair halves, layouts), not only each other. */
static void test_gemm_vs_double(const cpu_kernel_set *ks) {
    enum { M = 6, K = 46, N = 64 };
    const int nr = ks->nr;
    uint16_t Ab[M * K], Bkn[K * N], Bnk[N * K];
    for (int i = 0; i < M * K; i++) Ab[i] = to_bf16(frand());
    for (int k = 0; k < K; k++)
        for (int j = 0; j < N; j++) Bkn[k * N + j] = Bnk[j * K + k] = to_bf16(frand());
    uint32_t *P = aligned_alloc(64, (size_t)(K / 2) * nr * sizeof *P);
    for (int layout = 0; layout < 2; layout++) {
        if (layout == 0) ks->pack_pairs(P, Bkn, N, 1, K, N);
        else ks->pack_pairs(P, Bnk, 1, K, K, N);
        float C[M * N];
        cpu_ukr u = {.k = K / 2, .a = (const float *)(const void *)Ab, .a_rs = K / 2,
                     .b = (const float *)(const void *)P, .c = C, .c_rs = N, .m = M, .n = N};
        ks->gemm(&u);
        int bad = 0;
        for (int i = 0; i < M; i++)
            for (int j = 0; j < N; j++) {
                double want = 0, mag = 0;
                for (int k = 0; k < K; k++) {
                    const double p = (double)from_bf16(Ab[i * K + k]) * from_bf16(Bkn[k * N + j]);
                    want += p, mag += fabs(p);
                }
                if (fabs(C[i * N + j] - want) > 1e-6 * (mag + 1) && bad++ < 3)
                    fprintf(stderr, "  gemm layout %d (%d, %d): %.9g, want %.9g\n", layout, i, j, C[i * N + j], want);
            }
        CHECK_EQ_INT(bad, 0);
    }
    free(P);
}

/* The engine in pair mode (cpu_gemm with a pair blocking): many strips and
 * panels, K in several blocks (odd K: the pairs' zero padding), A read in
 * place as pairs or packed (an odd K, a strided A, batches), B packed per
 * call or once (cpu_pack_b, both layouts), a bf16 C and an epilogue, 1 and
 * 2 threads; against a double reference within f32 summation error, and
 * each pair run against the same GEMM on f32 kernels (converted in
 * packing) within the same bound. */
static void test_engine_pairs(const cpu_kernel_set *ps) {
    static const struct { int M, N, K, nb, a_t, b_t; } cases[] = {
        {50, 130, 300, 1, 0, 0}, {7, 70, 1001, 1, 0, 1}, {37, 64, 77, 1, 1, 0}, {3, 200, 301, 1, 0, 1},
        {64, 96, 64, 3, 0, 0},   {13, 33, 2, 1, 0, 0},   {1, 512, 4096, 1, 0, 0}};
    sp_ctx ctx;
    sp_ctx_init(&ctx, NULL);
    const cpu_caches caches = cpu_caches_detect();
    for (size_t c = 0; c < SP_ARRAY_LEN(cases); c++) {
        const int M = cases[c].M, N = cases[c].N, K = cases[c].K, nb = cases[c].nb;
        uint16_t *A = malloc((size_t)nb * M * K * 2), *B = malloc((size_t)nb * K * N * 2), *C = malloc((size_t)M * N * 2);
        float *bias = malloc((size_t)N * 4);
        for (int i = 0; i < nb * M * K; i++) A[i] = to_bf16(frand());
        for (int i = 0; i < nb * K * N; i++) B[i] = to_bf16(frand());
        for (int j = 0; j < N; j++) bias[j] = frand();
        /* A: row-major [b][m][k], or transposed [b][k][m]; B: [b][k][n] or [b][n][k] */
        const int64_t a_sm = cases[c].a_t ? 1 : K, a_sk = cases[c].a_t ? M : 1, a_sb = (int64_t)M * K;
        const int64_t b_sk = cases[c].b_t ? 1 : N, b_sn = cases[c].b_t ? K : 1, b_sb = (int64_t)K * N;
        cpu_epilogue e = {.ninsn = 2, .nregs = 2, .result = 0, .noperands = 1};
        e.operands[0] = (cpu_operand){.ptr = bias, .sm = 0, .sn = 1};
        e.insn[0] = (cpu_epi_insn){.op = CPU_EPI_LOAD, .dst = 1, .a = 0};
        e.insn[1] = (cpu_epi_insn){.op = CPU_EPI_ADD, .dst = 0, .a = 0, .b = 1};
        int bad = 0;
        for (int nt = 1; nt <= 2; nt++)
            for (int pre = 0; pre < 2; pre++) {
                cpu_blocking blk;
                CHECK_EQ_INT(cpu_blocking_choose_set(&ctx, M, N, (K + 1) / 2, nb, nt, ps, &caches, !pre, &blk),
                             SP_OK);
                CHECK(blk.pairs);
                cpu_packed *pk = NULL;
                if (pre) CHECK_EQ_INT(cpu_pack_b(&ctx, &blk, K, N, nb, B, CPU_BF16, b_sk, b_sn, b_sb, &pk), SP_OK);
                cpu_gemm_args g = {.M = M, .N = N, .K = K, .nbatch = nb, .A = A, .a_sm = a_sm, .a_sk = a_sk,
                                   .a_sb = a_sb, .B = B, .b_sk = b_sk, .b_sn = b_sn, .b_sb = b_sb, .packed_b = pk,
                                   .C = C, .c_sm = N, .c_sn = 1, .a_dt = CPU_BF16, .b_dt = CPU_BF16, .c_dt = CPU_BF16,
                                   .epi = &e, .blocking = &blk, .nthreads = nt};
                CHECK_EQ_INT(cpu_gemm(&ctx, &g), SP_OK);
                cpu_packed_free(&ctx, pk);
                for (int i = 0; i < M; i++)
                    for (int j = 0; j < N; j++) {
                        double want = bias[j], mag = fabs(bias[j]);
                        for (int b = 0; b < nb; b++)
                            for (int k = 0; k < K; k++) {
                                const double p = (double)from_bf16(A[b * a_sb + i * a_sm + k * a_sk]) *
                                                 from_bf16(B[b * b_sb + k * b_sk + j * b_sn]);
                                want += p, mag += fabs(p);
                            }
                        /* f32 sums, then one rounding to bf16 */
                        const double got = from_bf16(C[i * N + j]), tol = 1e-6 * (mag + 1) + fabs(want) / 128;
                        if (fabs(got - want) > tol && bad++ < 3)
                            fprintf(stderr, "  %s case %zu (%d thr, %s B) C(%d, %d) = %.9g, want %.9g\n", ps->name, c, nt,
                                    pre ? "packed" : "per-call", i, j, got, want);
                    }
            }
        CHECK_EQ_INT(bad, 0);
        free(A), free(B), free(C), free(bias);
    }
    /* a pair blocking refuses f32 operands */
    cpu_blocking blk;
    CHECK_EQ_INT(cpu_blocking_choose_set(&ctx, 8, 8, 4, 1, 1, ps, &caches, true, &blk), SP_OK);
    float x[64] = {0}, y[64];
    cpu_gemm_args g = {.M = 8, .N = 8, .K = 8, .nbatch = 1, .A = x, .a_sm = 8, .a_sk = 1, .B = x, .b_sk = 8, .b_sn = 1,
                       .C = y, .c_sm = 8, .c_sn = 1, .blocking = &blk, .nthreads = 1};
    CHECK_EQ_INT(cpu_gemm(&ctx, &g), SP_EINPUT);
    CHECK_CONTAINS(ctx.err.msg, "bf16");
}

int main(void) {
    const cpu_kernel_set *ks = &cpu_kset_avx512bf16_6x64;
    CHECK(ks->pairs);
    CHECK(ks->pack_pairs != NULL);
    CHECK(ks->pack_rows == NULL && ks->pack_cols == NULL);
    CHECK_EQ_INT(ks->mr, 6);
    CHECK_EQ_INT(ks->nr, 64);
    if (!cpu_isa_supported(CPU_ISA_AVX512BF16)) {
        printf("skipped: this CPU (or OS) has no AVX512_BF16, which the pair kernels need\n");
        TEST_DONE();
    }
    test_dot_step();
    test_kernel(ks);
    test_rows(ks);
    test_pack_pairs(ks);
    test_gemm_vs_double(ks);
    test_engine_pairs(ks);
    if (cpu_isa_supported(CPU_ISA_AMX)) test_engine_pairs(&cpu_kset_amx_bf16);
    else printf("amx: not usable here, its engine run skipped\n");
    TEST_DONE();
}
