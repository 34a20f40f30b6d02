/* reader_ops.c - custom forms and generic-form builders of every non-linalg
 * op (func, arith, math, cf, tensor, scf, vector, ml_program, builtin). Each op
 * has one parse function (custom form, the grammar in its comment) and one
 * case in ps_build_generic (generic form); both produce the same IR. */
#include <string.h>

#include "ir/build.h"
#include "parser.h"

/* ------------------------------------------------------------- helpers */

static ir_type colon_type(parser *p) {
    ps_expect(p, TK_COLON, "':' and a type");
    return ps_parse_type(p);
}

static ir_op *new_op(parser *p, ir_opkind k, sp_loc loc, uint32_t nopnds, uint32_t nres) {
    return ps_new_op(p, k, loc, nopnds, nres);
}

static void set_attrs(ir_op *op, uint32_t n, const ir_named_attr *items) {
    op->nattrs = n;
    op->attrs = items;
}

static void opt_attrs(parser *p, ir_op *op) {
    uint32_t n;
    const ir_named_attr *items;
    ps_parse_opt_attr_dict(p, &n, &items);
    if (n) set_attrs(op, n, items);
}

static const struct {
    const char *name;
    uint16_t bits;
} FM_FLAGS[] = {{"none", 0},        {"reassoc", IR_FM_REASSOC}, {"nnan", IR_FM_NNAN},
                {"ninf", IR_FM_NINF}, {"nsz", IR_FM_NSZ},         {"arcp", IR_FM_ARCP},
                {"contract", IR_FM_CONTRACT}, {"afn", IR_FM_AFN}, {"fast", IR_FM_FAST}};

static int flag_bits(const char *s, size_t n, bool overflow) {
    if (overflow) {
        if (n == 4 && !memcmp(s, "none", 4)) return 0;
        if (n == 3 && !memcmp(s, "nsw", 3)) return IR_OVF_NSW;
        if (n == 3 && !memcmp(s, "nuw", 3)) return IR_OVF_NUW;
        return -1;
    }
    for (size_t i = 0; i < SP_ARRAY_LEN(FM_FLAGS); i++)
        if (strlen(FM_FLAGS[i].name) == n && !memcmp(FM_FLAGS[i].name, s, n)) return FM_FLAGS[i].bits;
    return -1;
}

/* flags ::= kw '<' flag (',' flag)* '>'   (fastmath<..>, overflow<..>) */
static uint16_t parse_opt_flags(parser *p, const char *kw, bool overflow) {
    if (!ps_accept_kw(p, kw)) return 0;
    ps_expect(p, TK_LESS, "'<'");
    uint16_t bits = 0;
    do {
        if (!ps_is(p, TK_BARE)) ps_error_expected(p, overflow ? "overflow flag" : "fastmath flag");
        int b = flag_bits(ps_tok(p)->text, ps_tok(p)->len, overflow);
        if (b < 0) ps_error_expected(p, overflow ? "overflow flag (nsw, nuw, none)" : "fastmath flag");
        bits |= (uint16_t)b;
        ps_next(p);
    } while (ps_accept(p, TK_COMMA));
    ps_expect(p, TK_GREATER, "'>'");
    return bits;
}

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
        int b = flag_bits(w, (size_t)(s - w), ovf);
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
    ir_op *op = new_op(p, k, st->loc, st->nopnds, st->nres);
    for (uint32_t i = 0; i < st->nopnds; i++) op->opnds[i] = st->opnds[i];
    for (uint32_t i = 0; i < st->nres; i++) op->res[i].type = st->res_types[i];
    set_attrs(op, st->nattrs, st->attrs);
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

/* mixed-list ::= '[' ((int | ssa-use) (',' ...)*)? ']'  -- IR_DYNAMIC marks uses */
static int64_t *parse_mixed(parser *p, uint32_t *n, ir_value ***dyn, uint32_t *ndyn, uint32_t *capdyn) {
    ps_expect(p, TK_LSQUARE, "'['");
    uint32_t cnt = 0, cap = 4;
    int64_t *v = sp_arena_array(p->ar, cap, sizeof *v);
    if (!ps_accept(p, TK_RSQUARE)) {
        do {
            PS_PUSH_ROOM(p, v, cnt, cap);
            if (ps_is(p, TK_PERCENT)) {
                PS_PUSH_ROOM(p, *dyn, *ndyn, *capdyn);
                (*dyn)[(*ndyn)++] = ps_parse_use(p);
                v[cnt++] = IR_DYNAMIC;
            } else {
                v[cnt++] = ps_parse_int(p, "integer or SSA value");
            }
        } while (ps_accept(p, TK_COMMA));
        ps_expect(p, TK_RSQUARE, "']'");
    }
    *n = cnt;
    return v;
}

/* uses-and-types ::= (ssa-uses ':' type (',' type)*)?   (yield, return) */
static ir_op *parse_terminator(parser *p, ir_opkind k, sp_loc loc) {
    ir_value **uses;
    uint32_t n = ps_parse_uses(p, &uses);
    ir_op *op = new_op(p, k, loc, n, 0);
    for (uint32_t i = 0; i < n; i++) op->opnds[i] = uses[i];
    opt_attrs(p, op);
    if (n) {
        ps_expect(p, TK_COLON, "':' and the operand types");
        for (uint32_t i = 0; i < n; i++) {
            if (i) ps_expect(p, TK_COMMA, "','");
            sp_loc tloc = ps_loc(p);
            ir_type t = ps_parse_type(p);
            if (!ir_type_eq(t, uses[i]->type))
                ps_error_at(p, tloc, "type of operand #%u does not match its value's type", i);
        }
    }
    return op;
}

static void check_use_type(parser *p, ir_value *v, ir_type t, sp_loc loc, const char *what) {
    if (!ir_type_eq(v->type, t)) ps_error_at(p, loc, "%s does not have the type given after ':'", what);
}

