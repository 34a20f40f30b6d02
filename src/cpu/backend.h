/* backend.h - the cpu target, an executor backend (exec/exec.h): kernels
 * lowered to the engine (cpu.h) and run natively.
 *
 *     ex_backend *b = cpu_backend_new(ctx, &(cpu_backend_opts){.nthreads = 2});
 *     ex_compile(ctx, m, func, b, &opts, it, &x);   // x owns b
 *     const cpu_blocking *bl = cpu_backend_blocking(x, 0);
 *
 * A contraction kernel in f32 becomes calls of the engine: the
 * contraction's loops split into the engine's M, N, K (plus a batch-reduce
 * loop) and outer loops, every operand read through its strides (transposes
 * and broadcasts are strides), the fused elementwise chain compiled to the
 * engine's epilogue program; its blocking is chosen when storage is known,
 * and a constant B (or one bound with ex_bind) is packed once then. A loop
 * kernel (an elementwise chain, or a reduction with its chain; any element
 * type) becomes a loop program (loop_lower.h, loop.h); an elementwise one
 * may write over an input that dies there. Anything else (contractions
 * outside f32, tensor ops such as pad and slices) is left to the
 * executor's interpreter fallback, which says why.
 */
#ifndef SPADC_CPU_BACKEND_H
#define SPADC_CPU_BACKEND_H

#include "exec/exec.h"
#include "cpu.h"
#include "cpu/loop/loop.h"

typedef struct cpu_backend_opts {
    int nthreads; /* >= 1 */
} cpu_backend_opts;

/* Inside sp_pcall (raises on out of memory). */
ex_backend *cpu_backend_new(sp_ctx *ctx, const cpu_backend_opts *o);
/* Kernel i's blocking on the engine (NULL when it runs elsewhere); x must
 * have been compiled with a cpu backend. */
const cpu_blocking *cpu_backend_blocking(const ex_program *x, uint32_t i);
/* Kernel i's loop program (NULL unless it is a loop kernel on the engine). */
const cpu_loop *cpu_backend_loop(const ex_program *x, uint32_t i);
/* A row-wise chain (KN_ROWS) on the engine (rows_path.c): its parts (and
 * their loop instructions; how many run as native loops, cpu_loop_fuse),
 * the rows a block and the blocks, the scratch a thread holds the values
 * between the parts in, and whether its lanes run along the rows (else
 * the scratch is row-major). */
typedef struct cpu_rows_info {
    uint32_t parts, insns, fused;
    int64_t rows, axis, inner, block_rows, blocks;
    int64_t scratch_bytes;
    bool lanes_along_rows;
} cpu_rows_info;
/* Kernel i's, when it is a row-wise chain on the engine; false otherwise. */
bool cpu_backend_rows(const ex_program *x, uint32_t i, cpu_rows_info *info);
/* Kernel i's fused-attention tile (attention.h), or NULL when it is not a
 * fused attention on the engine. */
const struct cpu_attn_tile *cpu_backend_attention(const ex_program *x, uint32_t i);
/* How kernel i, a convolution on the GEMM engine, reads its input's
 * windows: not at all (not a convolution there); gathered into im2col rows
 * (A, the weights B); or with the weights as A (unit along the window, as
 * FCHW is) and the window as B, its pixels the columns (all output pixel
 * loops flattened, so a call's panels span output rows): read in place
 * (a linear window on a kernel set with gemm_window: 3x3 "same" and 1x1
 * stride 1) or packed per call, *pixels (if not NULL) a call. A folded
 * pad (kn_fold_pads) is bounded by masks or the packing in each. */
/* CPU_CONV_DEPTHWISE: not on the GEMM engine but the depthwise kernel
 * (conv_dw.h), *pixels the outputs of one of its tiles. */
typedef enum cpu_conv_mode {
    CPU_CONV_NONE,
    CPU_CONV_IM2COL,
    CPU_CONV_WINDOW_PACKED,
    CPU_CONV_WINDOW_IN_PLACE,
    CPU_CONV_DEPTHWISE
} cpu_conv_mode;
cpu_conv_mode cpu_backend_conv(const ex_program *x, uint32_t i, int64_t *pixels);
/* A window read in place: the taps a channel whose masks the kernel holds
 * over CPU_WIN_TAP_CHANNELS channels (cpu_bwindow.kperiod), 0 where it
 * loads them per window element or the window is not read in place. */
int64_t cpu_backend_conv_taps(const ex_program *x, uint32_t i);
/* A window read in place whose pixels are 1..CPU_WIN_TAIL_MAX more than a
 * multiple of 16 (a 7x7 image, a 14x14): the last ones summed by dot
 * products along K (cpu_bwindow.tail) rather than a vector with few live
 * lanes. */
bool cpu_backend_conv_tail_dots(const ex_program *x, uint32_t i);
/* A strided window read in place over a copy of its source split by the
 * strides (conv.h's cpu_phases): the copy's planes (a 3x3 at stride 2: 4),
 * 0 where the window is not copied so (read in place as it lies, or not
 * read in place). */
int64_t cpu_backend_conv_phases(const ex_program *x, uint32_t i);
/* A window read in place whose rows the kernel prefetches ahead
 * (cpu_bwindow.fetch: a 1x1 over a source larger than half the L2). */
bool cpu_backend_conv_fetch(const ex_program *x, uint32_t i);
/* A depthwise kernel's plane rows folded into its lanes: their width
 * (conv_dw.h lrow), 0 where not folded or not depthwise. */
int64_t cpu_backend_dw_fold(const ex_program *x, uint32_t i);
/* A depthwise kernel whose taps lie on a grid the ISA's kernel reads by
 * source rows (conv_dw.h grid_kh: AVX-512): its rows of taps, else 0. */
int64_t cpu_backend_dw_grid(const ex_program *x, uint32_t i);
/* Whether GEMM kernel i runs as C^T = B^T A^T (its result column-major:
 * backend_impl.h cb_kplan.swapped). */
bool cpu_backend_gemm_swapped(const ex_program *x, uint32_t i);
/* Whether GEMM kernel i is one of a pair run by blocks of rows with its
 * neighbour (gemm_pair.c; ex_kernel_paired says which is first), and
 * *rows a block. */
bool cpu_backend_gemm_pair(const ex_program *x, uint32_t i, int64_t *rows);
/* The threads its kernels run on. */
int cpu_backend_threads(const ex_program *x);
/* One "note:" line per kernel of x (a cpu program) that multiplies bf16
 * pairs (VDPBF16PS, TDPBF16PS), whose subnormal inputs, products and sums
 * flush to zero where the reference keeps them: written under a --check
 * mismatch, so that such a difference names its cause. */
void cpu_note_flushing_kernels(const ex_program *x, sp_strbuf *out);

/* The backend's reports (report.c; exec/report.h says which). */
struct ex_report_opts;
void cpu_report(ex_program *x, int kind, const struct ex_report_opts *o, sp_strbuf *out);

#endif
