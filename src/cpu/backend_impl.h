/* backend_impl.h - internal to the cpu backend (backend.h), whose jobs
 * are split over these files, each naming its own part with the prefix cb_:
 *
 *   backend.c      the executor's hooks (start, prepare, run, bind, free),
 *                  the threads each kernel starts, the queries of backend.h
 *   lower.c        a kernel's path (cb_lower): GEMM, loop, op, attention,
 *                  depthwise or the interpreter; the GEMM's M, N, K and
 *                  outer loops (cb_plan_gemm), its blocking and packed B
 *   window_plan.c  a convolution's window on the GEMM engine (conv.h):
 *                  offsets, a folded pad's bounds, chunks, in-place masks
 *   epi_compile.c  the kernel's bodies (the body program, passes/body.h)
 *                  translated to the engine's epilogue program
 *   operands.c     where a kernel reads its tensors (cb_access) and its
 *                  epilogue operands each run; the backend's scratch
 *   gemm_run.c     a GEMM kernel's run: outer loops, chunked convolutions
 *   attn_path.c    a fused attention: planned as two GEMMs, run on attention.h
 *   dw_path.c      a depthwise convolution on the direct kernel (conv_dw.h)
 *   rows_path.c    a row-wise chain (KN_ROWS) on the loop engine, its parts
 *                  run a block of rows at a time in scratch
 *
 * Contract. A cb_kplan is one kernel's plan: cb_lower fills it (its path
 * and that path's fields) once, when storage is known; prepare and bind
 * may re-choose its blocking and pack B; run reads it, writing only the
 * per-run parts (operand pointers, patched constants, grown buffers,
 * epi_checked). What a plan allocates is freed by backend.c's free hook,
 * or by cb_lower where it drops a path's plan to try the next. The
 * bool cb_plan_* functions return false where the engine cannot run the
 * kernel that way; out of memory and the engine's own errors raise through
 * cb->ctx (sp_throw, sp_rethrow) everywhere here, as the executor's hooks
 * may. None of this is seen outside src/cpu/.
 */
#ifndef SPADC_CPU_BACKEND_IMPL_H
#define SPADC_CPU_BACKEND_IMPL_H

#include "cpu/attn/attention.h"
#include "backend.h"
#include "cpu/conv/conv.h"
#include "cpu/conv/conv_dw.h"
#include "ir/rewrite.h"
#include "cpu/kernels/kernels.h"
#include "cpu/loop/loop_lower.h"

typedef enum cb_path { CB_PATH_INTERP, CB_PATH_GEMM, CB_PATH_LOOP, CB_PATH_OP, CB_PATH_ATTN, CB_PATH_DW, CB_PATH_ROWS } cb_path;

/* A tensor read through the kernel's loops: element = base + off + sum(idx[d] * stride[d]). */
typedef struct cb_access {
    uint32_t value; /* value id */
    int64_t off;
    int64_t stride[KN_MAX_DIMS];
} cb_access;

typedef struct cb_patch {
    uint32_t insn;  /* CONST instruction whose imm comes from a runtime scalar */
    uint32_t value; /* value id */
} cb_patch;

