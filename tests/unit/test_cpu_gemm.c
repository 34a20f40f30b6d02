/* test_cpu_gemm.c - cpu_gemm against a naive double-precision reference:
 * shapes around the tile sizes, strides (transposed, broadcast, padded),
 * batch-reduce, every init mode, epilogue programs, pre-packed B, forced
 * small blockings, 1 and 2 threads, on every ISA this CPU supports (or only
 * SPADC_ISA when it is set: tests/cli/cpu_isa.sh runs each one). Also the
 * ISA selection, the blocking plans and argument errors. No timing. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cpu/cpu.h"
#include "cpu/kernels/kernels.h"
#include "ir/ir.h"
#include "plan/alloc.h"
#include "test.h"

static sp_ctx ctx;
static cpu_caches caches;
static cpu_isa isas[CPU_ISA_COUNT];
static int nisas;

/* ------------------------------------------------------------ helpers */

static uint64_t rng = 88172645463325252ull;
static float frand(void) { /* uniform in [-1, 1) */
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (float)((double)(rng >> 11) / 4503599627370496.0 - 1.0);
}

static float *randbuf(size_t n) {
    float *p = malloc((n ? n : 1) * sizeof *p);
    for (size_t i = 0; i < n; i++) p[i] = frand();
    return p;
}

typedef struct problem {
    int64_t M, N, K, nb;
    int64_t a_sm, a_sk, a_sb, b_sk, b_sn, b_sb, c_sm, c_sn;
    cpu_init init;
    uint32_t init_operand;
    const cpu_epilogue *epi;
    double lip; /* how much the epilogue can amplify an error of the accumulator */
} problem;

/* Element count a strided operand spans (strides >= 0 here). */
static size_t extent(int64_t d0, int64_t s0, int64_t d1, int64_t s1, int64_t d2, int64_t s2) {
    if (d0 == 0 || d1 == 0 || d2 == 0) return 1;
    return (size_t)((d0 - 1) * s0 + (d1 - 1) * s1 + (d2 - 1) * s2 + 1);
}

static const char *cur_label = "";
static int reported;

/* Runs the problem with this blocking and packing choice and compares every
 * element with the reference. */
static void check_problem(const problem *pb, const cpu_blocking *blk, int nthreads, bool prepack, const float *A,
                          const float *B, const float *C0) {
    const int64_t M = pb->M, N = pb->N, K = pb->K, nb = pb->nb;
    const size_t csz = extent(M, pb->c_sm, N, pb->c_sn, 1, 0);
    float *C = malloc(csz * sizeof *C);
    memcpy(C, C0, csz * sizeof *C);
    cpu_packed *pk = NULL;
    if (prepack) CHECK_EQ_INT(cpu_pack_b(&ctx, blk, K, N, nb, B, CPU_F32, pb->b_sk, pb->b_sn, pb->b_sb, &pk), SP_OK);
    cpu_gemm_args g = {.M = M, .N = N, .K = K, .nbatch = nb, .A = A, .a_sm = pb->a_sm, .a_sk = pb->a_sk,
                       .a_sb = pb->a_sb, .B = prepack ? NULL : B, .b_sk = pb->b_sk, .b_sn = pb->b_sn,
                       .b_sb = pb->b_sb, .packed_b = pk, .C = C, .c_sm = pb->c_sm, .c_sn = pb->c_sn,
                       .init = pb->init, .init_operand = pb->init_operand, .epi = pb->epi, .blocking = blk,
                       .nthreads = nthreads};
    sp_status st = cpu_gemm(&ctx, &g);
    CHECK_EQ_INT(st, SP_OK);
    if (st != SP_OK) fprintf(stderr, "  %s: %s\n", cur_label, ctx.err.msg);
    double amax = 0, bmax = 0;
    for (int64_t b = 0; b < nb; b++)
        for (int64_t m = 0; m < M; m++)
            for (int64_t k = 0; k < K; k++) amax = fmax(amax, fabs(A[b * pb->a_sb + m * pb->a_sm + k * pb->a_sk]));
    for (int64_t b = 0; b < nb; b++)
        for (int64_t k = 0; k < K; k++)
            for (int64_t n = 0; n < N; n++) bmax = fmax(bmax, fabs(B[b * pb->b_sb + k * pb->b_sk + n * pb->b_sn]));
    int bad = 0;
    for (int64_t m = 0; m < M && st == SP_OK; m++)
        for (int64_t n = 0; n < N; n++) {
            double init = 0;
            if (pb->init == CPU_INIT_C) init = C0[m * pb->c_sm + n * pb->c_sn];
            if (pb->init == CPU_INIT_OPERAND) {
                const cpu_operand *o = &pb->epi->operands[pb->init_operand];
                init = o->ptr[m * o->sm + n * o->sn];
            }
            double acc = init;
            for (int64_t b = 0; b < nb; b++)
                for (int64_t k = 0; k < K; k++)
                    acc += (double)A[b * pb->a_sb + m * pb->a_sm + k * pb->a_sk] *
                           (double)B[b * pb->b_sb + k * pb->b_sk + n * pb->b_sn];
            /* fp32 accumulation error bound, then through the epilogue
             * (reference semantics on the neighbouring accumulators) */
            const double err = 1e-6 * (double)(K * nb + 4) * amax * bmax + 1e-6 * fabs(init) + 1e-30;
            const float r0 = cpu_epi_eval(pb->epi, (float)acc, m, n);
            const float r1 = cpu_epi_eval(pb->epi, (float)(acc - err), m, n);
            const float r2 = cpu_epi_eval(pb->epi, (float)(acc + err), m, n);
            double lo = fmin(r0, fmin(r1, r2)), hi = fmax(r0, fmax(r1, r2));
            const double slack = pb->lip * err + 4e-6 * fmax(1.0, fabs(r0));
            const float got = C[m * pb->c_sm + n * pb->c_sn];
            const bool ok = isnan(r0) ? isnan(got) : (got >= lo - slack && got <= hi + slack);
            if (!ok && bad++ < 3 && reported++ < 20)
                fprintf(stderr, "  %s: C[%lld][%lld] = %.9g, expected %.9g (tolerance %.3g)\n", cur_label,
                        (long long)m, (long long)n, got, r0, slack + (hi - lo));
        }
    CHECK(bad == 0);
    /* elements of C's buffer outside the M x N view keep their values */
    if (pb->c_sn >= 1 && pb->c_sm >= N * pb->c_sn && (pb->c_sn > 1 || pb->c_sm > N)) {
        int touched = 0;
        for (size_t i = 0; i < csz; i++) {
            const int64_t m = pb->c_sm ? (int64_t)i / pb->c_sm : 0, r = pb->c_sm ? (int64_t)i % pb->c_sm : (int64_t)i;
            const bool inside = pb->c_sn && r % pb->c_sn == 0 && r / pb->c_sn < N && m < M;
            if (!inside && memcmp(&C[i], &C0[i], sizeof(float))) touched++;
        }
        CHECK_EQ_INT(touched, 0);
    }
    cpu_packed_free(&ctx, pk);
    free(C);
}

