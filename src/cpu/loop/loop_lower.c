/* loop_lower.c - loop kernels lowered to the cpu engine's loop program
 * (see loop_lower.h). The bodies are compiled to the body program
 * (passes/body.h), whose registers are the virtual registers here, and
 * translated instruction by instruction as they are appended, between the
 * engine's own loads and gathers; then the virtual registers are mapped
 * onto the engine's by a linear scan over their live ranges. */
#include "loop_lower.h"

#include <stdio.h>
#include <string.h>

#include "cpu/cpu.h"
#include "interp/interp.h"
#include "loop_direct.h"
#include "loop_impl.h"
#include "passes/body.h"

#define VNONE BD_NONE
#define MAX_VREGS BD_MAX_REGS

typedef struct vinsn {
    cpu_loop_insn in;
    uint16_t dst, a, b, c; /* virtual registers */
    const ir_op *op;       /* for a located error */
} vinsn;

typedef struct lowerer {
    const ex_program *x;
    const kernel *k;
    cpu_loop_kernel *lk;
    vinsn code[CPU_LOOP_MAX_INSNS];
    uint32_t n;
    /* the body program: its registers are the virtual registers (the
     * chain, the accumulator, a scalar input bound to block arguments);
     * insn[0, done) are translated */
    bd_prog bp;
    bd_target tg;
    uint32_t done;
    uint32_t cur; /* the kernel op being emitted */
    char *why;
    size_t nwhy;
} lowerer;

static bool refuse(lowerer *lw, const char *fmt, const char *arg) SP_PRINTF(2, 0);
static bool refuse(lowerer *lw, const char *fmt, const char *arg) {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
    snprintf(lw->why, lw->nwhy, fmt, arg); /* every caller passes a literal with one %s */
#pragma GCC diagnostic pop
    return false;
}

static bool ltype_of(ir_dtype dt, uint8_t *out) {
    switch (dt) {
    case IR_F32: *out = CPU_LT_F32; return true;
    case IR_F64: *out = CPU_LT_F64; return true;
    case IR_BF16: *out = CPU_LT_BF16; return true;
    case IR_F16: *out = CPU_LT_F16; return true;
    case IR_I1: *out = CPU_LT_I1; return true;
    case IR_I8: *out = CPU_LT_I8; return true;
    case IR_I16: *out = CPU_LT_I16; return true;
    case IR_I32: *out = CPU_LT_I32; return true;
    case IR_I64:
    case IR_INDEX: *out = CPU_LT_I64; return true;
    default: return false;
    }
}

static int new_vreg(lowerer *lw, const ir_value *v) { return bd_reg(&lw->bp, v); }

static bool bind(lowerer *lw, const ir_value *arg, int r) { return bd_bind(&lw->bp, arg, r); }

static vinsn *emit(lowerer *lw, cpu_lop op, const ir_op *src) {
    if (lw->n >= CPU_LOOP_MAX_INSNS) return NULL;
    vinsn *v = &lw->code[lw->n++];
    memset(v, 0, sizeof *v);
    v->in.op = (uint8_t)op;
    v->dst = v->a = v->b = v->c = VNONE;
    v->op = src;
    return v;
}

/* A captured scalar (body.h): a constant, or a value known only at run
 * time, patched per run. False when the engine cannot hold it (the
 * caller says where). */
static bool capture(lowerer *lw, const bd_insn *bi) {
    const ir_value *v = bi->val;
    uint8_t dt;
    if (!ltype_of((ir_dtype)bi->dt, &dt)) return false;
    vinsn *c = emit(lw, CPU_L_CONST, v->def);
    if (!c) return false;
    c->dst = bi->dst;
    c->in.dt = dt;
    if (v->def && v->def->kind == IR_OP_CONSTANT) {
        interp_scalar z = {0}, s;
        if (!interp_scalar_op(v->def, &z, &z, &z, &s, NULL)) return false;
        c->in.imm.i = s.i;
        return true;
    }
    cpu_loop_kernel *lk = lw->lk;
    if ((lw->x && v->id >= ex_kernels(lw->x)->nvalues) || lk->npatch >= SP_ARRAY_LEN(lk->patch)) return false;
    lk->patch[lk->npatch].insn = lw->n - 1;
    lk->patch[lk->npatch].value = v->id;
    lk->npatch++;
    return true;
}

static bool op_insn(lowerer *lw, const bd_insn *bi);

/* Translate the body program's new instructions: 1, or 0 when an op was
 * refused (why written), -1 when a captured scalar was. */
static int sync(lowerer *lw) {
    for (; lw->done < lw->bp.n; lw->done++) {
        const bd_insn *bi = &lw->bp.insn[lw->done];
        if (bi->capture ? !capture(lw, bi) : !op_insn(lw, bi)) return bi->capture ? -1 : 0;
    }
    return 1;
}

/* The register of a value used in a body: one bound earlier, or a scalar
 * captured from outside the body. */
static int operand(lowerer *lw, const ir_value *v) {
    int r = bd_operand(&lw->bp, v);
    return r >= 0 && sync(lw) > 0 ? r : -1;
}

static bool block_arg_used(const ir_block *b, const ir_value *arg) {
    for (const ir_op *o = b->first; o; o = o->next)
        for (uint32_t i = 0; i < o->nopnds; i++)
            if (o->opnds[i] == arg) return true;
    return false;
}

/* The engine's instruction for body op k with a result of type dt
 * (CPU_L_SCALAR: the reference's semantics per lane). */
static cpu_lop lop_of(ir_opkind k, ir_dtype dt) {
    switch (k) {
    case IR_OP_CONSTANT: return CPU_L_CONST;
    case IR_OP_ADDF: return CPU_L_ADDF;
    case IR_OP_SUBF: return CPU_L_SUBF;
    case IR_OP_MULF: return CPU_L_MULF;
    case IR_OP_DIVF: return CPU_L_DIVF;
    case IR_OP_MAXIMUMF: return CPU_L_MAXIMUMF;
    case IR_OP_MINIMUMF: return CPU_L_MINIMUMF;
    case IR_OP_NEGF: return CPU_L_NEGF;
    case IR_OP_ABSF: return CPU_L_ABSF;
    case IR_OP_SQRT: return CPU_L_SQRT;
    case IR_OP_RSQRT: return dt == IR_F32 || dt == IR_F64 ? CPU_L_RSQRT : CPU_L_SCALAR;
    case IR_OP_EXTF:
    case IR_OP_TRUNCF: return CPU_L_ROUNDF;
    case IR_OP_SITOFP: return CPU_L_SITOFP;
    case IR_OP_CMPF: return CPU_L_CMPF;
    case IR_OP_ADDI: return CPU_L_ADDI;
    case IR_OP_SUBI: return CPU_L_SUBI;
    case IR_OP_MULI: return CPU_L_MULI;
    case IR_OP_ANDI: return CPU_L_ANDI;
    case IR_OP_ORI: return CPU_L_ORI;
    case IR_OP_XORI: return CPU_L_XORI;
    case IR_OP_MAXSI: return CPU_L_MAXSI;
    case IR_OP_MINSI: return CPU_L_MINSI;
    case IR_OP_EXTSI:
    case IR_OP_TRUNCI:
    case IR_OP_INDEX_CAST: return CPU_L_WRAPI;
    case IR_OP_CMPI: return CPU_L_CMPI;
    case IR_OP_SELECT: return CPU_L_SELECT;
    case IR_OP_LINALG_INDEX: return CPU_L_INDEX;
    default: return dt == IR_F32 && cpu_fn1_has(k) ? CPU_L_FN1 : CPU_L_SCALAR;
    }
}

