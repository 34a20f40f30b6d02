/* spadc.h - the public API of libspadc: read MLIR linalg-on-tensors, compile
 * a function to fused kernels, run it.
 *
 *     spadc_ctx *ctx = spadc_ctx_new();
 *     spadc_module *m = NULL;
 *     spadc_program *p = NULL;
 *     if (spadc_read_file(ctx, "ffn.mlir", &m) != SPADC_OK ||
 *         spadc_compile(ctx, m, "ffn1", &(spadc_options){.target = "cpu", .threads = 2}, &p) != SPADC_OK) {
 *         fprintf(stderr, "%s\n", spadc_error(ctx));   // FILE:LINE:COL: error: ...
 *         ...
 *     }
 *     spadc_program_bind(p, 1, weights);          // argument 1 is constant from now on:
 *                                                 // packed once, here
 *     const void *args[] = {x, NULL, bias};       // a bound argument may be NULL
 *     void *results[] = {y};
 *     spadc_program_run(p, args, results);        // y = the function's result 0
 *     spadc_program_free(p);
 *     spadc_module_free(m);
 *     spadc_ctx_free(ctx);
 *
 * Data: every tensor is a dense row-major buffer of the element type its
 * MLIR type names (f32, f64, bf16/f16 as 16-bit patterns, integers at their
 * width, i1 as one byte); a scalar argument or result is one element.
 *
 * Errors: every function returning int returns a spadc_status; on an error,
 * spadc_error(ctx) holds the message in the compiler's format. Nothing
 * aborts and nothing leaks on an error path.
 *
 * Ownership: the caller owns what it passes in (text, data, buffers) and
 * must free what a spadc_*_new / read / compile gave it with the matching
 * *_free, contexts last. A module must outlive the programs compiled from
 * it; a bound argument's data must outlive the program. One context per
 * thread; a program may be run from one thread at a time (it runs its
 * kernels on options.threads threads itself).
 */
#ifndef SPADC_H
#define SPADC_H

