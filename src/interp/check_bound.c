/* check_bound.c - a running forward-error bound for --check (check_bound.h).
 *
 * The function runs once more, its values computed exactly as the
 * reference computes them (interp_scalar_op, the same loop order), and
 * beside each value v two numbers:
 *
 *   m  its magnitude: the value of the program with every sum replaced by
 *      the sum of its terms' magnitudes (|a| + |b| for an add or a sub,
 *      |a| |b| for a product, |v| at an exp, a division, a cast ...); for a
 *      sum, every partial sum of any evaluation order is at most m;
 *   E  a bound on |v - exact|, the same for any faithful evaluation: the
 *      reference's, or a target's that sums in another order (blocked,
 *      split across lanes or threads), contracts a multiply and an add, or
 *      has transcendentals of its own within a few ulps.
 *
 * Each rounding of an op whose result type has unit roundoff u commits an
 * error of at most u m + eta (eta: half the least subnormal, for results in
 * the subnormal range; a flush to zero is not within it). Errors already
 * in the operands propagate through the op to first order and then some:
 * |b| Ea + |a| Eb + Ea Eb for a product, Ea + Eb for a sum, the largest
 * move of f over [a - Ea, a + Ea] for a monotone f (exp, erf, log,
 * sqrt, rsqrt, floor ...: the monotone column of interp_scalar.c), (Ea + |a/b| Eb) / (|b| - Eb) for a division
 * (none where the interval holds 0); a comparison whose operands are
 * within their bounds of each other may flip, and a select on it may take
 * the other branch (|t - f| more). This is the running error analysis of
 * Higham, "Accuracy and Stability of Numerical Algorithms" (2nd ed.), 3.3,
 * whose worst case for a sum of n terms is gamma_(n-1) sum |x_i| (4.2).
 *
 * That worst case grows like n u: for a 4096-term f32 dot product 2.4e-4
 * of its magnitude, wide enough to pass a kernel that drops a term. So a
 * bound has two parts, E + LAMBDA Q (E and Q tensors beside the values):
 * E adds linearly, Q is a standard deviation, its errors combined in
 * quadrature (q = Q^2 inside a body) -- the probabilistic bound of Higham
 * and Mary, "A New Approach to Probabilistic Rounding Error Analysis" (SIAM
 * J. Sci. Comput. 41(5), 2019): lambda sqrt(n) u sum |x_i| for a sum,
 * holding with probability at least 1 - 2 exp(-lambda^2 (1-u)^2 / 2)
 * (LAMBDA = 6: 3e-8) where the errors are independent and of mean zero.
 * Which they are not, and go to E instead:
 *   - where one element is read at several points of a sum, or an
 *     elementwise op broadcasts it (a rounded mean or max subtracted from
 *     every element that a later op sums): its error repeats;
 *   - an add whose smaller operand is within 16 ulps of the larger: it is
 *     rounded away (in part) alike at every step, as in a long sum of small
 *     terms into a large one (73917 exps summed, seed 60397: 7 standard
 *     deviations off in f32); such a rounding is at most the small term;
 *   - bf16 and f16 roundings (u >= 2^-11), where sums stagnate sooner.
 * Within a contraction every term's operands are distinct elements, so its
 * inputs' Q (the roundings of the op that made them) combine in
 * quadrature: two outputs that share an input share its error, which a
 * later sum over both adds, and that the quadrature underestimates -- a
 * bound too small leaves a false mismatch, never a lie. A first-order bound
 * is loose where errors cancel (a common factor's error through a sum that
 * cancels, seed 53353: the bound is 1e3 times the difference found): it
 * then accepts more than the probe would, never less than the rounding can
 * explain.
 *
 * Every constant here is about sound rounding, none fitted to a test:
 * TRANS_ULPS for a target's own transcendentals (libm is within 1-2
 * ulps; the engines' polynomials within 4), ERF_ULPS for erf (the cpu's
 * one rational, cpu/epilogue/erf_approx.h: 6.15 ulp with FMAs, 7.2 without, every
 * float in [0, 4] measured), LAMBDA as above. */
#include "check_bound.h"

#include <math.h>
#include <string.h>

#include "interp_int.h"
#include "interp_scalar.h"

#define LAMBDA 6.0
#define TRANS_ULPS 4.0
#define ERF_ULPS 8.0

typedef struct cb_slot {
    interp_scalar v;
    double m, e, q; /* magnitude, linear bound, quadrature sum; an i1's e: 1 if it may flip */
} cb_slot;

typedef struct cb {
    interp *it;
    ir_op *fn;
    const interp_value *args;
    interp_value *out; /* the results' bounds */
    uint32_t n;
    interp_value *V, *M, *E, *Q; /* by value id: values, magnitudes, bounds (E + LAMBDA Q: below) */
    cb_slot *s;              /* scalars by value id */
    uint32_t *last;          /* the top-level op that last uses a value */
    bool ok;
} cb;

