/* cmd_run.c - spadc run: run a function on a target with given or seeded
 * random inputs, write the results as .npy, print a summary. The program,
 * its runs, its reports, the reference's check, the .npy files and the
 * seeded inputs all come from the public API (include/spadc.h), as any
 * client's would; this file parses the options and prints. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "cli.h"
#include "spadc.h"

static const char *const HELP =
    "usage: spadc run FILE.mlir [--target T] [-e FUNC] [--inputs A.npy,B.npy | --seed N]\n"
    "                 [-o DIR] [--check] [--threads N] [--repeat N]\n"
    "                 [--budget F|BYTES] [--tile M,N,K] [--objective O]\n"
    "                 [--precision f32|bf16x3|bf16x6]\n"
    "                 [--trace OUT.json]   (npu)\n"
    "\n"
    "Run function FUNC of FILE and print a summary of its results.\n"
    "\n"
    "  --target T     cpu (default): compiled to fused kernels, run natively;\n"
    "                 npu, npu=FILE.yml: compiled to npu programs and run on the\n"
    "                 simulator (TPUv3 built in, or a PyTorchSim YAML file); the\n"
    "                 simulated cycles per kernel follow the results, and each\n"
    "                 unit's busy cycles per kernel (DMA loads, DMA stores,\n"
    "                 systolic arrays sa0.., vector unit);\n"
    "                 ref: the reference interpreter (runs driver code too)\n"
    "  --budget F|BYTES  npu: scratchpad per lane a kernel may plan (a fraction\n"
    "                 of the slice, or bytes; see 'spadc plan --target npu --help')\n"
    "  --tile M,N,K   npu: force the tile of every contraction kernel\n"
    "  --objective O  npu: what the tile search minimises: cycles (default),\n"
    "                 energy, dram or edp (see 'spadc plan --target npu --help')\n"
    "  --precision P  cpu and npu: how f32 contractions multiply. f32 (default):\n"
    "                 as written. bf16x3: each operand split into two bf16 terms\n"
    "                 (x0 = bf16(x), x1 = bf16(x - x0)), the three largest\n"
    "                 products of terms summed in f32: about 2^-16 relative.\n"
    "                 bf16x6: three terms, six products: as accurate as f32.\n"
    "                 What a TPU does for f32 (XLA's BF16_BF16_F32_X3 and _X6);\n"
    "                 it pays where bf16 products run faster than f32 ones (AMX,\n"
    "                 a systolic array). An infinite operand gives NaN.\n"
    "  --trace OUT.json  npu: write the simulated timeline of the (first) run as\n"
    "                 Chrome trace events, for ui.perfetto.dev or chrome://tracing:\n"
    "                 one track per unit (DMA loads, DMA stores, each systolic\n"
    "                 array, the vector unit) and one of kernel spans; ts and dur\n"
    "                 in microseconds at the machine's core_freq_mhz, exact cycles\n"
    "                 in each event's args. At most SPADC_TRACE_MAX_EVENTS unit\n"
    "                 events (default 1000000); the file and a note say how many\n"
    "                 more were left out\n"
    "  --check        also run the reference interpreter on the same inputs, print\n"
    "                 the max abs and rel error per result, exit 4 on a mismatch\n"
    "                 (f32/f64: |err| <= 1e-5 + 1e-4 * max|ref|; bf16/f16: 1e-2;\n"
    "                 integers: exact). Past that, the whole reference runs\n"
    "                 again with its float inputs moved by 4 ulps, and an error\n"
    "                 up to 4x how far that moves a result is rounding the\n"
    "                 program magnifies, not a bug. Programs whose reference\n"
    "                 would take more than 2^31 loop steps, and whose sampled\n"
    "                 elements depend on under half of it (a large GEMM, a\n"
    "                 long-sequence transformer layer), are checked on sampled\n"
    "                 elements, the reference run over only what they depend\n"
    "                 on (without that second run)\n"
    "  --check-samples N  with --check: sample N elements per result (0: always\n"
    "                 the whole reference; default: 256 where that is cheaper,\n"
    "                 as above, else the whole reference)\n"
    "  --threads N    threads for the cpu target and the npu simulator (default 1;\n"
    "                 on a host other processes keep busy, OMP_WAIT_POLICY=passive:\n"
    "                 README, 'Threads are OpenMP's')\n"
    "  -e FUNC        function to run; may be omitted when FILE has one public\n"
    "                 function with a body\n"
    "  --inputs LIST  comma-separated .npy files, one per argument, matching each\n"
    "                 argument's shape and dtype (bf16: uint16 bit patterns)\n"
    "  --seed N       seed for random inputs, instead of --inputs (default 0):\n"
    "                 floats uniform in [-1, 1), integers in [-8, 8), i1 0/1\n"
    "  -o DIR         write DIR/result0.npy, DIR/result1.npy, ... in result order\n"
    "                 (DIR is made if missing, before the run; each file is\n"
    "                 written whole or not at all)\n"
    "  --repeat N     run N times and print the median time\n"
    "\n"
    "Output printed by the program itself (vector.print) goes to standard output\n"
    "first, as mlir-runner prints it; then one summary line per result.\n";

typedef struct run_opts {
    const char *path, *func, *inputs, *outdir, *target, *trace;
    uint64_t seed;
    int repeat, threads;
    bool check, seeded; /* seeded: --seed was given */
    int64_t samples;    /* -1: automatic */
    int64_t trace_max;  /* --trace: unit events at most */
    double budget;      /* npu */
    long long tile[3];
    const char *objective; /* npu */
    const char *precision; /* compiled targets */
} run_opts;