/* The engine's op table (body.h): every op with a loop of its own; the
 * rest it runs per lane with the reference's semantics, or the body
 * program decomposes into these. */
static bool loop_native(const void *ud, ir_opkind k, ir_dtype dt) {
    (void)ud;
    return lop_of(k, dt) != CPU_L_SCALAR;
}

uint32_t cpu_loop_lane_ops(const cpu_loop *L, const char **first) {
    uint32_t n = 0;
    *first = NULL;
    for (uint32_t k = 0; k < L->ninsn; k++) {
        if (L->insn[k].op != CPU_L_SCALAR) continue;
        const ir_op *o = L->insn[k].ud;
        if (!*first && o) *first = ir_op_name((ir_opkind)o->kind);
        n++;
    }
    return n;
}

/* A cf.assert in the body checks each point where it stands, in the fused
 * loop: the reference's check (interp_scalar_op, through scalar_hook) per
 * lane, whose failure stops the run with the assert's own diagnostic
 * (cpu_loop_kernel_run). Its register holds the condition, never read. */
static bool assert_op(lowerer *lw, const ir_op *o) {
    int c = operand(lw, o->opnds[0]);
    if (c < 0) return refuse(lw, "the condition of '%s' is not a scalar the engine holds", "cf.assert");
    vinsn *v = emit(lw, CPU_L_SCALAR, o);
    int d = new_vreg(lw, NULL);
    if (!v || d < 0) return refuse(lw, "%s: more body ops than the engine's program holds", "loop kernel");
    v->dst = (uint16_t)d;
    v->a = (uint16_t)c;
    v->in.dt = v->in.at = CPU_LT_I1;
    v->in.ud = o;
    return true;
}

/* The input slot of gather table t: one more input of the kernel (the
 * same slot for every extract of it), read through no loop. -1 when the
 * engine cannot hold it. */
static int gather_table(lowerer *lw, const ir_value *t) {
    cpu_loop *L = &lw->lk->L;
    for (uint32_t i = lw->k->ninputs; i < L->nin; i++)
        if (lw->lk->in_value[i] == t->id) return (int)i;
    uint8_t dt;
    if (t->type.kind != IR_T_TENSOR || t->type.rank < 1 || t->type.rank > CPU_LOOP_GATHER_RANK ||
        !ltype_of((ir_dtype)t->type.dtype, &dt) || L->nin >= CPU_LOOP_MAX_INPUTS || (lw->x && (t->id >= ex_kernels(lw->x)->nvalues || ex_value_storage(lw->x, t->id) == EX_EMPTY)))
        return -1;
    for (uint32_t d = 0; d < t->type.rank; d++)
        if (t->type.dims[d] == IR_DYNAMIC) return -1;
    cpu_loop_tensor *g = &L->in[L->nin];
    memset(g, 0, sizeof *g);
    g->dtype = dt;
    g->grank = (uint8_t)t->type.rank;
    for (uint32_t d = 0; d < t->type.rank; d++) g->gdims[d] = t->type.dims[d];
    lw->lk->in_value[L->nin] = t->id;
    return (int)L->nin++;
}

/* tensor.extract %t[%i, ...] of a tensor from outside the body: a gather,
 * its row-major index built one dim at a time (CPU_L_GINDEX, -1 once an
 * index is out of its dim, as the reference's extract checks them), then
 * the element read (CPU_L_GATHER, failing at -1). */
static bool gather_op(lowerer *lw, const ir_op *o) {
    const char *name = ir_op_name((ir_opkind)o->kind);
    const ir_value *t = o->opnds[0];
    uint8_t dt;
    if (o->nres != 1 || !ltype_of((ir_dtype)o->res[0].type.dtype, &dt))
        return refuse(lw, "'%s' has a result type the engine does not hold", name);
    const int slot = gather_table(lw, t);
    if (slot < 0 || o->nopnds != 1u + t->type.rank)
        return refuse(lw, "its body reads a tensor the engine cannot gather from (%s: static dims, rank 1 to 8, "
                          "with storage)", name);
    int lin = VNONE;
    for (uint32_t d = 0; d < t->type.rank; d++) {
        const int ix = operand(lw, o->opnds[1 + d]);
        if (ix < 0) return refuse(lw, "an index of '%s' is not a scalar the engine holds", name);
        vinsn *v = emit(lw, CPU_L_GINDEX, o);
        const int r = new_vreg(lw, NULL);
        if (!v || r < 0) return refuse(lw, "%s: more body ops than the engine's program holds", "loop kernel");
        v->dst = (uint16_t)r;
        v->a = (uint16_t)lin, v->b = (uint16_t)ix;
        v->in.dt = v->in.at = v->in.bt = CPU_LT_I64;
        v->in.pred = (uint8_t)slot;
        v->in.imm.i = d;
        lin = r;
    }
    vinsn *v = emit(lw, CPU_L_GATHER, o);
    const int r = new_vreg(lw, &o->res[0]);
    if (!v || r < 0) return refuse(lw, "%s: more body ops than the engine's program holds", "loop kernel");
    v->dst = (uint16_t)r;
    v->a = (uint16_t)lin;
    v->in.dt = dt;
    v->in.at = CPU_LT_I64;
    v->in.pred = (uint8_t)slot;
    v->in.ud = o;
    return true;
}

/* Translate one instruction of the body program (an IR op, or a step of
 * a decomposition: op NULL, never CPU_L_SCALAR, since body.h decomposes
 * only into ops the engine has loops for). */
static bool op_insn(lowerer *lw, const bd_insn *bi) {
    const ir_op *o = bi->op;
    const char *name = ir_op_name((ir_opkind)bi->kind);
    uint8_t dt, ot[3] = {0, 0, 0};
    if (!ltype_of((ir_dtype)bi->dt, &dt)) return refuse(lw, "'%s' has a result type the engine does not hold", name);
    for (uint32_t i = 0; i < bi->nopnds; i++)
        if (!ltype_of((ir_dtype)bi->t[i], &ot[i])) return refuse(lw, "'%s' has an operand type the engine does not hold", name);
    cpu_lop lop = lop_of((ir_opkind)bi->kind, (ir_dtype)bi->dt);
    if (lop == CPU_L_SCALAR) { /* the reference must know it (no tensor, no index) */
        interp_scalar z = {0}, s;
        const char *w = NULL;
        (void)interp_scalar_op(o, &z, &z, &z, &s, &w);
        if (w && !strcmp(w, "not a scalar op")) return refuse(lw, "its body has '%s', which the engine does not run", name);
    }
    vinsn *v = emit(lw, lop, o);
    if (!v) return refuse(lw, "%s: more body ops than the engine's program holds", "loop kernel");
    v->dst = bi->dst;
    v->a = bi->a, v->b = bi->b, v->c = bi->c;
    v->in.dt = dt;
    v->in.at = ot[0], v->in.bt = ot[1], v->in.ct = ot[2];
    if (lop == CPU_L_FN1) {
        v->in.imm.i = bi->kind;
    } else if (lop == CPU_L_CONST && !o) {
        v->in.imm.f = bi->imm;
    } else if (lop == CPU_L_CONST) {
        interp_scalar z = {0}, s;
        if (!interp_scalar_op(o, &z, &z, &z, &s, NULL)) return refuse(lw, "'%s' is a constant the engine cannot read", name);
        v->in.imm.i = s.i;
    } else if (lop == CPU_L_INDEX) {
        /* a chained op's loops are the output's dimensions: loop d is the
         * kernel loop the output map puts there (or a kept size-1 dim) */
        int64_t dim = (int64_t)o->u.dim;
        if (lw->cur > 0) {
            const ir_amap *om = lw->k->out_map;
            if ((uint64_t)dim >= om->nres) return refuse(lw, "'%s' names a loop the kernel does not have", name);
            const ir_aexpr *e = om->res[dim];
            if (e->kind == IR_AE_CONST) {
                v->in.op = CPU_L_CONST;
                v->in.imm.i = e->val;
                return true;
            }
            if (e->kind != IR_AE_DIM) return refuse(lw, "'%s' of a loop the output map computes", name);
            dim = e->val;
        }
        if (dim < 0 || (uint64_t)dim >= lw->k->ndims) return refuse(lw, "'%s' names a loop the kernel does not have", name);
        v->in.a = (uint8_t)dim;
    } else if (lop == CPU_L_CMPF || lop == CPU_L_CMPI) {
        v->in.pred = o ? (uint8_t)o->u.pred : bi->pred;
    } else if (lop == CPU_L_SCALAR) {
        v->in.ud = o;
    }
    return true;
}

