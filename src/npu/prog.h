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
 * rows x cols elements, split over the lanes by columns (column c in lane
 * c mod L at per-lane element c / L), row r starting ld per-lane elements
 * after row r - 1, element (0, 0) at per-lane byte `off`. Instructions:
 *   BIRTH b / DEATH b  buffer b of the kernel's plan starts / ends its life:
 *                      the simulator refuses accesses outside a live buffer
 *                      and poisons a dying buffer's bytes with NaN
 *   MVIN  dst <- dram  DMA a 2-D strided DRAM region into a tile (Gemmini's
 *                      MVIN; element (r, c) from dram.off + r*rs + c*cs)
 *   MVOUT dram <- src  DMA a tile out (MVOUT)
 *   FILL  dst = s      vector unit: every element the scalar (imm, or the
 *                      run-time scalar value `scalar` when >= 0)
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

typedef enum np_opcode { NP_BIRTH, NP_DEATH, NP_MVIN, NP_MVOUT, NP_FILL, NP_GEMM, NP_VEC, NP_BARRIER } np_opcode;

typedef struct np_view {
    int32_t buf;        /* the kernel plan's buffer it lies in */
    int64_t off;        /* per-lane byte offset of element (0, 0) */
    int64_t rows, cols; /* elements */
    int64_t ld;         /* per-lane elements between consecutive rows */
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
    NV_NEG, NV_ABS, NV_SQRT, NV_RSQRT,
    NV_EXP, NV_LOG, NV_TANH, NV_ERF, /* special functions (SFU latency) */
    NV_CMP,    /* r[d] = cmpf(pred, r[a], r[b]) ? 1 : 0 */
    NV_SELECT, /* r[d] = r[a] != 0 ? r[b] : r[c] */
    NV_COUNT
} np_vop;

typedef struct np_vinsn {
    uint8_t op, d, a, b, c, pred;
    uint32_t slot;
    float imm;
} np_vinsn;

#define NP_VMAX_INSNS 96
#define NP_VMAX_REGS 32
#define NP_VMAX_SRCS 8

typedef struct np_vprog {
    uint32_t n;
    np_vinsn insn[NP_VMAX_INSNS];
    uint8_t nregs, result;
    uint32_t nalu; /* arithmetic instructions per element group (timing) */
    bool sfu;      /* uses a special function */
} np_vprog;

typedef enum np_vmode {
    NP_VMAP,         /* dst[r][c] = prog(r, c) */
    NP_VREDUCE_ROWS, /* dst is [1 x cols]: dst[0][c] = prog over r = 0.. in order */
    NP_VREDUCE_COLS, /* dst is [rows x 1]: across lanes, c = 0.. in order */
    NP_VREDUCE_ALL   /* dst is [1 x 1]: r outer, c inner */
} np_vmode;

/* ---------------------------------------------------------- the insns */

enum { NP_ACC = 1 };

typedef struct np_insn {
    uint8_t op;    /* np_opcode */
    uint8_t flags; /* GEMM: NP_ACC accumulates into dst */
    uint8_t mode;  /* VEC: np_vmode */
    uint8_t nsrc;  /* VEC: sources */
    int32_t buf;   /* BIRTH / DEATH */
    int64_t rows, cols, k; /* VEC: iteration tile; GEMM: rows x k x cols */
    np_view dst;   /* MVIN, FILL, GEMM, VEC */
    np_view a, b;  /* GEMM: a [rows x k], b [k x cols]; MVOUT: a is the tile */
    np_dram dram;  /* MVIN / MVOUT */
    const np_view *src;   /* VEC sources (nsrc) */
    const np_vprog *prog; /* VEC */
    float imm;     /* FILL */
    int64_t scalar; /* FILL: run-time scalar number, or -1 for imm */
} np_insn;

/* Where instructions go. fn returns nothing; errors raise through the
 * consumer's context. */
typedef struct np_sink {
    void (*fn)(void *ud, const np_insn *in);
    void *ud;
} np_sink;

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

/* Per-lane bytes a view spans from its first to its last element. */
int64_t np_view_span(const np_view *v, int64_t lanes, int64_t elem_bytes);

#endif