/* When set, run_problem plans over this kernel set only (test_every_set):
 * every set of an ISA, not only those the cost model picks for the shape. */
static const cpu_kernel_set *forced_set;

/* Every supported ISA (or SPADC_ISA), 1 and 2 threads, B packed per call,
 * pre-packed, and read in place (forced: the kernel set's gemm_strided,
 * where B's layout allows it; cpu_gemm packs it otherwise); optionally a
 * forced small blocking. */
static void run_problem(const char *label, const problem *pb, const float *A, const float *B, const float *C0,
                        int small_blocks) {
    for (int ii = 0; ii < nisas; ii++)
        for (int nt = 1; nt <= 2; nt++)
            for (int mode = 0; mode <= 2; mode++) {
                const int prepack = mode == 1, inplace = mode == 2;
                if (forced_set && forced_set->isa != isas[ii]) continue;
                cpu_blocking blk;
                sp_status st = forced_set ? cpu_blocking_choose_set(&ctx, pb->M, pb->N, pb->K, pb->nb, nt, forced_set,
                                                                    &caches, !prepack, &blk)
                                          : cpu_blocking_choose(&ctx, pb->M, pb->N, pb->K, pb->nb, nt, isas[ii],
                                                                &caches, !prepack, &blk);
                if (forced_set) CHECK(!strcmp(blk.kernel, forced_set->name));
                CHECK_EQ_INT(st, SP_OK);
                if (st != SP_OK) continue;
                if (small_blocks) { /* several blocks in every loop */
                    blk.kc = small_blocks;
                    blk.nc = blk.nr;
                    blk.mc = blk.mr;
                    if (nt == 2) {
                        blk.nthreads = 2;
                        blk.tm = (pb->M > pb->N) ? 2 : 1;
                        blk.tn = 2 / blk.tm;
                    }
                    /* the next block packed (B per call, tm = 1) or
                     * prefetched (B pre-packed, or packed whole first)
                     * while the current one is read */
                    blk.rhs_ahead = true;
                }
                if (inplace) blk.b_inplace = true, blk.rhs_ahead = false;
                char buf[256];
                snprintf(buf, sizeof buf, "%s [%s %s, %d thread(s)%s%s]", label, cpu_isa_name(isas[ii]), blk.kernel, nt,
                         small_blocks ? ", small blocks" : "", prepack ? ", pre-packed B" : inplace ? ", B in place" : "");
                cur_label = buf;
                check_problem(pb, &blk, nt, prepack, A, B, C0);
                if (small_blocks && !inplace) { /* and brought in at each block's start, one buffer */
                    blk.rhs_ahead = false;
                    check_problem(pb, &blk, nt, false, A, B, C0);
                }
                if (small_blocks && !inplace && !prepack && blk.tm == 1) { /* from source lines fetched ahead */
                    blk.rhs_ahead = blk.rhs_fetch = true;
                    check_problem(pb, &blk, nt, false, A, B, C0);
                }
            }
}

/* A dense problem with row-major operands. */
static problem dense(int64_t M, int64_t N, int64_t K) {
    return (problem){.M = M, .N = N, .K = K, .nb = 1, .a_sm = K, .a_sk = 1, .a_sb = M * K, .b_sk = N, .b_sn = 1,
                     .b_sb = K * N, .c_sm = N, .c_sn = 1, .lip = 1};
}

static void run_dense(const char *label, problem pb, int small_blocks) {
    const size_t asz = extent(pb.nb, pb.a_sb, pb.M, pb.a_sm, pb.K, pb.a_sk);
    const size_t bsz = extent(pb.nb, pb.b_sb, pb.K, pb.b_sk, pb.N, pb.b_sn);
    const size_t csz = extent(pb.M, pb.c_sm, pb.N, pb.c_sn, 1, 0);
    float *A = randbuf(asz), *B = randbuf(bsz), *C0 = randbuf(csz);
    run_problem(label, &pb, A, B, C0, small_blocks);
    free(A);
    free(B);
    free(C0);
}

/* ------------------------------------------------------------- tests */

static void test_shapes(void) {
    static const int64_t shapes[][3] = {
        {1, 1, 1},     {1, 64, 1},    {1, 1, 100},   {2, 3, 5},     {6, 64, 32},    {5, 63, 17},  {7, 65, 33},
        {12, 128, 64}, {13, 129, 257}, {17, 31, 7},  {61, 67, 71},  {1, 333, 129},  {127, 1, 33}, {64, 64, 64},
        {11, 16, 9},   {6, 15, 8},    {6, 17, 8},    {4, 47, 3},    {3, 48, 2},     {8, 49, 5},   {2, 1030, 3},
        {6, 64, 0},    {9, 70, 0},    {31, 250, 1100}, {200, 96, 40}, {40, 60, 3000}};
    for (size_t i = 0; i < SP_ARRAY_LEN(shapes); i++) {
        char label[64];
        snprintf(label, sizeof label, "gemm %lldx%lldx%lld", (long long)shapes[i][0], (long long)shapes[i][1],
                 (long long)shapes[i][2]);
        run_dense(label, dense(shapes[i][0], shapes[i][1], shapes[i][2]), 0);
    }
    /* every loop with several blocks, on odd sizes */
    run_dense("gemm 23x150x70 small blocks", dense(23, 150, 70), 16);
    run_dense("gemm 40x200x300 small blocks", dense(40, 200, 300), 40);
}

/* Every f32 kernel set of each tested ISA through the whole engine (its
 * packing, many-row kernel, edges), whichever the cost model would pick:
 * shapes around each set's tile (M = 1..2 MR + 1 rows, N past one and two
 * panels of 16, 32 and 64), B transposed (pack_cols), a batch, small
 * blocks. */
static void test_every_set(void) {
    static const int64_t shapes[][3] = {{1, 1, 1},   {1, 33, 70},  {2, 32, 17},  {2, 65, 9},  {3, 64, 40},
                                        {4, 16, 5},  {5, 100, 129}, {7, 31, 300}, {13, 97, 33}, {1, 130, 1100}};
    for (int ii = 0; ii < nisas; ii++) {
        int n;
        const cpu_kernel_set *const *sets = cpu_kernel_sets(isas[ii], &n);
        for (int si = 0; si < n; si++) {
            if (sets[si]->pairs || sets[si]->isa != isas[ii]) continue;
            forced_set = sets[si];
            for (size_t i = 0; i < SP_ARRAY_LEN(shapes); i++) {
                char label[96];
                snprintf(label, sizeof label, "set %s: gemm %lldx%lldx%lld", sets[si]->name, (long long)shapes[i][0],
                         (long long)shapes[i][1], (long long)shapes[i][2]);
                run_dense(label, dense(shapes[i][0], shapes[i][1], shapes[i][2]), 0);
            }
            problem p = dense(5, 70, 23);
            p.b_sk = 1, p.b_sn = 23; /* B transposed */
            run_dense("every set: B transposed", p, 0);
            p = dense(3, 45, 9);
            p.nb = 4;
            run_dense("every set: batch-reduce", p, 0);
            run_dense("every set: small blocks", dense(9, 100, 70), 16);
            forced_set = NULL;
        }
    }
}

