/* pads.c - kn_fuse_pads: a tensor.pad read by one kernel folded into that
 * kernel's read of it (kernel.h, kn_input.pad), for targets whose loads
 * place the source's elements in a tile filled with the padding value (the
 * npu's window reductions: a pool after torch-mlir's pad), so the padded
 * tensor is never written to memory. */
#include "kernel.h"

/* A pad a target can read through: static, non-negative padding of a
 * tensor by one value from outside its region (a constant or a run-time
 * scalar). */
static bool foldable(const ir_op *op) {
    if (op->kind != IR_OP_PAD || op->nopnds < 1 || op->nres != 1 || !op->nregions) return false;
    const ir_pad_info *pi = &op->u.pad;
    for (uint32_t d = 0; d < pi->rank; d++)
        if (pi->low[d] < 0 || pi->high[d] < 0 || pi->low[d] == IR_DYNAMIC || pi->high[d] == IR_DYNAMIC) return false;
    const ir_block *b = op->regions[0];
    if (!b->first || b->first->kind != IR_OP_TENSOR_YIELD || b->first->nopnds != 1) return false;
    const ir_value *v = b->first->opnds[0];
    return v->type.kind == IR_T_SCALAR && v->owner != b && (!v->def || v->def->parent != b);
}

uint32_t kn_fuse_pads(ir_module *m, kn_program *p, bool (*accept)(void *ud, const kernel *k, uint32_t input), void *ud) {
    bool *gone = sp_arena_array(&m->arena, p->nk ? p->nk : 1, sizeof *gone);
    uint32_t merged = 0;
    for (uint32_t a = 0; a < p->nk; a++) {
        const kernel *P = &p->k[a];
        if (P->kind != KN_OP || !foldable(P->root) || P->nextra) continue;
        const ir_value *v = P->out;
        /* its one reader: a kernel input (no view), nothing else */
        uint32_t rk = KN_NONE, ri = 0, n = 0;
        for (uint32_t b = 0; b < p->nk; b++)
            for (uint32_t i = 0; i < p->k[b].ninputs; i++) {
                const ir_value *x = p->k[b].inputs[i].value;
                if (kn_unview(x) != v) continue;
                n++;
                if (x == v) rk = b, ri = i;
            }
        if (n != 1 || rk == KN_NONE || rk <= a) continue;
        bool other = false;
        for (const ir_op *op = p->func->regions[0]->first; op && !other; op = op->next) {
            if (op == P->root) continue;
            bool in_reader = false;
            for (uint32_t j = 0; j < p->k[rk].nops; j++) in_reader |= p->k[rk].ops[j] == op;
            if (in_reader) continue;
            for (uint32_t j = 0; j < op->nopnds; j++) other |= kn_unview(op->opnds[j]) == v;
        }
        if (other || (accept && !accept(ud, &p->k[rk], ri))) continue;
        kernel *R = &p->k[rk];
        kn_input *in = sp_arena_array(&m->arena, R->ninputs, sizeof *in);
        for (uint32_t i = 0; i < R->ninputs; i++) in[i] = R->inputs[i];
        in[ri].pad = P->root;
        R->inputs = in;
        gone[a] = true;
        merged++;
    }
    if (!merged) return 0;
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
    for (uint32_t a = 0; a < n; a++) p->producer[p->k[a].out->id] = a;
    kn_check_program(m, p);
    return merged;
}
