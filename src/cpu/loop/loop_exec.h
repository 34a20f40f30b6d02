/* loop_exec.h - the loop kernels' inner engine (see loop.h), written once
 * and instantiated per ISA (loop.c: portable; loop_avx2.c, loop_avx512.c:
 * compiled with those flags), each defining LOOP_ITEMS_FN, the name of its
 * entry point, before including it. Every instruction is one loop over the
 * lanes, which -O3 vectorises.
 *
 * Registers by class: f32 (and bf16, f16) lanes as floats, f64 as doubles,
 * integers as int64. f32 arithmetic in float is the reference's (double,
 * then rounded to f32) bit for bit, since double has more than 2*24+2 bits;
 * bf16 and f16 are computed in double and rounded per lane, as the
 * reference does. No FMA contraction: each op is its own loop and rounds.
 */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("O3", "fp-contract=off")
#endif

#include <math.h>
#include <string.h>

#include "base/fp16.h"
#include "loop_impl.h"

/* -------------------------------------------------------- loads, stores */

#define LOAD_LOOP(T, DST, CONV)                                                                                      \
    do {                                                                                                             \
        const T *q = (const T *)p + off;                                                                             \
        if (ls == 1)                                                                                                 \
            for (int l = 0; l < cnt; l++) DST[l] = CONV(q[l]);                                                       \
        else if (ls == 0)                                                                                            \
            for (int l = 0; l < cnt; l++) DST[l] = CONV(q[0]);                                                       \
        else                                                                                                         \
            for (int l = 0; l < cnt; l++) DST[l] = CONV(q[l * ls]);                                                  \
    } while (0)

#define ID(x) (x)
#define I1(x) ((int64_t)((x) & 1))

static void load_lanes(lreg *d, const void *p, uint8_t dt, int64_t off, int64_t ls, int cnt) {
    switch ((cpu_ltype)dt) {
    case CPU_LT_F32: LOAD_LOOP(float, d->s, ID); break;
    case CPU_LT_F64: LOAD_LOOP(double, d->f, ID); break;
    case CPU_LT_BF16: LOAD_LOOP(uint16_t, d->s, sp_bf16_to_f32_inline); break;
    case CPU_LT_F16: LOAD_LOOP(uint16_t, d->s, sp_f16_to_f32); break;
    case CPU_LT_I1: LOAD_LOOP(uint8_t, d->i, I1); break;
    case CPU_LT_I8: LOAD_LOOP(int8_t, d->i, ID); break;
    case CPU_LT_I16: LOAD_LOOP(int16_t, d->i, ID); break;
    case CPU_LT_I32: LOAD_LOOP(int32_t, d->i, ID); break;
    default: LOAD_LOOP(int64_t, d->i, ID); break;
    }
}

#define STORE_LOOP(T, SRC, CONV)                                                                                     \
    do {                                                                                                             \
        T *q = (T *)p + off;                                                                                         \
        if (ls == 1)                                                                                                 \
            for (int l = 0; l < cnt; l++) q[l] = (T)CONV(SRC[l]);                                                    \
        else                                                                                                         \
            for (int l = 0; l < cnt; l++) q[l * ls] = (T)CONV(SRC[l]);                                               \
    } while (0)

static void store_lanes(void *p, uint8_t dt, int64_t off, int64_t ls, const lreg *s, int cnt) {
    switch ((cpu_ltype)dt) {
    case CPU_LT_F32: STORE_LOOP(float, s->s, ID); break;
    case CPU_LT_F64: STORE_LOOP(double, s->f, ID); break;
    case CPU_LT_BF16: STORE_LOOP(uint16_t, s->s, sp_f32_to_bf16_inline); break;
    case CPU_LT_F16: STORE_LOOP(uint16_t, s->s, sp_f32_to_f16); break;
    case CPU_LT_I1: STORE_LOOP(uint8_t, s->i, I1); break;
    case CPU_LT_I8: STORE_LOOP(uint8_t, s->i, ID); break;
    case CPU_LT_I16: STORE_LOOP(int16_t, s->i, ID); break;
    case CPU_LT_I32: STORE_LOOP(int32_t, s->i, ID); break;
    default: STORE_LOOP(int64_t, s->i, ID); break;
    }
}

/* ------------------------------------------------------------ the program */

/* A gather (CPU_L_GATHER): lane l reads element ix[l] of the table; false
 * at an index -1 (CPU_L_GINDEX found one out of the table's dims, where the
 * reference's tensor.extract fails, and so does the instruction). */
