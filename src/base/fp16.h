/* fp16.h - IEEE half (f16) and bfloat16 conversions, round to nearest even.
 *
 * spadc stores f16/bf16 tensors as their 16-bit patterns and computes with
 * them in f32 (see interp.h); these are the only conversions it uses.
 */
#ifndef SPADC_BASE_FP16_H
#define SPADC_BASE_FP16_H

#include <stdint.h>
#include <string.h>

/* The bf16 conversions inline, for loops that should vectorise (the loop
 * engine's lane loads and stores: a call per element there was a fifth of
 * a bf16 cast kernel's time; the fused attention's P); sp_bf16_to_f32,
 * sp_f32_to_bf16 and sp_round_bf16 are these. */
static inline float sp_bf16_to_f32_inline(uint16_t h) {
    const uint32_t u = (uint32_t)h << 16;
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}
static inline uint16_t sp_f32_to_bf16_inline(float x) {
    uint32_t u;
    memcpy(&u, &x, sizeof u);
    if ((u & 0x7fffffffu) > 0x7f800000u) return (uint16_t)((u >> 16) | 0x40); /* quiet NaN */
    u += 0x7fffu + ((u >> 16) & 1); /* round to nearest even; overflows to inf */
    return (uint16_t)(u >> 16);
}
static inline float sp_round_bf16_inline(float x) { return sp_bf16_to_f32_inline(sp_f32_to_bf16_inline(x)); }

float sp_bf16_to_f32(uint16_t h);
float sp_f16_to_f32(uint16_t h);
/* From double directly (no double rounding through f32). */
uint16_t sp_f64_to_bf16(double x);
uint16_t sp_f64_to_f16(double x);
uint16_t sp_f32_to_bf16(float x);
uint16_t sp_f32_to_f16(float x);
/* Round a value to the precision of bf16/f16 and back. */
float sp_round_bf16(float x);
float sp_round_f16(float x);

uint32_t sp_f32_bits(float f);
float sp_f32_from_bits(uint32_t u);
uint64_t sp_f64_bits(double f);
double sp_f64_from_bits(uint64_t u);

#endif