/* tail ::= attr-dict? ':' src-type SEP result-type   (slices, reshapes, pad, pack) */
static void parse_src_to_result(parser *p, ir_op *op, ir_value *src, const char *sep) {
    opt_attrs(p, op);
    sp_loc tloc = ps_loc(p);
    ir_type from = colon_type(p);
    check_use_type(p, src, from, tloc, "source operand");
    if (!strcmp(sep, "->"))
        ps_expect(p, TK_ARROW, "'->'");
    else
        ps_expect_kw(p, sep);
    op->res[0].type = ps_parse_type(p);
}

/* -------------------------------------------------------- func / module */

/* func ::= 'func.func' visibility? '@' name '(' args ')' ('->' results)?
 *          ('attributes' attr-dict)? region? */
static ir_op *parse_func(parser *p, sp_loc loc) {
    const char *vis = NULL;
    if (ps_is_kw(p, "private") || ps_is_kw(p, "public") || ps_is_kw(p, "nested")) {
        vis = ps_is_kw(p, "private") ? "private" : NULL;
        ps_next(p);
    }
    if (!ps_is(p, TK_AT)) ps_error_expected(p, "function name '@...'");
    const ir_attr *name = ps_parse_attr(p);
    ir_op *op = ir_op_new(p->m, IR_OP_FUNC, loc, 0, 0, 1);
    ir_func_info *fn = &op->u.fn;
    fn->name = name->u.str.s;
    fn->is_private = vis != NULL;
    /* arguments: named (definition) or bare types (declaration) */
    ps_arg *args = NULL;
    uint32_t nargs = 0;
    bool named = lx_peek(&p->lx)->kind == TK_PERCENT;
    if (!ps_is(p, TK_LPAREN)) ps_error_expected(p, "'(' and the argument list");
    if (named || lx_peek(&p->lx)->kind == TK_RPAREN) {
        nargs = ps_parse_arg_list(p, &args);
    } else {
        ps_next(p);
        uint32_t cap = 4;
        args = sp_arena_array(p->ar, cap, sizeof *args);
        do {
            PS_PUSH_ROOM(p, args, nargs, cap);
            args[nargs++].type = ps_parse_type(p);
            if (ps_is(p, TK_LBRACE)) {
                uint32_t n;
                const ir_named_attr *it;
                ps_parse_attr_dict(p, &n, &it);
            }
            ps_skip_loc(p);
        } while (ps_accept(p, TK_COMMA));
        ps_expect(p, TK_RPAREN, "')'");
    }
    fn->nargs = nargs;
    fn->arg_types = sp_arena_array(p->ar, nargs, sizeof *fn->arg_types);
    for (uint32_t i = 0; i < nargs; i++) fn->arg_types[i] = args[i].type;
    if (ps_accept(p, TK_ARROW)) {
        uint32_t cap = 4, n = 0;
        ir_type *res = sp_arena_array(p->ar, cap, sizeof *res);
        if (ps_accept(p, TK_LPAREN)) {
            if (!ps_accept(p, TK_RPAREN)) {
                do {
                    PS_PUSH_ROOM(p, res, n, cap);
                    res[n++] = ps_parse_type(p);
                    if (ps_is(p, TK_LBRACE)) {
                        uint32_t na;
                        const ir_named_attr *it;
                        ps_parse_attr_dict(p, &na, &it);
                    }
                    ps_skip_loc(p);
                } while (ps_accept(p, TK_COMMA));
                ps_expect(p, TK_RPAREN, "')'");
            }
        } else {
            res[n++] = ps_parse_type(p);
        }
        fn->nres = n;
        fn->res_types = res;
    }
    if (ps_accept_kw(p, "attributes")) {
        uint32_t n;
        const ir_named_attr *items;
        ps_parse_attr_dict(p, &n, &items);
        set_attrs(op, n, items);
    }
    if (ps_is(p, TK_LBRACE)) {
        if (!named && nargs) ps_error_at(p, ps_loc(p), "a function with a body needs named arguments");
        ir_op_set_region(op, 0, ps_parse_region(p, args, (int)nargs, true));
    } else {
        fn->is_decl = true;
        ir_op_set_region(op, 0, ir_block_new(p->m, 0, NULL));
    }
    return op;
}

/* module ::= 'module' ('@' name)? ('attributes' attr-dict)? region */
static ir_op *parse_module(parser *p, sp_loc loc) {
    ir_op *op = ir_op_new(p->m, IR_OP_MODULE, loc, 0, 0, 1);
    if (ps_is(p, TK_AT)) op->u.module.name = ps_parse_attr(p)->u.str.s;
    if (ps_accept_kw(p, "attributes")) {
        uint32_t n;
        const ir_named_attr *items;
        ps_parse_attr_dict(p, &n, &items);
        set_attrs(op, n, items);
    }
    ir_op_set_region(op, 0, ps_parse_region(p, NULL, 0, true));
    return op;
}

/* An op's tail: attr-dict? ':' function-type (the type located at tloc). */
typedef struct fn_tail {
    uint32_t na, nin, nout;
    const ir_named_attr *attrs;
    ir_type *in, *out;
    sp_loc tloc;
} fn_tail;

static void parse_fn_tail(parser *p, fn_tail *t, const char *colon_what) {
    ps_parse_opt_attr_dict(p, &t->na, &t->attrs);
    ps_expect(p, TK_COLON, colon_what);
    t->tloc = ps_loc(p);
    ps_parse_function_type(p, &t->nin, &t->in, &t->nout, &t->out);
}

