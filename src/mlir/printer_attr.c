/* printer_attr.c - types, affine maps, attributes and their dictionaries
 * as MLIR 22 prints them (printer.h), which the op printer (printer.c)
 * writes its ops with. Split from printer.c. */
#include "printer.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/fp16.h"

/* ------------------------------------------------------ types and attrs */

void mlir_print_type(sp_strbuf *out, ir_type t) {
    switch (t.kind) {
    case IR_T_SCALAR: sp_strbuf_puts(out, ir_dtype_name((ir_dtype)t.dtype)); return;
    case IR_T_TENSOR:
    case IR_T_VECTOR:
        sp_strbuf_puts(out, t.kind == IR_T_TENSOR ? "tensor<" : "vector<");
        for (uint32_t i = 0; i < t.rank; i++) sp_strbuf_printf(out, "%lldx", (long long)t.dims[i]);
        sp_strbuf_printf(out, "%s>", ir_dtype_name((ir_dtype)t.dtype));
        return;
    default: sp_strbuf_puts(out, "none"); return;
    }
}

static bool float_roundtrips(const char *s, uint64_t bits, ir_dtype dt) {
    switch (dt) {
    case IR_F32: return sp_f32_bits(strtof(s, NULL)) == (uint32_t)bits;
    case IR_F64: return sp_f64_bits(strtod(s, NULL)) == bits;
    case IR_BF16: return sp_f64_to_bf16(strtod(s, NULL)) == (uint16_t)bits;
    default: return sp_f64_to_f16(strtod(s, NULL)) == (uint16_t)bits;
    }
}

void mlir_print_float(sp_strbuf *out, uint64_t bits, ir_dtype dt) {
    double v;
    int hexdigits;
    switch (dt) {
    case IR_F32: v = sp_f32_from_bits((uint32_t)bits); hexdigits = 8; break;
    case IR_F64: v = sp_f64_from_bits(bits); hexdigits = 16; break;
    case IR_BF16: v = sp_bf16_to_f32((uint16_t)bits); hexdigits = 4; break;
    default: v = sp_f16_to_f32((uint16_t)bits); hexdigits = 4; break;
    }
    if (!isfinite(v)) { /* MLIR spells NaN and infinities as their bits */
        sp_strbuf_printf(out, "0x%0*llX", hexdigits, (unsigned long long)bits);
        return;
    }
    char buf[64];
    static const int precisions[] = {6, 8, 16};
    for (size_t i = 0; i < SP_ARRAY_LEN(precisions); i++) {
        snprintf(buf, sizeof buf, "%.*e", precisions[i], v);
        if (float_roundtrips(buf, bits, dt)) break;
    }
    sp_strbuf_puts(out, buf);
}

void mlir_print_string(sp_strbuf *out, const char *s, size_t n) {
    sp_strbuf_putc(out, '"');
    sp_strbuf_put_escaped(out, s, n);
    sp_strbuf_putc(out, '"');
}

static bool is_bare_id(const char *s) {
    if (!(isalpha((unsigned char)*s) || *s == '_')) return false;
    for (const char *c = s + 1; *c; c++)
        if (!(isalnum((unsigned char)*c) || *c == '_' || *c == '$' || *c == '.')) return false;
    return true;
}

void mlir_print_symbol(sp_strbuf *out, const char *s) {
    sp_strbuf_putc(out, '@');
    if (is_bare_id(s))
        sp_strbuf_puts(out, s);
    else
        mlir_print_string(out, s, strlen(s));
}

static void print_aexpr(sp_strbuf *out, const ir_aexpr *e, int prec) {
    switch (e->kind) {
    case IR_AE_DIM: sp_strbuf_printf(out, "d%lld", (long long)e->val); return;
    case IR_AE_SYM: sp_strbuf_printf(out, "s%lld", (long long)e->val); return;
    case IR_AE_CONST: sp_strbuf_printf(out, "%lld", (long long)e->val); return;
    default: break;
    }
    /* precedence: 0 sum, 1 product-like; parenthesise lower-precedence children */
    int my = e->kind == IR_AE_ADD ? 0 : 1;
    if (my < prec) sp_strbuf_putc(out, '(');
    if (e->kind == IR_AE_ADD) {
        print_aexpr(out, e->l, 0);
        const ir_aexpr *r = e->r;
        if (r->kind == IR_AE_CONST && r->val < 0 && r->val != INT64_MIN) {
            sp_strbuf_printf(out, " - %lld", (long long)-r->val);
        } else if (r->kind == IR_AE_MUL && r->r->kind == IR_AE_CONST && r->r->val == -1) {
            sp_strbuf_puts(out, " - ");
            print_aexpr(out, r->l, 1);
        } else {
            sp_strbuf_puts(out, " + ");
            print_aexpr(out, r, 1);
        }
    } else {
        static const char *const ops[] = {[IR_AE_MUL] = " * ", [IR_AE_MOD] = " mod ",
                                          [IR_AE_FLOORDIV] = " floordiv ", [IR_AE_CEILDIV] = " ceildiv "};
        print_aexpr(out, e->l, 1);
        sp_strbuf_puts(out, ops[e->kind]);
        print_aexpr(out, e->r, 2);
    }
    if (my < prec) sp_strbuf_putc(out, ')');
}

