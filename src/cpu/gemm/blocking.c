/* blocking.c - the tile plan of one GEMM (law L1): candidates (MR, NR, MC,
 * KC, NC, thread grid) are enumerated, each candidate's real per-thread
 * buffer set is planned by the offset planner (plan_solve) against the L1
 * and L2 budgets, candidates that do not fit are dropped, and the survivors
 * are ranked by a cost model (cycles), never by how much cache they use.
 *
 * The loops (gemm.c) run, per thread:
 *     for jc (NC) / for pc (KC) / for ic (MC) / for ir (MR) / for jr (NR)
 * The A strip (MR x KC, read in place or from a packed copy) stays in L1
 * while the thread's B block (KC x NC, packed) streams from L2 through the
 * microkernel, one NR-column micro-panel per call. So the buffers are:
 *     L1: "lhs" A strip, "acc" the C tile (register spill and epilogue
 *         scratch), "rhs" the B micro-panel lines in flight (a prefetch
 *         window of 16 k steps)
 *     L2: "rhs" the B block, "lhs" the A strip, "acc" the C tile, and,
 *         when a thread has more than one B block, "rhs_next": the next
 *         one, brought in a slice per strip while "rhs" is read: packed
 *         there when B is packed per call by threads that own whole
 *         columns (b_streamed, tm = 1) and B is larger than the L3 share
 *         (from the L3, a block packed at its start costs less); or only
 *         its source lines fetched there, the block packed from them at
 *         its start (rhs_fetch: a transposed B, or a row-major one within
 *         the L3 share); otherwise (B packed before the loops) prefetched
 *         by kernels that walk a prefetch stream, for threads of more
 *         than one strip (a strip reads a block once)
 * with live steps 0 = operands arrive, 1 = K loop, 2 = epilogue and store.
 */
#include <string.h>

#include "cpu/kernels/kernels.h"
#include "plan/alloc.h"

/* Cost-model machine: nominal numbers; they rank candidates, and
 * est_seconds is only as good as they are. */
#define MODEL_GHZ 3.7
#define MODEL_FORK_CYCLES 3000.0   /* fork/join of a spinning OpenMP team (~0.6-1 us) */
#define MODEL_TILE_CYCLES 30.0     /* per microkernel call: setup, loop entry, store */
#define MODEL_L2_BPC 32.0          /* sustained L2 -> L1 bytes per cycle */
#define MODEL_L3_BPC 24.0          /* L3 -> L2 bytes per cycle per core */
#define MODEL_DRAM_BPC 10.0        /* DRAM bytes per cycle for the whole chip */
#define RHS_WINDOW_STEPS 16

typedef struct isa_model {
    double fma_per_cycle; /* vector FMAs issued per cycle */
    int vlen;             /* floats per vector */
    double loads_per_cycle;
} isa_model;

static isa_model model_of(cpu_isa isa) {
    switch (isa) {
    case CPU_ISA_AMX: /* (its pair sets' cost: modelled as AVX-512's) */
    case CPU_ISA_AVX512BF16:
    case CPU_ISA_AVX512: return (isa_model){2, 16, 2};
    case CPU_ISA_AVX2: return (isa_model){2, 8, 2};
    default: return (isa_model){0.5, 4, 1}; /* portable C: what -O2 SSE2 code manages */
    }
}

static int64_t cdiv(int64_t a, int64_t b) { return (a + b - 1) / b; }
static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }
static double maxd(double a, double b) { return a > b ? a : b; }

/* Cycles per k step of an mr_e x nv-vector tile: FMA issue, load issue and
 * the FMA latency of each accumulator chain. The latency bound is the FMA's
 * 4 cycles plus one of slack: a tile of exactly latency x issue-rate chains
 * (8 on two FMA ports) would keep both ports busy only if no chain's FMA
 * ever issued a cycle late, and the loads and the loop's own instructions
 * on the same ports make some late every step (measured on this Intel
 * host, AVX2: the 2x32 tile, 8 chains, runs 64x64x64, 256x1024x1024 and
 * 512x3072x768 at ~0.85x the 6x16 tile's rate, 12 chains, where issue
 * alone rates them equal). A tile with more chains than that (6x16, 6x64)
 * is bound by issue, not by this. */
