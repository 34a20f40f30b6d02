/* precision.c - f32 contractions through bf16 terms (passes.h: bf16x3,
 * bf16x6), what a TPU's matrix unit does for f32 ("precision HIGH" and
 * "HIGHEST" in JAX; XLA's dot algorithms BF16_BF16_F32_X3 and _X6).
 *
 * An f32 operand x is split into bf16 terms, each the rounding of what the
 * ones before left: x0 = bf16(x), x1 = bf16(x - x0), x2 = bf16(x - x0 - x1).
 * The subtractions are exact in f32 (x - x0 is x's low bits), so x0 + x1
 * holds x to 16 bits and x0 + x1 + x2 to all 24. A product of two bf16
 * terms is exact in f32 (8 x 8 significant bits), so a contraction of
 * terms summed in f32 loses only its sums' roundings:
 *
 *   bf16x3  a0 b0 + a0 b1 + a1 b0                     (two terms each)
 *   bf16x6  ... + a0 b2 + a1 b1 + a2 b0               (three terms each)
 *
 * The dropped products are below 2^-16 (bf16x3) and 2^-24 (bf16x6) of
 * |a| |b|: bf16x3 is about 2^-16 accurate, bf16x6 as accurate as f32
 * (tests/python/test_precision.py measures both against an f64
 * evaluation).
 *
 * The rewrite is in the IR, so every target runs it as it runs any bf16
 * model: each f32 multiply-accumulate (ir_linalg_is_mac: a matmul, a
 * convolution, an attention's products) becomes one contraction of bf16
 * terms per product (summed in f32), added up the smallest first, each
 * add its own contraction's epilogue (split_func); the splitting ops are
 * elementwise, one per operand and term, shared by the contractions that
 * read the same operand. For a target that compiles no bf16 convolution
 * (the cpu: exec.h ex_backend.bf16_windows), a convolution's terms are
 * f32 tensors of bf16 values (f32(x0), ...): the same exact products, on
 * the target's f32 kernels.
 *
 * Limits, as XLA's: an operand of magnitude past bf16's largest finite
 * value once rounded (|x| > 3.39e38), or an infinity, gives NaN (its
 * terms are inf - inf); and the engines that flush subnormal bf16 inputs
 * (VDPBF16PS, AMX) drop terms below 2^-126, so operands under about
 * 2^-110 keep fewer bits.
 */
#include "ir/build.h"
#include "ir/rewrite.h"
#include "passes.h"

/* An operand's terms, made once per operand value and storage type. */
typedef struct split {
    const ir_value *x;
    bool f32; /* terms stored as f32 */
    ir_value *term[3];
} split;

typedef struct prec_ctx {
    ir_module *m;
    ir_op *func;
    uint32_t nterms; /* 2 (bf16x3) or 3 (bf16x6) */
    bool f32_windows; /* a convolution's terms stored as f32 */
    split *splits;
    uint32_t nsplits, cap;
} prec_ctx;

/* term t of x: x0 = bf16(x), r1 = x - f32(x0), x1 = bf16(r1), ... (the
 * body of one elementwise op over x's shape), stored as bf16 or f32 */
static ir_value *build_term(prec_ctx *p, ir_value *x, uint32_t t, bool as_f32, ir_op *before) {
    ir_module *m = p->m;
    sp_loc loc = before->loc;
    ir_type f32 = ir_scalar_type(IR_F32), b16 = ir_scalar_type(IR_BF16);
    ir_op *e = ir_build_empty(m, loc, ir_tensor_type(m, as_f32 ? IR_F32 : IR_BF16, x->type.rank, x->type.dims));
    ir_block_insert_before(before->parent, before, e);
    ir_op *g = ir_build_map(m, loc, x, &e->res[0]);
    ir_block *body = g->regions[0];
    ir_value *r = &body->args[0];
    ir_value *h = NULL;
    for (uint32_t i = 0; i <= t; i++) {
        if (i) {
            ir_op *w = ir_build_scalar(m, loc, IR_OP_EXTF, h, NULL, f32);
            ir_block_append(body, w);
            ir_op *d = ir_build_scalar(m, loc, IR_OP_SUBF, r, &w->res[0], f32);
            ir_block_append(body, d);
            r = &d->res[0];
        }
        ir_op *n = ir_build_scalar(m, loc, IR_OP_TRUNCF, r, NULL, b16);
        ir_block_append(body, n);
        h = &n->res[0];
    }
    if (as_f32) {
        ir_op *w = ir_build_scalar(m, loc, IR_OP_EXTF, h, NULL, f32);
        ir_block_append(body, w);
        h = &w->res[0];
    }
    ir_build_yield(m, body, loc, h);
    ir_block_insert_before(before->parent, before, g);
    return &g->res[0];
}

