/* test_cpu_epilogue.c - each ISA's epilogue tile interpreter against the
 * reference semantics (cpu_epi_eval): exp and tanh within 2 ulp of libm,
 * erf within ERF_MAX_ULP + 1 (the shared erf_approx.h, itself swept against
 * erf in double) over dense sweeps and special values, GELU within a few
 * ulp of its magnitude, exact GELU and SiLU chains fused to one op, every other op
 * bit for bit (NaN, signed zeros, operand strides); and each ISA microkernel against the portable reference
 * microkernel on edge tiles, init strides and epilogue kinds. */
#include <math.h>
#include <stdint.h>
#include <float.h>
#include <stdlib.h>

#include "cpu/cpu.h"
#include "cpu/kernels/kernels.h"
#include "ir/ir.h"
#include "test.h"

/* erf_approx.h's bounds: ulps from the correctly rounded erf with FMAs
 * (the vector paths) and without (the generic loop engine); measured over
 * every float in [0, 4]: 6.15 and 7.2 */
#define ERF_MAX_ULP 6.5
#define ERF_MAX_ULP_UNFUSED 7.5

static sp_ctx ctx;
static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint32_t urand(void) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 32);
}
static float frand(void) { return (float)((double)urand() / 2147483648.0 - 1.0); }

static int64_t ordered(float x) {
    int32_t i;
    memcpy(&i, &x, 4);
    return i < 0 ? (int64_t)INT32_MIN - i : i;
}
static double ulps(float a, float b) {
    if (isnan(a) || isnan(b)) return isnan(a) && isnan(b) ? 0 : INFINITY;
    int64_t d = ordered(a) - ordered(b);
    return (double)(d < 0 ? -d : d);
}
static bool same_bits(float a, float b) {
    if (isnan(a) && isnan(b)) return true;
    return !memcmp(&a, &b, 4);
}

static const cpu_kernel_set *sets[8];
static int nsets;

/* Run a one-op program over xs (as the accumulator) through the ISA's tile
 * interpreter in tiles of mr x nr; out gets the results. */
static void run_tiles(const cpu_kernel_set *ks, const cpu_epilogue *e, const float *xs, float *out, size_t n) {
    cpu_epi_prog p;
    cpu_epi_compile(e, false, &p);
    const int mr = ks->mr, nr = ks->nr;
    float t[CPU_MR_MAX * CPU_NR_MAX], c[CPU_MR_MAX * CPU_NR_MAX];
    const size_t per = (size_t)mr * nr;
    for (size_t i = 0; i < n; i += per) {
        const size_t cnt = n - i < per ? n - i : per;
        const int m = (int)((cnt + nr - 1) / nr);
        for (size_t j = 0; j < per; j++) t[j] = j < cnt ? xs[i + j] : 0;
        ks->epi_tile(&p, t, nr, m, nr, 0, 0, c, nr);
        for (size_t j = 0; j < cnt; j++) out[i + j] = c[j];
    }
}

/* fn: CPU_EPI_FN's function (an ir_opkind) */
static cpu_epilogue unary_fn(cpu_epi_op op, ir_opkind fn) {
    cpu_epilogue e = {.nregs = 2, .ninsn = 1, .result = 1};
    e.insn[0] = (cpu_epi_insn){.op = (uint8_t)op, .dst = 1, .a = 0, .fn = (uint16_t)fn};
    return e;
}
static cpu_epilogue unary(cpu_epi_op op) { return unary_fn(op, IR_OP_COUNT); }

static void add_specials(float *xs, size_t *n) {
    static const float sp[] = {0.0f,      -0.0f,      1.0f,        -1.0f,     INFINITY,  -INFINITY, NAN,
                               1e-45f,    -1e-45f,    1e-38f,      -1e-38f,   88.72283f, 88.7228394f, 88.73f,
                               -87.3f,    -103.97f,   -104.0f,     -110.0f,   0.625f,    -0.625f,   0.62499994f,
                               1.0f,      0.99999994f, 3.93f,      -3.93f,    3.9299998f, 9.0f,     -9.1f,
                               1e10f,     -1e10f,     3.4e38f,     -3.4e38f,  0.5f,      1e-20f,    -2.5f};
    for (size_t i = 0; i < SP_ARRAY_LEN(sp); i++) xs[(*n)++] = sp[i];
}

static void test_transcendentals(void) {
    const size_t N = 1 << 20;
    float *xs = malloc((N + 64) * sizeof *xs), *got = malloc((N + 64) * sizeof *got);
    static const struct {
        cpu_epi_op op;
        ir_opkind fn;
        const char *name;
        float lo, hi;
        double max_ulp, x_tol; /* GELU: tolerance x_tol |x| where 1 + tanh / erf cancels */
    } fs[] = {{CPU_EPI_FN, IR_OP_EXP, "exp", -105, 90, 2, 0},
              {CPU_EPI_FN, IR_OP_TANH, "tanh", -10, 10, 2, 0},
              {CPU_EPI_FN, IR_OP_ERF, "erf", -4.5f, 4.5f, ERF_MAX_ULP + 1, 0}, /* vs erff, itself within 1 */
              {CPU_EPI_GELU_TANH, IR_OP_COUNT, "gelu_tanh", -12, 12, -1, 1.2e-7},
              /* erf's error near -1, up to ERF_MAX_ULP ulp of 1 (3.6e-7), halved */
              {CPU_EPI_GELU_ERF, IR_OP_COUNT, "gelu_erf", -12, 12, -1, 2.4e-7}};
    for (int s = 0; s < nsets; s++)
        for (size_t f = 0; f < SP_ARRAY_LEN(fs); f++) {
            size_t n = 0;
            for (size_t i = 0; i < N / 2; i++) /* even sweep */
                xs[n++] = fs[f].lo + (fs[f].hi - fs[f].lo) * (float)i / (float)(N / 2);
            for (size_t i = 0; i < N / 4; i++) { /* random bit patterns in range: small magnitudes too */
                float x;
                uint32_t u = urand();
                memcpy(&x, &u, 4);
                xs[n++] = isfinite(x) && x >= fs[f].lo && x <= fs[f].hi ? x : frand() * fs[f].hi;
            }
            for (size_t i = 0; i < N / 4 - 64; i++) xs[n++] = frand() * 0.7f; /* near 0 and the splits */
            add_specials(xs, &n);
            cpu_epilogue e = unary_fn(fs[f].op, fs[f].fn);
            run_tiles(sets[s], &e, xs, got, n);
            double worst = 0;
            float worst_x = 0;
            int bad = 0;
            for (size_t i = 0; i < n; i++) {
                const float want = cpu_epi_eval(&e, xs[i], 0, 0);
                double d;
                if (fs[f].max_ulp > 0) {
                    d = ulps(got[i], want);
                    if (d > fs[f].max_ulp) bad++;
                } else { /* GELU: 1 + tanh / 1 + erf cancels for x < 0 in the
                          * reference too; compare against |x| */
                    d = isnan(want) ? (isnan(got[i]) ? 0 : INFINITY)
                                    : fabs((double)got[i] - want) / (4 * 1.2e-7 * fmax(fabs(want), 1e-30) +
                                                                     fs[f].x_tol * fabs(xs[i]) + 1e-40);
                    if (isinf(want) && got[i] == want) d = 0;
                    if (d > 1) bad++;
                }
                if (d > worst) worst = d, worst_x = xs[i];
                /* a zero keeps its sign (tanh(-0) = -0: ulps calls the two zeros equal) */
                if (got[i] == 0 && want == 0 && signbit(got[i]) != signbit(want)) bad++;
            }
            printf("%-9s %-8s worst %s %.3g at x = %.9g\n", sets[s]->name, fs[f].name,
                   fs[f].max_ulp > 0 ? "ulp" : "(of tolerance)", worst, worst_x);
            CHECK_EQ_INT(bad, 0);
        }
    free(xs);
    free(got);
}

