/* timing.c - the npu timing model (see timing.h). */
#include "timing.h"

#include <math.h>
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
    int64_t stamp;   /* the model's access count at its last access */
};

void nc_init(nc_model *m, sp_ctx *ctx, const nt_target *t) {
    memset(m, 0, sizeof *m);
    m->ctx = ctx;
    m->t = t;
    m->L = t->lanes;
    m->S = t->dram_req_bytes;
    m->nsa = t->num_sa < NC_MAX_SA ? t->num_sa : NC_MAX_SA;
    m->wslots = t->sa_weight_slots < NC_MAX_WSLOTS ? t->sa_weight_slots : NC_MAX_WSLOTS;
    m->bw = nt_dram_bytes_per_cycle(t);
}

void nc_free(nc_model *m) {
    if (m->rng) sp_free(m->ctx, m->rng);
    m->rng = NULL;
    m->nrng = m->caprng = 0;
}

static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }
static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }
static int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

int64_t nc_add(int64_t a, int64_t b) {
    int64_t r;
    return __builtin_add_overflow(a, b, &r) || r > NC_TIME_MAX ? NC_TIME_MAX : r;
}

int64_t nc_mul(int64_t a, int64_t b) {
    int64_t r;
    return __builtin_mul_overflow(a, b, &r) || r > NC_TIME_MAX ? NC_TIME_MAX : r;
}

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

/* A run's DRAM rows of R bytes, as if its first burst began a row (so the
 * count depends on its alignment to bursts only, which repeats with the
 * tile loops' periods, and not to rows, which would need periods R / S
 * times longer for the search's extrapolation to stay exact): its bursts'
 * bytes in whole rows when they are dense (stride under a burst), its
 * extent in whole rows when its elements are a burst or more apart, one
 * row an element when they are a row or more apart. */
static int64_t run_rows(int64_t start, int64_t n, int64_t s, int64_t elem, int64_t S, int64_t R) {
    if (n <= 0) return 0;
    int64_t as = s < 0 ? -s : s;
    if (as * elem >= R) return n;
    if (as * elem >= S) return ceil_div((n - 1) * as * elem + elem, R);
    return ceil_div(run_blocks(start, n, s, elem, S) * S, R);
}

/* The sum over a rows x cols region's runs of bursts (R = 0) or rows of R
 * bytes (run_rows); a region whose runs lie back to back is one run. */
static int64_t region_sum(const np_dram *d, int64_t rows, int64_t cols, int64_t elem, int64_t S, int64_t R) {
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
    if (R && si == 1 && so == ni) { /* one contiguous block */
        ni *= no;
        no = 1;
    }
    /* the runs' alignment repeats with period S / gcd(so*elem mod S, S) */
    int64_t step = ((so * elem) % S + S) % S;
    int64_t period = step == 0 ? 1 : S / gcd64(step, S);
    if (period > no) period = no;
    int64_t sum = 0, part = 0;
    int64_t rem = no % period;
    for (int64_t j = 0; j < period; j++) {
        int64_t at = (d->off + j * so) * elem;
        int64_t b = R ? run_rows(at, ni, si, elem, S, R) : run_blocks(at, ni, si, elem, S);
        sum += b;
        if (j < rem) part += b;
    }
    return (no / period) * sum + part;
}

int64_t nc_dma_requests(const np_dram *d, int64_t rows, int64_t cols, int64_t elem, int64_t S) {
    return region_sum(d, rows, cols, elem, S, 0);
}

int64_t nc_dram_rows(const np_dram *d, int64_t rows, int64_t cols, int64_t elem, int64_t S, int64_t R) {
    return region_sum(d, rows, cols, elem, S, R);
}

int64_t nc_dma_cycles(const nc_model *m, int64_t requests) {
    if (requests <= 0) return 0;
    double c = (double)requests * (double)m->S / m->bw;
    if (!(c < (double)NC_TIME_MAX)) return NC_TIME_MAX;
    int64_t ci = (int64_t)c;
    if ((double)ci < c) ci++;
    return ci > 0 ? ci : 1;
}

/* ------------------------------------------------------- scoreboard */

