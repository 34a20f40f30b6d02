/* interp_points.c - sampled evaluation (interp.h, interp_points_*): a
 * function's results computed at chosen elements only, by the reference
 * interpreter's own loops run over the part of each op those elements
 * depend on.
 *
 * Planning walks back from the chosen elements. Each tensor value gets a
 * box: per dimension, the set of indices some needed element has (the
 * product of those sets, an over-approximation of the exact needs). A
 * structured op runs the loops its output box fixes over those indices and
 * every other loop whole; each operand then needs the indices its map
 * reaches from those loops. A reshape, slice, pad or concat passes its
 * needs through element by element. Any other tensor op runs whole and
 * needs all of its operands.
 *
 * Evaluation then runs the ops in order, each structured op over its boxes
 * (it_exec_linalg_in), everything else whole, on full-size tensors whose
 * elements outside the boxes are left as the op's outs were. An element in
 * a box is computed by the same loops in the same order as interp_call
 * computes it, so it is bit for bit the whole reference's. Sampling a
 * transformer layer's rows skips the query, output and MLP rows no sample
 * reads; a 4096^3 GEMM's 256 samples cost a few rows and columns of it. */
#include "interp_scalar.h"

#include <string.h>

#include "base/interrupt.h"

/* the most points enumerated to map one needed set through an affine
 * access or a reshape; past it the operand is needed whole */
#define ENUM_LIMIT ((int64_t)1 << 22)

struct interp_points {
    interp *it;
    ir_op *func;
    const interp_value *args;
    interp_value *vals; /* by value id */
    uint32_t nvalues;
    uint8_t **need;     /* by value id: per dim a byte per index, dims concatenated; NULL: nothing needed */
    const ir_op **ops;  /* the function's ops, in order */
    uint8_t ***loops;   /* by op position: a linalg op's per-loop index sets (NULL: run whole) */
    uint32_t nops;
    uint32_t *last; /* by value id: the position of the op that last reads it */
    bool planned;
};

/* ------------------------------------------------------------ boxes */

static uint8_t *need_of(interp_points *ip, const ir_value *v) {
    if (!ip->need[v->id]) {
        int64_t n = 1;
        for (uint32_t d = 0; d < v->type.rank; d++) n += v->type.dims[d];
        ip->need[v->id] = sp_calloc(ip->it->ctx, (size_t)n, 1); /* byte 0: anything needed */
    }
    return ip->need[v->id];
}

static void need_all(interp_points *ip, const ir_value *v) {
    if (v->type.kind != IR_T_TENSOR) return;
    uint8_t *b = need_of(ip, v);
    int64_t n = 1;
    for (uint32_t d = 0; d < v->type.rank; d++) n += v->type.dims[d];
    memset(b, 1, (size_t)n);
}

/* dimension d's index set of a box */
static uint8_t *box_dim(uint8_t *b, ir_type t, uint32_t d) {
    uint8_t *p = b + 1;
    for (uint32_t k = 0; k < d; k++) p += t.dims[k];
    return p;
}

static bool box_any(const interp_points *ip, const ir_value *v) {
    const uint8_t *b = ip->need[v->id];
    if (!b || !b[0]) return false;
    for (uint32_t d = 0; d < v->type.rank; d++) {
        const uint8_t *s = box_dim((uint8_t *)b, v->type, d);
        int64_t k = 0;
        while (k < v->type.dims[d] && !s[k]) k++;
        if (k == v->type.dims[d]) return false;
    }
    return true;
}

static void unravel(ir_type t, int64_t lin, int64_t *idx) {
    for (int d = (int)t.rank - 1; d >= 0; d--) {
        idx[d] = t.dims[d] ? lin % t.dims[d] : 0;
        lin = t.dims[d] ? lin / t.dims[d] : 0;
    }
}

static int64_t ravel(ir_type t, const int64_t *idx) {
    int64_t lin = 0;
    for (uint32_t d = 0; d < t.rank; d++) lin = lin * t.dims[d] + idx[d];
    return lin;
}

static void need_elem(interp_points *ip, const ir_value *v, int64_t lin) {
    uint8_t *b = need_of(ip, v);
    int64_t idx[IR_MAX_RANK];
    unravel(v->type, lin, idx);
    b[0] = 1;
    for (uint32_t d = 0; d < v->type.rank; d++) box_dim(b, v->type, d)[idx[d]] = 1;
}

