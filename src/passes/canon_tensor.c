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

/* ------------------------------------------------ tensor.from_elements */

/* The operand a tensor.extract of a tensor.from_elements reads, when every
 * index is a constant in bounds (a reshape's shape operand as ONNX and
 * torch-mlir build it, read back element by element): the scalar itself,
 * so the tensor need not exist. Else NULL. */
static ir_value *element_read(const ir_op *X) {
    if (X->kind != IR_OP_EXTRACT || X->nres != 1 || !X->nopnds) return NULL;
    const ir_op *F = X->opnds[0]->def;
    if (!F || F->kind != IR_OP_FROM_ELEMENTS) return NULL;
    const ir_type t = F->res[0].type;
    if (t.kind != IR_T_TENSOR || X->nopnds != 1u + t.rank) return NULL;
    int64_t at = 0;
    for (uint32_t d = 0; d < t.rank; d++) {
        const ir_op *k = X->opnds[1 + d]->def;
        if (!k || k->kind != IR_OP_CONSTANT || k->u.value->kind != IR_A_INT) return NULL;
        const int64_t i = k->u.value->u.i;
        if (i < 0 || t.dims[d] == IR_DYNAMIC || i >= t.dims[d]) return NULL; /* the reference says where */
        at = at * t.dims[d] + i;
    }
    return at < F->nopnds ? F->opnds[at] : NULL;
}

bool canon_extract_element(canon *c, ir_op *X) {
    ir_value *v = element_read(X);
    if (!v) return false;
    canon_forward(c, &X->res[0], v);
    return true;
}

/* Whether some op of block b (not inside structured bodies) reads v
 * through a tensor.extract canon_extract_element takes. */
static bool read_by_element(const ir_block *b, const ir_value *v) {
    for (const ir_op *op = b->first; op; op = op->next) {
        if (op->kind == IR_OP_EXTRACT && op->nopnds && op->opnds[0] == v && element_read(op)) return true;
        if (op->kind != IR_OP_LINALG)
            for (uint32_t r = 0; r < op->nregions; r++)
                if (read_by_element(op->regions[r], v)) return true;
    }
    return false;
}

static ir_value *body_op(ir_module *m, ir_block *b, sp_loc loc, ir_opkind kind, ir_value *a, ir_value *x, ir_type t) {
    ir_op *op = ir_build_scalar(m, loc, kind, a, x, t);
    ir_block_append(b, op);
    return &op->res[0];
}

static ir_value *body_index(ir_module *m, ir_block *b, sp_loc loc, int64_t v) {
    const ir_type it = ir_scalar_type(IR_INDEX);
    ir_op *k = ir_build_constant(m, loc, ir_attr_int(m, v, it));
    ir_block_append(b, k);
    return &k->res[0];
}

/* tensor.from_elements (the scalars a tensor is built of, row-major)
 * becomes a linalg.generic over the result that yields operand i at
 * element i: a chain of selects on the element's row-major index (one
 * operand: a fill). The engines run it as any elementwise kernel, with the
 * operands captured scalars; it went to the reference path before. Up to
 * CANON_MAX_OPNDS elements (the builds torch-mlir and ONNX write are
 * shapes and small vectors); larger ones stay as they are. Not while an
 * extract canon_extract_element takes still reads it (that comes first). */
bool canon_elements_to_generic(canon *c, ir_op *F) {
    if (F->kind != IR_OP_FROM_ELEMENTS || F->nres != 1 || !F->nopnds || F->nopnds > CANON_MAX_OPNDS) return false;
    const ir_type rt = F->res[0].type;
    if (rt.kind != IR_T_TENSOR || rt.rank > IR_MAX_RANK || ir_type_numel(rt) != (int64_t)F->nopnds) return false;
    for (uint32_t d = 0; d < rt.rank; d++)
        if (rt.dims[d] == IR_DYNAMIC) return false;
    if (read_by_element(c->func->regions[0], &F->res[0])) return false;
    ir_module *m = c->m;
    const sp_loc loc = F->loc;
    ir_op *E = ir_build_empty(m, loc, rt);
    ir_block_insert_before(F->parent, F, E);
    bool same = true;
    for (uint32_t i = 1; i < F->nopnds; i++) same &= F->opnds[i] == F->opnds[0];
    if (same) {
        ir_op *fill = ir_build_fill(m, loc, F->opnds[0], &E->res[0]);
        ir_block_insert_before(F->parent, F, fill);
        canon_forward(c, &F->res[0], &fill->res[0]);
        return true;
    }
    ir_op *G = ir_build_generic_over(m, loc, &E->res[0]);
    ir_block *b = G->regions[0];
    const ir_type it = ir_scalar_type(IR_INDEX), et = ir_scalar_type((ir_dtype)rt.dtype);
    ir_value *at = NULL; /* the element's row-major index */
    for (uint32_t d = 0; d < rt.rank; d++) {
        ir_op *ix = ir_op_new(m, IR_OP_LINALG_INDEX, loc, 0, 1, 0);
        ix->u.dim = d;
        ix->res[0].type = it;
        ir_block_append(b, ix);
        at = at ? body_op(m, b, loc, IR_OP_ADDI, body_op(m, b, loc, IR_OP_MULI, at, body_index(m, b, loc, rt.dims[d]), it),
                          &ix->res[0], it)
                : &ix->res[0];
    }
    ir_value *v = F->opnds[F->nopnds - 1];
    for (int64_t i = (int64_t)F->nopnds - 2; i >= 0; i--) {
        ir_value *eq = body_op(m, b, loc, IR_OP_CMPI, at ? at : body_index(m, b, loc, 0), body_index(m, b, loc, i),
                               ir_scalar_type(IR_I1));
        eq->def->u.pred = IR_CMPI_EQ;
        ir_op *s = ir_op_new(m, IR_OP_SELECT, loc, 3, 1, 0);
        s->opnds[0] = eq, s->opnds[1] = F->opnds[i], s->opnds[2] = v;
        s->res[0].type = et;
        ir_block_append(b, s);
        v = &s->res[0];
    }
    ir_build_yield(m, b, loc, v);
    ir_block_insert_before(F->parent, F, G);
    canon_forward(c, &F->res[0], &G->res[0]);
    return true;
}
