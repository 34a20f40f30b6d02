/* clone.c - a module's ops, blocks and values copied into a new module
 * (ir.h: ir_module_clone), so that a compiler of one function can run its
 * passes on a copy and leave its caller's module as it was.
 *
 * What passes change in place is copied: ops, their operand, result and
 * region arrays, blocks and their arguments, and the per-op arrays that
 * canonicalization rewrites (a structured op's maps and iterators, a
 * function's signature, slice, reshape, pad and pack parameters). What no
 * pass changes is shared with the source: attributes (constants' data
 * included, so weights are never copied), affine maps, type dimensions,
 * strings and locations. Hence the source must outlive the copy. */
#include <string.h>

#include "ir.h"

/* Old value -> new value, open addressing on the pointer. */
typedef struct vmap {
    const ir_value **from;
    ir_value **to;
    size_t cap; /* power of two */
} vmap;

typedef struct cloner {
    ir_module *m;
    vmap vm;
} cloner;

static size_t slot_of(const vmap *vm, const ir_value *v) {
    size_t h = (size_t)(((uintptr_t)v >> 4) * 0x9E3779B97F4A7C15ull) & (vm->cap - 1);
    while (vm->from[h] && vm->from[h] != v) h = (h + 1) & (vm->cap - 1);
    return h;
}

static void vmap_put(cloner *c, const ir_value *from, ir_value *to) {
    size_t h = slot_of(&c->vm, from);
    c->vm.from[h] = from;
    c->vm.to[h] = to;
}

/* A value defined outside what is being copied (never in a verified module)
 * maps to itself. */
static ir_value *vmap_get(const cloner *c, ir_value *v) {
    size_t h = slot_of(&c->vm, v);
    return c->vm.from[h] ? c->vm.to[h] : v;
}

static void count_values(const ir_block *b, size_t *n) {
    *n += b->nargs;
    for (const ir_op *op = b->first; op; op = op->next) {
        *n += op->nres;
        for (uint32_t r = 0; r < op->nregions; r++)
            if (op->regions[r]) count_values(op->regions[r], n);
    }
}

static void *dup(cloner *c, const void *p, size_t count, size_t size) {
    return p && count ? sp_arena_memdup(&c->m->arena, p, sp_size_mul(c->m->ctx, count, size)) : (void *)p;
}

/* The arrays of op->u that passes rewrite in place get copies of their own. */
static void copy_payload(cloner *c, ir_op *op) {
    switch ((ir_opkind)op->kind) {
    case IR_OP_LINALG: {
        ir_linalg *l = &op->u.lin;
        l->maps = dup(c, l->maps, l->nins + l->nouts, sizeof *l->maps);
        l->iters = dup(c, l->iters, l->ndims, sizeof *l->iters);
        break;
    }
    case IR_OP_FUNC: {
        ir_func_info *f = &op->u.fn;
        f->arg_types = dup(c, f->arg_types, f->nargs, sizeof *f->arg_types);
        f->res_types = dup(c, f->res_types, f->nres, sizeof *f->res_types);
        f->arg_attrs = dup(c, f->arg_attrs, f->nargs, sizeof *f->arg_attrs);
        f->res_attrs = dup(c, f->res_attrs, f->nres, sizeof *f->res_attrs);
        break;
    }
    case IR_OP_EXTRACT_SLICE:
    case IR_OP_INSERT_SLICE: {
        ir_slice_info *s = &op->u.slice;
        s->offsets = dup(c, s->offsets, s->rank, sizeof *s->offsets);
        s->sizes = dup(c, s->sizes, s->rank, sizeof *s->sizes);
        s->strides = dup(c, s->strides, s->rank, sizeof *s->strides);
        break;
    }
    case IR_OP_EXPAND_SHAPE:
    case IR_OP_COLLAPSE_SHAPE: {
        ir_reshape_info *r = &op->u.reshape;
        r->group_start = dup(c, r->group_start, r->ngroups + 1, sizeof *r->group_start);
        r->group_dims = dup(c, r->group_dims, r->nidx, sizeof *r->group_dims);
        break;
    }
    case IR_OP_PAD:
        op->u.pad.low = dup(c, op->u.pad.low, op->u.pad.rank, sizeof *op->u.pad.low);
        op->u.pad.high = dup(c, op->u.pad.high, op->u.pad.rank, sizeof *op->u.pad.high);
        break;
    case IR_OP_PACK:
    case IR_OP_UNPACK: {
        ir_pack_info *p = &op->u.pack;
        p->inner_dims_pos = dup(c, p->inner_dims_pos, p->ninner, sizeof *p->inner_dims_pos);
        p->inner_tiles = dup(c, p->inner_tiles, p->ninner, sizeof *p->inner_tiles);
        p->outer_dims_perm = dup(c, p->outer_dims_perm, p->nouter, sizeof *p->outer_dims_perm);
        break;
    }
    default: break;
    }
}

static ir_block *clone_block(cloner *c, const ir_block *src);

static ir_op *clone_op(cloner *c, const ir_op *src) {
    ir_op *op = ir_op_new(c->m, (ir_opkind)src->kind, src->loc, src->nopnds, src->nres, src->nregions);
    op->flags = src->flags;
    op->nprops = src->nprops;
    op->props = src->props;
    op->nattrs = src->nattrs;
    op->attrs = src->attrs;
    op->u = src->u;
    copy_payload(c, op);
    for (uint32_t i = 0; i < src->nres; i++) {
        op->res[i].type = src->res[i].type;
        op->res[i].name = src->res[i].name;
        vmap_put(c, &src->res[i], &op->res[i]);
    }
    /* regions before operands: a region's values are not the op's operands,
     * but the op's results are never its own operands either way */
    for (uint32_t r = 0; r < src->nregions; r++)
        op->regions[r] = src->regions[r] ? clone_block(c, src->regions[r]) : NULL;
    for (uint32_t r = 0; r < src->nregions; r++)
        if (op->regions[r]) op->regions[r]->parent = op;
    for (uint32_t i = 0; i < src->nopnds; i++) op->opnds[i] = vmap_get(c, src->opnds[i]);
    return op;
}

static ir_block *clone_block(cloner *c, const ir_block *src) {
    ir_block *b = ir_block_new(c->m, src->nargs, NULL);
    for (uint32_t i = 0; i < src->nargs; i++) {
        b->args[i].type = src->args[i].type;
        b->args[i].name = src->args[i].name;
        vmap_put(c, &src->args[i], &b->args[i]);
    }
    for (const ir_op *op = src->first; op; op = op->next) ir_block_append(b, clone_op(c, op));
    return b;
}

void ir_module_clone(const ir_module *src, ir_module **out) {
    sp_ctx *ctx = src->ctx;
    ir_module *m = ir_module_new(ctx);
    *out = m;
    m->filename = src->filename;
    if (!src->op) return;
    size_t n = 0;
    for (uint32_t r = 0; r < src->op->nregions; r++)
        if (src->op->regions[r]) count_values(src->op->regions[r], &n);
    size_t cap = 16;
    while (cap < 2 * n + 1) cap = sp_size_mul(ctx, cap, 2);
    cloner c = {m, {sp_arena_array(&m->arena, cap, sizeof(ir_value *)), sp_arena_array(&m->arena, cap, sizeof(ir_value *)), cap}};
    m->op = clone_op(&c, src->op);
}
