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

void cpu_dw_masks(sp_ctx *ctx, cpu_dw *d) {
    masks(ctx, d, 16, &d->mask16, &d->nrun16);
    masks(ctx, d, 8, &d->mask8, &d->nrun8);
    if (d->lrow) d->nrp = 0; /* the rows' pads are in the masks */
}

void cpu_dw_free(sp_ctx *ctx, cpu_dw *d) {
    sp_free(ctx, d->mask16);
    sp_free(ctx, d->mask8);
    d->mask16 = d->mask8 = NULL;
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
