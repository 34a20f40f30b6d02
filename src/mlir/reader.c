/* reader.c - MLIR reader core: tokens, types, attributes, affine maps, SSA
 * scopes, regions, the generic op form and the top level. One function per
 * grammar rule, with the rule in its comment (after Lua's lparser.c).
 * Op-specific custom forms are in reader_ops.c and reader_linalg.c. */
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

static char *tok_dup(parser *p, const lx_token *t, size_t skip) {
    return sp_arena_strndup(p->ar, t->text + skip, t->len - skip);
}

static bool tok_eq(const lx_token *t, size_t skip, const char *s, size_t n) {
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
static bool tok_u64(const lx_token *t, uint64_t *out) {
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

static bool tok_is_hex(const lx_token *t) {
    return t->kind == TK_INT && t->len > 2 && t->text[0] == '0' && (t->text[1] == 'x' || t->text[1] == 'X');
}

/* int ::= '-'? integer-literal */
int64_t ps_parse_int(parser *p, const char *what) {
    sp_loc loc = ps_loc(p);
    bool neg = ps_accept(p, TK_MINUS);
    if (!ps_is(p, TK_INT)) ps_error_expected(p, what);
    uint64_t v;
    if (!tok_u64(ps_tok(p), &v) || v > (uint64_t)INT64_MAX + (neg ? 1u : 0u))
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

static const ps_alias *find_alias(parser *p, const lx_token *t, bool is_type) {
    for (uint32_t i = 0; i < p->naliases; i++) {
        ps_alias *a = &p->aliases[i];
        if (a->is_type == is_type && tok_eq(t, 1, a->name, a->len)) return a;
    }
    return NULL;
}

/* type ::= scalar-type | 'tensor' '<' dims elem '>' | 'vector' '<' ... '>' | '!' alias */
ir_type ps_parse_type(parser *p) {
    lx_token t = *ps_tok(p);
    sp_loc loc = ps_loc(p);
    if (t.kind == TK_BANG) {
        const ps_alias *a = find_alias(p, &t, true);
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
    if (tok_eq(&t, 0, "tensor", 6)) return parse_shaped(p, IR_T_TENSOR, "tensor");
    if (tok_eq(&t, 0, "vector", 6)) return parse_shaped(p, IR_T_VECTOR, "vector");
    if (tok_eq(&t, 0, "memref", 6))
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
        if (tok_is_hex(t)) { /* `0xf32`: dimension 0, then 'x...' */
            d = 0;
            lx_reset_to(&p->lx, t->text + 1);
        } else {
            uint64_t v;
            if (!tok_u64(t, &v) || v > ((uint64_t)1 << 62)) ps_error_at(p, dloc, "dimension too large");
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

/* ============================================================= affine maps */

typedef struct amap_ctx {
    const lx_token *dims, *syms;
    uint32_t ndims, nsyms;
} amap_ctx;

static const ir_aexpr *parse_aexpr(parser *p, amap_ctx *c);

/* aexpr-atom ::= '-'? (int | dim-name | sym-name | '(' aexpr ')') */
static const ir_aexpr *parse_aatom(parser *p, amap_ctx *c) {
    sp_loc loc = ps_loc(p);
    if (ps_accept(p, TK_MINUS)) {
        ps_enter(p, loc);
        const ir_aexpr *e = parse_aatom(p, c);
        ps_leave(p);
        return ir_ae_bin(p->m, IR_AE_MUL, e, ir_ae_const(p->m, -1));
    }
    if (ps_is(p, TK_INT)) return ir_ae_const(p->m, ps_parse_int(p, "integer"));
    if (ps_accept(p, TK_LPAREN)) {
        ps_enter(p, loc);
        const ir_aexpr *e = parse_aexpr(p, c);
        ps_expect(p, TK_RPAREN, "')'");
        ps_leave(p);
        return e;
    }
    if (ps_is(p, TK_BARE)) {
        lx_token *t = ps_tok(p);
        for (uint32_t i = 0; i < c->ndims; i++)
            if (t->len == c->dims[i].len && !memcmp(t->text, c->dims[i].text, t->len)) {
                ps_next(p);
                return ir_ae_dim(p->m, i);
            }
        for (uint32_t i = 0; i < c->nsyms; i++)
            if (t->len == c->syms[i].len && !memcmp(t->text, c->syms[i].text, t->len)) {
                ps_next(p);
                return ir_ae_sym(p->m, i);
            }
        ps_error_at(p, loc, "use of undeclared identifier '%.*s' in affine map",
                    (int)(t->len > 64 ? 64 : t->len), t->text);
    }
    ps_error_expected(p, "affine expression");
}

/* aexpr-term ::= aexpr-atom (('*' | 'floordiv' | 'ceildiv' | 'mod') aexpr-atom)* */
static const ir_aexpr *parse_aterm(parser *p, amap_ctx *c) {
    const ir_aexpr *e = parse_aatom(p, c);
    for (;;) {
        sp_loc loc = ps_loc(p);
        ir_aexpr_kind k;
        if (ps_accept(p, TK_STAR))
            k = IR_AE_MUL;
        else if (ps_accept_kw(p, "floordiv"))
            k = IR_AE_FLOORDIV;
        else if (ps_accept_kw(p, "ceildiv"))
            k = IR_AE_CEILDIV;
        else if (ps_accept_kw(p, "mod"))
            k = IR_AE_MOD;
        else
            return e;
        const ir_aexpr *r = parse_aatom(p, c);
        if (k != IR_AE_MUL && r->kind != IR_AE_CONST && r->kind != IR_AE_SYM)
            ps_error_at(p, loc, "non-affine expression: right operand must be a constant or symbol");
        if ((k == IR_AE_MUL) && e->kind != IR_AE_CONST && r->kind != IR_AE_CONST &&
            e->kind != IR_AE_SYM && r->kind != IR_AE_SYM)
            ps_error_at(p, loc, "non-affine expression: product of two dimension expressions");
        if (k != IR_AE_MUL && r->kind == IR_AE_CONST && r->val <= 0)
            ps_error_at(p, loc, "affine %s by a non-positive constant", k == IR_AE_MOD ? "mod" : "division");
        e = ir_ae_bin(p->m, k, e, r);
    }
}

/* aexpr ::= aexpr-term (('+' | '-') aexpr-term)* */
static const ir_aexpr *parse_aexpr(parser *p, amap_ctx *c) {
    const ir_aexpr *e = parse_aterm(p, c);
    for (;;) {
        if (ps_accept(p, TK_PLUS)) {
            e = ir_ae_bin(p->m, IR_AE_ADD, e, parse_aterm(p, c));
        } else if (ps_accept(p, TK_MINUS)) {
            const ir_aexpr *r = parse_aterm(p, c);
            e = ir_ae_bin(p->m, IR_AE_ADD, e, ir_ae_bin(p->m, IR_AE_MUL, r, ir_ae_const(p->m, -1)));
        } else {
            return e;
        }
    }
}

/* id-list ::= open (bare-id (',' bare-id)*)? close */
static uint32_t parse_id_list(parser *p, lx_token **out, lx_kind close) {
    uint32_t n = 0, cap = 4;
    lx_token *v = sp_arena_array(p->ar, cap, sizeof *v);
    if (!ps_accept(p, close)) {
        do {
            if (!ps_is(p, TK_BARE)) ps_error_expected(p, "dimension or symbol name");
            if (n == IR_MAX_RANK * 4) ps_error_at(p, ps_loc(p), "too many affine map dimensions");
            PS_PUSH_ROOM(p, v, n, cap);
            v[n++] = *ps_tok(p);
            ps_next(p);
        } while (ps_accept(p, TK_COMMA));
        ps_expect(p, close, NULL);
    }
    *out = v;
    return n;
}

/* affine-map-body ::= '(' dims ')' ('[' syms ']')? '->' '(' (aexpr (',' aexpr)*)? ')' '>' */
const ir_amap *ps_parse_affine_map_body(parser *p) {
    amap_ctx c = {0};
    lx_token *dims = NULL, *syms = NULL;
    ps_expect(p, TK_LPAREN, "'(' to start affine map dimensions");
    c.ndims = parse_id_list(p, &dims, TK_RPAREN);
    c.dims = dims;
    if (ps_accept(p, TK_LSQUARE)) {
        c.nsyms = parse_id_list(p, &syms, TK_RSQUARE);
        c.syms = syms;
    }
    ps_expect(p, TK_ARROW, "'->'");
    ps_expect(p, TK_LPAREN, "'('");
    const ir_aexpr *res[IR_MAX_RANK * 4];
    uint32_t nres = 0;
    if (!ps_accept(p, TK_RPAREN)) {
        do {
            if (nres == SP_ARRAY_LEN(res)) ps_error_at(p, ps_loc(p), "too many affine map results");
            res[nres++] = parse_aexpr(p, &c);
        } while (ps_accept(p, TK_COMMA));
        ps_expect(p, TK_RPAREN, "')'");
    }
    ps_expect(p, TK_GREATER, "'>'");
    ir_amap *m = ir_amap_new(p->m, c.ndims, c.nsyms, nres);
    for (uint32_t i = 0; i < nres; i++) m->res[i] = res[i];
    return m;
}

/* =============================================================== attributes */

static ir_attr *new_attr(parser *p, ir_attr_kind k) {
    ir_attr *a = sp_arena_alloc(p->ar, sizeof *a);
    a->kind = (uint8_t)k;
    return a;
}

void ps_skip_loc(parser *p) {
    if (!ps_is_kw(p, "loc")) return;
    const lx_token *nt = lx_peek(&p->lx);
    if (nt->kind != TK_LPAREN) return;
    ps_next(p);
    sp_loc loc = ps_loc(p);
    int depth = 0;
    do {
        if (ps_is(p, TK_EOF)) ps_error_at(p, loc, "unterminated location");
        if (ps_is(p, TK_LPAREN) || ps_is(p, TK_LSQUARE)) depth++;
        if (ps_is(p, TK_RPAREN) || ps_is(p, TK_RSQUARE)) depth--;
        if (depth > MLIR_MAX_DEPTH) ps_error_at(p, loc, "location nested too deeply");
        ps_next(p);
    } while (depth > 0);
}

const char *ps_opaque_attr_text(parser *p, const lx_token *hash, uint32_t *len) {
    size_t blen = 0;
    const char *body = lx_scan_angle_body(&p->lx, &blen);
    size_t n = hash->len + blen;
    char *s = sp_arena_alloc(p->ar, n + 1);
    memcpy(s, hash->text, hash->len);
    if (body) memcpy(s + hash->len, body, blen);
    s[n] = 0;
    *len = (uint32_t)n;
    return s;
}

/* Convert a number token (with sign) to the bits of a value of dtype dt. */
static uint64_t number_bits(parser *p, const lx_token *t, bool neg, ir_dtype dt, sp_loc loc) {
    if (t->kind == TK_BARE) { /* true / false */
        if (dt != IR_I1) ps_error_at(p, loc, "boolean literal for non-i1 type %s", ir_dtype_name(dt));
        return tok_eq(t, 0, "true", 4) ? 1 : 0;
    }
    if (ir_dtype_is_float(dt)) {
        if (tok_is_hex(t)) { /* bit pattern */
            uint64_t v;
            if (neg) ps_error_at(p, loc, "hexadecimal float literal cannot be negative");
            int bits = ir_dtype_bits(dt);
            if (!tok_u64(t, &v) || (bits < 64 && v >> bits))
                ps_error_at(p, loc, "hexadecimal float literal does not fit in %s", ir_dtype_name(dt));
            return v;
        }
        char buf[128];
        if (t->len >= sizeof buf - 1) ps_error_at(p, loc, "float literal too long");
        buf[0] = '-';
        memcpy(buf + 1, t->text, t->len);
        buf[t->len + 1] = 0;
        const char *s = neg ? buf : buf + 1;
        switch (dt) {
        case IR_F32: return sp_f32_bits(strtof(s, NULL));
        case IR_F64: return sp_f64_bits(strtod(s, NULL));
        case IR_BF16: return sp_f64_to_bf16(strtod(s, NULL));
        default: return sp_f64_to_f16(strtod(s, NULL));
        }
    }
    if (t->kind == TK_FLOAT) ps_error_at(p, loc, "float literal for integer type %s", ir_dtype_name(dt));
    uint64_t v;
    if (!tok_u64(t, &v)) ps_error_at(p, loc, "integer literal out of range");
    int bits = ir_dtype_bits(dt);
    if (bits < 64) {
        uint64_t lim = neg ? (1ull << (bits - 1)) : (bits == 1 ? 1 : (1ull << bits) - 1);
        if (v > lim) ps_error_at(p, loc, "integer constant out of range for type %s", ir_dtype_name(dt));
    } else if (neg && v > (1ull << 63)) {
        ps_error_at(p, loc, "integer constant out of range for type %s", ir_dtype_name(dt));
    }
    uint64_t r = neg ? 0 - v : v;
    if (bits < 64) { /* sign-extend from the type's width */
        uint64_t m = 1ull << (bits - 1);
        r &= (m << 1) - 1;
        if (bits > 1) r = (r ^ m) - m;
    }
    return r;
}

static void store_le(uint8_t *dst, uint64_t v, int bytes) {
    for (int i = 0; i < bytes; i++) dst[i] = (uint8_t)(v >> (8 * i));
}

/* A dense literal element as lexed, converted once the type is known. */
typedef struct dense_elem {
    lx_token tok;
    bool neg;
    sp_loc loc;
} dense_elem;

typedef struct dense_lit {
    dense_elem *elems;
    uint32_t n, cap;
    int64_t shape[IR_MAX_RANK];
    uint32_t depth; /* nesting depth of the literal tree; 0 = bare element */
    bool shape_set[IR_MAX_RANK];
} dense_lit;

/* dense-elem ::= '-'? (int | float) | 'true' | 'false' */
static void parse_dense_elem(parser *p, dense_lit *d) {
    dense_elem e;
    e.loc = ps_loc(p);
    e.neg = ps_accept(p, TK_MINUS);
    if (ps_is(p, TK_LPAREN)) ps_error_at(p, ps_loc(p), "complex element values are not supported");
    if (!(ps_is(p, TK_INT) || ps_is(p, TK_FLOAT) || ps_is_kw(p, "true") || ps_is_kw(p, "false")))
        ps_error_expected(p, "element literal");
    e.tok = *ps_tok(p);
    ps_next(p);
    PS_PUSH_ROOM(p, d->elems, d->n, d->cap);
    d->elems[d->n++] = e;
}

/* dense-tree ::= '[' (dense-tree (',' dense-tree)*)? ']' | dense-elem */
static void parse_dense_tree(parser *p, dense_lit *d, uint32_t level, uint32_t *maxlevel) {
    if (!ps_is(p, TK_LSQUARE)) {
        if (*maxlevel != UINT32_MAX && *maxlevel != level)
            ps_error_at(p, ps_loc(p), "inconsistent nesting in dense literal");
        *maxlevel = level;
        parse_dense_elem(p, d);
        return;
    }
    sp_loc loc = ps_loc(p);
    if (level >= IR_MAX_RANK) ps_error_at(p, loc, "dense literal nested too deeply");
    ps_enter(p, loc);
    ps_next(p);
    int64_t count = 0;
    if (!ps_accept(p, TK_RSQUARE)) {
        do {
            parse_dense_tree(p, d, level + 1, maxlevel);
            count++;
        } while (ps_accept(p, TK_COMMA));
        ps_expect(p, TK_RSQUARE, "']'");
    } else {
        if (*maxlevel != UINT32_MAX && *maxlevel != level + 1)
            ps_error_at(p, loc, "inconsistent nesting in dense literal");
        *maxlevel = level + 1;
    }
    if (d->shape_set[level] && d->shape[level] != count)
        ps_error_at(p, loc, "dense literal has ragged dimensions (%lld vs %lld elements)",
                    (long long)count, (long long)d->shape[level]);
    d->shape[level] = count;
    d->shape_set[level] = true;
    ps_leave(p);
}

static int hexdigit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    c = (char)(c | 32);
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

/* Decode "0x..." into bytes; returns arena data and its length. */
/* The bytes of a hex string; those after the first `header` bytes (a
 * resource blob's alignment word) start 64-byte aligned, as the kernels
 * read an i64 or f64 tensor in place there (a blob's data at +4 was
 * misaligned for them: UBSan, unet_up's index tables). */
static uint8_t *decode_hex(parser *p, const lx_token *t, size_t header, size_t *n, sp_loc loc) {
    char *s = sp_arena_alloc(p->ar, t->len + 1);
    size_t len = lx_string_value(t, s);
    if (len < 2 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X') || (len - 2) % 2)
        ps_error_at(p, loc, "expected hexadecimal string \"0x...\" with an even number of digits");
    size_t nb = (len - 2) / 2;
    uint8_t *base = sp_arena_alloc(p->ar, nb + 64);
    uint8_t *out = base + (64 - ((uintptr_t)(base + header) & 63)) % 64;
    for (size_t i = 0; i < nb; i++) {
        int hi = hexdigit(s[2 + 2 * i]), lo = hexdigit(s[3 + 2 * i]);
        if (hi < 0 || lo < 0) ps_error_at(p, loc, "invalid hexadecimal digit in string");
        out[i] = (uint8_t)(hi * 16 + lo);
    }
    *n = nb;
    return out;
}

static ir_elements *new_elements(parser *p, ir_type ty, sp_loc loc) {
    if (!ir_type_is_shaped(ty)) ps_error_at(p, loc, "dense attribute needs a tensor or vector type");
    ir_elements *e = sp_arena_alloc(p->ar, sizeof *e);
    e->type = ty;
    return e;
}

/* dense ::= 'dense' '<' (hex-string | dense-tree)? '>' ':' shaped-type */
static const ir_attr *parse_dense(parser *p) {
    sp_loc loc = ps_loc(p);
    ps_next(p);
    ps_expect(p, TK_LESS, "'<'");
    dense_lit d = {0};
    lx_token hex = {0};
    bool is_hex = false, empty = false;
    uint32_t maxlevel = UINT32_MAX;
    if (ps_is(p, TK_STRING)) {
        hex = *ps_tok(p);
        is_hex = true;
        ps_next(p);
    } else if (ps_is(p, TK_GREATER)) {
        empty = true;
    } else {
        parse_dense_tree(p, &d, 0, &maxlevel);
    }
    ps_expect(p, TK_GREATER, "'>'");
    ps_expect(p, TK_COLON, "':' and the type of the dense attribute");
    sp_loc tloc = ps_loc(p);
    ir_type ty = ps_parse_type(p);
    ir_elements *e = new_elements(p, ty, tloc);
    ir_dtype dt = (ir_dtype)ty.dtype;
    int nb = ir_dtype_bytes(dt);
    int64_t numel = ir_type_numel(ty);
    if (is_hex) {
        size_t n;
        uint8_t *bytes = decode_hex(p, &hex, 0, &n, loc);
        if (dt == IR_I1) ps_error_at(p, loc, "hexadecimal dense literals of i1 are not supported");
        if (n == (size_t)nb) {
            e->splat = true;
        } else if (n != (size_t)(numel * nb)) {
            ps_error_at(p, loc, "hexadecimal dense literal has %zu bytes, type %s needs %lld", n,
                        "of this shape", (long long)(numel * nb));
        }
        e->data = bytes;
    } else if (empty) {
        if (numel != 0) ps_error_at(p, loc, "empty dense literal for a type with %lld elements", (long long)numel);
        e->data = sp_arena_alloc(p->ar, 1);
    } else {
        bool splat = maxlevel == 0;
        if (!splat) {
            if (maxlevel != ty.rank)
                ps_error_at(p, loc, "dense literal has rank %u, type has rank %u", maxlevel, (unsigned)ty.rank);
            for (uint32_t i = 0; i < ty.rank; i++)
                if (d.shape[i] != ty.dims[i])
                    ps_error_at(p, loc, "dense literal dimension %u has %lld elements, type has %lld", i,
                                (long long)d.shape[i], (long long)ty.dims[i]);
        }
        uint32_t n = splat ? 1 : d.n;
        uint8_t *data = sp_arena_array(p->ar, n ? n : 1, (size_t)nb);
        for (uint32_t i = 0; i < n; i++)
            store_le(data + (size_t)i * nb, number_bits(p, &d.elems[i].tok, d.elems[i].neg, dt, d.elems[i].loc), nb);
        e->splat = splat;
        e->data = data;
    }
    ir_attr *a = new_attr(p, IR_A_ELEMENTS);
    a->type = ty;
    a->u.elems = e;
    return a;
}

/* dense-resource ::= 'dense_resource' '<' bare-id '>' ':' shaped-type */
static const ir_attr *parse_dense_resource(parser *p) {
    sp_loc loc = ps_loc(p);
    ps_next(p);
    ps_expect(p, TK_LESS, "'<'");
    if (!ps_is(p, TK_BARE)) ps_error_expected(p, "resource name");
    lx_token name = *ps_tok(p);
    ps_next(p);
    ps_expect(p, TK_GREATER, "'>'");
    ps_expect(p, TK_COLON, "':'");
    sp_loc tloc = ps_loc(p);
    ir_type ty = ps_parse_type(p);
    ir_elements *e = new_elements(p, ty, tloc);
    e->resource = tok_dup(p, &name, 0);
    PS_PUSH_ROOM(p, p->pending, p->npending, p->cappending);
    p->pending[p->npending].elems = e;
    p->pending[p->npending].loc = loc;
    p->npending++;
    ir_attr *a = new_attr(p, IR_A_ELEMENTS);
    a->type = ty;
    a->u.elems = e;
    return a;
}

/* dense-array ::= 'array' '<' int-type (':' int (',' int)*)? '>' */
static const ir_attr *parse_dense_array(parser *p) {
    ps_next(p);
    ps_expect(p, TK_LESS, "'<'");
    sp_loc tloc = ps_loc(p);
    ir_type et = ps_parse_type(p);
    if (et.kind != IR_T_SCALAR) ps_error_at(p, tloc, "dense array element type must be a scalar");
    if (ir_dtype_is_float((ir_dtype)et.dtype)) ps_error_at(p, tloc, "float dense arrays are not supported");
    uint32_t n = 0, cap = 8;
    int64_t *v = sp_arena_array(p->ar, cap, sizeof *v);
    if (ps_accept(p, TK_COLON)) {
        do {
            PS_PUSH_ROOM(p, v, n, cap);
            if (ps_is_kw(p, "true") || ps_is_kw(p, "false")) {
                v[n++] = ps_is_kw(p, "true");
                ps_next(p);
            } else {
                v[n++] = ps_parse_int(p, "integer");
            }
        } while (ps_accept(p, TK_COMMA));
    }
    ps_expect(p, TK_GREATER, "'>'");
    ir_attr *a = new_attr(p, IR_A_DARRAY);
    a->type = et;
    a->u.darr.n = n;
    a->u.darr.vals = v;
    return a;
}

/* number-attr ::= '-'? (int | float) (':' type)? */
static const ir_attr *parse_number_attr(parser *p) {
    sp_loc loc = ps_loc(p);
    bool neg = ps_accept(p, TK_MINUS);
    if (!ps_is(p, TK_INT) && !ps_is(p, TK_FLOAT)) ps_error_expected(p, "number");
    lx_token t = *ps_tok(p);
    ps_next(p);
    ir_type ty;
    if (ps_accept(p, TK_COLON)) {
        sp_loc tloc = ps_loc(p);
        ty = ps_parse_type(p);
        if (ty.kind != IR_T_SCALAR) ps_error_at(p, tloc, "number literal needs a scalar type");
    } else {
        ty = ir_scalar_type(t.kind == TK_FLOAT ? IR_F64 : IR_I64);
    }
    bool fl = ir_dtype_is_float((ir_dtype)ty.dtype);
    ir_attr *a = new_attr(p, fl ? IR_A_FLOAT : IR_A_INT);
    a->type = ty;
    a->u.bits = number_bits(p, &t, neg, (ir_dtype)ty.dtype, loc);
    return a;
}

/* attr-dict ::= '{' (key ('=' attr)? (',' key ('=' attr)?)*)? '}' */
void ps_parse_attr_dict(parser *p, uint32_t *n, const ir_named_attr **items) {
    sp_loc loc = ps_loc(p);
    ps_expect(p, TK_LBRACE, "'{'");
    ps_enter(p, loc);
    uint32_t cnt = 0, cap = 4;
    ir_named_attr *v = sp_arena_array(p->ar, cap, sizeof *v);
    if (!ps_accept(p, TK_RBRACE)) {
        do {
            const char *key;
            sp_loc kloc = ps_loc(p);
            if (ps_is(p, TK_BARE)) {
                key = tok_dup(p, ps_tok(p), 0);
            } else if (ps_is(p, TK_STRING)) {
                char *s = sp_arena_alloc(p->ar, ps_tok(p)->len + 1);
                s[lx_string_value(ps_tok(p), s)] = 0;
                key = s;
            } else {
                ps_error_expected(p, "attribute name");
            }
            ps_next(p);
            const ir_attr *val;
            if (ps_accept(p, TK_EQUAL)) {
                val = ps_parse_attr(p);
            } else {
                val = new_attr(p, IR_A_UNIT);
            }
            for (uint32_t k = 0; k < cnt; k++)
                if (!strcmp(v[k].name, key)) ps_error_at(p, kloc, "duplicate attribute '%s'", key);
            PS_PUSH_ROOM(p, v, cnt, cap);
            v[cnt].name = key;
            v[cnt].attr = val;
            cnt++;
        } while (ps_accept(p, TK_COMMA));
        ps_expect(p, TK_RBRACE, "'}'");
    }
    ps_leave(p);
    *n = cnt;
    *items = v;
}

void ps_parse_opt_attr_dict(parser *p, uint32_t *n, const ir_named_attr **items) {
    if (ps_is(p, TK_LBRACE)) {
        ps_parse_attr_dict(p, n, items);
    } else {
        *n = 0;
        *items = NULL;
    }
}

/* attr ::= alias | dialect-attr | 'affine_map' '<' ... | dense | dense_resource
 *        | array | '[' attrs ']' | attr-dict | string | number | 'true' | 'false'
 *        | 'unit' | '@' symbol | function-type | type */
const ir_attr *ps_parse_attr(parser *p) {
    lx_token t = *ps_tok(p);
    sp_loc loc = ps_loc(p);
    ps_enter(p, loc);
    const ir_attr *res = NULL;
    switch (t.kind) {
    case TK_HASH: {
        /* `#dialect.attr<...>`: the body follows the token directly */
        if (!p->lx.has_ahead && p->lx.cur < p->lx.end && *p->lx.cur == '<') {
            ir_attr *a = new_attr(p, IR_A_OPAQUE);
            uint32_t len;
            a->u.str.s = ps_opaque_attr_text(p, &t, &len);
            a->u.str.len = len;
            res = a;
            break;
        }
        ps_next(p);
        const ps_alias *al = find_alias(p, &t, false);
        if (al) {
            res = al->attr;
        } else if (memchr(t.text, '.', t.len)) {
            ir_attr *a = new_attr(p, IR_A_OPAQUE);
            a->u.str.s = tok_dup(p, &t, 0);
            a->u.str.len = (uint32_t)t.len;
            res = a;
        } else {
            ps_error_at(p, loc, "undefined attribute alias '%.*s'", (int)(t.len > 64 ? 64 : t.len), t.text);
        }
        break;
    }
    case TK_BARE:
        if (ps_is_kw(p, "affine_map")) {
            ps_next(p);
            ps_expect(p, TK_LESS, "'<'");
            ir_attr *a = new_attr(p, IR_A_MAP);
            a->u.map = ps_parse_affine_map_body(p);
            res = a;
        } else if (ps_is_kw(p, "dense")) {
            res = parse_dense(p);
        } else if (ps_is_kw(p, "dense_resource")) {
            res = parse_dense_resource(p);
        } else if (ps_is_kw(p, "array")) {
            res = parse_dense_array(p);
        } else if (ps_is_kw(p, "true") || ps_is_kw(p, "false")) {
            ir_attr *a = new_attr(p, IR_A_BOOL);
            a->u.b = ps_is_kw(p, "true");
            a->type = ir_scalar_type(IR_I1);
            ps_next(p);
            res = a;
        } else if (ps_is_kw(p, "unit")) {
            ps_next(p);
            res = new_attr(p, IR_A_UNIT);
        } else {
            ir_attr *a = new_attr(p, IR_A_TYPE);
            a->u.ty = ps_parse_type(p);
            res = a;
        }
        break;
    case TK_BANG: {
        ir_attr *a = new_attr(p, IR_A_TYPE);
        a->u.ty = ps_parse_type(p);
        res = a;
        break;
    }
    case TK_INT:
    case TK_FLOAT:
    case TK_MINUS: res = parse_number_attr(p); break;
    case TK_STRING: {
        char *s = sp_arena_alloc(p->ar, t.len + 1);
        size_t n = lx_string_value(&t, s);
        s[n] = 0;
        ps_next(p);
        if (ps_accept(p, TK_COLON)) (void)ps_parse_type(p); /* typed string: type dropped */
        ir_attr *a = new_attr(p, IR_A_STRING);
        a->u.str.s = s;
        a->u.str.len = (uint32_t)n;
        res = a;
        break;
    }
    case TK_AT: {
        ir_attr *a = new_attr(p, IR_A_SYMREF);
        if (t.text[1] == '"') {
            char *s = sp_arena_alloc(p->ar, t.len + 1);
            s[lx_string_value(&t, s)] = 0;
            a->u.str.s = s;
        } else {
            a->u.str.s = tok_dup(p, &t, 1);
        }
        a->u.str.len = (uint32_t)strlen(a->u.str.s);
        ps_next(p);
        if (ps_is(p, TK_COLON) && lx_peek(&p->lx)->kind == TK_COLON)
            ps_error_at(p, ps_loc(p), "nested symbol references are not supported");
        res = a;
        break;
    }
    case TK_LSQUARE: {
        ps_next(p);
        uint32_t n = 0, cap = 4;
        const ir_attr **v = sp_arena_array(p->ar, cap, sizeof *v);
        if (!ps_accept(p, TK_RSQUARE)) {
            do {
                PS_PUSH_ROOM(p, v, n, cap);
                v[n++] = ps_parse_attr(p);
            } while (ps_accept(p, TK_COMMA));
            ps_expect(p, TK_RSQUARE, "']'");
        }
        ir_attr *a = new_attr(p, IR_A_ARRAY);
        a->u.arr.n = n;
        a->u.arr.items = v;
        res = a;
        break;
    }
    case TK_LBRACE: {
        ir_attr *a = new_attr(p, IR_A_DICT);
        const ir_named_attr *items;
        ps_parse_attr_dict(p, &a->u.dict.n, &items);
        a->u.dict.items = items;
        res = a;
        break;
    }
    case TK_LPAREN: {
        ir_attr *a = new_attr(p, IR_A_FTYPE);
        uint32_t nin, nout;
        ir_type *in, *out;
        ps_parse_function_type(p, &nin, &in, &nout, &out);
        ir_type *all = sp_arena_array(p->ar, nin + nout, sizeof *all);
        if (nin) memcpy(all, in, nin * sizeof *all);
        if (nout) memcpy(all + nin, out, nout * sizeof *all);
        a->u.fty.nin = nin;
        a->u.fty.nout = nout;
        a->u.fty.types = all;
        res = a;
        break;
    }
    default: ps_error_expected(p, "attribute value");
    }
    ps_leave(p);
    return res;
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
        if (num.len == 0 || !tok_u64(&num, &v) || v > 0xffff) ps_error_at(p, ps_loc(p), "invalid result number");
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
    if (find_alias(p, name, is_type))
        ps_error_at(p, (sp_loc){p->file, name->line, name->col}, "redefinition of alias '%.*s'",
                    (int)(name->len > 64 ? 64 : name->len), name->text);
    PS_PUSH_ROOM(p, p->aliases, p->naliases, p->capaliases);
    ps_alias *a = &p->aliases[p->naliases++];
    a->name = tok_dup(p, name, 1);
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
                        bl->name = tok_dup(p, &nt, 0);
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
        uint8_t *bytes = decode_hex(p, &bl->text, 4, &n, bl->loc);
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