/* call ::= 'func.call' '@' name '(' ssa-uses ')' attr-dict? ':' function-type */
static ir_op *parse_call(parser *p, sp_loc loc) {
    if (!ps_is(p, TK_AT)) ps_error_expected(p, "callee '@...'");
    const char *callee = ps_parse_attr(p)->u.str.s;
    ps_expect(p, TK_LPAREN, "'('");
    ir_value **uses;
    uint32_t n = ps_parse_uses(p, &uses);
    ps_expect(p, TK_RPAREN, "')'");
    fn_tail t;
    parse_fn_tail(p, &t, "':' and the callee's type");
    if (t.nin != n) ps_error_at(p, t.tloc, "call has %u operands but its type lists %u", n, t.nin);
    ir_op *op = new_op(p, IR_OP_CALL, loc, n, t.nout);
    for (uint32_t i = 0; i < n; i++) {
        check_use_type(p, uses[i], t.in[i], t.tloc, "call operand");
        op->opnds[i] = uses[i];
    }
    for (uint32_t i = 0; i < t.nout; i++) op->res[i].type = t.out[i];
    op->u.callee = callee;
    set_attrs(op, t.na, t.attrs);
    return op;
}

/* ---------------------------------------------------------------- arith */

static ir_op *parse_binary(parser *p, ir_opkind k, sp_loc loc, bool is_float) {
    ir_value *a = ps_parse_use(p);
    ps_expect(p, TK_COMMA, "','");
    ir_value *b = ps_parse_use(p);
    ir_op *op = new_op(p, k, loc, 2, 1);
    op->flags = is_float ? parse_opt_flags(p, "fastmath", false) : parse_opt_flags(p, "overflow", true);
    opt_attrs(p, op);
    ir_type t = colon_type(p);
    op->opnds[0] = a;
    op->opnds[1] = b;
    op->res[0].type = t;
    return op;
}

static ir_op *parse_unary(parser *p, ir_opkind k, sp_loc loc, bool is_float) {
    ir_value *a = ps_parse_use(p);
    ir_op *op = new_op(p, k, loc, 1, 1);
    if (is_float) op->flags = parse_opt_flags(p, "fastmath", false);
    opt_attrs(p, op);
    op->opnds[0] = a;
    op->res[0].type = colon_type(p);
    return op;
}

/* fma ::= 'math.fma' %a ',' %b ',' %c fastmath? attr-dict? ':' type */
static ir_op *parse_fma(parser *p, sp_loc loc) {
    ir_op *op = new_op(p, IR_OP_FMA, loc, 3, 1);
    for (int i = 0; i < 3; i++) {
        if (i) ps_expect(p, TK_COMMA, "','");
        op->opnds[i] = ps_parse_use(p);
    }
    op->flags = parse_opt_flags(p, "fastmath", false);
    opt_attrs(p, op);
    op->res[0].type = colon_type(p);
    return op;
}

/* fpowi ::= 'math.fpowi' %x ',' %n fastmath? attr-dict? ':' type ',' type
 * (the float base's type, then the integer exponent's) */
static ir_op *parse_fpowi(parser *p, sp_loc loc) {
    ir_op *op = new_op(p, IR_OP_FPOWI, loc, 2, 1);
    op->opnds[0] = ps_parse_use(p);
    ps_expect(p, TK_COMMA, "','");
    op->opnds[1] = ps_parse_use(p);
    op->flags = parse_opt_flags(p, "fastmath", false);
    opt_attrs(p, op);
    op->res[0].type = colon_type(p);
    ps_expect(p, TK_COMMA, "',' and the exponent's type");
    sp_loc tloc = ps_loc(p);
    ir_type nt = ps_parse_type(p);
    if (!ir_type_eq(nt, op->opnds[1]->type))
        ps_error_at(p, tloc, "the exponent's type does not match its operand's");
    return op;
}

/* cast ::= %a fastmath? attr-dict? ':' type 'to' type */
static ir_op *parse_cast(parser *p, ir_opkind k, sp_loc loc) {
    ir_value *a = ps_parse_use(p);
    ir_op *op = new_op(p, k, loc, 1, 1);
    op->flags = parse_opt_flags(p, "fastmath", false);
    opt_attrs(p, op);
    sp_loc tloc = ps_loc(p);
    ir_type from = colon_type(p);
    check_use_type(p, a, from, tloc, "cast operand");
    ps_expect_kw(p, "to");
    op->opnds[0] = a;
    op->res[0].type = ps_parse_type(p);
    return op;
}

static ir_type bool_like(parser *p, ir_type t) {
    if (t.kind == IR_T_SCALAR) return ir_scalar_type(IR_I1);
    ir_type r = t;
    r.dtype = IR_I1;
    (void)p;
    return r;
}

/* cmp ::= predicate ',' %a ',' %b fastmath? attr-dict? ':' type */
static ir_op *parse_cmp(parser *p, ir_opkind k, sp_loc loc) {
    bool isf = k == IR_OP_CMPF;
    if (!ps_is(p, TK_BARE)) ps_error_expected(p, "comparison predicate");
    int64_t pred = -1;
    int count = isf ? IR_CMPF_COUNT : IR_CMPI_COUNT;
    for (int i = 0; i < count; i++) {
        const char *n = isf ? ir_cmpf_name(i) : ir_cmpi_name(i);
        if (strlen(n) == ps_tok(p)->len && !memcmp(n, ps_tok(p)->text, ps_tok(p)->len)) pred = i;
    }
    if (pred < 0) ps_error_expected(p, isf ? "cmpf predicate (oeq, ugt, ...)" : "cmpi predicate (eq, slt, ...)");
    ps_next(p);
    ps_expect(p, TK_COMMA, "','");
    ir_value *a = ps_parse_use(p);
    ps_expect(p, TK_COMMA, "','");
    ir_value *b = ps_parse_use(p);
    ir_op *op = new_op(p, k, loc, 2, 1);
    if (isf) op->flags = parse_opt_flags(p, "fastmath", false);
    opt_attrs(p, op);
    ir_type t = colon_type(p);
    op->opnds[0] = a;
    op->opnds[1] = b;
    op->u.pred = pred;
    op->res[0].type = bool_like(p, t);
    return op;
}

