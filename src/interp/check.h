/* check.h - the reference interpreter's verdict on a compiled run: the
 * function run on the same arguments by the oracle, every result compared
 * with what the target computed, one line per result.
 *
 *     sp_status v = interp_check(it, func, args, got, -1, &report);  // inside sp_pcall
 *     // v: SP_OK, or SP_EMISMATCH when a result differs beyond its tolerance
 *
 * Tolerance, against the largest reference magnitude of the result: f32 and
 * f64 |err| <= 1e-5 min(1, max|ref|) + rtol * max|ref| (the floor scales
 * with a small result: flushed subnormals show), rtol 1e-4 (1e-2 where a value is
 * rounded to bf16 or f16 anywhere in the function), widened to 4 u sqrt(K)
 * for a reduction of K terms (u = 2^-24: the reference sums in order);
 * integers exactly; a NaN must sit where the reference has one. Past that
 * tolerance a running forward-error bound is computed per element (in
 * functions of at most 2^27 loop steps: its cost is ~100x theirs)
 * (check_bound.h: how far any faithful evaluation, in any summation order,
 * may be from the exact result), and a result whose every element past the
 * tolerance is within twice its bound passes; failing that, the whole
 * reference runs again on inputs moved by +-4 ulps and an error within 4x
 * how far that moves the result passes (rounding the program itself
 * magnifies: probe_sensitivity in check.c); the sampled check has neither.
 *
 * samples: 0 runs the whole reference; N > 0 compares N elements per
 * result (runs of 16 neighbours from seeded random anchors, the first and
 * the last included), each computed from only what it depends on
 * (interp_points); < 0 picks: 256 samples when the whole reference would
 * take more than 2^28 loop steps and the samples' points (an upper bound
 * on their dependence cones, at point evaluation's cost per step) under
 * half of that, else the whole reference.
 */
#ifndef SPADC_INTERP_CHECK_H
#define SPADC_INTERP_CHECK_H

#include "base/strbuf.h"
#include "interp.h"

/* got[r]: result r as the target computed it (tensors borrowed or owned,
 * scalars by value). Appends "check resultR: ..." lines to report. */
sp_status interp_check(interp *it, ir_op *func, const interp_value *args, const interp_value *got, int64_t samples,
                       sp_strbuf *report);

#endif
