/* interp_structured.c - structured ops (linalg) in the reference interpreter
 * (interp.h): naive loops over the iteration domain, the body decoded once
 * and evaluated at every point (interp_scalar.h), and one tight loop for a
 * contraction's multiply-accumulate body. */
#include "interp_scalar.h"

#include <math.h>
#include <string.h>

#include "base/fp16.h"

/* --------------------------------------------------------- structured */

typedef struct operand_walk {
    const uint8_t *base;
    uint8_t *wbase;
    ir_dtype dt;
    int nb;
    bool linear;
    int64_t stride[IR_MAX_RANK * 4]; /* elements per loop step */
    int64_t offset;                   /* current element offset */
    int64_t cst;
    const ir_amap *map;
    const int64_t *dims;
    int64_t tstrides[IR_MAX_RANK];
    uint32_t rank;
} operand_walk;

static void walk_init(interp *it, const ir_op *op, operand_walk *w, const ir_amap *map, ir_type t, uint32_t ndims) {
    memset(w, 0, sizeof *w);
    w->dt = (ir_dtype)t.dtype;
    w->nb = ir_dtype_bytes(w->dt);
    w->map = map;
    w->dims = t.dims;
    w->rank = t.rank;
    ir_type_strides(t, w->tstrides);
    w->linear = true;
    for (uint32_t r = 0; r < map->nres; r++) {
        int64_t coef[IR_MAX_RANK * 4] = {0}, cst = 0;
        if (!ir_aexpr_linear(map->res[r], ndims, coef, &cst)) {
            w->linear = false;
            break;
        }
        for (uint32_t d = 0; d < ndims; d++) w->stride[d] += coef[d] * w->tstrides[r];
        w->cst += cst * w->tstrides[r];
    }
    (void)it;
    (void)op;
}

/* Offset of a non-linear access at point idx (bounds-checked). */
static int64_t walk_offset_slow(interp *it, const ir_op *op, const operand_walk *w, const int64_t *idx, uint32_t k) {
    int64_t off = 0;
    for (uint32_t r = 0; r < w->map->nres; r++) {
        int64_t v = ir_aexpr_eval(w->map->res[r], idx, NULL);
        if (v < 0 || v >= w->dims[r])
            it_fail(it, op, "operand #%u is accessed out of bounds (index %lld of dimension %u, size %lld)", k, (long long)v, r,
                 (long long)w->dims[r]);
        off += v * w->tstrides[r];
    }
    return off;
}

/* The iteration domain in lexicographic order, last dimension fastest. */
/* The loop order: the op's own, except that when the innermost loop is a
 * reduction, the last parallel dimension moves innermost, so a matmul streams
 * rows of B instead of walking its columns. Only done when that dimension
 * indexes every output directly: then the points that update one output
 * element are visited in the same relative order as before, and the results
 * are bit-identical to the op's lexicographic order. */
static void loop_order(const ir_op *op, uint32_t *order) {
    const ir_linalg *l = &op->u.lin;
    uint32_t nd = l->ndims;
    for (uint32_t d = 0; d < nd; d++) order[d] = d;
    if (nd < 2 || l->iters[nd - 1] != IR_ITER_REDUCTION) return;
    int p = -1;
    for (int d = (int)nd - 1; d >= 0; d--)
        if (l->iters[d] == IR_ITER_PARALLEL) {
            p = d;
            break;
        }
    if (p < 0) return;
    for (uint32_t o = 0; o < l->nouts; o++) {
        const ir_amap *m = l->maps[l->nins + o];
        bool uses = false;
        for (uint32_t r = 0; r < m->nres; r++) uses |= ir_aexpr_dim(m->res[r]) == p;
        if (!uses) return;
    }
    uint32_t k = 0;
    for (uint32_t d = 0; d < nd; d++)
        if ((int)d != p) order[k++] = d;
    order[nd - 1] = (uint32_t)p;
}

/* A multiply-accumulate body, the whole body of a contraction: out =
 * out + x * y, each factor an input or an input widened by arith.extf.
 * Its innermost run goes through mac_run, one tight loop with the types
 * fixed: the same operations in the same order, each rounded to its type
 * as it_scalar_op rounds it, so the results are the general path's bit for
 * bit (the multiply and the add are not fused: src/interp/ is built with
 * -ffp-contract=off). The general path pays a dispatch per op and per
 * operand at every point: a contraction ran at ~20 ns a multiply-add
 * there, at ~1 ns here. */
typedef struct mac_body {
    uint8_t xt, yt, ot; /* the element types of the two inputs and the out */
    uint8_t mt;         /* the product's and the sum's type (the out's) */
} mac_body;

