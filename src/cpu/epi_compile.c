/* epi_compile.c - a kernel's bodies translated to the engine's epilogue
 * program (backend_impl.h, kernels.h): compiled to the body program
 * (passes/body.h) and translated as they are appended; operands, i1 masks
 * and run-time scalars bound to the program's slots. */
#include <math.h>
#include <string.h>

#include "backend_impl.h"
#include "cpu/epilogue/fn1.h"
#include "passes/body.h"

/* The bodies are compiled to the body program (passes/body.h) and
 * translated as they are appended: each body register gets an epilogue
 * register (or shares one: extf), in order, at most CPU_EPI_MAX_REGS, and
 * at most EPI_MAX_MAPPED values mapped. */
#define EPI_MAX_MAPPED (CPU_EPI_MAX_REGS * 4)

typedef struct epic {
    cb_backend *cb;
    cb_kplan *kp;
    bd_prog bp;
    bd_target tg;
    uint32_t done;             /* bp.insn[0, done) translated */
    int8_t reg[BD_MAX_REGS];   /* the epilogue register of each body register, -1 none */
    uint32_t nmapped;
    uint8_t next;              /* the next free epilogue register */
    const ir_op *cmpf[BD_MAX_REGS]; /* the ogt/olt compare a body register's i1 holds (compile_cmpf) */
} epic;

/* A new epilogue register for body register v (BD_NONE: a temporary). */
static int new_reg(epic *ec, uint16_t v) {
    if (ec->next >= CPU_EPI_MAX_REGS || ec->nmapped >= EPI_MAX_MAPPED) return -1;
    ec->nmapped++;
    if (v != BD_NONE) ec->reg[v] = (int8_t)ec->next;
    return ec->next++;
}

/* Body register v shares epilogue register r. */
static bool share_reg(epic *ec, int v, int r) {
    if (v < 0 || r < 0 || ec->nmapped >= EPI_MAX_MAPPED) return false;
    ec->nmapped++;
    ec->reg[v] = (int8_t)r;
    return true;
}

static int reg_of(const epic *ec, uint16_t v) { return v == BD_NONE ? -1 : ec->reg[v]; }

/* The engine's type of a float dtype, or -1: the 16-bit types are computed
 * in f32 and rounded to their precision at each op's result, as the
 * reference computes them (f32 has more than 2*11+2 bits, so an add, mul,
 * div or sqrt rounded twice is rounded once). */
int cb_engine_dt(ir_dtype dt) {
    return dt == IR_F32 ? CPU_F32 : dt == IR_BF16 ? CPU_BF16 : dt == IR_F16 ? CPU_F16 : -1;
}

/* The epilogue instruction of float op k on registers (a, b), or -1 (the
 * cpu's own functions: CPU_EPI_FN, cpu_fn1_has). */
static int epi_of(ir_opkind k) {
    switch (k) {
    case IR_OP_ADDF: return CPU_EPI_ADD;
    case IR_OP_SUBF: return CPU_EPI_SUB;
    case IR_OP_MULF: return CPU_EPI_MUL;
    case IR_OP_MAXIMUMF: return CPU_EPI_MAX;
    case IR_OP_MINIMUMF: return CPU_EPI_MIN;
    case IR_OP_NEGF: return CPU_EPI_NEG;
    case IR_OP_SQRT: return CPU_EPI_SQRT;
    case IR_OP_RSQRT: return CPU_EPI_RSQRT;
    case IR_OP_ABSF: return CPU_EPI_ABS;
    default: return -1;
    }
}

/* The epilogue's op table (body.h): what compile_insn translates
 * unconditionally (maxnumf, minnumf and select only in some forms). */
static bool epi_native(const void *ud, ir_opkind k, ir_dtype dt) {
    (void)ud;
    if (cb_engine_dt(dt) < 0) return false;
    return epi_of(k) >= 0 || cpu_fn1_has(k) || k == IR_OP_CONSTANT || k == IR_OP_DIVF || k == IR_OP_EXTF || k == IR_OP_TRUNCF;
}

