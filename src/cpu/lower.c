/* lower.c - the cpu backend's lowering (backend_impl.h): which path
 * runs a kernel (cb_lower), and for a contraction on the GEMM engine its
 * M, N, K, batch-reduce and outer loops, its blocking and its packed B. */
#include <string.h>

#include "backend_impl.h"

/* The contraction multiplies its inputs in f32 and accumulates in f32:
 * each of lhs, rhs is f32 or a bf16/f16 widened by arith.extf in the body
 * (torch-mlir's low-precision Linear, after canonicalisation moved the
 * cast in): *a_dt, *b_dt get their types. A body in bf16 (products and
 * sums rounded to bf16 at each step) is not this: the engine keeps f32
 * sums, so it goes to the reference. */
bool cb_f32_mac(const kernel *k, cpu_dtype *a_dt, cpu_dtype *b_dt) {
    const ir_op *S = k->root;
    if (!ir_linalg_is_mac(S)) return false;
    const ir_block *b = ir_linalg_body(S);
    for (const ir_op *o = b->first; o; o = o->next) {
        if (o->kind == IR_OP_LINALG_YIELD) continue;
        if (o->kind == IR_OP_SITOFP || o->kind == IR_OP_MULI || o->kind == IR_OP_ADDI) return false;
        if (o->nres != 1 || o->res[0].type.dtype != IR_F32) return false;
        if (o->kind == IR_OP_EXTF && cb_engine_dt(o->opnds[0]->type.dtype) < 0) return false;
    }
    if (b->args[2].type.dtype != IR_F32) return false;
    const int a = cb_engine_dt(b->args[0].type.dtype), w = cb_engine_dt(b->args[1].type.dtype);
    if (a < 0 || w < 0) return false;
    *a_dt = (cpu_dtype)a;
    *b_dt = (cpu_dtype)w;
    return true;
}

static int64_t iabs(int64_t x) { return x < 0 ? -x : x; }

/* An implicit GEMM (a convolution: the lhs read through windows). M is the
 * longest run of output-pixel loops contiguous in the output (and in every
 * epilogue operand), N the output channels, K every reduction loop, ordered
 * by the weights' strides so that B is one strided matrix (the layouts
 * frameworks use: FCHW, HWCF, FHWC, CHW); the lhs is gathered per outer
 * iteration into an M x K matrix (im2col), the other loops are outer. */
