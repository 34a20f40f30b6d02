/* lower_int.h - internals shared by the npu lowering's files, in pipeline
 * order analyze.c, layout.c, emit.c, search.c (lower.h is the module's
 * interface). Not a public interface. Functions with external linkage carry
 * the module's prefix nl_; the small ones here are static inline. */
#ifndef SPADC_NPU_LOWER_INT_H
#define SPADC_NPU_LOWER_INT_H

#include "lower.h"

#include "interp/interp.h"

static inline int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }
static inline int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }
static inline int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }
static inline int64_t abs64(int64_t a) { return a < 0 ? -a : a; }

/* ---- analyze.c */

/* "linalg.NAME" or the op's name, for messages. */
const char *nl_op_text(const ir_op *op, char *buf, size_t n);

/* A loop kernel accumulates into its output tile: it reduces its rows, its
 * columns, or a loop outside the tile (then each output point is mapped,
 * but over several steps, so the tile starts from the init and cannot sit
 * in an input's tile that the next step reloads). */
static inline bool loop_reduces(const nl_kernel *kp) { return !kp->gemm && (kp->red_r || kp->red_c || kp->nred > 0); }

/* The element bytes of an access. */
static inline int64_t acc_bytes(const nl_access *a) { return np_dtype_bytes((np_dtype)a->dt); }

/* ---- layout.c */

/* Buffer layout indices of a candidate, shared by nl_buffers and the
 * emitters so both agree on who is who. */
typedef struct layout {
    int32_t x0, nx, w0, nw, y0, ny;
    int32_t op[NP_VMAX_SRCS]; /* first buffer of operand i (loop kernels: nx copies) */
    int32_t out0, nout;       /* loop kernels */
    int32_t res0;             /* loop reductions whose chain changes the type: the chain's result tiles
                                 (nout of them), else -1 */
    int32_t eop[NP_VMAX_SRCS]; /* loop kernels: first buffer of the chain's operand i (nout copies) */
    int32_t gidx, gval;        /* a gather's index tile, and its gathered tile when its body computes on it; else -1 */
} layout;

/* The buffers of a candidate (offsets unset) and where each one sits in
 * them; returns how many. */
uint32_t nl_make_layout(const nl_kernel *kp, const nl_cand *c, const nl_opts *o, nl_buf *bufs, layout *ly);

/* ---- emit.c: a program emitted stage by stage */

/* The emitter: the candidate, its planned buffers and where each sits, the
 * lanes, and the sink its instructions go to. */
typedef struct em {
    const nl_kernel *kp;
    const nl_cand *c;
    const nl_buf *b;
    const nl_opts *o;
    np_sink sink;
    layout ly;
    int64_t L;
    uint8_t why; /* np_why of the loads being emitted (0: FIRST) */
} em;

/* The emitter of candidate c with planned buffers, into sink. */
void nl_em_init(em *e, const nl_kernel *kp, const nl_cand *c, const nl_buf *bufs, const nl_opts *o, np_sink sink);
/* An instruction that names only a buffer (NP_BIRTH, NP_DEATH) or nothing
 * (NP_BARRIER, buf -1). */
void nl_marker(em *e, np_opcode op, int32_t buf);

/* contraction kernels */

/* Whether the next tile's X and W load during this tile's epilogue and
 * store (then X and W stay live through those steps), or only after the
 * epilogue, so late operands can share the bytes X and W leave. */
static inline bool gemm_prefetch_across(const nl_kernel *kp, const nl_cand *c) { return c->early || kp->nin == 0; }

/* A convolution's pixel tile (conv.c): images [b0, b0 + tb), output rows
 * [oh0, oh0 + toh), every column: tm = tb * toh * OW pixels; its halo holds
 * HH padded rows of each image from padded row hp0. */
typedef struct nl_ctile {
    int64_t b0, tb, oh0, toh, hp0, HH, tm;
} nl_ctile;

