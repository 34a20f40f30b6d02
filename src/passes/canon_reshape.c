/* canon_reshape.c - canonicalization around reshapes (views): a reshape
 * pair that undoes itself folds away, and an elementwise op on an
 * expand_shape runs in the unexpanded shape, where it fuses into its
 * producer (canon_int.h). */
#include "ir/build.h"
#include "ir/rewrite.h"
#include "canon_int.h"

/* -------------------------------------------------- reshapes (views) */

static bool reassoc_eq(const ir_reshape_info *a, const ir_reshape_info *b) {
    if (a->ngroups != b->ngroups || a->nidx != b->nidx) return false;
    for (uint32_t g = 0; g <= a->ngroups; g++)
        if (a->group_start[g] != b->group_start[g]) return false;
    return true; /* the dims are 0..n in order in a verified reshape */
}

/* collapse_shape(expand_shape(x)) with the same groups is x, and so is
 * expand_shape(collapse_shape(x)) when it gives x's type back. */
bool canon_fold_reshape_pair(canon *c, ir_op *op) {
    const ir_op *d = op->opnds[0]->def;
    if (!d || (op->kind == IR_OP_COLLAPSE_SHAPE ? d->kind != IR_OP_EXPAND_SHAPE : d->kind != IR_OP_COLLAPSE_SHAPE))
        return false;
    if (!reassoc_eq(&op->u.reshape, &d->u.reshape) || !ir_type_eq(d->opnds[0]->type, op->res[0].type)) return false;
    canon_forward(c, &op->res[0], d->opnds[0]);
    return true;
}

/* The groups of reshape r over its higher-rank side: group of each dim. */
static void group_of_dims(const ir_reshape_info *r, uint32_t *group) {
    for (uint32_t g = 0; g < r->ngroups; g++)
        for (uint32_t j = r->group_start[g]; j < r->group_start[g + 1]; j++) group[j] = g;
}

/* Whether loop j (of size t->dims[j]) is a unit dim that shares its group
 * of R with other dims: one unit_dims_at_zero reads at 0. */
static bool unit_in_group(const ir_reshape_info *R, const uint32_t *group, const ir_type *t, uint32_t j) {
    uint32_t g = group[j];
    return t && t->dims[j] == 1 && R->group_start[g + 1] - R->group_start[g] > 1;
}

/* Whether map reads each group of R whole and in order, or not at all
 * (results at 0 aside). With t, the unit dims that share a group with
 * others (unit_in_group) are not part of their group: the map reads them
 * at 0 (unit_dims_at_zero), so a keepdim reduction spelled (d0, 0) and one
 * spelled (d0, d1) over a unit d1 read the same group. */
static bool reads_groups_whole(const ir_amap *mp, const ir_reshape_info *R, const uint32_t *group, const ir_type *t) {
    if (!ir_amap_is_projected_perm(mp, true)) return false;
    for (uint32_t r = 0; r < mp->nres;) {
        if (mp->res[r]->kind == IR_AE_CONST) {
            r++;
            continue;
        }
        uint32_t d = (uint32_t)ir_aexpr_dim(mp->res[r]), g = group[d];
        if (unit_in_group(R, group, t, d)) return false;
        for (uint32_t j = R->group_start[g]; j < R->group_start[g + 1]; j++) {
            if (unit_in_group(R, group, t, j)) continue;
            if (r >= mp->nres || ir_aexpr_dim(mp->res[r]) != (int)j) return false;
            r++;
        }
    }
    return true;
}

/* mp with each loop of size 1 (in type t) that shares its group of R with
 * other dims read at 0 instead (results already at 0 stay). */
static const ir_amap *unit_dims_at_zero(ir_module *m, const ir_amap *mp, const ir_reshape_info *R,
                                        const uint32_t *group, ir_type t) {
    ir_amap *um = ir_amap_new(m, mp->ndims, mp->nsyms, mp->nres);
    for (uint32_t r = 0; r < mp->nres; r++) {
        if (mp->res[r]->kind == IR_AE_CONST) {
            um->res[r] = mp->res[r];
            continue;
        }
        uint32_t d = (uint32_t)ir_aexpr_dim(mp->res[r]), g = group[d];
        bool unit = t.dims[d] == 1 && R->group_start[g + 1] - R->group_start[g] > 1;
        um->res[r] = unit ? ir_ae_const(m, 0) : mp->res[r];
    }
    return um;
}

/* Operand i of E (read through mp, R's groups at the loops group gives)
 * as the collapsed op N reads it: its map over R's groups, returned, and
 * the operand, a collapse_shape of it inserted before E where it has
 * groups to merge. */
