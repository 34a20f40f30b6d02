/* attn_exec.h - the fused attention's row engine (attention.h), written
 * once and compiled per ISA (attention.c: portable; attn_avx2.c,
 * attn_avx512.c with those flags), each defining ATTN_ROWS_FN first. The
 * products run on the kernel set's microkernel and e^x on its epilogue
 * tile interpreter; what is left here (row max, row sum, rescaling) are
 * plain loops that the ISA's flags vectorise. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("O3")
#endif

#include <math.h>
#include <string.h>

#include "attention.h"
#include "base/fp16.h"
#include "ir/ir.h"
#include "cpu/kernels/kernels.h"

#define ATTN_ALIGN(x) (((x) + 63) & ~(int64_t)63)

/* Row max and sum over 16 lanes of partials (the ISA's flags vectorise the
 * lane loops; a single running max is a chain of scalar maxss, 4 cycles
 * an element), folded at the end. */
#define ATTN_LANES 16
#define ATTN_ROWS_MAX (4 * CPU_MR_MAX) /* cpu_attn_plan's most rows a block */

static float row_max(const float *s, int64_t n) {
    float acc[ATTN_LANES];
    for (int l = 0; l < ATTN_LANES; l++) acc[l] = -INFINITY;
    int64_t j = 0;
    for (; j + ATTN_LANES <= n; j += ATTN_LANES)
        for (int l = 0; l < ATTN_LANES; l++) acc[l] = s[j + l] > acc[l] ? s[j + l] : acc[l];
    float m = -INFINITY;
    for (; j < n; j++) m = s[j] > m ? s[j] : m;
    for (int l = 0; l < ATTN_LANES; l++) m = acc[l] > m ? acc[l] : m;
    return m;
}

static float row_sum(const float *s, int64_t n) {
    float acc[ATTN_LANES] = {0};
    int64_t j = 0;
    for (; j + ATTN_LANES <= n; j += ATTN_LANES)
        for (int l = 0; l < ATTN_LANES; l++) acc[l] += s[j + l];
    float t = 0;
    for (; j < n; j++) t += s[j];
    for (int l = 0; l < ATTN_LANES; l++) t += acc[l];
    return t;
}

/* Fixed-width inner loops, as in row_max and row_sum, vectorise at -O2
 * without a pragma: `#pragma omp simd` here is a hard error in clang's
 * sanitizer builds (make fuzz: -Wpass-failed, as ASan's checks keep the
 * loop scalar), and the hint bought nothing gcc does not do anyway. */
static void row_scale(float *o, int64_t n, float f) {
    int64_t j = 0;
    for (; j + ATTN_LANES <= n; j += ATTN_LANES)
        for (int l = 0; l < ATTN_LANES; l++) o[j + l] *= f;
    for (; j < n; j++) o[j] *= f;
}

static void row_div(float *o, int64_t n, float f) {
    int64_t j = 0;
    for (; j + ATTN_LANES <= n; j += ATTN_LANES)
        for (int l = 0; l < ATTN_LANES; l++) o[j + l] /= f;
    for (; j < n; j++) o[j] /= f;
}

/* An epilogue program on an m x n tile whose column 0 is column n0 of
 * its operands, NR columns at a time (the widest the tile interpreter
 * takes). */
static void epi_cols(const cpu_kernel_set *ks, const cpu_epi_prog *p, const float *t, int64_t t_rs, int m, int64_t n,
                     int64_t n0, float *c, int64_t c_rs) {
    for (int64_t j = 0; j < n; j += ks->nr)
        ks->epi_tile(p, t + j, t_rs, m, (int)(n - j < ks->nr ? n - j : ks->nr), 0, n0 + j, c + j, c_rs);
}

static void epi_row(const cpu_kernel_set *ks, const cpu_epi_prog *p, float *row, int64_t n, int64_t n0, float *dst) {
    epi_cols(ks, p, row, 0, 1, n, n0, dst, 0);
}

