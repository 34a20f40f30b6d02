/* util.h - helpers shared by the unit tests: parse text or files into a
 * verified module, print modules, canonicalise SSA names for comparisons. */
#ifndef SPADC_TEST_UTIL_H
#define SPADC_TEST_UTIL_H

#include <ctype.h>

#include "base/strbuf.h"
#include "ir/verify.h"
#include "mlir/printer.h"
#include "mlir/reader.h"

typedef struct parse_job {
    const char *name, *text, *path;
    ir_module *m;
} parse_job;

static void parse_body(sp_ctx *ctx, void *ud) {
    parse_job *j = ud;
    if (j->path)
        mlir_read_file(ctx, j->path, &j->m);
    else
        mlir_read_string(ctx, j->name, j->text, strlen(j->text), &j->m);
    ir_verify_module(j->m);
}

/* Parse and verify; on error returns NULL and writes "LINE:COL: MESSAGE"
 * (or the message alone) into err. */
static inline ir_module *parse_text(sp_ctx *ctx, const char *text, char *err, size_t errn) {
    parse_job j = {"t.mlir", text, NULL, NULL};
    if (sp_pcall(ctx, parse_body, &j) != SP_OK) {
        if (err) {
            if (ctx->err.line)
                snprintf(err, errn, "%u:%u: %s", ctx->err.line, ctx->err.col, ctx->err.msg);
            else
                snprintf(err, errn, "%s", ctx->err.msg);
        }
        ir_module_free(j.m);
        return NULL;
    }
    if (err) err[0] = 0;
    return j.m;
}

static inline ir_module *parse_file(sp_ctx *ctx, const char *path, char *err, size_t errn) {
    parse_job j = {NULL, NULL, path, NULL};
    if (sp_pcall(ctx, parse_body, &j) != SP_OK) {
        if (err) snprintf(err, errn, "%s:%u:%u: %s", path, ctx->err.line, ctx->err.col, ctx->err.msg);
        ir_module_free(j.m);
        return NULL;
    }
    return j.m;
}

typedef struct print_job {
    ir_module *m;
    sp_strbuf *b;
} print_job;

static void print_body(sp_ctx *ctx, void *ud) {
    (void)ctx;
    print_job *j = ud;
    mlir_print_module(j->m, j->b);
}

/* Printed module as a malloc'd string (caller frees). */
static inline char *print_module(sp_ctx *ctx, ir_module *m) {
    sp_strbuf b;
    sp_strbuf_init(&b, ctx);
    print_job j = {m, &b};
    if (sp_pcall(ctx, print_body, &j) != SP_OK) {
        sp_strbuf_free(&b);
        return NULL;
    }
    char *s = strdup(b.data ? b.data : "");
    sp_strbuf_free(&b);
    return s;
}

/* Replace every %name by %vN in order of first appearance (names only,
 * structure kept) so differently named but equal IR prints equal. */
static inline char *canon_names(const char *s) {
    size_t n = strlen(s);
    char *out = malloc(n * 2 + 16);
    char **seen = calloc(n + 1, sizeof *seen);
    size_t nseen = 0, o = 0;
    for (size_t i = 0; i < n;) {
        if (s[i] == '%') {
            size_t j = i + 1;
            while (j < n && (isalnum((unsigned char)s[j]) || s[j] == '_' || s[j] == '$' || s[j] == '.' || s[j] == '-')) j++;
            size_t len = j - i;
            size_t k;
            for (k = 0; k < nseen; k++)
                if (strlen(seen[k]) == len && !strncmp(seen[k], s + i, len)) break;
            if (k == nseen) seen[nseen++] = strndup(s + i, len);
            o += (size_t)sprintf(out + o, "%%v%zu", k);
            i = j;
        } else {
            out[o++] = s[i++];
        }
    }
    out[o] = 0;
    for (size_t k = 0; k < nseen; k++) free(seen[k]);
    free(seen);
    return out;
}

static inline const char *corpus(const char *rel, char *buf, size_t n) {
    const char *root = getenv("SPADC_CORPUS");
    snprintf(buf, n, "%s/%s", root ? root : "tests/corpus", rel);
    return buf;
}

#endif
