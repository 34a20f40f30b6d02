/* printer.c - IR to MLIR text (see printer.h): names, #map aliases and
 * the ops; types and attributes are printer_attr.c's. */
#include "printer.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ printer */

typedef struct pr_map {
    const ir_amap *map;
} pr_map;

typedef struct printer {
    sp_strbuf *out;
    sp_ctx *ctx;
    sp_arena *ar; /* scratch for names: the module arena is const here, so own one */
    const ir_amap **maps;
    uint32_t nmaps, capmaps;
    /* per function */
    const char **names; /* by value id */
    uint32_t nnames;
    const char **used; /* hash set of names in the function */
    uint32_t capused, nused;
    uint32_t next_num, next_arg;
    const char **suffix_keys; /* base name -> next suffix (hash table) */
    uint32_t *suffix_next;
    uint32_t nsuffix, capsuffix;
    int indent;
} printer;

static void indent(printer *pr) {
    for (int i = 0; i < pr->indent; i++) sp_strbuf_puts(pr->out, "  ");
}

static uint32_t str_hash(const char *s) {
    uint32_t h = 2166136261u;
    for (; *s; s++) h = (h ^ (uint8_t)*s) * 16777619u;
    return h;
}

static bool name_used(printer *pr, const char *s) {
    uint32_t mask = pr->capused - 1;
    for (uint32_t i = str_hash(s) & mask;; i = (i + 1) & mask) {
        if (!pr->used[i]) return false;
        if (!strcmp(pr->used[i], s)) return true;
    }
}

static void name_add(printer *pr, const char *s) {
    if ((pr->nused + 1) * 2 > pr->capused) {
        const char **old = pr->used;
        uint32_t oldcap = pr->capused;
        pr->capused = oldcap ? oldcap * 2 : 256;
        pr->used = sp_arena_array(pr->ar, pr->capused, sizeof *pr->used);
        pr->nused = 0;
        for (uint32_t i = 0; i < oldcap; i++)
            if (old[i]) name_add(pr, old[i]);
    }
    uint32_t mask = pr->capused - 1;
    uint32_t i = str_hash(s) & mask;
    while (pr->used[i]) i = (i + 1) & mask;
    pr->used[i] = s;
    pr->nused++;
}

/* Names: a value keeps its source name when that is free in the function;
 * the rest get MLIR-like generated names (%N, %argN, %in/%out in linalg
 * bodies), suffixed _K on collision. Source names are placed first so a
 * generated name never steals one. */
static void set_name(printer *pr, ir_value *v, const char *s) {
    s = sp_arena_strdup(pr->ar, s);
    name_add(pr, s);
    if (v->id < pr->nnames) pr->names[v->id] = s;
}

/* The next suffix to try for a base name (per function). */
static uint32_t *suffix_counter(printer *pr, const char *base) {
    if ((pr->nsuffix + 1) * 2 > pr->capsuffix) {
        uint32_t oldcap = pr->capsuffix, nc = oldcap ? oldcap * 2 : 64;
        const char **ok = pr->suffix_keys;
        uint32_t *ov = pr->suffix_next;
        pr->suffix_keys = sp_arena_array(pr->ar, nc, sizeof *pr->suffix_keys);
        pr->suffix_next = sp_arena_array(pr->ar, nc, sizeof *pr->suffix_next);
        pr->capsuffix = nc;
        for (uint32_t i = 0; i < oldcap; i++)
            if (ok[i]) {
                uint32_t j = str_hash(ok[i]) & (nc - 1);
                while (pr->suffix_keys[j]) j = (j + 1) & (nc - 1);
                pr->suffix_keys[j] = ok[i];
                pr->suffix_next[j] = ov[i];
            }
    }
    uint32_t mask = pr->capsuffix - 1, i = str_hash(base) & mask;
    while (pr->suffix_keys[i] && strcmp(pr->suffix_keys[i], base)) i = (i + 1) & mask;
    if (!pr->suffix_keys[i]) {
        pr->suffix_keys[i] = sp_arena_strdup(pr->ar, base);
        pr->nsuffix++;
    }
    return &pr->suffix_next[i];
}

static void assign_source_name(printer *pr, ir_value *v) {
    if (v->name && v->name[0] && strlen(v->name) < 64 && !name_used(pr, v->name)) set_name(pr, v, v->name);
}

