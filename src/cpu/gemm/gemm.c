/* gemm.c - cpu_gemm: the loops around the microkernel, in portable C (no
 * ISA code here; kernels come from the blocking's kernel set).
 *
 * Per call: check the arguments and the epilogue program, compile the
 * program (a leading operand add becomes the accumulator's initial value),
 * pack what cannot be read in place (B unless pre-packed or, where the
 * blocking chose it, read in place by the strided, GEMV or dot kernels; A
 * only when its k stride is not 1 or short batches would chop the K loop),
 * then each thread claims units of C (cpu_gemm_units: rows of whole strips
 * by columns of whole panels, from a shared counter) and runs over each:
 *
 *   5th  for jc: NC columns (a multiple of NR)
 *   4th    for pc: K blocks of KC (never across a batch when A is in place)
 *   3rd      for ic: MC rows
 *   2nd        for ir: an MR-row A strip (stays in L1)
 *   1st          for jr: an NR-column B micro-panel (streams from L2)
 *                  microkernel: acc over the K block; on the first block
 *                  the init tile is added, on later ones the partial sum;
 *                  on the last the epilogue runs on the register tile
 *
 * Loops 2 and 1 are BLIS's swapped: with a 6x64 tile the A strip is the
 * small panel (6 x KC floats), so it is the one kept in L1 (as oneDNN's
 * brgemm does), and the B block is reused from L2 by every strip.
 * A B that is not pre-packed is packed by each thread block by block into
 * its L2 buffer when units are whole columns (tm = 1). With the
 * blocking's rhs_ahead, the next block is packed a slice per strip while
 * the current one is read, and the microkernels prefetch its source lines
 * spread over their K loops: B is read from memory while the FMAs run, as
 * a pre-packed B is by the hardware prefetchers (a burst of prefetches, or
 * none, left the packing waiting on memory: ~15% of the 3-layer MLP). With
 * rhs_fetch (a transposed B, or a row-major one the L3 could hold) only
 * the source lines are fetched so, and each block is packed whole at its
 * start, from L2.
 * Units split M and N on tile boundaries (no C line is written by two
 * threads except at a partial tile's edge) and run with no barrier after
 * packing; a unit's arithmetic does not depend on the thread that runs it,
 * so C is the same whichever threads take which units.
 */
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "base/fp16.h"
#include "cpu/kernels/kernels.h"

/* Units of work a thread of a team gets on average (dynamic distribution,
 * see cpu_gemm) */
#define UNITS_PER_THREAD 4

typedef struct kblock {
    int64_t a_off; /* offset into A's row (in place: b*a_sb + k0; packed: kv0) */
    int64_t kv0;   /* first virtual k (row of the packed B panels) */
    int64_t len;
} kblock;

typedef struct job {
    const cpu_gemm_args *g;
    const cpu_kernel_set *ks;
    const cpu_blocking *blk;
    int tm, tn;
    int64_t M, N;
    /* A as the kernels read it: rows a_rs apart, unit k stride, batches
     * a_sb apart (in the kernel's k units: floats, or bf16 pairs) */
    const float *a;
    int64_t a_rs, a_sb;
    bool a_packed;
    float *apack; /* packed A (rows of a_rs floats), or NULL */
    /* K blocks: in place, nkb_b blocks of kcb per batch; packed, over Kv.
     * K, Kv count the kernel's k steps: K or, for a pair kernel set, its
     * ceil(K/2) pairs (g->K stays the source's) */
    int64_t nkb, nkb_b, kcb, K, Kv;
    /* B */
    struct cpu_packed *bp;
    const float *B_src; /* to pack, or NULL */
    float *b_local;     /* per-thread block buffers (packed as reached), or NULL */
    int64_t b_local_floats;
    /* init and epilogue */
    const float *init;
    int64_t init_rs, init_cs;
    cpu_epi_prog prog;
    float *partial; /* partial sums between K blocks when an epilogue operand is C (M x N), or NULL */
    bool b_inplace; /* B read in place, never packed: by gemm_strided (rows g->b_sk apart) or, b_dot, by
                       gemm_dot (columns g->b_sn apart) */
    bool b_dot;
    const cpu_bwindow *bwin; /* B through a window (in place, gemm_window), or NULL */
    cpu_ukr_fn kern;  /* the microkernel for this B: gemm, gemm_strided or gemm_dot */
    int64_t b_rs;     /* cpu_ukr.b_rs for it (NR for a packed B) */
    bool gemv;        /* one-row strips run gemv_rows (B rows in place, C unit f32) */
    /* the units of work handed out: nu_m x nu_n cells of C, urows rows (whole
     * strips) by ucols panels, claimed in order from *next */
    int64_t urows, ucols, nu_m, nunits;
    int64_t *next;
} job;

static kblock block_at(const job *j, int64_t i) {
    kblock k;
    if (j->a_packed) {
        k.kv0 = i * j->kcb;
        k.len = j->Kv - k.kv0 < j->kcb ? j->Kv - k.kv0 : j->kcb;
        k.a_off = k.kv0;
    } else {
        const int64_t b = i / j->nkb_b, k0 = (i % j->nkb_b) * j->kcb;
        k.len = j->K - k0 < j->kcb ? j->K - k0 : j->kcb;
        k.kv0 = b * j->K + k0;
        k.a_off = b * j->a_sb + k0;
    }
    if (k.len < 0) k.len = 0;
    return k;
}