#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The library is built with hidden visibility: only these entry points are
 * exported from libspadc.so (the Python package's ctypes binding loads it). */
#if defined(__GNUC__)
#define SPADC_API __attribute__((visibility("default")))
#else
#define SPADC_API
#endif

/* Status codes; also the command-line tool's exit codes. */
typedef enum spadc_status {
    SPADC_OK = 0,
    SPADC_EINPUT = 1,    /* bad input: parse, verify, unsupported construct, out of memory */
    SPADC_EUSAGE = 2,    /* bad arguments (unknown function, target, ...) */
    SPADC_ENOFIT = 3,    /* the plan does not fit its budget */
    SPADC_EMISMATCH = 4, /* a check found a difference */
    SPADC_EINTERNAL = 5, /* a bug in spadc */
    SPADC_EINTERRUPT = 6 /* a run or check stopped by SIGINT (spadc_options.interruptible); the
                            command-line tool never returns it */
} spadc_status;

typedef struct spadc_ctx spadc_ctx;
typedef struct spadc_module spadc_module;
typedef struct spadc_program spadc_program;

/* "0.1.0" */
SPADC_API const char *spadc_version(void);

/* A context: error state and memory. NULL when out of memory. */
SPADC_API spadc_ctx *spadc_ctx_new(void);
/* The same with an allocator every allocation of spadc on this context goes
 * through, the context's own included: realloc-like, fn(ud, ptr, 0) frees
 * ptr and returns NULL, otherwise it returns the new block or NULL (ptr left
 * as it was). */
SPADC_API spadc_ctx *spadc_ctx_new_alloc(void *(*fn)(void *ud, void *ptr, size_t size), void *ud);
SPADC_API void spadc_ctx_free(spadc_ctx *ctx);
/* The last error as `FILE:LINE:COL: error: MESSAGE` ("" if none), and its
 * status (SPADC_OK if none): what the last call on the context said. */
SPADC_API const char *spadc_error(const spadc_ctx *ctx);
SPADC_API int spadc_last_status(const spadc_ctx *ctx);
/* Where the last error is, the FILE:LINE:COL spadc_error prints: *file the
 * path or name the text was read under ("" when the error has no location),
 * *line and *col 1-based (0: unknown). Any pointer may be NULL; *file lives
 * until the next call on the context. */
SPADC_API void spadc_error_location(const spadc_ctx *ctx, const char **file, unsigned *line, unsigned *col);

/* Read and verify MLIR text (name labels it in messages). */
SPADC_API int spadc_read_string(spadc_ctx *ctx, const char *name, const char *text, size_t len, spadc_module **out);
SPADC_API int spadc_read_file(spadc_ctx *ctx, const char *path, spadc_module **out);
SPADC_API void spadc_module_free(spadc_module *m);

/* Print the module as MLIR after the passes named in passes (a comma list
 * of "canonicalize", "fuse"; NULL or "" for none) into *text, a
 * NUL-terminated string to release with spadc_string_free. The passes
 * change the module. */
SPADC_API int spadc_print(spadc_ctx *ctx, spadc_module *m, const char *passes, char **text);
SPADC_API void spadc_string_free(char *s);

/* The machine a target names ("npu" or "npu=FILE.yml"), every key spadc
 * reads with its value (defaults filled in) and what it means, as YAML that
 * spadc reads back to the same machine, into *text (spadc_string_free).
 * A file with a missing or out-of-range key is SPADC_EINPUT, located. */
SPADC_API int spadc_target_describe(spadc_ctx *ctx, const char *target, char **text);

/* What a target is, from its name alone ("cpu", "npu", "npu=FILE.yml",
 * "ref"; nothing is read or compiled), so that a front door asks instead of
 * comparing names. SPADC_EUSAGE (and info zeroed) for no such target. */
typedef struct spadc_target_info {
    const char *family; /* "cpu", "npu" or "ref" (the name before any "=FILE") */
    int compiled;       /* compiled to planned kernels: it has plan and run reports */
    int native;         /* its kernels run on this host: the run report holds their wall times */
    int simulated;      /* runs on a simulated machine: the run report holds its cycles; it takes
                           a budget, a tile and an objective, and records traces */
    int reference;      /* the reference interpreter itself (runs driver code; nothing to check
                           it against) */
} spadc_target_info;
SPADC_API int spadc_target_info_of(const char *target, spadc_target_info *info);
/* The target names, for messages. */
#define SPADC_TARGETS "cpu, npu, npu=FILE.yml, ref"

/* The most threads a program may be compiled for (spadc_options.threads,
 * `--threads`): more is SPADC_EUSAGE. */
#define SPADC_MAX_THREADS 1024

/* The precisions of spadc_options.precision, for messages. */
#define SPADC_PRECISIONS "f32, bf16x3, bf16x6"

typedef struct spadc_options {
    const char *target; /* "cpu" (default when NULL), "npu" (the built-in TPUv3), "npu=FILE.yml" (a
                           PyTorchSim hardware file) or "ref" (the reference interpreter) */
    int threads;        /* cpu threads, and the npu simulator's host threads: 0 means 1, at most
                           SPADC_MAX_THREADS (each kernel runs on as many as its work has pieces) */
    double budget;      /* npu: scratchpad a kernel may plan per lane: 0 < budget <= 1 a fraction of
                           the slice, a whole number > 1 bytes; 0: the machine's default */
    long long tile[3];  /* npu: force the tile M, N, K of every contraction kernel (0: search) */
    int time_kernels;   /* record each kernel's wall time (the run reports show medians) */
    FILE *print;        /* where vector.print writes (driver code on "ref"); NULL: nowhere */
    const char *objective; /* npu: what the tile search minimises: "cycles" (default when NULL),
                              "energy", "dram" (DRAM energy) or "edp" (energy x cycles) */
    int interruptible;  /* runs and checks of the program catch SIGINT (calling the handler that was
                           installed before, e.g. Python's; not a default or ignore) and stop at the
                           next kernel (the reference: the next op) with SPADC_EINTERRUPT, results
                           unwritten; 0: SIGINT keeps the process's disposition */
    const char *precision; /* cpu and npu: how f32 contractions multiply: "f32" (default when NULL:
                              as written), "bf16x3" (each operand as two bf16 terms, three products
                              summed in f32: about 2^-16 relative) or "bf16x6" (three terms, six
                              products: as accurate as f32); what a TPU does for f32 (XLA's
                              BF16_BF16_F32_X3 and _X6) */
} spadc_options;

/* Compile function func (NULL: the module's only public function; a leading
 * '@' is allowed) for a target. The module is only read: the program runs
 * the passes on a copy of its own, which shares the module's constants. */
SPADC_API int spadc_compile(spadc_ctx *ctx, spadc_module *m, const char *func, const spadc_options *o, spadc_program **out);

/* The function's signature. */
SPADC_API const char *spadc_program_function(const spadc_program *p); /* its name, without '@' */
SPADC_API unsigned spadc_program_num_args(const spadc_program *p);
SPADC_API unsigned spadc_program_num_results(const spadc_program *p);
/* Bytes of argument i / result i (0 when out of range). */
SPADC_API size_t spadc_program_arg_bytes(const spadc_program *p, unsigned i);
SPADC_API size_t spadc_program_result_bytes(const spadc_program *p, unsigned i);

#define SPADC_MAX_RANK 16
typedef struct spadc_type {
    const char *dtype;                /* "f32", "bf16", "f16", "f64", "i1", "i8", "i16", "i32", "i64", "index" */
    int scalar;                       /* 1: a scalar, 0: a tensor (rank 0 included) */
    int rank;
    long long dims[SPADC_MAX_RANK];
} spadc_type;
/* The type of argument i / result i; SPADC_EUSAGE when out of range. */
SPADC_API int spadc_program_arg_type(const spadc_program *p, unsigned i, spadc_type *t);
SPADC_API int spadc_program_result_type(const spadc_program *p, unsigned i, spadc_type *t);

/* Declare argument arg constant: every later run reads data, and weights
 * the kernels consume packed are packed now, once (as the compiler does
 * with constant weights in the IR). */
SPADC_API int spadc_program_bind(spadc_program *p, unsigned arg, const void *data);
/* Run: args[i] points at argument i (NULL for a bound one); the results are
 * written to results[r], buffers of spadc_program_result_bytes(p, r). */
SPADC_API int spadc_program_run(spadc_program *p, const void *const *args, void *const *results);

/* The reference interpreter's verdict on what a run wrote: the function run
 * by the oracle on args (NULL for a bound argument), each result compared
 * with results[r] within its tolerance (f32: 1e-5 + 1e-4 max|ref|, wider
 * for bf16/f16 and long reductions; integers exactly), one line per result
 * in *report (release with spadc_string_free). SPADC_EMISMATCH when one
 * differs. samples: 0 runs the whole reference, N > 0 checks N sampled
 * elements per result, each computed from only what it depends on, < 0
 * picks (sampled when the whole would take more than 2^28 loop steps). */
SPADC_API int spadc_program_check(spadc_program *p, const void *const *args, const void *const *results, long long samples,
                        char **report);
/* SPADC_EINPUT, with the numbers, when one run's arguments, results and
 * intermediates would not fit the memory limit (3/4 of physical memory,
 * SPADC_MEMORY_LIMIT=BYTES): say so before allocating the inputs. */
SPADC_API int spadc_program_check_memory(spadc_program *p);

/* What the program plans and what its runs did, as `spadc plan` and
 * `spadc run` print them: into *text, a NUL-terminated string to release
 * with spadc_string_free. The JSON plan is DESIGN.md's object; the run
 * reports cover the runs so far (cpu: median kernel times, with
 * time_kernels; npu: the last run's simulated cycles, DMA bytes and busy
 * cycles per unit). The reference interpreter has no reports
 * (SPADC_EUSAGE). */
typedef enum spadc_report {
    SPADC_PLAN_TEXT,
    SPADC_PLAN_JSON,
    SPADC_PLAN_PROGRAM, /* the text plan with each npu kernel's instructions */
    SPADC_PLAN_SVG,     /* every planned buffer as a rectangle over steps x address */
    SPADC_RUN_TEXT,
    SPADC_RUN_JSON
} spadc_report;
SPADC_API int spadc_program_report(spadc_program *p, spadc_report which, char **text);

/* npu: the next run also writes its simulated timeline to path as Chrome
 * trace events (ui.perfetto.dev), at most max_events unit events (< 0:
 * SPADC_TRACE_DEFAULT_MAX_EVENTS); the file is written whole or not at all. Afterwards *events and
 * *left_out (either may be NULL) say how many were written and left out. */
SPADC_API int spadc_program_trace(spadc_program *p, const char *path, long long max_events);
SPADC_API void spadc_program_trace_counts(const spadc_program *p, long long *events, long long *left_out);
SPADC_API void spadc_program_free(spadc_program *p);
#define SPADC_TRACE_DEFAULT_MAX_EVENTS 1000000

/* Data files and inputs, as the command-line tool reads and writes them.
 *
 * A .npy file (NumPy's format 1.0-3.0, C order; bf16, which NumPy lacks, as
 * its 16-bit patterns in '<u2'): its element type and shape into *t (scalar
 * 0; rank 0 for a 0-d array), its data into *data (a dense row-major buffer
 * of *bytes bytes, bytes may be NULL) to release with spadc_buffer_free.
 * Anything but a well-formed file is SPADC_EINPUT naming what is wrong. */
SPADC_API int spadc_npy_read(spadc_ctx *ctx, const char *path, spadc_type *t, void **data, size_t *bytes);
/* Write data of type t (a scalar as a 0-d array) as a .npy file, whole or
 * not at all (a temporary file renamed into place). */
SPADC_API int spadc_npy_write(spadc_ctx *ctx, const char *path, const spadc_type *t, const void *data);
SPADC_API void spadc_buffer_free(spadc_ctx *ctx, void *data);
/* Write n bytes to path, whole or not at all; an error says "cannot write
 * the WHAT file: REASON" at the path. */
SPADC_API int spadc_write_file(spadc_ctx *ctx, const char *path, const void *data, size_t n, const char *what);
/* The inputs `spadc run --seed S` draws for an argument of type t (seed S *
 * 1000003 + the argument's index there): floats uniform in [-1, 1),
 * integers in [-8, 8), index in [0, 8), i1 random bits, from SplitMix64;
 * the same bytes on every machine. SPADC_EUSAGE for a type spadc does not
 * know. */
SPADC_API int spadc_fill_random(const spadc_type *t, unsigned long long seed, void *data);
/* Element i of data (elements of t's dtype) as a double: floats exactly,
 * integers exactly up to 2^53, i1 as 0 or 1. */
SPADC_API double spadc_element(const spadc_type *t, const void *data, size_t i);
/* Elements [first, first + n) as doubles into out, the same way: n, or 0 for
 * a type spadc does not know. */
SPADC_API size_t spadc_elements(const spadc_type *t, const void *data, size_t first, size_t n, double *out);
/* Bytes of one element of dtype ("f32": 4, "i1": 1, "index": 8), 0 when the
 * name is not a type spadc knows; elements of t (1 for a scalar). */
SPADC_API size_t spadc_dtype_bytes(const char *dtype);
SPADC_API size_t spadc_type_numel(const spadc_type *t);

#ifdef __cplusplus
}
#endif

#endif