static void assign_generated_name(printer *pr, ir_value *v) {
    if (v->id < pr->nnames && pr->names[v->id]) return;
    char buf[96];
    const char *base = NULL;
    if (v->name && v->name[0] && strlen(v->name) < 64 && !isdigit((unsigned char)v->name[0])) {
        base = v->name;
    } else if (!v->def && v->owner && v->owner->parent && v->owner->parent->kind == IR_OP_LINALG) {
        const ir_op *l = v->owner->parent;
        base = v->index < l->u.lin.nins ? "in" : "out";
    }
    if (base) {
        if (!name_used(pr, base)) {
            set_name(pr, v, base);
            return;
        }
        /* continue from the last suffix used for this base: linear, not
         * quadratic, in the number of values sharing a base name */
        uint32_t *next = suffix_counter(pr, base);
        for (;; (*next)++) {
            snprintf(buf, sizeof buf, "%s_%u", base, *next);
            if (!name_used(pr, buf)) break;
        }
        (*next)++;
    } else {
        bool arg = v->def == NULL;
        for (;;) {
            if (arg)
                snprintf(buf, sizeof buf, "arg%u", pr->next_arg++);
            else
                snprintf(buf, sizeof buf, "%u", pr->next_num++);
            if (!name_used(pr, buf)) break;
        }
    }
    set_name(pr, v, buf);
}

static void name_block(printer *pr, ir_block *b, bool source) {
    void (*assign)(printer *, ir_value *) = source ? assign_source_name : assign_generated_name;
    for (uint32_t i = 0; i < b->nargs; i++) assign(pr, &b->args[i]);
    for (ir_op *op = b->first; op; op = op->next) {
        for (uint32_t i = 0; i < op->nres; i++) assign(pr, &op->res[i]);
        for (uint32_t r = 0; r < op->nregions; r++)
            if (op->regions[r]) name_block(pr, op->regions[r], source);
    }
}

static void val(printer *pr, const ir_value *v) {
    const char *n = v->id < pr->nnames ? pr->names[v->id] : NULL;
    sp_strbuf_printf(pr->out, "%%%s", n ? n : "<<unnamed>>");
}

static void vals(printer *pr, ir_value *const *v, uint32_t n) {
    for (uint32_t i = 0; i < n; i++) {
        if (i) sp_strbuf_puts(pr->out, ", ");
        val(pr, v[i]);
    }
}

static void types_of(printer *pr, ir_value *const *v, uint32_t n) {
    for (uint32_t i = 0; i < n; i++) {
        if (i) sp_strbuf_puts(pr->out, ", ");
        mlir_print_type(pr->out, v[i]->type);
    }
}

static void ty(printer *pr, ir_type t) { mlir_print_type(pr->out, t); }
static void puts_(printer *pr, const char *s) { sp_strbuf_puts(pr->out, s); }

static int map_index(printer *pr, const ir_amap *m) {
    for (uint32_t i = 0; i < pr->nmaps; i++)
        if (ir_amap_eq(pr->maps[i], m)) return (int)i;
    return -1;
}

static void map_ref(printer *pr, const ir_amap *m) {
    int i = map_index(pr, m);
    if (i < 0) {
        mlir_print_amap(pr->out, m);
    } else if (i == 0) {
        puts_(pr, "#map");
    } else {
        sp_strbuf_printf(pr->out, "#map%d", i);
    }
}

static void collect_map(printer *pr, const ir_amap *m) {
    if (map_index(pr, m) >= 0) return;
    if (pr->nmaps == pr->capmaps) {
        uint32_t nc = pr->capmaps ? pr->capmaps * 2 : 16;
        const ir_amap **nv = sp_arena_array(pr->ar, nc, sizeof *nv);
        if (pr->nmaps) memcpy(nv, pr->maps, pr->nmaps * sizeof *nv);
        pr->maps = nv;
        pr->capmaps = nc;
    }
    pr->maps[pr->nmaps++] = m;
}

static void collect_maps_fn(ir_op *op, void *ud) {
    printer *pr = ud;
    if (op->kind == IR_OP_LINALG) {
        ir_linalg *l = &op->u.lin;
        bool print_maps = l->named == IR_LN_GENERIC || l->explicit_maps;
        if (print_maps)
            for (uint32_t i = 0; i < ir_linalg_nopnds(op); i++) collect_map(pr, l->maps[i]);
    } else if (op->kind == IR_OP_TRANSFER_READ && op->u.xfer.perm) {
        collect_map(pr, op->u.xfer.perm);
    }
}

static void flags(printer *pr, const ir_op *op, bool overflow) {
    if (!op->flags) return;
    if (overflow) {
        sp_strbuf_printf(pr->out, " overflow<%s%s%s>", op->flags & IR_OVF_NSW ? "nsw" : "",
                         (op->flags & IR_OVF_NSW) && (op->flags & IR_OVF_NUW) ? ", " : "",
                         op->flags & IR_OVF_NUW ? "nuw" : "");
        return;
    }
    if (op->flags == IR_FM_FAST) {
        puts_(pr, " fastmath<fast>");
        return;
    }
    static const char *const names[] = {"reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn"};
    puts_(pr, " fastmath<");
    bool first = true;
    for (int i = 0; i < 7; i++)
        if (op->flags & (1 << i)) {
            sp_strbuf_printf(pr->out, "%s%s", first ? "" : ",", names[i]);
            first = false;
        }
    puts_(pr, ">");
}

