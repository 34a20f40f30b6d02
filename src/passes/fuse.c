/* fuse.c - grouping ops into kernels (kernel.h) and the `fuse` pass that
 * records the grouping on the IR. */
#include <stdio.h>
#include <string.h>

#include "ir/rewrite.h"
#include "ir/verify.h"
#include "kernel.h"
#include "passes.h"

const char *kn_kind_name(kn_kind k) {
    switch (k) {
    case KN_CONTRACTION: return "contraction";
    case KN_LOOP: return "loop";
    case KN_ATTENTION: return "attention";
    case KN_ROWS: return "rows";
    default: return "op";
    }
}

const ir_value *kn_unview(const ir_value *v) {
    while (v->def && (v->def->kind == IR_OP_EXPAND_SHAPE || v->def->kind == IR_OP_COLLAPSE_SHAPE)) v = v->def->opnds[0];
    return v;
}

double kn_flops(const kernel *k) {
    if (k->kind == KN_CONTRACTION) return 2.0 * (double)k->b * (double)k->m * (double)k->n * (double)k->k;
    if (k->kind == KN_ATTENTION) return kn_flops(&k->att->qk) + kn_flops(&k->att->pv);
    return 0;
}

/* ------------------------------------------------------------- users */

typedef struct user_list {
    uint32_t *start; /* nvalues + 1 */
    ir_op **ops;     /* top-level users (ops in the function's body) */
    bool *captured;  /* by value id: also used inside some op's region */
} user_list;

static void note_captures(const ir_block *b, bool *captured, uint32_t n) {
    for (const ir_op *op = b->first; op; op = op->next) {
        for (uint32_t i = 0; i < op->nopnds; i++)
            if (op->opnds[i]->id < n) captured[op->opnds[i]->id] = true;
        for (uint32_t r = 0; r < op->nregions; r++) note_captures(op->regions[r], captured, n);
    }
}

static void build_users(ir_module *m, ir_op *func, uint32_t n, user_list *u) {
    ir_block *b = func->regions[0];
    u->start = sp_arena_array(&m->arena, n + 1, sizeof *u->start);
    u->captured = sp_arena_array(&m->arena, n ? n : 1, sizeof *u->captured);
    uint32_t total = 0;
    for (ir_op *op = b->first; op; op = op->next)
        for (uint32_t i = 0; i < op->nopnds; i++)
            if (op->opnds[i]->id < n) u->start[op->opnds[i]->id + 1]++, total++;
    for (uint32_t i = 0; i < n; i++) u->start[i + 1] += u->start[i];
    u->ops = sp_arena_array(&m->arena, total ? total : 1, sizeof *u->ops);
    uint32_t *fill = sp_arena_memdup(&m->arena, u->start, (n + 1) * sizeof *fill);
    for (ir_op *op = b->first; op; op = op->next) {
        for (uint32_t i = 0; i < op->nopnds; i++)
            if (op->opnds[i]->id < n) u->ops[fill[op->opnds[i]->id]++] = op;
        for (uint32_t r = 0; r < op->nregions; r++) note_captures(op->regions[r], u->captured, n);
    }
}

/* Distinct top-level ops using v. */
static uint32_t distinct_users(const user_list *u, const ir_value *v, ir_op **first) {
    uint32_t cnt = 0;
    ir_op *prev = NULL;
    *first = NULL;
    for (uint32_t k = u->start[v->id]; k < u->start[v->id + 1]; k++)
        if (u->ops[k] != prev) {
            prev = u->ops[k];
            if (!*first) *first = prev;
            cnt++;
        }
    return cnt;
}

/* ----------------------------------------------------------- classifiers */

static bool all_parallel(const ir_op *op) {
    for (uint32_t d = 0; d < op->u.lin.ndims; d++)
        if (op->u.lin.iters[d] != IR_ITER_PARALLEL) return false;
    return true;
}

static bool is_perm(const ir_amap *m, uint32_t ndims) {
    return m->nres == ndims && ir_amap_is_projected_perm(m, false);
}

static bool body_reads_out(const ir_op *op) {
    const ir_block *b = ir_linalg_body(op);
    for (uint32_t o = 0; o < op->u.lin.nouts; o++)
        for (const ir_op *x = b->first; x; x = x->next)
            for (uint32_t i = 0; i < x->nopnds; i++)
                if (x->opnds[i] == &b->args[op->u.lin.nins + o]) return true;
    return false;
}

/* An elementwise op: one tensor output, all loops parallel, each point
 * written once, the output not read. */
static bool is_elementwise(const ir_op *op) {
    return op->kind == IR_OP_LINALG && op->u.lin.nouts == 1 && all_parallel(op) &&
           op->res[0].type.kind == IR_T_TENSOR && is_perm(op->u.lin.maps[op->u.lin.nins], op->u.lin.ndims) &&
           !body_reads_out(op);
}

