/* test_api.c - the public API (include/spadc.h): reading with located
 * errors, printing after passes, compiling and running on the cpu and the
 * reference interpreter with the same results, bound (pre-packed) weights,
 * results written into the caller's buffers, usage errors; the BERT FFN
 * block on the npu target with the CLI's numbers (cycles, results); the
 * reports, the reference's check, and a context whose allocator sees every
 * block freed. */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include "io/npy.h"
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

typedef struct npy_job {
    const char *path;
    uint32_t rank;
    const int64_t *dims;
    const void *data;
} npy_job;
static void npy_write_job(sp_ctx *c, void *ud) {
    npy_job *j = ud;
    npy_write(c, j->path, IR_F32, j->rank, j->dims, j->data);
}
typedef struct npy_rjob {
    const char *path;
    npy_array *a;
} npy_rjob;
static void npy_read_job(sp_ctx *c, void *ud) {
    npy_rjob *j = ud;
    npy_read(c, j->path, j->a);
}

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

/* An allocator that counts the blocks it holds. */
static long live_blocks;
static void *counting(void *ud, void *ptr, size_t n) {
    (void)ud;
    if (n == 0) {
        if (ptr) live_blocks--;
        free(ptr);
        return NULL;
    }
    void *q = realloc(ptr, n);
    if (q && !ptr) live_blocks++;
    return q;
}

/* The first integer after `key` in text (-1 if none). */
static long long number_after(const char *text, const char *key) {
    const char *p = text ? strstr(text, key) : NULL;
    return p ? strtoll(p + strlen(key), NULL, 10) : -1;
}

/* The BERT FFN block on the npu through the API gives what `spadc run
 * --target npu` prints for the same inputs: the simulated cycles and the
 * result, bit for bit. */
