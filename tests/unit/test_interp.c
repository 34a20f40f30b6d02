/* test_interp.c - the reference interpreter against independent C loops and
 * hand-computed values: matmul + bias + ReLU, bf16 inputs, reductions in
 * order, bf16 rounding at every op, comparisons with NaN, integer wrapping,
 * tensor ops (slices, pad, pack/unpack, reshapes, transfer_read,
 * from_elements, concat), scf.for, calls, vector.print output and runtime
 * errors (cf.assert among them). */
#include <math.h>

#include "base/fp16.h"
#include "interp/check.h"
#include "interp/interp.h"
#include "test.h"
#include "util.h"

typedef struct call_job {
    const char *text, *fn;
    uint32_t nargs;
    const void *const *in; /* one buffer per argument, in the argument's type */
    FILE *out;
    ir_module *m;
    interp *it;
    interp_value args[16], res[16];
    uint32_t nres;
} call_job;

static void call_body(sp_ctx *ctx, void *ud) {
    call_job *j = ud;
    mlir_read_string(ctx, "t.mlir", j->text, strlen(j->text), &j->m);
    ir_verify_module(j->m);
    j->it = interp_new(ctx, j->m, j->out ? j->out : stdout);
    ir_op *f = ir_module_find_func(j->m, j->fn);
    SP_ASSERT(ctx, f && f->u.fn.nargs == j->nargs);
    for (uint32_t i = 0; i < j->nargs; i++) {
        ir_type t = f->u.fn.arg_types[i];
        if (t.kind == IR_T_SCALAR) {
            j->args[i].type = t;
            j->args[i].s = interp_load_elem(j->in[i], (ir_dtype)t.dtype);
        } else {
            j->args[i] = interp_tensor_new(j->it, t);
            memcpy(interp_data(&j->args[i]), j->in[i], (size_t)ir_type_bytes(t));
        }
    }
    j->nres = f->u.fn.nres;
    interp_call(j->it, f, j->args, j->res);
}

static sp_status call(sp_ctx *ctx, call_job *j) { return sp_pcall(ctx, call_body, j); }

static void call_free(call_job *j) {
    if (j->it) {
        for (uint32_t i = 0; i < j->nargs; i++) interp_release(j->it, &j->args[i]);
        for (uint32_t i = 0; i < j->nres; i++) interp_release(j->it, &j->res[i]);
    }
    interp_free(j->it);
    ir_module_free(j->m);
}

static float f32_at(const interp_value *v, int64_t i) {
    float f;
    memcpy(&f, interp_data(v) + 4 * i, 4);
    return f;
}

static void test_mlp_layer(sp_ctx *ctx) {
    enum { M = 5, N = 7, K = 9 };
    float A[M * K], B[K * N], bias[N], want[M * N];
    for (int i = 0; i < M * K; i++) A[i] = (float)((i * 7) % 11) * 0.3f - 1.0f;
    for (int i = 0; i < K * N; i++) B[i] = (float)((i * 5) % 13) * 0.17f - 0.5f;
    for (int i = 0; i < N; i++) bias[i] = (float)i * 0.5f - 1.5f;
    for (int m = 0; m < M; m++)
        for (int n = 0; n < N; n++) {
            float acc = 0.0f; /* f32, k in order: what the IR says */
            for (int k = 0; k < K; k++) acc += A[m * K + k] * B[k * N + n];
            acc += bias[n];
            want[m * N + n] = acc > 0 ? acc : 0;
        }
    const void *in[] = {A, B, bias};
    call_job j = {
        .text = "#id = affine_map<(d0, d1) -> (d0, d1)>\n"
        "#row = affine_map<(d0, d1) -> (d1)>\n"
        "func.func @mlp(%x: tensor<5x9xf32>, %w: tensor<9x7xf32>, %b: tensor<7xf32>) -> tensor<5x7xf32> {\n"
        "  %zero = arith.constant 0.0 : f32\n"
        "  %e = tensor.empty() : tensor<5x7xf32>\n"
        "  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<5x7xf32>) -> tensor<5x7xf32>\n"
        "  %mm = linalg.matmul ins(%x, %w : tensor<5x9xf32>, tensor<9x7xf32>) outs(%z : tensor<5x7xf32>) -> tensor<5x7xf32>\n"
        "  %r = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = [\"parallel\", \"parallel\"]}\n"
        "      ins(%mm, %b : tensor<5x7xf32>, tensor<7xf32>) outs(%e : tensor<5x7xf32>) {\n"
        "  ^bb0(%a: f32, %c: f32, %o: f32):\n"
        "    %s = arith.addf %a, %c : f32\n"
        "    %gt = arith.cmpf ugt, %s, %zero : f32\n"
        "    %y = arith.select %gt, %s, %zero : f32\n"
        "    linalg.yield %y : f32\n"
        "  } -> tensor<5x7xf32>\n"
        "  return %r : tensor<5x7xf32>\n"
        "}\n",
        .fn = "mlp", .nargs = 3, .in = in, .out = NULL};
    CHECK_EQ_INT(call(ctx, &j), SP_OK);
    int bad = 0;
    for (int i = 0; i < M * N && j.nres; i++) bad += f32_at(&j.res[0], i) != want[i];
    CHECK_EQ_INT(bad, 0);
    call_free(&j);
}

