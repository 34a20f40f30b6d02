/* body.c - the body program (body.h): registers, captures, and the
 * decompositions every backend shares. */
#include "body.h"

#include <string.h>

void bd_init(bd_prog *p, const bd_target *t) {
    p->tg = t;
    p->n = p->nregs = p->nalias = 0;
    p->full = false;
}

int bd_reg(bd_prog *p, const ir_value *v) {
    if (p->nregs >= BD_MAX_REGS) {
        p->full = true;
        return -1;
    }
    p->val[p->nregs] = v;
    return (int)p->nregs++;
}

bool bd_bind(bd_prog *p, const ir_value *v, int r) {
    if (r < 0) return false;
    if (p->nalias >= BD_MAX_REGS) {
        p->full = true;
        return false;
    }
    p->alias_val[p->nalias] = v;
    p->alias_reg[p->nalias++] = (uint16_t)r;
    return true;
}

/* Bindings first, then the newest register of v: a value the backend
 * registered twice (a re-read input) is its latest copy. */
int bd_lookup(const bd_prog *p, const ir_value *v) {
    for (uint32_t i = 0; i < p->nalias; i++)
        if (p->alias_val[i] == v) return p->alias_reg[i];
    for (uint32_t i = p->nregs; i-- > 0;)
        if (p->val[i] == v) return (int)i;
    return -1;
}

static bd_insn *append(bd_prog *p, ir_opkind k, ir_dtype dt) {
    if (p->n >= BD_MAX_INSNS) {
        p->full = true;
        return NULL;
    }
    bd_insn *in = &p->insn[p->n++];
    memset(in, 0, sizeof *in);
    in->kind = (uint16_t)k;
    in->dt = (uint8_t)dt;
    in->dst = in->a = in->b = in->c = BD_NONE;
    return in;
}

int bd_operand(bd_prog *p, const ir_value *v) {
    int r = bd_lookup(p, v);
    if (r >= 0) return r;
    if (v->type.kind != IR_T_SCALAR) return -1;
    bd_insn *in = append(p, IR_OP_CONSTANT, (ir_dtype)v->type.dtype);
    r = bd_reg(p, v);
    if (!in || r < 0) return -1;
    in->capture = true;
    in->dst = (uint16_t)r;
    in->val = v;
    in->op = v->def;
    return r;
}

/* ---- decompositions: each a short program over the operand x, written
 * once. A step reads x (X) or an earlier step's result; the last step's
 * result is the op's. */

#define X (-1) /* the operand */
#define N (-2) /* no operand */

typedef struct bd_step {
    uint16_t kind;
    int8_t a, b;
    double imm; /* IR_OP_CONSTANT */
} bd_step;

typedef struct bd_decomp {
    uint16_t kind;
    uint8_t nsteps;
    bd_step step[12];
} bd_decomp;

/* expm1(x) = tanh(x/2) (e^x + 1) and sinh(x) = tanh(x/2) (cosh(x) + 1),
 * exactly: tanh(x/2) carries the small-x accuracy that e^x - 1 and
 * (e^x - e^-x)/2 lose, and the other factor is a sum of positives, so
 * there is no cancellation anywhere and the error is about the sum of
 * the pieces' (tanh 2 ulp, exp 1 ulp, a few roundings).
 * cosh(x) = (e^x + e^-x) / 2, a sum of positives. All three overflow (to
 * inf) where e^|x| does, from |x| > 88.72: the reference's sinh and cosh
 * a little later, from 89.42. */
#define C(v) {IR_OP_CONSTANT, N, N, v}
#define U(k, a) {IR_OP_##k, a, N, 0}
#define B(k, a, b) {IR_OP_##k, a, b, 0}
static const bd_decomp decomps[] = {
    {IR_OP_EXPM1, 7, {C(0.5), B(MULF, X, 0), U(TANH, 1), U(EXP, X), C(1.0), B(ADDF, 3, 4), B(MULF, 2, 5)}},
    {IR_OP_SINH, 7, {C(0.5), B(MULF, X, 0), U(TANH, 1), U(COSH, X), C(1.0), B(ADDF, 3, 4), B(MULF, 2, 5)}},
    {IR_OP_COSH, 6, {U(EXP, X), U(NEGF, X), U(EXP, 1), B(ADDF, 0, 2), C(0.5), B(MULF, 3, 4)}},
};
#undef C
#undef U
#undef B

