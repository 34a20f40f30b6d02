/* canon.c - canonicalization (see passes.h): the walk and the rules on one
 * structured op's operands, init and body. One walk in program order per
 * round: an op's operands are first resolved through the forwarding table
 * (values replaced earlier in the round), then the rules below and those of
 * canon_reshape.c, canon_prologue.c and canon_tensor.c (canon_int.h)
 * rewrite it. Rounds repeat until nothing changes; each round is linear in
 * the IR. */
#include <string.h>

#include "ir/build.h"
#include "ir/rewrite.h"
#include "ir/verify.h"
#include "canon_int.h"
#include "passes.h"

static ir_value *resolve(canon *c, ir_value *v) {
    while (v->id < c->n && c->fwd[v->id]) v = c->fwd[v->id];
    return v;
}

/* Later uses of from read to. A value made in this round has no id in its
 * numbering (a trailing add of detach_init, say): its uses are rewritten
 * at once instead. */
void canon_forward(canon *c, ir_value *from, ir_value *to) {
    if (from->id < c->n)
        c->fwd[from->id] = to;
    else
        ir_replace_value(c->func, from, to);
    c->changes++;
}

/* ------------------------------------------------ editing linalg operands */

/* Point body operands that use old block args at their replacements. */
void canon_rewire_block(ir_block *b, const ir_block *old, ir_value *const *to) {
    for (ir_op *op = b->first; op; op = op->next) {
        for (uint32_t i = 0; i < op->nopnds; i++) {
            ir_value *v = op->opnds[i];
            if (!v->def && v->owner == old) op->opnds[i] = to[v->index];
        }
        for (uint32_t r = 0; r < op->nregions; r++) canon_rewire_block(op->regions[r], old, to);
    }
}

/* The ops of block old move into nb, their uses of old's arguments now
 * reading to[]; old is left empty. */
void canon_move_body(ir_block *old, ir_block *nb, ir_value *const *to) {
    canon_rewire_block(old, old, to);
    nb->first = old->first;
    nb->last = old->last;
    for (ir_op *o = nb->first; o; o = o->next) o->parent = nb;
    old->first = old->last = NULL;
}

/* Give S new operands (ins then outs, with maps); each old block argument
 * becomes new_arg[i] >= 0 (an argument of the new body) or value[i]. */
void canon_relink(canon *c, ir_op *S, uint32_t nins, uint32_t nouts, ir_value *const *opnds,
                  const ir_amap *const *maps, const int *new_arg, ir_value *const *value) {
    ir_module *m = c->m;
    uint32_t n = nins + nouts;
    ir_block *old = ir_linalg_body(S);
    ir_type *tys = sp_arena_array(&m->arena, n ? n : 1, sizeof *tys);
    for (uint32_t i = 0; i < n; i++) tys[i] = ir_scalar_type(ir_value_elem(opnds[i]));
    ir_block *nb = ir_block_new(m, n, tys);
    ir_value **to = sp_arena_array(&m->arena, old->nargs ? old->nargs : 1, sizeof *to);
    for (uint32_t i = 0; i < old->nargs; i++) to[i] = new_arg[i] >= 0 ? &nb->args[new_arg[i]] : value[i];
    canon_move_body(old, nb, to);
    ir_op_set_region(S, 0, nb);
    S->opnds = sp_arena_memdup(&m->arena, opnds, n * sizeof *opnds);
    S->nopnds = n;
    ir_linalg *l = &S->u.lin;
    l->maps = sp_arena_memdup(&m->arena, maps, n * sizeof *maps);
    l->nins = nins;
    l->nouts = nouts;
    l->named = IR_LN_GENERIC; /* no longer the named op's exact form */
    c->changes++;
}

/* ------------------------------------------------ elementwise forks */

#define FORK_MAX_OPS 32

/* An op of an elementwise DAG over loops bounds[0, n): all loops parallel,
 * one tensor result through the identity map, its output not read, a body
 * of scalar ops (no regions). */
static bool fork_member(const ir_op *S, uint32_t n, const int64_t *bounds) {
    const ir_linalg *l = &S->u.lin;
    int64_t b[IR_MAX_RANK];
    if (S->kind != IR_OP_LINALG || S->nres != 1 || l->nouts != 1 || l->ndims != n || n > IR_MAX_RANK ||
        S->res[0].type.kind != IR_T_TENSOR || !canon_all_parallel(S) || !ir_amap_is_identity(l->maps[l->nins]) ||
        !ir_linalg_loop_bounds(S, b) || (bounds && memcmp(b, bounds, n * sizeof *b)))
        return false;
    const ir_block *body = ir_linalg_body(S);
    for (const ir_op *o = body->first; o; o = o->next) {
        if (o->nregions) return false;
        for (uint32_t i = 0; i < o->nopnds; i++)
            if (o->opnds[i] == &body->args[l->nins]) return false;
    }
    return true;
}

/* Input slots of op S reading v; *identity false when one reads it
 * through another map. */
static uint32_t reads_of(const ir_op *S, const ir_value *v, bool *identity) {
    uint32_t n = 0;
    for (uint32_t i = 0; i < S->u.lin.nins; i++)
        if (S->opnds[i] == v) {
            n++;
            if (identity && !ir_amap_is_identity(S->u.lin.maps[i])) *identity = false;
        }
    return n;
}

/* A copy of scalar op o (no regions) whose operands are read through
 * from[k] -> to[k] (others as they are), appended to b. */
static ir_op *copy_scalar_op(ir_module *m, ir_block *b, const ir_op *o, ir_value *const *from, ir_value *const *to,
                             uint32_t nmap) {
    ir_op *n = ir_op_new(m, (ir_opkind)o->kind, o->loc, o->nopnds, o->nres, 0);
    n->flags = o->flags;
    n->nprops = o->nprops, n->props = o->props;
    n->nattrs = o->nattrs, n->attrs = o->attrs;
    n->u = o->u;
    for (uint32_t i = 0; i < o->nopnds; i++) {
        n->opnds[i] = o->opnds[i];
        for (uint32_t k = 0; k < nmap; k++)
            if (from[k] == o->opnds[i]) n->opnds[i] = to[k];
    }
    for (uint32_t r = 0; r < o->nres; r++) n->res[r].type = o->res[r].type;
    ir_block_append(b, n);
    return n;
}

