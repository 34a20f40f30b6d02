/* interp_points.c - point evaluation (interp.h, interp_points_*): one
 * element of a function's result, computed from the elements it depends on
 * alone, memoised, as interp_call would compute it (interp_scalar.h). */
#include "interp_scalar.h"

#include <string.h>

/* ---------------------------------------------------- point evaluation */

/* Memoised element values, keyed by (value id, linear index). */
typedef struct memo_entry {
    uint64_t key; /* id << 40 | index, plus 1 (0 = empty) */
    interp_scalar v;
} memo_entry;

struct interp_points {
    interp *it;
    ir_op *func;
    const interp_value *args;
    interp_value *vals; /* the function's scalars, by id */
    uint32_t nvalues;
    memo_entry *memo;
    uint64_t nmemo, capmemo;
    uint64_t work;  /* body evaluations done */
    uint32_t depth;
};

static bool memo_get(interp_points *ip, uint64_t key, interp_scalar *out) {
    if (!ip->capmemo) return false;
    uint64_t mask = ip->capmemo - 1;
    for (uint64_t i = (key * 0x9E3779B97F4A7C15ull) >> 20 & mask;; i = (i + 1) & mask) {
        if (!ip->memo[i].key) return false;
        if (ip->memo[i].key == key) {
            *out = ip->memo[i].v;
            return true;
        }
    }
}

static void memo_put(interp_points *ip, uint64_t key, interp_scalar v) {
    if ((ip->nmemo + 1) * 2 > ip->capmemo) {
        uint64_t oldcap = ip->capmemo, nc = oldcap ? oldcap * 2 : 4096;
        memo_entry *old = ip->memo;
        memo_entry *nm = sp_try_malloc(ip->it->ctx, nc * sizeof *nm);
        if (!nm) it_fail(ip->it, NULL, "out of memory (point evaluation)");
        memset(nm, 0, nc * sizeof *nm);
        ip->memo = nm;
        ip->capmemo = nc;
        ip->nmemo = 0;
        for (uint64_t i = 0; i < oldcap; i++)
            if (old[i].key) memo_put(ip, old[i].key, old[i].v);
        sp_free(ip->it->ctx, old);
    }
    uint64_t mask = ip->capmemo - 1;
    uint64_t i = (key * 0x9E3779B97F4A7C15ull) >> 20 & mask;
    while (ip->memo[i].key && ip->memo[i].key != key) i = (i + 1) & mask;
    if (!ip->memo[i].key) ip->nmemo++;
    ip->memo[i].key = key;
    ip->memo[i].v = v;
}

static interp_scalar point_get(interp_points *ip, const ir_value *v, int64_t lin);

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

/* Element `lin` of a structured op's single output, from the points that
 * write it, in lexicographic order, as interp_call computes it. */
/* Result ri of linalg op at linear index lin: the body run over the loops
 * the output maps leave free, every output's accumulator carried (an
 * argmax reads the max's), all outputs at one map. */
