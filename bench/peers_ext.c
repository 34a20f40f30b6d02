/* peers_ext.c - spadc as a plug-in of the peers harness
 * (../shared/peers/src/ext_kernels.h), through libspadc's public API only
 * (include/spadc.h), so it is timed in the same run, by the same harness,
 * as oneDNN, OpenBLAS, libxsmm and BLIS:
 *
 *   make peers-ext                                  # build/peers/bin/bench_ext
 *   EXT_LABEL=spadc build/peers/run.sh              # every library and spadc
 *   ONLY="onednn-packedW openblas-skx spadc" EXT_LABEL=spadc build/peers/run.sh
 * (ONLY names the label: with EXT_LABEL=spadc the variant is "spadc", not "ext")
 *
 * Each problem is a program, as a frontend would hand it to the compiler:
 * peers_ext_prepare writes the function as MLIR linalg-on-tensors
 * (tensor.empty + linalg.fill + linalg.matmul, then a linalg.generic for
 * bias + ReLU (maximumf) or for the residual add) and compiles it for the
 * cpu at the harness's thread count; spadc fuses the epilogue into the
 * GEMM's register tile. peers_ext_pack binds the weights (and the bias) as
 * constant arguments: the weights are packed then, once, untimed (as
 * onednn-packedW reorders its weights). Each timed peers_ext_run is one
 * spadc_program_run over the caller's buffers: no compile, no packing, and
 * with the same buffers call after call no allocation at all (the engine
 * keeps its arena and evaluates scalar constants once, at compile time).
 *
 * SPADC_PEERS_WEIGHTS=args (read by each peers_ext_prepare): the weights
 * are arguments of every call instead, as a caller that does not bind
 * passes them (`spadc run --inputs`, an MLIR @main): peers_ext_pack binds
 * nothing, and each timed peers_ext_run passes W and the bias as arguments
 * 1 and 2 of spadc_program_run, so whatever the engine does with them
 * (packing included) is inside the timed call. bench/conditions.sh runs
 * both modes (EXT_LABEL=spadc-bound / spadc-args). Any other value, or
 * none, is the bound mode.
 *
 * Built by CMake as bench_peers_ext too (every .c in bench/ is a program):
 * without PEERS_EXT_PLUGIN, main() checks the plug-in against a naive loop
 * (odd shapes, every op, 1 and 2 threads, both weight modes), that a changed
 * weight pointer is re-bound (bound mode), that weights changed in place
 * under the same pointer are read by the next call (args mode), and counts
 * the allocations of the timed calls. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spadc.h"

#ifdef PEERS_EXT_PLUGIN
#include "ext_kernels.h"
#else
const char *peers_ext_name(void);
int peers_ext_prepare(int op, int M, int N, int K, int nthreads);
int peers_ext_pack(int op, int M, int N, int K, const float *W, const float *bias, int nthreads);
void peers_ext_run(int op, int M, int N, int K, const float *X, const float *W, const float *bias, const float *D,
                   float *Y, int nthreads);
#endif

enum { OP_GEMM, OP_BIAS_RELU, OP_RESIDUAL };

static struct {
    spadc_ctx *ctx;
    spadc_module *m;
    spadc_program *p;
    int op, M, N, K, nthreads;
    int args;              /* weights as arguments of every call (SPADC_PEERS_WEIGHTS=args) */
    const float *w, *bias; /* bound (NULL: not bound) */
} S;

static int weights_as_args(void) {
    const char *v = getenv("SPADC_PEERS_WEIGHTS");
    return v && !strcmp(v, "args");
}

