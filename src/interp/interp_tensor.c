/* interp_tensor.c - the tensor, vector and constant ops of the reference
 * interpreter (interp.h): slices, pad, from_elements, concat, pack/unpack,
 * transfer_read, vector.print, dense constants (interp_int.h). */
#include "interp_scalar.h"

#include <string.h>

/* ----------------------------------------------------------- tensor ops */

interp_value it_new_result(interp *it, it_frame *f, const ir_op *op, uint32_t r) {
    interp_value v = {0};
    v.type = op->res[r].type;
    v.t = it_tensor_alloc(it, op, v.type);
    f->vals[op->res[r].id] = v;
    return v;
}

static int64_t dyn_or(const interp_value *V, const ir_op *op, int64_t s, uint32_t *next) {
    return s == IR_DYNAMIC ? V[op->opnds[(*next)++]->id].s.i : s;
}

/* Copy a strided box between a big tensor and a dense small one. */
static void copy_box(interp *it, const ir_op *op, uint8_t *big, ir_type bt, uint8_t *small, const int64_t *off,
                     const int64_t *size, const int64_t *stride, bool to_small) {
    uint32_t rank = bt.rank;
    int nb = ir_dtype_bytes((ir_dtype)bt.dtype);
    int64_t bs[IR_MAX_RANK];
    ir_type_strides(bt, bs);
    int64_t total = 1;
    for (uint32_t d = 0; d < rank; d++) {
        if (off[d] < 0 || (size[d] > 0 && off[d] + (size[d] - 1) * stride[d] >= bt.dims[d]))
            it_fail(it, op, "slice runs out of bounds in dimension %u", d);
        total *= size[d];
    }
    int64_t idx[IR_MAX_RANK] = {0};
    for (int64_t e = 0; e < total; e++) {
        int64_t bo = 0;
        for (uint32_t d = 0; d < rank; d++) bo += (off[d] + idx[d] * stride[d]) * bs[d];
        if (to_small)
            memcpy(small + e * nb, big + bo * nb, (size_t)nb);
        else
            memcpy(big + bo * nb, small + e * nb, (size_t)nb);
        for (int d = (int)rank - 1; d >= 0; d--) {
            if (++idx[d] < size[d]) break;
            idx[d] = 0;
        }
    }
}

void it_exec_slice(interp *it, it_frame *f, const ir_op *op) {
    interp_value *V = f->vals;
    bool ins = op->kind == IR_OP_INSERT_SLICE;
    const ir_slice_info *s = &op->u.slice;
    uint32_t next = ins ? 2 : 1;
    int64_t off[IR_MAX_RANK], size[IR_MAX_RANK], stride[IR_MAX_RANK];
    for (uint32_t d = 0; d < s->rank; d++) off[d] = dyn_or(V, op, s->offsets[d], &next);
    for (uint32_t d = 0; d < s->rank; d++) size[d] = dyn_or(V, op, s->sizes[d], &next);
    for (uint32_t d = 0; d < s->rank; d++) stride[d] = dyn_or(V, op, s->strides[d], &next);
    if (!ins) {
        const interp_value *src = &V[op->opnds[0]->id];
        interp_value r = it_new_result(it, f, op, 0);
        copy_box(it, op, src->t->data, src->type, r.t->data, off, size, stride, true);
    } else {
        const interp_value *src = &V[op->opnds[0]->id], *dst = &V[op->opnds[1]->id];
        interp_value r = it_new_result(it, f, op, 0);
        memcpy(r.t->data, dst->t->data, r.t->bytes);
        copy_box(it, op, r.t->data, r.type, src->t->data, off, size, stride, false);
    }
}

void it_exec_pad(interp *it, it_frame *f, const ir_op *op) {
    interp_value *V = f->vals;
    const interp_value *src = &V[op->opnds[0]->id];
    interp_value r = it_new_result(it, f, op, 0);
    const ir_block *b = op->regions[0];
    ir_type st = src->type, rt = r.type;
    ir_dtype dt = (ir_dtype)rt.dtype;
    int nb = ir_dtype_bytes(dt);
    int64_t ss[IR_MAX_RANK];
    ir_type_strides(st, ss);
    int64_t total = ir_type_numel(rt), idx[IR_MAX_RANK] = {0};
    for (int64_t e = 0; e < total; e++) {
        bool inside = true;
        int64_t so = 0;
        for (uint32_t d = 0; d < rt.rank; d++) {
            int64_t s = idx[d] - op->u.pad.low[d];
            if (s < 0 || s >= st.dims[d]) inside = false;
            so += s * ss[d];
        }
        if (inside) {
            memcpy(r.t->data + e * nb, src->t->data + so * nb, (size_t)nb);
        } else {
            for (uint32_t d = 0; d < b->nargs; d++) V[b->args[d].id].s.i = idx[d];
            const ir_op *o;
            for (o = b->first; o && o->kind != IR_OP_TENSOR_YIELD; o = o->next) it_eval_scalar(it, f, o);
            it_store_elem(r.t->data + e * nb, dt, V[o->opnds[0]->id].s);
        }
        for (int d = (int)rt.rank - 1; d >= 0; d--) {
            if (++idx[d] < rt.dims[d]) break;
            idx[d] = 0;
        }
    }
}