static void attr_dict(printer *pr, const ir_named_attr *items, uint32_t n, const char *lead) {
    if (!n) return;
    puts_(pr, lead);
    sp_strbuf_putc(pr->out, '{');
    mlir_print_dict_items(pr->out, items, n);
    sp_strbuf_putc(pr->out, '}');
}

static void print_block_body(printer *pr, const ir_block *b);
static void print_op(printer *pr, const ir_op *op);

/* '{' ^bb0(args): ops '}' — with_header prints the block arguments */
static void region(printer *pr, const ir_block *b, bool with_header) {
    puts_(pr, "{\n");
    if (with_header && b->nargs) {
        indent(pr);
        puts_(pr, "^bb0(");
        for (uint32_t i = 0; i < b->nargs; i++) {
            if (i) puts_(pr, ", ");
            val(pr, &b->args[i]);
            puts_(pr, ": ");
            ty(pr, b->args[i].type);
        }
        puts_(pr, "):\n");
    }
    pr->indent++;
    print_block_body(pr, b);
    pr->indent--;
    indent(pr);
    puts_(pr, "}");
}

static void int_list(printer *pr, const int64_t *v, uint32_t n) {
    sp_strbuf_putc(pr->out, '[');
    for (uint32_t i = 0; i < n; i++) sp_strbuf_printf(pr->out, "%s%lld", i ? ", " : "", (long long)v[i]);
    sp_strbuf_putc(pr->out, ']');
}

/* static values with IR_DYNAMIC slots filled from operands *next onwards */
static void mixed_list(printer *pr, const ir_op *op, const int64_t *v, uint32_t n, uint32_t *next) {
    sp_strbuf_putc(pr->out, '[');
    for (uint32_t i = 0; i < n; i++) {
        if (i) puts_(pr, ", ");
        if (v[i] == IR_DYNAMIC)
            val(pr, op->opnds[(*next)++]);
        else
            sp_strbuf_printf(pr->out, "%lld", (long long)v[i]);
    }
    sp_strbuf_putc(pr->out, ']');
}

static void ins_outs(printer *pr, const ir_op *op) {
    const ir_linalg *l = &op->u.lin;
    if (l->nins) {
        puts_(pr, " ins(");
        vals(pr, op->opnds, l->nins);
        puts_(pr, " : ");
        types_of(pr, op->opnds, l->nins);
        puts_(pr, ")");
    }
    puts_(pr, " outs(");
    vals(pr, op->opnds + l->nins, l->nouts);
    puts_(pr, " : ");
    types_of(pr, op->opnds + l->nins, l->nouts);
    puts_(pr, ")");
}

/* -> T, or -> (T1, T2) for several results (MLIR's form) */
static void result_types(printer *pr, const ir_op *op) {
    if (!op->nres) return;
    puts_(pr, op->nres > 1 ? " -> (" : " -> ");
    for (uint32_t i = 0; i < op->nres; i++) {
        if (i) puts_(pr, ", ");
        ty(pr, op->res[i].type);
    }
    if (op->nres > 1) puts_(pr, ")");
}

static void maps_list(printer *pr, const ir_op *op) {
    puts_(pr, "[");
    for (uint32_t i = 0; i < ir_linalg_nopnds(op); i++) {
        if (i) puts_(pr, ", ");
        map_ref(pr, op->u.lin.maps[i]);
    }
    puts_(pr, "]");
}

/* long-form block arguments of map/reduce: '(' %a: T, ... ')' */
static void arg_list(printer *pr, const ir_block *b) {
    puts_(pr, "(");
    for (uint32_t i = 0; i < b->nargs; i++) {
        if (i) puts_(pr, ", ");
        val(pr, &b->args[i]);
        puts_(pr, ": ");
        ty(pr, b->args[i].type);
    }
    puts_(pr, ")");
}

