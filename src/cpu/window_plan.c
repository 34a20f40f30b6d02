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
 * computed once per tuple), where they are at most CPU_WIN_MAX_COMBOS, into
 * *combo and *kcombo (replacing theirs); and whether the window is linear
 * (conv.h). Always true (a window that is not linear is packed run by
 * run). */
static bool window_linear(cb_backend *cb, cpu_window *w, int32_t **combo_out, uint16_t **kcombo_out) {
    w->linear = false;
    const uint32_t nb = w->nb;
    sp_free(cb->ctx, *combo_out);
    sp_free(cb->ctx, *kcombo_out);
    int32_t *combo = *combo_out = sp_malloc(cb->ctx, CPU_WIN_MAX_COMBOS * CPU_WIN_MAX_BOUNDS * sizeof(int32_t));
    uint16_t *kc = *kcombo_out = sp_malloc(cb->ctx, sp_size_mul(cb->ctx, (size_t)w->K, sizeof *kc));
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
static void window_runs(cb_backend *cb, cpu_window *w, int64_t **krun);
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
    window_runs(cb, w, &kp->krun);
    return window_linear(cb, w, &kp->combo, &kp->kcombo);
}

/* The runs of window elements (conv.h): unit steps of the source with the
 * same padded coordinates, into *krun (replacing it). */