/* What one run holds: the program (API), and the buffers of its arguments
 * and results, described by the API's types (spadc_type). */
typedef struct run_state {
    const run_opts *o;
    spadc_ctx *api;
    spadc_module *m;
    spadc_program *p;
    unsigned nargs, nres;
    spadc_type *at, *rt; /* the signature */
    void **args, **res;
} run_state;

static void type_text(char *buf, size_t n, const spadc_type *t) {
    size_t k = 0;
    if (t->scalar) {
        snprintf(buf, n, "%s", t->dtype);
        return;
    }
    k += (size_t)snprintf(buf, n, "tensor<");
    for (int i = 0; i < t->rank && k < n; i++) k += (size_t)snprintf(buf + k, n - k, "%lldx", t->dims[i]);
    if (k < n) snprintf(buf + k, n - k, "%s>", t->dtype);
}

/* A buffer for one value of type t (a scalar: 8 bytes), or NULL. */
static void *new_buffer(const spadc_type *t) {
    size_t n = t->scalar ? 8 : spadc_type_numel(t) * spadc_dtype_bytes(t->dtype);
    return calloc(n ? n : 1, 1);
}

/* The signature and the result buffers; false when out of memory (said). */
static bool signature(run_state *st) {
    st->nargs = spadc_program_num_args(st->p);
    st->nres = spadc_program_num_results(st->p);
    size_t n = (size_t)st->nargs + st->nres;
    st->at = calloc(n ? n : 1, sizeof *st->at);
    st->args = calloc(st->nargs ? st->nargs : 1, sizeof *st->args);
    st->res = calloc(st->nres ? st->nres : 1, sizeof *st->res);
    if (!st->at || !st->args || !st->res) return false;
    st->rt = st->at + st->nargs;
    for (unsigned i = 0; i < st->nargs; i++) spadc_program_arg_type(st->p, i, &st->at[i]);
    for (unsigned r = 0; r < st->nres; r++) {
        spadc_program_result_type(st->p, r, &st->rt[r]);
        if (!(st->res[r] = new_buffer(&st->rt[r]))) return false;
    }
    return true;
}

static bool same_type(const spadc_type *a, const spadc_type *want) {
    bool ok = !strcmp(a->dtype, want->dtype) || (!strcmp(want->dtype, "index") && !strcmp(a->dtype, "i64"));
    const int rank = want->scalar ? 0 : want->rank;
    ok = ok && a->rank == rank;
    for (int d = 0; ok && d < rank; d++) ok = a->dims[d] == want->dims[d];
    return ok;
}

/* The arguments: each file of --inputs, or seeded random values. 0, or the
 * exit status (the error printed). */
