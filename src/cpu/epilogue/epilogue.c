/* epilogue.c - the epilogue program: reference semantics (cpu_epi_eval),
 * structural checks, the reference tile interpreter, and the compile step
 * that folds a leading operand add into the accumulator's initial value. */
#include <math.h>

#include "base/fp16.h"
#include "fn1.h"
#include "interp/interp.h"
#include "epilogue.h"

/* maximumf / minimumf: NaN if either is NaN, -0 < +0. */
static float max_nan(float a, float b) {
    if (isnan(a) || isnan(b)) return a + b;
    if (a == b) return signbit(a) ? b : a;
    return a > b ? a : b;
}

static float min_nan(float a, float b) {
    if (isnan(a) || isnan(b)) return a + b;
    if (a == b) return signbit(a) ? a : b;
    return a < b ? a : b;
}

#define GELU_K0 0.7978845608028654f /* sqrt(2/pi) */
#define GELU_K1 0.044715f
#define SQRT1_2 0.70710678118654752f

/* Which registers an instruction reads: a bit mask over a, b, c, d. */
static unsigned reads(cpu_epi_op op) {
    switch (op) {
    case CPU_EPI_LOAD:
    case CPU_EPI_CONST: return 0;
    case CPU_EPI_ADD:
    case CPU_EPI_SUB:
    case CPU_EPI_MUL:
    case CPU_EPI_DIV:
    case CPU_EPI_MAX:
    case CPU_EPI_MIN: return 3;
    case CPU_EPI_SELECT_GT: return 15;
    default: return 1;
    }
}

/* Function k (cpu_fn1_has) of x as the reference computes it in f32: its
 * f32 function, or its f64 one rounded. */
static float ref_fn1(unsigned k, float x) {
    float (*f32)(float);
    double (*f64)(double);
    if (!interp_math1_fns((ir_opkind)k, &f32, &f64)) return NAN;
    return f32 ? f32(x) : (float)f64((double)x);
}

static bool insn_reads(const cpu_epi_insn *in, unsigned reg) {
    unsigned m = reads((cpu_epi_op)in->op);
    return ((m & 1) && in->a == reg) || ((m & 2) && in->b == reg) || ((m & 4) && in->c == reg) ||
           ((m & 8) && in->d == reg);
}

static float run_scalar(const cpu_epilogue *e, uint32_t first, float acc, int64_t m, int64_t n) {
    float r[CPU_EPI_MAX_REGS] = {0};
    r[0] = acc;
    for (uint32_t i = first; i < e->ninsn; i++) {
        const cpu_epi_insn *in = &e->insn[i];
        const float x = r[in->a], y = r[in->b];
        float v;
        switch ((cpu_epi_op)in->op) {
        case CPU_EPI_LOAD: {
            const cpu_operand *o = &e->operands[in->a];
            v = o->ptr[m * o->sm + n * o->sn];
            break;
        }
        case CPU_EPI_CONST: v = in->imm; break;
        case CPU_EPI_ADD: v = x + y; break;
        case CPU_EPI_SUB: v = x - y; break;
        case CPU_EPI_MUL: v = x * y; break;
        case CPU_EPI_DIV: v = x / y; break;
        case CPU_EPI_MAX: v = max_nan(x, y); break;
        case CPU_EPI_MIN: v = min_nan(x, y); break;
        case CPU_EPI_NEG: v = -x; break;
        case CPU_EPI_FN: v = ref_fn1(in->fn, x); break;
        case CPU_EPI_SQRT: v = sqrtf(x); break;
        case CPU_EPI_RSQRT: v = 1.0f / sqrtf(x); break;
        case CPU_EPI_ABS: v = fabsf(x); break;
        case CPU_EPI_RELU: v = max_nan(x, 0.0f); break;
        case CPU_EPI_GELU_TANH: v = 0.5f * x * (1.0f + tanhf(GELU_K0 * (x + GELU_K1 * x * x * x))); break;
        case CPU_EPI_GELU_ERF: v = 0.5f * x * (1.0f + erff(x * SQRT1_2)); break;
        case CPU_EPI_SILU: v = x * (1.0f / (ref_fn1(IR_OP_EXP, -x) + 1.0f)); break;
        case CPU_EPI_SELECT_GT: v = x > y ? r[in->c] : r[in->d]; break;
        case CPU_EPI_ROUND_BF16: v = sp_round_bf16(x); break;
        case CPU_EPI_ROUND_F16: v = sp_round_f16(x); break;
        default: v = NAN; break; /* rejected by cpu_epi_check */
        }
        r[in->dst] = v;
    }
    return r[e->result];
}

