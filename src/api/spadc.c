/* spadc.c - the public API (include/spadc.h) over the internal modules:
 * every entry point runs its work under sp_pcall and turns a raised error
 * into a status and a formatted message; every allocation goes through the
 * context's allocator. The command-line tool is a client of this file. */
#include "spadc.h"

#include <string.h>

#include "api_int.h"
#include "targets.h"

#include "base/interrupt.h"
#include "base/strbuf.h"
#include "exec/report.h"
#include "interp/check.h"
#include "interp/interp.h"
#include "io/fileio.h"
#include "ir/verify.h"
#include "mlir/printer.h"
#include "mlir/reader.h"
#include "npu/machine.h"
#include "npu/trace.h"
#include "passes/passes.h"


struct spadc_module {
    spadc_ctx *ctx;
    sp_strbuf text; /* the source: the module's tokens point into it */
    ir_module *m;
};

struct spadc_program {
    spadc_ctx *ctx;
    ir_module *m;  /* the caller's (which outlives the program) */
    ir_op *fn;     /* in it */
    const api_target *target;
    interp *it;
    ex_program *x; /* NULL: the reference interpreter runs it (the target has no backend) */
    const void **bound;
    interp_value *args, *res;
    /* --trace: armed for the next run (path set), then its counts */
    char *trace_path;
    long long trace_max, trace_events, trace_left;
    bool interruptible; /* spadc_options.interruptible: runs and checks hold base/interrupt.h */
};

int api_finish(spadc_ctx *ctx, sp_status st) {
    ctx->status = (int)st;
    if (st != SP_OK)
        sp_format_error(&ctx->c, ctx->msg, sizeof ctx->msg);
    else
        ctx->msg[0] = 0;
    return (int)st;
}

static int usage(spadc_ctx *ctx, const char *msg) {
    sp_set_error(&ctx->c, SP_EUSAGE, "%s", msg);
    return api_finish(ctx, SP_EUSAGE);
}

const char *spadc_version(void) { return SPADC_VERSION; }

spadc_ctx *spadc_ctx_new_alloc(void *(*fn)(void *ud, void *ptr, size_t size), void *ud) {
    sp_allocator a = {fn, ud};
    sp_ctx boot;
    sp_ctx_init(&boot, fn ? &a : NULL);
    spadc_ctx *ctx = sp_try_malloc(&boot, sizeof *ctx);
    if (!ctx) return NULL;
    ctx->c = boot;
    ctx->status = 0;
    ctx->msg[0] = 0;
    return ctx;
}

spadc_ctx *spadc_ctx_new(void) { return spadc_ctx_new_alloc(NULL, NULL); }

void spadc_ctx_free(spadc_ctx *ctx) {
    if (!ctx) return;
    sp_ctx c = ctx->c;
    sp_free(&c, ctx);
}

const char *spadc_error(const spadc_ctx *ctx) { return ctx ? ctx->msg : "spadc: error: no context"; }
int spadc_last_status(const spadc_ctx *ctx) { return ctx ? ctx->status : SPADC_EUSAGE; }

void spadc_error_location(const spadc_ctx *ctx, const char **file, unsigned *line, unsigned *col) {
    sp_loc at = ctx && ctx->status != SPADC_OK ? sp_error_loc(&ctx->c) : (sp_loc){"", 0, 0};
    if (file) *file = at.file;
    if (line) *line = at.line;
    if (col) *col = at.col;
}

/* ----------------------------------------------------------------- modules */

typedef struct read_job {
    spadc_module *mod;
    const char *name, *path; /* path: read the file (a pipe too) first */
    const char *text;
    size_t len;
} read_job;

static void read_body(sp_ctx *c, void *ud) {
    read_job *j = ud;
    if (j->path)
        fio_read_text(c, j->path, MLIR_MAX_FILE_BYTES, &j->mod->text);
    else
        sp_strbuf_putn(&j->mod->text, j->text, j->len);
    const sp_strbuf *t = &j->mod->text;
    mlir_read_string(c, j->name, t->data ? t->data : "", t->len, &j->mod->m);
    ir_verify_module(j->mod->m);
}

