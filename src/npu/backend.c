/* backend.c - the npu target as an executor backend (see backend.h): per
 * kernel, the lowering's analysis and tile search at compile time, and the
 * simulator (functional and timing together) at run time. */
#include "backend.h"

#include <string.h>

#include "cores.h"
#include "sim.h"

typedef struct kplan {
    nl_kernel kp;
    nl_choice ch; /* the kernel's: core 0's program with the whole kernel's figures (cores.h) */
    nk_plan sp;   /* its split over the cores */
    bool npu;
    bool ran;
    nc_stats sim;
} kplan;

typedef struct nx_backend {
    ex_backend base;
    sp_ctx *ctx;
    nx_opts o;
    nl_opts lo;
    int64_t budget;
    ex_program *px; /* the program this backend serves */
    kplan *kp;      /* by kernel */
    nx_stats stats;
    nx_trace trace;
    /* the kernel being printed or simulated, and the core's choice, for names */
    uint32_t cur;
    const nl_choice *cur_ch;
    char namebuf[2][96];
} nx_backend;

static nx_backend *npu_of(const ex_program *x) { return (nx_backend *)ex_get_backend(x); }

static uint32_t env_root(void *ud, uint32_t v) { return ex_value_root(ud, v); }

static bool env_splat(void *ud, uint32_t v, const uint8_t **elem) {
    const uint8_t *e = ex_value_splat(ud, v);
    *elem = e;
    return e || ex_value_storage(ud, v) == EX_EMPTY; /* an empty reads as zeros */
}

/* ------------------------------------------------------------- names */

static const char *name_buf(void *ud, int32_t b) {
    nx_backend *x = ud;
    const nl_choice *ch = x->cur_ch;
    if (!ch || b < 0 || (uint32_t)b >= ch->nbufs) return "?";
    return ch->bufs[b].name;
}

static const char *name_tensor(void *ud, uint32_t t) {
    nx_backend *x = ud;
    if (t >= NK_WS_BASE) { /* split K's partial sums (cores.h) */
        snprintf(x->namebuf[0], sizeof x->namebuf[0], "partial%u", t - NK_WS_BASE);
        return x->namebuf[0];
    }
    return ex_value_name(x->px, t, x->namebuf[0], sizeof x->namebuf[0]);
}

static np_names names_of(nx_backend *x, uint32_t i) {
    x->cur = i;
    x->cur_ch = &x->kp[i].ch;
    return (np_names){name_buf, name_tensor, x};
}

typedef struct print_state {
    sp_strbuf *out;
    np_names nm;
    int64_t n;
} print_state;

static void print_fn(void *ud, const np_insn *in) {
    print_state *ps = ud;
    sp_strbuf_printf(ps->out, "  %6lld  ", (long long)ps->n++);
    np_print_insn(ps->out, &ps->nm, in);
    sp_strbuf_putc(ps->out, '\n');
}

void nx_print_program(ex_program *px, uint32_t i, sp_strbuf *out) {
    nx_backend *x = npu_of(px);
    kplan *k = &x->kp[i];
    if (!k->npu) return;
    print_state ps = {out, names_of(x, i), 0};
    /* a split kernel: core 0's program */
    nl_kernel c0;
    nk_core_kernel(&k->sp.main, &k->kp, 0, &c0);
    nl_emit(&c0, &k->ch.cand, k->ch.bufs, &x->lo, (np_sink){print_fn, &ps});
    if (!nk_reduces(k->sp.kind)) return;
    /* then split K's reduction, core 0's */
    const nl_choice *rc = &nk_part_of(&k->sp.red, 0)->ch;
    sp_strbuf_printf(out, "    then the reduction of the partial sums, core 0's:\n");
    x->cur_ch = rc;
    ps.n = 0;
    nk_core_kernel(&k->sp.red, k->sp.red_base, 0, &c0);
    nl_emit(&c0, &rc->cand, rc->bufs, &x->lo, (np_sink){print_fn, &ps});
}

/* ------------------------------------------------------------------ run */