static void npu_block(void) {
    live_blocks = 0;
    spadc_ctx *ctx = spadc_ctx_new_alloc(counting, NULL);
    CHECK(ctx != NULL);
    const char *corpus = getenv("SPADC_CORPUS"), *tool = getenv("SPADC"), *build = getenv("SPADC_BUILD");
    char path[1024], dir[1024], cmd[8192];
    /* under the sanitizers (test_scale() < 1) the same block at a quarter
     * of its size: the whole-reference check below is its cost */
    bool quarter = test_scale() < 1;
    const char *src = getenv("SPADC_SRC");
    if (quarter)
        snprintf(path, sizeof path, "%s/tests/data/ffn_block_quarter.mlir", src ? src : ".");
    else
        snprintf(path, sizeof path, "%s/seeds/bert_ffn_block.mlir", corpus ? corpus : "tests/corpus");
    /* the build folder, else a fresh temporary one (never the working
     * folder: a run from the checkout once left 22 MB there, committed) */
    if (build) {
        snprintf(dir, sizeof dir, "%s/test_api_npu", build);
    } else {
        const char *tmp = getenv("TMPDIR");
        snprintf(dir, sizeof dir, "%s/spadc_test_api_XXXXXX", tmp && *tmp ? tmp : "/tmp");
        CHECK(mkdtemp(dir) != NULL);
    }
    spadc_module *m = NULL;
    spadc_program *p = NULL;
    CHECK_EQ_INT(spadc_read_file(ctx, path, &m), SPADC_OK);
    CHECK_EQ_INT(spadc_compile(ctx, m, NULL, &(spadc_options){.target = "npu", .threads = 2}, &p), SPADC_OK);
    if (!p) {
        fprintf(stderr, "%s\n", spadc_error(ctx));
        return;
    }
    CHECK_EQ_STR(spadc_program_function(p), "ffn");
    unsigned na = spadc_program_num_args(p);
    CHECK_EQ_INT(na, 5);
    void *args[5] = {0};
    spadc_type t;
    CHECK_EQ_INT(spadc_program_arg_type(p, 0, &t), SPADC_OK);
    CHECK_EQ_STR(t.dtype, "f32");
    CHECK_EQ_INT(t.rank, 2);
    CHECK_EQ_INT(t.dims[0], quarter ? 128 : 512);
    CHECK_EQ_INT(t.dims[1], quarter ? 192 : 768);
    CHECK_EQ_INT(spadc_program_arg_type(p, 5, &t), SPADC_EUSAGE);
    /* inputs: written as .npy for the tool too */
    CHECK_EQ_INT(system((snprintf(cmd, sizeof cmd, "mkdir -p '%s'", dir), cmd)), 0);
    sp_ctx ic;
    sp_ctx_init(&ic, NULL);
    size_t len = 0;
    len += (size_t)snprintf(cmd + len, sizeof cmd - len, "'%s' run '%s' --target npu --threads 2 -o '%s/out' --inputs ",
                            tool ? tool : "build/spadc", path, dir);
    for (unsigned i = 0; i < na; i++) {
        spadc_program_arg_type(p, i, &t);
        size_t n = spadc_program_arg_bytes(p, i) / 4;
        float *d = args[i] = malloc(n * 4);
        for (size_t k = 0; k < n; k++) d[k] = (float)((int)((k * 2654435761u + i * 977) % 257) - 128) / 256;
        char f[1100];
        snprintf(f, sizeof f, "%s/a%u.npy", dir, i);
        int64_t dims[SPADC_MAX_RANK];
        for (int r = 0; r < t.rank; r++) dims[r] = t.dims[r];
        CHECK_EQ_INT(sp_pcall(&ic, npy_write_job, &(npy_job){f, (uint32_t)t.rank, dims, d}), SP_OK);
        len += (size_t)snprintf(cmd + len, sizeof cmd - len, "%s'%s'", i ? "," : "", f);
    }
    size_t rb = spadc_program_result_bytes(p, 0);
    float *y = malloc(rb);
    void *res[] = {y};
    CHECK_EQ_INT(spadc_program_run(p, (const void *const *)args, res), SPADC_OK);
    char *run = NULL, *plan = NULL;
    CHECK_EQ_INT(spadc_program_report(p, SPADC_RUN_JSON, &run), SPADC_OK);
    CHECK_EQ_INT(spadc_program_report(p, SPADC_PLAN_JSON, &plan), SPADC_OK);
    long long cycles = number_after(run, "\"total_cycles\": ");
    CHECK(cycles > 0);
    CHECK_CONTAINS(plan, "\"unit\": \"per_lane\"");
    /* the tool on the same inputs */
    snprintf(cmd + len, sizeof cmd - len, " > '%s/out.txt'", dir);
    CHECK_EQ_INT(system(cmd), 0);
    char outtxt[1100];
    snprintf(outtxt, sizeof outtxt, "%s/out.txt", dir);
    FILE *f = fopen(outtxt, "r");
    char line[1024];
    long long tool_cycles = -1;
    while (f && fgets(line, sizeof line, f))
        if (!strncmp(line, "npu total: ", 11)) tool_cycles = number_after(line, "npu total: ");
    if (f) fclose(f);
    CHECK_EQ_INT(tool_cycles, cycles);
    npy_array a = {0};
    snprintf(outtxt, sizeof outtxt, "%s/out/result0.npy", dir);
    CHECK_EQ_INT(sp_pcall(&ic, npy_read_job, &(npy_rjob){outtxt, &a}), SP_OK);
    CHECK(a.bytes == rb && a.data && !memcmp(a.data, y, rb));
    npy_free(&ic, &a);
    /* the reference agrees, and says so when the result is wrong */
    char *report = NULL;
    CHECK_EQ_INT(spadc_program_check(p, (const void *const *)args, (const void *const *)res, 64, &report), SPADC_OK);
    CHECK_CONTAINS(report, "check result0: 64 sampled elements");
    spadc_string_free(report);
    y[5] += 1.0f;
    CHECK_EQ_INT(spadc_program_check(p, (const void *const *)args, (const void *const *)res, 64, &report), SPADC_EMISMATCH);
    CHECK_CONTAINS(report, "MISMATCH");
    spadc_string_free(report);
    /* the whole reference: past the fixed tolerance, the sensitivity probe
     * runs, and an error no ulps of input explain is still a mismatch */
    CHECK_EQ_INT(spadc_program_check(p, (const void *const *)args, (const void *const *)res, 0, &report), SPADC_EMISMATCH);
    CHECK_CONTAINS(report, "when its inputs move by 4 ulps): MISMATCH");
    CHECK_EQ_INT(spadc_last_status(ctx), SPADC_EMISMATCH);
    spadc_string_free(report);
    spadc_string_free(run);
    spadc_string_free(plan);
    if (!build) CHECK_EQ_INT(system((snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir), cmd)), 0);
    for (unsigned i = 0; i < na; i++) free(args[i]);
    free(y);
    spadc_program_free(p);
    spadc_module_free(m);
    spadc_ctx_free(ctx);
    CHECK_EQ_INT(live_blocks, 0); /* every block came from the allocator and went back */
}

/* The data door: .npy round trip at 64-byte-unaligned shapes, the seeded
 * inputs' determinism and ranges, elements as numbers, errors said. */