static const ir_amap *collapse_operand(ir_module *m, ir_op *E, ir_op *N, uint32_t i, const ir_amap *mp,
                                       const ir_reshape_info *R, const uint32_t *group, const ir_aexpr *zero) {
    const ir_linalg *l = &E->u.lin;
    /* the operand's groups: one per group of R it reads, and one per
     * unit dim read at 0 (kept, at 0) */
    uint32_t starts[CANON_MAX_LOOPS + 1], ng = 0;
    int64_t dims[CANON_MAX_LOOPS], res[CANON_MAX_LOOPS];
    for (uint32_t r = 0; r < mp->nres;) {
        if (mp->res[r]->kind == IR_AE_CONST) {
            starts[ng] = r;
            res[ng++] = -1;
            dims[r] = r;
            r++;
            continue;
        }
        /* the group's dims the map reads (its unit dims at 0 aside) */
        uint32_t g = group[ir_aexpr_dim(mp->res[r])];
        starts[ng] = r;
        res[ng++] = g;
        do {
            dims[r] = r;
            r++;
        } while (r < mp->nres && mp->res[r]->kind == IR_AE_DIM && group[ir_aexpr_dim(mp->res[r])] == g);
    }
    starts[ng] = mp->nres;
    ir_amap *nm = ir_amap_new(m, R->ngroups, 0, ng);
    for (uint32_t g = 0; g < ng; g++) nm->res[g] = res[g] < 0 ? zero : ir_ae_dim(m, res[g]);
    ir_value *v = E->opnds[i];
    if (ng == mp->nres || i == l->nins) {
        N->opnds[i] = v; /* nothing to collapse (the init is replaced below) */
        return nm;
    }
    const ir_op *d = v->def;
    int64_t cd[IR_MAX_RANK];
    for (uint32_t g = 0; g < ng; g++) {
        cd[g] = 1;
        for (uint32_t r = starts[g]; r < starts[g + 1]; r++) cd[g] *= v->type.dims[r];
    }
    ir_type ct = ir_tensor_type(m, (ir_dtype)v->type.dtype, ng, cd);
    if (d && d->kind == IR_OP_EXPAND_SHAPE && ir_type_eq(d->opnds[0]->type, ct)) {
        N->opnds[i] = d->opnds[0]; /* the expanded value itself */
        return nm;
    }
    ir_op *col = ir_build_reshape(m, E->loc, IR_OP_COLLAPSE_SHAPE, v, ct, ng, starts, dims);
    ir_block_insert_before(E->parent, E, col);
    N->opnds[i] = &col->res[0];
    return nm;
}

/* Each operand's map over LR's groups of E's loops (group: of each loop)
 * into umaps, src's (if >= 0) left to the caller; false where one does
 * not read each group whole, in order, or not at all (a unit loop sharing
 * a group read at 0 aside). */
static bool group_maps(ir_module *m, const ir_op *E, const ir_reshape_info *LR, const uint32_t *group, int src,
                       const ir_amap **umaps) {
    const ir_linalg *l = &E->u.lin;
    const uint32_t n = ir_linalg_nopnds(E);
    for (uint32_t i = 0; i < n; i++) {
        umaps[i] = l->maps[i];
        if ((int)i == src || reads_groups_whole(l->maps[i], LR, group, NULL)) continue;
        if (i == l->nins || !ir_amap_is_projected_perm(l->maps[i], true)) return false;
        umaps[i] = unit_dims_at_zero(m, l->maps[i], LR, group, E->res[0].type);
        if (!reads_groups_whole(umaps[i], LR, group, &E->res[0].type)) return false;
    }
    return true;
}

/* E rebuilt as N over the groups of loops LR cuts it into (group: of each
 * loop): each operand collapsed (collapse_operand, through umaps), src (if
 * >= 0) the expand's source read through src_map; N's result, of type ot,
 * expanded back to E's, which it replaces. */