/* Whether loop d appears in map m (with a nonzero coefficient). An input
 * map of a contraction may be linear in the loops (a convolution's window:
 * oh * stride + kh * dilation); *linear_ok false when a result is not. */
static bool map_uses(const ir_amap *m, uint32_t ndims, uint32_t d, bool *linear_ok) {
    for (uint32_t r = 0; r < m->nres; r++) {
        int64_t coef[KN_MAX_DIMS] = {0}, cst = 0;
        if (ndims > KN_MAX_DIMS || !ir_aexpr_linear(m->res[r], ndims, coef, &cst)) {
            *linear_ok = false;
            return false;
        }
        if (coef[d]) return true;
    }
    return false;
}

/* Classify a contraction's loops; false if op is not one spadc lowers as a
 * contraction: a MAC body, the output a projected permutation of the loops,
 * the inputs linear in them (projected permutations, or a convolution's
 * windows), each loop in the output and one input (M, N), in both inputs
 * (K), or in all three (B). A convolution is an implicit GEMM: output
 * pixels are M, output channels N, input channels and the window K. */
static bool classify_contraction(const ir_op *op, uint8_t *cls) {
    if (op->kind != IR_OP_LINALG || !ir_linalg_is_mac(op)) return false;
    const ir_linalg *l = &op->u.lin;
    if (!ir_amap_is_projected_perm(l->maps[2], false)) return false;
    if (op->opnds[0]->type.kind == IR_T_SCALAR && op->opnds[1]->type.kind == IR_T_SCALAR) return false;
    /* an input may be broadcast along loops it does not index (a splat
     * weight is a scalar): M loops index the output and A only, N loops the
     * output and not A, K loops are reductions over A or B */
    bool linear = true;
    for (uint32_t d = 0; d < l->ndims; d++) {
        bool ina = map_uses(l->maps[0], l->ndims, d, &linear), inb = map_uses(l->maps[1], l->ndims, d, &linear);
        bool inc = false;
        for (uint32_t r = 0; r < l->maps[2]->nres; r++) inc |= ir_aexpr_dim(l->maps[2]->res[r]) == (int)d;
        if (!linear) return false;
        bool par = l->iters[d] == IR_ITER_PARALLEL;
        if (par && inc && ina && inb)
            cls[d] = KN_DIM_B;
        else if (par && inc && ina)
            cls[d] = KN_DIM_M;
        else if (par && inc)
            cls[d] = KN_DIM_N;
        else if (!par && !inc && (ina || inb))
            cls[d] = KN_DIM_K;
        else
            return false;
    }
    return true;
}

/* ------------------------------------------------------- kernel building */

typedef struct builder {
    ir_module *m;
    kn_program *p;
    user_list u;
    kernel *k;
    uint32_t capops, capinputs, capepi;
    bool *claimed; /* by value id: the op defining it is in some kernel */
} builder;

static void add_op(builder *bd, ir_op *op) {
    kernel *k = bd->k;
    if (k->nops == bd->capops) {
        bd->capops = bd->capops ? bd->capops * 2 : 8;
        ir_op **nv = sp_arena_array(&bd->m->arena, bd->capops, sizeof *nv);
        int32_t **na = sp_arena_array(&bd->m->arena, bd->capops, sizeof *na);
        if (k->nops) {
            memcpy(nv, k->ops, k->nops * sizeof *nv);
            memcpy(na, k->arg_input, k->nops * sizeof *na);
        }
        k->ops = nv;
        k->arg_input = na;
    }
    k->arg_input[k->nops] = NULL;
    k->ops[k->nops++] = op;
    k->last = op;
    for (uint32_t r = 0; r < op->nres; r++)
        if (op->res[r].id < bd->p->nvalues) bd->claimed[op->res[r].id] = true;
}

static int32_t add_input(builder *bd, ir_value *v, const ir_amap *map, kn_role role) {
    kernel *k = bd->k;
    for (uint32_t i = 0; i < k->ninputs; i++)
        if (k->inputs[i].value == v && k->inputs[i].role == role &&
            ((!map && !k->inputs[i].map) || (map && k->inputs[i].map && ir_amap_eq(map, k->inputs[i].map))))
            return (int32_t)i;
    if (k->ninputs == bd->capinputs) {
        bd->capinputs = bd->capinputs ? bd->capinputs * 2 : 8;
        kn_input *nv = sp_arena_array(&bd->m->arena, bd->capinputs, sizeof *nv);
        if (k->ninputs) memcpy(nv, k->inputs, k->ninputs * sizeof *nv);
        k->inputs = nv;
    }
    kn_input *in = &k->inputs[k->ninputs++];
    in->value = v;
    in->map = map;
    in->role = (uint8_t)role;
    /* broadcast: some output dimension is missing from the operand's map */
    in->broadcast = false;
    /* (a contraction's inputs leave out loops by nature: only operands count) */
    if (map && k->out_map && role >= KN_ROLE_OPERAND)
        for (uint32_t r = 0; r < k->out_map->nres; r++) {
            int d = ir_aexpr_dim(k->out_map->res[r]);
            if (d < 0) continue; /* a kept unit dimension (constant 0) */
            bool found = false;
            for (uint32_t j = 0; j < map->nres; j++)
                if (d >= 0 && ir_aexpr_dim(map->res[j]) == d) found = true;
            if (!found) in->broadcast = true;
        }
    return (int32_t)(k->ninputs - 1);
}

