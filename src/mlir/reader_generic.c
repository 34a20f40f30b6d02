/* reader_generic.c - the generic form of every non-linalg op: ps_build_generic
 * turns an op_state (operands, result types, properties, regions, as
 * `"dialect.op"(...) <{...}> ({...}) : (...) -> ...` spells them) into the
 * same IR as the op's custom form (reader_ops.c, reader_tensor.c) produces,
 * with the property helpers the builders share. */
#include <string.h>

#include "ir/build.h"
#include "parser.h"

/* Flags from the generic form's #arith.fastmath<a,b> / #arith.overflow<..>. */
static uint16_t opaque_flags(parser *p, const ir_attr *a, const char *prefix, sp_loc loc) {
    if (!a) return 0;
    size_t pl = strlen(prefix);
    if (a->kind != IR_A_OPAQUE || a->u.str.len < pl + 2 || memcmp(a->u.str.s, prefix, pl) ||
        a->u.str.s[pl] != '<')
        ps_error_at(p, loc, "expected %s<...> attribute", prefix);
    bool ovf = strstr(prefix, "overflow") != NULL;
    const char *s = a->u.str.s + pl + 1, *e = a->u.str.s + a->u.str.len - 1;
    uint16_t bits = 0;
    while (s < e) {
        while (s < e && (*s == ' ' || *s == ',')) s++;
        const char *w = s;
        while (s < e && *s != ',' && *s != ' ') s++;
        if (s == w) break;
        int b = ps_flag_bits(w, (size_t)(s - w), ovf);
        if (b < 0) ps_error_at(p, loc, "unknown flag '%.*s' in %s", (int)(s - w), w, prefix);
        bits |= (uint16_t)b;
    }
    return bits;
}

int64_t st_segment(parser *p, const op_state *st, uint32_t i, uint32_t nseg) {
    const ir_attr *a = st_prop(st, "operandSegmentSizes");
    if (!a || a->kind != IR_A_DARRAY || a->u.darr.n != nseg)
        ps_error_at(p, st->loc, "'%s' needs operandSegmentSizes = array<i32: ...> with %u entries", st->name, nseg);
    int64_t total = 0;
    for (uint32_t k = 0; k < nseg; k++) {
        if (a->u.darr.vals[k] < 0) ps_error_at(p, st->loc, "negative operand segment size");
        total += a->u.darr.vals[k];
    }
    if (total != st->nopnds)
        ps_error_at(p, st->loc, "operandSegmentSizes of '%s' add up to %lld, the op has %u operands", st->name,
                    (long long)total, st->nopnds);
    return a->u.darr.vals[i];
}

int64_t *attr_darray(parser *p, const op_state *st, const char *name, uint32_t *n, bool required) {
    const ir_attr *a = st_prop(st, name);
    if (!a) {
        if (required) ps_error_at(p, st->loc, "'%s' needs the property '%s'", st->name, name);
        *n = 0;
        return NULL;
    }
    if (a->kind != IR_A_DARRAY) ps_error_at(p, st->loc, "property '%s' of '%s' must be a dense array", name, st->name);
    *n = a->u.darr.n;
    return (int64_t *)a->u.darr.vals;
}

static void need_counts(parser *p, const op_state *st, uint32_t nopnds, uint32_t nres) {
    if (st->nopnds != nopnds)
        ps_error_at(p, st->loc, "'%s' expects %u operands, found %u", st->name, nopnds, st->nopnds);
    if (st->nres != nres) ps_error_at(p, st->loc, "'%s' expects %u results, found %u", st->name, nres, st->nres);
}

static ir_op *from_state(parser *p, const op_state *st, ir_opkind k) {
    ir_op *op = ps_new_op(p, k, st->loc, st->nopnds, st->nres);
    for (uint32_t i = 0; i < st->nopnds; i++) op->opnds[i] = st->opnds[i];
    for (uint32_t i = 0; i < st->nres; i++) op->res[i].type = st->res_types[i];
    ps_set_attrs(op, st->nattrs, st->attrs);
    return op;
}