static bool gather_lanes(lreg *d, uint8_t dt, const void *p, const lreg *ix, int cnt) {
    for (int l = 0; l < cnt; l++) {
        const int64_t off = ix->i[l];
        if (off < 0) return false;
        switch ((cpu_ltype)dt) {
        case CPU_LT_F32: d->s[l] = ((const float *)p)[off]; break;
        case CPU_LT_F64: d->f[l] = ((const double *)p)[off]; break;
        case CPU_LT_BF16: d->s[l] = sp_bf16_to_f32_inline(((const uint16_t *)p)[off]); break;
        case CPU_LT_F16: d->s[l] = sp_f16_to_f32(((const uint16_t *)p)[off]); break;
        case CPU_LT_I1: d->i[l] = ((const uint8_t *)p)[off] & 1; break;
        case CPU_LT_I8: d->i[l] = ((const int8_t *)p)[off]; break;
        case CPU_LT_I16: d->i[l] = ((const int16_t *)p)[off]; break;
        case CPU_LT_I32: d->i[l] = ((const int32_t *)p)[off]; break;
        default: d->i[l] = ((const int64_t *)p)[off]; break;
        }
    }
    return true;
}

#define ILOOP(EXPR)                                                                                                  \
    do {                                                                                                             \
        const int bits = loop_ltype_bits((cpu_ltype)in->dt);                                                         \
        for (int l = 0; l < cnt; l++) d->i[l] = sr_wrap((EXPR), bits);                                             \
    } while (0)

#define UADD(x, y) ((int64_t)((uint64_t)(x) + (uint64_t)(y)))
#define USUB(x, y) ((int64_t)((uint64_t)(x) - (uint64_t)(y)))
#define UMUL(x, y) ((int64_t)((uint64_t)(x) * (uint64_t)(y)))

/* a float-class binary op: f32 lanes, f64 lanes, or bf16/f16 via double */
#define FBIN(OP)                                                                                                     \
    do {                                                                                                             \
        if (in->dt == CPU_LT_F32)                                                                                    \
            for (int l = 0; l < cnt; l++) d->s[l] = a->s[l] OP b->s[l];                                              \
        else if (in->dt == CPU_LT_F64)                                                                               \
            for (int l = 0; l < cnt; l++) d->f[l] = a->f[l] OP b->f[l];                                              \
        else                                                                                                         \
            for (int l = 0; l < cnt; l++) d->s[l] = (float)loop_round((double)a->s[l] OP(double) b->s[l], in->dt);   \
    } while (0)

/* Run insn[from, to) on c->cnt lanes; 0, or 1 + the index of the
 * instruction whose scalar hook failed. */