/* The thread's next B block, brought closer a slice per strip of the
 * current one.
 *
 * B packed per call: at strip s, slice s - AHEAD_LAG is packed (its source
 * lines were prefetched AHEAD_LAG strips earlier) and slice s's lines handed
 * to the strip's kernel calls to prefetch; the last AHEAD_LAG slices (all of
 * them when the thread has that few strips, as a GEMV does) are packed when
 * the block ends, from the cache their prefetch filled. Only the first block
 * of a thread is packed with nothing to hide it behind. A lag of 2 leaves a
 * whole strip between a line's prefetch and its copy (measured: ~+3% on the
 * MLP over a lag of 1, 3 no better).
 *
 * B pre-packed: nothing to pack; the next block's packed lines are handed
 * out the same way, so that the first strip of each block does not wait on
 * L3. The blocking plans this (rhs_ahead) only for kernels that walk the
 * stream and threads of more than one strip: a GEMV reads its block once,
 * as it streams in, and fetching the next one besides only competes with
 * that (1x4096x4096: ~20% slower). */
#define AHEAD_LAG 2
typedef struct ahead {
    float *dst; /* the block's buffer, packed as we go; NULL: B is pre-packed */
    kblock blk;
    int64_t q0, q1;
    int64_t slices, slice; /* slices: strips of the current block; slice: strips started */
    /* the lines to fetch as a prefetch stream (cpu_stream_line), pf_units
     * units of pf_unit lines sliced evenly over the strips, or pf = NULL:
     * left to the hardware */
    const char *pf;
    int64_t pf_rs, pf_i0, pf_n, pf_units, pf_unit;
    int pf_lpr;
} ahead;

/* The next block of a B packed per call: its source rows (within one batch,
 * unit column stride) are the stream, sliced by rows; or, transposed (unit
 * k stride), its source columns, each a run along K. dst NULL: the lines
 * are only fetched, and the block packed from them at its start
 * (rhs_fetch). */
static ahead ahead_make(const job *j, float *dst, const kblock *blk, int64_t q0, int64_t q1, int64_t slices) {
    const cpu_gemm_args *g = j->g;
    const int nr = j->ks->nr;
    ahead a = {.dst = dst, .blk = *blk, .q0 = q0, .q1 = q1, .slices = slices, .slice = 0};
    /* source rows: a pair step spans two */
    const int64_t step = j->ks->pairs ? 2 : 1, b = blk->kv0 / j->K, k = blk->kv0 % j->K * step;
    const int64_t rows = blk->len * step < g->K - k ? blk->len * step : g->K - k, es = cpu_dtype_size(g->b_dt);
    if (g->b_sn == 1 && blk->kv0 % j->K + blk->len <= j->K) {
        const int64_t j0 = q0 * nr, j1 = q1 * nr < g->N ? q1 * nr : g->N;
        const char *row0 = (const char *)g->B + (b * g->b_sb + k * g->b_sk + j0) * es;
        a.pf = row0;
        a.pf_rs = g->b_sk * es;
        /* lines a row spans, one more when rows do not all start on a line */
        const bool aligned = (uintptr_t)row0 % 64 == 0 && (g->b_sk * es) % 64 == 0;
        a.pf_lpr = (int)(((j1 - j0) * es + 63) / 64 + !aligned);
        a.pf_units = rows;
        a.pf_unit = a.pf_lpr;
    } else if (g->b_sk == 1 && blk->kv0 % j->K + blk->len <= j->K) {
        /* transposed (torch's Linear weight [N, K]): each of the block's
         * columns is a run along K, a row of the stream */
        const int64_t j0 = q0 * nr, j1 = q1 * nr < g->N ? q1 * nr : g->N;
        const char *col0 = (const char *)g->B + (b * g->b_sb + k + j0 * g->b_sn) * es;
        a.pf = col0;
        a.pf_rs = g->b_sn * es;
        const bool aligned = (uintptr_t)col0 % 64 == 0 && (g->b_sn * es) % 64 == 0;
        a.pf_lpr = (int)((rows * es + 63) / 64 + !aligned);
        a.pf_units = j1 - j0;
        a.pf_unit = a.pf_lpr;
    }
    return a;
}

/* The next block of a pre-packed B: each panel's rows of the block are
 * contiguous and start on a line (panels are 64-byte aligned, NR floats a
 * row), so the stream is one row of lines per panel, sliced by lines. */
static ahead ahead_packed(const job *j, const kblock *blk, int64_t q0, int64_t q1, int64_t slices) {
    const struct cpu_packed *p = j->bp;
    const int nr = j->ks->nr;
    ahead a = {.dst = NULL, .blk = *blk, .q0 = q0, .q1 = q1, .slices = slices, .slice = 0};
    if (blk->len <= 0) return a; /* K = 0: nothing to fetch */
    a.pf = (const char *)(p->data + (q0 * p->kv + blk->kv0) * nr);
    a.pf_rs = p->kv * nr * (int64_t)sizeof(float);
    a.pf_lpr = (int)((blk->len * nr * (int64_t)sizeof(float) + 63) / 64);
    a.pf_units = (q1 - q0) * a.pf_lpr;
    a.pf_unit = 1;
    return a;
}

/* At strip s: pack slice s - AHEAD_LAG (B packed per call) and hand slice
 * s's lines to the strip's kernel calls (or, for kernels that do not walk
 * the stream, prefetch them now, to L2). */
