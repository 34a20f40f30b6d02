/* report.c - the reports' dispatch and the pieces both targets' reports
 * share (see report.h). */
#include "report.h"

void ex_report(ex_program *x, ex_report_kind kind, const ex_report_opts *o, sp_strbuf *out) {
    ex_backend *b = ex_get_backend(x);
    static const ex_report_opts none = {0};
    if (!b->report) sp_throw(ex_ctx(x), SP_EUSAGE, (sp_loc){0}, "the %s target writes no reports", b->name);
    b->report(b, x, (int)kind, o ? o : &none, out);
}

const char *ex_op_label(const ir_op *op, char *buf, size_t n) {
    if (op->kind == IR_OP_LINALG)
        snprintf(buf, n, "linalg.%s", ir_linalg_kind_name((ir_linalg_kind)op->u.lin.named));
    else
        snprintf(buf, n, "%s", ir_op_name((ir_opkind)op->kind));
    return buf;
}

const char *ex_value_label(const ir_value *v, char *buf, size_t n) {
    if (v->name)
        snprintf(buf, n, "%%%s", v->name);
    else
        snprintf(buf, n, "%%v%u", v->id);
    return buf;
}

const char *ex_role_label(kn_role r) {
    static const char *const names[] = {"lhs", "rhs", "operand", "init"};
    return (unsigned)r < SP_ARRAY_LEN(names) ? names[r] : "?";
}

void ex_text_ops(sp_strbuf *o, const kernel *k) {
    char buf[128];
    sp_strbuf_puts(o, "    ops:");
    for (uint32_t j = 0; j < k->nops; j++)
        sp_strbuf_printf(o, " %s@%u:%u", ex_op_label(k->ops[j], buf, sizeof buf), k->ops[j]->loc.line, k->ops[j]->loc.col);
    sp_strbuf_putc(o, '\n');
    if (k->nepilogue) {
        sp_strbuf_puts(o, "    epilogue:");
        for (uint32_t e = 0; e < k->nepilogue; e++) sp_strbuf_printf(o, " %s", k->epilogue[e]);
        sp_strbuf_putc(o, '\n');
    }
}

void ex_json_kernel_begin(json_writer *w, const kernel *k, uint32_t i) {
    char buf[128];
    json_begin_object(w);
    snprintf(buf, sizeof buf, "k%u", i);
    json_kv_string(w, "name", buf);
    json_kv_string(w, "kind", kn_kind_name(k->kind));
    json_key(w, "ops");
    json_begin_array(w);
    for (uint32_t o = 0; o < k->nops; o++) json_string(w, ex_op_label(k->ops[o], buf, sizeof buf));
    json_end_array(w);
}

void ex_json_epilogue(json_writer *w, const kernel *k) {
    json_key(w, "epilogue");
    json_begin_array(w);
    for (uint32_t e = 0; e < k->nepilogue; e++) json_string(w, k->epilogue[e]);
    json_end_array(w);
}

void ex_json_kernel_end(json_writer *w, const kn_program *p, const kernel *k) {
    char buf[128];
    json_key(w, "inputs");
    json_begin_array(w);
    for (uint32_t in = 0; in < k->ninputs; in++) {
        json_begin_object(w);
        json_kv_string(w, "name", ex_value_label(k->inputs[in].value, buf, sizeof buf));
        json_kv_string(w, "role", ex_role_label((kn_role)k->inputs[in].role));
        json_kv_bool(w, "broadcast", k->inputs[in].broadcast);
        json_end_object(w);
    }
    json_end_array(w);
    json_kv_string(w, "output", ex_value_label(k->out, buf, sizeof buf));
    const char *why = p->why[k->out->id];
    if (why) json_kv_string(w, "materialized", why);
    json_end_object(w);
}

static const ir_value *arena_value(const kn_program *p, uint32_t id) {
    for (uint32_t i = 0; i < p->nk; i++)
        if (p->k[i].out->id == id) return p->k[i].out;
    return NULL;
}

void ex_json_arena_memory(json_writer *w, const ex_program *x) {
    ex_stats st = ex_get_stats(x);
    json_kv_int(w, "arena_bytes", st.arena_bytes);
    json_kv_int(w, "peak_live_bytes", st.arena_peak_live);
    json_kv_int(w, "constant_bytes", st.constant_bytes);
    json_kv_int(w, "copied_constant_bytes", st.copied_constant_bytes);
}

void ex_json_arena_buffers(json_writer *w, const ex_program *x) {
    const plan_buf *bufs;
    const uint32_t *values;
    uint32_t nb = ex_arena(x, &bufs, &values);
    json_key(w, "buffers");
    json_begin_array(w);
    for (uint32_t b = 0; b < nb; b++) {
        char buf[128];
        const ir_value *v = arena_value(ex_kernels(x), values[b]);
        json_begin_object(w);
        json_kv_string(w, "name", v ? ex_value_label(v, buf, sizeof buf) : "?");
        json_key(w, "shape");
        if (v)
            ex_json_ints(w, v->type.dims, v->type.rank);
        else
            ex_json_ints(w, NULL, 0);
        json_kv_int(w, "offset", bufs[b].offset);
        json_kv_int(w, "bytes", bufs[b].size);
        json_key(w, "live");
        ex_json_ints(w, (int64_t[]){bufs[b].lo, bufs[b].hi - 1}, 2);
        if (bufs[b].inplace >= 0) json_kv_int(w, "inplace_of", bufs[b].inplace);
        json_end_object(w);
    }
    json_end_array(w);
}

void ex_json_ints(json_writer *w, const int64_t *v, uint32_t n) {
    json_begin_array(w);
    for (uint32_t i = 0; i < n; i++) json_int(w, v[i]);
    json_end_array(w);
}


static void type_detail(char *buf, size_t n, ir_type t) {
    size_t k = 0;
    buf[0] = 0;
    for (uint32_t d = 0; d < t.rank && k < n; d++) k += (size_t)snprintf(buf + k, n - k, "%s%lld", d ? "x" : "", (long long)t.dims[d]);
    if (k < n) snprintf(buf + k, n - k, "%s%s", t.rank ? " " : "", ir_dtype_name((ir_dtype)t.dtype));
}

void ex_svg_arena(svg_doc *d, const ex_program *x, const char *yunit) {
    const kn_program *p = ex_kernels(x);
    const plan_buf *bufs;
    const uint32_t *values;
    uint32_t n = ex_arena(x, &bufs, &values);
    ex_stats st = ex_get_stats(x);
    char title[160], buf[128], detail[128];
    int64_t steps = 1;
    for (uint32_t b = 0; b < n; b++)
        if (bufs[b].hi > steps) steps = bufs[b].hi;
    snprintf(title, sizeof title, "program arena: intermediate tensors between kernels (%u buffer%s)", n, n == 1 ? "" : "s");
    svg_panel_begin(d, title, yunit, steps, st.arena_bytes);
    for (uint32_t b = 0; b < n; b++) {
        const ir_value *v = arena_value(p, values[b]);
        if (v) type_detail(detail, sizeof detail, v->type);
        svg_buffer(d, &(svg_buf){bufs[b].lo, bufs[b].hi, bufs[b].offset, bufs[b].size, v ? ex_value_label(v, buf, sizeof buf) : "?",
                                 v ? detail : NULL, bufs[b].inplace >= 0 ? "out" : "arena"});
    }
    svg_hline(d, st.arena_peak_live, "peak live", SVG_PEAK);
    svg_hline(d, st.arena_bytes, "footprint", SVG_FOOTPRINT);
    svg_panel_end(d);
}
