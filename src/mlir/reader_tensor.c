/* reader_tensor.c - the custom forms of the tensor dialect's ops (empty,
 * extract, insert, slices, reshapes, pad, from_elements, concat): one parse
 * function per op, the grammar in its comment, reached through
 * ps_parse_tensor_op. Their generic forms are built in reader_generic.c. */
#include <string.h>

#include "ir/build.h"
#include "parser.h"

/* ---------------------------------------------------------------- tensor */

/* empty ::= 'tensor.empty' '(' ')' attr-dict? ':' type */
static ir_op *parse_empty(parser *p, sp_loc loc) {
    ps_expect(p, TK_LPAREN, "'('");
    if (ps_is(p, TK_PERCENT)) ps_error_at(p, ps_loc(p), "tensor.empty with dynamic sizes is not supported");
    ps_expect(p, TK_RPAREN, "')'");
    ir_op *op = ps_new_op(p, IR_OP_EMPTY, loc, 0, 1);
    ps_opt_attrs(p, op);
    op->res[0].type = ps_colon_type(p);
    return op;
}

/* indices ::= '[' ssa-uses ']' */
uint32_t ps_parse_indices(parser *p, ir_value ***out) {
    ps_expect(p, TK_LSQUARE, "'['");
    uint32_t n = ps_parse_uses(p, out);
    ps_expect(p, TK_RSQUARE, "']'");
    return n;
}

/* attr-dict? ':' type, the type of tensor operand t (extract, insert). */
static ir_type tensor_tail(parser *p, ir_op *op, ir_value *t) {
    ps_opt_attrs(p, op);
    sp_loc tloc = ps_loc(p);
    ir_type ty = ps_colon_type(p);
    ps_check_use_type(p, t, ty, tloc, "tensor operand");
    return ty;
}

/* extract ::= %t indices attr-dict? ':' type */
static ir_op *parse_extract(parser *p, sp_loc loc) {
    ir_value *t = ps_parse_use(p);
    ir_value **idx;
    uint32_t n = ps_parse_indices(p, &idx);
    ir_op *op = ps_new_op(p, IR_OP_EXTRACT, loc, 1 + n, 1);
    op->opnds[0] = t;
    for (uint32_t i = 0; i < n; i++) op->opnds[1 + i] = idx[i];
    op->res[0].type = ir_scalar_type((ir_dtype)tensor_tail(p, op, t).dtype);
    return op;
}

/* insert ::= %v 'into' %t indices attr-dict? ':' type */
static ir_op *parse_insert(parser *p, sp_loc loc) {
    ir_value *v = ps_parse_use(p);
    ps_expect_kw(p, "into");
    ir_value *t = ps_parse_use(p);
    ir_value **idx;
    uint32_t n = ps_parse_indices(p, &idx);
    ir_op *op = ps_new_op(p, IR_OP_INSERT, loc, 2 + n, 1);
    op->opnds[0] = v;
    op->opnds[1] = t;
    for (uint32_t i = 0; i < n; i++) op->opnds[2 + i] = idx[i];
    op->res[0].type = tensor_tail(p, op, t);
    return op;
}

static ir_op *slice_op(parser *p, ir_opkind k, sp_loc loc, uint32_t nfixed, ir_value **fixed, ir_value **dyn,
                       uint32_t ndyn) {
    ir_op *op = ps_new_op(p, k, loc, nfixed + ndyn, 1);
    for (uint32_t i = 0; i < nfixed; i++) op->opnds[i] = fixed[i];
    for (uint32_t i = 0; i < ndyn; i++) op->opnds[nfixed + i] = dyn[i];
    return op;
}

/* extract-slice ::= %src mixed mixed mixed attr-dict? ':' type 'to' type
 * insert-slice  ::= %src 'into' %dst mixed mixed mixed attr-dict? ':' type 'into' type */
