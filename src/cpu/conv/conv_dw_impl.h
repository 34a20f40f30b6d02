/* conv_dw_impl.h - the depthwise tile (conv_dw.h) over one ISA's vectors,
 * included by conv_dw_avx512.c and conv_dw_avx2.c after they define:
 *   DW_VL             lanes a vector
 *   DW_V              the vector type
 *   DW_ZERO()         DW_SET1(f)   DW_FMA(a, b, c) (a*b + c)   DW_STOREU(p, v)
 *   DW_ADD DW_SUB DW_MUL DW_MAX DW_MIN (a, b)   DW_STOREM(p, v, bits): lanes q of bits
 *   DW_LOADU(p)       a full vector
 *   DW_LOAD1(p, bits) lanes q of p where bit q is set, zero elsewhere
 *   DW_LOAD2(p, bits) the even positions of 2*DW_VL at p (bit q: position q read)
 *   DW_XLOAD1(p, bits, it), DW_XLOAD2(p, bits, it)  the same for the source; where
 *                     it->x_lo is set, every run of the tile lies in the source's
 *                     storage, so masked lanes may be read and zeroed
 *                     (optional: DW_LOAD1, DW_LOAD2)
 *   DW_FN             the function's name
 *   DW_MASK, DW_NRUN  the cpu_dw fields of the masks for DW_VL lanes
 *   DW_NR4, DW_NR3, DW_NR2  rows a block of 4, 3, 2 vectors
 * Masked lanes are never read (their faults suppressed), so a run may
 * start before the source (a pad) or end past it. A block is nr rows of nv
 * vectors (8 accumulators: AVX2's 16 registers hold them, the weights and a
 * load), each tap's weights loaded once for all of them;
 * rows whose taps all fall inside are blocked, a row with taps outside runs
 * alone, skipping those taps (live). Where DW_GRID is defined (32
 * registers) and the taps lie on a grid (cpu_dw.grid_kh), the inside rows
 * go by blocks of 4 rows (8 where the weights are a lane run: NHWC) that
 * load each source vector once for every tap of the block it serves
 * (dw_block's kh): ConvNeXt's 7x7 on 96x56x56 0.76 -> 0.45 ms, MobileNetV2's
 * 3x3 on 144x56x56 0.29 -> 0.21 (Zen 4, 1 thread); and where the tile has
 * rows with taps outside at both ends, those go by one such block at each
 * end, the source rows the pad leaves out skipped (dw_grid_edge). */

/* The accumulator's initial value at row m, lanes j.. (conv_dw.h). */
static inline __attribute__((always_inline)) DW_V dw_init(const cpu_dw *d, const cpu_dw_item *it, int64_t m, int64_t j) {
    if (!it->init) return DW_ZERO();
    if (it->init_sn == 0) return DW_SET1(it->init[m * it->init_sm]);
    float tmp[DW_VL];
    for (int l = 0; l < DW_VL; l++) tmp[l] = j + l < d->L ? it->init[m * it->init_sm + (j + l) * it->init_sn] : 0.0f;
    return DW_LOADU(tmp);
}

/* One epilogue step (kernels.h cpu_epi_step) on x with operand y, op a
 * constant where dw_block calls it (one case of its switch), so each
 * inlines to its instruction; VMAXPS and VMINPS give the second operand
 * where either is NaN (see sgemm_avx512.c), ReLU is maximumf's. */
static inline __attribute__((always_inline)) DW_V dw_step(int op, DW_V x, DW_V y) {
    switch (op) {
    case CPU_STEP_ADD: return DW_ADD(x, y);
    case CPU_STEP_SUB: return DW_SUB(x, y);
    case CPU_STEP_RSUB: return DW_SUB(y, x);
    case CPU_STEP_MUL: return DW_MUL(x, y);
    case CPU_STEP_MAXC: return DW_MAX(y, x);
    case CPU_STEP_MINC: return DW_MIN(y, x);
    case CPU_STEP_MAXC_X: return DW_MAX(x, y);
    case CPU_STEP_MINC_X: return DW_MIN(x, y);
    default: return DW_ADD(DW_MAX(DW_ZERO(), x), DW_ZERO()); /* CPU_STEP_RELU */
    }
}

