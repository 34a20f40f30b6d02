/* loop.c - loop kernels on the cpu (see loop.h): a typed register program
 * run CPU_LOOP_LANES lanes at a time, each instruction one loop over the
 * lanes (which the compiler vectorises), over the output's points split
 * between threads. */
#include "loop.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cpu/cpu.h"
#ifdef _OPENMP
#include <omp.h>
#endif
#include "loop_impl.h"

/* --------------------------------------------------------------- planning */

static bool reads_reg(const cpu_loop_insn *in, int reg) {
    const uint8_t ops[3] = {in->a, in->b, in->c};
    int n = loop_nreads((cpu_lop)in->op);
    for (int i = 0; i < 3; i++)
        if ((n < 0 || i < n) && ops[i] != LOOP_NONE && ops[i] == reg) return true;
    return false;
}

static bool is_comb(cpu_lop op) {
    switch (op) {
    case CPU_L_ADDF:
    case CPU_L_MULF:
    case CPU_L_MAXIMUMF:
    case CPU_L_MINIMUMF:
    case CPU_L_ADDI:
    case CPU_L_MULI:
    case CPU_L_ANDI:
    case CPU_L_ORI:
    case CPU_L_XORI:
    case CPU_L_MAXSI:
    case CPU_L_MINSI: return true;
    default: return false;
    }
}

static int64_t iabs64(int64_t x) { return x < 0 ? -x : x; }

/* Record the message and return SP_EINPUT. */
static sp_status fail_input(sp_ctx *ctx, const char *fmt, ...) SP_PRINTF(2, 3);
static sp_status fail_input(sp_ctx *ctx, const char *fmt, ...) {
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    sp_set_error(ctx, SP_EINPUT, "%s", msg);
    return SP_EINPUT;
}

/* Whether input i is read by a LOAD of the program. */
static bool input_loaded(const cpu_loop *L, uint32_t i) {
    for (uint32_t k = 0; k < L->ninsn; k++)
        if (L->insn[k].op == CPU_L_LOAD && L->insn[k].a == i) return true;
    return false;
}

/* Whether the program reads loop d's index (CPU_L_INDEX). */
static bool index_read(const cpu_loop *L, uint32_t d) {
    for (uint32_t k = 0; k < L->ninsn; k++)
        if (L->insn[k].op == CPU_L_INDEX && L->insn[k].a == d) return true;
    return false;
}

/* Whether every tensor the lanes walk (the loaded inputs, the init, the
 * output) steps along loop o as along loop d times ext. */
static bool strides_chain(const cpu_loop *L, uint32_t d, uint32_t o, int64_t ext) {
    if (L->out.stride[o] != ext * L->out.stride[d]) return false;
    for (uint32_t i = 0; i < L->nin; i++)
        if ((input_loaded(L, i) || (int)i == L->init_input) && L->in[i].stride[o] != ext * L->in[i].stride[d])
            return false;
    return true;
}

/* The loops that can run on as the lanes of loop d (of its kind, parallel
 * or reduction, whose index no instruction reads): one is merged when each
 * tensor's stride along it is its stride along d times the extent merged so
 * far, so that lane l of the merged loop is element l of one strided line.
 * Returns the merged extent, *mask the loops merged (not d). */
static int64_t lane_chain(const cpu_loop *L, uint32_t d, uint64_t *mask) {
    *mask = 0;
    int64_t ext = L->bounds[d];
    if (index_read(L, d)) return ext;
    for (bool grew = true; grew;) {
        grew = false;
        for (uint32_t o = 0; o < L->ndims && o < 64; o++) {
            if (o == d || (*mask >> o & 1) || L->bounds[o] <= 1 || L->reduction[o] != L->reduction[d] ||
                index_read(L, o) || !strides_chain(L, d, o, ext))
                continue;
            if (ext > INT64_MAX / L->bounds[o]) continue;
            ext *= L->bounds[o];
            *mask |= (uint64_t)1 << o;
            grew = true;
        }
    }
    return ext;
}