static void window_runs(cb_backend *cb, cpu_window *w, int64_t **krun) {
    sp_free(cb->ctx, *krun);
    int64_t *r = *krun = sp_malloc(cb->ctx, sp_size_mul(cb->ctx, (size_t)w->K + 1, sizeof *r));
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

static int64_t floor_div(int64_t a, int64_t b) { return a / b - (a % b != 0 && (a < 0) != (b < 0)); }

void cb_phase_free(sp_ctx *ctx, cb_phase_plan *pp) {
    if (!pp) return;
    sp_free(ctx, pp->moff);
    sp_free(ctx, pp->koff);
    sp_free(ctx, pp->krun);
    sp_free(ctx, pp->bounds);
    sp_free(ctx, pp->combo);
    sp_free(ctx, pp->kcombo);
    sp_free(ctx, pp);
}

/* A strided window (a stride-2 NCHW convolution's: not linear) over a copy
 * of its source split by the strides (conv.h's cpu_phases): a linear
 * window, read in place like a stride-1 one's, for one copy of the source
 * a run where packing copies each window element. Its form: each pixel
 * loop (outermost first) moves one coordinate of the source, s * o + e
 * (s >= 1, some s >= 2; e of the window's loops and constants, the pad
 * subtracted), the last of unit stride; the window's other loops move
 * only the other coordinates (channels, unpadded). Where a window element
 * reaches past a plane's end (o + floor(e / s) >= B) it must lie past the
 * source's too (the plane's cells there would be its neighbours'). NULL
 * where the window is not of that form. */
static cb_phase_plan *window_phases(cb_backend *cb, cb_kplan *kp) {
    const kernel *k = kp->k;
    const kn_input *in = &k->inputs[0];
    const ir_amap *map = in->map;
    const ir_type st = in->value->type;
    if (st.kind != IR_T_TENSOR || !kp->nmdims || kp->nmdims > CPU_WIN_MAX_BOUNDS || map->nres > IR_MAX_RANK) return NULL;
    int64_t coef[IR_MAX_RANK][KN_MAX_DIMS], cst[IR_MAX_RANK], ts[IR_MAX_RANK];
    ir_type_strides(st, ts);
    bool is_m[KN_MAX_DIMS] = {false}, is_k[KN_MAX_DIMS] = {false};
    for (uint32_t i = 0; i < kp->nmdims; i++) is_m[kp->mdims[i]] = true;
    for (uint32_t i = 0; i < kp->nkdims; i++) is_k[kp->kdims[i]] = true;
    cpu_phases ph = {.nsp = kp->nmdims};
    uint32_t sp_res[CPU_WIN_MAX_BOUNDS], nsp = 0;
    bool tap_dim[KN_MAX_DIMS] = {false}, spatial[IR_MAX_RANK] = {false}, strided = false;
    for (uint32_t r = 0; r < map->nres; r++) {
        memset(coef[r], 0, sizeof coef[r]);
        cst[r] = 0;
        if (!ir_aexpr_linear(map->res[r], k->ndims, coef[r], &cst[r])) return NULL;
        const int64_t pl = in->pad ? in->pad_low[r] : 0, ph_ = in->pad ? in->pad_high[r] : 0;
        int mdim = -1;
        for (uint32_t d = 0; d < k->ndims; d++)
            if (coef[r][d] && is_m[d]) {
                if (mdim >= 0) return NULL;
                mdim = (int)d;
            }
        if (mdim < 0) { /* a channel's coordinate: not padded, not moved by a tap */
            if (pl || ph_) return NULL;
            continue;
        }
        const uint32_t i = nsp++;
        if (i >= kp->nmdims || kp->mdims[i] != (uint32_t)mdim || coef[r][mdim] < 1) return NULL;
        for (uint32_t d = 0; d < k->ndims; d++) {
            if (coef[r][d] < 0 || (coef[r][d] && !is_m[d] && !is_k[d] && k->bounds[d] > 1)) return NULL;
            if (coef[r][d] && is_k[d]) tap_dim[d] = true;
        }
        sp_res[i] = r;
        spatial[r] = true;
        ph.s[i] = coef[r][mdim];
        ph.D[i] = st.dims[r];
        ph.B[i] = k->bounds[mdim];
        ph.ts[i] = ts[r];
        cst[r] -= pl;
        strided |= ph.s[i] > 1;
    }
    if (nsp != kp->nmdims || !strided || ph.ts[nsp - 1] != 1) return NULL;
    /* the channels: the window's loops no tap moves */
    uint32_t ch_dim[CPU_PHASE_MAX_CH];
    ph.nchan = 1;
    for (uint32_t j = 0; j < kp->nkdims; j++) {
        const uint32_t d = kp->kdims[j];
        bool other = false; /* moves a coordinate besides a tap's */
        for (uint32_t r = 0; r < map->nres; r++) other |= !spatial[r] && coef[r][d];
        if (tap_dim[d] && other) return NULL;
        if (tap_dim[d] || k->bounds[d] == 1) continue;
        if (ph.nch == CPU_PHASE_MAX_CH) return NULL;
        ch_dim[ph.nch] = d;
        ph.ch_n[ph.nch] = k->bounds[d];
        ph.ch_ts[ph.nch++] = kp->lhs.stride[d];
        ph.nchan *= k->bounds[d];
    }
    ph.plane = 1;
    for (uint32_t i = 0; i < nsp; i++) ph.plane *= ph.B[i];
    /* each window element's tap offsets e, their phases and plane shifts */
    const int64_t K = kp->gK;
    cb_phase_plan *pp = sp_calloc(cb->ctx, 1, sizeof *pp);
    pp->koff = sp_malloc(cb->ctx, sp_size_mul(cb->ctx, (size_t)K, sizeof *pp->koff));
    pp->moff = sp_malloc(cb->ctx, sp_size_mul(cb->ctx, (size_t)kp->npix, sizeof *pp->moff));
    pp->bounds = sp_malloc(cb->ctx, sp_size_mul(cb->ctx, nsp, sp_size_mul(cb->ctx, (size_t)(kp->npix + K), sizeof(int32_t))));
    cpu_window *w = &pp->win;
    for (uint32_t i = 0; i < nsp; i++) {
        w->mb[i] = pp->bounds + (size_t)i * (size_t)(kp->npix + K);
        w->kb[i] = w->mb[i] + kp->npix;
        int64_t unit[KN_MAX_DIMS] = {0};
        unit[kp->mdims[i]] = 1;
        window_coords(k, unit, 0, kp->mdims, kp->nmdims, (int32_t *)w->mb[i]);
        window_coords(k, coef[sp_res[i]], cst[sp_res[i]], kp->kdims, kp->nkdims, (int32_t *)w->kb[i]);
    }
    /* pass 1: each element's phase tuple (the planes, in order of first
     * use) and plane shift (its kb, replacing the tap offset) */
    bool ok = true;
    uint8_t *plane_of = sp_malloc(cb->ctx, (size_t)K);
    for (int64_t kk = 0; kk < K && ok; kk++) {
        int32_t p[CPU_WIN_MAX_BOUNDS] = {0};
        for (uint32_t i = 0; i < nsp; i++) {
            int32_t *kb = (int32_t *)w->kb[i];
            const int64_t d = floor_div(kb[kk], ph.s[i]);
            p[i] = (int32_t)(kb[kk] - d * ph.s[i]);
            /* past the plane's end (from its last pixel): past the source's too */
            if (d >= 1 && ph.s[i] * ph.B[i] + p[i] < ph.D[i]) ok = false;
            kb[kk] = (int32_t)d;
        }
        uint32_t q = 0;
        for (; q < ph.nplane; q++)
            if (!memcmp(ph.phase[q], p, sizeof p)) break;
        if (q == ph.nplane) {
            if (q == CPU_PHASE_MAX_PLANES) {
                ok = false;
                break;
            }
            memcpy(ph.phase[q], p, sizeof p);
            ph.nplane++;
        }
        plane_of[kk] = (uint8_t)q;
    }
    /* pass 2: the offsets in the copy (channel tuple, plane, shift) */
    int64_t idx[KN_MAX_DIMS] = {0};
    for (int64_t kk = 0; kk < K && ok; kk++) {
        int64_t ch = 0, shift = 0, stride = 1;
        for (uint32_t j = 0; j < ph.nch; j++) ch = ch * ph.ch_n[j] + idx[ch_dim[j]];
        for (int i = (int)nsp - 1; i >= 0; i--) {
            shift += w->kb[i][kk] * stride;
            stride *= ph.B[i];
        }
        pp->koff[kk] = (ch * ph.nplane + plane_of[kk]) * ph.plane + shift;
        cb_odometer_next(idx, kp->kdims, kp->nkdims, k->bounds);
    }
    sp_free(cb->ctx, plane_of);
    if (!ok) {
        cb_phase_free(cb->ctx, pp);
        return NULL;
    }
    for (int64_t n = 0; n < kp->npix; n++) pp->moff[n] = n;
    /* the source at every coordinate 0, from the lhs at the outer indices */
    pp->adj = 0;
    for (uint32_t i = 0; i < nsp; i++) pp->adj -= cst[sp_res[i]] * ph.ts[i];
    w->npix = kp->npix;
    w->K = K;
    w->run = ph.B[nsp - 1];
    w->run_stride = 1;
    w->moff = pp->moff, w->koff = pp->koff;
    w->nb = nsp;
    for (uint32_t i = 0; i < nsp; i++) {
        w->dim[i] = ph.B[i];
        w->step[i] = i == nsp - 1;
    }
    w->padv = 0.0f;
    window_runs(cb, w, &pp->krun);
    window_linear(cb, w, &pp->combo, &pp->kcombo);
    pp->ph = ph;
    return pp;
}

/* Whether the window is read in place (cb_kplan.direct), and then its masks:
 * those of panel q and window element k are those of k's padded
 * coordinates' tuple (conv.h), computed once per panel and tuple. */
void cb_plan_direct(cb_backend *cb, cb_kplan *kp) {
    const cpu_window *w = &kp->win;
    const int nr = kp->blocking.nr, nv = nr / 16;
    const cpu_kernel_set *ks = cpu_kernel_find(kp->blocking.isa, kp->blocking.mr, nr);
    kp->direct = ks && ks->gemm_window && !kp->blocking.pairs && !kp->padv_rt && w->padv == 0.0f &&
                 !signbit(w->padv) && nr % 16 == 0;
    kp->kperiod = 0;
    kp->wfetch = false;
    cb_phase_free(cb->ctx, kp->ph);
    kp->ph = NULL;
    /* strided: read in place over a copy split by the strides, its last
     * dim's stride-2 copy the packer's (cb_plan_chunk: the window's run
     * stride is that dim's stride) */
    cb_phase_plan *ph = kp->direct && !w->linear ? window_phases(cb, kp) : NULL;
    if (ph) {
        ph->ph.copy = kp->win.copy;
        w = &ph->win;
    }
    kp->direct = kp->direct && w->linear;
    if (!kp->direct) {
        cb_phase_free(cb->ctx, ph);
        return;
    }
    /* the taps under the outermost K loop (a channel): where every
     * element's padded coordinates are its tap's, the kernel loads each
     * tap's masks once for a few channels instead of once an element, in
     * K blocks of whole channels */
    const int64_t T = kp->nkdims ? w->K / kp->k->bounds[kp->kdims[0]] : 0;
    bool periodic = T > 0 && T < w->K;
    for (int64_t k = T; k < w->K && periodic; k++) periodic = w->kcombo[k] == w->kcombo[k % T];
    kp->kperiod = periodic ? T : 0;
    /* a 1x1 window (one tap a channel) over a source larger than half the
     * L2 (ResNet's 56x56 stage): the kernel prefetches the row 16 k steps
     * ahead, which the hardware's prefetchers, seeing rows a plane apart,
     * did not (Zen 4, 1 thread, 7-9 rounds interleaved: 256->64 at 56x56
     * -10 to -17%, 64->256 -1 to -11%, 512->128 at 28x28 -0 to -3%; at
     * 14x14, in the L2, and for 3x3 windows, whose 9 taps a row walks
     * within L1, level or up to 8% slower) */
    kp->wfetch = T == 1 && (double)w->K * (double)w->npix * 4.0 > (double)cpu_caches_detect().l2 / 2;
    kp->gN = w->npix;
    cb_choose_blocking(cb, kp, false); /* B is not packed per call: as a pre-packed one */
    if (kp->blocking.nr != nr) {
        kp->direct = false;
        cb_phase_free(cb->ctx, ph);
        return;
    }
    kp->ph = ph;
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