#define MODEL_CHAIN_CYCLES 5.0
static double step_cycles(const isa_model *im, int mr_e, int nv) {
    double fma = mr_e * nv / im->fma_per_cycle;
    double loads = (mr_e + nv) / im->loads_per_cycle;
    double l2 = nv * im->vlen * 4.0 / MODEL_L2_BPC; /* B micro-panel bytes per step */
    return maxd(maxd(fma, loads), maxd(MODEL_CHAIN_CYCLES, l2));
}

typedef struct cand {
    const cpu_kernel_set *ks;
    int nt, tm, tn;
    int64_t mc, kc, nc;
    cpu_b_source b_src;
    bool inplace; /* B read in place (gemm_strided or gemm_dot) */
    bool fetch;   /* "rhs_next" holds the next block's source lines, not its packed copy */
} cand;

/* Packing B per call: a copy at about one 64-byte line a cycle (a load and
 * a store) from a row-major source; a transposed or 16-bit source is
 * gathered and converted, modelled at 4x that. */
#define MODEL_PACK_ROWS_CPF (1.0 / 16)
#define MODEL_PACK_OTHER_CPF (4.0 / 16)


/* Estimated seconds: the slowest thread's compute (tiles x k steps at the
 * kernel's issue rate, a fixed cost per kernel call) plus the memory traffic
 * the prefetchers do not hide, plus the team's fork/join. rho is the L2
 * plan's footprint over its budget: the fuller the L2, the more of the B
 * block the A, C and D streams evict before its reuse (measured here: the
 * 6x64 kernel loses ~2% streaming a 576 KiB block against a 192 KiB one). */
/* B read in place (inplace): no copy, but no packed block in L2 either:
 * each strip streams its B rows from where B lives (its lines are strided
 * by the row length, which aliases L2 sets: no reuse between strips is
 * counted), so it pays where a B element meets few rows: a GEMV reads B
 * once either way and saves the copy; many strips would read B many times.
 * Packing per call (b_src not PREPACKED) adds the copy's cycles to the
 * compute: the loads and stores issue between the FMAs even when the
 * memory traffic hides under them; with tm > 1 the team packs all of B
 * before the loops. *pack_cyc gets the slowest thread's copy cycles. */
