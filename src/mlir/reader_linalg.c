/* reader_linalg.c - linalg structured ops: the custom forms of linalg.generic
 * and every named op, and their import into the one structured form (maps,
 * iterators, scalar body) the rest of spadc works on. The bodies built for
 * named ops are the ones `mlir-opt --linalg-generalize-named-ops` produces. */
#include <string.h>

#include "parser.h"

/* --------------------------------------------------------- kinds table */

typedef enum ew_arity { EW_NONE = 0, EW_UNARY = 1, EW_BINARY = 2, EW_TERNARY = 3 } ew_arity;

/* linalg.elementwise kinds: name, arity, float op, integer op (-1: none) */
static const struct {
    const char *name;
    ew_arity arity;
    int fop, iop;
} EW_KINDS[] = {
#define EW(named, name, kind, arity, fop, iop) {kind, (ew_arity)(arity), fop, iop},
#define EW_KIND(kind, arity, fop, iop) {kind, (ew_arity)(arity), fop, iop},
#include "ir/elementwise.def"
};

/* named elementwise ops (linalg.add, ...) map onto an elementwise kind */
static const char *named_ew_kind(ir_linalg_kind k) {
    switch (k) {
#define EW(named, name, kind, arity, fop, iop) \
    case IR_LN_##named: return kind;
#include "ir/elementwise.def"
    default: return NULL;
    }
}

static int ew_index(const char *name, size_t n) {
    for (size_t i = 0; i < SP_ARRAY_LEN(EW_KINDS); i++)
        if (strlen(EW_KINDS[i].name) == n && !memcmp(EW_KINDS[i].name, name, n)) return (int)i;
    return -1;
}

int ps_linalg_kind(const char *name, uint32_t len) {
    for (int k = 0; k < IR_LN_COUNT; k++) {
        const char *n = ir_linalg_kind_name((ir_linalg_kind)k);
        if (strlen(n) == len && !memcmp(n, name, len)) return k;
    }
    return -1;
}

/* ------------------------------------------------------- body building */

static ir_value *body_op(parser *p, ir_block *b, ir_opkind k, sp_loc loc, ir_type t, ir_value *x, ir_value *y,
                         ir_value *z) {
    uint32_t n = z ? 3 : y ? 2 : 1;
    ir_op *op = ps_new_op(p, k, loc, n, 1);
    op->opnds[0] = x;
    if (y) op->opnds[1] = y;
    if (z) op->opnds[2] = z;
    op->res[0].type = t;
    ir_block_append(b, op);
    return &op->res[0];
}

static void body_yield(parser *p, ir_block *b, sp_loc loc, ir_value *v) {
    ir_op *op = ps_new_op(p, IR_OP_LINALG_YIELD, loc, 1, 0);
    op->opnds[0] = v;
    ir_block_append(b, op);
}

/* Convert x to dtype `to` the way linalg's cast_signed/cast_unsigned do. */
static ir_value *cast_to(parser *p, ir_block *b, sp_loc loc, ir_value *x, ir_dtype to, bool is_unsigned) {
    ir_dtype from = (ir_dtype)x->type.dtype;
    if (from == to) return x;
    bool ff = ir_dtype_is_float(from), tf = ir_dtype_is_float(to);
    ir_opkind k;
    if (ff && tf)
        k = ir_dtype_bits(to) > ir_dtype_bits(from) ? IR_OP_EXTF : IR_OP_TRUNCF;
    else if (!ff && tf)
        k = is_unsigned ? IR_OP_UITOFP : IR_OP_SITOFP;
    else if (ff && !tf)
        k = is_unsigned ? IR_OP_FPTOUI : IR_OP_FPTOSI;
    else if (from == IR_INDEX || to == IR_INDEX)
        k = is_unsigned ? IR_OP_INDEX_CASTUI : IR_OP_INDEX_CAST;
    else
        k = ir_dtype_bits(to) > ir_dtype_bits(from) ? (is_unsigned ? IR_OP_EXTUI : IR_OP_EXTSI) : IR_OP_TRUNCI;
    return body_op(p, b, k, loc, ir_scalar_type(to), x, NULL, NULL);
}

static ir_block *new_body(parser *p, ir_op *op) {
    uint32_t n = ir_linalg_nopnds(op);
    ir_type *tys = sp_arena_array(p->ar, n, sizeof *tys);
    for (uint32_t i = 0; i < n; i++) tys[i] = ir_scalar_type(ir_value_elem(op->opnds[i]));
    ir_block *b = ir_block_new(p->m, n, tys);
    ir_op_set_region(op, 0, b);
    return b;
}

/* ---------------------------------------------------- structured ops */

static ir_op *lin_new(parser *p, sp_loc loc, ir_linalg_kind named, ir_value **ins, uint32_t nins, ir_value **outs,
                      uint32_t nouts) {
    if (nouts == 0) ps_error_at(p, loc, "linalg.%s needs at least one outs operand", ir_linalg_kind_name(named));
    ir_op *op = ir_op_new(p->m, IR_OP_LINALG, loc, nins + nouts, nouts, 1);
    for (uint32_t i = 0; i < nins; i++) op->opnds[i] = ins[i];
    for (uint32_t i = 0; i < nouts; i++) {
        op->opnds[nins + i] = outs[i];
        if (outs[i]->type.kind != IR_T_TENSOR)
            ps_error_at(p, loc, "linalg.%s: outs operand #%u must be a tensor", ir_linalg_kind_name(named), i);
        op->res[i].type = outs[i]->type;
    }
    op->u.lin.named = (uint8_t)named;
    op->u.lin.nins = nins;
    op->u.lin.nouts = nouts;
    op->u.lin.maps = sp_arena_array(p->ar, nins + nouts, sizeof *op->u.lin.maps);
    return op;
}

static void set_iters(parser *p, ir_op *op, uint32_t ndims, const uint8_t *iters) {
    op->u.lin.ndims = ndims;
    op->u.lin.iters = sp_arena_array(p->ar, ndims ? ndims : 1, 1);
    if (iters) memcpy(op->u.lin.iters, iters, ndims);
}

static uint32_t rank_of(const ir_value *v) { return v->type.kind == IR_T_SCALAR ? 0 : v->type.rank; }

static void need_arity(parser *p, sp_loc loc, const char *what, uint32_t nins, uint32_t nouts, uint32_t wi,
                       uint32_t wo) {
    if (nins != wi || nouts != wo)
        ps_error_at(p, loc, "linalg.%s takes %u input%s and %u output%s, found %u and %u", what, wi, wi == 1 ? "" : "s",
                    wo, wo == 1 ? "" : "s", nins, nouts);
}

/* Convolutions and pooling as MLIR defines them (linalg's opdsl: loops in
 * the order of each op's domain(), which is the order mlir-opt's
 * generalization prints and the reference sums in). A window result is
 * d_out * stride + d_k * dilation along spatial axis `axis`. */
typedef struct win_res {
    int8_t d, k, axis; /* k < 0: the plain loop d */
} win_res;

