/* canon.c - canonicalization (see passes.h). One walk in program order per
 * round: an op's operands are first resolved through the forwarding table
 * (values replaced earlier in the round), then the rules below rewrite it.
 * Rounds repeat until nothing changes; each round is linear in the IR. */
#include <string.h>

#include "../ir/build.h"
#include "../ir/rewrite.h"
#include "../ir/verify.h"
#include "passes.h"

typedef struct canon {
    ir_module *m;
    ir_op *func;
    ir_value **fwd; /* by value id (ids from the round's numbering) */
    uint32_t n;
    uint32_t changes;
} canon;

static ir_value *resolve(canon *c, ir_value *v) {
    while (v->id < c->n && c->fwd[v->id]) v = c->fwd[v->id];
    return v;
}

static void forward(canon *c, ir_value *from, ir_value *to) {
    if (from->id < c->n) c->fwd[from->id] = to;
    c->changes++;
}

/* ------------------------------------------------ editing linalg operands */

#define MAX_OPNDS 64

/* Point body operands that use old block args at their replacements. */
static void rewire_block(ir_block *b, const ir_block *old, ir_value *const *to) {
    for (ir_op *op = b->first; op; op = op->next) {
        for (uint32_t i = 0; i < op->nopnds; i++) {
            ir_value *v = op->opnds[i];
            if (!v->def && v->owner == old) op->opnds[i] = to[v->index];
        }
        for (uint32_t r = 0; r < op->nregions; r++) rewire_block(op->regions[r], old, to);
    }
}

/* Give S new operands (ins then outs, with maps); each old block argument
 * becomes new_arg[i] >= 0 (an argument of the new body) or value[i]. */
static void relink(canon *c, ir_op *S, uint32_t nins, uint32_t nouts, ir_value *const *opnds,
                   const ir_amap *const *maps, const int *new_arg, ir_value *const *value) {
    ir_module *m = c->m;
    uint32_t n = nins + nouts;
    ir_block *old = ir_linalg_body(S);
    ir_type *tys = sp_arena_array(&m->arena, n ? n : 1, sizeof *tys);
    for (uint32_t i = 0; i < n; i++) tys[i] = ir_scalar_type(ir_value_elem(opnds[i]));
    ir_block *nb = ir_block_new(m, n, tys);
    ir_value **to = sp_arena_array(&m->arena, old->nargs ? old->nargs : 1, sizeof *to);
    for (uint32_t i = 0; i < old->nargs; i++) to[i] = new_arg[i] >= 0 ? &nb->args[new_arg[i]] : value[i];
    rewire_block(old, old, to);
    nb->first = old->first;
    nb->last = old->last;
    for (ir_op *o = nb->first; o; o = o->next) o->parent = nb;
    old->first = old->last = NULL;
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

/* ---------------------------------------------------------------- rules */

/* An input of S that is a fill, a splat constant, or a transpose/broadcast
 * copy is read from its source instead: a scalar, or the copy's input
 * through the composed map. */
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
            /* S reads x at Mc(p); x[o] = in[in_map(q)] where o = om(q), om a
             * permutation: q_j = Mc result r with om.res[r] = d_j */
            const ir_amap *mc = l->maps[i], *om = d->u.lin.maps[1], *im = d->u.lin.maps[0];
            const ir_aexpr **q = sp_arena_array(&m->arena, d->u.lin.ndims ? d->u.lin.ndims : 1, sizeof *q);
            for (uint32_t r = 0; r < om->nres; r++) q[ir_aexpr_dim(om->res[r])] = mc->res[r];
            l->maps[i] = ir_amap_subst(m, im, q, l->ndims);
            S->opnds[i] = d->opnds[0];
            l->named = IR_LN_GENERIC;
            c->changes++;
            return true;
        }
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

static bool all_parallel(const ir_op *S) {
    for (uint32_t d = 0; d < S->u.lin.ndims; d++)
        if (S->u.lin.iters[d] != IR_ITER_PARALLEL) return false;
    return true;
}

/* Scalar inputs are captured by the body instead of passed as operands. */
static bool capture_scalars(canon *c, ir_op *S) {
    ir_linalg *l = &S->u.lin;
    uint32_t n = ir_linalg_nopnds(S);
    /* elementwise ops only: a fill keeps its scalar operand, and a
     * contraction keeps a broadcast (splat) input as an operand */
    if (l->named == IR_LN_FILL || !all_parallel(S)) return false;
    bool any = false;
    for (uint32_t i = 0; i < l->nins; i++) any |= S->opnds[i]->type.kind == IR_T_SCALAR;
    if (!any || n > MAX_OPNDS) return false;
    ir_value *opnds[MAX_OPNDS], *value[MAX_OPNDS];
    const ir_amap *maps[MAX_OPNDS];
    int new_arg[MAX_OPNDS];
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
    relink(c, S, nins, l->nouts, opnds, maps, new_arg, value);
    return true;
}

static bool arg_used(const ir_block *b, const ir_value *arg) {
    for (const ir_op *o = b->first; o; o = o->next)
        for (uint32_t i = 0; i < o->nopnds; i++)
            if (o->opnds[i] == arg) return true;
    return false;
}

