/* trace.c - the simulated timeline as Chrome trace events (see trace.h). */
#include "trace.h"

#include <errno.h>
#include <string.h>

#include "io/fileio.h"
#include "io/json.h"
#include "cores.h"

enum { TID_KERNELS = 1, TID_LOADS = 2, TID_STORES = 3, TID_VECTOR = 4, TID_SA0 = 10 };
enum { FLUSH_BYTES = 1 << 20 };

struct ntr_writer {
    sp_ctx *ctx;
    ex_program *x;
    const char *path;
    fio_out out; /* a temporary renamed over path at ntr_close: never a partial file */
    bool open;
    sp_strbuf buf;
    json_writer w;
    double mhz;
    int64_t base; /* cycles of the kernels before the current one */
    int64_t max_events, nevents, nleft;
    int pid;       /* the process of the next event: core c is pid c + 1 */
    uint8_t *named; /* by core: its process and tracks named */
    int64_t ncores;
};

static void flush(ntr_writer *t) {
    if (t->buf.len) fio_out_write(&t->out, t->buf.data, t->buf.len); /* keeps the first error for the commit */
    t->buf.len = 0;
    if (t->buf.data) t->buf.data[0] = 0;
}

static void unit_key(int unit, char *buf, size_t n) {
    if (unit == NC_UNIT_LOAD)
        snprintf(buf, n, "dma_load");
    else if (unit == NC_UNIT_STORE)
        snprintf(buf, n, "dma_store");
    else if (unit == NC_UNIT_VU)
        snprintf(buf, n, "vector");
    else
        snprintf(buf, n, "sa%d", unit - NC_UNIT_SA0);
}

static int unit_tid(int unit) {
    return unit == NC_UNIT_LOAD ? TID_LOADS : unit == NC_UNIT_STORE ? TID_STORES : unit == NC_UNIT_VU ? TID_VECTOR : TID_SA0 + unit - NC_UNIT_SA0;
}

/* {"name", "cat", "ph", "pid", "tid", "ts"[, "dur"], "args": { -- the
 * caller adds the args, then end_event closes both objects. Instant events
 * ("i") are drawn on their track, the trace's own ("trace") across all. */
static void begin_event(ntr_writer *t, const char *name, const char *cat, const char *ph, int tid, int64_t cycle, int64_t dur) {
    json_writer *w = &t->w;
    json_begin_object(w);
    json_kv_string(w, "name", name);
    if (cat) json_kv_string(w, "cat", cat);
    json_kv_string(w, "ph", ph);
    json_kv_int(w, "pid", t->pid);
    json_kv_int(w, "tid", tid);
    if (cycle >= 0) json_kv_fixed(w, "ts", (double)cycle / t->mhz, 6);
    if (dur >= 0) json_kv_fixed(w, "dur", (double)dur / t->mhz, 6);
    if (!strcmp(ph, "i")) json_kv_string(w, "s", cat && !strcmp(cat, "trace") ? "g" : "t");
    json_key(w, "args");
    json_begin_object(w);
}

static void end_event(ntr_writer *t) {
    json_end_object(&t->w);
    json_end_object(&t->w);
    sp_strbuf_putc(&t->buf, '\n');
    if (t->buf.len >= FLUSH_BYTES) flush(t);
}

static void thread_name(ntr_writer *t, int tid, const char *name) {
    begin_event(t, "thread_name", NULL, "M", tid, -1, -1);
    json_kv_string(&t->w, "name", name);
    end_event(t);
    begin_event(t, "thread_sort_index", NULL, "M", tid, -1, -1);
    json_kv_int(&t->w, "sort_index", tid);
    end_event(t);
}

/* The view an instruction writes or (a store) reads. */
static const np_view *insn_view(const np_insn *in) { return in->op == NP_MVOUT ? &in->a : &in->dst; }

static void name_core(ntr_writer *t, uint32_t core);

