/* alloc_greedy.c - the offset planner's greedy plans (alloc.h, plan_greedy):
 * best fit by decreasing size, and best fit in order of start (a malloc
 * simulation) past PLAN_GREEDY_MAX_PAIRS conflicts or the clock. Works on
 * the items alloc.c prepares (alloc_int.h). */
#include "alloc_int.h"

#include <string.h>

/* ---------------------------------------------------------------------------
 * Greedy: best fit by decreasing size. */

typedef struct iv {
    int64_t lo, hi; /* forbidden base offsets [lo, hi) */
} iv;

#define IV_LO(x) ((x).lo)
PL_HEAPSORT_DEF(sort_iv, iv, IV_LO)

static int cmp_greedy(const void *ud, int32_t x, int32_t y) {
    const pl_item *it = ud;
    /* larger first; then earlier start (TFLite: allocation order); index */
    if (it[x].size != it[y].size) return it[x].size > it[y].size ? -1 : 1;
    if (it[x].a != it[y].a) return it[x].a < it[y].a ? -1 : 1;
    return x < y ? -1 : x > y;
}

/* Appends the forbidden base offsets that placed item y imposes on x. */
static size_t forbid(const pl_prep *p, const pl_item *x, const pl_item *y, int64_t oy, iv *f, size_t nf) {
    for (int32_t i = x->p0; i < x->p0 + x->np; i++) {
        const pl_piece *px = &p->pc[i];
        for (int32_t j = y->p0; j < y->p0 + y->np; j++) {
            const pl_piece *py = &p->pc[j];
            if (px->a < py->b && py->a < px->b) {
                /* x at o overlaps y iff o in (oy - px, oy + py) */
                f[nf].lo = oy - px->size + 1;
                f[nf].hi = oy + py->size;
                nf++;
            }
        }
    }
    return nf;
}

/* The clock is read every this many items (it only caps the call). */
#define GREEDY_CLOCK_EVERY 64

/* Best-fit placement of every item by decreasing size, over the conflict
 * lists; ioff receives offsets. *stopped: the deadline passed first (ioff
 * then holds a partial plan). */
static sp_status best_fit(pl_scratch *s, const pl_prep *p, int64_t *ioff, double deadline, bool *stopped) {
    int32_t m = p->m;
    *stopped = false;
    int32_t *ord = pl_scratch_alloc(s, (size_t)m, sizeof *ord);
    if (!ord) return pl_oom(s->ctx);
    /* the most forbidden intervals one item can collect: two runs of
     * consecutive pieces overlap in at most np_x + np_y - 1 pairs */
    size_t cap = 1;
    for (int32_t i = 0; i < m; i++) {
        size_t need = 0;
        for (int32_t e = p->adj_off[i]; e < p->adj_off[i + 1]; e++)
            need += (size_t)p->it[i].np + (size_t)p->it[p->adj[e]].np - 1;
        if (need > cap) cap = need;
    }
    iv *f = pl_scratch_alloc(s, cap, sizeof *f);
    if (!f) return pl_oom(s->ctx);
    for (int32_t i = 0; i < m; i++) {
        ord[i] = i;
        ioff[i] = -1;
    }
    pl_sort_idx(ord, (size_t)m, cmp_greedy, p->it);
    for (int32_t r = 0; r < m; r++) {
        if (r % GREEDY_CLOCK_EVERY == GREEDY_CLOCK_EVERY - 1 && pl_now() > deadline) {
            *stopped = true;
            return SP_OK;
        }
        int32_t xi = ord[r];
        const pl_item *x = &p->it[xi];
        size_t nf = 0;
        for (int32_t e = p->adj_off[xi]; e < p->adj_off[xi + 1]; e++) {
            int32_t yi = p->adj[e];
            if (ioff[yi] >= 0) nf = forbid(p, x, &p->it[yi], ioff[yi], f, nf);
        }
        sort_iv(f, nf);
        int64_t cur = 0, best = -1, best_slack = INT64_MAX;
        for (size_t k = 0; k < nf; k++) {
            if (f[k].lo > cur) {
                int64_t o = pl_align_up(cur, x->align);
                if (o < f[k].lo && f[k].lo - o < best_slack) {
                    best_slack = f[k].lo - o;
                    best = o;
                }
            }
            cur = pl_max64(cur, f[k].hi);
        }
        ioff[xi] = best >= 0 ? best : pl_align_up(cur, x->align);
    }
    return SP_OK;
}

