/* exec.c - the program executor (see exec.h): the copy of the function, its
 * kernels, storage and arena, the step list, the interpreter fallback and
 * the run loop. Backends plug in through ex_backend. */
#include "exec.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/interrupt.h"
#include "base/threads.h"
#include "passes/passes.h"

typedef struct storage {
    uint8_t kind;          /* ex_storage */
    bool splat;            /* EX_CONST: one element, read with stride 0 */
    uint32_t index;        /* EX_ARG, EX_RESULT: position; EX_ALIAS: source value id */
    int64_t offset;        /* EX_ARENA */
    const uint8_t *cdata;  /* EX_CONST */
} storage;

/* What runs, in program order: a kernel (op == NULL) or a lone op the
 * interpreter runs (scalars, prints, asserts, reads of a result). */
typedef struct step {
    uint32_t kernel;
    ir_op *op;
} step;

struct ex_program {
    sp_ctx *ctx;
    ir_module *m; /* the copy */
    ir_op *func;
    interp *it;
    ex_backend *b;
    ex_opts o;
    kn_program prog;
    uint32_t n; /* values */
    storage *st;
    const ir_value ***captures; /* by kernel: tensors its ops' bodies read from the function's body */
    uint32_t *ncaptures;
    bool *engine;        /* by kernel: the backend lowered it */
    bool *paired;        /* by kernel: it runs with the next one, at that one's turn (ex_backend.pairs) */
    const char **why;    /* by kernel: why not (arena strings) */
    double *seconds;     /* by kernel: wall time in the last run */
    double *samples;     /* [EX_MAX_SAMPLES][kernel]: the last runs' times (time_kernels) */
    uint32_t nruns;      /* runs so far */
    plan_buf *bufs;
    uint32_t *buf_value; /* value id held by each buffer */
    uint32_t nbufs;
    int64_t arena_bytes;
    uint8_t *arena;      /* allocated by the first run, kept */
    interp_value *vals;  /* scalars (and interpreted kernels' values) by id */
    step *steps;
    uint32_t nsteps;
    uint32_t *bound;     /* value ids bound for the current step, to release after it */
    uint32_t nbound;
    ex_stats stats;
    const interp_value *args;
    interp_value *results;
    int threads_ok; /* the largest team known to start (ex_reserve_threads) */
};

/* ----------------------------------------------------------- storage */

uint32_t ex_value_root(const ex_program *x, uint32_t id) {
    while (x->st[id].kind == EX_ALIAS) id = x->st[id].index;
    return id;
}

ex_storage ex_value_storage(const ex_program *x, uint32_t id) { return (ex_storage)x->st[ex_value_root(x, id)].kind; }
uint32_t ex_value_index(const ex_program *x, uint32_t id) { return x->st[ex_value_root(x, id)].index; }

const uint8_t *ex_value_splat(const ex_program *x, uint32_t id) {
    const storage *s = &x->st[ex_value_root(x, id)];
    return s->kind == EX_CONST && s->splat ? s->cdata : NULL;
}

const uint8_t *ex_value_const(const ex_program *x, uint32_t id) {
    const storage *s = &x->st[ex_value_root(x, id)];
    return s->kind == EX_CONST && !s->splat ? s->cdata : NULL;
}

uint8_t *ex_value_ptr(const ex_program *x, uint32_t id) {
    const storage *s = &x->st[ex_value_root(x, id)];
    switch ((ex_storage)s->kind) {
    case EX_ARG: return interp_data(&x->args[s->index]);
    case EX_CONST: return (uint8_t *)s->cdata;
    case EX_ARENA: return x->arena ? x->arena + s->offset : NULL; /* none: every intermediate is empty */
    case EX_RESULT: return interp_data(&x->results[s->index]);
    default: return NULL;
    }
}

interp_scalar ex_scalar(const ex_program *x, uint32_t id) { return x->vals[id].s; }

void ex_reserve_threads(ex_program *x, uint32_t i, int n) {
    if (n <= x->threads_ok) return;
    int started, err;
    if (!sp_threads_startable(x->ctx, n, &started, &err)) {
        const kernel *k = &x->prog.k[i];
        sp_throw(x->ctx, SP_EINPUT, k->root->loc,
                 "kernel k%u runs on %d threads and the system started only %d (%s): ask for fewer threads", i, n,
                 started, strerror(err));
    }
    x->threads_ok = n;
}