typedef struct cb_kplan {
    kernel *k;
    cb_path path;
    cb_access out;
    /* epilogue (GEMM) / step program (LOOP) */
    cpu_epilogue epi;
    cb_access operand[CPU_EPI_MAX_OPERANDS];
    /* an i1 operand (a boolean mask a select reads) is read as floats 0/1:
     * converted per run into f32[slot] (f32_n floats, grown and kept) */
    bool is_i1[CPU_EPI_MAX_OPERANDS];
    int64_t cvt_numel[CPU_EPI_MAX_OPERANDS];
    /* likewise a bf16/f16 operand, converted per run (CPU_F32: read in place),
     * or once where it is a dense constant (cvt_kept) */
    cpu_dtype op_dt[CPU_EPI_MAX_OPERANDS];
    bool cvt_kept[CPU_EPI_MAX_OPERANDS];
    float *f32[CPU_EPI_MAX_OPERANDS];
    int64_t f32_n[CPU_EPI_MAX_OPERANDS];
    /* a loop kernel compiled as an epilogue: its root reads this input (+1;
     * 0: none) as the chain value in r0 (an attention's score kernels) */
    int32_t chain_in_plus1;
    cb_patch patches[CPU_EPI_MAX_INSNS];
    uint32_t npatches;
    /* GEMM */
    cb_access lhs, rhs;
    cpu_dtype a_dt, b_dt, c_dt; /* the engine's element types of lhs, rhs and out */
    /* set before planning: the epilogue keeps its last rounding to a 16-bit
     * C, which is otherwise the store's (a fused attention's bf16 scores,
     * never stored) */
    bool keep_c_rounding;
    /* computed as C^T = B^T A^T (lower.c gemm_swap): the kernel's rhs is
     * lhs here and its N loop m_dim, where C is unit-strided along the
     * kernel's M and not its N */
    bool swapped;
    int m_dim, n_dim, k_dim, br_dim;
    uint32_t nouter;
    uint32_t outer[KN_MAX_DIMS];
    int init_slot; /* epilogue operand holding the scalar init, or -1 */
    /* the engine's view: M x N x K (x NB batch-reduce), B's strides */
    int64_t gM, gN, gK, gNB, b_sk, b_sn, b_sb;
    /* gathered lhs (a convolution's window: an implicit GEMM): per outer
     * iteration the lhs is copied to an Mg x Kg row-major matrix, element
     * (m, k) at moff[m] + koff[k]; the merged M loops and all K loops */
    bool gather;
    /* ... or, where the weights are unit-strided along the window (FCHW)
     * and the input along an output pixel loop w (a stride-1 NCHW conv),
     * the transposed implicit GEMM: C^T[f][w] = W[f][k] X[k][w] per outer
     * iteration (batch, output rows), the weights read in place as A and
     * the window rows (each a contiguous run of the input) packed as B:
     * no im2col matrix, and copies instead of gathers */
    bool window_b;
    float *wpack; /* packed window: npanels x gK x NR floats, grown and kept */
    void *wpack_raw;
    size_t wpack_bytes;
    int64_t *moff, *koff;
    /* the window (conv.h) over those offsets: the pixels of all M loops
     * flattened (window_b: the N of each call, npix of them, chunk a call),
     * the padded coordinates of a folded tensor.pad (bounds: its arrays) */
    cpu_window win;
    int32_t *bounds, *combo;
    int64_t *krun;
    uint16_t *kcombo;
    cpu_window_pack_fn pack; /* window_b's packer: cpu_window_pack, or the ISA's for a linear window */
    /* window_b read in place (a linear window, a zero pad, a kernel set
     * with gemm_window): one GEMM per outer iteration over all pixels, B
     * through bwin's masks (npanels x gK x NR/16, built once), no packing */
    bool direct;
    /* direct on a strided window (not linear): its source copied by its
     * phases each run (cpu_phases), the window over the copy read in
     * place; else NULL */
    struct cb_phase_plan *ph;
    uint16_t *kmask;
    int64_t kperiod; /* direct: the window's taps per channel where the masks repeat with them (cpu_bwindow), else 0 */
    bool wfetch;     /* direct: the kernel prefetches the window's rows ahead (cpu_bwindow.fetch) */
    float *wtail;    /* direct with npix % 16 in 1..CPU_WIN_TAIL_MAX: the last pixels' window columns, K floats each (cpu_bwindow.tail), else NULL */
    int64_t npix, chunk;
    uint32_t padv_id; /* the padding value, a run-time scalar (padv_rt) or win.padv */
    bool padv_rt;
    uint32_t nmdims, nkdims;
    uint32_t mdims[KN_MAX_DIMS], kdims[KN_MAX_DIMS]; /* outermost first */
    cpu_packed *packed;
    cpu_blocking blocking;
    bool epi_checked; /* cpu_gemm checked epi once: its structure never changes, its pointers are value_ptr's */
    /* LOOP */
    cpu_loop_kernel *lk;
    /* ATTN: the two contractions planned as GEMMs (their accesses and
     * epilogues), the rows' offsets, the engine's arguments */
    struct cb_attn_plan *ap;
    /* DW: a depthwise convolution's direct kernel (conv_dw.h) */
    struct cb_dw_plan *dw;
    /* ROWS: a row-wise chain on the loop engine, a block of rows at a time (rows_path.c) */
    struct cb_rows_plan *rp;
    /* GEMM pairs (gemm_pair.c): the second GEMM holds the pair's plan and
     * runs both; the first (pair_first) runs at the second's turn */
    struct cb_pair_plan *pair;
    bool pair_first;
} cb_kplan;

