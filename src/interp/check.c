/* check.c - comparing a compiled run with the reference (see check.h). */
#include "check.h"

#include "check_bound.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static uint64_t splitmix(uint64_t *s) {
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

typedef struct tol_scan {
    bool f16, bf16;  /* a value is rounded to f16, to bf16 */
    double longest;  /* the most terms one reduction sums */
} tol_scan;

static void scan_tolerance(ir_op *op, void *ud) {
    tol_scan *t = ud;
    for (uint32_t r = 0; r < op->nres; r++)
        if (op->res[r].type.dtype == IR_F16) t->f16 = true;
        else if (op->res[r].type.dtype == IR_BF16) t->bf16 = true;
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
 * in the function, since an f32 difference of an ulp (the transcendentals
 * are within 2 ulp of libm, sums run in another order) can then flip a
 * rounding by a whole bf16 ulp (2^-8 relative). A long reduction widens
 * it: the reference adds its K terms one by one in f32, whose rounding
 * errors grow like sqrt(K) ulps of the result (a 1x1 GEMM with K = 3e7
 * differs from a blocked sum by ~1.5e-4); 4 u sqrt(K), u = 2^-24, passes
 * 1e-4 from K ~ 4e5 on. */
static double rel_tolerance(const ir_op *fn, ir_dtype dt) {
    tol_scan t = {dt == IR_F16, dt == IR_BF16, 1};
    ir_walk_block(fn->regions[0], scan_tolerance, &t);
    double rtol = t.f16 || t.bf16 ? 1e-2 : 1e-4, sum = 4 * 0x1p-24 * sqrt(t.longest);
    return sum > rtol ? sum : rtol;
}

/* The tolerance of a result whose largest reference magnitude is max_ref:
 * rtol of it, and an absolute floor of 1e-5 that shrinks with a result
 * smaller than 1. A fixed floor hid every difference in small results:
 * bf16 products below 2^-126 that VDPBF16PS and TDPBF16PS flush to zero
 * sum to 4.5e-37 in the reference and to 0 on those paths. A result that
 * is small because its terms cancel may differ by more than this: the
 * sensitivity probe passes it (probe_sensitivity). */
static double tolerance(double rtol, double max_ref) {
    return 1e-5 * (max_ref < 1 ? max_ref : 1) + rtol * max_ref;
}

/* The differences of a result from the reference, element by element. */
typedef struct diff {
    double max_abs, max_rel, max_ref; /* max_ref: the largest finite |ref| */
    bool nan_mismatch;                /* a NaN on one side only */
    int64_t n, nan_both;              /* elements compared; NaN on both sides */
    int64_t zero_sign;                /* zeros of the other sign than the reference's */
} diff;

/* A result NaN throughout on both sides agrees and says nothing: said so
 * (random inputs outside a model's domain, such as a negative BatchNorm
 * variance from --seed, make every element NaN). */
static const char *all_nan_note(const diff *d) {
    return d->n > 0 && d->nan_both == d->n ? " (every element NaN on both sides: nothing compared; inputs outside the "
                                             "program's domain? --inputs gives real ones)"
                                           : "";
}

/* -0 for +0 is no error (they compare equal) but not the reference's
 * value either (1/x, copysign and atan2 tell them apart): counted and said
 * (into buf), so that a kernel returning the other zero is seen. */
static const char *zero_sign_note(const diff *d, char *buf, size_t n) {
    buf[0] = 0;
    if (d->zero_sign)
        snprintf(buf, n, "; %lld zero%s of the other sign than the reference's", (long long)d->zero_sign,
                 d->zero_sign == 1 ? "" : "s");
    return buf;
}

/* x computed, y the reference's: an infinity the other side lacks is an
 * infinite error, and never widens the tolerance (max_ref is finite: an
 * infinite one passed every error of the result) */
static void diff_add(diff *d, double x, double y) {
    d->n++;
    if (isnan(x) || isnan(y)) {
        d->nan_mismatch |= isnan(x) != isnan(y);
        d->nan_both += isnan(x) && isnan(y);
        return;
    }
    double err = fabs(x - y);
    if (x == 0 && y == 0) d->zero_sign += signbit(x) != signbit(y);
    if (isinf(x) || isinf(y)) err = x == y ? 0 : INFINITY;
    if (err > d->max_abs) d->max_abs = err;
    if (err > 0 && y != 0 && err / fabs(y) > d->max_rel) d->max_rel = err / fabs(y); /* where the reference is 0: abs only */
    if (fabs(y) > d->max_ref && !isinf(y)) d->max_ref = fabs(y);
}

/* Largest |a - b| over two results of one type (inf where one is a NaN or
 * an infinity the other is not). */
static double max_diff(const interp_value *a, const interp_value *b) {
    ir_dtype dt = (ir_dtype)b->type.dtype;
    if (!ir_dtype_is_float(dt)) return 0;
    int64_t n = b->type.kind == IR_T_SCALAR ? 1 : ir_type_numel(b->type);
    int nb = ir_dtype_bytes(dt);
    double m = 0;
    for (int64_t k = 0; k < n; k++) {
        double x = b->type.kind == IR_T_SCALAR ? a->s.f : interp_load_elem(interp_data(a) + k * nb, dt).f;
        double y = b->type.kind == IR_T_SCALAR ? b->s.f : interp_load_elem(interp_data(b) + k * nb, dt).f;
        if (isnan(x) && isnan(y)) continue;
        double e = x == y ? 0 : fabs(x - y);
        if (isnan(e)) e = INFINITY;
        if (e > m) m = e;
    }
    return m;
}

/* How far past the probed sensitivity an error may go. The probe moves the
 * inputs only; the roundings inside chained contractions add as much
 * again: on difftest seed 3008 (GEMMs, abs/min/max epilogues) the
 * reference itself is 7.2e-4 from an f64 evaluation of the same inputs,
 * 2.0x its probe's 3.56e-4, and the cpu engine 8.7e-4 (RMS 6.1e-6 against
 * the reference's 5.5e-6): two results that accurate differ by up to 4x. */
#define SENS_FACTOR 4.0

/* Whether every element of a result past the fixed tolerance tol is within
 * twice its running error bound (check_bound.h: the reference and the
 * target are each within it of the exact result); *worst: the largest
 * such error over twice its bound. */
static bool within_bound(const interp_value *got, const interp_value *want, const interp_value *bound, double tol,
                         double *worst) {
    ir_dtype dt = (ir_dtype)want->type.dtype;
    bool scalar = want->type.kind == IR_T_SCALAR;
    int64_t n = scalar ? 1 : ir_type_numel(want->type);
    int nb = ir_dtype_bytes(dt);
    *worst = 0;
    for (int64_t k = 0; k < n; k++) {
        double x = scalar ? got->s.f : interp_load_elem(interp_data(got) + k * nb, dt).f;
        double y = scalar ? want->s.f : interp_load_elem(interp_data(want) + k * nb, dt).f;
        double b = scalar ? bound->s.f : interp_load_elem(interp_data(bound) + k * nb, dt).f;
        if (isnan(x) && isnan(y)) continue;
        double err = x == y ? 0 : fabs(x - y);
        if (err <= tol) continue;
        if (!(err <= 2 * fabs(b)) || !isfinite(b)) return false; /* a NaN or an infinity off: no bound holds */
        if (err / (2 * fabs(b)) > *worst) *worst = err / (2 * fabs(b));
    }
    return true;
}

/* Compare a compiled result with the reference; returns false on a
 * mismatch. bound: the result's running error bounds (check_bound), NULL
 * when not computed or not computable; every element past the fixed
 * tolerance may reach twice its bound. sens >= 0: how far the reference's
 * own result moves when its inputs move by a few ulps (probe_sensitivity);
 * the error may reach SENS_FACTOR times that, -1 when not measured.
 * *plain: whether the fixed tolerance alone passed. */
static bool compare(const ir_op *fn, const interp_value *got, const interp_value *want, uint32_t i, const interp_value *bound,
                    double sens, bool *plain, sp_strbuf *o) {
    ir_dtype dt = (ir_dtype)want->type.dtype;
    int64_t n = want->type.kind == IR_T_SCALAR ? 1 : ir_type_numel(want->type);
    int nb = ir_dtype_bytes(dt);
    diff d = {0, 0, 0, false, 0, 0, 0};
    for (int64_t k = 0; k < n; k++) {
        interp_scalar a = want->type.kind == IR_T_SCALAR ? got->s : interp_load_elem(interp_data(got) + k * nb, dt);
        interp_scalar b = want->type.kind == IR_T_SCALAR ? want->s : interp_load_elem(interp_data(want) + k * nb, dt);
        diff_add(&d, ir_dtype_is_float(dt) ? a.f : (double)a.i, ir_dtype_is_float(dt) ? b.f : (double)b.i);
    }
    const double max_abs = d.max_abs, max_rel = d.max_rel, max_ref = d.max_ref;
    const bool nan_mismatch = d.nan_mismatch;
    double rtol = rel_tolerance(fn, dt);
    bool ok = !nan_mismatch && (ir_dtype_is_float(dt) ? max_abs <= tolerance(rtol, max_ref) : max_abs == 0);
    *plain = ok;
    char why[160] = "";
    double worst = 0;
    if (!ok && !nan_mismatch && bound && ir_dtype_is_float(dt) &&
        within_bound(got, want, bound, tolerance(rtol, max_ref), &worst)) {
        ok = true;
        snprintf(why, sizeof why, "; every element within its rounding error bound, at most %.2g of it", worst);
    }
    if (!o) return ok; /* the first passes: is a bound or a sensitivity probe needed */
    if (!ok && !nan_mismatch && sens >= 0 && ir_dtype_is_float(dt)) {
        ok = max_abs <= SENS_FACTOR * sens;
        snprintf(why, sizeof why, "; the reference moves by %.3g when its inputs move by 4 ulps", sens);
    }
    char zeros[96];
    sp_strbuf_printf(o, "check result%u: max abs err %.3g, max rel err %.3g (max |ref| %.3g%s%s)%s%s: %s\n", i, max_abs,
                     max_rel, max_ref, why, zero_sign_note(&d, zeros, sizeof zeros),
                     nan_mismatch ? ", NaN where the reference has none (or the reverse)" : "", all_nan_note(&d),
                     ok ? "ok" : "MISMATCH");
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

/* The element sample s of `count` from a result of n elements. Samples
 * come in runs of 16 consecutive elements (neighbours share most of what
 * they depend on, a row of the previous layer, so a run costs little more
 * than one element): the first run at the start, the second at the end,
 * the others at random; every element when count is n. */
typedef struct sampler {
    uint64_t seed;
    int64_t anchor, n, count;
} sampler;

static sampler sampler_of(uint32_t result, int64_t n, int64_t nsamples) {
    sampler z = {0x5eed0000u + result, 0, n, n < nsamples ? n : nsamples};
    return z;
}

static int64_t sample_at(sampler *z, int64_t s) {
    int64_t n = z->n;
    if (s % 16 == 0) z->anchor = s == 0 ? 0 : s == 16 ? n - 16 : (int64_t)(splitmix(&z->seed) % (uint64_t)n);
    int64_t k = z->count == n ? s : z->anchor + s % 16;
    if (k >= n) k = n - 1 - (k - n) % n;
    return k < 0 ? 0 : k;
}

static int64_t result_numel(const interp_value *got) {
    return got->type.kind == IR_T_SCALAR ? 1 : ir_type_numel(got->type);
}

/* Compare result i at its sampled elements with `ref`, which holds the
 * reference there (the whole reference, or sampled evaluation's). */
static bool compare_sampled(const ir_op *fn, const interp_value *got, const interp_value *ref, uint32_t i, int64_t nsamples,
                            sp_strbuf *o) {
    ir_dtype dt = (ir_dtype)got->type.dtype;
    int64_t n = result_numel(got);
    int nb = ir_dtype_bytes(dt);
    diff d = {0, 0, 0, false, 0, 0, 0};
    sampler z = sampler_of(i, n, nsamples);
    for (int64_t s = 0; s < z.count; s++) {
        int64_t k = sample_at(&z, s);
        bool scalar = got->type.kind == IR_T_SCALAR;
        interp_scalar a = scalar ? got->s : interp_load_elem(interp_data(got) + k * nb, dt);
        interp_scalar b = scalar ? ref->s : interp_load_elem(interp_data(ref) + k * nb, dt);
        diff_add(&d, ir_dtype_is_float(dt) ? a.f : (double)a.i, ir_dtype_is_float(dt) ? b.f : (double)b.i);
    }
    const double max_abs = d.max_abs, max_rel = d.max_rel, max_ref = d.max_ref;
    const bool nan_mismatch = d.nan_mismatch;
    double rtol = rel_tolerance(fn, dt);
    bool ok = !nan_mismatch && (ir_dtype_is_float(dt) ? max_abs <= tolerance(rtol, max_ref) : max_abs == 0);
    char zeros[96];
    sp_strbuf_printf(o,
                     "check result%u: %lld sampled elements of %lld: max abs err %.3g, max rel err %.3g (max |ref| %.3g%s)%s%s: "
                     "%s\n",
                     i, (long long)z.count, (long long)n, max_abs, max_rel, max_ref, zero_sign_note(&d, zeros, sizeof zeros),
                     nan_mismatch ? ", NaN where the reference has none (or the reverse)" : "", all_nan_note(&d),
                     ok ? "ok" : "MISMATCH");
    return ok;
}

typedef struct check_job {
    interp *it;
    ir_op *fn;
    const interp_value *args, *got;
    int64_t samples;
    sp_strbuf *report;
    interp_value *ref;
    interp_points *points;
    interp_value *pargs, *pref; /* the sensitivity probe's */
    double *sens;
    interp_value *bound; /* the results' running error bounds (check_bound), NULL if none */
    bool ok;
} check_job;

/* A result can differ from the reference by more than the fixed tolerance
 * without a bug: f32 sums in another order differ by ulps of their terms,
 * and a program that then cancels them (a GEMM chain whose large result
 * feeds exp(min(x, 0))) or rounds them to f16 (where one ulp flip is 2^-11
 * of a large intermediate) magnifies that into its small result. Such a
 * program is as sensitive to its inputs: run the reference once more with
 * every float input moved by +-4 ulps (signs from a fixed seed) and let a
 * result's error reach SENS_FACTOR times how far that moves it. A wrong kernel is off
 * by the size of its values, which no ulps of input move. Only run when the
 * fixed tolerance fails, so a passing check costs one reference run. */
static void probe_sensitivity(sp_ctx *ctx, check_job *j) {
    const ir_func_info *fn = &j->fn->u.fn;
    uint32_t na = fn->nargs, nr = fn->nres;
    j->pargs = sp_calloc(ctx, na ? na : 1, sizeof *j->pargs);
    j->pref = sp_calloc(ctx, nr ? nr : 1, sizeof *j->pref);
    j->sens = sp_calloc(ctx, nr ? nr : 1, sizeof *j->sens);
    uint64_t seed = 0x5e75u;
    /* an ulp of the narrowest float the function rounds a value to: a
     * function that truncates its inputs to f16 forgets 4 ulps of f32 (seed
     * 20250: its probe moved nothing, so a sum of deviations from a mean,
     * cancelling to 4e-7, was checked against 1e-10) */
    tol_scan t = {false, false, 1};
    ir_walk_block(j->fn->regions[0], scan_tolerance, &t);
    const double ulp = t.bf16 ? 0x1p-8 : t.f16 ? 0x1p-11 : 0x1p-24;
    for (uint32_t a = 0; a < na; a++) {
        const interp_value *v = &j->args[a];
        ir_dtype dt = (ir_dtype)v->type.dtype;
        if (v->type.kind == IR_T_SCALAR) {
            j->pargs[a] = *v;
            if (dt == IR_F32 || dt == IR_F64) j->pargs[a].s.f *= 1 + (splitmix(&seed) & 1 ? 4 : -4) * ulp;
            continue;
        }
        j->pargs[a] = interp_tensor_new(j->it, v->type);
        int64_t n = ir_type_numel(v->type);
        int nb = ir_dtype_bytes(dt);
        memcpy(interp_data(&j->pargs[a]), interp_data(v), (size_t)(n * nb));
        if (dt != IR_F32 && dt != IR_F64) continue; /* bf16/f16 inputs: 4 ulps of theirs would be 2^-6 */
        uint8_t *p = interp_data(&j->pargs[a]);
        for (int64_t k = 0; k < n; k++) {
            interp_scalar x = interp_load_elem(p + k * nb, dt);
            x.f *= 1 + (splitmix(&seed) & 1 ? 4 : -4) * ulp;
            interp_store_elem(p + k * nb, dt, x);
        }
    }
    interp_call(j->it, j->fn, j->pargs, j->pref);
    for (uint32_t r = 0; r < nr; r++) j->sens[r] = max_diff(&j->pref[r], &j->ref[r]);
}

/* The running error bound evaluates every point of every structured op
 * with four numbers per element through the general scalar path, ~100 ns
 * a point against the reference's ~1 ns multiply-add (a BERT FFN block's
 * 2.4e9 points: 5 min): past this many loop steps (~15 s of it) a result
 * past the fixed tolerance goes straight to the sensitivity probe, as
 * before the bound existed. */
#define BOUND_MAX_WORK ((double)(1 << 27))

/* Below this many loop steps (~1-2 s of the reference) the whole reference
 * runs: it compares every element, and its sensitivity probe and error
 * bound can pass a result that ulps of reordering move past the fixed
 * tolerance; sampled evaluation pays only where the whole run is long. */
#define SAMPLED_MIN_WORK ((double)(1u << 31))

static void check_body(sp_ctx *ctx, void *ud) {
    (void)ctx;
    check_job *j = ud;
    const ir_func_info *fn = &j->fn->u.fn;
    int64_t samples = j->samples;
    double whole = reference_work(j->fn);
    bool planned = false;
    if (samples < 0 ? whole > SAMPLED_MIN_WORK : samples > 0) {
        int64_t want = samples < 0 ? 256 : samples;
        j->points = interp_points_new(j->it, j->fn, j->args);
        for (uint32_t i = 0; i < fn->nres; i++) {
            sampler z = sampler_of(i, result_numel(&j->got[i]), want);
            for (int64_t s = 0; s < z.count; s++) interp_points_need(j->points, i, sample_at(&z, s));
        }
        double work;
        planned = interp_points_plan(j->points, &work);
        if (samples < 0) samples = planned && work < 0.5 * whole ? want : 0; /* sampled only where far cheaper */
    }
    j->ok = true;
    if (samples > 0) {
        const interp_value *ref = j->ref;
        if (planned) {
            interp_points_run(j->points);
            ref = NULL;
        } else { /* forced, on a function sampled evaluation cannot run: the whole reference at the samples */
            interp_call(j->it, j->fn, j->args, j->ref);
        }
        for (uint32_t i = 0; i < fn->nres; i++)
            j->ok &= compare_sampled(j->fn, &j->got[i], ref ? &ref[i] : interp_points_result(j->points, i), i, samples, j->report);
    } else {
        interp_call(j->it, j->fn, j->args, j->ref);
        bool all = true, plain;
        for (uint32_t i = 0; i < fn->nres; i++) all &= compare(j->fn, &j->got[i], &j->ref[i], i, NULL, -1, &plain, NULL);
        if (!all && reference_work(j->fn) <= BOUND_MAX_WORK) { /* the running error bound, then (still failing) the probe */
            j->bound = sp_calloc(ctx, fn->nres ? fn->nres : 1, sizeof *j->bound);
            if (!check_bound(j->it, j->fn, j->args, j->bound)) {
                sp_free(ctx, j->bound);
                j->bound = NULL;
            }
            all = true;
            for (uint32_t i = 0; i < fn->nres; i++)
                all &= compare(j->fn, &j->got[i], &j->ref[i], i, j->bound ? &j->bound[i] : NULL, -1, &plain, NULL);
        }
        if (!all) probe_sensitivity(ctx, j);
        for (uint32_t i = 0; i < fn->nres; i++)
            j->ok &= compare(j->fn, &j->got[i], &j->ref[i], i, j->bound ? &j->bound[i] : NULL, j->sens ? j->sens[i] : -1,
                             &plain, j->report);
    }
}

sp_status interp_check(interp *it, ir_op *func, const interp_value *args, const interp_value *got, int64_t samples,
                       sp_strbuf *report) {
    sp_ctx *ctx = report->ctx;
    const ir_func_info *fn = &func->u.fn;
    check_job j = {it, func, args, got, samples, report, NULL, NULL, NULL, NULL, NULL, NULL, false};
    j.ref = sp_calloc(ctx, fn->nres ? fn->nres : 1, sizeof *j.ref);
    sp_status st = sp_pcall(ctx, check_body, &j);
    interp_points_free(j.points);
    for (uint32_t i = 0; i < fn->nres; i++) interp_release(it, &j.ref[i]);
    for (uint32_t a = 0; j.pargs && a < fn->nargs; a++) interp_release(it, &j.pargs[a]); /* scalars hold none */
    for (uint32_t i = 0; j.pref && i < fn->nres; i++) interp_release(it, &j.pref[i]);
    sp_free(ctx, j.pargs);
    sp_free(ctx, j.pref);
    sp_free(ctx, j.sens);
    for (uint32_t i = 0; j.bound && i < fn->nres; i++) interp_release(it, &j.bound[i]);
    sp_free(ctx, j.bound);
    sp_free(ctx, j.ref);
    if (st != SP_OK) sp_rethrow(ctx);
    return j.ok ? SP_OK : SP_EMISMATCH;
}
