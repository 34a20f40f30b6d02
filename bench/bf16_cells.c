/* bf16_cells.c - spadc's bf16 Linear+ReLU beside spadc's own f32 and
 * oneDNN's bf16 matmul, in one process, in interleaved rounds:
 *
 *     Y(bf16) = relu(X(bf16) W(bf16) + bias(f32)), accumulated in f32,
 *     Y rounded to bf16 once
 *
 * on the peers harness's shapes (M x N x K: 512x3072x768 FFN1, 512x768x3072
 * FFN2, 256x1024x1024 MLP, 64x64x64, 1x4096x4096 GEMV) at 1 and 2 threads.
 *
 *   bash bench/bf16.sh                         (make bench runs it; it builds
 *                                               this file with oneDNN when
 *                                               libdnnl is installed)
 *   build/bench_bf16_cells --selftest          (CTest: spadc cells only, tiny
 *                                               shapes, against a naive loop)
 *   ROUNDS=5 THREADS="1 2" BUDGET=2 SHAPES="64,64,64;1,4096,4096" RAW=FILE bf16_cells
 *                                              (RAW: every measurement, one line each)
 *
 * Cells, each through its public API:
 *  spadc bf16  the MLIR torch-mlir writes for a bf16 nn.Linear + ReLU:
 *              arith.extf generics (bf16 -> f32) on X and W, an f32
 *              linalg.matmul on a zero-filled accumulator, a generic adding
 *              the bias and applying relu (arith.maximumf with 0), a generic
 *              arith.truncf f32 -> bf16; compiled by spadc_compile for the
 *              cpu, W and bias bound once (spadc_program_bind: packed then,
 *              untimed), each timed call one spadc_program_run.
 *  spadc f32   the same layer in f32 (f32 X, W, bias, Y; peers_ext.c's
 *              program): the "bf16 vs spadc's own f32" ratio.
 *  oneDNN bf16 (built with -DBF16_ONEDNN) the matmul primitive with bf16
 *              src/weights/dst, f32 bias and an eltwise_relu post-op; weights
 *              in format_tag_any, reordered once, untimed (as the peers'
 *              onednn-packedW). Where oneDNN has no bf16 matmul on this host
 *              (primitive creation fails, e.g. AVX2 only or
 *              ONEDNN_MAX_CPU_ISA=AVX2), the cell is "n/a".
 *
 * Correctness, once per cell before any timing: each result against a naive
 * loop (double accumulation; every row when M*N*K <= 3e8, else 16 rows), and
 * spadc bf16 against oneDNN bf16 where it exists; bf16 results within 1e-2
 * of the row's largest |value|, f32 within 1e-4 of it (+1e-5). A wrong cell
 * is printed "WRONG", never timed.
 *
 * Time budget: a spadc bf16 cell whose one call would take more than BUDGET
 * seconds (default 2; e.g. a contraction still on spadc's reference
 * interpreter) is printed "slow" with the time of one call and not timed;
 * for M > 8 the time is first projected from the same program at M = 8 (its
 * result checked as well), so a slow path costs seconds, not minutes.
 *
 * Method (as bench/peers.sh): ROUNDS rounds (default 5), each measuring every
 * cell once, the order reversed every other round; one measurement is the
 * median of 5 samples, each >= 20 ms of back-to-back calls on the same
 * buffers (hot caches). A cell's GFLOP/s (2*M*N*K flops per call) is its
 * median over the rounds; a ratio is the median of the same-round ratios,
 * its range beside it (rounded down, like peers.sh). Goals: bf16 >= 1.0x
 * oneDNN bf16; bf16 >= 0.95x spadc f32 where spadc runs AVX2; bf16 >= 1.7x
 * spadc f32 where it runs AVX-512 (or AMX) on a host with AVX512_BF16.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "spadc.h"

#ifdef BF16_ONEDNN
#include <omp.h>
#include <oneapi/dnnl/dnnl.h>
#if DNNL_VERSION_MAJOR >= 3
#undef BF16_ONEDNN /* the 2.x C API below (Debian 12's 2.6.3); 3.x changed it */
#define ONEDNN_WHY "n/a (oneDNN 3 API: not supported by this driver yet)"
#endif
#endif
#ifndef ONEDNN_WHY
#define ONEDNN_WHY "n/a (built without oneDNN)"
#endif

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

typedef uint16_t bf16;