/* ---------------------------------------------------------------------------
 * Greedy fallback: best fit in order of start, a malloc simulation. Sweeping
 * the sections, items (and the tails their in-place chains give back) free
 * their bytes where they die, then the items starting there take, largest
 * first, the free gap that leaves the least slack (ties: the shorter gap,
 * then the lower one), else go on top. Only buffers live now are in the way,
 * so each placement is a few searches in two treaps over the free gaps
 * below the top: by address (to merge neighbours) and by (length, address)
 * (best fit). O(n log n), whatever the overlap. */

typedef struct gapset {
    int64_t *lo, *hi;   /* gap [lo, hi) */
    int32_t *kid[2][2]; /* treap t's left and right child */
    uint64_t *pri;
    int32_t root[2];    /* 0: by lo; 1: by (hi - lo, lo) */
    int32_t *spare;     /* free node stack */
    int32_t nspare;
    int64_t top;        /* end of the highest live block; gaps lie below */
} gapset;

/* Nodes of treap t with key < (k1, k2) and the others. */
static bool gap_less(const gapset *g, int t, int32_t x, int64_t k1, int64_t k2) {
    if (t == 0) return g->lo[x] < k1;
    int64_t len = g->hi[x] - g->lo[x];
    return len != k1 ? len < k1 : g->lo[x] < k2;
}

static void gap_split(gapset *g, int t, int32_t x, int64_t k1, int64_t k2, int32_t *l, int32_t *r) {
    if (x < 0) {
        *l = *r = -1;
    } else if (gap_less(g, t, x, k1, k2)) {
        gap_split(g, t, g->kid[t][1][x], k1, k2, &g->kid[t][1][x], r);
        *l = x;
    } else {
        gap_split(g, t, g->kid[t][0][x], k1, k2, l, &g->kid[t][0][x]);
        *r = x;
    }
}

static int32_t gap_merge(gapset *g, int t, int32_t a, int32_t b) {
    if (a < 0) return b;
    if (b < 0) return a;
    if (g->pri[a] > g->pri[b]) {
        g->kid[t][1][a] = gap_merge(g, t, g->kid[t][1][a], b);
        return a;
    }
    g->kid[t][0][b] = gap_merge(g, t, a, g->kid[t][0][b]);
    return b;
}

static void gap_key(const gapset *g, int t, int32_t x, int64_t *k1, int64_t *k2) {
    *k1 = t == 0 ? g->lo[x] : g->hi[x] - g->lo[x];
    *k2 = g->lo[x];
}

static void gap_add(gapset *g, int64_t lo, int64_t hi) {
    int32_t x = g->spare[--g->nspare];
    g->lo[x] = lo;
    g->hi[x] = hi;
    for (int t = 0; t < 2; t++) {
        int64_t k1, k2;
        int32_t l, r;
        gap_key(g, t, x, &k1, &k2);
        g->kid[t][0][x] = g->kid[t][1][x] = -1;
        gap_split(g, t, g->root[t], k1, k2, &l, &r);
        g->root[t] = gap_merge(g, t, gap_merge(g, t, l, x), r);
    }
}

static void gap_remove(gapset *g, int32_t x) {
    for (int t = 0; t < 2; t++) {
        int64_t k1, k2;
        int32_t l, mid, r;
        gap_key(g, t, x, &k1, &k2);
        gap_split(g, t, g->root[t], k1, k2, &l, &r);
        if (t == 0) gap_split(g, t, r, k1 + 1, 0, &mid, &r);
        else gap_split(g, t, r, k1, k2 + 1, &mid, &r);
        g->root[t] = gap_merge(g, t, l, r);
    }
    g->spare[g->nspare++] = x;
}

/* The first node of treap t with key >= (k1, k2), or -1. */
static int32_t gap_ceil(const gapset *g, int t, int64_t k1, int64_t k2) {
    int32_t x = g->root[t], best = -1;
    while (x >= 0) {
        if (gap_less(g, t, x, k1, k2)) {
            x = g->kid[t][1][x];
        } else {
            best = x;
            x = g->kid[t][0][x];
        }
    }
    return best;
}

/* The gap with the largest lo below v, or -1. */
static int32_t gap_below(const gapset *g, int64_t v) {
    int32_t x = g->root[0], best = -1;
    while (x >= 0) {
        if (g->lo[x] < v) {
            best = x;
            x = g->kid[0][1][x];
        } else {
            x = g->kid[0][0][x];
        }
    }
    return best;
}

/* Bytes [lo, hi) are free again: merge with the gaps around them, or lower
 * the top when they reach it. */
