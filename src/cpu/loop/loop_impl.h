/* loop_impl.h - internal to the loop kernels (loop.c and its per-ISA
 * instantiations of loop_exec.h): registers, the work split, and the
 * reference's scalar rules, all inline so that each ISA's copy is compiled
 * with its own flags. */
#ifndef SPADC_CPU_LOOP_IMPL_H
#define SPADC_CPU_LOOP_IMPL_H

#include <math.h>
#include <string.h>

#include "base/fp16.h"
#include "cpu/epilogue/fn1.h"
#include "interp/scalar_rules.h"
#include "ir/ir.h"
#include "loop.h"

#define LOOP_NONE CPU_LOOP_NONE
/* Lanes of the lane loop per work item (parallel lanes): enough that an
 * item's setup is small beside its work, few enough that threads share
 * a short loop. */
#define LOOP_BLOCK (8 * CPU_LOOP_LANES)

/* One register: CPU_LOOP_LANES lanes of one class. */
typedef union lreg {
    float s[CPU_LOOP_LANES];   /* f32, bf16, f16 */
    double f[CPU_LOOP_LANES];  /* f64 */
    int64_t i[CPU_LOOP_LANES]; /* integers, i1 */
} lreg;

/* Where the lanes of one chunk read: per input the offset of lane 0 and
 * the step between lanes; the loop indices of lane 0. */
typedef struct loop_chunk {
    const void *const *ptr;
    int64_t off[CPU_LOOP_MAX_INPUTS];
    int64_t ls[CPU_LOOP_MAX_INPUTS];
    const int64_t *idx;
    int lane_dim;
    int cnt;
} loop_chunk;

typedef struct loop_job {
    const cpu_loop *L;
    const void *const *in;
    void *out;
    uint32_t outer[CPU_LOOP_MAX_DIMS], nouter; /* parallel loops split into items */
    uint32_t rdims[CPU_LOOP_MAX_DIMS], nrdims; /* reduction loops walked per item (not the lane loop) */
    /* parallel lanes: the lane loop in nblocks blocks of block lanes.
     * Unit strides: LOOP_BLOCK lanes, item = outer point * nblocks + block
     * (each outer point's line streamed in order). A tensor strided along
     * the lanes (a transpose): one chunk a block, item = block * npoints +
     * outer point, so consecutive items walk the outer loops over one block
     * and its strided lines (an NHWC output written along its pixels,
     * channel after channel) are reused from L1, not fetched again per
     * channel */
    int64_t nblocks, block, npoints;
    bool block_major;
    /* a copy program's input (cpu_loop_copy_bytes: a transpose's, a
     * slice's, a concatenation's part), whose lane runs are copied whole;
     * -1 otherwise */
    int copy;
    int copy_bytes; /* its element size */
} loop_job;

typedef uint32_t (*loop_items_fn)(const loop_job *j, int64_t i0, int64_t i1, lreg *r);
uint32_t cpu_loop_items_generic(const loop_job *j, int64_t i0, int64_t i1, lreg *r);
uint32_t cpu_loop_items_avx2(const loop_job *j, int64_t i0, int64_t i1, lreg *r);
uint32_t cpu_loop_items_avx512(const loop_job *j, int64_t i0, int64_t i1, lreg *r);

/* The fused loops (loop_fused_exec.h, per ISA): a REDUCE's reduced values
 * into acc (one per row, f64 where F->wide, else f32), a CHAIN whole. */
