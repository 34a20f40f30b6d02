/* interp_scalar.c - the reference interpreter's scalar ops as the rest of
 * spadc calls them (interp.h: interp_load_elem, interp_store_elem,
 * interp_scalar_op, interp_failure_text), cf.assert's message, and one
 * scalar op run on a frame (interp_scalar.h has the semantics). */
#include "interp_scalar.h"

#include <stdio.h>

interp_scalar interp_load_elem(const uint8_t *p, ir_dtype dt) { return it_load_elem(p, dt); }
void interp_store_elem(uint8_t *p, ir_dtype dt, interp_scalar s) { it_store_elem(p, dt, s); }

static float rsqrt32(float x) { return 1.0f / sqrtf(x); }
static double rsqrt64(double x) { return 1.0 / sqrt(x); }
static double neg64(double x) { return -x; }

/* f32, f64, monotone (the ops check_bound.c bounds through their secants,
 * with sqrt, sin and cos, which it treats apart) */
const it_math1_fn it_math1_table[IR_OP_COUNT] = {
    [IR_OP_EXP] = {expf, exp, true},       [IR_OP_EXP2] = {exp2f, exp2, true},  [IR_OP_LOG] = {logf, log, true},
    [IR_OP_LOG2] = {log2f, log2, true},    [IR_OP_LOG1P] = {log1pf, log1p, true}, [IR_OP_EXPM1] = {expm1f, expm1, false},
    [IR_OP_TANH] = {tanhf, tanh, true},    [IR_OP_ERF] = {erff, erf, true},     [IR_OP_SIN] = {sinf, sin, false},
    [IR_OP_COS] = {cosf, cos, false},             [IR_OP_SINH] = {sinhf, sinh, false},        [IR_OP_COSH] = {coshf, cosh, false},
    [IR_OP_RSQRT] = {rsqrt32, rsqrt64, true},
    [IR_OP_SQRT] = {NULL, sqrt, false},           [IR_OP_ABSF] = {NULL, fabs, false},         [IR_OP_NEGF] = {NULL, neg64, false},
    [IR_OP_FLOOR] = {NULL, floor, true},   [IR_OP_CEIL] = {NULL, ceil, true},
};

bool interp_math1_fns(ir_opkind k, float (**f32)(float), double (**f64)(double)) {
    const it_math1_fn *fn = (unsigned)k < IR_OP_COUNT ? &it_math1_table[k] : NULL;
    *f32 = fn ? fn->f32 : NULL;
    *f64 = fn ? fn->f64 : NULL;
    return *f64 != NULL;
}

bool interp_scalar_op(const ir_op *op, const interp_scalar *a, const interp_scalar *b, const interp_scalar *c,
                      interp_scalar *r, const char **why) {
    ir_dtype rt = op->nres ? (ir_dtype)op->res[0].type.dtype : IR_DT_NONE;
    ir_dtype at = op->nopnds ? (ir_dtype)op->opnds[0]->type.dtype : IR_DT_NONE;
    const char *e = it_scalar_op((ir_opkind)op->kind, op, rt, at, a, b, c, r);
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

SP_NORETURN void it_assert_failed(interp *it, const ir_op *op) {
    char text[SP_ERR_MSG_MAX];
    assert_text(op, text, sizeof text);
    it_fail(it, op, "%s", text);
}

void interp_failure_text(const ir_op *op, char *buf, size_t size) {
    if (op && op->kind == IR_OP_ASSERT)
        assert_text(op, buf, size);
    else if (op && op->kind == IR_OP_EXTRACT)
        snprintf(buf, size, "tensor.extract index out of bounds");
    else
        snprintf(buf, size, "integer division by zero");
}

void it_eval_scalar(interp *it, it_frame *f, const ir_op *op) {
    it_insn in;
    it_decode(op, &in);
    it_exec_insn(it, f->vals, &in);
}