static void print_linalg(printer *pr, const ir_op *op) {
    const ir_linalg *l = &op->u.lin;
    ir_linalg_kind k = (ir_linalg_kind)l->named;
    const ir_block *body = ir_linalg_body(op);
    if (k == IR_LN_GENERIC) {
        /* one sorted dictionary: the extra properties around the two
         * structural ones, as MLIR prints it */
        puts_(pr, "linalg.generic {");
        uint32_t nbefore = 0, nmid = 0;
        ir_named_attr *sorted = sp_arena_array(pr->ar, op->nprops ? op->nprops : 1, sizeof *sorted);
        for (uint32_t i = 0; i < op->nprops; i++)
            if (strcmp(op->props[i].name, "indexing_maps") < 0) sorted[nbefore++] = op->props[i];
        for (uint32_t i = 0; i < op->nprops; i++)
            if (strcmp(op->props[i].name, "indexing_maps") > 0 && strcmp(op->props[i].name, "iterator_types") < 0)
                sorted[nbefore + nmid++] = op->props[i];
        uint32_t nafter = 0;
        for (uint32_t i = 0; i < op->nprops; i++)
            if (strcmp(op->props[i].name, "iterator_types") > 0) sorted[nbefore + nmid + nafter++] = op->props[i];
        mlir_print_sorted_items(pr->out, sorted, nbefore, true);
        puts_(pr, nbefore ? ", indexing_maps = " : "indexing_maps = ");
        maps_list(pr, op);
        mlir_print_sorted_items(pr->out, sorted + nbefore, nmid, false);
        puts_(pr, ", iterator_types = [");
        for (uint32_t i = 0; i < l->ndims; i++)
            sp_strbuf_printf(pr->out, "%s\"%s\"", i ? ", " : "", l->iters[i] ? "reduction" : "parallel");
        puts_(pr, "]");
        mlir_print_sorted_items(pr->out, sorted + nbefore + nmid, nafter, false);
        puts_(pr, "}");
        ins_outs(pr, op);
        attr_dict(pr, op->attrs, op->nattrs, " attrs =  ");
        puts_(pr, " ");
        region(pr, body, true);
        result_types(pr, op);
        return;
    }
    sp_strbuf_printf(pr->out, "linalg.%s", ir_linalg_kind_name(k));
    if (k == IR_LN_ELEMENTWISE) sp_strbuf_printf(pr->out, " kind=#linalg.elementwise_kind<%s>", l->ewkind);
    if (l->explicit_maps) {
        puts_(pr, " indexing_maps = ");
        maps_list(pr, op);
    }
    bool trailing_attrs = k == IR_LN_TRANSPOSE || k == IR_LN_BROADCAST || k == IR_LN_MAP || k == IR_LN_REDUCE;
    if (!trailing_attrs) {
        /* cast is an inherent attribute printed in the attr-dict, like MLIR */
        if (l->cast || op->nattrs) {
            ir_named_attr *all = sp_arena_array(pr->ar, op->nattrs + 1, sizeof *all);
            uint32_t n = 0;
            if (l->cast) all[n++] = (ir_named_attr){"cast", l->cast};
            for (uint32_t i = 0; i < op->nattrs; i++) all[n++] = op->attrs[i];
            puts_(pr, " {");
            mlir_print_dict_items(pr->out, all, n);
            puts_(pr, "}");
        }
    }
    ins_outs(pr, op);
    if (k == IR_LN_TRANSPOSE) {
        puts_(pr, " permutation = ");
        int_list(pr, l->dimsattr, l->ndimsattr);
    } else if (k == IR_LN_BROADCAST || k == IR_LN_REDUCE) {
        puts_(pr, " dimensions = ");
        int_list(pr, l->dimsattr, l->ndimsattr);
    }
    if (trailing_attrs) attr_dict(pr, op->attrs, op->nattrs, " ");
    if (k == IR_LN_MAP || k == IR_LN_REDUCE) {
        puts_(pr, "\n");
        pr->indent++;
        indent(pr);
        arg_list(pr, body);
        puts_(pr, " ");
        region(pr, body, false);
        pr->indent--;
        return;
    }
    if (!trailing_attrs) result_types(pr, op);
}

static void print_func(printer *pr, const ir_op *op) {
    const ir_func_info *fn = &op->u.fn;
    puts_(pr, "func.func ");
    if (fn->is_private) puts_(pr, "private ");
    mlir_print_symbol(pr->out, fn->name);
    puts_(pr, "(");
    const ir_block *b = op->regions[0];
    for (uint32_t i = 0; i < fn->nargs; i++) {
        if (i) puts_(pr, ", ");
        if (!fn->is_decl) {
            val(pr, &b->args[i]);
            puts_(pr, ": ");
        }
        ty(pr, fn->arg_types[i]);
    }
    puts_(pr, ")");
    if (fn->nres) {
        puts_(pr, " -> ");
        if (fn->nres != 1) puts_(pr, "(");
        for (uint32_t i = 0; i < fn->nres; i++) {
            if (i) puts_(pr, ", ");
            ty(pr, fn->res_types[i]);
        }
        if (fn->nres != 1) puts_(pr, ")");
    }
    attr_dict(pr, op->attrs, op->nattrs, " attributes ");
    if (!fn->is_decl) {
        puts_(pr, " ");
        region(pr, b, false);
    }
}

/* tensor.extract_slice / insert_slice: offsets, sizes and strides, each a
 * list of constants and operands. */
static void print_slice(printer *pr, const ir_op *op) {
    ir_opkind k = (ir_opkind)op->kind;
    const char *name = ir_op_name(k);
    bool ins = k == IR_OP_INSERT_SLICE;
    sp_strbuf_printf(pr->out, "%s ", name);
    val(pr, op->opnds[0]);
    uint32_t next = 1;
    if (ins) {
        puts_(pr, " into ");
        val(pr, op->opnds[1]);
        next = 2;
    }
    const ir_slice_info *s = &op->u.slice;
    mixed_list(pr, op, s->offsets, s->rank, &next);
    puts_(pr, " ");
    mixed_list(pr, op, s->sizes, s->rank, &next);
    puts_(pr, " ");
    mixed_list(pr, op, s->strides, s->rank, &next);
    attr_dict(pr, op->attrs, op->nattrs, " ");
    puts_(pr, " : ");
    ty(pr, op->opnds[0]->type);
    puts_(pr, ins ? " into " : " to ");
    ty(pr, op->res[0].type);
}