static ir_op *parse_slice(parser *p, sp_loc loc, bool insert) {
    ir_value *fixed[2];
    fixed[0] = ps_parse_use(p);
    if (insert) {
        ps_expect_kw(p, "into");
        fixed[1] = ps_parse_use(p);
    }
    ir_value **dyn = NULL;
    uint32_t ndyn = 0, capdyn = 0, n1, n2, n3;
    int64_t *off = ps_parse_mixed(p, &n1, &dyn, &ndyn, &capdyn);
    int64_t *sz = ps_parse_mixed(p, &n2, &dyn, &ndyn, &capdyn);
    int64_t *st = ps_parse_mixed(p, &n3, &dyn, &ndyn, &capdyn);
    if (n1 != n2 || n2 != n3) ps_error_at(p, loc, "offsets, sizes and strides must have the same length");
    ir_op *op = slice_op(p, insert ? IR_OP_INSERT_SLICE : IR_OP_EXTRACT_SLICE, loc, insert ? 2 : 1, fixed, dyn, ndyn);
    op->u.slice.rank = n1;
    op->u.slice.offsets = off;
    op->u.slice.sizes = sz;
    op->u.slice.strides = st;
    sp_loc tloc = ps_loc(p);
    ps_parse_src_to_result(p, op, fixed[0], insert ? "into" : "to");
    if (insert) ps_check_use_type(p, fixed[1], op->res[0].type, tloc, "destination operand");
    return op;
}

/* reassociation ::= '[' ('[' ints ']' (',' ...)*)? ']' */
static void parse_reassoc(parser *p, ir_reshape_info *r) {
    ps_expect(p, TK_LSQUARE, "'[' to start the reassociation");
    uint32_t cap = 8, ng = 0, ni = 0, capi = 16;
    uint32_t *starts = sp_arena_array(p->ar, cap + 1, sizeof *starts);
    int64_t *idx = sp_arena_array(p->ar, capi, sizeof *idx);
    if (!ps_accept(p, TK_RSQUARE)) {
        do {
            uint32_t n;
            int64_t *g = ps_parse_int_list(p, &n, TK_LSQUARE, TK_RSQUARE);
            if (ng == cap) {
                uint32_t *ns = sp_arena_array(p->ar, cap * 2 + 1, sizeof *ns);
                memcpy(ns, starts, (ng + 1) * sizeof *ns);
                starts = ns;
                cap *= 2;
            }
            while (ni + n > capi) {
                int64_t *nv = sp_arena_array(p->ar, capi * 2, sizeof *nv);
                memcpy(nv, idx, ni * sizeof *nv);
                idx = nv;
                capi *= 2;
            }
            starts[ng++] = ni;
            memcpy(idx + ni, g, n * sizeof *g);
            ni += n;
        } while (ps_accept(p, TK_COMMA));
        ps_expect(p, TK_RSQUARE, "']'");
    }
    starts[ng] = ni;
    r->ngroups = ng;
    r->group_start = starts;
    r->group_dims = idx;
    r->nidx = ni;
}

/* expand ::= %src reassociation ('output_shape' mixed)? attr-dict? ':' type 'into' type
 * collapse ::= %src reassociation attr-dict? ':' type 'into' type */
static ir_op *parse_reshape(parser *p, ir_opkind k, sp_loc loc) {
    ir_value *src = ps_parse_use(p);
    ir_reshape_info r;
    parse_reassoc(p, &r);
    ir_value **dyn = NULL;
    uint32_t ndyn = 0, capdyn = 0, nshape = 0;
    if (k == IR_OP_EXPAND_SHAPE && ps_accept_kw(p, "output_shape")) {
        (void)ps_parse_mixed(p, &nshape, &dyn, &ndyn, &capdyn);
        if (ndyn) ps_error_at(p, loc, "dynamic output_shape is not supported");
    }
    ir_op *op = ps_new_op(p, k, loc, 1, 1);
    op->opnds[0] = src;
    op->u.reshape = r;
    ps_parse_src_to_result(p, op, src, "into");
    return op;
}

/* ------------------------------------------------------- tensor.reshape
 *
 * tensor.reshape's result type is static (spadc reads no dynamic shapes),
 * so it is the static reshape it spells: read as one expand_shape or
 * collapse_shape (or, when no grouping of dimensions maps one shape onto
 * the other, as both through one dimension). Its shape operand must say
 * the same as the result type: checked here when it is a constant, else by
 * asserts before the reshape, at run time. */

/* Groups of the larger shape's dimensions, one per dimension of the
 * smaller shape (in order), whose sizes multiply to it: the reassociation
 * of one expand_shape/collapse_shape between them (start: ns + 1 entries).
 * False when there is none. */