typedef struct sim_state {
    nx_backend *x;
    uint32_t ki;
    /* the core's program: its kernel, choice and machine; split K's
     * workspaces (partial c at ws + c * ws_elems floats) */
    const nl_kernel *kp;
    const nl_choice *ch;
    const nt_target *t;
    float *ws;
    int64_t ws_elems;
    uint32_t core; /* for the trace: the core, and its phase's start */
    int64_t t0;
    nf_sim f;
    nc_model m;
    nf_buf bufs[NL_MAX_BUFS];
    np_names nm;
    char kname[16];
    nc_stats st;
} sim_state;

static uint8_t *io_tensor(void *ud, uint32_t t) {
    sim_state *s = ud;
    if (t >= NK_WS_BASE) return s->ws ? (uint8_t *)(s->ws + (int64_t)(t - NK_WS_BASE) * s->ws_elems) : NULL;
    return ex_value_ptr(s->x->px, t);
}

static np_scalar io_scalar(void *ud, int64_t slot) {
    interp_scalar v = ex_scalar(((sim_state *)ud)->x->px, (uint32_t)slot);
    np_scalar s;
    memcpy(&s, &v, sizeof s); /* one layout: double f / int64 i */
    return s;
}

static void both_fn(void *ud, const np_insn *in) {
    sim_state *s = ud;
    nc_step(&s->m, in);
    nf_step(&s->f, in);
}

static void trace_busy(void *ud, const np_insn *in, int unit, int64_t start, int64_t end) {
    sim_state *s = ud;
    s->x->trace.busy(s->x->trace.ud, s->ki, s->core, s->ch, in, unit, start + s->t0, end + s->t0);
}

static void sim_body(sp_ctx *ctx, void *ud) {
    sim_state *s = ud;
    nx_backend *x = s->x;
    const nl_choice *ch = s->ch;
    for (uint32_t b = 0; b < ch->nbufs; b++) s->bufs[b] = (nf_buf){ch->bufs[b].offset, ch->bufs[b].bytes};
    s->nm = names_of(x, s->ki);
    x->cur_ch = ch;
    snprintf(s->kname, sizeof s->kname, "k%u", s->ki);
    nf_io io = {io_tensor, io_scalar, &s->nm, s->kname, s};
    nc_init(&s->m, ctx, s->t);
    if (x->trace.busy) {
        s->m.trace = trace_busy;
        s->m.trace_ud = s;
    }
    nf_init(&s->f, ctx, s->t, ch->footprint, s->bufs, ch->nbufs, &io);
    s->f.check = !x->o.no_access_check;
    s->f.nthreads = x->o.nthreads;
    nl_emit(s->kp, &ch->cand, ch->bufs, &x->lo, (np_sink){both_fn, s});
    s->st = nc_finish(&s->m);
}

/* One core's program of kernel ki, simulated: its statistics. */
static nc_stats run_core(nx_backend *x, uint32_t ki, const nl_kernel *kp, const nl_choice *ch, float *ws, int64_t ws_elems,
                         uint32_t core, int64_t t0) {
    sim_state s;
    memset(&s, 0, sizeof s);
    s.x = x;
    s.ki = ki;
    s.kp = kp;
    s.ch = ch;
    s.t = kp->t;
    s.ws = ws;
    s.ws_elems = ws_elems;
    s.core = core;
    s.t0 = t0;
    sp_status st = sp_pcall(x->ctx, sim_body, &s);
    nf_free(&s.f);
    nc_free(&s.m);
    if (st != SP_OK) sp_rethrow(x->ctx);
    return s.st;
}

typedef struct split_run {
    nx_backend *x;
    uint32_t ki;
    float *ws;
    nl_kernel *ck;
    nc_stats *est[2];
} split_run;

/* Every core of a phase in turn (the cores are independent within a
 * phase: they write disjoint outputs or workspaces). */
