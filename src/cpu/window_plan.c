/* window_plan.c - a convolution's window on the GEMM engine
 * (backend_impl.h, conv.h): the offsets of its pixels and window elements,
 * a folded pad's padded coordinates, the runs and linear form that the
 * packing reads, the pixels of a call (chunks) and the masks of a window
 * read in place. */
#include <math.h>
#include <string.h>

#include "backend_impl.h"

/* Offsets sum(idx[d] * stride[d]) over the loops dims[0..n) (outermost
 * first), in row-major order of their index space, into out (numel). */
static void window_offsets(const kernel *k, const cb_access *a, const uint32_t *dims, uint32_t n, int64_t *out) {
    int64_t idx[KN_MAX_DIMS] = {0}, numel = 1;
    for (uint32_t i = 0; i < n; i++) numel *= k->bounds[dims[i]];
    for (int64_t e = 0; e < numel; e++) {
        int64_t off = 0;
        for (uint32_t i = 0; i < n; i++) off += idx[i] * a->stride[dims[i]];
        out[e] = off;
        for (int i = (int)n - 1; i >= 0; i--) {
            if (++idx[i] < k->bounds[dims[i]]) break;
            idx[i] = 0;
        }
    }
}

/* Coordinate r of the lhs (as the map indexes it) at each point of loops
 * dims (outermost first, row-major), less sub: out[numel]. */
static void window_coords(const kernel *k, const int64_t *coef, int64_t cst, const uint32_t *dims, uint32_t n,
                          int32_t *out) {
    int64_t idx[KN_MAX_DIMS] = {0}, numel = 1;
    for (uint32_t i = 0; i < n; i++) numel *= k->bounds[dims[i]];
    for (int64_t e = 0; e < numel; e++) {
        int64_t v = cst;
        for (uint32_t i = 0; i < n; i++) v += idx[i] * coef[dims[i]];
        out[e] = (int32_t)v;
        for (int i = (int)n - 1; i >= 0; i--) {
            if (++idx[i] < k->bounds[dims[i]]) break;
            idx[i] = 0;
        }
    }
}

/* The window's padded coordinates tuples, numbered per window element
 * (conv.h's combo, kcombo: the packers' intervals and the masks are
 * computed once per tuple), where they are at most CPU_WIN_MAX_COMBOS; and
 * whether the window is linear (conv.h). Always true (a window that is
 * not linear is packed run by run). */
static bool window_linear(cb_backend *cb, cb_kplan *kp) {
    cpu_window *w = &kp->win;
    w->linear = false;
    const uint32_t nb = w->nb;
    sp_free(cb->ctx, kp->combo);
    sp_free(cb->ctx, kp->kcombo);
    int32_t *combo = kp->combo = sp_malloc(cb->ctx, CPU_WIN_MAX_COMBOS * CPU_WIN_MAX_BOUNDS * sizeof(int32_t));
    uint16_t *kc = kp->kcombo = sp_malloc(cb->ctx, sp_size_mul(cb->ctx, (size_t)w->K, sizeof *kc));
    uint32_t nc = nb ? 0 : 1;
    for (int64_t k = 0; k < w->K; k++) {
        uint32_t c = 0;
        for (; c < nc; c++) {
            bool same = true;
            for (uint32_t b = 0; b < nb; b++) same &= combo[c * nb + b] == w->kb[b][k];
            if (same) break;
        }
        if (c == nc) {
            if (nc == CPU_WIN_MAX_COMBOS) return true;
            for (uint32_t b = 0; b < nb; b++) combo[c * nb + b] = w->kb[b][k];
            nc++;
        }
        kc[k] = (uint16_t)c;
    }
    w->ncombo = nc, w->combo = combo, w->kcombo = kc;
    if (w->run_stride != 1) return true;
    for (int64_t n = 0; n < w->npix; n++)
        if (w->moff[n] != w->moff[0] + n) return true;
    w->linear = true;
    return true;
}

/* The window (conv.h) of a gathered or window_b plan: offsets of the
 * pixels and window elements, and where a pad is folded into the lhs
 * (kn_fold_pads) its padded coordinates, which the packing bounds: the
 * pad is never copied. False where a padded coordinate moves with an
 * outer loop or backwards (none a convolution has). */
static bool window_bounds(cb_backend *cb, cb_kplan *kp);
static void window_runs(cb_backend *cb, cb_kplan *kp);
bool cb_plan_window(cb_backend *cb, cb_kplan *kp) {
    const kernel *k = kp->k;
    const kn_input *in = &k->inputs[0];
    cpu_window *w = &kp->win;
    memset(w, 0, sizeof *w);
    w->npix = kp->npix;
    w->K = kp->gK;
    const uint32_t run = kp->nmdims ? kp->mdims[kp->nmdims - 1] : 0;
    w->run = kp->nmdims ? k->bounds[run] : 1;
    w->run_stride = kp->nmdims ? kp->lhs.stride[run] : 0;
    kp->moff = sp_malloc(cb->ctx, sp_size_mul(cb->ctx, (size_t)kp->npix, sizeof *kp->moff));
    kp->koff = sp_malloc(cb->ctx, sp_size_mul(cb->ctx, (size_t)kp->gK, sizeof *kp->koff));
    window_offsets(k, &kp->lhs, kp->mdims, kp->nmdims, kp->moff);
    window_offsets(k, &kp->lhs, kp->kdims, kp->nkdims, kp->koff);
    w->moff = kp->moff, w->koff = kp->koff;
    if (in->pad && !window_bounds(cb, kp)) return false;
    window_runs(cb, kp);
    return window_linear(cb, kp);
}

