/* test_npu_timing.c - the npu timing model against the closed forms of
 * npu-timing.md ("Checks our tests can assert"): a resident matmul with its
 * weight load (3L + M - 1), one and two weight slots, a contiguous DMA
 * (ceil(B / bandwidth) + latency), a uniform double-buffered pipeline;
 * burst counting; the roofline floor on real kernels of the corpus on all
 * three machines; monotonicity (more bandwidth, arrays or weight slots
 * never add cycles); and the tile search's estimate equal to what the
 * simulator's clock says when the kernel runs. */
#include <math.h>
#include "interp/interp.h"
#include "npu/backend.h"
#include "npu/timing.h"
#include "test.h"
#include "util.h"

static np_view view(int32_t buf, int64_t off, int64_t rows, int64_t cols, int64_t L) {
    return (np_view){.buf = buf, .off = off, .rows = rows, .cols = cols, .ld = (cols + L - 1) / L};
}

typedef struct run_job {
    const nt_target *t;
    const np_insn *in;
    uint32_t n;
    nc_stats st;
    nc_model m;
} run_job;

static void run_body(sp_ctx *ctx, void *ud) {
    run_job *j = ud;
    nc_init(&j->m, ctx, j->t);
    for (uint32_t i = 0; i < j->n; i++) nc_step(&j->m, &j->in[i]);
    j->st = nc_finish(&j->m);
}

static nc_stats run(sp_ctx *ctx, const nt_target *t, const np_insn *in, uint32_t n) {
    run_job j;
    memset(&j, 0, sizeof j);
    j.t = t, j.in = in, j.n = n;
    if (sp_pcall(ctx, run_body, &j) != SP_OK) fprintf(stderr, "timing: %s\n", ctx->err.msg);
    nc_free(&j.m);
    return j.st;
}

static np_insn gemm(np_view y, np_view x, np_view w, bool acc) {
    np_insn in;
    memset(&in, 0, sizeof in);
    in.op = NP_GEMM;
    in.flags = acc ? NP_ACC : 0;
    in.dst = y, in.a = x, in.b = w;
    in.rows = x.rows, in.k = x.cols, in.cols = w.cols;
    return in;
}

static np_insn mvin(np_view v, int64_t off, int64_t rs) {
    np_insn in;
    memset(&in, 0, sizeof in);
    in.op = NP_MVIN;
    in.dst = v;
    in.dram = (np_dram){0, off, rs, 1};
    return in;
}

/* The runs an array reports while traced. */
typedef struct stream_runs {
    int64_t sum, last, n;
    bool ordered; /* each starts after the previous one ended (not at its end: runs are maximal) */
} stream_runs;

static void note_run(void *ud, int64_t start, int64_t end) {
    stream_runs *r = ud;
    r->ordered &= end > start && (r->n == 0 || start > r->last);
    r->sum += end - start;
    r->last = end;
    r->n++;
}

