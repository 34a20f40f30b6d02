/* backend.c - the cpu target as an executor backend (see backend.h): a
 * kernel lowered to calls of the engine (cpu.h) with its epilogue compiled
 * to the engine's program, its blocking chosen, its constant weights packed
 * once; and run on the program's storage. This file holds the executor's
 * hooks and backend.h's queries; the jobs behind them are in the files
 * backend_impl.h lists. */
#include "backend.h"

#include "backend_impl.h"

static void start(ex_backend *b, ex_program *x) {
    cb_backend *cb = (cb_backend *)b;
    const kn_program *p = ex_kernels(x);
    cb->px = x;
    cb->n = p->nvalues;
    cb->kp = sp_calloc(cb->ctx, p->nk ? p->nk : 1, sizeof *cb->kp);
    for (uint32_t i = 0; i < p->nk; i++) cb->kp[i].k = &p->k[i];
}

static bool elementwise(ex_backend *b, const ex_program *x, uint32_t i) {
    (void)x;
    const cb_kplan *kp = &((cb_backend *)b)->kp[i];
    return kp->path == CB_PATH_LOOP && kp->lk->L.acc < 0; /* each chunk loads its lanes before it stores them */
}

/* The most threads a run of kernel kp starts (each path sizes its teams
 * with cpu_team). */
static int kernel_team(const cb_backend *cb, const cb_kplan *kp) {
    const int nt = cb->o.nthreads;
    switch (kp->path) {
    case CB_PATH_GEMM: {
        const int g = kp->blocking.nthreads < nt ? kp->blocking.nthreads : nt;
        int t = g > 1 ? g : 1;
        if ((kp->window_b && !kp->direct) || kp->gather) { /* run_windows (gemm_run.c): its items over the threads */
            int64_t nouter = 1;
            for (uint32_t j = 0; j < kp->nouter; j++) nouter *= kp->k->bounds[kp->outer[j]];
            if (cb_window_split(kp, nt, nouter) && cpu_team(nt, cb_window_items(kp, nouter)) > t)
                t = cpu_team(nt, cb_window_items(kp, nouter));
        }
        return t;
    }
    case CB_PATH_ATTN: return cpu_attn_team(&kp->ap->args);
    case CB_PATH_DW: {
        int64_t nouter = 1;
        for (uint32_t j = 0; j < kp->dw->nouter; j++) nouter *= kp->k->bounds[kp->dw->outer[j]];
        return cpu_team(nt, nouter);
    }
    case CB_PATH_LOOP:
    case CB_PATH_OP: return cpu_loop_kernel_team(kp->lk, nt);
    case CB_PATH_ROWS: return cb_rows_team(kp->rp);
    default: return 1;
    }
}

/* Constant weights are packed once, here; the others are planned as packed
 * per call. The largest team each kernel starts is started once now, so
 * that a system that will not start it is a located error (exit 1), not
 * OpenMP ending the process. */
static void prepare(ex_backend *b, ex_program *x, uint32_t i) {
    cb_backend *cb = (cb_backend *)b;
    cb_kplan *kp = &cb->kp[i];
    if (kp->path == CB_PATH_GEMM) {
        const uint8_t *cdata = ex_value_const(x, kp->rhs.value);
        const bool packed_now = cdata && cb_rhs_packable(kp) && !kp->window_b; /* the window is packed per run */
        if (kp->window_b || kp->gather) {
            cb_plan_chunk(cb, kp);
            if (kp->window_b) cb_plan_direct(cb, kp);
        } else {
            cb_choose_blocking(cb, kp, !packed_now);
        }
        if (packed_now) cb_pack_rhs(cb, kp, cdata);
    }
    ex_reserve_threads(x, i, kernel_team(cb, kp));
}

static void run(ex_backend *b, ex_program *x, uint32_t i) {
    (void)x;
    cb_backend *cb = (cb_backend *)b;
    if (cb->kp[i].path == CB_PATH_GEMM)
        cb_run_gemm(cb, i);
    else if (cb->kp[i].path == CB_PATH_ATTN)
        cb_run_attention(cb, i);
    else if (cb->kp[i].path == CB_PATH_DW)
        cb_run_dw(cb, &cb->kp[i]);
    else if (cb->kp[i].path == CB_PATH_ROWS)
        cb_run_rows(cb, &cb->kp[i]);
    else
        cpu_loop_kernel_run(cb->ctx, x, cb->kp[i].lk, cb->o.nthreads);
}

static void bind(ex_backend *b, ex_program *x, uint32_t arg, const void *data) {
    cb_backend *cb = (cb_backend *)b;
    for (uint32_t i = 0; i < ex_kernels(x)->nk; i++) {
        cb_kplan *kp = &cb->kp[i];
        if (kp->path == CB_PATH_GEMM && !kp->window_b && ex_value_storage(x, kp->rhs.value) == EX_ARG &&
            ex_value_index(x, kp->rhs.value) == arg && cb_rhs_packable(kp)) {
            cb_choose_blocking(cb, kp, false); /* packed from now on: one B block in L2 */
            cb_pack_rhs(cb, kp, data);
            ex_reserve_threads(x, i, kernel_team(cb, kp));
        }
    }
}