static int read_module(spadc_ctx *ctx, read_job *j, spadc_module **out) {
    *out = NULL;
    spadc_module *mod = sp_try_malloc(&ctx->c, sizeof *mod);
    if (!mod) {
        sp_set_error(&ctx->c, SP_EINPUT, "out of memory");
        return api_finish(ctx, SP_EINPUT);
    }
    memset(mod, 0, sizeof *mod);
    mod->ctx = ctx;
    sp_strbuf_init(&mod->text, &ctx->c);
    j->mod = mod;
    sp_status st = sp_pcall(&ctx->c, read_body, j);
    if (st != SP_OK) {
        spadc_module_free(mod);
        return api_finish(ctx, st);
    }
    *out = mod;
    return api_finish(ctx, SP_OK);
}

int spadc_read_string(spadc_ctx *ctx, const char *name, const char *text, size_t len, spadc_module **out) {
    if (!ctx || !out) return SPADC_EUSAGE;
    *out = NULL;
    if (!text) return usage(ctx, "spadc_read_string: no text");
    if (len > MLIR_MAX_FILE_BYTES) {
        sp_set_error(&ctx->c, SP_EINPUT, "input larger than %zu bytes", (size_t)MLIR_MAX_FILE_BYTES);
        return api_finish(ctx, SP_EINPUT);
    }
    read_job j = {NULL, name ? name : "<string>", NULL, text, len};
    return read_module(ctx, &j, out);
}

int spadc_read_file(spadc_ctx *ctx, const char *path, spadc_module **out) {
    if (!ctx || !out) return SPADC_EUSAGE;
    *out = NULL;
    if (!path) return usage(ctx, "spadc_read_file: no path");
    read_job j = {NULL, path, path, NULL, 0};
    return read_module(ctx, &j, out);
}

