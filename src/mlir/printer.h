/* printer.h - print spadc's IR as MLIR text that mlir-opt-22 accepts.
 *
 *     sp_strbuf out;
 *     sp_strbuf_init(&out, ctx);
 *     mlir_print_module(m, &out);     // inside sp_pcall (allocation may raise)
 *     fwrite(out.data, 1, out.len, stdout);
 *     sp_strbuf_free(&out);
 *
 * Custom op forms throughout; named linalg ops print in their named form
 * (the ir_linalg hint), everything else structured prints as linalg.generic.
 * Affine maps used by linalg ops become #map aliases, as MLIR prints them.
 * Source SSA names are kept where they are unique in their function.
 * Printing is deterministic, so print(read(print(x))) == print(x).
 */
#ifndef SPADC_MLIR_PRINTER_H
#define SPADC_MLIR_PRINTER_H

#include "base/strbuf.h"
#include "ir/ir.h"

void mlir_print_module(const ir_module *m, sp_strbuf *out);
void mlir_print_type(sp_strbuf *out, ir_type t);
void mlir_print_attr(sp_strbuf *out, const ir_attr *a);
void mlir_print_amap(sp_strbuf *out, const ir_amap *m);
/* Float of dtype given as raw bits, as an MLIR literal (no type suffix). */
void mlir_print_float(sp_strbuf *out, uint64_t bits, ir_dtype dt);
/* A quoted string, escaped as MLIR reads it back. */
void mlir_print_string(sp_strbuf *out, const char *s, size_t n);
/* @name, quoted when it is not a bare identifier. */
void mlir_print_symbol(sp_strbuf *out, const char *s);
/* Attribute dictionary entries in name order, as MLIR prints them; `first`
 * says whether nothing was printed before (no leading comma). */
void mlir_print_sorted_items(sp_strbuf *out, const ir_named_attr *items, uint32_t n, bool first);
void mlir_print_dict_items(sp_strbuf *out, const ir_named_attr *items, uint32_t n);

#endif
