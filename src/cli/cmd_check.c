/* cmd_check.c - spadc check FILE.mlir: parse and verify. */
#include <stdio.h>

#include "cli.h"
#include "spadc.h"

static const char *const HELP =
    "usage: spadc check FILE.mlir\n"
    "\n"
    "Parse and verify FILE. Exit 0 and print nothing when it is valid; otherwise\n"
    "print FILE:LINE:COL: error: MESSAGE and exit 1.\n";

int cli_cmd_check(int argc, char **argv) {
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        if (cli_is_help(argv[i])) {
            cli_print_text(HELP);
            return 0;
        }
        if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("check", "unknown option '%s'", argv[i]);
        if (path) return cli_usage_error("check", "more than one input file");
        path = argv[i];
    }
    if (!path) return cli_usage_error("check", "no input file");
    spadc_ctx *ctx = spadc_ctx_new();
    if (!ctx) return cli_out_of_memory();
    spadc_module *m = NULL;
    int rc = spadc_read_file(ctx, path, &m);
    if (rc) fprintf(stderr, "%s\n", spadc_error(ctx));
    spadc_module_free(m);
    spadc_ctx_free(ctx);
    return rc;
}
