/* vec_epilogue.h - the vectorised epilogue interpreter and its math (exp,
 * tanh, erf), written once over a handful of vector primitives and
 * instantiated by each ISA file (sgemm_avx512.c, sgemm_avx2.c) after it
 * defines them, BLIS-template style:
 *
 *     VF, VM        vector of VLEN floats, lane mask
 *     VLEN, EPI_NVMAX   lanes per vector, vectors per tile row (NR / VLEN)
 *     vset1 vadd vsub vmul vdiv vfma(a,b,c)=a*b+c vsqrt vand vor vxor
 *     vandnot(a,b)=~a&b
 *     vmaxr vminr   x86 max/min (second operand when unordered)
 *     vlt vgt veq visnan vmor   ordered compares, NaN test, mask or
 *     vsel(m, a, b) m ? a : b   vround (to nearest integer)
 *     vldexp(p, n)  p * 2^n for integer-valued n in [-252, 254]
 *     vload_n(p, cnt) / vstore_n(p, v, cnt)  the first cnt lanes (others 0)
 *     EPI_TILE_FN   the name to give the tile function (CVT16_FN, EXP_ROWS_FN
 *                   likewise for the cvt16, store16 and exp_rows slots)
 *     VEC_EPI_LINKAGE  optional: the four functions' linkage (default static;
 *                   empty where kernels.h declares them for other files)
 *
 * Accuracy: exp within about 1 ulp, tanh within 2 ulp of glibc's
 * expf/tanhf, erf within 6.5 ulp of the exact value (erf_approx.h; tested by
 * test_cpu_epilogue); DIV, SQRT and RSQRT are
 * IEEE operations like the reference, so they match it exactly.
 * Polynomials: own Chebyshev fits (mpmath.chebyfit, 50 digits), converted to
 * monomials on the ranges stated.
 */

#include "fn1.h"
#include "vec_hsum.h"

#ifndef VEC_EPI_LINKAGE
#define VEC_EPI_LINKAGE static
#endif

static inline VF vabs_(VF x) { return vandnot(vset1(-0.0f), x); }

/* x rounded to bf16 / f16 precision (to nearest even) and back: arith's
 * truncf and a 16-bit op's result, as sp_round_bf16/sp_round_f16 round
 * (NaN stays a quiet NaN, overflow goes to infinity). f16 through the
 * F16C conversion both ISAs compile with (VLEN picks the width). */