/* round to nearest even; NaN stays NaN */
static bf16 f2bf(float f) {
    uint32_t u;
    memcpy(&u, &f, 4);
    if ((u & 0x7fffffffu) > 0x7f800000u) return (bf16)((u >> 16) | 0x40);
    u += 0x7fffu + ((u >> 16) & 1);
    return (bf16)(u >> 16);
}
static float bf2f(bf16 b) {
    uint32_t u = (uint32_t)b << 16;
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int host_avx512_bf16(void) {
#if defined(__x86_64__) || defined(__i386__)
    unsigned a = 0, b = 0, c = 0, d = 0;
    if (__get_cpuid_max(0, NULL) < 7) return 0;
    __cpuid_count(7, 1, a, b, c, d);
    return (a >> 5) & 1; /* CPUID.(7,1):EAX[5] AVX512_BF16 */
#else
    return 0;
#endif
}

/* ---- the two programs as MLIR ---- */

#define GEN_MAPS                                                                                               \
    "#id = affine_map<(d0, d1) -> (d0, d1)>\n"                                                                 \
    "#row = affine_map<(d0, d1) -> (d1)>\n"
#define GEN_PAR "iterator_types = [\"parallel\", \"parallel\"]"

static char *mlir_bf16(int M, int N, int K) {
    char *s = NULL;
    const int n = asprintf(
        &s,
        GEN_MAPS
        "func.func @kernel(%%x: tensor<%dx%dxbf16>, %%w: tensor<%dx%dxbf16>, %%b: tensor<%dxf32>) -> tensor<%dx%dxbf16> {\n"
        "  %%zero = arith.constant 0.0 : f32\n"
        "  %%ex = tensor.empty() : tensor<%dx%dxf32>\n"
        "  %%xf = linalg.generic {indexing_maps = [#id, #id], " GEN_PAR "} ins(%%x : tensor<%dx%dxbf16>) outs(%%ex : tensor<%dx%dxf32>) {\n"
        "  ^bb0(%%in: bf16, %%out: f32):\n"
        "    %%v = arith.extf %%in : bf16 to f32\n"
        "    linalg.yield %%v : f32\n"
        "  } -> tensor<%dx%dxf32>\n"
        "  %%ew = tensor.empty() : tensor<%dx%dxf32>\n"
        "  %%wf = linalg.generic {indexing_maps = [#id, #id], " GEN_PAR "} ins(%%w : tensor<%dx%dxbf16>) outs(%%ew : tensor<%dx%dxf32>) {\n"
        "  ^bb0(%%in: bf16, %%out: f32):\n"
        "    %%v = arith.extf %%in : bf16 to f32\n"
        "    linalg.yield %%v : f32\n"
        "  } -> tensor<%dx%dxf32>\n"
        "  %%e = tensor.empty() : tensor<%dx%dxf32>\n"
        "  %%z = linalg.fill ins(%%zero : f32) outs(%%e : tensor<%dx%dxf32>) -> tensor<%dx%dxf32>\n"
        "  %%y = linalg.matmul ins(%%xf, %%wf : tensor<%dx%dxf32>, tensor<%dx%dxf32>) outs(%%z : tensor<%dx%dxf32>) -> tensor<%dx%dxf32>\n"
        "  %%r = linalg.generic {indexing_maps = [#id, #row, #id], " GEN_PAR "} ins(%%y, %%b : tensor<%dx%dxf32>, tensor<%dxf32>) outs(%%e : tensor<%dx%dxf32>) {\n"
        "  ^bb0(%%a: f32, %%c: f32, %%o: f32):\n"
        "    %%s = arith.addf %%a, %%c : f32\n"
        "    %%m = arith.maximumf %%s, %%zero : f32\n"
        "    linalg.yield %%m : f32\n"
        "  } -> tensor<%dx%dxf32>\n"
        "  %%eb = tensor.empty() : tensor<%dx%dxbf16>\n"
        "  %%t = linalg.generic {indexing_maps = [#id, #id], " GEN_PAR "} ins(%%r : tensor<%dx%dxf32>) outs(%%eb : tensor<%dx%dxbf16>) {\n"
        "  ^bb0(%%in: f32, %%out: bf16):\n"
        "    %%v = arith.truncf %%in : f32 to bf16\n"
        "    linalg.yield %%v : bf16\n"
        "  } -> tensor<%dx%dxbf16>\n"
        "  return %%t : tensor<%dx%dxbf16>\n"
        "}\n",
        M, K, K, N, N, M, N,          /* signature */
        M, K, M, K, M, K, M, K,       /* %xf */
        K, N, K, N, K, N, K, N,       /* %wf */
        M, N, M, N, M, N,             /* %e, %z */
        M, K, K, N, M, N, M, N,       /* %y */
        M, N, N, M, N, M, N,          /* %r */
        M, N, M, N, M, N, M, N, M, N); /* %eb, %t, return */
    return n > 0 ? s : NULL;
}

static char *mlir_f32(int M, int N, int K) {
    char *s = NULL;
    const int n = asprintf(
        &s,
        GEN_MAPS
        "func.func @kernel(%%x: tensor<%dx%dxf32>, %%w: tensor<%dx%dxf32>, %%b: tensor<%dxf32>) -> tensor<%dx%dxf32> {\n"
        "  %%zero = arith.constant 0.0 : f32\n"
        "  %%e = tensor.empty() : tensor<%dx%dxf32>\n"
        "  %%z = linalg.fill ins(%%zero : f32) outs(%%e : tensor<%dx%dxf32>) -> tensor<%dx%dxf32>\n"
        "  %%y = linalg.matmul ins(%%x, %%w : tensor<%dx%dxf32>, tensor<%dx%dxf32>) outs(%%z : tensor<%dx%dxf32>) -> tensor<%dx%dxf32>\n"
        "  %%r = linalg.generic {indexing_maps = [#id, #row, #id], " GEN_PAR "} ins(%%y, %%b : tensor<%dx%dxf32>, tensor<%dxf32>) outs(%%e : tensor<%dx%dxf32>) {\n"
        "  ^bb0(%%a: f32, %%c: f32, %%o: f32):\n"
        "    %%s = arith.addf %%a, %%c : f32\n"
        "    %%m = arith.maximumf %%s, %%zero : f32\n"
        "    linalg.yield %%m : f32\n"
        "  } -> tensor<%dx%dxf32>\n"
        "  return %%r : tensor<%dx%dxf32>\n"
        "}\n",
        M, K, K, N, N, M, N, M, N, M, N, M, N, M, K, K, N, M, N, M, N, M, N, N, M, N, M, N, M, N);
    return n > 0 ? s : NULL;
}

/* ---- spadc through the public API ---- */

typedef struct {
    spadc_ctx *ctx;
    spadc_module *m;
    spadc_program *p;
} sp_prog;

static void sp_free(sp_prog *s) {
    spadc_program_free(s->p);
    spadc_module_free(s->m);
    spadc_ctx_free(s->ctx);
    memset(s, 0, sizeof *s);
}

/* compile text at threads, bind W (arg 1) and bias (arg 2); 0 or 1 with why */
static int sp_build(sp_prog *s, char *text, int threads, const void *W, const float *bias, char *why, size_t wl) {
    memset(s, 0, sizeof *s);
    if (!text) {
        snprintf(why, wl, "out of memory");
        return 1;
    }
    if (!(s->ctx = spadc_ctx_new()) ||
        spadc_read_string(s->ctx, "bf16_cells.mlir", text, strlen(text), &s->m) != SPADC_OK ||
        spadc_compile(s->ctx, s->m, "kernel", &(spadc_options){.target = "cpu", .threads = threads}, &s->p) !=
            SPADC_OK ||
        spadc_program_bind(s->p, 1, W) != SPADC_OK || spadc_program_bind(s->p, 2, bias) != SPADC_OK) {
        snprintf(why, wl, "spadc: %s", s->ctx ? spadc_error(s->ctx) : "out of memory");
        free(text);
        sp_free(s);
        return 1;
    }
    free(text);
    return 0;
}

static int sp_run(sp_prog *s, const void *X, void *Y) {
    const void *args[3] = {X, NULL, NULL};
    void *res[1] = {Y};
    if (spadc_program_run(s->p, args, res) != SPADC_OK) {
        fprintf(stderr, "bf16_cells: %s\n", spadc_error(s->ctx));
        return 1;
    }
    return 0;
}

/* the ISA spadc's cpu plan names ("avx512", "avx2", "generic", ...) */
static void sp_isa(sp_prog *s, char *isa, size_t n) {
    char *j = NULL;
    snprintf(isa, n, "?");
    if (spadc_program_report(s->p, SPADC_PLAN_JSON, &j) != SPADC_OK || !j) return;
    const char *k = strstr(j, "\"isa\"");
    if (k && (k = strchr(k + 5, '"'))) {
        size_t i = 0;
        for (k++; *k && *k != '"' && i + 1 < n; k++) isa[i++] = *k;
        isa[i] = 0;
    }
    spadc_string_free(j);
}

/* ---- oneDNN's bf16 matmul (2.x C API) ---- */

#ifdef BF16_ONEDNN
static dnnl_engine_t dn_engine;
static dnnl_stream_t dn_stream;

typedef struct {
    dnnl_primitive_t prim;
    dnnl_memory_t src, wei, wpk, bia, dst;
    dnnl_exec_arg_t args[4];
    int threads;
    char impl[96];
} dn_cell;

static void dn_free(dn_cell *c) {
    if (c->prim) dnnl_primitive_destroy(c->prim);
    dnnl_memory_t ms[] = {c->src, c->wei, c->wpk, c->bia, c->dst};
    for (size_t i = 0; i < sizeof ms / sizeof ms[0]; i++)
        if (ms[i]) dnnl_memory_destroy(ms[i]);
    memset(c, 0, sizeof *c);
}

/* 0: built; 1: no bf16 matmul here (why says so); 2: another failure */
static int dn_build(dn_cell *c, int M, int N, int K, const bf16 *X, const bf16 *W, const float *bias, bf16 *Y,
                    int threads, char *why, size_t wl) {
    memset(c, 0, sizeof *c);
    c->threads = threads;
    omp_set_num_threads(threads);
    if (!dn_engine && (dnnl_engine_create(&dn_engine, dnnl_cpu, 0) != dnnl_success ||
                       dnnl_stream_create(&dn_stream, dn_engine, dnnl_stream_default_flags) != dnnl_success)) {
        snprintf(why, wl, "n/a (oneDNN: no cpu engine)");
        return 2;
    }
    dnnl_memory_desc_t src_md, wei_md, wei_user_md, bia_md, dst_md;
    dnnl_dims_t sd = {M, K}, wd = {K, N}, bd = {1, N}, dd = {M, N};
    dnnl_matmul_desc_t md;
    dnnl_post_ops_t po = NULL;
    dnnl_primitive_attr_t attr = NULL;
    dnnl_primitive_desc_t pd = NULL;
    int rc = 2;
    snprintf(why, wl, "n/a (oneDNN setup failed)");
#define DN(x)                                                                                                  \
    do {                                                                                                       \
        if ((x) != dnnl_success) goto fail;                                                                    \
    } while (0)
    DN(dnnl_memory_desc_init_by_tag(&src_md, 2, sd, dnnl_bf16, dnnl_ab));
    DN(dnnl_memory_desc_init_by_tag(&wei_user_md, 2, wd, dnnl_bf16, dnnl_ab));
    DN(dnnl_memory_desc_init_by_tag(&wei_md, 2, wd, dnnl_bf16, dnnl_format_tag_any));
    DN(dnnl_memory_desc_init_by_tag(&bia_md, 2, bd, dnnl_f32, dnnl_ab));
    DN(dnnl_memory_desc_init_by_tag(&dst_md, 2, dd, dnnl_bf16, dnnl_ab));
    DN(dnnl_matmul_desc_init(&md, &src_md, &wei_md, &bia_md, &dst_md));
    DN(dnnl_primitive_attr_create(&attr));
    DN(dnnl_post_ops_create(&po));
    DN(dnnl_post_ops_append_eltwise(po, 1.0f, dnnl_eltwise_relu, 0.0f, 0.0f));
    DN(dnnl_primitive_attr_set_post_ops(attr, po));
    if (dnnl_primitive_desc_create(&pd, &md, attr, dn_engine, NULL) != dnnl_success) {
        if (getenv("ONEDNN_MAX_CPU_ISA"))
            snprintf(why, wl, "n/a (no bf16 matmul at ONEDNN_MAX_CPU_ISA=%s)", getenv("ONEDNN_MAX_CPU_ISA"));
        else
            snprintf(why, wl, "n/a (no bf16 matmul on this host)");
        rc = 1;
        goto fail;
    }
    {
        const char *impl = NULL;
        dnnl_primitive_desc_query(pd, dnnl_query_impl_info_str, 0, &impl);
        snprintf(c->impl, sizeof c->impl, "%s", impl ? impl : "?");
    }
    DN(dnnl_primitive_create(&c->prim, pd));
    DN(dnnl_memory_create(&c->src, &src_md, dn_engine, (void *)X));
    DN(dnnl_memory_create(&c->wei, &wei_user_md, dn_engine, (void *)W));
    DN(dnnl_memory_create(&c->bia, &bia_md, dn_engine, (void *)bias));
    DN(dnnl_memory_create(&c->dst, &dst_md, dn_engine, Y));
    dnnl_memory_t wexec = c->wei;
    const dnnl_memory_desc_t *wq = dnnl_primitive_desc_query_md(pd, dnnl_query_weights_md, 0);
    if (!dnnl_memory_desc_equal(wq, &wei_user_md)) { /* the one-time reorder, untimed */
        dnnl_primitive_desc_t rpd = NULL;
        dnnl_primitive_t r = NULL;
        DN(dnnl_memory_create(&c->wpk, wq, dn_engine, DNNL_MEMORY_ALLOCATE));
        DN(dnnl_reorder_primitive_desc_create(&rpd, &wei_user_md, dn_engine, wq, dn_engine, NULL));
        if (dnnl_primitive_create(&r, rpd) != dnnl_success) {
            dnnl_primitive_desc_destroy(rpd);
            goto fail;
        }
        dnnl_exec_arg_t ra[2] = {{DNNL_ARG_FROM, c->wei}, {DNNL_ARG_TO, c->wpk}};
        const int ok = dnnl_primitive_execute(r, dn_stream, 2, ra) == dnnl_success &&
                       dnnl_stream_wait(dn_stream) == dnnl_success;
        dnnl_primitive_destroy(r);
        dnnl_primitive_desc_destroy(rpd);
        if (!ok) goto fail;
        wexec = c->wpk;
        strncat(c->impl, " +packedW", sizeof c->impl - strlen(c->impl) - 1);
    }
    c->args[0] = (dnnl_exec_arg_t){DNNL_ARG_SRC, c->src};
    c->args[1] = (dnnl_exec_arg_t){DNNL_ARG_WEIGHTS, wexec};
    c->args[2] = (dnnl_exec_arg_t){DNNL_ARG_BIAS, c->bia};
    c->args[3] = (dnnl_exec_arg_t){DNNL_ARG_DST, c->dst};
    rc = 0;
    why[0] = 0;
fail:
#undef DN
    if (pd) dnnl_primitive_desc_destroy(pd);
    if (po) dnnl_post_ops_destroy(po);
    if (attr) dnnl_primitive_attr_destroy(attr);
    if (rc) dn_free(c);
    return rc;
}

static int dn_run(dn_cell *c) {
    omp_set_num_threads(c->threads);
    return dnnl_primitive_execute(c->prim, dn_stream, 4, c->args) != dnnl_success ||
           dnnl_stream_wait(dn_stream) != dnnl_success;
}
#endif

/* ---- data, reference, checks ---- */

typedef struct {
    const char *name;
    int M, N, K;
    bf16 *Xb, *Wb;
    float *Xf, *Wf, *bias;
    int nrows, *rows; /* the rows the reference has */
    double *ref;      /* nrows x N: relu(XW + bias), double accumulation */
} shape;

/* exactly representable in bf16: multiples of 1/128 or 1/256 below 1 */
static void shape_init(shape *s, const char *name, int M, int N, int K) {
    memset(s, 0, sizeof *s);
    s->name = name, s->M = M, s->N = N, s->K = K;
    const size_t mk = (size_t)M * K, kn = (size_t)K * N;
    s->Xb = malloc(mk * 2), s->Wb = malloc(kn * 2), s->Xf = malloc(mk * 4), s->Wf = malloc(kn * 4);
    s->bias = malloc((size_t)N * 4);
    if (!s->Xb || !s->Wb || !s->Xf || !s->Wf || !s->bias) abort();
    for (size_t i = 0; i < mk; i++) s->Xf[i] = (float)((long)((i * 7919u) % 200) - 100) / 128.0f;
    for (size_t i = 0; i < kn; i++) s->Wf[i] = (float)((long)((i * 104729u) % 200) - 100) / 256.0f;
    for (int n = 0; n < N; n++) s->bias[n] = (float)(n % 11 - 5) * 0.375f;
    for (size_t i = 0; i < mk; i++) s->Xb[i] = f2bf(s->Xf[i]);
    for (size_t i = 0; i < kn; i++) s->Wb[i] = f2bf(s->Wf[i]);
    const int all = (double)M * N * K <= 3e8;
    s->nrows = all || M <= 16 ? M : 16;
    s->rows = malloc(sizeof(int) * s->nrows);
    s->ref = malloc(sizeof(double) * s->nrows * N);
    double *acc = malloc(sizeof(double) * N);
    if (!s->rows || !s->ref || !acc) abort();
    for (int i = 0; i < s->nrows; i++) {
        const int m = s->nrows == M ? i : (i == s->nrows - 1 ? M - 1 : (int)((long)i * M / s->nrows));
        s->rows[i] = m;
        for (int n = 0; n < N; n++) acc[n] = 0;
        for (int k = 0; k < K; k++) {
            const double x = s->Xf[(size_t)m * K + k];
            const float *w = s->Wf + (size_t)k * N;
            for (int n = 0; n < N; n++) acc[n] += x * w[n];
        }
        for (int n = 0; n < N; n++) s->ref[(size_t)i * N + n] = fmax(acc[n] + s->bias[n], 0.0);
    }
    free(acc);
}

static void shape_free(shape *s) {
    free(s->Xb), free(s->Wb), free(s->Xf), free(s->Wf), free(s->bias), free(s->rows), free(s->ref);
}

/* Y's element (m, n) as a double: bf16 (is_bf16) or f32 */
static double yat(const void *Y, int is_bf16, size_t i) {
    return is_bf16 ? bf2f(((const bf16 *)Y)[i]) : ((const float *)Y)[i];
}

/* worst |Y - ref| / tolerance over the reference's rows (those < mlimit);
 * > 1 is wrong. rel: the tolerance's share of the row's largest |ref|. */
static double check_ref(const shape *s, const void *Y, int is_bf16, int mlimit, double rel, double abs_tol,
                        char *where, size_t wl) {
    double worst = 0;
    for (int i = 0; i < s->nrows; i++) {
        const int m = s->rows[i];
        if (m >= mlimit) continue;
        const double *r = s->ref + (size_t)i * s->N;
        double mag = 0;
        for (int n = 0; n < s->N; n++) mag = fmax(mag, fabs(r[n]));
        const double tol = rel * mag + abs_tol;
        for (int n = 0; n < s->N; n++) {
            const double y = yat(Y, is_bf16, (size_t)m * s->N + n);
            const double e = isfinite(y) ? fabs(y - r[n]) / tol : INFINITY;
            if (!(e <= worst)) {
                worst = e;
                snprintf(where, wl, "Y[%d,%d] = %.6g, reference %.6g (tolerance %.3g)", m, n, y, r[n], tol);
            }
        }
    }
    return worst;
}

#ifdef BF16_ONEDNN
/* bf16 against bf16 (spadc against oneDNN), every row */
static double check_pair(const shape *s, const bf16 *A, const bf16 *B, char *where, size_t wl) {
    double worst = 0;
    for (int m = 0; m < s->M; m++) {
        double mag = 0;
        for (int n = 0; n < s->N; n++) mag = fmax(mag, fabs(bf2f(B[(size_t)m * s->N + n])));
        const double tol = 1e-2 * mag + 1e-6;
        for (int n = 0; n < s->N; n++) {
            const double a = bf2f(A[(size_t)m * s->N + n]), b = bf2f(B[(size_t)m * s->N + n]);
            const double e = isfinite(a) ? fabs(a - b) / tol : INFINITY;
            if (!(e <= worst)) {
                worst = e;
                snprintf(where, wl, "Y[%d,%d]: spadc %.6g, oneDNN %.6g (tolerance %.3g)", m, n, a, b, tol);
            }
        }
    }
    return worst;
}
#endif

#define BF16_REL 1e-2
#define BF16_ABS 1e-6
#define F32_REL 1e-4
#define F32_ABS 1e-5

/* ---- cells ---- */

enum { V_BF16, V_F32, V_DNN, NV };
static const char *const vname[NV] = {"spadc bf16", "spadc f32", "oneDNN bf16"};
enum { ST_OK, ST_NA, ST_SLOW, ST_WRONG };
#define MAXROUNDS 64

typedef struct {
    shape *s;
    int t;
    int state[NV];
    char why[NV][256];
    sp_prog bf, f32;
#ifdef BF16_ONEDNN
    dn_cell dn;
#endif
    bf16 *Yb, *Yd;
    float *Yf;
    double first_s[NV];
    double g[NV][MAXROUNDS]; /* GFLOP/s per round, 0 = none */
} cell;

static int run_v(cell *c, int v) {
    switch (v) {
    case V_BF16: return sp_run(&c->bf, c->s->Xb, c->Yb);
    case V_F32: return sp_run(&c->f32, c->s->Xf, c->Yf);
#ifdef BF16_ONEDNN
    case V_DNN: return dn_run(&c->dn);
#endif
    default: return 1;
    }
}

static int cmpd(const void *a, const void *b) {
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}
static double median(double *v, int n) {
    if (n <= 0) return 0;
    qsort(v, n, sizeof *v, cmpd);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* one measurement: the median of 5 samples of >= 20 ms each, in GFLOP/s */
static double measure(cell *c, int v) {
    const double flops = 2.0 * c->s->M * c->s->N * c->s->K;
    double t0 = now_s();
    if (run_v(c, v)) return -1;
    const double one = now_s() - t0;
    long reps = one > 0 ? (long)ceil(0.020 / one) : 1000;
    if (reps < 1) reps = 1;
    double g[5];
    for (int i = 0; i < 5; i++) {
        t0 = now_s();
        for (long r = 0; r < reps; r++)
            if (run_v(c, v)) return -1;
        g[i] = flops * reps / (now_s() - t0) * 1e-9;
    }
    return median(g, 5);
}

static double budget_s = 2.0;

/* Build the spadc bf16 cell within the budget: 0 ok, else a state. */
static int setup_bf16(cell *c, char *why, size_t wl) {
    shape *s = c->s;
    if (s->M > 8) { /* the time of one call, projected from M = 8 */
        sp_prog probe;
        const int Mp = 8;
        if (sp_build(&probe, mlir_bf16(Mp, s->N, s->K), c->t, s->Wb, s->bias, why, wl)) return ST_NA;
        const double t0 = now_s();
        const int bad = sp_run(&probe, s->Xb, c->Yb);
        const double est = (now_s() - t0) * s->M / Mp;
        sp_free(&probe);
        if (bad) {
            snprintf(why, wl, "run failed");
            return ST_NA;
        }
        char where[200];
        const double e = check_ref(s, c->Yb, 1, Mp, BF16_REL, BF16_ABS, where, sizeof where);
        if (e > 1) {
            snprintf(why, wl, "WRONG (at M=%d: %s)", Mp, where);
            return ST_WRONG;
        }
        if (est > budget_s) {
            c->first_s[V_BF16] = est;
            snprintf(why, wl, "slow (~%.1f s/call, projected from M=%d, whose result is right)", est, Mp);
            return ST_SLOW;
        }
    }
    if (sp_build(&c->bf, mlir_bf16(s->M, s->N, s->K), c->t, s->Wb, s->bias, why, wl)) return ST_NA;
    const double t0 = now_s();
    if (sp_run(&c->bf, s->Xb, c->Yb)) {
        snprintf(why, wl, "run failed");
        return ST_NA;
    }
    c->first_s[V_BF16] = now_s() - t0;
    char where[200];
    const double e = check_ref(s, c->Yb, 1, s->M, BF16_REL, BF16_ABS, where, sizeof where);
    if (e > 1) {
        snprintf(why, wl, "WRONG (%s)", where);
        return ST_WRONG;
    }
    if (c->first_s[V_BF16] > budget_s) {
        snprintf(why, wl, "slow (%.1f s/call; its result is right)", c->first_s[V_BF16]);
        return ST_SLOW;
    }
    return ST_OK;
}

static void cell_setup(cell *c, shape *s, int t, int with_dnn) {
    memset(c, 0, sizeof *c);
    c->s = s, c->t = t;
    const size_t mn = (size_t)s->M * s->N;
    c->Yb = calloc(mn, 2), c->Yd = calloc(mn, 2), c->Yf = calloc(mn, 4);
    if (!c->Yb || !c->Yd || !c->Yf) abort();
    char where[200];
    /* spadc f32 */
    if (sp_build(&c->f32, mlir_f32(s->M, s->N, s->K), t, s->Wf, s->bias, c->why[V_F32], sizeof c->why[V_F32]))
        c->state[V_F32] = ST_NA;
    else if (sp_run(&c->f32, s->Xf, c->Yf))
        c->state[V_F32] = ST_NA, snprintf(c->why[V_F32], sizeof c->why[V_F32], "run failed");
    else if (check_ref(s, c->Yf, 0, s->M, F32_REL, F32_ABS, where, sizeof where) > 1)
        c->state[V_F32] = ST_WRONG, snprintf(c->why[V_F32], sizeof c->why[V_F32], "WRONG (%s)", where);
    /* spadc bf16 */
    c->state[V_BF16] = setup_bf16(c, c->why[V_BF16], sizeof c->why[V_BF16]);
    /* oneDNN bf16 */
    c->state[V_DNN] = ST_NA;
    snprintf(c->why[V_DNN], sizeof c->why[V_DNN], "%s", with_dnn ? ONEDNN_WHY : "n/a (not asked for)");
#ifdef BF16_ONEDNN
    if (with_dnn) {
        const int rc = dn_build(&c->dn, s->M, s->N, s->K, s->Xb, s->Wb, s->bias, c->Yd, t, c->why[V_DNN],
                                sizeof c->why[V_DNN]);
        if (rc == 0) {
            if (dn_run(&c->dn))
                snprintf(c->why[V_DNN], sizeof c->why[V_DNN], "n/a (oneDNN execute failed)");
            else if (check_ref(s, c->Yd, 1, s->M, BF16_REL, BF16_ABS, where, sizeof where) > 1)
                c->state[V_DNN] = ST_WRONG, snprintf(c->why[V_DNN], sizeof c->why[V_DNN], "WRONG (%s)", where);
            else
                c->state[V_DNN] = ST_OK;
        }
        /* spadc's bf16 result against oneDNN's */
        if (c->state[V_DNN] == ST_OK && c->state[V_BF16] == ST_OK &&
            check_pair(s, c->Yb, c->Yd, where, sizeof where) > 1) {
            c->state[V_BF16] = ST_WRONG;
            snprintf(c->why[V_BF16], sizeof c->why[V_BF16], "WRONG against oneDNN (%s)", where);
        }
    }
#endif
}

static void cell_free(cell *c) {
    sp_free(&c->bf);
    sp_free(&c->f32);
#ifdef BF16_ONEDNN
    if (c->dn.prim) dn_free(&c->dn);
#endif
    free(c->Yb), free(c->Yd), free(c->Yf);
}

/* ---- the table ---- */

static double down(double x) { return floor(x * 100) / 100; }

static int nmet, nmiss;

/* "1.23x 1.10-1.30 >=1.0 MET" from the same-round ratios of a over b */
static void ratio_col(char *out, size_t n, const cell *c, int a, int b, int nround, double want) {
    double r[MAXROUNDS];
    int k = 0;
    if (c->state[a] == ST_OK && c->state[b] == ST_OK)
        for (int i = 0; i < nround; i++)
            if (c->g[a][i] > 0 && c->g[b][i] > 0) r[k++] = c->g[a][i] / c->g[b][i];
    if (!k) {
        /* a slow cell misses its goal; a missing or wrong one has none */
        const int slow = want > 0 && c->state[a] == ST_SLOW && c->state[b] == ST_OK;
        nmiss += slow;
        snprintf(out, n, "%-6s %-9s %-11s", "-", "", slow ? "MISS" : want > 0 ? "-" : "");
        return;
    }
    const double med = median(r, k); /* sorts r */
    char span[32] = "", goal[32] = "";
    if (k > 1 && med < 0.1)
        snprintf(span, sizeof span, "%.4f-%.4f", floor(r[0] * 1e4) / 1e4, floor(r[k - 1] * 1e4) / 1e4);
    else if (k > 1)
        snprintf(span, sizeof span, "%.2f-%.2f", down(r[0]), down(r[k - 1]));
    if (want > 0) {
        const int met = med >= want;
        nmet += met, nmiss += !met;
        snprintf(goal, sizeof goal, want == floor(want) ? ">=%.1f %s" : ">=%g %s", want, met ? "MET" : "MISS");
    }
    char rs[16];
    if (med < 0.1) /* a reference path: show how far off */
        snprintf(rs, sizeof rs, "%.4fx", floor(med * 1e4) / 1e4);
    else
        snprintf(rs, sizeof rs, "%.2fx", down(med));
    snprintf(out, n, "%-6s %-9s %-11s", rs, span, goal);
}

static void gf_col(char *out, size_t n, const cell *c, int v, int nround) {
    if (c->state[v] != ST_OK) {
        snprintf(out, n, "%8s", c->state[v] == ST_SLOW ? "slow" : c->state[v] == ST_WRONG ? "WRONG" : "n/a");
        return;
    }
    double g[MAXROUNDS];
    int k = 0;
    for (int i = 0; i < nround; i++)
        if (c->g[v][i] > 0) g[k++] = c->g[v][i];
    const double m = k ? median(g, k) : 0;
    if (k)
        snprintf(out, n, m < 1 ? "%8.3f" : "%8.1f", m);
    else
        snprintf(out, n, "%8s", "-");
}

/* ---- main ---- */

static int parse_list(const char *s, int *out, int max) {
    int n = 0;
    while (s && *s && n < max) {
        char *e;
        const long v = strtol(s, &e, 10);
        if (e == s) break;
        out[n++] = (int)v;
        s = e + strspn(e, " ,");
    }
    return n;
}

/* tiny shapes, spadc cells only, against the naive loop: CTest */
static int selftest(void) {
    static const int sh[][3] = {{7, 33, 19}, {1, 40, 64}, {64, 64, 64}, {13, 70, 130}};
    int bad = 0;
    for (size_t i = 0; i < sizeof sh / sizeof sh[0]; i++)
        for (int t = 1; t <= 2; t++) {
            shape s;
            cell c;
            shape_init(&s, "selftest", sh[i][0], sh[i][1], sh[i][2]);
            budget_s = 1e9;
            cell_setup(&c, &s, t, 0);
            for (int v = V_BF16; v <= V_F32; v++)
                if (c.state[v] != ST_OK) {
                    printf("FAIL %s %dx%dx%d t=%d: %s\n", vname[v], s.M, s.N, s.K, t, c.why[v]);
                    bad++;
                }
            /* the same buffers again (as timed), and the check must see a
             * wrong element: one changed by far more than bf16 rounding */
            char where[200];
            if (!bad && (sp_run(&c.bf, s.Xb, c.Yb) ||
                         check_ref(&s, c.Yb, 1, s.M, BF16_REL, BF16_ABS, where, sizeof where) > 1)) {
                printf("FAIL spadc bf16 %dx%dx%d t=%d: second run\n", s.M, s.N, s.K, t);
                bad++;
            }
            const size_t at = (size_t)(s.M - 1) * s.N + s.N / 2;
            c.Yb[at] = f2bf(bf2f(c.Yb[at]) + 0.5f + 0.1f * fabsf(bf2f(c.Yb[at])));
            if (check_ref(&s, c.Yb, 1, s.M, BF16_REL, BF16_ABS, where, sizeof where) <= 1) {
                printf("FAIL the check passed a wrong bf16 element (%dx%dx%d)\n", s.M, s.N, s.K);
                bad++;
            }
            cell_free(&c);
            shape_free(&s);
        }
    printf("bf16_cells --selftest: %s (spadc bf16 and f32 Linear+ReLU, 4 shapes x 1,2 threads, against a naive "
           "loop)\n",
           bad ? "FAIL" : "ok");
    return bad != 0;
}

int main(int argc, char **argv) {
    if (argc > 1 && !strcmp(argv[1], "--selftest")) return selftest();
    if (argc > 1) {
        fprintf(stderr, "usage: %s [--selftest]   (environment: ROUNDS, THREADS, BUDGET, SHAPES; see the source)\n",
                argv[0]);
        return 2;
    }
    int nround = getenv("ROUNDS") ? atoi(getenv("ROUNDS")) : 5;
    if (nround < 1 || nround > MAXROUNDS) {
        fprintf(stderr, "bf16_cells: ROUNDS must be 1..%d\n", MAXROUNDS);
        return 2;
    }
    int ts[8], nt = parse_list(getenv("THREADS") ? getenv("THREADS") : "1 2", ts, 8);
    if (getenv("BUDGET")) budget_s = atof(getenv("BUDGET"));
    static const struct {
        const char *name;
        int M, N, K;
    } all[] = {{"FFN1", 512, 3072, 768}, {"FFN2", 512, 768, 3072}, {"MLP", 256, 1024, 1024},
               {"64^3", 64, 64, 64},    {"GEMV", 1, 4096, 4096}};
    int nsh = 0;
    shape shapes[16];
    const char *want = getenv("SHAPES"); /* "M,N,K;M,N,K" */
    if (want && *want) {
        for (const char *p = want; *p && nsh < 16;) {
            int d[3];
            if (parse_list(p, d, 3) != 3 || d[0] < 1 || d[1] < 1 || d[2] < 1) {
                fprintf(stderr, "bf16_cells: SHAPES=\"M,N,K;...\"\n");
                return 2;
            }
            const char *name = "";
            for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
                if (all[i].M == d[0] && all[i].N == d[1] && all[i].K == d[2]) name = all[i].name;
            shape_init(&shapes[nsh++], name, d[0], d[1], d[2]);
            p = strchr(p, ';');
            if (!p) break;
            p++;
        }
    } else
        for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
            shape_init(&shapes[nsh++], all[i].name, all[i].M, all[i].N, all[i].K);

    const int bf16_host = host_avx512_bf16();
    cell *cells = calloc((size_t)nsh * nt, sizeof *cells);
    if (!cells) abort();
    const double T0 = now_s();
    for (int i = 0; i < nt; i++)
        for (int j = 0; j < nsh; j++) {
            fprintf(stderr, "== setup and check: %dx%dx%d, %d thread(s)  [%.0f s]\n", shapes[j].M, shapes[j].N,
                    shapes[j].K, ts[i], now_s() - T0);
            cell_setup(&cells[i * nsh + j], &shapes[j], ts[i], 1);
        }
    char isa[32] = "?";
    for (int i = 0; i < nsh * nt; i++)
        if (cells[i].f32.p) {
            sp_isa(&cells[i].f32, isa, sizeof isa);
            break;
        }

    /* the measurements of a round: every (cell, variant) that is OK; each
     * one also as a line of RAW (a file) when set */
    FILE *raw = getenv("RAW") && *getenv("RAW") ? fopen(getenv("RAW"), "w") : NULL;
    if (raw) {
        fprintf(raw, "SYS|spadc|%s|isa|%s|avx512_bf16|%d\n", spadc_version(), isa, bf16_host);
        for (int i = 0; i < nsh * nt; i++)
            for (int v = 0; v < NV; v++)
                fprintf(raw, "CELL|%s|%d|%d|%d|%d|%s|%.3f\n", vname[v], cells[i].t, cells[i].s->M, cells[i].s->N,
                        cells[i].s->K, cells[i].state[v] == ST_OK ? "ok" : cells[i].why[v], cells[i].first_s[v]);
    }
    const int nm = nsh * nt * NV;
    for (int r = 0; r < nround; r++) {
        fprintf(stderr, "== round %d/%d  [%.0f s]\n", r + 1, nround, now_s() - T0);
        for (int q = 0; q < nm; q++) {
            const int idx = r % 2 ? nm - 1 - q : q; /* reversed every other round */
            cell *c = &cells[idx / NV];
            const int v = idx % NV;
            if (c->state[v] != ST_OK) continue;
            const double g = measure(c, v);
            if (g < 0) {
                c->state[v] = ST_NA;
                snprintf(c->why[v], sizeof c->why[v], "a timed run failed");
            }
            c->g[v][r] = g;
            if (raw)
                fprintf(raw, "RES|%s|%d|%d|%d|%d|%d|%.4f\n", vname[v], c->t, c->s->M, c->s->N, c->s->K, r + 1, g);
        }
    }

    /* the table */
    printf("== bf16 cells: Y(bf16) = relu(X(bf16) W(bf16) + bias(f32)), f32 accumulation, Y rounded once\n");
    printf("spadc %s, ISA %s%s; host AVX512_BF16: %s; ", spadc_version(), isa,
           getenv("SPADC_ISA") ? " (SPADC_ISA)" : "", bf16_host ? "yes" : "no");
#ifdef BF16_ONEDNN
    {
        const dnnl_version_t *dv = dnnl_version();
        const char *cap = getenv("ONEDNN_MAX_CPU_ISA");
        printf("oneDNN %d.%d.%d%s%s\n", dv->major, dv->minor, dv->patch, cap ? ", ONEDNN_MAX_CPU_ISA=" : "",
               cap ? cap : "");
    }
#else
    printf("oneDNN: %s\n", ONEDNN_WHY);
#endif
#ifdef BF16_ONEDNN
    {
        char seen[512] = "";
        for (int i = 0; i < nsh * nt; i++)
            if (cells[i].state[V_DNN] == ST_OK && !strstr(seen, cells[i].dn.impl) &&
                strlen(seen) + strlen(cells[i].dn.impl) + 3 < sizeof seen) {
                if (seen[0]) strcat(seen, ", ");
                strcat(seen, cells[i].dn.impl);
            }
        if (seen[0]) printf("oneDNN bf16 kernels: %s\n", seen);
    }
#endif
    printf("GFLOP/s = 2MNK/s, median over %d round(s) of the median of 5 samples; ratio = the median of same-round\n"
           "ratios [range]; results checked once per cell before timing (naive loop, and spadc against oneDNN)\n\n",
           nround);
    const double want_f32 = !strcmp(isa, "avx2")                                                ? 0.95
                            : ((!strncmp(isa, "avx512", 6) || !strcmp(isa, "amx")) && bf16_host) ? 1.7
                                                                                                 : 0;
    printf("%-3s %-20s | %8s %8s %8s | %-6s %-9s %-11s | %-6s %-9s %-11s\n", "thr", "shape", "bf16", "f32",
           "oDNN-bf16", "x f32", "[range]", "goal", "x oDNN", "[range]", "goal");
    for (int i = 0; i < nt; i++)
        for (int j = 0; j < nsh; j++) {
            cell *c = &cells[i * nsh + j];
            char shp[64], a[16], b[16], d[16], rf[64], rd[64];
            snprintf(shp, sizeof shp, "%s %dx%dx%d", c->s->name, c->s->M, c->s->N, c->s->K);
            gf_col(a, sizeof a, c, V_BF16, nround);
            gf_col(b, sizeof b, c, V_F32, nround);
            gf_col(d, sizeof d, c, V_DNN, nround);
            ratio_col(rf, sizeof rf, c, V_BF16, V_F32, nround, want_f32);
            ratio_col(rd, sizeof rd, c, V_BF16, V_DNN, nround, c->state[V_DNN] == ST_OK ? 1.0 : 0);
            printf("%-3d %-20s | %s %s %9s | %s | %s\n", c->t, shp, a, b, d, rf, rd);
        }
    printf("\n");
    int wrong = 0;
    for (int i = 0; i < nt * nsh; i++)
        for (int v = 0; v < NV; v++) {
            cell *c = &cells[i];
            if (c->state[v] == ST_OK) continue;
            wrong += c->state[v] == ST_WRONG;
            printf("  %-11s %dx%dx%d %d thr: %s\n", vname[v], c->s->M, c->s->N, c->s->K, c->t, c->why[v]);
        }
    printf("goals: %d MET, %d MISS%s\n", nmet, nmiss,
           want_f32 == 0 ? " (no bf16-vs-f32 goal for this ISA/host)" : "");
    if (wrong) printf("CORRECTNESS FAILURES: %d cell(s) WRONG (not timed)\n", wrong);
    fprintf(stderr, "(%.0f s)\n", now_s() - T0);
    if (raw) fclose(raw);
    for (int i = 0; i < nt * nsh; i++) cell_free(&cells[i]);
    for (int j = 0; j < nsh; j++) shape_free(&shapes[j]);
    free(cells);
#ifdef BF16_ONEDNN
    if (dn_stream) dnnl_stream_destroy(dn_stream);
    if (dn_engine) dnnl_engine_destroy(dn_engine);
#endif
    return wrong != 0;
}