static void range_of(const nc_model *m, const np_view *v, int64_t *lo, int64_t *hi) {
    *lo = v->off;
    *hi = v->off + np_view_span(v, m->L);
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

/* The segments [*a, *b) of view v's bytes, split at its ends and stamped
 * as accessed now (false: the view is empty). */
static bool touch(nc_model *m, const np_view *v, uint32_t *a, uint32_t *b) {
    int64_t lo, hi;
    range_of(m, v, &lo, &hi);
    if (hi <= lo) return false;
    *a = seg_split(m, lo);
    *b = seg_split(m, hi);
    m->ctr++;
    for (uint32_t i = *a; i < *b; i++) m->rng[i].stamp = m->ctr;
    return true;
}

/* When an access to view v may start: after the writes it reads (RAW)
 * and, when it writes, after the reads and writes it overwrites. A GEMM
 * accumulating into its destination is ordered after earlier GEMMs by the
 * arrays' pipeline, not by the scoreboard. */
static int64_t ready_for(nc_model *m, const np_view *v, bool write, bool acc_dst) {
    uint32_t a, b;
    int64_t t = 0;
    if (!touch(m, v, &a, &b)) return 0;
    for (uint32_t i = a; i < b; i++) {
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
    uint32_t a, b;
    if (!touch(m, v, &a, &b)) return;
    for (uint32_t i = a; i < b; i++) {
        nc_range *r = &m->rng[i];
        r->rdone = max64(r->rdone, rel);
        if (!chained) r->rdone_x = max64(r->rdone_x, rel);
    }
}

static void note_write(nc_model *m, const np_view *v, int64_t done, uint8_t unit) {
    uint32_t a, b;
    if (!touch(m, v, &a, &b)) return;
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
        int64_t pe = nc_add(ps, L);
        a->wfree = pe;
        ss = max64(pe, a->sfree);
        a->sfree = nc_add(ss, rows);
        a->rel[a->head] = a->sfree;
        a->nblocks++;
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
                int64_t sh = nc_mul(left, p);
                ss = nc_add(ss, sh);
                a->wfree = nc_add(a->wfree, sh);
                a->sfree = nc_add(a->sfree, sh);
                a->nblocks += left;
                /* the slots seen from the head shift by p a block: after
                 * `left` blocks the head has moved on by left and the j-th
                 * slot from it is today's j-th plus sh (not the slot that
                 * happens to sit there now, unless left is a multiple of
                 * the slots) */
                a->head = (uint32_t)((a->head + left) % (uint64_t)wslots);
                for (int64_t j = 0; j < wslots; j++) a->rel[(a->head + j) % wslots] = nc_add(cur.rel[j], ss); /* cur: from the old ss */
                break;
            }
        }
        prev = cur;
        prev_ss = ss;
        have_prev = true;
    }
    if (run && run_hi > run_lo) run(ud, run_lo, run_hi);
    *stream_end = nc_add(ss, rows);
    *done = nc_add(*stream_end, 2 * L - 1);
}

/* ------------------------------------------------------- pending stores */