/* select ::= %c ',' %a ',' %b attr-dict? ':' (type | cond-type ',' type) */
static ir_op *parse_select(parser *p, sp_loc loc) {
    ir_op *op = new_op(p, IR_OP_SELECT, loc, 3, 1);
    for (int i = 0; i < 3; i++) {
        if (i) ps_expect(p, TK_COMMA, "','");
        op->opnds[i] = ps_parse_use(p);
    }
    opt_attrs(p, op);
    ir_type t = colon_type(p);
    if (ps_accept(p, TK_COMMA)) t = ps_parse_type(p);
    op->res[0].type = t;
    return op;
}

/* constant ::= 'arith.constant' attr-dict? typed-attr */
static ir_op *parse_constant(parser *p, sp_loc loc) {
    ir_op *op = new_op(p, IR_OP_CONSTANT, loc, 0, 1);
    if (ps_is(p, TK_LBRACE)) opt_attrs(p, op);
    sp_loc vloc = ps_loc(p);
    const ir_attr *v = ps_parse_attr(p);
    switch (v->kind) {
    case IR_A_INT:
    case IR_A_FLOAT:
    case IR_A_BOOL:
    case IR_A_ELEMENTS: break;
    default: ps_error_at(p, vloc, "arith.constant needs a number, boolean or dense value with a type");
    }
    op->u.value = v;
    op->res[0].type = v->type;
    return op;
}

/* ---------------------------------------------------------------- tensor */

/* empty ::= 'tensor.empty' '(' ')' attr-dict? ':' type */
static ir_op *parse_empty(parser *p, sp_loc loc) {
    ps_expect(p, TK_LPAREN, "'('");
    if (ps_is(p, TK_PERCENT)) ps_error_at(p, ps_loc(p), "tensor.empty with dynamic sizes is not supported");
    ps_expect(p, TK_RPAREN, "')'");
    ir_op *op = new_op(p, IR_OP_EMPTY, loc, 0, 1);
    opt_attrs(p, op);
    op->res[0].type = colon_type(p);
    return op;
}

/* indices ::= '[' ssa-uses ']' */
static uint32_t parse_indices(parser *p, ir_value ***out) {
    ps_expect(p, TK_LSQUARE, "'['");
    uint32_t n = ps_parse_uses(p, out);
    ps_expect(p, TK_RSQUARE, "']'");
    return n;
}

/* extract ::= %t indices attr-dict? ':' type */
static ir_op *parse_extract(parser *p, sp_loc loc) {
    ir_value *t = ps_parse_use(p);
    ir_value **idx;
    uint32_t n = parse_indices(p, &idx);
    ir_op *op = new_op(p, IR_OP_EXTRACT, loc, 1 + n, 1);
    op->opnds[0] = t;
    for (uint32_t i = 0; i < n; i++) op->opnds[1 + i] = idx[i];
    opt_attrs(p, op);
    sp_loc tloc = ps_loc(p);
    ir_type ty = colon_type(p);
    check_use_type(p, t, ty, tloc, "tensor operand");
    op->res[0].type = ir_scalar_type((ir_dtype)ty.dtype);
    return op;
}

/* insert ::= %v 'into' %t indices attr-dict? ':' type */
static ir_op *parse_insert(parser *p, sp_loc loc) {
    ir_value *v = ps_parse_use(p);
    ps_expect_kw(p, "into");
    ir_value *t = ps_parse_use(p);
    ir_value **idx;
    uint32_t n = parse_indices(p, &idx);
    ir_op *op = new_op(p, IR_OP_INSERT, loc, 2 + n, 1);
    op->opnds[0] = v;
    op->opnds[1] = t;
    for (uint32_t i = 0; i < n; i++) op->opnds[2 + i] = idx[i];
    opt_attrs(p, op);
    sp_loc tloc = ps_loc(p);
    ir_type ty = colon_type(p);
    check_use_type(p, t, ty, tloc, "tensor operand");
    op->res[0].type = ty;
    return op;
}

static ir_op *slice_op(parser *p, ir_opkind k, sp_loc loc, uint32_t nfixed, ir_value **fixed, ir_value **dyn,
                       uint32_t ndyn) {
    ir_op *op = new_op(p, k, loc, nfixed + ndyn, 1);
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
    int64_t *off = parse_mixed(p, &n1, &dyn, &ndyn, &capdyn);
    int64_t *sz = parse_mixed(p, &n2, &dyn, &ndyn, &capdyn);
    int64_t *st = parse_mixed(p, &n3, &dyn, &ndyn, &capdyn);
    if (n1 != n2 || n2 != n3) ps_error_at(p, loc, "offsets, sizes and strides must have the same length");
    ir_op *op = slice_op(p, insert ? IR_OP_INSERT_SLICE : IR_OP_EXTRACT_SLICE, loc, insert ? 2 : 1, fixed, dyn, ndyn);
    op->u.slice.rank = n1;
    op->u.slice.offsets = off;
    op->u.slice.sizes = sz;
    op->u.slice.strides = st;
    sp_loc tloc = ps_loc(p);
    parse_src_to_result(p, op, fixed[0], insert ? "into" : "to");
    if (insert) check_use_type(p, fixed[1], op->res[0].type, tloc, "destination operand");
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
        (void)parse_mixed(p, &nshape, &dyn, &ndyn, &capdyn);
        if (ndyn) ps_error_at(p, loc, "dynamic output_shape is not supported");
    }
    ir_op *op = new_op(p, k, loc, 1, 1);
    op->opnds[0] = src;
    op->u.reshape = r;
    parse_src_to_result(p, op, src, "into");
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
        ir_op *x = append_new(p, new_op(p, IR_OP_EXTRACT, loc, 2, 1));
        x->opnds[0] = shape;
        x->opnds[1] = at;
        x->res[0].type = et;
        ir_op *eq = append_new(p, new_op(p, IR_OP_CMPI, loc, 2, 1));
        eq->opnds[0] = &x->res[0];
        eq->opnds[1] = want;
        eq->res[0].type = ir_scalar_type(IR_I1);
        eq->u.pred = IR_CMPI_EQ;
        ir_op *as = append_new(p, new_op(p, IR_OP_ASSERT, loc, 1, 0));
        as->opnds[0] = &eq->res[0];
        as->u.msg.str = msg;
        as->u.msg.len = sizeof msg - 1;
    }
}