/* The problem as MLIR: @kernel(X: MxK, W: KxN[, bias: N | D: MxN]) -> MxN. */
static int write_mlir(char *buf, size_t n, int op, int M, int N, int K) {
    char y[48], third[64] = "", epi[1024] = "";
    snprintf(y, sizeof y, "tensor<%dx%dxf32>", M, N);
    if (op == OP_BIAS_RELU) {
        snprintf(third, sizeof third, ", %%b: tensor<%dxf32>", N);
        snprintf(epi, sizeof epi,
                 "  %%r = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = [\"parallel\", \"parallel\"]}\n"
                 "      ins(%%y, %%b : %s, tensor<%dxf32>) outs(%%e : %s) {\n"
                 "  ^bb0(%%a: f32, %%c: f32, %%o: f32):\n"
                 "    %%s = arith.addf %%a, %%c : f32\n"
                 "    %%m = arith.maximumf %%s, %%zero : f32\n"
                 "    linalg.yield %%m : f32\n"
                 "  } -> %s\n",
                 y, N, y, y);
    } else if (op == OP_RESIDUAL) {
        snprintf(third, sizeof third, ", %%d: %s", y);
        snprintf(epi, sizeof epi,
                 "  %%r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = [\"parallel\", \"parallel\"]}\n"
                 "      ins(%%y, %%d : %s, %s) outs(%%e : %s) {\n"
                 "  ^bb0(%%a: f32, %%c: f32, %%o: f32):\n"
                 "    %%s = arith.addf %%a, %%c : f32\n"
                 "    linalg.yield %%s : f32\n"
                 "  } -> %s\n",
                 y, y, y, y);
    }
    const int len = snprintf(buf, n,
                             "#row = affine_map<(d0, d1) -> (d1)>\n"
                             "#id = affine_map<(d0, d1) -> (d0, d1)>\n"
                             "func.func @kernel(%%x: tensor<%dx%dxf32>, %%w: tensor<%dx%dxf32>%s) -> %s {\n"
                             "  %%zero = arith.constant 0.0 : f32\n"
                             "  %%e = tensor.empty() : %s\n"
                             "  %%z = linalg.fill ins(%%zero : f32) outs(%%e : %s) -> %s\n"
                             "  %%y = linalg.matmul ins(%%x, %%w : tensor<%dx%dxf32>, tensor<%dx%dxf32>) outs(%%z : %s) -> %s\n"
                             "%s"
                             "  return %%%c : %s\n"
                             "}\n",
                             M, K, K, N, third, y, y, y, y, M, K, K, N, y, y, epi, op ? 'r' : 'y', y);
    return len > 0 && (size_t)len < n ? 0 : 1;
}

static void release(void) {
    spadc_program_free(S.p);
    spadc_module_free(S.m);
    S.p = NULL, S.m = NULL, S.w = NULL, S.bias = NULL;
}

const char *peers_ext_name(void) {
    static char name[128];
    snprintf(name, sizeof name, "spadc %s (public API: MLIR compiled for the cpu, %s)", spadc_version(),
             weights_as_args() ? "weights as arguments of every call" : "bound packed weights");
    return name;
}

int peers_ext_prepare(int op, int M, int N, int K, int nthreads) {
    if (op < OP_GEMM || op > OP_RESIDUAL || M < 1 || N < 1 || K < 1) return 1;
    if (!S.ctx && !(S.ctx = spadc_ctx_new())) return 1;
    release();
    char text[4096];
    if (write_mlir(text, sizeof text, op, M, N, K)) return 1;
    if (spadc_read_string(S.ctx, "peers_ext.mlir", text, strlen(text), &S.m) != SPADC_OK ||
        spadc_compile(S.ctx, S.m, "kernel", &(spadc_options){.target = "cpu", .threads = nthreads}, &S.p) !=
            SPADC_OK) {
        fprintf(stderr, "peers_ext: %s\n", spadc_error(S.ctx));
        release();
        return 1;
    }
    S.op = op, S.M = M, S.N = N, S.K = K, S.nthreads = nthreads;
    S.args = weights_as_args();
    return 0;
}

/* Bind the problem's constants: W (packed now) and, for bias_relu, bias. */
static int bind(const float *W, const float *bias) {
    if (spadc_program_bind(S.p, 1, W) != SPADC_OK ||
        (S.op == OP_BIAS_RELU && spadc_program_bind(S.p, 2, bias) != SPADC_OK)) {
        fprintf(stderr, "peers_ext: %s\n", spadc_error(S.ctx));
        S.w = S.bias = NULL;
        return 1;
    }
    S.w = W;
    S.bias = S.op == OP_BIAS_RELU ? bias : NULL;
    return 0;
}

