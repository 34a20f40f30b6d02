/* lower.h - from a fused kernel (passes/kernel.h) to an npu program: the
 * kernel's tile loops, the buffers a tile holds on chip, the tile search
 * that plans each candidate with the offset planner (plan/alloc.h) and
 * times it with the timing model (timing.h), and the emitter of the chosen
 * program. One job per file, in pipeline order:
 *   analyze.c  nl_analyze: the kernel's loops, accesses and vector programs,
 *              or why the host runs it
 *   layout.c   nl_buffers, nl_plan: a candidate's buffers and their offsets
 *   emit.c     nl_emit: a candidate's instruction stream, stage by stage
 *   search.c   nl_variants, nl_time, nl_choose: the candidates, their
 *              timing, the bounded search
 * What they share and nothing else sees is in lower_int.h.
 *
 *     nl_kernel kp;
 *     nl_analyze(ctx, &target, k, &env, &kp);     // kp.npu false: kp.why says why
 *     nl_choice ch;
 *     nl_opts o = {.budget = 65536};               // bytes per lane
 *     nl_choose(ctx, &kp, &o, &ch);                // SP_ENOFIT raised with the numbers
 *     nl_emit(&kp, &ch.cand, ch.bufs, &o, sink);   // the program, into any np_sink
 *
 * Contraction kernels (GEMM + epilogue). The contraction's loops are cut in
 * M, N, K (the innermost of each class by the output's and lhs's strides)
 * and outer loops (batch, further M/N loops: tile 1; further K loops such as
 * a batch-reduce: accumulated). A candidate is a tile TM x TN x TK, a loop
 * order (m outer or n outer; k innermost), and buffering: X and W single,
 * double, triple, or a panel (every K step of the tile kept, loaded once
 * and reused along the other output loop), Y single or double, epilogue
 * operands loaded early (own space, in row blocks spread over the K loop)
 * or late (after the K loop, free to share the bytes X and W leave; the
 * next tile's loads then wait for the epilogue). Buffers, per lane, at their on-chip shapes:
 *   X [TM x TK], W [TK x TN], Y [TM x TN] (the accumulator; the epilogue
 *   runs in place on it, law L4), operands at their logical shapes: a bias
 *   [1 x TN], a column [TM x 1], a residual [TM x TN] (law L3).
 * Lifetimes, in steps of one output tile: 0 early loads, 1 the K loop,
 * 2 the epilogue, 3 the store. X and W live [1, 2) when the next tile's
 * loads wait for the epilogue, else [1, 4) (panels [0, 4)); Y [1, 4);
 * operands [1, 3) early or [2, 3) late.
 *
 * Loop kernels (elementwise chains, reductions) run on the vector unit over
 * R x C tiles: C the loop with the smallest stride in the largest input, R
 * the next; inputs at their logical tile shapes (single or double
 * buffered), the output tile [R or 1 x C or 1] (in place on an input's tile
 * when the kernel maps it elementwise and reduces no loop), reductions
 * accumulated in order from the init.
 * A chain after a reduction runs once per output tile, in place on it; the
 * tensors only it reads are loaded with the tile's init, at their logical
 * shapes within the output tile ([R x 1] per row, [1 x C] per column, [1 x
 * 1] a scalar), one set per output buffer, live as long as the output.
 *
 * Element types: loop kernels compute in any type the vector unit holds
 * (f32, f64, bf16, f16, integers and i1: np_dtype; contractions multiply
 * f32, bf16 or f16 into f32 accumulators); each buffer holds its tensor's
 * type, sized by its bytes (an f64 tile twice an f32 one, an i1 mask one
 * byte an element). A tile is never reused in place by a value of another
 * type: an elementwise map that changes the type (extf) has its own output
 * tile, and so has a chain after a reduction whose result type is not the
 * accumulator's (the f64 statistics truncated to f32). Contractions (the
 * systolic arrays) are f32.
 *
 * A loop kernel that reduces over a window (a pool: its input read at
 * oh * sh + kh * dh, ow * sw + kw * dw) has its own tiles (window.c):
 * output pixels down each lane, a loop outside the window across them, the
 * input's halo once per tile (through a folded pad), the window's steps as
 * shifted views within the lanes. Row-wise chains (KN_ROWS, rows.c) and
 * fused attention (KN_ATTENTION, attn.c, attn_rows.c) likewise.
 *
 * Copy kernels (tensor.extract_slice, insert_slice, pad): loops over the
 * result's elements with tiles as loop kernels have them, no vector
 * program: each tile is DMA'd in from the source (a strided box of it) and
 * out again. Pad and insert_slice place the source (the patch) in a box of
 * the result; a tile that holds elements outside it is first filled with
 * the padding value (the vector unit) or loaded from the destination, and
 * the part of the patch it holds is then DMA'd into a sub-view of it (at a
 * row and column offset), so every element moves once each way.
 *
 * Ownership: nl_kernel and nl_choice are plain values (the vector programs
 * inside them included); they point at the kernel and target they were made
 * from, which must outlive them.
 */
