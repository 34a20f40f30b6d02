/* test_api.c - the public API (include/spadc.h): reading with located
 * errors, printing after passes, compiling and running on the cpu and the
 * reference interpreter with the same results, bound (pre-packed) weights,
 * results written into the caller's buffers, usage errors. */
#include <math.h>

#include "spadc.h"
#include "test.h"

static const char *const LAYER =
    "#row = affine_map<(d0, d1) -> (d1)>\n"
    "#id = affine_map<(d0, d1) -> (d0, d1)>\n"
    "func.func @layer(%x: tensor<7x13xf32>, %w: tensor<13x37xf32>, %b: tensor<37xf32>) -> tensor<7x37xf32> {\n"
    "  %zero = arith.constant 0.0 : f32\n"
    "  %e = tensor.empty() : tensor<7x37xf32>\n"
    "  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<7x37xf32>) -> tensor<7x37xf32>\n"
    "  %y = linalg.matmul ins(%x, %w : tensor<7x13xf32>, tensor<13x37xf32>) outs(%z : tensor<7x37xf32>) -> tensor<7x37xf32>\n"
    "  %r = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = [\"parallel\", \"parallel\"]}\n"
    "      ins(%y, %b : tensor<7x37xf32>, tensor<37xf32>) outs(%e : tensor<7x37xf32>) {\n"
    "  ^bb0(%a: f32, %c: f32, %o: f32):\n"
    "    %s = arith.addf %a, %c : f32\n"
    "    %m = arith.maximumf %s, %zero : f32\n"
    "    linalg.yield %m : f32\n"
    "  } -> tensor<7x37xf32>\n"
    "  return %r : tensor<7x37xf32>\n"
    "}\n";

static float X[7 * 13], W[13 * 37], B[37], Y1[7 * 37], Y2[7 * 37], Yref[7 * 37];

static void naive(float *y) {
    for (int m = 0; m < 7; m++)
        for (int n = 0; n < 37; n++) {
            float acc = 0;
            for (int k = 0; k < 13; k++) acc += X[m * 13 + k] * W[k * 37 + n];
            acc += B[n];
            y[m * 37 + n] = acc > 0 ? acc : 0;
        }
}

static double max_diff(const float *a, const float *b, int n) {
    double d = 0;
    for (int i = 0; i < n; i++) d = fmax(d, fabs((double)a[i] - b[i]));
    return d;
}

