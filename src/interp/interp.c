/* interp.c - the reference interpreter (see interp.h): its state, tensors,
 * the liveness of each block's values, and the walk over blocks that runs
 * each op (interp_int.h lists the parts that run them). */
#include "interp_scalar.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/fp16.h"
#include "base/interrupt.h"

/* Which values die after each op of a block (computed once per block). */
struct it_block_info {
    const ir_block *block;
    uint32_t nops;
    const ir_op **ops;
    uint32_t *start; /* nops + 2: releases after op i are ids[start[i+1]..start[i+2]);
                        [start[0], start[1]) die unused at block entry */
    uint32_t *ids;
};

#define MAX_CALL_DEPTH 256

void it_fail(interp *it, const ir_op *op, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    sp_vthrow(it->ctx, SP_EINPUT, op ? op->loc : (sp_loc){0}, fmt, ap);
}

/* ----------------------------------------------------------- tensors */

static size_t default_limit(void) {
    const char *env = getenv("SPADC_MEMORY_LIMIT");
    if (env && *env) return (size_t)strtoull(env, NULL, 10);
    long pages = sysconf(_SC_PHYS_PAGES), psz = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || psz <= 0) return (size_t)1 << 34;
    return (size_t)pages / 4 * 3 * (size_t)psz;
}

size_t interp_memory_limit(const interp *it) { return it->limit_bytes; }

interp_tensor *it_tensor_alloc(interp *it, const ir_op *op, ir_type t) {
    size_t bytes = (size_t)ir_type_bytes(t);
    if (bytes > it->limit_bytes || it->live_bytes > it->limit_bytes - bytes)
        it_fail(it, op,
             "out of memory: this tensor needs %zu bytes and %zu are already live; the limit is %zu bytes "
             "(set SPADC_MEMORY_LIMIT to change it)",
             bytes, it->live_bytes, it->limit_bytes);
    interp_tensor *x = sp_try_malloc(it->ctx, sizeof *x);
    if (!x) it_fail(it, op, "out of memory");
    /* zeroed (a tensor.empty reads as zeros), its untouched pages costing nothing */
    x->data = sp_try_pages(it->ctx, bytes ? bytes : 1);
    if (!x->data) {
        sp_free(it->ctx, x);
        it_fail(it, op, "out of memory: cannot allocate %zu bytes for a tensor", bytes);
    }
    x->bytes = bytes;
    x->refs = 1;
    x->borrowed = false;
    x->prev = NULL;
    x->next = it->live;
    if (it->live) it->live->prev = x;
    it->live = x;
    it->live_bytes += bytes;
    return x;
}

void it_tensor_unref(interp *it, interp_tensor *x) {
    if (!x || --x->refs) return;
    if (x->prev)
        x->prev->next = x->next;
    else
        it->live = x->next;
    if (x->next) x->next->prev = x->prev;
    if (!x->borrowed) {
        it->live_bytes -= x->bytes;
        sp_free_pages(it->ctx, x->data, x->bytes ? x->bytes : 1);
    }
    sp_free(it->ctx, x);
}

interp_value interp_tensor_borrow(interp *it, ir_type t, void *data) {
    interp_tensor *x = sp_malloc(it->ctx, sizeof *x);
    x->data = data;
    x->bytes = (size_t)ir_type_bytes(t);
    x->refs = 1;
    x->borrowed = true;
    x->prev = NULL;
    x->next = it->live;
    if (it->live) it->live->prev = x;
    it->live = x;
    interp_value v = {0};
    v.type = t;
    v.t = x;
    return v;
}

interp_value interp_tensor_new(interp *it, ir_type t) {
    interp_value v = {0};
    v.type = t;
    v.t = it_tensor_alloc(it, NULL, t);
    return v;
}

uint8_t *interp_data(const interp_value *v) { return v->t ? v->t->data : NULL; }

void interp_release(interp *it, interp_value *v) {
    if (v->t) it_tensor_unref(it, v->t);
    v->t = NULL;
}