static void ahead_step(const job *j, ahead *a) {
    const cpu_gemm_args *g = j->g;
    const int64_t len = a->blk.len, s = a->slice;
    if (a->dst && s >= AHEAD_LAG && s - AHEAD_LAG < a->slices)
        cpu_pack_b_rows(a->dst, len, j->ks, g->B, g->b_dt, g->b_sk, g->b_sn, g->b_sb, g->K, g->N, a->blk.kv0,
                        (s - AHEAD_LAG) * len / a->slices, (s - AHEAD_LAG + 1) * len / a->slices, a->q0, a->q1);
    a->pf_n = 0;
    if (s < a->slices && a->pf) {
        const int64_t i0 = s * a->pf_units / a->slices * a->pf_unit,
                      i1 = (s + 1) * a->pf_units / a->slices * a->pf_unit;
        if (j->ks->pf_stream) {
            a->pf_i0 = i0;
            a->pf_n = i1 - i0;
        } else if (i1 > i0) {
            cpu_stream_walk w = cpu_stream_at(a->pf, a->pf_rs, a->pf_lpr, i0);
            for (int64_t i = i0; i < i1; i++) __builtin_prefetch(cpu_stream_next(&w), 0, 2);
        }
    }
    a->slice++;
}

/* A tile computed into scratch (rows of nr) stored to C: C with a
 * non-unit column stride, or of a 16-bit type (rounded to nearest even
 * here, the one rounding of the result). */
static void store_tile(const job *j, int64_t m0, int64_t n0, int m, int n, const float *t, int nr) {
    const cpu_gemm_args *g = j->g;
    if (g->c_dt != CPU_F32 && g->c_sn == 1) {
        void (*st)(uint16_t *, const float *, int64_t, cpu_dtype) = j->ks->store16 ? j->ks->store16 : cpu_store16_portable;
        uint16_t *c = (uint16_t *)g->C + m0 * g->c_sm + n0;
        for (int i = 0; i < m; i++) st(c + i * g->c_sm, t + i * nr, n, g->c_dt);
        return;
    }
    if (g->c_dt == CPU_F32) {
        float *c = (float *)g->C + m0 * g->c_sm + n0 * g->c_sn;
        for (int i = 0; i < m; i++)
            for (int x = 0; x < n; x++) c[i * g->c_sm + x * g->c_sn] = t[i * nr + x];
        return;
    }
    uint16_t *c = (uint16_t *)g->C + m0 * g->c_sm + n0 * g->c_sn;
    if (g->c_dt == CPU_BF16) {
        for (int i = 0; i < m; i++)
            for (int x = 0; x < n; x++) c[i * g->c_sm + x * g->c_sn] = sp_f32_to_bf16(t[i * nr + x]);
    } else {
        for (int i = 0; i < m; i++)
            for (int x = 0; x < n; x++) c[i * g->c_sm + x * g->c_sn] = sp_f32_to_f16(t[i * nr + x]);
    }
}

/* Loops 2 and 1 over one block: MR-row strips of [ic, ic_end) (each kept
 * in L1) by NR-column micro-panels of [jc, jc_end). */
static void macro_kernel(const job *j, const kblock *blk, bool first, bool last, int64_t ic, int64_t ic_end,
                         int64_t jc, int64_t jc_end, const float *b, int64_t b_ps, float *scratch, ahead *next) {
    const cpu_gemm_args *g = j->g;
    const int mr = j->ks->mr, nr = j->ks->nr;
    const bool c_unit = g->c_sn == 1 && g->c_dt == CPU_F32;
    /* one micro-panel and nothing to hand out per strip: the kernel walks
     * the strips itself */
    const bool whole =
        j->ks->gemm_rows && !j->b_inplace && jc_end - jc == 1 && !next && (c_unit || (!last && j->partial));
    cpu_ukr u;
    for (int64_t ir = ic; ir < ic_end; ir += mr) {
        const int m = (int)(ic_end - ir < mr ? ic_end - ir : mr);
        const float *a = j->a + ir * j->a_rs + blk->a_off;
        if (next) ahead_step(j, next);
        /* one row over B rows in place: the GEMV kernel, up to
         * CPU_GEMV_N_MAX columns a call, instead of one call per panel */
        const bool gemv = m == 1 && j->gemv;
        const int64_t span = gemv ? CPU_GEMV_N_MAX / nr : 1;
        for (int64_t jr = jc; jr < jc_end; jr += span) {
            const int64_t n0 = jr * nr, w = (jc_end - jr < span ? jc_end - jr : span) * nr;
            const int n = (int)(j->N - n0 < w ? j->N - n0 : w);
            u.k = blk->len;
            u.a = a;
            u.a_rs = j->a_rs;
            u.b = b + (jr - jc) * b_ps;
            u.b_rs = j->b_rs;
            if (j->bwin) {
                u.koff = j->bwin->koff + blk->kv0;
                u.kmask = j->bwin->kmask + (jr * j->K + blk->kv0) * (nr / 16);
                const int64_t T = j->bwin->kperiod;
                u.kperiod = T > 0 && blk->kv0 % T == 0 && blk->len % T == 0 ? T : 0;
                u.kfetch = j->bwin->fetch ? CPU_WIN_FETCH_AHEAD : 0;
                u.tail_col = j->bwin->tail && n0 + n == j->N ? j->bwin->tail + blk->kv0 : NULL;
                u.tail_ld = j->K;
            }
            u.m = whole ? (int)(ic_end - ir) : m;
            u.n = n;
            u.m0 = ir;
            u.n0 = n0;
            /* what the accumulator starts from */
            if (first) {
                u.add = j->init ? j->init + ir * j->init_rs + n0 * j->init_cs : NULL;
                u.add_rs = j->init_rs;
                u.add_cs = j->init_cs;
            } else if (j->partial) {
                u.add = j->partial + ir * j->N + n0;
                u.add_rs = j->N;
                u.add_cs = 1;
            } else {
                u.add = (const float *)g->C + ir * g->c_sm + n0 * g->c_sn;
                u.add_rs = g->c_sm;
                u.add_cs = g->c_sn;
            }
            /* where it goes */
            u.epi = last ? &j->prog : NULL;
            if (!last && j->partial) {
                u.c = j->partial + ir * j->N + n0;
                u.c_rs = j->N;
            } else if (c_unit) {
                u.c = (float *)g->C + ir * g->c_sm + n0;
                u.c_rs = g->c_sm;
            } else {
                u.c = scratch;
                u.c_rs = nr;
            }
            if (next && next->pf_n > 0) { /* this call's share of the strip's lines */
                const int64_t calls = jc_end - jc, c = jr - jc;
                u.pf = next->pf;
                u.pf_rs = next->pf_rs;
                u.pf_lpr = next->pf_lpr;
                u.pf_i0 = next->pf_i0 + next->pf_n * c / calls;
                u.pf_n = (int)(next->pf_i0 + next->pf_n * (c + 1) / calls - u.pf_i0);
            } else {
                u.pf_n = 0;
            }
            if (whole) {
                j->ks->gemm_rows(&u);
                return;
            }
            if (gemv) {
                j->ks->gemv_rows(&u);
                continue;
            }
            j->kern(&u);
            if (u.c == scratch) store_tile(j, ir, n0, m, n, scratch, nr);
        }
    }
}

