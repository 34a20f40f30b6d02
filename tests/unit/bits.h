/* bits.h - helpers the low-precision unit tests share (test_cpu_bf16.c,
 * test_cpu_amx.c): a seeded xorshift generator, floats' bit patterns,
 * bf16 by truncation (any bf16 will do as an input). Define BITS_SEED
 * before including it for another stream. */
#ifndef SPADC_TEST_BITS_H
#define SPADC_TEST_BITS_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#ifndef BITS_SEED
#define BITS_SEED 88172645463325252ull
#endif

static uint64_t rng = BITS_SEED;
static inline uint64_t urand(void) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}
/* uniform in [-1, 1) */
static inline float frand(void) { return (float)((double)(urand() >> 11) / 4503599627370496.0 - 1.0); }

static inline uint32_t bits_of(float x) {
    uint32_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}
static inline float float_of(uint32_t u) {
    float x;
    memcpy(&x, &u, sizeof x);
    return x;
}
static inline uint16_t to_bf16(float x) { return (uint16_t)(bits_of(x) >> 16); }
static inline float from_bf16(uint16_t h) { return float_of((uint32_t)h << 16); }
static inline bool same_or_nan(float a, float b) { return bits_of(a) == bits_of(b) || (isnan(a) && isnan(b)); }

#endif