/* tensor.expand_shape / collapse_shape: the reassociation groups, and an
 * expansion's output shape. */
static void print_reshape(printer *pr, const ir_op *op) {
    ir_opkind k = (ir_opkind)op->kind;
    const char *name = ir_op_name(k);
    sp_strbuf_printf(pr->out, "%s ", name);
    val(pr, op->opnds[0]);
    const ir_reshape_info *r = &op->u.reshape;
    puts_(pr, " [");
    for (uint32_t g = 0; g < r->ngroups; g++) {
        if (g) puts_(pr, ", ");
        int_list(pr, r->group_dims + r->group_start[g], r->group_start[g + 1] - r->group_start[g]);
    }
    puts_(pr, "]");
    if (k == IR_OP_EXPAND_SHAPE) {
        puts_(pr, " output_shape ");
        int_list(pr, op->res[0].type.dims, op->res[0].type.rank);
    }
    attr_dict(pr, op->attrs, op->nattrs, " ");
    puts_(pr, " : ");
    ty(pr, op->opnds[0]->type);
    puts_(pr, " into ");
    ty(pr, op->res[0].type);
}

/* tensor.pack / unpack: padding value, outer permutation, inner tiles. */
static void print_pack(printer *pr, const ir_op *op) {
    const char *name = ir_op_name((ir_opkind)op->kind);
    const ir_pack_info *pk = &op->u.pack;
    sp_strbuf_printf(pr->out, "%s ", name);
    val(pr, op->opnds[0]);
    if (pk->has_padding) {
        puts_(pr, " padding_value(");
        val(pr, op->opnds[2]);
        puts_(pr, " : ");
        ty(pr, op->opnds[2]->type);
        puts_(pr, ")");
    }
    if (pk->outer_dims_perm) {
        puts_(pr, " outer_dims_perm = ");
        int_list(pr, pk->outer_dims_perm, pk->nouter);
    }
    puts_(pr, " inner_dims_pos = ");
    int_list(pr, pk->inner_dims_pos, pk->ninner);
    puts_(pr, " inner_tiles = ");
    int_list(pr, pk->inner_tiles, pk->ninner);
    puts_(pr, " into ");
    val(pr, op->opnds[1]);
    attr_dict(pr, op->attrs, op->nattrs, " ");
    puts_(pr, " : ");
    ty(pr, op->opnds[0]->type);
    puts_(pr, " -> ");
    ty(pr, op->res[0].type);
}

/* vector.transfer_read: indices, padding, and its attributes (in_bounds,
 * permutation_map, the rest) in one dictionary. */
static void print_transfer_read(printer *pr, const ir_op *op) {
    uint32_t nidx = op->nopnds - 2;
    puts_(pr, "vector.transfer_read ");
    val(pr, op->opnds[0]);
    puts_(pr, "[");
    vals(pr, op->opnds + 1, nidx);
    puts_(pr, "], ");
    val(pr, op->opnds[1 + nidx]);
    bool any = op->u.xfer.in_bounds || op->u.xfer.perm || op->nattrs;
    if (any) {
        puts_(pr, " {");
        bool first = true;
        if (op->u.xfer.in_bounds) {
            puts_(pr, "in_bounds = [");
            for (uint32_t i = 0; i < op->u.xfer.n; i++)
                sp_strbuf_printf(pr->out, "%s%s", i ? ", " : "", op->u.xfer.in_bounds[i] ? "true" : "false");
            puts_(pr, "]");
            first = false;
        }
        if (op->u.xfer.perm) {
            puts_(pr, first ? "permutation_map = " : ", permutation_map = ");
            map_ref(pr, op->u.xfer.perm);
            first = false;
        }
        if (op->nattrs) {
            if (!first) puts_(pr, ", ");
            mlir_print_dict_items(pr->out, op->attrs, op->nattrs);
        }
        puts_(pr, "}");
    }
    puts_(pr, " : ");
    ty(pr, op->opnds[0]->type);
    puts_(pr, ", ");
    ty(pr, op->res[0].type);
}