/* Arguments, constants, views and empties: what lowering may look at. */
static void classify(ex_program *x) {
    ir_block *body = x->func->regions[0];
    for (uint32_t i = 0; i < body->nargs; i++) {
        x->st[body->args[i].id].kind = EX_ARG;
        x->st[body->args[i].id].index = i;
    }
    for (ir_op *op = body->first; op; op = op->next) {
        storage *s = op->nres ? &x->st[op->res[0].id] : NULL;
        if (op->kind == IR_OP_CONSTANT && op->u.value->kind == IR_A_ELEMENTS) {
            const ir_elements *e = op->u.value->u.elems;
            s->kind = EX_CONST;
            s->cdata = e->data;
            s->splat = e->splat;
            x->stats.constant_bytes += e->splat ? ir_dtype_bytes((ir_dtype)e->type.dtype) : ir_type_bytes(e->type);
        } else if (op->kind == IR_OP_EXPAND_SHAPE || op->kind == IR_OP_COLLAPSE_SHAPE) {
            s->kind = EX_ALIAS;
            s->index = op->opnds[0]->id;
        } else if (op->kind == IR_OP_EMPTY) {
            s->kind = EX_EMPTY;
        }
    }
}

/* A top-level op outside every kernel that the interpreter runs on its own
 * step, in program order: scalar ops, prints and the reads for them, asserts. */
static bool is_side_op(const ir_op *op) {
    return op->kind == IR_OP_VPRINT || op->kind == IR_OP_TRANSFER_READ || op->kind == IR_OP_ASSERT ||
           (op->nres == 1 && op->res[0].type.kind == IR_T_SCALAR);
}

/* By value id: the value is a result of an op some kernel holds. */
static bool *kernel_members(ex_program *x) {
    bool *member = sp_arena_array(&x->m->arena, x->n ? x->n : 1, sizeof *member);
    for (uint32_t i = 0; i < x->prog.nk; i++)
        for (uint32_t j = 0; j < x->prog.k[i].nops; j++) {
            ir_op *kop = x->prog.k[i].ops[j];
            for (uint32_t r = 0; r < kop->nres; r++) member[kop->res[r].id] = true;
        }
    return member;
}

/* Tensors the bodies of kernel ki's ops read from the function's body
 * (torch's gathers: a tensor.extract inside a linalg.generic reading a
 * function argument or another kernel's result). The kernel reads them
 * as much as its operands: they are bound for the interpreter and live
 * until it has run. */
static void note_captured(ex_program *x, uint32_t ki, const ir_block *b, uint32_t *cap) {
    const ir_block *top = x->func->regions[0];
    for (const ir_op *op = b->first; op; op = op->next) {
        for (uint32_t i = 0; i < op->nopnds; i++) {
            const ir_value *v = op->opnds[i];
            if (v->type.kind != IR_T_TENSOR || !(v->def ? v->def->parent == top : v->owner == top)) continue;
            bool seen = false;
            for (uint32_t q = 0; q < x->ncaptures[ki] && !seen; q++) seen = x->captures[ki][q] == v;
            if (seen) continue;
            if (x->ncaptures[ki] == *cap) {
                *cap = *cap ? *cap * 2 : 4;
                const ir_value **nv = sp_arena_array(&x->m->arena, *cap, sizeof *nv);
                if (x->ncaptures[ki]) memcpy(nv, x->captures[ki], x->ncaptures[ki] * sizeof *nv);
                x->captures[ki] = nv;
            }
            x->captures[ki][x->ncaptures[ki]++] = v;
        }
        for (uint32_t r = 0; r < op->nregions; r++) note_captured(x, ki, op->regions[r], cap);
    }
}

static void find_captures(ex_program *x) {
    uint32_t nk = x->prog.nk ? x->prog.nk : 1;
    x->captures = sp_arena_array(&x->m->arena, nk, sizeof *x->captures);
    x->ncaptures = sp_arena_array(&x->m->arena, nk, sizeof *x->ncaptures);
    for (uint32_t i = 0; i < x->prog.nk; i++) {
        uint32_t cap = 0;
        const kernel *k = &x->prog.k[i];
        for (uint32_t o = 0; o < k->nops; o++)
            for (uint32_t r = 0; r < k->ops[o]->nregions; r++) note_captured(x, i, k->ops[o]->regions[r], &cap);
    }
}

/* A side op's tensor operands (a tensor.extract, a vector.transfer_read)
 * are read between the kernel steps around it: they live until the next
 * kernel step, so neither a kernel before it (in place) nor one after it
 * writes over them first. */