float cpu_epi_eval(const cpu_epilogue *e, float acc, int64_t m, int64_t n) {
    return e ? run_scalar(e, 0, acc, m, n) : acc;
}

sp_status cpu_epi_check(sp_ctx *ctx, const cpu_epilogue *e) {
    if (!e) return SP_OK;
    if (e->ninsn > CPU_EPI_MAX_INSNS || e->noperands > CPU_EPI_MAX_OPERANDS || e->nregs > CPU_EPI_MAX_REGS) {
        sp_set_error(ctx, SP_EINPUT, "epilogue: %u instructions, %u operands, %u registers exceed the limits %d, %d, %d",
                     e->ninsn, e->noperands, e->nregs, CPU_EPI_MAX_INSNS, CPU_EPI_MAX_OPERANDS, CPU_EPI_MAX_REGS);
        return SP_EINPUT;
    }
    const unsigned nregs = e->nregs ? e->nregs : 1;
    unsigned written = 1; /* r0 holds the accumulator */
    for (uint32_t i = 0; i < e->ninsn; i++) {
        const cpu_epi_insn *in = &e->insn[i];
        if (in->op >= CPU_EPI_OP_COUNT) {
            sp_set_error(ctx, SP_EINPUT, "epilogue: instruction %u has unknown opcode %u", i, in->op);
            return SP_EINPUT;
        }
        if (in->dst >= nregs) {
            sp_set_error(ctx, SP_EINPUT, "epilogue: instruction %u writes r%u, beyond the %u registers", i, in->dst, nregs);
            return SP_EINPUT;
        }
        if (in->op == CPU_EPI_FN && !cpu_fn1_has(in->fn)) {
            sp_set_error(ctx, SP_EINPUT, "epilogue: instruction %u applies op %u, not one of the cpu's functions", i, in->fn);
            return SP_EINPUT;
        }
        if (in->op == CPU_EPI_LOAD) {
            if (in->a >= e->noperands || !e->operands[in->a].ptr) {
                sp_set_error(ctx, SP_EINPUT, "epilogue: instruction %u loads operand %u of %u (or a NULL one)", i, in->a,
                             e->noperands);
                return SP_EINPUT;
            }
        } else {
            const uint8_t regs[4] = {in->a, in->b, in->c, in->d};
            const unsigned m = reads((cpu_epi_op)in->op);
            for (int k = 0; k < 4; k++) {
                if (!(m & (1u << k))) continue;
                if (regs[k] >= nregs || !(written & (1u << regs[k]))) {
                    sp_set_error(ctx, SP_EINPUT, "epilogue: instruction %u reads r%u before it is written", i, regs[k]);
                    return SP_EINPUT;
                }
            }
        }
        written |= 1u << in->dst;
    }
    if (e->result >= nregs || !(written & (1u << e->result))) {
        sp_set_error(ctx, SP_EINPUT, "epilogue: the result r%u is never written", e->result);
        return SP_EINPUT;
    }
    return SP_OK;
}

/* Rewrite the register fields of `in` that read `from` (by the opcode's
 * read mask) to read `to`. */
static void rename_reads(cpu_epi_insn *in, unsigned from, unsigned to) {
    const unsigned m = reads((cpu_epi_op)in->op);
    if ((m & 1) && in->a == from) in->a = (uint8_t)to;
    if ((m & 2) && in->b == from) in->b = (uint8_t)to;
    if ((m & 4) && in->c == from) in->c = (uint8_t)to;
    if ((m & 8) && in->d == from) in->d = (uint8_t)to;
}

