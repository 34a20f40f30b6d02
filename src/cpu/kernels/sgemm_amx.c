/* sgemm_amx.c - AMX-BF16 pair kernels (cpu_kernel_set.pairs): bf16 A and B,
 * f32 accumulation in tile registers, one TDPBF16PS per 16 x 16 block of C
 * and 16 k pairs (16 x 16 x 32 multiply-adds). Compiled with AVX-512 and
 * AMX flags (CMakeLists.txt: *amx*.c) and called only where
 * cpu_amx_usable().
 *
 * Two register tiles, both 4 C tiles of 16 x 16 f32:
 *   32 x 32  C 2 x 2 tiles, 2 A tiles (rows 0-15, 16-31) and 2 B tiles a
 *            chunk: 4 loads per 4 TDPBF16PS, no register reused
 *   16 x 64  C 1 x 4 tiles, 1 A tile and the 4 B tiles through 3 registers:
 *            5 loads per 4 TDPBF16PS
 * A chunk is 16 pairs of k: A's tile is 16 rows of 64 bytes read in place
 * (row stride a_rs * 4 bytes), B's a 16-pair row block of the packed
 * micro-panel (rows of NR pairs: NR * 4 bytes apart), 16 columns each.
 *
 * Edges: m < MR rows are the tile configuration's row counts (no A, add or
 * C row >= m is read or written); n < NR columns skip the C tiles past n
 * and store the last one through the f32 tile on the stack; a K block that
 * is not a multiple of 16 pairs ends with a chunk copied from A and B into
 * zero-padded tiles on the stack (zero pairs add 0 * 0 to each chain).
 * The accumulator starts from the add tile (loaded into the C tiles,
 * directly or gathered through the stack tile), so a bias, an init operand
 * and C's partial sum cost no pass after the loop (kernels.h: the rounding
 * differs only in order). After the last chunk the tiles go to C directly
 * (a store, whole 16-column tiles) or to the stack tile, from which the
 * AVX-512 set's epilogue tile function writes C.
 *
 * Tile configuration: per thread (LDTILECFG state is per thread), cached in
 * a thread-local key (shape and rows), reloaded when a call needs another.
 * The loops own the tile state for one GEMM call a thread (the set's
 * thread_begin / thread_end): another AMX library in the process (oneDNN
 * inside PyTorch) loads its own configurations and releases the tiles
 * between spadc's calls, and the tile registers stay clean outside them
 * (a thread holding tile state makes every context switch save 8 KiB). */
#include <immintrin.h>
#include <string.h>

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("O3")
#endif

#include "kernels.h"

#define KCH 16 /* pairs a chunk: A tile 16 x 64 bytes, B tile 16 rows */

/* ----------------------------------------------- tile configuration */


static __thread unsigned cfg_key; /* shape << 8 | m; 0: not configured */

void cpu_amx_forget_config(void) { cfg_key = 0; }

static void amx_begin(void) { cfg_key = 0; }
static void amx_end(void) {
    if (cfg_key) _tile_release();
    cfg_key = 0;
}

enum { SHAPE_32X32 = 1, SHAPE_16X64 = 2 };

/* Tiles 0-3 C, then A, then B (kernel comments above). Row counts: C and A
 * tiles of the last row block have m's remainder rows; B tiles KCH. */
static inline __attribute__((always_inline)) void configure(int shape, int m) {
    const unsigned key = (unsigned)shape << 8 | (unsigned)m;
    if (cfg_key == key) return;
    cpu_amx_tilecfg cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.palette = 1;
    for (int t = 0; t < 8; t++) cfg.colsb[t] = 64, cfg.rows[t] = KCH;
    if (shape == SHAPE_32X32) {
        const int r0 = m < 16 ? m : 16, r1 = m > 16 ? m - 16 : 16; /* row block 1 unused when m <= 16 */
        cfg.rows[0] = cfg.rows[1] = cfg.rows[4] = (uint8_t)r0;
        cfg.rows[2] = cfg.rows[3] = cfg.rows[5] = (uint8_t)r1;
    } else {
        cfg.rows[0] = cfg.rows[1] = cfg.rows[2] = cfg.rows[3] = cfg.rows[4] = (uint8_t)m;
    }
    /* GCC 12's builtin does not tell the optimiser that LDTILECFG reads
     * cfg: without this, the stores above may be dropped (seen in a test) */
    __asm__ volatile("" ::"r"(&cfg) : "memory");
    _tile_loadconfig(&cfg);
    cfg_key = key;
}

/* --------------------------------------------------------- kernel */

/* One chunk: A's 16 pairs at a (rows lda bytes apart), B's 16 pair rows at
 * b (rows ldb bytes apart); mt row tiles and nt column tiles of C active. */