static ir_op *build_tensor_reshape(parser *p, sp_loc loc, ir_value *src, ir_value *shape, ir_type to) {
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
    fn_tail t;
    parse_fn_tail(p, &t, "':' and the op's function type");
    if (t.nin != 2 || t.nout != 1)
        ps_error_at(p, t.tloc, "tensor.reshape's type is (source type, shape type) -> result type, found %u -> %u types",
                    t.nin, t.nout);
    check_use_type(p, src, t.in[0], t.tloc, "source operand");
    check_use_type(p, shape, t.in[1], t.tloc, "shape operand");
    ir_op *op = build_tensor_reshape(p, loc, src, shape, t.out[0]);
    if (t.na) set_attrs(op, t.na, t.attrs);
    return op;
}

/* pad ::= %src 'nofold'? 'low' mixed 'high' mixed region attr-dict? ':' type 'to' type */
static ir_op *parse_pad(parser *p, sp_loc loc) {
    ir_value *src = ps_parse_use(p);
    bool nofold = ps_accept_kw(p, "nofold");
    ir_value **dyn = NULL;
    uint32_t ndyn = 0, capdyn = 0, nl, nh;
    ps_expect_kw(p, "low");
    int64_t *low = parse_mixed(p, &nl, &dyn, &ndyn, &capdyn);
    ps_expect_kw(p, "high");
    int64_t *high = parse_mixed(p, &nh, &dyn, &ndyn, &capdyn);
    if (ndyn) ps_error_at(p, loc, "tensor.pad with dynamic padding is not supported");
    if (nl != nh) ps_error_at(p, loc, "low and high padding must have the same length");
    ir_op *op = ir_op_new(p->m, IR_OP_PAD, loc, 1, 1, 1);
    op->opnds[0] = src;
    op->u.pad.rank = nl;
    op->u.pad.low = low;
    op->u.pad.high = high;
    op->u.pad.nofold = nofold;
    ir_op_set_region(op, 0, ps_parse_region(p, NULL, -1, false));
    parse_src_to_result(p, op, src, "to");
    return op;
}

/* from-elements ::= (%e (',' %e)*)? attr-dict? ':' tensor-type
 * (the operands' type is the tensor's element type: the verifier checks it) */
static ir_op *parse_from_elements(parser *p, sp_loc loc) {
    ir_value **uses;
    uint32_t n = ps_parse_uses(p, &uses);
    ir_op *op = new_op(p, IR_OP_FROM_ELEMENTS, loc, n, 1);
    for (uint32_t i = 0; i < n; i++) op->opnds[i] = uses[i];
    opt_attrs(p, op);
    op->res[0].type = colon_type(p);
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
    ir_op *op = new_op(p, IR_OP_CONCAT, loc, n, 1);
    opt_attrs(p, op);
    ps_expect(p, TK_COLON, "':' and the op's function type");
    sp_loc tloc = ps_loc(p);
    uint32_t nin, nout;
    ir_type *in, *out;
    ps_parse_function_type(p, &nin, &in, &nout, &out);
    if (nin != n) ps_error_at(p, tloc, "tensor.concat has %u operands but its type lists %u", n, nin);
    if (nout != 1) ps_error_at(p, tloc, "tensor.concat has one result, its type lists %u", nout);
    for (uint32_t i = 0; i < n; i++) {
        check_use_type(p, uses[i], in[i], tloc, "concatenated operand");
        op->opnds[i] = uses[i];
    }
    op->res[0].type = out[0];
    op->u.dim = dim;
    return op;
}

/* ------------------------------------------------------------------- cf */

/* assert ::= 'cf.assert' %cond ',' string attr-dict?   (%cond is i1) */
static ir_op *parse_assert(parser *p, sp_loc loc) {
    ir_op *op = new_op(p, IR_OP_ASSERT, loc, 1, 0);
    op->opnds[0] = ps_parse_use(p);
    ps_expect(p, TK_COMMA, "',' and the assertion message");
    if (!ps_is(p, TK_STRING)) ps_error_expected(p, "the assertion message (a string)");
    char *s = sp_arena_alloc(p->ar, ps_tok(p)->len + 1);
    op->u.msg.len = (uint32_t)lx_string_value(ps_tok(p), s);
    s[op->u.msg.len] = 0;
    op->u.msg.str = s;
    ps_next(p);
    opt_attrs(p, op);
    return op;
}

/* ----------------------------------------------------------- linalg misc */

/* index ::= 'linalg.index' int attr-dict? ':' 'index' */
static ir_op *parse_index(parser *p, sp_loc loc) {
    ir_op *op = new_op(p, IR_OP_LINALG_INDEX, loc, 0, 1);
    op->u.dim = ps_parse_index(p, "dimension", IR_MAX_RANK * 4);
    opt_attrs(p, op);
    op->res[0].type = colon_type(p);
    return op;
}

/* pack ::= %src ('padding_value' '(' %v ':' type ')')? ('outer_dims_perm' '=' ints)?
 *          'inner_dims_pos' '=' ints 'inner_tiles' '=' mixed 'into' %dst attr-dict?
 *          ':' type '->' type      (unpack: no padding_value) */
