/* cmd_plan.c - spadc plan: what a target will run, and the memory it plans:
 * kernels (fused ops, dims, epilogue, tile and its buffers) and the program's
 * arena. --json prints the object DESIGN.md specifies. */
#include <stdlib.h>
#include <string.h>

#include "../base/strbuf.h"
#include "../cpu/backend.h"
#include "../io/fileio.h"
#include "../io/json.h"
#include "../io/svg.h"
#include "cli.h"

static const char *const HELP =
    "usage: spadc plan FILE.mlir [--target T] [-e FUNC] [--threads N] [--json] [--svg OUT.svg]\n"
    "\n"
    "Compile function FUNC of FILE for the target and print its plan: the\n"
    "kernels (fused ops, loop sizes b/m/n/k, epilogue steps, tile and the\n"
    "buffers it holds on chip) and the program's arena of intermediate tensors\n"
    "(planned offsets, peak-live bytes, constants read in place).\n"
    "\n"
    "  --target T     cpu (default); per-thread buffers are the engine's packed\n"
    "                 blocks, planned against the caches; npu or npu=FILE.yml:\n"
    "                 see 'spadc plan --target npu --help' (--budget, --tile,\n"
    "                 --program)\n"
    "  -e FUNC        the function (may be omitted when FILE has one)\n"
    "  --threads N    threads the cpu plan is made for (default 1)\n"
    "  --json         one JSON object instead of the report\n"
    "  --svg OUT.svg  also draw the plan: each kernel's on-chip buffers and the\n"
    "                 program's arena as rectangles over time x address, with\n"
    "                 the budget and the peak-live bound as lines\n";

typedef struct plan_state {
    const char *path, *func, *svg;
    int threads;
    bool json;
    ir_module *m;
    interp *it;
    ex_program *x;
    sp_strbuf out, text; /* the report; the file read */
} plan_state;

static const char *value_name(const ir_value *v, char *buf, size_t n) {
    if (v->name)
        snprintf(buf, n, "%%%s", v->name);
    else
        snprintf(buf, n, "%%v%u", v->id);
    return buf;
}

static const char *op_name(const ir_op *op, char *buf, size_t n) {
    if (op->kind == IR_OP_LINALG)
        snprintf(buf, n, "linalg.%s", ir_linalg_kind_name((ir_linalg_kind)op->u.lin.named));
    else
        snprintf(buf, n, "%s", ir_op_name((ir_opkind)op->kind));
    return buf;
}

static const char *role_name(kn_role r) {
    static const char *const names[] = {"lhs", "rhs", "operand", "init"};
    return names[r];
}

/* The shape an epilogue operand occupies per tile: its logical shape, with
 * broadcast dimensions kept at 1 (law L3). */
static void operand_tile_shape(const kernel *k, const kn_input *in, int64_t tm, int64_t tn, int64_t *shape, uint32_t *rank) {
    bool has_m = false, has_n = false;
    for (uint32_t r = 0; in->map && r < in->map->nres; r++) {
        int d = ir_aexpr_dim(in->map->res[r]);
        if (d >= 0 && k->dimclass[d] == KN_DIM_M) has_m = true;
        if (d >= 0 && k->dimclass[d] == KN_DIM_N) has_n = true;
    }
    shape[0] = has_m ? tm : 1;
    shape[1] = has_n ? tn : 1;
    *rank = 2;
}

static void json_shape(json_writer *w, const int64_t *dims, uint32_t rank) {
    json_begin_array(w);
    for (uint32_t i = 0; i < rank; i++) json_int(w, dims[i]);
    json_end_array(w);
}

/* What a blocking buffer holds: lhs, rhs (the B block and the next one,
 * rhs_next), acc, or scratch. */
static const char *block_buf_role(const cpu_block_buf *bb) {
    if (!strcmp(bb->name, "lhs") || !strcmp(bb->name, "acc")) return bb->name;
    return !strncmp(bb->name, "rhs", 3) ? "rhs" : "scratch";
}

/* The least memory the buffers of one cache level's plan need at once (what
 * any placement must reach; the planner's footprint is compared with it). */
