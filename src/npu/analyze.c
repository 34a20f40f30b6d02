/* analyze.c - the npu lowering's first job (lower.h): what a fused kernel
 * is on the npu, or why the host runs it (nl_analyze): its tile loops (rows,
 * columns, reduction), how it reads each tensor (an affine access, a
 * constant, a run-time scalar), and its linalg bodies compiled to vector
 * register programs. Then layout.c gives a candidate tile its buffers,
 * emit.c writes its program, and search.c times the candidates and chooses
 * one; lower_int.h holds what they share. */
#include "lower_int.h"

#include "plan/iobound.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "interp/interp.h"
#include "passes/body.h"

SP_PRINTF(2, 3) void nl_host(nl_kernel *kp, const char *fmt, ...) {
    if (!kp->npu) return; /* keep the first reason */
    kp->npu = false;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(kp->why, sizeof kp->why, fmt, ap);
    va_end(ap);
}

const char *nl_op_text(const ir_op *op, char *buf, size_t n) {
    if (op->kind == IR_OP_LINALG)
        snprintf(buf, n, "linalg.%s", ir_linalg_kind_name((ir_linalg_kind)op->u.lin.named));
    else
        snprintf(buf, n, "%s", ir_op_name((ir_opkind)op->kind));
    return buf;
}

/* The npu's element type of an IR element type (index as i64, as the
 * reference stores it); false for one the npu does not hold. */
bool nl_dtype_of(ir_dtype d, np_dtype *out) {
    switch (d) {
    case IR_F32: *out = NP_F32; return true;
    case IR_F64: *out = NP_F64; return true;
    case IR_BF16: *out = NP_BF16; return true;
    case IR_F16: *out = NP_F16; return true;
    case IR_I1: *out = NP_I1; return true;
    case IR_I8: *out = NP_I8; return true;
    case IR_I16: *out = NP_I16; return true;
    case IR_I32: *out = NP_I32; return true;
    case IR_I64:
    case IR_INDEX: *out = NP_I64; return true;
    default: return false;
    }
}

np_scalar nl_scalar_of(interp_scalar v) {
    np_scalar s;
    memcpy(&s, &v, sizeof s); /* one layout: double f / int64 i */
    return s;
}

/* The value of a scalar arith.constant, as the reference computes it. */
bool nl_const_value(const ir_op *def, np_scalar *out) {
    if (!def || def->kind != IR_OP_CONSTANT || def->nres != 1 || def->res[0].type.kind != IR_T_SCALAR) return false;
    interp_scalar z = {0}, r;
    if (!interp_scalar_op(def, &z, &z, &z, &r, NULL)) return false;
    *out = nl_scalar_of(r);
    return true;
}

/* How the kernel reads v through map (over the kernel's loops). */
static bool make_access(const nl_kernel *kp, const nl_env *env, const ir_value *v, const ir_amap *map, nl_access *a) {
    memset(a, 0, sizeof *a);
    np_dtype dt;
    if (!nl_dtype_of((ir_dtype)v->type.dtype, &dt)) return false;
    a->dt = (uint8_t)dt;
    if (v->type.kind == IR_T_SCALAR) {
        if (nl_const_value(v->def, &a->imm)) {
            a->kind = NL_A_IMM;
        } else {
            a->kind = NL_A_SCALAR;
            a->value = v->id;
        }
        return true;
    }
    if (v->type.kind != IR_T_TENSOR || !map) return false;
    const uint8_t *elem = NULL;
    if (env->splat(env->ud, v->id, &elem)) { /* a splat (or an empty: zeros) is a scalar, law L6 */
        a->kind = NL_A_IMM;
        if (elem) a->imm = nl_scalar_of(interp_load_elem(elem, (ir_dtype)v->type.dtype));
        return true;
    }
    a->kind = NL_A_TENSOR;
    a->value = env->root(env->ud, v->id);
    int64_t ts[IR_MAX_RANK];
    ir_type_strides(v->type, ts);
    for (uint32_t r = 0; r < map->nres; r++) {
        int64_t coef[KN_MAX_DIMS] = {0}, cst = 0;
        if (!ir_aexpr_linear(map->res[r], kp->k->ndims, coef, &cst)) return false;
        for (uint32_t d = 0; d < kp->k->ndims; d++) a->stride[d] += coef[d] * ts[r];
        a->off += cst * ts[r];
    }
    return true;
}

/* ---- body compilation: linalg bodies to a vector register program.
 * The values and the captured scalars are the body program's
 * (passes/body.h), each body register given a vector register as it is
 * made; an op the vector unit has no instruction for is decomposed there
 * when it can be (expm1, sinh, cosh in f32), else run with the
 * reference's semantics (NV_OP). */

typedef struct vcomp {
    nl_kernel *kp;
    np_vprog *p;
    bd_prog bp;
    bd_target tg;
    uint32_t done;              /* bp.insn[0, done) translated */
    int16_t reg[BD_MAX_REGS];   /* the vector register of each body register */
    uint32_t nval;
    uint8_t next;
    uint8_t rdt[NP_VMAX_REGS]; /* each register's type */
    bool ok;
    int32_t slot_of_input[64]; /* kernel input -> source slot, -2 unseen */
    int gsrc;                  /* a gather's program after the gathering DMA: the source slot of the gathered
                                  tile (the extract reads it); -1: the index program (the extract's index) */
} vcomp;

