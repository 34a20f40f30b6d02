/* dw_path.c - a depthwise convolution on the direct kernel
 * (backend_impl.h, conv_dw.h): the loops split into lanes, rows, taps and
 * tiles, a folded pad's coordinates, the epilogue in the kernel's
 * registers or on the tile; and its run. */
#include <omp.h>
#include <string.h>

#include "backend_impl.h"

void cb_dw_free(sp_ctx *ctx, cb_dw_plan *p) {
    if (!p) return;
    cpu_dw_free(ctx, &p->d);
    sp_free(ctx, p->taps);
    sp_free(ctx, p->coords);
    sp_free(ctx, p);
}

/* Whether a window contraction may be a depthwise one, from its structure
 * alone (cb_folds_pad asks before storage is known): f32 products of f32
 * tensors, one output column, a zero pad if any. cb_plan_dw decides. */
bool cb_dw_shape(const kernel *k, const kn_input *in0) {
    cpu_dtype a, w;
    if (k->kind != KN_CONTRACTION || k->n != 1 || k->ninputs < 2 || !cb_reads_a_window(k) || !cb_f32_mac(k, &a, &w) ||
        a != CPU_F32 || w != CPU_F32 || k->out->type.dtype != IR_F32)
        return false;
    for (uint32_t i = 0; i < 2; i++)
        if (k->inputs[i].value->type.kind != IR_T_TENSOR || k->inputs[i].value->type.dtype != IR_F32) return false;
    if (in0->pad) {
        float c;
        if (!cb_is_f32_const(cb_pad_value(in0->pad), &c) || c != 0.0f) return false;
    }
    return true;
}

/* A folded pad's padded coordinates at each tap (conv_dw.h): one along
 * the lanes (ltap) or those moving with the rows (rtap, and per tile
 * rbase's terms); false where the kernel cannot bound one. */
static bool dw_pad_coords(cb_kplan *kp, const uint32_t *kd, uint32_t nk, const int64_t *ts) {
    const kernel *k = kp->k;
    const kn_input *in = &k->inputs[0];
    cb_dw_plan *p = kp->dw;
    cpu_dw *d = &p->d;
    const int L = p->L, M = p->M;
    const int64_t ntap = d->ntap, xs_l = d->xs_l, ws_l = d->ws_l;
    int32_t *ltap = p->coords;
    int64_t idx[KN_MAX_DIMS];
    for (uint32_t r = 0; in->pad && r < in->map->nres; r++) {
        if (!in->pad_low[r] && !in->pad_high[r]) continue;
        int64_t coef[KN_MAX_DIMS] = {0}, cst = 0;
        if (!ir_aexpr_linear(in->map->res[r], k->ndims, coef, &cst)) return false;
        int32_t *tc;
        if (coef[L]) {
            if (d->lpad || ts[r] != 1 || coef[L] != xs_l || ws_l) return false;
            for (uint32_t dd = 0; dd < k->ndims; dd++)
                if ((int)dd != L && k->dimclass[dd] != KN_DIM_K && coef[dd] && k->bounds[dd] > 1) return false;
            d->lpad = true;
            d->ldim = in->value->type.dims[r];
            tc = ltap;
            d->ltap = ltap;
        } else {
            if (d->nrp == CPU_DW_MAX_ROWPAD) return false;
            const uint32_t q = d->nrp++;
            d->rdim[q] = in->value->type.dims[r];
            d->rcoef[q] = M >= 0 ? coef[M] : 0;
            p->rcst[q] = cst - in->pad_low[r];
            for (uint32_t j = 0; j < p->nouter; j++) p->rocoef[q][p->outer[j]] = coef[p->outer[j]];
            tc = p->coords + (1 + q) * ntap;
            d->rtap[q] = tc;
        }
        memset(idx, 0, sizeof idx);
        for (int64_t t = 0; t < ntap; t++) {
            int64_t c = coef[L] ? cst - in->pad_low[r] : 0;
            for (uint32_t i = 0; i < nk; i++) c += idx[kd[i]] * coef[kd[i]];
            tc[t] = (int32_t)c;
            cb_odometer_next(idx, kd, nk, k->bounds);
        }
    }
    return true;
}

