/* sbgemm_ref.c - portable C reference of the pair kernels (bf16 dot
 * products over k pairs, cpu_kernel_set.pairs): the microkernel and the
 * packing, the oracles the AVX512_BF16 set is tested against bit for bit.
 *
 * One VDPBF16PS step per the Intel SDM's pseudo-code:
 *     acc += make_fp32(a.hi) * make_fp32(b.hi)    (FP32 FMA, RNE)
 *     acc += make_fp32(a.lo) * make_fp32(b.lo)
 * "with DAZ in, FTZ out": a denormal input (a bf16 with a zero exponent, or
 * the accumulator) reads as a zero of its sign, a result that is tiny is
 * written as a zero of its sign; MXCSR is neither read nor written. x86
 * detects tininess after rounding (to 24 bits with an unbounded exponent),
 * so FLT_MIN - 2^-151 <= |x| < FLT_MIN rounds to FLT_MIN and stays, what
 * lies below it is flushed. Checked on the dev host (an Intel
 * Xeon with AVX512_BF16 and AMX under a VM): 9M random steps (normal,
 * denormal, cancelling, tiny), 0 bits
 * different; the even-first order differs in ~10% of them, one rounding
 * for both products in ~7%. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "base/fp16.h"
#include "kernels.h"


/* DAZ: a denormal reads as a zero of its sign */
static inline float daz(float x) {
    const uint32_t u = sp_f32_bits(x);
    return (u & 0x7f800000u) == 0 ? sp_f32_from_bits(u & 0x80000000u) : x;
}

/* acc + a*b (a, b, acc normal or zero), rounded to nearest even, FTZ. */
static float fma_ftz(float a, float b, float acc) {
    const float r = fmaf(a, b, acc); /* correctly rounded, gradual underflow */
    const float ar = fabsf(r);
    if (ar >= FLT_MIN && ar != FLT_MIN) return r;
    if (ar < FLT_MIN) return copysignf(0.0f, r); /* tiny after rounding too */
    /* |r| = FLT_MIN: the exact x may lie below FLT_MIN - 2^-151, where the
     * 24-bit rounding gives the float below FLT_MIN (tiny: flushed) while
     * the denormal grid rounds up to FLT_MIN. t = x - r exactly: acc - r is
     * exact (both on the 2^-149 grid, close), and adding the product
     * (exact in double: 8 x 8 significant bits) loses nothing whenever
     * |t| < 2^-150, the only case that matters here. */
    const double t = ((double)acc - (double)r) + (double)a * (double)b;
    const double lim = 0x1p-151;
    if (r > 0 ? t < -lim : t > lim) return copysignf(0.0f, r);
    return r;
}

float cpu_bf16_dot_step(float acc, uint32_t a, uint32_t b) {
    const float a_lo = daz(sp_f32_from_bits(a << 16)), a_hi = daz(sp_f32_from_bits(a & 0xffff0000u));
    const float b_lo = daz(sp_f32_from_bits(b << 16)), b_hi = daz(sp_f32_from_bits(b & 0xffff0000u));
    acc = fma_ftz(a_hi, b_hi, daz(acc));
    return fma_ftz(a_lo, b_lo, acc);
}

void cpu_sbgemm_ref(const cpu_ukr *u, int nr) {
    float acc[CPU_MR_MAX][CPU_NR_MAX];
    const int m = u->m, n = u->n;
    const uint32_t *a = (const uint32_t *)(const void *)u->a, *b = (const uint32_t *)(const void *)u->b;
    const bool row_init = u->add && u->add_rs == 0 && u->add_cs == 1;
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) acc[i][j] = row_init ? u->add[j] : 0.0f;
    for (int64_t p = 0; p < u->k; p++)
        for (int i = 0; i < m; i++) {
            const uint32_t ap = a[i * u->a_rs + p];
            for (int j = 0; j < n; j++) acc[i][j] = cpu_bf16_dot_step(acc[i][j], ap, b[p * nr + j]);
        }
    if (u->add && !row_init)
        for (int i = 0; i < m; i++)
            for (int j = 0; j < n; j++) acc[i][j] += u->add[i * u->add_rs + j * u->add_cs];
    static const cpu_epi_prog store = {.kind = CPU_EPI_KIND_STORE};
    cpu_epi_tile_generic(u->epi ? u->epi : &store, &acc[0][0], CPU_NR_MAX, m, n, u->m0, u->n0, u->c, u->c_rs);
}

