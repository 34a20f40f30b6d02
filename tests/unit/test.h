/* test.h - tiny assertion helpers for the unit tests (libuv task.h style):
 * a failed check prints file, line, the expression and both values, and the
 * test exits 1 at the end (TEST_DONE). */
#ifndef SPADC_TEST_H
#define SPADC_TEST_H

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int test_failures;
static int test_checks;

#define CHECK(cond)                                                                \
    do {                                                                           \
        test_checks++;                                                             \
        if (!(cond)) {                                                             \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            test_failures++;                                                       \
        }                                                                          \
    } while (0)

#define CHECK_EQ_INT(a, b)                                                                          \
    do {                                                                                            \
        long long va_ = (long long)(a), vb_ = (long long)(b);                                       \
        test_checks++;                                                                              \
        if (va_ != vb_) {                                                                           \
            fprintf(stderr, "%s:%d: %s == %s failed (%lld vs %lld)\n", __FILE__, __LINE__, #a, #b, va_, vb_); \
            test_failures++;                                                                        \
        }                                                                                           \
    } while (0)

#define CHECK_EQ_STR(a, b)                                                                            \
    do {                                                                                              \
        const char *sa_ = (a), *sb_ = (b);                                                            \
        test_checks++;                                                                                \
        if (!sa_ || !sb_ || strcmp(sa_, sb_)) {                                                       \
            fprintf(stderr, "%s:%d: %s == %s failed\n  got:      %s\n  expected: %s\n", __FILE__, __LINE__, #a, #b, \
                    sa_ ? sa_ : "(null)", sb_ ? sb_ : "(null)");                                       \
            test_failures++;                                                                          \
        }                                                                                             \
    } while (0)

#define CHECK_CONTAINS(hay, needle)                                                                     \
    do {                                                                                                \
        const char *h_ = (hay), *n_ = (needle);                                                         \
        test_checks++;                                                                                  \
        if (!h_ || !strstr(h_, n_)) {                                                                   \
            fprintf(stderr, "%s:%d: expected to find \"%s\" in:\n  %s\n", __FILE__, __LINE__, n_, h_ ? h_ : "(null)"); \
            test_failures++;                                                                            \
        }                                                                                               \
    } while (0)

/* The size fraction of tests that are slow only because of their size
 * (SPADC_TEST_SCALE, set by tests/tests.cmake: 1 in normal builds, less
 * under the sanitizers): such a test runs the same checks on fewer or
 * smaller cases, never skips one. */
static inline double test_scale(void) {
    const char *s = getenv("SPADC_TEST_SCALE");
    double f = s && *s ? strtod(s, NULL) : 1.0;
    return f > 0 && f <= 1 ? f : 1.0;
}

/* n scaled by test_scale(), at least lo. */
static inline long long test_scaled(long long n, long long lo) {
    long long v = (long long)((double)n * test_scale() + 0.5);
    return v < lo ? lo : v;
}

#define TEST_DONE()                                                                           \
    do {                                                                                      \
        if (test_failures) fprintf(stderr, "%d of %d checks failed\n", test_failures, test_checks); \
        else printf("%d checks passed\n", test_checks);                                       \
        return test_failures ? 1 : 0;                                                         \
    } while (0)

#endif