/* The fused attention's softmax step (exp_rows): each element e^{t - sub}
 * within 2 ulp of the reference's exp, and each row's sum within a few
 * ulps of an f64 sum of those very elements, for rows shorter than a
 * vector, of whole vectors, and with a tail (lanes and tail summed). */
static void test_exp_rows(void) {
    static const int64_t ns[] = {1, 7, 16, 37, 128, 133};
    enum { M = 3, LD = 140 };
    float t[M * LD], x[M * LD], sub[M] = {0.5f, -3.0f, 2.25f}, sum[M];
    for (int s = 0; s < nsets; s++) {
        if (!sets[s]->exp_rows) continue;
        for (size_t c = 0; c < SP_ARRAY_LEN(ns); c++) {
            const int64_t n = ns[c];
            for (int i = 0; i < M * LD; i++) x[i] = t[i] = 4 * frand() - 2;
            sets[s]->exp_rows(t, LD, M, n, sub, sum);
            cpu_epilogue e = unary_fn(CPU_EPI_FN, IR_OP_EXP);
            int bad = 0;
            for (int i = 0; i < M; i++) {
                double exact = 0;
                for (int64_t j = 0; j < n; j++) {
                    const float want = cpu_epi_eval(&e, x[i * LD + j] - sub[i], 0, 0);
                    bad += ulps(t[i * LD + j], want) > 2;
                    exact += t[i * LD + j];
                }
                bad += fabs(sum[i] - exact) > 1e-6 * exact;
                bad += t[i * LD + n] != x[i * LD + n]; /* nothing past n written */
            }
            if (bad) printf("exp_rows %s n=%lld: %d bad\n", sets[s]->name, (long long)n, bad);
            CHECK_EQ_INT(bad, 0);
        }
    }
}

/* Rounding to bf16 / f16 (truncf, a 16-bit op's result): every kernel set
 * bit for bit as sp_round_bf16 / sp_round_f16 round, over random bit
 * patterns (NaN, infinities, subnormals, ties, values that overflow the
 * 16-bit type) and the specials. */
static void test_round_ops(void) {
    const size_t N = 1 << 18;
    float *xs = malloc((N + 64) * sizeof *xs), *got = malloc((N + 64) * sizeof *got);
    const cpu_epi_op ops[] = {CPU_EPI_ROUND_BF16, CPU_EPI_ROUND_F16};
    for (int s = 0; s < nsets; s++)
        for (size_t o = 0; o < SP_ARRAY_LEN(ops); o++) {
            size_t n = 0;
            for (size_t i = 0; i < N / 2; i++) {
                uint32_t u = urand();
                memcpy(&xs[n++], &u, 4);
            }
            for (size_t i = 0; i < N / 2 - 64; i++) { /* ties and near-ties of both types */
                uint32_t u = (urand() & 0xffff0000u) | (o == 0 ? 0x8000u : 0x1000u) | (urand() & 1);
                memcpy(&xs[n++], &u, 4);
            }
            add_specials(xs, &n);
            cpu_epilogue e = unary(ops[o]);
            run_tiles(sets[s], &e, xs, got, n);
            int bad = 0;
            for (size_t i = 0; i < n; i++) {
                const float want = cpu_epi_eval(&e, xs[i], 0, 0);
                if (isnan(want) ? !isnan(got[i]) : memcmp(&want, &got[i], 4) != 0) {
                    if (bad++ < 3) printf("%s round %s: x = %a: got %a, want %a\n", sets[s]->name, o ? "f16" : "bf16", xs[i], got[i], want);
                }
            }
            CHECK_EQ_INT(bad, 0);
        }
    free(xs);
    free(got);
}

/* Every other op, bit for bit, with operands of every stride kind. */
static void test_exact_ops(void) {
    enum { M = 7, N = 70 };
    float row[N], col[M], tile[M * N], tileT[N * M], sc[1] = {0.75f}, acc[M * N];
    for (int i = 0; i < N; i++) row[i] = frand() * 3;
    for (int i = 0; i < M; i++) col[i] = frand() * 3;
    for (int i = 0; i < M * N; i++) tile[i] = frand() * 3, tileT[i] = frand() * 3, acc[i] = frand() * 3;
    /* specials among the accumulators and operands */
    acc[0] = NAN, acc[1] = -0.0f, acc[2] = 0.0f, acc[3] = INFINITY, acc[4] = -INFINITY, acc[5] = -1e-45f;
    tile[0] = 1.0f, tile[1] = 0.0f, tile[2] = -0.0f, tile[3] = NAN, tile[6] = -0.0f, tile[7] = 0.0f;
    acc[6] = 0.0f, acc[7] = -0.0f;
    static const cpu_epi_op bin[] = {CPU_EPI_ADD, CPU_EPI_SUB, CPU_EPI_MUL, CPU_EPI_DIV, CPU_EPI_MAX, CPU_EPI_MIN};
    static const cpu_epi_op un[] = {CPU_EPI_NEG, CPU_EPI_SQRT, CPU_EPI_RSQRT, CPU_EPI_ABS, CPU_EPI_RELU};
    for (int s = 0; s < nsets; s++) {
        const cpu_kernel_set *ks = sets[s];
        int bad = 0, progs = 0;
        for (int o = 0; o < 5; o++) {
            cpu_epilogue e = {.nregs = 4, .noperands = 5};
            e.operands[0] = (cpu_operand){row, 0, 1};
            e.operands[1] = (cpu_operand){col, 1, 0};
            e.operands[2] = (cpu_operand){tile, N, 1};
            e.operands[3] = (cpu_operand){tileT, 1, M};
            e.operands[4] = (cpu_operand){sc, 0, 0};
            for (size_t b = 0; b < SP_ARRAY_LEN(bin) + SP_ARRAY_LEN(un) + 2; b++) {
                e.ninsn = 0;
                e.insn[e.ninsn++] = (cpu_epi_insn){.op = CPU_EPI_LOAD, .dst = 1, .a = (uint8_t)o};
                if (b < SP_ARRAY_LEN(bin)) {
                    e.insn[e.ninsn++] = (cpu_epi_insn){.op = (uint8_t)bin[b], .dst = 2, .a = 0, .b = 1};
                    e.insn[e.ninsn++] = (cpu_epi_insn){.op = (uint8_t)bin[b], .dst = 3, .a = 1, .b = 0};
                    e.insn[e.ninsn++] = (cpu_epi_insn){.op = CPU_EPI_ADD, .dst = 2, .a = 2, .b = 3};
                } else if (b < SP_ARRAY_LEN(bin) + SP_ARRAY_LEN(un)) {
                    e.insn[e.ninsn++] = (cpu_epi_insn){.op = (uint8_t)un[b - SP_ARRAY_LEN(bin)], .dst = 2, .a = 0};
                    e.insn[e.ninsn++] = (cpu_epi_insn){.op = CPU_EPI_MUL, .dst = 2, .a = 2, .b = 1};
                } else if (b == SP_ARRAY_LEN(bin) + SP_ARRAY_LEN(un)) {
                    e.insn[e.ninsn++] = (cpu_epi_insn){.op = CPU_EPI_CONST, .dst = 3, .imm = -2.5f};
                    e.insn[e.ninsn++] =
                        (cpu_epi_insn){.op = CPU_EPI_SELECT_GT, .dst = 2, .a = 0, .b = 1, .c = 3, .d = 1};
                } else { /* relu alone, and the store kind */
                    e.insn[e.ninsn++] = (cpu_epi_insn){.op = CPU_EPI_RELU, .dst = 2, .a = 0};
                }
                e.result = 2;
                progs++;
                cpu_epi_prog p;
                cpu_epi_compile(&e, false, &p);
                /* several tile origins and partial tiles */
                for (int m0 = 0; m0 < M; m0 += ks->mr)
                    for (int n0 = 0; n0 < N; n0 += ks->nr) {
                        const int m = M - m0 < ks->mr ? M - m0 : ks->mr, n = N - n0 < ks->nr ? N - n0 : ks->nr;
                        float c[CPU_MR_MAX * CPU_NR_MAX];
                        ks->epi_tile(&p, acc + m0 * N + n0, N, m, n, m0, n0, c, CPU_NR_MAX);
                        for (int i = 0; i < m; i++)
                            for (int j = 0; j < n; j++) {
                                const float want = cpu_epi_eval(&e, acc[(m0 + i) * N + n0 + j], m0 + i, n0 + j);
                                if (!same_bits(c[i * CPU_NR_MAX + j], want) && bad++ < 5)
                                    fprintf(stderr, "  %s program %zu operand %d at (%d,%d): %.9g, want %.9g\n",
                                            ks->name, b, o, m0 + i, n0 + j, c[i * CPU_NR_MAX + j], want);
                            }
                    }
            }
        }
        CHECK_EQ_INT(bad, 0);
        CHECK(progs > 0);
    }
}