static void data_files(spadc_ctx *ctx) {
    spadc_type t = {.dtype = "i64", .rank = 2, .dims = {3, 5}};
    CHECK_EQ_INT(spadc_type_numel(&t), 15);
    CHECK_EQ_INT(spadc_dtype_bytes("bf16"), 2);
    CHECK_EQ_INT(spadc_dtype_bytes("index"), 8);
    CHECK_EQ_INT(spadc_dtype_bytes("f13"), 0);
    int64_t a[15], b[15];
    CHECK_EQ_INT(spadc_fill_random(&t, 7, a), SPADC_OK);
    CHECK_EQ_INT(spadc_fill_random(&t, 7, b), SPADC_OK);
    CHECK(!memcmp(a, b, sizeof a)); /* the same seed, the same inputs */
    bool differ = false;
    for (int i = 0; i < 15; i++) {
        CHECK(a[i] >= -8 && a[i] < 8);
        CHECK_EQ_INT((long long)spadc_element(&t, a, (size_t)i), a[i]);
    }
    CHECK_EQ_INT(spadc_fill_random(&t, 8, b), SPADC_OK);
    for (int i = 0; i < 15; i++) differ |= a[i] != b[i];
    CHECK(differ);
    spadc_type unknown = {.dtype = "q7", .rank = 1, .dims = {2}};
    CHECK_EQ_INT(spadc_fill_random(&unknown, 1, b), SPADC_EUSAGE);
    char path[] = "/tmp/spadc_test_api_XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    close(fd);
    CHECK_EQ_INT(spadc_npy_write(ctx, path, &t, a), SPADC_OK);
    spadc_type got;
    void *data = NULL;
    size_t bytes = 0;
    CHECK_EQ_INT(spadc_npy_read(ctx, path, &got, &data, &bytes), SPADC_OK);
    CHECK_EQ_STR(got.dtype, "i64");
    CHECK_EQ_INT(got.rank, 2);
    CHECK_EQ_INT(got.dims[0] * 10 + got.dims[1], 35);
    CHECK_EQ_INT(bytes, sizeof a);
    CHECK(data && !memcmp(data, a, sizeof a));
    spadc_buffer_free(ctx, data);
    /* a file that is not .npy: located at the path, nothing handed out */
    const char junk[] = "not an npy file";
    CHECK_EQ_INT(spadc_write_file(ctx, path, junk, sizeof junk - 1, "test"), SPADC_OK);
    data = (void *)1;
    CHECK_EQ_INT(spadc_npy_read(ctx, path, &got, &data, NULL), SPADC_EINPUT);
    CHECK(data == NULL);
    CHECK(!strncmp(spadc_error(ctx), path, strlen(path)));
    unlink(path);
    CHECK_EQ_INT(spadc_write_file(ctx, "/nonexistent/dir/x.bin", junk, 3, "test"), SPADC_EINPUT);
    CHECK_CONTAINS(spadc_error(ctx), "/nonexistent/dir/x.bin: error: cannot write the test file");
}

