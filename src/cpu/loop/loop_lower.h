/* loop_lower.h - internal to the cpu backend: a loop kernel (passes/kernel.h,
 * KN_LOOP) lowered to the engine's loop program (loop.h) and run on the
 * program's storage.
 *
 * Every body op becomes one instruction: the arithmetic the engine has
 * loops for directly, any other pure scalar op through the reference's
 * own semantics per lane (interp_scalar_op), so that the engine and the
 * reference compute the same thing. A tensor.extract of a tensor from
 * outside the body (an Embedding's table) is a gather: the table becomes
 * one more input, read by CPU_L_GATHER. What it refuses, it names in why:
 * an extract of a table of rank above 3 or of no storage, an elementwise
 * root that reads its outs, more live values than registers.
 */
#ifndef SPADC_CPU_LOOP_LOWER_H
#define SPADC_CPU_LOOP_LOWER_H

#include "exec/exec.h"
#include "loop.h"

typedef struct cpu_loop_patch {
    uint32_t insn;  /* CONST whose imm is a scalar known only at run time */
    uint32_t value; /* its value id */
} cpu_loop_patch;

/* A tensor.pad folded into a pool window's input (cb_folds_pad): the
 * window reads the pad's source, and a tap whose coordinates fall outside
 * it reads the padding value (loop_window.c). Padded dim r's coordinate
 * at loop indices i is cst[r] + sum_d coef[r][d] * i[d] (the padded one
 * less the low pad), inside the source in [0, extent[r]); rank such dims
 * (the unpadded ones left out); the source has numel elements; input in read
 * so; !on: no pad (a zeroed kernel has none). */
typedef struct cpu_loop_pad {
    bool on;
    uint32_t in;
    uint32_t rank;
    int64_t numel;
    int64_t extent[IR_MAX_RANK], cst[IR_MAX_RANK];
    int64_t coef[IR_MAX_RANK][CPU_LOOP_MAX_DIMS];
    float value;
} cpu_loop_pad;

typedef struct cpu_loop_kernel {
    /* a tensor op's first pass (pad: the padding value everywhere;
     * insert_slice: the destination copied), run before L */
    bool has_pre;
    cpu_loop pre;
    uint32_t pre_in_value[1];
    cpu_loop L;
    uint32_t in_value[CPU_LOOP_MAX_INPUTS]; /* value id of each input */
    uint32_t out_value;
    cpu_loop_patch patch[32];
    uint32_t npatch;
    int64_t init_value; /* value id of a run-time scalar init, or -1 */
    cpu_loop_pad pad;   /* a pad folded into a window's input */
} cpu_loop_kernel;

/* Lower loop kernel k of x into lk (inside sp_pcall): false with the reason
 * in why when the engine does not run it. An input read through a folded
 * pad lowers only where the direct window path runs it (loop_window.c).
 * x NULL: a trial before storage is known (cb_folds_pad). */
bool cpu_loop_lower(sp_ctx *ctx, const ex_program *x, const kernel *k, cpu_loop_kernel *lk, char *why, size_t nwhy);
/* Lower a tensor op kernel (KN_OP: tensor.extract_slice, insert_slice and
 * pad with static offsets and a padding value that is one scalar) to
 * copies by the loop engine: false with the reason in why otherwise. */
bool cpu_loop_lower_op(sp_ctx *ctx, const ex_program *x, const kernel *k, cpu_loop_kernel *lk, char *why, size_t nwhy);
/* Run it once on this run's storage (raises on a failing op, located). */
void cpu_loop_kernel_run(sp_ctx *ctx, const ex_program *x, cpu_loop_kernel *lk, int nthreads);
/* Raise what the reference says of instruction bad of L, which failed at
 * run time (interp_failure_text), located at its op; "... in WHAT" where
 * the instruction has no op (what: "a loop kernel"). */
SP_NORETURN void cpu_loop_throw_failure(sp_ctx *ctx, const cpu_loop *L, uint32_t bad, const char *what);
/* How many instructions of L run per lane with the reference's own
 * arithmetic (CPU_L_SCALAR: a body op the engine has no loop of its own
 * for; rsqrt ran 29x slower so than as its own loop), and the first one's
 * op name in *first (NULL where none): what `spadc plan` names. */
uint32_t cpu_loop_lane_ops(const cpu_loop *L, const char **first);
/* Whether L is a row sum the backend runs directly, not on the engine's
 * lanes (an f32 sum of f32 elements lying contiguous, then an f32 chain of
 * + - * / and constants: a global average pool, a mean over the last
 * axis), and its row length in *n (loop_lower.c run_rowsum). */
bool cpu_loop_row_sum(const cpu_loop *L, int64_t *n);
/* Whether L is a pool's window the backend runs directly (an f32 max or
 * sum of 2 to 64 taps of one f32 input, then an f32 chain of + - * / and
 * constants, whose output runs contiguous along loop *row), and its taps
 * in *taps (loop_window.c). */
bool cpu_loop_window(const cpu_loop *L, int *row, int64_t *taps);
/* Whether input input of loop kernel k may read folded through the pad
 * (a pool's -inf or zero padding): the direct window path runs the kernel
 * so (cb_folds_pad). */
bool cpu_loop_window_takes_pad(sp_ctx *ctx, const kernel *k, uint32_t input, const kn_input *folded);
/* The most threads a run of it starts at nthreads (cpu_team). */
int cpu_loop_kernel_team(const cpu_loop_kernel *lk, int nthreads);

#endif