/* The elementwise DAG that ends at J, merged into one op when a value from
 * outside it is read by two of its ops and by nothing else: a fork that J
 * joins again, which ends a kernel's chain (passes/fuse.c grows kernels
 * along chains), as x does in torch's approximate GELU (its formula at
 * cpu/cpu.h's fused GELU instructions), read by x * 0.5, x^3 and x + ...,
 * each a generic. The DAG: J and, recursively, each op of J's loops whose
 * result only one op of the DAG reads, through the identity map. The merged
 * op reads the DAG's inputs (each value and map once) and computes the
 * bodies in block order; the old ops are left dead (bodies copied, not
 * moved: an op that is still read stays whole). */
static bool join_fork(canon *c, ir_op *J) {
    int64_t bounds[IR_MAX_RANK];
    const uint32_t n = J->u.lin.ndims;
    if (!fork_member(J, n, NULL) || !ir_linalg_loop_bounds(J, bounds)) return false;
    ir_op *S[FORK_MAX_OPS];
    uint32_t ns = 0;
    S[ns++] = J;
    for (uint32_t k = 0; k < ns; k++)
        for (uint32_t i = 0; i < S[k]->u.lin.nins; i++) {
            ir_value *v = S[k]->opnds[i];
            ir_op *P = v->def;
            bool seen = false, identity = true;
            for (uint32_t q = 0; q < ns; q++) seen |= S[q] == P;
            if (seen || !P || P->parent != J->parent || v->id >= c->n || c->uses[v->id] != reads_of(S[k], v, &identity) ||
                !identity || !fork_member(P, n, bounds) || ns == FORK_MAX_OPS)
                continue;
            S[ns++] = P;
        }
    if (ns < 2) return false;
    /* in block order (producers first); the inputs from outside, each once */
    ir_op *ord[FORK_MAX_OPS];
    uint32_t no = 0;
    for (ir_op *o = J->parent->first; o && no < ns; o = o->next)
        for (uint32_t q = 0; q < ns; q++)
            if (S[q] == o) ord[no++] = o;
    if (no != ns || ord[ns - 1] != J) return false;
    ir_module *m = c->m;
    uint32_t cap = 0, nbody = 0;
    for (uint32_t q = 0; q < ns; q++) {
        cap += ord[q]->u.lin.nins;
        for (const ir_op *o = ir_linalg_body(ord[q])->first; o; o = o->next) nbody += o->nres;
    }
    ir_value **ins = sp_arena_array(&m->arena, cap + 1, sizeof *ins);
    const ir_amap **maps = sp_arena_array(&m->arena, cap + 1, sizeof *maps);
    uint32_t nin = 0;
    bool forked = false;
    for (uint32_t q = 0; q < ns; q++) {
        const ir_op *o = ord[q];
        for (uint32_t i = 0; i < o->u.lin.nins; i++) {
            ir_value *v = o->opnds[i];
            bool inner = false, dup = false;
            for (uint32_t k = 0; k < ns; k++) inner |= v->def == ord[k];
            if (inner) continue;
            for (uint32_t k = 0; k < nin; k++) dup |= ins[k] == v && ir_amap_eq(maps[k], o->u.lin.maps[i]);
            if (dup) continue;
            uint32_t readers = 0, slots = 0;
            for (uint32_t k = 0; k < ns; k++) {
                const uint32_t r = reads_of(ord[k], v, NULL);
                readers += r > 0, slots += r;
            }
            forked |= readers >= 2 && v->id < c->n && c->uses[v->id] == slots;
            ins[nin] = v, maps[nin++] = o->u.lin.maps[i];
        }
    }
    if (!forked) return false;
    /* the merged op: J's loops and init, the bodies in order */
    ir_op *G = ir_op_new(m, IR_OP_LINALG, J->loc, nin + 1, 1, 1);
    memcpy(G->opnds, ins, nin * sizeof *ins);
    G->opnds[nin] = J->opnds[J->u.lin.nins];
    maps[nin] = J->u.lin.maps[J->u.lin.nins];
    G->res[0].type = J->res[0].type;
    G->res[0].name = J->res[0].name;
    G->u.lin = (ir_linalg){.named = IR_LN_GENERIC, .ndims = n, .nins = nin, .nouts = 1, .maps = maps,
                         .iters = sp_arena_memdup(&m->arena, J->u.lin.iters, n ? n : 1)};
    ir_type *tys = sp_arena_array(&m->arena, nin + 1, sizeof *tys);
    for (uint32_t i = 0; i <= nin; i++) tys[i] = ir_scalar_type(ir_value_elem(G->opnds[i]));
    ir_block *nb = ir_block_new(m, nin + 1, tys);
    ir_op_set_region(G, 0, nb);
    /* old value -> new: each op's block arguments, its body's results */
    const uint32_t mcap = cap + ns + nbody + 1;
    ir_value **from = sp_arena_array(&m->arena, mcap, sizeof *from), **to = sp_arena_array(&m->arena, mcap, sizeof *to);
    ir_value **yielded = sp_arena_array(&m->arena, ns, sizeof *yielded);
    for (uint32_t q = 0; q < ns; q++) {
        const ir_op *o = ord[q];
        ir_block *b = ir_linalg_body(o);
        uint32_t nmap = 0;
        for (uint32_t i = 0; i <= o->u.lin.nins; i++) {
            from[nmap] = &b->args[i];
            to[nmap] = &nb->args[nin]; /* the output (not read) */
            if (i < o->u.lin.nins) {
                for (uint32_t k = 0; k < q; k++)
                    if (o->opnds[i] == &ord[k]->res[0]) to[nmap] = yielded[k];
                for (uint32_t k = 0; k < nin; k++)
                    if (ins[k] == o->opnds[i] && ir_amap_eq(maps[k], o->u.lin.maps[i])) to[nmap] = &nb->args[k];
            }
            nmap++;
        }
        for (const ir_op *x = b->first; x; x = x->next) {
            if (x->kind == IR_OP_LINALG_YIELD) {
                yielded[q] = x->opnds[0];
                for (uint32_t k = 0; k < nmap; k++)
                    if (from[k] == x->opnds[0]) yielded[q] = to[k];
                break;
            }
            ir_op *y = copy_scalar_op(m, nb, x, from, to, nmap);
            for (uint32_t r = 0; r < x->nres; r++) from[nmap] = &x->res[r], to[nmap++] = &y->res[r];
        }
    }
    ir_build_yield(m, nb, J->loc, yielded[ns - 1]);
    ir_block_insert_before(J->parent, J, G);
    canon_forward(c, &J->res[0], &G->res[0]);
    return true;
}

