/* verify.h - IR verifier: types, shapes, maps, iteration domains, bodies,
 * terminators and SSA dominance.
 *
 *     ir_verify_module(m);   // inside sp_pcall; raises FILE:LINE:COL errors
 *
 * Every pass output and every read module goes through it; the messages
 * name the op and what is wrong, e.g.
 *   f.mlir:7:8: error: 'linalg.generic' op operand #1 dimension 0 is 8, but loop d2 has 4 iterations
 */
#ifndef SPADC_IR_VERIFY_H
#define SPADC_IR_VERIFY_H

#include "ir.h"

void ir_verify_module(ir_module *m);

#endif
