/* ukr_common.h - what the x86 microkernel files (sgemm_avx2.c,
 * sgemm_avx512.c) share around their bodies: the accumulators' X-macros,
 * the prefetch distances, PREFETCHW, and the many-row kernel. Each file
 * includes it once, after kernels.h, and defines its own ukr_body. */
#ifndef SPADC_CPU_UKR_COMMON_H
#define SPADC_CPU_UKR_COMMON_H

/* A line the tile will store to, fetched for writing (PREFETCHW; measured
 * +2% on the 6x64 kernel over a read prefetch, which leaves the store an
 * ownership upgrade to wait for). A no-op where unsupported. */
static inline __attribute__((always_inline)) void prefetchw(const float *p) {
    __asm__ volatile("prefetchw %0" ::"m"(*(const char *)p));
}

/* Accumulators are named variables (c<row>_<vector>), not an array: with an
 * array GCC keeps the tile in memory around the K loop unless everything is
 * unrolled before scalar replacement. Up to 6 rows and 4 vectors; rows and
 * vectors past a set's tile, and past a specialisation's mr / nv, are dead
 * code. */
#define ROWS(X) X(0) X(1) X(2) X(3) X(4) X(5)
#define VECS(X, i) X(i, 0) X(i, 1) X(i, 2) X(i, 3)

/* A one-row tile (a GEMV) streams B from memory with one FMA per load:
 * its rows are prefetched B1_DIST floats (8 KiB, 32 k steps) ahead; for a
 * pre-packed B that runs on into the next block (panels are contiguous),
 * for a B packed per call past the block is wasted, and harmless. Measured
 * on 1x4096x4096 (AVX-512): ~+13% at 1 thread, ~+15% at 2, over the
 * hardware alone. */
#define B1_DIST 2048
/* The same distance for B read in place (gemm_strided): rows, not floats */
#define BS_ROWS 32
#define PF_STEPS 32 /* k steps before the end at which the tile's lines are prefetched */

/* The many-row kernel of a set (PRE: its name prefix, MRX its tile rows)
 * for nv vectors: whole MRX-row strips with the body inlined, called as
 * ukr_body(&u, the rest of the arguments), then the short strip through
 * PRE##_table, with no call, frame or dispatch per strip (a 64x64x64 GEMM
 * on the 6x64 set is 11 strips of one panel). */
#define UKR_ROWS_DEF(PRE, MRX, nv, ...)                                  \
    static void PRE##_rows_v##nv(const cpu_ukr *u0) {                    \
        cpu_ukr u = *u0;                                                 \
        int64_t rows = u0->m;                                            \
        const int64_t add_step = u.add && u.add_rs ? MRX * u.add_rs : 0; \
        u.pf_n = 0;                                                      \
        for (; rows >= MRX; rows -= MRX) {                               \
            u.m = MRX;                                                   \
            ukr_body(&u, __VA_ARGS__);                                   \
            u.a += MRX * u.a_rs, u.c += MRX * u.c_rs, u.m0 += MRX;       \
            if (u.add) u.add += add_step;                                \
        }                                                                \
        if (rows > 0) {                                                  \
            u.m = (int)rows;                                             \
            PRE##_table[rows - 1][nv - 1](&u);                           \
        }                                                                \
    }

/* ---- pieces of the bodies (each file's ukr_body), written over the
 * includer's VF, VLEN, VPS and vload_n with u, mr (rows) and nv (vectors)
 * in scope. */

/* UKR_LOAD_N(p, cnt): the prologue's loads, vload_n unless the includer
 * names the intrinsic (sgemm_avx512.c: the same load, which GCC's inliner
 * weighs as smaller than the call, keeping the kernels as they were) */
#ifndef UKR_LOAD_N
#define UKR_LOAD_N vload_n
#endif

/* The prologue: zero; the accumulators c<i>_<v>, zero or, where the tile
 * to add is a broadcast row (a bias: row_init), that row, loaded once
 * instead of an add per accumulator after the loop; B's walk (b), A's
 * row stride (lda), k, and A's row pointers a0..a5. */
