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

#ifdef __cplusplus
extern "C" {
#endif

/* Status codes; also the command-line tool's exit codes. */
typedef enum spadc_status {
    SPADC_OK = 0,
    SPADC_EINPUT = 1,    /* bad input: parse, verify, unsupported construct, out of memory */
    SPADC_EUSAGE = 2,    /* bad arguments (unknown function, target, ...) */
    SPADC_ENOFIT = 3,    /* the plan does not fit its budget */
    SPADC_EMISMATCH = 4, /* a check found a difference */
    SPADC_EINTERNAL = 5  /* a bug in spadc */
} spadc_status;

typedef struct spadc_ctx spadc_ctx;
typedef struct spadc_module spadc_module;
typedef struct spadc_program spadc_program;

/* "0.1.0" */
const char *spadc_version(void);

/* A context: error state and memory accounting. NULL when out of memory. */
spadc_ctx *spadc_ctx_new(void);
void spadc_ctx_free(spadc_ctx *ctx);
/* The last error as `FILE:LINE:COL: error: MESSAGE` ("" if none). */
const char *spadc_error(const spadc_ctx *ctx);

/* Read and verify MLIR text (name labels it in messages). */
int spadc_read_string(spadc_ctx *ctx, const char *name, const char *text, size_t len, spadc_module **out);
int spadc_read_file(spadc_ctx *ctx, const char *path, spadc_module **out);
void spadc_module_free(spadc_module *m);

/* Print the module as MLIR after the passes named in passes (a comma list
 * of "canonicalize", "fuse"; NULL or "" for none) into *text, a
 * NUL-terminated string to release with spadc_string_free. The passes
 * change the module. */
int spadc_print(spadc_ctx *ctx, spadc_module *m, const char *passes, char **text);
void spadc_string_free(char *s);

typedef struct spadc_options {
    const char *target; /* "cpu" (default when NULL) or "ref" (the reference interpreter) */
    int threads;        /* cpu threads; 0 means 1 */
} spadc_options;

/* Compile function func (NULL: the module's only public function) for a
 * target. Reads the module; a program keeps a private copy of what it needs
 * to change. */
int spadc_compile(spadc_ctx *ctx, spadc_module *m, const char *func, const spadc_options *o, spadc_program **out);
/* The function's signature. */
unsigned spadc_program_num_args(const spadc_program *p);
unsigned spadc_program_num_results(const spadc_program *p);
/* Bytes of argument i / result i (0 when out of range). */
size_t spadc_program_arg_bytes(const spadc_program *p, unsigned i);
size_t spadc_program_result_bytes(const spadc_program *p, unsigned i);
/* Declare argument arg constant: every later run reads data, and weights
 * the kernels consume packed are packed now, once (as the compiler does
 * with constant weights in the IR). */
int spadc_program_bind(spadc_program *p, unsigned arg, const void *data);
/* Run: args[i] points at argument i (NULL for a bound one); the results are
 * written to results[r], buffers of spadc_program_result_bytes(p, r). */
int spadc_program_run(spadc_program *p, const void *const *args, void *const *results);
void spadc_program_free(spadc_program *p);

#ifdef __cplusplus
}
#endif

#endif