static bool reshape_groups(const int64_t *small, uint32_t ns, const int64_t *big, uint32_t nb, uint32_t *start,
                           int64_t *dims) {
    uint32_t j = 0;
    for (uint32_t i = 0; i < ns; i++) {
        start[i] = j;
        int64_t prod = 1;
        do {
            if (j == nb) return false;
            prod *= big[j];
            dims[j] = j;
            j++;
        } while (prod < small[i] || (i + 1 == ns && j < nb)); /* the last group takes the rest */
        if (prod != small[i]) return false;
    }
    start[ns] = j;
    return ns > 0 ? j == nb : true; /* rank 0: equal element counts make every dimension 1 */
}

static ir_op *reshape_op(parser *p, sp_loc loc, ir_opkind k, ir_value *src, ir_type to) {
    bool expand = k == IR_OP_EXPAND_SHAPE;
    ir_type s = expand ? src->type : to, b = expand ? to : src->type;
    uint32_t start[IR_MAX_RANK + 1];
    int64_t dims[IR_MAX_RANK];
    if (s.rank >= b.rank || !reshape_groups(s.dims, s.rank, b.dims, b.rank, start, dims)) return NULL;
    return ir_build_reshape(p->m, loc, k, src, to, s.rank, start, dims);
}

/* The static reshape of src into type to (equal element counts). */
static ir_op *static_reshape(parser *p, sp_loc loc, ir_value *src, ir_type to) {
    ir_op *op = reshape_op(p, loc, IR_OP_EXPAND_SHAPE, src, to);
    if (!op) op = reshape_op(p, loc, IR_OP_COLLAPSE_SHAPE, src, to);
    if (op) return op;
    /* through one dimension when both have two or more; else (the same
     * shape of rank 0 or 1) through an added leading 1 */
    ir_type from = src->type;
    int64_t n = ir_type_numel(from), mid[IR_MAX_RANK + 1] = {1};
    memcpy(mid + 1, from.dims, from.rank * sizeof *mid);
    bool flat = from.rank >= 2 && to.rank >= 2;
    if (!flat && from.rank >= IR_MAX_RANK) ps_error_at(p, loc, "tensor.reshape: rank %u is too large", from.rank);
    ir_type t = flat ? ir_tensor_type(p->m, (ir_dtype)from.dtype, 1, &n)
                     : ir_tensor_type(p->m, (ir_dtype)from.dtype, from.rank + 1, mid);
    ir_op *first = reshape_op(p, loc, flat ? IR_OP_COLLAPSE_SHAPE : IR_OP_EXPAND_SHAPE, src, t);
    ir_op *second = first ? reshape_op(p, loc, flat ? IR_OP_EXPAND_SHAPE : IR_OP_COLLAPSE_SHAPE, &first->res[0], to) : NULL;
    if (!second) ps_error_at(p, loc, "internal error: no reassociation for tensor.reshape");
    ir_block_append(p->block, first);
    return second;
}

static ir_op *append_new(parser *p, ir_op *op) {
    ir_block_append(p->block, op);
    return op;
}

/* arith.constant v of scalar type dt, put before the op being read */
static ir_value *int_constant(parser *p, sp_loc loc, ir_dtype dt, int64_t v) {
    ir_attr *a = sp_arena_alloc(p->ar, sizeof *a);
    memset(a, 0, sizeof *a);
    a->kind = IR_A_INT;
    a->type = ir_scalar_type(dt);
    a->u.i = v;
    return &append_new(p, ir_build_constant(p->m, loc, a))->res[0];
}

/* The shape operand against the result type: its length now, its values
 * now when it is a constant, else at run time (asserts located at the
 * reshape, before it). */
