/* reader.c - MLIR reader core: tokens, literals, types, SSA scopes,
 * regions, the generic op form and the top level. One function per grammar
 * rule, with the rule in its comment (after Lua's lparser.c). Affine maps
 * and attributes are in reader_attr.c; op-specific custom forms in
 * reader_ops.c, reader_tensor.c and reader_linalg.c, generic-form builders
 * in reader_generic.c. */
#include "reader.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/fp16.h"
#include "parser.h"

/* =================================================================== tokens */

bool ps_is_kw(parser *p, const char *kw) {
    lx_token *t = ps_tok(p);
    size_t n = strlen(kw);
    return t->kind == TK_BARE && t->len == n && !memcmp(t->text, kw, n);
}

void ps_next(parser *p) { lx_next(&p->lx); }

bool ps_accept(parser *p, lx_kind k) {
    if (!ps_is(p, k)) return false;
    ps_next(p);
    return true;
}

bool ps_accept_kw(parser *p, const char *kw) {
    if (!ps_is_kw(p, kw)) return false;
    ps_next(p);
    return true;
}

sp_loc ps_loc(parser *p) {
    sp_loc l = {p->file, p->lx.tok.line, p->lx.tok.col};
    return l;
}

void ps_error_at(parser *p, sp_loc loc, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    sp_vthrow(p->ctx, SP_EINPUT, loc, fmt, ap);
}

void ps_error_expected(parser *p, const char *what) {
    char found[96];
    lx_describe(ps_tok(p), found, sizeof found);
    ps_error_at(p, ps_loc(p), "expected %s, found %s", what, found);
}

void ps_expect(parser *p, lx_kind k, const char *what) {
    if (!ps_accept(p, k)) ps_error_expected(p, what ? what : lx_kind_name(k));
}

void ps_expect_kw(parser *p, const char *kw) {
    if (!ps_accept_kw(p, kw)) {
        char what[64];
        snprintf(what, sizeof what, "'%s'", kw);
        ps_error_expected(p, what);
    }
}

void ps_enter(parser *p, sp_loc loc) {
    if (++p->depth > MLIR_MAX_DEPTH)
        ps_error_at(p, loc, "input nested too deeply (more than %d levels)", MLIR_MAX_DEPTH);
}

void ps_leave(parser *p) { p->depth--; }

char *ps_tok_dup(parser *p, const lx_token *t, size_t skip) {
    return sp_arena_strndup(p->ar, t->text + skip, t->len - skip);
}

bool ps_tok_eq(const lx_token *t, size_t skip, const char *s, size_t n) {
    return t->len - skip == n && !memcmp(t->text + skip, s, n);
}

void *ps_grow(parser *p, void *v, uint32_t n, uint32_t *cap, size_t elem) {
    if (n < *cap) return v;
    uint32_t nc = *cap ? *cap * 2 : 8;
    if (nc <= *cap) ps_error_at(p, ps_loc(p), "too many elements");
    void *nv = sp_arena_array(p->ar, nc, elem);
    if (n) memcpy(nv, v, n * elem);
    *cap = nc;
    return nv;
}

/* ================================================================= literals */

/* Decimal or hex integer token to uint64; false on overflow. */
bool ps_tok_u64(const lx_token *t, uint64_t *out) {
    uint64_t v = 0;
    const char *s = t->text, *e = t->text + t->len;
    int base = 10;
    if (t->len > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        s += 2;
    }
    for (; s < e; s++) {
        int d = *s >= '0' && *s <= '9' ? *s - '0' : (*s | 32) - 'a' + 10;
        if (__builtin_mul_overflow(v, (uint64_t)base, &v) || __builtin_add_overflow(v, (uint64_t)d, &v))
            return false;
    }
    *out = v;
    return true;
}

bool ps_tok_is_hex(const lx_token *t) {
    return t->kind == TK_INT && t->len > 2 && t->text[0] == '0' && (t->text[1] == 'x' || t->text[1] == 'X');
}

/* int ::= '-'? integer-literal */
int64_t ps_parse_int(parser *p, const char *what) {
    sp_loc loc = ps_loc(p);
    bool neg = ps_accept(p, TK_MINUS);
    if (!ps_is(p, TK_INT)) ps_error_expected(p, what);
    uint64_t v;
    if (!ps_tok_u64(ps_tok(p), &v) || v > (uint64_t)INT64_MAX + (neg ? 1u : 0u))
        ps_error_at(p, loc, "integer literal out of range");
    ps_next(p);
    return neg ? (int64_t)(0 - v) : (int64_t)v;
}

uint32_t ps_parse_index(parser *p, const char *what, uint32_t limit) {
    sp_loc loc = ps_loc(p);
    int64_t v = ps_parse_int(p, what);
    if (v < 0 || (uint64_t)v >= limit) ps_error_at(p, loc, "%s %lld out of range [0, %u)", what, (long long)v, limit);
    return (uint32_t)v;
}