/* Emit one body op: the engine's own (an assert, a gather), or the body
 * program's, translated. */
static bool body_op(lowerer *lw, const ir_op *o) {
    const char *name = ir_op_name((ir_opkind)o->kind);
    if (o->kind == IR_OP_ASSERT) return assert_op(lw, o);
    if (o->kind == IR_OP_EXTRACT) return gather_op(lw, o);
    if (o->nres != 1 || o->nregions || o->nopnds > 3 || o->res[0].type.kind != IR_T_SCALAR)
        return refuse(lw, "its body has '%s', which is not a scalar op", name);
    uint8_t t;
    if (!ltype_of((ir_dtype)o->res[0].type.dtype, &t)) return refuse(lw, "'%s' has a result type the engine does not hold", name);
    for (uint32_t i = 0; i < o->nopnds; i++)
        if (o->opnds[i]->type.kind == IR_T_SCALAR && !ltype_of((ir_dtype)o->opnds[i]->type.dtype, &t))
            return refuse(lw, "'%s' has an operand type the engine does not hold", name);
    if (!bd_op(&lw->bp, o)) {
        if (lw->bp.full) return refuse(lw, "%s: more body ops than the engine's program holds", "loop kernel");
        return refuse(lw, "an operand of '%s' is not a scalar the engine holds", name);
    }
    const int st = sync(lw);
    if (st < 0) return refuse(lw, "an operand of '%s' is not a scalar the engine holds", name);
    return st > 0;
}

/* Emit kernel op s's body; *chain in: the register of the chain value
 * (the previous op's result), out: this op's. */
static bool emit_op(lowerer *lw, uint32_t s, int acc, int *chain) {
    const kernel *k = lw->k;
    const ir_op *E = k->ops[s];
    const ir_block *b = ir_linalg_body(E);
    const int32_t *ai = k->arg_input[s];
    lw->cur = s;
    if (!b || !ai) return refuse(lw, "'%s' has no body", ir_op_name((ir_opkind)E->kind));
    for (uint32_t i = 0; i < E->u.lin.nins; i++) {
        const ir_value *arg = &b->args[i];
        if (!block_arg_used(b, arg)) continue;
        int r;
        if (ai[i] == KN_CHAIN) {
            if (!bind(lw, arg, *chain)) return refuse(lw, "%s: a chain without a value", "loop kernel");
            continue;
        }
        const kn_input *kin = &k->inputs[ai[i]];
        if (kin->value->type.kind == IR_T_SCALAR) {
            r = operand(lw, kin->value);
            if (!bind(lw, arg, r))
                return refuse(lw, "an input of '%s' is not a scalar the engine holds", ir_op_name((ir_opkind)E->kind));
            continue;
        }
        if (lw->x && ex_value_storage(lw->x, kin->value->id) == EX_EMPTY)
            return refuse(lw, "it reads a tensor.empty (%s)", kin->value->name ? kin->value->name : "?");
        vinsn *v = emit(lw, CPU_L_LOAD, E);
        r = new_vreg(lw, arg);
        if (!v || r < 0) return refuse(lw, "%s: more body ops than the engine's program holds", "loop kernel");
        v->dst = (uint16_t)r;
        v->in.a = (uint8_t)ai[i];
        (void)ltype_of((ir_dtype)arg->type.dtype, &v->in.dt);
    }
    for (uint32_t o = 0; o < E->u.lin.nouts; o++) {
        const ir_value *arg = &b->args[E->u.lin.nins + o];
        if (!block_arg_used(b, arg)) continue;
        if (s != 0 || acc < 0) return refuse(lw, "'%s' reads its outs tensor", ir_op_name((ir_opkind)E->kind));
        if (!bind(lw, arg, acc)) return refuse(lw, "%s: too many values", "loop kernel");
    }
    for (const ir_op *o = b->first; o && o->kind != IR_OP_LINALG_YIELD; o = o->next)
        if (!body_op(lw, o)) return false;
    if (!b->last || b->last->kind != IR_OP_LINALG_YIELD || b->last->nopnds != 1)
        return refuse(lw, "'%s' does not yield one value", ir_op_name((ir_opkind)E->kind));
    int r = operand(lw, b->last->opnds[0]);
    if (r < 0) return refuse(lw, "'%s' yields a value the engine does not hold", ir_op_name((ir_opkind)E->kind));
    *chain = r;
    return true;
}

/* A tensor read (or written) through the kernel's loops by map. */
static bool tensor_access(const lowerer *lw, const ir_value *v, const ir_amap *map, cpu_loop_tensor *t) {
    memset(t, 0, sizeof *t);
    if (!ltype_of((ir_dtype)v->type.dtype, &t->dtype)) return false;
    if (v->type.kind != IR_T_TENSOR) return false;
    if (lw->x && ex_value_splat(lw->x, v->id)) return true; /* one element, read through zero strides */
    int64_t ts[IR_MAX_RANK];
    ir_type_strides(v->type, ts);
    for (uint32_t r = 0; r < map->nres; r++) {
        int64_t coef[KN_MAX_DIMS] = {0}, cst = 0;
        if (!ir_aexpr_linear(map->res[r], lw->k->ndims, coef, &cst)) return false;
        for (uint32_t d = 0; d < lw->k->ndims; d++) t->stride[d] += coef[d] * ts[r];
        t->off += cst * ts[r];
    }
    return true;
}

/* Map virtual registers onto the engine's by their live ranges (a linear
 * scan): a register is free after its value's last use; acc and the
 * result stay. */