/* matmul with a transposed B (explicit maps) and bf16 inputs with f32
 * accumulation; compared with C loops doing the same arithmetic */
static void test_bf16_transposed(sp_ctx *ctx) {
    enum { M = 3, N = 4, K = 6 };
    uint16_t A[M * K], Bt[N * K];
    float want[M * N];
    for (int i = 0; i < M * K; i++) A[i] = sp_f64_to_bf16(0.1 * i - 0.7);
    for (int i = 0; i < N * K; i++) Bt[i] = sp_f64_to_bf16(0.03 * i + 0.2);
    for (int m = 0; m < M; m++)
        for (int n = 0; n < N; n++) {
            float acc = 0;
            for (int k = 0; k < K; k++) acc += sp_bf16_to_f32(A[m * K + k]) * sp_bf16_to_f32(Bt[n * K + k]);
            want[m * N + n] = acc;
        }
    float zeros[M * N] = {0};
    const void *in[] = {A, Bt, zeros};
    call_job j = {
        .text = "func.func @f(%a: tensor<3x6xbf16>, %bt: tensor<4x6xbf16>, %c: tensor<3x4xf32>) -> tensor<3x4xf32> {\n"
        "  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>,\n"
        "                                      affine_map<(m, n, k) -> (m, n)>]\n"
        "       ins(%a, %bt : tensor<3x6xbf16>, tensor<4x6xbf16>) outs(%c : tensor<3x4xf32>) -> tensor<3x4xf32>\n"
        "  return %r : tensor<3x4xf32>\n"
        "}\n",
        .fn = "f", .nargs = 3, .in = in, .out = NULL};
    CHECK_EQ_INT(call(ctx, &j), SP_OK);
    int bad = 0;
    for (int i = 0; i < M * N && j.nres; i++) bad += f32_at(&j.res[0], i) != want[i];
    CHECK_EQ_INT(bad, 0);
    call_free(&j);
}

/* a sum of values whose order matters in f32: the interpreter must add in
 * iteration order (d0 then d1), and round every bf16 op to bf16 */
static void test_order_and_rounding(sp_ctx *ctx) {
    float x[4 * 3];
    for (int i = 0; i < 12; i++) x[i] = (i % 3 == 0) ? 1e8f : 1.0f + (float)i;
    float want = 0;
    for (int i = 0; i < 12; i++) want += x[i];
    const void *in[] = {x};
    call_job j = {
        .text = "func.func @s(%x: tensor<4x3xf32>) -> (tensor<f32>, tensor<bf16>) {\n"
        "  %z = arith.constant dense<0.0> : tensor<f32>\n"
        "  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>],\n"
        "                       iterator_types = [\"reduction\", \"reduction\"]}\n"
        "      ins(%x : tensor<4x3xf32>) outs(%z : tensor<f32>) {\n"
        "  ^bb0(%a: f32, %o: f32):\n"
        "    %s = arith.addf %o, %a : f32\n"
        "    linalg.yield %s : f32\n"
        "  } -> tensor<f32>\n"
        "  %zb = arith.constant dense<0.0> : tensor<bf16>\n"
        "  %rb = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>],\n"
        "                       iterator_types = [\"reduction\", \"reduction\"]}\n"
        "      ins(%x : tensor<4x3xf32>) outs(%zb : tensor<bf16>) {\n"
        "  ^bb0(%a: f32, %o: bf16):\n"
        "    %t = arith.truncf %a : f32 to bf16\n"
        "    %s = arith.addf %o, %t : bf16\n"
        "    linalg.yield %s : bf16\n"
        "  } -> tensor<bf16>\n"
        "  return %r, %rb : tensor<f32>, tensor<bf16>\n"
        "}\n",
        .fn = "s", .nargs = 1, .in = in, .out = NULL};
    CHECK_EQ_INT(call(ctx, &j), SP_OK);
    if (j.nres == 2) {
        CHECK(f32_at(&j.res[0], 0) == want);
        float wb = 0; /* bf16 accumulation: round after every add */
        for (int i = 0; i < 12; i++) wb = sp_round_bf16(wb + sp_round_bf16(x[i]));
        uint16_t got;
        memcpy(&got, interp_data(&j.res[1]), 2);
        CHECK(sp_bf16_to_f32(got) == wb);
    }
    call_free(&j);
}