static void collapse_to(canon *c, ir_op *E, const ir_reshape_info *LR, const uint32_t *group, const ir_amap **umaps,
                        int src, const ir_amap *src_map, ir_type ot) {
    ir_module *m = c->m;
    const ir_linalg *l = &E->u.lin;
    const uint32_t n = ir_linalg_nopnds(E);
    ir_op *N = ir_op_new(m, IR_OP_LINALG, E->loc, n, 1, 1);
    N->u.lin = *l;
    const ir_amap **maps = sp_arena_array(&m->arena, n, sizeof *maps);
    const ir_aexpr *zero = ir_ae_const(m, 0);
    for (uint32_t i = 0; i < n; i++) {
        if ((int)i == src) {
            maps[i] = src_map;
            N->opnds[i] = E->opnds[i]->def->opnds[0];
        } else {
            maps[i] = collapse_operand(m, E, N, i, umaps[i], LR, group, zero);
        }
    }
    ir_linalg *nl = &N->u.lin;
    nl->named = IR_LN_GENERIC;
    nl->ndims = LR->ngroups;
    nl->iters = sp_arena_array(&m->arena, LR->ngroups, 1); /* all parallel */
    nl->maps = maps;
    ir_type out = E->res[0].type;
    ot = ir_tensor_type(m, (ir_dtype)out.dtype, ot.rank, ot.dims);
    ir_op *e = ir_build_empty(m, E->loc, ot);
    ir_block_insert_before(E->parent, E, e);
    N->opnds[l->nins] = &e->res[0];
    N->res[0].type = ot;
    /* the body moves over: its arguments are scalars either way */
    ir_block *b = ir_linalg_body(E);
    ir_block *nb = ir_block_new(m, b->nargs, NULL);
    ir_value **to = sp_arena_array(&m->arena, b->nargs ? b->nargs : 1, sizeof *to);
    for (uint32_t i = 0; i < b->nargs; i++) {
        nb->args[i].type = b->args[i].type;
        nb->args[i].name = b->args[i].name;
        to[i] = &nb->args[i];
    }
    canon_move_body(b, nb, to);
    ir_op_set_region(N, 0, nb);
    ir_block_insert_before(E->parent, E, N);
    ir_op *ex = ir_build_reshape(m, E->loc, IR_OP_EXPAND_SHAPE, &N->res[0], out, LR->ngroups, LR->group_start,
                                 LR->group_dims);
    ir_block_insert_before(E->parent, E, ex);
    N->res[0].name = E->res[0].name;
    canon_forward(c, &E->res[0], &ex->res[0]);
}

/* An elementwise op reading expand_shape(v) as its identity-mapped input
 * runs in v's shape instead: E(expand(v), x) = expand(E'(v, collapse(x))).
 * torch-mlir wraps every Linear of a 3-D input in collapse/expand, which
 * otherwise stops its bias, GELU and residual from reaching the GEMM. Each
 * other operand must read every group of the reshape whole, in order, or
 * not at all (a bias over the last dimension; a residual of the same
 * shape, collapsed as a view); the collapsed op's result is expanded back.
 * Through a permutation instead (collapse_permuted): a transpose folded
 * into E's map. */
static bool collapse_permuted(canon *c, ir_op *E, uint32_t src);
bool canon_collapse_elementwise(canon *c, ir_op *E) {
    ir_linalg *l = &E->u.lin;
    uint32_t n = ir_linalg_nopnds(E);
    if (l->nouts != 1 || n > CANON_MAX_OPNDS || !canon_all_parallel(E) || l->ndims > CANON_MAX_LOOPS) return false;
    if (!ir_amap_is_identity(l->maps[l->nins]) || ir_block_arg_used(ir_linalg_body(E), &ir_linalg_body(E)->args[l->nins]))
        return false;
    int src = -1, psrc = -1;
    for (uint32_t i = 0; i < l->nins && src < 0; i++) {
        const ir_op *d = E->opnds[i]->def;
        if (!d || d->kind != IR_OP_EXPAND_SHAPE || d->u.reshape.ngroups >= l->ndims) continue;
        if (ir_amap_is_identity(l->maps[i]))
            src = (int)i;
        else if (psrc < 0)
            psrc = (int)i;
    }
    if (src < 0) return psrc >= 0 && collapse_permuted(c, E, (uint32_t)psrc);
    const ir_reshape_info *R = &E->opnds[src]->def->u.reshape;
    uint32_t group[CANON_MAX_LOOPS];
    group_of_dims(R, group);
    ir_module *m = c->m;
    /* every map: each group whole and in order, or absent; failing that, a
     * unit loop that shares its group with other dims is read at 0 (a mask
     * of torch's attention: 1x128 read at (d0, d3) over 1x12x128x128 whose
     * d0 and d1 came from one dim of 12) */
    const ir_amap *umaps[CANON_MAX_OPNDS];
    if (!group_maps(m, E, R, group, -1, umaps)) return false;
    collapse_to(c, E, R, group, umaps, -1, NULL, E->opnds[src]->def->opnds[0]->type);
    return true;
}

