/* test_alloc.c - offset planner: verifier, bounds, greedy, exact search.
 *
 * Every plan made here goes through plan_verify, the independent checker.
 * Exactness is checked against a brute force written here (all orders,
 * each buffer dropped onto the buffers placed before it), which shares no
 * code with the planner. No assertion depends on timing. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan/alloc.h"
#include "plan/alloc_csv.h"

static int failures;

#define CHECK(cond)                                                                      \
    do {                                                                                 \
        if (!(cond)) {                                                                   \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);     \
            failures++;                                                                  \
        }                                                                                \
    } while (0)

#define CHECK_EQ(a, b)                                                                   \
    do {                                                                                 \
        int64_t a_ = (int64_t)(a), b_ = (int64_t)(b);                                    \
        if (a_ != b_) {                                                                  \
            fprintf(stderr, "%s:%d: check failed: %s == %s (%" PRId64 " vs %" PRId64 ")\n", \
                    __FILE__, __LINE__, #a, #b, a_, b_);                                 \
            failures++;                                                                  \
        }                                                                                \
    } while (0)

static sp_ctx ctx;

static plan_buf B(int64_t lo, int64_t hi, int64_t size) {
    return (plan_buf){.size = size, .align = 1, .lo = lo, .hi = hi, .inplace = -1, .offset = 0};
}

static bool valid(const plan_buf *b, size_t n, int64_t cap, const char *what) {
    char why[256];
    if (plan_verify(b, n, cap, why, sizeof why)) return true;
    fprintf(stderr, "invalid plan (%s): %s\n", what, why);
    return false;
}

static int64_t footprint(const plan_buf *b, size_t n) {
    int64_t fp = 0;
    for (size_t i = 0; i < n; i++)
        if (b[i].offset + b[i].size > fp) fp = b[i].offset + b[i].size;
    return fp;
}

/* ---- brute force: every order, each buffer at the lowest aligned offset
 * above the buffers placed before it that share a step with it. Some order
 * reproduces an optimal plan with every buffer dropped as low as it goes. */
static int64_t bf_best;

static void bf(const plan_buf *b, int n, int64_t *off, unsigned used, int k) {
    if (k == n) {
        int64_t fp = 0;
        for (int i = 0; i < n; i++)
            if (off[i] + b[i].size > fp) fp = off[i] + b[i].size;
        if (fp < bf_best) bf_best = fp;
        return;
    }
    for (int i = 0; i < n; i++) {
        if (used >> i & 1) continue;
        int64_t x = 0;
        for (int j = 0; j < n; j++)
            if ((used >> j & 1) && b[i].lo < b[j].hi && b[j].lo < b[i].hi && off[j] + b[j].size > x)
                x = off[j] + b[j].size;
        x = (x + b[i].align - 1) / b[i].align * b[i].align;
        if (x + b[i].size >= bf_best) continue; /* cannot improve */
        off[i] = x;
        bf(b, n, off, used | 1u << i, k + 1);
    }
}

static int64_t brute_force(const plan_buf *b, int n) {
    int64_t off[16];
    bf_best = INT64_MAX;
    bf(b, n, off, 0, 0);
    return bf_best;
}

static uint64_t rng = 0x9e3779b97f4a7c15u;
static uint64_t rnd(void) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* ------------------------------------------------------------------------ */

static void test_verify_negatives(void) {
    char why[256];
    plan_buf ok[2] = {B(0, 2, 8), B(1, 3, 8)};
    ok[1].offset = 8;
    CHECK(plan_verify(ok, 2, 16, why, sizeof why));

    plan_buf b[2];
#define EXPECT_BAD(setup, needle)                                                        \
    do {                                                                                 \
        memcpy(b, ok, sizeof ok);                                                        \
        setup;                                                                           \
        why[0] = 0;                                                                      \
        CHECK(!plan_verify(b, 2, 16, why, sizeof why));                                  \
        if (!strstr(why, needle)) {                                                      \
            fprintf(stderr, "%s:%d: expected '%s' in '%s'\n", __FILE__, __LINE__, needle, why); \
            failures++;                                                                  \
        }                                                                                \
    } while (0)
    EXPECT_BAD(b[0].size = -1, "negative size");
    EXPECT_BAD(b[1].align = 3, "not a power of two");
    EXPECT_BAD(b[1].align = 0, "not a power of two");
    EXPECT_BAD(b[0].hi = 0, "empty lifetime");
    EXPECT_BAD(b[0].inplace = 5, "out of range");
    EXPECT_BAD(b[0].inplace = 0, "out of range"); /* itself */
    EXPECT_BAD(b[1].offset = -8, "negative offset");
    EXPECT_BAD((b[1].align = 16, b[1].offset = 8), "not aligned");
    EXPECT_BAD(b[1].offset = 9, "beyond the capacity");
    EXPECT_BAD((b[1].offset = INT64_MAX - 2, b[1].size = 8), "overflows");
    EXPECT_BAD(b[1].offset = 4, "overlap");
    EXPECT_BAD(b[1].offset = 0, "overlap");
    /* overlap checks run without a capacity too */
    memcpy(b, ok, sizeof ok);
    b[1].offset = 7;
    CHECK(!plan_verify(b, 2, 0, why, sizeof why));
    /* buffers live at different steps may share bytes; zero sizes never clash */
    plan_buf apart[3] = {B(0, 2, 8), B(2, 4, 8), B(0, 4, 0)};
    CHECK(plan_verify(apart, 3, 8, why, sizeof why));
}

