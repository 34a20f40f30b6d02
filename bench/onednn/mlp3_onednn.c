/* mlp3_onednn.c - the 3-layer MLP of ../shared/peers/mlir22/src/mlp3_main.mlir
 * (256x1024 f32, three GEMM + bias + ReLU layers) through oneDNN, as three
 * chained matmul primitives (bias + an eltwise_relu post-op fused in each),
 * on bench/mlp3.c's inputs (the generators of the MLIR's @main) and timed
 * as bench/mlp3.c times spadc: one warm-up call (its result checksummed: the
 * row-major f32 sum, against the MLIR's bit-exact reference within 1e-4),
 * then REPS timed calls.
 *
 *   mlp3_onednn [--threads N] [--reps N] [--weights packed|rowmajor]
 *
 * weights packed:   format_tag_any, the one-time reorder into oneDNN's
 *                   layout untimed (the harness's onednn-packedW);
 * weights rowmajor: the row-major weights as given, every call (onednn).
 * Prints one line, in bench_mlp3's format:
 *   onednn mlp3 mode=packed threads=1 reps=10 seconds_per_call=... GFLOPs=...
 *        median_GFLOPs=... checksum=... impl=...
 * Not a CMake program (it needs libdnnl; CMake builds only the .c files directly in bench/):
 * bench/conditions.sh compiles it with -ldnnl when oneDNN is installed. */
#include <oneapi/dnnl/dnnl.h>
#include <omp.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../mlp3_inputs.h"

#define CK(x)                                                                            \
    do {                                                                                 \
        dnnl_status_t st_ = (x);                                                         \
        if (st_ != dnnl_success) {                                                       \
            fprintf(stderr, "mlp3_onednn: oneDNN error %d at line %d: %s\n", (int)st_, __LINE__, #x); \
            exit(1);                                                                     \
        }                                                                                \
    } while (0)

int main(int argc, char **argv) {
    int threads = 1, reps = 10, packed = 1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--threads") && i + 1 < argc)
            threads = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--reps") && i + 1 < argc)
            reps = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--weights") && i + 1 < argc) {
            const char *w = argv[++i];
            if (!strcmp(w, "packed"))
                packed = 1;
            else if (!strcmp(w, "rowmajor"))
                packed = 0;
            else
                threads = 0;
        } else
            threads = 0;
    }
    if (threads < 1 || reps < 1) {
        fprintf(stderr, "usage: mlp3_onednn [--threads N] [--reps N] [--weights packed|rowmajor]\n");
        return 2;
    }
    omp_set_num_threads(threads);
    float *X = malloc(sizeof(float) * M * K), *H[2], *Y = malloc(sizeof(float) * M * N), *W[3], *B[3];
    for (int l = 0; l < 2; l++) H[l] = malloc(sizeof(float) * M * N);
    for (int l = 0; l < 3; l++) W[l] = malloc(sizeof(float) * K * N), B[l] = malloc(sizeof(float) * N);
    mlp3_inputs(X, W, B);

    dnnl_engine_t engine;
    dnnl_stream_t stream;
    CK(dnnl_engine_create(&engine, dnnl_cpu, 0));
    CK(dnnl_stream_create(&stream, engine, dnnl_stream_default_flags));
    dnnl_memory_desc_t src_md, wei_md, wei_user_md, bia_md, dst_md;
    dnnl_dims_t sd = {M, K}, wd = {K, N}, bd = {1, N}, dd = {M, N};
    CK(dnnl_memory_desc_init_by_tag(&src_md, 2, sd, dnnl_f32, dnnl_ab));
    CK(dnnl_memory_desc_init_by_tag(&wei_user_md, 2, wd, dnnl_f32, dnnl_ab));
    CK(dnnl_memory_desc_init_by_tag(&wei_md, 2, wd, dnnl_f32, packed ? dnnl_format_tag_any : dnnl_ab));
    CK(dnnl_memory_desc_init_by_tag(&bia_md, 2, bd, dnnl_f32, dnnl_ab));
    CK(dnnl_memory_desc_init_by_tag(&dst_md, 2, dd, dnnl_f32, dnnl_ab));
    dnnl_matmul_desc_t md;
    dnnl_post_ops_t po;
    dnnl_primitive_attr_t attr;
    dnnl_primitive_desc_t pd;
    dnnl_primitive_t prim;
    CK(dnnl_matmul_desc_init(&md, &src_md, &wei_md, &bia_md, &dst_md));
    CK(dnnl_primitive_attr_create(&attr));
    CK(dnnl_post_ops_create(&po));
    CK(dnnl_post_ops_append_eltwise(po, 1.0f, dnnl_eltwise_relu, 0.0f, 0.0f));
    CK(dnnl_primitive_attr_set_post_ops(attr, po));
    CK(dnnl_primitive_desc_create(&pd, &md, attr, engine, NULL));
    const char *impl = NULL;
    dnnl_primitive_desc_query(pd, dnnl_query_impl_info_str, 0, &impl);
    char implbuf[96];
    snprintf(implbuf, sizeof implbuf, "%s", impl ? impl : "?");
    CK(dnnl_primitive_create(&prim, pd));
    const dnnl_memory_desc_t *wq = dnnl_primitive_desc_query_md(pd, dnnl_query_weights_md, 0);
    const int reorder = !dnnl_memory_desc_equal(wq, &wei_user_md);

    /* layer l: in (X, H0, H1) -> out (H0, H1, Y); one primitive (the three
     * layers have one shape), three argument sets */
    const float *ins[3] = {X, H[0], H[1]};
    float *outs[3] = {H[0], H[1], Y};
    dnnl_exec_arg_t args[3][4];
    for (int l = 0; l < 3; l++) {
        dnnl_memory_t src, wei, bia, dst;
        CK(dnnl_memory_create(&src, &src_md, engine, (void *)ins[l]));
        CK(dnnl_memory_create(&wei, &wei_user_md, engine, W[l]));
        CK(dnnl_memory_create(&bia, &bia_md, engine, B[l]));
        CK(dnnl_memory_create(&dst, &dst_md, engine, outs[l]));
        if (reorder) { /* one-time reorder into oneDNN's layout, untimed */
            dnnl_memory_t wp;
            dnnl_primitive_desc_t rpd;
            dnnl_primitive_t r;
            CK(dnnl_memory_create(&wp, wq, engine, DNNL_MEMORY_ALLOCATE));
            CK(dnnl_reorder_primitive_desc_create(&rpd, &wei_user_md, engine, wq, engine, NULL));
            CK(dnnl_primitive_create(&r, rpd));
            dnnl_exec_arg_t ra[2] = {{DNNL_ARG_FROM, wei}, {DNNL_ARG_TO, wp}};
            CK(dnnl_primitive_execute(r, stream, 2, ra));
            CK(dnnl_stream_wait(stream));
            dnnl_primitive_destroy(r);
            dnnl_primitive_desc_destroy(rpd);
            wei = wp;
        }
        args[l][0] = (dnnl_exec_arg_t){DNNL_ARG_SRC, src};
        args[l][1] = (dnnl_exec_arg_t){DNNL_ARG_WEIGHTS, wei};
        args[l][2] = (dnnl_exec_arg_t){DNNL_ARG_BIAS, bia};
        args[l][3] = (dnnl_exec_arg_t){DNNL_ARG_DST, dst};
    }
    /* (memories are left to the process's exit) */
