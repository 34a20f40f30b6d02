/* rewrite.c - IR rewriting tools (see rewrite.h). */
#include "rewrite.h"

#include <string.h>

static void count_block(const ir_block *b, uint32_t *uses, uint32_t n) {
    for (const ir_op *op = b->first; op; op = op->next) {
        for (uint32_t i = 0; i < op->nopnds; i++)
            if (op->opnds[i]->id < n) uses[op->opnds[i]->id]++;
        for (uint32_t r = 0; r < op->nregions; r++) count_block(op->regions[r], uses, n);
    }
}

uint32_t *ir_use_counts(ir_module *m, ir_op *func) {
    uint32_t n = func->u.fn.nvalues;
    uint32_t *uses = sp_arena_array(&m->arena, n ? n : 1, sizeof *uses);
    count_block(func->regions[0], uses, n);
    return uses;
}

static void replace_block(ir_block *b, const ir_value *from, ir_value *to) {
    for (ir_op *op = b->first; op; op = op->next) {
        for (uint32_t i = 0; i < op->nopnds; i++)
            if (op->opnds[i] == from) op->opnds[i] = to;
        for (uint32_t r = 0; r < op->nregions; r++) replace_block(op->regions[r], from, to);
    }
}

void ir_replace_value(ir_op *func, const ir_value *from, ir_value *to) { replace_block(func->regions[0], from, to); }

bool ir_op_is_pure(const ir_op *op) {
    switch ((ir_opkind)op->kind) {
    case IR_OP_MODULE:
    case IR_OP_FUNC:
    case IR_OP_RETURN:
    case IR_OP_CALL:
    case IR_OP_FOR:
    case IR_OP_SCF_YIELD:
    case IR_OP_TENSOR_YIELD:
    case IR_OP_LINALG_YIELD:
    case IR_OP_VPRINT:
    case IR_OP_ASSERT: /* no results, but a check that must run */
    case IR_OP_GLOBAL: return false;
    case IR_OP_DIVSI:
    case IR_OP_DIVUI:
    case IR_OP_REMSI:
    case IR_OP_REMUI:
    case IR_OP_CEILDIVSI:
    case IR_OP_FLOORDIVSI: return false; /* may trap on zero */
    default: return true;
    }
}

static void dead_block(ir_block *b, uint32_t *uses, uint32_t n, uint32_t *erased);

static void release_operands(ir_op *op, uint32_t *uses, uint32_t n) {
    for (uint32_t i = 0; i < op->nopnds; i++)
        if (op->opnds[i]->id < n && uses[op->opnds[i]->id]) uses[op->opnds[i]->id]--;
    for (uint32_t r = 0; r < op->nregions; r++)
        for (ir_op *o = op->regions[r]->first; o; o = o->next) release_operands(o, uses, n);
}

static void dead_block(ir_block *b, uint32_t *uses, uint32_t n, uint32_t *erased) {
    for (ir_op *op = b->last, *prev; op; op = prev) {
        prev = op->prev;
        for (uint32_t r = 0; r < op->nregions; r++) dead_block(op->regions[r], uses, n, erased);
        if (!ir_op_is_pure(op)) continue;
        bool used = false;
        for (uint32_t i = 0; i < op->nres; i++)
            if (op->res[i].id >= n || uses[op->res[i].id]) used = true;
        if (used) continue;
        release_operands(op, uses, n);
        ir_block_remove(b, op);
        (*erased)++;
    }
}

uint32_t ir_erase_dead(ir_module *m, ir_op *func) {
    ir_func_number(func);
    uint32_t *uses = ir_use_counts(m, func);
    uint32_t erased = 0, before;
    do {
        before = erased;
        dead_block(func->regions[0], uses, func->u.fn.nvalues, &erased);
    } while (erased != before);
    return erased;
}

const ir_aexpr *ir_aexpr_subst(ir_module *m, const ir_aexpr *e, const ir_aexpr *const *dims) {
    switch (e->kind) {
    case IR_AE_DIM: return dims[e->val];
    case IR_AE_SYM:
    case IR_AE_CONST: return e;
    default: return ir_ae_bin(m, (ir_aexpr_kind)e->kind, ir_aexpr_subst(m, e->l, dims), ir_aexpr_subst(m, e->r, dims));
    }
}

const ir_amap *ir_amap_subst(ir_module *m, const ir_amap *inner, const ir_aexpr *const *dims, uint32_t ndims) {
    ir_amap *r = ir_amap_new(m, ndims, inner->nsyms, inner->nres);
    for (uint32_t i = 0; i < inner->nres; i++) r->res[i] = ir_aexpr_subst(m, inner->res[i], dims);
    return r;
}

