/* pack.c - packing: B into NR-column panels (cpu_pack_b, the layout in
 * kernels.h), A into a row-major copy when its strides or batches keep the
 * microkernel from reading it in place. Both read through arbitrary element
 * strides, so transposed and broadcast operands and batch-reduce strides are
 * folded here and never materialised elsewhere (laws L5, L7). */
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#include "base/fp16.h"
#include "cpu/kernels/kernels.h"

void *cpu_aligned_alloc(sp_ctx *ctx, size_t bytes, void **raw) {
    const size_t huge = (size_t)2 << 20, align = bytes >= 2 * huge ? huge : 64;
    if (bytes > SIZE_MAX - align) return *raw = NULL;
    char *p = sp_try_malloc(ctx, bytes + align);
    *raw = p;
    if (!p) return NULL;
    char *q = (char *)(((uintptr_t)p + align - 1) & ~(uintptr_t)(align - 1));
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    /* Big packed panels stream through the TLB: ask for 2 MiB pages (THP is
     * often "madvise" only). Advice only; failure changes nothing. */
    if (align == huge) madvise(q, bytes & ~(huge - 1), MADV_HUGEPAGE);
#endif
    return q;
}

/* The portable pack_rows (a kernel set's NULL slot). */
static void pack_rows_portable(float *dst, const float *src, int64_t s_r, int64_t rows, int cols, int nr) {
    for (int64_t r = 0; r < rows; r++) {
        memcpy(dst + r * nr, src + r * s_r, (size_t)cols * sizeof(float));
        if (cols < nr) memset(dst + r * nr + cols, 0, (size_t)(nr - cols) * sizeof(float));
    }
}

void cpu_cvt16_portable(float *dst, const uint16_t *src, int64_t n, cpu_dtype dt) {
    if (dt == CPU_BF16) {
        for (int64_t i = 0; i < n; i++) {
            const uint32_t u = (uint32_t)src[i] << 16;
            memcpy(dst + i, &u, sizeof u);
        }
    } else {
        for (int64_t i = 0; i < n; i++) dst[i] = sp_f16_to_f32(src[i]);
    }
}

void cpu_store16_portable(uint16_t *dst, const float *src, int64_t n, cpu_dtype dt) {
    if (dt == CPU_BF16)
        for (int64_t i = 0; i < n; i++) dst[i] = sp_f32_to_bf16(src[i]);
    else
        for (int64_t i = 0; i < n; i++) dst[i] = sp_f32_to_f16(src[i]);
}

/* One 16-bit element as f32 (the strided copies' inner loop: no call for
 * bf16). */