static bool emit(cb_kplan *kp, cpu_epi_op op, int dst, int a, int b, int c, int d, float imm) {
    cpu_epilogue *e = &kp->epi;
    if (e->ninsn >= CPU_EPI_MAX_INSNS || dst < 0 || a < 0 || b < 0 || c < 0 || d < 0) return false;
    cpu_epi_insn *in = &e->insn[e->ninsn++];
    in->op = (uint8_t)op;
    in->dst = (uint8_t)dst;
    in->a = (uint8_t)a;
    in->b = (uint8_t)b;
    in->c = (uint8_t)c;
    in->d = (uint8_t)d;
    in->imm = imm;
    return true;
}

/* A captured scalar (body.h): a constant, or a value known only at run
 * time, patched in per run. */
static bool capture(epic *ec, const bd_insn *bi) {
    const ir_value *v = bi->val;
    cb_kplan *kp = ec->kp;
    if (cb_engine_dt(v->type.dtype) < 0) return false;
    const int r = new_reg(ec, bi->dst);
    if (r < 0) return false;
    if (v->def && v->def->kind == IR_OP_CONSTANT)
        return emit(kp, CPU_EPI_CONST, r, 0, 0, 0, 0, (float)ir_attr_float(v->def->u.value));
    if (v->id >= ec->cb->n || kp->npatches >= SP_ARRAY_LEN(kp->patches)) return false;
    kp->patches[kp->npatches].insn = kp->epi.ninsn;
    kp->patches[kp->npatches].value = v->id;
    kp->npatches++;
    return emit(kp, CPU_EPI_CONST, r, 0, 0, 0, 0, 0.0f);
}

bool cb_is_f32_const(const ir_value *v, float *out) {
    if (!v->def || v->def->kind != IR_OP_CONSTANT || v->def->u.value->kind != IR_A_FLOAT) return false;
    *out = (float)ir_attr_float(v->def->u.value);
    return true;
}

/* select(m, t, f): on a mask loaded as 0/1, m > 0.5; on a compare in the
 * body (compile_cmpf), p > q or q > p (ogt, olt: false where unordered, as
 * SELECT_GT). */
static bool compile_select(epic *ec, const bd_insn *bi, int dst) {
    const ir_op *o = bi->op, *cmp = bi->a < BD_MAX_REGS ? ec->cmpf[bi->a] : NULL;
    const int t = reg_of(ec, bi->b), f = reg_of(ec, bi->c);
    if (!o || t < 0 || f < 0) return false;
    if (cmp) {
        const int p = reg_of(ec, (uint16_t)bd_lookup(&ec->bp, cmp->opnds[0]));
        const int q = reg_of(ec, (uint16_t)bd_lookup(&ec->bp, cmp->opnds[1]));
        const bool gt = cmp->u.pred == IR_CMPF_OGT;
        return p >= 0 && q >= 0 && emit(ec->kp, CPU_EPI_SELECT_GT, dst, gt ? p : q, gt ? q : p, t, f, 0);
    }
    const int a = reg_of(ec, bi->a);
    if (a < 0 || o->opnds[0]->type.dtype != IR_I1 || o->opnds[0]->def) return false;
    int half = new_reg(ec, BD_NONE);
    return half >= 0 && emit(ec->kp, CPU_EPI_CONST, half, 0, 0, 0, 0, 0.5f) &&
           emit(ec->kp, CPU_EPI_SELECT_GT, dst, a, half, t, f, 0);
}

static bool sync(epic *ec);

/* A compare in the body: ogt or olt of two f32 values, bound to a body
 * register of its own that only a select reads (compile_select); another
 * is left to its select, which then has no equivalent. */
static bool compile_cmpf(epic *ec, const ir_op *o) {
    const int64_t pr = o->u.pred;
    if ((pr != IR_CMPF_OGT && pr != IR_CMPF_OLT) || cb_engine_dt(o->opnds[0]->type.dtype) != CPU_F32) return true;
    const int p = bd_operand(&ec->bp, o->opnds[0]), q = bd_operand(&ec->bp, o->opnds[1]);
    if (p < 0 || q < 0 || !sync(ec)) return false;
    const int r = bd_reg(&ec->bp, &o->res[0]);
    if (r < 0 || r >= BD_MAX_REGS) return false;
    ec->cmpf[r] = o;
    return true;
}

/* Translate one body op computed in f32; false when the engine has no
 * equivalent. A decomposition's step has no IR op (o NULL). */
