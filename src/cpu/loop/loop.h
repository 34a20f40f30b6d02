/* loop.h - the cpu engine's loop kernels: an elementwise chain, or a
 * reduction (a row or column sum, a max, a window of a pooling op) with the
 * elementwise chain that consumes it, over strided tensors of any element
 * type the reference computes (f32, f64, bf16, f16, i1, i8..i64), run
 * natively a chunk of lanes at a time and over threads.
 *
 *     cpu_loop L = {.ndims = 2, .bounds = {512, 768}, .reduction = {0, 1}, ...};
 *     // L.in[], L.out: dtype, offset and stride per loop; L.insn[]: the program
 *     cpu_loop_plan(&L);                    // the lane loop and the mode, once
 *     cpu_loop_run(ctx, &L, ptrs, out, 2);  // SP_OK, or SP_EINPUT naming the failing insn
 *
 * The program is typed straight-line code on registers of CPU_LOOP_LANES
 * lanes: f32 (and bf16, f16) lanes as floats, f64 as doubles, integers as
 * int64 sign-extended from their width (i1: 0 or 1). Arithmetic is the
 * reference interpreter's bit for bit (an f32 operation computed in double
 * and rounded once, as the reference does, equals the f32 operation, since
 * double has more than 2*24+2 bits), except the engine's own f32 functions (CPU_L_FN1: fn1.h says each one's ulps). An
 * instruction the engine has no loop for calls `scalar` per lane, which
 * is the reference's own semantics. Each instruction is a loop over the
 * lanes, compiled for the active ISA (loop_exec.h).
 *
 * A reduction kernel (acc >= 0): instructions [0, nroot) are the reduction's
 * body; they read the accumulator in register acc and leave the new one in
 * root_result, once per point of the reduction loops, starting from the
 * init (input init_input read through the output's strides, or init_imm).
 * The rest [nroot, ninsn) run once per output element, with the reduced
 * value in acc. An elementwise kernel (acc < 0) has nroot = 0.
 *
 * Two modes (cpu_loop_plan picks one, by the strides):
 * - lanes along a parallel loop: every output element's reduction runs in
 *   the reference's order, bit for bit;
 * - lanes along a reduction loop (a row reduction whose rows are
 *   contiguous): needs a body whose last instruction combines acc with a
 *   value computed without it (comb: add, mul, max, min, and, or, xor);
 *   each lane keeps a partial, the partials are combined at the end of
 *   the row: the same operations in another order (sums may round
 *   differently, within what --check accepts).
 */
#ifndef SPADC_CPU_LOOP_H
#define SPADC_CPU_LOOP_H

#include <stdbool.h>
#include <stdint.h>

#include "base/ctx.h"

#define CPU_LOOP_LANES 128
#define CPU_LOOP_MAX_DIMS 64
#define CPU_LOOP_MAX_INPUTS 16
#define CPU_LOOP_MAX_REGS 40
#define CPU_LOOP_MAX_INSNS 256
#define CPU_LOOP_GATHER_RANK 8 /* dims of a gather table */
#define CPU_LOOP_NONE 0xff      /* an operand register an instruction does not use */

/* Element types as stored in memory. */
typedef enum cpu_ltype {
    CPU_LT_F32,
    CPU_LT_F64,
    CPU_LT_BF16,
    CPU_LT_F16,
    CPU_LT_I1,
    CPU_LT_I8,
    CPU_LT_I16,
    CPU_LT_I32,
    CPU_LT_I64 /* also index */
} cpu_ltype;

/* One lane: the layout of the reference's interp_scalar. */
typedef union cpu_lane {
    double f;
    int64_t i;
} cpu_lane;