static void test_verify_inplace(void) {
    char why[256];
    /* i lives [0,3), j = op at step 2's output, takes i's bytes */
    plan_buf b[2] = {B(0, 3, 8), B(2, 5, 8)};
    b[1].inplace = 0;
    CHECK(plan_verify(b, 2, 0, why, sizeof why));
    plan_buf c[2];
    memcpy(c, b, sizeof b);
    c[1].size = 4; /* smaller is fine */
    CHECK(plan_verify(c, 2, 0, why, sizeof why));
    memcpy(c, b, sizeof b);
    c[1].inplace = -1; /* not declared */
    CHECK(!plan_verify(c, 2, 0, why, sizeof why));
    memcpy(c, b, sizeof b);
    c[1].size = 9; /* larger than what it takes */
    CHECK(!plan_verify(c, 2, 0, why, sizeof why));
    memcpy(c, b, sizeof b);
    c[1].lo = 1; /* born before i dies */
    CHECK(!plan_verify(c, 2, 0, why, sizeof why));
    memcpy(c, b, sizeof b);
    c[1].offset = 4; /* declared but not at the same offset */
    CHECK(!plan_verify(c, 2, 0, why, sizeof why));
}

static void test_check_rejects(void) {
    size_t bad = 99;
    plan_buf b[3] = {B(0, 3, 8), B(2, 5, 8), B(2, 4, 4)};
    CHECK_EQ(plan_check(&ctx, b, 3, &bad), SP_OK);
    b[1].inplace = 0;
    CHECK_EQ(plan_check(&ctx, b, 3, &bad), SP_OK);
    b[2].inplace = 0; /* second taker */
    CHECK_EQ(plan_check(&ctx, b, 3, &bad), SP_EINPUT);
    CHECK_EQ(bad, 2);
    b[2].inplace = -1;
    b[1].lo = 1; /* timing */
    CHECK_EQ(plan_check(&ctx, b, 3, &bad), SP_EINPUT);
    CHECK_EQ(bad, 1);
    b[1].lo = 2;
    b[1].size = 16; /* larger */
    CHECK_EQ(plan_check(&ctx, b, 3, &bad), SP_EINPUT);
    b[1].size = 8;
    b[0].align = 6;
    CHECK_EQ(plan_check(&ctx, b, 3, &bad), SP_EINPUT);
    CHECK_EQ(bad, 0);
    b[0].align = 1;
    b[2].hi = 2;
    CHECK_EQ(plan_check(&ctx, b, 3, &bad), SP_EINPUT);
    b[2].hi = 4;
    b[2].size = -1;
    CHECK_EQ(plan_check(&ctx, b, 3, &bad), SP_EINPUT);
    b[2].size = PLAN_MAX_BYTES;
    b[0].size = PLAN_MAX_BYTES; /* total over 2^62 */
    CHECK_EQ(plan_check(&ctx, b, 3, &bad), SP_EINPUT);
    /* i <- j <- k where j lives one step: k would meet i */
    plan_buf c[3] = {B(0, 3, 8), B(2, 3, 8), B(2, 4, 8)};
    c[1].inplace = 0;
    c[2].inplace = 1;
    CHECK_EQ(plan_check(&ctx, c, 3, &bad), SP_EINPUT);
    CHECK_EQ(bad, 2);
    /* plan_solve refuses the same input */
    plan_opts o = {.time_limit_s = 1};
    plan_result r;
    CHECK_EQ(plan_solve(&ctx, c, 3, &o, &r), SP_EINPUT);
}

static void test_lower_bound(void) {
    int64_t lb = -1;
    plan_buf b[4] = {B(0, 2, 10), B(1, 3, 20), B(2, 4, 5), B(3, 4, 1)};
    CHECK_EQ(plan_lower_bound(&ctx, b, 4, &lb), SP_OK);
    CHECK_EQ(lb, 30); /* step 1: 10 + 20 */
    /* an in-place pair counts once at the step it shares */
    plan_buf c[2] = {B(0, 3, 8), B(2, 5, 8)};
    CHECK_EQ(plan_lower_bound(&ctx, c, 2, &lb), SP_OK);
    CHECK_EQ(lb, 16);
    c[1].inplace = 0;
    CHECK_EQ(plan_lower_bound(&ctx, c, 2, &lb), SP_OK);
    CHECK_EQ(lb, 8);
    CHECK_EQ(plan_lower_bound(&ctx, c, 0, &lb), SP_OK);
    CHECK_EQ(lb, 0);
}