/* Lanes a row at most for a plane to be folded into the lanes. A 3x3 on
 * MobileNetV2's 7x7 planes ran a row (7 lanes of a vector) at a time, the
 * border rows alone: folded, 2x faster; 14x14 ~5%; its 28- and 56-wide
 * planes 20% slower, their one row of 4 vectors a block where a 2-row
 * block keeps 8 accumulators (bench/kernels_ab.py on
 * bench/models/mobilenet_v2_b1.mlir, AVX2). */
#define DW_FOLD_MAX_ROW 16

/* Folds a stride-1 plane's rows into the lanes (conv_dw.h lrow) where
 * every tensor walks the plane contiguously: the source's rows (its
 * padded width equal to the output's), the output's and each operand's
 * (or a value per plane), and the rows' padded coordinates are the same
 * for every tile. */
static void dw_fold_plane(cb_kplan *kp) {
    const kernel *k = kp->k;
    cb_dw_plan *p = kp->dw;
    cpu_dw *d = &p->d;
    const int L = p->L, M = p->M;
    if (M < 0 || d->xs_l != 1 || d->ws_l || d->L > DW_FOLD_MAX_ROW || d->M < 2) return;
    if (kp->lhs.stride[M] != d->L || kp->out.stride[L] != 1 || kp->out.stride[M] != d->L) return;
    for (uint32_t s = 0; s < kp->epi.noperands; s++) {
        if ((int)s == kp->init_slot) continue;
        const int64_t sl = kp->operand[s].stride[L], sm = kp->operand[s].stride[M];
        if (sm != sl * d->L) return;
    }
    for (uint32_t r = 0; r < d->nrp; r++)
        for (uint32_t j = 0; j < p->nouter; j++)
            if (p->rocoef[r][p->outer[j]] && k->bounds[p->outer[j]] > 1) return;
    for (uint32_t r = 0; r < d->nrp; r++) d->rbase0[r] = p->rcst[r];
    d->lrow = d->L;
    d->L *= d->M;
    d->M = 1;
    d->xs_m = 0;
    p->M = -1;
}

