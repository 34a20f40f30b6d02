/* passes.h - the passes between reading and planning (laws L3-L7):
 *
 *   canonicalize: one spelling per computation (L5, L6)
 *     - every ReLU spelling becomes max(x, 0) (maximumf, or maxnumf where the
 *       spelling returns 0 for NaN)
 *     - transposes and broadcasts (copy-like structured ops) fold into their
 *       consumers' indexing maps: no transposed or broadcast copy remains
 *     - fills and splat constants read as inputs become scalars captured by
 *       the consumer's body (a splat is a scalar, never a tensor in memory)
 *     - elementwise ops that read their outs take it as an input instead
 *     - a contraction's tensor init (a bias broadcast into outs, an argument,
 *       a constant) becomes a zero (or scalar) init plus a trailing add, so
 *       every spelling gives the same kernel and a constant is only read
 *     - a pad of a transpose pads the transpose's input, the transpose after
 *       it (so it folds into the consumer's map: a channels_last pool; not
 *       before a contraction, whose engines choose the input's layout)
 *     - duplicate constants and dead ops go
 *   bf16x3, bf16x6 (precision.c): each f32 multiply-accumulate becomes a
 *     chain of contractions of its operands' bf16 terms summed in f32 (two
 *     terms and three products, about 2^-16 accurate; three terms and six
 *     products, as accurate as f32): --precision
 *   fuse: groups ops into kernels (see kernel.h) and records on each linalg
 *     op, as discardable attributes, the kernel it belongs to, and for each
 *     materialised value why (another user, a function result, ...)
 *
 *     pass_run(m, "canonicalize,fuse");   // inside sp_pcall; verifies after each pass
 */
#ifndef SPADC_PASSES_PASSES_H
#define SPADC_PASSES_PASSES_H

#include "ir/ir.h"

void pass_canonicalize(ir_module *m);
void pass_fuse_annotate(ir_module *m);
/* nterms 2: bf16x3, 3: bf16x6; f32_windows: the terms of a convolution's
 * operands (a contraction reading a window) as f32 tensors of bf16 values
 * (for a target without bf16 convolutions); func numbered again after */
void pass_split_bf16(ir_module *m, ir_op *func, int nterms, bool f32_windows);
void pass_split_bf16_module(ir_module *m, int nterms);

/* Run a comma-separated pass list; unknown names raise SP_EUSAGE. */
void pass_run(ir_module *m, const char *list);
/* The pass names, for --help. */
const char *pass_names(void);

#endif