/* Each float type's unit roundoff and smallest subnormal (eta); 0 for
 * the others, which round nothing. */
static const struct {
    ir_dtype dt;
    double unit, eta;
} FLOATS[] = {
    {IR_F64, 0x1p-53, 0x1p-1074},
    {IR_F32, 0x1p-24, 0x1p-149},
    {IR_BF16, 0x1p-8, 0x1p-133},
    {IR_F16, 0x1p-11, 0x1p-24},
};

static double unit(ir_dtype dt) {
    for (size_t i = 0; i < SP_ARRAY_LEN(FLOATS); i++)
        if (FLOATS[i].dt == dt) return FLOATS[i].unit;
    return 0;
}

static double eta(ir_dtype dt) {
    for (size_t i = 0; i < SP_ARRAY_LEN(FLOATS); i++)
        if (FLOATS[i].dt == dt) return FLOATS[i].eta;
    return 0;
}

/* A bound stored in dt rounds to nearest: scaled first so that it stays
 * one (2 units of dt's roundoff up) */
static void store_up(uint8_t *p, ir_dtype dt, double x) {
    interp_scalar s;
    s.f = x * (1 + 4 * unit(dt));
    interp_store_elem(p, dt, s);
}

static double total(const cb_slot *x) { return x->e + LAMBDA * sqrt(x->q); }

/* the rounding of a result of type rt and magnitude mag, by ulps units */
static void rnd(cb_slot *r, ir_dtype rt, double mag, double ulps) {
    double u = unit(rt), t = ulps * u * mag + eta(rt);
    if (u > 0x1p-20)
        r->e += t;
    else
        r->q += t * t;
}

SP_NORETURN static void no_rule(cb *c, const ir_op *op) {
    it_fail(c->it, op, "no error bound for '%s'", ir_op_name((ir_opkind)op->kind));
}

/* f at x in f64, the reference's own functions (it_math1), for the
 * monotone ops deviation() bounds (it_math1_monotone: their column of the
 * reference's table); sqrt continued at 0 */
static double math1(ir_opkind k, double x) {
    if (k == IR_OP_SQRT) return sqrt(x < 0 && x > -INFINITY ? 0 : x);
    return it_math1_monotone(k) ? it_math1(k, x, IR_F64) : NAN;
}

/* The largest |f(y) - f(x)| over |y - x| <= t, f monotone (sin and cos:
 * 1-Lipschitz); infinite where f is not finite there */
static double deviation(ir_opkind k, double x, double t) {
    if (t == 0) return 0;
    if (!isfinite(t)) return INFINITY;
    if (k == IR_OP_SIN || k == IR_OP_COS) return t < 2 ? t : 2;
    double f0 = math1(k, x), d1 = fabs(math1(k, x + t) - f0), d2 = fabs(math1(k, x - t) - f0);
    double d = d1 > d2 ? d1 : d2;
    if (k == IR_OP_LOG || k == IR_OP_LOG2 || k == IR_OP_RSQRT) {
        if (x - t <= 0) return INFINITY;
    } else if (k == IR_OP_LOG1P && x - t <= -1) {
        return INFINITY;
    }
    return isfinite(d) ? d : INFINITY;
}

static bool is_float(const ir_value *v) { return ir_dtype_is_float((ir_dtype)v->type.dtype); }

/* tensor.extract at exact in-bounds indices: the element's value, and its
 * magnitude and bound where it is a float (rf). */
static cb_slot extract_rule(cb *c, const ir_op *op, bool rf) {
    cb_slot r = {{0}, 0, 0, 0};
    const ir_value *tv = op->opnds[0];
    ir_type tt = tv->type;
    int64_t off = 0;
    for (uint32_t d = 0; d < tt.rank; d++) {
        const cb_slot *ix = &c->s[op->opnds[1 + d]->id];
        if (ix->e != 0 || ix->v.i < 0 || ix->v.i >= tt.dims[d]) no_rule(c, op);
        off = off * tt.dims[d] + ix->v.i;
    }
    ir_dtype dt = (ir_dtype)tt.dtype;
    int nb = ir_dtype_bytes(dt);
    r.v = interp_load_elem(interp_data(&c->V[tv->id]) + off * nb, dt);
    if (rf) {
        r.m = fabs(interp_load_elem(interp_data(&c->M[tv->id]) + off * nb, dt).f);
        r.e = fabs(interp_load_elem(interp_data(&c->E[tv->id]) + off * nb, dt).f);
    }
    return r;
}

/* a + b or a - b into r (of type rt). A term within a few ulps of the
 * other is rounded away (in part) the same way every time: summing many
 * small terms into a large sum stagnates, an error of like sign at each
 * step that does not average out. Such a rounding, at most the small term
 * itself, adds linearly. */