void spadc_module_free(spadc_module *m) {
    if (!m) return;
    ir_module_free(m->m);
    sp_strbuf_free(&m->text);
    sp_free(&m->ctx->c, m);
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

/* The context that allocated a string (kept before it, so that
 * spadc_string_free needs nothing else). */
typedef struct string_head {
    sp_allocator a;
    max_align_t align;
} string_head;

static char *give_text(spadc_ctx *ctx, const sp_strbuf *s) {
    string_head *h = sp_try_malloc(&ctx->c, sizeof *h + s->len + 1);
    if (!h) return NULL;
    h->a = ctx->c.alloc;
    char *d = (char *)(h + 1);
    if (s->len) memcpy(d, s->data, s->len);
    d[s->len] = 0;
    return d;
}

int spadc_print(spadc_ctx *ctx, spadc_module *m, const char *passes, char **text) {
    if (!ctx || !m || !text) return SPADC_EUSAGE;
    *text = NULL;
    print_job j = {m, passes, {0}};
    sp_strbuf_init(&j.out, &ctx->c);
    sp_status st = sp_pcall(&ctx->c, print_body, &j);
    if (st == SP_OK && !(*text = give_text(ctx, &j.out))) {
        sp_set_error(&ctx->c, SP_EINPUT, "out of memory");
        st = SP_EINPUT;
    }
    sp_strbuf_free(&j.out);
    return api_finish(ctx, st);
}

typedef struct describe_job {
    const char *target;
    sp_strbuf out;
} describe_job;

static void describe_body(sp_ctx *c, void *ud) {
    describe_job *j = ud;
    nt_target t;
    nt_target_from_spec(c, j->target, &t);
    nt_target_print(&j->out, &t);
}

int spadc_target_describe(spadc_ctx *ctx, const char *target, char **text) {
    if (!ctx || !target || !text) return SPADC_EUSAGE;
    *text = NULL;
    describe_job j = {target, {0}};
    sp_strbuf_init(&j.out, &ctx->c);
    sp_status st = sp_pcall(&ctx->c, describe_body, &j);
    if (st == SP_OK && !(*text = give_text(ctx, &j.out))) {
        sp_set_error(&ctx->c, SP_EINPUT, "out of memory");
        st = SP_EINPUT;
    }
    sp_strbuf_free(&j.out);
    return api_finish(ctx, st);
}

void spadc_string_free(char *s) {
    if (!s) return;
    string_head *h = (string_head *)s - 1;
    sp_ctx c;
    sp_ctx_init(&c, &h->a);
    sp_free(&c, h);
}

/* ---------------------------------------------------------------- programs */

/* `name` (a leading '@' allowed), or the only public function with a body;
 * a usage error names the candidates. */
static ir_op *pick_function(sp_ctx *ctx, ir_module *m, const char *name) {
    if (name && name[0] == '@') name++;
    if (name) {
        ir_op *f = ir_module_find_func(m, name);
        if (!f) sp_throw(ctx, SP_EUSAGE, (sp_loc){m->filename, 0, 0}, "no function '@%s' in this file", name);
        if (f->u.fn.is_decl) sp_throw(ctx, SP_EINPUT, f->loc, "'@%s' is a declaration without a body", name);
        return f;
    }
    ir_op *only = NULL;
    int count = 0;
    char names[512] = "";
    size_t len = 0;
    for (ir_op *op = ir_module_body(m)->first; op; op = op->next)
        if (op->kind == IR_OP_FUNC && !op->u.fn.is_decl && !op->u.fn.is_private) {
            only = op;
            if (len < sizeof names)
                len += (size_t)snprintf(names + len, sizeof names - len, "%s@%s", count ? ", " : "", op->u.fn.name);
            count++;
        }
    if (count == 1) return only;
    if (count == 0) sp_throw(ctx, SP_EINPUT, (sp_loc){m->filename, 0, 0}, "no public function with a body to run");
    sp_throw(ctx, SP_EUSAGE, (sp_loc){m->filename, 0, 0}, "several functions (%s): choose one with -e NAME (func=NAME in Python)", names);
}

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
    const spadc_options *o = j->o;
    const char *name = o && o->target ? o->target : "cpu";
    const api_target *t = api_target_find(name);
    if (!t) sp_throw(c, SP_EUSAGE, (sp_loc){0}, "unknown target '%s' (targets: " SPADC_TARGETS ")", name);
    if (o && (o->threads < 0 || o->threads > SPADC_MAX_THREADS))
        sp_throw(c, SP_EUSAGE, (sp_loc){0}, "threads must be an integer in [1, %d] (got %d)", SPADC_MAX_THREADS,
                 o->threads);
    if (!t->info.simulated && o && (o->budget != 0 || o->tile[0] || o->tile[1] || o->tile[2]))
        sp_throw(c, SP_EUSAGE, (sp_loc){0}, "a budget and a tile are options of the npu target");
    if (!t->info.simulated && o && o->objective)
        sp_throw(c, SP_EUSAGE, (sp_loc){0}, "an objective is an option of the npu target");
    int bf16_terms = 0;
    if (o && o->precision) {
        if (!strcmp(o->precision, "bf16x3"))
            bf16_terms = 2;
        else if (!strcmp(o->precision, "bf16x6"))
            bf16_terms = 3;
        else if (strcmp(o->precision, "f32"))
            sp_throw(c, SP_EUSAGE, (sp_loc){0}, "unknown precision '%s' (precisions: " SPADC_PRECISIONS ")", o->precision);
        if (bf16_terms && !t->info.compiled)
            sp_throw(c, SP_EUSAGE, (sp_loc){0}, "a precision is an option of the compiled targets (the reference computes the program as written)");
    }
    api_target_cfg cfg;
    if (t->configure) t->configure(c, name, o, &cfg); /* a machine file's errors before the function's */
    ir_op *f = pick_function(c, m, j->func);
    ex_backend *b = t->backend ? t->backend(c, o, &cfg) : NULL;
    p->target = t;
    p->m = m;
    p->fn = f;
    const ir_func_info *fn = &f->u.fn;
    p->bound = sp_calloc(c, fn->nargs ? fn->nargs : 1, sizeof *p->bound);
    p->args = sp_calloc(c, fn->nargs ? fn->nargs : 1, sizeof *p->args);
    p->res = sp_calloc(c, fn->nres ? fn->nres : 1, sizeof *p->res);
    p->it = interp_new(c, m, o ? o->print : NULL);
    ex_opts eo = {.time_kernels = o && o->time_kernels, .bf16_terms = bf16_terms};
    if (b) ex_compile(c, m, f, b, &eo, p->it, &p->x);
}