int main(void) {
    for (int i = 0; i < 7 * 13; i++) X[i] = (float)((i * 7 % 11) - 5) / 8;
    for (int i = 0; i < 13 * 37; i++) W[i] = (float)((i * 5 % 13) - 6) / 16;
    for (int i = 0; i < 37; i++) B[i] = (float)((i % 5) - 2) / 4;
    naive(Yref);

    spadc_ctx *ctx = spadc_ctx_new();
    CHECK(ctx != NULL);
    CHECK_EQ_STR(spadc_version(), SPADC_VERSION);
    data_files(ctx);

    /* errors are located and formatted like the tool's */
    spadc_module *bad = NULL;
    const char *text = "func.func @f() {\n  %x = arith.constant : f32\n}\n";
    CHECK_EQ_INT(spadc_read_string(ctx, "bad.mlir", text, strlen(text), &bad), SPADC_EINPUT);
    CHECK(bad == NULL);
    CHECK_CONTAINS(spadc_error(ctx), "bad.mlir:2:");
    CHECK_CONTAINS(spadc_error(ctx), ": error: expected");
    /* the location as fields, the same the message starts with */
    const char *efile = NULL;
    unsigned eline = 0, ecol = 0;
    spadc_error_location(ctx, &efile, &eline, &ecol);
    CHECK_EQ_STR(efile, "bad.mlir");
    CHECK_EQ_INT(eline, 2);
    CHECK(ecol > 0);
    CHECK_EQ_INT(spadc_read_file(ctx, "/nonexistent/x.mlir", &bad), SPADC_EINPUT);
    CHECK_CONTAINS(spadc_error(ctx), "/nonexistent/x.mlir: error: cannot open file");
    spadc_error_location(ctx, &efile, &eline, NULL);
    CHECK_EQ_STR(efile, "/nonexistent/x.mlir");
    CHECK_EQ_INT(eline, 0);

    spadc_module *m = NULL;
    CHECK_EQ_INT(spadc_read_string(ctx, "layer.mlir", LAYER, strlen(LAYER), &m), SPADC_OK);
    CHECK_EQ_STR(spadc_error(ctx), "");
    spadc_error_location(ctx, &efile, &eline, &ecol);
    CHECK_EQ_STR(efile, "");
    CHECK_EQ_INT(eline + ecol, 0);

    /* compile before printing: the program has its own copy of the IR */
    spadc_program *cpu = NULL, *ref = NULL, *none = NULL;
    CHECK_EQ_INT(spadc_compile(ctx, m, "layer", &(spadc_options){.target = "cpu", .threads = 2}, &cpu), SPADC_OK);
    CHECK_EQ_INT(spadc_compile(ctx, m, NULL, &(spadc_options){.target = "ref"}, &ref), SPADC_OK);
    CHECK_EQ_INT(spadc_compile(ctx, m, "nope", NULL, &none), SPADC_EUSAGE);
    CHECK_CONTAINS(spadc_error(ctx), "no function '@nope'");
    CHECK_EQ_INT(spadc_compile(ctx, m, NULL, &(spadc_options){.target = "gpu", .threads = 1}, &none), SPADC_EUSAGE);
    CHECK_CONTAINS(spadc_error(ctx), "unknown target 'gpu'");
    CHECK(none == NULL);
    /* what a target is, asked by name: the front doors compare no names */
    {
        spadc_target_info ti;
        CHECK_EQ_INT(spadc_target_info_of("cpu", &ti), SPADC_OK);
        CHECK_EQ_STR(ti.family, "cpu");
        CHECK(ti.compiled && ti.native && !ti.simulated && !ti.reference);
        CHECK_EQ_INT(spadc_target_info_of("npu=machine.yml", &ti), SPADC_OK); /* the file is not read */
        CHECK_EQ_STR(ti.family, "npu");
        CHECK(ti.compiled && ti.simulated && !ti.native && !ti.reference);
        CHECK_EQ_INT(spadc_target_info_of("ref", &ti), SPADC_OK);
        CHECK(ti.reference && !ti.compiled && !ti.native && !ti.simulated);
        const char *bad_targets[] = {"gpu", "", "cpux", "cpu=x.yml", "ref=", "np", NULL};
        for (int i = 0; i < 6; i++) {
            CHECK_EQ_INT(spadc_target_info_of(bad_targets[i], &ti), SPADC_EUSAGE);
            CHECK(ti.family == NULL && !ti.compiled);
        }
        CHECK_EQ_INT(spadc_target_info_of(NULL, &ti), SPADC_EUSAGE);
        CHECK_EQ_INT(spadc_target_info_of("cpu", NULL), SPADC_EUSAGE);
        /* the reference has no reports and no trace, by its row */
        char *txt = NULL;
        CHECK_EQ_INT(spadc_program_report(ref, SPADC_PLAN_TEXT, &txt), SPADC_EUSAGE);
        CHECK_EQ_INT(spadc_program_trace(ref, "/tmp/never.json", 10), SPADC_EUSAGE);
        CHECK_CONTAINS(spadc_error(ctx), "has none");
        CHECK_EQ_INT(spadc_program_trace(cpu, "/tmp/never.json", 10), SPADC_EUSAGE);
    }
    /* the command's thread limit at this door too, for every target */
    const int bad_threads[] = {-1, SPADC_MAX_THREADS + 1, 1 << 30};
    for (int i = 0; i < 3; i++)
        for (int t = 0; t < 3; t++) {
            const char *target = t == 0 ? "cpu" : t == 1 ? "npu" : "ref";
            CHECK_EQ_INT(spadc_compile(ctx, m, NULL, &(spadc_options){.target = target, .threads = bad_threads[i]}, &none),
                         SPADC_EUSAGE);
            CHECK_CONTAINS(spadc_error(ctx), "threads must be an integer in [1, 1024]");
            CHECK(none == NULL);
        }

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

    /* reports: the plan of a compiled program; the reference has none */
    char *report = NULL;
    CHECK_EQ_INT(spadc_program_report(cpu, SPADC_PLAN_TEXT, &report), SPADC_OK);
    CHECK_CONTAINS(report, "plan of @layer for the cpu (2 threads): 1 kernel, 1 on the engine");
    spadc_string_free(report);
    CHECK_EQ_INT(spadc_program_report(ref, SPADC_PLAN_JSON, &report), SPADC_EUSAGE);
    CHECK(report == NULL);

    spadc_program_free(cpu);
    spadc_program_free(ref);
    spadc_module_free(m);
    spadc_ctx_free(ctx);
    npu_block();
    TEST_DONE();
}
