/* loop_direct.h - internal to the cpu backend's direct loop paths: the
 * loop programs run without the engine's lanes (loop_lower.c run_rowsum,
 * loop_window.c cpu_loop_run_window), and what they share: the f32 chain
 * after the reduction (a mean's division) and a row's offsets. */
#ifndef SPADC_CPU_LOOP_DIRECT_H
#define SPADC_CPU_LOOP_DIRECT_H

#include <math.h>
#include <string.h>

#include "cpu/cpu.h"
#include "loop_lower.h"

/* Four floats (GCC's vector extension, which the baseline ISA runs
 * without asking for more). */
typedef float rs_v4 __attribute__((vector_size(16)));

/* Whether insn[nroot, ninsn) of L is an f32 chain of constants and + - * /
 * on the accumulator (a mean's division), which cpu_win_chain runs. */
bool cpu_f32_chain_ok(const cpu_loop *L);
/* The chain on n reduced values at o, in place, each step rounded to f32
 * as the engine rounds it. */
void cpu_win_chain(const cpu_loop *L, float *o, int64_t n);
/* Point q of the loops pd[0, np) (innermost first, row-major): its offsets
 * in x and in the output added to *xo and *oo, its indices into idx when
 * not NULL. */
void cpu_point_at(const cpu_loop *L, const cpu_loop_tensor *x, const uint32_t *pd, uint32_t np, int64_t q,
                  int64_t *idx, int64_t *xo, int64_t *oo);
/* Input i of k (its access t) read through a folded pad: the pad's guard
 * into pg, t's offset moved by the low pad; false where the pad is not
 * one the window path reads (a padding value not an f32 constant, a map
 * result not linear and increasing, a second padded input). x NULL: a
 * trial. */
bool cpu_loop_pad_build(const ex_program *x, const kernel *k, uint32_t i, cpu_loop_tensor *t, cpu_loop_pad *pg);
/* Whether lk's folded pad is read by the window path: L a window
 * (cpu_loop_window) loading the padded input, a max, or a sum under a
 * +0 padding. */
bool cpu_loop_pad_runs(const cpu_loop_kernel *lk);
/* The reference's maximumf on two floats: NaN where either is, +0 over
 * -0 (their bits' and), else the larger. */
static inline float cpu_maxf_exact(float a, float b) {
    if (a != a || b != b) return NAN;
    if (a != b) return a > b ? a : b;
    uint32_t x, y;
    memcpy(&x, &a, 4), memcpy(&y, &b, 4);
    x &= y;
    memcpy(&a, &x, 4);
    return a;
}
/* A window's outputs [j, j1) on wide vectors (loop_window_span.h): where
 * they stopped. */
typedef int64_t (*cpu_win_span_fn)(const float *xr, int64_t xo, float *o, int64_t j, int64_t j1, const int64_t *toff,
                                   int64_t taps, int64_t tmax, float init, bool max, int64_t xs, int64_t xlast);
int64_t cpu_win_span_avx2(const float *xr, int64_t xo, float *o, int64_t j, int64_t j1, const int64_t *toff,
                          int64_t taps, int64_t tmax, float init, bool max, int64_t xs, int64_t xlast);
int64_t cpu_win_span_avx512(const float *xr, int64_t xo, float *o, int64_t j, int64_t j1, const int64_t *toff,
                            int64_t taps, int64_t tmax, float init, bool max, int64_t xs, int64_t xlast);
/* Row sums on wide vectors (loop_window_span.h): the ns rows of n at
 * xp + from[i] summed into s. */
typedef void (*cpu_row_sums_fn)(const float *xp, const int64_t *from, int ns, int64_t n, float *s);
void cpu_row_sums_avx2(const float *xp, const int64_t *from, int ns, int64_t n, float *s);
void cpu_row_sums_avx512(const float *xp, const int64_t *from, int ns, int64_t n, float *s);
/* Run L as a pool window (cpu_loop_window) on in and out, its input read
 * through the folded pad pg (!pg->on: none), on isa's vectors: false when
 * L is not one. */
bool cpu_loop_run_window(const cpu_loop *L, const cpu_loop_pad *pg, const void *const *in, void *out, int nthreads,
                         cpu_isa isa);

#endif
