/* cmd_alloc.c - spadc alloc: offsets for buffers read from MiniMalloc CSV. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/ctx.h"
#include "cli.h"
#include "plan/alloc.h"
#include "plan/alloc_csv.h"

#define DEFAULT_TIME_LIMIT 10.0

static const char *const HELP =
    "usage: spadc alloc FILE.csv [--capacity BYTES] [-o OUT.csv] [--time-limit SECONDS]\n"
    "\n"
    "Assigns each buffer a byte offset so that no two buffers live at the same step\n"
    "overlap, minimising the footprint (the highest offset + size).\n"
    "\n"
    "It computes the peak-live lower bound and the best-fit-by-decreasing-size greedy\n"
    "plan (TFLite/XLA; past 2^23 pairs of buffers live together, best fit in order of\n"
    "start, which is O(n log n)), then searches exactly: for half its budget from the\n"
    "lower bound up (the first plan found is then optimal), then by bisecting between\n"
    "the bound and the best plan. It stops when the footprint is proven optimal or the\n"
    "budget is spent, and never returns a plan worse than greedy. The budget is\n"
    "--work-limit search nodes if given (the plan then depends only on the input),\n"
    "else the time limit; the time limit caps the whole command either way.\n"
    "\n"
    "input (MiniMalloc's CSV; FILE.csv '-' reads stdin): a header naming the columns in\n"
    "any order, then one row per buffer\n"
    "  id         unique name (also: buffer, buffer_id)\n"
    "  lower      first live step (also: begin, start)\n"
    "  upper      one past the last live step: the lifetime is [lower, upper), not empty\n"
    "  end        instead of upper: the last live step (inclusive)\n"
    "  size       bytes, at least 1\n"
    "  alignment  optional: the offset is a multiple of it (a power of two; default 1)\n"
    "  inplace    optional (spadc): id of a buffer whose bytes this one takes in place;\n"
    "             that buffer's last live step must be this one's first, and this one\n"
    "             no larger; a buffer is taken by one other at most. Such a pair\n"
    "             always shares its offset.\n"
    "  Numbers are decimal integers in [0, 2^62]; blank lines are skipped.\n"
    "\n"
    "output: the input's header and rows, each with an ',offset' column appended, written\n"
    "  to OUT.csv with -o, else to stdout. A summary, one 'key: value' per line (buffers,\n"
    "  footprint, lower_bound, peak_live, greedy, greedy_rule, optimal, time_s, nodes),\n"
    "  goes to stdout when the plan goes to a file, else to stderr.\n"
    "\n"
    "options:\n"
    "  --capacity BYTES      the bytes available; if no plan fits, exit 3 naming the\n"
    "                        lower bound and the capacity, and write no plan. The search\n"
    "                        looks for a plan within BYTES first, then minimises.\n"
    "  -o OUT.csv            where to write the plan ('-' for stdout)\n"
    "  --time-limit SECONDS  wall-clock cap on the command, reading and writing included\n"
    "                        (default 10); 0 gives the greedy plan (no search, no cap)\n"
    "  --work-limit NODES    exact search budget in search nodes: the same plan on any\n"
    "                        machine at any load, unless the time limit stops it first\n"
    "                        (the summary then says so)\n"
    "  -h, --help            this text\n"
    "\n"
    "exit codes: 0 ok, 1 bad input (FILE:LINE:COL: error: ...), 2 usage, 3 does not fit,\n"
    "  5 internal error\n";

static bool parse_i64(const char *s, int64_t *v) {
    if (!*s) return false;
    int64_t x = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9') return false;
        if (x > (PLAN_MAX_BYTES - (*s - '0')) / 10) return false; /* would pass 2^62 */
        x = x * 10 + (*s - '0');
    }
    *v = x;
    return true;
}

