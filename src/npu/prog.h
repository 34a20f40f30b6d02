/* prog.h - the npu's instruction set: what a kernel's program is made of,
 * and how it is printed.
 *
 *     np_insn in = {.op = NP_MVIN, .dst = {.buf = 0, .off = 0, .rows = 256, .cols = 384, .ld = 3},
 *                   .dram = {.tensor = x_id, .off = 0, .rs = 768, .cs = 1}};
 *     sink->fn(sink->ud, &in);              // consumers: printer, timing, simulator
 *     np_print_insn(&sb, &names, &in);      // "mvin X[256x384]@0 <- %x[0 +768r +1c]"
 *
 * A program is produced by the lowering (lower.h) one instruction at a time
 * into a sink, so the tile search can time a candidate without storing it and
 * the simulator can run a 4096^3 GEMM without holding its program.
 *
 * The machine (machine.h): per lane a scratchpad slice; a tile view is
 * rows x cols elements of one element type (np_dtype: f32, f64, bf16, f16,
 * or an integer of 1 to 8 bytes; an i1 takes a byte), split over the lanes by
 * columns (the view's column c is the tile's column c0 + c, in lane
 * (c0 + c) mod L at per-lane element (c0 + c) / L), row r starting ld
 * per-lane elements after row r - 1, element (0, 0) of the tile at per-lane
 * byte `off`. An f64 element takes the bytes of two f32 ones, so a vector
 * instruction covers half as many of them. Instructions:
 *   BIRTH b / DEATH b  buffer b of the kernel's plan starts / ends its life:
 *                      the simulator refuses accesses outside a live buffer
 *                      and poisons a dying buffer's bytes with NaN
 *   MVIN  dst <- dram  DMA a 2-D strided DRAM region into a tile (Gemmini's
 *                      MVIN; element (r, c) from dram.off + r*rs + c*cs, in
 *                      elements of the view's type: DMA does not convert)
 *   MVOUT dram <- src  DMA a tile out (MVOUT)
 *   FILL  dst = s      vector unit: every element the scalar (imm, or the
 *                      run-time scalar value `scalar` when >= 0), in the
 *                      view's element type
 *   GEMM  dst (+)= a*b weight-stationary matmul on the systolic arrays: b
 *                      ([k x cols]) is cut into lanes x lanes weight blocks,
 *                      each preloaded into an array while a's `rows` rows
 *                      stream through it; partial sums accumulate into dst
 *                      (the accumulator) in the order of the k blocks
 *   VEC   dst <- prog  vector unit: a small register program (np_vprog)
 *                      strip-mined over a rows x cols iteration tile, reading
 *                      the source tiles (broadcast where a source has one row
 *                      or one column) and the accumulator; `mode` says
 *                      whether it maps or reduces rows / columns into dst
 *   BARRIER            every unit drains (the end of a kernel)
 *   GATHER dst <- dram[a]  the DMA engine's indexed load: element (r, c)
 *                      from DRAM element dram.off + a(r, c), a the i64
 *                      index tile on chip (a VEC computed it, NV_GIDX),
 *                      k the table's elements;
 *                      every element is its own burst (timing.c)
 * Inside a kernel the units run in parallel, each in program order; a
 * scoreboard over scratchpad byte ranges (Gemmini's reservation station
 * does the same) orders an instruction after the earlier ones whose bytes
 * it reads or overwrites, so the program needs no other synchronisation.
 *
 * Ownership: instructions are values; src views of VEC point into storage
 * the producer keeps valid for the duration of the sink call.
 */
#ifndef SPADC_NPU_PROG_H
#define SPADC_NPU_PROG_H

#include <stdbool.h>
#include <stdint.h>

#include "base/strbuf.h"

/* Element types of the scratchpad and the vector unit's registers. */
typedef enum np_dtype { NP_F32, NP_F64, NP_I1, NP_I8, NP_I16, NP_I32, NP_I64, NP_BF16, NP_F16, NP_NDTYPES } np_dtype;
/* Bytes an element takes on chip and in DRAM (i1: 1; bf16, f16: 2). */
int np_dtype_bytes(np_dtype t);
const char *np_dtype_name(np_dtype t);
/* bf16 and f16: held on chip and moved at 2 bytes, multiplied by the
 * arrays into f32 accumulators; the vector unit computes on them with the
 * reference's semantics (NV_OP), each result rounded to its type. */