static void check_reshape_shape(parser *p, sp_loc loc, ir_value *shape, ir_type to) {
    char tb[2][96];
    ir_type st = shape->type;
    if (st.kind != IR_T_TENSOR || st.rank != 1 || !ir_dtype_is_int((ir_dtype)st.dtype) || st.dtype == IR_I1)
        ps_error_at(p, loc, "tensor.reshape's shape operand must be a 1-D tensor of index or integers, found %s",
                    ir_type_text(st, tb[0], sizeof tb[0]));
    if (st.dims[0] != to.rank)
        ps_error_at(p, loc, "tensor.reshape's shape operand has %lld elements but its result type %s has rank %u",
                    (long long)st.dims[0], ir_type_text(to, tb[0], sizeof tb[0]), to.rank);
    const ir_op *d = shape->def;
    if (d && d->kind == IR_OP_CONSTANT && d->u.value->kind == IR_A_ELEMENTS && d->u.value->u.elems->data) {
        const ir_elements *e = d->u.value->u.elems;
        for (uint32_t i = 0; i < to.rank; i++) {
            int64_t v = ir_elements_get_i(e, e->splat ? 0 : i);
            if (v != to.dims[i])
                ps_error_at(p, loc, "tensor.reshape's shape operand gives dimension %u as %lld, its result type %s as %lld",
                            i, (long long)v, ir_type_text(to, tb[0], sizeof tb[0]), (long long)to.dims[i]);
        }
        return;
    }
    static const char msg[] = "tensor.reshape's shape operand differs from its result type";
    ir_type et = ir_scalar_type((ir_dtype)st.dtype);
    for (uint32_t i = 0; i < to.rank; i++) {
        ir_value *at = int_constant(p, loc, IR_INDEX, i), *want = int_constant(p, loc, (ir_dtype)st.dtype, to.dims[i]);
        ir_op *x = append_new(p, ps_new_op(p, IR_OP_EXTRACT, loc, 2, 1));
        x->opnds[0] = shape;
        x->opnds[1] = at;
        x->res[0].type = et;
        ir_op *eq = append_new(p, ps_new_op(p, IR_OP_CMPI, loc, 2, 1));
        eq->opnds[0] = &x->res[0];
        eq->opnds[1] = want;
        eq->res[0].type = ir_scalar_type(IR_I1);
        eq->u.pred = IR_CMPI_EQ;
        ir_op *as = append_new(p, ps_new_op(p, IR_OP_ASSERT, loc, 1, 0));
        as->opnds[0] = &eq->res[0];
        as->u.msg.str = msg;
        as->u.msg.len = sizeof msg - 1;
    }
}

ir_op *ps_build_tensor_reshape(parser *p, sp_loc loc, ir_value *src, ir_value *shape, ir_type to) {
    char tb[2][96];
    ir_type from = src->type;
    if (from.kind != IR_T_TENSOR || to.kind != IR_T_TENSOR || from.dtype != to.dtype)
        ps_error_at(p, loc, "tensor.reshape takes a tensor to a tensor of the same element type, found %s to %s",
                    ir_type_text(from, tb[0], sizeof tb[0]), ir_type_text(to, tb[1], sizeof tb[1]));
    if (ir_type_numel(from) != ir_type_numel(to))
        ps_error_at(p, loc, "tensor.reshape changes the number of elements: %s has %lld, %s has %lld",
                    ir_type_text(from, tb[0], sizeof tb[0]), (long long)ir_type_numel(from),
                    ir_type_text(to, tb[1], sizeof tb[1]), (long long)ir_type_numel(to));
    check_reshape_shape(p, loc, shape, to);
    return static_reshape(p, loc, src, to);
}

/* tensor-reshape ::= %src '(' %shape ')' attr-dict? ':' '(' type ',' type ')' '->' type */
static ir_op *parse_tensor_reshape(parser *p, sp_loc loc) {
    ir_value *src = ps_parse_use(p);
    ps_expect(p, TK_LPAREN, "'(' and the shape operand");
    ir_value *shape = ps_parse_use(p);
    ps_expect(p, TK_RPAREN, "')'");
    ps_fn_tail t;
    ps_parse_fn_tail(p, &t, "':' and the op's function type");
    if (t.nin != 2 || t.nout != 1)
        ps_error_at(p, t.tloc, "tensor.reshape's type is (source type, shape type) -> result type, found %u -> %u types",
                    t.nin, t.nout);
    ps_check_use_type(p, src, t.in[0], t.tloc, "source operand");
    ps_check_use_type(p, shape, t.in[1], t.tloc, "shape operand");
    ir_op *op = ps_build_tensor_reshape(p, loc, src, shape, t.out[0]);
    if (t.na) ps_set_attrs(op, t.na, t.attrs);
    return op;
}