/* int-list ::= open (int (',' int)*)? close */
int64_t *ps_parse_int_list(parser *p, uint32_t *n, lx_kind open, lx_kind close) {
    ps_expect(p, open, NULL);
    uint32_t cap = 8, cnt = 0;
    int64_t *v = sp_arena_array(p->ar, cap, sizeof *v);
    if (!ps_accept(p, close)) {
        do {
            PS_PUSH_ROOM(p, v, cnt, cap);
            v[cnt++] = ps_parse_int(p, "integer");
        } while (ps_accept(p, TK_COMMA));
        ps_expect(p, close, NULL);
    }
    *n = cnt;
    return v;
}

/* ==================================================================== types */

static ir_type parse_shaped(parser *p, ir_type_kind kind, const char *kw);

const ps_alias *ps_find_alias(parser *p, const lx_token *t, bool is_type) {
    for (uint32_t i = 0; i < p->naliases; i++) {
        ps_alias *a = &p->aliases[i];
        if (a->is_type == is_type && ps_tok_eq(t, 1, a->name, a->len)) return a;
    }
    return NULL;
}

/* type ::= scalar-type | 'tensor' '<' dims elem '>' | 'vector' '<' ... '>' | '!' alias */
ir_type ps_parse_type(parser *p) {
    lx_token t = *ps_tok(p);
    sp_loc loc = ps_loc(p);
    if (t.kind == TK_BANG) {
        const ps_alias *a = ps_find_alias(p, &t, true);
        if (!a) ps_error_at(p, loc, "undefined type alias '%.*s'", (int)(t.len > 64 ? 64 : t.len), t.text);
        ps_next(p);
        return a->type;
    }
    if (t.kind != TK_BARE) ps_error_expected(p, "type");
    ir_dtype dt = ir_dtype_from_name(t.text, t.len);
    if (dt != IR_DT_NONE) {
        ps_next(p);
        return ir_scalar_type(dt);
    }
    if (ps_tok_eq(&t, 0, "tensor", 6)) return parse_shaped(p, IR_T_TENSOR, "tensor");
    if (ps_tok_eq(&t, 0, "vector", 6)) return parse_shaped(p, IR_T_VECTOR, "vector");
    if (ps_tok_eq(&t, 0, "memref", 6))
        ps_error_at(p, loc, "unsupported type 'memref': spadc reads linalg on tensors, not bufferized IR");
    ps_error_at(p, loc, "unsupported type '%.*s'", (int)(t.len > 64 ? 64 : t.len), t.text);
}

/* dims ::= (int 'x')*   -- `4x8xf32` arrives as 4, x8xf32: split like MLIR */
static ir_type parse_shaped(parser *p, ir_type_kind kind, const char *kw) {
    sp_loc kwloc = ps_loc(p);
    ps_next(p);
    ps_enter(p, kwloc);
    ps_expect(p, TK_LESS, "'<'");
    int64_t dims[IR_MAX_RANK];
    uint32_t rank = 0;
    int64_t numel = 1;
    for (;;) {
        lx_token *t = ps_tok(p);
        sp_loc dloc = ps_loc(p);
        if (t->kind == TK_QUESTION)
            ps_error_at(p, dloc, "dynamic dimensions are not supported (spadc needs static shapes)");
        if (t->kind == TK_LSQUARE) ps_error_at(p, dloc, "scalable vector dimensions are not supported");
        if (t->kind != TK_INT) break;
        int64_t d;
        if (ps_tok_is_hex(t)) { /* `0xf32`: dimension 0, then 'x...' */
            d = 0;
            lx_reset_to(&p->lx, t->text + 1);
        } else {
            uint64_t v;
            if (!ps_tok_u64(t, &v) || v > ((uint64_t)1 << 62)) ps_error_at(p, dloc, "dimension too large");
            d = (int64_t)v;
            ps_next(p);
        }
        if (rank == IR_MAX_RANK) ps_error_at(p, dloc, "%s rank exceeds %d", kw, IR_MAX_RANK);
        if (d > 0 && numel > (((int64_t)1 << 62) / 8) / d)
            ps_error_at(p, kwloc, "%s has too many elements (more than 2^59)", kw);
        numel *= d;
        dims[rank++] = d;
        t = ps_tok(p);
        if (t->kind != TK_BARE || t->text[0] != 'x') ps_error_expected(p, "'x' in dimension list");
        if (t->len == 1)
            ps_next(p);
        else
            lx_reset_to(&p->lx, t->text + 1);
    }
    sp_loc eloc = ps_loc(p);
    ir_type elem = ps_parse_type(p);
    if (elem.kind != IR_T_SCALAR) ps_error_at(p, eloc, "%s element type must be a scalar type", kw);
    if (ps_is(p, TK_COMMA)) ps_error_at(p, ps_loc(p), "tensor encodings are not supported");
    ps_expect(p, TK_GREATER, "'>'");
    ps_leave(p);
    ir_type ty = {(uint8_t)kind, elem.dtype, (uint8_t)rank, ir_dims_dup(p->m, dims, rank)};
    return ty;
}