static uint32_t run_insns(const cpu_loop *L, uint32_t from, uint32_t to, lreg *r, const loop_chunk *c) {
    const int cnt = c->cnt;
    for (uint32_t k = from; k < to; k++) {
        const cpu_loop_insn *in = &L->insn[k];
        lreg *d = &r[in->dst];
        const lreg *a = in->a != LOOP_NONE ? &r[in->a] : NULL;
        const lreg *b = in->b != LOOP_NONE ? &r[in->b] : NULL;
        const lreg *e = in->c != LOOP_NONE ? &r[in->c] : NULL;
        const bool sd = loop_is_single((cpu_ltype)in->dt), sa = loop_is_single((cpu_ltype)in->at);
        switch ((cpu_lop)in->op) {
        case CPU_L_LOAD: load_lanes(d, c->ptr[in->a], L->in[in->a].dtype, c->off[in->a], c->ls[in->a], cnt); break;
        case CPU_L_CONST:
            if (sd) {
                const float v = (float)in->imm.f;
                for (int l = 0; l < cnt; l++) d->s[l] = v;
            } else {
                for (int l = 0; l < cnt; l++) d->i[l] = in->imm.i;
            }
            break;
        case CPU_L_INDEX: {
            const int64_t i0 = c->idx[in->a];
            const int64_t step = (int)in->a == c->lane_dim;
            for (int l = 0; l < cnt; l++) d->i[l] = i0 + step * l;
            break;
        }
        case CPU_L_COPY:
            if (d != a) memcpy(d, a, (size_t)cnt * (sd ? sizeof(float) : sizeof(double)));
            break;
        case CPU_L_ADDF: FBIN(+); break;
        case CPU_L_SUBF: FBIN(-); break;
        case CPU_L_MULF: FBIN(*); break;
        case CPU_L_DIVF: FBIN(/); break;
        case CPU_L_MAXIMUMF:
            if (sd)
                for (int l = 0; l < cnt; l++) d->s[l] = loop_maximumf_s(a->s[l], b->s[l]);
            else
                for (int l = 0; l < cnt; l++) d->f[l] = sr_maximumf(a->f[l], b->f[l]);
            break;
        case CPU_L_MINIMUMF:
            if (sd)
                for (int l = 0; l < cnt; l++) d->s[l] = loop_minimumf_s(a->s[l], b->s[l]);
            else
                for (int l = 0; l < cnt; l++) d->f[l] = sr_minimumf(a->f[l], b->f[l]);
            break;
        case CPU_L_NEGF:
            if (sd)
                for (int l = 0; l < cnt; l++) d->s[l] = -a->s[l];
            else
                for (int l = 0; l < cnt; l++) d->f[l] = -a->f[l];
            break;
        case CPU_L_ABSF:
            if (sd)
                for (int l = 0; l < cnt; l++) d->s[l] = fabsf(a->s[l]);
            else
                for (int l = 0; l < cnt; l++) d->f[l] = fabs(a->f[l]);
            break;
        case CPU_L_SQRT:
            if (in->dt == CPU_LT_F32)
                for (int l = 0; l < cnt; l++) d->s[l] = sqrtf(a->s[l]);
            else if (in->dt == CPU_LT_F64)
                for (int l = 0; l < cnt; l++) d->f[l] = sqrt(a->f[l]);
            else
                for (int l = 0; l < cnt; l++) d->s[l] = (float)loop_round(sqrt((double)a->s[l]), in->dt);
            break;
        case CPU_L_RSQRT: /* interp_scalar.c's rsqrt32, rsqrt64 */
            if (in->dt == CPU_LT_F32)
                for (int l = 0; l < cnt; l++) d->s[l] = 1.0f / sqrtf(a->s[l]);
            else
                for (int l = 0; l < cnt; l++) d->f[l] = 1.0 / sqrt(a->f[l]);
            break;
        case CPU_L_ROUNDF: /* extf, truncf */
            if (sa && sd) {
                if (in->dt == CPU_LT_F32)
                    memcpy(d, a, (size_t)cnt * sizeof(float));
                else if (in->dt == CPU_LT_BF16) /* from a float: one rounding, inline (it vectorises) */
                    for (int l = 0; l < cnt; l++) d->s[l] = sp_round_bf16_inline(a->s[l]);
                else
                    for (int l = 0; l < cnt; l++) d->s[l] = (float)loop_round((double)a->s[l], in->dt);
            } else if (sa) {
                for (int l = 0; l < cnt; l++) d->f[l] = (double)a->s[l];
            } else if (sd) {
                if (in->dt == CPU_LT_F32)
                    for (int l = 0; l < cnt; l++) d->s[l] = (float)a->f[l];
                else
                    for (int l = 0; l < cnt; l++) d->s[l] = (float)loop_round(a->f[l], in->dt);
            } else if (d != a) {
                memcpy(d, a, (size_t)cnt * sizeof(double));
            }
            break;
        case CPU_L_SITOFP:
            if (in->dt == CPU_LT_F64)
                for (int l = 0; l < cnt; l++) d->f[l] = (double)a->i[l];
            else
                for (int l = 0; l < cnt; l++) d->s[l] = (float)loop_round((double)a->i[l], in->dt);
            break;
        case CPU_L_CMPF:
            if (sa)
                for (int l = 0; l < cnt; l++) d->i[l] = sr_cmpf(in->pred, a->s[l], b->s[l]);
            else
                for (int l = 0; l < cnt; l++) d->i[l] = sr_cmpf(in->pred, a->f[l], b->f[l]);
            break;
        case CPU_L_ADDI: ILOOP(UADD(a->i[l], b->i[l])); break;
        case CPU_L_SUBI: ILOOP(USUB(a->i[l], b->i[l])); break;
        case CPU_L_MULI: ILOOP(UMUL(a->i[l], b->i[l])); break;
        case CPU_L_ANDI:
            for (int l = 0; l < cnt; l++) d->i[l] = a->i[l] & b->i[l];
            break;
        case CPU_L_ORI:
            for (int l = 0; l < cnt; l++) d->i[l] = a->i[l] | b->i[l];
            break;
        case CPU_L_XORI: ILOOP(a->i[l] ^ b->i[l]); break;
        case CPU_L_MAXSI:
            for (int l = 0; l < cnt; l++) d->i[l] = a->i[l] > b->i[l] ? a->i[l] : b->i[l];
            break;
        case CPU_L_MINSI:
            for (int l = 0; l < cnt; l++) d->i[l] = a->i[l] < b->i[l] ? a->i[l] : b->i[l];
            break;
        case CPU_L_WRAPI: ILOOP(a->i[l]); break;
        case CPU_L_CMPI: {
            const int bits = loop_ltype_bits((cpu_ltype)in->at);
            for (int l = 0; l < cnt; l++) d->i[l] = sr_cmpi(in->pred, a->i[l], b->i[l], bits);
            break;
        }
        case CPU_L_SELECT:
            if (sd)
                for (int l = 0; l < cnt; l++) d->s[l] = a->i[l] ? b->s[l] : e->s[l];
            else
                for (int l = 0; l < cnt; l++) d->i[l] = a->i[l] ? b->i[l] : e->i[l];
            break;
        case CPU_L_FN1: loop_fn1((ir_opkind)in->imm.i, a->s, d->s, cnt); break;
        case CPU_L_SCALAR:
            for (int l = 0; l < cnt; l++) {
                const cpu_lane x = lane_get(a, in->at, l), y = lane_get(b, in->bt, l), z = lane_get(e, in->ct, l);
                cpu_lane t;
                if (L->scalar(in->ud, &x, &y, &z, &t)) return k + 1;
                lane_put(d, in->dt, l, t);
            }
            break;
        case CPU_L_GINDEX: {
            const int64_t n = L->in[in->pred].gdims[in->imm.i];
            for (int l = 0; l < cnt; l++) {
                const int64_t lin = a ? a->i[l] : 0, i = b->i[l];
                d->i[l] = lin < 0 || i < 0 || i >= n ? -1 : lin * n + i;
            }
            break;
        }
        case CPU_L_GATHER:
            if (!gather_lanes(d, L->in[in->pred].dtype, c->ptr[in->pred], a, cnt)) return k + 1;
            break;
        default: break; /* rejected by cpu_loop_plan */
        }
    }
    return 0;
}