static void add_rule(cb_slot *r, const cb_slot *a, const cb_slot *b, ir_dtype rt) {
    r->m = a->m + b->m, r->e = a->e + b->e, r->q = a->q + b->q;
    double x = fabs(a->v.f), y = fabs(b->v.f), big = x > y ? x : y, small = x > y ? y : x;
    if (small < 16 * unit(rt) * big) {
        double t = unit(rt) * r->m + eta(rt);
        r->e += t < small + eta(rt) ? t : small + eta(rt);
    } else {
        rnd(r, rt, r->m, 1);
    }
}

/* a * b, plus cc for an fma (else NULL), into r (of type rt). */
static void mul_rule(cb_slot *r, const cb_slot *a, const cb_slot *b, const cb_slot *cc, ir_dtype rt) {
    double xa = fabs(a->v.f), xb = fabs(b->v.f), sa = sqrt(a->q), sb = sqrt(b->q);
    r->m = a->m * b->m;
    r->e = xb * a->e + xa * b->e + a->e * b->e + LAMBDA * (a->e * sb + b->e * sa) + LAMBDA * LAMBDA * sa * sb;
    r->q = xb * xb * a->q + xa * xa * b->q;
    rnd(r, rt, fabs(a->v.f * b->v.f), 1);
    if (cc) { /* then the add, fused or not */
        r->m += cc->m, r->e += cc->e, r->q += cc->q;
        rnd(r, rt, r->m, 1);
    }
}

/* a / b, of value v, into r (of type rt). */
static void div_rule(cb_slot *r, const cb_slot *a, const cb_slot *b, ir_dtype rt, double v) {
    double xb = fabs(b->v.f), tb = total(b), av = fabs(v);
    r->m = xb > 0 ? a->m / xb : INFINITY;
    if (!(xb > tb)) {
        r->e = INFINITY;
    } else if (tb > 1e-3 * xb) { /* far from first order: the whole bound, linearly */
        r->e = (total(a) + av * tb) / (xb - tb);
    } else {
        r->e = (a->e + av * b->e) / (xb - tb);
        r->q = (a->q + v * v * b->q) / (xb * xb);
    }
    rnd(r, rt, av, 1);
}

/* f(a) for a one-operand function k (math1, sin, cos), of magnitude av,
 * into r (of type rt). */
static void math1_rule(cb_slot *r, ir_opkind k, const cb_slot *a, ir_dtype rt, double av) {
    r->m = av;
    if (total(a) > 0) { /* the largest secant slope over the interval scales both parts */
        double t = total(a), d = deviation(k, a->v.f, t), slope = d / t;
        if (k == IR_OP_FLOOR || k == IR_OP_CEIL || !isfinite(slope)) {
            r->e = d;
        } else {
            r->e = slope * a->e;
            r->q = slope * slope * a->q;
        }
    }
    if (k != IR_OP_FLOOR && k != IR_OP_CEIL) rnd(r, rt, av, k == IR_OP_SQRT ? 1 : k == IR_OP_ERF ? ERF_ULPS : TRANS_ULPS);
}

/* select(a, b, cc) of floats into r: the branch taken, and where the
 * condition may flip, the other one too. */
static void select_rule(cb_slot *r, const cb_slot *a, const cb_slot *b, const cb_slot *cc) {
    const cb_slot *t = a->v.i ? b : cc, *f = a->v.i ? cc : b;
    r->m = t->m, r->e = t->e, r->q = t->q;
    if (a->e != 0) { /* the other branch, and how far it is */
        double other = fabs(t->v.f - f->v.f) + total(f), mine = total(t);
        r->e = mine > other ? mine : other;
        r->q = 0;
        if (f->m > r->m) r->m = f->m;
        if (isnan(r->e)) r->e = INFINITY;
    }
}

/* The maximum or minimum k of a and b (r->v already computed) into r. */
static void minmax_rule(cb_slot *r, ir_opkind k, const cb_slot *a, const cb_slot *b) {
    if (isnan(a->v.f) || isnan(b->v.f)) {
        bool take_a = (k == IR_OP_MAXIMUMF || k == IR_OP_MINIMUMF) ? isnan(a->v.f) : !isnan(a->v.f);
        const cb_slot *t = take_a ? a : b;
        r->m = t->m, r->e = t->e, r->q = t->q;
    } else { /* 1-Lipschitz in each operand; the magnitude the chosen one's */
        r->m = r->v.f == a->v.f ? a->m : b->m;
        r->e = a->e > b->e ? a->e : b->e;
        r->q = a->q > b->q ? a->q : b->q;
    }
}

/* a^b (of magnitude av) into r: for an exact b and a > 0 only, where it is
 * monotone in a; false elsewhere. */
static bool powf_rule(cb_slot *r, const cb_slot *a, const cb_slot *b, ir_dtype rt, double av) {
    double x = a->v.f, t = total(a), y = b->v.f;
    if (total(b) != 0 || !(x - t > 0)) return false;
    double f0 = pow(x, y), d1 = fabs(pow(x + t, y) - f0), d2 = fabs(pow(x - t, y) - f0);
    r->m = av, r->e = d1 > d2 ? d1 : d2;
    if (!isfinite(r->e)) r->e = INFINITY;
    rnd(r, rt, av, TRANS_ULPS);
    return true;
}