typedef struct gstage {
    int64_t t, o, mi, ni, ks, ri, ki;
    int64_t tm, tn, tk;
    nl_ctile ct; /* a convolution's */
    /* panel reuse: an X panel serves the tiles of one m (they follow each
     * other in order m, n, or when there is one m tile), a W panel those
     * of one n */
    bool first_x, first_w, last_x, last_w;
} gstage;

typedef struct gdims {
    int64_t tiles_m, tiles_n, tiles_k, ks, ntiles, nstages;
} gdims;

/* A W panel that holds every N tile's weights (chunk ni * ks + ks), loaded
 * in the first M tile and kept across the others: a convolution's in loop
 * order m, n (its weights are small next to its pixels, and kept whole
 * they leave X to be the panel across the N tiles). Otherwise a W panel
 * holds one N tile's K steps. */
static inline bool gemm_w_whole(const nl_kernel *kp, const nl_cand *c, const gdims *g) {
    return kp->cv.on && c->wbuf == NL_PANEL && c->order == NL_ORDER_MNK && g->tiles_n > 1;
}

gdims nl_gemm_dims(const nl_kernel *kp, const nl_cand *c);
/* Where stage s of a contraction's program is: its tile, its K step. */
gstage nl_stage_of(const nl_kernel *kp, const nl_cand *c, const gdims *g, int64_t s);
/* The row blocks a tm x tn tile's epilogue operands load in. */
int64_t nl_operand_chunks(const em *e, int64_t tm, int64_t tn);

/* The first of a tile's nch early operand row blocks that K step ks (of
 * ks_total) loads: step ks loads [early_chunk(ks), early_chunk(ks + 1)). */
static inline int64_t early_chunk(int64_t ks, int64_t nch, int64_t ks_total) {
    return (int64_t)((__int128)ks * nch / ks_total);
}

/* Stages of a contraction's program: one per K step of each tile (or
 * one per tile when the reduction is empty). */
static inline int64_t gemm_nstages(const gdims *g) { return g->ks ? g->nstages : g->ntiles; }

/* Stage s of a contraction's program (emit.c). */
void nl_emit_gemm_stage(em *e, const gdims *g, int64_t s);

/* loop kernels */

typedef struct ldims {
    int64_t tiles_r, tiles_c, ntiles, rs, nstages; /* output tiles, reduction stages per tile */
} ldims;

ldims nl_loop_dims(const nl_kernel *kp, const nl_cand *c);
/* Stage s of a loop kernel's program (emit.c). */
void nl_emit_loop_stage(em *e, const ldims *d, int64_t s);

/* emit.c: the view of buffer `buf` (of bufs, L lanes) from row `row` on,
 * rows x cols of it. Every emitter (emit.c, window.c, attn_emit.h) starts
 * its operands here. */
np_view nl_buf_view(const nl_buf *bufs, int64_t L, int32_t buf, int64_t row, int64_t rows, int64_t cols);
/* emit.c: view v filled from access a: an MVIN of tensor a at element
 * offset dram_off (strides rs, cs; a->off not added) with reason why, or a
 * FILL of its scalar or immediate. */
void nl_put_load(np_sink sink, const nl_access *a, uint8_t why, np_view v, int64_t dram_off, int64_t rs, int64_t cs);

/* emit.c: tile v stored to DRAM tensor `tensor` at element offset off (row
 * and column strides rs, cs) in row blocks of about 256 DMA cycles. */
void nl_store_blocks(np_sink sink, const nt_target *t, np_view v, uint32_t tensor, int64_t off, int64_t rs, int64_t cs);

/* layout.c: buffer b described (name, role, type, a rows x cols tile in
 * nchunks, live steps [lo, hi)), its bytes by the target's tile rule. */
void nl_set_buf(nl_buf *b, const nt_target *t, const char *name, nl_role role, np_dtype dt, int64_t rows, int64_t cols,
                int64_t nchunks, int64_t lo, int64_t hi);

/* ---- conv.c: convolutions as implicit GEMMs (lower.h, nl_conv) */

/* A depthwise convolution (a contraction of one output column per
 * channel) that the convolution path runs on the vector unit. */
