/* fp16.c - f16/bf16 conversions (see fp16.h). */
#include "fp16.h"

#include <math.h>
#include <string.h>

/* A float's bits and back at both widths (sp_f32_bits, sp_f32_from_bits,
 * sp_f64_bits, sp_f64_from_bits): memcpy, which compilers make a move. */
#define BITCASTS(F, U, TO_BITS, FROM_BITS) \
    U TO_BITS(F f) {                       \
        U u;                               \
        memcpy(&u, &f, sizeof u);          \
        return u;                          \
    }                                      \
    F FROM_BITS(U u) {                     \
        F f;                               \
        memcpy(&f, &u, sizeof f);          \
        return f;                          \
    }
BITCASTS(float, uint32_t, sp_f32_bits, sp_f32_from_bits)
BITCASTS(double, uint64_t, sp_f64_bits, sp_f64_from_bits)
#undef BITCASTS

float sp_bf16_to_f32(uint16_t h) { return sp_bf16_to_f32_inline(h); }

float sp_f16_to_f32(uint16_t h) {
    uint32_t sign = (uint32_t)(h >> 15) << 31;
    uint32_t exp = (h >> 10) & 0x1f, man = h & 0x3ff;
    if (exp == 0x1f) return sp_f32_from_bits(sign | 0x7f800000u | (man << 13));
    if (exp == 0) {
        float v = ldexpf((float)man, -24); /* subnormal or zero: exact */
        return sign ? -v : v;
    }
    return sp_f32_from_bits(sign | ((exp + 112) << 23) | (man << 13));
}

/* Round finite |x| to a binary format with `mant` stored mantissa bits, a
 * minimum normal exponent emin and a maximum finite exponent emax; returns the
 * rounded magnitude as a double (inf on overflow). Exact: doubles carry more
 * than enough bits for both 16-bit formats. */
static double round_format(double ax, int mant, int emin, int emax) {
    if (ax == 0 || isinf(ax)) return ax;
    int e;
    frexp(ax, &e); /* ax = f * 2^e, f in [0.5, 1) */
    e -= 1;        /* ax in [2^e, 2^(e+1)) */
    if (e < emin) e = emin;
    double ulp = ldexp(1.0, e - mant);
    double q = ax / ulp;          /* exact (power-of-two scaling) */
    double r = nearbyint(q);      /* default mode: nearest even */
    double v = r * ulp;
    double maxv = ldexp(2.0 - ldexp(1.0, -mant), emax);
    if (v > maxv) return INFINITY;
    return v;
}

uint16_t sp_f64_to_bf16(double x) {
    if (isnan(x)) return (uint16_t)(signbit(x) ? 0xffc0 : 0x7fc0);
    double ax = fabs(x);
    if (ax >= 0x1p-126 && ax < 0x1p128) {
        /* normal range (the interpreter's hot path): round the double's 52
         * mantissa bits to bf16's 7 in the bits, nearest even; a carry into
         * 2^128 becomes inf in the float conversion, as it must */
        uint64_t u;
        memcpy(&u, &ax, sizeof u);
        u += (UINT64_C(1) << 44) - 1 + ((u >> 45) & 1);
        u &= ~((UINT64_C(1) << 45) - 1);
        memcpy(&ax, &u, sizeof ax);
        uint16_t h = (uint16_t)(sp_f32_bits((float)ax) >> 16);
        return signbit(x) ? (uint16_t)(h | 0x8000) : h;
    }
    double v = round_format(ax, 7, -126, 127);
    uint32_t u = sp_f32_bits((float)v); /* v is exactly representable in f32 */
    uint16_t h = (uint16_t)(u >> 16);
    return signbit(x) ? (uint16_t)(h | 0x8000) : h;
}

uint16_t sp_f64_to_f16(double x) {
    uint16_t sign = signbit(x) ? 0x8000 : 0;
    if (isnan(x)) return (uint16_t)(sign | 0x7e00);
    double v = round_format(fabs(x), 10, -14, 15);
    if (isinf(v)) return (uint16_t)(sign | 0x7c00);
    if (v == 0) return sign;
    int e;
    double f = frexp(v, &e); /* v = f * 2^e */
    e -= 1;
    if (e < -14) /* subnormal: v = man * 2^-24 */
        return (uint16_t)(sign | (uint16_t)(v * 16777216.0));
    uint32_t man = (uint32_t)((f * 2 - 1) * 1024.0);
    return (uint16_t)(sign | (uint16_t)((e + 15) << 10) | man);
}

uint16_t sp_f32_to_bf16(float x) { return sp_f32_to_bf16_inline(x); }
uint16_t sp_f32_to_f16(float x) { return sp_f64_to_f16((double)x); }
float sp_round_bf16(float x) { return sp_round_bf16_inline(x); }
float sp_round_f16(float x) { return sp_f16_to_f32(sp_f32_to_f16(x)); }