/* cpu_epi_coalesce: a compiler's bias + ReLU (every step in a fresh
 * register) reaches the fast paths, and random single-assignment programs
 * keep their meaning bit for bit. */
static void test_coalesce(void) {
    float bias[16];
    for (int i = 0; i < 16; i++) bias[i] = frand();
    cpu_epilogue e = {.nregs = 5, .noperands = 1, .ninsn = 4, .result = 4};
    e.operands[0] = (cpu_operand){bias, 0, 1};
    e.insn[0] = (cpu_epi_insn){.op = CPU_EPI_LOAD, .dst = 1, .a = 0};
    e.insn[1] = (cpu_epi_insn){.op = CPU_EPI_ADD, .dst = 2, .a = 1, .b = 0};
    e.insn[2] = (cpu_epi_insn){.op = CPU_EPI_CONST, .dst = 3, .imm = 0.0f};
    e.insn[3] = (cpu_epi_insn){.op = CPU_EPI_MAX, .dst = 4, .a = 2, .b = 3};
    cpu_epi_prog p;
    CHECK_EQ_INT(cpu_epi_compile(&e, true, &p), -1); /* as emitted: no fast path */
    CHECK_EQ_INT(p.kind, CPU_EPI_KIND_GENERAL);
    cpu_epilogue c = e;
    cpu_epi_coalesce(&c);
    CHECK_EQ_INT(cpu_epi_check(&ctx, &c), SP_OK);
    CHECK_EQ_INT(cpu_epi_compile(&c, true, &p), 0); /* bias is the initial value */
    CHECK_EQ_INT(p.kind, CPU_EPI_KIND_RELU);
    /* random programs over r0..r7, each register written once */
    static const cpu_epi_op ops[] = {CPU_EPI_ADD, CPU_EPI_SUB, CPU_EPI_MUL, CPU_EPI_MAX, CPU_EPI_MIN,
                                     CPU_EPI_NEG, CPU_EPI_ABS, CPU_EPI_RELU, CPU_EPI_SELECT_GT};
    int bad = 0, renamed = 0;
    for (int t = 0; t < 2000; t++) {
        cpu_epilogue r = {.nregs = 8, .noperands = 1};
        r.operands[0] = (cpu_operand){bias, 0, 1};
        const int n = 1 + (int)(urand() % 7);
        for (int i = 0; i < n; i++) {
            cpu_epi_insn *in = &r.insn[r.ninsn++];
            const unsigned lim = (unsigned)i + 1; /* registers written so far: r0..r[i] */
            in->dst = (uint8_t)(i + 1);
            if (urand() % 5 == 0) {
                in->op = CPU_EPI_LOAD;
                in->a = 0;
                continue;
            }
            in->op = (uint8_t)ops[urand() % SP_ARRAY_LEN(ops)];
            in->a = (uint8_t)(urand() % lim), in->b = (uint8_t)(urand() % lim);
            in->c = (uint8_t)(urand() % lim), in->d = (uint8_t)(urand() % lim);
        }
        r.result = (uint8_t)(urand() % (unsigned)(n + 1));
        cpu_epilogue q = r;
        cpu_epi_coalesce(&q);
        CHECK_EQ_INT(cpu_epi_check(&ctx, &q), SP_OK);
        for (int i = 0; i < n; i++) renamed += q.insn[i].dst != r.insn[i].dst;
        for (int k = 0; k < 8; k++) {
            const float acc = k == 0 ? NAN : k == 1 ? -0.0f : frand() * 4;
            const float want = cpu_epi_eval(&r, acc, 0, k), got = cpu_epi_eval(&q, acc, 0, k);
            if (!same_bits(got, want) && bad++ < 5) fprintf(stderr, "  coalesce program %d: %.9g, want %.9g\n", t, got, want);
        }
    }
    CHECK_EQ_INT(bad, 0);
    CHECK(renamed > 0);
}

/* cpu_epi_single_assign: programs whose 16-bit results are rounded in
 * place (epi_compile.c: an op into r, then ROUND r, r; r0 written too)
 * keep their meaning bit for bit and become single assignment, which
 * cpu_epi_coalesce then keeps in r0; a bf16 attention's scores
 * (x rounded, * 0.125 rounded, + mask rounded) become steps, the roundings
 * tile steps (epilogue.h). */