static int load_inputs(run_state *st) {
    const char *list = st->o->inputs, *name = spadc_program_function(st->p);
    if (list) {
        uint32_t nfiles = 1;
        for (const char *c = list; *c; c++) nfiles += *c == ',';
        if (nfiles != st->nargs) {
            fprintf(stderr, "spadc: error: --inputs lists %u file%s, '@%s' takes %u argument%s\n", nfiles,
                    nfiles == 1 ? "" : "s", name, st->nargs, st->nargs == 1 ? "" : "s");
            return SPADC_EUSAGE;
        }
    }
    for (uint32_t i = 0; i < st->nargs; i++) {
        const spadc_type *t = &st->at[i];
        if (!(st->args[i] = new_buffer(t))) return cli_out_of_memory();
        if (!list) { /* seeded random */
            spadc_fill_random(t, st->o->seed * 1000003u + i, st->args[i]);
            continue;
        }
        /* next file name from the list */
        const char *comma = strchr(list, ',');
        size_t len = comma ? (size_t)(comma - list) : strlen(list);
        char path[4096];
        if (len == 0 || len >= sizeof path) {
            fprintf(stderr, "spadc: error: --inputs: file name #%u is empty or too long\n", i);
            return SPADC_EUSAGE;
        }
        memcpy(path, list, len);
        path[len] = 0;
        list = comma ? comma + 1 : NULL;
        spadc_type ft;
        void *data = NULL;
        size_t bytes = 0;
        if (spadc_npy_read(st->api, path, &ft, &data, &bytes)) {
            fprintf(stderr, "%s\n", spadc_error(st->api));
            return spadc_last_status(st->api);
        }
        if (!same_type(&ft, t)) {
            char want[128], got[128];
            ft.scalar = 0;
            type_text(want, sizeof want, t);
            type_text(got, sizeof got, &ft);
            spadc_buffer_free(st->api, data);
            fprintf(stderr, "spadc: error: %s holds %s, argument #%u of '@%s' is %s\n", path, got, i, name, want);
            return SPADC_EINPUT;
        }
        memcpy(st->args[i], data, bytes);
        spadc_buffer_free(st->api, data);
    }
    return 0;
}

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void summarize(const spadc_type *t, const void *data, uint32_t i) {
    char ty[128];
    type_text(ty, sizeof ty, t);
    const bool fl = t->dtype[0] == 'f' || t->dtype[0] == 'b'; /* f16/f32/f64, bf16 */
    if (t->scalar) {
        const double x = spadc_element(t, data, 0);
        if (fl)
            printf("result%u: %s = %.9g\n", i, ty, x);
        else
            printf("result%u: %s = %lld\n", i, ty, (long long)x);
        return;
    }
    const size_t n = spadc_type_numel(t);
    double sum = 0, mn = INFINITY, mx = -INFINITY;
    double run[1024];
    for (size_t k = 0; k < n; k += 1024) {
        const size_t m = n - k < 1024 ? n - k : 1024;
        spadc_elements(t, data, k, m, run);
        for (size_t q = 0; q < m; q++) {
            sum += run[q];
            if (run[q] < mn) mn = run[q];
            if (run[q] > mx) mx = run[q];
        }
    }
    printf("result%u: %s sum=%.9g min=%.9g max=%.9g\n", i, ty, sum, n ? mn : 0, n ? mx : 0);
}

/* -o DIR: made (or found) before the run, so that a bad DIR is said before
 * the run's time is spent and its summary printed; 0 or the exit status */
static int make_outdir(const char *dir) {
    struct stat sb;
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "%s: error: cannot create directory: %s\n", dir, strerror(errno));
        return SPADC_EINPUT;
    }
    if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
        fprintf(stderr, "%s: error: not a directory (-o DIR writes DIR/result0.npy, ...)\n", dir);
        return SPADC_EINPUT;
    }
    return 0;
}

/* 0, or the exit status (the error printed). */
static int write_results(run_state *st) {
    for (uint32_t i = 0; i < st->nres; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/result%u.npy", st->o->outdir, i);
        if (spadc_npy_write(st->api, path, &st->rt[i], st->res[i])) {
            fprintf(stderr, "%s\n", spadc_error(st->api));
            return spadc_last_status(st->api);
        }
    }
    return 0;
}

/* Prints a report of the program; false when the API failed (said). */
static bool print_report(run_state *st, spadc_report which) {
    char *text = NULL;
    if (spadc_program_report(st->p, which, &text)) return false;
    cli_print(text, strlen(text));
    spadc_string_free(text);
    return true;
}

/* Everything after the options: the exit status. Errors are printed as the
 * API formats them (FILE:LINE:COL: error: ...). */
