/* alloc_search.c - the offset planner's exact search and its driver
 * (alloc.h, plan_solve): the greedy plan, then phases of depth-first search
 * under a work budget, from the lower bound up and then bisecting. Works on
 * the items alloc.c prepares (alloc_int.h). */
#include "alloc_int.h"

#include <inttypes.h>
#include <string.h>

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
    const pl_prep *p;
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
    const pl_prep *p = S->p;
    const pl_item *it = &p->it[b];
    srec *r = &S->rec[S->nrec++];
    r->item = b;
    r->topat = S->ntops;
    r->mat = S->nmv;
    for (int32_t q = it->p0; q < it->p0 + it->np; q++) {
        const pl_piece *pc = &p->pc[q];
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
        const pl_item *ic = &p->it[c];
        int64_t v = x + pl_reach(p, it, ic->a, ic->b);
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
    const pl_prep *p = S->p;
    srec *r = &S->rec[--S->nrec];
    int32_t b = r->item;
    const pl_item *it = &p->it[b];
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
        const pl_piece *pc = &p->pc[q];
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
    int64_t xa = pl_align_up(S->mm[a], S->p->it[a].align), xb = pl_align_up(S->mm[b], S->p->it[b].align);
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
    const pl_prep *p = S->p;
    int32_t byl[SMALL_GROUP];
    size_t n = 0;
    for (int32_t pos = hpos; pos != stop; pos = S->nx[pos]) byl[n++] = S->ord[pos];
    pl_sort_idx(byl, n, cmp_lpos_desc, S);
    int64_t *acc = S->acc, need = 0;
    for (size_t i = 0; i < n; i++) {
        const pl_item *ic = &p->it[byl[i]];
        for (int32_t q = ic->p0; q < ic->p0 + ic->np; q++)
            for (int32_t k = p->pc[q].a; k < p->pc[q].b; k++) acc[k] = 0;
    }
    for (size_t i = 0; i < n; i++) {
        const pl_item *ic = &p->it[byl[i]];
        int64_t v = S->lpos[byl[i]];
        for (int32_t q = ic->p0; q < ic->p0 + ic->np; q++)
            for (int32_t k = p->pc[q].a; k < p->pc[q].b; k++) {
                acc[k] += p->pc[q].size;
                need = pl_max64(need, v + acc[k]);
            }
    }
    return need;
}

/* Items scanned between readings of the clock, at most (about 1 ms). */
#define SCAN_CLOCK_EVERY ((uint64_t)1 << 18)

/* Reads the clock (when there is a deadline) and marks the stop. */
static bool past_deadline(search *S) {
    if (S->deadline >= PL_NO_DEADLINE) return false;
    S->scan_check = S->scan + SCAN_CLOCK_EVERY;
    if (pl_now() <= S->deadline) return false;
    S->timed_out = true;
    return true;
}

/* 1: solved (placements left on the trail), 0: no plan, -1: stopped. */
static int solve_group(search *S, int32_t hpos, int32_t tpos, int32_t R, int64_t f, int32_t lastrank);

/* Split the unplaced positions between hpos..tpos (list order) into groups
 * that share no section and solve each; hpos/tpos may have been removed. */