static bool plan_gathered(cb_backend *cb, cb_kplan *kp) {
    kernel *k = kp->k;
    kp->gather = true;
    kp->m_dim = kp->n_dim = kp->k_dim = kp->br_dim = -1;
    kp->init_slot = -1;
    if (k->inputs[1].value->type.kind == IR_T_SCALAR) return false;
    if (!cb_compile_program(cb, kp, 1)) return false;
    cpu_epi_coalesce(&kp->epi);
    /* N: the output channel loop with the smallest output stride */
    for (uint32_t d = 0; d < k->ndims; d++)
        if (k->dimclass[d] == KN_DIM_N && (kp->n_dim < 0 || iabs(kp->out.stride[d]) < iabs(kp->out.stride[kp->n_dim])))
            kp->n_dim = (int)d;
    /* K: all reduction loops, weights' largest stride first, each inner one
     * contiguous under the one before in B */
    kp->nkdims = 0;
    for (uint32_t d = 0; d < k->ndims; d++)
        if (k->dimclass[d] == KN_DIM_K && k->bounds[d] > 1) kp->kdims[kp->nkdims++] = d;
    for (uint32_t i = 1; i < kp->nkdims; i++)
        for (uint32_t j = i; j > 0 && iabs(kp->rhs.stride[kp->kdims[j]]) > iabs(kp->rhs.stride[kp->kdims[j - 1]]); j--) {
            uint32_t t = kp->kdims[j];
            kp->kdims[j] = kp->kdims[j - 1];
            kp->kdims[j - 1] = t;
        }
    for (uint32_t i = 0; i + 1 < kp->nkdims; i++)
        if (kp->rhs.stride[kp->kdims[i]] != kp->rhs.stride[kp->kdims[i + 1]] * k->bounds[kp->kdims[i + 1]]) return false;
    /* M: from the output-pixel loop with the smallest output stride outward,
     * while the next is contiguous under it in the output and the operands */
    bool used[KN_MAX_DIMS] = {0};
    kp->nmdims = 0;
    uint32_t chain[KN_MAX_DIMS];
    for (;;) {
        int best = -1;
        for (uint32_t d = 0; d < k->ndims; d++) {
            if (k->dimclass[d] != KN_DIM_M || used[d] || k->bounds[d] == 1) continue;
            if (best < 0 || iabs(kp->out.stride[d]) < iabs(kp->out.stride[best])) best = (int)d;
        }
        if (best < 0) break;
        if (kp->nmdims) {
            uint32_t in = chain[kp->nmdims - 1];
            bool ok = kp->out.stride[best] == kp->out.stride[in] * k->bounds[in];
            for (uint32_t s = 0; s < kp->epi.noperands && ok; s++)
                ok = kp->operand[s].stride[best] == kp->operand[s].stride[in] * k->bounds[in];
            if (!ok) break;
        }
        used[best] = true;
        chain[kp->nmdims++] = (uint32_t)best;
    }
    for (uint32_t i = 0; i < kp->nmdims; i++) kp->mdims[i] = chain[kp->nmdims - 1 - i];
    kp->m_dim = kp->nmdims ? (int)chain[0] : -1;
    /* operands are read in the accumulator's layout: never along K */
    for (uint32_t s = 0; s < kp->epi.noperands; s++)
        for (uint32_t i = 0; i < kp->nkdims; i++)
            if (kp->operand[s].stride[kp->kdims[i]]) return false;
    if (k->init_scalar) {
        if (kp->epi.noperands >= CPU_EPI_MAX_OPERANDS) return false;
        kp->init_slot = (int)kp->epi.noperands++;
    }
    kp->nouter = 0;
    for (uint32_t d = 0; d < k->ndims; d++) {
        bool inner = (int)d == kp->n_dim;
        for (uint32_t i = 0; i < kp->nmdims; i++) inner |= kp->mdims[i] == d;
        for (uint32_t i = 0; i < kp->nkdims; i++) inner |= kp->kdims[i] == d;
        if (!inner && k->bounds[d] > 1) kp->outer[kp->nouter++] = d;
    }
    kp->gM = kp->gK = 1;
    for (uint32_t i = 0; i < kp->nmdims; i++) kp->gM *= k->bounds[kp->mdims[i]];
    for (uint32_t i = 0; i < kp->nkdims; i++) kp->gK *= k->bounds[kp->kdims[i]];
    kp->gN = kp->n_dim >= 0 ? k->bounds[kp->n_dim] : 1;
    kp->gNB = 1;
    kp->b_sk = kp->nkdims ? kp->rhs.stride[kp->kdims[kp->nkdims - 1]] : 0;
    kp->b_sn = kp->n_dim >= 0 ? kp->rhs.stride[kp->n_dim] : 0;
    kp->b_sb = 0;
    kp->npix = kp->gM;
    /* the transposed form: weights unit along the window, enough channels
     * and pixels to fill the register tile; the pixels of all M loops are
     * the N of each call (a call's columns may span output rows, so a
     * 56-wide image fills 64-wide panels) */
    const int w = kp->m_dim, f = kp->n_dim;
    if (w >= 0 && f >= 0 && kp->nkdims && kp->rhs.stride[kp->kdims[kp->nkdims - 1]] == 1 && kp->npix >= 8 &&
        k->bounds[f] >= 8) {
        kp->window_b = true;
        kp->gather = false;
        kp->m_dim = f;
        kp->n_dim = w;
        kp->gM = k->bounds[f];
        kp->gN = kp->npix;
    }
    return cb_plan_window(cb, kp);
}

/* Input i of a contraction as the GEMM reads it: a scalar operand of the
 * contraction itself (a splat weight folded by canonicalisation) through
 * zero strides, one float, never blown up to a tensor; else its access. */
static bool contraction_access(cb_backend *cb, const kernel *k, uint32_t i, cb_access *acc) {
    const ir_value *v = k->inputs[i].value;
    if (v->type.kind != IR_T_SCALAR) return cb_make_access(cb, v, k->inputs[i].map, k->ndims, acc);
    memset(acc, 0, sizeof *acc);
    acc->value = v->id;
    return true;
}

/* The GEMM's element types and its accesses (lhs, rhs, out); a folded pad
 * read at the padded coordinates less the pad. */