static split *split_of(prec_ctx *p, ir_value *x, bool as_f32, ir_op *before) {
    for (uint32_t i = 0; i < p->nsplits; i++)
        if (p->splits[i].x == x && p->splits[i].f32 == as_f32) return &p->splits[i];
    if (p->nsplits == p->cap) {
        uint32_t cap = p->cap ? 2 * p->cap : 16;
        split *s = sp_arena_array(&p->m->arena, cap, sizeof *s);
        for (uint32_t i = 0; i < p->nsplits; i++) s[i] = p->splits[i];
        p->splits = s;
        p->cap = cap;
    }
    split *s = &p->splits[p->nsplits++];
    s->x = x;
    s->f32 = as_f32;
    for (uint32_t t = 0; t < p->nterms; t++) s->term[t] = build_term(p, x, t, as_f32, before);
    return s;
}

/* The mac's body op of a kind (its mul or add), for their fastmath flags. */
static const ir_op *body_op(const ir_op *mac, ir_opkind kind) {
    for (const ir_op *o = ir_linalg_body(mac)->first; o; o = o->next)
        if (o->kind == kind) return o;
    return NULL;
}

/* One link: init + f32(a) * f32(b) over mac's loops and maps (a term
 * stored as f32 read as it is). */
static ir_op *build_link(prec_ctx *p, const ir_op *mac, ir_value *a, ir_value *b, ir_value *init) {
    ir_module *m = p->m;
    sp_loc loc = mac->loc;
    ir_op *op = ir_op_new(m, IR_OP_LINALG, loc, 3, 1, 1);
    op->opnds[0] = a;
    op->opnds[1] = b;
    op->opnds[2] = init;
    op->res[0].type = mac->res[0].type;
    op->u.lin = mac->u.lin; /* loops, maps, iterators and the named form (which casts its inputs to f32) */
    ir_type f32 = ir_scalar_type(IR_F32);
    ir_type tys[3] = {ir_scalar_type(ir_value_elem(a)), ir_scalar_type(ir_value_elem(b)), f32};
    ir_block *body = ir_block_new(m, 3, tys);
    ir_op_set_region(op, 0, body);
    ir_value *in[2];
    for (uint32_t i = 0; i < 2; i++) {
        in[i] = &body->args[i];
        if (tys[i].dtype == IR_F32) continue;
        ir_op *w = ir_build_scalar(m, loc, IR_OP_EXTF, in[i], NULL, f32);
        ir_block_append(body, w);
        in[i] = &w->res[0];
    }
    ir_op *mul = ir_build_scalar(m, loc, IR_OP_MULF, in[0], in[1], f32);
    ir_op *add = ir_build_scalar(m, loc, IR_OP_ADDF, &body->args[2], &mul->res[0], f32);
    const ir_op *omul = body_op(mac, IR_OP_MULF), *oadd = body_op(mac, IR_OP_ADDF);
    mul->flags = omul ? omul->flags : 0;
    add->flags = oadd ? oadd->flags : 0;
    ir_block_append(body, mul);
    ir_block_append(body, add);
    ir_build_yield(m, body, loc, &add->res[0]);
    return op;
}

/* An f32 x f32 -> f32 multiply-accumulate over tensors (f32 inputs: no
 * widening cast in the body). */
