/* peers_ext.c - the cpu engine as a plug-in of the peers harness
 * (/work/shared/peers/src/ext_kernels.h), so it is timed in the same run,
 * by the same harness, as oneDNN, OpenBLAS, libxsmm and BLIS:
 *
 *   cp -r /work/shared/peers /tmp/peers && make -C /tmp/peers deps
 *   make -C /tmp/peers bench_ext EXT=$PWD/bench/peers_ext.c \
 *        EXT_CFLAGS="-DPEERS_EXT_PLUGIN -I$PWD/src" EXT_LDLIBS="$PWD/build/libspadc.a -lm"
 *   ONLY="onednn-packedW openblas-skx libxsmm-tiles spadc" EXT_LABEL=spadc /tmp/peers/run.sh
 * (ONLY names the label: with EXT_LABEL=spadc the variant is "spadc", not "ext")
 *
 * The weights are constants of each problem: peers_ext_pack packs them once
 * (untimed, as onednn-packedW reorders its weights), with the blocking
 * chosen in peers_ext_prepare. Each timed call is one cpu_gemm with the
 * epilogue on the register tile: bias_relu = relu(XW + bias), residual =
 * XW + D, written as the programs a compiler would emit.
 *
 * Built by CMake as bench_peers_ext too (every .c in bench/ is a program):
 * then main() checks the plug-in against a naive loop. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "cpu/cpu.h"

#ifdef PEERS_EXT_PLUGIN
#include "ext_kernels.h"
#else
const char *peers_ext_name(void);
int peers_ext_prepare(int op, int M, int N, int K, int nthreads);
int peers_ext_pack(int op, int M, int N, int K, const float *W, const float *bias, int nthreads);
void peers_ext_run(int op, int M, int N, int K, const float *X, const float *W, const float *bias, const float *D,
                   float *Y, int nthreads);
#endif

static struct {
    sp_ctx ctx;
    bool init;
    cpu_isa isa;
    cpu_caches caches;
    int op, M, N, K, nthreads;
    cpu_blocking blk;
    cpu_packed *w;
    const float *w_src; /* the weights w was packed from */
    cpu_epilogue epi;
} S;

const char *peers_ext_name(void) {
    static char name[96];
    cpu_isa isa = CPU_ISA_GENERIC;
    sp_ctx ctx;
    sp_ctx_init(&ctx, NULL);
    cpu_isa_active(&ctx, &isa);
    snprintf(name, sizeof name, "spadc cpu engine (%s, packed weights, fused epilogue)", cpu_isa_name(isa));
    return name;
}

int peers_ext_prepare(int op, int M, int N, int K, int nthreads) {
    if (!S.init) {
        sp_ctx_init(&S.ctx, NULL);
        if (cpu_isa_active(&S.ctx, &S.isa) != SP_OK) {
            sp_print_error(&S.ctx, stderr);
            return 1;
        }
        S.caches = cpu_caches_detect();
        S.init = true;
    }
    cpu_packed_free(&S.ctx, S.w);
    S.w = NULL;
    S.w_src = NULL;
    S.op = op, S.M = M, S.N = N, S.K = K, S.nthreads = nthreads;
    if (cpu_blocking_choose(&S.ctx, M, N, K, 1, nthreads, S.isa, &S.caches, &S.blk) != SP_OK) {
        sp_print_error(&S.ctx, stderr);
        return 1;
    }
    /* the programs: r1 = load operand; r0 = r0 + r1 (; r0 = relu r0) */
    S.epi = (cpu_epilogue){.nregs = 2, .noperands = 1};
    S.epi.insn[0] = (cpu_epi_insn){.op = CPU_EPI_LOAD, .dst = 1, .a = 0};
    S.epi.insn[1] = (cpu_epi_insn){.op = CPU_EPI_ADD, .dst = 0, .a = 0, .b = 1};
    S.epi.insn[2] = (cpu_epi_insn){.op = CPU_EPI_RELU, .dst = 0, .a = 0};
    S.epi.ninsn = op == 1 ? 3 : 2;
    return 0;
}

int peers_ext_pack(int op, int M, int N, int K, const float *W, const float *bias, int nthreads) {
    (void)op, (void)M, (void)bias, (void)nthreads;
    cpu_packed_free(&S.ctx, S.w);
    S.w = NULL;
    if (cpu_pack_b(&S.ctx, &S.blk, K, N, 1, W, N, 1, 0, &S.w) != SP_OK) {
        sp_print_error(&S.ctx, stderr);
        return 1;
    }
    S.w_src = W;
    return 0;
}

void peers_ext_run(int op, int M, int N, int K, const float *X, const float *W, const float *bias, const float *D,
                   float *Y, int nthreads) {
    if (op == 1) S.epi.operands[0] = (cpu_operand){bias, 0, 1};
    if (op == 2) S.epi.operands[0] = (cpu_operand){D, N, 1};
    const bool packed = S.w && S.w_src == W && S.M == M && S.N == N && S.K == K;
    cpu_gemm_args g = {.M = M, .N = N, .K = K, .nbatch = 1, .A = X, .a_sm = K, .a_sk = 1, .B = W, .b_sk = N,
                       .b_sn = 1, .packed_b = packed ? S.w : NULL, .C = Y, .c_sm = N, .c_sn = 1,
                       .epi = op ? &S.epi : NULL, .blocking = &S.blk, .nthreads = nthreads};
    if (cpu_gemm(&S.ctx, &g) != SP_OK) {
        sp_print_error(&S.ctx, stderr);
        abort();
    }
}

#ifndef PEERS_EXT_PLUGIN
/* Standalone: the plug-in on odd shapes against a naive loop. */
int main(void) {
    static const int shapes[][3] = {{67, 131, 97}, {1, 33, 300}, {64, 64, 64}, {13, 200, 1100}};
    int bad = 0;
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
        for (int op = 0; op < 3; op++)
            for (int t = 1; t <= 2; t++) {
                const int M = shapes[s][0], N = shapes[s][1], K = shapes[s][2];
                float *X = malloc(sizeof(float) * M * K), *W = malloc(sizeof(float) * K * N);
                float *bias = malloc(sizeof(float) * N), *D = malloc(sizeof(float) * M * N);
                float *Y = malloc(sizeof(float) * M * N);
                for (int i = 0; i < M * K; i++) X[i] = (float)((i * 7919) % 200 - 100) / 100.0f;
                for (int i = 0; i < K * N; i++) W[i] = (float)((i * 104729) % 200 - 100) / 100.0f;
                for (int i = 0; i < N; i++) bias[i] = (float)(i % 11) - 5.0f;
                for (int i = 0; i < M * N; i++) D[i] = (float)(i % 13) - 6.0f;
                if (peers_ext_prepare(op, M, N, K, t) || peers_ext_pack(op, M, N, K, W, bias, t)) return 1;
                peers_ext_run(op, M, N, K, X, W, bias, D, Y, t);
                for (int m = 0; m < M; m++)
                    for (int n = 0; n < N; n++) {
                        double acc = 0;
                        for (int k = 0; k < K; k++) acc += (double)X[m * K + k] * W[k * N + n];
                        if (op == 1) acc = fmax(acc + bias[n], 0);
                        if (op == 2) acc += D[m * N + n];
                        if (fabs(Y[m * N + n] - acc) > 5e-6 * K + 1e-5) bad++;
                    }
                free(X), free(W), free(bias), free(D), free(Y);
            }
    printf("%s: %s\n", peers_ext_name(), bad ? "MISMATCH" : "ok");
    return bad != 0;
}
#endif