bool cpu_epi_single_assign(cpu_epilogue *e) {
    if (!e || e->ninsn > CPU_EPI_MAX_INSNS) return false;
    unsigned written = 1; /* r0: the accumulator */
    for (uint32_t i = 0; i < e->ninsn; i++) {
        const unsigned d = e->insn[i].dst;
        if (d >= CPU_EPI_MAX_REGS) return false;
        if (!(written & (1u << d))) {
            written |= 1u << d;
            continue;
        }
        if (e->nregs >= CPU_EPI_MAX_REGS) return false;
        const unsigned f = e->nregs++;
        e->insn[i].dst = (uint8_t)f;
        written |= 1u << f;
        /* d's readers up to its next writer (which reads the old value, as
         * an in-place rounding does) read f */
        bool rewritten = false;
        for (uint32_t j = i + 1; j < e->ninsn && !rewritten; j++) {
            rename_reads(&e->insn[j], d, f);
            rewritten = e->insn[j].dst == d;
        }
        if (!rewritten && e->result == d) e->result = (uint8_t)f;
    }
    return true;
}

void cpu_epi_coalesce(cpu_epilogue *e) {
    if (!e || e->ninsn > CPU_EPI_MAX_INSNS) return;
    /* single assignment, r0 never written: the renaming below is then exact */
    unsigned written = 1;
    for (uint32_t i = 0; i < e->ninsn; i++) {
        const unsigned d = e->insn[i].dst;
        if (d >= CPU_EPI_MAX_REGS || (written & (1u << d))) return;
        written |= 1u << d;
    }
    for (uint32_t i = 0; i < e->ninsn; i++) {
        cpu_epi_insn *in = &e->insn[i];
        if (!insn_reads(in, 0) || e->result == 0) continue;
        bool live_after = false;
        for (uint32_t j = i + 1; j < e->ninsn && !live_after; j++) live_after = insn_reads(&e->insn[j], 0);
        if (live_after) continue;
        const unsigned old = in->dst;
        in->dst = 0;
        for (uint32_t j = i + 1; j < e->ninsn; j++) rename_reads(&e->insn[j], old, 0);
        if (e->result == old) e->result = 0;
    }
}

/* Classify what is left after `first` so the kernels can take the two
 * common cases without the interpreter. */
static cpu_epi_kind classify(const cpu_epilogue *e, uint32_t first) {
    uint32_t n = e->ninsn - first;
    const cpu_epi_insn *in = &e->insn[first];
    bool writes_r0 = false;
    for (uint32_t i = 0; i < n; i++) writes_r0 |= in[i].dst == 0;
    if (e->result == 0 && !writes_r0) return CPU_EPI_KIND_STORE;
    if (n == 1 && in[0].op == CPU_EPI_RELU && in[0].a == 0 && e->result == in[0].dst) return CPU_EPI_KIND_RELU;
    if (n == 2 && in[0].op == CPU_EPI_CONST && in[0].imm == 0.0f && in[1].op == CPU_EPI_MAX && in[0].dst != 0 &&
        ((in[1].a == 0 && in[1].b == in[0].dst) || (in[1].b == 0 && in[1].a == in[0].dst)) && e->result == in[1].dst)
        return CPU_EPI_KIND_RELU;
    return CPU_EPI_KIND_GENERAL;
}

/* Whether register t is read after instruction i (or is the result)
 * before it is written again. */
static bool live_after(const cpu_epilogue *e, uint32_t i, unsigned t) {
    for (uint32_t j = i + 1; j < e->ninsn; j++) {
        if (insn_reads(&e->insn[j], t)) return true;
        if (e->insn[j].dst == t) return false;
    }
    return e->result == t;
}

/* The program from p->first as steps (cpu_epi_prog), or nsteps = 0: loads
 * and constants (into registers other than r0) are remembered, and each
 * instruction on r0 reads r0 and one of them (dead afterwards). */
