/* cmd_run.c - spadc run: run a function on a target with given or seeded
 * random inputs, write the results as .npy, print a summary. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "../base/fp16.h"
#include "../cpu/backend.h"
#include "../interp/interp.h"
#include "../io/npy.h"
#include "../npu/backend.h"
#include "../npu/trace.h"
#include "../mlir/reader.h"
#include "../ir/verify.h"
#include "cli.h"

static const char *const HELP =
    "usage: spadc run FILE.mlir [--target T] [-e FUNC] [--inputs A.npy,B.npy | --seed N]\n"
    "                 [-o DIR] [--check] [--threads N] [--repeat N]\n"
    "                 [--budget F|BYTES] [--tile M,N,K] [--trace OUT.json]   (npu)\n"
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
    "                 integers: exact). Programs whose reference would take more\n"
    "                 than 2^28 loop steps are checked on sampled elements, each\n"
    "                 computed from only what it depends on\n"
    "  --check-samples N  with --check: sample N elements per result (0: always\n"
    "                 the whole reference; default: whole when small, else 256)\n"
    "  --threads N    threads for the cpu target and the npu simulator (default 1)\n"
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
    int64_t samples; /* -1: automatic */
    int64_t trace_max; /* --trace: unit events at most */
    nx_opts npu;     /* --target npu: budget, tile */
} run_opts;

typedef struct run_state {
    run_opts *o;
    ir_module *m;  /* as read: the reference interpreter runs it, targets compile their copies */
    sp_strbuf text; /* the file, which the module points into */
    interp *it;
    ex_program *x;
    ex_program *nx;
    ntr_writer *trace;
    ir_op *fn;
    interp_value *args, *res, *ref;
    uint32_t nargs, nres;
    npy_array arr; /* input being loaded */
    double *times;
    double *ktimes; /* cpu: [repeat][kernel] seconds */
    int status;
    interp_points *points;
} run_state;

