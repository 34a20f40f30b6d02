/* cmd_stubs.c - commands whose implementation has not landed in this tree yet.
 * Each answers with an error and exit 5 rather than pretending to work. */
#include <stdio.h>

#include "cli.h"

static int not_built(const char *cmd) {
    fprintf(stderr, "spadc %s: error: this command is not part of this build yet\n", cmd);
    return 5;
}

int cli_cmd_plan(int argc, char **argv) { (void)argc; (void)argv; return not_built("plan"); }
