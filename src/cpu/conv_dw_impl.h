/* conv_dw_impl.h - the depthwise tile (conv_dw.h) over one ISA's vectors,
 * included by conv_dw_avx512.c and conv_dw_avx2.c after they define:
 *   DW_VL             lanes a vector
 *   DW_V              the vector type
 *   DW_ZERO()         DW_SET1(f)   DW_FMA(a, b, c) (a*b + c)   DW_STOREU(p, v)
 *   DW_LOADU(p)       a full vector
 *   DW_LOAD1(p, bits) lanes q of p where bit q is set, zero elsewhere
 *   DW_LOAD2(p, bits) the even positions of 2*DW_VL at p (bit q: position q read)
 *   DW_FN             the function's name
 *   DW_MASK, DW_NRUN  the cpu_dw fields of the masks for DW_VL lanes
 * Masked lanes are never read (their faults suppressed), so a run may
 * start before the source (a pad) or end past it. */

static inline __attribute__((always_inline)) void dw_block(const cpu_dw *d, const cpu_dw_item *it, int64_t m,
                                                           int64_t r0, const int nv, const int xs, const int ws,
                                                           const uint8_t *live) {
    DW_V acc[4];
    const int64_t j0 = r0 * DW_VL;
#pragma GCC unroll 4
    for (int v = 0; v < nv; v++) {
        const int64_t j = j0 + (int64_t)v * DW_VL;
        if (!it->init) {
            acc[v] = DW_ZERO();
        } else if (it->init_sn == 0) {
            acc[v] = DW_SET1(it->init[m * it->init_sm]);
        } else {
            float tmp[DW_VL];
            for (int l = 0; l < DW_VL; l++)
                tmp[l] = j + l < d->L ? it->init[m * it->init_sm + (j + l) * it->init_sn] : 0.0f;
            acc[v] = DW_LOADU(tmp);
        }
    }
    const float *xr = it->x + m * d->xs_m + j0 * d->xs_l;
    const float *wr = it->w + j0 * d->ws_l;
    const uint32_t *mk = d->DW_MASK + r0;
    for (uint32_t t = 0; t < d->ntap; t++, mk += d->DW_NRUN) {
        if (!live[t]) continue;
        const float *x = xr + d->xtap[t];
        const float *w = wr + d->wtap[t];
        const DW_V w0 = DW_SET1(*w);
        if (xs == 1) {
#pragma GCC unroll 4
            for (int v = 0; v < nv; v++) {
                const DW_V wv = ws ? DW_LOAD1(w + v * DW_VL, mk[v]) : w0;
                acc[v] = DW_FMA(DW_LOAD1(x + v * DW_VL, mk[v]), wv, acc[v]);
            }
        } else {
#pragma GCC unroll 4
            for (int v = 0; v < nv; v++) acc[v] = DW_FMA(DW_LOAD2(x + 2 * v * DW_VL, mk[v]), w0, acc[v]);
        }
    }
    float *row = it->tile + m * d->t_rs + j0;
#pragma GCC unroll 4
    for (int v = 0; v < nv; v++) DW_STOREU(row + v * DW_VL, acc[v]);
}

/* A row's runs of lanes, four vectors a block, for one (xs, ws) pair. */
#define DW_ROW(XS, WS)                                                                                                 \
    static void DW_CAT(dw_row, XS##WS)(const cpu_dw *d, const cpu_dw_item *it, int64_t m, const uint8_t *live) {     \
        const int64_t nrun = d->DW_NRUN;                                                                               \
        int64_t r = 0;                                                                                                 \
        for (; r + 4 <= nrun; r += 4) dw_block(d, it, m, r, 4, XS, WS, live);                                          \
        switch (nrun - r) {                                                                                            \
        case 3: dw_block(d, it, m, r, 3, XS, WS, live); break;                                                         \
        case 2: dw_block(d, it, m, r, 2, XS, WS, live); break;                                                         \
        case 1: dw_block(d, it, m, r, 1, XS, WS, live); break;                                                         \
        default: break;                                                                                                \
        }                                                                                                              \
    }
#define DW_CAT(a, b) DW_CAT_(a, b)
#define DW_CAT_(a, b) a##b
DW_ROW(1, 0)
DW_ROW(1, 1)
DW_ROW(2, 0)

void DW_FN(const cpu_dw *d, const cpu_dw_item *it) {
    uint8_t live[CPU_DW_MAX_TAPS];
    void (*row)(const cpu_dw *, const cpu_dw_item *, int64_t, const uint8_t *) =
        d->xs_l == 2 ? dw_row20 : d->ws_l ? dw_row11 : dw_row10;
    /* rows whose taps all fall inside take every tap (most of them) */
    int64_t lo[CPU_DW_MAX_ROWPAD], hi[CPU_DW_MAX_ROWPAD];
    for (uint32_t r = 0; r < d->nrp; r++) {
        lo[r] = hi[r] = d->ntap ? d->rtap[r][0] : 0;
        for (uint32_t t = 1; t < d->ntap; t++) {
            lo[r] = d->rtap[r][t] < lo[r] ? d->rtap[r][t] : lo[r];
            hi[r] = d->rtap[r][t] > hi[r] ? d->rtap[r][t] : hi[r];
        }
    }
    bool all = false;
    for (int64_t m = 0; m < d->M; m++) {
        bool inside = true;
        for (uint32_t r = 0; r < d->nrp; r++) {
            const int64_t c = it->rbase[r] + m * d->rcoef[r];
            inside = inside && c + lo[r] >= 0 && c + hi[r] < d->rdim[r];
        }
        if (inside && all) {
            row(d, it, m, live);
            continue;
        }
        all = inside;
        for (uint32_t t = 0; t < d->ntap; t++) {
            bool in = true;
            for (uint32_t r = 0; r < d->nrp; r++) {
                const int64_t c = it->rbase[r] + m * d->rcoef[r] + d->rtap[r][t];
                in = in && c >= 0 && c < d->rdim[r];
            }
            live[t] = in;
        }
        row(d, it, m, live);
    }
}