static uint64_t splitmix(uint64_t *s) {
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static void fill_random(uint8_t *data, ir_type t, uint64_t seed) {
    uint64_t s = seed;
    ir_dtype dt = (ir_dtype)t.dtype;
    int nb = ir_dtype_bytes(dt);
    int64_t n = ir_type_numel(t);
    for (int64_t i = 0; i < n; i++) {
        uint64_t r = splitmix(&s);
        uint8_t *p = data + i * nb;
        double u = (double)(r >> 11) * (1.0 / 9007199254740992.0) * 2.0 - 1.0; /* [-1, 1) */
        switch (dt) {
        case IR_F32: {
            float f = (float)u;
            memcpy(p, &f, 4);
            break;
        }
        case IR_F64: memcpy(p, &u, 8); break;
        case IR_BF16: {
            uint16_t h = sp_f64_to_bf16(u);
            memcpy(p, &h, 2);
            break;
        }
        case IR_F16: {
            uint16_t h = sp_f64_to_f16(u);
            memcpy(p, &h, 2);
            break;
        }
        case IR_I1: p[0] = (uint8_t)(r & 1); break;
        default: {
            int64_t v = (int64_t)(r % 16) - 8;
            if (dt == IR_INDEX) v = (int64_t)(r % 8);
            for (int k = 0; k < nb; k++) p[k] = (uint8_t)((uint64_t)v >> (8 * k));
        }
        }
    }
}

static void type_text(char *buf, size_t n, ir_type t) {
    size_t k = 0;
    if (t.kind == IR_T_SCALAR) {
        snprintf(buf, n, "%s", ir_dtype_name((ir_dtype)t.dtype));
        return;
    }
    k += (size_t)snprintf(buf, n, "%s<", t.kind == IR_T_TENSOR ? "tensor" : "vector");
    for (uint32_t i = 0; i < t.rank && k < n; i++) k += (size_t)snprintf(buf + k, n - k, "%lldx", (long long)t.dims[i]);
    if (k < n) snprintf(buf + k, n - k, "%s>", ir_dtype_name((ir_dtype)t.dtype));
}

/* Refuse up front, with the numbers, a run whose tensors cannot fit the
 * memory limit, instead of failing halfway (or being killed). */
static void check_memory(sp_ctx *ctx, run_state *st) {
    const ir_func_info *fn = &st->fn->u.fn;
    double args = 0, res = 0, arena = 0;
    for (uint32_t i = 0; i < fn->nargs; i++) args += (double)ir_type_bytes(fn->arg_types[i]);
    for (uint32_t i = 0; i < fn->nres; i++) res += (double)ir_type_bytes(fn->res_types[i]);
    if (st->x) arena = (double)ex_get_stats(st->x).arena_bytes;
    double limit = (double)interp_memory_limit(st->it), need = args + res + arena;
    if (need > limit)
        sp_throw(ctx, SP_EINPUT, st->fn->loc,
                 "out of memory: running '@%s' needs %.0f bytes (arguments %.0f, results %.0f, intermediates %.0f) "
                 "but the limit is %.0f bytes (SPADC_MEMORY_LIMIT=BYTES sets it; the default is 3/4 of physical memory)",
                 fn->name, need, args, res, arena, limit);
}

static void load_inputs(sp_ctx *ctx, run_state *st) {
    const ir_func_info *fn = &st->fn->u.fn;
    const char *list = st->o->inputs;
    if (list) {
        uint32_t nfiles = 1;
        for (const char *c = list; *c; c++) nfiles += *c == ',';
        if (nfiles != fn->nargs)
            sp_throw(ctx, SP_EUSAGE, (sp_loc){0}, "--inputs lists %u file%s, '@%s' takes %u argument%s", nfiles,
                     nfiles == 1 ? "" : "s", fn->name, fn->nargs, fn->nargs == 1 ? "" : "s");
    }
    for (uint32_t i = 0; i < fn->nargs; i++) {
        ir_type t = fn->arg_types[i];
        interp_value *v = &st->args[i];
        v->type = t;
        if (!list) { /* seeded random */
            uint64_t seed = st->o->seed * 1000003u + i;
            if (t.kind == IR_T_SCALAR) {
                uint8_t buf[8] = {0};
                fill_random(buf, t, seed);
                v->s = interp_load_elem(buf, (ir_dtype)t.dtype);
                continue;
            }
            *v = interp_tensor_new(st->it, t);
            fill_random(interp_data(v), t, seed);
            continue;
        }
        /* next file name from the list */
        const char *comma = strchr(list, ',');
        size_t len = comma ? (size_t)(comma - list) : strlen(list);
        char path[4096];
        if (len == 0 || len >= sizeof path)
            sp_throw(ctx, SP_EUSAGE, (sp_loc){0}, "--inputs: file name #%u is empty or too long", i);
        memcpy(path, list, len);
        path[len] = 0;
        list = comma ? comma + 1 : NULL;
        npy_read(ctx, path, &st->arr);
        char want[128], got[128];
        type_text(want, sizeof want, t);
        ir_type at = {IR_T_TENSOR, (uint8_t)st->arr.dtype, (uint8_t)st->arr.rank, st->arr.dims};
        type_text(got, sizeof got, at);
        bool ok = st->arr.dtype == (ir_dtype)t.dtype || (t.dtype == IR_INDEX && st->arr.dtype == IR_I64);
        uint32_t trank = t.kind == IR_T_SCALAR ? 0 : t.rank;
        ok = ok && st->arr.rank == trank;
        for (uint32_t d = 0; ok && d < trank; d++) ok = st->arr.dims[d] == t.dims[d];
        if (!ok)
            sp_throw(ctx, SP_EINPUT, (sp_loc){0}, "%s holds %s, argument #%u of '@%s' is %s", path, got, i, fn->name, want);
        if (t.kind == IR_T_SCALAR) {
            v->s = interp_load_elem(st->arr.data, (ir_dtype)t.dtype);
        } else {
            *v = interp_tensor_new(st->it, t);
            memcpy(interp_data(v), st->arr.data, st->arr.bytes);
        }
        npy_free(ctx, &st->arr);
    }
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

static void summarize(const interp_value *v, uint32_t i) {
    char ty[128];
    type_text(ty, sizeof ty, v->type);
    ir_dtype dt = (ir_dtype)v->type.dtype;
    if (v->type.kind == IR_T_SCALAR) {
        if (ir_dtype_is_float(dt))
            printf("result%u: %s = %.9g\n", i, ty, v->s.f);
        else
            printf("result%u: %s = %lld\n", i, ty, (long long)v->s.i);
        return;
    }
    int64_t n = ir_type_numel(v->type);
    int nb = ir_dtype_bytes(dt);
    double sum = 0, mn = INFINITY, mx = -INFINITY;
    const uint8_t *d = interp_data(v);
    for (int64_t k = 0; k < n; k++) {
        interp_scalar e = interp_load_elem(d + k * nb, dt);
        double x = ir_dtype_is_float(dt) ? e.f : (double)e.i;
        sum += x;
        if (x < mn) mn = x;
        if (x > mx) mx = x;
    }
    printf("result%u: %s sum=%.9g min=%.9g max=%.9g\n", i, ty, sum, n ? mn : 0, n ? mx : 0);
}

/* The cpu run's kernels: what each computed, where it ran, its median time
 * over the repeats and its rate. */
static void kernel_table(run_state *st) {
    const kn_program *p = ex_kernels(st->x);
    int reps = st->o->repeat;
    double total = 0, total_flops = 0, *t = st->times; /* reuse as scratch: whole-run times are printed */
    printf("%-6s %-12s %-22s %-24s %-9s %10s %9s\n", "kernel", "kind", "b x m x n x k", "epilogue", "path", "time ms",
           "GFLOP/s");
    for (uint32_t i = 0; i < p->nk; i++) {
        const kernel *k = &p->k[i];
        for (int r = 0; r < reps; r++) t[r] = st->ktimes[(size_t)r * p->nk + i];
        qsort(t, (size_t)reps, sizeof *t, cmp_double);
        double sec = t[reps / 2], flops = 0;
        char dims[64] = "-", epi[128] = "", name[16];
        if (k->kind == KN_CONTRACTION) {
            snprintf(dims, sizeof dims, "%lldx%lldx%lldx%lld", (long long)k->b, (long long)k->m, (long long)k->n,
                     (long long)k->k);
            flops = 2.0 * (double)k->b * (double)k->m * (double)k->n * (double)k->k;
        } else if (k->out->type.kind == IR_T_TENSOR) {
            snprintf(dims, sizeof dims, "%lld elements", (long long)ir_type_numel(k->out->type));
        }
        size_t e = 0;
        for (uint32_t j = 0; j < k->nepilogue && e < sizeof epi; j++)
            e += (size_t)snprintf(epi + e, sizeof epi - e, "%s%s", j ? " " : "", k->epilogue[j]);
        if (!k->nepilogue) snprintf(epi, sizeof epi, "-");
        snprintf(name, sizeof name, "k%u", i);
        printf("%-6s %-12s %-22s %-24s %-9s %10.3f", name, kn_kind_name(k->kind), dims, epi,
               ex_kernel_engine(st->x, i) ? "engine" : "reference", sec * 1e3);
        if (flops > 0 && sec > 0)
            printf(" %9.1f\n", flops / sec * 1e-9);
        else
            printf(" %9s\n", "-");
        total += sec;
        total_flops += flops;
    }
    printf("%-6s %-12s %-22s %-24s %-9s %10.3f", "total", "", "", "", "", total * 1e3);
    if (total_flops > 0 && total > 0)
        printf(" %9.1f\n", total_flops / total * 1e-9);
    else
        printf(" %9s\n", "-");
}

typedef struct tol_scan {
    bool narrow;     /* a value is rounded to bf16 or f16 */
    double longest;  /* the most terms one reduction sums */
} tol_scan;

static void scan_tolerance(ir_op *op, void *ud) {
    tol_scan *t = ud;
    for (uint32_t r = 0; r < op->nres; r++)
        if (op->res[r].type.dtype == IR_BF16 || op->res[r].type.dtype == IR_F16) t->narrow = true;
    if (op->kind != IR_OP_LINALG) return;
    int64_t bounds[IR_MAX_RANK * 4];
    if (op->u.lin.ndims > SP_ARRAY_LEN(bounds) || !ir_linalg_loop_bounds(op, bounds)) return;
    double terms = 1;
    for (uint32_t d = 0; d < op->u.lin.ndims; d++)
        if (op->u.lin.iters[d] == IR_ITER_REDUCTION) terms *= (double)bounds[d];
    if (terms > t->longest) t->longest = terms;
}

/* Relative tolerance of a result, against the largest reference magnitude:
 * 1e-4 for f32 math, 1e-2 where a value is rounded to bf16 or f16 anywhere
 * in the function, since an f32 difference of an ulp (exp, tanh, erf are
 * within 2 ulp of libm, sums run in another order) can then flip a
 * rounding by a whole bf16 ulp (2^-8 relative). A long reduction widens
 * it: the reference adds its K terms one by one in f32, whose rounding
 * errors grow like sqrt(K) ulps of the result (a 1x1 GEMM with K = 3e7
 * differs from a blocked sum by ~1.5e-4); 4 u sqrt(K), u = 2^-24, passes
 * 1e-4 from K ~ 4e5 on. */
static double rel_tolerance(const run_state *st, ir_dtype dt) {
    tol_scan t = {dt == IR_BF16 || dt == IR_F16, 1};
    ir_walk_block(st->fn->regions[0], scan_tolerance, &t);
    double rtol = t.narrow ? 1e-2 : 1e-4, sum = 4 * 0x1p-24 * sqrt(t.longest);
    return sum > rtol ? sum : rtol;
}

/* Compare a compiled result with the reference; returns false on a mismatch. */
static bool compare(const run_state *st, const interp_value *got, const interp_value *want, uint32_t i) {
    ir_dtype dt = (ir_dtype)want->type.dtype;
    int64_t n = want->type.kind == IR_T_SCALAR ? 1 : ir_type_numel(want->type);
    int nb = ir_dtype_bytes(dt);
    double max_abs = 0, max_rel = 0, max_ref = 0;
    bool nan_mismatch = false;
    for (int64_t k = 0; k < n; k++) {
        interp_scalar a = want->type.kind == IR_T_SCALAR ? got->s : interp_load_elem(interp_data(got) + k * nb, dt);
        interp_scalar b = want->type.kind == IR_T_SCALAR ? want->s : interp_load_elem(interp_data(want) + k * nb, dt);
        double x = ir_dtype_is_float(dt) ? a.f : (double)a.i, y = ir_dtype_is_float(dt) ? b.f : (double)b.i;
        if (isnan(x) || isnan(y)) {
            nan_mismatch |= isnan(x) != isnan(y);
            continue;
        }
        double err = fabs(x - y);
        if (isinf(x) || isinf(y)) err = x == y ? 0 : INFINITY;
        if (err > max_abs) max_abs = err;
        double rel = err / (fabs(y) > 1e-30 ? fabs(y) : 1e-30);
        if (err > 0 && rel > max_rel) max_rel = rel;
        if (fabs(y) > max_ref && !isinf(y)) max_ref = fabs(y);
    }
    double rtol = rel_tolerance(st, dt);
    bool ok = !nan_mismatch && (ir_dtype_is_float(dt) ? max_abs <= 1e-5 + rtol * max_ref : max_abs == 0);
    printf("check result%u: max abs err %.3g, max rel err %.3g (max |ref| %.3g)%s: %s\n", i, max_abs, max_rel, max_ref,
           nan_mismatch ? ", NaN where the reference has none (or the reverse)" : "", ok ? "ok" : "MISMATCH");
    return ok;
}

/* Loop steps the reference interpreter would take (structured ops only). */
static double reference_work(const ir_op *func) {
    double w = 0;
    for (const ir_op *op = func->regions[0]->first; op; op = op->next) {
        if (op->kind != IR_OP_LINALG) continue;
        int64_t b[IR_MAX_RANK * 4];
        double n = 1;
        if (ir_linalg_loop_bounds(op, b))
            for (uint32_t d = 0; d < op->u.lin.ndims; d++) n *= (double)b[d];
        w += n;
    }
    return w;
}

/* Compare result i at sampled elements with point evaluation. */
static bool compare_sampled(run_state *st, interp_points *ip, uint32_t i, int64_t nsamples) {
    const interp_value *got = &st->res[i];
    ir_dtype dt = (ir_dtype)got->type.dtype;
    int64_t n = got->type.kind == IR_T_SCALAR ? 1 : ir_type_numel(got->type);
    int nb = ir_dtype_bytes(dt);
    double max_abs = 0, max_rel = 0, max_ref = 0;
    bool nan_mismatch = false;
    uint64_t seed = 0x5eed0000u + i;
    int64_t count = n < nsamples ? n : nsamples;
    /* samples come in runs of 16 consecutive elements: neighbours share
     * most of what they depend on (a row of the previous layer), so a run
     * costs little more than one element */
    int64_t anchor = 0;
    for (int64_t s = 0; s < count; s++) {
        if (s % 16 == 0) anchor = s == 0 ? 0 : s == 16 ? n - 16 : (int64_t)(splitmix(&seed) % (uint64_t)n);
        int64_t k = count == n ? s : anchor + s % 16;
        if (k >= n) k = n - 1 - (k - n) % n;
        if (k < 0) k = 0;
        interp_scalar a = got->type.kind == IR_T_SCALAR ? got->s : interp_load_elem(interp_data(got) + k * nb, dt);
        interp_scalar b = interp_points_eval(ip, i, k);
        double x = ir_dtype_is_float(dt) ? a.f : (double)a.i, y = ir_dtype_is_float(dt) ? b.f : (double)b.i;
        if (isnan(x) || isnan(y)) {
            nan_mismatch |= isnan(x) != isnan(y);
            continue;
        }
        double err = fabs(x - y);
        if (err > max_abs) max_abs = err;
        double rel = err / (fabs(y) > 1e-30 ? fabs(y) : 1e-30);
        if (err > 0 && rel > max_rel) max_rel = rel;
        if (fabs(y) > max_ref) max_ref = fabs(y);
    }
    double rtol = rel_tolerance(st, dt);
    bool ok = !nan_mismatch && (ir_dtype_is_float(dt) ? max_abs <= 1e-5 + rtol * max_ref : max_abs == 0);
    printf("check result%u: %lld sampled elements of %lld: max abs err %.3g, max rel err %.3g (max |ref| %.3g)%s: %s\n", i,
           (long long)count, (long long)n, max_abs, max_rel, max_ref,
           nan_mismatch ? ", NaN where the reference has none (or the reverse)" : "", ok ? "ok" : "MISMATCH");
    return ok;
}

/* -o DIR: made (or found) before the run, so that a bad DIR is said before
 * the run's time is spent and its summary printed */
static void make_outdir(sp_ctx *ctx, const char *dir) {
    struct stat sb;
    if (mkdir(dir, 0777) != 0 && errno != EEXIST)
        sp_throw(ctx, SP_EINPUT, (sp_loc){dir, 0, 0}, "cannot create directory: %s", strerror(errno));
    if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode))
        sp_throw(ctx, SP_EINPUT, (sp_loc){dir, 0, 0}, "not a directory (-o DIR writes DIR/result0.npy, ...)");
}

