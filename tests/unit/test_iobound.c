/* test_iobound.c - plan/iobound.h: the contraction bound's known values
 * and limits, monotone in the capacity (and in the work and the reuse),
 * never above the traffic of any tiled schedule found by brute force on
 * small shapes (every tile size and loop order, tiles kept in fast memory
 * by farthest next use), and the access reuse never below the true largest
 * number of index tuples one element has (enumerated). */
#include <math.h>
#include <stdbool.h>

#include "plan/iobound.h"
#include "test.h"

/* --------------------------------------------------- known values, limits */

/* The bound's expression at one M, as iobound.h states it. */
static double at_m(double N, double S, double M) {
    double g = M / sqrt(S);
    if (M > 2 * S && 2 * sqrt(M - S) < g) g = 2 * sqrt(M - S);
    return 2 * N * g / (S + M) - M;
}

static void known_values(void) {
    CHECK(iob_contraction_words(0, 100, 1) == 0);
    CHECK(iob_contraction_words(1e6, 0, 1) == 0);
    CHECK(iob_contraction_words(1e6, 100, 0.5) == 0);
    CHECK(iob_contraction_words(NAN, 100, 1) == 0);
    /* everything fits: no traffic forced beyond what the caller adds */
    CHECK(iob_contraction_words(8, 1e6, 1) == 0);
    /* S = 100, N = 10^6: at M = 3S, sqrt(2) N / sqrt(S) - 3S = 141121.35...;
     * no M gives more than sqrt(2) N / sqrt(S) = 141421.35... */
    double q = iob_contraction_words(1e6, 100, 1);
    CHECK(q >= 141121 && q <= 141421.36);
    CHECK(fabs(at_m(1e6, 100, 300) - (sqrt(2.0) * 1e5 - 300)) < 1e-6);
    /* large N: the leading term sqrt(2) N / sqrt(S), less at most 3S (and
     * the grid's spacing of M, 1.1%, costs about 1e-7 of it here) */
    double N = 1e15, S = 1e6;
    q = iob_contraction_words(N, S, 1);
    CHECK(q >= (sqrt(2.0) * N / sqrt(S) - 3 * S) * (1 - 1e-6) && q <= sqrt(2.0) * N / sqrt(S));
    /* the grid's supremum is within 0.1% of the supremum over every M
     * (and never above it: the bound stays proved) */
    double cases[][2] = {{1e8, 1000}, {5e5, 64}, {3e4, 50}, {2e9, 4096}};
    for (unsigned c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        double n = cases[c][0], s = cases[c][1], sup = 0;
        for (double M = 1; M <= 64 * s; M++)
            if (at_m(n, s, M) > sup) sup = at_m(n, s, M);
        q = iob_contraction_words(n, s, 1);
        CHECK(q <= sup && q >= 0.999 * sup);
    }
    /* reuse R divides the work by sqrt(R) */
    CHECK(iob_contraction_words(4e8, 1000, 9) == iob_contraction_words(4e8 / 3, 1000, 1));
}

static void monotone(void) {
    double prev = INFINITY;
    int bad = 0;
    for (double S = 1; S < 1e8; S = S < 200 ? S + 1 : floor(S * 1.01)) {
        double q = iob_contraction_words(3.7e11, S, 1);
        if (q > prev) bad++;
        prev = q;
    }
    CHECK_EQ_INT(bad, 0);
    prev = 0;
    for (double N = 1; N < 1e14; N = floor(N * 1.07) + 1) {
        double q = iob_contraction_words(N, 4096, 2);
        if (q < prev) bad++;
        prev = q;
    }
    CHECK_EQ_INT(bad, 0);
    prev = INFINITY;
    for (double R = 1; R < 1e4; R *= 1.3) {
        double q = iob_contraction_words(1e12, 1e5, R);
        if (q > prev) bad++;
        prev = q;
    }
    CHECK_EQ_INT(bad, 0);
}

/* ------------------------------------------- brute force over schedules */

/* A tiled schedule of C[m x n] = A[m x k] B[k x n]: tiles tm x tn x tk,
 * the tile loops in order ord (a permutation of m, n, k: outermost first);
 * fast memory of S words holds whole tiles; when a step's three tiles are
 * not all resident, others leave by farthest next use (Belady), a C tile
 * written back (a partial sum) when it leaves and read back when needed
 * again. Returns the words moved, or -1 when a step's tiles exceed S. */
#define MAXT 12
#define MAXSTEPS (MAXT * MAXT * MAXT)
#define TID(kind, a, b) (((kind) * MAXT + (a)) * MAXT + (b))