static void test_strides(void) {
    problem p = dense(19, 37, 23);
    p.a_sm = 1, p.a_sk = 19; /* A transposed (column-major) */
    run_dense("A transposed", p, 0);
    p = dense(19, 37, 23);
    p.b_sk = 1, p.b_sn = 23; /* B transposed */
    run_dense("B transposed", p, 0);
    run_dense("B transposed, small blocks", p, 8);
    /* many rows, so that B is packed (pack_cols: column groups of 16, and
     * of 8 where columns lie 4 KiB apart), not read in place */
    p = dense(200, 70, 200);
    p.b_sk = 1, p.b_sn = 200;
    run_dense("B transposed, packed", p, 0);
    p = dense(200, 70, 1024);
    p.b_sk = 1, p.b_sn = 1024;
    run_dense("B transposed, packed, K = 1024", p, 0);
    p = dense(19, 37, 23);
    p.a_sm = 0; /* every row of A the same (broadcast) */
    run_dense("A broadcast rows", p, 0);
    p = dense(19, 37, 23);
    p.b_sk = 0; /* every row of B the same */
    run_dense("B broadcast over k", p, 0);
    p = dense(14, 70, 30);
    p.a_sm = 41, p.b_sk = 77, p.c_sm = 75; /* padded leading dimensions */
    run_dense("padded", p, 0);
    p = dense(14, 70, 30);
    p.c_sm = 1, p.c_sn = 14; /* C transposed */
    run_dense("C transposed", p, 0);
    p = dense(9, 20, 30);
    p.c_sn = 2, p.c_sm = 41; /* C every other column */
    run_dense("C strided", p, 16);
    p = dense(9, 20, 30);
    p.a_sk = 2, p.a_sm = 61; /* A every other k */
    run_dense("A k stride 2", p, 0);
}

static void test_batch(void) {
    problem p = dense(13, 70, 9);
    p.nb = 5; /* short batches: A is packed so K blocks span batches */
    run_dense("batch-reduce 5 x K=9", p, 0);
    p = dense(13, 70, 300);
    p.nb = 3; /* long batches: A read in place, blocks per batch */
    run_dense("batch-reduce 3 x K=300", p, 0);
    run_dense("batch-reduce 3 x K=300 small blocks", p, 64);
    p = dense(10, 33, 17);
    p.nb = 4, p.a_sb = 10 * 17 + 5, p.b_sb = 17 * 33 + 7, p.a_sm = 1, p.a_sk = 10; /* gaps, transposed A */
    run_dense("batch-reduce with gaps, A transposed", p, 0);
    p = dense(10, 33, 17);
    p.nb = 3, p.b_sb = 0; /* the same B for every batch */
    run_dense("batch-reduce shared B", p, 0);
}

/* Epilogue programs. */
static cpu_epilogue prog(void) { return (cpu_epilogue){.nregs = 8}; }
static void ins(cpu_epilogue *e, cpu_epi_op op, int dst, int a, int b) {
    e->insn[e->ninsn++] = (cpu_epi_insn){.op = (uint8_t)op, .dst = (uint8_t)dst, .a = (uint8_t)a, .b = (uint8_t)b};
}
static void fn1(cpu_epilogue *e, ir_opkind fn, int dst, int a) {
    e->insn[e->ninsn++] = (cpu_epi_insn){.op = CPU_EPI_FN, .dst = (uint8_t)dst, .a = (uint8_t)a, .fn = (uint16_t)fn};
}
static void cst(cpu_epilogue *e, int dst, float v) {
    e->insn[e->ninsn++] = (cpu_epi_insn){.op = CPU_EPI_CONST, .dst = (uint8_t)dst, .imm = v};
}
static uint32_t opnd(cpu_epilogue *e, const float *p, int64_t sm, int64_t sn) {
    e->operands[e->noperands] = (cpu_operand){p, sm, sn};
    return e->noperands++;
}