enum { WB_MAC, WB_MAX, WB_SUM, WB_MIN, WB_MAXU, WB_MINU }; /* out + in * kernel, max(out, in), ... */

typedef struct win_op {
    ir_linalg_kind kind;
    uint8_t ndims;
    uint8_t nsp;     /* strides / dilations entries (0: the op has neither, all 1) */
    uint16_t red;    /* the loops that reduce, bit d for loop d */
    uint8_t body;    /* WB_* */
    uint8_t rank[3]; /* results of the input, kernel and output maps */
    win_res res[3][6];
} win_op;

#define D(x) {x, -1, 0}
#define W(o, k, a) {o, k, a}
#define LAST(nd, nr) (uint16_t)(((1u << (nd)) - 1) & ~((1u << ((nd) - (nr))) - 1)) /* the last nr of nd loops */
static const win_op WIN_OPS[] = {
    /* 2-D */
    {IR_LN_CONV_2D_NCHW_FCHW, 7, 2, LAST(7, 3), WB_MAC, {4, 4, 4},
     {{D(0), D(4), W(2, 5, 0), W(3, 6, 1)}, {D(1), D(4), D(5), D(6)}, {D(0), D(1), D(2), D(3)}}},
    {IR_LN_CONV_2D_NHWC_HWCF, 7, 2, LAST(7, 3), WB_MAC, {4, 4, 4},
     {{D(0), W(1, 4, 0), W(2, 5, 1), D(6)}, {D(4), D(5), D(6), D(3)}, {D(0), D(1), D(2), D(3)}}},
    {IR_LN_CONV_2D_NHWC_FHWC, 7, 2, LAST(7, 3), WB_MAC, {4, 4, 4},
     {{D(0), W(1, 4, 0), W(2, 5, 1), D(6)}, {D(3), D(4), D(5), D(6)}, {D(0), D(1), D(2), D(3)}}},
    {IR_LN_CONV_2D_NGCHW_FGCHW, 8, 2, LAST(8, 3), WB_MAC, {5, 5, 5},
     {{D(0), D(1), D(5), W(3, 6, 0), W(4, 7, 1)}, {D(2), D(1), D(5), D(6), D(7)}, {D(0), D(1), D(2), D(3), D(4)}}},
    {IR_LN_CONV_2D_NGCHW_GFCHW, 8, 2, LAST(8, 3), WB_MAC, {5, 5, 5},
     {{D(0), D(1), D(5), W(3, 6, 0), W(4, 7, 1)}, {D(1), D(2), D(5), D(6), D(7)}, {D(0), D(1), D(2), D(3), D(4)}}},
    {IR_LN_CONV_2D_NHWGC_GFHWC, 8, 2, LAST(8, 3), WB_MAC, {5, 5, 5},
     {{D(0), W(1, 5, 0), W(2, 6, 1), D(3), D(7)}, {D(3), D(4), D(5), D(6), D(7)}, {D(0), D(1), D(2), D(3), D(4)}}},
    {IR_LN_CONV_2D, 4, 0, LAST(4, 2), WB_MAC, {2, 2, 2}, {{W(0, 2, 0), W(1, 3, 1)}, {D(2), D(3)}, {D(0), D(1)}}},
    {IR_LN_DEPTHWISE_CONV_2D_NCHW_CHW, 6, 2, LAST(6, 2), WB_MAC, {4, 3, 4},
     {{D(0), D(3), W(1, 4, 0), W(2, 5, 1)}, {D(3), D(4), D(5)}, {D(0), D(3), D(1), D(2)}}},
    {IR_LN_DEPTHWISE_CONV_2D_NHWC_HWC, 6, 2, LAST(6, 2), WB_MAC, {4, 3, 4},
     {{D(0), W(1, 4, 0), W(2, 5, 1), D(3)}, {D(4), D(5), D(3)}, {D(0), D(1), D(2), D(3)}}},
    {IR_LN_DEPTHWISE_CONV_2D_NHWC_HWCM, 7, 2, LAST(7, 2), WB_MAC, {4, 4, 5},
     {{D(0), W(1, 5, 0), W(2, 6, 1), D(3)}, {D(5), D(6), D(3), D(4)}, {D(0), D(1), D(2), D(3), D(4)}}},
#define POOL2_NCHW(kind, body)                                                                                           \
    {kind, 6, 2, LAST(6, 2), body, {4, 2, 4}, {{D(0), D(1), W(2, 4, 0), W(3, 5, 1)}, {D(4), D(5)}, {D(0), D(1), D(2), D(3)}}}
#define POOL2_NHWC(kind, body)                                                                                           \
    {kind, 6, 2, LAST(6, 2), body, {4, 2, 4}, {{D(0), W(1, 4, 0), W(2, 5, 1), D(3)}, {D(4), D(5)}, {D(0), D(1), D(2), D(3)}}}
    POOL2_NCHW(IR_LN_POOLING_NCHW_MAX, WB_MAX),
    POOL2_NCHW(IR_LN_POOLING_NCHW_SUM, WB_SUM),
    POOL2_NHWC(IR_LN_POOLING_NHWC_MAX, WB_MAX),
    POOL2_NHWC(IR_LN_POOLING_NHWC_SUM, WB_SUM),
    POOL2_NHWC(IR_LN_POOLING_NHWC_MIN, WB_MIN),
    POOL2_NHWC(IR_LN_POOLING_NHWC_MAX_UNSIGNED, WB_MAXU),
    POOL2_NHWC(IR_LN_POOLING_NHWC_MIN_UNSIGNED, WB_MINU),
    /* 1-D */
    {IR_LN_CONV_1D, 2, 0, LAST(2, 1), WB_MAC, {1, 1, 1}, {{W(0, 1, 0)}, {D(1)}, {D(0)}}},
    {IR_LN_CONV_1D_NWC_WCF, 5, 1, LAST(5, 2), WB_MAC, {3, 3, 3},
     {{D(0), W(1, 3, 0), D(4)}, {D(3), D(4), D(2)}, {D(0), D(1), D(2)}}},
    {IR_LN_CONV_1D_NCW_FCW, 5, 1, LAST(5, 2), WB_MAC, {3, 3, 3},
     {{D(0), D(3), W(2, 4, 0)}, {D(1), D(3), D(4)}, {D(0), D(1), D(2)}}},
    {IR_LN_DEPTHWISE_CONV_1D_NWC_WC, 4, 1, LAST(4, 1), WB_MAC, {3, 2, 3},
     {{D(0), W(1, 3, 0), D(2)}, {D(3), D(2)}, {D(0), D(1), D(2)}}},
    {IR_LN_DEPTHWISE_CONV_1D_NCW_CW, 4, 1, LAST(4, 1), WB_MAC, {3, 2, 3},
     {{D(0), D(2), W(1, 3, 0)}, {D(2), D(3)}, {D(0), D(2), D(1)}}},
    {IR_LN_DEPTHWISE_CONV_1D_NWC_WCM, 5, 1, LAST(5, 1), WB_MAC, {3, 3, 4},
     {{D(0), W(1, 4, 0), D(2)}, {D(4), D(2), D(3)}, {D(0), D(1), D(2), D(3)}}},
#define POOL1_NWC(kind, body) {kind, 4, 1, LAST(4, 1), body, {3, 1, 3}, {{D(0), W(1, 3, 0), D(2)}, {D(3)}, {D(0), D(1), D(2)}}}
#define POOL1_NCW(kind, body) {kind, 4, 1, LAST(4, 1), body, {3, 1, 3}, {{D(0), D(1), W(2, 3, 0)}, {D(3)}, {D(0), D(1), D(2)}}}
    POOL1_NWC(IR_LN_POOLING_NWC_MAX, WB_MAX),
    POOL1_NWC(IR_LN_POOLING_NWC_SUM, WB_SUM),
    POOL1_NWC(IR_LN_POOLING_NWC_MIN, WB_MIN),
    POOL1_NWC(IR_LN_POOLING_NWC_MAX_UNSIGNED, WB_MAXU),
    POOL1_NWC(IR_LN_POOLING_NWC_MIN_UNSIGNED, WB_MINU),
    POOL1_NCW(IR_LN_POOLING_NCW_MAX, WB_MAX),
    POOL1_NCW(IR_LN_POOLING_NCW_SUM, WB_SUM),
    /* 3-D (the depthwise ones reduce before their channel loop) */
    {IR_LN_CONV_3D, 6, 0, LAST(6, 3), WB_MAC, {3, 3, 3},
     {{W(0, 3, 0), W(1, 4, 1), W(2, 5, 2)}, {D(3), D(4), D(5)}, {D(0), D(1), D(2)}}},
    {IR_LN_CONV_3D_NDHWC_DHWCF, 9, 3, LAST(9, 4), WB_MAC, {5, 5, 5},
     {{D(0), W(1, 5, 0), W(2, 6, 1), W(3, 7, 2), D(8)}, {D(5), D(6), D(7), D(8), D(4)}, {D(0), D(1), D(2), D(3), D(4)}}},
    {IR_LN_CONV_3D_NCDHW_FCDHW, 9, 3, LAST(9, 4), WB_MAC, {5, 5, 5},
     {{D(0), D(5), W(2, 6, 0), W(3, 7, 1), W(4, 8, 2)}, {D(1), D(5), D(6), D(7), D(8)}, {D(0), D(1), D(2), D(3), D(4)}}},
    {IR_LN_DEPTHWISE_CONV_3D_NDHWC_DHWC, 8, 3, 0x70, WB_MAC, {5, 4, 5},
     {{D(0), W(1, 4, 0), W(2, 5, 1), W(3, 6, 2), D(7)}, {D(4), D(5), D(6), D(7)}, {D(0), D(1), D(2), D(3), D(7)}}},
    {IR_LN_DEPTHWISE_CONV_3D_NCDHW_CDHW, 8, 3, 0x70, WB_MAC, {5, 4, 5},
     {{D(0), D(7), W(1, 4, 0), W(2, 5, 1), W(3, 6, 2)}, {D(7), D(4), D(5), D(6)}, {D(0), D(7), D(1), D(2), D(3)}}},
    {IR_LN_DEPTHWISE_CONV_3D_NDHWC_DHWCM, 9, 3, 0xe0, WB_MAC, {5, 5, 6},
     {{D(0), W(1, 5, 0), W(2, 6, 1), W(3, 7, 2), D(8)},
      {D(5), D(6), D(7), D(8), D(4)},
      {D(0), D(1), D(2), D(3), D(8), D(4)}}},
#define POOL3_NDHWC(kind, body)                                                                                          \
    {kind, 8, 3, LAST(8, 3), body, {5, 3, 5},                                                                              \
     {{D(0), W(1, 5, 0), W(2, 6, 1), W(3, 7, 2), D(4)}, {D(5), D(6), D(7)}, {D(0), D(1), D(2), D(3), D(4)}}}
    POOL3_NDHWC(IR_LN_POOLING_NDHWC_MAX, WB_MAX),
    POOL3_NDHWC(IR_LN_POOLING_NDHWC_MIN, WB_MIN),
    POOL3_NDHWC(IR_LN_POOLING_NDHWC_SUM, WB_SUM),
};
#undef D
#undef W
#undef LAST
#undef POOL1_NWC
#undef POOL1_NCW
#undef POOL2_NCHW
#undef POOL2_NHWC
#undef POOL3_NDHWC

