/* build.h - builders for the ops passes create (empty, constants, fill,
 * binary elementwise generics, a generic's body), allocated in the module arena.
 *
 *     ir_op *e = ir_build_empty(m, loc, t);
 *     ir_op *z = ir_build_zero(m, loc, IR_F32);
 *     ir_op *f = ir_build_fill(m, loc, &z->res[0], &e->res[0]);
 *     ir_block_insert_before(block, before, e);  ...  // caller links them
 */
#ifndef SPADC_IR_BUILD_H
#define SPADC_IR_BUILD_H

#include "ir.h"

ir_op *ir_build_empty(ir_module *m, sp_loc loc, ir_type t);
/* arith.constant with the given typed attribute */
ir_op *ir_build_constant(ir_module *m, sp_loc loc, const ir_attr *value);
/* arith.constant 0 of a scalar dtype */
ir_op *ir_build_zero(ir_module *m, sp_loc loc, ir_dtype dt);
/* arith.constant v of a float dtype (v rounded to it) */
ir_op *ir_build_float(ir_module *m, sp_loc loc, ir_dtype dt, double v);
/* An op of a scalar arith kind over operands a (and b unless NULL), result
 * type t: addf, mulf, divf, ... */
ir_op *ir_build_scalar(ir_module *m, sp_loc loc, ir_opkind kind, ir_value *a, ir_value *b, ir_type t);
/* tensor.expand_shape / collapse_shape of src into type t; the groups
 * (ngroups + 1 starts into dims, numbered 0..) are copied */
ir_op *ir_build_reshape(ir_module *m, sp_loc loc, ir_opkind kind, ir_value *src, ir_type t, uint32_t ngroups,
                        const uint32_t *group_start, const int64_t *group_dims);
/* The scalar value of a splat constant as an arith.constant */
ir_op *ir_build_splat_scalar(ir_module *m, sp_loc loc, const ir_elements *e);
/* linalg.fill ins(scalar) outs(init) */
ir_op *ir_build_fill(ir_module *m, sp_loc loc, ir_value *scalar, ir_value *init);
/* linalg.generic over init's shape: out = a OP b (identity maps, all
 * parallel), OP a binary arith op kind */
ir_op *ir_build_binary(ir_module *m, sp_loc loc, ir_opkind kind, ir_value *a, ir_value *b, ir_value *init);
/* linalg.generic ins(a) outs(init) over init's shape (identity maps, all
 * parallel) with an empty body of two arguments (a's and init's elements):
 * the caller appends the body, ending with ir_build_yield */
ir_op *ir_build_map(ir_module *m, sp_loc loc, ir_value *a, ir_value *init);
/* linalg.generic with no inputs over init's shape (identity map, all
 * parallel) and an empty body of one argument (init's element): the
 * caller appends the body, ending with ir_build_yield */
ir_op *ir_build_generic_over(ir_module *m, sp_loc loc, ir_value *init);
/* linalg.yield v, appended to b */
void ir_build_yield(ir_module *m, ir_block *b, sp_loc loc, ir_value *v);

#endif
