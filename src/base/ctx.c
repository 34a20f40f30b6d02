/* ctx.c - allocation hook, errors and protected calls (see ctx.h). */
#include "ctx.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

static void *default_alloc(void *ud, void *ptr, size_t nsize) {
    (void)ud;
    if (nsize == 0) {
        free(ptr);
        return NULL;
    }
    return realloc(ptr, nsize);
}

void sp_ctx_init(sp_ctx *ctx, const sp_allocator *alloc) {
    memset(ctx, 0, sizeof *ctx);
    if (alloc && alloc->fn)
        ctx->alloc = *alloc;
    else
        ctx->alloc.fn = default_alloc;
}

__attribute__((format(printf, 4, 0))) static void record(sp_ctx *ctx, sp_status st, sp_loc loc, const char *fmt, va_list ap) {
    sp_error *e = &ctx->err;
    e->status = st;
    e->file[0] = 0;
    e->line = e->col = 0;
    if (loc.file) {
        snprintf(e->file, sizeof e->file, "%s", loc.file);
        e->line = loc.line;
        e->col = loc.col;
    }
    vsnprintf(e->msg, sizeof e->msg, fmt, ap);
}

void sp_vthrow(sp_ctx *ctx, sp_status st, sp_loc loc, const char *fmt, va_list ap) {
    record(ctx, st, loc, fmt, ap);
    sp_rethrow(ctx);
}

void sp_throw(sp_ctx *ctx, sp_status st, sp_loc loc, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    sp_vthrow(ctx, st, loc, fmt, ap);
}

void sp_rethrow(sp_ctx *ctx) {
    if (!ctx->jmp) {
        sp_print_error(ctx, stderr);
        fprintf(stderr, "spadc: error raised outside a protected call\n");
        abort();
    }
    longjmp(ctx->jmp->buf, 1);
}

void sp_set_error(sp_ctx *ctx, sp_status st, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    record(ctx, st, (sp_loc){0}, fmt, ap);
    va_end(ap);
}

void sp_set_error_at(sp_ctx *ctx, sp_status st, sp_loc loc, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    record(ctx, st, loc, fmt, ap);
    va_end(ap);
}

const char *sp_error_message(const sp_ctx *ctx) { return ctx->err.msg; }
sp_loc sp_error_loc(const sp_ctx *ctx) { return (sp_loc){ctx->err.file, ctx->err.line, ctx->err.col}; }
sp_error sp_error_save(const sp_ctx *ctx) { return ctx->err; }
void sp_error_restore(sp_ctx *ctx, const sp_error *e) { ctx->err = *e; }

sp_status sp_pcall(sp_ctx *ctx, sp_pfunc fn, void *ud) {
    sp_jmp j;
    j.prev = ctx->jmp;
    ctx->jmp = &j;
    /* volatile: read after longjmp */
    volatile sp_status st = SP_OK;
    if (setjmp(j.buf) == 0) {
        fn(ctx, ud);
    } else {
        st = ctx->err.status;
        if (st == SP_OK) st = SP_EINTERNAL;
    }
    ctx->jmp = j.prev;
    return st;
}

void sp_format_error(const sp_ctx *ctx, char *buf, size_t n) {
    const sp_error *e = &ctx->err;
    if (e->file[0] && e->line)
        snprintf(buf, n, "%s:%u:%u: error: %s", e->file, e->line, e->col, e->msg);
    else if (e->file[0])
        snprintf(buf, n, "%s: error: %s", e->file, e->msg);
    else
        snprintf(buf, n, "spadc: error: %s", e->msg);
}

void sp_print_error(const sp_ctx *ctx, FILE *out) {
    char buf[SP_ERR_FILE_MAX + SP_ERR_MSG_MAX + 64];
    sp_format_error(ctx, buf, sizeof buf);
    fprintf(out, "%s\n", buf);
}

void *sp_try_malloc(sp_ctx *ctx, size_t n) {
    return ctx->alloc.fn(ctx->alloc.ud, NULL, n ? n : 1);
}

void *sp_malloc(sp_ctx *ctx, size_t n) {
    void *p = sp_try_malloc(ctx, n);
    if (!p) sp_throw(ctx, SP_EINPUT, (sp_loc){0}, "out of memory (allocating %zu bytes)", n);
    return p;
}

/* Blocks from this size on are mapped pages of their own (with the default
 * hook): malloc's own threshold for that rises to 32 MiB once such blocks
 * are freed, after which a block comes from the heap and zeroing it writes
 * every page. */
#define PAGES_MIN ((size_t)1 << 20)

void *sp_try_pages(sp_ctx *ctx, size_t n) {
    if (ctx->alloc.fn == default_alloc && n >= PAGES_MIN) {
        void *p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        return p == MAP_FAILED ? NULL : p;
    }
    void *p = sp_try_malloc(ctx, n);
    if (p) memset(p, 0, n);
    return p;
}

void sp_free_pages(sp_ctx *ctx, void *p, size_t n) {
    if (!p) return;
    if (ctx->alloc.fn == default_alloc && n >= PAGES_MIN)
        munmap(p, n);
    else
        sp_free(ctx, p);
}

void *sp_calloc(sp_ctx *ctx, size_t count, size_t size) {
    size_t n = sp_size_mul(ctx, count, size);
    void *p = sp_malloc(ctx, n);
    memset(p, 0, n);
    return p;
}

void *sp_realloc(sp_ctx *ctx, void *p, size_t n) {
    void *q = ctx->alloc.fn(ctx->alloc.ud, p, n ? n : 1);
    if (!q) sp_throw(ctx, SP_EINPUT, (sp_loc){0}, "out of memory (allocating %zu bytes)", n);
    return q;
}

void sp_free(sp_ctx *ctx, void *p) {
    if (p) ctx->alloc.fn(ctx->alloc.ud, p, 0);
}

size_t sp_size_mul(sp_ctx *ctx, size_t a, size_t b) {
    size_t r;
    if (__builtin_mul_overflow(a, b, &r))
        sp_throw(ctx, SP_EINPUT, (sp_loc){0}, "out of memory (size %zu x %zu overflows)", a, b);
    return r;
}

size_t sp_size_add(sp_ctx *ctx, size_t a, size_t b) {
    size_t r;
    if (__builtin_add_overflow(a, b, &r))
        sp_throw(ctx, SP_EINPUT, (sp_loc){0}, "out of memory (size %zu + %zu overflows)", a, b);
    return r;
}