/* Names up to a few buffers live at step t (law L8: which buffers). */
static void live_at(const plan_csv *t, int64_t step, char *out, size_t len) {
    size_t used = 0, shown = 0, more = 0;
    out[0] = 0;
    for (size_t i = 0; i < t->n; i++) {
        const plan_buf *b = &t->bufs[i];
        if (!(b->lo <= step && step < b->hi)) continue;
        if (shown < 6) {
            char id[64];
            plan_csv_escape(id, sizeof id, plan_csv_id(t, i), strlen(plan_csv_id(t, i)));
            int k = snprintf(out + used, len - used, "%s'%s' (%" PRId64 ")", shown ? ", " : "", id, b->size);
            if (k > 0 && (size_t)k < len - used) used += (size_t)k;
            shown++;
        } else {
            more++;
        }
    }
    if (more) snprintf(out + used, len - used, " and %zu more", more);
}

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

typedef struct alloc_args {
    const char *in_path, *out_path;
    int64_t capacity, work;
    double limit;
} alloc_args;

/* The command line into a: 0, -1 after printing the help, or the usage
 * error's status. */
static int parse_args(int argc, char **argv, alloc_args *o) {
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            cli_print_text(HELP);
            return -1;
        } else if (!strcmp(a, "--capacity") || !strncmp(a, "--capacity=", 11)) {
            const char *v = a[10] == '=' ? a + 11 : (i + 1 < argc ? argv[++i] : NULL);
            if (!v) return cli_usage_error("alloc", "--capacity needs a number of bytes");
            if (!parse_i64(v, &o->capacity) || o->capacity < 1)
                return cli_usage_error("alloc", "--capacity: '%s' is not a byte count in [1, 2^62]", v);
        } else if (!strcmp(a, "--time-limit") || !strncmp(a, "--time-limit=", 13)) {
            const char *v = a[12] == '=' ? a + 13 : (i + 1 < argc ? argv[++i] : NULL);
            if (!v) return cli_usage_error("alloc", "--time-limit needs seconds");
            char *end;
            errno = 0;
            o->limit = strtod(v, &end);
            if (errno || end == v || *end || !(o->limit >= 0 && o->limit <= 1e6))
                return cli_usage_error("alloc", "--time-limit: '%s' is not a number of seconds", v);
        } else if (!strcmp(a, "--work-limit") || !strncmp(a, "--work-limit=", 13)) {
            const char *v = a[12] == '=' ? a + 13 : (i + 1 < argc ? argv[++i] : NULL);
            if (!v) return cli_usage_error("alloc", "--work-limit needs a number of search nodes");
            if (!parse_i64(v, &o->work) || o->work < 1)
                return cli_usage_error("alloc", "--work-limit: '%s' is not a node count in [1, 2^62]", v);
        } else if (!strcmp(a, "-o")) {
            if (i + 1 >= argc) return cli_usage_error("alloc", "-o needs a file name");
            o->out_path = argv[++i];
        } else if (a[0] == '-' && a[1]) {
            return cli_usage_error("alloc", "unknown option '%s'", a);
        } else if (o->in_path) {
            return cli_usage_error("alloc", "more than one input file ('%s', '%s')", o->in_path, a);
        } else {
            o->in_path = a;
        }
    }
    return 0;
}

/* Why the buffers do not fit, on stderr: the live set when that alone is
 * over the capacity, a proof by search, or the best found in the limits. */
static void explain_no_fit(const plan_csv *t, const plan_result *r, const alloc_args *o) {
    const char *in_path = o->in_path;
    const int64_t capacity = o->capacity, work = o->work;
    char who[512];
    live_at(t, r->peak_step, who, sizeof who);
    if (r->lower_bound > capacity && r->lower_bound == r->peak_live)
        fprintf(stderr,
                "%s: error: does not fit: needs at least %" PRId64 " bytes, capacity %" PRId64
                " bytes; %" PRId64 " bytes are live at step %" PRId64 ": %s\n",
                in_path, r->lower_bound, capacity, r->peak_live, r->peak_step, who);
    else if (r->lower_bound > capacity)
        fprintf(stderr,
                "%s: error: does not fit: needs at least %" PRId64 " bytes (proven by search), capacity %" PRId64
                " bytes; at most %" PRId64 " bytes are live at once (step %" PRId64 ": %s) but they cannot be packed tighter\n",
                in_path, r->lower_bound, capacity, r->peak_live, r->peak_step, who);
    else {
        char spent[64];
        if (work > 0 && !r->timed_out)
            snprintf(spent, sizeof spent, "within %" PRId64 " search nodes", work);
        else
            snprintf(spent, sizeof spent, "in %.3g s", o->limit);
        fprintf(stderr,
                "%s: error: does not fit: no plan within the capacity %" PRId64
                " bytes found %s (best %" PRId64 " bytes; lower bound %" PRId64
                " bytes, peak live at step %" PRId64 ": %s)\n",
                in_path, capacity, spent, r->footprint, r->lower_bound, r->peak_step, who);
    }
}