static void run_phase(split_run *r, const nk_phase *ph, const nl_kernel *base, int64_t t0, nc_stats *out) {
    const nk_plan *sp = &r->x->kp[r->ki].sp;
    for (uint32_t c = 0; c < ph->cores; c++) {
        nk_core_kernel(ph, base, c, r->ck);
        out[c] = run_core(r->x, r->ki, r->ck, &nk_part_of(ph, c)->ch, r->ws, sp->ws_elems, c, t0);
        /* each core's clock and its estimate are one model */
        SP_ASSERT(r->x->ctx, out[c].cycles == ph->core_est[c].cycles);
    }
}

static void split_body(sp_ctx *ctx, void *ud) {
    split_run *r = ud;
    kplan *k = &r->x->kp[r->ki];
    const nk_plan *sp = &k->sp;
    if (nk_reduces(sp->kind)) r->ws = sp_calloc(ctx, (size_t)(sp->npartials * sp->ws_elems), sizeof *r->ws);
    r->ck = sp_malloc(ctx, sizeof *r->ck);
    r->est[0] = sp_calloc(ctx, sp->main.cores, sizeof *r->est[0]);
    run_phase(r, &sp->main, &k->kp, 0, r->est[0]);
    if (nk_reduces(sp->kind)) {
        r->est[1] = sp_calloc(ctx, sp->red.cores, sizeof *r->est[1]);
        run_phase(r, &sp->red, sp->red_base, sp->main.cycles, r->est[1]);
    }
    k->sim = nk_combine(sp, r->est[0], r->est[1]);
}

static void run_npu(nx_backend *x, uint32_t ki) {
    kplan *k = &x->kp[ki];
    if (k->sp.kind == NK_NONE) {
        k->sim = run_core(x, ki, &k->kp, &k->ch, NULL, 0, 0, 0);
    } else {
        split_run r = {x, ki, NULL, NULL, {NULL, NULL}};
        sp_status st = sp_pcall(x->ctx, split_body, &r);
        sp_free(x->ctx, r.ws);
        sp_free(x->ctx, r.ck);
        sp_free(x->ctx, r.est[0]);
        sp_free(x->ctx, r.est[1]);
        if (st != SP_OK) sp_rethrow(x->ctx);
    }
    k->ran = true;
    /* the simulator's clock and the tile search's estimate are one model */
    SP_ASSERT(x->ctx, k->sim.cycles == k->ch.est.cycles);
}

/* ---------------------------------------------------------------- hooks */

static void start(ex_backend *b, ex_program *x) {
    nx_backend *nb = (nx_backend *)b;
    nb->px = x;
    nb->kp = sp_calloc(nb->ctx, ex_kernels(x)->nk ? ex_kernels(x)->nk : 1, sizeof *nb->kp);
}

/* Analyse kernel i into k, split it over the cores and choose its tile:
 * false (k->kp.why says why) when the npu does not run it. */
static bool plan_kernel(nx_backend *nb, ex_program *x, uint32_t i, const nl_env *env, kplan *k) {
    nl_kernel_free(nb->ctx, &k->kp);
    nl_analyze(nb->ctx, &nb->o.target, &ex_kernels(x)->k[i], env, &k->kp);
    k->npu = k->kp.npu;
    if (!k->npu) return false;
    nk_plan_free(nb->ctx, &k->sp);
    nk_choose(nb->ctx, &k->kp, &nb->lo, &k->sp);
    k->kp.split = k->sp.kind != NK_NONE;
    nk_kernel_choice(&k->kp, &k->sp, nb->budget, &k->ch);
    return true;
}