/* ---------------------------------------------------------------- rules */

bool canon_all_parallel(const ir_op *S) {
    for (uint32_t d = 0; d < S->u.lin.ndims; d++)
        if (S->u.lin.iters[d] != IR_ITER_PARALLEL) return false;
    return true;
}

/* S reads input i as v through map instead, unless a loop would then lose
 * its bound (a reduced loop only the folded view spanned: a reduction of a
 * broadcast, a unit dim a reshape added). */
static bool reread_input(ir_op *S, uint32_t i, ir_value *v, const ir_amap *map) {
    ir_linalg *l = &S->u.lin;
    int64_t before[CANON_MAX_LOOPS], after[CANON_MAX_LOOPS];
    if (l->ndims > CANON_MAX_LOOPS || !ir_linalg_loop_bounds(S, before)) return false;
    const ir_amap *om = l->maps[i];
    ir_value *ov = S->opnds[i];
    l->maps[i] = map;
    S->opnds[i] = v;
    if (!ir_linalg_loop_bounds(S, after) || memcmp(before, after, l->ndims * sizeof *before)) {
        l->maps[i] = om;
        S->opnds[i] = ov;
        return false;
    }
    l->named = IR_LN_GENERIC;
    return true;
}

/* Input i of S is a reshape that only adds or drops dims of size 1 (a
 * keepdim reduction written as linalg.reduce + expand_shape, torch's
 * unsqueeze/squeeze): S reads the reshape's source, each group of it at
 * the expression S reads the group's one non-unit dim with, and a unit dim
 * at 0. False (nothing changed) when a group has two dims of size > 1. */
static bool fold_unit_reshape(ir_module *m, ir_op *S, uint32_t i) {
    ir_linalg *l = &S->u.lin;
    const ir_op *d = S->opnds[i]->def;
    const ir_reshape_info *R = &d->u.reshape;
    bool expand = d->kind == IR_OP_EXPAND_SHAPE;
    /* an elementwise op on expand_shape(v) is better run in v's shape
     * (canon_collapse_elementwise), where it fuses into v's producer, than over a
     * unit loop of its own */
    if (expand && canon_all_parallel(S) && ir_amap_is_identity(l->maps[i])) return false;
    ir_type hi = expand ? d->res[0].type : d->opnds[0]->type; /* the side the groups split */
    int64_t keep[IR_MAX_RANK]; /* per group: its non-unit dim, or -1 */
    if (R->ngroups > IR_MAX_RANK || hi.rank > IR_MAX_RANK) return false;
    for (uint32_t g = 0; g < R->ngroups; g++) {
        keep[g] = -1;
        for (uint32_t j = R->group_start[g]; j < R->group_start[g + 1]; j++) {
            if (hi.dims[j] == 1) continue;
            if (keep[g] >= 0 || hi.dims[j] < 0) return false;
            keep[g] = j;
        }
    }
    const ir_amap *mp = l->maps[i];
    const ir_aexpr *zero = ir_ae_const(m, 0);
    ir_amap *nm = ir_amap_new(m, l->ndims, mp->nsyms, expand ? R->ngroups : hi.rank);
    /* a group of unit dims only is read at a loop S read it with, if any
     * (of extent 1, the same element as at 0): the loop stays an index of
     * the input, as where the program spells the unit dim without a
     * reshape */
    for (uint32_t g = 0; g < R->ngroups; g++)
        if (expand) {
            nm->res[g] = zero;
            if (keep[g] >= 0)
                nm->res[g] = mp->res[keep[g]];
            else
                for (uint32_t j = R->group_start[g]; j < R->group_start[g + 1]; j++)
                    if (mp->res[j]->kind == IR_AE_DIM) {
                        nm->res[g] = mp->res[j];
                        break;
                    }
        } else
            for (uint32_t j = R->group_start[g]; j < R->group_start[g + 1]; j++)
                nm->res[j] = (int64_t)j == keep[g] || (keep[g] < 0 && j == R->group_start[g]) ? mp->res[g] : zero;
    /* a contraction's parallel loops are classified by the inputs that
     * read them (B, M, N): a unit loop that only the reshape's unit dims
     * read would change class if it were read at 0 (M to N: a query of one
     * row no longer has a row loop), so the kernels would depend on how the
     * program spells a unit dim (law L5); such a reshape stays, a view the
     * kernel reads through. (A reduction loop stays a K loop while another
     * operand reads it, which reread_input checks.) */
    if (!canon_all_parallel(S))
        for (uint32_t x = 0; x < l->ndims; x++) {
            if (l->iters[x] != IR_ITER_PARALLEL) continue;
            bool was = false, is = false;
            for (uint32_t r = 0; r < mp->nres; r++) was |= ir_aexpr_dim(mp->res[r]) == (int)x;
            for (uint32_t r = 0; r < nm->nres; r++) is |= ir_aexpr_dim(nm->res[r]) == (int)x;
            if (was && !is) return false;
        }
    return reread_input(S, i, d->opnds[0], nm);
}

/* The map S reads d's input with, where S reads d's result (a copy or a
 * cast: one input, all parallel, a permutation onto its output) through
 * S's map i: Mc(p) = om(q) gives q_j from Mc's result r with om.res[r] =
 * d_j, and the input is read at im(q). */
static const ir_amap *map_through(ir_module *m, const ir_op *S, uint32_t i, const ir_op *d) {
    const ir_amap *mc = S->u.lin.maps[i], *om = d->u.lin.maps[1], *im = d->u.lin.maps[0];
    const ir_aexpr **q = sp_arena_array(&m->arena, d->u.lin.ndims ? d->u.lin.ndims : 1, sizeof *q);
    for (uint32_t r = 0; r < om->nres; r++) q[ir_aexpr_dim(om->res[r])] = mc->res[r];
    return ir_amap_subst(m, im, q, S->u.lin.ndims);
}

