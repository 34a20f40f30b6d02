/* gemm_pair.c - two GEMMs, the second reading the first's result as its
 * rows, run by blocks of those rows (an MLP: ConvNeXt's and ViT's
 * Linear -> GELU -> Linear over pixels or tokens).
 *
 * Run one after the other, the first writes its whole result (ConvNeXt:
 * 3136 x 384 floats, 4.8 MB, past the L2) and the second reads it back
 * from memory. Here a thread runs the first GEMM on R rows, then the
 * second on the same R rows, while they are in its L2; the result still
 * goes to its planned place in the arena (every later reader finds it),
 * so the memory plan is the executor's, with one change it is told about
 * (ex_backend.pairs): the first GEMM's inputs live until the second is
 * done, so that the second's result never takes their bytes. The
 * products are the same ones in the same order (a row's dot products do
 * not depend on the rows around it), so results are bit for bit those of
 * the two GEMMs run apart.
 *
 * Both weights are packed once a run for the blocks' tiles; a weight the
 * second reads as A (it runs transposed, cb_kplan.swapped) is copied once
 * to rows, so every call reads it in place. The blocks split over the
 * threads, each call on one thread: there is no barrier between the two
 * GEMMs. SPADC_PAIRS=0 in the environment runs every GEMM apart;
 * SPADC_PAIR_ROWS=N takes blocks of N rows (rounded down to the tiles'). */
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "backend_impl.h"

/* Whether kp is a plain GEMM a pair may hold: f32, one call (no outer
 * loop moves), no batch-reduce loop, no window, a zero init. */
static bool plain_gemm(const cb_kplan *kp) {
    const kernel *k = kp->k;
    if (kp->path != CB_PATH_GEMM || kp->gather || kp->window_b || kp->direct || kp->gNB != 1 || k->init_scalar)
        return false;
    if (kp->a_dt != CPU_F32 || kp->b_dt != CPU_F32 || kp->c_dt != CPU_F32) return false;
    if (k->inputs[0].value->type.kind != IR_T_TENSOR || k->inputs[1].value->type.kind != IR_T_TENSOR) return false;
    if (kp->m_dim < 0 || kp->n_dim < 0 || kp->k_dim < 0) return false;
    for (uint32_t j = 0; j < kp->nouter; j++)
        if (k->bounds[kp->outer[j]] != 1) return false;
    return true;
}

static int64_t gcd64(int64_t a, int64_t b) {
    while (b) {
        const int64_t t = a % b;
        a = b, b = t;
    }
    return a;
}