/* scalar semantics: NaN comparisons, maximumf vs maxnumf, integer wrap */
static void test_scalars(sp_ctx *ctx) {
    float nan = NAN, one = 1.0f;
    int32_t big = 2147483647;
    int8_t m = -128;
    const void *in[] = {&nan, &one, &big, &m};
    call_job j = {
        .text = "func.func @s(%n: f32, %o: f32, %b: i32, %m: i8) -> (i1, i1, f32, f32, i32, i8, i32, f32, i8) {\n"
        "  %ugt = arith.cmpf ugt, %n, %o : f32\n"
        "  %ogt = arith.cmpf ogt, %n, %o : f32\n"
        "  %mx = arith.maximumf %n, %o : f32\n"
        "  %mn = arith.maxnumf %n, %o : f32\n"
        "  %c1 = arith.constant 1 : i32\n"
        "  %w = arith.addi %b, %c1 : i32\n"
        "  %neg = arith.subi %m, %m : i8\n"
        "  %cm = arith.constant -7 : i32\n"
        "  %c2 = arith.constant 2 : i32\n"
        "  %r = arith.remsi %cm, %c2 : i32\n"
        "  %ff = arith.sitofp %cm : i32 to f32\n"
        "  %t = arith.trunci %w : i32 to i8\n"
        "  return %ugt, %ogt, %mx, %mn, %w, %neg, %r, %ff, %t : i1, i1, f32, f32, i32, i8, i32, f32, i8\n"
        "}\n",
        .fn = "s", .nargs = 4, .in = in, .out = NULL};
    CHECK_EQ_INT(call(ctx, &j), SP_OK);
    if (j.nres == 9) {
        CHECK_EQ_INT(j.res[0].s.i, 1); /* unordered: true */
        CHECK_EQ_INT(j.res[1].s.i, 0); /* ordered: false */
        CHECK(isnan(j.res[2].s.f));    /* maximumf propagates NaN */
        CHECK(j.res[3].s.f == 1.0);    /* maxnumf drops it */
        CHECK_EQ_INT(j.res[4].s.i, INT32_MIN);
        CHECK_EQ_INT(j.res[5].s.i, 0);
        CHECK_EQ_INT(j.res[6].s.i, -1);
        CHECK(j.res[7].s.f == -7.0);
        CHECK_EQ_INT(j.res[8].s.i, 0); /* INT32_MIN truncated to i8 */
    }
    call_free(&j);
}

static void test_tensor_ops(sp_ctx *ctx) {
    float x[4 * 6];
    for (int i = 0; i < 24; i++) x[i] = (float)i;
    const void *in[] = {x};
    char outbuf[4096];
    FILE *out = fmemopen(outbuf, sizeof outbuf, "w");
    call_job j = {
        .text = "func.func @t(%x: tensor<4x6xf32>) -> (tensor<2x3xf32>, tensor<6x8xf32>, tensor<2x3x2x2xf32>, tensor<4x6xf32>,\n"
        "                                    tensor<24xf32>, tensor<4x6xf32>, f32) {\n"
        "  %s = tensor.extract_slice %x[1, 0] [2, 3] [2, 2] : tensor<4x6xf32> to tensor<2x3xf32>\n"
        "  %z = arith.constant -1.0 : f32\n"
        "  %p = tensor.pad %x low[1, 0] high[1, 2] {\n"
        "  ^bb0(%i: index, %j: index):\n"
        "    tensor.yield %z : f32\n"
        "  } : tensor<4x6xf32> to tensor<6x8xf32>\n"
        "  %e = tensor.empty() : tensor<2x3x2x2xf32>\n"
        "  %pk = linalg.pack %x inner_dims_pos = [0, 1] inner_tiles = [2, 2] into %e : tensor<4x6xf32> -> tensor<2x3x2x2xf32>\n"
        "  %e2 = tensor.empty() : tensor<4x6xf32>\n"
        "  %up = linalg.unpack %pk inner_dims_pos = [0, 1] inner_tiles = [2, 2] into %e2 : tensor<2x3x2x2xf32> -> tensor<4x6xf32>\n"
        "  %c = tensor.collapse_shape %x [[0, 1]] : tensor<4x6xf32> into tensor<24xf32>\n"
        "  %ins = tensor.insert_slice %s into %x[0, 0] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<4x6xf32>\n"
        "  %c0 = arith.constant 0 : index\n"
        "  %c1 = arith.constant 1 : index\n"
        "  %c4 = arith.constant 4 : index\n"
        "  %f0 = arith.constant 0.0 : f32\n"
        "  %acc = scf.for %k = %c0 to %c4 step %c1 iter_args(%a = %f0) -> (f32) {\n"
        "    %v = tensor.extract %x[%k, %k] : tensor<4x6xf32>\n"
        "    %a2 = arith.addf %a, %v : f32\n"
        "    scf.yield %a2 : f32\n"
        "  }\n"
        "  %vec = vector.transfer_read %x[%c1, %c4], %z : tensor<4x6xf32>, vector<4xf32>\n"
        "  vector.print str \"sum=\"\n"
        "  vector.print %acc : f32\n"
        "  vector.print %vec : vector<4xf32>\n"
        "  return %s, %p, %pk, %up, %c, %ins, %acc : tensor<2x3xf32>, tensor<6x8xf32>, tensor<2x3x2x2xf32>, tensor<4x6xf32>,\n"
        "                                         tensor<24xf32>, tensor<4x6xf32>, f32\n"
        "}\n",
        .fn = "t", .nargs = 1, .in = in, .out = out};
    CHECK_EQ_INT(call(ctx, &j), SP_OK);
    fclose(out);
    if (j.nres == 7) {
        /* slice rows 1,3 cols 0,2,4 */
        static const float s[] = {6, 8, 10, 18, 20, 22};
        for (int i = 0; i < 6; i++) CHECK(f32_at(&j.res[0], i) == s[i]);
        CHECK(f32_at(&j.res[1], 0) == -1.0f);          /* padded row */
        CHECK(f32_at(&j.res[1], 8) == 0.0f);           /* x[0][0] */
        CHECK(f32_at(&j.res[1], 8 + 6) == -1.0f);      /* padded column */
        CHECK(f32_at(&j.res[1], 4 * 8 + 5) == 23.0f);  /* x[3][5] */
        /* pack: tile (1,2) element (1,0) = x[2*1+1][2*2+0] = x[3][4] = 22 */
        CHECK(f32_at(&j.res[2], ((1 * 3 + 2) * 2 + 1) * 2 + 0) == 22.0f);
        for (int i = 0; i < 24; i++) CHECK(f32_at(&j.res[3], i) == x[i]); /* unpack(pack(x)) == x */
        CHECK(f32_at(&j.res[4], 23) == 23.0f);
        CHECK(f32_at(&j.res[5], 0) == 6.0f && f32_at(&j.res[5], 6) == 18.0f && f32_at(&j.res[5], 3) == 3.0f);
        CHECK(j.res[6].s.f == 0 + 7 + 14 + 21);
    }
    CHECK_EQ_STR(outbuf, "sum=42\n( 10, 11, -1, -1 )\n");
    call_free(&j);
}