static bool lower(ex_backend *b, ex_program *x, uint32_t i, char *why, size_t nwhy) {
    nx_backend *nb = (nx_backend *)b;
    kplan *k = &nb->kp[i];
    nl_env env = {env_root, env_splat, x, nb->budget, false};
    if (!plan_kernel(nb, x, i, &env, k)) {
        snprintf(why, nwhy, "%s", k->kp.why);
        return false;
    }
    /* a window reduction (window.c) is one lowering of its loop kernel, the
     * plain reduction loop another: both are planned and the better by the
     * objective kept, so that a budget large enough for the window's
     * smallest tile never costs cycles (unet_up's GroupNorm statistics, 4
     * outputs on 4 lanes: 1285 cycles as a window, 1160 as the loop) */
    if (k->kp.win) {
        env.no_window = true;
        kplan *alt = sp_calloc(nb->ctx, 1, sizeof *alt);
        bool loop_better = plan_kernel(nb, x, i, &env, alt) && nl_rec_before(nb->lo.objective, &alt->ch.top[0], &k->ch.top[0]);
        nl_kernel_free(nb->ctx, &alt->kp);
        nk_plan_free(nb->ctx, &alt->sp);
        sp_free(nb->ctx, alt);
        if (loop_better) plan_kernel(nb, x, i, &env, k); /* the same analysis again, in place */
    }
    /* the simulator's host threads (nf_gemm), started once now: a refusal
     * is a located error (no GEMM is wider than the kernel's dims) */
    const kernel *kn = &ex_kernels(x)->k[i];
    int64_t widest = kn->n > kn->k ? kn->n : kn->k;
    if (kn->m > widest) widest = kn->m;
    ex_reserve_threads(x, i, nf_gemm_team(widest, nb->o.nthreads));
    nx_stats *st = &nb->stats;
    st->nnpu++;
    st->est_cycles = nc_add(st->est_cycles, k->ch.est.cycles);
    st->dma_bytes = nc_add(st->dma_bytes, k->ch.est.dma_bytes);
    st->min_dma_bytes = nc_add(st->min_dma_bytes, k->kp.min_dma_bytes);
    st->dram_lower_bound = nc_add(st->dram_lower_bound, k->ch.dram_lower_bound);
    int64_t rl = k->ch.bound_compute;
    if (k->ch.bound_vector > rl) rl = k->ch.bound_vector;
    if (k->ch.bound_dma_min > rl) rl = k->ch.bound_dma_min;
    st->roofline_cycles = nc_add(st->roofline_cycles, rl);
    /* each kernel's figures are below the timing model's limit (nl_choose);
     * their sums must be too, to be reported */
    const char *what = st->est_cycles >= NC_TIME_MAX || st->roofline_cycles >= NC_TIME_MAX ? "cycles"
                       : st->dma_bytes >= NC_TIME_MAX || st->min_dma_bytes >= NC_TIME_MAX ? "bytes of DMA"
                                                                                          : NULL;
    if (what)
        sp_throw(nb->ctx, SP_EINPUT, ex_func(x)->loc,
                 "the program's first %u npu kernels together take more than 2^62 %s on this npu: beyond "
                 "what the timing model counts", st->nnpu, what);
    return true;
}

/* An elementwise npu kernel whose tiles read an input at the points they
 * write may store over that input where it dies: each tile is loaded
 * before it is stored. */
static bool elementwise(ex_backend *b, const ex_program *x, uint32_t i) {
    (void)x;
    const nl_kernel *kp = &((nx_backend *)b)->kp[i].kp;
    return !kp->gemm && !kp->copy && !kp->att && !kp->rows && !kp->win && kp->mode == NP_VMAP;
}

/* Before storage is planned, a merge is tried on the IR alone: a value's
 * root through its views, a splat or an empty read as a scalar. */
typedef struct trial {
    const ir_value **val; /* by id, the function's values */
    uint32_t n;
} trial;

static void trial_note(trial *t, const ir_value *v) {
    if (v->id < t->n) t->val[v->id] = v;
}

static uint32_t trial_root(void *ud, uint32_t id) {
    const trial *t = ud;
    return id < t->n && t->val[id] ? kn_unview(t->val[id])->id : id;
}

static bool trial_splat(void *ud, uint32_t id, const uint8_t **elem) {
    const trial *t = ud;
    *elem = NULL;
    if (id >= t->n || !t->val[id]) return false;
    const ir_op *d = kn_unview(t->val[id])->def;
    if (d && d->kind == IR_OP_EMPTY) return true;
    if (!d || d->kind != IR_OP_CONSTANT || d->u.value->kind != IR_A_ELEMENTS || !d->u.value->u.elems->splat) return false;
    *elem = d->u.value->u.elems->data;
    return true;
}