bool cb_pairs(ex_backend *b, ex_program *x, uint32_t i) {
    (void)x;
    cb_backend *cb = (cb_backend *)b;
    const char *env = getenv("SPADC_PAIRS");
    if (env && strcmp(env, "0") == 0) return false;
    cb_kplan *k1 = &cb->kp[i], *k2 = &cb->kp[i + 1];
    if (!plain_gemm(k1) || !plain_gemm(k2) || k1->swapped) return false;
    /* the second reads the first's result h as its rows: row r of the
     * first's M is row (or, transposed, column) r of the second, and its
     * K walks the first's N */
    const cb_access *h = k2->swapped ? &k2->rhs : &k2->lhs;
    const int p2 = k2->swapped ? k2->n_dim : k2->m_dim;
    const int64_t rows = k1->gM;
    if (h->value != k1->out.value || h->off != k1->out.off || h->stride[p2] != k1->out.stride[k1->m_dim] ||
        h->stride[k2->k_dim] != k1->out.stride[k1->n_dim] || (k2->swapped ? k2->gN : k2->gM) != rows ||
        k2->gK != k1->gN)
        return false;
    for (uint32_t s = 0; s < k2->epi.noperands; s++)
        if (k2->operand[s].value == k1->out.value) return false;
    /* every block reads both weights again: a pair pays where they stay in
     * the L2 (ConvNeXt's two of 96 x 384), not where each block would
     * stream them from memory again (ViT's two of 768 x 3072 cost 65% more
     * time paired than apart: 39.5 ms against 24.0 for its 197 tokens) */
    const cpu_caches caches = cpu_caches_detect();
    if ((k1->gK * k1->gN + k2->gK * (k2->swapped ? k2->gM : k2->gN)) * (int64_t)sizeof(float) > caches.l2) return false;
    /* rows a block: the first's result for them in half the L2, a multiple
     * of both kernels' tile rows (the second's tile columns, transposed) */
    cpu_isa isa;
    if (cpu_isa_active(cb->ctx, &isa) != SP_OK) sp_rethrow(cb->ctx);
    const sp_error saved = sp_error_save(cb->ctx); /* a shape no blocking fits: no pair, and no error */
    cb_pair_plan *pp = sp_calloc(cb->ctx, 1, sizeof *pp);
    const int64_t guess = 96 < rows ? 96 : rows;
    if (cpu_blocking_choose(cb->ctx, guess, k1->gN, k1->gK, 1, 1, isa, &caches, CPU_B_PREPACKED, &pp->blk1) != SP_OK)
        goto no;
    {
        const int64_t u2 = k2->swapped ? pp->blk1.nr : pp->blk1.mr; /* the same kernel set serves both */
        const int64_t unit = pp->blk1.mr / gcd64(pp->blk1.mr, u2) * u2;
        int64_t R = caches.l2 / 2 / (k1->gN * (int64_t)sizeof(float)) / unit * unit;
        const char *force = getenv("SPADC_PAIR_ROWS"); /* tests: small shapes in several blocks */
        if (force && atoll(force) > 0) R = atoll(force) / unit * unit;
        if (R < unit) R = unit;
        if (rows < 2 * R) goto no; /* one block: nothing to keep between the two */
        pp->R = R;
        pp->nblocks = (rows + R - 1) / R;
    }
    if (cpu_blocking_choose(cb->ctx, pp->R, k1->gN, k1->gK, 1, 1, isa, &caches, CPU_B_PREPACKED, &pp->blk1) != SP_OK)
        goto no;
    if (k2->swapped ? cpu_blocking_choose(cb->ctx, k2->gM, pp->R, k2->gK, 1, 1, isa, &caches, CPU_B_PER_CALL, &pp->blk2)
                    : cpu_blocking_choose(cb->ctx, pp->R, k2->gN, k2->gK, 1, 1, isa, &caches, CPU_B_PREPACKED, &pp->blk2))
        goto no;
    pp->nthreads = cpu_team(cb->o.nthreads, pp->nblocks);
    k2->pair = pp;
    k1->pair_first = true;
    return true;
no:
    sp_error_restore(cb->ctx, &saved);
    sp_free(cb->ctx, pp);
    return false;
}

void cb_pair_free(sp_ctx *ctx, cb_pair_plan *pp) {
    if (!pp) return;
    sp_free(ctx, pp->work_raw);
    sp_free(ctx, pp->at_raw);
    sp_free(ctx, pp);
}

/* kp's call over all its rows, as cb_run_gemm makes it (one call: no outer
 * loop moves), its epilogue operands' bases in ops. */
static cpu_gemm_args whole_call(cb_backend *cb, cb_kplan *kp, float **ops) {
    cb_patch_program(cb, kp);
    const char *A = (const char *)ex_value_ptr(cb->px, kp->lhs.value), *B = (const char *)ex_value_ptr(cb->px, kp->rhs.value);
    for (uint32_t s = 0; s < kp->epi.noperands; s++) {
        ops[s] = cb_operand_base(cb, kp, s) + kp->operand[s].off;
        kp->epi.operands[s].sm = kp->operand[s].stride[kp->m_dim];
        kp->epi.operands[s].sn = kp->operand[s].stride[kp->n_dim];
    }
    return (cpu_gemm_args){
        .M = kp->gM, .N = kp->gN, .K = kp->gK, .nbatch = 1,
        .A = A + kp->lhs.off * (int64_t)sizeof(float),
        .a_sm = kp->lhs.stride[kp->m_dim], .a_sk = kp->lhs.stride[kp->k_dim],
        .B = B + kp->rhs.off * (int64_t)sizeof(float),
        .b_sk = kp->b_sk, .b_sn = kp->b_sn,
        .C = (char *)ex_value_ptr(cb->px, kp->out.value) + kp->out.off * (int64_t)sizeof(float),
        .c_sm = kp->out.stride[kp->m_dim], .c_sn = kp->out.stride[kp->n_dim],
        .epi = &kp->epi, .epi_checked = kp->epi_checked,
        .nthreads = 1,
    };
}