/* Keep generic-form properties except the ones named (consumed). */
static void keep_props(parser *p, ir_op *op, const op_state *st, const char *const *consumed, size_t nconsumed) {
    ir_named_attr *v = sp_arena_array(p->ar, st->nprops, sizeof *v);
    uint32_t n = 0;
    for (uint32_t i = 0; i < st->nprops; i++) {
        bool used = false;
        for (size_t k = 0; k < nconsumed; k++)
            if (!strcmp(st->props[i].name, consumed[k])) used = true;
        if (!used) v[n++] = st->props[i];
    }
    op->nprops = n;
    op->props = v;
}


/* ------------------------------------------------------ generic builders */

static const ir_attr *need_prop(parser *p, const op_state *st, const char *name, ir_attr_kind kind) {
    const ir_attr *a = st_prop(st, name);
    if (!a) ps_error_at(p, st->loc, "'%s' needs the property '%s'", st->name, name);
    if (a->kind != kind) ps_error_at(p, st->loc, "property '%s' of '%s' has the wrong kind", name, st->name);
    return a;
}

static ir_op *build_with_region(parser *p, const op_state *st, ir_opkind k) {
    if (st->nregions != 1) ps_error_at(p, st->loc, "'%s' needs exactly one region", st->name);
    ir_op *op = ir_op_new(p->m, k, st->loc, st->nopnds, st->nres, 1);
    for (uint32_t i = 0; i < st->nopnds; i++) op->opnds[i] = st->opnds[i];
    for (uint32_t i = 0; i < st->nres; i++) op->res[i].type = st->res_types[i];
    ps_set_attrs(op, st->nattrs, st->attrs);
    ir_op_set_region(op, 0, st->regions[0]);
    return op;
}

static void no_regions(parser *p, const op_state *st) {
    if (st->nregions) ps_error_at(p, st->loc, "'%s' takes no regions", st->name);
}

static void slice_from_props(parser *p, const op_state *st, ir_op *op, uint32_t nfixed) {
    uint32_t n1, n2, n3;
    int64_t *off = attr_darray(p, st, "static_offsets", &n1, true);
    int64_t *sz = attr_darray(p, st, "static_sizes", &n2, true);
    int64_t *str = attr_darray(p, st, "static_strides", &n3, true);
    if (n1 != n2 || n2 != n3) ps_error_at(p, st->loc, "static offsets, sizes and strides differ in length");
    int64_t ndyn = 0;
    for (uint32_t i = 0; i < n1; i++) ndyn += (off[i] == IR_DYNAMIC) + (sz[i] == IR_DYNAMIC) + (str[i] == IR_DYNAMIC);
    if ((int64_t)st->nopnds != nfixed + ndyn)
        ps_error_at(p, st->loc, "'%s' has %u operands, its static arrays call for %lld", st->name, st->nopnds,
                    (long long)(nfixed + ndyn));
    op->u.slice.rank = n1;
    op->u.slice.offsets = off;
    op->u.slice.sizes = sz;
    op->u.slice.strides = str;
}

/* An arith/math op of nin operands and one result, no regions, and its
 * fastmath flags when it takes them (fm). */
static ir_op *arith_op(parser *p, const op_state *st, ir_opkind k, uint32_t nin, bool fm) {
    no_regions(p, st);
    need_counts(p, st, nin, 1);
    ir_op *op = from_state(p, st, k);
    if (fm) op->flags = opaque_flags(p, st_prop(st, "fastmath"), "#arith.fastmath", st->loc);
    return op;
}

/* An integer property in [0, lim), or an error that says what it is
 * (before the value) and, after it, what is wrong. */
static int64_t need_index_prop(parser *p, const op_state *st, const char *name, int64_t lim, const char *before,
                               const char *after) {
    const ir_attr *a = need_prop(p, st, name, IR_A_INT);
    if (a->u.i < 0 || a->u.i >= lim) ps_error_at(p, st->loc, "%s %lld%s", before, (long long)a->u.i, after);
    return a->u.i;
}