/* tensor.from_elements in row-major order; tensor.concat along a middle
 * dimension (an empty operand included) against a C loop */
static void test_build_ops(sp_ctx *ctx) {
    float x[2 * 1 * 2], y[2 * 2 * 2];
    for (int i = 0; i < 4; i++) x[i] = (float)(100 + i);
    for (int i = 0; i < 8; i++) y[i] = (float)(200 + i);
    int32_t a = 7, b = -3;
    const void *in[] = {x, y, &a, &b};
    call_job j = {
        .text = "func.func @b(%x: tensor<2x1x2xf32>, %y: tensor<2x2x2xf32>, %a: i32, %b: i32)\n"
        "    -> (tensor<2x3x2xf32>, tensor<2x2xi32>, tensor<i32>) {\n"
        "  %z = tensor.empty() : tensor<2x0x2xf32>\n"
        "  %c = tensor.concat dim(1) %x, %z, %y : (tensor<2x1x2xf32>, tensor<2x0x2xf32>, tensor<2x2x2xf32>) -> tensor<2x3x2xf32>\n"
        "  %f = tensor.from_elements %a, %b, %b, %a : tensor<2x2xi32>\n"
        "  %s = tensor.from_elements %b : tensor<i32>\n"
        "  return %c, %f, %s : tensor<2x3x2xf32>, tensor<2x2xi32>, tensor<i32>\n"
        "}\n",
        .fn = "b", .nargs = 4, .in = in, .out = NULL};
    CHECK_EQ_INT(call(ctx, &j), SP_OK);
    if (j.nres == 3) {
        for (int i = 0; i < 2; i++)
            for (int k = 0; k < 3; k++)
                for (int l = 0; l < 2; l++) {
                    float want = k == 0 ? x[i * 2 + l] : y[(i * 2 + (k - 1)) * 2 + l];
                    CHECK(f32_at(&j.res[0], (i * 3 + k) * 2 + l) == want);
                }
        const int32_t *f = (const int32_t *)interp_data(&j.res[1]);
        CHECK(f[0] == 7 && f[1] == -3 && f[2] == -3 && f[3] == 7);
        CHECK(*(const int32_t *)interp_data(&j.res[2]) == -3);
    }
    call_free(&j);
}