/* strides / dilations: a dense attribute of n integers (default all 1) */
static void window_param(parser *p, const ir_op *op, const char *name, uint32_t n, int64_t out[3]) {
    out[0] = out[1] = out[2] = 1;
    const ir_attr *a = ir_dict_get(op->attrs, op->nattrs, name);
    if (!a || n == 0) return; /* conv_1d/2d/3d: no such parameter (a discardable attribute) */
    const ir_elements *e = a->kind == IR_A_ELEMENTS ? a->u.elems : NULL;
    if (!e || !ir_dtype_is_int((ir_dtype)e->type.dtype) || ir_type_numel(e->type) != n)
        ps_error_at(p, op->loc, "linalg.%s: %s must be a dense attribute of %u integer%s",
                    ir_linalg_kind_name((ir_linalg_kind)op->u.lin.named), name, n, n == 1 ? "" : "s");
    for (uint32_t i = 0; i < n; i++) {
        out[i] = ir_elements_get_i(e, e->splat ? 0 : i);
        if (out[i] < 1 || out[i] > (1 << 20))
            ps_error_at(p, op->loc, "linalg.%s: %s must be between 1 and 2^20, found %lld",
                        ir_linalg_kind_name((ir_linalg_kind)op->u.lin.named), name, (long long)out[i]);
    }
}