static void side_reads(ex_program *x, const bool *member, uint32_t *last) {
    const kn_program *p = &x->prog;
    uint32_t done = 0; /* kernel steps before the op */
    for (ir_op *op = x->func->regions[0]->first; op; op = op->next) {
        uint32_t ki = op->nres ? p->producer[op->res[0].id] : KN_NONE;
        if (ki != KN_NONE && p->k[ki].last == op) {
            done++;
            continue;
        }
        if ((op->nres && member[op->res[0].id]) || !is_side_op(op)) continue;
        for (uint32_t j = 0; j < op->nopnds; j++) {
            uint32_t id = ex_value_root(x, op->opnds[j]->id);
            if (op->opnds[j]->type.kind == IR_T_TENSOR && last[id] < done) last[id] = done;
        }
    }
}

/* Whether kernel i+1's step follows kernel i's with no side op between
 * (build_steps' order), so that the two may run at i+1's turn. */
static bool steps_adjacent(ex_program *x, const bool *member, uint32_t i) {
    const kn_program *p = &x->prog;
    for (const ir_op *op = p->k[i].last->next; op && op != p->k[i + 1].last; op = op->next) {
        const uint32_t ki = op->nres ? p->producer[op->res[0].id] : KN_NONE;
        if (ki != KN_NONE && p->k[ki].last == op) return false;
        if (!(op->nres && member[op->res[0].id]) && is_side_op(op)) return false;
    }
    return true;
}

/* Results a kernel writes in place, and the arena for every other tensor a
 * kernel writes: lifetime in kernel steps, from its producer to its last
 * reader (a kernel, or a side op between kernels). */
static void plan_storage(ex_program *x) {
    ir_block *body = x->func->regions[0];
    kn_program *p = &x->prog;
    const ir_op *ret = body->last;
    /* a returned view's source is written into the result as well: the
     * view has its bytes (and the source must outlive every step) */
    for (uint32_t r = 0; r < ret->nopnds; r++) {
        uint32_t id = ex_value_root(x, ret->opnds[r]->id);
        const ir_value *v = ret->opnds[r];
        if (v->type.kind != IR_T_TENSOR || p->producer[id] == KN_NONE || x->st[id].kind != EX_NONE) continue;
        x->st[id].kind = EX_RESULT;
        x->st[id].index = r;
    }
    uint32_t *last = sp_arena_array(&x->m->arena, x->n ? x->n : 1, sizeof *last);
    /* a kernel paired with the next one reads its inputs until that one is done */
    for (uint32_t i = 0; i < p->nk; i++)
        for (uint32_t j = 0; j < p->k[i].ninputs; j++) last[ex_value_root(x, p->k[i].inputs[j].value->id)] = i + x->paired[i];
    /* top-level operands of interpreted ops count too (e.g. KN_OP inits),
     * and tensors their bodies read */
    for (uint32_t i = 0; i < p->nk; i++) {
        const uint32_t at = i + x->paired[i];
        for (uint32_t o = 0; o < p->k[i].nops; o++)
            for (uint32_t j = 0; j < p->k[i].ops[o]->nopnds; j++) {
                uint32_t id = p->k[i].ops[o]->opnds[j]->id;
                if (id < x->n && last[ex_value_root(x, id)] < at) last[ex_value_root(x, id)] = at;
            }
        for (uint32_t c = 0; c < x->ncaptures[i]; c++) {
            uint32_t id = x->captures[i][c]->id;
            if (id < x->n && last[ex_value_root(x, id)] < at) last[ex_value_root(x, id)] = at;
        }
    }
    side_reads(x, kernel_members(x), last);
    uint32_t nwrites = 0; /* values the kernels write: each one's out, and extras */
    for (uint32_t i = 0; i < p->nk; i++) nwrites += 1 + p->k[i].nextra;
    x->bufs = sp_arena_array(&x->m->arena, nwrites ? nwrites : 1, sizeof *x->bufs);
    x->buf_value = sp_arena_array(&x->m->arena, nwrites ? nwrites : 1, sizeof *x->buf_value);
    int32_t *buf_of_value = sp_arena_array(&x->m->arena, x->n ? x->n : 1, sizeof *buf_of_value);
    for (uint32_t i = 0; i < x->n; i++) buf_of_value[i] = -1;
    for (uint32_t i = 0; i < p->nk; i++) {
        for (uint32_t e = 0; e <= p->k[i].nextra; e++) {
            const ir_value *v = e ? p->k[i].extra[e - 1] : p->k[i].out;
            if (x->st[v->id].kind != EX_NONE) continue;
            plan_buf *b = &x->bufs[x->nbufs];
            b->size = ir_type_bytes(v->type);
            b->align = 64;
            b->lo = i;
            b->hi = (last[v->id] > i ? last[v->id] : i) + 1;
            b->inplace = -1;
            /* the output may take an input's bytes where that input dies, when
             * the kernel reads and writes both at the same element */
            if (!e && x->engine[i] && x->b->elementwise && x->b->elementwise(x->b, x, i))
                for (uint32_t j = 0; j < p->k[i].ninputs; j++) {
                    const kn_input *in = &p->k[i].inputs[j];
                    int32_t src = buf_of_value[in->value->id];
                    if (src < 0 || x->bufs[src].hi != (int64_t)i + 1 || x->bufs[src].size != b->size) continue;
                    if (!in->map || !ir_amap_eq(in->map, p->k[i].out_map) || !ir_type_eq(in->value->type, v->type)) continue;
                    bool taken = false;
                    for (uint32_t q = 0; q < x->nbufs; q++) taken |= x->bufs[q].inplace == src;
                    if (taken) continue;
                    b->inplace = src;
                    break;
                }
            x->st[v->id].kind = EX_ARENA;
            x->buf_value[x->nbufs] = v->id;
            buf_of_value[v->id] = (int32_t)x->nbufs;
            x->nbufs++;
        }
    }
    if (x->nbufs) {
        plan_opts po = {.work_limit = 50000, .time_limit_s = 5}; /* counted work: the same arena on any machine */
        plan_result pr;
        if (plan_solve(x->ctx, x->bufs, x->nbufs, &po, &pr) != SP_OK) sp_rethrow(x->ctx);
        x->arena_bytes = pr.footprint;
        x->stats.arena_peak_live = pr.peak_live;
        for (uint32_t i = 0; i < x->nbufs; i++) x->st[x->buf_value[i]].offset = x->bufs[i].offset;
    }
    x->stats.arena_bytes = x->arena_bytes;
}