static bool allocate(lowerer *lw, int acc, int result, int root_result, int *phys) {
    static const uint32_t never = UINT32_MAX;
    uint32_t last[MAX_VREGS];
    for (uint32_t v = 0; v < lw->bp.nregs; v++) last[v] = never;
    for (uint32_t i = 0; i < lw->n; i++) {
        const vinsn *c = &lw->code[i];
        const uint16_t rd[3] = {c->a, c->b, c->c};
        for (int j = 0; j < 3; j++)
            if (rd[j] != VNONE) last[rd[j]] = i;
        if (c->dst != VNONE && last[c->dst] == never) last[c->dst] = i;
    }
    bool busy[CPU_LOOP_MAX_REGS] = {0};
    for (uint32_t v = 0; v < lw->bp.nregs; v++) phys[v] = -1;
    int nregs = 0;
    if (acc >= 0) {
        phys[acc] = 0;
        busy[0] = true;
        nregs = 1;
    }
    for (uint32_t i = 0; i < lw->n; i++) {
        vinsn *c = &lw->code[i];
        uint16_t *rd[3] = {&c->a, &c->b, &c->c};
        uint8_t *pr[3] = {&c->in.a, &c->in.b, &c->in.c};
        for (int j = 0; j < 3; j++) {
            if (*rd[j] == VNONE) {
                if (c->in.op != CPU_L_INDEX && !(c->in.op == CPU_L_LOAD && j == 0)) /* a holds a loop / input there */
                    *pr[j] = 0xff;
                continue;
            }
            if (phys[*rd[j]] < 0) return false; /* read before written: a lowering bug */
            *pr[j] = (uint8_t)phys[*rd[j]];
        }
        if (c->dst != VNONE) {
            if (phys[c->dst] < 0) {
                int p = 0;
                while (p < CPU_LOOP_MAX_REGS && busy[p]) p++;
                if (p >= CPU_LOOP_MAX_REGS) return false;
                busy[p] = true;
                phys[c->dst] = p;
                if (p + 1 > nregs) nregs = p + 1;
            }
            c->in.dst = (uint8_t)phys[c->dst];
        }
        /* operands that die here free their registers, after dst took
         * another one: a lane of f64 is two lanes of f32, so an op that
         * changes the class must not write where it reads */
        for (int j = 0; j < 3; j++) {
            uint16_t v = *rd[j];
            if (v != VNONE && last[v] == i && (int)v != acc && (int)v != result && (int)v != root_result) busy[phys[v]] = false;
        }
        if (c->dst != VNONE && last[c->dst] == i && (int)c->dst != acc && (int)c->dst != result &&
            (int)c->dst != root_result)
            busy[phys[c->dst]] = false; /* never read */
    }
    /* root_result is read by the engine at the end of the body only */
    lw->lk->L.nregs = (uint32_t)(nregs ? nregs : 1);
    return true;
}

static int scalar_hook(const void *ud, const cpu_lane *a, const cpu_lane *b, const cpu_lane *c, cpu_lane *r) {
    interp_scalar s;
    if (!interp_scalar_op((const ir_op *)ud, (const interp_scalar *)a, (const interp_scalar *)b,
                          (const interp_scalar *)c, &s, NULL))
        return 1;
    r->i = s.i;
    return 0;
}

/* The kernel's inputs as the engine reads them (a folded pad's source
 * through its guard); false with why written. */
static bool lower_inputs(lowerer *lw) {
    const kernel *k = lw->k;
    cpu_loop_kernel *lk = lw->lk;
    cpu_loop *L = &lk->L;
    L->nin = k->ninputs;
    for (uint32_t i = 0; i < k->ninputs; i++) {
        const kn_input *in = &k->inputs[i];
        const char *name = in->value->name ? in->value->name : "?";
        lk->in_value[i] = in->value->id;
        if (in->value->type.kind == IR_T_SCALAR) continue; /* a CONST, see emit_op */
        if (!tensor_access(lw, in->value, in->map, &L->in[i]))
            return refuse(lw, "input %s is not read through linear maps of a type the engine holds", name);
        if (in->role == KN_ROLE_INIT) L->init_input = (int)i;
        if (in->pad && !cpu_loop_pad_build(lw->x, k, i, &L->in[i], &lk->pad))
            return refuse(lw, "input %s is read through a pad the cpu folds into f32 pool windows only", name);
    }
    return true;
}

bool cpu_loop_lower(sp_ctx *ctx, const ex_program *x, const kernel *k, cpu_loop_kernel *lk, char *why, size_t nwhy) {
    lowerer *lw = sp_calloc(ctx, 1, sizeof *lw);
    lw->x = x, lw->k = k, lw->lk = lk, lw->why = why, lw->nwhy = nwhy;
    lw->tg.native = loop_native;
    bd_init(&lw->bp, &lw->tg);
    bool ok = false;
    memset(lk, 0, sizeof *lk);
    cpu_loop *L = &lk->L;
    lk->init_value = -1;
    const ir_op *root = k->root;
    if (k->ndims > CPU_LOOP_MAX_DIMS || k->ninputs > CPU_LOOP_MAX_INPUTS) {
        refuse(lw, "%s: more loops or inputs than the engine's loop kernels take", "loop kernel");
        goto out;
    }
    L->ndims = k->ndims;
    bool reduction = false;
    for (uint32_t d = 0; d < k->ndims; d++) {
        L->bounds[d] = k->bounds[d];
        L->reduction[d] = root->u.lin.iters[d] != IR_ITER_PARALLEL;
        reduction |= L->reduction[d];
    }
    if (!lower_inputs(lw)) goto out;
    if (!reduction) L->init_input = -1;
    else if (!k->inputs || k->inputs[k->ninputs - 1].role != KN_ROLE_INIT) L->init_input = -1;
    lk->out_value = k->out->id;
    if (!tensor_access(lw, k->out, k->out_map, &L->out)) {
        refuse(lw, "its result is not written through a linear map of a type the engine holds", "");
        goto out;
    }
    int acc = -1, chain = -1, root_result = -1;
    uint32_t first = 0;
    if (reduction) {
        acc = new_vreg(lw, NULL);
        const ir_block *b = ir_linalg_body(root);
        if (!b || !block_arg_used(b, &b->args[root->u.lin.nins])) {
            refuse(lw, "'%s' is a reduction that does not read its init", ir_op_name((ir_opkind)root->kind));
            goto out;
        }
        uint8_t adt;
        if (!ltype_of((ir_dtype)k->out->type.dtype, &adt)) goto out;
        if (k->init_scalar) {
            const ir_value *iv = k->init_scalar;
            interp_scalar z = {0}, s;
            if (iv->def && iv->def->kind == IR_OP_CONSTANT && interp_scalar_op(iv->def, &z, &z, &z, &s, NULL))
                L->init_imm.i = s.i;
            else
                lk->init_value = iv->id;
        } else if (L->init_input < 0) {
            L->init_imm.i = 0; /* an empty init: zeros (0.0 and 0 alike) */
        }
        if (!emit_op(lw, 0, acc, &root_result)) goto out;
        L->nroot = lw->n;
        chain = acc;
        first = 1;
    }
    for (uint32_t s = first; s < k->nops; s++)
        if (!emit_op(lw, s, acc, &chain)) goto out;
    int phys[MAX_VREGS];
    if (!allocate(lw, acc, chain, root_result, phys)) {
        refuse(lw, "more than %s live values at once", "40");
        goto out;
    }
    L->ninsn = lw->n;
    for (uint32_t i = 0; i < lw->n; i++) L->insn[i] = lw->code[i].in;
    L->acc = acc >= 0 ? phys[acc] : -1;
    L->root_result = root_result >= 0 ? phys[root_result] : -1;
    /* the body's last op makes the new accumulator: it writes acc itself
     * (nothing in the body reads its result), no copy per step */
    if (L->acc >= 0 && L->nroot > 0 && L->insn[L->nroot - 1].dst == L->root_result) {
        L->insn[L->nroot - 1].dst = (uint8_t)L->acc;
        L->root_result = L->acc;
    }
    L->result = phys[chain];
    L->scalar = scalar_hook;
    ok = cpu_loop_plan(ctx, L) == SP_OK;
    if (!ok) {
        char e[200];
        sp_format_error(ctx, e, sizeof e);
        refuse(lw, "%s", e);
    } else if (lk->pad.on && !cpu_loop_pad_runs(lk)) {
        ok = refuse(lw, "its input read through a folded pad is not a pool window the cpu runs directly%s", "");
    }
out:
    sp_free(ctx, lw);
    return ok;
}

