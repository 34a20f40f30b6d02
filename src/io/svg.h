/* svg.h - memory maps as SVG: each planned buffer a rectangle over time
 * (x: the steps it is live) and address (y: its bytes), one panel per
 * scratchpad (a kernel's, per lane or per thread) or arena, with the budget
 * and the peak-live lower bound drawn as lines.
 *
 *     svg_doc d;
 *     svg_begin(&d, &out, "plan of @ffn1 (npu)", 2);        // number of panels
 *     svg_panel_begin(&d, "k0: matmul + bias_add + relu", "bytes per lane", 5, 65536);
 *     svg_buffer(&d, &(svg_buf){.lo = 0, .hi = 3, .offset = 0, .bytes = 3072,
 *                               .name = "X", .detail = "256x384 f32", .role = "lhs"});
 *     svg_hline(&d, 65536, "budget", SVG_BUDGET);
 *     svg_panel_end(&d);
 *     ...
 *     svg_end(&d);
 *
 * Every buffer is exactly one <rect class="buf"> (tests count them); the
 * other shapes are lines, paths and text. Steps are half-open: [lo, hi).
 * Ownership: the caller owns out; svg_doc holds no memory of its own.
 */
#ifndef SPADC_IO_SVG_H
#define SPADC_IO_SVG_H

#include <stdint.h>

#include "base/strbuf.h"

typedef enum svg_line_kind { SVG_BUDGET, SVG_PEAK, SVG_FOOTPRINT } svg_line_kind;

typedef struct svg_buf {
    int64_t lo, hi;       /* live steps [lo, hi) */
    int64_t offset, bytes;
    const char *name;     /* drawn inside the rectangle when it fits */
    const char *detail;   /* shape, dtype, ... (tooltip and second line) */
    const char *role;     /* picks the colour: lhs rhs acc operand out scratch arena */
} svg_buf;

typedef struct svg_doc {
    sp_strbuf *out;
    uint32_t npanels, panel; /* panels announced, panels begun */
    /* the open panel's scales */
    double x0, y0, sx, sy;
    int64_t steps, ymax;
} svg_doc;

void svg_begin(svg_doc *d, sp_strbuf *out, const char *title, uint32_t npanels);
/* ymax: the largest address the panel must show (budget, footprint, ...). */
void svg_panel_begin(svg_doc *d, const char *title, const char *yunit, int64_t steps, int64_t ymax);
void svg_buffer(svg_doc *d, const svg_buf *b);
void svg_hline(svg_doc *d, int64_t bytes, const char *label, svg_line_kind kind);
void svg_panel_end(svg_doc *d);
void svg_end(svg_doc *d);

#endif