/* Whether [p, p + n) and [q, q + m) share a byte. */
static bool overlap(const void *p, size_t n, const void *q, size_t m) {
    const uintptr_t a = (uintptr_t)p, c = (uintptr_t)q;
    return a < c + m && c < a + n;
}

/* g (and its epilogue e) as w, cut to the rows [r0, r0 + n) of the pair:
 * w's rows, or, where cols (the second GEMM transposed), its columns: B's
 * and C's, the operands' along n. */
static void at_rows(cpu_gemm_args *g, cpu_epilogue *e, const cpu_gemm_args *w, float *const *ops, int64_t r0, int64_t n,
                    bool cols) {
    if (cols) {
        g->N = n;
        g->B = (const float *)w->B + r0 * w->b_sn;
        g->C = (float *)w->C + r0 * w->c_sn;
    } else {
        g->M = n;
        g->A = (const float *)w->A + r0 * w->a_sm;
        g->C = (float *)w->C + r0 * w->c_sm;
    }
    for (uint32_t s = 0; s < e->noperands; s++)
        e->operands[s].ptr = ops[s] + r0 * (cols ? e->operands[s].sn : e->operands[s].sm);
}

/* Blocks [b0, b1) on this thread: per block the first GEMM on its R rows,
 * then the second on them. SP_OK or the engine's error in ctx. */
static sp_status run_blocks(const cb_pair_plan *pp, const cb_kplan *k2, const cpu_gemm_args *w1, float *const *ops1,
                            const cpu_gemm_args *w2, float *const *ops2, const cpu_epilogue *epi1,
                            const cpu_epilogue *epi2, int64_t b0, int64_t b1, void *work, size_t work_bytes,
                            size_t *need, sp_ctx *ctx) {
    cpu_epilogue e1 = *epi1, e2 = *epi2;
    cpu_gemm_args g1 = *w1, g2 = *w2;
    g1.epi = &e1, g2.epi = &e2;
    g1.work = g2.work = work, g1.work_bytes = g2.work_bytes = work_bytes;
    size_t used = 0;
    g1.work_used = g2.work_used = &used;
    for (int64_t b = b0; b < b1; b++) {
        const int64_t r0 = b * pp->R, n = w1->M - r0 < pp->R ? w1->M - r0 : pp->R;
        at_rows(&g1, &e1, w1, ops1, r0, n, false);
        if (cpu_gemm(ctx, &g1) != SP_OK) return SP_EINPUT;
        g1.epi_checked = true;
        if (used > *need) *need = used; /* each call sets used */
        at_rows(&g2, &e2, w2, ops2, r0, n, k2->swapped);
        if (cpu_gemm(ctx, &g2) != SP_OK) return SP_EINPUT;
        g2.epi_checked = true;
        if (used > *need) *need = used;
    }
    return SP_OK;
}