/* tensor.from_elements: the operands in row-major order */
void it_exec_from_elements(interp *it, it_frame *f, const ir_op *op) {
    interp_value r = it_new_result(it, f, op, 0);
    ir_dtype dt = (ir_dtype)r.type.dtype;
    int nb = ir_dtype_bytes(dt);
    for (uint32_t i = 0; i < op->nopnds; i++) it_store_elem(r.t->data + (size_t)i * nb, dt, f->vals[op->opnds[i]->id].s);
}

/* tensor.concat: per index of the dimensions before the concatenated one,
 * each operand's contiguous run in turn */
void it_exec_concat(interp *it, it_frame *f, const ir_op *op) {
    interp_value r = it_new_result(it, f, op, 0);
    ir_type rt = r.type;
    uint32_t d = (uint32_t)op->u.dim;
    size_t nb = (size_t)ir_dtype_bytes((ir_dtype)rt.dtype);
    int64_t outer = 1, inner = 1; /* elements before d, and after it */
    for (uint32_t k = 0; k < d; k++) outer *= rt.dims[k];
    for (uint32_t k = d + 1; k < rt.rank; k++) inner *= rt.dims[k];
    size_t row = (size_t)(rt.dims[d] * inner) * nb;
    size_t at = 0;
    for (uint32_t i = 0; i < op->nopnds; i++) {
        const interp_value *x = &f->vals[op->opnds[i]->id];
        size_t run = (size_t)(x->type.dims[d] * inner) * nb;
        for (int64_t o = 0; o < outer && run; o++)
            memcpy(r.t->data + (size_t)o * row + at, x->t->data + (size_t)o * run, run);
        at += run;
    }
}

void it_exec_assert(interp *it, it_frame *f, const ir_op *op) {
    if (!(f->vals[op->opnds[0]->id].s.i & 1)) it_assert_failed(it, op);
}
void it_exec_pack(interp *it, it_frame *f, const ir_op *op) {
    interp_value *V = f->vals;
    bool pack = op->kind == IR_OP_PACK;
    const ir_pack_info *pk = &op->u.pack;
    const interp_value *src = &V[op->opnds[0]->id];
    interp_value r = it_new_result(it, f, op, 0);
    ir_type ut = pack ? src->type : r.type, pt = pack ? r.type : src->type;
    ir_dtype dt = (ir_dtype)ut.dtype;
    int nb = ir_dtype_bytes(dt);
    uint32_t ur = ut.rank;
    int64_t us[IR_MAX_RANK], ps[IR_MAX_RANK];
    ir_type_strides(ut, us);
    ir_type_strides(pt, ps);
    interp_scalar padv = {0};
    if (pack && pk->has_padding) padv = V[op->opnds[2]->id].s;
    /* walk the packed tensor: outer dims (permuted) then inner tiles */
    int64_t total = ir_type_numel(pt), idx[IR_MAX_RANK] = {0};
    for (int64_t e = 0; e < total; e++) {
        int64_t u[IR_MAX_RANK] = {0}; /* every entry set through the permutation (-O3 cannot see it) */
        for (uint32_t i = 0; i < ur; i++) {
            int64_t d = pk->outer_dims_perm ? pk->outer_dims_perm[i] : i;
            u[d] = idx[i];
        }
        for (uint32_t d = 0; d < ur; d++) {
            int64_t tile = 1;
            for (uint32_t k = 0; k < pk->ninner; k++)
                if (pk->inner_dims_pos[k] == d) tile = pk->inner_tiles[k];
            u[d] *= tile;
        }
        for (uint32_t k = 0; k < pk->ninner; k++) u[pk->inner_dims_pos[k]] += idx[ur + k];
        bool inside = true;
        int64_t uo = 0;
        for (uint32_t d = 0; d < ur; d++) {
            if (u[d] >= ut.dims[d]) inside = false;
            uo += u[d] * us[d];
        }
        if (pack) {
            if (inside)
                memcpy(r.t->data + e * nb, src->t->data + uo * nb, (size_t)nb);
            else
                it_store_elem(r.t->data + e * nb, dt, padv);
        } else if (inside) {
            memcpy(r.t->data + uo * nb, src->t->data + e * nb, (size_t)nb);
        }
        for (int d = (int)pt.rank - 1; d >= 0; d--) {
            if (++idx[d] < pt.dims[d]) break;
            idx[d] = 0;
        }
    }
    (void)ps;
}