void mlir_print_amap(sp_strbuf *out, const ir_amap *m) {
    sp_strbuf_puts(out, "affine_map<(");
    for (uint32_t i = 0; i < m->ndims; i++) sp_strbuf_printf(out, "%sd%u", i ? ", " : "", i);
    sp_strbuf_putc(out, ')');
    if (m->nsyms) {
        sp_strbuf_putc(out, '[');
        for (uint32_t i = 0; i < m->nsyms; i++) sp_strbuf_printf(out, "%ss%u", i ? ", " : "", i);
        sp_strbuf_putc(out, ']');
    }
    sp_strbuf_puts(out, " -> (");
    for (uint32_t i = 0; i < m->nres; i++) {
        if (i) sp_strbuf_puts(out, ", ");
        print_aexpr(out, m->res[i], 0);
    }
    sp_strbuf_puts(out, ")>");
}

static void print_elem_value(sp_strbuf *out, const ir_elements *e, int64_t i) {
    ir_dtype dt = (ir_dtype)e->type.dtype;
    if (ir_dtype_is_float(dt)) {
        int nb = ir_dtype_bytes(dt);
        const uint8_t *p = e->data + (e->splat ? 0 : i * nb);
        uint64_t bits = 0;
        for (int k = nb - 1; k >= 0; k--) bits = (bits << 8) | p[k];
        mlir_print_float(out, bits, dt);
    } else if (dt == IR_I1) {
        sp_strbuf_puts(out, ir_elements_get_i(e, i) ? "true" : "false");
    } else {
        sp_strbuf_printf(out, "%lld", (long long)ir_elements_get_i(e, i));
    }
}

static void print_dense_list(sp_strbuf *out, const ir_elements *e, uint32_t dim, int64_t *idx) {
    sp_strbuf_putc(out, '[');
    for (int64_t k = 0; k < e->type.dims[dim]; k++) {
        if (k) sp_strbuf_puts(out, ", ");
        if (dim + 1 == e->type.rank)
            print_elem_value(out, e, *idx + k);
        else
            print_dense_list(out, e, dim + 1, idx);
    }
    if (dim + 1 == e->type.rank) *idx += e->type.dims[dim];
    sp_strbuf_putc(out, ']');
}

#define DENSE_HEX_THRESHOLD 100

static void print_elements(sp_strbuf *out, const ir_elements *e) {
    int64_t numel = ir_type_numel(e->type);
    ir_dtype dt = (ir_dtype)e->type.dtype;
    sp_strbuf_puts(out, "dense<");
    if (e->splat) {
        print_elem_value(out, e, 0);
    } else if (numel > DENSE_HEX_THRESHOLD && dt != IR_I1) {
        static const char hex[] = "0123456789ABCDEF";
        size_t nb = (size_t)numel * (size_t)ir_dtype_bytes(dt);
        sp_strbuf_reserve(out, nb * 2 + 4);
        sp_strbuf_puts(out, "\"0x");
        for (size_t i = 0; i < nb; i++) {
            char two[2] = {hex[e->data[i] >> 4], hex[e->data[i] & 15]};
            sp_strbuf_putn(out, two, 2);
        }
        sp_strbuf_putc(out, '"');
    } else if (e->type.rank == 0) {
        print_elem_value(out, e, 0);
    } else if (numel > 0) {
        int64_t idx = 0;
        print_dense_list(out, e, 0, &idx);
    } else {
        /* empty: dense<> */
    }
    sp_strbuf_puts(out, "> : ");
    mlir_print_type(out, e->type);
}