bool cb_plan_dw(cb_backend *cb, cb_kplan *kp) {
    kernel *k = kp->k;
    const kn_input *in = &k->inputs[0];
    if (!cb_dw_shape(k, in)) return false;
    for (uint32_t i = 1; i < k->ninputs; i++)
        if (k->inputs[i].pad || k->inputs[i].role == KN_ROLE_INIT) return false;
    if (!cb_make_access(cb, in->value, in->map, k->ndims, &kp->lhs) ||
        !cb_make_access(cb, k->inputs[1].value, k->inputs[1].map, k->ndims, &kp->rhs) ||
        !cb_make_access(cb, k->out, k->out_map, k->ndims, &kp->out))
        return false;
    int64_t ts[IR_MAX_RANK];
    ir_type_strides(in->value->type, ts);
    if (in->pad)
        for (uint32_t r = 0; r < in->map->nres; r++) kp->lhs.off -= in->pad_low[r] * ts[r];
    kp->init_slot = -1;
    if (!cb_compile_program(cb, kp, 1)) return false;
    cpu_epi_coalesce(&kp->epi);
    if (k->init_scalar) {
        if (k->init_scalar->type.dtype != IR_F32 || kp->epi.noperands >= CPU_EPI_MAX_OPERANDS) return false;
        kp->init_slot = (int)kp->epi.noperands++;
    }
    /* the loops */
    int L = -1, M = -1;
    uint32_t kd[KN_MAX_DIMS], nk = 0;
    for (uint32_t d = 0; d < k->ndims; d++) {
        if (k->bounds[d] == 1) continue;
        if (k->dimclass[d] == KN_DIM_K) {
            if (kp->out.stride[d]) return false;
            kd[nk++] = d;
        } else if (kp->out.stride[d] == 1 && L < 0) {
            L = (int)d;
        }
    }
    if (L < 0) return false;
    for (uint32_t d = 0; d < k->ndims; d++)
        if ((int)d != L && k->bounds[d] > 1 && k->dimclass[d] != KN_DIM_K && kp->out.stride[d] > 0 && !kp->rhs.stride[d] &&
            (M < 0 || kp->out.stride[d] < kp->out.stride[M]))
            M = (int)d;
    const int64_t xs_l = kp->lhs.stride[L], ws_l = kp->rhs.stride[L];
    if ((xs_l != 1 && xs_l != 2) || (ws_l != 0 && ws_l != 1) || (ws_l == 1 && xs_l != 1)) return false;
    for (uint32_t s = 0; s < kp->epi.noperands; s++)
        for (uint32_t i = 0; i < nk && (int)s != kp->init_slot; i++)
            if (kp->operand[s].stride[kd[i]]) return false;
    int64_t ntap = 1;
    for (uint32_t i = 0; i < nk; i++) ntap *= k->bounds[kd[i]];
    if (ntap > CPU_DW_MAX_TAPS) return false;
    cb_dw_plan *p = sp_calloc(cb->ctx, 1, sizeof *p);
    kp->dw = p;
    p->L = L, p->M = M;
    cpu_dw *d = &p->d;
    d->L = k->bounds[L];
    d->M = M >= 0 ? k->bounds[M] : 1;
    d->xs_l = xs_l, d->ws_l = ws_l;
    d->xs_m = M >= 0 ? kp->lhs.stride[M] : 0;
    d->ntap = (uint32_t)ntap;
    p->nouter = 0;
    for (uint32_t dd = 0; dd < k->ndims; dd++)
        if ((int)dd != L && (int)dd != M && k->dimclass[dd] != KN_DIM_K && k->bounds[dd] > 1) p->outer[p->nouter++] = dd;
    p->taps = sp_malloc(cb->ctx, sp_size_mul(cb->ctx, (size_t)ntap, 2 * sizeof(int64_t)));
    p->coords = sp_calloc(cb->ctx, (size_t)ntap * 3, sizeof(int32_t));
    int64_t *xtap = p->taps, *wtap = p->taps + ntap;
    int64_t idx[KN_MAX_DIMS] = {0};
    for (int64_t t = 0; t < ntap; t++) {
        xtap[t] = wtap[t] = 0;
        for (uint32_t i = 0; i < nk; i++) xtap[t] += idx[kd[i]] * kp->lhs.stride[kd[i]], wtap[t] += idx[kd[i]] * kp->rhs.stride[kd[i]];
        cb_odometer_next(idx, kd, nk, k->bounds);
    }
    d->xtap = xtap, d->wtap = wtap;
    if (!dw_pad_coords(kp, kd, nk, ts)) return false;
    dw_fold_plane(kp);
    d->t_rs = (d->L + 15) / 16 * 16; /* after folding: L may have grown */
    cpu_dw_masks(cb->ctx, d);
    /* the epilogue: a leading bias or residual add as the init */
    cpu_epilogue chk = kp->epi;
    static const float dummy = 0.0f;
    for (uint32_t s = 0; s < chk.noperands; s++) chk.operands[s].ptr = &dummy;
    if (cpu_epi_check(cb->ctx, &chk) != SP_OK) return false;
    p->fold = cpu_epi_compile(&kp->epi, !k->init_scalar, &p->prog);
    return true;
}

