/* interp.c - the reference interpreter (see interp.h). */
#include "interp.h"
#include "scalar_rules.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/fp16.h"
#include "base/interrupt.h"

struct interp_tensor {
    uint8_t *data;
    size_t bytes;
    uint32_t refs;
    bool borrowed; /* data owned elsewhere (interp_tensor_borrow) */
    interp_tensor *prev, *next; /* every live tensor, for cleanup */
};

/* Which values die after each op of a block (computed once per block). */
typedef struct block_info {
    const ir_block *block;
    uint32_t nops;
    const ir_op **ops;
    uint32_t *start; /* nops + 2: releases after op i are ids[start[i+1]..start[i+2]);
                        [start[0], start[1]) die unused at block entry */
    uint32_t *ids;
} block_info;

typedef struct frame {
    struct frame *up;
    interp_value *vals; /* by value id */
    uint32_t nvalues;
} frame;

struct interp {
    sp_ctx *ctx;
    ir_module *m;
    FILE *out;
    interp_tensor *live;
    size_t live_bytes, limit_bytes;
    frame *top;
    uint32_t depth;
    block_info **infos; /* open addressing by block pointer */
    uint32_t ninfos, capinfos;
    const int64_t *point; /* current iteration point (linalg.index) */
    uint32_t npoint;
};

#define MAX_CALL_DEPTH 256

static SP_NORETURN SP_PRINTF(3, 4) void fail(interp *it, const ir_op *op, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    sp_vthrow(it->ctx, SP_EINPUT, op ? op->loc : (sp_loc){0}, fmt, ap);
}

/* ----------------------------------------------------------- tensors */

static size_t default_limit(void) {
    const char *env = getenv("SPADC_MEMORY_LIMIT");
    if (env && *env) return (size_t)strtoull(env, NULL, 10);
    long pages = sysconf(_SC_PHYS_PAGES), psz = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || psz <= 0) return (size_t)1 << 34;
    return (size_t)pages / 4 * 3 * (size_t)psz;
}

size_t interp_memory_limit(const interp *it) { return it->limit_bytes; }

static interp_tensor *tensor_alloc(interp *it, const ir_op *op, ir_type t, bool zero) {
    size_t bytes = (size_t)ir_type_bytes(t);
    if (bytes > it->limit_bytes || it->live_bytes > it->limit_bytes - bytes)
        fail(it, op,
             "out of memory: this tensor needs %zu bytes and %zu are already live; the limit is %zu bytes "
             "(set SPADC_MEMORY_LIMIT to change it)",
             bytes, it->live_bytes, it->limit_bytes);
    interp_tensor *x = sp_try_malloc(it->ctx, sizeof *x);
    if (!x) fail(it, op, "out of memory");
    x->data = sp_try_malloc(it->ctx, bytes ? bytes : 1);
    if (!x->data) {
        sp_free(it->ctx, x);
        fail(it, op, "out of memory: cannot allocate %zu bytes for a tensor", bytes);
    }
    if (zero) memset(x->data, 0, bytes);
    x->bytes = bytes;
    x->refs = 1;
    x->borrowed = false;
    x->prev = NULL;
    x->next = it->live;
    if (it->live) it->live->prev = x;
    it->live = x;
    it->live_bytes += bytes;
    return x;
}

static void tensor_unref(interp *it, interp_tensor *x) {
    if (!x || --x->refs) return;
    if (x->prev)
        x->prev->next = x->next;
    else
        it->live = x->next;
    if (x->next) x->next->prev = x->prev;
    if (!x->borrowed) {
        it->live_bytes -= x->bytes;
        sp_free(it->ctx, x->data);
    }
    sp_free(it->ctx, x);
}

interp_value interp_tensor_borrow(interp *it, ir_type t, void *data) {
    interp_tensor *x = sp_malloc(it->ctx, sizeof *x);
    x->data = data;
    x->bytes = (size_t)ir_type_bytes(t);
    x->refs = 1;
    x->borrowed = true;
    x->prev = NULL;
    x->next = it->live;
    if (it->live) it->live->prev = x;
    it->live = x;
    interp_value v = {0};
    v.type = t;
    v.t = x;
    return v;
}

interp_value interp_tensor_new(interp *it, ir_type t) {
    interp_value v = {0};
    v.type = t;
    v.t = tensor_alloc(it, NULL, t, true);
    return v;
}

uint8_t *interp_data(const interp_value *v) { return v->t ? v->t->data : NULL; }

void interp_release(interp *it, interp_value *v) {
    if (v->t) tensor_unref(it, v->t);
    v->t = NULL;
}

static interp_value retain(interp_value v) {
    if (v.t) v.t->refs++;
    return v;
}

interp *interp_new(sp_ctx *ctx, ir_module *m, FILE *out) {
    interp *it = sp_malloc(ctx, sizeof *it);
    memset(it, 0, sizeof *it);
    it->ctx = ctx;
    it->m = m;
    it->out = out;
    it->limit_bytes = default_limit();
    return it;
}

void interp_set_output(interp *it, FILE *out) { it->out = out; }

void interp_free(interp *it) {
    if (!it) return;
    sp_ctx *ctx = it->ctx;
    while (it->live) {
        interp_tensor *x = it->live;
        it->live = x->next;
        if (!x->borrowed) sp_free(ctx, x->data);
        sp_free(ctx, x);
    }
    while (it->top) {
        frame *f = it->top;
        it->top = f->up;
        sp_free(ctx, f->vals);
        sp_free(ctx, f);
    }
    for (uint32_t i = 0; i < it->capinfos; i++)
        if (it->infos[i]) {
            sp_free(ctx, it->infos[i]->ops);
            sp_free(ctx, it->infos[i]->start);
            sp_free(ctx, it->infos[i]->ids);
            sp_free(ctx, it->infos[i]);
        }
    sp_free(ctx, it->infos);
    sp_free(ctx, it);
}

/* ------------------------------------------------------ scalar access */

