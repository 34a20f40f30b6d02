/* interp_scalar.h - one scalar op's reference semantics (interp.h,
 * Numerics), inline because the interpreter's inner loops run it at every
 * point of a structured op's body (interp_structured.c) and of a point
 * evaluation (interp_points.c): loading and storing an element of each
 * dtype, rounding an exact result to its dtype, every arith and math op
 * (it_scalar_op), and one decoded body op run on a frame's values
 * (it_insn, it_exec_insn). The comparisons, extrema and integer widths come
 * from scalar_rules.h, which the engines share. Private to src/interp. */
#ifndef SPADC_INTERP_INTERP_SCALAR_H
#define SPADC_INTERP_INTERP_SCALAR_H

#include <math.h>
#include <string.h>

#include "base/fp16.h"
#include "interp_int.h"
#include "scalar_rules.h"

static inline interp_scalar it_load_elem(const uint8_t *p, ir_dtype dt) {
    interp_scalar s;
    switch (dt) {
    case IR_F32: {
        float f;
        memcpy(&f, p, 4);
        s.f = f;
        return s;
    }
    case IR_F64: memcpy(&s.f, p, 8); return s;
    case IR_BF16: {
        uint16_t h;
        memcpy(&h, p, 2);
        s.f = sp_bf16_to_f32(h);
        return s;
    }
    case IR_F16: {
        uint16_t h;
        memcpy(&h, p, 2);
        s.f = sp_f16_to_f32(h);
        return s;
    }
    case IR_I1: s.i = p[0] & 1; return s;
    case IR_I8: s.i = (int8_t)p[0]; return s;
    case IR_I16: {
        int16_t v;
        memcpy(&v, p, 2);
        s.i = v;
        return s;
    }
    case IR_I32: {
        int32_t v;
        memcpy(&v, p, 4);
        s.i = v;
        return s;
    }
    default: memcpy(&s.i, p, 8); return s;
    }
}

static inline void it_store_elem(uint8_t *p, ir_dtype dt, interp_scalar s) {
    switch (dt) {
    case IR_F32: {
        float f = (float)s.f;
        memcpy(p, &f, 4);
        return;
    }
    case IR_F64: memcpy(p, &s.f, 8); return;
    case IR_BF16: {
        uint16_t h = sp_f64_to_bf16(s.f);
        memcpy(p, &h, 2);
        return;
    }
    case IR_F16: {
        uint16_t h = sp_f64_to_f16(s.f);
        memcpy(p, &h, 2);
        return;
    }
    case IR_I1: p[0] = (uint8_t)(s.i & 1); return;
    case IR_I8: p[0] = (uint8_t)s.i; return;
    case IR_I16: {
        int16_t v = (int16_t)s.i;
        memcpy(p, &v, 2);
        return;
    }
    case IR_I32: {
        int32_t v = (int32_t)s.i;
        memcpy(p, &v, 4);
        return;
    }
    default: memcpy(p, &s.i, 8); return;
    }
}

/* Round an exact (double) result to float dtype dt. */
static inline double it_round_to(double x, ir_dtype dt) {
    switch (dt) {
    case IR_F32: return (double)(float)x;
    case IR_BF16: return sp_bf16_to_f32(sp_f64_to_bf16(x));
    case IR_F16: return sp_f16_to_f32(sp_f64_to_f16(x));
    default: return x;
    }
}

/* Wrap an integer to dtype dt's width (sign-extended; i1 is 0/1). */
static inline int64_t it_wrap(int64_t v, ir_dtype dt) { return sr_wrap(v, ir_dtype_bits(dt)); }

static inline uint64_t it_as_unsigned(int64_t v, ir_dtype dt) { return sr_unsigned(v, ir_dtype_bits(dt)); }

static inline bool it_f32ish(ir_dtype dt) { return dt != IR_F64; }

/* Unary math in the dtype's precision: f32 (and bf16/f16, computed in f32)
 * through the f-suffixed C functions, f64 through the double ones; the
 * exact or correctly rounded ones (sqrt, abs, neg, floor, ceil: no f32
 * entry) in f64 for every dtype, rounded once by the caller. One table
 * (interp_scalar.c), which the npu simulator runs too (interp_math1_fns),
 * so that both compute the same thing. */
typedef struct it_math1_fn {
    float (*f32)(float);
    double (*f64)(double);
    bool monotone; /* check_bound.c bounds it through its secants */
} it_math1_fn;
extern const it_math1_fn it_math1_table[IR_OP_COUNT];

