/* conv_dw.c - the depthwise kernel (conv_dw.h): lane masks, the portable
 * tile and the dispatch by ISA. */
#include "conv_dw.h"

#include <string.h>

/* Whether lane l (offset o past its source position l*xs_l, 0 where the
 * stride is 1) reads tap t's source: its padded coordinates inside. */
static bool lane_reads(const cpu_dw *d, int64_t l, int64_t o, uint32_t t) {
    const int64_t col = d->lrow ? l % d->lrow : l;
    if (d->lpad) {
        const int64_t p = col * d->xs_l + o + d->ltap[t];
        if (p < 0 || p >= d->ldim) return false;
    }
    for (uint32_t r = 0; d->lrow && r < d->nrp; r++) {
        const int64_t c = d->rbase0[r] + l / d->lrow * d->rcoef[r] + d->rtap[r][t];
        if (c < 0 || c >= d->rdim[r]) return false;
    }
    return true;
}

/* Bit q of run r (vl lanes) of tap t: source position q of the run read. */
static void masks(sp_ctx *ctx, const cpu_dw *d, int vl, uint32_t **out, int64_t *nrun) {
    const int64_t nr = (d->L + vl - 1) / vl, span = (int64_t)vl * d->xs_l;
    uint32_t *m = sp_malloc(ctx, sp_size_mul(ctx, (size_t)(nr ? nr : 1), sp_size_mul(ctx, d->ntap, sizeof *m)));
    for (uint32_t t = 0; t < d->ntap; t++)
        for (int64_t r = 0; r < nr; r++) {
            uint32_t bits = 0;
            const int64_t j0 = r * vl;
            for (int64_t q = 0; q < span; q++) {
                if (q % d->xs_l || q / d->xs_l >= d->L - j0) continue;
                if (!lane_reads(d, j0 + q / d->xs_l, q % d->xs_l, t)) continue;
                bits |= 1u << q;
            }
            m[t * nr + r] = bits;
        }
    *out = m;
    *nrun = nr;
}

/* The tap at source offset o, or UINT32_MAX. */
static uint32_t tap_at(const cpu_dw *d, int64_t o) {
    for (uint32_t u = 0; u < d->ntap; u++)
        if (d->xtap[u] == o) return u;
    return UINT32_MAX;
}

/* The taps as a grid (conv_dw.h grid_*): chains of taps each xs_m past
 * the one before (an NCHW window's rows; an NHWC one's columns, whose
 * tile rows are the output's columns), all of 3, 5 or 7 taps, the taps at
 * distinct offsets, every one in a chain, the masks of a chain the same on
 * each of its taps. */
static void find_grid(sp_ctx *ctx, cpu_dw *d) {
    d->grid_kh = d->grid_kw = 0;
    d->grid_edges = false;
    if (d->xs_l != 1 || d->lrow || d->ntap < 3 || d->ntap > CPU_DW_MAX_TAPS || d->xs_m == 0) return;
    for (uint32_t t = 1; t < d->ntap; t++)
        for (uint32_t u = 0; u < t; u++)
            if (d->xtap[u] == d->xtap[t]) return;
    /* the chains' first taps (no tap xs_m before them), in tap order */
    uint32_t first[CPU_DW_MAX_TAPS], kh = 0, kw = 0;
    for (uint32_t t = 0; t < d->ntap; t++) {
        if (tap_at(d, d->xtap[t] - d->xs_m) != UINT32_MAX) continue;
        uint32_t len = 1;
        for (int64_t o = d->xtap[t] + d->xs_m; tap_at(d, o) != UINT32_MAX; o += d->xs_m) len++;
        if (!kh) kh = len;
        if (len != kh || (kh != 3 && kh != 5 && kh != 7)) return;
        first[kw++] = t;
    }
    if ((size_t)kw * kh != d->ntap) return;
    /* row k of chain c: g[k * kw + c], the tap k * xs_m past the first */
    uint32_t *g = sp_malloc(ctx, sp_size_mul(ctx, d->ntap, sizeof *g));
    for (uint32_t c = 0; c < kw; c++)
        for (uint32_t k = 0; k < kh; k++) {
            const uint32_t u = tap_at(d, d->xtap[first[c]] + (int64_t)k * d->xs_m);
            if (memcmp(d->mask16 + (int64_t)u * d->nrun16, d->mask16 + (int64_t)first[c] * d->nrun16,
                       (size_t)d->nrun16 * sizeof *d->mask16)) {
                sp_free(ctx, g);
                return;
            }
            g[k * kw + c] = u;
        }
    const int64_t nrun = (d->nrun16 + 1) / 2 * 2;
    uint32_t *gm = sp_calloc(ctx, sp_size_mul(ctx, kw, (size_t)nrun), sizeof *gm);
    for (uint32_t c = 0; c < kw; c++)
        memcpy(gm + c * nrun, d->mask16 + (int64_t)first[c] * d->nrun16, (size_t)d->nrun16 * sizeof *gm);
    bool edges = true;
    for (uint32_t r = 0; r < d->nrp; r++)
        for (uint32_t c = 0; c < kw; c++)
            for (uint32_t k = 0; k < kh; k++)
                edges = edges && d->rtap[r][g[k * kw + c]] == d->rtap[r][g[c]] + (int64_t)k * d->rcoef[r];
    d->grid_edges = edges;
    d->grid_tap = g;
    d->grid_mask = gm;
    d->grid_nrun = nrun;
    d->grid_kh = kh;
    d->grid_kw = kw;
}