static bool mac_match(const ir_op *op, const it_insn *code, uint32_t nbody, const uint32_t *argid, const uint32_t *yid,
                      const uint8_t *dts, mac_body *m) {
    const ir_linalg *l = &op->u.lin;
    if (l->nins != 2 || l->nouts != 1 || nbody < 2 || nbody > 4) return false;
    for (uint32_t i = 0; i < 3; i++)
        if (op->opnds[i]->type.kind != IR_T_TENSOR || !ir_dtype_is_float((ir_dtype)dts[i])) return false;
    /* the factors: the inputs, or their widened values */
    uint32_t fid[2] = {argid[0], argid[1]};
    uint8_t ft[2] = {dts[0], dts[1]};
    uint32_t k = 0;
    while (k < nbody && code[k].kind == IR_OP_EXTF) {
        int which = code[k].a == argid[0] ? 0 : code[k].a == argid[1] ? 1 : -1;
        if (which < 0 || fid[which] != argid[which]) return false;
        fid[which] = code[k].dst;
        ft[which] = code[k].rt;
        k++;
    }
    if (k + 2 != nbody) return false;
    const it_insn *mul = &code[k], *add = &code[k + 1];
    if (mul->kind != IR_OP_MULF || !((mul->a == fid[0] && mul->b == fid[1]) || (mul->a == fid[1] && mul->b == fid[0])))
        return false;
    if (add->kind != IR_OP_ADDF || !((add->a == argid[2] && add->b == mul->dst) || (add->a == mul->dst && add->b == argid[2])))
        return false;
    if (ft[0] != mul->rt || ft[1] != mul->rt || mul->rt != add->rt || add->rt != dts[2] || yid[0] != add->dst) return false;
    m->xt = dts[0], m->yt = dts[1], m->ot = dts[2], m->mt = mul->rt;
    return true;
}

/* x rounded to bf16 as sp_f64_to_bf16 rounds it, its normal range inline
 * (the tight loop's common case), and back. */
static inline uint16_t bf16_round(double x) {
    double ax = fabs(x);
    if (!(ax >= 0x1p-126 && ax < 0x1p127)) return sp_f64_to_bf16(x);
    uint64_t u;
    memcpy(&u, &ax, sizeof u);
    u += (UINT64_C(1) << 44) - 1 + ((u >> 45) & 1);
    u &= ~((UINT64_C(1) << 45) - 1);
    memcpy(&ax, &u, sizeof ax);
    float f = (float)ax; /* exact: 8 significant bits */
    uint32_t b;
    memcpy(&b, &f, 4);
    return (uint16_t)((b >> 16) | (signbit(x) ? 0x8000u : 0));
}
static inline double bf16_of(uint16_t h) { return (double)sp_bf16_to_f32(h); }

static void mac_run(const mac_body *m, uint8_t *const *ptr, const int64_t *step, int64_t n) {
    const uint8_t *px = ptr[0], *py = ptr[1];
    uint8_t *po = ptr[2];
    int64_t sx = step[0], sy = step[1], so = step[2];
    if (m->xt == IR_F32 && m->yt == IR_F32 && m->ot == IR_F32) {
        for (int64_t i = 0; i < n; i++, px += sx, py += sy, po += so) {
            float x, y, o;
            memcpy(&x, px, 4);
            memcpy(&y, py, 4);
            memcpy(&o, po, 4);
            float p = x * y;
            o = o + p;
            memcpy(po, &o, 4);
        }
        return;
    }
    if (m->xt == IR_BF16 && m->yt == IR_BF16 && m->ot == IR_BF16) {
        for (int64_t i = 0; i < n; i++, px += sx, py += sy, po += so) {
            uint16_t x, y, o;
            memcpy(&x, px, 2);
            memcpy(&y, py, 2);
            memcpy(&o, po, 2);
            /* the product and the sum in double, each rounded to bf16 (it_round_to) */
            double p = bf16_of(bf16_round((double)sp_bf16_to_f32(x) * (double)sp_bf16_to_f32(y)));
            o = bf16_round((double)sp_bf16_to_f32(o) + p);
            memcpy(po, &o, 2);
        }
        return;
    }
    ir_dtype xt = (ir_dtype)m->xt, yt = (ir_dtype)m->yt, ot = (ir_dtype)m->ot, mt = (ir_dtype)m->mt;
    for (int64_t i = 0; i < n; i++, px += sx, py += sy, po += so) {
        double p = it_round_to(it_load_elem(px, xt).f * it_load_elem(py, yt).f, mt);
        interp_scalar r;
        r.f = it_round_to(it_load_elem(po, ot).f + p, mt);
        it_store_elem(po, ot, r);
    }
}

