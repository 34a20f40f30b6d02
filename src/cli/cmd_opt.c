/* cmd_opt.c - spadc opt FILE.mlir [--passes P,...] [-o OUT]: print the IR. */
#include <stdio.h>
#include <string.h>

#include "../base/strbuf.h"
#include "../mlir/printer.h"
#include "../passes/passes.h"
#include "cli.h"

static const char *const HELP =
    "usage: spadc opt FILE.mlir [--passes P,...] [-o OUT.mlir]\n"
    "\n"
    "Read and verify FILE, run the passes given (in order), and print the IR as\n"
    "MLIR that mlir-opt-22 accepts (to OUT or standard output).\n"
    "\n"
    "passes:\n"
    "  canonicalize  one spelling per computation: ReLU spellings become max(x, 0),\n"
    "                transposes and broadcasts fold into their consumers' maps,\n"
    "                fills and splat constants become scalars, contraction inits\n"
    "                become a zero (or scalar) init plus a trailing add, duplicate\n"
    "                constants and dead ops go\n"
    "  fuse          group ops into kernels; annotate each linalg op with\n"
    "                spadc.kernel, kernel roots with spadc.kind and\n"
    "                spadc.epilogue, and every materialised value with\n"
    "                spadc.materialized (why it is not fused into its user)\n"
    "Without --passes the IR is printed as read.\n";

typedef struct opt_args {
    ir_module *m;
    sp_strbuf *out;
    const char *passes, *outpath;
} opt_args;

static void opt_body(sp_ctx *ctx, void *ud) {
    opt_args *a = ud;
    if (a->passes) pass_run(a->m, a->passes);
    mlir_print_module(a->m, a->out);
    if (a->outpath) cli_write_file(ctx, a->outpath, a->out, "output");
}

int cli_cmd_opt(int argc, char **argv) {
    const char *path = NULL, *outpath = NULL, *passes = NULL;
    for (int i = 1; i < argc; i++) {
        if (cli_is_help(argv[i])) {
            fputs(HELP, stdout);
            return 0;
        } else if (!strcmp(argv[i], "-o") || !strcmp(argv[i], "--passes")) {
            if (i + 1 >= argc) return cli_usage_error("opt", "%s needs an argument", argv[i]);
            if (!strcmp(argv[i], "-o"))
                outpath = argv[++i];
            else
                passes = argv[++i];
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return cli_usage_error("opt", "unknown option '%s'", argv[i]);
        } else if (path) {
            return cli_usage_error("opt", "more than one input file");
        } else {
            path = argv[i];
        }
    }
    if (!path) return cli_usage_error("opt", "no input file");
    sp_ctx ctx;
    sp_ctx_init(&ctx, NULL);
    ir_module *m;
    sp_strbuf text;
    int rc = cli_load_module(&ctx, path, &text, &m);
    if (rc) return rc;
    sp_strbuf out;
    sp_strbuf_init(&out, &ctx);
    opt_args a = {m, &out, passes, outpath};
    sp_status st = sp_pcall(&ctx, opt_body, &a);
    if (st != SP_OK)
        sp_print_error(&ctx, stderr);
    else if (!outpath)
        cli_print(out.data, out.len);
    sp_strbuf_free(&out);
    ir_module_free(m);
    sp_strbuf_free(&text);
    return (int)st;
}