bool ir_attr_eq(const ir_attr *a, const ir_attr *b) {
    if (a == b) return true;
    if (!a || !b || a->kind != b->kind || !ir_type_eq(a->type, b->type)) return false;
    switch (a->kind) {
    case IR_A_UNIT: return true;
    case IR_A_BOOL: return a->u.b == b->u.b;
    case IR_A_INT: return a->u.i == b->u.i;
    case IR_A_FLOAT: return a->u.bits == b->u.bits;
    case IR_A_STRING:
    case IR_A_SYMREF:
    case IR_A_OPAQUE: return a->u.str.len == b->u.str.len && !memcmp(a->u.str.s, b->u.str.s, a->u.str.len);
    case IR_A_TYPE: return ir_type_eq(a->u.ty, b->u.ty);
    case IR_A_MAP: return ir_amap_eq(a->u.map, b->u.map);
    case IR_A_ARRAY:
        if (a->u.arr.n != b->u.arr.n) return false;
        for (uint32_t i = 0; i < a->u.arr.n; i++)
            if (!ir_attr_eq(a->u.arr.items[i], b->u.arr.items[i])) return false;
        return true;
    case IR_A_DARRAY:
        return a->u.darr.n == b->u.darr.n && !memcmp(a->u.darr.vals, b->u.darr.vals, a->u.darr.n * sizeof(int64_t));
    case IR_A_DICT:
        if (a->u.dict.n != b->u.dict.n) return false;
        for (uint32_t i = 0; i < a->u.dict.n; i++)
            if (strcmp(a->u.dict.items[i].name, b->u.dict.items[i].name) ||
                !ir_attr_eq(a->u.dict.items[i].attr, b->u.dict.items[i].attr))
                return false;
        return true;
    case IR_A_ELEMENTS: {
        const ir_elements *x = a->u.elems, *y = b->u.elems;
        if (!ir_type_eq(x->type, y->type)) return false;
        int nb = ir_dtype_bytes((ir_dtype)x->type.dtype);
        int64_t n = ir_type_numel(x->type);
        if (x->splat && y->splat) return !memcmp(x->data, y->data, (size_t)nb);
        for (int64_t i = 0; i < n; i++) /* a splat equals a dense list of one value */
            if (memcmp(x->data + (x->splat ? 0 : i * nb), y->data + (y->splat ? 0 : i * nb), (size_t)nb)) return false;
        return true;
    }
    case IR_A_FTYPE:
        if (a->u.fty.nin != b->u.fty.nin || a->u.fty.nout != b->u.fty.nout) return false;
        for (uint32_t i = 0; i < a->u.fty.nin + a->u.fty.nout; i++)
            if (!ir_type_eq(a->u.fty.types[i], b->u.fty.types[i])) return false;
        return true;
    }
    return false;
}

bool ir_linalg_is_copy(const ir_op *op) {
    if (op->kind != IR_OP_LINALG) return false;
    const ir_linalg *l = &op->u.lin;
    if (l->nins != 1 || l->nouts != 1) return false;
    for (uint32_t d = 0; d < l->ndims; d++)
        if (l->iters[d] != IR_ITER_PARALLEL) return false;
    const ir_block *b = ir_linalg_body(op);
    if (!b->first || b->first != b->last || b->first->kind != IR_OP_LINALG_YIELD) return false;
    if (b->first->opnds[0] != &b->args[0]) return false;
    if (op->opnds[0]->type.kind != IR_T_TENSOR) return false;
    /* the output map must be a permutation (each point written once) */
    const ir_amap *om = l->maps[1];
    return om->nres == l->ndims && ir_amap_is_projected_perm(om, false) &&
           ir_amap_is_projected_perm(l->maps[0], true);
}

ir_value *ir_linalg_fill_value(const ir_op *op) {
    if (op->kind != IR_OP_LINALG) return NULL;
    const ir_linalg *l = &op->u.lin;
    if (l->nouts != 1) return NULL;
    for (uint32_t d = 0; d < l->ndims; d++)
        if (l->iters[d] != IR_ITER_PARALLEL) return NULL;
    const ir_amap *om = l->maps[l->nins];
    if (om->nres != l->ndims || !ir_amap_is_projected_perm(om, false)) return NULL;
    const ir_block *b = ir_linalg_body(op);
    if (!b->first || b->first != b->last || b->first->kind != IR_OP_LINALG_YIELD) return NULL;
    ir_value *y = b->first->opnds[0];
    if (y->owner == b && !y->def) { /* yields a block argument: must be a scalar input */
        if (y->index >= l->nins || op->opnds[y->index]->type.kind != IR_T_SCALAR) return NULL;
        return op->opnds[y->index];
    }
    /* a value captured from outside the body */
    if (y->def && y->def->parent != b && y->type.kind == IR_T_SCALAR) return y;
    return NULL;
}

bool ir_linalg_is_mac(const ir_op *op) {
    if (op->kind != IR_OP_LINALG) return false;
    const ir_linalg *l = &op->u.lin;
    if (l->nins != 2 || l->nouts != 1) return false;
    const ir_block *b = ir_linalg_body(op);
    const ir_value *a = &b->args[0], *bb = &b->args[1], *out = &b->args[2];
    const ir_op *y = b->last;
    if (!y || y->kind != IR_OP_LINALG_YIELD || y->nopnds != 1) return false;
    const ir_op *add = y->opnds[0]->def;
    if (!add || add->parent != b || !(add->kind == IR_OP_ADDF || add->kind == IR_OP_ADDI)) return false;
    const ir_value *mulv = add->opnds[0] == out ? add->opnds[1] : add->opnds[1] == out ? add->opnds[0] : NULL;
    if (!mulv || !mulv->def || mulv->def->parent != b) return false;
    const ir_op *mul = mulv->def;
    if (!(mul->kind == IR_OP_MULF || mul->kind == IR_OP_MULI)) return false;
    /* operands: the two inputs, each possibly through one widening cast */
    const ir_value *x = mul->opnds[0], *w = mul->opnds[1];
    if (x->def && x->def->parent == b && (x->def->kind == IR_OP_EXTF || x->def->kind == IR_OP_SITOFP)) x = x->def->opnds[0];
    if (w->def && w->def->parent == b && (w->def->kind == IR_OP_EXTF || w->def->kind == IR_OP_SITOFP)) w = w->def->opnds[0];
    if (!((x == a && w == bb) || (x == bb && w == a))) return false;
    /* nothing else in the body */
    uint32_t nops = 0;
    for (const ir_op *o = b->first; o; o = o->next) nops++;
    uint32_t want = 3 + (mul->opnds[0] != x) + (mul->opnds[1] != w);
    return nops == want;
}
