/* ir.c - IR types, affine maps, attributes and builders (see ir.h). */
#include "ir.h"

#include <stdio.h>
#include <string.h>

#include "base/fp16.h"

/* ------------------------------------------------------------------ dtypes */

static const struct {
    const char *name;
    uint8_t bytes, bits;
    bool is_float;
} DTYPES[IR_DT_COUNT] = {
    [IR_DT_NONE] = {"none", 0, 0, false}, [IR_F16] = {"f16", 2, 16, true},
    [IR_BF16] = {"bf16", 2, 16, true},    [IR_F32] = {"f32", 4, 32, true},
    [IR_F64] = {"f64", 8, 64, true},      [IR_I1] = {"i1", 1, 1, false},
    [IR_I8] = {"i8", 1, 8, false},        [IR_I16] = {"i16", 2, 16, false},
    [IR_I32] = {"i32", 4, 32, false},     [IR_I64] = {"i64", 8, 64, false},
    [IR_INDEX] = {"index", 8, 64, false},
};

const char *ir_dtype_name(ir_dtype dt) { return dt < IR_DT_COUNT ? DTYPES[dt].name : "?"; }
int ir_dtype_bytes(ir_dtype dt) { return dt < IR_DT_COUNT ? DTYPES[dt].bytes : 0; }
int ir_dtype_bits(ir_dtype dt) { return dt < IR_DT_COUNT ? DTYPES[dt].bits : 0; }
bool ir_dtype_is_float(ir_dtype dt) { return dt < IR_DT_COUNT && DTYPES[dt].is_float; }
bool ir_dtype_is_int(ir_dtype dt) { return dt >= IR_I1 && dt <= IR_INDEX; }

ir_dtype ir_dtype_from_name(const char *s, size_t n) {
    for (int i = 1; i < IR_DT_COUNT; i++)
        if (strlen(DTYPES[i].name) == n && !memcmp(DTYPES[i].name, s, n)) return (ir_dtype)i;
    return IR_DT_NONE;
}

/* ------------------------------------------------------------------- types */

const char *ir_type_text(ir_type t, char *buf, size_t n) {
    size_t k = 0;
    if (t.kind == IR_T_SCALAR) {
        snprintf(buf, n, "%s", ir_dtype_name((ir_dtype)t.dtype));
        return buf;
    }
    k += (size_t)snprintf(buf + k, n - k, "%s<", t.kind == IR_T_TENSOR ? "tensor" : t.kind == IR_T_VECTOR ? "vector" : "none");
    for (uint32_t i = 0; i < t.rank && k < n; i++) k += (size_t)snprintf(buf + k, n - k, "%lldx", (long long)t.dims[i]);
    if (k < n) snprintf(buf + k, n - k, "%s>", ir_dtype_name((ir_dtype)t.dtype));
    return buf;
}

ir_type ir_scalar_type(ir_dtype dt) {
    ir_type t = {IR_T_SCALAR, (uint8_t)dt, 0, NULL};
    return t;
}

bool ir_type_eq(ir_type a, ir_type b) {
    if (a.kind != b.kind || a.dtype != b.dtype || a.rank != b.rank) return false;
    for (uint32_t i = 0; i < a.rank; i++)
        if (a.dims[i] != b.dims[i]) return false;
    return true;
}

bool ir_type_is_shaped(ir_type t) { return t.kind == IR_T_TENSOR || t.kind == IR_T_VECTOR; }

int64_t ir_type_numel(ir_type t) {
    int64_t n = 1;
    for (uint32_t i = 0; i < t.rank; i++) n *= t.dims[i]; /* bounded by the reader */
    return n;
}

int64_t ir_type_bytes(ir_type t) { return ir_type_numel(t) * ir_dtype_bytes((ir_dtype)t.dtype); }

void ir_type_strides(ir_type t, int64_t *strides) {
    int64_t s = 1;
    for (int i = (int)t.rank - 1; i >= 0; i--) {
        strides[i] = s;
        s *= t.dims[i];
    }
}

ir_dtype ir_value_elem(const ir_value *v) { return (ir_dtype)v->type.dtype; }

/* ------------------------------------------------------------- affine maps */

int ir_aexpr_dim(const ir_aexpr *e) { return e->kind == IR_AE_DIM ? (int)e->val : -1; }