interp_value it_retain(interp_value v) {
    if (v.t) v.t->refs++;
    return v;
}

interp *interp_new(sp_ctx *ctx, ir_module *m, FILE *out) {
    interp *it = sp_malloc(ctx, sizeof *it);
    memset(it, 0, sizeof *it);
    it->ctx = ctx;
    it->m = m;
    it->out = out;
    it->limit_bytes = default_limit();
    return it;
}

void interp_set_output(interp *it, FILE *out) { it->out = out; }

void interp_free(interp *it) {
    if (!it) return;
    sp_ctx *ctx = it->ctx;
    while (it->live) {
        interp_tensor *x = it->live;
        it->live = x->next;
        if (!x->borrowed) sp_free_pages(ctx, x->data, x->bytes ? x->bytes : 1);
        sp_free(ctx, x);
    }
    while (it->top) {
        it_frame *f = it->top;
        it->top = f->up;
        sp_free(ctx, f->vals);
        sp_free(ctx, f);
    }
    for (uint32_t i = 0; i < it->capinfos; i++)
        if (it->infos[i]) {
            sp_free(ctx, it->infos[i]->ops);
            sp_free(ctx, it->infos[i]->start);
            sp_free(ctx, it->infos[i]->ids);
            sp_free(ctx, it->infos[i]);
        }
    sp_free(ctx, it->infos);
    sp_free(ctx, it);
}

/* ---------------------------------------------------------- liveness */

static void note_uses(const ir_block *b, const ir_op *op, uint32_t idx, uint32_t *last) {
    for (uint32_t i = 0; i < op->nopnds; i++) {
        const ir_value *v = op->opnds[i];
        bool here = v->def ? v->def->parent == b : v->owner == b;
        if (here) last[v->id] = idx;
    }
    for (uint32_t r = 0; r < op->nregions; r++)
        for (const ir_op *o = op->regions[r]->first; o; o = o->next) note_uses(b, o, idx, last);
}

