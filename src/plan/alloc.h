/* alloc.h - offset planning: byte offsets for buffers with live intervals.
 *
 * One planner serves the kernel scratchpad (a handful of buffers, solved
 * exactly, many times during tile search) and the program's arena of
 * intermediate tensors (many buffers, in-place reuse), law L1/L2.
 *
 *     plan_buf b[] = {                       // live steps are half-open [lo, hi)
 *         {.size = 4096, .align = 64, .lo = 0, .hi = 3, .inplace = -1},  // acc
 *         {.size = 1024, .align = 64, .lo = 0, .hi = 2, .inplace = -1},  // lhs
 *         {.size = 4096, .align = 64, .lo = 2, .hi = 5, .inplace = 0},   // relu(acc)
 *     };
 *     plan_opts o = {.work_limit = 50000, .time_limit_s = 1, .capacity = 65536};
 *     plan_result r;
 *     sp_status st = plan_solve(ctx, b, 3, &o, &r);
 *     // SP_OK: b[i].offset set, r.footprint <= capacity, r.optimal if proven.
 *     // SP_ENOFIT: offsets hold the best plan found, which exceeds capacity.
 *
 * Ownership: the caller owns b[] and *r; the planner writes only b[i].offset
 * and *r, allocates scratch through sp_try_malloc(ctx) and frees all of it
 * before returning, on every path. No function here longjmps: failures come
 * back as a status with the message recorded in ctx (sp_set_error).
 *
 * In-place reuse. b[j].inplace = i declares that j may take exactly i's
 * bytes: the op that kills i (i's last live step, i.hi - 1) defines j
 * (j.lo == i.hi - 1), and j.size <= i.size. A declared pair is always taken
 * (j.offset == i.offset); plans are optimal among plans that take every
 * declared pair. A declaration that does not meet those conditions, a buffer
 * named by two others, or a chain i <- j <- k in which k would meet i at one
 * step (j lives a single step) is an input error (plan_check says which).
 * The verifier accepts an overlap only between such a declared pair.
 *
 * Exactness. plan_solve decides "does a plan fit in T bytes" by depth-first
 * search over canonical plans (every buffer rests on a buffer below it or on
 * 0; buffers are placed in order of offset), pruned by per-step load bounds,
 * a dominance rule (never place a buffer above a spot where another unplaced
 * buffer would fit entirely below it), symmetry between identical buffers,
 * a cache of failed states, and decomposition where the unplaced buffers
 * split into groups that share no step. Heavy tails are cut by restarts
 * under a few buffer orders with growing node budgets. For the first half of
 * its budget it starts at the lower bound and raises T to the smallest
 * value a failed search pruned on (so the first plan found is optimal); if
 * that does not settle it, the rest of the budget bisects between the bound
 * and the best plan, a third of what is left per probe. It returns the best
 * plan seen, never worse than plan_greedy's; r.lower_bound is what was
 * proven, r.optimal says whether they meet.
 *
 * Budgets. The search is bounded by counted work, o->work_limit search
 * nodes (the phases and probes split it by nodes too), so whether a plan
 * fits, and which plan comes back, never depends on the machine's load.
 * o->time_limit_s is an outer wall-clock cap on everything the call does
 * (the greedy included, see plan_greedy); when it stops anything,
 * r.timed_out says so, and only then may the plan differ from run to run.
 * With no work limit the clock alone splits the phases (half the time,
 * then probes of a third of what is left): that is the time-boxed mode of
 * `spadc alloc --time-limit`, not deterministic when it runs out.
 * Deterministic: same input and options, same plan, unless r.timed_out.
 */
#ifndef SPADC_PLAN_ALLOC_H
#define SPADC_PLAN_ALLOC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/ctx.h"

/* Sizes, alignments and the footprint are at most this (2^62), and so is
 * the sum of all sizes and alignments, so no offset arithmetic overflows. */
#define PLAN_MAX_BYTES ((int64_t)1 << 62)