static ir_op *parse_pack(parser *p, ir_opkind k, sp_loc loc) {
    ir_value *src = ps_parse_use(p), *pad = NULL;
    ir_pack_info info = {0};
    if (k == IR_OP_PACK && ps_accept_kw(p, "padding_value")) {
        ps_expect(p, TK_LPAREN, "'('");
        pad = ps_parse_use(p);
        (void)colon_type(p);
        ps_expect(p, TK_RPAREN, "')'");
        info.has_padding = true;
    }
    if (ps_accept_kw(p, "outer_dims_perm")) {
        ps_expect(p, TK_EQUAL, "'='");
        info.outer_dims_perm = ps_parse_int_list(p, &info.nouter, TK_LSQUARE, TK_RSQUARE);
    }
    ps_expect_kw(p, "inner_dims_pos");
    ps_expect(p, TK_EQUAL, "'='");
    uint32_t npos;
    info.inner_dims_pos = ps_parse_int_list(p, &npos, TK_LSQUARE, TK_RSQUARE);
    ps_expect_kw(p, "inner_tiles");
    ps_expect(p, TK_EQUAL, "'='");
    ir_value **dyn = NULL;
    uint32_t ndyn = 0, capdyn = 0;
    info.inner_tiles = parse_mixed(p, &info.ninner, &dyn, &ndyn, &capdyn);
    if (ndyn) ps_error_at(p, loc, "dynamic inner_tiles are not supported");
    if (npos != info.ninner) ps_error_at(p, loc, "inner_dims_pos and inner_tiles must have the same length");
    ps_expect_kw(p, "into");
    ir_value *dst = ps_parse_use(p);
    ir_op *op = new_op(p, k, loc, pad ? 3 : 2, 1);
    op->opnds[0] = src;
    op->opnds[1] = dst;
    if (pad) op->opnds[2] = pad;
    op->u.pack = info;
    sp_loc tloc = ps_loc(p);
    parse_src_to_result(p, op, src, "->");
    check_use_type(p, dst, op->res[0].type, tloc, "destination operand");
    return op;
}

/* ------------------------------------------------------------------- scf */

/* for ::= 'scf.for' %iv '=' %lb 'to' %ub 'step' %step
 *         ('iter_args' '(' %a '=' %init (',' ...)* ')' '->' '(' types ')' | '->' type)?
 *         (':' type)? region attr-dict? */
static ir_op *parse_for(parser *p, sp_loc loc) {
    if (!ps_is(p, TK_PERCENT)) ps_error_expected(p, "induction variable");
    ps_arg args[65];
    uint32_t nargs = 0;
    args[nargs++].name = *ps_tok(p);
    ps_next(p);
    ps_expect(p, TK_EQUAL, "'='");
    ir_value *lb = ps_parse_use(p);
    ps_expect_kw(p, "to");
    ir_value *ub = ps_parse_use(p);
    ps_expect_kw(p, "step");
    ir_value *step = ps_parse_use(p);
    ir_value *inits[64];
    uint32_t ninit = 0;
    ir_type *rtypes = NULL;
    uint32_t nrt = 0;
    if (ps_accept_kw(p, "iter_args")) {
        ps_expect(p, TK_LPAREN, "'('");
        do {
            if (ninit == 64) ps_error_at(p, ps_loc(p), "too many iter_args");
            if (!ps_is(p, TK_PERCENT)) ps_error_expected(p, "iteration argument name");
            args[nargs].name = *ps_tok(p);
            ps_next(p);
            ps_expect(p, TK_EQUAL, "'='");
            inits[ninit] = ps_parse_use(p);
            args[nargs].type = inits[ninit]->type;
            nargs++;
            ninit++;
        } while (ps_accept(p, TK_COMMA));
        ps_expect(p, TK_RPAREN, "')'");
        ps_expect(p, TK_ARROW, "'->' and the result types");
        if (ps_accept(p, TK_LPAREN)) {
            rtypes = sp_arena_array(p->ar, ninit, sizeof *rtypes);
            do {
                if (nrt == ninit) ps_error_at(p, ps_loc(p), "more result types than iter_args");
                rtypes[nrt++] = ps_parse_type(p);
            } while (ps_accept(p, TK_COMMA));
            ps_expect(p, TK_RPAREN, "')'");
        } else {
            rtypes = sp_arena_array(p->ar, 1, sizeof *rtypes);
            rtypes[nrt++] = ps_parse_type(p);
        }
        if (nrt != ninit) ps_error_at(p, loc, "scf.for has %u iter_args but %u result types", ninit, nrt);
    }
    ir_type ivt = ir_scalar_type(IR_INDEX);
    if (ps_accept(p, TK_COLON)) ivt = ps_parse_type(p);
    args[0].type = ivt;
    ir_op *op = ir_op_new(p->m, IR_OP_FOR, loc, 3 + ninit, ninit, 1);
    op->opnds[0] = lb;
    op->opnds[1] = ub;
    op->opnds[2] = step;
    for (uint32_t i = 0; i < ninit; i++) {
        op->opnds[3 + i] = inits[i];
        op->res[i].type = rtypes[i];
    }
    ir_block *body = ps_parse_region(p, args, (int)nargs, false);
    /* without iter_args the terminator may be left out, as MLIR's custom
     * form allows (SingleBlockImplicitTerminator): it is an empty yield */
    if (ninit == 0 && (!body->last || body->last->kind != IR_OP_SCF_YIELD))
        ir_block_append(body, ir_op_new(p->m, IR_OP_SCF_YIELD, loc, 0, 0, 0));
    ir_op_set_region(op, 0, body);
    opt_attrs(p, op);
    return op;
}

/* ---------------------------------------------------------------- vector */

