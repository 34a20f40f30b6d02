/* exec.c - the cpu target's program: storage, arena plan, kernel lowering
 * and the run loop (see exec.h). */
#include "exec.h"

#include <string.h>
#include <time.h>

#include "../ir/rewrite.h"
#include "../passes/passes.h"
#include "../plan/alloc.h"

typedef enum st_kind { ST_NONE, ST_ARG, ST_CONST, ST_ARENA, ST_RESULT, ST_ALIAS, ST_EMPTY } st_kind;

typedef struct storage {
    uint8_t kind;
    bool splat;            /* ST_CONST: one element, read with stride 0 */
    uint32_t index;        /* ST_ARG, ST_RESULT: position; ST_ALIAS: source value id */
    int64_t offset;        /* ST_ARENA */
    const uint8_t *cdata;  /* ST_CONST */
} storage;

typedef enum path { PATH_INTERP, PATH_GEMM, PATH_LOOP } path;

/* A tensor read through the kernel's loops: element = base + off + sum(idx[d] * stride[d]). */
typedef struct access {
    uint32_t value; /* value id */
    int64_t off;
    int64_t stride[KN_MAX_DIMS];
} access;

typedef struct patch {
    uint32_t insn;  /* CONST instruction whose imm comes from a runtime scalar */
    uint32_t value; /* value id */
} patch;

typedef struct kplan {
    kernel *k;
    path path;
    access out;
    /* epilogue (GEMM) / step program (LOOP) */
    cpu_epilogue epi;
    access operand[CPU_EPI_MAX_OPERANDS];
    patch patches[CPU_EPI_MAX_INSNS];
    uint32_t npatches;
    /* GEMM */
    access lhs, rhs;
    int m_dim, n_dim, k_dim, br_dim;
    uint32_t nouter;
    uint32_t outer[KN_MAX_DIMS];
    int init_slot; /* epilogue operand holding the scalar init, or -1 */
    cpu_packed *packed;
    cpu_blocking blocking;
    bool epi_checked; /* cpu_gemm checked epi once: its structure never changes, its pointers are value_ptr's */
} kplan;

struct cpu_exec {
    sp_ctx *ctx;
    ir_module *m;
    ir_op *func;
    interp *it;
    cpu_exec_opts o;
    kn_program prog;
    uint32_t n; /* values */
    storage *st;
    kplan *kp;
    plan_buf *bufs;
    uint32_t *buf_value; /* value id held by each buffer */
    uint32_t nbufs;
    int64_t arena_bytes;
    uint8_t *arena; /* allocated by the first run, kept */
    /* the GEMMs' scratch (B packed per call, ...): grown to the largest a
     * kernel needed, kept, so runs after the first allocate nothing */
    void *work, *work_raw;
    size_t work_bytes;
    interp_value *vals; /* scalars (and interpreter-run kernels' values) by id */
    /* what runs, in program order: a kernel (op == NULL) or a lone op the
     * interpreter runs (scalars, prints, reads of a result) */
    struct step {
        uint32_t kernel;
        ir_op *op;
    } *steps;
    uint32_t nsteps;
    uint32_t *bound; /* value ids bound for the current step, to release after it */
    uint32_t nbound;
    cpu_exec_stats stats;
    double *kernel_seconds; /* by kernel: wall time in the last run */
    const interp_value *args;
    interp_value *results;
};

static SP_NORETURN SP_PRINTF(3, 4) void fail(cpu_exec *x, const ir_op *op, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    sp_vthrow(x->ctx, SP_EINPUT, op ? op->loc : (sp_loc){0}, fmt, ap);
}

/* --------------------------------------------------------------- storage */

static uint32_t alias_root(const cpu_exec *x, uint32_t id) {
    while (x->st[id].kind == ST_ALIAS) id = x->st[id].index;
    return id;
}

/* The address of value id's first element at run time (NULL for values
 * that live nowhere, e.g. an unused empty). */
static uint8_t *value_ptr(cpu_exec *x, uint32_t id) {
    id = alias_root(x, id);
    const storage *s = &x->st[id];
    switch ((st_kind)s->kind) {
    case ST_ARG: return interp_data(&x->args[s->index]);
    case ST_CONST: return (uint8_t *)s->cdata;
    case ST_ARENA: return x->arena + s->offset;
    case ST_RESULT: return interp_data(&x->results[s->index]);
    default: return NULL;
    }
}

static bool value_splat(const cpu_exec *x, uint32_t id) {
    const storage *s = &x->st[alias_root(x, id)];
    return s->kind == ST_CONST && s->splat;
}

/* ------------------------------------------------------- access strides */

static bool make_access(const cpu_exec *x, const ir_value *v, const ir_amap *map, uint32_t ndims, access *a) {
    memset(a, 0, sizeof *a);
    a->value = v->id;
    if (v->type.kind == IR_T_SCALAR) return false;
    if (value_splat(x, v->id)) return true; /* every element is the one stored */
    int64_t ts[IR_MAX_RANK];
    ir_type_strides(v->type, ts);
    for (uint32_t r = 0; r < map->nres; r++) {
        int64_t coef[KN_MAX_DIMS] = {0}, cst = 0;
        if (!ir_aexpr_linear(map->res[r], ndims, coef, &cst)) return false;
        for (uint32_t d = 0; d < ndims; d++) a->stride[d] += coef[d] * ts[r];
        a->off += cst * ts[r];
    }
    return true;
}

/* ------------------------------------------------------ program compile */

typedef struct regmap {
    const ir_value *v[CPU_EPI_MAX_REGS * 4];
    uint8_t r[CPU_EPI_MAX_REGS * 4];
    uint32_t n;
    uint8_t next;
} regmap;

static int reg_of(const regmap *rm, const ir_value *v) {
    for (uint32_t i = 0; i < rm->n; i++)
        if (rm->v[i] == v) return rm->r[i];
    return -1;
}

static int new_reg(regmap *rm, const ir_value *v) {
    if (rm->next >= CPU_EPI_MAX_REGS || rm->n >= SP_ARRAY_LEN(rm->v)) return -1;
    rm->v[rm->n] = v;
    rm->r[rm->n++] = rm->next;
    return rm->next++;
}