static void gap_release(gapset *g, int64_t lo, int64_t hi) {
    if (lo >= hi) return;
    int32_t x = gap_below(g, lo);
    if (x >= 0 && g->hi[x] == lo) {
        lo = g->lo[x];
        gap_remove(g, x);
    }
    x = gap_ceil(g, 0, hi, 0);
    if (x >= 0 && g->lo[x] == hi) {
        hi = g->hi[x];
        gap_remove(g, x);
    }
    if (hi >= g->top) g->top = lo;
    else gap_add(g, lo, hi);
}

/* Gaps visited per placement at most (alignment can make many candidates
 * fail); past it the best so far, else the top. */
#define GAP_SCAN_MAX 64

static int64_t gap_take(gapset *g, int64_t size, int64_t align) {
    int32_t best = -1;
    int64_t bo = 0, bslack = 0;
    int scanned = 0;
    for (int32_t x = gap_ceil(g, 1, size, INT64_MIN); x >= 0 && scanned < GAP_SCAN_MAX; scanned++) {
        int64_t lo = g->lo[x], hi = g->hi[x];
        /* no gap from here on leaves less than len - (align - 1) - size */
        if (best >= 0 && hi - lo - (align - 1) - size >= bslack) break;
        int64_t o = pl_align_up(lo, align);
        if (o + size <= hi && (best < 0 || hi - o - size < bslack)) {
            best = x;
            bo = o;
            bslack = hi - o - size;
        }
        x = gap_ceil(g, 1, hi - lo, lo + 1);
    }
    if (best < 0) {
        bo = pl_align_up(g->top, align);
        if (bo > g->top) gap_add(g, g->top, bo);
        g->top = bo + size;
        return bo;
    }
    int64_t lo = g->lo[best], hi = g->hi[best];
    gap_remove(g, best);
    if (bo > lo) gap_add(g, lo, bo);
    if (hi > bo + size) gap_add(g, bo + size, hi);
    return bo;
}

static int cmp_start(const void *ud, int32_t x, int32_t y) {
    const pl_item *it = ud;
    if (it[x].a != it[y].a) return it[x].a < it[y].a ? -1 : 1;
    if (it[x].size != it[y].size) return it[x].size > it[y].size ? -1 : 1;
    return x < y ? -1 : x > y;
}

static sp_status start_fit(pl_scratch *s, const pl_prep *p, int64_t *ioff) {
    int32_t m = p->m, K = p->K;
    size_t nodes = (size_t)m + 2, npc = 0;
    for (int32_t i = 0; i < m; i++) npc += (size_t)p->it[i].np;
    gapset g = {.root = {-1, -1}};
    g.lo = pl_scratch_alloc(s, nodes, sizeof *g.lo);
    g.hi = pl_scratch_alloc(s, nodes, sizeof *g.hi);
    g.pri = pl_scratch_alloc(s, nodes, sizeof *g.pri);
    g.spare = pl_scratch_alloc(s, nodes, sizeof *g.spare);
    for (int t = 0; t < 2; t++)
        for (int d = 0; d < 2; d++) g.kid[t][d] = pl_scratch_alloc(s, nodes, sizeof(int32_t));
    /* releases by section: an item's pieces after the first give back the
     * tail of the one before, and the last piece goes where it ends */
    int32_t *roff = pl_scratch_alloc(s, (size_t)K + 2, sizeof *roff);
    int32_t *rel = pl_scratch_alloc(s, npc + 1, sizeof *rel); /* piece index, or -1 - item for an end */
    int32_t *ord = pl_scratch_alloc(s, (size_t)m, sizeof *ord);
    if (!g.lo || !g.hi || !g.pri || !g.spare || !g.kid[0][0] || !g.kid[0][1] || !g.kid[1][0] || !g.kid[1][1] ||
        !roff || !rel || !ord)
        return pl_oom(s->ctx);
    for (size_t i = 0; i < nodes; i++) {
        g.spare[i] = (int32_t)(nodes - 1 - i);
        g.pri[i] = pl_mix64(0x9e3779b97f4a7c15u * (i + 1));
    }
    g.nspare = (int32_t)nodes;
    memset(roff, 0, ((size_t)K + 2) * sizeof *roff);
    for (int32_t i = 0; i < m; i++) {
        const pl_item *x = &p->it[i];
        for (int32_t q = x->p0 + 1; q < x->p0 + x->np; q++) roff[p->pc[q].a + 1]++;
        roff[x->b + 1]++;
    }
    for (int32_t k = 0; k <= K; k++) roff[k + 1] += roff[k];
    int32_t *fill = pl_scratch_alloc(s, (size_t)K + 1, sizeof *fill);
    if (!fill) return pl_oom(s->ctx);
    memcpy(fill, roff, ((size_t)K + 1) * sizeof *fill);
    for (int32_t i = 0; i < m; i++) {
        const pl_item *x = &p->it[i];
        for (int32_t q = x->p0 + 1; q < x->p0 + x->np; q++) rel[fill[p->pc[q].a]++] = q;
        rel[fill[x->b]++] = -1 - i;
    }
    for (int32_t i = 0; i < m; i++) {
        ord[i] = i;
        ioff[i] = -1;
    }
    pl_sort_idx(ord, (size_t)m, cmp_start, p->it);
    int32_t *owner = pl_scratch_alloc(s, npc, sizeof *owner); /* piece -> item */
    if (!owner) return pl_oom(s->ctx);
    for (int32_t i = 0; i < m; i++)
        for (int32_t q = p->it[i].p0; q < p->it[i].p0 + p->it[i].np; q++) owner[q] = i;
    int32_t r = 0;
    for (int32_t k = 0; k < K && r < m; k++) {
        for (int32_t e = roff[k]; e < roff[k + 1]; e++) {
            if (rel[e] < 0) {
                int32_t i = -1 - rel[e];
                const pl_item *x = &p->it[i];
                gap_release(&g, ioff[i], ioff[i] + p->pc[x->p0 + x->np - 1].size);
            } else {
                int32_t q = rel[e];
                int64_t o = ioff[owner[q]];
                gap_release(&g, o + p->pc[q].size, o + p->pc[q - 1].size);
            }
        }
        for (; r < m && p->it[ord[r]].a == k; r++) {
            const pl_item *x = &p->it[ord[r]];
            ioff[ord[r]] = gap_take(&g, x->size, x->align);
        }
    }
    return SP_OK;
}