/* TFLite memory_management_test.cc ComplexRecords: inclusive intervals,
 * optimum 96 = peak live at step 5. */
static void complex_records(plan_buf *b) {
    static const int64_t size[] = {32, 32, 8, 16, 8, 64, 8, 8, 16};
    static const int64_t first[] = {0, 1, 2, 3, 4, 5, 6, 7, 8}, last[] = {1, 4, 5, 5, 5, 7, 8, 8, 9};
    for (int i = 0; i < 9; i++) b[i] = B(first[i], last[i] + 1, size[i]);
}

static void test_complex_records(void) {
    plan_buf b[9];
    plan_result r;
    complex_records(b);
    CHECK_EQ(plan_greedy(&ctx, b, 9, &r), SP_OK);
    CHECK(valid(b, 9, 0, "ComplexRecords greedy"));
    CHECK_EQ(r.footprint, 96); /* TFLite's greedy by size reaches it too */
    CHECK_EQ(footprint(b, 9), 96);
    complex_records(b);
    plan_opts o = {.time_limit_s = 10};
    CHECK_EQ(plan_solve(&ctx, b, 9, &o, &r), SP_OK);
    CHECK(valid(b, 9, 96, "ComplexRecords exact"));
    CHECK_EQ(r.footprint, 96);
    CHECK_EQ(r.lower_bound, 96);
    CHECK(r.optimal);
}

/* MiniMalloc solver_test InfeasibleTricky: peak live 4, optimum 5. */
static void test_infeasible_tricky(void) {
    plan_buf b[] = {B(0, 1, 3), B(0, 3, 1), B(4, 5, 3), B(2, 5, 1),
                    B(1, 2, 2), B(3, 4, 2), B(1, 4, 1)};
    size_t n = SP_ARRAY_LEN(b);
    CHECK_EQ(brute_force(b, (int)n), 5);
    plan_result r;
    plan_opts o = {.time_limit_s = 10};
    CHECK_EQ(plan_solve(&ctx, b, n, &o, &r), SP_OK);
    CHECK(valid(b, n, 0, "InfeasibleTricky"));
    CHECK_EQ(r.peak_live, 4);
    CHECK_EQ(r.footprint, 5);
    CHECK_EQ(r.lower_bound, 5); /* the search proved 4 impossible */
    CHECK(r.optimal);
    CHECK(!r.timed_out);
    /* capacity 4: proven not to fit, and the bound says so */
    o.capacity = 4;
    CHECK_EQ(plan_solve(&ctx, b, n, &o, &r), SP_ENOFIT);
    CHECK_EQ(r.lower_bound, 5);
    CHECK(r.lower_bound > o.capacity);
    CHECK(valid(b, n, 0, "InfeasibleTricky, over capacity"));
    o.capacity = 5;
    CHECK_EQ(plan_solve(&ctx, b, n, &o, &r), SP_OK);
    CHECK(valid(b, n, 5, "InfeasibleTricky at capacity 5"));
}

static void test_capacity(void) {
    /* peak live 30 > capacity 20: refused at once with the bound */
    plan_buf b[3] = {B(0, 2, 10), B(1, 3, 20), B(2, 4, 5)};
    plan_opts o = {.time_limit_s = 10, .capacity = 20};
    plan_result r;
    CHECK_EQ(plan_solve(&ctx, b, 3, &o, &r), SP_ENOFIT);
    CHECK_EQ(r.lower_bound, 30);
    CHECK_EQ(r.peak_live, 30);
    CHECK_EQ(r.peak_step, 1);
    CHECK(strstr(ctx.err.msg, "30") && strstr(ctx.err.msg, "20"));
    o.capacity = 30;
    CHECK_EQ(plan_solve(&ctx, b, 3, &o, &r), SP_OK);
    CHECK(valid(b, 3, 30, "capacity 30"));
}

/* Greedy by size is not optimal here; the exact search must find a plan
 * within a capacity greedy misses. */
static void test_greedy_gap(void) {
    int found = 0;
    for (int t = 0; t < 2000 && found < 20; t++) {
        plan_buf b[7];
        int n = 4 + (int)(rnd() % 4);
        for (int i = 0; i < n; i++) {
            int64_t lo = (int64_t)(rnd() % 5);
            b[i] = B(lo, lo + 1 + (int64_t)(rnd() % 4), 1 + (int64_t)(rnd() % 9));
        }
        plan_result g, r;
        CHECK_EQ(plan_greedy(&ctx, b, (size_t)n, &g), SP_OK);
        int64_t opt = brute_force(b, n);
        if (g.footprint == opt) continue;
        found++;
        plan_opts o = {.time_limit_s = 10, .capacity = opt};
        CHECK_EQ(plan_solve(&ctx, b, (size_t)n, &o, &r), SP_OK);
        CHECK(valid(b, (size_t)n, opt, "better than greedy"));
        CHECK_EQ(r.footprint, opt);
        CHECK_EQ(r.greedy_footprint, g.footprint);
    }
    CHECK(found > 0);
}