sp_status cpu_loop_plan(sp_ctx *ctx, cpu_loop *L) {
    if (L->ndims > CPU_LOOP_MAX_DIMS || L->nin > CPU_LOOP_MAX_INPUTS || L->ninsn > CPU_LOOP_MAX_INSNS ||
        L->nregs > CPU_LOOP_MAX_REGS || !L->nregs)
        return fail_input(ctx, "loop kernel: %u loops, %u inputs, %u instructions, %u registers",
                            L->ndims, L->nin, L->ninsn, L->nregs);
    for (uint32_t k = 0; k < L->ninsn; k++) {
        const cpu_loop_insn *in = &L->insn[k];
        bool ok = in->op < CPU_L_OP_COUNT && in->dst < L->nregs;
        int n = loop_nreads((cpu_lop)in->op);
        const uint8_t ops[3] = {in->a, in->b, in->c};
        if (in->op == CPU_L_GATHER || in->op == CPU_L_GINDEX) /* table in[pred] */
            ok = ok && in->pred < L->nin && L->in[in->pred].grank >= 1 && L->in[in->pred].grank <= CPU_LOOP_GATHER_RANK;
        if (in->op == CPU_L_GINDEX)
            ok = ok && in->b != LOOP_NONE && in->c == LOOP_NONE && in->imm.i >= 0 && in->imm.i < L->in[in->pred].grank;
        for (int i = 0; i < 3 && ok; i++)
            if (n < 0 ? ops[i] != LOOP_NONE && ops[i] >= L->nregs : i < n && ops[i] >= L->nregs) ok = false;
        if (in->op == CPU_L_LOAD) ok = ok && in->a < L->nin;
        if (in->op == CPU_L_INDEX) ok = ok && in->a < L->ndims;
        if (in->op == CPU_L_SCALAR) ok = ok && L->scalar;
        if (!ok) return fail_input(ctx, "loop kernel: malformed instruction %u", k);
    }
    const bool red = L->acc >= 0;
    if (red && (L->acc >= (int)L->nregs || L->root_result < 0 || L->root_result >= (int)L->nregs ||
                L->nroot > L->ninsn || (L->init_input >= 0 && (uint32_t)L->init_input >= L->nin)))
        return fail_input(ctx, "loop kernel: malformed reduction");
    if (!red) L->nroot = 0;
    if (L->result < 0 || L->result >= (int)L->nregs) return fail_input(ctx, "loop kernel: no result");
    /* the combining op, for lanes along a reduction loop */
    L->comb = CPU_L_OP_COUNT;
    L->comb_value = -1;
    if (red && L->nroot > 0) {
        const cpu_loop_insn *last = &L->insn[L->nroot - 1];
        bool ok = is_comb((cpu_lop)last->op) && last->dst == L->root_result && last->a != last->b &&
                  (last->a == L->acc || last->b == L->acc);
        for (uint32_t k = 0; ok && k + 1 < L->nroot; k++)
            ok = !reads_reg(&L->insn[k], L->acc) && L->insn[k].dst != L->acc;
        if (ok) {
            L->comb = last->op;
            L->comb_value = last->a == L->acc ? last->b : last->a;
        }
    }
    /* The lane loop: the one with the least work per useful lane. An
     * instruction costs 2 per lane chunk, each tensor strided along the
     * loop 2 more (a gather per lane), a reduction loop 1 more (partials
     * combined per row); a loop shorter than a chunk fills only its extent
     * of the CPU_LOOP_LANES lanes (a 3-wide pooling window along the lanes
     * wastes 125 of 128: the output columns, strided, are the better
     * loop). Ties go to the longest. */
    L->lane_dim = -1;
    L->lane_merged = 0;
    L->lane_extent = 1;
    L->mode = CPU_LOOP_PARALLEL_LANES;
    int64_t best_cost = 1, best_fill = 0;
    for (uint32_t d = 0; d < L->ndims && d < 64; d++) {
        if (L->bounds[d] <= 1) continue;
        if (L->reduction[d] && L->comb == CPU_L_OP_COUNT) continue;
        int64_t cost = 2;
        for (uint32_t i = 0; i < L->nin; i++)
            if ((input_loaded(L, i) || (int)i == L->init_input) && iabs64(L->in[i].stride[d]) > 1) cost += 2;
        if (!L->reduction[d] && iabs64(L->out.stride[d]) > 1) cost += 2;
        if (L->reduction[d]) cost += 1;
        uint64_t merged;
        const int64_t ext = lane_chain(L, d, &merged);
        int64_t fill = ext < CPU_LOOP_LANES ? ext : CPU_LOOP_LANES;
        /* cost / fill < best_cost / best_fill, in integers */
        bool better = L->lane_dim < 0 || cost * best_fill < best_cost * fill ||
                      (cost * best_fill == best_cost * fill && ext > L->lane_extent);
        if (better) {
            best_cost = cost;
            best_fill = fill;
            L->lane_dim = (int)d;
            L->lane_merged = merged;
            L->lane_extent = ext;
            L->mode = L->reduction[d] ? CPU_LOOP_REDUCTION_LANES : CPU_LOOP_PARALLEL_LANES;
        }
    }
    return SP_OK;
}


/* ------------------------------------------------------------------ run */

/* j's loops (outer, reduction, lane blocks) and the team *nt for L at
 * nthreads; returns the items the threads share (0: no points). */
