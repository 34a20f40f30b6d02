/* conv.h - a convolution's input window as the cpu engine reads it (conv.c):
 * element (n, k) of the implicit matrix (n an output pixel, the output's
 * pixel loops flattened; k a window element, the reduction loops
 * flattened) is the source X[base + moff[n] + koff[k]], or the padding
 * value where a padded coordinate falls outside the source (a tensor.pad
 * folded into the convolution, kn_fold_pads: the padded tensor is never
 * written). Coordinate b of element (n, k) is mb[b][n] + kb[b][k] (pad
 * already subtracted); it is inside when 0 <= it < dim[b].
 *
 *     cpu_window_pack(&w, X, base, n0, cols, nr, dst);   // B panels (C^T = W X)
 *     cpu_window_gather(&w, X, base, m0, rows, dst);     // im2col rows (C = X W)
 *     cpu_phase_copy(&ph, X + origin, c0, c1, dst);     // a strided source by its phases
 */
#ifndef SPADC_CPU_CONV_H
#define SPADC_CPU_CONV_H

#include <stdbool.h>
#include <stdint.h>

#define CPU_WIN_MAX_BOUNDS 4

typedef struct cpu_window {
    int64_t npix, K;
    /* the innermost pixel loop: its bound (pixels of one run) and the
     * source elements between neighbouring pixels of a run */
    int64_t run, run_stride;
    const int64_t *moff, *koff;
    uint32_t nb; /* padded coordinates */
    const int32_t *mb[CPU_WIN_MAX_BOUNDS], *kb[CPU_WIN_MAX_BOUNDS];
    int64_t dim[CPU_WIN_MAX_BOUNDS];
    int64_t step[CPU_WIN_MAX_BOUNDS]; /* coordinate change per pixel along a run */
    float padv;
    /* copies n elements s[0], s[2], ... to d (a run of a stride-2
     * window); NULL (other strides, or no vector ISA): a scalar loop.
     * cpu_window_copy_avx512 or _avx2 */
    void (*copy)(float *d, const float *s, int64_t n);
    /* window elements in runs (krun[r] .. krun[r+1], nkrun of them): each
     * a unit-stride run of the source with the same padded coordinates
     * (NHWC's channels under one tap), copied or filled whole */
    uint32_t nkrun;
    const int64_t *krun;
    /* linear: a pixel's source offset is moff[0] + its index (a stride-1
     * "same" convolution, or 1x1 unpadded: a window row of the whole image
     * is one run of the source, wrapping from row to row). Each window
     * element's padded coordinates are one of ncombo tuples (combo, nb
     * apiece; kcombo[k] is element k's), so a panel's masks, or a run's
     * interval inside the source, are computed once per tuple; kcombo is
     * NULL where there are more than CPU_WIN_MAX_COMBOS */
    bool linear;
    uint32_t ncombo;
    const uint16_t *kcombo;
    const int32_t *combo;
} cpu_window;

#define CPU_WIN_MAX_COMBOS 64
#define CPU_WIN_PACK_MAX_NR 128 /* the vector packers' widest panel */

/* A packer of B panels (cpu_window_pack's contract). */
typedef void (*cpu_window_pack_fn)(const cpu_window *w, const float *X, int64_t base, int64_t n0, int64_t cols, int nr,
                                   float *dst);

/* Pixels [n0, n0 + cols) as B panels of nr columns (rows k = 0..K-1 of each
 * panel nr floats, panels K * nr floats apart; columns past cols zero). */
void cpu_window_pack(const cpu_window *w, const float *X, int64_t base, int64_t n0, int64_t cols, int nr, float *dst);

/* cpu_window_pack of a linear window, nr a multiple of 16 (AVX-512,
 * conv_avx512.c) or 8 (AVX2, conv_avx2.c) up to CPU_WIN_PACK_MAX_NR, dst
 * aligned to the vector: per panel row nr/16 (nr/8) masked loads (the
 * padding value where masked) and aligned stores. Called only where the
 * ISA runs. */
void cpu_window_pack_linear_avx512(const cpu_window *w, const float *X, int64_t base, int64_t n0, int64_t cols, int nr,
                                   float *dst);
void cpu_window_pack_linear_avx2(const cpu_window *w, const float *X, int64_t base, int64_t n0, int64_t cols, int nr,
                                 float *dst);

/* cpu_window.copy with AVX-512: pairs of masked loads, even lanes picked
 * by one permute; with AVX2 (conv_avx2.c): two loads and a shuffle per 8. */
void cpu_window_copy_avx512(float *d, const float *s, int64_t n);
void cpu_window_copy_avx2(float *d, const float *s, int64_t n);

/* Pixels [m0, m0 + rows) as row-major rows of K floats (an im2col block). */
void cpu_window_gather(const cpu_window *w, const float *X, int64_t base, int64_t m0, int64_t rows, float *dst);

#define CPU_PHASE_MAX_CH 4      /* channel dims of a copy */
#define CPU_PHASE_MAX_PLANES 16 /* phase tuples of a copy */

/* A strided convolution's source split by its strides (window_plan.c), so
 * that its window over the copy is linear and read in place, where at
 * stride 2 it is not (a run of pixels reads every other source element).
 * Along spatial dim i (of nsp, outermost first, as the output's pixel
 * loops) the source element at coordinate x = s[i] * j + p lies in the
 * plane of phase p at j; a plane spans the output's extent B[i], so a
 * pixel's window element of tap offset e (x = s * o + e) is at plane
 * coordinate o + floor(e / s), one element further a pixel. Cells whose x
 * passes the source's extent D[i] are zeros (the pad, 0 where read in
 * place). The copy: channel tuples (the window's other dims, ch_n[] of
 * them, outermost first) x the planes used (phase[], nplane) x B[0] x ...
 * x B[nsp - 1]; ts[] and ch_ts[] are the source's strides (ts[nsp - 1] 1). */
typedef struct cpu_phases {
    uint32_t nsp, nch, nplane;
    int64_t s[CPU_WIN_MAX_BOUNDS], D[CPU_WIN_MAX_BOUNDS], B[CPU_WIN_MAX_BOUNDS], ts[CPU_WIN_MAX_BOUNDS];
    int64_t ch_n[CPU_PHASE_MAX_CH], ch_ts[CPU_PHASE_MAX_CH];
    int32_t phase[CPU_PHASE_MAX_PLANES][CPU_WIN_MAX_BOUNDS];
    int64_t nchan, plane; /* channel tuples; floats of a plane (product of B) */
    /* the last dim's strided copy at s 2: cpu_window_copy_avx512 or _avx2;
     * NULL: a scalar loop */
    void (*copy)(float *d, const float *s, int64_t n);
} cpu_phases;

/* Channel tuples [c0, c1) of the copy, from X at the source's origin (every
 * coordinate 0) into dst (the whole copy: nchan x nplane x plane floats). */
void cpu_phase_copy(const cpu_phases *ph, const float *X, int64_t c0, int64_t c1, float *dst);

#endif