#ifndef SPADC_NPU_LOWER_H
#define SPADC_NPU_LOWER_H

#include "passes/kernel.h"
#include "plan/alloc.h"
#include "machine.h"
#include "prog.h"
#include "timing.h"

typedef enum nl_role { NL_LHS, NL_RHS, NL_ACC, NL_OPERAND, NL_OUT, NL_SCRATCH } nl_role;
const char *nl_role_name(nl_role r);

/* How a tensor is read through the kernel's loops. */
typedef enum nl_akind {
    NL_A_TENSOR, /* DRAM: element = off + sum(idx[d] * stride[d]) */
    NL_A_IMM,    /* a constant (a splat is a scalar, law L6) */
    NL_A_SCALAR  /* a run-time scalar (slot = value id) */
} nl_akind;

typedef struct nl_access {
    uint8_t kind;
    uint8_t dt;     /* np_dtype of its elements */
    uint32_t value; /* TENSOR: DRAM tensor (storage value id); SCALAR: value id */
    int64_t off;
    int64_t stride[KN_MAX_DIMS];
    np_scalar imm;
} nl_access;

typedef struct nl_operand {
    nl_access a;
    bool uses_r, uses_c; /* depends on the tile's row / column loop */
    const char *name;    /* the value's name, for the plan */
    bool broadcast;      /* read through a broadcasting map */
} nl_operand;

/* A convolution run as an implicit GEMM (nl_kernel.cv, conv.c): output
 * pixels (image, oh, ow) are the GEMM's rows, the output channels f its
 * columns, the input channels c times the window's taps (kh, kw) its
 * reduction. A tile is TB whole images or TOH output rows of one image
 * (tm = TB * OH * OW or TOH * OW pixels), TN output channels and TC input
 * channels (tn, tk). On chip:
 *   X  the halo tile: the padded input rows the tile's outputs read, every
 *      padded column, per pixel TC channels across the lanes ([TB * HH *
 *      Wp rows x TC]); its border holds the padding value (a FILL) and the
 *      interior is DMA'd in at its row and column offset; every tap's GEMM
 *      reads it through a grouped view (np_view: rows (image, oh, ow) at
 *      (image * HH + oh * sh + kh * dh) * Wp + ow * sw + kw * dw)
 *   W  the weights of TC channels: [TC * KH * KW rows x TN], rows ordered
 *      as the weights are in memory (c major, or tap major), so one DMA of
 *      full bursts moves them; each tap reads its [TC x TN] rows through a
 *      strided view. As a panel it holds every channel tile of a TN block,
 *      loaded once and kept across the pixel tiles that use it.
 *   Y  the accumulator [tm x tn], stored by runs of pixels contiguous in
 *      memory (an image's rows, or several images).
 * A depthwise convolution (each channel its own window) runs the same way
 * on the vector unit (nl_conv.depthwise).
 * A 1-wide window with stride (a strided 1x1 convolution) has its halo
 * sub-sampled (nl_conv.ch, .cw): only the rows and columns it reads.
 * Loops: outer (B) loops, then the M tiles (images, then row tiles) and
 * the N tiles in the candidate's order, then the channel tiles (the K
 * steps); each K step runs KH * KW GEMMs.
 * Few channels (C < lanes, a 3-channel stem or 64-channel layers, which
 * would fill C of each array's rows): with `fold` = g the window's columns
 * and g of its rows at a time join the reduction. X then holds, in column
 * block (i, kw) (i < g), the halo shifted by i * dh rows and kw * dw
 * pixels ([X x g*KW*C]: each block DMA'd from the input at an offset: g *
 * KW times the input's bytes), W's rows of a group of window rows are (kh,
 * kw, c), and each K step runs ceil(KH / g) GEMMs of up to g*KW*C deep:
 * fewer, fuller weight blocks for more DMA; the search weighs g. */