/* scf.for: induction variable, bounds, step, iter_args and its region. */
static void print_for(printer *pr, const ir_op *op) {
    const ir_block *b = op->regions[0];
    puts_(pr, "scf.for ");
    val(pr, &b->args[0]);
    puts_(pr, " = ");
    vals(pr, op->opnds, 1);
    puts_(pr, " to ");
    vals(pr, op->opnds + 1, 1);
    puts_(pr, " step ");
    vals(pr, op->opnds + 2, 1);
    if (op->nres) {
        puts_(pr, " iter_args(");
        for (uint32_t i = 0; i < op->nres; i++) {
            if (i) puts_(pr, ", ");
            val(pr, &b->args[1 + i]);
            puts_(pr, " = ");
            val(pr, op->opnds[3 + i]);
        }
        puts_(pr, ") -> (");
        for (uint32_t i = 0; i < op->nres; i++) {
            if (i) puts_(pr, ", ");
            ty(pr, op->res[i].type);
        }
        puts_(pr, ")");
    }
    if (b->args[0].type.dtype != IR_INDEX) {
        puts_(pr, " : ");
        ty(pr, b->args[0].type);
    }
    puts_(pr, " ");
    region(pr, b, false);
    attr_dict(pr, op->attrs, op->nattrs, " ");
}

/* The ops of func, arith, math, cf and linalg (the terminators too) that
 * have a syntax of their own, without the results and the newline; false
 * for any other op. */
static bool print_scalar_op(printer *pr, const ir_op *op) {
    ir_opkind k = (ir_opkind)op->kind;
    const char *name = ir_op_name(k);
    switch (k) {
    case IR_OP_FUNC: print_func(pr, op); break;
    case IR_OP_RETURN:
    case IR_OP_SCF_YIELD:
    case IR_OP_TENSOR_YIELD:
    case IR_OP_LINALG_YIELD:
        puts_(pr, k == IR_OP_RETURN ? "return" : name);
        if (op->nopnds) {
            puts_(pr, " ");
            vals(pr, op->opnds, op->nopnds);
            puts_(pr, " : ");
            types_of(pr, op->opnds, op->nopnds);
        }
        break;
    case IR_OP_CALL:
        puts_(pr, "func.call ");
        mlir_print_symbol(pr->out, op->u.callee);
        puts_(pr, "(");
        vals(pr, op->opnds, op->nopnds);
        puts_(pr, ")");
        attr_dict(pr, op->attrs, op->nattrs, " ");
        puts_(pr, " : (");
        types_of(pr, op->opnds, op->nopnds);
        puts_(pr, ") -> ");
        if (op->nres != 1) puts_(pr, "(");
        for (uint32_t i = 0; i < op->nres; i++) {
            if (i) puts_(pr, ", ");
            ty(pr, op->res[i].type);
        }
        if (op->nres != 1) puts_(pr, ")");
        break;
    case IR_OP_CONSTANT:
        puts_(pr, "arith.constant ");
        attr_dict(pr, op->attrs, op->nattrs, "");
        if (op->nattrs) puts_(pr, " ");
        mlir_print_attr(pr->out, op->u.value);
        break;
    case IR_OP_CMPF:
    case IR_OP_CMPI:
        sp_strbuf_printf(pr->out, "%s %s, ", name, k == IR_OP_CMPF ? ir_cmpf_name(op->u.pred) : ir_cmpi_name(op->u.pred));
        vals(pr, op->opnds, 2);
        flags(pr, op, false);
        attr_dict(pr, op->attrs, op->nattrs, " ");
        puts_(pr, " : ");
        ty(pr, op->opnds[0]->type);
        break;
    case IR_OP_SELECT:
        puts_(pr, "arith.select ");
        vals(pr, op->opnds, 3);
        attr_dict(pr, op->attrs, op->nattrs, " ");
        puts_(pr, " : ");
        if (op->opnds[0]->type.kind != IR_T_SCALAR) {
            ty(pr, op->opnds[0]->type);
            puts_(pr, ", ");
        }
        ty(pr, op->res[0].type);
        break;
    case IR_OP_FPOWI:
        puts_(pr, "math.fpowi ");
        vals(pr, op->opnds, 2);
        flags(pr, op, false);
        attr_dict(pr, op->attrs, op->nattrs, " ");
        puts_(pr, " : ");
        ty(pr, op->res[0].type);
        puts_(pr, ", ");
        ty(pr, op->opnds[1]->type);
        break;
    case IR_OP_FMA:
        puts_(pr, "math.fma ");
        vals(pr, op->opnds, 3);
        flags(pr, op, false);
        attr_dict(pr, op->attrs, op->nattrs, " ");
        puts_(pr, " : ");
        ty(pr, op->res[0].type);
        break;
    case IR_OP_ASSERT:
        puts_(pr, "cf.assert ");
        val(pr, op->opnds[0]);
        puts_(pr, ", ");
        mlir_print_string(pr->out, op->u.msg.str, op->u.msg.len);
        attr_dict(pr, op->attrs, op->nattrs, " ");
        break;
    case IR_OP_LINALG: print_linalg(pr, op); break;
    case IR_OP_LINALG_INDEX:
        sp_strbuf_printf(pr->out, "linalg.index %lld", (long long)op->u.dim);
        attr_dict(pr, op->attrs, op->nattrs, " ");
        puts_(pr, " : index");
        break;
    default: return false;
    }
    return true;
}