static it_block_info *block_liveness(interp *it, const ir_block *b, uint32_t nvalues) {
    if (it->capinfos) {
        uint32_t mask = it->capinfos - 1;
        for (uint32_t i = ((uintptr_t)b >> 4) & mask;; i = (i + 1) & mask) {
            if (!it->infos[i]) break;
            if (it->infos[i]->block == b) return it->infos[i];
        }
    }
    if ((it->ninfos + 1) * 2 > it->capinfos) {
        uint32_t nc = it->capinfos ? it->capinfos * 2 : 64;
        it_block_info **ni = sp_calloc(it->ctx, nc, sizeof *ni);
        for (uint32_t i = 0; i < it->capinfos; i++)
            if (it->infos[i]) {
                uint32_t j = ((uintptr_t)it->infos[i]->block >> 4) & (nc - 1);
                while (ni[j]) j = (j + 1) & (nc - 1);
                ni[j] = it->infos[i];
            }
        sp_free(it->ctx, it->infos);
        it->infos = ni;
        it->capinfos = nc;
    }
    it_block_info *bi = sp_calloc(it->ctx, 1, sizeof *bi);
    uint32_t j = ((uintptr_t)b >> 4) & (it->capinfos - 1);
    while (it->infos[j]) j = (j + 1) & (it->capinfos - 1);
    it->infos[j] = bi; /* owned by the table from here on (freed by interp_free) */
    it->ninfos++;
    bi->block = b;
    uint32_t n = 0;
    for (const ir_op *op = b->first; op; op = op->next) n++;
    bi->nops = n;
    bi->ops = sp_calloc(it->ctx, n ? n : 1, sizeof *bi->ops);
    bi->start = sp_calloc(it->ctx, n + 2, sizeof *bi->start);
    /* last use of each value defined in b; UINT32_MAX = never used */
    uint32_t *last = sp_malloc(it->ctx, (nvalues ? nvalues : 1) * sizeof *last);
    memset(last, 0xff, (nvalues ? nvalues : 1) * sizeof *last);
    uint32_t i = 0, ndef = b->nargs;
    for (const ir_op *op = b->first; op; op = op->next, i++) {
        bi->ops[i] = op;
        note_uses(b, op, i, last);
        ndef += op->nres;
    }
    uint32_t *ids = sp_try_malloc(it->ctx, (ndef ? ndef : 1) * sizeof *ids);
    if (!ids) {
        sp_free(it->ctx, last);
        it_fail(it, NULL, "out of memory");
    }
    bi->ids = ids;
    /* bucket by release point: slot 0 = dead at entry (unused args) */
    uint32_t *count = bi->start; /* reuse: counts, then prefix sums */
    for (uint32_t a = 0; a < b->nargs; a++) {
        uint32_t l = last[b->args[a].id];
        count[l == UINT32_MAX ? 0 : l + 1]++;
    }
    for (i = 0; i < n; i++)
        for (uint32_t r = 0; r < bi->ops[i]->nres; r++) {
            uint32_t l = last[bi->ops[i]->res[r].id];
            count[l == UINT32_MAX ? i + 1 : l + 1]++;
        }
    uint32_t acc = 0;
    for (i = 0; i < n + 2; i++) {
        uint32_t c = count[i];
        count[i] = acc;
        acc += c;
    }
    uint32_t *fill = sp_try_malloc(it->ctx, (n + 2) * sizeof *fill);
    if (!fill) {
        sp_free(it->ctx, last);
        it_fail(it, NULL, "out of memory");
    }
    memcpy(fill, bi->start, (n + 2) * sizeof *fill);
    for (uint32_t a = 0; a < b->nargs; a++) {
        uint32_t l = last[b->args[a].id];
        ids[fill[l == UINT32_MAX ? 0 : l + 1]++] = b->args[a].id;
    }
    for (i = 0; i < n; i++)
        for (uint32_t r = 0; r < bi->ops[i]->nres; r++) {
            uint32_t l = last[bi->ops[i]->res[r].id];
            ids[fill[l == UINT32_MAX ? i + 1 : l + 1]++] = bi->ops[i]->res[r].id;
        }
    sp_free(it->ctx, fill);
    sp_free(it->ctx, last);
    /* start[i] .. start[i+1] are the ids released at point i */
    return bi;
}

/* Release the values whose last use is `point` (0: dead on entry; i+1: after
 * op i). */
static void release_range(interp *it, it_frame *f, const it_block_info *bi, uint32_t point) {
    for (uint32_t k = bi->start[point]; k < bi->start[point + 1]; k++) {
        interp_value *v = &f->vals[bi->ids[k]];
        if (v->t) it_tensor_unref(it, v->t);
        v->t = NULL;
    }
}

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ------------------------------------------------------------ blocks */

static void run_block(interp *it, it_frame *f, const ir_block *b, interp_value *yielded);

static void exec_for(interp *it, it_frame *f, const ir_op *op) {
    interp_value *V = f->vals;
    const ir_block *b = op->regions[0];
    int64_t lb = V[op->opnds[0]->id].s.i, ub = V[op->opnds[1]->id].s.i, step = V[op->opnds[2]->id].s.i;
    if (step <= 0) it_fail(it, op, "scf.for step must be positive, found %lld", (long long)step);
    uint32_t n = op->nres;
    interp_value carried[64];
    if (n > SP_ARRAY_LEN(carried)) it_fail(it, op, "too many iter_args");
    for (uint32_t i = 0; i < n; i++) {
        carried[i] = it_retain(V[op->opnds[3 + i]->id]);
        V[op->res[i].id] = carried[i]; /* owned by the frame while looping */
    }
    for (int64_t iv = lb; iv < ub; iv += step) {
        V[b->args[0].id].type = b->args[0].type;
        V[b->args[0].id].s.i = iv;
        V[b->args[0].id].t = NULL;
        for (uint32_t i = 0; i < n; i++) {
            V[b->args[1 + i].id] = V[op->res[i].id]; /* moved into the body */
            V[op->res[i].id].t = NULL;
        }
        interp_value next[64];
        run_block(it, f, b, next);
        for (uint32_t i = 0; i < n; i++) V[op->res[i].id] = next[i];
        if (iv > INT64_MAX - step) break;
    }
}