/* The runs of window elements (conv.h): unit steps of the source with the
 * same padded coordinates. */
static void window_runs(cb_backend *cb, cb_kplan *kp) {
    cpu_window *w = &kp->win;
    int64_t *r = kp->krun = sp_malloc(cb->ctx, sp_size_mul(cb->ctx, (size_t)w->K + 1, sizeof *r));
    uint32_t n = 0;
    for (int64_t k = 0; k < w->K; k++) {
        bool cont = k > 0 && w->koff[k] == w->koff[k - 1] + 1;
        for (uint32_t b = 0; b < w->nb && cont; b++) cont = w->kb[b][k] == w->kb[b][k - 1];
        if (!cont) r[n++] = k;
    }
    r[n] = w->K;
    w->nkrun = n, w->krun = r;
}

/* A folded pad's padded coordinates and padding value (conv.h). False
 * where one moves with an outer loop or backwards (none a convolution
 * has). */
static bool window_bounds(cb_backend *cb, cb_kplan *kp) {
    const kernel *k = kp->k;
    const kn_input *in = &k->inputs[0];
    cpu_window *w = &kp->win;
    const ir_type st = in->value->type;
    const ir_amap *map = in->map;
    uint32_t nb = 0, which[IR_MAX_RANK];
    for (uint32_t r = 0; r < map->nres; r++)
        if (in->pad_low[r] || in->pad_high[r]) {
            if (nb == CPU_WIN_MAX_BOUNDS) return false;
            which[nb++] = r;
        }
    kp->bounds = sp_malloc(cb->ctx, sp_size_mul(cb->ctx, (size_t)nb, sp_size_mul(cb->ctx, (size_t)(kp->npix + kp->gK), sizeof(int32_t))));
    int32_t *p = kp->bounds;
    for (uint32_t b = 0; b < nb; b++) {
        int64_t coef[KN_MAX_DIMS] = {0}, cst = 0;
        const uint32_t r = which[b];
        if (!ir_aexpr_linear(map->res[r], k->ndims, coef, &cst)) return false;
        for (uint32_t d = 0; d < k->ndims; d++) {
            if (coef[d] < 0) return false;
            bool inner = false;
            for (uint32_t i = 0; i < kp->nmdims; i++) inner |= kp->mdims[i] == d;
            for (uint32_t i = 0; i < kp->nkdims; i++) inner |= kp->kdims[i] == d;
            if (!inner && coef[d] && k->bounds[d] > 1) return false;
        }
        window_coords(k, coef, cst - in->pad_low[r], kp->mdims, kp->nmdims, p);
        w->mb[b] = p, p += kp->npix;
        window_coords(k, coef, 0, kp->kdims, kp->nkdims, p);
        w->kb[b] = p, p += kp->gK;
        w->dim[b] = st.dims[r];
        w->step[b] = kp->nmdims ? coef[kp->mdims[kp->nmdims - 1]] : 0;
    }
    w->nb = nb;
    /* the padding value: a constant, else read at each run */
    const ir_value *pv = cb_pad_value(in->pad);
    const ir_op *d = pv->def;
    if (d && d->kind == IR_OP_CONSTANT && d->u.value->kind == IR_A_FLOAT) {
        w->padv = (float)ir_attr_float(d->u.value);
    } else {
        kp->padv_rt = true;
        kp->padv_id = pv->id;
    }
    return true;
}

/* Work items of a chunked convolution (window packed as B, or gathered
 * im2col rows as A): (outer iteration, chunk of pixels). */
int64_t cb_window_items(const cb_kplan *kp, int64_t nouter) {
    return nouter * ((kp->npix + kp->chunk - 1) / kp->chunk);
}

/* Whether its items split over the threads (one single-threaded GEMM
 * each) rather than each GEMM over the threads: enough of them. */
bool cb_window_split(const cb_kplan *kp, int nthreads, int64_t nouter) {
    return nthreads > 1 && cb_window_items(kp, nouter) >= 2 * nthreads;
}

/* The pixels of one call: the most whose packed window or im2col rows (K
 * floats a pixel) take a quarter of the L2 (measured: one 64-pixel panel
 * of a 3x3x64 window packs ~5% faster than three, which push the source
 * out), whole panels (window_b) or row strips (im2col), at least one;
 * fewer where that leaves the threads too few items. Then the blocking
 * for calls of that size; B, the weights, packed once (im2col). */
