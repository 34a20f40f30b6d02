/* gemm_run.c - a GEMM kernel's run (backend_impl.h): one cpu_gemm call
 * per outer iteration, or a chunked convolution's items (its window packed
 * as B, gathered as im2col rows or read in place) over the threads. */
#include <omp.h>

#include "backend_impl.h"

/* The chunks' buffer (floats, 64-byte aligned), grown and kept. */
static float *window_buffer(cb_backend *cb, cb_kplan *kp, size_t floats) {
    const size_t need = sp_size_mul(cb->ctx, floats, sizeof(float));
    if (need > kp->wpack_bytes) {
        sp_free(cb->ctx, kp->wpack_raw);
        kp->wpack_bytes = 0;
        kp->wpack = cpu_aligned_alloc(cb->ctx, need, &kp->wpack_raw);
        if (!kp->wpack) sp_throw(cb->ctx, SP_EINPUT, (sp_loc){0}, "out of memory: a convolution's window needs %zu bytes", need);
        kp->wpack_bytes = need;
    }
    return kp->wpack;
}

/* A strided source's copy by its phases (cb_kplan.ph) from X at its
 * origin, into the chunks' buffer (a window read in place packs none):
 * its channels over the team the GEMM starts. */
static const float *phase_copy(cb_backend *cb, cb_kplan *kp, const float *X) {
    const cpu_phases *ph = &kp->ph->ph;
    float *dst = window_buffer(cb, kp, sp_size_mul(cb->ctx, (size_t)(ph->nchan * ph->nplane), (size_t)ph->plane));
    const int g = kp->blocking.nthreads < cb->o.nthreads ? kp->blocking.nthreads : cb->o.nthreads;
    const int nt = cpu_team(g > 1 ? g : 1, ph->nchan);
    if (nt <= 1) {
        cpu_phase_copy(ph, X, 0, ph->nchan, dst);
    } else {
#pragma omp parallel num_threads(nt)
        {
            const int id = omp_get_thread_num(), n = omp_get_num_threads();
            cpu_phase_copy(ph, X, ph->nchan * id / n, ph->nchan * (id + 1) / n, dst);
        }
    }
    return dst;
}

/* Items [i0, i1) of a chunked convolution on one thread: per item the
 * chunk's window packed as B (window_b: the weights A, read in place) or
 * gathered as im2col rows A (the weights B, packed once: pb), the pad
 * bounded (conv.h), and one GEMM on them, its epilogue on the chunk. */
static sp_status run_window_items(const cb_backend *cb, const cb_kplan *kp, const cpu_gemm_args *g0, float *wbuf,
                                  const cpu_packed *pb, const float *X, const float *W, float *C, float *const *opbase,
                                  float *init, float padv, int64_t i0, int64_t i1, int gthreads, sp_ctx *ctx) {
    const kernel *k = kp->k;
    const int64_t nch = (kp->npix + kp->chunk - 1) / kp->chunk;
    const int nr = kp->blocking.nr;
    cpu_window win = kp->win;
    win.padv = padv;
    struct cpu_packed wp = {.nr = nr, .K = kp->gK, .kv = kp->gK, .nbatch = 1, .data = wbuf};
    cpu_epilogue e = kp->epi;
    cpu_gemm_args g = *g0;
    g.epi = &e;
    g.nthreads = gthreads;
    g.work = NULL, g.work_bytes = 0, g.work_used = NULL;
    g.packed_b = kp->window_b ? &wp : pb;
    g.B = NULL;
    const int d = kp->window_b ? kp->n_dim : kp->m_dim; /* the pixels' innermost loop */
    for (int64_t it = i0; it < i1; it++) {
        const int64_t o = it / nch, p0 = it % nch * kp->chunk;
        const int64_t cnt = kp->npix - p0 < kp->chunk ? kp->npix - p0 : kp->chunk;
        int64_t idx[KN_MAX_DIMS], r = o;
        for (int j = (int)kp->nouter - 1; j >= 0; j--) {
            idx[kp->outer[j]] = r % k->bounds[kp->outer[j]];
            r /= k->bounds[kp->outer[j]];
        }
        const int64_t base = cb_at(&kp->lhs, idx, kp->outer, kp->nouter);
        if (kp->window_b) {
            kp->pack(&win, X, base, p0, cnt, nr, wbuf);
            wp.N = g.N = cnt;
            wp.npanels = (cnt + nr - 1) / nr;
            g.A = W + cb_at(&kp->rhs, idx, kp->outer, kp->nouter);
        } else {
            cpu_window_gather(&win, X, base, p0, cnt, wbuf);
            g.M = cnt;
            g.A = wbuf;
            if (!pb) { /* weights that move with the outer loops (a grouped conv's): packed by the call */
                g.packed_b = NULL;
                g.B = W + cb_at(&kp->rhs, idx, kp->outer, kp->nouter);
            }
        }
        g.C = C + cb_at(&kp->out, idx, kp->outer, kp->nouter) + p0 * kp->out.stride[d];
        for (uint32_t s = 0; s < e.noperands; s++)
            e.operands[s].ptr = (int)s == kp->init_slot
                                    ? init
                                    : opbase[s] + cb_at(&kp->operand[s], idx, kp->outer, kp->nouter) + p0 * kp->operand[s].stride[d];
        if (cpu_gemm(ctx, &g) != SP_OK) return SP_EINPUT;
        g.epi_checked = true;
    }
    return SP_OK;
}