/* e^{S - m} as an epilogue program (into ee, compiled into ep), m the
 * column operand ms. */
static void exp_program(cpu_epilogue *ee, float *ms, cpu_epi_prog *ep) {
    memset(ee, 0, sizeof *ee);
    ee->insn[0] = (cpu_epi_insn){.op = CPU_EPI_LOAD, .dst = 1, .a = 0};
    ee->insn[1] = (cpu_epi_insn){.op = CPU_EPI_SUB, .dst = 2, .a = 0, .b = 1};
    ee->insn[2] = (cpu_epi_insn){.op = CPU_EPI_FN, .dst = 3, .a = 2, .fn = IR_OP_EXP};
    ee->ninsn = 3;
    ee->noperands = 1;
    ee->operands[0] = (cpu_operand){ms, 1, 0};
    ee->nregs = 4;
    ee->result = 3;
    cpu_epi_compile(ee, false, ep);
}

/* P = E / l rounded to bf16, a row of tc keys in place (a safe softmax's
 * row with no finite score: 0). */
static void row_p_bf16(float *e, int64_t tc, float l, bool zero) {
    if (zero) {
        memset(e, 0, (size_t)tc * sizeof *e);
        return;
    }
    for (int64_t j = 0; j < tc; j++) e[j] = sp_round_bf16_inline(e[j] / l);
}

/* A row of P (tc values, already rounded to bf16) as bf16 pairs, in place
 * from its start: pair p holds keys 2p (low half) and 2p + 1 (0 past tc). */
static void row_pairs(float *row, int64_t tc) {
    uint32_t *d = (uint32_t *)row;
    int64_t p = 0;
    /* 16 pairs at a time from 32 values read before the 16 are written
     * (writes stay behind the reads: the loop vectorises) */
    for (; 2 * p + 32 <= tc; p += 16) {
        uint32_t x[32], y[16];
        memcpy(x, row + 2 * p, sizeof x);
        for (int j = 0; j < 16; j++) y[j] = x[2 * j] >> 16 | (x[2 * j + 1] & 0xffff0000u);
        memcpy(d + p, y, sizeof y);
    }
    for (; 2 * p < tc; p++) {
        uint32_t lo, hi = 0;
        memcpy(&lo, row + 2 * p, sizeof lo);
        if (2 * p + 1 < tc) memcpy(&hi, row + 2 * p + 1, sizeof hi);
        d[p] = lo >> 16 | (hi & 0xffff0000u);
    }
}

/* Element off of an array of t's elements. */
static const void *attn_at(const void *p, cpu_dtype t, int64_t off) {
    return (const char *)p + off * cpu_dtype_size(t);
}

/* A block's nb query rows from row b0, D apart in q: packed as a GEMM's A
 * rows (widened from bf16), or with pairs as the pair kernels' bf16 pairs
 * (D = ceil(d / 2)); their running max m and sum l start. */
static void load_q(const cpu_attn_args *a, const cpu_kernel_set *ks, float *q, int64_t D, int64_t b0, int64_t nb,
                   float *m, float *l, bool pairs) {
    for (int64_t i = 0; i < nb; i++) {
        const void *src = attn_at(a->Q, a->q_dt, a->q_off[b0 + i]);
        if (pairs)
            cpu_pack_a_pairs((uint32_t *)(q + i * D), D, src, a->d, 1, 0, a->q_sd, 0, 0, 1);
        else
            cpu_pack_a_rows(q + i * D, D, ks, src, a->q_dt, a->d, 1, 0, a->q_sd, 0, 0, 1);
        m[i] = -INFINITY;
        l[i] = 0;
    }
}

/* S (rows T apart) = Q K_t^T for keys j0 .. j0 + tc, MR x NR microkernel
 * tiles; qp: the qk epilogue applied in the microkernel, or NULL. */