static void on_busy(void *ud, uint32_t ki, uint32_t core, const nl_choice *ch, const np_insn *in, int unit, int64_t start,
                    int64_t end) {
    ntr_writer *t = ud;
    int64_t at = t->base + start;
    name_core(t, core);
    if (t->nevents >= t->max_events) {
        if (t->nleft++ == 0) {
            begin_event(t, "trace truncated", "trace", "i", TID_KERNELS, at, -1);
            json_kv_int(&t->w, "max_events", t->max_events);
            end_event(t);
        }
        return;
    }
    t->nevents++;
    const np_view *v = insn_view(in);
    const char *bname = ch && v->buf >= 0 && (uint32_t)v->buf < ch->nbufs ? ch->bufs[v->buf].name : "?";
    t->pid = (int)core + 1;
    char name[64], key[16], tile[48];
    snprintf(name, sizeof name, "%s %s", np_opcode_name((np_opcode)in->op), bname);
    unit_key(unit, key, sizeof key);
    bool dma = unit == NC_UNIT_LOAD || unit == NC_UNIT_STORE;
    begin_event(t, name, dma ? "dma" : "compute", "X", unit_tid(unit), at, end - start);
    json_writer *w = &t->w;
    snprintf(name, sizeof name, "k%u", ki);
    json_kv_string(w, "kernel", name);
    json_kv_string(w, "unit", key);
    json_kv_int(w, "start_cycle", start);
    json_kv_int(w, "cycles", end - start);
    if (in->op == NP_GEMM)
        snprintf(tile, sizeof tile, "%lldx%lldx%lld", (long long)in->rows, (long long)in->k, (long long)in->cols);
    else if (in->op == NP_VEC)
        snprintf(tile, sizeof tile, "%lldx%lld", (long long)in->rows, (long long)in->cols);
    else
        snprintf(tile, sizeof tile, "%lldx%lld", (long long)v->rows, (long long)v->cols);
    json_kv_string(w, "tile", tile);
    if (dma)
        json_kv_string(w, "dram", in->dram.tensor >= NK_WS_BASE ? "partial sums (workspace)"
                                                                : ex_value_name(t->x, in->dram.tensor, name, sizeof name));
    json_kv_int(w, "core", core);
    end_event(t);
    t->pid = 1;
}

static void on_kernel_done(void *ud, uint32_t ki) {
    ntr_writer *t = ud;
    nx_kernel_info k = nx_kernel(t->x, ki);
    char name[200], key[16];
    if (!k.ch) {
        snprintf(name, sizeof name, "k%u on the host", ki);
        begin_event(t, name, "kernel", "i", TID_KERNELS, t->base, -1);
        json_kv_string(&t->w, "reason", ex_kernel_why(t->x, ki));
        end_event(t);
        return;
    }
    nx_kernel_title(t->x, ki, name, sizeof name);
    const nc_stats *s = &k.sim;
    begin_event(t, name, "kernel", "X", TID_KERNELS, t->base, s->cycles);
    json_writer *w = &t->w;
    snprintf(name, sizeof name, "k%u", ki);
    json_kv_string(w, "kernel", name);
    json_kv_int(w, "start_cycle", 0);
    json_kv_int(w, "cycles", s->cycles);
    json_kv_int(w, "dma_bytes", s->dma_bytes);
    json_key(w, "busy_cycles");
    json_begin_object(w);
    json_kv_int(w, "dma_load", s->dma_load_busy);
    json_kv_int(w, "dma_store", s->dma_store_busy);
    for (int64_t a = 0; a < nx_target(t->x)->num_sa && a < NC_MAX_SA; a++) {
        unit_key(NC_UNIT_SA0 + (int)a, key, sizeof key);
        json_kv_int(w, key, s->sa_busy_each[a]);
    }
    json_kv_int(w, "vector", s->vu_busy);
    json_end_object(w);
    end_event(t);
    t->base += s->cycles;
}

/* Core c's process and tracks, named at its first event (core 0's at the
 * start). */