static double estimate(const cand *c, int64_t M, int64_t N, int64_t Kv, double rho, const cpu_caches *caches,
                       double *pack_out) {
    const isa_model im = model_of(c->ks->isa);
    const int mr = c->ks->mr, nr = c->ks->nr, nvmax = nr / im.vlen;
    const int64_t strips = cdiv(M, mr), panels = cdiv(N, nr);
    const int64_t nkb = Kv > 0 ? cdiv(Kv, c->kc) : 1;
    const double l3_share = (double)caches->l3 / 2;
    const double a_total = (double)M * (double)Kv * 4, c_total = (double)M * (double)N * 4;
    const double b_total = (double)Kv * (double)N * 4;
    double worst = 0;
    *pack_out = 0;
    for (int ti = 0; ti < c->tm; ti++) {
        int64_t s0, s1;
        cpu_split(strips, mr, M - (strips - 1) * mr, c->tm, ti, &s0, &s1);
        for (int tj = 0; tj < c->tn; tj++) {
            int64_t q0, q1;
            cpu_split(panels, nr, N - (panels - 1) * nr, c->tn, tj, &q0, &q1);
            if (s0 == s1 || q0 == q1) continue;
            /* compute: full strips and the last one, full panels and the last */
            const int64_t rows = min64(s1 * mr, M) - s0 * mr, cols = min64(q1 * nr, N) - q0 * nr;
            const int64_t full_s = rows / mr, full_q = cols / nr;
            const int rem_m = (int)(rows % mr), rem_n = (int)(cols % nr);
            const int rem_nv = (int)cdiv(rem_n, im.vlen);
            double cyc = 0;
            const double tile_ovh = MODEL_TILE_CYCLES + 2.0 * mr * nvmax;
            const double ps[2][2] = {
                {step_cycles(&im, mr, nvmax), rem_n ? step_cycles(&im, mr, rem_nv) : 0},
                {rem_m ? step_cycles(&im, rem_m, nvmax) : 0, rem_m && rem_n ? step_cycles(&im, rem_m, rem_nv) : 0}};
            const double cnt[2][2] = {{(double)full_s * full_q, (double)full_s * (rem_n > 0)},
                                      {(double)(rem_m > 0) * full_q, (double)(rem_m > 0) * (rem_n > 0)}};
            for (int x = 0; x < 2; x++)
                for (int y = 0; y < 2; y++) cyc += cnt[x][y] * ((double)Kv * ps[x][y] + (double)nkb * tile_ovh);
            /* L2 pressure on the B block */
            double exposed = cyc * 0.04 * rho * rho;
            /* A: the thread's rows are re-read once per NC block, from L3
             * while all of A fits half of it, else from DRAM (6 sequential
             * row streams: the prefetchers hide most of it) */
            const double a_bytes = (double)rows * (double)Kv * 4.0 * (double)cdiv(cols, c->nc);
            exposed += a_total <= l3_share ? 0.1 * a_bytes / MODEL_L3_BPC : 0.2 * a_bytes / (MODEL_DRAM_BPC / c->nt);
            /* C's partial sums, stored and reloaded between K blocks (from
             * DRAM the tile's 48 misses outrun the prefetch: fully exposed) */
            const double c_bytes = (double)(nkb - 1) * (double)rows * (double)cols * 8.0;
            exposed += c_total <= l3_share ? 0.3 * c_bytes / MODEL_L3_BPC : 1.0 * c_bytes / (MODEL_DRAM_BPC / c->nt);
            /* B: each (jc, pc, ic) block comes from L3 or DRAM once; it
             * streams while the block's first strip runs, so a GEMM with few
             * strips (M = 1) is bound by it */
            const double b_bw = b_total <= 0.75 * (double)caches->l3 ? MODEL_L3_BPC : MODEL_DRAM_BPC / c->nt;
            double t;
            if (c->inplace) {
                /* every strip streams B's rows again; the kernel prefetches
                 * them ahead, which hides under the FMAs only the first
                 * strip's reading (one strip, a GEMV: bound by the stream) */
                const int64_t nstrips = cdiv(rows, mr);
                const double b_cyc = (double)Kv * (double)cols * 4.0 * (double)nstrips / b_bw;
                t = maxd(cyc, b_cyc) + (nstrips > 1 ? 1.0 : 0.3) * (cyc < b_cyc ? cyc : b_cyc) + exposed;
            } else {
                const double b_bytes = (double)Kv * (double)cols * 4.0 * (double)cdiv(rows, c->mc);
                const double b_cyc = b_bytes / b_bw;
                const double first = 1.0 / (double)cdiv(min64(rows, c->mc), mr); /* share of compute in first strips */
                double pack = 0;
                if (c->b_src != CPU_B_PREPACKED) {
                    const double cpf = c->b_src == CPU_B_PER_CALL_ROWS ? MODEL_PACK_ROWS_CPF : MODEL_PACK_OTHER_CPF;
                    pack = (double)Kv * (c->tm == 1 ? (double)cols : (double)N / c->nt) * cpf;
                }
                t = maxd(cyc + pack, b_cyc) + 0.3 * first * (cyc < b_cyc ? cyc : b_cyc) + exposed;
                if (pack > *pack_out) *pack_out = pack;
            }
            if (t > worst) worst = t;
        }
    }
    if (c->nt > 1) worst += MODEL_FORK_CYCLES;
    *pack_out /= MODEL_GHZ * 1e9;
    return worst / (MODEL_GHZ * 1e9);
}

