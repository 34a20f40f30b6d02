/* fn1.h - the cpu's own f32 functions, listed once (CPU_FN1S): the unary
 * ops both engines compute natively, the loop engine (CPU_L_FN1, loop_impl.h
 * loop_fn1) with the scalar form below, whose loops vectorise on any ISA,
 * and the epilogue (CPU_EPI_FN, vec_epilogue.h) with the vector form each
 * ISA instantiates there. A new cpu function is a line of the list, its
 * scalar form here and its vector form there; every other unary function
 * runs per lane with the reference's semantics (loop engine) or is
 * decomposed into these by the body program (passes/body.h), or keeps its
 * op out of an epilogue. The epilogue's scalar path is the reference's own
 * function (interp_math1_fns), as the reference tile computes it. */
#ifndef SPADC_CPU_FN1_H
#define SPADC_CPU_FN1_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "ir/ir.h"

/* X(op, scalar form, vector form) */
#define CPU_FN1S(X) X(IR_OP_EXP, fn1_expf, vexp_) X(IR_OP_TANH, fn1_tanhf, vtanh_) X(IR_OP_ERF, fn1_erff, verf_)

/* Whether the cpu computes unary op k natively (in f32). */
static inline bool cpu_fn1_has(int k) {
    switch (k) {
#define CPU_FN1_HAS(K, F, V) case K:
        CPU_FN1S(CPU_FN1_HAS) return true;
#undef CPU_FN1_HAS
    default: return false;
    }
}

/* e^x in f32 within about 1 ulp of expf, written so that a loop of it
 * vectorises on any ISA: x = n ln2 + r, |r| <= ln2/2, e^r = 1 + r + r^2
 * q(r) (the polynomial of vec_epilogue.h's vexp_), 2^n in two exact
 * factors so that the subnormal results come out right. */
static inline float fn1_expf(float x) {
    /* below -104 (and NaN) the result is replaced below: computed at 0,
     * not at -104, whose subnormal product costs a microcode assist per
     * vector on Intel cores (masked keys of attention are all there) */
    const float xl = x > -104.0f ? x : 0.0f;
    const float xc = xl < 89.0f ? xl : 89.0f;
    const float shift = 12582912.0f; /* 1.5 * 2^23: adding it rounds to an integer */
    const float n = (xc * 1.44269504088896341f + shift) - shift;
    float r = xc - n * 0.693145751953125f; /* n * ln2_hi is exact */
    r = r - n * 1.42860682030941723e-6f;
    float q = 0.000198909809f;
    q = q * r + 0.0013933641f;
    q = q * r + 0.00833331093f;
    q = q * r + 0.041666465f;
    q = q * r + 0.166666667f;
    q = q * r + 0.500000001f;
    const float p = (r * r) * q + r + 1.0f;
    const int32_t ni = (int32_t)n, n1 = ni / 2, n2 = ni - n1;
    union {
        int32_t i;
        float f;
    } s1 = {.i = (n1 + 127) << 23}, s2 = {.i = (n2 + 127) << 23};
    float y = p * s1.f * s2.f;
    y = x > 88.7228394f ? INFINITY : y;
    y = x < -104.0f ? 0.0f : y;
    return x != x ? x : y;
}

/* tanh in f32 within 2 ulp of tanhf (vec_epilogue.h's vtanh_):
 * |x| < 0.625: x + x^3 q(x^2); otherwise 1 - 2 / (e^{2|x|} + 1), signed. */
static inline float fn1_tanhf(float x) {
    const float ax = fabsf(x), s = x * x;
    float q = -0.000862216822f;
    q = q * s + 0.00330624742f;
    q = q * s + -0.00879100438f;
    q = q * s + 0.0218598957f;
    q = q * s + -0.0539676396f;
    q = q * s + 0.133333318f;
    q = q * s + -0.333333333f;
    const float ys = copysignf((x * s) * q + x, x); /* tanh(-0) = -0 */
    const float t = fn1_expf(ax + ax);
    float yl = 1.0f - 2.0f / (t + 1.0f);
    yl = x < 0.0f ? -yl : yl;
    const float y = ax < 0.625f ? ys : yl;
    return x != x ? x : y;
}

/* erf in f32: erf_approx.h's rational approximation (vec_epilogue.h's
 * verf_ is the same definition on vectors), written so that a loop of it
 * vectorises on any ISA. */
#define ERF_FN fn1_erff
#define ERF_SCALAR
#include "erf_approx.h"

#endif
