/* cli.h - the spadc command-line tool: one function per subcommand.
 *
 * Each returns the process exit status (DESIGN.md: 0 ok, 1 bad input,
 * 2 usage, 3 does not fit, 4 --check mismatch, 5 internal error) and prints
 * diagnostics as FILE:LINE:COL: error: MESSAGE on stderr.
 */
#ifndef SPADC_CLI_CLI_H
#define SPADC_CLI_CLI_H

int cli_cmd_check(int argc, char **argv);
int cli_cmd_opt(int argc, char **argv);
int cli_cmd_plan(int argc, char **argv);
int cli_cmd_run(int argc, char **argv);
int cli_cmd_alloc(int argc, char **argv);

#include <stdbool.h>

#include "../ir/ir.h"

/* Read and verify a module; on failure print the located error and return
 * its exit status (the module is then NULL). The file is read once, into
 * *text (initialised here), which the module points into: free it after
 * the module (it is already freed on failure). A second copy of the module
 * parses the same text (mlir_read_string): a pipe cannot be read twice. */
struct sp_strbuf;
int cli_load_module(sp_ctx *ctx, const char *path, struct sp_strbuf *text, ir_module **out);
bool cli_is_help(const char *arg);
/* The function to compile or run: `name` (without '@'), or the only public
 * function with a body; raises a usage error naming the candidates. */
ir_op *cli_pick_function(sp_ctx *ctx, ir_module *m, const char *name);

/* Everything a command prints goes to stdout through stdio. cli_print
 * writes a whole buffer and cli_flush_stdout flushes, each keeping the
 * reason of a failure (use them rather than fwrite/fflush on stdout). main
 * passes each command's status through cli_finish_stdout, which flushes
 * and, if any write to stdout failed, says so on stderr and returns 1 (or
 * the command's own failure status): output lost to a full disk is an
 * error, not exit 0. */
void cli_print(const void *data, size_t n);
void cli_flush_stdout(void);
int cli_finish_stdout(int rc);

/* A decimal integer <= hi at v: digits only (no sign, space or base
 * prefix). Returns the character after it, or NULL if v starts with no
 * digit or the number exceeds hi. */
const char *cli_scan_uint(const char *v, uint64_t hi, uint64_t *out);

/* "spadc: error: MESSAGE" on stderr, then return 2 (usage error). */
int cli_usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* cmd_plan.c, for both targets' --svg: the program's arena as a panel;
 * and (also for opt -o) a buffer written to a file whole or not at all
 * (fio_save), then freed
 * (raises SP_EINPUT naming the path, `what` and the reason when it cannot
 * be written). */
struct svg_doc;
struct kn_program;
struct plan_buf;
struct sp_strbuf;
void cli_svg_arena_panel(struct svg_doc *d, const struct kn_program *p, const struct plan_buf *bufs, const uint32_t *values,
                         uint32_t n, int64_t arena_bytes, int64_t peak_live, const char *yunit);
void cli_write_file(sp_ctx *ctx, const char *path, struct sp_strbuf *s, const char *what);

/* cmd_npu.c: the npu target (plan, and the parts run uses) */
struct ex_program;
struct nx_opts;
bool cli_npu_target(const char *target); /* "npu" or "npu=FILE" */
int cli_npu_plan(int argc, char **argv);
/* Option values; on a bad value print the usage error and return 2. */
int cli_npu_parse_budget(const char *cmd, const char *v, double *frac, int64_t *bytes);
int cli_npu_parse_tile(const char *cmd, const char *v, int64_t tile[3]);
/* Raises SP_EUSAGE when a byte budget exceeds the lane's scratchpad. */
void cli_npu_check_budget(sp_ctx *ctx, const struct nx_opts *o);
/* Per-kernel and total simulated figures after a run. */
void cli_npu_run_summary(struct ex_program *x);

#endif