bool nl_conv_is_depthwise(const kernel *k);

/* analyze.c: the padding value of tensor.pad `pad` as an access (IMM or
 * SCALAR of type dt); false when the npu cannot read it. */
bool nl_pad_value(const ir_op *pad, np_dtype dt, nl_access *out);
/* analyze.c's helpers, which analyze_copy.c shares: send kp to the host
 * with the reason; the npu's type of an element type (false: none); a
 * reference scalar as a vector constant; an arith.constant's value. */
SP_PRINTF(2, 3) void nl_host(nl_kernel *kp, const char *fmt, ...);
bool nl_dtype_of(ir_dtype d, np_dtype *out);
np_scalar nl_scalar_of(interp_scalar v);
bool nl_const_value(const ir_op *def, np_scalar *out);
/* Analyze a tensor op kernel (KN_OP) as a copy (analyze_copy.c). */
void nl_analyze_copy(nl_kernel *kp, const nl_env *env);
/* A contraction kernel (analyzed as a GEMM) set up as a convolution when
 * it is one: kp->cv, its loops (M the pixels, N, K the channels, the B
 * loops outside), the lhs from the padded origin. */
bool nl_conv_setup(nl_kernel *kp);
/* Pixel tiles of a tiling, and tile mi of it (images outer, rows inner). */
int64_t nl_conv_mtiles(const nl_kernel *kp, int64_t tm);
nl_ctile nl_conv_tile(const nl_kernel *kp, int64_t tm, int64_t mi);
/* The first and last row tiles (of TOH rows) whose halo rows all lie in
 * the input, every one between them too (none: first > last). */
void nl_conv_inner_rows(const nl_kernel *kp, int64_t TOH, int64_t *first, int64_t *last);
/* Rows of X before the halo's first (a folded window shifts its column
 * blocks up by as many), and X's columns. */
int64_t nl_conv_slack(const nl_kernel *kp, const nl_cand *c);
static inline int64_t nl_conv_xcols(const nl_kernel *kp, const nl_cand *c, int64_t tk) {
    return c->fold ? c->fold * kp->cv.KW * tk : tk;
}
/* Whether the window's columns and g of its rows may fold into the
 * reduction with tk channels per K step: all of them, fewer than the
 * lanes, and fewer weight blocks per K step than with any smaller g (or
 * unfolded). */
bool nl_conv_can_fold(const nl_kernel *kp, int64_t tk, int64_t g);
/* Weight blocks (of lanes rows) of one K step's GEMMs, folded by g (0:
 * none), tk channels deep. */
int64_t nl_conv_kblocks(const nl_kernel *kp, int64_t tk, int64_t g);
/* Whether padded index x (of a window dim: O outputs, K taps, stride s,
 * dilation d) is read by some output. */
bool nl_conv_reads(int64_t x, int64_t O, int64_t K, int64_t s, int64_t d);
/* Input rows a tile's halo holds per image, input columns every halo row
 * holds. */
int64_t nl_conv_in_rows(const nl_kernel *kp, const nl_ctile *t);
int64_t nl_conv_in_cols(const nl_kernel *kp);
/* Rows of the last store of tile t's output (row blocks of per rows, cut
 * at runs contiguous in memory: nl_conv_rows_dma). */
int64_t nl_conv_last_piece(const nl_kernel *kp, const nl_ctile *t, int64_t per);
/* Whether the tile's halo is all input: no padding cell, no fill. */
bool nl_conv_interior(const nl_kernel *kp, const nl_ctile *t);
/* Stage st's halo tile into xv (chunk view of the X buffer), its weights
 * into wv; outer: the outer loops' element offset in the access. */
void nl_conv_load_x(em *e, const gstage *st, np_view xv, int64_t outer);
void nl_conv_load_w(em *e, const gstage *st, np_view wv, int64_t outer);
/* Stage st's GEMMs, one per tap, into y (acc: the first accumulates too). */
void nl_conv_gemms(em *e, const gstage *st, np_view xv, np_view wv, np_view y, bool acc);
/* Pixel rows [r0, r0 + nr) of tile t between view v (whose row 0 is row
 * r0) and access a, off the rest of the element offset (outer loops,
 * columns), cs the columns' stride: stores in row blocks, or loads. */
