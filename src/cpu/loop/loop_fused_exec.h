/* loop_fused_exec.h - the fused loops (loop.h cpu_loop_fused) as native
 * loops, written once and instantiated per ISA beside loop_exec.h (whose
 * O3 and fp-contract=off pragma this file is compiled under too: no FMA
 * contracts a product into a sum), each includer naming
 * LOOP_FUSED_REDUCE_FN and LOOP_FUSED_CHAIN_FN. The inner loops run
 * along a unit-stride loop where the tensors have one, which -O3
 * vectorises; a lane's operations and their order are the engine's
 * (loop_exec.h run_item_parallel, run_item_reduction, fold_lanes). */
#include <math.h>
#include <string.h>

#include "loop_impl.h"

/* ------------------------------------------------------------ REDUCE */

/* One term f of the body, in type T, from x (f32) and s (T). */
#define FUSED_TERM(T, BODY, xv, sv, out)                                                                          \
    do {                                                                                                          \
        const T x_ = (T)(xv);                                                                                     \
        if ((BODY) == CPU_FB_SUM) out = x_;                                                                       \
        else if ((BODY) == CPU_FB_SQ) out = x_ * x_;                                                              \
        else {                                                                                                    \
            const T d_ = x_ - (sv);                                                                               \
            out = d_ * d_;                                                                                        \
        }                                                                                                         \
    } while (0)

/* Lanes along the rows (run_item_parallel): each row's accumulator from
 * the init, + f(a) for a = 0, 1, ... */
#define FUSED_ROWS(T, BODY)                                                                                       \
    do {                                                                                                          \
        T *acc = (T *)accv;                                                                                       \
        const T init = (T)F->init.f;                                                                              \
        for (int64_t o = 0; o < nrow; o++) acc[o] = init;                                                          \
        for (int64_t a = 0; a < na; a++) {                                                                        \
            const float *xa = X + a * xs_a;                                                                       \
            const T *sa = S ? S + a * ss_a : NULL;                                                                \
            if (xs_r == 1 && (!S || ss_r == 1)) {                                                                 \
                for (int64_t o = 0; o < nrow; o++) {                                                              \
                    T f_;                                                                                         \
                    FUSED_TERM(T, BODY, xa[o], S ? sa[o] : (T)0, f_);                                             \
                    acc[o] = acc[o] + f_;                                                                         \
                }                                                                                                 \
            } else {                                                                                              \
                for (int64_t o = 0; o < nrow; o++) {                                                              \
                    T f_;                                                                                         \
                    FUSED_TERM(T, BODY, xa[o * xs_r], S ? sa[o * ss_r] : (T)0, f_);                               \
                    acc[o] = acc[o] + f_;                                                                         \
                }                                                                                                 \
            }                                                                                                     \
        }                                                                                                         \
    } while (0)

/* Lanes along the reduction (run_item_reduction): lane l of the
 * CPU_LOOP_LANES partials from -0, + f(a) for a = l, l + LANES, ...; the
 * partials folded as a tree (fold_lanes), then init + the sum, rounded
 * to T from the init's double as loop_comb1 rounds it. */