static bool compile_op_f32(epic *ec, const bd_insn *bi) {
    const ir_op *o = bi->op;
    cb_kplan *kp = ec->kp;
    if (bi->kind == IR_OP_SELECT) return compile_select(ec, bi, new_reg(ec, bi->dst));
    int a = bi->nopnds > 0 ? reg_of(ec, bi->a) : 0;
    int b = bi->nopnds > 1 ? reg_of(ec, bi->b) : 0;
    if (a < 0 || b < 0) return false;
    int dst = new_reg(ec, bi->dst);
    float c;
    switch ((ir_opkind)bi->kind) {
    case IR_OP_CONSTANT:
        if (!o) return emit(kp, CPU_EPI_CONST, dst, 0, 0, 0, 0, (float)bi->imm);
        return o->u.value->kind == IR_A_FLOAT && emit(kp, CPU_EPI_CONST, dst, 0, 0, 0, 0, (float)ir_attr_float(o->u.value));
    case IR_OP_DIVF: {
        /* by a power of two: a product with its inverse, bit for bit the
         * same (attention's 1/sqrt(64)), and no vdivps a vector */
        int e2;
        if (o && cb_is_f32_const(o->opnds[1], &c) && c != 0.0f && isfinite(c) && frexpf(c, &e2) == 0.5f && e2 > -125 && e2 < 126) {
            int inv = new_reg(ec, BD_NONE);
            return inv >= 0 && emit(kp, CPU_EPI_CONST, inv, 0, 0, 0, 0, 1.0f / c) && emit(kp, CPU_EPI_MUL, dst, a, inv, 0, 0, 0);
        }
        return emit(kp, CPU_EPI_DIV, dst, a, b, 0, 0, 0);
    }
    case IR_OP_MAXNUMF: /* NaN yields the other operand: exact when it is a constant */
        if (o && cb_is_f32_const(o->opnds[1], &c) && c == c) return emit(kp, CPU_EPI_SELECT_GT, dst, a, b, a, b, 0);
        if (o && cb_is_f32_const(o->opnds[0], &c) && c == c) return emit(kp, CPU_EPI_SELECT_GT, dst, b, a, b, a, 0);
        return false;
    case IR_OP_MINNUMF:
        if (o && cb_is_f32_const(o->opnds[1], &c) && c == c) return emit(kp, CPU_EPI_SELECT_GT, dst, b, a, a, b, 0);
        if (o && cb_is_f32_const(o->opnds[0], &c) && c == c) return emit(kp, CPU_EPI_SELECT_GT, dst, a, b, b, a, 0);
        return false;
    default: /* a unary op's b is 0 (nopnds 1), as the engine expects */
        if (cpu_fn1_has(bi->kind)) {
            if (!emit(kp, CPU_EPI_FN, dst, a, b, 0, 0, 0)) return false;
            kp->epi.insn[kp->epi.ninsn - 1].fn = (uint16_t)bi->kind;
            return true;
        }
        return epi_of((ir_opkind)bi->kind) >= 0 && emit(kp, (cpu_epi_op)epi_of((ir_opkind)bi->kind), dst, a, b, 0, 0, 0);
    }
}

/* Translate one instruction of the body program: in f32, then rounded to
 * a 16-bit result type; casts between the float types are a rounding
 * (truncf) or nothing (extf: every bf16/f16 value is an f32). */
static bool compile_insn(epic *ec, const bd_insn *bi) {
    if (bi->capture) return capture(ec, bi);
    const int rt = cb_engine_dt((ir_dtype)bi->dt);
    if (rt < 0) return false;
    const cpu_epi_op round = rt == CPU_BF16 ? CPU_EPI_ROUND_BF16 : CPU_EPI_ROUND_F16;
    if (bi->kind == IR_OP_EXTF || bi->kind == IR_OP_TRUNCF) {
        if (cb_engine_dt((ir_dtype)bi->t[0]) < 0) return false;
        const int a = reg_of(ec, bi->a);
        if (a < 0) return false;
        if (bi->kind == IR_OP_EXTF || rt == CPU_F32) return share_reg(ec, bi->dst, a); /* the same value */
        const int dst = new_reg(ec, bi->dst);
        return emit(ec->kp, round, dst, a, 0, 0, 0, 0);
    }
    if (!compile_op_f32(ec, bi)) return false;
    if (rt == CPU_F32) return true;
    const int dst = reg_of(ec, bi->dst);
    return emit(ec->kp, round, dst, dst, 0, 0, 0, 0);
}