/* The elements of a box, one at a time: idx advanced to the next, false
 * after the last. */
static bool box_next(uint8_t *b, ir_type t, int64_t *idx) {
    for (int d = (int)t.rank - 1; d >= 0; d--) {
        const uint8_t *s = box_dim(b, t, (uint32_t)d);
        int64_t k = idx[d] + 1;
        while (k < t.dims[d] && !s[k]) k++;
        if (k < t.dims[d]) {
            idx[d] = k;
            return true;
        }
        k = 0;
        while (!s[k]) k++;
        idx[d] = k;
    }
    return false;
}

static double box_size(uint8_t *b, ir_type t) {
    double n = 1;
    for (uint32_t d = 0; d < t.rank; d++) {
        const uint8_t *s = box_dim(b, t, d);
        int64_t c = 0;
        for (int64_t k = 0; k < t.dims[d]; k++) c += s[k];
        n *= (double)c;
    }
    return n;
}

/* ---------------------------------------------------------- planning */

/* The element of operand *which of a view-like op that element `lin` of
 * its result reads, -1 for a pad's padding value (as interp_tensor.c
 * computes them). */
static int64_t view_source(interp_points *ip, const ir_op *d, int64_t lin, uint32_t *which) {
    *which = 0;
    switch ((ir_opkind)d->kind) {
    case IR_OP_EXPAND_SHAPE:
    case IR_OP_COLLAPSE_SHAPE: return lin; /* same bytes, row-major */
    case IR_OP_EXTRACT_SLICE: {
        const ir_slice_info *si = &d->u.slice;
        ir_type st = d->opnds[0]->type, rt = d->res[0].type;
        int64_t ridx[IR_MAX_RANK], sidx[IR_MAX_RANK];
        unravel(rt, lin, ridx);
        uint32_t k = 0, next = 1;
        for (uint32_t i = 0; i < si->rank; i++) {
            int64_t off = si->offsets[i] == IR_DYNAMIC ? ip->vals[d->opnds[next++]->id].s.i : si->offsets[i];
            /* result dims are the slice dims less dropped unit dims */
            int64_t r = 0;
            if (k < rt.rank && rt.dims[k] == si->sizes[i] && !(si->sizes[i] == 1 && rt.rank - k < si->rank - i)) r = ridx[k++];
            sidx[i] = off + r * si->strides[i];
            if (sidx[i] < 0 || sidx[i] >= st.dims[i]) sidx[i] = 0; /* out of bounds: the whole run reports it */
        }
        return ravel(st, sidx);
    }
    case IR_OP_PAD: {
        const ir_pad_info *pi = &d->u.pad;
        const ir_value *src = d->opnds[0];
        int64_t idx[IR_MAX_RANK];
        unravel(d->res[0].type, lin, idx);
        for (uint32_t i = 0; i < pi->rank; i++) {
            idx[i] -= pi->low[i];
            if (idx[i] < 0 || idx[i] >= src->type.dims[i]) return -1;
        }
        return ravel(src->type, idx);
    }
    case IR_OP_CONCAT: {
        uint32_t cd = (uint32_t)d->u.dim, i = 0;
        int64_t idx[IR_MAX_RANK];
        unravel(d->res[0].type, lin, idx);
        while (idx[cd] >= d->opnds[i]->type.dims[cd]) idx[cd] -= d->opnds[i++]->type.dims[cd];
        *which = i;
        return ravel(d->opnds[i]->type, idx);
    }
    default: return -1;
    }
}

/* Can view_source map this op's elements? */
static bool view_mappable(const ir_op *d) {
    switch ((ir_opkind)d->kind) {
    case IR_OP_EXPAND_SHAPE:
    case IR_OP_COLLAPSE_SHAPE:
    case IR_OP_CONCAT: return d->opnds[0]->type.kind == IR_T_TENSOR;
    case IR_OP_EXTRACT_SLICE:
        for (uint32_t i = 0; i < d->u.slice.rank; i++)
            if (d->u.slice.sizes[i] == IR_DYNAMIC || d->u.slice.strides[i] == IR_DYNAMIC) return false;
        return d->u.slice.rank == d->opnds[0]->type.rank;
    case IR_OP_PAD:
        for (uint32_t i = 0; i < d->u.pad.rank; i++)
            if (d->u.pad.low[i] == IR_DYNAMIC) return false;
        return d->u.pad.rank == d->opnds[0]->type.rank;
    default: return false;
    }
}