static inline interp_scalar load_elem(const uint8_t *p, ir_dtype dt) {
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

static inline void store_elem(uint8_t *p, ir_dtype dt, interp_scalar s) {
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

interp_scalar interp_load_elem(const uint8_t *p, ir_dtype dt) { return load_elem(p, dt); }
void interp_store_elem(uint8_t *p, ir_dtype dt, interp_scalar s) { store_elem(p, dt, s); }

/* Round an exact (double) result to float dtype dt. */
static inline double round_to(double x, ir_dtype dt) {
    switch (dt) {
    case IR_F32: return (double)(float)x;
    case IR_BF16: return sp_bf16_to_f32(sp_f64_to_bf16(x));
    case IR_F16: return sp_f16_to_f32(sp_f64_to_f16(x));
    default: return x;
    }
}

/* Wrap an integer to dtype dt's width (sign-extended; i1 is 0/1). */
static inline int64_t wrap(int64_t v, ir_dtype dt) { return sr_wrap(v, ir_dtype_bits(dt)); }

static uint64_t as_unsigned(int64_t v, ir_dtype dt) { return sr_unsigned(v, ir_dtype_bits(dt)); }

static bool f32ish(ir_dtype dt) { return dt != IR_F64; }

/* Unary math in the dtype's precision: f32 (and bf16/f16, computed in f32)
 * through the f-suffixed C functions, f64 through the double ones. */
static double math1(ir_opkind k, double a, ir_dtype dt) {
    bool f = f32ish(dt);
    float x = (float)a;
    switch (k) {
    case IR_OP_EXP: return f ? expf(x) : exp(a);
    case IR_OP_EXP2: return f ? exp2f(x) : exp2(a);
    case IR_OP_LOG: return f ? logf(x) : log(a);
    case IR_OP_LOG2: return f ? log2f(x) : log2(a);
    case IR_OP_LOG1P: return f ? log1pf(x) : log1p(a);
    case IR_OP_TANH: return f ? tanhf(x) : tanh(a);
    case IR_OP_ERF: return f ? erff(x) : erf(a);
    case IR_OP_SQRT: return sqrt(a); /* correctly rounded after round_to */
    case IR_OP_RSQRT: return f ? 1.0f / sqrtf(x) : 1.0 / sqrt(a);
    case IR_OP_ABSF: return fabs(a);
    case IR_OP_FLOOR: return floor(a);
    case IR_OP_CEIL: return ceil(a);
    case IR_OP_SIN: return f ? sinf(x) : sin(a);
    case IR_OP_COS: return f ? cosf(x) : cos(a);
    case IR_OP_NEGF: return -a;
    default: return NAN;
    }
}

static bool cmpi(int64_t pred, int64_t a, int64_t b, ir_dtype dt) { return sr_cmpi(pred, a, b, ir_dtype_bits(dt)); }

/* double to integer without C's undefined behaviour out of range */
static int64_t f2i(double v, bool is_unsigned) {
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

static int64_t floordiv_i(int64_t a, int64_t b) {
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
    return q;
}

static interp_scalar bits_to_scalar(uint64_t bits, ir_dtype dt) {
    interp_scalar s;
    switch (dt) {
    case IR_F32: s.f = sp_f32_from_bits((uint32_t)bits); break;
    case IR_F64: s.f = sp_f64_from_bits(bits); break;
    case IR_BF16: s.f = sp_bf16_to_f32((uint16_t)bits); break;
    case IR_F16: s.f = sp_f16_to_f32((uint16_t)bits); break;
    default: s.i = wrap((int64_t)bits, dt); break;
    }
    return s;
}

static uint64_t scalar_to_bits(interp_scalar s, ir_dtype dt) {
    switch (dt) {
    case IR_F32: return sp_f32_bits((float)s.f);
    case IR_F64: return sp_f64_bits(s.f);
    case IR_BF16: return sp_f64_to_bf16(s.f);
    case IR_F16: return sp_f64_to_f16(s.f);
    default: return as_unsigned(s.i, dt);
    }
}

static interp_scalar scalar_constant(const ir_attr *a) {
    interp_scalar s;
    if (a->kind == IR_A_BOOL)
        s.i = a->u.b;
    else if (a->kind == IR_A_INT)
        s.i = a->u.i;
    else
        s = bits_to_scalar(a->u.bits, (ir_dtype)a->type.dtype);
    return s;
}

/* A scalar op decoded for the inner loops: value ids instead of pointers. */
typedef struct insn {
    uint16_t kind;
    uint8_t rt, at; /* result and operand-0 dtypes */
    uint32_t dst, a, b, c;
    const ir_op *op;
} insn;

static void decode(const ir_op *op, insn *in) {
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
static inline const char *scalar_op(ir_opkind k, const ir_op *op, ir_dtype rt, ir_dtype at, const interp_scalar *a,
                                    const interp_scalar *b, const interp_scalar *c, interp_scalar *out) {
    interp_scalar r;
    (void)at;
    switch (k) {
    case IR_OP_CONSTANT: r = scalar_constant(op->u.value); break;
    case IR_OP_ASSERT: /* per point of a body: the condition, or a failure */
        r.i = a->i & 1;
        if (!r.i) return "assertion failed";
        break;
    case IR_OP_ADDF: r.f = round_to(a->f + b->f, rt); break;
    case IR_OP_SUBF: r.f = round_to(a->f - b->f, rt); break;
    case IR_OP_MULF: r.f = round_to(a->f * b->f, rt); break;
    case IR_OP_DIVF: r.f = round_to(a->f / b->f, rt); break;
    case IR_OP_REMF: r.f = round_to(fmod(a->f, b->f), rt); break;
    case IR_OP_MAXIMUMF: r.f = sr_maximumf(a->f, b->f); break;
    case IR_OP_MINIMUMF: r.f = sr_minimumf(a->f, b->f); break;
    case IR_OP_MAXNUMF: r.f = isnan(a->f) ? b->f : isnan(b->f) ? a->f : sr_maximumf(a->f, b->f); break;
    case IR_OP_MINNUMF: r.f = isnan(a->f) ? b->f : isnan(b->f) ? a->f : sr_minimumf(a->f, b->f); break;
    case IR_OP_POWF: r.f = round_to(f32ish(rt) ? powf((float)a->f, (float)b->f) : pow(a->f, b->f), rt); break;
    case IR_OP_FPOWI: /* the exact power, rounded once (a product of |n| factors in double is exact enough) */
        r.f = round_to(pow(a->f, (double)b->i), rt);
        break;
    case IR_OP_FMA:
        r.f = round_to(f32ish(rt) ? fmaf((float)a->f, (float)b->f, (float)c->f)
                                  : fma(a->f, b->f, c->f),
                       rt);
        break;
    case IR_OP_NEGF:
    case IR_OP_EXP:
    case IR_OP_EXP2:
    case IR_OP_LOG:
    case IR_OP_LOG2:
    case IR_OP_LOG1P:
    case IR_OP_TANH:
    case IR_OP_ERF:
    case IR_OP_SQRT:
    case IR_OP_RSQRT:
    case IR_OP_ABSF:
    case IR_OP_FLOOR:
    case IR_OP_CEIL:
    case IR_OP_SIN:
    case IR_OP_COS: r.f = round_to(math1(k, a->f, rt), rt); break;
    case IR_OP_ADDI: r.i = wrap((int64_t)((uint64_t)a->i + (uint64_t)b->i), rt); break;
    case IR_OP_SUBI: r.i = wrap((int64_t)((uint64_t)a->i - (uint64_t)b->i), rt); break;
    case IR_OP_MULI: r.i = wrap((int64_t)((uint64_t)a->i * (uint64_t)b->i), rt); break;
    case IR_OP_DIVSI:
    case IR_OP_REMSI:
    case IR_OP_CEILDIVSI:
    case IR_OP_FLOORDIVSI:
        if (b->i == 0) return "integer division by zero";
        if (a->i == INT64_MIN && b->i == -1) {
            r.i = k == IR_OP_REMSI ? 0 : wrap(INT64_MIN, rt);
        } else if (k == IR_OP_DIVSI) {
            r.i = wrap(a->i / b->i, rt);
        } else if (k == IR_OP_REMSI) {
            r.i = wrap(a->i % b->i, rt);
        } else if (k == IR_OP_FLOORDIVSI) {
            r.i = wrap(floordiv_i(a->i, b->i), rt);
        } else {
            r.i = wrap(-floordiv_i(-a->i, b->i), rt);
        }
        break;
    case IR_OP_DIVUI:
    case IR_OP_REMUI: {
        uint64_t ua = as_unsigned(a->i, rt), ub = as_unsigned(b->i, rt);
        if (ub == 0) return "integer division by zero";
        r.i = wrap((int64_t)(k == IR_OP_DIVUI ? ua / ub : ua % ub), rt);
        break;
    }
    case IR_OP_ANDI: r.i = a->i & b->i; break;
    case IR_OP_ORI: r.i = a->i | b->i; break;
    case IR_OP_XORI: r.i = wrap(a->i ^ b->i, rt); break;
    case IR_OP_SHLI:
    case IR_OP_SHRSI:
    case IR_OP_SHRUI: {
        uint64_t sh = as_unsigned(b->i, rt);
        int bits = ir_dtype_bits(rt);
        if (sh >= (uint64_t)bits)
            r.i = k == IR_OP_SHRSI && a->i < 0 ? wrap(-1, rt) : 0;
        else if (k == IR_OP_SHLI)
            r.i = wrap((int64_t)((uint64_t)a->i << sh), rt);
        else if (k == IR_OP_SHRSI)
            r.i = a->i >> sh;
        else
            r.i = wrap((int64_t)(as_unsigned(a->i, rt) >> sh), rt);
        break;
    }
    case IR_OP_MAXSI: r.i = a->i > b->i ? a->i : b->i; break;
    case IR_OP_MINSI: r.i = a->i < b->i ? a->i : b->i; break;
    case IR_OP_MAXUI: r.i = as_unsigned(a->i, rt) > as_unsigned(b->i, rt) ? a->i : b->i; break;
    case IR_OP_MINUI: r.i = as_unsigned(a->i, rt) < as_unsigned(b->i, rt) ? a->i : b->i; break;
    case IR_OP_ABSI: r.i = wrap(a->i < 0 ? (int64_t)(0 - (uint64_t)a->i) : a->i, rt); break;
    case IR_OP_CMPF: r.i = sr_cmpf(op->u.pred, a->f, b->f); break;
    case IR_OP_CMPI: r.i = cmpi(op->u.pred, a->i, b->i, at); break;
    case IR_OP_SELECT: r = a->i ? *b : *c; break;
    case IR_OP_EXTF:
    case IR_OP_TRUNCF: r.f = round_to(a->f, rt); break;
    case IR_OP_EXTSI:
    case IR_OP_INDEX_CAST: r.i = wrap(a->i, rt); break;
    case IR_OP_EXTUI:
    case IR_OP_INDEX_CASTUI: r.i = wrap((int64_t)as_unsigned(a->i, at), rt); break;
    case IR_OP_TRUNCI: r.i = wrap(a->i, rt); break;
    case IR_OP_SITOFP: r.f = round_to((double)a->i, rt); break;
    case IR_OP_UITOFP: r.f = round_to((double)as_unsigned(a->i, at), rt); break;
    case IR_OP_FPTOSI: r.i = wrap(f2i(a->f, false), rt); break;
    case IR_OP_FPTOUI: r.i = wrap(f2i(a->f, true), rt); break;
    case IR_OP_BITCAST: r = bits_to_scalar(scalar_to_bits(*a, at), rt); break;
    default: return "";
    }
    *out = r;
    return NULL;
}

bool interp_scalar_op(const ir_op *op, const interp_scalar *a, const interp_scalar *b, const interp_scalar *c,
                      interp_scalar *r, const char **why) {
    ir_dtype rt = op->nres ? (ir_dtype)op->res[0].type.dtype : IR_DT_NONE;
    ir_dtype at = op->nopnds ? (ir_dtype)op->opnds[0]->type.dtype : IR_DT_NONE;
    const char *e = scalar_op((ir_opkind)op->kind, op, rt, at, a, b, c, r);
    if (why) *why = e && *e ? e : e ? "not a scalar op" : NULL;
    return !e;
}

/* cf.assert: a false condition is an error located at the assert, its
 * message whole on the diagnostic's one line: control bytes (NUL, newline)
 * as MLIR's \XX escapes, the rest as written. The same text wherever it
 * stands (a function or loop body, or per point of a structured op's body)
 * and whichever target evaluates it. */
static void assert_text(const ir_op *op, char *buf, size_t size) {
    static const char hex[] = "0123456789ABCDEF";
    static const char head[] = "assertion failed: ";
    size_t n = 0;
    if (size < sizeof head + 4) {
        if (size) buf[0] = 0;
        return;
    }
    memcpy(buf, head, sizeof head - 1);
    n = sizeof head - 1;
    for (uint32_t i = 0; i < op->u.msg.len && n + 4 < size; i++) {
        const unsigned char c = (unsigned char)op->u.msg.str[i];
        if (c < 0x20 || c == 0x7f) {
            buf[n++] = '\\', buf[n++] = hex[c >> 4], buf[n++] = hex[c & 15];
        } else {
            buf[n++] = (char)c;
        }
    }
    buf[n] = 0;
}

static SP_NORETURN void assert_failed(interp *it, const ir_op *op) {
    char text[SP_ERR_MSG_MAX];
    assert_text(op, text, sizeof text);
    fail(it, op, "%s", text);
}

void interp_failure_text(const ir_op *op, char *buf, size_t size) {
    if (op && op->kind == IR_OP_ASSERT)
        assert_text(op, buf, size);
    else if (op && op->kind == IR_OP_EXTRACT)
        snprintf(buf, size, "tensor.extract index out of bounds");
    else
        snprintf(buf, size, "integer division by zero");
}

/* Evaluate one scalar op on the frame's values (by value id). */
static inline void exec_insn(interp *it, interp_value *V, const insn *in) {
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
                fail(it, op, "tensor.extract index %lld out of bounds for dimension %u of size %lld", (long long)ix, d,
                     (long long)tt.dims[d]);
            off = off * tt.dims[d] + ix;
        }
        r = load_elem(t->t->data + off * ir_dtype_bytes((ir_dtype)tt.dtype), (ir_dtype)tt.dtype);
        break;
    }
    case IR_OP_ASSERT: /* no result to store */
        if (!(V[in->a].s.i & 1)) assert_failed(it, op);
        return;
    default: {
        const char *e = scalar_op(k, op, (ir_dtype)in->rt, (ir_dtype)in->at, &V[in->a].s, &V[in->b].s, &V[in->c].s, &r);
        if (e && *e) fail(it, op, "%s", e);
        if (e) fail(it, op, "the reference interpreter cannot run '%s' here", ir_op_name(k));
    }
    }
    V[in->dst].s = r;
}

static void eval_scalar(interp *it, frame *f, const ir_op *op) {
    insn in;
    decode(op, &in);
    exec_insn(it, f->vals, &in);
}

/* ---------------------------------------------------------- liveness */

static void note_uses(const ir_block *b, const ir_op *op, uint32_t idx, uint32_t *last) {
    for (uint32_t i = 0; i < op->nopnds; i++) {
        const ir_value *v = op->opnds[i];
        bool here = v->def ? v->def->parent == b : v->owner == b;
        if (here) last[v->id] = idx;
    }
    for (uint32_t r = 0; r < op->nregions; r++)
        for (const ir_op *o = op->regions[r]->first; o; o = o->next) note_uses(b, o, idx, last);
}

static block_info *block_liveness(interp *it, const ir_block *b, uint32_t nvalues) {
    if (it->capinfos) {
        uint32_t mask = it->capinfos - 1;
        for (uint32_t i = ((uintptr_t)b >> 4) & mask;; i = (i + 1) & mask) {
            if (!it->infos[i]) break;
            if (it->infos[i]->block == b) return it->infos[i];
        }
    }
    if ((it->ninfos + 1) * 2 > it->capinfos) {
        uint32_t nc = it->capinfos ? it->capinfos * 2 : 64;
        block_info **ni = sp_calloc(it->ctx, nc, sizeof *ni);
        for (uint32_t i = 0; i < it->capinfos; i++)
            if (it->infos[i]) {
                uint32_t j = ((uintptr_t)it->infos[i]->block >> 4) & (nc - 1);
                while (ni[j]) j = (j + 1) & (nc - 1);
                ni[j] = it->infos[i];
            }
        sp_free(it->ctx, it->infos);
        it->infos = ni;
        it->capinfos = nc;
    }
    block_info *bi = sp_calloc(it->ctx, 1, sizeof *bi);
    uint32_t j = ((uintptr_t)b >> 4) & (it->capinfos - 1);
    while (it->infos[j]) j = (j + 1) & (it->capinfos - 1);
    it->infos[j] = bi; /* owned by the table from here on (freed by interp_free) */
    it->ninfos++;
    bi->block = b;
    uint32_t n = 0;
    for (const ir_op *op = b->first; op; op = op->next) n++;
    bi->nops = n;
    bi->ops = sp_calloc(it->ctx, n ? n : 1, sizeof *bi->ops);
    bi->start = sp_calloc(it->ctx, n + 2, sizeof *bi->start);
    /* last use of each value defined in b; UINT32_MAX = never used */
    uint32_t *last = sp_malloc(it->ctx, (nvalues ? nvalues : 1) * sizeof *last);
    memset(last, 0xff, (nvalues ? nvalues : 1) * sizeof *last);
    uint32_t i = 0, ndef = b->nargs;
    for (const ir_op *op = b->first; op; op = op->next, i++) {
        bi->ops[i] = op;
        note_uses(b, op, i, last);
        ndef += op->nres;
    }
    uint32_t *ids = sp_try_malloc(it->ctx, (ndef ? ndef : 1) * sizeof *ids);
    if (!ids) {
        sp_free(it->ctx, last);
        fail(it, NULL, "out of memory");
    }
    bi->ids = ids;
    /* bucket by release point: slot 0 = dead at entry (unused args) */
    uint32_t *count = bi->start; /* reuse: counts, then prefix sums */
    for (uint32_t a = 0; a < b->nargs; a++) {
        uint32_t l = last[b->args[a].id];
        count[l == UINT32_MAX ? 0 : l + 1]++;
    }
    for (i = 0; i < n; i++)
        for (uint32_t r = 0; r < bi->ops[i]->nres; r++) {
            uint32_t l = last[bi->ops[i]->res[r].id];
            count[l == UINT32_MAX ? i + 1 : l + 1]++;
        }
    uint32_t acc = 0;
    for (i = 0; i < n + 2; i++) {
        uint32_t c = count[i];
        count[i] = acc;
        acc += c;
    }
    uint32_t *fill = sp_try_malloc(it->ctx, (n + 2) * sizeof *fill);
    if (!fill) {
        sp_free(it->ctx, last);
        fail(it, NULL, "out of memory");
    }
    memcpy(fill, bi->start, (n + 2) * sizeof *fill);
    for (uint32_t a = 0; a < b->nargs; a++) {
        uint32_t l = last[b->args[a].id];
        ids[fill[l == UINT32_MAX ? 0 : l + 1]++] = b->args[a].id;
    }
    for (i = 0; i < n; i++)
        for (uint32_t r = 0; r < bi->ops[i]->nres; r++) {
            uint32_t l = last[bi->ops[i]->res[r].id];
            ids[fill[l == UINT32_MAX ? i + 1 : l + 1]++] = bi->ops[i]->res[r].id;
        }
    sp_free(it->ctx, fill);
    sp_free(it->ctx, last);
    /* start[i] .. start[i+1] are the ids released at point i */
    return bi;
}

/* Release the values whose last use is `point` (0: dead on entry; i+1: after
 * op i). */
static void release_range(interp *it, frame *f, const block_info *bi, uint32_t point) {
    for (uint32_t k = bi->start[point]; k < bi->start[point + 1]; k++) {
        interp_value *v = &f->vals[bi->ids[k]];
        if (v->t) tensor_unref(it, v->t);
        v->t = NULL;
    }
}

/* --------------------------------------------------------- structured */

typedef struct operand_walk {
    const uint8_t *base;
    uint8_t *wbase;
    ir_dtype dt;
    int nb;
    bool linear;
    int64_t stride[IR_MAX_RANK * 4]; /* elements per loop step */
    int64_t offset;                   /* current element offset */
    int64_t cst;
    const ir_amap *map;
    const int64_t *dims;
    int64_t tstrides[IR_MAX_RANK];
    uint32_t rank;
} operand_walk;

static void walk_init(interp *it, const ir_op *op, operand_walk *w, const ir_amap *map, ir_type t, uint32_t ndims) {
    memset(w, 0, sizeof *w);
    w->dt = (ir_dtype)t.dtype;
    w->nb = ir_dtype_bytes(w->dt);
    w->map = map;
    w->dims = t.dims;
    w->rank = t.rank;
    ir_type_strides(t, w->tstrides);
    w->linear = true;
    for (uint32_t r = 0; r < map->nres; r++) {
        int64_t coef[IR_MAX_RANK * 4] = {0}, cst = 0;
        if (!ir_aexpr_linear(map->res[r], ndims, coef, &cst)) {
            w->linear = false;
            break;
        }
        for (uint32_t d = 0; d < ndims; d++) w->stride[d] += coef[d] * w->tstrides[r];
        w->cst += cst * w->tstrides[r];
    }
    (void)it;
    (void)op;
}

/* Offset of a non-linear access at point idx (bounds-checked). */
static int64_t walk_offset_slow(interp *it, const ir_op *op, const operand_walk *w, const int64_t *idx, uint32_t k) {
    int64_t off = 0;
    for (uint32_t r = 0; r < w->map->nres; r++) {
        int64_t v = ir_aexpr_eval(w->map->res[r], idx, NULL);
        if (v < 0 || v >= w->dims[r])
            fail(it, op, "operand #%u is accessed out of bounds (index %lld of dimension %u, size %lld)", k, (long long)v, r,
                 (long long)w->dims[r]);
        off += v * w->tstrides[r];
    }
    return off;
}

/* The iteration domain in lexicographic order, last dimension fastest. */
/* The loop order: the op's own, except that when the innermost loop is a
 * reduction, the last parallel dimension moves innermost, so a matmul streams
 * rows of B instead of walking its columns. Only done when that dimension
 * indexes every output directly: then the points that update one output
 * element are visited in the same relative order as before, and the results
 * are bit-identical to the op's lexicographic order. */
static void loop_order(const ir_op *op, uint32_t *order) {
    const ir_linalg *l = &op->u.lin;
    uint32_t nd = l->ndims;
    for (uint32_t d = 0; d < nd; d++) order[d] = d;
    if (nd < 2 || l->iters[nd - 1] != IR_ITER_REDUCTION) return;
    int p = -1;
    for (int d = (int)nd - 1; d >= 0; d--)
        if (l->iters[d] == IR_ITER_PARALLEL) {
            p = d;
            break;
        }
    if (p < 0) return;
    for (uint32_t o = 0; o < l->nouts; o++) {
        const ir_amap *m = l->maps[l->nins + o];
        bool uses = false;
        for (uint32_t r = 0; r < m->nres; r++) uses |= ir_aexpr_dim(m->res[r]) == p;
        if (!uses) return;
    }
    uint32_t k = 0;
    for (uint32_t d = 0; d < nd; d++)
        if ((int)d != p) order[k++] = d;
    order[nd - 1] = (uint32_t)p;
}

/* A multiply-accumulate body, the whole body of a contraction: out =
 * out + x * y, each factor an input or an input widened by arith.extf.
 * Its innermost run goes through mac_run, one tight loop with the types
 * fixed: the same operations in the same order, each rounded to its type
 * as scalar_op rounds it, so the results are the general path's bit for
 * bit (the multiply and the add are not fused: src/interp/ is built with
 * -ffp-contract=off). The general path pays a dispatch per op and per
 * operand at every point: a contraction ran at ~20 ns a multiply-add
 * there, at ~1 ns here. */
typedef struct mac_body {
    uint8_t xt, yt, ot; /* the element types of the two inputs and the out */
    uint8_t mt;         /* the product's and the sum's type (the out's) */
} mac_body;

static bool mac_match(const ir_op *op, const insn *code, uint32_t nbody, const uint32_t *argid, const uint32_t *yid,
                      const uint8_t *dts, mac_body *m) {
    const ir_linalg *l = &op->u.lin;
    if (l->nins != 2 || l->nouts != 1 || nbody < 2 || nbody > 4) return false;
    for (uint32_t i = 0; i < 3; i++)
        if (op->opnds[i]->type.kind != IR_T_TENSOR || !ir_dtype_is_float((ir_dtype)dts[i])) return false;
    /* the factors: the inputs, or their widened values */
    uint32_t fid[2] = {argid[0], argid[1]};
    uint8_t ft[2] = {dts[0], dts[1]};
    uint32_t k = 0;
    while (k < nbody && code[k].kind == IR_OP_EXTF) {
        int which = code[k].a == argid[0] ? 0 : code[k].a == argid[1] ? 1 : -1;
        if (which < 0 || fid[which] != argid[which]) return false;
        fid[which] = code[k].dst;
        ft[which] = code[k].rt;
        k++;
    }
    if (k + 2 != nbody) return false;
    const insn *mul = &code[k], *add = &code[k + 1];
    if (mul->kind != IR_OP_MULF || !((mul->a == fid[0] && mul->b == fid[1]) || (mul->a == fid[1] && mul->b == fid[0])))
        return false;
    if (add->kind != IR_OP_ADDF || !((add->a == argid[2] && add->b == mul->dst) || (add->a == mul->dst && add->b == argid[2])))
        return false;
    if (ft[0] != mul->rt || ft[1] != mul->rt || mul->rt != add->rt || add->rt != dts[2] || yid[0] != add->dst) return false;
    m->xt = dts[0], m->yt = dts[1], m->ot = dts[2], m->mt = mul->rt;
    return true;
}

/* x rounded to bf16 as sp_f64_to_bf16 rounds it, its normal range inline
 * (the tight loop's common case), and back. */
static inline uint16_t bf16_round(double x) {
    double ax = fabs(x);
    if (!(ax >= 0x1p-126 && ax < 0x1p127)) return sp_f64_to_bf16(x);
    uint64_t u;
    memcpy(&u, &ax, sizeof u);
    u += (UINT64_C(1) << 44) - 1 + ((u >> 45) & 1);
    u &= ~((UINT64_C(1) << 45) - 1);
    memcpy(&ax, &u, sizeof ax);
    float f = (float)ax; /* exact: 8 significant bits */
    uint32_t b;
    memcpy(&b, &f, 4);
    return (uint16_t)((b >> 16) | (signbit(x) ? 0x8000u : 0));
}
static inline double bf16_of(uint16_t h) { return (double)sp_bf16_to_f32(h); }

static void mac_run(const mac_body *m, uint8_t *const *ptr, const int64_t *step, int64_t n) {
    const uint8_t *px = ptr[0], *py = ptr[1];
    uint8_t *po = ptr[2];
    int64_t sx = step[0], sy = step[1], so = step[2];
    if (m->xt == IR_F32 && m->yt == IR_F32 && m->ot == IR_F32) {
        for (int64_t i = 0; i < n; i++, px += sx, py += sy, po += so) {
            float x, y, o;
            memcpy(&x, px, 4);
            memcpy(&y, py, 4);
            memcpy(&o, po, 4);
            float p = x * y;
            o = o + p;
            memcpy(po, &o, 4);
        }
        return;
    }
    if (m->xt == IR_BF16 && m->yt == IR_BF16 && m->ot == IR_BF16) {
        for (int64_t i = 0; i < n; i++, px += sx, py += sy, po += so) {
            uint16_t x, y, o;
            memcpy(&x, px, 2);
            memcpy(&y, py, 2);
            memcpy(&o, po, 2);
            /* the product and the sum in double, each rounded to bf16 (round_to) */
            double p = bf16_of(bf16_round((double)sp_bf16_to_f32(x) * (double)sp_bf16_to_f32(y)));
            o = bf16_round((double)sp_bf16_to_f32(o) + p);
            memcpy(po, &o, 2);
        }
        return;
    }
    ir_dtype xt = (ir_dtype)m->xt, yt = (ir_dtype)m->yt, ot = (ir_dtype)m->ot, mt = (ir_dtype)m->mt;
    for (int64_t i = 0; i < n; i++, px += sx, py += sy, po += so) {
        double p = round_to(load_elem(px, xt).f * load_elem(py, yt).f, mt);
        interp_scalar r;
        r.f = round_to(load_elem(po, ot).f + p, mt);
        store_elem(po, ot, r);
    }
}


/* base + off, where an operand the body does not read has no storage
 * (base NULL: no pointer arithmetic on it, which is undefined) */
static inline uint8_t *elem_at(uint8_t *base, int64_t off) { return base ? base + off : NULL; }

static void linalg_points(interp *it, frame *f, const ir_op *op, const int64_t *bounds, operand_walk *w,
                          bool all_linear, const insn *restrict code, uint32_t nbody, const ir_op *yield,
                          const bool *out_read) {
    const ir_linalg *l = &op->u.lin;
    interp_value *V = f->vals;
    const ir_block *body = ir_linalg_body(op);
    uint32_t n = l->nins + l->nouts, nd = l->ndims;
    int64_t numel = 1;
    for (uint32_t d = 0; d < nd; d++) numel *= bounds[d];
    if (numel == 0) return;
    uint32_t order[IR_MAX_RANK * 4];
    loop_order(op, order);
    int64_t idx[IR_MAX_RANK * 4] = {0};
    it->point = idx;
    it->npoint = nd;
    for (uint32_t i = 0; i < n; i++) w[i].offset = w[i].cst;
    uint32_t inner = nd ? order[nd - 1] : 0;
    int64_t ninner = nd ? bounds[inner] : 1;
    /* a local copy of short bodies keeps the hot loop in cache and free of
     * aliasing with the value array */
    insn local[32];
    if (nbody <= SP_ARRAY_LEN(local)) {
        memcpy(local, code, nbody * sizeof *code);
        code = local;
    }
    /* hot per-operand state for the innermost loop, in bytes */
    uint8_t *ptr[32];
    int64_t step[32];
    uint8_t dts[32];
    uint32_t argid[32];
    bool load[32];
    if (n > SP_ARRAY_LEN(ptr)) fail(it, op, "too many operands for the reference interpreter (%u)", n);
    for (uint32_t i = 0; i < n; i++) {
        dts[i] = (uint8_t)w[i].dt;
        argid[i] = body->args[i].id;
        step[i] = w[i].stride[inner] * w[i].nb;
        load[i] = i < l->nins ? w[i].base != NULL : out_read[i - l->nins];
    }
    uint32_t yid[16];
    for (uint32_t o = 0; o < l->nouts; o++) yid[o] = yield->opnds[o]->id;
    mac_body mac = {0};
    bool is_mac = all_linear && mac_match(op, code, nbody, argid, yid, dts, &mac);
    for (int64_t pt = 0; pt < numel; pt += ninner) {
        for (uint32_t i = 0; i < n; i++)
            ptr[i] = elem_at(i < l->nins ? (uint8_t *)w[i].base : w[i].wbase, w[i].offset * w[i].nb);
        /* one run of the innermost loop */
        if (is_mac) mac_run(&mac, ptr, step, ninner);
        for (int64_t ii = 0; ii < (is_mac ? 0 : ninner); ii++) {
            if (!all_linear) {
                for (uint32_t i = 0; i < n; i++)
                    if (!w[i].linear && op->opnds[i]->type.kind != IR_T_SCALAR)
                        ptr[i] = elem_at(i < l->nins ? (uint8_t *)w[i].base : w[i].wbase,
                                         walk_offset_slow(it, op, &w[i], idx, i) * w[i].nb);
            }
            for (uint32_t i = 0; i < n; i++)
                if (load[i]) V[argid[i]].s = load_elem(ptr[i], (ir_dtype)dts[i]);
            for (uint32_t k = 0; k < nbody; k++) exec_insn(it, V, &code[k]);
            for (uint32_t o = 0; o < l->nouts; o++)
                store_elem(ptr[l->nins + o], (ir_dtype)dts[l->nins + o], V[yid[o]].s);
            for (uint32_t i = 0; i < n; i++) ptr[i] = elem_at(ptr[i], step[i]);
            if (nd) idx[inner]++;
        }
        if (nd) for (uint32_t i = 0; i < n; i++) w[i].offset += w[i].stride[inner] * ninner;
        if (nd == 0) break;
        /* carry into the outer loops */
        for (uint32_t i = 0; i < n; i++) w[i].offset -= w[i].stride[inner] * ninner;
        idx[inner] = 0;
        for (int k = (int)nd - 2; k >= 0; k--) {
            uint32_t d = order[k];
            idx[d]++;
            for (uint32_t i = 0; i < n; i++) w[i].offset += w[i].stride[d];
            if (idx[d] < bounds[d]) break;
            for (uint32_t i = 0; i < n; i++) w[i].offset -= w[i].stride[d] * bounds[d];
            idx[d] = 0;
        }
    }
}

typedef struct linalg_job {
    interp *it;
    frame *f;
    const ir_op *op;
    const int64_t *bounds;
    operand_walk *w;
    bool all_linear;
    insn *code;
    uint32_t nbody;
    const ir_op *yield;
    const bool *out_read;
    int failed;
} linalg_job;

static void points_body(sp_ctx *ctx, void *ud) {
    (void)ctx;
    linalg_job *job = ud;
    linalg_points(job->it, job->f, job->op, job->bounds, job->w, job->all_linear, job->code, job->nbody, job->yield,
                  job->out_read);
}

/* Run the points; the job's heap state is freed on every path. */
static void run_guarded(interp *it, linalg_job *job) {
    job->it = it;
    job->failed = sp_pcall(it->ctx, points_body, job) != SP_OK;
    it->point = NULL;
    sp_free(it->ctx, job->code);
    sp_free(it->ctx, job->w);
    if (job->failed) sp_rethrow(it->ctx);
}

static void exec_linalg(interp *it, frame *f, const ir_op *op) {
    const ir_linalg *l = &op->u.lin;
    interp_value *V = f->vals;
    uint32_t n = l->nins + l->nouts;
    int64_t bounds[IR_MAX_RANK * 4];
    if (!ir_linalg_loop_bounds(op, bounds)) fail(it, op, "loop bounds cannot be inferred");
    /* results start as copies of the outs (destination-passing style) */
    interp_value res[16];
    if (l->nouts > SP_ARRAY_LEN(res)) fail(it, op, "too many outputs");
    for (uint32_t o = 0; o < l->nouts; o++) {
        const interp_value *src = &V[op->opnds[l->nins + o]->id];
        res[o].type = op->res[o].type;
        res[o].t = NULL;
        res[o].t = tensor_alloc(it, op, res[o].type, false);
        memcpy(res[o].t->data, src->t->data, res[o].t->bytes);
        /* hold it in the frame right away so an error frees it */
        V[op->res[o].id] = res[o];
    }
    const ir_block *body = ir_linalg_body(op);
    operand_walk *w = sp_try_malloc(it->ctx, n * sizeof *w);
    if (!w) fail(it, op, "out of memory");
    /* the walk state is freed on every path below: run loops without raising
     * through it; errors inside set `err` and break out */
    bool all_linear = true;
    for (uint32_t i = 0; i < n; i++) {
        const ir_value *x = op->opnds[i];
        if (x->type.kind == IR_T_SCALAR) {
            memset(&w[i], 0, sizeof w[i]);
            w[i].linear = true;
            continue;
        }
        walk_init(it, op, &w[i], l->maps[i], x->type, l->ndims);
        if (i < l->nins)
            w[i].base = V[x->id].t->data;
        else
            w[i].base = w[i].wbase = V[op->res[i - l->nins].id].t->data;
        if (!w[i].linear) all_linear = false;
    }
    /* scalar ins are loaded once */
    for (uint32_t i = 0; i < l->nins; i++)
        if (op->opnds[i]->type.kind == IR_T_SCALAR) V[body->args[i].id].s = V[op->opnds[i]->id].s;
    /* the body decoded into an array; outs args only loaded when read */
    uint32_t nbody = 0;
    for (const ir_op *o = body->first; o && o->kind != IR_OP_LINALG_YIELD; o = o->next) nbody++;
    insn *code = sp_try_malloc(it->ctx, (nbody ? nbody : 1) * sizeof *code);
    if (!code) {
        sp_free(it->ctx, w);
        fail(it, op, "out of memory");
    }
    nbody = 0;
    const ir_op *yield = NULL;
    bool nested = false;
    for (const ir_op *o = body->first; o; o = o->next) {
        if (o->kind == IR_OP_LINALG_YIELD)
            yield = o;
        else
            decode(o, &code[nbody++]);
        nested |= o->kind == IR_OP_LINALG;
    }
    bool out_read[16] = {0};
    for (uint32_t o = 0; o < l->nouts; o++) {
        const ir_value *arg = &body->args[l->nins + o];
        for (const ir_op *bo = body->first; bo && !out_read[o]; bo = bo->next)
            for (uint32_t j = 0; j < bo->nopnds; j++)
                if (bo->opnds[j] == arg) out_read[o] = true;
    }
    if (nested) {
        sp_free(it->ctx, code);
        sp_free(it->ctx, w);
        fail(it, op, "nested linalg ops are not supported");
    }
    linalg_job job = {it, f, op, bounds, w, all_linear, code, nbody, yield, out_read, 0};
    run_guarded(it, &job);
}

/* ----------------------------------------------------------- tensor ops */

static interp_value new_result(interp *it, frame *f, const ir_op *op, uint32_t r, bool zero) {
    interp_value v = {0};
    v.type = op->res[r].type;
    v.t = tensor_alloc(it, op, v.type, zero);
    f->vals[op->res[r].id] = v;
    return v;
}

static int64_t dyn_or(const interp_value *V, const ir_op *op, int64_t s, uint32_t *next) {
    return s == IR_DYNAMIC ? V[op->opnds[(*next)++]->id].s.i : s;
}

/* Copy a strided box between a big tensor and a dense small one. */
static void copy_box(interp *it, const ir_op *op, uint8_t *big, ir_type bt, uint8_t *small, const int64_t *off,
                     const int64_t *size, const int64_t *stride, bool to_small) {
    uint32_t rank = bt.rank;
    int nb = ir_dtype_bytes((ir_dtype)bt.dtype);
    int64_t bs[IR_MAX_RANK];
    ir_type_strides(bt, bs);
    int64_t total = 1;
    for (uint32_t d = 0; d < rank; d++) {
        if (off[d] < 0 || (size[d] > 0 && off[d] + (size[d] - 1) * stride[d] >= bt.dims[d]))
            fail(it, op, "slice runs out of bounds in dimension %u", d);
        total *= size[d];
    }
    int64_t idx[IR_MAX_RANK] = {0};
    for (int64_t e = 0; e < total; e++) {
        int64_t bo = 0;
        for (uint32_t d = 0; d < rank; d++) bo += (off[d] + idx[d] * stride[d]) * bs[d];
        if (to_small)
            memcpy(small + e * nb, big + bo * nb, (size_t)nb);
        else
            memcpy(big + bo * nb, small + e * nb, (size_t)nb);
        for (int d = (int)rank - 1; d >= 0; d--) {
            if (++idx[d] < size[d]) break;
            idx[d] = 0;
        }
    }
}

static void exec_slice(interp *it, frame *f, const ir_op *op) {
    interp_value *V = f->vals;
    bool ins = op->kind == IR_OP_INSERT_SLICE;
    const ir_slice_info *s = &op->u.slice;
    uint32_t next = ins ? 2 : 1;
    int64_t off[IR_MAX_RANK], size[IR_MAX_RANK], stride[IR_MAX_RANK];
    for (uint32_t d = 0; d < s->rank; d++) off[d] = dyn_or(V, op, s->offsets[d], &next);
    for (uint32_t d = 0; d < s->rank; d++) size[d] = dyn_or(V, op, s->sizes[d], &next);
    for (uint32_t d = 0; d < s->rank; d++) stride[d] = dyn_or(V, op, s->strides[d], &next);
    if (!ins) {
        const interp_value *src = &V[op->opnds[0]->id];
        interp_value r = new_result(it, f, op, 0, false);
        copy_box(it, op, src->t->data, src->type, r.t->data, off, size, stride, true);
    } else {
        const interp_value *src = &V[op->opnds[0]->id], *dst = &V[op->opnds[1]->id];
        interp_value r = new_result(it, f, op, 0, false);
        memcpy(r.t->data, dst->t->data, r.t->bytes);
        copy_box(it, op, r.t->data, r.type, src->t->data, off, size, stride, false);
    }
}

static void exec_pad(interp *it, frame *f, const ir_op *op) {
    interp_value *V = f->vals;
    const interp_value *src = &V[op->opnds[0]->id];
    interp_value r = new_result(it, f, op, 0, false);
    const ir_block *b = op->regions[0];
    ir_type st = src->type, rt = r.type;
    ir_dtype dt = (ir_dtype)rt.dtype;
    int nb = ir_dtype_bytes(dt);
    int64_t ss[IR_MAX_RANK];
    ir_type_strides(st, ss);
    int64_t total = ir_type_numel(rt), idx[IR_MAX_RANK] = {0};
    for (int64_t e = 0; e < total; e++) {
        bool inside = true;
        int64_t so = 0;
        for (uint32_t d = 0; d < rt.rank; d++) {
            int64_t s = idx[d] - op->u.pad.low[d];
            if (s < 0 || s >= st.dims[d]) inside = false;
            so += s * ss[d];
        }
        if (inside) {
            memcpy(r.t->data + e * nb, src->t->data + so * nb, (size_t)nb);
        } else {
            for (uint32_t d = 0; d < b->nargs; d++) V[b->args[d].id].s.i = idx[d];
            const ir_op *o;
            for (o = b->first; o && o->kind != IR_OP_TENSOR_YIELD; o = o->next) eval_scalar(it, f, o);
            store_elem(r.t->data + e * nb, dt, V[o->opnds[0]->id].s);
        }
        for (int d = (int)rt.rank - 1; d >= 0; d--) {
            if (++idx[d] < rt.dims[d]) break;
            idx[d] = 0;
        }
    }
}

/* tensor.from_elements: the operands in row-major order */
static void exec_from_elements(interp *it, frame *f, const ir_op *op) {
    interp_value r = new_result(it, f, op, 0, false);
    ir_dtype dt = (ir_dtype)r.type.dtype;
    int nb = ir_dtype_bytes(dt);
    for (uint32_t i = 0; i < op->nopnds; i++) store_elem(r.t->data + (size_t)i * nb, dt, f->vals[op->opnds[i]->id].s);
}

/* tensor.concat: per index of the dimensions before the concatenated one,
 * each operand's contiguous run in turn */
static void exec_concat(interp *it, frame *f, const ir_op *op) {
    interp_value r = new_result(it, f, op, 0, false);
    ir_type rt = r.type;
    uint32_t d = (uint32_t)op->u.dim;
    size_t nb = (size_t)ir_dtype_bytes((ir_dtype)rt.dtype);
    int64_t outer = 1, inner = 1; /* elements before d, and after it */
    for (uint32_t k = 0; k < d; k++) outer *= rt.dims[k];
    for (uint32_t k = d + 1; k < rt.rank; k++) inner *= rt.dims[k];
    size_t row = (size_t)(rt.dims[d] * inner) * nb;
    size_t at = 0;
    for (uint32_t i = 0; i < op->nopnds; i++) {
        const interp_value *x = &f->vals[op->opnds[i]->id];
        size_t run = (size_t)(x->type.dims[d] * inner) * nb;
        for (int64_t o = 0; o < outer && run; o++)
            memcpy(r.t->data + (size_t)o * row + at, x->t->data + (size_t)o * run, run);
        at += run;
    }
}

static void exec_assert(interp *it, frame *f, const ir_op *op) {
    if (!(f->vals[op->opnds[0]->id].s.i & 1)) assert_failed(it, op);
}
static void exec_pack(interp *it, frame *f, const ir_op *op) {
    interp_value *V = f->vals;
    bool pack = op->kind == IR_OP_PACK;
    const ir_pack_info *pk = &op->u.pack;
    const interp_value *src = &V[op->opnds[0]->id];
    interp_value r = new_result(it, f, op, 0, false);
    ir_type ut = pack ? src->type : r.type, pt = pack ? r.type : src->type;
    ir_dtype dt = (ir_dtype)ut.dtype;
    int nb = ir_dtype_bytes(dt);
    uint32_t ur = ut.rank;
    int64_t us[IR_MAX_RANK], ps[IR_MAX_RANK];
    ir_type_strides(ut, us);
    ir_type_strides(pt, ps);
    interp_scalar padv = {0};
    if (pack && pk->has_padding) padv = V[op->opnds[2]->id].s;
    /* walk the packed tensor: outer dims (permuted) then inner tiles */
    int64_t total = ir_type_numel(pt), idx[IR_MAX_RANK] = {0};
    for (int64_t e = 0; e < total; e++) {
        int64_t u[IR_MAX_RANK];
        for (uint32_t i = 0; i < ur; i++) {
            int64_t d = pk->outer_dims_perm ? pk->outer_dims_perm[i] : i;
            u[d] = idx[i];
        }
        for (uint32_t d = 0; d < ur; d++) {
            int64_t tile = 1;
            for (uint32_t k = 0; k < pk->ninner; k++)
                if (pk->inner_dims_pos[k] == d) tile = pk->inner_tiles[k];
            u[d] *= tile;
        }
        for (uint32_t k = 0; k < pk->ninner; k++) u[pk->inner_dims_pos[k]] += idx[ur + k];
        bool inside = true;
        int64_t uo = 0;
        for (uint32_t d = 0; d < ur; d++) {
            if (u[d] >= ut.dims[d]) inside = false;
            uo += u[d] * us[d];
        }
        if (pack) {
            if (inside)
                memcpy(r.t->data + e * nb, src->t->data + uo * nb, (size_t)nb);
            else
                store_elem(r.t->data + e * nb, dt, padv);
        } else if (inside) {
            memcpy(r.t->data + uo * nb, src->t->data + e * nb, (size_t)nb);
        }
        for (int d = (int)pt.rank - 1; d >= 0; d--) {
            if (++idx[d] < pt.dims[d]) break;
            idx[d] = 0;
        }
    }
    (void)ps;
}

static void exec_transfer_read(interp *it, frame *f, const ir_op *op) {
    interp_value *V = f->vals;
    const interp_value *src = &V[op->opnds[0]->id];
    uint32_t nidx = op->nopnds - 2;
    interp_value r = new_result(it, f, op, 0, false);
    ir_type st = src->type, vt = r.type;
    ir_dtype dt = (ir_dtype)st.dtype;
    int nb = ir_dtype_bytes(dt);
    int64_t base[IR_MAX_RANK], ss[IR_MAX_RANK];
    ir_type_strides(st, ss);
    for (uint32_t d = 0; d < nidx; d++) base[d] = V[op->opnds[1 + d]->id].s.i;
    interp_scalar pad = V[op->opnds[1 + nidx]->id].s;
    int64_t total = ir_type_numel(vt), vidx[IR_MAX_RANK] = {0};
    for (int64_t e = 0; e < total; e++) {
        int64_t si[IR_MAX_RANK];
        memcpy(si, base, sizeof(int64_t) * st.rank);
        for (uint32_t k = 0; k < vt.rank; k++) {
            /* default map: the vector's dims are the source's minor dims */
            int64_t d = op->u.xfer.perm ? ir_aexpr_dim(op->u.xfer.perm->res[k]) : (int64_t)(st.rank - vt.rank + k);
            if (d >= 0) si[d] += vidx[k];
        }
        bool inside = true;
        int64_t so = 0;
        for (uint32_t d = 0; d < st.rank; d++) {
            if (si[d] < 0 || si[d] >= st.dims[d]) inside = false;
            so += si[d] * ss[d];
        }
        store_elem(r.t->data + e * nb, dt, inside ? load_elem(src->t->data + so * nb, dt) : pad);
        for (int d = (int)vt.rank - 1; d >= 0; d--) {
            if (++vidx[d] < vt.dims[d]) break;
            vidx[d] = 0;
        }
    }
}

/* vector.print in mlir-runner's format: scalars with printf %g / %lld,
 * vectors as "( a, b, c )", nested per dimension: "( ( a, b ), ( c, d ) )" */
static void print_scalar(interp *it, interp_scalar s, ir_dtype dt) {
    if (ir_dtype_is_float(dt))
        fprintf(it->out, "%g", dt == IR_F64 ? s.f : (double)(float)s.f);
    else
        fprintf(it->out, "%lld", (long long)s.i);
}

static void print_vector(interp *it, const uint8_t *data, ir_dtype dt, const int64_t *dims, uint32_t rank) {
    int64_t inner = 1;
    for (uint32_t d = 1; d < rank; d++) inner *= dims[d];
    int nb = ir_dtype_bytes(dt);
    fputs("( ", it->out);
    for (int64_t i = 0; i < dims[0]; i++) {
        if (i) fputs(", ", it->out);
        if (rank > 1)
            print_vector(it, data + i * inner * nb, dt, dims + 1, rank - 1);
        else
            print_scalar(it, load_elem(data + i * nb, dt), dt);
    }
    fputs(" )", it->out);
}

static void exec_print(interp *it, frame *f, const ir_op *op) {
    if (!it->out) return;
    if (op->u.vprint.str) fwrite(op->u.vprint.str, 1, op->u.vprint.len, it->out);
    if (op->nopnds) {
        const interp_value *v = &f->vals[op->opnds[0]->id];
        ir_dtype dt = (ir_dtype)v->type.dtype;
        if (v->type.kind == IR_T_VECTOR && v->type.rank > 0) {
            print_vector(it, v->t->data, dt, v->type.dims, v->type.rank);
        } else if (v->type.kind == IR_T_VECTOR) {
            fputs("( ", it->out); /* vector<f32>: mlir-runner prints one element in parentheses */
            print_scalar(it, load_elem(v->t->data, dt), dt);
            fputs(" )", it->out);
        } else {
            print_scalar(it, v->s, dt);
        }
    }
    const char *p = op->u.vprint.punct;
    if (!p && op->u.vprint.str && !op->nopnds) return; /* `str` prints no newline */
    if (!p || !strcmp(p, "newline"))
        fputc('\n', it->out);
    else if (!strcmp(p, "comma"))
        fputs(", ", it->out);
    else if (!strcmp(p, "open"))
        fputs("( ", it->out);
    else if (!strcmp(p, "close"))
        fputs(" )", it->out);
}

static void exec_constant(interp *it, frame *f, const ir_op *op) {
    const ir_attr *a = op->u.value;
    if (a->kind != IR_A_ELEMENTS) {
        eval_scalar(it, f, op);
        return;
    }
    const ir_elements *e = a->u.elems;
    interp_value r = new_result(it, f, op, 0, false);
    int nb = ir_dtype_bytes((ir_dtype)e->type.dtype);
    int64_t n = ir_type_numel(e->type);
    if (e->splat)
        for (int64_t i = 0; i < n; i++) memcpy(r.t->data + i * nb, e->data, (size_t)nb);
    else
        memcpy(r.t->data, e->data, (size_t)(n * nb));
}

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ------------------------------------------------------------ blocks */

static void run_block(interp *it, frame *f, const ir_block *b, interp_value *yielded);

static void exec_for(interp *it, frame *f, const ir_op *op) {
    interp_value *V = f->vals;
    const ir_block *b = op->regions[0];
    int64_t lb = V[op->opnds[0]->id].s.i, ub = V[op->opnds[1]->id].s.i, step = V[op->opnds[2]->id].s.i;
    if (step <= 0) fail(it, op, "scf.for step must be positive, found %lld", (long long)step);
    uint32_t n = op->nres;
    interp_value carried[64];
    if (n > SP_ARRAY_LEN(carried)) fail(it, op, "too many iter_args");
    for (uint32_t i = 0; i < n; i++) {
        carried[i] = retain(V[op->opnds[3 + i]->id]);
        V[op->res[i].id] = carried[i]; /* owned by the frame while looping */
    }
    for (int64_t iv = lb; iv < ub; iv += step) {
        V[b->args[0].id].type = b->args[0].type;
        V[b->args[0].id].s.i = iv;
        V[b->args[0].id].t = NULL;
        for (uint32_t i = 0; i < n; i++) {
            V[b->args[1 + i].id] = V[op->res[i].id]; /* moved into the body */
            V[op->res[i].id].t = NULL;
        }
        interp_value next[64];
        run_block(it, f, b, next);
        for (uint32_t i = 0; i < n; i++) V[op->res[i].id] = next[i];
        if (iv > INT64_MAX - step) break;
    }
}

static void call_func(interp *it, const ir_op *callee, const interp_value *args, interp_value *results, const ir_op *site);

static void exec_op(interp *it, frame *f, const ir_op *op, interp_value *yielded) {
    interp_value *V = f->vals;
    switch ((ir_opkind)op->kind) {
    case IR_OP_CONSTANT: exec_constant(it, f, op); return;
    case IR_OP_EMPTY: new_result(it, f, op, 0, true); return;
    case IR_OP_LINALG: exec_linalg(it, f, op); return;
    case IR_OP_EXTRACT_SLICE:
    case IR_OP_INSERT_SLICE: exec_slice(it, f, op); return;
    case IR_OP_EXPAND_SHAPE:
    case IR_OP_COLLAPSE_SHAPE: {
        interp_value v = retain(V[op->opnds[0]->id]); /* same bytes, new shape */
        v.type = op->res[0].type;
        V[op->res[0].id] = v;
        return;
    }
    case IR_OP_INSERT: {
        const interp_value *t = &V[op->opnds[1]->id];
        interp_value r = new_result(it, f, op, 0, false);
        memcpy(r.t->data, t->t->data, r.t->bytes);
        int64_t off = 0;
        for (uint32_t d = 0; d < r.type.rank; d++) {
            int64_t ix = V[op->opnds[2 + d]->id].s.i;
            if (ix < 0 || ix >= r.type.dims[d]) fail(it, op, "tensor.insert index out of bounds");
            off = off * r.type.dims[d] + ix;
        }
        store_elem(r.t->data + off * ir_dtype_bytes((ir_dtype)r.type.dtype), (ir_dtype)r.type.dtype, V[op->opnds[0]->id].s);
        return;
    }
    case IR_OP_PAD: exec_pad(it, f, op); return;
    case IR_OP_FROM_ELEMENTS: exec_from_elements(it, f, op); return;
    case IR_OP_CONCAT: exec_concat(it, f, op); return;
    case IR_OP_ASSERT: exec_assert(it, f, op); return;
    case IR_OP_PACK:
    case IR_OP_UNPACK: exec_pack(it, f, op); return;
    case IR_OP_TRANSFER_READ: exec_transfer_read(it, f, op); return;
    case IR_OP_VPRINT: exec_print(it, f, op); return;
    case IR_OP_FOR: exec_for(it, f, op); return;
    case IR_OP_CALL: {
        ir_op *callee = ir_module_find_func(it->m, op->u.callee);
        if (!callee) fail(it, op, "call to undefined function '@%s'", op->u.callee);
        interp_value args[64], res[64];
        if (op->nopnds > 64 || op->nres > 64) fail(it, op, "too many call arguments or results");
        for (uint32_t i = 0; i < op->nopnds; i++) args[i] = V[op->opnds[i]->id];
        call_func(it, callee, args, res, op);
        for (uint32_t i = 0; i < op->nres; i++) V[op->res[i].id] = res[i];
        return;
    }
    case IR_OP_RETURN:
    case IR_OP_SCF_YIELD:
        for (uint32_t i = 0; i < op->nopnds; i++) yielded[i] = retain(V[op->opnds[i]->id]);
        return;
    default: break;
    }
    for (uint32_t i = 0; i < op->nopnds && op->kind != IR_OP_EXTRACT; i++)
        if (op->opnds[i]->type.kind != IR_T_SCALAR)
            fail(it, op, "'%s' on %s operands is not supported by the reference interpreter (use linalg)",
                 ir_op_name((ir_opkind)op->kind), op->opnds[i]->type.kind == IR_T_TENSOR ? "tensor" : "vector");
    if (op->nres == 1 && op->res[0].type.kind != IR_T_SCALAR && op->kind != IR_OP_EXTRACT)
        fail(it, op, "'%s' with a %s result is not supported by the reference interpreter", ir_op_name((ir_opkind)op->kind),
             op->res[0].type.kind == IR_T_TENSOR ? "tensor" : "vector");
    eval_scalar(it, f, op);
}

static void run_block(interp *it, frame *f, const ir_block *b, interp_value *yielded) {
    block_info *bi = block_liveness(it, b, f->nvalues);
    release_range(it, f, bi, 0);
    for (uint32_t i = 0; i < bi->nops; i++) {
        const ir_op *op = bi->ops[i];
        sp_interrupt_poll(it->ctx); /* Ctrl-C, when the caller asked (base/interrupt.h) */
        for (uint32_t r = 0; r < op->nres; r++) {
            f->vals[op->res[r].id].type = op->res[r].type;
            f->vals[op->res[r].id].t = NULL;
        }
        exec_op(it, f, op, yielded);
        release_range(it, f, bi, i + 1);
    }
}

static void call_func(interp *it, const ir_op *callee, const interp_value *args, interp_value *results, const ir_op *site) {
    const ir_func_info *fn = &callee->u.fn;
    if (fn->is_decl) {
        if (!strcmp(fn->name, "rtclock") && fn->nargs == 0 && fn->nres == 1 && fn->res_types[0].dtype == IR_F64) {
            results[0].type = fn->res_types[0];
            results[0].s.f = now_seconds();
            results[0].t = NULL;
            return;
        }
        fail(it, site, "call to external function '@%s', which has no body", fn->name);
    }
    if (it->depth >= MAX_CALL_DEPTH) fail(it, site, "call depth exceeds %d (recursion?)", MAX_CALL_DEPTH);
    ir_func_number((ir_op *)callee);
    frame *fr = sp_malloc(it->ctx, sizeof *fr);
    fr->vals = NULL;
    fr->nvalues = fn->nvalues;
    fr->up = it->top;
    it->top = fr; /* reachable for cleanup before anything else can fail */
    fr->vals = sp_calloc(it->ctx, fn->nvalues ? fn->nvalues : 1, sizeof *fr->vals);
    it->depth++;
    const ir_block *b = callee->regions[0];
    for (uint32_t i = 0; i < fn->nargs; i++) {
        fr->vals[b->args[i].id] = retain(args[i]);
        fr->vals[b->args[i].id].type = fn->arg_types[i];
    }
    run_block(it, fr, b, results);
    it->depth--;
    /* everything left in the frame dies with it */
    for (uint32_t i = 0; i < fr->nvalues; i++)
        if (fr->vals[i].t) tensor_unref(it, fr->vals[i].t);
    it->top = fr->up;
    sp_free(it->ctx, fr->vals);
    sp_free(it->ctx, fr);
}

void interp_run_ops(interp *it, interp_value *vals, uint32_t nvalues, ir_op *const *ops, uint32_t n) {
    frame *fr = sp_malloc(it->ctx, sizeof *fr);
    fr->vals = NULL; /* the caller's array: not freed with the frame */
    fr->nvalues = nvalues;
    fr->up = it->top;
    it->top = fr;
    for (uint32_t i = 0; i < n; i++) {
        for (uint32_t r = 0; r < ops[i]->nres; r++) {
            vals[ops[i]->res[r].id].type = ops[i]->res[r].type;
            vals[ops[i]->res[r].id].t = NULL;
        }
        frame view = {NULL, vals, nvalues};
        exec_op(it, &view, ops[i], NULL);
    }
    it->top = fr->up;
    sp_free(it->ctx, fr);
}

void interp_call(interp *it, ir_op *func, const interp_value *args, interp_value *results) {
    call_func(it, func, args, results, func);
}

/* ---------------------------------------------------- point evaluation */

/* Memoised element values, keyed by (value id, linear index). */
typedef struct memo_entry {
    uint64_t key; /* id << 40 | index, plus 1 (0 = empty) */
    interp_scalar v;
} memo_entry;

struct interp_points {
    interp *it;
    ir_op *func;
    const interp_value *args;
    interp_value *vals; /* the function's scalars, by id */
    uint32_t nvalues;
    memo_entry *memo;
    uint64_t nmemo, capmemo;
    uint64_t work;  /* body evaluations done */
    uint32_t depth;
};

static bool memo_get(interp_points *ip, uint64_t key, interp_scalar *out) {
    if (!ip->capmemo) return false;
    uint64_t mask = ip->capmemo - 1;
    for (uint64_t i = (key * 0x9E3779B97F4A7C15ull) >> 20 & mask;; i = (i + 1) & mask) {
        if (!ip->memo[i].key) return false;
        if (ip->memo[i].key == key) {
            *out = ip->memo[i].v;
            return true;
        }
    }
}

static void memo_put(interp_points *ip, uint64_t key, interp_scalar v) {
    if ((ip->nmemo + 1) * 2 > ip->capmemo) {
        uint64_t oldcap = ip->capmemo, nc = oldcap ? oldcap * 2 : 4096;
        memo_entry *old = ip->memo;
        memo_entry *nm = sp_try_malloc(ip->it->ctx, nc * sizeof *nm);
        if (!nm) fail(ip->it, NULL, "out of memory (point evaluation)");
        memset(nm, 0, nc * sizeof *nm);
        ip->memo = nm;
        ip->capmemo = nc;
        ip->nmemo = 0;
        for (uint64_t i = 0; i < oldcap; i++)
            if (old[i].key) memo_put(ip, old[i].key, old[i].v);
        sp_free(ip->it->ctx, old);
    }
    uint64_t mask = ip->capmemo - 1;
    uint64_t i = (key * 0x9E3779B97F4A7C15ull) >> 20 & mask;
    while (ip->memo[i].key && ip->memo[i].key != key) i = (i + 1) & mask;
    if (!ip->memo[i].key) ip->nmemo++;
    ip->memo[i].key = key;
    ip->memo[i].v = v;
}

static interp_scalar point_get(interp_points *ip, const ir_value *v, int64_t lin);

static void unravel(ir_type t, int64_t lin, int64_t *idx) {
    for (int d = (int)t.rank - 1; d >= 0; d--) {
        idx[d] = t.dims[d] ? lin % t.dims[d] : 0;
        lin = t.dims[d] ? lin / t.dims[d] : 0;
    }
}

static int64_t ravel(ir_type t, const int64_t *idx) {
    int64_t lin = 0;
    for (uint32_t d = 0; d < t.rank; d++) lin = lin * t.dims[d] + idx[d];
    return lin;
}

/* Element `lin` of a structured op's single output, from the points that
 * write it, in lexicographic order, as interp_call computes it. */
/* Result ri of linalg op at linear index lin: the body run over the loops
 * the output maps leave free, every output's accumulator carried (an
 * argmax reads the max's), all outputs at one map. */
static interp_scalar point_linalg(interp_points *ip, const ir_op *op, int64_t lin, uint32_t ri) {
    interp *it = ip->it;
    const ir_linalg *l = &op->u.lin;
    const ir_block *body = ir_linalg_body(op);
    const ir_amap *om = l->maps[l->nins];
    ir_type ot = op->res[ri].type;
    int64_t oidx[IR_MAX_RANK], bounds[IR_MAX_RANK * 4], p[IR_MAX_RANK * 4];
    unravel(ot, lin, oidx);
    ir_linalg_loop_bounds(op, bounds);
    bool fixed[IR_MAX_RANK * 4] = {0};
    for (uint32_t r = 0; r < om->nres; r++) {
        int d = ir_aexpr_dim(om->res[r]);
        if (d < 0) continue; /* a kept unit dim, at 0 */
        p[d] = oidx[r];
        fixed[d] = true;
    }
    uint32_t freed[IR_MAX_RANK * 4], nfree = 0;
    int64_t total = 1;
    for (uint32_t d = 0; d < l->ndims; d++)
        if (!fixed[d]) {
            freed[nfree++] = d;
            p[d] = 0;
            total *= bounds[d];
        }
    interp_scalar acc[8];
    for (uint32_t o = 0; o < l->nouts; o++) acc[o] = point_get(ip, op->opnds[l->nins + o], lin);
    insn code[64];
    uint32_t nbody = 0;
    const ir_op *yield = NULL;
    for (const ir_op *o = body->first; o; o = o->next) {
        if (o->kind == IR_OP_LINALG_YIELD) {
            yield = o;
            continue;
        }
        if (nbody == SP_ARRAY_LEN(code) || o->kind == IR_OP_LINALG) fail(it, op, "body too complex for point evaluation");
        decode(o, &code[nbody++]);
    }
    interp_value *V = ip->vals;
    for (int64_t t = 0; t < total; t++) {
        for (uint32_t i = 0; i < l->nins; i++) {
            const ir_value *x = op->opnds[i];
            if (x->type.kind == IR_T_SCALAR) {
                V[body->args[i].id].s = V[x->id].s;
                continue;
            }
            int64_t xi[IR_MAX_RANK];
            for (uint32_t r = 0; r < l->maps[i]->nres; r++) {
                xi[r] = ir_aexpr_eval(l->maps[i]->res[r], p, NULL);
                if (xi[r] < 0 || xi[r] >= x->type.dims[r]) fail(it, op, "operand #%u is accessed out of bounds", i);
            }
            V[body->args[i].id].s = point_get(ip, x, ravel(x->type, xi));
        }
        for (uint32_t o = 0; o < l->nouts; o++) V[body->args[l->nins + o].id].s = acc[o];
        it->point = p;
        it->npoint = l->ndims;
        for (uint32_t k = 0; k < nbody; k++) exec_insn(it, V, &code[k]);
        it->point = NULL;
        for (uint32_t o = 0; o < l->nouts; o++) acc[o] = V[yield->opnds[o]->id].s;
        ip->work++;
        for (int k = (int)nfree - 1; k >= 0; k--) {
            if (++p[freed[k]] < bounds[freed[k]]) break;
            p[freed[k]] = 0;
        }
    }
    /* the stored value is rounded to the element type, as a store would */
    uint8_t tmp[8];
    store_elem(tmp, (ir_dtype)ot.dtype, acc[ri]);
    return load_elem(tmp, (ir_dtype)ot.dtype);
}

static interp_scalar point_get(interp_points *ip, const ir_value *v, int64_t lin) {
    interp *it = ip->it;
    interp_scalar s = {0};
    uint64_t key = (((uint64_t)v->id << 40) | (uint64_t)lin) + 1;
    if (memo_get(ip, key, &s)) return s;
    ir_dtype dt = (ir_dtype)v->type.dtype;
    if (!v->def) { /* an argument */
        const interp_value *a = &ip->args[v->index];
        return load_elem(interp_data(a) + lin * ir_dtype_bytes(dt), dt);
    }
    const ir_op *d = v->def;
    if (++ip->depth > 4096) fail(it, d, "value chain too deep for point evaluation");
    switch ((ir_opkind)d->kind) {
    case IR_OP_CONSTANT: {
        const ir_elements *e = d->u.value->u.elems;
        uint8_t tmp[8];
        int nb = ir_dtype_bytes(dt);
        memcpy(tmp, e->data + (e->splat ? 0 : lin * nb), (size_t)nb);
        s = load_elem(tmp, dt);
        break;
    }
    case IR_OP_EMPTY: break; /* zeros, as interp_call */
    case IR_OP_EXPAND_SHAPE:
    case IR_OP_COLLAPSE_SHAPE: s = point_get(ip, d->opnds[0], lin); break;
    case IR_OP_EXTRACT_SLICE: {
        const ir_slice_info *si = &d->u.slice;
        ir_type st = d->opnds[0]->type, rt = d->res[0].type;
        int64_t ridx[IR_MAX_RANK], sidx[IR_MAX_RANK];
        unravel(rt, lin, ridx);
        uint32_t k = 0, next = 1;
        for (uint32_t i = 0; i < si->rank; i++) {
            int64_t off = si->offsets[i] == IR_DYNAMIC ? ip->vals[d->opnds[next++]->id].s.i : si->offsets[i];
            /* result dims are the slice dims minus dropped unit dims */
            int64_t r = 0;
            if (k < rt.rank && rt.dims[k] == si->sizes[i] && !(si->sizes[i] == 1 && rt.rank - k < si->rank - i))
                r = ridx[k++];
            sidx[i] = off + r * si->strides[i];
        }
        s = point_get(ip, d->opnds[0], ravel(st, sidx));
        break;
    }
    case IR_OP_FROM_ELEMENTS: s = ip->vals[d->opnds[lin]->id].s; break;
    case IR_OP_PAD: { /* the source's element, or the padding value (a scalar from outside the body) */
        const ir_pad_info *pi = &d->u.pad;
        const ir_value *src = d->opnds[0];
        const ir_block *b = d->nregions ? d->regions[0] : NULL;
        const ir_op *y = b ? b->first : NULL;
        if (!y || y->kind != IR_OP_TENSOR_YIELD || y->nopnds != 1 || y->opnds[0]->owner == b ||
            (y->opnds[0]->def && y->opnds[0]->def->parent == b) || pi->rank != src->type.rank)
            fail(it, d, "point evaluation needs a pad by a value from outside its body");
        int64_t idx[IR_MAX_RANK];
        unravel(d->res[0].type, lin, idx);
        bool in = true;
        for (uint32_t i = 0; i < pi->rank; i++) {
            if (pi->low[i] == IR_DYNAMIC) fail(it, d, "point evaluation needs static padding");
            idx[i] -= pi->low[i];
            in = in && idx[i] >= 0 && idx[i] < src->type.dims[i];
        }
        s = in ? point_get(ip, src, ravel(src->type, idx)) : ip->vals[y->opnds[0]->id].s;
        break;
    }
    case IR_OP_CONCAT: {
        ir_type rt = d->res[0].type;
        uint32_t cd = (uint32_t)d->u.dim, i = 0;
        int64_t idx[IR_MAX_RANK];
        unravel(rt, lin, idx);
        while (idx[cd] >= d->opnds[i]->type.dims[cd]) idx[cd] -= d->opnds[i++]->type.dims[cd];
        s = point_get(ip, d->opnds[i], ravel(d->opnds[i]->type, idx));
        break;
    }
    case IR_OP_LINALG:
    {
        const ir_linalg *l = &d->u.lin;
        bool ok = l->nouts <= 8 && ir_amap_is_projected_perm(l->maps[l->nins], true);
        for (uint32_t o = 1; ok && o < l->nouts; o++) ok = ir_amap_eq(l->maps[l->nins + o], l->maps[l->nins]);
        for (uint32_t r = 0; ok && r < l->maps[l->nins]->nres; r++) /* a kept dim at 0 has size 1 */
            ok = ir_aexpr_dim(l->maps[l->nins]->res[r]) >= 0 || d->res[0].type.dims[r] == 1;
        if (!ok) fail(it, d, "point evaluation needs outputs indexed by the loops through one map");
        s = point_linalg(ip, d, lin, v->index);
    }
        break;
    default: fail(it, d, "point evaluation does not support '%s'", ir_op_name((ir_opkind)d->kind));
    }
    ip->depth--;
    memo_put(ip, key, s);
    return s;
}

interp_points *interp_points_new(interp *it, ir_op *func, const interp_value *args) {
    interp_points *ip = sp_calloc(it->ctx, 1, sizeof *ip);
    ip->it = it;
    ip->func = func;
    ip->args = args;
    ir_func_number(func);
    ip->nvalues = func->u.fn.nvalues;
    ip->vals = sp_calloc(it->ctx, ip->nvalues ? ip->nvalues : 1, sizeof *ip->vals);
    return ip;
}

void interp_points_prepare(interp_points *ip) {
    /* scalar arguments and function-level scalars, once */
    ir_block *b = ip->func->regions[0];
    for (uint32_t i = 0; i < b->nargs; i++)
        if (b->args[i].type.kind == IR_T_SCALAR) ip->vals[b->args[i].id] = ip->args[i];
    for (ir_op *op = b->first; op; op = op->next)
        if (op->nres == 1 && op->res[0].type.kind == IR_T_SCALAR) {
            for (uint32_t i = 0; i < op->nopnds; i++)
                if (op->opnds[i]->type.kind != IR_T_SCALAR)
                    fail(ip->it, op, "point evaluation needs scalars that do not read tensors");
            frame view = {NULL, ip->vals, ip->nvalues};
            exec_op(ip->it, &view, op, NULL);
        }
}

interp_scalar interp_points_eval(interp_points *ip, uint32_t result, int64_t lin) {
    const ir_op *ret = ip->func->regions[0]->last;
    return point_get(ip, ret->opnds[result], lin);
}

uint64_t interp_points_work(const interp_points *ip) { return ip->work; }

void interp_points_free(interp_points *ip) {
    if (!ip) return;
    sp_free(ip->it->ctx, ip->memo);
    sp_free(ip->it->ctx, ip->vals);
    sp_free(ip->it->ctx, ip);
}