static void closed_forms(sp_ctx *ctx) {
    nt_target t;
    nt_target_builtin(&t);
    int64_t L = t.lanes;
    /* a resident M-row matmul with its weight load on an idle machine */
    for (int64_t M = 1; M <= 1024; M *= 4) {
        np_insn in = gemm(view(0, 0, 0, 0, L), view(1, 0, M, L, L), view(2, 0, L, L, L), false);
        in.dst = view(0, 0, M, L, L);
        nc_stats st = run(ctx, &t, &in, 1);
        CHECK_EQ_INT(st.cycles, 3 * L + M - 1);
        CHECK_EQ_INT(st.macs, M * L * L);
    }
    /* one array: n blocks of M rows; one weight slot serialises load and
     * stream (n (L + M) + 2L - 1), two hide the loads when M >= L */
    for (int slots = 1; slots <= 2; slots++)
        for (int64_t n = 1; n <= 20; n += 3)
            for (int64_t M = 128; M <= 512; M += 384) {
                nt_target u = t;
                u.num_sa = 1;
                u.sa_weight_slots = slots;
                np_insn in = gemm(view(0, 0, M, n * L, L), view(1, 0, M, L, L), view(2, 0, L, n * L, L), false);
                nc_stats st = run(ctx, &u, &in, 1);
                int64_t want = slots == 1 ? n * (L + M) + 2 * L - 1 : 3 * L + n * M - 1;
                CHECK_EQ_INT(st.cycles, want);
                CHECK_EQ_INT(st.sa_busy, n * M);
            }
    /* two arrays share the blocks round robin */
    {
        int64_t M = 256, n = 8;
        np_insn in = gemm(view(0, 0, M, n * L, L), view(1, 0, M, L, L), view(2, 0, L, n * L, L), false);
        nc_stats st = run(ctx, &t, &in, 1);
        CHECK_EQ_INT(st.cycles, 3 * L + (n / 2) * M - 1);
    }
    /* the periodic jump equals the step by step recurrence */
    for (int64_t n = 1; n < 40; n += 7)
        for (int64_t M = 3; M < 300; M += 97)
            for (int slots = 1; slots <= 3; slots++) {
                nc_array a, b;
                memset(&a, 0, sizeof a);
                memset(&b, 0, sizeof b);
                int64_t se1, d1, se2, d2;
                nc_array_run(&a, 5, M, 16, slots, n, &se1, &d1, NULL, NULL);
                for (int64_t i = 0; i < n; i++) nc_array_run(&b, 5, M, 16, slots, 1, &se2, &d2, NULL, NULL);
                CHECK_EQ_INT(se1, se2);
                CHECK_EQ_INT(d1, d2);
                /* and leaves the array as the steps do: the next GEMM on it
                 * (its weight slots free in the same order) agrees too */
                nc_array_run(&a, se1 - 40, 17, 16, slots, 3, &se1, &d1, NULL, NULL);
                for (int64_t i = 0; i < 3; i++) nc_array_run(&b, se2 - 40, 17, 16, slots, 1, &se2, &d2, NULL, NULL);
                CHECK_EQ_INT(se1, se2);
                CHECK_EQ_INT(d1, d2);
                memset(&a, 0, sizeof a);
                memset(&b, 0, sizeof b);
                nc_array_run(&a, 5, M, 16, slots, n, &se1, &d1, NULL, NULL);
                for (int64_t i = 0; i < n; i++) nc_array_run(&b, 5, M, 16, slots, 1, &se2, &d2, NULL, NULL);
                /* traced (no jump): the same times, runs of streaming that
                 * add up to n * M cycles, in order, apart */
                nc_array c;
                memset(&c, 0, sizeof c);
                stream_runs sr = {0, 0, 0, true};
                nc_array_run(&c, 5, M, 16, slots, n, &se2, &d2, note_run, &sr);
                CHECK_EQ_INT(se1, se2);
                CHECK_EQ_INT(d1, d2);
                CHECK_EQ_INT(sr.sum, n * M);
                CHECK(sr.ordered);
                CHECK_EQ_INT(sr.last, se2);
            }
    /* a contiguous B-byte DMA: ceil(B / bw) + latency, bw the sustained
     * bytes per cycle (the channels' 512.3 x 0.7 on the built-in machine) */
    const double bw = nt_dram_bytes_per_cycle(&t);
    CHECK(fabs(bw - 16 * 30.1 * 1000.0 / 940 * 0.7) < 1e-9);
    for (int64_t rows = 1; rows <= 4096; rows *= 8) {
        np_insn in = mvin(view(0, 0, rows, 1024, L), 0, 1024);
        nc_stats st = run(ctx, &t, &in, 1);
        int64_t B = rows * 1024 * 4;
        CHECK_EQ_INT(st.cycles, (int64_t)ceil((double)B / bw) + t.dma_latency);
        CHECK_EQ_INT(st.dma_bytes, B);
        CHECK_EQ_INT(st.dram_request_bytes, B);
    }
    /* a uniform double-buffered pipeline, compute bound: loads of Ld cycles
     * into alternating buffers, a vector step of C >= Ld + latency + 1 on
     * each: T = Ld + latency + n C + 1 */
    {
        np_vprog p;
        memset(&p, 0, sizeof p);
        p.n = 2;
        p.insn[0] = (np_vinsn){.op = NV_LOAD, .d = 1};
        p.insn[1] = (np_vinsn){.op = NV_FN, .fn = IR_OP_NEGF, .d = 2, .a = 1};
        p.result = 2;
        p.nalu = 16; /* sixteen ALU passes per group: C = 16 * groups */
        int64_t rows = 1024, cols = 1024, n = 10;
        int64_t Ld = (int64_t)ceil((double)(rows * cols * 4) / bw); /* 11703 */
        int64_t groups = rows * (cols / L) / 8, C = 16 * groups; /* 1024 groups, C = 16384 */
        np_insn prog[40];
        np_view bufs[2] = {view(0, 0, rows, cols, L), view(1, rows * (cols / L) * 4, rows, cols, L)};
        np_view dst[2] = {view(2, 2 * rows * (cols / L) * 4, rows, cols, L), view(3, 3 * rows * (cols / L) * 4, rows, cols, L)};
        uint32_t k = 0;
        for (int64_t s = 0; s < n; s++) {
            prog[k++] = mvin(bufs[s % 2], s * rows * cols, cols);
            np_insn v;
            memset(&v, 0, sizeof v);
            v.op = NP_VEC;
            v.mode = NP_VMAP;
            v.dst = dst[s % 2]; /* independent stages: results alternate too */
            v.rows = rows, v.cols = cols;
            v.nsrc = 1;
            v.src = &bufs[s % 2];
            v.prog = &p;
            prog[k++] = v;
        }
        nc_stats st = run(ctx, &t, prog, k);
        CHECK(C >= Ld + t.dma_latency + 1);
        CHECK_EQ_INT(st.cycles, Ld + t.dma_latency + n * C + 1);
        /* DMA bound (C small): never below the loads in a row */
        p.nalu = 1;
        st = run(ctx, &t, prog, k);
        CHECK(st.cycles >= n * Ld + t.dma_latency);
    }
    /* stores wait behind loads that are ready (TOGSim's loads first) */
    {
        np_insn prog[3];
        np_insn st_in;
        memset(&st_in, 0, sizeof st_in);
        st_in.op = NP_MVOUT;
        st_in.a = view(0, 0, 64, 1024, L);
        st_in.dram = (np_dram){1, 0, 1024, 1};
        prog[0] = st_in;
        prog[1] = mvin(view(1, 4096, 64, 1024, L), 0, 1024);
        nc_stats s2 = run(ctx, &t, prog, 2);
        /* both move 256 KiB: 732 cycles each at 358.4 B/cycle, back to
         * back, plus one latency */
        int64_t each = (int64_t)ceil(256.0 * 1024 / bw);
        CHECK_EQ_INT(s2.cycles, 2 * each + t.dma_latency);
        CHECK_EQ_INT(s2.dma_busy, 2 * each);
    }
}