static void test_epilogues(void) {
    const int64_t M = 29, N = 150, K = 40;
    float *bias = randbuf(N), *colb = randbuf(M), *D = randbuf((size_t)M * N), *DT = randbuf((size_t)M * N);
    float *scal = randbuf(1);
    const float *A0 = randbuf((size_t)M * K), *B0 = randbuf((size_t)K * N), *C0 = randbuf((size_t)M * N);
    typedef struct {
        const char *name;
        cpu_epilogue e;
        cpu_init init;
        double lip;
    } epi_case;
    epi_case cs[24];
    int n = 0;
    cpu_epilogue e;
    /* bias row + relu (folded into init) */
    e = prog(), ins(&e, CPU_EPI_LOAD, 1, (int)opnd(&e, bias, 0, 1), 0), ins(&e, CPU_EPI_ADD, 0, 0, 1),
    ins(&e, CPU_EPI_RELU, 0, 0, 0);
    cs[n++] = (epi_case){"bias_relu", e, CPU_INIT_ZERO, 1};
    /* the same with init C: no folding */
    cs[n++] = (epi_case){"init C + bias_relu", e, CPU_INIT_C, 1};
    /* bias column */
    e = prog(), ins(&e, CPU_EPI_LOAD, 2, (int)opnd(&e, colb, 1, 0), 0), ins(&e, CPU_EPI_ADD, 0, 2, 0);
    cs[n++] = (epi_case){"bias column", e, CPU_INIT_ZERO, 1};
    /* residual (folded) */
    e = prog(), ins(&e, CPU_EPI_LOAD, 1, (int)opnd(&e, D, N, 1), 0), ins(&e, CPU_EPI_ADD, 0, 0, 1);
    cs[n++] = (epi_case){"residual", e, CPU_INIT_ZERO, 1};
    /* residual read transposed, and not foldable (used twice) */
    e = prog(), ins(&e, CPU_EPI_LOAD, 1, (int)opnd(&e, DT, 1, M), 0), ins(&e, CPU_EPI_ADD, 0, 0, 1),
    ins(&e, CPU_EPI_MUL, 2, 0, 1);
    e.result = 2;
    cs[n++] = (epi_case){"transposed operand (acc+D)*D", e, CPU_INIT_ZERO, 3};
    /* relu alone, as CONST 0 + MAX */
    e = prog(), ins(&e, CPU_EPI_RELU, 3, 0, 0);
    e.result = 3;
    cs[n++] = (epi_case){"relu", e, CPU_INIT_ZERO, 1};
    e = prog(), cst(&e, 1, 0.0f), ins(&e, CPU_EPI_MAX, 0, 1, 0);
    cs[n++] = (epi_case){"max(0, x)", e, CPU_INIT_ZERO, 1};
    /* scale */
    e = prog(), cst(&e, 1, 0.125f), ins(&e, CPU_EPI_MUL, 0, 0, 1);
    cs[n++] = (epi_case){"scale", e, CPU_INIT_ZERO, 1};
    e = prog(), ins(&e, CPU_EPI_GELU_TANH, 0, 0, 0);
    cs[n++] = (epi_case){"gelu_tanh", e, CPU_INIT_ZERO, 1.2};
    e = prog(), ins(&e, CPU_EPI_GELU_ERF, 0, 0, 0);
    cs[n++] = (epi_case){"gelu_erf", e, CPU_INIT_ZERO, 1.2};
    /* chain: bias, gelu, scalar scale from memory, residual */
    e = prog();
    {
        const int ob = (int)opnd(&e, bias, 0, 1), os = (int)opnd(&e, scal, 0, 0), od = (int)opnd(&e, D, N, 1);
        ins(&e, CPU_EPI_LOAD, 1, ob, 0), ins(&e, CPU_EPI_ADD, 0, 0, 1), ins(&e, CPU_EPI_GELU_ERF, 0, 0, 0);
        ins(&e, CPU_EPI_LOAD, 2, os, 0), ins(&e, CPU_EPI_MUL, 0, 0, 2), ins(&e, CPU_EPI_LOAD, 3, od, 0);
        ins(&e, CPU_EPI_ADD, 4, 0, 3);
        e.result = 4;
    }
    cs[n++] = (epi_case){"chain bias gelu scale residual", e, CPU_INIT_ZERO, 1.2};
    /* every op */
    e = prog();
    {
        const int od = (int)opnd(&e, D, N, 1);
        ins(&e, CPU_EPI_LOAD, 1, od, 0);        /* r1 = D */
        ins(&e, CPU_EPI_SUB, 2, 0, 1);          /* r2 = acc - D */
        ins(&e, CPU_EPI_ABS, 3, 2, 0);          /* r3 = |r2| */
        ins(&e, CPU_EPI_SQRT, 4, 3, 0);         /* r4 = sqrt */
        cst(&e, 5, 1.5f);
        ins(&e, CPU_EPI_ADD, 3, 3, 5);          /* r3 = |r2| + 1.5 */
        ins(&e, CPU_EPI_RSQRT, 6, 3, 0);        /* r6 = rsqrt */
        ins(&e, CPU_EPI_DIV, 4, 4, 3);          /* r4 /= r3 */
        fn1(&e, IR_OP_TANH, 7, 2);              /* r7 = tanh(r2) */
        fn1(&e, IR_OP_ERF, 5, 1);               /* r5 = erf(D) */
        ins(&e, CPU_EPI_MIN, 7, 7, 5);
        ins(&e, CPU_EPI_MAX, 7, 7, 6);
        ins(&e, CPU_EPI_NEG, 6, 6, 0);
        fn1(&e, IR_OP_EXP, 5, 2);               /* r5 = exp(r2) */
        e.insn[e.ninsn++] = (cpu_epi_insn){.op = CPU_EPI_SELECT_GT, .dst = 2, .a = 0, .b = 1, .c = 7, .d = 5};
        ins(&e, CPU_EPI_ADD, 2, 2, 4);
        ins(&e, CPU_EPI_ADD, 2, 2, 6);
        e.result = 2;
    }
    cs[n++] = (epi_case){"every op", e, CPU_INIT_ZERO, 30};
    /* bias as the matmul's init operand, then relu */
    e = prog(), opnd(&e, bias, 0, 1), ins(&e, CPU_EPI_RELU, 0, 0, 0);
    cs[n++] = (epi_case){"init operand bias + relu", e, CPU_INIT_OPERAND, 1};
    for (int i = 0; i < n; i++) {
        problem p = dense(M, N, K);
        p.epi = &cs[i].e;
        p.init = cs[i].init;
        p.lip = cs[i].lip;
        char label[96];
        snprintf(label, sizeof label, "epilogue %s", cs[i].name);
        run_problem(label, &p, A0, B0, C0, 0);
        snprintf(label, sizeof label, "epilogue %s, small blocks", cs[i].name);
        run_problem(label, &p, A0, B0, C0, 16);
    }
    /* an epilogue operand that is C: read before written, also with K blocks */
    {
        float *Cin = malloc((size_t)M * N * sizeof *Cin);
        memcpy(Cin, C0, (size_t)M * N * sizeof *Cin);
        e = prog(), ins(&e, CPU_EPI_RELU, 0, 0, 0), ins(&e, CPU_EPI_LOAD, 1, (int)opnd(&e, Cin, N, 1), 0),
        ins(&e, CPU_EPI_MUL, 0, 0, 1);
        /* the engine reads C's own bytes; the reference the saved copy */
        for (int sb = 0; sb <= 1; sb++)
            for (int ii = 0; ii < nisas; ii++) {
                cpu_blocking blk;
                CHECK_EQ_INT(cpu_blocking_choose(&ctx, M, N, K, 1, 1, isas[ii], &caches, false, &blk), SP_OK);
                if (sb) blk.kc = 8;
                float *C = malloc((size_t)M * N * sizeof *C);
                memcpy(C, C0, (size_t)M * N * sizeof *C);
                cpu_epilogue e2 = e;
                e2.operands[0].ptr = C;
                cpu_gemm_args g = {.M = M, .N = N, .K = K, .nbatch = 1, .A = A0, .a_sm = K, .a_sk = 1, .B = B0,
                                   .b_sk = N, .b_sn = 1, .C = C, .c_sm = N, .c_sn = 1, .epi = &e2, .blocking = &blk,
                                   .nthreads = 1};
                CHECK_EQ_INT(cpu_gemm(&ctx, &g), SP_OK);
                int bad = 0;
                for (int64_t m = 0; m < M; m++)
                    for (int64_t j = 0; j < N; j++) {
                        double acc = 0;
                        for (int64_t k = 0; k < K; k++) acc += (double)A0[m * K + k] * B0[k * N + j];
                        const double want = fmax(acc, 0) * Cin[m * N + j];
                        if (fabs(C[m * N + j] - want) > 1e-4) bad++;
                    }
                CHECK_EQ_INT(bad, 0);
                free(C);
            }
        free(Cin);
    }
    free(bias), free(colb), free(D), free(DT), free(scal);
    free((void *)A0), free((void *)B0), free((void *)C0);
}

static void test_init_modes(void) {
    const int64_t M = 21, N = 90, K = 50;
    float *bias = randbuf(N), *T = randbuf((size_t)M * N);
    cpu_epilogue e = prog();
    opnd(&e, bias, 0, 1);
    opnd(&e, T, N, 1);
    problem p = dense(M, N, K);
    p.epi = &e;
    p.init = CPU_INIT_C;
    run_dense("init C", p, 0);
    run_dense("init C small blocks", p, 8);
    p.init = CPU_INIT_OPERAND;
    p.init_operand = 0;
    run_dense("init operand (bias row)", p, 0);
    p.init_operand = 1;
    run_dense("init operand (tile)", p, 8);
    free(bias), free(T);
}