bool ir_aexpr_eq(const ir_aexpr *a, const ir_aexpr *b) {
    if (a == b) return true;
    if (!a || !b || a->kind != b->kind || a->val != b->val) return false;
    if (a->kind <= IR_AE_CONST) return true;
    return ir_aexpr_eq(a->l, b->l) && ir_aexpr_eq(a->r, b->r);
}

bool ir_amap_eq(const ir_amap *a, const ir_amap *b) {
    if (a == b) return true;
    if (a->ndims != b->ndims || a->nsyms != b->nsyms || a->nres != b->nres) return false;
    for (uint32_t i = 0; i < a->nres; i++)
        if (!ir_aexpr_eq(a->res[i], b->res[i])) return false;
    return true;
}

bool ir_amap_is_identity(const ir_amap *m) {
    if (m->nres != m->ndims) return false;
    for (uint32_t i = 0; i < m->nres; i++)
        if (ir_aexpr_dim(m->res[i]) != (int)i) return false;
    return true;
}

bool ir_amap_reads_window(const ir_amap *m) {
    for (uint32_t r = 0; m && r < m->nres; r++)
        if (ir_aexpr_dim(m->res[r]) < 0 && m->res[r]->kind != IR_AE_CONST) return true;
    return false;
}

bool ir_amap_is_projected_perm(const ir_amap *m, bool allow_zero) {
    uint64_t seen[(IR_MAX_RANK * 4 + 63) / 64] = {0};
    for (uint32_t i = 0; i < m->nres; i++) {
        const ir_aexpr *e = m->res[i];
        if (e->kind == IR_AE_CONST && e->val == 0 && allow_zero) continue;
        if (e->kind != IR_AE_DIM || e->val >= 64 * (int64_t)SP_ARRAY_LEN(seen)) return false;
        uint64_t bit = 1ull << (e->val % 64);
        if (seen[e->val / 64] & bit) return false;
        seen[e->val / 64] |= bit;
    }
    return true;
}

bool ir_aexpr_linear(const ir_aexpr *e, uint32_t ndims, int64_t *coef, int64_t *cst) {
    /* coef/cst accumulate; callers zero them first */
    switch (e->kind) {
    case IR_AE_DIM:
        if ((uint64_t)e->val >= ndims) return false;
        coef[e->val] += 1;
        return true;
    case IR_AE_CONST:
        *cst += e->val;
        return true;
    case IR_AE_ADD:
        return ir_aexpr_linear(e->l, ndims, coef, cst) && ir_aexpr_linear(e->r, ndims, coef, cst);
    case IR_AE_MUL: {
        /* after simplification a constant factor is on the right */
        if (e->r->kind != IR_AE_CONST) return false;
        int64_t k = e->r->val;
        int64_t c2[IR_MAX_RANK * 4] = {0}, s2 = 0;
        if (ndims > SP_ARRAY_LEN(c2)) return false;
        if (!ir_aexpr_linear(e->l, ndims, c2, &s2)) return false;
        for (uint32_t d = 0; d < ndims; d++) coef[d] += c2[d] * k;
        *cst += s2 * k;
        return true;
    }
    default:
        return false;
    }
}

static int64_t floordiv64(int64_t a, int64_t b) {
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
    return q;
}

int64_t ir_aexpr_eval(const ir_aexpr *e, const int64_t *dims, const int64_t *syms) {
    switch (e->kind) {
    case IR_AE_DIM: return dims[e->val];
    case IR_AE_SYM: return syms ? syms[e->val] : 0;
    case IR_AE_CONST: return e->val;
    default: break;
    }
    int64_t a = ir_aexpr_eval(e->l, dims, syms), b = ir_aexpr_eval(e->r, dims, syms);
    switch (e->kind) {
    case IR_AE_ADD: return (int64_t)((uint64_t)a + (uint64_t)b);
    case IR_AE_MUL: return (int64_t)((uint64_t)a * (uint64_t)b);
    case IR_AE_MOD: {
        if (b == 0) return 0;
        int64_t r = a % b;
        return r < 0 ? r + (b < 0 ? -b : b) : r;
    }
    case IR_AE_FLOORDIV: return b == 0 ? 0 : floordiv64(a, b);
    case IR_AE_CEILDIV: return b == 0 ? 0 : -floordiv64(-a, b);
    default: return 0;
    }
}

