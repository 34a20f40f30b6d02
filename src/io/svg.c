/* svg.c - memory maps as SVG (see svg.h). Plain SVG 1.1: no scripts, no
 * external fonts, so any browser or image viewer shows it. */
#include "svg.h"

#include <string.h>

enum {
    WIDTH = 1100,
    PANEL_H = 330,
    TOP = 40,        /* document title */
    LEFT = 92,       /* address labels */
    RIGHT = 210,     /* line labels */
    PLOT_TOP = 34,   /* panel title above the plot */
    PLOT_H = 250,
    CHAR_W = 6       /* approximate width of a 10px sans-serif character */
};

static void put_text(sp_strbuf *o, const char *s) {
    for (; s && *s; s++) {
        switch (*s) {
        case '<': sp_strbuf_puts(o, "&lt;"); break;
        case '>': sp_strbuf_puts(o, "&gt;"); break;
        case '&': sp_strbuf_puts(o, "&amp;"); break;
        case '"': sp_strbuf_puts(o, "&quot;"); break;
        default:
            if ((unsigned char)*s >= 0x20 || *s == '\n') sp_strbuf_putc(o, *s);
        }
    }
}

/* 65536 -> "64 KiB", 3072 -> "3 KiB", 1000 -> "1000 B" */
static void human_bytes(char *buf, size_t n, double v) {
    static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    int u = 0;
    while (v >= 1024 && u < 4) {
        v /= 1024;
        u++;
    }
    if (v == (double)(int64_t)v)
        snprintf(buf, n, "%lld %s", (long long)v, units[u]);
    else
        snprintf(buf, n, "%.1f %s", v, units[u]);
}

static const char *role_fill(const char *role) {
    static const struct {
        const char *role, *fill;
    } colours[] = {{"lhs", "#4e79a7"},     {"rhs", "#f28e2b"}, {"acc", "#59a14f"},   {"operand", "#e15759"},
                   {"out", "#76b7b2"},     {"scratch", "#edc948"}, {"arena", "#b07aa1"}, {"init", "#ff9da7"}};
    for (size_t i = 0; role && i < sizeof colours / sizeof colours[0]; i++)
        if (!strcmp(role, colours[i].role)) return colours[i].fill;
    return "#9c755f";
}

void svg_begin(svg_doc *d, sp_strbuf *out, const char *title, uint32_t npanels) {
    memset(d, 0, sizeof *d);
    d->out = out;
    d->npanels = npanels;
    int h = TOP + (int)npanels * PANEL_H + 10;
    sp_strbuf_printf(out,
                     "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                     "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                     "font-family=\"sans-serif\" font-size=\"10\">\n",
                     WIDTH, h, WIDTH, h);
    sp_strbuf_printf(out, "<path d=\"M0 0H%dV%dH0Z\" fill=\"#ffffff\"/>\n", WIDTH, h);
    sp_strbuf_puts(out, "<title>");
    put_text(out, title);
    sp_strbuf_puts(out, "</title>\n");
    sp_strbuf_printf(out, "<text x=\"%d\" y=\"24\" font-size=\"15\" font-weight=\"bold\">", LEFT);
    put_text(out, title);
    sp_strbuf_puts(out, "</text>\n");
}