/* a^n, n = b an integer (magnitude av), into r: the move at either end of
 * the interval, or at 0 inside it. */
static void fpowi_rule(cb_slot *r, const cb_slot *a, const cb_slot *b, ir_dtype rt, double av) {
    double x = a->v.f, t = total(a), nn = (double)b->v.i, f0 = pow(x, nn);
    double d1 = fabs(pow(x + t, nn) - f0), d2 = fabs(pow(x - t, nn) - f0), d = d1 > d2 ? d1 : d2;
    if (x - t <= 0 && x + t >= 0) d = nn < 0 ? INFINITY : (fabs(f0) > d ? fabs(f0) : d);
    r->m = av, r->e = isfinite(d) ? d : INFINITY;
    rnd(r, rt, av, fabs(nn) < 64 ? fabs(nn) + 1 : 65);
}

/* One scalar op of a body (point: the iteration point) or of the function. */
static void cb_scalar(cb *c, const ir_op *op, const int64_t *point, uint32_t npoint) {
    static const cb_slot zero;
    ir_opkind k = (ir_opkind)op->kind;
    if (k == IR_OP_ASSERT) {
        if (!(c->s[op->opnds[0]->id].v.i & 1)) no_rule(c, op);
        return;
    }
    if (op->nres != 1) no_rule(c, op);
    const cb_slot *a = op->nopnds > 0 ? &c->s[op->opnds[0]->id] : &zero;
    const cb_slot *b = op->nopnds > 1 ? &c->s[op->opnds[1]->id] : &zero;
    const cb_slot *cc = op->nopnds > 2 ? &c->s[op->opnds[2]->id] : &zero;
    cb_slot r = {{0}, 0, 0, 0};
    ir_dtype rt = (ir_dtype)op->res[0].type.dtype;
    const bool rf = ir_dtype_is_float(rt);
    if (k == IR_OP_LINALG_INDEX) {
        if (!point || (uint64_t)op->u.dim >= npoint) no_rule(c, op);
        r.v.i = point[op->u.dim];
        c->s[op->res[0].id] = r;
        return;
    }
    if (k == IR_OP_EXTRACT) {
        c->s[op->res[0].id] = extract_rule(c, op, rf);
        return;
    }
    const char *why = NULL;
    if (!interp_scalar_op(op, &a->v, &b->v, &cc->v, &r.v, &why)) no_rule(c, op);
    const double v = rf ? r.v.f : 0, av = fabs(v);
    switch (k) {
    case IR_OP_CONSTANT: r.m = av; break;
    case IR_OP_ADDF:
    case IR_OP_SUBF: add_rule(&r, a, b, rt); break;
    case IR_OP_MULF:
    case IR_OP_FMA: mul_rule(&r, a, b, k == IR_OP_FMA ? cc : NULL, rt); break;
    case IR_OP_DIVF: div_rule(&r, a, b, rt, v); break;
    case IR_OP_MAXIMUMF:
    case IR_OP_MINIMUMF:
    case IR_OP_MAXNUMF:
    case IR_OP_MINNUMF: minmax_rule(&r, k, a, b); break;
    case IR_OP_NEGF:
    case IR_OP_ABSF:
    case IR_OP_EXTF: r.m = a->m, r.e = a->e, r.q = a->q; break;
    case IR_OP_TRUNCF:
        r.m = a->m, r.e = a->e, r.q = a->q;
        rnd(&r, rt, av, 1);
        break;
    case IR_OP_SQRT:
    case IR_OP_SIN:
    case IR_OP_COS: math1_rule(&r, k, a, rt, av); break;
    case IR_OP_POWF:
        if (!powf_rule(&r, a, b, rt, av)) no_rule(c, op);
        break;
    case IR_OP_FPOWI: fpowi_rule(&r, a, b, rt, av); break;
    case IR_OP_CMPF: /* flips where the operands are within their bounds of each other */
        r.e = total(a) + total(b) > 0 && fabs(a->v.f - b->v.f) <= total(a) + total(b) ? 1 : 0;
        break;
    case IR_OP_SELECT:
        if (!rf && (a->e != 0 || b->e != 0 || cc->e != 0)) no_rule(c, op);
        if (rf) select_rule(&r, a, b, cc);
        break;
    case IR_OP_SITOFP:
    case IR_OP_UITOFP:
        if (a->e != 0) no_rule(c, op);
        r.m = av;
        rnd(&r, rt, av, 1);
        break;
    case IR_OP_FPTOSI:
    case IR_OP_FPTOUI: /* exact where no value within the bound truncates elsewhere */
        if (total(a) > 0 && trunc(a->v.f - total(a)) != trunc(a->v.f + total(a))) no_rule(c, op);
        break;
    case IR_OP_ANDI:
    case IR_OP_ORI:
    case IR_OP_XORI:
        if (rt == IR_I1)
            r.e = a->e > b->e ? a->e : b->e;
        else if (a->e != 0 || b->e != 0)
            no_rule(c, op);
        break;
    case IR_OP_BITCAST:
        if (total(a) != 0) no_rule(c, op);
        r.m = av;
        break;
    case IR_OP_REMF: no_rule(c, op);
    default:
        if (it_math1_monotone(k)) { /* through the secants */
            math1_rule(&r, k, a, rt, av);
            break;
        }
        /* the integer ops: exact, on exact operands */
        if (rf || a->e != 0 || b->e != 0 || cc->e != 0) no_rule(c, op);
        break;
    }
    if (isnan(r.e) || isnan(r.q)) r.e = INFINITY, r.q = 0;
    c->s[op->res[0].id] = r;
}

