/* spadc.c - the public API (include/spadc.h) over the internal modules:
 * every entry point runs its work under sp_pcall and turns a raised error
 * into a status and a formatted message. */
#include "spadc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/strbuf.h"
#include "../cpu/backend.h"
#include "../interp/interp.h"
#include "../ir/verify.h"
#include "../mlir/printer.h"
#include "../mlir/reader.h"
#include "../passes/passes.h"

struct spadc_ctx {
    sp_ctx c;
    char msg[SP_ERR_FILE_MAX + SP_ERR_MSG_MAX + 64];
};

struct spadc_module {
    spadc_ctx *ctx;
    char *name;
    char *text; /* the source, kept: programs read their own copy from it */
    size_t len;
    ir_module *m;
};

struct spadc_program {
    spadc_ctx *ctx;
    ir_op *fn;   /* in the caller's module (which outlives the program) */
    interp *it;
    ex_program *x; /* NULL: the reference interpreter runs it */
    const void **bound;
    interp_value *args, *res;
};

static int finish(spadc_ctx *ctx, sp_status st) {
    if (st != SP_OK)
        sp_format_error(&ctx->c, ctx->msg, sizeof ctx->msg);
    else
        ctx->msg[0] = 0;
    return (int)st;
}

static int usage(spadc_ctx *ctx, const char *msg) {
    sp_set_error(&ctx->c, SP_EUSAGE, "%s", msg);
    return finish(ctx, SP_EUSAGE);
}

const char *spadc_version(void) { return SPADC_VERSION; }

spadc_ctx *spadc_ctx_new(void) {
    spadc_ctx *ctx = malloc(sizeof *ctx);
    if (!ctx) return NULL;
    sp_ctx_init(&ctx->c, NULL);
    ctx->msg[0] = 0;
    return ctx;
}

void spadc_ctx_free(spadc_ctx *ctx) { free(ctx); }

const char *spadc_error(const spadc_ctx *ctx) { return ctx ? ctx->msg : "spadc: error: no context"; }

/* ----------------------------------------------------------------- modules */

static void read_body(sp_ctx *c, void *ud) {
    spadc_module *mod = ud;
    mlir_read_string(c, mod->name, mod->text, mod->len, &mod->m);
    ir_verify_module(mod->m);
}

static char *dup_bytes(const char *s, size_t n) {
    char *d = malloc(n + 1);
    if (d) {
        memcpy(d, s, n);
        d[n] = 0;
    }
    return d;
}

static int read_text(spadc_ctx *ctx, const char *name, char *text, size_t len, spadc_module **out) {
    *out = NULL;
    spadc_module *mod = calloc(1, sizeof *mod);
    char *nm = dup_bytes(name, strlen(name));
    if (!mod || !nm) {
        free(mod);
        free(nm);
        free(text);
        sp_set_error(&ctx->c, SP_EINPUT, "out of memory");
        return finish(ctx, SP_EINPUT);
    }
    mod->ctx = ctx;
    mod->name = nm;
    mod->text = text;
    mod->len = len;
    sp_status st = sp_pcall(&ctx->c, read_body, mod);
    if (st != SP_OK) {
        spadc_module_free(mod);
        return finish(ctx, st);
    }
    *out = mod;
    return finish(ctx, SP_OK);
}

int spadc_read_string(spadc_ctx *ctx, const char *name, const char *text, size_t len, spadc_module **out) {
    if (!ctx || !out) return SPADC_EUSAGE;
    if (!text) return usage(ctx, "spadc_read_string: no text");
    char *copy = dup_bytes(text, len);
    if (!copy) {
        *out = NULL;
        sp_set_error(&ctx->c, SP_EINPUT, "out of memory (copying %zu bytes of input)", len);
        return finish(ctx, SP_EINPUT);
    }
    return read_text(ctx, name ? name : "<string>", copy, len, out);
}

int spadc_read_file(spadc_ctx *ctx, const char *path, spadc_module **out) {
    if (!ctx || !out) return SPADC_EUSAGE;
    *out = NULL;
    if (!path) return usage(ctx, "spadc_read_file: no path");
    FILE *f = fopen(path, "rb");
    if (!f) {
        sp_set_error_at(&ctx->c, SP_EINPUT, (sp_loc){path, 0, 0}, "cannot open file");
        return finish(ctx, SP_EINPUT);
    }
    size_t cap = 1 << 16, len = 0;
    char *text = malloc(cap + 1);
    for (size_t n; text && (n = fread(text + len, 1, cap - len, f)) > 0;) {
        len += n;
        if (len == cap) {
            if (cap > MLIR_MAX_FILE_BYTES) break; /* the reader reports the size */
            char *t = realloc(text, cap * 2 + 1);
            if (!t) {
                free(text);
                text = NULL;
                break;
            }
            text = t;
            cap *= 2;
        }
    }
    fclose(f);
    if (!text) {
        sp_set_error(&ctx->c, SP_EINPUT, "out of memory reading %s", path);
        return finish(ctx, SP_EINPUT);
    }
    text[len] = 0;
    return read_text(ctx, path, text, len, out);
}

