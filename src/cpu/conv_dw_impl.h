/* conv_dw_impl.h - the depthwise tile (conv_dw.h) over one ISA's vectors,
 * included by conv_dw_avx512.c and conv_dw_avx2.c after they define:
 *   DW_VL             lanes a vector
 *   DW_V              the vector type
 *   DW_ZERO()         DW_SET1(f)   DW_FMA(a, b, c) (a*b + c)   DW_STOREU(p, v)
 *   DW_ADD DW_SUB DW_MUL DW_MAX DW_MIN (a, b)   DW_STOREM(p, v, bits): lanes q of bits
 *   DW_LOADU(p)       a full vector
 *   DW_LOAD1(p, bits) lanes q of p where bit q is set, zero elsewhere
 *   DW_LOAD2(p, bits) the even positions of 2*DW_VL at p (bit q: position q read)
 *   DW_FN             the function's name
 *   DW_MASK, DW_NRUN  the cpu_dw fields of the masks for DW_VL lanes
 * Masked lanes are never read (their faults suppressed), so a run may
 * start before the source (a pad) or end past it. A block is nr rows of nv
 * vectors (at most 8 accumulators: AVX2's 16 registers hold them, the
 * weight and a load), each tap's weight broadcast once for all of them;
 * rows whose taps all fall inside are blocked, a row with taps outside runs
 * alone, skipping those taps (live). */