/* ------------------------------------------------------------ tensors */

static void put(cb *c, interp_value *arr, uint32_t id, interp_value v) {
    if (arr[id].t) interp_release(c->it, &arr[id]);
    arr[id] = v;
}

static interp_value copy_of(cb *c, const interp_value *src, ir_type t) {
    interp_value v = interp_tensor_new(c->it, t);
    memcpy(interp_data(&v), interp_data(src), (size_t)ir_type_bytes(t));
    return v;
}

/* m and E of a value known exactly: |v| and 0 (an integer tensor's are its
 * values, so that ops indexing by them run alike on all three) */
static void exact_tensor(cb *c, uint32_t id) {
    const interp_value *x = &c->V[id];
    ir_type t = x->type;
    ir_dtype dt = (ir_dtype)t.dtype;
    interp_value m = copy_of(c, x, t), e = copy_of(c, x, t);
    if (ir_dtype_is_float(dt)) {
        int64_t n = ir_type_numel(t);
        int nb = ir_dtype_bytes(dt);
        uint8_t *pm = interp_data(&m), *pe = interp_data(&e);
        for (int64_t k = 0; k < n; k++) {
            interp_scalar s = interp_load_elem(pm + k * nb, dt);
            s.f = fabs(s.f);
            interp_store_elem(pm + k * nb, dt, s);
        }
        memset(pe, 0, (size_t)ir_type_bytes(t));
    }
    put(c, c->M, id, m);
    put(c, c->Q, id, copy_of(c, &e, t));
    put(c, c->E, id, e);
}

/* a scalar value's slot into the three arrays (ops that take scalars read them there) */
static void scalar_out(cb *c, const ir_value *x) {
    const cb_slot *s = &c->s[x->id];
    bool f = is_float(x);
    c->V[x->id].type = c->M[x->id].type = c->E[x->id].type = c->Q[x->id].type = x->type;
    c->V[x->id].t = c->M[x->id].t = c->E[x->id].t = c->Q[x->id].t = NULL;
    c->V[x->id].s = s->v;
    c->M[x->id].s = s->v;
    c->E[x->id].s = s->v;
    c->Q[x->id].s = s->v;
    if (f) c->M[x->id].s.f = s->m, c->E[x->id].s.f = s->e, c->Q[x->id].s.f = sqrt(s->q);
}

typedef struct cb_walk {
    bool tensor, linear, indep; /* indep: distinct elements at the points of one output element */
    ir_dtype dt;
    int nb;
    int64_t coef[IR_MAX_RANK * 4], cst;
    int64_t tstrides[IR_MAX_RANK];
    uint8_t *pv, *pm, *pe, *pq;
} cb_walk;

static int64_t walk_off(cb *c, const ir_op *op, const ir_amap *map, const ir_type *t, const cb_walk *w, const int64_t *idx,
                        uint32_t nd) {
    int64_t off = w->cst;
    if (w->linear) {
        for (uint32_t d = 0; d < nd; d++) off += idx[d] * w->coef[d];
        return off;
    }
    off = 0;
    for (uint32_t r = 0; r < map->nres; r++) {
        int64_t v = ir_aexpr_eval(map->res[r], idx, NULL);
        if (v < 0 || v >= t->dims[r]) no_rule(c, op);
        off += v * w->tstrides[r];
    }
    return off;
}

/* Whether an operand read with element strides coef per loop reads a
 * distinct element at each point of one output element's reduction (then
 * the errors of the elements it sums are independent of one another): a
 * sufficient test, the reduction loops' strides as a mixed radix, each
 * larger than everything the smaller ones reach. */