#define UKR_DECL(i, v) VF c##i##_##v = zero;
#define UKR_DECL_ROW(i) VECS(UKR_DECL, i)
#define UKR_INIT(i, v) c##i##_##v = r##v;
#define UKR_INIT_ROW(i) VECS(UKR_INIT, i)
#define UKR_PROLOGUE()                                                                                      \
    const VF zero = VPS(setzero)();                                                                         \
    ROWS(UKR_DECL_ROW)                                                                                      \
    const bool row_init = u->add && u->add_rs == 0 && u->add_cs == 1;                                       \
    if (row_init) {                                                                                         \
        const int n = u->n;                                                                                 \
        const VF r0 = UKR_LOAD_N(u->add, n);                                                                \
        const VF r1 = nv > 1 ? UKR_LOAD_N(u->add + VLEN, n - VLEN) : zero;                                  \
        const VF r2 = nv > 2 ? UKR_LOAD_N(u->add + 2 * VLEN, n - 2 * VLEN) : zero;                          \
        const VF r3 = nv > 3 ? UKR_LOAD_N(u->add + 3 * VLEN, n - 3 * VLEN) : zero;                          \
        (void)r1, (void)r2, (void)r3;                                                                       \
        ROWS(UKR_INIT_ROW)                                                                                  \
    }                                                                                                       \
    const float *b = u->b;                                                                                  \
    const int64_t lda = u->a_rs, k = u->k;                                                                  \
    const float *a0 = u->a, *a1 = a0 + lda, *a2 = a1 + lda, *a3 = a2 + lda, *a4 = a3 + lda, *a5 = a4 + lda; \
    (void)a1, (void)a2, (void)a3, (void)a4, (void)a5

/* The K loop in three parts, STEP() a k step, p from 0: the tile's lines
 * are prefetched while its last steps run (prefetch_add, prefetch_c: each
 * file's), the tile added after the loop (C's partial sum, an init
 * operand such as a residual; it may come from L3) 2 * PF_STEPS steps
 * ahead, C for writing PF_STEPS ahead, so the two batches of misses do not
 * queue behind each other. UKR_K_SPLIT declares p and the two points;
 * a file may run steps of its own (from p) before UKR_K_LOOP. */
#define UKR_K_SPLIT()                                                                                   \
    const int64_t kp1 = k > 2 * PF_STEPS ? k - 2 * PF_STEPS : 0, kp2 = k > PF_STEPS ? k - PF_STEPS : 0; \
    int64_t p = 0
#define UKR_K_LOOP(STEP)                                 \
    _Pragma("GCC unroll 4") for (; p < kp1; p++) STEP(); \
    prefetch_add(u, mr, nv);                             \
    _Pragma("GCC unroll 4") for (; p < kp2; p++) STEP(); \
    prefetch_c(u, mr, nv);                               \
    _Pragma("GCC unroll 4") for (; p < k; p++) STEP()

/* A step (kernels.h cpu_epi_step) on one accumulator vector of type VT,
 * through the file's VPS; ReLU as UKR_RELU computes it. VMAXPS/VMINPS
 * return the second operand where either is NaN: x's NaN is kept (the
 * constant is none); no zero to order against. A mask select through the
 * file's UKR_SEL_GT(p, q, a, b), p > q ? a : b lane by lane (ordered: b
 * where p is NaN, as CPU_EPI_SELECT_GT), k its constant, t its threshold. */
