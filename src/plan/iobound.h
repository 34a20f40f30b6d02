/* iobound.h - lower bounds on the data any schedule must move between a
 * slow memory (DRAM) and a fast one of S words (a scratchpad), in the
 * spirit of Orojenesis (Huang et al., ISCA 2024: the least traffic of any
 * mapping for a given on-chip capacity) and Hong & Kung's red-blue pebble
 * game (STOC 1981). Plain math on counts: the npu's lowering (npu/) says
 * what a kernel's counts are (iteration points, reuse of its accesses, the
 * capacity) and adds the traffic every input and output needs once.
 *
 *     double r = iob_access_reuse(stride, extent, n);   // e.g. 9 for a 3x3 window
 *     double q = iob_contraction_words(2048.0 * 2048 * 2048, 65536.0, r_a * r_b);
 *     // no schedule of that contraction in 65536 words of fast memory moves fewer words
 *
 * The model (two levels). Fast memory holds at most S words at any moment;
 * a word enters it only by a read from slow memory and reaches slow memory
 * only by a write, each one word of traffic. A contraction is a set P of N
 * iteration points p; point p multiplies an element a(p) of A by an element
 * b(p) of B, both in fast memory at that moment, and adds the product into a
 * partial sum of output element c(p) held there. Partial sums may be split,
 * spilled (written and read back) and combined in any order (split-K
 * included); a product may be recomputed, but each point has an evaluation
 * whose contribution reaches its output, and only those are counted. The
 * points' projections onto the loops of A, B and C (batch, m, k for A;
 * batch, k, n for B; batch, m, n for C) are what the loops index; reuse r_X
 * bounds how many projections name one element of X (1 for a plain matrix;
 * a convolution's input is read through a window: up to kh * kw).
 *
 * Theorem (proved here; the segment argument of Hong & Kung and of Irony,
 * Toledo & Tiskin, J. Parallel Distrib. Comput. 64(9), 2004, with C counted
 * by its writes). Let R = r_A r_B r_C, N' = N / sqrt(R). Every schedule
 * moves at least
 *     Q(N, S, R) = sup over integers M >= 1 of  2 N' g(M) / (S + M) - M,
 *     g(M) = min over x >= 0 of (M + x) / sqrt(S + x)
 *          = M / sqrt(S) (M <= 2S), 2 sqrt(M - S) (M > 2S),
 * words of A and B read plus partial sums and results of C written; at
 * M = 3S this is sqrt(2) N' / sqrt(S) - 3S, and no M gives more than
 * sqrt(2) N' / sqrt(S).
 * Proof. Cut the schedule into h segments of exactly M reads of A or B
 * elements each (the last: at most M); w_s is the number of writes of
 * partial sums or results of C in segment s, W = sum w_s. In segment s let
 * P_s be the points evaluated (usefully), and A_s, B_s, C_s their
 * projections. (1) Every A or B element a point of P_s uses was in fast
 * memory when the segment began or was read in it: |A_s| / r_A + |B_s| / r_B
 * <= S + M. (2) Every output element a point of P_s adds to has, when the
 * segment ends, a partial sum carrying that contribution in fast memory, or
 * had one written during the segment (contributions are never dropped, only
 * combined within one output element): |C_s| / r_C <= S + w_s. (3) The
 * Loomis-Whitney inequality (batched: per batch index, then Cauchy-Schwarz
 * over the batch) gives |P_s| <= sqrt(|A_s| |B_s| |C_s|), so with (1), (2)
 * and AM-GM, |P_s| <= sqrt(R) ((S + M) / 2) sqrt(S + w_s). Summing, with the
 * square root concave, N <= h sqrt(R) ((S + M) / 2) sqrt(S + W / h). The
 * traffic is at least (h - 1) M + W = h (M + x) - M with x = W / h >= 0,
 * and h >= 2 N' / ((S + M) sqrt(S + x)), so it is at least
 * 2 N' (M + x) / ((S + M) sqrt(S + x)) - M >= 2 N' g(M) / (S + M) - M. []
 * When A and B are one tensor, one read may serve both: (1) becomes
 * |A_s| / r_A, |B_s| / r_B <= S + M, which is R four times larger.
 *
 * Monotone: for each M the expression does not increase with S (g and
 * 1 / (S + M) do not), so neither does its supremum; it grows with N and
 * shrinks with R. The supremum is taken over a grid of M that does not
 * depend on S or N (M = ceil(2^(i/64))), so the computed value keeps both
 * properties; it is rounded down.
 *
 * The tight bound. Smith, Lowery, Langou & van de Geijn, "A Tight I/O Lower
 * Bound for Matrix Multiplication" (arXiv:1702.02017, 2019), prove a
 * leading term of 2 mnk / sqrt(S) (Kwasniewski et al., "Red-blue pebbling
 * revisited", SC 2019: 2 mnk / sqrt(S) + mn without recomputation), which
 * output-stationary tiling attains: this bound's constant, sqrt(2), is
 * 1 / sqrt(2) of theirs. We use the one proved above, whose conditions (the
 * model, split and spilled partial sums allowed) we can state exactly; their
 * finite-size terms and conditions were not checked here.
 *
 * Ownership: pure functions of their arguments; nothing allocated.
 */
#ifndef SPADC_PLAN_IOBOUND_H
#define SPADC_PLAN_IOBOUND_H

#include <stdint.h>

/* Q(N, S, R) above, in words, rounded down, >= 0. N >= 0, S > 0, R >= 1
 * (other arguments give 0). */
double iob_contraction_words(double points, double fast_words, double reuse);

/* An upper bound on how many index tuples of loops 0..n-1 (loop d takes
 * extent[d] >= 1 values, element offset = sum idx[d] * stride[d]) name one
 * element: the product of the extents of the loops left out of the largest
 * set (by the product of its extents) that addresses distinct elements by
 * a mixed-radix argument (ordered by |stride|, each stride larger than the
 * reach of the ones below it). A loop with stride 0 is always left out.
 * 1 when the access is injective by that argument. Exhaustive over the
 * loops with extent > 1 (greedy past 16 of them). */
double iob_access_reuse(const int64_t *stride, const int64_t *extent, uint32_t n);

#endif