int main(void) {
    for (int i = 0; i < 7 * 13; i++) X[i] = (float)((i * 7 % 11) - 5) / 8;
    for (int i = 0; i < 13 * 37; i++) W[i] = (float)((i * 5 % 13) - 6) / 16;
    for (int i = 0; i < 37; i++) B[i] = (float)((i % 5) - 2) / 4;
    naive(Yref);

    spadc_ctx *ctx = spadc_ctx_new();
    CHECK(ctx != NULL);
    CHECK_EQ_STR(spadc_version(), SPADC_VERSION);

    /* errors are located and formatted like the tool's */
    spadc_module *bad = NULL;
    const char *text = "func.func @f() {\n  %x = arith.constant : f32\n}\n";
    CHECK_EQ_INT(spadc_read_string(ctx, "bad.mlir", text, strlen(text), &bad), SPADC_EINPUT);
    CHECK(bad == NULL);
    CHECK_CONTAINS(spadc_error(ctx), "bad.mlir:2:");
    CHECK_CONTAINS(spadc_error(ctx), ": error: expected");
    CHECK_EQ_INT(spadc_read_file(ctx, "/nonexistent/x.mlir", &bad), SPADC_EINPUT);
    CHECK_CONTAINS(spadc_error(ctx), "/nonexistent/x.mlir: error: cannot open file");

    spadc_module *m = NULL;
    CHECK_EQ_INT(spadc_read_string(ctx, "layer.mlir", LAYER, strlen(LAYER), &m), SPADC_OK);
    CHECK_EQ_STR(spadc_error(ctx), "");

    /* compile before printing: the program has its own copy of the IR */
    spadc_program *cpu = NULL, *ref = NULL, *none = NULL;
    CHECK_EQ_INT(spadc_compile(ctx, m, "layer", &(spadc_options){"cpu", 2}, &cpu), SPADC_OK);
    CHECK_EQ_INT(spadc_compile(ctx, m, NULL, &(spadc_options){"ref", 0}, &ref), SPADC_OK);
    CHECK_EQ_INT(spadc_compile(ctx, m, "nope", NULL, &none), SPADC_EUSAGE);
    CHECK_CONTAINS(spadc_error(ctx), "no function '@nope'");
    CHECK_EQ_INT(spadc_compile(ctx, m, NULL, &(spadc_options){"gpu", 1}, &none), SPADC_EUSAGE);
    CHECK_CONTAINS(spadc_error(ctx), "unknown target 'gpu'");
    CHECK(none == NULL);

    char *printed = NULL;
    CHECK_EQ_INT(spadc_print(ctx, m, "canonicalize,fuse", &printed), SPADC_OK);
    CHECK_CONTAINS(printed, "linalg.generic");
    CHECK_CONTAINS(printed, "spadc.kernel"); /* the fuse pass annotates kernels */
    spadc_string_free(printed);
    CHECK_EQ_INT(spadc_print(ctx, m, "unroll", &printed), SPADC_EUSAGE);
    CHECK(printed == NULL);

    CHECK_EQ_INT(spadc_program_num_args(cpu), 3);
    CHECK_EQ_INT(spadc_program_num_results(cpu), 1);
    CHECK_EQ_INT(spadc_program_arg_bytes(cpu, 1), 13 * 37 * 4);
    CHECK_EQ_INT(spadc_program_result_bytes(cpu, 0), 7 * 37 * 4);
    CHECK_EQ_INT(spadc_program_arg_bytes(cpu, 3), 0);

    const void *args[] = {X, W, B};
    void *res1[] = {Y1}, *res2[] = {Y2};
    CHECK_EQ_INT(spadc_program_run(cpu, args, res1), SPADC_OK);
    CHECK_EQ_INT(spadc_program_run(ref, args, res2), SPADC_OK);
    CHECK(max_diff(Y1, Yref, 7 * 37) < 1e-5);
    CHECK(max_diff(Y2, Yref, 7 * 37) < 1e-5);

    /* bound weights: packed once, then the argument may be NULL */
    memset(Y1, 0, sizeof Y1);
    CHECK_EQ_INT(spadc_program_bind(cpu, 1, W), SPADC_OK);
    const void *args_bound[] = {X, NULL, B};
    for (int rep = 0; rep < 3; rep++) CHECK_EQ_INT(spadc_program_run(cpu, args_bound, res1), SPADC_OK);
    CHECK(max_diff(Y1, Yref, 7 * 37) < 1e-5);

    /* the cpu target keeps its hold on the caller's buffers between runs
     * with the same pointers: new contents in the same buffer, then other
     * buffers, are what the next runs read and write */
    static float X2[7 * 13], Y3[7 * 37], Yref2[7 * 37];
    memcpy(X2, X, sizeof X);
    for (int i = 0; i < 7 * 13; i++) X[i] = -X[i];
    naive(Yref2); /* with the negated X */
    CHECK_EQ_INT(spadc_program_run(cpu, args_bound, res1), SPADC_OK);
    CHECK(max_diff(Y1, Yref2, 7 * 37) < 1e-5);
    const void *args_x2[] = {X2, NULL, B};
    void *res3[] = {Y3};
    CHECK_EQ_INT(spadc_program_run(cpu, args_x2, res3), SPADC_OK);
    CHECK(max_diff(Y3, Yref, 7 * 37) < 1e-5);
    CHECK(max_diff(Y1, Yref2, 7 * 37) < 1e-5); /* the old result buffer untouched */
    memcpy(X, X2, sizeof X);
    /* a weight bound again (other data) is packed again */
    static float W2[13 * 37];
    memcpy(W2, W, sizeof W);
    for (int i = 0; i < 13 * 37; i++) W[i] *= 2;
    CHECK_EQ_INT(spadc_program_bind(cpu, 1, W2), SPADC_OK);
    CHECK_EQ_INT(spadc_program_run(cpu, args_bound, res1), SPADC_OK);
    CHECK(max_diff(Y1, Yref, 7 * 37) < 1e-5);
    memcpy(W, W2, sizeof W);

    /* usage errors: a missing argument or result buffer, a bad bind */
    const void *args_missing[] = {X, W, NULL};
    CHECK_EQ_INT(spadc_program_run(ref, args_missing, res2), SPADC_EUSAGE);
    CHECK_CONTAINS(spadc_error(ctx), "argument 2 of '@layer' is missing");
    void *res_missing[] = {NULL};
    CHECK_EQ_INT(spadc_program_run(cpu, args, res_missing), SPADC_EUSAGE);
    CHECK_EQ_INT(spadc_program_bind(cpu, 7, W), SPADC_EUSAGE);
    /* and the program still runs after them */
    CHECK_EQ_INT(spadc_program_run(ref, args, res2), SPADC_OK);
    CHECK(max_diff(Y2, Yref, 7 * 37) < 1e-5);

    spadc_program_free(cpu);
    spadc_program_free(ref);
    spadc_module_free(m);
    spadc_ctx_free(ctx);
    TEST_DONE();
}