int cli_cmd_alloc(int argc, char **argv) {
    double t0 = now_s();
    alloc_args o = {.limit = DEFAULT_TIME_LIMIT};
    int prc = parse_args(argc, argv, &o);
    if (prc) return prc < 0 ? 0 : prc;
    const char *in_path = o.in_path, *out_path = o.out_path;
    const int64_t capacity = o.capacity, work = o.work;
    const double limit = o.limit;
    if (!in_path) return cli_usage_error("alloc", "no input file");

    sp_ctx ctx;
    sp_ctx_init(&ctx, NULL);
    FILE *in = !strcmp(in_path, "-") ? stdin : fopen(in_path, "rb");
    if (!in) {
        fprintf(stderr, "%s: error: cannot open: %s\n", in_path, strerror(errno));
        return 1;
    }
    plan_csv t;
    plan_csv_init(&t, &ctx);
    sp_status st = plan_csv_read(&t, in_path, in);
    if (in != stdin) fclose(in);
    if (st != SP_OK) {
        sp_print_error(&ctx, stderr);
        plan_csv_free(&t);
        return 1;
    }

    /* The limit covers the whole command: the planner gets what is left
     * after reading and, as much again, for writing the same rows (a sliver
     * when nothing is left: the greedy then takes its cheap rule and the
     * search does not start). */
    double left = limit - 2 * (now_s() - t0);
    plan_opts opts = {.time_limit_s = limit > 0 ? (left > 1e-6 ? left : 1e-6) : 0,
                      .capacity = capacity, .work_limit = work};
    plan_result r;
    st = plan_solve(&ctx, t.bufs, t.n, &opts, &r);
    int rc = 0;
    if (st == SP_ENOFIT) {
        explain_no_fit(&t, &r, &o);
        rc = 3;
    } else if (st != SP_OK) {
        /* plan_csv_read already checked what plan_check checks: what is
         * left is running out of memory or a bug */
        fprintf(stderr, "%s: error: %s\n", in_path, sp_error_message(&ctx));
        plan_csv_free(&t);
        return st == SP_EINPUT ? 1 : 5;
    }

    FILE *summary = stderr;
    if (rc == 0) {
        FILE *out = stdout;
        if (out_path && strcmp(out_path, "-")) {
            out = fopen(out_path, "w");
            if (!out) {
                fprintf(stderr, "%s: error: cannot write: %s\n", out_path, strerror(errno));
                plan_csv_free(&t);
                return 1;
            }
            summary = stdout;
        }
        bool ok = plan_csv_write(&t, out);
        if (out != stdout && fclose(out) != 0) ok = false;
        if (!ok) {
            fprintf(stderr, "%s: error: write failed\n", out_path ? out_path : "<stdout>");
            plan_csv_free(&t);
            return 1;
        }
    }
    fprintf(summary,
            "buffers: %zu\nfootprint: %" PRId64 "\nlower_bound: %" PRId64 "\npeak_live: %" PRId64
            "\ngreedy: %" PRId64 "\ngreedy_rule: %s\noptimal: %s\ntime_s: %.3f\nnodes: %" PRIu64 "\n",
            t.n, r.footprint, r.lower_bound, r.peak_live, r.greedy_footprint,
            r.greedy_fallback ? "best fit in order of start" : "best fit by decreasing size",
            r.optimal        ? "yes"
            : r.timed_out    ? "unknown (time limit)"
            : r.work_limited ? "unknown (work limit)"
                             : "unknown",
            r.seconds, r.nodes);
    plan_csv_free(&t);
    return rc;
}
