/* test_failinject.c - failure injection, as Lua's test suite does it: for
 * N = 0, 1, 2, ... fail the Nth allocation made while reading, verifying,
 * canonicalizing, fusing, planning, compiling and running a corpus file (and
 * while reading and planning a MiniMalloc CSV), until a run needs no failure
 * to finish. Every injected failure must end in a clean "out of memory"
 * error through sp_pcall, and once everything is freed no block may remain
 * (the hook counts live blocks, so a leak on any unwinding path shows). */
#include "cpu/backend.h"
#include "interp/interp.h"
#include "passes/kernel.h"
#include "passes/passes.h"
#include "plan/alloc.h"
#include "plan/alloc_csv.h"
#include "test.h"
#include "util.h"

typedef struct failing_alloc {
    long count;   /* allocations so far (new blocks and growth) */
    long fail_at; /* the allocation that fails, -1: none */
    long live;    /* blocks allocated and not yet freed */
    bool failed;
} failing_alloc;

static void *failing_fn(void *ud, void *ptr, size_t n) {
    failing_alloc *f = ud;
    if (n == 0) {
        if (ptr) f->live--;
        free(ptr);
        return NULL;
    }
    if (f->count++ == f->fail_at) {
        f->failed = true;
        return NULL;
    }
    void *q = realloc(ptr, n);
    if (q && !ptr) f->live++;
    return q;
}

/* What one attempt builds; everything is freed by the caller of sp_pcall. */
typedef struct pipeline {
    const char *path, *func;
    bool run; /* also run the compiled function on zero inputs */
    ir_module *m;
    interp *it;
    ex_program *x;
    interp_value args[8], res[8];
    uint32_t nargs, nres;
} pipeline;

static void pipeline_body(sp_ctx *ctx, void *ud) {
    pipeline *p = ud;
    mlir_read_file(ctx, p->path, &p->m);
    ir_verify_module(p->m);
    ir_op *f = ir_module_find_func(p->m, p->func);
    SP_ASSERT(ctx, f);
    p->it = interp_new(ctx, p->m, NULL);
    cpu_backend_opts o = {.nthreads = 1};
    /* copy, canonicalize, fuse, plan */
    ex_compile(ctx, p->m, f, cpu_backend_new(ctx, &o), &(ex_opts){.time_kernels = true}, p->it, &p->x);
    if (!p->run) return;
    const ir_func_info *fn = &f->u.fn;
    SP_ASSERT(ctx, fn->nargs <= 8 && fn->nres <= 8);
    for (uint32_t i = 0; i < fn->nargs; i++) {
        p->args[i] = interp_tensor_new(p->it, fn->arg_types[i]);
        p->nargs = i + 1;
    }
    ex_run(p->x, p->args, p->res);
    p->nres = fn->nres;
}

static void pipeline_free(pipeline *p) {
    for (uint32_t i = 0; i < p->nres; i++) interp_release(p->it, &p->res[i]);
    for (uint32_t i = 0; i < p->nargs; i++) interp_release(p->it, &p->args[i]);
    ex_free(p->x);
    interp_free(p->it);
    ir_module_free(p->m);
}

/* Fail allocation 0, 1, 2, ... of job until it succeeds; returns how many
 * failures were injected, or -1 after the first problem. */
typedef sp_status (*attempt_fn)(sp_ctx *ctx, const char *path, const char *func, bool run);

static sp_status attempt_pipeline(sp_ctx *ctx, const char *path, const char *func, bool run) {
    pipeline p;
    memset(&p, 0, sizeof p);
    p.path = path;
    p.func = func;
    p.run = run;
    sp_status st = sp_pcall(ctx, pipeline_body, &p);
    pipeline_free(&p);
    return st;
}

static sp_status attempt_csv(sp_ctx *ctx, const char *path, const char *func, bool run) {
    (void)func, (void)run;
    FILE *f = fopen(path, "rb");
    if (!f) return SP_EINTERNAL;
    plan_csv t;
    plan_csv_init(&t, ctx);
    sp_status st = plan_csv_read(&t, path, f);
    fclose(f);
    if (st == SP_OK) {
        plan_opts o = {.work_limit = 50000, .time_limit_s = 1};
        plan_result r;
        st = plan_solve(ctx, t.bufs, t.n, &o, &r);
        /* the exact search may run out of memory for its own scratch; it
         * then returns the best plan it has, which must still be valid */
        if (st == SP_OK && !plan_verify(t.bufs, t.n, 0, NULL, 0)) st = SP_EINTERNAL;
    }
    plan_csv_free(&t);
    return st;
}