typedef struct nl_conv {
    bool on;
    int img, oh, ow, kh, kw, c; /* loops (img, oh, kh: -1 when absent) */
    int64_t NB, OH, OW, KH, KW, C, T; /* T = KH * KW taps */
    int64_t sh, sw, dh, dw;           /* strides and dilations */
    int64_t H, W;                     /* the input's extent (the pad's source) */
    int64_t pt, pl;                   /* padding before the first row, column */
    int64_t Hfull, Wp;                /* halo rows of a whole image, halo columns */
    /* A 1-wide window striding over the input (a 1x1 convolution of stride
     * 2) reads every sh-th row (sw-th column) only: the halo holds those,
     * one per output row (column), DMA'd with the stride: rows ch, columns
     * cw. Else the halo holds every padded row and column from its first. */
    bool ch, cw;
    bool border;                      /* some halo cell lies outside the input: halos are filled first */
    int64_t in_bytes;                 /* bytes of the input the convolution reads (each element once) */
    int64_t sN, sH, sW, sC;           /* the input's element strides */
    int64_t in_off;                   /* its element (0, 0, 0, 0) (outer loops at 0) */
    nl_access padv;                   /* the padding value (IMM or SCALAR) */
    bool tap_major;                   /* W rows (kh, kw, c), else (c, kh, kw) */
    /* depthwise (one output channel per input channel, no reduction over
     * channels): each tap a vector op y (+)= x * w over the tile, channels
     * across the lanes, X the halo of the tile's TN channels, W [taps x
     * TN]; dwprog[0] the first tap's program, [1] the others' */
    bool depthwise;
    np_vprog dwprog[2];
} nl_conv;

/* Whether a convolution kernel may read its input `input` as `folded`
 * (through a tensor.pad, kn_fold_pads): the npu pads as it loads its halo
 * tiles, padding only the window's dims. */
bool nl_conv_takes_pad(const kernel *k, uint32_t input, const kn_input *folded);

/* loop kernels: 8 inputs double buffered, 2 outputs, 8 chain operands x 2 */
#define NL_MAX_BUFS 36