/* ------------------------------------------------ interpreter fallback */

static void bind(ex_program *x, const ir_value *v);

/* A value an interpreted step reads: borrowed storage, fresh zeros for an
 * empty tensor, a splat constant expanded (counted: the interpreter wants
 * every element), or a fill absorbed elsewhere as a scalar init, computed. */
static void bind_input(ex_program *x, const ir_value *v) {
    interp_value *slot = &x->vals[v->id];
    if (v->type.kind != IR_T_TENSOR || slot->t) return;
    if (ir_type_numel(v->type) == 0) { /* no elements: nothing to read, maybe no storage */
        *slot = interp_tensor_new(x->it, v->type);
        return;
    }
    uint32_t root = ex_value_root(x, v->id);
    const storage *s = &x->st[root];
    if (s->kind == EX_NONE && v->def && v->def->kind == IR_OP_LINALG) {
        /* a fill absorbed as a scalar, or a transpose folded into a pad
         * folded into its reader (kn_fold_pads): its tensors are bound for
         * this step only */
        ir_op *d = v->def;
        for (uint32_t j = 0; j < d->nopnds; j++) bind(x, d->opnds[j]);
        interp_run_ops(x->it, x->vals, x->n, &d, 1);
        return;
    }
    if (s->kind == EX_NONE && v->def && v->def->kind == IR_OP_PAD) {
        /* a pad folded into the kernel reading it (kn_fold_pads): computed
         * here when that kernel runs on the interpreter after all */
        ir_op *d = v->def;
        for (uint32_t j = 0; j < d->nopnds; j++) bind(x, d->opnds[j]);
        interp_run_ops(x->it, x->vals, x->n, &d, 1);
        return;
    }
    if (s->kind == EX_NONE)
        sp_throw(x->ctx, SP_EINTERNAL, v->def ? v->def->loc : (sp_loc){0},
                 "internal error: %%%s is read but no kernel writes it", v->name ? v->name : "?");
    if (s->kind == EX_EMPTY) {
        *slot = interp_tensor_new(x->it, v->type);
        return;
    }
    if (s->kind == EX_CONST && s->splat) {
        *slot = interp_tensor_new(x->it, v->type);
        int nb = ir_dtype_bytes((ir_dtype)v->type.dtype);
        int64_t n = ir_type_numel(v->type);
        for (int64_t i = 0; i < n; i++) memcpy(interp_data(slot) + i * nb, s->cdata, (size_t)nb);
        x->stats.copied_constant_bytes += n * nb;
        return;
    }
    *slot = interp_tensor_borrow(x->it, v->type, ex_value_ptr(x, root));
}