static void run_body(sp_ctx *ctx, void *ud) {
    run_state *st = ud;
    if (st->o->outdir) make_outdir(ctx, st->o->outdir);
    st->fn = cli_pick_function(ctx, st->m, st->o->func);
    const ir_func_info *fn = &st->fn->u.fn;
    st->nargs = fn->nargs;
    st->nres = fn->nres;
    st->it = interp_new(ctx, st->m, stdout);
    st->args = sp_calloc(ctx, fn->nargs ? fn->nargs : 1, sizeof *st->args);
    st->res = sp_calloc(ctx, fn->nres ? fn->nres : 1, sizeof *st->res);
    st->ref = sp_calloc(ctx, fn->nres ? fn->nres : 1, sizeof *st->ref);
    st->times = sp_calloc(ctx, (size_t)st->o->repeat, sizeof *st->times);
    bool cpu = !strcmp(st->o->target, "cpu"), npu = cli_npu_target(st->o->target);
    if (cpu) {
        cpu_backend_opts co = {.nthreads = st->o->threads};
        ex_compile(ctx, st->m, st->fn, cpu_backend_new(ctx, &co), &(ex_opts){.time_kernels = true}, st->it, &st->x);
        uint32_t nk = ex_kernels(st->x)->nk;
        st->ktimes = sp_calloc(ctx, sp_size_mul(ctx, (size_t)st->o->repeat, nk ? nk : 1), sizeof *st->ktimes);
    } else if (npu) {
        nt_target_from_spec(ctx, st->o->target, &st->o->npu.target);
        cli_npu_check_budget(ctx, &st->o->npu);
        st->o->npu.nthreads = st->o->threads;
        ex_compile(ctx, st->m, st->fn, nx_backend_new(ctx, &st->o->npu), &(ex_opts){0}, st->it, &st->nx);
    }
    check_memory(ctx, st);
    load_inputs(ctx, st);
    if (st->o->trace) ntr_open(ctx, st->o->trace, st->nx, st->o->trace_max, &st->trace);
    for (int r = 0; r < st->o->repeat; r++) {
        if (r) /* keep only the last run's results */
            for (uint32_t i = 0; i < st->nres; i++) interp_release(st->it, &st->res[i]);
        double t0 = now_s();
        if (cpu)
            ex_run(st->x, st->args, st->res);
        else if (npu)
            ex_run(st->nx, st->args, st->res);
        else
            interp_call(st->it, st->fn, st->args, st->res);
        st->times[r] = now_s() - t0;
        if (r == 0 && st->trace) ntr_close(st->trace); /* the first run only */
        if (cpu) {
            const kn_program *p = ex_kernels(st->x);
            for (uint32_t i = 0; i < p->nk; i++) st->ktimes[(size_t)r * p->nk + i] = ex_kernel_seconds(st->x, i);
        }
    }
    cli_flush_stdout();
    for (uint32_t i = 0; i < st->nres; i++) summarize(&st->res[i], i);
    qsort(st->times, (size_t)st->o->repeat, sizeof *st->times, cmp_double);
    if (npu) cli_npu_run_summary(st->nx);
    if (st->trace) {
        int64_t left = ntr_left_out(st->trace);
        printf("npu trace: %s, %lld unit events%s", st->o->trace, (long long)ntr_events(st->trace),
               left ? "" : " (ts in us at core_freq_mhz; cycles in args)\n");
        if (left) {
            printf("; truncated: %lld more left out (SPADC_TRACE_MAX_EVENTS=%lld)\n", (long long)left, (long long)st->o->trace_max);
            fprintf(stderr, "spadc run: note: the trace holds the first %lld unit events; %lld more were left out (set "
                            "SPADC_TRACE_MAX_EVENTS to raise the cap)\n",
                    (long long)ntr_events(st->trace), (long long)left);
        }
    }
    printf("time: %.6f s (%s, median of %d run%s)\n", st->times[st->o->repeat / 2], st->o->target, st->o->repeat,
           st->o->repeat == 1 ? "" : "s");
    if (cpu && ex_kernels(st->x)->nk) kernel_table(st);
    if (st->o->check) {
        interp_set_output(st->it, NULL); /* the program's prints were shown once */
        int64_t samples = st->o->samples;
        if (samples < 0) samples = reference_work(st->fn) > (double)(1 << 28) ? 256 : 0;
        bool ok = true;
        if (samples > 0) {
            st->points = interp_points_new(st->it, st->fn, st->args);
            interp_points_prepare(st->points);
            for (uint32_t i = 0; i < st->nres; i++) ok &= compare_sampled(st, st->points, i, samples);
        } else {
            interp_call(st->it, st->fn, st->args, st->ref);
            cli_flush_stdout();
            for (uint32_t i = 0; i < st->nres; i++) ok &= compare(st, &st->res[i], &st->ref[i], i);
        }
        if (!ok) st->status = SP_EMISMATCH;
    }
    if (st->o->outdir) {
        for (uint32_t i = 0; i < st->nres; i++) {
            char path[4096];
            snprintf(path, sizeof path, "%s/result%u.npy", st->o->outdir, i);
            interp_value *v = &st->res[i];
            uint8_t scalar[8];
            const void *data = interp_data(v);
            uint32_t rank = v->type.kind == IR_T_SCALAR ? 0 : v->type.rank;
            if (v->type.kind == IR_T_SCALAR) {
                interp_store_elem(scalar, (ir_dtype)v->type.dtype, v->s);
                data = scalar;
            }
            npy_write(ctx, path, (ir_dtype)v->type.dtype, rank, v->type.dims, data);
        }
    }
}