static interp_scalar point_linalg(interp_points *ip, const ir_op *op, int64_t lin, uint32_t ri) {
    interp *it = ip->it;
    const ir_linalg *l = &op->u.lin;
    const ir_block *body = ir_linalg_body(op);
    const ir_amap *om = l->maps[l->nins];
    ir_type ot = op->res[ri].type;
    int64_t oidx[IR_MAX_RANK], bounds[IR_MAX_RANK * 4], p[IR_MAX_RANK * 4];
    unravel(ot, lin, oidx);
    ir_linalg_loop_bounds(op, bounds);
    bool fixed[IR_MAX_RANK * 4] = {0};
    for (uint32_t r = 0; r < om->nres; r++) {
        int d = ir_aexpr_dim(om->res[r]);
        if (d < 0) continue; /* a kept unit dim, at 0 */
        p[d] = oidx[r];
        fixed[d] = true;
    }
    uint32_t freed[IR_MAX_RANK * 4], nfree = 0;
    int64_t total = 1;
    for (uint32_t d = 0; d < l->ndims; d++)
        if (!fixed[d]) {
            freed[nfree++] = d;
            p[d] = 0;
            total *= bounds[d];
        }
    interp_scalar acc[8];
    for (uint32_t o = 0; o < l->nouts; o++) acc[o] = point_get(ip, op->opnds[l->nins + o], lin);
    it_insn code[64];
    uint32_t nbody = 0;
    const ir_op *yield = NULL;
    for (const ir_op *o = body->first; o; o = o->next) {
        if (o->kind == IR_OP_LINALG_YIELD) {
            yield = o;
            continue;
        }
        if (nbody == SP_ARRAY_LEN(code) || o->kind == IR_OP_LINALG) it_fail(it, op, "body too complex for point evaluation");
        it_decode(o, &code[nbody++]);
    }
    interp_value *V = ip->vals;
    for (int64_t t = 0; t < total; t++) {
        for (uint32_t i = 0; i < l->nins; i++) {
            const ir_value *x = op->opnds[i];
            if (x->type.kind == IR_T_SCALAR) {
                V[body->args[i].id].s = V[x->id].s;
                continue;
            }
            int64_t xi[IR_MAX_RANK];
            for (uint32_t r = 0; r < l->maps[i]->nres; r++) {
                xi[r] = ir_aexpr_eval(l->maps[i]->res[r], p, NULL);
                if (xi[r] < 0 || xi[r] >= x->type.dims[r]) it_fail(it, op, "operand #%u is accessed out of bounds", i);
            }
            V[body->args[i].id].s = point_get(ip, x, ravel(x->type, xi));
        }
        for (uint32_t o = 0; o < l->nouts; o++) V[body->args[l->nins + o].id].s = acc[o];
        it->point = p;
        it->npoint = l->ndims;
        for (uint32_t k = 0; k < nbody; k++) it_exec_insn(it, V, &code[k]);
        it->point = NULL;
        for (uint32_t o = 0; o < l->nouts; o++) acc[o] = V[yield->opnds[o]->id].s;
        ip->work++;
        for (int k = (int)nfree - 1; k >= 0; k--) {
            if (++p[freed[k]] < bounds[freed[k]]) break;
            p[freed[k]] = 0;
        }
    }
    /* the stored value is rounded to the element type, as a store would */
    uint8_t tmp[8];
    it_store_elem(tmp, (ir_dtype)ot.dtype, acc[ri]);
    return it_load_elem(tmp, (ir_dtype)ot.dtype);
}

