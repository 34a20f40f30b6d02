/* verify.c - the IR verifier (see verify.h). One function per op family. */
#include "verify.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct verifier {
    ir_module *m;
    sp_ctx *ctx;
    const ir_op *func;   /* function being verified */
    uint8_t *defined;    /* by value id: defined at the current point */
    uint32_t nvalues;
    char tbuf[4][96];
    unsigned tnext;
} verifier;

static SP_NORETURN SP_PRINTF(3, 4) void fail(verifier *v, const ir_op *op, const char *fmt, ...) {
    char msg[SP_ERR_MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    const char *name = op->kind == IR_OP_LINALG && op->u.lin.named != IR_LN_GENERIC
                           ? NULL
                           : ir_op_name((ir_opkind)op->kind);
    if (name)
        sp_throw(v->ctx, SP_EINPUT, op->loc, "'%s' op %s", name, msg);
    sp_throw(v->ctx, SP_EINPUT, op->loc, "'linalg.%s' op %s", ir_linalg_kind_name((ir_linalg_kind)op->u.lin.named),
             msg);
}

/* Type text for messages; a ring of buffers so one message can show several. */
static const char *tstr(verifier *v, ir_type t) {
    char *buf = v->tbuf[v->tnext++ % 4];
    return ir_type_text(t, buf, sizeof v->tbuf[0]);
}
#define TYPESTR(t) tstr(v, (t))

static bool is_float_like(ir_type t) { return ir_dtype_is_float((ir_dtype)t.dtype); }
static bool is_int_like(ir_type t) { return ir_dtype_is_int((ir_dtype)t.dtype); }
static bool same_shape(ir_type a, ir_type b) {
    if (a.kind != b.kind || a.rank != b.rank) return false;
    for (uint32_t i = 0; i < a.rank; i++)
        if (a.dims[i] != b.dims[i]) return false;
    return true;
}

static void need_counts(verifier *v, const ir_op *op, uint32_t nopnds, uint32_t nres) {
    if (op->nopnds != nopnds) fail(v, op, "expects %u operands, found %u", nopnds, op->nopnds);
    if (op->nres != nres) fail(v, op, "expects %u results, found %u", nres, op->nres);
}

static void need_index(verifier *v, const ir_op *op, const ir_value *x, const char *what) {
    if (x->type.kind != IR_T_SCALAR || x->type.dtype != IR_INDEX) fail(v, op, "%s must be of type index", what);
}

static void verify_block(verifier *v, const ir_block *b);

/* ----------------------------------------------------------- arith/math */

static void verify_elementwise_scalar(verifier *v, const ir_op *op, bool want_float) {
    ir_type t = op->res[0].type;
    for (uint32_t i = 0; i < op->nopnds; i++)
        if (!ir_type_eq(op->opnds[i]->type, t))
            fail(v, op, "operand #%u has type %s, the result has type %s", i, TYPESTR(op->opnds[i]->type), TYPESTR(t));
    if (t.kind == IR_T_NONE) fail(v, op, "needs a typed result");
    if (want_float && !is_float_like(t)) fail(v, op, "needs a floating-point type, found %s", TYPESTR(t));
    if (!want_float && !is_int_like(t)) fail(v, op, "needs an integer type, found %s", TYPESTR(t));
}

static void verify_cast(verifier *v, const ir_op *op) {
    need_counts(v, op, 1, 1);
    ir_type a = op->opnds[0]->type, r = op->res[0].type;
    if (!same_shape(a, r)) fail(v, op, "operand %s and result %s differ in shape", TYPESTR(a), TYPESTR(r));
    ir_dtype fa = (ir_dtype)a.dtype, fr = (ir_dtype)r.dtype;
    int ba = ir_dtype_bits(fa), br = ir_dtype_bits(fr);
    bool ok;
    switch ((ir_opkind)op->kind) {
    case IR_OP_EXTF: ok = ir_dtype_is_float(fa) && ir_dtype_is_float(fr) && (br > ba || (fa == IR_BF16 && fr == IR_F16) || (fa == IR_F16 && fr == IR_BF16)); break;
    case IR_OP_TRUNCF: ok = ir_dtype_is_float(fa) && ir_dtype_is_float(fr) && (br < ba || (br == ba && fa != fr)); break;
    case IR_OP_EXTSI:
    case IR_OP_EXTUI: ok = is_int_like(a) && is_int_like(r) && fa != IR_INDEX && fr != IR_INDEX && br > ba; break;
    case IR_OP_TRUNCI: ok = is_int_like(a) && is_int_like(r) && fa != IR_INDEX && fr != IR_INDEX && br < ba; break;
    case IR_OP_SITOFP:
    case IR_OP_UITOFP: ok = is_int_like(a) && fa != IR_INDEX && ir_dtype_is_float(fr); break;
    case IR_OP_FPTOSI:
    case IR_OP_FPTOUI: ok = ir_dtype_is_float(fa) && is_int_like(r) && fr != IR_INDEX; break;
    case IR_OP_INDEX_CAST:
    case IR_OP_INDEX_CASTUI: ok = is_int_like(a) && is_int_like(r) && ((fa == IR_INDEX) != (fr == IR_INDEX)); break;
    case IR_OP_BITCAST: ok = ba == br && fa != IR_INDEX && fr != IR_INDEX; break;
    default: ok = false;
    }
    if (!ok) fail(v, op, "cannot cast %s to %s", TYPESTR(a), TYPESTR(r));
}

static void verify_arith(verifier *v, const ir_op *op) {
    switch (ir_op_syntax((ir_opkind)op->kind)) {
    case IR_SYN_BINF: need_counts(v, op, 2, 1); verify_elementwise_scalar(v, op, true); return;
    case IR_SYN_BINI: need_counts(v, op, 2, 1); verify_elementwise_scalar(v, op, false); return;
    case IR_SYN_UNF: need_counts(v, op, 1, 1); verify_elementwise_scalar(v, op, true); return;
    case IR_SYN_UNI: need_counts(v, op, 1, 1); verify_elementwise_scalar(v, op, false); return;
    case IR_SYN_CAST: verify_cast(v, op); return;
    case IR_SYN_SPECIAL: break;
    }
    switch ((ir_opkind)op->kind) {
    case IR_OP_FMA: need_counts(v, op, 3, 1); verify_elementwise_scalar(v, op, true); return;
    case IR_OP_FPOWI: {
        need_counts(v, op, 2, 1);
        ir_type t = op->res[0].type, n = op->opnds[1]->type;
        if (!ir_type_eq(op->opnds[0]->type, t))
            fail(v, op, "the base has type %s, the result has type %s", TYPESTR(op->opnds[0]->type), TYPESTR(t));
        if (!is_float_like(t)) fail(v, op, "needs a floating-point base, found %s", TYPESTR(t));
        if (!is_int_like(n) || n.dtype == IR_INDEX || !same_shape(n, t))
            fail(v, op, "needs a signless integer exponent of the base's shape, found %s", TYPESTR(n));
        return;
    }
    case IR_OP_CMPF:
    case IR_OP_CMPI: {
        need_counts(v, op, 2, 1);
        ir_type a = op->opnds[0]->type;
        if (!ir_type_eq(a, op->opnds[1]->type)) fail(v, op, "operands have different types %s and %s", TYPESTR(a), TYPESTR(op->opnds[1]->type));
        if (op->kind == IR_OP_CMPF ? !is_float_like(a) : !is_int_like(a))
            fail(v, op, "operand type %s is not %s", TYPESTR(a), op->kind == IR_OP_CMPF ? "floating-point" : "an integer");
        ir_type r = op->res[0].type;
        if (r.dtype != IR_I1 || !same_shape(a, r)) fail(v, op, "result must be i1 of the operands' shape, found %s", TYPESTR(r));
        return;
    }
    case IR_OP_SELECT: {
        need_counts(v, op, 3, 1);
        ir_type c = op->opnds[0]->type, r = op->res[0].type;
        if (c.dtype != IR_I1 || (c.kind != IR_T_SCALAR && !same_shape(c, r)))
            fail(v, op, "condition must be i1 (or i1 of the result's shape), found %s", TYPESTR(c));
        for (int i = 1; i < 3; i++)
            if (!ir_type_eq(op->opnds[i]->type, r))
                fail(v, op, "operand #%d has type %s, the result has type %s", i, TYPESTR(op->opnds[i]->type), TYPESTR(r));
        return;
    }
    case IR_OP_CONSTANT: {
        need_counts(v, op, 0, 1);
        const ir_attr *a = op->u.value;
        if (!ir_type_eq(a->type, op->res[0].type))
            fail(v, op, "value of type %s does not match the result type %s", TYPESTR(a->type), TYPESTR(op->res[0].type));
        if (a->kind == IR_A_ELEMENTS && !ir_type_is_shaped(a->type)) fail(v, op, "dense value needs a shaped type");
        if ((a->kind == IR_A_INT || a->kind == IR_A_FLOAT || a->kind == IR_A_BOOL) && a->type.kind != IR_T_SCALAR)
            fail(v, op, "scalar value needs a scalar type");
        if (a->kind == IR_A_FLOAT && !is_float_like(a->type)) fail(v, op, "float value needs a float type");
        if (a->kind == IR_A_INT && !is_int_like(a->type)) fail(v, op, "integer value needs an integer type");
        return;
    }
    default: fail(v, op, "unexpected op in arith verifier");
    }
}

/* ---------------------------------------------------------------- tensor */

/* Same rank and element type everywhere, every dimension but the
 * concatenated one equal to the result's, which is their sum. */
static void verify_concat(verifier *v, const ir_op *op) {
    if (op->nres != 1 || op->res[0].type.kind != IR_T_TENSOR) fail(v, op, "has one tensor result");
    if (!op->nopnds) fail(v, op, "needs at least one operand");
    ir_type r = op->res[0].type;
    if ((uint64_t)op->u.dim >= r.rank)
        fail(v, op, "dimension %lld out of range for the rank-%u result", (long long)op->u.dim, r.rank);
    uint32_t d = (uint32_t)op->u.dim;
    int64_t sum = 0;
    for (uint32_t i = 0; i < op->nopnds; i++) {
        ir_type t = op->opnds[i]->type;
        if (t.kind != IR_T_TENSOR || t.rank != r.rank || t.dtype != r.dtype)
            fail(v, op, "operand #%u is %s; it must be a tensor of the result's rank and element type (%s)", i, TYPESTR(t),
                 TYPESTR(r));
        for (uint32_t k = 0; k < r.rank; k++)
            if (k != d && t.dims[k] != r.dims[k])
                fail(v, op, "operand #%u is %s: dimension %u must be %lld as in the result %s", i, TYPESTR(t), k,
                     (long long)r.dims[k], TYPESTR(r));
        sum += t.dims[d];
    }
    if (sum != r.dims[d])
        fail(v, op, "result dimension %u is %lld; the operands' dimensions %u add up to %lld", d, (long long)r.dims[d], d,
             (long long)sum);
}

/* tensor.extract_slice / insert_slice: static sizes and strides within the
 * big tensor, the small one its slice with unit dimensions dropped. */
static void verify_slice(verifier *v, const ir_op *op) {
    bool ins = op->kind == IR_OP_INSERT_SLICE;
    const ir_slice_info *s = &op->u.slice;
    ir_type big = ins ? op->opnds[1]->type : op->opnds[0]->type;
    ir_type small = ins ? op->opnds[0]->type : op->res[0].type;
    if (big.kind != IR_T_TENSOR || small.kind != IR_T_TENSOR) fail(v, op, "operands must be tensors");
    if (s->rank != big.rank) fail(v, op, "has %u offsets for a rank-%u tensor", s->rank, big.rank);
    if (ins && !ir_type_eq(op->res[0].type, big)) fail(v, op, "result must have the destination's type");
    for (uint32_t i = ins ? 2 : 1; i < op->nopnds; i++) need_index(v, op, op->opnds[i], "dynamic offset, size or stride");
    /* sizes must be static (the result shape is static); drop unit dims for rank reduction */
    uint32_t k = 0;
    for (uint32_t i = 0; i < s->rank; i++) {
        int64_t off = s->offsets[i], sz = s->sizes[i], st = s->strides[i];
        if (sz == IR_DYNAMIC || st == IR_DYNAMIC) fail(v, op, "dynamic sizes and strides are not supported");
        if (sz < 0 || st <= 0) fail(v, op, "size %lld / stride %lld of dimension %u is invalid", (long long)sz, (long long)st, i);
        if (off != IR_DYNAMIC && (off < 0 || (sz > 0 && off + (sz - 1) * st >= big.dims[i])))
            fail(v, op, "slice of dimension %u runs out of bounds (offset %lld, size %lld, stride %lld, dimension %lld)", i,
                 (long long)off, (long long)sz, (long long)st, (long long)big.dims[i]);
        if (k < small.rank && small.dims[k] == sz && !(sz == 1 && small.rank - k < s->rank - i)) {
            k++;
        } else if (sz != 1) {
            fail(v, op, "slice sizes do not match the %s type %s", ins ? "source" : "result", TYPESTR(small));
        }
    }
    if (k != small.rank) fail(v, op, "slice sizes do not match the %s type %s", ins ? "source" : "result", TYPESTR(small));
    if (small.dtype != big.dtype) fail(v, op, "element types differ");
}

/* tensor.expand_shape / collapse_shape: the reassociation groups the high
 * rank's dimensions, in order, into the low rank's. */
static void verify_reshape(verifier *v, const ir_op *op) {
    need_counts(v, op, 1, 1);
    bool expand = op->kind == IR_OP_EXPAND_SHAPE;
    ir_type src = op->opnds[0]->type, res = op->res[0].type;
    ir_type hi = expand ? res : src, lo = expand ? src : res;
    if (src.kind != IR_T_TENSOR || res.kind != IR_T_TENSOR || src.dtype != res.dtype)
        fail(v, op, "needs tensors of one element type");
    const ir_reshape_info *r = &op->u.reshape;
    if (r->ngroups != lo.rank) fail(v, op, "reassociation has %u groups for rank %u", r->ngroups, lo.rank);
    int64_t next = 0;
    for (uint32_t g = 0; g < r->ngroups; g++) {
        int64_t prod = 1;
        if (r->group_start[g + 1] == r->group_start[g]) fail(v, op, "reassociation group %u is empty", g);
        for (uint32_t j = r->group_start[g]; j < r->group_start[g + 1]; j++) {
            if (r->group_dims[j] != next) fail(v, op, "reassociation must list dimensions 0..%u in order", hi.rank - 1);
            if (next >= hi.rank) fail(v, op, "reassociation refers to dimension %lld of a rank-%u tensor", (long long)next, hi.rank);
            prod *= hi.dims[next];
            next++;
        }
        if (prod != lo.dims[g]) fail(v, op, "group %u multiplies to %lld, dimension is %lld", g, (long long)prod, (long long)lo.dims[g]);
    }
    /* to or from rank 0: an empty reassociation, every dimension 1 (as MLIR) */
    for (uint32_t d = 0; lo.rank == 0 && d < hi.rank; d++)
        if (hi.dims[d] != 1) fail(v, op, "a rank-0 tensor reshapes only with a tensor of size-1 dimensions");
    if (next != hi.rank && lo.rank) fail(v, op, "reassociation does not cover all %u dimensions", hi.rank);
}

/* tensor.pack / unpack: inner tiles and the outer permutation against
 * the packed type; a pack whose tiles do not divide needs a padding value. */
static void verify_pack(verifier *v, const ir_op *op) {
    bool pack = op->kind == IR_OP_PACK;
    const ir_pack_info *pk = &op->u.pack;
    ir_type src = op->opnds[0]->type, dst = op->opnds[1]->type;
    if (op->nres != 1 || !ir_type_eq(op->res[0].type, dst)) fail(v, op, "result must have the destination's type");
    ir_type un = pack ? src : dst, pk_t = pack ? dst : src;
    if (un.kind != IR_T_TENSOR || pk_t.kind != IR_T_TENSOR || un.dtype != pk_t.dtype) fail(v, op, "needs tensors of one element type");
    if (pk_t.rank != un.rank + pk->ninner) fail(v, op, "packed rank must be %u", un.rank + pk->ninner);
    if (pk->outer_dims_perm && pk->nouter != un.rank) fail(v, op, "outer_dims_perm needs %u entries", un.rank);
    bool seen[IR_MAX_RANK] = {0};
    for (uint32_t i = 0; i < pk->ninner; i++) {
        int64_t d = pk->inner_dims_pos[i];
        if (d < 0 || d >= un.rank || seen[d]) fail(v, op, "inner_dims_pos must be distinct dimensions");
        seen[d] = true;
        if (pk->inner_tiles[i] <= 0) fail(v, op, "inner tile sizes must be positive");
        if (pk_t.dims[un.rank + i] != pk->inner_tiles[i]) fail(v, op, "inner tile %u does not match the packed type", i);
    }
    int64_t outer[IR_MAX_RANK];
    for (uint32_t d = 0; d < un.rank; d++) outer[d] = un.dims[d];
    for (uint32_t i = 0; i < pk->ninner; i++) {
        int64_t d = pk->inner_dims_pos[i], t = pk->inner_tiles[i];
        outer[d] = (outer[d] + t - 1) / t;
    }
    bool seen2[IR_MAX_RANK] = {0};
    for (uint32_t i = 0; i < un.rank; i++) {
        int64_t d = pk->outer_dims_perm ? pk->outer_dims_perm[i] : i;
        if (d < 0 || d >= un.rank || seen2[d]) fail(v, op, "outer_dims_perm is not a permutation");
        seen2[d] = true;
        if (pk_t.dims[i] != outer[d]) fail(v, op, "packed outer dimension %u should be %lld", i, (long long)outer[d]);
    }
    if (pack) {
        bool exact = true;
        for (uint32_t i = 0; i < pk->ninner; i++)
            if (un.dims[pk->inner_dims_pos[i]] % pk->inner_tiles[i]) exact = false;
        if (!exact && !pk->has_padding) fail(v, op, "tiles do not divide the source: a padding_value is needed");
        if (pk->has_padding && !ir_type_eq(op->opnds[2]->type, ir_scalar_type((ir_dtype)un.dtype)))
            fail(v, op, "padding value must be the element type");
    }
}

static void verify_tensor(verifier *v, const ir_op *op) {
    switch ((ir_opkind)op->kind) {
    case IR_OP_EMPTY:
        need_counts(v, op, 0, 1);
        if (op->res[0].type.kind != IR_T_TENSOR) fail(v, op, "result must be a tensor");
        return;
    case IR_OP_EXTRACT:
    case IR_OP_INSERT: {
        bool ins = op->kind == IR_OP_INSERT;
        const ir_value *t = op->opnds[ins ? 1 : 0];
        uint32_t first = ins ? 2 : 1;
        if (t->type.kind != IR_T_TENSOR) fail(v, op, "needs a tensor operand, found %s", TYPESTR(t->type));
        if (op->nopnds - first != t->type.rank) fail(v, op, "needs %u indices for %s, found %u", t->type.rank, TYPESTR(t->type), op->nopnds - first);
        for (uint32_t i = first; i < op->nopnds; i++) need_index(v, op, op->opnds[i], "index");
        if (op->nres != 1) fail(v, op, "has one result");
        ir_type want = ins ? t->type : ir_scalar_type((ir_dtype)t->type.dtype);
        if (!ir_type_eq(op->res[0].type, want)) fail(v, op, "result type must be %s", TYPESTR(want));
        if (ins && !ir_type_eq(op->opnds[0]->type, ir_scalar_type((ir_dtype)t->type.dtype)))
            fail(v, op, "inserted value must be the tensor's element type");
        return;
    }
    case IR_OP_EXTRACT_SLICE:
    case IR_OP_INSERT_SLICE:
        verify_slice(v, op);
        return;
    case IR_OP_EXPAND_SHAPE:
    case IR_OP_COLLAPSE_SHAPE:
        verify_reshape(v, op);
        return;
    case IR_OP_PAD: {
        need_counts(v, op, 1, 1);
        ir_type src = op->opnds[0]->type, res = op->res[0].type;
        const ir_pad_info *pd = &op->u.pad;
        if (src.kind != IR_T_TENSOR || res.kind != IR_T_TENSOR || pd->rank != src.rank || res.rank != src.rank)
            fail(v, op, "padding must have one entry per dimension");
        for (uint32_t i = 0; i < src.rank; i++) {
            if (pd->low[i] < 0 || pd->high[i] < 0) fail(v, op, "negative padding");
            if (src.dims[i] + pd->low[i] + pd->high[i] != res.dims[i])
                fail(v, op, "result dimension %u should be %lld", i, (long long)(src.dims[i] + pd->low[i] + pd->high[i]));
        }
        const ir_block *b = op->regions[0];
        if (b->nargs != src.rank) fail(v, op, "region needs %u index arguments", src.rank);
        for (uint32_t i = 0; i < b->nargs; i++)
            if (b->args[i].type.kind != IR_T_SCALAR || b->args[i].type.dtype != IR_INDEX) fail(v, op, "region arguments must be index");
        if (!b->last || b->last->kind != IR_OP_TENSOR_YIELD || b->last->nopnds != 1 ||
            !ir_type_eq(b->last->opnds[0]->type, ir_scalar_type((ir_dtype)src.dtype)))
            fail(v, op, "region must end with tensor.yield of one %s", ir_dtype_name((ir_dtype)src.dtype));
        return;
    }
    case IR_OP_PACK:
    case IR_OP_UNPACK:
        verify_pack(v, op);
        return;
    case IR_OP_FROM_ELEMENTS: {
        if (op->nres != 1 || op->res[0].type.kind != IR_T_TENSOR) fail(v, op, "has one tensor result");
        ir_type r = op->res[0].type, et = ir_scalar_type((ir_dtype)r.dtype);
        if (op->nopnds != ir_type_numel(r))
            fail(v, op, "has %u operands for the %lld elements of %s", op->nopnds, (long long)ir_type_numel(r), TYPESTR(r));
        for (uint32_t i = 0; i < op->nopnds; i++)
            if (!ir_type_eq(op->opnds[i]->type, et))
                fail(v, op, "operand #%u has type %s, the element type is %s", i, TYPESTR(op->opnds[i]->type), TYPESTR(et));
        return;
    }
    case IR_OP_CONCAT: verify_concat(v, op); return;
    default: fail(v, op, "unexpected op in tensor verifier");
    }
}

/* ---------------------------------------------------------------- linalg */

static void verify_linalg(verifier *v, const ir_op *op) {
    const ir_linalg *l = &op->u.lin;
    uint32_t n = l->nins + l->nouts;
    if (op->nopnds != n) fail(v, op, "operand count does not match ins + outs");
    if (l->nouts == 0) fail(v, op, "needs at least one output");
    if (op->nres != l->nouts) fail(v, op, "has %u results for %u outputs", op->nres, l->nouts);
    if (l->ndims > IR_MAX_RANK * 4) fail(v, op, "too many loops");
    for (uint32_t i = 0; i < n; i++) {
        const ir_amap *m = l->maps[i];
        ir_type t = op->opnds[i]->type;
        uint32_t rank = t.kind == IR_T_SCALAR ? 0 : t.rank;
        if (t.kind == IR_T_VECTOR) fail(v, op, "operand #%u: vector operands are not supported", i);
        if (i >= l->nins && t.kind != IR_T_TENSOR) fail(v, op, "output #%u must be a tensor", i - l->nins);
        if (m->ndims != l->ndims) fail(v, op, "indexing map #%u has %u dimensions, the op has %u loops", i, m->ndims, l->ndims);
        if (m->nsyms) fail(v, op, "indexing map #%u has symbols", i);
        if (m->nres != rank) fail(v, op, "indexing map #%u has %u results for operand of rank %u", i, m->nres, rank);
    }
    for (uint32_t i = 0; i < l->nouts; i++)
        if (!ir_type_eq(op->res[i].type, op->opnds[l->nins + i]->type))
            fail(v, op, "result #%u type %s differs from its output %s", i, TYPESTR(op->res[i].type), TYPESTR(op->opnds[l->nins + i]->type));
    int64_t bounds[IR_MAX_RANK * 4];
    if (!ir_linalg_loop_bounds(op, bounds)) {
        for (uint32_t d = 0; d < l->ndims; d++)
            if (bounds[d] < 0) fail(v, op, "the size of loop d%u is not given by any operand dimension", d);
    }
    /* every operand access stays in bounds; plain dims match exactly */
    for (uint32_t i = 0; i < n; i++) {
        const ir_amap *m = l->maps[i];
        ir_type t = op->opnds[i]->type;
        for (uint32_t r = 0; r < m->nres; r++) {
            const ir_aexpr *e = m->res[r];
            int d = ir_aexpr_dim(e);
            if (d >= 0) {
                if (bounds[d] != t.dims[r])
                    fail(v, op, "operand #%u dimension %u is %lld, but loop d%d has %lld iterations", i, r, (long long)t.dims[r], d,
                         (long long)bounds[d]);
                continue;
            }
            int64_t coef[IR_MAX_RANK * 4] = {0}, cst = 0;
            if (!ir_aexpr_linear(e, l->ndims, coef, &cst)) continue; /* mod/floordiv: checked at run time */
            bool empty = false;
            int64_t lo = cst, hi = cst;
            for (uint32_t k = 0; k < l->ndims; k++) {
                if (bounds[k] == 0) empty = true;
                if (coef[k] > 0) hi += coef[k] * (bounds[k] - 1);
                if (coef[k] < 0) lo += coef[k] * (bounds[k] - 1);
            }
            if (!empty && (lo < 0 || hi >= t.dims[r]))
                fail(v, op, "operand #%u dimension %u is accessed at [%lld, %lld], outside [0, %lld)", i, r, (long long)lo,
                     (long long)hi, (long long)t.dims[r]);
        }
    }
    const ir_block *b = ir_linalg_body(op);
    if (!b) fail(v, op, "has no body");
    if (b->nargs != n) fail(v, op, "body has %u arguments, the op has %u operands", b->nargs, n);
    for (uint32_t i = 0; i < n; i++) {
        ir_type want = ir_scalar_type(ir_value_elem(op->opnds[i]));
        if (!ir_type_eq(b->args[i].type, want))
            fail(v, op, "body argument #%u has type %s, operand element type is %s", i, TYPESTR(b->args[i].type), TYPESTR(want));
    }
    const ir_op *y = b->last;
    if (!y || y->kind != IR_OP_LINALG_YIELD) fail(v, op, "body must end with linalg.yield");
    if (y->nopnds != l->nouts) fail(v, op, "body yields %u values for %u outputs", y->nopnds, l->nouts);
    for (uint32_t i = 0; i < l->nouts; i++) {
        ir_type want = ir_scalar_type(ir_value_elem(op->opnds[l->nins + i]));
        if (!ir_type_eq(y->opnds[i]->type, want))
            fail(v, op, "body yields %s for output #%u of element type %s", TYPESTR(y->opnds[i]->type), i, TYPESTR(want));
    }
    for (const ir_op *o = b->first; o; o = o->next) {
        if (o->kind == IR_OP_LINALG_INDEX && (uint64_t)o->u.dim >= l->ndims)
            fail(v, o, "dimension %lld out of range: the enclosing op has %u loops", (long long)o->u.dim, l->ndims);
        for (uint32_t r = 0; r < o->nres; r++)
            if (o->res[r].type.kind != IR_T_SCALAR && o->kind != IR_OP_LINALG)
                fail(v, o, "a linalg body computes on scalars; this op returns %s", TYPESTR(o->res[r].type));
    }
}

/* ------------------------------------------------------------ structure */

static const ir_op *enclosing(const ir_op *op) { return op->parent ? op->parent->parent : NULL; }

static void verify_terminator(verifier *v, const ir_op *op) {
    const ir_op *parent = enclosing(op);
    if (op->parent && op->parent->last != op) fail(v, op, "must be the last op of its block");
    switch ((ir_opkind)op->kind) {
    case IR_OP_RETURN: {
        if (!parent || parent->kind != IR_OP_FUNC) fail(v, op, "must be inside func.func");
        const ir_func_info *fn = &parent->u.fn;
        if (op->nopnds != fn->nres) fail(v, op, "returns %u values, function '%s' has %u results", op->nopnds, fn->name, fn->nres);
        for (uint32_t i = 0; i < op->nopnds; i++)
            if (!ir_type_eq(op->opnds[i]->type, fn->res_types[i]))
                fail(v, op, "result #%u has type %s, function '%s' returns %s", i, TYPESTR(op->opnds[i]->type), fn->name,
                     TYPESTR(fn->res_types[i]));
        return;
    }
    case IR_OP_SCF_YIELD:
        if (!parent || parent->kind != IR_OP_FOR) fail(v, op, "must be inside scf.for");
        if (op->nopnds != parent->nres) fail(v, op, "yields %u values, the loop has %u results", op->nopnds, parent->nres);
        for (uint32_t i = 0; i < op->nopnds; i++)
            if (!ir_type_eq(op->opnds[i]->type, parent->res[i].type)) fail(v, op, "value #%u has the wrong type", i);
        return;
    case IR_OP_TENSOR_YIELD:
        if (!parent || parent->kind != IR_OP_PAD) fail(v, op, "must be inside tensor.pad");
        return;
    case IR_OP_LINALG_YIELD:
        if (!parent || parent->kind != IR_OP_LINALG) fail(v, op, "must be inside a linalg op");
        return;
    default: return;
    }
}

static void verify_for(verifier *v, const ir_op *op) {
    if (op->nopnds < 3) fail(v, op, "needs lower bound, upper bound and step");
    const ir_block *b = op->regions[0];
    ir_type it = op->opnds[0]->type;
    if (it.kind != IR_T_SCALAR || !is_int_like(it)) fail(v, op, "bounds must be index or integer");
    for (int i = 1; i < 3; i++)
        if (!ir_type_eq(op->opnds[i]->type, it)) fail(v, op, "bounds and step must have one type");
    uint32_t ninit = op->nopnds - 3;
    if (op->nres != ninit) fail(v, op, "has %u iter_args but %u results", ninit, op->nres);
    if (b->nargs != 1 + ninit || !ir_type_eq(b->args[0].type, it)) fail(v, op, "body arguments must be the induction variable and the iter_args");
    for (uint32_t i = 0; i < ninit; i++)
        if (!ir_type_eq(op->opnds[3 + i]->type, op->res[i].type) || !ir_type_eq(b->args[1 + i].type, op->res[i].type))
            fail(v, op, "iter_arg #%u, its init and its result must have one type", i);
    if (!b->last || b->last->kind != IR_OP_SCF_YIELD) fail(v, op, "body must end with scf.yield");
}

static void verify_call(verifier *v, const ir_op *op) {
    ir_op *callee = ir_module_find_func(v->m, op->u.callee);
    if (!callee) fail(v, op, "calls undefined function '@%s'", op->u.callee);
    const ir_func_info *fn = &callee->u.fn;
    if (op->nopnds != fn->nargs || op->nres != fn->nres)
        fail(v, op, "passes %u arguments and expects %u results; '@%s' takes %u and returns %u", op->nopnds, op->nres, fn->name,
             fn->nargs, fn->nres);
    for (uint32_t i = 0; i < op->nopnds; i++)
        if (!ir_type_eq(op->opnds[i]->type, fn->arg_types[i]))
            fail(v, op, "argument #%u has type %s, '@%s' expects %s", i, TYPESTR(op->opnds[i]->type), fn->name, TYPESTR(fn->arg_types[i]));
    for (uint32_t i = 0; i < op->nres; i++)
        if (!ir_type_eq(op->res[i].type, fn->res_types[i])) fail(v, op, "result #%u type differs from '@%s'", i, fn->name);
}

static void verify_vector(verifier *v, const ir_op *op) {
    if (op->kind == IR_OP_VPRINT) {
        if (op->nopnds > 1 || op->nres) fail(v, op, "prints at most one value");
        if (op->nopnds && op->opnds[0]->type.kind == IR_T_TENSOR) fail(v, op, "cannot print a tensor");
        return;
    }
    /* transfer_read */
    const ir_value *src = op->opnds[0];
    uint32_t nidx = op->nopnds - 2;
    if (src->type.kind != IR_T_TENSOR) fail(v, op, "source must be a tensor");
    if (nidx != src->type.rank) fail(v, op, "needs %u indices", src->type.rank);
    for (uint32_t i = 0; i < nidx; i++) need_index(v, op, op->opnds[1 + i], "index");
    ir_type r = op->res[0].type;
    if (r.kind != IR_T_VECTOR || r.dtype != src->type.dtype) fail(v, op, "result must be a vector of the element type, found %s", TYPESTR(r));
    if (!ir_type_eq(op->opnds[1 + nidx]->type, ir_scalar_type((ir_dtype)src->type.dtype))) fail(v, op, "padding must be the element type");
    const ir_amap *pm = op->u.xfer.perm;
    if (pm && (pm->ndims != src->type.rank || pm->nres != r.rank)) fail(v, op, "permutation_map does not fit the types");
    if (!pm && r.rank > src->type.rank) fail(v, op, "vector rank exceeds the source rank");
}

/* A run-time check on an i1, in straight-line code: a function body, a
 * loop's, or a structured op's body, where it checks each point (torch's
 * nn.Embedding bounds-checks its indices inside the gather's generic). */
static void verify_assert(verifier *v, const ir_op *op) {
    need_counts(v, op, 1, 0);
    ir_type c = op->opnds[0]->type;
    if (c.kind != IR_T_SCALAR || c.dtype != IR_I1) fail(v, op, "condition must be i1, found %s", TYPESTR(c));
    const ir_op *p = enclosing(op);
    if (!p || (p->kind != IR_OP_FUNC && p->kind != IR_OP_FOR && p->kind != IR_OP_LINALG))
        fail(v, op, "is supported in function, scf.for and linalg bodies only, not in a '%s' body",
             p ? ir_op_name((ir_opkind)p->kind) : "?");
}

/* An operand must be defined before its use, inside the current function. */
static void check_operands(verifier *v, const ir_op *op) {
    for (uint32_t i = 0; i < op->nopnds; i++) {
        const ir_value *x = op->opnds[i];
        if (!x) fail(v, op, "operand #%u is missing", i);
        if (x->id >= v->nvalues || !v->defined[x->id]) fail(v, op, "operand #%u is used before it is defined", i);
        const ir_op *owner = x->def ? ir_op_parent_func(x->def) : x->owner ? ir_op_parent_func(x->owner->parent) : NULL;
        if (owner != v->func) fail(v, op, "operand #%u is defined in another function", i);
    }
}

static void verify_op(verifier *v, const ir_op *op) {
    check_operands(v, op);
    switch ((ir_opkind)op->kind) {
    case IR_OP_MODULE: fail(v, op, "nested modules are not supported");
    case IR_OP_FUNC: fail(v, op, "functions must be at module level");
    case IR_OP_GLOBAL: fail(v, op, "globals must be at module level");
    case IR_OP_RETURN:
    case IR_OP_SCF_YIELD:
    case IR_OP_TENSOR_YIELD:
    case IR_OP_LINALG_YIELD: verify_terminator(v, op); break;
    case IR_OP_CALL: verify_call(v, op); break;
    case IR_OP_EMPTY:
    case IR_OP_EXTRACT:
    case IR_OP_INSERT:
    case IR_OP_EXTRACT_SLICE:
    case IR_OP_INSERT_SLICE:
    case IR_OP_EXPAND_SHAPE:
    case IR_OP_COLLAPSE_SHAPE:
    case IR_OP_PAD:
    case IR_OP_PACK:
    case IR_OP_UNPACK:
    case IR_OP_FROM_ELEMENTS:
    case IR_OP_CONCAT: verify_tensor(v, op); break;
    case IR_OP_ASSERT: verify_assert(v, op); break;
    case IR_OP_LINALG: verify_linalg(v, op); break;
    case IR_OP_LINALG_INDEX:
        need_counts(v, op, 0, 1);
        if (!ir_type_eq(op->res[0].type, ir_scalar_type(IR_INDEX))) fail(v, op, "result must be index");
        {
            const ir_op *p = enclosing(op);
            if (!p || p->kind != IR_OP_LINALG) fail(v, op, "must be inside a linalg op's body");
        }
        break;
    case IR_OP_FOR: verify_for(v, op); break;
    case IR_OP_VPRINT:
    case IR_OP_TRANSFER_READ: verify_vector(v, op); break;
    default: verify_arith(v, op); break;
    }
    /* terminators only at the end of their block */
    if (op->parent && op->next &&
        (op->kind == IR_OP_RETURN || op->kind == IR_OP_SCF_YIELD || op->kind == IR_OP_TENSOR_YIELD ||
         op->kind == IR_OP_LINALG_YIELD))
        fail(v, op, "must be the last op of its block");
    for (uint32_t r = 0; r < op->nregions; r++) {
        if (!op->regions[r]) fail(v, op, "region #%u is missing", r);
        verify_block(v, op->regions[r]);
    }
    for (uint32_t i = 0; i < op->nres; i++) v->defined[op->res[i].id] = 1;
}

static void verify_block(verifier *v, const ir_block *b) {
    for (uint32_t i = 0; i < b->nargs; i++) v->defined[b->args[i].id] = 1;
    for (const ir_op *op = b->first; op; op = op->next) {
        if (op->parent != b) fail(v, op, "is linked into the wrong block");
        verify_op(v, op);
    }
}

static void verify_func(verifier *v, ir_op *f) {
    const ir_func_info *fn = &f->u.fn;
    if (fn->is_decl) {
        if (!fn->is_private) fail(v, f, "declaration of '@%s' must be private", fn->name);
        return;
    }
    ir_block *b = f->regions[0];
    if (b->nargs != fn->nargs) fail(v, f, "entry block has %u arguments, '@%s' takes %u", b->nargs, fn->name, fn->nargs);
    for (uint32_t i = 0; i < b->nargs; i++)
        if (!ir_type_eq(b->args[i].type, fn->arg_types[i])) fail(v, f, "argument #%u type differs from the signature", i);
    if (!b->last || b->last->kind != IR_OP_RETURN) fail(v, f, "body of '@%s' must end with return", fn->name);
    ir_func_number(f);
    v->func = f;
    v->nvalues = fn->nvalues;
    v->defined = sp_arena_array(&v->m->arena, fn->nvalues ? fn->nvalues : 1, 1);
    verify_block(v, b);
}

void ir_verify_module(ir_module *m) {
    verifier v = {0};
    v.m = m;
    v.ctx = m->ctx;
    ir_block *body = ir_module_body(m);
    for (ir_op *op = body->first; op; op = op->next) {
        if (op->kind == IR_OP_FUNC) {
            for (ir_op *o2 = body->first; o2 != op; o2 = o2->next)
                if (o2->kind == IR_OP_FUNC && !strcmp(o2->u.fn.name, op->u.fn.name))
                    fail(&v, op, "redefinition of function '@%s'", op->u.fn.name);
            verify_func(&v, op);
        } else if (op->kind == IR_OP_GLOBAL) {
            const ir_global_info *g = &op->u.global;
            if (g->value && g->value->kind == IR_A_ELEMENTS && !ir_type_eq(g->value->type, g->type))
                fail(&v, op, "initial value does not have the global's type");
        } else {
            fail(&v, op, "only functions and globals may appear at module level");
        }
    }
}