/* C holds NaN before an init-zero GEMM: never read. */
static void test_zero_never_reads_c(void) {
    const int64_t M = 7, N = 70, K = 5;
    float *A = randbuf((size_t)M * K), *B = randbuf((size_t)K * N), *C = malloc((size_t)M * N * sizeof *C);
    for (int ii = 0; ii < nisas; ii++) {
        for (int64_t i = 0; i < M * N; i++) C[i] = NAN;
        cpu_blocking blk;
        CHECK_EQ_INT(cpu_blocking_choose(&ctx, M, N, K, 1, 1, isas[ii], &caches, false, &blk), SP_OK);
        cpu_gemm_args g = {.M = M, .N = N, .K = K, .nbatch = 1, .A = A, .a_sm = K, .a_sk = 1, .B = B, .b_sk = N,
                           .b_sn = 1, .C = C, .c_sm = N, .c_sn = 1, .blocking = &blk, .nthreads = 1};
        CHECK_EQ_INT(cpu_gemm(&ctx, &g), SP_OK);
        int nans = 0;
        for (int64_t i = 0; i < M * N; i++) nans += isnan(C[i]);
        CHECK_EQ_INT(nans, 0);
    }
    free(A), free(B), free(C);
}

/* The engine's own choices (blocking NULL, ISA from the environment). */
static void test_defaults(void) {
    const int64_t M = 50, N = 300, K = 70;
    float *A = randbuf((size_t)M * K), *B = randbuf((size_t)K * N), *C = calloc((size_t)M * N, sizeof *C);
    cpu_gemm_args g = {.M = M, .N = N, .K = K, .nbatch = 1, .A = A, .a_sm = K, .a_sk = 1, .B = B, .b_sk = N,
                       .b_sn = 1, .C = C, .c_sm = N, .c_sn = 1, .nthreads = 2};
    CHECK_EQ_INT(cpu_gemm(&ctx, &g), SP_OK);
    double worst = 0;
    for (int64_t m = 0; m < M; m++)
        for (int64_t n = 0; n < N; n++) {
            double acc = 0;
            for (int64_t k = 0; k < K; k++) acc += (double)A[m * K + k] * B[k * N + n];
            worst = fmax(worst, fabs(acc - C[m * N + n]));
        }
    CHECK(worst < 1e-4);
    free(A), free(B), free(C);
}

static void test_errors(void) {
    float x[64] = {0};
    cpu_gemm_args g = {.M = 2, .N = 2, .K = 2, .nbatch = 1, .A = x, .a_sm = 2, .a_sk = 1, .B = x, .b_sk = 2,
                       .b_sn = 1, .C = x + 32, .c_sm = 2, .c_sn = 1, .nthreads = 1};
    cpu_gemm_args b = g;
    b.nbatch = 0;
    CHECK_EQ_INT(cpu_gemm(&ctx, &b), SP_EINPUT);
    b = g;
    b.nthreads = 0;
    CHECK_EQ_INT(cpu_gemm(&ctx, &b), SP_EINPUT);
    b = g;
    b.A = NULL;
    CHECK_EQ_INT(cpu_gemm(&ctx, &b), SP_EINPUT);
    /* reading a register never written */
    cpu_epilogue e = prog();
    ins(&e, CPU_EPI_ADD, 0, 0, 3);
    b = g;
    b.epi = &e;
    CHECK_EQ_INT(cpu_gemm(&ctx, &b), SP_EINPUT);
    CHECK_CONTAINS(ctx.err.msg, "before it is written");
    e = prog();
    ins(&e, CPU_EPI_LOAD, 1, 2, 0); /* operand 2 of 0 */
    CHECK_EQ_INT(cpu_gemm(&ctx, &b), SP_EINPUT);
    e = prog();
    e.insn[e.ninsn++] = (cpu_epi_insn){.op = 200};
    CHECK_EQ_INT(cpu_gemm(&ctx, &b), SP_EINPUT);
    CHECK_CONTAINS(ctx.err.msg, "opcode");
    b = g;
    b.init = CPU_INIT_OPERAND; /* no epilogue to name the operand */
    CHECK_EQ_INT(cpu_gemm(&ctx, &b), SP_EINPUT);
    /* packed B of another shape */
    cpu_blocking blk;
    CHECK_EQ_INT(cpu_blocking_choose(&ctx, 2, 2, 2, 1, 1, isas[0], &caches, false, &blk), SP_OK);
    cpu_packed *pk;
    CHECK_EQ_INT(cpu_pack_b(&ctx, &blk, 3, 2, 1, x, CPU_F32, 2, 1, 0, &pk), SP_OK);
    b = g;
    b.packed_b = pk;
    b.blocking = &blk;
    CHECK_EQ_INT(cpu_gemm(&ctx, &b), SP_EINPUT);
    CHECK_CONTAINS(ctx.err.msg, "packed B");
    cpu_packed_free(&ctx, pk);
    cpu_packed_free(&ctx, NULL);
    /* M = 0 or N = 0: nothing to do */
    b = g;
    b.M = 0;
    b.C = NULL;
    CHECK_EQ_INT(cpu_gemm(&ctx, &b), SP_OK);
    CHECK_EQ_INT(cpu_blocking_choose(&ctx, -1, 2, 2, 1, 1, isas[0], &caches, false, &blk), SP_EINPUT);
}

static void test_isa(void) {
    CHECK(cpu_isa_supported(CPU_ISA_GENERIC));
    CHECK(!cpu_isa_supported(CPU_ISA_COUNT));
    CHECK_EQ_STR(cpu_isa_name(CPU_ISA_AVX512), "avx512");
    CHECK_EQ_STR(cpu_isa_name(CPU_ISA_AVX2), "avx2");
    CHECK_EQ_STR(cpu_isa_name(CPU_ISA_GENERIC), "generic");
    const char *saved = getenv("SPADC_ISA");
    char *keep = saved ? strdup(saved) : NULL;
    cpu_isa isa;
    unsetenv("SPADC_ISA");
    CHECK_EQ_INT(cpu_isa_active(&ctx, &isa), SP_OK);
    CHECK(cpu_isa_supported(isa));
    for (int i = isa + 1; i < CPU_ISA_COUNT; i++) CHECK(!cpu_isa_supported((cpu_isa)i)); /* the best one */
    setenv("SPADC_ISA", "generic", 1);
    CHECK_EQ_INT(cpu_isa_active(&ctx, &isa), SP_OK);
    CHECK_EQ_INT(isa, CPU_ISA_GENERIC);
    setenv("SPADC_ISA", "sse9", 1);
    CHECK_EQ_INT(cpu_isa_active(&ctx, &isa), SP_EUSAGE);
    CHECK_CONTAINS(ctx.err.msg, "SPADC_ISA=sse9");
    CHECK_CONTAINS(ctx.err.msg, "generic");
    /* cpu_gemm with no blocking reports it too */
    float x[8] = {0};
    cpu_gemm_args g = {.M = 1, .N = 1, .K = 1, .nbatch = 1, .A = x, .a_sk = 1, .B = x, .b_sn = 1, .C = x + 4,
                       .c_sn = 1, .nthreads = 1};
    CHECK_EQ_INT(cpu_gemm(&ctx, &g), SP_EUSAGE);
    for (int i = 0; i < CPU_ISA_COUNT; i++)
        if (!cpu_isa_supported((cpu_isa)i)) {
            setenv("SPADC_ISA", cpu_isa_name((cpu_isa)i), 1);
            CHECK_EQ_INT(cpu_isa_active(&ctx, &isa), SP_EUSAGE);
            CHECK_CONTAINS(ctx.err.msg, "not supported");
        }
    if (keep) setenv("SPADC_ISA", keep, 1);
    else unsetenv("SPADC_ISA");
    free(keep);
}