/* Under a deadline, items from which best fit in order of start is made
 * first, as insurance (~1 us an item), rather than after best fit by size
 * runs out of time, when it would overrun the deadline. */
#define GREEDY_INSURANCE 4096

/* The greedy plan: best fit by decreasing size while the conflict lists
 * exist, else (or when the deadline passes during it) best fit in order of
 * start. */
sp_status pl_greedy_items(pl_scratch *s, const pl_prep *p, int64_t *ioff, double deadline, bool *fallback,
                              bool *timed_out) {
    *fallback = *timed_out = false;
    if (p->m == 0) return SP_OK;
    if (!p->adj_off) {
        *fallback = true;
        return start_fit(s, p, ioff);
    }
    int64_t *ins = NULL;
    if (deadline < PL_NO_DEADLINE && p->m >= GREEDY_INSURANCE) {
        ins = pl_scratch_alloc(s, (size_t)p->m, sizeof *ins);
        if (!ins) return pl_oom(s->ctx);
        sp_status st = start_fit(s, p, ins);
        if (st != SP_OK) return st;
    }
    sp_status st = best_fit(s, p, ioff, deadline, timed_out);
    if (st != SP_OK || !*timed_out) return st;
    *fallback = true;
    if (!ins) return start_fit(s, p, ioff);
    memcpy(ioff, ins, (size_t)p->m * sizeof *ioff);
    return SP_OK;
}

void pl_fill_bounds(const pl_prep *p, plan_result *r) {
    r->peak_live = p->load;
    r->lower_bound = p->load;
    r->peak_step = p->peak_sec >= 0 ? p->tpts[p->peak_sec] : 0;
}

sp_status plan_greedy(sp_ctx *ctx, plan_buf *b, size_t n, plan_result *r) {
    double t0 = pl_now();
    memset(r, 0, sizeof *r);
    pl_scratch s = {.ctx = ctx};
    pl_prep p;
    sp_status st = pl_prepare(&s, b, n, &p, true, NULL);
    int64_t *ioff = st == SP_OK ? pl_scratch_alloc(&s, (size_t)p.m + 1, sizeof *ioff) : NULL;
    if (st == SP_OK && !ioff) st = pl_oom(ctx);
    bool timed_out;
    if (st == SP_OK) st = pl_greedy_items(&s, &p, ioff, PL_NO_DEADLINE, &r->greedy_fallback, &timed_out);
    if (st == SP_OK) {
        pl_fill_bounds(&p, r);
        r->footprint = r->greedy_footprint = pl_expand(&p, ioff, b);
        r->optimal = r->footprint == r->lower_bound;
        st = pl_self_check(ctx, b, n);
    }
    pl_scratch_free_all(&s);
    r->seconds = pl_now() - t0;
    return st;
}