static void bursts(void) {
    /* rows x cols of 4-byte elements, 32-byte bursts */
    np_dram d = {0, 0, 1024, 1};
    CHECK_EQ_INT(nc_dma_requests(&d, 4, 8, 4, 32), 4);        /* aligned rows of one burst */
    d.off = 1;
    CHECK_EQ_INT(nc_dma_requests(&d, 4, 8, 4, 32), 8);        /* each row straddles two */
    d = (np_dram){0, 0, 1, 1024};
    CHECK_EQ_INT(nc_dma_requests(&d, 64, 4, 4, 32), 32);      /* a transposed read: columns are the runs */
    d = (np_dram){0, 0, 0, 1};
    CHECK_EQ_INT(nc_dma_requests(&d, 256, 3072, 4, 32), 384); /* a broadcast row is fetched once */
    CHECK_EQ_INT(nc_dma_bytes(&d, 256, 3072, 4), 3072 * 4);
    d = (np_dram){0, 0, 0, 0};
    CHECK_EQ_INT(nc_dma_requests(&d, 256, 256, 4, 32), 1);    /* a splat: one element */
    d = (np_dram){0, 3, 5, 1};                                /* rows that drift across bursts */
    int64_t want = 0;
    for (int64_t r = 0; r < 100; r++) want += ((3 + r * 5 + 7) * 4 - 1) / 32 - ((3 + r * 5) * 4) / 32 + 1;
    CHECK_EQ_INT(nc_dma_requests(&d, 100, 7, 4, 32), want);
}

/* ------------------------------------------------- kernels of the corpus */

typedef struct kjob {
    const char *path, *func;
    nx_opts o;
    ir_module *m;
    interp *it;
    ex_program *x;
} kjob;

static void kbody(sp_ctx *ctx, void *ud) {
    kjob *j = ud;
    mlir_read_file(ctx, j->path, &j->m);
    ir_verify_module(j->m);
    j->it = interp_new(ctx, j->m, NULL);
    ir_op *f = j->func ? ir_module_find_func(j->m, j->func) : NULL;
    for (ir_op *op = ir_module_body(j->m)->first; op && !f; op = op->next)
        if (op->kind == IR_OP_FUNC && !op->u.fn.is_decl) f = op;
    ex_compile(ctx, j->m, f, nx_backend_new(ctx, &j->o), &(ex_opts){0}, j->it, &j->x);
}

static void kfree(kjob *j) {
    ex_free(j->x);
    interp_free(j->it);
    ir_module_free(j->m);
}

typedef struct time_job {
    nl_kernel kp;
    nl_cand c;
    nl_buf bufs[NL_MAX_BUFS];
    uint32_t nb;
    nl_opts o;
    nc_stats st;
    bool fits;
} time_job;

static void time_body(sp_ctx *ctx, void *ud) {
    time_job *j = ud;
    j->nb = nl_buffers(&j->kp, &j->c, &j->o, j->bufs);
    plan_result pr;
    j->fits = nl_plan(ctx, &j->kp, j->bufs, j->nb, 0, &pr) == SP_OK;
    j->st = nl_time(ctx, &j->kp, &j->c, j->bufs, &j->o);
}

/* The same program (kernel, candidate, plan) on machine u. */
static nc_stats time_on(sp_ctx *ctx, const nl_kernel *kp, const nl_cand *c, const nt_target *u) {
    time_job j;
    memset(&j, 0, sizeof j);
    j.kp = *kp;
    j.kp.t = u;
    j.c = *c;
    j.o.budget = 1 << 30;
    if (sp_pcall(ctx, time_body, &j) != SP_OK) fprintf(stderr, "time_on: %s\n", ctx->err.msg);
    return j.st;
}

/* A traced timing of a kernel's chosen program: the busy intervals per unit
 * (NC_UNIT_*), checked as they come: inside [0, cycles], no two of one unit
 * overlapping (each unit is in order, so they come sorted). */
#define TR_UNITS (NC_UNIT_SA0 + 8)
typedef struct tr_job {
    const nl_kernel *kp;
    const nl_choice *ch;
    nl_opts o;
    nc_model m;
    nc_stats st;
    int64_t sum[TR_UNITS], last[TR_UNITS];
    int64_t n;
    bool ok;
} tr_job;

static void tr_fn(void *ud, const np_insn *in, int unit, int64_t start, int64_t end) {
    tr_job *j = ud;
    (void)in;
    if (unit < 0 || unit >= TR_UNITS || start < 0 || end <= start || start < j->last[unit]) {
        j->ok = false;
        return;
    }
    j->sum[unit] += end - start;
    j->last[unit] = end;
    j->n++;
}

static void tr_body(sp_ctx *ctx, void *ud) {
    tr_job *j = ud;
    nc_init(&j->m, ctx, j->kp->t);
    j->m.trace = tr_fn;
    j->m.trace_ud = j;
    nl_emit(j->kp, &j->ch->cand, j->ch->bufs, &j->o, nc_sink(&j->m));
    j->st = nc_finish(&j->m);
}

/* The trace of kernel ki's program agrees with the untraced timing: same
 * statistics, and per unit the intervals add up to its busy cycles. */
static void traced(sp_ctx *ctx, ex_program *x, uint32_t ki) {
    nx_kernel_info k = nx_kernel(x, ki);
    tr_job j;
    memset(&j, 0, sizeof j);
    j.kp = k.kp;
    j.ch = k.ch;
    j.o.budget = nx_budget(x);
    j.ok = true;
    CHECK_EQ_INT(sp_pcall(ctx, tr_body, &j), SP_OK);
    nc_free(&j.m);
    const nc_stats *e = &k.ch->est;
    CHECK(j.ok);
    CHECK(j.n > 0);
    CHECK_EQ_INT(j.st.cycles, e->cycles);
    CHECK_EQ_INT(j.st.sa_busy, e->sa_busy);
    CHECK_EQ_INT(j.sum[NC_UNIT_LOAD], e->dma_load_busy);
    CHECK_EQ_INT(j.sum[NC_UNIT_STORE], e->dma_store_busy);
    CHECK_EQ_INT(e->dma_load_busy + e->dma_store_busy, e->dma_busy);
    CHECK_EQ_INT(j.sum[NC_UNIT_VU], e->vu_busy);
    int64_t sa = 0;
    for (int a = 0; a < 8; a++) {
        CHECK_EQ_INT(j.sum[NC_UNIT_SA0 + a], e->sa_busy_each[a]);
        sa += e->sa_busy_each[a];
    }
    CHECK_EQ_INT(sa, e->sa_busy);
    for (int u = 0; u < TR_UNITS; u++) CHECK(j.last[u] <= e->cycles);
}