static void plan_view(interp_points *ip, const ir_op *d) {
    const ir_value *r = &d->res[0];
    uint8_t *b = ip->need[r->id];
    if (box_size(b, r->type) > (double)ENUM_LIMIT) {
        for (uint32_t i = 0; i < d->nopnds; i++) need_all(ip, d->opnds[i]);
        return;
    }
    int64_t idx[IR_MAX_RANK] = {0};
    for (uint32_t k = 0; k < r->type.rank; k++) { /* each dim at its first index (box_any: there is one) */
        const uint8_t *s = box_dim(b, r->type, k);
        while (!s[idx[k]]) idx[k]++;
    }
    do {
        uint32_t which;
        int64_t s = view_source(ip, d, ravel(r->type, idx), &which);
        if (s >= 0) need_elem(ip, d->opnds[which], s);
    } while (box_next(b, r->type, idx));
    /* the op runs whole (it_exec_op): an operand no needed element reads
     * (a concat's other half, a pad's source under sampled padding) still
     * has to exist; one element of it does */
    for (uint32_t i = 0; i < d->nopnds; i++)
        if (d->opnds[i]->type.kind == IR_T_TENSOR && !box_any(ip, d->opnds[i])) need_elem(ip, d->opnds[i], 0);
}

/* Operand k of a structured op, whose loop d runs over loops[d] (NULL:
 * all): the indices each dimension of it is read at. */
static void plan_operand(interp_points *ip, const ir_op *op, uint32_t k, uint8_t **loops, const int64_t *bounds) {
    const ir_linalg *l = &op->u.lin;
    const ir_value *x = op->opnds[k];
    if (x->type.kind != IR_T_TENSOR) return;
    uint8_t *b = need_of(ip, x);
    b[0] = 1;
    const ir_amap *m = l->maps[k];
    for (uint32_t r = 0; r < m->nres && r < x->type.rank; r++) {
        uint8_t *s = box_dim(b, x->type, r);
        int64_t n = x->type.dims[r], coef[IR_MAX_RANK * 4] = {0}, cst = 0;
        int d = ir_aexpr_dim(m->res[r]);
        if (d >= 0) {
            for (int64_t i = 0; i < n && i < bounds[d]; i++) s[i] |= loops[d] ? loops[d][i] : 1;
            continue;
        }
        double count = 1;
        bool lin = ir_aexpr_linear(m->res[r], l->ndims, coef, &cst);
        for (uint32_t e = 0; lin && e < l->ndims; e++)
            if (coef[e]) count *= (double)bounds[e];
        if (!lin || count > (double)ENUM_LIMIT) {
            memset(s, 1, (size_t)n);
            continue;
        }
        /* every combination of the loops the expression reads, in their sets */
        int64_t p[IR_MAX_RANK * 4] = {0};
        for (;;) {
            bool in = true;
            int64_t v = cst;
            for (uint32_t e = 0; e < l->ndims; e++)
                if (coef[e]) {
                    in = in && (!loops[e] || loops[e][p[e]]);
                    v += coef[e] * p[e];
                }
            if (in && v >= 0 && v < n) s[v] = 1;
            uint32_t e = 0;
            for (; e < l->ndims; e++) {
                if (!coef[e]) continue;
                if (++p[e] < bounds[e]) break;
                p[e] = 0;
            }
            if (e == l->ndims) break;
        }
    }
}

/* A structured op some of whose results are needed: the loops its outputs'
 * boxes fix run over those indices, the rest whole. */
static void plan_linalg(interp_points *ip, const ir_op *op, uint32_t pos) {
    const ir_linalg *l = &op->u.lin;
    const ir_amap *om = l->maps[l->nins];
    int64_t bounds[IR_MAX_RANK * 4];
    bool boxed = ir_linalg_loop_bounds(op, bounds) && ir_amap_is_projected_perm(om, true);
    for (uint32_t o = 1; boxed && o < l->nouts; o++) boxed = ir_amap_eq(l->maps[l->nins + o], om);
    const ir_block *body = ir_linalg_body(op);
    for (const ir_op *bo = body->first; bo; bo = bo->next) /* a tensor the body reads (a gather's table): whole */
        for (uint32_t i = 0; i < bo->nopnds; i++) need_all(ip, bo->opnds[i]);
    if (!boxed) {
        for (uint32_t i = 0; i < op->nopnds; i++) need_all(ip, op->opnds[i]);
        return;
    }
    uint8_t **loops = sp_calloc(ip->it->ctx, l->ndims ? l->ndims : 1, sizeof *loops);
    ip->loops[pos] = loops;
    for (uint32_t r = 0; r < om->nres; r++) {
        int d = ir_aexpr_dim(om->res[r]);
        if (d < 0 || loops[d]) continue;
        loops[d] = sp_calloc(ip->it->ctx, (size_t)(bounds[d] ? bounds[d] : 1), 1);
        for (uint32_t o = 0; o < l->nouts; o++) {
            uint8_t *b = ip->need[op->res[o].id];
            if (!b) continue;
            const uint8_t *s = box_dim(b, op->res[o].type, r);
            for (int64_t i = 0; i < bounds[d]; i++) loops[d][i] |= s[i];
        }
    }
    for (uint32_t k = 0; k < op->nopnds; k++) plan_operand(ip, op, k, loops, bounds);
}