#if VLEN == 16
typedef __m512i VI_;
#define VI_CAST(x) _mm512_castps_si512(x)
#define VF_CAST(x) _mm512_castsi512_ps(x)
#define VI_SET1 _mm512_set1_epi32
#define VI_ADD _mm512_add_epi32
#define VI_AND _mm512_and_si512
#define VI_OR _mm512_or_si512
#define VI_SRL _mm512_srli_epi32
static inline VF vround_f16_(VF x) {
    return _mm512_cvtph_ps(_mm512_cvtps_ph(x, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
}
#define vhsum_ cpu_hsum16 /* the lanes' sum (vec_hsum.h) */
#else
typedef __m256i VI_;
#define VI_CAST(x) _mm256_castps_si256(x)
#define VF_CAST(x) _mm256_castsi256_ps(x)
#define VI_SET1 _mm256_set1_epi32
#define VI_ADD _mm256_add_epi32
#define VI_AND _mm256_and_si256
#define VI_OR _mm256_or_si256
#define VI_SRL _mm256_srli_epi32
static inline VF vround_f16_(VF x) {
    return _mm256_cvtph_ps(_mm256_cvtps_ph(x, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
}
#define vhsum_ cpu_hsum8
#endif
static inline VF vround_bf16_(VF x) {
    const VI_ u = VI_CAST(x), hi = VI_SET1((int)0xffff0000u);
    const VI_ r = VI_ADD(u, VI_ADD(VI_SET1(0x7fff), VI_AND(VI_SRL(u, 16), VI_SET1(1))));
    return vsel(visnan(x), VF_CAST(VI_AND(VI_OR(u, VI_SET1(0x400000)), hi)), VF_CAST(VI_AND(r, hi)));
}

/* n floats rounded to bf16 or f16 (nearest even) and stored as 16-bit
 * patterns (the kernel set's store16 slot): vround_bf16_'s bits' high
 * half, F16C's conversion. */
VEC_EPI_LINKAGE void STORE16_FN(uint16_t *dst, const float *src, int64_t n, cpu_dtype dt) {
    int64_t i = 0;
#if VLEN == 16
    if (dt == CPU_BF16)
        for (; i + 16 <= n; i += 16)
            _mm256_storeu_si256((__m256i *)(dst + i),
                                _mm512_cvtepi32_epi16(_mm512_srli_epi32(VI_CAST(vround_bf16_(_mm512_loadu_ps(src + i))), 16)));
    else
        for (; i + 16 <= n; i += 16)
            _mm256_storeu_si256((__m256i *)(dst + i),
                                _mm512_cvtps_ph(_mm512_loadu_ps(src + i), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
#else
    if (dt == CPU_BF16)
        for (; i + 8 <= n; i += 8) {
            const __m256i b = _mm256_srli_epi32(VI_CAST(vround_bf16_(_mm256_loadu_ps(src + i))), 16);
            _mm_storeu_si128((__m128i *)(dst + i), _mm_packus_epi32(_mm256_castsi256_si128(b), _mm256_extracti128_si256(b, 1)));
        }
    else
        for (; i + 8 <= n; i += 8)
            _mm_storeu_si128((__m128i *)(dst + i),
                             _mm256_cvtps_ph(_mm256_loadu_ps(src + i), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
#endif
    if (i < n) cpu_store16_portable(dst + i, src + i, n - i, dt);
}

/* n bf16 or f16 elements to f32 (the kernel set's cvt16 slot): bf16 is a
 * shift into the high half, f16 the F16C conversion. */
VEC_EPI_LINKAGE void CVT16_FN(float *dst, const uint16_t *src, int64_t n, cpu_dtype dt) {
    int64_t i = 0;
#if VLEN == 16
    if (dt == CPU_BF16)
        for (; i + 16 <= n; i += 16)
            _mm512_storeu_ps(dst + i, _mm512_castsi512_ps(_mm512_slli_epi32(
                                          _mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i *)(src + i))), 16)));
    else
        for (; i + 16 <= n; i += 16) _mm512_storeu_ps(dst + i, _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i *)(src + i))));
#else
    if (dt == CPU_BF16)
        for (; i + 8 <= n; i += 8)
            _mm256_storeu_ps(dst + i, _mm256_castsi256_ps(_mm256_slli_epi32(
                                          _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(src + i))), 16)));
    else
        for (; i + 8 <= n; i += 8) _mm256_storeu_ps(dst + i, _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(src + i))));
#endif
    if (i < n) cpu_cvt16_portable(dst + i, src + i, n - i, dt);
}

/* maximumf / minimumf: NaN if either is NaN; -0 < +0 (on equal inputs the
 * bitwise and/or of the two picks +0 for max and -0 for min). */
static inline VF vmax_nan(VF a, VF b) {
    VF r = vsel(veq(a, b), vand(a, b), vmaxr(a, b));
    return vsel(visnan(a), a, vsel(visnan(b), b, r));
}
static inline VF vmin_nan(VF a, VF b) {
    VF r = vsel(veq(a, b), vor(a, b), vminr(a, b));
    return vsel(visnan(a), a, vsel(visnan(b), b, r));
}

static inline VF vexp_(VF x) {
    /* x = n ln2 + r, |r| <= ln2/2; e^r = 1 + r + r^2 q(r), q of degree 5
     * (max error 1.4e-9 on q). */
    /* below -104 the result is 0 (selected below): computed at 0, not at
     * -104, whose subnormal scaling costs a microcode assist per vector on
     * Intel cores (the masked keys of an attention row are all there) */
    const VF xc = vsel(vlt(x, vset1(-104.0f)), vset1(0.0f), vminr(vmaxr(x, vset1(-104.0f)), vset1(89.0f)));
    const VF n = vround(vmul(xc, vset1(1.44269504088896341f)));
    VF r = vfma(n, vset1(-0.693145751953125f), xc);
    r = vfma(n, vset1(-1.42860682030941723e-6f), r);
    VF q = vset1(0.000198909809f);
    q = vfma(q, r, vset1(0.0013933641f));
    q = vfma(q, r, vset1(0.00833331093f));
    q = vfma(q, r, vset1(0.041666465f));
    q = vfma(q, r, vset1(0.166666667f));
    q = vfma(q, r, vset1(0.500000001f));
    const VF p = vadd(vfma(vmul(r, r), q, r), vset1(1.0f));
    VF y = vldexp(p, n);
    y = vsel(vgt(x, vset1(88.7228394f)), vset1(__builtin_inff()), y);
    y = vsel(vlt(x, vset1(-104.0f)), vset1(0.0f), y);
    return vsel(visnan(x), x, y);
}