/* The next unit of work: the team's shared counter (a thread slowed by
 * another process then takes fewer units instead of holding up the whole
 * GEMM with a fixed share); one thread counts alone. */
static int64_t claim(const job *j, int64_t *own_seq) {
    if (!j->next) return (*own_seq)++;
    return __atomic_fetch_add(j->next, 1, __ATOMIC_RELAXED);
}

/* Unit u's rows [*m_lo, *m_hi) and panels [*q0, *q1). */
static void unit_at(const job *j, int64_t u, int64_t *m_lo, int64_t *m_hi, int64_t *q0, int64_t *q1) {
    const int64_t panels = (j->N + j->ks->nr - 1) / j->ks->nr, um = u % j->nu_m, un = u / j->nu_m;
    *m_lo = um * j->urows;
    *m_hi = *m_lo + j->urows < j->M ? *m_lo + j->urows : j->M;
    *q0 = un * j->ucols;
    *q1 = *q0 + j->ucols < panels ? *q0 + j->ucols : panels;
}

/* One thread: units claimed one after another until none is left. Within
 * a unit: for each NC block of its panels, each K block, MC rows at a time.
 * The next B block (the unit's next K block, or, for B packed per call, the
 * first of the next unit, claimed one block early for that) is brought in
 * while the current one is read, as the blocking planned (rhs_ahead). */
static void run_thread(const job *j, int tid) {
    const int mr = j->ks->mr, nr = j->ks->nr;
    const cpu_gemm_args *g = j->g;
    int64_t seq = 0;
    int64_t u = claim(j, &seq);
    if (u >= j->nunits) return;
    if (j->ks->thread_begin) j->ks->thread_begin();
    const int64_t ncp = j->blk->nc / nr > 0 ? j->blk->nc / nr : 1;
    const int64_t mc = j->blk->mc >= mr ? j->blk->mc / mr * mr : mr;
    float scratch[CPU_MR_MAX * CPU_NR_MAX] __attribute__((aligned(64)));
    /* B packed as reached: the block read, and the next one when the
     * blocking planned for it */
    const bool two = j->blk->rhs_ahead && !j->b_inplace && !j->blk->rhs_fetch;
    /* B packed per call at each block's start, from its source lines
     * fetched during the block before (the blocking's rhs_fetch) */
    const bool fetch = j->blk->rhs_fetch && !j->b_inplace; /* (rhs_fetch: rhs_ahead too) */
    float *own[2] = {NULL, NULL};
    if (j->b_local) {
        own[0] = j->b_local + (int64_t)tid * (two ? 2 : 1) * j->b_local_floats;
        own[1] = two ? own[0] + j->b_local_floats : NULL;
    }
    int cur = 0;
    bool ready = false; /* own[cur] holds the block about to be read */
    while (u < j->nunits) {
        int64_t m_lo, m_hi, q0, q1, nxt = -1;
        unit_at(j, u, &m_lo, &m_hi, &q0, &q1);
        const int64_t strips_here = (m_hi - m_lo + mr - 1) / mr;
        for (int64_t jc = q0; jc < q1; jc += ncp) {
            const int64_t jc_end = jc + ncp < q1 ? jc + ncp : q1;
            for (int64_t kb = 0; kb < j->nkb; kb++) {
                const kblock blk = block_at(j, kb);
                const float *b;
                int64_t b_ps;
                ahead next, *pnext = NULL;
                /* the block after this one: the next K block, else the
                 * next columns' first, else the next unit's first */
                int64_t njc = kb + 1 < j->nkb ? jc : jc + ncp, nq1 = q1;
                const kblock nb = block_at(j, kb + 1 < j->nkb ? kb + 1 : 0);
                /* (only where the next unit's first block is packed ahead,
                 * or its source fetched: a B per call, read from memory
                 * otherwise; a pre-packed one is just prefetched, not worth
                 * holding a second unit, which a thread another process
                 * preempts would keep from the team) */
                if ((two || fetch) && njc >= q1 && !j->bp) {
                    nxt = claim(j, &seq);
                    njc = nq1 = 0;
                    if (nxt < j->nunits) {
                        int64_t nm0, nm1;
                        unit_at(j, nxt, &nm0, &nm1, &njc, &nq1);
                    }
                }
                const int64_t njc_end = njc + ncp < nq1 ? njc + ncp : nq1;
                if (j->bp) {
                    b = j->bp->data + jc * j->bp->kv * nr + blk.kv0 * nr;
                    b_ps = j->bp->kv * nr;
                    if (two && njc < nq1) {
                        next = ahead_packed(j, &nb, njc, njc_end, strips_here);
                        pnext = &next;
                    }
                } else if (j->bwin) {
                    b = j->bwin->x + jc * nr;
                    b_ps = nr;
                } else if (j->b_inplace) {
                    const int64_t bi = blk.kv0 / j->K, k0 = blk.kv0 % j->K;
                    b = (const float *)g->B + bi * g->b_sb + k0 * g->b_sk + jc * nr * g->b_sn;
                    b_ps = nr * g->b_sn;
                } else {
                    if (!ready)
                        cpu_pack_b_block(own[cur], j->ks, g->B, g->b_dt, g->b_sk, g->b_sn, g->b_sb, g->K, g->N, blk.kv0,
                                         blk.len, jc, jc_end);
                    ready = false;
                    b = own[cur];
                    b_ps = blk.len * nr;
                    if (two && njc < nq1) {
                        next = ahead_make(j, own[cur ^ 1], &nb, njc, njc_end, strips_here);
                        pnext = &next;
                    } else if (fetch && njc < nq1) {
                        next = ahead_make(j, NULL, &nb, njc, njc_end, strips_here);
                        pnext = &next;
                    }
                }
                for (int64_t ic = m_lo; ic < m_hi; ic += mc) {
                    const int64_t ic_end = ic + mc < m_hi ? ic + mc : m_hi;
                    macro_kernel(j, &blk, kb == 0, kb == j->nkb - 1, ic, ic_end, jc, jc_end, b, b_ps, scratch, pnext);
                }
                if (pnext && next.dst) {
                    while (next.slice < next.slices + AHEAD_LAG) ahead_step(j, &next);
                    cur ^= 1;
                    ready = true;
                }
            }
        }
        u = nxt >= 0 ? nxt : claim(j, &seq);
    }
    if (j->ks->thread_end) j->ks->thread_end();
}

