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
                                                           int64_t r0, int nv, const uint8_t *live) {
    DW_V acc[4];
    const int64_t j0 = r0 * DW_VL;
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
        if (d->xs_l == 1) {
            for (int v = 0; v < nv; v++) {
                const DW_V wv = d->ws_l ? DW_LOAD1(w + v * DW_VL, mk[v]) : DW_SET1(*w);
                acc[v] = DW_FMA(DW_LOAD1(x + v * DW_VL, mk[v]), wv, acc[v]);
            }
        } else {
            for (int v = 0; v < nv; v++) {
                const DW_V wv = d->ws_l ? DW_LOADU(w + v * DW_VL) : DW_SET1(*w);
                acc[v] = DW_FMA(DW_LOAD2(x + 2 * v * DW_VL, mk[v]), wv, acc[v]);
            }
        }
    }
    float *row = it->tile + m * d->t_rs + j0;
    for (int v = 0; v < nv; v++) DW_STOREU(row + v * DW_VL, acc[v]);
}

void DW_FN(const cpu_dw *d, const cpu_dw_item *it) {
    uint8_t live[CPU_DW_MAX_TAPS];
    const int64_t nrun = d->DW_NRUN;
    for (int64_t m = 0; m < d->M; m++) {
        for (uint32_t t = 0; t < d->ntap; t++) {
            bool in = true;
            for (uint32_t r = 0; r < d->nrp; r++) {
                const int64_t c = it->rbase[r] + m * d->rcoef[r] + d->rtap[r][t];
                in = in && c >= 0 && c < d->rdim[r];
            }
            live[t] = in;
        }
        int64_t r = 0;
        for (; r + 4 <= nrun; r += 4) dw_block(d, it, m, r, 4, live);
        switch (nrun - r) {
        case 3: dw_block(d, it, m, r, 3, live); break;
        case 2: dw_block(d, it, m, r, 2, live); break;
        case 1: dw_block(d, it, m, r, 1, live); break;
        default: break;
        }
    }
}