static bool gemm_accesses(cb_backend *cb, cb_kplan *kp) {
    kernel *k = kp->k;
    /* f32 products and sums (of f32, bf16 or f16 inputs); the result f32,
     * bf16 or f16, the epilogue's operands any float type or i1 masks */
    if (!cb_f32_mac(k, &kp->a_dt, &kp->b_dt)) return false;
    const int c_dt = cb_engine_dt(k->out->type.dtype);
    if (c_dt < 0) return false;
    kp->c_dt = (cpu_dtype)c_dt;
    for (uint32_t i = 2; i < k->ninputs; i++)
        if (cb_engine_dt(k->inputs[i].value->type.dtype) < 0 &&
            !(k->inputs[i].value->type.dtype == IR_I1 && k->inputs[i].role == KN_ROLE_OPERAND))
            return false;
    if (k->init_scalar && k->init_scalar->type.dtype != IR_F32) return false;
    const ir_value *a = k->inputs[0].value;
    if (!contraction_access(cb, k, 0, &kp->lhs) || !contraction_access(cb, k, 1, &kp->rhs)) return false;
    if (!cb_make_access(cb, k->out, k->out_map, k->ndims, &kp->out)) return false;
    for (uint32_t i = 1; i < k->ninputs; i++)
        if (k->inputs[i].pad) return false;
    if (k->inputs[0].pad) { /* a folded pad (cb_folds_pad): its source read at the padded coordinates less the pad */
        if (ir_amap_is_projected_perm(k->inputs[0].map, true) || a->type.kind != IR_T_TENSOR) return false;
        int64_t ts[IR_MAX_RANK];
        ir_type_strides(a->type, ts);
        for (uint32_t r = 0; r < k->inputs[0].map->nres; r++) kp->lhs.off -= k->inputs[0].pad_low[r] * ts[r];
    }
    return true;
}

/* The inner loops: N with the smallest output stride, M likewise, K with
 * the smallest lhs stride, a second K loop the batch-reduce loop (no
 * third); the others outer. */
static bool gemm_loops(cb_kplan *kp) {
    const kernel *k = kp->k;
    const kn_dimclass cn = kp->swapped ? KN_DIM_M : KN_DIM_N, cm = kp->swapped ? KN_DIM_N : KN_DIM_M;
    kp->m_dim = kp->n_dim = kp->k_dim = kp->br_dim = -1;
    int nk = 0;
    for (uint32_t d = 0; d < k->ndims; d++) {
        const int64_t cs = iabs(kp->out.stride[d]);
        if (k->dimclass[d] == cn) {
            if (kp->n_dim < 0 || cs < iabs(kp->out.stride[kp->n_dim])) kp->n_dim = (int)d;
        } else if (k->dimclass[d] == cm) {
            if (kp->m_dim < 0 || cs < iabs(kp->out.stride[kp->m_dim])) kp->m_dim = (int)d;
        } else if (k->dimclass[d] == KN_DIM_K) {
            nk++;
        }
    }
    if (nk > 2) return false;
    for (uint32_t d = 0; d < k->ndims; d++) {
        if (k->dimclass[d] != KN_DIM_K) continue;
        if (kp->k_dim < 0) {
            kp->k_dim = (int)d;
        } else if (iabs(kp->lhs.stride[d]) < iabs(kp->lhs.stride[kp->k_dim])) {
            kp->br_dim = kp->k_dim;
            kp->k_dim = (int)d;
        } else {
            kp->br_dim = (int)d;
        }
    }
    kp->nouter = 0;
    for (uint32_t d = 0; d < k->ndims; d++)
        if ((int)d != kp->m_dim && (int)d != kp->n_dim && (int)d != kp->k_dim && (int)d != kp->br_dim)
            kp->outer[kp->nouter++] = d;
    return true;
}

/* C unit-strided along M and not along N (a result the graph reads back
 * transposed: ConvNeXt's MLP, whose [3136 x 96] output its layer scale
 * and residual read as 1x96x56x56, written so once the transpose fuses,
 * canon_reshape.c collapse_permuted): the GEMM runs as C^T = B^T A^T, the
 * operands and M and N exchanged, so that its tiles are stored as rows
 * and its epilogue's operands read along them (vectors, in registers),
 * where a column-major C is stored an element at a time. Both inputs
 * tensors (a scalar operand stays where cb_run_gemm reads it). */