static void call_func(interp *it, const ir_op *callee, const interp_value *args, interp_value *results, const ir_op *site);

void it_exec_op(interp *it, it_frame *f, const ir_op *op, interp_value *yielded) {
    interp_value *V = f->vals;
    switch ((ir_opkind)op->kind) {
    case IR_OP_CONSTANT: it_exec_constant(it, f, op); return;
    case IR_OP_EMPTY: it_new_result(it, f, op, 0); return;
    case IR_OP_LINALG: it_exec_linalg(it, f, op); return;
    case IR_OP_EXTRACT_SLICE:
    case IR_OP_INSERT_SLICE: it_exec_slice(it, f, op); return;
    case IR_OP_EXPAND_SHAPE:
    case IR_OP_COLLAPSE_SHAPE: {
        interp_value v = it_retain(V[op->opnds[0]->id]); /* same bytes, new shape */
        v.type = op->res[0].type;
        V[op->res[0].id] = v;
        return;
    }
    case IR_OP_INSERT: {
        const interp_value *t = &V[op->opnds[1]->id];
        interp_value r = it_new_result(it, f, op, 0);
        memcpy(r.t->data, t->t->data, r.t->bytes);
        int64_t off = 0;
        for (uint32_t d = 0; d < r.type.rank; d++) {
            int64_t ix = V[op->opnds[2 + d]->id].s.i;
            if (ix < 0 || ix >= r.type.dims[d]) it_fail(it, op, "tensor.insert index out of bounds");
            off = off * r.type.dims[d] + ix;
        }
        it_store_elem(r.t->data + off * ir_dtype_bytes((ir_dtype)r.type.dtype), (ir_dtype)r.type.dtype, V[op->opnds[0]->id].s);
        return;
    }
    case IR_OP_PAD: it_exec_pad(it, f, op); return;
    case IR_OP_FROM_ELEMENTS: it_exec_from_elements(it, f, op); return;
    case IR_OP_CONCAT: it_exec_concat(it, f, op); return;
    case IR_OP_ASSERT: it_exec_assert(it, f, op); return;
    case IR_OP_PACK:
    case IR_OP_UNPACK: it_exec_pack(it, f, op); return;
    case IR_OP_TRANSFER_READ: it_exec_transfer_read(it, f, op); return;
    case IR_OP_VPRINT: it_exec_print(it, f, op); return;
    case IR_OP_FOR: exec_for(it, f, op); return;
    case IR_OP_CALL: {
        ir_op *callee = ir_module_find_func(it->m, op->u.callee);
        if (!callee) it_fail(it, op, "call to undefined function '@%s'", op->u.callee);
        interp_value args[64], res[64];
        if (op->nopnds > 64 || op->nres > 64) it_fail(it, op, "too many call arguments or results");
        for (uint32_t i = 0; i < op->nopnds; i++) args[i] = V[op->opnds[i]->id];
        call_func(it, callee, args, res, op);
        for (uint32_t i = 0; i < op->nres; i++) V[op->res[i].id] = res[i];
        return;
    }
    case IR_OP_RETURN:
    case IR_OP_SCF_YIELD:
        for (uint32_t i = 0; i < op->nopnds; i++) yielded[i] = it_retain(V[op->opnds[i]->id]);
        return;
    default: break;
    }
    for (uint32_t i = 0; i < op->nopnds && op->kind != IR_OP_EXTRACT; i++)
        if (op->opnds[i]->type.kind != IR_T_SCALAR)
            it_fail(it, op, "'%s' on %s operands is not supported by the reference interpreter (use linalg)",
                 ir_op_name((ir_opkind)op->kind), op->opnds[i]->type.kind == IR_T_TENSOR ? "tensor" : "vector");
    if (op->nres == 1 && op->res[0].type.kind != IR_T_SCALAR && op->kind != IR_OP_EXTRACT)
        it_fail(it, op, "'%s' with a %s result is not supported by the reference interpreter", ir_op_name((ir_opkind)op->kind),
             op->res[0].type.kind == IR_T_TENSOR ? "tensor" : "vector");
    it_eval_scalar(it, f, op);
}