static inline __attribute__((always_inline)) void dw_block(const cpu_dw *d, const cpu_dw_item *it, int64_t m,
                                                           int64_t r0, const int nv, const int nr, const int xs,
                                                           const int ws, const uint8_t *live) {
    DW_V acc[8][4];
    const int64_t j0 = r0 * DW_VL;
#pragma GCC unroll 8
    for (int i = 0; i < nr; i++)
#pragma GCC unroll 4
        for (int v = 0; v < nv; v++) {
            const int64_t j = j0 + (int64_t)v * DW_VL;
            if (!it->init) {
                acc[i][v] = DW_ZERO();
            } else if (it->init_sn == 0) {
                acc[i][v] = DW_SET1(it->init[(m + i) * it->init_sm]);
            } else {
                float tmp[DW_VL];
                for (int l = 0; l < DW_VL; l++)
                    tmp[l] = j + l < d->L ? it->init[(m + i) * it->init_sm + (j + l) * it->init_sn] : 0.0f;
                acc[i][v] = DW_LOADU(tmp);
            }
        }
    const int64_t xs_m = d->xs_m;
    const float *xr = it->x + m * xs_m + j0 * d->xs_l;
    const float *wr = it->w + j0 * d->ws_l;
    const uint32_t *mk = d->DW_MASK + r0;
    for (uint32_t t = 0; t < d->ntap; t++, mk += d->DW_NRUN) {
        if (live && !live[t]) continue;
        const float *x = xr + d->xtap[t];
        const float *w = wr + d->wtap[t];
        const DW_V w0 = DW_SET1(*w);
        DW_V wv[4];
#pragma GCC unroll 4
        for (int v = 0; v < nv; v++) wv[v] = ws ? DW_LOAD1(w + v * DW_VL, mk[v]) : w0;
#pragma GCC unroll 8
        for (int i = 0; i < nr; i++)
#pragma GCC unroll 4
            for (int v = 0; v < nv; v++)
                acc[i][v] = DW_FMA(xs == 1 ? DW_LOAD1(x + i * xs_m + v * DW_VL, mk[v])
                                           : DW_LOAD2(x + i * xs_m + 2 * v * DW_VL, mk[v]),
                                   wv[v], acc[i][v]);
    }
    if (!it->out) {
#pragma GCC unroll 8
        for (int i = 0; i < nr; i++)
#pragma GCC unroll 4
            for (int v = 0; v < nv; v++) DW_STOREU(it->tile + (m + i) * d->t_rs + j0 + v * DW_VL, acc[i][v]);
        return;
    }
    /* the epilogue in registers, then the output (lanes past L not stored) */
    uint32_t tail[4];
#pragma GCC unroll 4
    for (int v = 0; v < nv; v++) {
        const int64_t rem = d->L - (j0 + (int64_t)v * DW_VL);
        tail[v] = rem >= DW_VL ? (1u << DW_VL) - 1 : (1u << rem) - 1;
    }
    const cpu_epi_prog *p = it->epi;
    const DW_V zero = DW_ZERO();
    if (p->kind == CPU_EPI_KIND_RELU) {
#pragma GCC unroll 8
        for (int i = 0; i < nr; i++)
#pragma GCC unroll 4
            for (int v = 0; v < nv; v++) acc[i][v] = DW_ADD(DW_MAX(zero, acc[i][v]), zero);
    } else if (p->kind == CPU_EPI_KIND_GENERAL) {
        for (uint32_t s = 0; s < p->nsteps; s++) {
            const cpu_epi_step *st = &p->steps[s];
            DW_V o[8][4];
            if (st->operand < 0) {
#pragma GCC unroll 8
                for (int i = 0; i < nr; i++)
#pragma GCC unroll 4
                    for (int v = 0; v < nv; v++) o[i][v] = DW_SET1(st->imm);
            } else {
                const cpu_operand *op = &p->e->operands[st->operand];
#pragma GCC unroll 8
                for (int i = 0; i < nr; i++)
#pragma GCC unroll 4
                    for (int v = 0; v < nv; v++)
                        o[i][v] = op->sn ? DW_LOAD1(op->ptr + (m + i) * op->sm + j0 + v * DW_VL, tail[v])
                                         : DW_SET1(op->ptr[(m + i) * op->sm]);
            }
#define DW_STEP(EXPR)                                                                                                  \
    for (int i = 0; i < nr; i++)                                                                                       \
        for (int v = 0; v < nv; v++) {                                                                                 \
            const DW_V x = acc[i][v], y = o[i][v];                                                                     \
            (void)y;                                                                                                   \
            acc[i][v] = (EXPR);                                                                                        \
        }
            switch (st->op) {
            case CPU_STEP_ADD: DW_STEP(DW_ADD(x, y)) break;
            case CPU_STEP_SUB: DW_STEP(DW_SUB(x, y)) break;
            case CPU_STEP_RSUB: DW_STEP(DW_SUB(y, x)) break;
            case CPU_STEP_MUL: DW_STEP(DW_MUL(x, y)) break;
            /* VMAXPS/VMINPS give the second operand where either is NaN (see sgemm_avx512.c) */
            case CPU_STEP_MAXC: DW_STEP(DW_MAX(y, x)) break;
            case CPU_STEP_MINC: DW_STEP(DW_MIN(y, x)) break;
            case CPU_STEP_MAXC_X: DW_STEP(DW_MAX(x, y)) break;
            case CPU_STEP_MINC_X: DW_STEP(DW_MIN(x, y)) break;
            default: DW_STEP(DW_ADD(DW_MAX(zero, x), zero)) break; /* ReLU (maximumf) */
            }
#undef DW_STEP
        }
    }
#pragma GCC unroll 8
    for (int i = 0; i < nr; i++)
#pragma GCC unroll 4
        for (int v = 0; v < nv; v++) {
            float *c = it->out + (m + i) * it->out_rs + j0 + v * DW_VL;
            if (tail[v] == (1u << DW_VL) - 1)
                DW_STOREU(c, acc[i][v]);
            else
                DW_STOREM(c, acc[i][v], tail[v]);
        }
}

/* Rows [m, m + g) for one (xs, ws) pair: g inside rows (live NULL), or
 * one row (g = 1) with its live taps. */