static void bind(ex_program *x, const ir_value *v) {
    if (v->type.kind != IR_T_TENSOR || x->vals[v->id].t) return;
    bind_input(x, v);
    x->bound[x->nbound++] = v->id;
}

static void release_bound(ex_program *x) {
    while (x->nbound) interp_release(x->it, &x->vals[x->bound[--x->nbound]]);
}

static void run_interpreted(ex_program *x, uint32_t ki) {
    kernel *k = &x->prog.k[ki];
    for (uint32_t o = 0; o < k->nops; o++)
        for (uint32_t j = 0; j < k->ops[o]->nopnds; j++) {
            const ir_value *v = k->ops[o]->opnds[j];
            bool internal = false;
            for (uint32_t q = 0; q < o; q++) internal |= v->def == k->ops[q];
            if (!internal) bind(x, v);
        }
    for (uint32_t c = 0; c < x->ncaptures[ki]; c++) bind(x, x->captures[ki][c]);
    interp_run_ops(x->it, x->vals, x->n, k->ops, k->nops);
    for (uint32_t e = 0; e <= k->nextra; e++) {
        const ir_value *v = e ? k->extra[e - 1] : k->out;
        const size_t bytes = (size_t)ir_type_bytes(v->type);
        if (bytes) memcpy(ex_value_ptr(x, v->id), interp_data(&x->vals[v->id]), bytes);
    }
    for (uint32_t o = 0; o < k->nops; o++)
        for (uint32_t j = 0; j < k->ops[o]->nres; j++) interp_release(x->it, &x->vals[k->ops[o]->res[j].id]);
    release_bound(x);
}

static void run_op(ex_program *x, ir_op *op) {
    for (uint32_t j = 0; j < op->nopnds; j++) bind(x, op->opnds[j]);
    interp_run_ops(x->it, x->vals, x->n, &op, 1);
    release_bound(x);
}

/* -------------------------------------------------------------- compile */

/* Control flow around a model (loops, calls) is driver code: refused. */
static bool is_driver_op(const ir_op *op) { return op->kind == IR_OP_FOR || op->kind == IR_OP_CALL; }

static void build_steps(ex_program *x) {
    ir_block *body = x->func->regions[0];
    uint32_t nops = 0;
    for (ir_op *op = body->first; op; op = op->next) nops++;
    x->steps = sp_calloc(x->ctx, nops ? nops : 1, sizeof *x->steps);
    bool *member = kernel_members(x);
    for (ir_op *op = body->first; op; op = op->next) {
        uint32_t ki = op->nres ? x->prog.producer[op->res[0].id] : KN_NONE;
        if (ki != KN_NONE && x->prog.k[ki].last == op) {
            x->steps[x->nsteps].kernel = ki;
            x->steps[x->nsteps++].op = NULL;
            continue;
        }
        if (op->nres && member[op->res[0].id]) continue;
        bool side = is_side_op(op);
        if (side && op->kind == IR_OP_CONSTANT) { /* a scalar constant: its value is set once, here */
            run_op(x, op);
        } else if (side) {
            x->steps[x->nsteps].kernel = KN_NONE;
            x->steps[x->nsteps++].op = op;
        }
    }
}

/* Whether kernel k has a result of no elements or a loop of no
 * iterations (a dimension of size 0), and which, in why. */
static bool empty_loop(const kernel *k, char *why, size_t nwhy) {
    for (uint32_t e = 0; e <= k->nextra; e++) {
        const ir_value *v = e ? k->extra[e - 1] : k->out;
        if (v->type.kind == IR_T_TENSOR && ir_type_numel(v->type) == 0) {
            snprintf(why, nwhy, "its result has no elements");
            return true;
        }
    }
    for (uint32_t d = 0; d < k->ndims; d++)
        if (k->bounds[d] == 0) {
            snprintf(why, nwhy, "its loop d%u has no iterations (a dimension of size 0)", d);
            return true;
        }
    return false;
}

static bool folds_pad(void *ud, const kernel *k, uint32_t input, const kn_input *folded) {
    ex_backend *b = ud;
    return b->folds_pad(b, k, input, folded);
}

static bool accept_rows(void *ud, const kernel *k) {
    ex_backend *b = ud;
    return b->fuse_rows(b, k);
}