static void qk_tiles(const cpu_kernel_set *ks, cpu_ukr *u, const float *q, const float *kt, float *s, int64_t D,
                     int64_t T, int64_t nb, int64_t j0, int64_t tc, const cpu_epi_prog *qp) {
    const int MR = ks->mr, NR = ks->nr;
    for (int64_t i = 0; i < nb; i += MR)
        for (int64_t qq = j0 / NR; qq * NR < j0 + tc; qq++) {
            u->k = D;
            u->a = q + i * D;
            u->a_rs = D;
            u->b = kt + qq * D * NR;
            u->c = s + i * T + (qq * NR - j0);
            u->c_rs = T;
            u->m = (int)(nb - i < MR ? nb - i : MR);
            u->n = (int)(j0 + tc - qq * NR < NR ? j0 + tc - qq * NR : NR);
            u->add = NULL;
            u->epi = qp;
            u->m0 = i;
            u->n0 = qq * NR;
            ks->gemm(u);
        }
}

/* O (rows DVP apart) += e^{S - m} V_t for keys j0 .. j0 + tc (the first
 * tile, j0 = 0, stores instead), MR x NR microkernel tiles. */
static void pv_tiles(const cpu_kernel_set *ks, cpu_ukr *u, const float *s, const float *vp, float *o, int64_t T,
                     int64_t KEYS, int64_t DV, int64_t DVP, int64_t nb, int64_t j0, int64_t tc) {
    const int MR = ks->mr, NR = ks->nr;
    const int64_t vpan = DVP / NR;
    for (int64_t i = 0; i < nb; i += MR)
        for (int64_t qq = 0; qq < vpan; qq++) {
            u->k = tc;
            u->a = s + i * T;
            u->a_rs = T;
            u->b = vp + qq * KEYS * NR + j0 * NR;
            u->c = o + i * DVP + qq * NR;
            u->c_rs = DVP;
            u->m = (int)(nb - i < MR ? nb - i : MR);
            u->n = (int)(DV - qq * NR < NR ? DV - qq * NR : NR);
            u->add = j0 ? u->c : NULL;
            u->add_rs = DVP;
            u->add_cs = 1;
            u->epi = NULL;
            u->m0 = u->n0 = 0;
            ks->gemm(u);
        }
}

/* A block's nb output rows (DVP apart in o): O / l, the pv epilogue (pe,
 * compiled as pp; its operands moved per row), the store. */
static void store_rows(const cpu_attn_args *a, const cpu_kernel_set *ks, cpu_epilogue *pe, const cpu_epi_prog *pp,
                       float *o, int64_t DVP, const float *m, const float *l, int64_t b0, int64_t nb, bool p_whole) {
    const int64_t DV = a->dv;
    for (int64_t i = 0; i < nb; i++) {
        float *orow = o + i * DVP;
        /* torch's safe softmax: P = 0 where every score is -inf, so O is
         * what was summed, e^{-inf} V = 0 V: 0, or NaN in a column where V
         * holds a NaN or an infinity, as the reference's 0 * V */
        if (!p_whole && !(a->safe && m[i] == -INFINITY)) row_div(orow, DV, l[i]);
        /* f32 of unit stride: the epilogue writes the output; else it runs
         * in place and the row is stored (rounded to bf16, or scattered) */
        float *out = a->o_dt == CPU_F32 ? (float *)a->O + a->o_off[b0 + i] : NULL;
        float *dst = out && a->o_sn == 1 ? out : orow;
        if (a->pv_epi) {
            for (uint32_t k = 0; k < pe->noperands; k++)
                pe->operands[k].ptr = a->pv_base[k] + a->pv_opnd_off[k][b0 + i];
            epi_row(ks, pp, orow, DV, 0, dst);
        } else if (dst != orow) {
            memcpy(dst, orow, (size_t)DV * sizeof *dst);
        }
        if (!out) {
            uint16_t *o16 = (uint16_t *)a->O + a->o_off[b0 + i];
            if (a->o_sn == 1)
                (ks->store16 ? ks->store16 : cpu_store16_portable)(o16, orow, DV, a->o_dt);
            else
                for (int64_t k = 0; k < DV; k++) cpu_store16_portable(o16 + k * a->o_sn, orow + k, 1, a->o_dt);
        } else if (dst == orow) {
            for (int64_t k = 0; k < DV; k++) out[k * a->o_sn] = orow[k];
        }
    }
}