static inline __attribute__((always_inline)) void chunk(const int shape, const int mt, const int nt, const char *a,
                                                        int64_t lda, const char *b, int64_t ldb) {
    if (shape == SHAPE_32X32) {
        _tile_loadd(4, a, lda);
        _tile_loadd(6, b, ldb);
        _tile_dpbf16ps(0, 4, 6);
        if (nt > 1) _tile_loadd(7, b + 64, ldb);
        if (nt > 1) _tile_dpbf16ps(1, 4, 7);
        if (mt > 1) _tile_loadd(5, a + 16 * lda, lda);
        if (mt > 1) _tile_dpbf16ps(2, 5, 6);
        if (mt > 1 && nt > 1) _tile_dpbf16ps(3, 5, 7);
    } else {
        _tile_loadd(4, a, lda);
        _tile_loadd(5, b, ldb);
        _tile_dpbf16ps(0, 4, 5);
        if (nt > 1) _tile_loadd(6, b + 64, ldb);
        if (nt > 1) _tile_dpbf16ps(1, 4, 6);
        if (nt > 2) _tile_loadd(7, b + 128, ldb);
        if (nt > 2) _tile_dpbf16ps(2, 4, 7);
        if (nt > 3) {
            _tile_loadd(5, b + 192, ldb);
            _tile_dpbf16ps(3, 4, 5);
        }
    }
}

/* C tile (row block r, column block q) to or from memory: tile r * TN + q
 * (32 x 32: 0 1 / 2 3; 16 x 64: 0 1 2 3) */
#define C_TILES(X, shape, mt, nt, p, rs_bytes, row_step)                        \
    do {                                                                        \
        if (shape == SHAPE_32X32) {                                             \
            X(0, (p), rs_bytes);                                                \
            if (nt > 1) X(1, (p) + 16, rs_bytes);                               \
            if (mt > 1) X(2, (p) + (row_step), rs_bytes);                       \
            if (mt > 1 && nt > 1) X(3, (p) + (row_step) + 16, rs_bytes);        \
        } else {                                                                \
            X(0, (p), rs_bytes);                                                \
            if (nt > 1) X(1, (p) + 16, rs_bytes);                               \
            if (nt > 2) X(2, (p) + 32, rs_bytes);                               \
            if (nt > 3) X(3, (p) + 48, rs_bytes);                               \
        }                                                                       \
    } while (0)
#define LOAD_C(t, p, s) _tile_loadd(t, p, s)
#define STORE_C(t, p, s) _tile_stored(t, p, s)

static inline __attribute__((always_inline)) void amx_body(const cpu_ukr *u, const int shape, const int mt,
                                                           const int nt) {
    const int NR = shape == SHAPE_32X32 ? 32 : 64;
    const int m = u->m, n = u->n, ncols = 16 * nt;
    /* the f32 tile on the stack (rows of NR): the add gathered, the result
     * for the epilogue; A and B's last chunk padded */
    float t[32 * 32] __attribute__((aligned(64))); /* MR x NR: 32 x 32 or 16 x 64 */
    uint32_t apad[32 * KCH] __attribute__((aligned(64)));
    uint32_t bpad[KCH * 64] __attribute__((aligned(64)));
    configure(shape, m);

    /* the accumulator's start */
    if (!u->add) {
        _tile_zero(0);
        if (nt > 1) _tile_zero(1);
        if (shape == SHAPE_32X32) {
            if (mt > 1) _tile_zero(2);
            if (mt > 1 && nt > 1) _tile_zero(3);
        } else {
            if (nt > 2) _tile_zero(2);
            if (nt > 3) _tile_zero(3);
        }
    } else if (u->add_cs == 1 && n == ncols) {
        /* whole tiles in place (a broadcast row: stride 0) */
        C_TILES(LOAD_C, shape, mt, nt, u->add, u->add_rs * 4, 16 * u->add_rs);
    } else {
        for (int i = 0; i < m; i++)
            for (int j = 0; j < ncols; j++) t[i * NR + j] = j < n ? u->add[i * u->add_rs + j * u->add_cs] : 0.0f;
        C_TILES(LOAD_C, shape, mt, nt, t, NR * 4, 16 * NR);
    }

    /* the K loop: whole chunks in place */
    const char *a = (const char *)u->a, *b = (const char *)u->b;
    const int64_t lda = u->a_rs * 4, ldb = NR * 4, full = u->k / KCH;
    for (int64_t c = 0; c < full; c++) chunk(shape, mt, nt, a + c * KCH * 4, lda, b + c * KCH * ldb, ldb);
    const int rem = (int)(u->k - full * KCH);
    if (rem) {
        /* the last chunk, zero padded: m rows of rem pairs, rem rows of the
         * active columns (the tiles read nothing else) */
        const uint32_t *as = (const uint32_t *)(const void *)u->a + full * KCH;
        const uint32_t *bs = (const uint32_t *)(const void *)u->b + full * KCH * NR;
        const __mmask16 km = (__mmask16)((1u << rem) - 1);
        for (int i = 0; i < m; i++)
            _mm512_store_si512(apad + i * KCH, _mm512_maskz_loadu_epi32(km, as + i * u->a_rs));
        const __m512i z = _mm512_setzero_si512();
        for (int r = 0; r < KCH; r++)
            for (int q = 0; q < nt; q++)
                _mm512_store_si512(bpad + r * NR + 16 * q, r < rem ? _mm512_loadu_si512(bs + r * NR + 16 * q) : z);
        chunk(shape, mt, nt, (const char *)apad, KCH * 4, (const char *)bpad, ldb);
    }

    /* the result */
    const cpu_epi_kind kind = u->epi ? u->epi->kind : CPU_EPI_KIND_STORE;
    if (kind == CPU_EPI_KIND_STORE && n == ncols) {
        C_TILES(STORE_C, shape, mt, nt, u->c, u->c_rs * 4, 16 * u->c_rs);
        return;
    }
    C_TILES(STORE_C, shape, mt, nt, t, NR * 4, 16 * NR);
    static const cpu_epi_prog store = {.kind = CPU_EPI_KIND_STORE};
    cpu_epi_tile_avx512(u->epi ? u->epi : &store, t, NR, m, n, u->m0, u->n0, u->c, u->c_rs);
}

