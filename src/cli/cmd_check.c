/* cmd_check.c - spadc check FILE.mlir: parse and verify. */
#include <stdio.h>

#include "../base/strbuf.h"
#include "cli.h"

static const char *const HELP =
    "usage: spadc check FILE.mlir\n"
    "\n"
    "Parse and verify FILE. Exit 0 and print nothing when it is valid; otherwise\n"
    "print FILE:LINE:COL: error: MESSAGE and exit 1.\n";

int cli_cmd_check(int argc, char **argv) {
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        if (cli_is_help(argv[i])) {
            fputs(HELP, stdout);
            return 0;
        }
        if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("check", "unknown option '%s'", argv[i]);
        if (path) return cli_usage_error("check", "more than one input file");
        path = argv[i];
    }
    if (!path) return cli_usage_error("check", "no input file");
    sp_ctx ctx;
    sp_ctx_init(&ctx, NULL);
    ir_module *m;
    sp_strbuf text;
    int rc = cli_load_module(&ctx, path, &text, &m);
    ir_module_free(m);
    sp_strbuf_free(&text);
    return rc;
}