/* Packing shared by the team: B panels and A rows split evenly. */
static void pack_share(const job *j, int tid, int team) {
    const cpu_gemm_args *g = j->g;
    if (j->B_src) {
        int64_t q0, q1;
        cpu_split(j->bp->npanels, 1, 1, team, tid, &q0, &q1);
        cpu_pack_b_panels(j->bp, j->ks, j->B_src, g->b_dt, g->b_sk, g->b_sn, g->b_sb, q0, q1);
    }
    if (j->apack) {
        int64_t m0, m1;
        cpu_split(j->M, 1, 1, team, tid, &m0, &m1);
        if (j->ks->pairs)
            cpu_pack_a_pairs((uint32_t *)j->apack, j->a_rs, g->A, g->K, g->nbatch, g->a_sm, g->a_sk, g->a_sb, m0, m1);
        else
            cpu_pack_a_rows(j->apack, j->a_rs, j->ks, g->A, g->a_dt, g->K, g->nbatch, g->a_sm, g->a_sk, g->a_sb, m0, m1);
    }
}

/* One thread: one unit, all of C. A team: about UNITS_PER_THREAD units a
 * thread, claimed as threads get to them, so that a thread another process
 * slows costs its share of the time and not the whole GEMM's (a fixed grid
 * waits for its slowest cell). Units are whole columns of C where each
 * thread packs the B blocks it reaches (a block is then packed once),
 * otherwise also row blocks (a B pre-packed, packed before the loops or
 * read in place is shared). A unit has at most one NC block of panels, so
 * the blocking's L2 plan holds. */
int64_t cpu_gemm_units(const cpu_blocking *blk, int64_t M, int64_t N, int nt, bool whole_columns, int64_t *urows,
                       int64_t *ucols) {
    const int64_t mr = blk->mr, nr = blk->nr;
    const int64_t strips = (M + mr - 1) / mr, panels = (N + nr - 1) / nr;
    const int64_t ncp = blk->nc / nr > 0 ? blk->nc / nr : 1;
    if (nt <= 1 || M <= 0 || N <= 0) {
        *urows = M > 0 ? M : 1, *ucols = panels > 0 ? panels : 1;
        return 1;
    }
    const int64_t want = (int64_t)UNITS_PER_THREAD * nt;
    int64_t uc = (panels + want - 1) / want;
    if (uc > ncp) uc = ncp;
    if (uc < 1) uc = 1;
    const int64_t nu_n = (panels + uc - 1) / uc;
    int64_t nu_m = blk->tm * blk->tn == nt && !whole_columns ? blk->tm : 1;
    if (!whole_columns && nu_n * nu_m < want) nu_m = (want + nu_n - 1) / nu_n;
    if (nu_m > strips) nu_m = strips;
    if (nu_m < 1) nu_m = 1;
    *urows = (strips + nu_m - 1) / nu_m * mr;
    *ucols = uc;
    return ((M + *urows - 1) / *urows) * nu_n;
}

/* Bytes an operand reads over M x N: [lo, hi] element offsets. */
static void span(int64_t M, int64_t N, int64_t sm, int64_t sn, int64_t *lo, int64_t *hi) {
    const int64_t a = (M - 1) * sm, b = (N - 1) * sn;
    *lo = (a < 0 ? a : 0) + (b < 0 ? b : 0);
    *hi = (a > 0 ? a : 0) + (b > 0 ? b : 0);
}