void mlir_print_attr(sp_strbuf *out, const ir_attr *a) {
    switch (a->kind) {
    case IR_A_UNIT: sp_strbuf_puts(out, "unit"); return;
    case IR_A_BOOL: sp_strbuf_puts(out, a->u.b ? "true" : "false"); return;
    case IR_A_INT:
        sp_strbuf_printf(out, "%lld : ", (long long)a->u.i);
        mlir_print_type(out, a->type);
        return;
    case IR_A_FLOAT:
        mlir_print_float(out, a->u.bits, (ir_dtype)a->type.dtype);
        sp_strbuf_puts(out, " : ");
        mlir_print_type(out, a->type);
        return;
    case IR_A_STRING: mlir_print_string(out, a->u.str.s, a->u.str.len); return;
    case IR_A_TYPE: mlir_print_type(out, a->u.ty); return;
    case IR_A_MAP: mlir_print_amap(out, a->u.map); return;
    case IR_A_ARRAY:
        sp_strbuf_putc(out, '[');
        for (uint32_t i = 0; i < a->u.arr.n; i++) {
            if (i) sp_strbuf_puts(out, ", ");
            mlir_print_attr(out, a->u.arr.items[i]);
        }
        sp_strbuf_putc(out, ']');
        return;
    case IR_A_DARRAY:
        sp_strbuf_puts(out, "array<");
        mlir_print_type(out, a->type);
        for (uint32_t i = 0; i < a->u.darr.n; i++) {
            sp_strbuf_puts(out, i ? ", " : ": ");
            if (a->type.dtype == IR_I1)
                sp_strbuf_puts(out, a->u.darr.vals[i] ? "true" : "false");
            else
                sp_strbuf_printf(out, "%lld", (long long)a->u.darr.vals[i]);
        }
        sp_strbuf_putc(out, '>');
        return;
    case IR_A_DICT:
        sp_strbuf_putc(out, '{');
        mlir_print_dict_items(out, a->u.dict.items, a->u.dict.n);
        sp_strbuf_putc(out, '}');
        return;
    case IR_A_ELEMENTS: print_elements(out, a->u.elems); return;
    case IR_A_SYMREF: mlir_print_symbol(out, a->u.str.s); return;
    case IR_A_FTYPE:
        sp_strbuf_putc(out, '(');
        for (uint32_t i = 0; i < a->u.fty.nin; i++) {
            if (i) sp_strbuf_puts(out, ", ");
            mlir_print_type(out, a->u.fty.types[i]);
        }
        sp_strbuf_puts(out, ") -> ");
        if (a->u.fty.nout != 1) sp_strbuf_putc(out, '(');
        for (uint32_t i = 0; i < a->u.fty.nout; i++) {
            if (i) sp_strbuf_puts(out, ", ");
            mlir_print_type(out, a->u.fty.types[a->u.fty.nin + i]);
        }
        if (a->u.fty.nout != 1) sp_strbuf_putc(out, ')');
        return;
    case IR_A_OPAQUE: sp_strbuf_putn(out, a->u.str.s, a->u.str.len); return;
    }
}

static void print_dict_entry(sp_strbuf *out, const ir_named_attr *item) {
    if (is_bare_id(item->name))
        sp_strbuf_puts(out, item->name);
    else
        mlir_print_string(out, item->name, strlen(item->name));
    if (item->attr->kind != IR_A_UNIT) {
        sp_strbuf_puts(out, " = ");
        mlir_print_attr(out, item->attr);
    }
}

/* Entries in name order, as MLIR prints attribute dictionaries. `first`
 * says whether nothing was printed before (no leading comma). */
void mlir_print_sorted_items(sp_strbuf *out, const ir_named_attr *items, uint32_t n, bool first) {
    const char *prev = NULL;
    for (uint32_t k = 0; k < n; k++) {
        /* next smallest name above prev (n is small: selection is fine) */
        const ir_named_attr *best = NULL;
        for (uint32_t i = 0; i < n; i++) {
            if (prev && strcmp(items[i].name, prev) <= 0) continue;
            if (!best || strcmp(items[i].name, best->name) < 0) best = &items[i];
        }
        if (!best) break;
        if (!first) sp_strbuf_puts(out, ", ");
        first = false;
        print_dict_entry(out, best);
        prev = best->name;
    }
}

void mlir_print_dict_items(sp_strbuf *out, const ir_named_attr *items, uint32_t n) {
    mlir_print_sorted_items(out, items, n, true);
}