/* The special functions: the transcendentals the decompositions above are
 * written in and that none decomposes further. A backend with a function
 * unit of its own computes these (the npu's SFU: npu/analyze.c). */
bool bd_special_fn(ir_opkind k) {
    return k == IR_OP_EXP || k == IR_OP_LOG || k == IR_OP_TANH || k == IR_OP_ERF;
}

static const bd_decomp *decomp_of(ir_opkind k, ir_dtype dt) {
    if (dt != IR_F32) return NULL;
    for (size_t i = 0; i < sizeof decomps / sizeof decomps[0]; i++)
        if (decomps[i].kind == k) return &decomps[i];
    return NULL;
}

static bool native(const bd_prog *p, ir_opkind k, ir_dtype dt) { return p->tg->native(p->tg->ud, k, dt); }

bool bd_decomposes(const bd_prog *p, ir_opkind k, ir_dtype dt) {
    const bd_decomp *d = decomp_of(k, dt);
    if (!d) return false;
    for (uint32_t s = 0; s < d->nsteps; s++) {
        ir_opkind sk = (ir_opkind)d->step[s].kind;
        if (!native(p, sk, dt) && !bd_decomposes(p, sk, dt)) return false;
    }
    return true;
}

/* Append op k of type dt on register x as its decomposition's steps (each
 * native, or decomposed in turn); the result lands in register *out. */
static bool expand(bd_prog *p, ir_opkind k, ir_dtype dt, int x, int *out) {
    const bd_decomp *d = decomp_of(k, dt);
    int r[12];
    for (uint32_t s = 0; s < d->nsteps; s++) {
        const bd_step *st = &d->step[s];
        const int a = st->a == X ? x : st->a == N ? -1 : r[st->a];
        const int b = st->b == X ? x : st->b == N ? -1 : r[st->b];
        if (!native(p, (ir_opkind)st->kind, dt)) {
            if (!expand(p, (ir_opkind)st->kind, dt, a, &r[s])) return false;
            continue;
        }
        bd_insn *in = append(p, (ir_opkind)st->kind, dt);
        r[s] = bd_reg(p, NULL);
        if (!in || r[s] < 0) return false;
        in->dst = (uint16_t)r[s];
        in->t[0] = in->t[1] = (uint8_t)dt;
        if (st->kind == IR_OP_CONSTANT) in->imm = dt == IR_F32 ? (double)(float)st->imm : st->imm;
        if (a >= 0) in->a = (uint16_t)a, in->nopnds = 1;
        if (b >= 0) in->b = (uint16_t)b, in->nopnds = 2;
    }
    *out = r[d->nsteps - 1];
    return true;
}

bool bd_op(bd_prog *p, const ir_op *o) {
    int r[3] = {BD_NONE, BD_NONE, BD_NONE};
    if (o->nres != 1 || o->nopnds > 3) return false;
    const ir_dtype dt = (ir_dtype)o->res[0].type.dtype;
    const ir_opkind k = (ir_opkind)o->kind;
    for (uint32_t i = 0; i < o->nopnds; i++) {
        r[i] = bd_operand(p, o->opnds[i]);
        if (r[i] < 0) return false;
    }
    if (!native(p, k, dt) && o->nopnds == 1 && bd_decomposes(p, k, dt)) {
        int res;
        if (!expand(p, k, dt, r[0], &res)) return false;
        /* the last step's register is the op's result */
        p->val[res] = &o->res[0];
        p->insn[p->n - 1].val = &o->res[0];
        return true;
    }
    bd_insn *in = append(p, k, dt);
    const int d = bd_reg(p, &o->res[0]);
    if (!in || d < 0) return false;
    in->dst = (uint16_t)d;
    in->a = (uint16_t)r[0], in->b = (uint16_t)r[1], in->c = (uint16_t)r[2];
    in->nopnds = (uint8_t)o->nopnds;
    for (uint32_t i = 0; i < o->nopnds; i++) in->t[i] = (uint8_t)o->opnds[i]->type.dtype;
    in->op = o;
    in->val = &o->res[0];
    return true;
}