void ex_compile(sp_ctx *ctx, const ir_module *m, const ir_op *func, ex_backend *b, const ex_opts *o, interp *it,
                ex_program **out) {
    ex_program *x = sp_try_malloc(ctx, sizeof *x);
    if (!x) {
        b->free(b, ctx);
        sp_throw(ctx, SP_EINPUT, (sp_loc){0}, "out of memory");
    }
    memset(x, 0, sizeof *x);
    *out = x;
    x->ctx = ctx;
    x->b = b;
    x->it = it;
    if (o) x->o = *o;
    for (ir_op *op = func->regions[0]->first; op; op = op->next)
        if (is_driver_op(op))
            sp_throw(ctx, SP_EINPUT, op->loc,
                     "'%s' is driver code; the compiled targets run model functions only (use --target ref, or -e to "
                     "pick the model function)",
                     ir_op_name((ir_opkind)op->kind));
    ir_module_clone(m, &x->m);
    x->func = ir_module_find_func(x->m, func->u.fn.name);
    SP_ASSERT(ctx, x->func && !x->func->u.fn.is_decl);
    pass_canonicalize(x->m);
    if (x->o.bf16_terms) {
        /* after one canonicalisation (a contraction's prologue is an op of
         * its own, so its body is a multiply-accumulate); the second makes
         * each link's tensor init a trailing add */
        pass_split_bf16(x->m, x->func, x->o.bf16_terms, !b->bf16_windows);
        pass_canonicalize(x->m);
    }
    kn_build(x->m, x->func, &x->prog);
    if (b->fuses_attention) kn_fuse_attention(x->m, &x->prog, b->fuses_attention_bf16);
    if (b->fuse_rows) kn_fuse_rows(x->m, &x->prog, accept_rows, b);
    if (b->folds_pad) kn_fold_pads(x->m, &x->prog, folds_pad, b);
    const uint32_t nk = x->prog.nk ? x->prog.nk : 1;
    x->n = x->prog.nvalues;
    x->st = sp_calloc(ctx, x->n ? x->n : 1, sizeof *x->st);
    x->vals = sp_calloc(ctx, x->n ? x->n : 1, sizeof *x->vals);
    x->bound = sp_calloc(ctx, x->n ? x->n : 1, sizeof *x->bound);
    x->engine = sp_calloc(ctx, nk, sizeof *x->engine);
    x->paired = sp_calloc(ctx, nk, sizeof *x->paired);
    x->why = sp_calloc(ctx, nk, sizeof *x->why);
    x->seconds = sp_calloc(ctx, nk, sizeof *x->seconds);
    if (x->o.time_kernels) x->samples = sp_calloc(ctx, sp_size_mul(ctx, EX_MAX_SAMPLES, nk), sizeof *x->samples);
    classify(x);
    find_captures(x);
    if (b->start) b->start(b, x);
    for (uint32_t i = 0; i < x->prog.nk; i++) {
        char why[256] = "";
        /* what no engine takes: a kernel writing several results, or one
         * whose body reads a tensor (a gather) unless it is a loop kernel of
         * a backend that gathers; the reference path runs it */
        if (x->prog.k[i].nextra) {
            snprintf(why, sizeof why, "it writes %u results", x->prog.k[i].nextra + 1);
            x->why[i] = sp_arena_strdup(&x->m->arena, why);
            continue;
        }
        if (x->ncaptures[i] && !(b->gathers && x->prog.k[i].kind == KN_LOOP)) {
            const ir_value *c = x->captures[i][0];
            if (c->name)
                snprintf(why, sizeof why, "its body reads the tensor %%%s", c->name);
            else /* as the plan names an unnamed value */
                snprintf(why, sizeof why, "its body reads the tensor %%v%u", c->id);
            x->why[i] = sp_arena_strdup(&x->m->arena, why);
            continue;
        }
        /* a loop of no iterations: nothing to compute, or a result that is
         * its init and epilogue only; no engine is written for either, so
         * the reference path runs it (and says so) */
        if (empty_loop(&x->prog.k[i], why, sizeof why)) {
            x->why[i] = sp_arena_strdup(&x->m->arena, why);
            continue;
        }
        x->engine[i] = b->lower(b, x, i, why, sizeof why);
        if (!x->engine[i]) x->why[i] = sp_arena_strdup(&x->m->arena, why[0] ? why : "not lowered");
        x->stats.nengine += x->engine[i];
    }
    x->stats.nkernels = x->prog.nk;
    if (b->pairs && x->prog.nk > 1) {
        const bool *member = kernel_members(x);
        for (uint32_t i = 0; i + 1 < x->prog.nk; i++)
            if (x->engine[i] && x->engine[i + 1] && !x->paired[i] && (i == 0 || !x->paired[i - 1]) &&
                steps_adjacent(x, member, i))
                x->paired[i] = b->pairs(b, x, i);
    }
    plan_storage(x);
    build_steps(x);
    if (b->prepare)
        for (uint32_t i = 0; i < x->prog.nk; i++)
            if (x->engine[i]) b->prepare(b, x, i);
}