/* type-list-parens ::= '(' (type (',' type)*)? ')' */
static uint32_t parse_type_list_parens(parser *p, ir_type **out) {
    uint32_t n = 0, cap = 0;
    ir_type *v = NULL;
    ps_expect(p, TK_LPAREN, "'('");
    if (!ps_accept(p, TK_RPAREN)) {
        do {
            PS_PUSH_ROOM(p, v, n, cap);
            v[n++] = ps_parse_type(p);
        } while (ps_accept(p, TK_COMMA));
        ps_expect(p, TK_RPAREN, "')'");
    }
    *out = v;
    return n;
}

/* function-type ::= type-list-parens '->' (type | type-list-parens) */
void ps_parse_function_type(parser *p, uint32_t *nin, ir_type **in, uint32_t *nout, ir_type **out) {
    *nin = parse_type_list_parens(p, in);
    ps_expect(p, TK_ARROW, "'->'");
    if (ps_is(p, TK_LPAREN)) {
        *nout = parse_type_list_parens(p, out);
    } else {
        *out = sp_arena_alloc(p->ar, sizeof **out);
        (*out)[0] = ps_parse_type(p);
        *nout = 1;
    }
}

/* ================================================================ SSA names */

static uint32_t name_hash(const char *s, uint32_t n) {
    uint32_t h = 2166136261u;
    for (uint32_t i = 0; i < n; i++) h = (h ^ (uint8_t)s[i]) * 16777619u;
    return h;
}

static const char TOMBSTONE[] = "";

static void scope_push(parser *p, bool isolated) {
    if (!isolated && p->scope) return; /* nested regions share the table; see ps_parse_region */
    ps_scope *s = sp_arena_alloc(p->ar, sizeof *s);
    s->outer = p->scope;
    s->cap = 64;
    s->slots = sp_arena_array(p->ar, s->cap, sizeof *s->slots);
    p->scope = s;
}

static uint32_t scope_find(ps_scope *s, const char *name, uint32_t len, bool for_insert) {
    uint32_t mask = s->cap - 1, i = name_hash(name, len) & mask;
    uint32_t first_free = UINT32_MAX;
    for (;;) {
        ps_name *e = &s->slots[i];
        if (!e->name) return for_insert && first_free != UINT32_MAX ? first_free : i;
        if (e->name == TOMBSTONE) {
            if (first_free == UINT32_MAX) first_free = i;
        } else if (e->len == len && !memcmp(e->name, name, len)) {
            return i;
        }
        i = (i + 1) & mask;
    }
}

/* Rehash into cap slots (the live names only: the tombstones go). */
static void scope_rehash(parser *p, ps_scope *s, uint32_t cap) {
    ps_name *old = s->slots;
    uint32_t oldcap = s->cap;
    s->cap = cap;
    s->ntomb = 0;
    s->slots = sp_arena_array(p->ar, s->cap, sizeof *s->slots);
    /* rehash; the undo log refers to slots, so rebuild it in order */
    uint32_t *log = s->log;
    for (uint32_t k = 0; k < s->nlog; k++) {
        ps_name *e = &old[log[k]];
        if (!e->name || e->name == TOMBSTONE) continue;
        uint32_t j = scope_find(s, e->name, e->len, true);
        s->slots[j] = *e;
        log[k] = j;
    }
    (void)oldcap;
}

void ps_define(parser *p, const lx_token *name, ir_value *v) {
    ps_scope *s = p->scope;
    sp_loc loc = {p->file, name->line, name->col};
    const char *n = name->text + 1;
    uint32_t len = (uint32_t)name->len - 1;
    uint32_t i = scope_find(s, n, len, false);
    if (s->slots[i].name && s->slots[i].name != TOMBSTONE)
        ps_error_at(p, loc, "redefinition of SSA value '%%%.*s'", (int)(len > 64 ? 64 : len), n);
    /* at most half the slots taken, tombstones included, so a probe
     * always meets an empty slot: a program whose regions define and drop
     * many names (block arguments, region by region) otherwise filled the
     * table with tombstones and looked up an absent name forever */
    if ((s->count + s->ntomb + 1) * 2 > s->cap) scope_rehash(p, s, (s->count + 1) * 4 > s->cap ? s->cap * 2 : s->cap);
    i = scope_find(s, n, len, true);
    s->slots[i].name = sp_arena_strndup(p->ar, n, len);
    s->slots[i].len = len;
    s->slots[i].value = v;
    s->count++;
    if (s->nlog == s->caplog) {
        uint32_t nc = s->caplog ? s->caplog * 2 : 64;
        uint32_t *nl = sp_arena_array(p->ar, nc, sizeof *nl);
        if (s->nlog) memcpy(nl, s->log, s->nlog * sizeof *nl);
        s->log = nl;
        s->caplog = nc;
    }
    s->log[s->nlog++] = i;
    if (!v->name) v->name = s->slots[i].name;
}

