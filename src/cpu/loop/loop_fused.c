/* loop_fused.c - a loop program recognised as one of loop.h's fused
 * shapes (REDUCE, CHAIN) and run as native loops (loop_fused_exec.h, once
 * per ISA). The program is read symbolically, each register a node of the
 * values it holds (a load, a conversion, a binary op on two nodes), so
 * that the lowering's register reuse and copies do not matter; a shape is
 * taken only where every op it names is the engine's same op in the same
 * type, so the native loops compute the engine's bits. */
#include <stdlib.h>
#include <string.h>

#include "cpu/cpu.h"
#include "loop_impl.h"

typedef enum nkind { N_UNDEF, N_ACC, N_LOAD, N_CVT, N_CONST, N_BIN } nkind;
typedef struct node {
    uint8_t kind, op, dt;
    int a, b;  /* operand nodes (N_BIN; N_CVT: a) */
    int input; /* N_LOAD */
    double imm;
} node;
#define MAX_NODES (CPU_LOOP_MAX_INSNS + CPU_LOOP_MAX_REGS + 1)

typedef struct sym {
    node nd[MAX_NODES];
    int nn;
    int reg[CPU_LOOP_MAX_REGS];
} sym;

static int add_node(sym *S, node n) {
    S->nd[S->nn] = n;
    return S->nn++;
}

static bool is_float(uint8_t t) { return t == CPU_LT_F32 || t == CPU_LT_F64; }

/* Every register undefined but acc (-1: none). */
static void sym_init(sym *S, int acc) {
    S->nn = 0;
    const int undef = add_node(S, (node){.kind = N_UNDEF});
    for (int r = 0; r < CPU_LOOP_MAX_REGS; r++) S->reg[r] = undef;
    if (acc >= 0) S->reg[acc] = add_node(S, (node){.kind = N_ACC});
}

/* insn[from, to) of L on S's registers. Ops the shapes do not name leave
 * an undefined node (never matched); false where one may fail at run time
 * (a scalar hook, a gather), which only the engine reports. */
static bool sym_run(const cpu_loop *L, uint32_t from, uint32_t to, sym *S) {
    for (uint32_t k = from; k < to; k++) {
        const cpu_loop_insn *in = &L->insn[k];
        node n = {.kind = N_UNDEF, .dt = in->dt};
        switch ((cpu_lop)in->op) {
        case CPU_L_SCALAR:
        case CPU_L_GATHER:
        case CPU_L_GINDEX: return false;
        case CPU_L_COPY: S->reg[in->dst] = S->reg[in->a]; continue;
        case CPU_L_LOAD:
            n.kind = N_LOAD, n.input = in->a, n.dt = L->in[in->a].dtype;
            break;
        case CPU_L_CONST:
            if (is_float(in->dt)) n.kind = N_CONST, n.imm = in->imm.f;
            break;
        case CPU_L_ROUNDF:
            if (in->at == CPU_LT_F32 && in->dt == CPU_LT_F64) n.kind = N_CVT, n.a = S->reg[in->a];
            break;
        case CPU_L_ADDF:
        case CPU_L_SUBF:
        case CPU_L_MULF:
        case CPU_L_DIVF:
            if (is_float(in->dt)) n.kind = N_BIN, n.op = in->op, n.a = S->reg[in->a], n.b = S->reg[in->b];
            break;
        default: break;
        }
        S->reg[in->dst] = add_node(S, n);
    }
    return true;
}

/* Node i is x in type t: an f32 load, converted to f64 where t is f64. */
static int x_of(const sym *S, int i, uint8_t t, bool *wide) {
    const node *n = &S->nd[i];
    if (t == CPU_LT_F64 && n->kind == N_CVT) {
        n = &S->nd[n->a];
        *wide = true;
    } else {
        *wide = false;
        if (t != CPU_LT_F32) return -1;
    }
    return n->kind == N_LOAD && n->dt == CPU_LT_F32 ? n->input : -1;
}

/* The loops with extent > 1, at most two, into d: how many, or -1 where
 * more (or loops merged into the lane loop). */
static int big_loops(const cpu_loop *L, int d[2]) {
    int n = 0;
    if (L->lane_merged) return -1;
    for (uint32_t i = 0; i < L->ndims; i++) {
        if (L->bounds[i] <= 1) continue;
        if (n == 2) return -1;
        d[n++] = (int)i;
    }
    return n;
}