/* -------------------------------------------------------------- the items */

/* A copy program's lanes [l0, lend) at the point idx (loop_job.copy): one
 * memmove where both sides are contiguous along the lanes. The lane engine
 * spent ~4 cycles an element on a transpose through its registers (Llama's
 * head split, 131072 floats: 0.148 ms). */
static void copy_run(const loop_job *j, int64_t *idx, int64_t l0, int64_t lend) {
    const cpu_loop *L = j->L;
    const cpu_loop_tensor *t = &L->in[j->copy];
    const int ld = L->lane_dim;
    if (ld >= 0) idx[ld] = l0;
    const int es = j->copy_bytes;
    const char *s = (const char *)j->in[j->copy] + loop_offset(t, idx, L->ndims) * es;
    char *d = (char *)j->out + loop_offset(&L->out, idx, L->ndims) * es;
    const int64_t n = lend - l0, ss = ld >= 0 ? t->stride[ld] * es : 0, ds = ld >= 0 ? L->out.stride[ld] * es : 0;
    if (ss == es && ds == es) {
        memmove(d, s, (size_t)(n * es)); /* (an output planned in place of its input) */
        return;
    }
    /* strided: one element at a time, of a size the compiler knows */
#define COPY_STRIDED(T)                                                                    \
    for (int64_t l = 0; l < n; l++, s += ss, d += ds) memcpy(d, s, sizeof(T));            \
    break
    switch (es) {
    case 1: COPY_STRIDED(uint8_t);
    case 2: COPY_STRIDED(uint16_t);
    case 4: COPY_STRIDED(uint32_t);
    default: COPY_STRIDED(uint64_t);
    }
#undef COPY_STRIDED
}

/* Lanes along a parallel loop: item = (outer point, block of chunks of the
 * lane loop); per chunk the reduction loops (if any), then the rest. */