static inline VF vtanh_(VF x) {
    const VF ax = vabs_(x);
    /* |x| < 0.625: x + x^3 q(x^2), q of degree 6 (max error 5.9e-11) */
    const VF s = vmul(x, x);
    VF q = vset1(-0.000862216822f);
    q = vfma(q, s, vset1(0.00330624742f));
    q = vfma(q, s, vset1(-0.00879100438f));
    q = vfma(q, s, vset1(0.0218598957f));
    q = vfma(q, s, vset1(-0.0539676396f));
    q = vfma(q, s, vset1(0.133333318f));
    q = vfma(q, s, vset1(-0.333333333f));
    /* with x's sign bit: tanh(-0) is -0, where x + (x^3) q rounds to +0 */
    const VF ys = vor(vfma(vmul(x, s), q, x), vand(x, vset1(-0.0f)));
    /* otherwise 1 - 2 / (e^{2|x|} + 1): the quotient is <= 0.45, so the
     * subtraction loses nothing; e^{2|x|} = inf gives 1. */
    const VF t = vexp_(vadd(ax, ax));
    VF yl = vsub(vset1(1.0f), vdiv(vset1(2.0f), vadd(t, vset1(1.0f))));
    yl = vsel(vlt(x, vset1(0.0f)), vxor(yl, vset1(-0.0f)), yl);
    const VF y = vsel(vlt(ax, vset1(0.625f)), ys, yl);
    return vsel(visnan(x), x, y);
}

/* erf: erf_approx.h's rational approximation on these vectors */
#define ERF_FN verf_
#define ERF_T VF
#define ERF_SET1(c) vset1(c)
#define ERF_FMA(a, b, c) vfma(a, b, c)
#define ERF_MUL(a, b) vmul(a, b)
#define ERF_DIV(a, b) vdiv(a, b)
#define ERF_MINR(a, b) vminr(a, b)
#define ERF_ABS(x) vabs_(x)
#define ERF_LT(a, b) vlt(a, b)
#define ERF_SEL(m, a, b) vsel(m, a, b)
#define ERF_SIGNED(y, x) vor(y, vand(x, vset1(-0.0f)))
#define ERF_ISNAN(x) visnan(x)
#include "erf_approx.h"

/* GELU as the interpreter computes it (CPU_EPI_GELU_TANH, _GELU_ERF), and
 * as the microkernels' tile steps do (act_tile): one arithmetic for both.
 * 0.5 (1 + tanh u) = 1 / (1 + e^{-2u}): one exp and one division, and no
 * cancellation for x < 0 (the reference's 1 + tanh cancels there; this is
 * closer to the exact value than it). */
static inline VF vgelu_tanh_(VF x) {
    const VF in3 = vfma(vmul(vmul(vset1(0.044715f), x), x), x, x);
    const VF e2 = vexp_(vmul(vset1(-2.0f * 0.7978845608028654f), in3));
    return vdiv(x, vadd(vset1(1.0f), e2));
}
static inline VF vgelu_erf_(VF x) {
    const VF ef = verf_(vmul(x, vset1(0.70710678118654752f)));
    return vmul(vmul(vset1(0.5f), x), vadd(vset1(1.0f), ef));
}

/* SiLU as the chain it replaces computes it: x * (1 / (e^{-x} + 1)). */
static inline VF vsilu_(VF x) {
    return vmul(x, vdiv(vset1(1.0f), vadd(vexp_(vxor(x, vset1(-0.0f))), vset1(1.0f))));
}

/* A tile step (epilogue.h, op a cpu_epi_step_op) over rows x nv vectors of
 * a spilled register tile, rows rs floats apart; not inlined into the
 * kernels' many edge shapes. */