static inline bool np_dtype_half(np_dtype t) { return t == NP_BF16 || t == NP_F16; }
/* A float type (its scalars are np_scalar.f). */
static inline bool np_dtype_float(np_dtype t) { return t == NP_F32 || t == NP_F64 || np_dtype_half(t); }
/* f32 and f64: the types the vector unit's own float instructions
 * (NV_ADD ... NV_FN, NV_CMP) take. */
static inline bool np_dtype_vfloat(np_dtype t) { return t == NP_F32 || t == NP_F64; }

/* A scalar of any element type: floats as double (already rounded to
 * their type), integers sign-extended from their width (i1: 0 or 1), as
 * the reference interpreter holds them. */
typedef union np_scalar {
    double f;
    int64_t i;
} np_scalar;

typedef enum np_opcode { NP_BIRTH, NP_DEATH, NP_MVIN, NP_MVOUT, NP_FILL, NP_GEMM, NP_VEC, NP_BARRIER, NP_GATHER } np_opcode;

typedef struct np_view {
    int32_t buf;        /* the kernel plan's buffer it lies in */
    int64_t off;        /* per-lane byte offset of the tile's element (0, 0) */
    int64_t rows, cols; /* elements */
    int64_t ld;         /* per-lane elements between consecutive rows */
    uint8_t dt;         /* np_dtype (0: f32) */
    int64_t c0;         /* the tile column of the view's column 0 (0 <= c0 < lanes) */
    /* Grouped rows (0: none). Rows come in groups of g1, ld apart within a
     * group, group j starting gs1 * j per-lane elements after group 0; with
     * g2 > 0 the groups come in sets of g2, set i starting gs2 * i after set
     * 0. Row r = (i2 * g2 + i1) * g1 + i0 starts i0*ld + i1*gs1 + i2*gs2
     * per-lane elements after row 0 (np_view_row). A convolution's window
     * tap reads its halo tile so: output pixels (image, row, column) of a
     * tile are rows of a grouped view of the input rows held on chip.
     * Strides are non-negative; DMA, FILL, a GEMM's operands and a vector
     * op's sources (mapping or reducing rows) take grouped views. */
    int64_t g1, gs1, g2, gs2;
} np_view;

typedef struct np_dram {
    uint32_t tensor;  /* DRAM tensor (the value id of the tensor's storage) */
    int64_t off;      /* element offset of (0, 0) */
    int64_t rs, cs;   /* element strides of rows and columns (0: repeated) */
} np_dram;

/* ---------------------------------------------------- vector programs */

typedef enum np_vop {
    NV_LOAD,   /* r[d] = src[a] at the point (broadcast as the source's shape says) */
    NV_ACC,    /* r[d] = the accumulator (dst) at the point */
    NV_CONST,  /* r[d] = imm */
    NV_SCALAR, /* r[d] = run-time scalar number `slot` */
    NV_ADD, NV_SUB, NV_MUL, NV_DIV,
    NV_MAX,    /* arith.maximumf: NaN if either is NaN, +0 > -0 */
    NV_MIN,
    NV_MAXNUM, /* arith.maxnumf: the other operand when one is NaN */
    NV_MINNUM,
    NV_FN,     /* r[d] = unary function `fn` (an ir_opkind: negf, absf,
                  sqrt, rsqrt on the ALUs, or one of the machine's special
                  functions, nt_target.sfu, at the SFU's latency) of r[a],
                  as the reference computes it (interp_math1_fns) */
    NV_CMP,    /* r[d] (i1) = cmpf(pred, r[a], r[b]) */
    NV_SELECT, /* r[d] = r[a] (i1) ? r[b] : r[c] */
    NV_OP,     /* r[d] = scalar op `op` (an arith or math op of the IR: a
                  cast, integer arithmetic, ...) of r[a], r[b], r[c], with
                  the reference interpreter's semantics (interp_scalar_op) */
    NV_IDX,    /* r[d] (i64) = the index of kernel loop `slot` at the point
                  (VEC's lix, lr, lc: an iota) */
    NV_GIDX,   /* r[d] (i64) = r[a] * imm.i + r[b]: a gather's row-major
                  index, one table dim (imm.i long) at a time; fails (as
                  op_ir, the tensor.extract) when r[b] is outside [0, imm.i) */
    NV_COUNT
} np_vop;