static long schedule(int m, int n, int k, int tm, int tn, int tk, const int ord[3], long S) {
    int T[3] = {(m + tm - 1) / tm, (n + tn - 1) / tn, (k + tk - 1) / tk};
    static int need[MAXSTEPS][3], next[MAXSTEPS][3];
    static long size[3 * MAXT * MAXT];
    int nsteps = 0, idx[3];
    for (idx[0] = 0; idx[0] < T[ord[0]]; idx[0]++)
        for (idx[1] = 0; idx[1] < T[ord[1]]; idx[1]++)
            for (idx[2] = 0; idx[2] < T[ord[2]]; idx[2]++) {
                int t[3]; /* tile index along m, n, k */
                for (int l = 0; l < 3; l++) t[ord[l]] = idx[l];
                need[nsteps][0] = TID(0, t[0], t[2]);
                need[nsteps][1] = TID(1, t[2], t[1]);
                need[nsteps][2] = TID(2, t[0], t[1]);
                nsteps++;
            }
    /* tile sizes in words: rows and columns, the last tile of a loop short */
    for (int a = 0; a < MAXT; a++)
        for (int b = 0; b < MAXT; b++) {
            int rm = a < T[0] ? (a + 1) * tm > m ? m - a * tm : tm : 0;
            int rk = a < T[2] ? (a + 1) * tk > k ? k - a * tk : tk : 0;
            int cn = b < T[1] ? (b + 1) * tn > n ? n - b * tn : tn : 0;
            int ck = b < T[2] ? (b + 1) * tk > k ? k - b * tk : tk : 0;
            size[TID(0, a, b)] = (long)rm * ck;
            size[TID(1, a, b)] = (long)rk * cn;
            size[TID(2, a, b)] = (long)rm * cn;
        }
    for (int s = 0; s < nsteps; s++)
        if (size[need[s][0]] + size[need[s][1]] + size[need[s][2]] > S) return -1;
    /* next use of each step's tiles */
    static int last[3 * MAXT * MAXT];
    for (int i = 0; i < 3 * MAXT * MAXT; i++) last[i] = nsteps;
    for (int s = nsteps - 1; s >= 0; s--)
        for (int q = 0; q < 3; q++) next[s][q] = last[need[s][q]], last[need[s][q]] = s;
    /* resident tiles, their next use; C tiles: dirty, a partial in DRAM */
    static int res[3 * MAXT * MAXT], nxt[3 * MAXT * MAXT], slot[3 * MAXT * MAXT];
    static bool dirty[3 * MAXT * MAXT], spilled[3 * MAXT * MAXT];
    for (int i = 0; i < 3 * MAXT * MAXT; i++) slot[i] = -1, spilled[i] = false;
    int nres = 0;
    long used = 0, moved = 0;
    for (int s = 0; s < nsteps; s++) {
        for (int q = 0; q < 3; q++) {
            int want = need[s][q];
            if (slot[want] >= 0) {
                nxt[slot[want]] = next[s][q];
                continue;
            }
            long sz = size[want];
            while (used + sz > S) { /* evict the farthest next use, not needed now */
                int victim = -1, far = -1;
                for (int r = 0; r < nres; r++) {
                    int t = res[r];
                    if (t == need[s][0] || t == need[s][1] || t == need[s][2]) continue;
                    if (nxt[r] > far) far = nxt[r], victim = r;
                }
                if (victim < 0) return -1;
                int t = res[victim];
                if (t >= TID(2, 0, 0) && dirty[victim]) moved += size[t], spilled[t] = true;
                used -= size[t];
                slot[t] = -1;
                nres--;
                if (victim != nres) {
                    res[victim] = res[nres], nxt[victim] = nxt[nres], dirty[victim] = dirty[nres];
                    slot[res[victim]] = victim;
                }
            }
            if (want < TID(2, 0, 0) || spilled[want]) moved += sz; /* a fresh C tile starts at zero */
            res[nres] = want, nxt[nres] = next[s][q], dirty[nres] = want >= TID(2, 0, 0);
            slot[want] = nres++;
            used += sz;
        }
    }
    for (int r = 0; r < nres; r++)
        if (res[r] >= TID(2, 0, 0) && dirty[r]) moved += size[res[r]];
    return moved;
}