/* A chunked convolution: its items over the threads (cb_window_split), or
 * in turn with each GEMM over the threads. An im2col's B (the weights)
 * not packed before the run (a constant's at prepare, a bound argument's
 * at bind) is packed here, once for all its calls. */
static void run_windows(cb_backend *cb, cb_kplan *kp, const cpu_gemm_args *g0, const float *X, const float *W, float *C,
                        float *const *opbase, float *init, int64_t nouter) {
    const int64_t items = cb_window_items(kp, nouter);
    const float padv = kp->padv_rt ? (float)ex_scalar(cb->px, kp->padv_id).f : kp->win.padv;
    cpu_packed *pb = kp->packed, *own = NULL;
    if (!kp->window_b && !pb && cb_rhs_packable(kp)) {
        if (cpu_pack_b(cb->ctx, &kp->blocking, kp->gK, kp->gN, 1, W + kp->rhs.off, CPU_F32, kp->b_sk, kp->b_sn, 0, &own) !=
            SP_OK)
            sp_rethrow(cb->ctx);
        pb = own;
    }
    const bool split = cb_window_split(kp, cb->o.nthreads, nouter);
    const int nt = split ? cpu_team(cb->o.nthreads, items) : 1;
    const size_t per = kp->window_b ? (size_t)((kp->chunk + kp->blocking.nr - 1) / kp->blocking.nr * kp->blocking.nr) *
                                          (size_t)kp->gK
                                    : (size_t)kp->chunk * (size_t)kp->gK;
    float *buf = window_buffer(cb, kp, sp_size_mul(cb->ctx, per, (size_t)nt));
    sp_status st = SP_OK;
    if (!split) {
        st = run_window_items(cb, kp, g0, buf, pb, X, W, C, opbase, init, padv, 0, items, cb->o.nthreads, cb->ctx);
    } else {
#pragma omp parallel num_threads(nt)
        {
            const int id = omp_get_thread_num(), n = omp_get_num_threads();
            sp_ctx tctx;
            sp_ctx_init(&tctx, &cb->ctx->alloc); /* the program's allocator (with packed B nothing is allocated) */
            if (run_window_items(cb, kp, g0, buf + (size_t)id * per, pb, X, W, C, opbase, init, padv, items * id / n,
                                 items * (id + 1) / n, 1, &tctx) != SP_OK) {
#pragma omp critical(cpu_window_fail)
                st = SP_EINPUT;
            }
        }
    }
    cpu_packed_free(cb->ctx, own);
    if (st != SP_OK) {
        if (!split) sp_rethrow(cb->ctx);
        sp_throw(cb->ctx, SP_EINPUT, (sp_loc){0}, "out of memory: a convolution's scratch");
    }
    kp->epi_checked = true;
}

void cb_run_gemm(cb_backend *cb, uint32_t ki) {
    if (cb->kp[ki].pair_first) return; /* the next kernel runs it */
    if (cb->kp[ki].pair) {
        cb_run_pair(cb, ki);
        return;
    }
    cb_run_gemm_apart(cb, ki);
}

