/* test_fuse.c - canonicalization + fusion: every spelling of an MLP layer in
 * the corpus (PyTorch and mlir-gen styles with all their printing variants,
 * tpp-mlir's files, the seed cases) becomes exactly one kernel per
 * contraction, with the bias add and ReLU in its epilogue and no other
 * kernels; all spellings of the same model get the identical kernel
 * structure; constants are never copied; materialised values say why;
 * values that fan out and rejoin give each op to one kernel. */
#include "passes/kernel.h"
#include "passes/passes.h"
#include "test.h"
#include "util.h"

typedef struct job {
    const char *path, *func;
    ir_module *m;
    kn_program p;
} job;

static void build(sp_ctx *ctx, void *ud) {
    job *j = ud;
    mlir_read_file(ctx, j->path, &j->m);
    ir_verify_module(j->m);
    pass_canonicalize(j->m);
    ir_verify_module(j->m);
    ir_op *f = j->func ? ir_module_find_func(j->m, j->func) : NULL;
    if (!f)
        for (ir_op *o = ir_module_body(j->m)->first; o && !f; o = o->next)
            if (o->kind == IR_OP_FUNC && !o->u.fn.is_decl) f = o;
    kn_build(j->m, f, &j->p);
}

/* The structure of a fused program: per kernel its kind, sizes, epilogue
 * and input roles. Names, spellings and layouts (transposes) do not show. */
static void signature(const kn_program *p, char *out, size_t n) {
    size_t k = 0;
    out[0] = 0;
    for (uint32_t i = 0; i < p->nk; i++) {
        const kernel *kk = &p->k[i];
        k += (size_t)snprintf(out + k, n - k, "%s[b%lld m%lld n%lld k%lld:", kn_kind_name(kk->kind), (long long)kk->b,
                              (long long)kk->m, (long long)kk->n, (long long)kk->k);
        for (uint32_t e = 0; e < kk->nepilogue; e++) k += (size_t)snprintf(out + k, n - k, " %s", kk->epilogue[e]);
        k += (size_t)snprintf(out + k, n - k, " |");
        for (uint32_t in = 0; in < kk->ninputs; in++) {
            static const char *const roles[] = {"lhs", "rhs", "operand", "init"};
            k += (size_t)snprintf(out + k, n - k, " %s%s", roles[kk->inputs[in].role], kk->inputs[in].broadcast ? "*" : "");
        }
        k += (size_t)snprintf(out + k, n - k, "] ");
    }
}

static bool sig_of(sp_ctx *ctx, const char *rel, const char *func, char *out, size_t n) {
    char path[1024];
    job j = {corpus(rel, path, sizeof path), func, NULL, {0}};
    sp_status st = sp_pcall(ctx, build, &j);
    if (st != SP_OK) {
        fprintf(stderr, "%s: %s\n", rel, ctx->err.msg);
        ir_module_free(j.m);
        return false;
    }
    signature(&j.p, out, n);
    ir_module_free(j.m);
    return true;
}

static void same_model(sp_ctx *ctx, const char *const *files, size_t nfiles, const char *func, const char *want) {
    for (size_t i = 0; i < nfiles; i++) {
        char sig[2048];
        CHECK(sig_of(ctx, files[i], func, sig, sizeof sig));
        if (strcmp(sig, want)) fprintf(stderr, "%s\n", files[i]);
        CHECK_EQ_STR(sig, want);
    }
}

