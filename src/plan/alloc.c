/* alloc.c - offset planner (alloc.h): the input checked and prepared as
 * items, sections and conflicts (alloc_int.h), plan_check and the
 * peak-live bound. Its greedy plans are in alloc_greedy.c, the exact search
 * in alloc_search.c. */
#include "alloc_int.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

/* ---------------------------------------------------------------------------
 * Scratch: every block of one call, freed together on every path. */

void *pl_scratch_alloc(pl_scratch *s, size_t count, size_t size) {
    size_t bytes;
    if (__builtin_mul_overflow(count, size, &bytes) || s->n == PL_SCRATCH_MAX) return NULL;
    void *p = sp_try_malloc(s->ctx, bytes ? bytes : 1);
    if (p) s->p[s->n++] = p;
    return p;
}

void pl_scratch_free_all(pl_scratch *s) {
    while (s->n > 0) sp_free(s->ctx, s->p[--s->n]);
}

sp_status pl_oom(sp_ctx *ctx) {
    sp_set_error(ctx, SP_EINPUT, "out of memory in the offset planner");
    return SP_EINPUT;
}

/* The clock only caps a call (alloc.h, Budgets): nothing else reads it. */
double pl_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* In-place heapsort of int32 keys by a comparator (qsort may call malloc,
 * which would bypass the allocation hook). cmp must be a total order. */