/* arith and math: the ops of each syntax class, and the special ones. */
static ir_op *build_arith(parser *p, const op_state *st, ir_opkind k) {
    sp_loc loc = st->loc;
    ir_op *op;
    switch (ir_op_syntax(k)) {
    case IR_SYN_BINF: return arith_op(p, st, k, 2, true);
    case IR_SYN_BINI:
        op = arith_op(p, st, k, 2, false);
        op->flags = opaque_flags(p, st_prop(st, "overflowFlags"), "#arith.overflow", loc);
        return op;
    case IR_SYN_UNF:
    case IR_SYN_UNI:
    case IR_SYN_CAST: return arith_op(p, st, k, 1, true);
    case IR_SYN_SPECIAL: break;
    }
    switch (k) {
    case IR_OP_CONSTANT: {
        no_regions(p, st);
        need_counts(p, st, 0, 1);
        const ir_attr *v = st_prop(st, "value");
        if (!v || !(v->kind == IR_A_INT || v->kind == IR_A_FLOAT || v->kind == IR_A_BOOL || v->kind == IR_A_ELEMENTS))
            ps_error_at(p, loc, "arith.constant needs a typed 'value' property");
        op = from_state(p, st, k);
        op->u.value = v;
        return op;
    }
    case IR_OP_CMPF:
    case IR_OP_CMPI: {
        no_regions(p, st);
        need_counts(p, st, 2, 1);
        const int64_t pred = need_index_prop(p, st, "predicate", k == IR_OP_CMPF ? IR_CMPF_COUNT : IR_CMPI_COUNT,
                                             "invalid comparison predicate", "");
        op = from_state(p, st, k);
        op->u.pred = pred;
        if (k == IR_OP_CMPF) op->flags = opaque_flags(p, st_prop(st, "fastmath"), "#arith.fastmath", loc);
        return op;
    }
    case IR_OP_SELECT: return arith_op(p, st, k, 3, false);
    case IR_OP_FPOWI: return arith_op(p, st, k, 2, true);
    case IR_OP_FMA: return arith_op(p, st, k, 3, true);
    default: return NULL;
    }
}

/* builtin.module, func.func and its call, and the terminators. */
static ir_op *build_func(parser *p, const op_state *st, ir_opkind k) {
    sp_loc loc = st->loc;
    ir_op *op;
    switch (k) {
    case IR_OP_MODULE: {
        need_counts(p, st, 0, 0);
        op = build_with_region(p, st, k);
        const ir_attr *n = st_prop(st, "sym_name");
        if (n) op->u.module.name = n->u.str.s;
        return op;
    }
    case IR_OP_FUNC: {
        need_counts(p, st, 0, 0);
        const ir_attr *ft = need_prop(p, st, "function_type", IR_A_FTYPE);
        const ir_attr *nm = need_prop(p, st, "sym_name", IR_A_STRING);
        op = build_with_region(p, st, k);
        ir_func_info *fn = &op->u.fn;
        fn->name = nm->u.str.s;
        const ir_attr *vis = st_prop(st, "sym_visibility");
        fn->is_private = vis && vis->kind == IR_A_STRING && !strcmp(vis->u.str.s, "private");
        fn->nargs = ft->u.fty.nin;
        fn->nres = ft->u.fty.nout;
        fn->arg_types = (ir_type *)ft->u.fty.types;
        fn->res_types = (ir_type *)ft->u.fty.types + fn->nargs;
        ir_block *b = op->regions[0];
        fn->is_decl = !b->first && b->nargs == 0;
        if (!fn->is_decl) {
            if (b->nargs != fn->nargs)
                ps_error_at(p, loc, "function '%s' has %u arguments in its type but %u in its entry block", fn->name,
                            fn->nargs, b->nargs);
            for (uint32_t i = 0; i < b->nargs; i++)
                if (!ir_type_eq(b->args[i].type, fn->arg_types[i]))
                    ps_error_at(p, loc, "type of argument #%u of '%s' differs from its function type", i, fn->name);
        }
        return op;
    }
    case IR_OP_RETURN:
    case IR_OP_SCF_YIELD:
    case IR_OP_TENSOR_YIELD:
    case IR_OP_LINALG_YIELD:
        no_regions(p, st);
        if (st->nres) ps_error_at(p, loc, "'%s' has no results", st->name);
        return from_state(p, st, k);
    case IR_OP_CALL: {
        no_regions(p, st);
        const ir_attr *c = need_prop(p, st, "callee", IR_A_SYMREF);
        op = from_state(p, st, k);
        op->u.callee = c->u.str.s;
        return op;
    }
    default: return NULL;
    }
}