/* ------------------------------------------------------------- attributes */

double ir_attr_float(const ir_attr *a) {
    switch (a->type.dtype) {
    case IR_F16: return sp_f16_to_f32((uint16_t)a->u.bits);
    case IR_BF16: return sp_bf16_to_f32((uint16_t)a->u.bits);
    case IR_F32: return sp_f32_from_bits((uint32_t)a->u.bits);
    default: return sp_f64_from_bits(a->u.bits);
    }
}

const ir_attr *ir_dict_get(const ir_named_attr *items, uint32_t n, const char *name) {
    for (uint32_t i = 0; i < n; i++)
        if (!strcmp(items[i].name, name)) return items[i].attr;
    return NULL;
}

static uint64_t load_le(const uint8_t *p, int bytes) {
    uint64_t v = 0;
    for (int i = bytes - 1; i >= 0; i--) v = (v << 8) | p[i];
    return v;
}

double ir_elements_get_f(const ir_elements *e, int64_t i) {
    ir_dtype dt = (ir_dtype)e->type.dtype;
    int nb = ir_dtype_bytes(dt);
    const uint8_t *p = e->data + (e->splat ? 0 : i * nb);
    uint64_t v = load_le(p, nb);
    switch (dt) {
    case IR_F16: return sp_f16_to_f32((uint16_t)v);
    case IR_BF16: return sp_bf16_to_f32((uint16_t)v);
    case IR_F32: return sp_f32_from_bits((uint32_t)v);
    case IR_F64: return sp_f64_from_bits(v);
    default: return (double)ir_elements_get_i(e, i);
    }
}

int64_t ir_elements_get_i(const ir_elements *e, int64_t i) {
    ir_dtype dt = (ir_dtype)e->type.dtype;
    if (ir_dtype_is_float(dt)) return (int64_t)ir_elements_get_f(e, i);
    int nb = ir_dtype_bytes(dt);
    const uint8_t *p = e->data + (e->splat ? 0 : i * nb);
    uint64_t v = load_le(p, nb);
    int bits = ir_dtype_bits(dt);
    if (bits == 1) return (int64_t)(v & 1);
    if (bits < 64) { /* sign-extend */
        uint64_t m = 1ull << (bits - 1);
        v &= (m << 1) - 1;
        return (int64_t)((v ^ m) - m);
    }
    return (int64_t)v;
}

const ir_attr *ir_attr_int(ir_module *m, int64_t v, ir_type t) {
    ir_attr *a = sp_arena_alloc(&m->arena, sizeof *a);
    a->kind = IR_A_INT;
    a->type = t;
    a->u.i = v;
    return a;
}

const ir_attr *ir_attr_string(ir_module *m, const char *s, size_t n) {
    ir_attr *a = sp_arena_alloc(&m->arena, sizeof *a);
    a->kind = IR_A_STRING;
    a->u.str.s = sp_arena_strndup(&m->arena, s, n);
    a->u.str.len = (uint32_t)n;
    return a;
}

/* -------------------------------------------------------------------- ops */

static const struct {
    const char *name;
    ir_syntax syntax;
} OPS[IR_OP_COUNT] = {
#define OP(e, name, syn) [IR_OP_##e] = {name, IR_SYN_##syn},
#include "ops.def"
#undef OP
};

const char *ir_op_name(ir_opkind k) { return k < IR_OP_COUNT ? OPS[k].name : "?"; }
ir_syntax ir_op_syntax(ir_opkind k) { return k < IR_OP_COUNT ? OPS[k].syntax : IR_SYN_SPECIAL; }

int ir_op_lookup(const char *name, size_t n) {
    for (int i = 0; i < IR_OP_COUNT; i++)
        if (strlen(OPS[i].name) == n && !memcmp(OPS[i].name, name, n)) return i;
    return -1;
}

static const char *const CMPF_NAMES[IR_CMPF_COUNT] = {
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
    "ueq",   "ugt", "uge", "ult", "ule", "une", "uno", "true"};
static const char *const CMPI_NAMES[IR_CMPI_COUNT] = {"eq",  "ne",  "slt", "sle", "sgt",
                                                      "sge", "ult", "ule", "ugt", "uge"};