int spadc_compile(spadc_ctx *ctx, spadc_module *m, const char *func, const spadc_options *o, spadc_program **out) {
    if (!ctx || !m || !out) return SPADC_EUSAGE;
    *out = NULL;
    spadc_program *p = sp_try_malloc(&ctx->c, sizeof *p);
    if (!p) {
        sp_set_error(&ctx->c, SP_EINPUT, "out of memory");
        return api_finish(ctx, SP_EINPUT);
    }
    memset(p, 0, sizeof *p);
    p->ctx = ctx;
    p->interruptible = o && o->interruptible;
    compile_job j = {m, func, o, p};
    sp_status st = sp_pcall(&ctx->c, compile_body, &j);
    if (st != SP_OK) {
        spadc_program_free(p);
        return api_finish(ctx, st);
    }
    *out = p;
    return api_finish(ctx, SP_OK);
}

const char *spadc_program_function(const spadc_program *p) { return p ? p->fn->u.fn.name : NULL; }
unsigned spadc_program_num_args(const spadc_program *p) { return p ? p->fn->u.fn.nargs : 0; }
unsigned spadc_program_num_results(const spadc_program *p) { return p ? p->fn->u.fn.nres : 0; }

size_t spadc_program_arg_bytes(const spadc_program *p, unsigned i) {
    return p && i < p->fn->u.fn.nargs ? (size_t)ir_type_bytes(p->fn->u.fn.arg_types[i]) : 0;
}

size_t spadc_program_result_bytes(const spadc_program *p, unsigned i) {
    return p && i < p->fn->u.fn.nres ? (size_t)ir_type_bytes(p->fn->u.fn.res_types[i]) : 0;
}

static int type_of(ir_type t, spadc_type *out) {
    memset(out, 0, sizeof *out);
    out->dtype = ir_dtype_name((ir_dtype)t.dtype);
    out->scalar = t.kind == IR_T_SCALAR;
    out->rank = t.kind == IR_T_SCALAR ? 0 : t.rank;
    for (int d = 0; d < out->rank && d < SPADC_MAX_RANK; d++) out->dims[d] = t.dims[d];
    return SPADC_OK;
}

int spadc_program_arg_type(const spadc_program *p, unsigned i, spadc_type *t) {
    if (!p || !t || i >= p->fn->u.fn.nargs) return SPADC_EUSAGE;
    return type_of(p->fn->u.fn.arg_types[i], t);
}

int spadc_program_result_type(const spadc_program *p, unsigned i, spadc_type *t) {
    if (!p || !t || i >= p->fn->u.fn.nres) return SPADC_EUSAGE;
    return type_of(p->fn->u.fn.res_types[i], t);
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
    return api_finish(p->ctx, sp_pcall(&p->ctx->c, bind_body, &j));
}

typedef struct run_job {
    spadc_program *p;
    const void *const *args;
    void *const *results;
    ntr_writer *trace;
} run_job;

static void release_all(spadc_program *p) {
    const ir_func_info *fn = &p->fn->u.fn;
    for (uint32_t i = 0; i < fn->nargs; i++) interp_release(p->it, &p->args[i]);
    for (uint32_t r = 0; r < fn->nres; r++) interp_release(p->it, &p->res[r]);
}

/* v borrows data (read only for an argument). On a compiled target a borrow
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
        /* compiled targets write tensors straight into the caller's buffers */
        if (p->x && t.kind == IR_T_TENSOR) borrow(p, &p->res[r], t, j->results[r]);
    }
    if (p->trace_path) ntr_open(c, p->trace_path, p->x, p->trace_max, &j->trace);
    if (p->x)
        ex_run(p->x, p->args, p->res);
    else
        interp_call(p->it, p->fn, p->args, p->res);
    if (j->trace) {
        ntr_close(j->trace);
        p->trace_events = ntr_events(j->trace);
        p->trace_left = ntr_left_out(j->trace);
    }
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
    run_job j = {p, args, results, NULL};
    if (p->interruptible) sp_interrupt_begin();
    sp_status st = sp_pcall(&p->ctx->c, run_body, &j);
    if (p->interruptible) sp_interrupt_end();
    ntr_free(j.trace);
    if (p->trace_path) { /* one run traced */
        sp_free(&p->ctx->c, p->trace_path);
        p->trace_path = NULL;
    }
    /* the reference interpreter's values are per run; compiled targets keep
     * their borrows (see borrow) unless the run failed */
    if (!p->x || st != SP_OK) release_all(p);
    return api_finish(p->ctx, st);
}