/* d widens its one input element for element: a body of one arith.extf of
 * the input (bf16 or f16 to f32, torch-mlir's cast of a low-precision
 * Linear's operands), an output map that is a permutation. */
static bool is_widening_copy(const ir_op *d) {
    if (d->kind != IR_OP_LINALG) return false;
    const ir_linalg *l = &d->u.lin;
    if (l->nins != 1 || l->nouts != 1 || d->opnds[0]->type.kind != IR_T_TENSOR) return false;
    for (uint32_t x = 0; x < l->ndims; x++)
        if (l->iters[x] != IR_ITER_PARALLEL) return false;
    const ir_block *b = ir_linalg_body(d);
    const ir_op *e = b->first;
    if (!e || e->kind != IR_OP_EXTF || e->opnds[0] != &b->args[0] || e->next != b->last ||
        b->last->kind != IR_OP_LINALG_YIELD || b->last->opnds[0] != &e->res[0])
        return false;
    const ir_amap *om = l->maps[1];
    return om->nres == l->ndims && ir_amap_is_projected_perm(om, false) && ir_amap_is_projected_perm(l->maps[0], true);
}

/* A contraction's input that is a widening copy (fold_input) is read in its
 * own precision, the extf moved into S's body: the engines then convert
 * while packing, and the f32 copy is never written (law L4). The same
 * values are multiplied, so the result is the same. So is an elementwise
 * op's input read through a broadcast (a bf16 Linear's bias, widened and
 * added in the epilogue), which fusion would not merge: one kernel fewer. */
static bool fold_cast_input(canon *c, ir_op *S, uint32_t i, ir_op *d) {
    if (!is_widening_copy(d)) return false;
    /* (not into a copy: a broadcast copy is itself folded into its
     * consumers, which then read the cast through the broadcast) */
    if (canon_all_parallel(S) && (ir_linalg_is_copy(S) || (ir_amap_is_projected_perm(S->u.lin.maps[i], false) &&
                                                     S->u.lin.maps[i]->nres == S->u.lin.ndims)))
        return false;
    ir_block *b = ir_linalg_body(S);
    ir_value *arg = &b->args[i];
    const ir_op *e = ir_linalg_body(d)->first;
    if (!reread_input(S, i, d->opnds[0], map_through(c->m, S, i, d))) return false;
    ir_op *x = ir_build_scalar(c->m, e->loc, IR_OP_EXTF, arg, NULL, arg->type);
    for (ir_op *o = b->first; o; o = o->next)
        for (uint32_t k = 0; k < o->nopnds; k++)
            if (o->opnds[k] == arg) o->opnds[k] = &x->res[0];
    arg->type = ir_scalar_type(ir_value_elem(d->opnds[0]));
    if (b->first) ir_block_insert_before(b, b->first, x);
    else ir_block_append(b, x);
    c->changes++;
    return true;
}

/* An input of S that is a fill, a splat constant, or a transpose/broadcast
 * copy is read from its source instead: a scalar, or the copy's input
 * through the composed map; so is a reshape by unit dims
 * (fold_unit_reshape). */
static bool fold_input(canon *c, ir_op *S, uint32_t i) {
    ir_module *m = c->m;
    ir_linalg *l = &S->u.lin;
    ir_value *x = S->opnds[i];
    ir_op *d = x->def;
    if (!d || x->type.kind != IR_T_TENSOR) return false;
    if (d->kind == IR_OP_LINALG) {
        ir_value *fv = ir_linalg_fill_value(d);
        if (fv && ir_type_eq(fv->type, ir_scalar_type(ir_value_elem(x)))) {
            S->opnds[i] = fv;
            l->maps[i] = ir_amap_new(m, l->ndims, 0, 0);
            l->named = IR_LN_GENERIC;
            c->changes++;
            return true;
        }
        if (ir_linalg_is_copy(d)) {
            if (!reread_input(S, i, d->opnds[0], map_through(m, S, i, d))) return false;
            c->changes++;
            return true;
        }
        if (fold_cast_input(c, S, i, d)) return true;
    }
    if ((d->kind == IR_OP_EXPAND_SHAPE || d->kind == IR_OP_COLLAPSE_SHAPE) && fold_unit_reshape(m, S, i)) {
        c->changes++;
        return true;
    }
    if (d->kind == IR_OP_CONSTANT && d->u.value->kind == IR_A_ELEMENTS && d->u.value->u.elems->splat) {
        ir_op *k = ir_build_splat_scalar(m, S->loc, d->u.value->u.elems);
        ir_block_insert_before(S->parent, S, k);
        S->opnds[i] = &k->res[0];
        l->maps[i] = ir_amap_new(m, l->ndims, 0, 0);
        l->named = IR_LN_GENERIC;
        c->changes++;
        return true;
    }
    return false;
}

/* An elementwise op reads a unit dim of an input at 0 where its loop of
 * the same position has extent 1 and the map does not read that loop
 * otherwise: it reads the dim at that loop instead, the same element. A
 * keepdim statistic written (d0, 0) by a reduction is then read as the
 * permutation (d0, d1) its consumers would read it with had the program
 * spelled it through expand_shape, and fuses the same way (law L5). */
static bool unit_zero_to_loop(canon *c, ir_op *S) {
    ir_linalg *l = &S->u.lin;
    int64_t bounds[CANON_MAX_LOOPS];
    if (!canon_all_parallel(S) || l->ndims > CANON_MAX_LOOPS || !ir_linalg_loop_bounds(S, bounds)) return false;
    bool changed = false;
    for (uint32_t i = 0; i < l->nins; i++) {
        const ir_amap *mp = l->maps[i];
        const ir_value *v = S->opnds[i];
        if (v->type.kind != IR_T_TENSOR || mp->nres != l->ndims || mp->nres != v->type.rank) continue;
        ir_amap *nm = NULL;
        for (uint32_t r = 0; r < mp->nres; r++) {
            const ir_aexpr *e = mp->res[r];
            if (e->kind != IR_AE_CONST || e->val != 0 || v->type.dims[r] != 1 || bounds[r] != 1) continue;
            bool read = false;
            for (uint32_t q = 0; q < mp->nres; q++) read |= ir_aexpr_dim(mp->res[q]) == (int)r;
            if (read) continue;
            if (!nm) {
                nm = ir_amap_new(c->m, mp->ndims, mp->nsyms, mp->nres);
                for (uint32_t q = 0; q < mp->nres; q++) nm->res[q] = mp->res[q];
            }
            nm->res[r] = ir_ae_dim(c->m, r);
        }
        if (nm && reread_input(S, i, S->opnds[i], nm)) changed = true;
    }
    if (changed) c->changes++;
    return changed;
}