const char *ir_cmpf_name(int64_t p) { return p >= 0 && p < IR_CMPF_COUNT ? CMPF_NAMES[p] : "?"; }
const char *ir_cmpi_name(int64_t p) { return p >= 0 && p < IR_CMPI_COUNT ? CMPI_NAMES[p] : "?"; }

/* ORDER LINALG_NAMES: matches ir_linalg_kind */
static const char *const LINALG_NAMES[IR_LN_COUNT] = {
    "generic", "fill", "matmul", "batch_matmul", "batch_reduce_matmul", "transpose",
    "broadcast", "map", "reduce", "copy", "elementwise",
#define EW(named, name, kind, arity, fop, iop) name,
#include "elementwise.def"
    "conv_2d_nchw_fchw", "conv_2d_nhwc_hwcf", "conv_2d_nhwc_fhwc",
    "conv_2d_ngchw_fgchw", "conv_2d_ngchw_gfchw", "depthwise_conv_2d_nchw_chw", "depthwise_conv_2d_nhwc_hwc",
    "pooling_nchw_max", "pooling_nchw_sum", "pooling_nhwc_max", "pooling_nhwc_sum", "conv_1d", "conv_1d_nwc_wcf",
    "conv_1d_ncw_fcw", "depthwise_conv_1d_nwc_wc", "depthwise_conv_1d_ncw_cw", "depthwise_conv_1d_nwc_wcm",
    "pooling_nwc_max", "pooling_nwc_max_unsigned", "pooling_nwc_min", "pooling_nwc_min_unsigned", "pooling_nwc_sum",
    "pooling_ncw_max", "pooling_ncw_sum", "conv_2d", "conv_2d_nhwgc_gfhwc", "depthwise_conv_2d_nhwc_hwcm",
    "pooling_nhwc_max_unsigned", "pooling_nhwc_min", "pooling_nhwc_min_unsigned", "conv_3d", "conv_3d_ndhwc_dhwcf",
    "conv_3d_ncdhw_fcdhw", "depthwise_conv_3d_ndhwc_dhwc", "depthwise_conv_3d_ncdhw_cdhw",
    "depthwise_conv_3d_ndhwc_dhwcm", "pooling_ndhwc_max", "pooling_ndhwc_min", "pooling_ndhwc_sum"};
_Static_assert(SP_ARRAY_LEN(LINALG_NAMES) == IR_LN_COUNT, "LINALG_NAMES out of sync");

const char *ir_linalg_kind_name(ir_linalg_kind k) { return k < IR_LN_COUNT ? LINALG_NAMES[k] : "?"; }

/* ----------------------------------------------------------------- module */

ir_module *ir_module_new(sp_ctx *ctx) {
    ir_module *m = sp_malloc(ctx, sizeof *m);
    memset(m, 0, sizeof *m);
    m->ctx = ctx;
    sp_arena_init(&m->arena, ctx);
    return m;
}

void ir_module_free(ir_module *m) {
    if (!m) return;
    sp_ctx *ctx = m->ctx;
    sp_arena_free(&m->arena);
    sp_free(ctx, m);
}

ir_block *ir_module_body(const ir_module *m) { return m->op ? m->op->regions[0] : NULL; }

ir_op *ir_module_find_func(const ir_module *m, const char *name) {
    ir_block *b = ir_module_body(m);
    for (ir_op *op = b ? b->first : NULL; op; op = op->next)
        if (op->kind == IR_OP_FUNC && !strcmp(op->u.fn.name, name)) return op;
    return NULL;
}

ir_block *ir_block_new(ir_module *m, uint32_t nargs, const ir_type *types) {
    ir_block *b = sp_arena_alloc(&m->arena, sizeof *b);
    b->nargs = nargs;
    b->args = sp_arena_array(&m->arena, nargs, sizeof *b->args);
    for (uint32_t i = 0; i < nargs; i++) {
        b->args[i].type = types ? types[i] : (ir_type){0};
        b->args[i].owner = b;
        b->args[i].index = i;
        b->args[i].id = IR_NO_ID;
    }
    return b;
}