/* Forget names defined after log position mark (end of a nested region). */
static void scope_pop_to(ps_scope *s, uint32_t mark) {
    while (s->nlog > mark) {
        uint32_t i = s->log[--s->nlog];
        s->slots[i].name = TOMBSTONE;
        s->count--;
        s->ntomb++;
    }
}

/* ssa-use ::= '%' suffix-id ('#' int)? */
ir_value *ps_parse_use(parser *p) {
    if (!ps_is(p, TK_PERCENT)) ps_error_expected(p, "SSA value");
    lx_token t = *ps_tok(p);
    sp_loc loc = ps_loc(p);
    ps_next(p);
    uint32_t idx = 0;
    bool has_idx = false;
    if (ps_is(p, TK_HASH) && t.text + t.len == ps_tok(p)->text) {
        lx_token h = *ps_tok(p);
        uint64_t v = 0;
        lx_token num = h;
        num.text++;
        num.len--;
        num.kind = TK_INT;
        if (num.len == 0 || !ps_tok_u64(&num, &v) || v > 0xffff) ps_error_at(p, ps_loc(p), "invalid result number");
        idx = (uint32_t)v;
        has_idx = true;
        ps_next(p);
    }
    ps_scope *s = p->scope;
    uint32_t i = scope_find(s, t.text + 1, (uint32_t)t.len - 1, false);
    ps_name *e = &s->slots[i];
    if (!e->name || e->name == TOMBSTONE)
        ps_error_at(p, loc, "use of undefined value '%.*s'", (int)(t.len > 64 ? 64 : t.len), t.text);
    ir_value *v = e->value;
    if (has_idx) {
        /* a group `%x:2` binds its first value; #i selects within the op */
        if (!v->def || v->index + idx >= v->def->nres)
            ps_error_at(p, loc, "result number %u out of range for '%.*s'", idx, (int)(t.len > 64 ? 64 : t.len), t.text);
        v = &v->def->res[v->index + idx];
    }
    return v;
}

/* ssa-uses ::= (ssa-use (',' ssa-use)*)? */
uint32_t ps_parse_uses(parser *p, ir_value ***out) {
    uint32_t n = 0, cap = 4;
    ir_value **v = sp_arena_array(p->ar, cap, sizeof *v);
    if (ps_is(p, TK_PERCENT)) {
        do {
            PS_PUSH_ROOM(p, v, n, cap);
            v[n++] = ps_parse_use(p);
        } while (ps_accept(p, TK_COMMA));
    }
    *out = v;
    return n;
}

void ps_define_results(parser *p, const lx_token *names, const uint32_t *counts, uint32_t ngroups, ir_op *op) {
    uint32_t k = 0;
    for (uint32_t g = 0; g < ngroups; g++) {
        ps_define(p, &names[g], &op->res[k]);
        /* later values of a group `%x:2` get no name of their own */
        k += counts[g];
    }
}

/* =================================================================== regions */

/* arg-list ::= '(' (ssa-id ':' type attr-dict? loc? (',' ...)*)? ')' */
uint32_t ps_parse_arg_list(parser *p, ps_arg **args) {
    ps_expect(p, TK_LPAREN, "'('");
    uint32_t n = 0, cap = 4;
    ps_arg *v = sp_arena_array(p->ar, cap, sizeof *v);
    if (!ps_accept(p, TK_RPAREN)) {
        do {
            if (!ps_is(p, TK_PERCENT)) ps_error_expected(p, "argument name");
            PS_PUSH_ROOM(p, v, n, cap);
            v[n].name = *ps_tok(p);
            ps_next(p);
            ps_expect(p, TK_COLON, "':' and the argument type");
            v[n].type = ps_parse_type(p);
            if (ps_is(p, TK_LBRACE)) {
                uint32_t na;
                const ir_named_attr *items;
                ps_parse_attr_dict(p, &na, &items);
            }
            ps_skip_loc(p);
            n++;
        } while (ps_accept(p, TK_COMMA));
        ps_expect(p, TK_RPAREN, "')'");
    }
    *args = v;
    return n;
}

static void parse_op_into(parser *p, ir_block *b);

/* region ::= '{' (block-label)? op* '}'
 * block-label ::= '^' suffix-id ('(' arg-list ')')? ':' */
