/* canon_prologue.c - canonicalization of contractions with an elementwise
 * prologue in their body (what mlir-opt's --linalg-fuse-elementwise-ops
 * writes): the prologue becomes an op of its own (canon_int.h). */
#include "ir/build.h"
#include "canon_int.h"

/* ------------------------------------------- contractions' prologues */

/* Body values v depends on (a backward slice), as a mask over the body's
 * ops in order, and the block arguments it reads. False if it reads an
 * op outside the body's top level it cannot follow. */
static void slice_of(const ir_block *b, const ir_value *v, bool *op_in, bool *arg_in, uint32_t nops) {
    const ir_value *stack[256];
    uint32_t n = 0;
    stack[n++] = v;
    while (n) {
        const ir_value *x = stack[--n];
        if (!x->def && x->owner == b) {
            arg_in[x->index] = true;
            continue;
        }
        if (!x->def || x->def->parent != b) continue; /* captured from outside */
        uint32_t i = 0;
        const ir_op *o = b->first;
        for (; o && o != x->def; o = o->next) i++;
        if (i >= nops || op_in[i]) continue;
        op_in[i] = true;
        for (uint32_t k = 0; k < o->nopnds && n < SP_ARRAY_LEN(stack); k++) stack[n++] = o->opnds[k];
    }
}

/* The cf.assert ops of body b that check the prologue's inputs only (torch's
 * nn.Embedding bounds check on the indices of a gather that MLIR fused into
 * the next layer's multiply-accumulate) move with it, with their slices:
 * they then check each element of the prologue once. False when an op that
 * stays in the contraction's body (but mul, which reads the prologue's
 * result) would read a value the prologue takes away. */
static bool take_asserts(const ir_block *b, bool *op_in, const bool *arg_in, uint32_t nops, const ir_op *mul) {
    uint32_t i = 0;
    for (const ir_op *o = b->first; o; o = o->next, i++) {
        if (o->kind != IR_OP_ASSERT || op_in[i]) continue;
        bool ops[256] = {0}, args[CANON_MAX_OPNDS] = {0}, inside = true;
        slice_of(b, o->opnds[0], ops, args, nops);
        for (uint32_t a = 0; a < b->nargs && a < CANON_MAX_OPNDS; a++) inside &= !args[a] || arg_in[a];
        if (!inside) continue;
        op_in[i] = true;
        for (uint32_t k = 0; k < nops; k++) op_in[k] |= ops[k];
    }
    i = 0;
    for (const ir_op *o = b->first; o; o = o->next, i++) {
        if (op_in[i] || o == mul) continue;
        for (uint32_t q = 0; q < o->nopnds; q++) {
            const ir_op *d = o->opnds[q]->def;
            if (!d || d->parent != b) continue;
            uint32_t j = 0;
            for (const ir_op *p = b->first; p && p != d; p = p->next) j++;
            if (j < nops && op_in[j]) return false;
        }
    }
    return true;
}

/* The prologue of S: an elementwise op over the loops its inputs use (nl
 * of them, of sizes dims; loop_of maps S's loops to them), reading S's
 * inputs marked in arg_in (nin of them) through their maps, its body the
 * ops of S's body marked in op_in, yielding x. Inserted before S. */