typedef void (*loop_fused_reduce_fn)(const cpu_loop_fused *F, const cpu_loop *L, const void *const *in, void *acc);
typedef void (*loop_fused_chain_fn)(const cpu_loop_fused *F, const cpu_loop *L, const void *const *in, void *out);
void cpu_loop_fused_reduce_generic(const cpu_loop_fused *F, const cpu_loop *L, const void *const *in, void *acc);
void cpu_loop_fused_reduce_avx2(const cpu_loop_fused *F, const cpu_loop *L, const void *const *in, void *acc);
void cpu_loop_fused_reduce_avx512(const cpu_loop_fused *F, const cpu_loop *L, const void *const *in, void *acc);
void cpu_loop_fused_chain_generic(const cpu_loop_fused *F, const cpu_loop *L, const void *const *in, void *out);
void cpu_loop_fused_chain_avx2(const cpu_loop_fused *F, const cpu_loop *L, const void *const *in, void *out);
void cpu_loop_fused_chain_avx512(const cpu_loop_fused *F, const cpu_loop *L, const void *const *in, void *out);

/* ------------------------------------------------- the reference's rules */

static inline bool loop_is_single(cpu_ltype t) { return t == CPU_LT_F32 || t == CPU_LT_BF16 || t == CPU_LT_F16; }

static inline int loop_ltype_bits(cpu_ltype t) {
    switch (t) {
    case CPU_LT_I1: return 1;
    case CPU_LT_I8: return 8;
    case CPU_LT_I16: return 16;
    case CPU_LT_I32: return 32;
    default: return 64;
    }
}

static inline double loop_round(double x, uint8_t dt) {
    switch (dt) {
    case CPU_LT_F32: return (double)(float)x;
    case CPU_LT_BF16: return sp_bf16_to_f32(sp_f64_to_bf16(x));
    case CPU_LT_F16: return sp_f16_to_f32(sp_f64_to_f16(x));
    default: return x;
    }
}

/* maximumf, minimumf, cmpf, cmpi and integer widths: the reference's own
 * (interp/scalar_rules.h); f32 extrema below in float, to vectorise */
static inline float loop_maximumf_s(float a, float b) {
    const float m = a > b ? a : b;
    const float z = a == b ? (signbit(a) ? b : a) : m; /* equal: +0 over -0 */
    return a != a || b != b ? NAN : z;
}
static inline float loop_minimumf_s(float a, float b) {
    const float m = a < b ? a : b;
    const float z = a == b ? (signbit(a) ? a : b) : m;
    return a != a || b != b ? NAN : z;
}

/* The operands instruction op reads: a, a b or a b c; -1: those not
 * LOOP_NONE. */
static inline int loop_nreads(cpu_lop op) {
    switch (op) {
    case CPU_L_LOAD:
    case CPU_L_CONST:
    case CPU_L_INDEX: return 0;
    case CPU_L_COPY:
    case CPU_L_NEGF:
    case CPU_L_ABSF:
    case CPU_L_SQRT:
    case CPU_L_RSQRT:
    case CPU_L_ROUNDF:
    case CPU_L_SITOFP:
    case CPU_L_WRAPI:
    case CPU_L_FN1: return 1;
    case CPU_L_SELECT: return 3;
    case CPU_L_SCALAR: return -1; /* those not LOOP_NONE */
    case CPU_L_GATHER: return 1;
    case CPU_L_GINDEX: return -1; /* a may be none */
    default: return 2;
    }
}

/* Lane l of a register of type t, as the reference holds it, and back. */
static inline cpu_lane lane_get(const lreg *r, uint8_t t, int l) {
    cpu_lane v = {0};
    if (!r) return v;
    if (loop_is_single((cpu_ltype)t))
        v.f = r->s[l];
    else
        v.i = r->i[l]; /* a double's bits, or an integer */
    return v;
}
static inline void lane_put(lreg *r, uint8_t t, int l, cpu_lane v) {
    if (loop_is_single((cpu_ltype)t))
        r->s[l] = (float)v.f;
    else
        r->i[l] = v.i;
}

