/* interp.h - the reference interpreter: the oracle every compiled path is
 * checked against. It runs the IR as read, before any pass, with naive loops
 * over each structured op's iteration domain (lexicographic order, d0
 * outermost), evaluating the body at every point. No shortcuts: reductions
 * accumulate in iteration order, so a sum is the sequential sum.
 *
 *     interp *it = NULL;
 *     // inside sp_pcall:
 *     it = interp_new(ctx, m, stdout);
 *     interp_value res[4];
 *     interp_call(it, func_op, args, res);   // res hold tensor references
 *     ...
 *     interp_free(it);                       // frees every tensor it made,
 *                                            // also after an error
 *
 * Numerics: every scalar op computes its exact result and rounds it once to
 * the op's result type (IEEE round to nearest even): f32 ops are correctly
 * rounded f32, f64 ops f64. bf16 and f16 are computed in f32 (or wider) and
 * rounded to bf16/f16 at each op's result, so storing them loses nothing
 * further. Transcendentals use the C library's f32/f64
 * functions. Integers wrap at their width; division by zero is an error.
 * tensor.empty yields zeros.
 *
 * Memory: tensors are reference-counted and freed after their last use; the
 * total live tensor bytes are capped (default 3/4 of physical memory,
 * SPADC_MEMORY_LIMIT=BYTES overrides), so a program too large for the machine
 * gets a clear "out of memory" error instead of being killed.
 */
#ifndef SPADC_INTERP_INTERP_H
#define SPADC_INTERP_INTERP_H

#include <stdio.h>

#include "ir/ir.h"

typedef struct interp_tensor interp_tensor;

typedef union interp_scalar {
    double f;  /* float dtypes (value already rounded to the dtype) */
    int64_t i; /* integers, index, i1 (0/1), sign-extended from their width */
} interp_scalar;

typedef struct interp_value {
    ir_type type;
    interp_scalar s;  /* scalars */
    interp_tensor *t; /* tensors and vectors (a counted reference) */
} interp_value;

typedef struct interp interp;

interp *interp_new(sp_ctx *ctx, ir_module *m, FILE *out);
void interp_free(interp *it);
/* Where vector.print writes (NULL: nowhere). */
void interp_set_output(interp *it, FILE *out);
/* The cap on live tensor bytes (see Memory above). */
size_t interp_memory_limit(const interp *it);

/* Run func with args (typed as its arguments); results get one reference
 * each (release with interp_release). */
void interp_call(interp *it, ir_op *func, const interp_value *args, interp_value *results);

/* A new zeroed tensor value of type t (one reference). */
interp_value interp_tensor_new(interp *it, ir_type t);
uint8_t *interp_data(const interp_value *v);
/* A tensor value over memory the caller owns (never freed by the
 * interpreter; the value itself must still be released). */
interp_value interp_tensor_borrow(interp *it, ir_type t, void *data);
/* Run ops of a numbered function in order on vals (by value id; operands
 * must be set, results are written there, one reference each). Compiled
 * targets use this for ops they do not lower themselves. */
void interp_run_ops(interp *it, interp_value *vals, uint32_t nvalues, ir_op *const *ops, uint32_t n);
/* One element of storage type dt to/from its scalar value. */
/* The reference semantics of one scalar body op (arith and math, on values
 * held as above): true with *r set; false when it fails (an integer
 * division by zero, a cf.assert whose condition is false) or is not a pure scalar op (linalg.index,
 * tensor.extract), *why saying which. The engines call it for the ops they
 * have no loop of their own for, so that both compute the same thing. */
bool interp_scalar_op(const ir_op *op, const interp_scalar *a, const interp_scalar *b, const interp_scalar *c,
                      interp_scalar *r, const char **why);
/* What an engine reports when interp_scalar_op failed at run time for op
 * (NULL: unknown), into buf: a cf.assert's "assertion failed: MESSAGE"
 * (control bytes escaped, as the interpreter reports it), else "integer
 * division by zero". */
void interp_failure_text(const ir_op *op, char *buf, size_t size);
/* The reference's unary float functions (interp_scalar_op's math ops and
 * negf, absf, sqrt, rsqrt, floor, ceil): op k on an f32 (NULL: the f64
 * function, correctly rounded there, then rounded to f32) and on an f64;
 * false for any other op. An engine that runs one of them natively calls
 * these, so that both compute the same thing. */
bool interp_math1_fns(ir_opkind k, float (**f32)(float), double (**f64)(double));
interp_scalar interp_load_elem(const uint8_t *p, ir_dtype dt);
void interp_store_elem(uint8_t *p, ir_dtype dt, interp_scalar s);
void interp_release(interp *it, interp_value *v);

/* Sampled evaluation: a function's results at chosen elements only, each
 * computed as interp_call computes it (bit for bit), from only the part of
 * every op it depends on (interp_points.c says how). A 4096^3 GEMM checked
 * at 256 elements costs a few of its rows and columns instead of 2^36
 * steps. Supports tensor ops without regions of their own (structured ops,
 * constants, reshapes, slices, pads, concats, from_elements ...) and
 * scalars computed from scalars; interp_points_plan says false for a
 * function with anything else (a loop, a call, an assert, a scalar read
 * from a tensor), which then needs the whole reference.
 *
 *     interp_points *ip = interp_points_new(it, func, args);  // keep ip
 *     interp_points_need(ip, 0, linear_index);                 // reachable
 *     if (interp_points_plan(ip, &work)) {                     // work: loop steps
 *         interp_points_run(ip);
 *         read interp_points_result(ip, 0) at linear_index;    // only there
 *     }
 *     interp_points_free(ip);
 */
typedef struct interp_points interp_points;
interp_points *interp_points_new(interp *it, ir_op *func, const interp_value *args);
void interp_points_need(interp_points *ip, uint32_t result, int64_t linear_index);
bool interp_points_plan(interp_points *ip, double *work);
void interp_points_run(interp_points *ip);
const interp_value *interp_points_result(const interp_points *ip, uint32_t result);
void interp_points_free(interp_points *ip);

#endif
