/* alloc_int.h - the offset planner's internals (alloc.h), shared by its
 * three parts and private to them: alloc.c prepares a call's input (checks
 * the buffers, chains in-place pairs into items, compresses time into
 * sections, lists conflicts) and computes the peak-live bound;
 * alloc_greedy.c places items greedily (plan_greedy, and the first plan of
 * plan_solve); alloc_search.c searches exactly and drives plan_solve. The
 * verifier (alloc_verify.c, plan_verify) does not include this header: it
 * checks plans against alloc.h's rules alone.
 *
 * Items. The planner works on items, not buffers: an item is a chain of
 * buffers linked by in-place declarations (or a single buffer), placed as
 * one block whose size may step down over time (pieces). Zero-size buffers
 * are not items; they get offset 0. Time is compressed to sections: the
 * spans between consecutive distinct lifetime ends, so two items conflict
 * exactly when their section ranges overlap. A plan is an offset per item
 * (ioff[0 .. m)); pl_expand writes it back to the buffers.
 *
 * Memory. Every block a call needs comes from its pl_scratch and is freed
 * with it (pl_scratch_free_all) on every path; allocation failures come back
 * as pl_oom's SP_EINPUT, never thrown (sp_throw). Nothing here keeps state
 * between calls.
 */
#ifndef SPADC_PLAN_ALLOC_INT_H
#define SPADC_PLAN_ALLOC_INT_H

#include "alloc.h"

/* Scratch: every block of one call, freed together on every path. */
#define PL_SCRATCH_MAX 64

typedef struct pl_scratch {
    sp_ctx *ctx;
    void *p[PL_SCRATCH_MAX];
    int n;
} pl_scratch;

/* count * size bytes (NULL on overflow, failure, or past PL_SCRATCH_MAX blocks) */
void *pl_scratch_alloc(pl_scratch *s, size_t count, size_t size);
void pl_scratch_free_all(pl_scratch *s);
/* Records the planner's out-of-memory error in ctx; returns SP_EINPUT. */
sp_status pl_oom(sp_ctx *ctx);
/* Monotonic seconds. The clock only caps a call (alloc.h, Budgets): nothing
 * else reads it. */
double pl_now(void);
#define PL_NO_DEADLINE 1e300

/* Offsets and sizes stay below PLAN_MAX_BYTES (checked on input), so these
 * never overflow. */
static inline int64_t pl_align_up(int64_t x, int64_t a) { return (x + a - 1) & ~(a - 1); }
static inline int64_t pl_max64(int64_t a, int64_t b) { return a > b ? a : b; }

static inline uint64_t pl_mix64(uint64_t x) {
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9u;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebu;
    x ^= x >> 31;
    return x;
}

/* In-place heapsort of int32 keys by a comparator (qsort may call malloc,
 * which would bypass the allocation hook). cmp must be a total order. */
typedef int (*pl_cmp_fn)(const void *ud, int32_t a, int32_t b);
void pl_sort_idx(int32_t *v, size_t n, pl_cmp_fn cmp, const void *ud);

/* In-place heapsort of an array of T by an int64 key, KEY(element): for
 * plain values (alloc.c's time points) and forbidden intervals by their
 * start (alloc_greedy.c), neither of which is an index pl_sort_idx sorts.
 * Defines static NAME(T *v, size_t n) and its sift-down. */
#define PL_HEAPSORT_DEF(NAME, T, KEY)                          \
    static void NAME##_sift(T *v, size_t i, size_t n) {        \
        for (;;) {                                             \
            size_t c = 2 * i + 1;                              \
            if (c >= n) return;                                \
            if (c + 1 < n && KEY(v[c + 1]) > KEY(v[c])) c++;   \
            if (KEY(v[c]) <= KEY(v[i])) return;                \
            T t = v[c];                                        \
            v[c] = v[i];                                       \
            v[i] = t;                                          \
            i = c;                                             \
        }                                                      \
    }                                                          \
    static void NAME(T *v, size_t n) {                         \
        if (n < 2) return;                                     \
        for (size_t k = n / 2; k-- > 0;) NAME##_sift(v, k, n); \
        for (size_t e = n - 1; e > 0; e--) {                   \
            T t = v[0];                                        \
            v[0] = v[e];                                       \
            v[e] = t;                                          \
            NAME##_sift(v, 0, e);                              \
        }                                                      \
    }