/* A prefetch stream walked line by line visits cpu_stream_line's lines, in
 * order, from any start: rows on and off a line, one or many lines a row. */
static void test_stream_walk(void) {
    static char buf[1 << 16] __attribute__((aligned(64)));
    const int64_t offs[] = {0, 4, 60}, strides[] = {64, 100, 256, 4096 + 12};
    const int lprs[] = {1, 2, 5};
    for (size_t o = 0; o < SP_ARRAY_LEN(offs); o++)
        for (size_t r = 0; r < SP_ARRAY_LEN(strides); r++)
            for (size_t l = 0; l < SP_ARRAY_LEN(lprs); l++)
                for (int64_t i0 = 0; i0 < 12; i0 += 5) {
                    const char *pf = buf + offs[o];
                    cpu_stream_walk w = cpu_stream_at(pf, strides[r], lprs[l], i0);
                    bool same = true;
                    for (int64_t i = i0; i < i0 + 20; i++)
                        same &= cpu_stream_next(&w) == cpu_stream_line(pf, strides[r], lprs[l], i);
                    CHECK(same);
                }
}

static void test_caches(void) {
    cpu_caches c = cpu_caches_detect();
    CHECK(c.l1d >= 4096 && c.l1d <= (1 << 22));
    CHECK(c.l2 >= c.l1d);
    CHECK(c.l3 >= 0);
    CHECK(c.cores >= 1);
}

/* Every plan passes the planner's independent verifier and fits its budget. */
static void test_blocking(void) {
    static const int64_t shapes[][4] = {{512, 3072, 768, 1}, {512, 768, 3072, 1}, {256, 1024, 1024, 1},
                                        {1, 4096, 4096, 1},  {64, 64, 64, 1},     {4096, 4096, 4096, 1},
                                        {1, 1, 1, 1},        {7, 5, 0, 1},        {100, 33, 20, 16},
                                        {3, 100000, 9, 1}};
    const cpu_caches small = {.l1d = 32 << 10, .l2 = 256 << 10, .l3 = 8 << 20, .cores = 4};
    for (int ci = 0; ci < 2; ci++)
        for (size_t i = 0; i < SP_ARRAY_LEN(shapes); i++)
            for (int ii = 0; ii < nisas; ii++)
                for (int nt = 1; nt <= 4; nt *= 2) {
                    cpu_blocking b;
                    sp_status st = cpu_blocking_choose(&ctx, shapes[i][0], shapes[i][1], shapes[i][2], shapes[i][3],
                                                       nt, isas[ii], ci ? &small : &caches, ci == 1, &b);
                    CHECK_EQ_INT(st, SP_OK);
                    if (st != SP_OK) continue;
                    CHECK(b.nthreads >= 1 && b.nthreads <= nt);
                    CHECK_EQ_INT(b.tm * b.tn, b.nthreads);
                    CHECK(b.kc >= 1 && b.nc >= b.nr && b.nc % b.nr == 0 && b.mc >= 1);
                    CHECK(b.kc <= (shapes[i][2] * shapes[i][3] > 0 ? shapes[i][2] * shapes[i][3] : 1));
                    CHECK(b.est_seconds > 0);
                    CHECK(b.kernel != NULL);
                    CHECK(b.footprint <= b.budget && b.footprint_l1 <= b.budget_l1);
                    /* a second B block is planned only for a thread with
                     * more than one, and only when it is brought in: packed
                     * (B per call, tm = 1) or prefetched (a kernel walking
                     * prefetch streams) */
                    const int64_t kv = shapes[i][2] * shapes[i][3];
                    const int64_t tpanels = (shapes[i][1] + b.nr - 1) / b.nr, per = (tpanels + b.tn - 1) / b.tn;
                    const cpu_kernel_set *ks = cpu_kernel_find(b.isa, b.mr, b.nr);
                    CHECK(ks != NULL);
                    if (b.rhs_ahead) {
                        CHECK(kv > b.kc || shapes[i][3] > 1 || per * b.nr > b.nc);
                        const int64_t tstrips = ((shapes[i][0] + b.mr - 1) / b.mr + b.tm - 1) / b.tm;
                        CHECK((ci == 1 && b.tm == 1) || (ks && ks->pf_stream && tstrips > 1));
                    }
                    /* the 64^3 GEMM is one block, the pre-packed GEMV one
                     * strip; FFN1 many blocks, and two of them fit */
                    if (i == 4 || (i == 3 && ci == 0)) CHECK(!b.rhs_ahead);
                    if (i == 0 && ((ci == 1 && b.tm == 1) || (ks && ks->pf_stream))) CHECK(b.rhs_ahead);
                    for (int level = 1; level <= 2; level++) {
                        plan_buf pb[8];
                        size_t n = 0;
                        for (uint32_t k = 0; k < b.nbufs; k++)
                            if (b.bufs[k].level == level) {
                                const cpu_block_buf *x = &b.bufs[k];
                                CHECK_EQ_INT(x->bytes, x->rows * x->cols * 4);
                                pb[n++] = (plan_buf){.size = x->bytes, .align = 64, .lo = x->lo, .hi = x->hi,
                                                     .inplace = -1, .offset = x->offset};
                            }
                        CHECK(n == (level == 2 && b.rhs_ahead ? 4u : 3u));
                        char why[200] = "";
                        const bool ok = plan_verify(pb, n, level == 1 ? b.budget_l1 : b.budget, why, sizeof why);
                        CHECK(ok);
                        if (!ok) fprintf(stderr, "  plan_verify: %s\n", why);
                    }
                }
}

/* B an argument of each call: read in place where each element meets few
 * rows (the GEMV: one strip), packed where many (FFN1), with the packing's
 * cost in the estimate; never in place for a B of another layout or one
 * packed before the calls. The in-place plan holds no B block in L2. */