void spadc_module_free(spadc_module *m) {
    if (!m) return;
    ir_module_free(m->m);
    free(m->text);
    free(m->name);
    free(m);
}

typedef struct print_job {
    spadc_module *mod;
    const char *passes;
    sp_strbuf out;
} print_job;

static void print_body(sp_ctx *c, void *ud) {
    (void)c;
    print_job *j = ud;
    if (j->passes && *j->passes) pass_run(j->mod->m, j->passes);
    mlir_print_module(j->mod->m, &j->out);
}

int spadc_print(spadc_ctx *ctx, spadc_module *m, const char *passes, char **text) {
    if (!ctx || !m || !text) return SPADC_EUSAGE;
    *text = NULL;
    print_job j = {m, passes, {0}};
    sp_strbuf_init(&j.out, &ctx->c);
    sp_status st = sp_pcall(&ctx->c, print_body, &j);
    if (st == SP_OK) {
        *text = dup_bytes(j.out.data ? j.out.data : "", j.out.len);
        if (!*text) {
            sp_set_error(&ctx->c, SP_EINPUT, "out of memory");
            st = SP_EINPUT;
        }
    }
    sp_strbuf_free(&j.out);
    return finish(ctx, st);
}

void spadc_string_free(char *s) { free(s); }

/* ---------------------------------------------------------------- programs */

typedef struct compile_job {
    spadc_module *mod;
    const char *func;
    const spadc_options *o;
    spadc_program *p;
} compile_job;

static void compile_body(sp_ctx *c, void *ud) {
    compile_job *j = ud;
    spadc_program *p = j->p;
    ir_module *m = j->mod->m;
    ir_op *f = NULL;
    if (j->func) {
        f = ir_module_find_func(m, j->func[0] == '@' ? j->func + 1 : j->func);
        if (!f) sp_throw(c, SP_EUSAGE, (sp_loc){0}, "no function '@%s' in %s", j->func, j->mod->name);
    } else {
        for (ir_op *o = ir_module_body(m)->first; o; o = o->next) {
            if (o->kind != IR_OP_FUNC || o->u.fn.is_decl || o->u.fn.is_private) continue;
            if (f) sp_throw(c, SP_EUSAGE, (sp_loc){0}, "%s has several functions: name one", j->mod->name);
            f = o;
        }
        if (!f) sp_throw(c, SP_EINPUT, (sp_loc){0}, "%s has no public function with a body", j->mod->name);
    }
    if (f->u.fn.is_decl) sp_throw(c, SP_EINPUT, f->loc, "'@%s' is a declaration without a body", f->u.fn.name);
    p->fn = f;
    const ir_func_info *fn = &f->u.fn;
    p->bound = sp_calloc(c, fn->nargs ? fn->nargs : 1, sizeof *p->bound);
    p->args = sp_calloc(c, fn->nargs ? fn->nargs : 1, sizeof *p->args);
    p->res = sp_calloc(c, fn->nres ? fn->nres : 1, sizeof *p->res);
    p->it = interp_new(c, m, NULL);
    const char *target = j->o && j->o->target ? j->o->target : "cpu";
    if (!strcmp(target, "cpu")) {
        cpu_backend_opts co = {.nthreads = j->o && j->o->threads > 0 ? j->o->threads : 1};
        ex_compile(c, m, f, cpu_backend_new(c, &co), &(ex_opts){0}, p->it, &p->x);
    } else if (strcmp(target, "ref")) {
        sp_throw(c, SP_EUSAGE, (sp_loc){0}, "unknown target '%s' (targets: cpu, ref)", target);
    }
}

int spadc_compile(spadc_ctx *ctx, spadc_module *m, const char *func, const spadc_options *o, spadc_program **out) {
    if (!ctx || !m || !out) return SPADC_EUSAGE;
    *out = NULL;
    spadc_program *p = calloc(1, sizeof *p);
    if (!p) {
        sp_set_error(&ctx->c, SP_EINPUT, "out of memory");
        return finish(ctx, SP_EINPUT);
    }
    p->ctx = ctx;
    compile_job j = {m, func, o, p};
    sp_status st = sp_pcall(&ctx->c, compile_body, &j);
    if (st != SP_OK) {
        spadc_program_free(p);
        return finish(ctx, st);
    }
    *out = p;
    return finish(ctx, SP_OK);
}

unsigned spadc_program_num_args(const spadc_program *p) { return p ? p->fn->u.fn.nargs : 0; }
unsigned spadc_program_num_results(const spadc_program *p) { return p ? p->fn->u.fn.nres : 0; }