void cb_plan_chunk(cb_backend *cb, cb_kplan *kp) {
    int64_t *dim = kp->window_b ? &kp->gN : &kp->gM;
    *dim = kp->chunk = kp->npix;
    cb_choose_blocking(cb, kp, kp->window_b);
    const int64_t unit = kp->window_b ? kp->blocking.nr : kp->blocking.mr, l2 = cpu_caches_detect().l2;
    const int64_t all = (kp->npix + unit - 1) / unit * unit;
    int64_t c = l2 / 4 / (kp->gK * (int64_t)sizeof(float)) / unit * unit;
    if (c < unit) c = unit;
    if (c > all) c = all;
    int64_t nouter = 1;
    for (uint32_t j = 0; j < kp->nouter; j++) nouter *= kp->k->bounds[kp->outer[j]];
    const int nt = cb->o.nthreads;
    while (c > unit && nt > 1 && nouter * ((kp->npix + c - 1) / c) < 2 * nt) c -= unit;
    *dim = kp->chunk = c;
    cb_choose_blocking(cb, kp, kp->window_b);
    const int nr = kp->blocking.nr;
    const bool linear = kp->window_b && kp->win.linear && nr <= CPU_WIN_PACK_MAX_NR;
    kp->pack = linear && kp->blocking.isa >= CPU_ISA_AVX512 && nr % 16 == 0 ? cpu_window_pack_linear_avx512
               : linear && kp->blocking.isa >= CPU_ISA_AVX2 && nr % 8 == 0  ? cpu_window_pack_linear_avx2
                                                                           : cpu_window_pack;
    kp->win.copy = kp->win.run_stride != 2                ? NULL
                   : kp->blocking.isa >= CPU_ISA_AVX512 ? cpu_window_copy_avx512
                   : kp->blocking.isa >= CPU_ISA_AVX2   ? cpu_window_copy_avx2
                                                        : NULL;
}

/* Whether the window is read in place (cb_kplan.direct), and then its masks:
 * those of panel q and window element k are those of k's padded
 * coordinates' tuple (conv.h), computed once per panel and tuple. */
void cb_plan_direct(cb_backend *cb, cb_kplan *kp) {
    const cpu_window *w = &kp->win;
    const int nr = kp->blocking.nr, nv = nr / 16;
    const cpu_kernel_set *ks = cpu_kernel_find(kp->blocking.isa, kp->blocking.mr, nr);
    kp->direct = w->linear && ks && ks->gemm_window && !kp->blocking.pairs && !kp->padv_rt && w->padv == 0.0f &&
                 !signbit(w->padv) && nr % 16 == 0;
    kp->kperiod = 0;
    if (!kp->direct) return;
    /* the taps under the outermost K loop (a channel): where every
     * element's padded coordinates are its tap's, the kernel loads each
     * tap's masks once for a few channels instead of once an element, in
     * K blocks of whole channels */
    const int64_t T = kp->nkdims ? w->K / kp->k->bounds[kp->kdims[0]] : 0;
    bool periodic = T > 0 && T < w->K;
    for (int64_t k = T; k < w->K && periodic; k++) periodic = w->kcombo[k] == w->kcombo[k % T];
    kp->kperiod = periodic ? T : 0;
    kp->gN = w->npix;
    cb_choose_blocking(cb, kp, false); /* B is not packed per call: as a pre-packed one */
    if (kp->blocking.nr != nr) {
        kp->direct = false;
        return;
    }
    kp->blocking.b_inplace = true; /* (as plan reports it: B is never copied) */
    kp->blocking.pack_seconds = kp->blocking.alt_seconds = 0;
    const int64_t np = (w->npix + nr - 1) / nr, K = w->K;
    sp_free(cb->ctx, kp->kmask);
    kp->kmask = sp_malloc(cb->ctx, sp_size_mul(cb->ctx, sp_size_mul(cb->ctx, (size_t)np, (size_t)K), (size_t)nv * sizeof(uint16_t)));
    /* a last vector of a few pixels is summed by dot products over their
     * window columns, built at each run (cpu_bwindow.tail) */
    sp_free(cb->ctx, kp->wtail);
    const int64_t r = w->npix % 16;
    kp->wtail = r >= 1 && r <= CPU_WIN_TAIL_MAX ? sp_malloc(cb->ctx, sp_size_mul(cb->ctx, (size_t)K, (size_t)r * sizeof(float))) : NULL;
    uint16_t cm[CPU_WIN_MAX_COMBOS][CPU_NR_MAX / 16];
    for (int64_t q = 0; q < np; q++) {
        for (uint32_t c = 0; c < w->ncombo; c++)
            for (int v = 0; v < nv; v++) {
                uint16_t m = 0;
                for (int i = 0; i < 16; i++) {
                    const int64_t n = q * nr + 16 * v + i;
                    bool in = n < w->npix;
                    for (uint32_t b = 0; b < w->nb && in; b++) {
                        const int64_t x = (int64_t)w->mb[b][n] + w->combo[c * w->nb + b];
                        in = x >= 0 && x < w->dim[b];
                    }
                    m |= (uint16_t)(in << i);
                }
                cm[c][v] = m;
            }
        uint16_t *dst = kp->kmask + q * K * nv;
        for (int64_t k = 0; k < K; k++)
            for (int v = 0; v < nv; v++) dst[k * nv + v] = cm[w->kcombo[k]][v];
    }
}