/* expand_shape / collapse_shape: the groups of a reassociation property,
 * [[0, 1], [2]], into r. */
static void reassoc_from_prop(parser *p, sp_loc loc, const ir_attr *ra, ir_reshape_info *r) {
    r->ngroups = ra->u.arr.n;
    r->group_start = sp_arena_array(p->ar, r->ngroups + 1, sizeof *r->group_start);
    uint32_t total = 0;
    for (uint32_t g = 0; g < r->ngroups; g++) {
        const ir_attr *ga = ra->u.arr.items[g];
        if (ga->kind != IR_A_ARRAY) ps_error_at(p, loc, "reassociation must be an array of integer arrays");
        total += ga->u.arr.n;
    }
    r->group_dims = sp_arena_array(p->ar, total, sizeof *r->group_dims);
    uint32_t ni = 0;
    for (uint32_t g = 0; g < r->ngroups; g++) {
        const ir_attr *ga = ra->u.arr.items[g];
        r->group_start[g] = ni;
        for (uint32_t j = 0; j < ga->u.arr.n; j++) {
            if (ga->u.arr.items[j]->kind != IR_A_INT) ps_error_at(p, loc, "reassociation indices must be integers");
            r->group_dims[ni++] = ga->u.arr.items[j]->u.i;
        }
    }
    r->group_start[r->ngroups] = ni;
    r->nidx = ni;
}