int peers_ext_pack(int op, int M, int N, int K, const float *W, const float *bias, int nthreads) {
    if (!S.p || op != S.op || M != S.M || N != S.N || K != S.K || nthreads != S.nthreads) return 1;
    return S.args ? 0 : bind(W, bias); /* args mode: nothing bound, nothing packed ahead */
}

void peers_ext_run(int op, int M, int N, int K, const float *X, const float *W, const float *bias, const float *D,
                   float *Y, int nthreads) {
    if (!S.p || op != S.op || M != S.M || N != S.N || K != S.K || nthreads != S.nthreads) {
        if (peers_ext_prepare(op, M, N, K, nthreads)) abort();
    }
    const void *args[3] = {X, NULL, op == OP_RESIDUAL ? (const void *)D : NULL};
    if (S.args) {
        /* weights (and bias) as arguments of this call */
        args[1] = W;
        if (op == OP_BIAS_RELU) args[2] = bias;
    } else if ((W != S.w || (op == OP_BIAS_RELU && bias != S.bias)) && bind(W, bias)) {
        /* other constants than the ones packed: bind (and pack) them, untimed
         * in the harness, which always packs first */
        abort();
    }
    void *res[1] = {Y};
    if (spadc_program_run(S.p, args, res) != SPADC_OK) {
        fprintf(stderr, "peers_ext: %s\n", spadc_error(S.ctx));
        abort();
    }
}

#ifndef PEERS_EXT_PLUGIN
/* Standalone: the plug-in on odd shapes against a naive loop, and the
 * allocations of the timed calls counted by wrapping glibc's allocator
 * (not under a sanitizer, which has its own). */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define COUNT_ALLOCS 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define COUNT_ALLOCS 0
#endif
#endif
#ifndef COUNT_ALLOCS
#if defined(__GLIBC__) || defined(__linux__)
#define COUNT_ALLOCS 1
#else
#define COUNT_ALLOCS 0
#endif
#endif

static long nallocs = -1; /* counting while >= 0 */

#if COUNT_ALLOCS
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
void *malloc(size_t n) {
    if (nallocs >= 0) __atomic_add_fetch(&nallocs, 1, __ATOMIC_RELAXED);
    return __libc_malloc(n);
}
void *calloc(size_t c, size_t n) {
    if (nallocs >= 0) __atomic_add_fetch(&nallocs, 1, __ATOMIC_RELAXED);
    return __libc_calloc(c, n);
}
void *realloc(void *p, size_t n) {
    if (nallocs >= 0) __atomic_add_fetch(&nallocs, 1, __ATOMIC_RELAXED);
    return __libc_realloc(p, n);
}
int posix_memalign(void **out, size_t align, size_t n) {
    if (nallocs >= 0) __atomic_add_fetch(&nallocs, 1, __ATOMIC_RELAXED);
    void *p = __libc_memalign(align, n);
    if (!p) return 12; /* ENOMEM */
    *out = p;
    return 0;
}
void *aligned_alloc(size_t align, size_t n) {
    if (nallocs >= 0) __atomic_add_fetch(&nallocs, 1, __ATOMIC_RELAXED);
    return __libc_memalign(align, n);
}
#endif

static float *filled(size_t n, int mul, int mod, float scale) {
    float *p = malloc(sizeof(float) * (n ? n : 1));
    if (!p) abort();
    for (size_t i = 0; i < n; i++) p[i] = (float)((long)((i * (size_t)mul) % (size_t)mod) - mod / 2) * scale;
    return p;
}

/* max |Y - naive| over the tolerance the harness uses; > 1 is a mismatch */
static double check(int op, int M, int N, int K, const float *X, const float *W, const float *bias, const float *D,
                    const float *Y) {
    double worst = 0;
    for (int m = 0; m < M; m++)
        for (int n = 0; n < N; n++) {
            double acc = 0;
            for (int k = 0; k < K; k++) acc += (double)X[(size_t)m * K + k] * W[(size_t)k * N + n];
            if (op == OP_BIAS_RELU) acc = fmax(acc + bias[n], 0);
            if (op == OP_RESIDUAL) acc += D[(size_t)m * N + n];
            worst = fmax(worst, fabs(Y[(size_t)m * N + n] - acc) / (5e-6 * K + 1e-5));
        }
    return worst;
}