int cli_cmd_run(int argc, char **argv) {
    run_opts o = {0};
    o.repeat = 1;
    o.threads = 1;
    o.target = "cpu";
    o.samples = -1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (cli_is_help(a)) {
            fputs(HELP, stdout);
            return 0;
        }
        if (!strcmp(a, "--check")) {
            o.check = true;
            continue;
        }
        bool takes = !strcmp(a, "--target") || !strcmp(a, "-e") || !strcmp(a, "--inputs") || !strcmp(a, "--seed") ||
                     !strcmp(a, "-o") || !strcmp(a, "--repeat") || !strcmp(a, "--threads") ||
                     !strcmp(a, "--check-samples") || !strcmp(a, "--budget") || !strcmp(a, "--tile") ||
                     !strcmp(a, "--trace");
        if (takes) {
            if (i + 1 >= argc) return cli_usage_error("run", "%s needs an argument", a);
            const char *v = argv[++i], *e;
            uint64_t u;
            if (!strcmp(a, "--target"))
                o.target = v;
            else if (!strcmp(a, "-e"))
                o.func = v[0] == '@' ? v + 1 : v;
            else if (!strcmp(a, "--inputs"))
                o.inputs = v;
            else if (!strcmp(a, "-o"))
                o.outdir = v;
            else if (!strcmp(a, "--trace"))
                o.trace = v;
            else if (!strcmp(a, "--budget")) {
                int rc = cli_npu_parse_budget("run", v, &o.npu.budget_fraction, &o.npu.budget_bytes);
                if (rc) return rc;
            } else if (!strcmp(a, "--tile")) {
                int rc = cli_npu_parse_tile("run", v, o.npu.tile);
                if (rc) return rc;
            } else if (!strcmp(a, "--seed")) {
                e = cli_scan_uint(v, UINT64_MAX, &o.seed);
                if (!e || *e) return cli_usage_error("run", "--seed needs a non-negative integer below 2^64 (got '%s')", v);
                o.seeded = true;
            } else if (!strcmp(a, "--check-samples")) {
                e = cli_scan_uint(v, 100000000, &u);
                if (!e || *e) return cli_usage_error("run", "--check-samples needs an integer in [0, 100000000] (got '%s')", v);
                o.samples = (int64_t)u;
            } else if (!strcmp(a, "--threads")) {
                e = cli_scan_uint(v, 1024, &u);
                if (!e || *e || u < 1) return cli_usage_error("run", "--threads needs an integer in [1, 1024] (got '%s')", v);
                o.threads = (int)u;
            } else {
                e = cli_scan_uint(v, 1000000, &u);
                if (!e || *e || u < 1) return cli_usage_error("run", "--repeat needs an integer in [1, 1000000] (got '%s')", v);
                o.repeat = (int)u;
            }
        } else if (a[0] == '-' && a[1]) {
            return cli_usage_error("run", "unknown option '%s'", a);
        } else if (o.path) {
            return cli_usage_error("run", "more than one input file");
        } else {
            o.path = a;
        }
    }
    if (!o.path) return cli_usage_error("run", "no input file");
    if (strcmp(o.target, "ref") && strcmp(o.target, "cpu") && !cli_npu_target(o.target))
        return cli_usage_error("run", "unknown target '%s' (targets: cpu, npu, npu=FILE.yml, ref)", o.target);
    if ((o.npu.budget_fraction > 0 || o.npu.budget_bytes > 0 || o.npu.tile[0]) && !cli_npu_target(o.target))
        return cli_usage_error("run", "--budget and --tile are options of the npu target");
    if (o.trace && !cli_npu_target(o.target))
        return cli_usage_error("run", "--trace records the npu simulator's timeline; the %s target has none (use "
                                      "--target npu or npu=FILE.yml)",
                               o.target);
    if (o.trace) {
        const char *env = getenv("SPADC_TRACE_MAX_EVENTS");
        o.trace_max = NTR_DEFAULT_MAX_EVENTS;
        uint64_t v;
        const char *e = env ? cli_scan_uint(env, INT64_MAX, &v) : NULL;
        if (env && (!e || *e))
            return cli_usage_error("run", "SPADC_TRACE_MAX_EVENTS needs an integer in [0, 2^63 - 1] (got '%s')", env);
        if (env) o.trace_max = (int64_t)v;
    }
    /* options that would be silently ignored */
    if (o.seeded && o.inputs) return cli_usage_error("run", "--seed draws random inputs; it does not go with --inputs");
    if (o.samples >= 0 && !o.check) return cli_usage_error("run", "--check-samples goes with --check");
    if (o.check && !strcmp(o.target, "ref"))
        return cli_usage_error("run", "--check compares a compiled target with the reference interpreter; use it with "
                                      "--target cpu or npu");
    sp_ctx ctx;
    sp_ctx_init(&ctx, NULL);
    run_state st = {0};
    st.o = &o;
    int rc = cli_load_module(&ctx, o.path, &st.text, &st.m);
    if (rc) return rc;
    sp_status s = sp_pcall(&ctx, run_body, &st);
    if (s != SP_OK) {
        cli_flush_stdout();
        sp_print_error(&ctx, stderr);
    } else if (st.status) {
        s = (sp_status)st.status;
        fprintf(stderr, "spadc run: error: --check found a mismatch with the reference interpreter\n");
    }
    npy_free(&ctx, &st.arr);
    ex_free(st.x);
    ntr_free(st.trace);
    ex_free(st.nx);
    interp_points_free(st.points);
    if (st.it) {
        for (uint32_t i = 0; st.args && i < st.nargs; i++) interp_release(st.it, &st.args[i]);
        for (uint32_t i = 0; st.res && i < st.nres; i++) interp_release(st.it, &st.res[i]);
        for (uint32_t i = 0; st.ref && i < st.nres; i++) interp_release(st.it, &st.ref[i]);
    }
    interp_free(st.it);
    sp_free(&ctx, st.ref);
    sp_free(&ctx, st.args);
    sp_free(&ctx, st.res);
    sp_free(&ctx, st.times);
    sp_free(&ctx, st.ktimes);
    ir_module_free(st.m);
    sp_strbuf_free(&st.text);
    return (int)s;
}