/* Instances per active tile count (mt row tiles, nt column tiles), a
 * dispatcher, and the many-row kernel (whole MR strips, then the rest). */
#define DEF(PRE, S, mt, nt) \
    static void PRE##_##mt##_##nt(const cpu_ukr *u) { amx_body(u, S, mt, nt); }
#define ROWS_FN(PRE, MR)                                                    \
    static void PRE##_rows(const cpu_ukr *u0) {                             \
        cpu_ukr u = *u0;                                                    \
        int64_t rows = u0->m;                                               \
        const int64_t add_step = u.add && u.add_rs ? MR * u.add_rs : 0;     \
        for (; rows > 0; rows -= MR) {                                      \
            u.m = rows < MR ? (int)rows : MR;                               \
            PRE(&u);                                                        \
            u.a += MR * u.a_rs, u.c += MR * u.c_rs, u.m0 += MR;             \
            if (u.add) u.add += add_step;                                   \
        }                                                                   \
    }

DEF(amx_32x32, SHAPE_32X32, 1, 1)
DEF(amx_32x32, SHAPE_32X32, 1, 2)
DEF(amx_32x32, SHAPE_32X32, 2, 1)
DEF(amx_32x32, SHAPE_32X32, 2, 2)
static void amx_32x32(const cpu_ukr *u) {
    static const cpu_ukr_fn table[2][2] = {{amx_32x32_1_1, amx_32x32_1_2}, {amx_32x32_2_1, amx_32x32_2_2}};
    table[(u->m - 1) / 16][(u->n - 1) / 16](u);
}
ROWS_FN(amx_32x32, 32)

DEF(amx_16x64, SHAPE_16X64, 1, 1)
DEF(amx_16x64, SHAPE_16X64, 1, 2)
DEF(amx_16x64, SHAPE_16X64, 1, 3)
DEF(amx_16x64, SHAPE_16X64, 1, 4)
static void amx_16x64(const cpu_ukr *u) {
    static const cpu_ukr_fn table[4] = {amx_16x64_1_1, amx_16x64_1_2, amx_16x64_1_3, amx_16x64_1_4};
    table[(u->n - 1) / 16](u);
}
ROWS_FN(amx_16x64, 16)

/* The two tile shapes' kernel sets differ only in the shape and its
 * pair packer; the epilogue and conversions are the AVX-512 set's. */
#define AMX_KSET(PRE, MR, NR, NAME, PACK)         \
    {                                             \
        .isa = CPU_ISA_AMX,                       \
        .mr = MR,                                 \
        .nr = NR,                                 \
        .name = NAME,                             \
        .gemm = PRE,                              \
        .thread_begin = amx_begin,                \
        .thread_end = amx_end,                    \
        .gemm_rows = PRE##_rows,                  \
        .epi_tile = cpu_epi_tile_avx512,          \
        .exp_rows = cpu_exp_rows_avx512,          \
        .cvt16 = cpu_cvt16_avx512,                \
        .store16 = cpu_store16_avx512,            \
        .pf_stream = false,                       \
        .pairs = true,                            \
        .pack_pairs = PACK,                       \
    }
const cpu_kernel_set cpu_kset_amx_bf16 = AMX_KSET(amx_32x32, 32, 32, "sbgemm_amx_32x32", cpu_pack_pairs_avx512_32);
const cpu_kernel_set cpu_kset_amx_bf16_16x64 = AMX_KSET(amx_16x64, 16, 64, "sbgemm_amx_16x64", cpu_pack_pairs_avx512);