static uint32_t run_item_parallel(const loop_job *j, int64_t item, lreg *r) {
    const cpu_loop *L = j->L;
    int64_t idx[CPU_LOOP_MAX_DIMS];
    memset(idx, 0, L->ndims * sizeof idx[0]);
    const int64_t point = j->block_major ? item % j->npoints : item / j->nblocks;
    const int64_t block = j->block_major ? item / j->npoints : item % j->nblocks;
    loop_decode(point, j->outer, j->nouter, L->bounds, idx);
    loop_chunk c;
    c.ptr = j->in, c.idx = idx, c.lane_dim = L->lane_dim, c.cnt = 1;
    const int ld = L->lane_dim;
    int64_t l0 = 0, lend = 1;
    if (ld >= 0) {
        l0 = block * j->block;
        lend = l0 + j->block < L->lane_extent ? l0 + j->block : L->lane_extent;
    }
    if (j->copy >= 0) {
        copy_run(j, idx, l0, lend);
        return 0;
    }
    uint32_t bad;
    for (; l0 < lend; l0 += CPU_LOOP_LANES) {
        if (ld >= 0) {
            idx[ld] = l0;
            c.cnt = (int)(lend - l0 < CPU_LOOP_LANES ? lend - l0 : CPU_LOOP_LANES);
        }
        if (L->acc >= 0) {
            lreg *acc = &r[L->acc];
            if (L->init_input >= 0) {
                const cpu_loop_tensor *t = &L->in[L->init_input];
                load_lanes(acc, j->in[L->init_input], t->dtype, loop_offset(t, idx, L->ndims), ld >= 0 ? t->stride[ld] : 0,
                           c.cnt);
            } else {
                /* in the accumulator's type (the body's last op's), which
                 * need not be the output's: an f64 sum truncated to f32 */
                const uint8_t at = L->nroot ? L->insn[L->nroot - 1].dt : L->out.dtype;
                for (int l = 0; l < c.cnt; l++) lane_put(acc, at, l, L->init_imm);
            }
            if (j->nrdims == 1) {
                /* one reduction loop (a row's): each step moves every input
                 * by its stride, not recomputed from all the indices (a
                 * third of a LayerNorm's time when each step is 128 lanes
                 * of one or two instructions) */
                const uint32_t rd = j->rdims[0];
                loop_set_chunk(j, &c, idx);
                for (int64_t s = 0; s < L->bounds[rd]; s++) {
                    idx[rd] = s; /* for CPU_L_INDEX */
                    if ((bad = run_insns(L, 0, L->nroot, r, &c))) return bad;
                    if (L->root_result != L->acc) memcpy(acc, &r[L->root_result], sizeof *acc);
                    for (uint32_t i = 0; i < L->nin; i++) c.off[i] += L->in[i].stride[rd];
                }
                idx[rd] = 0; /* as loop_next_point leaves it */
            } else {
                bool more = true;
                while (more) {
                    loop_set_chunk(j, &c, idx);
                    if ((bad = run_insns(L, 0, L->nroot, r, &c))) return bad;
                    if (L->root_result != L->acc) memcpy(acc, &r[L->root_result], sizeof *acc);
                    more = loop_next_point(idx, j->rdims, j->nrdims, L->bounds);
                }
            }
        }
        loop_set_chunk(j, &c, idx);
        if ((bad = run_insns(L, L->nroot, L->ninsn, r, &c))) return bad;
        store_lanes(j->out, L->out.dtype, loop_offset(&L->out, idx, L->ndims), ld >= 0 ? L->out.stride[ld] : 0,
                    &r[L->result], c.cnt);
    }
    return 0;
}

/* acc's lanes [0, used) all set to the combining op's identity. */
static void fill_identity(lreg *acc, cpu_lop comb, uint8_t dt) {
    const cpu_lane id = loop_comb_identity(comb, dt);
    if (loop_is_single((cpu_ltype)dt)) {
        const float v = (float)id.f;
        for (int l = 0; l < CPU_LOOP_LANES; l++) acc->s[l] = v;
    } else {
        for (int l = 0; l < CPU_LOOP_LANES; l++) acc->i[l] = id.i;
    }
}

/* v combined with the partials in acc's lanes [0, used): a tree over the
 * lanes for sums and extrema (each step one vector op), in lane order
 * otherwise. */