static void prepare_scalars(interp_points *ip) {
    ir_block *b = ip->func->regions[0];
    for (uint32_t i = 0; i < b->nargs; i++) ip->vals[b->args[i].id] = ip->args[i]; /* borrowed: never released here */
    for (uint32_t i = 0; i < ip->nops; i++) {
        const ir_op *op = ip->ops[i];
        if (op->nres != 1 || op->res[0].type.kind != IR_T_SCALAR) continue;
        it_frame view = {NULL, ip->vals, ip->nvalues};
        it_exec_op(ip->it, &view, op, NULL);
    }
}

/* Which ops sampled evaluation runs: tensor ops without regions of their
 * own (a structured op's body aside) and scalars that read no tensor. */
static bool supported(const ir_op *op) {
    if (op->kind == IR_OP_RETURN) return true;
    if (op->nres == 0) return false; /* an assert, a print: only in the whole run */
    if (op->nres == 1 && op->res[0].type.kind == IR_T_SCALAR) {
        for (uint32_t i = 0; i < op->nopnds; i++)
            if (op->opnds[i]->type.kind != IR_T_SCALAR) return false;
        return op->nregions == 0;
    }
    for (uint32_t r = 0; r < op->nres; r++)
        if (op->res[r].type.kind != IR_T_TENSOR) return false;
    if (op->kind == IR_OP_LINALG) return true;
    if (op->kind == IR_OP_PAD) return true; /* its body yields a value from outside (checked by the whole run) */
    return op->nregions == 0 && op->kind != IR_OP_CALL;
}

bool interp_points_plan(interp_points *ip, double *work) {
    *work = 0;
    for (uint32_t i = 0; i < ip->nops; i++)
        if (!supported(ip->ops[i])) return false;
    prepare_scalars(ip);
    for (uint32_t pos = ip->nops; pos-- > 0;) {
        const ir_op *op = ip->ops[pos];
        bool needed = false;
        for (uint32_t r = 0; r < op->nres; r++) needed |= op->res[r].type.kind == IR_T_TENSOR && box_any(ip, &op->res[r]);
        if (!needed) continue;
        if (op->kind == IR_OP_LINALG) {
            plan_linalg(ip, op, pos);
            double pts = 1;
            int64_t bounds[IR_MAX_RANK * 4];
            if (ir_linalg_loop_bounds(op, bounds))
                for (uint32_t d = 0; d < op->u.lin.ndims; d++) {
                    double c = 0;
                    const uint8_t *s = ip->loops[pos] ? ip->loops[pos][d] : NULL;
                    for (int64_t k = 0; s && k < bounds[d]; k++) c += s[k];
                    pts *= s ? c : (double)bounds[d];
                }
            *work += pts;
        } else if (view_mappable(op)) {
            plan_view(ip, op);
        } else {
            for (uint32_t i = 0; i < op->nopnds; i++) need_all(ip, op->opnds[i]);
        }
    }
    ip->planned = true;
    return true;
}

/* -------------------------------------------------------- evaluation */