/* base + off, where an operand the body does not read has no storage
 * (base NULL: no pointer arithmetic on it, which is undefined) */
static inline uint8_t *elem_at(uint8_t *base, int64_t off) { return base ? base + off : NULL; }

/* The points of the box lo[d] <= idx[d] < lo[d] + bounds[d] (the whole
 * domain when lo is all zeros), in the loop order. */
static void linalg_points(interp *it, it_frame *f, const ir_op *op, const int64_t *lo, const int64_t *bounds,
                          operand_walk *w, bool all_linear, const it_insn *restrict code, uint32_t nbody, const ir_op *yield,
                          const bool *out_read) {
    const ir_linalg *l = &op->u.lin;
    interp_value *V = f->vals;
    const ir_block *body = ir_linalg_body(op);
    uint32_t n = l->nins + l->nouts, nd = l->ndims;
    int64_t numel = 1;
    for (uint32_t d = 0; d < nd; d++) numel *= bounds[d];
    if (numel == 0) return;
    uint32_t order[IR_MAX_RANK * 4];
    loop_order(op, order);
    int64_t idx[IR_MAX_RANK * 4] = {0};
    it->point = idx;
    it->npoint = nd;
    for (uint32_t i = 0; i < n; i++) w[i].offset = w[i].cst;
    for (uint32_t d = 0; d < nd; d++) {
        idx[d] = lo[d];
        for (uint32_t i = 0; i < n; i++) w[i].offset += w[i].stride[d] * lo[d];
    }
    uint32_t inner = nd ? order[nd - 1] : 0;
    int64_t ninner = nd ? bounds[inner] : 1;
    /* a local copy of short bodies keeps the hot loop in cache and free of
     * aliasing with the value array */
    it_insn local[32];
    if (nbody <= SP_ARRAY_LEN(local)) {
        memcpy(local, code, nbody * sizeof *code);
        code = local;
    }
    /* hot per-operand state for the innermost loop, in bytes */
    uint8_t *ptr[32];
    int64_t step[32];
    uint8_t dts[32];
    uint32_t argid[32];
    bool load[32];
    if (n > SP_ARRAY_LEN(ptr)) it_fail(it, op, "too many operands for the reference interpreter (%u)", n);
    for (uint32_t i = 0; i < n; i++) {
        dts[i] = (uint8_t)w[i].dt;
        argid[i] = body->args[i].id;
        step[i] = w[i].stride[inner] * w[i].nb;
        load[i] = i < l->nins ? w[i].base != NULL : out_read[i - l->nins];
    }
    uint32_t yid[16];
    for (uint32_t o = 0; o < l->nouts; o++) yid[o] = yield->opnds[o]->id;
    mac_body mac = {0};
    bool is_mac = all_linear && mac_match(op, code, nbody, argid, yid, dts, &mac);
    for (int64_t pt = 0; pt < numel; pt += ninner) {
        for (uint32_t i = 0; i < n; i++)
            ptr[i] = elem_at(i < l->nins ? (uint8_t *)w[i].base : w[i].wbase, w[i].offset * w[i].nb);
        /* one run of the innermost loop */
        if (is_mac) mac_run(&mac, ptr, step, ninner);
        for (int64_t ii = 0; ii < (is_mac ? 0 : ninner); ii++) {
            if (!all_linear) {
                for (uint32_t i = 0; i < n; i++)
                    if (!w[i].linear && op->opnds[i]->type.kind != IR_T_SCALAR)
                        ptr[i] = elem_at(i < l->nins ? (uint8_t *)w[i].base : w[i].wbase,
                                         walk_offset_slow(it, op, &w[i], idx, i) * w[i].nb);
            }
            for (uint32_t i = 0; i < n; i++)
                if (load[i]) V[argid[i]].s = it_load_elem(ptr[i], (ir_dtype)dts[i]);
            for (uint32_t k = 0; k < nbody; k++) it_exec_insn(it, V, &code[k]);
            for (uint32_t o = 0; o < l->nouts; o++)
                it_store_elem(ptr[l->nins + o], (ir_dtype)dts[l->nins + o], V[yid[o]].s);
            for (uint32_t i = 0; i < n; i++) ptr[i] = elem_at(ptr[i], step[i]);
            if (nd) idx[inner]++;
        }
        if (nd) for (uint32_t i = 0; i < n; i++) w[i].offset += w[i].stride[inner] * ninner;
        if (nd == 0) break;
        /* carry into the outer loops */
        for (uint32_t i = 0; i < n; i++) w[i].offset -= w[i].stride[inner] * ninner;
        idx[inner] = lo[inner];
        for (int k = (int)nd - 2; k >= 0; k--) {
            uint32_t d = order[k];
            idx[d]++;
            for (uint32_t i = 0; i < n; i++) w[i].offset += w[i].stride[d];
            if (idx[d] < lo[d] + bounds[d]) break;
            for (uint32_t i = 0; i < n; i++) w[i].offset -= w[i].stride[d] * bounds[d];
            idx[d] = lo[d];
        }
    }
}