static void test_alignment(void) {
    /* 3 bytes then a 64-aligned buffer live together: 64 + 64 */
    plan_buf b[3] = {B(0, 4, 3), B(0, 4, 64), B(2, 6, 5)};
    b[1].align = 64;
    b[2].align = 8;
    plan_opts o = {.time_limit_s = 10};
    plan_result r;
    CHECK_EQ(plan_solve(&ctx, b, 3, &o, &r), SP_OK);
    CHECK(valid(b, 3, 0, "alignment"));
    CHECK_EQ(b[1].offset % 64, 0);
    CHECK_EQ(b[2].offset % 8, 0);
    CHECK_EQ(r.footprint, brute_force(b, 3));
    CHECK_EQ(r.footprint, 72); /* 64 at 0, then 5 at 64 (8-aligned), then 3 at 69 */
}

static void test_inplace(void) {
    /* acc [0,3) 4096; lhs [0,2) 1024; relu(acc) [2,5) 4096 in place of acc;
     * out [3,5) 2048. Without reuse step 2 holds acc + relu = 8192. */
    plan_buf b[4] = {B(0, 3, 4096), B(0, 2, 1024), B(2, 5, 4096), B(3, 5, 2048)};
    plan_opts o = {.time_limit_s = 10};
    plan_result r;
    CHECK_EQ(plan_solve(&ctx, b, 4, &o, &r), SP_OK);
    CHECK(valid(b, 4, 0, "no in-place"));
    int64_t without = r.footprint;
    CHECK_EQ(without, 8192);
    b[2].inplace = 0;
    CHECK_EQ(plan_solve(&ctx, b, 4, &o, &r), SP_OK);
    CHECK(valid(b, 4, 0, "in-place"));
    CHECK_EQ(b[2].offset, b[0].offset);
    CHECK_EQ(r.footprint, 6144); /* step 3: relu 4096 + out 2048 */
    CHECK_EQ(r.lower_bound, 6144);
    CHECK(r.optimal);
    /* a chain acc <- relu <- scale, the last one smaller */
    plan_buf c[4] = {B(0, 3, 4096), B(2, 5, 4096), B(4, 7, 1024), B(5, 7, 3072)};
    c[1].inplace = 0;
    c[2].inplace = 1;
    CHECK_EQ(plan_solve(&ctx, c, 4, &o, &r), SP_OK);
    CHECK(valid(c, 4, 0, "in-place chain"));
    CHECK_EQ(c[1].offset, c[0].offset);
    CHECK_EQ(c[2].offset, c[1].offset);
    CHECK_EQ(r.footprint, 4096); /* the tail of the chain frees 3072 for the last one */
    /* greedy honours the pairs too */
    CHECK_EQ(plan_greedy(&ctx, c, 4, &r), SP_OK);
    CHECK(valid(c, 4, 0, "in-place chain, greedy"));
    CHECK_EQ(c[1].offset, c[0].offset);
}

static void test_degenerate_api(void) {
    plan_opts o = {.time_limit_s = 1};
    plan_result r;
    CHECK_EQ(plan_solve(&ctx, NULL, 0, &o, &r), SP_OK);
    CHECK_EQ(r.footprint, 0);
    CHECK(r.optimal);
    plan_buf z[3] = {B(0, 2, 0), B(1, 3, 0), B(0, 3, 7)};
    z[1].align = 16;
    CHECK_EQ(plan_solve(&ctx, z, 3, &o, &r), SP_OK);
    CHECK(valid(z, 3, 0, "zero sizes"));
    CHECK_EQ(r.footprint, 7);
    CHECK_EQ(plan_greedy(&ctx, z, 3, &r), SP_OK);
    CHECK_EQ(r.footprint, 7);
    /* one huge buffer at the limit */
    plan_buf h[1] = {B(0, 1, PLAN_MAX_BYTES)};
    CHECK_EQ(plan_solve(&ctx, h, 1, &o, &r), SP_OK);
    CHECK_EQ(r.footprint, PLAN_MAX_BYTES);
    /* time limit 0: greedy plus bound, still valid, never claims more */
    plan_buf t[7] = {B(0, 1, 3), B(0, 3, 1), B(4, 5, 3), B(2, 5, 1), B(1, 2, 2), B(3, 4, 2), B(1, 4, 1)};
    o.time_limit_s = 0;
    CHECK_EQ(plan_solve(&ctx, t, 7, &o, &r), SP_OK);
    CHECK(valid(t, 7, 0, "time limit 0"));
    CHECK_EQ(r.lower_bound, 4);
    CHECK(r.optimal == (r.footprint == 4));
}