typedef struct plan_out {
    cpu_block_buf bufs[4];
    uint32_t nbufs;
    int64_t footprint;
} plan_out;

/* One level's buffers, with their live steps (0 operands arrive, 1 K loop,
 * 2 epilogue and store). */
typedef struct level_buf {
    const char *name;
    int64_t rows, cols, lo, hi;
} level_buf;

/* Plan one level's buffers; *fits false if they do not fit the budget. */
static sp_status plan_level(sp_ctx *ctx, int level, const level_buf *lb, uint32_t n, int64_t budget, plan_out *out,
                            bool *fits) {
    plan_buf b[4];
    for (uint32_t i = 0; i < n; i++)
        b[i] = (plan_buf){
            .size = lb[i].rows * lb[i].cols * 4, .align = 64, .lo = lb[i].lo, .hi = lb[i].hi, .inplace = -1};
    plan_opts o = {.work_limit = 5000, .time_limit_s = 0.5, .capacity = budget};
    plan_result r;
    sp_status st = plan_solve(ctx, b, n, &o, &r);
    *fits = st == SP_OK;
    if (st != SP_OK && st != SP_ENOFIT) return st;
    for (uint32_t i = 0; i < n; i++)
        out->bufs[i] = (cpu_block_buf){.name = lb[i].name, .level = level, .bytes = b[i].size, .offset = b[i].offset,
                                       .lo = lb[i].lo, .hi = lb[i].hi, .rows = lb[i].rows, .cols = lb[i].cols};
    out->nbufs = n;
    out->footprint = r.footprint;
    return SP_OK;
}

/* KC candidates: K split into p balanced blocks (multiples of unit: 8, or
 * a window's taps, cpu_blocking_choose_unit), p = 1..16
 * and then doubling down to KC = 16, so that any K reaches KC values whose A
 * strip fits in L1 and whose B block fits in L2 (a 1x1 output with K = 3e7
 * needs p > 10^4). At most 16 + 59 candidates for K < 2^62. */
#define KC_MAX_CANDS 80
static int kc_candidates(int64_t Kv, int64_t unit, int64_t *out, int max) {
    int n = 0;
    if (Kv <= 0) {
        out[n++] = 1;
        return n;
    }
    /* p <= Kv: past that every KC is the unit (a window's taps may be 16
     * or more, where the KC < 16 stop below never comes) */
    for (int64_t p = 1; n < max && p <= Kv; p = p < 16 ? p + 1 : p * 2) {
        int64_t kc = cdiv(Kv, p);
        if (p > 1) kc = cdiv(kc, unit) * unit;
        if (kc < 16 && p > 1) break;
        if (n && out[n - 1] == kc) continue;
        out[n++] = kc;
    }
    return n;
}

static int nc_candidates(int64_t panels, int nr, int64_t *out, int max) {
    int n = 0;
    static const int64_t q[] = {1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 24, 32, 48, 64, 96, 128};
    for (size_t i = 0; i < SP_ARRAY_LEN(q) && n < max; i++)
        if (q[i] < panels) out[n++] = q[i] * nr;
    for (int64_t j = 1; j <= 4 && n < max; j++) { /* balanced splits of the thread's panels */
        int64_t v = cdiv(panels, j) * nr;
        bool dup = false;
        for (int i = 0; i < n; i++) dup |= out[i] == v;
        if (!dup) out[n++] = v;
    }
    return n;
}