static void brute_force(void) {
    static const int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    static const int shapes[][3] = {{4, 4, 4}, {8, 8, 8}, {6, 5, 7}, {8, 3, 9}, {2, 9, 9}, {12, 12, 12}, {1, 8, 8}, {12, 12, 12}};
    static const long sizes[] = {3, 4, 6, 9, 12, 16, 25, 36, 64, 100, 200, 500};
    int bites = 0;
    for (unsigned sh = 0; sh < sizeof shapes / sizeof shapes[0]; sh++)
        for (unsigned si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
            int m = shapes[sh][0], n = shapes[sh][1], k = shapes[sh][2];
            long S = sizes[si], best = -1;
            for (int tm = 1; tm <= m; tm++)
                for (int tn = 1; tn <= n; tn++)
                    for (int tk = 1; tk <= k; tk++)
                        for (int p = 0; p < 6; p++) {
                            long q = schedule(m, n, k, tm, tn, tk, perms[p], S);
                            if (q >= 0 && (best < 0 || q < best)) best = q;
                        }
            double lb = iob_contraction_words((double)m * n * k, (double)S, 1);
            long compulsory = (long)m * k + (long)k * n + (long)m * n;
            CHECK(best >= compulsory);
            if (!(lb <= (double)best))
                fprintf(stderr, "bound %.0f above the schedule's %ld: %dx%dx%d, S=%ld\n", lb, best, m, n, k, S);
            CHECK(lb <= (double)best);
            if (S >= compulsory) CHECK_EQ_INT(best, compulsory); /* the simulator: everything fits, once each */
            if (lb > (double)compulsory) bites++;
        }
    CHECK(bites >= 5); /* the bound says more than the compulsory traffic somewhere */
}

/* ------------------------------------------------------------ reuse */

/* The true largest number of tuples one element has. */
static double true_reuse(const int64_t *stride, const int64_t *extent, uint32_t n) {
    static int count[4096];
    memset(count, 0, sizeof count);
    int64_t idx[8] = {0}, lo = 0;
    for (uint32_t d = 0; d < n; d++)
        if (stride[d] < 0) lo += stride[d] * (extent[d] - 1);
    int best = 0;
    for (;;) {
        int64_t off = -lo;
        for (uint32_t d = 0; d < n; d++) off += idx[d] * stride[d];
        if (++count[off] > best) best = count[off];
        uint32_t d = 0;
        while (d < n && ++idx[d] == extent[d]) idx[d++] = 0;
        if (d == n) break;
    }
    return best;
}

static void reuse(void) {
    /* a row-major matrix, its transpose: injective */
    CHECK(iob_access_reuse((int64_t[]){64, 1}, (int64_t[]){32, 64}, 2) == 1);
    CHECK(iob_access_reuse((int64_t[]){1, 32}, (int64_t[]){32, 64}, 2) == 1);
    /* a loop the access does not walk: each element once per its value */
    CHECK(iob_access_reuse((int64_t[]){0, 1}, (int64_t[]){7, 64}, 2) == 7);
    /* a 1-D window: ow (stride 1, 8) and kw (stride 1, 3): x[ow + kw] */
    CHECK(iob_access_reuse((int64_t[]){1, 1}, (int64_t[]){8, 3}, 2) == 3);
    /* a 3x3 window over a 10x10 image, 8x8 outputs: x[(oh + kh) * 10 + ow + kw] */
    CHECK(iob_access_reuse((int64_t[]){10, 10, 1, 1}, (int64_t[]){8, 3, 8, 3}, 4) == 9);
    /* stride 2, kernel 2: windows do not overlap */
    CHECK(iob_access_reuse((int64_t[]){2, 1}, (int64_t[]){8, 2}, 2) == 1);
    /* random small accesses: never below the truth */
    unsigned seed = 12345;
    int bad = 0;
    for (int it = 0; it < 3000; it++) {
        uint32_t n = 1 + (seed = seed * 1103515245 + 12345) % 4;
        int64_t st[4], ex[4], span = 0;
        for (uint32_t d = 0; d < n; d++) {
            seed = seed * 1103515245 + 12345;
            st[d] = (int64_t)((seed >> 8) % 9) - 2;
            seed = seed * 1103515245 + 12345;
            ex[d] = 1 + (seed >> 8) % 5;
            span += (st[d] < 0 ? -st[d] : st[d]) * (ex[d] - 1);
        }
        if (span >= 4096) continue;
        double r = iob_access_reuse(st, ex, n), t = true_reuse(st, ex, n);
        if (r < t) {
            fprintf(stderr, "reuse %.0f below the true %.0f\n", r, t);
            bad++;
        }
    }
    CHECK_EQ_INT(bad, 0);
}

int main(void) {
    known_values();
    monotone();
    brute_force();
    reuse();
    TEST_DONE();
}
