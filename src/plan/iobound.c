/* iobound.c - lower bounds on DRAM traffic for a given fast-memory capacity
 * (iobound.h has the model and the proof). */
#include "iobound.h"

#include <math.h>

/* g(M) = min over x >= 0 of (M + x) / sqrt(S + x): at x = 0 when M <= 2S,
 * else at x = M - 2S. Both are values of the function, so their minimum is
 * the minimum (up to rounding, which the caller's margin covers). */
static double g_of(double M, double S) {
    double g = M / sqrt(S);
    if (M > 2 * S) {
        double h = 2 * sqrt(M - S);
        if (h < g) g = h;
    }
    return g;
}

double iob_contraction_words(double points, double fast_words, double reuse) {
    if (!(points > 0) || !(fast_words > 0) || !(reuse >= 1) || isinf(points) || isinf(fast_words)) return 0;
    double N = points / sqrt(reuse), S = fast_words, best = 0;
    /* M on a grid that depends on nothing else, so the supremum over it
     * keeps the monotonicity of each term; past where 2 N' g(M) / (S + M)
     * can no longer exceed M the terms are negative (that quotient never
     * exceeds sqrt(2) N' / sqrt(S) < M) */
    double cap = sqrt(2.0) * N / sqrt(S);
    for (int i = 0; i < 64 * 62; i++) {
        double M = ceil(exp2((double)i / 64));
        if (M > cap) break;
        double q = 2 * N * g_of(M, S) / (S + M) - M;
        if (q > best) best = q;
    }
    /* rounding margin: a few ulps of the operations above, relative */
    return floor(best * (1 - 1e-12));
}

/* The loops of set `keep` (bit i: loop idx[i]) address distinct elements by
 * the mixed-radix argument: in order of |stride|, each stride exceeds the
 * sum of |stride| * (extent - 1) of the ones before it. */
static int injective(const int64_t *stride, const int64_t *extent, const uint32_t *idx, uint32_t n, uint64_t keep) {
    double reach = 0;
    for (uint32_t i = 0; i < n; i++) { /* idx is sorted by |stride| */
        if (!(keep >> i & 1)) continue;
        double s = fabs((double)stride[idx[i]]);
        if (!(s > reach)) return 0;
        reach += s * (double)(extent[idx[i]] - 1);
    }
    return 1;
}

double iob_access_reuse(const int64_t *stride, const int64_t *extent, uint32_t n) {
    uint32_t idx[64];
    uint32_t m = 0;
    double left = 1; /* extents of loops the access does not walk */
    for (uint32_t d = 0; d < n; d++) {
        if (extent[d] <= 1) continue;
        if (stride[d] == 0 || m == 64)
            left *= (double)extent[d];
        else
            idx[m++] = d;
    }
    for (uint32_t i = 1; i < m; i++) /* insertion sort by |stride| */
        for (uint32_t j = i; j > 0; j--) {
            double a = fabs((double)stride[idx[j - 1]]), b = fabs((double)stride[idx[j]]);
            if (a <= b) break;
            uint32_t t = idx[j];
            idx[j] = idx[j - 1];
            idx[j - 1] = t;
        }
    double all = 1;
    for (uint32_t i = 0; i < m; i++) all *= (double)extent[idx[i]];
    double kept_best = 1;
    if (m <= 16) {
        for (uint64_t keep = 0; keep < ((uint64_t)1 << m); keep++) {
            double kept = 1;
            for (uint32_t i = 0; i < m; i++)
                if (keep >> i & 1) kept *= (double)extent[idx[i]];
            if (kept > kept_best && injective(stride, extent, idx, m, keep)) kept_best = kept;
        }
    } else { /* greedy, in order of |stride| */
        uint64_t keep = 0;
        for (uint32_t i = 0; i < m; i++)
            if (injective(stride, extent, idx, m, keep | (uint64_t)1 << i)) keep |= (uint64_t)1 << i;
        for (uint32_t i = 0; i < m; i++)
            if (keep >> i & 1) kept_best *= (double)extent[idx[i]];
    }
    return left * (all / kept_best);
}