/* pad ::= %src 'nofold'? 'low' mixed 'high' mixed region attr-dict? ':' type 'to' type */
static ir_op *parse_pad(parser *p, sp_loc loc) {
    ir_value *src = ps_parse_use(p);
    bool nofold = ps_accept_kw(p, "nofold");
    ir_value **dyn = NULL;
    uint32_t ndyn = 0, capdyn = 0, nl, nh;
    ps_expect_kw(p, "low");
    int64_t *low = ps_parse_mixed(p, &nl, &dyn, &ndyn, &capdyn);
    ps_expect_kw(p, "high");
    int64_t *high = ps_parse_mixed(p, &nh, &dyn, &ndyn, &capdyn);
    if (ndyn) ps_error_at(p, loc, "tensor.pad with dynamic padding is not supported");
    if (nl != nh) ps_error_at(p, loc, "low and high padding must have the same length");
    ir_op *op = ir_op_new(p->m, IR_OP_PAD, loc, 1, 1, 1);
    op->opnds[0] = src;
    op->u.pad.rank = nl;
    op->u.pad.low = low;
    op->u.pad.high = high;
    op->u.pad.nofold = nofold;
    ir_op_set_region(op, 0, ps_parse_region(p, NULL, -1, false));
    ps_parse_src_to_result(p, op, src, "to");
    return op;
}

/* from-elements ::= (%e (',' %e)*)? attr-dict? ':' tensor-type
 * (the operands' type is the tensor's element type: the verifier checks it) */
static ir_op *parse_from_elements(parser *p, sp_loc loc) {
    ir_value **uses;
    uint32_t n = ps_parse_uses(p, &uses);
    ir_op *op = ps_new_op(p, IR_OP_FROM_ELEMENTS, loc, n, 1);
    for (uint32_t i = 0; i < n; i++) op->opnds[i] = uses[i];
    ps_opt_attrs(p, op);
    op->res[0].type = ps_colon_type(p);
    return op;
}

/* concat ::= 'dim' '(' int ')' %t (',' %t)* attr-dict? ':' '(' types ')' '->' type */
static ir_op *parse_concat(parser *p, sp_loc loc) {
    ps_expect_kw(p, "dim");
    ps_expect(p, TK_LPAREN, "'('");
    int64_t dim = ps_parse_index(p, "concatenation dimension", IR_MAX_RANK);
    ps_expect(p, TK_RPAREN, "')'");
    ir_value **uses;
    uint32_t n = ps_parse_uses(p, &uses);
    if (!n) ps_error_expected(p, "the tensors to concatenate");
    ir_op *op = ps_new_op(p, IR_OP_CONCAT, loc, n, 1);
    ps_opt_attrs(p, op);
    ps_expect(p, TK_COLON, "':' and the op's function type");
    sp_loc tloc = ps_loc(p);
    uint32_t nin, nout;
    ir_type *in, *out;
    ps_parse_function_type(p, &nin, &in, &nout, &out);
    if (nin != n) ps_error_at(p, tloc, "tensor.concat has %u operands but its type lists %u", n, nin);
    if (nout != 1) ps_error_at(p, tloc, "tensor.concat has one result, its type lists %u", nout);
    for (uint32_t i = 0; i < n; i++) {
        ps_check_use_type(p, uses[i], in[i], tloc, "concatenated operand");
        op->opnds[i] = uses[i];
    }
    op->res[0].type = out[0];
    op->u.dim = dim;
    return op;
}

/* The tensor op k, whose name was just read: its custom form, or NULL when
 * k is not a tensor op. */
ir_op *ps_parse_tensor_op(parser *p, ir_opkind k, sp_loc loc) {
    switch (k) {
    case IR_OP_EMPTY: return parse_empty(p, loc);
    case IR_OP_EXTRACT: return parse_extract(p, loc);
    case IR_OP_INSERT: return parse_insert(p, loc);
    case IR_OP_EXTRACT_SLICE: return parse_slice(p, loc, false);
    case IR_OP_INSERT_SLICE: return parse_slice(p, loc, true);
    case IR_OP_EXPAND_SHAPE:
    case IR_OP_COLLAPSE_SHAPE: return parse_reshape(p, k, loc);
    case IR_OP_RESHAPE: return parse_tensor_reshape(p, loc);
    case IR_OP_PAD: return parse_pad(p, loc);
    case IR_OP_FROM_ELEMENTS: return parse_from_elements(p, loc);
    case IR_OP_CONCAT: return parse_concat(p, loc);
    default: return NULL;
    }
}