/* Run the oldest pending store on the DMA engine. */
static void run_store(nc_model *m) {
    nc_store p = m->pend[0];
    memmove(m->pend, m->pend + 1, (m->npend - 1) * sizeof *m->pend);
    m->npend--;
    int64_t start = max64(m->dma_free, p.ready);
    m->dma_free = nc_add(start, p.occ);
    if (m->trace) m->trace(m->trace_ud, &p.in, NC_UNIT_STORE, start, m->dma_free);
    note_read(m, &p.v, m->dma_free, false);
    m->end = max64(m->end, nc_add(m->dma_free, p.lat));
    m->nu_dma++;
    m->st.dma_busy = nc_add(m->st.dma_busy, p.occ);
    m->st.dma_store_busy = nc_add(m->st.dma_store_busy, p.occ);
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

/* Vector-unit groups of a view's elements (a fill). */
static int64_t vec_groups(const nc_model *m, const np_view *v) {
    return ceil_div(np_view_lane_elems(v, m->L), nt_vector_elems(m->t, np_view_elem(v)));
}

/* ------------------------------------------------------ energy counts
 *
 * Scratchpad accesses, in bytes summed over the lanes (a view's rows x
 * cols elements at its element size; padding in a lane's slice is not
 * accessed):
 *   MVIN    writes its destination; MVOUT reads its tile
 *   FILL    writes its destination
 *   VEC     reads each source view once and, when its program reads the
 *           accumulator (NV_ACC), the destination; writes the destination
 *   GEMM    weight-stationary arrays of L x L: the weights [k x cols] are
 *           read once; the input rows [rows x k] stream once per block of
 *           L weight columns; each block of L of k leaves its partial sums
 *           [rows x cols] in the accumulator (a write), and every such sum
 *           after the first, and the first too when the GEMM accumulates
 *           (NP_ACC), is added to what is there (a read)
 * DRAM row activations (nc_dram_rows): DRAM is taken as rows of
 * dram_row_bytes; a transfer activates, for each of its runs (the rows of a
 * 2-D region, as nc_dma_requests counts bursts; a region whose rows lie
 * back to back is one run), the rows it spans as if it began at a row
 * boundary (run_rows), and no row stays open from one run or transfer to
 * the next (closed page). Tensors are taken to start at row boundaries,
 * and a run's misalignment to rows is not counted: it would make the count
 * depend on addresses modulo the row, whose period the search's
 * extrapolation cannot afford (npu-timing's periods are in bursts). Channel
 * interleaving is not modelled: a row is one row however the controller
 * spreads it over channels. */
static int64_t view_bytes(const np_view *v) { return nc_mul(nc_mul(v->rows, v->cols), np_view_elem(v)); }

static bool vprog_reads_acc(const np_vprog *p) {
    for (uint32_t i = 0; i < p->n; i++)
        if (p->insn[i].op == NV_ACC) return true;
    return false;
}

static void count_dma(nc_model *m, const np_dram *d, const np_view *v, bool load, int64_t ways) {
    nc_stats *st = &m->st;
    int64_t e = np_view_elem(v);
    int64_t rows = nc_dram_rows(d, v->rows, v->cols, e, m->S, m->t->dram_row_bytes);
    st->dram_activations = nc_add(st->dram_activations, (rows + ways - 1) / ways); /* a shared load's: its part */
    if (load)
        st->spad_write_bytes = nc_add(st->spad_write_bytes, view_bytes(v));
    else
        st->spad_read_bytes = nc_add(st->spad_read_bytes, view_bytes(v));
}

/* Split K's on-chip route (cores.h): a transfer of a tensor at or above
 * t->noc_tensors goes to or from a core's scratchpad over the
 * interconnect, not to DRAM: at the core's injection rate (its ports, one
 * request each a cycle; an SRAM has no refresh or row misses to lose
 * cycles to), the interconnect's latency each way; its bytes are
 * noc_bytes, not DRAM's (no bursts, rows or DRAM energy). */
static bool on_noc(const nc_model *m, const np_dram *d) { return m->t->noc_tensors && d->tensor >= m->t->noc_tensors; }

static int64_t noc_cycles(const nc_model *m, int64_t requests) {
    double c = (double)requests * (double)m->S / nt_noc_bytes_per_cycle(m->t);
    if (!(c < (double)NC_TIME_MAX)) return NC_TIME_MAX;
    int64_t ci = (int64_t)c;
    if ((double)ci < c) ci++;
    return requests <= 0 ? 0 : ci > 0 ? ci : 1;
}

/* Occupancy and latency of a transfer of `req` requests, and its counts. */
static void transfer(nc_model *m, const np_insn *in, const np_view *v, bool load, int64_t req, int64_t *occ, int64_t *lat) {
    nc_stats *st = &m->st;
    int64_t nb = nc_dma_bytes(&in->dram, v->rows, v->cols, np_view_elem(v));
    st->ndma = nc_add(st->ndma, 1);
    if (on_noc(m, &in->dram)) {
        *occ = noc_cycles(m, req);
        *lat = 2 * m->t->icnt_latency; /* a load's request there, its data back; a store's ack */
        st->noc_bytes = nc_add(st->noc_bytes, nb);
        if (load)
            st->spad_write_bytes = nc_add(st->spad_write_bytes, view_bytes(v));
        else
            st->spad_read_bytes = nc_add(st->spad_read_bytes, view_bytes(v));
        return;
    }
    /* a shared operand (cores.h): this core fetches 1/ways of the
     * transfer's bursts from DRAM and its peers' fetches of the rest
     * arrive over the interconnect meanwhile (pushed by them, as wide as
     * its own ports); the engine is busy until the slower of the two is
     * in, and the peers' part crosses the interconnect once more. Bytes
     * and row activations apportioned as the bursts, rounded up: the
     * cores' parts never sum below the transfer */
    int64_t ways = load ? nt_mcast_ways(m->t, in->dram.tensor) : 1;
    int64_t rd = (req + ways - 1) / ways, nbd = nb;
    *occ = nc_dma_cycles(m, rd);
    *lat = m->t->dma_latency;
    if (ways > 1) {
        int64_t on = noc_cycles(m, req - rd);
        if (on > *occ) *occ = on;
        *lat += m->t->icnt_latency;
        double share = ceil((double)nb * (double)rd / (double)req);
        nbd = share < (double)nb ? (int64_t)share : nb;
        st->noc_bytes = nc_add(st->noc_bytes, nb - nbd);
    }
    st->dram_request_bytes = nc_add(st->dram_request_bytes, nc_mul(rd, m->S));
    st->dma_bytes = nc_add(st->dma_bytes, nbd);
    st->dma_why[in->why < NP_NWHY ? in->why : 0] = nc_add(st->dma_why[in->why < NP_NWHY ? in->why : 0], nbd);
    count_dma(m, &in->dram, v, load, ways);
}

nc_energy nc_energy_of(const nt_target *t, const nc_stats *s) {
    nc_energy e;
    e.mac = (double)s->macs * (t->e_mult_pj + t->e_add_pj);
    e.vec = (double)s->vec_elem_ops * t->e_vec_op_pj;
    e.spad = ((double)s->spad_read_bytes * t->e_spad_read_pj + (double)s->spad_write_bytes * t->e_spad_write_pj) / 8.0;
    e.dram = (double)s->dram_request_bytes * 8.0 * t->e_dram_bit_pj + (double)s->dram_activations * t->e_dram_act_pj;
    e.total = e.mac + e.vec + e.spad + e.dram;
    return e;
}

/* A load of req requests into in->dst (MVIN; GATHER, after its index
 * tile idx is written, which it reads). */
static void load(nc_model *m, const np_insn *in, int64_t req, const np_view *idx) {
    nc_stats *st = &m->st;
    if (req == 0) return;
    int64_t occ, lat;
    transfer(m, in, &in->dst, true, req, &occ, &lat);
    flush_conflicts(m, &in->dst);
    int64_t r = ready_for(m, &in->dst, true, false);
    if (idx) r = max64(r, ready_for(m, idx, false, false));
    /* stores that can start while the engine would wait for this load */
    while (m->npend) {
        nc_store *p = &m->pend[0];
        int64_t sp = max64(m->dma_free, p->ready);
        if (sp >= max64(m->dma_free, r)) break;
        run_store(m);
    }
    int64_t start = max64(m->dma_free, r);
    m->dma_free = nc_add(start, occ);
    m->nu_dma++;
    int64_t done = nc_add(m->dma_free, lat);
    if (idx) { /* each index read as its request issues: the last as the engine frees */
        note_read(m, idx, m->dma_free, false);
        st->spad_read_bytes = nc_add(st->spad_read_bytes, view_bytes(idx));
    }
    note_write(m, &in->dst, done, UNIT_DMA);
    if (m->trace) m->trace(m->trace_ud, in, NC_UNIT_LOAD, start, m->dma_free);
    m->end = max64(m->end, done);
    st->dma_busy = nc_add(st->dma_busy, occ);
    st->dma_load_busy = nc_add(st->dma_load_busy, occ);
}

void nc_step(nc_model *m, const np_insn *in) {
    nc_stats *st = &m->st;
    st->ninsn = nc_add(st->ninsn, 1);
    st->stepped++;
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
        int64_t e = np_view_elem(&in->dst);
        load(m, in, nc_dma_requests(&in->dram, in->dst.rows, in->dst.cols, e, m->S), NULL);
        return;
    }
    case NP_GATHER: {
        /* data-independent: each element its own burst and its own DRAM
         * row, wherever the indices point (the engine issues one request
         * per index, which it learns only at run time): timed as a load
         * whose elements lie a burst and a row apart */
        int64_t e = np_view_elem(&in->dst);
        int64_t far = ceil_div(max64(m->S, m->t->dram_row_bytes), e);
        np_insn g = *in;
        g.dram.off = 0;
        g.dram.cs = far;
        g.dram.rs = nc_mul(far, in->dst.cols);
        load(m, &g, nc_mul(in->dst.rows, in->dst.cols), &in->a);
        return;
    }
    case NP_MVOUT: {
        int64_t e = np_view_elem(&in->a);
        int64_t req = nc_dma_requests(&in->dram, in->a.rows, in->a.cols, e, m->S);
        if (req == 0) return;
        if (m->npend == NC_MAX_PENDING) run_store(m);
        nc_store *p = &m->pend[m->npend++];
        p->v = in->a;
        if (m->trace) p->in = *in; /* VEC's pointers are not kept; a store has none */
        p->ready = ready_for(m, &in->a, false, false);
        transfer(m, in, &in->a, false, req, &p->occ, &p->lat);
        m->nenq++;
        return;
    }
    case NP_FILL: {
        flush_conflicts(m, &in->dst);
        int64_t occ = vec_groups(m, &in->dst);
        int64_t start = max64(m->vu_free, ready_for(m, &in->dst, true, false));
        m->vu_free = nc_add(start, occ);
        m->nu_vu++;
        int64_t done = nc_add(m->vu_free, 1);
        if (m->trace) m->trace(m->trace_ud, in, NC_UNIT_VU, start, m->vu_free);
        note_write(m, &in->dst, done, UNIT_VU);
        m->end = max64(m->end, done);
        st->vu_busy = nc_add(st->vu_busy, occ);
        st->spad_write_bytes = nc_add(st->spad_write_bytes, view_bytes(&in->dst));
        st->nvec = nc_add(st->nvec, 1);
        return;
    }
    case NP_VEC: {
        const np_vprog *p = in->prog;
        int64_t alu = p->nalu ? p->nalu : 1;
        int de = np_view_elem(&in->dst);
        int64_t occ = np_vprog_groups(p, nc_mul(in->rows, ceil_div(in->cols, m->L)), m->t->vlen_bits, de);
        if (in->mode == NP_VREDUCE_COLS || in->mode == NP_VREDUCE_ALL) occ = nc_add(occ, nc_mul(in->rows, ilog2_ceil(m->L)));
        flush_conflicts(m, &in->dst);
        int64_t t = ready_for(m, &in->dst, true, false);
        for (uint32_t s = 0; s < in->nsrc; s++) t = max64(t, ready_for(m, &in->src[s], false, false));
        int64_t start = max64(m->vu_free, t);
        m->vu_free = nc_add(start, occ);
        m->nu_vu++;
        int64_t done = nc_add(m->vu_free, 1 + (p->sfu ? m->t->sfu_latency : 0));
        for (uint32_t s = 0; s < in->nsrc; s++) note_read(m, &in->src[s], done, false);
        note_read(m, &in->dst, done, false);
        note_write(m, &in->dst, done, UNIT_VU);
        if (m->trace) m->trace(m->trace_ud, in, NC_UNIT_VU, start, m->vu_free);
        m->end = max64(m->end, done);
        st->vu_busy = nc_add(st->vu_busy, occ);
        st->vec_elem_ops = nc_add(st->vec_elem_ops, nc_mul(nc_mul(in->rows, in->cols), alu));
        st->vec_op_bytes = nc_add(st->vec_op_bytes, nc_mul(nc_mul(in->rows, in->cols), p->nalu ? np_vprog_op_bytes(p) : de));
        for (uint32_t s = 0; s < in->nsrc; s++) st->spad_read_bytes = nc_add(st->spad_read_bytes, view_bytes(&in->src[s]));
        if (vprog_reads_acc(p)) st->spad_read_bytes = nc_add(st->spad_read_bytes, view_bytes(&in->dst));
        st->spad_write_bytes = nc_add(st->spad_write_bytes, view_bytes(&in->dst));
        st->nvec = nc_add(st->nvec, 1);
        return;
    }
    case NP_GEMM: {
        flush_conflicts(m, &in->dst);
        int64_t t0 = ready_for(m, &in->a, false, false);
        t0 = max64(t0, ready_for(m, &in->b, false, false));
        t0 = max64(t0, ready_for(m, &in->dst, true, true));
        int64_t nblk = nc_mul(ceil_div(in->k, m->L), ceil_div(in->cols, m->L));
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
            st->sa_busy = nc_add(st->sa_busy, nc_mul(cnt, in->rows));
            st->sa_busy_each[idx] = nc_add(st->sa_busy_each[idx], nc_mul(cnt, in->rows));
        }
        m->next_sa = (uint32_t)((m->next_sa + (uint64_t)nblk) % (uint64_t)m->nsa);
        note_read(m, &in->a, send, false);
        note_read(m, &in->b, send, false);
        if (in->flags & NP_ACC) note_read(m, &in->dst, send, true);
        note_write(m, &in->dst, done, UNIT_SA);
        m->end = max64(m->end, done);
        st->macs = nc_add(st->macs, nc_mul(nc_mul(in->rows, in->k), in->cols));
        {
            int64_t kb = ceil_div(in->k, m->L), cb = ceil_div(in->cols, m->L);
            int64_t acc = nc_mul(nc_mul(in->rows, in->cols), np_view_elem(&in->dst));
            int64_t rd = nc_add(nc_mul(nc_mul(in->k, in->cols), np_view_elem(&in->b)),
                                nc_mul(nc_mul(nc_mul(in->rows, in->k), np_view_elem(&in->a)), cb));
            if (kb > 0) rd = nc_add(rd, nc_mul(acc, kb - 1 + ((in->flags & NP_ACC) ? 1 : 0)));
            st->spad_read_bytes = nc_add(st->spad_read_bytes, rd);
            st->spad_write_bytes = nc_add(st->spad_write_bytes, nc_mul(acc, kb));
        }
        st->ngemm = nc_add(st->ngemm, 1);
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

/* ------------------------------------------------- periodic streams */

/* Raise times that can no longer bind to what binds them: a pending store
 * starts no earlier than the engine frees, a weight slot is taken no
 * earlier than its array's weight path frees (both only grow). No later
 * time changes; equal futures then have equal states. */
static void canon(nc_model *m) {
    for (uint32_t i = 0; i < m->npend; i++) m->pend[i].ready = max64(m->pend[i].ready, m->dma_free);
    for (int64_t s = 0; s < m->nsa; s++)
        for (int64_t j = 0; j < m->wslots; j++) m->sa[s].rel[j] = max64(m->sa[s].rel[j], m->sa[s].wfree);
}

static void seg_append(sp_ctx *ctx, nc_range **v, uint32_t *n, uint32_t *cap, const nc_range *r) {
    if (*n == *cap) {
        uint32_t nc = *cap ? *cap * 2 : 64;
        *v = sp_realloc(ctx, *v, nc * sizeof **v);
        *cap = nc;
    }
    (*v)[(*n)++] = *r;
}

static bool in_buf(const nc_slide *sl, int64_t lo) { return sl && lo >= sl->buf_lo && lo < sl->buf_hi; }

/* Canonical times, and segment boundaries at the slide's buffer and
 * window, so that two states compare segment by segment. */
static void prepare(nc_model *m, const nc_slide *sl, int64_t win) {
    canon(m);
    if (sl) {
        seg_split(m, sl->buf_lo);
        seg_split(m, sl->buf_hi);
        seg_split(m, win);
        seg_split(m, win + sl->step);
    }
}

void nc_snap_take(nc_model *m, nc_snap *s, const nc_slide *sl, int64_t win) {
    prepare(m, sl, win);
    s->dma_free = m->dma_free, s->vu_free = m->vu_free, s->end = m->end;
    s->ctr = m->ctr, s->nu_dma = m->nu_dma, s->nu_vu = m->nu_vu, s->nenq = m->nenq;
    s->win = win;
    s->next_sa = m->next_sa;
    if (!s->sa) s->sa = sp_malloc(m->ctx, (size_t)(m->nsa > 0 ? m->nsa : 1) * sizeof *s->sa);
    memcpy(s->sa, m->sa, (size_t)m->nsa * sizeof *s->sa);
    s->nfix = s->nwnd = 0;
    for (uint32_t i = 0; i < m->nrng; i++) {
        const nc_range *r = &m->rng[i];
        if (!in_buf(sl, r->lo))
            seg_append(m->ctx, &s->fix, &s->nfix, &s->capfix, r);
        else if (r->lo >= win && r->lo < win + sl->step)
            seg_append(m->ctx, &s->wnd, &s->nwnd, &s->capwnd, r);
    }
    s->npend = m->npend;
    for (uint32_t i = 0; i < m->npend; i++) s->pend[i] = (nc_pend_copy){m->pend[i].v, m->pend[i].ready, m->pend[i].occ, m->pend[i].lat};
    s->st = m->st;
}

void nc_snap_free(sp_ctx *ctx, nc_snap *s) {
    if (s->sa) sp_free(ctx, s->sa);
    if (s->fix) sp_free(ctx, s->fix);
    if (s->wnd) sp_free(ctx, s->wnd);
    memset(s, 0, sizeof *s);
}

int64_t nc_scoreboard_max(nc_model *m, int64_t lo, int64_t hi) {
    int64_t t = 0;
    if (m->nrng == 0 || hi <= lo) return 0;
    for (uint32_t i = seg_find(m, lo); i < m->nrng && m->rng[i].lo < hi; i++)
        t = max64(t, max64(m->rng[i].wdone, max64(m->rng[i].rdone, m->rng[i].rdone_x)));
    return t;
}

/* How the state now relates to a snapshot: the period's time shift d, the
 * least free time of the units it used (fu: a later start is at least
 * that) and of every unit the program uses (fa: a time below it never
 * matters again, whoever reads it). */
typedef struct period {
    int64_t d, fu, fa;
    bool dma, vu, sa[NC_MAX_SA];
} period;

static bool views_eq(const np_view *a, const np_view *b) {
    return a->buf == b->buf && a->off == b->off && a->rows == b->rows && a->cols == b->cols && a->ld == b->ld;
}

static bool units_match(const nc_model *m, const nc_snap *u, period *p) {
    p->dma = m->nu_dma != u->nu_dma;
    p->vu = m->nu_vu != u->nu_vu;
    p->d = -1;
    if (p->dma) p->d = m->dma_free - u->dma_free;
    else if (p->vu) p->d = m->vu_free - u->vu_free;
    for (int64_t s = 0; s < m->nsa; s++) {
        p->sa[s] = m->sa[s].nblocks != u->sa[s].nblocks;
        if (p->sa[s] && p->d < 0) p->d = m->sa[s].wfree - u->sa[s].wfree;
    }
    bool any = p->dma || p->vu;
    for (int64_t s = 0; s < m->nsa; s++) any |= p->sa[s];
    if (!any) p->d = 0;
    if (p->d < 0) return false;
    int64_t d = p->d;
    uint8_t uses = m->uses ? m->uses : NC_USES_DMA | NC_USES_VU | NC_USES_SA;
    p->fu = p->fa = INT64_MAX;
    if (m->dma_free != u->dma_free + (p->dma ? d : 0) || m->vu_free != u->vu_free + (p->vu ? d : 0)) return false;
    if (p->dma) p->fu = min64(p->fu, u->dma_free);
    if (p->vu) p->fu = min64(p->fu, u->vu_free);
    if (uses & NC_USES_DMA) p->fa = min64(p->fa, u->dma_free);
    if (uses & NC_USES_VU) p->fa = min64(p->fa, u->vu_free);
    for (int64_t s = 0; s < m->nsa; s++) {
        const nc_array *a = &m->sa[s], *b = &u->sa[s];
        int64_t dd = p->sa[s] ? d : 0;
        if (a->wfree != b->wfree + dd || a->sfree != b->sfree + dd) return false;
        for (int64_t j = 0; j < m->wslots; j++)
            if (a->rel[(a->head + j) % m->wslots] != b->rel[(b->head + j) % m->wslots] + dd) return false;
        if (p->sa[s]) p->fu = min64(p->fu, b->wfree);
        if (uses & NC_USES_SA) p->fa = min64(p->fa, b->wfree);
    }
    p->fa = min64(p->fa, p->fu);
    if (m->next_sa != u->next_sa || m->end != u->end + d || m->npend != u->npend) return false;
    for (uint32_t i = 0; i < m->npend; i++) {
        const nc_store *c = &m->pend[i];
        const nc_pend_copy *o = &u->pend[i];
        if (!views_eq(&c->v, &o->v) || c->occ != o->occ || c->lat != o->lat || c->ready != o->ready + (p->dma ? d : 0))
            return false;
    }
    return true;
}

/* A time accessed in the period: shifted by d, or unchanged and below every
 * used unit's free time (read, never binding, never written). */
static bool time_ok(int64_t now, int64_t then, const period *p) {
    return now == then + p->d || (now == then && then < p->fu);
}

static bool fixed_match(const nc_model *m, const nc_snap *u, const nc_slide *sl, const period *p) {
    uint32_t j = 0;
    for (uint32_t i = 0; i < m->nrng; i++) {
        const nc_range *c = &m->rng[i];
        if (in_buf(sl, c->lo)) continue;
        if (j >= u->nfix) return false;
        const nc_range *o = &u->fix[j++];
        if (c->lo != o->lo || c->wunit != o->wunit) return false;
        if (c->stamp <= u->ctr) { /* untouched since: the same */
            if (c->wdone != o->wdone || c->rdone != o->rdone || c->rdone_x != o->rdone_x) return false;
            continue;
        }
        if (!time_ok(c->wdone, o->wdone, p) || !time_ok(c->rdone, o->rdone, p) || !time_ok(c->rdone_x, o->rdone_x, p))
            return false;
    }
    return j == u->nfix;
}

/* The window now against the snapshot's: each time shifted, or both below
 * every unit's free time (then no value of it ever matters). */
static bool window_match(nc_model *m, const nc_snap *u, const nc_slide *sl, int64_t win, const period *p) {
    uint32_t i = seg_find(m, win), j = 0;
    if (m->rng[i].lo != win) return false;
    for (; i < m->nrng && m->rng[i].lo < win + sl->step; i++, j++) {
        const nc_range *c = &m->rng[i];
        if (j >= u->nwnd) return false;
        const nc_range *o = &u->wnd[j];
        if (c->lo - win != o->lo - u->win) return false;
        int64_t cf[3] = {c->wdone, c->rdone, c->rdone_x}, of[3] = {o->wdone, o->rdone, o->rdone_x};
        for (int k = 0; k < 3; k++)
            if (cf[k] != of[k] + p->d && !(cf[k] < p->fa && of[k] < p->fa)) return false;
        if (c->wunit != o->wunit && !(c->wdone < p->fa && o->wdone < p->fa)) return false;
    }
    return j == u->nwnd;
}

static int64_t shift_if(int64_t t, int64_t floor, int64_t by) { return t >= floor ? nc_add(t, by) : t; }

/* The slide's chunks from win on, as q more periods would leave them: the
 * period just run wrote [win - D, win) (D the window's move per period);
 * period j writes the same at win + j D, its times later by (j + 1) d; the
 * window (partly written ahead) moves on by q D, q d later. Times below
 * fa are left as they are: nothing reads them any more. */
static void slide_on(nc_model *m, const nc_slide *sl, int64_t win, int64_t D, int64_t q, const period *p) {
    int64_t end = win + q * D + sl->step;
    seg_split(m, win - D);
    seg_split(m, win);
    seg_split(m, win + sl->step);
    seg_split(m, end);
    uint32_t pa = seg_find(m, win - D), pb = seg_find(m, win), wb = seg_find(m, win + sl->step), tail = seg_find(m, end);
    uint32_t np = pb - pa, nw = wb - pb;
    size_t n = (size_t)pb + (size_t)q * np + nw + (m->nrng - tail);
    if (n > UINT32_MAX / 2) sp_throw(m->ctx, SP_EINPUT, (sp_loc){0}, "out of memory (npu timing scoreboard)");
    nc_range *v = sp_malloc(m->ctx, sp_size_mul(m->ctx, n, sizeof *v));
    memcpy(v, m->rng, pb * sizeof *v);
    size_t k = pb;
    for (int64_t j = 0; j < q; j++) {
        int64_t by = nc_mul(j + 1, p->d);
        for (uint32_t i = pa; i < pb; i++) {
            nc_range r = m->rng[i];
            r.lo += (j + 1) * D;
            r.wdone = shift_if(r.wdone, p->fa, by);
            r.rdone = shift_if(r.rdone, p->fa, by);
            r.rdone_x = shift_if(r.rdone_x, p->fa, by);
            r.stamp = m->ctr;
            v[k++] = r;
        }
    }
    int64_t by = nc_mul(q, p->d);
    for (uint32_t i = pb; i < wb; i++) {
        nc_range r = m->rng[i];
        r.lo += q * D;
        r.wdone = shift_if(r.wdone, p->fa, by);
        r.rdone = shift_if(r.rdone, p->fa, by);
        r.rdone_x = shift_if(r.rdone_x, p->fa, by);
        r.stamp = m->ctr;
        v[k++] = r;
    }
    memcpy(v + k, m->rng + tail, (m->nrng - tail) * sizeof *v);
    k += m->nrng - tail;
    sp_free(m->ctx, m->rng);
    m->rng = v;
    m->nrng = m->caprng = (uint32_t)k;
}

static void stats_on(nc_stats *now, const nc_stats *then, int64_t q) {
    int64_t *a[] = {&now->dma_bytes, &now->dram_request_bytes, &now->dma_busy, &now->dma_load_busy, &now->dma_store_busy,
                    &now->sa_busy, &now->vu_busy, &now->macs, &now->vec_elem_ops, &now->vec_op_bytes, &now->ninsn, &now->ndma, &now->ngemm,
                    &now->nvec, &now->spad_read_bytes, &now->spad_write_bytes, &now->dram_activations, &now->noc_bytes};
    const int64_t *b[] = {&then->dma_bytes, &then->dram_request_bytes, &then->dma_busy, &then->dma_load_busy,
                          &then->dma_store_busy, &then->sa_busy, &then->vu_busy, &then->macs, &then->vec_elem_ops, &then->vec_op_bytes,
                          &then->ninsn, &then->ndma, &then->ngemm, &then->nvec, &then->spad_read_bytes,
                          &then->spad_write_bytes, &then->dram_activations, &then->noc_bytes};
    for (size_t i = 0; i < sizeof a / sizeof *a; i++) *a[i] = nc_add(*a[i], nc_mul(q, *a[i] - *b[i]));
    for (int i = 0; i < NP_NWHY; i++) now->dma_why[i] = nc_add(now->dma_why[i], nc_mul(q, now->dma_why[i] - then->dma_why[i]));
    for (int i = 0; i < NC_MAX_SA; i++)
        now->sa_busy_each[i] = nc_add(now->sa_busy_each[i], nc_mul(q, now->sa_busy_each[i] - then->sa_busy_each[i]));
}

bool nc_repeat(nc_model *m, const nc_snap *u, const nc_slide *sl, int64_t win, int64_t untouched, int64_t q) {
    if (q < 1) return false;
    int64_t D = sl ? win - u->win : 0;
    if (sl && (D <= 0 || win + sl->step > sl->hi || (sl->hi - win - sl->step) / D < q)) return false;
    prepare(m, sl, win);
    period p;
    if (!units_match(m, u, &p) || !fixed_match(m, u, sl, &p)) return false;
    if (sl && (!window_match(m, u, sl, win, &p) || untouched >= p.fa)) return false;
    /* q more periods */
    int64_t sh = nc_mul(q, p.d);
    if (p.dma) m->dma_free = nc_add(m->dma_free, sh);
    if (p.vu) m->vu_free = nc_add(m->vu_free, sh);
    for (int64_t s = 0; s < m->nsa; s++) {
        nc_array *a = &m->sa[s];
        if (!p.sa[s]) continue;
        a->wfree = nc_add(a->wfree, sh);
        a->sfree = nc_add(a->sfree, sh);
        for (int64_t j = 0; j < m->wslots; j++) a->rel[j] = nc_add(a->rel[j], sh);
        a->nblocks = nc_add(a->nblocks, nc_mul(q, a->nblocks - u->sa[s].nblocks));
    }
    m->end = nc_add(m->end, sh);
    if (p.dma)
        for (uint32_t i = 0; i < m->npend; i++) m->pend[i].ready = nc_add(m->pend[i].ready, sh);
    uint32_t j = 0;
    for (uint32_t i = 0; i < m->nrng; i++) {
        nc_range *c = &m->rng[i];
        if (in_buf(sl, c->lo)) continue;
        const nc_range *o = &u->fix[j++];
        if (c->stamp <= u->ctr || p.d == 0) continue;
        if (c->wdone == o->wdone + p.d) c->wdone = nc_add(c->wdone, sh);
        if (c->rdone == o->rdone + p.d) c->rdone = nc_add(c->rdone, sh);
        if (c->rdone_x == o->rdone_x + p.d) c->rdone_x = nc_add(c->rdone_x, sh);
    }
    if (sl) slide_on(m, sl, win, D, q, &p);
    stats_on(&m->st, &u->st, q);
    m->nu_dma = nc_add(m->nu_dma, nc_mul(q, m->nu_dma - u->nu_dma));
    m->nu_vu = nc_add(m->nu_vu, nc_mul(q, m->nu_vu - u->nu_vu));
    m->nenq = nc_add(m->nenq, nc_mul(q, m->nenq - u->nenq));
    return true;
}