#define UKR_STEP_OP_DEF(VT)                                                                              \
    static inline __attribute__((always_inline)) VT step_op(int op, VT x, VT o, VT zero, VT k, VT t) { \
        switch (op) {                                                                      \
        case CPU_STEP_MASK_KEEP: return UKR_SEL_GT(o, t, x, k);                            \
        case CPU_STEP_MASK_DROP: return UKR_SEL_GT(o, t, k, x);                            \
        case CPU_STEP_ADD: return VPS(add)(x, o);                                          \
        case CPU_STEP_SUB: return VPS(sub)(x, o);                                          \
        case CPU_STEP_RSUB: return VPS(sub)(o, x);                                         \
        case CPU_STEP_MUL: return VPS(mul)(x, o);                                          \
        case CPU_STEP_MAXC: return VPS(max)(o, x);                                         \
        case CPU_STEP_MINC: return VPS(min)(o, x);                                         \
        case CPU_STEP_MAXC_X: return VPS(max)(x, o);                                       \
        case CPU_STEP_MINC_X: return VPS(min)(x, o);                                       \
        default: return VPS(add)(VPS(max)(zero, x), zero); /* CPU_STEP_RELU */              \
        }                                                                                  \
    }

/* A GENERAL program that is steps (kernels.h), applied to the register
 * tile (up to 4 vectors of VT a row; kind, mr, nv, zero and u in scope),
 * which then stores as STORE: no spill to the interpreter. Operands of
 * column stride 1 load through the file's UKR_OPLOAD(q, v) (vector v of
 * the row at q, masked past n); those of stride 0 are one value a row. */
#define UKR_EPS_APPLY(i, v) \
    if (nv > v) c##i##_##v = step_op(OPC, c##i##_##v, o##v, zero, cst, thr);
#define UKR_EPS_ROW(i)                                                       \
    if (mr > i) {                                                            \
        VT_ o0 = cst, o1 = cst, o2 = cst, o3 = cst;                          \
        if (vec) {                                                           \
            const float *q = o->ptr + (u->m0 + i) * o->sm + u->n0;           \
            o0 = UKR_OPLOAD(q, 0);                                           \
            if (nv > 1) o1 = UKR_OPLOAD(q, 1);                               \
            if (nv > 2) o2 = UKR_OPLOAD(q, 2);                               \
            if (nv > 3) o3 = UKR_OPLOAD(q, 3);                               \
        } else if (o) {                                                      \
            o0 = o1 = o2 = o3 = VPS(set1)(o->ptr[(u->m0 + i) * o->sm]);      \
        }                                                                    \
        (void)o1, (void)o2, (void)o3;                                        \
        VECS(UKR_EPS_APPLY, i)                                               \
    }
/* The steps' switch once a step, each case over the whole tile with its op
 * a constant, where UKR_EPS_HOIST_IF (the file's, a constant per body
 * instance) holds; elsewhere once a vector. A switch per vector cost
 * MobileNetV2's small-K 1x1 convolutions (K 16-32, six steps of a
 * BatchNorm and ReLU6) about a third of their time on AVX2, as it did its
 * depthwise tiles (conv_dw_impl.h). On AVX-512 (Zen 4, 1 thread), with a
 * BatchNorm and ReLU6: the 1x1 16->96 at 112x112 0.99-1.00 -> 0.78-0.83 ms,
 * 24->144 at 56x56 0.42-0.45 -> 0.34-0.36, 32->16 at 112 0.24-0.25 ->
 * 0.21-0.22. sgemm_avx2.c hoists every shape; sgemm_avx512.c only the full
 * 6x64 tile of its f32 kernels reading B in place (a convolution's window,
 * strided rows), which builds in the time it did (57-60 s of CPU). Its
 * plain f32 tile too (NHWC's 1x1s, on the packed GEMM) gained 2-4% and
 * took 67-78 s; its nine tables' every edge shape made gcc's ASan+UBSan
 * build of it take 1,180 s where it took 341. */
#ifndef UKR_EPS_HOIST_IF
#define UKR_EPS_HOIST_IF 0
#endif
#define UKR_EPS_CASE(c)   \
    case c: {             \
        enum { OPC = c }; \
        ROWS(UKR_EPS_ROW) \
        break;            \
    }
#define UKR_EPS_DISPATCH()                                       \
    do {                                                         \
        if (UKR_EPS_HOIST_IF) {                                  \
            switch (st.op) {                                     \
                CPU_EPI_STEP_OPS(UKR_EPS_CASE)                   \
                CPU_EPI_SELECT_STEP_OPS(UKR_EPS_CASE)            \
            default: break; /* no other op is a step (epilogue.h) */ \
            }                                                    \
        } else {                                                 \
            const int OPC = st.op;                               \
            ROWS(UKR_EPS_ROW)                                    \
        }                                                        \
    } while (0)