static int64_t level_peak(sp_ctx *ctx, const cpu_blocking *blk, int level) {
    plan_buf pb[8];
    uint32_t n = 0;
    for (uint32_t b = 0; b < blk->nbufs; b++)
        if (blk->bufs[b].level == level)
            pb[n++] = (plan_buf){blk->bufs[b].bytes, 1, blk->bufs[b].lo, blk->bufs[b].hi, -1, blk->bufs[b].offset};
    int64_t peak = 0;
    if (n && plan_lower_bound(ctx, pb, n, &peak) != SP_OK) peak = level == 2 ? blk->footprint : blk->footprint_l1;
    return peak;
}

static void kernel_json(plan_state *ps, json_writer *w, uint32_t i) {
    const kn_program *p = ex_kernels(ps->x);
    const kernel *k = &p->k[i];
    char buf[128];
    json_begin_object(w);
    snprintf(buf, sizeof buf, "k%u", i);
    json_kv_string(w, "name", buf);
    json_kv_string(w, "kind", kn_kind_name(k->kind));
    json_key(w, "ops");
    json_begin_array(w);
    for (uint32_t o = 0; o < k->nops; o++) json_string(w, op_name(k->ops[o], buf, sizeof buf));
    json_end_array(w);
    json_key(w, "dims");
    json_begin_object(w);
    json_kv_int(w, "b", k->kind == KN_CONTRACTION ? k->b : 1);
    json_kv_int(w, "m", k->kind == KN_CONTRACTION ? k->m : 1);
    json_kv_int(w, "n", k->kind == KN_CONTRACTION ? k->n : ir_type_numel(k->out->type));
    json_kv_int(w, "k", k->kind == KN_CONTRACTION ? k->k : 0);
    json_end_object(w);
    const cpu_blocking *blk = cpu_backend_blocking(ps->x, i);
    json_key(w, "tile");
    json_begin_object(w);
    json_kv_int(w, "m", blk ? blk->mc : 0);
    json_kv_int(w, "n", blk ? blk->nc : 0);
    json_kv_int(w, "k", blk ? blk->kc : 0);
    json_end_object(w);
    json_kv_string(w, "unit", "per_thread");
    json_kv_string(w, "path", ex_kernel_engine(ps->x, i) ? "engine" : "reference");
    json_kv_int(w, "budget_bytes", blk ? blk->budget : 0);
    json_kv_int(w, "footprint_bytes", blk ? blk->footprint : 0);
    json_kv_int(w, "peak_live_bytes", blk ? level_peak(ps->m->ctx, blk, 2) : 0);
    json_kv_int(w, "l1_budget_bytes", blk ? blk->budget_l1 : 0);
    json_kv_int(w, "l1_footprint_bytes", blk ? blk->footprint_l1 : 0);
    json_kv_int(w, "l1_peak_live_bytes", blk ? level_peak(ps->m->ctx, blk, 1) : 0);
    json_key(w, "candidates");
    json_begin_array(w);
    for (uint32_t c = 0; blk && c < blk->search.ntop + blk->search.nrejects; c++) {
        const cpu_block_cand *bc = c < blk->search.ntop ? &blk->search.top[c] : &blk->search.rejects[c - blk->search.ntop];
        json_begin_object(w);
        json_kv_string(w, "kernel", bc->kernel);
        json_kv_int(w, "mc", bc->mc);
        json_kv_int(w, "nc", bc->nc);
        json_kv_int(w, "kc", bc->kc);
        json_kv_int(w, "threads", bc->nthreads);
        json_kv_int(w, "l1_footprint_bytes", bc->footprint_l1);
        json_kv_int(w, "l2_footprint_bytes", bc->footprint_l2);
        json_kv_bool(w, "chosen", c == 0);
        json_kv_string(w, "verdict", bc->verdict == CPU_CAND_FITS ? "fits" : bc->verdict == CPU_CAND_OVER_L1 ? "over_l1_budget" : "over_l2_budget");
        if (bc->verdict == CPU_CAND_FITS) json_kv_double(w, "est_seconds", bc->est_seconds);
        json_end_object(w);
    }
    json_end_array(w);
    json_key(w, "buffers");
    json_begin_array(w);
    for (uint32_t b = 0; blk && b < blk->nbufs; b++) {
        const cpu_block_buf *bb = &blk->bufs[b];
        json_begin_object(w);
        json_kv_string(w, "name", bb->name);
        json_kv_string(w, "role", block_buf_role(bb));
        json_key(w, "shape");
        json_shape(w, (int64_t[]){bb->rows, bb->cols}, 2);
        json_kv_int(w, "level", bb->level);
        json_kv_int(w, "offset", bb->offset);
        json_kv_int(w, "bytes", bb->bytes);
        json_key(w, "live");
        json_shape(w, (int64_t[]){bb->lo, bb->hi - 1}, 2);
        json_kv_bool(w, "broadcast", false);
        json_end_object(w);
    }
    /* epilogue operands are read from memory in the accumulator's layout:
     * nothing is staged on chip for them (law L7), hence 0 bytes */
    for (uint32_t in = 0; blk && in < k->ninputs; in++) {
        const kn_input *ki = &k->inputs[in];
        if (ki->role < KN_ROLE_OPERAND) continue;
        json_begin_object(w);
        json_kv_string(w, "name", value_name(ki->value, buf, sizeof buf));
        json_kv_string(w, "role", role_name((kn_role)ki->role));
        int64_t shape[2];
        uint32_t rank;
        operand_tile_shape(k, ki, blk ? blk->mr : 1, blk ? blk->nr : 1, shape, &rank);
        json_key(w, "shape");
        json_shape(w, shape, rank);
        json_kv_int(w, "offset", 0);
        json_kv_int(w, "bytes", 0);
        json_key(w, "live");
        json_shape(w, (int64_t[]){0, 0}, 2);
        json_kv_bool(w, "broadcast", ki->broadcast);
        json_end_object(w);
    }
    json_end_array(w);
    json_key(w, "epilogue");
    json_begin_array(w);
    for (uint32_t e = 0; e < k->nepilogue; e++) json_string(w, k->epilogue[e]);
    json_end_array(w);
    json_key(w, "inputs");
    json_begin_array(w);
    for (uint32_t in = 0; in < k->ninputs; in++) {
        json_begin_object(w);
        json_kv_string(w, "name", value_name(k->inputs[in].value, buf, sizeof buf));
        json_kv_string(w, "role", role_name((kn_role)k->inputs[in].role));
        json_kv_bool(w, "broadcast", k->inputs[in].broadcast);
        json_end_object(w);
    }
    json_end_array(w);
    json_kv_string(w, "output", value_name(k->out, buf, sizeof buf));
    const char *why = p->why[k->out->id];
    if (why) json_kv_string(w, "materialized", why);
    json_end_object(w);
}