/* Fail allocation 0, then every step-th one, until a run needs none: the
 * allocations the run makes, or -1 after a failed check. Each attempt
 * repeats the work up to its failure, so the whole costs the square of
 * the count: the sanitized builds (a fraction test_scale() of the size,
 * tests/tests.cmake) take every 1/scale-th point, the plain build, which
 * CI runs first, every one. *tried: how many points were failed. */
static long inject_all(attempt_fn attempt, const char *path, const char *func, bool run, bool may_degrade,
                       long *tried) {
    const long step = (long)(1.0 / test_scale() + 0.5);
    *tried = 0;
    for (long n = 0;; n += step) {
        failing_alloc fa = {0, n, 0, false};
        sp_allocator a = {failing_fn, &fa};
        sp_ctx ctx;
        sp_ctx_init(&ctx, &a);
        sp_status st = attempt(&ctx, path, func, run);
        if (fa.live != 0) {
            fprintf(stderr, "%s: failing allocation %ld leaks %ld block(s)\n", path, n, fa.live);
            test_failures++;
            return -1;
        }
        if (!fa.failed) {
            if (st != SP_OK) {
                fprintf(stderr, "%s: error without an injected failure: %s\n", path, ctx.err.msg);
                test_failures++;
                return -1;
            }
            return fa.count;
        }
        ++*tried;
        if (st == SP_OK && may_degrade) continue; /* a verified plan, see attempt_csv */
        if (st != SP_EINPUT || !strstr(ctx.err.msg, "out of memory")) {
            fprintf(stderr, "%s: failing allocation %ld gave status %d: %s\n", path, n, (int)st, ctx.err.msg);
            test_failures++;
            return -1;
        }
    }
}

int main(void) {
    static const struct {
        const char *file, *func;
        bool run; /* small enough to run at every step */
    } cases[] = {
        {"seeds/ffn1_bert.mlir", NULL, false},      /* GEMM + bias + ReLU, named ops */
        {"mlir22/mlp_pytorch.mlir", NULL, true},    /* PyTorch spelling: transposes, cmpf/select */
        {"mlir22/snippet_colsum.mlir", NULL, true}, /* a reduction loop kernel */
        {"seeds/bert_ffn_block.mlir", NULL, false}, /* two GEMMs, GELU, residual */
        {"mlir22/ops_zoo.mlir", NULL, true},        /* tensor ops through the interpreter path */
    };
    char path[1024];
    for (size_t i = 0; i < SP_ARRAY_LEN(cases); i++) {
        corpus(cases[i].file, path, sizeof path);
        /* the function: the file's first public one with a body */
        sp_ctx ctx;
        sp_ctx_init(&ctx, NULL);
        char err[512];
        ir_module *m = parse_file(&ctx, path, err, sizeof err);
        if (!m) {
            fprintf(stderr, "%s\n", err);
            test_failures++;
            continue;
        }
        char fname[256] = "";
        for (ir_op *o = ir_module_body(m)->first; o; o = o->next)
            if (o->kind == IR_OP_FUNC && !o->u.fn.is_decl && !o->u.fn.is_private) {
                snprintf(fname, sizeof fname, "%s", o->u.fn.name);
                break;
            }
        ir_module_free(m);
        long tried;
        long n = inject_all(attempt_pipeline, path, cases[i].func ? cases[i].func : fname, cases[i].run, false, &tried);
        CHECK(n > 0 && tried > 0);
        printf("%s @%s: %ld allocations, %ld of them failed in turn, each a clean error\n", cases[i].file, fname, n,
               tried);
    }
    corpus("external/minimalloc/A.1048576.csv", path, sizeof path);
    long tried;
    long n = inject_all(attempt_csv, path, NULL, false, true, &tried);
    CHECK(n > 0 && tried > 0);
    printf("A.1048576.csv: %ld allocations, %ld of them failed in turn, each a clean error\n", n, tried);
    TEST_DONE();
}