static int solve_rest(search *S, int32_t first, int32_t stop, int64_t f, int32_t lastrank) {
    const pl_prep *p = S->p;
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

/* Counts a node against the run's and the call's budgets; false (stop)
 * when either is spent. */
static bool count_node(search *S) {
    if (++S->nodes > S->node_limit || S->nodes > S->node_stop) {
        if (S->nodes > S->node_stop) {
            S->work_out = true;
            S->nodes--; /* not visited: the budget is exact */
        } else {
            S->cut = true;
        }
        return false;
    }
    return true;
}

/* The least bytes an unplaced item in conflict with c has over c's
 * sections: what c rests on at best (INT64_MAX: nothing left). */
static int64_t least_support(const search *S, int32_t c) {
    const pl_prep *p = S->p;
    const pl_item *ic = &p->it[c];
    int64_t sup = INT64_MAX;
    for (int32_t e = p->adj_off[c]; e < p->adj_off[c + 1]; e++) {
        int32_t d = p->adj[e];
        if (S->off[d] < 0) {
            int64_t r = pl_least(p, &p->it[d], ic->a, ic->b);
            if (r < sup) sup = r;
        }
    }
    return sup;
}

/* A group state's nogood key: the items left (hz, their zobrist keys), the
 * floor and rank where they matter (fkey, rkey; -1 where not), and the
 * tops of its sections [L, R). */
static void state_key(const search *S, uint64_t hz, int64_t fkey, int64_t rkey, int32_t L, int32_t R, uint64_t *k1,
                      uint64_t *k2) {
    uint64_t h1 = pl_mix64(hz ^ (uint64_t)fkey * 0x9e3779b97f4a7c15u) ^ (uint64_t)rkey;
    uint64_t h2 = pl_mix64(hz + 0x632be59bd9b4e019u) ^ pl_mix64((uint64_t)fkey + ((uint64_t)rkey << 17));
    for (int32_t k = L; k < R; k++) { /* two independent polynomial hashes */
        uint64_t t = (uint64_t)S->top[k];
        h1 = (h1 ^ t) * 0x100000001b3u;
        h2 = (h2 + t) * 0x9e3779b97f4a7c15u + 0x632be59bd9b4e019u;
    }
    h1 = pl_mix64(h1 ^ (uint64_t)R);
    h2 = pl_mix64(h2);
    if (!h1 && !h2) h1 = 1;
    *k1 = h1;
    *k2 = h2;
}

/* Of the candidates on the node stack from base on, keeps (in place) those
 * dominance allows (x below the least item top at its lowest offset, min1,
 * or min2 for arg1, the item whose top min1 is) and whose offset x leaves
 * room for the most bytes B a section of the group holds; the bounds of the
 * others go to next_T. Returns how many are kept. */
static size_t keep_candidates(search *S, size_t base, int32_t arg1, int64_t min1, int64_t min2, int64_t B) {
    const pl_prep *p = S->p;
    size_t nc = 0;
    for (size_t i = base; i < S->nstk; i++) {
        int32_t c = S->stk[i];
        int64_t xc = pl_align_up(S->mm[c], p->it[c].align);
        if (xc >= (c == arg1 ? min2 : min1)) continue;
        if (xc + B > S->T) {
            if (xc + B < S->next_T) S->next_T = xc + B;
            continue;
        }
        S->stk[base + nc++] = c;
    }
    S->nstk = base + nc;
    return nc;
}

/* Load: the items live in section k all lie at or above low[k], so a plan
 * needs low[k] + U[k] bytes for each section [L, R) of the group (a small
 * group's, ng items from hpos to stop, release_bound's if more). *most: the
 * most bytes a section of the group holds. */
static int64_t load_bound(search *S, int32_t L, int32_t R, int32_t hpos, int32_t stop, size_t ng, int64_t *most) {
    const int64_t *low = S->low;
    int64_t B = 0, need = 0;
    for (int32_t k = L; k < R; k++) {
        if (S->U[k] > B) B = S->U[k];
        need = pl_max64(need, low[k] + S->U[k]);
    }
    if (need <= S->T && ng <= SMALL_GROUP) need = release_bound(S, hpos, stop);
    *most = B;
    return need;
}

/* The branches of a group's node: each candidate (nc of them on the node
 * stack from base on, in order) placed next at its lowest offset, the rest
 * of the group (positions hpos..stop) solved above it, until one solves
 * (1) or stops (-1); 0 when none has a plan. */
static int branch(search *S, size_t base, size_t nc, int32_t hpos, int32_t stop) {
    const pl_prep *p = S->p;
    int res = 0;
    for (size_t i = 0; i < nc && res == 0; i++) {
        int32_t c = S->stk[base + i];
        int64_t xc = pl_align_up(S->mm[c], p->it[c].align);
        size_t mark = S->nrec;
        int32_t first = hpos == S->posof[c] ? S->nx[hpos] : hpos;
        place(S, c, xc);
        res = solve_rest(S, first, stop, xc, S->rank[c]);
        if (res != 1) undo_to(S, mark);
    }
    return res;
}

static int solve_group(search *S, int32_t hpos, int32_t tpos, int32_t R, int64_t f, int32_t lastrank) {
    const pl_prep *p = S->p;
    if (!count_node(S)) return -1;
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
        const pl_item *ic = &p->it[c];
        int64_t xc = pl_align_up(S->mm[c], ic->align);
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
            int64_t sup = least_support(S, c);
            if (sup == INT64_MAX) {
                dead = true; /* nothing left to rest on */
                break;
            }
            lc = pl_align_up(f + sup, ic->align);
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
    uint64_t h1, h2;
    state_key(S, hz, fkey, rkey, L, R, &h1, &h2);
    nogood *hit = ng_find(S, h1, h2);
    if (hit) {
        if (hit->nt < S->next_T) S->next_T = hit->nt;
        S->nstk = base;
        return 0;
    }
    int64_t B;
    int64_t need = load_bound(S, L, R, hpos, stop, ng, &B);
    if (need > S->T) {
        if (need < S->next_T) S->next_T = need;
        S->nstk = base;
        return 0;
    }
    int64_t saved_next = S->next_T;
    S->next_T = INT64_MAX;
    /* Candidates: dominance, then load after the floor rises to x. */
    size_t nc = keep_candidates(S, base, arg1, min1, min2, B);
    pl_sort_idx(S->stk + base, nc, cmp_cand, S);
    if (nc > 4096 && past_deadline(S)) {
        S->nstk = base;
        return -1;
    }
    int res = branch(S, base, nc, hpos, stop);
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
    const pl_prep *p;
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
    const pl_item *it = r->p->it;
    if (it[x].a != it[y].a) return it[x].a < it[y].a ? -1 : 1;
    return x < y ? -1 : x > y;
}

static bool same_shape(const pl_prep *p, int32_t x, int32_t y) {
    const pl_item *a = &p->it[x], *b = &p->it[y];
    if (a->a != b->a || a->b != b->b || a->np != b->np || a->align != b->align || a->size != b->size)
        return false;
    for (int32_t k = 0; k < a->np; k++) {
        const pl_piece *u = &p->pc[a->p0 + k], *v = &p->pc[b->p0 + k];
        if (u->a != v->a || u->b != v->b || u->size != v->size) return false;
    }
    return true;
}

/* By shape (start, end, size, alignment), then rank: twins end up adjacent
 * in rank order. Pieces beyond the first are compared by same_shape. */
typedef struct shape_ud {
    const pl_prep *p;
    const int32_t *rank;
} shape_ud;

static int cmp_shape(const void *ud, int32_t x, int32_t y) {
    const shape_ud *u = ud;
    const int32_t *rank = u->rank;
    const pl_item *a = &u->p->it[x], *b = &u->p->it[y];
    if (a->a != b->a) return a->a < b->a ? -1 : 1;
    if (a->b != b->b) return a->b < b->b ? -1 : 1;
    if (a->size != b->size) return a->size < b->size ? -1 : 1;
    if (a->align != b->align) return a->align < b->align ? -1 : 1;
    if (a->np != b->np) return a->np < b->np ? -1 : 1;
    return rank[x] < rank[y] ? -1 : rank[x] > rank[y];
}

static sp_status search_init(pl_scratch *s, const pl_prep *p, search *S) {
    memset(S, 0, sizeof *S);
    S->p = p;
    S->ctx = s->ctx;
    int32_t m = p->m, K = p->K;
    S->m = m;
    S->K = K;
    size_t mm = (size_t)m + 2, tops = 0;
    for (int32_t i = 0; i < p->m; i++) {
        const pl_item *x = &p->it[i];
        for (int32_t q = x->p0; q < x->p0 + x->np; q++) tops += (size_t)(p->pc[q].b - p->pc[q].a);
    }
    S->rank = pl_scratch_alloc(s, mm, sizeof(int32_t));
    S->ord = pl_scratch_alloc(s, mm, sizeof(int32_t));
    S->posof = pl_scratch_alloc(s, mm, sizeof(int32_t));
    S->off = pl_scratch_alloc(s, mm, sizeof(int64_t));
    S->mm = pl_scratch_alloc(s, mm, sizeof(int64_t));
    S->top = pl_scratch_alloc(s, (size_t)K + 1, sizeof(int64_t));
    S->U = pl_scratch_alloc(s, (size_t)K + 1, sizeof(int64_t));
    S->low = pl_scratch_alloc(s, (size_t)K + 1, sizeof(int64_t));
    S->twin = pl_scratch_alloc(s, mm, sizeof(int32_t));
    S->nx = pl_scratch_alloc(s, mm, sizeof(int32_t));
    S->pv = pl_scratch_alloc(s, mm, sizeof(int32_t));
    S->rec = pl_scratch_alloc(s, mm, sizeof(srec));
    S->tops = pl_scratch_alloc(s, tops + 1, sizeof(int64_t));
    S->mi = pl_scratch_alloc(s, 2 * p->npairs + 1, sizeof(int32_t));
    S->mv = pl_scratch_alloc(s, 2 * p->npairs + 1, sizeof(int64_t));
    if (!S->rank || !S->ord || !S->posof || !S->off || !S->mm || !S->top || !S->U || !S->low ||  !S->twin || !S->nx ||
        !S->pv || !S->rec || !S->tops || !S->mi || !S->mv)
        return pl_oom(s->ctx);
    S->zob = pl_scratch_alloc(s, mm, sizeof(uint64_t));
    if (!S->zob) return pl_oom(s->ctx);
    for (size_t i = 0; i < mm; i++) S->zob[i] = pl_mix64(0x2545f4914f6cdd1du * (i + 1));
    S->ngcap = NOGOOD_MIN;
    S->ng = sp_try_malloc(s->ctx, S->ngcap * sizeof *S->ng); /* grows: freed by search_free */
    if (!S->ng) return pl_oom(s->ctx);
    S->capstk = 4 * mm;
    S->stk = sp_try_malloc(s->ctx, S->capstk * sizeof *S->stk); /* grows: freed by search_free */
    if (!S->stk) return pl_oom(s->ctx);
    /* features for the rank orders */
    S->feat = pl_scratch_alloc(s, mm * NFEAT, sizeof(double));
    S->tmp = pl_scratch_alloc(s, mm, sizeof(int32_t));
    S->lpos = pl_scratch_alloc(s, mm, sizeof(int64_t));
    S->acc = pl_scratch_alloc(s, (size_t)K + 1, sizeof(int64_t));
    if (!S->feat || !S->tmp || !S->lpos || !S->acc) return pl_oom(s->ctx);
    memset(S->U, 0, ((size_t)K + 1) * sizeof *S->U);
    for (int32_t q = 0; q < m; q++)
        for (int32_t k = p->it[q].a; k < p->it[q].b; k++) S->U[k] += p->it[q].size;
    for (int32_t q = 0; q < m; q++) {
        const pl_item *x = &p->it[q];
        double *ft = &S->feat[(size_t)q * NFEAT];
        int64_t load = 0;
        for (int32_t k = x->a; k < x->b; k++) load = pl_max64(load, S->U[k]);
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
    pl_sort_idx(tmp, (size_t)m, pl_cmp_item_start, p->it);
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
    const pl_prep *p = S->p;
    int32_t m = S->m, *tmp = S->tmp;
    rank_ud ru = {p, S->feat, o};
    for (int32_t i = 0; i < m; i++) tmp[i] = i;
    pl_sort_idx(tmp, (size_t)m, cmp_rank, &ru);
    for (int32_t i = 0; i < m; i++) S->rank[tmp[i]] = i;
    shape_ud su = {p, S->rank};
    pl_sort_idx(tmp, (size_t)m, cmp_shape, &su);
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
    const pl_prep *p = S->p;
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
        const pl_item *x = &p->it[q];
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
static sp_status take(search *S, const pl_prep *p, int64_t *ioff, int res, int64_t T, int64_t *best,
                      int64_t *lb, plan_result *r) {
    r->nodes += S->nodes;
    S->nodes = 0;
    if (S->oom) return pl_oom(S->ctx);
    if (res == 1) {
        int64_t fp = 0;
        for (int32_t i = 0; i < p->m; i++) fp = pl_max64(fp, S->off[i] + p->it[i].size);
        if (fp < *best) {
            for (int32_t i = 0; i < p->m; i++) ioff[i] = S->off[i];
            *best = fp;
        }
    } else if (res == 0 && S->next_T > T && S->next_T != INT64_MAX) {
        *lb = pl_max64(*lb, S->next_T);
    }
    return SP_OK;
}

/* Phase 2 probes take a third of the nodes left while that leaves them at
 * least this many (about the 50 ms the clock-only mode keeps for its last
 * probe), then all of it. */
#define PROBE_MIN_NODES 50000

sp_status plan_solve(sp_ctx *ctx, plan_buf *b, size_t n, const plan_opts *o, plan_result *r) {
    double t0 = pl_now();
    memset(r, 0, sizeof *r);
    double limit = o ? o->time_limit_s : 0;
    int64_t cap = o ? o->capacity : 0;
    uint64_t work = o && o->work_limit > 0 ? (uint64_t)o->work_limit : 0;
    double deadline = limit > 0 ? t0 + limit : PL_NO_DEADLINE;
    pl_scratch s = {.ctx = ctx};
    search S = {0};
    pl_prep p;
    sp_status st = pl_prepare(&s, b, n, &p, true, NULL);
    int64_t *ioff = NULL;
    if (st == SP_OK) {
        ioff = pl_scratch_alloc(&s, (size_t)p.m + 1, sizeof *ioff);
        if (!ioff) st = pl_oom(ctx);
    }
    if (st == SP_OK) st = pl_greedy_items(&s, &p, ioff, deadline, &r->greedy_fallback, &r->timed_out);
    if (st != SP_OK) goto done;
    pl_fill_bounds(&p, r);
    int64_t best = 0;
    for (int32_t i = 0; i < p.m; i++) best = pl_max64(best, ioff[i] + p.it[i].size);
    r->greedy_footprint = best;
    int64_t lb = p.load;
    /* No search when greedy meets the bound, or when the bound alone says
     * it does not fit (tile search asks that often and wants it fast). */
    bool searching = best > lb && (work > 0 || limit > 0) && !r->timed_out && p.adj_off && !(cap > 0 && lb > cap);
    if (searching && deadline < PL_NO_DEADLINE && pl_now() > deadline) {
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
            double now = pl_now(), end = deadline;
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
    r->footprint = pl_expand(&p, ioff, b);
    r->optimal = r->footprint == r->lower_bound;
    st = pl_self_check(ctx, b, n);
    if (st == SP_OK && cap > 0 && r->footprint > cap) {
        st = SP_ENOFIT;
        sp_set_error(ctx, SP_ENOFIT,
                     "does not fit: %s %" PRId64 " bytes, capacity %" PRId64 " bytes",
                     r->lower_bound > cap ? "needs at least" : "best plan found needs",
                     r->lower_bound > cap ? r->lower_bound : r->footprint, cap);
    }
done:
    search_free(&S);
    pl_scratch_free_all(&s);
    r->seconds = pl_now() - t0;
    return st;
}
