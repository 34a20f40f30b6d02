/* canon_int.h - the parts of canonicalization (passes.h), private to
 * src/passes. canon.c owns the walk: one walk in program order per round,
 * each op's operands resolved through the forwarding table first, then the
 * rules rewrite it; rounds repeat until nothing changes. A rule takes the
 * round's state and one op, and returns whether it changed anything (a
 * rule that does not apply changes nothing). It may insert new ops before
 * the op (the walk reaches them next round), rewrite the op and its body in
 * place (canon_relink), and replace a value for the rest of the round with
 * canon_forward; the ops it leaves unused are erased at the round's end.
 *
 *   canon.c           the walk, operand editing, rules on one structured
 *                     op's operands, init and body
 *   canon_reshape.c   reshapes (views): pairs that cancel, elementwise ops
 *                     run in the unexpanded shape
 *   canon_prologue.c  a contraction's elementwise prologue split off
 *   canon_tensor.c    pads of copies, concat as insert_slices,
 *                     from_elements read back or built by a generic
 */
#ifndef SPADC_PASSES_CANON_INT_H
#define SPADC_PASSES_CANON_INT_H

#include "ir/ir.h"

/* One round over one function. */
typedef struct canon {
    ir_module *m;
    ir_op *func;
    ir_value **fwd; /* by value id (ids from the round's numbering) */
    uint32_t *uses; /* by value id: operand slots using it at the round's start */
    uint32_t n;
    uint32_t changes;
} canon;

#define CANON_MAX_OPNDS 64                /* operands of an op a rule rewrites */
#define CANON_MAX_LOOPS (IR_MAX_RANK * 4) /* loops of an op a rule rewrites */

/* Later uses of from read to (counts a change). */
void canon_forward(canon *c, ir_value *from, ir_value *to);
/* Point body operands that use old block args at their replacements. */
void canon_rewire_block(ir_block *b, const ir_block *old, ir_value *const *to);
/* The ops of block old move into nb, their uses of old's arguments now
 * reading to[]; old is left empty. */
void canon_move_body(ir_block *old, ir_block *nb, ir_value *const *to);
/* Give S new operands (ins then outs, with maps); each old block argument
 * becomes new_arg[i] >= 0 (an argument of the new body) or value[i]. */
void canon_relink(canon *c, ir_op *S, uint32_t nins, uint32_t nouts, ir_value *const *opnds,
                  const ir_amap *const *maps, const int *new_arg, ir_value *const *value);
/* Whether every loop of structured op S is parallel. */
bool canon_all_parallel(const ir_op *S);

/* The rules of the other parts, as the walk calls them. */
bool canon_fold_reshape_pair(canon *c, ir_op *op);     /* canon_reshape.c */
bool canon_collapse_elementwise(canon *c, ir_op *E);   /* canon_reshape.c */
bool canon_split_prologue(canon *c, ir_op *S);         /* canon_prologue.c */
bool canon_swap_pad_copy(canon *c, ir_op *P);          /* canon_tensor.c */
bool canon_concat_to_inserts(canon *c, ir_op *C);      /* canon_tensor.c */
bool canon_extract_element(canon *c, ir_op *X);        /* canon_tensor.c */
bool canon_elements_to_generic(canon *c, ir_op *F);    /* canon_tensor.c */

#endif