typedef struct nl_kernel {
    const kernel *k;
    const nt_target *t;
    bool npu;      /* false: the host runs it (why says why) */
    char why[200];
    bool gemm;     /* contraction, else a vector-unit loop */
    bool copy;     /* a copy kernel: in[0] is DMA'd into the output tile, no vector program */
    /* a gather (a loop map whose body reads one tensor.extract of a tensor
     * from outside it: nn.Embedding, a flip, nearest upsampling): prog
     * computes each point's row-major element index into the table gtab
     * (i64, NV_IDX for the loop indices, NV_GIDX checking each dim against
     * the table's), into an index tile the gathering DMA (NP_GATHER) then
     * reads, filling the output tile; gelems: the table's elements */
    bool gather;
    nl_access gtab;
    int64_t gelems;
    /* a gather whose body computes on the element it reads: post, the
     * body again with the extract reading the gathered tile (source nin),
     * maps it into the output tile */
    bool gpost;
    np_vprog post;
    /* a map whose body reads its loop indices (linalg.index, e.g. a
     * tensor.from_elements as canonicalize builds it): its VEC carries the
     * tile's loop indices (np_insn lix), the vector unit an iota (NV_IDX),
     * as a gather's index program does */
    bool iota;
    uint32_t ndims;                 /* the loops (the root's; a copy's: the result's dims) */
    int64_t bounds[KN_MAX_DIMS];
    uint8_t acc_dt;                 /* the accumulator's type (np_dtype; a contraction's: f32) */
    uint8_t out_dt;                 /* the result's type */
    /* copy kernels: in[0] (the patch) holds psize[d] elements along loop
     * d, element k at loop index plo[d] + k * pstep[d] (phi[d]: one past
     * the last; the column loop's step is 1), read at in[0].a.off + sum
     * k[d] * in[0].a.stride[d]; outside it the result is `base` (has_base:
     * an IMM or SCALAR fill, or a TENSOR read at the result's points) */
    bool has_base;
    nl_access base;
    int64_t plo[KN_MAX_DIMS], phi[KN_MAX_DIMS], psize[KN_MAX_DIMS], pstep[KN_MAX_DIMS];
    int dm, dn, dk; /* loops of the tile's rows, columns, reduction (-1: none) */
    int64_t M, N, K;
    bool red_r, red_c; /* loop kernels: the row / column loop is a reduction */
    uint32_t npar, nred;
    uint32_t par[KN_MAX_DIMS], red[KN_MAX_DIMS];
    int64_t npar_total, nred_total;
    nl_access lhs, rhs, out;
    nl_access init;     /* accumulator init: IMM 0, IMM c, SCALAR, or TENSOR (loop reductions) */
    uint32_t nin;
    nl_operand in[NP_VMAX_SRCS];
    np_vprog prog;      /* contraction: epilogue on the accumulator; loop: the body */
    np_vprog epi;       /* loop reduction followed by a chain: the chain */
    bool has_prog, has_epi;
    bool epi_own;       /* the chain's result type is not the accumulator's: it writes a tile of its own
                         * (a loop reduction's chain; a contraction's bf16 or f16 result) */
    /* loop reduction followed by a chain: the tensors the chain reads, at the
     * output tile's logical shape (they cannot vary along a reduced loop) */
    uint32_t nein;
    nl_operand ein[NP_VMAX_SRCS];
    np_vmode mode;
    int32_t inplace;    /* loop map: the operand whose tile the output takes, or -1 */
    int64_t min_dma_bytes; /* every input read once, the output written once */
    int64_t halo_bytes;    /* of those, a convolution's or pool's input, which its halo tiles load (nl_gap) */
    int64_t macs, vec_ops;
    struct nl_attn *att; /* a fused attention (kp->k->kind == KN_ATTENTION): its parts, allocated by
                           nl_analyze from ctx; free it with nl_kernel_free */
    nl_conv cv;          /* a convolution (cv.on): how it runs as an implicit GEMM */
    struct nl_rows *rows; /* a row-wise chain (KN_ROWS): its parts, likewise */
    struct nl_win *win;   /* a window reduction (a pool, window.c), likewise */
    bool split;           /* its work is split over cores (cores.h): nl_gap's split part */
} nl_kernel;

/* Images (TB) and output rows (TOH) of a convolution's tile of tm pixels,
 * and the padded rows its halo holds per image (TOH: the tiling's, toh:
 * the tile's, fewer in the last row tile). */
void nl_conv_tiling(const nl_kernel *kp, int64_t tm, int64_t *TB, int64_t *TOH);
int64_t nl_conv_halo_rows(const nl_kernel *kp, int64_t TOH, int64_t toh);

/* Fused attention (KN_ATTENTION, attn.c): a tensor a tile of the attention
 * reads or writes, with its element offset for outer index o (the heads:
 * obound/ostride, innermost last), row r and column c of the tile:
 *   a.off + sum_i idx_i(o) * ostride[i] + r * rs + c * cs */
typedef struct nl_aop {
    nl_access a;
    uint32_t nouter;
    int64_t obound[KN_MAX_DIMS], ostride[KN_MAX_DIMS];
    int64_t rs, cs;
    bool uses_r, uses_c, broadcast;
    const char *name;
} nl_aop;

/* The attention's parts as the npu runs them: heads x rows x keys, Q [rows
 * x d], K read as K^T [d x keys], V [keys x dv], O [rows x dv]; the score
 * operands (the qk epilogue's, then the score kernels') read per tile of
 * TR rows x TK keys by `sprog` in place on S (source i = sop[i]); the pv
 * epilogue's operands (per row tile, [TR x dv] or less) read by the pv
 * epilogue `pprog` in place on O. The softmax programs are fixed. */