/* Random instances: valid, footprint >= lower bound >= peak live, exact <=
 * greedy, and equal to the brute force on up to 7 buffers. */
static void test_random_vs_brute_force(void) {
    for (int t = 0; t < 1500; t++) {
        plan_buf b[7], g[7];
        int n = 1 + (int)(rnd() % 7);
        int steps = 2 + (int)(rnd() % 6);
        for (int i = 0; i < n; i++) {
            int64_t lo = (int64_t)(rnd() % (uint64_t)steps);
            b[i] = B(lo, lo + 1 + (int64_t)(rnd() % (uint64_t)(steps - lo)), 1 + (int64_t)(rnd() % 12));
            if (rnd() % 4 == 0) b[i].align = (int64_t)1 << (rnd() % 4);
        }
        memcpy(g, b, sizeof b);
        plan_result rg, r;
        plan_opts o = {.time_limit_s = 30};
        CHECK_EQ(plan_greedy(&ctx, g, (size_t)n, &rg), SP_OK);
        CHECK_EQ(plan_solve(&ctx, b, (size_t)n, &o, &r), SP_OK);
        if (!valid(g, (size_t)n, 0, "random greedy") || !valid(b, (size_t)n, 0, "random exact")) {
            failures++;
            return;
        }
        int64_t opt = brute_force(b, n);
        CHECK_EQ(r.footprint, footprint(b, (size_t)n));
        CHECK_EQ(rg.footprint, footprint(g, (size_t)n));
        CHECK(r.footprint >= r.lower_bound && r.lower_bound >= r.peak_live);
        CHECK(r.footprint <= rg.footprint);
        CHECK_EQ(r.greedy_footprint, rg.footprint);
        CHECK(r.optimal);
        if (r.footprint != opt || r.lower_bound != opt) {
            fprintf(stderr, "trial %d: brute force %" PRId64 ", planner %" PRId64 " (bound %" PRId64 ")\n",
                    t, opt, r.footprint, r.lower_bound);
            failures++;
            return;
        }
    }
}

/* Larger random instances with in-place chains: valid, pairs share, bounds
 * hold, never worse than greedy. */
static void test_random_larger(void) {
    for (int t = 0; t < 300; t++) {
        plan_buf b[48];
        int n = 8 + (int)(rnd() % 40);
        int steps = 4 + (int)(rnd() % 30);
        for (int i = 0; i < n; i++) {
            int64_t lo = (int64_t)(rnd() % (uint64_t)steps);
            b[i] = B(lo, lo + 1 + (int64_t)(rnd() % 6), 64 * (1 + (int64_t)(rnd() % 32)));
            b[i].align = (int64_t)1 << (rnd() % 8);
            /* take a buffer's bytes in place when one dies where i starts */
            if (rnd() % 3 == 0)
                for (int j = 0; j < i; j++) {
                    bool taken = false;
                    for (int k = 0; k < i; k++) taken |= b[k].inplace == j;
                    bool j_single_taker = b[j].inplace >= 0 && b[j].hi - b[j].lo == 1;
                    if (!taken && !j_single_taker && b[j].hi - 1 == b[i].lo) {
                        b[i].size = b[j].size / (1 + (int64_t)(rnd() % 2));
                        b[i].inplace = j;
                        break;
                    }
                }
        }
        plan_buf g[48];
        memcpy(g, b, sizeof b);
        plan_result rg, r;
        plan_opts o = {.time_limit_s = 0.05};
        CHECK_EQ(plan_greedy(&ctx, g, (size_t)n, &rg), SP_OK);
        CHECK_EQ(plan_solve(&ctx, b, (size_t)n, &o, &r), SP_OK);
        CHECK(valid(g, (size_t)n, 0, "larger greedy"));
        CHECK(valid(b, (size_t)n, 0, "larger exact"));
        for (int i = 0; i < n; i++)
            if (b[i].inplace >= 0) CHECK_EQ(b[i].offset, b[b[i].inplace].offset);
        CHECK(r.footprint >= r.lower_bound && r.lower_bound >= r.peak_live);
        CHECK(r.footprint <= rg.footprint);
        CHECK(!r.optimal || r.footprint == r.lower_bound);
        int64_t lb;
        CHECK_EQ(plan_lower_bound(&ctx, b, (size_t)n, &lb), SP_OK);
        CHECK_EQ(lb, r.peak_live);
    }
}

/* ---- allocation failures: fail the Nth allocation, for every N until the
 * call succeeds; nothing may leak and the status must say so. */