static int run(run_state *st) {
    const run_opts *o = st->o;
    spadc_target_info t;
    spadc_target_info_of(o->target, &t); /* known: checked with the options */
    spadc_options so = {.target = o->target, .threads = o->threads, .budget = o->budget,
                        .tile = {o->tile[0], o->tile[1], o->tile[2]}, .time_kernels = t.native, .print = stdout,
                        .objective = o->objective, .precision = o->precision};
    int rc;
    if (o->outdir && (rc = make_outdir(o->outdir))) return rc;
    if (spadc_read_file(st->api, o->path, &st->m) || spadc_compile(st->api, st->m, o->func, &so, &st->p) ||
        spadc_program_check_memory(st->p))
        goto api;
    if (!signature(st)) return cli_out_of_memory();
    if ((rc = load_inputs(st))) return rc;
    double *times = malloc((size_t)o->repeat * sizeof *times);
    if (!times) return cli_out_of_memory();
    for (int r = 0; r < o->repeat; r++) {
        if (r == 0 && o->trace && spadc_program_trace(st->p, o->trace, o->trace_max)) goto api_times;
        double t0 = now_s();
        if (spadc_program_run(st->p, (const void *const *)st->args, st->res)) goto api_times;
        times[r] = now_s() - t0;
    }
    cli_flush_stdout();
    for (uint32_t i = 0; i < st->nres; i++) summarize(&st->rt[i], st->res[i], i);
    qsort(times, (size_t)o->repeat, sizeof *times, cmp_double);
    if (t.simulated && !print_report(st, SPADC_RUN_TEXT)) goto api_times; /* the machine's run, then the host's time */
    if (o->trace) {
        long long events, left;
        spadc_program_trace_counts(st->p, &events, &left);
        printf("npu trace: %s, %lld unit events%s", o->trace, events, left ? "" : " (ts in us at core_freq_mhz; cycles in args)\n");
        if (left) {
            printf("; truncated: %lld more left out (SPADC_TRACE_MAX_EVENTS=%lld)\n", left, (long long)o->trace_max);
            fprintf(stderr, "spadc run: note: the trace holds the first %lld unit events; %lld more were left out (set "
                            "SPADC_TRACE_MAX_EVENTS to raise the cap)\n",
                    events, left);
        }
    }
    printf("time: %.6f s (%s, median of %d run%s)\n", times[o->repeat / 2], o->target, o->repeat, o->repeat == 1 ? "" : "s");
    free(times);
    times = NULL;
    if (t.native && !print_report(st, SPADC_RUN_TEXT)) goto api; /* the kernels' times after the whole run's */
    int status = 0;
    if (o->check) {
        char *report = NULL;
        rc = spadc_program_check(st->p, (const void *const *)st->args, (const void *const *)st->res, o->samples, &report);
        cli_flush_stdout();
        if (report) cli_print(report, strlen(report));
        spadc_string_free(report);
        if (rc == SPADC_EMISMATCH)
            status = rc;
        else if (rc)
            goto api;
    }
    if (o->outdir) {
        cli_flush_stdout();
        if ((rc = write_results(st))) return rc;
    }
    if (status) {
        cli_flush_stdout();
        fprintf(stderr, "spadc run: error: --check found a mismatch with the reference interpreter\n");
    }
    return status;
api_times:
    free(times);
api:
    cli_flush_stdout();
    fprintf(stderr, "%s\n", spadc_error(st->api));
    return spadc_last_status(st->api);
}

/* One option that takes a value v: 0, or the usage error's status. */
static int option_value(run_opts *o, const char *a, const char *v) {
    const char *e;
    uint64_t u;
    if (!strcmp(a, "--target"))
        o->target = v;
    else if (!strcmp(a, "-e"))
        o->func = v;
    else if (!strcmp(a, "--inputs"))
        o->inputs = v;
    else if (!strcmp(a, "-o"))
        o->outdir = v;
    else if (!strcmp(a, "--trace"))
        o->trace = v;
    else if (!strcmp(a, "--budget"))
        return cli_parse_budget("run", v, &o->budget);
    else if (!strcmp(a, "--tile"))
        return cli_parse_tile("run", v, o->tile);
    else if (!strcmp(a, "--objective"))
        return cli_parse_objective("run", v, &o->objective);
    else if (!strcmp(a, "--precision"))
        return cli_parse_precision("run", v, &o->precision);
    else if (!strcmp(a, "--seed")) {
        e = cli_scan_uint(v, UINT64_MAX, &o->seed);
        if (!e || *e) return cli_usage_error("run", "--seed needs a non-negative integer below 2^64 (got '%s')", v);
        o->seeded = true;
    } else if (!strcmp(a, "--check-samples")) {
        e = cli_scan_uint(v, 100000000, &u);
        if (!e || *e) return cli_usage_error("run", "--check-samples needs an integer in [0, 100000000] (got '%s')", v);
        o->samples = (int64_t)u;
    } else if (!strcmp(a, "--threads")) {
        e = cli_scan_uint(v, SPADC_MAX_THREADS, &u);
        if (!e || *e || u < 1) return cli_usage_error("run", "--threads needs an integer in [1, %d] (got '%s')", SPADC_MAX_THREADS, v);
        o->threads = (int)u;
    } else {
        e = cli_scan_uint(v, 1000000, &u);
        if (!e || *e || u < 1) return cli_usage_error("run", "--repeat needs an integer in [1, 1000000] (got '%s')", v);
        o->repeat = (int)u;
    }
    return 0;
}