/* The search in brief: the choice first among the timed, in order; every
 * candidate counted under one verdict; rejects over the budget by bytes. */
static void search_brief(const nl_choice *ch) {
    CHECK(ch->ntop >= 1 && ch->ntop <= NL_MAX_TOP);
    CHECK(!memcmp(&ch->top[0].c, &ch->cand, sizeof ch->cand));
    CHECK_EQ_INT(ch->top[0].cycles, ch->est.cycles);
    CHECK_EQ_INT(ch->top[0].footprint, ch->footprint);
    CHECK_EQ_INT(ch->top[0].dma_bytes, ch->est.dma_bytes);
    /* by cycles, then DRAM bytes, then footprint */
    for (uint32_t i = 1; i < ch->ntop; i++) {
        const nl_cand_rec *a = &ch->top[i - 1], *b = &ch->top[i];
        CHECK(a->cycles < b->cycles || (a->cycles == b->cycles && a->dma_bytes < b->dma_bytes) ||
              (a->cycles == b->cycles && a->dma_bytes == b->dma_bytes && a->footprint <= b->footprint));
    }
    uint32_t total = 0;
    for (int v = 0; v < NL_NVERDICTS; v++) total += ch->nverdict[v];
    CHECK_EQ_INT(total, ch->ncand);
    CHECK_EQ_INT(ch->nverdict[NL_TIMED], ch->nsim);
    for (uint32_t i = 0; i < ch->nrejects; i++) {
        const nl_cand_rec *r = &ch->rejects[i];
        CHECK(r->verdict != NL_TIMED);
        if (r->verdict == NL_OVER_PEAK || r->verdict == NL_OVER_PLANNED) CHECK(r->footprint > ch->budget);
        if (r->verdict == NL_BOUND) CHECK(r->cycles > ch->est.cycles);
    }
}

typedef struct tload {
    const char *path;
    nt_target t;
} tload;

static void tload_body(sp_ctx *ctx, void *ud) {
    tload *l = ud;
    nt_target_load(ctx, l->path, &l->t);
}

static void kernels(sp_ctx *ctx) {
    const char *files[][2] = {{"seeds/ffn1_bert.mlir", NULL},
                              {"seeds/bert_ffn_block.mlir", NULL},
                              {"mlir22/mlp_pytorch.mlir", NULL},
                              {"mlir22/ops_zoo.mlir", NULL},
                              {"mlir22/edge_syntax.mlir", NULL},
                              {"seeds/iree_splat_outs.mlir", "rowsum"},
                              {"external/tpp-mlir/pass-convert-mlp-to-parallel-tile.mlir", NULL}};
    const char *ymls[] = {NULL, "external/pytorchsim/systolic_ws_256x256_c1_simple_noc_tpuv6e.yml",
                          "external/pytorchsim/systolic_ws_8x8_c1_simple_noc.yml"};
    uint32_t nfloor = 0, nmono = 0;
    /* at a reduced size (sanitizers) each file on one of the machines,
     * in turn: every file and every machine still met */
    size_t npairs = 0;
    for (size_t y = 0; y < SP_ARRAY_LEN(ymls); y++)
        for (size_t f = 0; f < SP_ARRAY_LEN(files); f++) {
            if (test_scale() < 1 && f % SP_ARRAY_LEN(ymls) != y) continue;
            npairs++;
            char path[1024], ypath[1024];
            kjob j;
            memset(&j, 0, sizeof j);
            j.path = corpus(files[f][0], path, sizeof path);
            j.func = files[f][1];
            nt_target_builtin(&j.o.target);
            if (ymls[y]) {
                tload l;
                memset(&l, 0, sizeof l);
                l.path = corpus(ymls[y], ypath, sizeof ypath);
                CHECK_EQ_INT(sp_pcall(ctx, tload_body, &l), SP_OK);
                j.o.target = l.t;
            }
            sp_status st = sp_pcall(ctx, kbody, &j);
            CHECK_EQ_INT(st, SP_OK);
            if (st != SP_OK) {
                fprintf(stderr, "%s: %s\n", files[f][0], ctx->err.msg);
                kfree(&j);
                continue;
            }
            const kn_program *p = ex_kernels(j.x);
            for (uint32_t i = 0; i < p->nk; i++) {
                nx_kernel_info ki = nx_kernel(j.x, i);
                if (!ki.ch) continue;
                const nl_choice *ch = ki.ch;
                /* the roofline floor, also with the least bytes */
                int64_t floor = ch->bound_compute;
                if (ch->bound_dma > floor) floor = ch->bound_dma;
                if (ch->bound_vector > floor) floor = ch->bound_vector;
                CHECK(ch->est.cycles >= floor);
                CHECK(ch->bound_dma >= ch->bound_dma_min);
                CHECK(ch->est.dma_bytes >= ki.kp->min_dma_bytes);
                nfloor++;
                /* the plan the tile search reports is the verifier's too (L1) */
                plan_buf pb[NL_MAX_BUFS];
                for (uint32_t b = 0; b < ch->nbufs; b++)
                    pb[b] = (plan_buf){ch->bufs[b].bytes, 1, ch->bufs[b].lo, ch->bufs[b].hi, -1, ch->bufs[b].offset};
                char why[256];
                CHECK(plan_verify(pb, ch->nbufs, ch->budget, why, sizeof why));
                int64_t top = 0;
                for (uint32_t b = 0; b < ch->nbufs; b++)
                    if (ch->bufs[b].offset + ch->bufs[b].bytes > top) top = ch->bufs[b].offset + ch->bufs[b].bytes;
                CHECK_EQ_INT(top, ch->footprint);
                CHECK(ch->footprint <= ch->budget);
                search_brief(ch);
                traced(ctx, j.x, i);
                /* monotonicity: the same program on a machine with more of
                 * something never takes longer */
                const nt_target *t0 = nx_target(j.x);
                nc_stats base = time_on(ctx, ki.kp, &ch->cand, t0);
                CHECK_EQ_INT(base.cycles, ch->est.cycles);
                nt_target more[4];
                for (int v = 0; v < 4; v++) more[v] = *t0;
                more[0].dram_gbps_per_channel *= 2, more[0].icnt_ports *= 2;
                more[1].num_sa += 1;
                more[2].sa_weight_slots += 1;
                more[3].dram_channels *= 4, more[3].icnt_ports *= 4, more[3].num_sa *= 2;
                for (int v = 0; v < 4; v++) {
                    nc_stats m = time_on(ctx, ki.kp, &ch->cand, &more[v]);
                    if (m.cycles > base.cycles)
                        fprintf(stderr, "%s k%u variant %d: %lld > %lld cycles\n", files[f][0], i, v, (long long)m.cycles,
                                (long long)base.cycles);
                    CHECK(m.cycles <= base.cycles);
                    CHECK_EQ_INT(m.dma_bytes, base.dma_bytes); /* the data moved does not change */
                    nmono++;
                }
            }
            kfree(&j);
        }
    CHECK(nfloor >= 20 * npairs / (SP_ARRAY_LEN(ymls) * SP_ARRAY_LEN(files)));
    CHECK(nmono >= 4 * nfloor);
}