/* print ::= 'vector.print' (%v ':' type)? ('str' string)? ('punctuation' '<' kw '>')? attr-dict? */
static ir_op *parse_print(parser *p, sp_loc loc) {
    ir_value *v = NULL;
    if (ps_is(p, TK_PERCENT)) {
        v = ps_parse_use(p);
        sp_loc tloc = ps_loc(p);
        ir_type t = colon_type(p);
        check_use_type(p, v, t, tloc, "printed value");
    }
    ir_op *op = new_op(p, IR_OP_VPRINT, loc, v ? 1 : 0, 0);
    if (v) op->opnds[0] = v;
    if (ps_accept_kw(p, "str")) {
        if (!ps_is(p, TK_STRING)) ps_error_expected(p, "string");
        char *s = sp_arena_alloc(p->ar, ps_tok(p)->len + 1);
        op->u.vprint.len = (uint32_t)lx_string_value(ps_tok(p), s);
        op->u.vprint.str = s;
        ps_next(p);
    }
    if (ps_accept_kw(p, "punctuation")) {
        ps_expect(p, TK_LESS, "'<'");
        if (!ps_is(p, TK_BARE)) ps_error_expected(p, "punctuation kind");
        op->u.vprint.punct = sp_arena_strndup(p->ar, ps_tok(p)->text, ps_tok(p)->len);
        ps_next(p);
        ps_expect(p, TK_GREATER, "'>'");
    }
    opt_attrs(p, op);
    return op;
}

static void xfer_from_attrs(parser *p, ir_op *op, sp_loc loc) {
    const ir_attr *ib = ir_dict_get(op->attrs, op->nattrs, "in_bounds");
    if (!ib) ib = ir_dict_get(op->props, op->nprops, "in_bounds");
    if (ib) {
        if (ib->kind != IR_A_ARRAY) ps_error_at(p, loc, "in_bounds must be an array of booleans");
        bool *v = sp_arena_array(p->ar, ib->u.arr.n, sizeof *v);
        for (uint32_t i = 0; i < ib->u.arr.n; i++) {
            if (ib->u.arr.items[i]->kind != IR_A_BOOL) ps_error_at(p, loc, "in_bounds must be an array of booleans");
            v[i] = ib->u.arr.items[i]->u.b;
        }
        op->u.xfer.in_bounds = v;
        op->u.xfer.n = ib->u.arr.n;
    }
    const ir_attr *pm = ir_dict_get(op->attrs, op->nattrs, "permutation_map");
    if (!pm) pm = ir_dict_get(op->props, op->nprops, "permutation_map");
    if (pm) {
        if (pm->kind != IR_A_MAP) ps_error_at(p, loc, "permutation_map must be an affine map");
        op->u.xfer.perm = pm->u.map;
    }
    /* these two are interpreted, not kept as extra attributes */
    ir_named_attr *keep = sp_arena_array(p->ar, op->nattrs, sizeof *keep);
    uint32_t n = 0;
    for (uint32_t i = 0; i < op->nattrs; i++)
        if (strcmp(op->attrs[i].name, "in_bounds") && strcmp(op->attrs[i].name, "permutation_map"))
            keep[n++] = op->attrs[i];
    op->nattrs = n;
    op->attrs = keep;
}

/* transfer-read ::= %t indices ',' %pad (',' %mask)? attr-dict? ':' type ',' vector-type */
static ir_op *parse_transfer_read(parser *p, sp_loc loc) {
    ir_value *t = ps_parse_use(p);
    ir_value **idx;
    uint32_t n = parse_indices(p, &idx);
    ps_expect(p, TK_COMMA, "',' and the padding value");
    ir_value *pad = ps_parse_use(p);
    if (ps_is(p, TK_COMMA)) ps_error_at(p, ps_loc(p), "masked vector.transfer_read is not supported");
    ir_op *op = new_op(p, IR_OP_TRANSFER_READ, loc, 2 + n, 1);
    op->opnds[0] = t;
    for (uint32_t i = 0; i < n; i++) op->opnds[1 + i] = idx[i];
    op->opnds[1 + n] = pad;
    opt_attrs(p, op);
    sp_loc tloc = ps_loc(p);
    ir_type st = colon_type(p);
    check_use_type(p, t, st, tloc, "source operand");
    ps_expect(p, TK_COMMA, "',' and the vector type");
    op->res[0].type = ps_parse_type(p);
    xfer_from_attrs(p, op, loc);
    return op;
}

/* ------------------------------------------------------------- ml_program */

/* global ::= 'ml_program.global' visibility? 'mutable'? '@' name ('(' attr ')')? ':' type attr-dict? */
static ir_op *parse_global(parser *p, sp_loc loc) {
    ir_op *op = new_op(p, IR_OP_GLOBAL, loc, 0, 0);
    ir_global_info *g = &op->u.global;
    if (ps_is_kw(p, "private") || ps_is_kw(p, "public") || ps_is_kw(p, "nested")) {
        g->visibility = sp_arena_strndup(p->ar, ps_tok(p)->text, ps_tok(p)->len);
        ps_next(p);
    }
    g->is_mutable = ps_accept_kw(p, "mutable");
    if (!ps_is(p, TK_AT)) ps_error_expected(p, "global name '@...'");
    g->name = ps_parse_attr(p)->u.str.s;
    if (ps_accept(p, TK_LPAREN)) {
        g->value = ps_parse_attr(p);
        ps_expect(p, TK_RPAREN, "')'");
    }
    g->type = colon_type(p);
    opt_attrs(p, op);
    return op;
}

/* ---------------------------------------------------------------- dispatch */