#define UKR_GT_SPILL(i, v) \
    if (nv > v) gt[i][v] = c##i##_##v;
#define UKR_GT_SPILL_ROW(i) \
    if (mr > i) { VECS(UKR_GT_SPILL, i) }
#define UKR_GT_LOAD(i, v) \
    if (nv > v) c##i##_##v = gt[i][v];
#define UKR_GT_LOAD_ROW(i) \
    if (mr > i) { VECS(UKR_GT_LOAD, i) }
#define UKR_EPI_STEPS(VT)                                                                       \
    do {                                                                                        \
        typedef VT VT_;                                                                         \
        if (kind == CPU_EPI_KIND_GENERAL && u->epi->nsteps && cpu_epi_steps_fit(u->epi)) {          \
            const cpu_epilogue *e = u->epi->e;                                                  \
            for (uint32_t s = 0; s < u->epi->nsteps; s++) {                                     \
                const cpu_epi_step st = u->epi->steps[s];                                       \
                if (cpu_epi_step_is_tile(st.op)) { /* spilled, act_tile, reloaded */             \
                    VT_ gt[6][4];                                                               \
                    ROWS(UKR_GT_SPILL_ROW)                                                      \
                    act_tile((float *)gt, mr, nv, 4 * VLEN, st.op);                             \
                    ROWS(UKR_GT_LOAD_ROW)                                                       \
                    continue;                                                                   \
                }                                                                               \
                const cpu_operand *o = st.operand >= 0 ? &e->operands[st.operand] : NULL;       \
                const bool vec = o && o->sn == 1;                                               \
                const VT cst = VPS(set1)(st.imm), thr = VPS(set1)(st.thr);                      \
                UKR_EPS_DISPATCH();                                                             \
            }                                                                                   \
            kind = CPU_EPI_KIND_STORE;                                                          \
        }                                                                                       \
    } while (0)

/* The epilogue kinds both bodies apply after the tile to add (kind, n, c,
 * ldc and zero in scope). GENERAL spills the tile, rows NRX floats apart,
 * to the interpreter (EPI_TILE_FN, vec_epilogue.h), which stores C, and
 * returns. RELU is maximumf(x, 0) in two instructions: VMAXPS returns its
 * second operand when either is NaN, so max(0, x) keeps NaN; it also
 * returns x = -0 for -0, which adding +0 turns into +0 (and changes
 * nothing else). Two instructions on the FP add pipes, which the FMAs
 * leave idle: a 6x64x64 tile loop (AVX-512) ran ~1% faster so than with
 * one VFIXUPIMMPS (a table lookup with the same results), which competes
 * with them. */
#define UKR_SPILL(i, v) \
    if (nv > v) VPS(store)(t + i * t_rs + VLEN * v, c##i##_##v);
#define UKR_SPILL_ROW(i) \
    if (mr > i) { VECS(UKR_SPILL, i) }
#define UKR_RELU(i, v) \
    if (nv > v) c##i##_##v = VPS(add)(VPS(max)(zero, c##i##_##v), zero);
#define UKR_RELU_ROW(i) \
    if (mr > i) { VECS(UKR_RELU, i) }
#define UKR_EPI_KINDS(NRX)                                             \
    do {                                                               \
        if (kind == CPU_EPI_KIND_GENERAL) {                            \
            float t[6 * NR_MAX] __attribute__((aligned(4 * VLEN)));    \
            const int t_rs = NRX;                                      \
            ROWS(UKR_SPILL_ROW)                                        \
            EPI_TILE_FN(u->epi, t, t_rs, mr, n, u->m0, u->n0, c, ldc); \
            return;                                                    \
        }                                                              \
        if (kind == CPU_EPI_KIND_RELU) {                               \
            ROWS(UKR_RELU_ROW)                                         \
        }                                                              \
    } while (0)

#endif