static void note_top(cpu_block_search *s, const cpu_block_cand *c) {
    uint32_t at = s->ntop;
    while (at > 0 && c->est_seconds < s->top[at - 1].est_seconds * (1 - 1e-9)) at--;
    if (at >= CPU_BLOCK_TOP) return;
    uint32_t last = s->ntop < CPU_BLOCK_TOP ? s->ntop : CPU_BLOCK_TOP - 1;
    for (uint32_t i = last; i > at; i--) s->top[i] = s->top[i - 1];
    s->top[at] = *c;
    if (s->ntop < CPU_BLOCK_TOP) s->ntop++;
}

static void note_reject(cpu_block_search *s, const cpu_block_cand *c) {
    s->considered++;
    if (c->verdict == CPU_CAND_OVER_L1) s->over_l1++;
    else s->over_l2++;
    if (s->nrejects < CPU_BLOCK_REJECTS) s->rejects[s->nrejects++] = *c;
}

/* One blocking search (choose): what every candidate is measured against,
 * and the best candidate so far with its plans. */
typedef struct search {
    sp_ctx *ctx;
    int64_t M, N, Kv, nbatch;
    int nthreads;
    const cpu_caches *caches;
    cpu_b_source b_src;
    bool ahead_ok, b_streamed;
    bool b_in_l3; /* B fits the L3 share (as estimate's b_bw counts it): see "ahead" below */
    int64_t budget_l1, budget_l2;
    cpu_block_search *log;
    bool found;
    cand best;
    double best_t, best_pack, best_alt[2]; /* the best estimate packed [0] and in place [1] */
    plan_out best_l1, best_l2;
    int64_t min_l1, min_l2; /* the smallest plans made, for the error */
} search;

/* L2 plans depend on (KC, NC) and whether the next B block is among them:
 * planned once per pair (a memo per KC), whatever the thread grid. */
typedef struct l2_memo {
    struct {
        int64_t nc;
        uint32_t nbufs;
        plan_out plan;
        bool fits;
    } e[48];
    int n;
} l2_memo;

/* Candidate c (its L1 plan l1, L2 plan l2) estimated, logged, and kept as
 * the best where it is faster. */
static void consider(search *S, const cand *c, const plan_out *l1, const plan_out *l2) {
    double pack;
    double t = estimate(c, S->M, S->N, S->Kv, (double)l2->footprint / (double)S->budget_l2, S->caches, &pack);
    S->log->considered++;
    note_top(S->log, &(cpu_block_cand){c->ks->name, c->inplace, c->nt, c->tm, c->tn, c->mc, c->kc, c->nc, l1->footprint,
                                       l2->footprint, t, CPU_CAND_FITS});
    if (S->best_alt[c->inplace] == 0 || t < S->best_alt[c->inplace]) S->best_alt[c->inplace] = t;
    /* ties: fewer threads, then the larger KC, then NC, then packed */
    if (!S->found || t < S->best_t * (1 - 1e-9)) {
        S->found = true;
        S->best = *c;
        S->best_t = t;
        S->best_pack = pack;
        S->best_l1 = *l1;
        S->best_l2 = *l2;
    }
}

/* Kernel set ks at KC kc over every thread grid, NC and way of reading B;
 * *fitted: its L1 plan fits (the caller stops after 8 KCs that do). */