/* Record which kernel input each of op's ins reads (KN_CHAIN: the chain). */
static int32_t *new_arg_input(builder *bd, uint32_t nins) {
    int32_t *a = sp_arena_array(&bd->m->arena, nins ? nins : 1, sizeof *a);
    for (uint32_t i = 0; i < nins; i++) a[i] = KN_CHAIN;
    return a;
}

static void add_name(builder *bd, const char *name) {
    kernel *k = bd->k;
    if (k->nepilogue == bd->capepi) {
        bd->capepi = bd->capepi ? bd->capepi * 2 : 8;
        const char **nv = sp_arena_array(&bd->m->arena, bd->capepi, sizeof *nv);
        if (k->nepilogue) memcpy(nv, k->epilogue, k->nepilogue * sizeof *nv);
        k->epilogue = nv;
    }
    k->epilogue[k->nepilogue++] = name;
}

static bool is_zero(const ir_value *v) {
    const ir_op *d = v->def;
    return d && d->kind == IR_OP_CONSTANT && d->u.value->kind == IR_A_FLOAT && ir_attr_float(d->u.value) == 0.0;
}

static bool is_const(const ir_value *v) { return v->def && v->def->kind == IR_OP_CONSTANT; }

/* Name each body op of elementwise op E that computes on the chain value
 * (the arguments in `chain`), in body order. maps: E's input maps over the
 * kernel's loops (to tell a broadcast operand). */
static void name_steps(builder *bd, const ir_op *E, const bool *chain_arg, const ir_amap *const *maps) {
    const ir_block *b = ir_linalg_body(E);
    uint32_t n = 0;
    for (const ir_op *o = b->first; o; o = o->next) n++;
    const ir_op **derived = sp_arena_array(&bd->m->arena, n ? n : 1, sizeof *derived);
    uint32_t nd = 0;
    for (const ir_op *o = b->first; o && o->kind != IR_OP_LINALG_YIELD; o = o->next) {
        int ci = -1; /* which operand is chain-derived */
        for (uint32_t i = 0; i < o->nopnds; i++) {
            const ir_value *v = o->opnds[i];
            bool d = (v->owner == b && !v->def && v->index < E->u.lin.nins && chain_arg[v->index]);
            for (uint32_t k = 0; k < nd && !d; k++) d = v->def == derived[k];
            if (d && ci < 0) ci = (int)i;
        }
        if (ci < 0) continue;
        derived[nd++] = o;
        const ir_value *other = o->nopnds == 2 ? o->opnds[1 - ci] : NULL;
        bool other_input = other && other->owner == b && !other->def && other->index < E->u.lin.nins &&
                           !chain_arg[other->index];
        bool other_bcast = false;
        if (other_input) {
            const ir_amap *mp = maps[other->index];
            kernel *k = bd->k;
            for (uint32_t r = 0; r < k->out_map->nres; r++) {
                int dd = ir_aexpr_dim(k->out_map->res[r]);
                if (dd < 0) continue;
                bool found = false;
                for (uint32_t j = 0; j < mp->nres; j++) found |= ir_aexpr_dim(mp->res[j]) == dd;
                if (!found) other_bcast = true;
            }
        }
        const char *name;
        switch ((ir_opkind)o->kind) {
        case IR_OP_ADDF:
        case IR_OP_ADDI:
            /* a bias: an operand broadcast along some output dimension, or a
             * scalar (a splat bias folded by canonicalization) */
            name = (other_input && other_bcast) || (other && other->type.kind == IR_T_SCALAR && !other_input &&
                                                    !(other->def && other->def->parent == b))
                       ? "bias_add"
                       : "add";
            break;
        case IR_OP_SUBF:
        case IR_OP_SUBI: name = "sub"; break;
        case IR_OP_MULF:
        case IR_OP_MULI: name = other && is_const(other) ? "scale" : "mul"; break;
        case IR_OP_DIVF: name = "div"; break;
        case IR_OP_MAXIMUMF:
        case IR_OP_MAXNUMF: name = other && is_zero(other) ? "relu" : "max"; break;
        case IR_OP_MINIMUMF:
        case IR_OP_MINNUMF: name = "min"; break;
        case IR_OP_EXTF:
        case IR_OP_TRUNCF: name = "cast"; break;
        case IR_OP_NEGF: name = "neg"; break;
        case IR_OP_ABSF: name = "abs"; break;
        default: {
            const char *full = ir_op_name((ir_opkind)o->kind);
            const char *dot = strchr(full, '.');
            name = dot ? dot + 1 : full;
        }
        }
        add_name(bd, name);
    }
}