typedef struct nl_attn {
    int64_t heads, rows, keys, d, dv;
    nl_aop q, k, v, o;
    uint32_t nsop, npop;
    nl_aop sop[NP_VMAX_SRCS], pop[NP_VMAX_SRCS];
    np_vprog sprog, pprog;
    bool has_sprog, has_pprog;
    np_vprog copy, rmax, alpha, pexp, oscale, odiv, lscale, rsum; /* the last two: attn_rows.c */
} nl_attn;

/* A row-wise chain (KN_ROWS, rows.c) as the npu runs it: loops u (the
 * rows' outer index), b (the blocked index: a tile holds TB of it) and a
 * (the axis, A long; passes/kernel.h kn_rows has o, a, i: b = i and u = o
 * when I > 1, else b = o). A value a tile holds: a tensor loaded per tile
 * (at element a.off + u su + b sb + a sa) or a part's result, along a and
 * b or not (a statistic does not vary along a, LayerNorm's weight not
 * along b), living in the buffer of value `home` (itself, or a value it
 * overwrote in place), written by step def, read last by step last (the
 * store: nstep), its buffer live until step span (the home's: the last of
 * the values living in it). */
#define NL_ROWS_VALS 40
typedef struct nl_rval {
    const char *name;
    uint8_t dt;
    bool uses_a, uses_b, load;
    bool once; /* a load the same for every tile (along neither u nor b): loaded once, live throughout */
    nl_access a;
    int64_t su, sb, sa;
    int32_t home, def, last, span;
} nl_rval;

/* A part as the vector unit runs it: its program (a map, or a reduction
 * along a into its accumulator from init, then its chain on the statistic:
 * in place, or into a result of the chain's type), the values its source
 * slots read (the chain's: esrc, then the accumulator when epi_own). */
typedef struct nl_rstep {
    bool reduce, has_epi, epi_own;
    np_vprog prog, epi;
    nl_access init;
    uint32_t nsrc, nesrc;
    int32_t src[NP_VMAX_SRCS], esrc[NP_VMAX_SRCS];
    int32_t acc, res;
} nl_rstep;

typedef struct nl_rows {
    int64_t NU, NB, A;
    uint32_t nval, nstep;
    nl_rval val[NL_ROWS_VALS];
    nl_rstep step[KN_ROWS_MAX];
    int32_t out;                  /* the value stored, at the kernel's out access */
    int64_t out_su, out_sb, out_sa;
} nl_rows;

/* Whether the npu reads input `input` of loop kernel k through the
 * tensor.pad that makes it (window.c: a pool's input, padded by its
 * loads). */
bool nl_win_pad_ok(const kernel *k, uint32_t input, const kn_input *folded);
/* Whether the npu takes row-wise chain k (KN_ROWS) with `budget` bytes per
 * lane: its smallest tile surely fits (rows.c). */
bool nl_rows_fit(const nt_target *t, int64_t budget, const kernel *k);

/* A window reduction (window.c): a loop kernel reducing over the window
 * loops wq (kh) and wp (kw), reading its input at dq * sq + wq * dlq and
 * dp * sp + wp * dlp (element strides XQ and XP of those input dims; WP
 * the input row's length when the row starts at the window's origin,
 * else 0), with the loop dc across the lanes and the outer loops one tile
 * each. One window loop: dq = wq = -1, Q = KQ = 1. grp: the reduction's
 * program over g window pixels (g sources), rest over KP % g; p_outer:
 * kw's loop comes before kh's (one pixel per step, kw outer). */
typedef struct nl_win {
    int dp, wp, dq, wq, dc;
    int64_t P, KP, sp, dlp, Q, KQ, sq, dlq, C;
    int64_t XP, XQ, WP;
    uint32_t nouter;
    uint32_t outer[KN_MAX_DIMS];
    uint32_t g;
    bool p_outer;
    bool flat; /* one output pixel: the halo's rows are the window, reduced down the lanes */
    np_vprog grp, rest;
    /* read through a pad (kn_fold_pads): padded row q is the source's row
     * q - lq of nq, padded pixel p its pixel p - lp of np (coordinates of
     * the window's origin, its map's constant, at 0); outside, padv */
    bool pad;
    int64_t lq, nq, lp, np;
    nl_access padv;
} nl_win;