static inline float cvt16(uint16_t h, cpu_dtype dt) {
    if (dt != CPU_BF16) return sp_f16_to_f32(h);
    const uint32_t u = (uint32_t)h << 16;
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

/* The 32 x 32 blocked walk of copy2d and convert2d: dst[r*dld + c] =
 * ELEM(r, c) for r < rows, c < cols, the inner loop along the smaller
 * source stride. A macro, so that each keeps its own inner loop. */
#define BLOCKS2D(ELEM)                                                                                    \
    do {                                                                                                  \
        const bool c_inner = (s_c < 0 ? -s_c : s_c) <= (s_r < 0 ? -s_r : s_r);                            \
        for (int64_t r0 = 0; r0 < rows; r0 += 32)                                                         \
            for (int64_t c0 = 0; c0 < cols; c0 += 32) {                                                   \
                const int64_t r1 = r0 + 32 < rows ? r0 + 32 : rows, c1 = c0 + 32 < cols ? c0 + 32 : cols; \
                if (c_inner) {                                                                            \
                    for (int64_t r = r0; r < r1; r++)                                                     \
                        for (int64_t c = c0; c < c1; c++) dst[r * dld + c] = ELEM(r, c);                  \
                } else {                                                                                  \
                    for (int64_t c = c0; c < c1; c++)                                                     \
                        for (int64_t r = r0; r < r1; r++) dst[r * dld + c] = ELEM(r, c);                  \
                }                                                                                         \
            }                                                                                             \
    } while (0)

/* dst[r*dld + c] = src[r*s_r + c*s_c] for r < rows, c < cols. */
static void copy2d(float *restrict dst, int64_t dld, const float *restrict src, int64_t s_r, int64_t s_c, int64_t rows,
                   int64_t cols) {
    if (s_c == 1) {
        for (int64_t r = 0; r < rows; r++) memcpy(dst + r * dld, src + r * s_r, (size_t)cols * sizeof(float));
        return;
    }
#define F32_AT(r, c) src[(r) * s_r + (c) * s_c]
    BLOCKS2D(F32_AT);
#undef F32_AT
}

/* dst[r*dld + c] = f32(src[r*s_r + c*s_c]) from bf16/f16: rows along a unit
 * stride converted by the kernel set's cvt16, other layouts in 32 x 32
 * blocks as copy2d does. */
static void convert2d(float *restrict dst, int64_t dld, const uint16_t *restrict src, cpu_dtype dt, int64_t s_r,
                      int64_t s_c, int64_t rows, int64_t cols, const cpu_kernel_set *ks) {
    void (*cvt)(float *, const uint16_t *, int64_t, cpu_dtype) = ks && ks->cvt16 ? ks->cvt16 : cpu_cvt16_portable;
    if (s_c == 1) {
        for (int64_t r = 0; r < rows; r++) cvt(dst + r * dld, src + r * s_r, cols, dt);
        return;
    }
#define CVT16_AT(r, c) cvt16(src[(r) * s_r + (c) * s_c], dt)
    BLOCKS2D(CVT16_AT);
#undef CVT16_AT
}
#undef BLOCKS2D

/* cpu_pack_b_rows for a pair kernel set: rows are pairs of B's rows (K2 =
 * ceil(K/2) a batch, the last one's high half 0 for an odd K), packed by
 * the set's pack_pairs. */
static void pack_b_pairs(uint32_t *dst, int64_t len, const cpu_kernel_set *ks, const uint16_t *B, int64_t b_sk,
                         int64_t b_sn, int64_t b_sb, int64_t K, int64_t N, int64_t kv0, int64_t r0, int64_t r1,
                         int64_t q0, int64_t q1) {
    const int nr = ks->nr;
    const int64_t K2 = (K + 1) / 2;
    for (int64_t q = q0; q < q1; q++) {
        uint32_t *panel = dst + (q - q0) * len * nr;
        const int64_t j0 = q * nr, cols = N - j0 < nr ? N - j0 : nr;
        for (int64_t r = r0; r < r1;) {
            const int64_t kv = kv0 + r, b = kv / K2, p = kv % K2;
            const int64_t seg = r1 - r < K2 - p ? r1 - r : K2 - p;
            const int64_t krows = 2 * seg < K - 2 * p ? 2 * seg : K - 2 * p;
            ks->pack_pairs(panel + r * nr, B + b * b_sb + 2 * p * b_sk + j0 * b_sn, b_sk, b_sn, krows, (int)cols);
            r += seg;
        }
    }
}

void cpu_pack_b_rows(float *dst, int64_t len, const cpu_kernel_set *ks, const void *B, cpu_dtype dt, int64_t b_sk,
                     int64_t b_sn, int64_t b_sb, int64_t K, int64_t N, int64_t kv0, int64_t r0, int64_t r1, int64_t q0,
                     int64_t q1) {
    const int nr = ks->nr;
    if (ks->pairs) {
        pack_b_pairs((uint32_t *)dst, len, ks, (const uint16_t *)B, b_sk, b_sn, b_sb, K, N, kv0, r0, r1, q0, q1);
        return;
    }
    for (int64_t q = q0; q < q1; q++) {
        float *panel = dst + (q - q0) * len * nr;
        const int64_t j0 = q * nr, cols = N - j0 < nr ? N - j0 : nr;
        for (int64_t r = r0; r < r1;) { /* a block may cross batches when A is packed */
            const int64_t kv = kv0 + r, b = kv / K, k = kv % K;
            const int64_t seg = r1 - r < K - k ? r1 - r : K - k;
            const int64_t off = b * b_sb + k * b_sk + j0 * b_sn;
            if (dt != CPU_F32) {
                convert2d(panel + r * nr, nr, (const uint16_t *)B + off, dt, b_sk, b_sn, seg, cols, ks);
                if (cols < nr)
                    for (int64_t x = r; x < r + seg; x++)
                        memset(panel + x * nr + cols, 0, (size_t)(nr - cols) * sizeof(float));
                r += seg;
                continue;
            }
            const float *src = (const float *)B + off;
            if (b_sn == 1 && ks->pack_rows) {
                ks->pack_rows(panel + r * nr, src, b_sk, seg, (int)cols);
            } else if (b_sk == 1 && ks->pack_cols) {
                ks->pack_cols(panel + r * nr, src, b_sn, seg, (int)cols);
            } else if (b_sn == 1) {
                pack_rows_portable(panel + r * nr, src, b_sk, seg, (int)cols, nr);
            } else {
                copy2d(panel + r * nr, nr, src, b_sk, b_sn, seg, cols);
                if (cols < nr)
                    for (int64_t x = r; x < r + seg; x++)
                        memset(panel + x * nr + cols, 0, (size_t)(nr - cols) * sizeof(float));
            }
            r += seg;
        }
    }
}

void cpu_pack_b_block(float *dst, const cpu_kernel_set *ks, const void *B, cpu_dtype dt, int64_t b_sk, int64_t b_sn,
                      int64_t b_sb, int64_t K, int64_t N, int64_t kv0, int64_t len, int64_t q0, int64_t q1) {
    cpu_pack_b_rows(dst, len, ks, B, dt, b_sk, b_sn, b_sb, K, N, kv0, 0, len, q0, q1);
}

/* Whole panels are blocks of every row: kv rows, panel after panel. */
void cpu_pack_b_panels(struct cpu_packed *p, const cpu_kernel_set *ks, const void *B, cpu_dtype dt, int64_t b_sk,
                       int64_t b_sn, int64_t b_sb, int64_t q0, int64_t q1) {
    cpu_pack_b_block(p->data + q0 * p->kv * p->nr, ks, B, dt, b_sk, b_sn, b_sb, p->K, p->N, 0, p->kv, q0, q1);
}

void cpu_pack_a_rows(float *dst, int64_t ld, const cpu_kernel_set *ks, const void *A, cpu_dtype dt, int64_t K,
                     int64_t nbatch, int64_t a_sm, int64_t a_sk, int64_t a_sb, int64_t m0, int64_t m1) {
    for (int64_t b = 0; b < nbatch; b++) {
        const int64_t off = b * a_sb + m0 * a_sm;
        if (dt == CPU_F32)
            copy2d(dst + m0 * ld + b * K, ld, (const float *)A + off, a_sm, a_sk, m1 - m0, K);
        else
            convert2d(dst + m0 * ld + b * K, ld, (const uint16_t *)A + off, dt, a_sm, a_sk, m1 - m0, K, ks);
    }
}

void cpu_pack_a_pairs(uint32_t *dst, int64_t ld, const void *A, int64_t K, int64_t nbatch, int64_t a_sm, int64_t a_sk,
                      int64_t a_sb, int64_t m0, int64_t m1) {
    const uint16_t *a = A;
    const int64_t K2 = (K + 1) / 2;
    for (int64_t m = m0; m < m1; m++)
        for (int64_t b = 0; b < nbatch; b++) {
            const uint16_t *row = a + b * a_sb + m * a_sm;
            uint32_t *d = dst + m * ld + b * K2;
            for (int64_t p = 0; p < K2; p++) {
                const uint32_t lo = row[2 * p * a_sk], hi = 2 * p + 1 < K ? row[(2 * p + 1) * a_sk] : 0;
                d[p] = lo | hi << 16;
            }
        }
}

sp_status cpu_pack_b(sp_ctx *ctx, const cpu_blocking *blk, int64_t K, int64_t N, int64_t nbatch, const void *B,
                     cpu_dtype b_dt, int64_t b_sk, int64_t b_sn, int64_t b_sb, cpu_packed **out) {
    *out = NULL;
    if (!blk || blk->nr < 1 || blk->nr > CPU_NR_MAX || K < 0 || N < 0 || nbatch < 1 || (!B && K > 0 && N > 0)) {
        sp_set_error(ctx, SP_EINPUT, "cpu_pack_b: bad arguments (K=%lld N=%lld nbatch=%lld, nr=%d)", (long long)K,
                     (long long)N, (long long)nbatch, blk ? blk->nr : 0);
        return SP_EINPUT;
    }
    const cpu_kernel_set *ks = !cpu_isa_supported(blk->isa) ? NULL
                               : blk->pairs               ? cpu_kernel_pairs(blk->isa)
                                                          : cpu_kernel_find(blk->isa, blk->mr, blk->nr);
    if (ks && ks->pairs && b_dt != CPU_BF16) ks = NULL;
    if (!ks) {
        sp_set_error(ctx, SP_EINPUT, "cpu_pack_b: no kernel of this CPU has the blocking's ISA and register tile");
        return SP_EINPUT;
    }
    size_t bytes;
    const int64_t npanels = (N + blk->nr - 1) / blk->nr, steps = ks->pairs ? (K + 1) / 2 : K; /* per batch */
    if (K > INT64_MAX / nbatch ||
        __builtin_mul_overflow((size_t)npanels * (size_t)blk->nr, (size_t)(steps * nbatch) * sizeof(float), &bytes))
        goto oom;
    struct cpu_packed *p = sp_try_malloc(ctx, sizeof *p);
    if (!p) goto oom;
    p->nr = blk->nr;
    p->K = K;
    p->N = N;
    p->nbatch = nbatch;
    p->kv = steps * nbatch;
    p->pairs = ks->pairs;
    p->npanels = npanels;
    p->data = cpu_aligned_alloc(ctx, bytes, &p->raw);
    if (!p->data) {
        sp_free(ctx, p);
        goto oom;
    }
    cpu_pack_b_panels(p, ks, B, b_dt, b_sk, b_sn, b_sb, 0, p->npanels);
    *out = p;
    return SP_OK;
oom:
    sp_set_error(ctx, SP_EINPUT, "out of memory (packing B: %lld x %lld x %lld floats)", (long long)nbatch,
                 (long long)K, (long long)N);
    return SP_EINPUT;
}

void cpu_packed_free(sp_ctx *ctx, cpu_packed *p) {
    if (!p) return;
    sp_free(ctx, p->raw);
    sp_free(ctx, p);
}