/* the tensor dialect */
static ir_op *build_tensor(parser *p, const op_state *st, ir_opkind k) {
    sp_loc loc = st->loc;
    ir_op *op;
    switch (k) {
    case IR_OP_EMPTY:
        no_regions(p, st);
        if (st->nopnds) ps_error_at(p, loc, "tensor.empty with dynamic sizes is not supported");
        need_counts(p, st, 0, 1);
        return from_state(p, st, k);
    case IR_OP_EXTRACT:
        no_regions(p, st);
        if (st->nopnds < 1 || st->nres != 1) ps_error_at(p, loc, "tensor.extract takes a tensor and indices");
        return from_state(p, st, k);
    case IR_OP_INSERT:
        no_regions(p, st);
        if (st->nopnds < 2 || st->nres != 1) ps_error_at(p, loc, "tensor.insert takes a value, a tensor and indices");
        return from_state(p, st, k);
    case IR_OP_EXTRACT_SLICE:
    case IR_OP_INSERT_SLICE: {
        no_regions(p, st);
        uint32_t nfixed = k == IR_OP_INSERT_SLICE ? 2 : 1;
        if (st->nopnds < nfixed || st->nres != 1) ps_error_at(p, loc, "'%s' has the wrong number of operands", st->name);
        op = from_state(p, st, k);
        slice_from_props(p, st, op, nfixed);
        static const char *const used[] = {"static_offsets", "static_sizes", "static_strides", "operandSegmentSizes"};
        keep_props(p, op, st, used, SP_ARRAY_LEN(used));
        return op;
    }
    case IR_OP_RESHAPE:
        no_regions(p, st);
        need_counts(p, st, 2, 1);
        op = ps_build_tensor_reshape(p, loc, st->opnds[0], st->opnds[1], st->res_types[0]);
        ps_set_attrs(op, st->nattrs, st->attrs);
        return op;
    case IR_OP_EXPAND_SHAPE:
    case IR_OP_COLLAPSE_SHAPE: {
        no_regions(p, st);
        if (st->nopnds != 1) ps_error_at(p, loc, "dynamic reshapes are not supported");
        need_counts(p, st, 1, 1);
        const ir_attr *ra = need_prop(p, st, "reassociation", IR_A_ARRAY);
        op = from_state(p, st, k);
        reassoc_from_prop(p, loc, ra, &op->u.reshape);
        static const char *const used[] = {"reassociation", "static_output_shape"};
        keep_props(p, op, st, used, SP_ARRAY_LEN(used));
        return op;
    }
    case IR_OP_PAD: {
        if (st->nopnds != 1) ps_error_at(p, loc, "tensor.pad with dynamic padding is not supported");
        need_counts(p, st, 1, 1);
        op = build_with_region(p, st, k);
        uint32_t nl, nh;
        op->u.pad.low = attr_darray(p, st, "static_low", &nl, true);
        op->u.pad.high = attr_darray(p, st, "static_high", &nh, true);
        if (nl != nh) ps_error_at(p, loc, "static_low and static_high differ in length");
        op->u.pad.rank = nl;
        op->u.pad.nofold = st_prop(st, "nofold") != NULL;
        static const char *const used[] = {"static_low", "static_high", "nofold", "operandSegmentSizes"};
        keep_props(p, op, st, used, SP_ARRAY_LEN(used));
        return op;
    }
    case IR_OP_FROM_ELEMENTS:
        no_regions(p, st);
        if (st->nres != 1) ps_error_at(p, loc, "tensor.from_elements has one result");
        return from_state(p, st, k);
    case IR_OP_CONCAT: {
        no_regions(p, st);
        if (!st->nopnds || st->nres != 1) ps_error_at(p, loc, "tensor.concat takes one or more tensors and has one result");
        const int64_t dim = need_index_prop(p, st, "dim", IR_MAX_RANK, "tensor.concat dimension", " out of range");
        op = from_state(p, st, k);
        op->u.dim = dim;
        static const char *const used[] = {"dim"};
        keep_props(p, op, st, used, SP_ARRAY_LEN(used));
        return op;
    }
    default: return NULL;
    }
}