/* The reduced values' tail as a loop over the rows (F->tail). */
static bool build_tail(sp_ctx *ctx, const cpu_loop *L, cpu_loop_fused *F, uint8_t at) {
    cpu_loop *T = &F->tail;
    if (L->nin + 1 > CPU_LOOP_MAX_INPUTS || 1 + L->ninsn - L->nroot > CPU_LOOP_MAX_INSNS) return false;
    /* the tail reads acc and what it computes itself, no value of the body */
    bool def[CPU_LOOP_MAX_REGS] = {0};
    def[L->acc] = true;
    for (uint32_t k = L->nroot; k < L->ninsn; k++) {
        const cpu_loop_insn *in = &L->insn[k];
        const uint8_t ops[3] = {in->a, in->b, in->c};
        const int n = loop_nreads((cpu_lop)in->op);
        for (int i = 0; i < 3; i++) {
            if (n >= 0 ? i >= n : ops[i] == LOOP_NONE) continue;
            if (ops[i] >= CPU_LOOP_MAX_REGS || !def[ops[i]]) return false;
        }
        def[in->dst] = true;
    }
    *T = *L;
    for (uint32_t d = 0; d < T->ndims; d++) {
        if (T->reduction[d]) T->bounds[d] = 1;
        T->reduction[d] = false;
    }
    cpu_loop_tensor *v = &T->in[L->nin];
    memset(v, 0, sizeof *v);
    v->dtype = at;
    if (F->row_dim >= 0) v->stride[F->row_dim] = 1;
    T->nin = L->nin + 1;
    T->insn[0] = (cpu_loop_insn){.op = CPU_L_LOAD, .dt = at, .at = at, .dst = (uint8_t)L->acc, .a = (uint8_t)L->nin,
                                 .b = LOOP_NONE, .c = LOOP_NONE};
    memcpy(&T->insn[1], &L->insn[L->nroot], (L->ninsn - L->nroot) * sizeof L->insn[0]);
    T->ninsn = 1 + L->ninsn - L->nroot;
    T->acc = -1, T->nroot = 0, T->root_result = -1, T->init_input = -1;
    return cpu_loop_plan(ctx, T) == SP_OK;
}

static bool fuse_reduce(sp_ctx *ctx, const cpu_loop *L, cpu_loop_fused *F, sym *S) {
    if (L->init_input >= 0 || L->nroot == 0) return false;
    /* one reduction loop and at most one row loop */
    int d[2], rd = -1, row = -1;
    const int nd = big_loops(L, d);
    if (nd < 1) return false;
    for (int i = 0; i < nd; i++) {
        if (L->reduction[d[i]]) {
            if (rd >= 0) return false;
            rd = d[i];
        } else {
            row = d[i];
        }
    }
    if (rd < 0) return false;
    if (row >= 0 && L->bounds[row] > CPU_FUSED_MAX_ROWS) return false;
    sym_init(S, L->acc);
    if (!sym_run(L, 0, L->nroot, S)) return false;
    /* the body: acc + f */
    const node *root = &S->nd[S->reg[L->root_result]];
    if (root->kind != N_BIN || root->op != CPU_L_ADDF || !is_float(root->dt)) return false;
    int f;
    if (S->nd[root->a].kind == N_ACC && S->nd[root->b].kind != N_ACC) f = root->b;
    else if (S->nd[root->b].kind == N_ACC && S->nd[root->a].kind != N_ACC) f = root->a;
    else return false;
    const uint8_t t = root->dt;
    const node *fn = &S->nd[f];
    bool wide = false;
    int x = x_of(S, f, t, &wide), stat = -1;
    uint8_t body = CPU_FB_SUM;
    if (x < 0) {
        if (fn->kind != N_BIN || fn->op != CPU_L_MULF || fn->dt != t || fn->a != fn->b) return false;
        const node *e = &S->nd[fn->a];
        if ((x = x_of(S, fn->a, t, &wide)) >= 0) {
            body = CPU_FB_SQ;
        } else {
            if (e->kind != N_BIN || e->op != CPU_L_SUBF || e->dt != t) return false;
            const node *s = &S->nd[e->b];
            if ((x = x_of(S, e->a, t, &wide)) < 0 || s->kind != N_LOAD || s->dt != t) return false;
            stat = s->input;
            body = CPU_FB_VAR;
        }
    }
    F->kind = CPU_FUSED_REDUCE;
    F->row_dim = row, F->line_dim = rd;
    F->x = x, F->stat = stat, F->body = body, F->wide = wide;
    F->partials = L->mode == CPU_LOOP_REDUCTION_LANES;
    F->init = L->init_imm;
    return build_tail(ctx, L, F, t);
}

