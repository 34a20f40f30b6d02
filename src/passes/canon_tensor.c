/* canon_tensor.c - canonicalization of tensor ops into the forms the
 * engines run: a pad of a transpose pads the transpose's input, a concat
 * becomes insert_slices into an empty tensor (canon_int.h). */
#include "ir/build.h"
#include "ir/rewrite.h"
#include "canon_int.h"

/* ------------------------------------------------------ pads of copies */

/* A pad of a transpose (a copy whose maps are permutations: torch's
 * permute from channels_last before a pool, then torch-mlir's pad) pads
 * the copy's input instead, by the same amounts on the dims they become,
 * and the copy moves after it: pad(transpose(x)) = transpose(pad'(x)).
 * The transpose then folds into its consumer's map (fold_input) and the
 * consumer (a pool) reads the padded input in its own layout, with no copy
 * of it in between. Not before a contraction (a convolution): its engines
 * choose their own layouts of the input. */
bool canon_swap_pad_copy(canon *c, ir_op *P) {
    if (P->kind != IR_OP_PAD || P->nopnds != 1 || P->nres != 1 || P->nregions != 1) return false;
    for (const ir_op *u = P->next; u; u = u->next)
        for (uint32_t i = 0; i < u->nopnds; i++)
            if (u->opnds[i] == &P->res[0] && (u->kind != IR_OP_LINALG || ir_linalg_is_mac(u))) return false;
    ir_value *s = P->opnds[0];
    ir_op *d = s->def;
    if (!d || !ir_linalg_is_copy(d) || s->id >= c->n || c->uses[s->id] != 1 || d->parent != P->parent) return false;
    const ir_linalg *l = &d->u.lin;
    const ir_amap *im = l->maps[0], *om = l->maps[1];
    ir_value *X = d->opnds[0];
    const uint32_t rank = P->u.pad.rank;
    if (X->type.kind != IR_T_TENSOR || X->type.rank != rank || s->type.rank != rank || im->nres != rank ||
        om->nres != rank || !ir_amap_is_projected_perm(im, false))
        return false;
    /* out dim j is in dim k where both maps name the same loop */
    int64_t *low = sp_arena_array(&c->m->arena, rank ? rank : 1, sizeof *low);
    int64_t *high = sp_arena_array(&c->m->arena, rank ? rank : 1, sizeof *high);
    int64_t pdims[IR_MAX_RANK];
    if (rank > IR_MAX_RANK) return false;
    for (uint32_t j = 0; j < rank; j++) {
        if (P->u.pad.low[j] == IR_DYNAMIC || P->u.pad.high[j] == IR_DYNAMIC) return false;
        int loop = ir_aexpr_dim(om->res[j]);
        uint32_t k = rank;
        for (uint32_t x = 0; x < rank; x++)
            if (ir_aexpr_dim(im->res[x]) == loop) k = x;
        if (k == rank) return false;
        low[k] = P->u.pad.low[j], high[k] = P->u.pad.high[j];
        pdims[k] = X->type.dims[k] + low[k] + high[k];
    }
    ir_type pt = ir_tensor_type(c->m, (ir_dtype)X->type.dtype, rank, pdims);
    ir_op *P2 = ir_op_new(c->m, IR_OP_PAD, P->loc, 1, 1, 1);
    P2->opnds[0] = X;
    P2->u.pad.rank = rank;
    P2->u.pad.low = low;
    P2->u.pad.high = high;
    P2->u.pad.nofold = P->u.pad.nofold;
    P2->res[0].type = pt;
    P2->regions[0] = P->regions[0]; /* the padding value, yielded from outside (P dies) */
    P2->regions[0]->parent = P2;
    P2->attrs = P->attrs, P2->nattrs = P->nattrs;
    ir_op *E = ir_build_empty(c->m, d->loc, P->res[0].type);
    ir_block_insert_before(d->parent, d, P2);
    ir_block_insert_before(d->parent, d, E);
    d->opnds[0] = &P2->res[0];
    d->opnds[1] = &E->res[0];
    d->res[0].type = P->res[0].type;
    canon_forward(c, &P->res[0], &d->res[0]);
    P->opnds[0] = X; /* P is dead from here: its operand keeps its type */
    P->regions[0] = ir_block_new(c->m, 0, NULL);
    P->nregions = 0;
    return true;
}

/* tensor.concat along d becomes a tensor.empty and one tensor.insert_slice
 * per operand, at the running offset along d: the copies every engine
 * already runs (the cpu loop engine's copy, the npu's copy kernel), where
 * a concat of its own had none and went to the reference path (Llama's
 * rotate_half, UNet's skip connections). Static shapes only: a dynamic
 * size would need the offsets as operands. */
bool canon_concat_to_inserts(canon *c, ir_op *C) {
    if (C->kind != IR_OP_CONCAT || C->nres != 1 || !C->nopnds) return false;
    const ir_type rt = C->res[0].type;
    const uint32_t d = (uint32_t)C->u.dim, rank = rt.rank;
    if (rt.kind != IR_T_TENSOR || d >= rank) return false;
    for (uint32_t k = 0; k < rank; k++)
        if (rt.dims[k] == IR_DYNAMIC) return false;
    for (uint32_t i = 0; i < C->nopnds; i++) {
        const ir_type t = C->opnds[i]->type;
        if (t.kind != IR_T_TENSOR || t.rank != rank) return false;
        for (uint32_t k = 0; k < rank; k++)
            if (t.dims[k] == IR_DYNAMIC) return false;
    }
    ir_module *m = c->m;
    ir_op *E = ir_build_empty(m, C->loc, rt);
    ir_block_insert_before(C->parent, C, E);
    ir_value *into = &E->res[0];
    int64_t at = 0;
    for (uint32_t i = 0; i < C->nopnds; i++) {
        ir_value *x = C->opnds[i];
        ir_op *S = ir_op_new(m, IR_OP_INSERT_SLICE, C->loc, 2, 1, 0);
        S->opnds[0] = x;
        S->opnds[1] = into;
        S->res[0].type = rt;
        ir_slice_info *si = &S->u.slice;
        si->rank = rank;
        si->offsets = sp_arena_array(&m->arena, rank, sizeof *si->offsets);
        si->sizes = sp_arena_array(&m->arena, rank, sizeof *si->sizes);
        si->strides = sp_arena_array(&m->arena, rank, sizeof *si->strides);
        for (uint32_t k = 0; k < rank; k++) {
            si->offsets[k] = k == d ? at : 0;
            si->sizes[k] = x->type.dims[k];
            si->strides[k] = 1;
        }
        at += x->type.dims[d];
        ir_block_insert_before(C->parent, C, S);
        into = &S->res[0];
    }
    canon_forward(c, &C->res[0], into);
    return true;
}