/* Translate the body program's new instructions. */
static bool sync(epic *ec) {
    for (; ec->done < ec->bp.n; ec->done++)
        if (!compile_insn(ec, &ec->bp.insn[ec->done])) return false;
    return true;
}

/* The operand slot of kernel input `in`, read by a block argument of type
 * i1 (a mask) or a float type: -1 when the engine cannot read it. */
static int operand_slot(cb_backend *cb, cb_kplan *kp, int32_t *slot_of_input, int32_t in, bool i1) {
    kernel *k = kp->k;
    if (slot_of_input[in] >= 0) return slot_of_input[in];
    if (kp->epi.noperands >= CPU_EPI_MAX_OPERANDS) return -1;
    const int32_t slot = (int32_t)kp->epi.noperands++;
    slot_of_input[in] = slot;
    const ir_value *v = k->inputs[in].value;
    if (!cb_make_access(cb, v, k->inputs[in].map, k->ndims, &kp->operand[slot])) return -1;
    if (i1 && (v->type.dtype != IR_I1 || ex_value_splat(cb->px, v->id) != NULL)) return -1;
    kp->is_i1[slot] = i1;
    if (!i1) {
        const int dt = cb_engine_dt(v->type.dtype);
        if (dt < 0) return -1;
        kp->op_dt[slot] = (cpu_dtype)dt;
        if (dt != CPU_F32 && ex_value_splat(cb->px, v->id) != NULL) return -1;
    }
    kp->cvt_numel[slot] = ir_type_numel(v->type);
    return slot;
}

/* Bind kernel op s's block arguments: the chain value, the value entering
 * the program (body register `entry`, epilogue register 0), or an input
 * loaded into a register of its own. */
static bool bind_args(epic *ec, uint32_t s, int chain, int entry, int32_t *slot_of_input) {
    cb_kplan *kp = ec->kp;
    const ir_op *E = kp->k->ops[s];
    const ir_block *b = ir_linalg_body(E);
    const int32_t *ai = kp->k->arg_input[s];
    for (uint32_t i = 0; i < E->u.lin.nins; i++) {
        bool i1 = b->args[i].type.dtype == IR_I1 && ai[i] != KN_CHAIN;
        if (cb_engine_dt(b->args[i].type.dtype) < 0 && !i1) return false;
        int r;
        if (ai[i] == KN_CHAIN) {
            r = chain;
        } else if (ai[i] + 1 == kp->chain_in_plus1) {
            /* the value entering the program (register 0, never
             * reallocated), also where a later op reads it again: an
             * attention's max(s, 3 s) reads the scores twice, and they
             * are never stored (difftest seed 53006: a NULL operand) */
            r = entry;
        } else {
            const int slot = operand_slot(ec->cb, kp, slot_of_input, ai[i], i1);
            r = bd_reg(&ec->bp, &b->args[i]);
            if (slot < 0 || r < 0) return false;
            if (!emit(kp, CPU_EPI_LOAD, new_reg(ec, (uint16_t)r), slot, 0, 0, 0, 0)) return false;
        }
        if (ec->nmapped >= EPI_MAX_MAPPED || !bd_bind(&ec->bp, &b->args[i], r)) return false;
        ec->nmapped++;
    }
    return true;
}

/* Exact GELU and SiLU chains as one instruction (cpu_epi_fuse_activations); the run-time
 * scalars' patches follow their instructions (a dropped one's goes). */
static void fuse(cb_kplan *kp) {
    int16_t at[CPU_EPI_MAX_INSNS];
    if (!cpu_epi_fuse_activations(&kp->epi, at)) return;
    uint32_t n = 0;
    for (uint32_t p = 0; p < kp->npatches; p++)
        if (at[kp->patches[p].insn] >= 0) {
            kp->patches[n] = kp->patches[p];
            kp->patches[n++].insn = (uint32_t)at[kp->patches[p].insn];
        }
    kp->npatches = n;
}