/* Facts about the program around the kernel the lowering needs. */
typedef struct nl_env {
    /* storage root of a value (through reshapes), and whether it is a
     * splat constant (its one element's bytes at *splat_elem, in the
     * value's element type) or an empty tensor (all zeros: *splat_elem
     * NULL) */
    uint32_t (*root)(void *ud, uint32_t value);
    bool (*splat)(void *ud, uint32_t value, const uint8_t **splat_elem);
    void *ud;
    /* bytes per lane the kernel may plan (0: not known): a lowering with
     * tiles of its own (a pool's) is taken only where its smallest fits */
    int64_t budget;
    /* analyse a window reduction as the plain reduction loop it also is
     * (the backend plans both and keeps the better: npu/backend.c) */
    bool no_window;
} nl_env;

void nl_analyze(sp_ctx *ctx, const nt_target *t, const kernel *k, const nl_env *env, nl_kernel *kp);
/* The least DRAM bytes any schedule of the kernel could move on this npu
 * with `budget` bytes per lane (analyze.c): at least min_dma_bytes; for a
 * contraction also plan/iobound.h's bound for its lhs, rhs and result, with
 * fast memory the budget over all lanes (S = budget x lanes / 4 f32 words:
 * in spadc's machine every operand of an instruction is in the scratchpad,
 * a weight block is preloaded from it for each GEMM and released after, so
 * no schedule holds more), plus each other tensor its epilogue reads once.
 * An attention, a loop or a copy kernel: min_dma_bytes. Never increases
 * with the budget; never above the DMA bytes of any of the kernel's
 * programs that fit it. */
int64_t nl_dram_lower_bound(const nl_kernel *kp, int64_t budget);
/* What nl_analyze allocated (an attention's parts). */
void nl_kernel_free(sp_ctx *ctx, nl_kernel *kp);

enum { NL_ORDER_MNK, NL_ORDER_NMK };
enum { NL_PANEL = 4 };

typedef struct nl_cand {
    int64_t tm, tn, tk; /* loop kernels: rows, cols, 0 */
    uint8_t order;      /* NL_ORDER_* */
    uint8_t xbuf, wbuf; /* 1, 2, 3 or NL_PANEL; loop kernels: xbuf = input buffers */
    uint8_t ybuf;       /* 1 or 2 */
    uint8_t early;      /* epilogue operands loaded at the tile's start */
    uint8_t fold;       /* a convolution of few channels: 0, or the window's columns and `fold` of its
                           rows folded into the reduction (X holds fold x KW shifted copies of its
                           halo; nl_conv) */
} nl_cand;

typedef struct nl_buf {
    char name[40];
    uint8_t role;        /* nl_role */
    uint8_t dt;          /* np_dtype of its elements */
    int64_t rows, cols;  /* one tile, on chip */
    int64_t nchunks;     /* tiles held (a panel), else 1 */
    int64_t bytes;       /* per lane */
    int64_t lo, hi;      /* planner steps, half-open */
    bool broadcast;
    int64_t offset;      /* planned */
} nl_buf;

/* What the tile search minimises (--objective): cycles (then DMA bytes);
 * energy (nc_energy_of's total, then cycles); dram (DRAM energy: the
 * bursts' bits and the row activations, then cycles); edp (energy x cycles, then cycles). Ties then go to
 * fewer DMA bytes, a smaller footprint, the earlier candidate. */
typedef enum nl_objective { NL_OBJ_CYCLES, NL_OBJ_ENERGY, NL_OBJ_DRAM, NL_OBJ_EDP, NL_NOBJECTIVES } nl_objective;
const char *nl_objective_name(nl_objective o);
/* The objective named s ("cycles", ...); -1 for none. */
int nl_objective_parse(const char *s);

typedef struct nl_opts {
    int64_t budget;           /* bytes per lane */
    uint8_t objective;        /* nl_objective */
    int64_t tile[3];          /* forced tile (0: search) */
    int64_t search_insns;     /* cap on the instructions the search's timing steps through one by one,
                                 the ones it extrapolates not counted (<= 0: 10^7) */
    bool shorten_acc;         /* tests: Y dies before its store (poison must show) */
} nl_opts;