static bool emit(kplan *kp, cpu_epi_op op, int dst, int a, int b, int c, int d, float imm) {
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

/* The register holding a value used by a body op: a body value, a block
 * argument bound earlier, or a captured scalar (a constant or a value known
 * only at run time, patched in per run). */
static int operand_reg(cpu_exec *x, kplan *kp, regmap *rm, const ir_value *v) {
    int r = reg_of(rm, v);
    if (r >= 0) return r;
    if (v->type.kind != IR_T_SCALAR || v->type.dtype != IR_F32) return -1;
    r = new_reg(rm, v);
    if (r < 0) return -1;
    if (v->def && v->def->kind == IR_OP_CONSTANT) {
        if (!emit(kp, CPU_EPI_CONST, r, 0, 0, 0, 0, (float)ir_attr_float(v->def->u.value))) return -1;
        return r;
    }
    if (v->id >= x->n || kp->npatches >= SP_ARRAY_LEN(kp->patches)) return -1;
    kp->patches[kp->npatches].insn = kp->epi.ninsn;
    kp->patches[kp->npatches].value = v->id;
    kp->npatches++;
    if (!emit(kp, CPU_EPI_CONST, r, 0, 0, 0, 0, 0.0f)) return -1;
    return r;
}

static bool is_f32_const(const ir_value *v, float *out) {
    if (!v->def || v->def->kind != IR_OP_CONSTANT || v->def->u.value->kind != IR_A_FLOAT) return false;
    *out = (float)ir_attr_float(v->def->u.value);
    return true;
}

/* Translate one body op; false when the engine has no equivalent. */
static bool compile_op(cpu_exec *x, kplan *kp, regmap *rm, const ir_op *o) {
    if (o->nres != 1 || o->res[0].type.kind != IR_T_SCALAR || o->res[0].type.dtype != IR_F32) return false;
    int a = o->nopnds > 0 ? operand_reg(x, kp, rm, o->opnds[0]) : 0;
    int b = o->nopnds > 1 ? operand_reg(x, kp, rm, o->opnds[1]) : 0;
    if (a < 0 || b < 0) return false;
    int dst = new_reg(rm, &o->res[0]);
    float c;
    switch ((ir_opkind)o->kind) {
    case IR_OP_CONSTANT: return o->u.value->kind == IR_A_FLOAT && emit(kp, CPU_EPI_CONST, dst, 0, 0, 0, 0, (float)ir_attr_float(o->u.value));
    case IR_OP_ADDF: return emit(kp, CPU_EPI_ADD, dst, a, b, 0, 0, 0);
    case IR_OP_SUBF: return emit(kp, CPU_EPI_SUB, dst, a, b, 0, 0, 0);
    case IR_OP_MULF: return emit(kp, CPU_EPI_MUL, dst, a, b, 0, 0, 0);
    case IR_OP_DIVF: return emit(kp, CPU_EPI_DIV, dst, a, b, 0, 0, 0);
    case IR_OP_MAXIMUMF: return emit(kp, CPU_EPI_MAX, dst, a, b, 0, 0, 0);
    case IR_OP_MINIMUMF: return emit(kp, CPU_EPI_MIN, dst, a, b, 0, 0, 0);
    case IR_OP_MAXNUMF: /* NaN yields the other operand: exact when it is a constant */
        if (is_f32_const(o->opnds[1], &c) && c == c) return emit(kp, CPU_EPI_SELECT_GT, dst, a, b, a, b, 0);
        if (is_f32_const(o->opnds[0], &c) && c == c) return emit(kp, CPU_EPI_SELECT_GT, dst, b, a, b, a, 0);
        return false;
    case IR_OP_MINNUMF:
        if (is_f32_const(o->opnds[1], &c) && c == c) return emit(kp, CPU_EPI_SELECT_GT, dst, b, a, a, b, 0);
        if (is_f32_const(o->opnds[0], &c) && c == c) return emit(kp, CPU_EPI_SELECT_GT, dst, a, b, b, a, 0);
        return false;
    case IR_OP_NEGF: return emit(kp, CPU_EPI_NEG, dst, a, 0, 0, 0, 0);
    case IR_OP_EXP: return emit(kp, CPU_EPI_EXP, dst, a, 0, 0, 0, 0);
    case IR_OP_TANH: return emit(kp, CPU_EPI_TANH, dst, a, 0, 0, 0, 0);
    case IR_OP_ERF: return emit(kp, CPU_EPI_ERF, dst, a, 0, 0, 0, 0);
    case IR_OP_SQRT: return emit(kp, CPU_EPI_SQRT, dst, a, 0, 0, 0, 0);
    case IR_OP_RSQRT: return emit(kp, CPU_EPI_RSQRT, dst, a, 0, 0, 0, 0);
    case IR_OP_ABSF: return emit(kp, CPU_EPI_ABS, dst, a, 0, 0, 0, 0);
    case IR_OP_SELECT: {
        /* select(cmpf ogt/olt(p, q), t, f) with the comparison used only here */
        const ir_op *cmp = o->opnds[0]->def;
        if (!cmp || cmp->kind != IR_OP_CMPF || cmp->parent != o->parent) return false;
        if (cmp->opnds[0]->type.dtype != IR_F32) return false;
        int p = operand_reg(x, kp, rm, cmp->opnds[0]), q = operand_reg(x, kp, rm, cmp->opnds[1]);
        int t = operand_reg(x, kp, rm, o->opnds[1]), f = operand_reg(x, kp, rm, o->opnds[2]);
        if (cmp->u.pred == IR_CMPF_OGT) return emit(kp, CPU_EPI_SELECT_GT, dst, p, q, t, f, 0);
        if (cmp->u.pred == IR_CMPF_OLT) return emit(kp, CPU_EPI_SELECT_GT, dst, q, p, t, f, 0);
        return false;
    }
    default: return false;
    }
}

/* Compile the bodies of kernel ops [first, nops) into kp->epi; the chain
 * value enters in register 0 (contractions). */
static bool compile_program(cpu_exec *x, kplan *kp, uint32_t first) {
    kernel *k = kp->k;
    regmap rm = {0};
    rm.next = 1;
    int chain = 0;
    int32_t slot_of_input[64];
    for (uint32_t i = 0; i < 64; i++) slot_of_input[i] = -1;
    if (k->ninputs > 64) return false;
    for (uint32_t s = first; s < k->nops; s++) {
        const ir_op *E = k->ops[s];
        const ir_block *b = ir_linalg_body(E);
        const int32_t *ai = k->arg_input[s];
        if (!ai) return false;
        for (uint32_t i = 0; i < E->u.lin.nins; i++) {
            if (b->args[i].type.dtype != IR_F32) return false;
            int r;
            if (ai[i] == KN_CHAIN) {
                r = chain;
            } else {
                int32_t in = ai[i];
                if (slot_of_input[in] < 0) {
                    if (kp->epi.noperands >= CPU_EPI_MAX_OPERANDS) return false;
                    slot_of_input[in] = (int32_t)kp->epi.noperands++;
                    if (!make_access(x, k->inputs[in].value, k->inputs[in].map, k->ndims, &kp->operand[slot_of_input[in]]))
                        return false;
                }
                r = new_reg(&rm, &b->args[i]);
                if (!emit(kp, CPU_EPI_LOAD, r, slot_of_input[in], 0, 0, 0, 0)) return false;
            }
            if (rm.n >= SP_ARRAY_LEN(rm.v)) return false;
            rm.v[rm.n] = &b->args[i];
            rm.r[rm.n++] = (uint8_t)r;
        }
        for (const ir_op *o = b->first; o && o->kind != IR_OP_LINALG_YIELD; o = o->next) {
            if (o->kind == IR_OP_CMPF) continue; /* consumed by its select */
            if (!compile_op(x, kp, &rm, o)) return false;
        }
        int r = reg_of(&rm, b->last->opnds[0]);
        if (r < 0) r = operand_reg(x, kp, &rm, b->last->opnds[0]);
        if (r < 0) return false;
        chain = r;
    }
    kp->epi.result = (uint8_t)chain;
    kp->epi.nregs = rm.next;
    return true;
}

/* ----------------------------------------------------- kernel lowering */

static bool all_f32_tensors(const kernel *k) {
    if (k->out->type.dtype != IR_F32) return false;
    for (uint32_t i = 0; i < k->ninputs; i++)
        if (k->inputs[i].value->type.dtype != IR_F32) return false;
    return true;
}

static bool plan_gemm(cpu_exec *x, kplan *kp) {
    kernel *k = kp->k;
    const ir_op *S = k->root;
    if (!all_f32_tensors(k)) return false;
    /* a plain f32 multiply-add body: no casts */
    const ir_block *b = ir_linalg_body(S);
    for (const ir_op *o = b->first; o; o = o->next)
        if (o->kind == IR_OP_EXTF || o->kind == IR_OP_SITOFP) return false;
    if (k->init_scalar && k->init_scalar->type.dtype != IR_F32) return false;
    const ir_value *a = k->inputs[0].value, *bv = k->inputs[1].value;
    /* a scalar operand of the contraction itself (a splat weight folded by
     * canonicalisation) is read through zero strides: one float, never
     * blown up to a tensor */
    if (a->type.kind == IR_T_SCALAR) {
        memset(&kp->lhs, 0, sizeof kp->lhs);
        kp->lhs.value = a->id;
    } else if (!make_access(x, a, k->inputs[0].map, k->ndims, &kp->lhs)) {
        return false;
    }
    if (bv->type.kind == IR_T_SCALAR) {
        memset(&kp->rhs, 0, sizeof kp->rhs);
        kp->rhs.value = bv->id;
    } else if (!make_access(x, bv, k->inputs[1].map, k->ndims, &kp->rhs)) {
        return false;
    }
    if (!make_access(x, k->out, k->out_map, k->ndims, &kp->out)) return false;
    /* inner dims: N with the smallest output stride, M likewise, K with the
     * smallest lhs stride; a second K loop is the batch-reduce loop */
    kp->m_dim = kp->n_dim = kp->k_dim = kp->br_dim = -1;
    int nk = 0;
    for (uint32_t d = 0; d < k->ndims; d++) {
        int64_t cs = kp->out.stride[d] < 0 ? -kp->out.stride[d] : kp->out.stride[d];
        if (k->dimclass[d] == KN_DIM_N) {
            if (kp->n_dim < 0 || cs < (kp->out.stride[kp->n_dim] < 0 ? -kp->out.stride[kp->n_dim] : kp->out.stride[kp->n_dim]))
                kp->n_dim = (int)d;
        } else if (k->dimclass[d] == KN_DIM_M) {
            if (kp->m_dim < 0 || cs < (kp->out.stride[kp->m_dim] < 0 ? -kp->out.stride[kp->m_dim] : kp->out.stride[kp->m_dim]))
                kp->m_dim = (int)d;
        } else if (k->dimclass[d] == KN_DIM_K) {
            nk++;
        }
    }
    if (nk > 2) return false;
    for (uint32_t d = 0; d < k->ndims; d++) {
        if (k->dimclass[d] != KN_DIM_K) continue;
        int64_t s = kp->lhs.stride[d] < 0 ? -kp->lhs.stride[d] : kp->lhs.stride[d];
        if (kp->k_dim < 0) {
            kp->k_dim = (int)d;
        } else {
            int64_t s0 = kp->lhs.stride[kp->k_dim] < 0 ? -kp->lhs.stride[kp->k_dim] : kp->lhs.stride[kp->k_dim];
            if (s < s0) {
                kp->br_dim = kp->k_dim;
                kp->k_dim = (int)d;
            } else {
                kp->br_dim = (int)d;
            }
        }
    }
    kp->nouter = 0;
    for (uint32_t d = 0; d < k->ndims; d++)
        if ((int)d != kp->m_dim && (int)d != kp->n_dim && (int)d != kp->k_dim && (int)d != kp->br_dim)
            kp->outer[kp->nouter++] = d;
    /* the epilogue: operands must not depend on the reduction loops */
    kp->init_slot = -1;
    if (!compile_program(x, kp, 1)) return false;
    cpu_epi_coalesce(&kp->epi); /* bias-as-init and ReLU fast paths */
    for (uint32_t s = 0; s < kp->epi.noperands; s++) {
        if (kp->k_dim >= 0 && kp->operand[s].stride[kp->k_dim]) return false;
        if (kp->br_dim >= 0 && kp->operand[s].stride[kp->br_dim]) return false;
    }
    if (k->init_scalar) {
        if (kp->epi.noperands >= CPU_EPI_MAX_OPERANDS) return false;
        kp->init_slot = (int)kp->epi.noperands++;
    }
    return true;
}

static bool plan_loop(cpu_exec *x, kplan *kp) {
    kernel *k = kp->k;
    if (!all_f32_tensors(k)) return false;
    for (uint32_t d = 0; d < k->ndims; d++)
        if (k->root->u.lin.iters[d] != IR_ITER_PARALLEL) return false;
    for (uint32_t i = 0; i < k->ninputs; i++)
        if (k->inputs[i].role != KN_ROLE_OPERAND) return false;
    if (!make_access(x, k->out, k->out_map, k->ndims, &kp->out)) return false;
    return compile_program(x, kp, 0);
}

/* -------------------------------------------------------------- compile */

static void run_op(cpu_exec *x, ir_op *op);

/* Control flow around a model (loops, calls) is driver code: refused. Ops
 * that only look at values (prints, reads of single elements or vectors)
 * run through the interpreter at their place in the program. */
static bool is_driver_op(const ir_op *op) { return op->kind == IR_OP_FOR || op->kind == IR_OP_CALL; }

static void plan_storage(cpu_exec *x) {
    ir_op *f = x->func;
    ir_block *body = f->regions[0];
    kn_program *p = &x->prog;
    for (uint32_t i = 0; i < body->nargs; i++) {
        x->st[body->args[i].id].kind = ST_ARG;
        x->st[body->args[i].id].index = i;
    }
    for (ir_op *op = body->first; op; op = op->next) {
        if (op->kind == IR_OP_CONSTANT && op->u.value->kind == IR_A_ELEMENTS) {
            const ir_elements *e = op->u.value->u.elems;
            storage *s = &x->st[op->res[0].id];
            s->kind = ST_CONST;
            s->cdata = e->data;
            s->splat = e->splat;
            x->stats.constant_bytes += e->splat ? ir_dtype_bytes((ir_dtype)e->type.dtype) : ir_type_bytes(e->type);
        } else if (op->kind == IR_OP_EXPAND_SHAPE || op->kind == IR_OP_COLLAPSE_SHAPE) {
            x->st[op->res[0].id].kind = ST_ALIAS;
            x->st[op->res[0].id].index = op->opnds[0]->id;
        } else if (op->kind == IR_OP_EMPTY) {
            x->st[op->res[0].id].kind = ST_EMPTY;
        }
    }
    /* results written straight into the result tensors where a kernel makes them */
    const ir_op *ret = body->last;
    for (uint32_t r = 0; r < ret->nopnds; r++) {
        const ir_value *v = ret->opnds[r];
        if (v->type.kind != IR_T_TENSOR || p->producer[v->id] == KN_NONE || x->st[v->id].kind != ST_NONE) continue;
        x->st[v->id].kind = ST_RESULT;
        x->st[v->id].index = r;
    }
    /* everything else a kernel writes lives in the arena: lifetime in
     * kernel steps, from its producer to its last reader */
    uint32_t *last = sp_arena_array(&x->m->arena, x->n ? x->n : 1, sizeof *last);
    for (uint32_t i = 0; i < p->nk; i++)
        for (uint32_t j = 0; j < p->k[i].ninputs; j++) last[alias_root(x, p->k[i].inputs[j].value->id)] = i;
    /* top-level operands of interpreter-run ops count too (e.g. KN_OP inits) */
    for (uint32_t i = 0; i < p->nk; i++)
        for (uint32_t o = 0; o < p->k[i].nops; o++)
            for (uint32_t j = 0; j < p->k[i].ops[o]->nopnds; j++) {
                uint32_t id = p->k[i].ops[o]->opnds[j]->id;
                if (id < x->n && last[alias_root(x, id)] < i) last[alias_root(x, id)] = i;
            }
    x->bufs = sp_arena_array(&x->m->arena, p->nk ? p->nk : 1, sizeof *x->bufs);
    uint32_t *buf_value = sp_arena_array(&x->m->arena, p->nk ? p->nk : 1, sizeof *buf_value);
    x->buf_value = buf_value;
    int32_t *buf_of_value = sp_arena_array(&x->m->arena, x->n ? x->n : 1, sizeof *buf_of_value);
    for (uint32_t i = 0; i < x->n; i++) buf_of_value[i] = -1;
    for (uint32_t i = 0; i < p->nk; i++) {
        const ir_value *v = p->k[i].out;
        if (x->st[v->id].kind != ST_NONE) continue;
        plan_buf *b = &x->bufs[x->nbufs];
        b->size = ir_type_bytes(v->type);
        b->align = 64;
        b->lo = i;
        b->hi = (last[v->id] > i ? last[v->id] : i) + 1;
        b->inplace = -1;
        /* an elementwise engine kernel may write over an input that dies
         * here, when both are read and written at the same element */
        kplan *kp = &x->kp[i];
        if (kp->path == PATH_LOOP)
            for (uint32_t j = 0; j < p->k[i].ninputs; j++) {
                const kn_input *in = &p->k[i].inputs[j];
                int32_t src = buf_of_value[in->value->id];
                if (src < 0 || x->bufs[src].hi != (int64_t)i + 1 || x->bufs[src].size != b->size) continue;
                if (!in->map || !ir_amap_eq(in->map, p->k[i].out_map) || !ir_type_eq(in->value->type, v->type)) continue;
                bool taken = false;
                for (uint32_t q = 0; q < x->nbufs; q++) taken |= x->bufs[q].inplace == src;
                if (taken) continue;
                b->inplace = src;
                break;
            }
        x->st[v->id].kind = ST_ARENA;
        buf_value[x->nbufs] = v->id;
        buf_of_value[v->id] = (int32_t)x->nbufs;
        x->nbufs++;
    }
    if (x->nbufs) {
        plan_opts po = {.work_limit = 50000, .time_limit_s = 5};
        plan_result pr;
        if (plan_solve(x->ctx, x->bufs, x->nbufs, &po, &pr) != SP_OK) sp_rethrow(x->ctx);
        x->arena_bytes = pr.footprint;
        x->stats.arena_peak_live = pr.peak_live;
        for (uint32_t i = 0; i < x->nbufs; i++) x->st[buf_value[i]].offset = x->bufs[i].offset;
    }
    x->stats.arena_bytes = x->arena_bytes;
}

/* Whether the rhs is one B for every outer iteration (so it can be packed
 * once). */
static bool rhs_packable(const kplan *kp) {
    for (uint32_t j = 0; j < kp->nouter; j++)
        if (kp->rhs.stride[kp->outer[j]] != 0) return false;
    return true;
}

/* Pack a GEMM kernel's weights from base (the rhs value's storage) once,
 * when the whole B is the same for every outer iteration. */
static void pack_rhs(cpu_exec *x, kplan *kp, const void *base) {
    kernel *k = kp->k;
    if (!rhs_packable(kp)) return;
    int64_t N = kp->n_dim >= 0 ? k->bounds[kp->n_dim] : 1, K = kp->k_dim >= 0 ? k->bounds[kp->k_dim] : 1;
    int64_t NB = kp->br_dim >= 0 ? k->bounds[kp->br_dim] : 1;
    const float *B = (const float *)base + kp->rhs.off;
    int64_t bsk = kp->k_dim >= 0 ? kp->rhs.stride[kp->k_dim] : 0, bsn = kp->n_dim >= 0 ? kp->rhs.stride[kp->n_dim] : 0;
    int64_t bsb = kp->br_dim >= 0 ? kp->rhs.stride[kp->br_dim] : 0;
    cpu_packed_free(x->ctx, kp->packed);
    kp->packed = NULL;
    if (cpu_pack_b(x->ctx, &kp->blocking, K, N, NB, B, bsk, bsn, bsb, &kp->packed) != SP_OK) sp_rethrow(x->ctx);
}

/* The kernel's tile plan; b_streamed: its B is packed per call. */
static void choose_blocking(cpu_exec *x, kplan *kp, bool b_streamed) {
    cpu_isa isa;
    if (cpu_isa_active(x->ctx, &isa) != SP_OK) sp_rethrow(x->ctx);
    const cpu_caches caches = cpu_caches_detect();
    const kernel *k = kp->k;
    const int64_t M = kp->m_dim >= 0 ? k->bounds[kp->m_dim] : 1, N = kp->n_dim >= 0 ? k->bounds[kp->n_dim] : 1;
    const int64_t K = kp->k_dim >= 0 ? k->bounds[kp->k_dim] : 1, NB = kp->br_dim >= 0 ? k->bounds[kp->br_dim] : 1;
    if (cpu_blocking_choose(x->ctx, M, N, K, NB, x->o.nthreads, isa, &caches, b_streamed, &kp->blocking) != SP_OK)
        sp_rethrow(x->ctx);
}

void cpu_exec_compile(sp_ctx *ctx, ir_module *m, ir_op *func, interp *it, const cpu_exec_opts *o, cpu_exec **out) {
    cpu_exec *x = sp_calloc(ctx, 1, sizeof *x);
    *out = x;
    x->ctx = ctx;
    x->m = m;
    x->func = func;
    x->it = it;
    x->o = *o;
    if (x->o.nthreads < 1) x->o.nthreads = 1;
    for (ir_op *op = func->regions[0]->first; op; op = op->next)
        if (is_driver_op(op))
            fail(x, op, "'%s' is driver code; the compiled targets run model functions only (use --target ref, or -e to "
                        "pick the model function)",
                 ir_op_name((ir_opkind)op->kind));
    pass_canonicalize(m);
    kn_build(m, func, &x->prog);
    x->n = x->prog.nvalues;
    x->st = sp_calloc(ctx, x->n ? x->n : 1, sizeof *x->st);
    x->vals = sp_calloc(ctx, x->n ? x->n : 1, sizeof *x->vals);
    x->kp = sp_calloc(ctx, x->prog.nk ? x->prog.nk : 1, sizeof *x->kp);
    x->kernel_seconds = sp_calloc(ctx, x->prog.nk ? x->prog.nk : 1, sizeof *x->kernel_seconds);
    /* constants and views first: lowering reads their storage */
    ir_block *body = func->regions[0];
    for (ir_op *op = body->first; op; op = op->next) {
        if (op->kind == IR_OP_CONSTANT && op->u.value->kind == IR_A_ELEMENTS) {
            x->st[op->res[0].id].kind = ST_CONST;
            x->st[op->res[0].id].splat = op->u.value->u.elems->splat;
        } else if (op->kind == IR_OP_EXPAND_SHAPE || op->kind == IR_OP_COLLAPSE_SHAPE) {
            x->st[op->res[0].id].kind = ST_ALIAS;
            x->st[op->res[0].id].index = op->opnds[0]->id;
        }
    }
    for (uint32_t i = 0; i < x->prog.nk; i++) {
        kplan *kp = &x->kp[i];
        kp->k = &x->prog.k[i];
        kp->path = PATH_INTERP;
        bool ok = false;
        if (kp->k->kind == KN_CONTRACTION) {
            ok = plan_gemm(x, kp);
            if (ok) kp->path = PATH_GEMM;
        } else if (kp->k->kind == KN_LOOP) {
            ok = plan_loop(x, kp);
            if (ok) kp->path = PATH_LOOP;
        }
        if (!ok) memset(&kp->epi, 0, sizeof kp->epi), kp->npatches = 0;
        x->stats.nfast += kp->path != PATH_INTERP;
    }
    x->stats.nkernels = x->prog.nk;
    memset(x->st, 0, x->n * sizeof *x->st);
    plan_storage(x);
    /* the steps, in program order */
    uint32_t nops = 0;
    for (ir_op *op = body->first; op; op = op->next) nops++;
    x->steps = sp_calloc(ctx, nops ? nops : 1, sizeof *x->steps);
    x->bound = sp_calloc(ctx, x->n ? x->n : 1, sizeof *x->bound);
    bool *member = sp_arena_array(&m->arena, x->n ? x->n : 1, sizeof *member);
    for (uint32_t i = 0; i < x->prog.nk; i++)
        for (uint32_t j = 0; j < x->prog.k[i].nops; j++) {
            ir_op *kop = x->prog.k[i].ops[j];
            for (uint32_t r = 0; r < kop->nres; r++) member[kop->res[r].id] = true;
        }
    for (ir_op *op = body->first; op; op = op->next) {
        uint32_t ki = op->nres ? x->prog.producer[op->res[0].id] : KN_NONE;
        if (ki != KN_NONE && x->prog.k[ki].last == op) {
            x->steps[x->nsteps].kernel = ki;
            x->steps[x->nsteps++].op = NULL;
            continue;
        }
        if (op->nres && member[op->res[0].id]) continue;
        bool side = op->kind == IR_OP_VPRINT || op->kind == IR_OP_TRANSFER_READ ||
                    (op->nres == 1 && op->res[0].type.kind == IR_T_SCALAR);
        if (side && op->kind == IR_OP_CONSTANT) { /* a scalar constant: its value is set once, here */
            run_op(x, op);
        } else if (side) {
            x->steps[x->nsteps].kernel = KN_NONE;
            x->steps[x->nsteps++].op = op;
        }
    }
    /* constant weights are packed once, here; the others are planned as
     * packed per call */
    for (uint32_t i = 0; i < x->prog.nk; i++) {
        kplan *kp = &x->kp[i];
        if (kp->path != PATH_GEMM) continue;
        const storage *s = &x->st[alias_root(x, kp->rhs.value)];
        const bool packed_now = s->kind == ST_CONST && !s->splat && rhs_packable(kp);
        choose_blocking(x, kp, !packed_now);
        if (packed_now) pack_rhs(x, kp, s->cdata);
    }
}

void cpu_exec_pack_arg(cpu_exec *x, uint32_t arg, const void *data) {
    for (uint32_t i = 0; i < x->prog.nk; i++) {
        kplan *kp = &x->kp[i];
        const storage *s = &x->st[alias_root(x, kp->rhs.value)];
        if (kp->path == PATH_GEMM && s->kind == ST_ARG && s->index == arg && rhs_packable(kp)) {
            choose_blocking(x, kp, false); /* packed from now on: one B block in L2 */
            pack_rhs(x, kp, data);
        }
    }
}

/* ------------------------------------------------------------------ run */

static void odometer_next(int64_t *idx, const uint32_t *dims, uint32_t n, const int64_t *bounds) {
    for (int i = (int)n - 1; i >= 0; i--) {
        if (++idx[dims[i]] < bounds[dims[i]]) return;
        idx[dims[i]] = 0;
    }
}

static int64_t at(const access *a, const int64_t *idx, const uint32_t *dims, uint32_t n) {
    int64_t off = a->off;
    for (uint32_t i = 0; i < n; i++) off += idx[dims[i]] * a->stride[dims[i]];
    return off;
}

static void patch_program(cpu_exec *x, kplan *kp) {
    for (uint32_t p = 0; p < kp->npatches; p++) kp->epi.insn[kp->patches[p].insn].imm = (float)x->vals[kp->patches[p].value].s.f;
}

static void run_gemm(cpu_exec *x, uint32_t ki) {
    kplan *kp = &x->kp[ki];
    kernel *k = kp->k;
    patch_program(x, kp);
    float init = k->init_scalar ? (float)x->vals[k->init_scalar->id].s.f : 0.0f;
    float lhs_scalar = 0, rhs_scalar = 0; /* scalar operands (see plan_gemm) */
    float *A = (float *)value_ptr(x, kp->lhs.value), *B = (float *)value_ptr(x, kp->rhs.value);
    if (k->inputs[0].value->type.kind == IR_T_SCALAR) {
        lhs_scalar = (float)x->vals[kp->lhs.value].s.f;
        A = &lhs_scalar;
    }
    if (k->inputs[1].value->type.kind == IR_T_SCALAR) {
        rhs_scalar = (float)x->vals[kp->rhs.value].s.f;
        B = &rhs_scalar;
    }
    float *C = (float *)value_ptr(x, kp->out.value);
    float *opbase[CPU_EPI_MAX_OPERANDS];
    for (uint32_t s = 0; s < kp->epi.noperands; s++)
        opbase[s] = (int)s == kp->init_slot ? &init : (float *)value_ptr(x, kp->operand[s].value);
    /* every field named: a zeroing initialiser is a REP STOS per call */
#define STRIDE(a, d) ((d) >= 0 ? (a).stride[d] : 0)
    cpu_gemm_args g = {
        .M = kp->m_dim >= 0 ? k->bounds[kp->m_dim] : 1,
        .N = kp->n_dim >= 0 ? k->bounds[kp->n_dim] : 1,
        .K = kp->k_dim >= 0 ? k->bounds[kp->k_dim] : 1,
        .nbatch = kp->br_dim >= 0 ? k->bounds[kp->br_dim] : 1,
        .A = NULL,
        .a_sm = STRIDE(kp->lhs, kp->m_dim),
        .a_sk = STRIDE(kp->lhs, kp->k_dim),
        .a_sb = STRIDE(kp->lhs, kp->br_dim),
        .B = NULL,
        .b_sk = STRIDE(kp->rhs, kp->k_dim),
        .b_sn = STRIDE(kp->rhs, kp->n_dim),
        .b_sb = STRIDE(kp->rhs, kp->br_dim),
        .packed_b = kp->packed,
        .C = NULL,
        .c_sm = STRIDE(kp->out, kp->m_dim),
        .c_sn = STRIDE(kp->out, kp->n_dim),
        .init = k->init_scalar ? CPU_INIT_OPERAND : CPU_INIT_ZERO,
        .init_operand = kp->init_slot >= 0 ? (uint32_t)kp->init_slot : 0,
        .epi = &kp->epi,
        .epi_checked = kp->epi_checked,
        .blocking = &kp->blocking,
        .nthreads = x->o.nthreads,
        .work = NULL,
        .work_bytes = 0,
        .work_used = NULL,
    };
    for (uint32_t s = 0; s < kp->epi.noperands; s++) {
        kp->epi.operands[s].sm = (int)s == kp->init_slot ? 0 : STRIDE(kp->operand[s], kp->m_dim);
        kp->epi.operands[s].sn = (int)s == kp->init_slot ? 0 : STRIDE(kp->operand[s], kp->n_dim);
    }
#undef STRIDE
    int64_t nouter = 1;
    for (uint32_t j = 0; j < kp->nouter; j++) nouter *= k->bounds[kp->outer[j]];
    int64_t idx[KN_MAX_DIMS]; /* read only at the outer dims */
    for (uint32_t j = 0; j < kp->nouter; j++) idx[kp->outer[j]] = 0;
    for (int64_t o = 0; o < nouter; o++) {
        g.A = A + at(&kp->lhs, idx, kp->outer, kp->nouter);
        g.B = B + at(&kp->rhs, idx, kp->outer, kp->nouter);
        g.C = C + at(&kp->out, idx, kp->outer, kp->nouter);
        for (uint32_t s = 0; s < kp->epi.noperands; s++)
            kp->epi.operands[s].ptr = (int)s == kp->init_slot ? &init : opbase[s] + at(&kp->operand[s], idx, kp->outer, kp->nouter);
        size_t used = 0;
        g.work = x->work, g.work_bytes = x->work_bytes, g.work_used = &used;
        if (cpu_gemm(x->ctx, &g) != SP_OK) sp_rethrow(x->ctx);
        kp->epi_checked = g.epi_checked = true;
        if (used > x->work_bytes) { /* kept for the next calls */
            sp_free(x->ctx, x->work_raw);
            x->work_bytes = 0;
            x->work = cpu_aligned_alloc(x->ctx, used, &x->work_raw);
            if (!x->work)
                sp_throw(x->ctx, SP_EINPUT, (sp_loc){0}, "out of memory: the GEMM scratch needs %zu bytes", used);
            x->work_bytes = used;
        }
        odometer_next(idx, kp->outer, kp->nouter, k->bounds);
    }
}

static void run_loop(cpu_exec *x, uint32_t ki) {
    kplan *kp = &x->kp[ki];
    kernel *k = kp->k;
    patch_program(x, kp);
    float *out = (float *)value_ptr(x, kp->out.value);
    float *base[CPU_EPI_MAX_OPERANDS];
    for (uint32_t s = 0; s < kp->epi.noperands; s++) {
        base[s] = (float *)value_ptr(x, kp->operand[s].value);
        kp->epi.operands[s].sm = kp->epi.operands[s].sn = 0;
    }
    uint32_t dims[KN_MAX_DIMS];
    int64_t total = 1;
    for (uint32_t d = 0; d < k->ndims; d++) {
        dims[d] = d;
        total *= k->bounds[d];
    }
    int64_t idx[KN_MAX_DIMS] = {0};
    for (int64_t p = 0; p < total; p++) {
        for (uint32_t s = 0; s < kp->epi.noperands; s++)
            kp->epi.operands[s].ptr = base[s] + at(&kp->operand[s], idx, dims, k->ndims);
        out[at(&kp->out, idx, dims, k->ndims)] = cpu_epi_eval(&kp->epi, 0.0f, 0, 0);
        odometer_next(idx, dims, k->ndims, k->bounds);
    }
}

/* Values an interpreter-run kernel reads: borrowed storage, or fresh zeros
 * for an empty tensor. */
static void bind_input(cpu_exec *x, const ir_value *v) {
    interp_value *slot = &x->vals[v->id];
    if (v->type.kind != IR_T_TENSOR || slot->t) return;
    uint32_t root = alias_root(x, v->id);
    const storage *s = &x->st[root];
    if (s->kind == ST_NONE && v->def && v->def->kind == IR_OP_LINALG) {
        /* a fill absorbed elsewhere as a scalar init, needed here as a tensor */
        ir_op *d = v->def;
        for (uint32_t j = 0; j < d->nopnds; j++) bind_input(x, d->opnds[j]);
        interp_run_ops(x->it, x->vals, x->n, &d, 1);
        return;
    }
    if (s->kind == ST_EMPTY || s->kind == ST_NONE) {
        *slot = interp_tensor_new(x->it, v->type);
        return;
    }
    if (s->kind == ST_CONST && s->splat) { /* the interpreter wants every element */
        *slot = interp_tensor_new(x->it, v->type);
        int nb = ir_dtype_bytes((ir_dtype)v->type.dtype);
        int64_t n = ir_type_numel(v->type);
        for (int64_t i = 0; i < n; i++) memcpy(interp_data(slot) + i * nb, s->cdata, (size_t)nb);
        x->stats.copied_constant_bytes += n * nb;
        return;
    }
    *slot = interp_tensor_borrow(x->it, v->type, value_ptr(x, root));
}

static void bind(cpu_exec *x, const ir_value *v) {
    if (v->type.kind != IR_T_TENSOR || x->vals[v->id].t) return;
    bind_input(x, v);
    x->bound[x->nbound++] = v->id;
}

static void release_bound(cpu_exec *x) {
    while (x->nbound) interp_release(x->it, &x->vals[x->bound[--x->nbound]]);
}

static void run_interp(cpu_exec *x, uint32_t ki) {
    kernel *k = x->kp[ki].k;
    for (uint32_t o = 0; o < k->nops; o++)
        for (uint32_t j = 0; j < k->ops[o]->nopnds; j++) {
            const ir_value *v = k->ops[o]->opnds[j];
            bool internal = false;
            for (uint32_t q = 0; q < o; q++) internal |= v->def == k->ops[q];
            if (!internal) bind(x, v);
        }
    interp_run_ops(x->it, x->vals, x->n, k->ops, k->nops);
    interp_value *r = &x->vals[k->out->id];
    memcpy(value_ptr(x, k->out->id), interp_data(r), (size_t)ir_type_bytes(k->out->type));
    for (uint32_t o = 0; o < k->nops; o++)
        for (uint32_t j = 0; j < k->ops[o]->nres; j++) interp_release(x->it, &x->vals[k->ops[o]->res[j].id]);
    release_bound(x);
}

static void run_op(cpu_exec *x, ir_op *op) {
    for (uint32_t j = 0; j < op->nopnds; j++) bind(x, op->opnds[j]);
    interp_run_ops(x->it, x->vals, x->n, &op, 1);
    release_bound(x);
}

void cpu_exec_run(cpu_exec *x, const interp_value *args, interp_value *results) {
    ir_op *f = x->func;
    const ir_func_info *fn = &f->u.fn;
    ir_block *body = f->regions[0];
    x->args = args;
    x->results = results;
    for (uint32_t r = 0; r < fn->nres; r++) {
        if (results[r].t && fn->res_types[r].kind == IR_T_TENSOR) continue; /* the caller's (borrowed) buffer */
        results[r].type = fn->res_types[r];
        results[r].t = NULL;
        if (fn->res_types[r].kind == IR_T_TENSOR) results[r] = interp_tensor_new(x->it, fn->res_types[r]);
    }
    for (uint32_t i = 0; i < body->nargs; i++)
        if (body->args[i].type.kind == IR_T_SCALAR) x->vals[body->args[i].id] = args[i];
    /* the arena is allocated by the first run and kept for the next ones */
    if (x->arena_bytes && !x->arena) x->arena = sp_try_malloc(x->ctx, (size_t)x->arena_bytes);
    if (x->arena_bytes && !x->arena)
        sp_throw(x->ctx, SP_EINPUT, (sp_loc){0}, "out of memory: the arena needs %lld bytes", (long long)x->arena_bytes);
    bool interpreted = false; /* a step ran the interpreter, which may leave values */
    for (uint32_t s = 0; s < x->nsteps; s++) {
        if (x->steps[s].op) {
            run_op(x, x->steps[s].op);
            interpreted = true;
            continue;
        }
        uint32_t i = x->steps[s].kernel;
        struct timespec t0, t1;
        if (x->o.time_kernels) clock_gettime(CLOCK_MONOTONIC, &t0);
        switch (x->kp[i].path) {
        case PATH_GEMM: run_gemm(x, i); break;
        case PATH_LOOP: run_loop(x, i); break;
        default:
            run_interp(x, i);
            interpreted = true;
            break;
        }
        if (x->o.time_kernels) {
            clock_gettime(CLOCK_MONOTONIC, &t1);
            x->kernel_seconds[i] = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
        }
    }
    /* results no kernel wrote in place: arguments, constants, views, empties,
     * scalars, a value returned twice */
    const ir_op *ret = body->last;
    for (uint32_t r = 0; r < ret->nopnds; r++) {
        const ir_value *v = ret->opnds[r];
        if (v->type.kind == IR_T_SCALAR) {
            results[r].s = x->vals[v->id].s;
            continue;
        }
        const storage *s = &x->st[v->id];
        if (s->kind == ST_RESULT && s->index == r) continue;
        uint8_t *dst = interp_data(&results[r]);
        const storage *rs = &x->st[alias_root(x, v->id)];
        size_t bytes = (size_t)ir_type_bytes(v->type);
        if (rs->kind == ST_EMPTY || rs->kind == ST_NONE) {
            memset(dst, 0, bytes);
        } else if (rs->kind == ST_CONST && rs->splat) {
            int nb = ir_dtype_bytes((ir_dtype)v->type.dtype);
            for (size_t i = 0; i < bytes; i += (size_t)nb) memcpy(dst + i, rs->cdata, (size_t)nb);
        } else {
            memcpy(dst, value_ptr(x, v->id), bytes);
        }
    }
    /* values the interpreted steps left (vectors read for printing) */
    if (interpreted)
        for (uint32_t i = 0; i < x->n; i++)
            if (x->vals[i].t) interp_release(x->it, &x->vals[i]);
}

double cpu_exec_kernel_seconds(const cpu_exec *x, uint32_t i) { return x->kernel_seconds[i]; }

void cpu_exec_free(cpu_exec *x) {
    if (!x) return;
    sp_ctx *ctx = x->ctx;
    for (uint32_t i = 0; x->kp && i < x->prog.nk; i++) cpu_packed_free(ctx, x->kp[i].packed);
    if (x->vals && x->it)
        for (uint32_t i = 0; i < x->n; i++) interp_release(x->it, &x->vals[i]);
    sp_free(ctx, x->arena);
    sp_free(ctx, x->work_raw);
    sp_free(ctx, x->st);
    sp_free(ctx, x->vals);
    sp_free(ctx, x->kp);
    sp_free(ctx, x->kernel_seconds);
    sp_free(ctx, x->steps);
    sp_free(ctx, x->bound);
    sp_free(ctx, x);
}

const kn_program *cpu_exec_program(const cpu_exec *x) { return &x->prog; }
cpu_exec_stats cpu_exec_get_stats(const cpu_exec *x) { return x->stats; }
bool cpu_exec_kernel_fast(const cpu_exec *x, uint32_t i) { return i < x->prog.nk && x->kp[i].path != PATH_INTERP; }

const cpu_blocking *cpu_exec_kernel_blocking(const cpu_exec *x, uint32_t i) {
    return i < x->prog.nk && x->kp[i].path == PATH_GEMM ? &x->kp[i].blocking : NULL;
}

uint32_t cpu_exec_arena(const cpu_exec *x, const plan_buf **bufs, const uint32_t **values) {
    *bufs = x->bufs;
    *values = x->buf_value;
    return x->nbufs;
}