void ATTN_ROWS_FN(const cpu_attn_args *a, const void *kset, char *buf, int64_t r0, int64_t r1) {
    const cpu_kernel_set *ks = kset;
    const cpu_attn_tile *t = &a->tile;
    const int NR = ks->nr;
    const int64_t D = a->d, DV = a->dv, KEYS = a->keys, T = t->keys, R = t->rows;
    const int64_t kpan = (KEYS + NR - 1) / NR, vpan = (DV + NR - 1) / NR, DVP = vpan * NR;
    /* P rounded to bf16 as the reference rounds it: where one tile holds
     * every key (attention.h) */
    const bool p_whole = a->p_dt == CPU_BF16 && T >= KEYS;
    /* bf16 products by the pair kernels (tile.pair_kernel: Q K^T; tile.pv_pairs,
     * with p_whole, P V too): Q, K^T and V as bf16 pairs, D2 and K2 pair
     * rows, in the buffers the f32 copies would fill */
    const cpu_kernel_set *pk = t->pair_kernel ? cpu_kernel_pairs(CPU_ISA_AVX512BF16) : NULL;
    const cpu_kernel_set *kq = pk ? pk : ks, *kv = pk && t->pv_pairs ? pk : ks; /* pv_pairs: p_whole */
    const int64_t DQ = pk ? (D + 1) / 2 : D, KV = kv == pk ? (KEYS + 1) / 2 : KEYS;
    float *q = (float *)buf;
    float *kt = (float *)(buf + t->q_bytes);
    float *vp = (float *)(buf + t->q_bytes + t->kt_bytes);
    float *s = (float *)(buf + t->q_bytes + t->kt_bytes + t->v_bytes);
    float *o = (float *)(buf + t->q_bytes + t->kt_bytes + t->v_bytes + t->s_bytes);
    float *m = (float *)(buf + t->q_bytes + t->kt_bytes + t->v_bytes + t->s_bytes + t->o_bytes);
    float *l = m + R, *alpha = l + R, *ms = alpha + R; /* ms: the max e^x subtracts (0 for a row still all -inf) */
    /* the epilogues, as this thread's copies (their operand pointers move
     * per row), and e^{S - m}: m a column operand */
    cpu_epilogue qe, pe, ee;
    cpu_epi_prog qp, pp, ep;
    if (a->qk_epi) {
        qe = *a->qk_epi;
        cpu_epi_compile(&qe, false, &qp);
    }
    if (a->pv_epi) {
        pe = *a->pv_epi;
        cpu_epi_compile(&pe, false, &pp);
    }
    exp_program(&ee, ms, &ep);
    cpu_ukr u;
    memset(&u, 0, sizeof u);
    int64_t head_k = -1, head_v = -1;
    for (int64_t b0 = r0; b0 < r1;) {
        /* a block: up to R rows of one head */
        int64_t b1 = b0 + 1;
        while (b1 < r1 && b1 - b0 < R && a->k_off[b1] == a->k_off[b0] && a->v_off[b1] == a->v_off[b0]) b1++;
        const int64_t nb = b1 - b0;
        if (a->k_off[b0] != head_k) {
            head_k = a->k_off[b0];
            cpu_pack_b_block(kt, kq, attn_at(a->K, a->k_dt, head_k), a->k_dt, a->k_sd, a->k_sj, 0, D, KEYS, 0, DQ, 0, kpan);
        }
        if (a->v_off[b0] != head_v) {
            head_v = a->v_off[b0];
            cpu_pack_b_block(vp, kv, attn_at(a->V, a->v_dt, head_v), a->v_dt, a->v_sj, a->v_sn, 0, KEYS, DV, 0, KV, 0, vpan);
        }
        load_q(a, ks, q, DQ, b0, nb, m, l, pk != NULL);
        for (int64_t j0 = 0; j0 < KEYS; j0 += T) {
            const int64_t tc = KEYS - j0 < T ? KEYS - j0 : T;
            /* the qk epilogue: in the microkernel, on its register tile
             * (m0, n0: the tile's row in the block, its first key), where
             * every operand's rows are evenly spaced in the block (a mask
             * broadcast over rows, a scale), else row by row after it */
            bool even = a->qk_epi != NULL;
            for (uint32_t k = 0; even && k < qe.noperands; k++) {
                const int64_t *off = a->qk_opnd_off[k] + b0;
                for (int64_t i = 2; even && i < nb; i++) even = off[i] - off[i - 1] == off[1] - off[0];
                qe.operands[k].ptr = a->qk_base[k] + off[0];
                qe.operands[k].sm = nb > 1 ? off[1] - off[0] : 0;
            }
            /* S = Q K_t^T */
            qk_tiles(kq, &u, q, kt, s, DQ, T, nb, j0, tc, even ? &qp : NULL);
            for (int64_t i = 0; i < nb; i++) {
                float *srow = s + i * T;
                if (a->qk_epi && !even) {
                    for (uint32_t k = 0; k < qe.noperands; k++) {
                        qe.operands[k].ptr = a->qk_base[k] + a->qk_opnd_off[k][b0 + i];
                        qe.operands[k].sm = 0;
                    }
                    epi_row(ks, &qp, srow, tc, j0, srow);
                }
                /* the running max, and how much the old terms shrink; a
                 * row with no finite score yet subtracts 0 (its e^S are 0,
                 * not e^{-inf + inf}), and had nothing to shrink */
                float mt = row_max(srow, tc), mn = mt > m[i] ? mt : m[i];
                alpha[i] = j0 && m[i] != -INFINITY ? expf(m[i] - mn) : 0.0f;
                m[i] = mn;
                ms[i] = mn == -INFINITY ? 0.0f : mn;
            }
            /* e^{S - m}, the rows' sums, O rescaled */
            float rs[ATTN_ROWS_MAX];
            if (ks->exp_rows) {
                ks->exp_rows(s, T, (int)nb, tc, ms, rs);
            } else {
                epi_cols(ks, &ep, s, T, (int)nb, tc, 0, s, T);
                for (int64_t i = 0; i < nb; i++) rs[i] = row_sum(s + i * T, tc);
            }
            for (int64_t i = 0; i < nb; i++) {
                float st = rs[i];
                l[i] = j0 ? l[i] * alpha[i] + st : st;
                if (j0) row_scale(o + i * DVP, DVP, alpha[i]);
                if (p_whole) row_p_bf16(s + i * T, tc, l[i], a->safe && m[i] == -INFINITY);
            }
            /* O += e^{S - m} V_t */
            if (kv == pk) { /* one tile (p_whole): j0 = 0, tc = KEYS */
                for (int64_t i = 0; i < nb; i++) row_pairs(s + i * T, tc);
                pv_tiles(kv, &u, s, vp, o, T, KV, DV, DVP, nb, 0, (tc + 1) / 2);
            } else {
                pv_tiles(ks, &u, s, vp, o, T, KEYS, DV, DVP, nb, j0, tc);
            }
        }
        /* O / l, the pv epilogue, the store */
        store_rows(a, ks, &pe, &pp, o, DVP, m, l, b0, nb, p_whole);
        b0 = b1;
    }
}
