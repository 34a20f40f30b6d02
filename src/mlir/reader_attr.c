/* reader_attr.c - the reader's attribute grammar: affine maps, and every
 * attribute MLIR 22 prints (integers, floats, strings, arrays, dictionaries,
 * dense and dense_resource elements, hex data, dense arrays, types, symbol
 * references, opaque dialect attributes, aliases) and `loc(...)`. One
 * function per grammar rule, with the rule in its comment (after Lua's
 * lparser.c). */
#include "reader.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/fp16.h"
#include "parser.h"

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
        return ps_tok_eq(t, 0, "true", 4) ? 1 : 0;
    }
    if (ir_dtype_is_float(dt)) {
        if (ps_tok_is_hex(t)) { /* bit pattern */
            uint64_t v;
            if (neg) ps_error_at(p, loc, "hexadecimal float literal cannot be negative");
            int bits = ir_dtype_bits(dt);
            if (!ps_tok_u64(t, &v) || (bits < 64 && v >> bits))
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
    if (!ps_tok_u64(t, &v)) ps_error_at(p, loc, "integer literal out of range");
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

/* Decode "0x..." into bytes; returns arena data and its length. The bytes
 * after the first `header` (a resource blob's alignment word) start 64-byte
 * aligned, as the kernels read an i64 or f64 tensor in place there (a
 * blob's data at +4 was misaligned for them: UBSan, unet_up's index
 * tables, torch_groupnorm). */
uint8_t *ps_decode_hex(parser *p, const lx_token *t, size_t header, size_t *n, sp_loc loc) {
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
        uint8_t *bytes = ps_decode_hex(p, &hex, 0, &n, loc);
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
    e->resource = ps_tok_dup(p, &name, 0);
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
                key = ps_tok_dup(p, ps_tok(p), 0);
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

/* hash-attr ::= '#' alias | '#' dialect '.' name ('<' ... '>')?   (t: the '#' token) */
static const ir_attr *parse_hash_attr(parser *p, const lx_token *t, sp_loc loc) {
    /* `#dialect.attr<...>`: the body follows the token directly */
    if (!p->lx.has_ahead && p->lx.cur < p->lx.end && *p->lx.cur == '<') {
        ir_attr *a = new_attr(p, IR_A_OPAQUE);
        uint32_t len;
        a->u.str.s = ps_opaque_attr_text(p, t, &len);
        a->u.str.len = len;
        return a;
    }
    ps_next(p);
    const ps_alias *al = ps_find_alias(p, t, false);
    if (al) return al->attr;
    if (!memchr(t->text, '.', t->len))
        ps_error_at(p, loc, "undefined attribute alias '%.*s'", (int)(t->len > 64 ? 64 : t->len), t->text);
    ir_attr *a = new_attr(p, IR_A_OPAQUE);
    a->u.str.s = ps_tok_dup(p, t, 0);
    a->u.str.len = (uint32_t)t->len;
    return a;
}

/* keyword-attr ::= 'affine_map' '<' ... '>' | dense | dense_resource | array
 *                | 'true' | 'false' | 'unit' | type */
static const ir_attr *parse_keyword_attr(parser *p) {
    if (ps_is_kw(p, "affine_map")) {
        ps_next(p);
        ps_expect(p, TK_LESS, "'<'");
        ir_attr *a = new_attr(p, IR_A_MAP);
        a->u.map = ps_parse_affine_map_body(p);
        return a;
    }
    if (ps_is_kw(p, "dense")) return parse_dense(p);
    if (ps_is_kw(p, "dense_resource")) return parse_dense_resource(p);
    if (ps_is_kw(p, "array")) return parse_dense_array(p);
    if (ps_is_kw(p, "true") || ps_is_kw(p, "false")) {
        ir_attr *a = new_attr(p, IR_A_BOOL);
        a->u.b = ps_is_kw(p, "true");
        a->type = ir_scalar_type(IR_I1);
        ps_next(p);
        return a;
    }
    if (ps_is_kw(p, "unit")) {
        ps_next(p);
        return new_attr(p, IR_A_UNIT);
    }
    ir_attr *a = new_attr(p, IR_A_TYPE);
    a->u.ty = ps_parse_type(p);
    return a;
}

/* string-attr ::= string (':' type)?   (a typed string's type is dropped) */
static const ir_attr *parse_string_attr(parser *p, const lx_token *t) {
    char *s = sp_arena_alloc(p->ar, t->len + 1);
    size_t n = lx_string_value(t, s);
    s[n] = 0;
    ps_next(p);
    if (ps_accept(p, TK_COLON)) (void)ps_parse_type(p);
    ir_attr *a = new_attr(p, IR_A_STRING);
    a->u.str.s = s;
    a->u.str.len = (uint32_t)n;
    return a;
}

/* symbol-ref ::= '@' (bare-id | string)   (not nested: no '::') */
static const ir_attr *parse_symref_attr(parser *p, const lx_token *t) {
    ir_attr *a = new_attr(p, IR_A_SYMREF);
    if (t->text[1] == '"') {
        char *s = sp_arena_alloc(p->ar, t->len + 1);
        s[lx_string_value(t, s)] = 0;
        a->u.str.s = s;
    } else {
        a->u.str.s = ps_tok_dup(p, t, 1);
    }
    a->u.str.len = (uint32_t)strlen(a->u.str.s);
    ps_next(p);
    if (ps_is(p, TK_COLON) && lx_peek(&p->lx)->kind == TK_COLON)
        ps_error_at(p, ps_loc(p), "nested symbol references are not supported");
    return a;
}

/* array-attr ::= '[' (attr (',' attr)*)? ']' */
static const ir_attr *parse_array_attr(parser *p) {
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
    return a;
}

/* function-type-attr ::= function-type */
static const ir_attr *parse_ftype_attr(parser *p) {
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
    return a;
}

/* attr ::= hash-attr | keyword-attr | '!' type | number | string-attr
 *        | symbol-ref | array-attr | attr-dict | function-type-attr */
const ir_attr *ps_parse_attr(parser *p) {
    lx_token t = *ps_tok(p);
    sp_loc loc = ps_loc(p);
    ps_enter(p, loc);
    const ir_attr *res = NULL;
    switch (t.kind) {
    case TK_HASH: res = parse_hash_attr(p, &t, loc); break;
    case TK_BARE: res = parse_keyword_attr(p); break;
    case TK_BANG: {
        ir_attr *a = new_attr(p, IR_A_TYPE);
        a->u.ty = ps_parse_type(p);
        res = a;
        break;
    }
    case TK_INT:
    case TK_FLOAT:
    case TK_MINUS: res = parse_number_attr(p); break;
    case TK_STRING: res = parse_string_attr(p, &t); break;
    case TK_AT: res = parse_symref_attr(p, &t); break;
    case TK_LSQUARE: res = parse_array_attr(p); break;
    case TK_LBRACE: {
        ir_attr *a = new_attr(p, IR_A_DICT);
        const ir_named_attr *items;
        ps_parse_attr_dict(p, &a->u.dict.n, &items);
        a->u.dict.items = items;
        res = a;
        break;
    }
    case TK_LPAREN: res = parse_ftype_attr(p); break;
    default: ps_error_expected(p, "attribute value");
    }
    ps_leave(p);
    return res;
}