/* The tensor ops, as print_scalar_op. */
static bool print_tensor_op(printer *pr, const ir_op *op) {
    switch ((ir_opkind)op->kind) {
    case IR_OP_EMPTY:
        puts_(pr, "tensor.empty()");
        attr_dict(pr, op->attrs, op->nattrs, " ");
        puts_(pr, " : ");
        ty(pr, op->res[0].type);
        break;
    case IR_OP_EXTRACT:
        puts_(pr, "tensor.extract ");
        val(pr, op->opnds[0]);
        puts_(pr, "[");
        vals(pr, op->opnds + 1, op->nopnds - 1);
        puts_(pr, "]");
        attr_dict(pr, op->attrs, op->nattrs, " ");
        puts_(pr, " : ");
        ty(pr, op->opnds[0]->type);
        break;
    case IR_OP_INSERT:
        puts_(pr, "tensor.insert ");
        val(pr, op->opnds[0]);
        puts_(pr, " into ");
        val(pr, op->opnds[1]);
        puts_(pr, "[");
        vals(pr, op->opnds + 2, op->nopnds - 2);
        puts_(pr, "]");
        attr_dict(pr, op->attrs, op->nattrs, " ");
        puts_(pr, " : ");
        ty(pr, op->opnds[1]->type);
        break;
    case IR_OP_EXTRACT_SLICE:
    case IR_OP_INSERT_SLICE: print_slice(pr, op); break;
    case IR_OP_EXPAND_SHAPE:
    case IR_OP_COLLAPSE_SHAPE: print_reshape(pr, op); break;
    case IR_OP_PAD:
        puts_(pr, "tensor.pad ");
        val(pr, op->opnds[0]);
        if (op->u.pad.nofold) puts_(pr, " nofold");
        puts_(pr, " low");
        int_list(pr, op->u.pad.low, op->u.pad.rank);
        puts_(pr, " high");
        int_list(pr, op->u.pad.high, op->u.pad.rank);
        puts_(pr, " ");
        region(pr, op->regions[0], true);
        attr_dict(pr, op->attrs, op->nattrs, " ");
        puts_(pr, " : ");
        ty(pr, op->opnds[0]->type);
        puts_(pr, " to ");
        ty(pr, op->res[0].type);
        break;
    case IR_OP_FROM_ELEMENTS:
        puts_(pr, "tensor.from_elements");
        if (op->nopnds) puts_(pr, " ");
        vals(pr, op->opnds, op->nopnds);
        attr_dict(pr, op->attrs, op->nattrs, " ");
        puts_(pr, " : ");
        ty(pr, op->res[0].type);
        break;
    case IR_OP_CONCAT:
        sp_strbuf_printf(pr->out, "tensor.concat dim(%lld) ", (long long)op->u.dim);
        vals(pr, op->opnds, op->nopnds);
        attr_dict(pr, op->attrs, op->nattrs, " ");
        puts_(pr, " : (");
        types_of(pr, op->opnds, op->nopnds);
        puts_(pr, ") -> ");
        ty(pr, op->res[0].type);
        break;
    case IR_OP_PACK:
    case IR_OP_UNPACK: print_pack(pr, op); break;
    default: return false;
    }
    return true;
}

/* scf.for, vector.print and transfer_read, ml_program.global and the
 * module, as print_scalar_op. */
static bool print_region_op(printer *pr, const ir_op *op) {
    switch ((ir_opkind)op->kind) {
    case IR_OP_FOR: print_for(pr, op); break;
    case IR_OP_VPRINT:
        puts_(pr, "vector.print");
        if (op->nopnds) {
            puts_(pr, " ");
            val(pr, op->opnds[0]);
            puts_(pr, " : ");
            ty(pr, op->opnds[0]->type);
        }
        if (op->u.vprint.str) {
            puts_(pr, " str ");
            mlir_print_string(pr->out, op->u.vprint.str, op->u.vprint.len);
        }
        if (op->u.vprint.punct) sp_strbuf_printf(pr->out, " punctuation <%s>", op->u.vprint.punct);
        attr_dict(pr, op->attrs, op->nattrs, " ");
        break;
    case IR_OP_TRANSFER_READ: print_transfer_read(pr, op); break;
    case IR_OP_GLOBAL: {
        const ir_global_info *g = &op->u.global;
        puts_(pr, "ml_program.global ");
        if (g->visibility) sp_strbuf_printf(pr->out, "%s ", g->visibility);
        if (g->is_mutable) puts_(pr, "mutable ");
        mlir_print_symbol(pr->out, g->name);
        if (g->value) {
            puts_(pr, "(");
            mlir_print_attr(pr->out, g->value);
            puts_(pr, ")");
        }
        puts_(pr, " : ");
        ty(pr, g->type);
        attr_dict(pr, op->attrs, op->nattrs, " ");
        break;
    }
    case IR_OP_MODULE:
        puts_(pr, "module {\n");
        pr->indent++;
        print_block_body(pr, op->regions[0]);
        pr->indent--;
        indent(pr);
        puts_(pr, "}");
        break;
    default: return false;
    }
    return true;
}

