/* exec.c - the npu target's program: storage, DRAM arena, tile choice per
 * kernel, and the run loop over the simulator (see exec.h). The storage
 * and step logic follows cpu/exec.c. */
#include "exec.h"

#include <string.h>

#include "../passes/passes.h"
#include "sim.h"

typedef enum st_kind { ST_NONE, ST_ARG, ST_CONST, ST_ARENA, ST_RESULT, ST_ALIAS, ST_EMPTY } st_kind;

typedef struct storage {
    uint8_t kind;
    bool splat;
    uint32_t index; /* ST_ARG, ST_RESULT: position; ST_ALIAS: source value id */
    int64_t offset; /* ST_ARENA */
    const uint8_t *cdata;
} storage;

typedef struct kplan {
    nl_kernel kp;
    nl_choice ch;
    bool npu;
    bool ran;
    nc_stats sim;
} kplan;

struct nx_exec {
    sp_ctx *ctx;
    ir_module *m;
    ir_op *func;
    interp *it;
    nx_opts o;
    nl_opts lo;
    int64_t budget;
    kn_program prog;
    uint32_t n;
    storage *st;
    kplan *kp;
    plan_buf *bufs;
    uint32_t *buf_value;
    uint32_t nbufs;
    int64_t arena_bytes;
    uint8_t *arena;
    interp_value *vals;
    struct step {
        uint32_t kernel;
        ir_op *op;
    } *steps;
    uint32_t nsteps;
    uint32_t *bound;
    uint32_t nbound;
    nx_stats stats;
    const interp_value *args;
    interp_value *results;
    nx_trace trace;
    /* the kernel being printed or simulated, for names */
    uint32_t cur;
    char namebuf[2][96];
};

static SP_NORETURN SP_PRINTF(3, 4) void fail(nx_exec *x, const ir_op *op, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    sp_vthrow(x->ctx, SP_EINPUT, op ? op->loc : (sp_loc){0}, fmt, ap);
}

/* --------------------------------------------------------------- storage */

static uint32_t alias_root(const nx_exec *x, uint32_t id) {
    while (x->st[id].kind == ST_ALIAS) id = x->st[id].index;
    return id;
}

static uint8_t *value_ptr(nx_exec *x, uint32_t id) {
    id = alias_root(x, id);
    const storage *s = &x->st[id];
    switch ((st_kind)s->kind) {
    case ST_ARG: return interp_data(&x->args[s->index]);
    case ST_CONST: return (uint8_t *)s->cdata;
    case ST_ARENA: return x->arena + s->offset;
    case ST_RESULT: return interp_data(&x->results[s->index]);
    default: return NULL;
    }
}

static uint32_t env_root(void *ud, uint32_t v) { return alias_root(ud, v); }

static bool env_splat(void *ud, uint32_t v, float *val) {
    nx_exec *x = ud;
    const storage *s = &x->st[alias_root(x, v)];
    if (s->kind != ST_CONST || !s->splat) return false;
    memcpy(val, s->cdata, sizeof *val);
    return true;
}

const char *nx_value_name(const nx_exec *x, uint32_t id, char *buf, size_t n) {
    const ir_value *v = NULL;
    /* find the value: kernel inputs, outputs, or function arguments */
    for (uint32_t i = 0; i < x->prog.nk && !v; i++) {
        const kernel *k = &x->prog.k[i];
        if (k->out->id == id) v = k->out;
        for (uint32_t j = 0; j < k->ninputs && !v; j++)
            if (k->inputs[j].value->id == id) v = k->inputs[j].value;
        if (k->init_scalar && k->init_scalar->id == id) v = k->init_scalar;
    }
    const ir_block *body = x->func->regions[0];
    for (uint32_t i = 0; i < body->nargs && !v; i++)
        if (body->args[i].id == id) v = &body->args[i];
    if (v && v->name)
        snprintf(buf, n, "%%%s", v->name);
    else
        snprintf(buf, n, "%%v%u", id);
    return buf;
}

/* -------------------------------------------------------------- compile */

static bool is_driver_op(const ir_op *op) { return op->kind == IR_OP_FOR || op->kind == IR_OP_CALL; }