static void make_steps(const cpu_epilogue *e, cpu_epi_prog *p) {
    p->nsteps = 0;
    if (p->kind != CPU_EPI_KIND_GENERAL || e->result != 0) return;
    int src[CPU_EPI_MAX_REGS]; /* the operand a register holds, -1 a constant, -2 nothing known */
    float imm[CPU_EPI_MAX_REGS];
    for (int r = 0; r < CPU_EPI_MAX_REGS; r++) src[r] = -2;
    uint32_t n = 0;
    for (uint32_t i = p->first; i < e->ninsn; i++) {
        const cpu_epi_insn *in = &e->insn[i];
        if ((in->op == CPU_EPI_LOAD || in->op == CPU_EPI_CONST) && in->dst != 0 && in->dst < CPU_EPI_MAX_REGS) {
            src[in->dst] = in->op == CPU_EPI_LOAD ? in->a : -1;
            imm[in->dst] = in->imm;
            continue;
        }
        if (in->dst != 0 || n == CPU_EPI_MAX_STEPS) return;
        cpu_epi_step *s = &p->steps[n++];
        if (in->op == CPU_EPI_RELU && in->a == 0) {
            *s = (cpu_epi_step){.op = CPU_STEP_RELU, .operand = -1};
            continue;
        }
        if ((in->op == CPU_EPI_GELU_ERF || in->op == CPU_EPI_GELU_TANH || in->op == CPU_EPI_SILU ||
             in->op == CPU_EPI_ROUND_BF16) &&
            in->a == 0) {
            /* a tile step */
            *s = (cpu_epi_step){.op = in->op == CPU_EPI_GELU_ERF    ? CPU_STEP_GELU_ERF
                                      : in->op == CPU_EPI_GELU_TANH ? CPU_STEP_GELU_TANH
                                      : in->op == CPU_EPI_SILU      ? CPU_STEP_SILU
                                                                    : CPU_STEP_ROUND_BF16,
                                .operand = -1};
            continue;
        }
        if (in->op == CPU_EPI_SELECT_GT && in->a != 0 && in->b != 0 && (in->c == 0) != (in->d == 0)) {
            /* x > t ? r0 : k, or x > t ? k : r0: an operand x against a
             * constant t, a constant k (a mask select) */
            const unsigned x = in->a, t = in->b, k = in->c == 0 ? in->d : in->c;
            if (x >= CPU_EPI_MAX_REGS || t >= CPU_EPI_MAX_REGS || k >= CPU_EPI_MAX_REGS || src[x] < 0 || src[t] != -1 ||
                src[k] != -1 || live_after(e, i, x) || live_after(e, i, t) || live_after(e, i, k))
                return;
            *s = (cpu_epi_step){.op = in->c == 0 ? CPU_STEP_MASK_KEEP : CPU_STEP_MASK_DROP, .operand = (int8_t)src[x],
                                .imm = imm[k], .thr = imm[t]};
            continue;
        }
        const bool left = in->a == 0 && in->b != 0, right = in->b == 0 && in->a != 0;
        const unsigned t = left ? in->b : in->a;
        if (!(left || right) || t >= CPU_EPI_MAX_REGS || src[t] == -2 || live_after(e, i, t)) return;
        s->operand = (int8_t)src[t];
        s->imm = imm[t];
        if (in->op == CPU_EPI_SELECT_GT) { /* a > b ? c : d over r0 and a constant: a max or a min */
            if (src[t] != -1 || isnan(imm[t]) || !((in->c == 0 && in->d == t) || (in->c == t && in->d == 0))) return;
            const bool keep_greater = in->c == in->a; /* picks the larger: a max */
            /* VMAXPS/VMINPS(p, q) give q where unordered or equal, as the
             * select gives d: q is d */
            s->op = keep_greater ? (in->d == 0 ? CPU_STEP_MAXC : CPU_STEP_MAXC_X)
                                 : (in->d == 0 ? CPU_STEP_MINC : CPU_STEP_MINC_X);
            s->operand = -1;
            continue;
        }
        switch ((cpu_epi_op)in->op) {
        case CPU_EPI_ADD: s->op = CPU_STEP_ADD; break;
        case CPU_EPI_MUL: s->op = CPU_STEP_MUL; break;
        case CPU_EPI_SUB: s->op = left ? CPU_STEP_SUB : CPU_STEP_RSUB; break;
        case CPU_EPI_MAX: /* max(r0, 0), maximumf: a ReLU; or with another constant */
        case CPU_EPI_MIN: /* (a constant other than zero: no signed zero to order; not NaN: r0 decides) */
            if (src[t] != -1 || isnan(imm[t]) || (in->op == CPU_EPI_MIN && imm[t] == 0.0f)) return;
            s->op = in->op == CPU_EPI_MIN ? CPU_STEP_MINC : imm[t] == 0.0f ? CPU_STEP_RELU : CPU_STEP_MAXC;
            s->operand = -1;
            break;
        default: return;
        }
    }
    p->nsteps = n;
}