ir_block *ps_parse_region(parser *p, const ps_arg *args, int nargs_pre, bool isolated) {
    sp_loc loc = ps_loc(p);
    ps_expect(p, TK_LBRACE, "'{' to start a region");
    ps_enter(p, loc);
    ps_scope *saved = p->scope;
    scope_push(p, isolated);
    uint32_t mark = p->scope->nlog;
    ir_block *b = NULL;
    if (nargs_pre >= 0) {
        ir_type *tys = sp_arena_array(p->ar, (size_t)nargs_pre, sizeof *tys);
        for (int i = 0; i < nargs_pre; i++) tys[i] = args[i].type;
        b = ir_block_new(p->m, (uint32_t)nargs_pre, tys);
        for (int i = 0; i < nargs_pre; i++) ps_define(p, &args[i].name, &b->args[i]);
    }
    if (ps_is(p, TK_CARET)) {
        sp_loc lloc = ps_loc(p);
        ps_next(p);
        ps_arg *bargs = NULL;
        uint32_t nb = 0;
        if (ps_is(p, TK_LPAREN)) nb = ps_parse_arg_list(p, &bargs);
        ps_expect(p, TK_COLON, "':' after block label");
        if (b) {
            if (nb) ps_error_at(p, lloc, "this region's arguments are declared by the op; the block label cannot declare more");
        } else {
            ir_type *tys = sp_arena_array(p->ar, nb, sizeof *tys);
            for (uint32_t i = 0; i < nb; i++) tys[i] = bargs[i].type;
            b = ir_block_new(p->m, nb, tys);
            for (uint32_t i = 0; i < nb; i++) ps_define(p, &bargs[i].name, &b->args[i]);
        }
    }
    if (!b) b = ir_block_new(p->m, 0, NULL);
    while (!ps_is(p, TK_RBRACE)) {
        if (ps_is(p, TK_EOF)) ps_error_expected(p, "'}' to close the region");
        if (ps_is(p, TK_CARET)) ps_error_at(p, ps_loc(p), "regions with more than one block are not supported");
        parse_op_into(p, b);
    }
    ps_next(p);
    if (isolated)
        p->scope = saved;
    else
        scope_pop_to(p->scope, mark);
    ps_leave(p);
    return b;
}

/* ================================================================== op forms */

ir_op *ps_new_op(parser *p, ir_opkind kind, sp_loc loc, uint32_t nopnds, uint32_t nres) {
    return ir_op_new(p->m, kind, loc, nopnds, nres, 0);
}

const ir_attr *st_prop(const op_state *st, const char *name) {
    const ir_attr *a = ir_dict_get(st->props, st->nprops, name);
    if (!a) a = ir_dict_get(st->attrs, st->nattrs, name);
    return a;
}

/* Old or alternative op names frontends still emit. */
static int lookup_op(const char *name, uint32_t n) {
    static const struct {
        const char *old, *now;
    } renames[] = {
        {"arith.maxf", "arith.maximumf"}, {"arith.minf", "arith.minimumf"}, {"return", "func.return"},
        {"call", "func.call"},            {"module", "builtin.module"},     {"func", "func.func"},
    };
    for (size_t i = 0; i < SP_ARRAY_LEN(renames); i++)
        if (strlen(renames[i].old) == n && !memcmp(renames[i].old, name, n))
            return ir_op_lookup(renames[i].now, strlen(renames[i].now));
    return ir_op_lookup(name, n);
}

/* generic-op ::= string '(' ssa-uses ')' ('<' attr-dict '>')? ('(' region (',' region)* ')')?
 *                attr-dict? ':' function-type */
static ir_op *parse_generic_op(parser *p, uint32_t nres) {
    op_state st = {0};
    st.loc = ps_loc(p);
    lx_token nt = *ps_tok(p);
    char *name = sp_arena_alloc(p->ar, nt.len + 1);
    st.namelen = (uint32_t)lx_string_value(&nt, name);
    name[st.namelen] = 0;
    st.name = name;
    ps_next(p);
    ps_expect(p, TK_LPAREN, "'(' and the operand list");
    st.nopnds = ps_parse_uses(p, &st.opnds);
    ps_expect(p, TK_RPAREN, "')'");
    if (ps_is(p, TK_LSQUARE)) ps_error_at(p, ps_loc(p), "successor blocks are not supported");
    if (ps_accept(p, TK_LESS)) {
        ps_parse_attr_dict(p, &st.nprops, &st.props);
        ps_expect(p, TK_GREATER, "'>' to close the properties");
    }
    if (ps_accept(p, TK_LPAREN)) {
        uint32_t cap = 2;
        st.regions = sp_arena_array(p->ar, cap, sizeof *st.regions);
        do {
            PS_PUSH_ROOM(p, st.regions, st.nregions, cap);
            bool isolated = st.namelen == 9 && !memcmp(name, "func.func", 9);
            st.regions[st.nregions++] = ps_parse_region(p, NULL, -1, isolated);
        } while (ps_accept(p, TK_COMMA));
        ps_expect(p, TK_RPAREN, "')' after the regions");
    }
    ps_parse_opt_attr_dict(p, &st.nattrs, &st.attrs);
    ps_expect(p, TK_COLON, "':' and the op's function type");
    sp_loc tloc = ps_loc(p);
    uint32_t nin, nout;
    ir_type *in, *out;
    ps_parse_function_type(p, &nin, &in, &nout, &out);
    if (nin != st.nopnds)
        ps_error_at(p, tloc, "'%s' has %u operands but its type lists %u", name, st.nopnds, nin);
    for (uint32_t i = 0; i < nin; i++)
        if (!ir_type_eq(in[i], st.opnds[i]->type))
            ps_error_at(p, tloc, "type of operand #%u of '%s' does not match its value's type", i, name);
    if (nout != nres)
        ps_error_at(p, st.loc, "'%s' has %u results but %u %s bound", name, nout, nres, nres == 1 ? "is" : "are");
    st.nres = nout;
    st.res_types = out;
    st.kind = lookup_op(name, st.namelen);
    if (st.kind < 0 && st.namelen > 7 && !memcmp(name, "linalg.", 7)) {
        int lk = ps_linalg_kind(name + 7, st.namelen - 7);
        if (lk >= 0) return ps_build_linalg_generic(p, &st, (ir_linalg_kind)lk);
    }
    if (st.kind < 0) ps_error_at(p, st.loc, "unsupported operation '%s'", name);
    if (st.kind == IR_OP_LINALG) return ps_build_linalg_generic(p, &st, IR_LN_GENERIC);
    return ps_build_generic(p, &st);
}