static kernel *new_kernel(builder *bd, kn_kind kind, ir_op *root) {
    kn_program *p = bd->p;
    kernel *k = &p->k[p->nk];
    memset(k, 0, sizeof *k);
    k->index = p->nk++;
    k->kind = kind;
    k->root = root;
    bd->k = k;
    bd->capops = bd->capinputs = bd->capepi = 0;
    add_op(bd, root);
    if (root->kind == IR_OP_LINALG) {
        k->ndims = root->u.lin.ndims;
        ir_linalg_loop_bounds(root, k->bounds);
    }
    return k;
}

/* why = "<before> '<user op>' at L:C<after>" or just <before> */
static void set_why(builder *bd, const ir_value *v, const char *before, const ir_op *user, const char *after) {
    char buf[256];
    uint8_t cls[KN_MAX_DIMS];
    if (user && classify_contraction(user, cls))
        snprintf(buf, sizeof buf, "input of the contraction 'linalg.%s' at %u:%u",
                 ir_linalg_kind_name((ir_linalg_kind)user->u.lin.named), user->loc.line, user->loc.col);
    else if (user && user->kind == IR_OP_LINALG)
        snprintf(buf, sizeof buf, "%s 'linalg.%s' at %u:%u%s", before, ir_linalg_kind_name((ir_linalg_kind)user->u.lin.named),
                 user->loc.line, user->loc.col, after);
    else if (user)
        snprintf(buf, sizeof buf, "%s '%s' at %u:%u%s", before, ir_op_name((ir_opkind)user->kind), user->loc.line,
                 user->loc.col, after);
    else
        snprintf(buf, sizeof buf, "%s", before);
    bd->p->why[v->id] = sp_arena_strdup(&bd->m->arena, buf);
}

/* m reads a value of type t as a permutation of the loops up to unit
 * extents: a projected permutation whose results at 0 are dims of size 1 of
 * t, every loop it leaves out of extent 1 (bounds). */
static bool covers_but_units(const ir_amap *m, uint32_t ndims, const int64_t *bounds, ir_type t) {
    if (!ir_amap_is_projected_perm(m, true) || m->nres != t.rank) return false;
    for (uint32_t r = 0; r < m->nres; r++)
        if (m->res[r]->kind == IR_AE_CONST && t.dims[r] != 1) return false;
    for (uint32_t d = 0; d < ndims; d++) {
        bool in = false;
        for (uint32_t r = 0; r < m->nres; r++) in |= ir_aexpr_dim(m->res[r]) == (int)d;
        if (!in && bounds[d] != 1) return false;
    }
    return true;
}

/* Extend kernel k with the elementwise consumers of its result, each the
 * only user of the value before it. */
static void grow_chain(builder *bd, ir_op *func) {
    kernel *k = bd->k;
    for (;;) {
        ir_value *v = k->out;
        ir_op *E;
        uint32_t nusers = distinct_users(&bd->u, v, &E);
        if (bd->u.captured[v->id]) {
            set_why(bd, v, "used inside a region", NULL, "");
            return;
        }
        if (nusers == 0) {
            /* returned or unused */
            return;
        }
        if (nusers > 1) {
            char buf[64];
            snprintf(buf, sizeof buf, "has %u users", nusers);
            set_why(bd, v, buf, NULL, "");
            return;
        }
        if (E->kind == IR_OP_RETURN) {
            set_why(bd, v, "returned by the function", NULL, "");
            return;
        }
        if (!is_elementwise(E) || E->parent != func->regions[0]) {
            set_why(bd, v, "read by", E, ", which is not an elementwise op");
            return;
        }
        /* a join (a diamond: E reads two chains that fork from one value)
         * belongs to the kernel that reached it first; this one ends here */
        if (bd->claimed[E->res[0].id]) {
            set_why(bd, v, "read by", E, ", which another kernel's chain computes");
            return;
        }
        const ir_linalg *l = &E->u.lin;
        /* every use of v in E: an input through one permutation covering E;
         * of a loop kernel, also one up to unit extents (covers_but_units: a
         * statistic of rank n - 1 read over n loops, or a keepdim one read
         * at 0 by an op canon_collapse_elementwise ran in fewer loops, read the
         * same elements as through a permutation, law L5) */
        int64_t eb[KN_MAX_DIMS];
        bool unit_ok = k->kind == KN_LOOP && l->ndims <= KN_MAX_DIMS && ir_linalg_loop_bounds(E, eb);
        const ir_amap *vm = NULL;
        bool ok = true, chain_arg[64] = {0};
        if (l->nins > 64) ok = false;
        for (uint32_t i = 0; ok && i < ir_linalg_nopnds(E); i++) {
            if (E->opnds[i] != v) continue;
            if (i >= l->nins) continue; /* as E's outs: only its shape is used (E does not read it) */
            if (!(is_perm(l->maps[i], l->ndims) || (unit_ok && covers_but_units(l->maps[i], l->ndims, eb, v->type))) ||
                (vm && !ir_amap_eq(vm, l->maps[i])))
                ok = false;
            vm = l->maps[i];
            chain_arg[i] = true;
        }
        if (!ok || !vm) {
            set_why(bd, v, "read by", E, " through a map that is not a permutation of its loops");
            return;
        }
        /* E's loop j is the chain's dimension r with vm.res[r] = d_j, which
         * the kernel's loops index through out_map.res[r] */
        const ir_aexpr *q[KN_MAX_DIMS];
        for (uint32_t j = 0; j < l->ndims; j++) q[j] = ir_ae_const(bd->m, 0); /* a unit loop vm leaves out */
        for (uint32_t r = 0; r < vm->nres; r++)
            if (vm->res[r]->kind == IR_AE_DIM) q[ir_aexpr_dim(vm->res[r])] = k->out_map->res[r];
        const ir_amap *maps[64];
        int32_t *ai = new_arg_input(bd, l->nins);
        for (uint32_t i = 0; i < l->nins; i++) {
            maps[i] = ir_amap_subst(bd->m, l->maps[i], q, k->ndims);
            if (!chain_arg[i]) ai[i] = add_input(bd, E->opnds[i], maps[i], KN_ROLE_OPERAND);
        }
        name_steps(bd, E, chain_arg, maps);
        k->out_map = ir_amap_subst(bd->m, l->maps[l->nins], q, k->ndims);
        add_op(bd, E);
        k->arg_input[k->nops - 1] = ai;
        k->out = &E->res[0];
    }
}