static void vfail(vcomp *vc, const char *fmt, ...) SP_PRINTF(2, 3);
static void vfail(vcomp *vc, const char *fmt, ...) {
    if (!vc->ok) return;
    vc->ok = false;
    char buf[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    nl_host(vc->kp, "%s", buf);
}

/* Body register b holds vector register reg. */
static int vset(vcomp *vc, int b, int reg) {
    if (b < 0 || vc->nval >= NP_VMAX_REGS * 2) {
        vfail(vc, "the fused body has more values than the vector unit's %d registers", NP_VMAX_REGS);
        return -1;
    }
    vc->nval++;
    vc->reg[b] = (int16_t)(uint8_t)reg;
    return reg;
}

static int vbind(vcomp *vc, const ir_value *v, int reg) { return vset(vc, bd_reg(&vc->bp, v), reg); }

static int vnew(vcomp *vc) {
    if (vc->next >= NP_VMAX_REGS) {
        vfail(vc, "the fused body needs more than the vector unit's %d registers", NP_VMAX_REGS);
        return -1;
    }
    return vc->next++;
}

static int vlookup(const vcomp *vc, const ir_value *v) {
    const int b = bd_lookup(&vc->bp, v);
    return b < 0 ? -1 : vc->reg[b];
}

static int size_class(int bytes) { return bytes >= 8 ? 3 : bytes >= 4 ? 2 : bytes >= 2 ? 1 : 0; }

/* An instruction with result type dt and operand type at. */
static np_vinsn *vemit(vcomp *vc, np_vop op, np_dtype dt, np_dtype at, int d, int a, int b, int c) {
    if (!vc->ok) return NULL;
    if (vc->p->n >= NP_VMAX_INSNS || d < 0 || a < 0 || b < 0 || c < 0) {
        vfail(vc, "the fused body is too long for one vector program (%d instructions)", NP_VMAX_INSNS);
        return NULL;
    }
    np_vinsn *v = &vc->p->insn[vc->p->n++];
    *v = (np_vinsn){.op = (uint8_t)op, .d = (uint8_t)d, .a = (uint8_t)a, .b = (uint8_t)b, .c = (uint8_t)c,
                    .dt = (uint8_t)dt, .at = (uint8_t)at};
    vc->rdt[d] = (uint8_t)dt;
    if (op >= NV_ADD) { /* arithmetic: its lanes are as wide as its widest elements */
        int bytes = np_dtype_bytes(dt) > np_dtype_bytes(at) ? np_dtype_bytes(dt) : np_dtype_bytes(at);
        vc->p->nalu++;
        vc->p->nalu_bytes[size_class(bytes)]++;
    }
    return v;
}

/* An NV_FN: unary function k of register a. */
static np_vinsn *vemit_fn(vcomp *vc, ir_opkind k, np_dtype dt, int d, int a) {
    np_vinsn *v = vemit(vc, NV_FN, dt, dt, d, a, 0, 0);
    if (!v) return NULL;
    v->fn = (uint16_t)k;
    if (!np_vfn_alu(v->fn)) vc->p->sfu = true;
    return v;
}

/* The vector instruction of float op k, or -1. */
static int nv_of(ir_opkind k) {
    switch (k) {
    case IR_OP_ADDF: return NV_ADD;
    case IR_OP_SUBF: return NV_SUB;
    case IR_OP_MULF: return NV_MUL;
    case IR_OP_DIVF: return NV_DIV;
    case IR_OP_MAXIMUMF: return NV_MAX;
    case IR_OP_MINIMUMF: return NV_MIN;
    case IR_OP_MAXNUMF: return NV_MAXNUM;
    case IR_OP_MINNUMF: return NV_MINNUM;
    /* the SFU computes the body program's special functions natively (at
     * spadc_sfu_latency_cycles); any other is decomposed into these by the
     * body program, or runs as one generic op (special_fn) */
    default: return np_vfn_alu((uint16_t)k) || bd_special_fn(k) ? NV_FN : -1;
    }
}

/* The vector unit's op table (body.h): its float instructions, on f32
 * and f64 (bf16 and f16 run the reference's semantics, NV_OP). */
static bool vec_native(const void *ud, ir_opkind k, ir_dtype dt) {
    (void)ud;
    if (dt != IR_F32 && dt != IR_F64) return false;
    return nv_of(k) >= 0 || k == IR_OP_CONSTANT || k == IR_OP_CMPF || k == IR_OP_SELECT;
}

/* Translate the body program's new instructions: a captured scalar (a
 * constant, or a run-time value), or a step of a decomposition (body.h:
 * only instructions vec_native has). */
static void vsync(vcomp *vc) {
    for (; vc->done < vc->bp.n && vc->ok; vc->done++) {
        const bd_insn *bi = &vc->bp.insn[vc->done];
        np_dtype dt;
        if (!nl_dtype_of((ir_dtype)bi->dt, &dt)) {
            vfail(vc, "the fused body reads a %s value from outside it", ir_dtype_name((ir_dtype)bi->dt));
            return;
        }
        const int r = vnew(vc);
        if (r < 0) return;
        np_vinsn *in;
        if (bi->capture) {
            np_scalar c;
            const bool imm = nl_const_value(bi->val->def, &c);
            in = vemit(vc, imm ? NV_CONST : NV_SCALAR, dt, dt, r, 0, 0, 0);
            if (in && imm) in->imm = c;
            if (in && !imm) in->slot = bi->val->id;
        } else if (bi->kind == IR_OP_CONSTANT) {
            in = vemit(vc, NV_CONST, dt, dt, r, 0, 0, 0);
            if (in) in->imm.f = bi->imm;
        } else {
            const int a = vc->reg[bi->a], b = bi->nopnds > 1 ? vc->reg[bi->b] : 0;
            if (nv_of((ir_opkind)bi->kind) == NV_FN)
                vemit_fn(vc, (ir_opkind)bi->kind, dt, r, a);
            else
                vemit(vc, (np_vop)nv_of((ir_opkind)bi->kind), dt, dt, r, a, b, 0);
        }
        vset(vc, bi->dst, r);
    }
}

/* The register of a value a body op uses: bound already, or a scalar
 * captured from outside the body (a constant, or a run-time value). */
static int voperand(vcomp *vc, const ir_value *v) {
    int r = vlookup(vc, v);
    if (r >= 0) return r;
    np_dtype dt;
    if (v->type.kind != IR_T_SCALAR || !nl_dtype_of((ir_dtype)v->type.dtype, &dt)) {
        vfail(vc, "the fused body reads a %s value from outside it", ir_dtype_name((ir_dtype)v->type.dtype));
        return -1;
    }
    const int b = bd_operand(&vc->bp, v);
    vsync(vc);
    return vc->ok && b >= 0 ? vc->reg[b] : -1;
}

/* Ops the reference computes in the f suffixed C functions (the special
 * function unit's). */
static bool special_fn(ir_opkind k) {
    return k == IR_OP_POWF || k == IR_OP_FPOWI || k == IR_OP_EXP2 || k == IR_OP_LOG2 || k == IR_OP_LOG1P ||
           k == IR_OP_SIN || k == IR_OP_COS;
}

/* The body ops that are not arithmetic on its scalars: the point's loop
 * index, a gather's element and its index, an assert. False: o is none. */
static bool vop_not_arith(vcomp *vc, const ir_op *o) {
    if ((vc->kp->gather || vc->kp->iota) && o->kind == IR_OP_LINALG_INDEX) { /* the point's loop index (an iota) */
        int d = vnew(vc);
        np_vinsn *in = vemit(vc, NV_IDX, NP_I64, NP_I64, d, 0, 0, 0);
        if (in) in->slot = (uint32_t)o->u.dim;
        vbind(vc, &o->res[0], d);
        return true;
    }
    if (vc->kp->gather && o->kind == IR_OP_EXTRACT && vc->gsrc >= 0) { /* the gathered element */
        int d = vnew(vc);
        vemit(vc, NV_LOAD, (np_dtype)vc->kp->gtab.dt, (np_dtype)vc->kp->gtab.dt, d, vc->gsrc, 0, 0);
        vbind(vc, &o->res[0], d);
        return true;
    }
    if (vc->kp->gather && o->kind == IR_OP_EXTRACT) {
        /* the element's row-major index, a dim at a time, each checked
         * against the table's extent where the reference checks it */
        const ir_type *tt = &o->opnds[0]->type;
        int acc = vnew(vc);
        np_vinsn *in = vemit(vc, NV_CONST, NP_I64, NP_I64, acc, 0, 0, 0);
        if (in) in->imm.i = 0;
        for (uint32_t d = 0; d < tt->rank && vc->ok; d++) {
            int ix = voperand(vc, o->opnds[1 + d]), nd = vnew(vc);
            in = vemit(vc, NV_GIDX, NP_I64, NP_I64, nd, acc, ix, 0);
            if (in) {
                in->imm.i = tt->dims[d];
                in->op_ir = o;
            }
            acc = nd;
        }
        vbind(vc, &o->res[0], acc);
        return true;
    }
    if (o->kind == IR_OP_ASSERT) {
        /* checked where it stands, per element of the strip: the
         * reference's check (NV_OP), whose failure stops the simulation
         * with the assert's diagnostic; its register is never read */
        int c = voperand(vc, o->opnds[0]), d = vnew(vc);
        np_vinsn *in = vemit(vc, NV_OP, NP_I1, NP_I1, d, c, 0, 0);
        if (in) in->op_ir = o;
        return true;
    }
    return false;
}

static void vop(vcomp *vc, const ir_op *o) {
    np_dtype dt, at = NP_F32;
    char buf[64];
    if (vop_not_arith(vc, o)) return;
    if (o->nres != 1 || o->res[0].type.kind != IR_T_SCALAR || !nl_dtype_of((ir_dtype)o->res[0].type.dtype, &dt)) {
        vfail(vc, "body op '%s' on %s has no vector instruction", nl_op_text(o, buf, sizeof buf),
              o->nres ? ir_dtype_name((ir_dtype)o->res[0].type.dtype) : "nothing");
        return;
    }
    if (o->nopnds && !nl_dtype_of((ir_dtype)o->opnds[0]->type.dtype, &at)) {
        vfail(vc, "body op '%s' on %s has no vector instruction", nl_op_text(o, buf, sizeof buf),
              ir_dtype_name((ir_dtype)o->opnds[0]->type.dtype));
        return;
    }
    np_vop k;
    bool fl = np_dtype_vfloat(dt);
    const ir_dtype res_dt = (ir_dtype)o->res[0].type.dtype;
    if (!vec_native(NULL, (ir_opkind)o->kind, res_dt) && bd_decomposes(&vc->bp, (ir_opkind)o->kind, res_dt)) {
        if (!bd_op(&vc->bp, o)) vfail(vc, "body op '%s' does not fit the body program", nl_op_text(o, buf, sizeof buf));
        vsync(vc);
        return;
    }
    /* bf16 and f16: every op but a constant with the reference's
     * semantics (NV_OP below) */
    if ((np_dtype_half(dt) || np_dtype_half(at)) && o->kind != IR_OP_CONSTANT) goto generic;
    const int nk = nv_of((ir_opkind)o->kind);
    if (nk >= 0) {
        k = (np_vop)nk;
        if (k == NV_FN) goto un;
        goto bin;
    }
    switch ((ir_opkind)o->kind) {
    case IR_OP_CONSTANT: {
        np_scalar c;
        if (!nl_const_value(o, &c)) break;
        int d = vnew(vc);
        np_vinsn *in = vemit(vc, NV_CONST, dt, dt, d, 0, 0, 0);
        if (in) in->imm = c;
        vbind(vc, &o->res[0], d);
        return;
    }
    case IR_OP_CMPF: {
        if (!np_dtype_vfloat(at)) break;
        int a = voperand(vc, o->opnds[0]), b = voperand(vc, o->opnds[1]), d = vnew(vc);
        np_vinsn *in = vemit(vc, NV_CMP, NP_I1, at, d, a, b, 0);
        if (in) in->pred = (uint8_t)o->u.pred;
        vbind(vc, &o->res[0], d);
        return;
    }
    case IR_OP_SELECT: {
        int c = voperand(vc, o->opnds[0]), t = voperand(vc, o->opnds[1]), f = voperand(vc, o->opnds[2]), d = vnew(vc);
        vemit(vc, NV_SELECT, dt, dt, d, c, t, f);
        vbind(vc, &o->res[0], d);
        return;
    }
    default: break;
    }
    /* any other scalar op of arith and math (casts, integer arithmetic,
     * integer compares, every op on bf16 or f16, ...): one instruction
     * with the reference's semantics, on operands the vector unit holds */
generic:
    if (o->kind >= IR_OP_CMPF && o->kind <= IR_OP_BITCAST && o->nopnds >= 1 && o->nopnds <= 3) {
        int r[3] = {0, 0, 0};
        for (uint32_t j = 0; j < o->nopnds; j++) {
            np_dtype ot;
            if (!nl_dtype_of((ir_dtype)o->opnds[j]->type.dtype, &ot)) {
                vfail(vc, "body op '%s' reads a %s value", nl_op_text(o, buf, sizeof buf),
                      ir_dtype_name((ir_dtype)o->opnds[j]->type.dtype));
                return;
            }
            r[j] = voperand(vc, o->opnds[j]);
        }
        int d = vnew(vc);
        np_vinsn *in = vemit(vc, NV_OP, dt, at, d, r[0], r[1], r[2]);
        if (in) in->op_ir = o;
        if (special_fn((ir_opkind)o->kind)) vc->p->sfu = true;
        vbind(vc, &o->res[0], d);
        return;
    }
    vfail(vc, "body op '%s' has no vector instruction", nl_op_text(o, buf, sizeof buf));
    return;
bin : {
    if (!fl) goto other;
    int a = voperand(vc, o->opnds[0]), b = voperand(vc, o->opnds[1]), d = vnew(vc);
    vemit(vc, k, dt, dt, d, a, b, 0);
    vbind(vc, &o->res[0], d);
    return;
}
un : {
    if (!fl) goto other;
    int a = voperand(vc, o->opnds[0]), d = vnew(vc);
    vemit_fn(vc, (ir_opkind)o->kind, dt, d, a);
    vbind(vc, &o->res[0], d);
    return;
}
other:
    vfail(vc, "body op '%s' on %s has no vector instruction", nl_op_text(o, buf, sizeof buf), np_dtype_name(dt));
}

/* Source slot (or immediate) of kernel input i. */
static int vinput(vcomp *vc, int32_t i, const nl_access *acc) {
    const nl_access *a = &acc[i];
    int r = vnew(vc);
    if (r < 0) return -1;
    np_dtype dt = (np_dtype)a->dt;
    if (a->kind == NL_A_IMM) {
        np_vinsn *in = vemit(vc, NV_CONST, dt, dt, r, 0, 0, 0);
        if (in) in->imm = a->imm;
    } else if (a->kind == NL_A_SCALAR) {
        np_vinsn *in = vemit(vc, NV_SCALAR, dt, dt, r, 0, 0, 0);
        if (in) in->slot = a->value;
    } else {
        int32_t slot = vc->slot_of_input[i];
        if (slot < 0) {
            vfail(vc, "internal: input %d has no source", i);
            return -1;
        }
        vemit(vc, NV_LOAD, dt, dt, r, slot, 0, 0);
    }
    return r;
}

/* Compile kernel ops [first, last) into p. The chain value (the previous
 * op's result, KN_CHAIN) starts as the accumulator when `chain_acc` (read
 * from source slot chain_src when >= 0, else from the destination tile);
 * the root's outs argument is the accumulator when `root_acc`. acc_dt is
 * the accumulator's type; the result's type must be want_dt. */
static void compile_ops(nl_kernel *kp, np_vprog *p, uint32_t first, uint32_t last, bool chain_acc, int chain_src,
                        bool root_acc, np_dtype acc_dt, np_dtype want_dt, const nl_access *inacc,
                        const int32_t *slot_of_input, int gsrc) {
    const kernel *k = kp->k;
    vcomp vc;
    memset(&vc, 0, sizeof vc);
    vc.kp = kp;
    vc.p = p;
    vc.ok = true;
    vc.gsrc = gsrc;
    vc.tg.native = vec_native;
    bd_init(&vc.bp, &vc.tg);
    memset(p, 0, sizeof *p);
    for (uint32_t i = 0; i < 64; i++) vc.slot_of_input[i] = i < k->ninputs ? slot_of_input[i] : -1;
    int chain = -1;
    if (chain_acc) {
        chain = vnew(&vc);
        if (chain_src >= 0)
            vemit(&vc, NV_LOAD, acc_dt, acc_dt, chain, chain_src, 0, 0);
        else
            vemit(&vc, NV_ACC, acc_dt, acc_dt, chain, 0, 0, 0);
    }
    for (uint32_t s = first; s < last && vc.ok; s++) {
        const ir_op *E = k->ops[s];
        const ir_block *b = ir_linalg_body(E);
        const int32_t *ai = k->arg_input[s];
        if (!ai) {
            vfail(&vc, "internal: no input map");
            break;
        }
        for (uint32_t i = 0; i < E->u.lin.nins && vc.ok; i++) {
            np_dtype at;
            if (!nl_dtype_of((ir_dtype)b->args[i].type.dtype, &at)) {
                vfail(&vc, "body argument of type %s", ir_dtype_name((ir_dtype)b->args[i].type.dtype));
                break;
            }
            if (ai[i] != KN_CHAIN && !ir_block_arg_used(b, &b->args[i])) continue; /* not loaded (analyze_loop) */
            int r = ai[i] == KN_CHAIN ? chain : vinput(&vc, ai[i], inacc);
            if (r < 0) {
                vfail(&vc, "internal: the chain value is missing");
                break;
            }
            vbind(&vc, &b->args[i], r);
        }
        if (s == first && root_acc) {
            int r = vnew(&vc);
            vemit(&vc, NV_ACC, acc_dt, acc_dt, r, 0, 0, 0);
            vbind(&vc, &b->args[E->u.lin.nins], r);
        }
        const ir_op *o = b->first;
        for (; o && o->kind != IR_OP_LINALG_YIELD && vc.ok; o = o->next) {
            vop(&vc, o);
            if (kp->gather && gsrc < 0 && o->kind == IR_OP_EXTRACT) break; /* the index program ends at its index */
        }
        if (!vc.ok) break;
        int r = voperand(&vc, o && o->kind == IR_OP_EXTRACT ? &o->res[0] : b->last->opnds[0]);
        if (r < 0) break;
        chain = r;
    }
    if (vc.ok && chain >= 0 && vc.rdt[chain] != want_dt)
        vfail(&vc, "the fused body's result is %s, its tile %s", np_dtype_name((np_dtype)vc.rdt[chain]), np_dtype_name(want_dt));
    p->result = (uint8_t)(chain < 0 ? 0 : chain);
    p->nregs = vc.next;
}

/* Append a tensor the kernel reads on chip to list (n entries); its slot,
 * or -1 when the list is full. */
static int32_t add_operand(const nl_kernel *kp, nl_operand *list, uint32_t *n, const nl_access *a, const kn_input *in) {
    if (*n >= NP_VMAX_SRCS) return -1;
    nl_operand *op = &list[*n];
    op->a = *a;
    op->uses_r = kp->dm >= 0 && a->stride[kp->dm] != 0;
    op->uses_c = kp->dn >= 0 && a->stride[kp->dn] != 0;
    op->name = in->value->name;
    op->broadcast = in->broadcast;
    return (int32_t)(*n)++;
}

/* The K loop the tile cuts: the one the lhs walks with the smallest
 * stride, so that its DMA runs stay long, unless that loop is shorter than
 * a DRAM burst; then the longest K loop. A convolution's reduction is (c,
 * kh, kw): cutting kw (3 wide) would load X tiles 3 columns wide, 12 bytes
 * of each 32-byte burst used, and step the arrays through 3-deep matmuls;
 * cutting c makes X the im2col tile of one (kh, kw) (TM output pixels x TK
 * channels, one 2-D strided DMA) and W its [TK x TN] weight slice, with kh
 * and kw accumulated outside the tile. A 1x1 convolution's kh and kw are
 * 1 long, so c is cut there too. */
static bool better_k(const nl_kernel *kp, const kernel *k, int d, int best) {
    const int64_t burst = kp->t->dram_req_bytes / 4; /* f32 */
    bool long_d = k->bounds[d] >= burst, long_b = k->bounds[best] >= burst;
    if (long_d != long_b) return long_d;
    if (!long_d && k->bounds[d] != k->bounds[best]) return k->bounds[d] > k->bounds[best];
    const nl_access *src = kp->lhs.kind == NL_A_TENSOR ? &kp->lhs : &kp->rhs;
    return abs64(src->stride[d]) < abs64(src->stride[best]);
}


/* Loop kernels: whether loop d cuts the tile before loop e: the smaller
 * stride in the reference tensor, then (a convolution window's loops walk
 * the input with the strides of the output pixel's) a parallel loop before
 * a reduction, a longer loop before a shorter one. The rows come second:
 * a loop walking the reference with the columns' stride (the window's kw
 * beside the output's ow) would make rows of shifted copies of one row, so
 * it comes last there (col: the column loop, or -1 when choosing it). A
 * contraction run here (one output column: a depthwise convolution) takes
 * a parallel loop for its rows where it has one, so that a tile holds
 * output rows and the window's loops accumulate outside it. */
static bool tile_loop_before(const kernel *k, const nl_access *ref, int col, int d, int e) {
    bool pd = k->root->u.lin.iters[d] == IR_ITER_PARALLEL, pe = k->root->u.lin.iters[e] == IR_ITER_PARALLEL;
    if (col >= 0 && k->kind == KN_CONTRACTION && pd != pe) return pd;
    if (col >= 0) {
        bool sd = abs64(ref->stride[d]) == abs64(ref->stride[col]), se = abs64(ref->stride[e]) == abs64(ref->stride[col]);
        if (sd != se) return se;
    }
    if (abs64(ref->stride[d]) != abs64(ref->stride[e])) return abs64(ref->stride[d]) < abs64(ref->stride[e]);
    if (pd != pe) return pd;
    return k->bounds[d] > k->bounds[e];
}

/* The contraction's M, N, K loops and the rest. */
static void analyze_gemm(nl_kernel *kp, const nl_env *env) {
    const kernel *k = kp->k;
    const ir_block *body = ir_linalg_body(k->root);
    /* a bf16 or f16 input widened to f32 where it is read (torch-mlir's
     * spelling of a bf16 matmul: extf, then an f32 contraction) is what
     * the arrays do with it; any other cast is not */
    for (const ir_op *o = body->first; o; o = o->next) {
        bool widen = o->kind == IR_OP_EXTF && o->nopnds == 1 && o->opnds[0]->def == NULL &&
                     (o->opnds[0]->type.dtype == IR_BF16 || o->opnds[0]->type.dtype == IR_F16) && o->res[0].type.dtype == IR_F32;
        if (!widen && (o->kind == IR_OP_EXTF || o->kind == IR_OP_TRUNCF || o->kind == IR_OP_SITOFP))
            { nl_host(kp, "the contraction casts its elements (mixed precision)"); return; }
    }
    /* the arrays multiply f32, bf16 or f16 operands (both of one type)
     * into f32 accumulators; a bf16 or f16 result (the epilogue's truncf)
     * is written by the epilogue into a tile of its own */
    if (!make_access(kp, env, k->inputs[0].value, k->inputs[0].map, &kp->lhs) ||
        !make_access(kp, env, k->inputs[1].value, k->inputs[1].map, &kp->rhs) || kp->lhs.dt != kp->rhs.dt ||
        (kp->lhs.dt != NP_F32 && !np_dtype_half((np_dtype)kp->lhs.dt)))
        { nl_host(kp, "the contraction's inputs are not two f32, bf16 or f16 tensors of one type read through affine maps (what the systolic arrays multiply)"); return; }
    if (!make_access(kp, env, k->out, k->out_map, &kp->out) || kp->out.kind != NL_A_TENSOR ||
        (kp->out.dt != NP_F32 && !np_dtype_half((np_dtype)kp->out.dt)))
        { nl_host(kp, "the result is not an f32, bf16 or f16 tensor (the contraction accumulates in f32)"); return; }
    /* MLIR accumulates in the contraction's own result type: the arrays'
     * f32 is that only for an f32 contraction (a bf16 one rounds every
     * partial sum to bf16) */
    if (ir_value_elem(&k->root->res[0]) != IR_F32)
        { nl_host(kp, "the contraction accumulates in %s; the systolic arrays accumulate in f32", ir_dtype_name(ir_value_elem(&k->root->res[0]))); return; }
    kp->dm = kp->dn = kp->dk = -1;
    for (uint32_t d = 0; d < k->ndims; d++) {
        int64_t os = abs64(kp->out.stride[d]);
        int *slot = k->dimclass[d] == KN_DIM_M ? &kp->dm : k->dimclass[d] == KN_DIM_N ? &kp->dn : NULL;
        if (slot && (*slot < 0 || os < abs64(kp->out.stride[*slot]))) *slot = (int)d;
        if (k->dimclass[d] == KN_DIM_K && (kp->dk < 0 || better_k(kp, k, (int)d, kp->dk))) kp->dk = (int)d;
    }
    kp->M = kp->dm >= 0 ? k->bounds[kp->dm] : 1;
    kp->N = kp->dn >= 0 ? k->bounds[kp->dn] : 1;
    kp->K = kp->dk >= 0 ? k->bounds[kp->dk] : 1;
    for (uint32_t d = 0; d < k->ndims; d++) {
        if ((int)d == kp->dm || (int)d == kp->dn || (int)d == kp->dk) continue;
        if (k->dimclass[d] == KN_DIM_K)
            kp->red[kp->nred++] = d;
        else
            kp->par[kp->npar++] = d;
    }
    /* the epilogue's operands: on chip at their logical tile shape */
    nl_access inacc[64];
    int32_t slot[64];
    if (k->ninputs > 64) { nl_host(kp, "more than 64 inputs"); return; }
    for (uint32_t i = 0; i < k->ninputs; i++) {
        slot[i] = -1;
        if (k->inputs[i].role != KN_ROLE_OPERAND) continue;
        const kn_input *in = &k->inputs[i];
        if (!make_access(kp, env, in->value, in->map, &inacc[i]))
            { nl_host(kp, "an epilogue operand is of a type the npu does not hold or not read through an affine map"); return; }
        if (inacc[i].kind != NL_A_TENSOR) continue;
        if ((kp->dk >= 0 && inacc[i].stride[kp->dk]) ) { nl_host(kp, "an epilogue operand varies along the reduction"); return; }
        for (uint32_t r = 0; r < kp->nred; r++)
            if (inacc[i].stride[kp->red[r]]) { nl_host(kp, "an epilogue operand varies along the reduction"); return; }
        if ((slot[i] = add_operand(kp, kp->in, &kp->nin, &inacc[i], in)) < 0)
            { nl_host(kp, "more than %d epilogue operands", NP_VMAX_SRCS); return; }
    }
    kp->out_dt = kp->out.dt;
    kp->epi_own = kp->out_dt != NP_F32;
    if (kp->epi_own && kp->nin >= NP_VMAX_SRCS) { nl_host(kp, "more than %d epilogue operands", NP_VMAX_SRCS - 1); return; }
    if (k->nops > 1 || kp->epi_own) {
        /* the accumulator read in place, or (a tile of its own) as the
         * source after the operands */
        compile_ops(kp, &kp->prog, 1, k->nops, true, kp->epi_own ? (int)kp->nin : -1, false, NP_F32,
                    (np_dtype)kp->out_dt, inacc, slot, -1);
        kp->has_prog = true;
    }
    if (k->init_scalar) {
        if (!make_access(kp, env, k->init_scalar, NULL, &kp->init) || kp->init.dt != NP_F32)
            { nl_host(kp, "the accumulator's init is not f32"); return; }
    } else {
        kp->init.kind = NL_A_IMM;
        kp->init.dt = NP_F32;
        kp->init.imm.f = 0.0;
    }
    kp->acc_dt = NP_F32;
    /* a convolution runs as an implicit GEMM over its pixels (conv.c); a
     * pad folded into its input (nl_conv_takes_pad) is read only so */
    if (!nl_conv_setup(kp))
        for (uint32_t i = 0; i < k->ninputs; i++)
            if (k->inputs[i].pad) { nl_host(kp, "internal: a pad folded into a kernel that is not a convolution"); return; }
}

static int64_t value_bytes(const ir_value *v) { return v->type.kind == IR_T_TENSOR ? ir_type_bytes(v->type) : 0; }

/* A tensor the kernel's bodies read from outside them (tensor.extract):
 * the first such extract, or NULL. */
static const ir_op *first_extract(const kernel *k, const ir_op **second) {
    const ir_op *first = NULL;
    *second = NULL;
    for (uint32_t s = 0; s < k->nops; s++) {
        const ir_block *b = ir_linalg_body(k->ops[s]);
        for (const ir_op *o = b ? b->first : NULL; o; o = o->next)
            if (o->kind == IR_OP_EXTRACT) {
                if (first && !*second) *second = o;
                if (!first) first = o;
            }
    }
    return first;
}

/* Whether a body of k reads a loop index (linalg.index). */
static bool reads_index(const kernel *k) {
    for (uint32_t s = 0; s < k->nops; s++) {
        const ir_block *b = ir_linalg_body(k->ops[s]);
        for (const ir_op *o = b ? b->first : NULL; o; o = o->next)
            if (o->kind == IR_OP_LINALG_INDEX) return true;
    }
    return false;
}

/* A loop kernel that reads a tensor in its body: a gather (kp->gather)
 * when it is one map yielding one tensor.extract of a table the npu holds;
 * else the host runs it (false). */
static bool gather_setup(nl_kernel *kp, const nl_env *env, bool reduce) {
    const kernel *k = kp->k;
    const ir_op *second, *ex = first_extract(k, &second);
    if (!ex) return true;
    const ir_value *tv = ex->opnds[0];
    char name[48];
    if (tv->name)
        snprintf(name, sizeof name, "%%%s", tv->name);
    else
        snprintf(name, sizeof name, "%%v%u", tv->id);
    const ir_block *b = ir_linalg_body(k->root);
    np_dtype dt;
    const uint8_t *elem;
    if (k->nops != 1 || reduce || second || !b || b->last->nopnds != 1 || tv->type.kind != IR_T_TENSOR ||
        tv->type.rank < 1 || !nl_dtype_of((ir_dtype)tv->type.dtype, &dt) || env->splat(env->ud, tv->id, &elem)) {
        /* (one extract of a table in one map: not a reduction reading one) */
        nl_host(kp, "its body reads the tensor %s", name);
        return false;
    }
    kp->gather = true;
    kp->gpost = b->last->opnds[0] != &ex->res[0];
    kp->gtab.kind = NL_A_TENSOR;
    kp->gtab.dt = (uint8_t)dt;
    kp->gtab.value = env->root(env->ud, tv->id);
    kp->gelems = 1;
    for (uint32_t d = 0; d < tv->type.rank; d++) kp->gelems *= tv->type.dims[d];
    return true;
}

/* Which inputs the root reads, and which the chain after a reduction
 * reads (loaded once per output tile, not with every reduction step). */
static void loop_readers(const kernel *k, bool reduce, bool *by_root, bool *by_chain) {
    for (uint32_t s = 0; s < k->nops; s++) {
        const int32_t *ai = k->arg_input[s];
        const ir_block *body = ir_linalg_body(k->ops[s]);
        /* an argument the body never reads (a pooling op's window shape,
         * often a tensor.empty with no storage) is not loaded */
        for (uint32_t j = 0; ai && j < k->ops[s]->u.lin.nins; j++)
            if (ai[j] >= 0 && (uint32_t)ai[j] < k->ninputs && (!body || ir_block_arg_used(body, &body->args[j])))
                (s == 0 || !reduce ? by_root : by_chain)[ai[j]] = true;
    }
}

/* The tile's loops kp->dm (rows) and kp->dn (columns). Columns: the loop
 * the reference access ref (the biggest input's) walks with the smallest
 * stride (its DMA rows are then contiguous); rows: the next one. */
static void loop_tile_loops(nl_kernel *kp, const nl_access *ref) {
    const kernel *k = kp->k;
    kp->dm = kp->dn = kp->dk = -1;
    for (uint32_t d = 0; d < k->ndims; d++) {
        if (k->bounds[d] <= 1 || !ref->stride[d]) continue;
        if (kp->dn < 0 || tile_loop_before(k, ref, -1, (int)d, kp->dn)) kp->dn = (int)d;
    }
    for (uint32_t d = 0; d < k->ndims; d++) {
        if ((int)d == kp->dn || k->bounds[d] <= 1 || !ref->stride[d]) continue;
        if (kp->dm < 0 || tile_loop_before(k, ref, kp->dn, (int)d, kp->dm)) kp->dm = (int)d;
    }
    if (kp->dm < 0) /* the reference tensor walks one loop: take another for the rows */
        for (uint32_t d = 0; d < k->ndims; d++)
            if ((int)d != kp->dn && k->bounds[d] > 1 && (kp->dm < 0 || abs64(kp->out.stride[d]) < abs64(kp->out.stride[kp->dm])))
                kp->dm = (int)d;
    if (kp->gather) {
        /* a gather moves an element per request wherever its tile lies:
         * its tile spans the two longest loops (so few tiles, each
         * gathering many elements while the last one's store drains),
         * columns the one its result walks with the smaller stride */
        kp->dm = kp->dn = -1;
        for (uint32_t d = 0; d < k->ndims; d++) {
            if (k->bounds[d] <= 1) continue;
            if (kp->dn < 0 || k->bounds[d] > k->bounds[kp->dn] ||
                (k->bounds[d] == k->bounds[kp->dn] && abs64(kp->out.stride[d]) < abs64(kp->out.stride[kp->dn]))) {
                kp->dm = kp->dn;
                kp->dn = (int)d;
            } else if (kp->dm < 0 || k->bounds[d] > k->bounds[kp->dm] ||
                       (k->bounds[d] == k->bounds[kp->dm] && abs64(kp->out.stride[d]) < abs64(kp->out.stride[kp->dm]))) {
                kp->dm = (int)d;
            }
        }
        if (kp->dm >= 0 && abs64(kp->out.stride[kp->dm]) < abs64(kp->out.stride[kp->dn])) {
            int t = kp->dm;
            kp->dm = kp->dn;
            kp->dn = t;
        }
    }
}

/* The loop kernel's vector programs: with a reduction, the root's (onto
 * its accumulator, from the init) and the chain's epilogue after it; else
 * the body's, and a gather's post program. False: nl_host() has said why. */
static bool loop_programs(nl_kernel *kp, const nl_env *env, bool reduce, bool has_init_input, np_dtype acc_dt,
                          const nl_access *inacc, const int32_t *slot, const int32_t *eslot) {
    const kernel *k = kp->k;
    const ir_op *root = k->root;
    if (reduce) {
        /* the root's body reads its accumulator (outs argument) */
        const ir_block *b = ir_linalg_body(root);
        bool reads = false;
        const ir_value *acc = &b->args[root->u.lin.nins];
        for (const ir_op *o = b->first; o; o = o->next)
            for (uint32_t j = 0; j < o->nopnds; j++) reads |= o->opnds[j] == acc;
        if (!reads) { nl_host(kp, "a reduction that does not read its accumulator"); return false; }
        if (!has_init_input) {
            if (k->init_scalar) {
                if (!make_access(kp, env, k->init_scalar, NULL, &kp->init) || kp->init.dt != acc_dt)
                    { nl_host(kp, "the reduction's init is not of its accumulator's type"); return false; }
            } else {
                kp->init.kind = NL_A_IMM;
                kp->init.dt = (uint8_t)acc_dt;
                kp->init.imm.i = 0; /* 0 and +0.0 */
            }
        }
        compile_ops(kp, &kp->prog, 0, 1, false, -1, true, acc_dt, acc_dt, inacc, slot, -1);
        kp->has_prog = true;
        if (k->nops > 1) {
            /* a chain that changes the type writes a tile of its own and
             * reads the accumulator's as one more source */
            kp->epi_own = acc_dt != (np_dtype)kp->out_dt;
            if (kp->epi_own && kp->nein >= NP_VMAX_SRCS)
                { nl_host(kp, "more than %d tensor operands after the reduction", NP_VMAX_SRCS - 1); return false; }
            compile_ops(kp, &kp->epi, 1, k->nops, true, kp->epi_own ? (int)kp->nein : -1, false, acc_dt,
                        (np_dtype)kp->out_dt, inacc, eslot, -1);
            kp->has_epi = true;
        }
    } else {
        /* (a gather's program makes the index tile; the body after the
         * extract, its post program, reads the gathered tile as source nin) */
        compile_ops(kp, &kp->prog, 0, k->nops, false, -1, false, acc_dt, kp->gather ? NP_I64 : (np_dtype)kp->out_dt, inacc,
                    slot, -1);
        kp->has_prog = true;
        if (kp->gpost) {
            if (kp->nin >= NP_VMAX_SRCS) { nl_host(kp, "more than %d tensor operands besides its gathered tile", NP_VMAX_SRCS - 1); return false; }
            compile_ops(kp, &kp->post, 0, k->nops, false, -1, false, acc_dt, (np_dtype)kp->out_dt, inacc, slot, (int)kp->nin);
        }
    }
    return true;
}

static void analyze_loop(nl_kernel *kp, const nl_env *env) {
    const kernel *k = kp->k;
    const ir_op *root = k->root;
    if (k->ninputs > 64) { nl_host(kp, "more than 64 inputs"); return; }
    if (!make_access(kp, env, k->out, k->out_map, &kp->out) || kp->out.kind != NL_A_TENSOR)
        { nl_host(kp, "the result is not a tensor of a type the npu holds (f32, f64, bf16, f16, integers, i1)"); return; }
    kp->out_dt = kp->out.dt;
    /* the root's accumulator (its outs argument) has the root's result type */
    np_dtype acc_dt = (np_dtype)kp->out_dt;
    if (!nl_dtype_of((ir_dtype)root->res[0].type.dtype, &acc_dt))
        { nl_host(kp, "element type %s: the npu holds f32, f64, bf16, f16, integers and i1", ir_dtype_name((ir_dtype)root->res[0].type.dtype)); return; }
    kp->acc_dt = (uint8_t)acc_dt;
    bool reduce = false;
    for (uint32_t d = 0; d < k->ndims; d++) reduce |= root->u.lin.iters[d] == IR_ITER_REDUCTION;
    if (!gather_setup(kp, env, reduce)) return;
    kp->iota = !kp->gather && !reduce && reads_index(k);
    bool by_root[64] = {0}, by_chain[64] = {0};
    loop_readers(k, reduce, by_root, by_chain);
    nl_access inacc[64];
    int32_t slot[64], eslot[64];
    const nl_access *big = NULL;
    int64_t bigbytes = -1;
    for (uint32_t i = 0; i < k->ninputs; i++) {
        slot[i] = eslot[i] = -1;
        const kn_input *in = &k->inputs[i];
        if (!make_access(kp, env, in->value, in->map, &inacc[i]))
            { nl_host(kp, "an input is of element type %s, which the npu does not hold, or not read through an affine map",
                   ir_dtype_name(ir_value_elem(in->value))); return; }
        if (in->role == KN_ROLE_INIT || !by_root[i]) continue;
        if (inacc[i].kind == NL_A_TENSOR && value_bytes(in->value) > bigbytes) {
            bigbytes = value_bytes(in->value);
            big = &inacc[i];
        }
    }
    loop_tile_loops(kp, big ? big : &kp->out);
    kp->M = kp->dm >= 0 ? k->bounds[kp->dm] : 1;
    kp->N = kp->dn >= 0 ? k->bounds[kp->dn] : 1;
    kp->K = 1;
    kp->red_r = kp->dm >= 0 && root->u.lin.iters[kp->dm] == IR_ITER_REDUCTION;
    kp->red_c = kp->dn >= 0 && root->u.lin.iters[kp->dn] == IR_ITER_REDUCTION;
    for (uint32_t d = 0; d < k->ndims; d++) {
        if ((int)d == kp->dm || (int)d == kp->dn) continue;
        if (root->u.lin.iters[d] == IR_ITER_REDUCTION)
            kp->red[kp->nred++] = d;
        else
            kp->par[kp->npar++] = d;
    }
    kp->mode = kp->red_r ? (kp->red_c ? NP_VREDUCE_ALL : NP_VREDUCE_ROWS) : (kp->red_c ? NP_VREDUCE_COLS : NP_VMAP);
    for (uint32_t i = 0; i < k->ninputs; i++) {
        const kn_input *in = &k->inputs[i];
        if (in->role == KN_ROLE_INIT) {
            kp->init = inacc[i];
            continue;
        }
        if (inacc[i].kind != NL_A_TENSOR) continue;
        if (by_chain[i]) {
            /* the chain runs on the output tile: its operands cannot vary
             * along a loop the reduction consumed */
            bool varies = (kp->red_r && inacc[i].stride[kp->dm]) || (kp->red_c && inacc[i].stride[kp->dn]);
            for (uint32_t r = 0; r < kp->nred; r++) varies |= inacc[i].stride[kp->red[r]] != 0;
            if (varies) { nl_host(kp, "an operand of the chain after the reduction varies along a reduced loop"); return; }
            if ((eslot[i] = add_operand(kp, kp->ein, &kp->nein, &inacc[i], in)) < 0)
                { nl_host(kp, "more than %d tensor operands after the reduction", NP_VMAX_SRCS); return; }
        }
        if (by_root[i] && (slot[i] = add_operand(kp, kp->in, &kp->nin, &inacc[i], in)) < 0)
            { nl_host(kp, "more than %d tensor operands", NP_VMAX_SRCS); return; }
    }
    bool has_init_input = false;
    for (uint32_t i = 0; i < k->ninputs; i++) has_init_input |= k->inputs[i].role == KN_ROLE_INIT;
    if (!loop_programs(kp, env, reduce, has_init_input, acc_dt, inacc, slot, eslot)) return;
    /* the output tile takes an input's tile when they have one shape
     * (each point reads its input before writing its result, law L4) */
    kp->inplace = -1;
    if (!loop_reduces(kp) && !kp->gather)
        for (uint32_t i = 0; i < kp->nin && kp->inplace < 0; i++)
            if ((kp->in[i].uses_r || kp->dm < 0) && (kp->in[i].uses_c || kp->dn < 0) && kp->in[i].a.dt == kp->out_dt)
                kp->inplace = (int32_t)i;
}


/* The least DMA of analyzed kernel kp: every tensor read once, the result
 * written once (a copy: the elements it moves, each once each way). Its
 * halo_bytes are set on the way (a convolution's or window's input). */
static int64_t min_dma_bytes(nl_kernel *kp, const nl_env *env) {
    const kernel *k = kp->k;
    int64_t bytes = value_bytes(k->out);
    if (kp->copy) {
        int64_t patch = np_dtype_bytes((np_dtype)kp->out_dt), all = patch;
        for (uint32_t d = 0; d < kp->ndims; d++) {
            patch *= kp->psize[d];
            all *= kp->bounds[d];
        }
        bytes = all + (kp->in[0].a.kind == NL_A_TENSOR ? patch : 0) +
                (kp->has_base && kp->base.kind == NL_A_TENSOR ? all - patch : 0);
    } else {
        /* (a tensor read through views or a folded pad: its storage once) */
        for (uint32_t i = 0; i < k->ninputs; i++) {
            const ir_value *v = k->inputs[i].value; /* a folded pad's source (kn_fold_pads) */
            const uint8_t *sv;
            bool seen = false;
            for (uint32_t j = 0; j < i; j++) { /* the same tensor, or a view of the same storage */
                const ir_value *u = k->inputs[j].value;
                seen |= u == v || (u->type.kind == IR_T_TENSOR && v->type.kind == IR_T_TENSOR &&
                                   env->root(env->ud, u->id) == env->root(env->ud, v->id));
            }
            if (seen || v->type.kind != IR_T_TENSOR || env->splat(env->ud, v->id, &sv)) continue;
            /* a convolution's input: the elements its windows read (a
             * strided 1x1 convolution skips rows and columns) */
            bool only_lhs = i == 0 && kp->cv.on;
            for (uint32_t j = 1; j < k->ninputs && only_lhs; j++) only_lhs = k->inputs[j].value != v;
            int64_t vb = only_lhs ? kp->cv.in_bytes : value_bytes(v);
            if (i == 0 && (kp->cv.on || kp->win)) kp->halo_bytes = vb;
            bytes += vb;
        }
    }
    /* a gather: one table element moved per result element */
    if (kp->gather) bytes += value_bytes(k->out) / np_dtype_bytes((np_dtype)kp->out_dt) * acc_bytes(&kp->gtab);
    return bytes;
}

void nl_analyze(sp_ctx *ctx, const nt_target *t, const kernel *k, const nl_env *env, nl_kernel *kp) {
    memset(kp, 0, sizeof *kp);
    kp->k = k;
    kp->t = t;
    kp->npu = true;
    kp->inplace = -1;
    kp->dm = kp->dn = kp->dk = -1;
    kp->ndims = k->ndims;
    for (uint32_t d = 0; d < k->ndims && d < KN_MAX_DIMS; d++) kp->bounds[d] = k->bounds[d];
    /* element types the scratchpad holds: f32, f64, bf16, f16, integers, i1 */
    np_dtype dt;
    for (uint32_t i = 0; i <= k->ninputs; i++) {
        const ir_value *v = i < k->ninputs ? k->inputs[i].value : k->out;
        if (v->type.kind == IR_T_TENSOR && !nl_dtype_of(ir_value_elem(v), &dt)) {
            nl_host(kp, "element type %s: the npu holds f32, f64, bf16, f16, integers and i1", ir_dtype_name(ir_value_elem(v)));
            return;
        }
    }
    bool depthwise = k->kind == KN_CONTRACTION && k->n == 1 && nl_conv_is_depthwise(k);
    /* the arrays multiply f32, bf16 or f16 (analyze_gemm checks the
     * pairs); a depthwise convolution's taps run on the vector unit in f32 */
    if (k->kind == KN_CONTRACTION && (k->n > 1 || depthwise))
        for (uint32_t i = 0; i < 3 && i <= k->ninputs; i++) {
            ir_dtype d = ir_value_elem(i < 2 && i < k->ninputs ? k->inputs[i].value : k->out);
            if (d != IR_F32 && (depthwise || (d != IR_BF16 && d != IR_F16))) {
                nl_host(kp, "element type %s: the systolic arrays multiply f32, bf16 and f16%s", ir_dtype_name(d),
                     depthwise ? " (a depthwise convolution's vector taps: f32)" : "");
                return;
            }
        }
    if (k->kind == KN_ATTENTION) {
        nl_attn_analyze(ctx, t, k, env, kp);
    } else if (k->kind == KN_ROWS) {
        nl_rows_analyze(ctx, t, k, env, kp);
    } else if (k->kind == KN_OP) {
        nl_analyze_copy(kp, env);
    } else if (k->kind == KN_CONTRACTION && (k->n > 1 || depthwise)) {
        /* (a depthwise convolution: the convolution path, on the vector unit) */
        kp->gemm = true;
        analyze_gemm(kp, env);
    } else {
        /* a contraction with one output column (a depthwise convolution, a
         * matrix-vector product) would keep one column of each array busy:
         * the vector unit runs it as a reduction loop instead; a window
         * reduction (a pool) gets its own tiles (window.c) */
        analyze_loop(kp, env);
        if (kp->npu && k->kind == KN_LOOP && (env->no_window || kp->gather || kp->iota || !nl_win_analyze(ctx, kp, env)))
            for (uint32_t i = 0; i < k->ninputs; i++)
                if (k->inputs[i].pad) nl_host(kp, "it reads a pad's result through the pad, and is not a window reduction");
    }
    if (!kp->npu) return;
    kp->npar_total = kp->nred_total = 1;
    for (uint32_t i = 0; i < kp->npar; i++) kp->npar_total *= kp->bounds[kp->par[i]];
    for (uint32_t i = 0; i < kp->nred; i++) kp->nred_total *= kp->bounds[kp->red[i]];
    kp->min_dma_bytes = min_dma_bytes(kp, env);
    if (kp->att) {
        nl_attn_finish(kp);
        return;
    }
    if (kp->rows) {
        nl_rows_finish(kp);
        return;
    }
    kp->macs = kp->gemm ? k->b * k->m * k->n * k->k : 0;
    int64_t alu = kp->has_prog ? kp->prog.nalu : 0;
    if (kp->gemm)
        kp->vec_ops = kp->npar_total * kp->M * kp->N * alu;
    else
        kp->vec_ops = kp->npar_total * kp->nred_total * kp->M * kp->N * (alu + (kp->gpost ? kp->post.nalu : 0)) +
                      (kp->has_epi ? kp->npar_total * (kp->red_r ? 1 : kp->M) * (kp->red_c ? 1 : kp->N) * kp->epi.nalu : 0);
}

/* The least DRAM bytes any schedule moves (lower.h). A contraction's
 * lhs, rhs and result by plan/iobound.h's bound, with S the budget's words
 * over all lanes, the reuse of each access over the loops of its class
 * (batch, m, k for the lhs; batch, k, n for the rhs; batch, m, n for the
 * result) and N every loop's extent multiplied; plus every other tensor the
 * epilogue reads, each element once. Never below the compulsory traffic. */
int64_t nl_dram_lower_bound(const nl_kernel *kp, int64_t budget) {
    int64_t lb = kp->min_dma_bytes;
    if (!kp->npu || !kp->gemm || kp->att || kp->rows || kp->win || kp->lhs.kind != NL_A_TENSOR || kp->rhs.kind != NL_A_TENSOR ||
        kp->out.kind != NL_A_TENSOR || budget <= 0)
        return lb;
    const kernel *k = kp->k;
    /* loops of each operand's class: lhs b,m,k; rhs b,k,n; out b,m,n */
    static const uint8_t in_class[3][4] = {{1, 1, 0, 1}, {1, 0, 1, 1}, {1, 1, 1, 0}};
    const nl_access *acc[3] = {&kp->lhs, &kp->rhs, &kp->out};
    double points = 1, reuse = 1;
    for (uint32_t d = 0; d < k->ndims; d++) points *= (double)k->bounds[d];
    for (int x = 0; x < 3; x++) {
        int64_t st[KN_MAX_DIMS], ex[KN_MAX_DIMS];
        uint32_t n = 0;
        for (uint32_t d = 0; d < k->ndims; d++)
            if (k->dimclass[d] < 4 && in_class[x][k->dimclass[d]]) st[n] = acc[x]->stride[d], ex[n++] = k->bounds[d];
        reuse *= iob_access_reuse(st, ex, n);
    }
    if (kp->lhs.value == kp->rhs.value) reuse *= 4; /* one read may serve both */
    double S = (double)budget * (double)kp->t->lanes / 4.0; /* f32 words in the budget, all lanes */
    double bytes = 4.0 * iob_contraction_words(points, S, reuse);
    /* the epilogue's other tensors: each distinct element read once */
    for (uint32_t i = 0; i < kp->nin; i++) {
        const nl_access *a = &kp->in[i].a;
        bool seen = a->kind != NL_A_TENSOR || a->value == kp->lhs.value || a->value == kp->rhs.value;
        for (uint32_t j = 0; j < i && !seen; j++) seen = kp->in[j].a.kind == NL_A_TENSOR && kp->in[j].a.value == a->value;
        if (seen) continue;
        int64_t st[KN_MAX_DIMS], ex[KN_MAX_DIMS];
        uint32_t n = 0;
        double all = 1;
        for (uint32_t d = 0; d < k->ndims; d++)
            if (a->stride[d] && k->bounds[d] > 1) st[n] = a->stride[d], ex[n++] = k->bounds[d], all *= (double)k->bounds[d];
        bytes += floor(all / iob_access_reuse(st, ex, n)) * (double)acc_bytes(a);
    }
    if (bytes > (double)lb) lb = bytes < (double)NC_TIME_MAX ? (int64_t)bytes : NC_TIME_MAX;
    return lb;
}