ir_op *ir_op_new(ir_module *m, ir_opkind kind, sp_loc loc, uint32_t nopnds, uint32_t nres,
                 uint32_t nregions) {
    ir_op *op = sp_arena_alloc(&m->arena, sizeof *op);
    op->kind = (uint16_t)kind;
    op->loc = loc;
    op->nopnds = nopnds;
    op->nres = nres;
    op->nregions = nregions;
    op->opnds = sp_arena_array(&m->arena, nopnds, sizeof *op->opnds);
    op->res = sp_arena_array(&m->arena, nres, sizeof *op->res);
    for (uint32_t i = 0; i < nres; i++) {
        op->res[i].def = op;
        op->res[i].id = IR_NO_ID;
        op->res[i].index = i;
    }
    op->regions = sp_arena_array(&m->arena, nregions, sizeof *op->regions);
    return op;
}

void ir_block_append(ir_block *b, ir_op *op) {
    op->parent = b;
    op->next = NULL;
    op->prev = b->last;
    if (b->last)
        b->last->next = op;
    else
        b->first = op;
    b->last = op;
}

void ir_block_insert_before(ir_block *b, ir_op *before, ir_op *op) {
    if (!before) {
        ir_block_append(b, op);
        return;
    }
    op->parent = b;
    op->next = before;
    op->prev = before->prev;
    if (before->prev)
        before->prev->next = op;
    else
        b->first = op;
    before->prev = op;
}

void ir_block_remove(ir_block *b, ir_op *op) {
    if (op->prev)
        op->prev->next = op->next;
    else
        b->first = op->next;
    if (op->next)
        op->next->prev = op->prev;
    else
        b->last = op->prev;
    op->prev = op->next = NULL;
    op->parent = NULL;
}

ir_block *ir_op_region(const ir_op *op, uint32_t i) { return i < op->nregions ? op->regions[i] : NULL; }

void ir_op_set_region(ir_op *op, uint32_t i, ir_block *b) {
    op->regions[i] = b;
    b->parent = op;
}

const int64_t *ir_dims_dup(ir_module *m, const int64_t *dims, uint32_t rank) {
    return sp_arena_memdup(&m->arena, dims, rank * sizeof *dims);
}

ir_type ir_tensor_type(ir_module *m, ir_dtype dt, uint32_t rank, const int64_t *dims) {
    ir_type t = {IR_T_TENSOR, (uint8_t)dt, (uint8_t)rank, ir_dims_dup(m, dims, rank)};
    return t;
}

/* ------------------------------------------------------- affine builders */

static const ir_aexpr *ae_new(ir_module *m, ir_aexpr_kind k, int64_t v, const ir_aexpr *l,
                              const ir_aexpr *r) {
    ir_aexpr *e = sp_arena_alloc(&m->arena, sizeof *e);
    e->kind = (uint8_t)k;
    e->val = v;
    e->l = l;
    e->r = r;
    return e;
}

const ir_aexpr *ir_ae_dim(ir_module *m, int64_t d) { return ae_new(m, IR_AE_DIM, d, NULL, NULL); }
const ir_aexpr *ir_ae_sym(ir_module *m, int64_t s) { return ae_new(m, IR_AE_SYM, s, NULL, NULL); }
const ir_aexpr *ir_ae_const(ir_module *m, int64_t c) { return ae_new(m, IR_AE_CONST, c, NULL, NULL); }

const ir_aexpr *ir_ae_bin(ir_module *m, ir_aexpr_kind k, const ir_aexpr *l, const ir_aexpr *r) {
    bool lc = l->kind == IR_AE_CONST, rc = r->kind == IR_AE_CONST;
    if ((k == IR_AE_MOD || k == IR_AE_FLOORDIV || k == IR_AE_CEILDIV) && rc && r->val <= 0)
        sp_throw(m->ctx, SP_EINPUT, (sp_loc){0}, "affine %s by a non-positive constant",
                 k == IR_AE_MOD ? "mod" : "division");
    if (lc && rc) {
        int64_t dims0 = 0;
        ir_aexpr tmp = {(uint8_t)k, 0, l, r};
        return ir_ae_const(m, ir_aexpr_eval(&tmp, &dims0, NULL));
    }
    if ((k == IR_AE_ADD || k == IR_AE_MUL) && lc) { /* constants go right */
        const ir_aexpr *t = l;
        l = r;
        r = t;
        lc = false;
        rc = true;
    }
    if (rc) {
        if (k == IR_AE_ADD && r->val == 0) return l;
        if (k == IR_AE_MUL && r->val == 1) return l;
        if (k == IR_AE_MUL && r->val == 0) return r;
        if ((k == IR_AE_FLOORDIV || k == IR_AE_CEILDIV) && r->val == 1) return l;
        if (k == IR_AE_MOD && r->val == 1) return ir_ae_const(m, 0);
    }
    if (k == IR_AE_MUL && !rc && r->kind != IR_AE_CONST && l->kind != IR_AE_CONST &&
        r->kind != IR_AE_SYM && l->kind != IR_AE_SYM)
        sp_throw(m->ctx, SP_EINPUT, (sp_loc){0},
                 "non-affine expression: product of two dimension expressions");
    return ae_new(m, k, 0, l, r);
}