static void test_single_assign(void) {
    float mask[16];
    for (int i = 0; i < 16; i++) mask[i] = frand();
    static const cpu_epi_op ops[] = {CPU_EPI_ADD, CPU_EPI_SUB, CPU_EPI_MUL, CPU_EPI_MAX, CPU_EPI_NEG};
    int bad = 0, single = 0;
    for (int t = 0; t < 2000; t++) {
        cpu_epilogue r = {.nregs = 6, .noperands = 1};
        r.operands[0] = (cpu_operand){mask, 0, 1};
        const int n = 1 + (int)(urand() % 8);
        uint8_t live[6] = {0}; /* registers written so far (r0 from the start) */
        unsigned nlive = 1;
        for (int i = 0; i < n; i++) {
            cpu_epi_insn *in = &r.insn[r.ninsn++];
            const uint8_t x = live[urand() % nlive], y = live[urand() % nlive];
            if (urand() % 4 == 0) {
                in->op = CPU_EPI_ROUND_BF16; /* in place */
                in->dst = in->a = x;
                continue;
            }
            in->dst = (uint8_t)(urand() % 6); /* any register, written again or not */
            if (urand() % 6 == 0) {
                in->op = CPU_EPI_LOAD;
                in->a = 0;
            } else {
                in->op = (uint8_t)ops[urand() % SP_ARRAY_LEN(ops)];
                in->a = x, in->b = y;
            }
            bool seen = false;
            for (unsigned k = 0; k < nlive; k++) seen |= live[k] == in->dst;
            if (!seen) live[nlive++] = in->dst;
        }
        r.result = live[urand() % nlive];
        CHECK_EQ_INT(cpu_epi_check(&ctx, &r), SP_OK);
        cpu_epilogue q = r;
        if (!cpu_epi_single_assign(&q)) continue;
        CHECK_EQ_INT(cpu_epi_check(&ctx, &q), SP_OK);
        unsigned written = 1;
        bool once = true;
        for (uint32_t i = 0; i < q.ninsn; i++) {
            once &= !(written & (1u << q.insn[i].dst));
            written |= 1u << q.insn[i].dst;
        }
        single += once;
        cpu_epilogue c = q;
        cpu_epi_coalesce(&c);
        for (int k = 0; k < 8; k++) {
            const float acc = k == 0 ? NAN : k == 1 ? -0.0f : frand() * 4;
            const float want = cpu_epi_eval(&r, acc, 0, k);
            const float got1 = cpu_epi_eval(&q, acc, 0, k), got2 = cpu_epi_eval(&c, acc, 0, k);
            if ((!same_bits(got1, want) || !same_bits(got2, want)) && bad++ < 5)
                fprintf(stderr, "  single-assign program %d: %.9g / %.9g, want %.9g\n", t, got1, got2, want);
        }
    }
    CHECK_EQ_INT(bad, 0);
    CHECK(single > 1000);
    /* the scores: r1 = round(r0); r2 = 0.125; r1 = r1 * r2; r1 = round(r1);
     * r3 = mask; r1 = r1 + r3; r1 = round(r1) */
    cpu_epilogue e = {.nregs = 4, .noperands = 1, .ninsn = 7, .result = 1};
    e.operands[0] = (cpu_operand){mask, 0, 1};
    e.insn[0] = (cpu_epi_insn){.op = CPU_EPI_ROUND_BF16, .dst = 1, .a = 0};
    e.insn[1] = (cpu_epi_insn){.op = CPU_EPI_CONST, .dst = 2, .imm = 0.125f};
    e.insn[2] = (cpu_epi_insn){.op = CPU_EPI_MUL, .dst = 1, .a = 1, .b = 2};
    e.insn[3] = (cpu_epi_insn){.op = CPU_EPI_ROUND_BF16, .dst = 1, .a = 1};
    e.insn[4] = (cpu_epi_insn){.op = CPU_EPI_LOAD, .dst = 3, .a = 0};
    e.insn[5] = (cpu_epi_insn){.op = CPU_EPI_ADD, .dst = 1, .a = 1, .b = 3};
    e.insn[6] = (cpu_epi_insn){.op = CPU_EPI_ROUND_BF16, .dst = 1, .a = 1};
    cpu_epi_prog p;
    cpu_epi_compile(&e, false, &p);
    CHECK_EQ_INT((int)p.nsteps, 0); /* as emitted: the interpreter's */
    CHECK(cpu_epi_single_assign(&e));
    cpu_epi_coalesce(&e);
    CHECK_EQ_INT(e.result, 0);
    cpu_epi_compile(&e, false, &p);
    CHECK_EQ_INT((int)p.nsteps, 5);
    if (p.nsteps == 5) {
        CHECK_EQ_INT(p.steps[0].op, CPU_STEP_ROUND_BF16);
        CHECK_EQ_INT(p.steps[1].op, CPU_STEP_MUL);
        CHECK_EQ_INT(p.steps[4].op, CPU_STEP_ROUND_BF16);
        CHECK(cpu_epi_step_is_tile(p.steps[4].op));
    }
}

/* Each ISA microkernel against the reference microkernel. */
/* The set's microkernel into c1 and the reference into c2 (tiles 2 * NR
 * floats a row, both filled with a sentinel first). */
static void run_both(const cpu_kernel_set *ks, cpu_ukr *u, float *c1, float *c2, size_t n) {
    for (size_t i = 0; i < n; i++) c1[i] = c2[i] = 1234.5f;
    u->c = c1, u->c_rs = 2 * CPU_NR_MAX;
    ks->gemm(u);
    u->c = c2;
    cpu_sgemm_ref(u, ks->nr);
}

static void test_microkernels(void) {
    enum { KMAX = 80 };
    for (int s = 0; s < nsets; s++) {
        const cpu_kernel_set *ks = sets[s];
        const int mr = ks->mr, nr = ks->nr;
        float *A = malloc((size_t)mr * 100 * sizeof *A);
        float *B = aligned_alloc(64, (size_t)KMAX * nr * sizeof *B + 64);
        float add[CPU_MR_MAX * 2 * CPU_NR_MAX], bias[CPU_NR_MAX * 3];
        for (int i = 0; i < mr * 100; i++) A[i] = frand();
        for (int i = 0; i < KMAX * nr; i++) B[i] = frand();
        for (size_t i = 0; i < SP_ARRAY_LEN(add); i++) add[i] = frand();
        for (size_t i = 0; i < SP_ARRAY_LEN(add); i += 37) add[i] = NAN; /* kept by ReLU (maximumf) */
        for (size_t i = 0; i < SP_ARRAY_LEN(bias); i++) bias[i] = i % 5 == 2 ? -0.0f : i == 7 ? NAN : frand();
        cpu_epilogue gelu = unary(CPU_EPI_GELU_TANH);
        cpu_epilogue relu = unary(CPU_EPI_RELU);
        cpu_epi_prog pg, pr;
        cpu_epi_compile(&gelu, false, &pg);
        cpu_epi_compile(&relu, false, &pr);
        cpu_epilogue silu = unary(CPU_EPI_SILU); /* a tile step, as GELU */
        cpu_epi_prog ps;
        cpu_epi_compile(&silu, false, &ps);
        int bad = 0, runs = 0;
        for (int m = 1; m <= mr; m++)
            for (int n = 1; n <= nr; n += (n < 18 ? 1 : 7))
                for (int variant = 0; variant < 8; variant++) {
                    const int64_t k = (int64_t)(urand() % KMAX) + (variant == 5 ? 0 : 1) - (variant == 5);
                    cpu_ukr u = {.k = k < 0 ? 0 : k, .a = A, .a_rs = 100, .b = B, .m = m, .n = n};
                    if (variant & 1) { /* a prefetch stream (rows of 3 lines of B) changes nothing */
                        u.pf = (const char *)B, u.pf_rs = 256, u.pf_lpr = 3, u.pf_i0 = 1;
                        u.pf_n = (int)(urand() % 40);
                    }
                    switch (variant) {
                    case 1: u.add = add, u.add_rs = 2 * CPU_NR_MAX, u.add_cs = 1; break;
                    case 2: u.add = bias, u.add_rs = 0, u.add_cs = 1, u.epi = &pr; break;
                    case 3: u.add = bias, u.add_rs = 1, u.add_cs = 0, u.epi = &pg; break;
                    case 4: u.add = add, u.add_rs = 1, u.add_cs = 3, u.epi = &pr; break;
                    case 7: u.add = add, u.add_rs = 2 * CPU_NR_MAX, u.add_cs = 1, u.epi = &ps; break;
                    case 6: /* the bias row is where acc starts: -0 stays -0 until ReLU */
                        u.k = 0, u.add = bias, u.add_rs = 0, u.add_cs = 1, u.epi = &pr;
                        break;
                    default: break;
                    }
                    float c1[CPU_MR_MAX * CPU_NR_MAX * 2], c2[CPU_MR_MAX * CPU_NR_MAX * 2];
                    run_both(ks, &u, c1, c2, SP_ARRAY_LEN(c1));
                    runs++;
                    for (size_t i = 0; i < SP_ARRAY_LEN(c1); i++) {
                        const bool inside = (int)(i / (2 * CPU_NR_MAX)) < m && (int)(i % (2 * CPU_NR_MAX)) < n;
                        const double tol = inside ? 1e-5 * (double)(u.k + 2) : 0;
                        /* k = 0 has no rounding: ReLU of the added tile, bit for bit (NaN, -0) */
                        const bool ok = u.k == 0       ? same_bits(c1[i], c2[i])
                                        : isnan(c2[i]) ? isnan(c1[i])
                                                       : fabs(c1[i] - c2[i]) <= tol;
                        if (!ok && bad++ < 5)
                            fprintf(stderr, "  %s m=%d n=%d k=%lld variant %d: element %zu %.9g vs %.9g\n", ks->name,
                                    m, n, (long long)u.k, variant, i, c1[i], c2[i]);
                    }
                }
        printf("%s: %d microkernel runs\n", ks->name, runs);
        CHECK_EQ_INT(bad, 0);
        free(A);
        free(B);
    }
}