static bool injective(const ir_linalg *l, const int64_t *bounds, const int64_t *coef, bool red) {
    int64_t st[IR_MAX_RANK * 4];
    uint32_t n = 0;
    for (uint32_t d = 0; d < l->ndims; d++) {
        if ((red && l->iters[d] != IR_ITER_REDUCTION) || bounds[d] <= 1) continue;
        if (coef[d] == 0) return false;
        int64_t a = coef[d] < 0 ? -coef[d] : coef[d];
        uint32_t i = n++;
        while (i > 0 && st[i - 1] > a) st[i] = st[i - 1], i--;
        st[i] = a;
    }
    /* the radix: reach of the smaller strides, sum |c_j| (b_j - 1) */
    int64_t reach = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (st[i] <= reach) return false;
        int64_t b = 0;
        for (uint32_t d = 0; d < l->ndims; d++) /* the bound of the dim with this stride (the largest such) */
            if ((!red || l->iters[d] == IR_ITER_REDUCTION) && (coef[d] == st[i] || coef[d] == -st[i]) && bounds[d] > b)
                b = bounds[d];
        reach += st[i] * (b - 1);
    }
    return true;
}

/* a result's whole bound, E + LAMBDA Q, as a new tensor */
static interp_value whole_bound(cb *c, uint32_t id) {
    ir_type t = c->E[id].type;
    ir_dtype dt = (ir_dtype)t.dtype;
    interp_value b = copy_of(c, &c->E[id], t);
    if (ir_dtype_is_float(dt)) {
        int64_t n = ir_type_numel(t);
        int nb = ir_dtype_bytes(dt);
        uint8_t *pb = interp_data(&b), *pq = interp_data(&c->Q[id]);
        for (int64_t k = 0; k < n; k++)
            store_up(pb + k * nb, dt,
                     fabs(interp_load_elem(pb + k * nb, dt).f) + LAMBDA * fabs(interp_load_elem(pq + k * nb, dt).f));
    }
    return b;
}

/* How linalg op's operand k (an input, or the tensor an output starts
 * from) is walked: its arrays of values and bounds (as the result's for an
 * output), and, where its map is linear, the element offset per loop and
 * whether its elements are independent terms (injective). A scalar operand
 * is not walked. */
static void walk_of(cb *c, const ir_op *op, uint32_t k, const int64_t *bounds, bool reduces, cb_walk *w) {
    const ir_linalg *l = &op->u.lin;
    uint32_t nd = l->ndims;
    const ir_value *x = op->opnds[k];
    memset(w, 0, sizeof *w);
    if (x->type.kind != IR_T_TENSOR) return;
    uint32_t id = k < l->nins ? x->id : op->res[k - l->nins].id;
    w->tensor = true;
    w->dt = (ir_dtype)x->type.dtype;
    w->nb = ir_dtype_bytes(w->dt);
    w->pv = interp_data(&c->V[id]), w->pm = interp_data(&c->M[id]), w->pe = interp_data(&c->E[id]);
    w->pq = interp_data(&c->Q[id]);
    ir_type_strides(x->type, w->tstrides);
    w->linear = true;
    const ir_amap *map = l->maps[k];
    for (uint32_t r = 0; r < map->nres && w->linear; r++) {
        int64_t coef[IR_MAX_RANK * 4] = {0}, cst = 0;
        if (!ir_aexpr_linear(map->res[r], nd, coef, &cst)) {
            w->linear = false;
            break;
        }
        for (uint32_t d = 0; d < nd; d++) w->coef[d] += coef[d] * w->tstrides[r];
        w->cst += cst * w->tstrides[r];
    }
    w->indep = w->linear && injective(l, bounds, w->coef, reduces);
}