static void plan_json(plan_state *ps) {
    json_writer w;
    json_init(&w, &ps->out, 2);
    ex_stats st = ex_get_stats(ps->x);
    cpu_caches c = cpu_caches_detect();
    cpu_isa isa = CPU_ISA_GENERIC;
    (void)cpu_isa_active(ps->m->ctx, &isa);
    json_begin_object(&w);
    json_key(&w, "target");
    json_begin_object(&w);
    json_kv_string(&w, "name", "cpu");
    json_kv_string(&w, "isa", cpu_isa_name(isa));
    json_kv_int(&w, "threads", ps->threads);
    json_kv_int(&w, "l1d_bytes", c.l1d);
    json_kv_int(&w, "l2_bytes", c.l2);
    json_kv_int(&w, "l3_bytes", c.l3);
    json_end_object(&w);
    const kn_program *p = ex_kernels(ps->x);
    json_kv_string(&w, "function", p->func->u.fn.name);
    json_key(&w, "kernels");
    json_begin_array(&w);
    for (uint32_t i = 0; i < p->nk; i++) kernel_json(ps, &w, i);
    json_end_array(&w);
    json_key(&w, "program");
    json_begin_object(&w);
    json_kv_int(&w, "arena_bytes", st.arena_bytes);
    json_kv_int(&w, "peak_live_bytes", st.arena_peak_live);
    json_kv_int(&w, "constant_bytes", st.constant_bytes);
    json_kv_int(&w, "copied_constant_bytes", st.copied_constant_bytes);
    const plan_buf *bufs;
    const uint32_t *values;
    uint32_t nb = ex_arena(ps->x, &bufs, &values);
    json_key(&w, "buffers");
    json_begin_array(&w);
    for (uint32_t b = 0; b < nb; b++) {
        char buf[128];
        const ir_value *v = NULL;
        for (uint32_t i = 0; i < p->nk && !v; i++)
            if (p->k[i].out->id == values[b]) v = p->k[i].out;
        json_begin_object(&w);
        json_kv_string(&w, "name", v ? value_name(v, buf, sizeof buf) : "?");
        json_key(&w, "shape");
        if (v)
            json_shape(&w, v->type.dims, v->type.rank);
        else
            json_shape(&w, NULL, 0);
        json_kv_int(&w, "offset", bufs[b].offset);
        json_kv_int(&w, "bytes", bufs[b].size);
        json_key(&w, "live");
        json_shape(&w, (int64_t[]){bufs[b].lo, bufs[b].hi - 1}, 2);
        if (bufs[b].inplace >= 0) json_kv_int(&w, "inplace_of", bufs[b].inplace);
        json_end_object(&w);
    }
    json_end_array(&w);
    json_end_object(&w);
    json_end_object(&w);
    sp_strbuf_putc(&ps->out, '\n');
}