void cb_run_gemm_apart(cb_backend *cb, uint32_t ki) {
    cb_kplan *kp = &cb->kp[ki];
    kernel *k = kp->k;
    cb_patch_program(cb, kp);
    float init = k->init_scalar ? (float)ex_scalar(cb->px, k->init_scalar->id).f : 0.0f;
    float lhs_scalar = 0, rhs_scalar = 0; /* scalar operands (see cb_plan_gemm) */
    float *A = (float *)ex_value_ptr(cb->px, kp->lhs.value), *B = (float *)ex_value_ptr(cb->px, kp->rhs.value);
    cpu_dtype a_dt = kp->a_dt, b_dt = kp->b_dt;
    if (k->inputs[0].value->type.kind == IR_T_SCALAR) {
        lhs_scalar = (float)ex_scalar(cb->px, kp->lhs.value).f;
        A = &lhs_scalar;
        a_dt = CPU_F32;
    }
    if (k->inputs[1].value->type.kind == IR_T_SCALAR) {
        rhs_scalar = (float)ex_scalar(cb->px, kp->rhs.value).f;
        B = &rhs_scalar;
        b_dt = CPU_F32;
    }
    float *C = (float *)ex_value_ptr(cb->px, kp->out.value);
    const int64_t a_es = cpu_dtype_size(a_dt), b_es = cpu_dtype_size(b_dt), c_es = cpu_dtype_size(kp->c_dt);
    float *opbase[CPU_EPI_MAX_OPERANDS];
    for (uint32_t s = 0; s < kp->epi.noperands; s++)
        opbase[s] = (int)s == kp->init_slot ? &init : cb_operand_base(cb, kp, s);
    /* every field named: a zeroing initialiser is a REP STOS per call */
#define STRIDE(a, d) ((d) >= 0 ? (a).stride[d] : 0)
    cpu_gemm_args g = {
        .M = kp->gM,
        .N = kp->gN,
        .K = kp->gK,
        .nbatch = kp->gNB,
        .A = NULL,
        .a_sm = kp->window_b ? STRIDE(kp->rhs, kp->m_dim) : kp->gather ? kp->gK : STRIDE(kp->lhs, kp->m_dim),
        .a_sk = kp->gather || kp->window_b ? 1 : STRIDE(kp->lhs, kp->k_dim),
        .a_sb = kp->gather || kp->window_b ? 0 : STRIDE(kp->lhs, kp->br_dim),
        .B = NULL,
        .b_sk = kp->b_sk,
        .b_sn = kp->b_sn,
        .b_sb = kp->b_sb,
        .packed_b = kp->packed,
        .bwin = NULL,
        .C = NULL,
        .c_sm = STRIDE(kp->out, kp->m_dim),
        .c_sn = STRIDE(kp->out, kp->n_dim),
        .a_dt = a_dt,
        .b_dt = b_dt,
        .c_dt = kp->c_dt,
        .init = k->init_scalar ? CPU_INIT_OPERAND : CPU_INIT_ZERO,
        .init_operand = kp->init_slot >= 0 ? (uint32_t)kp->init_slot : 0,
        .epi = &kp->epi,
        .epi_checked = kp->epi_checked,
        .blocking = &kp->blocking,
        .nthreads = cb->o.nthreads,
        .work = NULL,
        .work_bytes = 0,
        .work_used = NULL,
    };
    for (uint32_t s = 0; s < kp->epi.noperands; s++) {
        kp->epi.operands[s].sm = (int)s == kp->init_slot ? 0 : STRIDE(kp->operand[s], kp->m_dim);
        kp->epi.operands[s].sn = (int)s == kp->init_slot ? 0 : STRIDE(kp->operand[s], kp->n_dim);
    }
#undef STRIDE
    int64_t nouter = 1;
    for (uint32_t j = 0; j < kp->nouter; j++) nouter *= k->bounds[kp->outer[j]];
    int64_t idx[KN_MAX_DIMS]; /* read only at the outer dims */
    for (uint32_t j = 0; j < kp->nouter; j++) idx[kp->outer[j]] = 0;
    /* the weights are A, the window B: read in place (one GEMM per outer
     * iteration over all its pixels, the engine's units over the threads)
     * or packed per call */
    /* the window read in place: the source's, or its copy by phases' */
    const cpu_window *dw = kp->ph ? &kp->ph->win : &kp->win;
    cpu_bwindow bw = {.koff = dw->koff, .kmask = kp->kmask, .kperiod = kp->kperiod, .fetch = kp->wfetch};
    if (kp->direct) {
        g.bwin = &bw;
        g.N = kp->npix;
    } else if (kp->window_b || kp->gather) {
        run_windows(cb, kp, &g, A, B, C, opbase, &init, nouter);
        return;
    }
    for (int64_t o = 0; o < nouter; o++) {
        if (kp->direct) {
            /* the source at the first pixel: may lie before A (a pad), only
             * unmasked lanes are read; or a strided source's copy by its
             * phases, its window's */
            const float *X = A;
            int64_t base = cb_at(&kp->lhs, idx, kp->outer, kp->nouter);
            if (kp->ph) {
                X = phase_copy(cb, kp, A + (base + kp->ph->adj));
                base = 0;
            }
            bw.x = X + (base + dw->moff[0]);
            g.A = B + cb_at(&kp->rhs, idx, kp->outer, kp->nouter);
            if (kp->wtail) { /* the last pixels' windows, gathered as im2col rows (the pad 0) */
                const int64_t r = kp->npix % 16;
                cpu_window_gather(dw, X, base, kp->npix - r, r, kp->wtail);
                bw.tail = kp->wtail;
            }
        } else {
            g.A = (const char *)A + cb_at(&kp->lhs, idx, kp->outer, kp->nouter) * a_es;
        }
        if (!kp->direct) g.B = (const char *)B + cb_at(&kp->rhs, idx, kp->outer, kp->nouter) * b_es;
        g.C = (char *)C + cb_at(&kp->out, idx, kp->outer, kp->nouter) * c_es;
        for (uint32_t s = 0; s < kp->epi.noperands; s++)
            kp->epi.operands[s].ptr = (int)s == kp->init_slot ? &init : opbase[s] + cb_at(&kp->operand[s], idx, kp->outer, kp->nouter);
        size_t used = 0;
        g.work = cb->work, g.work_bytes = cb->work_bytes, g.work_used = &used;
        if (cpu_gemm(cb->ctx, &g) != SP_OK) sp_rethrow(cb->ctx);
        kp->epi_checked = g.epi_checked = true;
        cb_keep_work(cb, used, "the GEMM scratch");
        cb_odometer_next(idx, kp->outer, kp->nouter, k->bounds);
    }
}