/* ----------------------------------------------------------- tensor ops */

/* L copies (or fills, with no source) a box of dims[0..rank): element idx
 * from src at soff + sum idx[d] * sstride[d] to dst at doff + sum idx[d] *
 * dstride[d]. */
static void copy_program(cpu_loop *L, uint32_t rank, const int64_t *dims, uint8_t dt, bool from_input,
                         int64_t soff, const int64_t *sstride, int64_t doff, const int64_t *dstride, cpu_lane fill) {
    memset(L, 0, sizeof *L);
    L->ndims = rank;
    for (uint32_t d = 0; d < rank; d++) {
        L->bounds[d] = dims[d];
        L->out.stride[d] = dstride[d];
    }
    L->out.dtype = dt;
    L->out.off = doff;
    cpu_loop_insn *in = &L->insn[0];
    in->op = from_input ? CPU_L_LOAD : CPU_L_CONST;
    in->dt = dt;
    in->b = in->c = 0xff;
    if (from_input) {
        L->nin = 1;
        L->in[0].dtype = dt;
        L->in[0].off = soff;
        for (uint32_t d = 0; d < rank; d++) L->in[0].stride[d] = sstride[d];
    } else {
        in->a = 0xff;
        in->imm = fill;
    }
    L->ninsn = 1;
    L->nregs = 1;
    L->acc = -1;
    L->init_input = -1;
    L->result = 0;
    L->scalar = scalar_hook;
}

/* How a copy reads tensor v: false when it reads nothing (an empty:
 * zeros); a splat constant is one element read through zero strides. */
static bool read_source(const ex_program *x, const ir_value *v, uint32_t rank, int64_t *stride) {
    if (ex_value_storage(x, v->id) == EX_EMPTY) return false;
    if (ex_value_splat(x, v->id))
        for (uint32_t d = 0; d < rank; d++) stride[d] = 0;
    return true;
}

static bool static_all(const int64_t *v, uint32_t n) {
    for (uint32_t d = 0; d < n; d++)
        if (v[d] == IR_DYNAMIC) return false;
    return true;
}

bool cpu_loop_lower_op(sp_ctx *ctx, const ex_program *x, const kernel *k, cpu_loop_kernel *lk, char *why, size_t nwhy) {
    const ir_op *op = k->root;
    memset(lk, 0, sizeof *lk);
    lk->init_value = -1;
    const char *name = ir_op_name((ir_opkind)op->kind);
    uint8_t dt;
    const ir_type rt = op->res[0].type;
    if (rt.kind != IR_T_TENSOR || !ltype_of((ir_dtype)rt.dtype, &dt) || rt.rank > CPU_LOOP_MAX_DIMS) {
        snprintf(why, nwhy, "'%s' makes a tensor of a type the engine does not hold", name);
        return false;
    }
    int64_t rs[IR_MAX_RANK];
    ir_type_strides(rt, rs);
    lk->out_value = op->res[0].id;
    if (op->kind == IR_OP_EXTRACT_SLICE || op->kind == IR_OP_INSERT_SLICE) {
        const ir_slice_info *si = &op->u.slice;
        if (!static_all(si->offsets, si->rank) || !static_all(si->sizes, si->rank) || !static_all(si->strides, si->rank)) {
            snprintf(why, nwhy, "'%s' has dynamic offsets, sizes or strides", name);
            return false;
        }
        const bool ins = op->kind == IR_OP_INSERT_SLICE;
        const ir_value *big = ins ? op->opnds[1] : op->opnds[0], *small = op->opnds[0];
        if (big->type.rank != si->rank) {
            snprintf(why, nwhy, "'%s': the slice's rank is not the tensor's", name);
            return false;
        }
        int64_t bs[IR_MAX_RANK], box[IR_MAX_RANK], boff = 0, bstride[IR_MAX_RANK];
        ir_type_strides(big->type, bs);
        for (int d = (int)si->rank - 1; d >= 0; d--) {
            if (si->offsets[d] < 0 || (si->sizes[d] > 0 && si->offsets[d] + (si->sizes[d] - 1) * si->strides[d] >= big->type.dims[d])) {
                snprintf(why, nwhy, "'%s' runs out of bounds (the reference says where)", name);
                return false;
            }
            boff += si->offsets[d] * bs[d];
            bstride[d] = si->strides[d] * bs[d];
            box[d] = d + 1 < (int)si->rank ? box[d + 1] * si->sizes[d + 1] : 1; /* row-major strides of the box */
        }
        if (!ins) {
            if (!read_source(x, big, si->rank, bstride)) boff = 0;
            copy_program(&lk->L, si->rank, si->sizes, dt, ex_value_storage(x, big->id) != EX_EMPTY, boff, bstride, 0, box,
                         (cpu_lane){0});
            lk->in_value[0] = big->id;
        } else {
            int64_t ds[IR_MAX_RANK];
            memcpy(ds, rs, sizeof ds);
            lk->has_pre = true;
            copy_program(&lk->pre, rt.rank, rt.dims, dt, read_source(x, big, rt.rank, ds), 0, ds, 0, rs, (cpu_lane){0});
            lk->pre_in_value[0] = big->id;
            copy_program(&lk->L, si->rank, si->sizes, dt, read_source(x, small, si->rank, box), 0, box, boff, bstride,
                         (cpu_lane){0});
            lk->in_value[0] = small->id;
        }
    } else if (op->kind == IR_OP_PAD) {
        const ir_pad_info *pi = &op->u.pad;
        const ir_value *src = op->opnds[0];
        const ir_block *b = op->nregions ? op->regions[0] : NULL;
        if (!static_all(pi->low, pi->rank) || !static_all(pi->high, pi->rank) || src->type.rank != pi->rank) {
            snprintf(why, nwhy, "'%s' has dynamic padding", name);
            return false;
        }
        if (!b || !b->first || b->first->kind != IR_OP_TENSOR_YIELD || b->first->nopnds != 1) {
            snprintf(why, nwhy, "'%s' computes its padding value per element", name);
            return false;
        }
        const ir_value *pv = b->first->opnds[0];
        cpu_lane fill = {0};
        interp_scalar z = {0}, sv;
        if (pv->def && pv->def->kind == IR_OP_CONSTANT && interp_scalar_op(pv->def, &z, &z, &z, &sv, NULL)) {
            fill.i = sv.i;
        } else if (pv->type.kind == IR_T_SCALAR && !(pv->owner == b) && pv->id < ex_kernels(x)->nvalues) {
            lk->patch[lk->npatch].insn = UINT32_MAX; /* the pre pass's CONST */
            lk->patch[lk->npatch++].value = pv->id;
        } else {
            snprintf(why, nwhy, "'%s' pads with a value the engine cannot read", name);
            return false;
        }
        lk->has_pre = true;
        copy_program(&lk->pre, rt.rank, rt.dims, dt, false, 0, NULL, 0, rs, fill);
        int64_t ss[IR_MAX_RANK], doff = 0;
        ir_type_strides(src->type, ss);
        for (uint32_t d = 0; d < pi->rank; d++) doff += pi->low[d] * rs[d];
        copy_program(&lk->L, pi->rank, src->type.dims, dt, read_source(x, src, pi->rank, ss), 0, ss, doff, rs, (cpu_lane){0});
        lk->in_value[0] = src->id;
    } else {
        snprintf(why, nwhy, "the cpu engine has no '%s'", name);
        return false;
    }
    if ((lk->has_pre && cpu_loop_plan(ctx, &lk->pre) != SP_OK) || cpu_loop_plan(ctx, &lk->L) != SP_OK) {
        char e[200];
        sp_format_error(ctx, e, sizeof e);
        snprintf(why, nwhy, "%s", e);
        return false;
    }
    return true;
}

