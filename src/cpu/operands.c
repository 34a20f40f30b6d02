/* operands.c - where the cpu backend's kernels read their tensors
 * (backend_impl.h): accesses (strides over a kernel's loops), each run's
 * epilogue operands and patched constants, and the backend's scratch. */
#include <string.h>

#include "backend_impl.h"

bool cb_make_access(const cb_backend *cb, const ir_value *v, const ir_amap *map, uint32_t ndims, cb_access *a) {
    memset(a, 0, sizeof *a);
    a->value = v->id;
    if (v->type.kind == IR_T_SCALAR) return false;
    if ((ex_value_splat(cb->px, v->id) != NULL)) return true; /* every element is the one stored */
    int64_t ts[IR_MAX_RANK];
    ir_type_strides(v->type, ts);
    for (uint32_t r = 0; r < map->nres; r++) {
        int64_t coef[KN_MAX_DIMS] = {0}, cst = 0;
        if (!ir_aexpr_linear(map->res[r], ndims, coef, &cst)) return false;
        for (uint32_t d = 0; d < ndims; d++) a->stride[d] += coef[d] * ts[r];
        a->off += cst * ts[r];
    }
    return true;
}

/* The value a tensor.pad yields for its border (its region's one yield). */
const ir_value *cb_pad_value(const ir_op *pad) { return pad->regions[0]->first->opnds[0]; }

void cb_patch_program(cb_backend *cb, cb_kplan *kp) {
    for (uint32_t p = 0; p < kp->npatches; p++) kp->epi.insn[kp->patches[p].insn].imm = (float)ex_scalar(cb->px, kp->patches[p].value).f;
}

/* Where epilogue operand s of kp reads from this run: the value's storage,
 * or for an i1 mask its copy as floats 0/1, for a bf16/f16 one as f32. */
float *cb_operand_base(cb_backend *cb, cb_kplan *kp, uint32_t s) {
    uint8_t *p = ex_value_ptr(cb->px, kp->operand[s].value);
    if (!kp->is_i1[s] && kp->op_dt[s] == CPU_F32) return (float *)p;
    if (kp->cvt_kept[s]) return kp->f32[s];
    const int64_t n = kp->cvt_numel[s];
    if (n > kp->f32_n[s]) {
        sp_free(cb->ctx, kp->f32[s]);
        kp->f32_n[s] = 0;
        kp->f32[s] = sp_malloc(cb->ctx, sp_size_mul(cb->ctx, (size_t)n, sizeof(float)));
        kp->f32_n[s] = n;
    }
    if (kp->is_i1[s])
        for (int64_t i = 0; i < n; i++) kp->f32[s][i] = p[i] ? 1.0f : 0.0f;
    else
        cpu_cvt16_portable(kp->f32[s], (const uint16_t *)p, n, kp->op_dt[s]);
    kp->cvt_kept[s] = ex_value_const(cb->px, kp->operand[s].value) != NULL;
    return kp->f32[s];
}

/* The backend's scratch (cb->work) grown to need bytes, kept for the
 * next calls. */
void cb_keep_work(cb_backend *cb, size_t need, const char *what) {
    if (need <= cb->work_bytes) return;
    sp_free(cb->ctx, cb->work_raw);
    cb->work_bytes = 0;
    cb->work = cpu_aligned_alloc(cb->ctx, need, &cb->work_raw);
    if (!cb->work) sp_throw(cb->ctx, SP_EINPUT, (sp_loc){0}, "out of memory: %s needs %zu bytes", what, need);
    cb->work_bytes = need;
}