typedef enum cpu_lop {
    CPU_L_LOAD,   /* r[dst] = in[a] at this chunk */
    CPU_L_CONST,  /* r[dst] = imm */
    CPU_L_INDEX,  /* r[dst] = index of loop a */
    CPU_L_COPY,   /* r[dst] = r[a] */
    /* floats, result rounded to dt */
    CPU_L_ADDF,
    CPU_L_SUBF,
    CPU_L_MULF,
    CPU_L_DIVF,
    CPU_L_MAXIMUMF, /* NaN if either is; -0 < +0 */
    CPU_L_MINIMUMF,
    CPU_L_NEGF,
    CPU_L_ABSF,
    CPU_L_SQRT,
    CPU_L_RSQRT,  /* f32, f64: 1 / sqrt(r[a]), two roundings, as the reference */
    CPU_L_ROUNDF, /* extf / truncf: r[a] rounded to dt */
    CPU_L_SITOFP, /* int to float dt */
    CPU_L_CMPF,   /* pred: the reference's IR_CMPF_* numbering; i1 result */
    /* integers, result wrapped to dt */
    CPU_L_ADDI,
    CPU_L_SUBI,
    CPU_L_MULI,
    CPU_L_ANDI,
    CPU_L_ORI,
    CPU_L_XORI,
    CPU_L_MAXSI,
    CPU_L_MINSI,
    CPU_L_WRAPI, /* extsi / trunci / index_cast: r[a] wrapped to dt */
    CPU_L_CMPI,  /* pred: IR_CMPI_* of operands of type at; i1 result */
    CPU_L_SELECT, /* r[dst] = r[a].i ? r[b] : r[c] */
    CPU_L_FN1,    /* f32 r[dst] = function imm.i (an ir_opkind) of r[a]: the
                   * engine's own, vectorised (fn1.h, loop_impl.h loop_fn1) */
    CPU_L_SCALAR, /* r[dst] = scalar(ud, r[a], r[b], r[c]) per lane */
    CPU_L_GINDEX, /* gather index, one dim at a time: r[dst] = r[a] * gdims[k]
                   * + r[b] for k = imm.i of table in[pred] (r[a] = 0 when a
                   * is none), or -1 when r[a] is or r[b] is out of [0, gdims[k]) */
    CPU_L_GATHER, /* r[dst] = element r[a] (row-major, from CPU_L_GINDEX) of
                   * the table in[pred]; -1 fails the instruction, as the
                   * scalar hook does */
    CPU_L_OP_COUNT
} cpu_lop;

typedef struct cpu_loop_insn {
    uint8_t op;             /* cpu_lop */
    uint8_t dt, at, bt, ct; /* element types (cpu_ltype) of the result and operands a, b, c */
    uint8_t pred;
    uint8_t dst, a, b, c;
    cpu_lane imm;
    const void *ud; /* CPU_L_SCALAR: passed to the scalar hook */
} cpu_loop_insn;

/* A tensor read or written through the loops: element
 * ptr[off + sum_d idx[d] * stride[d]] of type dtype. */
typedef struct cpu_loop_tensor {
    uint8_t dtype; /* cpu_ltype */
    int64_t off;
    int64_t stride[CPU_LOOP_MAX_DIMS];
    /* a gather table (grank > 0: read by CPU_L_GATHER only, never through
     * the loops), dense row-major of dims gdims[0, grank) */
    uint8_t grank;
    int64_t gdims[CPU_LOOP_GATHER_RANK];
} cpu_loop_tensor;

/* The reference semantics of one instruction on one lane: 0, or nonzero
 * (e.g. an integer division by zero) and nothing written. */
typedef int (*cpu_loop_scalar_fn)(const void *ud, const cpu_lane *a, const cpu_lane *b, const cpu_lane *c,
                                  cpu_lane *r);

typedef enum cpu_loop_mode { CPU_LOOP_PARALLEL_LANES, CPU_LOOP_REDUCTION_LANES } cpu_loop_mode;

typedef struct cpu_loop {
    uint32_t ndims;
    int64_t bounds[CPU_LOOP_MAX_DIMS];
    bool reduction[CPU_LOOP_MAX_DIMS];
    uint32_t nin;
    cpu_loop_tensor in[CPU_LOOP_MAX_INPUTS];
    cpu_loop_tensor out;
    uint32_t ninsn, nregs;
    cpu_loop_insn insn[CPU_LOOP_MAX_INSNS];
    int result; /* register stored to out */
    /* reduction kernels */
    int acc;           /* register of the accumulator, -1: elementwise */
    uint32_t nroot;    /* the body: insn[0, nroot) */
    int root_result;   /* the body's new accumulator */
    int init_input;    /* input read as the init (through out's strides), -1: init_imm */
    cpu_lane init_imm;
    cpu_loop_scalar_fn scalar;
    /* filled by cpu_loop_plan */
    cpu_loop_mode mode;
    int lane_dim;      /* the loop the lanes run along (-1: none has extent > 1) */
    /* loops merged into the lane loop: every tensor's stride along each is
     * the lane loop's times the extent merged before it, so the lanes run
     * on across their points as one loop of lane_extent (a 56-wide row of
     * 56 rows: 3136 lanes, not 56); their indices stay 0 */
    uint64_t lane_merged;
    int64_t lane_extent; /* bounds[lane_dim] times those of the merged loops */
    uint8_t comb;      /* reduction lanes: the combining op (cpu_lop) */
    int comb_value;    /* its operand other than acc */
} cpu_loop;

/* Check the program and choose the mode and the lane loop: SP_OK, or
 * SP_EINPUT with the reason in ctx (a malformed program, a register out of
 * range). */
sp_status cpu_loop_plan(sp_ctx *ctx, cpu_loop *L);
/* Run: in_ptrs[i] is input i's storage (a broadcast input may be read with
 * all strides 0), out the output's. SP_OK, or SP_EINPUT when the scalar
 * hook failed: *failed_insn says which instruction (its message is the
 * caller's to write). */