/* Epilogue chains a kernel may run as steps on its registers (kernels.h
 * cpu_epi_step: a BatchNorm, a residual, ReLU, ReLU6, torch's select
 * ReLU, every step op, operands per row, per column and per element)
 * against the reference microkernel: bit for bit at k = 0 (the added tile
 * through the chain: NaN, signed zeros), within rounding otherwise; a
 * GELU tail (a tile step) against the same kernel on the interpreter, bit
 * for bit. And each program is one the compiler takes as steps. */
static void test_steps(void) {
    enum { KMAX = 40 };
    /* r0 = r0 - row; r0 = tile * r0; r0 = col - r0; r0 = r0 + row2; then
     * the last part varies: relu / max(r0, 6) / min(r0, 6) /
     * select(r0 > 6, r0, 6) / select(6 > r0, 6, r0) / select(6 > r0, r0, 6)
     * / select(r0 > 6, 6, r0) / select(r0 > 0, r0, 0) */
    /* ... or a mask select (mask 1: a mask per element, 2: one a row; r5
     * the mask, r9 its threshold 0.5, r10 the constant imm, as
     * epi_compile.c compiles a select on an i1 tensor): mask > 0.5 ? r0 :
     * imm, mask > 0.5 ? imm : r0 */
    static const struct { cpu_epi_op op; int a, b, c, d; float imm; int mask; } tails[] = {
        {CPU_EPI_MAX, 0, 9, 0, 0, 0.0f, 0},       {CPU_EPI_MAX, 0, 9, 0, 0, 6.0f, 0},
        {CPU_EPI_MIN, 9, 0, 0, 0, 6.0f, 0},       {CPU_EPI_SELECT_GT, 0, 9, 0, 9, 6.0f, 0},
        {CPU_EPI_SELECT_GT, 9, 0, 9, 0, 6.0f, 0}, {CPU_EPI_SELECT_GT, 9, 0, 0, 9, 6.0f, 0},
        {CPU_EPI_SELECT_GT, 0, 9, 9, 0, 6.0f, 0}, {CPU_EPI_SELECT_GT, 0, 9, 0, 9, 0.0f, 0},
        {CPU_EPI_RELU, 0, 0, 0, 0, 0.0f, 0},      {CPU_EPI_GELU_ERF, 0, 0, 0, 0, 0.0f, 0},
        {CPU_EPI_GELU_TANH, 0, 0, 0, 0, 0.0f, 0}, {CPU_EPI_SILU, 0, 0, 0, 0, 0.0f, 0},
        {CPU_EPI_SELECT_GT, 5, 9, 0, 10, -FLT_MAX, 1}, {CPU_EPI_SELECT_GT, 5, 9, 10, 0, -INFINITY, 1},
        {CPU_EPI_SELECT_GT, 5, 9, 0, 10, 0.0f, 2},
    };
    float row[CPU_MR_MAX * 2], row2[CPU_MR_MAX * 2], col[CPU_NR_MAX * 2], tile[CPU_MR_MAX * CPU_NR_MAX * 2];
    float add[CPU_MR_MAX * CPU_NR_MAX * 2], mask[CPU_MR_MAX * CPU_NR_MAX * 2], mask_row[CPU_MR_MAX * 2];
    /* 0/1, and a NaN: the select is ordered (false), as the interpreter's */
    for (size_t i = 0; i < SP_ARRAY_LEN(mask); i++) mask[i] = i % 23 == 4 ? NAN : (float)(urand() & 1);
    for (size_t i = 0; i < SP_ARRAY_LEN(mask_row); i++) mask_row[i] = (float)(i % 3 != 1);
    for (size_t i = 0; i < SP_ARRAY_LEN(row); i++) row[i] = i % 7 == 3 ? NAN : i % 5 == 1 ? -0.0f : frand();
    for (size_t i = 0; i < SP_ARRAY_LEN(row2); i++) row2[i] = i % 3 == 0 ? 6.0f : frand() * 8;
    for (size_t i = 0; i < SP_ARRAY_LEN(col); i++) col[i] = i % 11 == 4 ? -0.0f : frand() * 8;
    for (size_t i = 0; i < SP_ARRAY_LEN(tile); i++) tile[i] = i % 29 == 5 ? NAN : i % 13 == 2 ? 0.0f : frand() * 4;
    for (size_t i = 0; i < SP_ARRAY_LEN(add); i++) add[i] = i % 17 == 3 ? NAN : i % 9 == 1 ? -0.0f : frand() * 8;
    int bad = 0, runs = 0;
    for (size_t t = 0; t < SP_ARRAY_LEN(tails); t++) {
        cpu_epilogue e = {.nregs = 11, .noperands = tails[t].mask ? 5 : 4, .result = 0};
        e.operands[0] = (cpu_operand){.ptr = row, .sm = 1, .sn = 0};
        e.operands[1] = (cpu_operand){.ptr = tile, .sm = 2 * CPU_NR_MAX, .sn = 1};
        e.operands[2] = (cpu_operand){.ptr = col, .sm = 0, .sn = 1};
        e.operands[3] = (cpu_operand){.ptr = row2, .sm = 1, .sn = 0};
        uint32_t n = 0;
        e.insn[n++] = (cpu_epi_insn){.op = CPU_EPI_LOAD, .dst = 1, .a = 0};
        e.insn[n++] = (cpu_epi_insn){.op = CPU_EPI_LOAD, .dst = 2, .a = 1};
        e.insn[n++] = (cpu_epi_insn){.op = CPU_EPI_SUB, .dst = 0, .a = 0, .b = 1};
        e.insn[n++] = (cpu_epi_insn){.op = CPU_EPI_MUL, .dst = 0, .a = 2, .b = 0};
        e.insn[n++] = (cpu_epi_insn){.op = CPU_EPI_LOAD, .dst = 3, .a = 2};
        e.insn[n++] = (cpu_epi_insn){.op = CPU_EPI_SUB, .dst = 0, .a = 3, .b = 0};
        e.insn[n++] = (cpu_epi_insn){.op = CPU_EPI_LOAD, .dst = 4, .a = 3};
        e.insn[n++] = (cpu_epi_insn){.op = CPU_EPI_ADD, .dst = 0, .a = 0, .b = 4};
        /* GELU, SiLU: tile steps (the kernel spills its tile to act_tile) */
        const bool gelu = tails[t].op == CPU_EPI_GELU_ERF || tails[t].op == CPU_EPI_GELU_TANH || tails[t].op == CPU_EPI_SILU;
        if (tails[t].mask) {
            e.operands[4] = tails[t].mask == 1 ? (cpu_operand){.ptr = mask, .sm = 2 * CPU_NR_MAX, .sn = 1}
                                               : (cpu_operand){.ptr = mask_row, .sm = 1, .sn = 0};
            e.insn[n++] = (cpu_epi_insn){.op = CPU_EPI_LOAD, .dst = 5, .a = 4};
            e.insn[n++] = (cpu_epi_insn){.op = CPU_EPI_CONST, .dst = 10, .imm = tails[t].imm};
            e.insn[n++] = (cpu_epi_insn){.op = CPU_EPI_CONST, .dst = 9, .imm = 0.5f};
        } else if (tails[t].op != CPU_EPI_RELU && !gelu) {
            e.insn[n++] = (cpu_epi_insn){.op = CPU_EPI_CONST, .dst = 9, .imm = tails[t].imm};
        }
        e.insn[n++] = (cpu_epi_insn){.op = (uint8_t)tails[t].op, .dst = 0, .a = (uint8_t)tails[t].a,
                                     .b = (uint8_t)tails[t].b, .c = (uint8_t)tails[t].c, .d = (uint8_t)tails[t].d};
        e.ninsn = n;
        CHECK_EQ_INT(cpu_epi_check(&ctx, &e), SP_OK);
        cpu_epi_prog p;
        cpu_epi_compile(&e, false, &p);
        CHECK_EQ_INT((int)p.nsteps, 5); /* four operand steps and the tail */
        if (tails[t].mask) {
            CHECK_EQ_INT(p.steps[4].op, tails[t].c == 0 ? CPU_STEP_MASK_KEEP : CPU_STEP_MASK_DROP);
            CHECK(!cpu_epi_steps_in_registers(&p)); /* the depthwise kernel's interpreter runs it */
        }
        /* the same program on the interpreter: a GELU tile step must give
         * its bits (one arithmetic, vec_epilogue.h's), where the portable
         * reference's erff and tanhf differ by a few ulp */
        cpu_epi_prog pi = p;
        pi.nsteps = 0;
        for (int s = 0; s < nsets; s++) {
            const cpu_kernel_set *ks = sets[s];
            if (ks->pairs) continue;
            const int mr = ks->mr, nr = ks->nr;
            float *A = malloc((size_t)mr * KMAX * sizeof *A), *B = aligned_alloc(64, (size_t)KMAX * nr * sizeof *B + 64);
            for (int i = 0; i < mr * KMAX; i++) A[i] = frand();
            for (int i = 0; i < KMAX * nr; i++) B[i] = frand();
            for (int m = 1; m <= mr; m++)
                for (int nn = 1; nn <= nr; nn += (nn < 18 ? 1 : 7))
                    for (int k = 0; k < 2; k++) {
                        cpu_ukr u = {.k = k ? 1 + (int64_t)(urand() % (KMAX - 1)) : 0, .a = A, .a_rs = KMAX, .b = B,
                                     .m = m, .n = nn, .epi = &p, .m0 = urand() % 3, .n0 = urand() % 5,
                                     .add = add, .add_rs = 2 * CPU_NR_MAX, .add_cs = 1};
                        float c1[CPU_MR_MAX * CPU_NR_MAX * 2], c2[CPU_MR_MAX * CPU_NR_MAX * 2];
                        if (gelu) {
                            for (size_t i = 0; i < SP_ARRAY_LEN(c1); i++) c1[i] = c2[i] = 1234.5f;
                            u.c = c1, u.c_rs = 2 * CPU_NR_MAX;
                            ks->gemm(&u);
                            u.c = c2, u.epi = &pi;
                            ks->gemm(&u);
                        } else {
                            run_both(ks, &u, c1, c2, SP_ARRAY_LEN(c1));
                        }
                        runs++;
                        for (size_t i = 0; i < SP_ARRAY_LEN(c1); i++) {
                            const bool ok = u.k == 0 || gelu ? same_bits(c1[i], c2[i])
                                            : isnan(c2[i]) ? isnan(c1[i])
                                                           : c1[i] == c2[i] || /* a mask's -inf */
                                                                 fabs(c1[i] - c2[i]) <= 1e-4 * (fabs(c2[i]) + 1) * (double)(u.k + 2);
                            if (!ok && bad++ < 5)
                                fprintf(stderr, "  %s tail %zu m=%d n=%d k=%lld: element %zu %.9g vs %.9g\n", ks->name, t,
                                        m, nn, (long long)u.k, i, c1[i], c2[i]);
                        }
                    }
            free(A);
            free(B);
        }
    }
    printf("epilogue steps: %d microkernel runs\n", runs);
    CHECK_EQ_INT(bad, 0);
}