static void plan_storage(nx_exec *x) {
    ir_block *body = x->func->regions[0];
    kn_program *p = &x->prog;
    for (ir_op *op = body->first; op; op = op->next)
        if (op->kind == IR_OP_CONSTANT && op->u.value->kind == IR_A_ELEMENTS) {
            const ir_elements *e = op->u.value->u.elems;
            x->stats.constant_bytes += e->splat ? ir_dtype_bytes((ir_dtype)e->type.dtype) : ir_type_bytes(e->type);
        } else if (op->kind == IR_OP_EMPTY) {
            x->st[op->res[0].id].kind = ST_EMPTY;
        }
    const ir_op *ret = body->last;
    for (uint32_t r = 0; r < ret->nopnds; r++) {
        const ir_value *v = ret->opnds[r];
        if (v->type.kind != IR_T_TENSOR || p->producer[v->id] == KN_NONE || x->st[v->id].kind != ST_NONE) continue;
        x->st[v->id].kind = ST_RESULT;
        x->st[v->id].index = r;
    }
    uint32_t *last = sp_arena_array(&x->m->arena, x->n ? x->n : 1, sizeof *last);
    for (uint32_t i = 0; i < p->nk; i++)
        for (uint32_t j = 0; j < p->k[i].ninputs; j++) last[alias_root(x, p->k[i].inputs[j].value->id)] = i;
    for (uint32_t i = 0; i < p->nk; i++)
        for (uint32_t o = 0; o < p->k[i].nops; o++)
            for (uint32_t j = 0; j < p->k[i].ops[o]->nopnds; j++) {
                uint32_t id = p->k[i].ops[o]->opnds[j]->id;
                if (id < x->n && last[alias_root(x, id)] < i) last[alias_root(x, id)] = i;
            }
    x->bufs = sp_arena_array(&x->m->arena, p->nk ? p->nk : 1, sizeof *x->bufs);
    x->buf_value = sp_arena_array(&x->m->arena, p->nk ? p->nk : 1, sizeof *x->buf_value);
    int32_t *buf_of_value = sp_arena_array(&x->m->arena, x->n ? x->n : 1, sizeof *buf_of_value);
    for (uint32_t i = 0; i < x->n; i++) buf_of_value[i] = -1;
    for (uint32_t i = 0; i < p->nk; i++) {
        const ir_value *v = p->k[i].out;
        if (x->st[v->id].kind != ST_NONE) continue;
        plan_buf *b = &x->bufs[x->nbufs];
        b->size = ir_type_bytes(v->type);
        b->align = 64;
        b->lo = i;
        b->hi = (last[v->id] > i ? last[v->id] : i) + 1;
        b->inplace = -1;
        /* an elementwise npu kernel whose tiles read an input at the points
         * they write may store over that input where it dies: each tile is
         * loaded before it is stored */
        const nl_kernel *kp = &x->kp[i].kp;
        if (x->kp[i].npu && !kp->gemm && kp->mode == NP_VMAP)
            for (uint32_t j = 0; j < p->k[i].ninputs; j++) {
                const kn_input *in = &p->k[i].inputs[j];
                int32_t src = buf_of_value[in->value->id];
                if (src < 0 || x->bufs[src].hi != (int64_t)i + 1 || x->bufs[src].size != b->size) continue;
                if (!in->map || !ir_amap_eq(in->map, p->k[i].out_map) || !ir_type_eq(in->value->type, v->type)) continue;
                bool taken = false;
                for (uint32_t q = 0; q < x->nbufs; q++) taken |= x->bufs[q].inplace == src;
                if (taken) continue;
                b->inplace = src;
                break;
            }
        x->st[v->id].kind = ST_ARENA;
        x->buf_value[x->nbufs] = v->id;
        buf_of_value[v->id] = (int32_t)x->nbufs;
        x->nbufs++;
    }
    if (x->nbufs) {
        plan_opts po = {0.05, 0};
        plan_result pr;
        if (plan_solve(x->ctx, x->bufs, x->nbufs, &po, &pr) != SP_OK) sp_rethrow(x->ctx);
        x->arena_bytes = pr.footprint;
        x->stats.arena_peak_live = pr.peak_live;
        for (uint32_t i = 0; i < x->nbufs; i++) x->st[x->buf_value[i]].offset = x->bufs[i].offset;
    }
    x->stats.arena_bytes = x->arena_bytes;
}

