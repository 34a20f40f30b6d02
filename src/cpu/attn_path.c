/* attn_path.c - a fused attention kernel on the cpu engine
 * (backend_impl.h, attention.h): its two contractions planned as GEMMs,
 * the score kernels appended to the first's epilogue, the rows' offsets
 * and tile; and its run. */
#include <string.h>

#include "backend_impl.h"

static int loop_of_class(const kernel *k, kn_dimclass c) {
    for (uint32_t d = 0; d < k->ndims; d++)
        if (k->dimclass[d] == c) return (int)d;
    return -1;
}

/* Loop indices of row r (a row of S: its dims but the keys' dim ax,
 * row-major, kernel.h) as the contraction c reads it: through the tensor t
 * (S or a view of P), whose dim ax holds the keys, and the map from c's
 * loops to t's dims. */
static void row_loops(int64_t r, ir_type t, uint32_t ax, const ir_amap *map, int64_t *idx) {
    for (int d = (int)t.rank - 1; d >= 0; d--) {
        if ((uint32_t)d == ax) continue;
        int64_t x = t.dims[d] ? r % t.dims[d] : 0;
        r = t.dims[d] ? r / t.dims[d] : 0;
        int L = ir_aexpr_dim(map->res[d]);
        if (L >= 0) idx[L] = x;
    }
}

/* a's offset at the B and M loop indices idx of contraction k (a row's). */
static int64_t at_loops(const cb_access *a, const int64_t *idx, const kernel *k) {
    int64_t off = a->off;
    for (uint32_t d = 0; d < k->ndims; d++)
        if (k->dimclass[d] != KN_DIM_K && k->dimclass[d] != KN_DIM_N) off += idx[d] * a->stride[d];
    return off;
}

/* The score kernels' programs, appended to qk's epilogue: those of score
 * kernel c its operands [sk_first[c], sk_first[c + 1]). */
static bool attn_scores(cb_backend *cb, cb_attn_plan *ap, kn_attention *at, uint32_t *sk_first, char *why, size_t nwhy) {
    cb_kplan sk[KN_ATTN_SCORE_MAX];
    sk_first[0] = ap->qk.epi.noperands;
    for (uint32_t c = 0; c < at->nscore; c++) {
        cb_kplan *t = &sk[c];
        memset(t, 0, sizeof *t);
        t->k = &at->score[c];
        const ir_value *prev = c ? at->score[c - 1].out : at->qk.out;
        for (uint32_t i = 0; i < t->k->ninputs; i++) {
            if (kn_unview(t->k->inputs[i].value) == prev) t->chain_in_plus1 = (int32_t)i + 1;
        }
        if (!t->chain_in_plus1 || !cb_compile_program(cb, t, 0) || !cb_append_program(&ap->qk, t)) {
            snprintf(why, nwhy, "the attention's score kernel '%s' does not compile into its epilogue",
                     t->k->nepilogue ? t->k->epilogue[0] : "?");
            return false;
        }
        sk_first[c + 1] = ap->qk.epi.noperands;
    }
    return true;
}

/* Each row's offsets (one allocation, ap->offs): of Q, K, V, O and of
 * every epilogue operand. */
