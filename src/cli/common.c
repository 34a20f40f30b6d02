/* common.c - helpers shared by the subcommands. */
#include <stdio.h>
#include <string.h>

#include "../ir/verify.h"
#include "../mlir/reader.h"
#include "cli.h"

typedef struct load_args {
    const char *path;
    ir_module **out;
} load_args;

static void load_body(sp_ctx *ctx, void *ud) {
    load_args *a = ud;
    mlir_read_file(ctx, a->path, a->out);
    ir_verify_module(*a->out);
}

int cli_load_module(sp_ctx *ctx, const char *path, ir_module **out) {
    load_args a = {path, out};
    *out = NULL;
    sp_status st = sp_pcall(ctx, load_body, &a);
    if (st != SP_OK) {
        sp_print_error(ctx, stderr);
        ir_module_free(*out);
        *out = NULL;
    }
    return (int)st;
}

bool cli_is_help(const char *arg) { return !strcmp(arg, "--help") || !strcmp(arg, "-h"); }