/* A loop root: any single-output structured op writing each output point
 * from its loops (elementwise, or a reduction whose init is read). */
static bool is_loop_root(const ir_op *op) {
    if (op->kind != IR_OP_LINALG || op->u.lin.nouts != 1 || op->res[0].type.kind != IR_T_TENSOR) return false;
    const ir_amap *om = op->u.lin.maps[op->u.lin.nins];
    if (!ir_amap_is_projected_perm(om, true)) return false;
    /* a reduction that keeps its reduced dimensions (torch's keepdim)
     * writes them through a constant 0: only where they have size 1 is
     * every output element written */
    for (uint32_t r = 0; r < om->nres; r++)
        if (om->res[r]->kind == IR_AE_CONST && op->res[0].type.dims[r] != 1) return false;
    return true;
}

/* The init of a reduction: a fill's scalar (absorbed), NULL for an empty
 * (zero), or the init tensor itself when it must be read (*tensor set). */
static ir_value *reduction_init(const ir_op *op, ir_value **tensor) {
    ir_value *init = op->opnds[op->u.lin.nins];
    ir_op *d = init->def;
    *tensor = NULL;
    if (d && d->kind == IR_OP_EMPTY) return NULL;
    ir_value *fv = d && d->kind == IR_OP_LINALG ? ir_linalg_fill_value(d) : NULL;
    if (fv) return fv;
    *tensor = init;
    return NULL;
}

static bool reads_init(const ir_op *op) { return !all_parallel(op) && body_reads_out(op); }

/* Every user of fill result v takes it as an init it absorbs (a
 * contraction's, or a reduction's that reads its init). */
static bool absorbed_fill_only(builder *bd, const ir_value *v) {
    for (uint32_t k = bd->u.start[v->id]; k < bd->u.start[v->id + 1]; k++) {
        const ir_op *u = bd->u.ops[k];
        if (u->kind != IR_OP_LINALG || u->u.lin.nouts != 1 || u->opnds[u->u.lin.nins] != v) return false;
        for (uint32_t i = 0; i < u->u.lin.nins; i++)
            if (u->opnds[i] == v) return false;
        uint8_t cls[KN_MAX_DIMS];
        if (!classify_contraction(u, cls) && !(is_loop_root(u) && reads_init(u))) return false;
    }
    return !bd->u.captured[v->id];
}

static bool kernel_writes(const kernel *k, const ir_value *v) {
    if (k->out == v) return true;
    for (uint32_t e = 0; e < k->nextra; e++)
        if (k->extra[e] == v) return true;
    return false;
}

/* An input of kernel a (an operand, or a tensor its body reads from the
 * function's body): what some kernel computes must be in memory by then. */
static void check_read(ir_module *m, const kn_program *p, const uint32_t *owner, uint32_t a, const ir_value *read) {
    const ir_value *v = kn_unview(read);
    uint32_t o = v->id < p->nvalues ? owner[v->id] : KN_NONE;
    if (o != KN_NONE && (!kernel_writes(&p->k[o], v) || o >= a))
        sp_throw(m->ctx, SP_EINTERNAL, p->k[a].root->loc, "internal error: kernel k%u reads %%%s, which kernel k%u %s", a,
                 v->name ? v->name : "?", o, !kernel_writes(&p->k[o], v) ? "keeps inside its chain" : "computes later");
}