static void test_b_source(void) {
    for (int ii = 0; ii < nisas; ii++)
        for (int nt = 1; nt <= 2; nt++) {
            cpu_blocking b, pre;
            CHECK_EQ_INT(cpu_blocking_choose(&ctx, 1, 4096, 4096, 1, nt, isas[ii], &caches, CPU_B_PER_CALL_ROWS, &b), SP_OK);
            const cpu_kernel_set *ks = cpu_kernel_find(b.isa, b.mr, b.nr);
            CHECK(ks != NULL);
            if (ks && ks->gemm_strided) {
                CHECK(b.b_inplace);
                CHECK(b.pack_seconds == 0);
                CHECK(b.alt_seconds > b.est_seconds); /* packed: the copy on top */
                for (uint32_t i = 0; i < b.nbufs; i++) CHECK(strcmp(b.bufs[i].name, "rhs") || b.bufs[i].level == 1);
            }
            CHECK_EQ_INT(cpu_blocking_choose(&ctx, 512, 3072, 768, 1, nt, isas[ii], &caches, CPU_B_PER_CALL_ROWS, &b), SP_OK);
            CHECK(!b.b_inplace);
            CHECK(b.pack_seconds > 0 && b.pack_seconds < b.est_seconds);
            if (ks && ks->gemm_strided) CHECK(b.alt_seconds > b.est_seconds);
            CHECK_EQ_INT(cpu_blocking_choose(&ctx, 1, 4096, 4096, 1, nt, isas[ii], &caches, CPU_B_PER_CALL_COLS, &b), SP_OK);
            if (ks && ks->gemm_dot) CHECK(b.b_inplace); /* torch's [N][K] weight, by dot products */
            CHECK_EQ_INT(cpu_blocking_choose(&ctx, 512, 3072, 768, 1, nt, isas[ii], &caches, CPU_B_PER_CALL_COLS, &b), SP_OK);
            CHECK(!b.b_inplace && b.pack_seconds > 0);
            /* each block packed at its start from source lines fetched
             * during the one before (a transposed B, threads owning whole
             * columns), or, B in L3 and row-major, also so */
            if (b.tm == 1) CHECK(b.rhs_ahead && b.rhs_fetch);
            CHECK(!b.rhs_fetch || b.rhs_ahead);
            CHECK_EQ_INT(cpu_blocking_choose(&ctx, 512, 3072, 768, 1, nt, isas[ii], &caches, CPU_B_PER_CALL_ROWS, &b), SP_OK);
            const bool in_l3 = 768.0 * 3072 * 4 <= 0.75 * (double)caches.l3;
            if (b.tm == 1) CHECK(b.rhs_ahead && b.rhs_fetch == in_l3);
            CHECK_EQ_INT(cpu_blocking_choose(&ctx, 512, 3072, 768, 1, nt, isas[ii], &caches, CPU_B_PER_CALL, &b), SP_OK);
            CHECK(!b.rhs_fetch);
            CHECK_EQ_INT(cpu_blocking_choose(&ctx, 1, 4096, 4096, 1, nt, isas[ii], &caches, CPU_B_PER_CALL, &b), SP_OK);
            CHECK(!b.b_inplace && b.pack_seconds > 0);
            CHECK_EQ_INT(cpu_blocking_choose(&ctx, 1, 4096, 4096, 1, nt, isas[ii], &caches, CPU_B_PREPACKED, &pre), SP_OK);
            CHECK(!pre.b_inplace && pre.pack_seconds == 0);
            CHECK(pre.est_seconds < b.est_seconds); /* no copy to pay */
        }
}

/* The units a team claims: whichever thread computes a unit, and however
 * many units the threads take, C is the same bit for bit as one thread's
 * (the same K blocks and kernels per element), for B per call, pre-packed
 * and in place; every unit is computed once (a skipped or repeated unit
 * would leave C's initial values or add twice with CPU_INIT_C). */
static void test_units(void) {
    const int64_t M = 37, N = 650, K = 70;
    float *A = randbuf((size_t)M * K), *B = randbuf((size_t)K * N), *C0 = randbuf((size_t)M * N);
    float *C1 = malloc((size_t)M * N * sizeof *C1), *C2 = malloc((size_t)M * N * sizeof *C2);
    for (int ii = 0; ii < nisas; ii++)
        for (int mode = 0; mode <= 2; mode++) {
            cpu_blocking blk;
            CHECK_EQ_INT(cpu_blocking_choose(&ctx, M, N, K, 1, 2, isas[ii], &caches,
                                             mode == 1 ? CPU_B_PREPACKED : CPU_B_PER_CALL_ROWS, &blk), SP_OK);
            blk.kc = 16, blk.mc = blk.mr;
            blk.b_inplace = mode == 2;
            blk.rhs_ahead = mode != 2;
            cpu_packed *pk = NULL;
            if (mode == 1) CHECK_EQ_INT(cpu_pack_b(&ctx, &blk, K, N, 1, B, CPU_F32, N, 1, K * N, &pk), SP_OK);
            for (int tm = 1; tm <= 2; tm++) {
                int64_t ur, uc;
                blk.nthreads = 2, blk.tm = tm, blk.tn = 2 / tm;
                cpu_gemm_units(&blk, M, N, 2, mode == 0 && tm == 1, &ur, &uc);
                CHECK(ur >= 1 && uc >= 1 && uc * blk.nr <= (blk.nc > blk.nr ? blk.nc : blk.nr));
                CHECK(((M + ur - 1) / ur) * (((N + blk.nr - 1) / blk.nr + uc - 1) / uc) >= 4); /* several a thread */
                float *out[2] = {C1, C2};
                for (int nt = 1; nt <= 2; nt++) {
                    memcpy(out[nt - 1], C0, (size_t)M * N * sizeof *C1);
                    cpu_gemm_args g = {.M = M, .N = N, .K = K, .nbatch = 1, .A = A, .a_sm = K, .a_sk = 1,
                                       .B = mode == 1 ? NULL : B, .b_sk = N, .b_sn = 1, .packed_b = pk, .C = out[nt - 1],
                                       .c_sm = N, .c_sn = 1, .init = CPU_INIT_C, .blocking = &blk, .nthreads = nt};
                    CHECK_EQ_INT(cpu_gemm(&ctx, &g), SP_OK);
                }
                CHECK(memcmp(C1, C2, (size_t)M * N * sizeof *C1) == 0);
                double e = 0;
                for (int64_t m = 0; m < M; m += 9)
                    for (int64_t n = 0; n < N; n += 31) {
                        double acc = C0[m * N + n];
                        for (int64_t k = 0; k < K; k++) acc += (double)A[m * K + k] * B[k * N + n];
                        e = fmax(e, fabs(acc - C2[m * N + n]));
                    }
                CHECK(e < 1e-3);
            }
            cpu_packed_free(&ctx, pk);
        }
    free(A), free(B), free(C0), free(C1), free(C2);
}

/* Every allocation the engine makes can fail: the call reports it and
 * frees what it had, whichever allocation it was. */
typedef struct failing {
    long budget, live;
} failing;

static void *failing_alloc(void *ud, void *ptr, size_t n) {
    failing *f = ud;
    if (n == 0) {
        if (ptr) f->live--;
        free(ptr);
        return NULL;
    }
    if (f->budget-- <= 0) return NULL;
    if (!ptr) f->live++;
    return realloc(ptr, n);
}