/* ------------------------------------ the extrapolated timing is exact */

/* Small programs whose kernels, on the 8x8 machine and the built-in one
 * with small forced tiles, have many tiles, edge tiles, parity rings and
 * burst alignments that drift: contractions (bias, residual, a transposed
 * weight, splat weights, batch and batch-reduce), reductions with chains,
 * an elementwise map; copies (pads with every loop padded, an i8 pad, an
 * extract_slice strided along every loop, an insert_slice strided along
 * its rows), an f64 row sum whose chain truncates to f32, an i1 mask. */
static const char *const XPROGS[] = {
    "func.func @f(%a: tensor<60x80xf32>, %b: tensor<80x70xf32>, %c: tensor<70xf32>) -> tensor<60x70xf32> {\n"
    "  %z = arith.constant 0.0 : f32\n"
    "  %e = tensor.empty() : tensor<60x70xf32>\n"
    "  %f = linalg.fill ins(%z : f32) outs(%e : tensor<60x70xf32>) -> tensor<60x70xf32>\n"
    "  %m = linalg.matmul ins(%a, %b : tensor<60x80xf32>, tensor<80x70xf32>) outs(%f : tensor<60x70xf32>) -> tensor<60x70xf32>\n"
    "  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],"
    " iterator_types = [\"parallel\", \"parallel\"]} ins(%m, %c : tensor<60x70xf32>, tensor<70xf32>) outs(%e : tensor<60x70xf32>) {\n"
    "  ^bb0(%x: f32, %y: f32, %o: f32):\n"
    "    %s = arith.addf %x, %y : f32\n"
    "    %t = arith.maximumf %s, %z : f32\n"
    "    linalg.yield %t : f32\n"
    "  } -> tensor<60x70xf32>\n"
    "  return %r : tensor<60x70xf32>\n"
    "}\n",
    /* C = A Bt^T + R */
    "func.func @f(%a: tensor<45x33xf32>, %b: tensor<50x33xf32>, %r: tensor<45x50xf32>) -> tensor<45x50xf32> {\n"
    "  %z = arith.constant 0.0 : f32\n"
    "  %e = tensor.empty() : tensor<45x50xf32>\n"
    "  %f = linalg.fill ins(%z : f32) outs(%e : tensor<45x50xf32>) -> tensor<45x50xf32>\n"
    "  %m = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j)>],"
    " iterator_types = [\"parallel\", \"parallel\", \"reduction\"]} ins(%a, %b : tensor<45x33xf32>, tensor<50x33xf32>) outs(%f : tensor<45x50xf32>) {\n"
    "  ^bb0(%x: f32, %y: f32, %o: f32):\n"
    "    %p = arith.mulf %x, %y : f32\n"
    "    %s = arith.addf %o, %p : f32\n"
    "    linalg.yield %s : f32\n"
    "  } -> tensor<45x50xf32>\n"
    "  %q = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],"
    " iterator_types = [\"parallel\", \"parallel\"]} ins(%m, %r : tensor<45x50xf32>, tensor<45x50xf32>) outs(%e : tensor<45x50xf32>) {\n"
    "  ^bb0(%x: f32, %y: f32, %o: f32):\n"
    "    %s = arith.addf %x, %y : f32\n"
    "    linalg.yield %s : f32\n"
    "  } -> tensor<45x50xf32>\n"
    "  return %q : tensor<45x50xf32>\n"
    "}\n",
    /* batch-reduce (the batch is a reduction loop outside the tile) with splat weights in a second kernel */
    "func.func @f(%a: tensor<3x20x30xf32>, %b: tensor<3x30x26xf32>, %x: tensor<26x40xf32>) -> tensor<20x40xf32> {\n"
    "  %z = arith.constant 0.0 : f32\n"
    "  %w = arith.constant dense<0.5> : tensor<40x40xf32>\n"
    "  %e = tensor.empty() : tensor<20x26xf32>\n"
    "  %f = linalg.fill ins(%z : f32) outs(%e : tensor<20x26xf32>) -> tensor<20x26xf32>\n"
    "  %m = linalg.batch_reduce_matmul ins(%a, %b : tensor<3x20x30xf32>, tensor<3x30x26xf32>) outs(%f : tensor<20x26xf32>) -> tensor<20x26xf32>\n"
    "  %e2 = tensor.empty() : tensor<20x40xf32>\n"
    "  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<20x40xf32>) -> tensor<20x40xf32>\n"
    "  %n = linalg.matmul ins(%m, %x : tensor<20x26xf32>, tensor<26x40xf32>) outs(%f2 : tensor<20x40xf32>) -> tensor<20x40xf32>\n"
    "  %o = linalg.matmul ins(%n, %w : tensor<20x40xf32>, tensor<40x40xf32>) outs(%f2 : tensor<20x40xf32>) -> tensor<20x40xf32>\n"
    "  return %o : tensor<20x40xf32>\n"
    "}\n",
    "func.func @f(%a: tensor<3x20x28xf32>, %b: tensor<3x28x30xf32>) -> tensor<3x20x30xf32> {\n"
    "  %z = arith.constant 0.0 : f32\n"
    "  %e = tensor.empty() : tensor<3x20x30xf32>\n"
    "  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x20x30xf32>) -> tensor<3x20x30xf32>\n"
    "  %m = linalg.batch_matmul ins(%a, %b : tensor<3x20x28xf32>, tensor<3x28x30xf32>) outs(%f : tensor<3x20x30xf32>) -> tensor<3x20x30xf32>\n"
    "  return %m : tensor<3x20x30xf32>\n"
    "}\n",
    /* a row sum with a chain; a column sum with a chain; a sum over an
     * outer loop; an elementwise map of three inputs */
    "func.func @f(%x: tensor<50x70xf32>, %b: tensor<50xf32>, %y: tensor<70x45xf32>, %c: tensor<45xf32>,"
    " %u: tensor<4x24x40xf32>, %d: tensor<40xf32>, %p: tensor<50x90xf32>, %q: tensor<50x90xf32>, %r: tensor<90xf32>)"
    " -> (tensor<50xf32>, tensor<45xf32>, tensor<24x40xf32>, tensor<50x90xf32>) {\n"
    "  %z = arith.constant 0.0 : f32\n"
    "  %e1 = tensor.empty() : tensor<50xf32>\n"
    "  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<50xf32>) -> tensor<50xf32>\n"
    "  %r1 = linalg.generic {indexing_maps = [affine_map<(m, k) -> (m, k)>, affine_map<(m, k) -> (m)>], iterator_types = [\"parallel\", \"reduction\"]}"
    " ins(%x : tensor<50x70xf32>) outs(%f1 : tensor<50xf32>) {\n"
    "  ^bb0(%i: f32, %a: f32):\n    %s = arith.addf %i, %a : f32\n    linalg.yield %s : f32\n  } -> tensor<50xf32>\n"
    "  %o1 = linalg.generic {indexing_maps = [affine_map<(m) -> (m)>, affine_map<(m) -> (m)>, affine_map<(m) -> (m)>], iterator_types = [\"parallel\"]}"
    " ins(%r1, %b : tensor<50xf32>, tensor<50xf32>) outs(%e1 : tensor<50xf32>) {\n"
    "  ^bb0(%i: f32, %j: f32, %o: f32):\n    %s = arith.mulf %i, %j : f32\n    linalg.yield %s : f32\n  } -> tensor<50xf32>\n"
    "  %e2 = tensor.empty() : tensor<45xf32>\n"
    "  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<45xf32>) -> tensor<45xf32>\n"
    "  %r2 = linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (n)>], iterator_types = [\"reduction\", \"parallel\"]}"
    " ins(%y : tensor<70x45xf32>) outs(%f2 : tensor<45xf32>) {\n"
    "  ^bb0(%i: f32, %a: f32):\n    %s = arith.maximumf %i, %a : f32\n    linalg.yield %s : f32\n  } -> tensor<45xf32>\n"
    "  %o2 = linalg.generic {indexing_maps = [affine_map<(n) -> (n)>, affine_map<(n) -> (n)>, affine_map<(n) -> (n)>], iterator_types = [\"parallel\"]}"
    " ins(%r2, %c : tensor<45xf32>, tensor<45xf32>) outs(%e2 : tensor<45xf32>) {\n"
    "  ^bb0(%i: f32, %j: f32, %o: f32):\n    %s = arith.subf %i, %j : f32\n    %t = math.exp %s : f32\n    linalg.yield %t : f32\n  } -> tensor<45xf32>\n"
    "  %e3 = tensor.empty() : tensor<24x40xf32>\n"
    "  %f3 = linalg.fill ins(%z : f32) outs(%e3 : tensor<24x40xf32>) -> tensor<24x40xf32>\n"
    "  %r3 = linalg.generic {indexing_maps = [affine_map<(k, m, n) -> (k, m, n)>, affine_map<(k, m, n) -> (m, n)>], iterator_types = [\"reduction\", \"parallel\", \"parallel\"]}"
    " ins(%u : tensor<4x24x40xf32>) outs(%f3 : tensor<24x40xf32>) {\n"
    "  ^bb0(%i: f32, %a: f32):\n    %s = arith.addf %i, %a : f32\n    linalg.yield %s : f32\n  } -> tensor<24x40xf32>\n"
    "  %o3 = linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (n)>, affine_map<(m, n) -> (m, n)>], iterator_types = [\"parallel\", \"parallel\"]}"
    " ins(%r3, %d : tensor<24x40xf32>, tensor<40xf32>) outs(%e3 : tensor<24x40xf32>) {\n"
    "  ^bb0(%i: f32, %j: f32, %o: f32):\n    %s = arith.addf %i, %j : f32\n    linalg.yield %s : f32\n  } -> tensor<24x40xf32>\n"
    "  %e4 = tensor.empty() : tensor<50x90xf32>\n"
    "  %o4 = linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (n)>, affine_map<(m, n) -> (m, n)>],"
    " iterator_types = [\"parallel\", \"parallel\"]} ins(%p, %q, %r : tensor<50x90xf32>, tensor<50x90xf32>, tensor<90xf32>) outs(%e4 : tensor<50x90xf32>) {\n"
    "  ^bb0(%i: f32, %j: f32, %k: f32, %o: f32):\n    %s = arith.mulf %i, %j : f32\n    %t = arith.addf %s, %k : f32\n    linalg.yield %t : f32\n  } -> tensor<50x90xf32>\n"
    "  return %o1, %o2, %o3, %o4 : tensor<50xf32>, tensor<45xf32>, tensor<24x40xf32>, tensor<50x90xf32>\n"
    "}\n",
    "func.func @f(%x: tensor<3x37x45xf32>, %v: f32, %i: tensor<41x29xi8>, %y: tensor<9x70x50xf32>, %d: tensor<60x40xf32>,"
    " %s: tensor<11x33xf32>) -> (tensor<6x44x52xf32>, tensor<47x36xi8>, tensor<4x21x16xf32>, tensor<60x40xf32>) {\n"
    "  %c = arith.constant 3 : i8\n"
    "  %p = tensor.pad %x low[1, 3, 7] high[2, 4, 0] {\n"
    "  ^bb0(%a: index, %b: index, %e: index):\n    tensor.yield %v : f32\n  } : tensor<3x37x45xf32> to tensor<6x44x52xf32>\n"
    "  %q = tensor.pad %i low[2, 1] high[4, 6] {\n"
    "  ^bb0(%a: index, %b: index):\n    tensor.yield %c : i8\n  } : tensor<41x29xi8> to tensor<47x36xi8>\n"
    "  %t = tensor.extract_slice %y[1, 3, 2] [4, 21, 16] [2, 3, 3] : tensor<9x70x50xf32> to tensor<4x21x16xf32>\n"
    "  %r = tensor.insert_slice %s into %d[4, 5] [11, 33] [5, 1] : tensor<11x33xf32> into tensor<60x40xf32>\n"
    "  return %p, %q, %t, %r : tensor<6x44x52xf32>, tensor<47x36xi8>, tensor<4x21x16xf32>, tensor<60x40xf32>\n"
    "}\n",
    /* tiles of 8 rows: a stretch of them ends where the next tile's rows
     * leave the patch (its first loads, emitted by the last tile of the
     * stretch, differ): the extrapolation once ran over it */
    "func.func @f(%x: tensor<4x250x300xf32>) -> tensor<4x257x307xf32> {\n"
    "  %h = arith.constant 0.5 : f32\n"
    "  %p = tensor.pad %x low[0, 3, 5] high[0, 4, 2] {\n"
    "  ^bb0(%a: index, %b: index, %c: index):\n    tensor.yield %h : f32\n  } : tensor<4x250x300xf32> to tensor<4x257x307xf32>\n"
    "  return %p : tensor<4x257x307xf32>\n"
    "}\n",
    /* an insert_slice strided along an outer loop and the rows */
    "func.func @f(%d: tensor<7x30x20xf32>, %s: tensor<3x9x14xf32>) -> tensor<7x30x20xf32> {\n"
    "  %r = tensor.insert_slice %s into %d[1, 2, 3] [3, 9, 14] [2, 3, 1] : tensor<3x9x14xf32> into tensor<7x30x20xf32>\n"
    "  return %r : tensor<7x30x20xf32>\n"
    "}\n",
    "func.func @f(%x: tensor<50x70xf64>, %m: tensor<50x70xf32>) -> (tensor<50xf32>, tensor<50x70xi1>) {\n"
    "  %z = arith.constant 0.0 : f64\n"
    "  %h = arith.constant 0.5 : f32\n"
    "  %e1 = tensor.empty() : tensor<50xf64>\n"
    "  %f1 = linalg.fill ins(%z : f64) outs(%e1 : tensor<50xf64>) -> tensor<50xf64>\n"
    "  %r1 = linalg.generic {indexing_maps = [affine_map<(m, k) -> (m, k)>, affine_map<(m, k) -> (m)>], iterator_types = [\"parallel\", \"reduction\"]}"
    " ins(%x : tensor<50x70xf64>) outs(%f1 : tensor<50xf64>) {\n"
    "  ^bb0(%i: f64, %a: f64):\n    %s = arith.addf %i, %a : f64\n    linalg.yield %s : f64\n  } -> tensor<50xf64>\n"
    "  %e2 = tensor.empty() : tensor<50xf32>\n"
    "  %o1 = linalg.generic {indexing_maps = [affine_map<(m) -> (m)>, affine_map<(m) -> (m)>], iterator_types = [\"parallel\"]}"
    " ins(%r1 : tensor<50xf64>) outs(%e2 : tensor<50xf32>) {\n"
    "  ^bb0(%i: f64, %o: f32):\n    %t = arith.truncf %i : f64 to f32\n    %u = math.rsqrt %t : f32\n    linalg.yield %u : f32\n  } -> tensor<50xf32>\n"
    "  %e3 = tensor.empty() : tensor<50x70xi1>\n"
    "  %o2 = linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>], iterator_types = [\"parallel\", \"parallel\"]}"
    " ins(%m : tensor<50x70xf32>) outs(%e3 : tensor<50x70xi1>) {\n"
    "  ^bb0(%i: f32, %o: i1):\n    %t = arith.cmpf olt, %i, %h : f32\n    linalg.yield %t : i1\n  } -> tensor<50x70xi1>\n"
    "  return %o1, %o2 : tensor<50xf32>, tensor<50x70xi1>\n"
    "}\n",
};