ir_amap *ir_amap_new(ir_module *m, uint32_t ndims, uint32_t nsyms, uint32_t nres) {
    ir_amap *map = sp_arena_alloc(&m->arena, sizeof *map);
    map->ndims = ndims;
    map->nsyms = nsyms;
    map->nres = nres;
    map->res = sp_arena_array(&m->arena, nres, sizeof *map->res);
    return map;
}

const ir_amap *ir_amap_identity(ir_module *m, uint32_t ndims) {
    ir_amap *map = ir_amap_new(m, ndims, 0, ndims);
    for (uint32_t i = 0; i < ndims; i++) map->res[i] = ir_ae_dim(m, i);
    return map;
}

const ir_amap *ir_amap_select(ir_module *m, uint32_t ndims, uint32_t nres, const int64_t *dims) {
    ir_amap *map = ir_amap_new(m, ndims, 0, nres);
    for (uint32_t i = 0; i < nres; i++) map->res[i] = ir_ae_dim(m, dims[i]);
    return map;
}

/* ---------------------------------------------------------------- walking */

void ir_walk_block(ir_block *b, ir_walk_fn fn, void *ud) {
    for (ir_op *op = b->first, *next; op; op = next) {
        next = op->next;
        fn(op, ud);
        for (uint32_t r = 0; r < op->nregions; r++)
            if (op->regions[r]) ir_walk_block(op->regions[r], fn, ud);
    }
}

static void number_block(ir_block *b, uint32_t *next) {
    for (uint32_t i = 0; i < b->nargs; i++) b->args[i].id = (*next)++;
    for (ir_op *op = b->first; op; op = op->next) {
        for (uint32_t r = 0; r < op->nregions; r++)
            if (op->regions[r]) number_block(op->regions[r], next);
        for (uint32_t i = 0; i < op->nres; i++) op->res[i].id = (*next)++;
    }
}

void ir_func_number(ir_op *func) {
    uint32_t next = 0;
    if (func->nregions && func->regions[0]) number_block(func->regions[0], &next);
    func->u.fn.nvalues = next;
}

ir_op *ir_op_parent_func(const ir_op *op) {
    while (op && op->kind != IR_OP_FUNC) op = op->parent ? op->parent->parent : NULL;
    return (ir_op *)op;
}

ir_block *ir_linalg_body(const ir_op *op) { return op->nregions ? op->regions[0] : NULL; }

bool ir_block_arg_used(const ir_block *b, const ir_value *arg) {
    for (const ir_op *o = b->first; o; o = o->next)
        for (uint32_t i = 0; i < o->nopnds; i++)
            if (o->opnds[i] == arg) return true;
    return false;
}

bool ir_linalg_loop_bounds(const ir_op *op, int64_t *dims) {
    const ir_linalg *l = &op->u.lin;
    for (uint32_t d = 0; d < l->ndims; d++) dims[d] = -1;
    for (uint32_t i = 0; i < l->nins + l->nouts; i++) {
        const ir_amap *map = l->maps[i];
        ir_type t = op->opnds[i]->type;
        for (uint32_t r = 0; r < map->nres && r < t.rank; r++) {
            int d = ir_aexpr_dim(map->res[r]);
            if (d >= 0 && (uint32_t)d < l->ndims && dims[d] < 0) dims[d] = t.dims[r];
        }
    }
    for (uint32_t d = 0; d < l->ndims; d++)
        if (dims[d] < 0) return false;
    return true;
}
