/* padfold.c - tensor.pad kernels folded into the kernel that reads their
 * result (kernel.h, kn_fold_pads): a target that fills a tile's border with
 * the padding value and loads the interior at an offset never writes the
 * padded tensor to memory (a convolution's halo tiles on the npu). */
#include <stdio.h>
#include <string.h>

#include "ir/rewrite.h"
#include "kernel.h"

/* Uses of v anywhere in the body (nested regions too), and whether the
 * function returns it. */
static uint32_t count_uses(const ir_block *b, const ir_value *v) {
    uint32_t n = 0;
    for (const ir_op *op = b->first; op; op = op->next) {
        for (uint32_t i = 0; i < op->nopnds; i++) n += op->opnds[i] == v;
        for (uint32_t r = 0; r < op->nregions; r++) n += count_uses(op->regions[r], v);
    }
    return n;
}

/* A pad the folding can take: static, non-negative padding, yielding one
 * value defined outside its body. */
static bool foldable_pad(const ir_op *op) {
    if (op->kind != IR_OP_PAD || op->nopnds < 1 || op->nres != 1 || op->res[0].type.kind != IR_T_TENSOR) return false;
    const ir_pad_info *pi = &op->u.pad;
    const ir_value *src = op->opnds[0];
    if (src->type.kind != IR_T_TENSOR || src->type.rank != pi->rank) return false;
    for (uint32_t d = 0; d < pi->rank; d++)
        if (pi->low[d] < 0 || pi->high[d] < 0 || pi->low[d] == IR_DYNAMIC || pi->high[d] == IR_DYNAMIC ||
            src->type.dims[d] == IR_DYNAMIC)
            return false;
    const ir_block *b = op->nregions ? op->regions[0] : NULL;
    if (!b || !b->first || b->first->kind != IR_OP_TENSOR_YIELD || b->first->nopnds != 1) return false;
    const ir_value *pv = b->first->opnds[0];
    return pv->type.kind == IR_T_SCALAR && pv->owner != b && (!pv->def || pv->def->parent != b);
}

/* A transpose kernel: one linalg copy whose maps are permutations. */
static bool transpose_kernel(const kernel *t) {
    if (t->kind != KN_LOOP || t->nops != 1 || t->nextra || !ir_linalg_is_copy(t->root)) return false;
    const ir_linalg *l = &t->root->u.lin;
    return l->maps[0]->nres == l->ndims && ir_amap_is_projected_perm(l->maps[0], false) && l->maps[1]->nres == l->ndims &&
           t->root->opnds[0]->type.kind == IR_T_TENSOR;
}

/* The value a folded pad read is materialised for the kernel that now
 * reads it through the pad, not for the pad (the plan said "read by
 * 'tensor.pad', which is not an elementwise op" of a pad no longer there). */
static void note_folded_read(ir_module *m, kn_program *p, const ir_value *v, const kernel *k, const ir_op *pad) {
    if (!p->why || v->id >= p->nvalues || !p->why[v->id]) return;
    const ir_op *r = k->root;
    const char *name = r->kind == IR_OP_LINALG ? ir_linalg_kind_name((ir_linalg_kind)r->u.lin.named) : ir_op_name((ir_opkind)r->kind);
    char buf[256];
    snprintf(buf, sizeof buf, "read by '%s%s' at %u:%u through the tensor.pad at %u:%u folded into it (never copied)",
             r->kind == IR_OP_LINALG ? "linalg." : "", name, r->loc.line, r->loc.col, pad->loc.line, pad->loc.col);
    p->why[v->id] = sp_arena_strdup(&m->arena, buf);
}

uint32_t kn_fold_pads(ir_module *m, kn_program *p,
                      bool (*accept)(void *ud, const kernel *k, uint32_t input, const kn_input *folded), void *ud) {
    bool *gone = sp_arena_array(&m->arena, p->nk ? p->nk : 1, sizeof *gone);
    const ir_block *body = p->func->regions[0];
    uint32_t folded = 0;
    for (uint32_t a = 0; a < p->nk; a++) {
        kernel *pk = &p->k[a];
        if (pk->kind != KN_OP || pk->nops != 1 || pk->nextra || !foldable_pad(pk->root)) continue;
        const ir_op *pad = pk->root;
        const ir_pad_info *pi = &pad->u.pad;
        const ir_value *v = pk->out;
        if (count_uses(body, v) != 1) continue; /* one reader, not returned */
        /* the pad's source: a transpose (of x) that only the pad reads folds too */
        ir_value *src = pad->opnds[0];
        uint32_t tk = KN_NONE;
        if (src->id < p->nvalues && p->producer[src->id] != KN_NONE && p->producer[src->id] < a && !gone[p->producer[src->id]] &&
            transpose_kernel(&p->k[p->producer[src->id]]) && p->k[p->producer[src->id]].out == src && count_uses(body, src) == 1)
            tk = p->producer[src->id];
        /* the reader: an input of a later kernel, read by its ops once */
        for (uint32_t b = a + 1; b < p->nk; b++) {
            kernel *k = &p->k[b];
            int32_t hit = -1;
            uint32_t nhits = 0;
            for (uint32_t i = 0; i < k->ninputs; i++)
                if (k->inputs[i].value == v) hit = (int32_t)i, nhits++;
            if (nhits == 0) continue;
            if (nhits != 1 || k->inputs[hit].pad || !k->inputs[hit].map || k->inputs[hit].map->nres != pi->rank) break;
            kn_input in = k->inputs[hit];
            int64_t *lo = sp_arena_array(&m->arena, pi->rank ? pi->rank : 1, sizeof *lo);
            int64_t *hi = sp_arena_array(&m->arena, pi->rank ? pi->rank : 1, sizeof *hi);
            in.value = src;
            in.pad = pad;
            memcpy(lo, pi->low, pi->rank * sizeof *lo);
            memcpy(hi, pi->high, pi->rank * sizeof *hi);
            if (tk != KN_NONE) {
                /* x's dim j is the copy's loop im[j], the source's dim r with
                 * om[r] = im[j]: read x at the map's result r */
                const ir_op *T = p->k[tk].root;
                const ir_amap *im = T->u.lin.maps[0], *om = T->u.lin.maps[1];
                ir_amap *cm = ir_amap_new(m, in.map->ndims, in.map->nsyms, pi->rank);
                bool ok = im->nres == pi->rank;
                for (uint32_t j = 0; j < pi->rank && ok; j++) {
                    int d = ir_aexpr_dim(im->res[j]), r = -1;
                    for (uint32_t q = 0; q < om->nres; q++)
                        if (ir_aexpr_dim(om->res[q]) == d) r = (int)q;
                    if (d < 0 || r < 0) {
                        ok = false;
                        break;
                    }
                    cm->res[j] = in.map->res[r];
                    lo[j] = pi->low[r];
                    hi[j] = pi->high[r];
                }
                if (!ok) tk = KN_NONE, in = k->inputs[hit], in.value = src, in.pad = pad,
                         memcpy(lo, pi->low, pi->rank * sizeof *lo), memcpy(hi, pi->high, pi->rank * sizeof *hi);
                else in.value = T->opnds[0], in.map = cm;
            }
            in.pad_low = lo;
            in.pad_high = hi;
            if (accept(ud, k, (uint32_t)hit, &in)) {
                k->inputs[hit] = in;
                note_folded_read(m, p, in.value, k, pad);
                gone[a] = true;
                if (tk != KN_NONE) gone[tk] = true;
                folded++;
            }
            break;
        }
    }
    if (!folded) return 0;
    kn_drop_kernels(m, p, gone);
    return folded;
}