/* What the search did with a candidate. */
typedef enum nl_verdict {
    NL_TIMED,        /* planned, fitting and timed */
    NL_OVER_PEAK,    /* its buffers' peak-live bytes alone exceed the budget (not planned) */
    NL_OVER_PLANNED, /* planned: the footprint exceeds the budget */
    NL_BOUND,        /* its lower bound on cycles cannot beat the best timed (not timed) */
    NL_LIMIT,        /* fits, not timed: the search's effort limit was reached */
    NL_NVERDICTS
} nl_verdict;
const char *nl_verdict_name(nl_verdict v);

/* A candidate as the report shows it: the footprint is the planned one
 * (NL_TIMED, NL_OVER_PLANNED) or the peak-live lower bound (otherwise);
 * cycles are the timing model's (NL_TIMED) or the lower bound. */
typedef struct nl_cand_rec {
    nl_cand c;
    uint8_t verdict; /* nl_verdict */
    int64_t footprint, cycles;
    int64_t dma_bytes; /* NL_TIMED: the bytes its program moves (else 0) */
    double energy_pj, dram_pj; /* NL_TIMED: its energy (nc_energy_of: total, DRAM's part; else 0) */
} nl_cand_rec;

/* Whether a comes before b by objective obj (nl_objective), ties by
 * cycles, DMA bytes, footprint: the search's order (cores.c uses it too). */
bool nl_rec_before(int obj, const nl_cand_rec *a, const nl_cand_rec *b);

#define NL_MAX_TOP 8     /* best timed candidates kept, the chosen one first */
#define NL_MAX_REJECTS 3 /* first candidates kept per other verdict, in search order */

/* Why a kernel moves more DRAM bytes than its lower bound: dram_gap in
 * plan --json, the text plan and run's report. total = dma_bytes -
 * dram_lower_bound, and the parts, each >= 0, sum to it exactly. They
 * come from the bytes of the program's DMA by np_why (prog.h: the emitter
 * tags each load with the operand and the loop that made it move elements
 * again; nc_stats.dma_why, which the simulated run counts the same):
 *   epilogue  re-reads of tensors only the epilogue reads (a bias loaded
 *             once per M tile, a residual read twice): np_why EPI
 *   outer     re-reads of an operand across an outer loop it does not
 *             depend on (the batch loop of a batch GEMM with shared
 *             weights): OUTER
 *   tile      re-reads of an operand across a tile loop it does not depend
 *             on (the lhs once per N tile, the rhs once per M tile, a
 *             broadcast input per row tile, K/V per attention row tile):
 *             TILE, less the lower bound's own re-reads and less `budget`
 *   halo      a convolution's or pool's halo tiles' overlap: the bytes
 *             their first loads (HALO) move above the input's compulsory
 *             bytes (rows shared by neighbouring pixel tiles, a folded
 *             window's shifted copies)
 *   budget    of the tile and halo re-reads, the part the budget forces:
 *             at most dma_bytes minus the DMA bytes of the search's choice
 *             with the whole scratchpad slice as its budget (the
 *             unconstrained best: the choice against the candidates the
 *             budget excluded that fit the slice, by their cycle bound,
 *             search.c free_pass; weighed only when the budget is smaller
 *             and there are such re-reads); 0 at the whole slice
 *   other     the remainder: first fetches (FIRST) above min_dma_bytes
 *             (elements moved that are not compulsory and no emitter
 *             tagged as a re-read). 0 on the corpus (tests/cli/npu_gap.sh)
 * The lower bound's excess over min_dma_bytes (re-reads no schedule avoids
 * at the budget: a contraction's capacity bound) is taken out of tile,
 * then halo, then outer. Burst padding (32-byte DRAM requests covering
 * elements a transfer does not need) is not in dma_bytes, which counts
 * elements: it is dram_request_bytes - dma_bytes, reported beside
 * (burst_padding_bytes).
 *   split     a kernel split over cores (cores.h, nl_kernel.split): what
 *             the cores' programs move above the rest, each core's first
 *             reads of the operand its chunk shares with the others and a
 *             split K's partial sums, written and read back (the remainder,
 *             which is `other` for a kernel on one core); other is then 0 */
