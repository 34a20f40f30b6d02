/* test_npu_energy.c - energy per npu kernel (issue 32 part 2; timing.h
 * nc_energy_of, machine.h's spadc_energy_* keys): BERT's FFN1
 * (512x3072x768 + bias + gelu) on the built-in TPUv3 checked by hand (its
 * MACs, its DRAM bytes, the energy as the published prices, typed here
 * again, times the counts); the counts a plan estimates are the simulated
 * run's, and the program's energy is the sum of its kernels'; the
 * scratchpad's price follows Horowitz's size classes and a given key
 * replaces it; a negative price is refused with the key named; the energy
 * objective never chooses more energy than the cycles objective, nor the
 * dram objective more DRAM energy. */
#include <math.h>
#include <unistd.h>

#include "interp/interp.h"
#include "npu/backend.h"
#include "test.h"
#include "util.h"

#define CHECK_NEAR(a, b)                                                                                      \
    do {                                                                                                      \
        double x_ = (a), y_ = (b);                                                                            \
        test_checks++;                                                                                        \
        if (!(fabs(x_ - y_) <= 1e-9 * fabs(y_) + 1e-6)) {                                                    \
            fprintf(stderr, "%s:%d: %s ~ %s failed (%.17g vs %.17g)\n", __FILE__, __LINE__, #a, #b, x_, y_); \
            test_failures++;                                                                                  \
        }                                                                                                     \
    } while (0)

static int64_t ceil_div_(int64_t a, int64_t b) { return (a + b - 1) / b; }

typedef struct job {
    const char *path;
    nx_opts o;
    bool run;
    ir_module *m;
    interp *it;
    ex_program *x;
    interp_value args[8], res[8];
    uint32_t nargs, nres;
} job;

static void job_body(sp_ctx *ctx, void *ud) {
    job *j = ud;
    mlir_read_file(ctx, j->path, &j->m);
    ir_verify_module(j->m);
    j->it = interp_new(ctx, j->m, NULL);
    ir_op *f = NULL;
    for (ir_op *op = ir_module_body(j->m)->first; op && !f; op = op->next)
        if (op->kind == IR_OP_FUNC && !op->u.fn.is_decl) f = op;
    ex_compile(ctx, j->m, f, nx_backend_new(ctx, &j->o), &(ex_opts){0}, j->it, &j->x);
    if (!j->run) return;
    j->nargs = f->u.fn.nargs;
    j->nres = f->u.fn.nres;
    for (uint32_t i = 0; i < j->nargs; i++) {
        j->args[i] = interp_tensor_new(j->it, f->u.fn.arg_types[i]);
        float *d = (float *)interp_data(&j->args[i]);
        for (int64_t k = 0; k < ir_type_numel(f->u.fn.arg_types[i]); k++) d[k] = (float)((k % 7) - 3) * 0.125f;
    }
    ex_run(j->x, j->args, j->res);
}

static void job_free(job *j) {
    if (j->it) {
        for (uint32_t i = 0; i < j->nargs; i++) interp_release(j->it, &j->args[i]);
        for (uint32_t i = 0; i < j->nres; i++) interp_release(j->it, &j->res[i]);
    }
    ex_free(j->x);
    interp_free(j->it);
    ir_module_free(j->m);
}

static sp_status compile(sp_ctx *ctx, job *j, const char *rel, int objective, bool run) {
    static char path[1024];
    memset(j, 0, sizeof *j);
    j->path = corpus(rel, path, sizeof path);
    nt_target_builtin(&j->o.target);
    j->o.objective = objective;
    j->run = run;
    sp_status st = sp_pcall(ctx, job_body, j);
    if (st != SP_OK) fprintf(stderr, "%s: %s\n", rel, ctx->err.msg);
    return st;
}

/* ------------------------------------------------------- FFN1 by hand */

static void ffn1(sp_ctx *ctx) {
    job j;
    CHECK_EQ_INT(compile(ctx, &j, "seeds/ffn1_bert.mlir", NL_OBJ_CYCLES, false), SP_OK);
    nx_kernel_info ki = nx_kernel(j.x, 0);
    CHECK(ki.ch != NULL);
    if (ki.ch) {
        const nc_stats *s = &ki.ch->est;
        const int64_t M = 512, N = 3072, K = 768, F = 4;
        CHECK_EQ_INT(s->macs, M * N * K);
        /* every operand read once and the result written once: X, W, the
         * bias, Y (the plan's dma_bytes for the chosen tile), in whole
         * 32-byte bursts */
        int64_t bytes = (M * K + K * N + N + M * N) * F;
        CHECK_EQ_INT(s->dma_bytes, bytes);
        CHECK_EQ_INT(s->dram_request_bytes, bytes);
        /* at least one activation per 1 KiB row of the bytes, at most one a burst */
        CHECK(s->dram_activations >= bytes / 1024);
        CHECK(s->dram_activations <= bytes / 32);
        /* the scratchpad: at least the arrays' input stream (X once per 128
         * weight columns), the weights once, the partial sums written once
         * per 128 of K, the loads' writes and the stores' reads */
        int64_t L = 128;
        CHECK(s->spad_read_bytes >= M * K * F * (N / L) + K * N * F + M * N * F);
        CHECK(s->spad_write_bytes >= M * N * F * (K / L) + (M * K + K * N) * F);
        /* the prices, as published: Horowitz ISSCC 2014 (45 nm) fp32 mult 3.7
         * + add 0.9 pJ, SRAM 20 x 5^(2/5) = 38.1 pJ per 64 bits (a 128 KiB
         * lane slice, between the 32 KiB and 1 MiB figures on log-log
         * axes), a vector element op as an fp32 add; PyTorchSim's
         * HBM2 table: 909 pJ per activation, 3.48 pJ per bit */
        nc_energy e = nc_energy_of(&j.o.target, s);
        double mac = (double)(M * N * K) * (3.7 + 0.9);
        double vec = (double)s->vec_elem_ops * 0.9;
        double spad = (double)(s->spad_read_bytes + s->spad_write_bytes) / 8.0 * (20.0 * pow(5.0, 0.4));
        double dram = (double)bytes * 8.0 * 3.48 + (double)s->dram_activations * 909.0;
        CHECK_NEAR(e.mac, mac);
        CHECK_NEAR(e.mac, 5556613939.2); /* 1207959552 MACs x 4.6 pJ */
        CHECK_NEAR(e.vec, vec);
        CHECK_NEAR(e.spad, spad);
        CHECK_NEAR(e.dram, dram);
        CHECK_NEAR(e.total, mac + vec + spad + dram);
        /* FFN1's bias and gelu: one vector op an element at least */
        CHECK(s->vec_elem_ops >= M * N);
        printf("FFN1: %lld MACs, DRAM %lld bytes in %lld activations, scratchpad %lld read %lld written; "
               "energy %.6g pJ (mac %.6g vec %.6g spad %.6g dram %.6g)\n",
               (long long)s->macs, (long long)s->dram_request_bytes, (long long)s->dram_activations,
               (long long)s->spad_read_bytes, (long long)s->spad_write_bytes, e.total, e.mac, e.vec, e.spad, e.dram);
        fflush(stdout);
        /* the program's is its one kernel's */
        nx_stats st = nx_get_stats(j.x);
        CHECK_NEAR(st.est_energy.total, e.total);
    }
    job_free(&j);
}

/* ------------------------------- plan equals run, program equals sum */

static void plan_run_sum(sp_ctx *ctx) {
    const char *files[] = {"torch/mlp.mlir", "torch/bert_ffn.mlir"};
    for (size_t f = 0; f < SP_ARRAY_LEN(files); f++) {
        job j;
        if (compile(ctx, &j, files[f], NL_OBJ_CYCLES, true) != SP_OK) {
            CHECK(0);
            job_free(&j);
            continue;
        }
        nx_stats st = nx_get_stats(j.x);
        double sum = 0, sim = 0;
        uint32_t n = 0;
        for (uint32_t i = 0; i < ex_kernels(j.x)->nk; i++) {
            nx_kernel_info ki = nx_kernel(j.x, i);
            if (!ki.ch) continue;
            n++;
            const nc_stats *a = &ki.ch->est, *b = &ki.sim;
            CHECK(ki.ran);
            CHECK_EQ_INT(a->cycles, b->cycles);
            CHECK_EQ_INT(a->macs, b->macs);
            CHECK_EQ_INT(a->spad_read_bytes, b->spad_read_bytes);
            CHECK_EQ_INT(a->spad_write_bytes, b->spad_write_bytes);
            CHECK_EQ_INT(a->dram_request_bytes, b->dram_request_bytes);
            CHECK_EQ_INT(a->dram_activations, b->dram_activations);
            CHECK_EQ_INT(a->vec_elem_ops, b->vec_elem_ops);
            nc_energy ea = nc_energy_of(&j.o.target, a), eb = nc_energy_of(&j.o.target, b);
            CHECK(ea.total == eb.total);
            CHECK(ea.total > 0);
            sum += ea.total;
            sim += eb.total;
        }
        CHECK(n > 0);
        CHECK_NEAR(st.est_energy.total, sum);
        CHECK_NEAR(st.sim_energy.total, sim);
        CHECK_NEAR(st.est_energy.mac + st.est_energy.vec + st.est_energy.spad + st.est_energy.dram, st.est_energy.total);
        job_free(&j);
    }
}

/* ------------------------------------------------------ DRAM rows */

static void dram_rows(void) {
    /* 1024 f32 in a row: 4 KiB, 4 rows of 1 KiB */
    CHECK_EQ_INT(nc_dram_rows(&(np_dram){0, 0, 1024, 1}, 1, 1024, 4, 32, 1024), 4);
    /* 4 x 64 f32 rows back to back: one block, one 1 KiB row */
    CHECK_EQ_INT(nc_dram_rows(&(np_dram){0, 0, 64, 1}, 4, 64, 4, 32, 1024), 1);
    /* 100 runs of 10 f32 back to back: one block of 4000 B, 4 rows */
    CHECK_EQ_INT(nc_dram_rows(&(np_dram){0, 0, 10, 1}, 100, 10, 4, 32, 1024), 4);
    /* 4 x 64 f32, rows 512 B apart: a row per run (closed page) */
    CHECK_EQ_INT(nc_dram_rows(&(np_dram){0, 0, 128, 1}, 4, 64, 4, 32, 1024), 4);
    /* a run's misalignment to rows is not counted, to bursts it is: 256 B
     * from byte 896 is 8 bursts, one row; from byte 900, 9 bursts, 288 B,
     * still one row */
    CHECK_EQ_INT(nc_dram_rows(&(np_dram){0, 224, 128, 1}, 1, 64, 4, 32, 1024), 1);
    CHECK_EQ_INT(nc_dram_rows(&(np_dram){0, 225, 128, 1}, 1, 64, 4, 32, 1024), 1);
    /* 1024 B from byte 4: 33 bursts, 1056 B, two rows */
    CHECK_EQ_INT(nc_dram_rows(&(np_dram){0, 1, 1024, 1}, 1, 256, 4, 32, 1024), 2);
    /* rows 3 KiB apart (FFN1's 768 columns), 512 B each: 8 */
    CHECK_EQ_INT(nc_dram_rows(&(np_dram){0, 0, 768, 1}, 8, 128, 4, 32, 1024), 8);
    /* a broadcast (stride 0) row: its one run */
    CHECK_EQ_INT(nc_dram_rows(&(np_dram){0, 0, 0, 1}, 512, 256, 4, 32, 1024), 1);
    /* a transposed read (columns 3 KiB apart, rows one element apart):
     * runs along the rows, 512 B each, one row each */
    CHECK_EQ_INT(nc_dram_rows(&(np_dram){0, 0, 1, 768}, 128, 4, 4, 32, 1024), 4);
    /* elements 512 B apart: their extent in rows; 2 KiB apart: one each */
    CHECK_EQ_INT(nc_dram_rows(&(np_dram){0, 0, 128, 1}, 8, 1, 4, 32, 1024), 4);
    CHECK_EQ_INT(nc_dram_rows(&(np_dram){0, 0, 512, 1}, 8, 1, 4, 32, 1024), 8);
    /* bounds on odd shapes: at least the bytes' rows, at most one a burst;
     * and the count depends on the start's alignment to bursts only */
    for (int64_t off = 0; off < 300; off += 37)
        for (int64_t ld = 5; ld < 700; ld += 97)
            for (int64_t r = 1; r < 40; r += 13)
                for (int64_t c = 1; c <= ld && c < 300; c += 71) {
                    np_dram d = {0, off, ld, 1}, e = {0, off + 256, ld, 1}; /* 1 KiB later */
                    int64_t n = nc_dram_rows(&d, r, c, 4, 32, 1024);
                    CHECK(n >= ceil_div_(r * c * 4, 1024));
                    CHECK(n <= nc_dma_requests(&d, r, c, 4, 32));
                    CHECK_EQ_INT(nc_dram_rows(&e, r, c, 4, 32, 1024), n);
                }
}

/* ---------------------------------------------------------- the keys */

typedef struct load_job {
    const char *path;
    nt_target t;
} load_job;

static void load_body(sp_ctx *ctx, void *ud) {
    load_job *l = ud;
    nt_target_load(ctx, l->path, &l->t);
}

static sp_status load_text(sp_ctx *ctx, const char *text, nt_target *t) {
    char path[] = "/tmp/spadc_energy_XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) return SP_EINTERNAL;
    FILE *f = fdopen(fd, "wb");
    fputs(text, f);
    fclose(f);
    load_job l;
    memset(&l, 0, sizeof l);
    l.path = path;
    sp_status st = sp_pcall(ctx, load_body, &l);
    unlink(path);
    if (st == SP_OK) *t = l.t;
    return st;
}

#define BASE "vpu_num_lanes: 8\nvpu_vector_length_bits: 256\ncore_freq_mhz: 800\ndram_channels: 1\n"

static void keys(sp_ctx *ctx) {
    nt_target t;
    nt_target_builtin(&t);
    CHECK_NEAR(t.e_mult_pj, 3.7);
    CHECK_NEAR(t.e_add_pj, 0.9);
    CHECK_NEAR(t.e_spad_read_pj, 20.0 * pow(5.0, 0.4)); /* 128 KiB: 38.1, between 32 KiB and 1 MiB */
    CHECK_NEAR(t.e_dram_act_pj, 909);
    CHECK_NEAR(t.e_dram_bit_pj, 3.48);
    CHECK_EQ_INT(t.dram_row_bytes, 1024);
    /* Horowitz's figures, 8 KiB 10 pJ, 32 KiB 20 pJ, 1 MiB 100 pJ, and
       log-log between: 16 KiB 10 x 2^(1/2), 64 KiB 20 x 5^(1/5); below 8
       KiB the 8 KiB figure, above 1 MiB the last segment extended */
    const int64_t kb[] = {4, 8, 16, 32, 64, 1024, 2048};
    const double pj[] = {10, 10, 10 * sqrt(2.0), 20, 20 * pow(5.0, 0.2), 100, 100 * pow(5.0, 0.2)};
    for (size_t i = 0; i < SP_ARRAY_LEN(kb); i++) {
        char text[512];
        snprintf(text, sizeof text, BASE "vpu_spad_size_kb_per_lane: %lld\n", (long long)kb[i]);
        CHECK_EQ_INT(load_text(ctx, text, &t), SP_OK);
        CHECK_NEAR(t.e_spad_read_pj, pj[i]);
        CHECK_NEAR(t.e_spad_write_pj, pj[i]);
    }
    /* a given price replaces the interpolated one, and every key reads back */
    CHECK_EQ_INT(load_text(ctx, BASE "vpu_spad_size_kb_per_lane: 64\nspadc_energy_spad_read_pj: 40\n"
                                    "spadc_energy_dram_activation_pj: 0\nspadc_energy_dram_row_bytes: 2048\n", &t), SP_OK);
    CHECK_NEAR(t.e_spad_read_pj, 40);
    CHECK_NEAR(t.e_spad_write_pj, 20 * pow(5.0, 0.2)); /* 64 KiB's, not given */
    CHECK_NEAR(t.e_dram_act_pj, 0);
    CHECK_EQ_INT(t.dram_row_bytes, 2048);
    /* negative prices are refused with the key named */
    const char *bad[] = {"spadc_energy_fp32_mult_pj", "spadc_energy_fp32_add_pj", "spadc_energy_vector_op_pj",
                         "spadc_energy_spad_read_pj", "spadc_energy_spad_write_pj", "spadc_energy_dram_activation_pj",
                         "spadc_energy_dram_pj_per_bit", "spadc_energy_dram_row_bytes"};
    for (size_t i = 0; i < SP_ARRAY_LEN(bad); i++) {
        char text[512];
        snprintf(text, sizeof text, BASE "vpu_spad_size_kb_per_lane: 64\n%s: -1\n", bad[i]);
        CHECK_EQ_INT(load_text(ctx, text, &t), SP_EINPUT);
        CHECK_CONTAINS(ctx->err.msg, bad[i]);
    }
    /* the machine's text lists them */
    sp_strbuf out;
    sp_strbuf_init(&out, ctx);
    nt_target_builtin(&t);
    nt_target_print(&out, &t);
    for (size_t i = 0; i < SP_ARRAY_LEN(bad); i++) CHECK_CONTAINS(out.data, bad[i]);
    sp_strbuf_free(&out);
}

/* ---------------------------------------------------------- objectives */

static void objectives(sp_ctx *ctx) {
    const char *files[] = {"seeds/ffn1_bert.mlir", "torch/mlp.mlir"};
    for (size_t f = 0; f < SP_ARRAY_LEN(files); f++) {
        job a, b, c;
        if (compile(ctx, &a, files[f], NL_OBJ_CYCLES, false) != SP_OK ||
            compile(ctx, &b, files[f], NL_OBJ_ENERGY, false) != SP_OK ||
            compile(ctx, &c, files[f], NL_OBJ_DRAM, false) != SP_OK) {
            CHECK(0);
            continue;
        }
        for (uint32_t i = 0; i < ex_kernels(a.x)->nk; i++) {
            nx_kernel_info ka = nx_kernel(a.x, i), kb = nx_kernel(b.x, i), kc = nx_kernel(c.x, i);
            if (!ka.ch || !kb.ch || !kc.ch) continue;
            nc_energy ea = nc_energy_of(&a.o.target, &ka.ch->est), eb = nc_energy_of(&b.o.target, &kb.ch->est),
                      ec = nc_energy_of(&c.o.target, &kc.ch->est);
            CHECK(eb.total <= ea.total);
            CHECK(ec.dram <= ea.dram);
            CHECK(ka.ch->est.cycles <= kb.ch->est.cycles);
            CHECK_EQ_INT(kb.ch->objective, NL_OBJ_ENERGY);
        }
        job_free(&a);
        job_free(&b);
        job_free(&c);
    }
}

int main(void) {
    sp_ctx ctx;
    sp_ctx_init(&ctx, NULL);
    ffn1(&ctx);
    plan_run_sum(&ctx);
    dram_rows();
    keys(&ctx);
    objectives(&ctx);
    TEST_DONE();
}