/* A set's many-row kernel (gemm_rows) against its microkernel called strip
 * by strip: the same arithmetic, so bit for bit, every add kind, and an
 * epilogue reading a per-row operand (which sees each strip's m0). */
static void test_rows_kernels(void) {
    enum { ROWS = 3 * CPU_MR_MAX + 5, K = 37 };
    for (int s = 0; s < nsets; s++) {
        const cpu_kernel_set *ks = sets[s];
        if (!ks->gemm_rows) continue;
        const int mr = ks->mr, nr = ks->nr;
        float *A = malloc((size_t)ROWS * K * sizeof *A), *B = aligned_alloc(64, (size_t)K * nr * sizeof *B);
        float *add = malloc((size_t)ROWS * nr * sizeof *add), *bias = malloc((size_t)nr * sizeof *bias);
        float *c1 = malloc((size_t)ROWS * nr * sizeof *c1), *c2 = malloc((size_t)ROWS * nr * sizeof *c2);
        float rowv[ROWS + 8];
        for (int i = 0; i < ROWS + 8; i++) rowv[i] = frand();
        /* r0 + rowv[m]: an operand with row stride 1 and column stride 0 */
        cpu_epilogue per_row = {.nregs = 2, .noperands = 1, .ninsn = 2, .result = 0};
        per_row.operands[0] = (cpu_operand){rowv, 1, 0};
        per_row.insn[0] = (cpu_epi_insn){.op = CPU_EPI_LOAD, .dst = 1, .a = 0};
        per_row.insn[1] = (cpu_epi_insn){.op = CPU_EPI_ADD, .dst = 0, .a = 0, .b = 1};
        cpu_epi_prog prow;
        cpu_epi_compile(&per_row, false, &prow);
        CHECK_EQ_INT(prow.kind, CPU_EPI_KIND_GENERAL);
        for (int i = 0; i < ROWS * K; i++) A[i] = frand();
        for (int i = 0; i < K * nr; i++) B[i] = frand();
        for (int i = 0; i < ROWS * nr; i++) add[i] = frand();
        for (int i = 0; i < nr; i++) bias[i] = frand();
        cpu_epilogue relu = unary(CPU_EPI_RELU);
        cpu_epi_prog pr;
        cpu_epi_compile(&relu, false, &pr);
        cpu_epilogue silu = unary(CPU_EPI_SILU); /* a tile step, as GELU */
        cpu_epi_prog ps;
        cpu_epi_compile(&silu, false, &ps);
        int bad = 0, runs = 0;
        for (int rows = 1; rows <= ROWS; rows += (rows < 2 * mr + 1 ? 1 : 3))
            for (int ni = 0; ni < 6; ni++)
                for (int variant = 0; variant < 4; variant++) {
                    const int ns[6] = {1, 16, 17, nr / 2 + 5, nr - 1, nr}, n = ns[ni] < nr ? ns[ni] : nr;
                    cpu_ukr u = {.k = K, .a = A, .a_rs = K, .b = B, .n = n, .c_rs = nr, .m0 = 5, .n0 = 0};
                    if (variant == 1) u.add = bias, u.add_rs = 0, u.add_cs = 1, u.epi = &pr;
                    if (variant == 2) u.add = add, u.add_rs = nr, u.add_cs = 1;
                    if (variant == 3) u.epi = &prow;
                    for (int i = 0; i < ROWS * nr; i++) c1[i] = c2[i] = 1234.5f;
                    u.m = rows, u.c = c1;
                    ks->gemm_rows(&u);
                    for (int r0 = 0; r0 < rows; r0 += mr) { /* the same, a strip at a time */
                        cpu_ukr v = u;
                        v.m = rows - r0 < mr ? rows - r0 : mr;
                        v.a = A + r0 * K, v.c = c2 + r0 * nr, v.m0 = u.m0 + r0;
                        if (variant == 2) v.add = add + r0 * nr;
                        ks->gemm(&v);
                    }
                    runs++;
                    for (int i = 0; i < ROWS * nr; i++)
                        if (!same_bits(c1[i], c2[i]) && bad++ < 5)
                            fprintf(stderr, "  %s rows=%d n=%d variant %d: element %d %.9g vs %.9g\n", ks->name, rows,
                                    n, variant, i, c1[i], c2[i]);
                }
        printf("%s: %d many-row kernel runs\n", ks->name, runs);
        CHECK(runs > 0);
        CHECK_EQ_INT(bad, 0);
        free(A), free(B), free(add), free(bias), free(c1), free(c2);
    }
}

