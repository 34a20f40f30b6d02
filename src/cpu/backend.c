/* backend.c - the cpu target as an executor backend (see backend.h): a
 * kernel lowered to calls of the engine (cpu.h) with its epilogue compiled
 * to the engine's program, its blocking chosen, its constant weights packed
 * once; and run on the program's storage. */
#include "backend.h"

#include <math.h>
#include <omp.h>
#include <string.h>

#include "attention.h"
#include "conv.h"
#include "conv_dw.h"
#include "ir/rewrite.h"
#include "kernels.h"
#include "loop_lower.h"
#include "passes/body.h"

typedef enum path { PATH_INTERP, PATH_GEMM, PATH_LOOP, PATH_OP, PATH_ATTN, PATH_DW } path;

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
    /* an i1 operand (a boolean mask a select reads) is read as floats 0/1:
     * converted per run into f32[slot] (f32_n floats, grown and kept) */
    bool is_i1[CPU_EPI_MAX_OPERANDS];
    int64_t cvt_numel[CPU_EPI_MAX_OPERANDS];
    /* likewise a bf16/f16 operand, converted per run (CPU_F32: read in place),
     * or once where it is a dense constant (cvt_kept) */
    cpu_dtype op_dt[CPU_EPI_MAX_OPERANDS];
    bool cvt_kept[CPU_EPI_MAX_OPERANDS];
    float *f32[CPU_EPI_MAX_OPERANDS];
    int64_t f32_n[CPU_EPI_MAX_OPERANDS];
    /* a loop kernel compiled as an epilogue: its root reads this input (+1;
     * 0: none) as the chain value in r0 (an attention's score kernels) */
    int32_t chain_in_plus1;
    patch patches[CPU_EPI_MAX_INSNS];
    uint32_t npatches;
    /* GEMM */
    access lhs, rhs;
    cpu_dtype a_dt, b_dt, c_dt; /* the engine's element types of lhs, rhs and out */
    int m_dim, n_dim, k_dim, br_dim;
    uint32_t nouter;
    uint32_t outer[KN_MAX_DIMS];
    int init_slot; /* epilogue operand holding the scalar init, or -1 */
    /* the engine's view: M x N x K (x NB batch-reduce), B's strides */
    int64_t gM, gN, gK, gNB, b_sk, b_sn, b_sb;
    /* gathered lhs (a convolution's window: an implicit GEMM): per outer
     * iteration the lhs is copied to an Mg x Kg row-major matrix, element
     * (m, k) at moff[m] + koff[k]; the merged M loops and all K loops */
    bool gather;
    /* ... or, where the weights are unit-strided along the window (FCHW)
     * and the input along an output pixel loop w (a stride-1 NCHW conv),
     * the transposed implicit GEMM: C^T[f][w] = W[f][k] X[k][w] per outer
     * iteration (batch, output rows), the weights read in place as A and
     * the window rows (each a contiguous run of the input) packed as B:
     * no im2col matrix, and copies instead of gathers */
    bool window_b;
    float *wpack; /* packed window: npanels x gK x NR floats, grown and kept */
    void *wpack_raw;
    size_t wpack_bytes;
    int64_t *moff, *koff;
    /* the window (conv.h) over those offsets: the pixels of all M loops
     * flattened (window_b: the N of each call, npix of them, chunk a call),
     * the padded coordinates of a folded tensor.pad (bounds: its arrays) */
    cpu_window win;
    int32_t *bounds, *combo;
    int64_t *krun;
    uint16_t *kcombo;
    bool pack_avx512; /* the window is linear and the ISA AVX-512: cpu_window_pack_linear_avx512 */
    /* window_b read in place (a linear window, a zero pad, a kernel set
     * with gemm_window): one GEMM per outer iteration over all pixels, B
     * through bwin's masks (npanels x gK x NR/16, built once), no packing */
    bool direct;
    uint16_t *kmask;
    int64_t npix, chunk;
    uint32_t padv_id; /* the padding value, a run-time scalar (padv_rt) or win.padv */
    bool padv_rt;
    uint32_t nmdims, nkdims;
    uint32_t mdims[KN_MAX_DIMS], kdims[KN_MAX_DIMS]; /* outermost first */
    cpu_packed *packed;
    cpu_blocking blocking;
    bool epi_checked; /* cpu_gemm checked epi once: its structure never changes, its pointers are value_ptr's */
    /* LOOP */
    cpu_loop_kernel *lk;
    /* ATTN: the two contractions planned as GEMMs (their accesses and
     * epilogues), the rows' offsets, the engine's arguments */
    struct attn_plan *ap;
    /* DW: a depthwise convolution's direct kernel (conv_dw.h) */
    struct dw_plan *dw;
} kplan;

typedef struct attn_plan {
    struct kplan qk, pv;
    int64_t *offs; /* every per-row offset array, one allocation */
    cpu_attn_args args;
} attn_plan;


typedef struct cpu_backend {
    ex_backend base;
    sp_ctx *ctx;
    cpu_backend_opts o;
    ex_program *px; /* the program this backend serves */
    uint32_t n;     /* values of its function */
    kplan *kp;      /* by kernel */
    /* the GEMMs' scratch (B packed per call, ...): grown to the largest a
     * kernel needed, kept, so runs after the first allocate nothing */
    void *work, *work_raw;
    size_t work_bytes;
} cpu_backend;

/* ------------------------------------------------------- access strides */