static void print_op(printer *pr, const ir_op *op) {
    indent(pr);
    if (op->nres) {
        for (uint32_t i = 0; i < op->nres; i++) {
            if (i) puts_(pr, ", ");
            val(pr, &op->res[i]);
        }
        puts_(pr, " = ");
    }
    ir_opkind k = (ir_opkind)op->kind;
    const char *name = ir_op_name(k);
    switch (ir_op_syntax(k)) {
    case IR_SYN_BINF:
    case IR_SYN_BINI:
        sp_strbuf_printf(pr->out, "%s ", name);
        vals(pr, op->opnds, 2);
        flags(pr, op, ir_op_syntax(k) == IR_SYN_BINI);
        attr_dict(pr, op->attrs, op->nattrs, " ");
        puts_(pr, " : ");
        ty(pr, op->res[0].type);
        puts_(pr, "\n");
        return;
    case IR_SYN_UNF:
    case IR_SYN_UNI:
        sp_strbuf_printf(pr->out, "%s ", name);
        val(pr, op->opnds[0]);
        flags(pr, op, false);
        attr_dict(pr, op->attrs, op->nattrs, " ");
        puts_(pr, " : ");
        ty(pr, op->res[0].type);
        puts_(pr, "\n");
        return;
    case IR_SYN_CAST:
        sp_strbuf_printf(pr->out, "%s ", name);
        val(pr, op->opnds[0]);
        flags(pr, op, false);
        attr_dict(pr, op->attrs, op->nattrs, " ");
        puts_(pr, " : ");
        ty(pr, op->opnds[0]->type);
        puts_(pr, " to ");
        ty(pr, op->res[0].type);
        puts_(pr, "\n");
        return;
    case IR_SYN_SPECIAL: break;
    }
    if (!print_scalar_op(pr, op) && !print_tensor_op(pr, op) && !print_region_op(pr, op))
        sp_strbuf_printf(pr->out, "\"%s\"() : () -> ()", name);
    puts_(pr, "\n");
}

static void print_block_body(printer *pr, const ir_block *b) {
    for (const ir_op *op = b->first; op; op = op->next) {
        if (op->kind == IR_OP_FUNC) {
            /* names are per function (isolated from above) */
            ir_op *f = (ir_op *)op;
            ir_func_number(f);
            pr->nnames = f->u.fn.nvalues;
            pr->names = sp_arena_array(pr->ar, pr->nnames ? pr->nnames : 1, sizeof *pr->names);
            pr->used = NULL;
            pr->capused = pr->nused = 0;
            name_add(pr, "\x01"); /* initialise the set */
            pr->next_num = pr->next_arg = 0;
            pr->suffix_keys = NULL;
            pr->suffix_next = NULL;
            pr->nsuffix = pr->capsuffix = 0;
            name_block(pr, f->regions[0], true);
            name_block(pr, f->regions[0], false);
        }
        print_op(pr, op);
    }
}

typedef struct print_job {
    const ir_module *m;
    printer *pr;
} print_job;

static void print_body(sp_ctx *ctx, void *ud) {
    (void)ctx;
    print_job *j = ud;
    printer *pr = j->pr;
    sp_strbuf *out = pr->out;
    ir_walk_block(ir_module_body(j->m), collect_maps_fn, pr);
    for (uint32_t i = 0; i < pr->nmaps; i++) {
        if (i == 0)
            sp_strbuf_puts(out, "#map = ");
        else
            sp_strbuf_printf(out, "#map%u = ", i);
        mlir_print_amap(out, pr->maps[i]);
        sp_strbuf_putc(out, '\n');
    }
    const ir_op *mod = j->m->op;
    sp_strbuf_puts(out, "module");
    if (mod->u.module.name) {
        sp_strbuf_putc(out, ' ');
        mlir_print_symbol(out, mod->u.module.name);
    }
    attr_dict(pr, mod->attrs, mod->nattrs, " attributes ");
    sp_strbuf_puts(out, " {\n");
    pr->indent = 1;
    print_block_body(pr, mod->regions[0]);
    sp_strbuf_puts(out, "}\n");
}

void mlir_print_module(const ir_module *m, sp_strbuf *out) {
    sp_arena scratch;
    sp_arena_init(&scratch, out->ctx);
    printer pr = {0};
    pr.out = out;
    pr.ctx = out->ctx;
    pr.ar = &scratch;
    /* scratch is freed on every path: run the body protected */
    print_job j = {m, &pr};
    sp_status st = sp_pcall(out->ctx, print_body, &j);
    sp_arena_free(&scratch);
    if (st != SP_OK) sp_rethrow(out->ctx);
}