static sp_status search_kc(search *S, const cpu_kernel_set *ks, int64_t kc, bool *fitted) {
    const int mr = ks->mr, nr = ks->nr;
    const int64_t M = S->M, N = S->N, Kv = S->Kv;
    const int64_t strips = cdiv(M, mr) > 0 ? cdiv(M, mr) : 1, panels = cdiv(N, nr) > 0 ? cdiv(N, nr) : 1;
    /* the rows a strip really has: a GEMV's strip is one row */
    const int64_t mrows = M > 0 && M < mr ? M : mr;
    /* B read in place: an f32 argument of unit column stride (a set with
     * the strided kernel) or of unit k stride (the dot kernel) */
    const int inplace_ok = !ks->pairs && ((S->b_src == CPU_B_PER_CALL_ROWS && ks->gemm_strided) ||
                                          (S->b_src == CPU_B_PER_CALL_COLS && ks->gemm_dot));
    l2_memo memo;
    memo.n = 0;
    const level_buf lb1[3] = {{"lhs", mrows, kc, 0, 2}, {"rhs", RHS_WINDOW_STEPS, nr, 0, 2}, {"acc", mrows, nr, 1, 3}};
    plan_out l1;
    bool fits;
    sp_status st = plan_level(S->ctx, 1, lb1, 3, S->budget_l1, &l1, &fits);
    *fitted = st == SP_OK && fits;
    if (st != SP_OK) return st;
    if (l1.footprint < S->min_l1) S->min_l1 = l1.footprint;
    if (!fits) {
        note_reject(S->log, &(cpu_block_cand){ks->name, false, 0, 0, 0, 0, kc, 0, l1.footprint, 0, 0, CPU_CAND_OVER_L1});
        return SP_OK;
    }
    for (int nt = 1; nt <= S->nthreads; nt++)
        for (int tm = 1; tm <= nt; tm++) {
            if (nt % tm) continue;
            const int tn = nt / tm;
            if (tm > strips || tn > panels) continue;
            const int64_t tpan = cdiv(panels, tn);
            /* rhs_fetch: a B packed per call by threads owning whole
             * columns has its next block's source lines fetched during
             * the block before, and each block packed from L2 at its
             * start -- a transposed B (torch's Linear weight), whose
             * columns are runs along K that packing in slices would cut,
             * and a row-major one the L3 holds, where slices cost more
             * than a block packed at its start. Weights in a model are
             * cold whatever the L3 holds, and the packing waited on
             * them: Zen 4, 1 thread, BERT-base s128 21.3-21.5 -> 19.8-20.0
             * ms, GPT-2 s128 22.3-23.4 -> 19.0-21.6 */
            const bool fetch = S->b_streamed && tm == 1 && strips > 1 &&
                               (S->b_src == CPU_B_PER_CALL_COLS || (S->b_src == CPU_B_PER_CALL_ROWS && S->b_in_l3));
            const int64_t trows = min64(cdiv(strips, tm) * mr, M > 0 ? M : 1);
            /* MC: the thread's rows, unless its A block would crowd its
             * share of L3 */
            int64_t mc = min64(cdiv(trows, mr) * mr, M > 0 ? M : 1);
            const int64_t l3_rows = S->caches->l3 / (2 * nt) / (kc * 4) / mr * mr;
            if (l3_rows >= mr && mc > l3_rows) mc = l3_rows;
            int64_t ncs[24];
            const int nnc = nc_candidates(tpan, nr, ncs, 24);
            for (int ni = 0; ni < nnc; ni++)
                for (int ip = 0; ip <= inplace_ok; ip++) {
                const int64_t nc = ncs[ni];
                /* the next B block, brought in while this one is read,
                 * when there is one (see above); none when B is read in
                 * place (its "rhs" is B itself) */
                const bool more = Kv > kc || S->nbatch > 1 || tpan * nr > nc;
                /* (B packed per call by the threads, tm = 1: fetched as
                 * above, or packed ahead a slice per strip when it does
                 * not fit the L3 share; from the L3 a block is packed
                 * at its start faster than its source lines prefetched to
                 * L1 cost the kernels: measured on the 300 MiB-L3 Xeon,
                 * args/bound 0.85-0.95 with them, 0.93-1.06 without,
                 * FFN1/FFN2/MLP) */
                const bool ahead = !ip && more &&
                                   (S->b_streamed && tm == 1 ? !S->b_in_l3 || fetch
                                                             : ks->pf_stream && cdiv(strips, tm) > 1);
                const level_buf lb2[4] = {
                    {"lhs", mrows, kc, 0, 2}, {"rhs", kc, nc, 0, 2}, {"acc", mrows, nr, 1, 3}, {"rhs_next", kc, nc, 1, 3}};
                const level_buf lb2_inplace[2] = {{"lhs", mrows, kc, 0, 2}, {"acc", mrows, nr, 1, 3}};
                const uint32_t n2 = ip ? 2 : S->ahead_ok && ahead ? 4 : 3;
                int mi = 0;
                while (mi < memo.n && (memo.e[mi].nc != nc || memo.e[mi].nbufs != n2)) mi++;
                if (mi == memo.n) {
                    if (memo.n == (int)SP_ARRAY_LEN(memo.e)) continue;
                    st = plan_level(S->ctx, 2, ip ? lb2_inplace : lb2, n2, S->budget_l2, &memo.e[mi].plan,
                                    &memo.e[mi].fits);
                    if (st != SP_OK) return st;
                    memo.e[mi].nc = nc;
                    memo.e[mi].nbufs = n2;
                    memo.n++;
                }
                const plan_out l2 = memo.e[mi].plan;
                if (l2.footprint < S->min_l2) S->min_l2 = l2.footprint;
                if (!memo.e[mi].fits) {
                    note_reject(S->log, &(cpu_block_cand){ks->name, ip, nt, tm, tn, mc, kc, nc, l1.footprint, l2.footprint,
                                                          0, CPU_CAND_OVER_L2});
                    continue;
                }
                consider(S, &(cand){ks, nt, tm, tn, mc, kc, nc, S->b_src, ip, !ip && fetch}, &l1, &l2);
            }
        }
    return SP_OK;
}