void interp_points_run(interp_points *ip) {
    interp *it = ip->it;
    if (!ip->planned) it_fail(it, ip->func, "sampled evaluation run before it was planned");
    /* each value's last use, so a tensor is released after it, as interp_call does */
    uint32_t *last = ip->last = sp_calloc(it->ctx, ip->nvalues ? ip->nvalues : 1, sizeof *last); /* freed with ip: an op may throw */
    for (uint32_t pos = 0; pos < ip->nops; pos++) {
        const ir_op *op = ip->ops[pos];
        for (uint32_t i = 0; i < op->nopnds; i++) last[op->opnds[i]->id] = op->kind == IR_OP_RETURN ? UINT32_MAX : pos;
        if (op->kind == IR_OP_LINALG)
            for (const ir_op *bo = ir_linalg_body(op)->first; bo; bo = bo->next)
                for (uint32_t i = 0; i < bo->nopnds; i++)
                    if (bo->opnds[i]->id < ip->nvalues && bo->opnds[i]->type.kind == IR_T_TENSOR) last[bo->opnds[i]->id] = pos;
    }
    it_frame view = {NULL, ip->vals, ip->nvalues};
    for (uint32_t pos = 0; pos < ip->nops; pos++) {
        const ir_op *op = ip->ops[pos];
        bool needed = false;
        for (uint32_t r = 0; r < op->nres; r++) needed |= op->res[r].type.kind == IR_T_TENSOR && box_any(ip, &op->res[r]);
        if (!needed) continue;
        sp_interrupt_poll(it->ctx);
        for (uint32_t i = 0; i < op->nopnds; i++) /* what the plan promised */
            if (op->opnds[i]->type.kind == IR_T_TENSOR && !ip->vals[op->opnds[i]->id].t)
                it_fail(it, op, "internal error: sampled evaluation did not compute operand #%u", i);
        if (op->kind == IR_OP_LINALG)
            it_exec_linalg_in(it, &view, op, (const uint8_t *const *)ip->loops[pos]);
        else
            it_exec_op(it, &view, op, NULL);
        for (uint32_t i = 0; i < op->nopnds; i++) {
            const ir_value *x = op->opnds[i];
            if (x->def && last[x->id] == pos) interp_release(it, &ip->vals[x->id]);
        }
    }
}

const interp_value *interp_points_result(const interp_points *ip, uint32_t result) {
    const ir_op *ret = ip->func->regions[0]->last;
    return &ip->vals[ret->opnds[result]->id];
}

void interp_points_need(interp_points *ip, uint32_t result, int64_t lin) {
    const ir_op *ret = ip->func->regions[0]->last;
    const ir_value *v = ret->opnds[result];
    if (v->type.kind == IR_T_TENSOR) need_elem(ip, v, lin);
}

interp_points *interp_points_new(interp *it, ir_op *func, const interp_value *args) {
    interp_points *ip = sp_calloc(it->ctx, 1, sizeof *ip);
    ip->it = it;
    ip->func = func;
    ip->args = args;
    ir_func_number(func);
    ip->nvalues = func->u.fn.nvalues;
    ip->vals = sp_calloc(it->ctx, ip->nvalues ? ip->nvalues : 1, sizeof *ip->vals);
    ip->need = sp_calloc(it->ctx, ip->nvalues ? ip->nvalues : 1, sizeof *ip->need);
    for (const ir_op *op = func->regions[0]->first; op; op = op->next) ip->nops++;
    ip->ops = sp_calloc(it->ctx, ip->nops ? ip->nops : 1, sizeof *ip->ops);
    ip->loops = sp_calloc(it->ctx, ip->nops ? ip->nops : 1, sizeof *ip->loops);
    uint32_t k = 0;
    for (const ir_op *op = func->regions[0]->first; op; op = op->next) ip->ops[k++] = op;
    return ip;
}

void interp_points_free(interp_points *ip) {
    if (!ip) return;
    sp_ctx *ctx = ip->it->ctx;
    uint32_t nargs = ip->func->regions[0]->nargs;
    for (uint32_t i = 0; i < ip->nvalues; i++) {
        bool arg = false;
        for (uint32_t a = 0; a < nargs; a++) arg |= ip->func->regions[0]->args[a].id == i;
        if (!arg) interp_release(ip->it, &ip->vals[i]);
        sp_free(ctx, ip->need[i]);
    }
    for (uint32_t p = 0; p < ip->nops; p++) {
        for (uint32_t d = 0; ip->loops[p] && d < ip->ops[p]->u.lin.ndims; d++) sp_free(ctx, ip->loops[p][d]);
        sp_free(ctx, ip->loops[p]);
    }
    sp_free(ctx, ip->loops);
    sp_free(ctx, ip->last);
    sp_free(ctx, ip->ops);
    sp_free(ctx, ip->need);
    sp_free(ctx, ip->vals);
    sp_free(ctx, ip);
}