int spadc_program_trace(spadc_program *p, const char *path, long long max_events) {
    if (!p) return SPADC_EUSAGE;
    if (!path) return usage(p->ctx, "spadc_program_trace: no path");
    if (!p->target->info.simulated)
        return usage(p->ctx, "a trace records the npu simulator's timeline; this program's target has none");
    size_t n = strlen(path);
    char *copy = sp_try_malloc(&p->ctx->c, n + 1);
    if (!copy) {
        sp_set_error(&p->ctx->c, SP_EINPUT, "out of memory");
        return api_finish(p->ctx, SP_EINPUT);
    }
    memcpy(copy, path, n + 1);
    sp_free(&p->ctx->c, p->trace_path);
    p->trace_path = copy;
    p->trace_max = max_events >= 0 ? max_events : SPADC_TRACE_DEFAULT_MAX_EVENTS;
    p->trace_events = p->trace_left = 0;
    return api_finish(p->ctx, SP_OK);
}

void spadc_program_trace_counts(const spadc_program *p, long long *events, long long *left_out) {
    if (events) *events = p ? p->trace_events : 0;
    if (left_out) *left_out = p ? p->trace_left : 0;
}

typedef struct check_job {
    spadc_program *p;
    const void *const *args, *const *results;
    long long samples;
    sp_strbuf out;
    interp *it;
    interp_value *a, *got;
    sp_status verdict;
} check_job;

/* v over d, a buffer of type t (a scalar read by value). */
static interp_value value_over(interp *it, ir_type t, const void *d) {
    if (t.kind == IR_T_SCALAR) return (interp_value){.type = t, .s = interp_load_elem(d, (ir_dtype)t.dtype)};
    return interp_tensor_borrow(it, t, (void *)d);
}

static void check_body(sp_ctx *c, void *ud) {
    check_job *j = ud;
    spadc_program *p = j->p;
    const ir_func_info *fn = &p->fn->u.fn;
    j->it = interp_new(c, p->m, NULL); /* the program's prints were shown by its run */
    j->a = sp_calloc(c, fn->nargs ? fn->nargs : 1, sizeof *j->a);
    j->got = sp_calloc(c, fn->nres ? fn->nres : 1, sizeof *j->got);
    for (uint32_t i = 0; i < fn->nargs; i++) {
        const void *d = p->bound[i] ? p->bound[i] : j->args ? j->args[i] : NULL;
        if (!d) sp_throw(c, SP_EUSAGE, (sp_loc){0}, "spadc_program_check: argument %u of '@%s' is missing", i, fn->name);
        j->a[i] = value_over(j->it, fn->arg_types[i], d);
    }
    for (uint32_t r = 0; r < fn->nres; r++) {
        if (!j->results || !j->results[r])
            sp_throw(c, SP_EUSAGE, (sp_loc){0}, "spadc_program_check: result %u of '@%s' is missing", r, fn->name);
        j->got[r] = value_over(j->it, fn->res_types[r], j->results[r]);
    }
    j->verdict = interp_check(j->it, p->fn, j->a, j->got, j->samples, &j->out);
    if (j->verdict == SP_EMISMATCH && p->x && p->target->explain_mismatch)
        p->target->explain_mismatch(p->x, &j->out); /* a known cause of a difference, named */
}