static bool gemm_swap(cb_kplan *kp) {
    const kernel *k = kp->k;
    if (kp->m_dim < 0 || kp->n_dim < 0 || iabs(kp->out.stride[kp->m_dim]) != 1 ||
        iabs(kp->out.stride[kp->n_dim]) == 1 || k->inputs[0].value->type.kind != IR_T_TENSOR ||
        k->inputs[1].value->type.kind != IR_T_TENSOR)
        return true;
    const cb_access t = kp->lhs;
    kp->lhs = kp->rhs;
    kp->rhs = t;
    const cpu_dtype dt = kp->a_dt;
    kp->a_dt = kp->b_dt;
    kp->b_dt = dt;
    kp->swapped = true;
    return gemm_loops(kp); /* M and N exchanged (gemm_loops reads swapped) */
}

/* The epilogue program: its operands must not depend on the reduction
 * loops; a last rounding to C's type is the store's; a scalar init its
 * own operand. */
static bool gemm_epilogue(cb_backend *cb, cb_kplan *kp) {
    const kernel *k = kp->k;
    kp->init_slot = -1;
    if (!cb_compile_program(cb, kp, 1)) return false;
    /* the store rounds to C's type: a last rounding to it is the store's
     * (and the program may then be a fast path's) */
    cpu_epilogue *e = &kp->epi;
    const cpu_epi_op round_c = kp->c_dt == CPU_BF16 ? CPU_EPI_ROUND_BF16 : CPU_EPI_ROUND_F16;
    if (kp->c_dt != CPU_F32 && !kp->keep_c_rounding && e->ninsn && e->insn[e->ninsn - 1].dst == e->result &&
        e->insn[e->ninsn - 1].op == round_c) {
        e->result = e->insn[e->ninsn - 1].a;
        e->ninsn--;
    }
    cpu_epi_coalesce(&kp->epi); /* bias-as-init and ReLU fast paths */
    for (uint32_t s = 0; s < kp->epi.noperands; s++) {
        if (kp->k_dim >= 0 && kp->operand[s].stride[kp->k_dim]) return false;
        if (kp->br_dim >= 0 && kp->operand[s].stride[kp->br_dim]) return false;
    }
    if (k->init_scalar) {
        if (kp->epi.noperands >= CPU_EPI_MAX_OPERANDS) return false;
        kp->init_slot = (int)kp->epi.noperands++;
    }
    return true;
}

bool cb_plan_gemm(cb_backend *cb, cb_kplan *kp, bool may_swap) {
    kernel *k = kp->k;
    kp->swapped = false;
    if (!gemm_accesses(cb, kp)) return false;
    if (!ir_amap_is_projected_perm(k->inputs[0].map, true)) {
        /* convolutions gather and copy f32 windows */
        if (kp->a_dt != CPU_F32 || kp->b_dt != CPU_F32 || kp->c_dt != CPU_F32) return false;
        return plan_gathered(cb, kp);
    }
    if (!gemm_loops(kp) || (may_swap && !gemm_swap(kp)) || !gemm_epilogue(cb, kp)) return false;
    kp->gM = kp->m_dim >= 0 ? k->bounds[kp->m_dim] : 1;
    kp->gN = kp->n_dim >= 0 ? k->bounds[kp->n_dim] : 1;
    kp->gK = kp->k_dim >= 0 ? k->bounds[kp->k_dim] : 1;
    kp->gNB = kp->br_dim >= 0 ? k->bounds[kp->br_dim] : 1;
    kp->b_sk = kp->k_dim >= 0 ? kp->rhs.stride[kp->k_dim] : 0;
    kp->b_sn = kp->n_dim >= 0 ? kp->rhs.stride[kp->n_dim] : 0;
    kp->b_sb = kp->br_dim >= 0 ? kp->rhs.stride[kp->br_dim] : 0;
    return true;
}

/* Whether the rhs is one B for every outer iteration (so it can be packed
 * once). */
bool cb_rhs_packable(const cb_kplan *kp) {
    for (uint32_t j = 0; j < kp->nouter; j++)
        if (kp->rhs.stride[kp->outer[j]] != 0) return false;
    return true;
}

/* Pack a GEMM kernel's weights from base (the rhs value's storage) once,
 * when the whole B is the same for every outer iteration. */
void cb_pack_rhs(cb_backend *cb, cb_kplan *kp, const void *base) {
    if (!cb_rhs_packable(kp)) return;
    const char *B = (const char *)base + kp->rhs.off * cpu_dtype_size(kp->b_dt);
    cpu_packed_free(cb->ctx, kp->packed);
    kp->packed = NULL;
    if (cpu_pack_b(cb->ctx, &kp->blocking, kp->gK, kp->gN, kp->gNB, B, kp->b_dt, kp->b_sk, kp->b_sn, kp->b_sb,
                   &kp->packed) != SP_OK)
        sp_rethrow(cb->ctx);
}