void cpu_pack_pairs_ref(uint32_t *dst, int nr, const uint16_t *src, int64_t s_k, int64_t s_n, int64_t krows,
                        int cols) {
    for (int64_t p = 0; 2 * p < krows; p++, dst += nr) {
        const uint16_t *lo = src + 2 * p * s_k, *hi = lo + s_k;
        const bool has_hi = 2 * p + 1 < krows;
        for (int j = 0; j < nr; j++)
            dst[j] = j >= cols ? 0 : (uint32_t)lo[j * s_n] | (has_hi ? (uint32_t)hi[j * s_n] << 16 : 0);
    }
}

/* ------------------------------------------------ AMX (TDPBF16PS) */

/* The SDM's TDPBF16PS per destination element: two FP32 chains from 0 over
 * the chunk's pairs (DAZ in, FTZ out, RNE), the even products in one and
 * the odd in the other, then dest + (even + odd) under the same rules.
 * Sums of two floats are exact or round away from the tiny range, so
 * fma_ftz(1, x, y) is their flushed sum. Checked on the dev host against
 * the instruction (5M elements each of normal, wide-exponent, tiny and
 * special inputs: 0 bits different). */
float cpu_bf16_amx_chunk(float acc, const uint32_t *a, int64_t a_s, const uint32_t *b, int64_t b_s, int kp) {
    float even = 0.0f, odd = 0.0f;
    for (int p = 0; p < kp; p++) {
        const uint32_t x = a[p * a_s], y = b[p * b_s];
        even = fma_ftz(daz(sp_f32_from_bits(x << 16)), daz(sp_f32_from_bits(y << 16)), even);
        odd = fma_ftz(daz(sp_f32_from_bits(x & 0xffff0000u)), daz(sp_f32_from_bits(y & 0xffff0000u)), odd);
    }
    return fma_ftz(1.0f, daz(acc), fma_ftz(1.0f, even, odd));
}

void cpu_sbgemm_amx_ref(const cpu_ukr *u, int nr) {
    enum { CHUNK = 16 };
    float acc[CPU_MR_MAX][CPU_NR_MAX];
    const int m = u->m, n = u->n;
    const uint32_t *a = (const uint32_t *)(const void *)u->a, *b = (const uint32_t *)(const void *)u->b;
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) acc[i][j] = u->add ? u->add[i * u->add_rs + j * u->add_cs] : 0.0f;
    for (int64_t p0 = 0; p0 < u->k; p0 += CHUNK)
        for (int i = 0; i < m; i++)
            for (int j = 0; j < n; j++) {
                /* the padding's zero pairs run too: + 0 * 0 on each chain
                 * turns a chain's -0 into +0 */
                uint32_t ap[CHUNK], bp[CHUNK];
                for (int p = 0; p < CHUNK; p++) {
                    const bool in = p0 + p < u->k;
                    ap[p] = in ? a[i * u->a_rs + p0 + p] : 0;
                    bp[p] = in ? b[(p0 + p) * nr + j] : 0;
                }
                acc[i][j] = cpu_bf16_amx_chunk(acc[i][j], ap, 1, bp, 1, CHUNK);
            }
    static const cpu_epi_prog store = {.kind = CPU_EPI_KIND_STORE};
    cpu_epi_tile_generic(u->epi ? u->epi : &store, &acc[0][0], CPU_NR_MAX, m, n, u->m0, u->n0, u->c, u->c_rs);
}