/* A copy program (copy_program: one LOAD of the output's type, or a zero
 * CONST) run directly: contiguous innermost runs by memcpy/memset, the
 * outermost dim split over threads. The engine's chunks cost ~0.1 us a
 * row, which a pad of 3584 rows of 56 floats (a ResNet block's) pays
 * 0.4 ms for. False: not such a program (the engine runs it). */
/* The element bytes of such a program (its one input is input 0), 0 if L
 * is not one. */
static int copy_bytes(const cpu_loop *L) {
    const int eb = cpu_loop_copy_bytes(L);
    if (!eb || L->ndims == 0 || L->ndims > CPU_LOOP_MAX_DIMS || (L->insn[0].op == CPU_L_LOAD && (L->nin != 1 || L->insn[0].a)))
        return 0;
    return eb;
}

/* Its team: rows (all dims but the last) split, two or more a thread, where
 * the copy is large enough to pay for a region. */
static int copy_team(const cpu_loop *L, int eb, int nthreads) {
    int64_t outer = 1;
    for (uint32_t d = 0; d + 1 < L->ndims; d++) outer *= L->bounds[d];
    return cpu_team(outer * L->bounds[L->ndims - 1] * eb >= 65536 ? nthreads : 1, outer / 2);
}

static bool run_copy(const cpu_loop *L, const void *in, void *out, int nthreads) {
    const int eb = copy_bytes(L);
    if (!eb) return false;
    const bool load = L->insn[0].op == CPU_L_LOAD;
    if (load && !in) return false;
    const uint32_t nd = L->ndims, last = nd - 1;
    const int64_t n = L->bounds[last];
    const bool unit = L->out.stride[last] == 1 && (!load || L->in[0].stride[last] == 1);
    int64_t outer = 1;
    for (uint32_t d = 0; d < last; d++) outer *= L->bounds[d];
    const int nt = copy_team(L, eb, nthreads);
#pragma omp parallel for num_threads(nt) schedule(static) if (nt > 1)
    for (int64_t r = 0; r < outer; r++) {
        int64_t so = load ? L->in[0].off : 0, d0 = L->out.off, q = r;
        for (int d = (int)last - 1; d >= 0; d--) {
            const int64_t i = q % L->bounds[d];
            q /= L->bounds[d];
            d0 += i * L->out.stride[d];
            if (load) so += i * L->in[0].stride[d];
        }
        char *dst = (char *)out + d0 * eb;
        const char *src = load ? (const char *)in + so * eb : NULL;
        if (unit) {
            if (load)
                memcpy(dst, src, (size_t)(n * eb));
            else
                memset(dst, 0, (size_t)(n * eb));
        } else {
            for (int64_t j = 0; j < n; j++) {
                char *e = dst + j * L->out.stride[last] * eb;
                if (load)
                    memcpy(e, src + j * L->in[0].stride[last] * eb, (size_t)eb);
                else
                    memset(e, 0, (size_t)eb);
            }
        }
    }
    return true;
}

/* Whether insn[nroot, ninsn) of L is an f32 chain of constants and + - * /
 * on the accumulator (a mean's division), which win_chain runs. */
bool cpu_f32_chain_ok(const cpu_loop *L) {
    for (uint32_t k = L->nroot; k < L->ninsn; k++) {
        const cpu_loop_insn *c = &L->insn[k];
        const bool arith = c->op == CPU_L_ADDF || c->op == CPU_L_SUBF || c->op == CPU_L_MULF || c->op == CPU_L_DIVF;
        if (c->dt != CPU_LT_F32 || !(c->op == CPU_L_CONST || arith) || (arith && (c->at != CPU_LT_F32 || c->bt != CPU_LT_F32)))
            return false;
    }
    return true;
}

/* A row sum run directly: an f32 sum of one f32 input over reduction
 * loops whose elements lie contiguous in it (AdaptiveAvgPool2d(1)'s 7x7
 * rows, a mean over the last axis), then an f32 chain of constants and
 * +, -, *, / on the sum (the mean's division). The engine puts its lanes
 * along the output's channels there, each lane striding through its row
 * (0.14 ms for 2048 rows of 49); here each row is summed where it lies,
 * sixteen partial sums at a time. The sum's order differs from the
 * reference's (as the engine's reduction lanes do), within what --check
 * accepts; each chain step is rounded to f32 as the engine rounds it.
 * False: not such a program (the engine runs it). */
bool cpu_loop_row_sum(const cpu_loop *L, int64_t *n) {
    if (L->acc < 0 || L->nroot != 2 || L->init_input >= 0 || L->out.dtype != CPU_LT_F32 || L->nin < 1) return false;
    const cpu_loop_insn *ld = &L->insn[0], *ad = &L->insn[1];
    if (ld->op != CPU_L_LOAD || ld->dt != CPU_LT_F32 || L->in[ld->a].dtype != CPU_LT_F32 || L->in[ld->a].grank) return false;
    if (ad->op != CPU_L_ADDF || ad->dt != CPU_LT_F32 || ad->dst != L->root_result ||
        !((ad->a == L->acc && ad->b == ld->dst) || (ad->b == L->acc && ad->a == ld->dst)))
        return false;
    if (!cpu_f32_chain_ok(L)) return false;
    /* the reduction loops walk the input's row contiguously, innermost first */
    const cpu_loop_tensor *x = &L->in[ld->a];
    int64_t len = 1;
    for (uint32_t m = 0; m < L->ndims; m++) {
        int found = -1;
        for (uint32_t d = 0; d < L->ndims; d++)
            if (L->reduction[d] && L->bounds[d] > 1 && x->stride[d] == len) found = (int)d;
        if (found < 0) break;
        len *= L->bounds[found];
    }
    int64_t red = 1;
    for (uint32_t d = 0; d < L->ndims; d++)
        if (L->reduction[d]) {
            red *= L->bounds[d];
            if (L->out.stride[d] != 0) return false;
        }
    if (red != len || len < 16) return false;
    *n = len;
    return true;
}

static int64_t rowsum_rows(const cpu_loop *L) {
    int64_t outer = 1;
    for (uint32_t d = 0; d < L->ndims; d++)
        if (!L->reduction[d]) outer *= L->bounds[d];
    return outer;
}

/* Its team: rows split, four or more a thread, where it is large enough
 * to pay for a region. */
static int rowsum_team(const cpu_loop *L, int64_t n, int nthreads) {
    const int64_t outer = rowsum_rows(L);
    return cpu_team(outer * n >= 65536 ? nthreads : 1, outer / 4);
}

/* One row's sum in row_sum4's order (a row's sum must not depend on
 * which rows share its group: the thread count moves the groups). */