static void test_runtime_errors(sp_ctx *ctx) {
    int32_t zero = 0;
    const void *in[] = {&zero};
    call_job j = {
        .text = "func.func @d(%z: i32) -> i32 {\n"
        "  %c = arith.constant 7 : i32\n"
        "  %q = arith.divsi %c, %z : i32\n"
        "  return %q : i32\n"
        "}\n",
        .fn = "d", .nargs = 1, .in = in, .out = NULL};
    CHECK_EQ_INT(call(ctx, &j), SP_EINPUT);
    CHECK_CONTAINS(ctx->err.msg, "integer division by zero");
    CHECK_EQ_INT(ctx->err.line, 3);
    j.nres = 0;
    call_free(&j);

    /* a false cf.assert stops the run at the assert, with its message; a
     * true one in a loop does not */
    int64_t n = 3;
    const void *nin[] = {&n};
    call_job a = {
        .text = "func.func @a(%n: index) -> index {\n"
        "  %c0 = arith.constant 0 : index\n"
        "  %c1 = arith.constant 1 : index\n"
        "  scf.for %i = %c0 to %n step %c1 {\n"
        "    %lt = arith.cmpi ult, %i, %n : index\n"
        "    cf.assert %lt, \"in bounds\"\n"
        "    scf.yield\n"
        "  }\n"
        "  %big = arith.cmpi ugt, %n, %c1 : index\n"
        "  %small = arith.xori %big, %big : i1\n"
        "  cf.assert %small, \"n is \\22small\\22\"\n"
        "  return %n : index\n"
        "}\n",
        .fn = "a", .nargs = 1, .in = nin, .out = NULL};
    CHECK_EQ_INT(call(ctx, &a), SP_EINPUT);
    CHECK_EQ_STR(ctx->err.msg, "assertion failed: n is \"small\"");
    CHECK_EQ_INT(ctx->err.line, 11);
    CHECK_EQ_INT(ctx->err.col, 3);
    a.nres = 0;
    call_free(&a);

    /* a tensor larger than the memory limit is a clean error */
    setenv("SPADC_MEMORY_LIMIT", "1000000", 1);
    call_job k = {
        .text = "func.func @big() -> tensor<1000x1000xf32> {\n"
        "  %e = tensor.empty() : tensor<1000x1000xf32>\n"
        "  return %e : tensor<1000x1000xf32>\n"
        "}\n",
        .fn = "big", .nargs = 0, .in = NULL, .out = NULL};
    CHECK_EQ_INT(call(ctx, &k), SP_EINPUT);
    CHECK_CONTAINS(ctx->err.msg, "out of memory");
    unsetenv("SPADC_MEMORY_LIMIT");
    k.nres = 0;
    call_free(&k);
}

/* --check's verdict on constructed results (check.h): the floor of the
 * tolerance scales with a small result, so a result flushed to zero where
 * the reference has tiny normal values (bf16 products below 2^-126, which
 * VDPBF16PS and TDPBF16PS flush) is a mismatch; a small result whose terms
 * cancel still passes on the sensitivity probe; a large one keeps its
 * relative tolerance. */
typedef struct verdict_job {
    call_job *c;
    const float *got;
    sp_strbuf report;
    sp_status v;
} verdict_job;

static void verdict_body(sp_ctx *ctx, void *ud) {
    verdict_job *j = ud;
    ir_op *f = ir_module_find_func(j->c->m, j->c->fn);
    interp_value g = interp_tensor_new(j->c->it, f->u.fn.res_types[0]);
    memcpy(interp_data(&g), j->got, (size_t)ir_type_bytes(g.type));
    (void)ctx;
    j->v = interp_check(j->c->it, f, j->c->args, &g, 0, &j->report);
    interp_release(j->c->it, &g);
}

static sp_status verdict(sp_ctx *ctx, call_job *c, const float *got, char *line, size_t n) {
    verdict_job j = {c, got, {0}, SP_OK};
    sp_strbuf_init(&j.report, ctx);
    sp_status st = sp_pcall(ctx, verdict_body, &j);
    snprintf(line, n, "%s", j.report.data ? j.report.data : "");
    sp_strbuf_free(&j.report);
    return st != SP_OK ? st : j.v;
}