/* One instruction: its result type dt, its operands' type at (cmp, casts;
 * else dt). Floating-point arithmetic of f32 rounds to f32, of f64 to f64. */
typedef struct np_vinsn {
    uint8_t op, d, a, b, c, pred;
    uint8_t dt, at;   /* np_dtype */
    uint16_t fn;      /* NV_FN: the ir_opkind */
    uint32_t slot;
    np_scalar imm;
    const void *op_ir; /* NV_OP: the ir_op (ir/ir.h) whose semantics it runs */
} np_vinsn;

#define NP_VMAX_INSNS 96
#define NP_VMAX_REGS 32
#define NP_VMAX_SRCS 8

typedef struct np_vprog {
    uint32_t n;
    np_vinsn insn[NP_VMAX_INSNS];
    uint8_t nregs, result;
    uint32_t nalu; /* arithmetic instructions per element group (timing) */
    /* of those, how many work on elements of 1, 2, 4 and 8 bytes: an
     * instruction on 8-byte elements covers half the elements of one on 4 */
    uint32_t nalu_bytes[4];
    bool sfu;      /* uses a special function (np_vfn_sfu) */
} np_vprog;
/* The unary functions every vector unit's ALUs have (NV_FN): negf, absf,
 * sqrt, rsqrt. Any other NV_FN is a special function: the machine lists
 * the ones its SFU has (nt_target.sfu) and they take its latency. */
bool np_vfn_alu(uint16_t fn);
/* The name an NV_FN prints as: the op's name without its dialect. */
const char *np_vfn_name(uint16_t fn);
/* Vector-unit occupancy of a program over `lane_elems` elements per lane,
 * vector registers of vlen_bits per lane: the sum over its arithmetic
 * instructions of ceil(lane_elems / elements per register); an empty
 * program (a copy) passes the elements once, at `copy_bytes` each. */
int64_t np_vprog_groups(const np_vprog *p, int64_t lane_elems, int64_t vlen_bits, int copy_bytes);
/* Element operations weighted by element bytes (the vector roofline's
 * work: vlen_bits / 8 of them a cycle per lane). */
int64_t np_vprog_op_bytes(const np_vprog *p);

typedef enum np_vmode {
    NP_VMAP,         /* dst[r][c] = prog(r, c) */
    NP_VREDUCE_ROWS, /* dst is [1 x cols]: dst[0][c] = prog over r = 0.. in order */
    NP_VREDUCE_COLS, /* dst is [rows x 1]: across lanes, c = 0.. in order */
    NP_VREDUCE_ALL   /* dst is [1 x 1]: r outer, c inner */
} np_vmode;

/* ---------------------------------------------------------- the insns */

enum { NP_ACC = 1 };

/* Why a DMA moves its bytes, as the emitter that issues it knows (the
 * per-kernel dram_gap of lower.h, nl_dram_gap, adds them up):
 *   FIRST  the first time the kernel moves these elements (and every store)
 *   TILE   a load of elements an earlier load of the same operand moved,
 *          because the tile loop it does not depend on (an M or N tile, a
 *          row or column tile, an attention's row tile) moved on: the tile
 *          does not cover the operand
 *   OUTER  the same, because an outer loop it does not depend on (a batch
 *          or other parallel loop run one index at a time, an outer
 *          reduction loop) moved on; takes precedence over TILE
 *   EPI    TILE or OUTER for a tensor only the epilogue (the elementwise
 *          work after the contraction or reduction) reads
 *   HALO   a convolution's (or a pool's) first load of a halo tile: its
 *          rows overlap the neighbouring tiles' halos, so these loads move
 *          the input's elements once or more each */