/* Scalar inputs are captured by the body instead of passed as operands. */
static bool capture_scalars(canon *c, ir_op *S) {
    ir_linalg *l = &S->u.lin;
    uint32_t n = ir_linalg_nopnds(S);
    /* elementwise ops only: a fill keeps its scalar operand, and a
     * contraction keeps a broadcast (splat) input as an operand */
    if (l->named == IR_LN_FILL || !canon_all_parallel(S)) return false;
    bool any = false;
    for (uint32_t i = 0; i < l->nins; i++) any |= S->opnds[i]->type.kind == IR_T_SCALAR;
    if (!any || n > CANON_MAX_OPNDS) return false;
    ir_value *opnds[CANON_MAX_OPNDS], *value[CANON_MAX_OPNDS];
    const ir_amap *maps[CANON_MAX_OPNDS];
    int new_arg[CANON_MAX_OPNDS];
    uint32_t k = 0, nins = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (i < l->nins && S->opnds[i]->type.kind == IR_T_SCALAR) {
            new_arg[i] = -1;
            value[i] = S->opnds[i];
            continue;
        }
        new_arg[i] = (int)k;
        value[i] = NULL;
        opnds[k] = S->opnds[i];
        maps[k] = l->maps[i];
        k++;
        if (i < l->nins) nins++;
    }
    canon_relink(c, S, nins, l->nouts, opnds, maps, new_arg, value);
    return true;
}

/* An elementwise op that reads its outs (in-place style) takes it as an
 * input and writes a fresh tensor: the same value, without the aliasing. */
static bool outs_to_input(canon *c, ir_op *S) {
    ir_linalg *l = &S->u.lin;
    if (l->nouts != 1 || !canon_all_parallel(S) || ir_linalg_nopnds(S) + 1 > CANON_MAX_OPNDS) return false;
    ir_block *b = ir_linalg_body(S);
    if (!ir_block_arg_used(b, &b->args[l->nins])) return false;
    const ir_amap *om = l->maps[l->nins];
    if (om->nres != l->ndims || !ir_amap_is_projected_perm(om, false)) return false;
    ir_value *out = S->opnds[l->nins];
    ir_op *e = ir_build_empty(c->m, S->loc, out->type);
    ir_block_insert_before(S->parent, S, e);
    ir_value *opnds[CANON_MAX_OPNDS], *value[CANON_MAX_OPNDS] = {0};
    const ir_amap *maps[CANON_MAX_OPNDS];
    int new_arg[CANON_MAX_OPNDS];
    for (uint32_t i = 0; i < l->nins; i++) {
        opnds[i] = S->opnds[i];
        maps[i] = l->maps[i];
        new_arg[i] = (int)i;
    }
    opnds[l->nins] = out;
    maps[l->nins] = om;
    opnds[l->nins + 1] = &e->res[0];
    maps[l->nins + 1] = om;
    new_arg[l->nins] = (int)l->nins; /* the old out argument is now the input */
    canon_relink(c, S, l->nins + 1, 1, opnds, maps, new_arg, value);
    return true;
}

/* The body combines into out with addf/addi and reads out nowhere else:
 * then init + f(...) == (0 + f(...)) + init, up to rounding. */
static bool add_combiner(const ir_op *S, ir_opkind *kind) {
    const ir_block *b = ir_linalg_body(S);
    const ir_value *out = &b->args[S->u.lin.nins];
    const ir_op *y = b->last;
    if (!y || y->kind != IR_OP_LINALG_YIELD || y->nopnds != 1) return false;
    const ir_op *add = y->opnds[0]->def;
    if (!add || add->parent != b || !(add->kind == IR_OP_ADDF || add->kind == IR_OP_ADDI)) return false;
    if (!(add->opnds[0] == out) == !(add->opnds[1] == out)) return false; /* out exactly once */
    for (const ir_op *o = b->first; o; o = o->next)
        for (uint32_t i = 0; i < o->nopnds; i++)
            if (o->opnds[i] == out && o != add) return false;
    *kind = (ir_opkind)add->kind;
    return true;
}

/* The init of a reduction: empty and fills stay (zero or scalar init); a
 * splat constant becomes a fill (it is a scalar, never written); any other
 * tensor init of an add-reduction (a bias broadcast into outs, an argument
 * to accumulate into, a dense constant) moves into a trailing add that only
 * reads it. */
