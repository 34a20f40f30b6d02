/* erf_approx.h - erf in f32, written once for the vector epilogue
 * (vec_epilogue.h's verf_, on VF) and the loop engine (fn1.h's
 * fn1_erff, on float): the includer defines
 *
 *     ERF_FN        the function's name
 *     ERF_T         the value type (VF or float)
 *     ERF_SET1(c)   a constant     ERF_FMA(a, b, c) a * b + c
 *     ERF_MUL ERF_DIV              ERF_MINR(a, b) a < b ? a : b (b where unordered)
 *     ERF_ABS(x)    |x|            ERF_LT(a, b) / ERF_SEL(m, a, b): m ? a : b
 *     ERF_SIGNED(y, x)  y >= 0 with x's sign bit    ERF_ISNAN(x)
 *
 * or, for float, ERF_FN and ERF_SCALAR (and ERF_FMA where it must be a
 * fused one: a * b + c by default), and includes this file, which
 * undefines them after the definition.
 *
 * One branch-free rational approximation: erf(x) = x P(x^2) / Q(x^2) on
 * |x| < 3.875, P of degree 5, Q of degree 6 with Q(0) = 1: own minimax fit
 * in relative error (3e-9) by Lawson-weighted least squares in double,
 * each coefficient rounded to float in turn from the highest and the rest
 * refitted; x P0 as one FMA on P0's float split. Beyond 3.8325 erf rounds
 * to +-1 in f32: |x| >= 3.875 gives +-1, and the quotient is capped at 1.
 * No exp and no second range: 19 operations and one division, where the
 * two ranges with an exp took ~50 (the ConvNeXt MLP's GELU GEMM, 3136 x
 * 384 x 96 on avx512, ran 3.7 ms with those, 2.8 ms with this).
 * Accuracy: the f32 evaluation of P and Q near erf = +-1 costs ulps there:
 * 6.15 ulp from the correctly rounded erf with FMAs, 7.2 without (every
 * float in [0, 4] measured; test_cpu_epilogue's test_erf_approx keeps
 * the bounds 6.5 and 7.5 over a dense sweep), 2.4 below |x| = 1. The old
 * two-range form was within 2 ulp of erff.
 */

#ifndef SPADC_ERF_COEFFS
#define SPADC_ERF_COEFFS
#define ERF_P0_HI 1.128379226e+00f /* P0 = HI + LO: x P0 rounds once (an FMA) */
#define ERF_P0_LO -5.659440916e-08f
#define ERF_P1 1.920913011e-01f
#define ERF_P2 5.544871837e-02f
#define ERF_P3 4.168330692e-03f
#define ERF_P4 4.014756123e-04f
#define ERF_P5 6.431916518e-06f
#define ERF_Q1 5.035699010e-01f
#define ERF_Q2 1.169962510e-01f
#define ERF_Q3 1.614672691e-02f
#define ERF_Q4 1.396702020e-03f
#define ERF_Q5 6.999599282e-05f
#define ERF_Q6 2.400322501e-07f
#endif

#ifdef ERF_SCALAR
#define ERF_T float
#define ERF_SET1(c) (c)
#define ERF_MUL(a, b) ((a) * (b))
#define ERF_DIV(a, b) ((a) / (b))
#define ERF_MINR(a, b) ((a) < (b) ? (a) : (b))
#define ERF_ABS(x) fabsf(x)
#define ERF_LT(a, b) ((a) < (b))
#define ERF_SEL(m, a, b) ((m) ? (a) : (b))
#define ERF_SIGNED(y, x) copysignf(y, x)
#define ERF_ISNAN(x) ((x) != (x))
#ifndef ERF_FMA
#define ERF_FMA(a, b, c) ((a) * (b) + (c))
#endif
#endif

/* P and Q by Horner's rule in s, highest coefficient first, one FMA a
 * step: one rule for both (a macro, so each is the same expression the
 * steps written out were) */
#define ERF_HORNER2(s, c1, c0) ERF_FMA(ERF_SET1(c1), s, ERF_SET1(c0))
#define ERF_HORNER3(s, c2, c1, c0) ERF_FMA(ERF_HORNER2(s, c2, c1), s, ERF_SET1(c0))
#define ERF_HORNER4(s, c3, c2, c1, c0) ERF_FMA(ERF_HORNER3(s, c3, c2, c1), s, ERF_SET1(c0))
#define ERF_HORNER5(s, c4, c3, c2, c1, c0) ERF_FMA(ERF_HORNER4(s, c4, c3, c2, c1), s, ERF_SET1(c0))
#define ERF_HORNER6(s, c5, c4, c3, c2, c1, c0) ERF_FMA(ERF_HORNER5(s, c5, c4, c3, c2, c1), s, ERF_SET1(c0))
#define ERF_HORNER7(s, c6, c5, c4, c3, c2, c1, c0) ERF_FMA(ERF_HORNER6(s, c6, c5, c4, c3, c2, c1), s, ERF_SET1(c0))

static inline ERF_T ERF_FN(ERF_T x) {
    const ERF_T ax = ERF_ABS(x);
    const ERF_T a = ERF_MINR(ax, ERF_SET1(3.875f)); /* NaN: 3.875, replaced below */
    const ERF_T s = ERF_MUL(a, a);
    const ERF_T p = ERF_HORNER6(s, ERF_P5, ERF_P4, ERF_P3, ERF_P2, ERF_P1, ERF_P0_LO);
    const ERF_T q = ERF_HORNER7(s, ERF_Q6, ERF_Q5, ERF_Q4, ERF_Q3, ERF_Q2, ERF_Q1, 1.0f);
    const ERF_T ap = ERF_FMA(a, ERF_SET1(ERF_P0_HI), ERF_MUL(a, p)); /* a P(s) */
    ERF_T y = ERF_MINR(ERF_DIV(ap, q), ERF_SET1(1.0f));
    y = ERF_SEL(ERF_LT(ax, ERF_SET1(3.875f)), y, ERF_SET1(1.0f));
    y = ERF_SIGNED(y, x); /* erf(-0) = -0 */
    return ERF_SEL(ERF_ISNAN(x), x, y);
}

#undef ERF_FN
#undef ERF_SCALAR
#undef ERF_T
#undef ERF_SET1
#undef ERF_FMA
#undef ERF_MUL
#undef ERF_DIV
#undef ERF_MINR
#undef ERF_ABS
#undef ERF_LT
#undef ERF_SEL
#undef ERF_SIGNED
#undef ERF_ISNAN
#undef ERF_HORNER2
#undef ERF_HORNER3
#undef ERF_HORNER4
#undef ERF_HORNER5
#undef ERF_HORNER6
#undef ERF_HORNER7