static bool overlaps_c(const cpu_gemm_args *g, const cpu_operand *o) {
    int64_t clo, chi, olo, ohi;
    span(g->M, g->N, g->c_sm, g->c_sn, &clo, &chi);
    span(g->M, g->N, o->sm, o->sn, &olo, &ohi);
    const int64_t es = cpu_dtype_size(g->c_dt);
    const char *c0 = (const char *)g->C + clo * es, *c1 = (const char *)g->C + chi * es + es - 1;
    const float *o0 = o->ptr + olo, *o1 = o->ptr + ohi;
    return !((uintptr_t)o1 < (uintptr_t)c0 || (uintptr_t)c1 < (uintptr_t)o0);
}

static sp_status bad(sp_ctx *ctx, const char *what) {
    sp_set_error(ctx, SP_EINPUT, "cpu_gemm: %s", what);
    return SP_EINPUT;
}

/* The arguments' own consistency (sizes, pointers, types, the init and
 * the epilogue), before any blocking is looked at. */
static sp_status check_args(sp_ctx *ctx, const cpu_gemm_args *g) {
    if (!g) return bad(ctx, "no arguments");
    if (g->M < 0 || g->N < 0 || g->K < 0 || g->nbatch < 1 || g->nthreads < 1) {
        sp_set_error(ctx, SP_EINPUT, "cpu_gemm: bad sizes (M=%lld N=%lld K=%lld nbatch=%lld nthreads=%d)",
                     (long long)g->M, (long long)g->N, (long long)g->K, (long long)g->nbatch, g->nthreads);
        return SP_EINPUT;
    }
    if (g->M == 0 || g->N == 0) return SP_OK;
    if (g->K > INT64_MAX / g->nbatch) return bad(ctx, "K x nbatch overflows");
    if (!g->C) return bad(ctx, "C is NULL");
    if (g->K > 0 && (!g->A || (!g->B && !g->packed_b && !g->bwin))) return bad(ctx, "A or B is NULL");
    sp_status st = g->epi_checked ? SP_OK : cpu_epi_check(ctx, g->epi);
    if (st != SP_OK) return st;
    if (g->init > CPU_INIT_OPERAND) return bad(ctx, "unknown init mode");
    if (g->a_dt > CPU_F16 || g->b_dt > CPU_F16 || g->c_dt > CPU_F16) return bad(ctx, "unknown element type");
    if (g->init == CPU_INIT_C && g->c_dt != CPU_F32) return bad(ctx, "a C of 16-bit elements cannot be the init");
    if (g->init == CPU_INIT_OPERAND && (!g->epi || g->init_operand >= g->epi->noperands ||
                                         !g->epi->operands[g->init_operand].ptr))
        return bad(ctx, "init_operand names no operand of the epilogue");
    return SP_OK;
}

/* A: in place when its k stride is 1 and batches are long enough for
 * whole K blocks; otherwise one row-major copy of all batches (*a_bytes of
 * scratch). Sets j's A and its K blocks; false when the copy overflows. */
static bool plan_a(job *j, const cpu_gemm_args *g, const cpu_kernel_set *ks, const cpu_blocking *blk,
                   size_t *a_bytes) {
    /* (pairs: the bf16 rows read as 32-bit pairs, so an even K, row and
     * batch stride, and a 4-byte aligned A) */
    const bool a_direct =
        g->K == 0 ||
        (!ks->pairs && g->a_dt == CPU_F32 && g->a_sk == 1 && (g->nbatch == 1 || g->K >= 256)) ||
        (ks->pairs && g->a_sk == 1 && g->K % 2 == 0 && g->a_sm % 2 == 0 && (uintptr_t)g->A % 4 == 0 &&
         (g->nbatch == 1 || (g->a_sb % 2 == 0 && g->K >= 256)));
    if (g->K == 0) {
        static const float dummy[1] = {0};
        j->a = dummy;
        j->a_rs = 0;
        j->nkb_b = 1;
        j->kcb = 0;
        j->nkb = 1;
    } else if (a_direct) {
        j->a = (const float *)g->A;
        j->a_rs = ks->pairs ? g->a_sm / 2 : g->a_sm;
        j->a_sb = ks->pairs ? g->a_sb / 2 : g->a_sb;
        j->nkb_b = (j->K + blk->kc - 1) / blk->kc;
        j->kcb = (j->K + j->nkb_b - 1) / j->nkb_b;
        /* a window's blocks of whole channels (cpu_bwindow.kperiod): kc is
         * a multiple of the taps, and so the balanced size rounded up to one */
        const int64_t T = g->bwin ? g->bwin->kperiod : 0;
        if (T > 1 && j->kcb % T) {
            j->kcb = (j->kcb + T - 1) / T * T;
            j->nkb_b = (j->K + j->kcb - 1) / j->kcb;
        }
        j->nkb = j->nkb_b * g->nbatch;
    } else {
        int64_t ld = (j->Kv + 15) / 16 * 16;
        if ((ld * 4) % 4096 == 0) ld += 16; /* rows 4 KiB apart would share L1 sets */
        if (__builtin_mul_overflow((size_t)g->M, (size_t)ld * sizeof(float), a_bytes)) return false;
        j->a_rs = ld;
        j->a_packed = true;
        const int64_t nkb = (j->Kv + blk->kc - 1) / blk->kc;
        j->kcb = (j->Kv + nkb - 1) / nkb;
        j->nkb = nkb;
    }
    return true;
}

/* Whether an operand the general epilogue prog loads overlaps C (it would
 * see partial sums between K blocks). */
static bool epi_reads_c(const cpu_gemm_args *g, const cpu_epi_prog *prog) {
    bool alias = false;
    for (uint32_t i = prog->first; i < g->epi->ninsn; i++)
        if (g->epi->insn[i].op == CPU_EPI_LOAD) alias |= overlaps_c(g, &g->epi->operands[g->epi->insn[i].a]);
    return alias;
}