/* The blocking search in brief: counts, the best fitting candidates (the
 * chosen one marked) and the first rejected ones with the reason. */
static void print_search(sp_strbuf *o, const cpu_blocking *blk) {
    const cpu_block_search *s = &blk->search;
    sp_strbuf_printf(o, "    candidates: %u considered, %u fit, %u over the L1 budget (%lld B), %u over the L2 budget (%lld B)\n",
                     s->considered, s->considered - s->over_l1 - s->over_l2, s->over_l1, (long long)blk->budget_l1,
                     s->over_l2, (long long)blk->budget);
    for (uint32_t i = 0; i < s->ntop; i++) {
        const cpu_block_cand *c = &s->top[i];
        sp_strbuf_printf(o, "      %c %-18s mc=%-5lld nc=%-5lld kc=%-5lld %d thr (%dx%d)  L1 %6lld B  L2 %7lld B  est %.4f ms\n",
                         i == 0 ? '*' : ' ', c->kernel, (long long)c->mc, (long long)c->nc, (long long)c->kc, c->nthreads,
                         c->tm, c->tn, (long long)c->footprint_l1, (long long)c->footprint_l2, c->est_seconds * 1e3);
    }
    for (uint32_t i = 0; i < s->nrejects; i++) {
        const cpu_block_cand *c = &s->rejects[i];
        if (c->verdict == CPU_CAND_OVER_L1)
            sp_strbuf_printf(o, "      x %-18s kc=%-5lld rejected: L1 plan %lld B > budget %lld B\n", c->kernel,
                             (long long)c->kc, (long long)c->footprint_l1, (long long)blk->budget_l1);
        else
            sp_strbuf_printf(o, "      x %-18s mc=%-5lld nc=%-5lld kc=%-5lld rejected: L2 plan %lld B > budget %lld B\n",
                             c->kernel, (long long)c->mc, (long long)c->nc, (long long)c->kc, (long long)c->footprint_l2,
                             (long long)blk->budget);
    }
}