typedef struct linalg_job {
    interp *it;
    it_frame *f;
    const ir_op *op;
    const int64_t *bounds;
    const uint8_t *const *sets; /* per loop, the indices to run (NULL: all) */
    operand_walk *w;
    bool all_linear;
    it_insn *code;
    uint32_t nbody;
    const ir_op *yield;
    const bool *out_read;
    int failed;
} linalg_job;

/* The run of set indices that starts at or after `from` in [0, n): its
 * start and length; false when there is none. */
static bool next_run(const uint8_t *set, int64_t n, int64_t from, int64_t *lo, int64_t *len) {
    while (from < n && !set[from]) from++;
    if (from >= n) return false;
    int64_t end = from;
    while (end < n && set[end]) end++;
    *lo = from;
    *len = end - from;
    return true;
}

/* Every box of the product of the loops' runs of set indices (one box, the
 * whole domain, without sets): each output element's points still run in
 * one box, in the same order as in the whole domain. */
static void points_body(sp_ctx *ctx, void *ud) {
    (void)ctx;
    linalg_job *job = ud;
    uint32_t nd = job->op->u.lin.ndims;
    int64_t lo[IR_MAX_RANK * 4] = {0}, len[IR_MAX_RANK * 4];
    const uint8_t *const *sets = job->sets;
    for (uint32_t d = 0; d < nd; d++)
        if (!sets || !sets[d]) len[d] = job->bounds[d];
        else if (!next_run(sets[d], job->bounds[d], 0, &lo[d], &len[d])) return; /* no index of this loop */
    for (;;) {
        linalg_points(job->it, job->f, job->op, lo, len, job->w, job->all_linear, job->code, job->nbody, job->yield,
                      job->out_read);
        int d = (int)nd - 1; /* the next box: the last loop's next run, carrying */
        for (; d >= 0; d--) {
            if (!sets || !sets[d]) continue;
            if (next_run(sets[d], job->bounds[d], lo[d] + len[d], &lo[d], &len[d])) break;
            next_run(sets[d], job->bounds[d], 0, &lo[d], &len[d]);
        }
        if (d < 0) return;
    }
}

/* Run the points; the job's heap state is freed on every path. */
static void run_guarded(interp *it, linalg_job *job) {
    job->it = it;
    job->failed = sp_pcall(it->ctx, points_body, job) != SP_OK;
    it->point = NULL;
    sp_free(it->ctx, job->code);
    sp_free(it->ctx, job->w);
    if (job->failed) sp_rethrow(it->ctx);
}

/* The outs' elements an output's points write, copied from src: the
 * output's dims run over the sets of the loops that index them (NULL:
 * all), a kept unit dim at 0; the rest of dst is left unwritten, its
 * pages untouched (sampled evaluation reads only these). */
static void copy_box(uint8_t *dst, const uint8_t *src, ir_type t, const ir_amap *m, const uint8_t *const *sets) {
    const uint8_t *dim[IR_MAX_RANK];
    int64_t idx[IR_MAX_RANK] = {0}, strides[IR_MAX_RANK];
    int nb = ir_dtype_bytes((ir_dtype)t.dtype);
    ir_type_strides(t, strides);
    for (uint32_t r = 0; r < t.rank; r++) {
        int d = r < m->nres ? ir_aexpr_dim(m->res[r]) : -1;
        dim[r] = d >= 0 ? sets[d] : NULL;
        if (!t.dims[r]) return;
    }
    for (;;) { /* idx: the current element, the innermost dim copied in runs */
        bool in = true;
        for (uint32_t r = 0; r + 1 < t.rank; r++) in = in && (!dim[r] || dim[r][idx[r]]);
        int64_t last = t.rank ? t.dims[t.rank - 1] : 1, off = 0;
        for (uint32_t r = 0; r + 1 < t.rank; r++) off += idx[r] * strides[r];
        const uint8_t *ds = t.rank ? dim[t.rank - 1] : NULL;
        for (int64_t k = 0; in && k < last;) {
            if (ds && !ds[k]) {
                k++;
                continue;
            }
            int64_t e = k + 1;
            while (e < last && (!ds || ds[e])) e++;
            memcpy(dst + (off + k) * nb, src + (off + k) * nb, (size_t)((e - k) * nb));
            k = e;
        }
        int r = (int)t.rank - 2;
        for (; r >= 0; r--) {
            if (++idx[r] < t.dims[r]) break;
            idx[r] = 0;
        }
        if (r < 0) return;
    }
}

