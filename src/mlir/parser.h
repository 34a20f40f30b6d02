/* parser.h - internals shared by the reader's core (reader.c) and its op
 * parsers (reader_ops.c, reader_tensor.c, reader_generic.c,
 * reader_linalg.c). Not a public interface. */
#ifndef SPADC_MLIR_PARSER_H
#define SPADC_MLIR_PARSER_H

#include "ir/ir.h"
#include "lexer.h"

/* SSA names visible at a point: one hash table per isolated region (func),
 * with an undo log so names defined in a nested region vanish at its end. */
typedef struct ps_name {
    const char *name; /* without '%' */
    uint32_t len;
    ir_value *value;
} ps_name;

typedef struct ps_scope {
    struct ps_scope *outer; /* enclosing isolated scope (not searched) */
    ps_name *slots;         /* open addressing, NULL name = empty */
    uint32_t cap, count;
    uint32_t ntomb; /* slots a nested region's names left (TOMBSTONE): they fill the table too */
    uint32_t *log; /* slot indices in definition order */
    uint32_t nlog, caplog;
} ps_scope;

typedef struct ps_alias {
    const char *name; /* without '#'/'!' */
    uint32_t len;
    bool is_type;
    const ir_attr *attr;
    ir_type type;
} ps_alias;

typedef struct ps_pending_resource {
    ir_elements *elems; /* data to fill from the file's dialect_resources */
    sp_loc loc;
} ps_pending_resource;

typedef struct parser {
    sp_ctx *ctx;
    ir_module *m;
    sp_arena *ar; /* == &m->arena */
    lx_lexer lx;
    const char *file;
    ps_scope *scope;
    ps_alias *aliases;
    uint32_t naliases, capaliases;
    ps_pending_resource *pending;
    uint32_t npending, cappending;
    uint32_t depth;
    ir_block *block; /* the block the op being read goes into (ops that read
                        as several, tensor.reshape, put the others there first) */
} parser;

/* An op as the generic form spells it, also the builder input for ops whose
 * custom form is parsed into the same pieces. */
typedef struct op_state {
    sp_loc loc;
    int kind; /* ir_opkind or -1 */
    const char *name;
    uint32_t namelen;
    uint32_t nopnds, capopnds;
    ir_value **opnds;
    uint32_t nres;
    ir_type *res_types;
    uint32_t nregions;
    ir_block **regions;
    uint32_t nprops, nattrs;
    const ir_named_attr *props, *attrs;
} op_state;

/* Room for one more element in an arena-grown array v of n used elements
 * (v may be NULL with *cap 0); returns the possibly moved array. */
void *ps_grow(parser *p, void *v, uint32_t n, uint32_t *cap, size_t elem);
#define PS_PUSH_ROOM(p, v, n, cap) ((v) = ps_grow((p), (v), (n), &(cap), sizeof *(v)))

/* --- tokens (reader.c) --- */
static inline lx_token *ps_tok(parser *p) { return &p->lx.tok; }
static inline bool ps_is(parser *p, lx_kind k) { return p->lx.tok.kind == k; }
bool ps_is_kw(parser *p, const char *kw);
void ps_next(parser *p);
bool ps_accept(parser *p, lx_kind k);
bool ps_accept_kw(parser *p, const char *kw);
void ps_expect(parser *p, lx_kind k, const char *what);
void ps_expect_kw(parser *p, const char *kw);
sp_loc ps_loc(parser *p);
SP_NORETURN void ps_error_expected(parser *p, const char *what);
SP_NORETURN void ps_error_at(parser *p, sp_loc loc, const char *fmt, ...) SP_PRINTF(3, 4);
void ps_enter(parser *p, sp_loc loc);
void ps_leave(parser *p);

/* Token text from byte skip on, as an arena string; whether it equals s[0..n). */
char *ps_tok_dup(parser *p, const lx_token *t, size_t skip);
bool ps_tok_eq(const lx_token *t, size_t skip, const char *s, size_t n);

/* --- literals, types (reader.c); affine maps, attributes (reader_attr.c) --- */
/* A decimal or hex integer token to uint64; false on overflow. */
bool ps_tok_u64(const lx_token *t, uint64_t *out);
bool ps_tok_is_hex(const lx_token *t); /* 0x... */
/* The alias `#name` (is_type: `!name`) token t names, or NULL. */
const ps_alias *ps_find_alias(parser *p, const lx_token *t, bool is_type);
/* Decode the string token "0x..." into arena bytes, *n of them. */
uint8_t *ps_decode_hex(parser *p, const lx_token *t, size_t header, size_t *n, sp_loc loc);
int64_t ps_parse_int(parser *p, const char *what);     /* optionally negative */
uint32_t ps_parse_index(parser *p, const char *what, uint32_t limit); /* 0 <= v < limit */
ir_type ps_parse_type(parser *p);
/* Parse a function type `(T, U) -> V` / `(T) -> (U, V)`; returns the types
 * in arena arrays. */