static void check_captures(ir_module *m, const kn_program *p, const uint32_t *owner, uint32_t a, const ir_block *top,
                           const ir_block *b) {
    for (const ir_op *op = b->first; op; op = op->next) {
        for (uint32_t i = 0; i < op->nopnds; i++) {
            const ir_value *v = op->opnds[i];
            if (v->type.kind == IR_T_TENSOR && (v->def ? v->def->parent == top : v->owner == top))
                check_read(m, p, owner, a, v);
        }
        for (uint32_t r = 0; r < op->nregions; r++) check_captures(m, p, owner, a, top, op->regions[r]);
    }
}

/* The grouping's invariants, on which every target relies (a kernel reads
 * only values that are in memory when it runs): each op is in one kernel at
 * most, and an input that some kernel computes (an operand, or a tensor a
 * body reads with tensor.extract) is one of that kernel's results (directly
 * or through reshapes, which are views) and is computed earlier.
 * A violation is a fuser bug, raised as an internal error naming the op
 * rather than left for a target to crash on. */
void kn_check_program(ir_module *m, const kn_program *p) {
    uint32_t n = p->nvalues;
    uint32_t *owner = sp_arena_array(&m->arena, n ? n : 1, sizeof *owner);
    for (uint32_t i = 0; i < n; i++) owner[i] = KN_NONE;
    for (uint32_t a = 0; a < p->nk; a++)
        for (uint32_t j = 0; j < p->k[a].nops; j++) {
            const ir_op *op = p->k[a].ops[j];
            for (uint32_t r = 0; r < op->nres; r++) {
                uint32_t id = op->res[r].id;
                if (id >= n) continue;
                if (owner[id] != KN_NONE && owner[id] != a)
                    sp_throw(m->ctx, SP_EINTERNAL, op->loc,
                             "internal error: fusion put '%s' into kernels k%u and k%u", ir_op_name((ir_opkind)op->kind),
                             owner[id], a);
                owner[id] = a;
            }
        }
    const ir_block *top = p->func->regions[0];
    for (uint32_t a = 0; a < p->nk; a++) {
        for (uint32_t i = 0; i < p->k[a].ninputs; i++) check_read(m, p, owner, a, p->k[a].inputs[i].value);
        for (uint32_t j = 0; j < p->k[a].nops; j++)
            for (uint32_t r = 0; r < p->k[a].ops[j]->nregions; r++)
                check_captures(m, p, owner, a, top, p->k[a].ops[j]->regions[r]);
    }
}

/* A contraction kernel rooted at op (loop classes cls), its chain grown;
 * NULL when its init is neither an empty nor a fill (then it is an op). */
static kernel *contraction_kernel(builder *bd, ir_op *func, ir_op *op, const uint8_t *cls) {
    ir_value *init = op->opnds[2];
    ir_op *d = init->def;
    ir_value *fv = d && d->kind == IR_OP_LINALG ? ir_linalg_fill_value(d) : NULL;
    if (!(d && (d->kind == IR_OP_EMPTY || fv))) return NULL;
    kernel *k = new_kernel(bd, KN_CONTRACTION, op);
    memcpy(k->dimclass, cls, k->ndims);
    k->b = k->m = k->n = k->k = 1;
    for (uint32_t dd = 0; dd < k->ndims; dd++) {
        int64_t *prod = cls[dd] == KN_DIM_B ? &k->b : cls[dd] == KN_DIM_M ? &k->m : cls[dd] == KN_DIM_N ? &k->n : &k->k;
        *prod *= k->bounds[dd];
    }
    k->init_scalar = fv && !(fv->def && fv->def->kind == IR_OP_CONSTANT && is_zero(fv)) ? fv : NULL;
    k->out_map = op->u.lin.maps[2];
    int32_t *ai = new_arg_input(bd, 2);
    ai[0] = add_input(bd, op->opnds[0], op->u.lin.maps[0], KN_ROLE_LHS);
    ai[1] = add_input(bd, op->opnds[1], op->u.lin.maps[1], KN_ROLE_RHS);
    k->arg_input[0] = ai;
    k->out = &op->res[0];
    grow_chain(bd, func);
    return k;
}

/* A loop kernel rooted at linalg op (a reduction or an elementwise map),
 * its chain grown. */
static kernel *loop_kernel(builder *bd, ir_op *func, ir_op *op) {
    kernel *k = new_kernel(bd, KN_LOOP, op);
    k->out_map = op->u.lin.maps[op->u.lin.nins];
    int32_t *ai = new_arg_input(bd, op->u.lin.nins);
    for (uint32_t j = 0; j < op->u.lin.nins; j++) ai[j] = add_input(bd, op->opnds[j], op->u.lin.maps[j], KN_ROLE_OPERAND);
    k->arg_input[0] = ai;
    if (reads_init(op)) {
        ir_value *tensor;
        k->init_scalar = reduction_init(op, &tensor);
        if (tensor) add_input(bd, tensor, k->out_map, KN_ROLE_INIT);
    } else if (op->u.lin.nins <= 64) {
        /* an elementwise root: its body's steps describe the kernel */
        bool chain_arg[64];
        const ir_amap *maps[64];
        for (uint32_t j = 0; j < op->u.lin.nins; j++) {
            maps[j] = op->u.lin.maps[j];
            chain_arg[j] = true;
        }
        name_steps(bd, op, chain_arg, maps);
    }
    k->out = &op->res[0];
    grow_chain(bd, func);
    return k;
}