typedef struct xjob {
    const char *text;
    nt_target t;
    ir_module *m;
    interp *it;
    ex_program *x;
    /* one candidate */
    const nl_kernel *kp;
    nl_cand c;
    nc_stats est, full;
    nc_model fm;
} xjob;

static void xcompile(sp_ctx *ctx, void *ud) {
    xjob *j = ud;
    mlir_read_string(ctx, "x.mlir", j->text, strlen(j->text), &j->m);
    ir_verify_module(j->m);
    j->it = interp_new(ctx, j->m, NULL);
    nx_opts o;
    memset(&o, 0, sizeof o);
    o.target = j->t;
    ex_compile(ctx, j->m, ir_module_find_func(j->m, "f"), nx_backend_new(ctx, &o), &(ex_opts){0}, j->it, &j->x);
}

/* The candidate timed as the tile search times it, and by feeding the
 * model every instruction of its program. */
static void xtime(sp_ctx *ctx, void *ud) {
    xjob *j = ud;
    nl_buf bufs[NL_MAX_BUFS];
    nl_opts o;
    memset(&o, 0, sizeof o);
    o.budget = (int64_t)1 << 40;
    uint32_t nb = nl_buffers(j->kp, &j->c, &o, bufs);
    plan_result pr;
    if (nl_plan(ctx, j->kp, bufs, nb, o.budget, &pr) != SP_OK) sp_rethrow(ctx);
    j->est = nl_time(ctx, j->kp, &j->c, bufs, &o);
    nc_init(&j->fm, ctx, j->kp->t);
    nl_emit(j->kp, &j->c, bufs, &o, nc_sink(&j->fm));
    j->full = nc_finish(&j->fm);
}