static bool is_f32_mac(const ir_op *op) {
    if (!ir_linalg_is_mac(op) || !body_op(op, IR_OP_MULF)) return false;
    for (uint32_t i = 0; i < 3; i++)
        if (op->opnds[i]->type.kind != IR_T_TENSOR || ir_value_elem(op->opnds[i]) != IR_F32) return false;
    return op->res[0].type.kind == IR_T_TENSOR;
}

/* Whether an input of the mac is read through a window. */
static bool reads_a_window(const ir_op *mac) {
    for (uint32_t i = 0; i < mac->u.lin.nins; i++)
        if (ir_amap_reads_window(mac->u.lin.maps[i])) return true;
    return false;
}

static void split_func(prec_ctx *p) {
    /* the products of terms (i, j), smallest first: the big ones are added
     * last, onto the small ones' sum */
    static const uint8_t x3[][2] = {{1, 0}, {0, 1}, {0, 0}};
    static const uint8_t x6[][2] = {{2, 0}, {1, 1}, {0, 2}, {1, 0}, {0, 1}, {0, 0}};
    const uint8_t(*pairs)[2] = p->nterms == 2 ? x3 : x6;
    const uint32_t npairs = p->nterms == 2 ? 3 : 6;
    ir_module *m = p->m;
    ir_block *b = p->func->regions[0];
    for (ir_op *op = b->first; op;) {
        ir_op *next = op->next;
        if (op->kind == IR_OP_LINALG && is_f32_mac(op)) {
            const bool as_f32 = p->f32_windows && reads_a_window(op);
            /* copies: the second call may move the array */
            const split sa = *split_of(p, op->opnds[0], as_f32, op);
            const split sb = *split_of(p, op->opnds[1], as_f32, op);
            /* link k: P_k = products k over a zero init (the first: the
             * mac's own init, a zero or a scalar once canonicalised), then
             * c_k = P_k + c_{k-1}. The links are written last first: the
             * fuser gives an elementwise op to the first kernel that
             * reaches it (fuse.c grow_chain), so each add is its own
             * link's epilogue (one operand), where written in order the
             * first link would take every add and read every P (past the
             * cpu epilogue's operands, with a BatchNorm after). */
            ir_value *prod[6];
            ir_value *zero = NULL;
            for (uint32_t k = npairs; k-- > 0;) {
                ir_value *init = op->opnds[2];
                if (k) {
                    if (!zero) {
                        ir_op *z = ir_build_zero(m, op->loc, IR_F32);
                        ir_block_insert_before(b, op, z);
                        zero = &z->res[0];
                    }
                    ir_op *e = ir_build_empty(m, op->loc, op->res[0].type);
                    ir_block_insert_before(b, op, e);
                    ir_op *f = ir_build_fill(m, op->loc, zero, &e->res[0]);
                    ir_block_insert_before(b, op, f);
                    init = &f->res[0];
                }
                ir_op *link = build_link(p, op, sa.term[pairs[k][0]], sb.term[pairs[k][1]], init);
                ir_block_insert_before(b, op, link);
                prod[k] = &link->res[0];
            }
            ir_value *acc = prod[0];
            for (uint32_t k = 1; k < npairs; k++) {
                ir_op *e = ir_build_empty(m, op->loc, op->res[0].type);
                ir_block_insert_before(b, op, e);
                ir_op *add = ir_build_binary(m, op->loc, IR_OP_ADDF, prod[k], acc, &e->res[0]);
                ir_block_insert_before(b, op, add);
                acc = &add->res[0];
            }
            ir_replace_value(p->func, &op->res[0], acc);
            ir_block_remove(b, op);
        }
        op = next;
    }
}

void pass_split_bf16(ir_module *m, ir_op *func, int nterms, bool f32_windows) {
    SP_ASSERT(m->ctx, nterms == 2 || nterms == 3);
    prec_ctx p = {.m = m, .func = func, .nterms = (uint32_t)nterms, .f32_windows = f32_windows};
    split_func(&p);
    ir_func_number(func);
}

void pass_split_bf16_module(ir_module *m, int nterms) {
    for (ir_op *f = ir_module_body(m)->first; f; f = f->next)
        if (f->kind == IR_OP_FUNC && !f->u.fn.is_decl) pass_split_bf16(m, f, nterms, false);
}
