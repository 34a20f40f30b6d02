/* report.h - what a compiled program plans and what its runs did, for
 * people and tools: the plan as text (`spadc plan`), as one JSON object
 * (DESIGN.md's schema) and as an SVG memory map; the last runs as text
 * (`spadc run`'s tables) and as JSON. Each backend writes its own reports
 * (cpu/report.c, npu/report.c) with the shared pieces below, so a caller
 * asks the program, whatever its target.
 *
 *     sp_strbuf out;
 *     sp_strbuf_init(&out, ctx);
 *     ex_report(x, EX_PLAN_JSON, NULL, &out);   // inside sp_pcall
 */
#ifndef SPADC_EXEC_REPORT_H
#define SPADC_EXEC_REPORT_H

#include "io/json.h"
#include "io/svg.h"
#include "exec.h"

typedef enum ex_report_kind {
    EX_PLAN_TEXT, /* the plan, as `spadc plan` prints it */
    EX_PLAN_JSON, /* the same as one JSON object */
    EX_PLAN_SVG,  /* every planned buffer as a rectangle over steps x address */
    EX_RUN_TEXT,  /* the runs so far: per-kernel times (cpu) or simulated figures (npu) */
    EX_RUN_JSON   /* the same as one JSON object */
} ex_report_kind;

typedef struct ex_report_opts {
    bool program; /* EX_PLAN_TEXT on the npu: each kernel's instructions too */
} ex_report_opts;

/* Appends report `kind` of x to out (o may be NULL); raises SP_EUSAGE when
 * x's backend does not write that report. */
void ex_report(ex_program *x, ex_report_kind kind, const ex_report_opts *o, sp_strbuf *out);

/* ------------------------------------------- pieces for backends' reports */

/* "linalg.matmul", "tensor.pad", ... */
const char *ex_op_label(const ir_op *op, char *buf, size_t n);
/* "%name", or "%vID" for an unnamed value */
const char *ex_value_label(const ir_value *v, char *buf, size_t n);
/* "lhs", "rhs", "operand", "init" */
const char *ex_role_label(kn_role r);
/* The kernel's "    ops: ..." line and, when it has one, its
 * "    epilogue: ..." line. */
void ex_text_ops(sp_strbuf *o, const kernel *k);
/* A kernel's object in the JSON plan: opened with "name", "kind" and
 * "ops"; "epilogue"; closed with "inputs", "output" and, when it is
 * materialised, why. */
void ex_json_kernel_begin(json_writer *w, const kernel *k, uint32_t i);
void ex_json_epilogue(json_writer *w, const kernel *k);
void ex_json_kernel_end(json_writer *w, const kn_program *p, const kernel *k);
/* The program object's "arena_bytes", "peak_live_bytes", "constant_bytes",
 * "copied_constant_bytes"; and its "buffers": the arena's, each with its
 * name, shape, offset, bytes, live steps and the buffer it is in place of. */
void ex_json_arena_memory(json_writer *w, const ex_program *x);
void ex_json_arena_buffers(json_writer *w, const ex_program *x);
/* [a, b, ...] */
void ex_json_ints(json_writer *w, const int64_t *v, uint32_t n);
/* The program's arena as the last panel of an SVG: one rectangle per
 * intermediate tensor (an elementwise kernel's output written over its
 * input drawn as "out"), the peak-live and footprint lines. */
void ex_svg_arena(svg_doc *d, const ex_program *x, const char *yunit);

#endif