static void plan_report(plan_state *ps) {
    sp_strbuf *o = &ps->out;
    const kn_program *p = ex_kernels(ps->x);
    ex_stats st = ex_get_stats(ps->x);
    char buf[128];
    sp_strbuf_printf(o, "plan of @%s for the cpu (%d thread%s): %u kernel%s, %u on the engine\n\n", p->func->u.fn.name,
                     ps->threads, ps->threads == 1 ? "" : "s", p->nk, p->nk == 1 ? "" : "s", st.nengine);
    for (uint32_t i = 0; i < p->nk; i++) {
        const kernel *k = &p->k[i];
        sp_strbuf_printf(o, "k%u  %s", i, kn_kind_name(k->kind));
        if (k->kind == KN_CONTRACTION)
            sp_strbuf_printf(o, "  b=%lld m=%lld n=%lld k=%lld", (long long)k->b, (long long)k->m, (long long)k->n,
                             (long long)k->k);
        sp_strbuf_printf(o, "  -> %s %s\n", value_name(k->out, buf, sizeof buf),
                         ex_kernel_engine(ps->x, i) ? "(engine)" : "(reference semantics)");
        sp_strbuf_puts(o, "    ops:");
        for (uint32_t j = 0; j < k->nops; j++)
            sp_strbuf_printf(o, " %s@%u:%u", op_name(k->ops[j], buf, sizeof buf), k->ops[j]->loc.line, k->ops[j]->loc.col);
        sp_strbuf_putc(o, '\n');
        if (k->nepilogue) {
            sp_strbuf_puts(o, "    epilogue:");
            for (uint32_t e = 0; e < k->nepilogue; e++) sp_strbuf_printf(o, " %s", k->epilogue[e]);
            sp_strbuf_putc(o, '\n');
        }
        sp_strbuf_puts(o, "    inputs:");
        for (uint32_t in = 0; in < k->ninputs; in++)
            sp_strbuf_printf(o, " %s (%s%s)", value_name(k->inputs[in].value, buf, sizeof buf),
                             role_name((kn_role)k->inputs[in].role), k->inputs[in].broadcast ? ", broadcast" : "");
        sp_strbuf_putc(o, '\n');
        const cpu_blocking *blk = cpu_backend_blocking(ps->x, i);
        if (blk && blk->nbufs) {
            sp_strbuf_printf(o, "    tile: %s mr=%d nr=%d mc=%lld nc=%lld kc=%lld, %d thread%s (%d x %d)\n",
                             blk->kernel ? blk->kernel : cpu_isa_name(blk->isa), blk->mr, blk->nr, (long long)blk->mc,
                             (long long)blk->nc, (long long)blk->kc, blk->nthreads, blk->nthreads == 1 ? "" : "s",
                             blk->tm, blk->tn);
            print_search(o, blk);
            for (int level = 2; level >= 1; level--) {
                sp_strbuf_printf(o, "    L%d plan: %lld of %lld bytes per thread\n", level,
                                 (long long)(level == 2 ? blk->footprint : blk->footprint_l1),
                                 (long long)(level == 2 ? blk->budget : blk->budget_l1));
                for (uint32_t b = 0; b < blk->nbufs; b++)
                    if (blk->bufs[b].level == level)
                        sp_strbuf_printf(o, "      %-8s %6lld x %-6lld %9lld bytes at %lld\n", blk->bufs[b].name,
                                         (long long)blk->bufs[b].rows, (long long)blk->bufs[b].cols,
                                         (long long)blk->bufs[b].bytes, (long long)blk->bufs[b].offset);
            }
        }
        const char *why = p->why[k->out->id];
        if (why) sp_strbuf_printf(o, "    materialised: %s\n", why);
    }
    sp_strbuf_printf(o, "\narena: %lld bytes for the intermediates (peak live %lld); constants read in place: %lld bytes; "
                        "copied: %lld bytes\n",
                     (long long)st.arena_bytes, (long long)st.arena_peak_live, (long long)st.constant_bytes,
                     (long long)st.copied_constant_bytes);
}

static const ir_value *arena_value(const kn_program *p, uint32_t id) {
    for (uint32_t i = 0; i < p->nk; i++)
        if (p->k[i].out->id == id) return p->k[i].out;
    return NULL;
}

static void type_detail(char *buf, size_t n, ir_type t) {
    size_t k = 0;
    buf[0] = 0;
    for (uint32_t d = 0; d < t.rank && k < n; d++) k += (size_t)snprintf(buf + k, n - k, "%s%lld", d ? "x" : "", (long long)t.dims[d]);
    if (k < n) snprintf(buf + k, n - k, "%s%s", t.rank ? " " : "", ir_dtype_name((ir_dtype)t.dtype));
}

/* Both targets' --svg: the program's arena as a panel, one rectangle per
 * intermediate tensor (an elementwise kernel's output written over its
 * input is drawn as "out"). */