/* The maps, iterators and body of a convolution or pooling op. */
static void import_window(parser *p, ir_op *op, const win_op *w) {
    ir_linalg *l = &op->u.lin;
    sp_loc loc = op->loc;
    const char *name = ir_linalg_kind_name(w->kind);
    need_arity(p, loc, name, l->nins, l->nouts, 2, 1);
    for (int i = 0; i < 3; i++)
        if (rank_of(op->opnds[i]) != w->rank[i])
            ps_error_at(p, loc, "linalg.%s: operand #%d must have rank %u, found %u", name, i, w->rank[i],
                        rank_of(op->opnds[i]));
    int64_t strides[3], dilations[3];
    window_param(p, op, "strides", w->nsp, strides);
    window_param(p, op, "dilations", w->nsp, dilations);
    uint8_t iters[16] = {0};
    for (int d = 0; d < w->ndims; d++) iters[d] = (w->red >> d) & 1 ? IR_ITER_REDUCTION : IR_ITER_PARALLEL;
    set_iters(p, op, w->ndims, iters);
    for (int i = 0; i < 3; i++) {
        ir_amap *m = ir_amap_new(p->m, w->ndims, 0, w->rank[i]);
        for (int r = 0; r < w->rank[i]; r++) {
            const win_res *x = &w->res[i][r];
            const ir_aexpr *e = ir_ae_dim(p->m, x->d);
            if (x->k >= 0) {
                const ir_aexpr *o = ir_ae_bin(p->m, IR_AE_MUL, e, ir_ae_const(p->m, strides[x->axis]));
                const ir_aexpr *k = ir_ae_bin(p->m, IR_AE_MUL, ir_ae_dim(p->m, x->k), ir_ae_const(p->m, dilations[x->axis]));
                e = ir_ae_bin(p->m, IR_AE_ADD, o, k);
            }
            m->res[r] = e;
        }
        l->maps[i] = m;
    }
    ir_dtype ot = ir_value_elem(op->opnds[2]);
    bool fl = ir_dtype_is_float(ot), uns = w->body == WB_MAXU || w->body == WB_MINU;
    if (ot == IR_I1) ps_error_at(p, loc, "linalg.%s on i1 is not supported", name);
    if (uns && fl) ps_error_at(p, loc, "linalg.%s needs an integer result, found a float one", name);
    ir_block *b = new_body(p, op);
    ir_type st = ir_scalar_type(ot);
    ir_value *in = cast_to(p, b, loc, &b->args[0], ot, uns), *r;
    ir_opkind k;
    switch (w->body) {
    case WB_MAC: {
        ir_value *kv = cast_to(p, b, loc, &b->args[1], ot, false);
        ir_value *m = body_op(p, b, fl ? IR_OP_MULF : IR_OP_MULI, loc, st, in, kv, NULL);
        in = m;
        k = fl ? IR_OP_ADDF : IR_OP_ADDI;
        break;
    }
    case WB_MAX: k = fl ? IR_OP_MAXIMUMF : IR_OP_MAXSI; break;
    case WB_MIN: k = fl ? IR_OP_MINIMUMF : IR_OP_MINSI; break;
    case WB_MAXU: k = IR_OP_MAXUI; break;
    case WB_MINU: k = IR_OP_MINUI; break;
    default: k = fl ? IR_OP_ADDF : IR_OP_ADDI; break;
    }
    r = body_op(p, b, k, loc, st, &b->args[2], in, NULL);
    body_yield(p, b, loc, r);
}

/* linalg.matmul, batch_matmul, batch_reduce_matmul (element type ot):
 * their loops and maps (or explicit_maps), and a multiply-add body. */
static void import_matmul(parser *p, ir_op *op, const ir_amap **explicit_maps, uint32_t nmaps, ir_dtype ot) {
    ir_linalg *l = &op->u.lin;
    ir_linalg_kind k = (ir_linalg_kind)l->named;
    const char *name = ir_linalg_kind_name(k);
    sp_loc loc = op->loc;
    uint8_t iters[IR_MAX_RANK * 4] = {0};
    need_arity(p, loc, name, l->nins, l->nouts, 2, 1);
    static const int64_t mm[3][3] = {{0, 2}, {2, 1}, {0, 1}};
    static const int64_t bmm[3][3] = {{0, 1, 3}, {0, 3, 2}, {0, 1, 2}};
    static const int64_t brmm[3][3] = {{0, 1, 3}, {0, 3, 2}, {1, 2}};
    uint32_t nd = k == IR_LN_MATMUL ? 3 : 4;
    if (k == IR_LN_MATMUL) {
        iters[2] = IR_ITER_REDUCTION;
    } else if (k == IR_LN_BATCH_MATMUL) {
        iters[3] = IR_ITER_REDUCTION;
    } else {
        iters[0] = iters[3] = IR_ITER_REDUCTION;
    }
    set_iters(p, op, nd, iters);
    const int64_t(*d)[3] = k == IR_LN_MATMUL ? mm : k == IR_LN_BATCH_MATMUL ? bmm : brmm;
    uint32_t nr[3] = {nd - 1, nd - 1, k == IR_LN_BATCH_REDUCE_MATMUL ? 2 : nd - 1};
    for (int i = 0; i < 3; i++) l->maps[i] = ir_amap_select(p->m, nd, nr[i], d[i]);
    if (explicit_maps) {
        if (nmaps != 3) ps_error_at(p, loc, "linalg.%s needs 3 indexing maps, found %u", name, nmaps);
        for (int i = 0; i < 3; i++) {
            if (explicit_maps[i]->ndims != nd)
                ps_error_at(p, loc, "linalg.%s indexing map #%d must have %u dimensions", name, i, nd);
            /* maps equal to the defaults are not "explicit" (the generic
             * form always spells them out) */
            if (!ir_amap_eq(explicit_maps[i], l->maps[i])) l->explicit_maps = true;
        }
        for (int i = 0; i < 3; i++) l->maps[i] = explicit_maps[i];
    }
    bool uns = l->cast && l->cast->kind == IR_A_OPAQUE && strstr(l->cast->u.str.s, "cast_unsigned");
    ir_block *b = new_body(p, op);
    ir_value *a = cast_to(p, b, loc, &b->args[0], ot, uns);
    ir_value *bb = cast_to(p, b, loc, &b->args[1], ot, uns);
    bool fl = ir_dtype_is_float(ot);
    if (ot == IR_I1) ps_error_at(p, loc, "linalg.%s on i1 is not supported", name);
    ir_value *m = body_op(p, b, fl ? IR_OP_MULF : IR_OP_MULI, loc, ir_scalar_type(ot), a, bb, NULL);
    ir_value *s = body_op(p, b, fl ? IR_OP_ADDF : IR_OP_ADDI, loc, ir_scalar_type(ot), &b->args[2], m, NULL);
    body_yield(p, b, loc, s);
}

/* The one input of a transpose or a broadcast read along output loops
 * sel[0..nsel) (rank r, all parallel); its body yields the input. */
static void import_selection(parser *p, ir_op *op, uint32_t r, uint32_t nsel, const int64_t *sel) {
    ir_linalg *l = &op->u.lin;
    uint8_t iters[IR_MAX_RANK * 4] = {0};
    set_iters(p, op, r, iters);
    l->maps[0] = ir_amap_select(p->m, r, nsel, sel);
    l->maps[1] = ir_amap_identity(p->m, r);
    ir_block *b = new_body(p, op);
    body_yield(p, b, op->loc, &b->args[0]);
}

/* linalg.transpose: the input read through the inverse permutation. */
static void import_transpose(parser *p, ir_op *op) {
    ir_linalg *l = &op->u.lin;
    sp_loc loc = op->loc;
    uint32_t r = rank_of(op->opnds[l->nins]);
    need_arity(p, loc, "transpose", l->nins, l->nouts, 1, 1);
    if (l->ndimsattr != r || rank_of(op->opnds[0]) != r)
        ps_error_at(p, loc, "linalg.transpose permutation must have one entry per dimension");
    int64_t inv[IR_MAX_RANK];
    bool seen[IR_MAX_RANK] = {0};
    for (uint32_t i = 0; i < r; i++) {
        int64_t d = l->dimsattr[i];
        if (d < 0 || d >= r || seen[d]) ps_error_at(p, loc, "linalg.transpose permutation is not a permutation");
        seen[d] = true;
        inv[d] = i;
    }
    import_selection(p, op, r, r, inv);
}