static void test_out_of_memory(void) {
    const int64_t M = 13, N = 70, K = 9, nb = 3;
    float *A = randbuf((size_t)M * K * nb), *B = randbuf((size_t)K * N * nb), *C = calloc((size_t)M * N, sizeof *C);
    float *D = randbuf((size_t)M * N);
    cpu_epilogue e = prog();
    ins(&e, CPU_EPI_RELU, 0, 0, 0);
    ins(&e, CPU_EPI_LOAD, 1, (int)opnd(&e, C, N, 1), 0); /* C itself: partial sums kept apart */
    ins(&e, CPU_EPI_ADD, 0, 0, 1);
    (void)D;
    /* the blocking search: its first allocations (the planner's scratch) */
    for (int budget = 0; budget < 40; budget++) {
        failing f = {.budget = budget};
        sp_ctx fctx;
        sp_ctx_init(&fctx, &(sp_allocator){failing_alloc, &f});
        cpu_blocking blk;
        sp_status st = cpu_blocking_choose(&fctx, M, N, K, nb, 2, isas[0], &caches, true, &blk);
        if (st != SP_OK) {
            CHECK_EQ_INT(st, SP_EINPUT);
            CHECK_CONTAINS(fctx.err.msg, "out of memory");
        }
        CHECK_EQ_INT(f.live, 0);
    }
    /* packing and the GEMM, at every allocation until one succeeds */
    cpu_blocking blk;
    CHECK_EQ_INT(cpu_blocking_choose(&ctx, M, N, K, nb, 2, isas[0], &caches, true, &blk), SP_OK);
    blk.kc = 8; /* several K blocks */
    int ok_at = -1;
    for (int budget = 0; budget < 50 && ok_at < 0; budget++) {
        failing f = {.budget = budget};
        sp_ctx fctx;
        sp_ctx_init(&fctx, &(sp_allocator){failing_alloc, &f});
        cpu_gemm_args g = {.M = M, .N = N, .K = K, .nbatch = nb, .A = A, .a_sm = 1, .a_sk = M, .a_sb = M * K,
                           .B = B, .b_sk = N, .b_sn = 1, .b_sb = K * N, .C = C, .c_sm = N, .c_sn = 1, .epi = &e,
                           .blocking = &blk, .nthreads = 2};
        sp_status st = cpu_gemm(&fctx, &g);
        if (st == SP_OK) ok_at = budget;
        else {
            CHECK_EQ_INT(st, SP_EINPUT);
            CHECK_CONTAINS(fctx.err.msg, "out of memory");
        }
        CHECK_EQ_INT(f.live, 0);
        cpu_packed *pk = NULL;
        f.budget = budget;
        st = cpu_pack_b(&fctx, &blk, K, N, nb, B, CPU_F32, N, 1, K * N, &pk);
        CHECK(st == SP_OK ? pk != NULL : pk == NULL);
        cpu_packed_free(&fctx, pk);
        CHECK_EQ_INT(f.live, 0);
    }
    CHECK(ok_at > 0);
    printf("out-of-memory: cpu_gemm's %d allocation(s) each failed once, reported and freed\n", ok_at);
    free(A), free(B), free(C), free(D);
}

/* The caller's work buffer: the size one call reports is enough for the
 * next (no allocation at all: the context's allocator fails every call),
 * whatever the buffer held; a smaller or misaligned one is not used. */
static void test_work_buffer(void) {
    const int64_t M = 37, N = 150, K = 70, nb = 2;
    float *A = randbuf((size_t)M * K * nb), *B = randbuf((size_t)K * N * nb);
    float *C1 = calloc((size_t)M * N, sizeof *C1), *C2 = calloc((size_t)M * N, sizeof *C2);
    for (int ii = 0; ii < nisas; ii++)
        for (int nt = 1; nt <= 2; nt++)
            for (int a_packed = 0; a_packed <= 1; a_packed++) {
                cpu_blocking blk;
                CHECK_EQ_INT(cpu_blocking_choose(&ctx, M, N, K, nb, nt, isas[ii], &caches, true, &blk), SP_OK);
                blk.kc = 16, blk.nc = blk.nr, blk.mc = blk.mr; /* several blocks: look-ahead packing */
                if (nt == 2) blk.nthreads = 2, blk.tm = 1, blk.tn = 2, blk.rhs_ahead = true;
                /* A's k stride 1 reads it in place; M reads a packed copy */
                cpu_gemm_args g = {.M = M, .N = N, .K = K, .nbatch = nb, .A = A, .a_sm = a_packed ? 1 : K,
                                   .a_sk = a_packed ? M : 1, .a_sb = M * K, .B = B, .b_sk = N, .b_sn = 1,
                                   .b_sb = K * N, .C = C1, .c_sm = N, .c_sn = 1, .blocking = &blk, .nthreads = nt};
                size_t need = 0;
                g.work_used = &need;
                CHECK_EQ_INT(cpu_gemm(&ctx, &g), SP_OK);
                CHECK(need > 0);
                failing f = {.budget = 0};
                sp_ctx fctx;
                sp_ctx_init(&fctx, &(sp_allocator){failing_alloc, &f});
                char *raw = malloc(need + 128);
                char *work = (char *)(((uintptr_t)raw + 63) & ~(uintptr_t)63);
                memset(work, 0xff, need);
                g.C = C2, g.work = work, g.work_bytes = need;
                size_t need2 = 0;
                g.work_used = &need2;
                CHECK_EQ_INT(cpu_gemm(&fctx, &g), SP_OK);
                CHECK(need2 == need);
                CHECK(memcmp(C1, C2, (size_t)M * N * sizeof *C1) == 0);
                g.work_bytes = need - 1; /* too small: allocates (and here fails) */
                CHECK_EQ_INT(cpu_gemm(&fctx, &g), SP_EINPUT);
                g.work = work + 4, g.work_bytes = need; /* misaligned */
                CHECK_EQ_INT(cpu_gemm(&fctx, &g), SP_EINPUT);
                CHECK_EQ_INT(f.live, 0);
                free(raw);
            }
    free(A), free(B), free(C1), free(C2);
}

int main(void) {
    sp_ctx_init(&ctx, NULL);
    caches = cpu_caches_detect();
    /* SPADC_ISA set: only that ISA (cpu_isa.sh runs one per supported ISA) */
    cpu_isa only;
    const char *env = getenv("SPADC_ISA");
    if (env && *env) {
        if (cpu_isa_active(&ctx, &only) != SP_OK) {
            fprintf(stderr, "%s\n", ctx.err.msg);
            return 1;
        }
        isas[nisas++] = only;
    } else {
        for (int i = CPU_ISA_COUNT - 1; i >= 0; i--)
            if (cpu_isa_supported((cpu_isa)i)) isas[nisas++] = (cpu_isa)i;
    }
    printf("ISAs tested:");
    for (int i = 0; i < nisas; i++) printf(" %s", cpu_isa_name(isas[i]));
    printf("\n");
    test_isa();
    test_caches();
    test_stream_walk();
    test_blocking();
    test_b_source();
    test_units();
    test_errors();
    test_shapes();
    test_every_set();
    test_strides();
    test_batch();
    test_init_modes();
    test_epilogues();
    test_zero_never_reads_c();
    test_defaults();
    test_out_of_memory();
    test_work_buffer();
    TEST_DONE();
}