static __attribute__((noinline)) void act_tile(float *t, int rows, int nv, int rs, int op) {
#define ACT_TILE_LOOP(F)                                  \
    for (int i = 0; i < rows; i++)                        \
        for (int v = 0; v < nv; v++) {                    \
            float *q = t + i * rs + v * VLEN;             \
            vstore_n(q, F(vload_n(q, VLEN)), VLEN);       \
        }
    switch (op) { /* once a tile, not once a vector */
    case CPU_STEP_GELU_ERF: ACT_TILE_LOOP(vgelu_erf_) break;
    case CPU_STEP_GELU_TANH: ACT_TILE_LOOP(vgelu_tanh_) break;
    case CPU_STEP_ROUND_BF16: ACT_TILE_LOOP(vround_bf16_) break;
    default: ACT_TILE_LOOP(vsilu_) break; /* CPU_STEP_SILU */
    }
#undef ACT_TILE_LOOP
}

/* One operand's values for lanes [16v..] of row gm: unit stride, broadcast,
 * or gathered through any column stride. */
static inline VF epi_load_operand(const cpu_operand *o, int64_t gm, int64_t gn, int cnt) {
    const float *base = o->ptr + gm * o->sm + gn * o->sn;
    if (o->sn == 1) return vload_n(base, cnt);
    if (o->sn == 0) return vset1(*base);
    float tmp[VLEN] = {0};
    for (int l = 0; l < cnt; l++) tmp[l] = base[l * o->sn];
    return vload_n(tmp, VLEN);
}

/* The reference's semantics, a row of the tile at a time: registers hold
 * EPI_NVMAX vectors (one tile row) each. */
VEC_EPI_LINKAGE void EPI_TILE_FN(const cpu_epi_prog *p, const float *t, int64_t t_rs, int m, int n, int64_t m0, int64_t n0,
                        float *c, int64_t c_rs) {
    const cpu_epilogue *e = p->e;
    const int nv = (n + VLEN - 1) / VLEN;
    VF r[CPU_EPI_MAX_REGS][EPI_NVMAX];
    for (int i = 0; i < m; i++) {
        const int64_t gm = m0 + i;
        for (int v = 0; v < nv; v++) {
            const int cnt = n - v * VLEN < VLEN ? n - v * VLEN : VLEN;
            r[0][v] = vload_n(t + i * t_rs + v * VLEN, cnt);
        }
        unsigned res = 0;
        if (p->kind == CPU_EPI_KIND_RELU) {
            for (int v = 0; v < nv; v++) r[0][v] = vmax_nan(r[0][v], vset1(0.0f));
        } else if (p->kind == CPU_EPI_KIND_GENERAL) {
            for (uint32_t k = p->first; k < e->ninsn; k++) {
                const cpu_epi_insn *in = &e->insn[k];
                VF *d = r[in->dst], *a = r[in->a], *b = r[in->b];
                switch ((cpu_epi_op)in->op) {
                case CPU_EPI_LOAD:
                    for (int v = 0; v < nv; v++) {
                        const int cnt = n - v * VLEN < VLEN ? n - v * VLEN : VLEN;
                        d[v] = epi_load_operand(&e->operands[in->a], gm, n0 + v * VLEN, cnt);
                    }
                    break;
                case CPU_EPI_CONST:
                    for (int v = 0; v < nv; v++) d[v] = vset1(in->imm);
                    break;
                case CPU_EPI_ADD:
                    for (int v = 0; v < nv; v++) d[v] = vadd(a[v], b[v]);
                    break;
                case CPU_EPI_SUB:
                    for (int v = 0; v < nv; v++) d[v] = vsub(a[v], b[v]);
                    break;
                case CPU_EPI_MUL:
                    for (int v = 0; v < nv; v++) d[v] = vmul(a[v], b[v]);
                    break;
                case CPU_EPI_DIV:
                    for (int v = 0; v < nv; v++) d[v] = vdiv(a[v], b[v]);
                    break;
                case CPU_EPI_MAX:
                    for (int v = 0; v < nv; v++) d[v] = vmax_nan(a[v], b[v]);
                    break;
                case CPU_EPI_MIN:
                    for (int v = 0; v < nv; v++) d[v] = vmin_nan(a[v], b[v]);
                    break;
                case CPU_EPI_NEG:
                    for (int v = 0; v < nv; v++) d[v] = vxor(a[v], vset1(-0.0f));
                    break;
                case CPU_EPI_FN:
                    switch (in->fn) {
#define EPI_FN_CASE(K, F, V) case K: for (int v = 0; v < nv; v++) d[v] = V(a[v]); break;
                        CPU_FN1S(EPI_FN_CASE)
#undef EPI_FN_CASE
                    default: break; /* rejected by cpu_epi_check */
                    }
                    break;
                case CPU_EPI_SQRT:
                    for (int v = 0; v < nv; v++) d[v] = vsqrt(a[v]);
                    break;
                case CPU_EPI_RSQRT:
                    for (int v = 0; v < nv; v++) d[v] = vdiv(vset1(1.0f), vsqrt(a[v]));
                    break;
                case CPU_EPI_ABS:
                    for (int v = 0; v < nv; v++) d[v] = vabs_(a[v]);
                    break;
                case CPU_EPI_RELU:
                    for (int v = 0; v < nv; v++) d[v] = vmax_nan(a[v], vset1(0.0f));
                    break;
                case CPU_EPI_GELU_TANH:
                    for (int v = 0; v < nv; v++) d[v] = vgelu_tanh_(a[v]);
                    break;
                case CPU_EPI_GELU_ERF:
                    for (int v = 0; v < nv; v++) d[v] = vgelu_erf_(a[v]);
                    break;
                case CPU_EPI_SILU:
                    for (int v = 0; v < nv; v++) d[v] = vsilu_(a[v]);
                    break;
                case CPU_EPI_SELECT_GT:
                    for (int v = 0; v < nv; v++) d[v] = vsel(vgt(a[v], b[v]), r[in->c][v], r[in->d][v]);
                    break;
                case CPU_EPI_ROUND_BF16:
                    for (int v = 0; v < nv; v++) d[v] = vround_bf16_(a[v]);
                    break;
                case CPU_EPI_ROUND_F16:
                    for (int v = 0; v < nv; v++) d[v] = vround_f16_(a[v]);
                    break;
                default: break; /* rejected by cpu_epi_check */
                }
            }
            res = e->result;
        }
        for (int v = 0; v < nv; v++) {
            const int cnt = n - v * VLEN < VLEN ? n - v * VLEN : VLEN;
            vstore_n(c + i * c_rs + v * VLEN, r[res][v], cnt);
        }
    }
}