/* Whether the npu lowers kernel k (analysed on the IR alone). */
static bool trial_lower(nx_backend *nb, const kernel *k) {
    const ir_op *func = ir_op_parent_func(k->root);
    if (!func || func->kind != IR_OP_FUNC) return false;
    trial t = {NULL, func->u.fn.nvalues};
    t.val = sp_calloc(nb->ctx, t.n ? t.n : 1, sizeof *t.val);
    const ir_block *body = func->regions[0];
    for (uint32_t i = 0; i < body->nargs; i++) trial_note(&t, &body->args[i]);
    for (const ir_op *op = body->first; op; op = op->next)
        for (uint32_t r = 0; r < op->nres; r++) trial_note(&t, &op->res[r]);
    nl_env env = {trial_root, trial_splat, &t, nb->budget, false};
    nl_kernel kp;
    memset(&kp, 0, sizeof kp);
    nl_analyze(nb->ctx, &nb->o.target, k, &env, &kp);
    bool ok = kp.npu;
    nl_kernel_free(nb->ctx, &kp);
    sp_free(nb->ctx, t.val);
    return ok;
}

/* A row-wise chain is merged when its smallest tile surely fits and the
 * npu runs it (not a part on the host). */
static bool fuse_rows(ex_backend *b, const kernel *k) {
    nx_backend *nb = (nx_backend *)b;
    return nl_rows_fit(&nb->o.target, nb->budget, k) && trial_lower(nb, k);
}

/* A pad (kn_fold_pads) is folded into the loads of a convolution's halo
 * tiles, or of a window reduction's (a pool: the npu running it). */
static bool folds_pad(ex_backend *b, const kernel *k, uint32_t input, const kn_input *folded) {
    if (nl_conv_takes_pad(k, input, folded)) return true;
    if (k->ninputs > 64 || !nl_win_pad_ok(k, input, folded)) return false;
    kernel t = *k;
    kn_input in[64];
    for (uint32_t i = 0; i < k->ninputs; i++) in[i] = k->inputs[i];
    in[input] = *folded;
    t.inputs = in;
    return trial_lower((nx_backend *)b, &t);
}

static void run(ex_backend *b, ex_program *x, uint32_t i) {
    (void)x;
    run_npu((nx_backend *)b, i);
}

static void kernel_done(ex_backend *b, ex_program *x, uint32_t i) {
    (void)x;
    nx_backend *nb = (nx_backend *)b;
    if (nb->trace.kernel_done) nb->trace.kernel_done(nb->trace.ud, i);
}

static void report(ex_backend *b, ex_program *x, int kind, const struct ex_report_opts *o, sp_strbuf *out) {
    (void)b;
    nx_report(x, kind, o, out);
}

static void free_backend(ex_backend *b, sp_ctx *ctx) {
    nx_backend *nb = (nx_backend *)b;
    for (uint32_t i = 0; nb->kp && nb->px && i < ex_kernels(nb->px)->nk; i++) {
        nl_kernel_free(ctx, &nb->kp[i].kp);
        nk_plan_free(ctx, &nb->kp[i].sp);
    }
    sp_free(ctx, nb->kp);
    sp_free(ctx, nb);
}