int cpu_epi_compile(const cpu_epilogue *e, bool fold_init, cpu_epi_prog *p) {
    p->e = e;
    p->first = 0;
    p->nsteps = 0;
    int folded = -1;
    if (!e) {
        p->kind = CPU_EPI_KIND_STORE;
        return -1;
    }
    /* "rT = load op; r0 = r0 + rT" (either order) with rT dead afterwards:
     * start the accumulator at op instead (bias or residual as init). */
    if (fold_init && e->ninsn >= 2) {
        const cpu_epi_insn *l = &e->insn[0], *a = &e->insn[1];
        const unsigned t = l->dst;
        if (l->op == CPU_EPI_LOAD && t != 0 && a->op == CPU_EPI_ADD && a->dst == 0 &&
            ((a->a == 0 && a->b == t) || (a->a == t && a->b == 0))) {
            bool dead = true;
            uint32_t i;
            for (i = 2; i < e->ninsn; i++) {
                if (insn_reads(&e->insn[i], t)) {
                    dead = false;
                    break;
                }
                if (e->insn[i].dst == t) break;
            }
            if (i == e->ninsn && e->result == t) dead = false;
            if (dead) {
                folded = l->a;
                p->first = 2;
            }
        }
    }
    p->kind = classify(e, p->first);
    make_steps(e, p);
    return folded;
}

void cpu_epi_tile_generic(const cpu_epi_prog *p, const float *t, int64_t t_rs, int m, int n, int64_t m0, int64_t n0,
                          float *c, int64_t c_rs) {
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            float v = t[i * t_rs + j];
            switch (p->kind) {
            case CPU_EPI_KIND_STORE: break;
            case CPU_EPI_KIND_RELU: v = max_nan(v, 0.0f); break;
            default: v = run_scalar(p->e, p->first, v, m0 + i, n0 + j); break;
            }
            c[i * c_rs + j] = v;
        }
}

/* ------------------------------------------------ exact GELU, recognised */

/* The instruction that last writes register r before instruction i, or -1. */
static int def_of(const cpu_epilogue *e, uint32_t i, unsigned r) {
    while (i-- > 0)
        if (e->insn[i].dst == r) return (int)i;
    return -1;
}

/* Whether register r (as instruction i reads it) holds the constant c. */
static bool is_const(const cpu_epilogue *e, uint32_t i, unsigned r, float c) {
    const int d = def_of(e, i, r);
    return d >= 0 && e->insn[d].op == CPU_EPI_CONST && e->insn[d].imm == c;
}

/* The registers instruction `in` reads, as a bit mask. */
static uint32_t read_set(const cpu_epi_insn *in) {
    const unsigned m = reads((cpu_epi_op)in->op);
    const uint8_t regs[4] = {in->a, in->b, in->c, in->d};
    uint32_t s = 0;
    for (int k = 0; k < 4; k++)
        if (m & (1u << k)) s |= 1u << regs[k];
    return s;
}

/* Whether register r is read once only from instruction i on (and is not
 * the result): an intermediate the fused op replaces. */
static bool single_use(const cpu_epilogue *e, uint32_t i, unsigned r) {
    unsigned n = e->result == r;
    for (; i < e->ninsn; i++) {
        const cpu_epi_insn *in = &e->insn[i];
        const unsigned m = reads((cpu_epi_op)in->op);
        const uint8_t regs[4] = {in->a, in->b, in->c, in->d};
        for (int k = 0; k < 4; k++) n += (m & (1u << k)) && regs[k] == r;
    }
    return n == 1;
}

/* The instruction defining r (as i reads it) as `op` on some x and the
 * constant c (x / c for DIV; either order otherwise), r read once; x in
 * *x, or -1. */
static int op_with_const(const cpu_epilogue *e, uint32_t i, unsigned r, cpu_epi_op op, float c, unsigned *x) {
    const int d = def_of(e, i, r);
    if (d < 0 || e->insn[d].op != op || !single_use(e, (uint32_t)d + 1, r)) return -1;
    const cpu_epi_insn *in = &e->insn[d];
    if (is_const(e, (uint32_t)d, in->b, c)) *x = in->a;
    else if (op != CPU_EPI_DIV && is_const(e, (uint32_t)d, in->a, c)) *x = in->b;
    else return -1;
    return d;
}

