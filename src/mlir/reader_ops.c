/* reader_ops.c - the custom forms of every non-linalg op but the tensor
 * dialect's (func, arith, math, cf, scf, vector, ml_program, builtin, and
 * linalg's index and pack/unpack), the helpers every op parser shares, and
 * the dispatch from an op's name to its parser. Each op has one parse
 * function (custom form, the grammar in its comment) here or in
 * reader_tensor.c, and one case in ps_build_generic (generic form,
 * reader_generic.c); both produce the same IR. */
#include <string.h>

#include "ir/build.h"
#include "parser.h"

/* ------------------------------------------------------------- helpers */

ir_type ps_colon_type(parser *p) {
    ps_expect(p, TK_COLON, "':' and a type");
    return ps_parse_type(p);
}

void ps_set_attrs(ir_op *op, uint32_t n, const ir_named_attr *items) {
    op->nattrs = n;
    op->attrs = items;
}

void ps_opt_attrs(parser *p, ir_op *op) {
    uint32_t n;
    const ir_named_attr *items;
    ps_parse_opt_attr_dict(p, &n, &items);
    if (n) ps_set_attrs(op, n, items);
}

static const struct {
    const char *name;
    uint16_t bits;
} FM_FLAGS[] = {{"none", 0},        {"reassoc", IR_FM_REASSOC}, {"nnan", IR_FM_NNAN},
                {"ninf", IR_FM_NINF}, {"nsz", IR_FM_NSZ},         {"arcp", IR_FM_ARCP},
                {"contract", IR_FM_CONTRACT}, {"afn", IR_FM_AFN}, {"fast", IR_FM_FAST}};

int ps_flag_bits(const char *s, size_t n, bool overflow) {
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
        int b = ps_flag_bits(ps_tok(p)->text, ps_tok(p)->len, overflow);
        if (b < 0) ps_error_expected(p, overflow ? "overflow flag (nsw, nuw, none)" : "fastmath flag");
        bits |= (uint16_t)b;
        ps_next(p);
    } while (ps_accept(p, TK_COMMA));
    ps_expect(p, TK_GREATER, "'>'");
    return bits;
}

/* mixed-list ::= '[' ((int | ssa-use) (',' ...)*)? ']'  -- IR_DYNAMIC marks uses */
int64_t *ps_parse_mixed(parser *p, uint32_t *n, ir_value ***dyn, uint32_t *ndyn, uint32_t *capdyn) {
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
    ir_op *op = ps_new_op(p, k, loc, n, 0);
    for (uint32_t i = 0; i < n; i++) op->opnds[i] = uses[i];
    ps_opt_attrs(p, op);
    if (n) ps_parse_use_types(p, uses, n, NULL);
    return op;
}

void ps_parse_use_types(parser *p, ir_value *const *uses, uint32_t n, const char *kw) {
    ps_expect(p, TK_COLON, "':' and the operand types");
    for (uint32_t i = 0; i < n; i++) {
        if (i) ps_expect(p, TK_COMMA, "','");
        sp_loc tloc = ps_loc(p);
        ir_type t = ps_parse_type(p);
        if (ir_type_eq(t, uses[i]->type)) continue;
        if (kw) ps_error_at(p, tloc, "type of %s operand #%u does not match its value's type", kw, i);
        ps_error_at(p, tloc, "type of operand #%u does not match its value's type", i);
    }
}

void ps_check_use_type(parser *p, ir_value *v, ir_type t, sp_loc loc, const char *what) {
    if (!ir_type_eq(v->type, t)) ps_error_at(p, loc, "%s does not have the type given after ':'", what);
}

/* tail ::= attr-dict? ':' src-type SEP result-type   (slices, reshapes, pad, pack) */
void ps_parse_src_to_result(parser *p, ir_op *op, ir_value *src, const char *sep) {
    ps_opt_attrs(p, op);
    sp_loc tloc = ps_loc(p);
    ir_type from = ps_colon_type(p);
    ps_check_use_type(p, src, from, tloc, "source operand");
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
        ps_set_attrs(op, n, items);
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
        ps_set_attrs(op, n, items);
    }
    ir_op_set_region(op, 0, ps_parse_region(p, NULL, 0, true));
    return op;
}

/* An op's tail: attr-dict? ':' function-type (the type located at tloc). */
void ps_parse_fn_tail(parser *p, ps_fn_tail *t, const char *colon_what) {
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
    ps_fn_tail t;
    ps_parse_fn_tail(p, &t, "':' and the callee's type");
    if (t.nin != n) ps_error_at(p, t.tloc, "call has %u operands but its type lists %u", n, t.nin);
    ir_op *op = ps_new_op(p, IR_OP_CALL, loc, n, t.nout);
    for (uint32_t i = 0; i < n; i++) {
        ps_check_use_type(p, uses[i], t.in[i], t.tloc, "call operand");
        op->opnds[i] = uses[i];
    }
    for (uint32_t i = 0; i < t.nout; i++) op->res[i].type = t.out[i];
    op->u.callee = callee;
    ps_set_attrs(op, t.na, t.attrs);
    return op;
}

