/* analyze_copy.c - the npu analysis of a tensor op kernel (KN_OP): a copy
 * (extract_slice, insert_slice, pad, a strided insert) as tiles the DMA
 * moves and the vector unit fills (nl_analyze_copy), and a pad's padding
 * value (nl_pad_value), which convolutions read too. Split from analyze.c,
 * whose helpers it shares through lower_int.h. */
#include "lower_int.h"

#include <string.h>

#include "interp/interp.h"

bool nl_pad_value(const ir_op *op, np_dtype dt, nl_access *ba) {
    const ir_block *b = op->nregions ? op->regions[0] : NULL;
    memset(ba, 0, sizeof *ba);
    ba->dt = (uint8_t)dt;
    if (!b || !b->first || b->first->kind != IR_OP_TENSOR_YIELD || b->first->nopnds != 1) return false;
    const ir_value *pv = b->first->opnds[0];
    if (nl_const_value(pv->def, &ba->imm)) {
        ba->kind = NL_A_IMM;
    } else if (pv->type.kind == IR_T_SCALAR && pv->owner != b && (!pv->def || pv->def->parent != b)) {
        ba->kind = NL_A_SCALAR; /* a value known at run time */
        ba->value = pv->id;
    } else {
        return false;
    }
    return true;
}

static bool static_all(const int64_t *v, uint32_t n) {
    for (uint32_t d = 0; d < n; d++)
        if (v[d] == IR_DYNAMIC) return false;
    return true;
}

/* A tensor read by a copy at element off + sum idx[d] * stride[d] of the
 * loops: a DRAM tensor, or a splat or an empty (a fill). */
static void copy_access(const nl_env *env, const ir_value *v, np_dtype dt, int64_t off, const int64_t *stride, uint32_t n,
                        nl_access *a) {
    memset(a, 0, sizeof *a);
    a->dt = (uint8_t)dt;
    const uint8_t *elem = NULL;
    if (env->splat(env->ud, v->id, &elem)) {
        a->kind = NL_A_IMM;
        if (elem) a->imm = nl_scalar_of(interp_load_elem(elem, (ir_dtype)v->type.dtype));
        return;
    }
    a->kind = NL_A_TENSOR;
    a->value = env->root(env->ud, v->id);
    a->off = off;
    for (uint32_t d = 0; d < n; d++) a->stride[d] = stride[d];
}

/* A copy's tile loops over its n loops. Columns: the innermost loop
 * longer than 1 (the DMA's contiguous runs); rows: the longest other loop
 * (any loop walks both tensors with a fixed stride), so that a tile holds
 * many rows and the copy takes few tiles. */
static void copy_tile_loops(nl_kernel *kp, uint32_t n) {
    kp->dm = kp->dn = kp->dk = -1;
    for (int d = (int)n - 1; d >= 0 && kp->dn < 0; d--)
        if (kp->bounds[d] > 1) kp->dn = d;
    /* a patch placed at a stride along that loop (ConvTranspose's strided
     * insert_slice) cannot be: a tile's columns sit in consecutive lanes.
     * Its columns are then the innermost loop the patch steps through one
     * by one (rows may be strided; the DMA's runs are shorter) */
    if (kp->dn >= 0 && kp->pstep[kp->dn] > 1 && kp->psize[kp->dn] > 1)
        for (int d = kp->dn - 1; d >= 0; d--)
            if (kp->bounds[d] > 1 && (kp->pstep[d] <= 1 || kp->psize[d] <= 1)) {
                kp->dn = d;
                break;
            }
    for (int d = (int)n - 1; d >= 0; d--)
        if (d != kp->dn && kp->bounds[d] > 1 && (kp->dm < 0 || kp->bounds[d] > kp->bounds[kp->dm])) kp->dm = d;
}

/* Copy kernels: tensor.extract_slice, insert_slice and pad with static
 * offsets (lower.h). The loops are the result's dims (an extract_slice's:
 * the slice's sizes, rank-reduced or not: the same row-major layout). */