typedef struct counting {
    long n, fail_at, live;
} counting;

static void *counting_alloc(void *ud, void *ptr, size_t nsize) {
    counting *c = ud;
    if (nsize == 0) {
        if (ptr) c->live--;
        free(ptr);
        return NULL;
    }
    if (c->n++ == c->fail_at) return NULL;
    void *q = realloc(ptr, nsize);
    if (q && !ptr) c->live++;
    return q;
}

static void test_alloc_failures(void) {
    for (int which = 0; which < 3; which++) {
        bool done = false;
        for (long k = 0; k < 1000 && !done; k++) {
            counting c = {.fail_at = k};
            sp_allocator al = {counting_alloc, &c};
            sp_ctx fctx;
            sp_ctx_init(&fctx, &al);
            plan_buf b[7] = {B(0, 1, 3), B(0, 3, 1), B(4, 5, 3), B(2, 5, 1), B(1, 2, 2), B(3, 4, 2), B(1, 4, 1)};
            b[4].inplace = -1;
            plan_result r;
            plan_opts o = {.time_limit_s = 10};
            sp_status st = which == 0   ? plan_solve(&fctx, b, 7, &o, &r)
                           : which == 1 ? plan_greedy(&fctx, b, 7, &r)
                                        : plan_check(&fctx, b, 7, NULL);
            CHECK_EQ(c.live, 0);
            if (st == SP_OK) {
                done = true;
                if (which == 0) CHECK_EQ(r.footprint, 5);
            } else {
                CHECK_EQ(st, SP_EINPUT);
                CHECK(strstr(fctx.err.msg, "out of memory") != NULL);
            }
        }
        CHECK(done);
    }
    /* the CSV reader too */
    static const char csv[] = "id,lower,upper,size,alignment\na,0,3,4,1\nb,3,9,4,2\nc,0,9,4,4\n";
    bool done = false;
    for (long k = 0; k < 1000 && !done; k++) {
        counting c = {.fail_at = k};
        sp_allocator al = {counting_alloc, &c};
        sp_ctx fctx;
        sp_ctx_init(&fctx, &al);
        FILE *f = fmemopen((void *)csv, sizeof csv - 1, "r");
        plan_csv t;
        plan_csv_init(&t, &fctx);
        sp_status st = plan_csv_read(&t, "mem.csv", f);
        fclose(f);
        if (st == SP_OK) {
            done = true;
            CHECK_EQ(t.n, 3);
        }
        plan_csv_free(&t);
        CHECK_EQ(c.live, 0);
    }
    CHECK(done);
}

/* ---- the greedy past PLAN_GREEDY_MAX_PAIRS: best fit in order of start */

/* n buffers; lives [lo, hi) from rnd() with every one live at step `common`
 * when common >= 0, else random in [0, steps). */
static void dense(plan_buf *b, int n, int64_t steps, int64_t common, int64_t maxsize, bool aligned) {
    for (int i = 0; i < n; i++) {
        int64_t lo, hi;
        if (common >= 0) {
            lo = (int64_t)(rnd() % (uint64_t)(common + 1));
            hi = common + 1 + (int64_t)(rnd() % (uint64_t)(steps - common));
        } else {
            lo = (int64_t)(rnd() % (uint64_t)(steps / 3));
            hi = lo + steps / 3 + (int64_t)(rnd() % (uint64_t)(steps / 3));
        }
        b[i] = B(lo, hi, 1 + (int64_t)(rnd() % (uint64_t)maxsize));
        if (aligned) b[i].align = (int64_t)1 << (rnd() % 4);
    }
}

static int64_t pairs_live_together(const plan_buf *b, int n) {
    int64_t pairs = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) pairs += b[i].lo < b[j].hi && b[j].lo < b[i].hi;
    return pairs;
}