static interp_scalar point_get(interp_points *ip, const ir_value *v, int64_t lin) {
    interp *it = ip->it;
    interp_scalar s = {0};
    uint64_t key = (((uint64_t)v->id << 40) | (uint64_t)lin) + 1;
    if (memo_get(ip, key, &s)) return s;
    ir_dtype dt = (ir_dtype)v->type.dtype;
    if (!v->def) { /* an argument */
        const interp_value *a = &ip->args[v->index];
        return it_load_elem(interp_data(a) + lin * ir_dtype_bytes(dt), dt);
    }
    const ir_op *d = v->def;
    if (++ip->depth > 4096) it_fail(it, d, "value chain too deep for point evaluation");
    switch ((ir_opkind)d->kind) {
    case IR_OP_CONSTANT: {
        const ir_elements *e = d->u.value->u.elems;
        uint8_t tmp[8];
        int nb = ir_dtype_bytes(dt);
        memcpy(tmp, e->data + (e->splat ? 0 : lin * nb), (size_t)nb);
        s = it_load_elem(tmp, dt);
        break;
    }
    case IR_OP_EMPTY: break; /* zeros, as interp_call */
    case IR_OP_EXPAND_SHAPE:
    case IR_OP_COLLAPSE_SHAPE: s = point_get(ip, d->opnds[0], lin); break;
    case IR_OP_EXTRACT_SLICE: {
        const ir_slice_info *si = &d->u.slice;
        ir_type st = d->opnds[0]->type, rt = d->res[0].type;
        int64_t ridx[IR_MAX_RANK], sidx[IR_MAX_RANK];
        unravel(rt, lin, ridx);
        uint32_t k = 0, next = 1;
        for (uint32_t i = 0; i < si->rank; i++) {
            int64_t off = si->offsets[i] == IR_DYNAMIC ? ip->vals[d->opnds[next++]->id].s.i : si->offsets[i];
            /* result dims are the slice dims minus dropped unit dims */
            int64_t r = 0;
            if (k < rt.rank && rt.dims[k] == si->sizes[i] && !(si->sizes[i] == 1 && rt.rank - k < si->rank - i))
                r = ridx[k++];
            sidx[i] = off + r * si->strides[i];
        }
        s = point_get(ip, d->opnds[0], ravel(st, sidx));
        break;
    }
    case IR_OP_FROM_ELEMENTS: s = ip->vals[d->opnds[lin]->id].s; break;
    case IR_OP_PAD: { /* the source's element, or the padding value (a scalar from outside the body) */
        const ir_pad_info *pi = &d->u.pad;
        const ir_value *src = d->opnds[0];
        const ir_block *b = d->nregions ? d->regions[0] : NULL;
        const ir_op *y = b ? b->first : NULL;
        if (!y || y->kind != IR_OP_TENSOR_YIELD || y->nopnds != 1 || y->opnds[0]->owner == b ||
            (y->opnds[0]->def && y->opnds[0]->def->parent == b) || pi->rank != src->type.rank)
            it_fail(it, d, "point evaluation needs a pad by a value from outside its body");
        int64_t idx[IR_MAX_RANK];
        unravel(d->res[0].type, lin, idx);
        bool in = true;
        for (uint32_t i = 0; i < pi->rank; i++) {
            if (pi->low[i] == IR_DYNAMIC) it_fail(it, d, "point evaluation needs static padding");
            idx[i] -= pi->low[i];
            in = in && idx[i] >= 0 && idx[i] < src->type.dims[i];
        }
        s = in ? point_get(ip, src, ravel(src->type, idx)) : ip->vals[y->opnds[0]->id].s;
        break;
    }
    case IR_OP_CONCAT: {
        ir_type rt = d->res[0].type;
        uint32_t cd = (uint32_t)d->u.dim, i = 0;
        int64_t idx[IR_MAX_RANK];
        unravel(rt, lin, idx);
        while (idx[cd] >= d->opnds[i]->type.dims[cd]) idx[cd] -= d->opnds[i++]->type.dims[cd];
        s = point_get(ip, d->opnds[i], ravel(d->opnds[i]->type, idx));
        break;
    }
    case IR_OP_LINALG:
    {
        const ir_linalg *l = &d->u.lin;
        bool ok = l->nouts <= 8 && ir_amap_is_projected_perm(l->maps[l->nins], true);
        for (uint32_t o = 1; ok && o < l->nouts; o++) ok = ir_amap_eq(l->maps[l->nins + o], l->maps[l->nins]);
        for (uint32_t r = 0; ok && r < l->maps[l->nins]->nres; r++) /* a kept dim at 0 has size 1 */
            ok = ir_aexpr_dim(l->maps[l->nins]->res[r]) >= 0 || d->res[0].type.dims[r] == 1;
        if (!ok) it_fail(it, d, "point evaluation needs outputs indexed by the loops through one map");
        s = point_linalg(ip, d, lin, v->index);
    }
        break;
    default: it_fail(it, d, "point evaluation does not support '%s'", ir_op_name((ir_opkind)d->kind));
    }
    ip->depth--;
    memo_put(ip, key, s);
    return s;
}

interp_points *interp_points_new(interp *it, ir_op *func, const interp_value *args) {
    interp_points *ip = sp_calloc(it->ctx, 1, sizeof *ip);
    ip->it = it;
    ip->func = func;
    ip->args = args;
    ir_func_number(func);
    ip->nvalues = func->u.fn.nvalues;
    ip->vals = sp_calloc(it->ctx, ip->nvalues ? ip->nvalues : 1, sizeof *ip->vals);
    return ip;
}

void interp_points_prepare(interp_points *ip) {
    /* scalar arguments and function-level scalars, once */
    ir_block *b = ip->func->regions[0];
    for (uint32_t i = 0; i < b->nargs; i++)
        if (b->args[i].type.kind == IR_T_SCALAR) ip->vals[b->args[i].id] = ip->args[i];
    for (ir_op *op = b->first; op; op = op->next)
        if (op->nres == 1 && op->res[0].type.kind == IR_T_SCALAR) {
            for (uint32_t i = 0; i < op->nopnds; i++)
                if (op->opnds[i]->type.kind != IR_T_SCALAR)
                    it_fail(ip->it, op, "point evaluation needs scalars that do not read tensors");
            it_frame view = {NULL, ip->vals, ip->nvalues};
            it_exec_op(ip->it, &view, op, NULL);
        }
}

interp_scalar interp_points_eval(interp_points *ip, uint32_t result, int64_t lin) {
    const ir_op *ret = ip->func->regions[0]->last;
    return point_get(ip, ret->opnds[result], lin);
}

uint64_t interp_points_work(const interp_points *ip) { return ip->work; }

void interp_points_free(interp_points *ip) {
    if (!ip) return;
    sp_free(ip->it->ctx, ip->memo);
    sp_free(ip->it->ctx, ip->vals);
    sp_free(ip->it->ctx, ip);
}