void nl_conv_rows_dma(em *e, const nl_access *a, const nl_ctile *t, np_view v, int64_t r0, int64_t nr, int64_t off,
                      int64_t cs, bool store);

/* ---- attn.c: fused attention (KN_ATTENTION) */

/* The attention's parts (kp->att), or why the host runs it. */
void nl_attn_analyze(sp_ctx *ctx, const nt_target *t, const kernel *k, const nl_env *env, nl_kernel *kp);
/* After nl_analyze's common part: the work counts. */
void nl_attn_finish(nl_kernel *kp);
/* A candidate's buffers (tm: rows, tn: keys, xbuf: K/V copies, wbuf: row
 * state sets); returns how many. */
uint32_t nl_attn_layout(const nl_kernel *kp, const nl_cand *c, nl_buf *bufs);
/* attn_rows.c: the same in the other layout (c->order == NL_ORDER_NMK: S
 * [TR x TK], keys across the lanes) */
uint32_t nl_attn_layout_rows(const nl_kernel *kp, const nl_cand *c, nl_buf *bufs);
void nl_attn_emit_rows(const nl_kernel *kp, const nl_cand *c, const nl_buf *bufs, np_sink sink);
bool nl_attn_rows_ones(const nl_kernel *kp);
void nl_attn_emit(const nl_kernel *kp, const nl_cand *c, const nl_buf *bufs, np_sink sink);
int64_t nl_attn_insns(const nl_kernel *kp, const nl_cand *c);
void nl_attn_estimate(const nl_kernel *kp, const nl_cand *c, int64_t *bound, int64_t *heur);
uint32_t nl_attn_tiles(const nl_kernel *kp, int64_t *tr, uint32_t *ntr, int64_t *tk, uint32_t *ntk, uint32_t cap);

/* ---- window.c: window reductions (pools) */

/* A loop kernel analysed by analyze_loop that reduces over a window: its
 * window lowering (kp->win); false leaves it to the loop lowering. */
bool nl_win_analyze(sp_ctx *ctx, nl_kernel *kp, const nl_env *env);
/* A candidate's buffers (tm: output rows, tk: pixels per row, tn: lanes);
 * returns how many. */
uint32_t nl_win_layout(const nl_kernel *kp, const nl_cand *c, nl_buf *bufs);
void nl_win_emit(const nl_kernel *kp, const nl_cand *c, const nl_buf *bufs, np_sink sink);
int64_t nl_win_insns(const nl_kernel *kp, const nl_cand *c);
void nl_win_estimate(const nl_kernel *kp, const nl_cand *c, int64_t *bound, int64_t *heur);
uint32_t nl_win_cands(const nl_kernel *kp, nl_cand *out, uint32_t cap);

/* ---- rows.c: row-wise chains (KN_ROWS) */

void nl_rows_analyze(sp_ctx *ctx, const nt_target *t, const kernel *k, const nl_env *env, nl_kernel *kp);
/* After nl_analyze's common part: the work counts. */
void nl_rows_finish(nl_kernel *kp);
/* A candidate's buffers (tm x tn: the tile, c->order its layout, xbuf the
 * loaded tensors' copies, ybuf the result's); returns how many. */
uint32_t nl_rows_layout(const nl_kernel *kp, const nl_cand *c, nl_buf *bufs);
void nl_rows_emit(const nl_kernel *kp, const nl_cand *c, const nl_buf *bufs, np_sink sink);
int64_t nl_rows_insns(const nl_kernel *kp, const nl_cand *c);
void nl_rows_estimate(const nl_kernel *kp, const nl_cand *c, int64_t *bound, int64_t *heur);
/* Every candidate the search weighs (at most cap). */
uint32_t nl_rows_cands(const nl_kernel *kp, nl_cand *out, uint32_t cap);

#endif