/* e^{t - sub[i]} in place over the m x n tile t (row stride t_rs), and
 * sum[i] = each row's sum of them: the fused attention's softmax step in
 * one pass (the kernel set's exp_rows slot). The sum runs in VLEN lanes,
 * then across them and the tail. */
VEC_EPI_LINKAGE void EXP_ROWS_FN(float *t, int64_t t_rs, int m, int64_t n, const float *sub, float *sum) {
    for (int i = 0; i < m; i++) {
        float *row = t + i * t_rs;
        const VF s = vset1(sub[i]);
        VF acc = vset1(0.0f);
        int64_t j = 0;
        for (; j + VLEN <= n; j += VLEN) {
            const VF e = vexp_(vsub(vload_n(row + j, VLEN), s));
            vstore_n(row + j, e, VLEN);
            acc = vadd(acc, e);
        }
        float tot = 0.0f;
        if (j < n) {
            const int cnt = (int)(n - j);
            vstore_n(row + j, vexp_(vsub(vload_n(row + j, cnt), s)), cnt);
            for (int k = 0; k < cnt; k++) tot += row[j + k];
        }
        /* the lanes summed as a tree of halves: a chain of 16 scalar adds
         * was a third of this function's time on attention's rows of 128
         * keys (BERT-base s128's heads alone, Zen 4: 0.64-0.69 -> 0.63) */
        sum[i] = tot + vhsum_(acc);
    }
}

/* The kernel set's slots the four functions fill, as cpu_kernel_set
 * initializer fields (each ISA's sets list them so). */
#define VEC_EPI_KSET_FIELDS .epi_tile = EPI_TILE_FN, .exp_rows = EXP_ROWS_FN, .cvt16 = CVT16_FN, .store16 = STORE16_FN