void nx_compile(sp_ctx *ctx, ir_module *m, ir_op *func, interp *it, const nx_opts *o, nx_exec **out) {
    nx_exec *x = sp_calloc(ctx, 1, sizeof *x);
    *out = x;
    x->ctx = ctx;
    x->m = m;
    x->func = func;
    x->it = it;
    x->o = *o;
    if (x->o.nthreads < 1) x->o.nthreads = 1;
    const nt_target *t = &x->o.target;
    double frac = o->budget_fraction > 0 ? o->budget_fraction : t->budget;
    x->budget = o->budget_bytes > 0 ? o->budget_bytes : (int64_t)(frac * (double)nt_spad_bytes(t));
    if (x->budget < 1) x->budget = 1;
    x->lo.budget = x->budget;
    memcpy(x->lo.tile, o->tile, sizeof x->lo.tile);
    x->lo.shorten_acc = o->shorten_acc;
    for (ir_op *op = func->regions[0]->first; op; op = op->next)
        if (is_driver_op(op))
            fail(x, op, "'%s' is driver code; the compiled targets run model functions only (use --target ref, or -e to "
                        "pick the model function)",
                 ir_op_name((ir_opkind)op->kind));
    pass_canonicalize(m);
    kn_build(m, func, &x->prog);
    x->n = x->prog.nvalues;
    x->st = sp_calloc(ctx, x->n ? x->n : 1, sizeof *x->st);
    x->vals = sp_calloc(ctx, x->n ? x->n : 1, sizeof *x->vals);
    x->kp = sp_calloc(ctx, x->prog.nk ? x->prog.nk : 1, sizeof *x->kp);
    /* arguments, constants and views first: lowering reads their storage */
    ir_block *body = func->regions[0];
    for (uint32_t i = 0; i < body->nargs; i++) {
        x->st[body->args[i].id].kind = ST_ARG;
        x->st[body->args[i].id].index = i;
    }
    for (ir_op *op = body->first; op; op = op->next) {
        if (op->kind == IR_OP_CONSTANT && op->u.value->kind == IR_A_ELEMENTS) {
            const ir_elements *e = op->u.value->u.elems;
            storage *s = &x->st[op->res[0].id];
            s->kind = ST_CONST;
            s->cdata = e->data;
            s->splat = e->splat;
        } else if (op->kind == IR_OP_EXPAND_SHAPE || op->kind == IR_OP_COLLAPSE_SHAPE) {
            x->st[op->res[0].id].kind = ST_ALIAS;
            x->st[op->res[0].id].index = op->opnds[0]->id;
        }
    }
    nl_env env = {env_root, env_splat, x};
    for (uint32_t i = 0; i < x->prog.nk; i++) {
        kplan *k = &x->kp[i];
        nl_analyze(ctx, t, &x->prog.k[i], &env, &k->kp);
        k->npu = k->kp.npu;
        if (!k->npu) continue;
        nl_choose(ctx, &k->kp, &x->lo, &k->ch);
        x->stats.nnpu++;
        x->stats.est_cycles = nc_add(x->stats.est_cycles, k->ch.est.cycles);
        x->stats.dma_bytes = nc_add(x->stats.dma_bytes, k->ch.est.dma_bytes);
        x->stats.min_dma_bytes = nc_add(x->stats.min_dma_bytes, k->kp.min_dma_bytes);
        int64_t rl = k->ch.bound_compute;
        if (k->ch.bound_vector > rl) rl = k->ch.bound_vector;
        if (k->ch.bound_dma_min > rl) rl = k->ch.bound_dma_min;
        x->stats.roofline_cycles = nc_add(x->stats.roofline_cycles, rl);
    }
    /* each kernel's figures are below the timing model's limit (nl_choose);
     * their sums must be too, to be reported */
    const char *what = x->stats.est_cycles >= NC_TIME_MAX || x->stats.roofline_cycles >= NC_TIME_MAX ? "cycles"
                       : x->stats.dma_bytes >= NC_TIME_MAX || x->stats.min_dma_bytes >= NC_TIME_MAX ? "bytes of DMA"
                       : NULL;
    if (what)
        sp_throw(ctx, SP_EINPUT, func->loc, "the program's %u npu kernels together take more than 2^62 %s on this npu: beyond "
                 "what the timing model counts", x->stats.nnpu, what);
    x->stats.nkernels = x->prog.nk;
    plan_storage(x);
    /* the steps, in program order */
    uint32_t nops = 0;
    for (ir_op *op = body->first; op; op = op->next) nops++;
    x->steps = sp_calloc(ctx, nops ? nops : 1, sizeof *x->steps);
    x->bound = sp_calloc(ctx, x->n ? x->n : 1, sizeof *x->bound);
    bool *member = sp_arena_array(&m->arena, x->n ? x->n : 1, sizeof *member);
    for (uint32_t i = 0; i < x->prog.nk; i++)
        for (uint32_t j = 0; j < x->prog.k[i].nops; j++) {
            ir_op *kop = x->prog.k[i].ops[j];
            for (uint32_t r = 0; r < kop->nres; r++) member[kop->res[r].id] = true;
        }
    for (ir_op *op = body->first; op; op = op->next) {
        uint32_t ki = op->nres ? x->prog.producer[op->res[0].id] : KN_NONE;
        if (ki != KN_NONE && x->prog.k[ki].last == op) {
            x->steps[x->nsteps].kernel = ki;
            x->steps[x->nsteps++].op = NULL;
            continue;
        }
        if (op->nres && member[op->res[0].id]) continue;
        bool side = op->kind == IR_OP_VPRINT || op->kind == IR_OP_TRANSFER_READ ||
                    (op->nres == 1 && op->res[0].type.kind == IR_T_SCALAR);
        if (side) {
            x->steps[x->nsteps].kernel = KN_NONE;
            x->steps[x->nsteps++].op = op;
        }
    }
}