/* The erf both engines share (erf_approx.h), instantiated on floats with
 * and without fused multiply-adds (the loop engine's generic build has
 * none), against erf in double, correctly rounded, over a dense sweep of
 * every 61st float in [-4.5, 4.5] and the specials (every float was
 * measured once: ERF_MAX_ULP's comment). */
#define ERF_FN erf_fused
#define ERF_SCALAR
#define ERF_FMA(a, b, c) fmaf(a, b, c)
#include "cpu/epilogue/erf_approx.h"
#define ERF_FN erf_unfused /* a * b + c: not contracted, no FMA in this build */
#define ERF_SCALAR
#include "cpu/epilogue/erf_approx.h"

/* |got - want| in ulps of want rounded to float. */
static double ulps_exact(float got, double want) {
    const float w = fabsf((float)want);
    return fabs((double)got - want) / ((double)nextafterf(w, INFINITY) - w);
}

static void test_erf_approx(void) {
    float (*const fns[2])(float) = {erf_fused, erf_unfused};
    const uint32_t top = 0x40900000u; /* 4.5 */
    for (int k = 0; k < 2; k++) {
        double worst = 0;
        float worst_x = 0;
        for (uint32_t b = 0; b <= top; b += 61)
            for (int sgn = 0; sgn < 2; sgn++) {
                const uint32_t u = b | (sgn ? 0x80000000u : 0);
                float x;
                memcpy(&x, &u, 4);
                const double d = ulps_exact(fns[k](x), erf((double)x));
                if (d > worst) worst = d, worst_x = x;
            }
        printf("erf_approx %-7s worst %.3g ulp at x = %.9g\n", k ? "unfused" : "fused", worst, worst_x);
        CHECK(worst <= (k ? ERF_MAX_ULP_UNFUSED : ERF_MAX_ULP));
        CHECK(fns[k](INFINITY) == 1.0f && fns[k](-INFINITY) == -1.0f && fns[k](3.4e38f) == 1.0f);
        CHECK(isnan(fns[k](NAN)) && fns[k](0.0f) == 0.0f && signbit(fns[k](-0.0f)));
        CHECK(fns[k](1e-45f) == 1e-45f || fns[k](1e-45f) == 2.8e-45f); /* subnormal: x 2/sqrt(pi) */
        for (float x = 3.8f; x < 5.0f; x += 0.001f) CHECK(fns[k](x) <= 1.0f);
    }
}

/* A program computing exact GELU of the accumulator as torch-mlir writes
 * it, in variant v: bit 0 x * 0.70710678 for the division, bits 1-2 where
 * the 0.5 goes (on 1 + erf, on x, on the product), bit 3 operands swapped.
 * reuse: the 1 + erf value is read again (then not fused). */
static cpu_epilogue gelu_chain(int v, bool reuse) {
    cpu_epilogue e = {.nregs = 12};
    int n = 0;
    const bool sw = v & 8;
#define I(o, d, x, y, im) e.insn[n++] = (cpu_epi_insn){.op = (o), .dst = (d), .a = (x), .b = (y), .imm = (im), .fn = IR_OP_ERF}
    I(CPU_EPI_CONST, 1, 0, 0, (v & 1) ? 0.70710678f : 1.41421354f);
    I((v & 1) ? CPU_EPI_MUL : CPU_EPI_DIV, 2, 0, 1, 0);
    I(CPU_EPI_FN, 3, 2, 0, 0);
    I(CPU_EPI_CONST, 4, 0, 0, 1.0f);
    I(CPU_EPI_ADD, 5, sw ? 4 : 3, sw ? 3 : 4, 0);
    I(CPU_EPI_CONST, 6, 0, 0, 0.5f);
    switch ((v >> 1) & 3) {
    case 0: I(CPU_EPI_MUL, 7, sw ? 6 : 5, sw ? 5 : 6, 0); I(CPU_EPI_MUL, 8, sw ? 7 : 0, sw ? 0 : 7, 0); break;
    case 1: I(CPU_EPI_MUL, 7, sw ? 6 : 0, sw ? 0 : 6, 0); I(CPU_EPI_MUL, 8, sw ? 5 : 7, sw ? 7 : 5, 0); break;
    default: I(CPU_EPI_MUL, 7, sw ? 5 : 0, sw ? 0 : 5, 0); I(CPU_EPI_MUL, 8, sw ? 6 : 7, sw ? 7 : 6, 0); break;
    }
    if (reuse) I(CPU_EPI_ADD, 9, 8, 5, 0);
#undef I
    e.ninsn = (uint32_t)n;
    e.result = reuse ? 9 : 8;
    return e;
}

/* tanh-GELU as torch-mlir writes it, 0.5 x (1 + tanh(0.7978846 (x +
 * 0.044715 x^3))), in variant v: bit 0 x^3 as (x * x) * x (else x * (x *
 * x)), bits 1-2 where the 0.5 goes (on 1 + tanh, on x, on the product), bit
 * 3 operands swapped. reuse: the 1 + tanh value is read again (then not
 * fused). */
static cpu_epilogue gelu_tanh_chain(int v, bool reuse) {
    cpu_epilogue e = {.nregs = 15};
    int n = 0;
    const bool sw = v & 8;
#define I(o, d, x, y, im) e.insn[n++] = (cpu_epi_insn){.op = (o), .dst = (d), .a = (x), .b = (y), .imm = (im), .fn = IR_OP_TANH}
#define M(d, x, y) I(CPU_EPI_MUL, d, sw ? (y) : (x), sw ? (x) : (y), 0)
    I(CPU_EPI_MUL, 1, 0, 0, 0);
    I(CPU_EPI_MUL, 2, (v & 1) ? 1 : 0, (v & 1) ? 0 : 1, 0);
    I(CPU_EPI_CONST, 3, 0, 0, 0.044715f);
    M(4, 2, 3);
    I(CPU_EPI_ADD, 5, sw ? 4 : 0, sw ? 0 : 4, 0);
    I(CPU_EPI_CONST, 6, 0, 0, 0.7978845608028654f);
    M(7, 5, 6);
    I(CPU_EPI_FN, 8, 7, 0, 0);
    I(CPU_EPI_CONST, 9, 0, 0, 1.0f);
    I(CPU_EPI_ADD, 10, sw ? 9 : 8, sw ? 8 : 9, 0);
    I(CPU_EPI_CONST, 11, 0, 0, 0.5f);
    switch ((v >> 1) & 3) {
    case 0: M(12, 10, 11); M(13, 0, 12); break;
    case 1: M(12, 0, 11); M(13, 12, 10); break;
    default: M(12, 0, 10); M(13, 12, 11); break;
    }
    if (reuse) I(CPU_EPI_ADD, 14, 13, 10, 0);
#undef M
#undef I
    e.ninsn = (uint32_t)n;
    e.result = reuse ? 14 : 13;
    return e;
}