/* The kernel's tile plan; b_streamed: its B is an argument of each call
 * (packed per call, or, an f32 B of unit column stride, maybe read in
 * place: cpu_b_source). A bf16 x
 * bf16 GEMM runs on the ISA's pair kernels where they pay (cpu_pairs_pay;
 * vdpbf16ps: two k steps an instruction), planned over ceil(K/2) pair
 * steps: a pair row of a panel has the bytes of an f32 row, so the cache
 * plan is the same. */
void cb_choose_blocking(cb_backend *cb, cb_kplan *kp, bool b_streamed) {
    cpu_isa isa;
    if (cpu_isa_active(cb->ctx, &isa) != SP_OK) sp_rethrow(cb->ctx);
    const cpu_caches caches = cpu_caches_detect();
    const kernel *k = kp->k;
    const cpu_kernel_set *pk = kp->a_dt == CPU_BF16 && kp->b_dt == CPU_BF16 && !kp->gather && !kp->window_b &&
                                       k->inputs[0].value->type.kind == IR_T_TENSOR &&
                                       k->inputs[1].value->type.kind == IR_T_TENSOR
                                   ? cpu_kernel_pairs(isa)
                                   : NULL;
    if (!cpu_pairs_pay(pk, kp->gM)) pk = NULL;
    const bool f32 = kp->b_dt == CPU_F32 && !kp->window_b;
    const cpu_b_source src = !b_streamed                ? CPU_B_PREPACKED
                             : f32 && kp->b_sn == 1 ? CPU_B_PER_CALL_ROWS
                             : f32 && kp->b_sk == 1 ? CPU_B_PER_CALL_COLS
                                                    : CPU_B_PER_CALL;
    const sp_status st =
        pk ? cpu_blocking_choose_set(cb->ctx, kp->gM, kp->gN, (kp->gK + 1) / 2, kp->gNB, cb->o.nthreads, pk, &caches,
                                     src, &kp->blocking)
           : cpu_blocking_choose_unit(cb->ctx, kp->gM, kp->gN, kp->gK, kp->gNB, cb->o.nthreads, isa, &caches, src,
                                      kp->direct && kp->kperiod > 1 ? kp->kperiod : 8, &kp->blocking);
    if (st != SP_OK) sp_rethrow(cb->ctx);
}

/* A kernel op's body holds a cf.assert (a check at each point). */
static bool epilogue_asserts(const kernel *k) {
    for (uint32_t i = 0; i < k->nops; i++) {
        const ir_block *b = k->ops[i]->kind == IR_OP_LINALG ? ir_linalg_body(k->ops[i]) : NULL;
        for (const ir_op *o = b ? b->first : NULL; o; o = o->next)
            if (o->kind == IR_OP_ASSERT) return true;
    }
    return false;
}
/* Whether an input is read through a window: a map result that is not a
 * loop or a constant (a convolution's oh * stride + kh). */
bool cb_reads_a_window(const kernel *k) {
    for (uint32_t i = 0; i < k->ninputs; i++)
        if (ir_amap_reads_window(k->inputs[i].map)) return true;
    return false;
}