/* Two GEMMs run by blocks of R rows (gemm_pair.c). */
typedef struct cb_pair_plan {
    int64_t R, nblocks;
    cpu_blocking blk1, blk2; /* each GEMM's tiles for R rows, one thread */
    int nthreads;
    float *at; /* the second's weights as row-major A, copied each run (it runs transposed) */
    void *at_raw;
    size_t at_bytes;
    uint8_t *work; /* per thread work_per bytes of scratch for the calls, grown and kept */
    void *work_raw;
    size_t work_per;
} cb_pair_plan;

typedef struct cb_attn_plan {
    struct cb_kplan qk, pv;
    int64_t *offs; /* every per-row offset array, one allocation */
    cpu_attn_args args;
} cb_attn_plan;


typedef struct cb_backend {
    ex_backend base;
    sp_ctx *ctx;
    cpu_backend_opts o;
    ex_program *px; /* the program this backend serves */
    uint32_t n;     /* values of its function */
    cb_kplan *kp;   /* by kernel */
    /* the GEMMs' scratch (B packed per call, ...): grown to the largest a
     * kernel needed, kept, so runs after the first allocate nothing */
    void *work, *work_raw;
    size_t work_bytes;
} cb_backend;

/* A depthwise convolution on the direct kernel (conv_dw.h): the loops
 * split into the lanes L (the output's unit-stride loop), the rows M (the
 * next output loop), the taps (every reduction loop, in loop order) and
 * the tiles (the other loops, split over the threads). */
typedef struct cb_dw_plan {
    cpu_dw d;
    int L, M;
    uint32_t nouter;
    uint32_t outer[KN_MAX_DIMS];
    /* rbase of padded coordinate r at the tile's loop indices idx:
     * rcst[r] + sum rocoef[r][d] * idx[d] */
    int64_t rcst[CPU_DW_MAX_ROWPAD], rocoef[CPU_DW_MAX_ROWPAD][KN_MAX_DIMS];
    int64_t *taps;   /* xtap, wtap */
    int32_t *coords; /* ltap, rtap[0], rtap[1] */
    cpu_epi_prog prog;
    int fold; /* epilogue operand folded as the init, or -1 */
} cb_dw_plan;

/* --------------------------------------------------------- operands.c */

/* Where v is read through map at the kernel's ndims loops (a splat: every
 * element the one stored; false: not linear in the loops, or a scalar). */
bool cb_make_access(const cb_backend *cb, const ir_value *v, const ir_amap *map, uint32_t ndims, cb_access *a);
/* The value a tensor.pad yields for its border (its region's one yield). */
const ir_value *cb_pad_value(const ir_op *pad);

/* The next point of loops dims[0..n) (outermost first) in idx. */
static inline void cb_odometer_next(int64_t *idx, const uint32_t *dims, uint32_t n, const int64_t *bounds) {
    for (int i = (int)n - 1; i >= 0; i--) {
        if (++idx[dims[i]] < bounds[dims[i]]) return;
        idx[dims[i]] = 0;
    }
}

/* a's offset at the loop indices idx of dims[0..n). */
static inline int64_t cb_at(const cb_access *a, const int64_t *idx, const uint32_t *dims, uint32_t n) {
    int64_t off = a->off;
    for (uint32_t i = 0; i < n; i++) off += idx[dims[i]] * a->stride[dims[i]];
    return off;
}

/* kp's epilogue constants known only at run time, patched in. */
void cb_patch_program(cb_backend *cb, cb_kplan *kp);
/* Where epilogue operand s of kp reads from this run (raises on out of
 * memory). */
float *cb_operand_base(cb_backend *cb, cb_kplan *kp, uint32_t s);
/* cb->work grown to need bytes (raises, naming what, on out of memory). */
void cb_keep_work(cb_backend *cb, size_t need, const char *what);

/* ------------------------------------------------------ epi_compile.c */

/* The engine's type (cpu_dtype) of a float dtype, or -1. */
int cb_engine_dt(ir_dtype dt);
/* Whether v is an f32 constant (*out: its value). */
bool cb_is_f32_const(const ir_value *v, float *out);
/* Compile the bodies of kernel ops [first, nops) into kp->epi; the chain
 * value enters in register 0 (contractions). */
bool cb_compile_program(cb_backend *cb, cb_kplan *kp, uint32_t first);
/* Append program t (its r0 the chain value) to kp's epilogue. */
bool cb_append_program(cb_kplan *kp, const cb_kplan *t);