int main(void) {
    sp_ctx ctx;
    sp_ctx_init(&ctx, NULL);

    /* one MLP layer, 128x256 @ 256x512 + bias, ReLU: 22 spellings */
    static const char *const layer[] = {
        "mlir22/mlp_pytorch.mlir",
        "mlir22/mlp_mlirgen.mlir",
        "mlir22/variants/mlp_pytorch.canon.mlir",
        "mlir22/variants/mlp_pytorch.category.mlir",
        "mlir22/variants/mlp_pytorch.debuginfo.mlir",
        "mlir22/variants/mlp_pytorch.fused.mlir",
        "mlir22/variants/mlp_pytorch.generalized.generic.mlir",
        "mlir22/variants/mlp_pytorch.generalized.mlir",
        "mlir22/variants/mlp_pytorch.generic.mlir",
        "mlir22/variants/mlp_pytorch.localscope.mlir",
        "mlir22/variants/mlp_pytorch.roundtrip.mlir",
        "mlir22/variants/mlp_pytorch.specialized.mlir",
        "mlir22/variants/mlp_mlirgen.canon.mlir",
        "mlir22/variants/mlp_mlirgen.debuginfo.mlir",
        "mlir22/variants/mlp_mlirgen.fused.mlir",
        "mlir22/variants/mlp_mlirgen.generalized.generic.mlir",
        "mlir22/variants/mlp_mlirgen.generalized.mlir",
        "mlir22/variants/mlp_mlirgen.generic.mlir",
        "mlir22/variants/mlp_mlirgen.localscope.mlir",
        "mlir22/variants/mlp_mlirgen.roundtrip.mlir",
        "mlir22/variants/mlp_mlirgen.specialized.mlir",
        "external/tpp-mlir/mlp-fp32-1layer-512.mlir",
    };
    same_model(&ctx, layer, SP_ARRAY_LEN(layer), NULL,
               "contraction[b1 m128 n512 k256: bias_add relu | lhs rhs operand*] ");

    /* the 3-layer MLP 256x1024, PyTorch style with argument weights */
    const char *l3 = "contraction[b1 m256 n1024 k1024: bias_add relu | lhs rhs operand*] ";
    char want3[1024];
    snprintf(want3, sizeof want3, "%s%s%s", l3, l3, l3);
    same_model(&ctx, (const char *const[]){"mlir22/mlp3_pytorch.mlir", "mlir22/mlp3_main.mlir"}, 2, "mlp3", want3);
    /* torch-dynamo's exports of it (f32 and bf16): transposed splat weights,
     * splat biases; a splat is a scalar, so the bias add reads no operand */
    const char *ld = "contraction[b1 m256 n1024 k1024: bias_add relu | lhs rhs] ";
    snprintf(want3, sizeof want3, "%s%s%s", ld, ld, ld);
    same_model(&ctx,
               (const char *const[]){"external/tpp-mlir/torch-dynamo-mlp-fp32-3x1024.mlir",
                                     "external/tpp-mlir/torch-dynamo-mlp-bf16-3x1024.mlir"},
               2, "forward", want3);

    /* seeds: BERT FFN1 (bias + ReLU), the FFN block (FFN2 with bias and the
     * residual), the Triton add-matrix GEMMs, xsmm-fusion's brgemm */
    same_model(&ctx, (const char *const[]){"seeds/ffn1_bert.mlir"}, 1, NULL,
               "contraction[b1 m512 n3072 k768: bias_add relu | lhs rhs operand*] ");
    same_model(&ctx, (const char *const[]){"seeds/bert_ffn_block.mlir"}, 1, NULL,
               "contraction[b1 m512 n3072 k768: bias_add relu | lhs rhs operand*] "
               "contraction[b1 m512 n768 k3072: bias_add add | lhs rhs operand* operand] ");
    same_model(&ctx, (const char *const[]){"seeds/gemm_addmatrix_1024.mlir"}, 1, NULL,
               "contraction[b1 m1024 n1024 k1024: add | lhs rhs operand] ");
    same_model(&ctx, (const char *const[]){"external/tpp-mlir/xsmm-fusion.mlir"}, 1, NULL,
               "contraction[b1 m4 n4 k16: bias_add relu | lhs rhs operand*] ");
    /* the blocked (pre-packed) 3-layer MLP: 6-D contractions accumulating
     * into their outs arguments (the add), then bias and ReLU */
    const char *l6 = "contraction[b1 m256 n1024 k1024: add bias_add relu | lhs rhs operand operand*] ";
    snprintf(want3, sizeof want3, "%s%s%s", l6, l6, l6);
    same_model(&ctx, (const char *const[]){"external/tpp-mlir/pass-convert-mlp-to-parallel-tile.mlir"}, 1, NULL, want3);
    /* IREE's splat outs: the reductions read a scalar init, nothing else */
    same_model(&ctx, (const char *const[]){"seeds/iree_splat_outs.mlir"}, 1, "rowsum", "loop[b0 m0 n0 k0: | operand] ");
    same_model(&ctx, (const char *const[]){"seeds/iree_splat_outs.mlir"}, 1, "colsum", "loop[b0 m0 n0 k0: | operand] ");
    /* diamonds of elementwise ops (tests/data/dag): canonicalization joins
     * the fork into one op (canon.c join_fork), which the chain goes through:
     * LeakyReLU one loop, ELU in the GEMM's epilogue; an op is never in two
     * kernels (kn_build raises an internal error if it is) */
    same_model(&ctx, (const char *const[]){"../data/dag/leaky_relu.mlir"}, 1, NULL,
               "loop[b0 m0 n0 k0: relu min scale add | operand] ");
    same_model(&ctx, (const char *const[]){"../data/dag/elu_gemm.mlir"}, 1, NULL,
               "contraction[b1 m16 n24 k32: bias_add relu min exp sub scale add | lhs rhs operand*] ");
    TEST_DONE();
}
