/* main.c - spadc command dispatch. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const char *const USAGE =
    "usage: spadc COMMAND [ARGS]\n"
    "\n"
    "spadc compiles fused tensor kernels (GEMM + epilogue) from MLIR linalg-on-tensors.\n"
    "\n"
    "commands:\n"
    "  check FILE.mlir          parse and verify; exit 0 or a located error\n"
    "  opt   FILE.mlir          print the IR after passes (valid MLIR)\n"
    "  plan  FILE.mlir          tiles and on-chip memory plan per kernel, the tile\n"
    "                           search's candidates (--json, --svg OUT.svg to draw it)\n"
    "  run   FILE.mlir          run a function (reference interpreter, cpu, npu\n"
    "                           simulator; --trace OUT.json: the npu's timeline)\n"
    "  alloc FILE.csv           offset assignment for buffers with lifetimes (MiniMalloc CSV)\n"
    "\n"
    "  spadc --version | --help | COMMAND --help\n"
    "\n"
    "exit codes: 0 ok, 1 bad input, 2 usage, 3 does not fit, 4 --check mismatch, 5 internal error\n"
    "\n"
    "environment:\n"
    "  SPADC_ISA=amx|avx512bf16|avx512|avx2|generic\n"
    "                           the cpu target's instruction set (default: the best\n"
    "                           this CPU and OS support); bf16 contractions use AMX\n"
    "                           tiles on amx, VDPBF16PS where it pays on avx512bf16,\n"
    "                           f32 kernels (converting in packing) below\n"
    "  SPADC_MEMORY_LIMIT=BYTES cap on the reference interpreter's live tensors\n"
    "                           (default 3/4 of the machine's memory)\n"
    "  SPADC_TRACE_MAX_EVENTS=N unit events an npu --trace keeps (default 1000000)\n";

int cli_usage_error(const char *cmd, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "spadc%s%s: error: ", cmd ? " " : "", cmd ? cmd : "");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    fprintf(stderr, "run 'spadc %s%s--help' for usage\n", cmd ? cmd : "", cmd ? " " : "");
    return 2;
}

int main(int argc, char **argv) {
    static const struct {
        const char *name;
        int (*fn)(int, char **);
    } cmds[] = {
        {"check", cli_cmd_check}, {"opt", cli_cmd_opt}, {"plan", cli_cmd_plan},
        {"run", cli_cmd_run},     {"alloc", cli_cmd_alloc},
    };
    if (argc < 2) {
        fputs(USAGE, stderr);
        return 2;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        cli_print_text(USAGE);
        return cli_finish_stdout(0);
    }
    if (!strcmp(argv[1], "--version")) {
        printf("spadc %s\n", SPADC_VERSION);
        return cli_finish_stdout(0);
    }
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
        if (!strcmp(argv[1], cmds[i].name)) return cli_finish_stdout(cmds[i].fn(argc - 1, argv + 1));
    return cli_usage_error(NULL, "unknown command '%s'", argv[1]);
}