void cb_run_dw(cb_backend *cb, cb_kplan *kp) {
    const kernel *k = kp->k;
    cb_dw_plan *p = kp->dw;
    const cpu_dw *d = &p->d;
    cb_patch_program(cb, kp);
    float init = k->init_scalar ? (float)ex_scalar(cb->px, k->init_scalar->id).f : 0.0f;
    const float *X = (const float *)ex_value_ptr(cb->px, kp->lhs.value);
    const float *W = (const float *)ex_value_ptr(cb->px, kp->rhs.value);
    float *C = (float *)ex_value_ptr(cb->px, kp->out.value);
    float *opbase[CPU_EPI_MAX_OPERANDS];
    for (uint32_t s = 0; s < kp->epi.noperands; s++) {
        const bool is_init = (int)s == kp->init_slot;
        opbase[s] = is_init ? &init : cb_operand_base(cb, kp, s);
        kp->epi.operands[s].sm = is_init || p->M < 0 ? 0 : kp->operand[s].stride[p->M];
        kp->epi.operands[s].sn = is_init ? 0 : kp->operand[s].stride[p->L];
    }
    cpu_isa isa;
    if (cpu_isa_active(cb->ctx, &isa) != SP_OK) sp_rethrow(cb->ctx);
    int nks = 0;
    const cpu_kernel_set *const *ks = isa > CPU_ISA_GENERIC ? cpu_kernel_sets(isa, &nks) : NULL;
    void (*epi_tile)(const cpu_epi_prog *, const float *, int64_t, int, int, int64_t, int64_t, float *, int64_t) =
        nks && ks[0]->epi_tile ? ks[0]->epi_tile : cpu_epi_tile_generic;
    int64_t nouter = 1;
    for (uint32_t j = 0; j < p->nouter; j++) nouter *= k->bounds[p->outer[j]];
    const int nt = cpu_team(cb->o.nthreads, nouter);
    const size_t per = (size_t)(d->M * d->t_rs);
    cb_keep_work(cb, sp_size_mul(cb->ctx, per * sizeof(float), (size_t)nt), "a depthwise convolution's tiles");
    float *tiles = cb->work;
    const int64_t c_rs = p->M >= 0 ? kp->out.stride[p->M] : 0;
    /* the source's storage, which the kernel may read past its masks (the
     * input's whole tensor, a view's root having its bytes) */
    const ir_value *xv = k->inputs[0].value;
    const bool xwhole = xv->type.kind == IR_T_TENSOR && X &&
                        ex_value_root(cb->px, xv->id) == ex_value_root(cb->px, kp->lhs.value);
    const float *x_lo = xwhole ? X : NULL, *x_hi = xwhole ? X + ir_type_numel(xv->type) : NULL;
    /* the epilogue in the kernel's registers where it is steps, else on the tile */
    cpu_epi_prog chk = p->prog;
    chk.e = &kp->epi;
    const bool direct = isa >= CPU_ISA_AVX2 && cpu_dw_steps_fit(&chk);
#pragma omp parallel num_threads(nt)
    {
        const int id = omp_get_thread_num(), n = omp_get_num_threads();
        cpu_epilogue e = kp->epi;
        cpu_epi_prog pr = p->prog;
        pr.e = &e;
        cpu_dw_item it = {.tile = tiles + (size_t)id * per, .out_rs = c_rs, .epi = &pr, .x_lo = x_lo, .x_hi = x_hi};
        int64_t idx[KN_MAX_DIMS] = {0};
        const int64_t o0 = nouter * id / n, o1 = nouter * (id + 1) / n;
        for (int64_t o = o0; o < o1; o++) {
            for (int64_t r = o, j = (int64_t)p->nouter - 1; j >= 0; j--) {
                const int64_t b = k->bounds[p->outer[j]];
                idx[p->outer[j]] = r % b;
                r /= b;
            }
            it.x = X + cb_at(&kp->lhs, idx, p->outer, p->nouter);
            it.w = W + cb_at(&kp->rhs, idx, p->outer, p->nouter);
            for (uint32_t r = 0; r < d->nrp; r++) {
                it.rbase[r] = p->rcst[r];
                for (uint32_t j = 0; j < p->nouter; j++) it.rbase[r] += p->rocoef[r][p->outer[j]] * idx[p->outer[j]];
            }
            for (uint32_t s = 0; s < e.noperands; s++)
                e.operands[s].ptr = (int)s == kp->init_slot ? &init : opbase[s] + cb_at(&kp->operand[s], idx, p->outer, p->nouter);
            if (p->fold >= 0) {
                it.init = e.operands[p->fold].ptr, it.init_sm = e.operands[p->fold].sm, it.init_sn = e.operands[p->fold].sn;
            } else if (k->init_scalar) {
                it.init = &init, it.init_sm = it.init_sn = 0;
            } else {
                it.init = NULL;
            }
            float *c = C + cb_at(&kp->out, idx, p->outer, p->nouter);
            it.out = direct ? c : NULL;
            cpu_dw_tile(d, isa, &it);
            if (!direct)
                for (int64_t c0 = 0; c0 < d->L; c0 += 32) /* the tile functions' rows hold 32 floats at least */
                    epi_tile(&pr, it.tile + c0, d->t_rs, (int)d->M, (int)(d->L - c0 < 32 ? d->L - c0 : 32), 0, c0, c + c0, c_rs);
        }
    }
}