static ir_op *build_prologue(canon *c, ir_op *S, ir_value *x, const bool *op_in, const bool *arg_in, uint32_t nin,
                             uint32_t nl, const int64_t *loop_of, const int64_t *dims) {
    ir_module *m = c->m;
    const ir_linalg *l = &S->u.lin;
    ir_block *b = ir_linalg_body(S);
    /* the prologue: inputs read through their maps over its own loops */
    ir_op *P = ir_op_new(m, IR_OP_LINALG, S->loc, nin + 1, 1, 1);
    ir_linalg *pl = &P->u.lin;
    pl->named = IR_LN_GENERIC;
    pl->ndims = nl;
    pl->nins = nin;
    pl->nouts = 1;
    pl->iters = sp_arena_array(&m->arena, nl ? nl : 1, 1);
    pl->maps = sp_arena_array(&m->arena, nin + 1, sizeof *pl->maps);
    ir_type *tys = sp_arena_array(&m->arena, nin + 1, sizeof *tys);
    ir_value **to = sp_arena_array(&m->arena, b->nargs, sizeof *to);
    uint32_t k = 0;
    for (uint32_t i = 0; i < l->nins; i++) {
        if (!arg_in[i]) continue;
        int64_t sel[CANON_MAX_LOOPS];
        for (uint32_t r = 0; r < l->maps[i]->nres; r++) sel[r] = loop_of[ir_aexpr_dim(l->maps[i]->res[r])];
        pl->maps[k] = ir_amap_select(m, nl, l->maps[i]->nres, sel);
        P->opnds[k] = S->opnds[i];
        tys[k] = b->args[i].type;
        k++;
    }
    pl->maps[nin] = ir_amap_identity(m, nl);
    ir_type pt = ir_tensor_type(m, (ir_dtype)x->type.dtype, nl, dims);
    ir_op *e = ir_build_empty(m, S->loc, pt);
    ir_block_insert_before(S->parent, S, e);
    P->opnds[nin] = &e->res[0];
    P->res[0].type = pt;
    tys[nin] = x->type;
    ir_block *pb = ir_block_new(m, nin + 1, tys);
    k = 0;
    for (uint32_t i = 0; i < b->nargs; i++) to[i] = arg_in[i] && i < l->nins ? &pb->args[k++] : NULL;
    /* the slice's ops move to the prologue's body, in order */
    uint32_t i = 0;
    for (ir_op *o = b->first, *next; o; o = next, i++) {
        next = o->next;
        if (!op_in[i]) continue;
        ir_block_remove(b, o);
        if (o->kind == IR_OP_LINALG_INDEX) o->u.dim = (uint32_t)loop_of[o->u.dim];
        for (uint32_t q = 0; q < o->nopnds; q++) {
            ir_value *v = o->opnds[q];
            if (!v->def && v->owner == b) o->opnds[q] = to[v->index];
        }
        ir_block_append(pb, o);
    }
    ir_op *py = ir_op_new(m, IR_OP_LINALG_YIELD, S->loc, 1, 0, 0);
    py->opnds[0] = x;
    ir_block_append(pb, py);
    ir_op_set_region(P, 0, pb);
    ir_block_insert_before(S->parent, S, P);
    return P;
}

/* S reads P's result, over the loops in uses (nl of them), where it read
 * the inputs marked in arg_in (at the first one's place); the body's uses
 * of x read the new input's argument. */
static void read_prologue(canon *c, ir_op *S, ir_op *P, const ir_value *x, const bool *arg_in, const bool *uses,
                          uint32_t nl) {
    ir_module *m = c->m;
    const ir_linalg *l = &S->u.lin;
    /* the contraction reads the prologue's result instead of its inputs */
    ir_value *opnds[CANON_MAX_OPNDS], *value[CANON_MAX_OPNDS] = {0};
    const ir_amap *maps[CANON_MAX_OPNDS];
    int new_arg[CANON_MAX_OPNDS];
    uint32_t nk = 0, pidx = 0;
    bool placed = false;
    int64_t sel[CANON_MAX_LOOPS];
    for (uint32_t d = 0, r = 0; d < l->ndims; d++)
        if (uses[d]) sel[r++] = d;
    for (uint32_t q = 0; q < l->nins; q++) {
        if (arg_in[q]) { /* the prologue's result stands where its first input stood */
            new_arg[q] = -1;
            if (!placed) {
                pidx = nk;
                opnds[nk] = &P->res[0];
                maps[nk++] = ir_amap_select(m, l->ndims, nl, sel);
                placed = true;
            }
            continue;
        }
        new_arg[q] = (int)nk;
        opnds[nk] = S->opnds[q];
        maps[nk++] = l->maps[q];
    }
    new_arg[l->nins] = (int)nk;
    opnds[nk] = S->opnds[l->nins];
    maps[nk] = l->maps[l->nins];
    /* canon_relink maps the old args; the new input's argument replaces x */
    canon_relink(c, S, nk, 1, opnds, maps, new_arg, value);
    ir_block *nb2 = ir_linalg_body(S);
    for (ir_op *o = nb2->first; o; o = o->next)
        for (uint32_t q = 0; q < o->nopnds; q++)
            if (o->opnds[q] == x) o->opnds[q] = &nb2->args[pidx];
}

