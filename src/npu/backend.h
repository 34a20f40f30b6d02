/* backend.h - the npu target, an executor backend (exec/exec.h): kernels
 * compiled to npu programs (lower.h) and run on the simulator, functional
 * and timing together.
 *
 *     nx_opts o = {0};
 *     nt_target_builtin(&o.target);               // or nt_target_load(...)
 *     ex_backend *b = nx_backend_new(ctx, &o);
 *     ex_compile(ctx, m, func, b, &eo, it, &x);   // tiles chosen, SP_ENOFIT if one does not fit
 *     ex_run(x, args, results);                   // simulates every npu kernel
 *     nx_kernel_info ki = nx_kernel(x, 0);        // plan, estimate, simulated stats
 *
 * Kernels run one at a time, each from an idle machine (a BARRIER ends
 * every program), on the cores its plan splits it over (cores.h: each
 * core's program simulated in turn, the kernel's cycles the slowest
 * core's, then split K's reduction). A kernel the npu expresses (f32, bf16 and f16
 * contractions accumulating in f32, with their epilogues; elementwise and
 * reduction loops in f32, f64, bf16, f16, integers and i1; tensor.extract_slice, insert_slice and pad as copy programs) is
 * lowered with the tile the search chose and simulated; any other kernel
 * (bf16 or f16 elements, linalg.pack, dynamic offsets) is left to the
 * executor's interpreter fallback, which says so with the reason. Constants are read in place from
 * DRAM; a splat constant is a scalar (a fill, never a DMA); an elementwise
 * kernel may store over an input that dies there (each tile is loaded
 * before it is stored).
 */
#ifndef SPADC_NPU_BACKEND_H
#define SPADC_NPU_BACKEND_H

#include "exec/exec.h"
#include "lower.h"
#include "timing.h"

typedef struct nx_opts {
    nt_target target;
    double budget_fraction; /* of each lane's slice; 0: the target's spadc_budget */
    int64_t budget_bytes;   /* per lane; wins over the fraction when > 0 */
    int64_t tile[3];        /* forced contraction tile (0: search) */
    int objective;          /* nl_objective the tile search minimises (0: cycles) */
    int nthreads;           /* host threads for the simulator's arithmetic */
    bool shorten_acc;       /* tests: plan and emit Y dying before its store */
    bool no_access_check;   /* tests: let poisoned bytes through to the results */
} nx_opts;

typedef struct nx_kernel_info {
    const kernel *k;
    const nl_kernel *kp;
    const nl_choice *ch; /* NULL when the host runs it */
    const struct nk_plan *split; /* its split over the cores (cores.h); NULL when the host runs it */
    bool ran;            /* the simulator ran it in the last run */
    nc_stats sim;        /* the last run's simulated statistics */
} nx_kernel_info;

/* The npu's figures over its kernels (ex_get_stats has the arena's). */
typedef struct nx_stats {
    uint32_t nnpu;            /* kernels on the npu */
    int64_t est_cycles;       /* sum over npu kernels (compile time) */
    int64_t sim_cycles;       /* sum over npu kernels (last run) */
    int64_t dma_bytes, min_dma_bytes;
    int64_t dram_lower_bound; /* sum over npu kernels of nl_choice.dram_lower_bound */
    int64_t roofline_cycles;  /* sum over npu kernels of max(compute, vector, minimum DMA) */
    nc_energy est_energy;     /* sum over npu kernels of their estimates' energy (in kernel order) */
    nc_energy sim_energy;     /* the same of the last run's simulated counts */
} nx_stats;

/* An observer of the runs (trace.h writes a timeline with it): busy gets
 * every interval [start, end) a unit (NC_UNIT_*) of core `core` is busy,
 * in cycles from the start of kernel `kernel` (each kernel starts from an
 * idle machine at 0; a split K's reduction after its parts), with the
 * core's choice ch (its buffers' names); kernel_done comes after each
 * kernel ran, on the npu or on the host (nx_kernel then has its simulated
 * figures). Either may be NULL. */
typedef struct nx_trace {
    void (*busy)(void *ud, uint32_t kernel, uint32_t core, const nl_choice *ch, const np_insn *in, int unit,
                 int64_t start, int64_t end);
    void (*kernel_done)(void *ud, uint32_t kernel);
    void *ud;
} nx_trace;

/* Inside sp_pcall (raises on out of memory). */
ex_backend *nx_backend_new(sp_ctx *ctx, const nx_opts *o);

/* x below must have been compiled with an npu backend. */
/* Observe the following runs (NULL: stop). */
void nx_set_trace(ex_program *x, const nx_trace *t);
const nt_target *nx_target(const ex_program *x);
int64_t nx_budget(const ex_program *x);
nx_kernel_info nx_kernel(const ex_program *x, uint32_t i);
nx_stats nx_get_stats(const ex_program *x);
/* Kernel i's program, one instruction per line, into out. */
void nx_print_program(ex_program *x, uint32_t i, sp_strbuf *out);
/* Kernel i in a few words: "k0 contraction 512x3072x768 + bias_add + relu"
 * (loop kernels: rows x cols of their tile loops); returns the length. */
size_t nx_kernel_title(const ex_program *x, uint32_t i, char *buf, size_t n);

/* The backend's reports (report.c; exec/report.h says which). */
struct ex_report_opts;
void nx_report(ex_program *x, int kind, const struct ex_report_opts *o, sp_strbuf *out);

#endif