/* op ::= (result (',' result)* '=')? (generic-op | custom-op) loc?
 * result ::= '%' suffix-id (':' int)? */
static void parse_op_into(parser *p, ir_block *b) {
    lx_token names[16];
    uint32_t counts[16], ngroups = 0, nres = 0;
    sp_loc loc = ps_loc(p);
    if (ps_is(p, TK_PERCENT)) {
        do {
            if (!ps_is(p, TK_PERCENT)) ps_error_expected(p, "result name");
            if (ngroups == SP_ARRAY_LEN(names)) ps_error_at(p, loc, "too many result groups");
            names[ngroups] = *ps_tok(p);
            ps_next(p);
            uint32_t c = 1;
            if (ps_accept(p, TK_COLON)) c = ps_parse_index(p, "result count", 1025);
            if (c == 0) ps_error_at(p, loc, "result group must have at least one value");
            counts[ngroups++] = c;
            nres += c;
        } while (ps_accept(p, TK_COMMA));
        ps_expect(p, TK_EQUAL, "'='");
    }
    ir_op *op;
    sp_loc oploc = ps_loc(p); /* ops are located at their name, as in MLIR */
    ir_block *outer = p->block;
    p->block = b;
    if (ps_is(p, TK_STRING)) {
        op = parse_generic_op(p, nres);
    } else if (ps_is(p, TK_BARE)) {
        lx_token nt = *ps_tok(p);
        int kind = lookup_op(nt.text, (uint32_t)nt.len);
        if (kind < 0 && nt.len > 7 && !memcmp(nt.text, "linalg.", 7) &&
            ps_linalg_kind(nt.text + 7, (uint32_t)nt.len - 7) >= 0) {
            ps_next(p);
            op = ps_parse_linalg(p, oploc, nt.text + 7, (uint32_t)nt.len - 7);
        } else if (kind < 0) {
            ps_error_at(p, ps_loc(p), "unsupported operation '%.*s'", (int)(nt.len > 64 ? 64 : nt.len), nt.text);
        } else {
            op = ps_parse_custom_op(p, &nt, kind, nres);
        }
    } else {
        ps_error_expected(p, "operation");
    }
    p->block = outer;
    if (op->nres != nres)
        ps_error_at(p, loc, "operation '%s' defines %u result%s but %u %s bound", ir_op_name((ir_opkind)op->kind),
                    op->nres, op->nres == 1 ? "" : "s", nres, nres == 1 ? "is" : "are");
    op->loc = oploc;
    ps_skip_loc(p);
    ps_define_results(p, names, counts, ngroups, op);
    ir_block_append(b, op);
}

/* ================================================================ top level */

static void add_alias(parser *p, const lx_token *name, bool is_type, const ir_attr *attr, ir_type type) {
    if (ps_find_alias(p, name, is_type))
        ps_error_at(p, (sp_loc){p->file, name->line, name->col}, "redefinition of alias '%.*s'",
                    (int)(name->len > 64 ? 64 : name->len), name->text);
    PS_PUSH_ROOM(p, p->aliases, p->naliases, p->capaliases);
    ps_alias *a = &p->aliases[p->naliases++];
    a->name = ps_tok_dup(p, name, 1);
    a->len = (uint32_t)name->len - 1;
    a->is_type = is_type;
    a->attr = attr;
    a->type = type;
}

