/* timing.c - the npu timing model (see timing.h). */
#include "timing.h"

#include <string.h>

enum { UNIT_NONE, UNIT_DMA, UNIT_SA, UNIT_VU };

/* The scoreboard: the scratchpad's per-lane bytes as sorted segments
 * [lo, next lo), each with the times of its last write and of its reads.
 * An access splits the segments at its ends, so bytes outside it keep
 * their own history. */
struct nc_range {
    int64_t lo;      /* the segment runs to the next one's lo */
    int64_t wdone;   /* last write completes */
    uint8_t wunit;   /* the unit that wrote it last */
    int64_t rdone;   /* reads by any unit release it */
    int64_t rdone_x; /* reads other than GEMMs' reads of their accumulator */
};

void nc_init(nc_model *m, sp_ctx *ctx, const nt_target *t) {
    memset(m, 0, sizeof *m);
    m->ctx = ctx;
    m->t = t;
    m->L = t->lanes;
    m->S = t->dram_req_bytes;
    m->nsa = t->num_sa < NC_MAX_SA ? t->num_sa : NC_MAX_SA;
    m->wslots = t->sa_weight_slots < NC_MAX_WSLOTS ? t->sa_weight_slots : NC_MAX_WSLOTS;
    m->elem = 4;
    m->bw = nt_dram_bytes_per_cycle(t);
}

void nc_free(nc_model *m) {
    if (m->rng) sp_free(m->ctx, m->rng);
    m->rng = NULL;
    m->nrng = m->caprng = 0;
}

static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }
static int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

/* ------------------------------------------------------------- DRAM */

int64_t nc_dma_bytes(const np_dram *d, int64_t rows, int64_t cols, int64_t elem) {
    if (rows <= 0 || cols <= 0) return 0;
    int64_t r = d->rs == 0 ? 1 : rows, c = d->cs == 0 ? 1 : cols;
    return r * c * elem;
}

/* Bursts of one run of n elements, stride s (elements), first element at
 * byte `start`. */
static int64_t run_blocks(int64_t start, int64_t n, int64_t s, int64_t elem, int64_t S) {
    if (n <= 0) return 0;
    int64_t as = s < 0 ? -s : s;
    if (as == 0) return 1;
    if (as * elem >= S) return n;
    int64_t lo = start, hi = start + ((n - 1) * as + 1) * elem; /* s < 0: the run ends at start, mirrored */
    if (s < 0) {
        lo = start - (n - 1) * as * elem;
        hi = start + elem;
    }
    int64_t flo = lo >= 0 ? lo / S : -ceil_div(-lo, S);
    int64_t fhi = (hi - 1) >= 0 ? (hi - 1) / S : -ceil_div(-(hi - 1), S);
    return fhi - flo + 1;
}