static float row_sum(const float *x, int64_t n) {
    rs_v4 p = {0}, q = {0}, t;
    int64_t j = 0;
    for (; j + 8 <= n; j += 8) memcpy(&t, x + j, 16), p += t, memcpy(&t, x + j + 4, 16), q += t;
    if (j + 4 <= n) memcpy(&t, x + j, 16), p += t, j += 4;
    p += q;
    float s = (p[0] + p[2]) + (p[1] + p[3]);
    for (; j < n; j++) s += x[j];
    return s;
}

#if defined(__clang__)
#define RS_SHUF(a, b, i, j, k, l) __builtin_shufflevector(a, b, i, j, k, l)
#else
#define RS_SHUF(a, b, i, j, k, l) __builtin_shuffle(a, b, (rs_v4i){i, j, k, l})
#endif
typedef int32_t rs_v4i __attribute__((vector_size(16)));

/* The sums of four rows of n at a, b, c, d into s[0, 4): per row eight
 * partial sums in two vectors (four rows' chains overlap), the rows'
 * partials added across lanes at once, the last n % 4 elements after. */
static void row_sum4(const float *a, const float *b, const float *c, const float *d, int64_t n, float *s) {
    rs_v4 pa = {0}, pb = {0}, pc = {0}, pd = {0}, qa = {0}, qb = {0}, qc = {0}, qd = {0}, t;
    int64_t j = 0;
    for (; j + 8 <= n; j += 8) {
        memcpy(&t, a + j, 16), pa += t, memcpy(&t, a + j + 4, 16), qa += t;
        memcpy(&t, b + j, 16), pb += t, memcpy(&t, b + j + 4, 16), qb += t;
        memcpy(&t, c + j, 16), pc += t, memcpy(&t, c + j + 4, 16), qc += t;
        memcpy(&t, d + j, 16), pd += t, memcpy(&t, d + j + 4, 16), qd += t;
    }
    if (j + 4 <= n) {
        memcpy(&t, a + j, 16), pa += t, memcpy(&t, b + j, 16), pb += t;
        memcpy(&t, c + j, 16), pc += t, memcpy(&t, d + j, 16), pd += t;
        j += 4;
    }
    pa += qa, pb += qb, pc += qc, pd += qd;
    /* {a0 + a2, b0 + b2, a1 + a3, b1 + b3}, the same of c, d, then across */
    const rs_v4 ab = RS_SHUF(pa, pb, 0, 4, 1, 5) + RS_SHUF(pa, pb, 2, 6, 3, 7);
    const rs_v4 cd = RS_SHUF(pc, pd, 0, 4, 1, 5) + RS_SHUF(pc, pd, 2, 6, 3, 7);
    const rs_v4 r = RS_SHUF(ab, cd, 0, 1, 4, 5) + RS_SHUF(ab, cd, 2, 3, 6, 7);
    s[0] = r[0], s[1] = r[1], s[2] = r[2], s[3] = r[3];
    for (; j < n; j++) s[0] += a[j], s[1] += b[j], s[2] += c[j], s[3] += d[j];
}

/* The sums of the ns rows of n at xp + from[i] into s: four at a time. */
static void row_sums(const float *xp, const int64_t *from, int ns, int64_t n, float *s) {
    int i = 0;
    for (; i + 4 <= ns; i += 4) row_sum4(xp + from[i], xp + from[i + 1], xp + from[i + 2], xp + from[i + 3], n, s + i);
    for (; i < ns; i++) s[i] = row_sum(xp + from[i], n);
}

/* Point q of the loops pd[0, np) (innermost first, row-major): its offsets
 * in x and in the output added to *xo and *oo, its indices into idx when
 * not NULL. The direct paths' rows (run_rowsum, run_window). */
void cpu_point_at(const cpu_loop *L, const cpu_loop_tensor *x, const uint32_t *pd, uint32_t np, int64_t q,
                  int64_t *idx, int64_t *xo, int64_t *oo) {
    for (uint32_t k = 0; k < np; k++) {
        const uint32_t d = pd[k];
        const int64_t i = q % L->bounds[d];
        q /= L->bounds[d];
        if (idx) idx[k] = i;
        *xo += i * x->stride[d];
        *oo += i * L->out.stride[d];
    }
}

static bool run_rowsum(const cpu_loop *L, const void *const *in, void *out, int nthreads, cpu_isa isa) {
    const cpu_row_sums_fn sums = isa >= CPU_ISA_AVX512 ? cpu_row_sums_avx512 : isa == CPU_ISA_AVX2 ? cpu_row_sums_avx2 : row_sums;
    int64_t n;
    if (!cpu_loop_row_sum(L, &n)) return false;
    const cpu_loop_tensor *x = &L->in[L->insn[0].a];
    const float *xp = in[L->insn[0].a];
    if (!xp) return false;
    const int64_t outer = rowsum_rows(L);
    const int nt = rowsum_team(L, n, nthreads);
    /* the output's loops, innermost first, as an odometer (no division per
     * row; its bounds and strides here, not reloaded past each store) */
    uint32_t pd[CPU_LOOP_MAX_DIMS], np = 0;
    int64_t bnd[CPU_LOOP_MAX_DIMS], sx[CPU_LOOP_MAX_DIMS], so[CPU_LOOP_MAX_DIMS];
    for (int d = (int)L->ndims - 1; d >= 0; d--)
        if (!L->reduction[d] && L->bounds[d] > 1)
            bnd[np] = L->bounds[d], sx[np] = x->stride[d], so[np] = L->out.stride[d], pd[np++] = (uint32_t)d;
    bool flat = true; /* the rows one strided sequence (no odometer) */
    for (uint32_t k = 1; k < np; k++) flat &= sx[k] == sx[k - 1] * bnd[k - 1] && so[k] == so[k - 1] * bnd[k - 1];
    const int64_t fx = np ? sx[0] : 0, fo = np ? so[0] : 0;
    const int64_t chunk = nt > 1 ? (outer + 63) / 64 : outer; /* a team: 64 chunks */
    const float init = (float)L->init_imm.f;
#pragma omp parallel for num_threads(nt) schedule(static) if (nt > 1)
    for (int64_t c0 = 0; c0 < outer; c0 += chunk) {
        int64_t idx[CPU_LOOP_MAX_DIMS], xo = x->off, oo = L->out.off;
        cpu_point_at(L, x, pd, np, c0, idx, &xo, &oo);
        const int64_t end = c0 + chunk < outer ? c0 + chunk : outer;
        float sum[64]; /* the chain run on 64 rows' sums at a time (win_chain) */
        int64_t at[64], from[64];
        for (int64_t r0 = c0; r0 < end; r0 += 64) {
            const int ns = (int)(end - r0 < 64 ? end - r0 : 64);
            for (int i = 0; i < ns && flat; i++) from[i] = xo + i * fx, at[i] = oo + i * fo;
            if (flat) xo += ns * fx, oo += ns * fo;
            for (int i = 0; i < ns && !flat; i++) {
                from[i] = xo, at[i] = oo;
                for (uint32_t k = 0; k < np; k++) { /* the next row */
                    xo += sx[k], oo += so[k];
                    if (++idx[k] < bnd[k]) break;
                    xo -= idx[k] * sx[k], oo -= idx[k] * so[k];
                    idx[k] = 0;
                }
            }
            sums(xp, from, ns, n, sum);
            for (int i = 0; i < ns; i++) sum[i] = init + sum[i]; /* the f32 add (= the f64 one rounded) */
            if (L->ninsn > L->nroot) cpu_win_chain(L, sum, ns);
            for (int i = 0; i < ns; i++) ((float *)out)[at[i]] = sum[i];
        }
    }
    return true;
}