int main(void) {
    static const int shapes[][3] = {{67, 131, 97}, {1, 33, 300}, {64, 64, 64}, {13, 200, 1100}, {1, 512, 640}};
    static const char *const ops[] = {"gemm", "bias_relu", "residual"};
    static const char *const modes[] = {"bound", "args"};
    int bad = 0;
    long most_allocs[2] = {0, 0};
    for (int mode = 0; mode < 2; mode++) {
        /* as bench/conditions.sh sets it for the harness; read by prepare */
        if (setenv("SPADC_PEERS_WEIGHTS", modes[mode], 1)) abort();
        for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
            for (int op = 0; op < 3; op++)
                for (int t = 1; t <= 2; t++) {
                    const int M = shapes[s][0], N = shapes[s][1], K = shapes[s][2];
                    float *X = filled((size_t)M * K, 7919, 200, 0.01f), *W = filled((size_t)K * N, 104729, 200, 0.01f);
                    float *W2 = filled((size_t)K * N, 31, 17, 0.125f);
                    float *bias = filled((size_t)N, 1, 11, 1.0f), *D = filled((size_t)M * N, 1, 13, 1.0f);
                    float *Y = malloc(sizeof(float) * M * N);
                    if (!Y || peers_ext_prepare(op, M, N, K, t) || peers_ext_pack(op, M, N, K, W, bias, t)) {
                        printf("FAIL %s %s %dx%dx%d t=%d: prepare/pack\n", modes[mode], ops[op], M, N, K, t);
                        return 1;
                    }
                    /* args mode binds nothing: every argument is the call's */
                    if (mode == 1 && (S.w || S.bias)) {
                        printf("FAIL args %s %dx%dx%d t=%d: weights bound\n", ops[op], M, N, K, t);
                        bad++;
                    }
                    /* as the harness times: the same buffers call after call */
                    peers_ext_run(op, M, N, K, X, W, bias, D, Y, t);
                    nallocs = 0;
                    for (int rep = 0; rep < 3; rep++) peers_ext_run(op, M, N, K, X, W, bias, D, Y, t);
                    const long allocs = nallocs;
                    nallocs = -1;
                    most_allocs[mode] = allocs > most_allocs[mode] ? allocs : most_allocs[mode];
                    double err = check(op, M, N, K, X, W, bias, D, Y);
                    /* other weights: bound (re-packed) before the call, or
                     * passed as the call's arguments */
                    peers_ext_run(op, M, N, K, X, W2, bias, D, Y, t);
                    err = fmax(err, check(op, M, N, K, X, W2, bias, D, Y));
                    if (mode == 1) {
                        /* args mode reads the weights (and bias) of each call:
                         * changed in place under the same pointers, the next
                         * call sees them (bound mode would reuse its packed
                         * copy) */
                        for (size_t i = 0; i < (size_t)K * N; i++) W2[i] = -0.5f * W2[i] + 0.25f;
                        for (int n = 0; n < N; n++) bias[n] += 0.75f;
                        peers_ext_run(op, M, N, K, X, W2, bias, D, Y, t);
                        err = fmax(err, check(op, M, N, K, X, W2, bias, D, Y));
                    }
                    /* any allocation would be per-call work */
                    if (err > 1 || allocs > 0) {
                        printf("FAIL %s %s %dx%dx%d t=%d: error %.3g x tolerance, %ld allocations in 3 calls\n",
                               modes[mode], ops[op], M, N, K, t, err, allocs);
                        bad++;
                    }
                    free(X), free(W), free(W2), free(bias), free(D), free(Y);
                }
    }
    release();
    spadc_ctx_free(S.ctx);
    char allocs[96] = "allocations not counted under a sanitizer";
    if (COUNT_ALLOCS)
        snprintf(allocs, sizeof allocs, "at most %.2g (bound) / %.2g (args) allocations per timed call",
                 most_allocs[0] / 3.0, most_allocs[1] / 3.0);
    printf("spadc %s peers plug-in: %s (%d shapes x 3 ops x 1,2 threads x bound,args weights; %s)\n", spadc_version(),
           bad ? "MISMATCH" : "ok", (int)(sizeof shapes / sizeof shapes[0]), allocs);
    return bad != 0;
}
#endif
