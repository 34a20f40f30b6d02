/* gemv_kernel.h - the one-row kernel over a row-major B read in place
 * (cpu_kernel_set.gemv_rows), written once over an ISA's vector primitives
 * and included by each ISA's kernel file after them (like dot_kernel.h):
 *
 *     VF, VLEN, vset1, vfma, vload_n, vstore_n   the ISA's vectors
 *     GEMV_FN                                    the name to give the kernel
 *     GEMV_EPI_TILE                              the ISA's epilogue tile function
 *
 * A GEMV row y = a B over n <= CPU_GEMV_N_MAX columns, B's element (p, j)
 * at b[p*b_rs + j]: the row accumulates in an L1 scratch, four B rows at a
 * time, each row's n floats read front to back. So B streams as four
 * sequential runs of n floats per step (what the hardware prefetchers
 * follow), where the register-tile kernel would walk each 64-column panel
 * down all k rows, one page per row (measured on 1x4096x4096: ~2x the
 * time, bound by page walks). Then the add tile and the epilogue as the
 * other microkernels apply them. */

#define GEMV_PF_ROWS 8 /* rows ahead that each step's lines are prefetched */

/* y[j..j+cnt) += the four rows' a-weighted elements there (cnt = VLEN in
 * the loop, the row's tail after it) */
static inline __attribute__((always_inline)) void gemv_step4(float *y, int j, int cnt, VF a0, VF a1, VF a2, VF a3,
                                                             const float *r0, const float *r1, const float *r2,
                                                             const float *r3) {
    VF acc = vload_n(y + j, cnt);
    acc = vfma(a0, vload_n(r0 + j, cnt), acc);
    acc = vfma(a1, vload_n(r1 + j, cnt), acc);
    acc = vfma(a2, vload_n(r2 + j, cnt), acc);
    acc = vfma(a3, vload_n(r3 + j, cnt), acc);
    vstore_n(y + j, acc, cnt);
}

static void GEMV_FN(const cpu_ukr *u) {
    float y[CPU_GEMV_N_MAX] __attribute__((aligned(64)));
    const int n = u->n;
    const int64_t k = u->k, brs = u->b_rs;
    const int nfull = n / VLEN * VLEN, tail = n - nfull;
    for (int j = 0; j < n; j++) y[j] = 0;
    const float *a = u->a, *b = u->b;
    int64_t p = 0;
    for (; p + 4 <= k; p += 4) {
        const VF a0 = vset1(a[p]), a1 = vset1(a[p + 1]), a2 = vset1(a[p + 2]), a3 = vset1(a[p + 3]);
        const float *r0 = b + p * brs, *r1 = r0 + brs, *r2 = r1 + brs, *r3 = r2 + brs;
        const float *pf = r0 + GEMV_PF_ROWS * brs;
        int j = 0;
        for (; j < nfull; j += VLEN) {
            gemv_step4(y, j, VLEN, a0, a1, a2, a3, r0, r1, r2, r3);
            if (p + GEMV_PF_ROWS + 4 <= k && (j * 4) % 64 == 0) {
                __builtin_prefetch(pf + j, 0, 3);
                __builtin_prefetch(pf + brs + j, 0, 3);
                __builtin_prefetch(pf + 2 * brs + j, 0, 3);
                __builtin_prefetch(pf + 3 * brs + j, 0, 3);
            }
        }
        if (tail) gemv_step4(y, j, tail, a0, a1, a2, a3, r0, r1, r2, r3);
    }
    for (; p < k; p++) {
        const VF a0 = vset1(a[p]);
        const float *r0 = b + p * brs;
        for (int j = 0; j < n; j += VLEN) {
            const int cnt = n - j < VLEN ? n - j : VLEN;
            vstore_n(y + j, vfma(a0, vload_n(r0 + j, cnt), vload_n(y + j, cnt)), cnt);
        }
    }
    if (u->add)
        for (int j = 0; j < n; j++) y[j] += u->add[j * u->add_cs];
    static const cpu_epi_prog store = {.kind = CPU_EPI_KIND_STORE};
    for (int c0 = 0; c0 < n; c0 += EPI_NVMAX * VLEN) { /* the tile function's widest row */
        const int w = n - c0 < EPI_NVMAX * VLEN ? n - c0 : EPI_NVMAX * VLEN;
        GEMV_EPI_TILE(u->epi ? u->epi : &store, y + c0, 0, 1, w, u->m0, u->n0 + c0, u->c + c0, u->c_rs);
    }
}