/* Skip a balanced {...} by tokens (unknown file-metadata sections). */
static void skip_braces(parser *p) {
    sp_loc loc = ps_loc(p);
    ps_expect(p, TK_LBRACE, "'{'");
    int depth = 1;
    while (depth > 0) {
        if (ps_is(p, TK_EOF)) ps_error_at(p, loc, "unterminated '{'");
        if (ps_is(p, TK_LBRACE)) depth++;
        if (ps_is(p, TK_RBRACE)) depth--;
        ps_next(p);
    }
}

typedef struct blob {
    const char *name;
    lx_token text;
    sp_loc loc;
} blob;

/* file-metadata ::= '{-#' (key ':' '{' ... '}' (',' ...)*)? '#-}'
 * dialect_resources ::= '{' dialect ':' '{' (name ':' string (',' ...)*)? '}' ... '}' */
static void parse_file_metadata(parser *p, blob **blobs, uint32_t *nblobs, uint32_t *capblobs) {
    ps_next(p);
    while (!ps_accept(p, TK_META_END)) {
        if (!ps_is(p, TK_BARE)) ps_error_expected(p, "metadata key or '#-}'");
        bool resources = ps_is_kw(p, "dialect_resources");
        ps_next(p);
        ps_expect(p, TK_COLON, "':'");
        if (!resources) {
            skip_braces(p);
        } else {
            ps_expect(p, TK_LBRACE, "'{'");
            while (!ps_accept(p, TK_RBRACE)) {
                if (!ps_is(p, TK_BARE)) ps_error_expected(p, "dialect name");
                ps_next(p);
                ps_expect(p, TK_COLON, "':'");
                ps_expect(p, TK_LBRACE, "'{'");
                while (!ps_accept(p, TK_RBRACE)) {
                    if (!ps_is(p, TK_BARE) && !ps_is(p, TK_STRING)) ps_error_expected(p, "resource name");
                    lx_token nt = *ps_tok(p);
                    ps_next(p);
                    ps_expect(p, TK_COLON, "':'");
                    if (!ps_is(p, TK_STRING)) ps_error_expected(p, "resource blob string");
                    PS_PUSH_ROOM(p, *blobs, *nblobs, *capblobs);
                    blob *bl = &(*blobs)[(*nblobs)++];
                    if (nt.kind == TK_STRING) {
                        char *s = sp_arena_alloc(p->ar, nt.len + 1);
                        s[lx_string_value(&nt, s)] = 0;
                        bl->name = s;
                    } else {
                        bl->name = ps_tok_dup(p, &nt, 0);
                    }
                    bl->text = *ps_tok(p);
                    bl->loc = ps_loc(p);
                    ps_next(p);
                    if (!ps_accept(p, TK_COMMA) && !ps_is(p, TK_RBRACE)) ps_error_expected(p, "',' or '}'");
                }
                if (!ps_accept(p, TK_COMMA) && !ps_is(p, TK_RBRACE)) ps_error_expected(p, "',' or '}'");
            }
        }
        if (!ps_accept(p, TK_COMMA) && !ps_is(p, TK_META_END)) ps_error_expected(p, "',' or '#-}'");
    }
}

static void resolve_resources(parser *p, blob *blobs, uint32_t nblobs) {
    for (uint32_t i = 0; i < p->npending; i++) {
        ir_elements *e = p->pending[i].elems;
        blob *bl = NULL;
        for (uint32_t j = 0; j < nblobs; j++)
            if (!strcmp(blobs[j].name, e->resource)) bl = &blobs[j];
        if (!bl) {
            if (!strcmp(e->resource, "__elided__"))
                ps_error_at(p, p->pending[i].loc, "resource data was elided when this file was printed");
            ps_error_at(p, p->pending[i].loc, "undefined resource '%s' (no dialect_resources entry)", e->resource);
        }
        size_t n;
        uint8_t *bytes = ps_decode_hex(p, &bl->text, 4, &n, bl->loc);
        if (n < 4) ps_error_at(p, bl->loc, "resource blob too short (no alignment header)");
        ir_dtype dt = (ir_dtype)e->type.dtype;
        size_t need = (size_t)ir_type_numel(e->type) * (size_t)ir_dtype_bytes(dt);
        if (n - 4 != need)
            ps_error_at(p, bl->loc, "resource '%s' has %zu bytes of data, its type needs %zu", e->resource, n - 4, need);
        if (dt == IR_I1) ps_error_at(p, bl->loc, "i1 resources are not supported");
        e->data = bytes + 4;
        e->splat = false;
    }
}

/* toplevel ::= (alias-def | file-metadata | op)*
 * alias-def ::= '#' id '=' attr | '!' id '=' type */