#define FUSED_PARTIALS(T, BODY)                                                                                   \
    do {                                                                                                          \
        T *acc = (T *)accv;                                                                                       \
        T part[CPU_LOOP_LANES];                                                                                   \
        for (int64_t o = 0; o < nrow; o++) {                                                                      \
            const float *xo = X + o * xs_r;                                                                       \
            const T *so = S ? S + o * ss_r : NULL;                                                                \
            for (int l = 0; l < CPU_LOOP_LANES; l++) part[l] = (T)-0.0;                                           \
            int used = 0;                                                                                         \
            for (int64_t a0 = 0; a0 < na; a0 += CPU_LOOP_LANES) {                                                 \
                const int cnt = (int)(na - a0 < CPU_LOOP_LANES ? na - a0 : CPU_LOOP_LANES);                       \
                if (cnt > used) used = cnt;                                                                       \
                if (xs_a == 1 && (!S || ss_a == 1 || ss_a == 0)) {                                                \
                    const float *xc = xo + a0;                                                                    \
                    if (S && ss_a == 0) {                                                                         \
                        const T s0 = so[0];                                                                       \
                        for (int l = 0; l < cnt; l++) {                                                           \
                            T f_;                                                                                 \
                            FUSED_TERM(T, BODY, xc[l], s0, f_);                                                   \
                            part[l] = part[l] + f_;                                                               \
                        }                                                                                         \
                    } else {                                                                                      \
                        const T *sc = S ? so + a0 : NULL;                                                         \
                        for (int l = 0; l < cnt; l++) {                                                           \
                            T f_;                                                                                 \
                            FUSED_TERM(T, BODY, xc[l], S ? sc[l] : (T)0, f_);                                     \
                            part[l] = part[l] + f_;                                                               \
                        }                                                                                         \
                    }                                                                                             \
                } else {                                                                                          \
                    for (int l = 0; l < cnt; l++) {                                                               \
                        T f_;                                                                                     \
                        FUSED_TERM(T, BODY, xo[(a0 + l) * xs_a], S ? so[(a0 + l) * ss_a] : (T)0, f_);             \
                        part[l] = part[l] + f_;                                                                   \
                    }                                                                                             \
                }                                                                                                 \
            }                                                                                                     \
            if (used > 1) {                                                                                       \
                int w = 1;                                                                                        \
                while (w < used) w *= 2;                                                                          \
                for (w /= 2; w >= 1; w /= 2)                                                                      \
                    for (int l = 0; l < w; l++) part[l] = part[l] + part[l + w];                                  \
                used = 1;                                                                                         \
            }                                                                                                     \
            acc[o] = used ? (T)(F->init.f + (double)part[0]) : (T)F->init.f;                                      \
        }                                                                                                         \
    } while (0)

#define FUSED_BODIES(WAY, T)                                                                                      \
    do {                                                                                                          \
        if (F->body == CPU_FB_SUM) WAY(T, CPU_FB_SUM);                                                            \
        else if (F->body == CPU_FB_SQ) WAY(T, CPU_FB_SQ);                                                         \
        else WAY(T, CPU_FB_VAR);                                                                                  \
    } while (0)

/* The reduced value of every row into accv (T: f64 where F->wide). */
void LOOP_FUSED_REDUCE_FN(const cpu_loop_fused *F, const cpu_loop *L, const void *const *in, void *accv) {
    const cpu_loop_tensor *tx = &L->in[F->x];
    const int r = F->row_dim, ad = F->line_dim;
    const int64_t nrow = r >= 0 ? L->bounds[r] : 1, na = L->bounds[ad];
    const float *X = (const float *)in[F->x] + tx->off;
    const int64_t xs_r = r >= 0 ? tx->stride[r] : 0, xs_a = tx->stride[ad];
    int64_t ss_r = 0, ss_a = 0;
    const void *sp = NULL;
    if (F->stat >= 0) {
        const cpu_loop_tensor *ts = &L->in[F->stat];
        ss_r = r >= 0 ? ts->stride[r] : 0, ss_a = ts->stride[ad];
        sp = (const char *)in[F->stat] + ts->off * (F->wide ? 8 : 4);
    }
    if (F->wide) {
        const double *S = (const double *)sp;
        if (F->partials) FUSED_BODIES(FUSED_PARTIALS, double);
        else FUSED_BODIES(FUSED_ROWS, double);
    } else {
        const float *S = (const float *)sp;
        if (F->partials) FUSED_BODIES(FUSED_PARTIALS, float);
        else FUSED_BODIES(FUSED_ROWS, float);
    }
}

/* ------------------------------------------------------------- CHAIN */

#define FUSED_CHUNK 256

/* buf[0, n) = buf op y (rev: y op buf), y the step's operand along the
 * line from q with stride ys (0: one value). */
#define FUSED_OP(OPER)                                                                                            \
    do {                                                                                                          \
        if (ys == 0) {                                                                                            \
            const float y0 = q ? q[0] : st->imm;                                                                  \
            if (st->rev)                                                                                          \
                for (int l = 0; l < n; l++) buf[l] = y0 OPER buf[l];                                              \
            else                                                                                                  \
                for (int l = 0; l < n; l++) buf[l] = buf[l] OPER y0;                                              \
        } else if (ys == 1) {                                                                                     \
            if (st->rev)                                                                                          \
                for (int l = 0; l < n; l++) buf[l] = q[l] OPER buf[l];                                            \
            else                                                                                                  \
                for (int l = 0; l < n; l++) buf[l] = buf[l] OPER q[l];                                            \
        } else {                                                                                                  \
            if (st->rev)                                                                                          \
                for (int l = 0; l < n; l++) buf[l] = q[l * ys] OPER buf[l];                                       \
            else                                                                                                  \
                for (int l = 0; l < n; l++) buf[l] = buf[l] OPER q[l * ys];                                       \
        }                                                                                                         \
    } while (0)