int spadc_program_check(spadc_program *p, const void *const *args, const void *const *results, long long samples,
                        char **report) {
    if (!p || !report) return SPADC_EUSAGE;
    *report = NULL;
    check_job j = {p, args, results, samples, {0}, NULL, NULL, NULL, SP_OK};
    sp_strbuf_init(&j.out, &p->ctx->c);
    if (p->interruptible) sp_interrupt_begin();
    sp_status st = sp_pcall(&p->ctx->c, check_body, &j);
    if (p->interruptible) sp_interrupt_end();
    const ir_func_info *fn = &p->fn->u.fn;
    for (uint32_t i = 0; j.a && i < fn->nargs; i++) interp_release(j.it, &j.a[i]);
    for (uint32_t r = 0; j.got && r < fn->nres; r++) interp_release(j.it, &j.got[r]);
    interp_free(j.it);
    sp_free(&p->ctx->c, j.a);
    sp_free(&p->ctx->c, j.got);
    if (st == SP_OK && !(*report = give_text(p->ctx, &j.out))) {
        sp_set_error(&p->ctx->c, SP_EINPUT, "out of memory");
        st = SP_EINPUT;
    }
    sp_strbuf_free(&j.out);
    if (st == SP_OK && j.verdict != SP_OK) {
        sp_set_error(&p->ctx->c, j.verdict, "--check found a mismatch with the reference interpreter");
        st = j.verdict;
    }
    return api_finish(p->ctx, st);
}

static void memory_body(sp_ctx *c, void *ud) {
    spadc_program *p = ud;
    const ir_func_info *fn = &p->fn->u.fn;
    double args = 0, res = 0, arena = 0;
    for (uint32_t i = 0; i < fn->nargs; i++) args += (double)ir_type_bytes(fn->arg_types[i]);
    for (uint32_t i = 0; i < fn->nres; i++) res += (double)ir_type_bytes(fn->res_types[i]);
    if (p->x) arena = (double)ex_get_stats(p->x).arena_bytes;
    double limit = (double)interp_memory_limit(p->it), need = args + res + arena;
    if (need > limit)
        sp_throw(c, SP_EINPUT, p->fn->loc,
                 "out of memory: running '@%s' needs %.0f bytes (arguments %.0f, results %.0f, intermediates %.0f) "
                 "but the limit is %.0f bytes (SPADC_MEMORY_LIMIT=BYTES sets it; the default is 3/4 of physical memory)",
                 fn->name, need, args, res, arena, limit);
}

int spadc_program_check_memory(spadc_program *p) {
    if (!p) return SPADC_EUSAGE;
    return api_finish(p->ctx, sp_pcall(&p->ctx->c, memory_body, p));
}

typedef struct report_job {
    spadc_program *p;
    spadc_report which;
    sp_strbuf out;
} report_job;

static void report_body(sp_ctx *c, void *ud) {
    report_job *j = ud;
    static const ex_report_kind kinds[] = {EX_PLAN_TEXT, EX_PLAN_JSON, EX_PLAN_TEXT, EX_PLAN_SVG, EX_RUN_TEXT, EX_RUN_JSON};
    if ((unsigned)j->which >= SP_ARRAY_LEN(kinds)) sp_throw(c, SP_EUSAGE, (sp_loc){0}, "no such report (%d)", (int)j->which);
    if (!j->p->x) sp_throw(c, SP_EUSAGE, (sp_loc){0}, "the reference interpreter plans nothing: it has no reports");
    ex_report_opts o = {.program = j->which == SPADC_PLAN_PROGRAM};
    ex_report(j->p->x, kinds[j->which], &o, &j->out);
}

int spadc_program_report(spadc_program *p, spadc_report which, char **text) {
    if (!p || !text) return SPADC_EUSAGE;
    *text = NULL;
    report_job j = {p, which, {0}};
    sp_strbuf_init(&j.out, &p->ctx->c);
    sp_status st = sp_pcall(&p->ctx->c, report_body, &j);
    if (st == SP_OK && !(*text = give_text(p->ctx, &j.out))) {
        sp_set_error(&p->ctx->c, SP_EINPUT, "out of memory");
        st = SP_EINPUT;
    }
    sp_strbuf_free(&j.out);
    return api_finish(p->ctx, st);
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
    sp_free(c, p->trace_path);
    sp_free(c, p);
}