void ps_parse_function_type(parser *p, uint32_t *nin, ir_type **in, uint32_t *nout, ir_type **out);
const ir_attr *ps_parse_attr(parser *p);
/* { name = attr, ... } */
void ps_parse_attr_dict(parser *p, uint32_t *n, const ir_named_attr **items);
void ps_parse_opt_attr_dict(parser *p, uint32_t *n, const ir_named_attr **items);
const ir_amap *ps_parse_affine_map_body(parser *p); /* after 'affine_map<' */
/* [1, 2, 3] of integers; returns arena array */
int64_t *ps_parse_int_list(parser *p, uint32_t *n, lx_kind open, lx_kind close);
/* Skip a trailing `loc(...)` if present. */
void ps_skip_loc(parser *p);
/* `#dialect.name<...>` already lexed as TK_HASH: the canonical text */
const char *ps_opaque_attr_text(parser *p, const lx_token *hash, uint32_t *len);

/* --- values and regions (reader.c) --- */
ir_value *ps_parse_use(parser *p);                 /* %name or %name#i */
void ps_define(parser *p, const lx_token *name, ir_value *v);
void ps_define_results(parser *p, const lx_token *names, const uint32_t *counts, uint32_t ngroups,
                       ir_op *op);
/* `%a, %b` (possibly empty when not starting with %) */
uint32_t ps_parse_uses(parser *p, ir_value ***out);
/* Region `{ [^bb(args):] ops }`. If nargs_pre >= 0 the entry block takes
 * those arguments (already lexed names and types) and must not declare its
 * own. isolated: the region cannot see outer SSA names (func.func). */
typedef struct ps_arg {
    lx_token name;
    ir_type type;
} ps_arg;
ir_block *ps_parse_region(parser *p, const ps_arg *args, int nargs_pre, bool isolated);
/* `(%a: T [loc], ...)` block argument list for custom forms */
uint32_t ps_parse_arg_list(parser *p, ps_arg **args);

/* --- ops: custom forms (reader_ops.c, reader_tensor.c) --- */
/* Parse the op at the current token (after `%r = ` was consumed); the
 * caller binds result names. */
ir_op *ps_parse_custom_op(parser *p, const lx_token *nametok, int kind, uint32_t nresults_expected);
/* The custom form of tensor op k (its name just read), or NULL when k is
 * not a tensor op (reader_tensor.c). */
ir_op *ps_parse_tensor_op(parser *p, ir_opkind k, sp_loc loc);
ir_op *ps_new_op(parser *p, ir_opkind kind, sp_loc loc, uint32_t nopnds, uint32_t nres);
/* Pieces the op parsers share (reader_ops.c): */
ir_type ps_colon_type(parser *p);                                  /* ':' type */
void ps_set_attrs(ir_op *op, uint32_t n, const ir_named_attr *items);
void ps_opt_attrs(parser *p, ir_op *op);                           /* attr-dict? */
/* A fastmath (or, with overflow, an overflow) flag's bits; -1 if unknown. */
int ps_flag_bits(const char *s, size_t n, bool overflow);
/* mixed-list ::= '[' ((int | ssa-use) (',' ...)*)? ']'; IR_DYNAMIC marks the
 * uses, appended to *dyn. */
int64_t *ps_parse_mixed(parser *p, uint32_t *n, ir_value ***dyn, uint32_t *ndyn, uint32_t *capdyn);
void ps_check_use_type(parser *p, ir_value *v, ir_type t, sp_loc loc, const char *what);
/* ':' type (',' type)*: one per use, each its value's type, else an error
 * naming the operand ("type of ins operand #1": kw "ins"; kw NULL: none). */
void ps_parse_use_types(parser *p, ir_value *const *uses, uint32_t n, const char *kw);
/* tail ::= attr-dict? ':' src-type SEP result-type   (slices, reshapes, pad, pack) */
void ps_parse_src_to_result(parser *p, ir_op *op, ir_value *src, const char *sep);
/* attr-dict? ':' function-type, as func.call and tensor.reshape end */
typedef struct ps_fn_tail {
    uint32_t na, nin, nout;
    const ir_named_attr *attrs;
    ir_type *in, *out;
    sp_loc tloc;
} ps_fn_tail;
void ps_parse_fn_tail(parser *p, ps_fn_tail *t, const char *colon_what);
/* vector.transfer_read's in_bounds and permutation_map from op's attributes */
void ps_xfer_from_attrs(parser *p, ir_op *op, sp_loc loc);
/* (reader_tensor.c) '[' ssa-uses ']' indices; tensor.reshape's builder */
uint32_t ps_parse_indices(parser *p, ir_value ***out);
ir_op *ps_build_tensor_reshape(parser *p, sp_loc loc, ir_value *src, ir_value *shape, ir_type to);

/* --- ops: generic form (reader_generic.c) --- */
ir_op *ps_build_generic(parser *p, op_state *st);

/* --- linalg (reader_linalg.c) --- */
/* Parse the custom form of any structured op named `linalg.<name>`. */
ir_op *ps_parse_linalg(parser *p, sp_loc loc, const char *name, uint32_t namelen);
/* Build a structured op from the generic form (linalg.generic and named). */
ir_op *ps_build_linalg_generic(parser *p, op_state *st, ir_linalg_kind named);
/* Find a named structured op by its name without "linalg." (-1 if none). */
int ps_linalg_kind(const char *name, uint32_t len);

/* Attribute helpers for builders (reader_generic.c) */
const ir_attr *st_prop(const op_state *st, const char *name);
int64_t st_segment(parser *p, const op_state *st, uint32_t i, uint32_t nseg);
int64_t *attr_darray(parser *p, const op_state *st, const char *name, uint32_t *n, bool required);

#endif