static void test_greedy_by_start(void) {
    enum { N = 6000 };
    plan_buf *b = malloc(N * sizeof *b);
    if (!b) {
        failures++;
        return;
    }
    plan_result r;
    /* all live at step 500: best fit in order of start stacks them, which
     * is optimal (the bytes live at step 500 are all of them) */
    dense(b, 4600, 1000, 500, 100, false);
    CHECK(pairs_live_together(b, 4600) > PLAN_GREEDY_MAX_PAIRS);
    int64_t sum = 0;
    for (int i = 0; i < 4600; i++) sum += b[i].size;
    CHECK_EQ(plan_greedy(&ctx, b, 4600, &r), SP_OK);
    CHECK(r.greedy_fallback);
    CHECK(valid(b, 4600, 0, "greedy by start, one common step"));
    CHECK_EQ(r.footprint, sum);
    CHECK(r.optimal);
    /* unit sizes: a free slot is always reused, so the footprint is the most
     * buffers live at once (interval colouring in order of start), also
     * with in-place chains (a chain holds one slot) */
    dense(b, N, 300, -1, 1, false);
    int chains = 0;
    for (int i = 0; i + 1 < N; i++)
        if (rnd() % 8 == 0 && (b[i].inplace < 0 || b[i].hi - b[i].lo > 1)) {
            b[i + 1].lo = b[i].hi - 1; /* i + 1 takes i's bytes where i dies */
            b[i + 1].hi = b[i + 1].lo + 1 + (int64_t)(rnd() % 40);
            b[i + 1].inplace = i;
            chains++;
        }
    CHECK(chains > 500);
    CHECK_EQ(plan_check(&ctx, b, N, NULL), SP_OK);
    CHECK(pairs_live_together(b, N) > PLAN_GREEDY_MAX_PAIRS);
    CHECK_EQ(plan_greedy(&ctx, b, N, &r), SP_OK);
    CHECK(r.greedy_fallback);
    CHECK(valid(b, N, 0, "greedy by start, unit sizes and chains"));
    for (int i = 0; i < N; i++)
        if (b[i].inplace >= 0) CHECK_EQ(b[i].offset, b[b[i].inplace].offset);
    CHECK_EQ(r.footprint, r.peak_live);
    /* mixed sizes, alignments and chains (the tail a chain gives back is
     * reused): valid, and plan_solve returns the same greedy plan */
    for (int i = 0; i < N; i++) b[i].size = b[i].inplace >= 0 ? 0 : 1 + (int64_t)(rnd() % 4096);
    for (int i = 0; i < N; i++)
        if (b[i].inplace >= 0) b[i].size = 1 + (int64_t)(rnd() % (uint64_t)b[b[i].inplace].size);
    for (int i = 0; i < N; i++) b[i].align = (int64_t)1 << (rnd() % 7);
    plan_result g;
    CHECK_EQ(plan_greedy(&ctx, b, N, &g), SP_OK);
    CHECK(g.greedy_fallback);
    CHECK(valid(b, N, 0, "greedy by start, mixed"));
    for (int i = 0; i < N; i++)
        if (b[i].inplace >= 0) CHECK_EQ(b[i].offset, b[b[i].inplace].offset);
    CHECK(g.footprint >= g.peak_live);
    plan_opts o = {.work_limit = 1000, .time_limit_s = 600};
    CHECK_EQ(plan_solve(&ctx, b, N, &o, &r), SP_OK);
    CHECK(valid(b, N, 0, "plan_solve past the pair limit"));
    CHECK(r.greedy_fallback);
    CHECK_EQ(r.greedy_footprint, g.footprint);
    CHECK_EQ(r.footprint, g.footprint); /* no search without conflict lists */
    free(b);
}

/* ---- budgets: the work limit bounds the search by nodes, exactly, and
 * the same input gives the same plan */
static bool read_csv(const char *name, plan_csv *t);

static void test_work_limit(void) {
    plan_csv t;
    if (!read_csv("E.1048576.csv", &t)) return;
    size_t n = t.n;
    plan_buf *first = malloc(n * sizeof *first);
    if (!first) {
        failures++;
        plan_csv_free(&t);
        return;
    }
    plan_result r1, r2;
    plan_opts o = {.work_limit = 30000}; /* no clock at all */
    CHECK_EQ(plan_solve(&ctx, t.bufs, n, &o, &r1), SP_OK);
    CHECK(valid(t.bufs, n, 0, "E, work limit"));
    memcpy(first, t.bufs, n * sizeof *first);
    CHECK_EQ(plan_solve(&ctx, t.bufs, n, &o, &r2), SP_OK);
    bool same = true;
    for (size_t i = 0; i < n; i++) same &= t.bufs[i].offset == first[i].offset;
    CHECK(same);
    CHECK_EQ(r1.footprint, r2.footprint);
    CHECK_EQ(r1.nodes, r2.nodes);
    CHECK(r1.nodes <= 30000 && r1.nodes > 15000);
    CHECK(r1.work_limited && !r1.timed_out && !r1.optimal);
    CHECK(r1.footprint < r1.greedy_footprint); /* the search improved on greedy */
    /* a larger budget is a superset of the work: never a worse plan here */
    o.work_limit = 60000;
    CHECK_EQ(plan_solve(&ctx, t.bufs, n, &o, &r2), SP_OK);
    CHECK(r2.nodes <= 60000);
    CHECK(r2.footprint <= r1.footprint);
    /* a clock cap that is not reached changes nothing */
    o.work_limit = 30000;
    o.time_limit_s = 600;
    CHECK_EQ(plan_solve(&ctx, t.bufs, n, &o, &r2), SP_OK);
    same = true;
    for (size_t i = 0; i < n; i++) same &= t.bufs[i].offset == first[i].offset;
    CHECK(same);
    CHECK_EQ(r2.nodes, r1.nodes);
    CHECK(!r2.timed_out);
    free(first);
    plan_csv_free(&t);
    /* an instance the budget settles: optimal, not work-limited */
    if (!read_csv("F.1048576.csv", &t)) return;
    o = (plan_opts){.work_limit = 100000, .capacity = 1048576};
    CHECK_EQ(plan_solve(&ctx, t.bufs, t.n, &o, &r1), SP_OK);
    CHECK(valid(t.bufs, t.n, 1048576, "F, work limit"));
    CHECK(r1.optimal && !r1.work_limited && !r1.timed_out);
    CHECK_EQ(r1.footprint, 1048576);
    plan_csv_free(&t);
}