/* The instruction applying the cpu function fn to some t where r (as i
 * reads it) is 1 + fn(t), each step read once, or -1; t in *t. */
static int fn_plus_one(const cpu_epilogue *e, uint32_t i, unsigned r, unsigned fn, unsigned *t) {
    unsigned fr;
    const int a = op_with_const(e, i, r, CPU_EPI_ADD, 1.0f, &fr);
    const int d = a >= 0 ? def_of(e, (uint32_t)a, fr) : -1;
    if (d < 0 || e->insn[d].op != CPU_EPI_FN || e->insn[d].fn != fn || !single_use(e, (uint32_t)d + 1, fr)) return -1;
    *t = e->insn[d].a;
    return d;
}

/* Whether r (as i reads it) is 1 + erf(x / sqrt 2), each step read once
 * (x / 1.4142135 or x * 0.70710678, as a float); x in *x. */
static bool erf_plus_one(const cpu_epilogue *e, uint32_t i, unsigned r, unsigned *x) {
    unsigned t;
    const int d = fn_plus_one(e, i, r, IR_OP_ERF, &t);
    return d >= 0 && (op_with_const(e, (uint32_t)d, t, CPU_EPI_DIV, 1.41421356237309505f, x) >= 0 ||
                      op_with_const(e, (uint32_t)d, t, CPU_EPI_MUL, SQRT1_2, x) >= 0);
}

/* Whether r (as i reads it) is x^3 = x * (x * x) or (x * x) * x, each
 * product read once. */
static bool is_cube_of(const cpu_epilogue *e, uint32_t i, unsigned r, unsigned x) {
    const int d = def_of(e, i, r);
    if (d < 0 || e->insn[d].op != CPU_EPI_MUL || !single_use(e, (uint32_t)d + 1, r)) return false;
    for (int swap = 0; swap < 2; swap++) {
        const unsigned p = swap ? e->insn[d].b : e->insn[d].a, q = swap ? e->insn[d].a : e->insn[d].b;
        const int s = def_of(e, (uint32_t)d, q);
        if (p == x && s >= 0 && e->insn[s].op == CPU_EPI_MUL && e->insn[s].a == x && e->insn[s].b == x &&
            single_use(e, (uint32_t)s + 1, q))
            return true;
    }
    return false;
}

/* Whether r (as i reads it) is 1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)),
 * each step read once (the constants as floats, either operand order); x
 * in *x. */
static bool tanh_plus_one(const cpu_epilogue *e, uint32_t i, unsigned r, unsigned *x) {
    unsigned t, u, c;
    const int d = fn_plus_one(e, i, r, IR_OP_TANH, &t);
    const int s = d >= 0 ? op_with_const(e, (uint32_t)d, t, CPU_EPI_MUL, GELU_K0, &u) : -1;
    const int a = s >= 0 ? def_of(e, (uint32_t)s, u) : -1;
    if (a < 0 || e->insn[a].op != CPU_EPI_ADD || !single_use(e, (uint32_t)a + 1, u)) return false;
    for (int swap = 0; swap < 2; swap++) {
        const unsigned p = swap ? e->insn[a].b : e->insn[a].a, q = swap ? e->insn[a].a : e->insn[a].b;
        const int m = op_with_const(e, (uint32_t)a, q, CPU_EPI_MUL, GELU_K1, &c);
        if (m >= 0 && is_cube_of(e, (uint32_t)m, c, p)) return *x = p, true;
    }
    return false;
}

/* Whether MUL instruction i computes SiLU of some x: x * (1 / (e^{-x} +
 * 1)) in either operand order, each step read once; x in *x. */
static bool silu_at(const cpu_epilogue *e, uint32_t i, unsigned *x) {
    const cpu_epi_insn *in = &e->insn[i];
    for (int swap = 0; swap < 2; swap++) {
        const unsigned p = swap ? in->b : in->a, q = swap ? in->a : in->b;
        const int d = def_of(e, i, q); /* q = 1 / r */
        if (d < 0 || e->insn[d].op != CPU_EPI_DIV || !is_const(e, (uint32_t)d, e->insn[d].a, 1.0f) ||
            !single_use(e, (uint32_t)d + 1, q))
            continue;
        unsigned t;
        const int f = fn_plus_one(e, (uint32_t)d, e->insn[d].b, IR_OP_EXP, &t); /* r = e^t + 1 */
        const int g = f >= 0 ? def_of(e, (uint32_t)f, t) : -1;                  /* t = -p */
        if (g >= 0 && e->insn[g].op == CPU_EPI_NEG && e->insn[g].a == p && single_use(e, (uint32_t)g + 1, t))
            return *x = p, true;
    }
    return false;
}