/* ------------------------------------------------------------- names */

static const char *name_buf(void *ud, int32_t b) {
    nx_exec *x = ud;
    const kplan *k = &x->kp[x->cur];
    if (b < 0 || (uint32_t)b >= k->ch.nbufs) return "?";
    return k->ch.bufs[b].name;
}

static const char *name_tensor(void *ud, uint32_t t) {
    nx_exec *x = ud;
    return nx_value_name(x, t, x->namebuf[0], sizeof x->namebuf[0]);
}

static np_names names_of(nx_exec *x, uint32_t i) {
    x->cur = i;
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

void nx_print_program(nx_exec *x, uint32_t i, sp_strbuf *out) {
    kplan *k = &x->kp[i];
    if (!k->npu) return;
    print_state ps = {out, names_of(x, i), 0};
    nl_emit(&k->kp, &k->ch.cand, k->ch.bufs, &x->lo, (np_sink){print_fn, &ps});
}

/* ------------------------------------------------------------------ run */

typedef struct sim_state {
    nx_exec *x;
    uint32_t ki;
    nf_sim f;
    nc_model m;
    nf_buf bufs[NL_MAX_BUFS];
    np_names nm;
    char kname[16];
    nc_stats st;
} sim_state;

static float *io_tensor(void *ud, uint32_t t) { return (float *)value_ptr(((sim_state *)ud)->x, t); }

static float io_scalar(void *ud, int64_t slot) { return (float)((sim_state *)ud)->x->vals[slot].s.f; }

static void both_fn(void *ud, const np_insn *in) {
    sim_state *s = ud;
    nc_step(&s->m, in);
    nf_step(&s->f, in);
}

static void trace_busy(void *ud, const np_insn *in, int unit, int64_t start, int64_t end) {
    sim_state *s = ud;
    s->x->trace.busy(s->x->trace.ud, s->ki, in, unit, start, end);
}

static void sim_body(sp_ctx *ctx, void *ud) {
    sim_state *s = ud;
    nx_exec *x = s->x;
    kplan *k = &x->kp[s->ki];
    for (uint32_t b = 0; b < k->ch.nbufs; b++) s->bufs[b] = (nf_buf){k->ch.bufs[b].offset, k->ch.bufs[b].bytes};
    s->nm = names_of(x, s->ki);
    snprintf(s->kname, sizeof s->kname, "k%u", s->ki);
    nf_io io = {io_tensor, io_scalar, &s->nm, s->kname, s};
    nc_init(&s->m, ctx, &x->o.target);
    if (x->trace.busy) {
        s->m.trace = trace_busy;
        s->m.trace_ud = s;
    }
    nf_init(&s->f, ctx, &x->o.target, k->ch.footprint, s->bufs, k->ch.nbufs, &io);
    s->f.check = !x->o.no_access_check;
    s->f.nthreads = x->o.nthreads;
    nl_emit(&k->kp, &k->ch.cand, k->ch.bufs, &x->lo, (np_sink){both_fn, s});
    s->st = nc_finish(&s->m);
}

static void run_npu(nx_exec *x, uint32_t ki) {
    sim_state s;
    memset(&s, 0, sizeof s);
    s.x = x;
    s.ki = ki;
    sp_status st = sp_pcall(x->ctx, sim_body, &s);
    nf_free(&s.f);
    nc_free(&s.m);
    if (st != SP_OK) sp_rethrow(x->ctx);
    kplan *k = &x->kp[ki];
    k->ran = true;
    k->sim = s.st;
    /* the simulator's clock and the tile search's estimate are one model */
    SP_ASSERT(x->ctx, s.st.cycles == k->ch.est.cycles);
}

static void bind_input(nx_exec *x, const ir_value *v) {
    interp_value *slot = &x->vals[v->id];
    if (v->type.kind != IR_T_TENSOR || slot->t) return;
    uint32_t root = alias_root(x, v->id);
    const storage *s = &x->st[root];
    if (s->kind == ST_NONE && v->def && v->def->kind == IR_OP_LINALG) {
        ir_op *d = v->def;
        for (uint32_t j = 0; j < d->nopnds; j++) bind_input(x, d->opnds[j]);
        interp_run_ops(x->it, x->vals, x->n, &d, 1);
        return;
    }
    if (s->kind == ST_EMPTY || s->kind == ST_NONE) {
        *slot = interp_tensor_new(x->it, v->type);
        return;
    }
    if (s->kind == ST_CONST && s->splat) {
        *slot = interp_tensor_new(x->it, v->type);
        int nb = ir_dtype_bytes((ir_dtype)v->type.dtype);
        int64_t n = ir_type_numel(v->type);
        for (int64_t i = 0; i < n; i++) memcpy(interp_data(slot) + i * nb, s->cdata, (size_t)nb);
        x->stats.copied_constant_bytes += n * nb;
        return;
    }
    *slot = interp_tensor_borrow(x->it, v->type, value_ptr(x, root));
}

static void bind(nx_exec *x, const ir_value *v) {
    if (v->type.kind != IR_T_TENSOR || x->vals[v->id].t) return;
    bind_input(x, v);
    x->bound[x->nbound++] = v->id;
}

static void release_bound(nx_exec *x) {
    while (x->nbound) interp_release(x->it, &x->vals[x->bound[--x->nbound]]);
}

static void run_host(nx_exec *x, uint32_t ki) {
    kernel *k = &x->prog.k[ki];
    for (uint32_t o = 0; o < k->nops; o++)
        for (uint32_t j = 0; j < k->ops[o]->nopnds; j++) {
            const ir_value *v = k->ops[o]->opnds[j];
            bool internal = false;
            for (uint32_t q = 0; q < o; q++) internal |= v->def == k->ops[q];
            if (!internal) bind(x, v);
        }
    interp_run_ops(x->it, x->vals, x->n, k->ops, k->nops);
    interp_value *r = &x->vals[k->out->id];
    memcpy(value_ptr(x, k->out->id), interp_data(r), (size_t)ir_type_bytes(k->out->type));
    for (uint32_t o = 0; o < k->nops; o++)
        for (uint32_t j = 0; j < k->ops[o]->nres; j++) interp_release(x->it, &x->vals[k->ops[o]->res[j].id]);
    release_bound(x);
}

static void run_op(nx_exec *x, ir_op *op) {
    for (uint32_t j = 0; j < op->nopnds; j++) bind(x, op->opnds[j]);
    interp_run_ops(x->it, x->vals, x->n, &op, 1);
    release_bound(x);
}

void nx_run(nx_exec *x, const interp_value *args, interp_value *results) {
    ir_op *f = x->func;
    const ir_func_info *fn = &f->u.fn;
    ir_block *body = f->regions[0];
    x->args = args;
    x->results = results;
    for (uint32_t r = 0; r < fn->nres; r++) {
        results[r].type = fn->res_types[r];
        results[r].t = NULL;
        if (fn->res_types[r].kind == IR_T_TENSOR) results[r] = interp_tensor_new(x->it, fn->res_types[r]);
    }
    for (uint32_t i = 0; i < body->nargs; i++)
        if (body->args[i].type.kind == IR_T_SCALAR) x->vals[body->args[i].id] = args[i];
    x->arena = x->arena_bytes ? sp_try_malloc(x->ctx, (size_t)x->arena_bytes) : NULL;
    if (x->arena_bytes && !x->arena)
        sp_throw(x->ctx, SP_EINPUT, (sp_loc){0}, "out of memory: the DRAM arena needs %lld bytes", (long long)x->arena_bytes);
    x->stats.sim_cycles = 0;
    for (uint32_t s = 0; s < x->nsteps; s++) {
        if (x->steps[s].op) {
            run_op(x, x->steps[s].op);
            continue;
        }
        uint32_t i = x->steps[s].kernel;
        if (x->kp[i].npu) {
            run_npu(x, i);
            x->stats.sim_cycles = nc_add(x->stats.sim_cycles, x->kp[i].sim.cycles);
        } else {
            run_host(x, i);
        }
        if (x->trace.kernel_done) x->trace.kernel_done(x->trace.ud, i);
    }
    const ir_op *ret = body->last;
    for (uint32_t r = 0; r < ret->nopnds; r++) {
        const ir_value *v = ret->opnds[r];
        if (v->type.kind == IR_T_SCALAR) {
            results[r].s = x->vals[v->id].s;
            continue;
        }
        const storage *s = &x->st[v->id];
        if (s->kind == ST_RESULT && s->index == r) continue;
        uint8_t *dst = interp_data(&results[r]);
        const storage *rs = &x->st[alias_root(x, v->id)];
        size_t bytes = (size_t)ir_type_bytes(v->type);
        if (rs->kind == ST_EMPTY || rs->kind == ST_NONE) {
            memset(dst, 0, bytes);
        } else if (rs->kind == ST_CONST && rs->splat) {
            int nb = ir_dtype_bytes((ir_dtype)v->type.dtype);
            for (size_t i = 0; i < bytes; i += (size_t)nb) memcpy(dst + i, rs->cdata, (size_t)nb);
        } else {
            memcpy(dst, value_ptr(x, v->id), bytes);
        }
    }
    for (uint32_t i = 0; i < x->n; i++) interp_release(x->it, &x->vals[i]);
    sp_free(x->ctx, x->arena);
    x->arena = NULL;
}

void nx_free(nx_exec *x) {
    if (!x) return;
    sp_ctx *ctx = x->ctx;
    if (x->vals && x->it)
        for (uint32_t i = 0; i < x->n; i++) interp_release(x->it, &x->vals[i]);
    sp_free(ctx, x->arena);
    sp_free(ctx, x->st);
    sp_free(ctx, x->vals);
    sp_free(ctx, x->kp);
    sp_free(ctx, x->steps);
    sp_free(ctx, x->bound);
    sp_free(ctx, x);
}

void nx_set_trace(nx_exec *x, const nx_trace *t) {
    if (t)
        x->trace = *t;
    else
        memset(&x->trace, 0, sizeof x->trace);
}

const kn_program *nx_program(const nx_exec *x) { return &x->prog; }
const nt_target *nx_target(const nx_exec *x) { return &x->o.target; }
int64_t nx_budget(const nx_exec *x) { return x->budget; }
nx_stats nx_get_stats(const nx_exec *x) { return x->stats; }

nx_kernel_info nx_kernel(const nx_exec *x, uint32_t i) {
    nx_kernel_info ki;
    memset(&ki, 0, sizeof ki);
    if (i >= x->prog.nk) return ki;
    const kplan *k = &x->kp[i];
    ki.k = &x->prog.k[i];
    ki.kp = &k->kp;
    ki.ch = k->npu ? &k->ch : NULL;
    ki.ran = k->ran;
    ki.sim = k->sim;
    return ki;
}

size_t nx_kernel_title(const nx_exec *x, uint32_t i, char *buf, size_t n) {
    const kernel *k = &x->prog.k[i];
    const nl_kernel *kp = &x->kp[i].kp;
    size_t len = (size_t)snprintf(buf, n, "k%u %s", i, kn_kind_name(k->kind));
    if (k->kind == KN_CONTRACTION && len < n)
        len += (size_t)snprintf(buf + len, n - len, " %lldx%lldx%lld", (long long)(k->b * k->m), (long long)k->n, (long long)k->k);
    else if (kp->npu && len < n)
        len += (size_t)snprintf(buf + len, n - len, " %lldx%lld", (long long)kp->M, (long long)kp->N);
    for (uint32_t e = 0; e < k->nepilogue && len < n; e++) len += (size_t)snprintf(buf + len, n - len, " + %s", k->epilogue[e]);
    return len < n ? len : n - 1;
}

uint32_t nx_arena(const nx_exec *x, const plan_buf **bufs, const uint32_t **values) {
    *bufs = x->bufs;
    *values = x->buf_value;
    return x->nbufs;
}