static int64_t split(const cpu_loop *L, loop_job *j, int nthreads, int *nt) {
    const bool rl = L->mode == CPU_LOOP_REDUCTION_LANES;
    int64_t items = 1, work = 1;
    *nt = 1;
    for (uint32_t d = 0; d < L->ndims; d++) {
        if (L->bounds[d] <= 0) return 0;
        work *= L->bounds[d];
        if ((int)d == L->lane_dim || (d < 64 && (L->lane_merged >> d & 1))) continue;
        if (L->reduction[d]) {
            j->rdims[j->nrdims++] = d;
        } else {
            j->outer[j->nouter++] = d;
            items *= L->bounds[d];
        }
    }
    j->npoints = items;
    j->copy = -1;
    if ((j->copy_bytes = cpu_loop_copy_bytes(L)) && L->insn[0].op == CPU_L_LOAD) j->copy = L->insn[0].a;
    if (!rl && L->lane_dim >= 0) {
        bool strided = iabs64(L->out.stride[L->lane_dim]) > 1;
        for (uint32_t i = 0; i < L->nin && !strided; i++)
            strided = input_loaded(L, i) && iabs64(L->in[i].stride[L->lane_dim]) > 1;
        j->block = strided ? CPU_LOOP_LANES : LOOP_BLOCK;
        j->block_major = strided;
        j->nblocks = (L->lane_extent + j->block - 1) / j->block;
        items *= j->nblocks;
    }
    /* threads only where there is enough to split (an OpenMP region costs
     * a few microseconds) */
    *nt = cpu_team(work * (int64_t)(L->ninsn + 1) >= 65536 ? nthreads : 1, items);
    return items;
}

int cpu_loop_copy_bytes(const cpu_loop *L) {
    if (L->ninsn != 1 || L->acc >= 0 || L->result != L->insn[0].dst) return 0;
    const cpu_loop_insn *c = &L->insn[0];
    if (c->op == CPU_L_LOAD ? L->in[c->a].grank || L->in[c->a].dtype != L->out.dtype
                            : !(c->op == CPU_L_CONST && c->imm.i == 0))
        return 0;
    switch ((cpu_ltype)L->out.dtype) {
    case CPU_LT_F64: case CPU_LT_I64: return 8;
    case CPU_LT_F32: case CPU_LT_I32: return 4;
    case CPU_LT_BF16: case CPU_LT_F16: case CPU_LT_I16: return 2;
    case CPU_LT_I8: return 1;
    default: return 0; /* i1 */
    }
}

int cpu_loop_team(const cpu_loop *L, int nthreads) {
    loop_job j = {.L = L, .nblocks = 1, .block = LOOP_BLOCK};
    int nt;
    split(L, &j, nthreads, &nt);
    return nt;
}

/* The engine built for the active ISA (loop_exec.h, once per ISA). */
static loop_items_fn items_fn_of(int isa) {
    return isa >= CPU_ISA_AVX512 ? cpu_loop_items_avx512 : isa == CPU_ISA_AVX2 ? cpu_loop_items_avx2 : cpu_loop_items_generic;
}

uint32_t cpu_loop_run_here(const cpu_loop *L, int isa, const void *const *in_ptrs, void *out, void *regs) {
    const loop_items_fn items_fn = items_fn_of(isa);
    loop_job j = {.L = L, .in = in_ptrs, .out = out, .nblocks = 1, .block = LOOP_BLOCK};
    int nt;
    const int64_t items = split(L, &j, 1, &nt);
    return items ? items_fn(&j, 0, items, regs) : 0;
}

sp_status cpu_loop_run(sp_ctx *ctx, const cpu_loop *L, const void *const *in_ptrs, void *out, int nthreads,
                       uint32_t *failed_insn) {
    cpu_isa isa;
    sp_status st = cpu_isa_active(ctx, &isa);
    if (st != SP_OK) return st;
    const loop_items_fn items_fn = items_fn_of(isa);
    loop_job j = {.L = L, .in = in_ptrs, .out = out, .nblocks = 1, .block = LOOP_BLOCK};
    int nt;
    const int64_t items = split(L, &j, nthreads, &nt);
    if (!items) return SP_OK; /* no points */
    uint32_t bad_all = 0;
#pragma omp parallel num_threads(nt) if (nt > 1)
    {
        lreg r[CPU_LOOP_MAX_REGS];
        int t = 0, n = 1;
#ifdef _OPENMP
        t = omp_get_thread_num();
        n = omp_get_num_threads();
#endif
        const int64_t i0 = items * t / n, i1 = items * (t + 1) / n;
        const uint32_t bad = items_fn(&j, i0, i1, r);
        if (bad) {
#pragma omp critical(cpu_loop_fail)
            if (!bad_all || bad < bad_all) bad_all = bad;
        }
    }
    if (bad_all) {
        if (failed_insn) *failed_insn = bad_all - 1;
        return SP_EINPUT;
    }
    return SP_OK;
}