void cpu_dw_masks(sp_ctx *ctx, cpu_dw *d) {
    masks(ctx, d, 16, &d->mask16, &d->nrun16);
    masks(ctx, d, 8, &d->mask8, &d->nrun8);
    if (d->lrow) d->nrp = 0; /* the rows' pads are in the masks */
    find_grid(ctx, d);
}

void cpu_dw_free(sp_ctx *ctx, cpu_dw *d) {
    sp_free(ctx, d->mask16);
    sp_free(ctx, d->mask8);
    sp_free(ctx, d->grid_tap);
    sp_free(ctx, d->grid_mask);
    d->mask16 = d->mask8 = NULL;
    d->grid_tap = d->grid_mask = NULL;
    d->grid_kh = d->grid_kw = 0;
}

static bool row_inside(const cpu_dw *d, const cpu_dw_item *it, int64_t m, uint32_t t) {
    for (uint32_t r = 0; r < d->nrp; r++) {
        const int64_t c = it->rbase[r] + m * d->rcoef[r] + d->rtap[r][t];
        if (c < 0 || c >= d->rdim[r]) return false;
    }
    return true;
}

static void tile_generic(const cpu_dw *d, const cpu_dw_item *it) {
    for (int64_t m = 0; m < d->M; m++) {
        float *row = it->tile + m * d->t_rs;
        for (int64_t l = 0; l < d->L; l++) row[l] = it->init ? it->init[m * it->init_sm + l * it->init_sn] : 0.0f;
        for (uint32_t t = 0; t < d->ntap; t++) {
            if (!row_inside(d, it, m, t)) continue;
            const float *x = it->x + m * d->xs_m + d->xtap[t], *w = it->w + d->wtap[t];
            for (int64_t l = 0; l < d->L; l++) {
                float v = 0.0f;
                if (d->mask16[t * d->nrun16 + l / 16] >> (l % 16 * d->xs_l) & 1) v = x[l * d->xs_l];
                row[l] += v * w[l * d->ws_l];
            }
        }
    }
}

bool cpu_dw_steps_fit(const cpu_epi_prog *p) {
    return p->kind != CPU_EPI_KIND_GENERAL || (p->nsteps && cpu_epi_steps_fit(p) && cpu_epi_steps_in_registers(p));
}

void cpu_dw_tile(const cpu_dw *d, cpu_isa isa, const cpu_dw_item *it) {
    if (isa >= CPU_ISA_AVX512)
        cpu_dw_tile_avx512(d, it);
    else if (isa >= CPU_ISA_AVX2)
        cpu_dw_tile_avx2(d, it);
    else
        tile_generic(d, it);
}