void nl_analyze_copy(nl_kernel *kp, const nl_env *env) {
    const kernel *k = kp->k;
    const ir_op *op = k->root;
    char name[64];
    nl_op_text(op, name, sizeof name);
    const ir_type rt = op->res[0].type;
    np_dtype dt;
    if (rt.kind != IR_T_TENSOR || !nl_dtype_of((ir_dtype)rt.dtype, &dt))
        { nl_host(kp, "'%s' makes a tensor of element type %s, which the npu does not hold", name, ir_dtype_name((ir_dtype)rt.dtype)); return; }
    if (rt.rank > KN_MAX_DIMS || rt.rank > IR_MAX_RANK) { nl_host(kp, "'%s' has more than %d dims", name, KN_MAX_DIMS); return; }
    int64_t rs[IR_MAX_RANK];
    ir_type_strides(rt, rs);
    int64_t pstride[IR_MAX_RANK] = {0}, poff = 0; /* the patch's element k in its source */
    const ir_value *src = NULL;
    uint32_t n = rt.rank;
    for (uint32_t d = 0; d < n; d++) kp->bounds[d] = rt.dims[d];
    for (uint32_t d = 0; d < KN_MAX_DIMS; d++) kp->pstep[d] = 1;
    if (op->kind == IR_OP_EXTRACT_SLICE || op->kind == IR_OP_INSERT_SLICE) {
        const ir_slice_info *si = &op->u.slice;
        if (!static_all(si->offsets, si->rank) || !static_all(si->sizes, si->rank) || !static_all(si->strides, si->rank))
            { nl_host(kp, "'%s' has dynamic offsets, sizes or strides", name); return; }
        const bool ins = op->kind == IR_OP_INSERT_SLICE;
        const ir_value *big = ins ? op->opnds[1] : op->opnds[0];
        src = op->opnds[0];
        if (big->type.rank != si->rank || si->rank > IR_MAX_RANK) { nl_host(kp, "'%s': the slice's rank is not the tensor's", name); return; }
        int64_t bs[IR_MAX_RANK], box[IR_MAX_RANK];
        ir_type_strides(big->type, bs);
        for (int d = (int)si->rank - 1; d >= 0; d--) {
            if (si->offsets[d] < 0 || si->sizes[d] < 0 || si->strides[d] < 1 ||
                (si->sizes[d] > 0 && si->offsets[d] + (si->sizes[d] - 1) * si->strides[d] >= big->type.dims[d]))
                { nl_host(kp, "'%s' runs out of bounds (the reference says where)", name); return; }
            box[d] = d + 1 < (int)si->rank ? box[d + 1] * si->sizes[d + 1] : 1; /* the slice, row-major */
        }
        n = si->rank;
        if (!ins) { /* loops over the slice; the source is the big tensor, strided */
            for (uint32_t d = 0; d < n; d++) {
                kp->bounds[d] = si->sizes[d];
                rs[d] = box[d];
                poff += si->offsets[d] * bs[d];
                pstride[d] = si->strides[d] * bs[d];
                kp->plo[d] = 0, kp->psize[d] = si->sizes[d];
            }
        } else { /* loops over the result; the slice is a patch at its offsets, strided */
            for (uint32_t d = 0; d < n; d++) {
                pstride[d] = box[d];
                kp->plo[d] = si->offsets[d], kp->psize[d] = si->sizes[d], kp->pstep[d] = si->strides[d];
            }
            kp->has_base = true;
            copy_access(env, big, dt, 0, rs, n, &kp->base);
        }
    } else if (op->kind == IR_OP_PAD) {
        const ir_pad_info *pi = &op->u.pad;
        src = op->opnds[0];
        const ir_block *b = op->nregions ? op->regions[0] : NULL;
        if (!static_all(pi->low, pi->rank) || !static_all(pi->high, pi->rank) || src->type.rank != pi->rank || pi->rank != n)
            { nl_host(kp, "'%s' has dynamic padding", name); return; }
        if (!b || !b->first || b->first->kind != IR_OP_TENSOR_YIELD || b->first->nopnds != 1)
            { nl_host(kp, "'%s' computes its padding value per element", name); return; }
        ir_type_strides(src->type, pstride);
        for (uint32_t d = 0; d < n; d++) {
            if (pi->low[d] < 0 || pi->high[d] < 0) { nl_host(kp, "'%s' with negative padding (a crop)", name); return; }
            kp->plo[d] = pi->low[d], kp->psize[d] = src->type.dims[d];
        }
        if (!nl_pad_value(op, dt, &kp->base)) {
            nl_host(kp, "'%s' pads with a value the npu cannot read", name);
            return;
        }
        kp->has_base = true;
    } else {
        nl_host(kp, "'%s' moves data in a way the npu's copy programs do not express", name);
        return;
    }
    for (uint32_t d = 0; d < n; d++) kp->phi[d] = kp->psize[d] > 0 ? kp->plo[d] + (kp->psize[d] - 1) * kp->pstep[d] + 1 : kp->plo[d];
    kp->copy = true;
    kp->ndims = n;
    kp->out_dt = kp->acc_dt = (uint8_t)dt;
    memset(&kp->out, 0, sizeof kp->out);
    kp->out.kind = NL_A_TENSOR;
    kp->out.dt = (uint8_t)dt;
    kp->out.value = env->root(env->ud, op->res[0].id);
    for (uint32_t d = 0; d < n; d++) kp->out.stride[d] = rs[d];
    copy_tile_loops(kp, n);
    if (kp->dn >= 0 && kp->pstep[kp->dn] > 1 && kp->psize[kp->dn] > 1)
        { nl_host(kp, "'%s' with a stride along its last dim: the npu places a patch's columns with unit stride only", name); return; }
    kp->M = kp->dm >= 0 ? kp->bounds[kp->dm] : 1;
    kp->N = kp->dn >= 0 ? kp->bounds[kp->dn] : 1;
    kp->K = 1;
    for (uint32_t d = 0; d < n; d++)
        if ((int)d != kp->dm && (int)d != kp->dn) kp->par[kp->npar++] = d;
    kp->mode = NP_VMAP;
    nl_operand *in = &kp->in[0];
    memset(in, 0, sizeof *in);
    copy_access(env, src, dt, poff, pstride, n, &in->a);
    in->uses_r = kp->dm >= 0;
    in->uses_c = kp->dn >= 0;
    in->name = src->name;
    kp->nin = 1;
    kp->inplace = 0; /* the tile is loaded, then stored */
}