static bool make_access(const cpu_backend *cb, const ir_value *v, const ir_amap *map, uint32_t ndims, access *a) {
    memset(a, 0, sizeof *a);
    a->value = v->id;
    if (v->type.kind == IR_T_SCALAR) return false;
    if ((ex_value_splat(cb->px, v->id) != NULL)) return true; /* every element is the one stored */
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

/* The bodies are compiled to the body program (passes/body.h) and
 * translated as they are appended: each body register gets an epilogue
 * register (or shares one: extf), in order, at most CPU_EPI_MAX_REGS, and
 * at most EPI_MAX_MAPPED values mapped. */
#define EPI_MAX_MAPPED (CPU_EPI_MAX_REGS * 4)

typedef struct epic {
    cpu_backend *cb;
    kplan *kp;
    bd_prog bp;
    bd_target tg;
    uint32_t done;             /* bp.insn[0, done) translated */
    int8_t reg[BD_MAX_REGS];   /* the epilogue register of each body register, -1 none */
    uint32_t nmapped;
    uint8_t next;              /* the next free epilogue register */
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
static int engine_dt(ir_dtype dt) {
    return dt == IR_F32 ? CPU_F32 : dt == IR_BF16 ? CPU_BF16 : dt == IR_F16 ? CPU_F16 : -1;
}

/* The epilogue instruction of float op k on registers (a, b), or -1. */
static int epi_of(ir_opkind k) {
    switch (k) {
    case IR_OP_ADDF: return CPU_EPI_ADD;
    case IR_OP_SUBF: return CPU_EPI_SUB;
    case IR_OP_MULF: return CPU_EPI_MUL;
    case IR_OP_MAXIMUMF: return CPU_EPI_MAX;
    case IR_OP_MINIMUMF: return CPU_EPI_MIN;
    case IR_OP_NEGF: return CPU_EPI_NEG;
    case IR_OP_EXP: return CPU_EPI_EXP;
    case IR_OP_TANH: return CPU_EPI_TANH;
    case IR_OP_ERF: return CPU_EPI_ERF;
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
    if (engine_dt(dt) < 0) return false;
    return epi_of(k) >= 0 || k == IR_OP_CONSTANT || k == IR_OP_DIVF || k == IR_OP_EXTF || k == IR_OP_TRUNCF;
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

/* A captured scalar (body.h): a constant, or a value known only at run
 * time, patched in per run. */
static bool capture(epic *ec, const bd_insn *bi) {
    const ir_value *v = bi->val;
    kplan *kp = ec->kp;
    if (engine_dt(v->type.dtype) < 0) return false;
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

/* The value a tensor.pad yields for its border (its region's one yield). */
static const ir_value *pad_value(const ir_op *pad) { return pad->regions[0]->first->opnds[0]; }

static bool is_f32_const(const ir_value *v, float *out) {
    if (!v->def || v->def->kind != IR_OP_CONSTANT || v->def->u.value->kind != IR_A_FLOAT) return false;
    *out = (float)ir_attr_float(v->def->u.value);
    return true;
}

/* select(m, t, f) on a mask loaded as 0/1: m > 0.5 (a select on a
 * compare has no register for the compare, which is skipped). */
static bool compile_select(epic *ec, const bd_insn *bi, int dst, int a) {
    const ir_op *o = bi->op;
    if (!o || o->opnds[0]->type.dtype != IR_I1 || o->opnds[0]->def) return false;
    int half = new_reg(ec, BD_NONE);
    return half >= 0 && emit(ec->kp, CPU_EPI_CONST, half, 0, 0, 0, 0, 0.5f) &&
           emit(ec->kp, CPU_EPI_SELECT_GT, dst, a, half, reg_of(ec, bi->b), reg_of(ec, bi->c), 0);
}

/* Translate one body op computed in f32; false when the engine has no
 * equivalent. A decomposition's step has no IR op (o NULL). */
static bool compile_op_f32(epic *ec, const bd_insn *bi) {
    const ir_op *o = bi->op;
    kplan *kp = ec->kp;
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
        if (o && is_f32_const(o->opnds[1], &c) && c != 0.0f && isfinite(c) && frexpf(c, &e2) == 0.5f && e2 > -125 && e2 < 126) {
            int inv = new_reg(ec, BD_NONE);
            return inv >= 0 && emit(kp, CPU_EPI_CONST, inv, 0, 0, 0, 0, 1.0f / c) && emit(kp, CPU_EPI_MUL, dst, a, inv, 0, 0, 0);
        }
        return emit(kp, CPU_EPI_DIV, dst, a, b, 0, 0, 0);
    }
    case IR_OP_MAXNUMF: /* NaN yields the other operand: exact when it is a constant */
        if (o && is_f32_const(o->opnds[1], &c) && c == c) return emit(kp, CPU_EPI_SELECT_GT, dst, a, b, a, b, 0);
        if (o && is_f32_const(o->opnds[0], &c) && c == c) return emit(kp, CPU_EPI_SELECT_GT, dst, b, a, b, a, 0);
        return false;
    case IR_OP_MINNUMF:
        if (o && is_f32_const(o->opnds[1], &c) && c == c) return emit(kp, CPU_EPI_SELECT_GT, dst, b, a, a, b, 0);
        if (o && is_f32_const(o->opnds[0], &c) && c == c) return emit(kp, CPU_EPI_SELECT_GT, dst, a, b, b, a, 0);
        return false;
    case IR_OP_SELECT: return compile_select(ec, bi, dst, a);
    default: /* a unary op's b is 0 (nopnds 1), as the engine expects */
        return epi_of((ir_opkind)bi->kind) >= 0 && emit(kp, (cpu_epi_op)epi_of((ir_opkind)bi->kind), dst, a, b, 0, 0, 0);
    }
}

/* Translate one instruction of the body program: in f32, then rounded to
 * a 16-bit result type; casts between the float types are a rounding
 * (truncf) or nothing (extf: every bf16/f16 value is an f32). */
static bool compile_insn(epic *ec, const bd_insn *bi) {
    if (bi->capture) return capture(ec, bi);
    const int rt = engine_dt((ir_dtype)bi->dt);
    if (rt < 0) return false;
    const cpu_epi_op round = rt == CPU_BF16 ? CPU_EPI_ROUND_BF16 : CPU_EPI_ROUND_F16;
    if (bi->kind == IR_OP_EXTF || bi->kind == IR_OP_TRUNCF) {
        if (engine_dt((ir_dtype)bi->t[0]) < 0) return false;
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
static int operand_slot(cpu_backend *cb, kplan *kp, int32_t *slot_of_input, int32_t in, bool i1) {
    kernel *k = kp->k;
    if (slot_of_input[in] >= 0) return slot_of_input[in];
    if (kp->epi.noperands >= CPU_EPI_MAX_OPERANDS) return -1;
    const int32_t slot = (int32_t)kp->epi.noperands++;
    slot_of_input[in] = slot;
    const ir_value *v = k->inputs[in].value;
    if (!make_access(cb, v, k->inputs[in].map, k->ndims, &kp->operand[slot])) return -1;
    if (i1 && (v->type.dtype != IR_I1 || ex_value_splat(cb->px, v->id) != NULL)) return -1;
    kp->is_i1[slot] = i1;
    if (!i1) {
        const int dt = engine_dt(v->type.dtype);
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
    kplan *kp = ec->kp;
    const ir_op *E = kp->k->ops[s];
    const ir_block *b = ir_linalg_body(E);
    const int32_t *ai = kp->k->arg_input[s];
    for (uint32_t i = 0; i < E->u.lin.nins; i++) {
        bool i1 = b->args[i].type.dtype == IR_I1 && ai[i] != KN_CHAIN;
        if (engine_dt(b->args[i].type.dtype) < 0 && !i1) return false;
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

/* Compile the bodies of kernel ops [first, nops) into kp->epi; the chain
 * value enters in register 0 (contractions). */
static bool compile_program(cpu_backend *cb, kplan *kp, uint32_t first) {
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
            if (o->kind == IR_OP_CMPF) continue; /* consumed by its select */
            if (o->nres != 1 || o->res[0].type.kind != IR_T_SCALAR || !bd_op(&ec->bp, o) || !sync(ec)) goto out;
        }
        chain = bd_operand(&ec->bp, b->last->opnds[0]);
        if (chain < 0 || !sync(ec) || reg_of(ec, (uint16_t)chain) < 0) goto out;
    }
    kp->epi.result = (uint8_t)reg_of(ec, (uint16_t)chain);
    kp->epi.nregs = ec->next;
    ok = true;
out:
    sp_free(cb->ctx, ec);
    return ok;
}

/* ----------------------------------------------------- kernel lowering */

/* The contraction multiplies its inputs in f32 and accumulates in f32:
 * each of lhs, rhs is f32 or a bf16/f16 widened by arith.extf in the body
 * (torch-mlir's low-precision Linear, after canonicalisation moved the
 * cast in): *a_dt, *b_dt get their types. A body in bf16 (products and
 * sums rounded to bf16 at each step) is not this: the engine keeps f32
 * sums, so it goes to the reference. */
static bool f32_mac(const kernel *k, cpu_dtype *a_dt, cpu_dtype *b_dt) {
    const ir_op *S = k->root;
    if (!ir_linalg_is_mac(S)) return false;
    const ir_block *b = ir_linalg_body(S);
    for (const ir_op *o = b->first; o; o = o->next) {
        if (o->kind == IR_OP_LINALG_YIELD) continue;
        if (o->kind == IR_OP_SITOFP || o->kind == IR_OP_MULI || o->kind == IR_OP_ADDI) return false;
        if (o->nres != 1 || o->res[0].type.dtype != IR_F32) return false;
        if (o->kind == IR_OP_EXTF && engine_dt(o->opnds[0]->type.dtype) < 0) return false;
    }
    if (b->args[2].type.dtype != IR_F32) return false;
    const int a = engine_dt(b->args[0].type.dtype), w = engine_dt(b->args[1].type.dtype);
    if (a < 0 || w < 0) return false;
    *a_dt = (cpu_dtype)a;
    *b_dt = (cpu_dtype)w;
    return true;
}

static int64_t iabs(int64_t x) { return x < 0 ? -x : x; }

/* Offsets sum(idx[d] * stride[d]) over the loops dims[0..n) (outermost
 * first), in row-major order of their index space, into out (numel). */
static void window_offsets(const kernel *k, const access *a, const uint32_t *dims, uint32_t n, int64_t *out) {
    int64_t idx[KN_MAX_DIMS] = {0}, numel = 1;
    for (uint32_t i = 0; i < n; i++) numel *= k->bounds[dims[i]];
    for (int64_t e = 0; e < numel; e++) {
        int64_t off = 0;
        for (uint32_t i = 0; i < n; i++) off += idx[i] * a->stride[dims[i]];
        out[e] = off;
        for (int i = (int)n - 1; i >= 0; i--) {
            if (++idx[i] < k->bounds[dims[i]]) break;
            idx[i] = 0;
        }
    }
}

/* Coordinate r of the lhs (as the map indexes it) at each point of loops
 * dims (outermost first, row-major), less sub: out[numel]. */
static void window_coords(const kernel *k, const int64_t *coef, int64_t cst, const uint32_t *dims, uint32_t n,
                          int32_t *out) {
    int64_t idx[KN_MAX_DIMS] = {0}, numel = 1;
    for (uint32_t i = 0; i < n; i++) numel *= k->bounds[dims[i]];
    for (int64_t e = 0; e < numel; e++) {
        int64_t v = cst;
        for (uint32_t i = 0; i < n; i++) v += idx[i] * coef[dims[i]];
        out[e] = (int32_t)v;
        for (int i = (int)n - 1; i >= 0; i--) {
            if (++idx[i] < k->bounds[dims[i]]) break;
            idx[i] = 0;
        }
    }
}

/* Whether the window is linear (conv.h): then its padded coordinates
 * tuples, numbered per window element. Always true (a window that is not
 * linear is packed run by run). */
static bool window_linear(cpu_backend *cb, kplan *kp) {
    cpu_window *w = &kp->win;
    w->linear = false;
    if (w->run_stride != 1) return true;
    for (int64_t n = 0; n < w->npix; n++)
        if (w->moff[n] != w->moff[0] + n) return true;
    const uint32_t nb = w->nb;
    int32_t *combo = kp->combo = sp_malloc(cb->ctx, CPU_WIN_MAX_COMBOS * CPU_WIN_MAX_BOUNDS * sizeof(int32_t));
    uint16_t *kc = kp->kcombo = sp_malloc(cb->ctx, sp_size_mul(cb->ctx, (size_t)w->K, sizeof *kc));
    uint32_t nc = nb ? 0 : 1;
    for (int64_t k = 0; k < w->K; k++) {
        uint32_t c = 0;
        for (; c < nc; c++) {
            bool same = true;
            for (uint32_t b = 0; b < nb; b++) same &= combo[c * nb + b] == w->kb[b][k];
            if (same) break;
        }
        if (c == nc) {
            if (nc == CPU_WIN_MAX_COMBOS) return true;
            for (uint32_t b = 0; b < nb; b++) combo[c * nb + b] = w->kb[b][k];
            nc++;
        }
        kc[k] = (uint16_t)c;
    }
    w->ncombo = nc, w->combo = combo, w->kcombo = kc;
    w->linear = true;
    return true;
}

/* The window (conv.h) of a gathered or window_b plan: offsets of the
 * pixels and window elements, and where a pad is folded into the lhs
 * (kn_fold_pads) its padded coordinates, which the packing bounds: the
 * pad is never copied. False where a padded coordinate moves with an
 * outer loop or backwards (none a convolution has). */
static bool window_bounds(cpu_backend *cb, kplan *kp);
static void window_runs(cpu_backend *cb, kplan *kp);
static bool plan_window(cpu_backend *cb, kplan *kp) {
    const kernel *k = kp->k;
    const kn_input *in = &k->inputs[0];
    cpu_window *w = &kp->win;
    memset(w, 0, sizeof *w);
    w->npix = kp->npix;
    w->K = kp->gK;
    const uint32_t run = kp->nmdims ? kp->mdims[kp->nmdims - 1] : 0;
    w->run = kp->nmdims ? k->bounds[run] : 1;
    w->run_stride = kp->nmdims ? kp->lhs.stride[run] : 0;
    kp->moff = sp_malloc(cb->ctx, sp_size_mul(cb->ctx, (size_t)kp->npix, sizeof *kp->moff));
    kp->koff = sp_malloc(cb->ctx, sp_size_mul(cb->ctx, (size_t)kp->gK, sizeof *kp->koff));
    window_offsets(k, &kp->lhs, kp->mdims, kp->nmdims, kp->moff);
    window_offsets(k, &kp->lhs, kp->kdims, kp->nkdims, kp->koff);
    w->moff = kp->moff, w->koff = kp->koff;
    if (in->pad && !window_bounds(cb, kp)) return false;
    window_runs(cb, kp);
    return window_linear(cb, kp);
}

/* The runs of window elements (conv.h): unit steps of the source with the
 * same padded coordinates. */
static void window_runs(cpu_backend *cb, kplan *kp) {
    cpu_window *w = &kp->win;
    int64_t *r = kp->krun = sp_malloc(cb->ctx, sp_size_mul(cb->ctx, (size_t)w->K + 1, sizeof *r));
    uint32_t n = 0;
    for (int64_t k = 0; k < w->K; k++) {
        bool cont = k > 0 && w->koff[k] == w->koff[k - 1] + 1;
        for (uint32_t b = 0; b < w->nb && cont; b++) cont = w->kb[b][k] == w->kb[b][k - 1];
        if (!cont) r[n++] = k;
    }
    r[n] = w->K;
    w->nkrun = n, w->krun = r;
}

/* A folded pad's padded coordinates and padding value (conv.h). False
 * where one moves with an outer loop or backwards (none a convolution
 * has). */
static bool window_bounds(cpu_backend *cb, kplan *kp) {
    const kernel *k = kp->k;
    const kn_input *in = &k->inputs[0];
    cpu_window *w = &kp->win;
    const ir_type st = in->value->type;
    const ir_amap *map = in->map;
    uint32_t nb = 0, which[IR_MAX_RANK];
    for (uint32_t r = 0; r < map->nres; r++)
        if (in->pad_low[r] || in->pad_high[r]) {
            if (nb == CPU_WIN_MAX_BOUNDS) return false;
            which[nb++] = r;
        }
    kp->bounds = sp_malloc(cb->ctx, sp_size_mul(cb->ctx, (size_t)nb, sp_size_mul(cb->ctx, (size_t)(kp->npix + kp->gK), sizeof(int32_t))));
    int32_t *p = kp->bounds;
    for (uint32_t b = 0; b < nb; b++) {
        int64_t coef[KN_MAX_DIMS] = {0}, cst = 0;
        const uint32_t r = which[b];
        if (!ir_aexpr_linear(map->res[r], k->ndims, coef, &cst)) return false;
        for (uint32_t d = 0; d < k->ndims; d++) {
            if (coef[d] < 0) return false;
            bool inner = false;
            for (uint32_t i = 0; i < kp->nmdims; i++) inner |= kp->mdims[i] == d;
            for (uint32_t i = 0; i < kp->nkdims; i++) inner |= kp->kdims[i] == d;
            if (!inner && coef[d] && k->bounds[d] > 1) return false;
        }
        window_coords(k, coef, cst - in->pad_low[r], kp->mdims, kp->nmdims, p);
        w->mb[b] = p, p += kp->npix;
        window_coords(k, coef, 0, kp->kdims, kp->nkdims, p);
        w->kb[b] = p, p += kp->gK;
        w->dim[b] = st.dims[r];
        w->step[b] = kp->nmdims ? coef[kp->mdims[kp->nmdims - 1]] : 0;
    }
    w->nb = nb;
    /* the padding value: a constant, else read at each run */
    const ir_value *pv = pad_value(in->pad);
    const ir_op *d = pv->def;
    if (d && d->kind == IR_OP_CONSTANT && d->u.value->kind == IR_A_FLOAT) {
        w->padv = (float)ir_attr_float(d->u.value);
    } else {
        kp->padv_rt = true;
        kp->padv_id = pv->id;
    }
    return true;
}

/* An implicit GEMM (a convolution: the lhs read through windows). M is the
 * longest run of output-pixel loops contiguous in the output (and in every
 * epilogue operand), N the output channels, K every reduction loop, ordered
 * by the weights' strides so that B is one strided matrix (the layouts
 * frameworks use: FCHW, HWCF, FHWC, CHW); the lhs is gathered per outer
 * iteration into an M x K matrix (im2col), the other loops are outer. */
static bool plan_gathered(cpu_backend *cb, kplan *kp) {
    kernel *k = kp->k;
    kp->gather = true;
    kp->m_dim = kp->n_dim = kp->k_dim = kp->br_dim = -1;
    kp->init_slot = -1;
    if (k->inputs[1].value->type.kind == IR_T_SCALAR) return false;
    if (!compile_program(cb, kp, 1)) return false;
    cpu_epi_coalesce(&kp->epi);
    /* N: the output channel loop with the smallest output stride */
    for (uint32_t d = 0; d < k->ndims; d++)
        if (k->dimclass[d] == KN_DIM_N && (kp->n_dim < 0 || iabs(kp->out.stride[d]) < iabs(kp->out.stride[kp->n_dim])))
            kp->n_dim = (int)d;
    /* K: all reduction loops, weights' largest stride first, each inner one
     * contiguous under the one before in B */
    kp->nkdims = 0;
    for (uint32_t d = 0; d < k->ndims; d++)
        if (k->dimclass[d] == KN_DIM_K && k->bounds[d] > 1) kp->kdims[kp->nkdims++] = d;
    for (uint32_t i = 1; i < kp->nkdims; i++)
        for (uint32_t j = i; j > 0 && iabs(kp->rhs.stride[kp->kdims[j]]) > iabs(kp->rhs.stride[kp->kdims[j - 1]]); j--) {
            uint32_t t = kp->kdims[j];
            kp->kdims[j] = kp->kdims[j - 1];
            kp->kdims[j - 1] = t;
        }
    for (uint32_t i = 0; i + 1 < kp->nkdims; i++)
        if (kp->rhs.stride[kp->kdims[i]] != kp->rhs.stride[kp->kdims[i + 1]] * k->bounds[kp->kdims[i + 1]]) return false;
    /* M: from the output-pixel loop with the smallest output stride outward,
     * while the next is contiguous under it in the output and the operands */
    bool used[KN_MAX_DIMS] = {0};
    kp->nmdims = 0;
    uint32_t chain[KN_MAX_DIMS];
    for (;;) {
        int best = -1;
        for (uint32_t d = 0; d < k->ndims; d++) {
            if (k->dimclass[d] != KN_DIM_M || used[d] || k->bounds[d] == 1) continue;
            if (best < 0 || iabs(kp->out.stride[d]) < iabs(kp->out.stride[best])) best = (int)d;
        }
        if (best < 0) break;
        if (kp->nmdims) {
            uint32_t in = chain[kp->nmdims - 1];
            bool ok = kp->out.stride[best] == kp->out.stride[in] * k->bounds[in];
            for (uint32_t s = 0; s < kp->epi.noperands && ok; s++)
                ok = kp->operand[s].stride[best] == kp->operand[s].stride[in] * k->bounds[in];
            if (!ok) break;
        }
        used[best] = true;
        chain[kp->nmdims++] = (uint32_t)best;
    }
    for (uint32_t i = 0; i < kp->nmdims; i++) kp->mdims[i] = chain[kp->nmdims - 1 - i];
    kp->m_dim = kp->nmdims ? (int)chain[0] : -1;
    /* operands are read in the accumulator's layout: never along K */
    for (uint32_t s = 0; s < kp->epi.noperands; s++)
        for (uint32_t i = 0; i < kp->nkdims; i++)
            if (kp->operand[s].stride[kp->kdims[i]]) return false;
    if (k->init_scalar) {
        if (kp->epi.noperands >= CPU_EPI_MAX_OPERANDS) return false;
        kp->init_slot = (int)kp->epi.noperands++;
    }
    kp->nouter = 0;
    for (uint32_t d = 0; d < k->ndims; d++) {
        bool inner = (int)d == kp->n_dim;
        for (uint32_t i = 0; i < kp->nmdims; i++) inner |= kp->mdims[i] == d;
        for (uint32_t i = 0; i < kp->nkdims; i++) inner |= kp->kdims[i] == d;
        if (!inner && k->bounds[d] > 1) kp->outer[kp->nouter++] = d;
    }
    kp->gM = kp->gK = 1;
    for (uint32_t i = 0; i < kp->nmdims; i++) kp->gM *= k->bounds[kp->mdims[i]];
    for (uint32_t i = 0; i < kp->nkdims; i++) kp->gK *= k->bounds[kp->kdims[i]];
    kp->gN = kp->n_dim >= 0 ? k->bounds[kp->n_dim] : 1;
    kp->gNB = 1;
    kp->b_sk = kp->nkdims ? kp->rhs.stride[kp->kdims[kp->nkdims - 1]] : 0;
    kp->b_sn = kp->n_dim >= 0 ? kp->rhs.stride[kp->n_dim] : 0;
    kp->b_sb = 0;
    kp->npix = kp->gM;
    /* the transposed form: weights unit along the window, enough channels
     * and pixels to fill the register tile; the pixels of all M loops are
     * the N of each call (a call's columns may span output rows, so a
     * 56-wide image fills 64-wide panels) */
    const int w = kp->m_dim, f = kp->n_dim;
    if (w >= 0 && f >= 0 && kp->nkdims && kp->rhs.stride[kp->kdims[kp->nkdims - 1]] == 1 && kp->npix >= 8 &&
        k->bounds[f] >= 8) {
        kp->window_b = true;
        kp->gather = false;
        kp->m_dim = f;
        kp->n_dim = w;
        kp->gM = k->bounds[f];
        kp->gN = kp->npix;
    }
    return plan_window(cb, kp);
}

static bool plan_gemm(cpu_backend *cb, kplan *kp) {
    kernel *k = kp->k;
    /* f32 products and sums (of f32, bf16 or f16 inputs); the result f32,
     * bf16 or f16, the epilogue's operands any float type or i1 masks */
    if (!f32_mac(k, &kp->a_dt, &kp->b_dt)) return false;
    const int c_dt = engine_dt(k->out->type.dtype);
    if (c_dt < 0) return false;
    kp->c_dt = (cpu_dtype)c_dt;
    for (uint32_t i = 2; i < k->ninputs; i++)
        if (engine_dt(k->inputs[i].value->type.dtype) < 0 &&
            !(k->inputs[i].value->type.dtype == IR_I1 && k->inputs[i].role == KN_ROLE_OPERAND))
            return false;
    if (k->init_scalar && k->init_scalar->type.dtype != IR_F32) return false;
    const ir_value *a = k->inputs[0].value, *bv = k->inputs[1].value;
    /* a scalar operand of the contraction itself (a splat weight folded by
     * canonicalisation) is read through zero strides: one float, never
     * blown up to a tensor */
    if (a->type.kind == IR_T_SCALAR) {
        memset(&kp->lhs, 0, sizeof kp->lhs);
        kp->lhs.value = a->id;
    } else if (!make_access(cb, a, k->inputs[0].map, k->ndims, &kp->lhs)) {
        return false;
    }
    if (bv->type.kind == IR_T_SCALAR) {
        memset(&kp->rhs, 0, sizeof kp->rhs);
        kp->rhs.value = bv->id;
    } else if (!make_access(cb, bv, k->inputs[1].map, k->ndims, &kp->rhs)) {
        return false;
    }
    if (!make_access(cb, k->out, k->out_map, k->ndims, &kp->out)) return false;
    for (uint32_t i = 1; i < k->ninputs; i++)
        if (k->inputs[i].pad) return false;
    if (k->inputs[0].pad) { /* a folded pad (folds_pad): its source read at the padded coordinates less the pad */
        if (ir_amap_is_projected_perm(k->inputs[0].map, true) || a->type.kind != IR_T_TENSOR) return false;
        int64_t ts[IR_MAX_RANK];
        ir_type_strides(a->type, ts);
        for (uint32_t r = 0; r < k->inputs[0].map->nres; r++) kp->lhs.off -= k->inputs[0].pad_low[r] * ts[r];
    }
    if (!ir_amap_is_projected_perm(k->inputs[0].map, true)) {
        /* convolutions gather and copy f32 windows */
        if (kp->a_dt != CPU_F32 || kp->b_dt != CPU_F32 || kp->c_dt != CPU_F32) return false;
        return plan_gathered(cb, kp);
    }
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
    if (!compile_program(cb, kp, 1)) return false;
    /* the store rounds to C's type: a last rounding to it is the store's
     * (and the program may then be a fast path's) */
    cpu_epilogue *e = &kp->epi;
    const cpu_epi_op round_c = kp->c_dt == CPU_BF16 ? CPU_EPI_ROUND_BF16 : CPU_EPI_ROUND_F16;
    if (kp->c_dt != CPU_F32 && e->ninsn && e->insn[e->ninsn - 1].dst == e->result &&
        e->insn[e->ninsn - 1].op == round_c) {
        e->result = e->insn[e->ninsn - 1].a;
        e->ninsn--;
    }
    cpu_epi_coalesce(&kp->epi); /* bias-as-init and ReLU fast paths */
    for (uint32_t s = 0; s < kp->epi.noperands; s++) {
        if (kp->k_dim >= 0 && kp->operand[s].stride[kp->k_dim]) return false;
        if (kp->br_dim >= 0 && kp->operand[s].stride[kp->br_dim]) return false;
    }
    if (k->init_scalar) {
        if (kp->epi.noperands >= CPU_EPI_MAX_OPERANDS) return false;
        kp->init_slot = (int)kp->epi.noperands++;
    }
    kp->gM = kp->m_dim >= 0 ? k->bounds[kp->m_dim] : 1;
    kp->gN = kp->n_dim >= 0 ? k->bounds[kp->n_dim] : 1;
    kp->gK = kp->k_dim >= 0 ? k->bounds[kp->k_dim] : 1;
    kp->gNB = kp->br_dim >= 0 ? k->bounds[kp->br_dim] : 1;
    kp->b_sk = kp->k_dim >= 0 ? kp->rhs.stride[kp->k_dim] : 0;
    kp->b_sn = kp->n_dim >= 0 ? kp->rhs.stride[kp->n_dim] : 0;
    kp->b_sb = kp->br_dim >= 0 ? kp->rhs.stride[kp->br_dim] : 0;
    return true;
}

/* ------------------------------------------------------------------ run */

/* Whether the rhs is one B for every outer iteration (so it can be packed
 * once). */
static bool rhs_packable(const kplan *kp) {
    for (uint32_t j = 0; j < kp->nouter; j++)
        if (kp->rhs.stride[kp->outer[j]] != 0) return false;
    return true;
}

/* Pack a GEMM kernel's weights from base (the rhs value's storage) once,
 * when the whole B is the same for every outer iteration. */
static void pack_rhs(cpu_backend *cb, kplan *kp, const void *base) {
    if (!rhs_packable(kp)) return;
    const char *B = (const char *)base + kp->rhs.off * cpu_dtype_size(kp->b_dt);
    cpu_packed_free(cb->ctx, kp->packed);
    kp->packed = NULL;
    if (cpu_pack_b(cb->ctx, &kp->blocking, kp->gK, kp->gN, kp->gNB, B, kp->b_dt, kp->b_sk, kp->b_sn, kp->b_sb,
                   &kp->packed) != SP_OK)
        sp_rethrow(cb->ctx);
}

/* The kernel's tile plan; b_streamed: its B is an argument of each call
 * (packed per call, or, an f32 B of unit column stride, maybe read in
 * place: cpu_b_source). A bf16 x
 * bf16 GEMM runs on the ISA's pair kernels where they pay (cpu_pairs_pay;
 * vdpbf16ps: two k steps an instruction), planned over ceil(K/2) pair
 * steps: a pair row of a panel has the bytes of an f32 row, so the cache
 * plan is the same. */
static void choose_blocking(cpu_backend *cb, kplan *kp, bool b_streamed) {
    cpu_isa isa;
    if (cpu_isa_active(cb->ctx, &isa) != SP_OK) sp_rethrow(cb->ctx);
    const cpu_caches caches = cpu_caches_detect();
    const kernel *k = kp->k;
    const cpu_kernel_set *pk = kp->a_dt == CPU_BF16 && kp->b_dt == CPU_BF16 && !kp->gather && !kp->window_b &&
                                       k->inputs[0].value->type.kind == IR_T_TENSOR &&
                                       k->inputs[1].value->type.kind == IR_T_TENSOR
                                   ? cpu_kernel_pairs(isa)
                                   : NULL;
    if (!cpu_pairs_pay(pk, kp->gM)) pk = NULL;
    const bool f32 = kp->b_dt == CPU_F32 && !kp->window_b;
    const cpu_b_source src = !b_streamed                ? CPU_B_PREPACKED
                             : f32 && kp->b_sn == 1 ? CPU_B_PER_CALL_ROWS
                             : f32 && kp->b_sk == 1 ? CPU_B_PER_CALL_COLS
                                                    : CPU_B_PER_CALL;
    const sp_status st =
        pk ? cpu_blocking_choose_set(cb->ctx, kp->gM, kp->gN, (kp->gK + 1) / 2, kp->gNB, cb->o.nthreads, pk, &caches,
                                     src, &kp->blocking)
           : cpu_blocking_choose(cb->ctx, kp->gM, kp->gN, kp->gK, kp->gNB, cb->o.nthreads, isa, &caches, src,
                                 &kp->blocking);
    if (st != SP_OK) sp_rethrow(cb->ctx);
}

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

static void patch_program(cpu_backend *cb, kplan *kp) {
    for (uint32_t p = 0; p < kp->npatches; p++) kp->epi.insn[kp->patches[p].insn].imm = (float)ex_scalar(cb->px, kp->patches[p].value).f;
}

/* Where epilogue operand s of kp reads from this run: the value's storage,
 * or for an i1 mask its copy as floats 0/1, for a bf16/f16 one as f32. */
static float *operand_base(cpu_backend *cb, kplan *kp, uint32_t s) {
    uint8_t *p = ex_value_ptr(cb->px, kp->operand[s].value);
    if (!kp->is_i1[s] && kp->op_dt[s] == CPU_F32) return (float *)p;
    if (kp->cvt_kept[s]) return kp->f32[s];
    const int64_t n = kp->cvt_numel[s];
    if (n > kp->f32_n[s]) {
        sp_free(cb->ctx, kp->f32[s]);
        kp->f32_n[s] = 0;
        kp->f32[s] = sp_malloc(cb->ctx, sp_size_mul(cb->ctx, (size_t)n, sizeof(float)));
        kp->f32_n[s] = n;
    }
    if (kp->is_i1[s])
        for (int64_t i = 0; i < n; i++) kp->f32[s][i] = p[i] ? 1.0f : 0.0f;
    else
        cpu_cvt16_portable(kp->f32[s], (const uint16_t *)p, n, kp->op_dt[s]);
    kp->cvt_kept[s] = ex_value_const(cb->px, kp->operand[s].value) != NULL;
    return kp->f32[s];
}

/* The chunks' buffer (floats, 64-byte aligned), grown and kept. */
static float *window_buffer(cpu_backend *cb, kplan *kp, size_t floats) {
    const size_t need = sp_size_mul(cb->ctx, floats, sizeof(float));
    if (need > kp->wpack_bytes) {
        sp_free(cb->ctx, kp->wpack_raw);
        kp->wpack_bytes = 0;
        kp->wpack = cpu_aligned_alloc(cb->ctx, need, &kp->wpack_raw);
        if (!kp->wpack) sp_throw(cb->ctx, SP_EINPUT, (sp_loc){0}, "out of memory: a convolution's window needs %zu bytes", need);
        kp->wpack_bytes = need;
    }
    return kp->wpack;
}

/* Work items of a chunked convolution (window packed as B, or gathered
 * im2col rows as A): (outer iteration, chunk of pixels). */
static int64_t window_items(const kplan *kp, int64_t nouter) {
    return nouter * ((kp->npix + kp->chunk - 1) / kp->chunk);
}

/* Whether its items split over the threads (one single-threaded GEMM
 * each) rather than each GEMM over the threads: enough of them. */
static bool window_split(const kplan *kp, int nthreads, int64_t nouter) {
    return nthreads > 1 && window_items(kp, nouter) >= 2 * nthreads;
}

/* The pixels of one call: the most whose packed window or im2col rows (K
 * floats a pixel) take a quarter of the L2 (measured: one 64-pixel panel
 * of a 3x3x64 window packs ~5% faster than three, which push the source
 * out), whole panels (window_b) or row strips (im2col), at least one;
 * fewer where that leaves the threads too few items. Then the blocking
 * for calls of that size; B, the weights, packed once (im2col). */
static void plan_chunk(cpu_backend *cb, kplan *kp) {
    int64_t *dim = kp->window_b ? &kp->gN : &kp->gM;
    *dim = kp->chunk = kp->npix;
    choose_blocking(cb, kp, kp->window_b);
    const int64_t unit = kp->window_b ? kp->blocking.nr : kp->blocking.mr, l2 = cpu_caches_detect().l2;
    const int64_t all = (kp->npix + unit - 1) / unit * unit;
    int64_t c = l2 / 4 / (kp->gK * (int64_t)sizeof(float)) / unit * unit;
    if (c < unit) c = unit;
    if (c > all) c = all;
    int64_t nouter = 1;
    for (uint32_t j = 0; j < kp->nouter; j++) nouter *= kp->k->bounds[kp->outer[j]];
    const int nt = cb->o.nthreads;
    while (c > unit && nt > 1 && nouter * ((kp->npix + c - 1) / c) < 2 * nt) c -= unit;
    *dim = kp->chunk = c;
    choose_blocking(cb, kp, kp->window_b);
    kp->pack_avx512 = kp->window_b && kp->win.linear && kp->blocking.isa >= CPU_ISA_AVX512 &&
                      kp->blocking.nr % 16 == 0 && kp->blocking.nr <= 128;
    kp->win.copy = kp->blocking.isa >= CPU_ISA_AVX512 ? cpu_window_copy_avx512 : NULL;
}

/* Whether the window is read in place (kplan.direct), and then its masks:
 * those of panel q and window element k are those of k's padded
 * coordinates' tuple (conv.h), computed once per panel and tuple. */
static void plan_direct(cpu_backend *cb, kplan *kp) {
    const cpu_window *w = &kp->win;
    const int nr = kp->blocking.nr, nv = nr / 16;
    const cpu_kernel_set *ks = cpu_kernel_find(kp->blocking.isa, kp->blocking.mr, nr);
    kp->direct = w->linear && ks && ks->gemm_window && !kp->blocking.pairs && !kp->padv_rt && w->padv == 0.0f &&
                 !signbit(w->padv) && nr % 16 == 0;
    if (!kp->direct) return;
    kp->gN = w->npix;
    choose_blocking(cb, kp, false); /* B is not packed per call: as a pre-packed one */
    if (kp->blocking.nr != nr) {
        kp->direct = false;
        return;
    }
    kp->blocking.b_inplace = true; /* (as plan reports it: B is never copied) */
    kp->blocking.pack_seconds = kp->blocking.alt_seconds = 0;
    const int64_t np = (w->npix + nr - 1) / nr, K = w->K;
    sp_free(cb->ctx, kp->kmask);
    kp->kmask = sp_malloc(cb->ctx, sp_size_mul(cb->ctx, sp_size_mul(cb->ctx, (size_t)np, (size_t)K), (size_t)nv * sizeof(uint16_t)));
    uint16_t cm[CPU_WIN_MAX_COMBOS][CPU_NR_MAX / 16];
    for (int64_t q = 0; q < np; q++) {
        for (uint32_t c = 0; c < w->ncombo; c++)
            for (int v = 0; v < nv; v++) {
                uint16_t m = 0;
                for (int i = 0; i < 16; i++) {
                    const int64_t n = q * nr + 16 * v + i;
                    bool in = n < w->npix;
                    for (uint32_t b = 0; b < w->nb && in; b++) {
                        const int64_t x = (int64_t)w->mb[b][n] + w->combo[c * w->nb + b];
                        in = x >= 0 && x < w->dim[b];
                    }
                    m |= (uint16_t)(in << i);
                }
                cm[c][v] = m;
            }
        uint16_t *dst = kp->kmask + q * K * nv;
        for (int64_t k = 0; k < K; k++)
            for (int v = 0; v < nv; v++) dst[k * nv + v] = cm[w->kcombo[k]][v];
    }
}

/* Items [i0, i1) of a chunked convolution on one thread: per item the
 * chunk's window packed as B (window_b: the weights A, read in place) or
 * gathered as im2col rows A (the weights B, packed once: pb), the pad
 * bounded (conv.h), and one GEMM on them, its epilogue on the chunk. */
static sp_status run_window_items(const cpu_backend *cb, const kplan *kp, const cpu_gemm_args *g0, float *wbuf,
                                  const cpu_packed *pb, const float *X, const float *W, float *C, float *const *opbase,
                                  float *init, float padv, int64_t i0, int64_t i1, int gthreads, sp_ctx *ctx) {
    const kernel *k = kp->k;
    const int64_t nch = (kp->npix + kp->chunk - 1) / kp->chunk;
    const int nr = kp->blocking.nr;
    cpu_window win = kp->win;
    win.padv = padv;
    struct cpu_packed wp = {.nr = nr, .K = kp->gK, .kv = kp->gK, .nbatch = 1, .data = wbuf};
    cpu_epilogue e = kp->epi;
    cpu_gemm_args g = *g0;
    g.epi = &e;
    g.nthreads = gthreads;
    g.work = NULL, g.work_bytes = 0, g.work_used = NULL;
    g.packed_b = kp->window_b ? &wp : pb;
    g.B = NULL;
    const int d = kp->window_b ? kp->n_dim : kp->m_dim; /* the pixels' innermost loop */
    for (int64_t it = i0; it < i1; it++) {
        const int64_t o = it / nch, p0 = it % nch * kp->chunk;
        const int64_t cnt = kp->npix - p0 < kp->chunk ? kp->npix - p0 : kp->chunk;
        int64_t idx[KN_MAX_DIMS], r = o;
        for (int j = (int)kp->nouter - 1; j >= 0; j--) {
            idx[kp->outer[j]] = r % k->bounds[kp->outer[j]];
            r /= k->bounds[kp->outer[j]];
        }
        const int64_t base = at(&kp->lhs, idx, kp->outer, kp->nouter);
        if (kp->window_b) {
            (kp->pack_avx512 ? cpu_window_pack_linear_avx512 : cpu_window_pack)(&win, X, base, p0, cnt, nr, wbuf);
            wp.N = g.N = cnt;
            wp.npanels = (cnt + nr - 1) / nr;
            g.A = W + at(&kp->rhs, idx, kp->outer, kp->nouter);
        } else {
            cpu_window_gather(&win, X, base, p0, cnt, wbuf);
            g.M = cnt;
            g.A = wbuf;
            if (!pb) { /* weights that move with the outer loops (a grouped conv's): packed by the call */
                g.packed_b = NULL;
                g.B = W + at(&kp->rhs, idx, kp->outer, kp->nouter);
            }
        }
        g.C = C + at(&kp->out, idx, kp->outer, kp->nouter) + p0 * kp->out.stride[d];
        for (uint32_t s = 0; s < e.noperands; s++)
            e.operands[s].ptr = (int)s == kp->init_slot
                                    ? init
                                    : opbase[s] + at(&kp->operand[s], idx, kp->outer, kp->nouter) + p0 * kp->operand[s].stride[d];
        if (cpu_gemm(ctx, &g) != SP_OK) return SP_EINPUT;
        g.epi_checked = true;
    }
    return SP_OK;
}

/* A chunked convolution: its items over the threads (window_split), or
 * in turn with each GEMM over the threads. An im2col's B (the weights)
 * not packed before the run (a constant's at prepare, a bound argument's
 * at bind) is packed here, once for all its calls. */
static void run_windows(cpu_backend *cb, kplan *kp, const cpu_gemm_args *g0, const float *X, const float *W, float *C,
                        float *const *opbase, float *init, int64_t nouter) {
    const int64_t items = window_items(kp, nouter);
    const float padv = kp->padv_rt ? (float)ex_scalar(cb->px, kp->padv_id).f : kp->win.padv;
    cpu_packed *pb = kp->packed, *own = NULL;
    if (!kp->window_b && !pb && rhs_packable(kp)) {
        if (cpu_pack_b(cb->ctx, &kp->blocking, kp->gK, kp->gN, 1, W + kp->rhs.off, CPU_F32, kp->b_sk, kp->b_sn, 0, &own) !=
            SP_OK)
            sp_rethrow(cb->ctx);
        pb = own;
    }
    const bool split = window_split(kp, cb->o.nthreads, nouter);
    const int nt = split ? cpu_team(cb->o.nthreads, items) : 1;
    const size_t per = kp->window_b ? (size_t)((kp->chunk + kp->blocking.nr - 1) / kp->blocking.nr * kp->blocking.nr) *
                                          (size_t)kp->gK
                                    : (size_t)kp->chunk * (size_t)kp->gK;
    float *buf = window_buffer(cb, kp, sp_size_mul(cb->ctx, per, (size_t)nt));
    sp_status st = SP_OK;
    if (!split) {
        st = run_window_items(cb, kp, g0, buf, pb, X, W, C, opbase, init, padv, 0, items, cb->o.nthreads, cb->ctx);
    } else {
#pragma omp parallel num_threads(nt)
        {
            const int id = omp_get_thread_num(), n = omp_get_num_threads();
            sp_ctx tctx;
            sp_ctx_init(&tctx, &cb->ctx->alloc); /* the program's allocator (with packed B nothing is allocated) */
            if (run_window_items(cb, kp, g0, buf + (size_t)id * per, pb, X, W, C, opbase, init, padv, items * id / n,
                                 items * (id + 1) / n, 1, &tctx) != SP_OK) {
#pragma omp critical(cpu_window_fail)
                st = SP_EINPUT;
            }
        }
    }
    cpu_packed_free(cb->ctx, own);
    if (st != SP_OK) {
        if (!split) sp_rethrow(cb->ctx);
        sp_throw(cb->ctx, SP_EINPUT, (sp_loc){0}, "out of memory: a convolution's scratch");
    }
    kp->epi_checked = true;
}

/* The backend's scratch (cb->work) grown to need bytes, kept for the
 * next calls. */
static void keep_work(cpu_backend *cb, size_t need, const char *what) {
    if (need <= cb->work_bytes) return;
    sp_free(cb->ctx, cb->work_raw);
    cb->work_bytes = 0;
    cb->work = cpu_aligned_alloc(cb->ctx, need, &cb->work_raw);
    if (!cb->work) sp_throw(cb->ctx, SP_EINPUT, (sp_loc){0}, "out of memory: %s needs %zu bytes", what, need);
    cb->work_bytes = need;
}

static void run_gemm(cpu_backend *cb, uint32_t ki) {
    kplan *kp = &cb->kp[ki];
    kernel *k = kp->k;
    patch_program(cb, kp);
    float init = k->init_scalar ? (float)ex_scalar(cb->px, k->init_scalar->id).f : 0.0f;
    float lhs_scalar = 0, rhs_scalar = 0; /* scalar operands (see plan_gemm) */
    float *A = (float *)ex_value_ptr(cb->px, kp->lhs.value), *B = (float *)ex_value_ptr(cb->px, kp->rhs.value);
    cpu_dtype a_dt = kp->a_dt, b_dt = kp->b_dt;
    if (k->inputs[0].value->type.kind == IR_T_SCALAR) {
        lhs_scalar = (float)ex_scalar(cb->px, kp->lhs.value).f;
        A = &lhs_scalar;
        a_dt = CPU_F32;
    }
    if (k->inputs[1].value->type.kind == IR_T_SCALAR) {
        rhs_scalar = (float)ex_scalar(cb->px, kp->rhs.value).f;
        B = &rhs_scalar;
        b_dt = CPU_F32;
    }
    float *C = (float *)ex_value_ptr(cb->px, kp->out.value);
    const int64_t a_es = cpu_dtype_size(a_dt), b_es = cpu_dtype_size(b_dt), c_es = cpu_dtype_size(kp->c_dt);
    float *opbase[CPU_EPI_MAX_OPERANDS];
    for (uint32_t s = 0; s < kp->epi.noperands; s++)
        opbase[s] = (int)s == kp->init_slot ? &init : operand_base(cb, kp, s);
    /* every field named: a zeroing initialiser is a REP STOS per call */
#define STRIDE(a, d) ((d) >= 0 ? (a).stride[d] : 0)
    cpu_gemm_args g = {
        .M = kp->gM,
        .N = kp->gN,
        .K = kp->gK,
        .nbatch = kp->gNB,
        .A = NULL,
        .a_sm = kp->window_b ? STRIDE(kp->rhs, kp->m_dim) : kp->gather ? kp->gK : STRIDE(kp->lhs, kp->m_dim),
        .a_sk = kp->gather || kp->window_b ? 1 : STRIDE(kp->lhs, kp->k_dim),
        .a_sb = kp->gather || kp->window_b ? 0 : STRIDE(kp->lhs, kp->br_dim),
        .B = NULL,
        .b_sk = kp->b_sk,
        .b_sn = kp->b_sn,
        .b_sb = kp->b_sb,
        .packed_b = kp->packed,
        .bwin = NULL,
        .C = NULL,
        .c_sm = STRIDE(kp->out, kp->m_dim),
        .c_sn = STRIDE(kp->out, kp->n_dim),
        .a_dt = a_dt,
        .b_dt = b_dt,
        .c_dt = kp->c_dt,
        .init = k->init_scalar ? CPU_INIT_OPERAND : CPU_INIT_ZERO,
        .init_operand = kp->init_slot >= 0 ? (uint32_t)kp->init_slot : 0,
        .epi = &kp->epi,
        .epi_checked = kp->epi_checked,
        .blocking = &kp->blocking,
        .nthreads = cb->o.nthreads,
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
    /* the weights are A, the window B: read in place (one GEMM per outer
     * iteration over all its pixels, the engine's units over the threads)
     * or packed per call */
    cpu_bwindow bw = {.koff = kp->koff, .kmask = kp->kmask};
    if (kp->direct) {
        g.bwin = &bw;
        g.N = kp->npix;
    } else if (kp->window_b || kp->gather) {
        run_windows(cb, kp, &g, A, B, C, opbase, &init, nouter);
        return;
    }
    for (int64_t o = 0; o < nouter; o++) {
        if (kp->direct) {
            /* the source at the first pixel: may lie before A (a pad), only
             * unmasked lanes are read */
            bw.x = A + (at(&kp->lhs, idx, kp->outer, kp->nouter) + kp->moff[0]);
            g.A = B + at(&kp->rhs, idx, kp->outer, kp->nouter);
        } else {
            g.A = (const char *)A + at(&kp->lhs, idx, kp->outer, kp->nouter) * a_es;
        }
        if (!kp->direct) g.B = (const char *)B + at(&kp->rhs, idx, kp->outer, kp->nouter) * b_es;
        g.C = (char *)C + at(&kp->out, idx, kp->outer, kp->nouter) * c_es;
        for (uint32_t s = 0; s < kp->epi.noperands; s++)
            kp->epi.operands[s].ptr = (int)s == kp->init_slot ? &init : opbase[s] + at(&kp->operand[s], idx, kp->outer, kp->nouter);
        size_t used = 0;
        g.work = cb->work, g.work_bytes = cb->work_bytes, g.work_used = &used;
        if (cpu_gemm(cb->ctx, &g) != SP_OK) sp_rethrow(cb->ctx);
        kp->epi_checked = g.epi_checked = true;
        keep_work(cb, used, "the GEMM scratch");
        odometer_next(idx, kp->outer, kp->nouter, k->bounds);
    }
}

/* ------------------------------------------------------------ attention */

static int loop_of_class(const kernel *k, kn_dimclass c) {
    for (uint32_t d = 0; d < k->ndims; d++)
        if (k->dimclass[d] == c) return (int)d;
    return -1;
}

/* Loop indices of row r (a row of S: its dims but the keys' dim ax,
 * row-major, kernel.h) as the contraction c reads it: through the tensor t
 * (S or a view of P), whose dim ax holds the keys, and the map from c's
 * loops to t's dims. */
static void row_loops(int64_t r, ir_type t, uint32_t ax, const ir_amap *map, int64_t *idx) {
    for (int d = (int)t.rank - 1; d >= 0; d--) {
        if ((uint32_t)d == ax) continue;
        int64_t x = t.dims[d] ? r % t.dims[d] : 0;
        r = t.dims[d] ? r / t.dims[d] : 0;
        int L = ir_aexpr_dim(map->res[d]);
        if (L >= 0) idx[L] = x;
    }
}

/* a's offset at the B and M loop indices idx of contraction k (a row's). */
static int64_t at_loops(const access *a, const int64_t *idx, const kernel *k) {
    int64_t off = a->off;
    for (uint32_t d = 0; d < k->ndims; d++)
        if (k->dimclass[d] != KN_DIM_K && k->dimclass[d] != KN_DIM_N) off += idx[d] * a->stride[d];
    return off;
}

/* Append program t (its r0 the chain value) to kp's epilogue, on kp's
 * result: registers renumbered past kp's, operands (accesses, i1 flags)
 * and run-time patches carried over. False past the program limits. */
static bool append_program(kplan *kp, const kplan *t) {
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

/* Plan the parts as GEMMs (accesses, epilogue programs), then the rows'
 * offsets and the tile. */
static bool plan_attention(cpu_backend *cb, kplan *kp, char *why, size_t nwhy) {
    kernel *k = kp->k;
    kn_attention *at = k->att;
    attn_plan *ap = sp_calloc(cb->ctx, 1, sizeof *ap);
    kp->ap = ap;
    ap->qk.k = &at->qk;
    ap->pv.k = &at->pv;
    if (!plan_gemm(cb, &ap->qk) || !plan_gemm(cb, &ap->pv) || ap->qk.gather || ap->pv.gather || ap->qk.init_slot >= 0 ||
        ap->pv.init_slot >= 0 || ap->qk.a_dt || ap->qk.b_dt || ap->qk.c_dt || ap->pv.a_dt || ap->pv.b_dt || ap->pv.c_dt) {
        snprintf(why, nwhy, "the cpu engine cannot run one of the attention's contractions as a GEMM");
        return false;
    }
    /* the score kernels' programs, appended to qk's epilogue */
    kplan sk[KN_ATTN_SCORE_MAX];
    uint32_t sk_first[KN_ATTN_SCORE_MAX + 1];
    sk_first[0] = ap->qk.epi.noperands;
    for (uint32_t c = 0; c < at->nscore; c++) {
        kplan *t = &sk[c];
        memset(t, 0, sizeof *t);
        t->k = &at->score[c];
        const ir_value *prev = c ? at->score[c - 1].out : at->qk.out;
        for (uint32_t i = 0; i < t->k->ninputs; i++) {
            if (kn_unview(t->k->inputs[i].value) == prev) t->chain_in_plus1 = (int32_t)i + 1;
        }
        if (!t->chain_in_plus1 || !compile_program(cb, t, 0) || !append_program(&ap->qk, t)) {
            snprintf(why, nwhy, "the attention's score kernel '%s' does not compile into its epilogue",
                     t->k->nepilogue ? t->k->epilogue[0] : "?");
            return false;
        }
        sk_first[c + 1] = ap->qk.epi.noperands;
    }
    const kernel *Q = &at->qk, *V = &at->pv;
    const int jq = loop_of_class(Q, KN_DIM_N), dq = loop_of_class(Q, KN_DIM_K);
    const int jp = loop_of_class(V, KN_DIM_K), np = loop_of_class(V, KN_DIM_N);
    const int64_t rows = at->rows;
    cpu_attn_args *a = &ap->args;
    a->rows = rows;
    a->keys = at->keys;
    a->safe = at->safe;
    a->d = Q->bounds[dq];
    a->dv = V->bounds[np];
    a->q_sd = ap->qk.lhs.stride[dq];
    a->k_sj = ap->qk.rhs.stride[jq];
    a->k_sd = ap->qk.rhs.stride[dq];
    a->v_sj = ap->pv.rhs.stride[jp];
    a->v_sn = ap->pv.rhs.stride[np];
    a->o_sn = ap->pv.out.stride[np];
    uint32_t nq = ap->qk.epi.noperands, np_ = ap->pv.epi.noperands;
    int64_t *o = sp_malloc(cb->ctx, sp_size_mul(cb->ctx, (size_t)rows * sizeof *o, 4 + nq + np_));
    ap->offs = o;
    int64_t *q_off = o, *k_off = o + rows, *v_off = o + 2 * rows, *o_off = o + 3 * rows;
    a->q_off = q_off, a->k_off = k_off, a->v_off = v_off, a->o_off = o_off;
    for (uint32_t s = 0; s < nq; s++) a->qk_opnd_off[s] = o + (4 + s) * rows;
    for (uint32_t s = 0; s < np_; s++) a->pv_opnd_off[s] = o + (4 + nq + s) * rows;
    const ir_value *Pv = at->pv.inputs[0].value; /* P as pv reads it */
    for (int64_t r = 0; r < rows; r++) {
        int64_t iq[KN_MAX_DIMS] = {0}, ip[KN_MAX_DIMS] = {0};
        row_loops(r, Q->out->type, at->s_axis, Q->out_map, iq);
        row_loops(r, Pv->type, at->p_axis, at->pv.inputs[0].map, ip);
        q_off[r] = at_loops(&ap->qk.lhs, iq, Q);
        k_off[r] = at_loops(&ap->qk.rhs, iq, Q);
        v_off[r] = at_loops(&ap->pv.rhs, ip, V);
        o_off[r] = at_loops(&ap->pv.out, ip, V);
        for (uint32_t s = 0; s < sk_first[0]; s++) ((int64_t *)a->qk_opnd_off[s])[r] = at_loops(&ap->qk.operand[s], iq, Q);
        for (uint32_t c = 0; c < at->nscore; c++) { /* row r: the loops but the keys', row-major */
            const kernel *sc = &at->score[c];
            int64_t is[KN_MAX_DIMS] = {0}, rr = r;
            for (int d = (int)sc->ndims - 1; d >= 0; d--) {
                if (d == at->score_key[c]) continue;
                is[d] = rr % sc->bounds[d];
                rr /= sc->bounds[d];
            }
            for (uint32_t s = sk_first[c]; s < sk_first[c + 1]; s++) {
                int64_t off = ap->qk.operand[s].off;
                for (uint32_t d = 0; d < sc->ndims; d++)
                    if (d != at->score_key[c]) off += is[d] * ap->qk.operand[s].stride[d];
                ((int64_t *)a->qk_opnd_off[s])[r] = off;
            }
        }
        for (uint32_t s = 0; s < np_; s++) ((int64_t *)a->pv_opnd_off[s])[r] = at_loops(&ap->pv.operand[s], ip, V);
    }
    /* the epilogue operands along keys (dv): their N stride; checked here
     * once (a stand-in pointer: the row's is set per row) */
    static const float somewhere;
    for (uint32_t s = 0; s < nq; s++) ap->qk.epi.operands[s] = (cpu_operand){&somewhere, 0, ap->qk.operand[s].stride[jq]};
    for (uint32_t c = 0; c < at->nscore; c++) /* a score kernel's keys: its loop score_key */
        for (uint32_t s = sk_first[c]; s < sk_first[c + 1]; s++)
            ap->qk.epi.operands[s].sn = ap->qk.operand[s].stride[at->score_key[c]];
    for (uint32_t s = 0; s < np_; s++) ap->pv.epi.operands[s] = (cpu_operand){&somewhere, 0, ap->pv.operand[s].stride[np]};
    if (cpu_epi_check(cb->ctx, &ap->qk.epi) != SP_OK || cpu_epi_check(cb->ctx, &ap->pv.epi) != SP_OK) {
        snprintf(why, nwhy, "the attention's epilogues do not compile for the cpu engine: %s", sp_error_message(cb->ctx));
        return false;
    }
    a->qk_epi = ap->qk.epi.ninsn ? &ap->qk.epi : NULL;
    a->pv_epi = ap->pv.epi.ninsn ? &ap->pv.epi : NULL;
    cpu_isa isa;
    if (cpu_isa_active(cb->ctx, &isa) != SP_OK) sp_rethrow(cb->ctx);
    a->isa = isa;
    a->nthreads = cb->o.nthreads; /* the run's team: cpu_attn_team */
    const cpu_caches caches = cpu_caches_detect();
    cpu_attn_plan(isa, &caches, a, &a->tile);
    return true;
}

static void run_attention(cpu_backend *cb, uint32_t ki) {
    kplan *kp = &cb->kp[ki];
    attn_plan *ap = kp->ap;
    cpu_attn_args *a = &ap->args;
    patch_program(cb, &ap->qk);
    patch_program(cb, &ap->pv);
    a->Q = (const float *)ex_value_ptr(cb->px, ap->qk.lhs.value);
    a->K = (const float *)ex_value_ptr(cb->px, ap->qk.rhs.value);
    a->V = (const float *)ex_value_ptr(cb->px, ap->pv.rhs.value);
    a->O = (float *)ex_value_ptr(cb->px, ap->pv.out.value);
    for (uint32_t s = 0; s < ap->qk.epi.noperands; s++) a->qk_base[s] = operand_base(cb, &ap->qk, s);
    for (uint32_t s = 0; s < ap->pv.epi.noperands; s++) a->pv_base[s] = operand_base(cb, &ap->pv, s);
    keep_work(cb, cpu_attn_work_bytes(a), "the attention's scratch");
    a->work = cb->work;
    cpu_attention(a);
}

/* ---------------------------------------------------------------- hooks */

static void start(ex_backend *b, ex_program *x) {
    cpu_backend *cb = (cpu_backend *)b;
    const kn_program *p = ex_kernels(x);
    cb->px = x;
    cb->n = p->nvalues;
    cb->kp = sp_calloc(cb->ctx, p->nk ? p->nk : 1, sizeof *cb->kp);
    for (uint32_t i = 0; i < p->nk; i++) cb->kp[i].k = &p->k[i];
}


/* A kernel op's body holds a cf.assert (a check at each point). */
static bool epilogue_asserts(const kernel *k) {
    for (uint32_t i = 0; i < k->nops; i++) {
        const ir_block *b = k->ops[i]->kind == IR_OP_LINALG ? ir_linalg_body(k->ops[i]) : NULL;
        for (const ir_op *o = b ? b->first : NULL; o; o = o->next)
            if (o->kind == IR_OP_ASSERT) return true;
    }
    return false;
}
/* Whether an input is read through a window: a map result that is not a
 * loop or a constant (a convolution's oh * stride + kh). */
static bool reads_a_window(const kernel *k) {
    for (uint32_t i = 0; i < k->ninputs; i++) {
        const ir_amap *m = k->inputs[i].map;
        for (uint32_t r = 0; m && r < m->nres; r++)
            if (ir_aexpr_dim(m->res[r]) < 0 && m->res[r]->kind != IR_AE_CONST) return true;
    }
    return false;
}

/* ------------------------------------------------------------ depthwise */

/* A depthwise convolution on the direct kernel (conv_dw.h): the loops
 * split into the lanes L (the output's unit-stride loop), the rows M (the
 * next output loop), the taps (every reduction loop, in loop order) and
 * the tiles (the other loops, split over the threads). */
typedef struct dw_plan {
    cpu_dw d;
    int L, M;
    uint32_t nouter;
    uint32_t outer[KN_MAX_DIMS];
    /* rbase of padded coordinate r at the tile's loop indices idx:
     * rcst[r] + sum rocoef[r][d] * idx[d] */
    int64_t rcst[CPU_DW_MAX_ROWPAD], rocoef[CPU_DW_MAX_ROWPAD][KN_MAX_DIMS];
    int64_t *taps;   /* xtap, wtap */
    int32_t *coords; /* ltap, rtap[0], rtap[1] */
    cpu_epi_prog prog;
    int fold; /* epilogue operand folded as the init, or -1 */
} dw_plan;

static void dw_free(sp_ctx *ctx, dw_plan *p) {
    if (!p) return;
    cpu_dw_free(ctx, &p->d);
    sp_free(ctx, p->taps);
    sp_free(ctx, p->coords);
    sp_free(ctx, p);
}

/* Whether a window contraction may be a depthwise one, from its structure
 * alone (folds_pad asks before storage is known): f32 products of f32
 * tensors, one output column, a zero pad if any. plan_dw decides. */
static bool dw_shape(const kernel *k, const kn_input *in0) {
    cpu_dtype a, w;
    if (k->kind != KN_CONTRACTION || k->n != 1 || k->ninputs < 2 || !reads_a_window(k) || !f32_mac(k, &a, &w) ||
        a != CPU_F32 || w != CPU_F32 || k->out->type.dtype != IR_F32)
        return false;
    for (uint32_t i = 0; i < 2; i++)
        if (k->inputs[i].value->type.kind != IR_T_TENSOR || k->inputs[i].value->type.dtype != IR_F32) return false;
    if (in0->pad) {
        float c;
        if (!is_f32_const(pad_value(in0->pad), &c) || c != 0.0f) return false;
    }
    return true;
}

static bool plan_dw(cpu_backend *cb, kplan *kp) {
    kernel *k = kp->k;
    const kn_input *in = &k->inputs[0];
    if (!dw_shape(k, in)) return false;
    for (uint32_t i = 1; i < k->ninputs; i++)
        if (k->inputs[i].pad || k->inputs[i].role == KN_ROLE_INIT) return false;
    if (!make_access(cb, in->value, in->map, k->ndims, &kp->lhs) ||
        !make_access(cb, k->inputs[1].value, k->inputs[1].map, k->ndims, &kp->rhs) ||
        !make_access(cb, k->out, k->out_map, k->ndims, &kp->out))
        return false;
    int64_t ts[IR_MAX_RANK];
    ir_type_strides(in->value->type, ts);
    if (in->pad)
        for (uint32_t r = 0; r < in->map->nres; r++) kp->lhs.off -= in->pad_low[r] * ts[r];
    kp->init_slot = -1;
    if (!compile_program(cb, kp, 1)) return false;
    cpu_epi_coalesce(&kp->epi);
    if (k->init_scalar) {
        if (k->init_scalar->type.dtype != IR_F32 || kp->epi.noperands >= CPU_EPI_MAX_OPERANDS) return false;
        kp->init_slot = (int)kp->epi.noperands++;
    }
    /* the loops */
    int L = -1, M = -1;
    uint32_t kd[KN_MAX_DIMS], nk = 0;
    for (uint32_t d = 0; d < k->ndims; d++) {
        if (k->bounds[d] == 1) continue;
        if (k->dimclass[d] == KN_DIM_K) {
            if (kp->out.stride[d]) return false;
            kd[nk++] = d;
        } else if (kp->out.stride[d] == 1 && L < 0) {
            L = (int)d;
        }
    }
    if (L < 0) return false;
    for (uint32_t d = 0; d < k->ndims; d++)
        if ((int)d != L && k->bounds[d] > 1 && k->dimclass[d] != KN_DIM_K && kp->out.stride[d] > 0 && !kp->rhs.stride[d] &&
            (M < 0 || kp->out.stride[d] < kp->out.stride[M]))
            M = (int)d;
    const int64_t xs_l = kp->lhs.stride[L], ws_l = kp->rhs.stride[L];
    if ((xs_l != 1 && xs_l != 2) || (ws_l != 0 && ws_l != 1) || (ws_l == 1 && xs_l != 1)) return false;
    for (uint32_t s = 0; s < kp->epi.noperands; s++)
        for (uint32_t i = 0; i < nk && (int)s != kp->init_slot; i++)
            if (kp->operand[s].stride[kd[i]]) return false;
    int64_t ntap = 1;
    for (uint32_t i = 0; i < nk; i++) ntap *= k->bounds[kd[i]];
    if (ntap > CPU_DW_MAX_TAPS) return false;
    dw_plan *p = sp_calloc(cb->ctx, 1, sizeof *p);
    kp->dw = p;
    p->L = L, p->M = M;
    cpu_dw *d = &p->d;
    d->L = k->bounds[L];
    d->M = M >= 0 ? k->bounds[M] : 1;
    d->xs_l = xs_l, d->ws_l = ws_l;
    d->xs_m = M >= 0 ? kp->lhs.stride[M] : 0;
    d->t_rs = (d->L + 15) / 16 * 16;
    d->ntap = (uint32_t)ntap;
    p->nouter = 0;
    for (uint32_t dd = 0; dd < k->ndims; dd++)
        if ((int)dd != L && (int)dd != M && k->dimclass[dd] != KN_DIM_K && k->bounds[dd] > 1) p->outer[p->nouter++] = dd;
    p->taps = sp_malloc(cb->ctx, sp_size_mul(cb->ctx, (size_t)ntap, 2 * sizeof(int64_t)));
    p->coords = sp_calloc(cb->ctx, (size_t)ntap * 3, sizeof(int32_t));
    int64_t *xtap = p->taps, *wtap = p->taps + ntap;
    int32_t *ltap = p->coords;
    int64_t idx[KN_MAX_DIMS] = {0};
    for (int64_t t = 0; t < ntap; t++) {
        xtap[t] = wtap[t] = 0;
        for (uint32_t i = 0; i < nk; i++) xtap[t] += idx[kd[i]] * kp->lhs.stride[kd[i]], wtap[t] += idx[kd[i]] * kp->rhs.stride[kd[i]];
        odometer_next(idx, kd, nk, k->bounds);
    }
    d->xtap = xtap, d->wtap = wtap;
    /* a folded pad's padded coordinates */
    for (uint32_t r = 0; in->pad && r < in->map->nres; r++) {
        if (!in->pad_low[r] && !in->pad_high[r]) continue;
        int64_t coef[KN_MAX_DIMS] = {0}, cst = 0;
        if (!ir_aexpr_linear(in->map->res[r], k->ndims, coef, &cst)) return false;
        int32_t *tc;
        if (coef[L]) {
            if (d->lpad || ts[r] != 1 || coef[L] != xs_l || ws_l) return false;
            for (uint32_t dd = 0; dd < k->ndims; dd++)
                if ((int)dd != L && k->dimclass[dd] != KN_DIM_K && coef[dd] && k->bounds[dd] > 1) return false;
            d->lpad = true;
            d->ldim = in->value->type.dims[r];
            tc = ltap;
            d->ltap = ltap;
        } else {
            if (d->nrp == CPU_DW_MAX_ROWPAD) return false;
            const uint32_t q = d->nrp++;
            d->rdim[q] = in->value->type.dims[r];
            d->rcoef[q] = M >= 0 ? coef[M] : 0;
            p->rcst[q] = cst - in->pad_low[r];
            for (uint32_t j = 0; j < p->nouter; j++) p->rocoef[q][p->outer[j]] = coef[p->outer[j]];
            tc = p->coords + (1 + q) * ntap;
            d->rtap[q] = tc;
        }
        memset(idx, 0, sizeof idx);
        for (int64_t t = 0; t < ntap; t++) {
            int64_t c = coef[L] ? cst - in->pad_low[r] : 0;
            for (uint32_t i = 0; i < nk; i++) c += idx[kd[i]] * coef[kd[i]];
            tc[t] = (int32_t)c;
            odometer_next(idx, kd, nk, k->bounds);
        }
    }
    cpu_dw_masks(cb->ctx, d);
    /* the epilogue: a leading bias or residual add as the init */
    cpu_epilogue chk = kp->epi;
    static const float dummy = 0.0f;
    for (uint32_t s = 0; s < chk.noperands; s++) chk.operands[s].ptr = &dummy;
    if (cpu_epi_check(cb->ctx, &chk) != SP_OK) return false;
    p->fold = cpu_epi_compile(&kp->epi, !k->init_scalar, &p->prog);
    return true;
}

static void run_dw(cpu_backend *cb, kplan *kp) {
    const kernel *k = kp->k;
    dw_plan *p = kp->dw;
    const cpu_dw *d = &p->d;
    patch_program(cb, kp);
    float init = k->init_scalar ? (float)ex_scalar(cb->px, k->init_scalar->id).f : 0.0f;
    const float *X = (const float *)ex_value_ptr(cb->px, kp->lhs.value);
    const float *W = (const float *)ex_value_ptr(cb->px, kp->rhs.value);
    float *C = (float *)ex_value_ptr(cb->px, kp->out.value);
    float *opbase[CPU_EPI_MAX_OPERANDS];
    for (uint32_t s = 0; s < kp->epi.noperands; s++) {
        const bool is_init = (int)s == kp->init_slot;
        opbase[s] = is_init ? &init : operand_base(cb, kp, s);
        kp->epi.operands[s].sm = is_init || p->M < 0 ? 0 : kp->operand[s].stride[p->M];
        kp->epi.operands[s].sn = is_init ? 0 : kp->operand[s].stride[p->L];
    }
    cpu_isa isa;
    if (cpu_isa_active(cb->ctx, &isa) != SP_OK) sp_rethrow(cb->ctx);
    int nks = 0;
    const cpu_kernel_set *const *ks = isa > CPU_ISA_GENERIC ? cpu_kernel_sets(isa, &nks) : NULL;
    void (*epi_tile)(const cpu_epi_prog *, const float *, int64_t, int, int, int64_t, int64_t, float *, int64_t) =
        nks && ks[0]->epi_tile ? ks[0]->epi_tile : cpu_epi_tile_generic;
    int64_t nouter = 1;
    for (uint32_t j = 0; j < p->nouter; j++) nouter *= k->bounds[p->outer[j]];
    const int nt = cpu_team(cb->o.nthreads, nouter);
    const size_t per = (size_t)(d->M * d->t_rs);
    keep_work(cb, sp_size_mul(cb->ctx, per * sizeof(float), (size_t)nt), "a depthwise convolution's tiles");
    float *tiles = cb->work;
    const int64_t c_rs = p->M >= 0 ? kp->out.stride[p->M] : 0;
    /* the epilogue in the kernel's registers where it is steps, else on the tile */
    cpu_epi_prog chk = p->prog;
    chk.e = &kp->epi;
    const bool direct = isa >= CPU_ISA_AVX2 && cpu_dw_steps_fit(&chk);
#pragma omp parallel num_threads(nt)
    {
        const int id = omp_get_thread_num(), n = omp_get_num_threads();
        cpu_epilogue e = kp->epi;
        cpu_epi_prog pr = p->prog;
        pr.e = &e;
        cpu_dw_item it = {.tile = tiles + (size_t)id * per, .out_rs = c_rs, .epi = &pr};
        int64_t idx[KN_MAX_DIMS] = {0};
        const int64_t o0 = nouter * id / n, o1 = nouter * (id + 1) / n;
        for (int64_t o = o0; o < o1; o++) {
            for (int64_t r = o, j = (int64_t)p->nouter - 1; j >= 0; j--) {
                const int64_t b = k->bounds[p->outer[j]];
                idx[p->outer[j]] = r % b;
                r /= b;
            }
            it.x = X + at(&kp->lhs, idx, p->outer, p->nouter);
            it.w = W + at(&kp->rhs, idx, p->outer, p->nouter);
            for (uint32_t r = 0; r < d->nrp; r++) {
                it.rbase[r] = p->rcst[r];
                for (uint32_t j = 0; j < p->nouter; j++) it.rbase[r] += p->rocoef[r][p->outer[j]] * idx[p->outer[j]];
            }
            for (uint32_t s = 0; s < e.noperands; s++)
                e.operands[s].ptr = (int)s == kp->init_slot ? &init : opbase[s] + at(&kp->operand[s], idx, p->outer, p->nouter);
            if (p->fold >= 0) {
                it.init = e.operands[p->fold].ptr, it.init_sm = e.operands[p->fold].sm, it.init_sn = e.operands[p->fold].sn;
            } else if (k->init_scalar) {
                it.init = &init, it.init_sm = it.init_sn = 0;
            } else {
                it.init = NULL;
            }
            float *c = C + at(&kp->out, idx, p->outer, p->nouter);
            it.out = direct ? c : NULL;
            cpu_dw_tile(d, isa, &it);
            if (!direct)
                for (int64_t c0 = 0; c0 < d->L; c0 += 32) /* the tile functions' rows hold 32 floats at least */
                    epi_tile(&pr, it.tile + c0, d->t_rs, (int)d->M, (int)(d->L - c0 < 32 ? d->L - c0 : 32), 0, c0, c + c0, c_rs);
        }
    }
}

static bool lower(ex_backend *b, ex_program *x, uint32_t i, char *why, size_t nwhy) {
    cpu_backend *cb = (cpu_backend *)b;
    kplan *kp = &cb->kp[i];
    kp->path = PATH_INTERP;
    bool ok = false;
    if (kp->k->kind == KN_CONTRACTION) {
        /* one output column over a window (a depthwise convolution: per
         * channel a window sum): the GEMM microkernels would fill 1 of their
         * 64 columns (ConvNeXt's 7x7 depthwise: 0.4 GFLOP/s), the loop
         * engine puts its lanes along the output's pixels. A plain
         * matrix-vector product keeps the GEMV kernel (faster there). */
        if (plan_dw(cb, kp)) {
            kp->path = PATH_DW;
            return true;
        }
        dw_free(cb->ctx, kp->dw);
        kp->dw = NULL;
        memset(&kp->epi, 0, sizeof kp->epi), kp->npatches = 0;
        if (kp->k->n == 1 && reads_a_window(kp->k) && !kp->k->inputs[0].pad) {
            kp->lk = sp_calloc(cb->ctx, 1, sizeof *kp->lk);
            if (cpu_loop_lower(cb->ctx, x, kp->k, kp->lk, why, nwhy)) {
                kp->path = PATH_LOOP;
                return true;
            }
            sp_free(cb->ctx, kp->lk);
            kp->lk = NULL;
        }
        ok = plan_gemm(cb, kp);
        if (ok) kp->path = PATH_GEMM;
    } else if (kp->k->kind == KN_LOOP) {
        kp->lk = sp_calloc(cb->ctx, 1, sizeof *kp->lk);
        ok = cpu_loop_lower(cb->ctx, x, kp->k, kp->lk, why, nwhy);
        if (ok) kp->path = PATH_LOOP;
        return ok;
    } else if (kp->k->kind == KN_ATTENTION) {
        ok = plan_attention(cb, kp, why, nwhy);
        if (ok) kp->path = PATH_ATTN;
        return ok;
    } else if (kp->k->kind == KN_OP) {
        kp->lk = sp_calloc(cb->ctx, 1, sizeof *kp->lk);
        ok = cpu_loop_lower_op(cb->ctx, x, kp->k, kp->lk, why, nwhy);
        if (ok) kp->path = PATH_OP;
        return ok;
    }
    if (!ok) {
        memset(&kp->epi, 0, sizeof kp->epi), kp->npatches = 0;
        const ir_block *rb = kp->k->kind == KN_CONTRACTION ? ir_linalg_body(kp->k->root) : NULL;
        const ir_dtype acc = rb && rb->nargs ? (ir_dtype)rb->args[rb->nargs - 1].type.dtype : IR_F32;
        if (acc == IR_BF16 || acc == IR_F16)
            snprintf(why, nwhy,
                     "the contraction sums in %s, each step rounded, and the cpu engine sums in f32 (an f32 "
                     "accumulator, as torch-mlir writes one, runs on the engine)",
                     acc == IR_BF16 ? "bf16" : "f16");
        else if (epilogue_asserts(kp->k))
            /* TODO(issue 33): the GEMM epilogue's instructions are f32
             * vector ops with no way to stop the run; a check there would
             * need one (the loop engine's and the npu's run it) */
            snprintf(why, nwhy, "its epilogue holds a cf.assert, which the cpu engine's %s epilogues do not run",
                     kn_kind_name(kp->k->kind));
        else
            snprintf(why, nwhy, "the cpu engine has no %s kernel of this kind", kn_kind_name(kp->k->kind));
    }
    return ok;
}

/* A pad is folded into a convolution's window (plan_window): the packing
 * writes the padding value where a window element falls outside the
 * source, so the padded tensor is never written. Only f32 convolutions of
 * more than one output column (the GEMM paths; a depthwise one runs on the
 * loop engine) whose padded coordinates are window coordinates. */
static bool folds_pad(ex_backend *b, const kernel *k, uint32_t input, const kn_input *folded) {
    (void)b;
    if (input == 0 && k->n == 1 && folded->pad && folded->pad_low && folded->map && dw_shape(k, folded)) return true;
    if (input != 0 || k->kind != KN_CONTRACTION || k->n == 1 || k->ninputs < 2 || !folded->pad || !folded->pad_low ||
        !folded->map || ir_amap_is_projected_perm(folded->map, true))
        return false;
    const ir_value *x = folded->value, *w = k->inputs[1].value;
    if (x->type.kind != IR_T_TENSOR || x->type.dtype != IR_F32 || w->type.kind != IR_T_TENSOR ||
        w->type.dtype != IR_F32 || k->out->type.dtype != IR_F32 || x->type.rank != folded->map->nres)
        return false;
    for (uint32_t r = 0; r < folded->map->nres; r++)
        if ((folded->pad_low[r] || folded->pad_high[r]) && ir_aexpr_dim(folded->map->res[r]) >= 0) return false;
    return true;
}

static bool elementwise(ex_backend *b, const ex_program *x, uint32_t i) {
    (void)x;
    const kplan *kp = &((cpu_backend *)b)->kp[i];
    return kp->path == PATH_LOOP && kp->lk->L.acc < 0; /* each chunk loads its lanes before it stores them */
}

/* The most threads a run of kernel kp starts (each path sizes its teams
 * with cpu_team). */
static int kernel_team(const cpu_backend *cb, const kplan *kp) {
    const int nt = cb->o.nthreads;
    switch (kp->path) {
    case PATH_GEMM: {
        const int g = kp->blocking.nthreads < nt ? kp->blocking.nthreads : nt;
        int t = g > 1 ? g : 1;
        if ((kp->window_b && !kp->direct) || kp->gather) { /* run_windows: its items over the threads */
            int64_t nouter = 1;
            for (uint32_t j = 0; j < kp->nouter; j++) nouter *= kp->k->bounds[kp->outer[j]];
            if (window_split(kp, nt, nouter) && cpu_team(nt, window_items(kp, nouter)) > t)
                t = cpu_team(nt, window_items(kp, nouter));
        }
        return t;
    }
    case PATH_ATTN: return cpu_attn_team(&kp->ap->args);
    case PATH_DW: {
        int64_t nouter = 1;
        for (uint32_t j = 0; j < kp->dw->nouter; j++) nouter *= kp->k->bounds[kp->dw->outer[j]];
        return cpu_team(nt, nouter);
    }
    case PATH_LOOP:
    case PATH_OP: return cpu_loop_kernel_team(kp->lk, nt);
    default: return 1;
    }
}

/* Constant weights are packed once, here; the others are planned as packed
 * per call. The largest team each kernel starts is started once now, so
 * that a system that will not start it is a located error (exit 1), not
 * OpenMP ending the process. */
static void prepare(ex_backend *b, ex_program *x, uint32_t i) {
    cpu_backend *cb = (cpu_backend *)b;
    kplan *kp = &cb->kp[i];
    if (kp->path == PATH_GEMM) {
        const uint8_t *cdata = ex_value_const(x, kp->rhs.value);
        const bool packed_now = cdata && rhs_packable(kp) && !kp->window_b; /* the window is packed per run */
        if (kp->window_b || kp->gather) {
            plan_chunk(cb, kp);
            if (kp->window_b) plan_direct(cb, kp);
        } else {
            choose_blocking(cb, kp, !packed_now);
        }
        if (packed_now) pack_rhs(cb, kp, cdata);
    }
    ex_reserve_threads(x, i, kernel_team(cb, kp));
}

static void run(ex_backend *b, ex_program *x, uint32_t i) {
    (void)x;
    cpu_backend *cb = (cpu_backend *)b;
    if (cb->kp[i].path == PATH_GEMM)
        run_gemm(cb, i);
    else if (cb->kp[i].path == PATH_ATTN)
        run_attention(cb, i);
    else if (cb->kp[i].path == PATH_DW)
        run_dw(cb, &cb->kp[i]);
    else
        cpu_loop_kernel_run(cb->ctx, x, cb->kp[i].lk, cb->o.nthreads);
}

static void bind(ex_backend *b, ex_program *x, uint32_t arg, const void *data) {
    cpu_backend *cb = (cpu_backend *)b;
    for (uint32_t i = 0; i < ex_kernels(x)->nk; i++) {
        kplan *kp = &cb->kp[i];
        if (kp->path == PATH_GEMM && !kp->window_b && ex_value_storage(x, kp->rhs.value) == EX_ARG &&
            ex_value_index(x, kp->rhs.value) == arg && rhs_packable(kp)) {
            choose_blocking(cb, kp, false); /* packed from now on: one B block in L2 */
            pack_rhs(cb, kp, data);
            ex_reserve_threads(x, i, kernel_team(cb, kp));
        }
    }
}

static void report(ex_backend *b, ex_program *x, int kind, const struct ex_report_opts *o, sp_strbuf *out) {
    (void)b;
    cpu_report(x, kind, o, out);
}

static void free_f32(sp_ctx *ctx, kplan *kp) {
    for (uint32_t s = 0; s < CPU_EPI_MAX_OPERANDS; s++) sp_free(ctx, kp->f32[s]);
}

static void free_backend(ex_backend *b, sp_ctx *ctx) {
    cpu_backend *cb = (cpu_backend *)b;
    if (cb->px)
        for (uint32_t i = 0; cb->kp && i < ex_kernels(cb->px)->nk; i++) {
            cpu_packed_free(ctx, cb->kp[i].packed);
            sp_free(ctx, cb->kp[i].moff);
            sp_free(ctx, cb->kp[i].koff);
            sp_free(ctx, cb->kp[i].bounds);
            sp_free(ctx, cb->kp[i].combo);
            sp_free(ctx, cb->kp[i].kcombo);
            sp_free(ctx, cb->kp[i].krun);
            sp_free(ctx, cb->kp[i].kmask);
            sp_free(ctx, cb->kp[i].wpack_raw);
        }
    for (uint32_t i = 0; cb->kp && cb->px && i < ex_kernels(cb->px)->nk; i++) {
        sp_free(ctx, cb->kp[i].lk);
        dw_free(ctx, cb->kp[i].dw);
        free_f32(ctx, &cb->kp[i]);
        if (cb->kp[i].ap) {
            free_f32(ctx, &cb->kp[i].ap->qk), free_f32(ctx, &cb->kp[i].ap->pv);
            attn_plan *ap = cb->kp[i].ap;
            sp_free(ctx, ap->offs);
            sp_free(ctx, ap->qk.moff), sp_free(ctx, ap->qk.koff), sp_free(ctx, ap->pv.moff), sp_free(ctx, ap->pv.koff);
        }
        sp_free(ctx, cb->kp[i].ap);
    }
    sp_free(ctx, cb->work_raw);
    sp_free(ctx, cb->kp);
    sp_free(ctx, cb);
}

ex_backend *cpu_backend_new(sp_ctx *ctx, const cpu_backend_opts *o) {
    cpu_backend *cb = sp_calloc(ctx, 1, sizeof *cb);
    cb->base = (ex_backend){
        .name = "cpu",
        .fuses_attention = true,
        .gathers = true, /* the loop engine's CPU_L_GATHER */
        .folds_pad = folds_pad,
        .start = start,
        .lower = lower,
        .elementwise = elementwise,
        .prepare = prepare,
        .run = run,
        .bind = bind,
        .report = report,
        .free = free_backend,
    };
    cb->ctx = ctx;
    cb->o = *o;
    if (cb->o.nthreads < 1) cb->o.nthreads = 1;
    return &cb->base;
}

int cpu_backend_threads(const ex_program *x) { return ((const cpu_backend *)ex_get_backend(x))->o.nthreads; }

void cpu_note_flushing_kernels(const ex_program *x, sp_strbuf *out) {
    const cpu_backend *cb = (const cpu_backend *)ex_get_backend(x);
    for (uint32_t i = 0; i < ex_kernels(x)->nk; i++) {
        const kplan *kp = &cb->kp[i];
        if (kp->path != PATH_GEMM || !kp->blocking.pairs) continue;
        sp_strbuf_printf(out,
                         "note: k%u multiplies bf16 pairs (%s, %s), which reads subnormal inputs as zero and flushes "
                         "products and sums below 2^-126 to zero where the reference keeps them; SPADC_ISA=avx512 "
                         "converts to f32 instead\n",
                         i, kp->blocking.kernel, kp->blocking.isa >= CPU_ISA_AMX ? "TDPBF16PS" : "VDPBF16PS");
    }
}

const cpu_blocking *cpu_backend_blocking(const ex_program *x, uint32_t i) {
    const cpu_backend *cb = (const cpu_backend *)ex_get_backend(x);
    return i < ex_kernels(x)->nk && cb->kp[i].path == PATH_GEMM ? &cb->kp[i].blocking : NULL;
}

const cpu_loop *cpu_backend_loop(const ex_program *x, uint32_t i) {
    const cpu_backend *cb = (const cpu_backend *)ex_get_backend(x);
    return i < ex_kernels(x)->nk && cb->kp[i].path == PATH_LOOP ? &cb->kp[i].lk->L : NULL;
}

const cpu_attn_tile *cpu_backend_attention(const ex_program *x, uint32_t i) {
    const cpu_backend *cb = (const cpu_backend *)ex_get_backend(x);
    return i < ex_kernels(x)->nk && cb->kp[i].path == PATH_ATTN ? &cb->kp[i].ap->args.tile : NULL;
}

cpu_conv_mode cpu_backend_conv(const ex_program *x, uint32_t i, int64_t *pixels) {
    const cpu_backend *cb = (const cpu_backend *)ex_get_backend(x);
    if (i < ex_kernels(x)->nk && cb->kp[i].path == PATH_DW) {
        if (pixels) *pixels = cb->kp[i].dw->d.M * cb->kp[i].dw->d.L;
        return CPU_CONV_DEPTHWISE;
    }
    if (i >= ex_kernels(x)->nk || cb->kp[i].path != PATH_GEMM) return CPU_CONV_NONE;
    const kplan *kp = &cb->kp[i];
    if (pixels) *pixels = kp->direct ? kp->npix : kp->chunk;
    return kp->direct ? CPU_CONV_WINDOW_IN_PLACE : kp->window_b ? CPU_CONV_WINDOW_PACKED : kp->gather ? CPU_CONV_IM2COL : CPU_CONV_NONE;
}