void ex_bind(ex_program *x, uint32_t arg, const void *data) {
    if (x->b->bind) x->b->bind(x->b, x, arg, data);
}

/* ------------------------------------------------------------------ run */

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Results no kernel wrote in place: arguments, constants, views, empties,
 * scalars, a value returned twice. */
static void copy_results(ex_program *x) {
    const ir_op *ret = x->func->regions[0]->last;
    interp_value *results = x->results;
    for (uint32_t r = 0; r < ret->nopnds; r++) {
        const ir_value *v = ret->opnds[r];
        if (v->type.kind == IR_T_SCALAR) {
            results[r].s = x->vals[v->id].s;
            continue;
        }
        const storage *rs = &x->st[ex_value_root(x, v->id)];
        if (rs->kind == EX_RESULT && rs->index == r) continue; /* written in place */
        uint8_t *dst = interp_data(&results[r]);
        size_t bytes = (size_t)ir_type_bytes(v->type);
        if (!bytes) continue; /* no elements: nothing to copy, maybe no storage */
        if (rs->kind == EX_NONE) /* a value no kernel writes: never zeros in silence */
            sp_throw(x->ctx, SP_EINTERNAL, v->def ? v->def->loc : (sp_loc){0},
                     "internal error: result %u (%%%s) has no storage", r, v->name ? v->name : "?");
        if (rs->kind == EX_EMPTY) {
            memset(dst, 0, bytes);
        } else if (rs->kind == EX_CONST && rs->splat) {
            int nb = ir_dtype_bytes((ir_dtype)v->type.dtype);
            for (size_t i = 0; i < bytes; i += (size_t)nb) memcpy(dst + i, rs->cdata, (size_t)nb);
        } else {
            memcpy(dst, ex_value_ptr(x, v->id), bytes);
        }
    }
}

void ex_run(ex_program *x, const interp_value *args, interp_value *results) {
    const ir_func_info *fn = &x->func->u.fn;
    ir_block *body = x->func->regions[0];
    x->args = args;
    x->results = results;
    for (uint32_t r = 0; r < fn->nres; r++) {
        if (results[r].t && fn->res_types[r].kind == IR_T_TENSOR) continue; /* the caller's (borrowed) buffer */
        results[r].type = fn->res_types[r];
        results[r].t = NULL;
        if (fn->res_types[r].kind == IR_T_TENSOR) results[r] = interp_tensor_new(x->it, fn->res_types[r]);
    }
    for (uint32_t i = 0; i < body->nargs; i++)
        if (body->args[i].type.kind == IR_T_SCALAR) x->vals[body->args[i].id] = args[i];
    /* the arena is allocated by the first run and kept for the next ones */
    if (x->arena_bytes && !x->arena) x->arena = sp_try_malloc(x->ctx, (size_t)x->arena_bytes);
    if (x->arena_bytes && !x->arena)
        sp_throw(x->ctx, SP_EINPUT, (sp_loc){0}, "out of memory: the arena needs %lld bytes", (long long)x->arena_bytes);
    bool interpreted = false; /* a step ran the interpreter, which may leave values */
    for (uint32_t s = 0; s < x->nsteps; s++) {
        sp_interrupt_poll(x->ctx); /* Ctrl-C, when the caller asked (base/interrupt.h) */
        if (x->steps[s].op) {
            run_op(x, x->steps[s].op);
            interpreted = true;
            continue;
        }
        uint32_t i = x->steps[s].kernel;
        double t0 = x->o.time_kernels ? now_s() : 0;
        if (x->engine[i]) {
            x->b->run(x->b, x, i);
        } else {
            run_interpreted(x, i);
            interpreted = true;
        }
        if (x->o.time_kernels) {
            x->seconds[i] = now_s() - t0;
            x->samples[(size_t)(x->nruns % EX_MAX_SAMPLES) * x->prog.nk + i] = x->seconds[i];
        }
        if (x->b->kernel_done) x->b->kernel_done(x->b, x, i);
    }
    copy_results(x);
    x->nruns++;
    /* values the interpreted steps left (vectors read for printing) */
    if (interpreted)
        for (uint32_t i = 0; i < x->n; i++)
            if (x->vals[i].t) interp_release(x->it, &x->vals[i]);
}

