/* check_bound.h - a running forward-error bound for --check (check.c),
 * private to src/interp.
 *
 * The function is run once more on the same arguments with every element
 * carrying, beside its value, a bound on how far any faithful evaluation of
 * the program -- the reference's, or a target's that sums in another order,
 * contracts a multiply-add, or has its own exp within a few ulps -- may be
 * from the exact result (check_bound.c states the rules and the constants).
 * Two faithful evaluations differ by at most twice it.
 *
 *     interp_value err[nres];
 *     if (check_bound(it, func, args, err)) ... err[r]: result r's bounds,
 *         element by element, typed as the result (float results only
 *         meaningful; release each with interp_release)
 *
 * false when a construct has no rule (a call, a loop, powf, an integer
 * computed from an uncertain float): no bound, the check stands as before.
 */
#ifndef SPADC_INTERP_CHECK_BOUND_H
#define SPADC_INTERP_CHECK_BOUND_H

#include "interp.h"

bool check_bound(interp *it, ir_op *func, const interp_value *args, interp_value *err);

#endif
