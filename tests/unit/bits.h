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

#include "base/fp16.h"
#include "cpu/kernels/kernels.h"

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

static inline uint32_t bits_of(float x) { return sp_f32_bits(x); }
static inline float float_of(uint32_t u) { return sp_f32_from_bits(u); }
static inline uint16_t to_bf16(float x) { return (uint16_t)(bits_of(x) >> 16); }
static inline float from_bf16(uint16_t h) { return float_of((uint32_t)h << 16); }
static inline bool same_or_nan(float a, float b) { return bits_of(a) == bits_of(b) || (isnan(a) && isnan(b)); }

/* A one-instruction program r1 = op(r0). */
static inline cpu_epilogue unary(cpu_epi_op op) {
    cpu_epilogue e = {.nregs = 2, .ninsn = 1, .result = 1};
    e.insn[0] = (cpu_epi_insn){.op = (uint8_t)op, .dst = 1, .a = 0};
    return e;
}

/* What the pair kernels' tests add and apply after the K loop: an add tile
 * (room for strided reads), a bias row with -0 and a denormal, and two
 * programs, relu and a GENERAL one, max(r0 * rowv[m], 0.25) (a per-row
 * operand: sees m0), exact operations, so the vector interpreter matches
 * the scalar one bit for bit. Initialise in place (pg points at gen). */
typedef struct epi_fixture {
    float add[CPU_MR_MAX * 3 * CPU_NR_MAX], bias[CPU_NR_MAX], rowv[CPU_MR_MAX + 8];
    cpu_epilogue relu, gen;
    cpu_epi_prog pr, pg;
} epi_fixture;

static inline void epi_fixture_init(epi_fixture *f) {
    for (size_t i = 0; i < sizeof f->add / sizeof f->add[0]; i++) f->add[i] = frand();
    for (int i = 0; i < CPU_NR_MAX; i++) f->bias[i] = i % 9 == 4 ? -0.0f : i % 13 == 6 ? 1e-40f /* denormal */ : frand();
    for (size_t i = 0; i < sizeof f->rowv / sizeof f->rowv[0]; i++) f->rowv[i] = frand() * 2;
    f->relu = unary(CPU_EPI_RELU);
    f->gen = (cpu_epilogue){.nregs = 5, .noperands = 1, .ninsn = 4, .result = 4};
    f->gen.operands[0] = (cpu_operand){f->rowv, 1, 0};
    f->gen.insn[0] = (cpu_epi_insn){.op = CPU_EPI_LOAD, .dst = 1, .a = 0};
    f->gen.insn[1] = (cpu_epi_insn){.op = CPU_EPI_MUL, .dst = 2, .a = 0, .b = 1};
    f->gen.insn[2] = (cpu_epi_insn){.op = CPU_EPI_CONST, .dst = 3, .imm = 0.25f};
    f->gen.insn[3] = (cpu_epi_insn){.op = CPU_EPI_MAX, .dst = 4, .a = 2, .b = 3};
    cpu_epi_compile(&f->relu, false, &f->pr);
    cpu_epi_compile(&f->gen, false, &f->pg);
}

#endif
