/* fuzz_plan.c - libFuzzer harness for the whole check + plan path on small
 * shapes: read, verify, canonicalize, verify again, fuse, and compile for the
 * cpu target (kernels, blocking, the program arena through the planner).
 * Properties: no crash, no leak, no hang; what reads and verifies still
 * verifies after canonicalization; compiling a verified module either
 * succeeds or raises an input error (unsupported construct, does not fit),
 * never an internal error. Modules with a tensor above 4096 elements are
 * skipped so each input stays fast. */
#include <stdlib.h>

#include "cpu/backend.h"
#include "interp/interp.h"
#include "ir/verify.h"
#include "mlir/reader.h"
#include "passes/kernel.h"
#include "passes/passes.h"

typedef struct job {
    const char *text;
    size_t len;
    ir_module *m;
    interp *it;
    ex_program *x;
    bool small;
} job;

static void read_verify(sp_ctx *ctx, void *ud) {
    job *j = ud;
    mlir_read_string(ctx, "fuzz.mlir", j->text, j->len, &j->m);
    ir_verify_module(j->m);
}

static void check_small(ir_op *op, void *ud) {
    job *j = ud;
    if (op->kind == IR_OP_FUNC)
        for (uint32_t i = 0; i < op->u.fn.nargs; i++)
            if (ir_type_numel(op->u.fn.arg_types[i]) > 4096) j->small = false;
    for (uint32_t i = 0; i < op->nres; i++)
        if (ir_type_numel(op->res[i].type) > 4096) j->small = false;
}

static void compile_all(sp_ctx *ctx, void *ud) {
    job *j = ud;
    pass_canonicalize(j->m);
    ir_verify_module(j->m);
    j->it = interp_new(ctx, j->m, NULL);
    for (ir_op *f = ir_module_body(j->m)->first; f; f = f->next) {
        if (f->kind != IR_OP_FUNC || f->u.fn.is_decl) continue;
        cpu_backend_opts o = {.nthreads = 1};
        ex_compile(ctx, j->m, f, cpu_backend_new(ctx, &o), &(ex_opts){0}, j->it, &j->x);
        ex_free(j->x);
        j->x = NULL;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    sp_ctx ctx;
    sp_ctx_init(&ctx, NULL);
    job j = {(const char *)data, size, NULL, NULL, NULL, true};
    if (sp_pcall(&ctx, read_verify, &j) == SP_OK) {
        ir_walk_block(ir_module_body(j.m), check_small, &j);
        if (j.small && sp_pcall(&ctx, compile_all, &j) == SP_EINTERNAL) {
            fprintf(stderr, "internal error: %s\n", ctx.err.msg);
            abort();
        }
    }
    ex_free(j.x);
    interp_free(j.it);
    ir_module_free(j.m);
    return 0;
}