static inline bool it_math1_monotone(ir_opkind k) { return (unsigned)k < IR_OP_COUNT && it_math1_table[k].monotone; }

static inline double it_math1(ir_opkind k, double a, ir_dtype dt) {
    const it_math1_fn *fn = (unsigned)k < IR_OP_COUNT ? &it_math1_table[k] : NULL;
    if (!fn || !fn->f64) return NAN;
    return it_f32ish(dt) && fn->f32 ? (double)fn->f32((float)a) : fn->f64(a);
}

static inline bool it_cmpi(int64_t pred, int64_t a, int64_t b, ir_dtype dt) { return sr_cmpi(pred, a, b, ir_dtype_bits(dt)); }

/* double to integer without C's undefined behaviour out of range */
static inline int64_t it_f2i(double v, bool is_unsigned) {
    if (isnan(v)) return 0;
    v = trunc(v);
    if (is_unsigned) {
        if (v <= 0) return 0;
        if (v >= 18446744073709551615.0) return (int64_t)UINT64_MAX;
        return (int64_t)(uint64_t)v;
    }
    if (v <= -9223372036854775808.0) return INT64_MIN;
    if (v >= 9223372036854775807.0) return INT64_MAX;
    return (int64_t)v;
}

static inline int64_t it_floordiv(int64_t a, int64_t b) {
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
    return q;
}

static inline interp_scalar it_bits_to_scalar(uint64_t bits, ir_dtype dt) {
    interp_scalar s;
    switch (dt) {
    case IR_F32: s.f = sp_f32_from_bits((uint32_t)bits); break;
    case IR_F64: s.f = sp_f64_from_bits(bits); break;
    case IR_BF16: s.f = sp_bf16_to_f32((uint16_t)bits); break;
    case IR_F16: s.f = sp_f16_to_f32((uint16_t)bits); break;
    default: s.i = it_wrap((int64_t)bits, dt); break;
    }
    return s;
}

static inline uint64_t it_scalar_to_bits(interp_scalar s, ir_dtype dt) {
    switch (dt) {
    case IR_F32: return sp_f32_bits((float)s.f);
    case IR_F64: return sp_f64_bits(s.f);
    case IR_BF16: return sp_f64_to_bf16(s.f);
    case IR_F16: return sp_f64_to_f16(s.f);
    default: return it_as_unsigned(s.i, dt);
    }
}

static inline interp_scalar it_scalar_constant(const ir_attr *a) {
    interp_scalar s;
    if (a->kind == IR_A_BOOL)
        s.i = a->u.b;
    else if (a->kind == IR_A_INT)
        s.i = a->u.i;
    else
        s = it_bits_to_scalar(a->u.bits, (ir_dtype)a->type.dtype);
    return s;
}

/* divsi, remsi, ceildivsi, floordivsi of a by b != 0 in dtype rt (the one
 * overflow, INT64_MIN / -1, wraps) */
static inline int64_t it_divsi(ir_opkind k, int64_t a, int64_t b, ir_dtype rt) {
    if (a == INT64_MIN && b == -1) return k == IR_OP_REMSI ? 0 : it_wrap(INT64_MIN, rt);
    if (k == IR_OP_DIVSI) return it_wrap(a / b, rt);
    if (k == IR_OP_REMSI) return it_wrap(a % b, rt);
    if (k == IR_OP_FLOORDIVSI) return it_wrap(it_floordiv(a, b), rt);
    return it_wrap(-it_floordiv(-a, b), rt);
}

/* shli, shrsi, shrui of a by b in dtype rt: a shift by the width or more
 * gives 0 (-1 for shrsi of a negative a) */
static inline int64_t it_shift(ir_opkind k, int64_t a, int64_t b, ir_dtype rt) {
    uint64_t sh = it_as_unsigned(b, rt);
    int bits = ir_dtype_bits(rt);
    if (sh >= (uint64_t)bits) return k == IR_OP_SHRSI && a < 0 ? it_wrap(-1, rt) : 0;
    if (k == IR_OP_SHLI) return it_wrap((int64_t)((uint64_t)a << sh), rt);
    if (k == IR_OP_SHRSI) return a >> sh;
    return it_wrap((int64_t)(it_as_unsigned(a, rt) >> sh), rt);
}

