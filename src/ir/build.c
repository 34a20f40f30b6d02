/* build.c - op builders for passes (see build.h). */
#include "build.h"

#include <string.h>

#include "base/fp16.h"

ir_op *ir_build_empty(ir_module *m, sp_loc loc, ir_type t) {
    ir_op *op = ir_op_new(m, IR_OP_EMPTY, loc, 0, 1, 0);
    op->res[0].type = t;
    return op;
}

ir_op *ir_build_constant(ir_module *m, sp_loc loc, const ir_attr *value) {
    ir_op *op = ir_op_new(m, IR_OP_CONSTANT, loc, 0, 1, 0);
    op->u.value = value;
    op->res[0].type = value->type;
    return op;
}

ir_op *ir_build_zero(ir_module *m, sp_loc loc, ir_dtype dt) {
    ir_attr *a = sp_arena_alloc(&m->arena, sizeof *a);
    a->type = ir_scalar_type(dt);
    if (ir_dtype_is_float(dt)) {
        a->kind = IR_A_FLOAT;
        a->u.bits = 0;
    } else if (dt == IR_I1) {
        a->kind = IR_A_BOOL;
        a->u.b = false;
    } else {
        a->kind = IR_A_INT;
        a->u.i = 0;
    }
    return ir_build_constant(m, loc, a);
}

ir_op *ir_build_float(ir_module *m, sp_loc loc, ir_dtype dt, double v) {
    ir_attr *a = sp_arena_alloc(&m->arena, sizeof *a);
    a->type = ir_scalar_type(dt);
    a->kind = IR_A_FLOAT;
    if (dt == IR_F64) {
        memcpy(&a->u.bits, &v, sizeof v);
    } else if (dt == IR_F32) {
        float f = (float)v;
        uint32_t b;
        memcpy(&b, &f, sizeof b);
        a->u.bits = b;
    } else {
        a->u.bits = dt == IR_BF16 ? sp_f64_to_bf16(v) : sp_f64_to_f16(v);
    }
    return ir_build_constant(m, loc, a);
}

ir_op *ir_build_scalar(ir_module *m, sp_loc loc, ir_opkind kind, ir_value *a, ir_value *b, ir_type t) {
    ir_op *op = ir_op_new(m, kind, loc, b ? 2 : 1, 1, 0);
    op->opnds[0] = a;
    if (b) op->opnds[1] = b;
    op->res[0].type = t;
    return op;
}

ir_op *ir_build_reshape(ir_module *m, sp_loc loc, ir_opkind kind, ir_value *src, ir_type t, uint32_t ngroups,
                        const uint32_t *group_start, const int64_t *group_dims) {
    ir_op *op = ir_op_new(m, kind, loc, 1, 1, 0);
    op->opnds[0] = src;
    op->res[0].type = t;
    ir_reshape_info *r = &op->u.reshape;
    r->ngroups = ngroups;
    r->nidx = group_start[ngroups];
    r->group_start = sp_arena_memdup(&m->arena, group_start, (ngroups + 1) * sizeof *group_start);
    r->group_dims = sp_arena_memdup(&m->arena, group_dims, (r->nidx ? r->nidx : 1) * sizeof *group_dims);
    return op;
}

ir_op *ir_build_splat_scalar(ir_module *m, sp_loc loc, const ir_elements *e) {
    ir_dtype dt = (ir_dtype)e->type.dtype;
    ir_attr *a = sp_arena_alloc(&m->arena, sizeof *a);
    a->type = ir_scalar_type(dt);
    if (ir_dtype_is_float(dt)) {
        a->kind = IR_A_FLOAT;
        uint64_t bits = 0;
        int nb = ir_dtype_bytes(dt);
        for (int k = nb - 1; k >= 0; k--) bits = (bits << 8) | e->data[k];
        a->u.bits = bits;
    } else if (dt == IR_I1) {
        a->kind = IR_A_BOOL;
        a->u.b = ir_elements_get_i(e, 0) != 0;
    } else {
        a->kind = IR_A_INT;
        a->u.i = ir_elements_get_i(e, 0);
    }
    return ir_build_constant(m, loc, a);
}

static ir_op *structured(ir_module *m, sp_loc loc, ir_linalg_kind named, uint32_t nins, ir_value *const *ins,
                         ir_value *init, uint32_t rank) {
    ir_op *op = ir_op_new(m, IR_OP_LINALG, loc, nins + 1, 1, 1);
    for (uint32_t i = 0; i < nins; i++) op->opnds[i] = ins[i];
    op->opnds[nins] = init;
    op->res[0].type = init->type;
    ir_linalg *l = &op->u.lin;
    l->named = (uint8_t)named;
    l->nins = nins;
    l->nouts = 1;
    l->ndims = rank;
    l->iters = sp_arena_array(&m->arena, rank ? rank : 1, 1);
    l->maps = sp_arena_array(&m->arena, nins + 1, sizeof *l->maps);
    ir_type *tys = sp_arena_array(&m->arena, nins + 1, sizeof *tys);
    for (uint32_t i = 0; i <= nins; i++) tys[i] = ir_scalar_type(ir_value_elem(op->opnds[i]));
    ir_op_set_region(op, 0, ir_block_new(m, nins + 1, tys));
    return op;
}

void ir_build_yield(ir_module *m, ir_block *b, sp_loc loc, ir_value *v) {
    ir_op *y = ir_op_new(m, IR_OP_LINALG_YIELD, loc, 1, 0, 0);
    y->opnds[0] = v;
    ir_block_append(b, y);
}

ir_op *ir_build_fill(ir_module *m, sp_loc loc, ir_value *scalar, ir_value *init) {
    uint32_t r = init->type.rank;
    ir_op *op = structured(m, loc, IR_LN_FILL, 1, &scalar, init, r);
    op->u.lin.maps[0] = ir_amap_new(m, r, 0, 0);
    op->u.lin.maps[1] = ir_amap_identity(m, r);
    ir_block *b = op->regions[0];
    ir_build_yield(m, b, loc, &b->args[0]);
    return op;
}

ir_op *ir_build_binary(ir_module *m, sp_loc loc, ir_opkind kind, ir_value *a, ir_value *b, ir_value *init) {
    uint32_t r = init->type.rank;
    ir_value *ins[2] = {a, b};
    ir_op *op = structured(m, loc, IR_LN_GENERIC, 2, ins, init, r);
    for (int i = 0; i < 3; i++) op->u.lin.maps[i] = ir_amap_identity(m, r);
    ir_block *body = op->regions[0];
    ir_op *x = ir_op_new(m, kind, loc, 2, 1, 0);
    x->opnds[0] = &body->args[0];
    x->opnds[1] = &body->args[1];
    x->res[0].type = ir_scalar_type(ir_value_elem(init));
    ir_block_append(body, x);
    ir_build_yield(m, body, loc, &x->res[0]);
    return op;
}

ir_op *ir_build_map(ir_module *m, sp_loc loc, ir_value *a, ir_value *init) {
    uint32_t r = init->type.rank;
    ir_op *op = structured(m, loc, IR_LN_GENERIC, 1, &a, init, r);
    for (int i = 0; i < 2; i++) op->u.lin.maps[i] = ir_amap_identity(m, r);
    return op;
}

ir_op *ir_build_generic_over(ir_module *m, sp_loc loc, ir_value *init) {
    uint32_t r = init->type.rank;
    ir_op *op = structured(m, loc, IR_LN_GENERIC, 0, NULL, init, r);
    op->u.lin.maps[0] = ir_amap_identity(m, r);
    return op;
}
