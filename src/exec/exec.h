/* exec.h - the program executor: one for every target (ggml's backend
 * scheduler, BLIS's frame). A function is compiled to fused kernels
 * (passes/kernel.h), its tensors are given storage, and its steps run in
 * program order; a target is a backend (ex_backend) that only does its own
 * work on one kernel at a time: lower it, prepare it, run it.
 *
 *     ex_program *x = NULL;
 *     // inside sp_pcall:
 *     ex_backend *b = cpu_backend_new(ctx, &cpu_opts);   // or nx_backend_new
 *     ex_compile(ctx, m, func, b, &opts, it, &x);        // x owns b from here
 *     ex_run(x, args, results);                          // as often as wanted
 *     ex_free(x);                                        // also after an error
 *
 * Compiling reads m and never changes it: the program runs the passes on
 * its own copy (ir_module_clone), which shares m's constants, so m must
 * outlive x. func is a function of m; it must be free of driver code
 * (scf.for, calls): those are refused with an error naming the op.
 *
 * Storage, one kind per value (the whole function's; backends read it
 * through ex_value_ptr and friends): arguments and constants are read in
 * place (a splat constant is one element, law L6); reshapes are views of
 * their source; results are written straight into the result tensors where
 * a kernel makes them; every other tensor a kernel writes lives in one
 * arena planned by the offset planner (plan/alloc.h, law L2), lifetimes in
 * kernel steps, and a kernel the backend calls elementwise may write its
 * output over an input that dies there, read at the same element.
 *
 * Steps: each kernel runs where its last op stood; ops outside kernels that
 * compute scalars or only look at values (vector.print, transfer_read) run
 * through the interpreter at their place; scalar constants are evaluated
 * once, at compile time.
 *
 * Fallback: a kernel its backend does not lower runs through the reference
 * interpreter's op semantics (it), unfused, and ex_kernel_engine says so
 * with the backend's reason: never silently.
 */
#ifndef SPADC_EXEC_EXEC_H
#define SPADC_EXEC_EXEC_H

#include "base/strbuf.h"
#include "interp/interp.h"
#include "passes/kernel.h"
#include "plan/alloc.h"

typedef struct ex_program ex_program;
typedef struct ex_backend ex_backend;
struct ex_report_opts;

/* A target. Every hook runs inside sp_pcall and raises through ex_ctx(x);
 * kernel i is ex_kernels(x)->k[i]. A backend embeds this struct first and
 * keeps its own state after it. */
struct ex_backend {
    const char *name; /* "cpu", "npu" */
    bool fuses_attention; /* runs KN_ATTENTION kernels (kn_fuse_attention before lowering) */
    bool fuses_attention_bf16; /* and bf16 ones (kn_fuse_attention's bf16) */
    bool gathers;         /* lowers loop kernels whose bodies read a tensor from outside (tensor.extract) */
    bool bf16_windows;    /* compiles convolutions of bf16 inputs (a window read in bf16); without,
                             --precision's terms of a convolution's operands stay f32 tensors (each
                             element a bf16 value: the same products, on its f32 kernels) */
    /* Whether kernel k can read its input `input` as `folded` says: through
     * a tensor.pad (and a transpose) as well as the pad's result (optional;
     * a pad it takes is no kernel of its own: kn_fold_pads, before
     * lowering). Kernels are built; nothing is classified or lowered. */
    bool (*folds_pad)(ex_backend *b, const kernel *k, uint32_t input, const kn_input *folded);
    /* Whether it runs the merged row-wise chain k (KN_ROWS, kn_fuse_rows
     * before kn_fold_pads; NULL: it runs none). */
    bool (*fuse_rows)(ex_backend *b, const kernel *k);
    /* The kernels are built (ex_kernels); storage kinds of arguments,
     * constants, views and empties are known (ex_value_*); nothing lowered. */
    void (*start)(ex_backend *b, ex_program *x);
    /* Lower kernel i for the engine; false sends it to the interpreter, with
     * the reason in why. */
    bool (*lower)(ex_backend *b, ex_program *x, uint32_t i, char *why, size_t nwhy);
    /* Whether lowered kernel i reads each input element only where it writes
     * the same output element, after reading it (then its output may take
     * the bytes of an input with the output's map and type that dies here). */
    bool (*elementwise)(ex_backend *b, const ex_program *x, uint32_t i);
    /* Whether lowered kernels i and i + 1, whose steps are next to each
     * other, run as one at i + 1's turn (optional; asked once per pair,
     * after every kernel is lowered, before storage is planned): run(i)
     * then does nothing, and what kernel i reads stays live until i + 1
     * is done, so that kernel i + 1 may start before kernel i is over (a
     * GEMM pair run by blocks of rows, gemm_run.c). A kernel is in one
     * pair at most. */
    bool (*pairs)(ex_backend *b, ex_program *x, uint32_t i);
    /* Storage is planned: last work before the first run (optional). */
    void (*prepare)(ex_backend *b, ex_program *x, uint32_t i);
    /* Run lowered kernel i on this run's storage. */
    void (*run)(ex_backend *b, ex_program *x, uint32_t i);
    /* Kernel i ran (on the engine or not), for observers (optional). */
    void (*kernel_done)(ex_backend *b, ex_program *x, uint32_t i);
    /* Argument arg holds data in every later run (optional): e.g. pack the
     * weights kernels read from it, once. */
    void (*bind)(ex_backend *b, ex_program *x, uint32_t arg, const void *data);
        /* Write one of the reports (exec/report.h) of program x (optional). */
    void (*report)(ex_backend *b, ex_program *x, int kind, const struct ex_report_opts *o, sp_strbuf *out);
    /* Release the backend (also when compiling failed half way). */
    void (*free)(ex_backend *b, sp_ctx *ctx);
};

