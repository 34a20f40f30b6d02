/* conv_dw.h - a depthwise convolution read in place (conv_dw.c): one output
 * element per window sum, no output-channel loop to share a window, so no
 * GEMM: per tile (a plane of an NCHW output, a row of an NHWC one) each
 * output row m and run of lanes along the output's unit-stride loop L (the
 * width in NCHW, the channels in NHWC) sums the taps in loop order,
 *
 *     acc[m][l] = init(m, l) + sum_t W[w + l*ws_l + wtap[t]] * X[x + m*xs_m + l*xs_l + xtap[t]]
 *
 * with vector lanes along l (a stride-2 width: two loads, even lanes
 * picked), a register block of up to four vectors sharing each weight. A
 * folded zero pad (kn_fold_pads) is never copied: a padded coordinate
 * along L masks the lanes that fall outside (masked loads, their faults
 * suppressed), one that moves with the rows (or the tile) skips the tap
 * for that row. An epilogue of steps (a folded BatchNorm, ReLU, ReLU6, a
 * residual) is applied in registers and the output stored; any other one
 * runs on the tile (rows of t_rs floats) written instead, through the tile
 * interpreter (the caller: dw_path.c).
 *
 *     cpu_dw_masks(&d, ctx);                       // once, after filling d
 *     cpu_dw_tile(&d, isa, &item);                 // per tile, any thread
 */
#ifndef SPADC_CPU_CONV_DW_H
#define SPADC_CPU_CONV_DW_H

#include <stdbool.h>
#include <stdint.h>

#include "base/ctx.h"
#include "cpu/kernels/kernels.h"

#define CPU_DW_MAX_ROWPAD 2
#define CPU_DW_MAX_TAPS 1024

typedef struct cpu_dw {
    int64_t L, M;       /* lanes (outputs along L) and rows of a tile */
    int64_t xs_l, xs_m; /* source strides along L (1 or 2) and the rows */
    int64_t ws_l;       /* the weights' stride along L: 0 (one a channel plane) or 1 */
    int64_t t_rs;       /* the tile's row stride: L rounded up to 16 */
    uint32_t ntap;
    const int64_t *xtap, *wtap; /* per tap (loop order): source and weight offsets */
    /* a folded zero pad: the padded coordinate along L (lpad) of lane l and
     * tap t is l*xs_l + ltap[t] (its source stride 1), inside [0, ldim);
     * those moving with rows: rbase (per tile) + m*rcoef[r] + rtap[r][t],
     * inside [0, rdim[r]) */
    bool lpad;
    int64_t ldim;
    const int32_t *ltap;
    uint32_t nrp;
    int64_t rdim[CPU_DW_MAX_ROWPAD], rcoef[CPU_DW_MAX_ROWPAD];
    const int32_t *rtap[CPU_DW_MAX_ROWPAD];
    /* a plane folded into the lanes (lrow > 0: cpu_dw_fold): lane l is row
     * l / lrow, column l % lrow of the plane; its padded coordinates, along
     * the columns (lpad) and the rows (nrp of them, rbase0 + row*rcoef +
     * rtap, the same for every tile), are in the masks, and the kernel
     * sees one row of L lanes and no row pads (nrp 0) */
    int64_t lrow;
    int64_t rbase0[CPU_DW_MAX_ROWPAD];
    /* lane masks (cpu_dw_masks), per tap and run of 16 (8) lanes: bit q
     * set where source position q of the run's 16*xs_l (8*xs_l) is read */
    uint32_t *mask16, *mask8;
    int64_t nrun16, nrun8;
    /* the taps on a grid (cpu_dw_masks: chains of 3, 5 or 7 taps each a
     * tile row apart, unit lane stride, unfolded): tap grid_tap[k * grid_kw
     * + c] reads xtap[grid_tap[c]] + k * xs_m, with chain c's 16-lane masks
     * grid_mask[c * grid_nrun + run], grid_nrun the runs rounded up to even
     * (the runs past nrun16 masked whole: nothing read or stored); the
     * AVX-512 kernel then loads each source vector once for every tap of a
     * block it serves, where the tap loop loads it once a tap. grid_kh 0:
     * no grid */
    uint32_t grid_kh, grid_kw;
    uint32_t *grid_tap, *grid_mask;
    int64_t grid_nrun;
    /* and each chain's padded coordinates move along it as along the rows
     * (rtap of its tap k: its first's + k * rcoef), so a pad across the
     * tile (rcoef 0: an NHWC tile's image row) leaves whole chains out and
     * the rows inside the others run on the grid too */
    bool grid_edges;
} cpu_dw;

typedef struct cpu_dw_item {
    const float *x, *w; /* the source and the weights at the tile's origin */
    /* the source's storage, [x_lo, x_hi): a kernel may read any of it, the
     * lanes of a run its masks leave out too, and zero them (NULL: read
     * only what the masks leave in) */
    const float *x_lo, *x_hi;
    int64_t rbase[CPU_DW_MAX_ROWPAD];
    /* the accumulator's initial value (m, l) at init[m*init_sm + l*init_sn]
     * (a bias or residual folded as the init, or a scalar), NULL: zero */
    const float *init;
    int64_t init_sm, init_sn;
    float *tile; /* M rows of t_rs floats */
    /* or, where out is not NULL, the output: element (m, l) at
     * out[m*out_rs + l], the epilogue applied in registers first: epi of
     * kind STORE, RELU or GENERAL as steps (kernels.h) whose operands are
     * read per row or as vectors (cpu_dw_steps_fit); not the tile */
    float *out;
    int64_t out_rs;
    const cpu_epi_prog *epi;
} cpu_dw_item;

/* Whether the ISA kernels apply p in registers (cpu_dw_item.out). */
bool cpu_dw_steps_fit(const cpu_epi_prog *p);

/* Fills d->mask16 and d->mask8 (allocated in ctx; freed with cpu_dw_free);
 * a folded plane (lrow > 0) is then one row to the kernel (nrp 0). */
void cpu_dw_masks(sp_ctx *ctx, cpu_dw *d);
void cpu_dw_free(sp_ctx *ctx, cpu_dw *d);

/* One tile on the ISA's kernel (generic: portable C). */
void cpu_dw_tile(const cpu_dw *d, cpu_isa isa, const cpu_dw_item *it);
void cpu_dw_tile_avx512(const cpu_dw *d, const cpu_dw_item *it);
void cpu_dw_tile_avx2(const cpu_dw *d, const cpu_dw_item *it);

#endif
