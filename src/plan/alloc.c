/* alloc.c - offset planner: peak-live bound, best-fit greedy, exact search.
 *
 * Internally the planner works on items, not buffers: an item is a chain of
 * buffers linked by in-place declarations (or a single buffer), placed as
 * one block whose size may step down over time (pieces). Zero-size buffers
 * are not items; they get offset 0. Time is compressed to sections: the
 * spans between consecutive distinct lifetime ends, so two items conflict
 * exactly when their section ranges overlap.
 */
#include "alloc.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

/* ---------------------------------------------------------------------------
 * Scratch: every block of one call, freed together on every path. */

#define SCRATCH_MAX 64

typedef struct scratch {
    sp_ctx *ctx;
    void *p[SCRATCH_MAX];
    int n;
} scratch;

static void *sc_alloc(scratch *s, size_t count, size_t size) {
    size_t bytes;
    if (__builtin_mul_overflow(count, size, &bytes) || s->n == SCRATCH_MAX) return NULL;
    void *p = sp_try_malloc(s->ctx, bytes ? bytes : 1);
    if (p) s->p[s->n++] = p;
    return p;
}

static void sc_free_all(scratch *s) {
    while (s->n > 0) sp_free(s->ctx, s->p[--s->n]);
}

static sp_status oom(sp_ctx *ctx) {
    sp_set_error(ctx, SP_EINPUT, "out of memory in the offset planner");
    return SP_EINPUT;
}

/* The clock only caps a call (alloc.h, Budgets): nothing else reads it. */
static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

#define NO_DEADLINE 1e300

/* Offsets and sizes stay below PLAN_MAX_BYTES (checked on input), so these
 * never overflow. */
static inline int64_t align_up(int64_t x, int64_t a) { return (x + a - 1) & ~(a - 1); }
static inline int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

static inline uint64_t mix64(uint64_t x) {
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9u;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebu;
    x ^= x >> 31;
    return x;
}

/* In-place heapsort of int32 keys by a comparator (qsort may call malloc,
 * which would bypass the allocation hook). cmp must be a total order. */
typedef int (*cmp_fn)(const void *ud, int32_t a, int32_t b);

static void sift(int32_t *v, size_t i, size_t n, cmp_fn cmp, const void *ud) {
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= n) return;
        if (c + 1 < n && cmp(ud, v[c + 1], v[c]) > 0) c++;
        if (cmp(ud, v[c], v[i]) <= 0) return;
        int32_t t = v[c];
        v[c] = v[i];
        v[i] = t;
        i = c;
    }
}

static void sort_idx(int32_t *v, size_t n, cmp_fn cmp, const void *ud) {
    if (n < 2) return;
    if (n <= 16) { /* small: insertion sort, the common kernel case */
        for (size_t i = 1; i < n; i++) {
            int32_t x = v[i];
            size_t j = i;
            while (j > 0 && cmp(ud, v[j - 1], x) > 0) {
                v[j] = v[j - 1];
                j--;
            }
            v[j] = x;
        }
        return;
    }
    for (size_t i = n / 2; i-- > 0;) sift(v, i, n, cmp, ud);
    for (size_t e = n - 1; e > 0; e--) {
        int32_t t = v[0];
        v[0] = v[e];
        v[e] = t;
        sift(v, 0, e, cmp, ud);
    }
}

static void sort_i64(int64_t *v, size_t n) {
    /* heapsort on plain values (time points) */
    if (n < 2) return;
    for (size_t k = n / 2; k-- > 0;) {
        size_t i = k;
        for (;;) {
            size_t c = 2 * i + 1;
            if (c >= n) break;
            if (c + 1 < n && v[c + 1] > v[c]) c++;
            if (v[c] <= v[i]) break;
            int64_t t = v[c];
            v[c] = v[i];
            v[i] = t;
            i = c;
        }
    }
    for (size_t e = n - 1; e > 0; e--) {
        int64_t t = v[0];
        v[0] = v[e];
        v[e] = t;
        size_t i = 0;
        for (;;) {
            size_t c = 2 * i + 1;
            if (c >= e) break;
            if (c + 1 < e && v[c + 1] > v[c]) c++;
            if (v[c] <= v[i]) break;
            int64_t u = v[c];
            v[c] = v[i];
            v[i] = u;
            i = c;
        }
    }
}

/* ---------------------------------------------------------------------------
 * Preparation: validation, in-place chains, sections, items, conflicts. */

typedef struct piece {
    int32_t a, b; /* sections [a, b) */
    int64_t size;
} piece;

typedef struct item {
    int32_t a, b;       /* sections [a, b): union of the pieces */
    int32_t p0, np;     /* pieces pc[p0 .. p0+np) in time order, sizes non-increasing */
    int32_t head;       /* first buffer of the chain */
    int64_t align;      /* max alignment over the chain */
    int64_t size;       /* largest piece (the first) */
} item;

/* Conflict lists are skipped past this (greedy in order of start, no exact
 * search): their memory and the greedy's work grow with it. */
#define MAX_CONFLICT_PAIRS ((size_t)PLAN_GREEDY_MAX_PAIRS)
/* Sections are int32. */
#define MAX_BUFFERS ((size_t)1 << 28)

typedef struct prep {
    size_t n;          /* buffers */
    int32_t *succ;     /* succ[i]: the buffer that takes i's bytes, or -1 */
    int32_t m;         /* items */
    item *it;
    piece *pc;
    int32_t K;         /* sections */
    int64_t load;      /* peak live bytes */
    int32_t peak_sec;  /* a section where it happens */
    int64_t *tpts;     /* section k is steps [tpts[k], tpts[k+1]) */
    int32_t *adj_off;  /* conflicts in CSR form, or NULL when too many */
    int32_t *adj;
    size_t npairs;
} prep;

static sp_status bad_buf(sp_ctx *ctx, size_t *bad, size_t i, const char *fmt, ...) SP_PRINTF(4, 5);