typedef struct plan_buf {
    int64_t size;    /* bytes, >= 0; a zero-size buffer gets offset 0 */
    int64_t align;   /* power of two, >= 1 */
    int64_t lo, hi;  /* live steps, half-open [lo, hi), lo < hi */
    int32_t inplace; /* index of the buffer whose bytes this one takes, or -1 */
    int64_t offset;  /* output */
} plan_buf;

typedef struct plan_opts {
    double time_limit_s; /* wall-clock cap on the call, seconds; <= 0: none */
    int64_t capacity;    /* bytes available, 0 = unlimited */
    int64_t work_limit;  /* exact search budget in search nodes; <= 0: none (the
                          * clock alone). Both none: greedy and bound only. */
} plan_opts;

typedef struct plan_result {
    int64_t footprint;        /* max offset + size of the plan returned */
    int64_t lower_bound;      /* proven: no plan is smaller (>= peak_live) */
    int64_t peak_live;        /* most bytes live at one step (in-place pairs counted once) */
    int64_t peak_step;        /* a step where peak_live bytes are live (0 if none) */
    int64_t greedy_footprint; /* plan_greedy's footprint on the same input */
    bool optimal;             /* footprint == lower_bound */
    bool timed_out;           /* the clock stopped the search or the greedy: the plan
                               * may depend on the machine's load */
    bool work_limited;        /* the work budget ran out before optimality was proven */
    bool greedy_fallback;     /* the greedy was best fit in order of start */
    uint64_t nodes;           /* search nodes visited */
    double seconds;           /* wall time of the call */
} plan_result;

/* Validates b[0..n): sizes, alignments, lifetimes, totals and in-place
 * declarations. SP_OK, or SP_EINPUT with the message recorded in ctx and the
 * offending buffer's index in *bad (when bad != NULL). */
sp_status plan_check(sp_ctx *ctx, const plan_buf *b, size_t n, size_t *bad);

/* Peak-live lower bound: the most bytes live at one step, counting each
 * declared in-place pair once at the step they share. */
sp_status plan_lower_bound(sp_ctx *ctx, const plan_buf *b, size_t n, int64_t *lb);

/* Baseline: best fit by decreasing size (TFLite arena planner, XLA
 * GlobalDecreasingSizeBestFitHeap). Each buffer, largest first, goes into
 * the smallest gap left by the already placed buffers it overlaps in time,
 * else on top; ties go to the lowest offset. Its work grows with the pairs
 * of buffers live at a common step, so past PLAN_GREEDY_MAX_PAIRS pairs
 * (and in plan_solve when the clock cap passes during it) it gives way to
 * best fit in order of start: a malloc simulation over the steps, O(n log n),
 * where each buffer takes the smallest free gap at its first step (largest
 * first among those starting together) and frees its bytes when it dies;
 * r.greedy_fallback says so. Fills r (optimal is true only if it meets the
 * lower bound). Deterministic. */
#define PLAN_GREEDY_MAX_PAIRS ((int64_t)1 << 23)
sp_status plan_greedy(sp_ctx *ctx, plan_buf *b, size_t n, plan_result *r);

/* Exact search within a work budget (see the top of this file). Returns SP_OK,
 * SP_ENOFIT when o->capacity > 0 and the best plan found exceeds it (proven
 * impossible when r->lower_bound > capacity or r->optimal), or SP_EINPUT. */
sp_status plan_solve(sp_ctx *ctx, plan_buf *b, size_t n, const plan_opts *o, plan_result *r);

/* Independent checker (alloc_verify.c, shares no code with the planner):
 * sizes >= 0, alignments powers of two, lo < hi, offsets >= 0 and aligned,
 * offset + size <= capacity (when capacity > 0), and no two buffers live at
 * the same step overlap in bytes, except a declared in-place pair meeting the
 * conditions above at equal offsets. On failure writes the first violation
 * to why (when whylen > 0). O(n^2), allocates nothing. */
bool plan_verify(const plan_buf *b, size_t n, int64_t capacity, char *why, size_t whylen);

#endif
