/* interp_int.h - the reference interpreter's state and the functions its
 * parts share, private to src/interp. interp.c owns the state (tensors,
 * frames, the block walk and liveness) and dispatches each op;
 * interp_scalar.c/.h run scalar ops, interp_structured.c structured ops,
 * interp_tensor.c tensor, vector and constant ops, interp_points.c point
 * (sampled) evaluation.
 *
 * An op runs on a frame: its operands are read from f->vals by value id and
 * each result is written there with one reference (it_new_result for a
 * fresh tensor); the caller releases values after their last use. Errors
 * are thrown (it_fail: SP_EINPUT located at the op) to the caller's
 * sp_pcall (interp.h). What the interpreter holds then (live tensors,
 * frames, block infos) is freed by interp_free; a part frees scratch of its
 * own before it throws (block_liveness) or runs under a nested sp_pcall
 * that frees it (interp_structured.c). The iteration point of the
 * structured op being run is it->point[0 .. it->npoint) (linalg.index
 * reads it), NULL outside one.
 */
#ifndef SPADC_INTERP_INTERP_INT_H
#define SPADC_INTERP_INTERP_INT_H

#include "interp.h"

struct interp_tensor {
    uint8_t *data;
    size_t bytes;
    uint32_t refs;
    bool borrowed; /* data owned elsewhere (interp_tensor_borrow) */
    interp_tensor *prev, *next; /* every live tensor, for cleanup */
};

typedef struct it_block_info it_block_info; /* interp.c: which values die after each op */

typedef struct it_frame {
    struct it_frame *up;
    interp_value *vals; /* by value id */
    uint32_t nvalues;
} it_frame;

struct interp {
    sp_ctx *ctx;
    ir_module *m;
    FILE *out;
    interp_tensor *live;
    size_t live_bytes, limit_bytes;
    it_frame *top;
    uint32_t depth;
    it_block_info **infos; /* open addressing by block pointer */
    uint32_t ninfos, capinfos;
    const int64_t *point; /* current iteration point (linalg.index) */
    uint32_t npoint;
};

SP_NORETURN void it_fail(interp *it, const ir_op *op, const char *fmt, ...) SP_PRINTF(3, 4);

/* tensors (interp.c): a new tensor of type t for op's result (zeroed: an
 * untouched page costs nothing), counted against the memory limit; a reference dropped; one taken */
interp_tensor *it_tensor_alloc(interp *it, const ir_op *op, ir_type t);
void it_tensor_unref(interp *it, interp_tensor *x);
interp_value it_retain(interp_value v);
/* Run op on frame f (interp.c); yielded receives a terminator's operands. */
void it_exec_op(interp *it, it_frame *f, const ir_op *op, interp_value *yielded);

/* interp_scalar.c: a scalar op on f's values; a failed cf.assert */
void it_eval_scalar(interp *it, it_frame *f, const ir_op *op);
SP_NORETURN void it_assert_failed(interp *it, const ir_op *op);

/* interp_structured.c: a structured (linalg) op; _in: only the points
 * whose every loop index d is set in sets[d] (a byte per index; NULL: all
 * of that loop): the result holds the outs' copy elsewhere */
void it_exec_linalg(interp *it, it_frame *f, const ir_op *op);
void it_exec_linalg_in(interp *it, it_frame *f, const ir_op *op, const uint8_t *const *sets);

/* interp_tensor.c: result r of op as a new tensor in f (zeroed),
 * and the ops that run there */
interp_value it_new_result(interp *it, it_frame *f, const ir_op *op, uint32_t r);
void it_exec_slice(interp *it, it_frame *f, const ir_op *op); /* extract_slice, insert_slice */
void it_exec_pad(interp *it, it_frame *f, const ir_op *op);
void it_exec_from_elements(interp *it, it_frame *f, const ir_op *op);
void it_exec_concat(interp *it, it_frame *f, const ir_op *op);
void it_exec_assert(interp *it, it_frame *f, const ir_op *op);
void it_exec_pack(interp *it, it_frame *f, const ir_op *op); /* pack, unpack */
void it_exec_transfer_read(interp *it, it_frame *f, const ir_op *op);
void it_exec_print(interp *it, it_frame *f, const ir_op *op);
void it_exec_constant(interp *it, it_frame *f, const ir_op *op);

#endif