/* ---------------------------------------------------------------- arith */

static ir_op *parse_binary(parser *p, ir_opkind k, sp_loc loc, bool is_float) {
    ir_value *a = ps_parse_use(p);
    ps_expect(p, TK_COMMA, "','");
    ir_value *b = ps_parse_use(p);
    ir_op *op = ps_new_op(p, k, loc, 2, 1);
    op->flags = is_float ? parse_opt_flags(p, "fastmath", false) : parse_opt_flags(p, "overflow", true);
    ps_opt_attrs(p, op);
    ir_type t = ps_colon_type(p);
    op->opnds[0] = a;
    op->opnds[1] = b;
    op->res[0].type = t;
    return op;
}

static ir_op *parse_unary(parser *p, ir_opkind k, sp_loc loc, bool is_float) {
    ir_value *a = ps_parse_use(p);
    ir_op *op = ps_new_op(p, k, loc, 1, 1);
    if (is_float) op->flags = parse_opt_flags(p, "fastmath", false);
    ps_opt_attrs(p, op);
    op->opnds[0] = a;
    op->res[0].type = ps_colon_type(p);
    return op;
}

/* fma ::= 'math.fma' %a ',' %b ',' %c fastmath? attr-dict? ':' type */
static ir_op *parse_fma(parser *p, sp_loc loc) {
    ir_op *op = ps_new_op(p, IR_OP_FMA, loc, 3, 1);
    for (int i = 0; i < 3; i++) {
        if (i) ps_expect(p, TK_COMMA, "','");
        op->opnds[i] = ps_parse_use(p);
    }
    op->flags = parse_opt_flags(p, "fastmath", false);
    ps_opt_attrs(p, op);
    op->res[0].type = ps_colon_type(p);
    return op;
}

/* fpowi ::= 'math.fpowi' %x ',' %n fastmath? attr-dict? ':' type ',' type
 * (the float base's type, then the integer exponent's) */
static ir_op *parse_fpowi(parser *p, sp_loc loc) {
    ir_op *op = ps_new_op(p, IR_OP_FPOWI, loc, 2, 1);
    op->opnds[0] = ps_parse_use(p);
    ps_expect(p, TK_COMMA, "','");
    op->opnds[1] = ps_parse_use(p);
    op->flags = parse_opt_flags(p, "fastmath", false);
    ps_opt_attrs(p, op);
    op->res[0].type = ps_colon_type(p);
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
    ir_op *op = ps_new_op(p, k, loc, 1, 1);
    op->flags = parse_opt_flags(p, "fastmath", false);
    ps_opt_attrs(p, op);
    sp_loc tloc = ps_loc(p);
    ir_type from = ps_colon_type(p);
    ps_check_use_type(p, a, from, tloc, "cast operand");
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
    ir_op *op = ps_new_op(p, k, loc, 2, 1);
    if (isf) op->flags = parse_opt_flags(p, "fastmath", false);
    ps_opt_attrs(p, op);
    ir_type t = ps_colon_type(p);
    op->opnds[0] = a;
    op->opnds[1] = b;
    op->u.pred = pred;
    op->res[0].type = bool_like(p, t);
    return op;
}

/* select ::= %c ',' %a ',' %b attr-dict? ':' (type | cond-type ',' type) */
static ir_op *parse_select(parser *p, sp_loc loc) {
    ir_op *op = ps_new_op(p, IR_OP_SELECT, loc, 3, 1);
    for (int i = 0; i < 3; i++) {
        if (i) ps_expect(p, TK_COMMA, "','");
        op->opnds[i] = ps_parse_use(p);
    }
    ps_opt_attrs(p, op);
    ir_type t = ps_colon_type(p);
    if (ps_accept(p, TK_COMMA)) t = ps_parse_type(p);
    op->res[0].type = t;
    return op;
}