static void run_block(interp *it, it_frame *f, const ir_block *b, interp_value *yielded) {
    it_block_info *bi = block_liveness(it, b, f->nvalues);
    release_range(it, f, bi, 0);
    for (uint32_t i = 0; i < bi->nops; i++) {
        const ir_op *op = bi->ops[i];
        sp_interrupt_poll(it->ctx); /* Ctrl-C, when the caller asked (base/interrupt.h) */
        for (uint32_t r = 0; r < op->nres; r++) {
            f->vals[op->res[r].id].type = op->res[r].type;
            f->vals[op->res[r].id].t = NULL;
        }
        it_exec_op(it, f, op, yielded);
        release_range(it, f, bi, i + 1);
    }
}

static void call_func(interp *it, const ir_op *callee, const interp_value *args, interp_value *results, const ir_op *site) {
    const ir_func_info *fn = &callee->u.fn;
    if (fn->is_decl) {
        if (!strcmp(fn->name, "rtclock") && fn->nargs == 0 && fn->nres == 1 && fn->res_types[0].dtype == IR_F64) {
            results[0].type = fn->res_types[0];
            results[0].s.f = now_seconds();
            results[0].t = NULL;
            return;
        }
        it_fail(it, site, "call to external function '@%s', which has no body", fn->name);
    }
    if (it->depth >= MAX_CALL_DEPTH) it_fail(it, site, "call depth exceeds %d (recursion?)", MAX_CALL_DEPTH);
    ir_func_number((ir_op *)callee);
    it_frame *fr = sp_malloc(it->ctx, sizeof *fr);
    fr->vals = NULL;
    fr->nvalues = fn->nvalues;
    fr->up = it->top;
    it->top = fr; /* reachable for cleanup before anything else can fail */
    fr->vals = sp_calloc(it->ctx, fn->nvalues ? fn->nvalues : 1, sizeof *fr->vals);
    it->depth++;
    const ir_block *b = callee->regions[0];
    for (uint32_t i = 0; i < fn->nargs; i++) {
        fr->vals[b->args[i].id] = it_retain(args[i]);
        fr->vals[b->args[i].id].type = fn->arg_types[i];
    }
    run_block(it, fr, b, results);
    it->depth--;
    /* everything left in the frame dies with it */
    for (uint32_t i = 0; i < fr->nvalues; i++)
        if (fr->vals[i].t) it_tensor_unref(it, fr->vals[i].t);
    it->top = fr->up;
    sp_free(it->ctx, fr->vals);
    sp_free(it->ctx, fr);
}

void interp_run_ops(interp *it, interp_value *vals, uint32_t nvalues, ir_op *const *ops, uint32_t n) {
    it_frame *fr = sp_malloc(it->ctx, sizeof *fr);
    fr->vals = NULL; /* the caller's array: not freed with the frame */
    fr->nvalues = nvalues;
    fr->up = it->top;
    it->top = fr;
    for (uint32_t i = 0; i < n; i++) {
        for (uint32_t r = 0; r < ops[i]->nres; r++) {
            vals[ops[i]->res[r].id].type = ops[i]->res[r].type;
            vals[ops[i]->res[r].id].t = NULL;
        }
        it_frame view = {NULL, vals, nvalues};
        it_exec_op(it, &view, ops[i], NULL);
    }
    it->top = fr->up;
    sp_free(it->ctx, fr);
}

void interp_call(interp *it, ir_op *func, const interp_value *args, interp_value *results) {
    call_func(it, func, args, results, func);
}