static void extrapolation(sp_ctx *ctx) {
    char ypath[1024];
    tload l;
    memset(&l, 0, sizeof l);
    l.path = corpus("external/pytorchsim/systolic_ws_8x8_c1_simple_noc.yml", ypath, sizeof ypath);
    CHECK_EQ_INT(sp_pcall(ctx, tload_body, &l), SP_OK);
    nt_target machines[2];
    machines[0] = l.t;
    nt_target_builtin(&machines[1]);
    /* forced tiles (the last: the whole kernel) */
    const int64_t tiles[][3] = {{1, 1, 1}, {3, 5, 7}, {8, 8, 8}, {5, 16, 3}, {16, 24, 8}, {0, 0, 0}};
    int64_t ncand = 0, nextra = 0, stepped = 0, insns = 0;
    for (size_t p = 0; p < SP_ARRAY_LEN(XPROGS); p++)
        for (int mi = 0; mi < 2; mi++) {
            xjob j;
            memset(&j, 0, sizeof j);
            j.text = XPROGS[p];
            j.t = machines[mi];
            sp_status st = sp_pcall(ctx, xcompile, &j);
            CHECK_EQ_INT(st, SP_OK);
            if (st != SP_OK) fprintf(stderr, "xprog %zu: %s\n", p, ctx->err.msg);
            for (uint32_t k = 0; st == SP_OK && k < ex_kernels(j.x)->nk; k++) {
                nx_kernel_info ki = nx_kernel(j.x, k);
                if (!ki.ch) continue;
                for (size_t ti = 0; ti < SP_ARRAY_LEN(tiles); ti++) {
                    const nl_kernel *kp = ki.kp;
                    int64_t tm = tiles[ti][0] ? tiles[ti][0] : kp->M, tn = tiles[ti][1] ? tiles[ti][1] : kp->N;
                    int64_t tk = tiles[ti][2] ? tiles[ti][2] : kp->K;
                    /* tile 1 only on the 8x8 machine: its stages are many */
                    if (tiles[ti][0] == 1 && mi != 0) continue;
                    nl_cand v[NL_MAX_VARIANTS];
                    uint32_t nv = nl_variants(kp, tm < kp->M ? tm : kp->M, tn < kp->N ? tn : kp->N, tk < kp->K ? tk : kp->K, v,
                                              NL_MAX_VARIANTS);
                    /* every variant of one tile, a spread of the others
                     * (all of a loop kernel's few) */
                    uint32_t stride = ti == 1 || nv <= 4 ? 1 : 5;
                    /* at a reduced size (sanitizers), a spread 1/scale
                     * times sparser: every tile of every kernel still met */
                    if (nv > 4) stride = (uint32_t)((double)stride / test_scale() + 0.5);
                    for (uint32_t i = (uint32_t)(ti % stride); i < nv; i += stride) {
                        j.kp = kp;
                        j.c = v[i];
                        CHECK_EQ_INT(sp_pcall(ctx, xtime, &j), SP_OK);
                        nc_free(&j.fm);
                        nc_stats a = j.est, b = j.full;
                        CHECK(a.ninsn == b.ninsn && a.stepped <= b.stepped);
                        stepped += a.stepped, insns += b.stepped;
                        nextra += a.stepped * 2 < a.ninsn;
                        a.stepped = b.stepped = 0;
                        ncand++;
                        if (memcmp(&a, &b, sizeof a)) {
                            fprintf(stderr, "xprog %zu k%u on %s, %lld,%lld,%lld order %d x%d w%d y%d early %d: %lld vs %lld cycles\n",
                                    p, k, j.t.name, (long long)v[i].tm, (long long)v[i].tn, (long long)v[i].tk, v[i].order,
                                    v[i].xbuf, v[i].wbuf, v[i].ybuf, v[i].early, (long long)a.cycles, (long long)b.cycles);
                            CHECK(false);
                        }
                    }
                }
            }
            ex_free(j.x);
            interp_free(j.it);
            ir_module_free(j.m);
        }
    fprintf(stderr, "extrapolation: %lld candidates, %lld timed stepping fewer than half their instructions; %lld of %lld "
                    "instructions stepped\n", (long long)ncand, (long long)nextra, (long long)stepped, (long long)insns);
    CHECK(ncand >= test_scaled(500, 50));
    /* the test is about extrapolation: a good share of it extrapolates */
    CHECK(nextra * 8 >= ncand);
    CHECK(stepped * 3 < insns);
}

int main(void) {
    sp_ctx ctx;
    sp_ctx_init(&ctx, NULL);
    closed_forms(&ctx);
    bursts();
    kernels(&ctx);
    extrapolation(&ctx);
    TEST_DONE();
}