/* Any other op with a tensor result: a KN_OP kernel of its own. NULL for
 * what is not a kernel: a fill absorbed into contraction inits, a
 * constant, an empty, a reshape (a view), or a scalar op. */
static kernel *op_kernel(builder *bd, ir_op *op) {
    if (op->kind == IR_OP_CONSTANT || op->kind == IR_OP_EMPTY || op->nres == 0) return NULL;
    if (op->kind == IR_OP_LINALG && ir_linalg_fill_value(op) && absorbed_fill_only(bd, &op->res[0])) return NULL;
    if (op->kind == IR_OP_EXPAND_SHAPE || op->kind == IR_OP_COLLAPSE_SHAPE) return NULL;
    bool tensor_result = false;
    for (uint32_t r = 0; r < op->nres; r++) tensor_result |= op->res[r].type.kind == IR_T_TENSOR;
    if (!tensor_result) return NULL;
    kernel *k = new_kernel(bd, KN_OP, op);
    for (uint32_t j = 0; j < op->nopnds; j++)
        if (op->opnds[j]->type.kind == IR_T_TENSOR) add_input(bd, op->opnds[j], NULL, KN_ROLE_OPERAND);
    /* out: its first tensor result; extra: the others, which it writes as
     * well (a result left without storage would read as zeros) */
    for (uint32_t r = 0; r < op->nres; r++) {
        if (op->res[r].type.kind != IR_T_TENSOR) continue;
        if (!k->out) {
            k->out = &op->res[r];
            continue;
        }
        if (!k->extra) k->extra = sp_arena_array(&bd->m->arena, op->nres, sizeof *k->extra);
        k->extra[k->nextra++] = &op->res[r];
    }
    return k;
}

/* Kernels run in the order of their last ops (order[]: the function's nops
 * ops by position); then each is numbered and produces its values. */
static void order_by_last(kn_program *p, ir_op *const *order, uint32_t nops) {
    for (uint32_t a = 1; a < p->nk; a++) {
        kernel t = p->k[a];
        uint32_t b = a;
        uint32_t pos_t = 0;
        for (uint32_t s = 0; s < nops; s++)
            if (order[s] == t.last) pos_t = s;
        while (b > 0) {
            uint32_t pos_b = 0;
            for (uint32_t s = 0; s < nops; s++)
                if (order[s] == p->k[b - 1].last) pos_b = s;
            if (pos_b <= pos_t) break;
            p->k[b] = p->k[b - 1];
            b--;
        }
        p->k[b] = t;
    }
    for (uint32_t a = 0; a < p->nk; a++) {
        p->k[a].index = a;
        p->producer[p->k[a].out->id] = a;
        for (uint32_t e = 0; e < p->k[a].nextra; e++) p->producer[p->k[a].extra[e]->id] = a;
    }
}

void kn_build(ir_module *m, ir_op *func, kn_program *p) {
    memset(p, 0, sizeof *p);
    ir_func_number(func);
    uint32_t n = func->u.fn.nvalues;
    p->func = func;
    p->nvalues = n;
    builder bd = {m, p, {0}, NULL, 0, 0, 0, NULL};
    build_users(m, func, n, &bd.u);
    bd.claimed = sp_arena_array(&m->arena, n ? n : 1, sizeof *bd.claimed);
    p->producer = sp_arena_array(&m->arena, n ? n : 1, sizeof *p->producer);
    for (uint32_t i = 0; i < n; i++) p->producer[i] = KN_NONE;
    p->why = sp_arena_array(&m->arena, n ? n : 1, sizeof *p->why);
    uint32_t nops = 0;
    ir_block *body = func->regions[0];
    for (ir_op *op = body->first; op; op = op->next) nops++;
    p->k = sp_arena_array(&m->arena, nops ? nops : 1, sizeof *p->k);
    bool *taken = sp_arena_array(&m->arena, nops ? nops : 1, sizeof *taken);
    /* ops by position, to mark the ones absorbed into kernels */
    ir_op **order = sp_arena_array(&m->arena, nops ? nops : 1, sizeof *order);
    uint32_t i = 0;
    for (ir_op *op = body->first; op; op = op->next) order[i++] = op;
    for (i = 0; i < nops; i++) {
        if (taken[i]) continue;
        ir_op *op = order[i];
        uint8_t cls[KN_MAX_DIMS];
        kernel *k = NULL;
        if (classify_contraction(op, cls))
            k = contraction_kernel(&bd, func, op, cls);
        else if (is_loop_root(op) && !(ir_linalg_fill_value(op) && absorbed_fill_only(&bd, &op->res[0])))
            k = loop_kernel(&bd, func, op);
        if (!k) k = op_kernel(&bd, op);
        if (!k) continue;
        /* mark the kernel's ops taken */
        for (uint32_t j = 0; j < k->nops; j++)
            for (uint32_t s = i; s < nops; s++)
                if (order[s] == k->ops[j]) {
                    taken[s] = true;
                    break;
                }
        p->producer[k->out->id] = k->index;
        for (uint32_t e = 0; e < k->nextra; e++) p->producer[k->extra[e]->id] = k->index;
    }
    order_by_last(p, order, nops);
    kn_check_program(m, p);
}