void cli_svg_arena_panel(svg_doc *d, const kn_program *p, const plan_buf *bufs, const uint32_t *values, uint32_t n,
                         int64_t arena_bytes, int64_t peak_live, const char *yunit) {
    char title[160], buf[128], detail[128];
    int64_t steps = 1;
    for (uint32_t b = 0; b < n; b++)
        if (bufs[b].hi > steps) steps = bufs[b].hi;
    snprintf(title, sizeof title, "program arena: intermediate tensors between kernels (%u buffer%s)", n, n == 1 ? "" : "s");
    svg_panel_begin(d, title, yunit, steps, arena_bytes);
    for (uint32_t b = 0; b < n; b++) {
        const ir_value *v = arena_value(p, values[b]);
        if (v) type_detail(detail, sizeof detail, v->type);
        svg_buffer(d, &(svg_buf){bufs[b].lo, bufs[b].hi, bufs[b].offset, bufs[b].size, v ? value_name(v, buf, sizeof buf) : "?",
                                 v ? detail : NULL, bufs[b].inplace >= 0 ? "out" : "arena"});
    }
    svg_hline(d, peak_live, "peak live", SVG_PEAK);
    svg_hline(d, arena_bytes, "footprint", SVG_FOOTPRINT);
    svg_panel_end(d);
}

typedef struct write_args {
    const char *path;
    const sp_strbuf *s;
    const char *what;
} write_args;

static void write_body(sp_ctx *ctx, void *ud) {
    write_args *a = ud;
    fio_save(ctx, a->path, a->s->data, a->s->len, a->what);
}

void cli_write_file(sp_ctx *ctx, const char *path, sp_strbuf *s, const char *what) {
    /* the buffer is freed even when the write raises */
    sp_status st = sp_pcall(ctx, write_body, &(write_args){path, s, what});
    sp_strbuf_free(s);
    if (st != SP_OK) sp_rethrow(ctx);
}

/* --svg: one panel per kernel with buffers on chip, then the arena. */
static void plan_svg(sp_ctx *ctx, plan_state *ps) {
    const kn_program *p = ex_kernels(ps->x);
    const plan_buf *abufs;
    const uint32_t *avalues;
    uint32_t nab = ex_arena(ps->x, &abufs, &avalues);
    uint32_t npanels = 1;
    for (uint32_t i = 0; i < p->nk; i++) {
        const cpu_blocking *blk = cpu_backend_blocking(ps->x, i);
        for (uint32_t b = 0; blk && b < blk->nbufs; b++)
            if (blk->bufs[b].level != blk->bufs[0].level) npanels++;
        npanels += blk && blk->nbufs;
    }
    sp_strbuf out;
    sp_strbuf_init(&out, ctx);
    svg_doc d;
    char title[256], detail[128];
    snprintf(title, sizeof title, "spadc plan of @%s for the cpu (%d thread%s)", p->func->u.fn.name, ps->threads,
             ps->threads == 1 ? "" : "s");
    svg_begin(&d, &out, title, npanels);
    for (uint32_t i = 0; i < p->nk; i++) {
        const kernel *k = &p->k[i];
        const cpu_blocking *blk = cpu_backend_blocking(ps->x, i);
        if (!blk || !blk->nbufs) continue;
        for (int level = 2; level >= 1; level--) {
            uint32_t nlev = 0;
            int64_t steps = 1;
            for (uint32_t b = 0; b < blk->nbufs; b++)
                if (blk->bufs[b].level == level) {
                    nlev++;
                    if (blk->bufs[b].hi > steps) steps = blk->bufs[b].hi;
                }
            if (!nlev) continue;
            int64_t budget = level == 2 ? blk->budget : blk->budget_l1;
            int64_t footprint = level == 2 ? blk->footprint : blk->footprint_l1;
            size_t t = (size_t)snprintf(title, sizeof title, "k%u L%d: %s m=%lld n=%lld k=%lld", i, level,
                                        kn_kind_name(k->kind), (long long)k->m, (long long)k->n, (long long)k->k);
            for (uint32_t e = 0; e < k->nepilogue && t < sizeof title; e++)
                t += (size_t)snprintf(title + t, sizeof title - t, " + %s", k->epilogue[e]);
            if (t < sizeof title)
                snprintf(title + t, sizeof title - t, "  (mc=%lld nc=%lld kc=%lld)", (long long)blk->mc,
                         (long long)blk->nc, (long long)blk->kc);
            svg_panel_begin(&d, title, level == 2 ? "L2 bytes per thread" : "L1 bytes per thread", steps,
                            budget > footprint ? budget : footprint);
            for (uint32_t b = 0; b < blk->nbufs; b++) {
                const cpu_block_buf *bb = &blk->bufs[b];
                if (bb->level != level) continue;
                snprintf(detail, sizeof detail, "%lldx%lld f32", (long long)bb->rows, (long long)bb->cols);
                svg_buffer(&d, &(svg_buf){bb->lo, bb->hi, bb->offset, bb->bytes, bb->name, detail, block_buf_role(bb)});
            }
            svg_hline(&d, budget, "budget", SVG_BUDGET);
            svg_hline(&d, level_peak(ctx, blk, level), "peak live", SVG_PEAK);
            svg_hline(&d, footprint, "footprint", SVG_FOOTPRINT);
            svg_panel_end(&d);
        }
    }
    ex_stats st = ex_get_stats(ps->x);
    cli_svg_arena_panel(&d, p, abufs, avalues, nab, st.arena_bytes, st.arena_peak_live, "bytes");
    svg_end(&d);
    cli_write_file(ctx, ps->svg, &out, "SVG");
}