/* SiLU as torch-mlir writes it (a sigmoid, then the product with x), x *
 * (1 / (e^{-x} + 1)) with the constant 1 in one register: variant bit 3
 * swaps the add's and the product's operands (the others change nothing).
 * reuse: the sigmoid is read again (then not fused). */
static cpu_epilogue silu_chain(int v, bool reuse) {
    cpu_epilogue e = {.nregs = 9};
    int n = 0;
    const bool sw = v & 8;
#define I(o, d, x, y, im) e.insn[n++] = (cpu_epi_insn){.op = (o), .dst = (d), .a = (x), .b = (y), .imm = (im), .fn = IR_OP_EXP}
    I(CPU_EPI_NEG, 1, 0, 0, 0);
    I(CPU_EPI_FN, 2, 1, 0, 0);
    I(CPU_EPI_CONST, 3, 0, 0, 1.0f);
    I(CPU_EPI_ADD, 4, sw ? 3 : 2, sw ? 2 : 3, 0);
    I(CPU_EPI_DIV, 5, 3, 4, 0);
    I(CPU_EPI_MUL, 6, sw ? 5 : 0, sw ? 0 : 5, 0);
    if (reuse) I(CPU_EPI_ADD, 7, 6, 5, 0);
#undef I
    e.ninsn = (uint32_t)n;
    e.result = reuse ? 7 : 6;
    return e;
}

/* cpu_epi_fuse_activations: each variant of chain becomes the one instruction op
 * (the chain's last, instruction `last`; dead steps dropped), with the
 * chain's values to f32 rounding; a chain whose intermediate is read
 * elsewhere stays. */
static void fuse_variants(cpu_epilogue (*chain)(int, bool), cpu_epi_op op, int last) {
    for (int v = 0; v < 16; v++) {
        if (((v >> 1) & 3) == 3) continue;
        const cpu_epilogue orig = chain(v, false);
        cpu_epilogue e = orig;
        int16_t at[CPU_EPI_MAX_INSNS];
        CHECK_EQ_INT(cpu_epi_fuse_activations(&e, at), 1);
        CHECK_EQ_INT(e.ninsn, 1);
        CHECK_EQ_INT(e.insn[0].op, op);
        CHECK_EQ_INT(e.insn[0].a, 0);
        CHECK_EQ_INT(at[last], 0);
        CHECK_EQ_INT(at[0], -1);
        CHECK_EQ_INT(cpu_epi_check(&ctx, &e), SP_OK);
        int bad = 0;
        for (int i = 0; i < 4000; i++) {
            const float x = frand() * 8.0f, want = cpu_epi_eval(&orig, x, 0, 0), got = cpu_epi_eval(&e, x, 0, 0);
            bad += fabsf(got - want) > 4 * 1.2e-7f * fabsf(want) + 1.2e-7f * fabsf(x);
        }
        CHECK_EQ_INT(bad, 0);
        cpu_epilogue r = chain(v, true);
        CHECK_EQ_INT(cpu_epi_fuse_activations(&r, at), 0);
        CHECK_EQ_INT(r.ninsn, orig.ninsn + 1);
    }
}

/* ... and chains that are not GELU (another constant, another function),
 * or not as compiled (a register written twice), are left alone. */
static void test_fuse_gelu(void) {
    fuse_variants(gelu_chain, CPU_EPI_GELU_ERF, 7);
    fuse_variants(gelu_tanh_chain, CPU_EPI_GELU_TANH, 12);
    fuse_variants(silu_chain, CPU_EPI_SILU, 5);
    for (int i = 0; i < 4000; i++) { /* SiLU rounds as its chain: the same bits */
        const cpu_epilogue orig = silu_chain(i & 8, false);
        cpu_epilogue f = orig;
        int16_t at2[CPU_EPI_MAX_INSNS];
        cpu_epi_fuse_activations(&f, at2);
        const float x = i == 0 ? NAN : i == 1 ? -INFINITY : i == 2 ? 100.0f : (frand() - 0.5f) * 60.0f;
        CHECK(same_bits(cpu_epi_eval(&orig, x, 0, 0), cpu_epi_eval(&f, x, 0, 0)));
    }
    cpu_epilogue w = gelu_chain(0, false);
    w.insn[5].imm = 0.25f; /* x * ((1 + erf) * 0.25): not GELU */
    int16_t at[CPU_EPI_MAX_INSNS];
    CHECK_EQ_INT(cpu_epi_fuse_activations(&w, at), 0);
    w = gelu_tanh_chain(0, false);
    w.insn[2].imm = 0.044f; /* another cubic term */
    CHECK_EQ_INT(cpu_epi_fuse_activations(&w, at), 0);
    w = gelu_tanh_chain(0, false);
    w.insn[7].fn = IR_OP_ERF; /* erf of the tanh form's argument */
    CHECK_EQ_INT(cpu_epi_fuse_activations(&w, at), 0);
    w = silu_chain(0, false);
    w.insn[0].op = CPU_EPI_ABS; /* x * (1 / (e^{|x|} + 1)): not SiLU */
    CHECK_EQ_INT(cpu_epi_fuse_activations(&w, at), 0);
    w = silu_chain(0, false);
    w.insn[5].a = 1; /* the sigmoid times -x */
    CHECK_EQ_INT(cpu_epi_fuse_activations(&w, at), 0);
    cpu_epilogue twice = gelu_chain(0, false); /* r1 written again: not as compiled, left alone */
    twice.insn[twice.ninsn++] = (cpu_epi_insn){.op = CPU_EPI_CONST, .dst = 1, .imm = 2.0f};
    CHECK_EQ_INT(cpu_epi_fuse_activations(&twice, at), 0);
    CHECK_EQ_INT(twice.ninsn, 9);
}

/* CPU_EPI_FN applies the cpu's own functions (fn1.h) only: another op is
 * rejected by cpu_epi_check, not computed. */
static void test_fn_check(void) {
    cpu_epilogue e = unary_fn(CPU_EPI_FN, IR_OP_TANH);
    CHECK_EQ_INT(cpu_epi_check(&ctx, &e), SP_OK);
    e = unary_fn(CPU_EPI_FN, IR_OP_SIN);
    CHECK_EQ_INT(cpu_epi_check(&ctx, &e), SP_EINPUT);
    e = unary_fn(CPU_EPI_FN, IR_OP_COUNT);
    CHECK_EQ_INT(cpu_epi_check(&ctx, &e), SP_EINPUT);
}

int main(void) {
    sp_ctx_init(&ctx, NULL);
    const char *env = getenv("SPADC_ISA");
    for (int i = 0; i < CPU_ISA_COUNT; i++) {
        if (!cpu_isa_supported((cpu_isa)i)) continue;
        if (env && *env && strcmp(env, cpu_isa_name((cpu_isa)i))) continue;
        int n;
        const cpu_kernel_set *const *s = cpu_kernel_sets((cpu_isa)i, &n);
        for (int j = 0; j < n; j++) sets[nsets++] = s[j];
    }
    test_fn_check();
    test_exact_ops();
    test_round_ops();
    test_coalesce();
    test_single_assign();
    test_microkernels();
    test_steps();
    test_rows_kernels();
    test_erf_approx();
    test_fuse_gelu();
    test_transcendentals();
    test_exp_rows();
    TEST_DONE();
}
