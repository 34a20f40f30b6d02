/* reader.h - read MLIR text (custom and generic op forms) into spadc's IR.
 *
 *     ir_module *m = NULL;
 *     // inside sp_pcall (errors raise FILE:LINE:COL diagnostics):
 *     mlir_read_file(ctx, "model.mlir", &m);
 *     ...
 *     ir_module_free(m);   // also after an error: *out is set as soon as the
 *                          // module exists, so nothing leaks
 *
 * The reader accepts MLIR 22's printing modes and frontend spellings listed in
 * DESIGN.md ("Inputs spadc must read"). Named linalg ops are imported into
 * the structured form (ir_linalg) here. The result is not verified: call
 * ir_verify_module next.
 */
#ifndef SPADC_MLIR_READER_H
#define SPADC_MLIR_READER_H

#include "ir/ir.h"

/* Upper bound on input size (bytes) and on nesting of regions, attributes,
 * types and expressions; deeper or larger input is rejected with an error. */
#define MLIR_MAX_FILE_BYTES ((size_t)1 << 31)
#define MLIR_MAX_DEPTH 200

void mlir_read_file(sp_ctx *ctx, const char *path, ir_module **out);
void mlir_read_string(sp_ctx *ctx, const char *name, const char *text, size_t len, ir_module **out);

#endif