/* An elementwise op that reads its outs (in-place style) takes it as an
 * input and writes a fresh tensor: the same value, without the aliasing. */
static bool outs_to_input(canon *c, ir_op *S) {
    ir_linalg *l = &S->u.lin;
    if (l->nouts != 1 || !all_parallel(S) || ir_linalg_nopnds(S) + 1 > MAX_OPNDS) return false;
    ir_block *b = ir_linalg_body(S);
    if (!arg_used(b, &b->args[l->nins])) return false;
    const ir_amap *om = l->maps[l->nins];
    if (om->nres != l->ndims || !ir_amap_is_projected_perm(om, false)) return false;
    ir_value *out = S->opnds[l->nins];
    ir_op *e = ir_build_empty(c->m, S->loc, out->type);
    ir_block_insert_before(S->parent, S, e);
    ir_value *opnds[MAX_OPNDS], *value[MAX_OPNDS] = {0};
    const ir_amap *maps[MAX_OPNDS];
    int new_arg[MAX_OPNDS];
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
    relink(c, S, l->nins + 1, 1, opnds, maps, new_arg, value);
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
    if (l->nouts != 1 || all_parallel(S)) return false;
    ir_block *b = ir_linalg_body(S);
    if (!arg_used(b, &b->args[l->nins])) return false;
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

static bool is_zero_const(const ir_value *v) {
    const ir_op *d = v->def;
    if (!d || d->kind != IR_OP_CONSTANT) return false;
    const ir_attr *a = d->u.value;
    if (a->kind == IR_A_FLOAT) return ir_attr_float(a) == 0.0;
    return false;
}

/* select(cmpf(P, x, 0), x, 0) and its mirrors are max(x, 0): maximumf when
 * NaN selects x (unordered predicates), maxnumf when NaN selects 0. */
static bool relu_in_body(canon *c, ir_block *b) {
    bool any = false;
    for (ir_op *o = b->first; o; o = o->next) {
        if (o->kind != IR_OP_SELECT || o->res[0].type.kind != IR_T_SCALAR) continue;
        const ir_op *cmp = o->opnds[0]->def;
        if (!cmp || cmp->kind != IR_OP_CMPF) continue;
        ir_value *t = o->opnds[1], *f = o->opnds[2], *p = cmp->opnds[0], *q = cmp->opnds[1];
        int64_t pred = cmp->u.pred;
        ir_value *x;
        if (is_zero_const(q) && !is_zero_const(p)) {
            x = p;
        } else if (is_zero_const(p) && !is_zero_const(q)) { /* cmp(0, x): mirror the predicate */
            x = q;
            static const int64_t mirror[IR_CMPF_COUNT] = {
                [IR_CMPF_OGT] = IR_CMPF_OLT, [IR_CMPF_OGE] = IR_CMPF_OLE, [IR_CMPF_OLT] = IR_CMPF_OGT,
                [IR_CMPF_OLE] = IR_CMPF_OGE, [IR_CMPF_UGT] = IR_CMPF_ULT, [IR_CMPF_UGE] = IR_CMPF_ULE,
                [IR_CMPF_ULT] = IR_CMPF_UGT, [IR_CMPF_ULE] = IR_CMPF_UGE};
            pred = mirror[pred] ? mirror[pred] : -1;
        } else {
            continue;
        }
        bool greater = pred == IR_CMPF_OGT || pred == IR_CMPF_OGE || pred == IR_CMPF_UGT || pred == IR_CMPF_UGE;
        bool less = pred == IR_CMPF_OLT || pred == IR_CMPF_OLE || pred == IR_CMPF_ULT || pred == IR_CMPF_ULE;
        bool unordered = pred >= IR_CMPF_UEQ;
        /* x > 0 ? x : 0  or  x < 0 ? 0 : x */
        bool relu = (greater && t == x && is_zero_const(f)) || (less && f == x && is_zero_const(t));
        if (!relu) continue;
        /* NaN: unordered > selects x (NaN); unordered < selects 0 */
        bool nan_gives_x = greater ? unordered : !unordered;
        ir_value *zero = t == x ? f : t;
        o->kind = nan_gives_x ? IR_OP_MAXIMUMF : IR_OP_MAXNUMF;
        o->nopnds = 2;
        o->opnds[0] = x;
        o->opnds[1] = zero;
        o->flags = 0;
        any = true;
        c->changes++;
    }
    return any;
}

/* ----------------------------------------------------------------- walk */

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
                    forward(c, &op->res[0], &consts[k]->res[0]);
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
        if (op->kind == IR_OP_LINALG) {
            for (uint32_t i = 0; i < op->u.lin.nins; i++) fold_input(c, op, i);
            capture_scalars(c, op);
            outs_to_input(c, op);
            detach_init(c, op);
            relu_in_body(c, ir_linalg_body(op));
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
            canon c = {m, f, NULL, 0, 0};
            ir_func_number(f);
            c.n = f->u.fn.nvalues;
            c.fwd = sp_arena_array(&m->arena, c.n ? c.n : 1, sizeof *c.fwd);
            visit_block(&c, f->regions[0]);
            c.changes += ir_erase_dead(m, f);
            if (!c.changes) break;
        }
    }
}