ex_backend *nx_backend_new(sp_ctx *ctx, const nx_opts *o) {
    nx_backend *nb = sp_calloc(ctx, 1, sizeof *nb);
    nb->base = (ex_backend){
        .name = "npu",
        .start = start,
        .lower = lower,
        .elementwise = elementwise,
        .run = run,
        .kernel_done = kernel_done,
        .report = report,
        .free = free_backend,
        .fuses_attention = true,
        .bf16_windows = true,
        .gathers = true, /* the gathering DMA (NP_GATHER, analyze.c gather_setup) */
        .folds_pad = folds_pad,
        .fuse_rows = fuse_rows,
    };
    nb->ctx = ctx;
    nb->o = *o;
    if (nb->o.nthreads < 1) nb->o.nthreads = 1;
    const nt_target *t = &nb->o.target;
    double frac = o->budget_fraction > 0 ? o->budget_fraction : t->budget;
    nb->budget = o->budget_bytes > 0 ? o->budget_bytes : (int64_t)(frac * (double)nt_spad_bytes(t));
    if (nb->budget < 1) nb->budget = 1;
    nb->lo.budget = nb->budget;
    memcpy(nb->lo.tile, o->tile, sizeof nb->lo.tile);
    nb->lo.shorten_acc = o->shorten_acc;
    nb->lo.objective = (uint8_t)(o->objective > 0 && o->objective < NL_NOBJECTIVES ? o->objective : NL_OBJ_CYCLES);
    return &nb->base;
}

/* ------------------------------------------------------------ accessors */

void nx_set_trace(ex_program *x, const nx_trace *t) {
    nx_backend *nb = npu_of(x);
    if (t)
        nb->trace = *t;
    else
        memset(&nb->trace, 0, sizeof nb->trace);
}

const nt_target *nx_target(const ex_program *x) { return &npu_of(x)->o.target; }
int64_t nx_budget(const ex_program *x) { return npu_of(x)->budget; }
static void energy_add(nc_energy *sum, nc_energy e) {
    sum->mac += e.mac;
    sum->vec += e.vec;
    sum->spad += e.spad;
    sum->dram += e.dram;
    sum->total += e.total;
}

nx_stats nx_get_stats(const ex_program *x) {
    const nx_backend *nb = npu_of(x);
    nx_stats st = nb->stats;
    st.sim_cycles = 0; /* the last run's: every npu kernel runs in each */
    memset(&st.est_energy, 0, sizeof st.est_energy);
    memset(&st.sim_energy, 0, sizeof st.sim_energy);
    const nt_target *t = &nb->o.target;
    for (uint32_t i = 0; i < ex_kernels(x)->nk; i++) {
        const kplan *k = &nb->kp[i];
        if (k->npu) energy_add(&st.est_energy, nc_energy_of(t, &k->ch.est));
        if (!k->ran) continue;
        st.sim_cycles = nc_add(st.sim_cycles, k->sim.cycles);
        energy_add(&st.sim_energy, nc_energy_of(t, &k->sim));
    }
    return st;
}

nx_kernel_info nx_kernel(const ex_program *x, uint32_t i) {
    nx_kernel_info ki;
    memset(&ki, 0, sizeof ki);
    if (i >= ex_kernels(x)->nk) return ki;
    const kplan *k = &npu_of(x)->kp[i];
    ki.k = &ex_kernels(x)->k[i];
    ki.kp = &k->kp;
    ki.ch = k->npu ? &k->ch : NULL;
    ki.split = k->npu ? &k->sp : NULL;
    ki.ran = k->ran;
    ki.sim = k->sim;
    return ki;
}

size_t nx_kernel_title(const ex_program *x, uint32_t i, char *buf, size_t n) {
    const kernel *k = &ex_kernels(x)->k[i];
    const nl_kernel *kp = &npu_of(x)->kp[i].kp;
    size_t len = (size_t)snprintf(buf, n, "k%u %s", i, kn_kind_name(k->kind));
    if (k->kind == KN_CONTRACTION && len < n)
        len += (size_t)snprintf(buf + len, n - len, " %lldx%lldx%lld", (long long)(k->b * k->m), (long long)k->n, (long long)k->k);
    else if (kp->npu && len < n)
        len += (size_t)snprintf(buf + len, n - len, " %lldx%lld", (long long)kp->M, (long long)kp->N);
    for (uint32_t e = 0; e < k->nepilogue && len < n; e++) len += (size_t)snprintf(buf + len, n - len, " + %s", k->epilogue[e]);
    return len < n ? len : n - 1;
}