static void report(ex_backend *b, ex_program *x, int kind, const struct ex_report_opts *o, sp_strbuf *out) {
    (void)b;
    cpu_report(x, kind, o, out);
}

static void free_f32(sp_ctx *ctx, cb_kplan *kp) {
    for (uint32_t s = 0; s < CPU_EPI_MAX_OPERANDS; s++) sp_free(ctx, kp->f32[s]);
}

static void free_backend(ex_backend *b, sp_ctx *ctx) {
    cb_backend *cb = (cb_backend *)b;
    if (cb->px)
        for (uint32_t i = 0; cb->kp && i < ex_kernels(cb->px)->nk; i++) {
            cpu_packed_free(ctx, cb->kp[i].packed);
            sp_free(ctx, cb->kp[i].moff);
            sp_free(ctx, cb->kp[i].koff);
            sp_free(ctx, cb->kp[i].bounds);
            sp_free(ctx, cb->kp[i].combo);
            sp_free(ctx, cb->kp[i].kcombo);
            sp_free(ctx, cb->kp[i].krun);
            sp_free(ctx, cb->kp[i].kmask);
            sp_free(ctx, cb->kp[i].wtail);
            cb_phase_free(ctx, cb->kp[i].ph);
            sp_free(ctx, cb->kp[i].wpack_raw);
        }
    for (uint32_t i = 0; cb->kp && cb->px && i < ex_kernels(cb->px)->nk; i++) {
        sp_free(ctx, cb->kp[i].lk);
        cb_dw_free(ctx, cb->kp[i].dw);
        cb_rows_free(ctx, cb->kp[i].rp);
        cb_pair_free(ctx, cb->kp[i].pair);
        free_f32(ctx, &cb->kp[i]);
        if (cb->kp[i].ap) {
            free_f32(ctx, &cb->kp[i].ap->qk), free_f32(ctx, &cb->kp[i].ap->pv);
            cb_attn_plan *ap = cb->kp[i].ap;
            sp_free(ctx, ap->offs);
            sp_free(ctx, ap->qk.moff), sp_free(ctx, ap->qk.koff), sp_free(ctx, ap->pv.moff), sp_free(ctx, ap->pv.koff);
        }
        sp_free(ctx, cb->kp[i].ap);
    }
    sp_free(ctx, cb->work_raw);
    sp_free(ctx, cb->kp);
    sp_free(ctx, cb);
}

ex_backend *cpu_backend_new(sp_ctx *ctx, const cpu_backend_opts *o) {
    cb_backend *cb = sp_calloc(ctx, 1, sizeof *cb);
    cb->base = (ex_backend){
        .name = "cpu",
        .fuses_attention = true,
        .fuses_attention_bf16 = true,
        .gathers = true, /* the loop engine's CPU_L_GATHER */
        .folds_pad = cb_folds_pad,
        .fuse_rows = cb_fuse_rows,
        .start = start,
        .lower = cb_lower,
        .elementwise = elementwise,
        .pairs = cb_pairs,
        .prepare = prepare,
        .run = run,
        .bind = bind,
        .report = report,
        .free = free_backend,
    };
    cb->ctx = ctx;
    cb->o = *o;
    if (cb->o.nthreads < 1) cb->o.nthreads = 1;
    return &cb->base;
}

bool cpu_backend_gemm_pair(const ex_program *x, uint32_t i, int64_t *rows) {
    const cb_backend *cb = (const cb_backend *)ex_get_backend(x);
    const uint32_t nk = ex_kernels(x)->nk;
    if (i >= nk || cb->kp[i].path != CB_PATH_GEMM) return false;
    const cb_pair_plan *pp = cb->kp[i].pair_first && i + 1 < nk ? cb->kp[i + 1].pair : cb->kp[i].pair;
    if (pp && rows) *rows = pp->R;
    return pp != NULL;
}

int cpu_backend_threads(const ex_program *x) { return ((const cb_backend *)ex_get_backend(x))->o.nthreads; }

void cpu_note_flushing_kernels(const ex_program *x, sp_strbuf *out) {
    const cb_backend *cb = (const cb_backend *)ex_get_backend(x);
    for (uint32_t i = 0; i < ex_kernels(x)->nk; i++) {
        const cb_kplan *kp = &cb->kp[i];
        if (kp->path != CB_PATH_GEMM || !kp->blocking.pairs) continue;
        sp_strbuf_printf(out,
                         "note: k%u multiplies bf16 pairs (%s, %s), which reads subnormal inputs as zero and flushes "
                         "products and sums below 2^-126 to zero where the reference keeps them; SPADC_ISA=avx512 "
                         "converts to f32 instead\n",
                         i, kp->blocking.kernel, kp->blocking.isa >= CPU_ISA_AMX ? "TDPBF16PS" : "VDPBF16PS");
    }
}