static void test_check_tolerance(sp_ctx *ctx) {
    /* y[i] = sum_k x[i][k] w[k]: 77 products of 2^-126 and 0.5, each 2^-127 */
    static const char *mm =
        "func.func @mv(%x: tensor<2x77xbf16>, %w: tensor<77xbf16>) -> tensor<2xf32> {\n"
        "  %z = arith.constant 0.0 : f32\n"
        "  %e = tensor.empty() : tensor<2xf32>\n"
        "  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>\n"
        "  %y = linalg.generic {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (k)>,\n"
        "      affine_map<(i, k) -> (i)>], iterator_types = [\"parallel\", \"reduction\"]}\n"
        "      ins(%x, %w : tensor<2x77xbf16>, tensor<77xbf16>) outs(%f : tensor<2xf32>) {\n"
        "  ^bb0(%a: bf16, %b: bf16, %o: f32):\n"
        "    %af = arith.extf %a : bf16 to f32\n"
        "    %bf = arith.extf %b : bf16 to f32\n"
        "    %p = arith.mulf %af, %bf : f32\n"
        "    %s = arith.addf %o, %p : f32\n"
        "    linalg.yield %s : f32\n"
        "  } -> tensor<2xf32>\n"
        "  return %y : tensor<2xf32>\n"
        "}\n";
    uint16_t x[2 * 77], w[77];
    for (int i = 0; i < 2 * 77; i++) x[i] = 0x0080; /* bf16 2^-126, the least normal */
    for (int i = 0; i < 77; i++) w[i] = 0x3f00;     /* 0.5 */
    const void *in[] = {x, w};
    call_job c = {.text = mm, .fn = "mv", .nargs = 2, .in = in};
    CHECK_EQ_INT(call(ctx, &c), SP_OK);
    const float want = 77 * 0x1p-127f; /* 4.5256533e-37, exact */
    CHECK(f32_at(&c.res[0], 0) == want && f32_at(&c.res[0], 1) == want);
    char line[512];
    const float same[2] = {want, want}, flushed[2] = {0, 0}, one_off[2] = {want, 0};
    CHECK_EQ_INT(verdict(ctx, &c, same, line, sizeof line), SP_OK);
    CHECK_CONTAINS(line, ": ok");
    CHECK_EQ_INT(verdict(ctx, &c, flushed, line, sizeof line), SP_EMISMATCH);
    CHECK_CONTAINS(line, "max abs err 4.53e-37, max rel err 1 (max |ref| 4.53e-37");
    CHECK_EQ_INT(verdict(ctx, &c, one_off, line, sizeof line), SP_EMISMATCH);
    call_free(&c);

    /* zeros of the other sign: equal, so no error, but counted and said */
    static const char *neg =
        "func.func @n(%x: tensor<3xf32>) -> tensor<3xf32> {\n"
        "  %e = tensor.empty() : tensor<3xf32>\n"
        "  %y = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],\n"
        "      iterator_types = [\"parallel\"]} ins(%x : tensor<3xf32>) outs(%e : tensor<3xf32>) {\n"
        "  ^bb0(%a: f32, %o: f32):\n"
        "    %m = arith.negf %a : f32\n"
        "    linalg.yield %m : f32\n"
        "  } -> tensor<3xf32>\n"
        "  return %y : tensor<3xf32>\n"
        "}\n";
    const float zx[3] = {0.0f, -0.0f, 2.0f};
    const void *zin[] = {zx};
    call_job z = {.text = neg, .fn = "n", .nargs = 1, .in = zin};
    CHECK_EQ_INT(call(ctx, &z), SP_OK);
    CHECK(signbit(f32_at(&z.res[0], 0)) && !signbit(f32_at(&z.res[0], 1))); /* -0, +0 */
    const float zsame[3] = {-0.0f, 0.0f, -2.0f}, zone[3] = {0.0f, 0.0f, -2.0f}, ztwo[3] = {0.0f, -0.0f, -2.0f};
    CHECK_EQ_INT(verdict(ctx, &z, zsame, line, sizeof line), SP_OK);
    CHECK(!strstr(line, "other sign"));
    CHECK_EQ_INT(verdict(ctx, &z, zone, line, sizeof line), SP_OK);
    CHECK_CONTAINS(line, "; 1 zero of the other sign than the reference's)");
    CHECK_EQ_INT(verdict(ctx, &z, ztwo, line, sizeof line), SP_OK);
    CHECK_CONTAINS(line, "; 2 zeros of the other sign");
    call_free(&z);

    /* a b - c, a = 1 + 2^-23, b = c = 1e4: 9.765625e-4 in f32 (a b rounded
     * first), 1.1920929e-3 with the product unrounded (an FMA, as a
     * compiled epilogue may contract it): 2.2e-4 apart, past the tolerance
     * of a result this small, and within how far the reference moves when
     * its inputs move by 4 ulps (the cancellation magnifies them alike) */
    static const char *cancel =
        "func.func @c(%a: tensor<1xf32>, %b: tensor<1xf32>, %c: tensor<1xf32>) -> tensor<1xf32> {\n"
        "  %e = tensor.empty() : tensor<1xf32>\n"
        "  %y = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,\n"
        "      affine_map<(i) -> (i)>], iterator_types = [\"parallel\"]}\n"
        "      ins(%a, %b, %c : tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) outs(%e : tensor<1xf32>) {\n"
        "  ^bb0(%p: f32, %q: f32, %r: f32, %o: f32):\n"
        "    %m = arith.mulf %p, %q : f32\n"
        "    %d = arith.subf %m, %r : f32\n"
        "    linalg.yield %d : f32\n"
        "  } -> tensor<1xf32>\n"
        "  return %y : tensor<1xf32>\n"
        "}\n";
    const float a = 1.0f + 0x1p-23f, b = 1e4f, cc = 1e4f, fused = fmaf(a, b, -cc);
    const void *in2[] = {&a, &b, &cc};
    call_job d = {.text = cancel, .fn = "c", .nargs = 3, .in = in2};
    CHECK_EQ_INT(call(ctx, &d), SP_OK);
    CHECK(f32_at(&d.res[0], 0) == 9.765625e-4f && fused > 1.19e-3f);
    CHECK_EQ_INT(verdict(ctx, &d, &fused, line, sizeof line), SP_OK);
    CHECK_CONTAINS(line, "within its rounding error bound");
    const float wrong = 0.5f; /* off by far more than any ulps of input move it */
    CHECK_EQ_INT(verdict(ctx, &d, &wrong, line, sizeof line), SP_EMISMATCH);
    call_free(&d);

    /* a sum whose terms cancel (+-2^20 plus small parts) and that is then
     * scaled: summed pairwise, as a blocked kernel sums, it is off from the
     * sequential reference by far more than 1e-4 of the small result, yet
     * within the running error bound (check_bound.h: each order within
     * lambda sqrt(n) u sum |x_i| of the exact sum); a sum that drops a term,
     * or is off by 2^-4 of one term, is not. */
    static const char *cancelsum =
        "func.func @s(%x: tensor<129xf32>) -> tensor<f32> {\n"
        "  %z = arith.constant 0.0 : f32\n"
        "  %e = tensor.empty() : tensor<f32>\n"
        "  %f = linalg.fill ins(%z : f32) outs(%e : tensor<f32>) -> tensor<f32>\n"
        "  %y = linalg.generic {indexing_maps = [affine_map<(k) -> (k)>, affine_map<(k) -> ()>],\n"
        "      iterator_types = [\"reduction\"]} ins(%x : tensor<129xf32>) outs(%f : tensor<f32>) {\n"
        "  ^bb0(%a: f32, %o: f32):\n"
        "    %s = arith.addf %o, %a : f32\n"
        "    linalg.yield %s : f32\n"
        "  } -> tensor<f32>\n"
        "  return %y : tensor<f32>\n"
        "}\n";
    float xs[129];
    for (int k = 0; k < 129; k++) xs[k] = (k % 3 ? 1048576.0f : -2097152.0f) + 0.37f * (float)((k * 7919) % 101) / 101.0f;
    const void *in3[] = {xs};
    call_job e = {.text = cancelsum, .fn = "s", .nargs = 1, .in = in3};
    CHECK_EQ_INT(call(ctx, &e), SP_OK);
    const float seq = f32_at(&e.res[0], 0);
    float pw[129];
    memcpy(pw, xs, sizeof pw);
    for (int st = 1; st < 129; st *= 2) /* pairwise, in f32 */
        for (int k = 0; k + st < 129; k += 2 * st) pw[k] = pw[k] + pw[k + st];
    const float pairwise = pw[0], dropped = seq - xs[128], off = seq + 65536.0f;
    CHECK(fabsf(pairwise - seq) > 1e-4f * fabsf(seq) + 1e-5f);
    CHECK_EQ_INT(verdict(ctx, &e, &pairwise, line, sizeof line), SP_OK);
    CHECK_CONTAINS(line, "within its rounding error bound");
    CHECK_EQ_INT(verdict(ctx, &e, &dropped, line, sizeof line), SP_EMISMATCH);
    CHECK_EQ_INT(verdict(ctx, &e, &off, line, sizeof line), SP_EMISMATCH);
    call_free(&e);
}

