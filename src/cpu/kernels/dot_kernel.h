/* dot_kernel.h - the microkernel over a transposed B read in place
 * (cpu_kernel_set.gemm_dot), written once over an ISA's vector primitives
 * and included by each ISA's kernel file after them (like vec_epilogue.h):
 *
 *     VF, VLEN, vset1, vfma, vload_n   the ISA's vectors
 *     DOT_FN                           the name to give the kernel
 *     DOT_EPI_TILE                     the ISA's epilogue tile function
 *
 * B's element (p, j) is at b[j*b_rs + p]: each column of the tile is a
 * contiguous run of k (an [N][K] weight, as torch's Linear holds it, read
 * without a transpose). Each element of the tile is a dot product of an A
 * row and a B column, accumulated VLEN lanes wide along k and summed across
 * the lanes at the end, in 2-row x 4-column groups (8 accumulators, 6
 * sequential streams: the hardware prefetchers follow them); then the add
 * tile and the epilogue as the other microkernels apply them. Reads no A
 * row >= m, no B column >= n, nothing past k. */

#define DOT_ROWS 2
#define DOT_COLS 4

static float dot_hsum(VF v) {
    float l[VLEN];
    vstore_n(l, v, VLEN);
    float s = 0;
    for (int i = 0; i < VLEN; i++) s += l[i];
    return s;
}

static void DOT_FN(const cpu_ukr *u) {
    float t[CPU_MR_MAX * CPU_NR_MAX];
    const int m = u->m, n = u->n;
    const int64_t k = u->k, brs = u->b_rs, ars = u->a_rs;
    const int64_t kv = k / VLEN * VLEN;
    const int tail = (int)(k - kv);
    for (int i0 = 0; i0 < m; i0 += DOT_ROWS) {
        const float *a0 = u->a + i0 * ars, *a1 = i0 + 1 < m ? a0 + ars : a0; /* a missing row repeats row i0 */
        for (int j0 = 0; j0 < n; j0 += DOT_COLS) {
            const float *b0 = u->b + j0 * brs;
            const float *b1 = j0 + 1 < n ? b0 + brs : b0, *b2 = j0 + 2 < n ? b0 + 2 * brs : b0,
                        *b3 = j0 + 3 < n ? b0 + 3 * brs : b0; /* missing columns repeat column j0, not stored */
            VF c00 = vset1(0), c01 = c00, c02 = c00, c03 = c00, c10 = c00, c11 = c00, c12 = c00, c13 = c00;
#define DOT_STEP(LOAD)                                                                     \
    do {                                                                                   \
        const VF x0 = LOAD(a0), x1 = LOAD(a1);                                             \
        const VF w0 = LOAD(b0), w1 = LOAD(b1), w2 = LOAD(b2), w3 = LOAD(b3);               \
        c00 = vfma(x0, w0, c00), c01 = vfma(x0, w1, c01), c02 = vfma(x0, w2, c02);         \
        c03 = vfma(x0, w3, c03), c10 = vfma(x1, w0, c10), c11 = vfma(x1, w1, c11);         \
        c12 = vfma(x1, w2, c12), c13 = vfma(x1, w3, c13);                                  \
    } while (0)
            int64_t p = 0;
#define DOT_FULL(ptr) vload_n((ptr) + p, VLEN)
            for (; p < kv; p += VLEN) DOT_STEP(DOT_FULL);
#define DOT_TAIL(ptr) vload_n((ptr) + p, tail)
            if (tail) DOT_STEP(DOT_TAIL);
#undef DOT_FULL
#undef DOT_TAIL
#undef DOT_STEP
            const float r[DOT_ROWS][DOT_COLS] = {{dot_hsum(c00), dot_hsum(c01), dot_hsum(c02), dot_hsum(c03)},
                                                 {dot_hsum(c10), dot_hsum(c11), dot_hsum(c12), dot_hsum(c13)}};
            for (int i = 0; i < DOT_ROWS && i0 + i < m; i++)
                for (int j = 0; j < DOT_COLS && j0 + j < n; j++) t[(i0 + i) * CPU_NR_MAX + j0 + j] = r[i][j];
        }
    }
    if (u->add)
        for (int i = 0; i < m; i++)
            for (int j = 0; j < n; j++) t[i * CPU_NR_MAX + j] += u->add[i * u->add_rs + j * u->add_cs];
    static const cpu_epi_prog store = {.kind = CPU_EPI_KIND_STORE};
    DOT_EPI_TILE(u->epi ? u->epi : &store, t, CPU_NR_MAX, m, n, u->m0, u->n0, u->c, u->c_rs);
}