static void name_core(ntr_writer *t, uint32_t core) {
    if ((int64_t)core >= t->ncores || t->named[core]) return;
    t->named[core] = 1;
    const nt_target *tg = nx_target(t->x);
    t->pid = (int)core + 1;
    char name[160];
    snprintf(name, sizeof name, "npu core %u: %s, %lld MHz (spadc simulation)", core, tg->name, (long long)tg->core_freq_mhz);
    begin_event(t, "process_name", NULL, "M", 0, -1, -1);
    json_kv_string(&t->w, "name", name);
    end_event(t);
    if (core == 0) thread_name(t, TID_KERNELS, "kernels");
    thread_name(t, TID_LOADS, "DMA loads");
    thread_name(t, TID_STORES, "DMA stores");
    thread_name(t, TID_VECTOR, "vector unit");
    for (int64_t a = 0; a < tg->num_sa && a < NC_MAX_SA; a++) {
        snprintf(name, sizeof name, "systolic array %lld", (long long)a);
        thread_name(t, TID_SA0 + (int)a, name);
    }
    t->pid = 1;
}

void ntr_open(sp_ctx *ctx, const char *path, ex_program *x, int64_t max_events, ntr_writer **out) {
    ntr_writer *t = sp_calloc(ctx, 1, sizeof *t);
    *out = t;
    t->ctx = ctx;
    t->x = x;
    t->path = path;
    t->max_events = max_events < 0 ? 0 : max_events;
    const nt_target *tg = nx_target(x);
    t->mhz = (double)(tg->core_freq_mhz > 0 ? tg->core_freq_mhz : 1);
    sp_strbuf_init(&t->buf, ctx);
    const int err = fio_out_open(&t->out, path);
    if (err) sp_throw(ctx, SP_EINPUT, (sp_loc){path, 0, 0}, "cannot write the trace file: %s", strerror(err));
    t->open = true;
    json_init(&t->w, &t->buf, 0);
    json_begin_object(&t->w);
    json_key(&t->w, "traceEvents");
    json_begin_array(&t->w);
    sp_strbuf_putc(&t->buf, '\n');
    t->pid = 1;
    t->ncores = tg->num_cores > 0 ? tg->num_cores : 1;
    t->named = sp_calloc(ctx, (size_t)t->ncores, 1);
    name_core(t, 0);
    nx_set_trace(x, &(nx_trace){on_busy, on_kernel_done, t});
}

void ntr_close(ntr_writer *t) {
    nx_set_trace(t->x, NULL);
    json_writer *w = &t->w;
    json_end_array(w);
    json_kv_string(w, "displayTimeUnit", "ns");
    json_key(w, "otherData");
    json_begin_object(w);
    json_kv_string(w, "generator", "spadc run --target npu --trace");
    json_kv_string(w, "machine", nx_target(t->x)->name);
    json_kv_int(w, "core_freq_mhz", nx_target(t->x)->core_freq_mhz);
    json_kv_string(w, "time_unit", "ts and dur in microseconds (cycles / core_freq_mhz); args: exact cycles");
    json_kv_int(w, "total_cycles", t->base);
    json_kv_int(w, "events", t->nevents);
    json_kv_int(w, "max_events", t->max_events);
    json_kv_bool(w, "truncated", t->nleft > 0);
    json_kv_int(w, "events_left_out", t->nleft);
    json_end_object(w);
    json_end_object(w);
    sp_strbuf_putc(&t->buf, '\n');
    flush(t);
    t->open = false;
    const int err = fio_out_commit(&t->out);
    if (err) sp_throw(t->ctx, SP_EINPUT, (sp_loc){t->path, 0, 0}, "cannot write the trace file: %s", strerror(err));
}

void ntr_free(ntr_writer *t) {
    if (!t) return;
    nx_set_trace(t->x, NULL);
    if (t->open) fio_out_discard(&t->out); /* a failed run: the temporary goes, the old file stays */
    sp_strbuf_free(&t->buf);
    sp_free(t->ctx, t->named);
    sp_free(t->ctx, t);
}

int64_t ntr_events(const ntr_writer *t) { return t->nevents; }
int64_t ntr_left_out(const ntr_writer *t) { return t->nleft; }
