/* lower.c - kernel analysis, buffers, program emission and tile search for
 * the npu (see lower.h). */
#include "lower.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *nl_role_name(nl_role r) {
    static const char *const names[] = {"lhs", "rhs", "acc", "operand", "out", "scratch"};
    return (unsigned)r < SP_ARRAY_LEN(names) ? names[r] : "?";
}

static int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }
static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }
static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }
static int64_t abs64(int64_t a) { return a < 0 ? -a : a; }

static SP_PRINTF(2, 3) void host(nl_kernel *kp, const char *fmt, ...) {
    if (!kp->npu) return; /* keep the first reason */
    kp->npu = false;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(kp->why, sizeof kp->why, fmt, ap);
    va_end(ap);
}

static const char *op_text(const ir_op *op, char *buf, size_t n) {
    if (op->kind == IR_OP_LINALG)
        snprintf(buf, n, "linalg.%s", ir_linalg_kind_name((ir_linalg_kind)op->u.lin.named));
    else
        snprintf(buf, n, "%s", ir_op_name((ir_opkind)op->kind));
    return buf;
}

/* ------------------------------------------------------------ analysis */

/* How the kernel reads v through map (over the kernel's loops). */
static bool make_access(const nl_kernel *kp, const nl_env *env, const ir_value *v, const ir_amap *map, nl_access *a) {
    memset(a, 0, sizeof *a);
    if (v->type.kind == IR_T_SCALAR) {
        if (v->type.dtype != IR_F32) return false;
        if (v->def && v->def->kind == IR_OP_CONSTANT && v->def->u.value->kind == IR_A_FLOAT) {
            a->kind = NL_A_IMM;
            a->imm = (float)ir_attr_float(v->def->u.value);
        } else {
            a->kind = NL_A_SCALAR;
            a->value = v->id;
        }
        return true;
    }
    if (v->type.kind != IR_T_TENSOR || v->type.dtype != IR_F32 || !map) return false;
    float sv;
    if (env->splat(env->ud, v->id, &sv)) {
        a->kind = NL_A_IMM;
        a->imm = sv;
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

/* ---- body compilation: linalg bodies to a vector register program */

typedef struct vcomp {
    nl_kernel *kp;
    np_vprog *p;
    const ir_value *val[NP_VMAX_REGS * 2];
    uint8_t reg[NP_VMAX_REGS * 2];
    uint32_t nval;
    uint8_t next;
    bool ok;
    int32_t slot_of_input[64]; /* kernel input -> source slot, -2 unseen */
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
    host(vc->kp, "%s", buf);
}

static int vbind(vcomp *vc, const ir_value *v, int reg) {
    if (vc->nval >= SP_ARRAY_LEN(vc->val)) {
        vfail(vc, "the fused body has more values than the vector unit's %d registers", NP_VMAX_REGS);
        return -1;
    }
    vc->val[vc->nval] = v;
    vc->reg[vc->nval++] = (uint8_t)reg;
    return reg;
}

static int vnew(vcomp *vc) {
    if (vc->next >= NP_VMAX_REGS) {
        vfail(vc, "the fused body needs more than the vector unit's %d registers", NP_VMAX_REGS);
        return -1;
    }
    return vc->next++;
}

static int vlookup(const vcomp *vc, const ir_value *v) {
    for (uint32_t i = vc->nval; i-- > 0;)
        if (vc->val[i] == v) return vc->reg[i];
    return -1;
}

static np_vinsn *vemit(vcomp *vc, np_vop op, int d, int a, int b, int c) {
    if (!vc->ok) return NULL;
    if (vc->p->n >= NP_VMAX_INSNS || d < 0 || a < 0 || b < 0 || c < 0) {
        vfail(vc, "the fused body is too long for one vector program (%d instructions)", NP_VMAX_INSNS);
        return NULL;
    }
    np_vinsn *v = &vc->p->insn[vc->p->n++];
    memset(v, 0, sizeof *v);
    v->op = (uint8_t)op;
    v->d = (uint8_t)d;
    v->a = (uint8_t)a;
    v->b = (uint8_t)b;
    v->c = (uint8_t)c;
    if (op >= NV_ADD) vc->p->nalu++;
    if (op == NV_EXP || op == NV_LOG || op == NV_TANH || op == NV_ERF) vc->p->sfu = true;
    return v;
}

/* The register of a value a body op uses: bound already, or a scalar
 * captured from outside the body (a constant, or a run-time value). */
static int voperand(vcomp *vc, const ir_value *v) {
    int r = vlookup(vc, v);
    if (r >= 0) return r;
    if (v->type.kind != IR_T_SCALAR || v->type.dtype != IR_F32) {
        vfail(vc, "the fused body reads a %s value from outside it", ir_dtype_name((ir_dtype)v->type.dtype));
        return -1;
    }
    r = vnew(vc);
    if (r < 0) return -1;
    if (v->def && v->def->kind == IR_OP_CONSTANT && v->def->u.value->kind == IR_A_FLOAT) {
        np_vinsn *in = vemit(vc, NV_CONST, r, 0, 0, 0);
        if (in) in->imm = (float)ir_attr_float(v->def->u.value);
    } else {
        np_vinsn *in = vemit(vc, NV_SCALAR, r, 0, 0, 0);
        if (in) in->slot = v->id;
    }
    return vbind(vc, v, r);
}

static void vop(vcomp *vc, const ir_op *o) {
    if (o->nres != 1 || o->res[0].type.kind != IR_T_SCALAR || (o->kind != IR_OP_CMPF && o->res[0].type.dtype != IR_F32)) {
        char buf[64];
        vfail(vc, "body op '%s' on %s has no vector instruction", op_text(o, buf, sizeof buf),
              o->nres ? ir_dtype_name((ir_dtype)o->res[0].type.dtype) : "nothing");
        return;
    }
    np_vop k;
    switch ((ir_opkind)o->kind) {
    case IR_OP_CONSTANT: {
        if (o->u.value->kind != IR_A_FLOAT) break;
        int d = vnew(vc);
        np_vinsn *in = vemit(vc, NV_CONST, d, 0, 0, 0);
        if (in) in->imm = (float)ir_attr_float(o->u.value);
        vbind(vc, &o->res[0], d);
        return;
    }
    case IR_OP_ADDF: k = NV_ADD; goto bin;
    case IR_OP_SUBF: k = NV_SUB; goto bin;
    case IR_OP_MULF: k = NV_MUL; goto bin;
    case IR_OP_DIVF: k = NV_DIV; goto bin;
    case IR_OP_MAXIMUMF: k = NV_MAX; goto bin;
    case IR_OP_MINIMUMF: k = NV_MIN; goto bin;
    case IR_OP_MAXNUMF: k = NV_MAXNUM; goto bin;
    case IR_OP_MINNUMF: k = NV_MINNUM; goto bin;
    case IR_OP_CMPF: {
        if (o->opnds[0]->type.dtype != IR_F32) break;
        int a = voperand(vc, o->opnds[0]), b = voperand(vc, o->opnds[1]), d = vnew(vc);
        np_vinsn *in = vemit(vc, NV_CMP, d, a, b, 0);
        if (in) in->pred = (uint8_t)o->u.pred;
        vbind(vc, &o->res[0], d);
        return;
    }
    case IR_OP_SELECT: {
        int c = voperand(vc, o->opnds[0]), t = voperand(vc, o->opnds[1]), f = voperand(vc, o->opnds[2]), d = vnew(vc);
        vemit(vc, NV_SELECT, d, c, t, f);
        vbind(vc, &o->res[0], d);
        return;
    }
    case IR_OP_NEGF: k = NV_NEG; goto un;
    case IR_OP_ABSF: k = NV_ABS; goto un;
    case IR_OP_SQRT: k = NV_SQRT; goto un;
    case IR_OP_RSQRT: k = NV_RSQRT; goto un;
    case IR_OP_EXP: k = NV_EXP; goto un;
    case IR_OP_LOG: k = NV_LOG; goto un;
    case IR_OP_TANH: k = NV_TANH; goto un;
    case IR_OP_ERF: k = NV_ERF; goto un;
    default: break;
    }
    {
        char buf[64];
        vfail(vc, "body op '%s' has no vector instruction", op_text(o, buf, sizeof buf));
        return;
    }
bin : {
    int a = voperand(vc, o->opnds[0]), b = voperand(vc, o->opnds[1]), d = vnew(vc);
    vemit(vc, k, d, a, b, 0);
    vbind(vc, &o->res[0], d);
    return;
}
un : {
    int a = voperand(vc, o->opnds[0]), d = vnew(vc);
    vemit(vc, k, d, a, 0, 0);
    vbind(vc, &o->res[0], d);
    return;
}
}

/* Source slot (or immediate) of kernel input i. */
static int vinput(vcomp *vc, int32_t i, const nl_access *acc) {
    const nl_access *a = &acc[i];
    int r = vnew(vc);
    if (r < 0) return -1;
    if (a->kind == NL_A_IMM) {
        np_vinsn *in = vemit(vc, NV_CONST, r, 0, 0, 0);
        if (in) in->imm = a->imm;
    } else if (a->kind == NL_A_SCALAR) {
        np_vinsn *in = vemit(vc, NV_SCALAR, r, 0, 0, 0);
        if (in) in->slot = a->value;
    } else {
        int32_t slot = vc->slot_of_input[i];
        if (slot < 0) {
            vfail(vc, "internal: input %d has no source", i);
            return -1;
        }
        vemit(vc, NV_LOAD, r, slot, 0, 0);
    }
    return r;
}

/* Compile kernel ops [first, last) into p. The chain value (the previous
 * op's result, KN_CHAIN) starts as the accumulator when `chain_acc`; the
 * root's outs argument is the accumulator when `root_acc`. */
static void compile_ops(nl_kernel *kp, np_vprog *p, uint32_t first, uint32_t last, bool chain_acc, bool root_acc,
                        const nl_access *inacc, const int32_t *slot_of_input) {
    const kernel *k = kp->k;
    vcomp vc;
    memset(&vc, 0, sizeof vc);
    vc.kp = kp;
    vc.p = p;
    vc.ok = true;
    memset(p, 0, sizeof *p);
    for (uint32_t i = 0; i < 64; i++) vc.slot_of_input[i] = i < k->ninputs ? slot_of_input[i] : -1;
    int chain = -1;
    if (chain_acc) {
        chain = vnew(&vc);
        vemit(&vc, NV_ACC, chain, 0, 0, 0);
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
            if (b->args[i].type.dtype != IR_F32) {
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
            vemit(&vc, NV_ACC, r, 0, 0, 0);
            vbind(&vc, &b->args[E->u.lin.nins], r);
        }
        for (const ir_op *o = b->first; o && o->kind != IR_OP_LINALG_YIELD && vc.ok; o = o->next) vop(&vc, o);
        if (!vc.ok) break;
        int r = voperand(&vc, b->last->opnds[0]);
        if (r < 0) break;
        chain = r;
    }
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

/* The contraction's M, N, K loops and the rest. */
static void analyze_gemm(nl_kernel *kp, const nl_env *env) {
    const kernel *k = kp->k;
    const ir_block *body = ir_linalg_body(k->root);
    for (const ir_op *o = body->first; o; o = o->next)
        if (o->kind == IR_OP_EXTF || o->kind == IR_OP_TRUNCF || o->kind == IR_OP_SITOFP)
            { host(kp, "the contraction casts its elements (mixed precision)"); return; }
    if (!make_access(kp, env, k->inputs[0].value, k->inputs[0].map, &kp->lhs) ||
        !make_access(kp, env, k->inputs[1].value, k->inputs[1].map, &kp->rhs))
        { host(kp, "an input of the contraction is not an f32 tensor read through an affine map"); return; }
    if (!make_access(kp, env, k->out, k->out_map, &kp->out) || kp->out.kind != NL_A_TENSOR)
        { host(kp, "the result is not an f32 tensor"); return; }
    kp->dm = kp->dn = kp->dk = -1;
    for (uint32_t d = 0; d < k->ndims; d++) {
        int64_t os = abs64(kp->out.stride[d]);
        int *slot = k->dimclass[d] == KN_DIM_M ? &kp->dm : k->dimclass[d] == KN_DIM_N ? &kp->dn : NULL;
        if (slot && (*slot < 0 || os < abs64(kp->out.stride[*slot]))) *slot = (int)d;
        if (k->dimclass[d] == KN_DIM_K) {
            const nl_access *src = kp->lhs.kind == NL_A_TENSOR ? &kp->lhs : &kp->rhs;
            if (kp->dk < 0 || abs64(src->stride[d]) < abs64(src->stride[kp->dk])) kp->dk = (int)d;
        }
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
    if (k->ninputs > 64) { host(kp, "more than 64 inputs"); return; }
    for (uint32_t i = 0; i < k->ninputs; i++) {
        slot[i] = -1;
        if (k->inputs[i].role != KN_ROLE_OPERAND) continue;
        const kn_input *in = &k->inputs[i];
        if (!make_access(kp, env, in->value, in->map, &inacc[i]))
            { host(kp, "epilogue operand is not f32 or not read through an affine map"); return; }
        if (inacc[i].kind != NL_A_TENSOR) continue;
        if ((kp->dk >= 0 && inacc[i].stride[kp->dk]) ) { host(kp, "an epilogue operand varies along the reduction"); return; }
        for (uint32_t r = 0; r < kp->nred; r++)
            if (inacc[i].stride[kp->red[r]]) { host(kp, "an epilogue operand varies along the reduction"); return; }
        if ((slot[i] = add_operand(kp, kp->in, &kp->nin, &inacc[i], in)) < 0)
            { host(kp, "more than %d epilogue operands", NP_VMAX_SRCS); return; }
    }
    if (k->nops > 1) {
        compile_ops(kp, &kp->prog, 1, k->nops, true, false, inacc, slot);
        kp->has_prog = true;
    }
    if (k->init_scalar) {
        if (!make_access(kp, env, k->init_scalar, NULL, &kp->init)) { host(kp, "the accumulator's init is not f32"); return; }
    } else {
        kp->init.kind = NL_A_IMM;
        kp->init.imm = 0.0f;
    }
}

/* A loop kernel accumulates into its output tile: it reduces its rows, its
 * columns, or a loop outside the tile (then each output point is mapped,
 * but over several steps, so the tile starts from the init and cannot sit
 * in an input's tile that the next step reloads). */
static bool loop_reduces(const nl_kernel *kp) { return !kp->gemm && (kp->red_r || kp->red_c || kp->nred > 0); }

static int64_t value_bytes(const ir_value *v) { return v->type.kind == IR_T_TENSOR ? ir_type_bytes(v->type) : 0; }

static void analyze_loop(nl_kernel *kp, const nl_env *env) {
    const kernel *k = kp->k;
    const ir_op *root = k->root;
    if (k->ninputs > 64) { host(kp, "more than 64 inputs"); return; }
    if (!make_access(kp, env, k->out, k->out_map, &kp->out) || kp->out.kind != NL_A_TENSOR)
        { host(kp, "the result is not an f32 tensor"); return; }
    bool reduce = false;
    for (uint32_t d = 0; d < k->ndims; d++) reduce |= root->u.lin.iters[d] == IR_ITER_REDUCTION;
    /* which inputs the root reads, and which the chain after a reduction
     * reads (loaded once per output tile, not with every reduction step) */
    bool by_root[64] = {0}, by_chain[64] = {0};
    for (uint32_t s = 0; s < k->nops; s++) {
        const int32_t *ai = k->arg_input[s];
        const ir_block *body = ir_linalg_body(k->ops[s]);
        /* an argument the body never reads (a pooling op's window shape,
         * often a tensor.empty with no storage) is not loaded */
        for (uint32_t j = 0; ai && j < k->ops[s]->u.lin.nins; j++)
            if (ai[j] >= 0 && (uint32_t)ai[j] < k->ninputs && (!body || ir_block_arg_used(body, &body->args[j])))
                (s == 0 || !reduce ? by_root : by_chain)[ai[j]] = true;
    }
    nl_access inacc[64];
    int32_t slot[64], eslot[64];
    const nl_access *big = NULL;
    int64_t bigbytes = -1;
    for (uint32_t i = 0; i < k->ninputs; i++) {
        slot[i] = eslot[i] = -1;
        const kn_input *in = &k->inputs[i];
        if (!make_access(kp, env, in->value, in->map, &inacc[i]))
            { host(kp, "an input is not f32 or not read through an affine map"); return; }
        if (in->role == KN_ROLE_INIT || !by_root[i]) continue;
        if (inacc[i].kind == NL_A_TENSOR && value_bytes(in->value) > bigbytes) {
            bigbytes = value_bytes(in->value);
            big = &inacc[i];
        }
    }
    /* columns: the loop the biggest input walks with the smallest stride
     * (its DMA rows are then contiguous); rows: the next one */
    const nl_access *ref = big ? big : &kp->out;
    kp->dm = kp->dn = kp->dk = -1;
    for (uint32_t d = 0; d < k->ndims; d++) {
        if (k->bounds[d] <= 1 || !ref->stride[d]) continue;
        if (kp->dn < 0 || abs64(ref->stride[d]) < abs64(ref->stride[kp->dn])) kp->dn = (int)d;
    }
    for (uint32_t d = 0; d < k->ndims; d++) {
        if ((int)d == kp->dn || k->bounds[d] <= 1 || !ref->stride[d]) continue;
        if (kp->dm < 0 || abs64(ref->stride[d]) < abs64(ref->stride[kp->dm])) kp->dm = (int)d;
    }
    if (kp->dm < 0) /* the reference tensor walks one loop: take another for the rows */
        for (uint32_t d = 0; d < k->ndims; d++)
            if ((int)d != kp->dn && k->bounds[d] > 1 && (kp->dm < 0 || abs64(kp->out.stride[d]) < abs64(kp->out.stride[kp->dm])))
                kp->dm = (int)d;
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
            if (varies) { host(kp, "an operand of the chain after the reduction varies along a reduced loop"); return; }
            if ((eslot[i] = add_operand(kp, kp->ein, &kp->nein, &inacc[i], in)) < 0)
                { host(kp, "more than %d tensor operands after the reduction", NP_VMAX_SRCS); return; }
        }
        if (by_root[i] && (slot[i] = add_operand(kp, kp->in, &kp->nin, &inacc[i], in)) < 0)
            { host(kp, "more than %d tensor operands", NP_VMAX_SRCS); return; }
    }
    bool has_init_input = false;
    for (uint32_t i = 0; i < k->ninputs; i++) has_init_input |= k->inputs[i].role == KN_ROLE_INIT;
    if (reduce) {
        /* the root's body reads its accumulator (outs argument) */
        const ir_block *b = ir_linalg_body(root);
        bool reads = false;
        const ir_value *acc = &b->args[root->u.lin.nins];
        for (const ir_op *o = b->first; o; o = o->next)
            for (uint32_t j = 0; j < o->nopnds; j++) reads |= o->opnds[j] == acc;
        if (!reads) { host(kp, "a reduction that does not read its accumulator"); return; }
        if (!has_init_input) {
            if (k->init_scalar) {
                if (!make_access(kp, env, k->init_scalar, NULL, &kp->init)) { host(kp, "the reduction's init is not f32"); return; }
            } else {
                kp->init.kind = NL_A_IMM;
                kp->init.imm = 0.0f;
            }
        }
        compile_ops(kp, &kp->prog, 0, 1, false, true, inacc, slot);
        kp->has_prog = true;
        if (k->nops > 1) {
            compile_ops(kp, &kp->epi, 1, k->nops, true, false, inacc, eslot);
            kp->has_epi = true;
        }
    } else {
        compile_ops(kp, &kp->prog, 0, k->nops, false, false, inacc, slot);
        kp->has_prog = true;
    }
    /* the output tile takes an input's tile when they have one shape
     * (each point reads its input before writing its result, law L4) */
    kp->inplace = -1;
    if (!loop_reduces(kp))
        for (uint32_t i = 0; i < kp->nin && kp->inplace < 0; i++)
            if ((kp->in[i].uses_r || kp->dm < 0) && (kp->in[i].uses_c || kp->dn < 0)) kp->inplace = (int32_t)i;
}

void nl_analyze(sp_ctx *ctx, const nt_target *t, const kernel *k, const nl_env *env, nl_kernel *kp) {
    (void)ctx;
    memset(kp, 0, sizeof *kp);
    kp->k = k;
    kp->t = t;
    kp->npu = true;
    kp->inplace = -1;
    kp->dm = kp->dn = kp->dk = -1;
    char buf[64];
    if (k->kind == KN_OP) {
        host(kp, "'%s' moves data; the npu program has no instruction for it", op_text(k->root, buf, sizeof buf));
        return;
    }
    if (k->out->type.kind != IR_T_TENSOR || k->out->type.dtype != IR_F32) {
        host(kp, "element type %s: the npu computes f32 only", ir_dtype_name((ir_dtype)k->out->type.dtype));
        return;
    }
    for (uint32_t i = 0; i < k->ninputs; i++) {
        const ir_value *v = k->inputs[i].value;
        if (ir_value_elem(v) != IR_F32) {
            host(kp, "element type %s: the npu computes f32 only", ir_dtype_name(ir_value_elem(v)));
            return;
        }
    }
    if (k->kind == KN_CONTRACTION) {
        kp->gemm = true;
        analyze_gemm(kp, env);
    } else {
        analyze_loop(kp, env);
    }
    if (!kp->npu) return;
    kp->npar_total = kp->nred_total = 1;
    for (uint32_t i = 0; i < kp->npar; i++) kp->npar_total *= k->bounds[kp->par[i]];
    for (uint32_t i = 0; i < kp->nred; i++) kp->nred_total *= k->bounds[kp->red[i]];
    /* the least DMA: every tensor read once, the result written once */
    int64_t bytes = value_bytes(k->out);
    for (uint32_t i = 0; i < k->ninputs; i++) {
        const ir_value *v = k->inputs[i].value;
        float sv;
        bool seen = false;
        for (uint32_t j = 0; j < i; j++) seen |= k->inputs[j].value == v;
        if (!seen && v->type.kind == IR_T_TENSOR && !env->splat(env->ud, v->id, &sv)) bytes += value_bytes(v);
    }
    kp->min_dma_bytes = bytes;
    kp->macs = kp->gemm ? k->b * k->m * k->n * k->k : 0;
    int64_t alu = kp->has_prog ? kp->prog.nalu : 0;
    if (kp->gemm)
        kp->vec_ops = kp->npar_total * kp->M * kp->N * alu;
    else
        kp->vec_ops = kp->npar_total * kp->nred_total * kp->M * kp->N * alu +
                      (kp->has_epi ? kp->npar_total * (kp->red_r ? 1 : kp->M) * (kp->red_c ? 1 : kp->N) * kp->epi.nalu : 0);
}

/* ------------------------------------------------------------- buffers */

static int64_t elem_bytes(void) { return 4; }

static void set_buf(nl_buf *b, const nt_target *t, const char *name, nl_role role, int64_t rows, int64_t cols,
                    int64_t nchunks, int64_t lo, int64_t hi) {
    memset(b, 0, sizeof *b);
    snprintf(b->name, sizeof b->name, "%s", name);
    b->role = (uint8_t)role;
    b->rows = rows;
    b->cols = cols;
    b->nchunks = nchunks;
    b->bytes = nchunks * nt_tile_bytes(t, rows, cols, elem_bytes());
    b->lo = lo;
    b->hi = hi;
}

static void operand_name(const nl_operand *op, uint32_t i, char *buf, size_t n) {
    if (op->name)
        snprintf(buf, n, "%%%s", op->name);
    else
        snprintf(buf, n, "operand%u", i);
}

static bool gemm_prefetch_across(const nl_kernel *kp, const nl_cand *c);

/* Buffer layout indices of a candidate, shared by nl_buffers and the
 * emitters so both agree on who is who. */
typedef struct layout {
    int32_t x0, nx, w0, nw, y0, ny;
    int32_t op[NP_VMAX_SRCS]; /* first buffer of operand i (loop kernels: nx copies) */
    int32_t out0, nout;       /* loop kernels */
    int32_t eop[NP_VMAX_SRCS]; /* loop kernels: first buffer of the chain's operand i (nout copies) */
} layout;

static uint32_t make_layout(const nl_kernel *kp, const nl_cand *c, const nl_opts *o, nl_buf *bufs, layout *ly) {
    const nt_target *t = kp->t;
    uint32_t n = 0;
    char name[40];
    memset(ly, 0, sizeof *ly);
    if (kp->gemm) {
        int64_t ks = kp->nred_total * ceil_div(kp->K, c->tk);
        /* the next tile's X and W may load during this tile's epilogue and
         * store: then they live through those steps too */
        int64_t xw_hi = gemm_prefetch_across(kp, c) ? 4 : 2;
        ly->x0 = (int32_t)n;
        if (c->xbuf == NL_PANEL) {
            set_buf(&bufs[n++], t, "X", NL_LHS, c->tm, c->tk, ks, 0, 4);
            ly->nx = 1;
        } else {
            for (int i = 0; i < c->xbuf; i++) {
                snprintf(name, sizeof name, c->xbuf > 1 ? "X%d" : "X", i);
                set_buf(&bufs[n++], t, name, NL_LHS, c->tm, c->tk, 1, 1, xw_hi);
            }
            ly->nx = c->xbuf;
        }
        ly->w0 = (int32_t)n;
        if (c->wbuf == NL_PANEL) {
            set_buf(&bufs[n++], t, "W", NL_RHS, c->tk, c->tn, ks, 0, 4);
            ly->nw = 1;
        } else {
            for (int i = 0; i < c->wbuf; i++) {
                snprintf(name, sizeof name, c->wbuf > 1 ? "W%d" : "W", i);
                set_buf(&bufs[n++], t, name, NL_RHS, c->tk, c->tn, 1, 1, xw_hi);
            }
            ly->nw = c->wbuf;
        }
        ly->y0 = (int32_t)n;
        for (int i = 0; i < c->ybuf; i++) {
            snprintf(name, sizeof name, c->ybuf > 1 ? "Y%d" : "Y", i);
            set_buf(&bufs[n++], t, name, NL_ACC, c->tm, c->tn, 1, 1, o && o->shorten_acc ? 3 : 4);
        }
        ly->ny = c->ybuf;
        for (uint32_t i = 0; i < kp->nin; i++) {
            const nl_operand *op = &kp->in[i];
            operand_name(op, i, name, sizeof name);
            ly->op[i] = (int32_t)n;
            set_buf(&bufs[n], t, name, NL_OPERAND, op->uses_r ? c->tm : 1, op->uses_c ? c->tn : 1, 1, c->early ? 1 : 2, 3);
            bufs[n++].broadcast = op->broadcast;
        }
        return n;
    }
    /* loop kernel: input tiles, then the output tile unless in place */
    int nb = c->xbuf == 2 ? 2 : 1;
    for (uint32_t i = 0; i < kp->nin; i++) {
        const nl_operand *op = &kp->in[i];
        ly->op[i] = (int32_t)n;
        for (int j = 0; j < nb; j++) {
            char base[32];
            operand_name(op, i, base, sizeof base);
            if (nb > 1)
                snprintf(name, sizeof name, "%.30s.%u", base, (unsigned)j & 7u);
            else
                snprintf(name, sizeof name, "%s", base);
            bool ip = (int32_t)i == kp->inplace;
            set_buf(&bufs[n], t, name, ip ? NL_OUT : NL_OPERAND, op->uses_r ? c->tm : 1, op->uses_c ? c->tn : 1, 1, 0,
                    ip ? 3 : 2);
            bufs[n++].broadcast = op->broadcast;
        }
    }
    ly->nx = nb;
    ly->out0 = (int32_t)n;
    ly->nout = 0;
    if (kp->inplace < 0) {
        int64_t rows = kp->red_r ? 1 : c->tm, cols = kp->red_c ? 1 : c->tn;
        for (int j = 0; j < c->ybuf; j++) {
            snprintf(name, sizeof name, c->ybuf > 1 ? "out%d" : "out", j);
            set_buf(&bufs[n++], t, name, loop_reduces(kp) ? NL_ACC : NL_OUT, rows, cols, 1, loop_reduces(kp) ? 0 : 1,
                    o && o->shorten_acc ? 2 : 3);
        }
        ly->nout = c->ybuf;
    }
    /* the chain's operands: one set per output buffer, at their logical
     * shapes within the output tile (law L3), loaded with the tile's init */
    for (uint32_t i = 0; i < kp->nein; i++) {
        const nl_operand *op = &kp->ein[i];
        char base[32];
        operand_name(op, kp->nin + i, base, sizeof base);
        ly->eop[i] = (int32_t)n;
        for (int32_t j = 0; j < ly->nout; j++) {
            if (ly->nout > 1)
                snprintf(name, sizeof name, "%.30s.%u", base, (unsigned)j & 7u);
            else
                snprintf(name, sizeof name, "%s", base);
            set_buf(&bufs[n], t, name, NL_OPERAND, op->uses_r ? c->tm : 1, op->uses_c ? c->tn : 1, 1, 0, 3);
            bufs[n++].broadcast = op->broadcast;
        }
    }
    return n;
}

uint32_t nl_buffers(const nl_kernel *kp, const nl_cand *c, const nl_opts *o, nl_buf *bufs) {
    layout ly;
    return make_layout(kp, c, o, bufs, &ly);
}

sp_status nl_plan(sp_ctx *ctx, const nl_kernel *kp, nl_buf *bufs, uint32_t nbufs, int64_t budget, plan_result *pr) {
    plan_buf pb[NL_MAX_BUFS];
    int64_t align = kp->t->vlen_bits / 8;
    for (uint32_t i = 0; i < nbufs; i++) pb[i] = (plan_buf){bufs[i].bytes, align, bufs[i].lo, bufs[i].hi, -1, 0};
    plan_opts po = {.work_limit = 20000, .time_limit_s = 1, .capacity = budget};
    sp_status st = nbufs ? plan_solve(ctx, pb, nbufs, &po, pr) : SP_OK;
    if (!nbufs) memset(pr, 0, sizeof *pr);
    for (uint32_t i = 0; i < nbufs; i++) bufs[i].offset = pb[i].offset;
    return st;
}

/* ------------------------------------------------------------- emission */

typedef struct em {
    const nl_kernel *kp;
    const nl_cand *c;
    const nl_buf *b;
    const nl_opts *o;
    np_sink sink;
    layout ly;
    int64_t L;
} em;

static void put(em *e, const np_insn *in) { e->sink.fn(e->sink.ud, in); }

static void marker(em *e, np_opcode op, int32_t buf) {
    np_insn in;
    memset(&in, 0, sizeof in);
    in.op = (uint8_t)op;
    in.buf = buf;
    put(e, &in);
}

static np_view view_of(const em *e, int32_t buf, int64_t chunk, int64_t rows, int64_t cols) {
    const nl_buf *b = &e->b[buf];
    np_view v;
    v.buf = buf;
    v.ld = ceil_div(b->cols, e->L);
    v.off = b->offset + chunk * b->rows * v.ld * elem_bytes();
    v.rows = rows;
    v.cols = cols;
    return v;
}

/* Element offset of outer index o (over the listed loops) in access a. */
static int64_t outer_off(const nl_kernel *kp, const nl_access *a, const uint32_t *dims, uint32_t n, int64_t o) {
    int64_t off = 0;
    for (uint32_t i = n; i-- > 0;) {
        int64_t bnd = kp->k->bounds[dims[i]];
        off += (o % bnd) * a->stride[dims[i]];
        o /= bnd;
    }
    return off;
}

static int64_t stride_of(const nl_access *a, int d) { return d >= 0 ? a->stride[d] : 0; }

/* Fill a tile from an access: DMA for tensors, the vector unit for a
 * constant or run-time scalar (a splat weight is never a tensor). */
static void load_tile(em *e, const nl_access *a, np_view v, int64_t off, int64_t rs, int64_t cs) {
    np_insn in;
    memset(&in, 0, sizeof in);
    in.dst = v;
    if (a->kind == NL_A_TENSOR) {
        in.op = NP_MVIN;
        in.dram = (np_dram){a->value, a->off + off, rs, cs};
    } else {
        in.op = NP_FILL;
        in.imm = a->imm;
        in.scalar = a->kind == NL_A_SCALAR ? (int64_t)a->value : -1;
    }
    put(e, &in);
}

static void fill_tile(em *e, np_view v, const nl_access *a) {
    np_insn in;
    memset(&in, 0, sizeof in);
    in.op = NP_FILL;
    in.dst = v;
    in.imm = a->kind == NL_A_IMM ? a->imm : 0.0f;
    in.scalar = a->kind == NL_A_SCALAR ? (int64_t)a->value : -1;
    put(e, &in);
}

/* Stores go out in row blocks of about 256 DMA cycles: the engine takes
 * loads first, and a store that holds it longer than the gaps between the
 * loads would stall the loads of the next tiles behind it. */
static void store_tile(em *e, np_view v, const nl_access *a, int64_t off, int64_t rs, int64_t cs) {
    double row_bytes = (double)(v.cols > 0 ? v.cols : 1) * (double)elem_bytes();
    int64_t per = (int64_t)(256.0 * nt_dram_bytes_per_cycle(e->kp->t) / row_bytes);
    if (per < 1) per = 1;
    for (int64_t r0 = 0; r0 < v.rows; r0 += per) {
        np_insn in;
        memset(&in, 0, sizeof in);
        in.op = NP_MVOUT;
        in.a = v;
        in.a.rows = min64(per, v.rows - r0);
        in.a.off = v.off + r0 * v.ld * elem_bytes();
        in.dram = (np_dram){a->value, a->off + off + r0 * rs, rs, cs};
        put(e, &in);
    }
}

/* ---- contraction kernels */

/* Whether the next tile's X and W load during this tile's epilogue and
 * store (then X and W stay live through those steps), or only after the
 * epilogue, so late operands can share the bytes X and W leave. */
static bool gemm_prefetch_across(const nl_kernel *kp, const nl_cand *c) { return c->early || kp->nin == 0; }

typedef struct gstage {
    int64_t t, o, mi, ni, ks, ri, ki;
    int64_t tm, tn, tk;
    /* panel reuse: an X panel serves the tiles of one m (they follow each
     * other in order m, n, or when there is one m tile), a W panel those
     * of one n */
    bool first_x, first_w, last_x, last_w;
} gstage;

typedef struct gdims {
    int64_t tiles_m, tiles_n, tiles_k, ks, ntiles, nstages;
} gdims;

static gdims gemm_dims(const nl_kernel *kp, const nl_cand *c) {
    gdims g;
    g.tiles_m = ceil_div(kp->M, c->tm);
    g.tiles_n = ceil_div(kp->N, c->tn);
    g.tiles_k = ceil_div(kp->K, c->tk);
    g.ks = kp->nred_total * g.tiles_k;
    g.ntiles = kp->npar_total * g.tiles_m * g.tiles_n;
    g.nstages = g.ntiles * g.ks;
    return g;
}

static void tile_of(const nl_kernel *kp, const nl_cand *c, const gdims *g, int64_t t, int64_t *o, int64_t *mi, int64_t *ni) {
    (void)kp;
    int64_t per = g->tiles_m * g->tiles_n;
    *o = t / per;
    int64_t r = t % per;
    if (c->order == NL_ORDER_MNK) {
        *mi = r / g->tiles_n;
        *ni = r % g->tiles_n;
    } else {
        *ni = r / g->tiles_m;
        *mi = r % g->tiles_m;
    }
}

static gstage stage_of(const nl_kernel *kp, const nl_cand *c, const gdims *g, int64_t s) {
    gstage st;
    st.t = s / g->ks;
    st.ks = s % g->ks;
    st.ri = st.ks / g->tiles_k;
    st.ki = st.ks % g->tiles_k;
    tile_of(kp, c, g, st.t, &st.o, &st.mi, &st.ni);
    st.tm = min64(c->tm, kp->M - st.mi * c->tm);
    st.tn = min64(c->tn, kp->N - st.ni * c->tn);
    st.tk = min64(c->tk, kp->K - st.ki * c->tk);
    st.first_x = st.ni == 0;
    st.first_w = st.mi == 0;
    st.last_x = st.ni == g->tiles_n - 1 && st.ks == g->ks - 1;
    st.last_w = st.mi == g->tiles_m - 1 && st.ks == g->ks - 1;
    return st;
}

static np_view x_view(em *e, const gstage *st, int64_t s) {
    if (e->c->xbuf == NL_PANEL) return view_of(e, e->ly.x0, st->ks, st->tm, st->tk);
    return view_of(e, e->ly.x0 + (int32_t)(s % e->ly.nx), 0, st->tm, st->tk);
}

static np_view w_view(em *e, const gstage *st, int64_t s) {
    if (e->c->wbuf == NL_PANEL) return view_of(e, e->ly.w0, st->ks, st->tk, st->tn);
    return view_of(e, e->ly.w0 + (int32_t)(s % e->ly.nw), 0, st->tk, st->tn);
}

static void gemm_loads(em *e, const gdims *g, int64_t s) {
    const nl_kernel *kp = e->kp;
    gstage st = stage_of(kp, e->c, g, s);
    bool xp = e->c->xbuf == NL_PANEL, wp = e->c->wbuf == NL_PANEL;
    /* X */
    if (!xp || st.first_x) {
        if (!xp || st.ks == 0) marker(e, NP_BIRTH, xp ? e->ly.x0 : e->ly.x0 + (int32_t)(s % e->ly.nx));
        int64_t off = outer_off(kp, &kp->lhs, kp->par, kp->npar, st.o) + outer_off(kp, &kp->lhs, kp->red, kp->nred, st.ri) +
                      st.mi * e->c->tm * stride_of(&kp->lhs, kp->dm) + st.ki * e->c->tk * stride_of(&kp->lhs, kp->dk);
        load_tile(e, &kp->lhs, x_view(e, &st, s), off, stride_of(&kp->lhs, kp->dm), stride_of(&kp->lhs, kp->dk));
    }
    /* W: the panel group of order n, m is the first m tile */
    if (!wp || st.first_w) {
        if (!wp || st.ks == 0) marker(e, NP_BIRTH, wp ? e->ly.w0 : e->ly.w0 + (int32_t)(s % e->ly.nw));
        int64_t off = outer_off(kp, &kp->rhs, kp->par, kp->npar, st.o) + outer_off(kp, &kp->rhs, kp->red, kp->nred, st.ri) +
                      st.ki * e->c->tk * stride_of(&kp->rhs, kp->dk) + st.ni * e->c->tn * stride_of(&kp->rhs, kp->dn);
        load_tile(e, &kp->rhs, w_view(e, &st, s), off, stride_of(&kp->rhs, kp->dk), stride_of(&kp->rhs, kp->dn));
    }
}

static np_view operand_view(em *e, uint32_t i, int32_t buf, int64_t tm, int64_t tn) {
    const nl_operand *op = &e->kp->in[i];
    return view_of(e, buf, 0, op->uses_r ? tm : 1, op->uses_c ? tn : 1);
}

/* Rows of operand i one load moves: blocks of about 256 DMA cycles, so
 * early operand loads interleave with the K loop's loads. */
static int64_t operand_chunk_rows(const em *e, int64_t tn) {
    double row_bytes = (double)(tn > 0 ? tn : 1) * (double)elem_bytes();
    int64_t per = (int64_t)(256.0 * nt_dram_bytes_per_cycle(e->kp->t) / row_bytes);
    return per < 1 ? 1 : per;
}

static int64_t operand_chunks(const em *e, int64_t tm, int64_t tn) {
    int64_t n = 0, per = operand_chunk_rows(e, tn);
    for (uint32_t i = 0; i < e->kp->nin; i++) n += e->kp->in[i].uses_r ? ceil_div(tm, per) : 1;
    return n;
}

/* The first of a tile's nch early operand row blocks that K step ks (of
 * ks_total) loads: step ks loads [early_chunk(ks), early_chunk(ks + 1)). */
static int64_t early_chunk(int64_t ks, int64_t nch, int64_t ks_total) {
    return (int64_t)((__int128)ks * nch / ks_total);
}

/* Load row blocks [from, to) of the tile's operands (numbered operand by
 * operand, then by rows). */
static void gemm_operand_loads(em *e, int64_t o, int64_t mi, int64_t ni, int64_t tm, int64_t tn, int64_t from, int64_t to) {
    const nl_kernel *kp = e->kp;
    int64_t per = operand_chunk_rows(e, tn), idx = 0;
    for (uint32_t i = 0; i < kp->nin && idx < to; i++) {
        const nl_operand *op = &kp->in[i];
        int64_t rows = op->uses_r ? tm : 1, nch = op->uses_r ? ceil_div(tm, per) : 1;
        for (int64_t c = 0; c < nch; c++, idx++) {
            if (idx < from || idx >= to) continue;
            if (c == 0) marker(e, NP_BIRTH, e->ly.op[i]);
            int64_t r0 = c * per, nr = op->uses_r ? min64(per, rows - r0) : 1;
            np_view v = operand_view(e, i, e->ly.op[i], tm, tn);
            v.off += r0 * v.ld * elem_bytes();
            v.rows = nr;
            int64_t rs = op->uses_r ? stride_of(&op->a, kp->dm) : 0;
            int64_t off = outer_off(kp, &op->a, kp->par, kp->npar, o) + mi * e->c->tm * stride_of(&op->a, kp->dm) +
                          ni * e->c->tn * stride_of(&op->a, kp->dn) + r0 * rs;
            load_tile(e, &op->a, v, off, rs, op->uses_c ? stride_of(&op->a, kp->dn) : 0);
        }
    }
}

static void gemm_tile_start(em *e, const gdims *g, int64_t t) {
    const nl_kernel *kp = e->kp;
    int64_t o, mi, ni;
    tile_of(kp, e->c, g, t, &o, &mi, &ni);
    int64_t tm = min64(e->c->tm, kp->M - mi * e->c->tm), tn = min64(e->c->tn, kp->N - ni * e->c->tn);
    int32_t yb = e->ly.y0 + (int32_t)(t % e->ly.ny);
    marker(e, NP_BIRTH, yb);
    bool zero_init = kp->init.kind == NL_A_IMM && kp->init.imm == 0.0f;
    if (!zero_init || g->ks == 0) fill_tile(e, view_of(e, yb, 0, tm, tn), &kp->init);
}

static void gemm_tile_end(em *e, const gdims *g, int64_t t) {
    const nl_kernel *kp = e->kp;
    int64_t o, mi, ni;
    tile_of(kp, e->c, g, t, &o, &mi, &ni);
    int64_t tm = min64(e->c->tm, kp->M - mi * e->c->tm), tn = min64(e->c->tn, kp->N - ni * e->c->tn);
    int32_t yb = e->ly.y0 + (int32_t)(t % e->ly.ny);
    np_view y = view_of(e, yb, 0, tm, tn);
    if (!e->c->early || g->ks == 0) gemm_operand_loads(e, o, mi, ni, tm, tn, 0, INT64_MAX);
    /* the epilogue and the store go by row blocks, so the first rows
     * leave while the vector unit works on the next ones */
    int64_t off = outer_off(kp, &kp->out, kp->par, kp->npar, o) + mi * e->c->tm * stride_of(&kp->out, kp->dm) +
                  ni * e->c->tn * stride_of(&kp->out, kp->dn);
    int64_t rs = stride_of(&kp->out, kp->dm), cs = stride_of(&kp->out, kp->dn);
    int64_t per = operand_chunk_rows(e, tn);
    for (int64_t r0 = 0; r0 < tm; r0 += per) {
        int64_t nr = min64(per, tm - r0);
        np_view yb_rows = y;
        yb_rows.off += r0 * y.ld * elem_bytes();
        yb_rows.rows = nr;
        if (kp->has_prog) {
            np_view src[NP_VMAX_SRCS];
            for (uint32_t i = 0; i < kp->nin; i++) {
                src[i] = operand_view(e, i, e->ly.op[i], tm, tn);
                if (kp->in[i].uses_r) {
                    src[i].off += r0 * src[i].ld * elem_bytes();
                    src[i].rows = nr;
                }
            }
            np_insn in;
            memset(&in, 0, sizeof in);
            in.op = NP_VEC;
            in.mode = NP_VMAP;
            in.dst = yb_rows;
            in.rows = nr;
            in.cols = tn;
            in.nsrc = (uint8_t)kp->nin;
            in.src = src;
            in.prog = &kp->prog;
            put(e, &in);
        }
        if (r0 + per >= tm)
            for (uint32_t i = 0; i < kp->nin; i++) marker(e, NP_DEATH, e->ly.op[i]);
        if (e->o && e->o->shorten_acc && r0 + per >= tm) marker(e, NP_DEATH, yb);
        store_tile(e, yb_rows, &kp->out, off + r0 * rs, rs, cs);
    }
    if (!(e->o && e->o->shorten_acc)) marker(e, NP_DEATH, yb);
}

/* Stages of a contraction's program: one per K step of each tile (or
 * one per tile when the reduction is empty). */
static int64_t gemm_nstages(const gdims *g) { return g->ks ? g->nstages : g->ntiles; }

/* Stage s of a contraction's program: its GEMM and what goes with it. A
 * stage's instructions depend only on s, so a stretch of stages can be
 * emitted (or its timing extrapolated) from any stage on. */
static void emit_gemm_stage(em *e, const gdims *g, int64_t s) {
    const nl_kernel *kp = e->kp;
    if (g->ks == 0) { /* an empty reduction: the result is the init */
        gemm_tile_start(e, g, s);
        gemm_tile_end(e, g, s);
        return;
    }
    bool zero_init = kp->init.kind == NL_A_IMM && kp->init.imm == 0.0f;
    gstage st = stage_of(kp, e->c, g, s);
    if (st.ks == 0 && s == 0) gemm_tile_start(e, g, st.t);
    if (s == 0) gemm_loads(e, g, 0);
    int32_t yb = e->ly.y0 + (int32_t)(st.t % e->ly.ny);
    np_insn in;
    memset(&in, 0, sizeof in);
    in.op = NP_GEMM;
    in.flags = (st.ks > 0 || !zero_init) ? NP_ACC : 0;
    in.dst = view_of(e, yb, 0, st.tm, st.tn);
    in.a = x_view(e, &st, s);
    in.b = w_view(e, &st, s);
    in.rows = st.tm;
    in.cols = st.tn;
    in.k = st.tk;
    put(e, &in);
    /* X and W of this stage die unless a panel keeps them */
    if (e->c->xbuf != NL_PANEL)
        marker(e, NP_DEATH, e->ly.x0 + (int32_t)(s % e->ly.nx));
    else if (st.last_x)
        marker(e, NP_DEATH, e->ly.x0);
    if (e->c->wbuf != NL_PANEL)
        marker(e, NP_DEATH, e->ly.w0 + (int32_t)(s % e->ly.nw));
    else if (st.last_w)
        marker(e, NP_DEATH, e->ly.w0);
    bool more = s + 1 < g->nstages;
    if (e->c->early && kp->nin) { /* this tile's operands, a share of their row blocks per stage */
        int64_t nch = operand_chunks(e, st.tm, st.tn);
        gemm_operand_loads(e, st.o, st.mi, st.ni, st.tm, st.tn, early_chunk(st.ks, nch, g->ks), early_chunk(st.ks + 1, nch, g->ks));
    }
    if (st.ks < g->ks - 1) { /* the next stage's tiles load while this one computes */
        if (more) gemm_loads(e, g, s + 1);
        return;
    }
    if (gemm_prefetch_across(kp, e->c)) {
        /* and the next tile's first tiles while this one finishes */
        if (more) gemm_loads(e, g, s + 1);
        gemm_tile_end(e, g, st.t);
        if (st.t + 1 < g->ntiles) gemm_tile_start(e, g, st.t + 1);
    } else {
        /* late operands may take the bytes X and W leave: the next
         * tile's loads wait until the epilogue has read them */
        gemm_tile_end(e, g, st.t);
        if (st.t + 1 < g->ntiles) gemm_tile_start(e, g, st.t + 1);
        if (more) gemm_loads(e, g, s + 1);
    }
}

/* ---- loop kernels */

typedef struct ldims {
    int64_t tiles_r, tiles_c, ntiles, rs, nstages; /* output tiles, reduction stages per tile */
} ldims;

static ldims loop_dims(const nl_kernel *kp, const nl_cand *c) {
    ldims d;
    d.tiles_r = ceil_div(kp->M, c->tm);
    d.tiles_c = ceil_div(kp->N, c->tn);
    d.ntiles = kp->npar_total * (kp->red_r ? 1 : d.tiles_r) * (kp->red_c ? 1 : d.tiles_c);
    d.rs = kp->nred_total * (kp->red_r ? d.tiles_r : 1) * (kp->red_c ? d.tiles_c : 1);
    d.nstages = d.ntiles * d.rs;
    return d;
}

typedef struct lstage {
    int64_t t, o, ri, rt, ct; /* output tile, outer parallel, outer reduction, row tile, col tile */
    int64_t tr, tc;
    int64_t ks;
} lstage;

static lstage lstage_of(const nl_kernel *kp, const nl_cand *c, const ldims *d, int64_t s) {
    lstage st;
    st.t = s / d->rs;
    st.ks = s % d->rs;
    int64_t pr = kp->red_r ? 1 : d->tiles_r, pc = kp->red_c ? 1 : d->tiles_c;
    st.o = st.t / (pr * pc);
    int64_t r = st.t % (pr * pc);
    int64_t prow = r / pc, pcol = r % pc;
    int64_t rr = kp->red_r ? d->tiles_r : 1, rc = kp->red_c ? d->tiles_c : 1;
    st.ri = st.ks / (rr * rc);
    int64_t q = st.ks % (rr * rc);
    int64_t rrow = q / rc, rcol = q % rc;
    st.rt = kp->red_r ? rrow : prow;
    st.ct = kp->red_c ? rcol : pcol;
    st.tr = min64(c->tm, kp->M - st.rt * c->tm);
    st.tc = min64(c->tn, kp->N - st.ct * c->tn);
    return st;
}

static int32_t loop_in_buf(const em *e, uint32_t i, int64_t s) { return e->ly.op[i] + (int32_t)(s % e->ly.nx); }

/* The output tile of stage s's output tile. */
static np_view loop_out_view(em *e, const lstage *st, int64_t s) {
    const nl_kernel *kp = e->kp;
    int64_t rows = kp->red_r ? 1 : st->tr, cols = kp->red_c ? 1 : st->tc;
    if (kp->inplace >= 0) return view_of(e, loop_in_buf(e, (uint32_t)kp->inplace, s), 0, rows, cols);
    return view_of(e, e->ly.out0 + (int32_t)(st->t % e->ly.nout), 0, rows, cols);
}

/* Chain operand i's tile for the output tile of stage st. */
static np_view loop_chain_view(em *e, uint32_t i, const lstage *st) {
    const nl_operand *op = &e->kp->ein[i];
    return view_of(e, e->ly.eop[i] + (int32_t)(st->t % e->ly.nout), 0, op->uses_r ? st->tr : 1, op->uses_c ? st->tc : 1);
}

static void loop_loads(em *e, const ldims *d, int64_t s) {
    const nl_kernel *kp = e->kp;
    lstage st = lstage_of(kp, e->c, d, s);
    for (uint32_t i = 0; i < kp->nin; i++) {
        const nl_operand *op = &kp->in[i];
        int32_t b = loop_in_buf(e, i, s);
        marker(e, NP_BIRTH, b);
        int64_t off = outer_off(kp, &op->a, kp->par, kp->npar, st.o) + outer_off(kp, &op->a, kp->red, kp->nred, st.ri) +
                      st.rt * e->c->tm * stride_of(&op->a, kp->dm) + st.ct * e->c->tn * stride_of(&op->a, kp->dn);
        load_tile(e, &op->a, view_of(e, b, 0, op->uses_r ? st.tr : 1, op->uses_c ? st.tc : 1), off,
                  op->uses_r ? stride_of(&op->a, kp->dm) : 0, op->uses_c ? stride_of(&op->a, kp->dn) : 0);
    }
}

static int64_t out_tile_off(const nl_kernel *kp, const nl_access *a, const nl_cand *c, const lstage *st) {
    return outer_off(kp, a, kp->par, kp->npar, st->o) + (kp->red_r ? 0 : st->rt * c->tm * stride_of(a, kp->dm)) +
           (kp->red_c ? 0 : st->ct * c->tn * stride_of(a, kp->dn));
}

static void loop_tile_start(em *e, const lstage *st, int64_t s) {
    const nl_kernel *kp = e->kp;
    np_view v = loop_out_view(e, st, s);
    if (kp->inplace < 0) marker(e, NP_BIRTH, v.buf);
    if (!loop_reduces(kp)) return;
    if (kp->init.kind == NL_A_TENSOR) {
        int64_t off = out_tile_off(kp, &kp->init, e->c, st);
        load_tile(e, &kp->init, v, off, kp->red_r ? 0 : stride_of(&kp->init, kp->dm), kp->red_c ? 0 : stride_of(&kp->init, kp->dn));
    } else {
        fill_tile(e, v, &kp->init);
    }
    /* the chain's operands load while the reduction runs */
    for (uint32_t i = 0; i < kp->nein; i++) {
        const nl_operand *op = &kp->ein[i];
        np_view ov = loop_chain_view(e, i, st);
        marker(e, NP_BIRTH, ov.buf);
        load_tile(e, &op->a, ov, out_tile_off(kp, &op->a, e->c, st), op->uses_r ? stride_of(&op->a, kp->dm) : 0,
                  op->uses_c ? stride_of(&op->a, kp->dn) : 0);
    }
}

static void loop_tile_end(em *e, const lstage *st, int64_t s) {
    const nl_kernel *kp = e->kp;
    np_view v = loop_out_view(e, st, s);
    if (kp->has_epi) {
        np_view src[NP_VMAX_SRCS];
        for (uint32_t i = 0; i < kp->nein; i++) src[i] = loop_chain_view(e, i, st);
        np_insn in;
        memset(&in, 0, sizeof in);
        in.op = NP_VEC;
        in.mode = NP_VMAP;
        in.dst = v;
        in.rows = v.rows;
        in.cols = v.cols;
        in.nsrc = (uint8_t)kp->nein;
        in.src = src;
        in.prog = &kp->epi;
        put(e, &in);
        for (uint32_t i = 0; i < kp->nein; i++) marker(e, NP_DEATH, src[i].buf);
    }
    if (e->o && e->o->shorten_acc) marker(e, NP_DEATH, v.buf);
    int64_t off = out_tile_off(kp, &kp->out, e->c, st);
    store_tile(e, v, &kp->out, off, kp->red_r ? 0 : stride_of(&kp->out, kp->dm), kp->red_c ? 0 : stride_of(&kp->out, kp->dn));
    if (!(e->o && e->o->shorten_acc)) marker(e, NP_DEATH, v.buf);
}

/* Stage s of a loop kernel's program (as emit_gemm_stage). */
static void emit_loop_stage(em *e, const ldims *d, int64_t s) {
    const nl_kernel *kp = e->kp;
    lstage st = lstage_of(kp, e->c, d, s);
    if (s == 0) {
        loop_tile_start(e, &st, s);
        loop_loads(e, d, 0);
    }
    np_view src[NP_VMAX_SRCS];
    for (uint32_t i = 0; i < kp->nin; i++) {
        const nl_operand *op = &kp->in[i];
        src[i] = view_of(e, loop_in_buf(e, i, s), 0, op->uses_r ? st.tr : 1, op->uses_c ? st.tc : 1);
    }
    np_insn in;
    memset(&in, 0, sizeof in);
    in.op = NP_VEC;
    in.mode = (uint8_t)kp->mode;
    in.dst = loop_out_view(e, &st, s);
    in.rows = st.tr;
    in.cols = st.tc;
    in.nsrc = (uint8_t)kp->nin;
    in.src = src;
    in.prog = &kp->prog;
    put(e, &in);
    for (uint32_t i = 0; i < kp->nin; i++)
        if ((int32_t)i != kp->inplace) marker(e, NP_DEATH, loop_in_buf(e, i, s));
    bool last = st.ks == d->rs - 1, more = s + 1 < d->nstages;
    if (!last) {
        loop_loads(e, d, s + 1);
        return;
    }
    lstage nx = more ? lstage_of(kp, e->c, d, s + 1) : st;
    if (kp->inplace >= 0) {
        /* the output sits in an input's tile: store it before the next
         * loads may reuse that tile */
        loop_tile_end(e, &st, s);
        if (more) {
            loop_tile_start(e, &nx, s + 1);
            loop_loads(e, d, s + 1);
        }
    } else {
        /* the next tiles load while this one finishes and stores */
        if (more) loop_loads(e, d, s + 1);
        loop_tile_end(e, &st, s);
        if (more) loop_tile_start(e, &nx, s + 1);
    }
}

static void em_init(em *e, const nl_kernel *kp, const nl_cand *c, const nl_buf *bufs, const nl_opts *o, np_sink sink) {
    memset(e, 0, sizeof *e);
    e->kp = kp;
    e->c = c;
    e->b = bufs;
    e->o = o;
    e->sink = sink;
    e->L = kp->t->lanes;
    nl_buf tmp[NL_MAX_BUFS];
    make_layout(kp, c, o, tmp, &e->ly);
}

void nl_emit(const nl_kernel *kp, const nl_cand *c, const nl_buf *bufs, const nl_opts *o, np_sink sink) {
    em e;
    em_init(&e, kp, c, bufs, o, sink);
    if (kp->gemm) {
        gdims g = gemm_dims(kp, c);
        for (int64_t s = 0, n = gemm_nstages(&g); s < n; s++) emit_gemm_stage(&e, &g, s);
    } else {
        ldims d = loop_dims(kp, c);
        for (int64_t s = 0; s < d.nstages; s++) emit_loop_stage(&e, &d, s);
    }
    marker(&e, NP_BARRIER, -1);
}

/* ------------------------------------------------------------- timing */

/* A candidate is timed in work that does not grow with its tile count.
 * Its stages form a loop nest (outer parallel loops, the tiles' rows and
 * columns, the reduction loops, the K steps); within one loop the
 * iterations emit the same instructions up to a period (buffer parities,
 * DRAM burst alignment: tlevel.period), except at known ones (the first,
 * the last two, which hold the edge tiles and the next-tile loads, and K
 * steps that load early operand rows). Over a stretch of regular
 * iterations the timing model's state soon repeats, shifted in time, from
 * one period to the next; nc_repeat then jumps the rest of the stretch
 * exactly. Each loop runs its iterations through the loops inside it, so
 * the work is the product of the few iterations each loop runs in full. */

#define TL_MAX_LEVELS (KN_MAX_DIMS + 4)
#define TL_HIST 8 /* snapshots kept per loop: state periods up to 8 input periods */

typedef struct tlevel {
    int64_t n, w;   /* iterations; stages per iteration */
    int dim;        /* the kernel loop it steps (-1: none) */
    int64_t tile;   /* elements of that loop per iteration */
    bool ks;        /* inside one tile's K steps */
    int64_t period; /* iterations after which its instructions repeat */
} tlevel;

typedef struct thist {
    nc_snap snap[TL_HIST];
    int64_t iter[TL_HIST];
    uint32_t n, next;
} thist;

typedef struct tdrive {
    em e;
    nc_model *m;
    gdims g;
    ldims d;
    int64_t ks_total; /* stages per output tile */
    uint32_t nlev;
    tlevel lev[TL_MAX_LEVELS];
    thist *hist; /* per level */
} tdrive;

static int64_t gcd64(int64_t a, int64_t b) {
    a = abs64(a), b = abs64(b);
    while (b) {
        int64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* Periods beyond this are not worth waiting for: the loop runs in full. */
#define TL_PERIOD_MAX (1 << 20)

static int64_t lcm_capped(int64_t a, int64_t b) {
    int64_t l = a / gcd64(a, b) * b;
    return l > TL_PERIOD_MAX ? TL_PERIOD_MAX : l;
}

/* The period of i -> i * a mod n. */
static int64_t order_mod(int64_t a, int64_t n) {
    if (n <= 1) return 1;
    a %= n;
    return n / gcd64(a, n); /* gcd(0, n) = n */
}

static void add_level(tdrive *x, int64_t n, int dim, int64_t tile, bool ks) {
    if (n <= 1) return;
    x->lev[x->nlev++] = (tlevel){n, 0, dim, tile, ks, 1};
}

/* Iterations of level lv after which every DMA's offset has the same
 * alignment to the DRAM bursts (the bursts a transfer takes depend on
 * nothing else that changes) and every buffer ring is at the same place. */
static int64_t level_period(const tdrive *x, const tlevel *lv) {
    const nl_kernel *kp = x->e.kp;
    const nl_cand *c = x->e.c;
    int64_t S = kp->t->dram_req_bytes, g = S;
    if (lv->dim >= 0) {
        const nl_access *acc[4 + 2 * NP_VMAX_SRCS];
        uint32_t n = 0;
        acc[n++] = &kp->lhs, acc[n++] = &kp->rhs, acc[n++] = &kp->out, acc[n++] = &kp->init;
        for (uint32_t i = 0; i < kp->nin; i++) acc[n++] = &kp->in[i].a;
        for (uint32_t i = 0; i < kp->nein; i++) acc[n++] = &kp->ein[i].a;
        for (uint32_t i = 0; i < n; i++) {
            if (acc[i]->kind != NL_A_TENSOR) continue;
            int64_t step = abs64(acc[i]->stride[lv->dim]) % S * (lv->tile % S) % S * elem_bytes() % S;
            g = gcd64(g, step);
        }
    }
    int64_t P = S / g;
    const layout *ly = &x->e.ly;
    int64_t nx = kp->gemm ? (c->xbuf == NL_PANEL ? 1 : ly->nx) : ly->nx;
    int64_t nw = kp->gemm ? (c->wbuf == NL_PANEL ? 1 : ly->nw) : 1;
    int64_t ny = kp->gemm ? ly->ny : (ly->nout ? ly->nout : 1);
    P = lcm_capped(P, order_mod(lv->w, nx));
    P = lcm_capped(P, order_mod(lv->w, nw));
    if (!lv->ks) P = lcm_capped(P, order_mod(lv->w / x->ks_total, ny));
    return P;
}

static void build_levels(tdrive *x) {
    const nl_kernel *kp = x->e.kp;
    const nl_cand *c = x->e.c;
    const kernel *k = kp->k;
    for (uint32_t i = 0; i < kp->npar; i++) add_level(x, k->bounds[kp->par[i]], (int)kp->par[i], 1, false);
    if (kp->gemm) {
        x->g = gemm_dims(kp, c);
        if (c->order == NL_ORDER_MNK) {
            add_level(x, x->g.tiles_m, kp->dm, c->tm, false);
            add_level(x, x->g.tiles_n, kp->dn, c->tn, false);
        } else {
            add_level(x, x->g.tiles_n, kp->dn, c->tn, false);
            add_level(x, x->g.tiles_m, kp->dm, c->tm, false);
        }
        if (x->g.ks) {
            for (uint32_t i = 0; i < kp->nred; i++) add_level(x, k->bounds[kp->red[i]], (int)kp->red[i], 1, true);
            add_level(x, x->g.tiles_k, kp->dk, c->tk, true);
        }
        x->ks_total = x->g.ks ? x->g.ks : 1;
    } else {
        x->d = loop_dims(kp, c);
        if (!kp->red_r) add_level(x, x->d.tiles_r, kp->dm, c->tm, false);
        if (!kp->red_c) add_level(x, x->d.tiles_c, kp->dn, c->tn, false);
        for (uint32_t i = 0; i < kp->nred; i++) add_level(x, k->bounds[kp->red[i]], (int)kp->red[i], 1, true);
        if (kp->red_r) add_level(x, x->d.tiles_r, kp->dm, c->tm, true);
        if (kp->red_c) add_level(x, x->d.tiles_c, kp->dn, c->tn, true);
        x->ks_total = x->d.rs ? x->d.rs : 1;
    }
    int64_t w = 1;
    for (uint32_t l = x->nlev; l-- > 0;) {
        x->lev[l].w = w;
        w *= x->lev[l].n;
    }
    for (uint32_t l = 0; l < x->nlev; l++) x->lev[l].period = level_period(x, &x->lev[l]);
}

/* The units the program uses: a unit it never uses has a free time that
 * bounds nothing. */
static uint8_t program_units(const tdrive *x) {
    const nl_kernel *kp = x->e.kp;
    if (!kp->gemm) return NC_USES_DMA | NC_USES_VU;
    uint8_t u = NC_USES_DMA;
    if (x->g.ks) u |= NC_USES_SA;
    bool zero_init = kp->init.kind == NL_A_IMM && kp->init.imm == 0.0f;
    if (kp->has_prog || !zero_init || !x->g.ks || kp->lhs.kind != NL_A_TENSOR || kp->rhs.kind != NL_A_TENSOR)
        u |= NC_USES_VU;
    return u;
}

/* The first iteration at or after v of level lv (run from stage s0) that
 * is not regular, or v itself. Regular: not the first nor the last two,
 * and (K steps of a tile loading early operand rows) loading none. */
static int64_t next_irregular(const tdrive *x, const tlevel *lv, int64_t s0, int64_t v) {
    if (v < 1 || v >= lv->n - 2) return v;
    int64_t e = lv->n - 2;
    const nl_kernel *kp = x->e.kp;
    if (lv->ks && kp->gemm && x->e.c->early && kp->nin) {
        gstage st = stage_of(kp, x->e.c, &x->g, s0);
        int64_t KS = x->g.ks, nch = operand_chunks(&x->e, st.tm, st.tn), a = st.ks + v * lv->w;
        int64_t j = early_chunk(a, nch, KS);          /* the first row block not loaded before step a */
        if (j < nch) {
            int64_t b = (int64_t)(((__int128)(j + 1) * KS + nch - 1) / nch) - 1; /* the step that loads it */
            e = min64(e, (b - st.ks) / lv->w);
        }
    }
    return e;
}

/* With a panel, the K steps of a tile slide through it: step ks reads
 * chunk ks (and loads chunk ks + 1 ahead). */
static bool level_slide(const tdrive *x, const tlevel *lv, int64_t s0, nc_slide *sl, int64_t *win0) {
    const nl_kernel *kp = x->e.kp;
    const nl_cand *c = x->e.c;
    if (!kp->gemm || !lv->ks || (c->xbuf != NL_PANEL && c->wbuf != NL_PANEL)) return false;
    const nl_buf *b = &x->e.b[c->xbuf == NL_PANEL ? x->e.ly.x0 : x->e.ly.w0];
    int64_t cb = b->rows * ceil_div(b->cols, x->e.L) * elem_bytes(), ks0 = s0 % x->g.ks;
    sl->buf_lo = b->offset;
    sl->buf_hi = b->offset + b->bytes;
    sl->lo = b->offset + ks0 * cb;
    sl->hi = min64(sl->buf_hi, b->offset + (ks0 + lv->n * lv->w + 1) * cb);
    sl->step = lv->w * cb;
    *win0 = sl->lo;
    return true;
}

static void drive(tdrive *x, uint32_t l, int64_t s0) {
    if (l == x->nlev) {
        if (x->e.kp->gemm)
            emit_gemm_stage(&x->e, &x->g, s0);
        else
            emit_loop_stage(&x->e, &x->d, s0);
        return;
    }
    const tlevel *lv = &x->lev[l];
    thist *h = &x->hist[l];
    nc_slide slb;
    int64_t win0 = 0;
    const nc_slide *sl = level_slide(x, lv, s0, &slb, &win0) ? &slb : NULL;
    int64_t r0 = -1, untouched = 0, P = lv->period;
    h->n = 0;
    for (int64_t v = 0; v < lv->n;) {
        int64_t e = next_irregular(x, lv, s0, v);
        int64_t win = sl ? win0 + v * sl->step : 0;
        if (e > v) {
            if (r0 < 0) { /* a stretch of regular iterations starts */
                r0 = v;
                h->n = 0;
                if (sl) untouched = nc_scoreboard_max(x->m, win + sl->step, sl->hi);
            }
            if ((v - r0) % P == 0 && e - v >= 2 * P) {
                bool jumped = false;
                for (uint32_t k = 0; k < h->n && !jumped; k++) { /* newest first: the shortest period */
                    uint32_t i = (h->next + TL_HIST - 1 - k) % TL_HIST;
                    int64_t p = v - h->iter[i], q = (e - v) / p;
                    if (q >= 1 && nc_repeat(x->m, &h->snap[i], sl, win, untouched, q)) {
                        v += q * p;
                        jumped = true;
                    }
                }
                if (jumped) {
                    r0 = -1;
                    continue;
                }
                nc_snap_take(x->m, &h->snap[h->next], sl, win);
                h->iter[h->next] = v;
                h->next = (h->next + 1) % TL_HIST;
                if (h->n < TL_HIST) h->n++;
            }
        } else {
            r0 = -1;
        }
        drive(x, l + 1, s0 + v * lv->w);
        v++;
    }
}

typedef struct time_state {
    const nl_kernel *kp;
    const nl_cand *c;
    const nl_buf *bufs;
    const nl_opts *o;
    nc_model m;
    nc_stats st;
    tdrive *x;
} time_state;

static void debug_trace(void *ud, const np_insn *in, int unit, int64_t start, int64_t end) {
    (void)ud;
    fprintf(stderr, "%-8s unit %d  %8lld .. %8lld  %lldx%lld\n", np_opcode_name((np_opcode)in->op), unit, (long long)start,
            (long long)end, (long long)(in->op == NP_MVOUT ? in->a.rows : in->dst.rows),
            (long long)(in->op == NP_MVOUT ? in->a.cols : in->dst.cols));
}

static void time_body(sp_ctx *ctx, void *ud) {
    time_state *ts = ud;
    nc_init(&ts->m, ctx, ts->kp->t);
    if (getenv("SPADC_NPU_TRACE")) { /* every instruction, traced */
        ts->m.trace = debug_trace;
        fprintf(stderr, "== candidate %lld,%lld,%lld order %d x%d w%d y%d early %d\n", (long long)ts->c->tm,
                (long long)ts->c->tn, (long long)ts->c->tk, ts->c->order, ts->c->xbuf, ts->c->wbuf, ts->c->ybuf, ts->c->early);
        nl_emit(ts->kp, ts->c, ts->bufs, ts->o, nc_sink(&ts->m));
        ts->st = nc_finish(&ts->m);
        return;
    }
    tdrive *x = ts->x = sp_calloc(ctx, 1, sizeof *x);
    em_init(&x->e, ts->kp, ts->c, ts->bufs, ts->o, nc_sink(&ts->m));
    x->m = &ts->m;
    build_levels(x);
    x->hist = sp_calloc(ctx, x->nlev ? x->nlev : 1, sizeof *x->hist);
    ts->m.uses = program_units(x);
    int64_t n = ts->kp->gemm ? gemm_nstages(&x->g) : x->d.nstages;
    if (n > 0) drive(x, 0, 0);
    marker(&x->e, NP_BARRIER, -1);
    ts->st = nc_finish(&ts->m);
}

nc_stats nl_time(sp_ctx *ctx, const nl_kernel *kp, const nl_cand *c, const nl_buf *bufs, const nl_opts *o) {
    time_state ts;
    memset(&ts, 0, sizeof ts);
    ts.kp = kp;
    ts.c = c;
    ts.bufs = bufs;
    ts.o = o;
    sp_status st = sp_pcall(ctx, time_body, &ts);
    if (ts.x) {
        if (ts.x->hist) {
            for (uint32_t l = 0; l < ts.x->nlev; l++)
                for (int i = 0; i < TL_HIST; i++) nc_snap_free(ctx, &ts.x->hist[l].snap[i]);
            sp_free(ctx, ts.x->hist);
        }
        sp_free(ctx, ts.x);
    }
    nc_free(&ts.m);
    if (st != SP_OK) sp_rethrow(ctx);
    return ts.st;
}

/* ---------------------------------------------------------- tile search */

/* Tile sizes for a loop of extent D: the extent itself, and multiples of
 * the lanes that divide it in whole lane groups. */
static uint32_t tile_sizes(int64_t D, int64_t L, int64_t *out, uint32_t cap) {
    uint32_t n = 0;
    if (D <= L) {
        out[n++] = D > 0 ? D : 1;
        return n;
    }
    int64_t q = ceil_div(D, L);
    for (int64_t d = 1; d <= q && n + 1 < cap; d++)
        if (q % d == 0 && d * L < D) out[n++] = d * L;
    out[n++] = D;
    return n;
}

typedef struct cand_rec {
    nl_cand c;
    int64_t bound;  /* lower bound on its cycles */
    int64_t heur;   /* a quick estimate, the order candidates are timed in */
    int64_t bucket; /* heur on a 0.5% log scale: within one, fewer stages first */
    int64_t stages; /* tile steps: what timing a candidate costs */
    int64_t lbytes; /* lower bound on its footprint (peak live) */
} cand_rec;

/* Cycles from a real estimate, saturated as the timing model's are. */
static int64_t cycles_of(double c) { return c < (double)NC_TIME_MAX ? (c > 0 ? (int64_t)c : 0) : NC_TIME_MAX; }

/* A lower bound on a candidate's cycles and a quick estimate of them.
 * Bound: the busiest unit's total work (DMA of the bytes it moves, the
 * arrays' streaming, the vector unit), and for contractions the chain no
 * schedule escapes: the first X and W tiles load, every row streams
 * through the arrays, the last results drain, the last epilogue runs, the
 * last store leaves. The timing model only adds waiting to these.
 * Estimate: that start and end plus a uniform pipeline of stages, each
 * as long as its compute, its share of the DMA, or (double buffered) its
 * loads plus their latency, whichever is longest (single buffered: compute
 * and loads in series). It only orders the search; the bound prunes it. */
static void cand_estimate(const nl_kernel *kp, const nl_cand *c, int64_t *bound, int64_t *heur) {
    const nt_target *t = kp->t;
    int64_t L = t->lanes, V = nt_vector_elems(t, 4);
    double bw = nt_dram_bytes_per_cycle(t), lat = (double)t->dma_latency;
    double bytes = 0, sa = 0, vu = 0;
    if (!kp->gemm) {
        ldims d = loop_dims(kp, c);
        double P = (double)kp->npar_total, R = (double)kp->nred_total;
        for (uint32_t i = 0; i < kp->nin; i++)
            bytes += P * R * (kp->in[i].uses_r ? (double)kp->M : (double)d.tiles_r) *
                     (kp->in[i].uses_c ? (double)kp->N : (double)d.tiles_c) * 4;
        for (uint32_t i = 0; i < kp->nein; i++) /* once per output tile */
            bytes += P * (kp->ein[i].uses_r ? (double)kp->M : kp->red_r ? 1.0 : (double)d.tiles_r) *
                     (kp->ein[i].uses_c ? (double)kp->N : kp->red_c ? 1.0 : (double)d.tiles_c) * 4;
        bytes += P * (kp->red_r ? 1.0 : (double)kp->M) * (kp->red_c ? 1.0 : (double)kp->N) * 4;
        vu = P * R * (double)kp->M * (double)kp->N / (double)(L * V) * (double)(kp->prog.nalu ? kp->prog.nalu : 1);
        double b = bytes / bw > vu ? bytes / bw : vu;
        double per = (double)d.nstages > 0 ? b / (double)d.nstages : 0;
        *bound = cycles_of(b);
        *heur = cycles_of(b + (c->xbuf == 2 ? 0 : per) + lat); /* single buffers serialise load and compute */
        return;
    }
    gdims g = gemm_dims(kp, c);
    double P = (double)kp->npar_total, R = (double)kp->nred_total;
    bool xt = kp->lhs.kind == NL_A_TENSOR, wt = kp->rhs.kind == NL_A_TENSOR;
    double xl = P * R * (double)kp->M * (double)kp->K * (c->xbuf == NL_PANEL ? 1.0 : (double)g.tiles_n);
    double wl = P * R * (double)kp->K * (double)kp->N * (c->wbuf == NL_PANEL ? 1.0 : (double)g.tiles_m);
    if (xt) bytes += xl * 4;
    else vu += xl / (double)(L * V);
    if (wt) bytes += wl * 4;
    else vu += wl / (double)(L * V);
    bytes += P * (double)kp->M * (double)kp->N * 4;
    for (uint32_t i = 0; i < kp->nin; i++)
        bytes += P * (kp->in[i].uses_r ? (double)kp->M : (double)g.tiles_m) * (kp->in[i].uses_c ? (double)kp->N : (double)g.tiles_n) * 4;
    double kb = 0, nb = 0;
    for (int64_t i = 0; i < g.tiles_k; i++) kb += (double)ceil_div(min64(c->tk, kp->K - i * c->tk), L);
    for (int64_t i = 0; i < g.tiles_n; i++) nb += (double)ceil_div(min64(c->tn, kp->N - i * c->tn), L);
    sa = P * R * (double)kp->M * kb * nb / (double)t->num_sa;
    int64_t tm = min64(c->tm, kp->M), tn = min64(c->tn, kp->N), tk = min64(c->tk, kp->K);
    double epi = 0;
    if (kp->has_prog) {
        double groups = (double)ceil_div(tm * ceil_div(tn, L), V);
        vu += P * (double)kp->M * (double)kp->N / (double)(L * V) * (double)kp->prog.nalu;
        epi = groups * (double)kp->prog.nalu + 1;
    }
    double lx = xt ? (double)(tm * tk * 4) / bw : 0, lw = wt ? (double)(tk * tn * 4) / bw : 0;
    double startup = g.nstages ? lx + lw + (xt || wt ? lat : 0) : 0;
    double per_rows = 256.0 * bw / (double)(tn * 4);
    double last_store = (double)(min64(tm, per_rows < 1 ? 1 : (int64_t)per_rows) * tn * 4) / bw + lat;
    double tail = (double)(2 * L - 1) + epi + last_store;
    double b = startup + sa + tail;
    if (bytes / bw > b) b = bytes / bw;
    if (vu > b) b = vu;
    *bound = cycles_of(b);
    /* the uniform pipeline */
    double ns = (double)(g.nstages ? g.nstages : 1);
    double C = (double)tm * (double)(ceil_div(tk, L) * ceil_div(tn, L)) / (double)t->num_sa;
    double D = bytes / bw / ns;
    double ax = c->xbuf == NL_PANEL ? lx / (double)g.tiles_n : lx, aw = c->wbuf == NL_PANEL ? lw / (double)g.tiles_m : lw;
    double serial = (c->xbuf == 1 ? ax : 0) + (c->wbuf == 1 ? aw : 0);
    double stage = serial > 0 ? C + serial + lat : C;
    double over = ax + aw + lat;
    if (serial == 0 && over > stage) stage = over;
    if (D > stage) stage = D;
    double h = startup + ns * stage + tail;
    *heur = cycles_of(h > b ? h : b);
}

static int cmp_cand(const void *a, const void *b) {
    const cand_rec *x = a, *y = b;
    if (x->bucket != y->bucket) return x->bucket < y->bucket ? -1 : 1;
    if (x->stages != y->stages) return x->stages < y->stages ? -1 : 1;
    if (x->heur != y->heur) return x->heur < y->heur ? -1 : 1;
    if (x->bound != y->bound) return x->bound < y->bound ? -1 : 1;
    if (x->lbytes != y->lbytes) return x->lbytes < y->lbytes ? -1 : 1;
    return 0;
}

typedef struct cand_list {
    cand_rec *v;
    uint32_t n, cap;
} cand_list;

static void add_cand(sp_ctx *ctx, cand_list *cl, const nl_kernel *kp, const nl_cand *c, const nl_opts *o) {
    nl_buf bufs[NL_MAX_BUFS];
    uint32_t nb = nl_buffers(kp, c, o, bufs);
    plan_buf pb[NL_MAX_BUFS];
    for (uint32_t i = 0; i < nb; i++) pb[i] = (plan_buf){bufs[i].bytes, 1, bufs[i].lo, bufs[i].hi, -1, 0};
    int64_t lb = 0;
    if (nb && plan_lower_bound(ctx, pb, nb, &lb) != SP_OK) sp_rethrow(ctx);
    if (cl->n == cl->cap) {
        uint32_t nc = cl->cap ? cl->cap * 2 : 256;
        cl->v = sp_realloc(ctx, cl->v, nc * sizeof *cl->v);
        cl->cap = nc;
    }
    cand_rec *r = &cl->v[cl->n++];
    r->c = *c;
    cand_estimate(kp, c, &r->bound, &r->heur);
    r->bucket = (int64_t)(log((double)(r->heur > 1 ? r->heur : 1)) / log(1.005));
    if (kp->gemm) {
        gdims g = gemm_dims(kp, c);
        r->stages = g.nstages;
    } else {
        ldims d = loop_dims(kp, c);
        r->stages = d.nstages;
    }
    r->lbytes = lb;
}

uint32_t nl_variants(const nl_kernel *kp, int64_t tm, int64_t tn, int64_t tk, nl_cand *out, uint32_t cap) {
    uint32_t n = 0;
    nl_cand c;
    memset(&c, 0, sizeof c);
    c.tm = tm, c.tn = tn, c.tk = kp->gemm ? tk : 0;
    if (!kp->gemm) {
        ldims d = loop_dims(kp, &c);
        for (int xb = 1; xb <= 2; xb++)
            for (int yb = 1; yb <= 2; yb++) {
                if (xb == 2 && d.nstages < 2) continue;
                if (yb == 2 && (d.ntiles < 2 || kp->inplace >= 0)) continue;
                c.xbuf = (uint8_t)xb, c.ybuf = (uint8_t)yb;
                if (n < cap) out[n++] = c;
            }
        return n;
    }
    gdims g = gemm_dims(kp, &c);
    for (int ord = 0; ord < 2; ord++) {
        if (ord == NL_ORDER_NMK && (g.tiles_m < 2 || g.tiles_n < 2)) continue;
        for (int xb = 1; xb <= NL_PANEL; xb++)
            for (int wb = 1; wb <= NL_PANEL; wb++) {
                if ((xb > 1 && xb < NL_PANEL && g.nstages < xb) || (wb > 1 && wb < NL_PANEL && g.nstages < wb)) continue;
                /* a panel needs the tiles it serves to follow each other */
                if (xb == NL_PANEL && !((ord == NL_ORDER_MNK || g.tiles_m == 1) && g.tiles_n > 1)) continue;
                if (wb == NL_PANEL && !((ord == NL_ORDER_NMK || g.tiles_n == 1) && g.tiles_m > 1)) continue;
                for (int yb = 1; yb <= 2; yb++) {
                    if (yb == 2 && g.ntiles < 2) continue;
                    for (int early = 0; early <= 1; early++) {
                        if (early && kp->nin == 0) continue;
                        c.order = (uint8_t)ord, c.xbuf = (uint8_t)xb, c.wbuf = (uint8_t)wb;
                        c.ybuf = (uint8_t)yb, c.early = (uint8_t)early;
                        if (n < cap) out[n++] = c;
                    }
                }
            }
    }
    return n;
}

static void gen_cands(sp_ctx *ctx, cand_list *cl, const nl_kernel *kp, const nl_opts *o) {
    int64_t L = kp->t->lanes;
    int64_t tms[64], tns[64], tks[64];
    uint32_t nm = tile_sizes(kp->M, L, tms, 64), nn = tile_sizes(kp->N, L, tns, 64), nk = kp->gemm ? tile_sizes(kp->K, L, tks, 64) : 1;
    if (!kp->gemm) tks[0] = 0;
    bool forced = kp->gemm && o->tile[0] > 0;
    if (forced) {
        tms[0] = o->tile[0], tns[0] = o->tile[1], tks[0] = o->tile[2];
        nm = nn = nk = 1;
    }
    nl_cand v[NL_MAX_VARIANTS];
    for (uint32_t a = 0; a < nm; a++)
        for (uint32_t b = 0; b < nn; b++)
            for (uint32_t k = 0; k < nk; k++) {
                uint32_t n = nl_variants(kp, tms[a], tns[b], tks[k], v, NL_MAX_VARIANTS);
                for (uint32_t i = 0; i < n; i++) add_cand(ctx, cl, kp, &v[i], o);
            }
}

static const char *kernel_text(const nl_kernel *kp, char *buf, size_t n) {
    char op[64];
    const kernel *k = kp->k;
    if (kp->gemm)
        snprintf(buf, n, "k%u (%s %lldx%lldx%lld)", k->index, op_text(k->root, op, sizeof op), (long long)(k->b * k->m),
                 (long long)k->n, (long long)k->k);
    else
        snprintf(buf, n, "k%u (%s %lldx%lld)", k->index, op_text(k->root, op, sizeof op), (long long)kp->M, (long long)kp->N);
    return buf;
}

static void cand_text(const nl_kernel *kp, const nl_cand *c, char *buf, size_t n) {
    if (kp->gemm)
        snprintf(buf, n, "tile %lld,%lld,%lld", (long long)c->tm, (long long)c->tn, (long long)c->tk);
    else
        snprintf(buf, n, "tile %lldx%lld", (long long)c->tm, (long long)c->tn);
}

static SP_NORETURN void no_fit(sp_ctx *ctx, const nl_kernel *kp, const nl_cand *c, const nl_opts *o, bool forced) {
    nl_buf bufs[NL_MAX_BUFS];
    uint32_t nb = nl_buffers(kp, c, o, bufs);
    plan_result pr;
    sp_status st = nl_plan(ctx, kp, bufs, nb, 0, &pr);
    if (st != SP_OK) sp_rethrow(ctx);
    char kt[160], ct[80], list[640];
    size_t len = 0;
    list[0] = 0;
    for (uint32_t i = 0; i < nb && len + 1 < sizeof list; i++)
        len += (size_t)snprintf(list + len, sizeof list - len, "%s%s [%lldx%lld%s] %lld B", i ? ", " : "", bufs[i].name,
                                (long long)bufs[i].rows, (long long)bufs[i].cols,
                                bufs[i].nchunks > 1 ? " x chunks" : "", (long long)bufs[i].bytes);
    if (len >= sizeof list) len = sizeof list - 1;
    kernel_text(kp, kt, sizeof kt);
    cand_text(kp, c, ct, sizeof ct);
    if (forced)
        sp_throw(ctx, SP_ENOFIT, kp->k->root->loc,
                 "%s: %s does not fit the budget of %lld bytes per lane: %s; footprint %lld > %lld bytes per lane", kt, ct,
                 (long long)o->budget, list, (long long)pr.footprint, (long long)o->budget);
    sp_throw(ctx, SP_ENOFIT, kp->k->root->loc,
             "%s: no tile fits the budget of %lld bytes per lane; the smallest, %s, needs %s; footprint %lld > %lld bytes "
             "per lane",
             kt, (long long)o->budget, ct, list, (long long)pr.footprint, (long long)o->budget);
}

const char *nl_verdict_name(nl_verdict v) {
    static const char *const names[] = {"timed", "over_budget_peak_live", "over_budget_planned", "cannot_beat_best",
                                        "search_limit"};
    return v < NL_NVERDICTS ? names[v] : "?";
}

/* Keep a candidate in the choice's brief: a timed one among the best (by
 * the choice's own order: cycles, then footprint, earlier first), any other
 * among the first few of its verdict. */
static void note_cand(nl_choice *ch, const nl_cand *c, nl_verdict v, int64_t footprint, int64_t cycles) {
    nl_cand_rec r = {*c, (uint8_t)v, footprint, cycles};
    uint32_t cnt = ch->nverdict[v]++;
    if (v != NL_TIMED) {
        if (cnt < NL_MAX_REJECTS) ch->rejects[ch->nrejects++] = r;
        return;
    }
    uint32_t i = ch->ntop;
    while (i > 0 && (cycles < ch->top[i - 1].cycles || (cycles == ch->top[i - 1].cycles && footprint < ch->top[i - 1].footprint)))
        i--;
    if (i >= NL_MAX_TOP) return;
    uint32_t n = ch->ntop < NL_MAX_TOP ? ch->ntop : NL_MAX_TOP - 1;
    memmove(&ch->top[i + 1], &ch->top[i], (n - i) * sizeof r);
    ch->top[i] = r;
    if (ch->ntop < NL_MAX_TOP) ch->ntop++;
}

/* The timing model counts up to NC_TIME_MAX (2^62) cycles, bytes and
 * operations: a choice that reaches it has no number to report, so it is
 * an error naming the quantity, never a saturated value in a message. */
static void beyond_the_model(sp_ctx *ctx, const nl_kernel *kp, const nl_choice *ch) {
    const nc_stats *e = &ch->est;
    const char *what = e->cycles >= NC_TIME_MAX ? "cycles"
                       : e->dma_bytes >= NC_TIME_MAX || e->dram_request_bytes >= NC_TIME_MAX ? "bytes of DMA"
                       : e->dma_busy >= NC_TIME_MAX || e->sa_busy >= NC_TIME_MAX || e->vu_busy >= NC_TIME_MAX ? "busy cycles of a unit"
                       : e->macs >= NC_TIME_MAX || e->vec_elem_ops >= NC_TIME_MAX ? "operations"
                       : e->ninsn >= NC_TIME_MAX ? "instructions"
                       : ch->bound_dma >= NC_TIME_MAX || ch->bound_dma_min >= NC_TIME_MAX ? "cycles of DMA"
                       : NULL;
    if (!what) return;
    char kt[160], ct[80];
    kernel_text(kp, kt, sizeof kt);
    cand_text(kp, &ch->cand, ct, sizeof ct);
    const nt_target *t = kp->t;
    sp_throw(ctx, SP_EINPUT, kp->k->root->loc,
             "%s: more than 2^62 %s on this npu (%s at its best, %s; DRAM %.3g bytes per cycle, DMA latency %lld "
             "cycles): beyond what the timing model counts",
             kt, what, ct, t->name, nt_dram_bytes_per_cycle(t), (long long)t->dma_latency);
}

typedef struct choose_state {
    cand_list cl;
} choose_state;

static void choose_body(sp_ctx *ctx, void *ud, const nl_kernel *kp, const nl_opts *o, nl_choice *ch) {
    choose_state *cs = ud;
    gen_cands(ctx, &cs->cl, kp, o);
    cand_list *cl = &cs->cl;
    qsort(cl->v, cl->n, sizeof *cl->v, cmp_cand);
    memset(ch, 0, sizeof *ch);
    ch->ncand = cl->n;
    ch->exact = true;
    ch->budget = o->budget;
    bool have = false;
    /* the search's effort is counted in timed instructions, not seconds, so
     * it chooses the same tile on every machine */
    int64_t work = 0, limit = o->search_insns > 0 ? o->search_insns : 10000000;
    int64_t min_lb = INT64_MAX;
    uint32_t min_i = 0;
    for (uint32_t i = 0; i < cl->n; i++) {
        const cand_rec *r = &cl->v[i];
        if (r->lbytes < min_lb) min_lb = r->lbytes, min_i = i;
        if (r->lbytes > o->budget) {
            note_cand(ch, &r->c, NL_OVER_PEAK, r->lbytes, r->bound);
            continue;
        }
        if (have && r->bound > ch->est.cycles) { /* cannot beat the best: sorted, but keep min_lb */
            note_cand(ch, &r->c, NL_BOUND, r->lbytes, r->bound);
            continue;
        }
        if (have && work > limit) {
            ch->exact = false;
            note_cand(ch, &r->c, NL_LIMIT, r->lbytes, r->bound);
            continue;
        }
        nl_buf bufs[NL_MAX_BUFS];
        uint32_t nb = nl_buffers(kp, &r->c, o, bufs);
        plan_result pr;
        sp_status st = nl_plan(ctx, kp, bufs, nb, o->budget, &pr);
        if (st == SP_ENOFIT) {
            note_cand(ch, &r->c, NL_OVER_PLANNED, pr.footprint, r->bound);
            continue;
        }
        if (st != SP_OK) sp_rethrow(ctx);
        nc_stats est = nl_time(ctx, kp, &r->c, bufs, o);
        ch->nsim++;
        note_cand(ch, &r->c, NL_TIMED, pr.footprint, est.cycles);
        work += est.stepped;
        bool better = !have || est.cycles < ch->est.cycles || (est.cycles == ch->est.cycles && pr.footprint < ch->footprint);
        if (better) {
            have = true;
            ch->cand = r->c;
            ch->nbufs = nb;
            memcpy(ch->bufs, bufs, nb * sizeof *bufs);
            ch->footprint = pr.footprint;
            ch->peak_live = pr.peak_live;
            ch->est = est;
        }
    }
    if (!have) {
        if (!cl->n) sp_throw(ctx, SP_EINTERNAL, kp->k->root->loc, "internal error: no tile candidates");
        no_fit(ctx, kp, &cl->v[min_i].c, o, kp->gemm && o->tile[0] > 0);
    }
    const nt_target *t = kp->t;
    double bw = nt_dram_bytes_per_cycle(t);
    int64_t L = t->lanes;
    ch->bound_compute = ceil_div(kp->macs, t->num_sa * L * L);
    ch->bound_dma = cycles_of(ceil((double)ch->est.dma_bytes / bw));
    ch->bound_dma_min = cycles_of(ceil((double)kp->min_dma_bytes / bw));
    ch->bound_vector = ceil_div(ch->est.vec_elem_ops, L * nt_vector_elems(t, 4));
    beyond_the_model(ctx, kp, ch);
}

typedef struct choose_args {
    choose_state cs;
    const nl_kernel *kp;
    const nl_opts *o;
    nl_choice *ch;
} choose_args;

static void choose_pcall(sp_ctx *ctx, void *ud) {
    choose_args *a = ud;
    choose_body(ctx, &a->cs, a->kp, a->o, a->ch);
}

void nl_choose(sp_ctx *ctx, const nl_kernel *kp, const nl_opts *o, nl_choice *ch) {
    choose_args a;
    memset(&a, 0, sizeof a);
    a.kp = kp;
    a.o = o;
    a.ch = ch;
    sp_status st = sp_pcall(ctx, choose_pcall, &a);
    sp_free(ctx, a.cs.cl.v);
    if (st != SP_OK) sp_rethrow(ctx);
    (void)max64;
}