/* linalg.broadcast: the input read along the dimensions not added. */
static void import_broadcast(parser *p, ir_op *op) {
    ir_linalg *l = &op->u.lin;
    sp_loc loc = op->loc;
    uint32_t r = rank_of(op->opnds[l->nins]);
    need_arity(p, loc, "broadcast", l->nins, l->nouts, 1, 1);
    uint32_t ri = rank_of(op->opnds[0]);
    if (ri + l->ndimsattr != r)
        ps_error_at(p, loc, "linalg.broadcast: input rank %u plus %u added dimensions is not output rank %u", ri,
                    l->ndimsattr, r);
    bool added[IR_MAX_RANK] = {0};
    for (uint32_t i = 0; i < l->ndimsattr; i++) {
        int64_t d = l->dimsattr[i];
        if (d < 0 || d >= r || added[d]) ps_error_at(p, loc, "linalg.broadcast dimensions out of range or repeated");
        added[d] = true;
    }
    int64_t keep[IR_MAX_RANK];
    uint32_t nk = 0;
    for (uint32_t d = 0; d < r; d++)
        if (!added[d]) keep[nk++] = d;
    import_selection(p, op, r, nk, keep);
}

/* linalg.elementwise kind=... and linalg.add/... (result rank r, element
 * type ot): identity maps (or explicit_maps) and a body of the kind's one
 * op. */
static void import_elementwise(parser *p, ir_op *op, const ir_amap **explicit_maps, uint32_t nmaps, uint32_t r,
                               ir_dtype ot) {
    ir_linalg *l = &op->u.lin;
    ir_linalg_kind k = (ir_linalg_kind)l->named;
    const char *name = ir_linalg_kind_name(k);
    sp_loc loc = op->loc;
    uint8_t iters[IR_MAX_RANK * 4] = {0};
    const char *kind = k == IR_LN_ELEMENTWISE ? l->ewkind : named_ew_kind(k);
    int ei = kind ? ew_index(kind, strlen(kind)) : -1;
    if (ei < 0) ps_error_at(p, loc, "unsupported elementwise kind '%s'", kind ? kind : "?");
    uint32_t arity = EW_KINDS[ei].arity;
    need_arity(p, loc, name, l->nins, l->nouts, arity, 1);
    set_iters(p, op, r, iters);
    for (uint32_t i = 0; i <= arity; i++) l->maps[i] = ir_amap_identity(p->m, r);
    if (explicit_maps) {
        if (nmaps != arity + 1) ps_error_at(p, loc, "linalg.%s needs %u indexing maps, found %u", name, arity + 1, nmaps);
        for (uint32_t i = 0; i <= arity; i++) {
            if (explicit_maps[i]->ndims != r)
                ps_error_at(p, loc, "linalg.%s indexing map #%u must have %u dimensions", name, i, r);
            if (!ir_amap_eq(explicit_maps[i], l->maps[i])) l->explicit_maps = true;
            l->maps[i] = explicit_maps[i];
        }
    }
    ir_block *b = new_body(p, op);
    bool fl = ir_dtype_is_float(ot);
    int opk = fl ? EW_KINDS[ei].fop : EW_KINDS[ei].iop;
    if (opk < 0) ps_error_at(p, loc, "elementwise kind '%s' is not defined for %s", kind, ir_dtype_name(ot));
    ir_type st = ir_scalar_type(ot);
    ir_value *res;
    if (!strcmp(kind, "reciprocal")) {
        ir_op *c = ps_new_op(p, IR_OP_CONSTANT, loc, 0, 1);
        ir_attr *one = sp_arena_alloc(p->ar, sizeof *one);
        one->kind = IR_A_FLOAT;
        one->type = st;
        one->u.bits = ot == IR_F32 ? 0x3f800000u : ot == IR_F64 ? 0x3ff0000000000000ull : ot == IR_BF16 ? 0x3f80 : 0x3c00;
        c->u.value = one;
        c->res[0].type = st;
        ir_block_append(b, c);
        res = body_op(p, b, (ir_opkind)opk, loc, st, &c->res[0], &b->args[0], NULL);
    } else if (!strcmp(kind, "square")) {
        res = body_op(p, b, (ir_opkind)opk, loc, st, &b->args[0], &b->args[0], NULL);
    } else if (arity == EW_UNARY) {
        res = body_op(p, b, (ir_opkind)opk, loc, st, &b->args[0], NULL, NULL);
    } else if (arity == EW_BINARY) {
        res = body_op(p, b, (ir_opkind)opk, loc, st, &b->args[0], &b->args[1], NULL);
    } else {
        res = body_op(p, b, (ir_opkind)opk, loc, st, &b->args[0], &b->args[1], &b->args[2]);
    }
    body_yield(p, b, loc, res);
}

/* Maps/iterators/body of every named op, from its operands and parameters.
 * explicit_maps (may be NULL) overrides the default maps of the matmul
 * family and of linalg.elementwise. */
static void import_named(parser *p, ir_op *op, const ir_amap **explicit_maps, uint32_t nmaps) {
    ir_linalg *l = &op->u.lin;
    ir_linalg_kind k = (ir_linalg_kind)l->named;
    sp_loc loc = op->loc;
    const char *name = ir_linalg_kind_name(k);
    ir_value *out = op->opnds[l->nins];
    uint32_t r = rank_of(out);
    uint8_t iters[IR_MAX_RANK * 4] = {0};
    ir_dtype ot = ir_value_elem(out);
    switch (k) {
    case IR_LN_FILL: {
        need_arity(p, loc, name, l->nins, l->nouts, 1, 1);
        if (op->opnds[0]->type.kind != IR_T_SCALAR) ps_error_at(p, loc, "linalg.fill value must be a scalar");
        set_iters(p, op, r, iters);
        l->maps[0] = ir_amap_new(p->m, r, 0, 0);
        l->maps[1] = ir_amap_identity(p->m, r);
        ir_block *b = new_body(p, op);
        body_yield(p, b, loc, cast_to(p, b, loc, &b->args[0], ot, false));
        return;
    }
    case IR_LN_MATMUL:
    case IR_LN_BATCH_MATMUL:
    case IR_LN_BATCH_REDUCE_MATMUL:
        import_matmul(p, op, explicit_maps, nmaps, ot);
        return;
    case IR_LN_TRANSPOSE:
        import_transpose(p, op);
        return;
    case IR_LN_BROADCAST:
        import_broadcast(p, op);
        return;
    case IR_LN_COPY: {
        need_arity(p, loc, name, l->nins, l->nouts, 1, 1);
        set_iters(p, op, r, iters);
        l->maps[0] = ir_amap_identity(p->m, r);
        l->maps[1] = ir_amap_identity(p->m, r);
        ir_block *b = new_body(p, op);
        body_yield(p, b, loc, cast_to(p, b, loc, &b->args[0], ot, false));
        return;
    }
    case IR_LN_REDUCE: {
        if (l->nins != l->nouts || l->nins == 0) ps_error_at(p, loc, "linalg.reduce needs as many inits as inputs");
        uint32_t ri = rank_of(op->opnds[0]);
        bool red[IR_MAX_RANK] = {0};
        for (uint32_t i = 0; i < l->ndimsattr; i++) {
            int64_t d = l->dimsattr[i];
            if (d < 0 || d >= ri || red[d]) ps_error_at(p, loc, "linalg.reduce dimensions out of range or repeated");
            red[d] = true;
            iters[d] = IR_ITER_REDUCTION;
        }
        int64_t keep[IR_MAX_RANK];
        uint32_t nk = 0;
        for (uint32_t d = 0; d < ri; d++)
            if (!red[d]) keep[nk++] = d;
        set_iters(p, op, ri, iters);
        for (uint32_t i = 0; i < l->nins; i++) l->maps[i] = ir_amap_identity(p->m, ri);
        for (uint32_t i = 0; i < l->nouts; i++) l->maps[l->nins + i] = ir_amap_select(p->m, ri, nk, keep);
        return; /* body given by the user */
    }
    case IR_LN_MAP: {
        if (l->nouts != 1) ps_error_at(p, loc, "linalg.map has exactly one init");
        set_iters(p, op, r, iters);
        for (uint32_t i = 0; i < l->nins + 1; i++) l->maps[i] = ir_amap_identity(p->m, r);
        return; /* body given by the user */
    }
    case IR_LN_GENERIC: return;
    default:
        for (size_t i = 0; i < SP_ARRAY_LEN(WIN_OPS); i++)
            if (WIN_OPS[i].kind == k) {
                import_window(p, op, &WIN_OPS[i]);
                return;
            }
        break;
    }
    /* elementwise: linalg.elementwise kind=... and linalg.add/... */
    import_elementwise(p, op, explicit_maps, nmaps, r, ot);
}