static cpu_lane fold_lanes(lreg *acc, cpu_lop comb, uint8_t dt, int used, cpu_lane v) {
    int w = 1;
    while (w < used) w *= 2;
    if (used > 1 && (dt == CPU_LT_F32 || dt == CPU_LT_F64) &&
        (comb == CPU_L_ADDF || comb == CPU_L_MAXIMUMF || comb == CPU_L_MINIMUMF)) {
        /* lanes [used, w) hold the identity: fold the upper half onto the lower */
        for (w /= 2; w >= 1; w /= 2) {
            /* halves that do not overlap: restrict lets each step vectorise */
            if (dt == CPU_LT_F32) {
                float *restrict lo = acc->s;
                const float *restrict hi = acc->s + w;
                if (comb == CPU_L_ADDF)
                    for (int l = 0; l < w; l++) lo[l] = lo[l] + hi[l];
                else if (comb == CPU_L_MAXIMUMF)
                    for (int l = 0; l < w; l++) lo[l] = loop_maximumf_s(lo[l], hi[l]);
                else
                    for (int l = 0; l < w; l++) lo[l] = loop_minimumf_s(lo[l], hi[l]);
            } else {
                double *restrict lo = acc->f;
                const double *restrict hi = acc->f + w;
                if (comb == CPU_L_ADDF)
                    for (int l = 0; l < w; l++) lo[l] = lo[l] + hi[l];
                else if (comb == CPU_L_MAXIMUMF)
                    for (int l = 0; l < w; l++) lo[l] = sr_maximumf(lo[l], hi[l]);
                else
                    for (int l = 0; l < w; l++) lo[l] = sr_minimumf(lo[l], hi[l]);
            }
        }
        used = 1;
    }
    for (int l = 0; l < used; l++) v = loop_comb1(comb, dt, v, lane_get(acc, dt, l));
    return v;
}

/* Lanes along a reduction loop: item = one output element; lane l of acc
 * keeps the partial of the elements l, l + LANES, ...; the partials are
 * combined at the end (fold_lanes), then with the init. */
static uint32_t run_item_reduction(const loop_job *j, int64_t item, lreg *r) {
    const cpu_loop *L = j->L;
    int64_t idx[CPU_LOOP_MAX_DIMS];
    memset(idx, 0, L->ndims * sizeof idx[0]);
    loop_decode(item, j->outer, j->nouter, L->bounds, idx);
    const int ld = L->lane_dim;
    const cpu_loop_insn *ci = &L->insn[L->nroot - 1];
    lreg *acc = &r[L->acc];
    fill_identity(acc, (cpu_lop)L->comb, ci->dt);
    loop_chunk c;
    c.ptr = j->in, c.idx = idx, c.lane_dim = ld, c.cnt = 0;
    uint32_t bad;
    bool more = true;
    int used = 0;
    while (more) {
        for (int64_t l0 = 0; l0 < L->lane_extent; l0 += CPU_LOOP_LANES) {
            idx[ld] = l0;
            c.cnt = (int)(L->lane_extent - l0 < CPU_LOOP_LANES ? L->lane_extent - l0 : CPU_LOOP_LANES);
            if (c.cnt > used) used = c.cnt;
            loop_set_chunk(j, &c, idx);
            if ((bad = run_insns(L, 0, L->nroot, r, &c))) return bad; /* the last one combines into acc */
        }
        idx[ld] = 0;
        more = loop_next_point(idx, j->rdims, j->nrdims, L->bounds);
    }
    cpu_lane v;
    if (L->init_input >= 0) {
        const cpu_loop_tensor *t = &L->in[L->init_input];
        lreg one;
        load_lanes(&one, j->in[L->init_input], t->dtype, loop_offset(t, idx, L->ndims), 0, 1);
        v = lane_get(&one, t->dtype, 0);
    } else {
        v = L->init_imm;
    }
    v = fold_lanes(acc, (cpu_lop)L->comb, ci->dt, used, v);
    lane_put(acc, ci->dt, 0, v);
    loop_chunk one;
    one.ptr = j->in, one.idx = idx, one.lane_dim = -1, one.cnt = 1;
    loop_set_chunk(j, &one, idx);
    if ((bad = run_insns(L, L->nroot, L->ninsn, r, &one))) return bad;
    store_lanes(j->out, L->out.dtype, loop_offset(&L->out, idx, L->ndims), 0, &r[L->result], 1);
    return 0;
}

/* Items [i0, i1) on registers r; 0 or 1 + a failing instruction. */
uint32_t LOOP_ITEMS_FN(const loop_job *j, int64_t i0, int64_t i1, lreg *r) {
    const bool rl = j->L->mode == CPU_LOOP_REDUCTION_LANES;
    for (int64_t it = i0; it < i1; it++) {
        const uint32_t bad = rl ? run_item_reduction(j, it, r) : run_item_parallel(j, it, r);
        if (bad) return bad;
    }
    return 0;
}
