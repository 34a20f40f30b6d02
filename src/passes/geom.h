/* geom.h - the element geometry of row-wise computations, shared by the
 * passes that merge them (attention.c: a softmax between two contractions;
 * rows.c: softmax, LayerNorm and other row-wise chains). Private to
 * src/passes.
 *
 * A row-wise computation's full tensors hold N elements, row-major
 * [O x A x I], A along its axis (I = 1 when the axis is the last dim); its
 * statistics (one per row) hold [O x I]. A loop kernel reads or writes a
 * tensor "walked as its loops go" when the tensor's element offset is the
 * row-major index of the loop point (a full tensor), or the row-major index
 * over every loop but one (the axis loop), constant along that one (a
 * statistic); views (reshapes) keep element offsets, so a tensor and its
 * views are the same walk. */
#ifndef SPADC_PASSES_GEOM_H
#define SPADC_PASSES_GEOM_H

#include "kernel.h"

typedef struct kn_geom {
    int64_t A, I, N;
} kn_geom;

/* Element strides of kernel k's loops in a tensor of type t read through
 * map m: linear results whose constant parts are 0 (a unit dim at 0). */
static inline bool kn_loop_strides(const kernel *k, const ir_amap *m, ir_type t, int64_t *s) {
    if (!m || t.kind != IR_T_TENSOR || m->nres != t.rank || k->ndims == 0 || k->ndims > KN_MAX_DIMS) return false;
    int64_t ts[IR_MAX_RANK];
    ir_type_strides(t, ts);
    for (uint32_t d = 0; d < k->ndims; d++) s[d] = 0;
    for (uint32_t r = 0; r < m->nres; r++) {
        int64_t coef[KN_MAX_DIMS] = {0}, cst = 0;
        if (!ir_aexpr_linear(m->res[r], k->ndims, coef, &cst) || cst != 0) return false;
        for (uint32_t d = 0; d < k->ndims; d++) s[d] += coef[d] * ts[r];
    }
    return true;
}

/* Product of k's loop bounds after loop d, loop `skip` left out. */
static inline int64_t kn_rm_stride(const kernel *k, uint32_t d, int skip) {
    int64_t e = 1;
    for (uint32_t x = d + 1; x < k->ndims; x++)
        if ((int)x != skip) e *= k->bounds[x];
    return e;
}

static inline int64_t kn_loop_points(const kernel *k) {
    int64_t n = 1;
    for (uint32_t d = 0; d < k->ndims; d++) n *= k->bounds[d];
    return n;
}

/* Whether access (m, t) of k walks t's elements as k's loops go, row-major
 * (skip < 0: a full tensor), or row-major over every loop but `skip` and
 * constant along it (a statistic along loop skip). Unit loops move no
 * element: their strides do not matter. */
static inline bool kn_walks(const kernel *k, const ir_amap *m, ir_type t, int skip) {
    int64_t s[KN_MAX_DIMS], n = 1;
    if (!kn_loop_strides(k, m, t, s)) return false;
    for (uint32_t d = 0; d < k->ndims; d++) {
        if ((int)d != skip) n *= k->bounds[d];
        if (k->bounds[d] > 1 && s[d] != ((int)d == skip ? 0 : kn_rm_stride(k, d, skip))) return false;
    }
    return ir_type_numel(t) == n;
}

/* The loop along which k reads a statistic through (m, t): its one
 * non-unit loop of stride 0, the others row-major; else -1. */
static inline int kn_stat_loop(const kernel *k, const ir_amap *m, ir_type t) {
    int64_t s[KN_MAX_DIMS];
    if (!kn_loop_strides(k, m, t, s)) return -1;
    int al = -1;
    for (uint32_t d = 0; d < k->ndims; d++)
        if (k->bounds[d] > 1 && s[d] == 0) {
            if (al >= 0) return -1;
            al = (int)d;
        }
    return al >= 0 && kn_walks(k, m, t, al) ? al : -1;
}

/* The geometry of kernel k with its axis at loop al. */
static inline kn_geom kn_geom_of(const kernel *k, int al) {
    kn_geom g = {k->bounds[al], kn_rm_stride(k, (uint32_t)al, -1), kn_loop_points(k)};
    return g;
}

static inline bool kn_geom_eq(kn_geom a, kn_geom b) { return a.A == b.A && a.I == b.I && a.N == b.N; }

/* Whether two lists of loops (bounds b, element strides s) walk the same
 * elements in the same order, row-major: equal once unit loops are
 * dropped and each run of loops that walk like one is merged. */
static inline uint32_t kn_canon_walk(const int64_t *b, const int64_t *s, uint32_t n, int64_t *cb, int64_t *cs) {
    uint32_t m = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (b[i] == 1) continue;
        if (m && cs[m - 1] == s[i] * b[i]) {
            cb[m - 1] *= b[i];
            cs[m - 1] = s[i];
            continue;
        }
        cb[m] = b[i], cs[m++] = s[i];
    }
    return m;
}

static inline bool kn_same_walk(const int64_t *b1, const int64_t *s1, uint32_t n1, const int64_t *b2, const int64_t *s2,
                                uint32_t n2) {
    int64_t x1[KN_MAX_DIMS], y1[KN_MAX_DIMS], x2[KN_MAX_DIMS], y2[KN_MAX_DIMS];
    uint32_t m1 = kn_canon_walk(b1, s1, n1, x1, y1), m2 = kn_canon_walk(b2, s2, n2, x2, y2);
    if (m1 != m2) return false;
    for (uint32_t i = 0; i < m1; i++)
        if (x1[i] != x2[i] || y1[i] != y2[i]) return false;
    return true;
}

#endif