typedef struct whole_job {
    interp *it;
    ir_op *f;
    const interp_value *args;
    interp_value *res;
} whole_job;

static void whole_call(sp_ctx *ctx, void *ud) {
    (void)ctx;
    whole_job *w = ud;
    interp_call(w->it, w->f, w->args, w->res);
}

/* ------------------------------------------------- sampled evaluation */

typedef struct sampled_job {
    const char *path;
    FILE *out;
    ir_module *m;
    interp *it;
    int funcs, planned, compared, skipped;
    double work, whole;
} sampled_job;

static uint64_t lcg(uint64_t *s) { return (*s = *s * 6364136223846793005ull + 1442695040888963407ull) >> 33; }

/* Every function of one file: the whole reference, then sampled evaluation
 * at scattered elements and a run of them, which must be the whole
 * reference's bit for bit there. */
static void sampled_file(sp_ctx *ctx, void *ud) {
    sampled_job *j = ud;
    mlir_read_file(ctx, j->path, &j->m);
    ir_verify_module(j->m);
    j->it = interp_new(ctx, j->m, j->out); /* vector.print's lines are not the test's */
    uint32_t fi = 0;
    for (ir_op *f = ir_module_body(j->m)->first; f; f = f->next, fi++) {
        if (f->kind != IR_OP_FUNC || f->u.fn.is_decl || f->u.fn.nargs > 16 || f->u.fn.nres > 16) continue;
        j->funcs++;
        interp_value args[16], whole[16];
        uint64_t seed = 0x5a3d1e5 + fi;
        for (uint32_t a = 0; a < f->u.fn.nargs; a++) {
            ir_type t = f->u.fn.arg_types[a];
            ir_dtype dt = (ir_dtype)t.dtype;
            interp_scalar x = {0};
            if (t.kind == IR_T_SCALAR) {
                args[a].type = t, args[a].t = NULL;
                if (ir_dtype_is_float(dt)) args[a].s.f = 0.5; else args[a].s.i = 1;
                continue;
            }
            args[a] = interp_tensor_new(j->it, t);
            for (int64_t k = 0; k < ir_type_numel(t); k++) {
                if (ir_dtype_is_float(dt)) x.f = (double)(lcg(&seed) % 2001) / 1000.0 - 1.0;
                else x.i = (int64_t)(lcg(&seed) % 2); /* indices and masks stay in range */
                interp_store_elem(interp_data(&args[a]) + k * ir_dtype_bytes(dt), dt, x);
            }
        }
        /* the whole reference first: a function it rejects is skipped */
        sp_status st = sp_pcall(ctx, whole_call, &(whole_job){j->it, f, args, whole});
        if (st != SP_OK) {
            j->skipped++;
            continue;
        }
        interp_points *ip = interp_points_new(j->it, f, args);
        int64_t picks[16][40];
        for (uint32_t r = 0; r < f->u.fn.nres; r++) {
            int64_t n = whole[r].type.kind == IR_T_SCALAR ? 1 : ir_type_numel(whole[r].type);
            for (int s = 0; s < 40; s++) {
                picks[r][s] = n ? (s < 8 ? (n / 3 + s) % n : (int64_t)(lcg(&seed) % (uint64_t)n)) : 0;
                if (n) interp_points_need(ip, r, picks[r][s]);
            }
        }
        double work = 0;
        if (interp_points_plan(ip, &work)) {
            j->planned++;
            j->work += work;
            interp_points_run(ip);
            for (uint32_t r = 0; r < f->u.fn.nres; r++) {
                const interp_value *got = interp_points_result(ip, r), *want = &whole[r];
                if (want->type.kind == IR_T_SCALAR) {
                    CHECK(!memcmp(&got->s, &want->s, sizeof got->s));
                    continue;
                }
                int nb = ir_dtype_bytes((ir_dtype)want->type.dtype);
                for (int s = 0; s < 40 && ir_type_numel(want->type); s++) {
                    bool same = !memcmp(interp_data(got) + picks[r][s] * nb, interp_data(want) + picks[r][s] * nb, (size_t)nb);
                    if (!same) fprintf(stderr, "%s @%s result%u element %lld differs\n", j->path, f->u.fn.name, r, (long long)picks[r][s]);
                    CHECK(same);
                    j->compared++;
                }
            }
        }
        interp_points_free(ip);
        for (uint32_t r = 0; r < f->u.fn.nres; r++) interp_release(j->it, &whole[r]);
        for (uint32_t a = 0; a < f->u.fn.nargs; a++) interp_release(j->it, &args[a]);
    }
}