/* A scalar op decoded for the inner loops: value ids instead of pointers. */
typedef struct it_insn {
    uint16_t kind;
    uint8_t rt, at; /* result and operand-0 dtypes */
    uint32_t dst, a, b, c;
    const ir_op *op;
} it_insn;

static inline void it_decode(const ir_op *op, it_insn *in) {
    in->kind = op->kind;
    in->rt = op->nres ? op->res[0].type.dtype : 0;
    in->at = op->nopnds ? op->opnds[0]->type.dtype : 0;
    in->dst = op->nres ? op->res[0].id : 0;
    in->a = op->nopnds > 0 ? op->opnds[0]->id : 0;
    in->b = op->nopnds > 1 ? op->opnds[1]->id : 0;
    in->c = op->nopnds > 2 ? op->opnds[2]->id : 0;
    in->op = op;
}

/* The reference semantics of scalar op k (op its IR op, rt and at its
 * result and first operand's dtypes) on values a, b, c: NULL with *out set,
 * or why it cannot (an integer division by zero, an op that is not a pure
 * scalar op: "" then). */
static inline const char *it_scalar_op(ir_opkind k, const ir_op *op, ir_dtype rt, ir_dtype at, const interp_scalar *a,
                                    const interp_scalar *b, const interp_scalar *c, interp_scalar *out) {
    interp_scalar r;
    (void)at;
    switch (k) {
    case IR_OP_CONSTANT: r = it_scalar_constant(op->u.value); break;
    case IR_OP_ASSERT: /* per point of a body: the condition, or a failure */
        r.i = a->i & 1;
        if (!r.i) return "assertion failed";
        break;
    case IR_OP_ADDF: r.f = it_round_to(a->f + b->f, rt); break;
    case IR_OP_SUBF: r.f = it_round_to(a->f - b->f, rt); break;
    case IR_OP_MULF: r.f = it_round_to(a->f * b->f, rt); break;
    case IR_OP_DIVF: r.f = it_round_to(a->f / b->f, rt); break;
    case IR_OP_REMF: r.f = it_round_to(fmod(a->f, b->f), rt); break;
    case IR_OP_MAXIMUMF: r.f = sr_maximumf(a->f, b->f); break;
    case IR_OP_MINIMUMF: r.f = sr_minimumf(a->f, b->f); break;
    case IR_OP_MAXNUMF: r.f = isnan(a->f) ? b->f : isnan(b->f) ? a->f : sr_maximumf(a->f, b->f); break;
    case IR_OP_MINNUMF: r.f = isnan(a->f) ? b->f : isnan(b->f) ? a->f : sr_minimumf(a->f, b->f); break;
    case IR_OP_POWF: r.f = it_round_to(it_f32ish(rt) ? powf((float)a->f, (float)b->f) : pow(a->f, b->f), rt); break;
    case IR_OP_FPOWI: /* the exact power, rounded once (a product of |n| factors in double is exact enough) */
        r.f = it_round_to(pow(a->f, (double)b->i), rt);
        break;
    case IR_OP_FMA:
        r.f = it_round_to(it_f32ish(rt) ? fmaf((float)a->f, (float)b->f, (float)c->f)
                                  : fma(a->f, b->f, c->f),
                       rt);
        break;
    case IR_OP_ADDI: r.i = it_wrap((int64_t)((uint64_t)a->i + (uint64_t)b->i), rt); break;
    case IR_OP_SUBI: r.i = it_wrap((int64_t)((uint64_t)a->i - (uint64_t)b->i), rt); break;
    case IR_OP_MULI: r.i = it_wrap((int64_t)((uint64_t)a->i * (uint64_t)b->i), rt); break;
    case IR_OP_DIVSI:
    case IR_OP_REMSI:
    case IR_OP_CEILDIVSI:
    case IR_OP_FLOORDIVSI:
        if (b->i == 0) return "integer division by zero";
        r.i = it_divsi(k, a->i, b->i, rt);
        break;
    case IR_OP_DIVUI:
    case IR_OP_REMUI: {
        uint64_t ua = it_as_unsigned(a->i, rt), ub = it_as_unsigned(b->i, rt);
        if (ub == 0) return "integer division by zero";
        r.i = it_wrap((int64_t)(k == IR_OP_DIVUI ? ua / ub : ua % ub), rt);
        break;
    }
    case IR_OP_ANDI: r.i = a->i & b->i; break;
    case IR_OP_ORI: r.i = a->i | b->i; break;
    case IR_OP_XORI: r.i = it_wrap(a->i ^ b->i, rt); break;
    case IR_OP_SHLI:
    case IR_OP_SHRSI:
    case IR_OP_SHRUI: r.i = it_shift(k, a->i, b->i, rt); break;
    case IR_OP_MAXSI: r.i = a->i > b->i ? a->i : b->i; break;
    case IR_OP_MINSI: r.i = a->i < b->i ? a->i : b->i; break;
    case IR_OP_MAXUI: r.i = it_as_unsigned(a->i, rt) > it_as_unsigned(b->i, rt) ? a->i : b->i; break;
    case IR_OP_MINUI: r.i = it_as_unsigned(a->i, rt) < it_as_unsigned(b->i, rt) ? a->i : b->i; break;
    case IR_OP_ABSI: r.i = it_wrap(a->i < 0 ? (int64_t)(0 - (uint64_t)a->i) : a->i, rt); break;
    case IR_OP_CMPF: r.i = sr_cmpf(op->u.pred, a->f, b->f); break;
    case IR_OP_CMPI: r.i = it_cmpi(op->u.pred, a->i, b->i, at); break;
    case IR_OP_SELECT: r = a->i ? *b : *c; break;
    case IR_OP_EXTF:
    case IR_OP_TRUNCF: r.f = it_round_to(a->f, rt); break;
    case IR_OP_EXTSI:
    case IR_OP_INDEX_CAST: r.i = it_wrap(a->i, rt); break;
    case IR_OP_EXTUI:
    case IR_OP_INDEX_CASTUI: r.i = it_wrap((int64_t)it_as_unsigned(a->i, at), rt); break;
    case IR_OP_TRUNCI: r.i = it_wrap(a->i, rt); break;
    case IR_OP_SITOFP: r.f = it_round_to((double)a->i, rt); break;
    case IR_OP_UITOFP: r.f = it_round_to((double)it_as_unsigned(a->i, at), rt); break;
    case IR_OP_FPTOSI: r.i = it_wrap(it_f2i(a->f, false), rt); break;
    case IR_OP_FPTOUI: r.i = it_wrap(it_f2i(a->f, true), rt); break;
    case IR_OP_BITCAST: r = it_bits_to_scalar(it_scalar_to_bits(*a, at), rt); break;
    default: /* the unary functions: their table (looked up only here, after the common ops) */
        if ((unsigned)k >= IR_OP_COUNT || !it_math1_table[k].f64) return "";
        r.f = it_round_to(it_math1(k, a->f, rt), rt);
        break;
    }
    *out = r;
    return NULL;
}