static void sift(int32_t *v, size_t i, size_t n, pl_cmp_fn cmp, const void *ud) {
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

void pl_sort_idx(int32_t *v, size_t n, pl_cmp_fn cmp, const void *ud) {
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

/* time points, by value */
#define PL_VALUE(x) (x)
PL_HEAPSORT_DEF(sort_i64, int64_t, PL_VALUE)

/* ---------------------------------------------------------------------------
 * Preparation: validation, in-place chains, sections, items, conflicts. */

/* Conflict lists are skipped past this (greedy in order of start, no exact
 * search): their memory and the greedy's work grow with it. */
#define MAX_CONFLICT_PAIRS ((size_t)PLAN_GREEDY_MAX_PAIRS)
/* Sections are int32. */
#define MAX_BUFFERS ((size_t)1 << 28)

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

int pl_cmp_item_start(const void *ud, int32_t x, int32_t y) {
    const pl_item *it = ud;
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

/* Items: one per chain whose head has bytes. Pieces: the head's whole
 * life, then each successor from its predecessor's death on. Sections: the
 * spans between the pieces' distinct ends (p->tpts, p->K). *npieces: pieces. */
static sp_status make_items(pl_scratch *s, const plan_buf *b, size_t n, pl_prep *p, int32_t *npieces) {
    sp_ctx *ctx = s->ctx;
    size_t nitems = 0;
    for (size_t i = 0; i < n; i++)
        if (b[i].inplace < 0 && b[i].size > 0) nitems++;
    p->it = pl_scratch_alloc(s, nitems, sizeof *p->it);
    p->pc = pl_scratch_alloc(s, n, sizeof *p->pc); /* at most one piece per buffer */
    int64_t *pts = pl_scratch_alloc(s, 2 * n + 1, sizeof *pts);
    if (!p->it || !p->pc || !pts) return pl_oom(ctx);
    int64_t *plo = pl_scratch_alloc(s, n, sizeof *plo), *phi = pl_scratch_alloc(s, n, sizeof *phi);
    if (!plo || !phi) return pl_oom(ctx);
    int32_t m = 0, npc = 0;
    size_t npts = 0;
    for (size_t h = 0; h < n; h++) {
        if (b[h].inplace >= 0 || b[h].size == 0) continue;
        pl_item *x = &p->it[m++];
        x->head = (int32_t)h;
        x->p0 = npc;
        x->align = 1;
        x->size = b[h].size;
        int64_t from = b[h].lo;
        for (int32_t j = (int32_t)h; j >= 0; j = p->succ[j]) {
            x->align = pl_max64(x->align, b[j].align);
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
        pl_item *x = &p->it[i];
        x->a = p->pc[x->p0].a;
        x->b = p->pc[x->p0 + x->np - 1].b;
    }
    *npieces = npc;
    return SP_OK;
}

/* Conflicts (p->adj_off, p->adj), for p->m > 0: sort by start; the items
 * overlapping i that start after it are the ones that follow it in that
 * order and start before it ends. None (adj_off NULL) past
 * MAX_CONFLICT_PAIRS pairs. */
static sp_status find_conflicts(pl_scratch *s, pl_prep *p) {
    sp_ctx *ctx = s->ctx;
    const int32_t m = p->m;
    int32_t *ord = pl_scratch_alloc(s, (size_t)m, sizeof *ord);
    p->adj_off = pl_scratch_alloc(s, (size_t)m + 1, sizeof *p->adj_off);
    if (!ord || !p->adj_off) return pl_oom(ctx);
    for (int32_t i = 0; i < m; i++) ord[i] = i;
    pl_sort_idx(ord, (size_t)m, pl_cmp_item_start, p->it);
    int32_t *deg = p->adj_off;
    memset(deg, 0, ((size_t)m + 1) * sizeof *deg);
    size_t pairs = 0;
    for (int32_t r = 0; r < m; r++) {
        const pl_item *x = &p->it[ord[r]];
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
    p->adj = pl_scratch_alloc(s, 2 * pairs, sizeof *p->adj);
    if (!p->adj) return pl_oom(ctx);
    /* degrees to offsets (prefix sums), then a second pass fills each
     * item's list at its next free slot */
    int32_t acc = 0;
    for (int32_t i = 0; i <= m; i++) {
        int32_t d = i < m ? deg[i] : 0;
        deg[i] = acc;
        acc += d;
    }
    int32_t *fill = ord;
    int32_t *pos = pl_scratch_alloc(s, (size_t)m, sizeof *pos);
    if (!pos) return pl_oom(ctx);
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

/* want_adj: build the conflict lists (greedy and search need them). */
sp_status pl_prepare(pl_scratch *s, const plan_buf *b, size_t n, pl_prep *p, bool want_adj, size_t *bad) {
    sp_ctx *ctx = s->ctx;
    memset(p, 0, sizeof *p);
    p->n = n;
    p->peak_sec = -1;
    p->succ = pl_scratch_alloc(s, n, sizeof *p->succ);
    if (!p->succ) return pl_oom(ctx);
    sp_status st = check_bufs(ctx, b, n, p->succ, bad);
    if (st != SP_OK) return st;

    int32_t npc;
    if ((st = make_items(s, b, n, p, &npc)) != SP_OK) return st;
    const int32_t m = p->m;

    /* Peak live bytes by a difference array over sections. */
    int64_t *diff = pl_scratch_alloc(s, (size_t)p->K + 1, sizeof *diff);
    if (!diff) return pl_oom(ctx);
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
    return find_conflicts(s, p);
}

/* Writes item offsets back to the buffers; footprint of the plan. */
int64_t pl_expand(const pl_prep *p, const int64_t *ioff, plan_buf *b) {
    for (size_t i = 0; i < p->n; i++) b[i].offset = 0;
    int64_t fp = 0;
    for (int32_t i = 0; i < p->m; i++) {
        const pl_item *x = &p->it[i];
        for (int32_t j = x->head; j >= 0; j = p->succ[j]) b[j].offset = ioff[i];
        fp = pl_max64(fp, ioff[i] + x->size);
    }
    return fp;
}

sp_status pl_self_check(sp_ctx *ctx, const plan_buf *b, size_t n) {
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
    pl_scratch s = {.ctx = ctx};
    int32_t *succ = pl_scratch_alloc(&s, n, sizeof *succ);
    sp_status st = succ ? check_bufs(ctx, b, n, succ, bad) : pl_oom(ctx);
    pl_scratch_free_all(&s);
    return st;
}

sp_status plan_lower_bound(sp_ctx *ctx, const plan_buf *b, size_t n, int64_t *lb) {
    pl_scratch s = {.ctx = ctx};
    pl_prep p;
    sp_status st = pl_prepare(&s, b, n, &p, false, NULL);
    if (st == SP_OK) *lb = p.load;
    pl_scratch_free_all(&s);
    return st;
}