typedef struct ex_opts {
    bool time_kernels; /* record each kernel's wall time (two clock reads a kernel) */
    int bf16_terms;    /* 0: f32 contractions as written; 2, 3: through bf16 terms
                          (bf16x3, bf16x6: passes.h pass_split_bf16) */
} ex_opts;

/* What the compiled program uses, for `spadc plan` and tests. */
typedef struct ex_stats {
    int64_t arena_bytes;           /* planned footprint of the intermediates */
    int64_t arena_peak_live;       /* most intermediate bytes live at once */
    int64_t constant_bytes;        /* bytes of tensor constants read in place */
    int64_t copied_constant_bytes; /* bytes of constants copied before use */
    uint32_t nkernels, nengine;    /* kernels, and how many the backend runs */
} ex_stats;

/* Compile func (a function of m) for backend b, which x owns from the call
 * on (freed by ex_free, even when this raises). it: the interpreter that
 * runs what the backend does not lower; it must outlive x. */
void ex_compile(sp_ctx *ctx, const ir_module *m, const ir_op *func, ex_backend *b, const ex_opts *o, interp *it,
                ex_program **out);
/* Run once. args are typed as the function's arguments; results[r] with a
 * tensor already set (e.g. interp_tensor_borrow over the caller's buffer)
 * is written in place, otherwise a new tensor of it is made. */
void ex_run(ex_program *x, const interp_value *args, interp_value *results);
/* Argument arg holds data in every later run (the backend's bind hook). */
void ex_bind(ex_program *x, uint32_t arg, const void *data);
void ex_free(ex_program *x);

/* ------------------------------------------------------- for callers */

const kn_program *ex_kernels(const ex_program *x);
ir_op *ex_func(const ex_program *x); /* the program's copy of func */
ex_backend *ex_get_backend(const ex_program *x);
ex_stats ex_get_stats(const ex_program *x);
/* How its f32 contractions multiply (ex_opts.bf16_terms): "f32", "bf16x3"
 * or "bf16x6"; and the plan's words for it ("" for f32). */
const char *ex_precision(const ex_program *x);
const char *ex_precision_note(const ex_program *x);
/* Whether kernel i runs on the backend's engine; if not, why (else NULL). */
bool ex_kernel_engine(const ex_program *x, uint32_t i);
const char *ex_kernel_why(const ex_program *x, uint32_t i);
/* Wall time kernel i took in the last run (0 unless time_kernels). */
double ex_kernel_seconds(const ex_program *x, uint32_t i);
/* Whether kernel i runs with kernel i + 1, at its turn (ex_backend.pairs):
 * its time is then in i + 1's. */
bool ex_kernel_paired(const ex_program *x, uint32_t i);
/* Its median over the runs so far (the last EX_MAX_SAMPLES of them), and
 * how many runs that is (0 unless time_kernels). */
#define EX_MAX_SAMPLES 1024
double ex_kernel_median_seconds(const ex_program *x, uint32_t i, uint32_t *nruns);
/* The options it was compiled with. */
ex_opts ex_get_opts(const ex_program *x);
/* The arena plan: one planner buffer per intermediate, with the value id
 * it holds (lifetimes in kernel steps). */
uint32_t ex_arena(const ex_program *x, const plan_buf **bufs, const uint32_t **values);
/* "%name" of value id (or "%vID" for an unnamed one) into buf. */
const char *ex_value_name(const ex_program *x, uint32_t id, char *buf, size_t n);

/* ------------------------------------------------------ for backends */

sp_ctx *ex_ctx(const ex_program *x);
ir_module *ex_module(const ex_program *x); /* the copy: its arena outlives x's kernels */

typedef enum ex_storage {
    EX_NONE,   /* lives nowhere (an unused value, an absorbed fill) */
    EX_ARG,    /* a function argument */
    EX_CONST,  /* a tensor constant, read in place */
    EX_ARENA,  /* an intermediate */
    EX_RESULT, /* a function result a kernel writes in place */
    EX_ALIAS,  /* a view (reshape) of another value */
    EX_EMPTY   /* tensor.empty: zeros wherever it is read */
} ex_storage;

/* The value a view reads, through any chain of views (id itself otherwise). */
uint32_t ex_value_root(const ex_program *x, uint32_t id);
/* The storage of id's root. */
ex_storage ex_value_storage(const ex_program *x, uint32_t id);
/* EX_ARG: the argument's position; EX_RESULT: the result's. */
uint32_t ex_value_index(const ex_program *x, uint32_t id);
/* A splat constant's one element (through views), else NULL. */
const uint8_t *ex_value_splat(const ex_program *x, uint32_t id);
/* A dense (not splat) constant's data (through views), else NULL. */
const uint8_t *ex_value_const(const ex_program *x, uint32_t id);
/* At run time: the address of id's first element (NULL for values that live
 * nowhere, e.g. an unused empty). */
uint8_t *ex_value_ptr(const ex_program *x, uint32_t id);
/* At run time: a scalar value (a scalar argument or a value computed by an
 * earlier step). */
interp_scalar ex_scalar(const ex_program *x, uint32_t id);
/* Kernel i runs teams of up to n threads (sized by the backend to its
 * work): a team larger than any before is started once here, so that a
 * system that will not start it gives an error located at the kernel
 * (SP_EINPUT) rather than OpenMP ending the process. */
void ex_reserve_threads(ex_program *x, uint32_t i, int n);

#endif