static void test_sampled_evaluation(sp_ctx *ctx) {
    const char *src = getenv("SPADC_SRC");
    if (!src) src = ".";
    /* structured ops of every shape the torch corpus has (convolutions with
     * pads and strides, pools, rows, gathers, concats, argmax's two
     * outputs, attention), reshapes, slices and builds */
    static const char *const files[] = {"conv_ops.mlir", "conv_ops_nd.mlir", "pools.mlir", "rows.mlir", "gather.mlir",
                                        "torch_softmax.mlir", "torch_groupnorm.mlir", "tensor_build.mlir",
                                        "torch_interpolate_nearest.mlir", "attention.mlir", "argmax_results.mlir",
                                        "named_ops.mlir", "conv1d_as_2d.mlir", "tensor_reshape.mlir", "torch_argmax.mlir",
                                        "assert_concat_generic.mlir", "colsum_input.mlir", "pool_window.mlir"};
    int planned = 0, compared = 0;
    for (size_t i = 0; i < SP_ARRAY_LEN(files); i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/tests/data/%s", src, files[i]);
        sampled_job j = {path, fopen("/dev/null", "w"), NULL, NULL, 0, 0, 0, 0, 0, 0};
        sp_status st = sp_pcall(ctx, sampled_file, &j);
        if (st != SP_OK) fprintf(stderr, "%s: %s\n", path, ctx->err.msg);
        CHECK_EQ_INT(st, SP_OK);
        planned += j.planned;
        compared += j.compared;
        interp_free(j.it);
        ir_module_free(j.m);
        if (j.out) fclose(j.out);
    }
    /* most functions are sampled, not sent back to the whole reference */
    fprintf(stderr, "sampled evaluation: %d functions planned, %d elements compared\n", planned, compared);
    CHECK(planned >= 30);
    CHECK(compared >= 1000);
}

int main(void) {
    sp_ctx ctx;
    sp_ctx_init(&ctx, NULL);
    test_check_tolerance(&ctx);
    test_mlp_layer(&ctx);
    test_bf16_transposed(&ctx);
    test_order_and_rounding(&ctx);
    test_scalars(&ctx);
    test_tensor_ops(&ctx);
    test_build_ops(&ctx);
    test_runtime_errors(&ctx);
    test_sampled_evaluation(&ctx);
    TEST_DONE();
}