static void plan_body(sp_ctx *ctx, void *ud) {
    plan_state *ps = ud;
    ir_op *f = cli_pick_function(ctx, ps->m, ps->func);
    ps->it = interp_new(ctx, ps->m, NULL);
    cpu_backend_opts co = {.nthreads = ps->threads};
    ex_compile(ctx, ps->m, f, cpu_backend_new(ctx, &co), &(ex_opts){0}, ps->it, &ps->x);
    if (ps->json)
        plan_json(ps);
    else
        plan_report(ps);
    if (ps->svg) plan_svg(ctx, ps);
}

int cli_cmd_plan(int argc, char **argv) {
    /* the npu target has its own options and report (cmd_npu.c) */
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--target") && cli_npu_target(argv[i + 1])) return cli_npu_plan(argc, argv);
    plan_state ps = {0};
    ps.threads = 1;
    const char *target = "cpu";
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (cli_is_help(a)) {
            fputs(HELP, stdout);
            return 0;
        }
        if (!strcmp(a, "--json")) {
            ps.json = true;
        } else if (!strcmp(a, "--target") || !strcmp(a, "-e") || !strcmp(a, "--threads") || !strcmp(a, "--svg")) {
            if (i + 1 >= argc) return cli_usage_error("plan", "%s needs an argument", a);
            const char *v = argv[++i];
            if (!strcmp(a, "--svg")) {
                ps.svg = v;
            } else if (!strcmp(a, "--target")) {
                target = v;
            } else if (!strcmp(a, "-e")) {
                ps.func = v[0] == '@' ? v + 1 : v;
            } else {
                uint64_t t;
                const char *e = cli_scan_uint(v, 1024, &t);
                if (!e || *e || t < 1) return cli_usage_error("plan", "--threads needs an integer in [1, 1024] (got '%s')", v);
                ps.threads = (int)t;
            }
        } else if (!strcmp(a, "--budget") || !strcmp(a, "--tile") || !strcmp(a, "--program")) {
            return cli_usage_error("plan", "%s is an option of the npu target (--target npu or npu=FILE.yml)", a);
        } else if (a[0] == '-' && a[1]) {
            return cli_usage_error("plan", "unknown option '%s'", a);
        } else if (ps.path) {
            return cli_usage_error("plan", "more than one input file");
        } else {
            ps.path = a;
        }
    }
    if (!ps.path) return cli_usage_error("plan", "no input file");
    if (strcmp(target, "cpu")) return cli_usage_error("plan", "unknown target '%s' (targets: cpu, npu, npu=FILE.yml)", target);
    sp_ctx ctx;
    sp_ctx_init(&ctx, NULL);
    int rc = cli_load_module(&ctx, ps.path, &ps.text, &ps.m);
    if (rc) return rc;
    sp_strbuf_init(&ps.out, &ctx);
    sp_status st = sp_pcall(&ctx, plan_body, &ps);
    if (st == SP_OK)
        cli_print(ps.out.data, ps.out.len);
    else
        sp_print_error(&ctx, stderr);
    sp_strbuf_free(&ps.out);
    ex_free(ps.x);
    interp_free(ps.it);
    ir_module_free(ps.m);
    sp_strbuf_free(&ps.text);
    return (int)st;
}