const cpu_blocking *cpu_backend_blocking(const ex_program *x, uint32_t i) {
    const cb_backend *cb = (const cb_backend *)ex_get_backend(x);
    return i < ex_kernels(x)->nk && cb->kp[i].path == CB_PATH_GEMM ? &cb->kp[i].blocking : NULL;
}

const cpu_loop *cpu_backend_loop(const ex_program *x, uint32_t i) {
    const cb_backend *cb = (const cb_backend *)ex_get_backend(x);
    return i < ex_kernels(x)->nk && cb->kp[i].path == CB_PATH_LOOP ? &cb->kp[i].lk->L : NULL;
}

bool cpu_backend_rows(const ex_program *x, uint32_t i, cpu_rows_info *info) {
    const cb_backend *cb = (const cb_backend *)ex_get_backend(x);
    if (i >= ex_kernels(x)->nk || cb->kp[i].path != CB_PATH_ROWS) return false;
    cb_rows_describe(cb->kp[i].rp, info);
    return true;
}

const cpu_attn_tile *cpu_backend_attention(const ex_program *x, uint32_t i) {
    const cb_backend *cb = (const cb_backend *)ex_get_backend(x);
    return i < ex_kernels(x)->nk && cb->kp[i].path == CB_PATH_ATTN ? &cb->kp[i].ap->args.tile : NULL;
}

int64_t cpu_backend_dw_fold(const ex_program *x, uint32_t i) {
    const cb_backend *cb = (const cb_backend *)ex_get_backend(x);
    return i < ex_kernels(x)->nk && cb->kp[i].path == CB_PATH_DW ? cb->kp[i].dw->d.lrow : 0;
}

int64_t cpu_backend_dw_grid(const ex_program *x, uint32_t i) {
    const cb_backend *cb = (const cb_backend *)ex_get_backend(x);
    cpu_isa isa = CPU_ISA_GENERIC;
    if (i >= ex_kernels(x)->nk || cb->kp[i].path != CB_PATH_DW || cpu_isa_active(ex_ctx(x), &isa) != SP_OK ||
        isa < CPU_ISA_AVX512)
        return 0;
    return cb->kp[i].dw->d.grid_kh;
}

bool cpu_backend_gemm_swapped(const ex_program *x, uint32_t i) {
    const cb_backend *cb = (const cb_backend *)ex_get_backend(x);
    return i < ex_kernels(x)->nk && cb->kp[i].path == CB_PATH_GEMM && cb->kp[i].swapped;
}

int64_t cpu_backend_conv_taps(const ex_program *x, uint32_t i) {
    const cb_backend *cb = (const cb_backend *)ex_get_backend(x);
    if (i >= ex_kernels(x)->nk || cb->kp[i].path != CB_PATH_GEMM || !cb->kp[i].direct) return 0;
    return cb->kp[i].kperiod;
}

int64_t cpu_backend_conv_phases(const ex_program *x, uint32_t i) {
    const cb_backend *cb = (const cb_backend *)ex_get_backend(x);
    if (i >= ex_kernels(x)->nk || cb->kp[i].path != CB_PATH_GEMM || !cb->kp[i].direct || !cb->kp[i].ph) return 0;
    return cb->kp[i].ph->ph.nplane;
}

bool cpu_backend_conv_fetch(const ex_program *x, uint32_t i) {
    const cb_backend *cb = (const cb_backend *)ex_get_backend(x);
    return i < ex_kernels(x)->nk && cb->kp[i].path == CB_PATH_GEMM && cb->kp[i].direct && cb->kp[i].wfetch;
}

bool cpu_backend_conv_tail_dots(const ex_program *x, uint32_t i) {
    const cb_backend *cb = (const cb_backend *)ex_get_backend(x);
    return i < ex_kernels(x)->nk && cb->kp[i].path == CB_PATH_GEMM && cb->kp[i].direct && cb->kp[i].wtail;
}

cpu_conv_mode cpu_backend_conv(const ex_program *x, uint32_t i, int64_t *pixels) {
    const cb_backend *cb = (const cb_backend *)ex_get_backend(x);
    if (i < ex_kernels(x)->nk && cb->kp[i].path == CB_PATH_DW) {
        if (pixels) *pixels = cb->kp[i].dw->d.M * cb->kp[i].dw->d.L;
        return CPU_CONV_DEPTHWISE;
    }
    if (i >= ex_kernels(x)->nk || cb->kp[i].path != CB_PATH_GEMM) return CPU_CONV_NONE;
    const cb_kplan *kp = &cb->kp[i];
    if (pixels) *pixels = kp->direct ? kp->npix : kp->chunk;
    return kp->direct ? CPU_CONV_WINDOW_IN_PLACE : kp->window_b ? CPU_CONV_WINDOW_PACKED : kp->gather ? CPU_CONV_IM2COL : CPU_CONV_NONE;
}