#define DW_ROWS(XS, WS)                                                                                                \
    static void DW_CAT(dw_rows, XS##WS)(const cpu_dw *d, const cpu_dw_item *it, int64_t m, int64_t g,              \
                                        const uint8_t *live) {                                                         \
        const int64_t nrun = d->DW_NRUN;                                                                               \
        int64_t r = 0, i;                                                                                              \
        if (live) {                                                                                                    \
            for (; r + 4 <= nrun; r += 4) dw_block(d, it, m, r, 4, 1, XS, WS, live);                                    \
            switch (nrun - r) {                                                                                        \
            case 3: dw_block(d, it, m, r, 3, 1, XS, WS, live); break;                                                  \
            case 2: dw_block(d, it, m, r, 2, 1, XS, WS, live); break;                                                  \
            case 1: dw_block(d, it, m, r, 1, 1, XS, WS, live); break;                                                  \
            default: break;                                                                                            \
            }                                                                                                          \
            return;                                                                                                    \
        }                                                                                                              \
        for (; r + 4 <= nrun; r += 4) {                                                                                \
            for (i = 0; i + 2 <= g; i += 2) dw_block(d, it, m + i, r, 4, 2, XS, WS, NULL);                              \
            for (; i < g; i++) dw_block(d, it, m + i, r, 4, 1, XS, WS, NULL);                                           \
        }                                                                                                              \
        switch (nrun - r) {                                                                                            \
        case 3:                                                                                                        \
            for (i = 0; i + 2 <= g; i += 2) dw_block(d, it, m + i, r, 3, 2, XS, WS, NULL);                              \
            for (; i < g; i++) dw_block(d, it, m + i, r, 3, 1, XS, WS, NULL);                                           \
            break;                                                                                                     \
        case 2:                                                                                                        \
            for (i = 0; i + 4 <= g; i += 4) dw_block(d, it, m + i, r, 2, 4, XS, WS, NULL);                              \
            for (; i < g; i++) dw_block(d, it, m + i, r, 2, 1, XS, WS, NULL);                                           \
            break;                                                                                                     \
        case 1:                                                                                                        \
            for (i = 0; i + 8 <= g; i += 8) dw_block(d, it, m + i, r, 1, 8, XS, WS, NULL);                              \
            for (; i + 4 <= g; i += 4) dw_block(d, it, m + i, r, 1, 4, XS, WS, NULL);                                   \
            for (; i < g; i++) dw_block(d, it, m + i, r, 1, 1, XS, WS, NULL);                                           \
            break;                                                                                                     \
        default: break;                                                                                                \
        }                                                                                                              \
    }
#define DW_CAT(a, b) DW_CAT_(a, b)
#define DW_CAT_(a, b) a##b
DW_ROWS(1, 0)
DW_ROWS(1, 1)
DW_ROWS(2, 0)

/* Whether every tap of row m falls inside (lo, hi: the taps' least and
 * greatest padded coordinates). */
static bool dw_inside(const cpu_dw *d, const cpu_dw_item *it, int64_t m, const int64_t *lo, const int64_t *hi) {
    for (uint32_t r = 0; r < d->nrp; r++) {
        const int64_t c = it->rbase[r] + m * d->rcoef[r];
        if (c + lo[r] < 0 || c + hi[r] >= d->rdim[r]) return false;
    }
    return true;
}

void DW_FN(const cpu_dw *d, const cpu_dw_item *it) {
    enum { GROUP = 8 }; /* rows a block of inside rows */
    uint8_t live[CPU_DW_MAX_TAPS];
    void (*rows)(const cpu_dw *, const cpu_dw_item *, int64_t, int64_t, const uint8_t *) =
        d->xs_l == 2 ? dw_rows20 : d->ws_l ? dw_rows11 : dw_rows10;
    int64_t lo[CPU_DW_MAX_ROWPAD], hi[CPU_DW_MAX_ROWPAD];
    for (uint32_t r = 0; r < d->nrp; r++) {
        lo[r] = hi[r] = d->ntap ? d->rtap[r][0] : 0;
        for (uint32_t t = 1; t < d->ntap; t++) {
            lo[r] = d->rtap[r][t] < lo[r] ? d->rtap[r][t] : lo[r];
            hi[r] = d->rtap[r][t] > hi[r] ? d->rtap[r][t] : hi[r];
        }
    }
    for (int64_t m = 0; m < d->M;) {
        int64_t g = d->M - m < GROUP ? d->M - m : GROUP;
        if (dw_inside(d, it, m, lo, hi)) { /* the coordinates move linearly: rows m .. m + g - 1 inside */
            while (g > 1 && !dw_inside(d, it, m + g - 1, lo, hi)) g--;
            rows(d, it, m, g, NULL);
            m += g;
            continue;
        }
        for (uint32_t t = 0; t < d->ntap; t++) {
            bool in = true;
            for (uint32_t r = 0; r < d->nrp; r++) {
                const int64_t c = it->rbase[r] + m * d->rcoef[r] + d->rtap[r][t];
                in = in && c >= 0 && c < d->rdim[r];
            }
            live[t] = in;
        }
        rows(d, it, m, 1, live);
        m++;
    }
}