/* ---- the MiniMalloc corpus through the CSV reader */
static bool read_csv(const char *name, plan_csv *t) {
    const char *dir = getenv("SPADC_CORPUS");
    char path[1024];
    snprintf(path, sizeof path, "%s/external/minimalloc/%s", dir ? dir : "tests/corpus", name);
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "cannot open %s\n", path);
        failures++;
        return false;
    }
    plan_csv_init(t, &ctx);
    sp_status st = plan_csv_read(t, path, f);
    fclose(f);
    if (st != SP_OK) {
        sp_print_error(&ctx, stderr);
        failures++;
        return false;
    }
    return true;
}

static void test_corpus(void) {
    plan_csv t;
    if (read_csv("input.12.csv", &t)) {
        plan_result r;
        plan_opts o = {.time_limit_s = 60, .capacity = 12};
        CHECK_EQ(t.n, 5);
        CHECK_EQ(plan_solve(&ctx, t.bufs, t.n, &o, &r), SP_OK);
        CHECK(valid(t.bufs, t.n, 12, "input.12"));
        CHECK_EQ(r.footprint, 12);
        CHECK(r.optimal);
        plan_csv_free(&t);
    }
    /* Greedy by decreasing size with best fit is the TFLite / XLA baseline;
     * SOURCES.md lists its footprints, computed independently. */
    static const struct {
        const char *name;
        int64_t greedy;
    } ref[] = {{"A.1048576.csv", 1374208}, {"B.1048576.csv", 1412096}, {"C.1048576.csv", 1417216},
               {"E.1048576.csv", 1469440}, {"F.1048576.csv", 1441792}, {"G.1048576.csv", 1396736},
               {"H.1048576.csv", 1421312}, {"I.1048576.csv", 1478656}, {"K.1048576.csv", 1391616}};
    for (size_t i = 0; i < SP_ARRAY_LEN(ref); i++) {
        if (!read_csv(ref[i].name, &t)) continue;
        plan_result g;
        CHECK_EQ(plan_greedy(&ctx, t.bufs, t.n, &g), SP_OK);
        CHECK(valid(t.bufs, t.n, 0, ref[i].name));
        if (g.footprint != ref[i].greedy) {
            fprintf(stderr, "%s: greedy %" PRId64 ", reference %" PRId64 "\n", ref[i].name, g.footprint,
                    ref[i].greedy);
            failures++;
        }
        plan_csv_free(&t);
    }
    /* Two challenging instances the search settles in a few thousand nodes
     * (the others are in bench/alloc.sh: they are about speed). */
    static const char *const hard[] = {"F.1048576.csv", "K.1048576.csv"};
    for (size_t i = 0; i < SP_ARRAY_LEN(hard); i++) {
        if (!read_csv(hard[i], &t)) continue;
        plan_result r, g;
        plan_opts o = {.time_limit_s = 600, .capacity = 1048576};
        CHECK_EQ(plan_solve(&ctx, t.bufs, t.n, &o, &r), SP_OK);
        CHECK(valid(t.bufs, t.n, 1048576, hard[i]));
        CHECK_EQ(r.footprint, 1048576);
        CHECK_EQ(r.lower_bound, 1048576);
        CHECK(r.optimal);
        CHECK_EQ(plan_greedy(&ctx, t.bufs, t.n, &g), SP_OK);
        CHECK(valid(t.bufs, t.n, 0, hard[i]));
        CHECK_EQ(r.greedy_footprint, g.footprint);
        plan_csv_free(&t);
    }
}

int main(void) {
    sp_ctx_init(&ctx, NULL);
    test_verify_negatives();
    test_verify_inplace();
    test_check_rejects();
    test_lower_bound();
    test_complex_records();
    test_infeasible_tricky();
    test_capacity();
    test_greedy_gap();
    test_alignment();
    test_inplace();
    test_degenerate_api();
    test_random_vs_brute_force();
    test_random_larger();
    test_alloc_failures();
    test_greedy_by_start();
    test_work_limit();
    test_corpus();
    if (failures) {
        fprintf(stderr, "test_alloc: %d check(s) failed\n", failures);
        return 1;
    }
    printf("test_alloc: ok\n");
    return 0;
}