/* The chain on n reduced values at o, in place: each instruction over 64
 * of them at a time, four lanes at once, each step rounded to f32 as the
 * engine rounds it (one + - * / of two f32 operands in f32 is the f32
 * rounding of its exact value). */
void cpu_win_chain(const cpu_loop *L, float *o, int64_t n) {
    const cpu_loop_insn *k0 = &L->insn[L->nroot], *k1 = k0 + 1;
    if (L->ninsn == L->nroot + 2 && k0->op == CPU_L_CONST && (k1->op == CPU_L_DIVF || k1->op == CPU_L_MULF) &&
        k1->a == L->acc && k1->b == k0->dst && k1->dst == L->result && k0->dst != L->acc) {
        const float c = (float)k0->imm.f; /* an average's division by a constant, in place */
        if (k1->op == CPU_L_DIVF)
            for (int64_t i = 0; i < n; i++) o[i] /= c;
        else
            for (int64_t i = 0; i < n; i++) o[i] *= c;
        return;
    }
    enum { W = 16 }; /* vectors of a register */
    rs_v4 reg[CPU_LOOP_MAX_REGS][W];
    for (int64_t j0 = 0; j0 < n; j0 += 4 * W) {
        const int m = (int)(n - j0 < 4 * W ? n - j0 : 4 * W), nv = (m + 3) / 4;
        if (m % 4) reg[L->acc][nv - 1] = (rs_v4){0}; /* the last vector's lanes past m */
        memcpy(reg[L->acc], o + j0, (size_t)m * sizeof(float));
        for (uint32_t k = L->nroot; k < L->ninsn; k++) {
            const cpu_loop_insn *c = &L->insn[k];
            rs_v4 *d = reg[c->dst];
            /* a CONST names no operand registers (its a and b are unset) */
            const bool bin = c->op != CPU_L_CONST;
            const rs_v4 *x = bin ? reg[c->a] : NULL, *y = bin ? reg[c->b] : NULL;
            const float f = (float)c->imm.f;
            switch (c->op) {
            case CPU_L_CONST:
                for (int v = 0; v < nv; v++) d[v] = (rs_v4){f, f, f, f};
                break;
            case CPU_L_ADDF:
                for (int v = 0; v < nv; v++) d[v] = x[v] + y[v];
                break;
            case CPU_L_SUBF:
                for (int v = 0; v < nv; v++) d[v] = x[v] - y[v];
                break;
            case CPU_L_MULF:
                for (int v = 0; v < nv; v++) d[v] = x[v] * y[v];
                break;
            default:
                for (int v = 0; v < nv; v++) d[v] = x[v] / y[v];
                break;
            }
        }
        memcpy(o + j0, reg[L->result], (size_t)m * sizeof(float));
    }
}

/* The threads a loop program may start: the engine's team, or a copy's. */
static int program_team(const cpu_loop *L, int nthreads) {
    const int eb = copy_bytes(L), a = cpu_loop_team(L, nthreads), b = eb ? copy_team(L, eb, nthreads) : 1;
    int64_t n;
    int row;
    const int c = cpu_loop_row_sum(L, &n) ? rowsum_team(L, n, nthreads) : cpu_loop_window(L, &row, &n) ? nthreads : 1;
    return a > b ? (a > c ? a : c) : (b > c ? b : c);
}

int cpu_loop_kernel_team(const cpu_loop_kernel *lk, int nthreads) {
    const int a = program_team(&lk->L, nthreads), b = lk->has_pre ? program_team(&lk->pre, nthreads) : 1;
    return a > b ? a : b;
}

void cpu_loop_kernel_run(sp_ctx *ctx, const ex_program *x, cpu_loop_kernel *lk, int nthreads) {
    cpu_loop *L = &lk->L;
    for (uint32_t p = 0; p < lk->npatch; p++) {
        cpu_loop_insn *in = lk->patch[p].insn == UINT32_MAX ? &lk->pre.insn[0] : &L->insn[lk->patch[p].insn];
        in->imm.i = ex_scalar(x, lk->patch[p].value).i;
    }
    uint32_t bad = UINT32_MAX;
    if (lk->has_pre) {
        const void *pin[1] = {lk->pre.nin ? ex_value_ptr(x, lk->pre_in_value[0]) : NULL};
        if (!(lk->npatch == 0 && run_copy(&lk->pre, pin[0], ex_value_ptr(x, lk->out_value), nthreads)) &&
            cpu_loop_run(ctx, &lk->pre, pin, ex_value_ptr(x, lk->out_value), nthreads, &bad) != SP_OK)
            sp_rethrow(ctx);
        if (lk->npatch == 0 && run_copy(&lk->L, ex_value_ptr(x, lk->in_value[0]), ex_value_ptr(x, lk->out_value), nthreads))
            return;
    }
    if (lk->init_value >= 0) L->init_imm.i = ex_scalar(x, (uint32_t)lk->init_value).i;
    const void *in[CPU_LOOP_MAX_INPUTS];
    for (uint32_t i = 0; i < L->nin; i++) {
        in[i] = ex_value_ptr(x, lk->in_value[i]);
        bool read = (int)i == L->init_input;
        for (uint32_t k = 0; k < L->ninsn && !read; k++)
            read = (L->insn[k].op == CPU_L_LOAD && L->insn[k].a == i) || (L->insn[k].op == CPU_L_GATHER && L->insn[k].pred == i);
        if (read && !in[i]) /* lowering refuses empties: a storage bug, not a crash */
            sp_throw(ctx, SP_EINTERNAL, (sp_loc){0}, "internal error: input %u of a loop kernel has no storage", i);
    }
    cpu_isa isa;
    if (cpu_isa_active(ctx, &isa) != SP_OK) sp_rethrow(ctx);
    if (run_rowsum(L, in, ex_value_ptr(x, lk->out_value), nthreads, isa)) return;
    if (cpu_loop_run_window(L, &lk->pad, in, ex_value_ptr(x, lk->out_value), nthreads, isa)) return;
    if (lk->pad.on) /* lowering took the pad for the window path only */
        sp_throw(ctx, SP_EINTERNAL, (sp_loc){0}, "internal error: a loop kernel's folded pad outside a pool window");
    if (cpu_loop_run(ctx, L, in, ex_value_ptr(x, lk->out_value), nthreads, &bad) != SP_OK) {
        if (bad == UINT32_MAX) sp_rethrow(ctx); /* not the program's: e.g. a bad SPADC_ISA */
        cpu_loop_throw_failure(ctx, L, bad, "a loop kernel");
    }
}

void cpu_loop_throw_failure(sp_ctx *ctx, const cpu_loop *L, uint32_t bad, const char *what) {
    /* an integer division by zero, a cf.assert that does not hold or a
     * gather out of its table */
    const ir_op *op = bad < L->ninsn ? (const ir_op *)L->insn[bad].ud : NULL;
    char text[SP_ERR_MSG_MAX];
    interp_failure_text(op, text, sizeof text);
    sp_throw(ctx, SP_EINPUT, op ? op->loc : (sp_loc){0}, "%s%s%s", text, op ? "" : " in ", op ? "" : what);
}