static void attn_row_offsets(cb_backend *cb, cb_attn_plan *ap, const kn_attention *at, const uint32_t *sk_first) {
    const kernel *Q = &at->qk, *V = &at->pv;
    const int64_t rows = at->rows;
    cpu_attn_args *a = &ap->args;
    const uint32_t nq = ap->qk.epi.noperands, np_ = ap->pv.epi.noperands;
    int64_t *o = sp_malloc(cb->ctx, sp_size_mul(cb->ctx, (size_t)rows * sizeof *o, 4 + nq + np_));
    ap->offs = o;
    int64_t *q_off = o, *k_off = o + rows, *v_off = o + 2 * rows, *o_off = o + 3 * rows;
    a->q_off = q_off, a->k_off = k_off, a->v_off = v_off, a->o_off = o_off;
    for (uint32_t s = 0; s < nq; s++) a->qk_opnd_off[s] = o + (4 + s) * rows;
    for (uint32_t s = 0; s < np_; s++) a->pv_opnd_off[s] = o + (4 + nq + s) * rows;
    const ir_value *Pv = at->pv.inputs[0].value; /* P as pv reads it */
    for (int64_t r = 0; r < rows; r++) {
        int64_t iq[KN_MAX_DIMS] = {0}, ip[KN_MAX_DIMS] = {0};
        row_loops(r, Q->out->type, at->s_axis, Q->out_map, iq);
        row_loops(r, Pv->type, at->p_axis, at->pv.inputs[0].map, ip);
        q_off[r] = at_loops(&ap->qk.lhs, iq, Q);
        k_off[r] = at_loops(&ap->qk.rhs, iq, Q);
        v_off[r] = at_loops(&ap->pv.rhs, ip, V);
        o_off[r] = at_loops(&ap->pv.out, ip, V);
        for (uint32_t s = 0; s < sk_first[0]; s++) ((int64_t *)a->qk_opnd_off[s])[r] = at_loops(&ap->qk.operand[s], iq, Q);
        for (uint32_t c = 0; c < at->nscore; c++) { /* row r: the loops but the keys', row-major */
            const kernel *sc = &at->score[c];
            int64_t is[KN_MAX_DIMS] = {0}, rr = r;
            for (int d = (int)sc->ndims - 1; d >= 0; d--) {
                if (d == at->score_key[c]) continue;
                is[d] = rr % sc->bounds[d];
                rr /= sc->bounds[d];
            }
            for (uint32_t s = sk_first[c]; s < sk_first[c + 1]; s++) {
                int64_t off = ap->qk.operand[s].off;
                for (uint32_t d = 0; d < sc->ndims; d++)
                    if (d != at->score_key[c]) off += is[d] * ap->qk.operand[s].stride[d];
                ((int64_t *)a->qk_opnd_off[s])[r] = off;
            }
        }
        for (uint32_t s = 0; s < np_; s++) ((int64_t *)a->pv_opnd_off[s])[r] = at_loops(&ap->pv.operand[s], ip, V);
    }
}

/* Plan the parts as GEMMs (accesses, epilogue programs), then the rows'
 * offsets and the tile. */