/* ------------------------------------------------------- custom forms */

/* operand-group ::= kw '(' ssa-uses ':' types ')' */
static uint32_t parse_operand_group(parser *p, const char *kw, ir_value ***out) {
    ps_expect_kw(p, kw);
    ps_expect(p, TK_LPAREN, "'('");
    uint32_t n = ps_parse_uses(p, out);
    if (n) ps_parse_use_types(p, *out, n, kw);
    ps_expect(p, TK_RPAREN, "')'");
    return n;
}

static const ir_amap **maps_from_attr(parser *p, const ir_attr *a, sp_loc loc, uint32_t *n) {
    if (a->kind != IR_A_ARRAY) ps_error_at(p, loc, "indexing_maps must be an array of affine maps");
    const ir_amap **v = sp_arena_array(p->ar, a->u.arr.n, sizeof *v);
    for (uint32_t i = 0; i < a->u.arr.n; i++) {
        if (a->u.arr.items[i]->kind != IR_A_MAP) ps_error_at(p, loc, "indexing_maps must be an array of affine maps");
        v[i] = a->u.arr.items[i]->u.map;
    }
    *n = a->u.arr.n;
    return v;
}

/* "parallel", "reduction", or #linalg.iterator_type<...> (accepted in both
 * forms: the meaning is unambiguous) */
static uint8_t *iters_from_attr(parser *p, const ir_attr *a, sp_loc loc, uint32_t *n) {
    if (!a || a->kind != IR_A_ARRAY) ps_error_at(p, loc, "linalg.generic needs iterator_types = [...]");
    uint8_t *v = sp_arena_array(p->ar, a->u.arr.n ? a->u.arr.n : 1, 1);
    for (uint32_t i = 0; i < a->u.arr.n; i++) {
        const ir_attr *it = a->u.arr.items[i];
        const char *s = NULL;
        if (it->kind == IR_A_STRING)
            s = it->u.str.s;
        else if (it->kind == IR_A_OPAQUE && !strncmp(it->u.str.s, "#linalg.iterator_type<", 22))
            s = it->u.str.s + 22;
        if (s && !strncmp(s, "parallel", 8) && (s[8] == 0 || s[8] == '>'))
            v[i] = IR_ITER_PARALLEL;
        else if (s && !strncmp(s, "reduction", 9) && (s[9] == 0 || s[9] == '>'))
            v[i] = IR_ITER_REDUCTION;
        else
            ps_error_at(p, loc, "iterator type #%u must be \"parallel\" or \"reduction\"", i);
    }
    *n = a->u.arr.n;
    return v;
}

/* Split a dict into the attributes spadc interprets (by name) and the rest. */
static const ir_named_attr *dict_without(parser *p, const ir_named_attr *items, uint32_t n, const char *const *drop,
                                         size_t ndrop, uint32_t *nkept) {
    ir_named_attr *v = sp_arena_array(p->ar, n, sizeof *v);
    uint32_t k = 0;
    for (uint32_t i = 0; i < n; i++) {
        bool d = false;
        for (size_t j = 0; j < ndrop; j++)
            if (!strcmp(items[i].name, drop[j])) d = true;
        if (!d) v[k++] = items[i];
    }
    *nkept = k;
    return v;
}

/* results ::= ('->' (type-list | '(' type-list ')'))?  -- must match the
 * tensor outs (several results are printed in parentheses) */
static void parse_results(parser *p, ir_op *op) {
    if (!ps_accept(p, TK_ARROW)) return;
    bool paren = ps_accept(p, TK_LPAREN);
    for (uint32_t i = 0;; i++) {
        sp_loc tloc = ps_loc(p);
        ir_type t = ps_parse_type(p);
        if (i >= op->nres || !ir_type_eq(t, op->res[i].type))
            ps_error_at(p, tloc, "result type #%u does not match the outs operand's type", i);
        if (!ps_accept(p, TK_COMMA)) {
            if (i + 1 != op->nres) ps_error_at(p, tloc, "expected %u result types", op->nres);
            if (paren) ps_expect(p, TK_RPAREN, "')' after the result types");
            return;
        }
    }
}

/* short-body ::= '{' op-name attr-dict? '}'   (linalg.map / linalg.reduce) */
static void parse_short_body(parser *p, ir_op *op) {
    sp_loc loc = ps_loc(p);
    ps_expect(p, TK_LBRACE, "'{'");
    if (!ps_is(p, TK_BARE)) ps_error_expected(p, "operation name");
    lx_token nt = *ps_tok(p);
    int k = ir_op_lookup(nt.text, nt.len);
    if (k < 0 || (ir_op_syntax((ir_opkind)k) == IR_SYN_SPECIAL && k != IR_OP_SELECT))
        ps_error_at(p, ps_loc(p), "unsupported operation '%.*s' in short-form body", (int)(nt.len > 64 ? 64 : nt.len),
                    nt.text);
    ps_next(p);
    uint32_t na;
    const ir_named_attr *items;
    ps_parse_opt_attr_dict(p, &na, &items);
    ps_expect(p, TK_RBRACE, "'}'");
    ir_block *b = new_body(p, op);
    ir_linalg *l = &op->u.lin;
    ir_dtype ot = ir_value_elem(op->opnds[l->nins]);
    ir_value *args[3];
    uint32_t n = 0;
    if (l->named == IR_LN_REDUCE) { /* reduce applies the op to (init, in) */
        args[n++] = &b->args[l->nins];
        args[n++] = &b->args[0];
    } else {
        for (uint32_t i = 0; i < l->nins && n < 3; i++) args[n++] = &b->args[i];
    }
    ir_syntax syn = ir_op_syntax((ir_opkind)k);
    uint32_t want = syn == IR_SYN_BINF || syn == IR_SYN_BINI ? 2 : k == IR_OP_SELECT ? 3 : 1;
    if (n != want) ps_error_at(p, loc, "short-form body op takes %u operands, the op provides %u", want, n);
    ir_type rt = ir_scalar_type(ot);
    ir_value *r = body_op(p, b, (ir_opkind)k, loc, rt, args[0], n > 1 ? args[1] : NULL, n > 2 ? args[2] : NULL);
    body_yield(p, b, loc, r);
}