sp_status cpu_loop_run(sp_ctx *ctx, const cpu_loop *L, const void *const *in_ptrs, void *out, int nthreads,
                       uint32_t *failed_insn);
/* Bytes of the registers cpu_loop_run_here works in. */
#define CPU_LOOP_REGS_BYTES ((size_t)CPU_LOOP_MAX_REGS * CPU_LOOP_LANES * 8)
/* Run all of L on the calling thread, no team (a caller that splits its
 * own work over threads: a row-wise chain's blocks of rows), with the
 * engine of isa (cpu_isa) in regs (CPU_LOOP_REGS_BYTES, aligned to 64):
 * 0, or 1 + the instruction whose scalar hook failed. */
uint32_t cpu_loop_run_here(const cpu_loop *L, int isa, const void *const *in_ptrs, void *out, void *regs);
/* The threads cpu_loop_run starts for L at nthreads (cpu_team over its items). */
int cpu_loop_team(const cpu_loop *L, int nthreads);
/* The element bytes of a copy program -- elementwise, one LOAD of an input
 * in the output's type (not a gather table), or a zero CONST -- and 0 if
 * L is not one (nor of i1, whose lanes hold a bit the store narrows).
 * cpu_loop_run copies such a LOAD's lane runs whole (memmove where both
 * sides are contiguous along them); loop_lower.c's run_copy runs a
 * kernel's copy along its last loop, its outer rows split over threads. */
int cpu_loop_copy_bytes(const cpu_loop *L);

/* ------------------------------------------------------- fused programs
 *
 * A planned loop whose program has one of two shapes runs as a few native
 * loops (loop_fused.c, loop_fused_exec.h) instead of instruction by
 * instruction, with each lane's arithmetic, and its order, that of the
 * engine (so bit for bit its result):
 * - REDUCE: over one row loop o (or none) and one reduction loop a, the
 *   body acc + f, f one of x (SUM), x * x (SQ) or (x - s) * (x - s) (VAR),
 *   x an f32 input read as f32 or converted to f64 (extf), s another input
 *   in the accumulator's type: a LayerNorm's and an RMSNorm's statistics;
 *   the rest of the program (the mean's division, the eps and rsqrt) runs
 *   on the engine once per row, as `tail`, whose last input is the row's
 *   reduced value;
 * - CHAIN: over at most two loops, x then steps v = v op y (or y op v), op
 *   + - * / in f32, y an input or a constant: a normalisation's
 *   (x - mean) * rstd * gamma + beta.
 * The rows path (rows_path.c) runs a LayerNorm's parts so; the engine's
 * per-instruction registers spent ~25 cycles an element on ConvNeXt's. */
typedef enum cpu_fused_kind { CPU_FUSED_NONE, CPU_FUSED_REDUCE, CPU_FUSED_CHAIN } cpu_fused_kind;
typedef enum cpu_fused_body { CPU_FB_SUM, CPU_FB_SQ, CPU_FB_VAR } cpu_fused_body;
#define CPU_FUSED_MAX_STEPS 16
#define CPU_FUSED_MAX_ROWS 512 /* a REDUCE's rows (its reduced values are held on the stack) */
typedef struct cpu_fused_step {
    uint8_t op;    /* CPU_L_ADDF, _SUBF, _MULF, _DIVF */
    bool rev;      /* y op v, not v op y */
    int8_t input;  /* y: input i, or -1: imm */
    float imm;
} cpu_fused_step;
typedef struct cpu_loop_fused {
    cpu_fused_kind kind;
    int row_dim;   /* the row loop (REDUCE) or the outer loop (CHAIN); -1: none */
    int line_dim;  /* the reduction loop (REDUCE) or the lane loop (CHAIN) */
    int x;         /* the input x */
    /* REDUCE */
    uint8_t body;  /* cpu_fused_body */
    bool wide;     /* f64 accumulator, x converted */
    int stat;      /* VAR's s */
    bool partials; /* lanes along the reduction: the engine's CPU_LOOP_LANES partials, folded as a tree */
    cpu_lane init;
    cpu_loop tail; /* planned; its input tail.nin - 1 is the reduced values, one per row */
    /* CHAIN */
    uint32_t nsteps;
    cpu_fused_step steps[CPU_FUSED_MAX_STEPS];
} cpu_loop_fused;
/* F = L's program as a fused loop (L planned), or false (F->kind NONE)
 * where it is not one of the shapes. SPADC_LOOP_FUSE=0 says false always
 * (the engine's way, for an A/B). */
bool cpu_loop_fuse(sp_ctx *ctx, const cpu_loop *L, cpu_loop_fused *F);
/* Run fused F of L on the calling thread, as cpu_loop_run_here runs L
 * (regs for the tail): 0, or 1 + the tail's failing instruction. */
uint32_t cpu_loop_fused_run(const cpu_loop_fused *F, const cpu_loop *L, int isa, const void *const *in_ptrs, void *out,
                            void *regs);

#endif