/* Compile the bodies of kernel ops [first, nops) into kp->epi; the chain
 * value enters in register 0 (contractions). */
bool cb_compile_program(cb_backend *cb, cb_kplan *kp, uint32_t first) {
    kernel *k = kp->k;
    epic *ec = sp_calloc(cb->ctx, 1, sizeof *ec);
    bool ok = false;
    ec->cb = cb, ec->kp = kp;
    ec->tg.native = epi_native;
    bd_init(&ec->bp, &ec->tg);
    memset(ec->reg, -1, sizeof ec->reg);
    ec->next = 1;
    const int entry = bd_reg(&ec->bp, NULL);
    ec->reg[entry] = 0;
    int chain = entry;
    int32_t slot_of_input[64];
    for (uint32_t i = 0; i < 64; i++) slot_of_input[i] = -1;
    if (k->ninputs > 64) goto out;
    for (uint32_t s = first; s < k->nops; s++) {
        const ir_block *b = ir_linalg_body(k->ops[s]);
        if (!k->arg_input[s] || !bind_args(ec, s, chain, entry, slot_of_input)) goto out;
        for (const ir_op *o = b->first; o && o->kind != IR_OP_LINALG_YIELD; o = o->next) {
            if (o->kind == IR_OP_CMPF) { /* consumed by its select */
                if (!compile_cmpf(ec, o)) goto out;
                continue;
            }
            if (o->nres != 1 || o->res[0].type.kind != IR_T_SCALAR || !bd_op(&ec->bp, o) || !sync(ec)) goto out;
        }
        chain = bd_operand(&ec->bp, b->last->opnds[0]);
        if (chain < 0 || !sync(ec) || reg_of(ec, (uint16_t)chain) < 0) goto out;
    }
    kp->epi.result = (uint8_t)reg_of(ec, (uint16_t)chain);
    kp->epi.nregs = ec->next;
    fuse(kp);
    ok = true;
out:
    sp_free(cb->ctx, ec);
    return ok;
}

/* Append program t (its r0 the chain value) to kp's epilogue, on kp's
 * result: registers renumbered past kp's, operands (accesses, i1 flags)
 * and run-time patches carried over. False past the program limits. */
bool cb_append_program(cb_kplan *kp, const cb_kplan *t) {
    cpu_epilogue *e = &kp->epi;
    const cpu_epilogue *f = &t->epi;
    const uint32_t base = e->nregs ? e->nregs : 1, ob = e->noperands, ib = e->ninsn;
    if (f->ninsn + e->ninsn > CPU_EPI_MAX_INSNS || base + f->nregs > CPU_EPI_MAX_REGS + 1 ||
        ob + f->noperands > CPU_EPI_MAX_OPERANDS || kp->npatches + t->npatches > CPU_EPI_MAX_INSNS)
        return false;
    const uint8_t prev = e->ninsn ? e->result : 0;
#define REG(x) ((uint8_t)((x) == 0 ? prev : base + (x) - 1))
    for (uint32_t i = 0; i < f->ninsn; i++) {
        cpu_epi_insn in = f->insn[i];
        const bool load = in.op == CPU_EPI_LOAD;
        in.dst = REG(in.dst);
        in.a = load ? (uint8_t)(in.a + ob) : REG(in.a);
        in.b = REG(in.b), in.c = REG(in.c), in.d = REG(in.d);
        e->insn[e->ninsn++] = in;
    }
    for (uint32_t s = 0; s < f->noperands; s++) {
        kp->operand[ob + s] = t->operand[s];
        kp->is_i1[ob + s] = t->is_i1[s];
        kp->cvt_numel[ob + s] = t->cvt_numel[s];
        kp->op_dt[ob + s] = t->op_dt[s];
    }
    e->noperands = ob + f->noperands;
    for (uint32_t q = 0; q < t->npatches; q++) {
        kp->patches[kp->npatches].insn = t->patches[q].insn + ib;
        kp->patches[kp->npatches++].value = t->patches[q].value;
    }
    e->result = REG(f->result);
    e->nregs = (uint8_t)(base + (f->nregs ? f->nregs - 1 : 0));
#undef REG
    return e->nregs <= CPU_EPI_MAX_REGS;
}
