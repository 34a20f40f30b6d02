/* body.h - the body program: a fused kernel's scalar body (the regions of
 * its linalg ops: arith and math on scalars) compiled once, owned by no
 * backend, into typed straight-line code on virtual registers that each
 * backend translates instruction by instruction into its own instruction
 * set (the cpu epilogue's CPU_EPI_*, the cpu loop engine's CPU_L_*).
 *
 *     static bool my_native(const void *ud, ir_opkind k, ir_dtype dt);  // the op table
 *     bd_target t = {.native = my_native, .ud = me};
 *     bd_prog *p = ...;  bd_init(p, &t);
 *     int r = bd_reg(p, &body->args[0]);   // a value the backend provides (a load)
 *     bd_bind(p, &body->args[1], chain);   // a block argument another register holds
 *     for (op in body) bd_op(p, op);       // appends p->insn[...]: translate them
 *     int y = bd_operand(p, yield->opnds[0]);
 *
 * Contract.
 * - Registers are the program's, one per value, written once (SSA). The
 *   backend makes registers for the values it provides itself (an input's
 *   load, the chain, an accumulator) with bd_reg, and binds a block argument
 *   to a register it already has with bd_bind; it interleaves instructions
 *   of its own (loads, gathers) freely, since it translates p->insn[] as
 *   they are appended (bd_op and bd_operand only ever append).
 * - A scalar a body uses but does not define (a constant from outside the
 *   body, or a value known only at run time) is captured: one instruction
 *   of kind IR_OP_CONSTANT with `capture` set and val the value, appended
 *   at its first use, right before the instruction that reads it. The
 *   backend reads a constant from val->def, or patches val->id per run.
 * - An op is one instruction (op the IR op, val its result) when the
 *   backend's op table has it at its result type, or when no decomposition
 *   below can stand in for it from ops the table has: the backend then runs
 *   it its own way or refuses it, by name. An op the table lacks is
 *   decomposed here, once for every backend, into ops the table has
 *   (recursively: sinh -> cosh -> exp): those instructions have
 *   op NULL, constants in imm, and the last one val = the op's result.
 * - Decompositions are written for f32 results only: in bf16/f16 each step
 *   would round to 8/11 bits where the reference rounds once, and f64 must
 *   keep the reference's libm accuracy. Each states its error bound.
 * - No memory is owned: a bd_prog is a plain struct, nothing allocates, and
 *   a limit (BD_MAX_*) is a false return with the reason in why.
 */
#ifndef SPADC_PASSES_BODY_H
#define SPADC_PASSES_BODY_H

#include <stdbool.h>
#include <stdint.h>

#include "ir/ir.h"

#define BD_NONE 0xffff
#define BD_MAX_INSNS 512
#define BD_MAX_REGS 1024

typedef struct bd_insn {
    uint16_t kind;     /* ir_opkind computed */
    uint8_t dt;        /* ir_dtype of the result */
    uint8_t t[3];      /* ir_dtype of each operand */
    uint8_t nopnds;
    bool capture;      /* a captured scalar: val, defined outside the body */
    uint8_t pred;      /* cmpf/cmpi predicate of a decomposition's compare */
    uint16_t dst, a, b, c; /* registers (BD_NONE: none) */
    const ir_op *op;   /* the IR op (attributes, location); NULL in a decomposition */
    const ir_value *val; /* the value dst holds, NULL for a decomposition's intermediates */
    double imm;        /* a decomposition's constant, rounded to dt */
} bd_insn;

/* What a backend runs natively: op k with a result of type dt. */
typedef bool (*bd_native_fn)(const void *ud, ir_opkind k, ir_dtype dt);

typedef struct bd_target {
    bd_native_fn native;
    const void *ud;
} bd_target;

typedef struct bd_prog {
    const bd_target *tg;
    bd_insn insn[BD_MAX_INSNS];
    uint32_t n;
    const ir_value *val[BD_MAX_REGS]; /* the value of each register (NULL: none) */
    uint32_t nregs;
    /* block arguments bound to a register another value made */
    const ir_value *alias_val[BD_MAX_REGS];
    uint16_t alias_reg[BD_MAX_REGS];
    uint32_t nalias;
    bool full; /* a limit was reached */
} bd_prog;

void bd_init(bd_prog *p, const bd_target *t);
/* A new register for v (NULL: a value of the backend's own): -1 when full. */
int bd_reg(bd_prog *p, const ir_value *v);
/* Bind v to register r: false when full or r < 0. */
bool bd_bind(bd_prog *p, const ir_value *v, int r);
/* The register holding v, or -1. */
int bd_lookup(const bd_prog *p, const ir_value *v);
/* The register of a value a body op uses: bound already, or captured (a
 * scalar from outside the body); -1 for a non-scalar or when full. */
int bd_operand(bd_prog *p, const ir_value *v);
/* One body op (one scalar result, at most 3 operands): its operands
 * resolved, then the op or its decomposition appended. False when an
 * operand is not a scalar or a limit is reached. */
bool bd_op(bd_prog *p, const ir_op *o);
/* Whether op k at result type dt decomposes into ops the table has. */
bool bd_decomposes(const bd_prog *p, ir_opkind k, ir_dtype dt);
/* Whether k is a special function: a transcendental the decompositions
 * are written in and never decompose (body.c lists them). */
bool bd_special_fn(ir_opkind k);

#endif