/* E reads expand_shape(v) (groups R) through a permutation of its loops,
 * its result through the identity: a transpose folded into E's map, as
 * ConvNeXt's layer scale and residual read its MLP's [3136 x 96] result as
 * 1x96x56x56 (torch's permute back to NCHW). Where each group's dims of
 * size > 1 are adjacent loops of E, in order, E runs over runs of its loops
 * instead: a group's loops of size > 1, or one other loop; a unit loop
 * joins the run after it (the last run where none follows). v is read
 * whole, each of its dims by its group's run, so the op fuses into v's
 * producer (the GEMM then writes its result transposed, where a loop
 * kernel read it through the transpose an element at a time). */
static bool collapse_permuted(canon *c, ir_op *E, uint32_t src) {
    ir_module *m = c->m;
    ir_linalg *l = &E->u.lin;
    const uint32_t nd = l->ndims;
    const ir_op *X = E->opnds[src]->def;
    const ir_reshape_info *R = &X->u.reshape;
    const ir_amap *sm = l->maps[src];
    const ir_type out = E->res[0].type, xt = X->res[0].type;
    /* a copy (a transpose) folds into its readers' maps instead (canon.c
     * fold_input): collapsed, it would be a kernel of its own (ViT's K^T
     * before its attention) */
    if (ir_linalg_is_copy(E)) return false;
    if (out.rank != nd || xt.rank != nd || sm->nres != nd || !ir_amap_is_projected_perm(sm, false)) return false;
    uint32_t rgroup[CANON_MAX_LOOPS];
    group_of_dims(R, rgroup);
    /* per loop: its group of R and its dim of v's expanded type */
    uint32_t lg[CANON_MAX_LOOPS], lpos[CANON_MAX_LOOPS];
    for (uint32_t r = 0; r < nd; r++) {
        const uint32_t d = (uint32_t)ir_aexpr_dim(sm->res[r]);
        if (xt.dims[r] != out.dims[d] || out.dims[d] < 0) return false;
        lg[d] = rgroup[r];
        lpos[d] = r;
    }
    /* the runs of the loops of size > 1, and the run of each group of R */
    int64_t grun[CANON_MAX_LOOPS];
    uint32_t run_of[CANON_MAX_LOOPS], nruns = 0;
    for (uint32_t g = 0; g < R->ngroups; g++) grun[g] = -1;
    int prev = -1;
    for (uint32_t d = 0; d < nd; d++) {
        if (out.dims[d] == 1) continue;
        bool cont = prev >= 0 && lg[prev] == lg[d] && lpos[d] > lpos[prev];
        for (uint32_t r = cont ? lpos[prev] + 1 : 0; cont && r < lpos[d]; r++) cont = xt.dims[r] == 1;
        if (!cont) {
            if (grun[lg[d]] >= 0) return false; /* the group split over two runs */
            grun[lg[d]] = nruns++;
        }
        run_of[d] = nruns - 1;
        prev = (int)d;
    }
    if (nruns == 0) return false;
    /* unit loops: the run of the next loop of size > 1, else the last */
    uint32_t after = nruns - 1;
    for (uint32_t d = nd; d-- > 0;) {
        if (out.dims[d] == 1)
            run_of[d] = after;
        else
            after = run_of[d];
    }
    if (nruns >= nd) return false; /* nothing merges */
    uint32_t *starts = sp_arena_array(&m->arena, nruns + 1, sizeof *starts);
    int64_t *dims = sp_arena_array(&m->arena, nd, sizeof *dims);
    int64_t rd[IR_MAX_RANK];
    if (nruns > IR_MAX_RANK) return false;
    for (uint32_t g = 0; g < nruns; g++) rd[g] = 1;
    for (uint32_t d = 0; d < nd; d++) {
        dims[d] = d;
        if (d == 0 || run_of[d] != run_of[d - 1]) starts[run_of[d]] = d;
        rd[run_of[d]] *= out.dims[d];
    }
    starts[nruns] = nd;
    const ir_reshape_info LR = {.ngroups = nruns, .group_start = starts, .group_dims = dims, .nidx = nd};
    const ir_amap *umaps[CANON_MAX_OPNDS];
    if (!group_maps(m, E, &LR, run_of, (int)src, umaps)) return false;
    /* v's dim g: its group's run (a group of unit dims only: at 0) */
    ir_amap *vm = ir_amap_new(m, nruns, 0, R->ngroups);
    for (uint32_t g = 0; g < R->ngroups; g++) vm->res[g] = grun[g] >= 0 ? ir_ae_dim(m, (uint32_t)grun[g]) : ir_ae_const(m, 0);
    collapse_to(c, E, &LR, run_of, umaps, (int)src, vm, ir_tensor_type(m, (ir_dtype)out.dtype, nruns, rd));
    return true;
}