/* Evaluate one scalar op on the frame's values (by value id). */
static inline void it_exec_insn(interp *it, interp_value *V, const it_insn *in) {
    const ir_op *op = in->op;
    ir_opkind k = (ir_opkind)in->kind;
    interp_scalar r;
    switch (k) {
    case IR_OP_LINALG_INDEX: r.i = it->point && (uint64_t)op->u.dim < it->npoint ? it->point[op->u.dim] : 0; break;
    case IR_OP_EXTRACT: {
        const interp_value *t = &V[op->opnds[0]->id];
        ir_type tt = t->type;
        int64_t off = 0;
        for (uint32_t d = 0; d < tt.rank; d++) {
            int64_t ix = V[op->opnds[1 + d]->id].s.i;
            if (ix < 0 || ix >= tt.dims[d])
                it_fail(it, op, "tensor.extract index %lld out of bounds for dimension %u of size %lld", (long long)ix, d,
                     (long long)tt.dims[d]);
            off = off * tt.dims[d] + ix;
        }
        r = it_load_elem(t->t->data + off * ir_dtype_bytes((ir_dtype)tt.dtype), (ir_dtype)tt.dtype);
        break;
    }
    case IR_OP_ASSERT: /* no result to store */
        if (!(V[in->a].s.i & 1)) it_assert_failed(it, op);
        return;
    default: {
        const char *e = it_scalar_op(k, op, (ir_dtype)in->rt, (ir_dtype)in->at, &V[in->a].s, &V[in->b].s, &V[in->c].s, &r);
        if (e && *e) it_fail(it, op, "%s", e);
        if (e) it_fail(it, op, "the reference interpreter cannot run '%s' here", ir_op_name(k));
    }
    }
    V[in->dst].s = r;
}

#endif