/* The command line into o: 0, -1 after printing the help, or the usage
 * error's status. */
static int parse_args(int argc, char **argv, run_opts *o) {
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (cli_is_help(a)) {
            cli_print_text(HELP);
            return -1;
        }
        if (!strcmp(a, "--check")) {
            o->check = true;
            continue;
        }
        bool takes = !strcmp(a, "--target") || !strcmp(a, "-e") || !strcmp(a, "--inputs") || !strcmp(a, "--seed") ||
                     !strcmp(a, "-o") || !strcmp(a, "--repeat") || !strcmp(a, "--threads") ||
                     !strcmp(a, "--check-samples") || !strcmp(a, "--budget") || !strcmp(a, "--tile") ||
                     !strcmp(a, "--trace") || !strcmp(a, "--objective") || !strcmp(a, "--precision");
        if (takes) {
            if (i + 1 >= argc) return cli_usage_error("run", "%s needs an argument", a);
            int rc = option_value(o, a, argv[++i]);
            if (rc) return rc;
        } else if (a[0] == '-' && a[1]) {
            return cli_usage_error("run", "unknown option '%s'", a);
        } else if (o->path) {
            return cli_usage_error("run", "more than one input file");
        } else {
            o->path = a;
        }
    }
    return 0;
}

/* The options together: what the target takes, what goes with what
 * (options that would be silently ignored are errors); 0 or the usage
 * error's status. */
static int check_options(run_opts *o) {
    if (!o->path) return cli_usage_error("run", "no input file");
    spadc_target_info t;
    if (spadc_target_info_of(o->target, &t))
        return cli_usage_error("run", "unknown target '%s' (targets: " SPADC_TARGETS ")", o->target);
    if ((o->budget > 0 || o->tile[0]) && !t.simulated)
        return cli_usage_error("run", "--budget and --tile are options of the npu target");
    if (o->objective && !t.simulated)
        return cli_usage_error("run", "--objective is an option of the npu target");
    if (o->precision && strcmp(o->precision, "f32") && !t.compiled)
        return cli_usage_error("run", "--precision is an option of the compiled targets (cpu, npu); the reference "
                                      "computes the program as written");
    if (o->trace && !t.simulated)
        return cli_usage_error("run", "--trace records the npu simulator's timeline; the %s target has none (use "
                                      "--target npu or npu=FILE.yml)",
                               o->target);
    if (o->trace) {
        const char *env = getenv("SPADC_TRACE_MAX_EVENTS");
        o->trace_max = SPADC_TRACE_DEFAULT_MAX_EVENTS;
        uint64_t v;
        const char *e = env ? cli_scan_uint(env, INT64_MAX, &v) : NULL;
        if (env && (!e || *e))
            return cli_usage_error("run", "SPADC_TRACE_MAX_EVENTS needs an integer in [0, 2^63 - 1] (got '%s')", env);
        if (env) o->trace_max = (int64_t)v;
    }
    if (o->seeded && o->inputs) return cli_usage_error("run", "--seed draws random inputs; it does not go with --inputs");
    if (o->samples >= 0 && !o->check) return cli_usage_error("run", "--check-samples goes with --check");
    if (o->check && t.reference)
        return cli_usage_error("run", "--check compares a compiled target with the reference interpreter; use it with "
                                      "--target cpu or npu");
    return 0;
}

int cli_cmd_run(int argc, char **argv) {
    run_opts o = {0};
    o.repeat = 1;
    o.threads = 1;
    o.target = "cpu";
    o.samples = -1;
    int rc = parse_args(argc, argv, &o);
    if (rc) return rc < 0 ? 0 : rc;
    if ((rc = check_options(&o))) return rc;
    run_state st = {0};
    st.o = &o;
    st.api = spadc_ctx_new();
    if (!st.api) return cli_out_of_memory();
    rc = run(&st);
    for (unsigned i = 0; st.args && i < st.nargs; i++) free(st.args[i]);
    for (unsigned i = 0; st.res && i < st.nres; i++) free(st.res[i]);
    free(st.args);
    free(st.res);
    free(st.at);
    spadc_program_free(st.p);
    spadc_module_free(st.m);
    spadc_ctx_free(st.api);
    return rc;
}