size_t spadc_program_arg_bytes(const spadc_program *p, unsigned i) {
    return p && i < p->fn->u.fn.nargs ? (size_t)ir_type_bytes(p->fn->u.fn.arg_types[i]) : 0;
}

size_t spadc_program_result_bytes(const spadc_program *p, unsigned i) {
    return p && i < p->fn->u.fn.nres ? (size_t)ir_type_bytes(p->fn->u.fn.res_types[i]) : 0;
}

typedef struct bind_job {
    spadc_program *p;
    unsigned arg;
    const void *data;
} bind_job;

static void bind_body(sp_ctx *c, void *ud) {
    (void)c;
    bind_job *j = ud;
    if (j->p->x) ex_bind(j->p->x, j->arg, j->data);
    j->p->bound[j->arg] = j->data;
}

int spadc_program_bind(spadc_program *p, unsigned arg, const void *data) {
    if (!p) return SPADC_EUSAGE;
    if (arg >= p->fn->u.fn.nargs) return usage(p->ctx, "spadc_program_bind: no such argument");
    if (!data) return usage(p->ctx, "spadc_program_bind: no data");
    bind_job j = {p, arg, data};
    return finish(p->ctx, sp_pcall(&p->ctx->c, bind_body, &j));
}

typedef struct run_job {
    spadc_program *p;
    const void *const *args;
    void *const *results;
} run_job;

static void release_all(spadc_program *p) {
    const ir_func_info *fn = &p->fn->u.fn;
    for (uint32_t i = 0; i < fn->nargs; i++) interp_release(p->it, &p->args[i]);
    for (uint32_t r = 0; r < fn->nres; r++) interp_release(p->it, &p->res[r]);
}

/* v borrows data (read only for an argument). On the cpu target a borrow
 * is kept across runs while the caller passes the same buffer, so a run
 * with the same buffers (a benchmark loop, a bound weight) allocates
 * nothing here. */
static void borrow(spadc_program *p, interp_value *v, ir_type t, void *data) {
    if (p->x && v->t && interp_data(v) == (uint8_t *)data) return;
    interp_release(p->it, v);
    *v = interp_tensor_borrow(p->it, t, data);
}

static void run_body(sp_ctx *c, void *ud) {
    run_job *j = ud;
    spadc_program *p = j->p;
    const ir_func_info *fn = &p->fn->u.fn;
    for (uint32_t i = 0; i < fn->nargs; i++) {
        const void *d = p->bound[i] ? p->bound[i] : j->args ? j->args[i] : NULL;
        if (!d) sp_throw(c, SP_EUSAGE, (sp_loc){0}, "spadc_program_run: argument %u of '@%s' is missing", i, fn->name);
        ir_type t = fn->arg_types[i];
        if (t.kind == IR_T_SCALAR) {
            p->args[i].type = t;
            p->args[i].s = interp_load_elem(d, (ir_dtype)t.dtype);
        } else {
            borrow(p, &p->args[i], t, (void *)d);
        }
    }
    for (uint32_t r = 0; r < fn->nres; r++) {
        if (!j->results || !j->results[r])
            sp_throw(c, SP_EUSAGE, (sp_loc){0}, "spadc_program_run: result %u of '@%s' has no buffer", r, fn->name);
        ir_type t = fn->res_types[r];
        /* the cpu target writes tensors straight into the caller's buffers */
        if (p->x && t.kind == IR_T_TENSOR) borrow(p, &p->res[r], t, j->results[r]);
    }
    if (p->x)
        ex_run(p->x, p->args, p->res);
    else
        interp_call(p->it, p->fn, p->args, p->res);
    for (uint32_t r = 0; r < fn->nres; r++) {
        ir_type t = fn->res_types[r];
        if (t.kind == IR_T_SCALAR)
            interp_store_elem(j->results[r], (ir_dtype)t.dtype, p->res[r].s);
        else if (!p->x)
            memcpy(j->results[r], interp_data(&p->res[r]), (size_t)ir_type_bytes(t));
    }
}

int spadc_program_run(spadc_program *p, const void *const *args, void *const *results) {
    if (!p) return SPADC_EUSAGE;
    run_job j = {p, args, results};
    sp_status st = sp_pcall(&p->ctx->c, run_body, &j);
    /* the reference interpreter's values are per run; the cpu target keeps
     * its borrows (see borrow) unless the run failed */
    if (!p->x || st != SP_OK) release_all(p);
    return finish(p->ctx, st);
}

void spadc_program_free(spadc_program *p) {
    if (!p) return;
    sp_ctx *c = &p->ctx->c;
    if (p->fn && p->it && p->args && p->res) release_all(p);
    ex_free(p->x);
    interp_free(p->it);
    sp_free(c, p->bound);
    sp_free(c, p->args);
    sp_free(c, p->res);
    free(p);
}