static bool detach_init(canon *c, ir_op *S) {
    ir_module *m = c->m;
    ir_linalg *l = &S->u.lin;
    if (l->nouts != 1 || canon_all_parallel(S)) return false;
    ir_block *b = ir_linalg_body(S);
    if (!ir_block_arg_used(b, &b->args[l->nins])) return false;
    ir_value *init = S->opnds[l->nins];
    ir_op *d = init->def;
    if (d && (d->kind == IR_OP_EMPTY || (d->kind == IR_OP_LINALG && ir_linalg_fill_value(d)))) return false;
    if (d && d->kind == IR_OP_CONSTANT && d->u.value->kind == IR_A_ELEMENTS && d->u.value->u.elems->splat) {
        ir_op *k = ir_build_splat_scalar(m, S->loc, d->u.value->u.elems);
        ir_op *e = ir_build_empty(m, S->loc, init->type);
        ir_op *f = ir_build_fill(m, S->loc, &k->res[0], &e->res[0]);
        ir_block_insert_before(S->parent, S, k);
        ir_block_insert_before(S->parent, S, e);
        ir_block_insert_before(S->parent, S, f);
        S->opnds[l->nins] = &f->res[0];
        c->changes++;
        return true;
    }
    ir_opkind add;
    if (!add_combiner(S, &add)) return false;
    ir_dtype dt = ir_value_elem(init);
    ir_op *z = ir_build_zero(m, S->loc, dt);
    ir_op *e = ir_build_empty(m, S->loc, init->type);
    ir_op *f = ir_build_fill(m, S->loc, &z->res[0], &e->res[0]);
    ir_block_insert_before(S->parent, S, z);
    ir_block_insert_before(S->parent, S, e);
    ir_block_insert_before(S->parent, S, f);
    S->opnds[l->nins] = &f->res[0];
    /* T = S + init, then every later use of S reads T */
    ir_op *e2 = ir_build_empty(m, S->loc, init->type);
    ir_op *t = ir_build_binary(m, S->loc, add == IR_OP_ADDF ? IR_OP_ADDF : IR_OP_ADDI, &S->res[0], init, &e2->res[0]);
    ir_block_insert_before(S->parent, S->next, e2);
    ir_block_insert_before(S->parent, e2->next, t);
    ir_replace_value(c->func, &S->res[0], &t->res[0]);
    t->opnds[0] = &S->res[0];
    c->changes++;
    return true;
}

/* A body op's one result replaced by v (defined before it) in the ops
 * after it, and the op removed. A body is flat, so its uses follow it. */
static void replace_body_op(ir_block *b, ir_op *o, ir_value *v) {
    for (ir_op *u = o->next; u; u = u->next)
        for (uint32_t i = 0; i < u->nopnds; i++)
            if (u->opnds[i] == &o->res[0]) u->opnds[i] = v;
    ir_block_remove(b, o);
}

/* A float cast of a constant is a constant: torch-mlir writes LayerNorm's
 * and BatchNorm's epsilon as an f64 constant truncated in the body, a cast
 * no engine needs to run per element. Results f32 and f64, where the C
 * conversion rounds as arith.truncf does (to nearest even), and a truncf to
 * bf16 or f16, rounded as the reference rounds it (ir_build_float). */
static bool fold_const_casts(canon *c, ir_block *b) {
    bool any = false;
    for (ir_op *o = b->first, *next; o; o = next) {
        next = o->next;
        if ((o->kind != IR_OP_TRUNCF && o->kind != IR_OP_EXTF) || o->res[0].type.kind != IR_T_SCALAR) continue;
        const ir_op *d = o->opnds[0]->def;
        ir_dtype dt = (ir_dtype)o->res[0].type.dtype;
        if (!d || d->kind != IR_OP_CONSTANT || d->u.value->kind != IR_A_FLOAT ||
            (dt != IR_F32 && dt != IR_F64 && !(o->kind == IR_OP_TRUNCF && (dt == IR_BF16 || dt == IR_F16))))
            continue;
        ir_op *k = ir_build_float(c->m, o->loc, dt, ir_attr_float(d->u.value));
        ir_block_insert_before(b, o, k);
        replace_body_op(b, o, &k->res[0]);
        c->changes++;
        any = true;
    }
    return any;
}

/* x ** n with a constant integer n, |n| <= 64 (torch's x**3 in approximate GELU)
 * is products by squaring, and 1 / that for n < 0: ops every target's
 * body compiler has. (The reference rounds pow once; the products round at
 * each step: within an ulp or two.) */
static bool expand_fpowi(canon *c, ir_block *b) {
    bool any = false;
    for (ir_op *o = b->first, *next; o; o = next) {
        next = o->next;
        if (o->kind != IR_OP_FPOWI || o->res[0].type.kind != IR_T_SCALAR) continue;
        const ir_op *d = o->opnds[1]->def;
        if (!d || d->kind != IR_OP_CONSTANT || d->u.value->kind != IR_A_INT) continue;
        int64_t n = d->u.value->u.i;
        if (n < -64 || n > 64) continue;
        ir_module *m = c->m;
        ir_type t = o->res[0].type;
        uint64_t e = (uint64_t)(n < 0 ? -n : n);
        ir_value *acc = NULL, *sq = o->opnds[0];
        while (e) { /* square and multiply, low bit first */
            if (e & 1) {
                if (!acc) {
                    acc = sq;
                } else {
                    ir_op *mul = ir_build_scalar(m, o->loc, IR_OP_MULF, acc, sq, t);
                    ir_block_insert_before(b, o, mul);
                    acc = &mul->res[0];
                }
            }
            e >>= 1;
            if (e) {
                ir_op *sqr = ir_build_scalar(m, o->loc, IR_OP_MULF, sq, sq, t);
                ir_block_insert_before(b, o, sqr);
                sq = &sqr->res[0];
            }
        }
        if (!acc || n < 0) {
            ir_op *one = ir_build_float(m, o->loc, (ir_dtype)t.dtype, 1.0);
            ir_block_insert_before(b, o, one);
            if (acc) {
                ir_op *div = ir_build_scalar(m, o->loc, IR_OP_DIVF, &one->res[0], acc, t);
                ir_block_insert_before(b, o, div);
                acc = &div->res[0];
            } else {
                acc = &one->res[0];
            }
        }
        replace_body_op(b, o, acc);
        c->changes++;
        any = true;
    }
    return any;
}

/* A float constant that is not NaN. */
static bool is_number_const(const ir_value *v) {
    const ir_op *d = v->def;
    if (!d || d->kind != IR_OP_CONSTANT || d->u.value->kind != IR_A_FLOAT) return false;
    double x = ir_attr_float(d->u.value);
    return x == x;
}

/* select(cmpf(P, x, c), x, c) and its mirrors, c a constant, are max(x, c)
 * or min(x, c) (torch's ReLU is max(x, 0), its ReLU6 and clamp add a min
 * with 6): the NaN-propagating maximumf / minimumf when a NaN x selects x
 * (unordered predicates compare true), maxnumf / minnumf when it selects c.
 * With c = 0 the select and max(x, 0) may differ in the sign of a zero. */
