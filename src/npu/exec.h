/* exec.h - the npu target: a function compiled to npu kernel programs and
 * run on the simulator (functional and timing together).
 *
 *     nx_opts o = {0};
 *     nt_target_builtin(&o.target);            // or nt_target_load(...)
 *     nx_exec *x = NULL;
 *     // inside sp_pcall (module canonicalized by nx_compile itself):
 *     nx_compile(ctx, m, func, it, &o, &x);     // tiles chosen, SP_ENOFIT if one does not fit,
 *                                               // SP_EINPUT if the program takes 2^62 cycles or more
 *     nx_run(x, args, results);                 // simulates every kernel
 *     nx_kernel_info ki = nx_kernel(x, 0);      // plan, estimate, simulated stats
 *     nx_free(x);                               // also after an error
 *
 * Kernels (passes/kernel.h) run in program order, one at a time on core 0,
 * each from an idle machine (a BARRIER ends every program). A kernel the npu
 * expresses (f32 contractions with their epilogues, f32 elementwise and
 * reduction loops) is lowered by lower.h with the tile the search chose
 * and simulated; any other kernel (other element types, tensor ops such
 * as pad) runs on the host through the reference interpreter's op
 * semantics, and nx_kernel says so with the reason: never silently.
 *
 * DRAM: arguments and constants are read in place (a splat constant is a
 * scalar: a fill, never a DMA); results are written straight into the
 * result tensors; the intermediates between kernels live in one DRAM arena
 * planned by the offset planner (plan/alloc.h), an elementwise npu kernel
 * writing over an input that dies there. Driver code (scf.for, calls) is
 * refused with an error naming the op, as on the cpu target.
 */
#ifndef SPADC_NPU_EXEC_H
#define SPADC_NPU_EXEC_H

#include "../interp/interp.h"
#include "../passes/kernel.h"
#include "lower.h"
#include "timing.h"

typedef struct nx_exec nx_exec;

typedef struct nx_opts {
    nt_target target;
    double budget_fraction; /* of each lane's slice; 0: the target's spadc_budget */
    int64_t budget_bytes;   /* per lane; wins over the fraction when > 0 */
    int64_t tile[3];        /* forced contraction tile (0: search) */
    int nthreads;           /* host threads for the simulator's arithmetic */
    bool shorten_acc;       /* tests: plan and emit Y dying before its store */
    bool no_access_check;   /* tests: let poisoned bytes through to the results */
} nx_opts;

typedef struct nx_kernel_info {
    const kernel *k;
    const nl_kernel *kp;
    const nl_choice *ch; /* NULL when the host runs it */
    bool ran;            /* the simulator ran it in the last nx_run */
    nc_stats sim;        /* the last run's simulated statistics */
} nx_kernel_info;

typedef struct nx_stats {
    int64_t arena_bytes, arena_peak_live;
    int64_t constant_bytes, copied_constant_bytes;
    uint32_t nkernels, nnpu;
    int64_t est_cycles;       /* sum over npu kernels (compile time) */
    int64_t sim_cycles;       /* sum over npu kernels (last run) */
    int64_t dma_bytes, min_dma_bytes;
    int64_t roofline_cycles;  /* sum over npu kernels of max(compute, vector, minimum DMA) */
} nx_stats;

/* An observer of nx_run (trace.h writes a timeline with it): busy gets
 * every interval [start, end) a unit (NC_UNIT_*) is busy, in cycles from
 * the start of kernel `kernel` (each kernel starts from an idle machine at
 * 0); kernel_done comes after each kernel ran, on the npu or on the host
 * (nx_kernel then has its simulated figures). Either may be NULL. */
typedef struct nx_trace {
    void (*busy)(void *ud, uint32_t kernel, const np_insn *in, int unit, int64_t start, int64_t end);
    void (*kernel_done)(void *ud, uint32_t kernel);
    void *ud;
} nx_trace;

void nx_compile(sp_ctx *ctx, ir_module *m, ir_op *func, interp *it, const nx_opts *o, nx_exec **out);
/* Observe the following runs (NULL: stop). */
void nx_set_trace(nx_exec *x, const nx_trace *t);
void nx_run(nx_exec *x, const interp_value *args, interp_value *results);
void nx_free(nx_exec *x);

const kn_program *nx_program(const nx_exec *x);
const nt_target *nx_target(const nx_exec *x);
int64_t nx_budget(const nx_exec *x);
nx_kernel_info nx_kernel(const nx_exec *x, uint32_t i);
nx_stats nx_get_stats(const nx_exec *x);
uint32_t nx_arena(const nx_exec *x, const plan_buf **bufs, const uint32_t **values);
/* Kernel i's program, one instruction per line, into out. */
void nx_print_program(nx_exec *x, uint32_t i, sp_strbuf *out);
/* Kernel i in a few words: "k0 contraction 512x3072x768 + bias_add + relu"
 * (loop kernels: rows x cols of their tile loops); returns the length. */
size_t nx_kernel_title(const nx_exec *x, uint32_t i, char *buf, size_t n);
/* Name of a DRAM tensor / scalar slot (a value id) for printing. */
const char *nx_value_name(const nx_exec *x, uint32_t id, char *buf, size_t n);

#endif