/* Node i a chain's operand: an f32 load or constant. */
static bool leaf(const node *n) { return (n->kind == N_LOAD || n->kind == N_CONST) && n->dt == CPU_LT_F32; }

static bool fuse_chain(const cpu_loop *L, cpu_loop_fused *F, sym *S) {
    if (L->acc >= 0 || L->out.dtype != CPU_LT_F32 || L->lane_dim < 0) return false;
    /* the lane loop and at most one more */
    int d[2], row = -1;
    const int nd = big_loops(L, d), line = L->lane_dim;
    if (nd < 1) return false;
    for (int i = 0; i < nd; i++) {
        if (L->reduction[d[i]]) return false;
        if (d[i] != line) row = d[i];
    }
    if (d[0] != line && (nd < 2 || d[1] != line)) return false;
    sym_init(S, -1);
    if (!sym_run(L, 0, L->ninsn, S)) return false;
    cpu_fused_step st[CPU_FUSED_MAX_STEPS];
    uint32_t ns = 0;
    /* from the result down: each op one leaf and the chain below it */
    const node *n = &S->nd[S->reg[L->result]];
    while (n->kind == N_BIN) {
        if (n->dt != CPU_LT_F32 || ns == CPU_FUSED_MAX_STEPS) return false;
        const uint8_t op = n->op;
        const node *l = &S->nd[n->a], *r = &S->nd[n->b], *y;
        bool rev;
        if (leaf(r) && (!leaf(l) || l->kind == N_LOAD)) {
            y = r, rev = false, n = l;
        } else if (leaf(l)) {
            y = l, rev = true, n = r;
        } else {
            return false;
        }
        st[ns++] = (cpu_fused_step){
            .op = op, .rev = rev, .input = (int8_t)(y->kind == N_LOAD ? y->input : -1), .imm = (float)y->imm};
    }
    if (n->kind != N_LOAD || n->dt != CPU_LT_F32) return false;
    F->kind = CPU_FUSED_CHAIN;
    F->row_dim = row, F->line_dim = line;
    F->x = n->input;
    F->nsteps = ns;
    for (uint32_t i = 0; i < ns; i++) F->steps[i] = st[ns - 1 - i]; /* in the order they apply */
    return true;
}

bool cpu_loop_fuse(sp_ctx *ctx, const cpu_loop *L, cpu_loop_fused *F) {
    memset(F, 0, offsetof(cpu_loop_fused, tail));
    F->kind = CPU_FUSED_NONE;
    const char *e = getenv("SPADC_LOOP_FUSE");
    if (e && e[0] == '0') return false;
    sym *S = sp_malloc(ctx, sizeof *S);
    const bool ok = L->acc >= 0 ? fuse_reduce(ctx, L, F, S) : fuse_chain(L, F, S);
    sp_free(ctx, S);
    if (!ok) F->kind = CPU_FUSED_NONE;
    return ok;
}

/* The per-ISA instances (loop_fused_exec.h), by isa as loop.c's
 * items_fn_of picks the engine's: generic, avx2, avx512 and above. */
static const loop_fused_reduce_fn reduce_fns[3] = {cpu_loop_fused_reduce_generic, cpu_loop_fused_reduce_avx2,
                                                   cpu_loop_fused_reduce_avx512};
static const loop_fused_chain_fn chain_fns[3] = {cpu_loop_fused_chain_generic, cpu_loop_fused_chain_avx2,
                                                 cpu_loop_fused_chain_avx512};

uint32_t cpu_loop_fused_run(const cpu_loop_fused *F, const cpu_loop *L, int isa, const void *const *in_ptrs, void *out,
                            void *regs) {
    const int slot = isa >= CPU_ISA_AVX512 ? 2 : isa == CPU_ISA_AVX2 ? 1 : 0;
    if (F->kind == CPU_FUSED_CHAIN) {
        chain_fns[slot](F, L, in_ptrs, out);
        return 0;
    }
    double acc[CPU_FUSED_MAX_ROWS]; /* f64 or f32 values, one a row */
    reduce_fns[slot](F, L, in_ptrs, acc);
    const void *ptrs[CPU_LOOP_MAX_INPUTS];
    memcpy(ptrs, in_ptrs, L->nin * sizeof *ptrs);
    ptrs[L->nin] = acc;
    return cpu_loop_run_here(&F->tail, isa, ptrs, out, regs);
}
