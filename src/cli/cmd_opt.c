/* cmd_opt.c - spadc opt FILE.mlir [--passes P,...] [-o OUT]: print the IR
 * (through the public API, spadc_print). */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "spadc.h"

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
    "  bf16x3, bf16x6  each f32 multiply-accumulate as contractions of its\n"
    "                operands' bf16 terms summed in f32 (--precision of run and\n"
    "                plan: two terms and three products, or three and six);\n"
    "                run after canonicalize, whose contraction bodies it reads\n"
    "Without --passes the IR is printed as read.\n";

int cli_cmd_opt(int argc, char **argv) {
    const char *path = NULL, *outpath = NULL, *passes = NULL;
    for (int i = 1; i < argc; i++) {
        if (cli_is_help(argv[i])) {
            cli_print_text(HELP);
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
    spadc_ctx *ctx = spadc_ctx_new();
    if (!ctx) return cli_out_of_memory();
    spadc_module *m = NULL;
    char *text = NULL;
    int rc = spadc_read_file(ctx, path, &m);
    if (!rc) rc = spadc_print(ctx, m, passes, &text);
    if (rc)
        fprintf(stderr, "%s\n", spadc_error(ctx));
    else if (outpath)
        rc = cli_save(outpath, text, strlen(text), "output");
    else
        cli_print(text, strlen(text));
    spadc_string_free(text);
    spadc_module_free(m);
    spadc_ctx_free(ctx);
    return rc;
}