static void cb_linalg(cb *c, const ir_op *op) {
    const ir_linalg *l = &op->u.lin;
    uint32_t nd = l->ndims, n = l->nins + l->nouts;
    int64_t bounds[IR_MAX_RANK * 4], idx[IR_MAX_RANK * 4] = {0};
    if (nd > SP_ARRAY_LEN(bounds) || l->nouts > 8 || !ir_linalg_loop_bounds(op, bounds)) no_rule(c, op);
    const ir_block *body = ir_linalg_body(op);
    const ir_op *yield = NULL;
    for (const ir_op *o = body->first; o; o = o->next) {
        if (o->kind == IR_OP_LINALG) no_rule(c, o);
        if (o->kind == IR_OP_LINALG_YIELD) yield = o;
    }
    if (!yield || yield->nopnds != l->nouts) no_rule(c, op);
    for (uint32_t o = 0; o < l->nouts; o++) {
        const ir_value *src = op->opnds[l->nins + o];
        ir_type t = op->res[o].type;
        if (src->type.kind != IR_T_TENSOR) no_rule(c, op);
        uint32_t id = op->res[o].id;
        put(c, c->V, id, copy_of(c, &c->V[src->id], t));
        put(c, c->M, id, copy_of(c, &c->M[src->id], t));
        put(c, c->E, id, copy_of(c, &c->E[src->id], t));
        put(c, c->Q, id, copy_of(c, &c->Q[src->id], t));
    }
    bool reduces = false; /* an elementwise op's broadcast operand (a mean, a max) repeats its error in every
                           * element, which a later sum adds up: linearly; a contraction's are independent
                           * within each of its sums */
    for (uint32_t d = 0; d < nd; d++) reduces |= l->iters[d] == IR_ITER_REDUCTION && bounds[d] > 1;
    cb_walk w[32];
    if (n > SP_ARRAY_LEN(w)) no_rule(c, op);
    for (uint32_t k = 0; k < n; k++) walk_of(c, op, k, bounds, reduces, &w[k]);
    for (uint32_t d = 0; d < nd; d++)
        if (bounds[d] <= 0) goto finish;
    for (;;) {
        int64_t offs[32];
        for (uint32_t k = 0; k < n; k++) {
            const ir_value *x = op->opnds[k];
            cb_slot *s = &c->s[body->args[k].id];
            if (!w[k].tensor) {
                *s = c->s[x->id];
                continue;
            }
            int64_t off = offs[k] = walk_off(c, op, l->maps[k], &x->type, &w[k], idx, nd);
            uint8_t *p = w[k].pv + off * w[k].nb;
            s->v = interp_load_elem(p, w[k].dt);
            s->q = 0;
            if (ir_dtype_is_float(w[k].dt)) {
                s->m = fabs(interp_load_elem(w[k].pm + off * w[k].nb, w[k].dt).f);
                s->e = fabs(interp_load_elem(w[k].pe + off * w[k].nb, w[k].dt).f);
                double sd = fabs(interp_load_elem(w[k].pq + off * w[k].nb, w[k].dt).f);
                if (k >= l->nins || w[k].indep) /* the accumulator's own, or independent terms: in quadrature */
                    s->q = sd * sd;
                else /* one element read at several points of a sum: its error repeats, linearly */
                    s->e += LAMBDA * sd;
            } else {
                s->m = 0, s->e = 0;
            }
        }
        for (const ir_op *o = body->first; o != yield; o = o->next) cb_scalar(c, o, idx, nd);
        for (uint32_t o = 0; o < l->nouts; o++) {
            const cb_walk *wo = &w[l->nins + o];
            const cb_slot *y = &c->s[yield->opnds[o]->id];
            int64_t off = offs[l->nins + o];
            interp_store_elem(wo->pv + off * wo->nb, wo->dt, y->v);
            if (ir_dtype_is_float(wo->dt)) {
                store_up(wo->pm + off * wo->nb, wo->dt, y->m);
                store_up(wo->pe + off * wo->nb, wo->dt, y->e);
                store_up(wo->pq + off * wo->nb, wo->dt, sqrt(y->q));
            } else {
                if (y->e != 0) no_rule(c, op);
                interp_store_elem(wo->pm + off * wo->nb, wo->dt, y->v);
                interp_store_elem(wo->pe + off * wo->nb, wo->dt, y->v);
                interp_store_elem(wo->pq + off * wo->nb, wo->dt, y->v);
            }
        }
        int d = (int)nd - 1;
        while (d >= 0 && ++idx[d] == bounds[d]) idx[d--] = 0;
        if (d < 0) break;
    }
finish:;
}

/* --------------------------------------------------------- the function */

static void note_uses(cb *c, const ir_op *op, uint32_t at) {
    for (uint32_t i = 0; i < op->nopnds; i++)
        if (op->opnds[i]->id < c->n) c->last[op->opnds[i]->id] = at;
    for (uint32_t r = 0; r < op->nregions; r++)
        for (const ir_op *o = op->regions[r]->first; o; o = o->next) note_uses(c, o, at);
}

static void drop(cb *c, uint32_t id) {
    interp_release(c->it, &c->V[id]);
    interp_release(c->it, &c->M[id]);
    interp_release(c->it, &c->E[id]);
    interp_release(c->it, &c->Q[id]);
    c->V[id].t = c->M[id].t = c->E[id].t = c->Q[id].t = NULL;
}

static void release_dead(cb *c, const ir_op *op, uint32_t at) {
    for (uint32_t i = 0; i < op->nopnds; i++) {
        uint32_t id = op->opnds[i]->id;
        if (id < c->n && c->last[id] == at && c->V[id].t) drop(c, id);
    }
    for (uint32_t r = 0; r < op->nregions; r++)
        for (const ir_op *o = op->regions[r]->first; o; o = o->next) release_dead(c, o, at);
}