/* A contraction with an elementwise prologue on one of its factors (what
 * mlir-opt's --linalg-fuse-elementwise-ops writes: the bias and GELU of one
 * layer computed inside the next layer's multiply-accumulate) is split: the
 * prologue becomes an elementwise op of its own over the loops its inputs
 * use, and the contraction multiplies its result. The fuser then gives the
 * prologue to the kernel that produced its input as an epilogue, as for
 * the unfused spelling (law L5), and each element is computed once instead
 * of once per output column. */
bool canon_split_prologue(canon *c, ir_op *S) {
    ir_linalg *l = &S->u.lin;
    if (l->nouts != 1 || canon_all_parallel(S) || l->nins + 1 > CANON_MAX_OPNDS || l->ndims > CANON_MAX_LOOPS) return false;
    ir_block *b = ir_linalg_body(S);
    const ir_op *y = b->last;
    if (!y || y->kind != IR_OP_LINALG_YIELD || y->nopnds != 1) return false;
    const ir_op *add = y->opnds[0]->def;
    if (!add || add->parent != b || add->kind != IR_OP_ADDF) return false;
    const ir_value *out = &b->args[l->nins];
    const ir_value *mv = add->opnds[0] == out ? add->opnds[1] : add->opnds[1] == out ? add->opnds[0] : NULL;
    if (!mv || !mv->def || mv->def->parent != b || mv->def->kind != IR_OP_MULF) return false;
    ir_op *mul = mv->def;
    uint32_t nops = 0;
    for (const ir_op *o = b->first; o; o = o->next) nops++;
    if (nops > 256) return false;
    for (int side = 0; side < 2; side++) {
        ir_value *x = mul->opnds[side];
        if (!x->def || x->def->parent != b) continue; /* a plain input (or a captured scalar) */
        if (x->def->kind == IR_OP_EXTF && !x->def->opnds[0]->def) continue; /* a widened input: the contraction's own */
        bool op_in[256] = {0}, arg_in[CANON_MAX_OPNDS] = {0};
        slice_of(b, x, op_in, arg_in, nops);
        if (arg_in[l->nins]) return false; /* reads the accumulator */
        if (!take_asserts(b, op_in, arg_in, nops, mul)) return false;
        /* the other factor and the accumulation must not need the slice */
        bool other_op[256] = {0}, other_arg[CANON_MAX_OPNDS] = {0};
        slice_of(b, mul->opnds[1 - side], other_op, other_arg, nops);
        for (uint32_t i = 0; i < nops; i++)
            if (op_in[i] && other_op[i]) return false;
        /* the loops the prologue's inputs use */
        bool uses[CANON_MAX_LOOPS] = {0};
        uint32_t nin = 0;
        for (uint32_t i = 0; i < l->nins; i++) {
            if (!arg_in[i]) continue;
            if (!ir_amap_is_projected_perm(l->maps[i], false) || other_arg[i]) return false;
            for (uint32_t r = 0; r < l->maps[i]->nres; r++) uses[ir_aexpr_dim(l->maps[i]->res[r])] = true;
            nin++;
        }
        if (!nin) return false;
        /* and the loops its linalg.index ops read (a gather's column) */
        uint32_t oi = 0;
        for (const ir_op *o = b->first; o; o = o->next, oi++)
            if (op_in[oi] && o->kind == IR_OP_LINALG_INDEX) {
                if ((uint64_t)o->u.dim >= l->ndims) return false;
                uses[o->u.dim] = true;
            }
        int64_t bounds[CANON_MAX_LOOPS], loop_of[CANON_MAX_LOOPS], dims[CANON_MAX_LOOPS];
        if (!ir_linalg_loop_bounds(S, bounds)) return false;
        uint32_t nl = 0;
        for (uint32_t d = 0; d < l->ndims; d++)
            if (uses[d]) {
                loop_of[d] = nl;
                dims[nl++] = bounds[d];
            }
        ir_op *P = build_prologue(c, S, x, op_in, arg_in, nin, nl, loop_of, dims);
        read_prologue(c, S, P, x, arg_in, uses, nl);
        return true;
    }
    return false;
}