void ex_free(ex_program *x) {
    if (!x) return;
    sp_ctx *ctx = x->ctx;
    if (x->b) x->b->free(x->b, ctx);
    if (x->vals && x->it)
        for (uint32_t i = 0; i < x->n; i++) interp_release(x->it, &x->vals[i]);
    sp_free(ctx, x->arena);
    sp_free(ctx, x->st);
    sp_free(ctx, x->vals);
    sp_free(ctx, x->bound);
    sp_free(ctx, x->engine);
    sp_free(ctx, x->paired);
    sp_free(ctx, x->why);
    sp_free(ctx, x->seconds);
    sp_free(ctx, x->samples);
    sp_free(ctx, x->steps);
    ir_module_free(x->m);
    sp_free(ctx, x);
}

/* ---------------------------------------------------------- accessors */

sp_ctx *ex_ctx(const ex_program *x) { return x->ctx; }
ir_module *ex_module(const ex_program *x) { return x->m; }
const kn_program *ex_kernels(const ex_program *x) { return &x->prog; }
ir_op *ex_func(const ex_program *x) { return x->func; }
ex_backend *ex_get_backend(const ex_program *x) { return x->b; }
ex_stats ex_get_stats(const ex_program *x) { return x->stats; }
const char *ex_precision(const ex_program *x) {
    return x->o.bf16_terms == 2 ? "bf16x3" : x->o.bf16_terms == 3 ? "bf16x6" : "f32";
}
const char *ex_precision_note(const ex_program *x) {
    return x->o.bf16_terms == 2   ? "; f32 contractions as bf16x3 (two bf16 terms an operand, three products)"
           : x->o.bf16_terms == 3 ? "; f32 contractions as bf16x6 (three bf16 terms an operand, six products)"
                                  : "";
}
bool ex_kernel_engine(const ex_program *x, uint32_t i) { return i < x->prog.nk && x->engine[i]; }
const char *ex_kernel_why(const ex_program *x, uint32_t i) { return i < x->prog.nk ? x->why[i] : NULL; }
double ex_kernel_seconds(const ex_program *x, uint32_t i) { return i < x->prog.nk ? x->seconds[i] : 0; }

bool ex_kernel_paired(const ex_program *x, uint32_t i) { return i < x->prog.nk && x->paired[i]; }

static int cmp_double(const void *a, const void *b) {
    double p = *(const double *)a, q = *(const double *)b;
    return p < q ? -1 : p > q;
}

double ex_kernel_median_seconds(const ex_program *x, uint32_t i, uint32_t *nruns) {
    uint32_t n = x->nruns < EX_MAX_SAMPLES ? x->nruns : EX_MAX_SAMPLES;
    if (nruns) *nruns = x->samples ? n : 0;
    if (!x->samples || !n || i >= x->prog.nk) return 0;
    double t[EX_MAX_SAMPLES];
    for (uint32_t r = 0; r < n; r++) t[r] = x->samples[(size_t)r * x->prog.nk + i];
    qsort(t, n, sizeof *t, cmp_double);
    return t[n / 2];
}

ex_opts ex_get_opts(const ex_program *x) { return x->o; }

uint32_t ex_arena(const ex_program *x, const plan_buf **bufs, const uint32_t **values) {
    *bufs = x->bufs;
    *values = x->buf_value;
    return x->nbufs;
}

const char *ex_value_name(const ex_program *x, uint32_t id, char *buf, size_t n) {
    const ir_value *v = NULL;
    /* kernel inputs, outputs and inits, or function arguments */
    for (uint32_t i = 0; i < x->prog.nk && !v; i++) {
        const kernel *k = &x->prog.k[i];
        if (k->out->id == id) v = k->out;
        for (uint32_t j = 0; j < k->ninputs && !v; j++)
            if (k->inputs[j].value->id == id) v = k->inputs[j].value;
        if (k->init_scalar && k->init_scalar->id == id) v = k->init_scalar;
    }
    const ir_block *body = x->func->regions[0];
    for (uint32_t i = 0; i < body->nargs && !v; i++)
        if (body->args[i].id == id) v = &body->args[i];
    if (v && v->name)
        snprintf(buf, n, "%%%s", v->name);
    else
        snprintf(buf, n, "%%v%u", id);
    return buf;
}