bool cb_lower(ex_backend *b, ex_program *x, uint32_t i, char *why, size_t nwhy) {
    cb_backend *cb = (cb_backend *)b;
    cb_kplan *kp = &cb->kp[i];
    kp->path = CB_PATH_INTERP;
    bool ok = false;
    if (kp->k->kind == KN_CONTRACTION) {
        /* one output column over a window (a depthwise convolution: per
         * channel a window sum): the GEMM microkernels would fill 1 of their
         * 64 columns (ConvNeXt's 7x7 depthwise: 0.4 GFLOP/s), the loop
         * engine puts its lanes along the output's pixels. A plain
         * matrix-vector product keeps the GEMV kernel (faster there). */
        if (cb_plan_dw(cb, kp)) {
            kp->path = CB_PATH_DW;
            return true;
        }
        cb_dw_free(cb->ctx, kp->dw);
        kp->dw = NULL;
        memset(&kp->epi, 0, sizeof kp->epi), kp->npatches = 0;
        if (kp->k->n == 1 && cb_reads_a_window(kp->k) && !kp->k->inputs[0].pad) {
            kp->lk = sp_calloc(cb->ctx, 1, sizeof *kp->lk);
            if (cpu_loop_lower(cb->ctx, x, kp->k, kp->lk, why, nwhy)) {
                kp->path = CB_PATH_LOOP;
                return true;
            }
            sp_free(cb->ctx, kp->lk);
            kp->lk = NULL;
        }
        ok = cb_plan_gemm(cb, kp, true);
        if (ok) kp->path = CB_PATH_GEMM;
    } else if (kp->k->kind == KN_LOOP) {
        kp->lk = sp_calloc(cb->ctx, 1, sizeof *kp->lk);
        ok = cpu_loop_lower(cb->ctx, x, kp->k, kp->lk, why, nwhy);
        if (ok) kp->path = CB_PATH_LOOP;
        return ok;
    } else if (kp->k->kind == KN_ATTENTION) {
        ok = cb_plan_attention(cb, kp, why, nwhy);
        if (ok) kp->path = CB_PATH_ATTN;
        return ok;
    } else if (kp->k->kind == KN_ROWS) {
        ok = cb_plan_rows(cb, kp, why, nwhy);
        if (ok) kp->path = CB_PATH_ROWS;
        return ok;
    } else if (kp->k->kind == KN_OP) {
        kp->lk = sp_calloc(cb->ctx, 1, sizeof *kp->lk);
        ok = cpu_loop_lower_op(cb->ctx, x, kp->k, kp->lk, why, nwhy);
        if (ok) kp->path = CB_PATH_OP;
        return ok;
    }
    if (!ok) {
        memset(&kp->epi, 0, sizeof kp->epi), kp->npatches = 0;
        const ir_block *rb = kp->k->kind == KN_CONTRACTION ? ir_linalg_body(kp->k->root) : NULL;
        const ir_dtype acc = rb && rb->nargs ? (ir_dtype)rb->args[rb->nargs - 1].type.dtype : IR_F32;
        if (acc == IR_BF16 || acc == IR_F16)
            snprintf(why, nwhy,
                     "the contraction sums in %s, each step rounded, and the cpu engine sums in f32 (an f32 "
                     "accumulator, as torch-mlir writes one, runs on the engine)",
                     acc == IR_BF16 ? "bf16" : "f16");
        else if (epilogue_asserts(kp->k))
            /* TODO(issue 33): the GEMM epilogue's instructions are f32
             * vector ops with no way to stop the run; a check there would
             * need one (the loop engine's and the npu's run it) */
            snprintf(why, nwhy, "its epilogue holds a cf.assert, which the cpu engine's %s epilogues do not run",
                     kn_kind_name(kp->k->kind));
        else
            snprintf(why, nwhy, "the cpu engine has no %s kernel of this kind", kn_kind_name(kp->k->kind));
    }
    return ok;
}

/* A pad is folded into a convolution's window (cb_plan_window): the packing
 * writes the padding value where a window element falls outside the
 * source, so the padded tensor is never written. Only f32 convolutions of
 * more than one output column (the GEMM paths; a depthwise one runs on the
 * loop engine) whose padded coordinates are window coordinates; and a
 * pool's window the direct window path runs (loop_window.c: a max, or a
 * sum under a +0 padding). */
bool cb_folds_pad(ex_backend *b, const kernel *k, uint32_t input, const kn_input *folded) {
    if (k->kind == KN_LOOP) return cpu_loop_window_takes_pad(((cb_backend *)b)->ctx, k, input, folded);
    if (input == 0 && k->n == 1 && folded->pad && folded->pad_low && folded->map && cb_dw_shape(k, folded)) return true;
    if (input != 0 || k->kind != KN_CONTRACTION || k->n == 1 || k->ninputs < 2 || !folded->pad || !folded->pad_low ||
        !folded->map || ir_amap_is_projected_perm(folded->map, true))
        return false;
    const ir_value *x = folded->value, *w = k->inputs[1].value;
    if (x->type.kind != IR_T_TENSOR || x->type.dtype != IR_F32 || w->type.kind != IR_T_TENSOR ||
        w->type.dtype != IR_F32 || k->out->type.dtype != IR_F32 || x->type.rank != folded->map->nres)
        return false;
    for (uint32_t r = 0; r < folded->map->nres; r++)
        if ((folded->pad_low[r] || folded->pad_high[r]) && ir_aexpr_dim(folded->map->res[r]) >= 0) return false;
    return true;
}