#define CALL()                                                        \
    do {                                                              \
        for (int l = 0; l < 3; l++) CK(dnnl_primitive_execute(prim, stream, 4, args[l])); \
        CK(dnnl_stream_wait(stream));                                 \
    } while (0)
    CALL(); /* warm-up: the checksummed result */
    float sum = 0;
    for (size_t i = 0; i < (size_t)M * N; i++) sum += Y[i];
    double *t = malloc(sizeof(double) * (size_t)reps);
    const double t0 = now();
    for (int r = 0; r < reps; r++) {
        const double a = now();
        CALL();
        t[r] = now() - a;
    }
    const double per = (now() - t0) / reps;
    qsort(t, (size_t)reps, sizeof *t, cmp_double);
    union {
        int i;
        float f;
    } ref = {REF_BITS};
    const double rel = fabs((double)sum - ref.f) / fabs((double)ref.f);
    printf("onednn mlp3 mode=%s threads=%d reps=%d seconds_per_call=%.6f GFLOPs=%.1f median_GFLOPs=%.1f "
           "checksum=%.1f checksum_rel_err=%.2g check=%s impl=%s%s\n",
           packed ? "packed" : "rowmajor", threads, reps, per, FLOPS / per * 1e-9, FLOPS / t[reps / 2] * 1e-9,
           (double)sum, rel, rel <= 1e-4 ? "PASS" : "FAIL", implbuf, reorder ? "+packedW" : "");
    return rel <= 1e-4 ? 0 : 4;
}
