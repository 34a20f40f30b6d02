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

#include <stddef.h>
#include <stdint.h>

bool cli_is_help(const char *arg);
/* Everything a command prints goes to stdout through stdio. cli_print
 * writes a whole buffer and cli_flush_stdout flushes, each keeping the
 * reason of a failure (use them rather than fwrite/fflush on stdout). main
 * passes each command's status through cli_finish_stdout, which flushes
 * and, if any write to stdout failed, says so on stderr and returns 1 (or
 * the command's own failure status): output lost to a full disk is an
 * error, not exit 0. */
void cli_print(const void *data, size_t n);
/* cli_print of a string (a help text longer than stdio's buffer keeps its
 * write's errno, as fputs would not) */
void cli_print_text(const char *s);
void cli_flush_stdout(void);
int cli_finish_stdout(int rc);

/* A decimal integer <= hi at v: digits only (no sign, space or base
 * prefix). Returns the character after it, or NULL if v starts with no
 * digit or the number exceeds hi. */
const char *cli_scan_uint(const char *v, uint64_t hi, uint64_t *out);

/* "spadc: error: MESSAGE" on stderr, then return 2 (usage error). */
int cli_usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Option values shared by plan and run; on a bad value print the usage
 * error and return 2. --budget F|BYTES as spadc_options.budget (a fraction
 * <= 1, or bytes > 1); --tile M,N,K. */
/* Whether target names a simulated machine ("npu", "npu=FILE.yml"): its
 * options and its own --help (spadc_target_info_of). */
bool cli_simulated(const char *target);
int cli_parse_budget(const char *cmd, const char *v, double *budget);
int cli_parse_tile(const char *cmd, const char *v, long long tile[3]);
/* --objective cycles|energy|dram|edp into *objective (the value itself), or
 * a usage error (2). */
int cli_parse_objective(const char *cmd, const char *v, const char **objective);
/* --precision P: f32, bf16x3 or bf16x6 (spadc_options.precision) */
int cli_parse_precision(const char *cmd, const char *v, const char **precision);

/* data written to path whole or not at all (io/fileio.h); on failure prints
 * "PATH: error: cannot write the WHAT file: REASON" and returns 1. */
int cli_save(const char *path, const void *data, size_t n, const char *what);
/* "spadc: error: out of memory" on stderr; returns 1. */
int cli_out_of_memory(void);

#endif
