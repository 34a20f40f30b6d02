/* epilogue.h - internal to the cpu engine: the epilogue program a
 * microkernel applies to its register tile before the store, compiled from
 * the kernel's elementwise chain (cpu.h cpu_epilogue, the body program's
 * translation: the frame's cpu/epi_compile.c) into steps the ISA kernels run in registers
 * (kernels/ukr_common.h UKR_EPI_STEPS) or a program the tile interpreters
 * run (vec_epilogue.h per ISA, cpu_epi_tile_generic in portable C).
 *
 * Below the frame, the kernels (kernels/) include it; it includes only
 * cpu.h and its own folder's headers.
 */
#ifndef SPADC_CPU_EPILOGUE_H
#define SPADC_CPU_EPILOGUE_H

#include "cpu/cpu.h"

/* ---------------------------------------------------- compiled epilogue */

typedef enum cpu_epi_kind {
    CPU_EPI_KIND_STORE,   /* store the accumulator */
    CPU_EPI_KIND_RELU,    /* store max(acc, 0) */
    CPU_EPI_KIND_GENERAL  /* run the program (vector interpreter) */
} cpu_epi_kind;

/* A validated program with the instructions the loops folded into the
 * accumulator's initial value skipped (a leading "r1 = load op; r0 = r0 +
 * r1" becomes init from op). */
/* A GENERAL program that is a chain of steps on the accumulator (r0 = r0
 * op x, x an operand or a constant, then dead; or a ReLU), as a folded
 * BatchNorm, a bias, a residual and a ReLU are: a kernel may apply the
 * steps to its register tile, in the program's order and rounding, where
 * each operand it reads has column stride 0 (one value per row, read
 * once a row) or 1 (loaded as vectors), rather than spill the tile to the
 * interpreter. Kernels that do not know steps run the program. */
/* X(op) for every step op: the enum, and the kernels' switches whose cases
 * apply one op to all their registers (conv_dw_impl.h, ukr_common.h). */
#define CPU_EPI_STEP_OPS(X)                                                                                    \
    X(CPU_STEP_ADD) X(CPU_STEP_SUB) X(CPU_STEP_RSUB) X(CPU_STEP_MUL) X(CPU_STEP_RELU) X(CPU_STEP_MAXC)        \
    X(CPU_STEP_MINC) X(CPU_STEP_MAXC_X) X(CPU_STEP_MINC_X)
#define CPU_EPI_STEP_ENUM(op) op,
/* Then the mask selects, register ops of the GEMM microkernels only
 * (ukr_common.h; the depthwise kernel runs such programs on its
 * interpreter, cpu_epi_steps_in_registers): r0 = x > t ? r0 : k
 * (MASK_KEEP) and r0 = x > t ? k : r0 (MASK_DROP), x an operand, t and k
 * constants (step.thr, step.imm); a causal attention's scores, x its i1
 * mask read as 0/1 and t 0.5 (epi_compile.c compile_select). */
#define CPU_EPI_SELECT_STEP_OPS(X) X(CPU_STEP_MASK_KEEP) X(CPU_STEP_MASK_DROP)
/* After the register ops, the tile steps: r0 = GELU(r0), erf's or tanh's,
 * SiLU(r0) or r0 rounded to bf16 (CPU_EPI_GELU_ERF, _GELU_TANH, _SILU,
 * _ROUND_BF16: a bf16 op's result in a GEMM's epilogue, as the fused bf16
 * attention's scores have them), too long to inline
 * for every register of every edge kernel; a kernel that takes them
 * (ukr_common.h) spills its tile, runs the ISA's function over it
 * (act_tile: the interpreter's arithmetic, vec_epilogue.h) and reloads.
 * Others run such a program on the interpreter
 * (cpu_epi_steps_in_registers). */
typedef enum cpu_epi_step_op {
    CPU_EPI_STEP_OPS(CPU_EPI_STEP_ENUM) CPU_EPI_SELECT_STEP_OPS(CPU_EPI_STEP_ENUM) CPU_STEP_GELU_ERF,
    CPU_STEP_GELU_TANH,
    CPU_STEP_SILU,
    CPU_STEP_ROUND_BF16
} cpu_epi_step_op;
#undef CPU_EPI_STEP_ENUM
typedef struct cpu_epi_step {
    uint8_t op;      /* cpu_epi_step_op: r0 + x, r0 - x, x - r0, r0 * x, max(r0, 0) (maximumf); with a
                        constant x (not NaN): VMAXPS/VMINPS(x, r0) (maximumf/minimumf with x not 0,
                        ReLU6's min; "x > r0 ? x : r0" and "x > r0 ? r0 : x") and VMAXPS/VMINPS(r0, x)
                        ("r0 > x ? r0 : x": maxnumf, torch's ReLU as a select; "x > r0 ? r0 : x") */
    int8_t operand;  /* x is e->operands[operand], or imm where -1 */
    float imm;
    float thr; /* a mask select's threshold t */
} cpu_epi_step;
#define CPU_EPI_MAX_STEPS 16

typedef struct cpu_epi_prog {
    cpu_epi_kind kind;
    const cpu_epilogue *e;
    uint32_t first; /* first instruction to run */
    uint32_t nsteps; /* the program from first as steps (GENERAL only), or 0 */
    cpu_epi_step steps[CPU_EPI_MAX_STEPS];
} cpu_epi_prog;

/* Whether a kernel can apply p's steps with e's operands as they are now
 * (a caller may set their strides after compiling, as the depthwise path
 * does): each read per row (column stride 0) or as vectors (stride 1). */
static inline bool cpu_epi_steps_fit(const cpu_epi_prog *p) {
    for (uint32_t s = 0; s < p->nsteps; s++) {
        const int op = p->steps[s].operand;
        if (op >= 0 && p->e->operands[op].sn != 0 && p->e->operands[op].sn != 1) return false;
    }
    return true;
}

/* Whether step op is a tile step (applied to the spilled tile). */
static inline bool cpu_epi_step_is_tile(int op) { return op >= CPU_STEP_GELU_ERF; }

/* Whether every step is a register op of CPU_EPI_STEP_OPS (no mask
 * select, no tile step): what a kernel that knows only those
 * (conv_dw_impl.h) can apply. */
static inline bool cpu_epi_steps_in_registers(const cpu_epi_prog *p) {
    for (uint32_t s = 0; s < p->nsteps; s++)
        if (p->steps[s].op >= CPU_STEP_MASK_KEEP) return false;
    return true;
}

/* Structural checks of a program (registers, operands, opcodes): SP_OK or
 * SP_EINPUT with the reason recorded in ctx. */
sp_status cpu_epi_check(sp_ctx *ctx, const cpu_epilogue *e);

/* Compile a checked program (NULL: store). With fold_init, a leading
 * operand add is skipped and the operand's index returned (the caller then
 * starts the accumulator from it); otherwise returns -1. */
int cpu_epi_compile(const cpu_epilogue *e, bool fold_init, cpu_epi_prog *p);

/* Reference tile interpreter (portable C, cpu_epi_eval per element):
 * c[i*c_rs + j] = program(t[i*t_rs + j], m0 + i, n0 + j). */
void cpu_epi_tile_generic(const cpu_epi_prog *p, const float *t, int64_t t_rs, int m, int n, int64_t m0, int64_t n0,
                          float *c, int64_t c_rs);

#endif