/* The combining op's identity in type dt, and the op on one lane. */
static inline cpu_lane loop_comb_identity(cpu_lop op, uint8_t dt) {
    cpu_lane v = {0};
    const int bits = loop_ltype_bits((cpu_ltype)dt);
    switch (op) {
    case CPU_L_ADDF: v.f = -0.0; break; /* x + -0 is x, -0 included */
    case CPU_L_MULF: v.f = 1.0; break;
    case CPU_L_MAXIMUMF: v.f = -INFINITY; break;
    case CPU_L_MINIMUMF: v.f = INFINITY; break;
    case CPU_L_MULI: v.i = 1; break;
    case CPU_L_ANDI: v.i = bits == 1 ? 1 : -1; break;
    case CPU_L_MAXSI: v.i = bits >= 64 ? INT64_MIN : -(INT64_C(1) << (bits - 1)); break;
    case CPU_L_MINSI: v.i = bits >= 64 ? INT64_MAX : (INT64_C(1) << (bits - 1)) - 1; break;
    default: break; /* add, or, xor: 0 */
    }
    return v;
}

static inline cpu_lane loop_comb1(cpu_lop op, uint8_t dt, cpu_lane a, cpu_lane b) {
    cpu_lane r = {0};
    const int bits = loop_ltype_bits((cpu_ltype)dt);
    switch (op) {
    case CPU_L_ADDF: r.f = loop_round(a.f + b.f, dt); break;
    case CPU_L_MULF: r.f = loop_round(a.f * b.f, dt); break;
    case CPU_L_MAXIMUMF: r.f = sr_maximumf(a.f, b.f); break;
    case CPU_L_MINIMUMF: r.f = sr_minimumf(a.f, b.f); break;
    case CPU_L_ADDI: r.i = sr_wrap((int64_t)((uint64_t)a.i + (uint64_t)b.i), bits); break;
    case CPU_L_MULI: r.i = sr_wrap((int64_t)((uint64_t)a.i * (uint64_t)b.i), bits); break;
    case CPU_L_ANDI: r.i = a.i & b.i; break;
    case CPU_L_ORI: r.i = a.i | b.i; break;
    case CPU_L_XORI: r.i = sr_wrap(a.i ^ b.i, bits); break;
    case CPU_L_MAXSI: r.i = a.i > b.i ? a.i : b.i; break;
    default: r.i = a.i < b.i ? a.i : b.i; break; /* MINSI */
    }
    return r;
}

/* Function k (cpu_fn1_has: fn1.h's list) on cnt lanes: one loop each,
 * which vectorises on any ISA. */
static inline void loop_fn1(ir_opkind k, const float *a, float *d, int cnt) {
    switch (k) {
#define LOOP_FN1_RUN(K, F, V) case K: for (int l = 0; l < cnt; l++) d[l] = F(a[l]); break;
        CPU_FN1S(LOOP_FN1_RUN)
#undef LOOP_FN1_RUN
    default: break; /* lowering emits CPU_L_FN1 only where cpu_fn1_has */
    }
}

/* -------------------------------------------------------------- the walk */

static inline void loop_decode(int64_t o, const uint32_t *dims, uint32_t n, const int64_t *bounds, int64_t *idx) {
    for (int i = (int)n - 1; i >= 0; i--) {
        idx[dims[i]] = o % bounds[dims[i]];
        o /= bounds[dims[i]];
    }
}

static inline int64_t loop_offset(const cpu_loop_tensor *t, const int64_t *idx, uint32_t ndims) {
    int64_t off = t->off;
    for (uint32_t d = 0; d < ndims; d++) off += idx[d] * t->stride[d];
    return off;
}

static inline bool loop_next_point(int64_t *idx, const uint32_t *dims, uint32_t n, const int64_t *bounds) {
    for (int i = (int)n - 1; i >= 0; i--) {
        if (++idx[dims[i]] < bounds[dims[i]]) return true;
        idx[dims[i]] = 0;
    }
    return false;
}

static inline void loop_set_chunk(const loop_job *j, loop_chunk *c, const int64_t *idx) {
    const cpu_loop *L = j->L;
    for (uint32_t i = 0; i < L->nin; i++) {
        c->off[i] = loop_offset(&L->in[i], idx, L->ndims);
        c->ls[i] = c->lane_dim >= 0 ? L->in[i].stride[c->lane_dim] : 0;
    }
}

#endif