static bool minmax_in_body(canon *c, ir_block *b) {
    bool any = false;
    for (ir_op *o = b->first; o; o = o->next) {
        if (o->kind != IR_OP_SELECT || o->res[0].type.kind != IR_T_SCALAR) continue;
        const ir_op *cmp = o->opnds[0]->def;
        if (!cmp || cmp->kind != IR_OP_CMPF) continue;
        ir_value *t = o->opnds[1], *f = o->opnds[2], *p = cmp->opnds[0], *q = cmp->opnds[1];
        int64_t pred = cmp->u.pred;
        ir_value *x, *k;
        if (is_number_const(q) && !is_number_const(p)) {
            x = p, k = q;
        } else if (is_number_const(p) && !is_number_const(q)) { /* cmp(c, x): mirror the predicate */
            x = q, k = p;
            static const int64_t mirror[IR_CMPF_COUNT] = {
                [IR_CMPF_OGT] = IR_CMPF_OLT, [IR_CMPF_OGE] = IR_CMPF_OLE, [IR_CMPF_OLT] = IR_CMPF_OGT,
                [IR_CMPF_OLE] = IR_CMPF_OGE, [IR_CMPF_UGT] = IR_CMPF_ULT, [IR_CMPF_UGE] = IR_CMPF_ULE,
                [IR_CMPF_ULT] = IR_CMPF_UGT, [IR_CMPF_ULE] = IR_CMPF_UGE};
            pred = mirror[pred] ? mirror[pred] : -1;
        } else {
            continue;
        }
        if (!((t == x && f == k) || (t == k && f == x))) continue;
        bool greater = pred == IR_CMPF_OGT || pred == IR_CMPF_OGE || pred == IR_CMPF_UGT || pred == IR_CMPF_UGE;
        bool less = pred == IR_CMPF_OLT || pred == IR_CMPF_OLE || pred == IR_CMPF_ULT || pred == IR_CMPF_ULE;
        if (!greater && !less) continue;
        /* x > c ? x : c  or  x < c ? c : x is a max; the other two a min */
        bool max = greater == (t == x);
        bool unordered = pred >= IR_CMPF_UEQ;
        bool nan_gives_x = unordered ? t == x : f == x;
        o->kind = max ? (nan_gives_x ? IR_OP_MAXIMUMF : IR_OP_MAXNUMF) : (nan_gives_x ? IR_OP_MINIMUMF : IR_OP_MINNUMF);
        o->nopnds = 2;
        o->opnds[0] = x;
        o->opnds[1] = k;
        o->flags = 0;
        any = true;
        c->changes++;
    }
    return any;
}

/* Marks the body values the yields in keep[] need, through the body's ops
 * (a backward slice; block arguments included). */
static void mark_needed(const ir_block *b, const bool *keep, bool *need_arg) {
    uint32_t nops = 0;
    for (const ir_op *o = b->first; o; o = o->next) nops++;
    const ir_op *y = b->last;
    /* ops in reverse order: an op is needed when a needed op or kept yield uses it */
    const ir_value *live[256];
    uint32_t nlive = 0;
    bool overflow = false;
    for (uint32_t i = 0; i < y->nopnds; i++)
        if (keep[i] && nlive < SP_ARRAY_LEN(live)) live[nlive++] = y->opnds[i];
        else if (keep[i]) overflow = true;
    for (const ir_op *o = y->prev; o; o = o->prev) {
        bool needed = false;
        for (uint32_t r = 0; r < o->nres && !needed; r++)
            for (uint32_t k = 0; k < nlive; k++) needed |= live[k] == &o->res[r];
        if (!needed) continue;
        for (uint32_t i = 0; i < o->nopnds; i++)
            if (nlive < SP_ARRAY_LEN(live)) live[nlive++] = o->opnds[i];
            else overflow = true;
    }
    for (uint32_t a = 0; a < b->nargs; a++) {
        need_arg[a] = overflow; /* too large to follow: keep every argument */
        for (uint32_t k = 0; k < nlive && !need_arg[a]; k++) need_arg[a] = live[k] == &b->args[a];
    }
}

/* Results of a multi-result structured op that nothing uses, and that the
 * other results do not read (their outs argument feeds only their own
 * yield), are dropped with their outs: torch-mlir's max-reduction writes an
 * argmax beside the max that softmax never reads. A new op takes the kept
 * operands and results; the old one dies. */
static bool drop_unused_results(canon *c, ir_op *S) {
    ir_linalg *l = &S->u.lin;
    uint32_t n = ir_linalg_nopnds(S);
    if (l->nouts < 2 || n > CANON_MAX_OPNDS || S->nres != l->nouts) return false;
    ir_block *b = ir_linalg_body(S);
    if (!b->last || b->last->kind != IR_OP_LINALG_YIELD || b->last->nopnds != l->nouts) return false;
    bool keep[CANON_MAX_OPNDS], need_arg[CANON_MAX_OPNDS + 8];
    uint32_t nkeep = 0;
    for (uint32_t r = 0; r < l->nouts; r++) {
        keep[r] = S->res[r].id >= c->n || c->uses[S->res[r].id] > 0;
        nkeep += keep[r];
    }
    if (nkeep == l->nouts || nkeep == 0 || b->nargs > SP_ARRAY_LEN(need_arg)) return false;
    mark_needed(b, keep, need_arg);
    for (uint32_t r = 0; r < l->nouts; r++)
        if (!keep[r] && need_arg[l->nins + r]) return false; /* a kept result reads it */
    ir_module *m = c->m;
    ir_op *N = ir_op_new(m, IR_OP_LINALG, S->loc, l->nins + nkeep, nkeep, 1);
    N->flags = S->flags;
    N->nprops = S->nprops;
    N->props = S->props;
    N->nattrs = S->nattrs;
    N->attrs = S->attrs;
    N->u.lin = *l;
    ir_linalg *nl = &N->u.lin;
    nl->named = IR_LN_GENERIC;
    nl->nouts = nkeep;
    const ir_amap **maps = sp_arena_array(&m->arena, l->nins + nkeep, sizeof *maps);
    ir_type *tys = sp_arena_array(&m->arena, l->nins + nkeep, sizeof *tys);
    ir_value **to = sp_arena_array(&m->arena, b->nargs, sizeof *to);
    uint32_t k = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (i >= l->nins && !keep[i - l->nins]) continue;
        N->opnds[k] = S->opnds[i];
        maps[k] = l->maps[i];
        tys[k] = b->args[i].type;
        k++;
    }
    nl->maps = maps;
    ir_block *nb = ir_block_new(m, l->nins + nkeep, tys);
    k = 0;
    for (uint32_t i = 0; i < b->nargs; i++) {
        bool dropped = i >= l->nins && !keep[i - l->nins];
        to[i] = dropped ? &b->args[i] : &nb->args[k];
        if (!dropped) nb->args[k].name = b->args[i].name, k++;
    }
    canon_rewire_block(b, b, to);
    /* the yield keeps the kept values; ops that fed only the dropped ones go */
    ir_op *y = b->last;
    k = 0;
    for (uint32_t r = 0; r < y->nopnds; r++)
        if (keep[r]) y->opnds[k++] = y->opnds[r];
    y->nopnds = nkeep;
    for (ir_op *o = y->prev, *prev; o; o = prev) {
        prev = o->prev;
        bool used = false;
        for (const ir_op *u = o->next; u && !used; u = u->next)
            for (uint32_t i = 0; i < u->nopnds && !used; i++)
                for (uint32_t r = 0; r < o->nres; r++) used |= u->opnds[i] == &o->res[r];
        if (!used && ir_op_is_pure(o)) ir_block_remove(b, o);
    }
    nb->first = b->first;
    nb->last = b->last;
    for (ir_op *o = nb->first; o; o = o->next) o->parent = nb;
    b->first = b->last = NULL;
    ir_op_set_region(N, 0, nb);
    k = 0;
    for (uint32_t r = 0; r < l->nouts; r++) {
        if (!keep[r]) continue;
        N->res[k].type = S->res[r].type;
        N->res[k].name = S->res[r].name;
        canon_forward(c, &S->res[r], &N->res[k]);
        k++;
    }
    ir_block_insert_before(S->parent, S, N);
    return true;
}