static sp_status bad_buf(sp_ctx *ctx, size_t *bad, size_t i, const char *fmt, ...) {
    char msg[SP_ERR_MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    sp_set_error(ctx, SP_EINPUT, "buffer %zu: %s", i, msg);
    if (bad) *bad = i;
    return SP_EINPUT;
}

/* The rules of alloc.h, buffer by buffer; succ (n entries) receives the
 * in-place successor of each buffer. */
static sp_status check_bufs(sp_ctx *ctx, const plan_buf *b, size_t n, int32_t *succ, size_t *bad) {
    if (n > MAX_BUFFERS) {
        sp_set_error(ctx, SP_EINPUT, "too many buffers (%zu, at most %zu)", n, MAX_BUFFERS);
        if (bad) *bad = 0;
        return SP_EINPUT;
    }
    int64_t total = 0;
    for (size_t i = 0; i < n; i++) {
        const plan_buf *x = &b[i];
        succ[i] = -1;
        if (x->size < 0 || x->size > PLAN_MAX_BYTES)
            return bad_buf(ctx, bad, i, "size %" PRId64 " out of range [0, 2^62]", x->size);
        if (x->align < 1 || x->align > PLAN_MAX_BYTES || (x->align & (x->align - 1)))
            return bad_buf(ctx, bad, i, "alignment %" PRId64 " is not a power of two in [1, 2^62]",
                           x->align);
        if (x->lo >= x->hi)
            return bad_buf(ctx, bad, i, "empty lifetime [%" PRId64 ", %" PRId64 ")", x->lo, x->hi);
        if (x->inplace < -1 || (x->inplace >= 0 && (size_t)x->inplace >= n) ||
            (x->inplace >= 0 && (size_t)x->inplace == i))
            return bad_buf(ctx, bad, i, "in-place index %" PRId32 " is not another buffer",
                           x->inplace);
        int64_t need = x->size + (x->align - 1); /* < 2^63: both are <= 2^62 */
        if (need > PLAN_MAX_BYTES - total)
            return bad_buf(ctx, bad, i, "sizes and alignments add up to more than 2^62 bytes");
        total += need;
    }
    for (size_t j = 0; j < n; j++) {
        int32_t i = b[j].inplace;
        if (i < 0) continue;
        const plan_buf *x = &b[i], *y = &b[j];
        if (x->hi - 1 != y->lo)
            return bad_buf(ctx, bad, j,
                           "cannot take buffer %" PRId32 "'s bytes in place: it starts at step %" PRId64
                           " but buffer %" PRId32 " dies at step %" PRId64,
                           i, y->lo, i, x->hi - 1);
        if (y->size > x->size)
            return bad_buf(ctx, bad, j,
                           "cannot take buffer %" PRId32 "'s bytes in place: %" PRId64
                           " bytes do not fit in %" PRId64,
                           i, y->size, x->size);
        if (succ[i] >= 0)
            return bad_buf(ctx, bad, j, "buffer %" PRId32 " is already taken in place by buffer %" PRId32,
                           i, succ[i]);
        /* i <- j <- k with j living one step would put k on i at that step */
        if (x->inplace >= 0 && x->hi - x->lo == 1)
            return bad_buf(ctx, bad, j,
                           "cannot take buffer %" PRId32 "'s bytes in place: it lives a single step "
                           "and itself took buffer %" PRId32 "'s",
                           i, x->inplace);
        succ[i] = (int32_t)j;
    }
    return SP_OK;
}

static int cmp_item_start(const void *ud, int32_t x, int32_t y) {
    const item *it = ud;
    if (it[x].a != it[y].a) return it[x].a < it[y].a ? -1 : 1;
    return x < y ? -1 : x > y;
}

static int32_t sec_of(const int64_t *t, int32_t np, int64_t v) {
    int32_t lo = 0, hi = np - 1; /* t[lo] <= v < t[hi] or v == t[hi] */
    while (lo < hi) {
        int32_t mid = lo + (hi - lo) / 2;
        if (t[mid] < v)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* want_adj: build the conflict lists (greedy and search need them). */
static sp_status prepare(scratch *s, const plan_buf *b, size_t n, prep *p, bool want_adj, size_t *bad) {
    sp_ctx *ctx = s->ctx;
    memset(p, 0, sizeof *p);
    p->n = n;
    p->peak_sec = -1;
    p->succ = sc_alloc(s, n, sizeof *p->succ);
    if (!p->succ) return oom(ctx);
    sp_status st = check_bufs(ctx, b, n, p->succ, bad);
    if (st != SP_OK) return st;

    /* Items: one per chain whose head has bytes. Pieces: the head's whole
     * life, then each successor from its predecessor's death on. */
    size_t nitems = 0;
    for (size_t i = 0; i < n; i++)
        if (b[i].inplace < 0 && b[i].size > 0) nitems++;
    p->it = sc_alloc(s, nitems, sizeof *p->it);
    p->pc = sc_alloc(s, n, sizeof *p->pc); /* at most one piece per buffer */
    int64_t *pts = sc_alloc(s, 2 * n + 1, sizeof *pts);
    if (!p->it || !p->pc || !pts) return oom(ctx);
    int64_t *plo = sc_alloc(s, n, sizeof *plo), *phi = sc_alloc(s, n, sizeof *phi);
    if (!plo || !phi) return oom(ctx);
    int32_t m = 0, npc = 0;
    size_t npts = 0;
    for (size_t h = 0; h < n; h++) {
        if (b[h].inplace >= 0 || b[h].size == 0) continue;
        item *x = &p->it[m++];
        x->head = (int32_t)h;
        x->p0 = npc;
        x->align = 1;
        x->size = b[h].size;
        int64_t from = b[h].lo;
        for (int32_t j = (int32_t)h; j >= 0; j = p->succ[j]) {
            x->align = max64(x->align, b[j].align);
            if (b[j].size > 0 && b[j].hi > from) {
                plo[npc] = from;
                phi[npc] = b[j].hi;
                p->pc[npc].size = b[j].size;
                pts[npts++] = from;
                pts[npts++] = b[j].hi;
                npc++;
            }
            from = b[j].hi;
        }
        x->np = npc - x->p0;
    }
    p->m = m;
    sort_i64(pts, npts);
    size_t u = 0;
    for (size_t i = 0; i < npts; i++)
        if (u == 0 || pts[i] != pts[u - 1]) pts[u++] = pts[i];
    p->tpts = pts;
    p->K = u > 0 ? (int32_t)u - 1 : 0;
    for (int32_t k = 0; k < npc; k++) {
        p->pc[k].a = sec_of(pts, (int32_t)u, plo[k]);
        p->pc[k].b = sec_of(pts, (int32_t)u, phi[k]);
    }
    for (int32_t i = 0; i < m; i++) {
        item *x = &p->it[i];
        x->a = p->pc[x->p0].a;
        x->b = p->pc[x->p0 + x->np - 1].b;
    }

    /* Peak live bytes by a difference array over sections. */
    int64_t *diff = sc_alloc(s, (size_t)p->K + 1, sizeof *diff);
    if (!diff) return oom(ctx);
    memset(diff, 0, ((size_t)p->K + 1) * sizeof *diff);
    for (int32_t k = 0; k < npc; k++) {
        diff[p->pc[k].a] += p->pc[k].size;
        diff[p->pc[k].b] -= p->pc[k].size;
    }
    int64_t run = 0;
    for (int32_t k = 0; k < p->K; k++) {
        run += diff[k];
        if (run > p->load) {
            p->load = run;
            p->peak_sec = k;
        }
    }
    if (!want_adj || m == 0) return SP_OK;

    /* Conflicts: sort by start; the items overlapping i that start after it
     * are the ones that follow it in that order and start before it ends. */
    int32_t *ord = sc_alloc(s, (size_t)m, sizeof *ord);
    p->adj_off = sc_alloc(s, (size_t)m + 1, sizeof *p->adj_off);
    if (!ord || !p->adj_off) return oom(ctx);
    for (int32_t i = 0; i < m; i++) ord[i] = i;
    sort_idx(ord, (size_t)m, cmp_item_start, p->it);
    int32_t *deg = p->adj_off;
    memset(deg, 0, ((size_t)m + 1) * sizeof *deg);
    size_t pairs = 0;
    for (int32_t r = 0; r < m; r++) {
        const item *x = &p->it[ord[r]];
        for (int32_t q = r + 1; q < m && p->it[ord[q]].a < x->b; q++) {
            deg[ord[r]]++;
            deg[ord[q]]++;
            if (++pairs > MAX_CONFLICT_PAIRS) {
                p->adj_off = NULL; /* too many: callers fall back */
                p->npairs = pairs;
                return SP_OK;
            }
        }
    }
    p->npairs = pairs;
    p->adj = sc_alloc(s, 2 * pairs, sizeof *p->adj);
    if (!p->adj) return oom(ctx);
    /* degrees to offsets (prefix sums), then a second pass fills each
     * item's list at its next free slot */
    int32_t acc = 0;
    for (int32_t i = 0; i <= m; i++) {
        int32_t d = i < m ? deg[i] : 0;
        deg[i] = acc;
        acc += d;
    }
    int32_t *fill = ord;
    int32_t *pos = sc_alloc(s, (size_t)m, sizeof *pos);
    if (!pos) return oom(ctx);
    for (int32_t i = 0; i < m; i++) pos[i] = p->adj_off[i];
    for (int32_t r = 0; r < m; r++) {
        int32_t i = fill[r];
        for (int32_t q = r + 1; q < m && p->it[fill[q]].a < p->it[i].b; q++) {
            int32_t j = fill[q];
            p->adj[pos[i]++] = j;
            p->adj[pos[j]++] = i;
        }
    }
    return SP_OK;
}

/* Max piece size of x over sections [a, b). */
static inline int64_t reach(const prep *p, const item *x, int32_t a, int32_t b) {
    if (x->np == 1) return x->size;
    int64_t r = 0;
    for (int32_t k = x->p0; k < x->p0 + x->np; k++) {
        const piece *q = &p->pc[k];
        if (q->a < b && a < q->b && q->size > r) r = q->size;
    }
    return r;
}

/* Smallest piece size of x over sections [a, b). */
static inline int64_t least(const prep *p, const item *x, int32_t a, int32_t b) {
    if (x->np == 1) return x->size;
    int64_t r = INT64_MAX;
    for (int32_t k = x->p0; k < x->p0 + x->np; k++) {
        const piece *q = &p->pc[k];
        if (q->a < b && a < q->b && q->size < r) r = q->size;
    }
    return r;
}

/* Writes item offsets back to the buffers; footprint of the plan. */
static int64_t expand(const prep *p, const int64_t *ioff, plan_buf *b) {
    for (size_t i = 0; i < p->n; i++) b[i].offset = 0;
    int64_t fp = 0;
    for (int32_t i = 0; i < p->m; i++) {
        const item *x = &p->it[i];
        for (int32_t j = x->head; j >= 0; j = p->succ[j]) b[j].offset = ioff[i];
        fp = max64(fp, ioff[i] + x->size);
    }
    return fp;
}

static sp_status self_check(sp_ctx *ctx, const plan_buf *b, size_t n) {
#ifndef NDEBUG
    /* The independent verifier, after every plan in debug builds. It is
     * O(n^2) (8M pairs, ~30 ms, at 4096), so larger arenas are left to the
     * tests: the call's time limit must hold. */
    char why[256];
    if (n <= 4096 && !plan_verify(b, n, 0, why, sizeof why)) {
        sp_set_error(ctx, SP_EINTERNAL, "internal error: the offset planner made an invalid plan: %s", why);
        return SP_EINTERNAL;
    }
#else
    (void)ctx, (void)b, (void)n;
#endif
    return SP_OK;
}

sp_status plan_check(sp_ctx *ctx, const plan_buf *b, size_t n, size_t *bad) {
    scratch s = {.ctx = ctx};
    int32_t *succ = sc_alloc(&s, n, sizeof *succ);
    sp_status st = succ ? check_bufs(ctx, b, n, succ, bad) : oom(ctx);
    sc_free_all(&s);
    return st;
}

sp_status plan_lower_bound(sp_ctx *ctx, const plan_buf *b, size_t n, int64_t *lb) {
    scratch s = {.ctx = ctx};
    prep p;
    sp_status st = prepare(&s, b, n, &p, false, NULL);
    if (st == SP_OK) *lb = p.load;
    sc_free_all(&s);
    return st;
}

/* ---------------------------------------------------------------------------
 * Greedy: best fit by decreasing size. */

typedef struct iv {
    int64_t lo, hi; /* forbidden base offsets [lo, hi) */
} iv;

static void sort_iv(iv *v, size_t n) {
    for (size_t k = n / 2; k-- > 0;) {
        size_t i = k;
        for (;;) {
            size_t c = 2 * i + 1;
            if (c >= n) break;
            if (c + 1 < n && v[c + 1].lo > v[c].lo) c++;
            if (v[c].lo <= v[i].lo) break;
            iv t = v[c];
            v[c] = v[i];
            v[i] = t;
            i = c;
        }
    }
    for (size_t e = n ? n - 1 : 0; e > 0; e--) {
        iv t = v[0];
        v[0] = v[e];
        v[e] = t;
        size_t i = 0;
        for (;;) {
            size_t c = 2 * i + 1;
            if (c >= e) break;
            if (c + 1 < e && v[c + 1].lo > v[c].lo) c++;
            if (v[c].lo <= v[i].lo) break;
            iv u = v[c];
            v[c] = v[i];
            v[i] = u;
            i = c;
        }
    }
}

static int cmp_greedy(const void *ud, int32_t x, int32_t y) {
    const item *it = ud;
    /* larger first; then earlier start (TFLite: allocation order); index */
    if (it[x].size != it[y].size) return it[x].size > it[y].size ? -1 : 1;
    if (it[x].a != it[y].a) return it[x].a < it[y].a ? -1 : 1;
    return x < y ? -1 : x > y;
}

/* Appends the forbidden base offsets that placed item y imposes on x. */
static size_t forbid(const prep *p, const item *x, const item *y, int64_t oy, iv *f, size_t nf) {
    for (int32_t i = x->p0; i < x->p0 + x->np; i++) {
        const piece *px = &p->pc[i];
        for (int32_t j = y->p0; j < y->p0 + y->np; j++) {
            const piece *py = &p->pc[j];
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
static sp_status best_fit(scratch *s, const prep *p, int64_t *ioff, double deadline, bool *stopped) {
    int32_t m = p->m;
    *stopped = false;
    int32_t *ord = sc_alloc(s, (size_t)m, sizeof *ord);
    if (!ord) return oom(s->ctx);
    /* the most forbidden intervals one item can collect: two runs of
     * consecutive pieces overlap in at most np_x + np_y - 1 pairs */
    size_t cap = 1;
    for (int32_t i = 0; i < m; i++) {
        size_t need = 0;
        for (int32_t e = p->adj_off[i]; e < p->adj_off[i + 1]; e++)
            need += (size_t)p->it[i].np + (size_t)p->it[p->adj[e]].np - 1;
        if (need > cap) cap = need;
    }
    iv *f = sc_alloc(s, cap, sizeof *f);
    if (!f) return oom(s->ctx);
    for (int32_t i = 0; i < m; i++) {
        ord[i] = i;
        ioff[i] = -1;
    }
    sort_idx(ord, (size_t)m, cmp_greedy, p->it);
    for (int32_t r = 0; r < m; r++) {
        if (r % GREEDY_CLOCK_EVERY == GREEDY_CLOCK_EVERY - 1 && now_s() > deadline) {
            *stopped = true;
            return SP_OK;
        }
        int32_t xi = ord[r];
        const item *x = &p->it[xi];
        size_t nf = 0;
        for (int32_t e = p->adj_off[xi]; e < p->adj_off[xi + 1]; e++) {
            int32_t yi = p->adj[e];
            if (ioff[yi] >= 0) nf = forbid(p, x, &p->it[yi], ioff[yi], f, nf);
        }
        sort_iv(f, nf);
        int64_t cur = 0, best = -1, best_slack = INT64_MAX;
        for (size_t k = 0; k < nf; k++) {
            if (f[k].lo > cur) {
                int64_t o = align_up(cur, x->align);
                if (o < f[k].lo && f[k].lo - o < best_slack) {
                    best_slack = f[k].lo - o;
                    best = o;
                }
            }
            cur = max64(cur, f[k].hi);
        }
        ioff[xi] = best >= 0 ? best : align_up(cur, x->align);
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
        int64_t o = align_up(lo, align);
        if (o + size <= hi && (best < 0 || hi - o - size < bslack)) {
            best = x;
            bo = o;
            bslack = hi - o - size;
        }
        x = gap_ceil(g, 1, hi - lo, lo + 1);
    }
    if (best < 0) {
        bo = align_up(g->top, align);
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
    const item *it = ud;
    if (it[x].a != it[y].a) return it[x].a < it[y].a ? -1 : 1;
    if (it[x].size != it[y].size) return it[x].size > it[y].size ? -1 : 1;
    return x < y ? -1 : x > y;
}

static sp_status start_fit(scratch *s, const prep *p, int64_t *ioff) {
    int32_t m = p->m, K = p->K;
    size_t nodes = (size_t)m + 2, npc = 0;
    for (int32_t i = 0; i < m; i++) npc += (size_t)p->it[i].np;
    gapset g = {.root = {-1, -1}};
    g.lo = sc_alloc(s, nodes, sizeof *g.lo);
    g.hi = sc_alloc(s, nodes, sizeof *g.hi);
    g.pri = sc_alloc(s, nodes, sizeof *g.pri);
    g.spare = sc_alloc(s, nodes, sizeof *g.spare);
    for (int t = 0; t < 2; t++)
        for (int d = 0; d < 2; d++) g.kid[t][d] = sc_alloc(s, nodes, sizeof(int32_t));
    /* releases by section: an item's pieces after the first give back the
     * tail of the one before, and the last piece goes where it ends */
    int32_t *roff = sc_alloc(s, (size_t)K + 2, sizeof *roff);
    int32_t *rel = sc_alloc(s, npc + 1, sizeof *rel); /* piece index, or -1 - item for an end */
    int32_t *ord = sc_alloc(s, (size_t)m, sizeof *ord);
    if (!g.lo || !g.hi || !g.pri || !g.spare || !g.kid[0][0] || !g.kid[0][1] || !g.kid[1][0] || !g.kid[1][1] ||
        !roff || !rel || !ord)
        return oom(s->ctx);
    for (size_t i = 0; i < nodes; i++) {
        g.spare[i] = (int32_t)(nodes - 1 - i);
        g.pri[i] = mix64(0x9e3779b97f4a7c15u * (i + 1));
    }
    g.nspare = (int32_t)nodes;
    memset(roff, 0, ((size_t)K + 2) * sizeof *roff);
    for (int32_t i = 0; i < m; i++) {
        const item *x = &p->it[i];
        for (int32_t q = x->p0 + 1; q < x->p0 + x->np; q++) roff[p->pc[q].a + 1]++;
        roff[x->b + 1]++;
    }
    for (int32_t k = 0; k <= K; k++) roff[k + 1] += roff[k];
    int32_t *fill = sc_alloc(s, (size_t)K + 1, sizeof *fill);
    if (!fill) return oom(s->ctx);
    memcpy(fill, roff, ((size_t)K + 1) * sizeof *fill);
    for (int32_t i = 0; i < m; i++) {
        const item *x = &p->it[i];
        for (int32_t q = x->p0 + 1; q < x->p0 + x->np; q++) rel[fill[p->pc[q].a]++] = q;
        rel[fill[x->b]++] = -1 - i;
    }
    for (int32_t i = 0; i < m; i++) {
        ord[i] = i;
        ioff[i] = -1;
    }
    sort_idx(ord, (size_t)m, cmp_start, p->it);
    int32_t *owner = sc_alloc(s, npc, sizeof *owner); /* piece -> item */
    if (!owner) return oom(s->ctx);
    for (int32_t i = 0; i < m; i++)
        for (int32_t q = p->it[i].p0; q < p->it[i].p0 + p->it[i].np; q++) owner[q] = i;
    int32_t r = 0;
    for (int32_t k = 0; k < K && r < m; k++) {
        for (int32_t e = roff[k]; e < roff[k + 1]; e++) {
            if (rel[e] < 0) {
                int32_t i = -1 - rel[e];
                const item *x = &p->it[i];
                gap_release(&g, ioff[i], ioff[i] + p->pc[x->p0 + x->np - 1].size);
            } else {
                int32_t q = rel[e];
                int64_t o = ioff[owner[q]];
                gap_release(&g, o + p->pc[q].size, o + p->pc[q - 1].size);
            }
        }
        for (; r < m && p->it[ord[r]].a == k; r++) {
            const item *x = &p->it[ord[r]];
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
static sp_status greedy_items(scratch *s, const prep *p, int64_t *ioff, double deadline, bool *fallback,
                              bool *timed_out) {
    *fallback = *timed_out = false;
    if (p->m == 0) return SP_OK;
    if (!p->adj_off) {
        *fallback = true;
        return start_fit(s, p, ioff);
    }
    int64_t *ins = NULL;
    if (deadline < NO_DEADLINE && p->m >= GREEDY_INSURANCE) {
        ins = sc_alloc(s, (size_t)p->m, sizeof *ins);
        if (!ins) return oom(s->ctx);
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

static void fill_bounds(const prep *p, plan_result *r) {
    r->peak_live = p->load;
    r->lower_bound = p->load;
    r->peak_step = p->peak_sec >= 0 ? p->tpts[p->peak_sec] : 0;
}

sp_status plan_greedy(sp_ctx *ctx, plan_buf *b, size_t n, plan_result *r) {
    double t0 = now_s();
    memset(r, 0, sizeof *r);
    scratch s = {.ctx = ctx};
    prep p;
    sp_status st = prepare(&s, b, n, &p, true, NULL);
    int64_t *ioff = st == SP_OK ? sc_alloc(&s, (size_t)p.m + 1, sizeof *ioff) : NULL;
    if (st == SP_OK && !ioff) st = oom(ctx);
    bool timed_out;
    if (st == SP_OK) st = greedy_items(&s, &p, ioff, NO_DEADLINE, &r->greedy_fallback, &timed_out);
    if (st == SP_OK) {
        fill_bounds(&p, r);
        r->footprint = r->greedy_footprint = expand(&p, ioff, b);
        r->optimal = r->footprint == r->lower_bound;
        st = self_check(ctx, b, n);
    }
    sc_free_all(&s);
    r->seconds = now_s() - t0;
    return st;
}

/* ---------------------------------------------------------------------------
 * Exact search: "is there a plan within T bytes?"
 *
 * Canonical plans. Take any plan and let every item drop while it can: each
 * now rests on 0 or on an item below it. Among plans within T choose one, W,
 * with the least sum of offsets. Listing W's items by (offset, rank), each
 * item's offset is the lowest aligned offset above the items listed before it
 * that share a section with it (m[] below). The search lists items in that
 * order, so it only chooses which item comes next:
 *  - it must not start below the previous one (floor f), and at equal
 *    offsets ranks increase (symmetry);
 *  - dominance: if another unplaced item c would fit entirely below x at its
 *    own lowest offset, W cannot place the next item at x (moving c there
 *    would lower W's sum), so x must be below every such c's top;
 *  - load: all unplaced items live in section k lie at or above x, so
 *    x + (their bytes in k) <= T for every k;
 *  - decomposition: when the unplaced items split into groups that share
 *    no section, each group is solved on its own (with its own floor); a
 *    group that fails fails the state, whatever the others did.
 *  - symmetry: identical items are placed in rank order (permuting them
 *    changes neither W's validity nor its sum);
 *  - an item that can no longer take its lowest offset (below the floor,
 *    or at it after a higher rank) must rest on an unplaced item: its
 *    lowest offset is the floor plus the smallest such support, and with
 *    no support left the state is dead.
 * These keep W reachable, so the search is complete. When it fails, the
 * smallest load bound it pruned on is a lower bound on the optimum.
 *
 * A group state that failed is remembered (its search is a function of the
 * key, so the same key fails again). Runs restart under another rank order
 * when their node budget is spent; the budgets double every round, so some
 * run eventually completes and the search stays complete. */

typedef struct srec { /* one placement, for undo */
    int32_t item;
    int32_t nm;    /* m[] changes pushed */
    size_t topat;  /* where the saved top[] values start */
    size_t mat;    /* where the m[] changes start */
} srec;

/* A group state that has no plan within T, keyed by a 128-bit hash of
 * everything its future depends on: which items are left, the tops of the
 * sections they cover, and the floor and rank where they matter. nt is the
 * smallest bound its search pruned on (its share of next_T). */
typedef struct nogood {
    uint64_t h1, h2;
    int64_t nt;
} nogood;

#define NOGOOD_MIN ((size_t)1 << 10)
#define NOGOOD_MAX ((size_t)1 << 21)

typedef struct search {
    const prep *p;
    int32_t m, K;
    int64_t T;
    /* static */
    int32_t *rank;   /* tie order among equal offsets and candidate order */
    int32_t *ord;    /* items by start section; list positions 1..m */
    int32_t *posof;  /* item -> position */
    int32_t *twin;   /* the identical item just before it in rank order, or -1 */
    /* dynamic */
    int64_t *off;    /* offset, -1 while unplaced */
    int64_t *mm;     /* max top over the item's sections (unaligned lowest offset) */
    int64_t *top;    /* per section: max end of placed items */
    int64_t *U;      /* per section: bytes of unplaced items */
    int order;       /* which rank order (nogoods that depend on it say so) */
    double *feat;    /* NFEAT features per item, for the orders */
    int32_t *tmp;    /* scratch, m entries */
    int64_t *lpos;   /* per item: lowest offset it can take (this node) */
    int64_t *acc;    /* per section scratch for release_bound */
    bool cut;        /* the last run hit its node budget (restart) */
    uint64_t node_limit; /* this run's node budget */
    uint64_t node_stop;  /* this search_at's node budget (stop) */
    uint64_t scan, scan_check; /* items scanned; next clock reading */
    int64_t *low;    /* per section scratch: lowest offset an unplaced item can take */
    int32_t *nx, *pv;/* doubly linked list of unplaced positions, 0 and m+1 sentinels */
    /* undo trail */
    srec *rec;
    size_t nrec;
    int64_t *tops;
    size_t ntops;
    int32_t *mi;
    int64_t *mv;
    size_t nmv;
    /* per-node scratch stack (candidates, components) */
    int32_t *stk;
    size_t nstk, capstk;
    /* failed group states (nogoods) for the current T */
    uint64_t *zob;   /* per item random key */
    struct nogood *ng;
    size_t ngcap, ngcount;
    /* outcome */
    int64_t next_T;  /* min violated load bound */
    uint64_t nodes;
    double deadline;
    bool timed_out;  /* the deadline stopped a run */
    bool work_out;   /* node_stop stopped a run */
    sp_ctx *ctx;
    bool oom;
} search;

static void place(search *S, int32_t b, int64_t x) {
    const prep *p = S->p;
    const item *it = &p->it[b];
    srec *r = &S->rec[S->nrec++];
    r->item = b;
    r->topat = S->ntops;
    r->mat = S->nmv;
    for (int32_t q = it->p0; q < it->p0 + it->np; q++) {
        const piece *pc = &p->pc[q];
        for (int32_t k = pc->a; k < pc->b; k++) {
            S->tops[S->ntops++] = S->top[k];
            S->top[k] = x + pc->size;
            S->U[k] -= pc->size;
        }
    }
    int32_t nm = 0;
    for (int32_t e = p->adj_off[b]; e < p->adj_off[b + 1]; e++) {
        int32_t c = p->adj[e];
        if (S->off[c] >= 0) continue;
        const item *ic = &p->it[c];
        int64_t v = x + reach(p, it, ic->a, ic->b);
        if (v > S->mm[c]) {
            S->mi[S->nmv] = c;
            S->mv[S->nmv++] = S->mm[c];
            S->mm[c] = v;
            nm++;
        }
    }
    r->nm = nm;
    int32_t pos = S->posof[b];
    S->nx[S->pv[pos]] = S->nx[pos];
    S->pv[S->nx[pos]] = S->pv[pos];
    S->off[b] = x;
}

static void unplace(search *S) {
    const prep *p = S->p;
    srec *r = &S->rec[--S->nrec];
    int32_t b = r->item;
    const item *it = &p->it[b];
    int32_t pos = S->posof[b];
    S->nx[S->pv[pos]] = pos;
    S->pv[S->nx[pos]] = pos;
    S->off[b] = -1;
    while (S->nmv > r->mat) {
        S->nmv--;
        S->mm[S->mi[S->nmv]] = S->mv[S->nmv];
    }
    size_t t = r->topat;
    for (int32_t q = it->p0; q < it->p0 + it->np; q++) {
        const piece *pc = &p->pc[q];
        for (int32_t k = pc->a; k < pc->b; k++) {
            S->top[k] = S->tops[t++];
            S->U[k] += pc->size;
        }
    }
    S->ntops = r->topat;
}

static void undo_to(search *S, size_t mark) {
    while (S->nrec > mark) unplace(S);
}

/* Reserve n int32 on the node stack (grows by doubling). */
static bool stk_reserve(search *S, size_t n) {
    if (S->nstk + n <= S->capstk) return true;
    size_t cap = S->capstk * 2;
    while (cap < S->nstk + n) cap *= 2;
    int32_t *q = sp_try_malloc(S->ctx, cap * sizeof *q);
    if (!q) {
        S->oom = true;
        return false;
    }
    memcpy(q, S->stk, S->nstk * sizeof *q);
    sp_free(S->ctx, S->stk);
    S->stk = q;
    S->capstk = cap;
    return true;
}

static int cmp_cand(const void *ud, int32_t a, int32_t b) {
    const search *S = ud;
    int64_t xa = align_up(S->mm[a], S->p->it[a].align), xb = align_up(S->mm[b], S->p->it[b].align);
    if (xa != xb) return xa < xb ? -1 : 1;
    return S->rank[a] < S->rank[b] ? -1 : S->rank[a] > S->rank[b];
}

static nogood *ng_find(search *S, uint64_t h1, uint64_t h2) {
    size_t mask = S->ngcap - 1;
    for (size_t i = h1 & mask;; i = (i + 1) & mask) {
        nogood *e = &S->ng[i];
        if (!e->h1 && !e->h2) return NULL;
        if (e->h1 == h1 && e->h2 == h2) return e;
    }
}

static void ng_add(search *S, uint64_t h1, uint64_t h2, int64_t nt) {
    if (2 * (S->ngcount + 1) > S->ngcap) {
        nogood *q = NULL;
        size_t cap = 2 * S->ngcap;
        if (cap <= NOGOOD_MAX) q = sp_try_malloc(S->ctx, cap * sizeof *q);
        if (q) {
            memset(q, 0, cap * sizeof *q);
            for (size_t i = 0; i < S->ngcap; i++) {
                nogood *e = &S->ng[i];
                if (!e->h1 && !e->h2) continue;
                size_t k = e->h1 & (cap - 1);
                while (q[k].h1 || q[k].h2) k = (k + 1) & (cap - 1);
                q[k] = *e;
            }
            sp_free(S->ctx, S->ng);
            S->ng = q;
            S->ngcap = cap;
        } else {
            /* full: overwrite at the home slot (a lost entry is only a miss) */
            nogood *e = &S->ng[h1 & (S->ngcap - 1)];
            e->h1 = h1, e->h2 = h2, e->nt = nt;
            return;
        }
    }
    size_t mask = S->ngcap - 1, i = h1 & mask;
    while (S->ng[i].h1 || S->ng[i].h2) i = (i + 1) & mask;
    S->ng[i].h1 = h1, S->ng[i].h2 = h2, S->ng[i].nt = nt;
    S->ngcount++;
}

/* Small groups afford a sort: the items with l_c >= v all stack above v in
 * every section they share, so v + their bytes <= T for each v (the
 * one-machine bound with release dates, per section). Returns the largest
 * such v + bytes. */
#define SMALL_GROUP 48
static int cmp_lpos_desc(const void *ud, int32_t a, int32_t b) {
    const search *S = ud;
    if (S->lpos[a] != S->lpos[b]) return S->lpos[a] > S->lpos[b] ? -1 : 1;
    return a < b ? -1 : a > b;
}

static int64_t release_bound(search *S, int32_t hpos, int32_t stop) {
    const prep *p = S->p;
    int32_t byl[SMALL_GROUP];
    size_t n = 0;
    for (int32_t pos = hpos; pos != stop; pos = S->nx[pos]) byl[n++] = S->ord[pos];
    sort_idx(byl, n, cmp_lpos_desc, S);
    int64_t *acc = S->acc, need = 0;
    for (size_t i = 0; i < n; i++) {
        const item *ic = &p->it[byl[i]];
        for (int32_t q = ic->p0; q < ic->p0 + ic->np; q++)
            for (int32_t k = p->pc[q].a; k < p->pc[q].b; k++) acc[k] = 0;
    }
    for (size_t i = 0; i < n; i++) {
        const item *ic = &p->it[byl[i]];
        int64_t v = S->lpos[byl[i]];
        for (int32_t q = ic->p0; q < ic->p0 + ic->np; q++)
            for (int32_t k = p->pc[q].a; k < p->pc[q].b; k++) {
                acc[k] += p->pc[q].size;
                need = max64(need, v + acc[k]);
            }
    }
    return need;
}

/* Items scanned between readings of the clock, at most (about 1 ms). */
#define SCAN_CLOCK_EVERY ((uint64_t)1 << 18)

/* Reads the clock (when there is a deadline) and marks the stop. */
static bool past_deadline(search *S) {
    if (S->deadline >= NO_DEADLINE) return false;
    S->scan_check = S->scan + SCAN_CLOCK_EVERY;
    if (now_s() <= S->deadline) return false;
    S->timed_out = true;
    return true;
}

/* 1: solved (placements left on the trail), 0: no plan, -1: stopped. */
static int solve_group(search *S, int32_t hpos, int32_t tpos, int32_t R, int64_t f, int32_t lastrank);

/* Split the unplaced positions between hpos..tpos (list order) into groups
 * that share no section and solve each; hpos/tpos may have been removed. */
static int solve_rest(search *S, int32_t first, int32_t stop, int64_t f, int32_t lastrank) {
    const prep *p = S->p;
    /* collect group boundaries on the node stack */
    size_t base = S->nstk;
    int32_t pos = first;
    while (pos != stop) {
        int32_t g0 = pos, g1 = pos;
        int32_t end = p->it[S->ord[pos]].b;
        pos = S->nx[pos];
        while (pos != stop && p->it[S->ord[pos]].a < end) {
            if (p->it[S->ord[pos]].b > end) end = p->it[S->ord[pos]].b;
            g1 = pos;
            pos = S->nx[pos];
        }
        if (!stk_reserve(S, 3)) return -1;
        S->stk[S->nstk++] = g0;
        S->stk[S->nstk++] = g1;
        S->stk[S->nstk++] = end;
    }
    size_t ng = (S->nstk - base) / 3, mark = S->nrec;
    int res = 1;
    for (size_t g = 0; g < ng && res == 1; g++)
        res = solve_group(S, S->stk[base + 3 * g], S->stk[base + 3 * g + 1], S->stk[base + 3 * g + 2], f,
                          lastrank);
    if (res != 1) undo_to(S, mark);
    S->nstk = base;
    return res;
}

static int solve_group(search *S, int32_t hpos, int32_t tpos, int32_t R, int64_t f, int32_t lastrank) {
    const prep *p = S->p;
    if (++S->nodes > S->node_limit || S->nodes > S->node_stop) {
        if (S->nodes > S->node_stop) {
            S->work_out = true;
            S->nodes--; /* not visited: the budget is exact */
        } else {
            S->cut = true;
        }
        return -1;
    }
    /* the clock every 256 nodes, or sooner when groups are large */
    if (((S->nodes & 255) == 0 || S->scan >= S->scan_check) && past_deadline(S)) return -1;
    int32_t stop = S->nx[tpos];
    /* One pass over the group: dominance tops (least and second least
     * item top at its lowest offset), candidates, each item's lowest offset
     * l_c and, per section, the least l_c of the items covering it (low[],
     * over the group's sections [L, R)). */
    int64_t min1 = INT64_MAX, min2 = INT64_MAX, xmin = INT64_MAX;
    int32_t arg1 = -1;
    int32_t L = p->it[S->ord[hpos]].a;
    int64_t *low = S->low;
    for (int32_t k = L; k < R; k++) low[k] = INT64_MAX;
    size_t base = S->nstk;
    uint64_t hz = 0;
    size_t ng = 0;
    bool dead = false, at_floor = false;
    for (int32_t pos = hpos; pos != stop; pos = S->nx[pos]) {
        int32_t c = S->ord[pos];
        const item *ic = &p->it[c];
        int64_t xc = align_up(S->mm[c], ic->align);
        int64_t key = xc + ic->size;
        hz ^= S->zob[c];
        /* one node over a large group takes a while: the clock may pass */
        if ((++ng & 4095) == 0 && S->scan + ng >= S->scan_check && past_deadline(S)) {
            S->nstk = base;
            return -1;
        }
        if (xc < xmin) xmin = xc;
        if (xc == f) at_floor = true;
        if (key < min1) {
            min2 = min1;
            min1 = key;
            arg1 = c;
        } else if (key < min2) {
            min2 = key;
        }
        int64_t lc = xc;
        S->lpos[c] = xc;
        if (xc > f || (xc == f && S->rank[c] > lastrank)) {
            if (S->twin[c] < 0 || S->off[S->twin[c]] >= 0) {
                if (S->nstk == S->capstk && !stk_reserve(S, 1)) return -1;
                S->stk[S->nstk++] = c;
            }
        } else {
            /* It cannot go at its lowest offset any more (below the floor,
             * or at it after a higher rank): it will rest on an item not
             * yet placed. */
            int64_t sup = INT64_MAX;
            for (int32_t e = p->adj_off[c]; e < p->adj_off[c + 1]; e++) {
                int32_t d = p->adj[e];
                if (S->off[d] < 0) {
                    int64_t r = least(p, &p->it[d], ic->a, ic->b);
                    if (r < sup) sup = r;
                }
            }
            if (sup == INT64_MAX) {
                dead = true; /* nothing left to rest on */
                break;
            }
            lc = align_up(f + sup, ic->align);
            S->lpos[c] = lc;
        }
        for (int32_t k = ic->a; k < ic->b; k++) low[k] = lc < low[k] ? lc : low[k];
    }
    S->scan += ng + (size_t)(R - L); /* the loops below walk the sections */
    if (dead) {
        S->nstk = base;
        return 0;
    }
    /* Nogood lookup. The floor matters only if an item's lowest offset is
     * at or below it, the last rank (and so the order) only if one is at it. */
    int64_t fkey = f >= xmin ? f : -1;
    int64_t rkey = at_floor ? lastrank + ((int64_t)S->order << 32) : -1;
    uint64_t h1 = mix64(hz ^ (uint64_t)fkey * 0x9e3779b97f4a7c15u) ^ (uint64_t)rkey;
    uint64_t h2 = mix64(hz + 0x632be59bd9b4e019u) ^ mix64((uint64_t)fkey + ((uint64_t)rkey << 17));
    for (int32_t k = L; k < R; k++) { /* two independent polynomial hashes */
        uint64_t t = (uint64_t)S->top[k];
        h1 = (h1 ^ t) * 0x100000001b3u;
        h2 = (h2 + t) * 0x9e3779b97f4a7c15u + 0x632be59bd9b4e019u;
    }
    h1 = mix64(h1 ^ (uint64_t)R);
    h2 = mix64(h2);
    if (!h1 && !h2) h1 = 1;
    nogood *hit = ng_find(S, h1, h2);
    if (hit) {
        if (hit->nt < S->next_T) S->next_T = hit->nt;
        S->nstk = base;
        return 0;
    }
    /* Load: the items live in section k all lie at or above low[k]. */
    int64_t B = 0, need = 0;
    for (int32_t k = L; k < R; k++) {
        if (S->U[k] > B) B = S->U[k];
        need = max64(need, low[k] + S->U[k]);
    }
    if (need <= S->T && ng <= SMALL_GROUP) need = release_bound(S, hpos, stop);
    if (need > S->T) {
        if (need < S->next_T) S->next_T = need;
        S->nstk = base;
        return 0;
    }
    int64_t saved_next = S->next_T;
    S->next_T = INT64_MAX;
    /* Candidates: dominance, then load after the floor rises to x. */
    size_t nc = 0;
    for (size_t i = base; i < S->nstk; i++) {
        int32_t c = S->stk[i];
        int64_t xc = align_up(S->mm[c], p->it[c].align);
        if (xc >= (c == arg1 ? min2 : min1)) continue;
        if (xc + B > S->T) {
            if (xc + B < S->next_T) S->next_T = xc + B;
            continue;
        }
        S->stk[base + nc++] = c;
    }
    S->nstk = base + nc;
    sort_idx(S->stk + base, nc, cmp_cand, S);
    if (nc > 4096 && past_deadline(S)) {
        S->nstk = base;
        return -1;
    }
    int res = 0;
    for (size_t i = 0; i < nc && res == 0; i++) {
        int32_t c = S->stk[base + i];
        int64_t xc = align_up(S->mm[c], p->it[c].align);
        size_t mark = S->nrec;
        int32_t first = hpos == S->posof[c] ? S->nx[hpos] : hpos;
        place(S, c, xc);
        res = solve_rest(S, first, stop, xc, S->rank[c]);
        if (res != 1) undo_to(S, mark);
    }
    S->nstk = base;
    if (res == 0) ng_add(S, h1, h2, S->next_T);
    if (saved_next < S->next_T) S->next_T = saved_next;
    return res;
}

/* Rank orders. The search is complete under any of them, but how soon it
 * finds a plan on a hard instance depends wildly on the order (heavy
 * tails: an order that solves one of MiniMalloc's challenging instances in
 * milliseconds may not solve another in minutes). So search_at runs them
 * in turn with a node budget that doubles every round (restarts), sharing
 * the failed states it learned. Each order is a list of features, compared
 * largest first; ties go to the earlier start, then the index. */
enum { F_LOAD, F_LEN, F_AREA, F_SIZE_SEC, F_SIZE_SEC2, NFEAT };
static const signed char ORDERS[][3] = {
    {F_LOAD, F_LEN, F_AREA}, /* most loaded region, longest life, largest area */
    {F_AREA, -1, -1},        /* area: size x steps */
    {F_SIZE_SEC2, -1, -1},   /* size x sections^2: long lives weigh more */
    {F_SIZE_SEC, -1, -1},    /* size x sections */
};
#define NORDERS ((int)SP_ARRAY_LEN(ORDERS))
/* Nodes the first run of each order may take (doubling every round). */
#define RESTART_BASE 16384

typedef struct rank_ud {
    const prep *p;
    const double *feat; /* NFEAT per item */
    int order;
} rank_ud;

static int cmp_rank(const void *ud, int32_t x, int32_t y) {
    const rank_ud *r = ud;
    for (int i = 0; i < 3 && ORDERS[r->order][i] >= 0; i++) {
        int f = ORDERS[r->order][i];
        double a = r->feat[(size_t)x * NFEAT + f], b = r->feat[(size_t)y * NFEAT + f];
        if (a != b) return a > b ? -1 : 1;
    }
    const item *it = r->p->it;
    if (it[x].a != it[y].a) return it[x].a < it[y].a ? -1 : 1;
    return x < y ? -1 : x > y;
}

static bool same_shape(const prep *p, int32_t x, int32_t y) {
    const item *a = &p->it[x], *b = &p->it[y];
    if (a->a != b->a || a->b != b->b || a->np != b->np || a->align != b->align || a->size != b->size)
        return false;
    for (int32_t k = 0; k < a->np; k++) {
        const piece *u = &p->pc[a->p0 + k], *v = &p->pc[b->p0 + k];
        if (u->a != v->a || u->b != v->b || u->size != v->size) return false;
    }
    return true;
}

/* By shape (start, end, size, alignment), then rank: twins end up adjacent
 * in rank order. Pieces beyond the first are compared by same_shape. */
typedef struct shape_ud {
    const prep *p;
    const int32_t *rank;
} shape_ud;

static int cmp_shape(const void *ud, int32_t x, int32_t y) {
    const shape_ud *u = ud;
    const int32_t *rank = u->rank;
    const item *a = &u->p->it[x], *b = &u->p->it[y];
    if (a->a != b->a) return a->a < b->a ? -1 : 1;
    if (a->b != b->b) return a->b < b->b ? -1 : 1;
    if (a->size != b->size) return a->size < b->size ? -1 : 1;
    if (a->align != b->align) return a->align < b->align ? -1 : 1;
    if (a->np != b->np) return a->np < b->np ? -1 : 1;
    return rank[x] < rank[y] ? -1 : rank[x] > rank[y];
}

static sp_status search_init(scratch *s, const prep *p, search *S) {
    memset(S, 0, sizeof *S);
    S->p = p;
    S->ctx = s->ctx;
    int32_t m = p->m, K = p->K;
    S->m = m;
    S->K = K;
    size_t mm = (size_t)m + 2, tops = 0;
    for (int32_t i = 0; i < p->m; i++) {
        const item *x = &p->it[i];
        for (int32_t q = x->p0; q < x->p0 + x->np; q++) tops += (size_t)(p->pc[q].b - p->pc[q].a);
    }
    S->rank = sc_alloc(s, mm, sizeof(int32_t));
    S->ord = sc_alloc(s, mm, sizeof(int32_t));
    S->posof = sc_alloc(s, mm, sizeof(int32_t));
    S->off = sc_alloc(s, mm, sizeof(int64_t));
    S->mm = sc_alloc(s, mm, sizeof(int64_t));
    S->top = sc_alloc(s, (size_t)K + 1, sizeof(int64_t));
    S->U = sc_alloc(s, (size_t)K + 1, sizeof(int64_t));
    S->low = sc_alloc(s, (size_t)K + 1, sizeof(int64_t));
    S->twin = sc_alloc(s, mm, sizeof(int32_t));
    S->nx = sc_alloc(s, mm, sizeof(int32_t));
    S->pv = sc_alloc(s, mm, sizeof(int32_t));
    S->rec = sc_alloc(s, mm, sizeof(srec));
    S->tops = sc_alloc(s, tops + 1, sizeof(int64_t));
    S->mi = sc_alloc(s, 2 * p->npairs + 1, sizeof(int32_t));
    S->mv = sc_alloc(s, 2 * p->npairs + 1, sizeof(int64_t));
    if (!S->rank || !S->ord || !S->posof || !S->off || !S->mm || !S->top || !S->U || !S->low ||  !S->twin || !S->nx ||
        !S->pv || !S->rec || !S->tops || !S->mi || !S->mv)
        return oom(s->ctx);
    S->zob = sc_alloc(s, mm, sizeof(uint64_t));
    if (!S->zob) return oom(s->ctx);
    for (size_t i = 0; i < mm; i++) S->zob[i] = mix64(0x2545f4914f6cdd1du * (i + 1));
    S->ngcap = NOGOOD_MIN;
    S->ng = sp_try_malloc(s->ctx, S->ngcap * sizeof *S->ng); /* grows: freed by search_free */
    if (!S->ng) return oom(s->ctx);
    S->capstk = 4 * mm;
    S->stk = sp_try_malloc(s->ctx, S->capstk * sizeof *S->stk); /* grows: freed by search_free */
    if (!S->stk) return oom(s->ctx);
    /* features for the rank orders */
    S->feat = sc_alloc(s, mm * NFEAT, sizeof(double));
    S->tmp = sc_alloc(s, mm, sizeof(int32_t));
    S->lpos = sc_alloc(s, mm, sizeof(int64_t));
    S->acc = sc_alloc(s, (size_t)K + 1, sizeof(int64_t));
    if (!S->feat || !S->tmp || !S->lpos || !S->acc) return oom(s->ctx);
    memset(S->U, 0, ((size_t)K + 1) * sizeof *S->U);
    for (int32_t q = 0; q < m; q++)
        for (int32_t k = p->it[q].a; k < p->it[q].b; k++) S->U[k] += p->it[q].size;
    for (int32_t q = 0; q < m; q++) {
        const item *x = &p->it[q];
        double *ft = &S->feat[(size_t)q * NFEAT];
        int64_t load = 0;
        for (int32_t k = x->a; k < x->b; k++) load = max64(load, S->U[k]);
        double len = (double)(p->tpts[x->b] - p->tpts[x->a]), sec = (double)(x->b - x->a);
        ft[F_LOAD] = (double)load;
        ft[F_LEN] = len;
        ft[F_AREA] = len * (double)x->size;
        ft[F_SIZE_SEC] = sec * (double)x->size;
        ft[F_SIZE_SEC2] = sec * sec * (double)x->size;
    }
    S->order = -1;
    int32_t *tmp = S->tmp;
    for (int32_t i = 0; i < m; i++) tmp[i] = i;
    sort_idx(tmp, (size_t)m, cmp_item_start, p->it);
    /* positions 1..m */
    for (int32_t i = m; i > 0; i--) S->ord[i] = tmp[i - 1];
    S->ord[0] = -1;
    for (int32_t i = 1; i <= m; i++) S->posof[S->ord[i]] = i;
    return SP_OK;
}

/* Rank items by order o; identical items (twins) keep that order among
 * themselves. */
static void set_order(search *S, int o) {
    if (S->order == o) return;
    S->order = o;
    const prep *p = S->p;
    int32_t m = S->m, *tmp = S->tmp;
    rank_ud ru = {p, S->feat, o};
    for (int32_t i = 0; i < m; i++) tmp[i] = i;
    sort_idx(tmp, (size_t)m, cmp_rank, &ru);
    for (int32_t i = 0; i < m; i++) S->rank[tmp[i]] = i;
    shape_ud su = {p, S->rank};
    sort_idx(tmp, (size_t)m, cmp_shape, &su);
    for (int32_t i = 0; i < m; i++) S->twin[i] = -1;
    for (int32_t i = 1; i < m; i++)
        if (same_shape(p, tmp[i - 1], tmp[i])) S->twin[tmp[i]] = tmp[i - 1];
}

static void search_free(search *S) {
    if (S->stk) sp_free(S->ctx, S->stk);
    if (S->ng) sp_free(S->ctx, S->ng);
    S->stk = NULL;
    S->ng = NULL;
}

/* One run from the empty plan under the current order and node budget. */
static int search_run(search *S) {
    const prep *p = S->p;
    int32_t m = S->m;
    S->nrec = S->ntops = S->nmv = S->nstk = 0;
    S->cut = false;
    for (int32_t i = 0; i < m; i++) {
        S->off[i] = -1;
        S->mm[i] = 0;
    }
    memset(S->top, 0, ((size_t)S->K + 1) * sizeof *S->top);
    memset(S->U, 0, ((size_t)S->K + 1) * sizeof *S->U);
    for (int32_t q = 0; q < m; q++) {
        const item *x = &p->it[q];
        for (int32_t k = x->p0; k < x->p0 + x->np; k++)
            for (int32_t t = p->pc[k].a; t < p->pc[k].b; t++) S->U[t] += p->pc[k].size;
    }
    for (int32_t i = 0; i <= m + 1; i++) {
        S->nx[i] = i + 1;
        S->pv[i] = i - 1;
    }
    if (m == 0) return 1;
    return solve_rest(S, 1, m + 1, 0, -1);
}

/* 1: found (offsets in S->off), 0: none within T (S->next_T), -1: stopped
 * (after `budget` nodes, at the deadline, or out of memory). */
static int search_at(search *S, int64_t T, uint64_t budget, double deadline) {
    S->T = T;
    S->deadline = deadline;
    S->node_stop = budget;
    S->scan_check = S->scan; /* read the clock at the first chance */
    S->next_T = INT64_MAX;
    memset(S->ng, 0, S->ngcap * sizeof *S->ng); /* nogoods hold for one T */
    S->ngcount = 0;
    for (unsigned run = 0;; run++) {
        unsigned round = run / NORDERS;
        set_order(S, (int)(run % NORDERS));
        S->node_limit = round >= 40 ? UINT64_MAX : S->nodes + ((uint64_t)RESTART_BASE << round);
        int r = search_run(S);
        if (S->oom) return -1;
        if (r >= 0) return r;
        if (!S->cut) return -1; /* budget or deadline */
        /* budget spent: restart under the next order; what the cut run
         * learned is kept, its partial next_T is not needed */
        S->next_T = INT64_MAX;
    }
}

/* ---------------------------------------------------------------------------
 * Driver. */

/* Books the outcome of search_at(T): a plan (best improves), a proof (the
 * bound rises to next_T: no plan within T, nor within next_T - 1, since
 * every bound the search pruned on is at least next_T), or a stop. A
 * failure that pruned on no bound would fail for every T, which the
 * completeness of the search rules out; the caller stops on it, claiming
 * nothing. */
static sp_status take(search *S, const prep *p, int64_t *ioff, int res, int64_t T, int64_t *best,
                      int64_t *lb, plan_result *r) {
    r->nodes += S->nodes;
    S->nodes = 0;
    if (S->oom) return oom(S->ctx);
    if (res == 1) {
        int64_t fp = 0;
        for (int32_t i = 0; i < p->m; i++) fp = max64(fp, S->off[i] + p->it[i].size);
        if (fp < *best) {
            for (int32_t i = 0; i < p->m; i++) ioff[i] = S->off[i];
            *best = fp;
        }
    } else if (res == 0 && S->next_T > T && S->next_T != INT64_MAX) {
        *lb = max64(*lb, S->next_T);
    }
    return SP_OK;
}

/* Phase 2 probes take a third of the nodes left while that leaves them at
 * least this many (about the 50 ms the clock-only mode keeps for its last
 * probe), then all of it. */
#define PROBE_MIN_NODES 50000

sp_status plan_solve(sp_ctx *ctx, plan_buf *b, size_t n, const plan_opts *o, plan_result *r) {
    double t0 = now_s();
    memset(r, 0, sizeof *r);
    double limit = o ? o->time_limit_s : 0;
    int64_t cap = o ? o->capacity : 0;
    uint64_t work = o && o->work_limit > 0 ? (uint64_t)o->work_limit : 0;
    double deadline = limit > 0 ? t0 + limit : NO_DEADLINE;
    scratch s = {.ctx = ctx};
    search S = {0};
    prep p;
    sp_status st = prepare(&s, b, n, &p, true, NULL);
    int64_t *ioff = NULL;
    if (st == SP_OK) {
        ioff = sc_alloc(&s, (size_t)p.m + 1, sizeof *ioff);
        if (!ioff) st = oom(ctx);
    }
    if (st == SP_OK) st = greedy_items(&s, &p, ioff, deadline, &r->greedy_fallback, &r->timed_out);
    if (st != SP_OK) goto done;
    fill_bounds(&p, r);
    int64_t best = 0;
    for (int32_t i = 0; i < p.m; i++) best = max64(best, ioff[i] + p.it[i].size);
    r->greedy_footprint = best;
    int64_t lb = p.load;
    /* No search when greedy meets the bound, or when the bound alone says
     * it does not fit (tile search asks that often and wants it fast). */
    bool searching = best > lb && (work > 0 || limit > 0) && !r->timed_out && p.adj_off && !(cap > 0 && lb > cap);
    if (searching && deadline < NO_DEADLINE && now_s() > deadline) {
        r->timed_out = true; /* the greedy took all the time */
        searching = false;
    }
    if (searching) {
        st = search_init(&s, &p, &S);
        if (st != SP_OK) goto done;
        /* Phase 1, half the budget (nodes, or time without a work limit):
         * from the lower bound up (each failed T raises the bound, so the
         * first plan found is optimal). Fitting comes first: if greedy
         * misses the capacity, look for any plan within it before that. */
        uint64_t phase1 = work > 0 ? work / 2 : UINT64_MAX;
        double phase1_end = work > 0 ? deadline : t0 + limit / 2;
        int64_t T = cap > 0 && best > cap && cap > lb ? cap : lb;
        bool stopped = false;
        while (lb < best) {
            int res = search_at(&S, T, phase1 > r->nodes ? phase1 - r->nodes : 0, phase1_end);
            if ((st = take(&S, &p, ioff, res, T, &best, &lb, r)) != SP_OK) goto done;
            if (res < 0 || (res == 0 && S.next_T == INT64_MAX)) {
                stopped = res < 0;
                break;
            }
            T = lb;
        }
        /* Phase 2, the rest: bisect between the bound and the best plan
         * with slices of a third of what is left, so an instance the bound
         * cannot settle still gets a plan better than greedy. A probe that
         * runs out moves up toward the best plan, where plans are easier to
         * find. */
        int64_t probe = lb + (best - lb) / 2;
        while (stopped && lb < best && probe < best) {
            uint64_t slice = UINT64_MAX;
            double now = now_s(), end = deadline;
            if (now >= deadline) break;
            if (work > 0) {
                if (r->nodes >= work) break;
                uint64_t left = work - r->nodes;
                slice = left > 3 * PROBE_MIN_NODES ? left / 3 : left;
            } else {
                double left = deadline - now;
                end = now + (left > 0.05 ? left / 3 : left);
            }
            int res = search_at(&S, probe, slice, end);
            if ((st = take(&S, &p, ioff, res, probe, &best, &lb, r)) != SP_OK) goto done;
            if (res == 0 && S.next_T == INT64_MAX) break;
            probe = res < 0 ? probe + (best - probe + 1) / 2 : lb + (best - lb) / 2;
        }
        /* With a work limit the clock is only a cap: reaching it means the
         * plan may depend on load. Without one, phase 1 ends by the clock
         * by design; only a gap left open is reported. */
        if (work > 0) r->timed_out = S.timed_out;
        else r->timed_out = lb < best && stopped;
        r->work_limited = S.work_out && lb < best;
        if (lb > best) lb = best;
    }
    r->lower_bound = lb;
    r->footprint = expand(&p, ioff, b);
    r->optimal = r->footprint == r->lower_bound;
    st = self_check(ctx, b, n);
    if (st == SP_OK && cap > 0 && r->footprint > cap) {
        st = SP_ENOFIT;
        sp_set_error(ctx, SP_ENOFIT,
                     "does not fit: %s %" PRId64 " bytes, capacity %" PRId64 " bytes",
                     r->lower_bound > cap ? "needs at least" : "best plan found needs",
                     r->lower_bound > cap ? r->lower_bound : r->footprint, cap);
    }
done:
    search_free(&S);
    sc_free_all(&s);
    r->seconds = now_s() - t0;
    return st;
}
