/* rewrite.h - tools for passes that change the IR: use counts, replacing
 * values, erasing dead ops, composing affine maps, comparing attributes.
 *
 *     ir_func_number(func);                     // ids for this function
 *     uint32_t *uses = ir_use_counts(m, func);  // arena array, by value id
 *     ir_replace_value(func, old, new);         // rewrite every operand
 *     ir_erase_dead(m, func);                   // pure ops without uses go
 *
 * Everything allocates from the module arena and raises through its ctx.
 */
#ifndef SPADC_IR_REWRITE_H
#define SPADC_IR_REWRITE_H

#include "ir.h"

/* Number of operand slots (in ops at any depth) that use each value of the
 * numbered function func; indexed by value id. */
uint32_t *ir_use_counts(ir_module *m, ir_op *func);

/* Every operand equal to `from` in func (at any depth) becomes `to`. */
void ir_replace_value(ir_op *func, const ir_value *from, ir_value *to);

/* Erase ops with no effect whose results are unused, repeatedly (in reverse
 * order, so chains of dead ops go in one sweep). Returns how many. */
uint32_t ir_erase_dead(ir_module *m, ir_op *func);

/* Ops without side effects (safe to erase when unused, to move, to fuse). */
bool ir_op_is_pure(const ir_op *op);

/* e with dimension j replaced by dims[j] (simplified). */
const ir_aexpr *ir_aexpr_subst(ir_module *m, const ir_aexpr *e, const ir_aexpr *const *dims);
/* The map x -> inner(outer-results substituted): given outer: L -> D and an
 * expression per dimension of inner's domain written over L, returns L -> R. */
const ir_amap *ir_amap_subst(ir_module *m, const ir_amap *inner, const ir_aexpr *const *dims, uint32_t ndims);

bool ir_attr_eq(const ir_attr *a, const ir_attr *b);

/* A structured op whose body only yields its single input (a copy,
 * transpose or broadcast): out[perm(d)] = in[in_map(d)]. */
bool ir_linalg_is_copy(const ir_op *op);
/* A structured op that fills its output with one scalar: returns the scalar
 * value (its scalar input or a value captured from outside), else NULL. */
ir_value *ir_linalg_fill_value(const ir_op *op);
/* The element-cast-free multiply-accumulate body of a contraction:
 * out + a*b (either order, extf on the inputs allowed). */
bool ir_linalg_is_mac(const ir_op *op);

#endif