/* B: pre-packed, read in place (where the blocking chose it and B is an
 * f32 source of unit column stride whose K blocks never cross a batch), or
 * packed for this call: by each of the nt threads as it reaches a block
 * (*b_bytes of block buffers), or whole before the loops (into *bpack,
 * *b_bytes). Sets j's B fields and microkernel. */
static sp_status plan_b(sp_ctx *ctx, job *j, const cpu_gemm_args *g, int nt, struct cpu_packed *bpack,
                        size_t *b_bytes) {
    const cpu_kernel_set *ks = j->ks;
    const cpu_blocking *blk = j->blk;
    j->b_inplace = blk->b_inplace && !g->packed_b && g->K > 0 && g->b_dt == CPU_F32 && !ks->pairs &&
                   (g->nbatch == 1 || !j->a_packed) &&
                   ((g->b_sn == 1 && ks->gemm_strided) || (g->b_sk == 1 && ks->gemm_dot));
    j->b_dot = j->b_inplace && g->b_sn != 1; /* columns of unit k stride: dot products along k */
    j->kern = !j->b_inplace ? ks->gemm : j->b_dot ? ks->gemm_dot : ks->gemm_strided;
    j->bwin = NULL;
    if (g->bwin && g->K > 0) {
        if (!ks->gemm_window || ks->pairs || g->nbatch != 1 || ks->nr % 16 || j->a_packed)
            return bad(ctx, "a B through a window needs an f32 kernel set with gemm_window, one batch and A in place");
        j->bwin = g->bwin;
        j->b_inplace = true, j->b_dot = false;
        j->kern = ks->gemm_window;
    }
    j->b_rs = !j->b_inplace ? ks->nr : j->b_dot ? g->b_sn : g->b_sk;
    j->gemv = j->b_inplace && !j->b_dot && !j->bwin && ks->gemv_rows && g->c_sn == 1 && g->c_dt == CPU_F32;
    if (j->bwin) {
        j->bp = NULL;
    } else if (g->packed_b) {
        const struct cpu_packed *p = g->packed_b;
        if (p->nr != ks->nr || p->pairs != ks->pairs || p->K != g->K || p->N != g->N || p->nbatch != g->nbatch) {
            sp_set_error(ctx, SP_EINPUT,
                         "cpu_gemm: packed B is %lld x %lld x %lld with NR=%d, the GEMM needs %lld x %lld x %lld with NR=%d",
                         (long long)p->nbatch, (long long)p->K, (long long)p->N, p->nr, (long long)g->nbatch,
                         (long long)g->K, (long long)g->N, ks->nr);
            return SP_EINPUT;
        }
        j->bp = (struct cpu_packed *)p; /* read only */
    } else if (j->b_inplace) {
        j->bp = NULL;
    } else if (g->K > 0 && j->tm == 1) {
        /* threads own whole columns of C: each packs its B blocks as it
         * reaches them (the L2 "rhs" buffer of the blocking plan), so B is
         * read once and never written whole to memory */
        const int64_t ncp = blk->nc / ks->nr > 0 ? blk->nc / ks->nr : 1;
        j->bp = NULL;
        j->b_local_floats = (ncp * ks->nr * j->kcb + 15) / 16 * 16;
        const size_t blocks = blk->rhs_ahead && !blk->rhs_fetch ? 2 : 1;
        if (__builtin_mul_overflow((size_t)nt * blocks * (size_t)j->b_local_floats, sizeof(float), b_bytes))
            return bad(ctx, "B too large");
    } else {
        *bpack = (struct cpu_packed){.nr = ks->nr, .K = g->K, .N = g->N, .nbatch = g->nbatch, .kv = j->Kv};
        bpack->npanels = (g->N + ks->nr - 1) / ks->nr;
        if (__builtin_mul_overflow((size_t)bpack->npanels * (size_t)ks->nr,
                                   (size_t)(j->Kv > 0 ? j->Kv : 1) * sizeof(float), b_bytes))
            return bad(ctx, "B too large");
        j->bp = bpack;
        j->B_src = g->K > 0 ? g->B : NULL;
    }
    return SP_OK;
}

/* The scratch (a_bytes of packed A, b_bytes of packed B, into *bpack or
 * the threads' block buffers, p_bytes of partial sums) carved from one
 * block, B first: the caller's work buffer when it is large enough, else
 * allocated (*raw, to free). */
static sp_status carve_scratch(sp_ctx *ctx, job *j, struct cpu_packed *bpack, size_t a_bytes, size_t b_bytes,
                               size_t p_bytes, void **raw) {
    const cpu_gemm_args *g = j->g;
    const size_t b_span = (b_bytes + 63) & ~(size_t)63, a_span = (a_bytes + 63) & ~(size_t)63;
    if (b_span < b_bytes || a_span < a_bytes || b_span + a_span < b_span || b_span + a_span + p_bytes < p_bytes)
        return bad(ctx, "scratch too large");
    const size_t total = b_span + a_span + p_bytes;
    if (g->work_used) *g->work_used = total;
    char *base = NULL;
    if (total) {
        if (g->work && g->work_bytes >= total && (uintptr_t)g->work % 64 == 0) base = g->work;
        else if (!(base = cpu_aligned_alloc(ctx, total, raw))) return bad(ctx, "out of memory");
    }
    if (b_bytes) {
        if (j->bp == bpack) bpack->data = (float *)base;
        else j->b_local = (float *)base;
    }
    if (a_bytes) j->a = j->apack = (float *)(base + b_span);
    if (p_bytes) j->partial = (float *)(base + b_span + a_span);
    return SP_OK;
}