/* ------------------------------------------------------------ lower.c */

bool cb_lower(ex_backend *b, ex_program *x, uint32_t i, char *why, size_t nwhy);
bool cb_folds_pad(ex_backend *b, const kernel *k, uint32_t input, const kn_input *folded);
/* f32 products and sums of f32, bf16 or f16 inputs: their types. */
bool cb_f32_mac(const kernel *k, cpu_dtype *a_dt, cpu_dtype *b_dt);
/* Whether an input is read through a window (a convolution's). */
bool cb_reads_a_window(const kernel *k);
/* A contraction's GEMM view (loops, strides, epilogue); may_swap: it may
 * run transposed (cb_kplan.swapped) where its result is column-major (the
 * attention path reads its two GEMMs' operands as planned, and passes
 * false). */
bool cb_plan_gemm(cb_backend *cb, cb_kplan *kp, bool may_swap);
/* Whether the rhs is one B for every outer iteration. */
bool cb_rhs_packable(const cb_kplan *kp);
void cb_pack_rhs(cb_backend *cb, cb_kplan *kp, const void *base);
void cb_choose_blocking(cb_backend *cb, cb_kplan *kp, bool b_streamed);

/* ------------------------------------------------------ window_plan.c */

bool cb_plan_window(cb_backend *cb, cb_kplan *kp);
/* A chunked convolution's work items, and whether they split over the
 * threads. */
int64_t cb_window_items(const cb_kplan *kp, int64_t nouter);
bool cb_window_split(const cb_kplan *kp, int nthreads, int64_t nouter);
void cb_plan_chunk(cb_backend *cb, cb_kplan *kp);
void cb_plan_direct(cb_backend *cb, cb_kplan *kp);

/* A strided window read in place over a copy of its source split by the
 * strides (cb_kplan.ph): the copy's layout and the window over it, the
 * copy's source at the first outer iteration's origin (base + adj, base
 * the lhs at the outer indices as cb_at gives it). */
typedef struct cb_phase_plan {
    cpu_phases ph;
    int64_t adj;
    cpu_window win;
    int64_t *moff, *koff, *krun;
    int32_t *bounds, *combo;
    uint16_t *kcombo;
} cb_phase_plan;
void cb_phase_free(sp_ctx *ctx, cb_phase_plan *pp);

/* --------------------------------------------------------- gemm_run.c */

/* Kernel ki's run: nothing for the first of a pair, both GEMMs for the
 * second (cb_run_pair); cb_run_gemm_apart runs it alone. */
void cb_run_gemm(cb_backend *cb, uint32_t ki);
void cb_run_gemm_apart(cb_backend *cb, uint32_t ki);

/* --------------------------------------------------------- gemm_pair.c */

/* The pairs hook (ex_backend.pairs): whether GEMM kernels i and i + 1 run
 * as a pair, planned if so. */
bool cb_pairs(ex_backend *b, ex_program *x, uint32_t i);
void cb_run_pair(cb_backend *cb, uint32_t ki);
void cb_pair_free(sp_ctx *ctx, cb_pair_plan *pp);

/* -------------------------------------------------------- attn_path.c */

bool cb_plan_attention(cb_backend *cb, cb_kplan *kp, char *why, size_t nwhy);
void cb_run_attention(cb_backend *cb, uint32_t ki);

/* ---------------------------------------------------------- dw_path.c */

void cb_dw_free(sp_ctx *ctx, cb_dw_plan *p);
/* Whether a window contraction may be a depthwise one, from its structure
 * alone. */
bool cb_dw_shape(const kernel *k, const kn_input *in0);
bool cb_plan_dw(cb_backend *cb, cb_kplan *kp);
void cb_run_dw(cb_backend *cb, cb_kplan *kp);

/* -------------------------------------------------------- rows_path.c */

/* The fuse_rows hook: whether the engine runs row-wise chain k (its parts
 * lowered as a trial, before storage is known). */
bool cb_fuse_rows(ex_backend *b, const kernel *k);
bool cb_plan_rows(cb_backend *cb, cb_kplan *kp, char *why, size_t nwhy);
void cb_run_rows(cb_backend *cb, cb_kplan *kp);
int cb_rows_team(const struct cb_rows_plan *rp);
void cb_rows_free(sp_ctx *ctx, struct cb_rows_plan *rp);
void cb_rows_describe(const struct cb_rows_plan *rp, cpu_rows_info *info);

#endif