/* Lines [l0, l0 + n) of row q0 .. q0 + nq - 1 computed into bufs. */
static void fused_lines(const cpu_loop_fused *F, const cpu_loop *L, const void *const *in, int64_t q0, int nq,
                        int64_t l0, int n, float (*bufs)[FUSED_CHUNK]) {
    const int r = F->row_dim, ld = F->line_dim;
    for (int j = 0; j < nq; j++) {
        const int64_t qi = q0 + j;
        float *buf = bufs[j];
        const cpu_loop_tensor *tx = &L->in[F->x];
        const float *xp = (const float *)in[F->x] + tx->off + (r >= 0 ? qi * tx->stride[r] : 0) + l0 * tx->stride[ld];
        const int64_t xs = tx->stride[ld];
        if (xs == 1) memcpy(buf, xp, (size_t)n * sizeof *buf);
        else
            for (int l = 0; l < n; l++) buf[l] = xp[l * xs];
        for (uint32_t s = 0; s < F->nsteps; s++) {
            const cpu_fused_step *st = &F->steps[s];
            const float *q = NULL;
            int64_t ys = 0;
            if (st->input >= 0) {
                const cpu_loop_tensor *t = &L->in[st->input];
                q = (const float *)in[st->input] + t->off + (r >= 0 ? qi * t->stride[r] : 0) + l0 * t->stride[ld];
                ys = t->stride[ld];
            }
            switch ((cpu_lop)st->op) {
            case CPU_L_ADDF: FUSED_OP(+); break;
            case CPU_L_SUBF: FUSED_OP(-); break;
            case CPU_L_MULF: FUSED_OP(*); break;
            default: FUSED_OP(/); break;
            }
        }
    }
}

/* Every row's line: x, the steps, stored. Where the output runs along the
 * rows (a channels-last result of lines along the pixels: ConvNeXt's
 * LayerNorm), 8 rows at a time, stored as 8 consecutive floats a line
 * element instead of one float 8 times a line apart. */
void LOOP_FUSED_CHAIN_FN(const cpu_loop_fused *F, const cpu_loop *L, const void *const *in, void *out) {
    const int r = F->row_dim, ld = F->line_dim;
    const int64_t nrow = r >= 0 ? L->bounds[r] : 1, nline = L->bounds[ld];
    const int64_t os_r = r >= 0 ? L->out.stride[r] : 0, os_l = L->out.stride[ld];
    float *O = (float *)out + L->out.off;
    enum { BATCH = 8 };
    float bufs[BATCH][FUSED_CHUNK];
    const bool across = os_l != 1 && os_r == 1;
    for (int64_t q0 = 0; q0 < nrow; q0 += across ? BATCH : 1) {
        const int nq = across ? (int)(nrow - q0 < BATCH ? nrow - q0 : BATCH) : 1;
        for (int64_t l0 = 0; l0 < nline; l0 += FUSED_CHUNK) {
            const int n = (int)(nline - l0 < FUSED_CHUNK ? nline - l0 : FUSED_CHUNK);
            fused_lines(F, L, in, q0, nq, l0, n, bufs);
            float *op = O + q0 * os_r + l0 * os_l;
            if (across && nq == BATCH) {
                for (int l = 0; l < n; l++)
                    for (int j = 0; j < BATCH; j++) op[l * os_l + j] = bufs[j][l];
            } else if (across) {
                for (int l = 0; l < n; l++)
                    for (int j = 0; j < nq; j++) op[l * os_l + j] = bufs[j][l];
            } else if (os_l == 1) {
                memcpy(op, bufs[0], (size_t)n * sizeof(float));
            } else {
                for (int l = 0; l < n; l++) op[l * os_l] = bufs[0][l];
            }
        }
    }
}