/* cf.assert, linalg.index and pack/unpack, scf.for, vector, ml_program */
static ir_op *build_other(parser *p, const op_state *st, ir_opkind k) {
    sp_loc loc = st->loc;
    ir_op *op;
    switch (k) {
    case IR_OP_ASSERT: {
        no_regions(p, st);
        need_counts(p, st, 1, 0);
        const ir_attr *m = need_prop(p, st, "msg", IR_A_STRING);
        op = from_state(p, st, k);
        op->u.msg.str = m->u.str.s;
        op->u.msg.len = m->u.str.len;
        static const char *const used[] = {"msg"};
        keep_props(p, op, st, used, SP_ARRAY_LEN(used));
        return op;
    }
    case IR_OP_LINALG_INDEX: {
        no_regions(p, st);
        need_counts(p, st, 0, 1);
        const ir_attr *d = need_prop(p, st, "dim", IR_A_INT);
        if (d->u.i < 0 || d->u.i >= IR_MAX_RANK * 4) ps_error_at(p, loc, "linalg.index dimension out of range");
        op = from_state(p, st, k);
        op->u.dim = d->u.i;
        return op;
    }
    case IR_OP_PACK:
    case IR_OP_UNPACK: {
        no_regions(p, st);
        if (st->nres != 1) ps_error_at(p, loc, "'%s' has one result", st->name);
        op = from_state(p, st, k);
        ir_pack_info *pk = &op->u.pack;
        uint32_t npos;
        pk->inner_dims_pos = attr_darray(p, st, "inner_dims_pos", &npos, true);
        pk->inner_tiles = attr_darray(p, st, "static_inner_tiles", &pk->ninner, true);
        pk->outer_dims_perm = attr_darray(p, st, "outer_dims_perm", &pk->nouter, false);
        if (npos != pk->ninner) ps_error_at(p, loc, "inner_dims_pos and inner_tiles differ in length");
        for (uint32_t i = 0; i < pk->ninner; i++)
            if (pk->inner_tiles[i] == IR_DYNAMIC) ps_error_at(p, loc, "dynamic inner_tiles are not supported");
        if (k == IR_OP_PACK) {
            int64_t npad = st_segment(p, st, 2, 4);
            if (st_segment(p, st, 3, 4)) ps_error_at(p, loc, "dynamic inner_tiles are not supported");
            pk->has_padding = npad == 1;
        } else if (st->nopnds != 2) {
            ps_error_at(p, loc, "dynamic inner_tiles are not supported");
        }
        static const char *const used[] = {"inner_dims_pos", "static_inner_tiles", "outer_dims_perm",
                                           "operandSegmentSizes"};
        keep_props(p, op, st, used, SP_ARRAY_LEN(used));
        return op;
    }
    case IR_OP_FOR:
        if (st->nopnds < 3) ps_error_at(p, loc, "scf.for needs lower bound, upper bound and step");
        return build_with_region(p, st, k);
    case IR_OP_VPRINT: {
        no_regions(p, st);
        op = from_state(p, st, k);
        const ir_attr *s = st_prop(st, "stringLiteral");
        if (s && s->kind == IR_A_STRING) {
            op->u.vprint.str = s->u.str.s;
            op->u.vprint.len = s->u.str.len;
        }
        const ir_attr *pu = st_prop(st, "punctuation");
        if (pu && pu->kind == IR_A_OPAQUE) {
            const char *lt = memchr(pu->u.str.s, '<', pu->u.str.len);
            if (lt) op->u.vprint.punct = sp_arena_strndup(p->ar, lt + 1, pu->u.str.len - (size_t)(lt - pu->u.str.s) - 2);
        }
        static const char *const used[] = {"stringLiteral", "punctuation"};
        keep_props(p, op, st, used, SP_ARRAY_LEN(used));
        return op;
    }
    case IR_OP_TRANSFER_READ: {
        no_regions(p, st);
        if (st->nopnds < 2 || st->nres != 1) ps_error_at(p, loc, "vector.transfer_read needs a source and padding");
        int64_t nmask = st_segment(p, st, 3, 4);
        if (nmask) ps_error_at(p, loc, "masked vector.transfer_read is not supported");
        op = from_state(p, st, k);
        static const char *const used[] = {"operandSegmentSizes"};
        keep_props(p, op, st, used, SP_ARRAY_LEN(used));
        ps_xfer_from_attrs(p, op, loc);
        return op;
    }
    case IR_OP_GLOBAL: {
        no_regions(p, st);
        need_counts(p, st, 0, 0);
        op = from_state(p, st, k);
        ir_global_info *g = &op->u.global;
        const ir_attr *nm = need_prop(p, st, "sym_name", IR_A_STRING);
        const ir_attr *ty = need_prop(p, st, "type", IR_A_TYPE);
        g->name = nm->u.str.s;
        g->type = ty->u.ty;
        g->value = st_prop(st, "value");
        g->is_mutable = st_prop(st, "is_mutable") != NULL;
        const ir_attr *vis = st_prop(st, "sym_visibility");
        if (vis && vis->kind == IR_A_STRING) g->visibility = vis->u.str.s;
        return op;
    }
    default: return NULL;
    }
}

ir_op *ps_build_generic(parser *p, op_state *st) {
    ir_opkind k = (ir_opkind)st->kind;
    ir_op *op = build_arith(p, st, k);
    if (!op) op = build_func(p, st, k);
    if (!op) op = build_tensor(p, st, k);
    if (!op) op = build_other(p, st, k);
    if (op) return op;
    ps_error_at(p, st->loc, "generic form of '%s' is not supported", st->name);
}
