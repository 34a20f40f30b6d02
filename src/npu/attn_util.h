/* attn_util.h - what the fused attention's two layouts (attn.c: S held
 * transposed; attn_rows.c: S as it is) share before they emit: an
 * operand's outer offset, a buffer's description, an operand buffer's name.
 * Private to those two files. */
#ifndef SPADC_NPU_ATTN_UTIL_H
#define SPADC_NPU_ATTN_UTIL_H

#include <stdio.h>
#include <string.h>

#include "lower_int.h"

/* The element offset of operand p for outer iteration (head) o. */
static int64_t aop_outer(const nl_aop *p, int64_t o) {
    int64_t off = p->a.off;
    for (uint32_t i = p->nouter; i-- > 0;) {
        off += (o % p->obound[i]) * p->ostride[i];
        o /= p->obound[i];
    }
    return off;
}

/* np_why (prog.h) of a load of operand p at outer iteration o: an earlier
 * load moved its elements when o is past 0 in a loop p does not depend on
 * (OUTER, or EPI for a score or output operand: epi), or when `again` (a
 * row or key tile it does not depend on is past its first: TILE, or
 * EPI). */
static uint8_t aop_why(const nl_aop *p, int64_t o, bool again, bool epi) {
    if (p->a.kind != NL_A_TENSOR) return NP_WHY_FIRST;
    for (uint32_t i = p->nouter; i-- > 0;) {
        if (o % p->obound[i] && !p->ostride[i]) return epi ? NP_WHY_EPI : NP_WHY_OUTER;
        o /= p->obound[i];
    }
    return again ? (epi ? NP_WHY_EPI : NP_WHY_TILE) : NP_WHY_FIRST;
}

/* A buffer of one chunk, live for the whole kernel. */
static void abuf(nl_buf *b, const nt_target *t, const char *name, nl_role role, np_dtype dt, int64_t rows, int64_t cols) {
    nl_set_buf(b, t, name, role, dt, rows, cols, 1, 0, 1);
}

static void opname(const nl_aop *p, const char *dflt, uint32_t i, int copy, int ncopies, char *buf, size_t n) {
    char base[32];
    if (p->name)
        snprintf(base, sizeof base, "%%%.28s", p->name);
    else
        snprintf(base, sizeof base, "%s%u", dflt, i);
    if (ncopies > 1)
        snprintf(buf, n, "%.30s.%d", base, copy & 7);
    else
        snprintf(buf, n, "%s", base);
}

#endif