typedef struct nl_gap {
    int64_t total, tile, budget, outer, epilogue, halo, other, split;
} nl_gap;
/* The gap of a program with statistics st (the plan's estimate or the
 * simulated run's) for kernel kp with lower bound lb; free_dma: the DMA
 * bytes of the choice at the whole slice (the budget part), or
 * st->dma_bytes when there is none. */
nl_gap nl_gap_of(const nl_kernel *kp, const nc_stats *st, int64_t lb, int64_t free_dma);

typedef struct nl_choice {
    nl_cand cand;
    uint32_t nbufs;
    nl_buf bufs[NL_MAX_BUFS];
    int64_t budget, footprint, peak_live;
    nc_stats est;
    /* roofline, cycles: compute (MACs / arrays), DMA of the bytes this
     * program moves, DMA of the minimum bytes, vector unit */
    int64_t bound_compute, bound_dma, bound_dma_min, bound_vector;
    int64_t dram_lower_bound; /* nl_dram_lower_bound(kp, budget) */
    int64_t free_dma_bytes;   /* DMA bytes of the choice with the whole slice as budget (nl_gap) */
    nl_gap gap;               /* nl_gap_of(kp, &est, dram_lower_bound, free_dma_bytes) */
    uint32_t ncand, nsim; /* candidates; planned, fitting and timed (= nverdict[NL_TIMED]) */
    bool exact; /* every candidate that could beat the choice was timed */
    uint8_t objective; /* nl_objective the search minimised */
    /* the search in brief: candidates per verdict, the best timed ones
     * (top[0] is the choice), and the first few of every other verdict */
    uint32_t nverdict[NL_NVERDICTS];
    uint32_t ntop, nrejects;
    nl_cand_rec top[NL_MAX_TOP];
    nl_cand_rec rejects[NL_MAX_REJECTS * (NL_NVERDICTS - 1)];
} nl_choice;

/* The candidates of one tile (loop kernels: tm x tn, tk ignored): every
 * loop order and buffering the search weighs; returns how many (at most
 * cap; NL_MAX_VARIANTS is every one). */
#define NL_MAX_VARIANTS 128
uint32_t nl_variants(const nl_kernel *kp, int64_t tm, int64_t tn, int64_t tk, nl_cand *out, uint32_t cap);
/* The buffers of a candidate (offsets unset); returns how many. */
uint32_t nl_buffers(const nl_kernel *kp, const nl_cand *c, const nl_opts *o, nl_buf *bufs);
/* Plan a candidate's buffers with the planner against o->budget; SP_OK or
 * SP_ENOFIT (offsets hold the best plan found either way). */
sp_status nl_plan(sp_ctx *ctx, const nl_kernel *kp, nl_buf *bufs, uint32_t nbufs, int64_t budget, plan_result *pr);
/* The program of a candidate with planned buffers. */
void nl_emit(const nl_kernel *kp, const nl_cand *c, const nl_buf *bufs, const nl_opts *o, np_sink sink);
/* Choose the tile: every candidate planned, the fitting ones ranked by
 * o->objective (cycles: the timing model's cycles, ties by the DRAM bytes
 * they move, then by footprint; see nl_objective). Raises SP_ENOFIT (at the
 * kernel's root op) with the buffers, bytes, footprint and budget when
 * nothing fits, or when a forced tile does not; SP_EINPUT when the best
 * takes 2^62 cycles or more (or bytes, or operations): more than the
 * timing model counts. */
void nl_choose(sp_ctx *ctx, const nl_kernel *kp, const nl_opts *o, nl_choice *ch);
/* Timing of a candidate with planned buffers: what the timing model
 * says for the program nl_emit emits, statistic for statistic (but
 * `stepped`), in work that does not grow with the tile count: periodic
 * stretches of the tile loops are extrapolated exactly (search.c, "A
 * candidate is timed ..."). Counts saturate at NC_TIME_MAX; nl_choose
 * raises an error when its choice reaches it. */
nc_stats nl_time(sp_ctx *ctx, const nl_kernel *kp, const nl_cand *c, const nl_buf *bufs, const nl_opts *o);

#endif
