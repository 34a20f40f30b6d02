/* ctx.h - the compiler context: allocation hook, error state and protected calls.
 *
 * Every allocation spadc makes goes through one hook (sp_alloc_fn), so tests can
 * fail the Nth allocation; every error (bad input, out of memory, unsupported
 * construct) is raised with sp_throw and unwinds with longjmp to the innermost
 * sp_pcall, like Lua's luaD_throw / luaD_rawrunprotected.
 *
 *     sp_ctx ctx;
 *     sp_ctx_init(&ctx, NULL);                  // NULL: malloc/realloc/free
 *     if (sp_pcall(&ctx, work, &state) != SP_OK)
 *         sp_print_error(&ctx, stderr);         // FILE:LINE:COL: error: ...
 *     free_state(&state);                       // the caller owns all scratch
 *
 * Ownership rule that makes unwinding leak-free: code running under sp_pcall
 * allocates only from arenas or buffers reachable from an object the *caller*
 * of sp_pcall created and will free, whether the call succeeded or not.
 */
#ifndef SPADC_BASE_CTX_H
#define SPADC_BASE_CTX_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Status codes double as the CLI's exit codes (DESIGN.md). */
typedef enum sp_status {
    SP_OK = 0,
    SP_EINPUT = 1,    /* parse, verify, unsupported construct, out of memory */
    SP_EUSAGE = 2,    /* bad command line */
    SP_ENOFIT = 3,    /* plan does not fit its budget (L8) */
    SP_EMISMATCH = 4, /* --check found a difference */
    SP_EINTERNAL = 5, /* a bug in spadc */
    SP_EINTERRUPT = 6 /* a run stopped by SIGINT (base/interrupt.h); never the CLI's */
} sp_status;

/* realloc-like hook: nsize == 0 frees ptr and returns NULL; otherwise returns
 * the new block or NULL on failure (ptr is then left untouched). */
typedef void *(*sp_alloc_fn)(void *ud, void *ptr, size_t nsize);

typedef struct sp_allocator {
    sp_alloc_fn fn;
    void *ud;
} sp_allocator;

/* A source position. file is borrowed (it must outlive the location). */
typedef struct sp_loc {
    const char *file;
    uint32_t line, col; /* 1-based; 0 means unknown */
} sp_loc;

#define SP_ERR_MSG_MAX 1024
#define SP_ERR_FILE_MAX 512

typedef struct sp_error {
    sp_status status;
    char file[SP_ERR_FILE_MAX]; /* empty when the error has no location */
    uint32_t line, col;
    char msg[SP_ERR_MSG_MAX];
} sp_error;

typedef struct sp_jmp {
    struct sp_jmp *prev;
    jmp_buf buf;
} sp_jmp;

typedef struct sp_ctx {
    sp_allocator alloc;
    sp_error err;
    sp_jmp *jmp; /* innermost protected call, NULL outside sp_pcall */
} sp_ctx;

void sp_ctx_init(sp_ctx *ctx, const sp_allocator *alloc);

/* Raise an error: record it and unwind to the innermost sp_pcall. Outside a
 * protected call this is a bug: it prints the message and aborts. */
#if defined(__GNUC__)
#define SP_NORETURN __attribute__((noreturn))
#define SP_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define SP_NORETURN
#define SP_PRINTF(a, b)
#endif
SP_NORETURN void sp_throw(sp_ctx *ctx, sp_status st, sp_loc loc, const char *fmt, ...) SP_PRINTF(4, 5);
SP_NORETURN void sp_vthrow(sp_ctx *ctx, sp_status st, sp_loc loc, const char *fmt, va_list ap) SP_PRINTF(4, 0);
/* Re-raise the error already recorded in ctx->err (after a nested pcall). */
SP_NORETURN void sp_rethrow(sp_ctx *ctx);

typedef void (*sp_pfunc)(sp_ctx *ctx, void *ud);
/* Run fn(ctx, ud); returns SP_OK or the status of the error it raised. */
sp_status sp_pcall(sp_ctx *ctx, sp_pfunc fn, void *ud);

/* Print ctx->err as `FILE:LINE:COL: error: MESSAGE` (or `spadc: error: ...`). */
void sp_print_error(const sp_ctx *ctx, FILE *out);
/* The same line, without the newline, into buf. */
void sp_format_error(const sp_ctx *ctx, char *buf, size_t n);
/* Format a message without a location into ctx->err (no unwinding). */
void sp_set_error(sp_ctx *ctx, sp_status st, const char *fmt, ...) SP_PRINTF(3, 4);
/* The same with a location (loc.line 0: the file alone). */
void sp_set_error_at(sp_ctx *ctx, sp_status st, sp_loc loc, const char *fmt, ...) SP_PRINTF(4, 5);
/* The recorded error's message alone (no location, no prefix). */
const char *sp_error_message(const sp_ctx *ctx);
/* The recorded error's location: file "" when it has none (pointing into
 * ctx), line and col 0 when unknown. */
sp_loc sp_error_loc(const sp_ctx *ctx);
/* The recorded error, to put back later: a caller that tries something
 * which may record an error it then ignores keeps what was there before. */
sp_error sp_error_save(const sp_ctx *ctx);
void sp_error_restore(sp_ctx *ctx, const sp_error *e);

/* Allocation through the hook. sp_malloc/sp_realloc raise SP_EINPUT
 * "out of memory" on failure; sp_try_malloc returns NULL instead. */
void *sp_malloc(sp_ctx *ctx, size_t n);
void *sp_calloc(sp_ctx *ctx, size_t count, size_t size);
void *sp_realloc(sp_ctx *ctx, void *p, size_t n);
void *sp_try_malloc(sp_ctx *ctx, size_t n);
/* n zero bytes, or NULL; freed by sp_free_pages with the same n. With the
 * default hook a block of 1 MiB or more is fresh pages that cost no memory
 * until written (a reference tensor that sampled evaluation fills only in
 * part); otherwise the hook's memory, zeroed. */
void *sp_try_pages(sp_ctx *ctx, size_t n);
void sp_free_pages(sp_ctx *ctx, void *p, size_t n);
void sp_free(sp_ctx *ctx, void *p);

/* Checked size arithmetic: raise "out of memory" style errors on overflow. */
size_t sp_size_mul(sp_ctx *ctx, size_t a, size_t b);
size_t sp_size_add(sp_ctx *ctx, size_t a, size_t b);

/* Internal invariant check that stays on in release builds. */
#define SP_ASSERT(ctx, cond)                                                                     \
    do {                                                                                         \
        if (!(cond))                                                                             \
            sp_throw((ctx), SP_EINTERNAL, (sp_loc){0}, "internal error: %s:%d: assertion '%s' failed", \
                     __FILE__, __LINE__, #cond);                                                 \
    } while (0)

#define SP_ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

#endif