ir_op *ps_parse_custom_op(parser *p, const lx_token *nametok, int kind, uint32_t nres_expected) {
    sp_loc loc = ps_loc(p);
    (void)nametok;
    (void)nres_expected;
    ps_next(p); /* the op name */
    ir_opkind k = (ir_opkind)kind;
    switch (ir_op_syntax(k)) {
    case IR_SYN_BINF: return parse_binary(p, k, loc, true);
    case IR_SYN_BINI: return parse_binary(p, k, loc, false);
    case IR_SYN_UNF: return parse_unary(p, k, loc, true);
    case IR_SYN_UNI: return parse_unary(p, k, loc, false);
    case IR_SYN_CAST: return parse_cast(p, k, loc);
    case IR_SYN_SPECIAL: break;
    }
    switch (k) {
    case IR_OP_MODULE: return parse_module(p, loc);
    case IR_OP_FUNC: return parse_func(p, loc);
    case IR_OP_RETURN:
    case IR_OP_SCF_YIELD:
    case IR_OP_TENSOR_YIELD:
    case IR_OP_LINALG_YIELD: return parse_terminator(p, k, loc);
    case IR_OP_CALL: return parse_call(p, loc);
    case IR_OP_CONSTANT: return parse_constant(p, loc);
    case IR_OP_CMPF:
    case IR_OP_CMPI: return parse_cmp(p, k, loc);
    case IR_OP_SELECT: return parse_select(p, loc);
    case IR_OP_FMA: return parse_fma(p, loc);
    case IR_OP_FPOWI: return parse_fpowi(p, loc);
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
    case IR_OP_ASSERT: return parse_assert(p, loc);
    case IR_OP_LINALG: return ps_parse_linalg(p, loc, "generic", 7);
    case IR_OP_LINALG_INDEX: return parse_index(p, loc);
    case IR_OP_PACK:
    case IR_OP_UNPACK: return parse_pack(p, k, loc);
    case IR_OP_FOR: return parse_for(p, loc);
    case IR_OP_VPRINT: return parse_print(p, loc);
    case IR_OP_TRANSFER_READ: return parse_transfer_read(p, loc);
    case IR_OP_GLOBAL: return parse_global(p, loc);
    default: break;
    }
    ps_error_at(p, loc, "internal error: no parser for '%s'", ir_op_name(k));
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
    set_attrs(op, st->nattrs, st->attrs);
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

ir_op *ps_build_generic(parser *p, op_state *st) {
    ir_opkind k = (ir_opkind)st->kind;
    sp_loc loc = st->loc;
    ir_op *op;
    switch (ir_op_syntax(k)) {
    case IR_SYN_BINF:
    case IR_SYN_BINI:
        no_regions(p, st);
        need_counts(p, st, 2, 1);
        op = from_state(p, st, k);
        if (ir_op_syntax(k) == IR_SYN_BINF)
            op->flags = opaque_flags(p, st_prop(st, "fastmath"), "#arith.fastmath", loc);
        else
            op->flags = opaque_flags(p, st_prop(st, "overflowFlags"), "#arith.overflow", loc);
        return op;
    case IR_SYN_UNF:
    case IR_SYN_UNI:
    case IR_SYN_CAST:
        no_regions(p, st);
        need_counts(p, st, 1, 1);
        op = from_state(p, st, k);
        op->flags = opaque_flags(p, st_prop(st, "fastmath"), "#arith.fastmath", loc);
        return op;
    case IR_SYN_SPECIAL: break;
    }
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
        const ir_attr *pr = need_prop(p, st, "predicate", IR_A_INT);
        int64_t lim = k == IR_OP_CMPF ? IR_CMPF_COUNT : IR_CMPI_COUNT;
        if (pr->u.i < 0 || pr->u.i >= lim) ps_error_at(p, loc, "invalid comparison predicate %lld", (long long)pr->u.i);
        op = from_state(p, st, k);
        op->u.pred = pr->u.i;
        if (k == IR_OP_CMPF) op->flags = opaque_flags(p, st_prop(st, "fastmath"), "#arith.fastmath", loc);
        return op;
    }
    case IR_OP_SELECT:
        no_regions(p, st);
        need_counts(p, st, 3, 1);
        return from_state(p, st, k);
    case IR_OP_FPOWI:
        no_regions(p, st);
        need_counts(p, st, 2, 1);
        op = from_state(p, st, k);
        op->flags = opaque_flags(p, st_prop(st, "fastmath"), "#arith.fastmath", loc);
        return op;
    case IR_OP_FMA:
        no_regions(p, st);
        need_counts(p, st, 3, 1);
        op = from_state(p, st, k);
        op->flags = opaque_flags(p, st_prop(st, "fastmath"), "#arith.fastmath", loc);
        return op;
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
        op = build_tensor_reshape(p, loc, st->opnds[0], st->opnds[1], st->res_types[0]);
        set_attrs(op, st->nattrs, st->attrs);
        return op;
    case IR_OP_EXPAND_SHAPE:
    case IR_OP_COLLAPSE_SHAPE: {
        no_regions(p, st);
        if (st->nopnds != 1) ps_error_at(p, loc, "dynamic reshapes are not supported");
        need_counts(p, st, 1, 1);
        const ir_attr *ra = need_prop(p, st, "reassociation", IR_A_ARRAY);
        op = from_state(p, st, k);
        ir_reshape_info *r = &op->u.reshape;
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
        const ir_attr *d = need_prop(p, st, "dim", IR_A_INT);
        if (d->u.i < 0 || d->u.i >= IR_MAX_RANK)
            ps_error_at(p, loc, "tensor.concat dimension %lld out of range", (long long)d->u.i);
        op = from_state(p, st, k);
        op->u.dim = d->u.i;
        static const char *const used[] = {"dim"};
        keep_props(p, op, st, used, SP_ARRAY_LEN(used));
        return op;
    }
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
        xfer_from_attrs(p, op, loc);
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
    default: break;
    }
    ps_error_at(p, loc, "generic form of '%s' is not supported", st->name);
}