void it_exec_transfer_read(interp *it, it_frame *f, const ir_op *op) {
    interp_value *V = f->vals;
    const interp_value *src = &V[op->opnds[0]->id];
    uint32_t nidx = op->nopnds - 2;
    interp_value r = it_new_result(it, f, op, 0);
    ir_type st = src->type, vt = r.type;
    ir_dtype dt = (ir_dtype)st.dtype;
    int nb = ir_dtype_bytes(dt);
    int64_t base[IR_MAX_RANK], ss[IR_MAX_RANK];
    ir_type_strides(st, ss);
    for (uint32_t d = 0; d < nidx; d++) base[d] = V[op->opnds[1 + d]->id].s.i;
    interp_scalar pad = V[op->opnds[1 + nidx]->id].s;
    int64_t total = ir_type_numel(vt), vidx[IR_MAX_RANK] = {0};
    for (int64_t e = 0; e < total; e++) {
        int64_t si[IR_MAX_RANK];
        memcpy(si, base, sizeof(int64_t) * st.rank);
        for (uint32_t k = 0; k < vt.rank; k++) {
            /* default map: the vector's dims are the source's minor dims */
            int64_t d = op->u.xfer.perm ? ir_aexpr_dim(op->u.xfer.perm->res[k]) : (int64_t)(st.rank - vt.rank + k);
            if (d >= 0) si[d] += vidx[k];
        }
        bool inside = true;
        int64_t so = 0;
        for (uint32_t d = 0; d < st.rank; d++) {
            if (si[d] < 0 || si[d] >= st.dims[d]) inside = false;
            so += si[d] * ss[d];
        }
        it_store_elem(r.t->data + e * nb, dt, inside ? it_load_elem(src->t->data + so * nb, dt) : pad);
        for (int d = (int)vt.rank - 1; d >= 0; d--) {
            if (++vidx[d] < vt.dims[d]) break;
            vidx[d] = 0;
        }
    }
}

/* vector.print in mlir-runner's format: scalars with printf %g / %lld,
 * vectors as "( a, b, c )", nested per dimension: "( ( a, b ), ( c, d ) )" */
static void print_scalar(interp *it, interp_scalar s, ir_dtype dt) {
    if (ir_dtype_is_float(dt))
        fprintf(it->out, "%g", dt == IR_F64 ? s.f : (double)(float)s.f);
    else
        fprintf(it->out, "%lld", (long long)s.i);
}

static void print_vector(interp *it, const uint8_t *data, ir_dtype dt, const int64_t *dims, uint32_t rank) {
    int64_t inner = 1;
    for (uint32_t d = 1; d < rank; d++) inner *= dims[d];
    int nb = ir_dtype_bytes(dt);
    fputs("( ", it->out);
    for (int64_t i = 0; i < dims[0]; i++) {
        if (i) fputs(", ", it->out);
        if (rank > 1)
            print_vector(it, data + i * inner * nb, dt, dims + 1, rank - 1);
        else
            print_scalar(it, it_load_elem(data + i * nb, dt), dt);
    }
    fputs(" )", it->out);
}

void it_exec_print(interp *it, it_frame *f, const ir_op *op) {
    if (!it->out) return;
    if (op->u.vprint.str) fwrite(op->u.vprint.str, 1, op->u.vprint.len, it->out);
    if (op->nopnds) {
        const interp_value *v = &f->vals[op->opnds[0]->id];
        ir_dtype dt = (ir_dtype)v->type.dtype;
        if (v->type.kind == IR_T_VECTOR && v->type.rank > 0) {
            print_vector(it, v->t->data, dt, v->type.dims, v->type.rank);
        } else if (v->type.kind == IR_T_VECTOR) {
            fputs("( ", it->out); /* vector<f32>: mlir-runner prints one element in parentheses */
            print_scalar(it, it_load_elem(v->t->data, dt), dt);
            fputs(" )", it->out);
        } else {
            print_scalar(it, v->s, dt);
        }
    }
    const char *p = op->u.vprint.punct;
    if (!p && op->u.vprint.str && !op->nopnds) return; /* `str` prints no newline */
    if (!p || !strcmp(p, "newline"))
        fputc('\n', it->out);
    else if (!strcmp(p, "comma"))
        fputs(", ", it->out);
    else if (!strcmp(p, "open"))
        fputs("( ", it->out);
    else if (!strcmp(p, "close"))
        fputs(" )", it->out);
}

void it_exec_constant(interp *it, it_frame *f, const ir_op *op) {
    const ir_attr *a = op->u.value;
    if (a->kind != IR_A_ELEMENTS) {
        it_eval_scalar(it, f, op);
        return;
    }
    const ir_elements *e = a->u.elems;
    interp_value r = it_new_result(it, f, op, 0);
    int nb = ir_dtype_bytes((ir_dtype)e->type.dtype);
    int64_t n = ir_type_numel(e->type);
    if (e->splat)
        for (int64_t i = 0; i < n; i++) memcpy(r.t->data + i * nb, e->data, (size_t)nb);
    else
        memcpy(r.t->data, e->data, (size_t)(n * nb));
}