/* The pair k1 = kp[ki - 1], k2 = kp[ki] at k2's turn. */
void cb_run_pair(cb_backend *cb, uint32_t ki) {
    cb_kplan *k1 = &cb->kp[ki - 1], *k2 = &cb->kp[ki];
    cb_pair_plan *pp = k2->pair;
    float *ops1[CPU_EPI_MAX_OPERANDS], *ops2[CPU_EPI_MAX_OPERANDS];
    cpu_gemm_args w1 = whole_call(cb, k1, ops1), w2 = whole_call(cb, k2, ops2);
    /* the second's result over the first's inputs (storage the executor did
     * not plan, say an argument returned): the two run apart */
    const size_t out2 = (size_t)ir_type_bytes(k2->k->out->type);
    bool apart = false;
    for (uint32_t j = 0; j < k1->k->ninputs; j++) {
        const ir_value *v = k1->k->inputs[j].value;
        if (v->type.kind == IR_T_TENSOR)
            apart |= overlap(ex_value_ptr(cb->px, v->id), (size_t)ir_type_bytes(v->type),
                             ex_value_ptr(cb->px, k2->k->out->id), out2);
    }
    if (apart) {
        cb_run_gemm_apart(cb, ki - 1);
        cb_run_gemm_apart(cb, ki);
        return;
    }
    cpu_packed *p1 = NULL, *p2 = NULL;
    if (cpu_pack_b(cb->ctx, &pp->blk1, w1.K, w1.N, 1, w1.B, CPU_F32, w1.b_sk, w1.b_sn, 0, &p1) != SP_OK)
        sp_rethrow(cb->ctx);
    w1.packed_b = p1, w1.blocking = &pp->blk1;
    w2.blocking = &pp->blk2;
    if (k2->swapped) {
        /* A (the weights) copied once to rows of K, read in place by every call */
        const size_t bytes = sp_size_mul(cb->ctx, (size_t)(w2.M * w2.K), sizeof(float));
        if (bytes > pp->at_bytes) {
            sp_free(cb->ctx, pp->at_raw);
            pp->at_bytes = 0;
            pp->at = cpu_aligned_alloc(cb->ctx, bytes, &pp->at_raw);
            if (!pp->at) {
                cpu_packed_free(cb->ctx, p1);
                sp_throw(cb->ctx, SP_EINPUT, (sp_loc){0}, "out of memory: a GEMM pair's weights need %zu bytes", bytes);
            }
            pp->at_bytes = bytes;
        }
        const float *A = w2.A;
        for (int64_t m = 0; m < w2.M; m++)
            for (int64_t k = 0; k < w2.K; k++) pp->at[m * w2.K + k] = A[m * w2.a_sm + k * w2.a_sk];
        w2.A = pp->at, w2.a_sm = w2.K, w2.a_sk = 1;
    } else if (cpu_pack_b(cb->ctx, &pp->blk2, w2.K, w2.N, 1, w2.B, CPU_F32, w2.b_sk, w2.b_sn, 0, &p2) != SP_OK) {
        cpu_packed_free(cb->ctx, p1);
        sp_rethrow(cb->ctx);
    } else {
        w2.packed_b = p2;
    }
    const int nt = pp->nthreads;
    size_t *need = sp_calloc(cb->ctx, (size_t)nt, sizeof *need);
    sp_status st = SP_OK;
#pragma omp parallel num_threads(nt) if (nt > 1)
    {
        const int id = omp_get_thread_num(), n = omp_get_num_threads();
        sp_ctx tctx;
        sp_ctx_init(&tctx, &cb->ctx->alloc);
        const int64_t b0 = pp->nblocks * id / n, b1 = pp->nblocks * (id + 1) / n;
        uint8_t *work = pp->work ? pp->work + (size_t)id * pp->work_per : NULL;
        if (run_blocks(pp, k2, &w1, ops1, &w2, ops2, &k1->epi, &k2->epi, b0, b1, work, work ? pp->work_per : 0,
                       &need[id], &tctx) != SP_OK) {
#pragma omp critical(cpu_pair_fail)
            st = SP_EINPUT;
        }
    }
    cpu_packed_free(cb->ctx, p1);
    cpu_packed_free(cb->ctx, p2);
    size_t most = 0;
    for (int t = 0; t < nt; t++) most = need[t] > most ? need[t] : most;
    sp_free(cb->ctx, need);
    if (st != SP_OK) sp_throw(cb->ctx, SP_EINPUT, (sp_loc){0}, "out of memory: a GEMM pair's scratch");
    k1->epi_checked = k2->epi_checked = true;
    /* each thread's scratch grown to the most a call needed, for the next
     * runs (the first run's calls allocate their own) */
    most = (most + 63) / 64 * 64;
    if (most > pp->work_per) {
        sp_free(cb->ctx, pp->work_raw);
        pp->work_raw = NULL, pp->work = NULL, pp->work_per = 0;
        pp->work = cpu_aligned_alloc(cb->ctx, sp_size_mul(cb->ctx, most, (size_t)nt), &pp->work_raw);
        if (pp->work) pp->work_per = most; /* else each call allocates again */
    }
}