static int64_t gcd64(int64_t a, int64_t b) {
    if (a < 0) a = -a;
    if (b < 0) b = -b;
    while (b) {
        int64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

int64_t nc_dma_requests(const np_dram *d, int64_t rows, int64_t cols, int64_t elem, int64_t S) {
    if (rows <= 0 || cols <= 0) return 0;
    int64_t nr = d->rs == 0 ? 1 : rows, ncol = d->cs == 0 ? 1 : cols;
    int64_t ars = d->rs < 0 ? -d->rs : d->rs, acs = d->cs < 0 ? -d->cs : d->cs;
    /* the inner run is the dimension with the smaller stride */
    int64_t ni, si, no, so;
    if (ncol > 1 && (nr == 1 || acs <= ars)) {
        ni = ncol, si = d->cs, no = nr, so = d->rs;
    } else {
        ni = nr, si = d->rs, no = ncol, so = d->cs;
    }
    /* the runs' alignment repeats with period S / gcd(so*elem mod S, S) */
    int64_t step = ((so * elem) % S + S) % S;
    int64_t period = step == 0 ? 1 : S / gcd64(step, S);
    if (period > no) period = no;
    int64_t sum = 0, part = 0;
    int64_t rem = no % period;
    for (int64_t j = 0; j < period; j++) {
        int64_t b = run_blocks((d->off + j * so) * elem, ni, si, elem, S);
        sum += b;
        if (j < rem) part += b;
    }
    return (no / period) * sum + part;
}

int64_t nc_dma_cycles(const nc_model *m, int64_t requests) {
    if (requests <= 0) return 0;
    double c = (double)requests * (double)m->S / m->bw;
    int64_t ci = (int64_t)c;
    if ((double)ci < c) ci++;
    return ci > 0 ? ci : 1;
}

/* ------------------------------------------------------- scoreboard */

static void range_of(const nc_model *m, const np_view *v, int64_t *lo, int64_t *hi) {
    *lo = v->off;
    *hi = v->off + np_view_span(v, m->L, m->elem);
}

/* Index of the segment holding byte x (segments start at 0 and cover
 * everything above). */
static uint32_t seg_find(const nc_model *m, int64_t x) {
    uint32_t lo = 0, hi = m->nrng;
    while (hi - lo > 1) {
        uint32_t mid = (lo + hi) / 2;
        if (m->rng[mid].lo <= x)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

/* Make x a segment boundary; returns the index of the segment starting at x. */
static uint32_t seg_split(nc_model *m, int64_t x) {
    if (m->nrng == 0) {
        m->rng = sp_realloc(m->ctx, m->rng, 16 * sizeof *m->rng);
        m->caprng = 16;
        memset(&m->rng[0], 0, sizeof m->rng[0]);
        m->nrng = 1;
    }
    uint32_t i = seg_find(m, x);
    if (m->rng[i].lo == x) return i;
    if (m->nrng == m->caprng) {
        uint32_t nc = m->caprng * 2;
        m->rng = sp_realloc(m->ctx, m->rng, nc * sizeof *m->rng);
        m->caprng = nc;
    }
    memmove(&m->rng[i + 2], &m->rng[i + 1], (m->nrng - i - 1) * sizeof *m->rng);
    m->rng[i + 1] = m->rng[i];
    m->rng[i + 1].lo = x;
    m->nrng++;
    return i + 1;
}

/* When an access to view v may start: after the writes it reads (RAW)
 * and, when it writes, after the reads and writes it overwrites. A GEMM
 * accumulating into its destination is ordered after earlier GEMMs by the
 * arrays' pipeline, not by the scoreboard. */
static int64_t ready_for(nc_model *m, const np_view *v, bool write, bool acc_dst) {
    int64_t lo, hi, t = 0;
    range_of(m, v, &lo, &hi);
    if (hi <= lo || m->nrng == 0) return 0;
    for (uint32_t i = seg_find(m, lo); i < m->nrng && m->rng[i].lo < hi; i++) {
        const nc_range *r = &m->rng[i];
        bool chained = acc_dst && r->wunit == UNIT_SA;
        if (!chained) t = max64(t, r->wdone);
        if (write) t = max64(t, acc_dst ? r->rdone_x : r->rdone);
    }
    return t;
}

/* Record a read of v released at `rel`; a GEMM's read of its own
 * accumulator (`chained`) binds only writers outside the arrays. */
static void note_read(nc_model *m, const np_view *v, int64_t rel, bool chained) {
    int64_t lo, hi;
    range_of(m, v, &lo, &hi);
    if (hi <= lo) return;
    uint32_t a = seg_split(m, lo), b = seg_split(m, hi);
    for (uint32_t i = a; i < b; i++) {
        nc_range *r = &m->rng[i];
        r->rdone = max64(r->rdone, rel);
        if (!chained) r->rdone_x = max64(r->rdone_x, rel);
    }
}

static void note_write(nc_model *m, const np_view *v, int64_t done, uint8_t unit) {
    int64_t lo, hi;
    range_of(m, v, &lo, &hi);
    if (hi <= lo) return;
    uint32_t a = seg_split(m, lo), b = seg_split(m, hi);
    for (uint32_t i = a; i < b; i++) {
        nc_range *r = &m->rng[i];
        r->wdone = max64(r->wdone, done);
        r->wunit = unit;
    }
}

/* ---------------------------------------------------- systolic arrays */

typedef struct arr_norm {
    int64_t w, s, rel[NC_MAX_WSLOTS];
} arr_norm;

static void normalize(const nc_array *a, int64_t wslots, int64_t base, arr_norm *n) {
    n->w = a->wfree - base;
    n->s = a->sfree - base;
    for (int64_t j = 0; j < wslots; j++) n->rel[j] = a->rel[(a->head + j) % wslots] - base;
}

static bool norm_eq(const arr_norm *x, const arr_norm *y, int64_t wslots) {
    if (x->w != y->w || x->s != y->s) return false;
    for (int64_t j = 0; j < wslots; j++)
        if (x->rel[j] != y->rel[j]) return false;
    return true;
}

void nc_array_run(nc_array *a, int64_t t0, int64_t rows, int64_t L, int64_t wslots, int64_t n, int64_t *stream_end,
                  int64_t *done, void (*run)(void *ud, int64_t start, int64_t end), void *ud) {
    int64_t ss = 0, prev_ss = 0, run_lo = 0, run_hi = -1;
    arr_norm prev, cur;
    memset(&prev, 0, sizeof prev);
    bool have_prev = false;
    for (int64_t i = 0; i < n; i++) {
        int64_t slot = a->rel[a->head];
        int64_t auto_start = max64(a->wfree, slot);
        int64_t ps = max64(t0, auto_start);
        int64_t pe = ps + L;
        a->wfree = pe;
        ss = max64(pe, a->sfree);
        a->sfree = ss + rows;
        a->rel[a->head] = ss + rows;
        a->head = (a->head + 1) % (uint32_t)wslots;
        if (run) {
            if (ss != run_hi) {
                if (run_hi > run_lo) run(ud, run_lo, run_hi);
                run_lo = ss;
            }
            run_hi = ss + rows;
            continue;
        }
        normalize(a, wslots, ss, &cur);
        /* the recurrence is max-plus and shift-invariant: once t0 no longer
         * binds and the state repeats shifted by p, every further block
         * repeats it, so jump to the last one */
        if (have_prev && auto_start >= t0 && norm_eq(&cur, &prev, wslots)) {
            int64_t p = ss - prev_ss, left = n - 1 - i;
            if (left > 0 && p >= 0) {
                int64_t sh = left * p;
                ss += sh;
                a->wfree += sh;
                a->sfree += sh;
                /* the slots seen from the head shift by p a block: after
                 * `left` blocks the head has moved on by left and the j-th
                 * slot from it is today's j-th plus sh (not the slot that
                 * happens to sit there now, unless left is a multiple of
                 * the slots) */
                a->head = (uint32_t)((a->head + left) % (uint64_t)wslots);
                for (int64_t j = 0; j < wslots; j++) a->rel[(a->head + j) % wslots] = cur.rel[j] + ss; /* cur: from the old ss */
                break;
            }
        }
        prev = cur;
        prev_ss = ss;
        have_prev = true;
    }
    if (run && run_hi > run_lo) run(ud, run_lo, run_hi);
    *stream_end = ss + rows;
    *done = ss + rows + 2 * L - 1;
}

/* ------------------------------------------------------- pending stores */

/* Run the oldest pending store on the DMA engine. */
static void run_store(nc_model *m) {
    nc_store p = m->pend[0];
    memmove(m->pend, m->pend + 1, (m->npend - 1) * sizeof *m->pend);
    m->npend--;
    int64_t start = max64(m->dma_free, p.ready);
    m->dma_free = start + p.occ;
    if (m->trace) m->trace(m->trace_ud, &p.in, NC_UNIT_STORE, start, start + p.occ);
    note_read(m, &p.v, start + p.occ, false);
    m->end = max64(m->end, start + p.occ + m->t->dma_latency);
    m->st.dma_busy += p.occ;
    m->st.dma_store_busy += p.occ;
}

/* Before an instruction overwrites bytes a pending store still has to
 * read, the stores up to that one run (so the write waits for them). */
static void flush_conflicts(nc_model *m, const np_view *w) {
    int64_t lo, hi;
    range_of(m, w, &lo, &hi);
    int32_t last = -1;
    for (uint32_t i = 0; i < m->npend; i++) {
        int64_t plo, phi;
        range_of(m, &m->pend[i].v, &plo, &phi);
        if (plo < hi && lo < phi) last = (int32_t)i;
    }
    for (int32_t i = 0; i <= last; i++) run_store(m);
}

/* --------------------------------------------------------------- step */

typedef struct array_trace {
    nc_model *m;
    const np_insn *in;
    int unit;
} array_trace;

static void array_trace_fn(void *ud, int64_t start, int64_t end) {
    array_trace *at = ud;
    at->m->trace(at->m->trace_ud, at->in, at->unit, start, end);
}

static int64_t ilog2_ceil(int64_t x) {
    int64_t r = 0;
    while (((int64_t)1 << r) < x) r++;
    return r;
}

static int64_t vec_groups(const nc_model *m, int64_t rows, int64_t cols) {
    int64_t per_lane = rows * ceil_div(cols, m->L);
    return ceil_div(per_lane, nt_vector_elems(m->t, m->elem));
}

void nc_step(nc_model *m, const np_insn *in) {
    nc_stats *st = &m->st;
    st->ninsn++;
    switch ((np_opcode)in->op) {
    case NP_BIRTH:
    case NP_DEATH: return;
    case NP_BARRIER:
        while (m->npend) run_store(m);
        m->dma_free = m->vu_free = m->end;
        for (int64_t s = 0; s < m->nsa; s++) {
            m->sa[s].wfree = max64(m->sa[s].wfree, m->end);
            m->sa[s].sfree = max64(m->sa[s].sfree, m->end);
        }
        return;
    case NP_MVIN: {
        int64_t req = nc_dma_requests(&in->dram, in->dst.rows, in->dst.cols, m->elem, m->S);
        if (req == 0) return;
        int64_t occ = nc_dma_cycles(m, req);
        flush_conflicts(m, &in->dst);
        int64_t r = ready_for(m, &in->dst, true, false);
        /* stores that can start while the engine would wait for this load */
        while (m->npend) {
            nc_store *p = &m->pend[0];
            int64_t sp = max64(m->dma_free, p->ready);
            if (sp >= max64(m->dma_free, r)) break;
            run_store(m);
        }
        int64_t start = max64(m->dma_free, r);
        m->dma_free = start + occ;
        int64_t done = start + occ + m->t->dma_latency;
        note_write(m, &in->dst, done, UNIT_DMA);
        if (m->trace) m->trace(m->trace_ud, in, NC_UNIT_LOAD, start, start + occ);
        m->end = max64(m->end, done);
        st->ndma++;
        st->dma_busy += occ;
        st->dma_load_busy += occ;
        st->dram_request_bytes += req * m->S;
        st->dma_bytes += nc_dma_bytes(&in->dram, in->dst.rows, in->dst.cols, m->elem);
        return;
    }
    case NP_MVOUT: {
        int64_t req = nc_dma_requests(&in->dram, in->a.rows, in->a.cols, m->elem, m->S);
        if (req == 0) return;
        if (m->npend == NC_MAX_PENDING) run_store(m);
        nc_store *p = &m->pend[m->npend++];
        p->v = in->a;
        if (m->trace) p->in = *in; /* VEC's pointers are not kept; a store has none */
        p->ready = ready_for(m, &in->a, false, false);
        p->occ = nc_dma_cycles(m, req);
        st->ndma++;
        st->dram_request_bytes += req * m->S;
        st->dma_bytes += nc_dma_bytes(&in->dram, in->a.rows, in->a.cols, m->elem);
        return;
    }
    case NP_FILL: {
        flush_conflicts(m, &in->dst);
        int64_t occ = vec_groups(m, in->dst.rows, in->dst.cols);
        int64_t start = max64(m->vu_free, ready_for(m, &in->dst, true, false));
        m->vu_free = start + occ;
        int64_t done = start + occ + 1;
        if (m->trace) m->trace(m->trace_ud, in, NC_UNIT_VU, start, start + occ);
        note_write(m, &in->dst, done, UNIT_VU);
        m->end = max64(m->end, done);
        st->vu_busy += occ;
        st->nvec++;
        return;
    }
    case NP_VEC: {
        const np_vprog *p = in->prog;
        int64_t occ = vec_groups(m, in->rows, in->cols) * (p->nalu ? p->nalu : 1);
        if (in->mode == NP_VREDUCE_COLS || in->mode == NP_VREDUCE_ALL) occ += in->rows * ilog2_ceil(m->L);
        flush_conflicts(m, &in->dst);
        int64_t t = ready_for(m, &in->dst, true, false);
        for (uint32_t s = 0; s < in->nsrc; s++) t = max64(t, ready_for(m, &in->src[s], false, false));
        int64_t start = max64(m->vu_free, t);
        m->vu_free = start + occ;
        int64_t done = start + occ + 1 + (p->sfu ? m->t->sfu_latency : 0);
        for (uint32_t s = 0; s < in->nsrc; s++) note_read(m, &in->src[s], done, false);
        note_read(m, &in->dst, done, false);
        note_write(m, &in->dst, done, UNIT_VU);
        if (m->trace) m->trace(m->trace_ud, in, NC_UNIT_VU, start, start + occ);
        m->end = max64(m->end, done);
        st->vu_busy += occ;
        st->vec_elem_ops += in->rows * in->cols * (p->nalu ? p->nalu : 1);
        st->nvec++;
        return;
    }
    case NP_GEMM: {
        flush_conflicts(m, &in->dst);
        int64_t t0 = ready_for(m, &in->a, false, false);
        t0 = max64(t0, ready_for(m, &in->b, false, false));
        t0 = max64(t0, ready_for(m, &in->dst, true, true));
        int64_t nblk = ceil_div(in->k, m->L) * ceil_div(in->cols, m->L);
        int64_t send = t0, done = t0;
        for (int64_t s = 0; s < m->nsa && nblk > 0; s++) {
            int64_t idx = (int64_t)((m->next_sa + (uint64_t)s) % (uint64_t)m->nsa);
            int64_t cnt = nblk / m->nsa + (s < nblk % m->nsa ? 1 : 0);
            if (cnt == 0) continue;
            int64_t se, dn;
            array_trace at = {m, in, NC_UNIT_SA0 + (int)idx};
            nc_array_run(&m->sa[idx], t0, in->rows, m->L, m->wslots, cnt, &se, &dn, m->trace ? array_trace_fn : NULL, &at);
            send = max64(send, se);
            done = max64(done, dn);
            st->sa_busy += cnt * in->rows;
            st->sa_busy_each[idx] += cnt * in->rows;
        }
        m->next_sa = (uint32_t)((m->next_sa + (uint64_t)nblk) % (uint64_t)m->nsa);
        note_read(m, &in->a, send, false);
        note_read(m, &in->b, send, false);
        if (in->flags & NP_ACC) note_read(m, &in->dst, send, true);
        note_write(m, &in->dst, done, UNIT_SA);
        m->end = max64(m->end, done);
        st->macs += in->rows * in->k * in->cols;
        st->ngemm++;
        return;
    }
    }
}

static void sink_fn(void *ud, const np_insn *in) { nc_step(ud, in); }

np_sink nc_sink(nc_model *m) { return (np_sink){sink_fn, m}; }

nc_stats nc_finish(nc_model *m) {
    while (m->npend) run_store(m);
    m->st.cycles = m->end;
    return m->st;
}