static void bound_body(sp_ctx *ctx, void *ud) {
    cb *c = ud;
    const ir_func_info *fn = &c->fn->u.fn;
    ir_func_number(c->fn);
    c->n = fn->nvalues;
    c->V = sp_calloc(ctx, c->n ? c->n : 1, sizeof *c->V);
    c->M = sp_calloc(ctx, c->n ? c->n : 1, sizeof *c->M);
    c->E = sp_calloc(ctx, c->n ? c->n : 1, sizeof *c->E);
    c->Q = sp_calloc(ctx, c->n ? c->n : 1, sizeof *c->Q);
    c->s = sp_calloc(ctx, c->n ? c->n : 1, sizeof *c->s);
    c->last = sp_calloc(ctx, c->n ? c->n : 1, sizeof *c->last);
    const ir_block *b = c->fn->regions[0];
    uint32_t at = 1;
    for (const ir_op *op = b->first; op; op = op->next, at++) note_uses(c, op, at);
    for (uint32_t a = 0; a < fn->nargs; a++) {
        const ir_value *x = &b->args[a];
        if (x->type.kind != IR_T_TENSOR) {
            cb_slot *s = &c->s[x->id];
            s->v = c->args[a].s;
            s->m = is_float(x) ? fabs(s->v.f) : 0;
            scalar_out(c, x);
            continue;
        }
        c->V[x->id] = it_retain(c->args[a]);
        c->V[x->id].type = fn->arg_types[a];
        exact_tensor(c, x->id);
    }
    at = 1;
    for (ir_op *op = b->first; op; op = op->next, at++) {
        switch ((ir_opkind)op->kind) {
        case IR_OP_RETURN:
            for (uint32_t r = 0; r < op->nopnds && r < fn->nres; r++) {
                const ir_value *x = op->opnds[r];
                if (x->type.kind == IR_T_TENSOR) {
                    c->out[r] = whole_bound(c, x->id);
                } else {
                    c->out[r].type = x->type;
                    c->out[r].t = NULL;
                    c->out[r].s.f = is_float(x) ? total(&c->s[x->id]) : 0;
                }
            }
            c->ok = true;
            return;
        case IR_OP_LINALG: cb_linalg(c, op); break;
        case IR_OP_ASSERT: break; /* the reference run checked it */
        case IR_OP_CONSTANT:
        case IR_OP_EMPTY:
            if (op->res[0].type.kind == IR_T_TENSOR) {
                interp_run_ops(c->it, c->V, c->n, &op, 1);
                exact_tensor(c, op->res[0].id);
                break;
            }
            cb_scalar(c, op, NULL, 0);
            scalar_out(c, &op->res[0]);
            break;
        case IR_OP_EXTRACT_SLICE:
        case IR_OP_INSERT_SLICE:
        case IR_OP_EXPAND_SHAPE:
        case IR_OP_COLLAPSE_SHAPE:
        case IR_OP_PAD:
        case IR_OP_FROM_ELEMENTS:
        case IR_OP_CONCAT:
        case IR_OP_INSERT:
        case IR_OP_EXTRACT:
        case IR_OP_PACK:
        case IR_OP_UNPACK: /* moves elements: the same moves of magnitudes and bounds */
            interp_run_ops(c->it, c->V, c->n, &op, 1);
            interp_run_ops(c->it, c->M, c->n, &op, 1);
            interp_run_ops(c->it, c->E, c->n, &op, 1);
            interp_run_ops(c->it, c->Q, c->n, &op, 1);
            for (uint32_t r = 0; r < op->nres; r++) {
                const ir_value *x = &op->res[r];
                if (x->type.kind == IR_T_TENSOR) continue;
                cb_slot *s = &c->s[x->id];
                s->v = c->V[x->id].s;
                s->m = is_float(x) ? fabs(c->M[x->id].s.f) : 0;
                s->e = is_float(x) ? fabs(c->E[x->id].s.f) : 0;
                s->q = is_float(x) ? c->Q[x->id].s.f * c->Q[x->id].s.f : 0;
            }
            break;
        default:
            if (op->nres == 1 && op->res[0].type.kind == IR_T_SCALAR && op->nregions == 0) {
                cb_scalar(c, op, NULL, 0);
                scalar_out(c, &op->res[0]);
                break;
            }
            no_rule(c, op);
        }
        release_dead(c, op, at);
    }
}

bool check_bound(interp *it, ir_op *func, const interp_value *args, interp_value *err) {
    sp_ctx *ctx = it->ctx;
    cb c;
    memset(&c, 0, sizeof c);
    c.it = it, c.fn = func, c.args = args, c.out = err;
    for (uint32_t r = 0; r < func->u.fn.nres; r++) memset(&err[r], 0, sizeof err[r]);
    sp_error saved = sp_error_save(ctx);
    bool ok = sp_pcall(ctx, bound_body, &c) == SP_OK && c.ok;
    sp_error_restore(ctx, &saved);
    for (uint32_t i = 0; c.V && i < c.n; i++)
        if (c.V[i].t || c.M[i].t || c.E[i].t || c.Q[i].t) drop(&c, i);
    sp_free(ctx, c.V);
    sp_free(ctx, c.M);
    sp_free(ctx, c.E);
    sp_free(ctx, c.Q);
    sp_free(ctx, c.s);
    sp_free(ctx, c.last);
    if (!ok)
        for (uint32_t r = 0; r < func->u.fn.nres; r++) interp_release(it, &err[r]);
    return ok;
}