/* A map's or reduce's short body (skipped at body_start) re-lexed and
 * parsed now that the operand types are known; the lexer then resumes
 * where it was. */
static void reparse_short_body(parser *p, ir_op *op, const lx_token *body_start) {
    lx_token after = *ps_tok(p);
    bool had_ahead = p->lx.has_ahead;
    lx_token ahead = p->lx.ahead;
    const char *cur = p->lx.cur;
    uint32_t line = p->lx.line;
    const char *ls = p->lx.line_start;
    p->lx.has_ahead = false;
    p->lx.cur = body_start->text;
    p->lx.line = body_start->line;
    p->lx.line_start = body_start->text - (body_start->col - 1);
    lx_next(&p->lx);
    parse_short_body(p, op);
    p->lx.tok = after;
    p->lx.has_ahead = had_ahead;
    p->lx.ahead = ahead;
    p->lx.cur = cur;
    p->lx.line = line;
    p->lx.line_start = ls;
}

/* A map's or reduce's long form, '(' block args ')' region; a map's args
 * may omit the init (outs[0]'s element). */
static void parse_long_body(parser *p, ir_op *op, sp_loc loc, const char *name, ir_value *const *outs) {
    ir_linalg_kind k = (ir_linalg_kind)op->u.lin.named;
    uint32_t nins = op->u.lin.nins, nouts = op->u.lin.nouts;
    ps_arg *args;
    uint32_t na = ps_parse_arg_list(p, &args);
    uint32_t want = nins + nouts;
    if (!(na == want || (k == IR_LN_MAP && na == nins)))
        ps_error_at(p, loc, "linalg.%s body takes %u arguments, found %u", name, want, na);
    if (na != want) { /* older spelling without the init argument */
        ps_arg *all = sp_arena_array(p->ar, want, sizeof *all);
        memcpy(all, args, na * sizeof *all);
        all[na].name = (lx_token){TK_PERCENT, "%", 1, loc.line, loc.col};
        all[na].type = ir_scalar_type(ir_value_elem(outs[0]));
        /* an unnamed argument: define it under a name no user can write */
        all[na].name.text = "%\x01init";
        all[na].name.len = 6;
        args = all;
        na = want;
    }
    ir_op_set_region(op, 0, ps_parse_region(p, args, (int)na, false));
}

/* linalg-op ::= 'linalg.' name
 *     ('kind' '=' attr)?                           elementwise
 *     ('indexing_maps' '=' '[' maps ']')?          matmul family, elementwise
 *     short-body?                                  map, reduce
 *     attr-dict?                                   generic: its properties
 *     'ins' '(' uses ':' types ')' 'outs' '(' uses ':' types ')'
 *     ('permutation' | 'dimensions') '=' ints      transpose, broadcast, reduce
 *     ('attrs' '=' attr-dict)? region?             generic; map/reduce: '(' args ')' region
 *     ('->' types)? attr-dict? */
ir_op *ps_parse_linalg(parser *p, sp_loc loc, const char *name, uint32_t namelen) {
    ir_linalg_kind k = (ir_linalg_kind)ps_linalg_kind(name, namelen);
    const ir_attr *ewkind = NULL, *mapsattr = NULL;
    uint32_t nd = 0;
    const ir_named_attr *dict = NULL;
    if (k == IR_LN_ELEMENTWISE) {
        ps_expect_kw(p, "kind");
        ps_expect(p, TK_EQUAL, "'='");
        ewkind = ps_parse_attr(p);
    }
    if (ps_is_kw(p, "indexing_maps")) {
        ps_next(p);
        ps_expect(p, TK_EQUAL, "'='");
        mapsattr = ps_parse_attr(p);
    }
    bool short_body = false;
    lx_token body_start = {0};
    if ((k == IR_LN_MAP || k == IR_LN_REDUCE) && ps_is(p, TK_LBRACE)) {
        short_body = true;
        body_start = *ps_tok(p);
        /* the short body is parsed once the operands are known: skip it now */
        int depth = 0;
        do {
            if (ps_is(p, TK_EOF)) ps_error_at(p, loc, "unterminated short-form body");
            if (ps_is(p, TK_LBRACE)) depth++;
            if (ps_is(p, TK_RBRACE)) depth--;
            ps_next(p);
        } while (depth > 0);
    }
    ps_parse_opt_attr_dict(p, &nd, &dict);
    ir_value **ins = NULL, **outs = NULL;
    uint32_t nins = 0;
    if (ps_is_kw(p, "ins")) nins = parse_operand_group(p, "ins", &ins);
    uint32_t nouts = parse_operand_group(p, "outs", &outs);
    ir_op *op = lin_new(p, loc, k, ins, nins, outs, nouts);
    ir_linalg *l = &op->u.lin;
    if (k == IR_LN_TRANSPOSE || k == IR_LN_BROADCAST || k == IR_LN_REDUCE) {
        ps_expect_kw(p, k == IR_LN_TRANSPOSE ? "permutation" : "dimensions");
        ps_expect(p, TK_EQUAL, "'='");
        l->dimsattr = ps_parse_int_list(p, &l->ndimsattr, TK_LSQUARE, TK_RSQUARE);
    }
    if (ewkind) {
        if (ewkind->kind != IR_A_OPAQUE || strncmp(ewkind->u.str.s, "#linalg.elementwise_kind<", 25))
            ps_error_at(p, loc, "kind must be #linalg.elementwise_kind<...>");
        l->ewkind = sp_arena_strndup(p->ar, ewkind->u.str.s + 25, ewkind->u.str.len - 26);
    }
    const ir_amap **maps = NULL;
    uint32_t nmaps = 0;
    /* the generic op's properties come in its leading dict */
    static const char *const generic_props[] = {"indexing_maps", "iterator_types"};
    static const char *const named_props[] = {"cast"};
    if (k == IR_LN_GENERIC) {
        const ir_attr *m = ir_dict_get(dict, nd, "indexing_maps");
        if (!m) ps_error_at(p, loc, "linalg.generic needs indexing_maps = [...]");
        maps = maps_from_attr(p, m, loc, &nmaps);
        uint32_t nit;
        uint8_t *it = iters_from_attr(p, ir_dict_get(dict, nd, "iterator_types"), loc, &nit);
        set_iters(p, op, nit, it);
        if (nmaps != nins + nouts)
            ps_error_at(p, loc, "linalg.generic has %u operands but %u indexing maps", nins + nouts, nmaps);
        for (uint32_t i = 0; i < nmaps; i++) l->maps[i] = maps[i];
        op->props = dict_without(p, dict, nd, generic_props, SP_ARRAY_LEN(generic_props), &op->nprops);
        if (ps_accept_kw(p, "attrs")) {
            ps_expect(p, TK_EQUAL, "'='");
            ps_parse_attr_dict(p, &op->nattrs, &op->attrs);
        }
        ir_op_set_region(op, 0, ps_parse_region(p, NULL, -1, false));
    } else {
        if (mapsattr) maps = maps_from_attr(p, mapsattr, loc, &nmaps);
        if (mapsattr && !(k == IR_LN_MATMUL || k == IR_LN_BATCH_MATMUL || k == IR_LN_BATCH_REDUCE_MATMUL ||
                          k == IR_LN_ELEMENTWISE))
            ps_error_at(p, loc, "linalg.%s does not take indexing_maps", name);
        l->cast = ir_dict_get(dict, nd, "cast");
        op->attrs = dict_without(p, dict, nd, named_props, SP_ARRAY_LEN(named_props), &op->nattrs);
        if ((k == IR_LN_MAP || k == IR_LN_REDUCE) && !short_body) parse_long_body(p, op, loc, name, outs);
        import_named(p, op, maps, nmaps);
        if (short_body) reparse_short_body(p, op, &body_start);
    }
    parse_results(p, op);
    if (ps_is(p, TK_LBRACE)) {
        uint32_t n;
        const ir_named_attr *items;
        ps_parse_attr_dict(p, &n, &items);
        if (n) {
            op->attrs = items;
            op->nattrs = n;
        }
    }
    return op;
}