/* ----------------------------------------------------------------- walk */

/* Operands of ops nested in a structured op's body that name values from
 * outside it (a tensor.extract's source, a captured scalar) are resolved
 * like the op's own: a value replaced earlier in the round must not stay
 * captured by a stale reference to a dead op. */
static void resolve_nested(canon *c, ir_block *b) {
    for (ir_op *op = b->first; op; op = op->next) {
        for (uint32_t i = 0; i < op->nopnds; i++) op->opnds[i] = resolve(c, op->opnds[i]);
        for (uint32_t r = 0; r < op->nregions; r++) resolve_nested(c, op->regions[r]);
    }
}

static void visit_block(canon *c, ir_block *b) {
    /* duplicate constants within this block: the first one stays */
    ir_op **consts = NULL;
    uint32_t nconsts = 0, capconsts = 0;
    for (ir_op *op = b->first, *next; op; op = next) {
        next = op->next;
        for (uint32_t i = 0; i < op->nopnds; i++) op->opnds[i] = resolve(c, op->opnds[i]);
        if (op->kind == IR_OP_CONSTANT) {
            bool dup = false;
            for (uint32_t k = 0; k < nconsts; k++)
                if (ir_attr_eq(consts[k]->u.value, op->u.value)) {
                    canon_forward(c, &op->res[0], &consts[k]->res[0]);
                    dup = true;
                    break;
                }
            if (!dup) {
                if (nconsts == capconsts) {
                    capconsts = capconsts ? capconsts * 2 : 16;
                    ir_op **nv = sp_arena_array(&c->m->arena, capconsts, sizeof *nv);
                    if (nconsts) memcpy(nv, consts, nconsts * sizeof *nv);
                    consts = nv;
                }
                consts[nconsts++] = op;
            }
            continue;
        }
        if (op->kind == IR_OP_EXPAND_SHAPE || op->kind == IR_OP_COLLAPSE_SHAPE) canon_fold_reshape_pair(c, op);
        if (op->kind == IR_OP_PAD) canon_swap_pad_copy(c, op);
        if (op->kind == IR_OP_CONCAT) canon_concat_to_inserts(c, op);
        if (op->kind == IR_OP_EXTRACT) canon_extract_element(c, op);
        if (op->kind == IR_OP_FROM_ELEMENTS) canon_elements_to_generic(c, op);
        if (op->kind == IR_OP_LINALG) {
            for (uint32_t r = 0; r < op->nregions; r++) resolve_nested(c, op->regions[r]);
            for (uint32_t i = 0; i < op->u.lin.nins; i++) fold_input(c, op, i);
            capture_scalars(c, op);
            outs_to_input(c, op);
            unit_zero_to_loop(c, op);
            detach_init(c, op);
            fold_const_casts(c, ir_linalg_body(op));
            minmax_in_body(c, ir_linalg_body(op));
            expand_fpowi(c, ir_linalg_body(op));
            drop_unused_results(c, op);
            /* a collapsed op is replaced, its body moved into the new one
             * and its result forwarded: the rules after it see the new op
             * next round (join_fork merging the emptied op built a yield
             * of nothing: difftest seed 1834, tests/regress/cpu_acaaa3a2f8.mlir,
             * a SIGSEGV in ir_erase_dead) */
            if (!canon_collapse_elementwise(c, op)) {
                canon_split_prologue(c, op);
                join_fork(c, op);
            }
            /* the body may have been replaced: walk the current one */
            next = op->next;
        }
        for (uint32_t r = 0; r < op->nregions; r++)
            if (op->kind != IR_OP_LINALG) visit_block(c, op->regions[r]);
    }
}

void pass_canonicalize(ir_module *m) {
    ir_block *body = ir_module_body(m);
    for (ir_op *f = body->first; f; f = f->next) {
        if (f->kind != IR_OP_FUNC || f->u.fn.is_decl) continue;
        for (int round = 0; round < 16; round++) {
            canon c = {m, f, NULL, NULL, 0, 0};
            ir_func_number(f);
            c.n = f->u.fn.nvalues;
            c.uses = ir_use_counts(m, f);
            c.fwd = sp_arena_array(&m->arena, c.n ? c.n : 1, sizeof *c.fwd);
            visit_block(&c, f->regions[0]);
            c.changes += ir_erase_dead(m, f);
            if (!c.changes) break;
        }
    }
}