bool cb_plan_attention(cb_backend *cb, cb_kplan *kp, char *why, size_t nwhy) {
    kernel *k = kp->k;
    kn_attention *at = k->att;
    cb_attn_plan *ap = sp_calloc(cb->ctx, 1, sizeof *ap);
    kp->ap = ap;
    ap->qk.k = &at->qk;
    ap->qk.keep_c_rounding = true; /* S is never stored: its bf16 scores rounded by the program */
    ap->pv.k = &at->pv;
    /* f32, or bf16 (kn_fuse_attention's bf16): Q, K, V widened as they are
     * copied and packed, S in f32 (bf16 scores: rounded by qk's epilogue,
     * held widened), O stored as its type; P (pv's lhs) is never read */
    if (!cb_plan_gemm(cb, &ap->qk, false) || !cb_plan_gemm(cb, &ap->pv, false) || ap->qk.gather || ap->pv.gather || ap->qk.init_slot >= 0 ||
        ap->pv.init_slot >= 0 || ap->qk.a_dt == CPU_F16 || ap->qk.b_dt == CPU_F16 || ap->qk.c_dt == CPU_F16 ||
        ap->pv.b_dt == CPU_F16 || ap->pv.c_dt == CPU_F16) {
        snprintf(why, nwhy, "the cpu engine cannot run one of the attention's contractions as a GEMM");
        return false;
    }
    /* bf16 scores: their roundings in place made single assignment and the
     * chain kept in r0, the steps the pair microkernel applies in its
     * registers, where the interpreter took a fifth of a bf16 head's time */
    if (ap->qk.c_dt == CPU_BF16 && cpu_epi_single_assign(&ap->qk.epi)) cpu_epi_coalesce(&ap->qk.epi);
    /* the score kernels' programs, appended to qk's epilogue */
    uint32_t sk_first[KN_ATTN_SCORE_MAX + 1];
    if (!attn_scores(cb, ap, at, sk_first, why, nwhy)) return false;
    const kernel *Q = &at->qk, *V = &at->pv;
    const int jq = loop_of_class(Q, KN_DIM_N), dq = loop_of_class(Q, KN_DIM_K);
    const int jp = loop_of_class(V, KN_DIM_K), np = loop_of_class(V, KN_DIM_N);
    const int64_t rows = at->rows;
    cpu_attn_args *a = &ap->args;
    a->rows = rows;
    a->keys = at->keys;
    a->safe = at->safe;
    a->d = Q->bounds[dq];
    a->dv = V->bounds[np];
    a->q_sd = ap->qk.lhs.stride[dq];
    a->k_sj = ap->qk.rhs.stride[jq];
    a->k_sd = ap->qk.rhs.stride[dq];
    a->v_sj = ap->pv.rhs.stride[jp];
    a->v_sn = ap->pv.rhs.stride[np];
    a->o_sn = ap->pv.out.stride[np];
    a->q_dt = ap->qk.a_dt, a->k_dt = ap->qk.b_dt, a->v_dt = ap->pv.b_dt, a->o_dt = ap->pv.c_dt, a->p_dt = ap->pv.a_dt;
    attn_row_offsets(cb, ap, at, sk_first);
    const uint32_t nq = ap->qk.epi.noperands, np_ = ap->pv.epi.noperands;
    /* the epilogue operands along keys (dv): their N stride; checked here
     * once (a stand-in pointer: the row's is set per row) */
    static const float somewhere;
    for (uint32_t s = 0; s < nq; s++) ap->qk.epi.operands[s] = (cpu_operand){&somewhere, 0, ap->qk.operand[s].stride[jq]};
    for (uint32_t c = 0; c < at->nscore; c++) /* a score kernel's keys: its loop score_key */
        for (uint32_t s = sk_first[c]; s < sk_first[c + 1]; s++)
            ap->qk.epi.operands[s].sn = ap->qk.operand[s].stride[at->score_key[c]];
    for (uint32_t s = 0; s < np_; s++) ap->pv.epi.operands[s] = (cpu_operand){&somewhere, 0, ap->pv.operand[s].stride[np]};
    if (cpu_epi_check(cb->ctx, &ap->qk.epi) != SP_OK || cpu_epi_check(cb->ctx, &ap->pv.epi) != SP_OK) {
        snprintf(why, nwhy, "the attention's epilogues do not compile for the cpu engine: %s", sp_error_message(cb->ctx));
        return false;
    }
    a->qk_epi = ap->qk.epi.ninsn ? &ap->qk.epi : NULL;
    a->pv_epi = ap->pv.epi.ninsn ? &ap->pv.epi : NULL;
    cpu_isa isa;
    if (cpu_isa_active(cb->ctx, &isa) != SP_OK) sp_rethrow(cb->ctx);
    a->isa = isa;
    a->nthreads = cb->o.nthreads; /* the run's team: cpu_attn_team */
    const cpu_caches caches = cpu_caches_detect();
    cpu_attn_plan(isa, &caches, a, &a->tile);
    return true;
}

void cb_run_attention(cb_backend *cb, uint32_t ki) {
    cb_kplan *kp = &cb->kp[ki];
    cb_attn_plan *ap = kp->ap;
    cpu_attn_args *a = &ap->args;
    cb_patch_program(cb, &ap->qk);
    cb_patch_program(cb, &ap->pv);
    a->Q = ex_value_ptr(cb->px, ap->qk.lhs.value);
    a->K = ex_value_ptr(cb->px, ap->qk.rhs.value);
    a->V = ex_value_ptr(cb->px, ap->pv.rhs.value);
    a->O = ex_value_ptr(cb->px, ap->pv.out.value);
    for (uint32_t s = 0; s < ap->qk.epi.noperands; s++) a->qk_base[s] = cb_operand_base(cb, &ap->qk, s);
    for (uint32_t s = 0; s < ap->pv.epi.noperands; s++) a->pv_base[s] = cb_operand_base(cb, &ap->pv, s);
    cb_keep_work(cb, cpu_attn_work_bytes(a), "the attention's scratch");
    a->work = cb->work;
    cpu_attention(a);
}