void svg_panel_begin(svg_doc *d, const char *title, const char *yunit, int64_t steps, int64_t ymax) {
    sp_strbuf *o = d->out;
    double top = TOP + (double)d->panel * PANEL_H;
    d->panel++;
    d->steps = steps > 0 ? steps : 1;
    d->ymax = ymax > 0 ? ymax : 1;
    d->x0 = LEFT;
    d->y0 = top + PLOT_TOP + PLOT_H; /* address 0 */
    double plot_w = WIDTH - LEFT - RIGHT;
    d->sx = plot_w / (double)d->steps;
    d->sy = PLOT_H / ((double)d->ymax * 1.04);
    sp_strbuf_printf(o, "<g class=\"panel\">\n<text x=\"%d\" y=\"%.1f\" font-size=\"12\" font-weight=\"bold\">", LEFT,
                     top + 20);
    put_text(o, title);
    sp_strbuf_puts(o, "</text>\n");
    /* plot frame and axes */
    sp_strbuf_printf(o, "<path d=\"M%.1f %.1fH%.1fV%.1fH%.1fZ\" fill=\"#f7f7f7\" stroke=\"#999\"/>\n", d->x0,
                     d->y0 - PLOT_H, d->x0 + plot_w, d->y0, d->x0);
    for (int t = 0; t <= 4; t++) { /* address ticks */
        double v = (double)d->ymax * t / 4;
        char buf[32];
        human_bytes(buf, sizeof buf, v);
        double y = d->y0 - v * d->sy;
        sp_strbuf_printf(o, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>", d->x0, y,
                         d->x0 + plot_w, y);
        sp_strbuf_printf(o, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n", d->x0 - 4, y + 3, buf);
    }
    int64_t every = d->steps <= 24 ? 1 : (d->steps + 23) / 24;
    for (int64_t s = 0; s < d->steps; s += every) /* step ticks, labelled at the step's middle */
        sp_strbuf_printf(o, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" fill=\"#555\">%lld</text>", d->x0 + (s + 0.5) * d->sx,
                         d->y0 + 13, (long long)s);
    sp_strbuf_printf(o, "\n<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" fill=\"#555\">step</text>\n",
                     d->x0 + plot_w / 2, d->y0 + 27);
    sp_strbuf_printf(o, "<text x=\"14\" y=\"%.1f\" transform=\"rotate(-90 14 %.1f)\" text-anchor=\"middle\" fill=\"#555\">",
                     d->y0 - PLOT_H / 2.0, d->y0 - PLOT_H / 2.0);
    put_text(o, yunit);
    sp_strbuf_puts(o, "</text>\n");
}

void svg_buffer(svg_doc *d, const svg_buf *b) {
    sp_strbuf *o = d->out;
    double x = d->x0 + (double)b->lo * d->sx, w = (double)(b->hi - b->lo) * d->sx;
    double h = (double)b->bytes * d->sy;
    if (h < 1) h = 1; /* a tiny buffer stays visible */
    double y = d->y0 - (double)(b->offset + b->bytes) * d->sy;
    if (y + h > d->y0) y = d->y0 - h;
    sp_strbuf_printf(o, "<rect class=\"buf\" x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"%s\" "
                        "fill-opacity=\"0.85\" stroke=\"#333\" stroke-width=\"0.6\"><title>",
                     x, y, w > 0.5 ? w : 0.5, h, role_fill(b->role));
    char bytes[32];
    human_bytes(bytes, sizeof bytes, (double)b->bytes);
    put_text(o, b->name);
    if (b->detail) {
        sp_strbuf_puts(o, " ");
        put_text(o, b->detail);
    }
    sp_strbuf_printf(o, ": %lld bytes (%s) at offset %lld, live steps %lld..%lld", (long long)b->bytes, bytes,
                     (long long)b->offset, (long long)b->lo, (long long)(b->hi - 1));
    if (b->role) {
        sp_strbuf_puts(o, ", ");
        put_text(o, b->role);
    }
    sp_strbuf_puts(o, "</title></rect>\n");
    /* a label when it fits: the name, then details and bytes if room */
    size_t nl = b->name ? strlen(b->name) : 0;
    if (nl && w >= (double)(nl * CHAR_W + 4) && h >= 12) {
        sp_strbuf_printf(o, "<text x=\"%.1f\" y=\"%.1f\" fill=\"#000\">", x + 3, y + 11);
        put_text(o, b->name);
        sp_strbuf_puts(o, "</text>");
        char line[256];
        snprintf(line, sizeof line, "%s%s%s", b->detail ? b->detail : "", b->detail ? ", " : "", bytes);
        if (h >= 24 && w >= (double)(strlen(line) * CHAR_W + 4)) {
            sp_strbuf_printf(o, "<text x=\"%.1f\" y=\"%.1f\" fill=\"#222\">", x + 3, y + 22);
            put_text(o, line);
            sp_strbuf_puts(o, "</text>");
        }
        sp_strbuf_putc(o, '\n');
    }
}

void svg_hline(svg_doc *d, int64_t bytes, const char *label, svg_line_kind kind) {
    static const char *const stroke[] = {"#d62728", "#1f77b4", "#555555"};
    static const char *const dash[] = {"6 3", "2 2", "1 0"};
    sp_strbuf *o = d->out;
    double y = d->y0 - (double)bytes * d->sy, x1 = WIDTH - RIGHT;
    char buf[32];
    human_bytes(buf, sizeof buf, (double)bytes);
    sp_strbuf_printf(o, "<line class=\"%s\" x1=\"%.1f\" y1=\"%.2f\" x2=\"%.1f\" y2=\"%.2f\" stroke=\"%s\" "
                        "stroke-width=\"1.5\" stroke-dasharray=\"%s\"/>",
                     kind == SVG_BUDGET ? "budget" : kind == SVG_PEAK ? "peak" : "footprint", d->x0, y, x1, y,
                     stroke[kind], dash[kind]);
    /* labels of lines at the same height would overlap: the peak goes below its line */
    double ty = kind == SVG_PEAK ? y + 11 : y - 2;
    sp_strbuf_printf(o, "<text x=\"%.1f\" y=\"%.2f\" fill=\"%s\">", x1 + 4, ty, stroke[kind]);
    put_text(o, label);
    sp_strbuf_printf(o, " %lld B (%s)</text>\n", (long long)bytes, buf);
}

void svg_panel_end(svg_doc *d) { sp_strbuf_puts(d->out, "</g>\n"); }

void svg_end(svg_doc *d) { sp_strbuf_puts(d->out, "</svg>\n"); }
