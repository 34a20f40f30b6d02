/* common.c - helpers shared by the subcommands. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "../io/fileio.h"
#include "../ir/verify.h"
#include "../mlir/reader.h"
#include "cli.h"

typedef struct load_args {
    const char *path;
    sp_strbuf *text;
    ir_module **out;
} load_args;

static void load_body(sp_ctx *ctx, void *ud) {
    load_args *a = ud;
    fio_read_text(ctx, a->path, MLIR_MAX_FILE_BYTES, a->text);
    mlir_read_string(ctx, a->path, a->text->data ? a->text->data : "", a->text->len, a->out);
    ir_verify_module(*a->out);
}

int cli_load_module(sp_ctx *ctx, const char *path, sp_strbuf *text, ir_module **out) {
    load_args a = {path, text, out};
    *out = NULL;
    sp_strbuf_init(text, ctx);
    sp_status st = sp_pcall(ctx, load_body, &a);
    if (st != SP_OK) {
        sp_print_error(ctx, stderr);
        ir_module_free(*out);
        *out = NULL;
        sp_strbuf_free(text);
    }
    return (int)st;
}

bool cli_is_help(const char *arg) { return !strcmp(arg, "--help") || !strcmp(arg, "-h"); }

ir_op *cli_pick_function(sp_ctx *ctx, ir_module *m, const char *name) {
    ir_block *b = ir_module_body(m);
    if (name) {
        ir_op *f = ir_module_find_func(m, name);
        if (!f) sp_throw(ctx, SP_EUSAGE, (sp_loc){m->filename, 0, 0}, "no function '@%s' in this file", name);
        if (f->u.fn.is_decl) sp_throw(ctx, SP_EINPUT, f->loc, "'@%s' is a declaration without a body", name);
        return f;
    }
    ir_op *only = NULL;
    int count = 0;
    char names[512] = "";
    for (ir_op *op = b->first; op; op = op->next)
        if (op->kind == IR_OP_FUNC && !op->u.fn.is_decl && !op->u.fn.is_private) {
            only = op;
            count++;
            size_t l = strlen(names);
            snprintf(names + l, sizeof names - l, "%s@%s", l ? ", " : "", op->u.fn.name);
        }
    if (count == 1) return only;
    if (count == 0) sp_throw(ctx, SP_EINPUT, (sp_loc){m->filename, 0, 0}, "no public function with a body to run");
    sp_throw(ctx, SP_EUSAGE, (sp_loc){m->filename, 0, 0}, "several functions (%s): choose one with -e NAME", names);
}


/* The errno of the first failed write to stdout seen here: once a failed
 * write has emptied the stream's buffer, its error flag alone is left. */
static int stdout_errno;

void cli_print(const void *data, size_t n) {
    errno = 0;
    if (n && fwrite(data, 1, n, stdout) != n && !stdout_errno) stdout_errno = errno;
}

void cli_flush_stdout(void) {
    errno = 0;
    if (fflush(stdout) != 0 && !stdout_errno) stdout_errno = errno;
}

int cli_finish_stdout(int rc) {
    cli_flush_stdout();
    if (!ferror(stdout) && !stdout_errno) return rc;
    if (stdout_errno)
        fprintf(stderr, "spadc: error: writing standard output: %s\n", strerror(stdout_errno));
    else
        fprintf(stderr, "spadc: error: writing standard output failed\n");
    return rc ? rc : 1;
}

const char *cli_scan_uint(const char *v, uint64_t hi, uint64_t *out) {
    uint64_t x = 0;
    const char *c = v;
    for (; *c >= '0' && *c <= '9'; c++) {
        unsigned d = (unsigned)(*c - '0');
        if (x > (hi - d) / 10) return NULL;
        x = x * 10 + d;
    }
    *out = x;
    return c == v ? NULL : c;
}