/* ------------------------------------------------------- generic form */

ir_op *ps_build_linalg_generic(parser *p, op_state *st, ir_linalg_kind named) {
    sp_loc loc = st->loc;
    uint32_t nins, nouts;
    if (named == IR_LN_MAP) {
        if (st->nopnds < 1) ps_error_at(p, loc, "linalg.map needs an init");
        nins = st->nopnds - 1;
        nouts = 1;
    } else if (named == IR_LN_REDUCE) {
        if (st->nopnds % 2) ps_error_at(p, loc, "linalg.reduce needs as many inits as inputs");
        nins = nouts = st->nopnds / 2;
    } else if (named == IR_LN_TRANSPOSE || named == IR_LN_BROADCAST) {
        nins = 1;
        nouts = st->nopnds > 0 ? st->nopnds - 1 : 0;
    } else {
        nins = (uint32_t)st_segment(p, st, 0, 2);
        nouts = (uint32_t)st_segment(p, st, 1, 2);
    }
    if (st->nres != nouts) ps_error_at(p, loc, "'%s' must have one result per init", st->name);
    ir_op *op = lin_new(p, loc, named, st->opnds, nins, st->opnds + nins, nouts);
    for (uint32_t i = 0; i < st->nres; i++)
        if (!ir_type_eq(st->res_types[i], op->res[i].type))
            ps_error_at(p, loc, "result #%u of '%s' does not have its init's type", i, st->name);
    op->attrs = st->attrs;
    op->nattrs = st->nattrs;
    ir_linalg *l = &op->u.lin;
    if (named == IR_LN_GENERIC) {
        const ir_attr *m = st_prop(st, "indexing_maps");
        if (!m) ps_error_at(p, loc, "linalg.generic needs indexing_maps");
        uint32_t nmaps, nit;
        const ir_amap **maps = maps_from_attr(p, m, loc, &nmaps);
        if (nmaps != nins + nouts) ps_error_at(p, loc, "linalg.generic has %u operands but %u indexing maps", nins + nouts, nmaps);
        for (uint32_t i = 0; i < nmaps; i++) l->maps[i] = maps[i];
        uint8_t *it = iters_from_attr(p, st_prop(st, "iterator_types"), loc, &nit);
        set_iters(p, op, nit, it);
        static const char *const used[] = {"indexing_maps", "iterator_types", "operandSegmentSizes"};
        op->props = dict_without(p, st->props, st->nprops, used, SP_ARRAY_LEN(used), &op->nprops);
        if (st->nregions != 1) ps_error_at(p, loc, "linalg.generic needs one region");
        ir_op_set_region(op, 0, st->regions[0]);
        return op;
    }
    const ir_amap **maps = NULL;
    uint32_t nmaps = 0;
    const ir_attr *m = st_prop(st, "indexing_maps");
    if (m && (named == IR_LN_MATMUL || named == IR_LN_BATCH_MATMUL || named == IR_LN_BATCH_REDUCE_MATMUL ||
              named == IR_LN_ELEMENTWISE))
        maps = maps_from_attr(p, m, loc, &nmaps);
    if (named == IR_LN_MATMUL || named == IR_LN_BATCH_MATMUL || named == IR_LN_BATCH_REDUCE_MATMUL) {
        /* the printed default maps are not "explicit" */
        l->cast = st_prop(st, "cast");
    }
    if (named == IR_LN_TRANSPOSE || named == IR_LN_BROADCAST || named == IR_LN_REDUCE)
        l->dimsattr = attr_darray(p, st, named == IR_LN_TRANSPOSE ? "permutation" : "dimensions", &l->ndimsattr, true);
    if (named == IR_LN_ELEMENTWISE) {
        const ir_attr *kind = st_prop(st, "kind");
        if (!kind || kind->kind != IR_A_OPAQUE || strncmp(kind->u.str.s, "#linalg.elementwise_kind<", 25))
            ps_error_at(p, loc, "linalg.elementwise needs kind = #linalg.elementwise_kind<...>");
        l->ewkind = sp_arena_strndup(p->ar, kind->u.str.s + 25, kind->u.str.len - 26);
    }
    if (named == IR_LN_MAP || named == IR_LN_REDUCE) {
        if (st->nregions != 1) ps_error_at(p, loc, "'%s' needs one region", st->name);
        ir_block *b = st->regions[0];
        if (named == IR_LN_MAP && b->nargs == nins) { /* body without the init argument */
            ir_block *nb = ir_block_new(p->m, nins + 1, NULL);
            for (uint32_t i = 0; i < nins; i++) nb->args[i].type = b->args[i].type;
            nb->args[nins].type = ir_scalar_type(ir_value_elem(op->opnds[nins]));
            /* move ops; rewrite uses of old args */
            for (ir_op *o = b->first; o; o = o->next)
                for (uint32_t j = 0; j < o->nopnds; j++)
                    if (o->opnds[j]->owner == b && !o->opnds[j]->def) o->opnds[j] = &nb->args[o->opnds[j]->index];
            nb->first = b->first;
            nb->last = b->last;
            for (ir_op *o = nb->first; o; o = o->next) o->parent = nb;
            b = nb;
        }
        ir_op_set_region(op, 0, b);
    }
    import_named(p, op, maps, nmaps);
    return op;
}