typedef enum np_why { NP_WHY_FIRST, NP_WHY_TILE, NP_WHY_OUTER, NP_WHY_EPI, NP_WHY_HALO, NP_NWHY } np_why;
const char *np_why_name(np_why w);

typedef struct np_insn {
    uint8_t op;    /* np_opcode */
    uint8_t flags; /* GEMM: NP_ACC accumulates into dst */
    uint8_t mode;  /* VEC: np_vmode */
    uint8_t nsrc;  /* VEC: sources */
    uint8_t why;   /* MVIN / MVOUT: np_why (0 FIRST); changes no timing */
    int32_t buf;   /* BIRTH / DEATH */
    int64_t rows, cols, k; /* VEC: iteration tile; GEMM: rows x k x cols */
    np_view dst;   /* MVIN, FILL, GEMM, VEC, GATHER */
    np_view a, b;  /* GEMM: a [rows x k], b [k x cols]; MVOUT: a is the tile; GATHER: a the index tile */
    np_dram dram;  /* MVIN / MVOUT */
    const np_view *src;   /* VEC sources (nsrc) */
    const np_vprog *prog; /* VEC */
    np_scalar imm; /* FILL (in dst's element type) */
    int64_t scalar; /* FILL: run-time scalar number, or -1 for imm */
    /* VEC of a program with NV_IDX: the kernel loops' indices at the
     * iteration tile's point (0, 0), the loops its rows and columns walk
     * (-1: none); NULL when the program reads no loop index */
    const int64_t *lix;
    int8_t lr, lc;
} np_insn;

/* Where instructions go. fn returns nothing; errors raise through the
 * consumer's context. */
typedef struct np_sink {
    void (*fn)(void *ud, const np_insn *in);
    void *ud;
} np_sink;

/* One instruction of each common shape, fed to a sink: the builders every
 * emitter shares (emit.c, conv.c, window.c, rows.c, attn_emit.h), so an
 * instruction's fields are set in one place. A FILL of imm when scalar is
 * -1, else of run-time scalar number `scalar`. */
void np_put_marker(np_sink s, np_opcode op, int32_t buf);
void np_put_fill(np_sink s, np_view dst, np_scalar imm, int64_t scalar);
void np_put_vec(np_sink s, np_vmode mode, np_view dst, int64_t rows, int64_t cols, const np_view *src, uint32_t nsrc,
                const np_vprog *prog);

/* Names for printing: buffers by index, DRAM tensors by id, scalars. */
typedef struct np_names {
    const char *(*buf)(void *ud, int32_t b);
    const char *(*tensor)(void *ud, uint32_t t);
    void *ud;
} np_names;

const char *np_opcode_name(np_opcode op);
const char *np_vop_name(np_vop op);
/* One instruction on one line (no newline). */
void np_print_insn(sp_strbuf *out, const np_names *nm, const np_insn *in);
/* The vector program as "r1 = load s0; r2 = add r0, r1; ... -> r3". */
void np_print_vprog(sp_strbuf *out, const np_vprog *p);

/* Per-lane elements from row 0 of v to the start of its row r. */
static inline int64_t np_view_row(const np_view *v, int64_t r) {
    if (v->g1 <= 0) return r * v->ld;
    int64_t j = r / v->g1, i0 = r % v->g1;
    if (v->g2 <= 0) return i0 * v->ld + j * v->gs1;
    return i0 * v->ld + (j % v->g2) * v->gs1 + (j / v->g2) * v->gs2;
}
/* Whether v's rows are grouped (np_view_row is not r * ld). */
static inline bool np_view_grouped(const np_view *v) { return v->g1 > 0 && v->g1 < v->rows; }

/* Per-lane bytes a view spans from `off` to its last element. */
int64_t np_view_span(const np_view *v, int64_t lanes);
/* Per-lane elements a view covers (rows x the lane columns it touches). */
int64_t np_view_lane_elems(const np_view *v, int64_t lanes);
static inline int np_view_elem(const np_view *v) { return np_dtype_bytes((np_dtype)v->dt); }

#endif