/* The best candidate S found into out, with its L2 and L1 plans. */
static void take_best(const search *S, cpu_isa isa, cpu_blocking *out) {
    const cand best = S->best;
    out->isa = isa;
    out->pairs = best.ks->pairs;
    out->kernel = best.ks->name;
    out->mr = best.ks->mr;
    out->nr = best.ks->nr;
    out->mc = best.mc;
    out->kc = best.kc;
    out->nc = best.nc;
    out->nthreads = best.nt;
    out->tm = best.tm;
    out->tn = best.tn;
    out->rhs_ahead = S->best_l2.nbufs == 4; /* planned with rhs_next */
    out->rhs_fetch = out->rhs_ahead && best.fetch;
    out->b_inplace = best.inplace;
    out->pack_seconds = S->best_pack;
    out->b_src = S->b_src;
    out->alt_seconds = S->best_alt[!best.inplace];
    out->nbufs = 0;
    for (uint32_t i = 0; i < S->best_l2.nbufs; i++) out->bufs[out->nbufs++] = S->best_l2.bufs[i];
    for (uint32_t i = 0; i < S->best_l1.nbufs; i++) out->bufs[out->nbufs++] = S->best_l1.bufs[i];
    out->footprint = S->best_l2.footprint;
    out->budget = S->budget_l2;
    out->footprint_l1 = S->best_l1.footprint;
    out->budget_l1 = S->budget_l1;
    out->est_seconds = S->best_t;
}