/* The one compaction the merging passes (attention.c, rows.c, padfold.c)
 * end with: the kernels marked gone leave, the rest keep their order and
 * are renumbered; a gone kernel's value has no producer now, a kept one's
 * values (its result and its extra results) name its new index. Then the
 * invariants are checked. */
void kn_drop_kernels(ir_module *m, kn_program *p, const bool *gone) {
    uint32_t n = 0;
    for (uint32_t a = 0; a < p->nk; a++) {
        if (gone[a]) {
            p->producer[p->k[a].out->id] = KN_NONE;
            continue;
        }
        p->k[n] = p->k[a];
        p->k[n].index = n;
        n++;
    }
    p->nk = n;
    for (uint32_t a = 0; a < n; a++) {
        p->producer[p->k[a].out->id] = a;
        for (uint32_t e = 0; e < p->k[a].nextra; e++) p->producer[p->k[a].extra[e]->id] = a;
    }
    kn_check_program(m, p);
}

/* ------------------------------------------------------------ the pass */

static const ir_attr *str_attr(ir_module *m, const char *s) { return ir_attr_string(m, s, strlen(s)); }

static void add_attr(ir_module *m, ir_op *op, const char *name, const ir_attr *a) {
    ir_named_attr *v = sp_arena_array(&m->arena, op->nattrs + 1, sizeof *v);
    uint32_t n = 0;
    for (uint32_t i = 0; i < op->nattrs; i++)
        if (strcmp(op->attrs[i].name, name)) v[n++] = op->attrs[i];
    v[n].name = sp_arena_strdup(&m->arena, name);
    v[n].attr = a;
    op->attrs = v;
    op->nattrs = n + 1;
}

void pass_fuse_annotate(ir_module *m) {
    ir_block *body = ir_module_body(m);
    for (ir_op *f = body->first; f; f = f->next) {
        if (f->kind != IR_OP_FUNC || f->u.fn.is_decl) continue;
        kn_program p;
        kn_build(m, f, &p);
        for (uint32_t i = 0; i < p.nk; i++) {
            kernel *k = &p.k[i];
            char name[32];
            snprintf(name, sizeof name, "k%u", i);
            for (uint32_t j = 0; j < k->nops; j++) add_attr(m, k->ops[j], "spadc.kernel", str_attr(m, name));
            add_attr(m, k->root, "spadc.kind", str_attr(m, kn_kind_name(k->kind)));
            if (k->nepilogue) {
                ir_attr *arr = sp_arena_alloc(&m->arena, sizeof *arr);
                arr->kind = IR_A_ARRAY;
                arr->u.arr.n = k->nepilogue;
                const ir_attr **items = sp_arena_array(&m->arena, k->nepilogue, sizeof *items);
                for (uint32_t e = 0; e < k->nepilogue; e++) items[e] = str_attr(m, k->epilogue[e]);
                arr->u.arr.items = items;
                add_attr(m, k->root, "spadc.epilogue", arr);
            }
            const char *why = p.why[k->out->id];
            if (why) add_attr(m, k->last, "spadc.materialized", str_attr(m, why));
        }
    }
}

/* ------------------------------------------------------------ driver */

const char *pass_names(void) { return "canonicalize, fuse, bf16x3, bf16x6"; }

void pass_run(ir_module *m, const char *list) {
    const char *p = list;
    while (p && *p) {
        size_t n = strcspn(p, ",");
        if (n == 12 && !strncmp(p, "canonicalize", 12))
            pass_canonicalize(m);
        else if (n == 4 && !strncmp(p, "fuse", 4))
            pass_fuse_annotate(m);
        else if (n == 6 && (!strncmp(p, "bf16x3", 6) || !strncmp(p, "bf16x6", 6)))
            pass_split_bf16_module(m, p[5] == '3' ? 2 : 3);
        else if (n)
            sp_throw(m->ctx, SP_EUSAGE, (sp_loc){0}, "unknown pass '%.*s' (passes: %s)", (int)(n > 64 ? 64 : n), p,
                     pass_names());
        ir_verify_module(m);
        p += n;
        if (*p == ',') p++;
    }
}