/* Accumulators are named variables (c<row>_<vector>), not an array (an
 * array stays in memory across the tap loop: sgemm_avx512.c); rows and
 * vectors past nr / nv are dead code. */
#define DW_VECS(X, i) X(i, 0) X(i, 1) X(i, 2) X(i, 3)
#define DW_ALL(X)                                                                                                      \
    DW_VECS(X, 0) DW_VECS(X, 1) DW_VECS(X, 2) DW_VECS(X, 3) DW_VECS(X, 4) DW_VECS(X, 5) DW_VECS(X, 6) DW_VECS(X, 7)

#ifndef DW_XLOAD1
#define DW_XLOAD1(p, bits, it) DW_LOAD1(p, bits)
#define DW_XLOAD2(p, bits, it) DW_LOAD2(p, bits)
#endif

/* The grid's accumulation (cpu_dw.grid_*, kh its rows, a constant): per
 * chain of taps, its kh weights in registers (broadcast, or with ws a
 * vector a lane run); per source row q of the block's nr + kh - 1, its nv
 * vectors loaded once, each added to the rows i it serves (tap row q - i):
 * a 7x7 loads a vector once for up to 7 taps */
#define DW_GWD(k, v)                                                                                                   \
    const DW_V w##k##_##v = (k) < kh && (v) < nv && (ws || (v) == 0)                                                   \
                                ? (ws ? DW_LOAD1(wr + d->wtap[g[(k) * kw]] + (v) * DW_VL, mk##v)                       \
                                      : DW_SET1(wr[d->wtap[g[(k) * kw]]]))                                             \
                                : DW_ZERO();
#define DW_GWK(k) DW_GWD(k, 0) DW_GWD(k, 1) DW_GWD(k, 2) DW_GWD(k, 3)
#define DW_GW_(k, v)                                                                                                   \
    ((k) == 0 ? w0_##v : (k) == 1 ? w1_##v : (k) == 2 ? w2_##v : (k) == 3 ? w3_##v : (k) == 4 ? w4_##v : (k) == 5 ? w5_##v : w6_##v)
#define DW_GL(q, v) const DW_V l##v = (v) < nv ? DW_XLOAD1(x + (q) * xs_m + (v) * DW_VL, mk##v, it) : DW_ZERO();
#define DW_GF(q, i, v)                                                                                                 \
    if ((i) < nr && (v) < nv && (q) - (i) >= 0 && (q) - (i) < kh)                                                      \
        c##i##_##v = DW_FMA(l##v, ws ? DW_GW_((q) - (i), v) : DW_GW_((q) - (i), 0), c##i##_##v);
#define DW_GFI(q, i) DW_GF(q, i, 0) DW_GF(q, i, 1) DW_GF(q, i, 2) DW_GF(q, i, 3)
#define DW_GQ(q)                                                                                                       \
    if ((q) < nr + kh - 1 && (qin >> (q) & 1)) {                                                                       \
        DW_GL(q, 0) DW_GL(q, 1) DW_GL(q, 2) DW_GL(q, 3)                                                                \
        DW_GFI(q, 0) DW_GFI(q, 1) DW_GFI(q, 2) DW_GFI(q, 3) DW_GFI(q, 4) DW_GFI(q, 5) DW_GFI(q, 6) DW_GFI(q, 7)        \
    }

static inline __attribute__((always_inline)) void dw_block(const cpu_dw *d, const cpu_dw_item *it, int64_t m,
                                                           int64_t r0, const int nv, const int nr, const int xs,
                                                           const int ws, const uint8_t *live, const int kh,
                                                           const uint8_t *chain_out, const uint32_t *qins) {
    const int64_t j0 = r0 * DW_VL;
#define DW_DECL(i, v) DW_V c##i##_##v = (i) < nr && (v) < nv ? dw_init(d, it, m + (i), j0 + (v) * DW_VL) : DW_ZERO();
    DW_ALL(DW_DECL)
#undef DW_DECL
    const int64_t xs_m = d->xs_m;
    const float *xr = it->x + m * xs_m + j0 * d->xs_l;
    const float *wr = it->w + j0 * d->ws_l;
    if (kh) { /* the grid: nr <= 4, xs 1, live NULL; with ws, nv <= 2 */
        const uint32_t kw = d->grid_kw;
        for (uint32_t c = 0; c < kw; c++) {
            if (chain_out && chain_out[c]) continue; /* outside a pad across the tile: its taps add nothing */
            const uint32_t *g = d->grid_tap + c;
            const uint32_t *mk = d->grid_mask + c * d->grid_nrun + r0;
            const uint32_t mk0 = mk[0], mk1 = nv > 1 ? mk[1] : 0, mk2 = nv > 2 ? mk[2] : 0, mk3 = nv > 3 ? mk[3] : 0;
            const float *x = xr + d->xtap[g[0]];
            /* an edge block (qins): the chain's source rows its pads
             * leave in (dw_edge_rows); the others add nothing */
            const uint32_t qin = qins ? qins[c] : ~0u;
            DW_GWK(0) DW_GWK(1) DW_GWK(2) DW_GWK(3) DW_GWK(4) DW_GWK(5) DW_GWK(6)
            DW_GQ(0) DW_GQ(1) DW_GQ(2) DW_GQ(3) DW_GQ(4) DW_GQ(5) DW_GQ(6) DW_GQ(7) DW_GQ(8) DW_GQ(9)
            DW_GQ(10) DW_GQ(11) DW_GQ(12) DW_GQ(13)
        }
    }
    const uint32_t *mk = d->DW_MASK + r0;
    for (uint32_t t = 0; !kh && t < d->ntap; t++, mk += d->DW_NRUN) {
        if (live && !live[t]) continue;
        const float *x = xr + d->xtap[t];
        const float *w = wr + d->wtap[t];
        const DW_V w0 = DW_SET1(*w);
        const DW_V wv0 = ws ? DW_LOAD1(w, mk[0]) : w0;
        const DW_V wv1 = ws && nv > 1 ? DW_LOAD1(w + DW_VL, mk[1]) : w0;
        const DW_V wv2 = ws && nv > 2 ? DW_LOAD1(w + 2 * DW_VL, mk[2]) : w0;
        const DW_V wv3 = ws && nv > 3 ? DW_LOAD1(w + 3 * DW_VL, mk[3]) : w0;
#define DW_TAP(i, v)                                                                                                   \
    if ((i) < nr && (v) < nv)                                                                                          \
        c##i##_##v = DW_FMA(xs == 1 ? DW_XLOAD1(x + (i) * xs_m + (v) * DW_VL, mk[v], it)                               \
                                    : DW_XLOAD2(x + (i) * xs_m + 2 * (v) * DW_VL, mk[v], it),                          \
                            wv##v, c##i##_##v);
        DW_ALL(DW_TAP)
#undef DW_TAP
    }
    if (!it->out) {
#define DW_TILE(i, v)                                                                                                  \
    if ((i) < nr && (v) < nv && (!kh || j0 + (v) * DW_VL < d->t_rs)) /* a grid's padded run: not in the tile */       \
        DW_STOREU(it->tile + (m + (i)) * d->t_rs + j0 + (v) * DW_VL, c##i##_##v);
        DW_ALL(DW_TILE)
#undef DW_TILE
        return;
    }
    /* the epilogue in registers, then the output (lanes past L not stored) */
    uint32_t tail[4];
    for (int v = 0; v < 4; v++) {
        const int64_t rem = d->L - (j0 + (int64_t)v * DW_VL);
        tail[v] = rem >= DW_VL ? (1u << DW_VL) - 1 : rem > 0 ? (1u << rem) - 1 : 0;
    }
    const cpu_epi_prog *p = it->epi;
    if (p->kind == CPU_EPI_KIND_RELU) {
#define DW_RELU(i, v) \
    if ((i) < nr && (v) < nv) c##i##_##v = DW_ADD(DW_MAX(DW_ZERO(), c##i##_##v), DW_ZERO());
        DW_ALL(DW_RELU)
#undef DW_RELU
    } else if (p->kind == CPU_EPI_KIND_GENERAL) {
        for (uint32_t s = 0; s < p->nsteps; s++) {
            const cpu_epi_step *st = &p->steps[s];
            const cpu_operand *op = st->operand >= 0 ? &p->e->operands[st->operand] : NULL;
            const DW_V imm = DW_SET1(st->imm);
            /* the switch once a step, each case over every register: in
             * the registers' loop (a switch per vector) the steps cost
             * MobileNetV2's depthwise 3x3 as much as its 9 taps */
#define DW_EPI(i, v)                                                                                                   \
    if ((i) < nr && (v) < nv)                                                                                          \
        c##i##_##v = dw_step(OPC, c##i##_##v,                                                                          \
                             !op       ? imm                                                                           \
                             : op->sn ? DW_LOAD1(op->ptr + (m + (i)) * op->sm + j0 + (v) * DW_VL, tail[v])             \
                                      : DW_SET1(op->ptr[(m + (i)) * op->sm]));
#define DW_EPI_CASE(c)    \
    case c: {             \
        enum { OPC = c }; \
        DW_ALL(DW_EPI)    \
        break;            \
    }
            switch (st->op) {
                CPU_EPI_STEP_OPS(DW_EPI_CASE)
            default: break; /* no other op is a step (epilogue.h) */
            }
#undef DW_EPI_CASE
#undef DW_EPI
        }
    }
#define DW_OUT(i, v)                                                                                                   \
    if ((i) < nr && (v) < nv) {                                                                                        \
        float *c = it->out + (m + (i)) * it->out_rs + j0 + (v) * DW_VL;                                                \
        if (tail[v] == (1u << DW_VL) - 1)                                                                              \
            DW_STOREU(c, c##i##_##v);                                                                                  \
        else                                                                                                           \
            DW_STOREM(c, c##i##_##v, tail[v]);                                                                         \
    }
    DW_ALL(DW_OUT)
#undef DW_OUT
}

/* Rows [m, m + g) for one (xs, ws) pair: g inside rows (live NULL), or
 * one row (g = 1) with its live taps. */
#define DW_ROWS(XS, WS)                                                                                                \
    static void DW_CAT(dw_rows, XS##WS)(const cpu_dw *d, const cpu_dw_item *it, int64_t m, int64_t g,              \
                                        const uint8_t *live) {                                                         \
        const int64_t nrun = d->DW_NRUN;                                                                               \
        int64_t r = 0, i;                                                                                              \
        if (live) {                                                                                                    \
            for (; r + 4 <= nrun; r += 4) dw_block(d, it, m, r, 4, 1, XS, WS, live, 0, NULL, NULL);                    \
            switch (nrun - r) {                                                                                        \
            case 3: dw_block(d, it, m, r, 3, 1, XS, WS, live, 0, NULL, NULL); break;                                   \
            case 2: dw_block(d, it, m, r, 2, 1, XS, WS, live, 0, NULL, NULL); break;                                   \
            case 1: dw_block(d, it, m, r, 1, 1, XS, WS, live, 0, NULL, NULL); break;                                   \
            default: break;                                                                                            \
            }                                                                                                          \
            return;                                                                                                    \
        }                                                                                                              \
        for (; r + 4 <= nrun; r += 4) {                                                                                \
            for (i = 0; i + DW_NR4 <= g; i += DW_NR4)                                                                  \
                dw_block(d, it, m + i, r, 4, DW_NR4, XS, WS, NULL, 0, NULL, NULL);                                     \
            for (; i < g; i++) dw_block(d, it, m + i, r, 4, 1, XS, WS, NULL, 0, NULL, NULL);                           \
        }                                                                                                              \
        switch (nrun - r) {                                                                                            \
        case 3:                                                                                                        \
            for (i = 0; i + DW_NR3 <= g; i += DW_NR3)                                                                  \
                dw_block(d, it, m + i, r, 3, DW_NR3, XS, WS, NULL, 0, NULL, NULL);                                     \
            for (; i < g; i++) dw_block(d, it, m + i, r, 3, 1, XS, WS, NULL, 0, NULL, NULL);                           \
            break;                                                                                                     \
        case 2:                                                                                                        \
            for (i = 0; i + DW_NR2 <= g; i += DW_NR2)                                                                  \
                dw_block(d, it, m + i, r, 2, DW_NR2, XS, WS, NULL, 0, NULL, NULL);                                     \
            for (; i < g; i++) dw_block(d, it, m + i, r, 2, 1, XS, WS, NULL, 0, NULL, NULL);                           \
            break;                                                                                                     \
        case 1:                                                                                                        \
            for (i = 0; i + 8 <= g; i += 8) dw_block(d, it, m + i, r, 1, 8, XS, WS, NULL, 0, NULL, NULL);              \
            for (; i + 4 <= g; i += 4) dw_block(d, it, m + i, r, 1, 4, XS, WS, NULL, 0, NULL, NULL);                   \
            for (; i < g; i++) dw_block(d, it, m + i, r, 1, 1, XS, WS, NULL, 0, NULL, NULL);                           \
            break;                                                                                                     \
        default: break;                                                                                                \
        }                                                                                                              \
    }
#define DW_CAT(a, b) DW_CAT_(a, b)
#define DW_CAT_(a, b) a##b
DW_ROWS(1, 0)
DW_ROWS(1, 1)
DW_ROWS(2, 0)

#ifdef DW_GRID
/* Rows [m, m + g), all inside but for the chains out (NULL: none), on
 * the grid's accumulation (kh rows of taps): blocks of 4 rows by runs of 4
 * vectors, then of 2, the runs past the last padded to even (grid_nrun);
 * where the weights are a lane run (ws: NHWC), blocks of 8 rows (then 4)
 * by one vector, its kh weights in registers: 7 weight and 14 source
 * loads for a 7x7 chain's 56 products, where 4 rows by 2 vectors loaded 34
 * (ConvNeXt's 7x7 NHWC 0.64 -> 0.54 ms, Zen 4, 1 thread, 5 rounds
 * interleaved). The caller runs the rows past the last block of 4, which a
 * single row loads as often. */
#define DW_GRID_ROWS(KH)                                                                                               \
    static void dw_grid##KH(const cpu_dw *d, const cpu_dw_item *it, int64_t m, int64_t g, const uint8_t *out) {        \
        const int64_t nrun = d->grid_nrun;                                                                             \
        int64_t r = 0, i;                                                                                              \
        if (d->ws_l) {                                                                                                 \
            for (; r < d->DW_NRUN; r++) {                                                                              \
                for (i = 0; i + 8 <= g; i += 8) dw_block(d, it, m + i, r, 1, 8, 1, 1, NULL, KH, out, NULL);            \
                for (; i + 4 <= g; i += 4) dw_block(d, it, m + i, r, 1, 4, 1, 1, NULL, KH, out, NULL);                 \
            }                                                                                                          \
            return;                                                                                                    \
        }                                                                                                              \
        for (; r + 4 <= nrun; r += 4)                                                                                  \
            for (i = 0; i + 4 <= g; i += 4) dw_block(d, it, m + i, r, 4, 4, 1, 0, NULL, KH, out, NULL);                \
        for (; r < nrun; r += 2)                                                                                       \
            for (i = 0; i + 4 <= g; i += 4) dw_block(d, it, m + i, r, 2, 4, 1, 0, NULL, KH, out, NULL);                \
    }
DW_GRID_ROWS(3)
DW_GRID_ROWS(5)
DW_GRID_ROWS(7)

/* One block of DW_GRID_EDGE rows from m, some with taps outside (a pad
 * that moves along the rows: an NCHW plane's top and bottom rows, an NHWC
 * row's first and last columns), on the grid: the source rows a pad leaves
 * out are skipped (dw_block's qins), where each such row ran alone on the
 * tap loop, its live taps one at a time (in ConvNeXt's 7x7 NHWC, 6 rows of
 * 56 took 29% of the time; with them on the grid the layer went 0.86 ->
 * 0.56 ms, its NCHW twin 0.57 -> 0.47, Zen 4, 1 thread, 5 rounds
 * interleaved) */
#define DW_GRID_EDGE(ws) ((ws) ? 8 : 4)

/* Per chain c of the grid, bit q of qin[c]: source row q of a block from
 * row m (q < nq) is inside every pad, at rbase + the rtap of the chain's
 * first tap + (m + q) * rcoef (the chain's coordinates move as the rows'
 * do: cpu_dw.grid_edges) */
static void dw_edge_rows(const cpu_dw *d, const cpu_dw_item *it, int64_t m, int nq, uint32_t *qin) {
    for (uint32_t c = 0; c < d->grid_kw; c++) {
        uint32_t in = (1u << nq) - 1;
        for (uint32_t r = 0; r < d->nrp; r++) {
            /* (0 <= at < rdim as one unsigned compare: no branch a row) */
            const int64_t at = it->rbase[r] + d->rtap[r][d->grid_tap[c]] + m * d->rcoef[r];
            uint32_t b = 0;
            for (int q = 0; q < nq; q++) b |= (uint32_t)((uint64_t)(at + q * d->rcoef[r]) < (uint64_t)d->rdim[r]) << q;
            in &= b;
        }
        qin[c] = in;
    }
}
#define DW_GRID_EDGES(KH)                                                                                              \
    static void dw_grid_edge##KH(const cpu_dw *d, const cpu_dw_item *it, int64_t m) {                                  \
        const int64_t nrun = d->grid_nrun;                                                                             \
        int64_t r = 0;                                                                                                 \
        uint32_t qin[CPU_DW_MAX_TAPS];                                                                                 \
        dw_edge_rows(d, it, m, DW_GRID_EDGE(d->ws_l) + KH - 1, qin);                                                   \
        if (d->ws_l) {                                                                                                 \
            for (; r < d->DW_NRUN; r++) dw_block(d, it, m, r, 1, 8, 1, 1, NULL, KH, NULL, qin);                        \
            return;                                                                                                    \
        }                                                                                                              \
        for (; r + 4 <= nrun; r += 4) dw_block(d, it, m, r, 4, 4, 1, 0, NULL, KH, NULL, qin);                          \
        for (; r < nrun; r += 2) dw_block(d, it, m, r, 2, 4, 1, 0, NULL, KH, NULL, qin);                               \
    }
DW_GRID_EDGES(3)
DW_GRID_EDGES(5)
DW_GRID_EDGES(7)
#endif

/* Whether every tap of row m falls inside (lo, hi: the taps' least and
 * greatest padded coordinates). */
static bool dw_inside(const cpu_dw *d, const cpu_dw_item *it, int64_t m, const int64_t *lo, const int64_t *hi) {
    for (uint32_t r = 0; r < d->nrp; r++) {
        const int64_t c = it->rbase[r] + m * d->rcoef[r];
        if (c + lo[r] < 0 || c + hi[r] >= d->rdim[r]) return false;
    }
    return true;
}

/* Whether every run the tile reads (its rows, taps and runs of DW_VL
 * lanes, DW_LOAD2's 2*DW_VL) lies in the source's storage [x_lo, x_hi). */
static bool dw_tile_inside(const cpu_dw *d, const cpu_dw_item *it) {
    if (!it->x_lo || !d->ntap) return false;
    int64_t lo = d->xtap[0], hi = d->xtap[0];
    for (uint32_t t = 1; t < d->ntap; t++) {
        lo = d->xtap[t] < lo ? d->xtap[t] : lo;
        hi = d->xtap[t] > hi ? d->xtap[t] : hi;
    }
    const int64_t rows = (d->M - 1) * d->xs_m;
    lo += rows < 0 ? rows : 0;
    hi += (rows > 0 ? rows : 0) + d->DW_NRUN * DW_VL * d->xs_l + DW_VL;
    const uintptr_t x = (uintptr_t)it->x;
    return x + (uintptr_t)(lo * (int64_t)sizeof(float)) >= (uintptr_t)it->x_lo &&
           x + (uintptr_t)(hi * (int64_t)sizeof(float)) <= (uintptr_t)it->x_hi;
}

#ifdef DW_GRID
/* The grid's chains whose taps a pad across the tile (rcoef 0) leaves
 * out, in out[c], and lo, hi narrowed to the other chains' taps; NULL
 * where none is out, or all (the tap loop then). */
static const uint8_t *dw_chains_out(const cpu_dw *d, const cpu_dw_item *it, uint8_t *out, int64_t *lo, int64_t *hi) {
    uint32_t nout = 0;
    for (uint32_t c = 0; c < d->grid_kw; c++) {
        const uint32_t t = d->grid_tap[c];
        bool in = true;
        for (uint32_t r = 0; r < d->nrp; r++) {
            const int64_t p = it->rbase[r] + d->rtap[r][t];
            in = in && (d->rcoef[r] != 0 || (p >= 0 && p < d->rdim[r]));
        }
        out[c] = !in;
        nout += !in;
    }
    if (!nout || nout == d->grid_kw) return NULL;
    for (uint32_t r = 0; r < d->nrp; r++) {
        bool first = true;
        for (uint32_t c = 0; c < d->grid_kw; c++)
            for (uint32_t k = 0; k < d->grid_kh && !out[c]; k++) {
                const int64_t v = d->rtap[r][d->grid_tap[k * d->grid_kw + c]];
                lo[r] = first || v < lo[r] ? v : lo[r];
                hi[r] = first || v > hi[r] ? v : hi[r];
                first = false;
            }
    }
    return out;
}
#endif

void DW_FN(const cpu_dw *d, const cpu_dw_item *it) {
    enum { GROUP = 24 }; /* rows a block of inside rows (a multiple of every DW_NR) */
    cpu_dw_item inside = *it; /* x_lo kept where the tile's runs may all be read whole */
    if (!dw_tile_inside(d, it)) inside.x_lo = inside.x_hi = NULL;
    it = &inside;
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
#ifdef DW_GRID
    void (*grid)(const cpu_dw *, const cpu_dw_item *, int64_t, int64_t, const uint8_t *) =
        d->grid_kh == 3 ? dw_grid3 : d->grid_kh == 5 ? dw_grid5 : d->grid_kh == 7 ? dw_grid7 : NULL;
    /* a pad across the tile (an NHWC tile's image row) leaves whole chains
     * out: the rows inside the others still run on the grid */
    uint8_t chain_buf[CPU_DW_MAX_TAPS];
    const uint8_t *chain_out = grid && d->grid_edges ? dw_chains_out(d, it, chain_buf, lo, hi) : NULL;
    /* the first and last rows with taps outside: a block of them each on
     * the grid, where the tile has rows for both (the rows between as
     * before; a row is never computed twice: an init may be the output's
     * own storage) */
    void (*edge)(const cpu_dw *, const cpu_dw_item *, int64_t) =
        d->grid_kh == 3 ? dw_grid_edge3 : d->grid_kh == 5 ? dw_grid_edge5 : dw_grid_edge7;
    const int64_t eb = DW_GRID_EDGE(d->ws_l);
    const bool edges = grid && d->grid_edges && d->M >= 2 * eb;
    const bool edge_lo = edges && !dw_inside(d, it, 0, lo, hi), edge_hi = edges && !dw_inside(d, it, d->M - 1, lo, hi);
    if (edge_lo) edge(d, it, 0);
    const int64_t mbegin = edge_lo ? eb : 0, mend = edge_hi ? d->M - eb : d->M;
#else
    const int64_t mbegin = 0, mend = d->M;
#endif
    for (int64_t m = mbegin; m < mend;) {
        int64_t g = mend - m < GROUP ? mend - m : GROUP;
        if (dw_inside(d, it, m, lo, hi)) { /* the coordinates move linearly: rows m .. m + g - 1 inside */
            while (g > 1 && !dw_inside(d, it, m + g - 1, lo, hi)) g--;
#ifdef DW_GRID
            if (grid && g >= 4) { /* blocks of 4 rows; the rows left come round again */
                grid(d, it, m, g / 4 * 4, chain_out);
                m += g / 4 * 4;
                continue;
            }
            if (!chain_out) /* else the rows left run with their live taps, below */
#endif
            {
                rows(d, it, m, g, NULL);
                m += g;
                continue;
            }
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
#ifdef DW_GRID
    if (edge_hi) edge(d, it, d->M - eb);
#endif
}