typedef bool (*plus_one_fn)(const cpu_epilogue *e, uint32_t i, unsigned r, unsigned *x);

/* Whether MUL instruction i computes GELU of some x, in one of the three
 * placements of the 0.5, with plus_one's 1 + f; x in *x. */
static bool gelu_at(const cpu_epilogue *e, uint32_t i, plus_one_fn plus_one, unsigned *x) {
    const cpu_epi_insn *in = &e->insn[i];
    unsigned h, y, z;
    for (int swap = 0; swap < 2; swap++) {
        const unsigned p = swap ? in->b : in->a, q = swap ? in->a : in->b;
        /* x * ((1 + f) * 0.5) */
        if (op_with_const(e, i, q, CPU_EPI_MUL, 0.5f, &h) >= 0 && plus_one(e, i, h, &y) && y == p) return *x = p, true;
        /* (x * 0.5) * (1 + f) */
        if (op_with_const(e, i, p, CPU_EPI_MUL, 0.5f, &y) >= 0 && plus_one(e, i, q, &z) && y == z) return *x = y, true;
        /* (x * (1 + f)) * 0.5 */
        const int d = is_const(e, i, q, 0.5f) ? def_of(e, i, p) : -1;
        if (d < 0 || e->insn[d].op != CPU_EPI_MUL || !single_use(e, (uint32_t)d + 1, p)) continue;
        for (int s2 = 0; s2 < 2; s2++) {
            const unsigned xx = s2 ? e->insn[d].b : e->insn[d].a, ee = s2 ? e->insn[d].a : e->insn[d].b;
            if (plus_one(e, (uint32_t)d, ee, &y) && y == xx) return *x = xx, true;
        }
    }
    return false;
}

uint32_t cpu_epi_fuse_activations(cpu_epilogue *e, int16_t *newidx) {
    uint32_t fused = 0, written = 1; /* r0: the accumulator */
    for (uint32_t i = 0; i < e->ninsn; i++) { /* each register written once, as compiled: x is one value */
        newidx[i] = (int16_t)i;
        const uint32_t bit = 1u << e->insn[i].dst;
        if (e->insn[i].dst >= CPU_EPI_MAX_REGS || (written & bit)) return 0;
        written |= bit;
    }
    for (uint32_t i = 0; i < e->ninsn; i++) {
        unsigned x;
        if (e->insn[i].op != CPU_EPI_MUL) continue;
        const bool erf = gelu_at(e, i, erf_plus_one, &x);
        if (erf || gelu_at(e, i, tanh_plus_one, &x)) {
            e->insn[i] = (cpu_epi_insn){.op = erf ? CPU_EPI_GELU_ERF : CPU_EPI_GELU_TANH, .dst = e->insn[i].dst, .a = (uint8_t)x};
            fused++;
        } else if (silu_at(e, i, &x)) {
            e->insn[i] = (cpu_epi_insn){.op = CPU_EPI_SILU, .dst = e->insn[i].dst, .a = (uint8_t)x};
            fused++;
        }
    }
    if (!fused) return 0;
    /* the chains' steps are dead now: drop what the result does not read */
    bool keep[CPU_EPI_MAX_INSNS];
    uint32_t live = 1u << e->result;
    for (uint32_t j = e->ninsn; j-- > 0;) {
        const uint32_t bit = 1u << e->insn[j].dst;
        keep[j] = (live & bit) != 0;
        if (keep[j]) live = (live & ~bit) | read_set(&e->insn[j]);
    }
    uint32_t n = 0;
    for (uint32_t j = 0; j < e->ninsn; j++) {
        newidx[j] = keep[j] ? (int16_t)n : -1;
        if (keep[j]) e->insn[n++] = e->insn[j];
    }
    e->ninsn = n;
    return fused;
}
