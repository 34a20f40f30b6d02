/* portable.c - the cpu engine (cpu.h) in plain loops: correct and simple,
 * no packing, no ISA kernels. It serves until the optimised engine (packing,
 * per-ISA microkernels, planned blocking) lands, and defines the contract
 * that engine is tested against. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cpu.h"

const char *cpu_isa_name(cpu_isa isa) {
    switch (isa) {
    case CPU_ISA_AVX512: return "avx512";
    case CPU_ISA_AVX2: return "avx2";
    default: return "generic";
    }
}

bool cpu_isa_supported(cpu_isa isa) { return isa == CPU_ISA_GENERIC; }

sp_status cpu_isa_active(sp_ctx *ctx, cpu_isa *isa) {
    const char *env = getenv("SPADC_ISA");
    if (env && *env && strcmp(env, "generic")) {
        sp_set_error(ctx, SP_EUSAGE, "SPADC_ISA=%s: this build runs the portable engine only (generic)", env);
        return SP_EUSAGE;
    }
    *isa = CPU_ISA_GENERIC;
    return SP_OK;
}

cpu_caches cpu_caches_detect(void) {
    cpu_caches c = {48 * 1024, 1024 * 1024, 32 * 1024 * 1024, 1};
    return c;
}

static float maxf(float a, float b) {
    if (isnan(a) || isnan(b)) return NAN;
    if (a == 0 && b == 0) return signbit(a) ? b : a;
    return a > b ? a : b;
}

static float minf(float a, float b) {
    if (isnan(a) || isnan(b)) return NAN;
    if (a == 0 && b == 0) return signbit(a) ? a : b;
    return a < b ? a : b;
}

float cpu_epi_eval(const cpu_epilogue *e, float acc, int64_t m, int64_t n) {
    float r[CPU_EPI_MAX_REGS] = {0};
    r[0] = acc;
    for (uint32_t i = 0; i < e->ninsn; i++) {
        const cpu_epi_insn *in = &e->insn[i];
        float a = r[in->a], b = r[in->b], v;
        switch ((cpu_epi_op)in->op) {
        case CPU_EPI_LOAD: {
            const cpu_operand *o = &e->operands[in->a];
            v = o->ptr[m * o->sm + n * o->sn];
            break;
        }
        case CPU_EPI_CONST: v = in->imm; break;
        case CPU_EPI_ADD: v = a + b; break;
        case CPU_EPI_SUB: v = a - b; break;
        case CPU_EPI_MUL: v = a * b; break;
        case CPU_EPI_DIV: v = a / b; break;
        case CPU_EPI_MAX: v = maxf(a, b); break;
        case CPU_EPI_MIN: v = minf(a, b); break;
        case CPU_EPI_NEG: v = -a; break;
        case CPU_EPI_EXP: v = expf(a); break;
        case CPU_EPI_TANH: v = tanhf(a); break;
        case CPU_EPI_ERF: v = erff(a); break;
        case CPU_EPI_SQRT: v = sqrtf(a); break;
        case CPU_EPI_RSQRT: v = 1.0f / sqrtf(a); break;
        case CPU_EPI_ABS: v = fabsf(a); break;
        case CPU_EPI_RELU: v = maxf(a, 0.0f); break;
        case CPU_EPI_GELU_TANH: v = 0.5f * a * (1.0f + tanhf(0.7978845608f * (a + 0.044715f * a * a * a))); break;
        case CPU_EPI_GELU_ERF: v = 0.5f * a * (1.0f + erff(a * 0.70710678f)); break;
        case CPU_EPI_SELECT_GT: v = a > b ? r[in->c] : r[in->d]; break;
        default: v = NAN;
        }
        r[in->dst] = v;
    }
    return r[e->result];
}

sp_status cpu_blocking_choose(sp_ctx *ctx, int64_t M, int64_t N, int64_t K, int64_t nbatch, int nthreads,
                              cpu_isa isa, const cpu_caches *caches, cpu_blocking *out) {
    (void)ctx;
    (void)nbatch;
    (void)caches;
    memset(out, 0, sizeof *out);
    out->isa = isa;
    out->mr = out->nr = 1;
    out->mc = M;
    out->nc = N;
    out->kc = K;
    out->nthreads = nthreads;
    return SP_OK;
}

struct cpu_packed {
    int64_t K, N, nbatch;
    float *data; /* [b][k][n] */
};

sp_status cpu_pack_b(sp_ctx *ctx, const cpu_blocking *blk, int64_t K, int64_t N, int64_t nbatch, const float *B,
                     int64_t b_sk, int64_t b_sn, int64_t b_sb, cpu_packed **out) {
    (void)blk;
    cpu_packed *p = sp_try_malloc(ctx, sizeof *p);
    size_t n = (size_t)(nbatch * K * N);
    float *d = p ? sp_try_malloc(ctx, (n ? n : 1) * sizeof *d) : NULL;
    if (!d) {
        sp_free(ctx, p);
        sp_set_error(ctx, SP_EINPUT, "out of memory packing weights");
        return SP_EINPUT;
    }
    for (int64_t b = 0; b < nbatch; b++)
        for (int64_t k = 0; k < K; k++)
            for (int64_t j = 0; j < N; j++) d[(b * K + k) * N + j] = B[b * b_sb + k * b_sk + j * b_sn];
    p->K = K;
    p->N = N;
    p->nbatch = nbatch;
    p->data = d;
    *out = p;
    return SP_OK;
}

void cpu_packed_free(sp_ctx *ctx, cpu_packed *p) {
    if (!p) return;
    sp_free(ctx, p->data);
    sp_free(ctx, p);
}

sp_status cpu_gemm(sp_ctx *ctx, const cpu_gemm_args *g) {
    (void)ctx;
    const float *B = g->packed_b ? g->packed_b->data : g->B;
    int64_t bsk = g->packed_b ? g->N : g->b_sk, bsn = g->packed_b ? 1 : g->b_sn, bsb = g->packed_b ? g->K * g->N : g->b_sb;
    for (int64_t m = 0; m < g->M; m++)
        for (int64_t n = 0; n < g->N; n++) {
            float *c = &g->C[m * g->c_sm + n * g->c_sn];
            float acc;
            if (g->init == CPU_INIT_C) {
                acc = *c;
            } else if (g->init == CPU_INIT_OPERAND) {
                const cpu_operand *o = &g->epi->operands[g->init_operand];
                acc = o->ptr[m * o->sm + n * o->sn];
            } else {
                acc = 0;
            }
            for (int64_t b = 0; b < g->nbatch; b++)
                for (int64_t k = 0; k < g->K; k++)
                    acc += g->A[b * g->a_sb + m * g->a_sm + k * g->a_sk] * B[b * bsb + k * bsk + n * bsn];
            *c = g->epi ? cpu_epi_eval(g->epi, acc, m, n) : acc;
        }
    return SP_OK;
}