static void parse_toplevel(parser *p) {
    ir_block *top = ir_block_new(p->m, 0, NULL);
    blob *blobs = NULL;
    uint32_t nblobs = 0, capblobs = 0;
    p->scope = NULL;
    scope_push(p, true);
    while (!ps_is(p, TK_EOF)) {
        if (ps_is(p, TK_HASH) || ps_is(p, TK_BANG)) {
            lx_token name = *ps_tok(p);
            bool is_type = name.kind == TK_BANG;
            ps_next(p);
            ps_expect(p, TK_EQUAL, "'=' in alias definition");
            if (!is_type && ps_is_kw(p, "loc")) {
                ps_skip_loc(p); /* location aliases carry no semantics for spadc */
                continue;
            }
            if (is_type)
                add_alias(p, &name, true, NULL, ps_parse_type(p));
            else
                add_alias(p, &name, false, ps_parse_attr(p), (ir_type){0});
        } else if (ps_is(p, TK_META_BEGIN)) {
            parse_file_metadata(p, &blobs, &nblobs, &capblobs);
        } else {
            parse_op_into(p, top);
        }
    }
    resolve_resources(p, blobs, nblobs);
    /* exactly one module op: that's the module; otherwise an implicit one */
    if (top->first && top->first == top->last && top->first->kind == IR_OP_MODULE) {
        p->m->op = top->first;
        ir_block_remove(top, top->first);
    } else {
        for (ir_op *op = top->first; op; op = op->next)
            if (op->kind == IR_OP_MODULE)
                ps_error_at(p, op->loc, "a module must be the only top-level operation");
        ir_op *mod = ir_op_new(p->m, IR_OP_MODULE, (sp_loc){p->file, 1, 1}, 0, 0, 1);
        ir_op_set_region(mod, 0, top);
        p->m->op = mod;
    }
}

/* Parse text (owned by the caller, or by m's arena) into module m. */
static void parse_into(sp_ctx *ctx, ir_module *m, const char *text, size_t len) {
    parser p;
    memset(&p, 0, sizeof p);
    p.ctx = ctx;
    p.m = m;
    p.ar = &m->arena;
    p.file = m->filename;
    lx_init(&p.lx, ctx, p.file, text, len);
    lx_next(&p.lx);
    parse_toplevel(&p);
}

void mlir_read_string(sp_ctx *ctx, const char *name, const char *text, size_t len, ir_module **out) {
    if (len > MLIR_MAX_FILE_BYTES)
        sp_throw(ctx, SP_EINPUT, (sp_loc){name, 0, 0}, "input larger than %zu bytes", MLIR_MAX_FILE_BYTES);
    ir_module *m = ir_module_new(ctx);
    *out = m;
    m->filename = sp_arena_strdup(&m->arena, name);
    parse_into(ctx, m, text, len);
}

/* One arena block for the file's text, allocated under protection so that
 * a failure closes the file before it raises. */
typedef struct grow_job {
    sp_arena *ar;
    size_t n;
    char *p;
} grow_job;

static void grow_body(sp_ctx *ctx, void *ud) {
    (void)ctx;
    grow_job *g = ud;
    g->p = sp_arena_alloc(g->ar, g->n);
}

void mlir_read_file(sp_ctx *ctx, const char *path, ir_module **out) {
    ir_module *m = ir_module_new(ctx);
    *out = m;
    m->filename = sp_arena_strdup(&m->arena, path);
    FILE *f = fopen(path, "rb");
    if (!f) sp_throw(ctx, SP_EINPUT, (sp_loc){m->filename, 0, 0}, "cannot open file: %s", strerror(errno));
    /* The text lives in the module arena (tokens point into it). Buffers
     * outgrown while reading a pipe stay in the arena: at most 2x waste.
     * An allocation failure raises with f open, so keep it closed first. */
    size_t cap = 1 << 16, len = 0;
    char *buf = NULL;
    int failed = 0;
    for (;;) {
        if (!buf || len == cap) {
            size_t ncap = buf ? cap * 2 : cap;
            if (ncap > MLIR_MAX_FILE_BYTES + 1) {
                failed = 1;
                break;
            }
            grow_job g = {&m->arena, ncap, NULL};
            if (sp_pcall(ctx, grow_body, &g) != SP_OK) {
                failed = 2;
                break;
            }
            char *nb = g.p;
            if (buf) memcpy(nb, buf, len);
            buf = nb;
            cap = ncap;
        }
        size_t got = fread(buf + len, 1, cap - len, f);
        len += got;
        if (got == 0) break;
    }
    if (!failed && ferror(f)) failed = 3;
    fclose(f);
    sp_loc floc = {m->filename, 0, 0};
    if (failed == 1) sp_throw(ctx, SP_EINPUT, floc, "input larger than %zu bytes", MLIR_MAX_FILE_BYTES);
    if (failed == 2) sp_throw(ctx, SP_EINPUT, floc, "out of memory reading the file");
    if (failed == 3) sp_throw(ctx, SP_EINPUT, floc, "error reading the file");
    parse_into(ctx, m, buf, len);
}
