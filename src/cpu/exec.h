/* exec.h - the cpu target: a function compiled to kernels and run natively.
 *
 *     cpu_exec *x = NULL;
 *     // inside sp_pcall (module canonicalized by cpu_exec_compile itself):
 *     cpu_exec_compile(ctx, m, func, it, &opts, &x);
 *     cpu_exec_run(x, args, results);      // args/results as interpreter values
 *     ...
 *     cpu_exec_free(x);                    // also after an error
 *
 * Kernels (passes/kernel.h) run in program order. A contraction kernel in
 * f32 becomes calls of the cpu engine (cpu.h): the contraction's loops split
 * into the engine's M, N, K (plus a batch-reduce loop) and outer loops, every
 * operand read through its strides (transposes and broadcasts are strides),
 * the fused elementwise chain compiled to the engine's epilogue program. An
 * f32 elementwise loop kernel runs the same program per element. Anything
 * else (other element types, reductions that are not contractions, tensor
 * ops) runs through the reference interpreter's op semantics, unfused.
 *
 * Storage: arguments and constants are read in place (a splat is one
 * element read with stride 0); the intermediate tensors between kernels live
 * in one arena planned by the offset planner (plan/alloc.h), with in-place
 * reuse for elementwise kernels whose input dies there; results go straight
 * into the result tensors. The func must be free of driver code (scf.for,
 * calls, prints): those are refused with an error naming the op.
 */
#ifndef SPADC_CPU_EXEC_H
#define SPADC_CPU_EXEC_H

#include "../interp/interp.h"
#include "../passes/kernel.h"
#include "../plan/alloc.h"
#include "cpu.h"

typedef struct cpu_exec cpu_exec;

typedef struct cpu_exec_opts {
    int nthreads;      /* >= 1 */
    bool time_kernels; /* record each kernel's wall time (cpu_exec_kernel_seconds); two clock reads per kernel */
} cpu_exec_opts;

/* What the compiled program uses, for `spadc plan` and tests. */
typedef struct cpu_exec_stats {
    int64_t arena_bytes;           /* planned footprint of the intermediates */
    int64_t arena_peak_live;       /* most intermediate bytes live at once */
    int64_t constant_bytes;        /* bytes of tensor constants read in place */
    int64_t copied_constant_bytes; /* bytes of constants copied before use */
    uint32_t nkernels, nfast;      /* kernels, and how many run on the engine */
} cpu_exec_stats;

void cpu_exec_compile(sp_ctx *ctx, ir_module *m, ir_op *func, interp *it, const cpu_exec_opts *o, cpu_exec **out);
/* results[r] with a tensor already set (e.g. interp_tensor_borrow over the
 * caller's buffer) is written in place; otherwise a new tensor is made. */
void cpu_exec_run(cpu_exec *x, const interp_value *args, interp_value *results);
/* Argument arg will hold data in every later run: pack now, once, the
 * weights kernels read from it (as for constants). Inside sp_pcall. */
void cpu_exec_pack_arg(cpu_exec *x, uint32_t arg, const void *data);
void cpu_exec_free(cpu_exec *x);

const kn_program *cpu_exec_program(const cpu_exec *x);
cpu_exec_stats cpu_exec_get_stats(const cpu_exec *x);
/* Whether kernel i runs on the engine (true) or through the interpreter. */
bool cpu_exec_kernel_fast(const cpu_exec *x, uint32_t i);
/* Wall time kernel i took in the last cpu_exec_run (0 unless time_kernels). */
double cpu_exec_kernel_seconds(const cpu_exec *x, uint32_t i);
/* Kernel i's blocking on the engine (NULL when it runs elsewhere). */
const cpu_blocking *cpu_exec_kernel_blocking(const cpu_exec *x, uint32_t i);
/* The arena plan: one planner buffer per intermediate, with the value id
 * it holds (lifetimes in kernel steps). */
uint32_t cpu_exec_arena(const cpu_exec *x, const plan_buf **bufs, const uint32_t **values);

#endif
