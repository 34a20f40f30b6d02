/* ukr_common.h - what the x86 microkernel files (sgemm_avx2.c,
 * sgemm_avx512.c) share around their bodies: the accumulators' X-macros,
 * the prefetch distances, PREFETCHW, and the many-row kernel. Each file
 * includes it once, after kernels.h, and defines its own ukr_body. */
#ifndef SPADC_CPU_UKR_COMMON_H
#define SPADC_CPU_UKR_COMMON_H

/* A line the tile will store to, fetched for writing (PREFETCHW; measured
 * +2% on the 6x64 kernel over a read prefetch, which leaves the store an
 * ownership upgrade to wait for). A no-op where unsupported. */
static inline __attribute__((always_inline)) void prefetchw(const float *p) {
    __asm__ volatile("prefetchw %0" ::"m"(*(const char *)p));
}

/* Accumulators are named variables (c<row>_<vector>), not an array: with an
 * array GCC keeps the tile in memory around the K loop unless everything is
 * unrolled before scalar replacement. Up to 6 rows and 4 vectors; rows and
 * vectors past a set's tile, and past a specialisation's mr / nv, are dead
 * code. */
#define ROWS(X) X(0) X(1) X(2) X(3) X(4) X(5)
#define VECS(X, i) X(i, 0) X(i, 1) X(i, 2) X(i, 3)

/* A one-row tile (a GEMV) streams B from memory with one FMA per load:
 * its rows are prefetched B1_DIST floats (8 KiB, 32 k steps) ahead; for a
 * pre-packed B that runs on into the next block (panels are contiguous),
 * for a B packed per call past the block is wasted, and harmless. Measured
 * on 1x4096x4096 (AVX-512): ~+13% at 1 thread, ~+15% at 2, over the
 * hardware alone. */
#define B1_DIST 2048
/* The same distance for B read in place (gemm_strided): rows, not floats */
#define BS_ROWS 32
#define PF_STEPS 32 /* k steps before the end at which the tile's lines are prefetched */

/* The many-row kernel of a set (PRE: its name prefix, MRX its tile rows)
 * for nv vectors: whole MRX-row strips with the body inlined, called as
 * ukr_body(&u, the rest of the arguments), then the short strip through
 * PRE##_table, with no call, frame or dispatch per strip (a 64x64x64 GEMM
 * on the 6x64 set is 11 strips of one panel). */
#define UKR_ROWS_DEF(PRE, MRX, nv, ...)                                  \
    static void PRE##_rows_v##nv(const cpu_ukr *u0) {                    \
        cpu_ukr u = *u0;                                                 \
        int64_t rows = u0->m;                                            \
        const int64_t add_step = u.add && u.add_rs ? MRX * u.add_rs : 0; \
        u.pf_n = 0;                                                      \
        for (; rows >= MRX; rows -= MRX) {                               \
            u.m = MRX;                                                   \
            ukr_body(&u, __VA_ARGS__);                                   \
            u.a += MRX * u.a_rs, u.c += MRX * u.c_rs, u.m0 += MRX;       \
            if (u.add) u.add += add_step;                                \
        }                                                                \
        if (rows > 0) {                                                  \
            u.m = (int)rows;                                             \
            PRE##_table[rows - 1][nv - 1](&u);                           \
        }                                                                \
    }

#endif