/* The packing shared by the team, then the units, on nt threads. */
static void run_team(job *j, int nt) {
    const bool packing = j->B_src || j->apack;
#ifdef _OPENMP
    if (nt > 1) {
#pragma omp parallel num_threads(nt)
        {
            const int tid = omp_get_thread_num(), team = omp_get_num_threads();
            if (packing) {
                pack_share(j, tid, team);
#pragma omp barrier
            }
            run_thread(j, tid); /* a smaller team than asked just claims more units each */
        }
    } else
#endif
    {
        (void)nt;
        if (packing) pack_share(j, 0, 1);
        run_thread(j, 0); /* nt = 1: the grid is 1 x 1 */
    }
}

sp_status cpu_gemm(sp_ctx *ctx, const cpu_gemm_args *g) {
    sp_status st = check_args(ctx, g);
    if (st != SP_OK || g->M == 0 || g->N == 0) return st;

    /* blocking and kernels */
    cpu_blocking chosen;
    const cpu_blocking *blk = g->blocking;
    if (!blk) {
        cpu_isa isa;
        if ((st = cpu_isa_active(ctx, &isa)) != SP_OK) return st;
        const cpu_caches caches = cpu_caches_detect();
        if ((st = cpu_blocking_choose(ctx, g->M, g->N, g->K, g->nbatch, g->nthreads, isa, &caches, !g->packed_b,
                                      &chosen)) != SP_OK)
            return st;
        blk = &chosen;
    }
    if (!cpu_isa_supported(blk->isa)) return bad(ctx, "the blocking's ISA is not supported by this CPU");
    const cpu_kernel_set *ks = blk->pairs ? cpu_kernel_pairs(blk->isa) : cpu_kernel_find(blk->isa, blk->mr, blk->nr);
    if (!ks || ks->mr != blk->mr || ks->nr != blk->nr) return bad(ctx, "no kernel for the blocking's ISA and register tile");
    if (ks->pairs && (g->a_dt != CPU_BF16 || (g->b_dt != CPU_BF16 && !g->packed_b)))
        return bad(ctx, "a bf16 pair blocking needs bf16 A and B");
    if (blk->kc < 1 || blk->nc < 1 || blk->mc < 1) return bad(ctx, "the blocking has an empty block size");

    /* every field set explicitly: a zeroing initialiser costs a REP STOS,
     * measurable on a 64^3 GEMM */
    job j;
    j.g = g, j.ks = ks, j.blk = blk, j.M = g->M, j.N = g->N;
    j.K = ks->pairs ? (g->K + 1) / 2 : g->K; /* pairs are zero padded past an odd K */
    j.Kv = j.K * g->nbatch;
    j.a_sb = g->a_sb;
    j.a_packed = false, j.apack = NULL, j.B_src = NULL, j.b_local = NULL, j.b_local_floats = 0, j.partial = NULL;
    j.init = NULL, j.init_rs = 0, j.init_cs = 0;

    /* threads: the blocking's grid when it fits what was asked */
    int nt = blk->nthreads < g->nthreads ? blk->nthreads : g->nthreads;
    if (nt < 1) nt = 1;
    if (blk->tm * blk->tn == nt) {
        j.tm = blk->tm;
        j.tn = blk->tn;
    } else {
        j.tm = 1;
        j.tn = nt;
    }

    /* epilogue and the accumulator's start */
    const int folded = cpu_epi_compile(g->epi, g->init == CPU_INIT_ZERO, &j.prog);
    if (folded >= 0 || g->init == CPU_INIT_OPERAND) {
        const cpu_operand *o = &g->epi->operands[folded >= 0 ? (uint32_t)folded : g->init_operand];
        j.init = o->ptr;
        j.init_rs = o->sm;
        j.init_cs = o->sn;
    } else if (g->init == CPU_INIT_C) {
        j.init = g->C;
        j.init_rs = g->c_sm;
        j.init_cs = g->c_sn;
    }

    /* The scratch this call needs, sized first and carved from one block
     * (the caller's work buffer when it is large enough): the whole packed
     * B (first, keeping the block's alignment), a packed A, partial sums. */
    size_t a_bytes = 0, b_bytes = 0, p_bytes = 0;

    if (!plan_a(&j, g, ks, blk, &a_bytes)) return bad(ctx, "A too large");

    struct cpu_packed bpack;
    if ((st = plan_b(ctx, &j, g, nt, &bpack, &b_bytes)) != SP_OK) return st;

    /* the units of work (cpu_gemm_units) */
    j.nunits = cpu_gemm_units(blk, g->M, g->N, nt, j.b_local_floats > 0, &j.urows, &j.ucols);
    j.nu_m = (g->M + j.urows - 1) / j.urows;
    int64_t next_unit = 0;
    j.next = nt > 1 ? &next_unit : NULL;

    /* an epilogue operand that is C would see partial sums: keep them apart */
    if (j.nkb > 1 && (g->c_dt != CPU_F32 || (j.prog.kind == CPU_EPI_KIND_GENERAL && epi_reads_c(g, &j.prog))) &&
        __builtin_mul_overflow((size_t)g->M, (size_t)g->N * sizeof(float), &p_bytes))
        return bad(ctx, "C too large");

    void *raw = NULL;
    if ((st = carve_scratch(ctx, &j, &bpack, a_bytes, b_bytes, p_bytes, &raw)) != SP_OK) return st;
    run_team(&j, nt);
    sp_free(ctx, raw);
    return SP_OK;
}
