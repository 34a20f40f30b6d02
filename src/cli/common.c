/* common.c - helpers shared by the subcommands. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "spadc.h"

bool cli_is_help(const char *arg) { return !strcmp(arg, "--help") || !strcmp(arg, "-h"); }

/* The errno of the first failed write to stdout seen here: once a failed
 * write has emptied the stream's buffer, its error flag alone is left. */
static int stdout_errno;

void cli_print(const void *data, size_t n) {
    errno = 0;
    if (n && fwrite(data, 1, n, stdout) != n && !stdout_errno) stdout_errno = errno;
}

void cli_print_text(const char *s) { cli_print(s, strlen(s)); }

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

bool cli_simulated(const char *target) {
    spadc_target_info t;
    return !spadc_target_info_of(target, &t) && t.simulated;
}

int cli_parse_objective(const char *cmd, const char *v, const char **objective) {
    static const char *const names[] = {"cycles", "energy", "dram", "edp"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (!strcmp(v, names[i])) {
            *objective = names[i];
            return 0;
        }
    return cli_usage_error(cmd, "--objective needs one of cycles, energy, dram, edp (got '%s')", v);
}

int cli_parse_precision(const char *cmd, const char *v, const char **precision) {
    static const char *const names[] = {"f32", "bf16x3", "bf16x6"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (!strcmp(v, names[i])) {
            *precision = names[i];
            return 0;
        }
    return cli_usage_error(cmd, "--precision needs one of " SPADC_PRECISIONS " (got '%s')", v);
}

/* F: a number with a decimal point or an exponent, or exactly 1, in (0, 1];
 * BYTES: digits and an optional K/KiB/k (1024) or M/MiB (1024^2) suffix, at
 * least 2 bytes once multiplied (a bare 1 is the fraction 1.0) and at most
 * 2^40. Signs, spaces, hex and anything else are usage errors. */
int cli_parse_budget(const char *cmd, const char *v, double *budget) {
    *budget = 0;
    static const char *const form = "--budget needs a fraction 0 < F <= 1 (0.5, 1) or a byte count >= 2 (65536, 64K, 1M)";
    if (strpbrk(v, ".eE") || !strcmp(v, "1")) {
        char *end;
        errno = 0;
        double f = strtod(v, &end);
        if (*end || !*v || errno || strspn(v, "0123456789.eE+-") != strlen(v) || !strchr(".0123456789", v[0]) ||
            !(f > 0) || f > 1)
            return cli_usage_error(cmd, "%s; got '%s'", form, v);
        *budget = f;
        return 0;
    }
    uint64_t b, mul = 0;
    const char *c = cli_scan_uint(v, (uint64_t)1 << 40, &b);
    if (!c && *v >= '0' && *v <= '9') return cli_usage_error(cmd, "--budget '%s' is more than 2^40 bytes", v);
    if (c)
        mul = !*c ? 1
              : !strcmp(c, "K") || !strcmp(c, "k") || !strcmp(c, "KiB") ? 1024
              : !strcmp(c, "M") || !strcmp(c, "MiB")                    ? 1024 * 1024
                                                                        : 0;
    if (!mul || b * mul < 2) return cli_usage_error(cmd, "%s; got '%s'", form, v);
    if (b * mul > (uint64_t)1 << 40) return cli_usage_error(cmd, "--budget '%s' is more than 2^40 bytes", v);
    *budget = (double)(b * mul);
    return 0;
}

int cli_parse_tile(const char *cmd, const char *v, long long tile[3]) {
    const char *p = v;
    for (int i = 0; i < 3; i++) {
        uint64_t t;
        p = cli_scan_uint(p, (uint64_t)1 << 31, &t);
        if (!p || t < 1 || *p != (i < 2 ? ',' : 0))
            return cli_usage_error(cmd, "--tile needs three positive integers M,N,K up to 2^31 (got '%s')", v);
        tile[i] = (long long)t;
        p++;
    }
    return 0;
}

int cli_save(const char *path, const void *data, size_t n, const char *what) {
    spadc_ctx *ctx = spadc_ctx_new();
    if (!ctx) return cli_out_of_memory();
    int rc = spadc_write_file(ctx, path, data, n, what);
    if (rc) fprintf(stderr, "%s\n", spadc_error(ctx));
    spadc_ctx_free(ctx);
    return rc;
}

int cli_out_of_memory(void) {
    fprintf(stderr, "spadc: error: out of memory\n");
    return 1;
}