static sp_status choose(sp_ctx *ctx, int64_t M, int64_t N, int64_t K, int64_t nbatch, int nthreads, cpu_isa isa,
                        const cpu_kernel_set *only, const cpu_caches *caches, cpu_b_source b_src, bool ahead_ok,
                        int64_t kc_unit, cpu_blocking *out) {
    memset(out, 0, sizeof *out);
    if (M < 0 || N < 0 || K < 0 || nbatch < 1 || nthreads < 1 || (unsigned)isa >= CPU_ISA_COUNT || !caches) {
        sp_set_error(ctx, SP_EINPUT, "cpu_blocking_choose: bad arguments (M=%lld N=%lld K=%lld nbatch=%lld threads=%d)",
                     (long long)M, (long long)N, (long long)K, (long long)nbatch, nthreads);
        return SP_EINPUT;
    }
    const int64_t Kv = K * nbatch;
    search S = {.ctx = ctx,
                .M = M,
                .N = N,
                .Kv = Kv,
                .nbatch = nbatch,
                .nthreads = nthreads,
                .caches = caches,
                .b_src = b_src,
                .ahead_ok = ahead_ok,
                .b_streamed = b_src != CPU_B_PREPACKED,
                .b_in_l3 = (double)Kv * (double)N * 4 <= 0.75 * (double)caches->l3,
                .budget_l1 = caches->l1d * 3 / 4,
                .budget_l2 = caches->l2 * 3 / 4,
                .log = &out->search,
                .min_l1 = INT64_MAX,
                .min_l2 = INT64_MAX};
    const sp_error saved = sp_error_save(ctx); /* candidates that do not fit are not errors */
    int nsets = 1;
    const cpu_kernel_set *const *sets = only ? &only : cpu_kernel_sets(isa, &nsets);
    for (int si = 0; si < nsets; si++) {
        int64_t kcs[KC_MAX_CANDS];
        const int nkc = kc_candidates(Kv, kc_unit, kcs, KC_MAX_CANDS);
        int fitting_kc = 0;
        for (int ki = 0; ki < nkc && fitting_kc < 8; ki++) {
            bool fitted;
            sp_status st = search_kc(&S, sets[si], kcs[ki], &fitted);
            if (st != SP_OK) return st;
            fitting_kc += fitted;
        }
    }
    if (!S.found) {
        char l2[96] = "no L2 plan made: no A strip fits L1";
        if (S.min_l2 != INT64_MAX)
            snprintf(l2, sizeof l2, "smallest L2 plan %lld B of budget %lld B", (long long)S.min_l2, (long long)S.budget_l2);
        sp_set_error(ctx, SP_ENOFIT, "cpu blocking: no candidate fits (smallest L1 plan %lld B of budget %lld B, %s)",
                     (long long)S.min_l1, (long long)S.budget_l1, l2);
        return SP_ENOFIT;
    }
    sp_error_restore(ctx, &saved);
    take_best(&S, isa, out);
    return SP_OK;
}

sp_status cpu_blocking_choose_unit(sp_ctx *ctx, int64_t M, int64_t N, int64_t K, int64_t nbatch, int nthreads,
                                   cpu_isa isa, const cpu_caches *caches, cpu_b_source b_src, int64_t kc_unit,
                                   cpu_blocking *out) {
    if (kc_unit < 1) kc_unit = 8;
    sp_status st = choose(ctx, M, N, K, nbatch, nthreads, isa, NULL, caches, b_src, true, kc_unit, out);
    /* no room for two B blocks: one, brought in at each block's start */
    if (st == SP_ENOFIT) st = choose(ctx, M, N, K, nbatch, nthreads, isa, NULL, caches, b_src, false, kc_unit, out);
    return st;
}

sp_status cpu_blocking_choose(sp_ctx *ctx, int64_t M, int64_t N, int64_t K, int64_t nbatch, int nthreads,
                              cpu_isa isa, const cpu_caches *caches, cpu_b_source b_src, cpu_blocking *out) {
    return cpu_blocking_choose_unit(ctx, M, N, K, nbatch, nthreads, isa, caches, b_src, 8, out);
}

sp_status cpu_blocking_choose_set(sp_ctx *ctx, int64_t M, int64_t N, int64_t K, int64_t nbatch, int nthreads,
                                  const cpu_kernel_set *ks, const cpu_caches *caches, cpu_b_source b_src,
                                  cpu_blocking *out) {
    if (!ks) {
        sp_set_error(ctx, SP_EINPUT, "cpu_blocking_choose_set: no kernel set");
        return SP_EINPUT;
    }
    sp_status st = choose(ctx, M, N, K, nbatch, nthreads, ks->isa, ks, caches, b_src, true, 8, out);
    if (st == SP_ENOFIT) st = choose(ctx, M, N, K, nbatch, nthreads, ks->isa, ks, caches, b_src, false, 8, out);
    return st;
}