/* constant ::= 'arith.constant' attr-dict? typed-attr */
static ir_op *parse_constant(parser *p, sp_loc loc) {
    ir_op *op = ps_new_op(p, IR_OP_CONSTANT, loc, 0, 1);
    if (ps_is(p, TK_LBRACE)) ps_opt_attrs(p, op);
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

/* ------------------------------------------------------------------- cf */

/* assert ::= 'cf.assert' %cond ',' string attr-dict?   (%cond is i1) */
static ir_op *parse_assert(parser *p, sp_loc loc) {
    ir_op *op = ps_new_op(p, IR_OP_ASSERT, loc, 1, 0);
    op->opnds[0] = ps_parse_use(p);
    ps_expect(p, TK_COMMA, "',' and the assertion message");
    if (!ps_is(p, TK_STRING)) ps_error_expected(p, "the assertion message (a string)");
    char *s = sp_arena_alloc(p->ar, ps_tok(p)->len + 1);
    op->u.msg.len = (uint32_t)lx_string_value(ps_tok(p), s);
    s[op->u.msg.len] = 0;
    op->u.msg.str = s;
    ps_next(p);
    ps_opt_attrs(p, op);
    return op;
}

/* ----------------------------------------------------------- linalg misc */

/* index ::= 'linalg.index' int attr-dict? ':' 'index' */
static ir_op *parse_index(parser *p, sp_loc loc) {
    ir_op *op = ps_new_op(p, IR_OP_LINALG_INDEX, loc, 0, 1);
    op->u.dim = ps_parse_index(p, "dimension", IR_MAX_RANK * 4);
    ps_opt_attrs(p, op);
    op->res[0].type = ps_colon_type(p);
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
        (void)ps_colon_type(p);
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
    info.inner_tiles = ps_parse_mixed(p, &info.ninner, &dyn, &ndyn, &capdyn);
    if (ndyn) ps_error_at(p, loc, "dynamic inner_tiles are not supported");
    if (npos != info.ninner) ps_error_at(p, loc, "inner_dims_pos and inner_tiles must have the same length");
    ps_expect_kw(p, "into");
    ir_value *dst = ps_parse_use(p);
    ir_op *op = ps_new_op(p, k, loc, pad ? 3 : 2, 1);
    op->opnds[0] = src;
    op->opnds[1] = dst;
    if (pad) op->opnds[2] = pad;
    op->u.pack = info;
    sp_loc tloc = ps_loc(p);
    ps_parse_src_to_result(p, op, src, "->");
    ps_check_use_type(p, dst, op->res[0].type, tloc, "destination operand");
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
    ps_opt_attrs(p, op);
    return op;
}

/* ---------------------------------------------------------------- vector */

/* print ::= 'vector.print' (%v ':' type)? ('str' string)? ('punctuation' '<' kw '>')? attr-dict? */
static ir_op *parse_print(parser *p, sp_loc loc) {
    ir_value *v = NULL;
    if (ps_is(p, TK_PERCENT)) {
        v = ps_parse_use(p);
        sp_loc tloc = ps_loc(p);
        ir_type t = ps_colon_type(p);
        ps_check_use_type(p, v, t, tloc, "printed value");
    }
    ir_op *op = ps_new_op(p, IR_OP_VPRINT, loc, v ? 1 : 0, 0);
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
    ps_opt_attrs(p, op);
    return op;
}

void ps_xfer_from_attrs(parser *p, ir_op *op, sp_loc loc) {
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
    uint32_t n = ps_parse_indices(p, &idx);
    ps_expect(p, TK_COMMA, "',' and the padding value");
    ir_value *pad = ps_parse_use(p);
    if (ps_is(p, TK_COMMA)) ps_error_at(p, ps_loc(p), "masked vector.transfer_read is not supported");
    ir_op *op = ps_new_op(p, IR_OP_TRANSFER_READ, loc, 2 + n, 1);
    op->opnds[0] = t;
    for (uint32_t i = 0; i < n; i++) op->opnds[1 + i] = idx[i];
    op->opnds[1 + n] = pad;
    ps_opt_attrs(p, op);
    sp_loc tloc = ps_loc(p);
    ir_type st = ps_colon_type(p);
    ps_check_use_type(p, t, st, tloc, "source operand");
    ps_expect(p, TK_COMMA, "',' and the vector type");
    op->res[0].type = ps_parse_type(p);
    ps_xfer_from_attrs(p, op, loc);
    return op;
}

/* ------------------------------------------------------------- ml_program */

/* global ::= 'ml_program.global' visibility? 'mutable'? '@' name ('(' attr ')')? ':' type attr-dict? */
static ir_op *parse_global(parser *p, sp_loc loc) {
    ir_op *op = ps_new_op(p, IR_OP_GLOBAL, loc, 0, 0);
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
    g->type = ps_colon_type(p);
    ps_opt_attrs(p, op);
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
    case IR_OP_ASSERT: return parse_assert(p, loc);
    case IR_OP_LINALG: return ps_parse_linalg(p, loc, "generic", 7);
    case IR_OP_LINALG_INDEX: return parse_index(p, loc);
    case IR_OP_PACK:
    case IR_OP_UNPACK: return parse_pack(p, k, loc);
    case IR_OP_FOR: return parse_for(p, loc);
    case IR_OP_VPRINT: return parse_print(p, loc);
    case IR_OP_TRANSFER_READ: return parse_transfer_read(p, loc);
    case IR_OP_GLOBAL: return parse_global(p, loc);
    default: {
        ir_op *op = ps_parse_tensor_op(p, k, loc); /* reader_tensor.c */
        if (op) return op;
        break;
    }
    }
    ps_error_at(p, loc, "internal error: no parser for '%s'", ir_op_name(k));
}