/* Items, their pieces, and a call's prepared input. */
typedef struct pl_piece {
    int32_t a, b; /* sections [a, b) */
    int64_t size;
} pl_piece;

typedef struct pl_item {
    int32_t a, b;       /* sections [a, b): union of the pieces */
    int32_t p0, np;     /* pieces pc[p0 .. p0+np) in time order, sizes non-increasing */
    int32_t head;       /* first buffer of the chain */
    int64_t align;      /* max alignment over the chain */
    int64_t size;       /* largest piece (the first) */
} pl_item;

typedef struct pl_prep {
    size_t n;          /* buffers */
    int32_t *succ;     /* succ[i]: the buffer that takes i's bytes, or -1 */
    int32_t m;         /* items */
    pl_item *it;
    pl_piece *pc;
    int32_t K;         /* sections */
    int64_t load;      /* peak live bytes */
    int32_t peak_sec;  /* a section where it happens */
    int64_t *tpts;     /* section k is steps [tpts[k], tpts[k+1]) */
    int32_t *adj_off;  /* conflicts in CSR form, or NULL when too many */
    int32_t *adj;
    size_t npairs;
} pl_prep;

/* Checks b[0..n) (bad: the offending buffer) and prepares p from it;
 * want_adj: build the conflict lists (greedy and search need them). */
sp_status pl_prepare(pl_scratch *s, const plan_buf *b, size_t n, pl_prep *p, bool want_adj, size_t *bad);
/* Items by start section (ud: the items). */
int pl_cmp_item_start(const void *ud, int32_t x, int32_t y);

/* Max piece size of x over sections [a, b). */
static inline int64_t pl_reach(const pl_prep *p, const pl_item *x, int32_t a, int32_t b) {
    if (x->np == 1) return x->size;
    int64_t r = 0;
    for (int32_t k = x->p0; k < x->p0 + x->np; k++) {
        const pl_piece *q = &p->pc[k];
        if (q->a < b && a < q->b && q->size > r) r = q->size;
    }
    return r;
}

/* Smallest piece size of x over sections [a, b). */
static inline int64_t pl_least(const pl_prep *p, const pl_item *x, int32_t a, int32_t b) {
    if (x->np == 1) return x->size;
    int64_t r = INT64_MAX;
    for (int32_t k = x->p0; k < x->p0 + x->np; k++) {
        const pl_piece *q = &p->pc[k];
        if (q->a < b && a < q->b && q->size < r) r = q->size;
    }
    return r;
}

/* Writes item offsets back to the buffers; footprint of the plan. */
int64_t pl_expand(const pl_prep *p, const int64_t *ioff, plan_buf *b);
/* Debug builds: plan_verify on the plan (alloc.h), an internal error if it
 * fails. */
sp_status pl_self_check(sp_ctx *ctx, const plan_buf *b, size_t n);

/* alloc_greedy.c: the greedy plan of p's items into ioff: best fit by
 * decreasing size while the conflict lists exist, else (or when the
 * deadline passes during it: *timed_out) best fit in order of start
 * (*fallback). */
sp_status pl_greedy_items(pl_scratch *s, const pl_prep *p, int64_t *ioff, double deadline, bool *fallback,
                          bool *timed_out);
/* r's peak_live, lower_bound (the peak-live bound) and peak_step, from p. */
void pl_fill_bounds(const pl_prep *p, plan_result *r);

#endif