void it_exec_linalg(interp *it, it_frame *f, const ir_op *op) { it_exec_linalg_in(it, f, op, NULL); }

void it_exec_linalg_in(interp *it, it_frame *f, const ir_op *op, const uint8_t *const *sets) {
    const ir_linalg *l = &op->u.lin;
    interp_value *V = f->vals;
    uint32_t n = l->nins + l->nouts;
    int64_t bounds[IR_MAX_RANK * 4];
    if (!ir_linalg_loop_bounds(op, bounds)) it_fail(it, op, "loop bounds cannot be inferred");
    /* results start as copies of the outs (destination-passing style) */
    interp_value res[16];
    if (l->nouts > SP_ARRAY_LEN(res)) it_fail(it, op, "too many outputs");
    for (uint32_t o = 0; o < l->nouts; o++) {
        const interp_value *src = &V[op->opnds[l->nins + o]->id];
        res[o].type = op->res[o].type;
        res[o].t = NULL;
        res[o].t = it_tensor_alloc(it, op, res[o].type);
        if (sets)
            copy_box(res[o].t->data, src->t->data, res[o].type, l->maps[l->nins + o], sets);
        else
            memcpy(res[o].t->data, src->t->data, res[o].t->bytes);
        /* hold it in the frame right away so an error frees it */
        V[op->res[o].id] = res[o];
    }
    const ir_block *body = ir_linalg_body(op);
    operand_walk *w = sp_try_malloc(it->ctx, n * sizeof *w);
    if (!w) it_fail(it, op, "out of memory");
    /* the walk state is freed on every path below: run loops without raising
     * through it; errors inside set `err` and break out */
    bool all_linear = true;
    for (uint32_t i = 0; i < n; i++) {
        const ir_value *x = op->opnds[i];
        if (x->type.kind == IR_T_SCALAR) {
            memset(&w[i], 0, sizeof w[i]);
            w[i].linear = true;
            continue;
        }
        walk_init(it, op, &w[i], l->maps[i], x->type, l->ndims);
        if (i < l->nins)
            w[i].base = V[x->id].t->data;
        else
            w[i].base = w[i].wbase = V[op->res[i - l->nins].id].t->data;
        if (!w[i].linear) all_linear = false;
    }
    /* scalar ins are loaded once */
    for (uint32_t i = 0; i < l->nins; i++)
        if (op->opnds[i]->type.kind == IR_T_SCALAR) V[body->args[i].id].s = V[op->opnds[i]->id].s;
    /* the body decoded into an array; outs args only loaded when read */
    uint32_t nbody = 0;
    for (const ir_op *o = body->first; o && o->kind != IR_OP_LINALG_YIELD; o = o->next) nbody++;
    it_insn *code = sp_try_malloc(it->ctx, (nbody ? nbody : 1) * sizeof *code);
    if (!code) {
        sp_free(it->ctx, w);
        it_fail(it, op, "out of memory");
    }
    nbody = 0;
    const ir_op *yield = NULL;
    bool nested = false;
    for (const ir_op *o = body->first; o; o = o->next) {
        if (o->kind == IR_OP_LINALG_YIELD)
            yield = o;
        else
            it_decode(o, &code[nbody++]);
        nested |= o->kind == IR_OP_LINALG;
    }
    bool out_read[16] = {0};
    for (uint32_t o = 0; o < l->nouts; o++) {
        const ir_value *arg = &body->args[l->nins + o];
        for (const ir_op *bo = body->first; bo && !out_read[o]; bo = bo->next)
            for (uint32_t j = 0; j < bo->nopnds; j++)
                if (bo->opnds[j] == arg) out_read[o] = true;
    }
    if (nested) {
        sp_free(it->ctx, code);
        sp_free(it->ctx, w);
        it_fail(it, op, "nested linalg ops are not supported");
    }
    linalg_job job = {it, f, op, bounds, sets, w, all_linear, code, nbody, yield, out_read, 0};
    run_guarded(it, &job);
}
